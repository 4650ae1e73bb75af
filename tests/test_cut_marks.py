"""Crop marks as plans (pure geometry): every mark is a short tick (at most TICK) that starts
just outside its piece, at an end of one of its cut lines, never crosses a piece, a page label
or a page area with no piece (it ends within a tick's reach of the piece it marks), and stays
inside the printable area; on card grids, packed token, sticker and large-item sheets, tiles
and fold-over sheets, both papers."""

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


REACH = 3.0 + 1.0 + geometry.TICK  # a mark's far end from its piece: bleed, clearance, tick


def check_page(page: Page, lines: list[Line]) -> list[str]:
    """Why a page's marks are wrong (empty when they are right)."""
    problems = []
    printable = page.paper.printable
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
        if abs(m.outer - m.inner) > geometry.TICK + TOL:
            problems.append(f"longer than a tick: {m.line}")
        if not near_a_piece(m, piece_boxes(page)):
            problems.append(f"runs out over paper with no piece: {m.line}")
    return problems


def near_a_piece(m: Mark, pieces: list[Box]) -> bool:
    """The mark starts at a piece's edge (past its bleed) and ends within REACH of it."""
    for box in pieces:
        lo, hi = (box.y, box.bottom) if m.axis == "y" else (box.x, box.right)
        edge = lo if m.sign < 0 else hi
        if abs(m.inner - edge) <= 4.5 and abs(m.outer - edge) <= REACH + TOL:
            return True
    return False


@pytest.mark.parametrize("fold", [False, True])
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_mark_is_a_short_tick_by_its_piece_and_crosses_nothing(paper: str, fold: bool
                                                                    ) -> None:
    pages = collect(fold, paper)
    sides = {page.side for page, _ in pages}
    assert {"front", "back", "single"} <= sides | {"front", "back"} and sides >= {"single"}
    ticks = 0
    for (_, front_lines), (page, lines) in zip(pages, pages[1:], strict=False):
        if page.side == "back":  # a back's marks are its front's, mirrored for the flip
            w = page.paper.width
            mirrored = {(round(w - ln.x1, 6), round(ln.y1, 6), round(w - ln.x2, 6),
                         round(ln.y2, 6)) for ln in front_lines}
            assert all((round(ln.x1, 6), round(ln.y1, 6), round(ln.x2, 6), round(ln.y2, 6))
                       in mirrored for ln in lines if ln.width in MARK_WIDTHS), page.what
    for page, lines in pages:
        assert not check_page(page, lines), (page.what, check_page(page, lines)[:3])
        ticks += len(page_marks(page, lines))
    assert ticks > 100


def test_a_long_mark_over_empty_paper_is_seen() -> None:
    """The check itself: a mark run from a piece down to the margin is refused."""
    pages = impose.grid_plan(list(copies(4, 63.5, 88.9, True, "c")), PAPERS["letter"],
                             gutter=0.0, offset=(0.0, 0.0), band=False)
    page = pages[0]
    grid = impose.bbox([p.slot.trim for p in page.placements])
    x = grid.x
    long = Line(x, grid.bottom + 4.0, x, page.paper.printable.bottom, 0.2)
    assert any("tick" in p or "no piece" in p for p in check_page(page, [*page.lines, long]))
    assert not check_page(page, page.lines)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_kinds_of_sheet_all_have_ticks_on_every_side(paper: str) -> None:
    """Card grids (full pages and banded), tokens, stickers, large items, tiles and fold
    sheets each have ticks pointing out of their pieces on every side that has a cut."""
    kinds: dict[str, set[str]] = {}
    for fold in (False, True):
        for page, lines in collect(fold, paper):
            faces = {pl.face[0].rstrip("0123456789") for pl in page.placements}
            kind = ("fold" if fold and page.paper.width > page.paper.height
                    and any(pl.face[1] == "back" for pl in page.placements)
                    else "tile" if "board" in faces else "+".join(sorted(faces)))
            for m in page_marks(page, lines):
                side = {("x", -1): "left", ("x", 1): "right", ("y", -1): "top",
                        ("y", 1): "bottom"}[(m.axis, m.sign)]
                kinds.setdefault(kind, set()).add(side)
    assert kinds["fold"] >= {"left", "right", "top", "bottom"}
    assert kinds["tile"] >= {"left", "right", "top"}
    for piece in ("card", "tok", "die", "tech"):  # cards, tokens, stickers, large items
        assert any(piece in k.split("+") and {"left", "right"} <= sides
                   for k, sides in kinds.items()), (piece, kinds)


def test_a_mark_is_a_tick_even_with_room_to_the_margin() -> None:
    """Above a 3 x 3 poker grid on A4 there are 8.8 mm to the printable margin: the column
    marks start 2 mm from the trim (past 1 mm of bleed) and run out to the margin, which a
    tick of TICK reaches; below a grid of one row, far from the margin, they stop at TICK."""
    pages = impose.grid_plan(list(copies(9, 63.5, 88.9, True, "c")), PAPERS["a4"], gutter=0.0,
                             offset=(0.0, 0.0), band=False)
    grid = impose.bbox([p.slot.trim for p in pages[0].placements])
    above = [ln for ln in pages[0].lines if ln.x1 == ln.x2 and ln.y2 < ln.y1 <= grid.y]
    assert len(above) == 4
    for ln in above:
        assert ln.y1 == pytest.approx(grid.y - 2.0)
        assert ln.y1 - ln.y2 == pytest.approx(min(6.8, geometry.TICK), abs=0.05)
    one_row = impose.grid_plan(list(copies(3, 63.5, 88.9, True, "c")), PAPERS["a4"], gutter=0.0,
                               offset=(0.0, 0.0), band=False)[0]
    row = impose.bbox([p.slot.trim for p in one_row.placements])
    below = [ln for ln in one_row.lines if ln.x1 == ln.x2 and ln.y1 >= row.bottom]
    assert below and all(abs(ln.y2 - ln.y1) <= geometry.TICK + TOL for ln in below)
    assert all(ln.y2 < row.bottom + 3.0 + 1.0 + geometry.TICK + TOL for ln in below)
