"""`polygon`: a closed polygon, either regular (`sides` corners on a circle of `radius` round
(cx, cy), the first straight up, turned `rotate` degrees clockwise; with `inner`, a star whose
inner corners lie on a circle of that radius) or through `points`."""

import math
from typing import Literal

from cardgen.data.declare import Field
from cardgen.layout.drawing import Path, PathOp
from cardgen.layout.elements.base import Context, Num, Pair, Stroked
from cardgen.layout.pathops import box_of, outline_path
from cardgen.layout.scope import Scope, number
from cardgen.limits import MAX_REPEAT


class PolygonElement(Stroked):
    """a regular n-gon (or, with `inner`, a star) round a centre, or a polygon through points"""

    type: Literal["polygon"]
    cx: Num = 0.0
    cy: Num = 0.0
    radius: Num = Field(5.0, description="centre to corner, mm")
    sides: Num = Field(6, description="corners of the regular polygon (3 or more); may be bound")
    rotate: Num = Field(0.0, description="degrees clockwise (0: a corner straight up)")
    inner: Num | None = Field(
        None, description="centre to the corners between the points, mm: a star")
    points: list[Pair] | None = Field(
        None, description="[[x, y], ...] mm, 3 or more: this polygon instead of a regular one")

    def draw(self, ctx: Context, scope: Scope, dx: float, dy: float) -> None:
        ops = self.outline(scope, dx, dy).ops
        box = box_of(ops)
        if self.points is None:  # a gradient centred on the centre, not on the corners' box
            r = self.number(scope, "radius")
            box = (dx + self.number(scope, "cx") - r, dy + self.number(scope, "cy") - r, 2 * r, 2 * r)
        ctx.add(Path(ops, self.style(ctx, scope, box, (dx, dy))))

    def outline(self, scope: Scope, dx: float, dy: float) -> Path:
        corners = self.corners(scope)
        ops: list[PathOp] = [("M", dx + corners[0][0], dy + corners[0][1])]
        ops += [("L", dx + x, dy + y) for x, y in corners[1:]]
        ops.append(("Z",))
        return outline_path(ops)

    def inner_radius(self, scope: Scope) -> float | None:
        """The radius of a star's inner corners (None: a plain polygon)."""
        return None if self.inner is None else number(scope, self.inner, "inner")

    def corners(self, scope: Scope) -> list[tuple[float, float]]:
        """Its corners in order, mm, before moving by (dx, dy)."""
        if self.points is not None:
            if not 3 <= len(self.points) <= MAX_REPEAT:
                raise ValueError(f"{len(self.points)} points; a polygon has 3 to {MAX_REPEAT}")
            return [(number(scope, x, "points"), number(scope, y, "points")) for x, y in self.points]
        sides = int(self.number(scope, "sides"))
        if not 3 <= sides <= MAX_REPEAT:
            raise ValueError(f"sides is {sides}; a {self.type} has 3 to {MAX_REPEAT} sides")
        cx, cy, r = self.number(scope, "cx"), self.number(scope, "cy"), self.number(scope, "radius")
        turn = self.number(scope, "rotate")
        inner = self.inner_radius(scope)
        if inner is None:
            radii = [(r, 360.0 * i / sides) for i in range(sides)]
        else:
            if not 0 <= inner <= r:
                raise ValueError(f"inner is {inner:g} mm; a star's inner radius is from 0 to "
                                 f"its radius ({r:g} mm)")
            radii = [(inner if i % 2 else r, 180.0 * i / sides) for i in range(2 * sides)]
        return [(cx + d * math.sin(math.radians(turn + a)), cy - d * math.cos(math.radians(turn + a)))
                for d, a in radii]
