"""The Renderer protocol: one laid-out face -> one file, the same for every backend.

PDF (pdf.PdfRenderer), SVG (svg.SvgRenderer) and PNG (png.PngRenderer) implement it; the
build's writers use the backends' batch functions (many faces a file, pages with forms), and
anything that wants a single face in some format (tests, exports) asks for a Renderer.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from cardgen.layout.drawing import Drawing


class Renderer(Protocol):
    suffix: str  # the file ending the backend writes, with its dot

    def write_face(self, drawing: Drawing, path: Path, *, bleed_mm: float = 0.0) -> None:
        """Write one face at trim + 2 * bleed_mm (bleed clamped to the face's own bleed)."""
        ...


def renderer(suffix: str) -> Renderer:
    """The backend for a file ending: '.pdf', '.svg' or '.png'."""
    from cardgen.render.pdf import PdfRenderer
    from cardgen.render.png import PngRenderer
    from cardgen.render.svg import SvgRenderer

    backends: dict[str, Renderer] = {".pdf": PdfRenderer(), ".svg": SvgRenderer(),
                                     ".png": PngRenderer()}
    if suffix not in backends:
        raise ValueError(f"no renderer writes {suffix!r} files; one of {', '.join(backends)}")
    return backends[suffix]
