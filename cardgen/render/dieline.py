"""The print shop's die line: a face's cut line stroked in the Dieline spot colour."""

from __future__ import annotations

from reportlab.lib.colors import CMYKColorSep
from reportlab.pdfgen.canvas import Canvas

from cardgen.layout.drawing import Drawing
from cardgen.layout.outline import face_outline
from cardgen.render.pdf import placement
from cardgen.render.pdf_style import trace

# the die line's ink: a named spot colour (shown magenta), overprinting, which a shop's RIP
# gives to the cutter and never prints; set even where the canvas enforces CMYK
DIE_INK = CMYKColorSep(0, 1, 0, 0, spotName="Dieline")


def stroke_die_ink(canvas: Canvas) -> None:
    """Stroke in the Dieline spot colour, 0.25 pt, overprinting (canvas state: save it first)."""
    enforce = canvas._enforceColorSpace
    canvas._enforceColorSpace = None  # a separation, not one of the page's process inks
    canvas.setStrokeColor(DIE_INK)
    canvas._enforceColorSpace = enforce
    canvas.setStrokeOverprint(True)
    canvas.setLineWidth(0.25)


def draw_die_line(canvas: Canvas, drawing: Drawing, x_mm: float, y_mm: float, page_h_mm: float
                  ) -> None:
    """The face's cut line (its outline at the trim) stroked over it in the Dieline spot colour:
    a print shop's die line, for a face with its trim top-left at (x_mm, y_mm)."""
    canvas.saveState()
    canvas.transform(*placement(0, x_mm, y_mm, drawing.width, drawing.height, page_h_mm))
    stroke_die_ink(canvas)
    line = canvas.beginPath()
    trace(line, face_outline(drawing))
    canvas.drawPath(line, stroke=1, fill=0)
    canvas.restoreState()
