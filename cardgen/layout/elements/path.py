"""`path`: SVG path data (`d`, as a <path> writes it: M, L, H, V, C, S, Q, T, A, Z) in mm,
moved to (x, y) and scaled by `scale`; curves and arcs drawn as cubic Béziers."""

from typing import Literal

from cardgen.data.declare import Field
from cardgen.layout.drawing import Path
from cardgen.layout.elements.base import Context, Num, Stroked
from cardgen.layout.icons import path_data_ops
from cardgen.layout.pathops import box_of, moved_ops, outline_path
from cardgen.layout.scope import Scope, format_value


class PathElement(Stroked):
    """SVG path data in mm: any outline, curves included"""

    type: Literal["path"]
    d: str = Field(description="SVG path data in mm, e.g. \"M 0 0 L 10 0 Q 15 5 10 10 Z\"")
    x: Num = Field(0.0, description="moves the path right, mm")
    y: Num = Field(0.0, description="moves the path down, mm")
    scale: Num = Field(1.0, description="scales the path round (x, y)")
    fill_rule: Literal["nonzero", "evenodd"] = Field(
        "nonzero", description="evenodd: a shape inside another cuts a hole")

    def draw(self, ctx: Context, scope: Scope, dx: float, dy: float) -> None:
        outline = self.outline(scope, dx, dy)
        ctx.add(Path(outline.ops, self.style(ctx, scope, box_of(outline.ops), (dx, dy)),
                     self.fill_rule))

    def outline(self, scope: Scope, dx: float, dy: float) -> Path:
        k = self.number(scope, "scale")
        ops = path_data_ops(format_value(scope.text(self.d)))
        moved = moved_ops(ops, (k, 0.0, 0.0, k, dx + self.number(scope, "x"),
                                dy + self.number(scope, "y")))
        return outline_path(moved, even_odd=self.fill_rule == "evenodd")
