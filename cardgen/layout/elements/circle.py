"""`circle`: a circle round (cx, cy)."""

from typing import Literal

from cardgen.layout.drawing import Ellipse, Path
from cardgen.layout.elements.base import Context, Num, Stroked
from cardgen.layout.scope import Scope


class CircleElement(Stroked):
    """a circle"""

    type: Literal["circle"]
    cx: Num = 0.0
    cy: Num = 0.0
    r: Num = 3.0

    def draw(self, ctx: Context, scope: Scope, dx: float, dy: float) -> None:
        r = self.number(scope, "r")
        cx, cy = dx + self.number(scope, "cx"), dy + self.number(scope, "cy")
        ctx.add(Ellipse(cx, cy, r, r, self.style(ctx, scope, (cx - r, cy - r, 2 * r, 2 * r),
                                                 (dx, dy))))

    def outline(self, scope: Scope, dx: float, dy: float) -> Path:
        from cardgen.layout.pathops import ellipse_ops, outline_path

        r = self.number(scope, "r")
        return outline_path(ellipse_ops(dx + self.number(scope, "cx"),
                                        dy + self.number(scope, "cy"), r, r))
