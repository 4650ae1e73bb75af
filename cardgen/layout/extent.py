"""Where a primitive reaches on a face: its box in its own coordinates (strokes included), a
box moved by a transform, transforms composed. The lints, the bleed check and `color: auto`
measure with these."""

from __future__ import annotations

from math import copysign, isfinite

from cardgen.layout import fonts
from cardgen.layout.drawing import IDENTITY, Ellipse, Group, Image, Matrix, Primitive, Rect
from cardgen.layout.drawing import Path as PathItem
from cardgen.layout.drawing import Text as TextItem
from cardgen.layout.linebreak import line_width

Box = tuple[float, float, float, float]  # x0, y0, x1, y1


def compose(outer: Matrix, inner: Matrix) -> Matrix:
    a, b, c, d, e, f = outer
    a2, b2, c2, d2, e2, f2 = inner
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2,
            a * e2 + c * f2 + e, b * e2 + d * f2 + f)


def transform_box(m: Matrix, box: Box) -> Box:
    if m is IDENTITY or m == IDENTITY:  # most primitives sit in the face's own frame
        return box
    a, b, c, d, e, f = m
    x0, y0, x1, y1 = box  # its four corners, each moved as a * x + c * y + e, b * x + d * y + f
    xs = (a * x0 + c * y0 + e, a * x1 + c * y0 + e, a * x0 + c * y1 + e, a * x1 + c * y1 + e)
    ys = (b * x0 + d * y0 + f, b * x1 + d * y0 + f, b * x0 + d * y1 + f, b * x1 + d * y1 + f)
    return (min(xs), min(ys), max(xs), max(ys))


def bbox(item: Primitive) -> Box:
    """The extent of a primitive in its own coordinates (strokes included)."""
    if isinstance(item, TextItem):  # a line of text (most primitives)
        width = line_width(item.text, item.font, item.size)  # what fitting measured, kept
        anchor = item.anchor
        x0 = item.x - (width / 2 if anchor == "middle" else width if anchor == "end" else 0.0)
        reach = _REACH.get((item.font, item.size)) or _reach(item.font, item.size)
        return (x0, item.y - reach[0], x0 + width, item.y + reach[1])
    if isinstance(item, Rect):
        s = item.style.stroke_width / 2 if item.style.stroke else 0.0
        return (item.x - s, item.y - s, item.x + item.w + s, item.y + item.h + s)
    if isinstance(item, Ellipse):
        s = item.style.stroke_width / 2 if item.style.stroke else 0.0
        return (item.cx - item.rx - s, item.cy - item.ry - s, item.cx + item.rx + s, item.cy + item.ry + s)
    if isinstance(item, Image):
        return (item.x, item.y, item.x + item.w, item.y + item.h)
    if isinstance(item, PathItem):
        return _path_box(item)
    return _group_box(item)


def _path_box(item: PathItem) -> Box:
    """bbox of a path: its operators' numbers' box, kept per tuple of operators (an icon's paths
    are the same objects on every face, and its copies in other colours share them)."""
    ops = item.ops
    known = _PATH_BOXES.get(id(ops))
    if known is not None and known[0] is ops:
        return known[1]
    xs = [v for op in ops for v in op[1::2] if isinstance(v, float | int)]
    ys = [v for op in ops for v in op[2::2] if isinstance(v, float | int)]
    box = (min(xs), min(ys), max(xs), max(ys)) if xs and ys else (0.0, 0.0, 0.0, 0.0)
    if len(_PATH_BOXES) > 4096:
        _PATH_BOXES.clear()
    _PATH_BOXES[id(ops)] = (ops, box)
    return box


def _group_box(item: Group) -> Box:
    """bbox of a group: its items' boxes moved by its transform."""
    m = item.transform
    a, b, c, d, e, f = m
    if b == 0.0 and c == 0.0 and a > 0.0 and d > 0.0 and m != IDENTITY and _plain_move(a, d, e, f):
        own = _items_box(item.items)
        if own is not None:  # (a scale and move keeps the coordinates' order: _items_box)
            return (a * own[0] + e, d * own[1] + f, a * own[2] + e, d * own[3] + f)
    boxes = [transform_box(m, bbox(i)) for i in item.items]
    if not boxes:
        return (0.0, 0.0, 0.0, 0.0)
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
            max(b[3] for b in boxes))


def _plain_move(a: float, d: float, e: float, f: float) -> bool:
    """Finite factors and moves, neither move -0.0 (see cardgen.layout.ink.bounds)."""
    return (isfinite(a) and isfinite(d) and isfinite(e) and isfinite(f)
            and (e != 0.0 or copysign(1.0, e) > 0.0) and (f != 0.0 or copysign(1.0, f) > 0.0))


def _items_box(items: tuple[Primitive, ...]) -> Box | None:
    """The box round a group's items in the group's own frame, each item's box taken corner
    by corner as transform_box takes it (None: no items, or a number not finite), kept per
    tuple of items (an icon's paths in one colour: one tuple wherever it is placed).

    Under a transform that scales by positive factors and moves (an icon's), a group's box is
    this box transformed: the order of the coordinates is kept (rounding is monotone), so the
    least and greatest of the items' transformed corners are the transformed least and
    greatest, the numbers bbox finds item by item (tested bit for bit)."""
    known = _ITEMS_BOXES.get(id(items))
    if known is not None and known[0] is items:
        return known[1]
    boxes = [bbox(i) for i in items]
    own: Box | None = None
    if boxes and all(isfinite(v) for box in boxes for v in box):
        own = (min(min(b[0], b[2]) for b in boxes), min(min(b[1], b[3]) for b in boxes),
               max(max(b[0], b[2]) for b in boxes), max(max(b[1], b[3]) for b in boxes))
    if len(_ITEMS_BOXES) > 4096:
        _ITEMS_BOXES.clear()
    _ITEMS_BOXES[id(items)] = (items, own)
    return own


# id of a path's operators -> (them, kept alive; their box)
_PATH_BOXES: dict[int, tuple[tuple[object, ...], Box]] = {}
# id of a group's items -> (them, kept alive; their box in the group's frame: _items_box)
_ITEMS_BOXES: dict[int, tuple[tuple[Primitive, ...], Box | None]] = {}
_REACH: dict[tuple[str, float], tuple[float, float]] = {}  # (face, size) -> ascent, descent mm


def _reach(face: str, size: float) -> tuple[float, float]:
    """How far a line of text reaches above and below its baseline (mm), kept per face and size."""
    if len(_REACH) > 4096:
        _REACH.clear()
    found = _REACH[(face, size)] = (fonts.ascent_mm(face, size), fonts.descent_mm(face, size))
    return found
