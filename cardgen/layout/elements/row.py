"""`row`: n squares or circles in a row or a column (die spots, dots)."""

from typing import Literal

from cardgen.data.declare import Field
from cardgen.layout.drawing import Ellipse, Rect
from cardgen.layout.elements.base import Context, Num, Stroked
from cardgen.layout.scope import Scope
from cardgen.limits import MAX_REPEAT


class RowElement(Stroked):
    """n squares or circles in a row: die spots, dots"""

    type: Literal["row"]
    n: Num = Field(0, description="how many; may be bound")
    x: Num = 0.0
    y: Num = 0.0
    size: Num = 5.0
    gap: Num = 1.5
    shape: Literal["square", "circle"] = "square"
    direction: Literal["right", "down"] = "right"
    radius: Num = 1.0

    def draw(self, ctx: Context, scope: Scope, dx: float, dy: float) -> None:
        n = int(self.number(scope, "n"))
        if not 0 <= n <= MAX_REPEAT:
            raise ValueError(f"n is {n}; a row has 0 to {MAX_REPEAT} shapes")
        size, gap = self.number(scope, "size"), self.number(scope, "gap")
        x0, y0 = dx + self.number(scope, "x"), dy + self.number(scope, "y")
        vertical = self.direction == "down"
        length = n * size + max(0, n - 1) * gap
        style = self.style(ctx, scope, (x0, y0, size if vertical else length,
                                        length if vertical else size), (dx, dy))
        radius = self.number(scope, "radius") if n and self.shape != "circle" else 0.0
        for i in range(n):
            x = x0 + (0 if vertical else i * (size + gap))
            y = y0 + (i * (size + gap) if vertical else 0)
            if self.shape == "circle":
                ctx.add(Ellipse(x + size / 2, y + size / 2, size / 2, size / 2, style), "pip")
            else:
                ctx.add(Rect(x, y, size, size, style, radius=radius), "pip")
