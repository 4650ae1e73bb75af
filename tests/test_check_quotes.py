"""Quotes against the rulebook's words (quotes.py): the word index, elisions, the closest
passage and its word diff, long quotes shortened, and which rulebook each quote is read in."""

from __future__ import annotations

from pathlib import Path

from cardgen.check.mdtext import read
from cardgen.check.quotes import WordIndex, quote_findings, verify, word_diff
from cardgen.check.rulebook import parse_rulebook
from cardgen.data.model import Quoted
from cardgen.errors import Location
from tests.support.checkdb import make_db

_HINT = ("copy the rulebook's words as printed, or drop the field from `quote:` and mark the text "
         "status: draft if it is a paraphrase")


def _quoted(text: str, rulebook: Path | None = None, line: int = 3) -> Quoted:
    return Quoted(text, Location("data/g/e/cards.yaml", line, 9), rulebook, "card-1 text")


def test_the_word_index_leaves_out_skipped_lines_and_finds_the_first_place() -> None:
    index = WordIndex.of(read("---\nx: Draw\n---\n# Draw\n\nDraw 2 cards, draw 2.\n![[img]]\n"))
    assert index.words == ["Draw", "Draw", "2", "cards", "draw", "2"]
    assert index.lines == [4, 6, 6, 6, 6, 6]
    assert index.starts["Draw"] == [0, 1] and index.starts["2"] == [2, 5]
    assert index.find(["Draw", "2"]) == 1 and index.find(["2"]) == 2
    assert index.find(["draw", "2", "cards"]) is None and index.find([]) is None
    assert index.find(["Draw", "2", "cards", "draw", "2", "more"]) is None
    assert index.missing_part([["Draw"], ["x"], ["y"]]) == ["x"]
    assert index.missing_part([["Draw"], ["cards"]]) is None


def test_closest_passage() -> None:
    index = WordIndex.of(read("Roll the dice. Then move the red pawn two spaces forward.\n"))
    start, end, likeness = index.closest(["move", "the", "blue", "pawn", "two", "spaces"])
    assert index.words[start:end] == ["move", "the", "red", "pawn", "two", "spaces"]
    assert likeness == 5 / 6
    start, end, likeness = index.closest(["the", "dice", "Then"])
    assert (index.words[start:end], likeness) == (["the", "dice", "Then"], 1.0)
    assert index.closest(["nothing", "alike"]) == (0, 0, 0.0)
    # a quote whose first words are not in the rulebook starts the passage at its beginning
    start, end, _ = index.closest(["Please", "now", "Roll", "the", "dice"])
    assert (start, index.words[start:end][:3]) == (0, ["Roll", "the", "dice"])


def test_word_diff_names_every_change_in_order() -> None:
    assert word_diff(["a", "b", "c", "d", "e"], ["x", "b", "d", "e", "f", "g"]) == (
        "data 'a', rulebook 'x'; only the data has 'c'; only the rulebook has 'f g'")
    assert word_diff(["a"], ["a"]) == ""


def test_quotes_with_elisions_in_every_form() -> None:
    doc = read("Draw 2 cards. Discard 1 card. Score.\n")
    index = WordIndex.of(doc)
    for text in ("Draw 2 cards ... Score", "Draw 2 cards [...] Discard 1 card", "Draw 2 cards…Score",
                 "... Draw 2 cards ...", "Draw 2 cards. Discard 1 card."):
        assert quote_findings([_quoted(text)], index, doc, "r.md") == [], text
    [found] = quote_findings([_quoted("Draw 2 cards [...] Score 3")], index, doc, "r.md")
    assert found.message.endswith("closest is r.md:1: only the data has '3'")


def test_a_quote_with_nothing_alike_names_no_passage_and_a_long_one_is_shortened() -> None:
    doc = read("# Rules\nRoll the dice.\n")
    long = "Completely   different words " * 4
    [found] = quote_findings([_quoted(long)], WordIndex.of(doc), doc, "r.md")
    shown = " ".join(long.split())[:69] + "…"
    assert (found.rule, found.severity, found.message, found.quote, found.where, found.hint,
            found.subject) == (
        "quote-changed", "error", f"card-1 text quotes '{shown}', which is not in r.md", None,
        "data/g/e/cards.yaml:3:9", _HINT, "data/g/e/cards.yaml:3:9")
    seventy = "x" * 70
    [found] = quote_findings([_quoted(seventy)], WordIndex.of(doc), doc, "r.md")
    assert found.message == f"card-1 text quotes '{seventy}', which is not in r.md"
    [half] = quote_findings([_quoted("Roll the red die")], WordIndex.of(doc), doc, "r.md")
    assert half.message.endswith("which is not in r.md; closest is r.md:2: data 'red die', "
                                 "rulebook 'dice'")
    assert half.quote == "Roll the dice."
    [under] = quote_findings([_quoted("Roll a red die")], WordIndex.of(doc), doc, "r.md")
    assert under.message == "card-1 text quotes 'Roll a red die', which is not in r.md"


def test_verify_reads_each_quote_in_its_own_rulebook(tmp_path: Path) -> None:
    edition_book = tmp_path / "data/g/e/rules.md"
    other = tmp_path / "data/g/base/rules.md"
    other.parent.mkdir(parents=True)
    other.write_text("# Base\nThe old words.\n", encoding="utf-8")
    db = make_db(project=tmp_path, rulebook=edition_book)
    db.quotes = [_quoted("New words", edition_book), _quoted("Anything", tmp_path / "missing.md"),
                 _quoted("The new words", other, line=5), _quoted("The old words", other),
                 _quoted("Anything", None)]
    rulebook = parse_rulebook(edition_book, "# E\nNew words here.\n", "data/g/e/rules.md", [])
    found = verify(db, rulebook)
    assert [(f.where, f.message) for f in found] == [
        ("data/g/e/cards.yaml:5:9", "card-1 text quotes 'The new words', which is not in "
         "data/g/base/rules.md; closest is data/g/base/rules.md:2: data 'new', rulebook 'old'")]
    assert found[0].quote == "The old words."
    db.quotes = [_quoted("Old words", edition_book), _quoted("The new words", other)]
    found = verify(db, rulebook)
    assert [f.message.split(";")[0] for f in found] == [
        "card-1 text quotes 'Old words', which is not in data/g/e/rules.md",
        "card-1 text quotes 'The new words', which is not in data/g/base/rules.md"]
    db.quotes = [_quoted("New words here", edition_book)]
    assert verify(db, None) == []
    edition_book.parent.mkdir(parents=True)
    edition_book.write_text("Old words.\n", encoding="utf-8")
    [found] = verify(db, None)
    assert found.message.startswith("card-1 text quotes 'New words here', which is not in "
                                    "data/g/e/rules.md")


def test_the_closest_passage_is_the_one_most_words_line_up_with() -> None:
    text = ("You move one.\nYou move two.\nYou move three.\nYou move four.\nYou move five.\n"
            "Then move the red pawn two spaces.\n")
    doc = read(text)
    [found] = quote_findings([_quoted("move the blue pawn two spaces")], WordIndex.of(doc), doc,
                             "r.md")
    assert found.message == ("card-1 text quotes 'move the blue pawn two spaces', which is not in "
                             "r.md; closest is r.md:6: data 'blue', rulebook 'red'")
    assert (found.rule, found.severity, found.quote, found.hint, found.subject) == (
        "quote-changed", "error", "Then move the red pawn two spaces.", _HINT,
        "data/g/e/cards.yaml:3:9")


def test_likeness_is_over_the_longer_of_quote_and_passage() -> None:
    doc = read("Roll the two red dice.\n")
    index = WordIndex.of(doc)
    # the whole sentence holds both words, but three more: half of "Roll the" is closer
    assert index.closest(["Roll", "dice"]) == (0, 2, 0.5)
    [found] = quote_findings([_quoted("Roll dice")], index, doc, "r.md")
    assert found.message.endswith("closest is r.md:1: data 'dice', rulebook 'the'")
