"""Two editions -> EditionDiff and `cardgen diff`: what changed, field by field, in three forms."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardgen.data.load import load_database
from cardgen.diff import MISSING, FieldChange, diff_databases, value_changes
from tests.conftest import REPO, copy_project
from tests.projects import overlay


@pytest.fixture
def one_field(tmp_path: Path, run_cli) -> Path:
    """A scratch project whose l5@0.7.0 is made by new-edition, then patched in one card field."""
    project = copy_project(tmp_path)
    made = run_cli("--project", str(project), "new-edition", "l5@0.7.0", "--from", "0.6.5")
    assert made.code == 0, made.text
    return overlay("one-field-changed", project)


def test_diff_names_exactly_the_patched_card_and_field(one_field: Path) -> None:
    diff = diff_databases(load_database(one_field, "l5", "0.6.5"),
                          load_database(one_field, "l5", "0.7.0"))
    assert [c.id for c in diff.changed] == ["orbit-red-fashions"]
    assert diff.changed[0].changes == [FieldChange(
        "effect.text", "Make one jump between two garages without spending a move.",
        "Make two jumps between garages without spending a move.")]
    assert (diff.added, diff.removed, diff.restyled) == ([], [], [])
    assert (diff.rows_added, diff.rows_removed, diff.rows_changed) == ([], [], [])
    assert diff.changed_ids() == {"orbit-red-fashions"}


def test_diff_cli_text_markdown_and_json_agree(one_field: Path, run_cli) -> None:
    args = ("--project", str(one_field), "diff", "l5@0.6.5", "l5@0.7.0")
    text, markdown, data = run_cli(*args), run_cli(*args, "--markdown"), run_cli(*args, "--json")
    assert (text.code, markdown.code, data.code) == (0, 0, 0)
    assert "l5@0.6.5 -> l5@0.7.0: components: 1 changed" in text.out
    assert 'effect.text: "Make one jump between two garages without spending a move." -> ' \
           '"Make two jumps between garages without spending a move."' in text.out
    assert markdown.out.startswith("## l5@0.6.5 -> l5@0.7.0")
    assert "- **Mag Boots** (`orbit-red-fashions`, orbit-card)" in markdown.out
    parsed = json.loads(data.out)
    assert parsed["changed_ids"] == ["orbit-red-fashions"]
    change = parsed["components"]["changed"][0]["changes"][0]
    assert change["path"] == "effect.text" and change["new"].startswith("Make two jumps")


def test_a_bare_edition_means_the_same_game(one_field: Path, run_cli) -> None:
    result = run_cli("--project", str(one_field), "diff", "l5@0.6.5", "0.7.0", "--json")
    assert json.loads(result.out)["new"] == "l5@0.7.0"


def test_an_edition_against_itself_has_no_differences(run_cli) -> None:
    result = run_cli("--project", str(REPO), "diff", "l5@0.6.5", "l5@0.6.5")
    assert result.code == 0
    assert "l5@0.6.5 -> l5@0.6.5: no differences" in result.out


def test_062_to_065_reports_kinds_renamed_ids_and_box_list() -> None:
    diff = diff_databases(load_database(REPO, "l5", "0.6.2"), load_database(REPO, "l5", "0.6.5"))
    assert {"new-media-card", "reference-card", "keep"} <= set(diff.kinds_removed)
    assert diff.counts["orbit-card"] == (0, 20)
    assert diff.counts["new-media-card"] == (25, 0)
    arcade = next(c for c in diff.changed if c.id == "arcade-blue")
    assert arcade.old_id == "arcade-062-blue"
    assert any(f.path == "rooms[blue-keep]" and f.old is MISSING for f in arcade.changes)
    token = next(c for c in diff.changed if c.id == "token-blue-astronaut")
    # its ref follows the renamed id; 0.6.2's culture/career pairing of tokens is draft, 0.6.5's is not
    assert [f.path for f in token.changes] == ["id", "status"]
    assert "token-blue-astronaut" not in diff.changed_ids()
    row = next(r for r in diff.rows_changed if r.line == "3 CHARACTER IDS & MATCHING TOKENS")
    assert FieldChange("line", "1-5 Character IDs and matching plastic Character Tokens",
                       "3 CHARACTER IDS & MATCHING TOKENS") in row.changes
    assert "20 ORBIT CARDS: (RED-BLUE-VIOLET-GREEN)" in [r.line for r in diff.rows_added]
    assert {p.kind for p in diff.removed} >= {"new-media-card", "reference-card"}


def test_062_to_065_cli_lists_each_section(run_cli) -> None:
    result = run_cli("--project", str(REPO), "diff", "l5@0.6.2", "l5@0.6.5")
    assert result.code == 0, result.err
    for heading in ("Kinds defined", "Pieces per kind", "Changed (", "Added (", "Removed (", "Box list"):
        assert heading in result.out
    assert "- new-media-card" in result.out
    assert "~ arcade-blue  Blue Arcade (arcade, was arcade-062-blue)" in result.out


def test_a_recoloured_term_restyles_its_components(tmp_path: Path) -> None:
    project = overlay("recoloured-term", copy_project(tmp_path))
    diff = diff_databases(load_database(project, "l5", "0.6.5"),
                          load_database(project, "l5", "0.7.3"))
    assert diff.changed == []
    assert [t.name for t in diff.terms_changed] == ["culture:violet"]
    restyled = {c.id for c in diff.restyled}
    assert "orbit-violet-permits" in restyled and "arcade-violet" in restyled
    assert "orbit-red-permits" not in restyled
    assert diff.changed_ids() == restyled


def test_value_changes_walk_objects_and_lists() -> None:
    old = {"effect": {"text": "a", "requires": {"career": ["PD"]}},
           "rooms": [{"id": "r1", "type": "keep"}, {"id": "r2", "type": "garage"}],
           "powers": [{"name": "MOVE"}]}
    new = {"effect": {"text": "b", "requires": {"career": ["PD", "AS"]}},
           "rooms": [{"id": "r2", "type": "studio"}, {"id": "r1", "type": "keep"}],
           "powers": [{"name": "MOVE"}, {"name": "REST"}]}
    assert value_changes(old, new) == [
        FieldChange("effect.text", "a", "b"),
        FieldChange("effect.requires.career", ["PD"], ["PD", "AS"]),
        FieldChange("rooms[r2].type", "garage", "studio"),
        FieldChange("powers[1]", MISSING, {"name": "REST"}),
    ]


def test_reordered_items_with_ids_report_the_order() -> None:
    old = [{"id": "a"}, {"id": "b"}]
    assert value_changes({"x": old}, {"x": old[::-1]}) == [
        FieldChange("x order", ["a", "b"], ["b", "a"])]


def _edition_with_rows(project: Path, edition: str, earth_rows: int) -> None:
    """l5@<edition>: 0.6.5 with a box list of only the earth-card line, written that many times."""
    folder = project / "data" / "l5" / edition
    folder.mkdir()
    row = '  - line: "4 EARTH CARDS"\n    kind: earth-card\n    count: 4\n'
    (folder / "edition.yaml").write_text(
        f'edition: "{edition}"\ntitle: L5 {edition}\nextends: "0.6.5"\n'
        "inventory:\n" + row * earth_rows, encoding="utf-8")


@pytest.mark.parametrize(("old", "new", "section"), [("0.7.4", "0.7.5", "added"),
                                                      ("0.7.5", "0.7.4", "removed")])
def test_a_box_list_line_written_twice_is_one_row_added_or_removed(
        tmp_path: Path, run_cli, old: str, new: str, section: str) -> None:
    project = copy_project(tmp_path)
    _edition_with_rows(project, "0.7.4", 1)
    _edition_with_rows(project, "0.7.5", 2)
    result = run_cli("--project", str(project), "diff", f"l5@{old}", f"l5@{new}", "--json")
    assert result.code == 0, result.text
    rows = json.loads(result.out)["inventory"]
    assert [r["line"] for r in rows[section]] == ["4 EARTH CARDS"]
    assert [r for key, r in rows.items() if key != section] == [[], []]
    text = run_cli("--project", str(project), "diff", f"l5@{old}", f"l5@{new}")
    assert text.code == 0 and "4 EARTH CARDS" in text.out
