"""Broken copies of a real database (tests/scenarios/*/scenario.yaml) -> exact messages and exit codes.

Each scenario copies a game, applies one edit, runs the CLI and expects lines in its output.
In expected lines, {line} and {col} stand for the 1-based position of the edit's replacement,
so the expectations stay exact while the data files around them change.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from tests.conftest import copy_project

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*/scenario.yaml"))


def _apply(project: Path, edit: dict) -> tuple[int, int]:
    """Apply one text edit; return the (line, col) where the new text starts."""
    path = project / edit["file"]
    text = path.read_text(encoding="utf-8")
    if "delete_component" in edit:
        pattern = re.compile(rf"^- id: {re.escape(edit['delete_component'])}\n(?:(?!- id:).*\n)*",
                             re.MULTILINE)
        new, n = pattern.subn("", text, count=1)
        assert n == 1, f"component {edit['delete_component']} not found in {path}"
        path.write_text(new, encoding="utf-8")
        return (0, 0)
    if "append" in edit:
        path.write_text(text + edit["append"], encoding="utf-8")
        return (text.count("\n") + 1, 1)
    find, repl = edit["find"], edit["replace"]
    at = text.index(find)
    new = text.replace(find, repl) if edit.get("all") else text[:at] + repl + text[at + len(find):]
    path.write_text(new, encoding="utf-8")
    line = text.count("\n", 0, at) + 1
    col = at - (text.rfind("\n", 0, at) + 1) + 1
    return line, col + int(edit.get("col_offset", 0))


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.parent.name for s in SCENARIOS])
def test_scenario(scenario: Path, tmp_path: Path, run_cli) -> None:
    spec = yaml.safe_load(scenario.read_text(encoding="utf-8"))
    project = copy_project(tmp_path, tuple(spec.get("games", ["l5"])))
    line, col = _apply(project, spec["edit"])
    result = run_cli("--project", str(project), *spec["args"])
    assert result.code == spec["exit"], result.text
    for expected in spec["expect"]:
        wanted = expected.format(line=line, col=col)
        assert wanted in result.text, f"missing {wanted!r} in:\n{result.text}"
    assert "Traceback" not in result.text
