"""cardgen's model base (cardgen.data.modelkit) behaves as pydantic's BaseModel does: each
operation on a model made without pydantic gives what the same operation gives on the model
the class's pydantic twin validates (dumps, repr, copies, equality, fields set, assignment,
pickling, schemas), and data that is not valid raises pydantic's errors."""

from __future__ import annotations

import copy
import itertools
import pickle
from typing import Any

import pytest
from pydantic_core import PydanticUndefined

from cardgen.data import twins
from cardgen.data.declare import REQUIRED, is_model
from cardgen.data.model import EditionFile, FieldSpec, GameFile, KindSpec, SetupStep, Term
from cardgen.data.modelkit import BaseModel, ValidationError, model_of
from cardgen.layout.elements import ELEMENT_TYPES
from cardgen.layout.model import EditionMark, TemplateFile

CASES: list[tuple[type[BaseModel], Any]] = [
    (Term, {"id": "red", "name": "Red", "color": "#C8372D", "quote": ["name"]}),
    (Term, {"id": 3}),
    (FieldSpec, {"type": "list", "of": {"type": "int", "min": 1}, "max_items": 3}),
    (KindSpec, {"title": "Card", "fields": {"cost": {"type": "int"}}, "tuck_box": {}}),
    (SetupStep, {"deal": "hand", "count": 3, "each": "player", "where": {"x": 1}}),
    (GameFile, {"$schema": "s", "name": "g", "default_edition": "1", "vocab": {
        "suit": [{"id": "a"}]}, "rules": [{"rule": "unique", "kind": "card", "in": "x"}]}),
    (EditionFile, {"edition": "1", "players": {"min": 2, "max": 4},
                   "inventory": [{"line": "6 cards", "kind": "card", "count": 6}]}),
    (EditionMark, {"align": "middle", "size": 7}),
    (TemplateFile, {"size": [63, 88], "elements": [
        {"type": "rect", "x": 1, "w": 2, "h": "{h} / 2", "fill": "#000000"},
        {"type": "text", "text": "{name}", "clip": {"type": "circle", "r": 3}},
        {"type": "group", "elements": [{"type": "line", "x2": 4}]}]}),
]
OPTIONS = [dict(zip(("exclude_none", "exclude_defaults", "exclude_unset", "by_alias"), flags,
                    strict=True)) for flags in itertools.product((False, True), repeat=4)]


def _pair(cls: type[BaseModel], data: Any) -> tuple[BaseModel, Any]:
    """The model made by cardgen's base, and the twin's model of the same data."""
    return model_of(cls, data), twins.twin_of(cls).model_validate(data)


@pytest.mark.parametrize(("cls", "data"), CASES)
def test_dumps_and_repr_are_pydantic_s(cls: type[BaseModel], data: Any) -> None:
    ours, theirs = _pair(cls, data)
    assert repr(ours) == repr(theirs)
    assert dict(ours) == {key: twins.ours(value) for key, value in theirs}
    assert ours.model_fields_set == theirs.model_fields_set
    as_twin = twins.theirs(ours)  # (a layout's elements: the twin's holds cardgen's models)
    for options in OPTIONS:
        assert ours.model_dump(**options) == as_twin.model_dump(**options), options


@pytest.mark.parametrize(("cls", "data"), CASES)
def test_copies_and_assignment_set_the_fields_pydantic_sets(cls: type[BaseModel], data: Any
                                                          ) -> None:
    ours, theirs = _pair(cls, data)
    name = list(cls.model_fields)[-1]
    update = {name: ours.__dict__[name]}
    ours_copy = ours.model_copy(update=update)
    their_copy = theirs.model_copy(update={name: theirs.__dict__[name]})
    assert ours_copy.model_fields_set == their_copy.model_fields_set
    assert ours_copy == ours and ours_copy is not ours
    first = list(cls.model_fields)[0]
    setattr(ours, first, getattr(ours, first))
    setattr(theirs, first, getattr(theirs, first))
    assert ours.model_fields_set == theirs.model_fields_set


@pytest.mark.parametrize(("cls", "data"), CASES)
def test_a_model_survives_pickling_and_deep_copies(cls: type[BaseModel], data: Any) -> None:
    ours = model_of(cls, data)
    for again in (pickle.loads(pickle.dumps(ours)), copy.deepcopy(ours), copy.copy(ours)):
        assert again == ours and type(again) is cls
        assert again.model_fields_set == ours.model_fields_set


def test_keywords_make_what_the_data_makes_and_models_are_taken_as_they_are() -> None:
    inner = FieldSpec(type="str")
    outer = FieldSpec(type="list", of=inner)
    assert outer == model_of(FieldSpec, {"type": "list", "of": {"type": "str"}})
    assert outer.of is inner  # a model of the class is taken as it is, as pydantic takes it
    assert outer.model_fields_set == {"type", "of"}
    with pytest.raises(ValidationError) as caught:
        FieldSpec(type="list", of=inner, min=3, max=1)
    assert caught.value.errors()[0]["type"] == "value_error"


def test_equality_counts_private_attributes_and_the_class() -> None:
    plain, old = model_of(EditionMark, {"align": "right"}), model_of(EditionMark, {"align": "end"})
    assert plain.align == old.align and old.old_align() == "end"
    assert plain != old  # pydantic compares private attributes too
    assert model_of(Term, {"id": 1}) != model_of(FieldSpec, {"type": "str"})
    with pytest.raises(TypeError):
        hash(plain)


def test_invalid_data_raises_pydantic_s_errors_at_pydantic_s_locations() -> None:
    with pytest.raises(ValidationError) as caught:
        model_of(GameFile, {"name": "g", "default_edition": "1", "vocab": {"s": [{"id": []}]},
                            "kinds": {"card": {"fields": {"x": {"type": "nope"}}}}})
    found = {(e["type"], e["loc"]) for e in caught.value.errors()}
    assert ("literal_error", ("kinds", "card", "fields", "x", "type")) in found
    assert any(loc[:4] == ("vocab", "s", 0, "id") for _, loc in found)


@pytest.mark.parametrize("cls", [GameFile, EditionFile, TemplateFile, *(
    ELEMENT_TYPES[name] for name in ("rect", "text", "group"))])
def test_fields_are_the_twin_s_fields(cls: type[BaseModel]) -> None:
    twin = twins.twin_of(cls)
    assert list(cls.model_fields) == list(twin.model_fields)
    for name, info in cls.model_fields.items():
        theirs = twin.model_fields[name]
        assert info.alias == theirs.alias and info.description == theirs.description, name
        assert info.is_required() == theirs.is_required(), name
        if not info.is_required() and info.default_factory is None:
            assert info.default == theirs.default, name
        assert (info.default is REQUIRED) == (theirs.default is PydanticUndefined), name
        assert (info.default_factory is None) == (theirs.default_factory is None), name
    assert cls.model_json_schema() == twin.model_json_schema()
    assert is_model(cls) and not is_model(twin)
