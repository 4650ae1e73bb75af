"""The real L5 0.6.5 build: embedded fonts, searchable text, print-shop boxes, SVG sizes."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from pypdf import PdfReader

from cardgen.data.load import load_database
from cardgen.layout import LayoutSession, lay_out
from cardgen.pipeline import BuildOptions, build
from tests.conftest import REPO

MM = 72 / 25.4
STANDARD_14 = re.compile(r"Helvetica|Times|Courier|Symbol|ZapfDingbats")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory):
    db = load_database(REPO, "l5", "0.6.5")
    summary = build(db, tmp_path_factory.mktemp("out"), BuildOptions(preview=False))
    return db, summary.folder


def _fonts(reader: PdfReader):
    for page in reader.pages:
        fonts = page.get("/Resources", {}).get("/Font", {})
        for ref in fonts.values():
            yield ref.get_object()
        for xobj in page.get("/Resources", {}).get("/XObject", {}).values():
            for ref in xobj.get_object().get("/Resources", {}).get("/Font", {}).values():
                yield ref.get_object()


def test_every_font_in_every_pdf_is_embedded(built) -> None:
    _, folder = built
    pdfs = sorted(folder.rglob("*.pdf"))
    assert len(pdfs) >= 10
    seen = 0
    for pdf in pdfs:  # (a sheet of dice stickers has no text, so no font)
        for font in _fonts(PdfReader(pdf)):
            seen += 1
            assert not STANDARD_14.search(str(font["/BaseFont"])), (pdf.name, font["/BaseFont"])
            descendants = font.get("/DescendantFonts")
            descriptor = (descendants[0].get_object() if descendants else font)["/FontDescriptor"]
            assert "/FontFile2" in descriptor.get_object(), (pdf.name, font["/BaseFont"])
    assert seen >= len(pdfs) - 1


def test_the_macrons_of_tara_survive(built) -> None:
    _, folder = built
    text = "".join(p.extract_text() for name in ("pnp-letter.pdf", "pnp-letter-single.pdf")
                   for p in PdfReader(folder / name).pages)
    assert "Tārā" in text


def test_print_shop_pages_have_trim_and_three_mm_bleed(built) -> None:
    db, folder = built
    session = LayoutSession(db)
    for pdf in sorted((folder / "print").glob("*.pdf")):
        faces = [lay_out(session, c, side) for c in db.of_kind(pdf.stem) for side in ("front", "back")]
        sizes = {(round(f.width, 1), round(f.height, 1)) for f in faces if f is not None}
        pages = PdfReader(pdf).pages
        assert len(pages) == sum(f is not None for f in faces)
        for page in pages:
            x0, y0, x1, y1 = (float(v) for v in page["/TrimBox"])
            bx0, by0, bx1, by1 = (float(v) for v in page["/BleedBox"])
            assert (round((x1 - x0) / MM, 1), round((y1 - y0) / MM, 1)) in sizes, pdf.name
            for trim, bleed in ((x0, bx0), (y0, by0)):
                assert trim - bleed == pytest.approx(3 * MM, abs=0.01)
            for trim, bleed in ((x1, bx1), (y1, by1)):
                assert bleed - trim == pytest.approx(3 * MM, abs=0.01)


def test_svg_size_in_mm_is_the_face_size(built) -> None:
    db, folder = built
    session = LayoutSession(db)
    by_id = db.by_id()
    svgs = sorted((folder / "svg").rglob("*.svg"))
    assert svgs
    for svg in svgs:
        root = ET.parse(svg).getroot()
        cid = svg.stem.removesuffix("-back")
        side = "back" if svg.stem.endswith("-back") else "front"
        face = lay_out(session, by_id[cid], side)
        assert face is not None
        width, height = (float(root.get(k, "0mm").removesuffix("mm")) for k in ("width", "height"))
        assert width == pytest.approx(face.width, abs=0.01) or width == pytest.approx(
            face.width + 2 * face.bleed, abs=0.01)
        assert height == pytest.approx(face.height, abs=0.01) or height == pytest.approx(
            face.height + 2 * face.bleed, abs=0.01)


def test_every_component_is_printed_as_often_as_its_count(built) -> None:
    import json

    db, folder = built
    from tests.support.homeprint import home_copies

    data = json.loads((folder / "manifest.json").read_text())
    for paper in ("letter", "a4"):
        copies = home_copies(data, paper)
        for c in db.components:
            assert copies[c.id]["front"] == c.count, (paper, c.id)
            if c.kind in ("orbit-card", "earth-card"):
                assert copies[c.id]["back"] == c.count, (paper, c.id)
