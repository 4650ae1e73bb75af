"""impose/pack.py piece by piece: runs and their sizes, the orientation a run takes, shelves and
sheets, first-fit packing beside and below, room for the print plan, sticker names and the
mirrored back page, in mm worked out by hand."""

from __future__ import annotations

import pytest

from cardgen.impose import PAPERS, Box, Copy, Slot, geometry, pack
from cardgen.impose.geometry import Label, Line, Page, Placement
from cardgen.impose.pack import Block, Run, Sheet, Shelf
from cardgen.layout import fonts

LETTER = PAPERS["letter"]
BOX = geometry.content_box(LETTER, geometry.BAND)  # 197.3 x 250.2


def pieces(n: int, w: float, h: float, prefix: str = "p", back: bool = False,
           name: str = "") -> tuple[Copy, ...]:
    return tuple(Copy(f"{prefix}{i}", "Piece", name or f"{prefix} {i}", w, h, back)
                 for i in range(n))


def run(n: int, w: float, h: float, cols: int, gutter: float = 0.0, sheet: str = "tokens",
        prefix: str = "p") -> Run:
    return Run(sheet, pieces(n, w, h, prefix), w, h, 0, gutter, cols)


# --------------------------------------------------------------------------- runs


def test_run_sizes() -> None:
    r = run(9, 25.4, 25.4, 7, 2.0)
    assert r.row_width(3) == pytest.approx(80.2)
    assert r.width == pytest.approx(189.8)
    assert r.height(2) == pytest.approx(52.8)
    assert r.height(1) == pytest.approx(25.4)
    labelled = Run("stickers", pieces(1, 88.7, 12.7), 88.7, 12.7, 0, 2.5, 2, 5.0)
    assert labelled.row_width(1) == pytest.approx(93.7)
    assert labelled.width == pytest.approx(184.9)
    assert Run("cards", (), 1.0, 1.0, 0, 0.0, 1).label_column == 0.0


def test_run_rows_and_sticker_rows() -> None:
    r = run(7, 10.0, 10.0, 3)
    assert [[c.component for c in row] for row in r.rows()] == [
        ["p0", "p1", "p2"], ["p3", "p4", "p5"], ["p6"]]
    strips = Run("stickers", pieces(3, 88.7, 12.7, "a")[:1] * 3 + pieces(1, 88.7, 12.7, "b"),
                 88.7, 12.7, 0, 2.5, 2, 5.0)
    assert [[c.component for c in row] for row in strips.rows()] == [
        ["a0", "a0"], ["a0"], ["b0"]]


def test_make_run_picks_the_orientation_fitting_more() -> None:
    tokens = pack.make_run("tokens", pieces(3, 25.4, 25.4), BOX, 2.0)
    assert tokens == Run("tokens", pieces(3, 25.4, 25.4), 25.4, 25.4, 0, 2.0, 7)
    turned = pack.make_run("cards", pieces(2, 120.0, 60.0), BOX, 0.0)  # 4 upright, 6 turned
    assert turned == Run("cards", pieces(2, 120.0, 60.0), 60.0, 120.0, 90, 0.0, 3)
    upright = pack.make_run("large", pieces(1, 127.0, 76.2), BOX, 0.0)  # 3 upright, 2 turned
    assert upright is not None and (upright.rotate, upright.cols) == (0, 1)
    strips = pack.make_run("stickers", pieces(2, 88.7, 12.7), BOX, 2.5)
    assert strips == Run("stickers", pieces(2, 88.7, 12.7), 88.7, 12.7, 0, 2.5, 2, 5.0)
    assert pack.make_run("stickers", pieces(1, 260.0, 12.7), BOX, 2.5) is None  # never turned
    assert pack.make_run("cards", pieces(1, 300.0, 300.0), BOX, 0.0) is None


def test_blocks_shelves_and_sheets_measure_themselves() -> None:
    cards, tokens = run(4, 60.0, 90.0, 2), run(5, 20.0, 20.0, 3, 2.0)
    block = Block(tokens, tokens.rows())
    assert (block.width, block.height) == (pytest.approx(64.0), pytest.approx(42.0))
    shelf = Shelf([Block(cards, cards.rows()[:1]), block])
    assert (shelf.width, shelf.height) == (pytest.approx(192.0), 90.0)
    sheet = Sheet([shelf, Shelf([Block(tokens, tokens.rows()[:1])])])
    assert sheet.used() == pytest.approx(90.0 + 20.0 + 8.0)
    assert [b.run for b in sheet.blocks()] == [cards, tokens, tokens]
    assert sheet.plan_box(BOX) is None
    reserved = Sheet([shelf], reserved=66.0)
    assert reserved.used() == pytest.approx(66.0 + 90.0 + 8.0)
    assert Sheet(reserved=66.0).used() == 66.0
    assert Sheet().used() == 0.0
    assert reserved.plan_box(BOX) == Box(BOX.x, BOX.y, BOX.w, 66.0)
    beside = Sheet([shelf], beside=120.0)
    assert beside.plan_box(BOX) == Box(BOX.right - 120.0, BOX.y, 120.0, 90.0)


# --------------------------------------------------------------------------- packing


def test_pack_puts_short_rows_beside_a_tall_shelf_then_below_then_on_a_new_sheet() -> None:
    box = Box(0.0, 0.0, 200.0, 100.0)
    cards, tokens = run(2, 60.0, 90.0, 2, prefix="c"), run(15, 20.0, 20.0, 3, 2.0, prefix="t")
    sheets = pack.pack([tokens, cards], box)  # the tallest rows first
    assert len(sheets) == 2
    (first,) = sheets[0].shelves
    assert [(b.run, len(b.rows)) for b in first.blocks] == [(cards, 1), (tokens, 4)]
    (second,) = sheets[1].shelves
    assert [(b.run, [c.component for r in b.rows for c in r]) for b in second.blocks] == [
        (tokens, ["t12", "t13", "t14"])]


def test_pack_stacks_shelves_below_with_a_gap_and_keeps_reserved_room() -> None:
    box = Box(0.0, 0.0, 100.0, 200.0)
    a, b = run(1, 90.0, 90.0, 1, prefix="a"), run(1, 90.0, 80.0, 1, prefix="b")
    (sheet,) = pack.pack([a, b], box)  # 90 + 8 + 80 = 178
    assert [s.blocks[0].run for s in sheet.shelves] == [a, b]
    sheets = pack.pack([a, b], box, reserved=30.0)  # 30 + 8 + 90 + 8 + 80 > 200
    assert [(s.reserved, [sh.blocks[0].run for sh in s.shelves]) for s in sheets] == [
        (30.0, [a]), (0.0, [b])]
    tall = run(1, 90.0, 170.0, 1, prefix="t")  # leaves the reserved sheet empty: dropped
    assert [s.reserved for s in pack.pack([tall], box, reserved=30.0)] == [0.0]


def test_pack_fills_existing_sheets_first_and_returns_only_new_ones() -> None:
    box = Box(0.0, 0.0, 100.0, 200.0)
    old = pack.pack([run(1, 90.0, 90.0, 1, prefix="a")], box)
    assert pack.pack([run(1, 90.0, 90.0, 1, prefix="b")], box, existing=old) == []
    assert len(old[0].shelves) == 2
    new = pack.pack([run(1, 90.0, 90.0, 1, prefix="c")], box, existing=old)
    assert len(new) == 1 and len(old[0].shelves) == 2


def test_a_row_taller_than_the_page_is_refused() -> None:
    with pytest.raises(ValueError,
                       match=r"^a row of 30.0 x 120.0 mm pieces does not fit an empty page$"):
        pack.pack([run(1, 30.0, 120.0, 1)], Box(0.0, 0.0, 100.0, 100.0))


def test_room_for_the_plan_beside_the_first_shelf() -> None:
    box = Box(0.0, 0.0, 200.0, 250.0)
    wide = Sheet([Shelf([Block(run(2, 60.0, 90.0, 2), [pieces(2, 60.0, 90.0)])])])  # 120
    narrow = Sheet([Shelf([Block(run(1, 60.0, 90.0, 1), [pieces(1, 60.0, 90.0)])])])  # 60
    sheets = [wide, narrow]
    assert pack.room_for_plan(sheets, box, 66.0)
    assert sheets == [narrow, wide] and narrow.beside == pytest.approx(132.0)
    assert wide.beside == 0.0
    assert not pack.room_for_plan([wide], box, 66.0)  # 72 mm free: too little
    low = Sheet([Shelf([Block(run(1, 60.0, 50.0, 1), [pieces(1, 60.0, 50.0)])])])
    assert not pack.room_for_plan([low], box, 66.0)  # 50 mm high: too low
    exact = Sheet([Shelf([Block(run(1, 82.0, 66.0, 1), [pieces(1, 82.0, 66.0)])])])
    assert pack.room_for_plan([exact], box, 66.0) and exact.beside == pytest.approx(110.0)


def test_sheet_copies_in_block_order() -> None:
    tokens = run(5, 20.0, 20.0, 3, 2.0)
    sheet = Sheet([Shelf([Block(tokens, tokens.rows())])])
    assert [c.component for c in pack.sheet_copies(sheet)] == ["p0", "p1", "p2", "p3", "p4"]


# --------------------------------------------------------------------------- pages


def test_a_packed_page_places_blocks_centred_with_marks_into_the_gaps() -> None:
    cards = Run("cards", pieces(2, 60.0, 90.0, "c", back=True), 60.0, 90.0, 0, 0.0, 2)
    tokens = Run("tokens", pieces(3, 20.0, 20.0, "t"), 20.0, 20.0, 0, 2.0, 3)
    sheet = Sheet([Shelf([Block(cards, cards.rows()), Block(tokens, tokens.rows())])])
    front, back = pack.sheet_pages(sheet, LETTER, "front", (1.0, 0.0))
    # shelf 120 + 8 + 64 = 192 wide, centred in 197.3 from x 9.3: starts at 11.95
    assert [(p.face, round(p.slot.x, 6), round(p.slot.y, 6)) for p in front.placements] == [
        (("c0", "front"), 11.95, 6.35), (("c1", "front"), 71.95, 6.35),
        (("t0", "front"), 139.95, 6.35), (("t1", "front"), 161.95, 6.35),
        (("t2", "front"), 183.95, 6.35)]
    assert front.what == "Piece x5 (fronts)" and front.side == "front"
    assert front.notes == ["Cut the blocks apart through the middle of the gaps, then rows "
                           "(marks left and right), then columns (marks above and below)"]
    # the cards' right marks stop 0.5 mm short of the gap's middle (131.95 + 4 - 0.5)
    right = [ln for ln in front.lines if ln.y1 == ln.y2 and ln.x1 > 131.0 and ln.x1 < 136.0]
    assert right and {round(max(ln.x1, ln.x2), 6) for ln in right} == {135.45}
    assert back.what == "Piece x2 (backs)" and back.side == "back"
    assert [(p.face, round(p.slot.x, 6)) for p in back.placements] == [
        (("c0", "back"), 144.95), (("c1", "back"), 84.95)]
    # only the two-sided block's marks are mirrored onto the back
    assert len(back.lines) == len([ln for ln in front.lines if max(ln.x1, ln.x2) < 136.0])
    (single,) = pack.sheet_pages(Sheet([Shelf([Block(tokens, tokens.rows())])]), LETTER,
                                 "single", (0.0, 0.0))
    assert single.side == "single" and single.notes == [
        "Cut rows first (marks left and right), then columns (marks top and bottom)"]
    assert [round(p.slot.x, 6) for p in single.placements] == [75.95, 97.95, 119.95]


def test_a_sheet_with_the_plan_reserved_starts_below_it() -> None:
    tokens = Run("tokens", pieces(3, 20.0, 20.0, "t"), 20.0, 20.0, 0, 2.0, 3)
    sheet = Sheet([Shelf([Block(tokens, tokens.rows())])], reserved=66.0)
    (page,) = pack.sheet_pages(sheet, LETTER, "single", (0.0, 0.0))
    assert {round(p.slot.y, 6) for p in page.placements} == {6.35 + 66.0 + 8.0}
    # the top marks stop 0.5 mm short of the middle of the gap below the plan
    tops = [min(ln.y1, ln.y2) for ln in page.lines if ln.x1 == ln.x2]
    assert round(min(tops), 6) == round(6.35 + 66.0 + 4.0 + 0.5, 6)
    beside = Sheet([Shelf([Block(tokens, tokens.rows())])], beside=120.0)
    (page,) = pack.sheet_pages(beside, LETTER, "single", (0.0, 0.0))
    assert [round(p.slot.x, 6) for p in page.placements] == [9.3, 31.3, 53.3]
    # the plan beside it: the block's right marks stop short of the middle of the gap to it
    rights = [max(ln.x1, ln.x2) for ln in page.lines if ln.y1 == ln.y2 and ln.x1 > 70.0]
    assert rights and {round(x, 6) for x in rights} == {76.8}


def test_shelves_below_one_another_share_the_gap_between_them() -> None:
    cards = Run("cards", pieces(1, 60.0, 90.0, "c"), 60.0, 90.0, 0, 0.0, 1)
    tokens = Run("tokens", pieces(1, 20.0, 20.0, "t"), 20.0, 20.0, 0, 2.0, 1)
    sheet = Sheet([Shelf([Block(cards, cards.rows())]), Shelf([Block(tokens, tokens.rows())])])
    (page,) = pack.sheet_pages(sheet, LETTER, "single", (0.0, 0.0))
    assert [(round(p.slot.x, 6), round(p.slot.y, 6)) for p in page.placements] == [
        (77.95, 6.35), (97.95, 104.35)]  # 6.35 + 90 + 8
    # the gap is 96.35 .. 104.35: marks stop 0.5 mm short of its middle, 100.35
    below_cards = [max(ln.y1, ln.y2) for ln in page.lines if ln.x1 == ln.x2 and ln.y1 > 96.0
                   and ln.y1 < 100.0]
    above_tokens = [min(ln.y1, ln.y2) for ln in page.lines if ln.x1 == ln.x2 and ln.y1 > 100.0
                    and ln.y1 < 104.35]
    assert {round(y, 6) for y in below_cards} == {99.85}
    assert {round(y, 6) for y in above_tokens} == {100.85}


def test_sticker_names_read_up_beside_their_rows() -> None:
    name = "Red die"
    strips = Run("stickers", pieces(3, 88.7, 12.7, "r", name=name)[:1] * 3, 88.7, 12.7, 0, 2.5,
                 2, 5.0)
    labels = pack.run_labels(strips.rows(), 50.0, 100.0, 12.7, 15.2)
    length = fonts.text_width_mm(name, "regular", 6.0)
    # rows 0 and 1 (100 .. 127.9): the name centred along them
    assert labels == [Label(48.4, pytest.approx((100.0 + 127.9 + length) / 2), name, 6.0, 90)]
    long = "A very long sticker name that cannot fit"
    rows = [pieces(1, 88.7, 12.7, "x", name=long), pieces(1, 88.7, 12.7, "y", name="Blue")]
    labels = pack.run_labels(rows, 50.0, 100.0, 12.7, 15.2)
    assert [lb.text for lb in labels][1] == "Blue"
    short = labels[0].text
    assert short.endswith("…") and long.startswith(short[:-1]) and len(short) < len(long)
    assert fonts.text_width_mm(short, "regular", 6.0) <= 11.7
    assert fonts.text_width_mm(long[:len(short)] + "…", "regular", 6.0) > 11.7
    assert labels[1].y == pytest.approx(
        (115.2 + 127.9 + fonts.text_width_mm("Blue", "regular", 6.0)) / 2)


def test_sticker_blocks_keep_bleed_and_marks_off_their_names() -> None:
    strips = Run("stickers", pieces(1, 88.7, 12.7, "s") * 2, 88.7, 12.7, 0, 2.5, 2, 5.0)
    page = Page(LETTER, "single", "x")
    marks = pack.place_block(page, Block(strips, strips.rows()), 20.0, 50.0,
                             Box(6.35, 6.35, 203.2, 254.2))
    assert [round(p.slot.x, 6) for p in page.placements] == [25.0, 116.2]
    assert min(p.clip.x for p in page.placements) >= 24.0 - 1e-9
    assert marks == page.lines and min(min(ln.x1, ln.x2) for ln in marks) >= 24.0 - 1e-9
    assert [lb.angle for lb in page.labels] == [90] and page.labels[0].x == pytest.approx(23.4)


def test_the_mirrored_back_page() -> None:
    front = Page(LETTER, "front", "x")
    front.placements = [
        Placement(("a", "front"), Slot(10.0, 20.0, 30.0, 40.0, 90), Box(9.0, 19.0, 32.0, 42.0)),
        Placement(("b", "front"), Slot(50.0, 20.0, 30.0, 40.0), Box(49.0, 19.0, 32.0, 42.0))]
    marks = [Line(5.0, 6.0, 7.0, 8.0, 0.2, 0.3, (1.0,))]
    back = pack.mirrored_back(front, LETTER, (1.0, 2.0), {"a"}, "Piece x1 (backs)", marks)
    assert (back.side, back.what, back.paper) == ("back", "Piece x1 (backs)", LETTER)
    (p,) = back.placements
    assert p.face == ("a", "back")
    assert p.slot == Slot(pytest.approx(176.9), 22.0, 30.0, 40.0, 270)
    assert (p.clip.x, p.clip.y, p.clip.w, p.clip.h) == (pytest.approx(175.9), 21.0, 32.0, 42.0)
    assert back.lines == [Line(pytest.approx(211.9), 8.0, pytest.approx(209.9), 10.0, 0.2, 0.3,
                               (1.0,))]
    assert back.notes == ["Backs: duplex, flip on long edge; back offset +1.0, +2.0 mm"]
    assert back.lanes == geometry.band_lanes(LETTER)


def test_a_sticker_name_with_no_room_keeps_two_characters() -> None:
    def name_in(name: str) -> str:
        rows = [pieces(1, 88.7, 1.0, "x", name=name)]
        (label,) = pack.run_labels(rows, 50.0, 100.0, 1.0, 3.5)  # no room at all
        return label.text

    assert name_in("WW") == "WW"
    assert name_in("WWW") == "W…"
    assert name_in("WWWW") == "W…"


def test_rows_fill_the_pocket_under_a_shorter_block_before_a_new_page() -> None:
    """Cards (90 mm tall) and a 40 mm piece beside them leave a pocket under the piece: the
    tokens go there, re-cut to its width, instead of onto a page of their own."""
    box = Box(0.0, 0.0, 200.0, 100.0)
    cards, med = run(2, 60.0, 90.0, 2, sheet="cards", prefix="c"), run(1, 60.0, 40.0, 1, prefix="m")
    tokens = run(4, 20.0, 20.0, 9, 2.0, prefix="t")
    (sheet,) = pack.pack([tokens, med, cards], box)
    (shelf,) = sheet.shelves
    assert [b.run for b in shelf.blocks] == [cards, med]
    (pocket,) = shelf.blocks[1].under
    assert pocket.run.cols == 2 and [[c.component for c in r] for r in pocket.rows] == [
        ["t0", "t1"], ["t2", "t3"]]
    assert shelf.blocks[1].column_height == pytest.approx(40.0 + 8.0 + 42.0)
    assert [c.component for c in pack.sheet_copies(sheet)] == ["c0", "c1", "m0", "t0", "t1",
                                                               "t2", "t3"]
    # too little room under it: a page of their own, as before
    big = run(4, 20.0, 45.0, 9, 2.0, prefix="b")
    assert len(pack.pack([big, med, cards], box)) == 2


def test_a_pocket_block_is_placed_under_its_column_with_its_back_mirrored() -> None:
    box = geometry.content_box(LETTER, geometry.BAND)
    cards = Run("cards", pieces(2, 57.0, 88.9, "c", back=True), 57.0, 88.9, 0, 0.0, 2)
    med = Run("cards", pieces(1, 63.5, 30.0, "m", back=True), 63.5, 30.0, 0, 0.0, 1)
    tokens = Run("tokens", pieces(4, 20.0, 20.0, "t", back=True), 20.0, 20.0, 0, 2.0, 9)
    (sheet,) = pack.pack([tokens, med, cards], box)
    front, back = pack.sheet_pages(sheet, LETTER, "front", (0.0, 0.0))
    slots = {p.face[0]: p.slot for p in front.placements}
    m = slots["m0"]
    for t in ("t0", "t1", "t2", "t3"):  # under the 30 mm piece, inside its column
        assert slots[t].y >= m.y + m.h + geometry.BLOCK_GAP - 1e-6
        assert m.x - 1e-6 <= slots[t].x and slots[t].x + slots[t].w <= m.x + m.w + 1e-6
    w = LETTER.width
    backs = {p.face[0]: p.slot for p in back.placements}
    assert set(backs) == set(slots)  # every two-sided piece has its back behind it
    for name, s in slots.items():
        assert backs[name].x == pytest.approx(w - s.x - s.w) and backs[name].y == s.y
    # the marks of the pocket block are mirrored too, and none crosses a piece
    assert len(back.lines) == len(front.lines)
    for ln in front.lines:
        ink = Box(min(ln.x1, ln.x2), min(ln.y1, ln.y2), abs(ln.x2 - ln.x1), abs(ln.y2 - ln.y1))
        assert all(ink.intersect(p.clip) is None for p in front.placements), ln
