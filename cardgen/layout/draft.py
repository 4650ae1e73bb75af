"""Draft prints (`build --draft`): the DRAFT mark every face carries and the missing-art stand-in."""

from __future__ import annotations

from cardgen.layout import fonts
from cardgen.layout.drawing import Path, Primitive, Rect, Style, Text

DRAFT_RED = "#C0392B"
MARK = "DRAFT"
MARK_SIZE = 6.0  # pt: draft marks never go below the smallest readable size


def draft_mark(width: float, height: float, safe: float, *, centred: bool = False) -> list[Primitive]:
    """A red-framed DRAFT label at the bottom left of the safe area, on the edition mark's
    baseline (centred on round faces and on faces too narrow for it there). Always 6 pt, the
    smallest readable size: a face too small even for that gets none (its page says DRAFT)."""
    size, pad = MARK_SIZE, 0.5
    text_w = fonts.text_width_mm(MARK, "bold", size)
    if text_w + 2 * pad > width - 1.0:
        return []
    cap = fonts.ascent_mm("bold", size)
    fits_left = safe + text_w + pad <= width / 2
    x = safe if fits_left and not centred else (width - text_w) / 2
    base = min(height - safe + 0.3, height - pad - 0.5)
    frame = Rect(x - pad, base - cap - pad, text_w + 2 * pad, cap + 2 * pad,
                 Style(fill="#FFFFFF", stroke=DRAFT_RED, stroke_width=0.3), radius=0.4)
    return [frame, Text(x, base, MARK, "bold", size, DRAFT_RED)]


def missing_art(x: float, y: float, w: float, h: float, path: str) -> list[Primitive]:
    """A crossed, red-framed box naming the missing image file, in place of the art."""
    frame = Style(fill="#F4F4F4", stroke=DRAFT_RED, stroke_width=0.35)
    cross = Style(stroke=DRAFT_RED, stroke_width=0.25)
    items: list[Primitive] = [
        Rect(x, y, w, h, frame),
        Path((("M", x, y), ("L", x + w, y + h), ("M", x + w, y), ("L", x, y + h)), cross),
    ]
    name = path.rsplit("/", 1)[-1]
    for n, line in enumerate(("MISSING ART", name)):
        size = 7.0
        while size > MARK_SIZE and fonts.text_width_mm(line, "bold", size) > w - 2:
            size -= 0.5
        if fonts.text_width_mm(line, "bold", size) > w - 2:
            continue  # the box is too small to name it; the cross still marks it
        cap = fonts.ascent_mm("bold", size)
        base = y + h / 2 - 0.6 + n * (cap + 1.2)  # two lines about the middle of the box
        back_w = fonts.text_width_mm(line, "bold", size) + 1.0
        items.append(Rect(x + (w - back_w) / 2, base - cap - 0.5, back_w, cap + 1.0,
                          Style(fill="#FFFFFF")))
        items.append(Text(x + w / 2, base, line, "bold", size, DRAFT_RED, "middle"))
    return items
