"""`rect`: a rectangle, its corners rounded by `radius`."""

from typing import Literal

from cardgen.data.declare import Field
from cardgen.layout.drawing import Path, Rect
from cardgen.layout.elements.base import Context, Num, Stroked
from cardgen.layout.scope import Scope


class RectElement(Stroked):
    """a rectangle"""

    type: Literal["rect"]
    x: Num = 0.0
    y: Num = 0.0
    w: Num = 0.0
    h: Num = 0.0
    radius: Num = Field(0.0, description="corner radius, mm")

    def box(self, scope: Scope, dx: float, dy: float) -> tuple[float, float, float, float]:
        return (dx + self.number(scope, "x"), dy + self.number(scope, "y"),
                self.number(scope, "w"), self.number(scope, "h"))

    def draw(self, ctx: Context, scope: Scope, dx: float, dy: float) -> None:
        box = self.box(scope, dx, dy)
        ctx.add(Rect(*box, self.style(ctx, scope, box, (dx, dy)),
                     radius=self.number(scope, "radius")))

    def outline(self, scope: Scope, dx: float, dy: float) -> Path:
        from cardgen.layout.pathops import outline_path, rect_ops

        return outline_path(rect_ops(*self.box(scope, dx, dy), self.number(scope, "radius")))
