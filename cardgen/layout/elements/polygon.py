"""`polygon`: a closed polygon, either regular (`sides` corners on a circle of `radius` round
(cx, cy), the first straight up, turned `rotate` degrees clockwise) or through `points`."""

from __future__ import annotations

import math
from typing import Literal

from pydantic import Field

from cardgen.layout.drawing import Path, PathOp
from cardgen.layout.elements.base import Context, Num, Pair, Stroked
from cardgen.layout.scope import Scope, number
from cardgen.limits import MAX_REPEAT


class PolygonElement(Stroked):
    """a regular n-gon round a centre, or a polygon through points"""

    type: Literal["polygon"]
    cx: Num = 0.0
    cy: Num = 0.0
    radius: Num = Field(5.0, description="centre to corner, mm")
    sides: Num = Field(6, description="corners of the regular polygon (3 or more); may be bound")
    rotate: Num = Field(0.0, description="degrees clockwise (0: a corner straight up)")
    points: list[Pair] | None = Field(
        None, description="[[x, y], ...] mm, 3 or more: this polygon instead of a regular one")

    def draw(self, ctx: Context, scope: Scope, dx: float, dy: float) -> None:
        corners = self.corners(scope)
        ops: list[PathOp] = [("M", dx + corners[0][0], dy + corners[0][1])]
        ops += [("L", dx + x, dy + y) for x, y in corners[1:]]
        ops.append(("Z",))
        ctx.add(Path(tuple(ops), self.style(ctx, scope)))

    def corners(self, scope: Scope) -> list[tuple[float, float]]:
        """Its corners in order, mm, before moving by (dx, dy)."""
        if self.points is not None:
            if not 3 <= len(self.points) <= MAX_REPEAT:
                raise ValueError(f"{len(self.points)} points; a polygon has 3 to {MAX_REPEAT}")
            return [(number(scope, x, "points"), number(scope, y, "points")) for x, y in self.points]
        sides = int(self.number(scope, "sides"))
        if not 3 <= sides <= MAX_REPEAT:
            raise ValueError(f"sides is {sides}; a polygon has 3 to {MAX_REPEAT} sides")
        cx, cy, r = self.number(scope, "cx"), self.number(scope, "cy"), self.number(scope, "radius")
        turn = self.number(scope, "rotate")
        angles = (math.radians(turn + 360.0 * i / sides) for i in range(sides))
        return [(cx + r * math.sin(a), cy - r * math.cos(a)) for a in angles]
