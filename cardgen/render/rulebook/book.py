"""What a rules PDF is made of: the blocks, the title, the game's faces, its icons and pictures
(plain data: the build computes its content key without importing the typesetter)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from cardgen.records import record
from cardgen.render.rulebook import blocks as bk


@record(frozen=True)
class Faces:
    """The game's font faces (cardgen.layout.fonts names: "regular", "bold" or "file:<path>")."""

    regular: str = "regular"
    bold: str = "bold"
    italic: str | None = None

    def face(self, bold: bool = False, italic: bool = False) -> str:
        """The face for this emphasis (cardgen.layout.fonts naming): italic falls back to
        regular, bold italic to bold."""
        return self.bold if bold else (self.italic or self.regular) if italic else self.regular


@record(frozen=True)
class Book:
    """Everything a rules PDF is made of."""

    blocks: list[bk.Block]
    title: str  # "<game> <edition>": the title block and the running footer
    faces: Faces
    icons: Mapping[str, Path]  # icon name -> its SVG file
    pictures: Mapping[str, Path | None]  # picture src -> its file (None: not usable)
