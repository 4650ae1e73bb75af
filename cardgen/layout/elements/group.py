"""`group`: child elements drawn in a frame moved to (x, y) and turned `rotate` degrees
clockwise there (sideways cards, half-upside-down cards)."""

from typing import Literal

from cardgen.data.declare import Field
from cardgen.data.model import new_list
from cardgen.layout.elements.base import Children, Context, ElementBase, Num
from cardgen.layout.scope import Scope


class GroupElement(ElementBase):
    """its `elements`, moved and turned"""

    type: Literal["group"]
    x: Num = 0.0
    y: Num = 0.0
    rotate: Num = Field(0.0, description="degrees clockwise")
    elements: Children = Field(default_factory=new_list)

    def children(self) -> dict[str, list[ElementBase]]:
        return {"elements": self.elements}

    def draw(self, ctx: Context, scope: Scope, dx: float, dy: float) -> None:
        ctx.turned(self.elements, scope, dx + self.number(scope, "x"),
                   dy + self.number(scope, "y"), self.number(scope, "rotate"))
