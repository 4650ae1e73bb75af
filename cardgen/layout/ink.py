"""The printer-friendly face (`--ink-saver`): a laid-out Drawing -> one that uses less ink.

Two steps. The template's own `ink_saver:` block (palette entries swapped, elements dropped by
`name`, another background) is applied before layout (`ink_saver_settings`). Then every face
goes through `ink_saved`: the background turns white (or the block's `background`); a fill
covering more than LARGE_FILL of the face (within MIN_LARGE..MAX_LARGE mm²) becomes a light
tint of its colour with a thin outline in the colour itself (a ring too, whatever its box);
a round face keeps its edge as an outline on the trim, so every cut line stays. Whatever is
drawn on a fill that changed keeps its contrast: text under 4.5:1 and icons or strokes under
3:1 against the new colour take the first of (the fill's old colour, black) that reaches it;
a small panel or spot keeps its colour and gets an outline that does.
"""

from __future__ import annotations

from dataclasses import replace
from math import copysign, isfinite
from typing import Any

from cardgen.layout.drawing import (
    IDENTITY,
    Drawing,
    Ellipse,
    Group,
    Matrix,
    Path,
    Primitive,
    Rect,
    Style,
    Text,
)
from cardgen.layout.elements import ElementBase
from cardgen.layout.fonts import PT_TO_MM
from cardgen.layout.lints import compose, contrast, luminance
from cardgen.layout.model import TemplateFile
from cardgen.records import record

LARGE_FILL = 0.02  # of the face's area ...
MIN_LARGE = 60.0  # ... and at least this many mm² (icons and pips stay as they are) ...
MAX_LARGE = 200.0  # ... and at most this many (a die spot on a big mat is large)
TINT = 0.86  # a large fill keeps this little of its colour: mix(colour, white, TINT)
OUTLINE = 0.3  # mm, the outline a tinted fill gets
EDGE = 0.4  # mm, the outline on a round face's trim (its cut line)


def ink_saver_settings(template: TemplateFile) -> tuple[TemplateFile, str]:
    """The template with its `ink_saver:` block applied (palette entries replaced, elements
    named in `drop` removed at any depth, the block's background), and the background colour
    `ink_saved` gives the face (the block's, else white). No block, or an empty one, changes
    nothing."""
    block = template.ink_saver
    if block is None:
        return template, "#FFFFFF"
    changes: dict[str, Any] = {}
    if "palette" in block.model_fields_set:
        changes["palette"] = {**(template.palette or {}), **block.palette}
    if block.background:
        changes["background"] = block.background
    drop = {str(n) for n in block.drop}
    if drop:
        changes["elements"] = _without(template.elements, drop)
    out = template.model_copy(update=changes) if changes else template
    return out, str(block.background or "#FFFFFF")


def _without(elements: list[ElementBase], drop: set[str]) -> list[ElementBase]:
    kept = []
    for el in elements:
        if el.name is not None and el.name in drop:
            continue
        inner = el.children().get("elements")
        if inner is not None:
            el = el.model_copy(update={"elements": _without(inner, drop)})
        kept.append(el)
    return kept


# --------------------------------------------------------------------------- colour


def rgb(colour: str) -> tuple[float, float, float]:
    return (int(colour[1:3], 16) / 255, int(colour[3:5], 16) / 255, int(colour[5:7], 16) / 255)


def tint(colour: str, amount: float = TINT) -> str:
    r, g, b = (c + (1 - c) * amount for c in rgb(colour))
    return f"#{round(r * 255):02X}{round(g * 255):02X}{round(b * 255):02X}"


def readable(colour: str, under: str, old_under: str, minimum: float) -> str:
    """colour, or what replaces it on `under` (which was `old_under` before)."""
    if contrast(colour, under) >= minimum:
        return colour
    for candidate in (old_under, "#000000"):
        if contrast(candidate, under) >= minimum:
            return candidate
    return "#000000"


# --------------------------------------------------------------------------- geometry


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


Bounds = tuple[float, float, float, float]  # x0, y0, x1, y1 in face mm


def bounds(item: Primitive, m: Matrix) -> Bounds | None:
    """The box of a shape's points under the transform m (a path's control points too).

    A path under a transform that only scales (by positive factors) and moves (an icon's group,
    the identity) takes its box from its own points' box, worked out once per path object:
    such a transform keeps the order of the coordinates (rounding is monotone), so the least
    and greatest of the transformed points are the transformed least and greatest, the very
    numbers the walk over every point finds (tested bit for bit)."""
    if isinstance(item, Rect):
        pts = [(item.x, item.y), (item.x + item.w, item.y + item.h)]
    elif isinstance(item, Ellipse):
        pts = [(item.cx - item.rx, item.cy - item.ry), (item.cx + item.rx, item.cy + item.ry)]
    elif isinstance(item, Path):
        a, b, c, d, e, f = m
        if b == 0.0 and c == 0.0 and a > 0.0 and d > 0.0 and _plain_move(a, d, e, f):
            box = _path_box(item)
            if box is not None:
                return a * box[0] + e, d * box[1] + f, a * box[2] + e, d * box[3] + f
        pts = path_points(item)
    else:
        return None
    if not pts:
        return None
    a, b, c, d, e, f = m  # apply(m, x, y) for each point
    xs = [a * x + c * y + e for x, y in pts]
    ys = [b * x + d * y + f for x, y in pts]
    return min(xs), min(ys), max(xs), max(ys)


def _plain_move(a: float, d: float, e: float, f: float) -> bool:
    """Finite factors and moves, neither move -0.0 (which could leave a transformed 0 with
    another sign than the walk over every point gives it)."""
    return (isfinite(a) and isfinite(d) and isfinite(e) and isfinite(f)
            and (e != 0.0 or copysign(1.0, e) > 0.0) and (f != 0.0 or copysign(1.0, f) > 0.0))


class Corners:
    """A path's corners on the face under the transform m (its curves by their end points),
    as the flat tuple x0, y0, x1, y1, ..., or None for an open line or a path of several parts
    (whose bounds stand for it): what the bleed lint tests a sample point against, worked
    out when first read (most of a face's paths, an icon's, lie where no sample point comes).
    Equal to, and hashed as, that tuple or None."""

    __slots__ = ("_done", "_found", "m", "path")

    def __init__(self, path: Path, m: Matrix) -> None:
        self.path, self.m = path, m
        self._found: tuple[float, ...] | None = None
        self._done = False

    def points(self) -> tuple[float, ...] | None:
        if not self._done:
            ops = self.path.ops
            if sum(1 for op in ops if op[0] == "M") == 1 and len(ops) >= 4:
                corners: list[float] = []
                m = self.m
                for op in ops:
                    if op[0] != "Z":
                        corners += apply(m, float(op[-2]), float(op[-1]))
                self._found = tuple(corners)
            self._done = True
        return self._found

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Corners):
            return self.points() == other.points()
        if other is None or isinstance(other, tuple):
            return self.points() == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.points())


def path_points(path: Path) -> list[tuple[float, float]]:
    """Every point a path's operators name (control points too), as floats: worked out once
    per tuple of operators (an icon's path is one object on every face it is drawn on, and
    its copies in other colours share its operators)."""
    return _path_kept(path)[1]


def _path_box(path: Path) -> Bounds | None:
    """The least and greatest x and y of path_points (None: no points, or one not finite)."""
    return _path_kept(path)[2]


def _path_kept(path: Path) -> tuple[object, list[tuple[float, float]], Bounds | None]:
    ops = path.ops
    known = _POINTS.get(id(ops))
    if known is not None and known[0] is ops:
        return known
    pts = [(float(op[1 + 2 * k]), float(op[2 + 2 * k])) for op in ops
           for k in range((len(op) - 1) // 2)]
    box: Bounds | None = None
    if pts:
        xs = [x for x, _ in pts]
        ys = [y for _, y in pts]
        if all(map(isfinite, xs)) and all(map(isfinite, ys)):
            box = (min(xs), min(ys), max(xs), max(ys))
    if len(_POINTS) >= 4096:
        _POINTS.clear()
    known = _POINTS[id(ops)] = (ops, pts, box)
    return known


# id of a path's operators -> (them, held so the id stays theirs; their points: see
# path_points; the points' box)
_POINTS: dict[int, tuple[object, list[tuple[float, float]], Bounds | None]] = {}


@record
class Fill:
    box: Bounds
    old: str
    new: str


@record
class Walk:
    area: float
    fills: list[Fill]

    def under(self, x: float, y: float) -> Fill | None:
        for f in reversed(self.fills):
            x0, y0, x1, y1 = f.box
            if x0 <= x <= x1 and y0 <= y <= y1:
                return f
        return None


# --------------------------------------------------------------------------- the transform


def large(face_area: float) -> float:
    """The area from which a fill counts as large: LARGE_FILL of the face, at least
    MIN_LARGE and at most MAX_LARGE mm²."""
    return min(MAX_LARGE, max(MIN_LARGE, face_area * LARGE_FILL))


def ink_saved(drawing: Drawing, background: str = "#FFFFFF") -> Drawing:
    """A copy of the face with the large fills lightened and contrast kept (module doc)."""
    walk = Walk(drawing.width * drawing.height, [])
    items = [_item(item, IDENTITY, walk, background, first=n == 0)
             for n, item in enumerate(drawing.items)]
    if drawing.shape == "circle":
        items[:2] = [*items[:2], _round_edge(drawing)]
    return replace(drawing, items=items)


def _round_edge(drawing: Drawing) -> Ellipse:
    """A round face's edge, drawn on its trim: its background disc turned white, the cut
    would otherwise show nowhere on a tiled board (the outline in the disc's own colour)."""
    disc = drawing.items[1] if len(drawing.items) > 1 else None
    fill = disc.style.fill if isinstance(disc, Ellipse) else None
    edge = fill if fill and luminance(fill) < 0.8 else "#4B5563"
    r = drawing.width / 2
    return Ellipse(r, drawing.height / 2, r, drawing.height / 2,
                   Style(stroke=edge, stroke_width=EDGE))


def _item(item: Primitive, m: Matrix, walk: Walk, background: str, first: bool = False
          ) -> Primitive:
    if isinstance(item, Group):
        inner = compose(m, item.transform)
        return replace(item, items=tuple(_item(i, inner, walk, background) for i in item.items))
    if isinstance(item, Text):
        return _text(item, m, walk)
    if isinstance(item, Rect | Ellipse | Path):
        return _shape(item, m, walk, background, first)
    return item


def _text(item: Text, m: Matrix, walk: Walk) -> Text:
    x, y = apply(m, item.x, item.y - item.size * PT_TO_MM * 0.35)
    f = walk.under(x, y)
    if f is None or f.old == f.new:
        return item
    return replace(item, color=readable(item.color, f.new, f.old, 4.5))


def _shape(item: Rect | Ellipse | Path, m: Matrix, walk: Walk, background: str, first: bool
           ) -> Primitive:
    style = item.style
    box = bounds(item, m)
    if box is None:
        return item
    area = (box[2] - box[0]) * (box[3] - box[1])
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    f = walk.under(cx, cy)
    new_style = style
    if style.stroke and f is not None and f.old != f.new:
        new_style = replace(new_style, stroke=readable(style.stroke, f.new, f.old, 3.0))
    ring = isinstance(item, Path) and item.fill_rule == "evenodd"  # its box is not its area
    if style.fill:
        if (first or area >= walk.area * 0.98) and not ring:
            new_fill = background
            new_style = replace(new_style, fill=new_fill)
        elif (area >= large(walk.area) or ring) and luminance(style.fill) < 0.8:
            new_fill = tint(style.fill)
            outline = style.stroke or style.fill
            new_style = replace(new_style, fill=new_fill, stroke=outline,
                                stroke_width=style.stroke_width if style.stroke else OUTLINE)
        else:
            new_fill = style.fill
            changed = f is not None and f.old != f.new
            if changed and isinstance(item, Path):  # icons and pips: recoloured
                assert f is not None
                new_fill = readable(style.fill, f.new, f.old, 3.0)
                new_style = replace(new_style, fill=new_fill)
            elif changed and f is not None and contrast(style.fill, f.new) < 3.0:
                # a panel or spot: kept, with an outline that shows it
                edge = readable(style.stroke or style.fill, f.new, f.old, 3.0)
                new_style = replace(new_style, stroke=edge,
                                    stroke_width=style.stroke_width if style.stroke else OUTLINE)
        walk.fills.append(Fill(box, style.fill, new_fill))
        if new_fill != style.fill and style.fill_paint is not None:  # a lighter plain fill
            new_style = replace(new_style, fill_paint=None)
    return replace(item, style=new_style) if new_style != style else item


__all__ = ["Style", "contrast", "ink_saved", "ink_saver_settings", "luminance", "tint"]
