"""Shape outlines as path operators (mm, y down): what the shape elements draw and what
`clip:` clips to. Circles and ellipses are four cubic Béziers, arcs a Bézier per quarter turn
at most; angles are degrees clockwise from up, as everywhere in the layout language.
"""

from __future__ import annotations

import math

from cardgen.layout.drawing import Matrix, Path, PathOp, Style

KAPPA = 0.5522847498  # a quarter circle as one cubic Bézier: control points this far out


def rect_ops(x: float, y: float, w: float, h: float, radius: float = 0.0) -> list[PathOp]:
    """A rectangle, its corners rounded by `radius` (at most half its shorter side)."""
    r = max(0.0, min(radius, w / 2, h / 2))
    if r == 0:
        return [("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",)]
    k = (1 - KAPPA) * r
    return [("M", x + r, y), ("L", x + w - r, y), ("C", x + w - k, y, x + w, y + k, x + w, y + r),
            ("L", x + w, y + h - r), ("C", x + w, y + h - k, x + w - k, y + h, x + w - r, y + h),
            ("L", x + r, y + h), ("C", x + k, y + h, x, y + h - k, x, y + h - r),
            ("L", x, y + r), ("C", x, y + k, x + k, y, x + r, y), ("Z",)]


def ellipse_ops(cx: float, cy: float, rx: float, ry: float, rotate: float = 0.0) -> list[PathOp]:
    """An ellipse round (cx, cy), turned `rotate` degrees clockwise, starting at its right."""
    kx, ky = KAPPA * rx, KAPPA * ry
    local: list[PathOp] = [("M", rx, 0.0), ("C", rx, ky, kx, ry, 0.0, ry), ("C", -kx, ry, -rx, ky, -rx, 0.0),
             ("C", -rx, -ky, -kx, -ry, 0.0, -ry), ("C", kx, -ry, rx, -ky, rx, 0.0)]
    a = math.radians(rotate)
    matrix: Matrix = (math.cos(a), math.sin(a), -math.sin(a), math.cos(a), cx, cy)
    return [*moved_ops(local, matrix), ("Z",)]


def arc_ops(cx: float, cy: float, rx: float, ry: float, start: float, end: float,
            inner: float = 0.0, wedge: bool = False) -> list[PathOp]:
    """The arc of an ellipse from `start` to `end` degrees (clockwise from up; end past start
    by at most a turn). wedge: closed through the centre (a pie slice), or, with `inner`
    (a fraction 0..1 of the radii), a ring's segment."""
    sweep = end - start
    if not 0 < sweep <= 360:
        raise ValueError(f"an arc runs from start {start:g} to end {end:g} degrees: end must "
                         "be past start by at most 360")
    outer = _arc_curve(cx, cy, rx, ry, start, sweep)
    if not wedge:
        return outer
    if inner <= 0:
        return [*outer, ("L", cx, cy), ("Z",)]
    back = _arc_curve(cx, cy, rx * inner, ry * inner, end, -sweep)
    first = back[0]
    assert first[0] == "M"
    return [*outer, ("L", first[1], first[2]), *back[1:], ("Z",)]


def _arc_curve(cx: float, cy: float, rx: float, ry: float, start: float, sweep: float
               ) -> list[PathOp]:
    pieces = max(1, math.ceil(abs(sweep) / 90 - 1e-9))
    step = math.radians(sweep / pieces)
    k = 4 / 3 * math.tan(step / 4)

    def at(a: float) -> tuple[float, float, float, float]:  # point and its tangent
        return (cx + rx * math.sin(a), cy - ry * math.cos(a), rx * math.cos(a), ry * math.sin(a))

    a0 = math.radians(start)
    x, y, tx, ty = at(a0)
    ops: list[PathOp] = [("M", x, y)]
    for i in range(1, pieces + 1):
        x1, y1 = x + k * tx, y + k * ty
        x, y, tx, ty = at(a0 + i * step)
        ops.append(("C", x1, y1, x - k * tx, y - k * ty, x, y))
    return ops


def moved_ops(ops: list[PathOp] | tuple[PathOp, ...], m: Matrix) -> list[PathOp]:
    """Path operators with every point put through the matrix."""
    a, b, c, d, e, f = m
    out: list[PathOp] = []
    for op in ops:
        coords = op[1:]
        points = [(a * x + c * y + e, b * x + d * y + f)
                  for x, y in zip(coords[::2], coords[1::2], strict=True)]
        out.append((op[0], *(v for p in points for v in p)))  # type: ignore[arg-type]
    return out


def inverse(m: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    det = a * d - b * c
    if det == 0:
        raise ValueError("a frame scaled to nothing cannot clip")
    ia, ib, ic, id_ = d / det, -b / det, -c / det, a / det
    return (ia, ib, ic, id_, -(ia * e + ic * f), -(ib * e + id_ * f))


def outline_path(ops: list[PathOp], even_odd: bool = False) -> Path:
    """An outline as an unpainted Path (a clip's shape)."""
    return Path(tuple(ops), Style(), "evenodd" if even_odd else "nonzero")


def box_of(ops: list[PathOp] | tuple[PathOp, ...]) -> tuple[float, float, float, float]:
    """The x, y, w, h the points of an outline span (control points included)."""
    xs = [float(v) for op in ops for v in op[1::2]]
    ys = [float(v) for op in ops for v in op[2::2]]
    if not xs:
        return (0.0, 0.0, 0.0, 0.0)
    return (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
