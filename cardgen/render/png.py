"""PDF pages -> PNG previews: pages at about 100 dpi, and contact sheets of faces, a few per sheet.

Pages are rendered one at a time and written straight to disk, and a contact sheet holds at
most SHEET_FACES faces, so memory stays flat however many pages or faces a build has. Every
function works on a slice (a range of pages, one sheet) so a build can spread the slices over
processes. PNGs are written as 256-colour palette images (fast octree) with zlib level 1:
about a third of the bytes of a full-colour PNG and faster to write (a page preview has flat
colours and anti-aliased edges, which 256 colours keep).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported where used: a build without previews never loads pdfium or Pillow
    import pypdfium2 as pdfium
    from PIL import Image

    from cardgen.layout.drawing import Drawing

PREVIEW_DPI = 100
THUMB_W, THUMB_H, CAPTION = 150, 210, 14
COLUMNS, ROWS = 8, 8
SHEET_FACES = COLUMNS * ROWS
PNG_LEVEL = 1

FaceRef = tuple[str, int]  # (pdf path, 0-based page index)


def save_png(image: Image.Image, target: Path) -> None:
    from PIL import Image

    palette = image.quantize(colors=256, method=Image.Quantize.FASTOCTREE)
    palette.save(target, optimize=False, compress_level=PNG_LEVEL)
    palette.close()


def render(page: pdfium.PdfPage, scale: float) -> Image.Image:
    """A page as an RGB image (pdfium writes RGB order directly: no channel swap)."""
    return page.render(scale=scale, rev_byteorder=True).to_pil().convert("RGB")


_OPEN: dict[tuple[str, int, int, int], pdfium.PdfDocument] = {}


def document(pdf: str | Path) -> pdfium.PdfDocument:
    """`pdf` opened once per process while it is unchanged (close_documents() ends that).

    pdfium reads a document's page tree on the first page asked for, which takes time in
    proportion to its pages: tasks that each reopened a 12,000-page PDF for a few pages made
    previews quadratic in the number of cards."""
    import pypdfium2 as pdfium

    st = os.stat(pdf)
    key = (str(pdf), st.st_ino, st.st_mtime_ns, st.st_size)
    if key not in _OPEN:
        _OPEN[key] = pdfium.PdfDocument(str(pdf))
    return _OPEN[key]


def close_documents() -> None:
    """Close every document document() opened in this process."""
    while _OPEN:
        _OPEN.popitem()[1].close()


def render_pages(pdf: Path, pages: Sequence[int], targets: Sequence[Path],
                 dpi: int = PREVIEW_DPI) -> None:
    """Render the given 0-based pages of `pdf` to the matching target PNGs."""
    doc = document(pdf)
    for i, target in zip(pages, targets, strict=True):
        page = doc[i]
        image = render(page, dpi / 72)
        save_png(image, target)
        image.close()
        page.close()


def page_png_name(stem: str, index: int) -> str:
    """The file name of 0-based page `index` of a PDF with this stem."""
    return f"{stem}-{index + 1:03d}.png"


def pdf_pages_to_png(pdf: Path, out_dir: Path, stem: str, dpi: int = PREVIEW_DPI) -> list[Path]:
    """Render each page of `pdf` to out_dir/<stem>-NNN.png; the written paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    targets = [out_dir / page_png_name(stem, i) for i in range(page_count(pdf))]
    try:
        render_pages(pdf, range(len(targets)), targets, dpi)
    finally:
        close_documents()
    return targets


def thumbnail(page: pdfium.PdfPage) -> Image.Image:
    """A page at 60 dpi (a poker card fills the cell), shrunk further to fit a cell."""
    w, h = page.get_size()
    scale = min(THUMB_W / w, THUMB_H / h, 60 / 72)
    return render(page, scale)


def sheet_names(faces: int) -> list[str]:
    """File names of the contact sheets for this many faces: one sheet keeps the plain name."""
    sheets = max(1, -(-faces // SHEET_FACES))
    if sheets == 1:
        return ["contact-sheet.png"]
    return [f"contact-sheet-{n:03d}.png" for n in range(1, sheets + 1)]


def contact_sheet_page(faces: Sequence[FaceRef], captions: Sequence[str], keys: Sequence[str],
                       target: Path) -> int:
    """One contact sheet: the given PDF pages as a thumbnail grid with a caption each.

    Faces with the same key (identical content, e.g. a shared card back) are rendered once.
    Returns the number of faces on the sheet.
    """
    from PIL import Image, ImageDraw

    rows = max(1, -(-len(faces) // COLUMNS))
    cell_w, cell_h = THUMB_W + 10, THUMB_H + CAPTION + 10
    sheet = Image.new("RGB", (COLUMNS * cell_w, rows * cell_h), "white")
    draw = ImageDraw.Draw(sheet)
    thumbs: dict[str, Image.Image] = {}
    try:
        for k, ((pdf, index), caption, key) in enumerate(zip(faces, captions, keys, strict=True)):
            if key not in thumbs:
                page = document(pdf)[index]
                thumbs[key] = thumbnail(page)
                page.close()
            thumb = thumbs[key]
            x, y = (k % COLUMNS) * cell_w + 5, (k // COLUMNS) * cell_h + 5
            sheet.paste(thumb, (x + (THUMB_W - thumb.width) // 2, y))
            draw.text((x, y + THUMB_H + 2), caption[:26], fill="black")
    finally:
        for thumb in thumbs.values():
            thumb.close()
    save_png(sheet, target)
    sheet.close()
    return len(faces)


def contact_sheet(pdfs: Sequence[Path], captions: Sequence[str], target: Path) -> int:
    """Every page of the given PDFs on one sheet (small sets; builds use contact_sheet_page)."""
    faces = [(str(p), i) for p in pdfs for i in range(page_count(p))]
    named = [captions[k] if k < len(captions) else "" for k in range(len(faces))]
    try:
        return contact_sheet_page(faces, named, [f"{p}#{i}" for p, i in faces], target)
    finally:
        close_documents()


def page_count(pdf: Path) -> int:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        return len(doc)
    finally:
        doc.close()


class PngRenderer:
    """The PNG backend of the Renderer protocol: one face -> a PNG at `dpi` (through its PDF)."""

    suffix = ".png"

    def __init__(self, dpi: int = 300) -> None:
        self.dpi = dpi

    def write_face(self, drawing: Drawing, path: Path, *, bleed_mm: float = 0.0) -> None:
        import pypdfium2 as pdfium

        from cardgen.render.pdf import PdfRenderer

        with tempfile.TemporaryDirectory(prefix="cardgen-png-") as folder:
            pdf = Path(folder) / "face.pdf"
            PdfRenderer().write_face(drawing, pdf, bleed_mm=bleed_mm)
            doc = pdfium.PdfDocument(str(pdf))
            try:
                page = doc[0]
                image = render(page, self.dpi / 72)
                image.save(path, optimize=False, compress_level=PNG_LEVEL)
                image.close()
                page.close()
            finally:
                doc.close()
