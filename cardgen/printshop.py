"""Faces of one kind -> a print-shop PDF: one page per face at trim + 3 mm bleed, with boxes.

Every page sets MediaBox = BleedBox = trim + 3 mm each side and TrimBox = trim, as 4-tuples in
points (print-spec 2.3 and 5.3; reportlab keeps boxes as canvas state, so each page sets them
again). A component's back page follows its front page. Fonts are embedded TrueType subsets.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from reportlab.lib.units import mm

from cardgen.drawing import Drawing
from cardgen.render_pdf import compact_last_page, new_canvas

PRINT_BLEED = 3.0

Box4 = tuple[float, float, float, float]


def page_boxes(width: float, height: float, bleed: float = PRINT_BLEED) -> tuple[Box4, Box4]:
    """(bleed box, trim box) in points for a face of width x height mm."""
    bleed_box = (0.0, 0.0, (width + 2 * bleed) * mm, (height + 2 * bleed) * mm)
    trim_box = (bleed * mm, bleed * mm, (bleed + width) * mm, (bleed + height) * mm)
    return bleed_box, trim_box


def write_print_pdf(
    path: Path,
    faces: Sequence[Drawing],
    *,
    title: str,
    subject: str,
    paint: Callable[..., None],
    bleed: float = PRINT_BLEED,
) -> int:
    """Write the faces one per page (already ordered front, back, front, ...); page count."""
    canvas = new_canvas(str(path))  # bundled initial font: no standard-14 font in the file
    canvas.setTitle(title)
    canvas.setAuthor("cardgen")
    canvas.setSubject(subject)
    canvas.setCreator("cardgen")
    for drawing in faces:
        bleed_box, trim_box = page_boxes(drawing.width, drawing.height, bleed)
        canvas.setPageSize((bleed_box[2], bleed_box[3]))
        canvas.setBleedBox(bleed_box)
        canvas.setTrimBox(trim_box)
        paint(canvas, drawing, bleed, bleed, drawing.height + 2 * bleed, bleed_mm=bleed)
        canvas.showPage()
        compact_last_page(canvas)
    canvas.save()
    return len(faces)
