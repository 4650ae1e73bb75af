"""The typed layout language: a template and every element type, with their keys and types.

A layout file is validated against `TemplateFile` (pydantic; unknown keys, wrong types, unknown
element types and enum values become located Problems with a did-you-mean) and the same model
writes the JSON Schema editors complete from (`cardgen schema`) and the key table of
docs/layouts.md. Drawing reads the validated YAML values, so both see the same keys.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Annotated, Any, Literal, get_args, get_origin

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from cardgen.layout.arith import evaluate

_ARITHMETIC = re.compile(r"^[\d\s.+\-*/()]+$")


def _number_text(value: str) -> str:
    """A number written as text must hold a binding or be arithmetic ("{r} * 2", "174 / 3");
    arithmetic without bindings is worked out now (a division by zero is an error here)."""
    if "{" in value:
        return value
    if _ARITHMETIC.match(value):
        evaluate(value)
        return value
    raise ValueError(f"expected a number, a {{binding}} or arithmetic, got '{value}'")


# A number, or a `{binding}` / arithmetic over bindings ("{diameter_mm} / 2 - 4").
Num = float | Annotated[str, AfterValidator(_number_text)]
Pair = tuple[Num, Num]
# '#RRGGBB', a `{binding}`, a palette word, `auto` (black or white, whichever reads on the fill
# under it; text, icons, the edition mark), or none.
Colour = str


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class _Element(_Strict):
    when: str | bool | int | None = Field(
        None, description="draw only when this binding is set and not empty, false or zero")
    side: Literal["front", "back"] | None = Field(
        None, description="draw only on this face of a double-sided layout")
    name: str | None = Field(None, description="names the element in messages and ink-saver")


class _Stroked(_Element):
    fill: Colour | None = Field(None, description="fill colour")
    stroke: Colour | None = Field(None, description="outline colour")
    stroke_width: float = Field(0.35, description="outline width, mm")
    dash: list[float] | None = Field(None, description="dash pattern, mm on, mm off, ...")


class RectElement(_Stroked):
    """a rectangle"""
    type: Literal["rect"]
    x: Num = 0.0
    y: Num = 0.0
    w: Num = 0.0
    h: Num = 0.0
    radius: Num = Field(0.0, description="corner radius, mm")
    opacity: float | None = Field(None, description="0..1")


class CircleElement(_Stroked):
    """a circle"""
    type: Literal["circle"]
    cx: Num = 0.0
    cy: Num = 0.0
    r: Num = 3.0


class AnnulusElement(_Stroked):
    """a ring band between two radii"""
    type: Literal["annulus"]
    cx: Num = 0.0
    cy: Num = 0.0
    inner: Num = 5.0
    outer: Num = 10.0


class LineElement(_Stroked):
    """a straight line"""
    type: Literal["line"]
    x1: Num = 0.0
    y1: Num = 0.0
    x2: Num = 0.0
    y2: Num = 0.0


class TextElement(_Element):
    """wrapped text fitted to its box; `**bold**`, `*italic*` and `[icon]` inline"""
    type: Literal["text"]
    text: str | int | float = Field("", description="the text; bindings and markup allowed")
    x: Num = 0.0
    y: Num = 0.0
    w: Num = 0.0
    h: Num = 0.0
    size: float = Field(8.0, description="preferred size, pt")
    min_size: float | None = Field(None, description="smallest size it may shrink to, pt")
    font: Literal["regular", "bold", "italic"] = "regular"
    color: Colour = "#1A1A1A"
    align: Literal["left", "center", "right"] = "left"
    valign: Literal["top", "middle", "bottom"] = "top"
    leading: float = Field(1.2, description="line height as a multiple of the size")
    over: str | None = Field(None, description="a list binding: `text` once per item")
    join: str = Field("\n", description="what joins the items of `over`")


class IconElement(_Element):
    """an SVG icon scaled into a square"""
    type: Literal["icon"]
    icon: str = Field(description="icon name (layouts/<game>/icons/<name>.svg); may be bound")
    x: Num = 0.0
    y: Num = 0.0
    size: Num = Field(8.0, description="side of the square, mm")
    color: Colour | None = Field(None, description="recolours the icon's black parts")


class RowElement(_Stroked):
    """n squares or circles in a row: die spots, dots"""
    type: Literal["row"]
    n: Num = Field(0, description="how many; may be bound")
    x: Num = 0.0
    y: Num = 0.0
    size: Num = 5.0
    gap: Num = 1.5
    shape: Literal["square", "circle"] = "square"
    direction: Literal["right", "down"] = "right"
    radius: Num = 1.0


class RepeatElement(_Element):
    """its `elements` once per list item (`over`) or `n` times, stepping"""
    type: Literal["repeat"]
    over: str | None = Field(None, description="a list binding, e.g. '{effects}'")
    n: Num | None = Field(None, description="a count instead of a list: `{index}` is 1..n")
    x: Num = 0.0
    y: Num = 0.0
    step: Pair = Field((0.0, 10.0), description="[dx, dy] mm from one item to the next")
    columns: int = Field(0, ge=0, description="start a new row every n items")
    row_step: Pair = Field((0.0, 0.0), description="[dx, dy] mm from one row to the next")
    max: int | None = Field(None, ge=0, description="refuse more items than this")
    elements: list[Element] = Field(default_factory=list)


class PolarElement(_Element):
    """its `elements` once per list item, round a centre"""
    type: Literal["polar"]
    over: str | None = Field(None, description="a list binding")
    n: Num | None = Field(None, description="a count instead of a list")
    cx: Num = 0.0
    cy: Num = 0.0
    radius: Num = 0.0
    angle: Num | None = Field(None, description="degrees clockwise from up (default: evenly)")
    turn: bool = Field(False, description="turn each item to face outwards")
    elements: list[Element] = Field(default_factory=list)


class GroupElement(_Element):
    """its `elements`, moved and turned"""
    type: Literal["group"]
    x: Num = 0.0
    y: Num = 0.0
    rotate: Num = Field(0.0, description="degrees clockwise")
    elements: list[Element] = Field(default_factory=list)


class ImageElement(_Element):
    """the component's art, or `fallback` elements when it has none"""
    type: Literal["image"]
    field: str = Field("{image}", description="binding of the image path")
    x: Num = 0.0
    y: Num = 0.0
    w: Num = 0.0
    h: Num = 0.0
    fallback: list[Element] = Field(default_factory=list)


Element = Annotated[
    RectElement | CircleElement | AnnulusElement | LineElement | TextElement | IconElement
    | RowElement | RepeatElement | PolarElement | GroupElement | ImageElement,
    Field(discriminator="type")]

ELEMENT_TYPES: dict[str, type[_Element]] = {
    "rect": RectElement, "circle": CircleElement, "annulus": AnnulusElement, "line": LineElement,
    "text": TextElement, "icon": IconElement, "row": RowElement, "repeat": RepeatElement,
    "polar": PolarElement, "group": GroupElement, "image": ImageElement}

# keys holding child elements
CHILD_KEYS = ("elements", "fallback")


class EditionMark(_Strict):
    x: Num | None = Field(None, description="default: the safe area's right edge")
    y: Num | None = Field(None, description="baseline; default: the safe area's bottom")
    size: Num = Field(5.0, description="pt (5 or more)")
    align: Literal["start", "middle", "end"] = "end"
    color: Colour = "#555555"


class Fonts(_Strict):
    regular: str | None = Field(None, description="TrueType/OpenType file, relative to the layout")
    bold: str | None = None
    italic: str | None = None


class InkSaver(_Strict):
    palette: dict[str, str] = Field(default_factory=dict, description="colour name -> '#RRGGBB'")
    drop: list[str] = Field(default_factory=list, description="element names not printed")
    background: str | None = Field(None, description="'#RRGGBB' in place of the background")


class TemplateFile(_Strict):
    """One layout file (layouts/<game>/<name>.yaml)."""

    extends: str | None = Field(None, description="another layout; its elements come first")
    size: Pair | None = Field(None, description="[width, height] of the trim, mm")
    bleed: float | None = Field(None, ge=0, description="art past the trim, mm (default 3)")
    safe: float | None = Field(None, ge=0, description="text this far inside the trim, mm")
    sheet: Literal["cards", "large", "tokens", "stickers"] | None = None
    shape: Literal["rect", "circle"] | None = None
    background: Colour | None = Field(None, description="fills trim and bleed")
    palette: dict[str, str] | None = Field(None, description="colour words -> '#RRGGBB'")
    edition_mark: EditionMark | Literal[False] | None = None
    fonts: Fonts | None = Field(None, description="the layout's own typeface files")
    ink_saver: InkSaver | None = None
    elements: list[Element] = Field(default_factory=list)


def key_table() -> list[tuple[str, str, list[str]]]:
    """(element type, what it draws, its keys) for every element type, as docs/layouts.md lists."""
    rows = []
    for name, cls in ELEMENT_TYPES.items():
        keys = [_key_doc(k, f) for k, f in cls.model_fields.items() if k != "type"]
        rows.append((name, (cls.__doc__ or "").strip(), keys))
    return rows


def _key_doc(key: str, field: Any) -> str:
    annotation = field.annotation
    literal = [str(a) for a in get_args(annotation)] if get_origin(annotation) is Literal else []
    return f"{key}({', '.join(literal)})" if literal else key


def layout_schema() -> dict[str, Any]:
    """The JSON Schema of a layout file (schema/layout.schema.json), for editor completion."""
    return {"$schema": "http://json-schema.org/draft-07/schema#", "title": "cardgen layout",
            **TemplateFile.model_json_schema()}


def write_layout_schema(out_dir: Path) -> Path:
    """Write schema/layout.schema.json; return its path."""
    out_dir.mkdir(exist_ok=True)
    path = out_dir / "layout.schema.json"
    path.write_text(json.dumps(layout_schema(), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


COMMON_KEYS = ("when", "side", "name")


def elements_table() -> str:
    """The Markdown table of element types and keys in docs/layouts.md (a test keeps it equal)."""
    lines = ["| type | draws | keys |", "|---|---|---|"]
    for name, what, keys in key_table():
        own = " ".join(k for k in keys if k.split("(")[0] not in COMMON_KEYS)
        lines.append(f"| `{name}` | {what} | `{own}` |")
    return "\n".join(lines)
