"""A home-print page written the short way gives the bytes the long way gives: faces placed in
their slots without reportlab calls (render/pages._place) against the canvas path, labels put
at their kept places, page marks found by their objects, placed faces' page keys made once
per face; a face's drawing leaves the canvas state as it found it (what the short way relies
on); a grid's frames planned once for its pages (impose/plans.grid_plan) and the kept label
parts (impose/furniture) against planning every page afresh."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import pytest
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cardgen.impose import PAPERS, Copy, furniture, plans
from cardgen.impose.geometry import (
    BAND,
    Box,
    Circle,
    Label,
    Line,
    Page,
    Placement,
    Slot,
    band_region,
    content_box,
    grid_slots,
)
from cardgen.layout.drawing import Drawing, Ellipse, Gradient, Group, Rect, Style, Text
from cardgen.layout.drawing import Path as PathShape
from cardgen.render import faceops, pages
from cardgen.render.facekey import face_key
from cardgen.render.pdf import Painter, draw_items, new_canvas, reused_keys

LETTER = PAPERS["letter"]
INK = Style(fill="#336699", stroke="#000000", stroke_width=0.3)
ICON = Group((Rect(1.0, 1.0, 4.0, 4.0, INK), PathShape((("M", 0.0, 0.0), ("L", 3.0, 2.0),
                                                        ("Z",)), INK)),
             (0.8, 0.0, 0.0, 0.8, 5.0, 6.0))


def _face(name: str, *, shape: str = "rect", corner: float = 0.0, translucent: bool = False,
          points: tuple[tuple[float, float], ...] = ()) -> Drawing:
    items: list[Any] = [Rect(-3.0, -3.0, 69.0, 94.0, Style(fill="#FFEEDD")), ICON,
                        Text(5.0, 10.0, f"Card {name}", "bold", 11),
                        Text(58.0, 10.0, "7", "bold", 11, anchor="end"),
                        Text(5.0, 30.0, "office To Wave, AVATAR", "regular", 8),
                        Text(5.0, 34.0, f"then {name} again", "regular", 8),
                        ICON]
    if translucent:
        items.insert(1, Ellipse(30.0, 40.0, 10.0, 5.0, Style(fill="#FF0000", opacity=0.5)))
    return Drawing(name, 63.0, 88.0, 3.0, items, shape=shape, corner=corner, points=points)


HEX = ((15.0, 0.0), (48.0, 0.0), (63.0, 44.0), (48.0, 88.0), (15.0, 88.0), (0.0, 44.0))
FACES: dict[tuple[str, str], Drawing] = {}
for _n in range(3):  # three sheets: fronts placed once each, one back on every back page
    FACES |= {(f"a{_n}", "front"): _face(f"a{_n}"),
              (f"b{_n}", "front"): _face(f"b{_n}", translucent=True),
              (f"c{_n}", "front"): _face(f"c{_n}", corner=3.0),
              (f"d{_n}", "front"): _face(f"d{_n}", shape="hex", points=HEX),
              (f"e{_n}", "front"): _face(f"e{_n}", shape="circle")}
    FACES |= {(f"{c}{_n}", "back"): _face("back") for c in "abc"}


def _placements(side: str, n: int) -> list[Placement]:
    slots = [Slot(10.0, 20.0, 63.0, 88.0), Slot(80.0, 20.0, 88.0, 63.0, 90),
             Slot(10.0, 120.0, 63.0, 88.0, 180), Slot(80.0, 120.0, 88.0, 63.0, 270),
             Slot(10.0, 200.0, 63.0, 88.0)]
    ids = "abcde" if side == "front" else "abc"
    return [Placement((f"{cid}{n}", side), slot,
                      Box(slot.x - 2.0, slot.y - 1.5, slot.w + 3.0, slot.h + 2.5),
                      bleed=0.0 if k == 3 else None)
            for k, (cid, slot) in enumerate(zip(ids, slots, strict=False))]


def _pages() -> list[Page]:
    lines = [Line(5.0, 20.0, 9.0, 20.0), Line(5.0, 108.0, 9.0, 108.0, 0.3, 0.5, (2.0, 1.0))]
    out = []
    for n in range(3):
        for side in ("front", "back"):
            out.append(Page(LETTER, side, "Card x5", _placements(side, n), lines,
                            [Circle(100.0, 150.0, 4.0)],
                            [Label(10.0, 270.0, f"Game - pnp-letter.pdf page {n}/6", bold=True),
                             Label(12.0, 200.0, "Cut rows first", 6.0, 90)]))
    return out


def _operators(tmp_path: Path, short: bool, with_ops: bool) -> tuple[list[str], bytes]:
    """Each page's operators and the saved file, the pages drawn with a Painter (the short
    way) or through a plain function that calls it (reportlab's canvas path)."""
    canvas = new_canvas(str(tmp_path / f"{short}-{with_ops}.pdf"), title="paths")
    keys = {id(d): face_key(d) for d in FACES.values()}
    placed = [p.face for page in _pages() for p in page.placements]
    painter = Painter(reused_keys(keys[id(FACES[f])] for f in placed), keys)
    if with_ops:
        drawn = [(keys[id(d)], d) for d in FACES.values()]
        painter.ops = faceops.FaceOps({}, faceops.doc_chars(drawn, {}))
        faceops.prime(canvas, faceops.doc_chars(drawn, {}))

    def through(*args: Any, **kwargs: Any) -> None:
        painter(*args, **kwargs)

    out = []
    for page in _pages():
        canvas.setPageSize((page.paper.width * mm, page.paper.height * mm))
        pages._draw_page(canvas, page, FACES, painter if short else through)
        out.append("\n".join(canvas._code))
        canvas.showPage()
    canvas.save()
    return out, (tmp_path / f"{short}-{with_ops}.pdf").read_bytes()


@pytest.mark.parametrize("with_ops", [False, True], ids=["drawn", "face-ops"])
def test_faces_placed_without_reportlab_calls_are_the_canvas_paths_bytes(
        tmp_path: Path, with_ops: bool) -> None:
    short, short_file = _operators(tmp_path, True, with_ops)
    long, long_file = _operators(tmp_path, False, with_ops)
    assert short == long
    assert short_file == long_file
    assert "Do" in short[1] and "BMC" in short[0] and "Do" not in short[0]  # the backs a form


def _state(canvas: Canvas) -> dict[str, Any]:
    return {name: canvas.__dict__[name] for name in canvas.STATE_ATTRIBUTES
            if name != "_extgstate"} | {"gstate": dict(canvas._extgstate.__dict__)}


def test_drawing_any_face_leaves_the_canvas_state_as_it_found_it(tmp_path: Path) -> None:
    gradient = Gradient("linear", (0.0, 0.0, 10.0, 0.0), ((0.0, "#FF0000"), (1.0, "#0000FF")))
    outline = PathShape((("M", 0.0, 0.0), ("L", 20.0, 0.0), ("L", 10.0, 15.0), ("Z",)),
                        Style(fill="#000000"), "evenodd")
    items = [Rect(0.0, 0.0, 20.0, 10.0, Style(fill="#808080", fill_paint=gradient)),
             Rect(1.0, 1.0, 5.0, 5.0, Style(fill="#00FF00", stroke="#000000", opacity=0.4),
                  radius=1.0),
             Ellipse(10.0, 10.0, 4.0, 2.0, Style(stroke="#123456", dash=(1.0, 0.5),
                                                 join="round", cap="square",
                                                 stroke_alpha=0.5)),
             outline,
             Text(2.0, 20.0, "Outlined", "bold", 9, color="#FFFFFF", stroke="#000000",
                  stroke_width=0.2, spacing=0.3),
             Group((Rect(0.0, 0.0, 3.0, 3.0, INK), Text(0.0, 2.0, "in a group", "regular", 6)),
                   (0.0, 1.0, -1.0, 0.0, 30.0, 5.0), clip=(0.0, 0.0, 2.0, 2.0),
                   clip_path=outline),
             ICON]
    canvas = new_canvas(str(tmp_path / "state.pdf"))
    canvas.setFillColorRGB(0.2, 0.3, 0.4)
    canvas.setLineWidth(2.0)
    before = _state(canvas)
    for _ in range(2):  # drawn, then replayed where it can be
        draw_items(canvas, items)
        assert _state(canvas) == before


def test_a_label_at_a_kept_place_is_the_bytes_drawing_it_gives(tmp_path: Path) -> None:
    labels = [Label(10.0, 270.0, "Game - page 1/3", bold=True), Label(12.0, 200.0, "Cut", 6.0, 90),
              Label(10.0, 270.0, "Game - page 2/3", bold=True), Label(12.0, 200.0, "Cut", 6.0, 90),
              Label(-0.0, 0.0, "edge", 6.5, 270)]
    height = LETTER.height
    kept = new_canvas(str(tmp_path / "kept.pdf"))
    drawn = new_canvas(str(tmp_path / "drawn.pdf"))
    for label in labels:
        pages._label(kept, label, height)
        drawn.saveState()
        drawn.translate(label.x * mm, (height - label.y) * mm)
        drawn.rotate(label.angle)
        draw_items(drawn, [Text(0.0, 0.0, label.text, "bold" if label.bold else "regular",
                                label.size)])
        drawn.restoreState()
    assert "\n".join(kept._code) == "\n".join(drawn._code)
    assert _state(kept) == _state(drawn)


def test_page_marks_found_by_their_objects_are_the_marks_their_values_give(
        tmp_path: Path) -> None:
    shared = [Line(5.0, 20.0, 9.0, 20.0), Line(5.0, 108.0, 9.0, 108.0, 0.3)]
    page = Page(LETTER, "front", "x", [], shared, [], [])
    twin = Page(LETTER, "front", "x", [], list(shared), [], [])  # the same objects
    equal = Page(LETTER, "front", "x", [], [Line(5.0, 20.0, 9.0, 20.0),
                                            Line(5.0, 108.0, 9.0, 108.0, 0.3)], [], [])
    other = Page(LETTER, "front", "x", [], [Line(5.0, 21.0, 9.0, 21.0)], [], [])
    canvas = new_canvas(str(tmp_path / "marks.pdf"))
    drawn = []
    for p in (page, twin, equal, other, page):
        start = len(canvas._code)
        pages._draw_page(canvas, p, {}, lambda *a, **k: None)
        drawn.append(canvas._code[start:])
    assert drawn[0] == drawn[1] == drawn[2] == drawn[4]
    assert drawn[3] != drawn[0]
    fresh = new_canvas(str(tmp_path / "fresh.pdf"))
    pages._draw_page(fresh, other, {}, lambda *a, **k: None)
    assert fresh._code == drawn[3]


def test_a_home_page_key_is_the_digest_of_its_parts() -> None:
    keys = {id(d): face_key(d) for d in FACES.values()}
    painter = Painter({face_key(FACES[("a0", "back")])}, keys)
    for n, page in enumerate(_pages()):  # (a content names one page of the document)
        placed = [pages._placed(painter, FACES[p.face]) for p in page.placements]
        whole = repr(("sig", f"content {n}", placed))
        assert pages.home_page_key("sig", f"content {n}", painter, page, FACES) == \
            hashlib.sha1(whole.encode("utf-8")).hexdigest()


def _cards(n: int) -> list[Copy]:
    return [Copy(f"c{i}", "Card", f"Card {i}", 63.5, 88.9, i % 4 != 3) for i in range(n)]


@pytest.mark.parametrize("band", [True, False])
def test_a_grids_pages_are_the_pages_planned_each_afresh(band: bool) -> None:
    copies = _cards(40)
    got = plans.grid_plan(copies, LETTER, gutter=0.0, offset=(1.5, -0.5), band=band)
    region = band_region(LETTER) if band else LETTER.printable
    slots = grid_slots(content_box(LETTER, BAND if band else 0.0), 63.5, 88.9, 0.0)
    want = []
    for chunk in plans.chunks(copies, len(slots)):
        used = plans.rows_in_use(slots, len(chunk))
        want.append(plans.sheet_page(LETTER, "front", chunk, used, region, band))
        backs = [plans.back_slot(s, LETTER.width, (1.5, -0.5)) for s in used]
        want.append(plans.sheet_page(LETTER, "back", chunk, backs, region, band, (1.5, -0.5)))
    assert got == want
    got[0].lines.append(Line(0.0, 0.0, 1.0, 1.0))  # a page's lists are its own
    assert got[2].lines == want[2].lines


def test_kept_label_parts_are_what_placing_them_afresh_gives() -> None:
    def furnished() -> list[tuple[list[Label], list[Line]]]:
        out = []
        for n in range(3):
            page = plans.grid_plan(_cards(9), LETTER, gutter=0.0, offset=(0.0, 0.0),
                                   band=False)[0]
            page.notes.append("a note long enough to need the second lane " * (n + 1))
            furniture.furnish(page, f"Game - pnp-letter.pdf page {n}/3")
            out.append((page.labels, page.lines))
        return out

    kept = furnished()
    again = furnished()
    for cached in (furniture.item_length, furniture._bar, furniture._text_label):
        cached.cache_clear()
    assert kept == again == furnished()


def test_a_documents_painter_keys_the_faces_placed_as_the_faces_key_them() -> None:
    """pipeline/writers.painted: one pass over a document's placements gives the forms (keys
    placed more than once: equal backs are one form), each drawing's key by its id and each
    face placed once, in order."""
    from cardgen.pipeline.faces import Faces
    from cardgen.pipeline.writers import painted

    faces = Faces([], dict(FACES), {})
    placed = [p.face for page in _pages() for p in page.placements]
    painter, drawn = painted(faces, placed)
    keys = {face: face_key(drawing) for face, drawing in FACES.items()}
    assert painter.reused == reused_keys(keys[face] for face in placed)
    assert len(painter.reused) == 1  # the backs, three objects of one content
    assert drawn == [(keys[face], FACES[face]) for face in dict.fromkeys(placed)]
    assert painter.keys == {id(FACES[face]): keys[face] for face in placed}
    assert faces.keys == {face: keys[face] for face in placed}


def test_page_marks_kept_by_an_earlier_document_are_the_marks_drawing_gives(
        tmp_path: Path) -> None:
    """A page's marks drawn in one document are replayed in the next (the same operators,
    PDF version and canvas state as drawing them), each fill mode its own."""
    lines = [Line(5.0, 20.0, 9.0, 20.0), Line(5.0, 108.0, 9.0, 108.0, 0.3, 0.5, (2.0, 1.0))]
    page = Page(LETTER, "front", "x", [], lines, [Circle(100.0, 150.0, 4.0)], [])

    def drawn(name: str, mode: int) -> tuple[list[str], dict[str, Any], tuple[int, ...]]:
        canvas = new_canvas(str(tmp_path / name))
        canvas._fillMode = mode
        pages._draw_page(canvas, page, {}, lambda *a, **k: None)
        return canvas._code, _state(canvas), canvas._doc._pdfVersion

    pages._MARKS.clear()
    for mode in (0, 1):
        first = drawn(f"first-{mode}.pdf", mode)
        assert drawn(f"again-{mode}.pdf", mode) == first
    assert len(pages._MARKS) == 2 and sum(map(len, pages._MARKS.values())) == 2


def test_placing_operators_kept_by_an_earlier_document_are_those_placing_gives(
        tmp_path: Path) -> None:
    """Slots' clips and placements, faces' clips and labels' places are kept for the process:
    a second document's pages (placed from what the first kept) are the pages the canvas path
    gives with nothing kept."""
    from cardgen.render import pdf

    def forget() -> None:
        for kept in (pages._SLOT_OPS, pages._LABEL_PLACES, pdf._CLIPS):
            kept.clear()

    forget()
    for folder in ("first", "again"):
        (tmp_path / folder).mkdir()
    _operators(tmp_path / "first", True, False)
    assert pages._SLOT_OPS and pages._LABEL_PLACES and pdf._CLIPS
    again = _operators(tmp_path / "again", True, False)
    forget()
    assert again == _operators(tmp_path, False, False)
