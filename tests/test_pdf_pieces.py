"""Words whose PDF bytes are the same in every document (`render/pdfpieces.py`): a document
that starts its pieces from those earlier documents kept draws the bytes it draws alone, and
only pieces of characters reportlab codes as themselves everywhere are kept."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from cardgen.layout import fonts
from cardgen.layout.drawing import Drawing, Primitive, Text
from cardgen.render import faceops, pdf, pdfpieces, pdftext
from cardgen.render.pdf import draw_items, new_canvas

OWN_FONT = fonts.file_face(Path(__file__).parent / "fixtures" / "own-font" / "layouts" / "glyphs"
                           / "fonts" / "TestSans-Regular.ttf")
FACES = ["regular", "bold", OWN_FONT]
LINES = ["AVATAR To Wave. Yes, Tokyo: VA LT Ty", "office affine fluff", "Café naïve résumé",
         "(brackets) \\ back\\slash) (", "  two  spaces ", "10\u00a0km", "x", "Wave To office"]


@pytest.fixture
def fresh() -> Iterator[None]:
    """No piece kept from the tests before (nor left to those after)."""
    pdfpieces._SHARED.clear()
    yield
    pdfpieces._SHARED.clear()


def _ops(tmp_path: Path, items: Sequence[Primitive], chars: str, *, short: bool = True) -> str:
    """The operators drawing the items gives on a new canvas primed as a build primes it,
    with `chars` shown too (other characters: other codes for the non-ASCII ones)."""
    canvas = new_canvas(str(tmp_path / "t.pdf"))
    faces = [("k", Drawing("t", 80, 80, items=list(items))),
             ("c", Drawing("c", 80, 80, items=[Text(0, 0, chars, face, 9) for face in FACES]))]
    faceops.prime(canvas, faceops.doc_chars(faces, {}))
    with pytest.MonkeyPatch.context() as patch:
        if not short:
            patch.setattr(pdftext, "_fast_tj", lambda *args: None)
        draw_items(canvas, list(items))
    return "\n".join(canvas._code)


def test_a_document_after_others_draws_what_it_draws_alone(tmp_path: Path, fresh: None) -> None:
    items = [Text(5, 10 + 3 * i, line, face, 9)
             for i, line in enumerate(LINES) for face in FACES]
    first = _ops(tmp_path, items, "Ωπ€ßÄÖ")  # (the non-ASCII characters' codes differ)
    assert pdfpieces._SHARED and all(kept.pieces for kept in pdfpieces._SHARED.values())
    after = _ops(tmp_path, items, "ÄÖ")
    assert after != first
    pdfpieces._SHARED.clear()
    alone = _ops(tmp_path, items, "ÄÖ")
    assert after == alone == _ops(tmp_path, items, "ÄÖ", short=False)


def test_only_pieces_of_characters_coded_as_themselves_are_kept(tmp_path: Path,
                                                                fresh: None) -> None:
    _ops(tmp_path, [Text(5, 10 + 3 * i, line, "regular", 9) for i, line in enumerate(LINES)],
         "€")
    kept = pdfpieces._SHARED["regular"].pieces
    assert {"Yes,", "Tokyo:", "(brackets)", " ", "Wave", "x"} <= set(kept)
    assert not {"Café", "naïve", "résumé", "office", "10\u00a0km"} & set(kept)  # (a ligature)


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("named_first", [False, True], ids=["shown-first", "named-first"])
def test_characters_of_own_codes_have_them_in_every_document(tmp_path: Path, face: str,
                                                             named_first: bool) -> None:
    """Whatever a document shows first, and whether its font's state began with a subset's
    name (no character map) or with a text, each of `own_codes` is its own code, and the
    ASCII characters the font lacks are not among them."""
    pdf.register_fonts()
    font = pdftext.pdf_font(face)
    own = pdfpieces.own_codes(font)
    assert own and all(32 <= ord(c) < 128 for c in own)
    assert own == {chr(c) for c in range(32, 128) if c in font.face.charToGlyph}
    for shown in ["", "€ΩÄ", "".join(chr(c) for c in range(0xC0, 0x180)) + "AbZ"]:
        canvas = new_canvas(str(tmp_path / "t.pdf"))
        doc = canvas._doc
        if named_first:
            font.getSubsetInternalName(0, doc)
        font.splitString(shown + "".join(sorted(own, reverse=True)), doc)
        assignments = font.state[doc].assignments
        assert all(assignments[ord(c)] == ord(c) for c in own), shown
