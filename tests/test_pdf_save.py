"""cardgen's serialisation of reportlab documents (render/pdfsave.py) writes the bytes reportlab's
own formatter writes: whole files compared, the same canvas saved both ways, for pages with and
without bleed boxes, with forms, translucency, a spot colour, a link, a turned page, text."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from reportlab import rl_config
from reportlab.lib.colors import CMYKColorSep, Color
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

from cardgen.layout.fonts import pdf_font_name
from cardgen.render import pdfsave
from cardgen.render.pdf import new_canvas, page_boxes


def _reportlab_classes(canvas: Canvas) -> None:
    """Undo what cardgen swapped in: the document formatted by reportlab alone."""
    doc = canvas._doc
    doc.__class__ = pdfdoc.PDFDocument
    doc.Pages.__class__ = pdfdoc.PDFPages
    for page in doc.Pages.pages:
        page.__class__ = pdfdoc.PDFPage
        if type(page.Contents) is pdfsave.PageStream:
            page.Contents.__class__ = pdfdoc.PDFStream


def _both(draw: Callable[[Canvas], None], **kwargs: Any) -> tuple[bytes, bytes]:
    """(cardgen's bytes, reportlab's bytes) of the same drawing."""
    out = []
    for fast in (True, False):
        canvas = new_canvas("same.pdf", title="Same", subject="pages", **kwargs)
        draw(canvas)
        if not fast:
            _reportlab_classes(canvas)
        out.append(canvas.getpdfdata())
    return out[0], out[1]


def _shown(canvas: Canvas) -> None:
    canvas.showPage()
    pdfsave.compact_last_page(canvas)


def _face_pages(canvas: Canvas, count: int = 25, boxes: bool = True) -> None:
    for i in range(count):
        bleed_box, trim_box = page_boxes(63 + i % 3, 88)
        canvas.setPageSize((bleed_box[2], bleed_box[3]))
        if boxes:
            canvas.setBleedBox(bleed_box)
            canvas.setTrimBox(trim_box)
        canvas.setFillColorRGB(i / count, 0.2, 0.4)
        canvas.rect(10, 10, 40 + i, 60, stroke=1, fill=1)
        canvas.setFont(pdf_font_name("regular"), 9)
        canvas.drawString(12, 20, f"Card {i} - Ünïcode ✓")
        _shown(canvas)


def test_print_shop_pages_with_bleed_and_trim_boxes_are_reportlabs_bytes() -> None:
    fast, slow = _both(_face_pages)
    assert fast == slow
    assert b"/BleedBox [ 0 0 " in fast and b"/TrimBox [ 8.503937 8.503937 " in fast


def test_home_print_pages_without_boxes_are_reportlabs_bytes() -> None:
    fast, slow = _both(lambda c: _face_pages(c, 12, boxes=False))
    assert fast == slow
    assert b"/TrimBox" not in fast


def test_pages_naming_forms_are_reportlabs_bytes() -> None:
    def draw(canvas: Canvas) -> None:
        for i in range(14):  # more than six forms on a page: the dictionary breaks its line
            for k in range(i % 9):
                name = f"face{k}"
                if not canvas._doc.hasForm(name):
                    canvas.beginForm(name, 0, 0, 20, 20)
                    canvas.circle(10, 10, 5 + k, stroke=1, fill=0)
                    canvas.endForm()
                canvas.doForm(name)
            _shown(canvas)

    fast, slow = _both(draw)
    assert fast == slow
    assert b"/XObject" in fast


def test_translucent_spot_coloured_linked_and_turned_pages_are_reportlabs_bytes() -> None:
    def draw(canvas: Canvas) -> None:
        canvas.setFillColor(Color(1, 0, 0, alpha=0.5))  # a graphics state on the page
        canvas.rect(10, 10, 50, 50, fill=1)
        _shown(canvas)
        canvas.setStrokeColor(CMYKColorSep(0, 1, 0, 0, spotName="Dieline"))  # a colour space
        canvas.setStrokeOverprint(True)
        canvas.line(0, 0, 100, 100)
        _shown(canvas)
        canvas.linkURL("https://example.org", (10, 10, 60, 60))  # an annotation
        canvas.drawString(10, 30, "link")
        _shown(canvas)
        canvas.setPageRotation(90)
        canvas.setCropBox((0, 0, 200, 300))
        canvas.setArtBox((5, 5, 195, 295))
        canvas.drawString(10, 30, "turned")
        _shown(canvas)
        canvas.setPageRotation(0)
        canvas.setPageTransition("Dissolve", 1.5)
        canvas.drawString(10, 30, "transition")
        _shown(canvas)

    fast, slow = _both(draw)
    assert fast == slow
    for part in (b"/ExtGState", b"/ColorSpace", b"/Annots", b"/Rotate 90", b"/CropBox", b"/ArtBox"):
        assert part in fast


def test_pages_not_compacted_and_plain_canvases_are_reportlabs_bytes() -> None:
    """A page shown without compact_last_page keeps reportlab's own classes and bytes."""

    def draw(canvas: Canvas) -> None:
        _face_pages(canvas, 3)
        canvas.drawString(10, 10, "shown by reportlab alone")
        canvas.showPage()

    fast, slow = _both(draw)
    assert fast == slow


def test_an_uncompressed_document_is_reportlabs_bytes() -> None:
    fast, slow = _both(lambda c: _face_pages(c, 4), pageCompression=0)
    assert fast == slow


@pytest.fixture
def multi_line() -> Iterator[None]:
    before = rl_config.pdfMultiLine
    rl_config.pdfMultiLine = 1
    try:
        yield
    finally:
        rl_config.pdfMultiLine = before


def test_reportlabs_multi_line_layout_is_left_to_reportlab(multi_line: None) -> None:
    fast, slow = _both(lambda c: _face_pages(c, 8))
    assert fast == slow
    assert b"\n /Contents" in fast  # one entry a line


def test_a_page_is_formatted_by_the_fast_path() -> None:
    """The bytes above are not equal merely because every page fell back to reportlab."""
    canvas = new_canvas("fast.pdf")
    _face_pages(canvas, 2)
    pages = canvas._doc.Pages.pages
    assert all(type(p) is pdfsave.FastPage and p._usual() for p in pages)
    assert all(type(p.Contents) is pdfsave.PageStream for p in pages)
    assert type(canvas._doc) is pdfsave.FastDocument


@pytest.mark.parametrize("text", [
    "q 1 0 0 1 0 0 cm BT /F1 9 Tf (abc) Tj ET Q\n",
    "Garo=bt\\?q%#\"(pME17&Rb/Q@Rqkk%EBl#?Xm0Vojj:+t0>'J?~>" * 20,
    "\x18\x19\x1a\x1f control characters PDFDocEncoding gives other codes",
    "é ü – “quotes” € ∑",
    "\t\n\r\x00\x7f",
])
def test_text_bytes_are_pdfdocencodings(text: str) -> None:
    encode = pdfdoc.pdfdocEnc.__wrapped__  # reportlab's own, without cardgen's memo
    try:
        expected = encode(text)
    except UnicodeEncodeError:
        with pytest.raises(UnicodeEncodeError):
            pdfsave.text_bytes(text)
        return
    assert pdfsave.text_bytes(text) == expected
    assert pdfdoc.pdfdocEnc(text) == expected


def test_text_bytes_agree_with_pdfdocencoding_on_every_ascii_character() -> None:
    encode = pdfdoc.pdfdocEnc.__wrapped__
    for code in range(128):
        text = "A85 stream " * 30 + chr(code)  # long: the memo leaves it to text_bytes
        try:
            expected = encode(text)
        except UnicodeEncodeError:
            with pytest.raises(UnicodeEncodeError):
                pdfsave.text_bytes(text)
            continue
        assert pdfsave.text_bytes(text) == expected, code
        assert pdfdoc.pdfdocEnc(text) == expected, code
