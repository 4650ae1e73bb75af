"""A plain text element drawn the short way: what `TextElement.draw` works out per face that
is the same on every face of the element (its box, sizes, face, colour, envelope), worked out
once per element and face constants (font family, palette, the game's language), so a face
only reads its text, fits it and places its lines.

An element has a plan when it is drawn as written, whatever its text: one text element without
`over:`, letter spacing, an outline or `justify`, whose text is a literal or one whole binding
(`{text}`) without emphasis markers, whose box, sizes and leading are numbers as written, whose
colour reads no binding (not `auto`) and whose font the family has. A face's text takes the
plan when it is plain (`linebreak.plain_words`: no markup, icons, line breaks or soft hyphens),
within MAX_TEXT_CHARS, drawable in its face and fits its box; it is then fitted by
`text._fit_plain`, as `text.fit` fits it, and placed as `text.place` places a plain text, each
line added as `Context.add` adds it. Anything else (a problem to report, a warning to give) is
drawn by `TextElement.draw`'s own path, with the value already read (so a memo's recorder sees
each read once). The faces are the same either way (tested face by face against the plan
turned off).
"""

from __future__ import annotations

import math
from typing import Any

from cardgen.layout import fonts, shaping
from cardgen.layout.drawing import IDENTITY, Text
from cardgen.layout.extent import Box
from cardgen.layout.guards import MAX_TEXT_PT, check_primitive, text_sizes
from cardgen.layout.linebreak import SHY
from cardgen.layout.placed import Placed
from cardgen.layout.plainfit import keep_widths, one_line
from cardgen.layout.scope import _BINDING, Scope, format_value
from cardgen.layout.text import _Box, _fit_plain, block_height
from cardgen.limits import MAX_ELEMENTS, MAX_LENGTH_MM, MAX_TEXT_CHARS

ENABLED = True  # tests turn it off to compare faces drawn both ways
PLANS = 4096  # plans kept (one per text element and face constants) before starting again
FITS = 1024  # fitted texts a plan keeps (repeated titles): the first so many
ENVELOPE_MM = 0.02  # elements/text.py's: past its box a fitted line may reach
_new = object.__new__


class TextPlan:
    """One text element's constants for a font family, palette and language (the module)."""

    __slots__ = ("element", "family", "palette", "language", "path", "face", "x", "y", "w",
                 "h", "size", "min_size", "leading", "colour", "align", "valign", "fits",
                 "cap", "boxes", "drawable", "printable", "reach", "envelopes", "single")

    def __init__(self, element: Any, family: Any, palette: dict[str, Any], language: str | None,
                 path: str | None, face: str, geometry: tuple[float, ...], colour: str) -> None:
        self.element, self.family, self.palette, self.language = element, family, palette, \
            language
        self.path = path  # the whole binding its text is ("" for a literal text)
        self.face = face
        self.x, self.y, self.w, self.h, self.size, self.min_size, self.leading = geometry
        self.colour, self.align, self.valign = colour, element.align, element.valign
        self.fits: dict[str, Any] = {}  # text -> (plain lines, size, line height, height) | None
        self.cap: dict[float, float] = {}  # size -> fonts.ascent_mm of the regular face
        self.reach: dict[float, tuple[float, float]] = {}  # size -> its face's ascent, descent
        self.boxes: dict[str | None, _Box] = {}  # language -> what every size tried shares
        self.envelopes: dict[tuple[float, float], Box] = {}  # (dx, dy) -> the envelope
        self.drawable = fonts._drawable(face)  # the characters its face draws
        # (one line's height, the line height) when the box holds one line at the first size
        # and not two: a text that fits one line is fitted by plainfit.one_line
        one, two = (block_height(n, self.size, self.leading, family.regular) for n in (1, 2))
        self.single = (one, fonts.line_height_mm(self.size, self.leading)) \
            if one <= self.h + 0.01 < two else None
        self.printable = self.drawable.issuperset(map(chr, range(0x20, 0x7F)))  # all of ASCII's

    def value(self, ctx: Any, scope: Any) -> str:
        """The element's text for this face (TextElement.value, its reads the same)."""
        path = self.path
        if path is None or type(scope) is not Scope:
            return str(self.element.value(ctx, scope))
        if not path:
            return format_value(self.element.text)
        return format_value(scope.value(path))

    def draw(self, ctx: Any, value: str, dx: float, dy: float) -> bool:  # noqa: C901
        """The text's lines on the face, as TextElement.draw places them; False (nothing
        done) when the text is not one this plan draws (the element's own path draws it)."""
        fitted = self.fits.get(value, False)
        if fitted is False:
            fitted = self._fitted(ctx, value)
        if fitted is None:  # not plain, not drawable or it overflows: the element's path
            return False
        plain, size, step, height = fitted
        x, y, w, h = dx + self.x, dy + self.y, self.w, self.h
        valign = self.valign
        top = y if valign == "top" else y + (h - height) / 2 if valign == "middle" \
            else y + h - height if valign == "bottom" else y
        cap = self.cap.get(size)
        if cap is None:
            cap = self.cap[size] = fonts.ascent_mm(self.family.regular, size)
        baseline = top + cap
        envelope = self.envelopes.get((dx, dy))  # one object for every face (the lint keys)
        if envelope is None:
            if len(self.envelopes) >= FITS:
                self.envelopes.clear()
            envelope = self.envelopes[(dx, dy)] = (x - ENVELOPE_MM, y - ENVELOPE_MM,
                                                   x + w + ENVELOPE_MM, y + h + ENVELOPE_MM)
        face, colour, align = plain[0], self.colour, self.align
        budget, items, placed = ctx.budget, ctx.drawing.items, ctx.placed
        el, matrix = ctx.current, ctx.matrix
        reach = self.reach.get(size)  # extent.bbox's reach of a line above and below its baseline
        if reach is None:
            reach = self.reach[size] = (fonts.ascent_mm(face, size), fonts.descent_mm(face, size))
        above, below = reach
        flat = matrix is IDENTITY
        if not flat:  # its lines' boxes worked out later (extent.bbox): their widths kept
            keep_widths(plain[1], face, size)
        ok = type(size) is float and 0 < size <= MAX_TEXT_PT and size <= MAX_LENGTH_MM
        inside, first = flat, len(placed)  # every line's box inside the envelope: Placed.inside
        left, upper, right, lower = envelope
        # each line's fields, as Text(start, baseline, shown, face, size, colour, spacing=0.0)
        # sets them (in its order), its x, y and text put in per line
        fields = {"x": x, "y": baseline, "text": "", "font": face, "size": size, "color": colour,
                  "anchor": "start", "stroke": None, "stroke_width": 0.0, "spacing": 0.0}
        for shown, line_w, _ in plain[1]:
            slack = w - line_w
            start = x + slack / 2 if align == "center" else x + slack if align == "right" else x
            item = _new(Text)
            d = item.__dict__
            d.update(fields)
            d["x"], d["y"], d["text"] = start, baseline, shown
            budget[0] -= 1  # Context.add
            if budget[0] < 0:
                raise ValueError(f"the face draws more than {MAX_ELEMENTS} shapes")
            if not (ok and type(start) is float and type(baseline) is float
                    and -MAX_LENGTH_MM <= start <= MAX_LENGTH_MM
                    and -MAX_LENGTH_MM <= baseline <= MAX_LENGTH_MM):
                check_primitive(item)
            items.append(item)
            line = Placed(item, el, matrix, "content", envelope)
            if flat:  # Placed.box as extent.bbox finds it: a line's width as drawn is line_w
                line.__dict__["box"] = (start, baseline - above, start + line_w, baseline + below)
                if inside and not (left <= start and start + line_w <= right
                                   and upper <= baseline - above and baseline + below <= lower):
                    inside = False
            placed.append(line)
            baseline += step
        if inside and len(placed) > first:  # the lint memo keys them at once (lintmemo.py)
            placed[first].__dict__["inside"] = len(placed) - first
        return True

    def _fitted(self, ctx: Any, value: str) -> tuple[Any, float, float, float] | None:
        """The text's fitted lines (kept for the text), or None when the plan does not draw
        it: not plain, a character its face lacks, or it does not fit its box."""
        fitted = None
        if len(value) <= MAX_TEXT_CHARS and "[" not in value and "*" not in value \
                and "\n" not in value and SHY not in value and (
                    (self.printable and value.isascii() and value.isprintable())
                    or self.drawable.issuperset(value)):  # fonts.missing_chars
            fitted = self._fit(ctx, value)
        if len(self.fits) < FITS:  # the first texts kept (freeing a full table costs more)
            self.fits[value] = fitted
        return fitted

    def _fit(self, ctx: Any, value: str) -> tuple[Any, float, float, float] | None:
        """text.fit's result for a plain text (text._fit_cached's plain branch), as the
        lines place reads, or None when it does not fit."""
        single = self.single
        if single is not None and not shaping.has_rtl(value):
            words = value.split()
            line = one_line(words, self.face, self.w + 0.0, self.size, False) if words else None
            if line is not None:  # what _fit_plain gives a text on one line at its first size
                return (self.face, ((line[0], line[1], True),)), self.size, single[1], single[0]
        language = self.element.language(ctx, value)
        box = self.boxes.get(language)
        if box is None:
            box = self.boxes[language] = _Box(self.w, self.h, self.leading, None,
                                              self.family.regular, language, 0.0)
        found = _fit_plain(value.split(), self.face, box, self.size, self.min_size, self.family,
                           shaping.has_rtl(value), False)
        if isinstance(found, tuple):
            return None
        return found.__dict__["plain"], found.size, found.line_height, found.height


# id of a text element -> (it, held so the id stays its own; the family, palette and language
# the plan was made for; the plan, or None: the element has none)
_PLANS: dict[int, tuple[Any, Any, dict[str, Any], str | None, TextPlan | None]] = {}


def plan_for(element: Any, ctx: Any, scope: Any) -> TextPlan | None:
    """The element's plan for the face's constants (made once), or None: it has none."""
    job = ctx.job
    family, palette, language = job.family, job.palette, job.db.game.language
    known = _PLANS.get(id(element))
    if known is not None and known[0] is element and known[1] is family \
            and known[2] is palette and known[3] == language:
        return known[4]
    plan = _made(element, ctx, scope) if ENABLED else None
    if len(_PLANS) >= PLANS:
        _PLANS.clear()
    _PLANS[id(element)] = (element, family, palette, language, plan)
    return plan


def _made(el: Any, ctx: Any, scope: Any) -> TextPlan | None:
    """A plan for the element, or None when it is not drawn as written (the module)."""
    written = el.text
    numbers = (el.letter_spacing, el.x, el.y, el.w, el.h, el.size, el.leading,
               0.0 if el.min_size is None else el.min_size, el.stroke_width)
    if el.over is not None or type(written) is not str or "*" in written \
            or el.letter_spacing != 0.0 or el.stroke is not None or el.align == "justify" \
            or not all(type(v) is float and math.isfinite(v) for v in numbers):
        return None
    colour = el.color
    if type(colour) is not str or "{" in colour or colour == "auto":
        return None
    family = ctx.job.family
    font = el.font
    if not (font == "regular" or (family.italic is not None if font == "italic"
                                  else family.bold != family.regular)):
        return None  # TextElement.missing_faces warns
    whole = _BINDING.fullmatch(written.strip()) if "{" in written else None
    if "{" in written and whole is None:
        path: str | None = None  # bindings inside a text: TextElement.value
    else:
        path = whole.group(1) if whole is not None else ""
    try:
        size, min_size, leading = text_sizes(el.size, el.min_size, el.leading)
        ink = el.ink(ctx, scope, el.x + el.w / 2, el.y + el.h / 2)
    except (TypeError, ValueError, KeyError, AttributeError):  # said by the element's own path
        return None
    return TextPlan(el, family, ctx.job.palette, ctx.job.db.game.language, path,
                    family.face(font), (el.x, el.y, el.w, el.h, size, min_size, leading), ink)
