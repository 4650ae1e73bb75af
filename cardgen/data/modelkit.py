"""The base of cardgen's model classes: made from data as pydantic's `model_validate` makes
them, without importing pydantic while the data is plainly valid.

A class declared on `BaseModel` (fields, `Field`, validators: `cardgen.data.declare`) is made
by `model_of(cls, data)`: plainly valid data by `cardgen.data.fastmodel`, anything else by the
class's pydantic twin (`cardgen.data.twins`), whose errors are raised as `ValidationError`.
An instance keeps its field values in `__dict__` (its private attributes after them) and the
names the data gave in `model_fields_set`; `model_copy`, `model_dump`, equality and repr behave
as pydantic's.
"""

from __future__ import annotations

import typing
from typing import Any, ClassVar

from cardgen.data.declare import FieldInfo, ModelMeta
from cardgen.data.fastmodel import plainly_valid

M = typing.TypeVar("M", bound="BaseModel")


class ValidationError(ValueError):
    """Data that is not valid for a model: pydantic's errors (`errors()`), as its twin found
    them."""

    def __init__(self, found: Any) -> None:
        super().__init__(str(found))
        self.found = found

    def errors(self) -> list[Any]:
        return typing.cast(list[Any], self.found.errors())


def model_of(cls: type[M], data: Any) -> M:
    """The model of `data`: plainly valid data made without pydantic, any other validated by
    the class's twin (ValidationError when it is not valid)."""
    made = plainly_valid(cls, data)
    if made is not None:
        return made
    from cardgen.data import pydanticlib, twins

    try:
        return typing.cast(M, twins.validated(cls, data))
    except pydanticlib.ValidationError as exc:
        raise ValidationError(exc) from None


def model_of_raising(cls: type[M], data: Any) -> M:
    """`model_of`, raising pydantic's own ValidationError (inside a twin's validation, where
    pydantic merges it into its own errors)."""
    made = plainly_valid(cls, data)
    if made is not None:
        return made
    from cardgen.data import twins

    return typing.cast(M, twins.validated(cls, data))


class BaseModel(metaclass=ModelMeta):
    """A model declared as pydantic's are (see the module)."""

    __slots__ = ("__dict__", "__pydantic_fields_set__")
    model_fields: ClassVar[dict[str, FieldInfo]]
    model_config: ClassVar[dict[str, Any]]
    # an instance's slot, the names its data gave (declared so, as a class variable, for the
    # type checker: a field would be a keyword of the constructor it infers)
    __pydantic_fields_set__: ClassVar[set[str]]

    def __init__(self, **data: Any) -> None:
        made = model_of(type(self), data)
        object.__setattr__(self, "__dict__", made.__dict__)
        object.__setattr__(self, "__pydantic_fields_set__", _fields_set(made))

    @classmethod
    def model_validate(cls: type[M], data: Any) -> M:
        return model_of(cls, data)

    @classmethod
    def model_json_schema(cls, **options: Any) -> dict[str, Any]:
        from cardgen.data import twins

        return twins.json_schema(cls, **options)

    @property
    def model_fields_set(self) -> set[str]:
        """The fields the data gave (by name)."""
        return _fields_set(self)

    def __setattr__(self, name: str, value: Any) -> None:
        object.__setattr__(self, name, value)
        if name in type(self).model_fields:
            _fields_set(self).add(name)

    def model_copy(self: M, *, update: dict[str, Any] | None = None) -> M:
        """A shallow copy, with `update`'s values in place of its own."""
        copy = type(self).__new__(type(self))
        object.__setattr__(copy, "__dict__", {**self.__dict__, **(update or {})})
        object.__setattr__(copy, "__pydantic_fields_set__",
                           _fields_set(self) | set(update or ()))
        return copy

    def model_dump(self, *, exclude_none: bool = False, exclude_defaults: bool = False,
                   exclude_unset: bool = False, by_alias: bool = False) -> dict[str, Any]:
        """Its fields as a dict, nested models as dicts (pydantic's python mode)."""
        options = (exclude_none, exclude_defaults, exclude_unset, by_alias)
        dumped = {}
        for name, info in type(self).model_fields.items():
            value = self.__dict__[name]
            if (exclude_none and value is None) or (
                    exclude_unset and name not in _fields_set(self)) or (
                    exclude_defaults and not info.is_required() and value == info.get_default()):
                continue
            dumped[(info.alias or name) if by_alias else name] = _dumped(value, options)
        return dumped

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self.__dict__ == other.__dict__

    __hash__ = None  # type: ignore[assignment]

    def __iter__(self) -> typing.Iterator[tuple[str, Any]]:
        fields = type(self).model_fields
        return ((key, value) for key, value in self.__dict__.items() if key in fields)

    def __repr__(self) -> str:
        shown = ", ".join(f"{key}={value!r}" for key, value in self)
        return f"{type(self).__name__}({shown})"


def _fields_set(model: BaseModel) -> set[str]:
    """The names the data gave a model (a slot of the base, not a field)."""
    return typing.cast(set[str], object.__getattribute__(model, "__pydantic_fields_set__"))


def _dumped(value: Any, options: tuple[bool, bool, bool, bool]) -> Any:
    if isinstance(value, BaseModel):
        none, defaults, unset, alias = options
        return value.model_dump(exclude_none=none, exclude_defaults=defaults, exclude_unset=unset,
                                by_alias=alias)
    kind = value.__class__
    if kind is list:
        return [_dumped(item, options) for item in value]
    if kind is tuple:
        return tuple(_dumped(item, options) for item in value)
    if kind is dict:
        return {key: _dumped(item, options) for key, item in value.items()}
    return value
