"""Imposition geometry: card grids, backs, fold-over, crop marks, tiles, labels (no drawing)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen import impose
from cardgen.impose import PAPERS, Box, Copy, Group, Line, Slot

PT = 25.4 / 72
POKER = (63.5, 88.9)


def copies(n: int, w: float = POKER[0], h: float = POKER[1], back: bool = True,
           prefix: str = "c") -> list[Copy]:
    return [Copy(f"{prefix}{i}", "Card", f"Card {i}", w, h, back) for i in range(n)]


def line_box(line: Line) -> Box:
    return Box(min(line.x1, line.x2), min(line.y1, line.y2), abs(line.x2 - line.x1),
               abs(line.y2 - line.y1))


def crosses(line: Line, box: Box) -> bool:
    """True when a horizontal or vertical segment enters the box's interior."""
    lb = line_box(line)
    eps = 1e-6
    return (lb.x < box.right - eps and lb.right > box.x + eps and lb.y < box.bottom - eps
            and lb.bottom > box.y + eps) or (
        # a zero-width segment lying strictly inside
        box.x + eps < lb.x < box.right - eps and box.y + eps < lb.y < box.bottom - eps)


# --------------------------------------------------------------------------- the 3 x 3 sheet


@pytest.mark.parametrize(("paper", "x0_pt", "y0_pt"), [("letter", 36.0, 18.0), ("a4", 27.64, 42.94)])
def test_poker_sheet_is_the_spec_grid(paper: str, x0_pt: float, y0_pt: float) -> None:
    p = PAPERS[paper]
    slots = impose.card_slots(p, *POKER)
    assert len(slots) == 9 and all(s.rotate == 0 for s in slots)
    left = min(s.x for s in slots)
    bottom = max(s.y + s.h for s in slots)
    assert left / PT == pytest.approx(x0_pt, abs=0.01)
    assert (p.height - bottom) / PT == pytest.approx(y0_pt, abs=0.01)  # bottom-left origin
    # cards butted: pitch equals the card size
    xs = sorted({round(s.x, 6) for s in slots})
    assert [b - a for a, b in zip(xs, xs[1:], strict=False)] == pytest.approx([63.5, 63.5])


@settings(max_examples=60, deadline=None)
@given(w=st.floats(20, 150), h=st.floats(20, 200), paper=st.sampled_from(["letter", "a4"]))
def test_every_card_slot_is_inside_the_printable_common_area(w: float, h: float, paper: str
                                                             ) -> None:
    p = PAPERS[paper]
    printable = impose.common_box(p).grow(-impose.MARGIN, -impose.MARGIN, -impose.MARGIN,
                                          -impose.MARGIN)
    slots = impose.card_slots(p, w, h)
    assert slots, "a face up to 150 x 200 mm fits at least once"
    for s in slots:
        assert printable.contains(s.trim)
        assert Box(5, 5, p.width - 10, p.height - 10).contains(s.trim)
    trims = [s.trim for s in slots]
    for i, a in enumerate(trims):
        for b in trims[i + 1:]:
            assert a.intersect(b) is None


def test_small_cards_turn_when_that_fits_more() -> None:
    slots = impose.card_slots(PAPERS["letter"], 41.0, 63.0)  # mini American: 18 turned
    assert len(slots) == 18 and all(s.rotate == 90 and s.w == 63.0 for s in slots)


# --------------------------------------------------------------------------- backs


@settings(max_examples=50, deadline=None)
@given(x=st.floats(0, 150), y=st.floats(0, 200), w=st.floats(10, 60), h=st.floats(10, 80),
       dx=st.floats(-4, 4), dy=st.floats(-4, 4), rotate=st.sampled_from([0, 90]))
def test_back_is_the_long_edge_mirror_plus_offset(x: float, y: float, w: float, h: float,
                                                  dx: float, dy: float, rotate: int) -> None:
    front = Slot(x, y, w, h, rotate)
    back = impose.back_slot(front, 215.9, (dx, dy))
    assert back.x == pytest.approx(215.9 - x - w + dx)
    assert back.y == pytest.approx(y + dy)
    assert (back.w, back.h) == (w, h)
    assert (back.rotate + rotate) % 360 == 0
    twice = impose.back_slot(impose.back_slot(front, 215.9), 215.9)
    assert (twice.x, twice.y, twice.rotate) == (pytest.approx(x), y, rotate)


def test_back_pages_follow_fronts_mirrored_with_offset_only_on_backs() -> None:
    paper = PAPERS["letter"]
    pages = impose.grid_plan(copies(12), paper, gutter=0.0, offset=(1.5, -0.5), band=False)
    assert [p.side for p in pages] == ["front", "back", "front", "back"]
    for front, back in zip(pages[::2], pages[1::2], strict=True):
        fronts = {p.face[0]: p.slot for p in front.placements}
        backs = {p.face[0]: p.slot for p in back.placements}
        assert fronts.keys() == backs.keys()
        for cid, slot in fronts.items():
            assert backs[cid] == impose.back_slot(slot, paper.width, (1.5, -0.5))
    # fronts are not shifted: they sit on the spec grid
    assert min(p.slot.x for p in pages[0].placements) == pytest.approx(12.7)


def test_one_sided_copies_get_no_back_page() -> None:
    pages = impose.grid_plan(copies(5, back=False), PAPERS["a4"], gutter=0.0, offset=(0, 0),
                             band=False)
    assert [p.side for p in pages] == ["front"]


def test_calibration_back_crosses_are_the_mirror_plus_offset() -> None:
    paper = PAPERS["a4"]
    front, back = impose.calibration_plan(paper, (2.0, -1.0))
    points = impose.calibration_points(paper)
    vertical_back = sorted((ln.x1, (ln.y1 + ln.y2) / 2) for ln in back.lines if ln.x1 == ln.x2)
    expected = sorted((paper.width - x + 2.0, y - 1.0) for x, y in points)
    assert [v for p in vertical_back for v in p] == pytest.approx([v for p in expected for v in p])
    front_centres = {(ln.x1, (ln.y1 + ln.y2) / 2) for ln in front.lines
                     if ln.x1 == ln.x2 and abs(ln.y2 - ln.y1) == pytest.approx(12.0)}
    assert [v for p in sorted(front_centres) for v in p] == pytest.approx(
        [v for p in sorted(points) for v in p])


# --------------------------------------------------------------------------- marks and bleed


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("side", ["front", "back"])
def test_crop_marks_lie_outside_the_grid_and_inside_the_printable_area(paper: str, side: str
                                                                       ) -> None:
    p = PAPERS[paper]
    pages = impose.grid_plan(copies(9), p, gutter=0.0, offset=(0.0, 0.0), band=False)
    page = pages[0] if side == "front" else pages[1]
    grid = impose.bbox([pl.slot.trim for pl in page.placements])
    outside = [ln for ln in page.lines if ln.width == 0.2 and ln.gray == 0.0]
    ticks = [ln for ln in page.lines if ln.width == 0.1]  # no room outside: on the edge
    assert outside
    for ln in outside:
        assert not crosses(ln, grid), ln
    for ln in outside + ticks:
        assert p.printable.contains(line_box(ln)), ln  # nothing within 6.35 mm of the edge
    for ln in ticks:
        assert max(abs(ln.x2 - ln.x1), abs(ln.y2 - ln.y1)) <= impose.INSIDE_TICK + 1e-6
    marks = outside + ticks
    xs, ys = impose.cut_positions([pl.slot for pl in page.placements])
    for x in xs:  # each column cut is marked at the top and at the bottom of the grid
        ends = [ln for ln in marks if ln.x1 == ln.x2 == pytest.approx(x, abs=0.16)]
        assert {min(ln.y1, ln.y2) < grid.y + grid.h / 2 for ln in ends} == {True, False}
    for y in ys:  # each row cut left and right, outside the grid (a mark on the printable
        # edge moves inside it by half its line width)
        ends = [ln for ln in outside if ln.y1 == ln.y2 == pytest.approx(y, abs=0.16)]
        assert {ln.x1 < grid.x for ln in ends} == {True, False}
    if paper == "letter":  # a 3 x 3 poker grid fills Letter's printable height
        assert ticks and all(ln.x1 == ln.x2 for ln in ticks)
    else:
        assert not ticks


def test_butted_cards_bleed_only_on_the_outer_edges() -> None:
    paper = PAPERS["letter"]
    slots = impose.card_slots(paper, *POKER)
    clips = impose.grid_clips(slots, paper.box)
    for a in clips:
        for b in clips:
            if a is not b:
                assert a.intersect(b) is None  # neighbours never overprint
    middle = clips[4]
    trim = slots[4].trim  # the centre card has no bleed at all
    assert (middle.x, middle.y, middle.w, middle.h) == pytest.approx((trim.x, trim.y, trim.w, trim.h))
    assert clips[0].x == pytest.approx(slots[0].x - 3.0)  # Letter sides: 12.7 mm margin
    assert clips[0].y == pytest.approx(slots[0].y - 1.0)  # Letter top: 6.35 mm margin


def test_token_gutters_split_the_bleed() -> None:
    paper = PAPERS["a4"]
    box = impose.content_box(paper, impose.BAND)
    slots = impose.grid_slots(box, 25.4, 25.4, impose.TOKEN_GUTTER)
    clips = impose.grid_clips(slots, impose.band_region(paper))
    assert clips[0].right == pytest.approx(slots[0].x + 25.4 + impose.TOKEN_GUTTER / 2)
    assert clips[0].right == pytest.approx(clips[1].x)


# --------------------------------------------------------------------------- fold-over


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_fold_over_mirrors_backs_across_the_fold(paper: str) -> None:
    pages = impose.fold_plan(copies(6), PAPERS[paper], gutter=0.0)
    assert len(pages) == 2 and all(p.paper.width > p.paper.height for p in pages)
    page = pages[0]
    fold_x = page.paper.width / 2
    fronts = {p.face[0]: p for p in page.placements if p.face[1] == "front"}
    backs = {p.face[0]: p for p in page.placements if p.face[1] == "back"}
    assert len(fronts) == 4 and fronts.keys() == backs.keys()
    for cid, f in fronts.items():
        b = backs[cid]
        assert b.slot.x == pytest.approx(2 * fold_x - f.slot.x - f.slot.w)
        assert b.slot.y == f.slot.y
        for clip in (f.clip, b.clip):  # fold line >= 5 mm from the nearest bleed edge
            assert min(abs(clip.x - fold_x), abs(clip.right - fold_x)) >= impose.FOLD_CLEAR - 1e-6
        assert f.clip.right < fold_x < b.clip.x
    printable = impose.content_box(page.paper)
    assert all(printable.contains(p.slot.trim) for p in page.placements)


# --------------------------------------------------------------------------- tiles


@settings(max_examples=60, deadline=None)
@given(w=st.floats(100, 1000), h=st.floats(100, 1000), paper=st.sampled_from(["letter", "a4"]))
def test_tiles_cover_the_board_with_the_overlap(w: float, h: float, paper: str) -> None:
    oriented, found = impose.tiles(w, h, PAPERS[paper])
    o = impose.TILE_OVERLAP
    rows, cols = found[0].rows, found[0].cols
    assert len(found) == rows * cols
    window = found[0].window
    assert impose.content_box(oriented).contains(window)
    assert cols == impose.tile_count(w, window.w, o) and rows == impose.tile_count(h, window.h, o)
    by_pos = {(t.row, t.col): t.region for t in found}
    for (r, c), region in by_pos.items():
        if (r, c + 1) in by_pos:  # horizontal neighbours overlap by exactly o
            assert region.right - by_pos[(r, c + 1)].x == pytest.approx(o)
        if (r + 1, c) in by_pos:
            assert region.bottom - by_pos[(r + 1, c)].y == pytest.approx(o)
    assert by_pos[(0, 0)].x == 0 and by_pos[(0, 0)].y == 0
    assert by_pos[(rows - 1, cols - 1)].right >= w - 1e-6
    assert by_pos[(rows - 1, cols - 1)].bottom >= h - 1e-6
    other = PAPERS[paper]
    alt = impose.tiles_on(impose.Paper(other.name, other.height, other.width) if
                          oriented.width < oriented.height else other, w, h, o)
    assert len(found) <= len(alt)


def test_quad_fold_board_takes_six_sheets() -> None:
    for paper in PAPERS.values():
        assert len(impose.tiles(457.2, 457.2, paper)[1]) == 6


def test_registration_crosses_coincide_on_neighbouring_tiles() -> None:
    board = Copy("board", "Board", "Big board", 457.2, 457.2, False)
    pages = impose.tile_plan(board, PAPERS["letter"])
    seen: dict[tuple[float, float], int] = {}
    for page in pages:
        placement = page.placements[0]
        for circle in page.circles:  # back to board coordinates
            key = (round(circle.cx - placement.slot.x, 6), round(circle.cy - placement.slot.y, 6))
            seen[key] = seen.get(key, 0) + 1
    assert seen and all(n == 2 for n in seen.values())
    assert sum(p.placements[0].counts for p in pages) == 1  # one copy, however many tiles


# --------------------------------------------------------------------------- whole plan


MIXED = [
    Group("cards", tuple(copies(11))),
    Group("tokens", tuple(copies(30, 25.4, 25.4, back=False, prefix="t"))),
    Group("stickers", tuple(copies(14, 88.7, 12.7, back=False, prefix="s"))),
    Group("large", tuple(copies(3, 180.0, 120.0, prefix="m"))),
    Group("large", (Copy("b", "Board", "Board", 457.2, 300.0, False),)),
]


def test_plan_labels_every_page_and_places_every_copy() -> None:
    for paper in PAPERS.values():
        files = impose.plan_home_print(MIXED, paper, fold=False, offset=(0.0, 0.0),
                                       heading="Game 1.0")
        assert [(f.suffix, f.duplex) for f in files] == [("", True), ("-single", False)]
        placed: dict[tuple[str, str], int] = {}
        for f in files:
            name = f"pnp-{paper.name}{f.suffix}.pdf"
            first = " | ".join(label.text for label in f.pages[0].labels)
            assert "print plan" in first and "DUPLEX" in first and "SINGLE-SIDED" in first
            assert f"pnp-{paper.name}.pdf" in first and f"pnp-{paper.name}-single.pdf" in first
            assert "Paper: " in first and "Cut order: " in first
            assert "Back offset used: +0.0, +0.0 mm" in first and "Contents of this file" in first
            for n, page in enumerate(f.pages, start=1):
                texts = " | ".join(label.text for label in page.labels)
                assert f"Game 1.0 - {name} page {n}/{len(f.pages)}" in texts
                assert "Print at 100 %" in texts
                bars = [ln for ln in page.lines if ln.width == 0.25]
                lengths = sorted(round(math.dist((b.x1, b.y1), (b.x2, b.y2)), 3) for b in bars)
                assert lengths == [50.0, 50.8], (page.side, page.what)
                for p in page.placements:
                    if p.counts:
                        placed[p.face] = placed.get(p.face, 0) + 1
        expected: dict[tuple[str, str], int] = {}
        for g in MIXED:
            for c in g.copies:
                for side in ("front", "back") if c.has_back else ("front",):
                    expected[(c.component, side)] = expected.get((c.component, side), 0) + 1
        assert placed == expected


def test_labels_stay_clear_of_cards_and_marks() -> None:
    files = impose.plan_home_print([Group("cards", tuple(copies(9)))], PAPERS["a4"], fold=False,
                                   offset=(0.0, 0.0), heading="Game 1.0")
    page = files[0].pages[2]  # the full 3 x 3 sheet after the plan page and its back
    grid = impose.bbox([p.clip for p in page.placements])
    assert page.labels
    for label in page.labels:  # A4: the side margins are narrow, labels go above and below
        assert label.angle == 0
        assert label.y - 2.5 > grid.bottom or label.y < grid.y
        assert page.paper.printable.contains(Box(label.x, label.y - 2.5, 0, 2.5))


def test_stickers_start_a_new_row_per_component() -> None:
    rows = impose.sticker_rows(copies(3, 12.7, 12.7, prefix="a") * 3
                               + copies(1, 12.7, 12.7, prefix="b"), 4)
    assert [[c.component for c in r] for r in rows][-1] == ["b0"]
    assert all(len({c.component for c in r}) == 1 for r in rows)


def test_shelf_packing_keeps_items_apart_and_inside() -> None:
    box = impose.content_box(PAPERS["letter"], impose.BAND)
    pages = impose.shelf_pages(box, [(85.0, 55.0)] * 7 + [(240.0, 150.0)], impose.LARGE_GAP)
    for slots in pages:
        for s in slots:
            assert box.contains(s.trim)
        for i, a in enumerate(slots):
            for b in slots[i + 1:]:
                assert a.trim.grow(*(impose.LARGE_GAP / 2 - 1e-6,) * 4).intersect(
                    b.trim.grow(*(impose.LARGE_GAP / 2 - 1e-6,) * 4)) is None
    assert pages[-1][-1].rotate == 90  # the wide item turned to fit
