"""Page plans and faces -> PDF pages: home-print sheets (draw_page) and print-shop pages.

Home print: faces through `paint` (cardgen.render.pdf), clipped to their slot, then the page's
marks and labels. Print shop: one page per face at trim + 3 mm bleed, MediaBox = BleedBox =
trim + bleed each side and TrimBox = trim, as 4-tuples in points (print-spec 2.3 and 5.3;
reportlab keeps boxes as canvas state, so each page sets them again). A component's back page
follows its front page. A face whose cut line is no plain rectangle (a hex, a polygon, a disc)
carries it as a die line in the Dieline spot colour. Fonts are embedded TrueType subsets.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cardgen.impose.geometry import PRINT_BLEED, Page
from cardgen.layout.drawing import Drawing, Text
from cardgen.render.cutout import is_shaped
from cardgen.render.pdf import compact_last_page, draw_die_line, draw_items, new_canvas, page_boxes

FaceKey = tuple[str, str]


def draw_page(canvas: Canvas, page: Page, faces: Mapping[FaceKey, Drawing], paint: Callable[..., None]
              ) -> None:
    """Draw one planned page: faces through `paint` (render_pdf.paint), then marks and labels.

    faces maps (component id, side) -> Drawing; clipping here narrows paint's own bleed clip
    so butted neighbours do not overprint each other.
    """
    height = page.paper.height
    canvas.setPageSize((page.paper.width * mm, height * mm))
    for p in page.placements:
        drawing = faces[p.face]
        canvas.saveState()
        clip = canvas.beginPath()
        clip.rect(p.clip.x * mm, (height - p.clip.bottom) * mm, p.clip.w * mm, p.clip.h * mm)
        canvas.clipPath(clip, stroke=0, fill=0)
        paint(canvas, drawing, p.slot.x, p.slot.y, height,
              bleed_mm=drawing.bleed if p.bleed is None else p.bleed, rotate=p.slot.rotate)
        canvas.restoreState()
    canvas.saveState()
    for line in page.lines:
        canvas.setStrokeGray(line.gray)
        canvas.setLineWidth(line.width * mm)
        canvas.setDash([d * mm for d in line.dash] if line.dash else [])
        canvas.line(line.x1 * mm, (height - line.y1) * mm, line.x2 * mm, (height - line.y2) * mm)
    canvas.setDash([])
    canvas.setStrokeGray(0)
    for c in page.circles:
        canvas.setStrokeGray(c.gray)
        canvas.setLineWidth(c.width * mm)
        canvas.circle(c.cx * mm, (height - c.cy) * mm, c.r * mm, stroke=1, fill=0)
    canvas.setFillGray(0)
    for label in page.labels:
        canvas.saveState()
        canvas.translate(label.x * mm, (height - label.y) * mm)
        canvas.rotate(label.angle)
        draw_items(canvas, [Text(0.0, 0.0, label.text, "bold" if label.bold else "regular",
                                 label.size)])  # shaped, as impose measured it
        canvas.restoreState()
    canvas.restoreState()
    canvas.showPage()


def write_print_pdf(
    path: Path,
    faces: Sequence[Drawing],
    *,
    title: str,
    subject: str,
    paint: Callable[..., None],
    bleed: float = PRINT_BLEED,
    begin: Callable[[Canvas], None] | None = None,
) -> int:
    """Write the faces one per page (already ordered front, back, front, ...); page count.
    `begin` is handed the new canvas before anything is drawn (fonts primed)."""
    canvas = new_canvas(str(path), title=title, subject=subject)
    if begin is not None:
        begin(canvas)
    for drawing in faces:
        bleed_box, trim_box = page_boxes(drawing.width, drawing.height, bleed)
        canvas.setPageSize((bleed_box[2], bleed_box[3]))
        canvas.setBleedBox(bleed_box)
        canvas.setTrimBox(trim_box)
        paint(canvas, drawing, bleed, bleed, drawing.height + 2 * bleed, bleed_mm=bleed)
        if is_shaped(drawing):  # a hex, polygon or round piece is die-cut along its outline
            draw_die_line(canvas, drawing, bleed, bleed, drawing.height + 2 * bleed)
        canvas.showPage()
        compact_last_page(canvas)
    canvas.save()
    return len(faces)
