"""Shape styles and outlines for the PDF backend: colours, stroke width, dash, join and cap,
alpha (graphics states), and a gradient fill shaded inside its shape's outline (a clip), in
face space (mm with y down become pt with y up)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cardgen.layout.drawing import Ellipse, Path, PathOp, Rect, Style

K = mm  # points per mm


@cache
def pdf_color(hex_color: str) -> Color:
    return HexColor(hex_color)


def replayable(style: Style) -> bool:
    """True when a shape's operators name no per-page resource (graphics state, shading)."""
    return (style.opacity >= 1.0 and style.fill_alpha >= 1.0 and style.stroke_alpha >= 1.0
            and style.fill_paint is None)


_JOINS = {"miter": 0, "round": 1, "bevel": 2}
_CAPS = {"butt": 0, "round": 1, "square": 2}


def apply_style(canvas: Canvas, style: Style) -> tuple[int, int]:
    if style.fill:
        canvas.setFillColor(pdf_color(style.fill))
    if style.stroke:
        canvas.setStrokeColor(pdf_color(style.stroke))
        canvas.setLineWidth(style.stroke_width * K)
        canvas.setDash([d * K for d in style.dash] if style.dash else [])
        if style.join != "miter":
            canvas.setLineJoin(_JOINS[style.join])
        if style.cap != "butt":
            canvas.setLineCap(_CAPS[style.cap])
    if style.opacity < 1.0 or style.fill_alpha < 1.0:
        canvas.setFillAlpha(style.opacity * style.fill_alpha)
    if style.opacity < 1.0 or style.stroke_alpha < 1.0:
        canvas.setStrokeAlpha(style.opacity * style.stroke_alpha)
    return (1 if style.stroke else 0, 1 if style.fill else 0)


def shaded(canvas: Canvas, style: Style, outline: Callable[[], Any], even_odd: bool) -> None:
    """A shape whose fill is a gradient: the gradient shaded inside the outline (a clip),
    then the outline stroked. Gradient coordinates are mm in the shape's own space."""
    canvas.saveState()
    stroke, _ = apply_style(canvas, style)
    canvas.saveState()
    canvas.clipPath(outline(), stroke=0, fill=0, fillMode=0 if even_odd else 1)
    g = style.fill_paint
    assert g is not None
    colors = [pdf_color(c) for _, c in g.stops]
    positions = [t for t, _ in g.stops]
    if g.kind == "linear":
        x1, y1, x2, y2 = g.coords
        canvas.linearGradient(x1 * K, -y1 * K, x2 * K, -y2 * K, colors, positions, extend=True)
    else:
        cx, cy, r = g.coords
        canvas.radialGradient(cx * K, -cy * K, r * K, colors, positions, extend=True)
    canvas.restoreState()
    if stroke:
        canvas.drawPath(outline(), stroke=1, fill=0)
    canvas.restoreState()


def rect_outline(canvas: Canvas, r: Rect) -> Any:
    path = canvas.beginPath()
    args = (r.x * K, -(r.y + r.h) * K, r.w * K, r.h * K)
    if r.radius > 0:
        path.roundRect(*args, r.radius * K)
    else:
        path.rect(*args)
    return path


def ellipse_outline(canvas: Canvas, e: Ellipse) -> Any:
    path = canvas.beginPath()
    path.ellipse((e.cx - e.rx) * K, -(e.cy + e.ry) * K, 2 * e.rx * K, 2 * e.ry * K)
    return path


def path_outline(canvas: Canvas, p: Path) -> Any:
    pdf_path = canvas.beginPath()
    trace(pdf_path, p.ops)
    return pdf_path


def trace(pdf_path: Any, ops: Iterable[PathOp]) -> None:
    """Path operators (face mm, y down) onto a reportlab path (pt, y up)."""
    for op in ops:
        if op[0] == "M":
            pdf_path.moveTo(op[1] * K, -op[2] * K)
        elif op[0] == "L":
            pdf_path.lineTo(op[1] * K, -op[2] * K)
        elif op[0] == "C":
            pdf_path.curveTo(*(v * K * (1 if i % 2 == 0 else -1) for i, v in enumerate(op[1:])))
        elif op[0] == "Z":
            pdf_path.close()
