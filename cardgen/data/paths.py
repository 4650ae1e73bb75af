"""What a project may name and read: slugs for names that become file names, and the one rule
for which files cardgen reads.

A project is untrusted input (a zip or a repository from someone else). Ids, kinds, games
and editions become parts of output paths, so they are slugs. Every file cardgen reads
resolves (symlinks followed) inside one of the allowed roots: the project folder and the
assets shipped inside the cardgen package (fonts, shared layouts and icons). To allow
another root, add it in `read_roots`; every reader asks `readable`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from pathlib import Path, PurePosixPath

from cardgen.assets import ASSETS
from cardgen.limits import MAX_ID_CHARS

SLUG = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.\-]*")
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
    `read_roots` resolves it (a resolved path resolves to itself), the assets as they were
    resolved when cardgen was imported."""
    root = project.resolve()
    try:
        real = path.resolve()
    except (OSError, RuntimeError, ValueError):  # a symlink loop, a NUL byte
        return False
    return real.is_relative_to(root) or real.is_relative_to(ASSETS)
