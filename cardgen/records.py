"""`record`: `dataclasses.dataclass` for cardgen's plain records, cheaper to declare.

A dataclass compiles each method it adds (`__init__`, `__repr__`, `__eq__`, `__hash__`, and a
frozen class's `__setattr__` and `__delattr__`) from text when its class is made: about a third
of a millisecond a class, paid by every process at start-up for every class it imports. A record
is the same dataclass (`dataclasses.fields`, `replace`, `asdict` and `is_dataclass` see no
difference; `__init__` is the function dataclass compiles from its text, made when the class is
first called or its `__init__` first looked up, so a process makes only the records' it uses,
from a template compiled once per shape of fields) with the other methods made without
compiling: one function each shared by every record, closed over the class's field names, doing
what dataclass's text does (the same repr, equality, hash values and errors; tested class by
class against `dataclasses.dataclass` in tests/test_records.py). They are not on a hot path: a
primitive's repr, which face keys hash, is its module's own.

Takes the dataclass options cardgen uses: `frozen`, `repr`, `eq`, `init`.

`dataclasses_as_records`: while a block imports a library, `dataclasses.dataclass` makes a
record of each class whose options and fields a record takes (and `slots`, the class then made
anew with its slots as dataclass makes it), and hands any other to dataclass itself: pydantic's
and annotated_types' fifty dataclasses, ~0.25 ms each to declare, most of it compiling methods.
"""

from __future__ import annotations

import builtins
import dataclasses
import inspect
import sys
from _thread import get_ident
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import KW_ONLY, MISSING, Field, FrozenInstanceError, InitVar
from operator import attrgetter
from types import CellType, CodeType, FunctionType
from typing import TYPE_CHECKING, Any, TypeVar

from cardgen.recordfields import plain_fields, set_fields

__all__ = ["MADE", "record"]

T = TypeVar("T", bound=type)

# Every class made here, with the options it was made with (what the test compares).
# Every class made here: the options it was made with, whether it wrote its own doc, and the
# methods it was given (what tests/test_records.py compares with dataclass).
MADE: dict[type, dict[str, Any]] = {}

_DATACLASS = dataclasses.dataclass  # dataclass's own, whatever a block puts in its place
_ADD_SLOTS = getattr(getattr(dataclasses, "_add_slots", None), "__code__", None)
# a class with slots is made anew by dataclass's own step, where it is the one written for
_SLOTS_TAKEN = _ADD_SLOTS is not None and _ADD_SLOTS.co_varnames[:_ADD_SLOTS.co_argcount] == (
    "cls", "is_frozen", "weakref_slot")


if TYPE_CHECKING:  # to a type checker a record is the dataclass it is
    from dataclasses import dataclass as record
else:

    def record(cls=None, /, *, frozen=False, repr=True, eq=True, init=True):
        """`@dataclass` with these options, its methods made without compiling text but
        `__init__`."""

        def wrap(cls):
            return _make(cls, frozen=frozen, repr_=repr, eq=eq, init=init)

        return wrap if cls is None else wrap(cls)


def _make(cls: T, *, frozen: bool, repr_: bool, eq: bool, init: bool,
          slots: bool = False) -> T:
    own = cls.__dict__
    documented = bool(own.get("__doc__"))
    class_hash = own.get("__hash__", MISSING)
    explicit_hash = not (class_hash is MISSING or (class_hash is None and "__eq__" in own))
    if not documented:
        cls.__doc__ = cls.__name__  # dataclass would work out a signature for a doc here
    # The fields, their defaults as class attributes, __match_args__: dataclass's own work
    # (done in one pass here for a class whose fields are all plain: cardgen/recordfields.py)
    plain = plain_fields(cls)
    if plain is None:
        _DATACLASS(cls, init=False, repr=False, eq=False)
    else:
        set_fields(cls, plain)
    params = cls.__dataclass_params__  # type: ignore[attr-defined]
    params.init, params.repr, params.eq, params.frozen = init, repr_, eq, frozen
    if hasattr(params, "slots"):  # Python 3.12 on keeps the option too
        params.slots = slots
    fields = dataclasses.fields(cls)
    before = set(own)
    _add_methods(cls, fields, frozen=frozen, repr_=repr_, eq=eq, init=init)
    if not explicit_hash and eq:
        if frozen:
            hashed = [f.name for f in fields if (f.compare if f.hash is None else f.hash)]
            cls.__hash__ = _hash(_getter(hashed))  # type: ignore[assignment]
            cls.__hash__.__qualname__ = f"{cls.__qualname__}.__hash__"
            cls.__hash__.__annotations__ = {}
        else:
            cls.__hash__ = None  # type: ignore[assignment]
    if not documented:
        cls.__doc__ = cls.__name__ + _signature_text(cls, fields, init)
    added = {name for name in own if name not in before} | (
        {"__hash__"} if not explicit_hash and eq else set())
    if slots:  # made anew with its slots, as dataclass makes it once its methods are in
        cls = dataclasses._add_slots(cls, frozen, False)  # type: ignore[attr-defined]
        lazy = cls.__dict__.get("__init__")
        if isinstance(lazy, _LazyInit):
            lazy.cls = cls  # the class that will hold the __init__ made
    MADE[cls] = {"frozen": frozen, "repr": repr_, "eq": eq, "init": init, "slots": slots,
                 "documented": documented, "added": added}
    return cls


@contextmanager
def dataclasses_as_records() -> Iterator[None]:
    """While the block runs, `dataclasses.dataclass` makes a record of a class a record takes
    (`_takes`: options `init`, `repr`, `eq`, `frozen`, `slots`; fields of its own, none
    keyword-only, `InitVar` or left out of `__init__`; no `__post_init__`), and gives any
    other to dataclass; dataclass's own again after the block (unless someone else put
    theirs in meanwhile)."""
    outer = dataclasses.dataclass

    def dataclass(cls: Any = None, /, *, init: bool = True, repr: bool = True,
                  eq: bool = True, order: bool = False, unsafe_hash: bool = False,
                  frozen: bool = False, match_args: bool = True, kw_only: bool = False,
                  slots: bool = False, weakref_slot: bool = False) -> Any:
        def wrap(cls: Any) -> Any:
            if not (order or unsafe_hash or kw_only or weakref_slot or not match_args
                    or slots and not _SLOTS_TAKEN) and _takes(cls):
                return _make(cls, frozen=frozen, repr_=repr, eq=eq, init=init, slots=slots)
            return outer(cls, init=init, repr=repr, eq=eq, order=order,
                         unsafe_hash=unsafe_hash, frozen=frozen, match_args=match_args,
                         kw_only=kw_only, slots=slots, weakref_slot=weakref_slot)

        return wrap if cls is None else wrap(cls)

    dataclass.__doc__ = outer.__doc__
    dataclasses.dataclass = dataclass
    try:
        yield
    finally:
        if dataclasses.dataclass is dataclass:
            dataclasses.dataclass = outer


def _takes(cls: type) -> bool:
    """Whether a record makes `cls` as dataclass would: no dataclass fields inherited, no
    `__post_init__`, no field keyword-only, an `InitVar` or left out of `__init__` (a text
    annotation naming KW_ONLY or InitVar counts as one)."""
    if hasattr(cls, "__post_init__") or "__slots__" in vars(cls) or any(
            "__dataclass_fields__" in vars(base) for base in cls.__mro__[1:]):
        return False
    own = cls.__dict__
    for name, annotation in own.get("__annotations__", {}).items():
        if isinstance(annotation, str):
            if "KW_ONLY" in annotation or "InitVar" in annotation:
                return False
        elif annotation is KW_ONLY or annotation is InitVar or isinstance(annotation, InitVar):
            return False
        value = own.get(name)
        if isinstance(value, Field) and (value.kw_only is True or not value.init):
            return False
    return True


def _add_methods(cls: type, fields: tuple[dataclasses.Field[Any], ...], *, frozen: bool,
                 repr_: bool, eq: bool, init: bool) -> None:
    if init:
        defaults = [f.default is not MISSING or f.default_factory is not MISSING
                    for f in fields if f.init]
        if defaults != sorted(defaults):  # a required field after a default: the text's error now
            _compiled_init(cls, fields, frozen)
        _add(cls, "__init__", _LazyInit(cls, fields, frozen))
    if repr_:
        _add(cls, "__repr__", _repr([f.name for f in fields if f.repr]))
    if eq:
        _add(cls, "__eq__", _eq(_getter([f.name for f in fields if f.compare])))
    if frozen:
        names = frozenset(f.name for f in fields)
        for name, fn in (("__setattr__", _frozen_set(cls, names)),
                         ("__delattr__", _frozen_del(cls, names))):
            if _add(cls, name, fn):
                raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}")


def _add(cls: type, name: str, fn: Any) -> bool:
    """dataclass's rule: a method the class wrote itself is kept (True when it was)."""
    if name in cls.__dict__:
        return True
    fn.__qualname__ = f"{cls.__qualname__}.{fn.__name__}"
    if type(fn) is FunctionType:
        fn.__annotations__ = {}  # as dataclass's text has none (its signature shows none)
    setattr(cls, name, fn)
    return False


def _getter(names: list[str]) -> Callable[[Any], tuple[Any, ...]]:
    """An object -> the tuple of these attributes (what dataclass's text builds)."""
    if len(names) >= 2:
        return attrgetter(*names)
    if names:
        get_one = attrgetter(names[0])
        return lambda obj: (get_one(obj),)
    return lambda obj: ()


def _repr(names: list[str]) -> Callable[[Any], str]:
    running: set[tuple[int, int]] = set()

    def __repr__(self: Any) -> str:
        key = id(self), get_ident()
        if key in running:  # dataclass's recursion guard
            return "..."
        running.add(key)
        try:
            shown = ", ".join([f"{name}={getattr(self, name)!r}" for name in names])
        finally:
            running.discard(key)
        return f"{self.__class__.__qualname__}({shown})"

    return __repr__


def _eq(values: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any, Any], Any]:
    def __eq__(self: Any, other: Any) -> Any:
        if other.__class__ is self.__class__:
            return values(self) == values(other)
        return NotImplemented

    return __eq__


def _hash(values: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any], int]:
    def __hash__(self: Any) -> int:
        return hash(values(self))

    return __hash__


def _frozen_set(cls: type, names: frozenset[str]) -> Callable[[Any, str, Any], None]:
    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)  # type: ignore[arg-type]

    return __setattr__


def _frozen_del(cls: type, names: frozenset[str]) -> Callable[[Any, str], None]:
    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)  # type: ignore[arg-type]

    return __delattr__


class _Factory:
    def __repr__(self) -> str:
        return "<factory>"


_HAS_DEFAULT_FACTORY = _Factory()  # a parameter's default where a field has a factory


class _LazyInit:
    """A record's `__init__` until it is first looked up (the class called, `inspect.signature`,
    `cls.__init__`): then made (`_init`) and put in its place, so a process makes the
    `__init__` of the records it uses, not of every record it imports."""

    __slots__ = ("cls", "fields", "frozen", "__qualname__")
    __name__ = "__init__"

    def __init__(self, cls: type, fields: tuple[dataclasses.Field[Any], ...],
                 frozen: bool) -> None:
        self.cls, self.fields, self.frozen = cls, fields, frozen

    def made(self) -> Any:
        """The record's `__init__`, put in the class in place of this."""
        cls = self.cls
        fn = cls.__dict__.get("__init__")
        if fn is self:
            fn = _init(cls, self.fields, self.frozen)
            fn.__qualname__ = self.__qualname__
            cls.__init__ = fn  # type: ignore[misc]
        return fn

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        fn = self.made()
        return fn if obj is None else fn.__get__(obj, owner)

    def __call__(self, *args: Any, **kwargs: Any) -> None:
        self.made()(*args, **kwargs)


# A template's key: frozen, the name of `self`, and per field what its line does: "P" sets a
# parameter, "F" a parameter or its factory's value, "N" (not a parameter) its factory's value.
_Shape = tuple[bool, str, str]
_TEMPLATES: dict[_Shape, CodeType] = {}
_SPECIAL = frozenset({"MISSING", "_HAS_DEFAULT_FACTORY", "__dataclass_builtins_object__",
                      "__dataclass_return_type__", "__dataclass_self__", "self"})


def _init(cls: type, fields: tuple[dataclasses.Field[Any], ...], frozen: bool) -> Any:
    """The `__init__` dataclass compiles (`_compiled_init`), made from a template compiled once
    per shape: its code with the fields' names in place of the template's (parameters,
    attributes or the texts a frozen one sets), its closure the defaults' factories, its
    defaults and annotations set as compiling the text sets them. Fields named like the
    text's own names are compiled from the text."""
    shape = shape_of(fields, frozen)
    if shape is None:
        return _compiled_init(cls, fields, frozen)
    template = _TEMPLATES.get(shape)
    if template is None:
        template = _TEMPLATES[shape] = _template(*shape)
    used = [f for f in fields if f.init or f.default_factory is not MISSING]
    real = {f"f{i}": f.name for i, f in enumerate(used)}
    real.update({f"_dflt_f{i}": f"_dflt_{f.name}" for i, f in enumerate(used)})
    code = template.replace(
        co_varnames=tuple(real.get(n, n) for n in template.co_varnames),
        co_names=tuple(real.get(n, n) for n in template.co_names),
        co_consts=tuple(real.get(c, c) if isinstance(c, str) else c for c in template.co_consts),
        co_freevars=tuple(real.get(n, n) for n in template.co_freevars))
    values = {"_HAS_DEFAULT_FACTORY": _HAS_DEFAULT_FACTORY, "__dataclass_builtins_object__": object,
              **{f"_dflt_{f.name}": f.default_factory for f in used}}
    module = sys.modules.get(cls.__module__)
    fn = FunctionType(code, vars(module) if module is not None else {"__builtins__": builtins},
                      "__init__", tuple(f.default if f.default is not MISSING else
                                        _HAS_DEFAULT_FACTORY for f in fields if f.init and (
                                            f.default is not MISSING
                                            or f.default_factory is not MISSING)) or None,
                      tuple(CellType(values[n]) for n in code.co_freevars))
    fn.__annotations__ = {**{f.name: f.type for f in fields if f.init}, "return": None}
    return fn


def shape_of(fields: tuple[dataclasses.Field[Any], ...], frozen: bool) -> _Shape | None:
    """The shape of a record's `__init__` (None: fields named like the text's own names,
    compiled from the text)."""
    if any(f.name in _SPECIAL or f.name.startswith(("_dflt_", "_type_")) for f in fields):
        return None
    self_name = "__dataclass_self__" if "self" in {f.name for f in fields} else "self"
    return frozen, self_name, "".join(
        "N" if not f.init else "F" if f.default_factory is not MISSING else "P"
        for f in fields if f.init or f.default_factory is not MISSING)


def _template(frozen: bool, self_name: str, kinds: str) -> CodeType:
    """The code of dataclass's `__init__` text for fields f0, f1, ... of these kinds: the one
    cardgen/inits.py holds for a shape of cardgen's records (read compiled from its .pyc),
    else compiled from the text."""
    written = _written().get((frozen, self_name, kinds))
    if written is not None:
        return written
    outer = compile(template_text(frozen, self_name, kinds), "<string>", "exec",
                    dont_inherit=True).co_consts[0]
    return next(c for c in outer.co_consts if isinstance(c, CodeType))


_WRITTEN: dict[_Shape, CodeType] = {}


def _written() -> dict[_Shape, CodeType]:
    """cardgen/inits.py's templates by shape, each as compiling its text gives it (the same
    code, named as from the text: `<string>`, its `__init__` on line 2)."""
    if not _WRITTEN:
        from cardgen import inits

        for outer in inits.OUTERS:
            inner = next(c for c in outer.co_consts if isinstance(c, CodeType))
            made = inner.replace(co_filename="<string>", co_firstlineno=2)
            for shape in _shapes_of(outer, inner):
                _WRITTEN[shape] = made
    return _WRITTEN


def _shapes_of(outer: CodeType, inner: CodeType) -> list[_Shape]:
    """The shape a template was written for, read from its code (the outer function's
    parameters: the factories' names; the inner's: the fields it takes; a frozen one sets
    through `__setattr__`); without fields, frozen or not, the code is the same."""
    takes = set(inner.co_varnames[1:inner.co_argcount])
    made = set(outer.co_varnames[2:outer.co_argcount])
    count = len(takes | {name.removeprefix("_dflt_") for name in made})
    kinds = "".join("F" if f"_dflt_f{i}" in made and f"f{i}" in takes else "P"
                    if f"f{i}" in takes else "N" for i in range(count))
    frozens = [True, False] if not kinds else ["__setattr__" in inner.co_names]
    return [(frozen, inner.co_varnames[0], kinds) for frozen in frozens]


def template_text(frozen: bool, self_name: str, kinds: str) -> str:
    """dataclass's `__init__` text for fields f0, f1, ... of these kinds, in its function."""
    params, lines = [self_name], []
    for i, kind in enumerate(kinds):
        name = f"f{i}"
        if kind == "N":
            value = f"_dflt_{name}()"
        else:
            params.append(name)
            value = f"_dflt_{name}() if {name} is _HAS_DEFAULT_FACTORY else {name}" if (
                kind == "F") else name
        lines.append(f"__dataclass_builtins_object__.__setattr__({self_name},{name!r},{value})"
                     if frozen else f"{self_name}.{name}={value}")
    free = ["_HAS_DEFAULT_FACTORY", "__dataclass_builtins_object__",
            *(f"_dflt_f{i}" for i, kind in enumerate(kinds) if kind != "P")]
    body = "\n".join(f"  {line}" for line in lines or ["pass"])
    return (f"def __create_fn__({', '.join(free)}):\n"
            f" def __init__({', '.join(params)}):\n{body}\n"
            f" return __init__")


def _compiled_init(cls: type, fields: tuple[dataclasses.Field[Any], ...], frozen: bool) -> Any:
    """The `__init__` dataclass compiles, from the same text."""
    self_name = "__dataclass_self__" if "self" in {f.name for f in fields} else "self"
    scope: dict[str, Any] = {"MISSING": MISSING, "_HAS_DEFAULT_FACTORY": _HAS_DEFAULT_FACTORY,
                             "__dataclass_builtins_object__": object}
    params, lines = [], []
    for f in fields:
        scope[f"_type_{f.name}"] = f.type
        default = f"_dflt_{f.name}"
        if f.default_factory is not MISSING:
            scope[default] = f.default_factory
            value = (f"{default}() if {f.name} is _HAS_DEFAULT_FACTORY else {f.name}" if f.init
                     else f"{default}()")
        elif f.init:
            if f.default is not MISSING:
                scope[default] = f.default
            value = f.name
        else:
            continue
        lines.append(f"__dataclass_builtins_object__.__setattr__({self_name},{f.name!r},{value})"
                     if frozen else f"{self_name}.{f.name}={value}")
    for f in fields:
        if not f.init:
            continue
        if f.default is MISSING and f.default_factory is MISSING:
            params.append(f"{f.name}:_type_{f.name}")
        elif f.default is not MISSING:
            params.append(f"{f.name}:_type_{f.name}=_dflt_{f.name}")
        else:
            params.append(f"{f.name}:_type_{f.name}=_HAS_DEFAULT_FACTORY")
    scope["__dataclass_return_type__"] = None
    body = "\n".join(f"  {line}" for line in lines or ["pass"])
    names = ", ".join(scope)
    text = (f"def __create_fn__({names}):\n"
            f" def __init__({', '.join([self_name, *params])}) -> __dataclass_return_type__:\n"
            f"{body}\n"
            f" return __init__")
    module = sys.modules.get(cls.__module__)
    namespace: dict[str, Any] = {}
    # compiled as dataclass compiles it: without this module's `annotations` future
    code = compile(text, "<string>", "exec", dont_inherit=True)
    exec(code, vars(module) if module is not None else {}, namespace)  # noqa: S102
    return namespace["__create_fn__"](**scope)


def _signature_text(cls: type, fields: tuple[dataclasses.Field[Any], ...], init: bool) -> str:
    """What dataclass writes after the name in a class's doc: its signature."""
    if not init:
        try:
            return str(inspect.signature(cls)).replace(" -> None", "")
        except (TypeError, ValueError):
            return ""
    shown = []
    for f in fields:
        if not f.init:
            continue
        # a text's annotation is written as formatannotation writes it, its repr
        written = repr(f.type) if type(f.type) is str else inspect.formatannotation(f.type)  # noqa: E721
        text = f"{f.name}: {written}"
        if f.default is not MISSING:
            text += f" = {f.default!r}"
        elif f.default_factory is not MISSING:
            text += " = <factory>"
        shown.append(text)
    return f"({', '.join(shown)})".replace(" -> None", "")
