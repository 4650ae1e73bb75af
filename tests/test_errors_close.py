"""`errors.close_matches` answers as difflib.get_close_matches(word, names, n=1, cutoff=0.6),
though it loads difflib only when a name passes difflib's own two cheap bounds."""

from __future__ import annotations

import difflib
import itertools

from hypothesis import given
from hypothesis import strategies as st

from cardgen.errors import _within_bounds, close_matches, did_you_mean


def _difflib(word: str, names: list[str]) -> list[str]:
    return difflib.get_close_matches(word, names, n=1, cutoff=0.6)


def _bounds(word: str, name: str) -> bool:
    matcher = difflib.SequenceMatcher(None, name, word)
    return matcher.real_quick_ratio() >= 0.6 and matcher.quick_ratio() >= 0.6


SEEDS = ["", "a", "ab", "ba", "token", "tokens", "Token", "score token", "marker", "bluecorp",
         "ultra-violet", "Tārā", "Gaia", "IRiS", "RedCorp", "aaa", "aab", "abc", "xyz", "xy"]


def test_bounds_are_difflibs() -> None:
    for word, name in itertools.product(SEEDS, repeat=2):
        assert _within_bounds(word, name) == _bounds(word, name), (word, name)


def test_seed_words_and_names() -> None:
    for word in SEEDS:
        for k in range(len(SEEDS) + 1):
            names = sorted(set(SEEDS[:k]))
            assert close_matches(word, names) == _difflib(word, names), (word, names)


@given(st.text(alphabet="abcdeā -", max_size=9),
       st.lists(st.text(alphabet="abcdeā -", max_size=9), max_size=6))
def test_generated(word: str, names: list[str]) -> None:
    names = sorted(set(names))
    assert close_matches(word, names) == _difflib(word, names)
    assert all(_within_bounds(word, n) == _bounds(word, n) for n in names)


def test_did_you_mean_hints() -> None:
    assert did_you_mean("tokn", ["token", "marker"]) == "did you mean 'token'?"
    assert did_you_mean("ultra-violet", ["Gaia", "IRiS", "RedCorp", "Tārā", "bluecorp"]) == (
        "expected one of: Gaia, IRiS, RedCorp, Tārā, bluecorp")
    assert did_you_mean("zzz", [str(i) for i in range(20)]) is None
