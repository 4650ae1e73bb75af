"""Real bleed: art that touches the trim runs on through the print-shop bleed, and a lint for
faces whose bleed still shows something else than their edge.

`extend_to_bleed` gives every face at least PRINT_BLEED of bleed: the face's bleed grows and
each rectangle reaching a trim edge (at any depth, under translations) is stretched out to
the new bleed edge. `bleed_problems` then samples each trim edge just inside the trim and
just inside the bleed edge: where the colour on top differs, a slightly-off cut would show a
line of the wrong colour, and the face gets a Problem naming the component and its layout.
Round faces (`shape: circle`) are left alone: their bleed is a ring, drawn by the layout; a
hex or polygon face is sampled along each of its edges (cardgen.layout.outline).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, MutableMapping
from dataclasses import replace
from functools import lru_cache
from operator import is_
from typing import Any

from cardgen.errors import Location, Problem
from cardgen.layout.drawing import (
    IDENTITY,
    Drawing,
    Ellipse,
    Group,
    Image,
    Matrix,
    Path,
    Primitive,
    Rect,
    Text,
)
from cardgen.layout.ink import Corners, apply, bounds
from cardgen.layout.lints import compose
from cardgen.layout.outline import signed_area
from cardgen.limits import PRINT_BLEED

EDGE = 0.05  # a rectangle this close to a trim edge touches it
SAMPLES = 24  # points per trim edge
INSET = 0.3  # sample this far inside the trim and inside the bleed edge
_KEPT = (Group, Path)  # whose fills are kept per object (a tuple: tested faster than a union)


def extend_to_bleed(drawing: Drawing, bleed: float = PRINT_BLEED) -> Drawing:
    """The face with at least `bleed` mm of bleed and its edge rectangles stretched into it."""
    b = max(drawing.bleed, bleed)
    w, h, origins = drawing.width, drawing.height, drawing.origins
    items: list[Primitive] = []
    for item in drawing.items:
        kind = type(item)
        if kind is Text or kind is Image or kind is Ellipse or kind is Path:
            items.append(item)  # nothing _extend stretches
        elif not isinstance(item, Rect):
            items.append(_extend(item, drawing, b, IDENTITY))
        else:  # a rectangle: stretched once per object and face size (a kept frame or background)
            key = (id(item), w, h, b)
            known = _STRETCHED.get(key)
            if known is None or known[0] is not item:
                if len(_STRETCHED) >= 4096:
                    _STRETCHED.clear()
                known = _STRETCHED[key] = (item, _extend(item, drawing, b, IDENTITY))
            elif known[1] is not item and id(item) in origins:
                origins[id(known[1])] = origins[id(item)]
            items.append(known[1])
    out = drawing.copied()  # dataclasses.replace, without its field walk
    out.bleed, out.items = b, items
    return out  # origins kept: the stretched added


# (id of a rectangle, face width, height, bleed) -> (it, held so the id stays its own; it as
# extend_to_bleed leaves it: the same object, or one stretched object for every face)
_STRETCHED: dict[tuple[int, float, float, float], tuple[Rect, Primitive]] = {}


class Origins(MutableMapping[int, Any]):
    """A laid-out face's `Drawing.origins`: id of each primitive its elements placed -> the
    `Placed` that drew it (the last, as a dict made from them in order holds), made from the
    face's placed primitives when first read, not on every face: only a face the bleed lint
    finds at fault (or a rectangle stretched for the first time) reads it."""

    def __init__(self, placed: list[Any]) -> None:
        self.placed: list[Any] | None = placed
        self.made: dict[int, Any] = {}

    def _made(self) -> dict[int, Any]:
        if self.placed is not None:
            self.made.update({id(p.item): p for p in self.placed})
            self.placed = None
        return self.made

    def __getitem__(self, key: int) -> Any:
        return self._made()[key]

    def __setitem__(self, key: int, value: Any) -> None:
        self._made()[key] = value

    def __delitem__(self, key: int) -> None:
        del self._made()[key]

    def __iter__(self) -> Iterator[int]:
        return iter(self._made())

    def __len__(self) -> int:
        return len(self._made())


def stretched_sides(drawing: Drawing) -> dict[int, tuple[str, ...]]:
    """id of each rectangle extend_to_bleed stretches -> the trim edges ('left', 'top',
    'right', 'bottom') it stretches it across (the short-of-bleed lint lets those be)."""
    out: dict[int, tuple[str, ...]] = {}
    _stretched(drawing.items, IDENTITY, drawing, out)
    return out


def _stretched(items: tuple[Primitive, ...] | list[Primitive], m: Matrix, drawing: Drawing,
               out: dict[int, tuple[str, ...]]) -> None:
    # a module function, not a closure calling itself: that would be a reference cycle
    # holding the face until the cyclic collector runs
    for item in items:
        if isinstance(item, Group) and _goes_into(item):
            _stretched(item.items, compose(m, item.transform), drawing, out)
        elif isinstance(item, Rect) and item.style.fill:
            sides = _touching(item, m, drawing)
            if any(sides):
                out[id(item)] = tuple(name for name, t in zip(_SIDES, sides, strict=True) if t)


_SIDES = ("left", "top", "right", "bottom")


class Stretched(Mapping[int, tuple[str, ...]]):
    """stretched_sides(drawing), worked out when first read (a lint that needs it is rare)."""

    def __init__(self, drawing: Drawing) -> None:
        self.drawing = drawing
        self.found: dict[int, tuple[str, ...]] | None = None

    def _sides(self) -> dict[int, tuple[str, ...]]:
        found = self.found
        if found is None:
            found = self.found = stretched_sides(self.drawing)
        return found

    def __getitem__(self, key: int) -> tuple[str, ...]:
        return self._sides()[key]

    def __iter__(self) -> Iterator[int]:
        return iter(self._sides())

    def __len__(self) -> int:
        return len(self._sides())


def _goes_into(group: Group) -> bool:
    """extend_to_bleed stretches what is in a group neither clipped, scaled nor turned."""
    return group.clip is None and group.transform[:4] == (1.0, 0.0, 0.0, 1.0)


def _touching(item: Rect, m: Matrix, d: Drawing) -> tuple[bool, bool, bool, bool]:
    """Whether the rectangle (under the translation m) reaches the left, top, right and bottom
    trim edge (within EDGE, or past it)."""
    x0, y0 = item.x + m[4], item.y + m[5]
    return (x0 <= EDGE, y0 <= EDGE, x0 + item.w >= d.width - EDGE, y0 + item.h >= d.height - EDGE)


def _extend(item: Primitive, d: Drawing, b: float, m: Matrix) -> Primitive:
    if isinstance(item, Group):
        if not _goes_into(item):
            return item  # clipped, scaled or turned: leave as drawn
        inner = compose(m, item.transform)
        return replace(item, items=tuple(_extend(i, d, b, inner) for i in item.items))
    if not isinstance(item, Rect) or not item.style.fill:
        return item
    ex, ey = m[4], m[5]
    x0, y0 = item.x + ex, item.y + ey
    x1, y1 = x0 + item.w, y0 + item.h
    left, top, right, bottom = _touching(item, m, d)
    nx0 = -b if left else x0
    ny0 = -b if top else y0
    nx1 = d.width + b if right else x1
    ny1 = d.height + b if bottom else y1
    if (nx0, ny0, nx1, ny1) == (x0, y0, x1, y1):
        return item
    stretched = replace(item, x=nx0 - ex, y=ny0 - ey, w=nx1 - nx0, h=ny1 - ny0)
    if id(item) in d.origins:
        d.origins[id(stretched)] = d.origins[id(item)]
    return stretched


# --------------------------------------------------------------------------- the lint


# (bounds, the shape within them, fill): the shape is an ellipse (cx, cy, rx, ry), a polygon's
# corners (x0, y0, x1, y1, ...; a path's curves by their end points) or None (its bounds)
Shape = tuple[tuple[float, float, float, float], tuple[float, ...] | Corners | None, str]


def flat_fills(drawing: Drawing) -> list[Shape]:
    """Every opaque filled shape in drawing order: (bounds, ellipse (cx, cy, rx, ry), polygon
    or None, fill), face mm; other shapes than rectangles, ellipses and paths count by their
    bounds."""
    return [shape for _, shape in _fills_of(drawing)]


def _shape(item: Primitive, m: Matrix) -> Shape | None:
    """An opaque filled primitive as a Shape under the transform m (None: not one)."""
    style = getattr(item, "style", None)
    fill = getattr(style, "fill", None)
    if not fill or getattr(style, "opacity", 1.0) < 1.0:
        return None
    box = bounds(item, m)
    if box is None:
        return None
    ellipse: tuple[float, ...] | Corners | None = None
    if isinstance(item, Ellipse) and m[1] == m[2] == 0.0:
        cx, cy = apply(m, item.cx, item.cy)
        ellipse = (cx, cy, abs(item.rx * m[0]), abs(item.ry * m[3]))
    elif isinstance(item, Path):
        ellipse = Corners(item, m)  # (worked out for a path a sample point comes into)
    return (box, ellipse, fill)


def colour_at(shapes: list[Shape], x: float, y: float) -> str | None:
    """The fill drawn last over point (x, y)."""
    for (x0, y0, x1, y1), ellipse, fill in reversed(shapes):
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            continue
        if ellipse is not None and not _inside(ellipse, x, y):
            continue
        return fill
    return None


def _inside(shape: tuple[float, ...] | Corners, x: float, y: float) -> bool:
    if isinstance(shape, Corners):
        found = shape.points()
        if found is None:  # an open line or a path of several parts: its bounds stand for it
            return True
        shape = found
    if len(shape) == 4:
        cx, cy, rx, ry = shape
        if not (rx > 0 and ry > 0):
            return False
        dx, dy = (x - cx) / rx, (y - cy) / ry  # squared by multiplying: a tiny radius gives
        return dx * dx + dy * dy <= 1.0  # inf (outside), where ** 2 raises OverflowError
    inside = False
    points = list(zip(shape[0::2], shape[1::2], strict=True))
    for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def edge_mismatches(drawing: Drawing) -> dict[str, int]:
    """side -> how many samples along that trim edge differ from the bleed beyond them."""
    w, h, b = drawing.width, drawing.height, drawing.bleed
    out: dict[str, int] = {}
    if b < INSET * 2:
        return out
    art = [i for i in drawing.items if type(i) is not Text and type(i) is not Image]
    key = (w, h, b, *map(id, art))  # what flat_fills reads: text and images fill nothing
    known = _MISMATCHES.get(key)
    if known is not None and all(map(is_, art, known[0])):  # as many (the key): each the object
        return dict(known[1])
    shapes = flat_fills(drawing)
    strips = {"left": (-b, -b, INSET, h + b), "right": (w - INSET, -b, w + b, h + b),
              "top": (-b, -b, w + b, INSET), "bottom": (-b, h - INSET, w + b, h + b)}
    for side, (sx0, sy0, sx1, sy1) in strips.items():
        near = tuple(s for s in shapes
                     if s[0][0] <= sx1 and s[0][2] >= sx0 and s[0][1] <= sy1 and s[0][3] >= sy0)
        bad = _side_mismatches(side, w, h, b, near)
        if bad:
            out[side] = bad
    if len(_MISMATCHES) >= 1024:
        _MISMATCHES.clear()
    _MISMATCHES[key] = (art, dict(out))
    return out


# (face width, height, bleed, ids of its shapes other than text and images) -> (those
# shapes, held so their ids stay theirs; the face's edge mismatches): the faces of a deck show
# the same few backgrounds and frames, the same objects (cardgen.layout.memo)
_MISMATCHES: dict[tuple[float, ...], tuple[list[Primitive], dict[str, int]]] = {}


def polygon_mismatches(drawing: Drawing) -> dict[str, int]:
    """A hex's or polygon's edges ("edge N", from its first corner) -> how many samples just
    inside the edge differ from the bleed beyond them (along the edge's outward normal)."""
    points, b = drawing.points, drawing.bleed
    out: dict[str, int] = {}
    if b < INSET * 2:
        return out
    shapes = flat_fills(drawing)
    turn = 1.0 if signed_area(points) > 0 else -1.0
    for n, (x0, y0) in enumerate(points):
        x1, y1 = points[(n + 1) % len(points)]
        length = math.hypot(x1 - x0, y1 - y0) or 1.0
        nx, ny = turn * (y1 - y0) / length, -turn * (x1 - x0) / length  # outward
        bad = 0
        for k in range(SAMPLES):
            t = (k + 0.5) / SAMPLES
            x, y = x0 + t * (x1 - x0), y0 + t * (y1 - y0)
            if colour_at(shapes, x - INSET * nx, y - INSET * ny) != colour_at(
                    shapes, x + (b - INSET) * nx, y + (b - INSET) * ny):
                bad += 1
        if bad:
            out[f"edge {n + 1}"] = bad
    return out


@lru_cache(maxsize=1024)
def _side_mismatches(side: str, w: float, h: float, b: float, near: tuple[Shape, ...]) -> int:
    """How many samples along one trim edge differ from the bleed beyond them, given the
    shapes that reach that edge's strip (faces of a deck repeat the same few edges)."""
    if _level(side, w, h, b, near):
        return 0
    shapes = list(near)
    bad = 0
    for k in range(SAMPLES):
        t = (k + 0.5) / SAMPLES
        if side in ("left", "right"):
            y = t * h
            inside = (INSET, y) if side == "left" else (w - INSET, y)
            outside = (-b + INSET, y) if side == "left" else (w + b - INSET, y)
        else:
            x = t * w
            inside = (x, INSET) if side == "top" else (x, h - INSET)
            outside = (x, -b + INSET) if side == "top" else (x, h + b - INSET)
        if colour_at(shapes, *inside) != colour_at(shapes, *outside):
            bad += 1
    return bad


def _level(side: str, w: float, h: float, b: float, near: tuple[Shape, ...]) -> bool:
    """Whether no sample can differ: each shape a rectangle holding both lines they lie on, or neither."""
    across, edge = (0, w) if side in ("left", "right") else (1, h)  # the coordinate across the edge
    inside, outside = (INSET, -b + INSET) if side in ("left", "top") else (edge - INSET, edge + b - INSET)
    return all(shape is None and (box[across] <= inside <= box[across + 2]) == (
        box[across] <= outside <= box[across + 2]) for box, shape, _ in near)


def bleed_problems(drawing: Drawing, component: str, side: str, kind: str,
                   where: Location | None) -> list[Problem]:
    """A Problem when some trim edge of the face is not continued through its bleed: naming the
    element whose art stops at the trim (at its layout line), and where it touches."""
    if drawing.shape == "circle":
        return []
    bad = polygon_mismatches(drawing) if drawing.points else edge_mismatches(drawing)
    if not bad:
        return []
    hint = ("let backgrounds and bands that touch the cut start at -bleed and end at size + "
            "bleed (rectangles that touch the trim are extended automatically); a shape that "
            "should stay inside the card: keep it 1 mm or more inside the trim")
    if drawing.points:  # a hex or polygon face: its edges by number
        edges = ", ".join(f"{edge} ({n}/{SAMPLES} points)" for edge, n in bad.items())
        return [Problem("bleed", f"the {kind} layout's art at the trim does not run on into the "
                        f"bleed: {edges}", where=where, path=f"{component}.{side}", hint=hint)]
    found = _culprits(drawing, bad)
    if not found:
        edges = ", ".join(f"{edge} ({_mm(drawing, edge, n)})" for edge, n in bad.items())
        return [Problem("bleed", f"the {kind} layout's art at the trim does not run on into the "
                        f"bleed: {edges}", where=where, path=f"{component}.{side}", hint=hint)]
    problems = []
    for el, item, sides in found.values():
        at = el.location() if hasattr(el, "location") else None
        label = _element_label(el)
        problems.append(Problem(
            "bleed", f"{label} of the {kind} layout stops at the trim instead of running on into "
            f"the bleed: {_touches(drawing, item, sides)}", where=at or where,
            path=f"{component}.{side}", hint=hint))
    return problems


def _element_label(el: Any) -> str:
    """`the polygon 'diamond'`, or `the rect element` for one without a name."""
    if el is None:
        return "art"
    kind = getattr(el, "type", "element")
    name = getattr(el, "name", None)
    return f"the {kind} '{name}'" if name else f"the {kind} element"


def _mm(drawing: Drawing, edge: str, samples: int) -> str:
    length = drawing.height if edge in ("left", "right") else drawing.width
    return f"{samples * length / SAMPLES:.1f} of {length:g} mm"


def _touches(drawing: Drawing, item: Primitive, sides: dict[str, int]) -> str:
    """Where a shape meets the trim: its corners on the trim edges (a polygon or path), else the
    length of each edge along which it stops."""
    names = ", ".join(sides)
    if isinstance(item, Path):
        corners = _corners_on_trim(drawing, item)
        if corners:
            return f"{corners} corner{'s' if corners != 1 else ''} on the trim ({names})"
    return ", ".join(f"{edge} ({_mm(drawing, edge, n)})" for edge, n in sides.items())


def _corners_on_trim(drawing: Drawing, path: Path) -> int:
    """How many of a path's corners lie on the trim or out past it."""
    w, h = drawing.width, drawing.height
    m = _matrix_of(drawing, path)
    count = 0
    for op in path.ops:
        if op[0] in ("M", "L", "C"):
            x, y = apply(m, float(op[-2]), float(op[-1]))
            if x <= INSET or y <= INSET or x >= w - INSET or y >= h - INSET:  # on or past
                count += 1
    return count


def _matrix_of(drawing: Drawing, item: Primitive) -> Matrix:
    placed = drawing.origins.get(id(item))
    return getattr(placed, "matrix", IDENTITY)


def _culprits(drawing: Drawing, bad: dict[str, int]
              ) -> dict[int, tuple[object, Primitive, dict[str, int]]]:
    """The elements whose shape shows just inside the trim but not in the bleed
    beyond, with its primitive and how many samples of each edge it spoils."""
    if not drawing.origins:
        return {}
    w, h, b = drawing.width, drawing.height, drawing.bleed
    shapes = [(drawing.origins.get(id(item)), item, shape) for item, shape in _fills_of(drawing)]
    out: dict[int, tuple[object, Primitive, dict[str, int]]] = {}
    for edge in bad:
        for k in range(SAMPLES):
            inside, outside = _sample(edge, (k + 0.5) / SAMPLES, w, h, b)
            top = _on_top(shapes, *inside)
            if top is None or top[2][2] == (_fill_at(shapes, *outside) or None):
                continue
            placed, item, _ = top
            el = getattr(placed, "el", None)
            sides = out.setdefault(id(el), (el, item, {}))[2]
            sides[edge] = sides.get(edge, 0) + 1
    return out


def _sample(edge: str, t: float, w: float, h: float, b: float
            ) -> tuple[tuple[float, float], tuple[float, float]]:
    if edge in ("left", "right"):
        y = t * h
        return ((INSET, y), (-b + INSET, y)) if edge == "left" else (
            (w - INSET, y), (w + b - INSET, y))
    x = t * w
    return ((x, INSET), (x, -b + INSET)) if edge == "top" else ((x, h - INSET), (x, h + b - INSET))


def _on_top(shapes: list[tuple[object, Primitive, Shape]], x: float, y: float
            ) -> tuple[object, Primitive, Shape] | None:
    for entry in reversed(shapes):
        (x0, y0, x1, y1), shape, _ = entry[2]
        if x0 <= x <= x1 and y0 <= y <= y1 and (shape is None or _inside(shape, x, y)):
            return entry
    return None


def _fill_at(shapes: list[tuple[object, Primitive, Shape]], x: float, y: float) -> str | None:
    top = _on_top(shapes, x, y)
    return top[2][2] if top is not None else None


def _fills_of(drawing: Drawing) -> list[tuple[Primitive, Shape]]:
    """flat_fills with the primitive each shape is (a group's or path's once per object: an
    icon's, the same object on many faces; text and images fill nothing)."""
    out: list[tuple[Primitive, Shape]] = []
    for item in drawing.items:
        if type(item) is Text or type(item) is Image:
            continue
        if not isinstance(item, _KEPT):
            _fills_walk((item,), IDENTITY, out)
            continue
        known = _ITEM_FILLS.get(id(item))
        if known is None or known[0] is not item:
            found: list[tuple[Primitive, Shape]] = []
            _fills_walk((item,), IDENTITY, found)
            if len(_ITEM_FILLS) >= 4096:
                _ITEM_FILLS.clear()
            known = _ITEM_FILLS[id(item)] = (item, found)
        out += known[1]
    return out


# id of a group or path on a face -> (it, held so the id stays its own; its shapes)
_ITEM_FILLS: dict[int, tuple[Primitive, list[tuple[Primitive, Shape]]]] = {}


def _fills_walk(items: tuple[Primitive, ...] | list[Primitive], m: Matrix,
                out: list[tuple[Primitive, Shape]]) -> None:
    for item in items:
        if isinstance(item, Group):
            _fills_walk(item.items, compose(m, item.transform), out)
            continue
        shape = _shape(item, m)
        if shape is not None:
            out.append((item, shape))


