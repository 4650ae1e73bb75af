"""Core placement rules checked on page plans and drawings in mm, each in milliseconds: how a
grid fills, where a back lands when the sheet is flipped on its long edge, how a packed page
holds pieces of mixed sizes, and where fitted text sits in its box. (The 3 x 3 spec grid, back
offsets, fold-over, tiles and crop marks are in test_impose.py, test_home_print.py and
test_cut_marks.py; the seed games' whole plans in tests/golden/.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardgen import impose
from cardgen.impose import PAPERS, Box, Copy, Group, Line, Page
from cardgen.impose.pack import make_run, pack, sheet_pages
from cardgen.layout import LayoutSession, fonts, lay_out
from cardgen.layout import text as textfit
from tests.test_home_print import SEED_LIKE, copies
from tests.test_layout import _db, _project, _texts

POKER = (63.5, 88.9)
EPS = 1e-6


def flipped(box: Box, paper_w: float) -> Box:
    """Where a box on the back of a portrait sheet lies, seen from the front, after a flip on
    the long (vertical) edge."""
    return Box(paper_w - box.right, box.y, box.w, box.h)


def flipped_line(ln: Line, paper_w: float) -> tuple[float, ...]:
    x1, x2 = sorted((paper_w - ln.x1, paper_w - ln.x2))
    y1, y2 = sorted((ln.y1, ln.y2))
    return tuple(round(v, 6) for v in (x1, y1, x2, y2, ln.width))


def as_key(ln: Line) -> tuple[float, ...]:
    x1, x2 = sorted((ln.x1, ln.x2))
    y1, y2 = sorted((ln.y1, ln.y2))
    return tuple(round(v, 6) for v in (x1, y1, x2, y2, ln.width))


def same_box(a: Box, b: Box) -> bool:
    return all(abs(u - v) < EPS for u, v in zip((a.x, a.y, a.w, a.h), (b.x, b.y, b.w, b.h),
                                                 strict=True))


# --------------------------------------------------------------------------- grid fill


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_a_grid_fills_row_by_row_and_the_last_sheet_marks_only_its_rows(paper: str) -> None:
    p = PAPERS[paper]
    pages = impose.grid_plan(copies(11, *POKER, True, "c"), p, gutter=0.0, offset=(0, 0),
                             band=False)
    fronts = [page for page in pages if page.side == "front"]
    assert [len(f.placements) for f in fronts] == [9, 2]
    first = fronts[0].placements
    x0, y0 = first[0].slot.x, first[0].slot.y
    for i, pl in enumerate(first):  # slot i is row i // 3, column i % 3, butted
        r, c = divmod(i, 3)
        assert pl.face == (f"c{i}", "front")
        assert (pl.slot.x, pl.slot.y) == pytest.approx((x0 + c * POKER[0], y0 + r * POKER[1]))
    last = fronts[1]
    assert [pl.slot.x for pl in last.placements] == pytest.approx([x0, x0 + POKER[0]])
    assert [pl.slot.y for pl in last.placements] == pytest.approx([y0, y0])  # the grid's top row
    # the last sheet's marks are those of its one row: no cut below it is marked, and the
    # column marks run outside the row (a tick on its edge where the sheet leaves no room)
    assert {min((y0, y0 + POKER[1]), key=lambda y: abs(y - ln.y1))
            for ln in last.lines if ln.y1 == ln.y2} == {y0, y0 + POKER[1]}
    assert all(min(abs(ln.y1 - y) for y in (y0, y0 + POKER[1])) <= 0.16
               for ln in last.lines if ln.y1 == ln.y2)
    crop = [ln for ln in last.lines if ln.x1 == ln.x2 and ln.width == 0.2]
    assert crop and all(min(ln.y1, ln.y2) >= y0 + POKER[1] - EPS or max(ln.y1, ln.y2) <= y0 + EPS
                        for ln in crop)


# --------------------------------------------------------------------------- duplex backs


def duplex_pairs(paper: str, monkeypatch: pytest.MonkeyPatch
                 ) -> list[tuple[tuple[Page, list[Line]], tuple[Page, list[Line]]]]:
    """Every front and back page of a mixed plan's duplex file (grid and packed pages), each
    with the lines its plan drew before the page labels and scale bars went on."""
    real = impose.home.furnish
    planned: dict[int, list[Line]] = {}

    def spy(page: Page, heading: str) -> None:
        planned[id(page)] = list(page.lines)
        real(page, heading)

    monkeypatch.setattr(impose.home, "furnish", spy)
    files = impose.plan_home_print(SEED_LIKE, PAPERS[paper], fold=False, offset=(0.0, 0.0),
                                   heading="Game 1.0")
    pages = [(page, planned[id(page)]) for page in files[0].pages]
    assert files[0].duplex and len(pages) >= 4
    return list(zip(pages[::2], pages[1::2], strict=True))


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_each_back_lands_behind_its_front_when_the_sheet_is_flipped(
        paper: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Flipped on its long edge, a back page puts each back exactly on its front's trim and
    bleed, turned the other way; the back's crop marks are the front's, so cutting the fronts
    cuts the backs."""
    w = PAPERS[paper].width
    for (front, front_lines), (back, back_lines) in duplex_pairs(paper, monkeypatch):
        assert front.paper.height > front.paper.width  # portrait: the long edge is vertical
        fronts = {pl.face[0]: pl for pl in front.placements}
        assert back.placements
        for pl in back.placements:
            f = fronts[pl.face[0]]
            assert pl.face[1] == "back" and f.face[1] == "front"
            assert same_box(flipped(pl.slot.trim, w), f.slot.trim), (front.what, pl.face)
            assert same_box(flipped(pl.clip, w), f.clip), (front.what, pl.face)
            assert (pl.slot.rotate + f.slot.rotate) % 360 == 0
        crop = {as_key(ln) for ln in front_lines if ln.width in (0.1, 0.2) and not ln.gray}
        back_crop = {flipped_line(ln, w) for ln in back_lines
                     if ln.width in (0.1, 0.2) and not ln.gray}
        assert back_crop and back_crop <= crop, front.what


def test_the_back_of_row_r_column_c_is_row_r_column_mirrored() -> None:
    paper = PAPERS["letter"]
    front, back = impose.grid_plan(copies(9, *POKER, True, "c"), paper, gutter=0.0,
                                   offset=(0.0, 0.0), band=False)
    xs = sorted({round(pl.slot.x, 6) for pl in front.placements})
    ys = sorted({round(pl.slot.y, 6) for pl in front.placements})
    cell = {pl.face[0]: (ys.index(round(pl.slot.y, 6)), xs.index(round(pl.slot.x, 6)))
            for pl in front.placements}
    back_xs = sorted({round(pl.slot.x, 6) for pl in back.placements})
    for pl in back.placements:
        r, c = cell[pl.face[0]]
        assert ys.index(round(pl.slot.y, 6)) == r
        assert back_xs.index(round(pl.slot.x, 6)) == len(xs) - 1 - c


def test_one_sided_pieces_on_a_duplex_sheet_have_blank_backs() -> None:
    groups = [Group("cards", copies(3, *POKER, True, "two") + copies(2, *POKER, False, "one"))]
    files = impose.plan_home_print(groups, PAPERS["letter"], fold=False, offset=(0.0, 0.0),
                                   heading="Game 1.0")
    w = PAPERS["letter"].width
    for front, back in zip(files[0].pages[::2], files[0].pages[1::2], strict=True):
        behind = [flipped(pl.clip, w) for pl in back.placements]
        for pl in front.placements:
            if pl.face[0].startswith("one"):
                assert all(pl.clip.intersect(b) is None for b in behind), pl.face


# --------------------------------------------------------------------------- packing


def packed_page(groups: list[tuple[str, tuple[Copy, ...], float]], paper: str) -> list[Page]:
    p = PAPERS[paper]
    box = impose.content_box(p, impose.BAND)
    runs = [make_run(sheet, group, box, gutter) for sheet, group, gutter in groups]
    sheets = pack([r for r in runs if r is not None], box)
    return [page for sheet in sheets for page in sheet_pages(sheet, p, "single", (0.0, 0.0))]


MIXED = [("cards", copies(1, *POKER, False, "card"), 0.0),
         ("large", copies(1, 127.0, 76.2, False, "ship"), 0.0),
         ("tokens", copies(12, 25.4, 25.4, False, "tok"), impose.TOKEN_GUTTER),
         ("stickers", copies(6, 88.7, 12.7, False, "die"), impose.geometry.STICKER_GUTTER)]


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_pieces_of_mixed_sizes_share_a_page_in_blocks_apart(paper: str) -> None:
    pages = packed_page(MIXED, paper)
    assert len(pages) == 1  # 20 pieces of four sizes fit one sheet
    page = pages[0]
    box = impose.content_box(page.paper, impose.BAND)
    assert sorted(pl.face[0] for pl in page.placements) == sorted(
        c.component for _, group, _ in MIXED for c in group)
    blocks: dict[str, Box] = {}
    for pl in page.placements:
        assert box.contains(pl.slot.trim), pl.face
        kind = pl.face[0].rstrip("0123456789")
        b = blocks.get(kind, pl.slot.trim)
        blocks[kind] = impose.bbox([b, pl.slot.trim])
    for a, ba in blocks.items():  # a block per size, BLOCK_GAP from every other block
        for b, bb in blocks.items():
            if a < b:
                grown = ba.grow(*(impose.BLOCK_GAP - 1e-3,) * 4)
                assert grown.intersect(bb) is None, (a, b)
    # tallest rows first, top to bottom: the card's shelf, then the ship's, then the tokens'
    assert blocks["card"].y == pytest.approx(box.y)
    assert blocks["card"].bottom < blocks["ship"].y < blocks["ship"].bottom < blocks["tok"].y
    # the sticker strips are short and narrow enough to go beside the card, in its shelf
    assert blocks["die"].y == pytest.approx(box.y) and blocks["die"].x > blocks["card"].right
    assert blocks["die"].bottom <= blocks["card"].bottom + EPS


def test_a_run_too_long_for_one_page_continues_in_whole_rows_in_order() -> None:
    gutter = impose.TOKEN_GUTTER
    pages = packed_page([("tokens", copies(150, 25.4, 25.4, False, "t"), gutter)], "letter")
    box = impose.content_box(PAPERS["letter"], impose.BAND)
    cols = impose.geometry.fit_count(box.w, 25.4, gutter)
    rows = impose.geometry.fit_count(box.h, 25.4, gutter)
    full, rest = divmod(150, cols * rows)
    assert [len(page.placements) for page in pages] == [cols * rows] * full + [rest]
    assert [pl.face[0] for page in pages for pl in page.placements] == [
        f"t{i}" for i in range(150)]  # in order, none twice
    last = pages[-1].placements  # the last page: its rows filled from the left
    assert [round(pl.slot.x, 6) for pl in last[:cols]] == [
        round(pl.slot.x, 6) for pl in pages[0].placements[:cols]]


# --------------------------------------------------------------------------- text fit


BOX = (5.0, 20.0, 40.0, 30.0)  # x, y, w, h of the text element


def text_face(tmp_path: Path, body: str, **element: object):
    x, y, w, h = BOX
    project = _project(tmp_path, {"size": [63.5, 88.9], "edition_mark": False, "elements": [
        {"type": "text", "name": "body", "text": "{text}", "x": x, "y": y, "w": w, "h": h,
         "size": 10, "min_size": 5, **element}]})
    db = _db(project, suit="moon", text=body)
    session = LayoutSession(db)
    drawing = lay_out(session, db.components[0], "front")
    assert drawing is not None
    return _texts(drawing.items)


def ink_box(texts) -> Box:
    """The box the lines' letters take: first cap top to last descent, widest line."""
    x0 = min(t.x for t in texts)
    x1 = max(t.x + fonts.text_width_mm(t.text, t.font, t.size) for t in texts)
    y0 = min(t.y for t in texts) - fonts.ascent_mm("regular", texts[0].size)
    y1 = max(t.y for t in texts) + fonts.descent_mm("regular", texts[0].size)
    return Box(x0, y0, x1 - x0, y1 - y0)


@pytest.mark.parametrize(("align", "valign"), [("left", "top"), ("center", "middle"),
                                               ("right", "bottom")])
def test_text_sits_in_its_box_where_it_is_aligned(tmp_path: Path, align: str, valign: str
                                                  ) -> None:
    x, y, w, h = BOX
    texts = text_face(tmp_path, "Short words", align=align, valign=valign)
    assert {t.size for t in texts} == {10}  # it fits at the preferred size
    ink = ink_box(texts)
    assert Box(x, y, w, h).contains(ink, tol=0.01)
    across = {"left": ink.x - x, "center": (ink.x + ink.right) / 2 - (x + w / 2),
              "right": ink.right - (x + w)}[align]
    down = {"top": ink.y - y, "middle": (ink.y + ink.bottom) / 2 - (y + h / 2),
            "bottom": ink.bottom - (y + h)}[valign]
    assert across == pytest.approx(0, abs=0.01) and down == pytest.approx(0, abs=0.01)


def test_long_text_shrinks_to_the_largest_size_that_fits_its_box(tmp_path: Path) -> None:
    x, y, w, h = BOX
    body = "Trade one resource for two of another colour, once per turn. " * 4
    texts = text_face(tmp_path, body)
    (size,) = {t.size for t in texts}
    assert 5 <= size < 10
    # the layout's is text's, body text hyphenated in the game's language (en)
    assert size == textfit.fit(body, w, h, size=10, min_size=5, language="en").size
    assert Box(x, y, w, h).contains(ink_box(texts), tol=0.01)
    joined = re.sub(r"(\w)- (\w)", r"\1\2", " ".join(t.text.strip() for t in texts))
    assert joined.split() == body.split()
    with pytest.raises(textfit.TextOverflow):  # one step larger would not fit
        textfit.fit(body, w, h, size=size + textfit.SIZE_STEP, min_size=size + textfit.SIZE_STEP,
                    language="en")
