"""Draft prints (`build --draft`): the DRAFT mark every face carries and the missing-art stand-in."""

from __future__ import annotations

from cardgen.layout import fonts
from cardgen.layout.drawing import Path, Primitive, Rect, Style, Text

DRAFT_RED = "#C0392B"
MARK = "DRAFT"


def draft_mark(width: float, height: float, safe: float, *, centred: bool = False) -> list[Primitive]:
    """A red-framed DRAFT label at the bottom left of the safe area (centred on round faces),
    on the edition mark's baseline, so it keeps clear of titles and text boxes."""
    room = max(width - 2 * safe, 4.0)
    size = 6.0
    text_w = fonts.text_width_mm(MARK, "bold", size)
    if text_w > room * 0.45:
        size = max(3.0, size * room * 0.45 / text_w)
        text_w = fonts.text_width_mm(MARK, "bold", size)
    cap, pad = fonts.ascent_mm("bold", size), 0.5
    x = (width - text_w) / 2 if centred else safe
    base = height - safe + 0.3
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
        size = 6.0
        while size > 3.0 and fonts.text_width_mm(line, "bold", size) > w - 2:
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
