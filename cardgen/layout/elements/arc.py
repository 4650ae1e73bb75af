"""`arc`: part of a circle's (or, with `ry`, an ellipse's) edge round (cx, cy), from `start`
to `end` degrees clockwise from up; an open line (fill it and the chord closes it)."""

from typing import ClassVar, Literal

from cardgen.data.declare import Field
from cardgen.layout.drawing import Path
from cardgen.layout.elements.base import Context, Num, Stroked
from cardgen.layout.pathops import arc_ops, outline_path
from cardgen.layout.scope import Scope, number


class ArcElement(Stroked):
    """part of a circle's edge, from one angle to another"""

    type: Literal["arc"]
    cx: Num = 0.0
    cy: Num = 0.0
    r: Num = Field(5.0, description="radius, mm")
    ry: Num | None = Field(None, description="vertical radius, mm, for part of an ellipse")
    start: Num = Field(0.0, description="degrees clockwise from up")
    end: Num = Field(90.0, description="degrees clockwise from up, past start by at most 360")

    WEDGE: ClassVar[bool] = False

    def draw(self, ctx: Context, scope: Scope, dx: float, dy: float) -> None:
        cx, cy = dx + self.number(scope, "cx"), dy + self.number(scope, "cy")
        rx, ry = self.radii(scope)
        ctx.add(Path(self.outline(scope, dx, dy).ops,
                     self.style(ctx, scope, (cx - rx, cy - ry, 2 * rx, 2 * ry), (dx, dy))))

    def radii(self, scope: Scope) -> tuple[float, float]:
        r = self.number(scope, "r")
        return r, (r if self.ry is None else number(scope, self.ry, "ry"))

    def inner_fraction(self, scope: Scope) -> float:
        return 0.0

    def outline(self, scope: Scope, dx: float, dy: float) -> Path:
        rx, ry = self.radii(scope)
        return outline_path(arc_ops(dx + self.number(scope, "cx"), dy + self.number(scope, "cy"),
                                    rx, ry, self.number(scope, "start"), self.number(scope, "end"),
                                    self.inner_fraction(scope), self.WEDGE))
