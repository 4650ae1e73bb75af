"""The element types by their `type:`, each imported (and its validator built) when a layout
first uses it, and the schema that validates an element with its own type's model.

`ELEMENT_TYPES` names every element type; its model (class `<Type>Element` of
cardgen/layout/elements/<type>.py) is imported on first lookup. Where a layout holds elements
(a file's `elements`, a group's children, a `clip:` shape), pydantic's tagged union on `type:`
validates them, as a union of the element models would, with the same errors at the same
locations; but each tag's choice is a function handing the element to its type's model, so
a process builds the validators of the types its layouts write and no other (a deck of rects,
text and icons builds three, not seventeen). A layout's JSON Schema is the union's all the same:
each choice stands for its model there.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from cardgen.data.fastchecks import Declined
from cardgen.data.fastmodel import plainly_valid
from cardgen.data.modelkit import BaseModel, model_of_raising

if TYPE_CHECKING:
    from pydantic import GetCoreSchemaHandler, GetJsonSchemaHandler
    from pydantic_core import core_schema

# Every element type's `type:`, which is its module's name, in the order the docs list them.
# A new element type is a module (its model named <Type>Element) and a name here.
TYPES = ("rect", "circle", "annulus", "line", "text", "icon", "row", "repeat", "polar", "group",
         "image", "polygon", "star", "ellipse", "arc", "wedge", "path")


class Registry(Mapping[str, type[BaseModel]]):
    """Element type name -> its model, the model's module imported when first looked up."""

    def __init__(self, names: tuple[str, ...]) -> None:
        self._names = names
        self._models: dict[str, type[BaseModel]] = {}

    def __getitem__(self, name: str) -> type[BaseModel]:
        model = self._models.get(name)
        if model is None:
            if name not in self._names:
                raise KeyError(name)
            module = importlib.import_module(f"{__package__}.{name}")
            model = self._models[name] = getattr(module, f"{name.title()}Element")
        return model

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)

    def __contains__(self, name: object) -> bool:
        return name in self._names

    def loaded(self) -> list[str]:
        """The types looked up so far in this process."""
        return [name for name in self._names if name in self._models]


ELEMENT_TYPES = Registry(TYPES)

# A union member's name in pydantic's error locations (`clip: 5` fits neither `str` nor the
# union of element types): what pydantic-core names a tagged union of model references.
_UNION_LABEL = f"tagged-union[{','.join('...' for _ in TYPES)}]"


def _plain_element(value: Any) -> Any:
    """A plainly valid element of any type as its model (fastmodel's check), else Declined."""
    name = value.get("type") if value.__class__ is dict else None
    if name.__class__ is not str or name not in ELEMENT_TYPES:
        raise Declined
    made = plainly_valid(ELEMENT_TYPES[name], value)
    if made is None:
        raise Declined
    return made


def _plain_name_or_element(value: Any) -> Any:
    return value if value.__class__ is str else _plain_element(value)


def _validator(name: str) -> Callable[[Any], Any]:
    def validate(value: Any) -> Any:
        return model_of_raising(ELEMENT_TYPES[name], value)  # (plainly valid: no pydantic)

    validate.__name__ = f"{name}_element"
    return validate


def _json_ref(name: str) -> Callable[[Any, GetJsonSchemaHandler], Any]:
    """A choice's JSON Schema: a reference to its model's definition (written once)."""

    def json_schema(_: Any, handler: GetJsonSchemaHandler) -> Any:
        from pydantic.json_schema import CoreRef

        from cardgen.data.twins import twin_of

        generator = handler.generate_json_schema  # type: ignore[attr-defined]
        schema = twin_of(ELEMENT_TYPES[name]).__pydantic_core_schema__
        inner = schema["schema"] if schema["type"] == "definitions" else schema
        ref = CoreRef(inner.get("schema_ref") or inner["ref"])
        begun: set[str] = generator.__dict__.setdefault("_element_models", set())
        if ref not in begun:  # a model holding elements refers to itself while it is written
            begun.add(ref)
            generator.generate_inner(schema)
        return generator.get_cache_defs_ref_schema(ref)[1]

    return json_schema


_CHOICES = {name: (_validator(name), _json_ref(name)) for name in TYPES}


def element_union() -> core_schema.CoreSchema:
    """Pydantic's tagged union on `type:` (as `Field(discriminator="type")` makes it), each
    choice its model's validation, built on first use."""
    from pydantic_core import core_schema

    choices: dict[Any, core_schema.CoreSchema] = {
        name: core_schema.no_info_plain_validator_function(
            validate, metadata={"pydantic_js_annotation_functions": [json_schema]})
        for name, (validate, json_schema) in _CHOICES.items()}
    return core_schema.tagged_union_schema(choices, "type", strict=False, from_attributes=True)


class OneElement:
    """An element of a layout (`list[OneElement]`: a layout's elements), as the union of every
    element type validates it."""

    plain_kinds = (dict,)  # cardgen.data.fastmodel's check of a plainly valid one

    @staticmethod
    def plain_check() -> Callable[[Any], Any]:
        return _plain_element

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler
                                     ) -> core_schema.CoreSchema:
        return element_union()


class NameOrElement:
    """A `clip:`: the name of a shape drawn before, or a shape written here (`str | Element`)."""

    plain_kinds = (str, dict)

    @staticmethod
    def plain_check() -> Callable[[Any], Any]:
        return _plain_name_or_element

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler
                                     ) -> core_schema.CoreSchema:
        from pydantic_core import core_schema

        return core_schema.union_schema([(core_schema.str_schema(), "str"),
                                         (element_union(), _UNION_LABEL)])
