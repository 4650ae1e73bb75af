"""Libraries imported for less: work their modules do on import that cardgen never uses done
when first used instead, and work they repeat done once (base: imports nothing of cardgen
but cardgen.texts, whose table holds the method texts `codes_shared` compiles, compiled).

`DeferredPattern`: a regular expression compiled when first used. `patterns_deferred` makes the
listed modules' `re.compile` calls of the listed patterns give one while they are imported
(PyYAML's reader compiles its NON_PRINTABLE class at import, ~3.5 ms, for its pure-Python
reader, which cardgen runs only on a file libyaml refused; reportlab's rl_safe_eval its pattern
of unsafe names, ~0.8 ms, which no module of reportlab reads); `re.compile` is re's own again
once the import ends, and any other pattern is compiled as ever. A deferred pattern
answers every attribute (match, search, pattern, flags, ...) as the compiled one, compiling on
the first.

`DeferredModule`: a module imported when first used, held where a library module keeps
another it rarely reads.

`codes_shared`: while a library is imported, equal texts that `dataclasses` compiles (each
method of a dataclass that is not a record, `records.dataclasses_as_records`) share one code
object, those `compile` makes; and `typing`'s forward references (each string annotation of a
typed dictionary: ~630 in pydantic-core's core_schema, ~200 of them different, ~2 ms to
compile) keep their text as their code, compiled by `eval` if one is ever evaluated. Neither
module holds anything of it once the block ends.

`forward_checks_skipped`: while a library is imported, typing's `_type_check` of a text makes
its forward reference as typing does, without the comparisons with eight special types that
cannot fail for one (each a `ForwardRef.__eq__` call); typing's own again after.
"""

from __future__ import annotations

import builtins
import dataclasses
import importlib
import re
import sys
import typing
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from cardgen.texts import code_of

_REAL_COMPILE = re.compile
_TYPE_CHECK = typing._type_check  # type: ignore[attr-defined]  # typing's own


class DeferredPattern:
    """A pattern compiled when first used (any attribute read: match, search, ...)."""

    def __init__(self, pattern: str, flags: int) -> None:
        self.deferred = (pattern, flags)
        self.compiled: re.Pattern[str] | None = None

    def __getattr__(self, name: str) -> Any:
        if name in ("deferred", "compiled"):
            raise AttributeError(name)
        if self.compiled is None:
            self.compiled = _REAL_COMPILE(*self.deferred)
        return getattr(self.compiled, name)


class DeferredModule:
    """A module imported when first used (any attribute read): what reportlab's paragraph
    module holds as `pyphen`, which it reads only to hyphenate (a style's hyphenationLang;
    the rules never hyphenate), ~3 ms of imports (importlib.resources, its dictionaries)."""

    def __init__(self, name: str) -> None:
        self.deferred_name = name

    def __getattr__(self, name: str) -> Any:
        if name == "deferred_name":
            raise AttributeError(name)
        return getattr(importlib.import_module(self.deferred_name), name)


@contextmanager
def patterns_deferred(wanted: Mapping[str, tuple[str, ...]]) -> Iterator[None]:
    """While the block runs, a pattern that a module named in `wanted` compiles (its code
    calling `re.compile`) and that begins with one of that module's texts is a
    `DeferredPattern`; every other call is `re.compile`'s own."""
    outer = re.compile

    def compile(pattern: Any, flags: Any = 0) -> Any:
        if type(pattern) is str:
            starts = wanted.get(sys._getframe(1).f_globals.get("__name__", ""))
            if starts is not None and pattern.startswith(starts):
                return DeferredPattern(pattern, int(flags))
        return outer(pattern, flags)

    re.compile = compile
    try:
        yield
    finally:
        re.compile = outer


def _forward_text(source: Any, filename: Any, mode: Any, flags: int = 0,
                  dont_inherit: bool = False, optimize: int = -1) -> Any:
    """typing's `compile` in `codes_shared`: a forward reference's text is its code (`eval`
    compiles it, as this would, if the reference is ever evaluated: pydantic's import makes
    ~630 and evaluates none); anything else compiled."""
    if mode == "eval" and type(source) is str and not flags and optimize == -1:
        return source
    return builtins.compile(source, filename, mode, flags, True, optimize)


@contextmanager
def codes_shared() -> Iterator[None]:
    """While the block runs, an equal text is compiled once, and a forward reference's text
    not until it is evaluated: `dataclasses` compiles each method text it makes (exec), and a
    text given again takes the code object the first compile made (code objects are
    immutable, and `compile` makes equal ones for equal texts); `typing` compiles each
    annotation text it is given into a `ForwardRef`'s code, which `eval` reads when the
    reference is evaluated: that code is the text itself (`eval` compiles it then, as typing
    would have; a text that is no expression fails then, not when the reference is made).
    Neither module keeps anything of it once the block ends; a module whose `compile` or
    `exec` someone else shadows is left as it is."""
    codes: dict[tuple[str, str, str], Any] = {}
    real_compile, real_exec = builtins.compile, builtins.exec

    # dont_inherit: typing's and dataclasses' own calls inherit their module's future features
    # (they have none), not this module's (`annotations`, which would mark the code made)
    def compile(source: Any, filename: Any, mode: Any, flags: int = 0, dont_inherit: bool = False,
                optimize: int = -1) -> Any:
        if flags or optimize != -1 or type(source) is not str:
            return real_compile(source, filename, mode, flags, True, optimize)
        key = (source, filename, mode)
        code = codes.get(key)
        if code is None:  # read compiled from cardgen.texts' table when it holds the text
            code = codes[key] = (code_of(source, filename, mode)
                                 or real_compile(source, filename, mode, 0, True))
        return code

    def exec(source: Any, globals: Any = None, locals: Any = None) -> None:
        if globals is None:  # the caller's, as exec takes them
            caller = sys._getframe(1)
            globals = caller.f_globals
            locals = caller.f_locals if locals is None else locals
        if type(source) is str:
            source = compile(source, "<string>", "exec")
        real_exec(source, globals, locals)

    shadowed = [(module, name, function) for module, name, function in
                ((typing, "compile", _forward_text), (dataclasses, "exec", exec))
                if name not in vars(module)]
    for module, name, function in shadowed:
        vars(module)[name] = function  # the module's global, found before the built-in
    try:
        yield
    finally:
        for module, name, _ in shadowed:
            del vars(module)[name]


def _text_checked(arg: Any, msg: Any, is_argument: bool = True, module: Any = None, *,
                  allow_special_forms: bool = False) -> Any:
    """typing's `_type_check` in `forward_checks_skipped`: a text made the forward reference
    typing makes of it (none of the checks that follow can fail for one: it is no generic
    alias, special form or tuple, and equals none of the special types it is compared with,
    each through `ForwardRef.__eq__`); anything else checked by typing."""
    if type(arg) is str:
        return typing._type_convert(  # type: ignore[attr-defined]
            arg, module=module, allow_special_forms=allow_special_forms)
    return _TYPE_CHECK(arg, msg, is_argument, module, allow_special_forms=allow_special_forms)


@contextmanager
def forward_checks_skipped() -> Iterator[None]:
    """While the block runs, typing's `_type_check` of a text (~730 annotation texts of the
    typed dictionaries pydantic-core declares, each compared with eight special types) makes
    its forward reference without the checks that cannot fail for it (`_text_checked`); typing's
    own again after the block, unless someone else put theirs in meanwhile (nor is it replaced
    when someone else's is in, or typing has no `_type_convert`)."""
    mine = vars(typing).get("_type_check") is _TYPE_CHECK and hasattr(typing, "_type_convert")
    if mine:
        typing._type_check = _text_checked  # type: ignore[attr-defined]
    try:
        yield
    finally:
        if mine and vars(typing).get("_type_check") is _text_checked:
            typing._type_check = _TYPE_CHECK  # type: ignore[attr-defined]
