"""Broken copies of the real l5 project (tests/broken/*/case.yaml) -> located message, hint, exit 2.

Each case copies the game, applies its edits, runs the CLI in-process and expects:
- exit code 2 (invalid data), and no Python traceback in anything printed;
- a file:line:col location (unless the case says `located: false`) and a `hint:` line;
- each of its `expect` lines, where {line} and {col} stand for the 1-based position of the
  first find/replace edit's replacement (plus its col_offset / line_offset);
- output/ exactly as it was: a pre-existing output folder is hashed before and after.

Edits: `find`/`replace` (first occurrence), `write` (a whole new text file), `bytes_hex` (a
whole binary file) and `generate_mb` (a big, well-formed components file written on the spot).
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest
import yaml

from tests.conftest import copy_project

CASES = sorted((Path(__file__).parent / "broken").glob("*/case.yaml"))
LOCATED = re.compile(r"^\S+\.ya?ml:\d+:\d+: error\[[a-z-]+\] ", re.MULTILINE)


def apply_edit(project: Path, edit: dict) -> tuple[int, int] | None:
    """Apply one edit to the copy; return the (line, col) of a find/replace edit's new text."""
    path = project / edit["file"]
    path.parent.mkdir(parents=True, exist_ok=True)
    if "write" in edit:
        path.write_text(edit["write"], encoding="utf-8")
        return None
    if "bytes_hex" in edit:
        path.write_bytes(bytes.fromhex(edit["bytes_hex"]))
        return None
    if "generate_mb" in edit:
        _write_big_components(path, int(edit["generate_mb"]) * 1024 * 1024)
        return None
    text = path.read_text(encoding="utf-8")
    at = text.index(edit["find"])
    path.write_text(text[:at] + edit["replace"] + text[at + len(edit["find"]):], encoding="utf-8")
    line = text.count("\n", 0, at) + 1 + int(edit.get("line_offset", 0))
    col = at - (text.rfind("\n", 0, at) + 1) + 1 + int(edit.get("col_offset", 0))
    return line, col


def _write_big_components(path: Path, size: int) -> None:
    block = "".join(f"- id: filler-{i}\n  kind: reminder-card\n  name: Filler {i}\n" for i in range(1000))
    with path.open("w", encoding="utf-8") as out:
        while out.tell() < size:
            out.write(block)


def tree_hashes(root: Path) -> dict[str, str]:
    """Every file and folder under root -> sha256 of its bytes ('dir' for folders)."""
    if not root.exists():
        return {}
    return {str(p.relative_to(root)): "dir" if p.is_dir() else hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*"))}


def seed_previous_output(project: Path) -> dict[str, str]:
    """A previous build's output folder (dummy files) and its hashes."""
    out = project / "output" / "l5-0.6.5"
    (out / "svg").mkdir(parents=True)
    (out / "home-letter.pdf").write_bytes(b"%PDF-1.4 previous build\n%%EOF\n")
    (out / "svg" / "orbit-red-permits.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>")
    (out / "manifest.json").write_text('{"previous": true}\n')
    (project / "output" / "notes.txt").write_text("kept by the user\n")
    return tree_hashes(project / "output")


@pytest.mark.parametrize("case", CASES, ids=[c.parent.name for c in CASES])
def test_broken_input(case: Path, tmp_path: Path, run_cli) -> None:
    spec = yaml.safe_load(case.read_text(encoding="utf-8"))
    if spec.get("build"):
        pytest.importorskip("cardgen.layout", reason="the layout stage (cardgen/layout.py) is not there yet")
    project = copy_project(tmp_path, tuple(spec.get("games", ["l5"])))
    before = seed_previous_output(project)
    positions = [p for p in (apply_edit(project, e) for e in spec["edits"]) if p is not None]
    line, col = positions[0] if positions else (0, 0)

    result = run_cli("--project", str(project), *spec["args"])

    assert result.code == spec.get("exit", 2), result.text
    assert "Traceback" not in result.text
    from tests.test_hostile import PYTHON_WORDS

    assert not PYTHON_WORDS.search(result.text), result.text
    for expected in spec["expect"]:
        wanted = expected.format(line=line, col=col)
        assert wanted in result.text, f"missing {wanted!r} in:\n{result.text}"
    if spec.get("located", True):
        assert LOCATED.search(result.text), f"no file:line:col location in:\n{result.text}"
    assert "\n  hint: " in result.text, f"no hint in:\n{result.text}"
    assert tree_hashes(project / "output") == before, "output/ changed"


def test_corpus_is_big_enough() -> None:
    assert len(CASES) >= 25
