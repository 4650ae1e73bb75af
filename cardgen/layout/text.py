"""Text with **bold**, *italic* and [icon] runs + a box -> wrapped, shrunk-to-fit lines of
positioned Text primitives and inline icons.

`[name]` is an icon the size of the text, wrapped and fitted like a word (`[[` is a literal
`[`), and never alone on a line: it keeps company with the word before it (the word after it
when it opens a paragraph). `*italic*` is italic only where the family has an italic face, else
printed as written; `[color=#RRGGBB]...[/color]` draws what it holds in that colour (emphasis
inside it). Words are measured shaped (cardgen.layout.shaping: kerning, ligatures).

A line may break at spaces, after a hyphen inside a word, at a soft hyphen (U+00AD, printed
as a hyphen only where the line breaks) and, when fitting is given a language, where pyphen's
dictionary hyphenates a word. `align: justify` stretches the spaces of every line but a
paragraph's last. `spacing` (letter spacing, mm) goes between letters: it widens every word
as wrapping measures it, and a line's width for alignment leaves out the spacing after its
last letter.

Fitting tries the preferred size first, then searches the 0.25 pt steps down to the minimum size
for the largest that fits (binary search: fitting is monotone in the size); when the text still
does not fit, TextOverflow says by how much, and layout turns that into a Problem.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple, cast

from cardgen.layout import fonts, shaping
from cardgen.layout.drawing import Primitive, Text
from cardgen.layout.linebreak import (
    ICON_PAD_EM,
    Line,
    PlainWords,
    Run,
    display_runs,
    icon_side,
    measured,
    plain_words,
    spaced_width,
    split_words,
    width_of,
    wrap_words,
)
from cardgen.layout.linebreak import wrap as wrap
from cardgen.layout.plainfit import Piece, Plain, lines_from, plain_lines, wrap_plain
from cardgen.records import record

SIZE_STEP = 0.25
_MARKUP = re.compile(r"\*\*(?P<bold>.+?)\*\*|(?<![*\w])\*(?P<italic>[^*\s](?:[^*]*?[^*\s])?)\*(?![*\w])",
                     re.S)
_SPAN = re.compile(r"\[color=(?P<color>#[0-9A-Fa-f]{6})\](?P<inner>.*?)\[/color\]", re.S)
_ICON = re.compile(r"\[\[|\[(?P<name>[A-Za-z0-9_.-]+)\]")


@record(frozen=True)
class Family:
    """The faces a text element uses: its regular, bold and (when there is one) italic face."""

    regular: str = "regular"
    bold: str = "bold"
    italic: str | None = None

    def face(self, role: str) -> str:
        """The face of a role (regular, bold, italic); italic falls back to regular."""
        if role == "bold":
            return self.bold
        return (self.italic or self.regular) if role == "italic" else self.regular


DEFAULT_FAMILY = Family()


@record(frozen=True, init=False)
class Fitted:
    lines: tuple[Line, ...]
    size: float  # pt
    line_height: float  # mm
    height: float  # mm, first cap top to last baseline + descent
    family: Family = DEFAULT_FAMILY
    spacing: float = 0.0  # letter spacing, mm

    def __init__(self, lines: tuple[Line, ...], size: float, line_height: float, height: float,
                 family: Family = DEFAULT_FAMILY, spacing: float = 0.0) -> None:
        # the fields set at once (a frozen dataclass's own __init__ sets them one by one)
        self.__dict__.update(lines=lines, size=size, line_height=line_height, height=height,
                             family=family, spacing=spacing)

    if not TYPE_CHECKING:
        def __getattr__(self, name):
            """A plain text's `lines`, made when first asked for (_plain_fitted)."""
            plain = self.__dict__.get("plain")
            if name != "lines" or plain is None:
                raise AttributeError(name)
            lines = self.__dict__["lines"] = lines_from(plain[1], plain[0])
            return lines


def _plain_fitted(plain: tuple[Plain, ...], face: str, size: float, line_height: float,
                  height: float, family: Family) -> Fitted:
    """Fitted(plainfit.lines_from(plain, face), ...) holding its lines as `plain`: (face, each
    line's text, width and end), which place reads; the Lines are made when asked for."""
    fitted = Fitted.__new__(Fitted)
    fitted.__dict__.update(size=size, line_height=line_height, height=height, family=family,
                           spacing=0.0, plain=(face, plain))
    return fitted


class TextOverflow(Exception):
    """The text does not fit even at its minimum size."""

    def __init__(self, over_h: float, over_w: float, needed_h: float, box_h: float):
        self.over_h = over_h
        self.over_w = over_w
        self.needed_h = needed_h
        self.box_h = box_h
        super().__init__(self.describe())

    def describe(self) -> str:
        parts = []
        if self.over_h > 0:
            pct = 100.0 * self.over_h / self.box_h if self.box_h else 100.0
            parts.append(f"{self.over_h:.1f} mm too tall ({pct:.0f}% over)")
        if self.over_w > 0:
            parts.append(f"a word is {self.over_w:.1f} mm too wide")
        return " and ".join(parts) or "does not fit"


def parse_runs(text: str, face: str = "regular", family: Family = DEFAULT_FAMILY) -> list[Run]:
    """Split `[color=#RRGGBB]...[/color]` spans, then `**bold**`, `*italic*` and `[icon]`
    markup, into runs; unmarked text uses `face`."""
    if "[color=" not in text:
        return _marked_runs(text, face, family)
    runs: list[Run] = []
    pos = 0
    for m in _SPAN.finditer(text):
        runs += _marked_runs(text[pos:m.start()], face, family)
        runs += [replace(r, color=m.group("color").upper())
                 for r in _marked_runs(m.group("inner"), face, family)]
        pos = m.end()
    return runs + _marked_runs(text[pos:], face, family)


def _marked_runs(text: str, face: str, family: Family) -> list[Run]:
    """`**bold**`, `*italic*` and `[icon]` markup -> runs."""
    runs: list[Run] = []
    pos = 0
    for m in _MARKUP.finditer(text):
        if m.group("italic") is not None and family.italic is None:
            continue  # no italic face: the asterisks print as written
        runs += _icon_runs(text[pos : m.start()], face)
        if m.group("bold") is not None:
            runs += _icon_runs(m.group("bold"), family.bold)
        else:
            runs += _icon_runs(m.group("italic"), family.italic or face)
        pos = m.end()
    runs += _icon_runs(text[pos:], face)
    return [r for r in runs if r.text or r.icon]


def _icon_runs(text: str, face: str) -> list[Run]:
    """`[name]` -> an icon run, `[[` -> a literal `[`, the rest -> text runs."""
    if "[" not in text:
        return [Run(text, face)] if text else []
    runs: list[Run] = []
    pending = ""
    pos = 0
    for m in _ICON.finditer(text):
        pending += text[pos : m.start()]
        if m.group("name") is None:
            pending += "["
        else:
            if pending:
                runs.append(Run(pending, face))
            pending = ""
            runs.append(Run("", face, m.group("name")))
        pos = m.end()
    pending += text[pos:]
    if pending:
        runs.append(Run(pending, face))
    return runs


def icon_names(text: str) -> list[str]:
    """The inline icons a text names, each once, in order."""
    if "[" not in text:
        return []
    return list(dict.fromkeys(m.group("name") for m in _ICON.finditer(text.replace("[[", "\0"))
                              if m.group("name")))


def missing_glyphs(text: str, face: str = "regular", family: Family = DEFAULT_FAMILY) -> list[str]:
    """Characters of a marked-up text that its faces cannot draw, each once, in order."""
    if "*" not in text and not fonts.missing_chars(text, face):
        return []  # no bold or italic asked for, and its own face draws every character
    if not any(fonts.missing_chars(text, f) for f in {face, family.bold, family.italic or face}):
        return []  # every face a run may take draws every character
    missing: dict[str, None] = {}
    for run in parse_runs(text, face, family):
        if run.icon is None:
            missing.update(dict.fromkeys(fonts.missing_chars(run.text, run.face)))
    return list(missing)


def block_height(n_lines: int, size: float, leading: float, face: str = "regular") -> float:
    """Cap top of the first line to the descender of the last, in mm."""
    if n_lines == 0:
        return 0.0
    lh = fonts.line_height_mm(size, leading)
    return fonts.ascent_mm(face, size) + (n_lines - 1) * lh + fonts.descent_mm(face, size)


def fit(
    text: str,
    width: float,
    height: float,
    *,
    size: float,
    min_size: float | None = None,
    face: str = "regular",
    leading: float = 1.2,
    max_lines: int | None = None,
    family: Family = DEFAULT_FAMILY,
    language: str | None = None,
    spacing: float = 0.0,
) -> Fitted:
    """Largest size from `size` down to `min_size` at which the text fits the box.

    The sizes tried are `size`, then 0.25 pt steps down to `min_size`. Whether a size fits is
    monotone in the size (every width, height and line count grows with it), so after the
    preferred size a binary search over the steps finds the same size a top-down scan would.
    The same text in the same box (repeated titles, shared backs) is fitted once. With a
    language, words may be hyphenated (pyphen) where a line would otherwise break early;
    `spacing` mm goes between letters.
    """
    result = _fit_cached(text, width, height, size, min_size, face, leading, max_lines, family,
                         language, spacing)
    if isinstance(result, Fitted):
        return result
    raise TextOverflow(*result)


@lru_cache(maxsize=2048)  # enough for repeats; small, as workers fork from this heap
def _fit_cached(text: str, width: float, height: float, size: float, min_size: float | None,
                face: str, leading: float, max_lines: int | None, family: Family = DEFAULT_FAMILY,
                language: str | None = None, spacing: float = 0.0
                ) -> Fitted | tuple[float, float, float, float]:
    """fit() -> the Fitted lines, or TextOverflow's arguments (results are immutable)."""
    words = plain_words(text, face) or split_words(parse_runs(text, face, family))
    box = _Box(width, height, leading, max_lines, family.regular, language, spacing)
    if isinstance(words, PlainWords) and not spacing:  # most text: cardgen.layout.plainfit
        plain = cast("list[str]", words.words)  # plain_words makes no forced break (None)
        return _fit_plain(plain, words.face, box, size, min_size, family, shaping.has_rtl(text))
    best = _try_size(words, box, size)
    if not best.fits:
        ladder = _size_ladder(size, size if min_size is None else min(min_size, size))
        best = _search_ladder(words, box, ladder, best)
    if not best.fits:
        return (max(best.needed - height, 0.0), max(best.over_w, 0.0), best.needed, height)
    lh = fonts.line_height_mm(best.size, leading)
    lines = tuple(measured(line, best.size, spacing) for line in best.lines)
    return Fitted(lines, best.size, lh, best.needed, family, spacing)


def _fit_plain(words: list[str], face: str, box: _Box, size: float, min_size: float | None,
               family: Family, rtl: bool, keep: bool = True) -> Fitted | tuple[float, float, float, float]:
    """_fit_cached's result for a plain text without letter spacing: the same sizes tried in the
    same order (the preferred, then a binary search of the ladder), each wrapped by plainfit's
    wrap_plain (`keep`: its), which stops a size not the last to try once it cannot fit."""
    floor = size if min_size is None else min(min_size, size)
    single = not size - SIZE_STEP >= floor - 1e-9  # _size_ladder has no second step
    pieces, over_w, whole = wrap_plain(words, face, box.width + 0.0, size, box.language,
                                       None if single else _most_lines(box, size), rtl, keep)
    needed = block_height(len(pieces), size, box.leading, box.face)
    too_many = box.max_lines is not None and len(pieces) > box.max_lines
    fits = whole and over_w <= 0.01 and needed <= box.height + 0.01 and not too_many
    if fits:  # the preferred size fits (most text): no ladder
        return _plain_fitted(plain_lines(pieces, face, size), face, size,
                             fonts.line_height_mm(size, box.leading), needed, family)
    ladder = [size]  # the whole ladder once the preferred size does not fit
    tried: dict[int, tuple[float, list[Piece], float, float, bool]] = {
        0: (size, pieces, over_w, needed, fits)}

    def trial(index: int) -> tuple[float, list[Piece], float, float, bool]:
        if index not in tried:
            at = ladder[index]
            last = single if index == 0 else index == len(ladder) - 1
            most = None if last else _most_lines(box, at)
            pieces, over_w, whole = wrap_plain(words, face, box.width + 0.0, at, box.language,
                                               most, rtl, keep)
            needed = block_height(len(pieces), at, box.leading, box.face)
            too_many = box.max_lines is not None and len(pieces) > box.max_lines
            fits = whole and over_w <= 0.01 and needed <= box.height + 0.01 and not too_many
            tried[index] = (at, pieces, over_w, needed, fits)
        return tried[index]

    best = trial(0)
    if not best[4]:
        ladder = _size_ladder(size, floor)
    if not best[4] and not trial(len(ladder) - 1)[4]:
        best = tried[len(ladder) - 1]
    elif not best[4]:
        low, high = 0, len(ladder) - 1  # low does not fit, high fits
        while high - low > 1:
            mid = (low + high) // 2
            low, high = (low, mid) if trial(mid)[4] else (mid, high)
        best = tried[high]
    at, pieces, over_w, needed, fits = best
    if not fits:
        return (max(needed - box.height, 0.0), max(over_w, 0.0), needed, box.height)
    return _plain_fitted(plain_lines(pieces, face, at), face, at,
                         fonts.line_height_mm(at, box.leading), needed, family)


def _most_lines(box: _Box, size: float) -> int:
    """The fewest lines that cannot fit the box at this size (their height, or max_lines)."""
    key = (box.height, box.leading, box.max_lines, box.face, size)
    n = _MOST.get(key)
    if n is None:
        n = 1
        while block_height(n, size, box.leading, box.face) <= box.height + 0.01 and (
                box.max_lines is None or n <= box.max_lines):
            n += 1
        if len(_MOST) >= 4096:
            _MOST.clear()
        _MOST[key] = n
    return n


_MOST: dict[tuple[float, float, int | None, str, float], int] = {}  # see _most_lines


class _Box(NamedTuple):  # a tuple: made once per text fitted, cheaply
    """What every size tried for one text shares."""

    width: float
    height: float
    leading: float
    max_lines: int | None
    face: str
    language: str | None
    spacing: float = 0.0  # letter spacing, mm


def _search_ladder(words: list[list[Run]] | PlainWords, box: _Box, ladder: list[float],
                   first: _Trial) -> _Trial:
    """The trial at the largest fitting size of the ladder (whose first size does not fit),
    or the failing trial at its smallest size."""
    tried: dict[int, _Trial] = {0: first}

    def trial(index: int) -> _Trial:
        if index not in tried:
            tried[index] = _try_size(words, box, ladder[index])
        return tried[index]

    low, high = 0, len(ladder) - 1  # low does not fit
    if not trial(high).fits:
        return tried[high]
    while high - low > 1:  # high fits
        mid = (low + high) // 2
        low, high = (low, mid) if trial(mid).fits else (mid, high)
    return tried[high]


class _Trial(NamedTuple):  # a tuple: made once per size tried, cheaply
    size: float
    lines: list[Line]
    over_w: float
    needed: float
    fits: bool


def _size_ladder(size: float, floor: float) -> list[float]:
    """`size`, then 0.25 pt steps down while not below `floor` (rounded as each step is taken)."""
    ladder = [size]
    while ladder[-1] - SIZE_STEP >= floor - 1e-9:
        ladder.append(round(ladder[-1] - SIZE_STEP, 4))
    return ladder


def _try_size(words: list[list[Run]] | PlainWords, box: _Box, size: float) -> _Trial:
    """Wrap the words at one size and say whether the block fits the box."""
    lines, over_w = wrap_words(words, box.width, size, box.language, box.spacing)
    needed = block_height(len(lines), size, box.leading, box.face)
    too_many = box.max_lines is not None and len(lines) > box.max_lines
    fits = over_w <= 0.01 and needed <= box.height + 0.01 and not too_many
    return _Trial(size, lines, over_w, needed, fits)


IconMaker = Callable[[str, float, float, float], list[Primitive]]  # name, x, y, side -> items


def place(
    fitted: Fitted,
    x: float,
    y: float,
    width: float,
    height: float,
    *,
    align: str = "left",
    valign: str = "top",
    color: str = "#000000",
    icon: IconMaker | None = None,
) -> list[Primitive]:
    """Text primitives (and inline icons, drawn by `icon`) for fitted lines inside the box.

    A line whose text reads right to left (its first strong character) has its runs placed
    from right to left; `justify` spreads the slack of every line but a paragraph's last over
    its spaces, one Text per word."""
    regular = fitted.family.regular
    top = {"top": y, "middle": y + (height - fitted.height) / 2, "bottom": y + height - fitted.height}
    cap = fonts.ascent_mm(regular, fitted.size)
    baseline = top.get(valign, y) + cap
    items: list[Primitive] = []
    size, letters = fitted.size, fitted.spacing
    plain = fitted.__dict__.get("plain")
    if plain is not None and align != "justify":  # a plain text: a Text a line, as below
        face, step = plain[0], fitted.line_height
        for shown, line_w, _ in plain[1]:
            slack = width - line_w
            start = x + slack / 2 if align == "center" else x + slack if align == "right" else x
            items.append(Text(start, baseline, shown, face, size, color, spacing=letters))
            baseline += step
        return items
    pen = _Pen(fitted.size, color, icon, cap, letters=fitted.spacing)
    for line in fitted.lines:
        slack = width - line.width
        runs = line.runs
        if len(runs) == 1 and runs[0].icon is None and (align != "justify" or line.end):
            # one run of text, not stretched (most lines): one Text where the pen starts
            run = runs[0]
            start = x + slack / 2 if align == "center" else x + slack if align == "right" else x
            items.append(Text(start, baseline, run.text, run.face, size, run.color or color,
                              spacing=letters))
            baseline += fitted.line_height
            continue
        pen.baseline = baseline
        runs = display_runs(line)
        spaces = sum(r.text.count(" ") for r in line.runs if r.icon is None) \
            if align == "justify" and not line.end else 0  # only justify stretches spaces
        if spaces and slack > 0:
            pen.spacing = slack / spaces
            items += pen.draw(x, runs)
        else:
            pen.spacing = 0.0
            start = {"center": x + slack / 2, "right": x + slack}.get(align, x)
            items += pen.draw(start, runs)
        baseline += fitted.line_height
    return items


@record
class _Pen:
    """Draws a line's runs from a start x; `spacing` mm more after every space (justify),
    `letters` mm after every glyph (letter spacing)."""

    size: float
    color: str
    icon: IconMaker | None
    cap: float
    baseline: float = 0.0
    spacing: float = 0.0
    letters: float = 0.0

    def draw(self, cursor: float, runs: tuple[Run, ...]) -> list[Primitive]:
        items: list[Primitive] = []
        side, pad = icon_side(self.size), ICON_PAD_EM * self.size * fonts.PT_TO_MM
        for run in runs:
            if run.icon is not None:
                if self.icon is not None:
                    items += self.icon(run.icon, cursor + pad,
                                       self.baseline - self.cap / 2 - side / 2, side)
                cursor += width_of(run, self.size)
            elif self.spacing:
                cursor = self._per_word(cursor, run, items)
            else:
                items.append(self._text(cursor, run.text, run))
                cursor += width_of(run, self.size, self.letters)
        return items

    def _per_word(self, cursor: float, run: Run, items: list[Primitive]) -> float:
        """A run one Text per word, each space widened by `spacing` (right to left when the
        run reads so)."""
        words = run.text.split(" ")
        if shaping.rtl_paragraph(run.text):
            words.reverse()
        space = spaced_width(" ", run.face, self.size, self.letters) + self.spacing
        for i, word in enumerate(words):
            if i:
                cursor += space
            if word:
                items.append(self._text(cursor, word, run))
                cursor += spaced_width(word, run.face, self.size, self.letters)
        return cursor

    def _text(self, x: float, shown: str, run: Run) -> Text:
        """One Text at the pen, in the run's face and colour (the text's, outside a span)."""
        return Text(x, self.baseline, shown, run.face, self.size, run.color or self.color,
                    spacing=self.letters)
