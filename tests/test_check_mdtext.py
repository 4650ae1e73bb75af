"""Reading a rulebook's lines (mdtext.py) and its box list (boxlist.py) in the less usual forms:
setext and hash headings, capitals and bold lines, escaped bullets, tables Markdown does not
see, front matter; quantities last or excluded, table columns, where a box list ends."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgen.check import mdtext
from cardgen.check.boxlist import find_box, quantity, same_item
from cardgen.check.mdtext import BLANK, HEADING, ITEM, ROW, SKIP, TEXT, plain, read, tokens, words
from tests.conftest import REPO


def _kinds(text: str) -> list[tuple[int, str, int, str]]:
    return [(line.number, line.kind, line.level, line.text) for line in read(text).lines]


def test_plain_keeps_code_html_and_image_text() -> None:
    assert plain("Use `roll` <b>now</b> ![a die](d.png)") == "Use roll <b>now</b> a die"
    assert plain("a  \\\nb") == "a b"
    assert plain("  ‘quoted’  ") == "'quoted'"
    assert plain("e\u0301") == "\u00e9"
    assert plain("") == ""


def _by_markdown_it(text: str) -> str:
    """plain() as markdown-it alone reads the line (no shortcut for lines without markup)."""
    text = mdtext.unicodedata.normalize("NFC", text.replace("’", "'").replace("‘", "'"))
    tokens = mdtext._parser().parseInline(text)
    out = [" " if t.type in ("softbreak", "hardbreak") else t.content
           for t in (tokens[0].children or [] if tokens else [])
           if t.type in ("text", "code_inline", "html_inline", "softbreak", "hardbreak", "image")]
    return re.sub(r"\s+", " ", "".join(out)).strip()


@given(st.lists(st.sampled_from([*"ab Z9#$%&+-:=>@^{}~|!()'\"’.,;?/\t\xa0\u2003é×◇",
                                 "e\u0301", "&amp;", "&#35;", "& ", "AT&T"]), max_size=30).map("".join))
def test_plain_without_markup_is_what_markdown_it_reads(text: str) -> None:
    assert plain(text) == _by_markdown_it(text)


@pytest.mark.parametrize("text", ["a & b", "AT&T", "&amp; &#35; &copy", "x\\*y*", "a <b>c</b>",
                                  "1 ROOM & 2 KEYS", "under_score", "~~no~~ strike", "a\r\nb",
                                  "tab\there", "x\x00y", "[link](u)", "`code`"])
def test_plain_agrees_with_markdown_it(text: str) -> None:
    assert plain(text) == _by_markdown_it(text)


def test_words_and_tokens() -> None:
    assert words("it_is a-b c's, **x**!") == ["it", "is", "a-b", "c's", "x"]
    assert tokens("◇ a ⬡ b ★") == ["◇", "a", "⬡", "b", "★"]
    assert tokens("2× Pawns, ×4 dice, x-ray") == ["2", "Pawns", "4", "dice", "x-ray"]


def test_setext_headings_read_as_text_and_their_rules_skipped() -> None:
    assert _kinds("Title\n=====\nText\n") == [(1, TEXT, 1, "Title"), (2, SKIP, 0, ""),
                                              (3, TEXT, 0, "Text")]


def test_hash_headings_and_their_levels() -> None:
    assert _kinds("#### Four ####\n   # Three spaces\n#Not\n") == [
        (1, HEADING, 4, "Four"), (2, HEADING, 1, "Three spaces"), (3, TEXT, 0, "#Not")]


@pytest.mark.parametrize(("line", "heading"), [
    ("SETUP", True), ("ABC", True), ("AB", False), ("A1 B", False), ("NO.", False), ("X, Y", False),
    ("X Y", False), ("A" * 40, True), ("A" * 41, False), ("3 PAWNS", False), ("_ABC", False),
    ("**Bold line**", True), ("__Under__", True), ("**a** and **b**", False), ("****", False),
    ("**ab**", True), ("**Setup:** place it", False), ("Setup", False)])
def test_plain_text_headings(line: str, heading: bool) -> None:
    [found] = read(line + "\n").lines
    assert (found.kind == HEADING) is heading
    if heading:
        assert found.level == 7


def test_a_bold_line_is_marked_bold() -> None:
    lines = read("**Contents**\n__x y__\n**a** b\n").lines
    assert [line.bold for line in lines] == [True, True, False]


def test_bullets_markdown_does_not_see() -> None:
    assert _kinds("Text\n\\* escaped\n• dot\na) item\nb. item\n") == [
        (1, TEXT, 0, "Text"), (2, TEXT, 0, "escaped"), (3, TEXT, 0, "dot"), (4, ITEM, 0, "item"),
        (5, ITEM, 0, "item")]


def test_a_table_under_a_paragraph_line() -> None:
    doc = read("Para\n| a | **b** |\n|---|:--:|\n| 3 | c |\n\n")
    assert [(line.kind, line.text, line.cells) for line in doc.lines] == [
        (TEXT, "Para", ()), (ROW, "a b", ("a", "b")), (SKIP, "", ()), (ROW, "3 c", ("3", "c")),
        (BLANK, "", ())]


def test_a_markdown_table_and_images() -> None:
    doc = read("| Qty | Item |\n|---|---|\n| 3 | Cubes |\n| | Empty |\n\n![[pic.png]]\n![x]\n")
    assert [(line.kind, line.text, line.cells) for line in doc.lines] == [
        (ROW, "Qty Item", ("Qty", "Item")), (SKIP, "", ()), (ROW, "3 Cubes", ("3", "Cubes")),
        (ROW, "Empty", ("", "Empty")), (BLANK, "", ()), (SKIP, "", ()), (SKIP, "", ())]


def test_front_matter() -> None:
    assert [line.kind for line in read("---\na: 1\n...\nText\n").lines] == [SKIP, SKIP, SKIP, TEXT]
    assert [line.kind for line in read("---\na: 1\n").lines] == [TEXT, TEXT]
    assert read("---\n" + "a: 1\n" * 59 + "---\nText\n").lines[1].kind == TEXT
    assert read("---\n" + "a: 1\n" * 58 + "---\nText\n").lines[60].kind == TEXT
    assert read("---\n" + "a: 1\n" * 58 + "---\nText\n").lines[59].kind == SKIP


def test_nested_items_and_ordinals() -> None:
    doc = read("- a\n  - b\n    - c\n- d\n3) e\n")
    assert [(line.kind, line.level, line.ordinal) for line in doc.lines] == [
        (ITEM, 1, None), (ITEM, 2, None), (ITEM, 3, None), (ITEM, 1, None), (ITEM, 1, 3)]


# ---------------------------------------------------------------- box list


@pytest.mark.parametrize(("text", "expected"), [
    ("3 - Pawns", (3, 3, "Pawns")), ("Pawns x 3", (3, 3, "Pawns")), ("Pawns ×3", (3, 3, "Pawns")),
    ("1–5 Pawns", (1, 5, "Pawns")), (" 3  Pawns: ", (3, 3, "Pawns")), ("12", (None, None, "12")),
    ("x3", (None, None, "x3")), ("3-player board x2", (2, 2, "3-player board")),
    ("4 player boards: 2", (2, 2, "4 player boards")), ("4 player boards", (4, 4, "player boards")),
    ("6-sided dice (2)", (2, 2, "6-sided dice")), ("3 X Pawns", (3, 3, "Pawns")),
    ("PAWNS X3", (3, 3, "PAWNS"))])
def test_quantity_last_and_numbers_that_are_not_quantities(
        text: str, expected: tuple[int | None, int | None, str]) -> None:
    assert quantity(text) == expected


def test_same_item_needs_the_quantity_and_a_name() -> None:
    assert same_item("**3** pawns", "3 Pawns") and same_item("Pawns", "pawns")
    assert not same_item("3 Pawns", "Pawns") and not same_item("1-5 Pawns", "1-4 Pawns")
    assert not same_item("3 Pawns", "3 Dice")


def _box(text: str) -> list[tuple[int, str, int | None, int | None, str, int]]:
    found = find_box(read(text))
    assert found is not None
    return [(b.number, b.text, b.low, b.high, b.name, b.depth) for b in found.items]


def test_table_columns_in_any_order_with_other_cells() -> None:
    text = ("## Components\n| Item | Qty | Colour |\n|---|---|---|\n| Cards | 3 | red |\n"
            "| Dice | x2 | blue, white |\n| Board | | |\n")
    assert _box(text) == [(4, "3 Cards (red)", 3, 3, "Cards (red)", 0),
                          (5, "2 Dice (blue, white)", 2, 2, "Dice (blue, white)", 0),
                          (6, "Board", None, None, "Board", 0)]
    no_header = "## Components\n| Cards | 3x | red | |\n| 2 | Dice |\n| x4 | |\n"
    assert [b[1] for b in _box(no_header)] == ["3 Cards (red)", "2 Dice", "4"]
    header_too_wide = "## Components\n| Name | Extra | Count |\n| Cards | 4 |\n"
    assert [b[1] for b in _box(header_too_wide)] == ["4 Cards"]


def test_the_first_heading_with_items_and_where_it_ends() -> None:
    text = ("# Components\n\n# Game\n## Contents\n- 3 Pawns\n### Dice\n- 2 Dice\n**Tokens**\n"
            "- 1 Token\nSETUP\n- 9 Nothing\n")
    found = find_box(read(text))
    assert found is not None and (found.heading, found.heading_line) == ("Contents", 4)
    assert [b.text for b in found.items] == ["3 Pawns", "Dice", "2 Dice", "Tokens", "1 Token"]
    caps = find_box(read("COMPONENTS\n3 Pawns\n**More**\n2 Dice\n"))
    assert caps is not None and [b.text for b in caps.items] == ["3 Pawns"]
    colon = find_box(read("What is in the box:\n3 Pawns\n\nSETUP\n2 Dice\n"))
    assert colon is not None and (colon.heading, [b.text for b in colon.items]) == (
        "What is in the box", ["3 Pawns"])


def test_a_box_list_ends_at_the_first_sentence_of_rules() -> None:
    text = ("Contents:\n3 Pawns\nA board for all\nThen place the pawns on the board now.\n"
            "2 Dice\n")
    assert [b[1] for b in _box(text)] == ["3 Pawns", "A board for all"]
    long = "Contents:\n3 Pawns\none two three four five six seven eight nine ten eleven\n2 Dice\n"
    assert [b[1] for b in _box(long)] == ["3 Pawns"]
    ten = "Contents:\n3 Pawns\none two three four five six seven eight nine ten\n2 Dice\n"
    assert [b[1] for b in _box(ten)] == ["3 Pawns", "one two three four five six seven eight nine "
                                         "ten", "2 Dice"]
    items = ("Contents:\n- 3 Pawns\n- Then place the pawns on the board, one per player, in "
             "order.\n- 2 Dice\n")
    assert len(_box(items)) == 3
    counted = "Contents:\n3 Pawns\n12 pawns to be placed on the board by each player in turn.\n"
    assert len(_box(counted)) == 2


def test_a_line_ending_in_a_colon_names_the_box_only_when_it_says_so() -> None:
    assert find_box(read("Setup:\n- 3 Pawns\n")) is None
    assert find_box(read("| Contents: | x |\n|---|---|\n| 3 | Pawns |\n")) is None


def test_a_table_rule_markdown_does_not_see_is_skipped() -> None:
    assert _kinds("Para\n|---|:---:|\n| a | b |\n") == [
        (1, TEXT, 0, "Para"), (2, SKIP, 0, ""), (3, ROW, 0, "a b")]


def test_line_breaks_and_underscores_separate_words() -> None:
    assert plain("a\nb") == "a b" and plain("a  \nb") == "a b"
    assert tokens("snake_case") == ["snake", "case"] == words("snake_case")


def test_an_empty_front_matter_and_a_list_right_after_one() -> None:
    assert [line.kind for line in read("---\n---\nText\n").lines] == [SKIP, SKIP, TEXT]
    doc = read("---\na: 1\n---\n2. two\n3. three\n")
    assert [(line.kind, line.ordinal) for line in doc.lines[3:]] == [(ITEM, 2), (ITEM, 3)]


def test_short_table_rules_wiki_images_and_short_bold_lines() -> None:
    assert _kinds("| a | b |\n|-|-|\n| 3 | c |\n")[1] == (2, SKIP, 0, "")
    assert _kinds("Text\n[[pic.png]]\n")[1] == (2, SKIP, 0, "")
    assert read("**a**\n").lines[0].bold and not read("**a\n").lines[0].bold
    assert [line.kind for line in read("ABC.\nABC,\nABC\n").lines] == [TEXT, TEXT, HEADING]
    assert read("Para\n|X|3|\n").lines[1].cells == ("X", "3")


@pytest.mark.parametrize("heading", ["What’s in the box", "In  the   box", "**Box** contents:"])
def test_box_headings_however_spaced_or_quoted(heading: str) -> None:
    from cardgen.check.boxlist import box_heading

    assert box_heading(heading)


@pytest.mark.parametrize(("text", "expected"), [
    ("3-Player board x2", (2, 2, "3-Player board")), ("3 – Pawns", (3, 3, "Pawns")),
    ("4 player boards:", (4, 4, "player boards")), ("Pawns – x3", (3, 3, "Pawns")),
    ("3 Player boards x2", (2, 2, "3 Player boards")),
    ("XP tokens x3", (3, 3, "XP tokens")), ("4 player BOX", (4, 4, "player BOX"))])
def test_quantity_more_forms(text: str, expected: tuple[int | None, int | None, str]) -> None:
    assert quantity(text) == expected


def test_a_table_header_names_the_quantity_column_even_when_another_holds_a_number() -> None:
    text = "## Components\n| Edition | Qty |\n|---|---|\n| 2 | 3 |\n| 1 | x4 |\n"
    assert [b[1] for b in _box(text)] == ["3 2", "4 1"]


@pytest.mark.parametrize(("text", "expected"), [
    ("3 XP tokens", (3, 3, "XP tokens")), ("2 Xenomorph minis", (2, 2, "Xenomorph minis")),
    ("3x Pawns", (3, 3, "Pawns")), ("3 X Pawns", (3, 3, "Pawns")), ("3×Pawns", (3, 3, "Pawns"))])
def test_a_name_beginning_with_x_keeps_it(text: str, expected: tuple[int, int, str]) -> None:
    assert quantity(text) == expected


RULEBOOK = "# Components\n\n- 3x **Red** cards\n- 2 dice\n\n| n | what |\n|---|---|\n| 1 | board |\n"


def _fresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """As a new process: nothing read yet."""
    monkeypatch.setattr(mdtext, "_PLAIN", {})
    monkeypatch.setattr(mdtext, "_DOCS", {})
    monkeypatch.setattr(mdtext, "_USED", (set(), set()))


def _unread(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse() -> None:
        raise AssertionError("markdown-it was asked")
    monkeypatch.setattr(mdtext, "_parser", refuse)


def test_what_was_read_is_recalled_as_read(monkeypatch: pytest.MonkeyPatch) -> None:
    _fresh(monkeypatch)
    doc, quote = read(RULEBOOK), plain("the *Red* card")
    memo = json.loads(json.dumps(mdtext.memo()))  # as a record keeps it
    _fresh(monkeypatch)
    _unread(monkeypatch)
    mdtext.recall(memo)
    assert read(RULEBOOK) == doc and plain("the *Red* card") == quote


def test_a_text_that_changed_is_read_anew(monkeypatch: pytest.MonkeyPatch) -> None:
    _fresh(monkeypatch)
    read(RULEBOOK)
    memo = mdtext.memo()
    _fresh(monkeypatch)
    mdtext.recall(memo)
    edited = read(RULEBOOK.replace("3x", "4x"))
    assert [line.text for line in edited.lines if line.kind == ITEM][0] == "4x Red cards"
    assert mdtext.memo()["docs"].keys() != memo["docs"].keys()  # only what this run read


def _block_view(tokens: list[Any]) -> list[tuple[Any, ...]]:
    return [(t.type, t.tag, t.map, t.nesting, t.level, t.info, t.markup, t.content, t.block,
             t.hidden) for t in tokens]


@pytest.mark.parametrize("text", [
    RULEBOOK,
    "Title\n=====\n\n1. one *x*\n2) two\n   - deep `c`\n\n> quoted\n\n    code\n\n```\nfenced\n```\n"
    "<div>html</div>\n\n| a |\n|---|\n| b [l](u) |\nafter\n",
    *[p.read_text(encoding="utf-8") for p in sorted(REPO.glob("data/*/*/*.md"))],
])
def test_block_tokens_are_markdown_its_parse_without_the_inline_pass(text: str) -> None:
    """The rulebook is read for its blocks only: every token as markdown-it's parse gives it,
    the inline tokens' children aside (plain() reads a line's inline markup)."""
    assert _block_view(mdtext.block_tokens(text)) == _block_view(mdtext._parser().parse(text))
    assert not any(t.children for t in mdtext.block_tokens(text))


@given(st.lists(st.sampled_from([*"ab #*-_`|>\n\t1.)[]()!<&:=", "\n\n", "   "]),
               max_size=80).map("".join))
def test_block_tokens_of_any_text_are_markdown_its(text: str) -> None:
    assert _block_view(mdtext.block_tokens(text)) == _block_view(mdtext._parser().parse(text))


@given(st.lists(st.sampled_from([*"ab Z9 x×3\t.,;-'_*◇⬡€©→", "\u00e9", "e\u0301"]),
                max_size=40).map("".join))
def test_tokens_keep_every_symbol_ascii_or_not(text: str) -> None:
    """The words and the symbols (category So) between them, in order, as read char by char."""
    flat = mdtext._TIMES.sub(lambda m: m.group(1) or m.group(2), plain(text).replace("_", " "))
    expected: list[str] = []
    pos = 0
    for match in mdtext._WORD.finditer(flat):
        expected += [c for c in flat[pos:match.start()] if mdtext._is_symbol(c)]
        expected.append(match.group(0))
        pos = match.end()
    expected += [c for c in flat[pos:] if mdtext._is_symbol(c)]
    assert tokens(text) == expected


@given(st.lists(st.sampled_from([*"ab Z9*_`[]()<>!\\&#;:\r\n\x00\t-", "**", "\\*", "\\\n", "&amp;",
                                 "&#35;", "![x](y)", "[l](u)", "<b>", "<http://a.b>", "``", "\r\n",
                                 "e\u0301", "’"]), max_size=30).map("".join))
def test_plain_with_markup_is_what_markdown_its_parse_inline_reads(text: str) -> None:
    """plain() runs markdown-it's inline parser itself: the text parseInline gives."""
    assert mdtext._plain(text) == _by_markdown_it(text)
