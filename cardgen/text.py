"""Text with **bold** runs + a box -> wrapped, shrunk-to-fit lines of positioned Text primitives.

Fitting tries the preferred size first and steps down (0.25 pt) to the minimum size; when the
text still does not fit, TextOverflow says by how much, and layout turns that into a Problem.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from cardgen import fonts
from cardgen.drawing import Text

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


def _width(runs: tuple[Run, ...] | list[Run], size: float) -> float:
    width = 0.0
    for r in runs:
        width += _run_width(r.text, r.face, size)
    return width


def _merge(runs: list[Run]) -> tuple[Run, ...]:
    merged: list[Run] = []
    for r in runs:
        if merged and merged[-1].face == r.face:
            merged[-1] = Run(merged[-1].text + r.text, r.face)
        else:
            merged.append(r)
    return tuple(merged)


def wrap(runs: list[Run], width: float, size: float) -> tuple[list[Line], float]:
    """Greedy word wrap -> (lines, widest word overflow in mm)."""
    return _wrap_words(_words(runs), width, size)


def _wrap_words(words: list[list[Run]], width: float, size: float) -> tuple[list[Line], float]:
    """wrap() on words already split; line widths add up run by run, left to right."""
    lines: list[Line] = []
    current: list[Run] = []
    current_w = 0.0
    over_w = 0.0
    for word in words:
        if not word:  # forced break
            lines.append(Line(_merge(current), current_w))
            current, current_w = [], 0.0
            continue
        word_w = _width(word, size)
        if current:
            space = Run(" ", current[-1].face)
            candidate_w = current_w + _run_width(" ", space.face, size)
            for r in word:
                candidate_w += _run_width(r.text, r.face, size)
            if candidate_w > width:
                lines.append(Line(_merge(current), current_w))
                current, current_w = list(word), word_w
            else:
                current.append(space)
                current.extend(word)
                current_w = candidate_w
        else:
            current, current_w = list(word), word_w
        over_w = max(over_w, word_w - width)
    if current:
        lines.append(Line(_merge(current), current_w))
    return lines, over_w


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
    """Largest size from `size` down to `min_size` at which the text fits the box."""
    words = _words(parse_runs(text, face))
    floor = size if min_size is None else min(min_size, size)
    current = size
    while True:
        lines, over_w = _wrap_words(words, width, current)
        needed = block_height(len(lines), current, leading)
        too_many = max_lines is not None and len(lines) > max_lines
        if over_w <= 0.01 and needed <= height + 0.01 and not too_many:
            lh = fonts.line_height_mm(current, leading)
            return Fitted(tuple(lines), current, lh, needed)
        if current - SIZE_STEP < floor - 1e-9:
            raise TextOverflow(max(needed - height, 0.0), max(over_w, 0.0), needed, height)
        current = round(current - SIZE_STEP, 4)


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
