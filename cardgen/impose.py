"""Faces and paper -> home-print page plans: slots, clips, crop marks, tiles and labels, in mm.

Everything here is pure geometry on page coordinates (millimetres, origin at the paper's
top-left corner, y down) so it can be tested without drawing. `cardgen.sheets` is not a
thing: drawing a plan onto a reportlab canvas is `draw_page` at the end of this module.

Conventions (print-spec sections 3 and 4):
- every layout sits inside the A4 / Letter common area (210 x 279.4 mm), centred on its paper;
- cards are butted in a grid; only the grid's outer edges get bleed; crop marks lie outside
  the grid (never on a card, no outline round cards);
- duplex backs follow their fronts, mirrored for a long-edge flip (x -> W - x - w) and shifted
  by the printer's back offset; fold-over puts backs beside fronts across a vertical fold;
- boards larger than the printable window are tiled with an overlap band.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

COMMON_W, COMMON_H = 210.0, 279.4  # A4 ∩ Letter, portrait
MARGIN = 6.35  # content stays this far inside the common area
EDGE = 5.0  # marks keep this far from a region edge where the margin allows
FOLD_CLEAR = 5.0  # fold line to the nearest bleed edge
BAND = 16.5  # label band at the bottom of sheets that have one (lanes + clearance)
LANE_GAP = 4.0  # distance between label lanes and between items in a lane
TOKEN_GUTTER = 2.0  # tokens: each carries 1 mm bleed in its own gutter
STICKER_GUTTER = 2.5  # dice stickers (print-spec 4.1)
LARGE_GAP = 10.0  # between large items (IDs, mats) on one page
TILE_OVERLAP = 10.0  # print-spec 4.3
LABEL_COLUMN = 30.0  # sticker sheets: row labels left of the grid


@dataclass(frozen=True)
class Paper:
    name: str
    width: float
    height: float

    @property
    def landscape(self) -> Paper:
        return Paper(self.name, max(self.width, self.height), min(self.width, self.height))

    @property
    def box(self) -> Box:
        return Box(0.0, 0.0, self.width, self.height)


PAPERS = {"letter": Paper("letter", 215.9, 279.4), "a4": Paper("a4", 210.0, 297.0)}


@dataclass(frozen=True)
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


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    width: float = 0.2
    gray: float = 0.0  # 0 black .. 1 white
    dash: tuple[float, ...] = ()


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    width: float = 0.15


@dataclass(frozen=True)
class Label:
    """One line of text; (x, y) is the baseline start; angle 90 reads bottom to top."""

    x: float
    y: float
    text: str
    size: float = 6.5
    angle: int = 0
    bold: bool = False


@dataclass(frozen=True)
class Lane:
    """Free room for page labels: a baseline from (x, y), running right or (vertical) up."""

    x: float
    y: float
    length: float
    vertical: bool = False


@dataclass(frozen=True)
class Placement:
    face: tuple[str, str]  # (component id, side)
    slot: Slot
    clip: Box  # art is clipped to this box (trim + the bleed this position allows)
    counts: bool = True  # False for the 2nd, 3rd, ... tile of one board copy


@dataclass
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


@dataclass(frozen=True)
class Edge:
    """What one side of a grid or item gets: bleed past the trim and a crop mark span."""

    bleed: float
    start: float  # mark starts this far from the trim edge
    length: float  # 0: no mark on this side


@dataclass(frozen=True)
class Copy:
    """One printed copy of a component's face pair, as imposition sees it."""

    component: str
    title: str  # the kind's title, for page labels
    name: str
    w: float
    h: float
    has_back: bool


# --------------------------------------------------------------------------- boxes and edges


def common_box(paper: Paper) -> Box:
    """The A4 ∩ Letter area, centred on the paper (turned for landscape pages)."""
    cw, ch = (COMMON_H, COMMON_W) if paper.width > paper.height else (COMMON_W, COMMON_H)
    w, h = min(paper.width, cw), min(paper.height, ch)
    return Box((paper.width - w) / 2, (paper.height - h) / 2, w, h)


def content_box(paper: Paper, band: float = 0.0) -> Box:
    """Where faces may go: the common area inset by MARGIN, less a label band at the bottom."""
    box = common_box(paper).grow(-MARGIN, -MARGIN, -MARGIN, -MARGIN)
    return Box(box.x, box.y, box.w, box.h - band)


def band_lanes(paper: Paper) -> list[Lane]:
    """Three horizontal label lanes at the bottom of the content area (top one first)."""
    box = content_box(paper)
    return [Lane(box.x, box.bottom - 0.6 - LANE_GAP * i, box.w) for i in (2, 1, 0)]


def band_region(paper: Paper) -> Box:
    """The part of the page marks may use on sheets with a label band."""
    return Box(0.0, 0.0, paper.width, content_box(paper).bottom - BAND + 4.0)


def edge_for_margin(margin: float) -> Edge:
    """Room between a trim edge and the region edge -> bleed and crop mark on that side."""
    bleed = 3.0 if margin >= 12.0 else max(0.0, min(1.0, margin))
    start = bleed + 1.0
    if margin < start + 2.0:
        return Edge(bleed, start, 0.0)
    return Edge(bleed, start, min(4.0, max(2.0, margin - start - EDGE)))


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
    trims = [s.trim for s in slots]
    edges = outer_edges(bbox(trims), region)
    clips = []
    for t in trims:
        sides = []
        for side in ("left", "top", "right", "bottom"):
            gap = neighbour_gap(t, trims, side)
            sides.append(edges[side].bleed if gap is None else max(0.0, gap / 2))
        clips.append(t.grow(*sides))
    return clips


def grid_marks(slots: Sequence[Slot], region: Box, sides: Sequence[str] = ()) -> list[Line]:
    """Crop marks outside the grid: one pair per cut line, both ends (or only `sides`)."""
    trims = [s.trim for s in slots]
    g = bbox(trims)
    edges = outer_edges(g, region)
    xs = sorted({round(v, 6) for t in trims for v in (t.x, t.right)})
    ys = sorted({round(v, 6) for t in trims for v in (t.y, t.bottom)})
    wanted = set(sides or ("left", "top", "right", "bottom"))
    lines = []
    for x in xs:
        for side, y0, sign in (("top", g.y, -1), ("bottom", g.bottom, 1)):
            e = edges[side]
            if side in wanted and e.length > 0:
                lines.append(Line(x, y0 + sign * e.start, x, y0 + sign * (e.start + e.length)))
    for y in ys:
        for side, x0, sign in (("left", g.x, -1), ("right", g.right, 1)):
            e = edges[side]
            if side in wanted and e.length > 0:
                lines.append(Line(x0 + sign * e.start, y, x0 + sign * (e.start + e.length), y))
    return lines


def cut_positions(slots: Sequence[Slot]) -> tuple[list[float], list[float]]:
    """The distinct vertical (x) and horizontal (y) cut lines of a grid."""
    xs = sorted({round(v, 6) for s in slots for v in (s.x, s.x + s.w)})
    ys = sorted({round(v, 6) for s in slots for v in (s.y, s.y + s.h)})
    return xs, ys


# --------------------------------------------------------------------------- items and tiles


def item_edges(trim: Box, others: Sequence[Box], region: Box) -> dict[str, Edge]:
    """Edges of one free-standing item: half the gap to a neighbour, else the region margin."""
    outer = outer_edges(trim, region)
    edges = {}
    for side in ("left", "top", "right", "bottom"):
        gap = neighbour_gap(trim, others, side)
        edges[side] = outer[side] if gap is None else edge_for_margin(gap / 2)
    return edges


def corner_marks(trim: Box, edges: dict[str, Edge]) -> list[Line]:
    """Eight crop marks round one item: each trim line extended outside its corners."""
    lines = []
    for y in (trim.y, trim.bottom):
        for side, x0, sign in (("left", trim.x, -1), ("right", trim.right, 1)):
            e = edges[side]
            if e.length > 0:
                lines.append(Line(x0 + sign * e.start, y, x0 + sign * (e.start + e.length), y))
    for x in (trim.x, trim.right):
        for side, y0, sign in (("top", trim.y, -1), ("bottom", trim.bottom, 1)):
            e = edges[side]
            if e.length > 0:
                lines.append(Line(x, y0 + sign * e.start, x, y0 + sign * (e.start + e.length)))
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


@dataclass(frozen=True)
class Tile:
    row: int
    col: int
    rows: int
    cols: int
    region: Box  # the part of the board this tile shows, board mm
    window: Box  # where that part is printed on the page


def tile_count(length: float, window: float, overlap: float) -> int:
    """Tiles along one axis: ceil((L - o) / (T - o)), at least 1."""
    if length <= window + 1e-6:
        return 1
    return math.ceil((length - overlap) / (window - overlap) - 1e-9)


def tiles_on(paper: Paper, board_w: float, board_h: float, overlap: float) -> list[Tile]:
    window = content_box(paper, BAND)
    cols = tile_count(board_w, window.w, overlap)
    rows = tile_count(board_h, window.h, overlap)
    sx, sy = window.w - overlap, window.h - overlap
    return [
        Tile(r, c, rows, cols, Box(c * sx, r * sy, window.w, window.h), window)
        for r in range(rows)
        for c in range(cols)
    ]


def tiles(
    board_w: float, board_h: float, paper: Paper, overlap: float = TILE_OVERLAP
) -> tuple[Paper, list[Tile]]:
    """Cover a board with page-sized tiles overlapping by `overlap`; the orientation with
    fewer sheets wins (portrait on a tie)."""
    best: tuple[Paper, list[Tile]] | None = None
    for oriented in (paper, Paper(paper.name, paper.height, paper.width)):
        found = tiles_on(oriented, board_w, board_h, overlap)
        if best is None or len(found) < len(best[1]):
            best = (oriented, found)
    assert best is not None
    return best


def registration_points(tile_list: Sequence[Tile], overlap: float) -> list[tuple[float, float]]:
    """Board points in the middle of every overlap band, shared by the tiles either side."""
    if not tile_list:
        return []
    t0 = tile_list[0]
    sx, sy = t0.window.w - overlap, t0.window.h - overlap
    points = []
    for r in range(t0.rows):
        for c in range(t0.cols - 1):
            points.append(((c + 1) * sx + overlap / 2, r * sy + t0.window.h / 2))
    for r in range(t0.rows - 1):
        for c in range(t0.cols):
            points.append((c * sx + t0.window.w / 2, (r + 1) * sy + overlap / 2))
    return points


# --------------------------------------------------------------------------- page plans


def grid_plan(
    copies: Sequence[Copy], paper: Paper, *, gutter: float, offset: tuple[float, float],
    band: bool,
) -> list[Page]:
    """Copies of one size -> front pages each followed by its mirrored back page (duplex)."""
    region = band_region(paper) if band else paper.box
    box = content_box(paper, BAND if band else 0.0)
    slots = grid_slots(box, copies[0].w, copies[0].h, gutter)
    if not slots:
        raise ValueError(f"a {copies[0].w} x {copies[0].h} mm face does not fit on {paper.name}")
    pages = []
    for chunk in chunks(copies, len(slots)):
        used = rows_in_use(slots, len(chunk))
        front = sheet_page(paper, "front", chunk, used, region, band)
        pages.append(front)
        if any(c.has_back for c in chunk):
            backs = [back_slot(s, paper.width, offset) for s in used]
            pages.append(sheet_page(paper, "back", chunk, backs, region, band, offset))
    return pages


def rows_in_use(slots: Sequence[Slot], n: int) -> list[Slot]:
    """The whole rows of a row-major grid that the first n slots touch (marks for empty rows
    would only confuse)."""
    cols = sum(1 for s in slots if abs(s.y - slots[0].y) < 1e-6)
    return list(slots[: math.ceil(n / cols) * cols])


def sheet_page(
    paper: Paper, side: str, chunk: Sequence[Copy], slots: Sequence[Slot], region: Box,
    band: bool, offset: tuple[float, float] = (0.0, 0.0),
) -> Page:
    """One grid page: placements for the chunk, clips and marks from the full grid."""
    clips = grid_clips(slots, region)
    placements = [
        Placement((c.component, side), s, clip)
        for c, s, clip in zip(chunk, slots, clips, strict=False)
        if side == "front" or c.has_back
    ]
    page = Page(paper, side, describe(chunk, side), placements, grid_marks(slots, region))
    box = content_box(paper)
    page.lanes = band_lanes(paper) if band else side_lanes(slots, region,
                                                            span=(box.y, box.bottom))
    if side == "back":
        page.notes.append(f"Backs: duplex, flip on long edge; back offset {fmt_offset(offset)} mm")
    page.notes.append("Cut rows first (marks left and right), then columns (marks top and bottom)")
    return page


def fold_plan(copies: Sequence[Copy], paper: Paper, *, gutter: float) -> list[Page]:
    """Fold-over sheets (print-spec 3.5): landscape, fronts left, backs mirrored right."""
    page_paper = paper.landscape
    fold_x = page_paper.width / 2
    box = content_box(page_paper)
    half = Box(box.x, box.y, fold_x - FOLD_CLEAR - 1.0 - box.x, box.h)
    fronts = grid_slots(half, copies[0].w, copies[0].h, gutter)
    if not fronts:
        raise ValueError(f"a {copies[0].w} x {copies[0].h} mm face does not fit a fold-over half")
    shift = half.right - bbox([s.trim for s in fronts]).right  # butt the grid against the fold
    fronts = [replace(s, x=s.x + shift) for s in fronts]
    backs = [replace(s, x=2 * fold_x - s.x - s.w, rotate=(-s.rotate) % 360) for s in fronts]
    left = Box(0.0, 0.0, fold_x - FOLD_CLEAR, page_paper.height)
    right = Box(fold_x + FOLD_CLEAR, 0.0, fold_x - FOLD_CLEAR, page_paper.height)
    pages = []
    for chunk in chunks(copies, len(fronts)):
        page = Page(page_paper, "fold", describe(chunk, "fold"))
        for side, slots, region in (("front", fronts, left), ("back", backs, right)):
            clips = grid_clips(slots, region)
            for c, s, clip in zip(chunk, slots, clips, strict=False):
                if side == "front" or c.has_back:
                    page.placements.append(Placement((c.component, side), s, clip))
            outer = "left" if side == "front" else "right"
            page.lines += grid_marks(slots, region, sides=("top", "bottom", outer))
        g = bbox([s.trim for s in fronts])
        page.lines.append(Line(fold_x, g.y, fold_x, g.bottom, 0.2, 0.6, (2.0, 1.5)))
        page.lanes = side_lanes(fronts, left, sides=("left",)) + side_lanes(backs, right, ("right",))
        page.lanes.append(Lane(fold_x - 1.0, g.bottom, g.h))
        page.notes.append("Fold on the dashed line (fronts out), glue, then cut")
        pages.append(page)
    return pages


def large_plan(
    copies: Sequence[Copy], paper: Paper, *, offset: tuple[float, float]
) -> list[Page]:
    """Items that fit a page at true size, several per page, each with its own corner marks."""
    box = content_box(paper, BAND)
    region = band_region(paper)
    pages = []
    start = 0
    for slots in shelf_pages(box, [(c.w, c.h) for c in copies], LARGE_GAP):
        chunk = copies[start:start + len(slots)]
        start += len(slots)
        pages.append(item_page(paper, "front", chunk, slots, region))
        if any(c.has_back for c in chunk):
            backs = [back_slot(s, paper.width, offset) for s in slots]
            page = item_page(paper, "back", chunk, backs, region)
            page.notes.append(f"Backs: duplex, flip on long edge; back offset {fmt_offset(offset)} mm")
            pages.append(page)
    return pages


def item_page(
    paper: Paper, side: str, chunk: Sequence[Copy], slots: Sequence[Slot], region: Box
) -> Page:
    page = Page(paper, side, describe(chunk, side), lanes=band_lanes(paper))
    trims = [s.trim for s in slots]
    for c, s, t in zip(chunk, slots, trims, strict=True):
        edges = item_edges(t, trims, region)
        if side == "front" or c.has_back:
            clip = t.grow(*(edges[k].bleed for k in ("left", "top", "right", "bottom")))
            page.placements.append(Placement((c.component, side), s, clip))
            page.lines += corner_marks(t, edges)
    return page


def tile_plan(copy: Copy, paper: Paper, side: str = "front") -> list[Page]:
    """A board larger than the page, tiled with overlap bands and registration crosshairs."""
    page_paper, tile_list = tiles(copy.w, copy.h, paper)
    board = Box(0.0, 0.0, copy.w, copy.h)
    points = registration_points(tile_list, TILE_OVERLAP)
    pages = []
    for t in tile_list:
        what = (f"{copy.title}: {copy.name} ({side}) - row {t.row + 1} / col {t.col + 1} "
                f"(of {t.rows} x {t.cols})")
        page = Page(page_paper, "tile", what, lanes=band_lanes(page_paper))
        dx, dy = t.window.x - t.region.x, t.window.y - t.region.y
        slot = Slot(dx, dy, copy.w, copy.h)
        shown = board.intersect(t.region)
        assert shown is not None
        on_page = Box(shown.x + dx, shown.y + dy, shown.w, shown.h)
        bleeds = [1.0 if at_board_edge else 0.0 for at_board_edge in (
            shown.x <= 0, shown.y <= 0, shown.right >= copy.w, shown.bottom >= copy.h)]
        first = t.row == 0 and t.col == 0
        page.placements.append(
            Placement((copy.component, side), slot, on_page.grow(*bleeds), counts=first))
        page.lines += tile_marks(t, on_page, bleeds)
        page.labels += trim_labels(t, on_page)
        for bx, by in points:
            if t.region.contains(Box(bx - 3, by - 3, 6, 6)) and board.contains(Box(bx, by, 0, 0)):
                page.lines += crosshair(bx + dx, by + dy, 3.0)
                page.circles.append(Circle(bx + dx, by + dy, 1.5))
        page.notes.append("Trim the edges marked 'trim', lay them over the hatched band, "
                          "match the crosshairs, glue")
        pages.append(page)
    return pages


def tile_marks(t: Tile, shown: Box, bleeds: Sequence[float]) -> list[Line]:
    """Trim ticks on edges that go on top, a faint hatch on bands that go under, and crop
    marks at the board's own edges."""
    lines: list[Line] = []
    left, top, right, bottom = bleeds
    if t.col > 0:  # this tile's left edge goes on top of its left neighbour
        lines += [Line(shown.x, shown.y - 2, shown.x, shown.y - 5, 0.3),
                  Line(shown.x, shown.bottom + 2, shown.x, shown.bottom + 5, 0.3)]
    if t.row > 0:
        lines += [Line(shown.x - 2, shown.y, shown.x - 5, shown.y, 0.3),
                  Line(shown.right + 2, shown.y, shown.right + 5, shown.y, 0.3)]
    if t.col < t.cols - 1:
        lines += hatch(Box(shown.right - TILE_OVERLAP, shown.y, TILE_OVERLAP, shown.h))
    if t.row < t.rows - 1:
        lines += hatch(Box(shown.x, shown.bottom - TILE_OVERLAP, shown.w, TILE_OVERLAP))
    edge = Edge(1.0, 2.0, 2.5)
    none = Edge(0.0, 0.0, 0.0)
    edges = {k: (edge if b > 0 else none) for k, b in zip(
        ("left", "top", "right", "bottom"), (left, top, right, bottom), strict=True)}
    return lines + corner_marks(shown, edges)


def trim_labels(t: Tile, shown: Box) -> list[Label]:
    """'trim this edge' beside the edges that go on top of a neighbour."""
    labels = []
    if t.col > 0:
        labels.append(Label(shown.x - 1.2, shown.y + shown.h / 2, "trim this edge", 5.0, 90))
    if t.row > 0:
        labels.append(Label(shown.x + shown.w / 2, shown.y - 1.2, "trim this edge", 5.0))
    return labels


def hatch(box: Box, step: float = 3.0) -> list[Line]:
    """Faint 45-degree lines filling a box (the glue band of a tile)."""
    lines = []
    k = 0.0
    while k < box.w + box.h:
        x1, y1 = box.x + min(k, box.w), box.y + max(0.0, k - box.w)
        x2, y2 = box.x + max(0.0, k - box.h), box.y + min(k, box.h)
        lines.append(Line(x1, y1, x2, y2, 0.1, 0.8))
        k += step
    return lines


def crosshair(x: float, y: float, arm: float) -> list[Line]:
    return [Line(x - arm, y, x + arm, y, 0.15), Line(x, y - arm, x, y + arm, 0.15)]


def calibration_points(paper: Paper) -> list[tuple[float, float]]:
    """Crosshair centres on the calibration page: four corners of the common area and its centre."""
    box = content_box(paper, BAND)
    inset = 30.0
    return [
        (box.x + inset, box.y + inset), (box.right - inset, box.y + inset),
        (box.x + box.w / 2, box.y + box.h / 2),
        (box.x + inset, box.bottom - inset), (box.right - inset, box.bottom - inset),
    ]


def calibration_plan(paper: Paper, offset: tuple[float, float]) -> list[Page]:
    """A front page with crosshairs and scales, a back page with crosshairs at the mirrored
    positions plus the back offset: print duplex, hold to light, read the offset."""
    front = Page(paper, "calibration", "Calibration, front: crosshairs with offset scales",
                 lanes=band_lanes(paper))
    back = Page(paper, "calibration", "Calibration, back: crosshairs (seen through the paper)",
                lanes=band_lanes(paper))
    for x, y in calibration_points(paper):
        front.lines += crosshair(x, y, 6.0) + offset_scales(x, y)
        front.circles.append(Circle(x, y, 0.5))
        front.labels += scale_numbers(x, y)
        bx, by = paper.width - x + offset[0], y + offset[1]
        back.lines += crosshair(bx, by, 9.0)
    front.notes += [
        "Print this sheet duplex (flip on long edge), hold it to the light: read on the scales "
        "where the back cross's lines cross the front's arms",
        f"Add the readings to the back offset ({fmt_offset(offset)} mm) and rebuild with it",
    ]
    back.notes.append(f"Back offset used: {fmt_offset(offset)} mm")
    return [front, back]


def offset_scales(x: float, y: float, reach: int = 5) -> list[Line]:
    """Millimetre ticks along both arms of a front crosshair (long ticks every 5 mm)."""
    lines = []
    for k in range(-reach, reach + 1):
        if k == 0:
            continue
        tick = 1.2 if k % 5 == 0 else 0.6
        lines.append(Line(x + k, y - tick, x + k, y + tick, 0.1))
        lines.append(Line(x - tick, y + k, x + tick, y + k, 0.1))
    return lines


def scale_numbers(x: float, y: float) -> list[Label]:
    """Numbers on the scales are the offsets to add: dx = right reading, dy = minus down."""
    labels = [Label(x + k - 1.2, y + 3.6, f"{k:+d}", 4.0) for k in (-5, 5)]
    labels += [Label(x + 1.8, y + k + 0.5, f"{-k:+d}", 4.0) for k in (-5, 5)]
    labels += [Label(x + 7.5, y + 0.5, "dx", 5.0), Label(x - 1.0, y - 7.5, "dy", 5.0)]
    return labels


# --------------------------------------------------------------------------- labels


def chunks(items: Sequence[Copy], size: int) -> list[Sequence[Copy]]:
    return [items[i:i + size] for i in range(0, len(items), size)]


def describe(chunk: Sequence[Copy], side: str) -> str:
    """'Playing card x9 (fronts)' style summary of what a page holds."""
    counts: dict[str, int] = {}
    for c in chunk:
        if side in ("front", "fold") or c.has_back:
            counts[c.title] = counts.get(c.title, 0) + 1
    word = {"front": "fronts", "back": "backs", "fold": "fronts + backs"}.get(side, side)
    return ", ".join(f"{t} x{n}" for t, n in counts.items()) + f" ({word})"


def fmt_offset(offset: tuple[float, float]) -> str:
    return f"{offset[0]:+.1f}, {offset[1]:+.1f}"


def side_lanes(
    slots: Sequence[Slot], region: Box, sides: Sequence[str] = ("left", "right"),
    span: tuple[float, float] | None = None,
) -> list[Lane]:
    """Vertical label lanes beside a grid (over `span`, default the grid's height), between
    the row crop marks."""
    g = bbox([s.trim for s in slots])
    edges = outer_edges(g, region)
    _, ys = cut_positions(slots)
    top, bottom = span or (g.y, g.bottom)
    bounds = sorted({round(y, 6) for y in ys} | {round(top, 6), round(bottom, 6)})
    lanes = []
    for side in sides:
        e = edges[side]
        x = g.x - e.start - 0.5 if side == "left" else g.right + e.start + 1.8
        for top, bottom in zip(bounds, bounds[1:], strict=False):
            if bottom - top > 12.0:
                lanes.append(Lane(x, bottom - 2.0, bottom - top - 4.0, vertical=True))
    return lanes


def sticker_plan(copies: Sequence[Copy], paper: Paper, *, offset: tuple[float, float]) -> list[Page]:
    """Sticker sheets (print-spec 4.1): rows of one component each with gutters, its name in a
    label column left of the grid, crop marks outside the grid."""
    box = content_box(paper, BAND)
    grid = Box(box.x + LABEL_COLUMN, box.y, box.w - LABEL_COLUMN, box.h)
    w, h = copies[0].w, copies[0].h
    cols = fit_count(grid.w, w, STICKER_GUTTER)
    rows_per_page = fit_count(grid.h, h, STICKER_GUTTER)
    if cols == 0 or rows_per_page == 0:
        raise ValueError(f"a {w} x {h} mm sticker does not fit on {paper.name}")
    rows = sticker_rows(copies, cols)
    region = band_region(paper)
    pages = []
    for page_rows in [rows[i:i + rows_per_page] for i in range(0, len(rows), rows_per_page)]:
        chunk = [c for row in page_rows for c in row]
        slots = [
            Slot(grid.x + k * (w + STICKER_GUTTER), grid.y + r * (h + STICKER_GUTTER), w, h)
            for r, row in enumerate(page_rows)
            for k in range(len(row))
        ]
        front = sheet_page(paper, "front", chunk, slots, region, band=True)
        front.notes[-1] = "Cut the rows apart (marks left and right), then each sticker"
        front.labels += row_labels(page_rows, grid.x, grid.y, h)
        pages.append(front)
        if any(c.has_back for c in chunk):
            backs = [back_slot(s, paper.width, offset) for s in slots]
            pages.append(sheet_page(paper, "back", chunk, backs, region, True, offset))
    return pages


def sticker_rows(copies: Sequence[Copy], cols: int) -> list[list[Copy]]:
    """Split copies into rows of at most `cols`, a new row whenever the component changes."""
    rows: list[list[Copy]] = []
    for c in copies:
        if not rows or len(rows[-1]) == cols or rows[-1][-1].component != c.component:
            rows.append([])
        rows[-1].append(c)
    return rows


def row_labels(rows: Sequence[Sequence[Copy]], grid_x: float, grid_y: float, h: float
               ) -> list[Label]:
    """The component's name left of the first row it fills (ending 7 mm left of the grid)."""
    from cardgen import fonts

    labels = []
    for r, row in enumerate(rows):
        if r > 0 and rows[r - 1][-1].component == row[0].component:
            continue
        text = row[0].name
        width = min(fonts.text_width_mm(text, "regular", 6.0), LABEL_COLUMN - 9.0)
        while fonts.text_width_mm(text, "regular", 6.0) > width + 1e-6 and len(text) > 2:
            text = text[:-2] + "…"
        y = grid_y + r * (h + STICKER_GUTTER) + h / 2 + 0.8
        labels.append(Label(grid_x - 7.0 - width, y, text, 6.0))
    return labels


# --------------------------------------------------------------------------- the whole file


@dataclass(frozen=True)
class Group:
    """Copies that share a sheet style and a face size, in database order."""

    sheet: str  # cards | tokens | stickers | large
    copies: tuple[Copy, ...]


def plan_home_print(
    groups: Sequence[Group], paper: Paper, *, fold: bool, offset: tuple[float, float],
    heading: str,
) -> list[Page]:
    """Every group's pages for one paper, a calibration pair first when there are duplex backs,
    then the page labels (heading, page n/N, what, print at 100 %, scale bars)."""
    pages: list[Page] = []
    for group in groups:
        pages += group_pages(group, paper, fold=fold, offset=offset)
    if not fold and any(p.side == "back" for p in pages):
        pages = calibration_plan(paper, offset) + pages
    for n, page in enumerate(pages, start=1):
        furnish(page, f"{heading} - page {n}/{len(pages)}")
    return pages


def group_pages(group: Group, paper: Paper, *, fold: bool, offset: tuple[float, float]
                ) -> list[Page]:
    copies = list(group.copies)
    has_back = any(c.has_back for c in copies)
    if group.sheet in ("cards", "tokens"):
        gutter = TOKEN_GUTTER if group.sheet == "tokens" else 0.0
        if fold and has_back:
            return fold_plan(copies, paper, gutter=gutter)
        return grid_plan(copies, paper, gutter=gutter, offset=offset,
                         band=group.sheet == "tokens")
    if group.sheet == "stickers":
        return sticker_plan(copies, paper, offset=offset)
    box = content_box(paper, BAND)
    if fits(box, copies[0].w, copies[0].h) is not None:
        return large_plan(copies, paper, offset=offset)
    pages = []
    for c in copies:
        pages += tile_plan(c, paper, "front")
        if c.has_back:
            pages += tile_plan(c, paper, "back")
    return pages


LABEL_SIZE = 6.5
MIN_LABEL_SIZE = 5.0


def furnish(page: Page, heading: str) -> None:
    """Fill the page's lanes with its labels and the two scale bars (print-spec 3.1)."""
    items: list[tuple] = [
        ("text", heading, True),
        ("text", page.what, False),
        ("text", "Print at 100 % (actual size), never fit to page", True),
        ("bar", 50.0, 10.0, "50 mm"),
        ("bar", 50.8, 12.7, "2 in"),
        *[("text", note, False) for note in page.notes],
    ]
    used = [0.0] * len(page.lanes)
    for item in items:
        placed = place_item(page, used, item)
        if not placed and item[0] == "text":
            place_truncated(page, used, item)


def item_length(item: tuple, size: float) -> float:
    from cardgen import fonts

    face = "bold" if item[0] == "text" and item[2] else "regular"
    if item[0] == "text":
        return fonts.text_width_mm(item[1], face, size)
    return item[1] + 1.5 + fonts.text_width_mm(item[3], "regular", size)


def place_item(page: Page, used: list[float], item: tuple) -> bool:
    for size in (LABEL_SIZE, MIN_LABEL_SIZE):
        length = item_length(item, size)
        for i, lane in enumerate(page.lanes):
            if used[i] + length <= lane.length + 1e-6:
                draw_item(page, lane, used[i], item, size)
                used[i] += length + LANE_GAP
                return True
    return False


def place_truncated(page: Page, used: list[float], item: tuple) -> None:
    """Shorten a text that fits nowhere into the lane with the most room left."""
    from cardgen import fonts

    if not page.lanes:
        return
    i = max(range(len(page.lanes)), key=lambda k: page.lanes[k].length - used[k])
    room = page.lanes[i].length - used[i]
    text = item[1]
    face = "bold" if item[2] else "regular"
    while len(text) > 4 and fonts.text_width_mm(text + "…", face, MIN_LABEL_SIZE) > room:
        text = text[:-1]
    if len(text) > 4:
        draw_item(page, page.lanes[i], used[i], ("text", text + "…", item[2]), MIN_LABEL_SIZE)
        used[i] = page.lanes[i].length


def lane_point(lane: Lane, along: float, up: float) -> tuple[float, float]:
    """A point `along` the lane's baseline and `up` from it, page mm."""
    if lane.vertical:
        return lane.x - up, lane.y - along
    return lane.x + along, lane.y - up


def draw_item(page: Page, lane: Lane, at: float, item: tuple, size: float) -> None:
    angle = 90 if lane.vertical else 0
    if item[0] == "text":
        x, y = lane_point(lane, at, 0.0)
        page.labels.append(Label(x, y, item[1], size, angle, bold=item[2]))
        return
    _, length, step, text = item
    a, b = lane_point(lane, at, 0.0), lane_point(lane, at + length, 0.0)
    page.lines.append(Line(*a, *b, 0.25))
    k = 0
    while k * step <= length + 1e-6:
        tall = 1.8 if k == 0 or abs(k * step - length) < 1e-6 else 1.1
        p, q = lane_point(lane, at + k * step, 0.0), lane_point(lane, at + k * step, tall)
        page.lines.append(Line(*p, *q, 0.2))
        k += 1
    x, y = lane_point(lane, at + length + 1.5, 0.0)
    page.labels.append(Label(x, y, text, size, angle))


# --------------------------------------------------------------------------- drawing


def draw_page(canvas, page: Page, faces, paint) -> None:  # noqa: ANN001 (reportlab canvas)
    """Draw one planned page: faces through `paint` (render_pdf.paint), then marks and labels.

    faces maps (component id, side) -> Drawing; clipping here narrows paint's own bleed clip
    so butted neighbours do not overprint each other.
    """
    from reportlab.lib.units import mm

    from cardgen import fonts

    height = page.paper.height
    canvas.setPageSize((page.paper.width * mm, height * mm))
    for p in page.placements:
        drawing = faces[p.face]
        canvas.saveState()
        clip = canvas.beginPath()
        clip.rect(p.clip.x * mm, (height - p.clip.bottom) * mm, p.clip.w * mm, p.clip.h * mm)
        canvas.clipPath(clip, stroke=0, fill=0)
        paint(canvas, drawing, p.slot.x, p.slot.y, height, bleed_mm=drawing.bleed,
              rotate=p.slot.rotate)
        canvas.restoreState()
    canvas.saveState()
    for line in page.lines:
        canvas.setStrokeGray(line.gray)
        canvas.setLineWidth(line.width * mm)
        canvas.setDash([d * mm for d in line.dash] if line.dash else [])
        canvas.line(line.x1 * mm, (height - line.y1) * mm, line.x2 * mm, (height - line.y2) * mm)
    canvas.setDash([])
    canvas.setStrokeGray(0)
    for c in page.circles:
        canvas.setLineWidth(c.width * mm)
        canvas.circle(c.cx * mm, (height - c.cy) * mm, c.r * mm, stroke=1, fill=0)
    canvas.setFillGray(0)
    for label in page.labels:
        canvas.saveState()
        canvas.translate(label.x * mm, (height - label.y) * mm)
        canvas.rotate(label.angle)
        canvas.setFont(fonts.pdf_font_name("bold" if label.bold else "regular"), label.size)
        canvas.drawString(0, 0, label.text)
        canvas.restoreState()
    canvas.restoreState()
    canvas.showPage()
