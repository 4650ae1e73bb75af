"""Pieces of different kinds sharing pages: runs of one size stacked as blocks, pure geometry.

A run is copies of one face size cut as one grid (butted cards, tokens with gutters, sticker
strips with their names). The packer stacks runs top to bottom on pages, first fit, tallest
rows first, splitting a run between whole rows; rows that fit nowhere beside a shelf fill the
pocket under a shorter block of one (re-cut to the pocket's width) before a new shelf or page
is started, so pages come fuller and fewer; blocks on one page are BLOCK_GAP apart and
each block's crop marks run into the gaps round it (stopping MARK_GAP short of their middle)
and out to the printable margin or the label band where it has no neighbour, so the cuts
stay straight: blocks apart through the middle of each gap, then rows, then columns.
A duplex block page gets a back page mirrored for a long-edge flip.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import field

from cardgen.impose.geometry import (
    BAND,
    BLOCK_GAP,
    MARK_GAP,
    Box,
    Copy,
    Label,
    Line,
    Page,
    Paper,
    Placement,
    Slot,
    back_slot,
    band_lanes,
    band_region,
    content_box,
    fit_count,
    grid_clips,
    grid_marks,
)
from cardgen.impose.plans import describe, fmt_offset, sticker_rows
from cardgen.records import record

STICKER_LABEL = 5.0  # sticker names read upwards in a column this wide left of the strips


@record(frozen=True)
class Run:
    """Copies of one size cut as one grid: `cols` across, footprint w x h after `rotate`."""

    sheet: str  # cards | tokens | stickers | large
    copies: tuple[Copy, ...]
    w: float
    h: float
    rotate: int
    gutter: float
    cols: int
    label_column: float = 0.0  # stickers: the die's name left of its rows

    @property
    def width(self) -> float:
        return self.row_width(self.cols)

    def row_width(self, n: int) -> float:
        return self.label_column + n * self.w + (n - 1) * self.gutter

    def height(self, rows: int) -> float:
        return rows * self.h + (rows - 1) * self.gutter

    def rows(self) -> list[tuple[Copy, ...]]:
        """Rows of at most `cols`; sticker rows never mix two components."""
        if self.sheet == "stickers":
            return [tuple(r) for r in sticker_rows(self.copies, self.cols)]
        return [self.copies[i:i + self.cols] for i in range(0, len(self.copies), self.cols)]


def make_run(sheet: str, copies: Sequence[Copy], box: Box, gutter: float) -> Run | None:
    """The orientation fitting more per row and page; None when one copy does not fit."""
    w0, h0 = copies[0].w, copies[0].h
    label = STICKER_LABEL if sheet == "stickers" else 0.0
    best: Run | None = None
    best_count = 0
    for rotate, w, h in ((0, w0, h0), (90, h0, w0)):
        if sheet == "stickers" and rotate:
            continue
        cols = fit_count(box.w - label, w, gutter)
        rows = fit_count(box.h, h, gutter)
        if cols * rows > best_count:
            best_count = cols * rows
            best = Run(sheet, tuple(copies), w, h, rotate, gutter, cols, label)
    return best


@record
class Block:
    run: Run
    rows: list[tuple[Copy, ...]]
    under: list[Block] = field(default_factory=list)  # stacked below it in its shelf's pocket

    @property
    def height(self) -> float:
        return self.run.height(len(self.rows))

    @property
    def width(self) -> float:
        return self.run.row_width(max(len(r) for r in self.rows))

    @property
    def column_height(self) -> float:
        """It and the blocks stacked under it, BLOCK_GAP apart."""
        return self.height + sum(BLOCK_GAP + b.height for b in self.under)


@record
class Shelf:
    """Blocks side by side, BLOCK_GAP apart; as tall as its first block."""

    blocks: list[Block] = field(default_factory=list)

    @property
    def height(self) -> float:
        return self.blocks[0].height

    @property
    def width(self) -> float:
        return sum(b.width for b in self.blocks) + BLOCK_GAP * (len(self.blocks) - 1)


@record
class Sheet:
    shelves: list[Shelf] = field(default_factory=list)
    reserved: float = 0.0  # room kept free at the top (the print plan)
    beside: float = 0.0  # or: this much width kept free right of the first shelf (the plan)

    def plan_box(self, box: Box) -> Box | None:
        """Where the print plan goes on this sheet, if it has room kept for it."""
        if self.reserved:
            return Box(box.x, box.y, box.w, self.reserved)
        if self.beside:
            return Box(box.right - self.beside, box.y, self.beside, self.shelves[0].height)
        return None

    def used(self) -> float:
        gaps = BLOCK_GAP * max(0, len(self.shelves) - 1 + (1 if self.reserved else 0))
        return self.reserved + sum(s.height for s in self.shelves) + gaps

    def blocks(self) -> list[Block]:
        return [b for s in self.shelves for top in s.blocks for b in (top, *top.under)]


def pack(runs: Sequence[Run], box: Box, reserved: float = 0.0,
         existing: Sequence[Sheet] = ()) -> list[Sheet]:
    """Runs -> sheets of shelves of blocks, tallest rows first: each run's rows go beside a
    shelf that has the width and height for them, else on a new shelf of the first sheet
    with the height, else on a new sheet. Room left on `existing` sheets is used first;
    the new sheets are returned, `reserved` kept free at the top of the first one."""
    sheets: list[Sheet] = list(existing) + ([Sheet(reserved=reserved)] if reserved else [])
    for run in sorted(runs, key=lambda r: -r.h):
        rows = run.rows()
        while rows:
            rest = place_under(sheets, run, rows)
            if rest is not None:
                rows = rest
                continue
            k = place_beside(sheets, run, rows, box) or place_below(sheets, run, rows, box)
            rows = rows[k:]
    new = [sheet for sheet in sheets[len(existing):] if sheet.shelves]
    return sorted(new, key=lambda sheet: not sheet.reserved)  # the reserved room on page 1


def place_beside(sheets: list[Sheet], run: Run, rows: list[tuple[Copy, ...]], box: Box) -> int:
    for sheet in sheets:
        for shelf in sheet.shelves:
            k = min(len(rows), fit_count(shelf.height, run.h, run.gutter))
            width = run.row_width(max((len(r) for r in rows[:k]), default=0))
            if k and shelf.width + BLOCK_GAP + width <= box.w + 1e-6:
                shelf.blocks.append(Block(run, rows[:k]))
                return k
    return 0


def place_under(sheets: list[Sheet], run: Run, rows: list[tuple[Copy, ...]]
                ) -> list[tuple[Copy, ...]] | None:
    """Copies into the pocket under a shorter block of a shelf (its column: the block's
    width, down to the shelf's bottom), cut to as many columns as the pocket is wide; the rows
    left (re-cut to the run's columns), or None when no pocket takes a row of them."""
    for sheet in sheets:
        for shelf in sheet.shelves:
            for top in shelf.blocks[1:]:
                room = shelf.height - top.column_height - BLOCK_GAP
                cols = min(run.cols, fit_count(top.width - run.label_column, run.w, run.gutter))
                fit = fit_count(room, run.h, run.gutter) * cols
                if run.sheet == "stickers":  # sticker rows never mix two dice: whole rows
                    fit = 0 if cols < run.cols else min(len(rows), fit // cols)
                    if fit:
                        top.under.append(Block(run, rows[:fit]))
                        return rows[fit:]
                    continue
                if not fit:
                    continue
                copies = [c for r in rows for c in r]
                taken, left = copies[:fit], copies[fit:]
                narrow = Run(run.sheet, run.copies, run.w, run.h, run.rotate, run.gutter, cols)
                top.under.append(Block(narrow, [tuple(taken[i:i + cols])
                                                for i in range(0, len(taken), cols)]))
                return [tuple(left[i:i + run.cols]) for i in range(0, len(left), run.cols)]
    return None


def place_below(sheets: list[Sheet], run: Run, rows: list[tuple[Copy, ...]], box: Box) -> int:
    for sheet in sheets + [Sheet()]:
        gap = BLOCK_GAP if sheet.shelves or sheet.reserved else 0.0
        k = min(len(rows), fit_count(box.h - sheet.used() - gap, run.h, run.gutter))
        if k:
            if sheet not in sheets:
                sheets.append(sheet)
            sheet.shelves.append(Shelf([Block(run, rows[:k])]))
            return k
    raise ValueError(f"a row of {run.w} x {run.h} mm pieces does not fit an empty page")


PLAN_BESIDE = 110.0  # the least width the print plan takes beside a shelf


def room_for_plan(sheets: list[Sheet], box: Box, height: float) -> bool:
    """Keep room for the print plan beside the first shelf of a sheet that has it, and move
    that sheet first; False when none has."""
    for n, sheet in enumerate(sheets):
        shelf = sheet.shelves[0]
        free = box.w - shelf.width - BLOCK_GAP
        if free >= PLAN_BESIDE and shelf.height >= height:
            sheet.beside = free
            sheets.insert(0, sheets.pop(n))
            return True
    return False


def sheet_copies(sheet: Sheet) -> list[Copy]:
    return [c for b in sheet.blocks() for row in b.rows for c in row]


def sheet_pages(sheet: Sheet, paper: Paper, side: str, offset: tuple[float, float]
                ) -> list[Page]:
    """One packed sheet -> its page (side 'front' or 'single'), and the mirrored back page
    when it is a front."""
    box = content_box(paper, BAND)
    outer = band_region(paper)
    copies = sheet_copies(sheet)
    page = Page(paper, side, describe(copies, "front"), lanes=band_lanes(paper))
    y = box.y + (sheet.reserved + BLOCK_GAP if sheet.reserved else 0.0)
    back_marks: list[Line] = []
    half = BLOCK_GAP / 2 - MARK_GAP  # marks in a gap stop short of its middle
    for n, shelf in enumerate(sheet.shelves):
        top = outer.y if n == 0 and not sheet.reserved else y - half
        last = n == len(sheet.shelves) - 1
        bottom = outer.bottom if last else y + shelf.height + half
        x = box.x + (box.w - shelf.width) / 2
        if n == 0 and sheet.beside:
            x = box.x
        for k, block in enumerate(shelf.blocks):
            left = outer.x if k == 0 else x - half
            right = (outer.right if k == len(shelf.blocks) - 1 and not (n == 0 and sheet.beside)
                     else x + block.width + half)
            below = y
            for m, part in enumerate((block, *block.under)):  # a column: blocks stacked
                ceiling = top if m == 0 else below - half
                floor = bottom if m == len(block.under) else below + part.height + half
                marks = place_block(page, part, x, below,
                                    Box(left, ceiling, right - left, floor - ceiling))
                if any(c.has_back for row in part.rows for c in row):
                    back_marks += marks
                below += part.height + BLOCK_GAP
            x += block.width + BLOCK_GAP
        y += shelf.height + BLOCK_GAP
    if len(sheet.blocks()) > 1:
        page.notes.append("Cut the blocks apart through the middle of the gaps, then rows "
                          "(marks left and right), then columns (marks above and below)")
    else:
        page.notes.append("Cut rows first (marks left and right), then columns "
                          "(marks top and bottom)")
    if side != "front":
        return [page]
    two_sided = {c.component for c in copies if c.has_back}
    back = mirrored_back(page, paper, offset, two_sided, describe(copies, "back"), back_marks)
    return [page, back]


def place_block(page: Page, block: Block, x: float, y: float, region: Box) -> list[Line]:
    """A block's placements, marks and labels onto the page; returns its marks."""
    run = block.run
    x0 = x + run.label_column
    slots, chunk = [], []
    for r, row in enumerate(block.rows):
        for k, copy in enumerate(row):
            slots.append(Slot(x0 + k * (run.w + run.gutter), y + r * (run.h + run.gutter),
                              run.w, run.h, run.rotate))
            chunk.append(copy)
    if run.label_column:  # the names left of the strips: no bleed or marks over them
        region = Box(x0 - 1.0, region.y, region.right - x0 + 1.0, region.h)
    for copy, slot, clip in zip(chunk, slots, grid_clips(slots, region), strict=True):
        page.placements.append(Placement((copy.component, "front"), slot, clip))
    marks = grid_marks(slots, region)
    page.lines += marks
    if run.label_column:
        page.labels += run_labels(block.rows, x0, y, run.h, run.h + run.gutter)
    return marks


def run_labels(rows: Sequence[tuple[Copy, ...]], grid_x: float, y: float, h: float,
               pitch: float) -> list[Label]:
    """Sticker blocks: each component's name, reading upwards, beside the rows it fills."""
    from cardgen.layout import fonts

    labels = []
    r = 0
    while r < len(rows):
        end = r
        while end + 1 < len(rows) and rows[end + 1][0].component == rows[r][0].component:
            end += 1
        top, bottom = y + r * pitch, y + end * pitch + h
        room = bottom - top - 1.0
        text, size = rows[r][0].name, 6.0
        while len(text) > 2 and fonts.text_width_mm(text, "regular", size) > room:
            text = text[:-2] + "…"
        length = fonts.text_width_mm(text, "regular", size)
        labels.append(Label(grid_x - 1.6, (top + bottom + length) / 2, text, size, 90))
        r = end + 1
    return labels


def mirrored_back(front: Page, paper: Paper, offset: tuple[float, float], two_sided: set[str],
                  what: str, marks: Sequence[Line]) -> Page:
    """The back page of a packed front: every two-sided copy at its long-edge mirror plus
    the back offset, with the marks mirrored the same way."""
    dx, dy = offset
    w = paper.width
    back = Page(paper, "back", what, lanes=band_lanes(paper))
    for p in front.placements:
        if p.face[0] not in two_sided:
            continue
        c = p.clip
        back.placements.append(Placement((p.face[0], "back"), back_slot(p.slot, w, offset),
                                         Box(w - c.right + dx, c.y + dy, c.w, c.h)))
    back.lines = [Line(w - ln.x1 + dx, ln.y1 + dy, w - ln.x2 + dx, ln.y2 + dy, ln.width,
                       ln.gray, ln.dash) for ln in marks]
    back.notes.append(f"Backs: duplex, flip on long edge; back offset {fmt_offset(offset)} mm")
    return back
