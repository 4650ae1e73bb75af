"""Fitting a plain text (one run of one face: no markup, icons, soft hyphens or line breaks,
`linebreak.PlainWords`) without letter spacing: what `text.fit` gives through
`linebreak.wrap_words` and `linebreak.measured`, the same lines and widths, with less made per
size tried.

Each size tried wraps the words by their widths per face and size (`linebreak._widths`: a
word's run_width and advance in font units, read once per word), adding up each line's width
and advance in the order `_wrap_plain` adds them, and keeps a line as its text, width and
whether it ends the paragraph; no `Line` or `Run` is made until the size is chosen. A size
that is not the last one tried stops wrapping as soon as it cannot fit: once its lines need
more height than the box has, or a word is wider than the box (only the last size's overflow
is reported, so only its lines are all counted). The chosen size's lines are kept as their
texts, widths as drawn (added up in font units as the wrap went, and put where
`linebreak.line_width` finds them) and paragraph ends: `text.place` makes a `Text` of each, and
their `Line`s are made only when asked for (`text.Fitted.lines`).
"""

from __future__ import annotations

from cardgen.layout import fonts, shaping
from cardgen.layout.linebreak import (
    _LINE_WIDTHS,
    _UNITS,
    Line,
    Run,
    _breaks,
    _units_of,
    _widths,
    line_width,
    run_width,
)

# a line of a size tried: its text, its width as wrapped (mm), whether it ends its paragraph,
# its width as drawn (mm; None for a line with right-to-left text: linebreak.line_width)
Piece = tuple[str, float, bool, float | None]


def wrap_plain(words: list[str], face: str, width: float, size: float, language: str | None,  # noqa: C901
               most: int | None, rtl: bool | None = None, keep: bool = True
               ) -> tuple[list[Piece], float, bool]:
    """The words wrapped at one size (linebreak._wrap_plain without letter spacing): the
    lines, the widest word's overflow, and whether all were wrapped. With `most`, wrapping
    stops (False) at a word wider than the box or when a line after the first `most` begins.
    `rtl`: whether any word has a right-to-left letter, when the caller knows. `keep`: each
    line's width as drawn put where linebreak.line_width finds it (a text plan, which gives
    its lines their boxes, keeps them only for lines it places under a transform)."""
    space = run_width(" ", face, size)
    known = _widths(face, size)
    units = _UNITS.setdefault(face, {})
    space_u = _units_of(units, " ", face)
    if rtl is None:  # else no line has a right-to-left letter
        rtl = shaping.has_rtl(" ".join(words))
    per_em = fonts.units_per_em(face)
    lines: list[Piece] = []
    texts: list[str] = []  # the words of the line being filled
    line_w = over_w = 0.0
    line_u = 0

    def close(end: bool) -> None:
        text = " ".join(texts)
        if rtl and shaping.has_rtl(text):
            lines.append((text, line_w, end, None))
            return
        drawn = line_u / per_em * size * fonts.PT_TO_MM  # fonts.text_width_mm, as _PlainLines
        lines.append((text, line_w, end, drawn))
        if not keep:
            return
        key = (text, face, size)
        if key not in _LINE_WIDTHS:
            if len(_LINE_WIDTHS) >= 1 << 14:
                _LINE_WIDTHS.clear()
            _LINE_WIDTHS[key] = drawn

    get = known.get
    for word in words:
        found = get(word)
        word_w, word_u = found if found is not None else _measure(known, units, word, face, size)
        if texts:  # the usual case first: the word fits after a space (the loop's first test)
            if word_w <= width + (-line_w - space):
                line_w = line_w + space + word_w
                line_u = line_u + space_u + word_u
                texts.append(word)
                continue
        elif word_w <= width:
            line_w, line_u = line_w + word_w, line_u + word_u
            texts.append(word)
            continue
        while True:
            room = width + (-line_w - space) if texts else width + 0.0
            if word_w <= room or (not texts and word_w <= width):
                line_w = line_w + space + word_w if texts else line_w + word_w
                line_u = line_u + space_u + word_u if texts else line_u + word_u
                texts.append(word)
                break
            split = _split_plain(word, room, language, known, units, face, size)
            if split is not None:
                head, head_w, head_u, word = split
                line_w = line_w + space + head_w if texts else line_w + head_w
                line_u = line_u + space_u + head_u if texts else line_u + head_u
                texts.append(head)
                close(False)
                texts, line_w, line_u = [], 0.0, 0
                word_w, word_u = _measure(known, units, word, face, size)
            elif texts:
                close(False)
                texts, line_w, line_u = [], 0.0, 0
            else:
                line_w += word_w
                line_u += word_u
                texts.append(word)
                over_w = max(over_w, word_w - width)
                if most is not None and over_w > 0.01:  # cannot fit (text.fit's test)
                    return lines, over_w, False
                break
            if most is not None and len(lines) >= most:
                return lines, over_w, False
    if texts:
        close(True)
    return lines, over_w, True


def one_line(words: list[str], face: str, width: float, size: float, keep: bool = True
             ) -> tuple[str, float] | None:
    """The words as one line, its text and width as drawn, when wrap_plain at this size puts
    them all on its first line without a break (each word fitting after the one before, the
    widths added in wrap_plain's order); None when a word does not fit (wrap_plain breaks).
    `keep`: as wrap_plain's."""
    known = _widths(face, size)
    units = _UNITS.setdefault(face, {})
    space, space_u = run_width(" ", face, size), _units_of(units, " ", face)
    line_w, line_u = 0.0, 0
    get = known.get
    for n, word in enumerate(words):
        found = get(word)
        word_w, word_u = found if found is not None else _measure(known, units, word, face, size)
        if not n:
            if not word_w <= width:
                return None
            line_w, line_u = line_w + word_w, line_u + word_u
        elif word_w <= width + (-line_w - space):
            line_w = line_w + space + word_w
            line_u = line_u + space_u + word_u
        else:
            return None
    text = " ".join(words)
    drawn = line_u / fonts.units_per_em(face) * size * fonts.PT_TO_MM  # as wrap_plain's close
    if keep:
        _keep_width(text, face, size, drawn)
    return text, 0 + drawn  # plain_lines' width


def _keep_width(text: str, face: str, size: float, drawn: float) -> None:
    """A line's width as drawn, where linebreak.line_width finds it."""
    key = (text, face, size)
    if key not in _LINE_WIDTHS:
        if len(_LINE_WIDTHS) >= 1 << 14:
            _LINE_WIDTHS.clear()
        _LINE_WIDTHS[key] = drawn


def keep_widths(plain: tuple[Plain, ...], face: str, size: float) -> None:
    """The chosen size's lines' widths as drawn, where linebreak.line_width finds them (for
    lines fitted without `keep`)."""
    for text, drawn, _ in plain:
        _keep_width(text, face, size, drawn)


def _measure(known: dict[str, tuple[float, int]], units: dict[str, int], word: str, face: str,
             size: float) -> tuple[float, int]:
    """A word's run_width and advance in font units, kept in `known` (linebreak._widths)."""
    found = known[word] = (run_width(word, face, size), _units_of(units, word, face))
    return found


def _split_plain(word: str, room: float, language: str | None,
                 known: dict[str, tuple[float, int]], units: dict[str, int], face: str,
                 size: float) -> tuple[str, float, int, str] | None:
    """linebreak._split of a plain word without letter spacing: (head, its run_width, its
    advance in font units, tail) at the latest break whose head fits `room`, or None; the
    heads' widths kept with the words'."""
    if room <= 0:
        return None
    for head, tail in _breaks(word, language):
        found = known.get(head)
        head_w, head_u = found if found is not None else _measure(known, units, head, face, size)
        if head_w <= room:
            return head, head_w, head_u, tail
    return None


# a line of the chosen size: its text, its width as drawn (mm), whether it ends its paragraph
Plain = tuple[str, float, bool]


def plain_lines(pieces: list[Piece], face: str, size: float) -> tuple[Plain, ...]:
    """The chosen size's lines with their widths as drawn (linebreak.measured)."""
    return tuple([(text, 0 + (line_width(text, face, size) if drawn is None else drawn), end)
                  for text, _, end, drawn in pieces])


def lines_from(plain: tuple[Plain, ...], face: str) -> tuple[Line, ...]:
    """Those lines as `Line`s, each one run of the face (what text.Fitted.lines holds)."""
    return tuple([Line((Run(text, face),), width, end) for text, width, end in plain])
