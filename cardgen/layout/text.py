"""Text with **bold**, *italic* and [icon] runs + a box -> wrapped, shrunk-to-fit lines of
positioned Text primitives and inline icons.

`[name]` is an icon the size of the text, wrapped and fitted like a word (`[[` is a literal
`[`); `*italic*` is italic only where the family has an italic face, else printed as written;
`[color=#RRGGBB]...[/color]` draws what it holds in that colour (emphasis inside it).

Fitting tries the preferred size first, then searches the 0.25 pt steps down to the minimum size
for the largest that fits (binary search: fitting is monotone in the size); when the text still
does not fit, TextOverflow says by how much, and layout turns that into a Problem.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache

from cardgen.layout import fonts
from cardgen.layout.drawing import Primitive, Text

SIZE_STEP = 0.25
ICON_EM = 0.9  # an inline icon's side, in ems of the text
ICON_PAD_EM = 0.06  # room each side of an inline icon
_MARKUP = re.compile(r"\*\*(?P<bold>.+?)\*\*|(?<![*\w])\*(?P<italic>[^*\s](?:[^*]*?[^*\s])?)\*(?![*\w])",
                     re.S)
_SPAN = re.compile(r"\[color=(?P<color>#[0-9A-Fa-f]{6})\](?P<inner>.*?)\[/color\]", re.S)
_ICON = re.compile(r"\[\[|\[(?P<name>[A-Za-z0-9_.-]+)\]")
_SPACES = re.compile(r"(\s+)")


@dataclass(frozen=True)
class Family:
    """The faces a text element uses: its regular, bold and (when there is one) italic face."""

    regular: str = "regular"
    bold: str = "bold"
    italic: str | None = None

    def face(self, role: str) -> str:
        """The face of a role (regular, bold, italic); italic falls back to regular."""
        return {"bold": self.bold, "italic": self.italic or self.regular}.get(role, self.regular)


DEFAULT_FAMILY = Family()


@dataclass(frozen=True)
class Run:
    text: str
    face: str  # a font face: "regular", "bold" or a layout's own font file
    icon: str | None = None  # an inline icon's name (its text is empty)
    color: str | None = None  # a `[color=#RRGGBB]` span's colour (None: the text's)


@dataclass(frozen=True)
class Line:
    runs: tuple[Run, ...]
    width: float  # mm


@dataclass(frozen=True)
class Fitted:
    lines: tuple[Line, ...]
    size: float  # pt
    line_height: float  # mm
    height: float  # mm, first cap top to last baseline + descent
    family: Family = DEFAULT_FAMILY


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
    return list(dict.fromkeys(m.group("name") for m in _ICON.finditer(text.replace("[[", "\0"))
                              if m.group("name")))


def missing_glyphs(text: str, face: str = "regular", family: Family = DEFAULT_FAMILY) -> list[str]:
    """Characters of a marked-up text that its faces cannot draw, each once, in order."""
    missing: dict[str, None] = {}
    for run in parse_runs(text, face, family):
        if run.icon is None:
            missing.update(dict.fromkeys(fonts.missing_chars(run.text, run.face)))
    return list(missing)


def _words(runs: list[Run]) -> list[list[Run]]:
    """Paragraph-aware word list; a word is a list of runs; [] marks a forced line break."""
    words: list[list[Run]] = []
    current: list[Run] = []
    for run in runs:
        if run.icon is not None:
            current.append(run)
            continue
        for token in _SPACES.split(run.text):
            if not token:
                continue
            if token.isspace():
                if current:
                    words.append(current)
                    current = []
                if "\n" in token:
                    words.extend([] for _ in range(token.count("\n")))
            else:
                current.append(Run(token, run.face, None, run.color))
    if current:
        words.append(current)
    return words


@lru_cache(maxsize=1 << 16)
def _run_width(text: str, face: str, size: float) -> float:
    """Width of one run in mm (words repeat across cards and size steps, so it is cached)."""
    return fonts.text_width_mm(text, face, size)


def icon_side(size: float) -> float:
    """The side of an inline icon in text of `size` pt, in mm."""
    return ICON_EM * size * fonts.PT_TO_MM


def _width(run: Run, size: float) -> float:
    if run.icon is not None:
        return (ICON_EM + 2 * ICON_PAD_EM) * size * fonts.PT_TO_MM
    return _run_width(run.text, run.face, size)


def wrap(runs: list[Run], width: float, size: float) -> tuple[list[Line], float]:
    """Greedy word wrap -> (lines, widest word overflow in mm)."""
    return _wrap_words(_words(runs), width, size)


def _wrap_words(words: list[list[Run]], width: float, size: float) -> tuple[list[Line], float]:
    """wrap() on words already split; line widths add up run by run, left to right.

    Each line's runs are merged as they are added: a run of the same face as the one before it
    (always so for the space between words) extends that run's text.
    """
    lines: list[Line] = []
    faces: list[_Look] = []  # (face, icon, colour) of each merged run of the current line
    texts: list[list[str]] = []  # the pieces of each merged run
    current_w = 0.0
    over_w = 0.0
    for word in words:
        if not word:  # forced break
            lines.append(_line(faces, texts, current_w))
            faces, texts, current_w = [], [], 0.0
            continue
        word_w = 0.0
        for r in word:
            word_w += _width(r, size)
        if faces:
            candidate_w = current_w + _run_width(" ", faces[-1][0], size) + word_w
            if candidate_w > width:
                lines.append(_line(faces, texts, current_w))
                faces, texts, current_w = [], [], word_w
            else:
                _add_space(faces, texts)
                current_w = candidate_w
        else:
            current_w = word_w
        _add_word(faces, texts, word)
        if word_w - width > over_w:
            over_w = word_w - width
    if faces:
        lines.append(_line(faces, texts, current_w))
    return lines, over_w


def _add_space(faces: list[_Look], texts: list[list[str]]) -> None:
    """The space before a word on the current line: into the last merged run, or after an
    icon a run of its own in the icon's face."""
    if faces[-1][1] is None:
        texts[-1].append(" ")
    else:
        faces.append((faces[-1][0], None, faces[-1][2]))
        texts.append([" "])


def _add_word(faces: list[_Look], texts: list[list[str]], word: list[Run]) -> None:
    """A word's runs onto the current line, each merged into the run before it when they share
    a face and colour (icons are never merged)."""
    for r in word:
        if faces and faces[-1] == (r.face, None, r.color) and r.icon is None:
            texts[-1].append(r.text)
        else:
            faces.append((r.face, r.icon, r.color))
            texts.append([r.text])


_Look = tuple[str, str | None, str | None]  # a merged run's face, icon and colour


def _line(faces: list[_Look], texts: list[list[str]], width: float) -> Line:
    return Line(tuple([Run("".join(t), f, icon, tint)
                       for (f, icon, tint), t in zip(faces, texts, strict=True)]), width)


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
) -> Fitted:
    """Largest size from `size` down to `min_size` at which the text fits the box.

    The sizes tried are `size`, then 0.25 pt steps down to `min_size`. Whether a size fits is
    monotone in the size (every width, height and line count grows with it), so after the
    preferred size a binary search over the steps finds the same size a top-down scan would.
    The same text in the same box (repeated titles, shared backs) is fitted once.
    """
    result = _fit_cached(text, width, height, size, min_size, face, leading, max_lines, family)
    if isinstance(result, Fitted):
        return result
    raise TextOverflow(*result)


@lru_cache(maxsize=2048)  # enough for repeats; small, as workers fork from this heap
def _fit_cached(text: str, width: float, height: float, size: float, min_size: float | None,
                face: str, leading: float, max_lines: int | None, family: Family = DEFAULT_FAMILY
                ) -> Fitted | tuple[float, float, float, float]:
    """fit() -> the Fitted lines, or TextOverflow's arguments (results are immutable)."""
    words = _words(parse_runs(text, face, family))
    best = _try_size(words, width, height, size, leading, max_lines, family.regular)
    if not best.fits:
        ladder = _size_ladder(size, size if min_size is None else min(min_size, size))
        best = _search_ladder(words, width, height, ladder, leading, max_lines, best, family.regular)
    if not best.fits:
        return (max(best.needed - height, 0.0), max(best.over_w, 0.0), best.needed, height)
    lh = fonts.line_height_mm(best.size, leading)
    return Fitted(tuple(best.lines), best.size, lh, best.needed, family)


def _search_ladder(words: list[list[Run]], width: float, height: float, ladder: list[float],
                   leading: float, max_lines: int | None, first: _Trial,
                   face: str = "regular") -> _Trial:
    """The trial at the largest fitting size of the ladder (whose first size does not fit),
    or the failing trial at its smallest size."""
    tried: dict[int, _Trial] = {0: first}

    def trial(index: int) -> _Trial:
        if index not in tried:
            tried[index] = _try_size(words, width, height, ladder[index], leading, max_lines, face)
        return tried[index]

    low, high = 0, len(ladder) - 1  # low does not fit
    if not trial(high).fits:
        return tried[high]
    while high - low > 1:  # high fits
        mid = (low + high) // 2
        low, high = (low, mid) if trial(mid).fits else (mid, high)
    return tried[high]


@dataclass(frozen=True)
class _Trial:
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


def _try_size(words: list[list[Run]], width: float, height: float, size: float,
              leading: float, max_lines: int | None, face: str = "regular") -> _Trial:
    """Wrap the words at one size and say whether the block fits the box."""
    lines, over_w = _wrap_words(words, width, size)
    needed = block_height(len(lines), size, leading, face)
    too_many = max_lines is not None and len(lines) > max_lines
    fits = over_w <= 0.01 and needed <= height + 0.01 and not too_many
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
    """Text primitives (and inline icons, drawn by `icon`) for fitted lines inside the box."""
    regular = fitted.family.regular
    top = {"top": y, "middle": y + (height - fitted.height) / 2, "bottom": y + height - fitted.height}
    cap = fonts.ascent_mm(regular, fitted.size)
    baseline = top.get(valign, y) + cap
    side, pad = icon_side(fitted.size), ICON_PAD_EM * fitted.size * fonts.PT_TO_MM
    items: list[Primitive] = []
    for line in fitted.lines:
        start = {"left": x, "center": x + (width - line.width) / 2, "right": x + width - line.width}
        cursor = start.get(align, x)
        for run in line.runs:
            if run.icon is not None:
                if icon is not None:
                    items += icon(run.icon, cursor + pad, baseline - cap / 2 - side / 2, side)
            else:
                items.append(Text(cursor, baseline, run.text, run.face, fitted.size,
                                  run.color or color))
            cursor += _width(run, fitted.size)
        baseline += fitted.line_height
    return items
