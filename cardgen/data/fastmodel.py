"""A plainly valid file's model, made without pydantic.

cardgen's model classes are declared as pydantic's are (`cardgen.data.declare`), and pydantic is
imported only for data that is not plainly valid (`cardgen.data.twins`): its import is ~300 M
instructions, and building a class's validator ~100 M more for `GameFile`. `plainly_valid(cls,
data)` walks the class's declared fields (`model_fields`: annotation, alias, default or factory,
constraints) along the data and makes the model as pydantic's `model_validate` makes it (the same
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
import types
import typing
from collections.abc import Callable
from typing import Any, Literal

from cardgen.data.declare import Decorated, FieldInfo, is_model
from cardgen.data.fastchecks import (
    SCALARS,
    Check,
    Declined,
    Unknown,
    annotated,
    dict_of,
    fixed_tuple,
    list_of,
    literal,
    literal_type,
    required_positional,
    same,
    takes_info,
    takes_one,
    then,
    validated,
)

M = typing.TypeVar("M")


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
_IMMUTABLE = (type(None), str, int, float, bool)


def _plan(cls: type) -> _Plan | None:
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

    def __init__(self, cls: Any) -> None:
        self.cls = cls
        self.keys: dict[str, tuple[str, Check]] = {}  # a key the data may write -> field, check
        self.blank: dict[str, Any] = {}  # every field in order: its default, or a stand-in
        self.required: frozenset[str] = frozenset()
        self.factories: list[tuple[str, Callable[[], Any]]] = []
        self.after: list[Callable[[Any], Any]] = []  # model validators, mode "after"
        self.privates: dict[str, Any] = {}  # private attributes' defaults
        self.wrap: Callable[[Any, Any], Any] | None = None  # a model validator, mode "wrap"

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
        self.after, self.wrap = _model_validators(cls)
        self.privates = dict(cls.__private_attributes__)

    def make(self, data: Any) -> Any:
        """The model of the data, or Declined; a wrap validator is handed the data and this
        plan's own validation as its handler, and must give back a model of the class."""
        if isinstance(data, self.cls):
            return data  # a model of the class, taken as it is (as pydantic takes it)
        wrap = self.wrap
        if wrap is None:
            return self.made(data)
        model = validated(lambda made: wrap(data, made), self.made)
        if model.__class__ is not self.cls:
            raise Declined
        return model

    def made(self, data: Any) -> Any:
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
        if self.privates:  # each default (immutable), after the fields
            values.update(self.privates)
        model = self.cls.__new__(self.cls)
        _set(model, "__dict__", values)
        _set(model, "__pydantic_fields_set__", given)
        for validator in self.after:
            if validated(validator, model) is not model:
                raise Declined
        return model


_set = object.__setattr__


def _known_class(cls: Any) -> None:
    """Unknown unless the class is a plain model: known config, plain private attributes."""
    config = cls.model_config
    if not all(_known_setting(key, value) for key, value in config.items()) or \
            config.get("extra") != "forbid":
        raise Unknown(cls)
    if not all(_immutable(default) for default in cls.__private_attributes__.values()):
        raise Unknown(cls)


def _known_setting(key: str, value: Any) -> bool:
    """Whether a model_config setting is one a plain model's validation is followed under."""
    if key not in _CONFIG:
        return False
    allowed = _CONFIG[key]
    return allowed is None or value in allowed


def _field_validators(cls: Any) -> dict[str, list[Callable[[Any], Any]]]:
    """The class's field validators per field, in order (each "after", of the value alone)."""
    found: dict[str, list[Callable[[Any], Any]]] = {}
    for key, decorated in _validators(cls, "field"):
        func = getattr(cls, key)  # (a classmethod bound to the class validated)
        if decorated.mode != "after" or "*" in decorated.fields or \
                not isinstance(decorated.func, classmethod | staticmethod) or not takes_one(func):
            raise Unknown(cls)
        for name in decorated.fields:
            found.setdefault(name, []).append(func)
    return found


def _model_validators(cls: Any) -> tuple[list[Callable[[Any], Any]], Any]:
    """The class's model validators: each "after", of the model alone; or one "wrap" alone, of
    the data and a handler."""
    found, wraps = [], []
    for key, decorated in _validators(cls, "model"):
        func = getattr(cls, key)
        if decorated.mode == "wrap" and isinstance(decorated.func, classmethod) and \
                not takes_info(func, "wrap"):
            wraps.append(func)
        elif decorated.mode != "after" or isinstance(decorated.func, classmethod | staticmethod) \
                or not takes_one(func):
            raise Unknown(cls)
        else:
            found.append(func)
    if wraps and (found or len(wraps) > 1):
        raise Unknown(cls)
    return found, (wraps[0] if wraps else None)


def _validators(cls: Any, kind: str) -> list[tuple[str, Decorated]]:
    return [(key, d) for key, d in cls.__validators__.items() if d.kind == kind]


def _default(info: FieldInfo, required: list[str],
             factories: list[tuple[str, Callable[[], Any]]], name: str) -> Any:
    """A field's default value for the blank; a required field is added to `required` and one
    with a factory to `factories` (the blank holds None for them). Unknown for a mutable default
    (pydantic copies it) or a factory of the validated data."""
    if info.is_required():
        required.append(name)
        return None
    factory = info.default_factory
    if factory is None:
        if not _immutable(info.default):
            raise Unknown(info)
        return info.default
    if is_model(factory):
        plan = _plan(typing.cast(type, factory))
        if plan is None:
            raise Unknown(info)
        factories.append((name, functools.partial(plan.make, {})))  # the model of no values
        return None
    if _takes_data(factory):
        raise Unknown(info)
    factories.append((name, factory))
    return None


def _immutable(value: Any) -> bool:
    """Whether a default is one pydantic hands out as it is (its deep copy is itself)."""
    if value.__class__ is tuple:
        return all(_immutable(item) for item in value)
    return value.__class__ in _IMMUTABLE


def _takes_data(factory: Any) -> bool:
    """Whether a default factory takes the validated data (or is one this module does not
    read): pydantic calls a factory of one required parameter with the data."""
    return required_positional(factory) != 0


def _field_check(info: FieldInfo, validators: list[Callable[[Any], Any]]) -> Check:
    """A field's check: its type's, its constraints', then its validators'."""
    check = annotated(_type_check(info.annotation), info.annotation, info.metadata)
    for validator in validators:
        check = then(check, validator)
    return check


def _type_check(tp: Any) -> Check:
    """The check of a value declared of type `tp` (made once per annotation)."""
    check = _CHECKS.get(tp)
    if check is None:
        check = _CHECKS[tp] = _new_check(tp)
    return check


def _new_check(tp: Any) -> Check:
    if tp in SCALARS:
        return SCALARS[tp]
    if tp is Any:
        return same
    plain = _hook(tp)
    if plain is not None:
        return typing.cast(Check, plain.plain_check())
    return _generic_check(tp)


def _generic_check(tp: Any) -> Check:
    """The check of a generic alias, union or model (Unknown for any other type)."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is typing.Annotated:
        return annotated(_type_check(tp.__origin__), tp.__origin__, list(tp.__metadata__))
    if origin is tuple and args and Ellipsis not in args:
        return fixed_tuple([_type_check(a) for a in args])
    if origin is Literal:
        return literal(literal_type(args), frozenset(args))
    if origin is list and len(args) == 1:
        return list_of(_type_check(args[0]))
    if origin is dict and len(args) == 2 and args[0] is str:
        return dict_of(_type_check(args[1]))
    if origin in (typing.Union, types.UnionType):
        return _union(args)
    if is_model(tp):
        return _model(tp)
    raise Unknown(tp)


def _hook(tp: Any) -> Any:
    """A class with its own schema that says how its values are checked here: `plain_check()`,
    a Check raising Declined, and `plain_kinds`, the Python types of the values it takes."""
    own = isinstance(tp, type) and not is_model(tp) and hasattr(tp, "plain_check")
    return tp if own else None


def _model(cls: type) -> Check:
    plan = _plan(cls)
    if plan is None:
        raise Unknown(cls)
    return plan.make


def _union(members: tuple[Any, ...]) -> Check:
    """A union's check: the one member the value's own type is exactly, else Declined.

    Each member takes the values of one Python type (a model or a dict: dict, a Literal: str);
    two members for one type make that type go to pydantic. An int where no member is int is
    the float member's (pydantic's float of it) unless a bool member might take it too."""
    checks = {kind: check for kind, check in _union_table(members).items() if check is not None}

    def check(value: Any) -> Any:
        member = checks.get(value.__class__)
        if member is None:
            raise Declined
        return member(value)
    return check


def _union_table(members: tuple[Any, ...]) -> dict[type, Check | None]:
    """A union's member check per Python type of value (None: that type goes to pydantic)."""
    kinds = [_value_types(member) for member in members]
    taken = [kind for member_kinds in kinds for kind in member_kinds]
    by_type: dict[type, Check | None] = {}
    for member, member_kinds in zip(members, kinds, strict=True):
        shared = any(taken.count(kind) > 1 for kind in member_kinds)
        check = None if shared else _type_check(member)  # (a member never taken: not followed)
        by_type.update((kind, check) for kind in member_kinds)
    if int not in by_type and float in by_type and bool not in by_type:
        by_type[int] = by_type[float]
    return by_type


def _value_types(tp: Any) -> tuple[type, ...]:
    """The Python types of the values a union member takes exactly."""
    if tp in SCALARS:
        return (typing.cast(type, tp),)
    if _hook(tp) is not None:
        return tuple(tp.plain_kinds)
    origin = typing.get_origin(tp)
    if origin is typing.Annotated:
        return _value_types(tp.__origin__)
    if origin in (typing.Union, types.UnionType):  # a union in a union: its own table's types
        return tuple(_union_table(typing.get_args(tp)))
    if origin is Literal:
        return (literal_type(typing.get_args(tp)),)
    if origin in (list, dict):
        return (typing.cast(type, origin),)
    if is_model(tp):
        return (dict, tp)
    raise Unknown(tp)
