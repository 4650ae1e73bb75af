"""text.fit (searched sizes, merged-as-added lines) against the first-written scan and wrap.

The scan wraps with the same line breaker as fit (hyphens break words there too); the
first-written wrap is compared on words without hyphens, where the two must agree."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.layout import fonts, linebreak, text


def _merge(runs: list[text.Run]) -> tuple[text.Run, ...]:
    merged: list[text.Run] = []
    for r in runs:
        if merged and merged[-1].face == r.face:
            merged[-1] = text.Run(merged[-1].text + r.text, r.face)
        else:
            merged.append(r)
    return tuple(merged)


def _width(runs: list[text.Run], size: float) -> float:
    width = 0.0
    for r in runs:
        width += linebreak.run_width(r.text, r.face, size)
    return width


def wrap_as_first_written(words: list[list[text.Run]], width: float,
                          size: float) -> tuple[list[text.Line], float]:
    """The greedy wrap as first written: a run list per line, merged when the line closes."""
    lines: list[text.Line] = []
    current: list[text.Run] = []
    current_w = 0.0
    over_w = 0.0
    for word in words:
        if not word:
            lines.append(text.Line(_merge(current), current_w))
            current, current_w = [], 0.0
            continue
        word_w = _width(word, size)
        if current:
            space = text.Run(" ", current[-1].face)
            candidate_w = current_w + linebreak.run_width(" ", space.face, size)
            for r in word:
                candidate_w += linebreak.run_width(r.text, r.face, size)
            if candidate_w > width:
                lines.append(text.Line(_merge(current), current_w))
                current, current_w = list(word), word_w
            else:
                current.append(space)
                current.extend(word)
                current_w = candidate_w
        else:
            current, current_w = list(word), word_w
        over_w = max(over_w, word_w - width)
    if current:
        lines.append(text.Line(_merge(current), current_w))
    return lines, over_w


def fit_by_scan(body: str, width: float, height: float, *, size: float, min_size: float | None,
                face: str, leading: float, max_lines: int | None) -> text.Fitted:
    """The fitting rule as first written: wrap at every step from `size` down, first fit wins."""
    words = linebreak.split_words(text.parse_runs(body, face))
    floor = size if min_size is None else min(min_size, size)
    current = size
    while True:
        lines, over_w = linebreak.wrap_words(words, width, current)
        lines = [linebreak.measured(line, current) for line in lines]
        needed = text.block_height(len(lines), current, leading)
        too_many = max_lines is not None and len(lines) > max_lines
        if over_w <= 0.01 and needed <= height + 0.01 and not too_many:
            return text.Fitted(tuple(lines), current, fonts.line_height_mm(current, leading), needed)
        if current - text.SIZE_STEP < floor - 1e-9:
            raise text.TextOverflow(max(needed - height, 0.0), max(over_w, 0.0), needed, height)
        current = round(current - text.SIZE_STEP, 4)


WORD = st.text(alphabet="aeilmnorstuwWMi.,'-ĀāẞЖ", min_size=1, max_size=14)
PIECE = st.one_of(WORD, WORD.map(lambda w: f"**{w}**"), st.just("\n"), st.just("\n\n"))
BODY = st.lists(PIECE, min_size=0, max_size=60).map(" ".join)
SIZES = st.integers(min_value=8, max_value=72).map(lambda q: q / 4)  # 2 .. 18 pt
ODD_SIZES = st.floats(min_value=2.0, max_value=18.0, allow_nan=False).map(lambda x: round(x, 5))


def outcome(fitter, *args, **kwargs) -> tuple:
    """What a fit returns, or the overflow it raises (by its numbers)."""
    try:
        fitted = fitter(*args, **kwargs)
    except text.TextOverflow as exc:
        return ("overflow", exc.over_h, exc.over_w, exc.needed_h, exc.box_h)
    return ("fits", fitted)


@settings(max_examples=600, deadline=None)
@given(body=BODY, width=st.floats(min_value=3, max_value=90), height=st.floats(min_value=2, max_value=60),
       size=st.one_of(SIZES, ODD_SIZES), min_size=st.one_of(st.none(), SIZES, ODD_SIZES),
       face=st.sampled_from(["regular", "bold"]), leading=st.sampled_from([1.0, 1.15, 1.2, 1.5]),
       max_lines=st.one_of(st.none(), st.integers(min_value=1, max_value=8)))
def test_search_picks_the_same_size_and_lines_as_the_scan(body, width, height, size, min_size,
                                                          face, leading, max_lines) -> None:
    kwargs = dict(size=size, min_size=min_size, face=face, leading=leading, max_lines=max_lines)
    expected = outcome(fit_by_scan, body, width, height, **kwargs)
    assert outcome(text.fit, body, width, height, **kwargs) == expected


@pytest.mark.parametrize("height", [x / 2 for x in range(4, 80)])
def test_search_matches_the_scan_at_every_box_height(height: float) -> None:
    body = ("Each player draws **two** cards, then discards one of their choice.\n"
            "If the deck runs out, shuffle the discard pile to form a new deck. ") * 2
    kwargs = dict(size=11.0, min_size=4.0, face="regular", leading=1.2, max_lines=None)
    assert outcome(text.fit, body, 38, height, **kwargs) == outcome(fit_by_scan, body, 38, height,
                                                                    **kwargs)


@settings(max_examples=300, deadline=None)
@given(body=BODY, width=st.floats(min_value=0, max_value=90), size=SIZES,
       face=st.sampled_from(["regular", "bold"]))
def test_wrap_gives_the_same_lines_and_overflow_as_first_written(body, width, size, face) -> None:
    words = linebreak.split_words(text.parse_runs(body.replace("-", ""), face))
    lines, over = linebreak.wrap_words(words, width, size)
    first, first_over = wrap_as_first_written(words, width, size)
    assert ([(line.runs, line.width) for line in lines], over) == (
        [(line.runs, line.width) for line in first], first_over)
