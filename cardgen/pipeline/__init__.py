"""Stages 3-8 driven as one build: faces, home print, print shop, SVG, previews, manifest.

run.py runs them into a temporary folder swapped in at the end (output.py); faces.py lays
out every face once; tasks.py runs the file writers (writers.py), sharing large work with
forked helpers (pool.py);
sources.py keys reusable files by content; manifest.py describes what was written.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # loaded on first use: `cardgen check` reads pipeline.sources alone
    from cardgen.pipeline.faces import BuildOptions, BuildSummary, FaceKey, Faces, Progress, lay_out_faces
    from cardgen.pipeline.run import build
    from cardgen.pipeline.writers import write_home_print

__all__ = ["BuildOptions", "BuildSummary", "FaceKey", "Faces", "Progress", "build",
           "lay_out_faces", "write_home_print"]

_HOME = {"build": "run", "write_home_print": "writers"}


def __getattr__(name: str) -> Any:
    """A name of __all__, from its submodule, loaded on first use."""
    if name not in __all__:
        raise AttributeError(f"module 'cardgen.pipeline' has no attribute {name!r}")
    return getattr(import_module(f"cardgen.pipeline.{_HOME.get(name, 'faces')}"), name)
