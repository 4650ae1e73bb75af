"""Shape styles and outlines for the PDF backend: colours, stroke width, dash, join and cap,
alpha (graphics states), and a gradient fill shaded inside its shape's outline (a clip), in
face space (mm with y down become pt with y up)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.rl_accel import fp_str
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfdoc import PDF_SUPPORT_VERSION
from reportlab.pdfgen.canvas import PATH_OPS, Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

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


# ------------------------------------------------------- opaque shapes without reportlab's calls
#
# An opaque shape in plain colours is drawn once per process (`pdfreplay.recorded` keeps its
# operators), but a deck has hundreds of them: reportlab's saveState, colour, width and dash
# setters and restoreState cost ~20 us a shape in attribute copies and type checks, for
# operators that depend on nothing but the style and the outline. `plain_rect`,
# `plain_ellipse` and `plain_path` append what those calls append (the same strings: the same
# reportlab formatting of the same numbers; tested against them) and ask the PDF version a
# colour asks; the state those calls set, restoreState undoes, so nothing else changes. A style
# reportlab must set itself (a colour space enforced, a dash, a colour with alpha, an alpha
# already set in the graphics state) is drawn by reportlab.

_TRANSPARENCY = PDF_SUPPORT_VERSION["transparency"]  # what setting a colour asks (its alpha)


@cache
def _colour_op(hex_color: str, op: str) -> str | None:
    """setFillColor's (op "rg") or setStrokeColor's ("RG") operator for an opaque RGB colour."""
    c = pdf_color(hex_color)
    if type(c) is not Color or c.alpha != 1:
        return None
    return "%s %s" % (fp_str((c.red, c.green, c.blue)), op)  # noqa: UP031 (reportlab's own)


def _plain_style(canvas: Canvas, style: Style) -> list[str] | None:
    """saveState's and `apply_style`'s operators for an opaque style in plain colours (the PDF
    version their colours ask given), or None when reportlab must set the style."""
    if (canvas._enforceColorSpace or style.dash or not replayable(style)
            or canvas._extgstate._d.get("ca", 1) != 1 or canvas._extgstate._d.get("CA", 1) != 1):
        return None
    ops = ["q"]
    if style.fill:
        fill = _colour_op(style.fill, "rg")
        if fill is None:
            return None
        ops.append(fill)
    if style.stroke:
        stroke = _colour_op(style.stroke, "RG")
        if stroke is None:
            return None
        ops += (stroke, "%s w" % fp_str(style.stroke_width * K), "[] 0 d")  # noqa: UP031
        if style.join != "miter":
            ops.append("%d j" % _JOINS[style.join])  # noqa: UP031
        if style.cap != "butt":
            ops.append("%d J" % _CAPS[style.cap])  # noqa: UP031
    if style.fill or style.stroke:
        doc = canvas._doc
        doc._pdfVersion = max(doc._pdfVersion, _TRANSPARENCY)
    return ops


def _painted(style: Style, fill_mode: int) -> str:
    """The operator that strokes and fills a path as the style asks (reportlab's PATH_OPS)."""
    return str(PATH_OPS[1 if style.stroke else 0, 1 if style.fill else 0, fill_mode])


def plain_rect(canvas: Canvas, r: Rect) -> bool:
    """`render.pdf._rect` by its operators (see above); False: not drawn, reportlab must."""
    ops = _plain_style(canvas, r.style)
    if ops is None:
        return False
    code = canvas._code
    code += ops
    args = (r.x * K, -(r.y + r.h) * K, r.w * K, r.h * K)
    if r.radius > 0:  # Canvas.roundRect
        PDFPathObject(code=code).roundRect(*args, r.radius * K)
        code.append(_painted(r.style, canvas._fillMode))
    else:  # Canvas.rect
        code.append("n %s re " % fp_str(*args) + _painted(r.style, canvas._fillMode))  # noqa: UP031
    code.append("Q")
    return True


def plain_ellipse(canvas: Canvas, e: Ellipse) -> bool:
    """`render.pdf._ellipse` by its operators (Canvas.ellipse's); False: reportlab must."""
    ops = _plain_style(canvas, e.style)
    if ops is None:
        return False
    code = canvas._code
    code += ops
    x1, y1, x2, y2 = (e.cx - e.rx) * K, -(e.cy + e.ry) * K, (e.cx + e.rx) * K, -(e.cy - e.ry) * K
    PDFPathObject(code=code).ellipse(x1, y1, x2 - x1, y2 - y1)
    code.append(_painted(e.style, canvas._fillMode))
    code.append("Q")
    return True


def plain_path(canvas: Canvas, p: Path) -> bool:
    """`render.pdf._path` by its operators (Canvas.drawPath's); False: reportlab must."""
    style_ops = _plain_style(canvas, p.style)
    if style_ops is None:
        return False
    code = canvas._code
    code += style_ops
    ops = p.ops
    code.append(_path_code(ops) if type(ops) is tuple and ops and ops[0][0] == "M"
                else str(path_outline(canvas, p).getCode()))
    code.append(_painted(p.style, 0 if p.fill_rule == "evenodd" else 1))
    code.append("Q")
    return True


def _path_code(ops: tuple[PathOp, ...]) -> str:
    """`path_outline(...).getCode()` of operators starting with a move: what `trace` makes
    reportlab's path write (the same numbers, worked out alike), kept per operators (an icon
    drawn on every card is the same path)."""
    found = _PATH_CODES.get(ops)
    if found is None:
        parts = ["n"]
        for op in ops:
            if op[0] == "M":
                parts.append("%s m" % fp_str(op[1] * K, -op[2] * K))  # noqa: UP031
            elif op[0] == "L":
                parts.append("%s l" % fp_str(op[1] * K, -op[2] * K))  # noqa: UP031
            elif op[0] == "C":
                _, x1, y1, x2, y2, x3, y3 = op
                parts.append("%s c" % fp_str(x1 * K, y1 * K * -1, x2 * K, y2 * K * -1,  # noqa: UP031
                                             x3 * K, y3 * K * -1))
            elif op[0] == "Z":
                parts.append("h")
        if len(_PATH_CODES) >= 4096:
            _PATH_CODES.clear()
        found = _PATH_CODES[ops] = " ".join(parts)
    return found


_PATH_CODES: dict[tuple[PathOp, ...], str] = {}


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
