"""Hex tiles on home-print sheets: the interlocking pattern (print-spec 4.2).

Hexes are placed in staggered columns (flat top on the page) or staggered rows (pointy top), so
neighbours share their cut edges and the sheet holds more than a straight grid of their boxes.
The hexagon is the one cardgen.layout.outline draws (corners at a quarter of the box), the same
a face's cut line follows. Each sheet gets every cut edge once as a thin grey line on the pieces,
and a short tick past each end of a shared cut on the rim of the pattern (outside the pieces,
never across empty paper); art is clipped at the trim (shared edges leave no room for bleed).
Duplex backs are the front page mirrored for a long-edge flip, ticks and lines with it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from cardgen.impose.geometry import (
    BAND,
    Box,
    Copy,
    Line,
    Page,
    Paper,
    Placement,
    Slot,
    back_slot,
    band_lanes,
    band_region,
    bbox,
    content_box,
)
from cardgen.records import record

CUT_LINE = 0.15  # mm, grey cut line along the hex edges (as a disc's round cut line)
CUT_GRAY = 0.35
TICK_START = 1.0  # a tick starts this far past the end of its cut line
TICK_LENGTH = 3.0
Point = tuple[float, float]


@record(frozen=True)
class Pattern:
    """Slots of one interlocking arrangement and how the hexagon lies on the page."""

    slots: tuple[Slot, ...]
    page_top: str  # flat | pointy: the hexagon as printed


def staggered(box: Box, pw: float, ph: float, page_top: str, phase: int) -> list[tuple[float, float]]:
    """Top-left corners of pw x ph hex boxes in box: columns 3/4 pw apart, every other one half
    a box lower (flat top), or the same across rows (pointy top); `phase` 0 or 1 picks which
    columns (rows) are shifted."""
    along, across = (box.w, box.h) if page_top == "flat" else (box.h, box.w)
    size, other = (pw, ph) if page_top == "flat" else (ph, pw)
    if size > along + 1e-6 or other > across + 1e-6:
        return []
    lines = int((along - size) / (0.75 * size) + 1e-9) + 1
    out = []
    for i in range(lines):
        shift = other / 2 if i % 2 != phase else 0.0
        for j in range(int((across - shift) / other + 1e-9)):
            a, b = i * 0.75 * size, shift + j * other
            out.append((box.x + a, box.y + b) if page_top == "flat" else (box.x + b, box.y + a))
    return out


def straight(box: Box, pw: float, ph: float) -> list[tuple[float, float]]:
    """Top-left corners of pw x ph boxes in a straight grid (hexes touching at their corners)."""
    return [(box.x + i * pw, box.y + j * ph) for j in range(int(box.h / ph + 1e-9))
            for i in range(int(box.w / pw + 1e-9))]


def best_pattern(box: Box, w: float, h: float, top: str) -> Pattern:
    """The arrangement of a w x h hex face (flat or pointy `top`) that holds the most in box:
    interlocking, upright or turned a quarter, either phase; a straight grid only where it holds
    more (a few large hexes); ties keep the face upright and interlocking."""
    best = Pattern((), top)
    for rotate, phase in ((0, 0), (0, 1), (90, 0), (90, 1), (0, None), (90, None)):
        pw, ph = (w, h) if rotate == 0 else (h, w)
        page_top = top if rotate == 0 else ("pointy" if top == "flat" else "flat")
        spots = (straight(box, pw, ph) if phase is None
                 else staggered(box, pw, ph, page_top, phase))
        if len(spots) > len(best.slots):
            slots = tuple(Slot(x, y, pw, ph, rotate) for x, y in sorted(spots, key=_reading))
            best = Pattern(slots, page_top)
    return best


def _reading(spot: tuple[float, float]) -> tuple[float, float]:
    return (round(spot[1], 3), spot[0])


def straight_count(box: Box, w: float, h: float) -> int:
    """How many w x h boxes a straight grid puts in box (upright or turned, the better)."""
    upright = int(box.w / w + 1e-9) * int(box.h / h + 1e-9)
    turned = int(box.w / h + 1e-9) * int(box.h / w + 1e-9)
    return max(upright, turned)


def centred_pattern(pattern: Pattern, box: Box) -> Pattern:
    """The pattern moved so its bounding box sits in the middle of box."""
    if not pattern.slots:
        return pattern
    around = bbox([s.trim for s in pattern.slots])
    dx = box.x + (box.w - around.w) / 2 - around.x
    dy = box.y + (box.h - around.h) / 2 - around.y
    return Pattern(tuple(Slot(s.x + dx, s.y + dy, s.w, s.h, s.rotate) for s in pattern.slots),
                   pattern.page_top)


def slot_corners(slot: Slot, page_top: str) -> list[Point]:
    """The hexagon of a slot in page mm."""
    from cardgen.layout.outline import hex_corners  # used where called: impose loads no layout

    return [(slot.x + x, slot.y + y) for x, y in hex_corners(slot.w, slot.h, page_top)]


def _key(p: Point) -> tuple[float, float]:
    return (round(p[0], 3), round(p[1], 3))


def cut_edges(slots: Sequence[Slot], page_top: str) -> dict[tuple[tuple[float, float], ...], int]:
    """Every hex edge once (its two ends, sorted) -> how many hexes share it (1 or 2)."""
    edges: dict[tuple[tuple[float, float], ...], int] = {}
    for slot in slots:
        corners = slot_corners(slot, page_top)
        for i, a in enumerate(corners):
            edge = tuple(sorted((_key(a), _key(corners[(i + 1) % 6]))))
            edges[edge] = edges.get(edge, 0) + 1
    return edges


def cut_lines(slots: Sequence[Slot], page_top: str) -> list[Line]:
    """A thin grey line along every cut edge, shared edges once."""
    return [Line(a[0], a[1], b[0], b[1], CUT_LINE, CUT_GRAY)
            for a, b in sorted(cut_edges(slots, page_top))]


def rim_ticks(slots: Sequence[Slot], page_top: str, region: Box) -> list[Line]:
    """A short tick past the outer end of each shared cut: where an edge two hexes share meets
    the rim of the pattern, the cut runs on outwards (shortened to stay in region)."""
    edges = cut_edges(slots, page_top)
    users: dict[tuple[float, float], int] = {}
    for slot in slots:
        for corner in slot_corners(slot, page_top):
            users[_key(corner)] = users.get(_key(corner), 0) + 1
    ticks = []
    for (a, b), count in sorted(edges.items()):
        if count != 2:
            continue
        for end, other in ((a, b), (b, a)):
            if users[end] == 2:  # a corner two hexes share lies on the rim
                tick = _tick(end, other, region)
                if tick is not None:
                    ticks.append(tick)
    return ticks


def _tick(end: Point, other: Point, region: Box) -> Line | None:
    """The tick continuing the cut other -> end past end, cut short at the region's edge."""
    length = math.dist(end, other) or 1.0
    ux, uy = (end[0] - other[0]) / length, (end[1] - other[1]) / length
    reach = TICK_START + TICK_LENGTH
    for limit, pos, step in ((region.x, end[0], ux), (region.right, end[0], ux),
                             (region.y, end[1], uy), (region.bottom, end[1], uy)):
        if abs(step) > 1e-9 and (limit - pos) / step > 0:
            reach = min(reach, (limit - pos) / step)
    if reach - TICK_START < 1.0:
        return None
    return Line(end[0] + ux * TICK_START, end[1] + uy * TICK_START, end[0] + ux * reach,
                end[1] + uy * reach)


def hex_plan(copies: Sequence[Copy], paper: Paper, *, top: str, duplex: bool,
             offset: tuple[float, float]) -> list[Page]:
    """Hex tiles -> interlocking front pages (each followed by its mirrored back when duplex)."""
    box = content_box(paper, BAND)
    pattern = best_pattern(box, copies[0].w, copies[0].h, top)
    if not pattern.slots:
        raise ValueError(f"a {copies[0].w} x {copies[0].h} mm hex does not fit on {paper.name}")
    region = band_region(paper)
    pages = []
    for start in range(0, len(copies), len(pattern.slots)):
        chunk = copies[start:start + len(pattern.slots)]
        used = centred_pattern(Pattern(pattern.slots[:len(chunk)], pattern.page_top), box)
        front = hex_page(paper, "front" if duplex else "single", chunk, used, region)
        pages.append(front)
        if duplex:
            pages.append(mirrored(front, chunk, used, paper, offset))
    return pages


def hex_page(paper: Paper, side: str, chunk: Sequence[Copy], pattern: Pattern, region: Box
             ) -> Page:
    """One sheet of hexes: placements clipped at the trim, cut lines, rim ticks, label lanes."""
    face_side = "back" if side == "back" else "front"
    placements = [Placement((c.component, face_side), s, s.trim, bleed=0.0)
                  for c, s in zip(chunk, pattern.slots, strict=False)]
    lines = cut_lines(pattern.slots, pattern.page_top) + rim_ticks(pattern.slots,
                                                                   pattern.page_top, region)
    counts: dict[str, int] = {}
    for c in chunk:
        counts[c.title] = counts.get(c.title, 0) + 1
    word = {"front": "fronts", "back": "backs"}.get(side, "one-sided")
    what = ", ".join(f"{t} x{n}" for t, n in counts.items()) + f" ({word}, hexes)"
    page = Page(paper, side, what, placements, lines, lanes=band_lanes(paper))
    shared = any(n == 2 for n in cut_edges(pattern.slots, pattern.page_top).values())
    page.notes.append("Hexes share their cut edges: cut along the grey lines; ticks mark "
                      "where each shared cut leaves the sheet of hexes" if shared else
                      "Cut each hex along its grey outline")
    return page


def mirrored(front: Page, chunk: Sequence[Copy], pattern: Pattern, paper: Paper,
             offset: tuple[float, float]) -> Page:
    """The back page of a hex sheet: slots, lines and ticks mirrored for a long-edge flip."""
    dx, dy = offset
    backs = Pattern(tuple(back_slot(s, paper.width, offset) for s in pattern.slots),
                    pattern.page_top)
    page = hex_page(paper, "back", chunk, backs, band_region(paper))
    page.placements = [p for p, c in zip(page.placements, chunk, strict=False) if c.has_back]
    page.lines = [Line(paper.width - ln.x1 + dx, ln.y1 + dy, paper.width - ln.x2 + dx,
                       ln.y2 + dy, ln.width, ln.gray) for ln in front.lines]
    return page
