"""Plainly valid layout files made without pydantic's validators (cardgen.data.fastmodel with
the element registry's check): the fast path either declines or makes the very model
`model_validate` makes (equal values of the same types, tuples and private attributes
included, the same fields set, in the same order), and a file with any problem says exactly
what it said before."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgen.data import fastmodel, modelkit
from cardgen.data.modelkit import BaseModel
from cardgen.data.yamlsrc import read_source
from cardgen.layout import validate
from cardgen.layout.elements import ELEMENT_TYPES
from cardgen.layout.model import EditionMark, Fonts, InkSaver, TemplateFile
from tests.test_fast_models import _agrees, _mutated, _shares_nothing

REPO = Path(__file__).resolve().parents[1]


def _layout_files() -> list[Path]:
    roots = [REPO / "layouts", REPO / "tests", REPO / "cardgen" / "assets"]
    return sorted(p for root in roots for p in root.rglob("*.yaml") if _is_layout(p))


def _is_layout(path: Path) -> bool:
    try:
        data = read_source(path, str(path)).data
    except Exception:  # noqa: BLE001 - a hostile file that is not YAML at all
        return False
    return isinstance(data, dict) and bool({"elements", "extends", "edition_mark"} & set(data))


def _elements(items: Any) -> list[dict[str, Any]]:
    """Every element written in a list of elements, at any depth (children, fallbacks, clips)."""
    found = []
    for item in items if isinstance(items, list) else []:
        if isinstance(item, dict):
            found.append(item)
            found += _elements(item.get("elements")) + _elements(item.get("fallback"))
            found += _elements([item["clip"]] if isinstance(item.get("clip"), dict) else [])
    return found


def test_the_repository_has_layout_files_to_compare() -> None:
    assert len(_layout_files()) >= 40


@pytest.mark.parametrize("path", _layout_files(), ids=lambda p: str(p.relative_to(REPO)))
def test_every_layout_file_gives_the_model_pydantic_gives(path: Path) -> None:
    data = read_source(path, str(path)).data
    took = _agrees(TemplateFile, data)
    for element in _elements(data.get("elements")):
        if element.get("type") in ELEMENT_TYPES:
            _agrees(ELEMENT_TYPES[element["type"]], element)
    if path.is_relative_to(REPO / "layouts") and "gradient" not in path.read_text():
        assert took  # the seed games' layouts take the fast path
        _shares_nothing(fastmodel.plainly_valid(TemplateFile, data), data)


def test_a_new_project_s_layouts_take_the_fast_path(tmp_path: Path) -> None:
    subprocess.run([sys.executable, "-m", "cardgen", "new", "my-game", str(tmp_path / "g")],
                   check=True, capture_output=True)
    files = [p for p in sorted((tmp_path / "g").rglob("*.yaml")) if _is_layout(p)]
    assert files
    for path in files:
        assert _agrees(TemplateFile, read_source(path, str(path)).data)


CASES: list[tuple[type[BaseModel], Any]] = [
    (EditionMark, {}),
    (EditionMark, {"align": "start", "x": 3}),  # the old word, read as left and remembered
    (EditionMark, {"align": "middle", "size": "{s} / 2"}),
    (EditionMark, {"align": "bogus"}),
    (EditionMark, {"x": True}),
    (EditionMark, {"size": "twelve"}),
    (EditionMark, {"size": "1 / 0"}),
    (EditionMark, ["align"]),
    (TemplateFile, {}),
    (TemplateFile, {"edition_mark": False, "size": [63, 88], "points": [[0, 1], [2, 3.5]]}),
    (TemplateFile, {"edition_mark": True}),
    (TemplateFile, {"edition_mark": 0}),
    (TemplateFile, {"size": (1, 2)}),
    (TemplateFile, {"size": [1, 2, 3]}),
    (TemplateFile, {"size": [1, True]}),
    (TemplateFile, {"bleed": -1}),
    (TemplateFile, {"hex": {"flats": 0}}),
    (TemplateFile, {"hex": {"flats": 2, "top": "pointy"}, "shape": "hex"}),
    (TemplateFile, {"standee": {"tab": 51}}),
    (TemplateFile, {"background": None, "palette": None, "fonts": None}),
    (TemplateFile, {"background": {"linear-gradient": {"stops": ["#000000", "#FFFFFF"]}}}),
    (TemplateFile, {"elements": [{"type": "nope"}]}),
    (TemplateFile, {"elements": [{"x": 1}]}),
    (TemplateFile, {"elements": [{"type": "rect", "x": "{a} * 2", "when": {"a": {"gt": 1}}}]}),
    (TemplateFile, {"elements": [{"type": "rect", "when": {"{a}": 1}}]}),
    (TemplateFile, {"elements": [{"type": "rect", "stroke": {"linear-gradient": {}}}]}),
    (TemplateFile, {"elements": [{"type": "rect", "clip": "a"}, {"type": "text", "clip": {
        "type": "circle", "r": 2}, "text": 3, "hyphenate": False}]}),
    (TemplateFile, {"elements": [{"type": "group", "elements": [{"type": "rect", "x": 1.5}]}]}),
    (TemplateFile, {"elements": [{"type": "repeat", "step": [1, 2], "columns": -1}]}),
    (TemplateFile, {"elements": [{"type": "text", "text": True}]}),
    (TemplateFile, {"elements": [{"type": "text", "x": float("nan")}]}),
    (TemplateFile, {"elements": [{"type": "rect", "opacity": 2}]}),
    (TemplateFile, {"elements": [{"type": "rect", "dash": [1, 2.5]}]}),
    (TemplateFile, {"elements": [{"type": "image", "fallback": [{"type": "rect"}]}]}),
    (TemplateFile, {"ink_saver": {"palette": {"a": "#000000"}, "drop": ["x"]}}),
    (Fonts, {"regular": "a.ttf"}),
    (InkSaver, {}),
]


@pytest.mark.parametrize(("cls", "data"), CASES)
def test_each_shape_gives_pydantic_s_model_or_declines(cls: type[BaseModel], data: Any) -> None:
    _agrees(cls, data)


def test_the_plain_shapes_take_the_fast_path() -> None:
    assert sum(_agrees(cls, data) for cls, data in CASES) >= 15
    mark = fastmodel.plainly_valid(EditionMark, {"align": "end"})
    assert mark is not None and mark.align == "right" and mark.old_align() == "end"
    layout = fastmodel.plainly_valid(TemplateFile, {"size": [1, 2]})
    assert layout is not None and layout.size == (1.0, 2.0) and type(layout.size[0]) is float


VALUES = st.sampled_from([None, True, False, 0, 1, -1, 2.5, float("inf"), "", "x", "{a}", "{a} / 0",
                          "1 / 0", "#000000", "auto", "start", "left", "bold", "rect", "text", [],
                          [1], [1, 2], [1, 2, 3], ["a", "b"], {}, {"type": "rect"}, {"a": 1},
                          {"linear-gradient": {"stops": ["#000000", "#FFFFFF"]}}])
KEYS = st.sampled_from(["type", "x", "y", "w", "size", "step", "when", "clip", "fill", "stroke",
                        "text", "align", "font", "elements", "edition_mark", "palette", "hex",
                        "points", "name", "nope", 1])
SEEDS = [read_source(p, str(p)).data for p in _layout_files()
         if p.is_relative_to(REPO / "layouts") or p.is_relative_to(REPO / "cardgen")]


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(SEEDS) - 1), st.randoms(use_true_random=False),
       st.lists(st.tuples(VALUES, KEYS), min_size=1, max_size=3))
def test_near_valid_layouts_give_pydantic_s_model_or_decline(seed: int, rnd: random.Random,
                                                             changes: list[tuple[Any, Any]]) -> None:
    data = SEEDS[seed]
    for value, key in changes:
        data = _mutated(data, rnd, value, key)
    _agrees(TemplateFile, data)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.lists(st.tuples(VALUES, KEYS), min_size=1, max_size=3))
def test_near_valid_layouts_say_the_problems_they_said(rnd: random.Random,
                                                       changes: list[tuple[Any, Any]]) -> None:
    data = SEEDS[rnd.randrange(len(SEEDS))]
    for value, key in changes:
        data = _mutated(data, rnd, value, key)
    assert _problems(data, fast=True) == _problems(data, fast=False)


def _problems(data: Any, *, fast: bool) -> tuple[Any, list[Any]]:
    """What validated_layout says of the data: the layout as data, and its problems."""
    source = read_source(REPO / "layouts" / "l5" / "accessory.yaml", "accessory.yaml")
    source.data = data
    real = modelkit.plainly_valid
    try:
        if not fast:
            modelkit.plainly_valid = lambda cls, data: None
        template, problems = validate.validated_layout(source)
    finally:
        modelkit.plainly_valid = real
    return (template.model_dump() if template is not None else None), problems


def test_a_cold_layout_validation_imports_no_pydantic() -> None:
    script = ("import sys; from pathlib import Path\n"
              "from cardgen.data.yamlsrc import read_source\n"
              "from cardgen.layout.validate import validated_layout\n"
              "from cardgen.layout.model import EditionMark, TemplateFile\n"
              "from cardgen.layout.elements import ELEMENT_TYPES\n"
              f"for path in sorted(Path({str(REPO)!r}, 'layouts', 'l5').glob('*.yaml')):\n"
              "    assert validated_layout(read_source(path, str(path)))[0] is not None\n"
              "models = [TemplateFile, EditionMark, *(ELEMENT_TYPES[n] for n in ELEMENT_TYPES.loaded())]\n"
              "print(len(models), 'pydantic' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", script], check=True, capture_output=True, text=True,
                         cwd=REPO).stdout.split(" ", 1)
    assert int(out[0]) >= 5 and out[1].strip() == "False"


def test_the_automatic_layouts_give_the_model_pydantic_gives() -> None:
    from cardgen.data.load import load_database
    from cardgen.layout.auto import auto_template

    db = load_database(REPO, "l5", "0.6.5")
    for kind in db.game.kinds:
        for side, size in (("front", None), ("back", None), ("back", (63.5, 88.9)),
                           ("back", ("{w}", 10))):
            assert _agrees(TemplateFile, auto_template(db, kind, side, size, None))
