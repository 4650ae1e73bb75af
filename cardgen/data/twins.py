"""A pydantic twin of each of cardgen's model classes, made when data is not plainly valid.

cardgen's models are declared without pydantic (`cardgen.data.declare`) and made from plainly
valid data without it (`cardgen.data.fastmodel`). Any other data is validated by the class's
twin: a pydantic model made from the same declarations (fields with their `Field` keywords,
annotations with each model class replaced by its twin, private attributes, class variables,
methods and validators, settings), so pydantic reports every error and makes every coercion.
The twin's model is then turned into cardgen's class (`ours`), nested models too. Twins also
write the JSON Schemas (`cardgen schema`). Nothing here runs while data is plainly valid: this
is the first import of pydantic in such a process.
"""

from __future__ import annotations

import functools
import types
import typing
from collections.abc import Callable
from typing import Any, Literal

from cardgen.data import pydanticlib as pd
from cardgen.data.declare import AfterValidator, Decorated, is_model

_TWINS: dict[type, type[pd.BaseModel]] = {}  # cardgen's class -> its twin
_OURS: dict[type, type] = {}  # a twin -> cardgen's class
_NAMES: dict[str, type] = {}  # the names a twin's forward references use -> the twins
_MAKING: set[type] = set()  # classes whose twins are being made (referred to by name)
_KEPT = frozenset({"__dict__", "__weakref__", "__module__", "__qualname__", "__annotations__",
                   "__slots__", "model_fields", "model_config", "__private_attributes__",
                   "__validators__", "__class_vars__"})


def validated(cls: type, data: Any) -> Any:
    """`data` validated by the twin of `cls`, as an instance of `cls` (pydantic's
    ValidationError for data that is not valid)."""
    return ours(twin_of(cls).model_validate(theirs(data)))


def json_schema(cls: type, **options: Any) -> dict[str, Any]:
    """The JSON Schema of `cls`'s data, as pydantic writes it (`model_json_schema`)."""
    return twin_of(cls).model_json_schema(**options)


def built(cls: type) -> None:
    """The twin of `cls` with its validator built (for schemas that refer to it)."""
    twin = twin_of(cls)
    if not twin.__pydantic_complete__:
        twin.model_rebuild()


def twin_of(cls: type) -> type[pd.BaseModel]:
    """The pydantic twin of one of cardgen's model classes (made once per process)."""
    twin = _TWINS.get(cls)
    if twin is not None:
        return twin
    if not any(is_model(base) for base in cls.__bases__):
        return pd.BaseModel  # the root of cardgen's models
    _MAKING.add(cls)
    try:
        twin = _made(cls)
    finally:
        _MAKING.discard(cls)
    _TWINS[cls], _OURS[twin] = twin, cls
    _NAMES[_name(cls)] = twin
    return twin


def _name(cls: type) -> str:
    return "twin_" + f"{cls.__module__}.{cls.__qualname__}".replace(".", "_")


def _made(cls: Any) -> type[pd.BaseModel]:
    bases = tuple(twin_of(base) if is_model(base) else base for base in cls.__bases__)
    own = cls.__dict__.get("__annotations__", {})
    annotations: dict[str, Any] = {}
    ns: dict[str, Any] = {"__module__": cls.__module__, "__qualname__": cls.__qualname__,
                          "__annotations__": annotations, "model_config": dict(cls.model_config)}
    for key, value in cls.__dict__.items():
        if key not in _KEPT:
            ns[key] = _validator(cls.__validators__[key]) if key in cls.__validators__ else value
    for key in own:
        if key in cls.__class_vars__:
            annotations[key] = typing.ClassVar
        elif key in cls.__private_attributes__:
            ns[key] = pd.PrivateAttr(default=cls.__private_attributes__[key])
        else:
            info = cls.model_fields[key]
            annotations[key] = _translated(info.raw_type())
            if info.kwargs:
                ns[key] = pd.Field(**_twin_keywords(info.kwargs))
    meta: Any = type(pd.BaseModel)
    twin = typing.cast(type[pd.BaseModel], meta(cls.__name__, bases, ns))
    twin.__pydantic_parent_namespace__ = _NAMES  # where its forward references are found
    return twin


def _twin_keywords(kwargs: dict[str, Any]) -> dict[str, Any]:
    """A field's `Field` keywords for its twin: a default factory's models made the twin's."""
    factory = kwargs.get("default_factory")
    if factory is None:
        return kwargs
    return {**kwargs, "default_factory": functools.partial(_their_default, factory)}


def _their_default(factory: Any) -> Any:
    return theirs(factory())


def _validator(decorated: Decorated) -> Any:
    field_validator: Any = pd.field_validator
    model_validator: Any = pd.model_validator
    if decorated.kind == "field":
        return field_validator(*decorated.fields, mode=decorated.mode)(decorated.func)
    return model_validator(mode=decorated.mode)(decorated.func)


def _translated(tp: Any) -> Any:
    """An annotation with each of cardgen's model classes replaced by its twin (by name while
    that twin is being made), and cardgen's markers by pydantic's."""
    if is_model(tp):
        return typing.ForwardRef(_name(tp)) if tp in _MAKING else twin_of(tp)
    origin = typing.get_origin(tp)
    if origin is None or origin is Literal:
        return tp
    if origin is typing.Annotated:
        inner, markers = _translated(tp.__origin__), [_marker(m) for m in tp.__metadata__]
        if inner is tp.__origin__ and all(a is b for a, b in zip(markers, tp.__metadata__,
                                                                   strict=True)):
            return tp
        return typing.Annotated[(inner, *markers)]
    args = typing.get_args(tp)
    new = tuple(_translated(arg) for arg in args)
    if all(a is b for a, b in zip(new, args, strict=True)):
        return tp
    if origin in (typing.Union, types.UnionType):
        return typing.Union[new]  # noqa: UP007 - members that may be forward references
    if isinstance(tp, types.GenericAlias):
        return types.GenericAlias(origin, new)
    return tp.copy_with(new)


def _marker(marker: Any) -> Any:
    if isinstance(marker, AfterValidator):
        return pd.AfterValidator(marker.func)
    return marker


def ours(value: Any) -> Any:
    """A value a twin validated, with each twin's model turned into cardgen's class."""
    return _walked(value, _our_of)


def theirs(value: Any) -> Any:
    """A value with each of cardgen's models in it turned into its twin's (which pydantic
    takes as it is, as it takes a model of the class it validates)."""
    return _walked(value, _their_of)


def _walked(value: Any, model: Callable[[Any], Any]) -> Any:
    """The value with `model`'s answer for each model in it, at any depth of lists, dicts and
    tuples (`model` gives None for a value that is no model it turns)."""
    made = model(value)
    if made is not None:
        return made
    kind = value.__class__
    if kind is list:
        return [_walked(item, model) for item in value]
    if kind is dict:
        return {key: _walked(item, model) for key, item in value.items()}
    if kind is tuple:
        return tuple(_walked(item, model) for item in value)
    return value


def _our_of(value: Any) -> Any:
    cls = _OURS.get(value.__class__)
    return _our_model(cls, value) if cls is not None else None


def _their_of(value: Any) -> Any:
    kind = value.__class__
    return _their_model(twin_of(kind), value) if is_model(kind) else None


def _their_model(twin: Any, model: Any) -> Any:
    fields = type(model).model_fields
    made = twin.__new__(twin)
    object.__setattr__(made, "__dict__", {key: theirs(item) for key, item in model.__dict__.items()
                                          if key in fields})
    object.__setattr__(made, "__pydantic_fields_set__", set(model.__pydantic_fields_set__))
    object.__setattr__(made, "__pydantic_extra__", None)
    object.__setattr__(made, "__pydantic_private__", {
        key: model.__dict__[key] for key in type(model).__private_attributes__} or None)
    return made


def _our_model(cls: Any, twin: Any) -> Any:
    values = {key: ours(item) for key, item in twin.__dict__.items()}
    privates = twin.__pydantic_private__ or {}
    for key, default in cls.__private_attributes__.items():
        values[key] = privates.get(key, default)
    model = cls.__new__(cls)
    object.__setattr__(model, "__dict__", values)
    object.__setattr__(model, "__pydantic_fields_set__", set(twin.__pydantic_fields_set__))
    return model
