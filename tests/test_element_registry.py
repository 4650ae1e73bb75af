"""The element registry: every element type is found by its `type:` (its module imported on
first use), and a layout's elements, validated each by its own type's model, validate, fail
and describe themselves as pydantic's union of every element model does."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, Union

import pytest
import yaml
from pydantic import Field, TypeAdapter, ValidationError

from cardgen.data import twins
from cardgen.data.modelkit import ValidationError as ModelError
from cardgen.layout.elements import ELEMENT_TYPES, MODELS, registry, type_name
from cardgen.layout.elements.registry import NameOrElement, OneElement
from cardgen.layout.model import TemplateFile
from tests.conftest import REPO

# pydantic's union of every element model: their pydantic twins (which validate what is not
# plainly valid), every one built now
Eager = Annotated[Union[tuple(twins.twin_of(m) for m in MODELS)],  # noqa: UP007
                  Field(discriminator="type")]


def test_every_type_is_its_module_and_model() -> None:
    assert list(ELEMENT_TYPES) == list(registry.TYPES)
    assert len(ELEMENT_TYPES) == len(set(ELEMENT_TYPES)) == 17
    for name in registry.TYPES:
        model = ELEMENT_TYPES[name]
        assert type_name(model) == name
        assert model.__module__ == f"cardgen.layout.elements.{name}"
    assert "cirlce" not in ELEMENT_TYPES and ELEMENT_TYPES.get("cirlce") is None
    assert ["x"] not in ELEMENT_TYPES  # type: ignore[comparison-overlap]
    with pytest.raises(KeyError):
        ELEMENT_TYPES["base"]


def _outcome(adapter: TypeAdapter[Any], data: Any) -> Any:
    try:
        return ("valid", twins.ours(adapter.validate_python(data)))  # twins' as cardgen's
    except ValidationError as exc:
        return [(e["type"], e["loc"], e["msg"], repr(e["input"]), repr(e.get("ctx")))
                for e in exc.errors()]


BROKEN: list[Any] = [
    5, "rect", None, [5], [None], [{}], [{"x": 1}], [{"type": "rectt"}], [{"type": ["a"]}],
    [{"type": 3}], [{"type": None}], [{"type": "rect", "x": "big"}], [{"type": "rect", "w": "1 / 0"}],
    [{"type": "rect", "fill": {"linear-gradient": {"stops": ["#000000"]}}}],
    [{"type": "rect", "stroke": {"linear-gradient": {"stops": ["#000000", "#FFFFFF"]}}}],
    [{"type": "rect", "clip": 5}], [{"type": "rect", "clip": {"type": "circle", "r": "x"}}],
    [{"type": "rect", "clip": {"type": "nosuch"}}], [{"type": "rect", "clip": {"r": 1}}],
    [{"type": "text"}], [{"type": "text", "text": "a", "valign": "middel", "sise": 3}],
    [{"type": "icon", "size": [1]}], [{"type": "group", "elements": [{"type": "circle", "r": []}]}],
    [{"type": "group", "elements": 3}], [{"type": "repeat", "row_step": 25, "elements": [{}]}],
    [{"type": "image", "fallback": [{"type": "text", "text": 1}]}], [{"type": "polygon", "n": "x"}],
    [{"type": "star", "points": 1}], [{"type": "wedge", "start": "a"}], [{"type": "path", "d": 1}],
    [{"type": "polar", "elements": [{"type": "line", "x1": {}}]}], [{"type": "row", "n": None}],
    [{"type": "line", "when": {"x": {"gt": []}}}], [{"type": "annulus", "side": "top"}],
    [{"type": "ellipse", "rx": True, "extra": 1}], [{"type": "arc", "cap": "flat"}],
]


@pytest.mark.parametrize("data", BROKEN)
def test_elements_fail_as_the_union_of_every_model_fails(data: Any) -> None:
    assert _outcome(TypeAdapter(list[OneElement]), data) == _outcome(TypeAdapter(list[Eager]), data)


def _unlabelled(outcome: Any) -> Any:
    """The union member's name left out of each error's location (pydantic names a union of
    model references `tagged-union[...,...]` inside a layout, by the models' names alone)."""
    if outcome[0] == "valid":
        return outcome
    return [(kind, tuple("tagged-union" if str(p).startswith("tagged-union[") else p for p in loc),
             *rest) for kind, loc, *rest in outcome]


@pytest.mark.parametrize("data", [5, None, "name", {"type": "circle", "r": "x"}, {}, {"type": "x"}])
def test_a_clip_fails_as_text_or_the_union_of_every_model_fails(data: Any) -> None:
    assert _unlabelled(_outcome(TypeAdapter(NameOrElement), data)) == _unlabelled(_outcome(
        TypeAdapter(Union[str, Eager]), data))  # noqa: UP007


def test_a_clip_error_is_located_as_in_a_layout_before() -> None:
    """The location pydantic gave a `clip:` that is neither text nor an element when a layout
    held the union of every model (what messages are worked out from)."""
    with pytest.raises(ModelError) as caught:
        TemplateFile.model_validate({"elements": [{"type": "rect", "clip": 5}]})
    assert [e["loc"] for e in caught.value.errors()] == [
        ("elements", 0, "rect", "clip", "str"),
        ("elements", 0, "rect", "clip", "tagged-union[" + ",".join(["..."] * 17) + "]")]


def _layout_files() -> list[Path]:
    roots = [REPO / "layouts", REPO / "cardgen" / "assets" / "layouts", REPO / "tests" / "fixtures"]
    return sorted(p for root in roots for p in root.rglob("*.yaml") if "layouts" in p.parts)


def test_every_layout_in_the_repository_validates_as_with_the_union() -> None:
    files = _layout_files()
    types: set[str] = set()
    for path in files:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        elements = data.get("elements", []) if isinstance(data, dict) else []
        lazy = _outcome(TypeAdapter(list[OneElement]), elements)
        assert lazy == _outcome(TypeAdapter(list[Eager]), elements), path
        types |= {el.type for el in lazy[1]} if lazy[0] == "valid" else set()
    assert len(files) > 20 and len(types) >= 10, (len(files), sorted(types))


def test_the_layout_schema_names_every_element_type_once() -> None:
    schema = TemplateFile.model_json_schema()
    elements = schema["properties"]["elements"]["items"]
    assert elements["discriminator"]["propertyName"] == "type"
    assert sorted(elements["discriminator"]["mapping"]) == sorted(registry.TYPES)
    assert json.dumps(elements) == json.dumps(TypeAdapter(list[Eager]).json_schema()["items"])
