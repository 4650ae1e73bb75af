"""CSV / TSV component files: the example game's components as a spreadsheet check the same as
its YAML; a wrong cell is exit 2 located at file.csv:ROW:COL."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from cardgen.data.load import load_database
from tests.conftest import REPO

FIXTURE = REPO / "tests" / "fixtures" / "adding-a-game"

RECIPES_CSV = """\
id,kind,name,element,strength,steps.0,steps.1,slots
ember-tea,recipe-card,Ember Tea,fire,1,Warm the pot.,Add one ember.,
ash-broth,recipe-card,Ash Broth,fire,2,Stir twice.,Add ash.,
dragon-draught,recipe-card,Dragon Draught,fire,3,Boil hard.,Shout.,
dew-drop,recipe-card,Dew Drop,water,1,Collect dew at dawn.,,
tide-tonic,recipe-card,Tide Tonic,water,2,Wait for the tide.,,
deep-elixir,recipe-card,Deep Elixir,water,3,Dive.,Bottle the dark.,
cauldron,cauldron-mat,Cauldron,,,,,4
"""


@pytest.fixture
def as_csv(tmp_path: Path) -> Path:
    project = tmp_path / "potions"
    shutil.copytree(FIXTURE, project)
    (project / "data/potions/1.0/recipes.yaml").unlink()
    (project / "data/potions/1.0/recipes.csv").write_text(RECIPES_CSV)
    return project


def _fields(project: Path) -> dict[str, tuple]:
    db = load_database(project, "potions")
    return {c.id: (c.kind, c.name, c.count, c.fields) for c in db.components}


def test_csv_gives_the_same_components_and_check_as_yaml(as_csv: Path, run_cli) -> None:
    assert _fields(as_csv) == _fields(FIXTURE)
    from_csv = run_cli("check", "--json", "--project", str(as_csv))
    from_yaml = run_cli("check", "--json", "--project", str(FIXTURE))
    assert from_csv.code == from_yaml.code == 0, from_csv.text
    assert json.loads(from_csv.out) == json.loads(from_yaml.out)


def test_a_typo_in_a_cell_is_located_by_row_and_column(as_csv: Path, run_cli) -> None:
    path = as_csv / "data/potions/1.0/recipes.csv"
    path.write_text(path.read_text().replace("Ash Broth,fire,2,", "Ash Broth,fyre,2x,"))
    result = run_cli("check", "--project", str(as_csv))
    assert result.code == 2
    assert ("data/potions/1.0/recipes.csv:3:4: error[unknown-term] recipes[1].element: "
            "unknown element 'fyre'\n  hint: did you mean 'fire'?") in result.err
    assert ("data/potions/1.0/recipes.csv:3:5: error[bad-type] recipes[1].strength: "
            "expected a whole number, got text '2x'") in result.err


def test_a_misspelt_column_is_located_at_the_header(as_csv: Path, run_cli) -> None:
    path = as_csv / "data/potions/1.0/recipes.csv"
    path.write_text(path.read_text().replace(",strength,", ",strenght,", 1))
    result = run_cli("check", "--project", str(as_csv))
    assert result.code == 2
    assert ("data/potions/1.0/recipes.csv:1:5: error[unknown-field] strenght: unknown column "
            "'strenght'\n  hint: did you mean 'strength'?") in result.err


def test_tsv_with_a_kind_line_quoted_newlines_and_mixed_with_yaml(as_csv: Path) -> None:
    folder = as_csv / "data/potions/1.0"
    rows = [r for r in RECIPES_CSV.splitlines() if r.startswith(("dew", "tide", "deep"))]
    (folder / "recipes.csv").write_text("\n".join(RECIPES_CSV.splitlines()[:4]) + "\n")
    (folder / "water.tsv").write_text(
        "# kind: recipe-card\n" + "\t".join(["id", "name", "element", "strength", "steps.0",
                                            "steps.1"]) + "\n"
        + "\n".join("\t".join(r.split(",")[:1] + r.split(",")[2:7]) for r in rows[:2]) + "\n"
        + 'deep-elixir\tDeep Elixir\twater\t3\tDive.\t"Bottle\nthe dark."\n')
    (folder / "mats.yaml").write_text("- { id: cauldron, kind: cauldron-mat, name: Cauldron, slots: 4 }\n")
    db = load_database(as_csv, "potions")
    deep = db.by_id()["deep-elixir"]
    assert deep.fields == {"element": "water", "strength": 3, "steps": ["Dive.", "Bottle\nthe dark."]}
    assert str(deep.where) == "data/potions/1.0/water.tsv:5:1"
    assert db.by_id()["dew-drop"].fields["steps"] == ["Collect dew at dawn."]  # empty cell: absent
    assert len(db.components) == 7


def test_rows_without_a_kind_are_one_problem_at_the_header(as_csv: Path, run_cli) -> None:
    path = as_csv / "data/potions/1.0/recipes.csv"
    lines = [",".join(c for i, c in enumerate(line.split(",")) if i != 1)
             for line in RECIPES_CSV.splitlines()]
    path.write_text("\n".join(lines) + "\n")
    result = run_cli("check", "--project", str(as_csv))
    assert result.code == 2
    assert "recipes.csv:1:1: error[missing-field] no kind for these rows" in result.err
    assert "'# kind: NAME'" in result.err


def test_xlsx_first_sheet_reads_like_the_csv(as_csv: Path, run_cli) -> None:
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    sheet = book.active
    for line in RECIPES_CSV.splitlines():
        sheet.append([int(c) if c.isdigit() else (c or None) for c in line.split(",")])
    sheet["E3"] = "2x"  # ash-broth's strength
    folder = as_csv / "data/potions/1.0"
    (folder / "recipes.csv").unlink()
    book.save(folder / "recipes.xlsx")
    (folder / "~$recipes.xlsx").write_bytes(b"lock file of an open workbook")
    result = run_cli("check", "--project", str(as_csv))
    assert result.code == 2
    assert ("data/potions/1.0/recipes.xlsx:3:5: error[bad-type] recipes[1].strength: "
            "expected a whole number, got text '2x'") in result.err
    sheet["E3"] = 2
    book.save(folder / "recipes.xlsx")
    assert _fields(as_csv) == _fields(FIXTURE)


def test_an_unquoted_comma_is_caught_at_its_row(as_csv: Path, run_cli) -> None:
    path = as_csv / "data/potions/1.0/recipes.csv"
    path.write_text(path.read_text().replace("Collect dew at dawn.", "Collect dew, at dawn.")
                    + "# a comment row,,,,,,,\n")
    result = run_cli("check", "--project", str(as_csv))
    assert result.code == 2
    assert "recipes.csv:5:9: error[bad-row] this row has 9 cells, the header names 8" in result.err
    assert 'must be quoted: "Draw a card, then discard"' in result.err
