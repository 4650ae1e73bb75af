"""Model classes declared as pydantic's are (fields with `Field`, validators, private attributes),
without importing pydantic.

`ModelMeta` reads a class body the way pydantic's metaclass does: each annotated name is a field
(its default, or `Field(...)`'s default, factory, alias, description and constraints); a name
with a leading underscore is a private attribute; `ClassVar`s stay class attributes; field and
model validators are collected, a subclass's replacing its base's of the same name. What it
makes is a plain class whose instances keep their field values in `__dict__`. Plainly valid
data becomes an instance without pydantic (`cardgen.data.fastmodel`); anything else is handed
to a pydantic twin of the class (`cardgen.data.twins`), made from these same declarations, so
every error message and coercion stays pydantic's.
"""

from __future__ import annotations

import sys
import typing
from collections.abc import Callable
from typing import Any, ClassVar, Literal

REQUIRED: Any = type("Required", (), {"__repr__": lambda self: "REQUIRED"})()  # no default

_CONSTRAINTS = ("gt", "ge", "lt", "le", "pattern", "min_length", "max_length")


class Bound:
    """A constraint on a value (Field's gt/ge/lt/le/pattern/min_length/max_length)."""

    __slots__ = ("kind", "limit")

    def __init__(self, kind: str, limit: Any) -> None:
        self.kind = kind
        self.limit = limit

    def __repr__(self) -> str:
        return f"{self.kind}={self.limit!r}"


class AfterValidator:
    """`Annotated[T, AfterValidator(f)]`: `f` is called with the value once T holds."""

    __slots__ = ("func",)

    def __init__(self, func: Callable[[Any], Any]) -> None:
        self.func = func


class FieldInfo:
    """One declared field: what `Field(...)` said (its keyword arguments, kept for the twin) and
    the annotation, resolved when first read (an annotation may name a class declared later)."""

    __slots__ = ("kwargs", "default", "default_factory", "alias", "description", "raw",
                 "module", "_resolved", "_metadata")

    def __init__(self, kwargs: dict[str, Any]) -> None:
        self.kwargs = kwargs
        self.default = kwargs.get("default", REQUIRED)
        self.default_factory: Callable[[], Any] | None = kwargs.get("default_factory")
        self.alias: str | None = kwargs.get("alias")
        self.description: str | None = kwargs.get("description")
        self.raw: Any = Any
        self.module = ""
        self._resolved: Any = None
        self._metadata: list[Any] | None = None

    def placed(self, raw: Any, module: str) -> FieldInfo:
        """A copy of this field declared with annotation `raw` in `module`."""
        placed = FieldInfo(self.kwargs)
        placed.raw, placed.module = raw, module
        return placed

    def raw_type(self) -> Any:
        """The annotation as declared (an outer `Annotated` kept), as an object."""
        return resolved(self.raw, self.module)

    def is_required(self) -> bool:
        return self.default is REQUIRED and self.default_factory is None

    def get_default(self) -> Any:
        return self.default_factory() if self.default_factory is not None else self.default

    @property
    def annotation(self) -> Any:
        """The declared type, an outer `Annotated`'s markers moved to `metadata` (as pydantic's
        FieldInfo has it)."""
        if self._metadata is None:
            self._resolve()
        return self._resolved

    @property
    def metadata(self) -> list[Any]:
        """The field's markers and constraints, in order (Annotated's, then Field's)."""
        if self._metadata is None:
            self._resolve()
        return typing.cast(list[Any], self._metadata)

    def _resolve(self) -> None:
        tp = resolved(self.raw, self.module)
        markers: list[Any] = []
        if typing.get_origin(tp) is typing.Annotated:
            markers, tp = list(tp.__metadata__), tp.__origin__
        self._resolved = tp
        self._metadata = markers + [Bound(k, self.kwargs[k]) for k in _CONSTRAINTS
                                    if self.kwargs.get(k) is not None]


def resolved(raw: Any, module: str) -> Any:
    """An annotation as an object: a text is evaluated in its module's names."""
    if isinstance(raw, typing.ForwardRef):
        raw = raw.__forward_arg__
    if isinstance(raw, str):
        return eval(raw, vars(sys.modules[module]))  # noqa: S307 - the module's own annotation
    return raw


def Field(default: Any = REQUIRED, *, default_factory: Callable[[], Any] | None = None,  # noqa: N802
          alias: str | None = None, description: str | None = None, gt: float | None = None,
          ge: float | None = None, lt: float | None = None, le: float | None = None,
          pattern: str | None = None, min_length: int | None = None,
          max_length: int | None = None) -> Any:
    """A field's default and what else it declares (pydantic's `Field`, the keywords cardgen
    uses)."""
    given = {"default_factory": default_factory, "alias": alias, "description": description,
             "gt": gt, "ge": ge, "lt": lt, "le": le, "pattern": pattern, "min_length": min_length,
             "max_length": max_length}
    kwargs = {k: v for k, v in given.items() if v is not None}
    return FieldInfo(kwargs if default is REQUIRED else {"default": default, **kwargs})


class Private:
    """A private attribute's default, as declared (`_name: T = PrivateAttr(default=...)`)."""

    __slots__ = ("default",)

    def __init__(self, default: Any = None) -> None:
        self.default = default


def PrivateAttr(default: Any = None) -> Any:  # noqa: N802
    """A private attribute's default (pydantic's `PrivateAttr`)."""
    return Private(default)


class Decorated:
    """A validator as declared: which kind, for which fields, in which mode; `func` is the
    function as written (a classmethod, or a plain function of the model)."""

    __slots__ = ("kind", "fields", "mode", "func")

    def __init__(self, kind: str, fields: tuple[str, ...], mode: str, func: Any) -> None:
        self.kind, self.fields, self.mode, self.func = kind, fields, mode, func


F = typing.TypeVar("F")


def field_validator(*fields: str, mode: Literal["after"] = "after") -> Callable[[F], F]:
    """A validator of these fields' values (pydantic's `field_validator`)."""
    def mark(func: F) -> F:
        return typing.cast(F, Decorated("field", fields, mode, func))
    return mark


def model_validator(*, mode: Literal["after", "wrap"]) -> Callable[[F], F]:
    """A validator of the whole model (pydantic's `model_validator`)."""
    def mark(func: F) -> F:
        return typing.cast(F, Decorated("model", (), mode, func))
    return mark


def ConfigDict(**settings: Any) -> dict[str, Any]:  # noqa: N802
    """A model's settings (pydantic's `ConfigDict`)."""
    return settings


def _is_classvar(raw: Any) -> bool:
    if isinstance(raw, str):
        return raw.startswith(("ClassVar", "typing.ClassVar"))
    return raw is ClassVar or typing.get_origin(raw) is ClassVar


@typing.dataclass_transform(kw_only_default=True, field_specifiers=(Field, PrivateAttr))
class ModelMeta(type):
    """The metaclass of cardgen's models: reads the fields, private attributes, class
    variables, settings and validators a class body declares (its bases' first)."""

    model_fields: dict[str, FieldInfo]
    model_config: dict[str, Any]
    __private_attributes__: dict[str, Any]
    __class_vars__: frozenset[str]
    __validators__: dict[str, Decorated]

    def __new__(mcs, name: str, bases: tuple[type, ...], ns: dict[str, Any],
                **kwargs: Any) -> ModelMeta:
        fields: dict[str, FieldInfo] = {}
        privates: dict[str, Any] = {}
        config: dict[str, Any] = {}
        validators: dict[str, Decorated] = {}
        class_vars: set[str] = set()
        for base in reversed(bases):
            if isinstance(base, ModelMeta):
                fields.update(base.model_fields)
                privates.update(base.__private_attributes__)
                config.update(base.model_config)
                validators.update(base.__validators__)
                class_vars |= base.__class_vars__
        config.update(ns.pop("model_config", {}))
        module = ns.get("__module__", "")
        for key, raw in ns.get("__annotations__", {}).items():
            if key.startswith("__") and key.endswith("__"):
                continue  # the base's own slots
            if _is_classvar(raw):
                class_vars.add(key)
            elif key.startswith("_"):
                value = ns.pop(key, None)
                privates[key] = value.default if isinstance(value, Private) else value
            else:
                value = ns.pop(key, REQUIRED)
                info = value if isinstance(value, FieldInfo) else \
                    FieldInfo({} if value is REQUIRED else {"default": value})
                fields[key] = info.placed(raw, module)
        for key, value in list(ns.items()):
            if isinstance(value, Decorated):
                validators[key] = value
                ns[key] = value.func
        cls = super().__new__(mcs, name, bases, ns, **kwargs)
        cls.model_fields, cls.model_config = fields, config
        cls.__private_attributes__, cls.__validators__ = privates, validators
        cls.__class_vars__ = frozenset(class_vars)
        return cls


def is_model(tp: Any) -> bool:
    """Whether `tp` is a class declared on a model base of cardgen's."""
    return isinstance(tp, ModelMeta)
