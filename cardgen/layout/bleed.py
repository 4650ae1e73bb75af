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
from dataclasses import replace
from functools import lru_cache

from cardgen.errors import Location, Problem
from cardgen.layout.drawing import IDENTITY, Drawing, Ellipse, Group, Matrix, Primitive, Rect
from cardgen.layout.ink import apply, bounds
from cardgen.layout.lints import compose
from cardgen.layout.outline import signed_area
from cardgen.limits import PRINT_BLEED

EDGE = 0.05  # a rectangle this close to a trim edge touches it
SAMPLES = 24  # points per trim edge
INSET = 0.3  # sample this far inside the trim and inside the bleed edge


def extend_to_bleed(drawing: Drawing, bleed: float = PRINT_BLEED) -> Drawing:
    """The face with at least `bleed` mm of bleed and its edge rectangles stretched into it."""
    b = max(drawing.bleed, bleed)
    items = [_extend(item, drawing, b, IDENTITY) for item in drawing.items]
    return replace(drawing, bleed=b, items=items)


def stretched_sides(drawing: Drawing) -> dict[int, tuple[str, ...]]:
    """id of each rectangle extend_to_bleed stretches -> the trim edges ('left', 'top',
    'right', 'bottom') it stretches it across (the short-of-bleed lint lets those be)."""
    out: dict[int, tuple[str, ...]] = {}

    def walk(items: tuple[Primitive, ...] | list[Primitive], m: Matrix) -> None:
        for item in items:
            if isinstance(item, Group) and _goes_into(item):
                walk(item.items, compose(m, item.transform))
            elif isinstance(item, Rect) and item.style.fill:
                sides = _touching(item, m, drawing)
                if any(sides):
                    out[id(item)] = tuple(name for name, t in zip(_SIDES, sides, strict=True) if t)

    walk(drawing.items, IDENTITY)
    return out


_SIDES = ("left", "top", "right", "bottom")


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
    return replace(item, x=nx0 - ex, y=ny0 - ey, w=nx1 - nx0, h=ny1 - ny0)


# --------------------------------------------------------------------------- the lint


Shape = tuple[tuple[float, float, float, float], tuple[float, float, float, float] | None, str]


def flat_fills(drawing: Drawing) -> list[Shape]:
    """Every opaque filled shape in drawing order: (bounds, ellipse (cx, cy, rx, ry) or None,
    fill), face mm; other shapes than rectangles and ellipses count by their bounds."""
    out: list[Shape] = []

    def walk(items: tuple[Primitive, ...] | list[Primitive], m: Matrix) -> None:
        for item in items:
            if isinstance(item, Group):
                walk(item.items, compose(m, item.transform))
                continue
            style = getattr(item, "style", None)
            fill = getattr(style, "fill", None)
            if not fill or getattr(style, "opacity", 1.0) < 1.0:
                continue
            box = bounds(item, m)
            if box is None:
                continue
            ellipse = None
            if isinstance(item, Ellipse) and m[1] == m[2] == 0.0:
                cx, cy = apply(m, item.cx, item.cy)
                ellipse = (cx, cy, abs(item.rx * m[0]), abs(item.ry * m[3]))
            out.append((box, ellipse, fill))

    walk(drawing.items, IDENTITY)
    return out


def colour_at(shapes: list[Shape], x: float, y: float) -> str | None:
    """The fill drawn last over point (x, y)."""
    for (x0, y0, x1, y1), ellipse, fill in reversed(shapes):
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            continue
        if ellipse is not None:
            cx, cy, rx, ry = ellipse
            if rx <= 0 or ry <= 0 or ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 > 1.0:
                continue
        return fill
    return None


def edge_mismatches(drawing: Drawing) -> dict[str, int]:
    """side -> how many samples along that trim edge differ from the bleed beyond them."""
    w, h, b = drawing.width, drawing.height, drawing.bleed
    out: dict[str, int] = {}
    if b < INSET * 2:
        return out
    shapes = flat_fills(drawing)
    strips = {"left": (-b, -b, INSET, h + b), "right": (w - INSET, -b, w + b, h + b),
              "top": (-b, -b, w + b, INSET), "bottom": (-b, h - INSET, w + b, h + b)}
    for side, (sx0, sy0, sx1, sy1) in strips.items():
        near = tuple(s for s in shapes
                     if s[0][0] <= sx1 and s[0][2] >= sx0 and s[0][1] <= sy1 and s[0][3] >= sy0)
        bad = _side_mismatches(side, w, h, b, near)
        if bad:
            out[side] = bad
    return out


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


def bleed_problems(drawing: Drawing, component: str, side: str, kind: str,
                   where: Location | None) -> list[Problem]:
    """A Problem when some trim edge of the face is not continued through its bleed."""
    if drawing.shape == "circle":
        return []
    bad = polygon_mismatches(drawing) if drawing.points else edge_mismatches(drawing)
    if not bad:
        return []
    edges = ", ".join(f"{edge} ({n}/{SAMPLES} points)" for edge, n in bad.items())
    return [Problem(
        "bleed", f"the {kind} layout's art at the trim does not run on into the bleed: {edges}",
        where=where, path=f"{component}.{side}",
        hint="let backgrounds and bands that touch the cut start at -bleed and end at "
             "size + bleed (rectangles that touch the trim are extended automatically)")]
