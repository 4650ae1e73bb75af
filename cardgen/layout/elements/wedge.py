"""`wedge`: a pie slice round (cx, cy) from `start` to `end` degrees clockwise from up, closed
through the centre; with `inner` (mm), the slice of a ring instead."""

from typing import ClassVar, Literal

from cardgen.data.declare import Field
from cardgen.layout.elements.arc import ArcElement
from cardgen.layout.elements.base import Num
from cardgen.layout.scope import Scope, number


class WedgeElement(ArcElement):
    """a pie slice (or a ring's slice), closed through the centre"""

    type: Literal["wedge"]  # type: ignore[assignment]
    inner: Num | None = Field(None, description="inner radius, mm: a ring's slice")

    WEDGE: ClassVar[bool] = True

    def inner_fraction(self, scope: Scope) -> float:
        if self.inner is None:
            return 0.0
        inner, r = number(scope, self.inner, "inner"), self.number(scope, "r")
        if not 0 <= inner < r:
            raise ValueError(f"inner is {inner:g} mm; a wedge's inner radius is from 0 to "
                             f"less than r ({r:g} mm)")
        return inner / r
