"""Stage 3's shortcuts give what the general code gives: the lazily read hyphenation patterns
pyphen's positions, the one-run-a-word wrap the run-by-run wrap's lines, widths and overflow."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pyphen
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from cardgen.layout import linebreak, text
from cardgen.layout.hyphen import Hyphenator, hyphenator

REPO = Path(__file__).resolve().parents[1]


def _rulebook_words() -> list[str]:
    words: set[str] = set()
    for book in sorted(REPO.glob("data/*/*/rulebook.md")):
        words.update(re.findall(r"\w{2,}", book.read_text(encoding="utf-8")))
    return sorted(words)


@pytest.mark.parametrize("language", ["en", "en_GB", "de", "fr", "nl", "hu"])
def test_lazy_patterns_hyphenate_as_pyphen_does(language: str) -> None:
    path = Path(pyphen.LANGUAGES[pyphen.language_fallback(language)])
    ours = Hyphenator(path)
    theirs = pyphen.Pyphen(filename=path, left=2, right=3)
    rng = random.Random(language)
    pieces = [k.strip(".") for k in ours.raw if k.strip(".")]
    made = ["".join(rng.choice(pieces) for _ in range(rng.randint(1, 4))) for _ in range(1500)]
    words = _rulebook_words() + made + [w.upper() for w in made[:200]]
    assert words
    for word in words:
        assert ours.positions(word) == tuple(theirs.positions(word)), word


def test_a_language_pyphen_lacks_has_no_hyphenation() -> None:
    assert hyphenator("tlh") is None
    assert not linebreak.hyphenation_language("tlh")
    assert hyphenator("en-US") is hyphenator("en-US")  # opened once


_WORDS = st.lists(st.sampled_from(
    ["a", "to", "the", "card", "draw", "resource", "well-known", "adjacent", "hyphenation",
     "counterintelligence", "\n", "Überraschung", "x" * 40, "turn.", "(market)"]),
    min_size=1, max_size=40)


@settings(max_examples=300, deadline=None)
@given(words=_WORDS, width=st.floats(5, 80), size=st.sampled_from([6.0, 7.25, 8.0, 11.0]),
       language=st.sampled_from([None, "en"]), spacing=st.sampled_from([0.0, 0.3, -0.2]),
       colour=st.sampled_from([None, "#AA0000"]))
def test_the_one_run_wrap_breaks_as_the_run_by_run_wrap(words: list[str], width: float,
                                                        size: float, language: str | None,
                                                        spacing: float, colour: str | None
                                                        ) -> None:
    body = " ".join(words).replace(" \n ", "\n")
    split = linebreak.split_words(text.parse_runs(body, "regular"))
    split = [[linebreak.Run(r.text, r.face, r.icon, colour) for r in word] for word in split]
    assume(linebreak._plain_look(split) is not None)  # some words (not only line breaks)
    plain = linebreak.wrap_words(split, width, size, language, spacing)
    general = linebreak._wrap_runs(split, width, size, language, spacing)
    assert plain == general


def test_words_of_several_looks_take_the_run_by_run_wrap() -> None:
    for body in ("Gain **two** coins", "Pay [star] then", "counter\u00adintelligence agent"):
        words = linebreak.split_words(text.parse_runs(body, "regular"))
        assert linebreak._plain_look(words) is None
