"""Copies of one size -> page plans: card grids with mirrored backs, fold-over, large items,
tiles, calibration, sticker sheets; and the whole file for one paper."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from cardgen.impose.geometry import (
    BAND,
    FOLD_CLEAR,
    MARK_GAP,
    TICK,
    TILE_OVERLAP,
    Box,
    Circle,
    Copy,
    Edge,
    Label,
    Lane,
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
    corner_marks,
    cut_positions,
    edge_for_margin,
    grid_clips,
    grid_marks,
    grid_slots,
    neighbour_gap,
    outer_edges,
)
from cardgen.impose.tiling import Tile, registration_points, tiles

# --------------------------------------------------------------------------- page plans


def grid_plan(
    copies: Sequence[Copy], paper: Paper, *, gutter: float, offset: tuple[float, float],
    band: bool,
) -> list[Page]:
    """Copies of one size -> front pages each followed by its mirrored back page (duplex)."""
    region = band_region(paper) if band else paper.printable
    box = content_box(paper, BAND if band else 0.0)
    slots = grid_slots(box, copies[0].w, copies[0].h, gutter)
    if not slots:
        raise ValueError(f"a {copies[0].w} x {copies[0].h} mm face does not fit on {paper.name}")
    pages = []
    frames: dict[tuple[str, int], Frame] = {}  # the grid's frames, by side and copies placed
    for chunk in chunks(copies, len(slots)):
        used = rows_in_use(slots, len(chunk))
        front = sheet_page(paper, "front", chunk, used, region, band, frames=frames)
        pages.append(front)
        if any(c.has_back for c in chunk):
            found = frames.get(("back", len(chunk)))
            backs = found[0] if found else [back_slot(s, paper.width, offset) for s in used]
            pages.append(sheet_page(paper, "back", chunk, backs, region, band, offset,
                                    frames=frames))
    return pages


Frame = tuple[list[Slot], list[Box], tuple[Line, ...], tuple[Lane, ...]]
# a grid page's slots, their clips, its marks and its label lanes: the same on every page of
# a grid that places as many copies (planned once per grid_plan; the values are frozen)


def rows_in_use(slots: Sequence[Slot], n: int) -> list[Slot]:
    """The whole rows of a row-major grid that the first n slots touch (marks for empty rows
    would only confuse)."""
    cols = sum(1 for s in slots if abs(s.y - slots[0].y) < 1e-6)
    return list(slots[: math.ceil(n / cols) * cols])


def sheet_page(
    paper: Paper, side: str, chunk: Sequence[Copy], slots: Sequence[Slot], region: Box,
    band: bool, offset: tuple[float, float] = (0.0, 0.0),
    frames: dict[tuple[str, int], Frame] | None = None,
) -> Page:
    """One grid page: placements for the chunk, clips and marks from the full grid. `frames`
    keeps what the page's slots give (clips, marks, lanes) for the next page of the same grid
    with as many copies on it (grid_plan's pages: the same slots)."""
    key = (side, len(chunk))
    frame = frames.get(key) if frames is not None else None
    if frame is None:
        box = content_box(paper)
        frame = (list(slots), grid_clips(slots, region),
                 tuple(grid_marks(slots[:len(chunk)], region)),  # ticks where pieces are
                 tuple(band_lanes(paper) if band else (
                     side_lanes(slots, region, span=(box.y, box.bottom))
                     + rim_lanes(slots, region, region))))
        if frames is not None:
            frames[key] = frame
    _, clips, marks, lanes = frame
    placements = [
        Placement((c.component, side), s, clip)
        for c, s, clip in zip(chunk, slots, clips, strict=False)
        if side == "front" or c.has_back
    ]
    page = Page(paper, side, describe(chunk, side), placements, list(marks))
    page.lanes = list(lanes)
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
    printable = page_paper.printable
    left = Box(printable.x, printable.y, fold_x - FOLD_CLEAR - printable.x, printable.h)
    right = Box(fold_x + FOLD_CLEAR, printable.y, printable.right - fold_x - FOLD_CLEAR,
                printable.h)
    pages = []
    for chunk in chunks(copies, len(fronts)):
        page = Page(page_paper, "single", describe(chunk, "fold"))
        used_fronts = rows_in_use(fronts, len(chunk))
        used_backs = backs[:len(used_fronts)]
        for side, slots, region in (("front", used_fronts, left), ("back", used_backs, right)):
            clips = grid_clips(slots, region)
            for c, s, clip in zip(chunk, slots, clips, strict=False):
                if side == "front" or c.has_back:
                    page.placements.append(Placement((c.component, side), s, clip))
            outer = "left" if side == "front" else "right"
            page.lines += grid_marks(slots[:len(chunk)], region, sides=("top", "bottom", outer))
        g = bbox([s.trim for s in used_fronts])
        page.lines.append(Line(fold_x, g.y, fold_x, g.bottom, 0.2, 0.6, (2.0, 1.5)))
        page.lanes = (rim_lanes(used_fronts, left, printable)
                      + rim_lanes(used_backs, right, printable))
        page.notes.append("Fold on the dashed line (fronts out), glue, then cut")
        pages.append(page)
    return pages


def rim_lanes(slots: Sequence[Slot], region: Box, printable: Box) -> list[Lane]:
    """Horizontal label lanes below and above a grid, with the text's top clear of the grid's
    bleed and its baseline inside the printable area: one lane across the region where the
    crop ticks end short of the text, else one between each two column marks."""
    g = bbox([s.trim for s in slots])
    xs, _ = cut_positions(slots)
    bounds = sorted({round(x, 6) for x in xs} | {round(region.x, 6), round(region.right, 6)})
    lanes = []
    for baseline, room in ((printable.bottom - 0.8, printable.bottom - g.bottom),
                           (printable.y + 3.2, g.y - printable.y)):
        if room < 7.0:  # 3 mm of bleed, 0.5 mm clear, 2.4 mm of text, 0.8 mm below it
            continue
        edge = edge_for_margin(room)
        if edge.length > 0 and edge.start + min(edge.length, TICK) + 0.5 <= room - 3.2:
            lanes.append(Lane(region.x + 1.5, baseline, region.w - 3.0))
            continue
        for a, b in zip(bounds, bounds[1:], strict=False):
            if b - a > 14.0:
                lanes.append(Lane(a + 1.5, baseline, b - a - 3.0))
    return lanes


TILE_GAP = 14.0  # between tiles sharing a page: their marks and name


def tile_plan(copy: Copy, paper: Paper, side: str = "front") -> list[Page]:
    """A board larger than the page, tiled with overlap bands and registration crosshairs;
    small tiles (the ends of a long board) share a page, each named."""
    page_paper, tile_list = tiles(copy.w, copy.h, paper)
    board = Box(0.0, 0.0, copy.w, copy.h)
    shown = [board.intersect(t.region) for t in tile_list]
    window = tile_list[0].window
    spots = tile_spots([(b.w, b.h) for b in shown if b is not None], window)
    pages: list[Page] = []
    placed: list[list[tuple[Tile, Box, list[float]]]] = []
    for t, part, (n, x, y) in zip(tile_list, shown, spots, strict=True):
        assert part is not None
        if n == len(pages):
            what = f"{copy.title}: {copy.name} ({side}) - tiles of {t.rows} x {t.cols}"
            pages.append(Page(page_paper, "single", what, lanes=band_lanes(page_paper)))
            pages[-1].notes.append("Trim the edges marked 'trim', lay them over the hatched "
                                   "band, match the crosshairs, glue")
            placed.append([])
        placed[n].append(place_tile(pages[n], copy, side, t, part, x - part.x, y - part.y))
    for page, tiles_here in zip(pages, placed, strict=True):
        boxes = [box for _, box, _ in tiles_here]
        for t, box, bleeds in tiles_here:
            room = mark_room(box, boxes, band_region(page.paper))
            page.lines += tile_marks(t, box, bleeds, room)
    return pages


def mark_room(box: Box, others: Sequence[Box], region: Box) -> dict[str, float]:
    """Per side, how far a box's marks may run out from its edge: to MARK_GAP short of the
    middle of the gap to a neighbour, else to the region's edge."""
    outer = {"left": box.x - region.x, "top": box.y - region.y,
             "right": region.right - box.right, "bottom": region.bottom - box.bottom}
    room = {}
    for side, margin in outer.items():
        gap = neighbour_gap(box, others, side)
        room[side] = margin if gap is None else min(margin, gap / 2 - MARK_GAP)
    return room


def tile_spots(sizes: Sequence[tuple[float, float]], window: Box
               ) -> list[tuple[int, float, float]]:
    """(page, x, y) per tile in order: rows left to right, TILE_GAP apart, never turned."""
    spots = []
    page, x, y, row = 0, window.x, window.y, 0.0
    for w, h in sizes:
        if x > window.x and x + w > window.right + 1e-6:
            x, y, row = window.x, y + row + TILE_GAP, 0.0
        if y > window.y and y + h > window.bottom + 1e-6:
            page, x, y, row = page + 1, window.x, window.y, 0.0
        spots.append((page, x, y))
        x, row = x + w + TILE_GAP, max(row, h)
    return spots


def place_tile(page: Page, copy: Copy, side: str, t: Tile, shown: Box, dx: float, dy: float
               ) -> tuple[Tile, Box, list[float]]:
    """One tile at board offset (dx, dy) on the page: the board clipped to it, 'trim'
    labels, crosshairs and its name; returns the tile, where it lies and its bleeds (left,
    top, right, bottom) for its marks."""
    board = Box(0.0, 0.0, copy.w, copy.h)
    on_page = Box(shown.x + dx, shown.y + dy, shown.w, shown.h)
    bleeds = [1.0 if at_board_edge else 0.0 for at_board_edge in (
        shown.x <= 0, shown.y <= 0, shown.right >= copy.w, shown.bottom >= copy.h)]
    first = t.row == 0 and t.col == 0
    page.placements.append(Placement((copy.component, side), Slot(dx, dy, copy.w, copy.h),
                                     on_page.grow(*bleeds), counts=first))
    page.labels += trim_labels(t, on_page)
    page.labels.append(Label(on_page.x + 8.0, on_page.y - bleeds[1] - 1.6,
                             f"{copy.name}: row {t.row + 1} / col {t.col + 1}", 6.0))
    for bx, by in registration_points([t], TILE_OVERLAP, (copy.w, copy.h)):
        if shown.contains(Box(bx - 3, by - 3, 6, 6)) and board.contains(Box(bx, by, 0, 0)):
            page.lines += crosshair(bx + dx, by + dy, 3.0)
            page.circles.append(Circle(bx + dx, by + dy, 1.5))
    return t, on_page, bleeds


TILE_MARK_START = 2.0  # tile marks start this far from the tile's edge (past 1 mm bleed)


def tile_marks(t: Tile, shown: Box, bleeds: Sequence[float], room: dict[str, float]
               ) -> list[Line]:
    """Trim lines on edges that go on top, a faint hatch on bands that go under, and crop
    marks at the board's own edges; every mark runs out as far as `room` allows."""
    s = TILE_MARK_START
    lines = trim_lines(t, shown, room)
    if t.col < t.cols - 1:
        lines += hatch(Box(shown.right - TILE_OVERLAP, shown.y, TILE_OVERLAP, shown.h))
    if t.row < t.rows - 1:
        lines += hatch(Box(shown.x, shown.bottom - TILE_OVERLAP, shown.w, TILE_OVERLAP))
    edges = {k: (Edge(1.0, s, room[k] - s) if b > 0 else Edge(0.0, 0.0, 0.0)) for k, b in zip(
        ("left", "top", "right", "bottom"), bleeds, strict=True)}
    return lines + corner_marks(shown, edges)


def trim_lines(t: Tile, shown: Box, room: dict[str, float]) -> list[Line]:
    """The cut lines of edges that go on top of a neighbour, outside both ends of the edge."""
    s = TILE_MARK_START
    spans: list[tuple[float, float, float, float]] = []
    reach = {k: min(v, s + TICK) for k, v in room.items()}  # ticks, never lines down the page
    if t.col > 0:  # this tile's left edge goes on top of its left neighbour
        spans += [(shown.x, shown.y - s, shown.x, shown.y - reach["top"]),
                  (shown.x, shown.bottom + s, shown.x, shown.bottom + reach["bottom"])]
    if t.row > 0:
        spans += [(shown.x - s, shown.y, shown.x - reach["left"], shown.y),
                  (shown.right + s, shown.y, shown.right + reach["right"], shown.y)]
    return [Line(*span, 0.3) for span in spans
            if abs(span[2] - span[0]) + abs(span[3] - span[1]) >= 1.0]


def trim_labels(t: Tile, shown: Box) -> list[Label]:
    """'trim this edge' beside the edges that go on top of a neighbour."""
    labels = []
    if t.col > 0:
        labels.append(Label(shown.x - 1.2, shown.y + shown.h / 2, "trim this edge", 6.0, 90))
    if t.row > 0:
        labels.append(Label(shown.x + shown.w / 2, shown.y - 1.2, "trim this edge", 6.0))
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


def calibration_points(paper: Paper, box: Box | None = None) -> list[tuple[float, float]]:
    """Crosshair centres on the calibration page: four corners of the box (the content area)
    and its centre."""
    box = box or content_box(paper, BAND)
    inset = min(30.0, box.h / 4)
    return [
        (box.x + inset, box.y + inset), (box.right - inset, box.y + inset),
        (box.x + box.w / 2, box.y + box.h / 2),
        (box.x + inset, box.bottom - inset), (box.right - inset, box.bottom - inset),
    ]


def calibration_plan(paper: Paper, offset: tuple[float, float], box: Box | None = None,
                     points: Sequence[tuple[float, float]] | None = None) -> list[Page]:
    """A front page with crosshairs and scales, a back page with crosshairs at the mirrored
    positions plus the back offset: print duplex, hold to light, read the offset."""
    front = Page(paper, "calibration", "Calibration, front: crosshairs with offset scales",
                 lanes=band_lanes(paper))
    back = Page(paper, "calibration", "Calibration, back: crosshairs (seen through the paper)",
                lanes=band_lanes(paper))
    for x, y in points or calibration_points(paper, box):
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
    labels = [Label(x + k - 1.6, y + 4.2, f"{k:+d}", 6.0) for k in (-5, 5)]
    labels += [Label(x + 2.0, y + k + 0.8, f"{-k:+d}", 6.0) for k in (-5, 5)]
    labels += [Label(x + 7.5, y + 0.8, "dx", 6.0), Label(x - 1.4, y - 7.5, "dy", 6.0)]
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


TEXT_DEPTH = 2.5  # mm a label line of 6.5 pt takes across its baseline


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
        x = g.x - e.bleed - 1.0 if side == "left" else g.right + e.bleed + 1.0 + TEXT_DEPTH
        if x - TEXT_DEPTH < region.x or x > region.right:
            continue  # no room for a line of text between the grid's bleed and the margin
        for top, bottom in zip(bounds, bounds[1:], strict=False):
            if bottom - top > 12.0:
                lanes.append(Lane(x, bottom - 2.0, bottom - top - 4.0, vertical=True))
    return lanes


def sticker_rows(copies: Sequence[Copy], cols: int) -> list[list[Copy]]:
    """Split copies into rows of at most `cols`, a new row whenever the component changes."""
    rows: list[list[Copy]] = []
    for c in copies:
        if not rows or len(rows[-1]) == cols or rows[-1][-1].component != c.component:
            rows.append([])
        rows[-1].append(c)
    return rows

