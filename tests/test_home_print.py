"""Home-print files as plans (pure geometry): the duplex file pairs every back with its
front, one-sided pieces never sit behind a back, nothing lies within 6.35 mm of the sheet
edge, labels stay off the pieces, fold-over sheets hold only two-sided pieces, and pieces of
different kinds share pages."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen import impose
from cardgen.impose import PAPERS, Box, Copy, Group, Line
from cardgen.layout import fonts

PT = 25.4 / 72


def copies(n: int, w: float, h: float, back: bool, prefix: str) -> tuple[Copy, ...]:
    return tuple(Copy(f"{prefix}{i}", prefix.title(), f"{prefix} {i}", w, h, back)
                 for i in range(n))


SEED_LIKE = [
    Group("cards", copies(40, 63.5, 88.9, True, "card") + copies(7, 63.5, 88.9, False, "id")),
    Group("cards", copies(2, 88.9, 127.0, True, "aid")),
    Group("cards", copies(4, 127.0, 76.2, False, "ship")),
    Group("tokens", copies(12, 19.05, 19.05, False, "tok")),
    Group("tokens", copies(5, 25.4, 25.4, True, "disc")),
    Group("stickers", copies(9, 88.7, 12.7, False, "die")),
    Group("large", copies(3, 190.0, 125.0, False, "tech")),
    Group("large", copies(1, 250.0, 50.0, False, "track")),
    Group("large", copies(1, 268.0, 80.0, False, "wide")),
    Group("large", copies(1, 312.0, 312.0, False, "board")),
]


def plans(fold: bool, paper: str, groups=SEED_LIKE) -> list[impose.HomeFile]:
    return impose.plan_home_print(groups, PAPERS[paper], fold=fold, offset=(0.0, 0.0),
                                  heading="Game 1.0")


def line_box(ln: Line) -> Box:
    """The ink of a line: butt caps (reportlab's default), half its width either side."""
    half = ln.width / 2
    if ln.x1 == ln.x2:
        return Box(ln.x1 - half, min(ln.y1, ln.y2), ln.width, abs(ln.y2 - ln.y1))
    if ln.y1 == ln.y2:
        return Box(min(ln.x1, ln.x2), ln.y1 - half, abs(ln.x2 - ln.x1), ln.width)
    return Box(min(ln.x1, ln.x2) - half, min(ln.y1, ln.y2) - half,
               abs(ln.x2 - ln.x1) + ln.width, abs(ln.y2 - ln.y1) + ln.width)


def label_box(label: impose.geometry.Label) -> Box:
    face = "bold" if label.bold else "regular"
    length = fonts.text_width_mm(label.text, face, label.size)
    up, down = label.size * PT * 0.8, label.size * PT * 0.25
    if label.angle == 90:  # reads upwards: the text's top points to -x
        return Box(label.x - up, label.y - length, up + down, length)
    return Box(label.x, label.y - up, length, up + down)


@pytest.mark.parametrize("fold", [False, True])
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_nothing_lies_within_a_quarter_inch_of_the_edge(paper: str, fold: bool) -> None:
    for f in plans(fold, paper):
        for n, page in enumerate(f.pages, start=1):
            printable = page.paper.printable
            for p in page.placements:
                assert printable.contains(p.clip), (f.suffix, n, p.face)
            for ln in page.lines:
                assert printable.contains(line_box(ln)), (f.suffix, n, ln)
            for c in page.circles:
                assert printable.contains(Box(c.cx - c.r, c.cy - c.r, 2 * c.r, 2 * c.r))
            for label in page.labels:
                assert printable.contains(label_box(label)), (f.suffix, n, label)


@pytest.mark.parametrize("fold", [False, True])
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_page_text_never_covers_a_piece(paper: str, fold: bool) -> None:
    for f in plans(fold, paper):
        for n, page in enumerate(f.pages, start=1):
            clips = [p.clip for p in page.placements]
            for label in page.labels:
                box = label_box(label)
                hits = [c for c in clips if box.intersect(c) is not None]
                assert not hits, (f.suffix, n, label.text)
            trims = [p.slot.trim for p in page.placements]
            for i, trim in enumerate(trims):  # and no piece's art reaches another's trim
                for k, clip in enumerate(clips):
                    if k != i and page.placements[k].face[0] != page.placements[i].face[0]:
                        assert trim.intersect(clip) is None, (f.suffix, n)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_duplex_file_pairs_every_back_with_its_front(paper: str) -> None:
    files = plans(False, paper)
    duplex, single = files
    assert duplex.duplex and not single.duplex
    assert duplex.sides == ["front", "back"] * (len(duplex.pages) // 2)
    assert set(single.sides) == {"single"}
    width = PAPERS[paper].width
    for front, back in zip(duplex.pages[::2], duplex.pages[1::2], strict=True):
        two_sided = {p.face[0]: p for p in front.placements
                     if p.face[0].startswith(("card", "aid", "disc"))}
        backs = {p.face[0]: p for p in back.placements}
        assert backs.keys() == two_sided.keys()
        for cid, p in backs.items():
            assert p.face[1] == "back"
            assert p.slot == impose.back_slot(two_sided[cid].slot, width)
        # a one-sided piece on a duplex sheet has nothing printed behind it
        backs_area = [p.clip for p in back.placements]
        for p in front.placements:
            if p.face[0] not in two_sided:
                mirror = Box(width - p.clip.right, p.clip.y, p.clip.w, p.clip.h)
                assert all(mirror.intersect(b) is None for b in backs_area), p.face
    for page in single.pages:
        assert all(p.face[1] == "front" for p in page.placements)


def test_fold_sheets_hold_only_two_sided_pieces() -> None:
    (single,) = plans(True, "letter")
    assert not single.duplex and set(single.sides) == {"single"}
    for page in single.pages:
        sides = {p.face[1] for p in page.placements}
        if "back" in sides:  # a fold sheet: every front has its back beside it
            fronts = {p.face[0] for p in page.placements if p.face[1] == "front"}
            backs = {p.face[0] for p in page.placements if p.face[1] == "back"}
            assert fronts == backs and page.paper.width > page.paper.height
            assert len(fronts) >= 4 or page is single.pages[-1] or len(fronts) == 2


def test_kinds_share_pages() -> None:
    files = plans(False, "letter")
    mixed = [page for f in files for page in f.pages
             if len({p.face[0].rstrip("0123456789") for p in page.placements}) > 1]
    assert len(mixed) >= 3
    # the print plan shares page 1 of the single-sided file with pieces
    assert files[1].pages[0].placements


@settings(max_examples=25, deadline=None)
@given(n_cards=st.integers(0, 30), n_single=st.integers(0, 20), n_tokens=st.integers(0, 40),
       paper=st.sampled_from(["letter", "a4"]))
def test_every_copy_is_placed_once_per_side(n_cards: int, n_single: int, n_tokens: int,
                                            paper: str) -> None:
    groups = [g for g in (
        Group("cards", copies(n_cards, 63.5, 88.9, True, "c") + copies(n_single, 63.5, 88.9,
                                                                        False, "s")),
        Group("tokens", copies(n_tokens, 25.4, 25.4, False, "t")),
    ) if g.copies]
    if not groups:
        return
    files = plans(False, paper, groups)
    placed: dict[tuple[str, str], int] = {}
    for f in files:
        for page in f.pages:
            for p in page.placements:
                placed[p.face] = placed.get(p.face, 0) + 1
    expected = {(c.component, side): 1 for g in groups for c in g.copies
                for side in (("front", "back") if c.has_back else ("front",))}
    assert placed == expected
    assert files[0].duplex == bool(n_cards)  # one-sided pieces may all fit the duplex sheets
    assert [f.duplex for f in files] in ([True], [False], [True, False])
