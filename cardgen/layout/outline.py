"""The outline of a face: its cut path in mm, the one source every stage cuts, clips and checks by.

`face_outline(drawing, grow)` is the cut line of any face shape (rect, rounded rect, circle, hex,
polygon) as path operators in face mm (origin at the trim's top-left, y down), grown outward by
`grow` mm: 0 is the die line, the face's bleed is the edge art is clipped to. The PDF and SVG
writers clip art to it, home print draws hexes' cut lines and ticks from it, the print-shop
pages draw it as the die line, the lints test the safe area against it, and transparent PNG
faces (print-on-demand, TTS) are cut out along it. `outline_points` gives the same outline as
corners (a circle and rounded corners flattened) for code that needs a polygon.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from cardgen.layout.drawing import Drawing, PathOp

Point = tuple[float, float]

KAPPA = 0.5522847498  # a quarter circle as one cubic Bézier
MITRE_LIMIT = 4.0  # a grown corner sharper than this (times the growth) is cut off square

# TGC's hex tiles, corner-to-corner x flat-to-flat (print-spec 1.3, inches -> mm)
HEX_PRESETS: dict[str, tuple[float, float]] = {
    "mini": (31.75, 27.432),
    "small": (50.8, 44.45),
    "medium": (63.5, 55.88),
    "large": (95.25, 82.55),
}
SQRT3_2 = math.sqrt(3) / 2  # flat-to-flat / corner-to-corner of a regular hexagon


def hex_corners(width: float, height: float, top: str) -> list[Point]:
    """The six corners of the hexagon that touches all four sides of a width x height box,
    clockwise from the left (flat top) or from the top (pointy top)."""
    w, h = width, height
    if top == "pointy":
        return [(w / 2, 0.0), (w, h / 4), (w, 3 * h / 4), (w / 2, h), (0.0, 3 * h / 4),
                (0.0, h / 4)]
    return [(0.0, h / 2), (w / 4, 0.0), (3 * w / 4, 0.0), (w, h / 2), (3 * w / 4, h),
            (w / 4, h)]


def hex_box(top: str, *, preset: str | None = None, flats: float | None = None,
            corners: float | None = None) -> tuple[float, float] | None:
    """The trim box (width, height) of a hex tile given by a preset, its flat-to-flat or its
    corner-to-corner size (a regular hexagon); None when none is given."""
    if preset is not None:
        across, flat = HEX_PRESETS[preset]
    elif flats is not None:
        across, flat = flats / SQRT3_2, flats
    elif corners is not None:
        across, flat = corners, corners * SQRT3_2
    else:
        return None
    return (flat, across) if top == "pointy" else (across, flat)


def signed_area(points: Sequence[Point]) -> float:
    """Positive when the corners run clockwise on the page (y down)."""
    n = len(points)
    return sum(points[i][0] * points[(i + 1) % n][1] - points[(i + 1) % n][0] * points[i][1]
               for i in range(n)) / 2


def offset_polygon(points: Sequence[Point], grow: float) -> list[Point]:
    """The polygon grown outward by `grow` mm (shrunk when negative): every edge moved along its
    outward normal, neighbours meeting in a mitre (a pointed corner whose mitre would be longer
    than MITRE_LIMIT x grow is cut off by two corners; a corner pointing inwards keeps its
    mitre, where the moved edges meet)."""
    if abs(grow) < 1e-12:
        return list(points)
    sign = 1.0 if signed_area(points) > 0 else -1.0
    n = len(points)
    normals = []
    for i in range(n):
        (x0, y0), (x1, y1) = points[i], points[(i + 1) % n]
        length = math.hypot(x1 - x0, y1 - y0) or 1.0
        # outward normal of a clockwise (y down) polygon's edge
        normals.append((sign * (y0 - y1) / length * -1, sign * (x1 - x0) / length * -1))
    out: list[Point] = []
    for i in range(n):
        a, b = normals[i - 1], normals[i]
        x, y = points[i]
        cos = a[0] * b[0] + a[1] * b[1]
        mitre = 1 / math.sqrt(max(1e-9, (1 + cos) / 2))
        (px, py), (qx, qy) = points[i - 1], points[(i + 1) % n]
        convex = sign * ((x - px) * (qy - y) - (y - py) * (qx - x)) * grow > 0
        if mitre > MITRE_LIMIT and convex:
            out += [(x + grow * a[0], y + grow * a[1]), (x + grow * b[0], y + grow * b[1])]
            continue
        mx, my = a[0] + b[0], a[1] + b[1]
        norm = math.hypot(mx, my) or 1.0
        out.append((x + grow * mitre * mx / norm, y + grow * mitre * my / norm))
    return out


def polygon_ops(points: Sequence[Point]) -> tuple[PathOp, ...]:
    """A closed path through the points."""
    ops: list[PathOp] = [("M", points[0][0], points[0][1])]
    ops += [("L", x, y) for x, y in points[1:]]
    ops.append(("Z",))
    return tuple(ops)


def rounded_rect_ops(x: float, y: float, w: float, h: float, r: float) -> tuple[PathOp, ...]:
    """A rectangle with corners of radius r (0: square corners), clockwise from the top left."""
    r = max(0.0, min(r, w / 2, h / 2))
    if r <= 0:
        return polygon_ops([(x, y), (x + w, y), (x + w, y + h), (x, y + h)])
    k = r * KAPPA
    right, bottom = x + w, y + h
    return (("M", x + r, y), ("L", right - r, y),
            ("C", right - r + k, y, right, y + r - k, right, y + r), ("L", right, bottom - r),
            ("C", right, bottom - r + k, right - r + k, bottom, right - r, bottom),
            ("L", x + r, bottom),
            ("C", x + r - k, bottom, x, bottom - r + k, x, bottom - r), ("L", x, y + r),
            ("C", x, y + r - k, x + r - k, y, x + r, y), ("Z",))


def ellipse_ops(cx: float, cy: float, rx: float, ry: float) -> tuple[PathOp, ...]:
    """An ellipse as four cubic Béziers, clockwise from the top."""
    kx, ky = rx * KAPPA, ry * KAPPA
    return (("M", cx, cy - ry), ("C", cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy),
            ("C", cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry),
            ("C", cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy),
            ("C", cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry), ("Z",))


def face_outline(drawing: Drawing, grow: float = 0.0) -> tuple[PathOp, ...]:
    """The face's cut path in face mm (trim top-left at 0, 0; y down), grown outward by `grow`
    mm: a rectangle (rounded by `drawing.corner`), a circle or ellipse, a hexagon or polygon."""
    w, h = drawing.width, drawing.height
    if drawing.shape == "circle":
        return ellipse_ops(w / 2, h / 2, w / 2 + grow, h / 2 + grow)
    if drawing.points:
        return polygon_ops(offset_polygon(drawing.points, grow))
    radius = drawing.corner + grow if drawing.corner > 0 else 0.0
    return rounded_rect_ops(-grow, -grow, w + 2 * grow, h + 2 * grow, radius)


def outline_points(drawing: Drawing, grow: float = 0.0, steps: int = 16) -> list[Point]:
    """The same outline as corners (curves flattened, `steps` points per curve)."""
    return flattened(face_outline(drawing, grow), steps)


def flattened(ops: Sequence[PathOp], steps: int = 16) -> list[Point]:
    """The corners of a closed path of M, L, C and Z (each curve as `steps` straight pieces)."""
    points: list[Point] = []
    for op in ops:
        if op[0] in ("M", "L"):
            points.append((op[1], op[2]))
        elif op[0] == "C":
            (x0, y0), (_, x1, y1, x2, y2, x3, y3) = points[-1], op
            for i in range(1, steps + 1):
                t = i / steps
                u = 1 - t
                points.append((u ** 3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t ** 3 * x3,
                               u ** 3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t ** 3 * y3))
    if len(points) > 1 and math.dist(points[0], points[-1]) < 1e-9:
        points.pop()
    return points


def contains(points: Sequence[Point], x: float, y: float) -> bool:
    """True when (x, y) lies inside the polygon (even-odd rule)."""
    inside = False
    n = len(points)
    for i in range(n):
        (x0, y0), (x1, y1) = points[i], points[(i + 1) % n]
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def distance_to_edge(points: Sequence[Point], x: float, y: float) -> float:
    """The distance from (x, y) to the nearest edge of the polygon."""
    best = math.inf
    n = len(points)
    for i in range(n):
        (x0, y0), (x1, y1) = points[i], points[(i + 1) % n]
        dx, dy = x1 - x0, y1 - y0
        t = max(0.0, min(1.0, ((x - x0) * dx + (y - y0) * dy) / ((dx * dx + dy * dy) or 1.0)))
        best = min(best, math.hypot(x - x0 - t * dx, y - y0 - t * dy))
    return best


def inside_by(points: Sequence[Point], x: float, y: float, margin: float) -> bool:
    """True when (x, y) lies inside the polygon and at least `margin` mm from its edges."""
    return contains(points, x, y) and distance_to_edge(points, x, y) >= margin - 1e-6
