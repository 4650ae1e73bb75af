"""Layout templates -> Drawings: bindings, extends, icons, and the Problems a designer fixes."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from cardgen.data.model import Component, Database, Edition, FieldSpec, Game, KindSpec, Location, Term
from cardgen.errors import ProblemsError
from cardgen.layout import LayoutSession, face_info, lay_out
from cardgen.layout.drawing import Ellipse, Group, Rect, Text

STAR = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0 L10 0 L5 10 Z"/></svg>'


def _project(tmp_path: Path, template: dict, icons: dict[str, str] | None = None) -> Path:
    (tmp_path / "layouts" / "toy" / "icons").mkdir(parents=True)
    (tmp_path / "layouts" / "common").mkdir(parents=True)
    (tmp_path / "layouts" / "common" / "frame.yaml").write_text(yaml.safe_dump({
        "size": [63.5, 88.9], "bleed": 3, "safe": 4, "sheet": "cards", "background": "#FFFFFF",
        "edition_mark": False,
        "elements": [{"type": "rect", "x": 0, "y": 0, "w": 63.5, "h": 10, "fill": "{suit.color}"}]}))
    (tmp_path / "layouts" / "toy" / "card.yaml").write_text(yaml.safe_dump(template))
    for name, body in (icons or {}).items():
        (tmp_path / "layouts" / "toy" / "icons" / f"{name}.svg").write_text(body)
    return tmp_path


def _db(project: Path, **fields: object) -> Database:
    vocab = {"suit": {"moon": Term(id="moon", name="Tārā Moon", color="#7A4BB3", icon="star")}}
    kind = KindSpec(layout="card", back=None, fields={
        "suit": FieldSpec(type="term", vocab="suit"), "text": FieldSpec(type="text")})
    game = Game("toy", project / "data" / "toy", "Toy", "Toy", "1", vocab, {"card": kind}, [])
    edition = Edition("1", project / "data" / "toy" / "1", "Toy 1", None, None, None, None, [], [])
    where = Location("data/toy/1/cards.yaml", 3, 3)
    card = Component("c1", "card", "First", 1, "final", dict(fields), where, "1")
    return Database(project, game, edition, [card])


def _texts(items) -> list[Text]:
    out: list[Text] = []
    for item in items:
        if isinstance(item, Group):
            out += _texts(item.items)
        elif isinstance(item, Text):
            out.append(item)
    return out


def test_bindings_extends_and_term_colours(tmp_path: Path) -> None:
    project = _project(tmp_path, {"extends": "common/frame", "elements": [
        {"type": "text", "name": "suit", "text": "{suit.name}: {text}", "x": 4, "y": 12, "w": 55,
         "h": 20, "size": 9, "min_size": 6},
        {"type": "icon", "icon": "{suit.icon}", "x": 4, "y": 40, "size": 8, "color": "{suit.color}"}]},
        {"star": STAR})
    db = _db(project, suit="moon", text="**bold** words")
    session = LayoutSession(db)
    drawing = lay_out(session, db.components[0], "front")
    assert drawing is not None and (drawing.width, drawing.height) == (63.5, 88.9)
    # the frame's 10 mm band at the top trim runs on into the 3 mm bleed
    assert any(isinstance(i, Rect) and i.style.fill == "#7A4BB3"
               and i.y + i.h == pytest.approx(10) and i.y == -3.0 for i in drawing.items)
    texts = _texts(drawing.items)
    assert "".join(t.text for t in texts) == "Tārā Moon: bold words"
    assert {t.font for t in texts if "bold" in t.text} == {"bold"}
    icon = [i for i in drawing.items if isinstance(i, Group)]
    assert icon and icon[0].items[0].style.fill == "#7A4BB3"
    assert lay_out(session, db.components[0], "back") is None
    assert face_info(session, "card").sheet == "cards" and not face_info(session, "card").has_back


def test_text_overflow_is_a_problem_naming_component_and_element(tmp_path: Path) -> None:
    project = _project(tmp_path, {"extends": "common/frame", "elements": [
        {"type": "text", "name": "body", "text": "{text}", "x": 4, "y": 12, "w": 40, "h": 8,
         "size": 9, "min_size": 7}]})
    db = _db(project, suit="moon", text="far too many words for this box " * 10)
    session = LayoutSession(db)
    with pytest.raises(ProblemsError) as info:
        lay_out(session, db.components[0], "front")
    [problem] = info.value.problems
    assert problem.rule == "text-overflow"
    assert problem.path == "c1.body"
    assert "mm too tall" in problem.message and problem.where.line == 3


def test_missing_glyph_is_a_problem_naming_text_and_character(tmp_path: Path) -> None:
    project = _project(tmp_path, {"extends": "common/frame", "elements": [
        {"type": "text", "name": "body", "text": "{text}", "x": 4, "y": 12, "w": 40, "h": 20,
         "size": 9}]})
    db = _db(project, suit="moon", text="Hello \uac00")
    session = LayoutSession(db)
    with pytest.raises(ProblemsError) as info:
        lay_out(session, db.components[0], "front")
    [problem] = info.value.problems
    assert problem.rule == "missing-glyph"
    assert "U+AC00" in problem.message and "Hello" in problem.message


def test_missing_icon_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    project = _project(tmp_path, {"extends": "common/frame", "elements": [
        {"type": "icon", "icon": "nowhere", "x": 4, "y": 40, "size": 8}]})
    db = _db(project, suit="moon")
    session = LayoutSession(db)
    with pytest.raises(ProblemsError) as info:
        lay_out(session, db.components[0], "front")
    assert [p.rule for p in info.value.problems] == ["missing-icon"]


def test_row_and_repeat_columns(tmp_path: Path) -> None:
    project = _project(tmp_path, {"size": [100, 60], "edition_mark": False, "elements": [
        {"type": "row", "n": 3, "x": 5, "y": 5, "size": 18, "gap": 2, "fill": "#F2C230"},
        {"type": "repeat", "n": 3, "x": 5, "y": 30, "step": [30, 0], "columns": 2,
         "row_step": [0, 10], "elements": [{"type": "circle", "cx": 0, "cy": 0, "r": 2,
                                             "fill": "#000000"}]}]})
    db = _db(project, suit="moon", text=["a", "b", "c"])
    session = LayoutSession(db)
    drawing = lay_out(session, db.components[0], "front")
    spots = [i for i in drawing.items if isinstance(i, Rect) and i.style.fill == "#F2C230"]
    assert [(s.x, s.w) for s in spots] == [(5, 18), (25, 18), (45, 18)]
    dots = [(e.cx, e.cy) for e in drawing.items if isinstance(e, Ellipse)]
    assert dots == [(5, 30), (35, 30), (5, 40)]


def test_a_rect_draws_with_the_opacity_it_is_given(tmp_path: Path) -> None:
    project = _project(tmp_path, {"edition_mark": False, "elements": [
        {"type": "rect", "x": 5, "y": 5, "w": 20, "h": 20, "fill": "#123456", "opacity": 0.5}]})
    db = _db(project, suit="moon")
    drawing = lay_out(LayoutSession(db), db.components[0], "front")
    assert drawing is not None
    rect = next(i for i in drawing.items if isinstance(i, Rect) and i.style.fill == "#123456")
    assert rect.style.opacity == 0.5
