"""The Python texts libraries compile while a command's modules load, read compiled from a table
instead of compiled at each start (base: imports nothing of cardgen but the table).

`collections.namedtuple` evaluates the text of a lambda for each class it makes (~80 us each;
a build's start makes ~50: uharfbuzz's, reportlab's, the standard modules' and cardgen's), and
`cardgen.deferral.codes_shared` compiles the method texts of the dataclasses pydantic and
markdown-it declare that are no records. `cardgen/texttable.py` keeps the code objects those
texts compile to, marshalled, written by `tools/start_tables.py` on the Python it ran on.
`code_of(text, filename, mode)` is that code object read back (equal to what `compile` makes
of the text: marshal keeps every part of it), or None for a text the table lacks or when the
table was written for another Python release (its compiler, bytecode or marshal format).
`install()`, called by the command line with `cardgen.patterns.prime`, makes `collections`
evaluate its texts through `evaluated`, which takes them from the table (and compiles any other
as `eval` would have).

tests/test_start_tables.py holds the table to what this Python compiles and to the texts fresh
interpreters compile importing cardgen's modules; `recorded()` is how the tool lists them.
"""

from __future__ import annotations

import builtins
import marshal
import sys

TYPE_CHECKING = False  # typing not imported: the command line installs this before it loads typing
if TYPE_CHECKING:
    from types import CodeType
    from typing import Any

    Key = tuple[str, str, str]  # a text, its file name and its mode, as compile is given them

_table: dict[Key, bytes] | None = None
_asked: list[Key] | None = None  # what recorded() lists


def engine() -> tuple[Any, ...]:
    """What a marshalled code object is valid for: Python's release, its bytecode's magic
    number and the marshal format."""
    from importlib.util import MAGIC_NUMBER

    return (sys.implementation.name, sys.version_info[:3], MAGIC_NUMBER, marshal.version)


def _loaded() -> dict[Key, bytes]:
    """The table, or an empty one when it was written for another Python."""
    global _table
    if _table is None:
        from cardgen import texttable

        _table = texttable.TABLE if engine() == texttable.ENGINE else {}
    return _table


def code_of(source: str, filename: str, mode: str) -> CodeType | None:
    """What `compile(source, filename, mode, 0, True)` gives, from the table; None when the
    table lacks the text."""
    key = (source, filename, mode)
    if _asked is not None:
        _asked.append(key)
    blob = _loaded().get(key)
    return None if blob is None else marshal.loads(blob)


def compiled(source: str, filename: str = "<string>", mode: str = "exec") -> CodeType:
    """`compile(source, filename, mode, 0, True)`: from the table when it holds the text (for
    cardgen's own code written on import, as the reprs of its drawing primitives)."""
    return code_of(source, filename, mode) or builtins.compile(source, filename, mode, 0, True)


def evaluated(source: Any, globals: Any = None, locals: Any = None) -> Any:
    """`eval` as collections calls it, a text's code taken from the table when it holds it
    (compiled as that module's `eval` compiles it otherwise: no future features inherited)."""
    if globals is None:  # the caller's, as eval takes them
        caller = sys._getframe(1)
        globals = caller.f_globals
        locals = caller.f_locals if locals is None else locals
    if type(source) is str:
        source = code_of(source, "<string>", "eval") or builtins.compile(
            source, "<string>", "eval", 0, True)
    return builtins.eval(source, globals, locals)


def install() -> bool:
    """collections' `eval` (namedtuple's) made `evaluated`, where the table is for this Python
    and nobody else shadows it; whether it was."""
    import collections

    if "eval" in vars(collections) or not (_loaded() or _asked is not None):
        return False
    vars(collections)["eval"] = evaluated
    return True


def recorded() -> list[Key]:
    """From now on, every text asked of `code_of` is appended to the list returned (for
    tools/start_tables.py, in an interpreter of its own)."""
    global _asked, _table
    _asked, _table = [], {}
    return _asked


def marshalled(source: str, filename: str, mode: str) -> bytes:
    """A text's code as the table keeps it."""
    return marshal.dumps(builtins.compile(source, filename, mode, 0, True))
