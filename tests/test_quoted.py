"""data/quoted.py: `quote:` marks and sources -> the texts the check must find in a rulebook."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.data.quoted import component_quotes, file_quotes, quote_paths, resolve
from cardgen.data.yamlsrc import _parse_text

BOOK = Path("rules.md")
HINT = ("  hint: e.g. quote: [text] or quote: [\"lines[]\", effect.text]; text not quoted verbatim is "
        "marked status: draft")


@pytest.mark.parametrize(("value", "paths"), [
    ("text", ["text"]), (["a", "b.c"], ["a", "b.c"]), ([], None), ([1], None), (["a", 1], None),
    (3, None), (None, None), ({"a": 1}, None),
])
def test_quote_paths(value: object, paths: list[str] | None) -> None:
    assert quote_paths(value) == paths


ITEM = {"text": "T", "effect": {"text": "E", "cost": 2}, "lines": ["L0", "L1"],
        "powers": [{"name": "Z-Move", "text": "Z"}, {"name": "Dash", "text": "D"}, "odd"],
        "mixed": ["a", 3]}


@pytest.mark.parametrize(("path", "found"), [
    ("text", [("T", ("text",))]),
    (" text ", [("T", ("text",))]),
    ("effect.text", [("E", ("effect", "text"))]),
    ("lines[]", [("L0", ("lines", 0)), ("L1", ("lines", 1))]),
    ("lines[1]", [("L1", ("lines", 1))]),
    ("powers[name=z-move].text", [("Z", ("powers", 0, "text"))]),
    ("powers[name= DASH ].text", [("D", ("powers", 1, "text"))]),
    ("lines[2]", None), ("effect.cost", None), ("effect", None), ("mixed[]", None), ("nothing", None),
    ("text[]", None), ("text.more", None), ("a b", None), ("lines[x", None), ("powers[name=Q].text", None),
])
def test_resolve(path: str, found: list | None) -> None:
    assert resolve(ITEM, path) == found


def _src(text: str):
    src = _parse_text(text, "f.yaml")
    src.prefix = ("cards",)
    return src


def test_component_quotes_and_source() -> None:
    src = _src("- { id: c1, text: Hi, lines: [A, B], quote: [text, 'lines[]'], source: p. 2 }\n")
    problems: list = []
    quotes = component_quotes(src.data[0], src, (0,), BOOK, problems)
    assert problems == []
    assert [(q.text, str(q.where), q.rulebook, q.what) for q in quotes] == [
        ("p. 2", "f.yaml:1:72", BOOK, "c1 source"), ("Hi", "f.yaml:1:19", BOOK, "c1 text"),
        ("A", "f.yaml:1:31", BOOK, "c1 lines[]"), ("B", "f.yaml:1:34", BOOK, "c1 lines[]")]


def test_bad_component_quote_marks() -> None:
    src = _src("- { id: c1, text: Hi, quote: [txet, text] }\n- { text: Hi, quote: 3 }\n"
               "- { id: c3, source: 4, quote: [] }\n")
    problems: list = []
    assert [q.what for q in component_quotes(src.data[0], src, (0,), None, problems)] == ["c1 text"]
    assert component_quotes(src.data[1], src, (1,), None, problems) == []
    assert component_quotes(src.data[2], src, (2,), None, problems) == []
    assert [p.render() for p in problems] == [
        "f.yaml:1:30: error[bad-quote] cards[0].quote: quote: 'txet' names no text of this component\n"
        + HINT,
        "f.yaml:2:22: error[bad-quote] cards[1].quote: quote: names the quoted fields: a field name "
        "or a list of them\n" + HINT,
        "f.yaml:3:31: error[bad-quote] cards[2].quote: quote: names the quoted fields: a field name "
        "or a list of them\n" + HINT]


def test_file_quotes_of_terms_rules_and_mentions() -> None:
    src = _parse_text(
        "vocab:\n  suit:\n    - { id: s, name: Star, description: Bright, quote: [name, description] }\n"
        "    - { id: m, name: Moon, quote: description }\n    - { id: x, quote: 3 }\n    - plain\n"
        "    - { id: y, name: Y }\n  odd: 5\n"
        "rules:\n  - { rule: exists, quote: Each card }\n  - { rule: exists, quote: [1] }\n  - 7\n"
        "rulebook_mentions:\n  - { quote: the deck }\n", "e.yaml")
    problems: list = []
    quotes = file_quotes(src, BOOK, problems)
    assert [(q.text, str(q.where), q.what) for q in quotes] == [
        ("Star", "e.yaml:3:22", "term s name"), ("Bright", "e.yaml:3:41", "term s description"),
        ("Each card", "e.yaml:10:28", "rule"), ("the deck", "e.yaml:14:14", "rulebook mention")]
    assert all(q.rulebook == BOOK for q in quotes)
    hint = "\n" + HINT
    assert [p.render() for p in problems] == [
        "e.yaml:4:35: error[bad-quote] vocab.suit[1].quote: quote: a term quotes its name or "
        "description" + hint,
        "e.yaml:5:23: error[bad-quote] vocab.suit[2].quote: quote: a term quotes its name or "
        "description" + hint]
    assert file_quotes(_parse_text("- a\n", "c.yaml"), BOOK, problems) == []
