"""impose/plans.py piece by piece, in mm worked out by hand: grids and their notes, fold-over
sheets, label lanes beside and round a grid, board tiles sharing a page, calibration crosses
and scales, page descriptions. (Whole plans: test_impose.py, test_home_print.py, golden.)"""

from __future__ import annotations

import pytest

from cardgen.impose import PAPERS, Box, Copy, Slot, geometry, plans
from cardgen.impose.geometry import Circle, Label, Lane, Line, Page, Placement
from cardgen.impose.tiling import Tile

LETTER, A4 = PAPERS["letter"], PAPERS["a4"]
POKER = (63.5, 88.9)


def cards(n: int, back: bool = True, prefix: str = "c", title: str = "Card",
          size: tuple[float, float] = POKER) -> list[Copy]:
    return [Copy(f"{prefix}{i}", title, f"{title} {i}", *size, back) for i in range(n)]


def r6(values: tuple[float, ...]) -> tuple[float, ...]:
    return tuple(round(v, 6) for v in values)


def line_keys(lines: list[Line]) -> list[tuple[float, ...]]:
    return [r6((ln.x1, ln.y1, ln.x2, ln.y2, ln.width)) for ln in lines]


def lane_keys(lanes: list[Lane]) -> list[tuple[float, ...]]:
    return [r6((ln.x, ln.y, ln.length)) + (ln.vertical,) for ln in lanes]


def label_keys(labels: list[Label]) -> list[tuple[object, ...]]:
    return [r6((lb.x, lb.y, lb.size)) + (lb.text, lb.angle, lb.bold) for lb in labels]


# --------------------------------------------------------------------------- small helpers


def test_describe_counts_what_a_page_holds_by_title() -> None:
    chunk = cards(2) + cards(1, back=False, prefix="t", title="Token")
    assert plans.describe(chunk, "front") == "Card x2, Token x1 (fronts)"
    assert plans.describe(chunk, "back") == "Card x2 (backs)"
    assert plans.describe(chunk, "fold") == "Card x2, Token x1 (fronts + backs)"
    assert plans.describe(chunk, "single") == "Card x2 (single)"


def test_offsets_chunks_and_rows_in_use() -> None:
    assert plans.fmt_offset((1.5, -0.5)) == "+1.5, -0.5"
    assert plans.fmt_offset((0.0, 0.0)) == "+0.0, +0.0"
    five = cards(5)
    assert [[c.component for c in ch] for ch in plans.chunks(five, 2)] == [
        ["c0", "c1"], ["c2", "c3"], ["c4"]]
    grid = geometry.card_slots(LETTER, *POKER)
    assert plans.rows_in_use(grid, 4) == grid[:6]
    assert plans.rows_in_use(grid, 3) == grid[:3]
    assert plans.rows_in_use(grid, 9) == grid
    assert plans.rows_in_use(grid, 1) == grid[:3]


def test_sticker_rows_break_on_width_and_component() -> None:
    strip = cards(5, prefix="a") [:1] * 5 + cards(1, prefix="b")
    rows = plans.sticker_rows(strip, 2)
    assert [[c.component for c in r] for r in rows] == [["a0", "a0"], ["a0", "a0"], ["a0"],
                                                        ["b0"]]


# --------------------------------------------------------------------------- grid pages


def test_grid_plan_notes_and_band() -> None:
    pages = plans.grid_plan(cards(9), LETTER, gutter=0.0, offset=(1.5, -0.5), band=True)
    assert [(p.side, len(p.placements)) for p in pages] == [
        ("front", 6), ("back", 6), ("front", 3), ("back", 3)]
    front, back = pages[:2]
    assert (front.side, front.what, back.side, back.what) == (
        "front", "Card x6 (fronts)", "back", "Card x6 (backs)")
    # with the label band only two rows fit: 6 per sheet, centred in 250.2 mm
    assert [r6((p.slot.x, p.slot.y)) for p in front.placements[:4]] == [
        (12.7, 42.55), (76.2, 42.55), (139.7, 42.55), (12.7, 131.45)]
    assert front.lanes == geometry.band_lanes(LETTER) == back.lanes
    cut = "Cut rows first (marks left and right), then columns (marks top and bottom)"
    assert front.notes == [cut]
    assert back.notes == ["Backs: duplex, flip on long edge; back offset +1.5, -0.5 mm", cut]
    assert [p.face for p in back.placements] == [(f"c{i}", "back") for i in range(6)]


def test_grid_plan_without_a_band_puts_lanes_beside_and_round_the_grid() -> None:
    (front,) = plans.grid_plan(cards(9, back=False), LETTER, gutter=0.0, offset=(0.0, 0.0),
                               band=False)
    # Letter: the 3 x 3 grid fills the printable height (no lanes above or below it) and
    # leaves 6.35 mm beside it: lanes up the sides, one per row, 1 mm past the bleed
    assert lane_keys(front.lanes) == [
        (10.7, 93.25, 84.9, True), (10.7, 182.15, 84.9, True), (10.7, 271.05, 84.9, True),
        (207.7, 93.25, 84.9, True), (207.7, 182.15, 84.9, True), (207.7, 271.05, 84.9, True)]
    assert front.notes == [
        "Cut rows first (marks left and right), then columns (marks top and bottom)"]


def test_a_back_page_leaves_out_the_one_sided_copies() -> None:
    chunk = cards(2) + cards(1, back=False, prefix="one") + cards(1, prefix="two")
    front, back = plans.grid_plan(chunk, LETTER, gutter=0.0, offset=(0.0, 0.0), band=False)
    assert [p.face for p in front.placements] == [
        ("c0", "front"), ("c1", "front"), ("one0", "front"), ("two0", "front")]
    assert [p.face for p in back.placements] == [("c0", "back"), ("c1", "back"), ("two0", "back")]
    assert back.what == "Card x3 (backs)" and front.what == "Card x4 (fronts)"
    # the back of the fourth copy (row 2, column 1) sits in row 2, column 3
    assert back.placements[2].slot.x == pytest.approx(139.7)
    assert back.placements[2].slot.y == pytest.approx(95.25)


def test_grid_plan_refuses_a_face_larger_than_the_sheet() -> None:
    with pytest.raises(ValueError, match=r"^a 300.0 x 300.0 mm face does not fit on letter$"):
        plans.grid_plan(cards(1, size=(300.0, 300.0)), LETTER, gutter=0.0, offset=(0, 0),
                        band=False)


def test_side_lanes_run_up_beside_the_grid_between_row_cuts() -> None:
    slots = [Slot(60.0, 50.0, 60.0, 80.0), Slot(60.0, 130.0, 60.0, 80.0)]
    region = LETTER.printable
    assert lane_keys(plans.side_lanes(slots, region)) == [
        (56.0, 128.0, 76.0, True), (56.0, 208.0, 76.0, True),
        (126.5, 128.0, 76.0, True), (126.5, 208.0, 76.0, True)]
    assert lane_keys(plans.side_lanes(slots, region, ("right",), span=(30.0, 250.0))) == [
        (126.5, 48.0, 16.0, True), (126.5, 128.0, 76.0, True), (126.5, 208.0, 76.0, True),
        (126.5, 248.0, 36.0, True)]
    # a 12 mm stretch is too short for a lane
    assert lane_keys(plans.side_lanes(slots[:1], region, ("left",), span=(38.0, 130.0))) == [
        (56.0, 128.0, 76.0, True)]


def test_side_lanes_need_room_for_a_line_of_text() -> None:
    region = Box(0.0, 0.0, 200.0, 200.0)
    near_left = [Slot(4.4, 50.0, 60.0, 80.0)]  # lane at 2.4: text would cross the margin
    assert lane_keys(plans.side_lanes(near_left, region, ("left",))) == []
    just = [Slot(4.5, 50.0, 60.0, 80.0)]  # lane at 2.5: its text just fits
    assert lane_keys(plans.side_lanes(just, region, ("left",))) == [(2.5, 128.0, 76.0, True)]
    just_right = [Slot(135.5, 50.0, 60.0, 80.0)]  # baseline on the region's edge
    assert lane_keys(plans.side_lanes(just_right, region, ("right",))) == [
        (200.0, 128.0, 76.0, True)]
    past_right = [Slot(135.6, 50.0, 60.0, 80.0)]
    assert lane_keys(plans.side_lanes(past_right, region, ("right",))) == []


def test_rim_lanes_run_below_and_above_the_grid_across_or_between_column_cuts() -> None:
    # far from the grid the crop ticks end short of the text: one lane across the region
    slots = [Slot(50.0, 100.0, 40.0, 60.0), Slot(90.0, 100.0, 40.0, 60.0)]
    p = LETTER.printable
    assert lane_keys(plans.rim_lanes(slots, p, p)) == [
        (7.85, 272.25, 200.2, False), (7.85, 9.55, 200.2, False)]
    # 10 mm below a grid the ticks reach the text: lanes between the column cuts
    tall = [Slot(50.0, 100.0, 40.0, 163.05), Slot(90.0, 100.0, 40.0, 163.05)]
    below = [(7.85, 272.25, 40.65), (51.5, 272.25, 37.0), (91.5, 272.25, 37.0),
             (131.5, 272.25, 76.55)]
    assert lane_keys(plans.rim_lanes(tall, p, p)) == [k + (False,) for k in below] + [
        (7.85, 9.55, 200.2, False)]
    # the region bounds the lanes, the printable area places them; 6.9 mm above: no lanes
    region = Box(36.0, 6.35, 94.0, 266.7)
    high = [Slot(50.0, 13.25, 40.0, 60.0), Slot(90.0, 13.25, 40.0, 60.0)]
    assert lane_keys(plans.rim_lanes(high, region, p)) == [(37.5, 272.25, 91.0, False)]
    low = [Slot(50.0, 206.15, 40.0, 60.0)]  # 6.9 mm below
    assert lane_keys(plans.rim_lanes(low, Box(50.0, 0.0, 40.0, 1.0), p)) == [
        (51.5, 9.55, 37.0, False)]


# --------------------------------------------------------------------------- fold-over


def test_fold_plan_butts_fronts_on_the_fold_and_mirrors_backs() -> None:
    chunk = cards(3) + cards(1, back=False, prefix="one")
    (page,) = plans.fold_plan(chunk, LETTER, gutter=0.0)
    assert page.paper == LETTER.landscape and page.side == "single"
    assert page.what == "Card x4 (fronts + backs)"
    assert page.notes == ["Fold on the dashed line (fronts out), glue, then cut"]
    fronts = [r6((p.slot.x, p.slot.y, p.slot.w, p.slot.h)) for p in page.placements
              if p.face[1] == "front"]
    assert fronts == [(6.7, 19.05, 63.5, 88.9), (70.2, 19.05, 63.5, 88.9),
                      (6.7, 107.95, 63.5, 88.9), (70.2, 107.95, 63.5, 88.9)]
    backs = [(p.face[0],) + r6((p.slot.x, p.slot.y)) for p in page.placements
             if p.face[1] == "back"]
    assert backs == [("c0", 209.2, 19.05), ("c1", 145.7, 19.05), ("c2", 209.2, 107.95)]
    fold = page.lines[-1]
    assert line_keys([fold]) == [(139.7, 19.05, 139.7, 196.85, 0.2)]
    assert (fold.gray, fold.dash) == (0.6, (2.0, 1.5))
    marks = page.lines[:-1]
    # no mark between the grids: fronts marked top, bottom and left, backs top, bottom, right
    assert marks and not [ln for ln in marks if 133.7 < max(ln.x1, ln.x2) < 145.7
                          and ln.y1 == ln.y2]
    assert {round(ln.y1, 6) for ln in marks if ln.y1 == ln.y2} == {19.05, 107.95, 196.85}


def test_fold_plan_turns_faces_when_that_fits_more_and_refuses_a_face_too_big() -> None:
    pages = plans.fold_plan(cards(5, size=(88.9, 63.5)), LETTER, gutter=0.0)  # 2 x 2 turned
    assert [p.slot.rotate for p in pages[0].placements if p.face[1] == "front"] == [90] * 4
    assert [p.slot.rotate for p in pages[0].placements if p.face[1] == "back"] == [270] * 4
    assert len(pages) == 2
    with pytest.raises(ValueError,
                       match=r"^a 300.0 x 300.0 mm face does not fit a fold-over half$"):
        plans.fold_plan(cards(1, size=(300.0, 300.0)), LETTER, gutter=0.0)


# --------------------------------------------------------------------------- tiles


BOARD = Copy("board", "Board", "Big", 260.0, 100.0, False)


def test_small_tiles_share_a_page_each_named_and_marked() -> None:
    (page,) = plans.tile_plan(BOARD, LETTER)
    assert page.paper == LETTER and page.side == "single"
    assert page.what == "Board: Big (front) - tiles of 1 x 2"
    assert page.notes == ["Trim the edges marked 'trim', lay them over the hatched band, match "
                          "the crosshairs, glue"]
    assert page.lanes == geometry.band_lanes(LETTER)
    first, second = page.placements
    assert first.face == second.face == ("board", "front")
    assert (first.counts, second.counts) == (True, False)
    assert r6((first.slot.x, first.slot.y, first.slot.w, first.slot.h)) == (
        12.35, 12.35, 260.0, 100.0)
    # the first tile shows board x 0..191.2; its outer edges bleed 1 mm, not the inner one
    assert r6((first.clip.x, first.clip.y, first.clip.w, first.clip.h)) == (
        11.35, 11.35, 192.2, 102.0)
    # the second shows board x 181.2..260, below the first, 14 mm apart
    assert r6((second.slot.x, second.slot.y)) == (-168.85, 126.35)
    assert r6((second.clip.x, second.clip.y, second.clip.w, second.clip.h)) == (
        12.35, 125.35, 79.8, 102.0)
    assert label_keys(page.labels) == [
        (20.35, 9.75, 6.0, "Big: row 1 / col 1", 0, False),
        (11.15, 176.35, 6.0, "trim this edge", 90, False),
        (20.35, 123.75, 6.0, "Big: row 1 / col 2", 0, False)]
    # the crosshair in the middle of the overlap band, on both tiles
    assert page.circles == [Circle(pytest.approx(198.55), pytest.approx(62.35), 1.5),
                            Circle(pytest.approx(17.35), pytest.approx(176.35), 1.5)]
    cross = line_keys([ln for ln in page.lines if ln.width == 0.15])
    assert cross == [(195.55, 62.35, 201.55, 62.35, 0.15), (198.55, 59.35, 198.55, 65.35, 0.15),
                     (14.35, 176.35, 20.35, 176.35, 0.15), (17.35, 173.35, 17.35, 179.35, 0.15)]


def test_tile_marks_run_to_the_margin_or_short_of_the_gap_middle() -> None:
    (page,) = plans.tile_plan(BOARD, LETTER)
    crop = sorted(line_keys([ln for ln in page.lines if ln.width == 0.2]))
    assert crop == sorted([
        # first tile: left, top and bottom bleed; 6 mm to the margin, 6.5 into the gap
        (10.35, 12.35, 6.35, 12.35, 0.2), (10.35, 112.35, 6.35, 112.35, 0.2),
        (12.35, 10.35, 12.35, 6.35, 0.2), (12.35, 114.35, 12.35, 118.85, 0.2),
        (203.55, 10.35, 203.55, 6.35, 0.2), (203.55, 114.35, 203.55, 118.85, 0.2),
        # second tile: top, right and bottom are the board's edges (its left goes on top)
        # (ticks of at most TICK where the room runs on to the margin)
        (93.15, 126.35, 98.15, 126.35, 0.2), (93.15, 226.35, 98.15, 226.35, 0.2),
        (12.35, 124.35, 12.35, 119.85, 0.2), (12.35, 228.35, 12.35, 233.35, 0.2),
        (91.15, 124.35, 91.15, 119.85, 0.2), (91.15, 228.35, 91.15, 233.35, 0.2)])
    trim = line_keys([ln for ln in page.lines if ln.width == 0.3])
    assert trim == [(12.35, 124.35, 12.35, 119.85, 0.3), (12.35, 228.35, 12.35, 233.35, 0.3)]
    hatch = [ln for ln in page.lines if ln.width == 0.1]
    assert len(hatch) == 37 and {ln.gray for ln in hatch} == {0.8}  # (10 + 100) / 3 mm
    band = Box(193.55, 12.35, 10.0, 100.0)
    assert all(band.contains(Box(min(ln.x1, ln.x2), min(ln.y1, ln.y2), abs(ln.x2 - ln.x1),
                                 abs(ln.y2 - ln.y1))) for ln in hatch)


def test_the_back_of_a_board_is_tiled_as_its_back() -> None:
    pages = plans.tile_plan(BOARD, LETTER, "back")
    assert pages[0].what == "Board: Big (back) - tiles of 1 x 2"
    assert {p.face for p in pages[0].placements} == {("board", "back")}


def test_tile_spots_fill_rows_then_pages() -> None:
    window = Box(5.0, 7.0, 250.0, 120.0)
    assert plans.tile_spots([(100.0, 50.0)] * 5, window) == [
        (0, 5.0, 7.0), (0, 119.0, 7.0), (0, 5.0, 71.0), (0, 119.0, 71.0), (1, 5.0, 7.0)]
    # a tile as large as the window starts its page where it is
    assert plans.tile_spots([(250.0, 120.0), (250.0, 120.0)], window) == [
        (0, 5.0, 7.0), (1, 5.0, 7.0)]


def test_mark_room_stops_short_of_the_middle_of_a_gap() -> None:
    box = Box(50.0, 50.0, 20.0, 20.0)
    others = [box, Box(80.0, 50.0, 20.0, 20.0), Box(50.0, 72.0, 20.0, 5.0)]
    assert plans.mark_room(box, others, Box(0.0, 0.0, 200.0, 190.0)) == {
        "left": 50.0, "top": 50.0, "right": 4.5, "bottom": 0.5}
    assert plans.mark_room(box, [box], Box(10.0, 20.0, 100.0, 60.0)) == {
        "left": 40.0, "top": 30.0, "right": 40.0, "bottom": 10.0}


def test_inner_tiles_get_trim_lines_labels_and_hatched_bands() -> None:
    inner = Tile(1, 1, 3, 3, Box(0, 0, 1, 1), Box(0, 0, 1, 1))
    shown = Box(100.0, 100.0, 50.0, 40.0)
    room = {"left": 10.0, "top": 3.0, "right": 2.5, "bottom": 10.0}
    # the right span (2 .. 2.5 mm) is too short to draw
    assert line_keys(plans.trim_lines(inner, shown, room)) == [
        (100.0, 98.0, 100.0, 97.0, 0.3), (100.0, 142.0, 100.0, 147.0, 0.3),
        (98.0, 100.0, 93.0, 100.0, 0.3)]
    assert label_keys(plans.trim_labels(inner, shown)) == [
        (98.8, 120.0, 6.0, "trim this edge", 90, False),
        (125.0, 98.8, 6.0, "trim this edge", 0, False)]
    first = Tile(0, 0, 3, 3, Box(0, 0, 1, 1), Box(0, 0, 1, 1))
    assert plans.trim_lines(first, shown, room) == [] and plans.trim_labels(first, shown) == []
    lines = plans.tile_marks(inner, shown, [0.0, 0.0, 0.0, 0.0], room)
    hatch = [ln for ln in lines if ln.width == 0.1]
    # right band 10 x 40 (17 lines), bottom band 50 x 10 (20 lines); no crop marks
    assert len(hatch) == 37 and len(lines) == 37 + 3
    last = Tile(2, 2, 3, 3, Box(0, 0, 1, 1), Box(0, 0, 1, 1))
    marks = plans.tile_marks(last, shown, [0.0, 0.0, 1.0, 1.0], room)
    assert line_keys([ln for ln in marks if ln.width == 0.2]) == [
        (152.0, 100.0, 152.5, 100.0, 0.2), (152.0, 140.0, 152.5, 140.0, 0.2),
        (100.0, 142.0, 100.0, 147.0, 0.2), (150.0, 142.0, 150.0, 147.0, 0.2)]


def test_hatch_and_crosshair() -> None:
    assert line_keys(plans.hatch(Box(10.0, 20.0, 6.0, 3.0))) == [
        (10.0, 20.0, 10.0, 20.0, 0.1), (13.0, 20.0, 10.0, 23.0, 0.1),
        (16.0, 20.0, 13.0, 23.0, 0.1)]
    assert line_keys(plans.hatch(Box(0.0, 0.0, 3.0, 6.0))) == [
        (0.0, 0.0, 0.0, 0.0, 0.1), (3.0, 0.0, 0.0, 3.0, 0.1), (3.0, 3.0, 0.0, 6.0, 0.1)]
    assert {ln.gray for ln in plans.hatch(Box(0.0, 0.0, 3.0, 6.0))} == {0.8}
    assert len(plans.hatch(Box(0.0, 0.0, 3.0, 6.0), step=1.0)) == 9
    assert plans.crosshair(10.0, 20.0, 3.0) == [Line(7.0, 20.0, 13.0, 20.0, 0.15),
                                                Line(10.0, 17.0, 10.0, 23.0, 0.15)]


# --------------------------------------------------------------------------- calibration


def test_calibration_points_are_the_corners_inset_and_the_centre() -> None:
    assert [r6(p) for p in plans.calibration_points(LETTER)] == [
        (39.3, 36.35), (176.6, 36.35), (107.95, 131.45), (39.3, 226.55), (176.6, 226.55)]
    assert plans.calibration_points(LETTER, Box(0.0, 0.0, 100.0, 80.0)) == [
        (20.0, 20.0), (80.0, 20.0), (50.0, 40.0), (20.0, 60.0), (80.0, 60.0)]


def test_calibration_plan_front_scales_and_back_crosses() -> None:
    front, back = plans.calibration_plan(LETTER, (2.0, -1.0), points=[(50.0, 60.0)])
    assert (front.side, back.side) == ("calibration", "calibration")
    assert front.what == "Calibration, front: crosshairs with offset scales"
    assert back.what == "Calibration, back: crosshairs (seen through the paper)"
    assert front.lanes == back.lanes == geometry.band_lanes(LETTER)
    assert front.lines[:2] == [Line(44.0, 60.0, 56.0, 60.0, 0.15),
                               Line(50.0, 54.0, 50.0, 66.0, 0.15)]
    assert len(front.lines) == 2 + 20
    assert front.circles == [Circle(50.0, 60.0, 0.5)]
    assert len(front.labels) == 6
    assert line_keys(back.lines) == [(158.9, 59.0, 176.9, 59.0, 0.15),
                                     (167.9, 50.0, 167.9, 68.0, 0.15)]
    assert front.notes == [
        "Print this sheet duplex (flip on long edge), hold it to the light: read on the scales "
        "where the back cross's lines cross the front's arms",
        "Add the readings to the back offset (+2.0, -1.0 mm) and rebuild with it"]
    assert back.notes == ["Back offset used: +2.0, -1.0 mm"]
    boxed, _ = plans.calibration_plan(LETTER, (0.0, 0.0), box=Box(0.0, 0.0, 100.0, 80.0))
    assert [r6((c.cx, c.cy)) for c in boxed.circles] == [
        (20.0, 20.0), (80.0, 20.0), (50.0, 40.0), (20.0, 60.0), (80.0, 60.0)]
    default, _ = plans.calibration_plan(LETTER, (0.0, 0.0))
    assert [r6((c.cx, c.cy)) for c in default.circles][0] == (39.3, 36.35)


def test_offset_scales_tick_every_mm_long_every_five() -> None:
    lines = line_keys(plans.offset_scales(10.0, 20.0))
    assert len(lines) == 20
    assert lines[:4] == [(5.0, 18.8, 5.0, 21.2, 0.1), (8.8, 15.0, 11.2, 15.0, 0.1),
                         (6.0, 19.4, 6.0, 20.6, 0.1), (9.4, 16.0, 10.6, 16.0, 0.1)]
    assert lines[8:10] == [(9.0, 19.4, 9.0, 20.6, 0.1), (9.4, 19.0, 10.6, 19.0, 0.1)]
    assert lines[10:12] == [(11.0, 19.4, 11.0, 20.6, 0.1), (9.4, 21.0, 10.6, 21.0, 0.1)]
    assert lines[-2:] == [(15.0, 18.8, 15.0, 21.2, 0.1), (8.8, 25.0, 11.2, 25.0, 0.1)]
    assert len(plans.offset_scales(0.0, 0.0, reach=2)) == 8


def test_scale_numbers_are_the_offsets_to_add() -> None:
    assert label_keys(plans.scale_numbers(10.0, 20.0)) == [
        (3.4, 24.2, 6.0, "-5", 0, False), (13.4, 24.2, 6.0, "+5", 0, False),
        (12.0, 15.8, 6.0, "+5", 0, False), (12.0, 25.8, 6.0, "-5", 0, False),
        (17.5, 20.8, 6.0, "dx", 0, False), (8.6, 12.5, 6.0, "dy", 0, False)]


def test_placements_count_by_default() -> None:
    assert Placement(("c", "front"), Slot(0, 0, 1, 1), Box(0, 0, 1, 1)).counts is True


def test_a_tile_row_is_as_tall_as_its_tallest_tile_however_thin() -> None:
    window = Box(5.0, 7.0, 250.0, 120.0)
    assert plans.tile_spots([(200.0, 0.5)] * 3, window) == [
        (0, 5.0, 7.0), (0, 5.0, 21.5), (0, 5.0, 36.0)]
    # a page opened by a thin tile: its row is as tall as that tile
    assert plans.tile_spots([(200.0, 110.0), (200.0, 0.5), (200.0, 0.5)], window) == [
        (0, 5.0, 7.0), (1, 5.0, 7.0), (1, 5.0, 21.5)]


def test_tile_spots_open_a_page_only_for_a_tile_that_does_not_fit_below() -> None:
    window = Box(5.0, 7.0, 250.0, 120.0)
    # 7 + 50 + 14 = 71; 56 mm fits down to 127, 56.5 mm does not
    assert plans.tile_spots([(200.0, 50.0), (200.0, 56.0)], window)[1] == (0, 5.0, 71.0)
    assert plans.tile_spots([(200.0, 50.0), (200.0, 56.5)], window)[1] == (1, 5.0, 7.0)
    # a tile taller than the window still starts on the first page, never an empty one
    assert plans.tile_spots([(100.0, 130.0)], window) == [(0, 5.0, 7.0)]


def test_a_tile_bleeds_only_at_the_board_s_own_edges() -> None:
    page = Page(LETTER, "single", "x")
    tile = Tile(0, 0, 1, 1, Box(0, 0, 1, 1), Box(0, 0, 1, 1))
    _, on_page, bleeds = plans.place_tile(page, BOARD, "front", tile,
                                          Box(0.0, 0.5, 100.0, 99.5), 10.0, 20.0)
    assert bleeds == [1.0, 0.0, 0.0, 1.0]
    assert (on_page.x, on_page.y, on_page.w, on_page.h) == (10.0, 20.5, 100.0, 99.5)


def test_a_thin_strip_board_still_gets_its_crosshairs() -> None:
    strip = Copy("strip", "Track", "Strip", 260.0, 7.0, False)  # the 6 mm cross just fits
    (page,) = plans.tile_plan(strip, LETTER)
    assert [r6((c.cx - p.slot.x, c.cy - p.slot.y)) for c, p in zip(
        page.circles, page.placements, strict=True)] == [(186.2, 3.5), (186.2, 3.5)]
    tall = Copy("tall", "Track", "Tall", 7.0, 400.0, False)
    (page,) = plans.tile_plan(tall, LETTER)
    assert len(page.circles) == 2 and {round(c.cx - p.slot.x, 6) for c, p in zip(
        page.circles, page.placements, strict=True)} == {3.5}
