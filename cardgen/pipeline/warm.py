"""What a long-lived process (`cardgen watch`) keeps in memory between builds, once
`keep_warm()` is on: the parsed data files (`data/yamlkeep.py`: the same switch as
`keep_parsed()`) and, kept here by the stages that use them, what a one-card edit leaves
unchanged: the previous output's manifest as the build wrote it (`output.Previous.load`), the
bytes of the PDFs it wrote (`pdfsplice`), each document's characters by the faces they are
found from (`pdfops`) and the manifest entries of unchanged files (`manifest`). Each memo is
keyed by what it was made from (a file by its inode, size, times; a face by its content key),
so it never stands in for something else, and all are let go of when keeping stops. Off in a
one-shot `cardgen build`, which reads everything from the disk as before.
"""

from __future__ import annotations

import marshal
from collections.abc import Callable, MutableMapping
from typing import Any, TypeVar

from cardgen.data import yamlkeep

M = TypeVar("M", bound=MutableMapping[Any, Any] | list[Any])
T = TypeVar("T")


def keep_warm(on: bool = True) -> None:
    """Keep what builds read and wrote from now on (or stop, forgetting all of it)."""
    yamlkeep.keep_parsed(on)


def warm() -> bool:
    """Whether this process keeps what its builds read and wrote (`keep_warm`)."""
    return yamlkeep.keeping()


def memo(kept: M) -> M:
    """A stage's memo, emptied whenever keeping stops."""
    yamlkeep.on_forget(kept.clear)
    return kept


def on_forget(forget: Callable[[], None]) -> None:
    """Have `forget` called whenever keeping stops."""
    yamlkeep.on_forget(forget)


def identity(st: Any) -> tuple[int, ...]:
    """What tells a file from any other and from itself before a change (an os.stat_result):
    its device, inode, size, modification and change times (a write or a new link changes
    the change time, which nothing can set back)."""
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


def remade(name: str, make: Callable[..., T]) -> Callable[..., T]:
    """`make` for this build; while keeping, a value made from the very values of one the
    last build made under `name` is that one (values known by their marshalled bytes: equal
    bytes, equal values of the same types, nested ones too), so what compares it with the
    last build's finds it by identity. Values marshal refuses are made afresh."""
    if not warm():
        return make
    last = _REMADE.get(name, {})
    now: dict[bytes, T] = {}
    _REMADE[name] = now

    def made(*values: Any) -> T:
        try:
            key = marshal.dumps(values, 2)
        except ValueError:
            return make(*values)
        found = now.get(key)
        if found is None:
            found = now[key] = last[key] if key in last else make(*values)
        return found

    return made


_REMADE: dict[str, dict[bytes, Any]] = memo({})  # name -> the last build's values by bytes
