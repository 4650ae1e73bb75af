"""`text`: wrapped text fitted to its box (shrunk down to `min_size`), with `**bold**`,
`*italic*` and `[icon]` inline; with `over`, its text once per list item, joined."""

import math
import re
from dataclasses import replace
from typing import Any, ClassVar, Literal

from cardgen.data.declare import Field
from cardgen.errors import Problem
from cardgen.layout import text
from cardgen.layout.drawing import Group, Primitive
from cardgen.layout.drawing import Text as TextItem
from cardgen.layout.elements.base import Colour, Context, ElementBase, Num
from cardgen.layout.guards import text_sizes
from cardgen.layout.icons import icon_items
from cardgen.layout.scope import _BINDING, Scope, format_value
from cardgen.layout.textplan import plan_for
from cardgen.limits import MAX_TEXT_CHARS

INK = "#1A1A1A"  # text colour when none is given
# `**...**` or `*...*` around at least one binding, on one line
_EMPHASIS = re.compile(r"(\*\*?)([^*\n]*\{[^{}]+\}[^*\n]*)\1")
HYPHENATE_WORDS = 6  # a text of this many words or more is body text: hyphenated by default
LETTER_SPACING_MM = (-1.0, 10.0)  # the letter spacing a text may take, mm
ENVELOPE_MM = 0.02  # past its box a fitted line may reach (text.fit allows 0.01 mm, rounding)


class TextElement(ElementBase):
    """wrapped text fitted to its box; `**bold**`, `*italic*` and `[icon]` inline"""

    type: Literal["text"]
    text: str | int | float | None = Field(
        None, description="the text; bindings and markup allowed (default: {item} with over)")
    x: Num = 0.0
    y: Num = 0.0
    w: Num = 0.0
    h: Num = 0.0
    size: Num = Field(8.0, description="preferred size, pt")
    min_size: Num | None = Field(None, description="smallest size it may shrink to, pt")
    font: Literal["regular", "bold", "italic"] = "regular"
    color: Colour = INK
    align: Literal["left", "center", "right", "justify"] = Field(
        "left", description="justify: every line but a paragraph's last spans the box")
    valign: Literal["top", "middle", "bottom"] = "top"
    leading: Num = Field(1.2, description="line height as a multiple of the size")
    stroke: Colour | None = Field(None, description="an outline round the letters (a colour)")
    stroke_width: Num = Field(0.2, description="the outline's width, mm")
    letter_spacing: Num = Field(
        0.0, description="room added between letters, mm (negative: tighter, down to -1)")
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
        plan = plan_for(self, ctx, scope)  # most text: drawn the short way (layout/textplan.py)
        value = self.value(ctx, scope) if plan is None else plan.value(ctx, scope)
        if not value.strip() or (plan is not None and plan.draw(ctx, value, dx, dy)):
            return
        name = self.name if self.name is not None else (
            str(self.text) if self.text is not None else "text")
        if len(value) > MAX_TEXT_CHARS:
            ctx.problem("text-overflow", f"text of {len(value)} characters; a text element holds "
                        f"at most {MAX_TEXT_CHARS}", name,
                        "shorten the text; a card holds a few hundred characters")
            return
        face = ctx.job.family.face(self.font)
        self.missing_faces(ctx, value)
        if ("[" in value and not ctx.inline_icons(value, name, self)) or not ctx.glyphs(
                value, face, name):  # (a text without "[" names no icon)
            return
        self.place(ctx, scope, value, face, name, (dx, dy))

    def place(self, ctx: Context, scope: Scope, value: str, face: str, name: str,
              at: tuple[float, float]) -> None:
        geometry = self.geometry(ctx, scope)
        if geometry is None:
            return
        spacing, x, y, w, h, size, min_size, leading = geometry
        x, y = at[0] + x, at[1] + y
        try:
            fitted = text.fit(value, w, h, size=size, min_size=min_size, face=face,
                              leading=leading, family=ctx.job.family,
                              language=self.language(ctx, value),
                              spacing=spacing)
        except text.TextOverflow as exc:
            shown = min_size
            ctx.problem("text-overflow", f"text does not fit its box at {shown:g} pt: "
                        f"{exc.describe()}", name,
                        "shorten the text, or give the element more room or a smaller min_size")
            return
        colour = self.ink(ctx, scope, x + w / 2, y + h / 2)
        icons = ctx.job.icons

        def inline_icon(icon: str, ix: float, iy: float, side: float) -> list[Primitive]:
            return icon_items(icons.path(icon), ix, iy, side, colour)

        outline = self.letter_outline(ctx, scope)
        # the box its lines were fitted to, with the room fitting allows (the lints' memo)
        envelope = (x - ENVELOPE_MM, y - ENVELOPE_MM, x + w + ENVELOPE_MM, y + h + ENVELOPE_MM)
        for item in text.place(fitted, x, y, w, h, align=self.align, valign=self.valign,
                               color=colour, icon=inline_icon):
            if outline is not None and isinstance(item, TextItem):
                item = replace(item, stroke=outline[0], stroke_width=outline[1])
            if isinstance(item, Group):
                ctx.add(item, "icon")
            else:
                ctx.add(item, "content", envelope)

    def geometry(self, ctx: Context, scope: Scope
                 ) -> tuple[float, float, float, float, float, float, float, float] | None:
        """(letter spacing, x, y, w, h, size, min_size, leading): worked out once for an
        element that writes them as numbers; None, and a problem, for letter spacing out of
        reason."""
        known = _GEOMETRY.get(id(self))
        if known is not None and known[0] is self:
            return known[1]
        spacing = self.letter_spacing_mm(ctx, scope)
        if spacing is None:
            return None
        x, y = self.number(scope, "x"), self.number(scope, "y")
        w, h = self.number(scope, "w"), self.number(scope, "h")
        size, min_size, leading = text_sizes(
            self.number(scope, "size"),
            None if self.min_size is None else self.number(scope, "min_size"),
            self.number(scope, "leading"))
        found = (spacing, x, y, w, h, size, min_size, leading)
        if all(type(v) is float and math.isfinite(v) for v in (
                self.letter_spacing, self.x, self.y, self.w, self.h, self.size, self.leading,
                0.0 if self.min_size is None else self.min_size)):  # read from no binding
            if len(_GEOMETRY) > 4096:
                _GEOMETRY.clear()
            _GEOMETRY[id(self)] = (self, found)
        return found

    def ink(self, ctx: Context, scope: Scope, x: float, y: float) -> str:
        """Its colour (ctx.ink at x, y); a colour that reads no binding and is not `auto` is
        worked out once per element and palette."""
        palette, written = ctx.job.palette, self.color
        known = _INKS.get(id(self))
        if known is not None and known[0] is self and known[1] is palette:
            return known[2]
        found = ctx.ink(scope, written, x, y, INK) or INK
        if type(written) is str and "{" not in written and written != "auto":
            if len(_INKS) > 4096:
                _INKS.clear()
            _INKS[id(self)] = (self, palette, found)
        return found

    def letter_outline(self, ctx: Context, scope: Scope) -> tuple[str, float] | None:
        """The letters' outline (`stroke`, `stroke_width`), or None for none."""
        if self.stroke is None and type(self.stroke_width) is float and math.isfinite(
                self.stroke_width):
            return None  # no outline, and a width as written, which reads no binding
        ink = ctx.ink(scope, self.stroke, 0.0, 0.0, None) if self.stroke is not None else None
        width = self.number(scope, "stroke_width")
        if ink is None or width <= 0:
            return None
        if width > 5:
            raise ValueError(f"stroke_width {width:g} mm: a text outline is at most 5 mm")
        return ink, width

    def letter_spacing_mm(self, ctx: Context, scope: Scope) -> float | None:
        """The room added between letters, mm; None, and a problem at the key, when it is
        outside LETTER_SPACING_MM."""
        spacing = self.number(scope, "letter_spacing")
        low, high = LETTER_SPACING_MM
        if low <= spacing <= high:
            return spacing
        where, label = self.key_location("letter_spacing")
        ctx.problem("bad-layout", f"letter_spacing {spacing:g} mm is out of reason: letters take "
                    f"from {low:g} mm (tighter) to {high:g} mm (wider) between them",
                    label or "letter_spacing",
                    f"letter_spacing is mm between letters: 0.2 to 0.5 spaces capitals out, "
                    f"-0.1 tightens; {low:g} mm already makes most letters touch",
                    where or self.location() or ctx.job.layout_file)
        return None

    def missing_faces(self, ctx: Context, value: str) -> None:
        """A warning at the layout when the text asks for italic or bold and the layout's fonts
        have no such face (the text is drawn in the regular face, its markers as written)."""
        if "*" not in value and self.font == "regular":
            return  # nothing asks for another face
        family = ctx.job.family
        if "*" not in value and (family.italic is not None if self.font == "italic"
                                 else family.bold != family.regular):
            return  # only its own font asked for, and the layout's fonts have that face
        marked = {("bold" if m.group("bold") is not None else "italic")
                  for m in text._MARKUP.finditer(value)}
        wanted = sorted(marked | ({self.font} - {"regular"}))
        lacking = [f for f in wanted if (family.italic is None if f == "italic"
                                         else family.bold == family.regular)]
        if not lacking:
            return
        where, label = self.key_location("font" if "font" in self.model_fields_set else "text")
        ctx.warnings.append(Problem(
            "missing-face", f"{' and '.join(lacking)} asked of the layout's fonts, which have no "
            f"{' or '.join(lacking)} face: drawn in the regular face", where=where or
            ctx.job.layout_file, path=label or f"{self.type}", severity="warning",
            hint=f"add {', '.join(f'{f}: fonts/YourFace-{f.title()}.ttf' for f in lacking)} to "
                 "the layout's fonts:, or leave out the markers"))

    def language(self, ctx: Context, value: str) -> str | None:
        """The language words are hyphenated in (the game's), or None when they are not."""
        wanted = self.hyphenate if self.hyphenate is not None else len(
            value.split(None, HYPHENATE_WORDS - 1)) >= HYPHENATE_WORDS  # splits no further
        return ctx.job.db.game.language if wanted else None

    def value(self, ctx: Context, scope: Scope) -> str:
        """The element's text; with `over`, `text` once per list item, joined by `join`."""
        if self.over is None:
            return format_value(bound(scope, without_empty_emphasis(self.written(), scope)))
        items, spec = ctx.items(self, self.over, None, scope)
        parts = (format_value(inner.text(without_empty_emphasis(self.written(), inner)))
                 for inner in (scope.child(item, spec, i) for i, item in enumerate(items)))
        return self.join.join(p for p in parts if p.strip())


# id of a text element -> (it, held so the id stays its own; its geometry: see geometry)
_GEOMETRY: dict[int, tuple[TextElement, tuple[float, float, float, float, float, float, float,
                                               float]]] = {}


# id of a text element -> (it, held so the id stays its own; the palette it was inked with;
# its colour: see TextElement.ink)
_INKS: dict[int, tuple[TextElement, dict[str, Any], str]] = {}


def bound(scope: Scope, written: Any) -> Any:
    """scope.text(written): a text that is one whole binding (`{text}`) read straight from the
    scope, its binding found once per text as written (_WHOLE)."""
    if type(written) is not str or type(scope) is not Scope:
        return scope.text(written)
    path = _WHOLE.get(written)
    if path is None:
        whole = _BINDING.fullmatch(written.strip()) if "{" in written else None
        if len(_WHOLE) > 4096:
            _WHOLE.clear()
        path = _WHOLE[written] = whole.group(1) if whole else ""
    return scope.value(path) if path else scope.text(written)


_WHOLE: dict[str, str] = {}  # a text as written -> the binding it is whole, or "" (see bound)


def without_empty_emphasis(written: Any, scope: Scope) -> Any:
    """The text as written, less each `**{field}**` or `*{field}*` whose bindings read nothing
    for this component (the markers would print on their own)."""
    if not isinstance(written, str) or "*" not in written or "{" not in written:
        return written

    def kept(match: re.Match[str]) -> str:
        return match.group(0) if format_value(scope.text(match.group(2))).strip() else ""

    return _EMPHASIS.sub(kept, written)
