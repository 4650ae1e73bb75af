"""render/pdfpage.show_page shows a page as reportlab's showPage and compact_last_page do: the
same file, byte for byte, for the pages test_pdf_save draws (boxes or none, forms, pages of
other shapes that take reportlab's path, an uncompressed document), the same canvas after it,
and a page's dictionary never another page's (the bytes around a page's stream reference are
kept per set of boxes and resources)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from reportlab.pdfgen.canvas import Canvas

from cardgen.render import pdfsave
from cardgen.render.pdf import new_canvas, page_boxes
from cardgen.render.pdfpage import show_page
from tests import test_pdf_save as drawn


def _three_ways(draw: Callable[[Canvas], None], **kwargs: Any) -> list[bytes]:
    """The drawing's bytes with show_page, with showPage + compact_last_page, and formatted
    by reportlab alone."""
    out = []
    for how in ("lean", "compact", "reportlab"):
        shown = drawn._shown
        if how == "lean":
            drawn._shown = show_page  # type: ignore[assignment]
        try:
            canvas = new_canvas("same.pdf", title="Same", subject="pages", **kwargs)
            draw(canvas)
        finally:
            drawn._shown = shown  # type: ignore[assignment]
        if how == "reportlab":
            drawn._reportlab_classes(canvas)
        out.append(canvas.getpdfdata())
    return out


@pytest.mark.parametrize("draw", [
    drawn._face_pages,
    lambda c: drawn._face_pages(c, 12, boxes=False),
])
def test_shown_pages_are_the_bytes_of_showpage(draw: Callable[[Canvas], None]) -> None:
    lean, compact, slow = _three_ways(draw)
    assert lean == compact == slow


def test_pages_naming_forms_and_pages_of_other_shapes_are_the_same_bytes() -> None:
    for test in (drawn.test_pages_naming_forms_are_reportlabs_bytes,
                 drawn.test_translucent_spot_coloured_linked_and_turned_pages_are_reportlabs_bytes,
                 drawn.test_an_uncompressed_document_is_reportlabs_bytes):
        shown = drawn._shown
        drawn._shown = show_page  # type: ignore[assignment]
        try:
            test()  # each compares cardgen's bytes with reportlab's own
        finally:
            drawn._shown = shown  # type: ignore[assignment]


def test_a_plain_page_takes_the_lean_path_and_another_falls_back() -> None:
    canvas = new_canvas("lean.pdf")
    drawn._face_pages(canvas, 1)
    canvas.drawString(10, 10, "before")
    show_page(canvas)
    canvas.linkURL("https://example.org", (10, 10, 60, 60))  # an annotation: reportlab's path
    show_page(canvas)
    first, second, third = canvas._doc.Pages.pages
    assert first.__dict__.get("lean") is None  # shown by test_pdf_save's showPage
    assert second.__dict__.get("lean") is True and type(second) is pdfsave.FastPage
    assert third.__dict__.get("lean") is None and third.Annots
    assert type(second.Contents) is pdfsave.PageStream and second.stream is None


def test_the_canvas_after_a_shown_page_is_as_showpage_leaves_it() -> None:
    states = []
    for show in (show_page, drawn._shown):
        canvas = new_canvas("state.pdf")
        bleed_box, trim_box = page_boxes(63, 88)
        canvas.setPageSize((bleed_box[2], bleed_box[3]))
        canvas.setBleedBox(bleed_box)
        canvas.setFillColorRGB(1, 0, 0)
        canvas.rect(1, 1, 5, 5, fill=1)
        show(canvas)
        state = {k: v for k, v in canvas.__dict__.items()
                 if k not in ("_doc", "_extgstate") and not k.startswith("_cardgen")}
        states.append((repr(sorted(state.items())), canvas._pageNumber,
                       len(canvas._doc.Pages.pages)))
    assert states[0] == states[1]


def test_pages_of_other_boxes_and_forms_get_their_own_dictionaries() -> None:
    """Pages alike but for a box or the forms they name: each page's own dictionary."""

    def draw(canvas: Canvas) -> None:
        canvas.beginForm("back", 0, 0, 20, 20)
        canvas.circle(10, 10, 5, stroke=1, fill=0)
        canvas.endForm()
        for i in range(6):
            bleed_box, trim_box = page_boxes(63, 88 + (i % 2))
            canvas.setPageSize((bleed_box[2], bleed_box[3]))
            canvas.setBleedBox(bleed_box)
            canvas.setTrimBox(trim_box if i % 3 else (1, 2, 3, 4))
            if i % 2:
                canvas.doForm("back")
            canvas.drawString(10, 10, f"page {i}")
            show_page(canvas)

    lean = new_canvas("boxes.pdf")
    draw(lean)
    slow = new_canvas("boxes.pdf")
    draw(slow)
    drawn._reportlab_classes(slow)
    data = lean.getpdfdata()
    assert data == slow.getpdfdata()
    assert b"/TrimBox [ 1 2 3 4 ]" in data


@pytest.mark.parametrize("colour", [None, (1, 0, 0)])
def test_set_page_leaves_the_canvas_as_setpagesize_and_the_boxes_do(colour: Any) -> None:
    from cardgen.render.pdfpage import set_page

    boxes = page_boxes(63, 88)
    size = (boxes[0][2], boxes[0][3])
    states = []
    for fast in (True, False):
        canvas = new_canvas("size.pdf")
        canvas.setPageSize((100, 200))
        if colour is not None:  # a page starting in another colour: reportlab's preamble
            canvas.setFillColorRGB(*colour)
        if fast:
            set_page(canvas, size, boxes)
        else:
            canvas.setPageSize(size)
            canvas.setBleedBox(boxes[0])
            canvas.setTrimBox(boxes[1])
        states.append((canvas._pagesize, canvas._preamble, canvas._bleedBox, canvas._trimBox,
                       list(canvas._code)))
    assert states[0] == states[1]


def test_print_shop_faces_placed_the_short_way_are_the_painters_bytes(tmp_path: Any) -> None:
    """`pages._shop_place` (kept placing operators, no reportlab calls) against the painter's
    own path, on faces of every outline, translucent ones and a back shown many times."""
    from cardgen.render import pages
    from cardgen.render.facekey import face_key
    from cardgen.render.pdf import Painter, reused_keys
    from tests.test_pdf_page_paths import FACES

    faces = list(FACES.values())
    keys = {id(d): face_key(d) for d in faces}
    out = []
    for short in (True, False):
        painter = Painter(reused_keys(keys[id(d)] for d in faces), keys)
        paint: Any = painter if short else (lambda *a, p=painter, **k: p(*a, **k))
        path = tmp_path / f"shop-{short}.pdf"
        pages.write_print_pdf(path, faces, title="T", subject="S", paint=paint, bleed=2.0)
        out.append(path.read_bytes())
    assert out[0] == out[1]
    assert b"/FormXob" in out[0] and b"Dieline" in out[0]


def test_registered_numbers_objects_as_reportlabs_reference() -> None:
    from reportlab.pdfbase import pdfdoc

    from cardgen.render.pdfsave import registered

    got = []
    for register in (registered, lambda doc, obj: doc.Reference(obj)):
        doc = new_canvas("refs.pdf")._doc
        a, b = pdfdoc.PDFStream(content="a"), pdfdoc.PDFStream(content="b")
        refs = [register(doc, a), register(doc, b), register(doc, a)]  # a again: its reference
        named = doc.Reference(pdfdoc.PDFStream(content="c"), "Named")
        refs += [register(doc, named), register(doc, "plain text")]
        got.append(([getattr(r, "name", r) for r in refs], doc.objectcounter,
                    sorted(doc.idToObjectNumberAndVersion.items())))
    assert got[0] == got[1]
