"""PDF and SVG backends: embedded fonts, placement, reuse, mm sizes, and the same picture."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops, ImageFilter
from pypdf import PdfReader
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cardgen.data.load import load_database
from cardgen.layout import LayoutSession, lay_out
from cardgen.layout.drawing import Drawing, Ellipse, Group, Rect, Style, Text
from cardgen.render.pdf import paint, write_faces
from cardgen.render.svg import to_svg

resvg_py = pytest.importorskip("resvg_py")
REPO = Path(__file__).resolve().parent.parent
STANDARD_14 = re.compile(r"Helvetica|Times|Courier|Symbol|ZapfDingbats")


@cache
def _db():
    return load_database(REPO, "l5", "0.6.5")


def _sample() -> Drawing:
    d = Drawing("sample", 40.0, 30.0, bleed=2.0)
    d.add(Rect(-2, -2, 44, 34, Style(fill="#7A4BB3")))
    d.add(Rect(0, 0, 10, 5, Style(fill="#FF0000")))  # marks the trim's top-left corner
    d.add(Ellipse(30, 20, 5, 5, Style(fill="#F08A24", stroke="#000000", stroke_width=0.5)))
    d.add(Text(2, 15, "Tārā", "bold", 12, "#FFFFFF"))
    d.add(Text(20, 27, "★ → −", "regular", 9, "#FFFFFF", "middle"))
    return d


def _pdf_png(path: Path, dpi: int = 150, page: int = 0) -> Image.Image:
    return pdfium.PdfDocument(str(path))[page].render(scale=dpi / 72).to_pil().convert("RGB")


def _svg_png(svg: str, dpi: int = 150) -> Image.Image:
    data = resvg_py.svg_to_bytes(svg_string=svg, dpi=dpi, background="#ffffff")
    return Image.open(io.BytesIO(bytes(data))).convert("RGB")


def _mean_difference(a: Image.Image, b: Image.Image) -> float:
    """Mean grey-level difference after evening out sub-pixel rounding and anti-aliasing."""
    assert abs(a.width - b.width) <= 1 and abs(a.height - b.height) <= 1
    soft_a = a.filter(ImageFilter.GaussianBlur(1.5))
    soft_b = b.resize(a.size, Image.Resampling.BILINEAR).filter(ImageFilter.GaussianBlur(1.5))
    hist = ImageChops.difference(soft_a, soft_b).convert("L").histogram()
    return sum(i * n for i, n in enumerate(hist)) / sum(hist)


def test_fonts_are_embedded_subsets_and_text_extracts(tmp_path: Path) -> None:
    out = tmp_path / "faces.pdf"
    write_faces(str(out), [_sample()])
    reader = PdfReader(str(out))
    fonts = reader.pages[0]["/Resources"]["/XObject"]
    seen = 0
    for xobject in fonts.values():
        for font in xobject.get_object()["/Resources"]["/Font"].values():
            font = font.get_object()
            assert not STANDARD_14.search(str(font["/BaseFont"]))
            descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
            assert "/FontFile2" in descendant["/FontDescriptor"].get_object()
            seen += 1
    assert seen >= 2  # regular and bold
    assert "Tārā" in reader.pages[0].extract_text()


def test_paint_places_the_trim_corner_and_clips_to_bleed(tmp_path: Path) -> None:
    out = tmp_path / "page.pdf"
    canvas = Canvas(str(out), pagesize=(100 * mm, 100 * mm), invariant=1)
    paint(canvas, _sample(), 20, 30, 100, bleed_mm=1.0)
    canvas.showPage()
    canvas.save()
    png = _pdf_png(out, dpi=254)  # 10 px per mm
    assert png.getpixel((205, 305))[:3] == (255, 0, 0)  # red mark just inside (20, 30)
    assert png.getpixel((195, 305))[0] < 200  # purple bleed 0.5 mm left of the trim
    assert png.getpixel((185, 305)) == (255, 255, 255)  # clipped beyond 1 mm of bleed


def test_paint_rotates_clockwise_into_the_given_corner(tmp_path: Path) -> None:
    out = tmp_path / "rot.pdf"
    canvas = Canvas(str(out), pagesize=(100 * mm, 100 * mm), invariant=1)
    paint(canvas, _sample(), 10, 10, 100, rotate=90)  # footprint 30 wide, 40 tall
    canvas.showPage()
    canvas.save()
    png = _pdf_png(out, dpi=254)
    assert png.getpixel((10 * 10 + 300 - 15, 10 * 10 + 30)) == (255, 0, 0)  # top-right corner
    assert png.getpixel((10 * 10 + 15, 10 * 10 + 30)) != (255, 0, 0)


def test_repeated_faces_share_one_form(tmp_path: Path) -> None:
    out = tmp_path / "reuse.pdf"
    canvas = Canvas(str(out), pagesize=(200 * mm, 200 * mm), invariant=1)
    for i in range(4):
        paint(canvas, _sample(), 5 + 45 * i, 5, 200)
    canvas.showPage()
    canvas.save()
    xobjects = PdfReader(str(out)).pages[0]["/Resources"]["/XObject"]
    assert len(xobjects) == 1


def test_svg_has_mm_size_and_viewbox() -> None:
    svg = to_svg(_sample(), bleed_mm=2.0)
    root = ET.fromstring(svg.encode("utf-8"))
    assert root.get("width") == "44mm" and root.get("height") == "34mm"
    assert root.get("viewBox") == "-2 -2 44 34"
    assert 'aria-label="Tārā"' in svg
    assert ET.fromstring(to_svg(_sample()).encode("utf-8")).get("width") == "40mm"


def test_sample_pdf_and_svg_draw_the_same_picture(tmp_path: Path) -> None:
    out = tmp_path / "sample.pdf"
    write_faces(str(out), [_sample()])
    assert _mean_difference(_pdf_png(out), _svg_png(to_svg(_sample(), bleed_mm=2.0))) < 2.0


@pytest.mark.parametrize("kind", ["orbit-card", "earth-card", "character-id", "character-token",
                                  "data-die", "reminder-card", "tech"])
def test_l5_faces_render_alike_in_pdf_and_svg(tmp_path: Path, kind: str) -> None:
    db = _db()
    session = LayoutSession(db)
    drawing = lay_out(session, db.of_kind(kind)[0], "front")
    out = tmp_path / f"{kind}.pdf"
    write_faces(str(out), [drawing])
    pdf_png = _pdf_png(out, dpi=150)
    svg_png = _svg_png(to_svg(drawing, bleed_mm=drawing.bleed), dpi=150)
    assert _mean_difference(pdf_png, svg_png) < 2.0
    # and the face is not blank: text and icons are there in both
    assert len(pdf_png.getcolors(1 << 16) or []) > 20


def test_the_comparison_sees_a_two_mm_shift(tmp_path: Path) -> None:
    db = _db()
    session = LayoutSession(db)
    drawing = lay_out(session, db.of_kind("orbit-card")[0], "front")
    moved = Drawing(drawing.name, drawing.width, drawing.height, drawing.bleed,
                    [drawing.items[0], Group(tuple(drawing.items[1:]), (1, 0, 0, 1, 2.0, 0))])
    out = tmp_path / "orbit.pdf"
    write_faces(str(out), [drawing])
    shifted = _svg_png(to_svg(moved, bleed_mm=drawing.bleed), dpi=150)
    assert _mean_difference(_pdf_png(out, dpi=150), shifted) > 4.0


def test_every_l5_face_gives_a_well_formed_svg_of_its_size() -> None:
    db = _db()
    session = LayoutSession(db)
    for c in db.components:
        for side in ("front", "back"):
            drawing = lay_out(session, c, side)
            if drawing is None:
                continue
            root = ET.fromstring(to_svg(drawing, bleed_mm=drawing.bleed).encode("utf-8"))
            w, h = drawing.width + 2 * drawing.bleed, drawing.height + 2 * drawing.bleed
            assert root.get("width") == f"{w:.4f}".rstrip("0").rstrip(".") + "mm", c.id
            assert root.get("height") == f"{h:.4f}".rstrip("0").rstrip(".") + "mm", c.id


def test_translucent_shapes_keep_their_opacity_inside_a_form(tmp_path) -> None:
    """A face drawn twice becomes a form XObject; its translucent shapes must still be
    translucent (reportlab writes form resources without their graphics states)."""
    import pypdfium2 as pdfium

    from cardgen.layout.drawing import Drawing, Rect, Style
    from cardgen.render import pdf

    face = Drawing("f", 63, 88, items=[Rect(-3, -3, 69, 94, style=Style(fill="#000000")),
                                       Rect(5, 5, 53, 78, style=Style(fill="#FFFFFF", opacity=0.5))])
    pdf.write_faces(str(tmp_path / "t.pdf"), [face, face])
    doc = pdfium.PdfDocument(str(tmp_path / "t.pdf"))
    try:
        for index in (0, 1):
            image = doc[index].render(scale=1).to_pil()
            grey = image.getpixel((image.width // 2, image.height // 2))
            assert all(120 <= c <= 135 for c in grey[:3]), (index, grey)
    finally:
        doc.close()
