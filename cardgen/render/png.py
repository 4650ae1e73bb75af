"""PDF pages -> PNG previews: pages at about 100 dpi, and contact sheets of faces, a few per sheet.

Pages are rendered one at a time and written straight to disk, and a contact sheet holds at
most SHEET_FACES faces, so memory stays flat however many pages or faces a build has. Every
function works on a slice (a range of pages, one sheet) so a build can spread the slices over
processes. PNGs are written as 256-colour palette images (a fast octree on a half-size copy,
pixels mapped to it undithered) with zlib level 1:
about a third of the bytes of a full-colour PNG and faster to write (a page preview has flat
colours and anti-aliased edges, which 256 colours keep).
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
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
PALETTE_SAMPLE = 2  # the palette is found on a copy this many times smaller a side

FaceRef = tuple[str, int]  # (pdf path, 0-based page index)


def save_png(image: Image.Image, target: Path) -> None:
    """`image` as a 256-colour PNG: the palette is found on a half-size copy (a quarter of the
    pixels: the flat colours and the edge shades are all there), then every pixel is mapped to
    its nearest palette colour without dithering; twice as fast as an octree over the whole
    image, and the same look (mean error per pixel 1.30 against 1.27 of 255)."""
    from PIL import Image

    sample = image.reduce(PALETTE_SAMPLE) if min(image.size) >= 4 * PALETTE_SAMPLE else image
    colours = sample.quantize(colors=256, method=Image.Quantize.FASTOCTREE)
    palette = image.quantize(palette=colours, dither=Image.Dither.NONE)
    palette.save(target, optimize=False, compress_level=PNG_LEVEL)
    for done in {id(sample): sample, id(colours): colours, id(palette): palette}.values():
        if done is not image:
            done.close()


def render(page: pdfium.PdfPage, scale: float) -> Image.Image:
    """A page as an RGB image (pdfium writes RGB order directly: no channel swap). An opaque
    page comes as 3-byte RGB, which PIL copies into an image of its own: no second copy."""
    image: Image.Image = page.render(scale=scale, rev_byteorder=True).to_pil()
    return image if image.mode == "RGB" else image.convert("RGB")


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


class PngRenderer:
    """The PNG backend of the Renderer protocol: one face -> a PNG at `dpi` (through its PDF)."""

    suffix = ".png"

    def __init__(self, dpi: int = 300) -> None:
        self.dpi = dpi

    def write_face(self, drawing: Drawing, path: Path, *, bleed_mm: float = 0.0) -> None:
        import tempfile

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


# --------------------------------------------------------------------------- exact-size faces


def pixels(mm: float, dpi: int) -> int:
    """A length in mm -> whole pixels at dpi (63.5 mm + 2 x 1/8 in at 300 dpi -> 825)."""
    return round(mm * dpi / 25.4)


def face_size_px(drawing: Drawing, dpi: int, bleed_mm: float) -> tuple[int, int]:
    """The pixel size of a face at trim + 2 * bleed_mm (any bleed, not only the face's own)."""
    return (pixels(drawing.width + 2 * bleed_mm, dpi), pixels(drawing.height + 2 * bleed_mm, dpi))


def face_images(drawings: Sequence[Drawing], dpi: int, bleed_mm: float) -> Iterator[Image.Image]:
    """Each face as an RGB image of exactly face_size_px(drawing, dpi, bleed_mm) pixels.

    The art is rendered with as much bleed as the face has (at most bleed_mm); where a
    service asks for more bleed than the layout drew (1/8 in = 3.175 mm against a 3 mm
    layout bleed), the outermost rendered pixels are repeated outwards, the usual way to
    extend a background to a wider bleed (about 2 px a side at 300 dpi).
    """
    if not drawings:
        return
    import tempfile

    import pypdfium2 as pdfium

    from cardgen.render.pdf import write_faces

    drawn = max(0.0, min([bleed_mm, *(d.bleed for d in drawings)]))
    with tempfile.TemporaryDirectory(prefix="cardgen-faces-") as folder:
        pdf = Path(folder) / "faces.pdf"
        write_faces(str(pdf), list(drawings), bleed_mm=drawn)
        doc = pdfium.PdfDocument(str(pdf))
        try:
            for index, drawing in enumerate(drawings):
                page = doc[index]
                art = render(page, dpi / 72)
                page.close()
                yield fit_to_bleed(art, face_size_px(drawing, dpi, drawn),
                                   face_size_px(drawing, dpi, bleed_mm))
        finally:
            doc.close()


def fit_to_bleed(art: Image.Image, drawn: tuple[int, int], wanted: tuple[int, int]) -> Image.Image:
    """Art rendered at `drawn` px (trim + its bleed) -> `wanted` px, edges repeated outwards."""
    from PIL import Image

    if art.size != drawn:  # pdfium rounds the page size its own way: at most a pixel off
        art = art.resize(drawn, Image.Resampling.LANCZOS)
    if drawn == wanted:
        return art
    left, top = (wanted[0] - drawn[0]) // 2, (wanted[1] - drawn[1]) // 2
    right, bottom = wanted[0] - drawn[0] - left, wanted[1] - drawn[1] - top
    return extend_edges(art, left, top, right, bottom)


def extend_edges(art: Image.Image, left: int, top: int, right: int, bottom: int) -> Image.Image:
    """The image with its border pixels repeated outwards by the given widths (negative crops)."""
    from PIL import Image

    if min(left, top, right, bottom) < 0:
        art = art.crop((max(0, -left), max(0, -top), art.width - max(0, -right),
                        art.height - max(0, -bottom)))
        left, top, right, bottom = (max(0, v) for v in (left, top, right, bottom))
    w, h = art.width, art.height
    out = Image.new(art.mode, (w + left + right, h + top + bottom))
    out.paste(art, (left, top))
    strips = [((0, 0, 1, h), (left, h), (0, top)), ((w - 1, 0, w, h), (right, h), (left + w, top))]
    for box, size, at in strips:
        if size[0] > 0:
            out.paste(art.crop(box).resize(size), at)
    full_w = out.width
    rows = [((0, top, full_w, top + 1), (full_w, top), (0, 0)),
            ((0, top + h - 1, full_w, top + h), (full_w, bottom), (0, top + h))]
    for box, size, at in rows:
        if size[1] > 0:
            out.paste(out.crop(box).resize(size), at)
    return out


def write_face_pngs(drawings: Sequence[Drawing], targets: Sequence[Path], dpi: int,
                    bleed_mm: float) -> list[tuple[int, int]]:
    """Each face to its target PNG at exact pixel size, dpi recorded; the sizes written. A face
    whose cut line is not a plain rectangle is transparent outside it (cardgen.render.cutout)."""
    from cardgen.render.cutout import cut_out

    sizes = []
    for drawing, image, target in zip(drawings, face_images(drawings, dpi, bleed_mm), targets,
                                       strict=True):
        image = cut_out(image, drawing, bleed_mm)
        image.save(target, dpi=(dpi, dpi), optimize=False, compress_level=PNG_LEVEL)
        sizes.append(image.size)
        image.close()
    return sizes
