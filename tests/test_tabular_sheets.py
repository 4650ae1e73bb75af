"""Spreadsheets as people keep them: rows without ids (derived from a chosen column, or FILE-ROW),
headers in any case or mapped in game.yaml (`tables: columns:`), a copies column, and a
did-you-mean for a column that names no field."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardgen.data.load import load_database
from tests.conftest import REPO

FIXTURE = REPO / "tests" / "fixtures" / "adding-a-game"
GAME = "data/potions/game.yaml"

SHEET = """\
KIND,NAME,Element,STRENGTH,Steps.0,COPIES
recipe-card,Ember Tea,fire,1,Warm the pot.,2
recipe-card,Ash Broth,fire,2,Stir twice.,1
recipe-card,Dragon Draught,fire,3,Boil hard.,1
recipe-card,Dew Drop,water,1,Collect dew at dawn.,3
recipe-card,Tide Tonic,water,2,Wait for the tide.,1
recipe-card,Deep Elixir,water,3,Dive.,1
"""


@pytest.fixture
def sheet(tmp_path: Path) -> Path:
    project = tmp_path / "potions"
    shutil.copytree(FIXTURE, project)
    (project / "data/potions/1.0/recipes.yaml").unlink()
    (project / "data/potions/1.0/cauldron.csv").write_text("id,kind,name,slots\n"
                                                            "cauldron,cauldron-mat,Cauldron,4\n")
    (project / "data/potions/1.0/recipes.csv").write_text(SHEET)
    return project


def _tables(project: Path, text: str) -> None:
    path = project / GAME
    path.write_text(path.read_text() + text)


def _recipes(project: Path) -> dict[str, tuple]:
    db = load_database(project, "potions")
    return {c.id: (c.name, c.count, c.fields.get("element"), c.fields.get("steps"))
            for c in db.components if c.kind == "recipe-card"}


def test_rows_without_ids_are_numbered_by_file_and_row_and_headers_match_in_any_case(
        sheet: Path) -> None:
    recipes = _recipes(sheet)
    assert list(recipes) == ["recipes-2", "recipes-3", "recipes-4", "recipes-5", "recipes-6",
                             "recipes-7"]  # the spreadsheet's row numbers
    assert recipes["recipes-2"] == ("Ember Tea", 2, "fire", ["Warm the pot."])
    assert recipes["recipes-5"][1] == 3  # COPIES is the count


def test_ids_from_a_chosen_column_and_mapped_headers(sheet: Path) -> None:
    path = sheet / "data/potions/1.0/recipes.csv"
    path.write_text(SHEET.replace("Element,", "ELEM,").replace("COPIES", "HOW MANY")
                    .replace("Tide Tonic", "Ember Tea"))
    _tables(sheet, "tables:\n  columns: { ELEM: element, how many: count }\n  id_from: name\n")
    recipes = _recipes(sheet)
    assert list(recipes)[:2] == ["ember-tea", "ash-broth"]
    assert "ember-tea-2" in recipes  # a repeated name gets -2
    assert recipes["dew-drop"] == ("Dew Drop", 3, "water", ["Collect dew at dawn."])


def test_an_unknown_column_is_located_with_a_did_you_mean(sheet: Path, run_cli) -> None:
    path = sheet / "data/potions/1.0/recipes.csv"
    path.write_text(SHEET.replace("STRENGTH", "STRENGHT"))
    result = run_cli("check", "--project", str(sheet))
    assert result.code == 2, result.text
    assert "data/potions/1.0/recipes.csv:1:4: error[unknown-field] STRENGHT: unknown column " \
           "'STRENGHT'" in result.text
    assert "hint: did you mean 'strength'?" in result.text


def test_a_mapping_to_no_field_names_the_mapping(sheet: Path, run_cli) -> None:
    path = sheet / "data/potions/1.0/recipes.csv"
    path.write_text(SHEET.replace("Element,", "ELEM,"))
    _tables(sheet, "tables:\n  columns: { ELEM: elemnt }\n")
    result = run_cli("check", "--project", str(sheet))
    assert result.code == 2, result.text
    assert "recipes.csv:1:3: error[unknown-field] elemnt: unknown column 'elemnt' (columns: " \
           "maps 'ELEM' to it)" in result.text
    assert "did you mean 'element'?" in result.text
