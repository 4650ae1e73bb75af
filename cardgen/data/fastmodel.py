"""A plainly valid file's pydantic model, made without building pydantic's validators.

pydantic builds a model class's validator (its core schema) on the class's first
`model_validate`: ~100 M instructions for `GameFile` in a cold process, ~17 M more for
`EditionFile`, where validating the same values again costs ~2 M. `plainly_valid(cls, data)`
walks the class's declared fields (`model_fields`: annotation, alias, default or factory,
constraints) along the data instead and makes the model as `model_validate` makes it (the same
values of the same types in new lists and dicts, the same `model_fields_set`, defaults and
factories; the class's own field and model validators run) when every value is exactly of its
declared type: a `str` where `str` is declared, an `int` (not a bool) where `int`, a finite
float (or an int, as the float pydantic makes of it) where `float`, a Literal's own text, a
mapping with text keys and no unknown key, a union member the value's type names alone; and
every constraint holds. On anything else (a problem, a value pydantic would coerce, a
validator's error, a field shape this module does not know) it gives None, and the caller
validates with pydantic as ever, so every error message and every coercion stays pydantic's.
"""

from __future__ import annotations

import functools
import inspect
import math
import re
import types
import typing
from collections.abc import Callable
from typing import Any, Literal

from cardgen.data.pydanticlib import BaseModel, Ge, Gt, Le, Lt

M = typing.TypeVar("M", bound=BaseModel)
Check = Callable[[Any], Any]  # a raw value -> the value validated, or raises Declined


class Declined(Exception):
    """The data is not plainly valid: pydantic decides."""


class Unknown(Exception):
    """A model or field shape this module does not follow: the class always goes to pydantic."""


def plainly_valid(cls: type[M], data: Any) -> M | None:
    """`cls.model_validate(data)`'s model if the data is plainly valid for it, else None."""
    plan = _plan(cls)
    if plan is None:
        return None
    try:
        return typing.cast(M, plan.make(data))
    except Declined:
        return None


# the model_config settings followed, and their values (None: any); any other: pydantic decides
_CONFIG: dict[str, tuple[Any, ...] | None] = {
    "extra": ("forbid",), "populate_by_name": (True, False), "allow_inf_nan": (False, True),
    "defer_build": (True, False), "title": None}
_PLANS: dict[type, _Plan | None] = {}  # a process's plans, per class (None: not followed)
_CHECKS: dict[Any, Check] = {}  # a process's checks, per annotation
_TAKES_DATA: dict[Any, bool] = {}
_IMMUTABLE = (type(None), str, int, float, bool)
_FLOAT_INTS = 2 ** 53  # an int this size or less is exactly the float pydantic makes of it


def _plan(cls: type[BaseModel]) -> _Plan | None:
    """The class's plan, made once per process (None for a class this module does not follow)."""
    if cls in _PLANS:
        return _PLANS[cls]
    before = set(_PLANS)
    plan = _PLANS[cls] = _Plan(cls)  # there before its fields, for a model that holds itself
    try:
        plan.follow()
    except (Unknown, TypeError):  # TypeError: an annotation that cannot be a dict's key
        for made in set(_PLANS) - before:  # and any plan that may hold this one
            _PLANS[made] = None
        _CHECKS.clear()
        return None
    return plan


class _Plan:
    """How one model class's data is checked and its instance made."""

    def __init__(self, cls: type[BaseModel]) -> None:
        self.cls = cls
        self.keys: dict[str, tuple[str, Check]] = {}  # a key the data may write -> field, check
        self.blank: dict[str, Any] = {}  # every field in order: its default, or a stand-in
        self.required: frozenset[str] = frozenset()
        self.factories: list[tuple[str, Callable[[], Any]]] = []
        self.after: list[Callable[[Any], Any]] = []  # model validators, mode "after"

    def follow(self) -> None:
        """Read the class's fields, config and validators (Unknown for anything unusual)."""
        cls = self.cls
        _known_class(cls)
        by_name = cls.model_config.get("populate_by_name", False)
        validators = _field_validators(cls)
        required: list[str] = []
        for name, info in cls.model_fields.items():
            check = _field_check(info, validators.get(name, []))
            aliased = info.alias is not None and info.alias != name
            keys = ((info.alias, name) if by_name else (info.alias,)) if aliased else (name,)
            for key in typing.cast(tuple[str, ...], keys):
                if key in self.keys:
                    raise Unknown(cls)  # a key two fields answer to
                self.keys[key] = (name, check)
            self.blank[name] = _default(info, required, self.factories, name)
        self.required = frozenset(required)
        self.after = _model_validators(cls)

    def make(self, data: Any) -> BaseModel:
        """The model of the data, or Declined: the blank's defaults in field order, the given
        values checked in their places, factories called for the fields not given."""
        if data.__class__ is not dict:
            raise Declined
        values = self.blank.copy()
        given: set[str] = set()
        keys = self.keys
        for key, value in data.items():
            entry = keys.get(key) if key.__class__ is str else None
            if entry is None or entry[0] in given:  # unknown, or both a name and its alias
                raise Declined
            given.add(entry[0])
            values[entry[0]] = entry[1](value)
        if not self.required <= given:
            raise Declined  # a required field missing
        for name, factory in self.factories:
            if name not in given:
                values[name] = factory()
        model = self.cls.__new__(self.cls)
        _set(model, "__dict__", values)
        _set(model, "__pydantic_fields_set__", given)
        _set(model, "__pydantic_extra__", None)
        _set(model, "__pydantic_private__", None)
        for validator in self.after:
            if _validated(validator, model) is not model:
                raise Declined
        return model


_set = object.__setattr__


def _known_class(cls: type[BaseModel]) -> None:
    """Unknown unless the class is a plain model: known config, no hooks of its own."""
    config = cls.model_config
    if not all(_known_setting(key, value) for key, value in config.items()) or \
            config.get("extra") != "forbid":
        raise Unknown(cls)
    schema_hook = getattr(cls.__get_pydantic_core_schema__, "__func__", None)
    own_hook = getattr(BaseModel.__get_pydantic_core_schema__, "__func__", None)
    if (cls.__pydantic_root_model__ or cls.__pydantic_post_init__ or cls.__private_attributes__
            or schema_hook is not own_hook
            or cls.__pydantic_generic_metadata__["parameters"]):
        raise Unknown(cls)
    decorators = cls.__pydantic_decorators__
    if decorators.validators or decorators.root_validators:
        raise Unknown(cls)


def _known_setting(key: str, value: Any) -> bool:
    """Whether a model_config setting is one a plain model's validation is followed under."""
    if key not in _CONFIG:
        return False
    allowed = _CONFIG[key]
    return allowed is None or value in allowed


def _field_validators(cls: type[BaseModel]) -> dict[str, list[Callable[[Any], Any]]]:
    """The class's field validators per field, in order (each "after", of the value alone)."""
    found: dict[str, list[Callable[[Any], Any]]] = {}
    for decorator in cls.__pydantic_decorators__.field_validators.values():
        info = decorator.info
        if info.mode != "after" or "*" in info.fields or not _takes_one(decorator.func):
            raise Unknown(cls)
        for name in info.fields:
            found.setdefault(name, []).append(decorator.func)
    return found


def _model_validators(cls: type[BaseModel]) -> list[Callable[[Any], Any]]:
    """The class's model validators (each "after", of the model alone)."""
    found = []
    for decorator in cls.__pydantic_decorators__.model_validators.values():
        if decorator.info.mode != "after" or not _takes_one(decorator.func):
            raise Unknown(cls)
        found.append(decorator.func)
    return found


def _takes_one(func: Any) -> bool:
    """Whether a validator takes one argument (no ValidationInfo)."""
    return len(inspect.signature(func).parameters) == 1


def _validated(validator: Callable[[Any], Any], value: Any) -> Any:
    """A validator's result, or Declined for any error (pydantic reports it, or raises it)."""
    try:
        return validator(value)
    except Exception:  # noqa: BLE001 - model_validate meets the same error and decides
        raise Declined from None


def _default(info: Any, required: list[str], factories: list[tuple[str, Callable[[], Any]]],
             name: str) -> Any:
    """A field's default value for the blank; a required field is added to `required` and one
    with a factory to `factories` (the blank holds None for them). Unknown for a mutable default
    (pydantic copies it) or a factory of the validated data."""
    if info.is_required():
        required.append(name)
        return None
    factory = info.default_factory
    if factory is None:
        if info.default.__class__ not in _IMMUTABLE:
            raise Unknown(info)
        return info.default
    if _takes_data(info):
        raise Unknown(info)
    if isinstance(factory, type) and issubclass(factory, BaseModel):
        plan = _plan(factory)
        if plan is not None:  # the model `factory()` validates from no values
            factory = functools.partial(plan.make, {})
    factories.append((name, factory))
    return None


def _takes_data(info: Any) -> bool:
    """Whether a field's default factory takes the validated data (pydantic's own answer,
    found once per factory: it reads the factory's signature)."""
    factory = info.default_factory
    if factory not in _TAKES_DATA:
        _TAKES_DATA[factory] = bool(info.default_factory_takes_validated_data)
    return _TAKES_DATA[factory]


def _field_check(info: Any, validators: list[Callable[[Any], Any]]) -> Check:
    """A field's check: its type's, its constraints', then its validators'."""
    if (info.validation_alias not in (None, info.alias) or info.discriminator is not None
            or info.validate_default or not info._complete):
        raise Unknown(info)
    check = _type_check(info.annotation)
    if info.metadata:
        if not set(typing.get_args(info.annotation) or (info.annotation,)) <= set(_SCALARS):
            raise Unknown(info)  # constraints on a container or a union of more than scalars
        check = _constrained(check, info.metadata)
    for validator in validators:
        check = _then(check, validator)
    return check


def _then(check: Check, validator: Callable[[Any], Any]) -> Check:
    return lambda value: _validated(validator, check(value))


def _constrained(check: Check, metadata: list[Any]) -> Check:
    """The check, then every constraint on a value that is not None."""
    tests = [_constraint(m) for m in metadata]

    def constrained(value: Any) -> Any:
        value = check(value)
        if value is not None and not all(test(value) for test in tests):
            raise Declined
        return value
    return constrained


def _constraint(meta: Any) -> Callable[[Any], bool]:
    """A constraint as a test of the validated value (Unknown for one this does not know)."""
    if isinstance(meta, Ge):
        return lambda value: value >= meta.ge
    if isinstance(meta, Le):
        return lambda value: value <= meta.le
    if isinstance(meta, Gt):
        return lambda value: value > meta.gt
    if isinstance(meta, Lt):
        return lambda value: value < meta.lt
    if type(meta).__name__ == "_PydanticGeneralMetadata" and set(vars(meta)) == {"pattern"}:
        pattern = re.compile(meta.pattern)
        # pydantic matches with Rust's regex, whose `$` is the text's end only: Python's agrees
        # on plain ASCII text without a line break (any other text goes to pydantic)
        return lambda value: (value.__class__ is str and value.isascii() and "\n" not in value
                              and pattern.search(value) is not None)
    raise Unknown(meta)


def _type_check(tp: Any) -> Check:
    """The check of a value declared of type `tp` (made once per annotation)."""
    check = _CHECKS.get(tp)
    if check is None:
        check = _CHECKS[tp] = _new_check(tp)
    return check


def _new_check(tp: Any) -> Check:
    if tp in _SCALARS:
        return _SCALARS[tp]
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is Literal:
        if not all(a.__class__ is str for a in args):
            raise Unknown(tp)
        return _literal(frozenset(args))
    if origin is list and len(args) == 1:
        return _list(_type_check(args[0]))
    if origin is dict and len(args) == 2 and args[0] is str:
        return _dict(_type_check(args[1]))
    if origin in (typing.Union, types.UnionType):
        return _union(args)
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return _model(tp)
    raise Unknown(tp)


def _exact(kind: type) -> Check:
    def check(value: Any) -> Any:
        if value.__class__ is not kind:
            raise Declined
        return value
    return check


def _float(value: Any) -> float:
    """A finite float as it is; an int as the float pydantic makes of it."""
    if value.__class__ is float and math.isfinite(value):
        return value
    if value.__class__ is int and -_FLOAT_INTS <= value <= _FLOAT_INTS:
        return float(value)
    raise Declined


def _none(value: Any) -> None:
    if value is not None:
        raise Declined


_SCALARS: dict[Any, Check] = {str: _exact(str), int: _exact(int), bool: _exact(bool), float: _float,
                              type(None): _none}


def _literal(members: frozenset[str]) -> Check:
    def check(value: Any) -> Any:
        if value.__class__ is not str or value not in members:
            raise Declined
        return value
    return check


def _list(item: Check) -> Check:
    def check(value: Any) -> Any:
        if value.__class__ is not list:
            raise Declined
        return [item(v) for v in value]
    return check


def _dict(item: Check) -> Check:
    def check(value: Any) -> Any:
        if value.__class__ is not dict:
            raise Declined
        return {_text_key(k): item(v) for k, v in value.items()}
    return check


def _text_key(key: Any) -> str:
    if key.__class__ is not str:
        raise Declined
    return key


def _model(cls: type[BaseModel]) -> Check:
    plan = _plan(cls)
    if plan is None:
        raise Unknown(cls)
    return plan.make


def _union(members: tuple[Any, ...]) -> Check:
    """A union's check: the one member the value's own type is exactly, else Declined.

    Each member takes the values of one Python type (a model or a dict: dict, a Literal: str);
    two members for one type make that type go to pydantic. An int where no member is int is
    the float member's (pydantic's float of it) unless a bool member might take it too."""
    by_type: dict[type, Check | None] = {}
    for member in members:
        kind = _value_type(member)
        by_type[kind] = None if kind in by_type else _type_check(member)
    if int not in by_type and float in by_type and bool not in by_type:
        by_type[int] = by_type[float]
    checks = {kind: check for kind, check in by_type.items() if check is not None}

    def check(value: Any) -> Any:
        member = checks.get(value.__class__)
        if member is None:
            raise Declined
        return member(value)
    return check


def _value_type(tp: Any) -> type:
    """The one Python type of the values a union member takes exactly."""
    if tp in _SCALARS:
        return typing.cast(type, tp)
    origin = typing.get_origin(tp)
    if origin is Literal:
        return str
    if origin in (list, dict):
        return typing.cast(type, origin)
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return dict
    raise Unknown(tp)
