"""A template's elements planned once per session (cardgen.layout.plan) lay out every face as
drawing each element through `Context.element` does: elements shown only on one side or when
a condition holds, clipped ones, named ones a later clip reads, leaves that read nothing, leaves
that read a value and a title unique per card (no longer kept after memo.MISSES) give the same
faces, warnings, problems and keys; a text element's colour kept per element and palette is
each palette's own."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from cardgen.data.load import load_database
from cardgen.errors import ProblemsError
from cardgen.layout import plan
from cardgen.layout.drawing import Drawing
from cardgen.layout.elements.base import Context, FaceJob
from cardgen.layout.elements.text import TextElement
from cardgen.layout.scope import Scope
from cardgen.pipeline.faces import lay_out_faces
from tests.support import gen_deck

REPO = Path(__file__).resolve().parents[1]

FRONT = """\
size: [63, 88]
bleed: 3
sheet: cards
background: "{colour.color}"  # lint-ok: colour-alone a test deck
edition_mark: false
palette: { ink: "#202020" }
elements:
  - { type: rect, name: frame, x: 3, y: 3, w: 57, h: 82, radius: 2, fill: "#FFFFFF", stroke: "#222222" }
  - { type: text, name: title, text: "{name}", x: 6, y: 6, w: 40, h: 6, size: 11, font: bold, color: ink }
  - { type: text, name: number, text: "{number}", x: 45, y: 6, w: 12, h: 6, size: 11, align: right }
  - { type: text, text: "odd", x: 6, y: 14, w: 20, h: 5, size: 8, when: { number: { in: [1, 3, 5, 7, 9] } } }
  - { type: text, text: "never on a front", x: 6, y: 20, w: 30, h: 5, size: 8, side: back }
  - { type: icon, icon: symbol-circle, x: 8, y: 18, size: 8 }
  - { type: circle, cx: 50, cy: 22, r: 4, fill: "{colour.color}", clip: frame }
  - { type: rect, x: 40, y: 70, w: 10, h: 10, fill: "#333333", clip: { type: circle, cx: 45, cy: 75, r: 4 } }
  - { type: text, name: text, text: "{text}", x: 6, y: 33, w: 51, h: 35, size: 8, min_size: 6, color: ink }
"""


def _deck(root: Path, n: int) -> Path:
    project = gen_deck.make_project(root, n)
    (project / "layouts" / "bench" / "card.yaml").write_text(FRONT, encoding="utf-8")
    return project


def _shown(project: Path, game: str, edition: str | None = None, ink_saver: bool = False
           ) -> list[str]:
    db = load_database(project, game, edition)
    try:
        faces = lay_out_faces(db, None, lambda stage, done, total: None, None, ink_saver)
    except ProblemsError as exc:
        return [repr(p) for p in exc.problems]
    return [f"{face} {d!r} {d.warnings!r} {faces.key(face)}" for face, d in faces.drawings.items()]


def _unplanned(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every element a generic step: drawn through Context.element, as before plans."""
    def steps(memo: Any, template: Any) -> tuple[plan.Step, ...]:
        return tuple((el, None) for el in template.elements)

    monkeypatch.setattr("cardgen.layout.face.steps", steps)


def test_a_planned_deck_lays_out_as_each_element_drawn_alone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    project = _deck(tmp_path / "deck", 40)  # more unique titles than memo.MISSES
    planned = _shown(project, "bench")
    cards = yaml.safe_load((project / "data" / "bench" / "1" / "cards.yaml").read_text("utf-8"))
    odd = sum(card["number"] % 2 for card in cards)
    assert 0 < odd < 40 and sum("'odd'" in line for line in planned) == odd
    assert not any("never on a front" in line for line in planned)
    _unplanned(monkeypatch)
    assert _shown(project, "bench") == planned


@pytest.mark.parametrize("ink_saver", [False, True])
@pytest.mark.parametrize("target", ["l5@0.6.5", "orbital-debris", "lux-aeterna"])
def test_the_seed_games_lay_out_planned_as_unplanned(
        target: str, ink_saver: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    game, _, edition = target.partition("@")
    planned = _shown(REPO, game, edition or None, ink_saver)
    _unplanned(monkeypatch)
    assert _shown(REPO, game, edition or None, ink_saver) == planned


def test_a_leaf_reading_nothing_is_the_same_objects_on_every_face(tmp_path: Path) -> None:
    db = load_database(_deck(tmp_path / "deck", 5), "bench", None)
    faces = lay_out_faces(db, None, lambda stage, done, total: None)
    fronts = [d for (_, side), d in faces.drawings.items() if side == "front"]
    frames = [[i for i in d.items if getattr(getattr(i, "style", None), "fill", "") == "#FFFFFF"]
              for d in fronts]
    assert len(fronts) == 5 and all(len(found) == 1 for found in frames)
    assert len({id(found[0]) for found in frames}) == 1


def test_a_text_colour_kept_per_element_is_each_palettes_own() -> None:
    el = TextElement.model_validate({"type": "text", "text": "x", "color": "accent"})
    scope = Scope(None, None)  # type: ignore[arg-type]  # a colour as written reads nothing

    def ink(palette: dict[str, Any]) -> str:
        job = FaceJob(None, None, "front", palette, 0.0, None, None, None)  # type: ignore[arg-type]
        return el.ink(Context(job, Drawing("face", 10.0, 10.0)), scope, 0.0, 0.0)

    one, other = {"accent": "#112233"}, {"accent": "#445566"}
    assert [ink(one), ink(other), ink(one), ink({})] == ["#112233", "#445566", "#112233",
                                                         "#1A1A1A"]


def test_a_blank_face_sized_by_a_binding_is_sized_per_card(tmp_path: Path) -> None:
    project = _deck(tmp_path / "deck", 6)
    card = project / "layouts" / "bench" / "card.yaml"
    card.write_text(FRONT.replace("size: [63, 88]", 'size: ["{number} + 60", 88]'),
                    encoding="utf-8")
    db = load_database(project, "bench", None)
    faces = lay_out_faces(db, None, lambda stage, done, total: None)
    widths = {c.id: faces.drawings[(c.id, "front")].width for c in db.components}
    assert widths == {c.id: c.fields["number"] + 60.0 for c in db.components}
    assert len(set(widths.values())) > 1
    backs = {faces.drawings[(c.id, "back")].width for c in db.components}
    assert backs == {63.0}  # the back's own size, written as numbers
