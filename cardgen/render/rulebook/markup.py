"""Spans -> reportlab paragraph markup: text escaped, each span in its face, an icon as an
`<onDraw>` mark (the canvas draws the game's icon there, cardgen.render.rulebook.document)
followed by a non-breaking space as wide as the icon, so lines wrap around it like a word."""

from __future__ import annotations

import math

from reportlab.pdfbase import pdfmetrics

from cardgen.layout.linebreak import ICON_EM, ICON_PAD_EM
from cardgen.render.rulebook.blocks import Span, Spans
from cardgen.render.rulebook.book import Faces
from cardgen.render.rulebook.styles import pdf_face

ICON_CALLBACK = "cardgen_icon"
_NBSP = "\u00a0"


def escape(text: str) -> str:
    """Text as paragraph markup shows it: &, < and > escaped, as xml.sax.saxutils.escape
    escapes them (that module imports urllib's, ~15 ms of a build's CPU)."""
    return text.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


def markup(spans: Spans, faces: Faces, size: float, bold: bool = False) -> str:
    """The paragraph markup of spans in text of `size` pt (`bold`: all of it, a heading)."""
    return "".join(_span(span, faces, size, bold) for span in spans)


def _span(span: Span, faces: Faces, size: float, bold: bool) -> str:
    if span.newline:
        return "<br/>"
    if span.icon:
        return icon_mark(span.text, faces, size)
    text = escape(span.text)
    face = pdf_face(faces, span.bold or bold, span.italic)
    if face == pdf_face(faces, bold):
        return text
    return f'<font face="{face}">{text}</font>'


def icon_mark(name: str, faces: Faces, size: float) -> str:
    """An icon's mark: the draw callback, then non-breaking spaces as wide as the icon (its
    side and padding), in a size near the text's (a larger one would lower the line)."""
    regular = pdf_face(faces)
    space = pdfmetrics.stringWidth(_NBSP, regular, size) or size * 0.3
    wide = (ICON_EM + 2 * ICON_PAD_EM) * size
    count = math.ceil(wide / space)
    return (f'<onDraw name="{ICON_CALLBACK}" label="{escape(name)}|{size:g}"/>'
            f'<font face="{regular}" size="{size * wide / (space * count):.3f}">'
            f'{_NBSP * count}</font>')


def plain_text(spans: Spans) -> str:
    """The spans' text without markup (icons by name in brackets), for outlines and contents."""
    return "".join(f"[{s.text}]" if s.icon else (" " if s.newline else s.text) for s in spans)
