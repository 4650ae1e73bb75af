"""A home-print page's marks (render/pages.py `_marks`) are the operators reportlab's calls give
(setStrokeGray, setLineWidth, setDash and line for each line, then the circles), with each
grey, width and dash's operators made once per process, and leave the canvas as those calls
leave it."""

from __future__ import annotations

import random
from typing import Any

from reportlab.lib.units import mm

from cardgen.impose.geometry import Circle, Line, Page, Paper
from cardgen.render import pages
from cardgen.render.pdf import new_canvas


def _reportlab_marks(canvas: Any, page: Page, height: float) -> None:
    """The marks drawn by reportlab's own calls, one line at a time."""
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


def _drawn(draw: Any, page: Page) -> tuple[str, tuple[Any, ...]]:
    canvas = new_canvas("marks.pdf", title="marks")
    canvas.setStrokeGray(0.3)
    canvas.setLineWidth(2)
    draw(canvas, page, page.paper.height)
    state = (canvas._strokeColorObj, canvas._fillColorObj, canvas._lineWidth,
             canvas._doc._pdfVersion)
    return "\n".join(canvas._code), state


def _page(lines: list[Line], circles: list[Circle]) -> Page:
    return Page(Paper("letter", 215.9, 279.4), "front", "marks", lines=lines, circles=circles)


def test_marks_are_reportlabs_operators() -> None:
    rng = random.Random(25)
    styles = [(0.2, 0.0, ()), (0.15, 0.5, (1.0, 1.5)), (0.1, 0.75, (0.5,)), (0.3, 1 / 3, ())]
    for n in (0, 1, 2, 40):
        lines = []
        for _ in range(n):
            width, gray, dash = rng.choice(styles)
            lines.append(Line(rng.uniform(0, 215), rng.uniform(0, 279), rng.uniform(0, 215),
                              rng.uniform(0, 279), width, gray, dash))
        circles = [Circle(rng.uniform(0, 200), rng.uniform(0, 200), 3.0, 0.15, 0.5)
                   for _ in range(n % 3)]
        page = _page(lines, circles)
        for _ in range(2):  # the second time with every style's operators kept
            assert _drawn(pages._marks, page) == _drawn(_reportlab_marks, page)


def test_a_bad_dash_is_reportlabs_error() -> None:
    import pytest

    page = _page([Line(0, 0, 10, 10, 0.2, 0.0, (-1.0,))], [])
    with pytest.raises(ValueError, match="non-negative"):
        _drawn(pages._marks, page)
