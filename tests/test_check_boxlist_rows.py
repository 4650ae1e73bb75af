"""The rulebook's box list against the data's rows, both ways (rulebook.py), on small inline
rulebooks: lines matched however written, joined lines, edited lines with their numbers, lines
no row stands for, the rulebook file missing or without a box list, and the box list printed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardgen.check.report import check
from cardgen.check.rulebook import (
    box_list_findings,
    box_list_markdown,
    heading_text,
    load_rulebook,
    parse_rulebook,
    read_rulebook,
)
from tests.support.checkdb import book, comp, make_db

_HINT_LINE = ("copy the line from the rulebook as printed (cardgen rulebook GAME prints the data's "
              "box list)")
_HINT_UNMAPPED = ("add an inventory row, list it in a row's `lines:`, or in box_list_skip with "
                  "the reason")


def _findings(db: Any, text: str) -> list[tuple[Any, ...]]:
    rows = [inv.line for inv in db.edition.inventory]
    return [(f.rule, f.severity, f.message, f.where, f.hint)
            for f in box_list_findings(db, book(text, rows))]


def _inv(*lines: str, **extra: Any) -> list[dict[str, Any]]:
    return [{"line": line, "kind": "card", "count": 1, **extra} for line in lines]


def test_rows_match_lines_however_written_and_skips_and_sub_lines_stand_for_theirs() -> None:
    text = ("# Components\n- 3x Pawns\n- 2 Dice\n\t- 1 red\n\t- 1 blue\n- This rulebook\n"
            "- 10 Cards\n  (5 red, 5 blue)\n")
    db = make_db(inventory=[{"line": "3 Pawns", "kind": "card", "count": 3},
                            {"line": "2 Dice", "kind": "card", "count": 2, "lines": ["1 red", "1 blue"]},
                            {"line": "10 Cards (5 red, 5 blue)", "kind": "card", "count": 10}],
                 skip=["This rulebook"])
    assert _findings(db, text) == []


def test_a_row_not_in_the_box_list_and_a_line_no_row_stands_for() -> None:
    text = "# Components\n- 3 Pawns\n- 2 Dice\n- 1 Board\n\n# Setup\nPlay.\n"
    db = make_db(inventory=_inv("3 Pawns", "7 Completely other things", "7 Completely other things"))
    assert _findings(db, text) == [
        ("box-list-line", "error", "'7 Completely other things' is not a line of the rulebook's "
         "box list (r.md, under 'Components')", "data/g/e/edition.yaml:11:5", _HINT_LINE),
        ("box-list-unmapped", "warning", "the rulebook's box list says '2 Dice'; no box-list row "
         "stands for it", "r.md:3:1", _HINT_UNMAPPED),
        ("box-list-unmapped", "warning", "the rulebook's box list says '1 Board'; no box-list row "
         "stands for it", "r.md:4:1", _HINT_UNMAPPED)]


def test_a_skip_that_is_no_line_is_an_error_at_the_skip() -> None:
    db = make_db(inventory=_inv("3 Pawns"), skip=["Nothing like it at all, really not"])
    assert [(f[0], f[3]) for f in _findings(db, "# Components\n- 3 Pawns\n")] == [
        ("box-list-line", "data/g/e/edition.yaml:70:5")]


def test_an_edited_line_names_both_and_the_numbers() -> None:
    text = "# Components\n- 21 Bonus Cards\n- 4 Pawns\n- 2 Red Dice\n"
    db = make_db(inventory=_inv("20 Bonus Cards", "4 Pawns", "2 Red Die"))
    hint = ("the rulebook changed: update the row at data/g/e/edition.yaml:{} (and the components) "
            "to follow it, or correct the rulebook")
    assert _findings(db, text) == [
        ("rulebook-edit", "error", "the rulebook's box list says '21 Bonus Cards', the data's box "
         "list says '20 Bonus Cards': 21 in the rulebook, 20 in the data", "r.md:2:1",
         hint.format("10:5")),
        ("rulebook-edit", "error", "the rulebook's box list says '2 Red Dice', the data's box list "
         "says '2 Red Die'", "r.md:4:1", hint.format("12:5"))]


def test_an_edited_range_and_a_line_split_in_two() -> None:
    text = ("# Components\n- 3-16 Reference cards\n- 5 Pawns\n- 4 Player boards\n"
            "(one per player)\n")
    db = make_db(inventory=_inv("3-15 Reference cards", "5 Pawns",
                                "4 Player boards (one per player)"))
    [edit] = _findings(db, text)
    assert edit[2].endswith("': 3-16 in the rulebook, 3-15 in the data") and edit[3] == "r.md:2:1"
    joined = make_db(inventory=_inv("3-16 Reference cards", "5 Pawns",
                                    "4 Player board (one per player)"))
    [edit] = _findings(joined, text)
    assert edit[:4] == ("rulebook-edit", "error", "the rulebook's box list says '4 Player boards "
                        "(one per player)', the data's box list says '4 Player board (one per "
                        "player)'", "r.md:4:1")


def test_an_edit_without_a_number_on_one_side_names_no_numbers() -> None:
    [edit] = _findings(make_db(inventory=_inv("Player boards")),
                       "# Components\n- 4 Player boards\n")
    assert edit[2] == ("the rulebook's box list says '4 Player boards', the data's box list says "
                       "'Player boards'")


def test_a_rulebook_without_a_box_heading_uses_the_section_holding_most_rows() -> None:
    text = "# Intro\nHello there.\n# Stuff\n- 3 Pawns\n- 2 Dice\n![[pic.png]]\n# Rules\n- 1 a\n"
    rulebook = parse_rulebook(Path("/r.md"), text, "r.md", ["3 Pawns", "2x Dice"])
    assert (rulebook.heading, rulebook.heading_line) == ("Stuff", 3)
    assert [(b.number, b.text, b.low, b.high, b.name, b.depth) for b in rulebook.box] == [
        (4, "3 Pawns", 3, 3, "Pawns", 0), (5, "2 Dice", 2, 2, "Dice", 0)]
    last = parse_rulebook(Path("/r.md"), text, "r.md", ["1 a"])
    assert ([b.text for b in last.box], last.heading_line) == (["1 a"], 7)
    none = parse_rulebook(Path("/r.md"), text, "r.md", ["9 Nothing"])
    assert (none.heading, none.heading_line, none.box) == (None, 0, [])
    assert none.lines == text.splitlines() and none.doc.line(2).text == "Hello there."


def test_heading_text() -> None:
    assert heading_text("## In the box ##") == "In the box"
    assert heading_text("CONTENTS") == "CONTENTS"
    assert heading_text("**Contents**") == "Contents"
    assert heading_text("Place the tiles.") is None
    assert heading_text("") is None


def test_box_list_markdown() -> None:
    db = make_db(inventory=[{"line": "3 Pawns", "kind": "card", "count": 3},
                            {"line": "2 Dice", "kind": "card", "count": 2, "lines": ["1 red", "1 blue"]},
                            {"line": "3 Pawns", "kind": "token", "count": 3},
                            {"line": "1 Board", "kind": "board", "count": 1}],
                 skip=["This rulebook", "3 Pawns"])
    assert box_list_markdown(db) == ("## In the box\n\n- 3 Pawns\n- 2 Dice\n\t- 1 red\n\t- 1 blue\n"
                                     "- 1 Board\n- This rulebook\n")
    assert box_list_markdown(make_db(), "Contents") == "## Contents\n\n"


def test_the_rulebook_file_missing_without_a_box_list_or_read(tmp_path: Path) -> None:
    assert read_rulebook(tmp_path / "none.md") is None
    assert read_rulebook(tmp_path) is None
    assert load_rulebook(make_db(project=tmp_path)) == (None, [])
    missing = make_db(project=tmp_path, rulebook=tmp_path / "data/g/e/rules.md")
    rulebook, [finding] = load_rulebook(missing)
    assert rulebook is None
    assert (finding.rule, finding.severity, finding.where, finding.message, finding.hint) == (
        "rulebook-missing", "warning", "data/g/e/edition.yaml:3:11",
        "the rulebook data/g/e/rules.md is not there, so the box list is checked against the "
        "data's own copy only",
        "rulebook: is relative to the edition folder; put the file there or fix the path")
    path = tmp_path / "rules.md"
    path.write_bytes(b"# Rules\nPlay \xff well.\n")
    no_box = make_db(project=tmp_path, rulebook=path)
    rulebook, [finding] = load_rulebook(no_box)
    assert rulebook is not None and rulebook.lines == ["# Rules", "Play \ufffd well."]
    assert (finding.rule, finding.severity, finding.where, finding.message) == (
        "box-list-missing", "warning", "data/g/e/edition.yaml:3:11",
        "no box list found in rules.md (a heading such as 'In the box' or 'Components')")
    report = check(no_box)
    assert report.rulebook == "rules.md"
    assert [f.rule for f in report.findings] == ["box-list-missing"]
    path.write_text("# Components\n- 3 Pawns\n", encoding="utf-8")
    with_box = make_db([comp("p", "card", count=3)], project=tmp_path, rulebook=path,
                       inventory=_inv("3 Pawns"))
    rulebook, found = load_rulebook(with_box)
    assert found == [] and rulebook is not None and rulebook.label == "rules.md"
    assert rulebook.where(2) == "rules.md:2:1"
    assert check(with_box).findings == [] and check(with_box).rulebook == "rules.md"
    path.write_text("", encoding="utf-8")
    assert check(with_box).rulebook is None


def test_the_section_holding_most_rows_keeps_sub_items_and_its_text() -> None:
    text = "# Stuff\n- 3 Pawns\n  - 1 red\n\n- 2 Dice\n# Rules\nPlay.\n"
    rulebook = parse_rulebook(Path("/r.md"), text, "r.md", ["3 Pawns"])
    assert [(b.number, b.text, b.depth) for b in rulebook.box] == [
        (2, "3 Pawns", 0), (3, "1 red", 1), (5, "2 Dice", 0)]
    assert rulebook.doc.line(7).text == "Play."


def test_a_line_six_tenths_alike_is_the_same_line_edited() -> None:
    [found] = _findings(make_db(inventory=_inv("Pawxy")), "# Components\n- Pawns\n")
    assert found[:2] == ("rulebook-edit", "error")
    [found] = _findings(make_db(inventory=_inv("Pwxyz")), "# Components\n- Pawns\n- Dice\n")[:1]
    assert found[:2] == ("box-list-line", "error")


def test_box_list_findings_of_entries_without_a_recorded_place(tmp_path: Path) -> None:
    missing = make_db(project=tmp_path, rulebook=tmp_path / "rules.md")
    missing.edition.where = {}
    assert [(f.rule, f.where) for f in load_rulebook(missing)[1]] == [("rulebook-missing", "")]
    db = make_db(inventory=_inv("3 Pawns", "9 Entirely different things"),
                 skip=["Quite unlike any line at all"])
    db.edition.where = {}
    found = box_list_findings(db, book("# Components\n- 3 Pawns\n", ["3 Pawns"]))
    assert [(f.rule, f.where) for f in found] == [("box-list-line", ""), ("box-list-line", "")]
