"""The checks `cardgen.data.fastmodel` builds a plan of: each takes a raw value and gives the
value pydantic validates it to, or raises Declined (pydantic decides); for scalars, Literals,
containers, fixed tuples, a type's `Annotated` markers, validators and constraints."""

from __future__ import annotations

import math
import re
import typing
from collections.abc import Callable
from typing import Any, Literal

from cardgen.data.declare import AfterValidator, Bound

FLOAT_INTS = 2 ** 53  # an int this size or less is exactly the float pydantic makes of it


Check = Callable[[Any], Any]  # a raw value -> the value validated, or raises Declined


class Declined(Exception):
    """The data is not plainly valid: pydantic decides."""


class Unknown(Exception):
    """A model or field shape this module does not follow: the class always goes to pydantic."""


def takes_one(func: Any) -> bool:
    """Whether a validator is called with the value alone (no ValidationInfo): as pydantic
    counts it, one required positional parameter (a bound method's own not counted), any
    others with defaults."""
    return required_positional(func) == 1


def takes_info(func: Any, mode: Literal["after", "wrap"]) -> bool:
    """Whether pydantic calls a validator with a ValidationInfo (True for one it refuses)."""
    return required_positional(func) != (2 if mode == "wrap" else 1)


def required_positional(func: Any) -> int:
    """The required positional parameters of a function or bound method (-1: not a function
    this module reads: one taking *args or keyword-only parameters without defaults)."""
    plain = getattr(func, "__func__", func)
    code = getattr(plain, "__code__", None)
    if code is None or code.co_flags & 0x0C or code.co_kwonlyargcount:  # *args, **kwargs
        return -1
    bound = 1 if getattr(func, "__self__", None) is not None else 0
    return int(code.co_argcount) - len(getattr(plain, "__defaults__", None) or ()) - bound


def validated(validator: Callable[[Any], Any], value: Any) -> Any:
    """A validator's result, or Declined for any error (pydantic reports it, or raises it)."""
    try:
        return validator(value)
    except Exception:  # noqa: BLE001 - model_validate meets the same error and decides
        raise Declined from None


def then(check: Check, validator: Callable[[Any], Any]) -> Check:
    return lambda value: validated(validator, check(value))


def annotated(check: Check, tp: Any, metadata: list[Any]) -> Check:
    """The check of a type `Annotated` with `metadata`, in its order: a marker that only shapes
    how pydantic builds the schema (`schema_only`) is passed over, an AfterValidator of the
    value alone runs on the value, constraints test a scalar's value, and a length bound a
    list's or a text's (Unknown for any other annotation, or constraints on a container or a
    union of more than scalars)."""
    for meta in metadata:
        if getattr(meta, "schema_only", False) is True:
            continue
        if isinstance(meta, AfterValidator):
            if not takes_one(meta.func):
                raise Unknown(meta)
            check = then(check, meta.func)
            continue
        lengths = isinstance(meta, Bound) and meta.kind in ("min_length", "max_length")
        if not (lengths and (tp is str or typing.get_origin(tp) is list)) and \
                not set(typing.get_args(tp) or (tp,)) <= set(SCALARS):
            raise Unknown(tp)
        check = constrained(check, [meta])
    return check


def constrained(check: Check, metadata: list[Any]) -> Check:
    """The check, then every constraint on a value that is not None."""
    tests = [constraint(m) for m in metadata]

    def constrained(value: Any) -> Any:
        value = check(value)
        if value is not None and not all(test(value) for test in tests):
            raise Declined
        return value
    return constrained


_TESTS: dict[str, Callable[[Any, Any], bool]] = {
    "ge": lambda value, limit: value >= limit, "le": lambda value, limit: value <= limit,
    "gt": lambda value, limit: value > limit, "lt": lambda value, limit: value < limit,
    "min_length": lambda value, limit: len(value) >= limit,
    "max_length": lambda value, limit: len(value) <= limit}


def constraint(meta: Any) -> Callable[[Any], bool]:
    """A constraint as a test of the validated value (Unknown for one this does not know)."""
    if not isinstance(meta, Bound):
        raise Unknown(meta)
    if meta.kind == "pattern":
        pattern = re.compile(meta.limit)
        # pydantic matches with Rust's regex, whose `$` is the text's end only: Python's agrees
        # on plain ASCII text without a line break (any other text goes to pydantic)
        return lambda value: (value.__class__ is str and value.isascii() and "\n" not in value
                              and pattern.search(value) is not None)
    test, limit = _TESTS[meta.kind], meta.limit
    return lambda value: test(value, limit)


def exact(kind: type) -> Check:
    def check(value: Any) -> Any:
        if value.__class__ is not kind:
            raise Declined
        return value
    return check


def as_float(value: Any) -> float:
    """A finite float as it is; an int as the float pydantic makes of it."""
    if value.__class__ is float and math.isfinite(value):
        return value
    if value.__class__ is int and -FLOAT_INTS <= value <= FLOAT_INTS:
        return float(value)
    raise Declined


def none(value: Any) -> None:
    if value is not None:
        raise Declined


SCALARS: dict[Any, Check] = {str: exact(str), int: exact(int), bool: exact(bool), float: as_float,
                              type(None): none}


def same(value: Any) -> Any:
    return value


def fixed_tuple(items: list[Check]) -> Check:
    """A fixed tuple's check: a list or tuple of its length, each item by its own check."""
    def check(value: Any) -> Any:
        if value.__class__ not in (list, tuple) or len(value) != len(items):
            raise Declined
        return tuple(item(v) for item, v in zip(items, value, strict=True))
    return check


def literal_type(members: tuple[Any, ...]) -> type:
    """The one type of a Literal's members: all text, or all bools (Unknown for any other)."""
    kinds: set[type] = {member.__class__ for member in members}
    if len(kinds) != 1 or not kinds <= {str, bool}:
        raise Unknown(members)
    return kinds.pop()


def literal(kind: type, members: frozenset[Any]) -> Check:
    def check(value: Any) -> Any:
        if value.__class__ is not kind or value not in members:
            raise Declined
        return value
    return check


def list_of(item: Check) -> Check:
    def check(value: Any) -> Any:
        if value.__class__ is not list:
            raise Declined
        return [item(v) for v in value]
    return check


def dict_of(item: Check) -> Check:
    def check(value: Any) -> Any:
        if value.__class__ is not dict:
            raise Declined
        return {text_key(k): item(v) for k, v in value.items()}
    return check


def text_key(key: Any) -> str:
    if key.__class__ is not str:
        raise Declined
    return key
