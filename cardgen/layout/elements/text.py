"""`text`: wrapped text fitted to its box (shrunk down to `min_size`), with `**bold**`,
`*italic*` and `[icon]` inline; with `over`, its text once per list item, joined."""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from cardgen.layout import text
from cardgen.layout.drawing import Group, Primitive
from cardgen.layout.elements.base import Colour, Context, ElementBase, Num
from cardgen.layout.guards import text_sizes
from cardgen.layout.icons import icon_items
from cardgen.layout.scope import Scope, format_value
from cardgen.limits import MAX_TEXT_CHARS

INK = "#1A1A1A"  # text colour when none is given
HYPHENATE_WORDS = 6  # a text of this many words or more is body text: hyphenated by default


class TextElement(ElementBase):
    """wrapped text fitted to its box; `**bold**`, `*italic*` and `[icon]` inline"""

    type: Literal["text"]
    text: str | int | float | None = Field(
        None, description="the text; bindings and markup allowed (default: {item} with over)")
    x: Num = 0.0
    y: Num = 0.0
    w: Num = 0.0
    h: Num = 0.0
    size: float = Field(8.0, description="preferred size, pt")
    min_size: float | None = Field(None, description="smallest size it may shrink to, pt")
    font: Literal["regular", "bold", "italic"] = "regular"
    color: Colour = INK
    align: Literal["left", "center", "right", "justify"] = Field(
        "left", description="justify: every line but a paragraph's last spans the box")
    valign: Literal["top", "middle", "bottom"] = "top"
    leading: float = Field(1.2, description="line height as a multiple of the size")
    hyphenate: bool | None = Field(
        None, description="break words at hyphenation points of the game's language "
        "(default: in body text of 6 words or more)")
    over: str | None = Field(None, description="a list binding: `text` once per item")
    join: str = Field("\n", description="what joins the items of `over`")

    PER_ITEM: ClassVar[frozenset[str]] = frozenset({"text"})

    def over_binding(self) -> str | None:
        return self.over

    def written(self) -> str | int | float:
        """The text as written; `{item}` for a list, else nothing, when none is."""
        if self.text is not None:
            return self.text
        return "{item}" if self.over is not None else ""

    def draw(self, ctx: Context, scope: Scope, dx: float, dy: float) -> None:
        value = self.value(ctx, scope)
        if not value.strip():
            return
        name = self.name if self.name is not None else (
            str(self.text) if self.text is not None else "text")
        if len(value) > MAX_TEXT_CHARS:
            ctx.problem("text-overflow", f"text of {len(value)} characters; a text element holds "
                        f"at most {MAX_TEXT_CHARS}", name,
                        "shorten the text; a card holds a few hundred characters")
            return
        face = ctx.job.family.face(self.font)
        if not ctx.inline_icons(value, name) or not ctx.glyphs(value, face, name):
            return
        self.place(ctx, scope, value, face, name, (dx, dy))

    def place(self, ctx: Context, scope: Scope, value: str, face: str, name: str,
              at: tuple[float, float]) -> None:
        x, y = at[0] + self.number(scope, "x"), at[1] + self.number(scope, "y")
        w, h = self.number(scope, "w"), self.number(scope, "h")
        size, min_size, leading = text_sizes(self.size, self.min_size, self.leading)
        try:
            fitted = text.fit(value, w, h, size=size, min_size=min_size, face=face,
                              leading=leading, family=ctx.job.family,
                              language=self.language(ctx, value))
        except text.TextOverflow as exc:
            shown = self.min_size if self.min_size is not None else self.size
            ctx.problem("text-overflow", f"text does not fit its box at {shown:g} pt: "
                        f"{exc.describe()}", name,
                        "shorten the text, or give the element more room or a smaller min_size")
            return
        colour = ctx.ink(scope, self.color, x + w / 2, y + h / 2, INK) or INK
        icons = ctx.job.icons

        def inline_icon(icon: str, ix: float, iy: float, side: float) -> list[Primitive]:
            return icon_items(icons.path(icon), ix, iy, side, colour)

        for item in text.place(fitted, x, y, w, h, align=self.align, valign=self.valign,
                               color=colour, icon=inline_icon):
            ctx.add(item, "icon" if isinstance(item, Group) else "content")

    def language(self, ctx: Context, value: str) -> str | None:
        """The language words are hyphenated in (the game's), or None when they are not."""
        wanted = self.hyphenate if self.hyphenate is not None else len(value.split()) >= HYPHENATE_WORDS
        return ctx.job.db.game.language if wanted else None

    def value(self, ctx: Context, scope: Scope) -> str:
        """The element's text; with `over`, `text` once per list item, joined by `join`."""
        if self.over is None:
            return format_value(scope.text(self.written()))
        items, spec = ctx.items(self, self.over, None, scope)
        parts = (format_value(scope.child(item, spec, i).text(self.written()))
                 for i, item in enumerate(items))
        return self.join.join(p for p in parts if p.strip())
