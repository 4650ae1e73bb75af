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
is reported, so only its lines are all counted). The chosen size's lines are made once, with
their widths as drawn (`linebreak.line_width`, which the wrap put where it finds them).
"""

from __future__ import annotations

from cardgen.layout import fonts, shaping
from cardgen.layout.linebreak import (
    _LINE_WIDTHS,
    _UNITS,
    Line,
    Run,
    _split,
    _units_of,
    _widths,
    line_width,
    run_width,
)

# a line of a size tried: its text, its width as wrapped (mm), whether it ends its paragraph
Piece = tuple[str, float, bool]


def wrap_plain(words: list[str], face: str, width: float, size: float, language: str | None,  # noqa: C901
               most: int | None) -> tuple[list[Piece], float, bool]:
    """The words wrapped at one size (linebreak._wrap_plain without letter spacing): the
    lines, the widest word's overflow, and whether all were wrapped. With `most`, wrapping
    stops (False) at a word wider than the box or when a line after the first `most` begins."""
    space = run_width(" ", face, size)
    known = _widths(face, size)
    units = _UNITS.setdefault(face, {})
    space_u = _units_of(units, " ", face)
    rtl = shaping.has_rtl(" ".join(words))  # else no line has a right-to-left letter
    per_em = fonts.units_per_em(face)
    lines: list[Piece] = []
    texts: list[str] = []  # the words of the line being filled
    line_w = over_w = 0.0
    line_u = 0

    def close(end: bool) -> None:
        text = " ".join(texts)
        lines.append((text, line_w, end))
        key = (text, face, size)
        if key not in _LINE_WIDTHS and not (rtl and shaping.has_rtl(text)):
            if len(_LINE_WIDTHS) >= 1 << 14:
                _LINE_WIDTHS.clear()
            _LINE_WIDTHS[key] = line_u / per_em * size * fonts.PT_TO_MM  # as _PlainLines

    get = known.get
    for word in words:
        found = get(word)
        if found is None:
            found = known[word] = (run_width(word, face, size), _units_of(units, word, face))
        word_w, word_u = found
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
            split = _split([Run(word, face)], room, size, language, 0.0)
            if split is not None:
                head, tail = split
                head_w = run_width(head.text, face, size)
                head_u = _units_of(units, head.text, face)
                line_w = line_w + space + head_w if texts else line_w + head_w
                line_u = line_u + space_u + head_u if texts else line_u + head_u
                texts.append(head.text)
                close(False)
                texts, line_w, line_u = [], 0.0, 0
                word = tail.text
                word_w = run_width(word, face, size)
                word_u = _units_of(units, word, face)
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


def lines_of(pieces: list[Piece], face: str, size: float) -> tuple[Line, ...]:
    """The chosen size's lines, each one run with its width as drawn (linebreak.measured)."""
    return tuple(Line((Run(text, face),), 0 + line_width(text, face, size), end)
                 for text, _, end in pieces)
