"""Backend-neutral drawing: the primitives (in mm) that layout produces and renderers draw.

Coordinates are millimetres with the origin at the top-left corner of the trim and y
pointing down. A face's art may extend `bleed` mm past each trim edge (negative coordinates
and coordinates beyond width/height). Text is already wrapped and fitted by layout: a Text is
one line at a baseline; renderers never measure, wrap or shrink.
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping
from dataclasses import field, fields
from typing import Any, Literal, cast

from cardgen.records import record
from cardgen.texts import compiled

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


@record(frozen=True, repr=False)
class Gradient:
    """A paint that shades from colour to colour, in the mm of the shape it fills.

    linear: coords (x1, y1, x2, y2), the colours run along that line and stay constant
    across it; radial: coords (cx, cy, r), the colours run outwards from the centre. Both
    extend their end colours beyond the ends. stops: (offset 0..1, '#RRGGBB'), offsets rising."""

    kind: Literal["linear", "radial"]
    coords: tuple[float, ...]
    stops: tuple[tuple[float, str], ...]

    def colour_at(self, t: float) -> str:
        """The '#RRGGBB' the gradient shows at offset t (what lints read for a gradient)."""
        stops = self.stops
        if t <= stops[0][0]:
            return stops[0][1]
        for (a, ca), (b, cb) in zip(stops, stops[1:], strict=False):
            if t <= b:
                k = 0.0 if b <= a else (t - a) / (b - a)
                mixed = (round(int(ca[i:i + 2], 16) * (1 - k) + int(cb[i:i + 2], 16) * k)
                         for i in (1, 3, 5))
                return "#" + "".join(f"{v:02X}" for v in mixed)
        return stops[-1][1]


@record(frozen=True, repr=False)
class Style:
    """Fill and stroke; colours are '#RRGGBB' or None for none.

    The keys after `opacity` are written in a repr only when they differ from their default
    (face keys hash the repr: faces that use none of them keep their keys): per-paint alpha
    (`#RRGGBBAA`), stroke join and cap, and a gradient that paints the fill instead of `fill`
    (which then holds the gradient's middle colour, for the lints)."""

    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.25  # mm
    dash: tuple[float, ...] | None = None  # mm on, mm off, ...
    opacity: float = 1.0
    fill_alpha: float = field(default=1.0, repr=False)
    stroke_alpha: float = field(default=1.0, repr=False)
    join: Literal["miter", "round", "bevel"] = field(default="miter", repr=False)
    cap: Literal["butt", "round", "square"] = field(default="butt", repr=False)
    fill_paint: Gradient | None = field(default=None, repr=False)


@record(frozen=True, repr=False)
class Rect:
    x: float
    y: float
    w: float
    h: float
    style: Style
    radius: float = 0.0


@record(frozen=True, repr=False)
class Ellipse:
    cx: float
    cy: float
    rx: float
    ry: float
    style: Style


MoveTo = tuple[Literal["M"], float, float]
LineTo = tuple[Literal["L"], float, float]
CurveTo = tuple[Literal["C"], float, float, float, float, float, float]
Close = tuple[Literal["Z"]]
PathOp = MoveTo | LineTo | CurveTo | Close


@record(frozen=True, repr=False)
class Path:
    """ops: ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Z",)."""

    ops: tuple[PathOp, ...]
    style: Style
    fill_rule: str = "nonzero"  # nonzero | evenodd


@record(frozen=True, init=False, repr=False)
class Text:
    """One line of already-fitted text; y is the baseline."""

    x: float
    y: float
    text: str
    font: str  # a font face name registered in cardgen.layout.fonts ("regular", "bold")
    size: float  # points
    color: str = "#000000"
    anchor: str = "start"  # start | middle | end
    # an outline round the letters (drawn over their fill), '#RRGGBB' and mm; in a repr only
    # when set
    stroke: str | None = field(default=None, repr=False)
    stroke_width: float = field(default=0.0, repr=False)
    # letter spacing, mm: after every glyph but the last; in a repr only when set
    spacing: float = field(default=0.0, repr=False)

    def __init__(self, x: float, y: float, text: str, font: str, size: float,
                 color: str = "#000000", anchor: str = "start", stroke: str | None = None,
                 stroke_width: float = 0.0, spacing: float = 0.0) -> None:
        # the fields set at once (a frozen dataclass's own __init__ sets them one by one; a
        # face holds a Text a line)
        d = self.__dict__
        d["x"], d["y"], d["text"], d["font"], d["size"] = x, y, text, font, size
        d["color"], d["anchor"], d["stroke"] = color, anchor, stroke
        d["stroke_width"], d["spacing"] = stroke_width, spacing

    def __reduce__(self) -> tuple[type[Text], tuple[Any, ...]]:
        """Pickled as its fields in order (the face cache holds a Text a line): read back
        through __init__ at once, not as a dictionary set key by key."""
        d = self.__dict__
        return (Text, (d["x"], d["y"], d["text"], d["font"], d["size"], d["color"], d["anchor"],
                       d["stroke"], d["stroke_width"], d["spacing"]))

    def __repr__(self) -> str:
        """The dataclass's repr, and the outline and letter spacing after it when they are set
        (content keys and form names hash reprs: text without them keeps its keys)."""
        extra = f", stroke={self.stroke!r}, stroke_width={self.stroke_width!r}" if self.stroke else ""
        extra += f", spacing={self.spacing!r}" if self.spacing else ""
        return (f"Text(x={self.x!r}, y={self.y!r}, text={self.text!r}, font={self.font!r}, "
                f"size={self.size!r}, color={self.color!r}, anchor={self.anchor!r}{extra})")


@record(frozen=True, repr=False)
class Image:
    x: float
    y: float
    w: float
    h: float
    path: str = field(compare=False, repr=False)  # absolute path to a PNG or JPG
    digest: str = ""  # sha256 of the file: what the face's content key and the PDF name use


@record(frozen=True, repr=False)
class Group:
    """Items drawn under an affine transform (a, b, c, d, e, f) in mm, like SVG's matrix()."""

    items: tuple[Primitive, ...]
    transform: Matrix = IDENTITY
    clip: tuple[float, float, float, float] | None = None  # x, y, w, h before the transform
    # another shape's outline the items are clipped to (before the transform); in a repr only
    # when set
    clip_path: Path | None = field(default=None, repr=False)


Primitive = Rect | Ellipse | Path | Text | Image | Group


@record
class Drawing:
    """One face of one component: trim size, bleed and the primitives, in drawing order."""

    name: str
    width: float
    height: float
    bleed: float = 3.0
    items: list[Primitive] = field(default_factory=list)
    warnings: list[Any] = field(default_factory=list)  # lint Problems (cardgen.layout.lints)
    shape: str = "rect"  # rect | circle | hex | polygon (the trim's shape: its cut line)
    # a hex's or polygon's corners, trim mm; a rectangle's corner radius, mm: the cut line
    # (cardgen.layout.outline); out of the repr, which stays what the golden test pins
    points: tuple[tuple[float, float], ...] = field(default=(), repr=False)
    corner: float = field(default=0.0, repr=False)
    folds: bool = field(default=False, repr=False)  # a standee strip or tuck box: dashed folds
    # id of a primitive -> the element that drew it (cardgen.layout.lints.Placed), while the
    # face is laid out: what the bleed check names
    origins: MutableMapping[int, Any] = field(default_factory=dict, repr=False, compare=False)

    def add(self, item: Primitive) -> None:
        self.items.append(item)

    def copied(self) -> Drawing:
        """A shallow copy (copy.copy's result, without its reduce protocol)."""
        out = object.__new__(Drawing)
        out.__dict__.update(self.__dict__)
        return out

    @property
    def bleed_box(self) -> tuple[float, float, float, float]:
        """x, y, w, h of the area art covers, in drawing coordinates."""
        b = self.bleed
        return (-b, -b, self.width + 2 * b, self.height + 2 * b)


def _plain_repr(cls: type, written: dict[str, str] | None = None) -> None:
    """Give a frozen primitive the repr dataclass writes, without its recursion guard.

    Face keys hash the repr of every primitive of a face (render.pdf.face_key), and the guard
    costs more than the formatting; primitives cannot contain themselves, so the text is the
    same, character for character. Fields kept out of the repr (repr=False) are written after
    the others when they differ from their default; a field named in `written` is written by
    the function it names (`_kept_text`, `float_text`, `floats_text`: the same text, kept)."""
    names = [f.name for f in fields(cls) if f.repr]
    written = written or {}
    body = ", ".join(f"{n}={{{written[n]}(self.{n})}}" if n in written else f"{n}={{self.{n}!r}}"
                     for n in names)
    extra = [f for f in fields(cls) if not f.repr and f.compare]
    # each left-out field inline, compared with its default bound in the function's globals
    # (no defaults looked up per call)
    tail = "".join(f"{{'' if self.{f.name} == _d{k} else ', {f.name}=' + repr(self.{f.name})}}"
                   for k, f in enumerate(extra))
    namespace: dict[str, object] = {}
    glob: dict[str, object] = {f"_d{k}": f.default for k, f in enumerate(extra)}
    glob.update(_kept_text=_kept_text, float_text=float_text, floats_text=floats_text)
    exec(compiled(f"def __repr__(self):\n    return self.__class__.__qualname__ + f\"({body}{tail})\"\n"),
         glob, namespace)
    setattr(cls, "__repr__", namespace["__repr__"])  # noqa: B010


def _kept_text(ops: tuple[object, ...]) -> str:
    """repr(ops), kept per tuple object: a path's operators are one tuple for every copy of an
    icon recoloured (cardgen.layout.icons), their numbers written once (a float's repr is
    the costly part of a face key: a short icon path's few numbers are kept too)."""
    if len(ops) < KEPT_OPS:
        return repr(ops)
    found = _OPS_TEXTS.get(id(ops))
    if found is not None and found[0] is ops:
        return found[1]
    text = _ops_repr(ops)
    if len(_OPS_TEXTS) >= 4096:
        _OPS_TEXTS.clear()
    _OPS_TEXTS[id(ops)] = (ops, text)
    return text


def _ops_repr(ops: tuple[object, ...]) -> str:
    """repr(ops) for two operators or more, character for character, each float written as
    `float_text` keeps it (icons' outlines repeat their numbers: a rounded corner's, a grid's)."""
    parts: list[str] = []
    add, heads, text, plain = parts.append, _OP_HEADS, FLOAT_TEXTS.__getitem__, _PLAIN_OP
    op: Any
    for op in ops:
        head = heads.get(op[0]) if type(op) is tuple and len(op) > 1 else None  # noqa: E721
        if head is None or set(map(type, op)) != plain:  # a close, or numbers not all floats
            add(repr(op))
            continue
        add(head + ", ".join(map(text, op[1:])) + ")")
    return "(" + ", ".join(parts) + ")"


def floats_text(values: object) -> str:
    """repr(values) for a tuple of floats (a group's transform), each written by `float_text`."""
    if type(values) is not tuple or len(values) < 2:  # noqa: E721  (a 1-tuple's comma)
        return repr(values)
    return "(" + ", ".join([float_text(v) for v in cast("tuple[object, ...]", values)]) + ")"


class _FloatTexts(dict[float, str]):
    """A non-zero float -> its repr; a float not kept is written (and kept) when looked up."""

    def __missing__(self, value: float) -> str:
        return float_text(value)


def float_text(value: object) -> str:
    """repr(value), kept by value for a non-zero float: never served to an int (1 == 1.0) or to
    a zero (0.0 == -0.0, written apart)."""
    text: str | None = FLOAT_TEXTS.get(value)  # type: ignore[call-overload]
    if text is None or type(value) is not float:  # noqa: E721
        text = repr(value)
        if type(value) is float and value:  # noqa: E721
            if len(FLOAT_TEXTS) >= FLOATS_KEPT:
                FLOAT_TEXTS.clear()
            FLOAT_TEXTS[value] = text
    return text


KEPT_OPS = 2  # operators from which a path's are written once per tuple (a lone move: as it is)
# id of a path's operators -> (them, held so the id stays theirs; their repr)
_OPS_TEXTS: dict[int, tuple[tuple[object, ...], str]] = {}
_OP_HEADS = {name: f"({name!r}, " for name in ("M", "L", "C")}  # an operator's text to its numbers
_PLAIN_OP = {str, float}  # the types of an operator whose numbers are all floats
FLOATS_KEPT = 8192  # float texts kept (emptied when full)
FLOAT_TEXTS = _FloatTexts()  # a non-zero float -> its repr

_FLOATS = "float_text"
_plain_repr(Gradient)
_plain_repr(Text)
_plain_repr(Style, {"stroke_width": _FLOATS, "opacity": _FLOATS})
_plain_repr(Rect, dict.fromkeys(("x", "y", "w", "h", "radius"), _FLOATS))
_plain_repr(Ellipse, dict.fromkeys(("cx", "cy", "rx", "ry"), _FLOATS))
_plain_repr(Image, dict.fromkeys(("x", "y", "w", "h"), _FLOATS))
_plain_repr(Group, {"transform": "floats_text"})
_plain_repr(Path, {"ops": "_kept_text"})


def _kept_repr(cls: type) -> None:
    """A repr kept per object, for a primitive whose repr is long and whose objects are shared
    (an icon's path, the same object on every face that shows the icon, hundreds of numbers
    long): face keys and the PDF writer's shape memo read it once per object, not per face.
    The reprs of the four classes are kept in one dictionary, KEPT_REPRS, which face keys read
    directly (render/facekey.py)."""
    plain = cast("Callable[[object], str]", cls.__repr__)
    kept = KEPT_REPRS

    def __repr__(self: object) -> str:
        found = kept.get(id(self))
        if found is not None and found[0] is self:
            return found[1]
        text = plain(self)
        if len(kept) >= REPRS_KEPT:
            kept.clear()
        kept[id(self)] = (self, text)
        return text

    setattr(cls, "__repr__", __repr__)  # noqa: B010


REPRS_KEPT = 4 * 4096  # reprs kept (of the four classes together) before starting again
# id of a primitive -> (it, held so its id stays its own; its repr), for those of the classes
# below whose repr was asked for
KEPT_REPRS: dict[int, tuple[object, str]] = {}
_kept_repr(Path)
_kept_repr(Group)  # an icon's group: one object on every face that shows the icon there
_kept_repr(Rect)  # a frame or background the layout memo keeps: one object on many faces
_kept_repr(Ellipse)
