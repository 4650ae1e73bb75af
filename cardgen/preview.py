"""PDF files -> PNG previews: every page at about 100 dpi, and a contact sheet of all faces.

Pages are rendered one at a time and written straight to disk, so memory stays flat however
many pages a build has.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image, ImageDraw

PREVIEW_DPI = 100
THUMB_W, THUMB_H, CAPTION = 150, 210, 14


def pdf_pages_to_png(pdf: Path, out_dir: Path, stem: str, dpi: int = PREVIEW_DPI) -> list[Path]:
    """Render each page of `pdf` to out_dir/<stem>-NNN.png; the written paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    doc = pdfium.PdfDocument(str(pdf))
    try:
        for i in range(len(doc)):
            page = doc[i]
            image = page.render(scale=dpi / 72).to_pil()
            target = out_dir / f"{stem}-{i + 1:03d}.png"
            image.save(target, optimize=False)
            written.append(target)
            image.close()
            page.close()
    finally:
        doc.close()
    return written


def thumbnail(page: pdfium.PdfPage) -> Image.Image:
    """A page at 60 dpi (a poker card fills the cell), shrunk further to fit a cell."""
    w, h = page.get_size()
    scale = min(THUMB_W / w, THUMB_H / h, 60 / 72)
    return page.render(scale=scale).to_pil().convert("RGB")


def contact_sheet(pdfs: Sequence[Path], captions: Sequence[str], target: Path,
                  columns: int = 8) -> int:
    """Every page of the given PDFs as a thumbnail grid with a caption each; number of faces."""
    count = sum(_page_count(p) for p in pdfs)
    rows = max(1, math.ceil(count / columns))
    cell_w, cell_h = THUMB_W + 10, THUMB_H + CAPTION + 10
    sheet = Image.new("RGB", (columns * cell_w, rows * cell_h), "white")
    draw = ImageDraw.Draw(sheet)
    k = 0
    for pdf in pdfs:
        doc = pdfium.PdfDocument(str(pdf))
        try:
            for i in range(len(doc)):
                page = doc[i]
                thumb = thumbnail(page)
                x, y = (k % columns) * cell_w + 5, (k // columns) * cell_h + 5
                sheet.paste(thumb, (x + (THUMB_W - thumb.width) // 2, y))
                caption = captions[k] if k < len(captions) else ""
                draw.text((x, y + THUMB_H + 2), caption[:26], fill="black")
                thumb.close()
                page.close()
                k += 1
        finally:
            doc.close()
    sheet.save(target)
    return count


def _page_count(pdf: Path) -> int:
    doc = pdfium.PdfDocument(str(pdf))
    try:
        return len(doc)
    finally:
        doc.close()
