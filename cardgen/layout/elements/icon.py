"""`icon`: an SVG icon (layouts/<game>/icons/<name>.svg, then common/icons/) scaled into a
square; `color` recolours its black parts."""

from typing import Literal

from cardgen.data.declare import Field
from cardgen.errors import Problem
from cardgen.layout.elements.base import Colour, Context, ElementBase, Num
from cardgen.layout.icons import IconError, icon_items
from cardgen.layout.scope import Scope, format_value


class IconElement(ElementBase):
    """an SVG icon scaled into a square"""

    type: Literal["icon"]
    icon: str = Field(description="icon name (layouts/<game>/icons/<name>.svg); may be bound")
    x: Num = 0.0
    y: Num = 0.0
    size: Num = Field(8.0, description="side of the square, mm")
    color: Colour | None = Field(None, description="recolours the icon's black parts")

    def draw(self, ctx: Context, scope: Scope, dx: float, dy: float) -> None:
        name = format_value(scope.text(self.icon))
        if not name:
            return
        size = self.number(scope, "size")
        x, y = dx + self.number(scope, "x"), dy + self.number(scope, "y")
        colour = ctx.ink(scope, self.color, x + size / 2, y + size / 2, None)
        icons = ctx.job.icons
        try:
            items = icon_items(icons.path(name), x, y, size, colour)
        except IconError as exc:
            ctx.problems.append(exc.problem(ctx.where_bound(self, self.icon) or ctx.component.where,
                                            f"{ctx.component.id}.icon"))
            return
        except (SyntaxError, ValueError) as exc:  # xml ParseError is a SyntaxError
            ctx.problem("bad-icon", f"icon '{name}.svg' cannot be read: {exc}", self.icon,
                        "save the icon as plain SVG")
            return
        except FileNotFoundError:  # a name the layout wrote is the layout's mistake, at its line
            where, key = self.key_location("icon") if "{" not in self.icon else (None, None)
            ctx.problems.append(Problem("missing-icon", f"no icon '{name}.svg'",
                                        where=where or ctx.component.where,
                                        path=key or f"{ctx.component.id}.{self.icon}",
                                        hint=icons.hint(name)))
            return
        for item in items:
            ctx.add(item, "icon")
