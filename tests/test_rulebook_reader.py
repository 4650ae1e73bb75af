"""The rulebook reader, piece by piece, on small inline rulebooks: Markdown and plain text with
line numbers, the box list in any format, quotes, counts, lists of terms, steps, placeholders,
acknowledgements."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardgen.check import check
from cardgen.check.boxlist import box_heading, find_box, quantity, same_item
from cardgen.check.families import FAMILIES, family_ids
from cardgen.check.mdtext import HEADING, ITEM, ROW, SKIP, TEXT, plain, read, tokens
from cardgen.check.quotes import WordIndex, quote_findings, word_diff
from cardgen.check.structure import placeholder_findings, step_findings
from cardgen.data.load import load_database
from cardgen.data.model import Quoted
from cardgen.data.quoted import resolve
from cardgen.errors import Location
from tests.conftest import REPO, copy_project

# ---------------------------------------------------------------- mdtext


def test_plain_takes_inline_markdown_off() -> None:
    assert plain("**Foo** _bar_ [x](y) `z`") == "Foo bar x z"
    assert plain("a   b\tc") == "a b c"
    assert plain("it’s") == "it's"


def test_tokens_keep_case_and_symbols_and_drop_punctuation() -> None:
    assert tokens("The **keep**: a space (◇)!") == ["The", "keep", "a", "space", "◇"]
    assert tokens("A-Move, B-move") == ["A-Move", "B-move"]
    assert tokens("3x Pawns") == ["3", "Pawns"] == tokens("3 × Pawns")
    assert tokens("Pawns x3") == ["Pawns", "3"]


def test_read_marks_each_line_with_its_number_and_kind() -> None:
    doc = read("---\ntitle: x\n---\n# Rules\n\nSETTING UP\n- 2 Pawns\n\t- 1 Die\n"
               "**Contents**\n| Qty | Item |\n|---|---|\n| 3 | Cubes |\n![[pic.png]]\nPlain *text*.\n")
    kinds = [(line.number, line.kind, line.level, line.text) for line in doc.lines]
    assert kinds == [
        (1, SKIP, 0, ""), (2, SKIP, 0, ""), (3, SKIP, 0, ""), (4, HEADING, 1, "Rules"),
        (5, "blank", 0, ""), (6, HEADING, 7, "SETTING UP"), (7, ITEM, 1, "2 Pawns"),
        (8, ITEM, 2, "1 Die"), (9, HEADING, 7, "Contents"), (10, ROW, 0, "Qty Item"),
        (11, SKIP, 0, ""), (12, ROW, 0, "3 Cubes"), (13, SKIP, 0, ""), (14, TEXT, 0, "Plain text."),
    ]
    assert doc.line(12).cells == ("3", "Cubes")


def test_ordered_items_keep_their_printed_numbers() -> None:
    doc = read("1. one\n3. three\n\t1. sub\n")
    assert [(line.ordinal, line.level) for line in doc.lines] == [(1, 1), (3, 1), (1, 2)]


# ---------------------------------------------------------------- box list


@pytest.mark.parametrize(("text", "expected"), [
    ("3 Pawns", (3, 3, "Pawns")), ("3x Pawns", (3, 3, "Pawns")), ("3 x Pawns", (3, 3, "Pawns")),
    ("3 × Pawns", (3, 3, "Pawns")), ("Pawns x3", (3, 3, "Pawns")), ("Pawns: 3", (3, 3, "Pawns")),
    ("Pawns (3)", (3, 3, "Pawns")), ("1-5 IDs", (1, 5, "IDs")), ("10 - blue", (10, 10, "blue")),
    ("6 6-sided dice", (6, 6, "6-sided dice")), ("This rulebook", (None, None, "This rulebook")),
])
def test_quantity_in_every_usual_form(text: str, expected: tuple[int | None, int | None, str]) -> None:
    assert quantity(text) == expected


def test_same_item_however_written() -> None:
    assert same_item("3x Pawns", "3 Pawns") and same_item("Pawns x3", "3 **pawns**")
    assert not same_item("3 Pawns", "4 Pawns")
    assert not same_item("3 Pawns", "3 Pawn tokens")


@pytest.mark.parametrize("heading", ["Components", "CONTENTS", "In the box", "What's in the box",
                                     "Box contents", "Inventory", "Contents:", "**Components**",
                                     "Game components", "Components (base game)"])
def test_box_headings(heading: str) -> None:
    assert box_heading(heading)


@pytest.mark.parametrize("heading", ["Set up", "Table of contents here", "Component rules"])
def test_not_box_headings(heading: str) -> None:
    assert not box_heading(heading)


@pytest.mark.parametrize("text", [
    "# Game\n\n**Contents**\n\n| Qty | Component |\n|---|---|\n| 3 | Harbor tiles |\n| 2 | Dice |\n\n"
    "## Set-up\nPlace the 3 Harbor tiles.\n",
    "# Game\n\n**Contents**\n\n| Component | Qty |\n|---|---|\n| Harbor tiles | 3x |\n| Dice | 2 |\n",
    "# Game\nContents:\n- 3x Harbor tiles\n- 2x Dice\n\nPlace the tiles in a ring, then roll the dice.\n",
    "# Game\nWHAT'S IN THE BOX\nHarbor tiles x3\nDice x2\nSETUP\nPlace them.\n",
])
def test_the_box_list_in_any_format(text: str) -> None:
    found = find_box(read(text))
    assert found is not None
    assert [(i.low, i.name) for i in found.items] == [(3, "Harbor tiles"), (2, "Dice")]


def test_a_box_list_with_sub_lists_and_group_lines() -> None:
    found = find_box(read("# Components\n- 3 Boards\n\t- 1 Low\n\t- 2 High\n- Threat pieces\n"
                          "\t- 1 Marker\n# Set Up\n"))
    assert found is not None and found.heading_line == 1
    assert [(i.number, i.text, i.depth) for i in found.items] == [
        (2, "3 Boards", 0), (3, "1 Low", 1), (4, "2 High", 1), (5, "Threat pieces", 0),
        (6, "1 Marker", 1)]


def test_no_box_list_without_a_box_heading() -> None:
    assert find_box(read("# Rules\n- 3 Pawns\n")) is None


# ---------------------------------------------------------------- quotes


def _quoted(text: str, line: int = 3) -> Quoted:
    return Quoted(text, Location("data/g/e/cards.yaml", line, 9), None, "card-1 text")


def test_a_quote_is_found_across_markup_and_lines() -> None:
    doc = read("# Rules\nPlace **3 tiles**\non the board.\n")
    assert quote_findings([_quoted("Place 3 tiles on the board.")], WordIndex.of(doc), doc, "r.md") == []


def test_an_elided_quote_needs_each_part() -> None:
    doc = read("Draw 2 cards.\n\nThen discard 1 card.\n")
    index = WordIndex.of(doc)
    assert quote_findings([_quoted("Draw 2 cards ... discard 1 card")], index, doc, "r.md") == []
    [found] = quote_findings([_quoted("Draw 2 cards ... discard 2 cards")], index, doc, "r.md")
    assert found.where == "data/g/e/cards.yaml:3:9"


def test_a_changed_quote_names_the_closest_line_and_the_words() -> None:
    doc = read("# Scoring\n\n- Add the points on the Marker's space.\n")
    [found] = quote_findings([_quoted("Add the points on the Marker's square.")], WordIndex.of(doc),
                             doc, "r.md")
    assert (found.rule, found.severity, found.where) == ("quote-changed", "error",
                                                          "data/g/e/cards.yaml:3:9")
    assert found.message == ("card-1 text quotes 'Add the points on the Marker's square.', which "
                             "is not in r.md; closest is r.md:3: data 'square', rulebook 'space'")
    assert found.quote == "Add the points on the Marker's space."


def test_word_diff() -> None:
    assert word_diff(["a", "b", "c"], ["a", "x", "c"]) == "data 'b', rulebook 'x'"
    assert word_diff(["a", "b", "c"], ["a", "c"]) == "only the data has 'b'"
    assert word_diff(["a", "c"], ["a", "b", "c"]) == "only the rulebook has 'b'"


def test_resolve_quote_paths() -> None:
    item = {"text": "t", "lines": ["a", "b"], "powers": [{"name": "Z", "text": "z"}, {"name": "Y"}],
            "n": 3}
    assert resolve(item, "text") == [("t", ("text",))]
    assert resolve(item, "lines[]") == [("a", ("lines", 0)), ("b", ("lines", 1))]
    assert resolve(item, "lines[1]") == [("b", ("lines", 1))]
    assert resolve(item, "powers[name=z].text") == [("z", ("powers", 0, "text"))]
    assert resolve(item, "n") is None and resolve(item, "missing") is None


def test_every_marked_quote_of_the_seed_data_is_in_its_rulebook(seeded: Path) -> None:
    total = 0
    for game, edition in [("l5", "0.6.5"), ("l5", "act-one"), ("l5", "0.6.2"),
                          ("lux-aeterna", None), ("orbital-debris", None)]:
        db = load_database(seeded, game, edition)
        total += len(db.quotes)
        assert [f for f in check(db).findings if f.rule == "quote-changed"] == []
    assert total >= 100


# ---------------------------------------------------------------- structure


def test_steps_numbered_out_of_order() -> None:
    doc = read("## Set up\n1. a\n3. b\n\t1. sub\n4. c\n## Play\n1. x\n2. y\n2. z\n")
    found = step_findings(doc, "r.md")
    assert [(f.where, f.message) for f in found] == [
        ("r.md:3:1", "the steps go 1, 3: no step 2"), ("r.md:9:1", "step 2 is numbered twice")]


def test_placeholders() -> None:
    [found] = placeholder_findings(read("# A\n**Example**: TODO\nA todo list is fine.\n"), "r.md")
    assert (found.rule, found.where, found.quote) == ("rulebook-todo", "r.md:2:1", "Example: TODO")


# ---------------------------------------------------------------- families


def test_every_family_is_listed_once_with_a_severity(run_cli) -> None:
    ids = family_ids()
    assert len(ids) == len(set(ids))
    assert {f.severity for f in FAMILIES} == {"error", "warning", "note"}
    result = run_cli("check", "--list-rules")
    assert result.code == 0
    for family in FAMILIES:
        assert family.id in result.out


# ---------------------------------------------------------------- fixtures


@pytest.fixture
def seeded(tmp_path: Path) -> Path:
    seeds = next((p for p in (REPO.parent / "shared" / "seeds",) if p.is_dir()), None)
    if seeds is None:
        pytest.skip("seed rulebooks not beside the repo")
    project = copy_project(tmp_path / "proj", ("l5", "lux-aeterna", "orbital-debris"))
    (tmp_path / "shared").mkdir()
    (tmp_path / "shared" / "seeds").symlink_to(seeds)
    return project


def test_strict_passes_on_every_seed_edition_with_each_acknowledgement(seeded: Path, run_cli) -> None:
    for target in ["l5@0.6.5", "l5@act-one", "l5@0.6.2", "lux-aeterna", "orbital-debris"]:
        result = run_cli("--project", str(seeded), "check", target, "--strict")
        assert result.code == 0, result.out
        game, _, edition = target.partition("@")
        report = check(load_database(seeded, game, edition or None))
        assert report.acknowledged
        out = " ".join(result.out.split())
        for finding in report.acknowledged:
            assert finding.accepted and " ".join(f"accepted: {finding.accepted}".split()) in out


def test_with_the_mentions_removed_the_text_still_shows_the_drift_and_the_unlisted_card(
        seeded: Path) -> None:
    for edition in ("0.6.2", "act-one"):
        path = seeded / "data/l5" / edition / "edition.yaml"
        text = re.sub(r"\nrulebook_mentions:\n(?:[ #].*\n|\n)*", "\n", path.read_text(encoding="utf-8"))
        path.write_text(text, encoding="utf-8")
    names = check(load_database(seeded, "l5", "0.6.2")).findings
    [drift] = [f for f in names if f.rule == "two-names"]
    assert drift.where == "data/l5/0.6.2/rulebook.md:96:1"
    assert drift.message.startswith("the rules list 'environment' among the reference-type terms")
    assert "Ecosystem" in drift.message
    unlisted = [f for f in check(load_database(seeded, "l5", "act-one")).findings
                if f.rule == "rules-use-unlisted"]
    assert [(f.where, f.message) for f in unlisted] == [(
        "data/l5/act-one/rulebook.md:212:1", "the rules use Earth card (Act One) but the box list "
        "does not list it (the database has 1)")]


def test_a_stale_acknowledgement_is_reported(tmp_path: Path) -> None:
    project = copy_project(tmp_path, ("l5",))
    path = project / "data/l5/0.6.5/edition.yaml"
    text = path.read_text(encoding="utf-8").replace(
        "    says: every tech has exactly one orange diamond\n",
        "    says: every tech has exactly one orange diamond\n    accepted: a typo\n")
    text += ("\naccepted:\n  - { finding: two-names, about: 'ultra-violet', reason: known }\n"
             "  - { finding: rules-count, about: 'no such words', reason: gone }\n")
    path.write_text(text, encoding="utf-8")
    report = check(load_database(project, "l5", "0.6.5"))
    stale = [(f.where, f.message) for f in report.findings if f.rule == "stale-acceptance"]
    assert stale == [
        ("data/l5/0.6.5/edition.yaml:117:5",
         "this rule is accepted ('a typo') but gives no finding any more"),
        (f"data/l5/0.6.5/edition.yaml:{len(text.splitlines())}:5",  # the last line, appended
         "accepted rules-count about 'no such words' matches no finding (the rulebook or the data "
         "changed)")]
    assert report.failed(strict=True) and not report.failed()


# ---------------------------------------------------------------- a new game, any box-list format

_BOX_FORMATS = {
    "table": "## In the box\n\n| Qty | Component |\n|---|---|\n| {n} | CARDS (3 STARS, 3 DIAMONDS) |\n",
    "table, name first": "## What's in the box\n\n| Component | Quantity |\n|---|---|\n"
                         "| CARDS (3 STARS, 3 DIAMONDS) | {n} |\n",
    "bold line": "**Contents**\n\n- {n} CARDS (3 STARS, 3 DIAMONDS)\n",
    "plain Contents: with 3x": "Contents:\n{n}x CARDS (3 STARS, 3 DIAMONDS)\n",
}


@pytest.mark.parametrize("form", list(_BOX_FORMATS))
def test_a_new_game_checks_clean_in_any_box_list_format_and_reports_a_count(
        form: str, tmp_path: Path, run_cli) -> None:
    project = tmp_path / "game"
    assert run_cli("new", "mygame", str(project)).code == 0
    rulebook = project / "rulebook.md"
    original = rulebook.read_text(encoding="utf-8")
    start = original.index("## In the box")
    end = original.index("## How to play")
    for n, clean in (("6", True), ("7", False)):
        box = _BOX_FORMATS[form].format(n=n)
        rulebook.write_text(original[:start] + box + "\n" + original[end:], encoding="utf-8")
        report = check(load_database(project, "mygame"))
        if clean:
            assert not report.failed(strict=True), [f.message for f in report.findings]
        else:
            edits = [f for f in report.findings if f.rule == "rulebook-edit"]
            assert len(edits) == 1 and ": 7 in the rulebook, 6 in the data" in edits[0].message
            assert report.failed()
