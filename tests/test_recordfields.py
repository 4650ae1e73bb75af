"""`cardgen.recordfields`: the fields a record's one pass finds are dataclass's own, for every
record a command makes (cardgen's, pydantic's and annotated_types'), and a class that is not
plain is left to dataclass."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from typing import Any, ClassVar

import pytest

from cardgen import recordfields
from cardgen.records import record
from tests.conftest import REPO

# Every record a build imports, described by what dataclass sets on a class: printed by a
# process that made them with the one pass and by one that left every class to dataclass.
_DESCRIBE = """
import dataclasses, importlib, json, pkgutil, re, sys
import cardgen, cardgen.recordfields
cardgen.recordfields.TAKEN = sys.argv[1] == "1"
from cardgen.records import MADE
import cardgen.data.pydanticlib
for info in pkgutil.walk_packages(cardgen.__path__, "cardgen."):
    if not info.name.startswith(("cardgen.cli", "cardgen.__main__")):
        importlib.import_module(info.name)
def described(cls):
    fields = {name: [re.sub(" at 0x[0-9a-f]+", "", repr(v)) for v in (
                  f.name, f.type, f._field_type, f.default, f.default_factory, f.init, f.repr,
                  f.hash, f.compare, f.metadata, f.kw_only, getattr(cls, name, "<none>"))]
              for name, f in cls.__dataclass_fields__.items()}
    return [fields, repr(cls.__dataclass_params__), cls.__match_args__,
            sorted(getattr(cls, "__abstractmethods__", ())), sorted(vars(cls))]
print(json.dumps({f"{c.__module__}.{c.__qualname__}": described(c) for c in MADE}))
"""


def _described(taken: bool) -> dict[str, Any]:
    out = subprocess.run([sys.executable, "-c", _DESCRIBE, "1" if taken else "0"], cwd=REPO,
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def test_every_record_has_dataclass_s_fields() -> None:
    assert recordfields.TAKEN  # the Python the tests run on is the one it is written for
    fast, plain = _described(True), _described(False)
    assert len(fast) > 150 and fast.keys() == plain.keys()
    wrong = [name for name in fast if fast[name] != plain[name]]
    assert not wrong, wrong


Alias = ClassVar


def _declared(body: str) -> type:
    namespace: dict[str, Any] = {"__name__": __name__, "dataclasses": dataclasses}
    text = f"from __future__ import annotations\nclass C:\n    '''doc'''\n{body}"
    exec(text, vars(sys.modules[__name__]) | namespace, namespace)  # noqa: S102
    return namespace["C"]


@pytest.mark.parametrize("body", [
    "    a: Alias[int] = 1",  # a ClassVar under another name
    "    a: typing.ClassVar[int] = 1",  # a name of a module
    "    a: int = dataclasses.field(default=1)\n    b = dataclasses.field(default=2)",
    "    a: list = []",  # a mutable default: dataclass's error
])
def test_a_class_that_is_not_plain_is_left_to_dataclass(body: str) -> None:
    assert recordfields.plain_fields(_declared(body)) is None


def test_plain_fields_are_dataclass_s() -> None:
    body = ("    a: int\n    b: str = 'x'\n    c: list[int] = dataclasses.field(default_factory=list)"
            "\n    d: int = dataclasses.field(default=3, repr=False, kw_only=True)")
    fast, plain = _declared(body), _declared(body)
    assert recordfields.plain_fields(fast) is not None
    record(fast)
    made = dataclasses.dataclass(plain)
    assert [(f.name, f.type, f.default, f.default_factory, f.repr, f.kw_only, f._field_type)  # type: ignore[attr-defined]
            for f in dataclasses.fields(fast)] == [
        (f.name, f.type, f.default, f.default_factory, f.repr, f.kw_only, f._field_type)  # type: ignore[attr-defined]
        for f in dataclasses.fields(made)]
    assert fast.__match_args__ == made.__match_args__  # type: ignore[attr-defined]
    assert {k: vars(fast).get(k, "-") for k in "abcd"} == {k: vars(made).get(k, "-") for k in "abcd"}
