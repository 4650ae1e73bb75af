"""`ellipse`: an ellipse round (cx, cy) with radii rx, ry, turned `rotate` degrees clockwise."""

from typing import Literal

from cardgen.data.declare import Field
from cardgen.layout.drawing import Ellipse, Path
from cardgen.layout.elements.base import Context, Num, Stroked
from cardgen.layout.pathops import box_of, ellipse_ops, outline_path
from cardgen.layout.scope import Scope


class EllipseElement(Stroked):
    """an ellipse, turned at will"""

    type: Literal["ellipse"]
    cx: Num = 0.0
    cy: Num = 0.0
    rx: Num = Field(5.0, description="half its width, mm")
    ry: Num = Field(3.0, description="half its height, mm")
    rotate: Num = Field(0.0, description="degrees clockwise")

    def draw(self, ctx: Context, scope: Scope, dx: float, dy: float) -> None:
        cx, cy = dx + self.number(scope, "cx"), dy + self.number(scope, "cy")
        rx, ry = self.number(scope, "rx"), self.number(scope, "ry")
        if self.number(scope, "rotate") % 180 == 0:
            style = self.style(ctx, scope, (cx - rx, cy - ry, 2 * rx, 2 * ry), (dx, dy))
            ctx.add(Ellipse(cx, cy, rx, ry, style))
            return
        ops = self.outline(scope, dx, dy).ops
        ctx.add(Path(ops, self.style(ctx, scope, box_of(ops), (dx, dy))))

    def outline(self, scope: Scope, dx: float, dy: float) -> Path:
        return outline_path(ellipse_ops(dx + self.number(scope, "cx"), dy + self.number(scope, "cy"),
                                        self.number(scope, "rx"), self.number(scope, "ry"),
                                        self.number(scope, "rotate")))
