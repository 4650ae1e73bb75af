"""A layout number's validation schema is made once and shared by every field of that type
(`SharedSchema`): the models validate, fail and describe themselves as with a schema per field."""

from __future__ import annotations

import re
from typing import Annotated, Any

import pytest
from pydantic import ValidationError

from cardgen.data import twins
from cardgen.data.declare import AfterValidator, Field
from cardgen.data.modelkit import BaseModel
from cardgen.layout.elements.base import Num, _number_text
from cardgen.layout.located import SharedSchema
from cardgen.layout.model import TemplateFile

Unshared = float | Annotated[str, AfterValidator(_number_text)]


class Shared(BaseModel):
    a: Num
    b: Num | None = None
    c: tuple[Num, Num] = (1.0, 2.0)
    d: Num = Field(3.0, description="a size, mm")


class Own(BaseModel):
    a: Unshared
    b: Unshared | None = None
    c: tuple[Unshared, Unshared] = (1.0, 2.0)
    d: Unshared = Field(3.0, description="a size, mm")


def _plain(schema: Any) -> str:
    return re.sub(r" at 0x[0-9a-f]+|:\d+'", "", repr(schema)).replace("Shared", "M").replace("Own", "M")


def test_fields_sharing_a_schema_build_the_schema_each_would_build() -> None:
    """(The models' pydantic twins, which validate what is not plainly valid.)"""
    assert _plain(twins.twin_of(Shared).__pydantic_core_schema__) == _plain(
        twins.twin_of(Own).__pydantic_core_schema__)
    assert _plain(Shared.model_json_schema()) == _plain(Own.model_json_schema())


@pytest.mark.parametrize("data", [
    {"a": 1}, {"a": "{size} / 2", "b": "3 * 2", "c": ["{w}", 4]}, {"a": "big"}, {"a": "1 / 0"},
    {"a": None}, {"a": 2, "b": [1]}, {"a": 1, "c": [1, "x", 3]}, {"a": 1, "d": {"x": 1}},
])
def test_fields_sharing_a_schema_validate_and_fail_alike(data: dict[str, Any]) -> None:
    def outcome(model: type[BaseModel]) -> Any:
        try:
            return twins.validated(model, data).model_dump()
        except ValidationError as exc:
            return [(e["type"], e["loc"], e["msg"]) for e in exc.errors()]
    assert outcome(Shared) == outcome(Own)


def test_a_layout_number_is_one_shared_schema() -> None:
    """Every number field of the layout language names the one marker, which holds the schema
    made for the first of them (when the layout's twin is built)."""
    twins.built(TemplateFile)
    marks = {id(m) for m in Shared.model_fields["a"].metadata + Shared.model_fields["d"].metadata
             if isinstance(m, SharedSchema)}
    assert len(marks) == 1
    shared = next(m for m in Shared.model_fields["a"].metadata if isinstance(m, SharedSchema))
    assert shared.schema is not None and shared.schema["type"] == "union"


_DUMP = r"""
import json, re, sys
from pathlib import Path
from cardgen.layout import located
if sys.argv[1] == "plain":  # every marker hands the type on: a schema per field, as pydantic makes it
    located.SharedSchema.__get_pydantic_core_schema__ = lambda self, source, handler: handler(source)
    located.ModelsBuilt.__get_pydantic_core_schema__ = lambda self, source, handler: handler(source)
from cardgen.data import twins
from cardgen.data.yamlsrc import parse_text
from cardgen.layout.elements import ELEMENT_TYPES
from cardgen.layout.model import TemplateFile, layout_schema
from cardgen.layout.validate import validated_layout

def plain(schema):
    return re.sub(r" at 0x[0-9a-f]+|:\d+'", "", repr(schema))  # refs name a class by its id

out = {"schema": layout_schema(), "problems": [], "dumps": []}
for text in json.loads(sys.argv[2]):  # validated first: the models built in the layouts' order
    template, problems = validated_layout(parse_text(text, "t.yaml"), text)
    out["problems"].append([p.render() for p in problems])
    out["dumps"].append(twins.theirs(template).model_dump(mode="json") if template is not None
                       else None)
out["models"] = {name: model.model_json_schema() for name, model in ELEMENT_TYPES.items()}
out["core"] = {name: plain(twins.twin_of(model).__pydantic_core_schema__)
               for name, model in ELEMENT_TYPES.items()}
out["core"]["template"] = plain(twins.twin_of(TemplateFile).__pydantic_core_schema__)
print(json.dumps(out, sort_keys=True))
"""

_LAYOUTS = [
    "elements:\n- {type: rect, w: 10, h: 5, fill: '#FF0000', stroke: '#000000', dash: [1, 2],"
    " join: round, cap: square, when: '{x}', side: back, name: a}\n"
    "- {type: circle, r: 3, fill: {linear-gradient: {stops: ['#000000', '#FFFFFF']}}, clip: a}\n",
    "background: {radial-gradient: {stops: [[0, '#000000'], [1, '#FFFFFF']], radius: 4}}\n"
    "elements:\n- {type: row, elements: [{type: text, text: hi}, {type: star, fill: red,"
    " clip: {type: rect, w: 3, h: 3}}]}\n",
    "elements:\n- {type: rect, stroke: {linear-gradient: {stops: ['#000000', '#FFFFFF']}}}\n"
    "- {type: rect, fill: {linear-gradient: {stops: ['#000000']}}, join: sharp, cap: 3}\n"
    "- {type: circle, dash: [a], stroke_width: x, side: up, when: [1], name: [2], clip: 5}\n",
    "background: {radial-gradient: {stops: 1}}\nelements:\n- {type: polar, elements: [{type: wedge,"
    " fill: {radial-gradient: {stops: ['#000000', '#FFFFFF'], center: [1, x]}}}]}\n"
    "- {type: group, clip: {type: nope}, elements: [{type: arc, clip: {type: circle, fill: 4}}]}\n",
]


def test_shared_schemas_and_built_models_change_nothing_pydantic_makes() -> None:
    """The layout language with its markers (`SharedSchema`, `ModelsBuilt`) and with each one
    handing its type on untouched: the same schemas (JSON and core), the same templates from
    valid layouts, the same problems (messages and file:line:col) from broken ones."""
    import json
    import subprocess
    import sys

    def run(mode: str) -> Any:
        done = subprocess.run([sys.executable, "-c", _DUMP, mode, json.dumps(_LAYOUTS)],
                              capture_output=True, text=True, check=True)
        return json.loads(done.stdout)

    shared, plain = run("shared"), run("plain")
    assert any(shared["problems"]) and any(d is not None for d in shared["dumps"])
    for key in ("problems", "dumps", "schema", "models", "core"):
        assert shared[key] == plain[key], key
