"""N -> seconds to write the benchmark deck with plain reportlab calls: the floor cardgen is measured against.

Same job as cardgen's home-print PDF for bench/gen_deck.py's deck: poker cards butted 3 x 3 on
Letter, each with a coloured frame, a title, a number, ~30 words wrapped in an embedded TTF,
two vector icons, and a duplex back page (mirrored). No layout engine, no forms, no checks.

    python bench/floor.py 1000 /tmp/floor.pdf
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository
from tests.support import deck  # noqa: E402

FONT = Path(__file__).resolve().parent.parent / "cardgen" / "assets" / "fonts" / "DejaVuSans.ttf"
FONT_BOLD = FONT.with_name("DejaVuSans-Bold.ttf")
PAGE_W, PAGE_H = 215.9, 279.4
COLS, ROWS = 3, 3


def register() -> tuple[str, str]:
    pdfmetrics.registerFont(TTFont("FloorSans", str(FONT)))
    bold = FONT_BOLD if FONT_BOLD.is_file() else FONT
    pdfmetrics.registerFont(TTFont("FloorSans-Bold", str(bold)))
    return "FloorSans", "FloorSans-Bold"


def wrap(text: str, font: str, size: float, width_mm: float) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        probe = f"{line} {word}".strip()
        if pdfmetrics.stringWidth(probe, font, size) <= width_mm * mm or not line:
            line = probe
        else:
            lines.append(line)
            line = word
    return [*lines, line] if line else lines


def slot(k: int, back: bool) -> tuple[float, float]:
    """Bottom-left corner (mm, PDF coordinates) of grid slot k; backs mirrored for a long-edge flip."""
    col, row = k % COLS, k // COLS
    x0 = (PAGE_W - COLS * deck.CARD_W) / 2
    y0 = (PAGE_H - ROWS * deck.CARD_H) / 2
    if back:
        col = COLS - 1 - col
    return x0 + col * deck.CARD_W, PAGE_H - y0 - (row + 1) * deck.CARD_H


def front(c: Canvas, i: int, x: float, y: float, fonts: tuple[str, str]) -> None:
    regular, bold = fonts
    w, h = deck.CARD_W * mm, deck.CARD_H * mm
    c.saveState()
    c.translate(x * mm, y * mm)
    c.setFillColor(HexColor(deck.COLOURS[deck.colour(i)]))
    c.rect(0, 0, w, h, stroke=0, fill=1)
    c.setFillColor(HexColor("#FFFFFF"))
    c.setStrokeColor(HexColor("#222222"))
    c.setLineWidth(0.5)
    c.roundRect(3 * mm, 3 * mm, w - 6 * mm, h - 6 * mm, 2 * mm, stroke=1, fill=1)
    c.setFillColor(HexColor("#222222"))
    c.setFont(bold, 11)
    c.drawString(6 * mm, h - 11 * mm, deck.title(i))
    c.drawRightString(w - 6 * mm, h - 11 * mm, str(deck.number(i)))
    c.circle(12 * mm, h - 22 * mm, 4 * mm, stroke=1, fill=0)
    p = c.beginPath()
    p.moveTo(w - 16 * mm, h - 26 * mm)
    p.lineTo(w - 8 * mm, h - 26 * mm)
    p.lineTo(w - 12 * mm, h - 18 * mm)
    p.close()
    c.drawPath(p, stroke=1, fill=1)
    c.setFont(regular, 8)
    for n, line in enumerate(wrap(deck.text(i), regular, 8, deck.CARD_W - 12)):
        c.drawString(6 * mm, h - (36 + n * 3.6) * mm, line)
    c.restoreState()


def back(c: Canvas, x: float, y: float, fonts: tuple[str, str]) -> None:
    w, h = deck.CARD_W * mm, deck.CARD_H * mm
    c.saveState()
    c.translate(x * mm, y * mm)
    c.setFillColor(HexColor("#2B2D42"))
    c.rect(0, 0, w, h, stroke=0, fill=1)
    c.setStrokeColor(HexColor("#EDF2F4"))
    c.roundRect(5 * mm, 5 * mm, w - 10 * mm, h - 10 * mm, 3 * mm, stroke=1, fill=0)
    c.setFillColor(HexColor("#EDF2F4"))
    c.setFont(fonts[1], 14)
    c.drawCentredString(w / 2, h / 2, "BENCH")
    c.restoreState()


def write_floor(n: int, out: Path) -> float:
    """Write the deck; return wall seconds."""
    started = time.perf_counter()
    fonts = register()
    c = Canvas(str(out), pagesize=(PAGE_W * mm, PAGE_H * mm), invariant=1)
    per_page = COLS * ROWS
    for first in range(0, n, per_page):
        batch = range(first, min(n, first + per_page))
        for k, i in enumerate(batch):
            front(c, i, *slot(k, back=False), fonts)
        c.showPage()
        for k, _ in enumerate(batch):
            back(c, *slot(k, back=True), fonts)
        c.showPage()
    c.save()
    return time.perf_counter() - started


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    target = Path(sys.argv[2]) if len(sys.argv) > 2 else Path("floor.pdf")
    print(f"{count} cards -> {target}: {write_floor(count, target):.2f} s")
