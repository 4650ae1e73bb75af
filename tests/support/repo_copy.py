"""A copy of the repository as a fresh clone has it: no .git, virtualenvs, caches, build
folders or built output (an empty output/), for tests that run commands on a whole clone."""

from __future__ import annotations

import fnmatch
import shutil
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
ANYWHERE = (".git", "__pycache__", ".cardgen-cache", ".hypothesis", ".*_cache", "*.egg-info")
AT_THE_TOP = (".venv", ".venv-*", "build", "dist", "output")


def copy_repo(dest: Path) -> Path:
    """Copy the repository to dest (which must not exist); dest."""

    def ignored(folder: str, names: list[str]) -> set[str]:
        patterns = ANYWHERE + (AT_THE_TOP if Path(folder) == REPO else ())
        return {n for n in names if any(fnmatch.fnmatch(n, p) for p in patterns)}

    shutil.copytree(REPO, dest, ignore=ignored, symlinks=True)
    (dest / "output").mkdir()
    return dest
