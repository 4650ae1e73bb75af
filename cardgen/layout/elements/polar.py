"""`polar`: child elements once per list item (or `n` times) at `radius` and `angle` (degrees
clockwise from up; evenly spaced by default) round (cx, cy): ring boards, dials, round tracks."""

import math
from typing import ClassVar, Literal

from cardgen.data.declare import Field
from cardgen.data.model import new_list
from cardgen.layout.elements.base import Children, Context, ElementBase, Num
from cardgen.layout.scope import Scope, number


class PolarElement(ElementBase):
    """its `elements` once per list item, round a centre"""

    type: Literal["polar"]
    over: str | None = Field(None, description="a list binding")
    n: Num | None = Field(None, description="a count instead of a list")
    cx: Num = 0.0
    cy: Num = 0.0
    radius: Num = 0.0
    angle: Num | None = Field(None, description="degrees clockwise from up (default: evenly)")
    turn: bool = Field(False, description="turn each item to face outwards")
    elements: Children = Field(default_factory=new_list)

    PER_ITEM: ClassVar[frozenset[str]] = frozenset({"radius", "angle"})
    CHILDREN_PER_ITEM: ClassVar[bool] = True

    def children(self) -> dict[str, list[ElementBase]]:
        return {"elements": self.elements}

    def over_binding(self) -> str | None:
        return self.over

    def counted(self) -> bool:
        return self.n is not None

    def draw(self, ctx: Context, scope: Scope, dx: float, dy: float) -> None:
        items, spec = ctx.items(self, self.over, self.n, scope)
        count = len(items)
        if not count:
            return
        cx, cy = dx + self.number(scope, "cx"), dy + self.number(scope, "cy")
        for i, item in enumerate(items):
            child = scope.child(item, spec, i)
            radius = self.number(child, "radius")
            angle = math.radians(number(child, self.angle, "angle", 360.0 * i / count))
            x = cx + radius * math.sin(angle)
            y = cy - radius * math.cos(angle)
            if self.turn:
                ctx.turned(self.elements, child, x, y, math.degrees(angle))
                continue
            for sub in self.elements:
                ctx.element(sub, child, x, y)
