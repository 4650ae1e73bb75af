"""Faces and paper -> home-print page plans: slots, clips, crop marks, tiles and labels, in mm.

Everything here is pure geometry on page coordinates (millimetres, origin at the paper's
top-left corner, y down) so it can be tested without drawing. Drawing a plan is
cardgen.render.pages.

Conventions (print-spec sections 3 and 4):
- every layout sits inside the A4 / Letter common area (210 x 279.4 mm), centred on its paper;
- nothing (art, marks, text) lies within PRINTABLE (6.35 mm) of the sheet edge;
- cards are butted in a grid; only the grid's outer edges get bleed; crop marks are short
  ticks (at most TICK long) at both ends of every cut line, outside the grid, from just past
  its bleed towards the edge of their region: the printable margin, the top of the label
  band, or MARK_GAP short of the middle of a gap between pieces (never on a card or a label,
  never a line across empty paper, no outline round cards);
  a cut with no room outside (a grid filling the printable height) gets a thin tick on the
  grid's own edge;
- duplex backs follow their fronts, mirrored for a long-edge flip (x -> W - x - w) and shifted
  by the printer's back offset; fold-over puts backs beside fronts across a vertical fold;
- boards larger than the printable window are tiled with an overlap band (tiles.py).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import field, fields, replace
from functools import lru_cache

from cardgen.limits import PRINT_BLEED as PRINT_BLEED  # re-exported: cardgen.impose.PRINT_BLEED
from cardgen.records import record
from cardgen.texts import compiled

COMMON_W, COMMON_H = 210.0, 279.4  # A4 ∩ Letter, portrait
MARGIN = 6.35  # content stays this far inside the common area
PRINTABLE = 6.35  # nothing at all (art, marks, labels) within this of the sheet edge
MARK_GAP = 0.5  # a mark stops this short of the middle of a gap between pieces
INSIDE_TICK = 1.5  # a cut with no room outside the grid gets a tick this long on its edge
TICK = 5.0  # a crop mark is at most this long: a tick a ruler meets, never a line down the page
BLOCK_GAP = 8.0  # between blocks of different pieces on a packed page (marks in the gap)
FOLD_CLEAR = 5.0  # fold line to the nearest bleed edge
BAND = 16.5  # label band at the bottom of sheets that have one (lanes + clearance)
LANE_GAP = 4.0  # distance between label lanes and between items in a lane
TOKEN_GUTTER = 2.0  # tokens: each carries 1 mm bleed in its own gutter
STICKER_GUTTER = 2.5  # dice stickers (print-spec 4.1)
LARGE_GAP = 10.0  # between large items (IDs, mats) on one page
TILE_OVERLAP = 10.0  # print-spec 4.3


@record(frozen=True, repr=False)
class Paper:
    """A sheet, mm, portrait as it comes; `label` is how the print plan names it (not compared:
    two papers of the same name and size are the same paper)."""

    name: str
    width: float
    height: float
    label: str = field(default="", compare=False)

    @property
    def landscape(self) -> Paper:
        return replace(self, width=max(self.width, self.height), height=min(self.width, self.height))

    @property
    def turned(self) -> Paper:
        """The same sheet the other way round."""
        return replace(self, width=self.height, height=self.width)

    @property
    def box(self) -> Box:
        return Box(0.0, 0.0, self.width, self.height)

    @property
    def printable(self) -> Box:
        """The sheet less PRINTABLE on every side: home printers print nothing outside it."""
        return Box(PRINTABLE, PRINTABLE, self.width - 2 * PRINTABLE, self.height - 2 * PRINTABLE)


@record(frozen=True, repr=False)
class Box:
    """An axis-aligned rectangle: top-left (x, y), size (w, h), mm."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def grow(self, left: float, top: float, right: float, bottom: float) -> Box:
        return Box(self.x - left, self.y - top, self.w + left + right, self.h + top + bottom)

    def contains(self, other: Box, tol: float = 1e-6) -> bool:
        return (
            other.x >= self.x - tol
            and other.y >= self.y - tol
            and other.right <= self.right + tol
            and other.bottom <= self.bottom + tol
        )

    def intersect(self, other: Box) -> Box | None:
        x0, y0 = max(self.x, other.x), max(self.y, other.y)
        x1, y1 = min(self.right, other.right), min(self.bottom, other.bottom)
        if x1 - x0 <= 1e-9 or y1 - y0 <= 1e-9:
            return None
        return Box(x0, y0, x1 - x0, y1 - y0)


@record(frozen=True, repr=False)
class Slot:
    """Where one face goes: its trim footprint on the page and a clockwise rotation."""

    x: float
    y: float
    w: float  # footprint on the page (after rotation)
    h: float
    rotate: int = 0

    @property
    def trim(self) -> Box:
        return Box(self.x, self.y, self.w, self.h)


@record(frozen=True, repr=False)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    width: float = 0.2
    gray: float = 0.0  # 0 black .. 1 white
    dash: tuple[float, ...] = ()


@record(frozen=True, repr=False)
class Circle:
    cx: float
    cy: float
    r: float
    width: float = 0.15
    gray: float = 0.0  # 0 black .. 1 white


@record(frozen=True, repr=False)
class Label:
    """One line of text; (x, y) is the baseline start; angle 90 reads bottom to top."""

    x: float
    y: float
    text: str
    size: float = 6.5
    angle: int = 0
    bold: bool = False


@record(frozen=True, repr=False)
class Lane:
    """Free room for page labels: a baseline from (x, y), running right or (vertical) up."""

    x: float
    y: float
    length: float
    vertical: bool = False


@record(frozen=True, repr=False)
class Placement:
    face: tuple[str, str]  # (component id, side)
    slot: Slot
    clip: Box  # art is clipped to this box (trim + the bleed this position allows)
    counts: bool = True  # False for the 2nd, 3rd, ... tile of one board copy
    bleed: float | None = None  # art past the cut line (None: the face's own; 0: hexes' shared edges)


@record(repr=False)
class Page:
    paper: Paper  # as oriented on this page
    side: str  # front | back | fold | tile | calibration
    what: str  # what is on it, for the page label
    placements: list[Placement] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)
    circles: list[Circle] = field(default_factory=list)
    labels: list[Label] = field(default_factory=list)
    lanes: list[Lane] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # instructions for the page labels


@record(frozen=True, repr=False)
class Edge:
    """What one side of a grid or item gets: bleed past the trim and a crop mark span."""

    bleed: float
    start: float  # mark starts this far from the trim edge
    length: float  # 0: no mark on this side
    inside: float = 0.0  # no room outside: a tick this long drawn on the trim edge, inwards


@record(frozen=True, repr=False)
class Copy:
    """One printed copy of a component's face pair, as imposition sees it."""

    component: str
    title: str  # the kind's title, for page labels
    name: str
    w: float
    h: float
    has_back: bool
    round: bool = False  # a disc: it gets a round cut line at home
    hex_top: str = ""  # a hex tile (flat | pointy): imposed interlocking (cardgen.impose.hexes)
    corners: tuple[tuple[float, float], ...] = ()  # a polygon's cut line, trim mm: drawn at home
    folds: bool = False  # a standee or tuck box: its sheet says how its lines are cut and folded


# --------------------------------------------------------------------------- boxes and edges


def common_box(paper: Paper) -> Box:
    """The A4 ∩ Letter area, centred on the paper (turned for landscape pages)."""
    cw, ch = (COMMON_H, COMMON_W) if paper.width > paper.height else (COMMON_W, COMMON_H)
    w, h = min(paper.width, cw), min(paper.height, ch)
    return Box((paper.width - w) / 2, (paper.height - h) / 2, w, h)


@lru_cache(maxsize=64)  # (a paper's pages and grids ask again and again)
def content_box(paper: Paper, band: float = 0.0) -> Box:
    """Where faces may go: the common area inset by MARGIN, less a label band at the bottom."""
    box = common_box(paper).grow(-MARGIN, -MARGIN, -MARGIN, -MARGIN)
    return Box(box.x, box.y, box.w, box.h - band)


def band_lanes(paper: Paper) -> list[Lane]:
    """Three horizontal label lanes at the bottom of the content area (top one first)."""
    box = content_box(paper).grow(-0.3, 0.0, -0.3, 0.0)  # scale-bar ticks stay inside
    return [Lane(box.x, box.bottom - 0.6 - LANE_GAP * i, box.w) for i in (2, 1, 0)]


def band_region(paper: Paper) -> Box:
    """The part of the page marks may use on sheets with a label band."""
    p = paper.printable
    return Box(p.x, p.y, p.w, content_box(paper).bottom - BAND + 4.0 - p.y)


@lru_cache(maxsize=1024)  # (a paper's grids leave the same few margins)
def edge_for_margin(margin: float) -> Edge:
    """Room between a trim edge and the region edge -> bleed and a crop mark from 1 mm past
    the bleed all the way out to the region edge (a guillotine or ruler meets it); no room:
    a tick on the edge."""
    bleed = 3.0 if margin >= 10.0 else max(0.0, min(1.0, margin / 3))
    start = bleed + 1.0
    length = margin - start
    if length < 1.5 and margin - 0.8 >= 1.5:  # a mark matters more than bleed
        return Edge(0.0, 0.8, margin - 0.8)
    if length < 1.5:
        return Edge(bleed, start, 0.0, INSIDE_TICK)
    return Edge(bleed, start, length)


def bbox(boxes: Sequence[Box]) -> Box:
    x0, y0 = min(b.x for b in boxes), min(b.y for b in boxes)
    x1, y1 = max(b.right for b in boxes), max(b.bottom for b in boxes)
    return Box(x0, y0, x1 - x0, y1 - y0)


def outer_edges(box: Box, region: Box) -> dict[str, Edge]:
    """Edges of a grid or item by side ("left", "top", "right", "bottom") inside a region."""
    return {
        "left": edge_for_margin(box.x - region.x),
        "top": edge_for_margin(box.y - region.y),
        "right": edge_for_margin(region.right - box.right),
        "bottom": edge_for_margin(region.bottom - box.bottom),
    }


# --------------------------------------------------------------------------- grids


def fit_count(length: float, size: float, gutter: float = 0.0) -> int:
    """How many items of `size` with `gutter` between them fit in `length`."""
    return max(0, math.floor((length + gutter + 1e-6) / (size + gutter)))


def grid_slots(box: Box, face_w: float, face_h: float, gutter: float = 0.0) -> list[Slot]:
    """A grid centred in `box`, turning faces 90 degrees when that fits more; row-major."""
    options = [(0, face_w, face_h), (90, face_h, face_w)]
    counts = [fit_count(box.w, w, gutter) * fit_count(box.h, h, gutter) for _, w, h in options]
    rotate, w, h = options[1] if counts[1] > counts[0] else options[0]
    cols, rows = fit_count(box.w, w, gutter), fit_count(box.h, h, gutter)
    x0 = box.x + (box.w - (cols * w + (cols - 1) * gutter)) / 2
    y0 = box.y + (box.h - (rows * h + (rows - 1) * gutter)) / 2
    return [
        Slot(x0 + c * (w + gutter), y0 + r * (h + gutter), w, h, rotate)
        for r in range(rows)
        for c in range(cols)
    ]


def card_slots(paper: Paper, face_w: float, face_h: float, gutter: float = 0.0) -> list[Slot]:
    """Card positions on a home-print sheet: butted grid centred on the paper (print-spec 3.2)."""
    return grid_slots(content_box(paper), face_w, face_h, gutter)


def back_slot(front: Slot, paper_w: float, offset: tuple[float, float] = (0.0, 0.0)) -> Slot:
    """Where a front's back goes for a long-edge flip: x -> W - x - w, then the back offset."""
    dx, dy = offset
    return Slot(paper_w - front.x - front.w + dx, front.y + dy, front.w, front.h,
                (-front.rotate) % 360)


def neighbour_gap(slot: Box, others: Sequence[Box], side: str) -> float | None:
    """Distance from a box's side to the nearest other box facing it, or None."""
    gaps = []
    for o in others:
        if o is slot:
            continue
        span_y = o.y < slot.bottom - 1e-6 and o.bottom > slot.y + 1e-6
        span_x = o.x < slot.right - 1e-6 and o.right > slot.x + 1e-6
        if side == "left" and span_y and o.right <= slot.x + 1e-6:
            gaps.append(slot.x - o.right)
        elif side == "right" and span_y and o.x >= slot.right - 1e-6:
            gaps.append(o.x - slot.right)
        elif side == "top" and span_x and o.bottom <= slot.y + 1e-6:
            gaps.append(slot.y - o.bottom)
        elif side == "bottom" and span_x and o.y >= slot.bottom - 1e-6:
            gaps.append(o.y - slot.bottom)
    return min(gaps) if gaps else None


def grid_clips(slots: Sequence[Slot], region: Box) -> list[Box]:
    """Per slot, trim + bleed: shared cuts get none, gutters half each, outer edges the margin's."""
    return list(_grid_clips(tuple(slots), region))


@lru_cache(maxsize=256)
def _grid_clips(slots: tuple[Slot, ...], region: Box) -> tuple[Box, ...]:
    """grid_clips, worked out once per grid (every sheet of a deck has the same one): each
    trim's four `neighbour_gap`s in one pass over the others (the same comparisons and
    differences; of equal gaps the first, as min keeps)."""
    spans = _spans(slots)
    edges = outer_edges(_bbox(spans), region)
    clips = []
    for t, x, y, r, b in spans:
        gaps: list[float | None] = [None, None, None, None]  # left, top, right, bottom
        for o, ox, oy, o_r, o_b in spans:
            if o is not t and oy < b - 1e-6 and o_b > y + 1e-6:  # beside it
                if o_r <= x + 1e-6 and (gaps[0] is None or x - o_r < gaps[0]):
                    gaps[0] = x - o_r
                if ox >= r - 1e-6 and (gaps[2] is None or ox - r < gaps[2]):
                    gaps[2] = ox - r
            if o is not t and ox < r - 1e-6 and o_r > x + 1e-6:  # above or below it
                if o_b <= y + 1e-6 and (gaps[1] is None or y - o_b < gaps[1]):
                    gaps[1] = y - o_b
                if oy >= b - 1e-6 and (gaps[3] is None or oy - b < gaps[3]):
                    gaps[3] = oy - b
        gl, gt, gr, gb = [e.bleed if gap is None else max(0.0, gap / 2)  # (left, top, ...)
                          for e, gap in zip(edges.values(), gaps, strict=True)]
        clips.append(Box(x - gl, y - gt, t.w + gl + gr, t.h + gt + gb))  # the trim grown
    return tuple(clips)


def grid_marks(slots: Sequence[Slot], region: Box, sides: Sequence[str] = ()) -> list[Line]:
    """Crop marks outside the grid: one pair per cut line, both ends (or only `sides`)."""
    return list(_grid_marks(tuple(slots), region, tuple(sides)))


@lru_cache(maxsize=256)
def _grid_marks(slots: tuple[Slot, ...], region: Box, sides: tuple[str, ...]) -> tuple[Line, ...]:
    """grid_marks, worked out once per grid."""
    edges = outer_edges(_bbox(_spans(slots)), region)
    wanted = set(sides or ("left", "top", "right", "bottom"))
    lines = []
    xs, ys = cut_positions(slots)
    for x in xs:
        top, bottom = _cut_ends([(s.y, s.y + s.h) for s in slots
                                 if abs(s.x - x) < 1e-6 or abs(s.x + s.w - x) < 1e-6])
        for side, y0, sign in (("top", top, -1), ("bottom", bottom, 1)):
            if side in wanted:
                lines += mark(edges[side], within(x, region.x, region.right), y0, sign,
                              vertical=True)
    for y in ys:
        left, right = _cut_ends([(s.x, s.x + s.w) for s in slots
                                 if abs(s.y - y) < 1e-6 or abs(s.y + s.h - y) < 1e-6])
        for side, x0, sign in (("left", left, -1), ("right", right, 1)):
            if side in wanted:
                lines += mark(edges[side], x0, within(y, region.y, region.bottom), sign,
                              vertical=False)
    return tuple(lines)


def _spans(slots: Sequence[Slot]) -> list[tuple[Slot, float, float, float, float]]:
    return [(t, t.x, t.y, t.x + t.w, t.y + t.h) for t in slots]  # x, y, right, bottom


def _bbox(spans: list[tuple[Slot, float, float, float, float]]) -> Box:  # bbox of the trims
    x0, y0 = min(sp[1] for sp in spans), min(sp[2] for sp in spans)
    x1, y1 = max(sp[3] for sp in spans), max(sp[4] for sp in spans)
    return Box(x0, y0, x1 - x0, y1 - y0)


def _cut_ends(spans: Sequence[tuple[float, float]]) -> tuple[float, float]:
    """Where a cut line ends: the first and last edge of the pieces along it (a short last
    row's column cuts end at the row above, and get their ticks there, not under empty
    slots)."""
    return min(a for a, _ in spans), max(b for _, b in spans)


def within(v: float, lo: float, hi: float, half_width: float = 0.15) -> float:
    """A mark's position moved inside [lo, hi] by its half line width (a cut on the region's
    edge: the mark's stroke stays inside; 0.15 mm is within any cutting tolerance)."""
    return min(max(v, lo + half_width), hi - half_width)


def mark(e: Edge, x: float, y: float, sign: int, *, vertical: bool) -> list[Line]:
    """One crop mark for the cut through (x, y) on a trim edge, outwards by `sign`: a tick of
    at most TICK outside the trim when there is room, else a thin tick on the edge itself."""
    if e.length > 0:
        a, b = sign * e.start, sign * (e.start + min(e.length, TICK))
        width = 0.2
    elif e.inside > 0:
        a, b, width = 0.0, -sign * e.inside, 0.1
    else:
        return []
    if vertical:
        return [Line(x, y + a, x, y + b, width)]
    return [Line(x + a, y, x + b, y, width)]


def cut_positions(slots: Sequence[Slot]) -> tuple[list[float], list[float]]:
    """The distinct vertical (x) and horizontal (y) cut lines of a grid."""
    xs = sorted({round(v, 6) for s in slots for v in (s.x, s.x + s.w)})
    ys = sorted({round(v, 6) for s in slots for v in (s.y, s.y + s.h)})
    return xs, ys


# --------------------------------------------------------------------------- items and tiles


def corner_marks(trim: Box, edges: dict[str, Edge]) -> list[Line]:
    """Eight crop marks round one item: each trim line extended outside its corners."""
    lines = []
    for y in (trim.y, trim.bottom):
        for side, x0, sign in (("left", trim.x, -1), ("right", trim.right, 1)):
            lines += mark(edges[side], x0, y, sign, vertical=False)
    for x in (trim.x, trim.right):
        for side, y0, sign in (("top", trim.y, -1), ("bottom", trim.bottom, 1)):
            lines += mark(edges[side], x, y0, sign, vertical=True)
    return lines


def fits(box: Box, w: float, h: float) -> int | None:
    """0 or 90 when a w x h item fits in box upright or turned, else None."""
    if w <= box.w + 1e-6 and h <= box.h + 1e-6:
        return 0
    if h <= box.w + 1e-6 and w <= box.h + 1e-6:
        return 90
    return None


def shelf_pages(box: Box, sizes: Sequence[tuple[float, float]], gap: float) -> list[list[Slot]]:
    """Pack items (w, h) in order onto pages: rows left to right, a new page when full."""
    pages: list[list[Slot]] = [[]]
    x, y, row_h = box.x, box.y, 0.0
    for w0, h0 in sizes:
        rotate = fits(box, w0, h0)
        if rotate is None:
            raise ValueError(f"item {w0} x {h0} mm does not fit {box.w:.1f} x {box.h:.1f} mm")
        w, h = (w0, h0) if rotate == 0 else (h0, w0)
        if x + w > box.right + 1e-6:
            x, y, row_h = box.x, y + row_h + gap, 0.0
        if y + h > box.bottom + 1e-6:
            pages.append([])
            x, y, row_h = box.x, box.y, 0.0
        pages[-1].append(Slot(x, y, w, h, rotate))
        x, row_h = x + w + gap, max(row_h, h)
    return [centred(p, box) for p in pages if p]


def centred(slots: list[Slot], box: Box) -> list[Slot]:
    """Slots shifted so their bounding box is centred across the box (tops stay)."""
    dx = box.x + (box.w - bbox([s.trim for s in slots]).w) / 2 - min(s.x for s in slots)
    return [replace(s, x=s.x + dx) for s in slots]


def _plain_repr(cls: type) -> None:
    """The repr dataclass writes, without its recursion guard (page content keys are made of
    page reprs, and a plan cannot contain itself): the same text, character for character."""
    body = ", ".join(f"{f.name}={{self.{f.name}!r}}" for f in fields(cls) if f.repr)
    namespace: dict[str, object] = {}
    exec(compiled(f"def __repr__(self):\n    return self.__class__.__qualname__ + f\"({body})\"\n"),
         {}, namespace)
    setattr(cls, "__repr__", namespace["__repr__"])  # noqa: B010


for _plan_part in (Paper, Box, Slot, Line, Circle, Label, Lane, Placement, Page, Edge, Copy):
    _plain_repr(_plan_part)
