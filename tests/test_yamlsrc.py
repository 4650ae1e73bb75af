"""YAML files -> Sources: positions of keys and values, and located problems for bad files."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from cardgen.data import yamlsrc
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


# cardgen's nesting limit is its own: the same problem at the same place whichever parser PyYAML
# was built with (libyaml stops nesting at 1,000 levels with a syntax error of its own).
_PARSERS = [pytest.param(yaml.SafeLoader, id="pure-python")]
if hasattr(yaml, "CSafeLoader"):
    _PARSERS.append(pytest.param(yaml.CSafeLoader, id="libyaml"))


@pytest.mark.parametrize("parser", _PARSERS)
@pytest.mark.parametrize(("text", "where"), [
    ("key: " + "[" * 65 + "]" * 65 + "\n", "f.yaml:1:69"),            # just past the limit
    ("a: 1\nb: 2\nkey: " + "[" * 1200 + "\n", "f.yaml:3:69"),        # past libyaml's 1,000, short file
    ("key: " + "[" * 5000 + "]" * 5000 + "\n", "f.yaml:1:69"),        # measured before composing
    ("".join(" " * i + f"k{i}:\n" for i in range(70)) + " " * 70 + "v\n", "f.yaml:65:65"),
    ("- " * 80 + "x\n", "f.yaml:1:129"),
])
def test_nesting_past_64_is_cardgens_own_problem(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  parser: type, text: str, where: str) -> None:
    monkeypatch.setattr(yamlsrc, "_LOADER", parser)
    p = _problem(tmp_path, text)
    assert (p.rule, str(p.where)) == ("too-deep", where)
    assert "more than 64 levels" in p.message


@pytest.mark.parametrize("parser", _PARSERS)
def test_nesting_of_64_loads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, parser: type) -> None:
    monkeypatch.setattr(yamlsrc, "_LOADER", parser)
    src = _read(tmp_path, "key: " + "[" * 63 + "1" + "]" * 63 + "\n")
    value = src.data["key"]
    for _ in range(62):
        value = value[0]
    assert value == [1]
