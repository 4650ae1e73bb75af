"""impose/furniture.py, dump.py and draft.py: labels and scale bars placed in a page's lanes,
texts shortened with …, the plain-text dump of a page plan, and the check report as draft
pages, in mm."""

from __future__ import annotations

import pytest

from cardgen.impose import PAPERS, Box, HomeFile, Paper, Slot
from cardgen.impose.draft import LINE_STEP, report_pages
from cardgen.impose.dump import dump_home_files, page_lines
from cardgen.impose.furniture import (
    draw_item,
    fitted,
    furnish,
    kept_start,
    lane_point,
    place_item,
    place_truncated,
)
from cardgen.impose.geometry import Circle, Label, Lane, Line, Page, Placement
from cardgen.layout import fonts

LETTER = PAPERS["letter"]


def width(text: str, size: float = 6.5, bold: bool = False) -> float:
    return fonts.text_width_mm(text, "bold" if bold else "regular", size)


def line_keys(lines: list[Line]) -> list[tuple[float, ...]]:
    return [tuple(round(v, 6) for v in (ln.x1, ln.y1, ln.x2, ln.y2, ln.width)) for ln in lines]


# --------------------------------------------------------------------------- lanes


def test_lane_points_along_and_up() -> None:
    assert lane_point(Lane(10.0, 20.0, 100.0), 5.0, 2.0) == (15.0, 18.0)
    assert lane_point(Lane(10.0, 20.0, 100.0, vertical=True), 5.0, 2.0) == (8.0, 15.0)


def test_a_text_item_is_a_label_on_the_lane_baseline() -> None:
    page = Page(LETTER, "front", "x")
    draw_item(page, Lane(10.0, 20.0, 100.0), 5.0, ("text", "Hi", True), 6.0)
    draw_item(page, Lane(10.0, 200.0, 100.0, vertical=True), 5.0, ("text", "Up", False), 6.5)
    assert page.labels == [Label(15.0, 20.0, "Hi", 6.0, 0, True),
                           Label(10.0, 195.0, "Up", 6.5, 90, False)]
    assert page.lines == []


def test_a_scale_bar_has_tall_end_ticks_and_its_caption_after_it() -> None:
    page = Page(LETTER, "front", "x")
    draw_item(page, Lane(10.0, 100.0, 150.0), 2.0, ("bar", 50.0, 10.0, "50 mm"), 6.5)
    assert line_keys(page.lines) == [
        (12.0, 100.0, 62.0, 100.0, 0.25),
        (12.0, 100.0, 12.0, 98.2, 0.2), (22.0, 100.0, 22.0, 98.9, 0.2),
        (32.0, 100.0, 32.0, 98.9, 0.2), (42.0, 100.0, 42.0, 98.9, 0.2),
        (52.0, 100.0, 52.0, 98.9, 0.2), (62.0, 100.0, 62.0, 98.2, 0.2)]
    assert page.labels == [Label(63.5, 100.0, "50 mm", 6.5, 0)]
    page = Page(LETTER, "front", "x")
    draw_item(page, Lane(10.0, 100.0, 150.0, vertical=True), 0.0, ("bar", 50.8, 12.7, "2 in"),
              6.0)
    assert line_keys(page.lines) == [
        (10.0, 100.0, 10.0, 49.2, 0.25),
        (10.0, 100.0, 8.2, 100.0, 0.2), (10.0, 87.3, 8.9, 87.3, 0.2),
        (10.0, 74.6, 8.9, 74.6, 0.2), (10.0, 61.9, 8.9, 61.9, 0.2),
        (10.0, 49.2, 8.2, 49.2, 0.2)]
    assert [(lb.x, round(lb.y, 6), lb.angle) for lb in page.labels] == [(10.0, 47.7, 90)]


def test_place_item_takes_the_first_lane_with_room_at_the_largest_size() -> None:
    page = Page(LETTER, "front", "x", lanes=[Lane(0.0, 10.0, 5.0), Lane(0.0, 20.0, 200.0)])
    used = [0.0, 0.0]
    assert place_item(page, used, ("text", "Hello", False))
    assert page.labels == [Label(0.0, 20.0, "Hello", 6.5, 0, False)]
    assert used == [0.0, pytest.approx(width("Hello") + 4.0)]
    assert place_item(page, used, ("text", "Again", True))
    assert page.labels[1] == Label(pytest.approx(width("Hello") + 4.0), 20.0, "Again", 6.5, 0,
                                   True)
    # a lane as long as the text at 6.0 pt (shorter than at 6.5 pt) takes it at 6.0 pt
    snug = Page(LETTER, "front", "x", lanes=[Lane(0.0, 10.0, width("Snug text", 6.0))])
    assert place_item(snug, [0.0], ("text", "Snug text", False))
    assert snug.labels == [Label(0.0, 10.0, "Snug text", 6.0, 0, False)]
    full = Page(LETTER, "front", "x", lanes=[Lane(0.0, 10.0, 5.0)])
    assert not place_item(full, [0.0], ("text", "Hello", False)) and full.labels == []
    bar = Page(LETTER, "front", "x", lanes=[Lane(0.0, 10.0, 60.0)])
    used = [0.0]
    assert place_item(bar, used, ("bar", 50.0, 10.0, "50 mm"))
    assert used == [pytest.approx(50.0 + 1.5 + width("50 mm") + 4.0)]


def test_a_text_that_fits_nowhere_is_shortened_into_the_roomiest_lane() -> None:
    text = "A heading far too long for any of these lanes"
    page = Page(LETTER, "front", "x", lanes=[Lane(0.0, 10.0, 30.0), Lane(0.0, 20.0, 50.0),
                                             Lane(0.0, 30.0, 60.0)])
    used = [0.0, 0.0, 20.0]
    place_truncated(page, used, ("text", text, True))
    (label,) = page.labels
    assert (label.x, label.y, label.size, label.bold) == (0.0, 20.0, 6.0, True)
    assert label.text == kept_start(text, "bold", 6.0, 50.0) + "…"
    assert used == [0.0, 50.0, 20.0]
    empty = Page(LETTER, "front", "x")
    place_truncated(empty, [], ("text", text, False))
    assert empty.labels == []
    tight = Page(LETTER, "front", "x", lanes=[Lane(0.0, 10.0, 1.0)])
    place_truncated(tight, [0.0], ("text", text, False))  # 4 characters: not worth it
    assert tight.labels == []


def test_kept_start_and_fitted() -> None:
    text = "Cut the blocks apart through the middle of the gaps"
    kept = kept_start(text, "regular", 6.0, 30.0)
    assert text.startswith(kept) and width(kept + "…", 6.0) <= 30.0
    assert width(text[:len(kept) + 1] + "…", 6.0) > 30.0
    assert kept_start(text, "regular", 6.0, 0.0) == "Cut "
    assert kept_start("abc", "regular", 6.0, 0.0) == "abc"
    assert kept_start(text, "regular", 6.0, 1000.0) == text
    assert fitted(text, "regular", 6.0, 1000.0) == text
    assert fitted(text, "regular", 6.0, 30.0) == kept + "…"
    assert fitted("Bold", "bold", 6.0, width("Bold", 6.0, bold=True)) == "Bold"
    assert fitted("Bold words", "bold", 6.0, width("Bold words", 6.0)) != "Bold words"


def test_furnish_fills_the_lanes_in_order() -> None:
    page = Page(LETTER, "front", "Card x9 (fronts)", lanes=[Lane(10.0, 270.0, 400.0)],
                notes=["Cut rows first"])
    furnish(page, "Game - pnp-letter.pdf page 1/3")
    assert [(lb.text, lb.bold, lb.size) for lb in page.labels] == [
        ("Game - pnp-letter.pdf page 1/3", True, 6.5), ("Card x9 (fronts)", False, 6.5),
        ("Print at 100 % (actual size), never fit to page", True, 6.5),
        ("50 mm", False, 6.5), ("2 in", False, 6.5), ("Cut rows first", False, 6.5)]
    x = 10.0 + width("Game - pnp-letter.pdf page 1/3", bold=True) + 4.0
    assert page.labels[1].x == pytest.approx(x)
    bars = [ln for ln in page.lines if ln.width == 0.25]
    assert [round(abs(b.x2 - b.x1), 6) for b in bars] == [50.0, 50.8]
    ticks = [ln for ln in page.lines if ln.width == 0.2]
    assert len(ticks) == 6 + 5  # every 10 mm and every half inch, both ends included
    short = Page(LETTER, "front", "x", lanes=[Lane(10.0, 270.0, 40.0)])
    furnish(short, "A heading much longer than forty millimetres of lane")
    assert short.labels[0].text.endswith("…") and short.labels[0].size == 6.0


# --------------------------------------------------------------------------- dump


def test_page_lines_one_line_per_thing_in_mm() -> None:
    page = Page(LETTER, "front", 'Card "x"',
                [Placement(("c1", "front"), Slot(12.7, 6.35, 63.5, 88.9, 90),
                           Box(9.7, 5.35, 66.5, 89.9)),
                 Placement(("b", "back"), Slot(1, 2, 3, 4), Box(1, 2, 3, 4), counts=False)],
                [Line(1, 2, 3, 4), Line(1, 2, 3, 4, 0.1, 0.6, (2.0, 1.5))],
                [Circle(10, 20, 1.5), Circle(1, 2, 3, 0.15, 0.35)],
                [Label(1, 2, "hi"), Label(3, 4, "yo", 6.0, 90, True)],
                [Lane(1, 2, 30), Lane(4, 5, 6, True)], ["n1"])
    assert page_lines(page) == [
        '  paper letter 215.9 279.4 front "Card \\"x\\""',
        "  place c1 front at 12.7 6.35 63.5 88.9 rot 90 clip 9.7 5.35 66.5 89.9",
        "  place b back at 1 2 3 4 rot 0 clip 1 2 3 4 (same copy)",
        "  line 1 2 3 4 w=0.2",
        "  line 1 2 3 4 w=0.1 gray=0.6 dash=2,1.5",
        "  circle 10 20 1.5 w=0.15",
        "  circle 1 2 3 w=0.15 gray=0.35",
        '  label 1 2 6.5pt "hi"',
        '  label 3 4 6pt bold angle 90 "yo"',
        "  lane 1 2 right 30",
        "  lane 4 5 up 6",
        '  note "n1"']


def test_dump_home_files_heads_each_file_and_page() -> None:
    page = Page(LETTER, "single", "x")
    lines = dump_home_files([("letter", [HomeFile("", True, [page, page]),
                                         HomeFile("-single", False, [])])])
    assert lines == [
        "file pnp-letter.pdf duplex, 2 pages",
        "page 1/2 of pnp-letter.pdf", '  paper letter 215.9 279.4 single "x"',
        "page 2/2 of pnp-letter.pdf", '  paper letter 215.9 279.4 single "x"',
        "file pnp-letter-single.pdf single-sided, 0 pages"]


# --------------------------------------------------------------------------- draft


def test_report_pages_hold_sixty_lines_each_inside_the_common_area() -> None:
    lines = [f"line {i}" for i in range(61)]
    pages = report_pages(LETTER, "Game", lines, duplex=False)
    assert [(p.side, p.what) for p in pages] == [("single", "draft check report")] * 2
    head = pages[0].labels[0]
    assert (head.x, head.y, head.text, head.size, head.bold) == (
        pytest.approx(9.3), pytest.approx(12.35), "Game - check report 1/2", 11, True)
    body = pages[0].labels[1:]
    assert [lb.text for lb in body] == lines[:60]
    assert {lb.size for lb in body} == {8.0} and {lb.bold for lb in body} == {False}
    assert (body[0].x, body[0].y) == (pytest.approx(9.3), pytest.approx(20.35))
    assert body[1].y - body[0].y == pytest.approx(LINE_STEP) == 4.2
    assert [lb.text for lb in pages[1].labels] == ["Game - check report 2/2", "line 60"]


def test_duplex_report_pages_each_have_an_unprinted_back() -> None:
    pages = report_pages(LETTER, "Game", [], duplex=True)
    assert [(p.side, p.what) for p in pages] == [("front", "draft check report"),
                                                 ("back", "back of the draft check report")]
    assert [lb.text for lb in pages[0].labels] == ["Game - check report 1/1"]
    (back,) = pages[1].labels
    assert (back.x, back.y, back.text, back.size, back.bold) == (
        pytest.approx(9.3), pytest.approx(12.35), "Game - (back of the check report)", 8, True)


def test_long_report_lines_wrap_at_spaces_with_an_indent() -> None:
    line = "  " + " ".join(f"word{i}" for i in range(80))
    (page,) = report_pages(LETTER, "Game", [line], duplex=False)
    pieces = [lb.text for lb in page.labels[1:]]
    assert len(pieces) > 2
    assert pieces[0].startswith("  word0 word1") and not pieces[0].startswith("   ")
    assert all(p.startswith("      word") and not p.startswith("       ") for p in pieces[1:])
    assert " ".join(p.strip() for p in pieces).split() == line.split()
    for p, after in zip(pieces, pieces[1:], strict=False):
        assert fonts.text_width_mm(p, "regular", 8.0) <= 197.3
        assert fonts.text_width_mm(p + " " + after.split()[0], "regular", 8.0) > 197.3
    (page,) = report_pages(LETTER, "Game", ["x" * 400], duplex=False)
    (word,) = page.labels[1:]
    assert word.text.endswith("…") and fonts.text_width_mm(word.text, "regular", 8.0) <= 197.3


def test_a_report_line_that_fits_is_kept_as_it_is() -> None:
    (page,) = report_pages(LETTER, "Game", ["  key:  value "], duplex=False)
    assert [lb.text for lb in page.labels[1:]] == ["  key:  value "]


def test_a_paper_with_room_for_one_line_prints_one_line_per_page() -> None:
    small = Paper("small", 100.0, 30.0)  # 17.3 mm inside the margins: the heading and a line
    pages = report_pages(small, "Game", ["one", "two"], duplex=False)
    assert [[lb.text for lb in p.labels] for p in pages] == [
        ["Game - check report 1/2", "one"], ["Game - check report 2/2", "two"]]
