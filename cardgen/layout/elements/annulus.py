"""`annulus`: a ring band between two radii round (cx, cy), filled even-odd."""

from typing import Literal

from cardgen.layout.drawing import Path, PathOp
from cardgen.layout.elements.base import Context, Num, Stroked
from cardgen.layout.pathops import outline_path
from cardgen.layout.scope import Scope

KAPPA = 0.5522847498  # a quarter circle as one cubic Bézier: control points this far out


class AnnulusElement(Stroked):
    """a ring band between two radii"""

    type: Literal["annulus"]
    cx: Num = 0.0
    cy: Num = 0.0
    inner: Num = 5.0
    outer: Num = 10.0

    def draw(self, ctx: Context, scope: Scope, dx: float, dy: float) -> None:
        cx, cy = dx + self.number(scope, "cx"), dy + self.number(scope, "cy")
        r = self.number(scope, "outer")
        ctx.add(Path(self.outline(scope, dx, dy).ops,
                     self.style(ctx, scope, (cx - r, cy - r, 2 * r, 2 * r), (dx, dy)),
                     fill_rule="evenodd"))

    def outline(self, scope: Scope, dx: float, dy: float) -> Path:
        cx, cy = dx + self.number(scope, "cx"), dy + self.number(scope, "cy")
        ops = circle_ops(cx, cy, self.number(scope, "outer")) + circle_ops(
            cx, cy, self.number(scope, "inner"))
        return outline_path(ops, even_odd=True)


def circle_ops(cx: float, cy: float, r: float) -> list[PathOp]:
    """A circle as four cubic Béziers, starting at its right."""
    k = KAPPA * r
    return [("M", cx + r, cy), ("C", cx + r, cy + k, cx + k, cy + r, cx, cy + r),
            ("C", cx - k, cy + r, cx - r, cy + k, cx - r, cy),
            ("C", cx - r, cy - k, cx - k, cy - r, cx, cy - r),
            ("C", cx + k, cy - r, cx + r, cy - k, cx + r, cy), ("Z",)]
