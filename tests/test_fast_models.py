"""Plainly valid game and edition files made without pydantic's validators
(cardgen.data.fastmodel): the fast path either declines or makes the very model
`model_validate` makes (equal values of the same types, the same fields set, in the same
order), and a file with any problem says exactly what it said before."""

from __future__ import annotations

import copy
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgen.data import fastmodel, modelkit, twins, validate
from cardgen.data.model import (
    EditionFile,
    FieldSpec,
    GameFile,
    KindSpec,
    PlayerCount,
    Rule,
    SetupStep,
    Tables,
    Term,
    TuckBoxSpec,
)
from cardgen.data.modelkit import BaseModel
from cardgen.data.pydanticlib import ValidationError
from cardgen.data.yamlsrc import read_source
from cardgen.errors import Problem
from tests.test_yaml_positions_later import _paths  # every key path of a value

REPO = Path(__file__).resolve().parents[1]
CLASSES = {"game.yaml": GameFile, "edition.yaml": EditionFile}


def _files() -> list[Path]:
    return sorted(p for name in CLASSES for root in ("data", "tests") for p in (REPO / root).rglob(name))


def _same(fast: Any, slow: Any, where: str = "") -> None:
    """Equal values of the same types, recursively (tuples too): models' fields in the same
    order, with the same fields set, extra and private values."""
    assert type(fast) is type(slow), where
    if isinstance(slow, BaseModel):
        assert list(fast.__dict__) == list(slow.__dict__), where
        assert fast.model_fields_set == slow.model_fields_set, where
        for name, value in slow.__dict__.items():
            _same(fast.__dict__[name], value, f"{where}.{name}")
    elif isinstance(slow, dict):
        assert list(fast) == list(slow), where
        for key, value in slow.items():
            _same(fast[key], value, f"{where}[{key!r}]")
    elif isinstance(slow, list | tuple):
        assert len(fast) == len(slow), where
        for i, (a, b) in enumerate(zip(fast, slow, strict=True)):
            _same(a, b, f"{where}[{i}]")
    else:
        assert fast == slow, where


def _agrees(cls: type[BaseModel], data: Any) -> bool:
    """The fast path declines, or gives the model pydantic's twin of the class validates (as
    cardgen's class); True when it did not decline."""
    before = copy.deepcopy(data)
    fast = fastmodel.plainly_valid(cls, data)
    assert data == before  # the data is never changed
    try:
        slow = twins.validated(cls, data)
    except ValidationError:
        assert fast is None, "the fast path took data pydantic rejects"
        return False
    if fast is None:
        return False
    _same(fast, slow)
    assert fast == slow
    return True


def _shares_nothing(model: Any, data: Any) -> None:
    """No list or dict of the model is one of the data's (pydantic makes new ones too)."""
    inner = {id(v) for v in _containers(data)}
    assert not inner & {id(v) for v in _containers(model)}


def _containers(value: Any) -> list[Any]:
    if isinstance(value, BaseModel):
        return [c for v in value.__dict__.values() for c in _containers(v)]
    if isinstance(value, dict):
        return [value, *(c for v in value.values() for c in _containers(v))]
    if isinstance(value, list):
        return [value, *(c for v in value for c in _containers(v))]
    return []


@pytest.mark.parametrize("path", _files(), ids=lambda p: str(p.relative_to(REPO)))
def test_every_file_of_the_repository_gives_the_model_pydantic_gives(path: Path) -> None:
    try:
        data = read_source(path, str(path)).data
    except Exception:  # noqa: BLE001 - a hostile file that is not YAML at all
        return
    cls = CLASSES[path.name]
    took = _agrees(cls, data)
    if path.is_relative_to(REPO / "data"):
        assert took  # the seed games' files take the fast path
        model = fastmodel.plainly_valid(cls, data)
        _shares_nothing(model, data)


def test_a_new_project_s_files_take_the_fast_path(tmp_path: Path) -> None:
    subprocess.run([sys.executable, "-m", "cardgen", "new", "my-game", str(tmp_path / "g")],
                   check=True, capture_output=True)
    found = sorted((tmp_path / "g").rglob("*.yaml"))
    files = [p for p in found if p.name in CLASSES]
    assert len(files) >= 2
    for path in files:
        assert _agrees(CLASSES[path.name], read_source(path, str(path)).data)


CASES: list[tuple[type[BaseModel], Any]] = [
    (FieldSpec, {"type": "int", "min": 1, "max": 2.5}),  # an int where float: pydantic's float
    (FieldSpec, {"type": "int", "min": 3, "max": 2}),  # the model validator's error
    (FieldSpec, {"type": "list", "of": {"type": "object", "fields": {"a": {"type": "str"}}}}),
    (FieldSpec, {"type": "int", "min": True}),
    (FieldSpec, {"type": "int", "min": float("nan")}),
    (FieldSpec, {"type": "int", "min": 2 ** 60}),
    (FieldSpec, {"type": "nope"}),
    (FieldSpec, {"type": "int", "choices": ["a", 1, True, 2.0, None]}),
    (TuckBoxSpec, {"card_thickness": 1}),
    (TuckBoxSpec, {"card_thickness": 0}),
    (TuckBoxSpec, {"card_thickness": 5.0}),
    (TuckBoxSpec, {"card_thickness": 5.01}),
    (TuckBoxSpec, {}),
    (KindSpec, {"tuck_box": {}}),
    (KindSpec, {"tuck_box": None, "fields": {}}),
    (Term, {"id": 1, "color": "#a0B0c0"}),
    (Term, {"id": "x", "color": "#a0B0c0\n"}),
    (Term, {"id": "x", "color": "#a0B0c"}),
    (Term, {"id": "x", "color": None, "symbol": None}),
    (Term, {"id": "x", "symbol": " x"}),
    (Term, {"id": "x", "symbol": "x"}),
    (Term, {"id": True}),
    (Term, {"id": 1.5}),
    (Term, {"id": "x", "quote": "name"}),
    (Term, {"id": "x", "quote": ["name", "description"]}),
    (Term, {"id": "x", "quote": ["nam"]}),
    (Term, {"id": "x", "quote": []}),
    (Term, {"id": "x", "status": "draft", "number": 3}),
    (Term, {"id": "x", "number": "3"}),
    (Term, {"id": "x", 3: "y"}),
    (Term, {"id": "x", "unknown": 1}),
    (Term, {}),
    (Term, ["id"]),
    (Term, None),
    (Rule, {"rule": "exists", "in": "a"}),
    (Rule, {"rule": "exists", "in_": ["a", "b"]}),
    (Rule, {"rule": "exists", "in": "a", "in_": "b"}),
    (Rule, {"rule": "agree", "of": {"a": [1, "b"]}, "values": ["x"]}),
    (Rule, {"rule": "agree", "of": {"a": [1, False]}}),
    (PlayerCount, {"min": 2, "max": 1}),
    (PlayerCount, {"per_player": 2, "plus": 1, "min": 1}),
    (SetupStep, {"shuffle": "a", "count": 0}),
    (SetupStep, {"shuffle": "a", "count": 1000, "where": {"a": 1, "b": True, "c": "d"}}),
    (SetupStep, {"shuffle": "a", "count": 1001}),
    (SetupStep, {"shuffle": "a", "deal": "b"}),
    (SetupStep, {"rulebook": "x"}),
    (SetupStep, {"shuffle": "a", "count": None}),
    (Tables, {"columns": {"A": "a"}}),
    (GameFile, {"name": "g", "default_edition": "e"}),
    (GameFile, {"name": "g", "default_edition": "e", "$schema": "s", "schema_": "t"}),
    (GameFile, {"name": "g", "default_edition": "e", "schema_": "t"}),
    (GameFile, {"name": "g"}),
    (GameFile, {"name": "g", "default_edition": "e", "rules": [{"rule": "expr", "expr": 1}]}),
    (EditionFile, {"edition": "1", "players": {"min": 0}}),
    (EditionFile, {"edition": "1", "players": {"min": 2, "max": 4}}),
    (EditionFile, {"edition": "1", "inventory": [{"line": "x", "kind": ["a"], "count": 2}]}),
    (EditionFile, {"edition": "1", "inventory": [{"line": "x", "kind": "a",
                                                   "count": {"per_player": 1}}]}),
    (EditionFile, {"edition": "1", "inventory": [{"line": "x", "kind": "a", "count": 2.0}]}),
    (EditionFile, {"edition": "1", "date": 2020}),
]


@pytest.mark.parametrize(("cls", "data"), CASES)
def test_each_shape_gives_pydantic_s_model_or_declines(cls: type[BaseModel], data: Any) -> None:
    _agrees(cls, data)


def test_the_plain_shapes_take_the_fast_path() -> None:
    took = [_agrees(cls, data) for cls, data in CASES]
    assert sum(took) >= 25
    assert fastmodel.plainly_valid(TuckBoxSpec, {"card_thickness": 1}).card_thickness.__class__ is float
    model = fastmodel.plainly_valid(GameFile, {"name": "g", "default_edition": "e"})
    assert model is not None and model.tables == Tables() and model.tables.model_fields_set == set()


# values a mutation puts somewhere: every YAML type, near misses of the models' own values
VALUES = st.sampled_from([None, True, False, 0, 1, -1, 3, 1000, 1001, 2.5, 0.0, float("inf"),
                          "", "x", " x", "final", "draft", "name", "#C8372D", "#C8372", "in",
                          "$schema", "int", "even", [], ["x"], [1], {}, {"x": 1}, {"type": "int"},
                          {"id": "t"}, {"per_player": 1}])
KEYS = st.sampled_from(["name", "title", "id", "type", "min", "max", "count", "color", "symbol",
                        "quote", "status", "kind", "in", "in_", "$schema", "schema_", "where",
                        "fields", "of", "tuck_box", "card_thickness", "nope", 1])


def _mutated(data: Any, rnd: random.Random, value: Any, key: Any) -> Any:
    """The data with one place changed: a value replaced, a key dropped, added or renamed."""
    data = copy.deepcopy(data)
    path = rnd.choice(_paths(data))
    if not path:
        return data
    parent = data
    for part in path[:-1]:
        parent = parent[part]
    last = path[-1]
    how = rnd.randrange(4)
    if how == 0 or isinstance(parent, list):
        parent[last] = value
    elif how == 1:
        del parent[last]
    elif how == 2:
        parent[key] = value
    else:
        parent[key] = parent.pop(last)
    return data


SEEDS = [(CLASSES[p.name], read_source(p, str(p)).data) for p in _files()
         if p.is_relative_to(REPO / "data")]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(SEEDS) - 1), st.randoms(use_true_random=False),
       st.lists(st.tuples(VALUES, KEYS), min_size=1, max_size=3))
def test_near_valid_files_give_pydantic_s_model_or_decline(seed: int, rnd: random.Random,
                                                           changes: list[tuple[Any, Any]]) -> None:
    cls, data = SEEDS[seed]
    for value, key in changes:
        data = _mutated(data, rnd, value, key)
    _agrees(cls, data)


@settings(max_examples=200, deadline=None)
@given(st.randoms(use_true_random=False), st.lists(st.tuples(VALUES, KEYS), min_size=1, max_size=4))
def test_near_valid_files_say_the_problems_they_said(rnd: random.Random,
                                                     changes: list[tuple[Any, Any]]) -> None:
    cls, data = SEEDS[rnd.randrange(len(SEEDS))]
    for value, key in changes:
        data = _mutated(data, rnd, value, key)
    assert _problems(cls, data, fast=True) == _problems(cls, data, fast=False)


def _problems(cls: type[BaseModel], data: Any, *, fast: bool) -> tuple[bool, list[Problem]]:
    source = read_source(REPO / "data" / "l5" / "game.yaml", "game.yaml")
    source.data = data
    problems: list[Problem] = []
    real = modelkit.plainly_valid
    try:
        if not fast:
            modelkit.plainly_valid = lambda cls, data: None
        model = validate.parse_model(cls, source, problems)
    finally:
        modelkit.plainly_valid = real
    return model == (twins.validated(cls, data) if model is not None else None), problems


def test_a_step_s_data_is_model_dump_s() -> None:
    for data in [{"shuffle": "a"}, {"deal": "hand", "count": 3, "each": "player"},
                 {"deck": "a", "where": {"x": 1, "y": True, "z": "w"}, "name": "p", "face": "up"},
                 {"place": "p", "count": 2, "rulebook": "place 2", "note": "n", "onto": "o"}]:
        step = SetupStep.model_validate(data)
        assert step.data == step.model_dump(exclude_none=True)
        assert list(step.data) == list(step.model_dump(exclude_none=True))
        if step.where is not None:
            assert step.data["where"] is not step.where  # a copy, as model_dump's


def test_a_cold_load_of_a_valid_project_imports_no_pydantic() -> None:
    script = ("import sys; from pathlib import Path; from cardgen.data.load import load_database\n"
              f"db = load_database(Path({str(REPO)!r}), 'l5', '0.6.5')\n"
              "print('pydantic' in sys.modules, [s.data for s in db.edition.setup][:1])\n"
              "from cardgen.data import model, modelkit\n"
              "try:\n"
              "    modelkit.model_of(model.Term, {'id': 't', 'color': 'red'})\n"
              "except modelkit.ValidationError as exc:\n"
              "    print('pydantic' in sys.modules, exc.errors()[0]['loc'])\n")
    out = subprocess.run([sys.executable, "-c", script], check=True, capture_output=True, text=True,
                         cwd=REPO).stdout.splitlines()
    assert out[0].startswith("False [{")  # a valid project: no pydantic at all
    assert out[1] == "True ('color',)"  # a value that is not valid: pydantic's twin says why
