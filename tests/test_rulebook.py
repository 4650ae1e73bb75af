"""The check reads each edition's rulebook: its box list line by line, names and counts in its text."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cardgen.check import check
from cardgen.check.rulebook import heading_text, parse_rulebook
from cardgen.data.load import load_database
from tests.conftest import REPO, copy_project

SEEDS = next((p for p in (REPO.parent / "shared" / "seeds", REPO.parent.parent / "shared" / "seeds")
              if p.is_dir()), None)
BOX_RULES = ("rulebook-edit", "box-list-line", "box-list-unmapped", "rulebook-missing",
             "box-list-missing")


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def _with_seeds(tmp_path: Path, game: str) -> Path:
    """A project copy whose ../../../../shared/seeds (from an edition folder) is the seed folder."""
    if SEEDS is None:
        pytest.skip("seed rulebooks not beside the repo")
    project = copy_project(tmp_path / "proj", (game,))
    (tmp_path / "shared").mkdir()
    (tmp_path / "shared" / "seeds").symlink_to(SEEDS)
    return project


# ---------------------------------------------------------------- box list, line by line


@pytest.mark.parametrize("edition", ["0.6.5", "act-one", "0.6.2"])
def test_the_l5_rulebooks_box_lists_match_the_data(edition: str) -> None:
    report = check(load_database(REPO, "l5", edition))
    assert report.rulebook == f"data/l5/{edition}/rulebook.md"
    assert [f for f in report.findings if f.rule in BOX_RULES] == []


@pytest.mark.parametrize(("edition", "old", "new", "line", "message"), [
    ("0.6.5", "20 ORBIT CARDS:", "21 ORBIT CARDS:", 11,
     "the rulebook's box list says '21 ORBIT CARDS: (RED-BLUE-VIOLET-GREEN)', the data's box "
     "list says '20 ORBIT CARDS: (RED-BLUE-VIOLET-GREEN)': 21 in the rulebook, 20 in the data"),
    ("act-one", "16 orbit cards:", "17 orbit cards:", 29,
     "the rulebook's box list says '17 orbit cards:', the data's box list says '16 orbit cards:': "
     "17 in the rulebook, 16 in the data"),
    ("act-one", "\n7 things\n", "\n8 things\n", 31,
     "the rulebook's box list says '8 things', the data's box list says '7 things': 8 in the "
     "rulebook, 7 in the data"),
    ("0.6.2", "* 5-25 New Media cards", "* 5-30 New Media cards", 22,
     "the rulebook's box list says '5-30 New Media cards (1x of each color/number combination)', "
     "the data's box list says '5-25 New "
     "Media cards (1x of each color/number combination)': 5-30 in the rulebook, 5-25 in the data"),
])
def test_a_number_changed_in_the_rulebook_box_list_is_reported_at_that_line(
        tmp_path: Path, edition: str, old: str, new: str, line: int, message: str) -> None:
    project = copy_project(tmp_path, ("l5",))
    _edit(project / "data" / "l5" / edition / "rulebook.md", old, new)
    report = check(load_database(project, "l5", edition))
    edits = [f for f in report.findings if f.rule in BOX_RULES]
    assert [(f.rule, f.severity, f.where, f.message) for f in edits] == [
        ("rulebook-edit", "error", f"data/l5/{edition}/rulebook.md:{line}:1", message)]
    assert report.failed()


def test_a_row_whose_line_is_not_in_the_rulebook_is_an_error(tmp_path: Path) -> None:
    project = copy_project(tmp_path, ("l5",))
    _edit(project / "data" / "l5" / "0.6.5" / "edition.yaml", '"4 EARTH CARDS"', '"4 EARTH CARD"')
    report = check(load_database(project, "l5", "0.6.5"))
    found = {f.rule: f for f in report.findings if f.rule in BOX_RULES}
    # one letter off is an edit of the same line, reported at the rulebook's line
    assert found["rulebook-edit"].where == "data/l5/0.6.5/rulebook.md:13:1"


def test_a_box_list_line_no_row_stands_for_is_reported(tmp_path: Path) -> None:
    project = copy_project(tmp_path, ("l5",))
    _edit(project / "data" / "l5" / "0.6.5" / "rulebook.md", "4 EARTH CARDS\n",
          "4 EARTH CARDS\n\n2 SCORE PADS\n")
    report = check(load_database(project, "l5", "0.6.5"))
    [unmapped] = [f for f in report.findings if f.rule == "box-list-unmapped"]
    assert unmapped.where == "data/l5/0.6.5/rulebook.md:15:1"
    assert "'2 SCORE PADS'" in unmapped.message


def test_the_l5_rulebooks_are_the_seeds_verbatim() -> None:
    if SEEDS is None:
        pytest.skip("seed rulebooks not beside the repo")
    for edition, seed in [("0.6.5", "000_ef67e78844c0b3b4.txt"), ("act-one", "001_62e370a7c7f835a8.txt"),
                          ("0.6.2", "002_c163a681589b6a20.txt")]:
        assert (REPO / "data/l5" / edition / "rulebook.md").read_bytes() == (SEEDS / seed).read_bytes()


def test_a_missing_rulebook_is_a_warning_not_a_crash(tmp_path: Path, run_cli) -> None:
    project = copy_project(tmp_path, ("lux-aeterna",))  # no ../shared/seeds beside the copy
    result = run_cli("--project", str(project), "check", "lux-aeterna")
    assert result.code == 0, result.text
    assert ("data/lux-aeterna/published/edition.yaml:4:11: warning[rulebook-missing] the rulebook "
            "../shared/seeds/003_ae56a53ae1a66378.txt is not there") in result.out


def test_headings_markdown_and_plain_capitals() -> None:
    assert heading_text("## IN THE BOX") == "IN THE BOX"
    assert heading_text("INVENTORY") == "INVENTORY"
    assert heading_text("3 CHARACTER IDS & MATCHING TOKENS") is None
    book = parse_rulebook(Path("r.md"), "# Rules\nx\n# Components\n- 2 Pawns\n\t- 1 Die \n# End\n",
                          "r.md", [])
    assert [(b.number, b.text) for b in book.box] == [(4, "2 Pawns"), (5, "1 Die")]


# ---------------------------------------------------------------- names and counts in the text


def test_threat_token_is_found_without_a_typed_mention(tmp_path: Path) -> None:
    project = _with_seeds(tmp_path, "orbital-debris")
    edition = project / "data" / "orbital-debris" / "1.0.0" / "edition.yaml"
    text = edition.read_text(encoding="utf-8")
    text = re.sub(r"\nrulebook_mentions:\n(?:[ #].*\n|\n)*", "\n", text)
    assert "rulebook_mentions" not in text and "quote:" not in text
    edition.write_text(text, encoding="utf-8")
    report = check(load_database(project, "orbital-debris"))
    names = [(f.where, f.message) for f in report.findings if f.rule == "two-names"]
    assert ("../shared/seeds/004_b7f8950a8cf28bac.txt:55:1",
            "the rules call it 'Threat Token', which the data does not name; the data calls it "
            "'Threat Marker'") in names
    assert any("'Satellite Tracker'" in m and "'Satellite HP Tracker'" in m for _, m in names)


def test_the_three_earth_cards_are_the_four_less_the_internet(tmp_path: Path) -> None:
    report = check(load_database(REPO, "l5", "0.6.5"))
    assert [f for f in report.findings if f.rule == "rules-count"] == []
    project = copy_project(tmp_path, ("l5",))
    _edit(project / "data/l5/0.6.5/rulebook.md", "the **3 Earth Cards**", "the **2 Earth Cards**")
    report = check(load_database(project, "l5", "0.6.5"))
    [count] = [f for f in report.findings if f.rule == "rules-count"]
    assert count.message == "the rules say 2 Earth Cards, the database has 4 Earth card"
    assert count.where == "data/l5/0.6.5/rulebook.md:33:1"


# ---------------------------------------------------------------- findings that are true


@pytest.mark.parametrize("target", ["l5@0.6.5", "l5@act-one", "l5@0.6.2", "lux-aeterna",
                                    "orbital-debris"])
def test_no_finding_is_printed_twice(target: str, tmp_path: Path) -> None:
    game, _, edition = target.partition("@")
    project = _with_seeds(tmp_path, game) if game != "l5" else REPO
    report = check(load_database(project, game, edition or None))
    keys = [f.key() for f in report.findings + report.notes]
    assert len(keys) == len(set(keys))
    quotes = [f.quote for f in report.notes]
    assert not set(quotes) & {f.quote for f in report.findings if f.quote}


def test_every_note_in_the_data_is_printed(run_cli) -> None:
    db = load_database(REPO, "l5", "0.6.5")
    result = run_cli("check", "l5@0.6.5")
    for mention in db.edition.mentions:
        if mention.note:
            assert mention.note in result.out.replace("\n", " "), mention.note
    assert "Rulebook notes (" in result.out


def test_strict_fails_in_words_and_json(run_cli, tmp_path: Path) -> None:
    project = copy_project(tmp_path, ("l5",))
    _edit(project / "data/l5/0.6.2/edition.yaml",
          '    accepted: "a recommendation the box cannot meet at five players; the box holds the 3-5 '
          'printed"\n', "")
    result = run_cli("--project", str(project), "check", "l5@0.6.2", "--strict")
    assert result.code == 1
    assert "check failed" in result.out and "check passed" not in result.out
    result = run_cli("--project", str(project), "check", "l5@0.6.2", "--strict", "--json")
    assert result.code == 1 and json.loads(result.out)["failed"] is True
    result = run_cli("--project", str(project), "check", "l5@0.6.2", "--json")
    assert result.code == 0 and json.loads(result.out)["failed"] is False


def test_an_unknown_kind_in_a_box_list_row_is_an_error_with_a_hint(tmp_path: Path, run_cli) -> None:
    project = copy_project(tmp_path, ("l5",))
    _edit(project / "data/l5/0.6.5/edition.yaml", "kind: orbit-card\n    count: 20",
          "kind: orbit-crad\n    count: 20")
    result = run_cli("--project", str(project), "check", "l5@0.6.5")
    assert result.code == 2
    assert "error[unknown-kind] inventory[2].kind: box-list row '20 ORBIT CARDS: " in result.err
    assert "hint: did you mean 'orbit-card'?" in result.err


def test_the_two_wrong_findings_are_gone(tmp_path: Path) -> None:
    report = check(load_database(REPO, "l5", "0.6.2"), players=3)
    [refs] = [r for r in report.rows if r.kind == "Reference card"]
    assert (refs.expected, refs.has) == (16, 14)  # not 8 from a made-up per-player formula
    assert refs.verdict == "contradiction"  # 16 stated, its parts add up to 14
    project = _with_seeds(tmp_path, "lux-aeterna")
    report = check(load_database(project, "lux-aeterna"))
    assert not any("8 System card" in f.message for f in report.findings)


# ---------------------------------------------------------------- cardgen rulebook


@pytest.mark.parametrize("edition", ["0.6.5", "act-one", "0.6.2"])
def test_the_printed_box_list_pasted_into_the_rulebook_checks_clean(
        edition: str, tmp_path: Path, run_cli) -> None:
    project = copy_project(tmp_path, ("l5",))
    result = run_cli("--project", str(project), "rulebook", f"l5@{edition}")
    assert result.code == 0 and result.out.startswith("## ")
    path = project / "data/l5" / edition / "rulebook.md"
    db = load_database(project, "l5", edition)
    book = parse_rulebook(path, path.read_text(encoding="utf-8"), "r", [])
    lines = path.read_text(encoding="utf-8").splitlines()
    last = book.box[-1].number
    pasted = lines[:book.heading_line - 1] + result.out.splitlines() + lines[last:]
    path.write_text("\n".join(pasted) + "\n", encoding="utf-8")
    report = check(db)
    assert [f for f in report.findings if f.rule in BOX_RULES] == []


def test_a_new_edition_reads_its_parents_rulebook_until_it_has_its_own(tmp_path: Path) -> None:
    from cardgen.data.new_edition import create_edition

    project = copy_project(tmp_path, ("l5",))
    create_edition(project, "l5", "0.6.6", "0.6.5")
    db = load_database(project, "l5", "0.6.6")
    assert db.edition.rulebook_path == project / "data/l5/0.6.5/rulebook.md"
    assert [f for f in check(db).findings if f.rule in BOX_RULES] == []


@pytest.mark.parametrize(("target", "names"), [
    ("l5@0.6.5", set()), ("l5@act-one", set()), ("l5@0.6.2", set()), ("lux-aeterna", set()),
    ("orbital-debris", {"Threat Token", "Satellite Tracker"}),
])
def test_the_text_scan_finds_the_drift_and_nothing_else(
        target: str, names: set[str], tmp_path: Path) -> None:
    from cardgen.check.counts import count_findings
    from cardgen.check.rulebook import load_rulebook
    from cardgen.check.terms import data_names, drift_findings

    game, _, edition = target.partition("@")
    project = _with_seeds(tmp_path, game) if game != "l5" else REPO
    db = load_database(project, game, edition or None)
    book, _ = load_rulebook(db)
    assert book is not None and book.box
    assert {f.subject for f in drift_findings(db, book)} == names
    counts = count_findings(db, book, data_names(db, book))
    expected = {"lux-aeterna": ["70:8 system cards"], "orbital-debris": ["spaceship card"]}
    assert [f.subject for f in counts] == expected.get(game, [])  # both acknowledged in the data
