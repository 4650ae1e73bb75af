"""A layout number's validation schema is made once and shared by every field of that type
(`SharedSchema`): the models validate, fail and describe themselves as with a schema per field."""

from __future__ import annotations

import re
from typing import Annotated, Any

import pytest
from pydantic import AfterValidator, BaseModel, Field, ValidationError

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
    assert _plain(Shared.__pydantic_core_schema__) == _plain(Own.__pydantic_core_schema__)
    assert _plain(Shared.model_json_schema()) == _plain(Own.model_json_schema())


@pytest.mark.parametrize("data", [
    {"a": 1}, {"a": "{size} / 2", "b": "3 * 2", "c": ["{w}", 4]}, {"a": "big"}, {"a": "1 / 0"},
    {"a": None}, {"a": 2, "b": [1]}, {"a": 1, "c": [1, "x", 3]}, {"a": 1, "d": {"x": 1}},
])
def test_fields_sharing_a_schema_validate_and_fail_alike(data: dict[str, Any]) -> None:
    def outcome(model: type[BaseModel]) -> Any:
        try:
            return model.model_validate(data).model_dump()
        except ValidationError as exc:
            return [(e["type"], e["loc"], e["msg"]) for e in exc.errors()]
    assert outcome(Shared) == outcome(Own)


def test_a_layout_number_is_one_shared_schema() -> None:
    """Every number field of the layout language names the one marker, which holds the schema
    made for the first of them."""
    TemplateFile.model_validate({})
    marks = {id(m) for m in Shared.model_fields["a"].metadata + Shared.model_fields["d"].metadata
             if isinstance(m, SharedSchema)}
    assert len(marks) == 1
    shared = next(m for m in Shared.model_fields["a"].metadata if isinstance(m, SharedSchema))
    assert shared.schema is not None and shared.schema["type"] == "union"
