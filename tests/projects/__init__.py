"""Fixture folder name + scratch project -> the project with the folder's files laid over it."""

from __future__ import annotations

import shutil
from pathlib import Path

PROJECTS = Path(__file__).resolve().parent


def overlay(name: str, project: Path) -> Path:
    """Copy every file of tests/projects/<name>/ into the project at the same relative path."""
    source = PROJECTS / name
    for path in sorted(source.rglob("*")):
        if path.is_file():
            target = project / path.relative_to(source)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(path, target)
    return project
