"""A plain text fitted without letter spacing (cardgen.layout.plainfit) gets what the general
wrap gives (linebreak.wrap_words, then linebreak.measured): the same size, lines, widths and
heights, or the same overflow; sizes that cannot fit stop early, the last one tried never."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.layout import text

_WORDS = st.lists(st.sampled_from(
    ["a", "to", "the", "card", "resource", "well-known", "adjacent", "hyphenation", "x" * 40,
     "turn.", "(market)", "Überraschung", "שלום", "1234", "—"]), min_size=1, max_size=60)


def _both(monkeypatch: pytest.MonkeyPatch, body: str, *args: Any) -> tuple[Any, Any]:
    text._fit_cached.cache_clear()
    fast = text._fit_cached(body, *args)
    text._fit_cached.cache_clear()
    with monkeypatch.context() as patched:
        patched.setattr(text, "_fit_plain", None)  # the general path: what it was made from
        patched.setattr(text, "PlainWords", type("Never", (), {}))
        slow = text._fit_cached(body, *args)
    text._fit_cached.cache_clear()
    return fast, slow


@settings(max_examples=400, deadline=None)
@given(words=_WORDS, width=st.floats(3, 80), height=st.floats(2, 60),
       size=st.sampled_from([6.0, 8.0, 11.0, 14.0]), min_size=st.sampled_from([None, 4.0, 6.0]),
       max_lines=st.sampled_from([None, 1, 3]), face=st.sampled_from(["regular", "bold"]),
       language=st.sampled_from([None, "en"]))
def test_plain_text_fits_as_the_general_wrap_fits_it(
        words: list[str], width: float, height: float, size: float, min_size: float | None,
        max_lines: int | None, face: str, language: str | None) -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:
        fast, slow = _both(monkeypatch, " ".join(words), width, height, size, min_size, face,
                           1.2, max_lines, text.DEFAULT_FAMILY, language, 0.0)
    assert fast == slow
    if isinstance(fast, text.Fitted):
        assert [type(line.width) for line in fast.lines] == [type(line.width) for line in slow.lines]


def test_a_size_that_cannot_fit_stops_early_and_the_last_is_wrapped_whole() -> None:
    from cardgen.layout import plainfit

    words = ["resource"] * 200
    lines, _, whole = plainfit.wrap_plain(words, "regular", 30.0, 8.0, None, 3)
    assert not whole and len(lines) == 3
    lines, over, whole = plainfit.wrap_plain(words, "regular", 30.0, 8.0, None, None)
    assert whole and len(lines) > 50 and over == 0.0
    text._fit_cached.cache_clear()
    with pytest.raises(text.TextOverflow) as raised:  # the overflow of all 200 words at 6 pt
        text.fit(" ".join(words), 30.0, 10.0, size=8.0, min_size=6.0)
    assert raised.value.needed_h > 100
