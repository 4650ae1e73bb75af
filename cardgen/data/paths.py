"""What a project may name and read: slugs for names that become file names, and the one rule
for which files cardgen reads.

A project is untrusted input (a zip or a repository from someone else). Ids, kinds, games
and editions become parts of output paths, so they are slugs. Every file cardgen reads
resolves (symlinks followed) inside one of the allowed roots: the project folder and the
assets shipped inside the cardgen package (fonts, shared layouts and icons). To allow
another root, add it in `read_roots`; every reader asks `readable`.
"""

from __future__ import annotations

import errno
import os
import re
import unicodedata
from collections.abc import Iterable
from pathlib import Path, PurePosixPath

from cardgen.assets import ASSETS
from cardgen.limits import MAX_ID_CHARS

SLUG = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.\-]*")
# the tables an edition's folder may hold as component files: suffix -> delimiter (data/tabular.py)
TABLE_SUFFIXES = {".csv": ",", ".tsv": "\t", ".xlsx": ""}
SLUG_HINT = "use letters, digits, '-', '_' and '.' only (no spaces, no '/', no '..')"


def slug_problem(value: object, what: str = "id") -> str | None:
    """Why a value cannot be a name (id, kind, game, edition), or None when it can."""
    if not isinstance(value, str):
        return f"{what} must be text, got {type(value).__name__} {value!r} (quote it)"
    hidden = [c for c in value if unicodedata.category(c) in ("Cf", "Cc", "Zs", "Zl", "Zp", "Co")
              and c != " "]
    if hidden:
        return f"{what} {value!r} contains the invisible character U+{ord(hidden[0]):04X}"
    if len(value) > MAX_ID_CHARS:
        return f"{what} is {len(value)} characters long; at most {MAX_ID_CHARS}"
    if not SLUG.fullmatch(value) or ".." in value:
        odd = next((c for c in value if not (c.isascii() and (c.isalnum() or c in "_.-"))), None)
        why = f" ('{odd}' U+{ord(odd):04X})" if odd else ""
        return f"{what} '{value}' is not a plain name{why}"
    return None


def leaves_folder(name: str) -> bool:
    """Is a relative name (a layout, an icon) a path out of its folder: absolute, or with '..'?"""
    parts = PurePosixPath(name.replace("\\", "/")).parts
    return name.startswith(("/", "\\")) or ".." in parts


def read_roots(project: Path) -> tuple[Path, ...]:
    """The folders cardgen may read from for a project: the project, then cardgen's own assets."""
    return (project.resolve(), ASSETS)


def inside(path: Path, roots: Iterable[Path]) -> bool:
    """True when path, symlinks resolved, lies inside one of the roots (also resolved)."""
    try:
        real = path.resolve()
    except (OSError, RuntimeError, ValueError):  # a symlink loop, a NUL byte
        return False
    return any(real.is_relative_to(root.resolve()) for root in roots)


def readable(path: Path, project: Path) -> bool:
    """May cardgen read this file of this project? The one rule every reader asks.

    `inside(path, read_roots(project))`, each folder resolved once: the project as
    `read_roots` resolves it (a resolved path resolves to itself; remembered per project path,
    `_root`), the assets as they were resolved when cardgen was imported. A refusal with a
    remembered root is asked again of the project resolved now, so the answer is always the
    one a fresh resolve gives. The file is resolved as `Path.resolve` does it and compared as
    text (`_real`, `_under`: no Path made)."""
    root, kept = _root(project)
    real = _real(path)
    if real is None:
        return False
    if _under(real, str(root)) or _under(real, _ASSETS):
        return True
    return kept and _under(real, str(_resolved(project)))


_ASSETS = str(ASSETS)
# what Path.resolve takes for a symbolic link loop (pathlib's check_eloop)
_WINERROR_CANT_RESOLVE_FILENAME = 1921


def _real(path: Path) -> str | None:
    """`str(path.resolve())`, or None where that raises (a symbolic link loop, a NUL byte)."""
    try:
        real = os.path.realpath(path)
    except (OSError, ValueError):
        return None
    try:
        os.stat(real)  # Path.resolve's check for a loop that realpath leaves unsaid
    except OSError as exc:
        if exc.errno == errno.ELOOP or getattr(exc, "winerror", 0) == _WINERROR_CANT_RESOLVE_FILENAME:
            return None
    return real


def _under(real: str, folder: str) -> bool:
    """`Path(real).is_relative_to(folder)` for two resolved paths: the folder or inside it."""
    if real == folder:
        return True
    return real.startswith(folder if folder.endswith(os.sep) else folder + os.sep)


_ROOTS: dict[Path, Path] = {}  # a project path as given -> the folder it resolved to


def _root(project: Path) -> tuple[Path, bool]:
    """The project's folder resolved and whether it was remembered: a remembered one only while
    the project path and it still name one folder (device and inode: then every file that
    resolves inside it lies inside the project), else `project.resolve()` now."""
    root = _ROOTS.get(project)
    if root is not None:
        try:
            here, there = os.stat(project), os.stat(root)
        except (OSError, ValueError):
            return _resolved(project), False
        if here.st_ino == there.st_ino and here.st_dev == there.st_dev:
            return root, True
    return _resolved(project), False


def _resolved(project: Path) -> Path:
    """`project.resolve()`, remembered for the project path (its errors raised as ever)."""
    root = _ROOTS[project] = project.resolve()
    return root
