"""Tuck boxes: a deck's card size, card count and back face -> the flat net of a box to hold it.

Inner size = the card's width and height and the deck's thickness (cards x card_thickness),
each plus CLEARANCE. The net, left to right: back panel, side, front panel, side, glue tab; a
lid with a tuck flap above and below the back panel (both ends close by tucking), dust flaps
above and below both sides. The front and back panels carry the deck's back face (scaled to
the panel), the other panels its background colour and the sides the deck's title. The net's
outline is the face's polygon cut line (cardgen.layout.outline: clipping, home cut line, die
line); fold lines are dashed.
"""

from __future__ import annotations

from cardgen.layout import fonts
from cardgen.layout.drawing import Drawing, Group, Path, Primitive, Rect, Style, Text
from cardgen.layout.outline import face_outline
from cardgen.records import record

CLEARANCE = 1.0  # mm added to the deck's width, height and thickness: the inner size
GLUE_TAB = 8.0  # mm, the tab glued under the back panel's edge
DUST_SLANT = 2.0  # mm each dust flap narrows by at its free edge
FOLD = Style(stroke="#666666", stroke_width=0.2, dash=(1.5, 1.0))
TITLE_PT = 8.0


@record(frozen=True)
class BoxSize:
    """Inner width, height and depth of a tuck box, and its flap sizes, mm."""

    width: float
    height: float
    depth: float

    @property
    def tuck(self) -> float:
        """The tuck flap's depth: the box's depth, kept between 12 and 20 mm."""
        return max(12.0, min(20.0, self.depth))

    @property
    def dust(self) -> float:
        """The dust flaps' height: a third of the width, at most the depth + 5 mm."""
        return min(self.width / 3, self.depth + 5.0)


def inner_size(card_w: float, card_h: float, cards: int, card_thickness: float) -> BoxSize:
    """The inside of the box for `cards` cards of card_w x card_h mm: the deck plus CLEARANCE."""
    return BoxSize(card_w + CLEARANCE, card_h + CLEARANCE, cards * card_thickness + CLEARANCE)


def net_corners(size: BoxSize) -> list[tuple[float, float]]:
    """The outline of the flat net, clockwise from the back panel's top-left corner."""
    w, d, t, dust = size.width, size.depth, size.tuck, size.dust
    top = t + d  # the body's top edge
    bottom = top + size.height
    cut = min(t * 0.6, w / 6)  # the tuck flap's chamfered corners
    right = 2 * w + 2 * d
    s = DUST_SLANT
    return [
        (0.0, top), (0.0, t), (cut, 0.0), (w - cut, 0.0), (w, t), (w, top),
        (w + s, top - dust), (w + d - s, top - dust), (w + d, top),
        (2 * w + d, top), (2 * w + d + s, top - dust), (right - s, top - dust), (right, top),
        (right + GLUE_TAB, top + 5.0), (right + GLUE_TAB, bottom - 5.0), (right, bottom),
        (right - s, bottom + dust), (2 * w + d + s, bottom + dust), (2 * w + d, bottom),
        (w + d, bottom), (w + d - s, bottom + dust), (w + s, bottom + dust), (w, bottom),
        (w, bottom + d), (w - cut, bottom + d + t), (cut, bottom + d + t), (0.0, bottom + d),
        (0.0, bottom)]


def fold_lines(size: BoxSize) -> list[tuple[float, float, float, float]]:
    """The dashed fold lines (x1, y1, x2, y2): between the body panels, at the lids, the tuck
    flaps, the dust flaps and the glue tab."""
    w, d, t = size.width, size.depth, size.tuck
    top, bottom = t + d, t + d + size.height
    right = 2 * w + 2 * d
    lines = [(x, top, x, bottom) for x in (w, w + d, 2 * w + d, right)]
    lines += [(0.0, y, w, y) for y in (t, top, bottom, bottom + d)]
    lines += [(x0, y, x1, y) for y in (top, bottom) for x0, x1 in ((w, w + d), (2 * w + d, right))]
    return lines


def tuck_box(back: Drawing, cards: int, card_thickness: float, title: str, name: str) -> Drawing:
    """The net of a tuck box for `cards` cards of the back face's size, that face on its front
    and back panels; a polygon face (its outline the cut line) without bleed."""
    size = inner_size(back.width, back.height, cards, card_thickness)
    corners = net_corners(size)
    width = max(x for x, _ in corners)
    height = max(y for _, y in corners)
    # no bleed: the net's notches leave no room for it (print shops take tuck boxes without)
    net = Drawing(name, width, height, 0.0, shape="polygon", points=tuple(corners), folds=True)
    net.add(Path(face_outline(net), Style(fill=background_of(back))))
    top = size.tuck + size.depth
    for x in (0.0, size.width + size.depth):  # the back panel, then the front panel
        net.add(panel_art(back, x, top, size))
    for x in (size.width, 2 * size.width + size.depth):
        net.add(side_title(title, x, top, size, background_of(back)))
    for x1, y1, x2, y2 in fold_lines(size):
        net.add(Path((("M", x1, y1), ("L", x2, y2)), FOLD))
    return net


def background_of(face: Drawing) -> str:
    """The fill of the face's first rectangle (its background), else white."""
    first = next((i for i in face.items if isinstance(i, Rect) and i.style.fill), None)
    return first.style.fill if first is not None and first.style.fill else "#FFFFFF"


def panel_art(face: Drawing, x: float, y: float, size: BoxSize) -> Group:
    """The face scaled onto a width x height panel at (x, y), clipped to the panel."""
    sx, sy = size.width / face.width, size.height / face.height
    return Group(tuple(face.items), (sx, 0.0, 0.0, sy, x, y), clip=(0.0, 0.0, face.width,
                                                                     face.height))


def side_title(title: str, x: float, y: float, size: BoxSize, background: str) -> Group:
    """The deck's title along a side panel, reading upwards, in the ink that shows on it."""
    from cardgen.layout.lints import ink_for

    length = fonts.text_width_mm(title, "bold", TITLE_PT)
    room = size.height - 8.0
    pt = TITLE_PT * min(1.0, room / length) if length > 0 else TITLE_PT
    if size.depth < fonts.ascent_mm("bold", pt) + 2.0:
        return Group(())
    text: Primitive = Text(0.0, fonts.ascent_mm("bold", pt) / 2, title, "bold", max(pt, 6.0),
                           ink_for(background), "middle")
    # turned a quarter anticlockwise, centred on the panel
    return Group((text,), (0.0, -1.0, 1.0, 0.0, x + size.depth / 2, y + size.height / 2))
