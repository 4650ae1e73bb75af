"""CSV / TSV component files: the example game's components as a spreadsheet check the same as
its YAML; a wrong cell is exit 2 located at file.csv:ROW:COL."""

from __future__ import annotations

import datetime
import json
import shutil
import sys
from pathlib import Path

import pytest

from cardgen.data.load import load_database
from cardgen.data.model import FieldSpec, KindSpec
from cardgen.data.tabular import read_table
from cardgen.data.yamlsrc import Source
from cardgen.errors import ProblemsError
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


# ---------------------------------------------------------------- read_table in small pieces

KINDS = {"card": KindSpec(fields={
    "value": FieldSpec(type="int"), "power": FieldSpec(type="float"), "flag": FieldSpec(type="bool"),
    "text": FieldSpec(type="text"),
    "steps": FieldSpec(type="list", of=FieldSpec(type="int")),
    "effect": FieldSpec(type="object", fields={"cost": FieldSpec(type="int"),
                                                "text": FieldSpec(type="text")}),
}), "token": KindSpec(fields={"label": FieldSpec(type="text")})}


def _table(tmp_path: Path, text: str | bytes, name: str = "rows.csv") -> Source:
    path = tmp_path / name
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    return read_table(path, name, KINDS)


def _table_problems(tmp_path: Path, text: str | bytes, name: str = "rows.csv") -> list[str]:
    with pytest.raises(ProblemsError) as exc:
        _table(tmp_path, text, name)
    return [p.render() for p in exc.value.problems]


def test_cells_are_typed_by_their_field_spec(tmp_path: Path) -> None:
    src = _table(tmp_path, "id,kind,count,value,power,flag,text,name\n"
                           "a,card,3,+4,2.5,Yes,7,8\n"
                           "b,card,x,4x,2,n,,\n"
                           "c,card,-1,-2,1e3,maybe,,\n"
                           "d,card,,,abc,X,,\n"
                           "e,card,,,.5,0,,\n")
    assert src.data == [
        {"id": "a", "kind": "card", "count": 3, "value": 4, "power": 2.5, "flag": True, "text": "7",
         "name": "8"},
        {"id": "b", "kind": "card", "count": "x", "value": "4x", "power": 2, "flag": False},
        {"id": "c", "kind": "card", "count": -1, "value": -2, "power": 1000.0, "flag": "maybe"},
        {"id": "d", "kind": "card", "power": "abc", "flag": True},
        {"id": "e", "kind": "card", "power": 0.5, "flag": False},
    ]
    assert isinstance(src.data[1]["power"], int) and isinstance(src.data[2]["power"], float)


def test_positions_of_rows_and_cells(tmp_path: Path) -> None:
    src = _table(tmp_path, '# kind: card\nid,name,#notes,,effect.cost,steps.1,steps.0\n'
                           'a,"Two\nlines",n,x,2,5,4\n\nb,B,,,,,9\n')
    assert src.data == [{"id": "a", "name": "Two\nlines", "effect": {"cost": 2}, "steps": [4, 5],
                         "kind": "card"},
                        {"id": "b", "name": "B", "steps": [9], "kind": "card"}]
    assert str(src.where((0,))) == "rows.csv:3:1"
    assert str(src.value_where((0, "name"))) == "rows.csv:3:2"
    assert str(src.where((0, "name"))) == "rows.csv:3:2"
    assert str(src.value_where((0, "effect"))) == "rows.csv:3:5"   # an object: its first cell
    assert str(src.value_where((0, "effect", "cost"))) == "rows.csv:3:5"
    assert str(src.value_where((0, "steps"))) == "rows.csv:3:6"    # a list: its leftmost cell
    assert str(src.value_where((0, "steps", 0))) == "rows.csv:3:7"  # steps.0 is in column 7
    assert str(src.value_where((0, "steps", 1))) == "rows.csv:3:6"
    assert str(src.where((1,))) == "rows.csv:6:1"                   # after a two-line cell, a blank
    assert str(src.value_where((1, "steps", 0))) == "rows.csv:6:7"
    assert (0, "kind") not in src.marks                             # the kind line: no cell of its own


def test_numbered_columns_close_their_gaps_and_a_plain_column_wins(tmp_path: Path) -> None:
    src = _table(tmp_path, "id,kind,steps.3,steps.1,effect,effect.cost\na,card,3,1,plain,2\n")
    assert src.data == [{"id": "a", "kind": "card", "steps": [1, 3], "effect": "plain"}]


def test_the_kind_comes_from_a_column_a_kind_line_or_the_file_name(tmp_path: Path) -> None:
    assert _table(tmp_path, "id,kind,label\na,token,A\nb,,B\n", "token.csv").data == [
        {"id": "a", "kind": "token", "label": "A"}, {"id": "b", "label": "B", "kind": "token"}]
    assert _table(tmp_path, "#  kind :  card  \nid\na\n", "token.csv").data == [
        {"id": "a", "kind": "card"}]
    # the kind line's kind also types the cells: 'value' is card's int
    assert _table(tmp_path, "# kind: card\n# another comment\n\nid,value\na,3\n").data == [
        {"id": "a", "value": 3, "kind": "card"}]
    assert _table(tmp_path, "id,kind,value\na,token,3\n").data == [
        {"id": "a", "kind": "token", "value": "3"}]  # no value field in token: the text stays


def test_header_problems(tmp_path: Path) -> None:
    assert _table_problems(tmp_path, "# only a comment\n,,\n") == [
        "rows.csv:1:1: error[empty-file] no header row\n"
        "  hint: the first row names the fields: id,kind,name,..."]
    assert _table_problems(tmp_path, "id,name\na,A\n") == [
        "rows.csv:1:1: error[missing-field] no kind for these rows\n"
        "  hint: add a 'kind' column, a first line '# kind: NAME', or name the file NAME.csv"]
    assert _table_problems(tmp_path, "\n# kind: card\nid,vaule,effect..text, label\na,1,2,3\n") == [
        "rows.csv:3:2: error[unknown-field] vaule: unknown column 'vaule'\n"
        "  hint: did you mean 'value'?",
        "rows.csv:3:3: error[unknown-field] effect..text: unknown column 'effect..text'\n"
        "  hint: did you mean 'effect.text'?",
        "rows.csv:3:4: error[unknown-field] label: unknown column 'label'"]  # card's fields only
    assert _table(tmp_path, "id,kind,label\na,token,A\n").data == [
        {"id": "a", "kind": "token", "label": "A"}]  # no kind line: any kind's fields


def test_a_row_with_more_cells_than_the_header(tmp_path: Path) -> None:
    assert _table_problems(tmp_path, "id,kind,name\na,card,A,B\nb,card,B\nc,card,C,D,E\n") == [
        "rows.csv:2:4: error[bad-row] this row has 4 cells, the header names 3\n"
        "  hint: text holding the separator must be quoted: \"Draw a card, then discard\"",
        "rows.csv:4:4: error[bad-row] this row has 5 cells, the header names 3\n"
        "  hint: text holding the separator must be quoted: \"Draw a card, then discard\""]
    assert _table(tmp_path, "id,kind,name\na,card\n").data == [{"id": "a", "kind": "card"}]


def test_tsv_bom_and_suffix_case(tmp_path: Path) -> None:
    assert _table(tmp_path, "\ufeffid\tkind\tname\na\tcard\tA, B\n", "rows.TSV").data == [
        {"id": "a", "kind": "card", "name": "A, B"}]
    assert _table(tmp_path, "\ufeffid,kind\na,card\n", "rows.CSV").data == [{"id": "a", "kind": "card"}]


def test_unreadable_tables(tmp_path: Path) -> None:
    assert _table_problems(tmp_path, b"id,kind\n\xff\n") == [
        "rows.csv:1:1: error[not-text] not UTF-8 text (byte 8 is 0xff)\n"
        "  hint: export the sheet as CSV UTF-8"]
    assert _table_problems(tmp_path, b"id,kind\n\x00\n") == [
        "rows.csv:1:1: error[not-text] binary file (contains NUL bytes)\n"
        "  hint: export the sheet as CSV (UTF-8), not as a workbook"]
    assert _table_problems(tmp_path, "id,kind,name\na,card,x\nb,card," + "y" * 140_000 + "\n") == [
        "rows.csv:3:1: error[bad-table] cannot read this row: field larger than field limit (131072)\n"
        "  hint: a cell holds at most 128 kB of text; check the quotes on this row"]


def test_xlsx_problems(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("openpyxl")
    assert _table_problems(tmp_path, b"PK\x03\x04 not really", "rows.xlsx") == [
        "rows.xlsx:1:1: error[not-xlsx] not a readable .xlsx workbook (BadZipFile)\n"
        "  hint: save it again from the spreadsheet, or as CSV"]
    monkeypatch.setitem(sys.modules, "openpyxl", None)
    assert _table_problems(tmp_path, b"PK", "rows.xlsx") == [
        "rows.xlsx:1:1: error[xlsx-unsupported] reading .xlsx needs openpyxl, which is not installed\n"
        "  hint: install openpyxl where cardgen is (cardgen's xlsx extra), or save the sheet as CSV UTF-8"]


def test_xlsx_cells_read_as_a_csv_export_would_hold_them(tmp_path: Path) -> None:
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    book.active.append(["id", "kind", "value", "power", "flag", "text", "name"])
    book.active.append(["a", "card", 3.0, 2.5, True, datetime.date(2018, 10, 14),
                        datetime.datetime(2018, 10, 14, 9, 30)])
    book.active.append(["b", "card", None, None, False, datetime.datetime(2018, 10, 14), 4.0])
    book.save(tmp_path / "rows.xlsx")
    src = read_table(tmp_path / "rows.xlsx", "rows.xlsx", KINDS)
    assert src.data == [
        {"id": "a", "kind": "card", "value": 3, "power": 2.5, "flag": True, "text": "2018-10-14",
         "name": "2018-10-14T09:30:00"},
        {"id": "b", "kind": "card", "flag": False, "text": "2018-10-14", "name": "4"}]
    assert str(src.value_where((1, "flag"))) == "rows.xlsx:3:5"


def test_a_kind_line_padded_by_a_spreadsheet_export(tmp_path: Path) -> None:
    # a sheet saved as CSV pads every row to the widest one: '# kind: card,,'
    assert _table(tmp_path, "# kind: card,,\nid,value,\na,3,\n").data == [
        {"id": "a", "value": 3, "kind": "card"}]
    assert _table(tmp_path, "# kind:\tcard\t\nid\tvalue\na\t3\n", "rows.tsv").data == [
        {"id": "a", "value": 3, "kind": "card"}]
    assert _table(tmp_path, "# kind: card, token\nid,kind\na,token\n").data == [
        {"id": "a", "kind": "token"}]  # not a kind line: a comment


def test_windows_line_ends_and_a_line_break_inside_a_cell(tmp_path: Path) -> None:
    src = _table(tmp_path, b'id,kind,name\r\na,card,"Two\r\nlines"\r\nb,card,B\r\n')
    assert src.data == [{"id": "a", "kind": "card", "name": "Two\r\nlines"},
                        {"id": "b", "kind": "card", "name": "B"}]
    assert str(src.where((1,))) == "rows.csv:4:1"
