"""impose/home.py piece by piece: the print plan's text and where its lines go, page ranges,
round cut lines, the plan page of a file with no room for it, and the calibration crosses
beside the plan of a duplex file."""

from __future__ import annotations

import pytest

from cardgen.impose import PAPERS, Box, Copy, Group, HomeFile, Paper, Slot, home, plan_home_print
from cardgen.impose.geometry import BAND, Circle, Label, Page, Placement, content_box
from cardgen.impose.pack import Run, make_run

LETTER, A4 = PAPERS["letter"], PAPERS["a4"]

CUT_ORDER = [
    ("Cut order: blocks apart through the middle of the gaps between them, then rows (marks "
     "left and right), then columns", False),
    ("(marks above and below). Tiles: trim the edges marked 'trim', overlap the hatched band, "
     "match the crosses, glue", False)]
PAPER_LINE = ("Paper: US Letter (8.5 x 11 in); print at 100 % (actual size), never fit to page; "
              "card stock (160-220 g/m2) for cards and tokens", False)


def pages(*spec: tuple[str, str]) -> list[Page]:
    return [Page(LETTER, side, what) for side, what in spec]


def test_file_names_and_sides() -> None:
    f = HomeFile("-single", False, pages(("single", "a"), ("single", "b")))
    assert home.home_file_name("a4", f) == "pnp-a4-single.pdf"
    assert home.home_file_name("letter", HomeFile("", True)) == "pnp-letter.pdf"
    assert f.sides == ["single", "single"]


def test_page_ranges_merge_repeats_and_front_back_pairs() -> None:
    entries = [(1, "front: A"), (2, "back: B"), (3, "front: A"), (4, "back: B"),
               (5, "front: X"), (6, "back: B"), (7, "single: C"), (8, "single: C"),
               (9, "single: D"), (10, "front: E")]
    assert home.page_ranges(entries) == [
        "p1-4  front: A / backs", "p5-6  front: X / backs", "p7-8  single: C", "p9  single: D",
        "p10  front: E"]
    assert home.page_ranges([(2, "front: A"), (3, "front: A")]) == ["p2-3  front: A"]
    assert home.page_ranges([]) == []


def test_plan_lines_of_a_duplex_file_beside_a_single_sided_one() -> None:
    duplex = HomeFile("", True, pages(("front", "Card x9 (fronts)"), ("back", "Card x9 (backs)")))
    single = HomeFile("-single", False, pages(*[("single", "Token x4 (fronts)")] * 3))
    head, contents = home.plan_lines(duplex, [duplex, single], LETTER, fold=True,
                                     offset=(1.0, -0.5))
    assert head == [
        ("pnp-letter.pdf (this file): 2 pages, print all of it DUPLEX, flip on long edge", True),
        ("pnp-letter-single.pdf: 3 pages, print all of it SINGLE-SIDED", True),
        PAPER_LINE,
        ("Back offset used: +1.0, -0.5 mm. First print pages 1-2 of the duplex file, hold the "
         "sheet to the light, read the scales", False),
        ("and rebuild with --back-offset DX,DY if the crosses do not meet", False),
        ("Fold-over sheets: fold on the dashed line (fronts out), glue, then cut", False),
        *CUT_ORDER,
        ("Contents of this file:", True)]
    assert contents == ["p1-2  front: Card x9 (fronts) / backs"]


def test_plan_lines_of_a_plan_on_its_own_page() -> None:
    single = HomeFile("-single", False, pages(*[("single", "Token x4 (fronts)")] * 3))
    head, contents = home.plan_lines(single, [single], A4, fold=False, offset=(0.0, 0.0),
                                     own_page=True)
    assert head == [
        ("pnp-a4-single.pdf (this file): 4 pages, print all of it SINGLE-SIDED", True),
        ("Paper: A4 (210 x 297 mm); print at 100 % (actual size), never fit to page; card "
         "stock (160-220 g/m2) for cards and tokens", False),
        *CUT_ORDER,
        ("Contents of this file:", True)]
    assert contents == ["p2-4  single: Token x4 (fronts)"]
    head, _ = home.plan_lines(single, [single], Paper("legal", 215.9, 355.6), fold=False,
                              offset=(0.0, 0.0))
    assert head[0][0] == "pnp-legal-single.pdf (this file): 3 pages, print all of it SINGLE-SIDED"
    assert head[1][0].startswith("Paper: legal; print at 100 %")


def keys(labels: list[Label]) -> list[tuple[object, ...]]:
    return [(round(lb.x, 6), round(lb.y, 6), lb.text, lb.size, lb.bold) for lb in labels]


def test_plan_labels_go_top_down_and_into_two_columns_when_needed() -> None:
    box = Box(10.0, 20.0, 190.0, 30.0)
    head = [("A", True), ("B", False)]
    top = [(10.0, 24.0, "Game: print plan", 9.0, True), (10.0, 30.0, "A", 6.5, True),
           (10.0, 33.4, "B", 6.5, False)]
    # 3 rows of 3.4 mm fit below the head (36.8 .. 50): three in one column
    rows = ["r1", "r2", "r3"]
    assert keys(home.plan_labels("Game", (head, rows), box)) == top + [
        (10.0, 36.8, "r1", 6.5, False), (10.0, 40.2, "r2", 6.5, False),
        (10.0, 43.6, "r3", 6.5, False)]
    rows = ["r1", "r2", "r3", "r4", "r5"]  # two columns, 93 mm wide, 2 mm apart
    assert keys(home.plan_labels("Game", (head, rows), box))[3:] == [
        (10.0, 36.8, "r1", 6.5, False), (10.0, 40.2, "r2", 6.5, False),
        (10.0, 43.6, "r3", 6.5, False), (105.0, 36.8, "r4", 6.5, False),
        (105.0, 40.2, "r5", 6.5, False)]
    rows = [f"r{i}" for i in range(1, 10)]  # more than two columns hold: the rest summed up
    assert [k[2] for k in keys(home.plan_labels("Game", (head, rows), box))[3:]] == [
        "r1", "r2", "r3", "r4", "r5", "... and 4 more lines"]
    tiny = keys(home.plan_labels("Game", (head, ["r1", "r2"]), Box(10.0, 20.0, 190.0, 10.0)))
    assert tiny[3:] == [(10.0, 36.8, "r1", 6.5, False), (105.0, 36.8, "r2", 6.5, False)]
    tiny = keys(home.plan_labels("Game", (head, ["r1", "r2", "r3"]), Box(10.0, 20.0, 190.0, 10.0)))
    assert tiny[3:] == [(10.0, 36.8, "r1", 6.5, False),
                        (105.0, 36.8, "... and 2 more lines", 6.5, False)]


def test_plan_labels_are_shortened_to_their_column() -> None:
    long = "word " * 60
    labels = home.plan_labels("Game", ([(long, False)], [long] * 5), Box(0.0, 0.0, 100.0, 24.0))
    assert labels[1].text.endswith("…") and labels[1].text.startswith("word word")
    assert all(lb.text.endswith("…") for lb in labels[1:])
    assert len(labels[2].text) < len(labels[1].text)  # a contents column is half as wide


def test_round_cut_lines_circle_discs_lying_whole_on_the_page() -> None:
    page = Page(LETTER, "front", "x", [
        Placement(("d", "front"), Slot(20.0, 30.0, 25.4, 25.4), Box(19, 29, 27.4, 27.4)),
        Placement(("d", "back"), Slot(2.0, 30.0, 25.4, 25.4), Box(2, 30, 25.4, 25.4)),
        Placement(("e", "front"), Slot(60.0, 30.0, 25.4, 25.4), Box(60, 30, 25.4, 25.4)),
        Placement(("o", "front"), Slot(50.0, 50.0, 30.0, 20.0), Box(50, 50, 30, 20))])
    assert home.round_cut_lines(page, {"d", "o"}) == [
        Circle(pytest.approx(32.7), pytest.approx(42.7), pytest.approx(12.7), 0.15, 0.35),
        Circle(65.0, 60.0, 10.0, 0.15, 0.35)]


BOARD = Copy("board", "Board", "Big", 300.0, 300.0, False)  # 2 x 2 tiles on 3 pages


def test_a_file_with_no_room_for_the_plan_opens_with_a_plan_page() -> None:
    (f,) = plan_home_print([Group("large", (BOARD,))], LETTER, fold=False, offset=(0.0, 0.0),
                           heading="Game")
    assert (f.suffix, f.duplex, f.sides) == ("", False, ["single"] * 4)
    plan = f.pages[0]
    assert plan.what == "Print plan"
    texts = [lb.text for lb in plan.labels]
    assert texts[:3] == ["Game: print plan",
                         "pnp-letter.pdf (this file): 4 pages, print all of it SINGLE-SIDED",
                         PAPER_LINE[0]]
    assert texts[5:7] == ["Contents of this file:",
                          "p2-4  single: Board: Big (front) - tiles of 2 x 2"]
    assert (plan.labels[0].x, plan.labels[0].y) == pytest.approx((9.3, 10.35))
    assert "Game - pnp-letter.pdf page 1/4" in texts
    assert "Game - pnp-letter.pdf page 2/4" in [lb.text for lb in f.pages[1].labels]


def test_a_duplex_plan_sits_in_its_room_with_calibration_crosses_beside_it() -> None:
    cards = tuple(Copy(f"c{i}", "Card", f"Card {i}", 63.5, 88.9, True) for i in range(3))
    (f,) = plan_home_print([Group("cards", cards)], LETTER, fold=False, offset=(1.0, 0.0),
                           heading="Game")
    assert (f.suffix, f.duplex, f.sides) == ("", True, ["front", "back"])
    front, back = f.pages
    assert front.what == "Print plan; Card x3 (fronts)"
    assert back.what == "Card x3 (backs)"
    # the plan text in the 66 mm kept at the top, less 34 mm for the crosses
    assert (front.labels[0].text, front.labels[0].x, front.labels[0].y) == (
        "Game: print plan", pytest.approx(9.3), pytest.approx(10.35))
    assert front.labels[1].text == ("pnp-letter.pdf (this file): 2 pages, print all of it "
                                    "DUPLEX, flip on long edge")
    # crosses 17 mm in from the content's right edge, 14 mm inside the plan's room
    assert [(round(c.cx, 6), round(c.cy, 6), c.r) for c in front.circles] == [
        (189.6, 20.35, 0.5), (189.6, 58.35, 0.5)]
    long_arms = sorted((round(ln.x1, 6), round(ln.y1, 6)) for ln in back.lines
                       if ln.y1 == ln.y2 and abs(ln.x2 - ln.x1) == pytest.approx(18.0))
    assert long_arms == [(18.3, 20.35), (18.3, 58.35)]  # 215.9 - 189.6 + 1 - 9
    assert [p.slot.y for p in front.placements] == pytest.approx([80.35] * 3)


# --------------------------------------------------------------------------- whole pages or runs


def copies(n: int, w: float, h: float, back: bool, prefix: str = "c") -> list[Copy]:
    return [Copy(f"{prefix}{i}", "Card", f"Card {i}", w, h, back) for i in range(n)]


def test_full_pages_take_whole_sheets_of_nine_and_leave_the_rest_to_pack() -> None:
    parts = home.Parts()
    left = home.full_pages(parts, "cards", copies(20, 63.5, 88.9, True), LETTER, duplex=True,
                           offset=(0.0, 0.0))
    assert [c.component for c in left] == ["c18", "c19"]
    assert [(p.side, len(p.placements)) for p in parts.duplex] == [
        ("front", 9), ("back", 9), ("front", 9), ("back", 9)]
    assert parts.single == [] and parts.single_runs == [] and parts.duplex_runs == []


def test_full_pages_take_a_rest_that_needs_the_rows_only_a_full_sheet_has() -> None:
    parts = home.Parts()  # 16: 9 + 7, and 7 is more than a banded sheet's 6
    assert home.full_pages(parts, "cards", copies(16, 63.5, 88.9, True), LETTER, duplex=True,
                           offset=(0.0, 0.0)) == []
    assert [(p.side, len(p.placements)) for p in parts.duplex] == [
        ("front", 9), ("back", 9), ("front", 7), ("back", 7)]


def test_one_sided_full_pages_are_single_and_only_when_they_save_a_row() -> None:
    parts = home.Parts()
    left = home.full_pages(parts, "large", copies(10, 63.5, 88.9, False), LETTER,
                           duplex=False, offset=(0.0, 0.0))
    assert [c.component for c in left] == ["c9"]
    assert [(p.side, len(p.placements)) for p in parts.single] == [("single", 9)]
    assert parts.duplex == []
    parts = home.Parts()
    few = copies(5, 63.5, 88.9, False)
    assert home.full_pages(parts, "cards", few, LETTER, duplex=False, offset=(0.0, 0.0)) == few
    assert parts.single == []
    # 90 x 130: 4 on a full sheet, 2 with the band; one-sided that saves no row of 3
    big = copies(5, 90.0, 130.0, False)
    assert home.full_pages(parts, "cards", big, LETTER, duplex=False, offset=(0.0, 0.0)) == big
    two = copies(5, 90.0, 130.0, True)
    assert home.full_pages(parts, "cards", two, LETTER, duplex=True,
                           offset=(0.0, 0.0)) == two[4:]
    assert [(p.side, len(p.placements)) for p in parts.duplex] == [("front", 4), ("back", 4)]
    tokens = copies(20, 63.5, 88.9, True)
    assert home.full_pages(parts, "tokens", tokens, LETTER, duplex=True,
                           offset=(0.0, 0.0)) == tokens


def test_a_face_only_a_full_sheet_holds_goes_on_full_sheets() -> None:
    parts = home.Parts()  # 150 x 255 mm fits 266.7 mm, not the 250.2 mm left by the band
    assert home.full_pages(parts, "cards", copies(2, 150.0, 255.0, False), LETTER,
                           duplex=False, offset=(0.0, 0.0)) == []
    assert [(p.side, len(p.placements)) for p in parts.single] == [("single", 1)] * 2


def test_add_copies_tiles_boards_packs_runs_and_refuses_what_fits_nowhere() -> None:
    parts = home.Parts()
    home.add_copies(parts, "large", copies(1, 300.0, 300.0, True, "b"), LETTER, duplex=False,
                    offset=(0.0, 0.0))
    assert [p.what for p in parts.single] == [
        "Card: Card 0 (front) - tiles of 2 x 2"] * 3 + ["Card: Card 0 (back) - tiles of 2 x 2"] * 3
    home.add_copies(parts, "tokens", copies(3, 25.4, 25.4, True, "t"), LETTER, duplex=True,
                    offset=(0.0, 0.0))
    home.add_copies(parts, "stickers", copies(2, 88.7, 12.7, False, "s"), LETTER, duplex=False,
                    offset=(0.0, 0.0))
    assert [(r.sheet, r.gutter, len(r.copies)) for r in parts.duplex_runs] == [
        ("tokens", 2.0, 3)]
    assert [(r.sheet, r.gutter, r.label_column) for r in parts.single_runs] == [
        ("stickers", 2.5, 5.0)]
    with pytest.raises(ValueError, match=r"^a 150.0 x 255.0 mm piece does not fit on letter$"):
        home.add_copies(parts, "tokens", copies(1, 150.0, 255.0, False), LETTER, duplex=False,
                        offset=(0.0, 0.0))
    with pytest.raises(ValueError, match=r"^a 200.0 x 10.0 mm piece does not fit on letter$"):
        home.add_copies(parts, "stickers", copies(1, 200.0, 10.0, False), LETTER, duplex=False,
                        offset=(0.0, 0.0))


def test_add_group_folds_two_sided_cards_and_tokens_only() -> None:
    group = Group("cards", tuple(copies(2, 63.5, 88.9, True) + copies(1, 63.5, 88.9, False, "o")))
    parts = home.Parts()
    home.add_group(parts, group, LETTER, fold=True, offset=(0.0, 0.0))
    assert [p.what for p in parts.single] == ["Card x2 (fronts + backs)"]
    assert parts.duplex_runs == [] and [len(r.copies) for r in parts.single_runs] == [1]
    parts = home.Parts()
    home.add_group(parts, group, LETTER, fold=False, offset=(0.0, 0.0))
    assert parts.single == [] and [len(r.copies) for r in parts.duplex_runs] == [2]
    assert [len(r.copies) for r in parts.single_runs] == [1]
    parts = home.Parts()
    home.add_group(parts, Group("large", tuple(copies(2, 63.5, 88.9, True))), LETTER, fold=True,
                   offset=(0.0, 0.0))
    assert parts.single == [] and [len(r.copies) for r in parts.duplex_runs] == [2]
    parts = home.Parts()
    home.add_group(parts, Group("tokens", tuple(copies(2, 25.4, 25.4, True))), LETTER, fold=True,
                   offset=(0.0, 0.0))
    assert [p.what for p in parts.single] == ["Card x2 (fronts + backs)"]
    gaps = {round(b.slot.x - a.slot.trim.right, 6) for a, b in zip(
        parts.single[0].placements, parts.single[0].placements[1:], strict=False)
        if a.face[1] == b.face[1] == "front" and a.slot.y == b.slot.y}
    assert gaps == {2.0}  # the tokens' gutter


BOX = content_box(LETTER, BAND)


def tokens_run(back: bool, prefix: str) -> Run:
    r = make_run("tokens", copies(3, 25.4, 25.4, back, prefix), BOX, 2.0)
    assert r is not None
    return r


def test_one_sided_pieces_fill_the_room_two_sided_sheets_leave() -> None:
    parts = home.Parts(duplex_runs=[tokens_run(True, "two")], single_runs=[tokens_run(False, "o")])
    duplex, single = home.packed_sheets(parts, BOX)
    assert single == []
    (sheet,) = duplex
    assert sheet.reserved == 66.0
    (shelf,) = sheet.shelves
    assert [b.run.copies[0].component for b in shelf.blocks] == ["two0", "o0"]


def test_a_duplex_file_of_whole_sheets_keeps_a_sheet_for_its_plan() -> None:
    parts = home.Parts(duplex=[Page(LETTER, "front", "x"), Page(LETTER, "back", "x")])
    duplex, single = home.packed_sheets(parts, BOX)
    assert [(s.reserved, s.shelves) for s in duplex] == [(66.0, [])] and single == []
    assert home.packed_sheets(home.Parts(), BOX) == ([], [])


def test_the_plan_goes_beside_a_tall_first_shelf_when_it_has_the_width() -> None:
    narrow = make_run("large", copies(1, 70.0, 240.0, False), BOX, 0.0)
    assert narrow is not None
    duplex, single = home.packed_sheets(home.Parts(single_runs=[narrow]), BOX)
    assert duplex == [] and [s.reserved for s in single] == [0.0]
    assert single[0].beside == pytest.approx(119.3)
    assert single[0].plan_box(BOX) == Box(pytest.approx(87.3), 6.35, pytest.approx(119.3), 240.0)
    wide = make_run("large", copies(1, 80.0, 240.0, False), BOX, 0.0)
    assert wide is not None
    _, single = home.packed_sheets(home.Parts(single_runs=[wide]), BOX)
    assert single[0].beside == 0.0 and single[0].plan_box(BOX) is None


def test_discs_get_round_cut_lines_on_every_page_they_lie_on() -> None:
    discs = tuple(Copy(f"d{i}", "Disc", f"Disc {i}", 25.4, 25.4, False, round=True)
                  for i in range(3))
    squares = tuple(copies(2, 25.4, 25.4, False, "s"))
    (f,) = plan_home_print([Group("tokens", discs), Group("tokens", squares)], LETTER,
                           fold=False, offset=(0.0, 0.0), heading="Game")
    page = f.pages[0]
    cuts = [c for c in page.circles if c.gray == 0.35]
    discs_at = [p.slot for p in page.placements if p.face[0].startswith("d")]
    assert len(discs_at) == 3
    assert [(round(c.cx, 6), round(c.cy, 6), c.r, c.width) for c in cuts] == [
        (round(s.x + 12.7, 6), round(s.y + 12.7, 6), 12.7, 0.15) for s in discs_at]


def test_a_single_sided_plan_sits_in_the_room_kept_on_its_first_page_without_crosses() -> None:
    tokens = tuple(copies(3, 25.4, 25.4, False, "t"))
    (f,) = plan_home_print([Group("tokens", tokens)], LETTER, fold=False, offset=(0.0, 0.0),
                           heading="Game")
    assert (f.suffix, f.duplex, f.sides) == ("", False, ["single"])
    (page,) = f.pages
    assert page.what == "Print plan; Card x3 (fronts)"
    assert page.circles == [] and not [ln for ln in page.lines if ln.width == 0.15]
    assert [lb.text for lb in page.labels[:2]] == [
        "Game: print plan", "pnp-letter.pdf (this file): 1 pages, print all of it SINGLE-SIDED"]
    assert [p.slot.y for p in page.placements] == pytest.approx([80.35] * 3)


def test_a_plan_page_splits_its_contents_into_columns_above_the_label_band() -> None:
    f = HomeFile("", False, pages(*[("single", f"Board {i} (front)") for i in range(70)]))
    page = home.plan_page(f, [f], LETTER, fold=False, offset=(0.0, 0.0), heading="Game")
    assert page.lanes == home.band_lanes(LETTER) and page.side == "single"
    rows = [lb for lb in page.labels if "  single: Board" in lb.text]
    # 5 head lines end at 33.35 mm; 65 rows of 3.4 mm fit above the band (256.55 mm)
    assert [lb.text for lb in rows[:2]] == ["p2  single: Board 0 (front)",
                                            "p3  single: Board 1 (front)"]
    assert {round(lb.x, 6) for lb in rows[:65]} == {9.3}
    assert [(round(lb.x, 6), round(lb.y, 6)) for lb in rows[65:]] == [
        (107.95, 33.35), (107.95, 36.75), (107.95, 40.15), (107.95, 43.55), (107.95, 46.95)]
    assert max(lb.y for lb in rows) < 256.55
