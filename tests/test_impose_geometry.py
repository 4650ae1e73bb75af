"""impose/geometry.py piece by piece, in mm worked out by hand from the print spec: the paper's
printable window, boxes, crop-mark edges, grids, neighbours, marks, shelves and tiles. (Whole
plans are in test_impose.py, test_home_print.py and tests/golden/.)"""

from __future__ import annotations

import pytest

import cardgen.impose.tiling as tiling
from cardgen.impose import PAPERS, Box, Paper, Slot, geometry
from cardgen.impose.geometry import Edge, Label, Lane, Line
from cardgen.impose.tiling import Tile

LETTER, A4 = PAPERS["letter"], PAPERS["a4"]


def approx_box(box: Box | None) -> tuple[float, float, float, float]:
    assert box is not None
    return pytest.approx((box.x, box.y, box.w, box.h))


def rounded(lines: list[Line]) -> list[tuple[float, ...]]:
    return [tuple(round(v, 6) for v in (ln.x1, ln.y1, ln.x2, ln.y2, ln.width)) for ln in lines]


# --------------------------------------------------------------------------- paper and boxes


def test_paper_turns_landscape_and_keeps_a_quarter_inch_clear() -> None:
    assert LETTER.landscape == Paper("letter", 279.4, 215.9)
    assert LETTER.landscape.landscape == Paper("letter", 279.4, 215.9)
    assert LETTER.box == Box(0.0, 0.0, 215.9, 279.4)
    assert (LETTER.printable.x, LETTER.printable.y) == (6.35, 6.35)
    assert (LETTER.printable.w, LETTER.printable.h) == pytest.approx((203.2, 266.7))
    assert approx_box(A4.printable) == (6.35, 6.35, 197.3, 284.3)


def test_the_defaults_of_lines_circles_labels_and_lanes() -> None:
    assert (Line(0, 0, 1, 1).width, Line(0, 0, 1, 1).gray, Line(0, 0, 1, 1).dash) == (0.2, 0.0, ())
    circle = geometry.Circle(1, 2, 3)
    assert (circle.width, circle.gray) == (0.15, 0.0)
    label = Label(1, 2, "x")
    assert (label.size, label.angle, label.bold) == (6.5, 0, False)
    assert Lane(1, 2, 3).vertical is False
    assert Slot(1, 2, 3, 4).rotate == 0 and Slot(1, 2, 3, 4).trim == Box(1, 2, 3, 4)
    assert geometry.Copy("c", "Card", "C", 1, 2, True).round is False
    assert Edge(1.0, 2.0, 3.0).inside == 0.0


def test_box_edges_grow_and_contain() -> None:
    box = Box(10.0, 20.0, 30.0, 40.0)
    assert (box.right, box.bottom) == (40.0, 60.0)
    assert box.grow(1.0, 2.0, 3.0, 4.0) == Box(9.0, 18.0, 34.0, 46.0)
    assert box.contains(box) and box.contains(Box(10.0, 20.0, 0.0, 0.0))
    assert box.contains(Box(10.0 - 1e-7, 20.0 - 1e-7, 30.0 + 2e-7, 40.0 + 2e-7))  # within tol
    for outside in (Box(9.99, 20, 1, 1), Box(10, 19.99, 1, 1), Box(39.5, 20, 0.51, 1),
                    Box(10, 59.5, 1, 0.51)):
        assert not box.contains(outside), outside
    assert box.contains(Box(9.0, 20.0, 1.0, 1.0), tol=1.0)
    assert box.contains(box, tol=0.0)  # edges on edges are inside


def test_box_intersection_is_the_overlap_or_none() -> None:
    a = Box(0.0, 0.0, 10.0, 10.0)
    assert a.intersect(Box(4.0, 6.0, 10.0, 10.0)) == Box(4.0, 6.0, 6.0, 4.0)
    assert Box(4.0, 6.0, 10.0, 10.0).intersect(a) == Box(4.0, 6.0, 6.0, 4.0)
    assert a.intersect(Box(2.0, 3.0, 1.0, 2.0)) == Box(2.0, 3.0, 1.0, 2.0)
    assert a.intersect(Box(10.0, 0.0, 5.0, 5.0)) is None  # touching edges share no area
    assert a.intersect(Box(0.0, 10.0, 5.0, 5.0)) is None
    assert a.intersect(Box(3.0, 0.0, 1e-10, 5.0)) is None
    assert a.intersect(Box(3.0, 0.0, 5.0, 1e-10)) is None
    assert a.intersect(Box(20.0, 20.0, 1.0, 1.0)) is None


def test_common_area_and_content_box() -> None:
    assert approx_box(geometry.common_box(LETTER)) == (2.95, 0.0, 210.0, 279.4)
    assert approx_box(geometry.common_box(A4)) == (0.0, 8.8, 210.0, 279.4)
    assert approx_box(geometry.common_box(LETTER.landscape)) == (0.0, 2.95, 279.4, 210.0)
    assert approx_box(geometry.common_box(Paper("x", 100.0, 50.0))) == (0.0, 0.0, 100.0, 50.0)
    assert approx_box(geometry.content_box(LETTER)) == (9.3, 6.35, 197.3, 266.7)
    assert approx_box(geometry.content_box(LETTER, 16.5)) == (9.3, 6.35, 197.3, 250.2)
    assert approx_box(geometry.content_box(A4)) == (6.35, 15.15, 197.3, 266.7)


def test_band_lanes_and_the_region_marks_may_use() -> None:
    lanes = geometry.band_lanes(LETTER)
    assert [(ln.x, ln.y, ln.length, ln.vertical) for ln in lanes] == [
        (pytest.approx(9.6), pytest.approx(264.45), pytest.approx(196.7), False),
        (pytest.approx(9.6), pytest.approx(268.45), pytest.approx(196.7), False),
        (pytest.approx(9.6), pytest.approx(272.45), pytest.approx(196.7), False)]
    # down to 4 mm into the label band: 273.05 - 16.5 + 4
    assert approx_box(geometry.band_region(LETTER)) == (6.35, 6.35, 203.2, 254.2)
    assert approx_box(geometry.band_region(A4)) == (6.35, 6.35, 197.3, 263.0)


# --------------------------------------------------------------------------- edges and marks


@pytest.mark.parametrize(("margin", "edge"), [
    (12.7, (3.0, 4.0, 8.7, 0.0)),  # room: 3 mm bleed, the mark from 1 mm past it
    (10.0, (3.0, 4.0, 6.0, 0.0)),
    (9.0, (1.0, 2.0, 7.0, 0.0)),  # under 10 mm: 1 mm bleed
    (3.5, (1.0, 2.0, 1.5, 0.0)),  # a 1.5 mm mark is still a mark
    (3.3, (0.0, 0.8, 2.5, 0.0)),  # shorter: the mark wins over the bleed
    (2.4, (0.0, 0.8, 1.6, 0.0)),
    (1.5, (0.5, 1.5, 0.0, 1.5)),  # no room for a mark: bleed of a third, a tick on the edge
    (0.0, (0.0, 1.0, 0.0, 1.5)),
    (-3.0, (0.0, 1.0, 0.0, 1.5)),
])
def test_edge_for_margin(margin: float, edge: tuple[float, float, float, float]) -> None:
    e = geometry.edge_for_margin(margin)
    assert (e.bleed, e.start, e.length, e.inside) == pytest.approx(edge)


def test_outer_edges_measure_each_side_to_the_region() -> None:
    edges = geometry.outer_edges(Box(20.0, 5.0, 50.0, 60.0), Box(0.0, 0.0, 100.0, 66.5))
    assert edges["left"] == Edge(3.0, 4.0, 16.0)
    assert edges["top"] == Edge(1.0, 2.0, 3.0)
    assert edges["right"] == Edge(3.0, 4.0, 26.0)
    assert edges["bottom"] == Edge(0.5, 1.5, 0.0, 1.5)


def test_bbox_of_boxes() -> None:
    assert geometry.bbox([Box(5, 7, 10, 2), Box(1, 9, 2, 20), Box(3, 8, 1, 1)]) == Box(
        1, 7, 14, 22)


def test_fit_count() -> None:
    assert geometry.fit_count(100.0, 25.0) == 4
    assert geometry.fit_count(99.9999995, 25.0) == 4  # a hair short still fits
    assert geometry.fit_count(99.9, 25.0) == 3
    assert geometry.fit_count(100.0, 25.0, 2.0) == 3  # (100 + 2) / 27
    assert geometry.fit_count(106.0, 25.0, 2.0) == 4
    assert geometry.fit_count(10.0, 25.0) == 0
    assert geometry.fit_count(-30.0, 25.0) == 0


def test_grid_slots_are_centred_row_major_with_gutters() -> None:
    slots = geometry.grid_slots(Box(0.0, 0.0, 100.0, 100.0), 30.0, 40.0, 2.0)
    assert [(s.x, s.y, s.w, s.h, s.rotate) for s in slots] == [
        (3.0, 9.0, 30.0, 40.0, 0), (35.0, 9.0, 30.0, 40.0, 0), (67.0, 9.0, 30.0, 40.0, 0),
        (3.0, 51.0, 30.0, 40.0, 0), (35.0, 51.0, 30.0, 40.0, 0), (67.0, 51.0, 30.0, 40.0, 0)]
    # 3 x 2 either way: a tie keeps faces upright
    tie = geometry.grid_slots(Box(10.0, 20.0, 100.0, 100.0), 30.0, 40.0)
    assert {s.rotate for s in tie} == {0} and (tie[0].x, tie[0].y) == (15.0, 30.0)
    turned = geometry.grid_slots(Box(0.0, 0.0, 100.0, 60.0), 41.0, 63.0)
    assert [(s.x, s.y, s.w, s.h, s.rotate) for s in turned] == [
        (18.5, 9.5, 63.0, 41.0, 90)]
    assert geometry.grid_slots(Box(0.0, 0.0, 10.0, 10.0), 30.0, 40.0) == []


def test_card_slots_sit_in_the_content_box() -> None:
    slots = geometry.card_slots(LETTER, 63.5, 88.9)
    assert (slots[0].x, slots[0].y) == pytest.approx((12.7, 6.35))
    slots = geometry.card_slots(A4, 63.5, 88.9, 2.0)
    assert slots[1].x - slots[0].trim.right == pytest.approx(2.0)


def test_back_slot_turns_the_rotation_back() -> None:
    back = geometry.back_slot(Slot(10.0, 20.0, 30.0, 40.0, 90), 200.0)
    assert back == Slot(160.0, 20.0, 30.0, 40.0, 270)
    assert geometry.back_slot(Slot(10.0, 20.0, 30.0, 40.0), 200.0, (1.0, -2.0)) == Slot(
        161.0, 18.0, 30.0, 40.0, 0)


def test_neighbour_gap_finds_the_nearest_facing_box() -> None:
    a = Box(0.0, 0.0, 10.0, 10.0)
    right, further = Box(15.0, 0.0, 10.0, 8.0), Box(12.0, 5.0, 1.0, 1.0)
    below = Box(3.0, 12.0, 4.0, 4.0)
    corner = Box(10.0, 10.0, 5.0, 5.0)  # touches a corner only: faces no side
    others = [a, right, further, below, corner]
    assert geometry.neighbour_gap(a, others, "right") == 2.0
    assert geometry.neighbour_gap(a, others, "bottom") == 2.0
    assert geometry.neighbour_gap(a, others, "left") is None
    assert geometry.neighbour_gap(a, others, "top") is None
    assert geometry.neighbour_gap(right, others, "left") == 2.0  # further: 15 - 13
    assert geometry.neighbour_gap(below, others, "top") == 2.0
    # the corner faces `below` (7 -> 10) and `further` (6 -> 10), never `a` or `right`
    assert geometry.neighbour_gap(corner, others, "left") == 3.0
    assert geometry.neighbour_gap(corner, others, "top") == 4.0
    assert geometry.neighbour_gap(further, others, "right") == 2.0
    assert geometry.neighbour_gap(further, others, "left") == 2.0
    assert geometry.neighbour_gap(a, [a], "right") is None
    assert geometry.neighbour_gap(a, [Box(12.0, 9.5, 5.0, 5.0)], "right") == 2.0  # 0.5 mm side by side


def test_grid_clips_give_outer_edges_the_margin_bleed_and_gutters_half() -> None:
    slots = [Slot(20.0, 30.0, 20.0, 20.0), Slot(44.0, 30.0, 20.0, 20.0)]
    clips = geometry.grid_clips(slots, Box(0.0, 0.0, 100.0, 55.0))
    # left 20 mm: 3; top 30 mm: 3; right 36 mm: 3; bottom 5 mm: 1; the 4 mm gutter: 2 each
    assert [approx_box(c) for c in clips] == [(17.0, 27.0, 25.0, 24.0),
                                             (42.0, 27.0, 25.0, 24.0)]


def test_within_keeps_a_mark_inside_its_region() -> None:
    assert geometry.within(5.0, 0.0, 10.0) == 5.0
    assert geometry.within(0.0, 0.0, 10.0) == 0.15
    assert geometry.within(10.0, 0.0, 10.0) == 9.85
    assert geometry.within(10.0, 0.0, 10.0, 1.0) == 9.0


def test_mark_outside_the_trim_or_a_tick_on_it() -> None:
    room = Edge(3.0, 4.0, 8.5)
    # 8.5 mm of room, but a mark is a tick of at most TICK (5 mm), never a line to the margin
    assert geometry.mark(room, 50.0, 20.0, -1, vertical=True) == [Line(50.0, 16.0, 50.0, 11.0)]
    assert geometry.mark(room, 100.0, 30.0, 1, vertical=False) == [
        Line(104.0, 30.0, 109.0, 30.0, 0.2)]
    assert geometry.TICK == 5.0
    tick = Edge(0.5, 1.5, 0.0, 1.5)
    assert geometry.mark(tick, 50.0, 20.0, -1, vertical=True) == [
        Line(50.0, 20.0, 50.0, 21.5, 0.1)]
    assert geometry.mark(tick, 50.0, 20.0, 1, vertical=False) == [
        Line(50.0, 20.0, 48.5, 20.0, 0.1)]
    assert geometry.mark(Edge(0.0, 0.0, 0.0), 1.0, 1.0, 1, vertical=True) == []


def test_cut_positions_are_the_distinct_trim_lines() -> None:
    slots = [Slot(0.0, 0.0, 10.0, 20.0), Slot(10.0, 0.0, 10.0, 20.0),
             Slot(0.0, 20.0, 10.0, 20.0)]
    assert geometry.cut_positions(slots) == ([0.0, 10.0, 20.0], [0.0, 20.0, 40.0])


def test_grid_marks_one_pair_per_cut_line() -> None:
    slots = [Slot(20.0, 30.0, 20.0, 20.0), Slot(40.0, 30.0, 20.0, 20.0)]
    region = Box(0.0, 0.0, 80.0, 60.0)
    # left and right: 20 mm of room, top 30, bottom 10 (3 bleed): ticks 4..9 mm out, never
    # lines across the empty paper out to the region's edge
    assert rounded(geometry.grid_marks(slots, region)) == [
        (20, 26, 20, 21, 0.2), (20, 54, 20, 59, 0.2),
        (40, 26, 40, 21, 0.2), (40, 54, 40, 59, 0.2),
        (60, 26, 60, 21, 0.2), (60, 54, 60, 59, 0.2),
        (16, 30, 11, 30, 0.2), (64, 30, 69, 30, 0.2),
        (16, 50, 11, 50, 0.2), (64, 50, 69, 50, 0.2)]
    assert rounded(geometry.grid_marks(slots, region, sides=("left",))) == [
        (16, 30, 11, 30, 0.2), (16, 50, 11, 50, 0.2)]
    # a cut on the region's edge: the mark moves inside by half its line width
    edge = geometry.grid_marks([Slot(0.0, 30.0, 20.0, 20.0)], region, sides=("top",))
    assert rounded(edge) == [(0.15, 26, 0.15, 21, 0.2), (20, 26, 20, 21, 0.2)]
    low = geometry.grid_marks([Slot(30.0, 40.0, 20.0, 20.0)], region, sides=("right",))
    assert rounded(low) == [(54, 40, 59, 40, 0.2), (54, 59.85, 59, 59.85, 0.2)]
    right = geometry.grid_marks([Slot(60.0, 10.0, 20.0, 20.0)], region, sides=("bottom",))
    assert rounded(right) == [(60, 34, 60, 39, 0.2), (79.85, 34, 79.85, 39, 0.2)]


def test_corner_marks_extend_each_trim_line_past_its_corners() -> None:
    edges = {side: Edge(1.0, 2.0, 3.0) for side in ("left", "top", "right", "bottom")}
    edges["right"] = Edge(0.0, 0.0, 0.0)
    assert rounded(geometry.corner_marks(Box(20.0, 30.0, 40.0, 50.0), edges)) == [
        (18, 30, 15, 30, 0.2), (18, 80, 15, 80, 0.2),
        (20, 28, 20, 25, 0.2), (20, 82, 20, 85, 0.2),
        (60, 28, 60, 25, 0.2), (60, 82, 60, 85, 0.2)]


# --------------------------------------------------------------------------- shelves


def test_fits_upright_turned_or_not() -> None:
    box = Box(0.0, 0.0, 100.0, 50.0)
    assert geometry.fits(box, 100.0, 50.0) == 0
    assert geometry.fits(box, 90.0, 40.0) == 0
    assert geometry.fits(box, 50.0, 100.0) == 90
    assert geometry.fits(box, 100.1, 10.0) is None
    assert geometry.fits(box, 10.0, 50.1) == 90
    assert geometry.fits(box, 120.0, 10.0) is None
    assert geometry.fits(box, 60.0, 60.0) is None


def test_shelf_pages_fill_rows_then_pages_centred_across() -> None:
    box = Box(10.0, 10.0, 100.0, 100.0)
    pages = geometry.shelf_pages(box, [(40.0, 30.0)] * 7, 10.0)
    # rows of two (10..50, 60..100; the third would end at 150), 30 high, 10 apart: a third
    # row would end at 120, past 110, so the fifth item starts a page; centred: +5 mm
    assert [[(s.x, s.y) for s in page] for page in pages] == [
        [(15.0, 10.0), (65.0, 10.0), (15.0, 50.0), (65.0, 50.0)],
        [(15.0, 10.0), (65.0, 10.0), (15.0, 50.0)]]
    wide = Box(10.0, 10.0, 120.0, 100.0)
    turned = geometry.shelf_pages(wide, [(30.0, 110.0), (20.0, 20.0)], 10.0)
    assert [(s.x, s.y, s.w, s.h, s.rotate) for s in turned[0]] == [
        (15.0, 10.0, 110.0, 30.0, 90), (15.0, 50.0, 20.0, 20.0, 0)]
    with pytest.raises(ValueError, match=r"^item 200.0 x 50.0 mm does not fit 100.0 x 100.0 mm$"):
        geometry.shelf_pages(box, [(200.0, 50.0)], 10.0)


def test_shelf_rows_are_as_tall_as_their_tallest_item() -> None:
    pages = geometry.shelf_pages(Box(0.0, 0.0, 100.0, 200.0),
                                 [(30.0, 20.0), (30.0, 50.0), (30.0, 10.0), (30.0, 10.0)], 5.0)
    assert [(s.x, s.y) for s in pages[0]] == [(0.0, 0.0), (35.0, 0.0), (70.0, 0.0), (0.0, 55.0)]
    thin = geometry.shelf_pages(Box(0.0, 0.0, 100.0, 30.0), [(60.0, 0.5)] * 5, 10.0)
    exact = geometry.shelf_pages(Box(0.0, 0.0, 100.0, 100.0), [(50.0, 50.0)] * 4, 0.0)
    assert [[(s.x, s.y) for s in page] for page in exact] == [
        [(0.0, 0.0), (50.0, 0.0), (0.0, 50.0), (50.0, 50.0)]]
    # half a millimetre too wide for the row, too tall for the page
    over = geometry.shelf_pages(Box(0.0, 0.0, 100.0, 100.0),
                                [(50.0, 50.0), (50.5, 50.0), (50.0, 50.5)], 0.0)
    assert [[(s.x, s.y) for s in page] for page in over] == [
        [(24.75, 0.0), (24.75, 50.0)], [(25.0, 0.0)]]
    low = geometry.shelf_pages(Box(0.0, 0.0, 100.0, 100.0), [(60.0, 50.0), (60.0, 50.5)], 0.0)
    assert [[(s.x, s.y) for s in page] for page in low] == [[(20.0, 0.0)], [(20.0, 0.0)]]
    assert [[s.y for s in page] for page in thin] == [[0.0, 10.5, 21.0], [0.0, 10.5]]


# --------------------------------------------------------------------------- tiles


def test_tile_count_per_axis() -> None:
    assert tiling.tile_count(100.0, 200.0, 10.0) == 1
    assert tiling.tile_count(200.0, 200.0, 10.0) == 1
    assert tiling.tile_count(200.1, 200.0, 10.0) == 2
    assert tiling.tile_count(390.0, 200.0, 10.0) == 2  # (390 - 10) / 190 exactly
    assert tiling.tile_count(391.0, 200.0, 10.0) == 3


def test_tile_window_keeps_room_for_marks() -> None:
    assert approx_box(tiling.tile_window(LETTER)) == (12.35, 12.35, 191.2, 244.2)
    assert approx_box(tiling.tile_window(LETTER.landscape)) == (12.35, 12.35, 254.7, 177.75)


def test_tiles_on_a_page_step_by_the_window_less_the_overlap() -> None:
    found = tiling.tiles_on(LETTER, 400.0, 300.0, 10.0)
    assert [(t.row, t.col, t.rows, t.cols) for t in found] == [
        (0, 0, 2, 3), (0, 1, 2, 3), (0, 2, 2, 3), (1, 0, 2, 3), (1, 1, 2, 3), (1, 2, 2, 3)]
    assert [(round(t.region.x, 6), round(t.region.y, 6)) for t in found] == [
        (0, 0), (181.2, 0), (362.4, 0), (0, 234.2), (181.2, 234.2), (362.4, 234.2)]
    assert all((t.region.w, t.region.h) == pytest.approx((191.2, 244.2)) for t in found)
    assert all(t.window == found[0].window for t in found)


def test_tiles_take_the_orientation_with_fewer_sheets_portrait_on_a_tie() -> None:
    paper, found = tiling.tiles(450.0, 170.0, LETTER)  # 3 portrait, 2 landscape
    assert paper == Paper("letter", 279.4, 215.9) and len(found) == 2
    paper, found = tiling.tiles(170.0, 450.0, LETTER)  # 2 portrait, 3 landscape
    assert paper == LETTER and len(found) == 2
    paper, found = tiling.tiles(300.0, 300.0, LETTER)  # 4 either way
    assert paper == LETTER and len(found) == 4
    paper, found = tiling.tiles(450.0, 170.0, LETTER, overlap=100.0)  # 4 portrait, 3
    assert (found[0].cols, found[1].region.x) == (3, pytest.approx(154.7))


def test_registration_points_sit_in_the_middle_of_each_overlap_band() -> None:
    found = tiling.tiles_on(LETTER, 400.0, 300.0, 10.0)
    points = tiling.registration_points(found, 10.0)
    assert [tuple(round(v, 6) for v in p) for p in points] == [
        (186.2, 122.1), (367.4, 122.1), (186.2, 356.3), (367.4, 356.3),
        (95.6, 239.2), (276.8, 239.2), (458.0, 239.2)]
    # with the board's size: centred on the part of the band the board fills
    points = tiling.registration_points(found, 10.0, (400.0, 300.0))
    assert [tuple(round(v, 6) for v in p) for p in points] == [
        (186.2, 122.1), (367.4, 122.1), (186.2, 267.1), (367.4, 267.1),
        (95.6, 239.2), (276.8, 239.2), (381.2, 239.2)]
    assert tiling.registration_points([], 10.0) == []
    one = [Tile(0, 0, 1, 1, Box(0, 0, 10, 10), Box(0, 0, 10, 10))]
    assert tiling.registration_points(one, 2.0) == []
