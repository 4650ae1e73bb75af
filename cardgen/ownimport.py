"""The submodules of cardgen's packages and of the libraries its build loads (`PACKAGES`)
imported from their up-to-date compiled files without the generic machinery (base: imports
nothing; `cardgen/__init__.py` installs it first thing).

Python's import machinery spends ~120 thousand instructions per module finding and validating
it before the module's body runs (each finder over `sys.meta_path`, the path entry finder of its
package's folder, the loader's stat, open, read and checks of the compiled file through several
layers of Python); a build imports ~190 of cardgen's own and ~140 of those libraries'.
`OwnModules`, first on `sys.meta_path`, finds a submodule of such a package as the standard
`FileFinder` would (a `NAME/__init__.py` package or a `NAME.py` module in the package's one
folder) and hands back its code when its compiled file is one Python's `SourceFileLoader` would
use as it is: the `__pycache__` file of this Python's cache tag, validated by time stamp (not
hash-based), with this Python's magic number and the source's present modification time and
size. Anything else (no compiled file, a stale or hash-based one, a name with another kind of
file beside it, a namespace package, a package spread over several folders) it leaves to the
standard finders, which then compile, write and load it exactly as they always do: an edited
source is picked up as Python picks it up. The module it makes has what the standard loader
gives it: `__file__`, `__cached__`, `__path__` for a package, and a `SourceFileLoader` (whose
`get_code`, `get_source` and `get_data` runpy, linecache, inspect and importlib.resources use)
that runs the code it was handed.
"""

from __future__ import annotations

import marshal
import sys
from _imp import _fix_co_filename  # type: ignore[attr-defined]
from os import close, listdir, read, stat
from os import open as os_open

_bootstrap = sys.modules["_frozen_importlib"]
_external = sys.modules["_frozen_importlib_external"]
ModuleSpec = _bootstrap.ModuleSpec
SourceFileLoader = _external.SourceFileLoader
MAGIC = _external.MAGIC_NUMBER
CACHE_TAG = sys.implementation.cache_tag
PACKAGES = frozenset(("cardgen", "reportlab", "markdown_it", "mdurl", "yaml"))  # whose
# submodules it finds: pure Python, no import hooks of their own (not pytest's rewritten tests)
BLOCK = 1 << 16  # bytes read at once from a compiled file
TIMESTAMPED = b"\0\0\0\0"  # a compiled file's flags: validated by time and size, not by hash

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from types import CodeType, ModuleType
    from typing import Any


class CodeLoader(SourceFileLoader):  # type: ignore[misc, valid-type]
    """A source file's loader that runs the code the finder read (`spec.loader_state`)."""

    def exec_module(self, module: ModuleType) -> None:
        spec: Any = module.__spec__
        code, spec.loader_state = spec.loader_state, None  # not kept once run
        if code is None:  # run once more (its spec's code taken): read as the standard loader does
            super().exec_module(module)
        else:
            exec(code, module.__dict__)


def _plain_names(folder: str) -> dict[str, bool]:
    """A folder's names with only a `.py` file or only a folder (-> True) behind them: what a
    `FileFinder` finds there without asking which of several kinds of file wins."""
    kinds: dict[str, list[str]] = {}
    for entry in listdir(folder):
        stem, dot, suffix = entry.partition(".")
        kinds.setdefault(stem, []).append(suffix if dot else "")
    return {stem: found == [""] for stem, found in kinds.items() if found in (["py"], [""])}


CODE = type(_plain_names.__code__)  # types.CodeType, types not imported


def _compiled_code(source: str) -> tuple[CodeType, str] | None:
    """The code of SOURCE from its `__pycache__` file and that file's path, when the standard
    loader would load that file as it is; None otherwise."""
    try:
        st = stat(source)
        folder, _, file = source.rpartition("/")
        cached = f"{folder}/__pycache__/{file[:-3]}.{CACHE_TAG}.pyc"
        fd = os_open(cached, 0)
        try:
            data = part = read(fd, BLOCK)  # most in one read (cheaper than asking the size)
            while len(part) == BLOCK:
                part = read(fd, BLOCK)
                data += part
        finally:
            close(fd)
    except OSError:
        return None
    if (data[:4] != MAGIC or data[4:8] != TIMESTAMPED
            or int.from_bytes(data[8:12], "little") != int(st.st_mtime) & 0xFFFFFFFF
            or int.from_bytes(data[12:16], "little") != st.st_size & 0xFFFFFFFF):
        return None
    try:
        code = marshal.loads(memoryview(data)[16:])
    except (EOFError, ValueError, TypeError):
        return None
    if type(code) is not CODE:
        return None
    _fix_co_filename(code, source)
    return code, cached


class OwnModules:
    """The finder of the submodules of `PACKAGES` (see the module's docstring)."""

    def __init__(self) -> None:
        self.folders: dict[str, tuple[int, dict[str, bool]]] = {}  # folder -> its mtime, names

    def names_in(self, folder: str) -> dict[str, bool]:
        """`_plain_names(folder)`, listed again when the folder has changed since (a file added
        or removed), as a `FileFinder` lists it again."""
        mtime = stat(folder).st_mtime_ns
        known = self.folders.get(folder)
        if known is None or known[0] != mtime:
            known = self.folders[folder] = (mtime, _plain_names(folder))
        return known[1]

    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> Any:
        if path is None or len(path) != 1 or name.partition(".")[0] not in PACKAGES:
            return None
        folder = path[0]
        try:
            names = self.names_in(folder)
        except OSError:
            return None
        stem = name.rpartition(".")[2]
        package = names.get(stem)
        if package is None:
            return None
        source = f"{folder}/{stem}/__init__.py" if package else f"{folder}/{stem}.py"
        found = _compiled_code(source)
        if found is None:
            return None
        spec = ModuleSpec(name, CodeLoader(name, source), origin=source,
                          loader_state=found[0], is_package=package)
        spec.has_location = True
        spec.cached = found[1]
        if package:
            spec.submodule_search_locations = [f"{folder}/{stem}"]
        return spec


def install() -> None:
    """OwnModules first on sys.meta_path (once a process), unless compiled files are kept
    elsewhere or under other names (`-O`, PYTHONPYCACHEPREFIX, no cache tag) or paths are not
    written with "/"."""
    if (sys.flags.optimize or sys.pycache_prefix is not None or CACHE_TAG is None
            or sys.platform == "win32"):
        return
    if not any(type(finder) is OwnModules for finder in sys.meta_path):
        sys.meta_path.insert(0, OwnModules())
