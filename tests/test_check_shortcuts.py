"""The check's shortcuts give what the long way gives: a line whose only markup is `*` emphasis
read without markdown-it, a quote's tokens in one pass, names looked up by their last word and
stem, and the lines a scan skips because they cannot match (no number, no list separators, no
placeholder, a set-up step's words missing)."""

from __future__ import annotations

import re
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgen.check import boxlist, counts, mdtext, setup, structure, terms
from cardgen.check.mdtext import Doc, Line, plain, tokens
from cardgen.check.terms import Names, is_known

# ---------------------------------------------------------------- emphasis without markdown-it


def _normal(text: str) -> str:
    """A line as plain() has it before reading its markup."""
    return unicodedata.normalize("NFC", text.replace("’", "'").replace("‘", "'"))


def _by_markdown_it(text: str) -> str:
    """plain() as markdown-it's inline parser reads the line, no shortcut."""
    text = _normal(text)
    out = [" " if t.type in ("softbreak", "hardbreak") else t.content
           for t in mdtext._inline(text)
           if t.type in ("text", "text_special", "code_inline", "html_inline", "softbreak",
                         "hardbreak", "image")]
    return " ".join("".join(out).split())


_STARRY = st.lists(st.sampled_from(["*", "**", "***", " ", "\t", "a", "Zé", "3", ".", ",", "(",
                                    ")", ":", "-", "!", "&", "’", "◇", "“", "\xa0"]),
                   max_size=16).map("".join)


@given(_STARRY)
def test_a_line_of_star_emphasis_reads_as_markdown_it_reads_it(text: str) -> None:
    found = mdtext._stars(_normal(text))
    if found is not None:
        assert " ".join(found.split()) == _by_markdown_it(text)
    assert plain(text) == _by_markdown_it(text)


@pytest.mark.parametrize(("text", "read"), [
    ("**Foo** bar *baz*.", "Foo bar baz."), ("Place **the 3 Earth Cards** face-up", None),
    ("(**x**)", "(x)"), ("**4 Wins - Impossible!**  ", "4 Wins - Impossible!  "),
    ("**(1s)** - permits", "(1s) - permits"), ("*Tārā*", "Tārā")])
def test_the_shortcut_takes_the_usual_lines(text: str, read: str | None) -> None:
    assert mdtext._stars(text) == (read if read is not None else text.replace("**", ""))


@pytest.mark.parametrize("text", ["a**b**c", "** a**", "***x***", "*a**", "**a*", "a * b",
                                  "**.**a", "x**.**", "“**a**”", "**a**b", "*a", "a*"])
def test_the_shortcut_leaves_what_could_open_and_close_to_markdown_it(text: str) -> None:
    assert mdtext._stars(text) is None
    assert plain(text) == _by_markdown_it(text)


# ---------------------------------------------------------------- tokens in one pass


def _tokens_by_gaps(text: str) -> list[str]:
    """tokens() as it was written first: words, and the symbols in the gaps between them."""
    flat = mdtext._TIMES.sub(lambda m: m.group(1) or m.group(2), plain(text).replace("_", " "))
    out: list[str] = []
    pos = 0
    for match in mdtext._WORD.finditer(flat):
        out.extend(c for c in flat[pos:match.start()] if unicodedata.category(c) == "So")
        out.append(match.group(0))
        pos = match.end()
    return out + [c for c in flat[pos:] if unicodedata.category(c) == "So"]


@given(st.lists(st.sampled_from(["a", "B", "3", "x", "×", " ", "-", "'", "’", "_", "◇", "★", "é",
                                 "—", "²", "½", "٣", "©", ".", "e\u0301"]), max_size=20).map("".join))
def test_tokens_are_the_words_and_the_symbols_between_them(text: str) -> None:
    assert tokens(text) == _tokens_by_gaps(text)


# ---------------------------------------------------------------- names


_WORDS = st.sampled_from(["card", "token", "red", "orbit", "hp", "player"])
_NAME = st.lists(_WORDS, min_size=1, max_size=4).map(tuple)


@given(st.sets(_NAME, max_size=8), st.lists(_WORDS, max_size=4).map(tuple))
def test_is_known_looks_only_at_names_with_the_same_last_word(
        known: set[tuple[str, ...]], phrase: tuple[str, ...]) -> None:
    every = phrase in known or any(
        k[-len(phrase):] == phrase if len(k) > len(phrase) else phrase[-len(k):] == k
        for k in known)
    assert is_known(phrase, Names(known, set(), {}, {}, set())) is every


@given(st.sets(_NAME, max_size=8), st.lists(_WORDS, min_size=2, max_size=4).map(tuple))
def test_drift_looks_at_every_name_a_phrase_can_resemble(
        known: set[tuple[str, ...]], phrase: tuple[str, ...]) -> None:
    names = Names(known, {"card", "token"}, {}, {k: " ".join(k) for k in known}, set())
    if is_known(phrase, names):
        return
    close = {k for k in known if terms._resembles(phrase, k, names.heads)}
    text = " ".join(w.capitalize() for w in phrase)
    found = terms.drift_findings(None, _book([f"The {text} is here."]), names)  # type: ignore[arg-type]
    assert bool(found) is bool(close)
    if close:
        best = min(close, key=lambda k: (len(k) != len(phrase) + 1, k))
        assert f"the data calls it '{' '.join(best)}'" in found[0].message


def _book(lines: list[str]) -> terms.Rulebook:
    doc = Doc([Line(n, raw, raw) for n, raw in enumerate(lines, start=1)])
    return terms.Rulebook(None, "rules.md", lines, None, 0, [], doc)  # type: ignore[arg-type]


# ---------------------------------------------------------------- lines skipped


_TEXT = st.lists(st.sampled_from(["one", "Two", "ſix", "seven", "3", "٣", "tens", " ", ",", ";",
                                  "and", "AND", "or", "Or", "x", "TODO", "todo", "(", "a"]),
                 max_size=10).map("".join)


@given(_TEXT)
def test_a_line_without_a_number_has_no_count(text: str) -> None:
    if not counts._has_number(text):
        assert not counts._sentence_claims(1, text)
    assert counts._has_number(text) is bool(counts._ANY_NUMBER.search(text))


@given(_TEXT)
def test_a_part_without_two_separators_is_no_list_of_three(text: str) -> None:
    if len([i for i in terms._LIST_SPLIT.split(text) if i.strip()]) >= 3:
        assert terms._separators(text)


@given(st.lists(_TEXT, max_size=4))
def test_placeholders_are_found_on_the_lines_that_hold_them(lines: list[str]) -> None:
    doc = Doc([Line(n, raw, raw) for n, raw in enumerate(lines, start=1)])
    found = structure.placeholder_findings(doc, "rules.md")
    assert [f.where for f in found] == [f"rules.md:{n}:1" for n, raw in enumerate(lines, start=1)
                                        if structure._PLACEHOLDER.search(raw)]


@given(st.sampled_from(["", "**", "deal 2 cards", "Deal two Cards to each player", "six cases",
                        "place 3 ◇s"]),
       st.lists(st.sampled_from(["", "deal 2 cards", "deal 5 cards to each player", "six caſes",
                                 "six cases", "place 4 ◇s here", "nothing", "deal  2 cards"]),
                max_size=6))
def test_a_steps_words_are_matched_on_every_line_that_can_hold_them(
        words: str, lines: list[str]) -> None:
    numbered = [(n, setup._plain(line)) for n, line in enumerate(lines, start=1)]
    pattern = setup._pattern(words)
    every = [(n, [setup._value(g) for g in m.groups() if g is not None])
             for n, text in numbered if (m := pattern.search(text)) is not None]
    candidates = [(n, text) for n, text in numbered if text] if setup._plain(words) else numbered
    assert setup._matches(words, candidates) == every


def test_a_step_without_words_still_takes_a_blank_line() -> None:
    assert setup._matches("**", [(1, ""), (2, "deal 2 cards")]) == [(1, []), (2, [])]
    assert re.fullmatch(r"\(\?<!\[\\w\]\)", setup._pattern("**").pattern)


_ITEM = st.lists(st.sampled_from(["3", "x", "×", " ", "Pawns", "pawns", "**", "1-5", "(2)", ":",
                                  "Cards", "red"]), max_size=6).map("".join)


@given(st.lists(_ITEM, min_size=1, max_size=6), st.lists(_ITEM, min_size=1, max_size=6))
def test_same_items_answers_as_same_item(left: list[str], right: list[str]) -> None:
    same = boxlist.SameItems()
    for a in left:
        for b in right:
            assert same(a, b) is boxlist.same_item(a, b)


_PROSE = st.lists(st.sampled_from(["The ", "Libraries", "library ", "tokens", "Token", "red ",
                                   "(x) ", "**", "glass", "Cards ", "K", "İ", "’s", "-"]),
                  max_size=8).map("".join)


@given(st.lists(_PROSE, max_size=5),
       st.sets(st.sampled_from([("library",), ("token",), ("red", "token"), ("card",),
                                ("glass",), ("y",), ("the",)]), min_size=1))
def test_the_first_use_of_a_name_is_found_on_any_line_that_names_it(
        lines: list[str], wanted: set[tuple[str, ...]]) -> None:
    names = Names(set(), set(), {}, {}, set())
    every = next(((n, text) for n, text in enumerate(lines, start=1) if text and any(
        any(terms.normal(text)[i:i + len(name)] == name for i in range(len(terms.normal(text))))
        for name in wanted)), None)
    assert counts._first_use(_book(lines), names, wanted) == every


def test_a_doc_read_now_equals_the_one_read_again_and_shares_nothing_with_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mdtext, "_DOCS", {})
    monkeypatch.setattr(mdtext, "_USED", (set(), set()))
    text = "# Box\n| a | **b** |\n|---|---|\n| 3 | c |\n- 1. *x*\n\nPlain text, TODO.\n"
    first = mdtext.read(text)
    first.lines[1].kind = "changed"
    again = mdtext.read(text)
    assert again.lines[1].kind == mdtext.ROW and again.lines[1].cells == ("a", "b")
    first.lines[1].kind = mdtext.ROW
    assert first == again and all(a is not b for a, b in zip(first.lines, again.lines, strict=True))


# ---------------------------------------------------------------- patterns told where to start

_LIST_SPLIT_PLAIN = re.compile(r"\s*(?:,|;|\band\b|\bor\b)\s*", re.I)
_LISTS = st.lists(st.sampled_from(["and", "AND", "aNd", "or", "OR", "o", "a", "n", "d", "r", " ",
                                   "\t", "\n", ",", ";", "ſ", "K", "İ", "ı", "sand", "ore", "x",
                                   "Tārā", "-", "\u00a0", "\x1c"]),
                  max_size=12).map("".join)


@given(_LISTS)
def test_a_list_is_split_as_the_plain_pattern_splits_it(text: str) -> None:
    """The list separators' lookahead changes only where the pattern is tried, not a split."""
    assert terms._LIST_SPLIT.split(text) == _LIST_SPLIT_PLAIN.split(text)


def _unit_long_way(sentence: str) -> str | None:
    per = counts._PER.search(sentence)
    return counts._unit(per.group(1)) if per else None


@given(st.lists(st.sampled_from(["each", "EACH", "Every", "every", "per", "PER", "pEr", "eaCH",
                                 "player", "tower", "Player", " ", "\t", "ſ", "K", "p", "er",
                                 "ach", "e", "3", "of", "other", ".", "Tārā"]),
                max_size=10).map("".join))
def test_a_sentence_without_each_every_or_per_has_no_unit(sentence: str) -> None:
    assert counts._sentence_unit(sentence) == _unit_long_way(sentence)


def test_a_sentences_claims_take_its_unit() -> None:
    sentence = "Deal 5 cards to each player and 2 tokens."
    found = counts._sentence_claims(4, sentence)
    unit = _unit_long_way(sentence)
    assert unit
    assert [(c.said, c.words, c.unit) for c in found] == [(5, ["cards"], unit),
                                                          (2, ["tokens"], unit)]
    assert [c.unit for c in counts._sentence_claims(1, "Place 3 tiles.")] == [None]


def test_a_line_without_a_phrase_is_not_split_into_sentences() -> None:
    """drift_findings skips a line _PHRASE finds nothing in: no sentence of it holds one."""
    for line in ["The Score Token. Then the Bonus Cards!", "no capitals here. none.", "A. B C",
                 "x Red Corp", "Tārā Red. Corp"]:
        whole = terms._PHRASE.search(line) is not None
        parts = any(terms._PHRASE.search(s) for s in terms._SENTENCE.split(line))
        assert parts <= whole, line
