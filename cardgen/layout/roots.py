"""Where layouts and icons are looked up: the project's own `layouts/`, then cardgen's shared ones.

The one list of search roots every lookup (templates, `extends:`, icons, content keys) walks,
first match wins, so a project overrides a shared frame or icon by a file of the same name.
"""

from __future__ import annotations

import os
from errno import EBADF, ELOOP, ENOENT, ENOTDIR
from pathlib import Path
from stat import S_ISREG

from cardgen.assets import ASSETS

SHARED_LAYOUTS = ASSETS / "layouts"


def layout_roots(project: Path) -> tuple[Path, ...]:
    """The layout folders in lookup order: PROJECT/layouts, then the layouts shipped with cardgen."""
    return (project / "layouts", SHARED_LAYOUTS)


def find_layout_file(project: Path, relative: str) -> Path | None:
    """The first existing file `relative` (e.g. 'common/poker-card.yaml') under the roots.

    Each root is asked by its path's text (what `Path.is_file` asks the system, the root's
    text and the name joined), its Path made only for the file found; a name that is not
    plainly relative (from `/`, or ending with one) goes the Path way."""
    if not relative or relative[0] == "/" or relative[-1] == "/":
        for root in layout_roots(project):
            path = root / relative
            if path.is_file():
                return path
        return None
    for root, text in _roots(project):
        if _is_file(f"{text}/{relative}", root, relative):
            return root / relative
    return None


def _roots(project: Path) -> tuple[tuple[Path, str], ...]:
    """layout_roots with their texts, worked out once per project (path arithmetic only)."""
    found = _ROOTS.get(project)
    if found is None:
        if len(_ROOTS) >= 64:
            _ROOTS.clear()
        found = _ROOTS[project] = tuple((root, str(root)) for root in layout_roots(project))
    return found


_ROOTS: dict[Path, tuple[tuple[Path, str], ...]] = {}
# what Path.is_file answers False for (pathlib's ignored errors); any other error is raised
_MISSING = frozenset({ENOENT, ENOTDIR, EBADF, ELOOP})


def _is_file(text: str, root: Path, relative: str) -> bool:
    """`(root / relative).is_file()` for the text of that path: a file that cannot be told
    from the errors it leaves aside is asked again the Path way (which raises as it does)."""
    try:
        return S_ISREG(os.stat(text).st_mode)
    except OSError as exc:
        if exc.errno in _MISSING:
            return False
        return (root / relative).is_file()
    except ValueError:  # a NUL in the name
        return False
