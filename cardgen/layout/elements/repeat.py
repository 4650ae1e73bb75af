"""`repeat`: child elements once per list item (`over`) or `n` times, stepping by `step` mm
(a new row every `columns` items, `row_step` apart); `{item}`, `{index}` and `{parent}` inside."""

from typing import ClassVar, Literal

from cardgen.data.declare import Field
from cardgen.data.model import new_list
from cardgen.errors import Problem
from cardgen.layout.elements.base import Children, Context, ElementBase, Num, Pair
from cardgen.layout.scope import Scope, number


class RepeatElement(ElementBase):
    """its `elements` once per list item (`over`) or `n` times, stepping"""

    type: Literal["repeat"]
    over: str | None = Field(None, description="a list binding, e.g. '{effects}'")
    n: Num | None = Field(None, description="a count instead of a list: `{index}` is 1..n")
    x: Num = 0.0
    y: Num = 0.0
    step: Pair = Field((0.0, 10.0), description="[dx, dy] mm from one item to the next")
    columns: int = Field(0, ge=0, description="start a new row every n items")
    row_step: Pair = Field((0.0, 0.0), description="[dx, dy] mm from one row to the next")
    max: int | None = Field(None, ge=0, description="refuse more items than this")
    elements: Children = Field(default_factory=new_list)

    CHILDREN_PER_ITEM: ClassVar[bool] = True

    def children(self) -> dict[str, list[ElementBase]]:
        return {"elements": self.elements}

    def over_binding(self) -> str | None:
        return self.over

    def counted(self) -> bool:
        return self.n is not None

    def draw(self, ctx: Context, scope: Scope, dx: float, dy: float) -> None:
        items, spec = ctx.items(self, self.over, self.n, scope)
        step_x, step_y = (number(scope, v, "step") for v in self.step)
        limit = len(items) if self.max is None else self.max
        if len(items) > limit:
            ctx.problems.append(Problem(
                "too-many-items", f"{len(items)} items, the layout has room for {limit}",
                where=ctx.component.where, path=f"{ctx.component.id}.{self.over}",
                hint="shorten the list or give the layout more rows"))
        x0, y0 = dx + self.number(scope, "x"), dy + self.number(scope, "y")
        columns = self.columns or len(items) or 1
        row_x, row_y = (number(scope, v, "row_step") for v in self.row_step)
        for i, item in enumerate(items[:limit]):
            child = scope.child(item, spec, i)
            col, row = i % columns, i // columns
            for sub in self.elements:
                ctx.element(sub, child, x0 + col * step_x + row * row_x,
                            y0 + col * step_y + row * row_y)
