"""What a cold build works out once and reuses gives what working it out every time gives:
page furniture replayed within a document (render/pages.py), reportlab's TrueType parse read
in bulk (render/pdffonts.py), a page's plan digested from its values (pipeline/plans.py)."""

from __future__ import annotations

import dataclasses
import struct
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from reportlab.lib.units import mm
from reportlab.pdfbase import ttfonts
from reportlab.pdfgen.canvas import Canvas

from cardgen.impose.geometry import Box, Circle, Label, Lane, Line, Page, Paper, Placement, Slot
from cardgen.layout import fonts
from cardgen.layout.drawing import Drawing, Rect, Style
from cardgen.pipeline import plans
from cardgen.render import pages, pdffonts
from cardgen.render.pdf import new_canvas, register_fonts

LETTER = Paper("letter", 215.9, 279.4, "US Letter")


def _page(**changes: Any) -> Page:
    page = Page(LETTER, "front", "Card x2 (fronts)",
                [Placement(("a", "front"), Slot(10.0, 20.0, 63.0, 88.0), Box(9.0, 19.0, 65.0, 90.0)),
                 Placement(("b", "front"), Slot(73.0, 20.0, 63.0, 88.0, 90),
                           Box(73.0, 19.0, 64.0, 90.0), bleed=0.0)],
                [Line(5.0, 20.0, 9.0, 20.0), Line(5.0, 108.0, 9.0, 108.0, 0.3, 0.5, (2.0, 1.0))],
                [Circle(100.0, 150.0, 4.0)],
                [Label(10.0, 270.0, "Game 1 - pnp-letter.pdf page 1/3", bold=True),
                 Label(12.0, 200.0, "Cut rows first", 6.0, 90), Label(150.0, 270.0, "2 in")],
                [Lane(10.0, 260.0, 100.0)], ["a note"])
    for name, value in changes.items():
        setattr(page, name, value)
    return page


# variants of the page above, each differing in one thing drawn
VARIANTS = [
    _page(),
    _page(lines=[Line(5.0, 20.0, 9.0, 20.0, gray=0.6), Line(5.0, 108.0, 9.0, 108.0)]),
    _page(lines=[Line(5.0, 20.0, 9.0, 20.0, width=0.25)]),
    _page(lines=[Line(5.0, 20.0, 9.0, 20.0, dash=(1.0, 1.0))]),
    _page(lines=[Line(-0.0, 20.0, 9.0, 20.0)]),
    _page(lines=[]),
    _page(circles=[]),
    _page(circles=[Circle(100.0, 150.0, 4.0, gray=0.5)]),
    _page(labels=[Label(10.0, 270.0, "Game 1 - pnp-letter.pdf page 2/3", bold=True)]),
    _page(labels=[Label(10.0, 270.0, "Game 1 - pnp-letter.pdf page 1/3")]),
    _page(labels=[Label(10.0, 270.0, "Game 1 - pnp-letter.pdf page 1/3", 7.0, bold=True)]),
    _page(labels=[Label(10.0, 271.0, "Game 1 - pnp-letter.pdf page 1/3", bold=True)]),
    _page(labels=[Label(12.0, 200.0, "Cut rows first", 6.0, 0)]),
    _page(labels=[Label(12.0, 200.0, "Neue Zeichen: ÄÖÜ ✓", 6.0, 90)]),
    _page(paper=Paper("a4", 210.0, 297.0, "A4")),
    _page(),  # the first again, after the others
]


def _faces() -> dict[tuple[str, str], Drawing]:
    style = Style(fill="#336699", stroke="#000000")
    return {(c, "front"): Drawing(c, 63.0, 88.0, 3.0, [Rect(0.0, 0.0, 63.0, 88.0, style)])
            for c in "ab"}


def _paint(canvas: Canvas, drawing: Drawing, x: float, y: float, height: float, *,
           bleed_mm: float, rotate: int) -> None:
    canvas.rect(x, height - y, drawing.width, drawing.height)


def _document(path: Path, replay: bool, monkeypatch: pytest.MonkeyPatch,
              states: list[dict[str, Any]]) -> bytes:
    register_fonts()
    if not replay:  # every mark and label drawn, never taken from the document's first
        monkeypatch.setattr(pages, "_replayed",
                            lambda canvas, kept, key, draw, *args: draw(canvas, *args))
    canvas = new_canvas(str(path), title="furniture")
    faces = _faces()
    for page in VARIANTS:
        canvas.setPageSize((page.paper.width, page.paper.height))
        pages._draw_page(canvas, page, faces, _paint)
        states.append({name: canvas.__dict__[name] for name in canvas.STATE_ATTRIBUTES
                       if name != "_extgstate"} | {"version": canvas._doc._pdfVersion,
                                                   "code": list(canvas._code)})
        canvas.showPage()
    canvas.save()
    monkeypatch.undo()
    return path.read_bytes()


def test_replayed_page_furniture_gives_the_bytes_and_state_drawing_gives(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[dict[str, Any]] = []
    replayed: list[dict[str, Any]] = []
    fresh = _document(tmp_path / "drawn.pdf", False, monkeypatch, drawn)
    kept = _document(tmp_path / "replayed.pdf", True, monkeypatch, replayed)
    assert replayed == drawn  # each page's operators, reportlab's state and the PDF version
    assert kept == fresh


@pytest.mark.parametrize("box", [Box(1.5, 0.0, 63.00000000000001, 1e-7),
                                 Box(-0.0, 279.4, 12.345678, 88.0)])
def test_a_clip_is_written_as_reportlab_writes_it(tmp_path: Path, box: Box) -> None:
    for mode in (0, 1):
        canvas = new_canvas(str(tmp_path / "clip.pdf"), title="clip")
        canvas._fillMode = mode
        clip = canvas.beginPath()
        height = LETTER.height
        clip.rect(box.x * mm, (height - box.bottom) * mm, box.w * mm, box.h * mm)
        canvas.clipPath(clip, stroke=0, fill=0)
        theirs = canvas._code.pop()
        page = _page(placements=[Placement(("a", "front"), Slot(0.0, 0.0, 1.0, 1.0), box)],
                     lines=[], circles=[], labels=[])
        start = len(canvas._code)
        pages._draw_page(canvas, page, _faces(), lambda *a, **k: None)
        assert canvas._code[start:start + 3] == ["q", theirs, "Q"]


# --------------------------------------------------------------------------- font parse


def _attributes(face: Any) -> list[tuple[str, Any]]:
    return [(k, v) for k, v in vars(face).items() if k != "_pdfScale"]


FONT_FILES = [fonts.font_path("regular"), fonts.font_path("bold"),
              Path(__file__).parent / "fixtures/own-font/layouts/glyphs/fonts/TestSans-Regular.ttf"]


@pytest.mark.parametrize("path", FONT_FILES, ids=lambda p: p.name)
def test_a_bulk_parse_is_reportlabs_parse(path: Path) -> None:
    theirs = ttfonts.TTFont("CgBulk", str(path)).face
    mine = pdffonts._face(str(path), path.read_bytes())
    assert mine is not None
    assert _attributes(mine) == _attributes(theirs)  # the same values in the same order
    for name in ("charToGlyph", "glyphToChar"):
        assert list(getattr(mine, name).items()) == list(getattr(theirs, name).items())
    assert mine.charWidths == theirs.charWidths  # (looked up by character, never in order)
    assert [mine._pdfScale(x) for x in (1, 7, 2048)] == [theirs._pdfScale(x)
                                                         for x in (1, 7, 2048)]


def _with_cmap_format(data: bytes, fmt: int) -> bytes:
    """The font with every character map subtable claiming another format."""
    count = struct.unpack_from(">H", data, 4)[0]
    out = bytearray(data)
    for n in range(count):
        tag, _, offset, _ = struct.unpack_from(">4sLLL", data, 12 + 16 * n)
        if tag == b"cmap":
            tables = struct.unpack_from(">H", data, offset + 2)[0]
            for t in range(tables):
                sub = struct.unpack_from(">L", data, offset + 4 + 8 * t + 4)[0]
                struct.pack_into(">H", out, offset + sub, fmt)
    return bytes(out)


def test_an_unusual_character_map_is_parsed_by_reportlab(tmp_path: Path) -> None:
    path = FONT_FILES[2]
    odd = tmp_path / "odd.ttf"
    odd.write_bytes(_with_cmap_format(path.read_bytes(), 6))
    assert pdffonts._face(str(odd), odd.read_bytes()) is None  # not format 4 or 12
    theirs = ttfonts.TTFont("CgOdd", str(odd)).face  # reportlab reads what it reads
    assert _attributes(pdffonts._parse("CgOdd", str(odd), odd.read_bytes()).face) == \
        _attributes(theirs)
    short = tmp_path / "short.ttf"
    short.write_bytes(path.read_bytes()[:2000])
    with pytest.raises(Exception) as error:  # noqa: PT011  (whatever reportlab raises)
        ttfonts.TTFont("CgShort", str(short))
    with pytest.raises(type(error.value)):  # reportlab's error, not one of the bulk reading
        pdffonts._parse("CgShort", str(short), short.read_bytes())


# --------------------------------------------------------------------------- page digests


def test_equal_pages_have_one_digest_and_any_change_another() -> None:
    base = _page()
    assert plans.page_digest(base) == plans.page_digest(_page())
    seen = {plans.page_digest(base)}
    changed = list(_changed(base))
    for page in changed:
        digest = plans.page_digest(page)
        assert digest not in seen, page
        seen.add(digest)
    assert len(seen) == len(changed) + 1


def _changed(base: Page) -> Any:
    """The page with one value changed, for each value on it (nested ones too)."""
    for field in dataclasses.fields(Page):
        value = getattr(base, field.name)
        if field.name == "paper":
            for f in dataclasses.fields(Paper):
                yield replace(base, paper=replace(value, **{f.name: _other(getattr(value, f.name))}))
        elif field.name == "notes":
            yield replace(base, notes=["another note"])
        elif isinstance(value, list):
            for item in _items_changed(value[0]):
                yield replace(base, **{field.name: [item, *value[1:]]})
            if len(value) > 1:
                yield replace(base, **{field.name: value[::-1]})
            yield replace(base, **{field.name: []})
        else:
            yield replace(base, **{field.name: _other(value)})


def _items_changed(item: Any) -> Any:
    for f in dataclasses.fields(item):
        value = getattr(item, f.name)
        if dataclasses.is_dataclass(value):
            for inner in _items_changed(value):
                yield replace(item, **{f.name: inner})
        else:
            yield replace(item, **{f.name: _other(value)})


def _other(value: Any) -> Any:
    """A value of the same kind that differs (1 and 1.0 differ too, as in a repr)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return float(value) if value else 1
    if isinstance(value, float):
        return value + 0.5
    if isinstance(value, str):
        return value + "x"
    if isinstance(value, tuple):
        return (*value, "x") if value and isinstance(value[0], str) else (*value, 1.0)
    if value is None:
        return 0.0
    raise AssertionError(value)


def test_a_page_holding_what_marshal_cannot_write_is_digested_from_its_repr() -> None:
    odd = _page(notes=[Path("a")])
    assert plans.page_digest(odd) != plans.page_digest(_page(notes=["a"]))
    assert plans.page_digest(odd) == plans.page_digest(_page(notes=[Path("a")]))
