"""YAML files -> Sources: positions of keys and values, and located problems for bad files."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.data.yamlsrc import read_source
from cardgen.errors import ProblemsError


def _read(tmp_path: Path, text: str | bytes):
    path = tmp_path / "f.yaml"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    return read_source(path, "f.yaml")


def _problem(tmp_path: Path, text: str | bytes):
    with pytest.raises(ProblemsError) as exc:
        _read(tmp_path, text)
    return exc.value.problems[0]


def test_positions_of_keys_and_values(tmp_path: Path) -> None:
    src = _read(tmp_path, "- id: a\n  name: Alpha\n- id: b\n  tags: [x, y]\n")
    assert src.data == [{"id": "a", "name": "Alpha"}, {"id": "b", "tags": ["x", "y"]}]
    assert str(src.where((0, "name"))) == "f.yaml:2:3"
    assert str(src.value_where((1, "tags", 1))) == "f.yaml:4:13"


def test_duplicate_key(tmp_path: Path) -> None:
    p = _problem(tmp_path, "id: a\nname: x\nname: y\n")
    assert (p.rule, str(p.where)) == ("duplicate-key", "f.yaml:3:1")
    assert "line 2" in (p.hint or "")


def test_tab_indentation(tmp_path: Path) -> None:
    p = _problem(tmp_path, "a:\n\tb: 1\n")
    assert p.rule == "yaml-syntax" and "tabs" in (p.hint or "")


def test_alias_bomb_is_stopped(tmp_path: Path) -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 9)]
    p = _problem(tmp_path, "\n".join(lines) + "\n")
    assert p.rule == "too-large"


@pytest.mark.parametrize(("content", "rule"), [
    ("", "empty-file"), ("# only a comment\n", "empty-file"),
    (b"\x89PNG\r\n\x1a\n\x00\x00", "not-text"), (b"\xff\xfe junk", "not-text"),
    ("x: !!python/object:os.system ls\n", "yaml-syntax"),
])
def test_unreadable_files(tmp_path: Path, content: str | bytes, rule: str) -> None:
    assert _problem(tmp_path, content).rule == rule


def test_dates_stay_text(tmp_path: Path) -> None:
    assert _read(tmp_path, "date: 2018-10-14\n").data == {"date": "2018-10-14"}
