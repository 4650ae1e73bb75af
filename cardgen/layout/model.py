"""The typed layout language: a layout file, its settings, and the registry of element types.

A layout file is validated against `TemplateFile` (made without pydantic when plainly valid,
else by its pydantic twin: `cardgen.data.modelkit`; unknown keys, wrong types, unknown
element types and enum values become located Problems with a did-you-mean). Each element type
is a module of `cardgen.layout.elements` whose model its drawing reads, so the keys, types and
defaults the schema and docs show are the ones drawing uses. The same models write the JSON
Schema editors complete from (`cardgen schema`) and the element table of docs/layouts.md.
"""

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, get_args, get_origin

from cardgen.data.declare import Field, PrivateAttr, model_validator
from cardgen.data.model import new_dict, new_list
from cardgen.data.modelkit import model_of
from cardgen.layout.elements import ELEMENT_TYPES
from cardgen.layout.elements.base import Children, Colour, Num, Paint, Pair
from cardgen.layout.located import Located, Strict

if TYPE_CHECKING:
    from pydantic import ModelWrapValidatorHandler

DEFAULT_SIZE: tuple[float, float] = (63.5, 88.9)  # a poker card, mm


OLD_ALIGN = {"start": "left", "middle": "center", "end": "right"}  # the edition mark's old words
ANCHOR = {"left": "start", "center": "middle", "right": "end"}  # align -> a text's anchor at x


class EditionMark(Located):
    """the game and edition, small, bottom right inside the safe area"""

    x: Num | None = Field(None, description="default: the safe area's right edge")
    y: Num | None = Field(None, description="baseline; default: the safe area's bottom")
    size: Num = Field(6.5, description="pt (6 or more reads in print)")
    align: Literal["left", "center", "right"] = Field(
        "right", description="where x is: the mark's left end, centre or right end")
    color: Colour = "#555555"
    _old_align: str | None = PrivateAttr(default=None)

    @model_validator(mode="wrap")
    @classmethod
    def _old_words(cls, data: Any, handler: "ModelWrapValidatorHandler[EditionMark]") -> "EditionMark":
        """`start`, `middle`, `end` (the old words) read as left, center, right (and remembered,
        for the deprecation warning)."""
        old = data.get("align") if isinstance(data, dict) else None
        if isinstance(old, str) and old in OLD_ALIGN:
            data = {**data, "align": OLD_ALIGN[old]}
        mark = handler(data)
        mark._old_align = old if isinstance(old, str) and old in OLD_ALIGN else None
        return mark

    def old_align(self) -> str | None:
        """The old word its `align` was written with (None when written with the new one)."""
        return self._old_align


class Fonts(Strict):
    regular: str | None = Field(None, description="TrueType/OpenType file, relative to the layout")
    bold: str | None = None
    italic: str | None = None


class InkSaver(Strict):
    palette: dict[str, str] = Field(default_factory=new_dict, description="colour name -> '#RRGGBB'")
    drop: list[str] = Field(default_factory=new_list, description="element names not printed")
    background: str | None = Field(None, description="'#RRGGBB' in place of the background")


class HexShape(Strict):
    """shape: hex: flat or pointy top; its size from a preset, flat-to-flat or corner-to-corner
    (a regular hexagon), else the hexagon touching all four sides of `size`"""

    top: Literal["flat", "pointy"] = Field("flat", description="flat: two corners left and right")
    preset: Literal["mini", "small", "medium", "large"] | None = Field(
        None, description="TGC's hex tiles (print-spec 1.3): 1.25, 2, 2.5, 3.75 in across corners")
    flats: float | None = Field(None, gt=0, description="flat-to-flat, mm")
    corners: float | None = Field(None, gt=0, description="corner-to-corner, mm")


class StandeeShape(Strict):
    """a folding standee: the front and back faces become one strip with base tabs"""

    preset: Literal["small", "medium", "large"] | None = Field(
        None, description="TGC's standees: 0.5 x 1.125, 0.75 x 1.675, 1 x 2.25 in (else size)")
    tab: float = Field(12.7, gt=0, le=50, description="depth of each base tab, mm")


class TemplateFile(Strict):
    """One layout file (layouts/<game>/<name>.yaml)."""

    extends: str | None = Field(None, description="another layout; its elements come first")
    size: Pair = Field(DEFAULT_SIZE, description="[width, height] of the trim, mm")
    bleed: float = Field(3.0, ge=0, description="art past the trim, mm")
    safe: float = Field(4.0, ge=0, description="text this far inside the trim, mm")
    sheet: Literal["cards", "large", "tokens", "stickers"] = Field(
        "cards", description="how home print places it")
    shape: Literal["rect", "circle", "hex", "polygon"] = Field(
        "rect", description="the cut line: rect, circle, hex (see hex) or polygon (see points)")
    hex: HexShape | None = Field(None, description="a hex tile's orientation and size")
    points: list[Pair] | None = Field(
        None, description="shape: polygon: its corners [[x, y], ...] in trim mm, 3 or more")
    corner: float = Field(0.0, ge=0, description="rect: the cut line's corner radius, mm")
    standee: StandeeShape | None = Field(
        None, description="front layout only: print front and back as one folding strip")
    background: Paint | None = Field("#FFFFFF", description="fills trim and bleed: a colour or "
                                     "a gradient (placed on the trim)")
    palette: dict[str, str] | None = Field(default_factory=new_dict,
                                           description="colour words -> '#RRGGBB'")
    edition_mark: EditionMark | Literal[False] = Field(
        default_factory=lambda: model_of(EditionMark, {}))
    fonts: Fonts | None = Field(None, description="the layout's own typeface files")
    ink_saver: InkSaver | None = None
    elements: Children = Field(default_factory=new_list)

    def merged_over(self, parent: "TemplateFile") -> "TemplateFile":
        """This layout extending `parent`: the keys it writes win; its elements come after."""
        own = {key: getattr(self, key) for key in self.model_fields_set if key != "extends"}
        own["elements"] = [*parent.elements, *self.elements]
        return parent.model_copy(update=own)



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
