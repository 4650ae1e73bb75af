"""`rect`: a rectangle, its corners rounded by `radius`."""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from pydantic import Field

from cardgen.layout.drawing import Rect
from cardgen.layout.elements.base import Context, Num, Stroked
from cardgen.layout.scope import Scope


class RectElement(Stroked):
    """a rectangle"""

    type: Literal["rect"]
    x: Num = 0.0
    y: Num = 0.0
    w: Num = 0.0
    h: Num = 0.0
    radius: Num = Field(0.0, description="corner radius, mm")
    opacity: float | None = Field(None, ge=0, le=1, description="0..1 (1: opaque)")

    def draw(self, ctx: Context, scope: Scope, dx: float, dy: float) -> None:
        style = self.style(ctx, scope)
        if self.opacity is not None:
            style = replace(style, opacity=self.opacity)
        ctx.add(Rect(dx + self.number(scope, "x"), dy + self.number(scope, "y"),
                     self.number(scope, "w"), self.number(scope, "h"), style,
                     radius=self.number(scope, "radius")))
