"""Print-shop PDFs: one page per face, trim + 3 mm bleed, TrimBox and BleedBox on every page."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from cardgen.layout.drawing import Drawing, Rect, Style, Text
from cardgen.render import pages as printshop
from cardgen.render.pdf import paint

MM = 72 / 25.4


def face(name: str, w: float, h: float) -> Drawing:
    d = Drawing(name, w, h, 3.0)
    d.add(Rect(-3, -3, w + 6, h + 6, Style(fill="#2F6DB5")))
    d.add(Text(4, 10, name, "regular", 8))
    return d


def test_every_page_has_trim_and_bleed_boxes(tmp_path: Path) -> None:
    faces = [face("Alpha", 63.5, 88.9), face("Alpha back", 63.5, 88.9), face("Mat", 200, 120)]
    target = tmp_path / "kind.pdf"
    pages = printshop.write_print_pdf(target, faces, title="T", subject="S", paint=paint)
    reader = PdfReader(target)
    assert pages == len(reader.pages) == 3
    for page, drawing in zip(reader.pages, faces, strict=True):
        w, h = drawing.width, drawing.height
        media = [float(v) for v in page.mediabox]
        bleed = [float(v) for v in page["/BleedBox"]]
        trim = [float(v) for v in page["/TrimBox"]]
        assert len(bleed) == len(trim) == 4
        assert media == pytest.approx([0, 0, (w + 6) * MM, (h + 6) * MM], abs=0.01)
        assert bleed == pytest.approx(media, abs=0.01)
        assert trim == pytest.approx([3 * MM, 3 * MM, (3 + w) * MM, (3 + h) * MM], abs=0.01)
    assert "Alpha back" in reader.pages[1].extract_text()
    assert reader.metadata.title == "T" and reader.metadata.author == "cardgen"


def test_poker_boxes_match_the_spec_numbers() -> None:
    bleed_box, trim_box = printshop.page_boxes(63.5, 88.9)
    assert bleed_box == pytest.approx((0, 0, 197.01, 269.01), abs=0.01)
    assert trim_box == pytest.approx((8.504, 8.504, 188.504, 260.504), abs=0.01)


def test_the_same_faces_give_the_same_bytes(tmp_path: Path) -> None:
    faces = [face("Alpha", 63.5, 88.9)]
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    printshop.write_print_pdf(a, faces, title="T", subject="S", paint=paint)
    printshop.write_print_pdf(b, faces, title="T", subject="S", paint=paint)
    assert a.read_bytes() == b.read_bytes()
