"""A face whose bindings read nothing of its component (a shared card back) is laid out once per
kind, side and edition; any face that reads its component is laid out for each one."""

from __future__ import annotations

import itertools
from pathlib import Path

from cardgen.data.load import load_database
from cardgen.layout import LayoutSession, lay_out
from cardgen.render.pdf import face_key
from tests.support import gen_deck


def _deck(tmp_path: Path, back_text: str | None = None, n: int = 3):
    project = gen_deck.make_project(tmp_path / "p", n)
    if back_text is not None:
        back = project / "layouts" / gen_deck.GAME / "card-back.yaml"
        back.write_text(back.read_text(encoding="utf-8").replace("text: BENCH", f"text: {back_text!r}"),
                        encoding="utf-8")
    return load_database(project, gen_deck.GAME, gen_deck.EDITION)


def test_a_binding_free_back_is_laid_out_once_and_named_for_each_card(tmp_path: Path) -> None:
    db = _deck(tmp_path)
    session = LayoutSession(db)
    first, second = db.components[:2]
    a, b = lay_out(session, first, "back"), lay_out(session, second, "back")
    assert a is not None and b is not None
    assert session.shared, "the back was not shared"
    assert (a.name, b.name) == (f"{first.id}-back", f"{second.id}-back")
    assert face_key(a) == face_key(b) and a.items is not b.items


def test_a_back_reading_its_card_is_laid_out_per_card(tmp_path: Path) -> None:
    db = _deck(tmp_path, back_text="{name}")
    session = LayoutSession(db)
    first, second = db.components[:2]
    a, b = lay_out(session, first, "back"), lay_out(session, second, "back")
    assert a is not None and b is not None
    assert face_key(a) != face_key(b)
    texts = [repr(i) for i in b.items if "Text(" in repr(i)]
    assert any(second.name.split()[0] in t for t in texts), texts


def test_fronts_are_never_shared_when_they_read_fields(tmp_path: Path) -> None:
    db = _deck(tmp_path)
    session = LayoutSession(db)
    fronts = [lay_out(session, c, "front") for c in db.components]
    assert len({face_key(f) for f in fronts if f is not None}) == len(db.components)


def test_warnings_of_a_shared_face_name_its_own_component(tmp_path: Path) -> None:
    db = _deck(tmp_path, back_text="BENCH")
    back = tmp_path / "p" / "layouts" / gen_deck.GAME / "card-back.yaml"
    # a frame 1 mm inside the cut: a near-cut warning on every back
    back.write_text(back.read_text(encoding="utf-8").replace("x: 5, y: 5, w: 53, h: 78",
                                                             "x: 1, y: 1, w: 61, h: 86"),
                    encoding="utf-8")
    db = load_database(tmp_path / "p", gen_deck.GAME, gen_deck.EDITION)
    session = LayoutSession(db)
    first, second = db.components[:2]
    a, b = lay_out(session, first, "back"), lay_out(session, second, "back")
    assert a is not None and b is not None and a.warnings and b.warnings
    assert all(w.path.startswith(f"{first.id} back ") for w in a.warnings)
    assert all(w.path.startswith(f"{second.id} back ") for w in b.warnings)
    assert [w.message for w in a.warnings] == [w.message for w in b.warnings]


def test_a_retitled_svg_is_the_svg_written_for_that_face(tmp_path: Path) -> None:
    """Equal faces are serialised once and retitled: the bytes are what to_svg writes."""
    from cardgen.pipeline.writers import SvgMemo
    from cardgen.render.svg import to_svg

    db = _deck(tmp_path)
    session = LayoutSession(db)
    backs = [lay_out(session, c, "back") for c in db.components[:3]]
    backs[2].name = "odd & <name>"  # type: ignore[union-attr]
    memo = SvgMemo()
    for back in backs:
        assert back is not None
        assert memo.svg(face_key(back), back) == to_svg(back, bleed_mm=back.bleed)
    assert len(memo.last) == 1


def test_recorded_shape_operators_write_the_pdf_drawing_them_would(tmp_path: Path,
                                                                  monkeypatch) -> None:
    """Repeated opaque shapes are drawn from the operators they gave the first time; the PDF is
    byte-identical to one that draws every shape afresh, translucent shapes on several pages
    (whose graphics states are numbered per page) included."""
    from cardgen.layout.drawing import Drawing, Ellipse, Group, Rect, Style
    from cardgen.layout.drawing import Path as PathItem
    from cardgen.render import pdf

    def face(n: int) -> Drawing:
        solid = Style(fill="#D98E04", stroke="#222222", stroke_width=0.5, dash=(1.0, 0.5))
        veil = Style(fill="#FFFFFF", opacity=0.5)
        items = [Rect(0, 0, 63, 88, style=solid), Rect(5, 5, 53, 78, radius=2, style=veil),
                 Ellipse(12, 22, 4, 4, style=solid),
                 PathItem(ops=(("M", 47, 26), ("L", 55, 26), ("L", 51, 18), ("Z",)), style=solid),
                 Group(items=(Rect(1.0, 2.0, 3, 4, style=veil), Rect(-0.0, 1, 2, 2, style=solid)),
                       clip=(0, 0, 63, 88)),
                 Rect(0.0, 1, 2, 2, style=solid), Rect(n, n, 5, 5, style=solid)]
        return Drawing(f"f{n}", 63, 88, items=items)

    faces = [face(n) for n in range(4)]
    pdf.write_faces(str(tmp_path / "recorded.pdf"), faces)
    monkeypatch.setattr(pdf, "_recorded", lambda canvas, item: pdf._DRAW[type(item)](canvas, item))
    pdf.write_faces(str(tmp_path / "fresh.pdf"), faces)
    recorded, fresh = (tmp_path / "recorded.pdf").read_bytes(), (tmp_path / "fresh.pdf").read_bytes()
    assert b"/ExtGState" in fresh and recorded == fresh


def test_shapes_kept_by_an_earlier_document_write_the_pdf_drawing_them_would(
        tmp_path: Path, monkeypatch) -> None:
    """A shape's operators kept by the process (one document draws what another drew) give
    the bytes drawing it afresh gives, each fill mode its own; a shape whose drawing named a
    resource of its document is kept for that document only."""
    from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO

    from cardgen.layout.drawing import Ellipse, Group, Rect, Style
    from cardgen.layout.drawing import Path as PathItem
    from cardgen.render import pdf, pdfreplay

    solid = Style(fill="#D98E04", stroke="#222222", stroke_width=0.5, dash=(1.0, 0.5))
    items = [Rect(0, 0, 63, 88, style=solid), Rect(5, 5, 53, 78, radius=2, style=solid),
             Ellipse(12, 22, 4, 4, style=solid),
             PathItem(ops=(("M", 47, 26), ("L", 55, 26), ("C", 51, 18, 50, 17, 49, 16), ("Z",)),
                      style=solid),
             Group(items=(Rect(1.0, 2.0, 3, 4, style=solid), Rect(-0.0, 1, 2, 2, style=solid)),
                   clip=(0, 0, 63, 88))]

    def document(name: str, mode: int) -> list[str]:
        canvas = pdf.new_canvas(str(tmp_path / name))
        canvas._fillMode = mode
        pdf.draw_items(canvas, [*items, *items])
        return list(canvas._code)

    pdfreplay._SHAPE_OPS.clear()
    drawn = {}
    for mode in (FILL_EVEN_ODD, FILL_NON_ZERO):
        first = document(f"first-{mode}.pdf", mode)  # drawn
        assert document(f"again-{mode}.pdf", mode) == first  # kept by the first
        drawn[mode] = first
    assert len(pdfreplay._SHAPE_OPS) == 2 and drawn[FILL_EVEN_ODD] != drawn[FILL_NON_ZERO]
    pdfreplay._SHAPE_OPS.clear()
    named = itertools.count()  # every drawing names something of its document
    monkeypatch.setattr(pdfreplay, "_named", lambda canvas: next(named))
    canvas = pdf.new_canvas(str(tmp_path / "own.pdf"))
    pdf.draw_items(canvas, items[:1])
    assert not any(pdfreplay._SHAPE_OPS.values())
    assert repr(items[0]) in canvas.__dict__[pdfreplay._OPS_ATTR]
