"""Where layouts and icons are looked up: the project's own `layouts/`, then cardgen's shared ones.

The one list of search roots every lookup (templates, `extends:`, icons, content keys) walks,
first match wins, so a project overrides a shared frame or icon by a file of the same name.
"""

from __future__ import annotations

from pathlib import Path

from cardgen.assets import ASSETS

SHARED_LAYOUTS = ASSETS / "layouts"


def layout_roots(project: Path) -> tuple[Path, ...]:
    """The layout folders in lookup order: PROJECT/layouts, then the layouts shipped with cardgen."""
    return (project / "layouts", SHARED_LAYOUTS)


def find_layout_file(project: Path, relative: str) -> Path | None:
    """The first existing file `relative` (e.g. 'common/poker-card.yaml') under the roots."""
    for root in layout_roots(project):
        path = root / relative
        if path.is_file():
            return path
    return None
