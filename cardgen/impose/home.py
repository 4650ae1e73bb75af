"""Groups of copies and a paper -> the home-print files: a duplex file and a single-sided one.

Printing a duplex file whole on long-edge duplex puts every back behind its front: it holds
only front/back page pairs (page 1 the print plan with the calibration crosses, page 2 their
backs). Everything printed on one side (pieces without a back, fold-over sheets, board tiles)
goes to the single-sided file, packed so that pieces of different kinds share pages. Page 1
of every file is the print plan: which file to print how, the paper, the cut order and the
back offset.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import field

from cardgen.impose.furniture import fitted, furnish
from cardgen.impose.geometry import (
    BAND,
    STICKER_GUTTER,
    TOKEN_GUTTER,
    Box,
    Circle,
    Copy,
    Label,
    Line,
    Page,
    Paper,
    Slot,
    band_lanes,
    content_box,
    fit_count,
    fits,
)
from cardgen.impose.pack import Run, Sheet, make_run, pack, room_for_plan, sheet_pages
from cardgen.impose.papers import paper_label
from cardgen.impose.plans import (
    calibration_plan,
    fmt_offset,
    fold_plan,
    grid_plan,
    tile_plan,
)
from cardgen.records import record

GUTTERS = {"cards": 0.0, "large": 0.0, "tokens": TOKEN_GUTTER, "stickers": STICKER_GUTTER}


@record(frozen=True)
class Group:
    """Copies that share a sheet style and a face size, in database order."""

    sheet: str  # cards | tokens | stickers | large
    copies: tuple[Copy, ...]


@record
class HomeFile:
    """One home-print PDF: its name after `pnp-<paper>`, whether to print it duplex, pages."""

    suffix: str  # "" or "-single"
    duplex: bool
    pages: list[Page] = field(default_factory=list)

    @property
    def sides(self) -> list[str]:
        return [p.side for p in self.pages]


def home_file_name(paper: str, f: HomeFile) -> str:
    """The file name of a home-print file on paper `paper` ("pnp-a4.pdf", "pnp-a4-single.pdf")."""
    return f"pnp-{paper}{f.suffix}.pdf"


def copies_placed(pages: list[Page]) -> dict[str, dict[str, int]]:
    """component id -> side -> copies on the pages (a tiled board counts once)."""
    copies: dict[str, dict[str, int]] = {}
    for page in pages:
        for p in page.placements:
            if p.counts:
                sides = copies.setdefault(p.face[0], {})
                sides[p.face[1]] = sides.get(p.face[1], 0) + 1
    return copies


@record
class Parts:
    """Pages and runs collected per group before packing."""

    duplex: list[Page] = field(default_factory=list)
    single: list[Page] = field(default_factory=list)
    duplex_runs: list[Run] = field(default_factory=list)
    single_runs: list[Run] = field(default_factory=list)


def plan_home_print(
    groups: Sequence[Group], paper: Paper, *, fold: bool, offset: tuple[float, float],
    heading: str, also: Sequence[str] = (),
) -> list[HomeFile]:
    """The duplex file (when anything has a back and is not folded) and the single-sided file
    (when anything prints on one side), each opening with its print plan, labels placed;
    `also`: the plan's lines for other files printed on this paper (the rules)."""
    parts = Parts()
    for group in groups:
        add_group(parts, group, paper, fold=fold, offset=offset)
    box = content_box(paper, BAND)
    duplex_sheets, single_sheets = packed_sheets(parts, box)
    files = home_files(parts, duplex_sheets, single_sheets, paper, offset)
    round_ids = {c.component for g in groups for c in g.copies if c.round}
    polygons = {c.component: c.corners for g in groups for c in g.copies if c.corners}
    folding = {c.component for g in groups for c in g.copies if c.folds}
    for f in files:
        for page in f.pages:
            page.circles += round_cut_lines(page, round_ids)
            page.lines += polygon_cut_lines(page, polygons)
            if any(p.face[0] in folding for p in page.placements):
                page.notes.insert(0, FOLD_LEGEND)
    for f in files:
        first = duplex_sheets[0] if f.duplex else (single_sheets[0] if single_sheets else None)
        spot = first.plan_box(box) if first is not None else None
        add_print_plan(f, files, paper, spot, fold=fold, offset=offset, heading=heading, also=also)
        label_pages(f, paper, heading)
    return files


def packed_sheets(parts: Parts, box: Box) -> tuple[list[Sheet], list[Sheet]]:
    """The runs packed: two-sided sheets (when anything is two-sided, the first keeps room for
    the print plan), then one-sided sheets (the room the two-sided ones leave filled first)."""
    duplex_sheets = pack(parts.duplex_runs, box, PLAN_ROOM) if parts.duplex_runs else []
    if (parts.duplex or duplex_sheets) and not any(s.reserved for s in duplex_sheets):
        duplex_sheets.insert(0, Sheet(reserved=PLAN_ROOM))
    # one-sided pieces fill the room two-sided sheets leave (nothing prints behind them)
    single_sheets = pack(parts.single_runs, box, PLAN_ROOM, existing=duplex_sheets)
    if single_sheets and not single_sheets[0].reserved:
        room_for_plan(single_sheets, box, PLAN_ROOM)
    return duplex_sheets, single_sheets


def home_files(parts: Parts, duplex_sheets: Sequence[Sheet], single_sheets: Sequence[Sheet],
               paper: Paper, offset: tuple[float, float]) -> list[HomeFile]:
    """The duplex file and the single-sided file, each when it has pages: the packed sheets'
    pages, then the whole pages (no print plan yet)."""
    duplex_pages: list[Page] = []
    for sheet in duplex_sheets:
        duplex_pages += sheet_pages(sheet, paper, "front", offset)
    packed: list[Page] = []
    for sheet in single_sheets:
        packed += sheet_pages(sheet, paper, "single", offset)
    files = []
    if duplex_pages or parts.duplex:
        files.append(HomeFile("", True, duplex_pages + parts.duplex))
    if packed or parts.single:
        files.append(HomeFile("-single" if files else "", False, packed + parts.single))
    return files


def add_print_plan(f: HomeFile, files: Sequence[HomeFile], paper: Paper, spot: Box | None, *,
                   fold: bool, offset: tuple[float, float], heading: str,
                   also: Sequence[str] = ()) -> None:
    """The file's print plan: in the room kept for it on its first page (`spot`), else on a
    page of its own in front."""
    if spot is not None:
        add_plan(f, files, paper, spot, fold=fold, offset=offset, heading=heading, also=also)
    else:
        f.pages[:0] = [plan_page(f, files, paper, fold=fold, offset=offset, heading=heading,
                                 also=also)]


def label_pages(f: HomeFile, paper: Paper, heading: str) -> None:
    """Every page's labels and scale bars, each page named by its file and number."""
    name = home_file_name(paper.name, f)
    for n, page in enumerate(f.pages, start=1):
        furnish(page, f"{heading} - {name} page {n}/{len(f.pages)}")


FOLD_LEGEND = "Standees, tuck boxes: cut solid lines, fold dashed ones"
CUT_LINE = 0.15  # mm, the round cut line of a disc
CUT_GRAY = 0.35


def round_cut_lines(page: Page, round_ids: set[str]) -> list[Circle]:
    """A thin grey circle on the trim of every disc that lies whole on the page."""
    return [Circle(p.slot.x + p.slot.w / 2, p.slot.y + p.slot.h / 2,
                   min(p.slot.w, p.slot.h) / 2, CUT_LINE, CUT_GRAY)
            for p in page.placements
            if p.face[0] in round_ids and page.paper.printable.contains(p.slot.trim)]


def polygon_cut_lines(page: Page, polygons: dict[str, tuple[tuple[float, float], ...]]
                      ) -> list[Line]:
    """A thin grey line along the cut of every polygon piece that lies whole on the page (its
    corners turned as its slot turns the face; a back mirrored with its slot)."""
    lines = []
    for p in page.placements:
        corners = polygons.get(p.face[0])
        if not corners or not page.paper.printable.contains(p.slot.trim):
            continue
        if p.face[1] == "back":
            corners = tuple((max(x for x, _ in corners) - x, y) for x, y in corners)
        placed = [turned(p.slot, x, y) for x, y in corners]
        lines += [Line(*a, *b, CUT_LINE, CUT_GRAY) for a, b in zip(placed, placed[1:] + placed[:1],
                                                                   strict=True)]
    return lines


def turned(slot: Slot, x: float, y: float) -> tuple[float, float]:
    """A point of a face (trim mm) on the page, the face turned clockwise by the slot."""
    w, h = (slot.w, slot.h) if slot.rotate in (0, 180) else (slot.h, slot.w)
    spot = {0: (x, y), 90: (h - y, x), 180: (w - x, h - y), 270: (y, w - x)}[slot.rotate % 360]
    return slot.x + spot[0], slot.y + spot[1]


def add_group(parts: Parts, group: Group, paper: Paper, *, fold: bool,
              offset: tuple[float, float]) -> None:
    """A group's two-sided and one-sided copies -> whole pages or runs to pack."""
    two = [c for c in group.copies if c.has_back]
    one = [c for c in group.copies if not c.has_back]
    gutter = GUTTERS.get(group.sheet, 0.0)
    if two and fold and group.sheet in ("cards", "tokens"):
        parts.single += fold_plan(two, paper, gutter=gutter)
        two = []
    for copies, duplex in ((two, True), (one, False)):
        if copies:
            add_copies(parts, group.sheet, copies, paper, duplex=duplex, offset=offset)


def add_copies(parts: Parts, sheet: str, copies: list[Copy], paper: Paper, *, duplex: bool,
               offset: tuple[float, float]) -> None:
    box = content_box(paper, BAND)
    gutter = GUTTERS.get(sheet, 0.0)
    if sheet != "stickers" and fits(content_box(paper), copies[0].w, copies[0].h) is None:
        for c in copies:  # larger than a page: tiles, always one-sided
            parts.single += tile_plan(c, paper, "front")
            if c.has_back:
                parts.single += tile_plan(c, paper, "back")
        return
    if copies[0].hex_top:
        from cardgen.impose.hexes import hex_plan  # loaded for hex tiles only

        pages = hex_plan(copies, paper, top=copies[0].hex_top, duplex=duplex, offset=offset)
        (parts.duplex if duplex else parts.single).extend(pages)
        return
    copies = full_pages(parts, sheet, copies, paper, duplex=duplex, offset=offset)
    if not copies:
        return
    run = make_run(sheet, copies, box, gutter)
    if run is None:
        raise ValueError(f"a {copies[0].w} x {copies[0].h} mm piece does not fit on {paper.name}")
    (parts.duplex_runs if duplex else parts.single_runs).append(run)


def full_pages(parts: Parts, sheet: str, copies: list[Copy], paper: Paper, *, duplex: bool,
               offset: tuple[float, float]) -> list[Copy]:
    """Whole pages of a size that fits more per page without the label band (a 3 x 3 poker
    grid); labels then go beside the grid. Returns the copies left for packing."""
    if sheet not in ("cards", "large"):
        return copies
    full = grid_count(content_box(paper), copies[0].w, copies[0].h, GUTTERS.get(sheet, 0.0))
    banded = grid_count(content_box(paper, BAND), copies[0].w, copies[0].h,
                        GUTTERS.get(sheet, 0.0))
    if full <= banded or (not duplex and banded and full - banded < 3):
        return copies  # one-sided: a page of its own only when that saves at least a row
    whole = len(copies) // full * full
    if not banded or (duplex and len(copies) - whole > banded):
        whole = len(copies)  # the rest needs the rows only a page without the band has
    if not whole:
        return copies
    pages = grid_plan(copies[:whole], paper, gutter=GUTTERS.get(sheet, 0.0), offset=offset,
                      band=False)
    if not duplex:
        for page in pages:
            page.side = "single"
    (parts.duplex if duplex else parts.single).extend(pages)
    return copies[whole:]


def grid_count(box: Box, w: float, h: float, gutter: float) -> int:
    """How many slots `grid_slots(box, w, h, gutter)` gives (the more of its two ways round),
    without making them."""
    upright = fit_count(box.w, w, gutter) * fit_count(box.h, h, gutter)
    turned = fit_count(box.w, h, gutter) * fit_count(box.h, w, gutter)
    return turned if turned > upright else upright


# --------------------------------------------------------------------------- the print plan


def add_plan(f: HomeFile, files: Sequence[HomeFile], paper: Paper, spot: Box, *, fold: bool,
             offset: tuple[float, float], heading: str, also: Sequence[str] = ()) -> None:
    """The print plan into the room kept for it on the file's first page (`spot`); in a
    duplex file with two calibration crosses beside it (their backs on page 2, behind it)."""
    box = spot
    text_box = Box(box.x, box.y, box.w - (CROSS_COLUMN if f.duplex else 0.0), PLAN_ROOM)
    lines = plan_lines(f, files, paper, fold=fold, offset=offset, also=also)
    f.pages[0].labels += plan_labels(heading, lines, text_box)
    f.pages[0].what = "Print plan; " + f.pages[0].what
    if not f.duplex:
        return
    x = box.right - CROSS_COLUMN / 2
    points = [(x, box.y + 14.0), (x, box.y + PLAN_ROOM - 14.0)]
    front, back = calibration_plan(paper, offset, points=points)
    f.pages[0].lines += front.lines
    f.pages[0].circles += front.circles
    f.pages[0].labels += front.labels
    f.pages[1].lines += back.lines


def plan_page(f: HomeFile, files: Sequence[HomeFile], paper: Paper, *, fold: bool,
              offset: tuple[float, float], heading: str, also: Sequence[str] = ()) -> Page:
    """A page of its own for the print plan (a file whose first page has no room for it)."""
    page = Page(paper, "single", "Print plan", lanes=band_lanes(paper))
    page.labels += plan_labels(heading, plan_lines(f, files, paper, fold=fold, offset=offset,
                                                   own_page=True, also=also),
                               content_box(paper, BAND))
    return page


def plan_lines(f: HomeFile, files: Sequence[HomeFile], paper: Paper, *, fold: bool,
               offset: tuple[float, float], own_page: bool = False, also: Sequence[str] = ()
               ) -> tuple[list[tuple[str, bool]], list[str]]:
    """(text, bold) lines of the print plan (`also`: lines for other files of this paper),
    and its contents lines (page ranges)."""
    out: list[tuple[str, bool]] = []
    for other in files:
        name = home_file_name(paper.name, other)
        pages = len(other.pages) + (1 if own_page and other is f else 0)
        how = ("DUPLEX, flip on long edge" if other.duplex else "SINGLE-SIDED")
        this = " (this file)" if other is f else ""
        out.append((f"{name}{this}: {pages} pages, print all of it {how}", True))
    out += [(line, True) for line in also]
    out.append((f"Paper: {paper_label(paper)}; print at 100 % (actual "
                "size), never fit to page; card stock (160-220 g/m2) for cards and tokens", False))
    if any(o.duplex for o in files):
        out.append((f"Back offset used: {fmt_offset(offset)} mm. First print pages 1-2 of the "
                    "duplex file, hold the sheet to the light, read the scales", False))
        out.append(("and rebuild with --back-offset DX,DY if the crosses do not meet", False))
    if fold:
        out.append(("Fold-over sheets: fold on the dashed line (fronts out), glue, then cut",
                    False))
    out.append(("Cut order: blocks apart through the middle of the gaps between them, then "
                "rows (marks left and right), then columns", False))
    out.append(("(marks above and below). Tiles: trim the edges marked 'trim', overlap the "
                "hatched band, match the crosses, glue", False))
    out.append(("Contents of this file:", True))
    first = 2 if own_page else 1
    entries = [(n, f"{page.side}: {page.what}") for n, page in enumerate(f.pages, start=first)]
    return out, page_ranges(entries)


def page_ranges(entries: Sequence[tuple[int, str]]) -> list[str]:
    """'p3-6 front: Card x9 ...' lines, consecutive pages with the same text merged
    (front/back pairs repeating the same contents merged as pairs)."""
    out: list[str] = []
    i = 0
    while i < len(entries):
        step = 2 if (i + 1 < len(entries) and entries[i][1].startswith("front")
                     and entries[i + 1][1].startswith("back")) else 1
        j = i + step
        while (j + step - 1 < len(entries)
               and all(entries[j + k][1] == entries[i + k][1] for k in range(step))):
            j += step
        first, last = entries[i][0], entries[j - 1][0]
        span = f"p{first}" if first == last else f"p{first}-{last}"
        text = entries[i][1] if step == 1 else f"{entries[i][1]} / backs"
        out.append(f"{span}  {text}")
        i = j
    return out


CROSS_COLUMN = 34.0  # calibration crosses right of the plan text
PLAN_ROOM = 66.0  # the print plan at the top of a single-sided file's first packed page
PLAN_SIZE = 6.5
PLAN_LEADING = 3.4


def plan_labels(heading: str, lines: tuple[list[tuple[str, bool]], list[str]], box: Box
                ) -> list[Label]:
    """The plan's lines top-down in box, shortened to its width; the contents in two columns
    when one does not hold them (and the rest summed up in a last line)."""
    head, rows = lines
    labels = [Label(box.x, box.y + 4.0, f"{heading}: print plan", 9.0, bold=True)]
    y = box.y + 4.0 + 6.0
    for text, bold in head:
        face = "bold" if bold else "regular"
        labels.append(Label(box.x, y, fitted(text, face, PLAN_SIZE, box.w), PLAN_SIZE, bold=bold))
        y += PLAN_LEADING
    room = max(1, int((box.bottom - y) // PLAN_LEADING))
    columns = 1 if len(rows) <= room else 2
    if len(rows) > 2 * room:
        rows = rows[:2 * room - 1] + [f"... and {len(rows) - 2 * room + 1} more lines"]
    width = box.w / columns - 2.0
    for n, text in enumerate(rows):
        k, r = divmod(n, room)
        labels.append(Label(box.x + k * (width + 2.0), y + r * PLAN_LEADING,
                            fitted(text, "regular", PLAN_SIZE, width), PLAN_SIZE))
    return labels
