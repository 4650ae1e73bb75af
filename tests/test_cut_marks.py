"""Crop marks as plans (pure geometry): every mark starts just outside its piece and runs out
to the printable margin or the top of the label band (short of them only where a piece or a
label lies in the way, or MARK_GAP short of the cut that parts two blocks), and never crosses
a piece or a page label; on card grids, packed token, sticker and large-item sheets, tiles and
fold-over sheets, both papers."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from cardgen import impose
from cardgen.impose import PAPERS, Box, Line, Page, geometry
from tests.test_home_print import SEED_LIKE, copies, label_box, line_box, plans

TOL = 0.01
MARK_WIDTHS = (0.2, 0.3)  # crop marks and tile trim lines (scale bars are 0.25, crosses 0.15)


@dataclass(frozen=True)
class Mark:
    line: Line
    axis: str  # "x": a horizontal mark (runs along x), "y": a vertical one
    sign: int  # +1 runs towards larger coordinates, -1 towards smaller
    inner: float  # coordinate of the end next to its piece
    outer: float  # coordinate of the end away from it
    at: float  # the other coordinate (the cut line)


def piece_boxes(page: Page) -> list[Box]:
    """The trims of the pieces on a page (a tile: the part of its board on the page)."""
    boxes = []
    for p in page.placements:
        box = p.slot.trim.intersect(p.clip)
        assert box is not None
        boxes.append(box)
    return boxes


def as_mark(ln: Line, pieces: list[Box]) -> Mark | None:
    """The mark a line is when it continues a piece's edge outside the piece, else None."""
    if ln.x1 == ln.x2:
        axis, at, a, b = "y", ln.x1, min(ln.y1, ln.y2), max(ln.y1, ln.y2)
    elif ln.y1 == ln.y2:
        axis, at, a, b = "x", ln.y1, min(ln.x1, ln.x2), max(ln.x1, ln.x2)
    else:
        return None
    if not any(abs(at - e) <= 0.16 for box in pieces  # a mark on the margin moves 0.15 in
               for e in ((box.x, box.right) if axis == "y" else (box.y, box.bottom))):
        return None
    options = []  # the near end just past the nearest piece edge (a grid's edge: a row or a
    # column may stop short of it, its cuts still go through)
    for box in pieces:
        lo, hi = (box.y, box.bottom) if axis == "y" else (box.x, box.right)
        if lo - b + TOL > 0.0 and lo - b <= 4.5:
            options.append((lo - b, Mark(ln, axis, -1, b, a, at)))
        if a - hi + TOL > 0.0 and a - hi <= 4.5:
            options.append((a - hi, Mark(ln, axis, 1, a, b, at)))
    if options:
        return min(options, key=lambda o: o[0])[1]
    return None


def collect(fold: bool, paper: str, groups=SEED_LIKE) -> list[tuple[Page, list[Line]]]:
    """Every page with the lines its plan drew before labels and scale bars went on."""
    real = impose.home.furnish
    drawn: dict[int, list[Line]] = {}

    def spy(page: Page, heading: str) -> None:
        drawn[id(page)] = list(page.lines)
        real(page, heading)

    impose.home.furnish = spy  # type: ignore[attr-defined]
    try:
        files = plans(fold, paper, groups)
    finally:
        impose.home.furnish = real  # type: ignore[attr-defined]
    return [(page, drawn[id(page)]) for f in files for page in f.pages]


def page_marks(page: Page, lines: list[Line]) -> list[Mark]:
    pieces = piece_boxes(page)
    found = []
    for ln in lines:
        if ln.width not in MARK_WIDTHS or ln.gray != 0.0 or ln.dash:
            continue
        m = as_mark(ln, pieces)
        assert m is not None, ("a black line that marks no cut", page.what, ln)
        found.append(m)
    return found


def ray(m: Mark, printable: Box) -> Box:
    """The strip from a mark's outer end to the printable edge it points at."""
    edge = {("x", -1): printable.x, ("x", 1): printable.right,
            ("y", -1): printable.y, ("y", 1): printable.bottom}[(m.axis, m.sign)]
    lo, hi = sorted((m.outer, edge))
    return Box(lo, m.at, hi - lo, 0.0) if m.axis == "x" else Box(m.at, lo, 0.0, hi - lo)


def meets(strip: Box, box: Box) -> bool:
    return (strip.x <= box.right and strip.right >= box.x and strip.y <= box.bottom
            and strip.bottom >= box.y)


def parting_cuts(page: Page, axis: str) -> list[float]:
    """Where blocks of pieces are cut apart along an axis: the middle of every gap between a
    piece's far edge and another's near edge with no piece across it (and the print plan's
    room on the first page)."""
    boxes = piece_boxes(page)
    if page.what.startswith("Print plan;"):
        c = geometry.content_box(page.paper, geometry.BAND)
        boxes.append(Box(c.x, c.y, c.w, impose.home.PLAN_ROOM))
    far = [b.right if axis == "x" else b.bottom for b in boxes]
    near = [b.x if axis == "x" else b.y for b in boxes]
    return [(a + b) / 2 for a in far for b in near if 0.0 < b - a <= 2 * geometry.BLOCK_GAP]


def check_page(page: Page, lines: list[Line]) -> list[str]:
    """Why a page's marks are wrong (empty when they are right)."""
    problems = []
    printable = page.paper.printable
    banded = page.lanes == geometry.band_lanes(page.paper)
    band_top = geometry.band_region(page.paper).bottom
    clips = [p.clip for p in page.placements]
    labels = [label_box(label) for label in page.labels]
    for m in page_marks(page, lines):
        ink = line_box(m.line)
        if any(ink.intersect(c) is not None for c in clips):
            problems.append(f"crosses a piece: {m.line}")
        if any(ink.intersect(b) is not None for b in labels):
            problems.append(f"crosses a label: {m.line}")
        if not printable.contains(ink):
            problems.append(f"inside the 6.35 mm margin: {m.line}")
        edge = {("x", -1): printable.x, ("x", 1): printable.right,
                ("y", -1): printable.y, ("y", 1): printable.bottom}[(m.axis, m.sign)]
        if abs(m.outer - edge) <= TOL:
            continue
        if banded and (m.axis, m.sign) == ("y", 1) and abs(m.outer - band_top) <= TOL:
            continue
        if page.side == "back":  # the front's marks mirrored (checked on the front)
            continue
        if any(abs(m.outer + m.sign * geometry.MARK_GAP - cut) <= TOL
               for cut in parting_cuts(page, m.axis)):
            continue
        strip = ray(m, printable)  # else short of the margin only with a piece or label ahead
        if not any(meets(strip, b) for b in clips + labels):
            problems.append(f"stops short of the margin with nothing in the way: {m.line}")
    return problems


@pytest.mark.parametrize("fold", [False, True])
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_mark_runs_out_to_the_margin_and_crosses_nothing(paper: str, fold: bool) -> None:
    pages = collect(fold, paper)
    sides = {page.side for page, _ in pages}
    assert {"front", "back", "single"} <= sides | {"front", "back"} and sides >= {"single"}
    on_margin = 0
    for (_, front_lines), (page, lines) in zip(pages, pages[1:], strict=False):
        if page.side == "back":  # a back's marks are its front's, mirrored for the flip
            w = page.paper.width
            mirrored = {(round(w - ln.x1, 6), round(ln.y1, 6), round(w - ln.x2, 6),
                         round(ln.y2, 6)) for ln in front_lines}
            assert all((round(ln.x1, 6), round(ln.y1, 6), round(ln.x2, 6), round(ln.y2, 6))
                       in mirrored for ln in lines if ln.width in MARK_WIDTHS), page.what
    for page, lines in pages:
        assert not check_page(page, lines), (page.what, check_page(page, lines)[:3])
        for m in page_marks(page, lines):
            p = page.paper.printable
            on_margin += any(abs(m.outer - e) <= TOL for e in (p.x, p.y, p.right, p.bottom))
    assert on_margin > 100  # most marks reach the margin itself


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_kinds_of_sheet_all_have_marks_on_the_margin(paper: str) -> None:
    """Card grids (full pages and banded), tokens, stickers, large items, tiles and fold
    sheets each have marks whose outer end lies on the printable margin, on every side that
    has one."""
    kinds: dict[str, set[str]] = {}
    for fold in (False, True):
        for page, lines in collect(fold, paper):
            p = page.paper.printable
            faces = {pl.face[0].rstrip("0123456789") for pl in page.placements}
            kind = ("fold" if fold and page.paper.width > page.paper.height
                    and any(pl.face[1] == "back" for pl in page.placements)
                    else "tile" if "board" in faces else "+".join(sorted(faces)))
            for m in page_marks(page, lines):
                for side, e in (("left", p.x), ("top", p.y), ("right", p.right),
                                ("bottom", p.bottom)):
                    if abs(m.outer - e) <= TOL:
                        kinds.setdefault(kind, set()).add(side)
    assert kinds["fold"] >= {"left", "right", "top", "bottom"}
    assert kinds["tile"] >= {"left", "right", "top"}
    every = set().union(*kinds.values())
    assert every == {"left", "right", "top", "bottom"}
    for piece in ("card", "tok", "die", "tech"):  # cards, tokens, stickers, large items
        assert any(piece in k.split("+") and {"left", "right"} <= sides
                   for k, sides in kinds.items()), (piece, kinds)


def test_a_mark_used_to_stop_at_six_mm() -> None:
    """Above a 3 x 3 poker grid on A4 there are 8.8 mm to the printable margin: the column
    marks start 2 mm from the trim (past 1 mm of bleed) and run the 6.8 mm out to it."""
    pages = impose.grid_plan(list(copies(9, 63.5, 88.9, True, "c")), PAPERS["a4"], gutter=0.0,
                             offset=(0.0, 0.0), band=False)
    grid = impose.bbox([p.slot.trim for p in pages[0].placements])
    above = [ln for ln in pages[0].lines if ln.x1 == ln.x2 and ln.y2 < ln.y1 <= grid.y]
    assert len(above) == 4
    for ln in above:
        assert ln.y1 == pytest.approx(grid.y - 2.0)
        assert ln.y2 == pytest.approx(geometry.PRINTABLE, abs=TOL)
        assert ln.y1 - ln.y2 == pytest.approx(6.8, abs=0.05)
