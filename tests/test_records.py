"""`cardgen.records.record` against `dataclasses.dataclass`: every record class in cardgen made
again by dataclass from the same fields, options and own methods, then compared (doc, signature,
repr, equality, hash values, frozen errors, `replace`)."""

from __future__ import annotations

import ast
import dataclasses
import importlib
import inspect
import pkgutil
from typing import Any

import pytest

import cardgen
from cardgen.records import MADE, record
from tests.conftest import REPO

_MADE_BY_DATACLASS = ("__dict__", "__weakref__", "__dataclass_fields__", "__dataclass_params__",
                      "__match_args__", "__doc__")


def _declared_records() -> list[str]:
    """MODULE:CLASS of every class in cardgen/ declared with record, read from the source (so
    collecting these tests imports nothing)."""
    found = []
    for path in sorted((REPO / "cardgen").rglob("*.py")):
        module = ".".join(path.relative_to(REPO).with_suffix("").parts).removesuffix(".__init__")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and any(
                    "record" in ast.unparse(d).split("(")[0] for d in node.decorator_list):
                found.append(f"{module}:{node.name}")
    return found


def _record(name: str) -> type:
    module, cls = name.split(":")
    found = getattr(importlib.import_module(module), cls)
    assert found in MADE, f"{name} is not a record"
    return found


def twin(cls: type) -> type:
    """The class `dataclasses.dataclass` makes of what `cls` was written as."""
    made = MADE[cls]
    fields = dataclasses.fields(cls)
    names = {f.name for f in fields}
    ns: dict[str, Any] = {k: v for k, v in vars(cls).items()
                          if k not in made["added"] and k not in _MADE_BY_DATACLASS
                          and k not in names}
    ns["__annotations__"] = {f.name: f.type for f in fields}
    ns["__doc__"] = cls.__doc__ if made["documented"] else None
    for f in fields:
        ns[f.name] = dataclasses.field(default=f.default, default_factory=f.default_factory,
                                       init=f.init, repr=f.repr, hash=f.hash, compare=f.compare,
                                       metadata=f.metadata)
    made_cls = type(cls.__name__, (), ns)
    made_cls.__qualname__ = cls.__qualname__
    options = {k: made[k] for k in ("frozen", "repr", "eq", "init")}
    return dataclasses.dataclass(made_cls, **options)


def outcome(fn: Any, *args: Any) -> Any:
    try:
        return ("value", fn(*args))
    except Exception as exc:  # noqa: BLE001 - the same failure is the same outcome
        return ("raised", type(exc).__name__, str(exc))


RECORDS = _declared_records()


def test_the_records_are_found() -> None:
    assert len(RECORDS) > 60


def test_every_record_is_what_dataclass_makes() -> None:
    """One test for all (a test each would be a hundred more items for every run to schedule)."""
    wrong = []
    for name in RECORDS:
        try:
            compare(_record(name))
        except AssertionError as exc:
            wrong.append(f"{name}: {exc}")
    assert not wrong, "\n".join(wrong)


def compare(cls: type) -> None:
    """Assert that record made `cls` as dataclass makes it (see the module doc)."""
    other = twin(cls)
    assert cls.__doc__ == other.__doc__
    assert str(inspect.signature(cls)) == str(inspect.signature(other))
    assert cls.__match_args__ == other.__match_args__  # type: ignore[attr-defined]
    for key in ("init", "repr", "eq", "order", "unsafe_hash", "frozen"):
        assert getattr(cls.__dataclass_params__, key) == getattr(  # type: ignore[attr-defined]
            other.__dataclass_params__, key), key  # type: ignore[attr-defined]
    assert (cls.__hash__ is None) == (other.__hash__ is None)
    for method in ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__"):
        assert (method in vars(cls)) == (method in vars(other)), method
        if method in vars(cls) and callable(vars(cls)[method]):
            assert vars(cls)[method].__qualname__ == vars(other)[method].__qualname__
    if not MADE[cls]["init"]:
        return
    fields = [f for f in dataclasses.fields(cls) if f.init]
    required = [f for f in fields if f.default is dataclasses.MISSING
                and f.default_factory is dataclasses.MISSING]
    for sample in (lambda i: f"v{i}", lambda i: i, lambda i: (i, "x")):
        args = [sample(i) for i in range(len(required))]
        one, two = cls(*args), other(*args)
        same, same_twin = cls(*args), other(*args)
        assert vars(one) == vars(two) if hasattr(one, "__dict__") else True
        assert outcome(repr, one) == outcome(repr, two)
        assert outcome(lambda a, b: a == b, one, same) == outcome(lambda a, b: a == b, two, same_twin)
        assert outcome(lambda a, b: a == b, one, two) == outcome(lambda a, b: a == b, two, one)
        if MADE[cls]["eq"] or "__hash__" in vars(cls):  # else each object's own hash
            assert outcome(hash, one) == outcome(hash, two)
        if fields:
            first = fields[0].name
            assert outcome(setattr, one, first, "w") == outcome(setattr, two, first, "w")
            assert outcome(delattr, one, first) == outcome(delattr, two, first)
            assert outcome(setattr, one, "elsewhere", 1) == outcome(setattr, two, "elsewhere", 1)
            changed = dataclasses.replace(cls(*args), **{first: "z"})
            changed_twin = dataclasses.replace(other(*args), **{first: "z"})
            assert outcome(repr, changed) == outcome(repr, changed_twin)
            if MADE[cls]["eq"] or "__hash__" in vars(cls):
                assert outcome(hash, changed) == outcome(hash, changed_twin)
            assert outcome(lambda a, b: a == b, changed, cls(*args)) == outcome(
                lambda a, b: a == b, changed_twin, other(*args))
        assert outcome(dataclasses.asdict, one) == outcome(dataclasses.asdict, two)
    assert outcome(cls) == outcome(other) if required else True


def test_a_record_with_every_kind_of_field() -> None:
    """The options and field kinds, on one class each way (a recursive repr included)."""

    def declare(decorate: Any) -> type:
        @decorate
        class Sample:
            a: int
            b: list[int] = dataclasses.field(default_factory=list)
            c: str = dataclasses.field(default="c", repr=False)
            d: float = dataclasses.field(default=0.5, compare=False)
            e: int = dataclasses.field(default=3, init=False)
            f: dict[str, int] = dataclasses.field(default_factory=dict, init=False, hash=False)

        return Sample

    for options in ({}, {"frozen": True}, {"eq": False}, {"repr": False},
                    {"frozen": True, "eq": False}):
        mine = declare(record(**options))
        theirs = declare(dataclasses.dataclass(**options))
        assert mine.__doc__ == theirs.__doc__
        assert str(inspect.signature(mine)) == str(inspect.signature(theirs))
        one, two = mine(1, [2]), theirs(1, [2])
        if options.get("repr", True):  # else object's own, with the address
            assert repr(one) == repr(two)
        if options.get("eq", True):
            assert outcome(hash, one) == outcome(hash, two)
        assert (one == mine(1, [2])) == (two == theirs(1, [2]))
        assert (one == mine(1, [3])) == (two == theirs(1, [3]))
        assert (one == mine(1, [2], d=9.0)) == (two == theirs(1, [2], d=9.0))
        if options.get("repr", True) and not options.get("frozen"):
            one.b.append(one)  # type: ignore[arg-type]
            two.b.append(two)  # type: ignore[arg-type]
            assert repr(one) == repr(two)


def test_every_dataclass_of_cardgen_is_a_record() -> None:
    """A class declared with dataclass compiles each of its methods at every start-up; a record
    only its __init__ (a class with slots stays a dataclass: dataclass makes it anew)."""
    plain = []
    for info in pkgutil.walk_packages(cardgen.__path__, "cardgen."):
        if info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if (isinstance(value, type) and value.__module__ == info.name
                    and dataclasses.is_dataclass(value) and value not in MADE
                    and "__slots__" not in vars(value)):
                plain.append(f"{info.name}.{value.__qualname__}")
    assert not plain, f"declare these with cardgen.records.record: {plain}"


def test_no_model_field_defaults_to_a_built_in_factory() -> None:
    """pydantic reads a default factory's signature (when a model's twin is made); a
    built-in's is text that loads Python's tokenizer pattern (several milliseconds):
    new_list and new_dict instead."""
    from cardgen.data import model as data_model
    from cardgen.data.modelkit import BaseModel
    from cardgen.layout import model as layout_model
    from cardgen.layout.elements import MODELS

    models = [v for m in (data_model, layout_model) for v in vars(m).values()
              if isinstance(v, type) and issubclass(v, BaseModel) and v.__module__ == m.__name__]
    built_in = [f"{model.__name__}.{name}" for model in (*models, *MODELS)
                for name, info in model.model_fields.items()
                if info.default_factory in (list, dict, set, tuple)]
    assert len(models) > 15
    assert not built_in, built_in


def test_a_record_compiles_its_init_when_first_used() -> None:
    """A record's `__init__` is compiled when the class is first called or its `__init__` first
    looked up (`inspect.signature`, a subclass's super().__init__): the same function then."""

    def declare(decorate: Any) -> type:
        @decorate
        class Lazy:
            a: int
            b: list[int] = dataclasses.field(default_factory=list)

        return Lazy

    lazy, eager = declare(record(frozen=True)), declare(dataclasses.dataclass(frozen=True))
    assert not inspect.isfunction(vars(lazy)["__init__"])  # nothing compiled at declaration
    assert lazy(1) == lazy(1, []) and repr(lazy(1, [2])) == repr(eager(1, [2]))
    assert inspect.isfunction(vars(lazy)["__init__"])  # compiled once, kept in the class
    assert vars(lazy)["__init__"].__qualname__ == vars(eager)["__init__"].__qualname__
    for call in ((), (1, 2, 3), ("x", [], 4)):
        assert outcome(lambda *a: repr(lazy(*a)), *call) == outcome(lambda *a: repr(eager(*a)),
                                                                    *call)

    looked_up = declare(record)
    assert str(inspect.signature(looked_up)) == str(inspect.signature(declare(dataclasses.dataclass)))
    assert inspect.isfunction(vars(looked_up)["__init__"])

    class Sub(declare(record)):  # type: ignore[misc]
        def __init__(self, a: int) -> None:
            super().__init__(a, [a])

    assert repr(Sub(2)).endswith("(a=2, b=[2])")
    import pickle

    assert not inspect.isfunction(vars(Pickled)["__init__"])
    assert pickle.loads(pickle.dumps(Pickled(3, "x"))) == Pickled(3, "x")  # unpickling: no __init__
    assert pickle.loads(pickle.dumps(Pickled)) is Pickled


@record(frozen=True)
class Pickled:
    a: int
    b: str = "b"


def _made_alike(cls: type) -> None:
    """The `__init__` made from a template is the one compiled from dataclass's text: the same
    instructions on the same names, closure values, defaults and annotations."""
    import dis

    from cardgen import records

    fields, frozen = dataclasses.fields(cls), MADE[cls]["frozen"]
    ours, theirs = records._init(cls, fields, frozen), records._compiled_init(cls, fields, frozen)
    code, other = ours.__code__, theirs.__code__
    assert [(i.opname, i.argval) for i in dis.get_instructions(code)] == [
        (i.opname, i.argval) for i in dis.get_instructions(other)]
    for key in ("co_varnames", "co_names", "co_consts", "co_argcount", "co_kwonlyargcount",
                "co_flags", "co_name", "co_qualname", "co_filename", "co_firstlineno"):
        assert getattr(code, key) == getattr(other, key), key
    assert dict(zip(code.co_freevars, [c.cell_contents for c in ours.__closure__ or ()],
                    strict=True)) == dict(zip(other.co_freevars, [
                        c.cell_contents for c in theirs.__closure__ or ()], strict=True))
    for key in ("__defaults__", "__kwdefaults__", "__annotations__", "__module__", "__name__",
                "__doc__"):
        assert getattr(ours, key) == getattr(theirs, key), key
    assert ours.__globals__ is theirs.__globals__


def test_an_init_made_from_a_template_is_the_compiled_one() -> None:
    wrong = []
    for name in RECORDS:
        cls = _record(name)
        if MADE[cls]["init"]:
            try:
                _made_alike(cls)
            except AssertionError as exc:
                wrong.append(f"{name}: {exc}")
    assert not wrong, "\n".join(wrong)
    for options in ({}, {"frozen": True}):
        @record(**options)
        class Every:
            a: int
            b: list[int] = dataclasses.field(default_factory=list)
            c: str = dataclasses.field(default="c", repr=False)
            e: int = dataclasses.field(default=3, init=False)
            f: dict[str, int] = dataclasses.field(default_factory=dict, init=False)

        _made_alike(Every)

        @record(**options)
        class Nothing:
            e: int = dataclasses.field(default=3, init=False)

        _made_alike(Nothing)

        @record(**options)
        class Selfish:  # named like the text's own names: compiled from the text
            self: str
            _dflt_a: int = 0

        _made_alike(Selfish)


def test_a_required_field_after_a_default_fails_at_declaration() -> None:
    with pytest.raises(SyntaxError, match="non-default argument follows default argument"):
        @record
        class Wrong:
            a: int = 1
            b: int


def test_dataclasses_as_records_makes_a_record_of_what_a_record_takes() -> None:
    """While the block runs (a library's import), dataclass makes a record of a class a record
    takes, slots too, and any other as ever; each class is what dataclass makes outside it."""
    import copy
    import pickle

    from cardgen.records import dataclasses_as_records

    def declare() -> list[type]:
        @dataclasses.dataclass(frozen=True, slots=True)
        class Slotted:
            a: int
            b: str = "b"

        @dataclasses.dataclass(slots=True)
        class Open:
            a: list[int] = dataclasses.field(default_factory=list)

        @dataclasses.dataclass
        class Plain:
            a: int
            c: str = dataclasses.field(default="c", compare=False)

        @dataclasses.dataclass(eq=False, repr=False)
        class Bare:
            a: int

        @dataclasses.dataclass(kw_only=True)
        class KwOnly:
            a: int

        @dataclasses.dataclass
        class Marked:
            a: int
            _: dataclasses.KW_ONLY
            b: int = 2

        @dataclasses.dataclass
        class Posted:
            a: int

            def __post_init__(self) -> None:
                self.a += 1

        @dataclasses.dataclass
        class Passed:
            a: int
            b: dataclasses.InitVar[int] = 0

        @dataclasses.dataclass(order=True)
        class Ordered:
            a: int

        @dataclasses.dataclass(slots=True)
        class Hidden:
            a: int
            b: int = dataclasses.field(default=1, init=False)

        @dataclasses.dataclass(frozen=True)
        class Child(Slotted):
            c: int = 0

        return [Slotted, Open, Plain, Bare, KwOnly, Marked, Posted, Passed, Ordered, Hidden,
                Child]

    real = dataclasses.dataclass
    with dataclasses_as_records():
        assert dataclasses.dataclass is not real
        ours = declare()
    assert dataclasses.dataclass is real
    with pytest.raises(ValueError), dataclasses_as_records():
        raise ValueError
    assert dataclasses.dataclass is real
    theirs = declare()
    assert {cls.__name__ for cls in ours if cls in MADE} == {"Slotted", "Open", "Plain", "Bare"}

    def described(cls: type) -> list[Any]:
        made = [cls(*args) for args in ((1,), (1,), (2,))] if cls.__name__ != "KwOnly" else [
            cls(a=1), cls(a=1), cls(a=2)]
        one, same, other = made
        return [cls.__doc__, str(inspect.signature(cls)), cls.__match_args__,
                repr(vars(cls).get("__slots__")), sorted(vars(cls)), cls.__hash__ is None,
                {m: (f.__qualname__, str(inspect.signature(f))) for m in (
                    "__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__")
                 if callable(f := vars(cls).get(m))},
                outcome(repr, one) if "__repr__" in vars(cls) else None,
                one == same, one == other, one != 1,
                outcome(lambda o: hash(o) == hash(same), one),
                outcome(lambda o: pickle.loads(pickle.dumps(o)), one)[0],
                outcome(lambda o: copy.deepcopy(o) == o, one),
                outcome(dataclasses.asdict, one), outcome(setattr, one, "a", 5),
                outcome(setattr, one, "elsewhere", 5), outcome(delattr, one, "a"),
                outcome(lambda o: repr(dataclasses.replace(o)), one) if (
                    "__repr__" in vars(cls)) else None]

    for mine, twin in zip(ours, theirs, strict=True):
        assert described(mine) == described(twin), mine.__name__


def test_the_written_inits_are_every_shape_as_compiled() -> None:
    """cardgen/inits.py holds the template of every shape of cardgen's records (written by
    tools/record_inits.py: run it after declaring a record of a new shape), each the code
    compiling its text gives, named and numbered as from the text."""
    import importlib.util

    from cardgen import records

    spec = importlib.util.spec_from_file_location("record_inits", REPO / "tools" / "record_inits.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    assert (REPO / "cardgen" / "inits.py").read_text(encoding="utf-8") == tool.text(), (
        "cardgen/inits.py is not current: run tools/record_inits.py")
    written = records._written()
    assert set(tool.shapes()) <= set(written)
    for shape, code in written.items():
        outer = compile(records.template_text(*shape), "<string>", "exec", dont_inherit=True)
        compiled = next(c for c in outer.co_consts[0].co_consts if type(c) is type(code))
        for key in ("co_code", "co_consts", "co_names", "co_varnames", "co_freevars", "co_flags",
                    "co_argcount", "co_name", "co_qualname", "co_filename", "co_firstlineno",
                    "co_linetable", "co_exceptiontable"):
            assert getattr(code, key) == getattr(compiled, key), (shape, key)
        assert code == compiled


def test_a_class_with_slots_is_dataclass_s_where_its_slots_step_is_another(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Only where dataclass's own slots step is the one records call (Python 3.11's) is a class
    with slots made a record; elsewhere dataclass makes it whole."""
    from cardgen import records

    monkeypatch.setattr(records, "_SLOTS_TAKEN", False)
    with records.dataclasses_as_records():
        @dataclasses.dataclass(frozen=True, slots=True)
        class Slotted:
            a: int

        @dataclasses.dataclass(frozen=True)
        class Open:
            a: int

    assert Slotted not in MADE and Open in MADE
    assert Slotted.__slots__ == ("a",) and Slotted(1) == Slotted(1)  # type: ignore[attr-defined]
