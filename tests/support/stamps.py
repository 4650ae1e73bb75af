"""Builds' records (cardgen/pipeline/stamp.py) forgotten, for a test that runs the same build
again on purpose (a build that finds nothing changed since the last one does nothing)."""

from __future__ import annotations

from pathlib import Path

from cardgen.pipeline.stamp import CACHE_FOLDER


def forget_builds(project: Path) -> None:
    for path in (project / CACHE_FOLDER).glob("built-*.pickle"):
        path.unlink()
