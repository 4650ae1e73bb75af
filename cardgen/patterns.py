"""The regular expressions a command compiles as its modules load, made from a table of their
compiled code instead of parsed at each start (base: imports nothing of cardgen but the table).

`re.compile` parses a pattern and compiles it to the regular-expression engine's code in
Python (`re._parser`, `re._compiler`): ~0.15 ms a pattern on average, ~20 ms of a build's
start for the ~130 patterns that cardgen's modules, the libraries they import and the standard
modules those load compile on import. `cardgen/patterntable.py` keeps what that compilation
gives for each of them (the engine's code, flags, group count and names), written by
`tools/start_tables.py` on the Python it ran on. `prime()`, called by the command line before
it imports its modules, hands each to the engine's constructor (`_sre.compile`, the call
`re.compile` ends in, which checks the code it is given) and puts the pattern made in re's own
cache of compiled patterns under the key `re.compile` looks up: every `re.compile`, `re.sub`,
`re.match`, ... of one of those patterns then finds it there, made as re would have made it
(equal to re's: the same text, flags and code), and any other pattern is compiled as ever.
Nothing is put in on any Python release but the one the table was written for (another one may
compile a pattern differently even where the engine's magic number, code size and limits are
the same), or when its `re` keeps no such cache.

tests/test_start_tables.py holds the table to what this Python compiles, and to the patterns a
fresh interpreter compiles importing cardgen's modules; `recorded()` is how the tool lists them.
"""

from __future__ import annotations

import re
import sys

TYPE_CHECKING = False  # typing not imported: the command line primes before it loads typing
if TYPE_CHECKING:
    from typing import Any, Literal

    Key = tuple[str | bytes, int]  # a pattern and its flags, as re.compile is given them
    Entry = tuple[int, bytes, int, dict[str, int], tuple[str | None, ...]]

try:
    import _sre  # type: ignore[import-not-found]  # CPython's engine (no stubs)
except ImportError:  # another Python implementation: re alone
    _sre = None

# a word of compiled code, as memoryview names its format
_WORD: Literal["I", "H"] = "I" if _sre is None or _sre.CODESIZE == 4 else "H"


def engine() -> tuple[Any, ...]:
    """What a compiled code is valid for: Python's release and the engine's constants."""
    if _sre is None:
        return ()
    return (sys.implementation.name, sys.version_info[:3], _sre.MAGIC, _sre.CODESIZE,
            _sre.MAXREPEAT, _sre.MAXGROUPS, sys.byteorder)


def prime() -> int:
    """Every pattern of the table made from its code and put in re's cache (where re has not
    one already); how many were put in (0 when the table is for another engine)."""
    from cardgen import patterntable

    cache = getattr(re, "_cache", None)
    if engine() != patterntable.ENGINE or type(cache) is not dict:
        return 0
    room = getattr(re, "_MAXCACHE", 0) - len(cache)
    put = 0
    table: dict[Key, Entry] = patterntable.TABLE  # type: ignore[assignment]  # (its literal)
    for (pattern, flags), entry in table.items():
        key = (type(pattern), pattern, flags)
        if put < room and key not in cache:
            cache[key] = made(pattern, entry)
            put += 1
    return put


def made(pattern: str | bytes, entry: Entry) -> re.Pattern[Any]:
    """The pattern the engine makes of its compiled code (kept as the bytes of its code words:
    read from the .pyc in one piece, not number by number)."""
    final_flags, code, groups, groupindex, indexgroup = entry
    words = list(memoryview(code).cast(_WORD))
    made: re.Pattern[Any] = _sre.compile(pattern, final_flags, words, groups, dict(groupindex),
                                         indexgroup)
    return made


def entry_of(pattern: str | bytes, flags: int) -> Entry:
    """What `re.compile` makes of a pattern, as the table keeps it (re's own parser and
    compiler, called as `re._compiler.compile` calls them)."""
    from array import array
    from re import _compiler, _parser  # type: ignore[attr-defined]

    parsed = _parser.parse(pattern, flags)
    code = _compiler._code(parsed, flags)
    groupindex = dict(parsed.state.groupdict)
    indexgroup: list[str | None] = [None] * parsed.state.groups
    for name, index in groupindex.items():
        indexgroup[index] = name
    words = array(_WORD, code).tobytes()  # the code words as the engine's code size holds them
    return (flags | parsed.state.flags, words, parsed.state.groups - 1, groupindex,
            tuple(indexgroup))


def recorded() -> list[Key]:
    """From now on, each pattern re compiles (not found in its cache) is appended to the list
    returned (for tools/start_tables.py, in an interpreter of its own)."""
    from re import _compiler  # type: ignore[attr-defined]

    found: list[Key] = []
    compile_code = _compiler.compile

    def recording(pattern: Any, flags: int = 0) -> Any:
        if type(pattern) is str or type(pattern) is bytes:
            found.append((pattern, int(flags)))
        return compile_code(pattern, flags)

    _compiler.compile = recording
    return found
