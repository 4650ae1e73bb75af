"""Pieces of a line (words and spaces) whose PDF bytes are the same in every document.

`pdftext._fast_tj` keeps each piece of text it meets in a document (its glyphs' codes escaped,
the numbers between them, `pdftj.Piece`) per document and font, since a character's code is
the document's. A piece every glyph of which shows a printable ASCII character its font has
is the exception: reportlab gives such a character its own code in every document whose
font keeps ASCII readable (`rl_config.ttfAsciiReadable`, `TTFont.State`: codes 32-127 given
to themselves before anything is shown; a code once given never changes), so its piece is
the same bytes in each of them. Those pieces are kept here for the process, per face, and a
document's first line in a face starts its pieces from them (`seed`): the Letter, A4 and
print-shop files, the rules and the page labels share their words instead of working each
one out again per file. Kept with the shaping and the font object they were found with.
"""

from __future__ import annotations

from typing import Any

from cardgen.render.pdftj import Piece

_MAX = 1 << 14  # pieces kept per face, emptied when full


class Shared:
    """A face's pieces that are the same in every document, and their bodies (`pdftj.body`,
    those that have one); `own`: the characters its font codes as themselves everywhere."""

    __slots__ = ("shaping", "font", "own", "pieces", "bodies")

    def __init__(self, shaping: object, font: Any) -> None:
        self.shaping, self.font = shaping, font
        self.own = own_codes(font)
        self.pieces: dict[str, Piece] = {}
        self.bodies: dict[str, str] = {}

    def keep(self, text: str, chars: str, piece: Piece, body: str | None) -> None:
        """Keep a piece (`chars`: the characters it shows) if it is the same everywhere."""
        if not chars or not self.own.issuperset(chars):
            return
        if len(self.pieces) >= _MAX:
            self.pieces.clear()
            self.bodies.clear()
        self.pieces[text] = piece
        if body is not None:
            self.bodies[text] = body

    def seed(self, pieces: dict[str, Piece], bodies: dict[str, str]) -> None:
        """A document's pieces and bodies in the face (new: its first line) start from these."""
        pieces.update(self.pieces)
        bodies.update(self.bodies)


_SHARED: dict[str, Shared] = {}


def shared(face: str, font: object, shaping: object) -> Shared:
    """The face's kept pieces, found with this font object (reportlab's) and this shaping
    (`pdftext._shown_whole`: a test may stand in for it): anything else starts afresh."""
    kept = _SHARED.get(face)
    if kept is None or kept.shaping is not shaping or kept.font is not font:
        kept = _SHARED[face] = Shared(shaping, font)
    return kept


def own_codes(font: Any) -> frozenset[str]:
    """The characters reportlab codes as themselves in every document of this font (a
    reportlab TTFont): printable ASCII the font has, when the font keeps ASCII readable."""
    face = font.face
    if not font._asciiReadable or getattr(face, "_full_font", None):
        return frozenset()
    has = face.charToGlyph
    return frozenset([chr(c) for c in range(32, 128) if c in has])
