"""A YAML file's positions below its top level are read when first asked for (data/yamlsrc.py
`unlocated`, data/yamlfast.py `read_values`): the same positions the one-loop walk records,
the same problems, and a build that meets no problem reads a components file once."""

from __future__ import annotations

import dataclasses
import pickle
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.data import load, yamlfast, yamlsrc
from cardgen.errors import ProblemsError
from tests.support.gen_deck import make_project
from tests.test_yaml_events import _DATA


@pytest.fixture(autouse=True)
def every_file_unlocated(monkeypatch: pytest.MonkeyPatch) -> None:
    """Small texts read as a large file is (`LOCATED_BELOW`: a small file has every position
    at once)."""
    monkeypatch.setattr(yamlsrc, "LOCATED_BELOW", 0)


TEXTS = [
    "- id: a\n  kind: card\n  n: 1\n  t: [x, yes]\n- id: b\n  kind: card\n  sub: {k: .inf}\n",
    "a: 1\nb: [x, 2, {c: .inf}]\nd:\n  - e: ~\n    f: |\n      line\n",
    "just text\n", "- - - x\n  - y\n- z\n", "k: {a: [1, 2], b: no}\n", "[1, '2', 3.5]\n",
    "a: &p {t: [1, yes]}\nb: *p\nc: [*p, &q 2.5]\nd: *q\n",
]


def _paths(data: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    out = [path]
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, (*path, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _paths(v, (*path, i))
    return out


@pytest.mark.parametrize("text", TEXTS)
def test_positions_read_later_are_the_walks_own(text: str) -> None:
    full = yamlfast.read_events(text, "f.yaml", yamlsrc.MAX_NODES, yamlsrc.MAX_YAML_DEPTH)
    assert full is not None
    src = yamlsrc.parse_text(text, "f.yaml")
    assert "marks" not in vars(src) and "key_marks" not in vars(src)  # nothing read yet
    before = {p: src.value_where(p) for p in _paths(src.data) if len(p) <= 1}
    assert "marks" not in vars(src)  # the top level's positions are known without the walk
    assert (src.data, src.raw, src.nonfinite) == (full[0], full[3], full[4])
    assert list(src.marks.items()) == list(full[1].items())  # read now, in the walk's order
    assert list(src.key_marks.items()) == list(full[2].items())
    assert before == {p: src.value_where(p) for p in before}
    assert {p: src.value_where(p) for p in _paths(src.data)} == {
        p: full[1].get(p) or src.where(p) for p in _paths(src.data)}


@pytest.mark.parametrize("text", TEXTS)
def test_a_source_is_pickled_and_copied_with_its_positions(text: str) -> None:
    src = yamlsrc.parse_text(text, "f.yaml")
    again = pickle.loads(pickle.dumps(src))
    assert again == src and again.marks == src.marks and again.key_marks == src.key_marks
    assert list(vars(again)) == [f.name for f in dataclasses.fields(yamlsrc.Source)]


def test_read_values_steps_aside_where_read_events_does() -> None:
    for text in ("a: *x\nb: &x 1\n", "a: &x 1\nb: &x 2\n", "a: &r [*r]\n", "a: !!str 1\n",
                 "<<: {a: 1}\n", "a: 1\na: 2\n", "",
                 "---\na: 1\n---\nb: 2\n", "? [a]\n: 1\n", "a: 2024-02-30\n", "a: [1\n"):
        args = (text, "f.yaml", yamlsrc.MAX_NODES, yamlsrc.MAX_YAML_DEPTH)
        assert yamlfast.read_values(*args) is None and yamlfast.read_events(*args) is None


def test_an_unknown_attribute_is_still_an_attribute_error() -> None:
    src = yamlsrc.parse_text("a: 1\n", "f.yaml")
    with pytest.raises(AttributeError):
        src.nothing  # type: ignore[attr-defined]  # noqa: B018
    assert not hasattr(yamlsrc.Source("f.yaml", {}), "_locate")


def _count_walks(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    walked: list[str] = []
    real = yamlsrc._positions

    def counted(text: str, shown_as: str) -> object:
        walked.append(shown_as)
        return real(text, shown_as)

    monkeypatch.setattr(yamlsrc, "_positions", counted)
    return walked


def test_a_clean_components_file_is_walked_once(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    make_project(tmp_path, 30)
    walked = _count_walks(monkeypatch)
    db = load.load_database(tmp_path, "bench", "1")
    assert len(db.components) == 30
    assert not [w for w in walked if w.endswith("cards.yaml")]
    first = db.components[0]
    assert (first.where.line, first.where.col) == (1, 3)  # `- id:`, from the top level's


def test_a_duplicate_id_is_located_from_a_second_walk(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    make_project(tmp_path, 3)
    cards = tmp_path / "data" / "bench" / "1" / "cards.yaml"
    cards.write_text(cards.read_text().replace("id: card-00003", "id: card-00001"))
    walked = _count_walks(monkeypatch)
    with pytest.raises(ProblemsError) as caught:
        load.load_database(tmp_path, "bench", "1")
    [problem] = [p for p in caught.value.problems if p.rule == "duplicate-id"]
    assert problem.hint == "first used at data/bench/1/cards.yaml:1:7; ids must be unique"
    assert str(problem.where).endswith("cards.yaml:21:7")
    assert [w for w in walked if w.endswith("cards.yaml")] == ["data/bench/1/cards.yaml"]


def test_an_ascii_control_character_is_found_as_yamls_reader_finds_it() -> None:
    for code in [*range(0x20), 0x7F]:
        text = f"a: 1\nb: x{chr(code)}y\n"
        refused = yaml.reader.Reader.NON_PRINTABLE.search(text) is not None
        try:
            yamlsrc.parse_text(text, "f.yaml")
        except ProblemsError as exc:
            rendered = exc.problems[0].render()
            assert not refused or f"U+{code:04X} is not allowed" in rendered
            assert not refused or "f.yaml:2:5" in rendered
        else:
            assert not refused, code


def test_a_small_file_has_every_position_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(yamlsrc, "LOCATED_BELOW", 64)
    small = yamlsrc.parse_text("a: {b: 1}\n", "f.yaml")
    assert "marks" in vars(small) and small.key_marks[("a", "b")].col == 5
    large = yamlsrc.parse_text("a: {b: 1}\n" + "#" * 64 + "\n", "f.yaml")
    assert "marks" not in vars(large) and large.key_marks[("a", "b")].col == 5


@settings(max_examples=60, deadline=None)
@given(data=_DATA, flow=st.sampled_from([None, True, False]))
def test_dumped_data_has_the_positions_the_full_walk_records(data: object,
                                                             flow: bool | None) -> None:
    text = yaml.safe_dump(data, default_flow_style=flow, allow_unicode=True)
    full = yamlfast.read_events(text, "f.yaml", yamlsrc.MAX_NODES, yamlsrc.MAX_YAML_DEPTH)
    if full is None:
        return
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(yamlsrc, "LOCATED_BELOW", 0)
        src = yamlsrc.parse_text(text, "f.yaml")
    eager = yamlsrc.Source("f.yaml", *full)
    paths = _paths(src.data)
    early = [src.value_where(p) for p in paths if len(p) <= 1]
    assert early == [eager.value_where(p) for p in paths if len(p) <= 1]
    assert [src.value_where(p) for p in paths] == [eager.value_where(p) for p in paths]
    assert [src.where(p) for p in paths] == [eager.where(p) for p in paths]
    assert src == eager
