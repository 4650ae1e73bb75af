"""Text with **bold** runs + a box -> wrapped, shrunk-to-fit lines of positioned Text primitives.

Fitting tries the preferred size first, then searches the 0.25 pt steps down to the minimum size
for the largest that fits (binary search: fitting is monotone in the size); when the text still
does not fit, TextOverflow says by how much, and layout turns that into a Problem.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from cardgen.layout import fonts
from cardgen.layout.drawing import Text

SIZE_STEP = 0.25
_BOLD = re.compile(r"\*\*(.+?)\*\*", re.S)
_SPACES = re.compile(r"(\s+)")


@dataclass(frozen=True)
class Run:
    text: str
    face: str  # "regular" | "bold"


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


def parse_runs(text: str, face: str = "regular") -> list[Run]:
    """Split `**bold**` markup into runs; unmarked text uses `face`."""
    runs: list[Run] = []
    pos = 0
    for m in _BOLD.finditer(text):
        if m.start() > pos:
            runs.append(Run(text[pos : m.start()], face))
        runs.append(Run(m.group(1), "bold"))
        pos = m.end()
    if pos < len(text):
        runs.append(Run(text[pos:], face))
    return [r for r in runs if r.text]


def plain_text(text: str) -> str:
    """The text without bold markup."""
    return _BOLD.sub(r"\1", text)


def _words(runs: list[Run]) -> list[list[Run]]:
    """Paragraph-aware word list; a word is a list of runs; [] marks a forced line break."""
    words: list[list[Run]] = []
    current: list[Run] = []
    for run in runs:
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
                current.append(Run(token, run.face))
    if current:
        words.append(current)
    return words


@lru_cache(maxsize=1 << 16)
def _run_width(text: str, face: str, size: float) -> float:
    """Width of one run in mm (words repeat across cards and size steps, so it is cached)."""
    return fonts.text_width_mm(text, face, size)


def wrap(runs: list[Run], width: float, size: float) -> tuple[list[Line], float]:
    """Greedy word wrap -> (lines, widest word overflow in mm)."""
    return _wrap_words(_words(runs), width, size)


def _wrap_words(words: list[list[Run]], width: float, size: float) -> tuple[list[Line], float]:
    """wrap() on words already split; line widths add up run by run, left to right.

    Each line's runs are merged as they are added: a run of the same face as the one before it
    (always so for the space between words) extends that run's text.
    """
    lines: list[Line] = []
    faces: list[str] = []  # face of each merged run of the current line
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
            word_w += _run_width(r.text, r.face, size)
        if faces:
            candidate_w = current_w + _run_width(" ", faces[-1], size)
            if len(word) == 1:
                candidate_w += word_w
            else:
                for r in word:
                    candidate_w += _run_width(r.text, r.face, size)
            if candidate_w > width:
                lines.append(_line(faces, texts, current_w))
                faces, texts, current_w = [], [], word_w
            else:
                texts[-1].append(" ")
                current_w = candidate_w
        else:
            current_w = word_w
        for r in word:
            if faces and faces[-1] == r.face:
                texts[-1].append(r.text)
            else:
                faces.append(r.face)
                texts.append([r.text])
        if word_w - width > over_w:
            over_w = word_w - width
    if faces:
        lines.append(_line(faces, texts, current_w))
    return lines, over_w


def _line(faces: list[str], texts: list[list[str]], width: float) -> Line:
    return Line(tuple([Run("".join(t), f) for f, t in zip(faces, texts, strict=True)]), width)


def block_height(n_lines: int, size: float, leading: float) -> float:
    """Cap top of the first line to the descender of the last, in mm."""
    if n_lines == 0:
        return 0.0
    lh = fonts.line_height_mm(size, leading)
    return fonts.ascent_mm("regular", size) + (n_lines - 1) * lh + fonts.descent_mm("regular", size)


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
) -> Fitted:
    """Largest size from `size` down to `min_size` at which the text fits the box.

    The sizes tried are `size`, then 0.25 pt steps down to `min_size`. Whether a size fits is
    monotone in the size (every width, height and line count grows with it), so after the
    preferred size a binary search over the steps finds the same size a top-down scan would.
    The same text in the same box (repeated titles, shared backs) is fitted once.
    """
    result = _fit_cached(text, width, height, size, min_size, face, leading, max_lines)
    if isinstance(result, Fitted):
        return result
    raise TextOverflow(*result)


@lru_cache(maxsize=2048)  # enough for repeats; small, as workers fork from this heap
def _fit_cached(text: str, width: float, height: float, size: float, min_size: float | None,
                face: str, leading: float, max_lines: int | None
                ) -> Fitted | tuple[float, float, float, float]:
    """fit() -> the Fitted lines, or TextOverflow's arguments (results are immutable)."""
    words = _words(parse_runs(text, face))
    best = _try_size(words, width, height, size, leading, max_lines)
    if not best.fits:
        ladder = _size_ladder(size, size if min_size is None else min(min_size, size))
        best = _search_ladder(words, width, height, ladder, leading, max_lines, best)
    if not best.fits:
        return (max(best.needed - height, 0.0), max(best.over_w, 0.0), best.needed, height)
    lh = fonts.line_height_mm(best.size, leading)
    return Fitted(tuple(best.lines), best.size, lh, best.needed)


def _search_ladder(words: list[list[Run]], width: float, height: float, ladder: list[float],
                   leading: float, max_lines: int | None, first: _Trial) -> _Trial:
    """The trial at the largest fitting size of the ladder (whose first size does not fit),
    or the failing trial at its smallest size."""
    tried: dict[int, _Trial] = {0: first}

    def trial(index: int) -> _Trial:
        if index not in tried:
            tried[index] = _try_size(words, width, height, ladder[index], leading, max_lines)
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
              leading: float, max_lines: int | None) -> _Trial:
    """Wrap the words at one size and say whether the block fits the box."""
    lines, over_w = _wrap_words(words, width, size)
    needed = block_height(len(lines), size, leading)
    too_many = max_lines is not None and len(lines) > max_lines
    fits = over_w <= 0.01 and needed <= height + 0.01 and not too_many
    return _Trial(size, lines, over_w, needed, fits)


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
) -> list[Text]:
    """Text primitives for fitted lines inside the box (x, y, width, height)."""
    top = {"top": y, "middle": y + (height - fitted.height) / 2, "bottom": y + height - fitted.height}
    baseline = top.get(valign, y) + fonts.ascent_mm("regular", fitted.size)
    items: list[Text] = []
    for line in fitted.lines:
        start = {"left": x, "center": x + (width - line.width) / 2, "right": x + width - line.width}
        cursor = start.get(align, x)
        for run in line.runs:
            items.append(Text(cursor, baseline, run.text, run.face, fitted.size, color))
            cursor += _run_width(run.text, run.face, fitted.size)
        baseline += fitted.line_height
    return items
