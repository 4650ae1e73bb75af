"""`star`: a regular star of `sides` points round (cx, cy): its points on a circle of
`radius`, the corners between them on a circle of `inner` (default: a five-pointed star's
own proportion, 0.382 of the radius), the first point straight up, turned `rotate` degrees
clockwise. A `polygon` with `inner` draws the same."""

from typing import Literal

from cardgen.data.declare import Field
from cardgen.layout.elements.base import Num
from cardgen.layout.elements.polygon import PolygonElement
from cardgen.layout.scope import Scope, number

STAR_INNER = 0.381966  # a regular pentagram: inner radius / outer radius


class StarElement(PolygonElement):
    """a regular star: points on one circle, the corners between them on a smaller one"""

    type: Literal["star"]  # type: ignore[assignment]
    sides: Num = Field(5, description="points of the star (3 or more); may be bound")
    inner: Num | None = Field(
        None, description="centre to the corners between the points, mm (default 0.382 x radius)")

    def inner_radius(self, scope: Scope) -> float:
        if self.inner is None:
            return STAR_INNER * self.number(scope, "radius")
        return number(scope, self.inner, "inner")
