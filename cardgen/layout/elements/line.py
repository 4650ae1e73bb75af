"""`line`: a straight line from (x1, y1) to (x2, y2)."""

from typing import Literal

from cardgen.layout.drawing import Path, PathOp
from cardgen.layout.elements.base import Context, Num, Stroked
from cardgen.layout.scope import Scope


class LineElement(Stroked):
    """a straight line"""

    type: Literal["line"]
    x1: Num = 0.0
    y1: Num = 0.0
    x2: Num = 0.0
    y2: Num = 0.0

    def draw(self, ctx: Context, scope: Scope, dx: float, dy: float) -> None:
        ops: tuple[PathOp, ...] = (
            ("M", dx + self.number(scope, "x1"), dy + self.number(scope, "y1")),
            ("L", dx + self.number(scope, "x2"), dy + self.number(scope, "y2")))
        ctx.add(Path(ops, self.style(ctx, scope)))  # a gradient: "a line takes a colour"
