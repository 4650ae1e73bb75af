"""The real databases check as their rulebooks promise; the report's JSON matches its table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardgen.check import check, evaluate
from cardgen.data.load import load_database
from tests.conftest import REPO


@pytest.fixture(scope="module")
def l5():
    return load_database(REPO, "l5", "0.6.5")


def test_every_box_list_row_of_l5_065_matches(l5) -> None:
    report = check(l5)
    listed = [r for r in report.rows if r.expected is not None]
    assert len(listed) == sum(len(i.kinds) for i in l5.edition.inventory)
    assert all(r.verdict == "ok" for r in listed), [(r.kind, r.verdict, r.detail) for r in listed]
    assert not report.failed()


def test_box_list_lines_are_the_rulebook_verbatim(l5) -> None:
    text = (REPO / "data" / "l5" / "0.6.5" / "rulebook.md").read_text(encoding="utf-8")
    lines = set(text.splitlines())
    for row in l5.edition.inventory:
        assert row.line in lines, row.line


def test_check_json_has_the_same_rows_as_the_table(run_cli) -> None:
    result = run_cli("--project", str(REPO), "check", "l5@0.6.5", "--json")
    assert result.code == 0, result.err
    data = json.loads(result.out)
    table = run_cli("--project", str(REPO), "check", "l5@0.6.5")
    assert [r["kind"] for r in data["rows"]] == [r.kind for r in check(
        load_database(REPO, "l5", "0.6.5")).rows]
    for row in data["rows"]:
        assert row["line"][:12] in table.out
    assert data["failed"] is False


def test_removing_a_card_names_the_short_breakdown() -> None:
    l5 = load_database(REPO, "l5", "0.6.5")
    l5.components = [c for c in l5.components if c.id != "orbit-green-drones"]
    report = check(l5)
    row = next(r for r in report.rows if r.kind == "Orbit card")
    assert (row.expected, row.has, row.verdict) == (20, 19, "short")
    assert "culture green: 4 of 5" in row.detail
    assert report.failed()


def test_draft_components_are_counted(l5) -> None:
    report = check(l5)
    terms = sum(t.status == "draft" for terms in l5.game.vocab.values() for t in terms.values())
    components = sum(1 for c in l5.components if c.status == "draft")
    assert sum(report.drafts.values()) == components + terms and components > 0


def test_expressions_show_their_values(l5) -> None:
    ok, shown = evaluate(l5, "count('orbit-card') == 4 * 5")
    assert ok and shown == "20 == 4 * 5"
    ok, shown = evaluate(l5, "count('data-die[culture=red]') == 11")
    assert not ok and shown == "10 == 11"


@pytest.mark.parametrize("expr", ["__import__('os')", "count('orbit-card').real", "[1][0]"])
def test_expressions_refuse_anything_else(l5, expr: str) -> None:
    from cardgen.check import ExprError

    with pytest.raises(ExprError):
        evaluate(l5, expr)


def test_schema_is_written_and_data_files_name_it(tmp_path: Path, run_cli) -> None:
    from tests.conftest import copy_project

    project = copy_project(tmp_path)
    assert run_cli("--project", str(project), "schema").code == 0
    schema = json.loads((project / "schema" / "l5.components.schema.json").read_text())
    kinds = schema["items"]["properties"]["kind"]["enum"]
    assert "orbit-card" in kinds
    orbit = next(v for v in schema["items"]["allOf"]
                 if v["if"]["properties"]["kind"]["const"] == "orbit-card")
    assert orbit["then"]["properties"]["culture"]["enum"][:2] == ["red", "green"] or \
        "red" in orbit["then"]["properties"]["culture"]["enum"]
    first_line = (REPO / "data/l5/0.6.5/orbit.yaml").read_text().splitlines()[0]
    assert first_line == "# yaml-language-server: $schema=../../../schema/l5.components.schema.json"


def test_a_bug_in_cardgen_prints_no_traceback(run_cli, monkeypatch) -> None:
    import cardgen.check
    import cardgen.cli.build_cmd  # noqa: F401  (it binds `check` when first imported: before
    # the stand-in, so the process's later tests do not keep it)

    def broken(*_args, **_kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(cardgen.check, "check", broken)
    result = run_cli("--project", str(REPO), "check")
    assert result.code == 3
    assert "internal error: RuntimeError: boom" in result.err
    assert "Traceback" not in result.text


def test_a_breakdown_that_only_names_values_needs_one_of_each(l5) -> None:
    row = next(r for r in check(l5).rows if r.kind == "Orbit card")
    assert [p.label for p in row.parts] == [
        "culture red", "culture blue", "culture violet", "culture green"]
    assert all(p.ok for p in row.parts)


def test_committed_schemas_are_up_to_date(tmp_path, run_cli) -> None:
    """schema/ is what `cardgen schema` writes now, so editors see the current kinds."""
    import shutil

    project = tmp_path / "p"
    shutil.copytree(REPO / "data", project / "data")
    assert run_cli("--project", str(project), "schema").code == 0
    for fresh in sorted((project / "schema").glob("*.json")):
        committed = REPO / "schema" / fresh.name
        assert committed.is_file(), f"run `cardgen schema` and commit {fresh.name}"
        stale = f"schema/{fresh.name} is stale: run `cardgen schema`"
        assert committed.read_text() == fresh.read_text(), stale


def test_each_call_in_an_expression_is_counted_once(l5, monkeypatch) -> None:
    from cardgen.check import rules

    seen: list[str] = []

    def counting(db, text: str) -> int:
        seen.append(text)
        return 5

    monkeypatch.setitem(rules._FUNCS, "count", counting)
    ok, shown = evaluate(l5, "count('orbit-card') == count('orbit-card') and count('x') > 1")
    assert ok and shown == "5 == 5 and 5 > 1"
    assert seen == ["orbit-card", "x"]
