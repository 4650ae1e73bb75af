"""A class's dataclass fields found the way `dataclasses.dataclass` finds them, in one pass.

`record` (cardgen/records.py) lets dataclass find a class's fields (`dataclass(cls,
init=False, repr=False, eq=False)`), and for a field annotated with text (every field of a
module with `from __future__ import annotations`) dataclass searches the text three times, for
a ClassVar, an InitVar and KW_ONLY: most of the ~0.15 ms each of cardgen's ~150 records (and
pydantic's dataclasses made as records) took to declare. `plain_fields` searches each text once
for the first name, the one dataclass reads, and when that name is bound in the class's module
to none of the three (and the class has no dataclass base, no mutable default, no field without
annotation, no annotation that is not text), `set_fields` sets what dataclass would set: the
same `Field` objects, `__dataclass_params__`, the defaults as class attributes, `__match_args__`
(tests/test_records.py compares every record's with dataclass's). Any other class is left to
dataclass.
"""

from __future__ import annotations

import abc
import dataclasses
import sys
from dataclasses import KW_ONLY, MISSING, Field, InitVar
from itertools import repeat
from types import MemberDescriptorType
from typing import Any

_PARAMS: Any = getattr(dataclasses, "_DataclassParams", None)
_FIELD_TYPE = getattr(dataclasses, "_FIELD", None)
_FIRST_NAME = getattr(dataclasses, "_MODULE_IDENTIFIER_RE", None)  # what dataclass searches with
# the Python whose dataclass this one pass is written for (3.11's: these very signatures)
TAKEN = (_PARAMS is not None and _FIELD_TYPE is not None and _FIRST_NAME is not None
         and _PARAMS.__init__.__code__.co_varnames[:7] == (
             "self", "init", "repr", "eq", "order", "unsafe_hash", "frozen")
         and _PARAMS.__init__.__code__.co_argcount == 7
         and Field.__init__.__code__.co_argcount == 9)


def plain_fields(cls: type) -> list[tuple[str, str, Field[Any]]] | None:
    """(name, annotation, Field) of each field of `cls`, as dataclass would make them, when
    every field is plain (see the module doc); None when dataclass is to make them."""
    module = sys.modules.get(cls.__module__)
    if not TAKEN or module is None or hasattr(cls, "__dataclass_fields__") or not cls.__doc__:
        return None
    names, own = vars(module), cls.__dict__
    annotations = own.get("__annotations__", {})
    made, owned = [], 0  # owned: the fields whose class attribute is a Field of its own
    for name, annotation in annotations.items():
        if type(annotation) is not str:  # noqa: E721
            return None
        match = _FIRST_NAME.match(annotation)  # type: ignore[union-attr]
        if match is not None and (match.group(1) or _special(names.get(match.group(2)))):
            return None
        default = getattr(cls, name, MISSING)
        if isinstance(default, Field):
            field = default
            owned += own.get(name) is default
        else:
            if isinstance(default, MemberDescriptorType):  # a slot: no default
                default = MISSING
            field = Field(default, MISSING, True, True, None, True, None, MISSING)  # type: ignore[arg-type]
        if field.default.__class__.__hash__ is None:  # a mutable default: dataclass's error
            return None
        made.append((name, annotation, field))
    if sum(map(isinstance, own.values(), repeat(Field))) != owned:
        return None  # a Field without annotation: dataclass's error
    return made


def _special(value: object) -> bool:
    """Whether dataclass takes a name bound to `value` for a ClassVar, an InitVar or KW_ONLY."""
    typing = sys.modules["typing"]
    return (value is typing.ClassVar or value is InitVar or value is KW_ONLY
            or type(value) is InitVar
            or type(value) is typing._GenericAlias
            and value.__origin__ is typing.ClassVar)  # type: ignore[attr-defined]


def set_fields(cls: type, made: list[tuple[str, str, Field[Any]]]) -> None:
    """Set on `cls` what `dataclass(cls, init=False, repr=False, eq=False)` sets for these
    plain fields, in its order."""
    cls.__dataclass_params__ = _PARAMS(False, False, False, False, False, False)  # type: ignore[attr-defined]
    fields: dict[str, Field[Any]] = {}
    for name, annotation, field in made:
        field.name, field.type = name, annotation
        field._field_type = _FIELD_TYPE  # type: ignore[attr-defined]
        if field.kw_only is MISSING:
            field.kw_only = False
        fields[name] = field
    for name, _, field in made:
        if isinstance(getattr(cls, name, None), Field):
            if field.default is MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, field.default)
    cls.__dataclass_fields__ = fields  # type: ignore[attr-defined]
    if "__match_args__" not in cls.__dict__:
        cls.__match_args__ = tuple(  # type: ignore[attr-defined,misc]
            name for name, _, field in made if not field.kw_only)
    abc.update_abstractmethods(cls)
