"""Every backend implements the Renderer protocol: one face -> one file of the face's size."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image

from cardgen.layout.drawing import Drawing, Rect, Style, Text
from cardgen.render.base import renderer


def face() -> Drawing:
    d = Drawing("sample", 63.5, 88.9, 3.0)
    d.add(Rect(-3, -3, 69.5, 94.9, Style(fill="#204080")))
    d.add(Text(5, 12, "Sample", "bold", 12, "#FFFFFF"))
    return d


@pytest.mark.parametrize("bleed", [0.0, 3.0])
def test_pdf_renderer_writes_one_page_of_the_face_size(tmp_path: Path, bleed: float) -> None:
    target = tmp_path / "face.pdf"
    renderer(".pdf").write_face(face(), target, bleed_mm=bleed)
    doc = pdfium.PdfDocument(str(target))
    w, h = doc[0].get_size()
    assert len(doc) == 1
    assert (w, h) == pytest.approx(((63.5 + 2 * bleed) / 25.4 * 72, (88.9 + 2 * bleed) / 25.4 * 72),
                                   abs=0.01)
    doc.close()


def test_svg_renderer_writes_the_face_in_mm(tmp_path: Path) -> None:
    target = tmp_path / "face.svg"
    renderer(".svg").write_face(face(), target, bleed_mm=3.0)
    root = ET.parse(target).getroot()
    assert (root.get("width"), root.get("height")) == ("69.5mm", "94.9mm")
    assert root.get("viewBox") == "-3 -3 69.5 94.9"


def test_png_renderer_writes_pixels_at_its_dpi(tmp_path: Path) -> None:
    target = tmp_path / "face.png"
    renderer(".png").write_face(face(), target, bleed_mm=3.0)
    with Image.open(target) as image:
        assert image.size == (round(69.5 / 25.4 * 300), round(94.9 / 25.4 * 300))
        assert image.getpixel((10, 10))[:3] == (0x20, 0x40, 0x80)


def test_unknown_suffix_is_refused() -> None:
    with pytest.raises(ValueError, match="no renderer"):
        renderer(".tiff")
