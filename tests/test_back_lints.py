"""The lints of card backs (cardgen/layout/back_lints.py): a frame or edge line between the cut and
DRIFT_MM inside it (`back-drift`), and two decks whose backs differ only in small text
(`look-alike-backs`); both at the layout line, both quiet on the seed games."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardgen.data.load import load_database
from cardgen.errors import Location
from cardgen.layout import LayoutSession, lay_out
from cardgen.layout.back_lints import DRIFT_MM, Back, look_alike_backs
from cardgen.layout.drawing import Drawing, Rect, Style, Text
from cardgen.pipeline.faces import lay_out_faces, lint_warnings
from tests.conftest import copy_project
from tests.support import gen_deck

BACK_RULES = ("back-drift", "look-alike-backs")


def _deck_back(tmp_path: Path, frame: str) -> list:
    """The bench deck with its back's frame rectangle written as `frame`: the back's lints."""
    project = gen_deck.make_project(tmp_path / "p", 2)
    back = project / "layouts" / gen_deck.GAME / "card-back.yaml"
    back.write_text(back.read_text(encoding="utf-8").replace("x: 5, y: 5, w: 53, h: 78", frame),
                    encoding="utf-8")
    db = load_database(project, gen_deck.GAME, gen_deck.EDITION)
    drawing = lay_out(LayoutSession(db), db.components[0], "back")
    assert drawing is not None
    return [w for w in drawing.warnings if w.rule == "back-drift"]


def test_a_back_frame_4_mm_inside_the_cut_is_a_warning_at_its_layout_line(tmp_path: Path) -> None:
    (found,) = _deck_back(tmp_path, "x: 4, y: 4, w: 55, h: 80")
    assert found.severity == "warning"
    assert found.where is not None and found.where.file.endswith("card-back.yaml")
    assert found.where.line == 8  # the frame's line in the layout
    # 4 mm less the stroke's half width
    assert re.search(r"sits 3\.[5-9] mm inside the cut", found.message), found.message
    assert found.hint and "bleed" in found.hint and f"{DRIFT_MM:g} mm" in found.hint


@pytest.mark.parametrize("frame", [
    "x: 6.5, y: 6.5, w: 50, h: 75",  # wide enough that a drift does not show
    "x: -3, y: -3, w: 69, h: 94",  # full bleed: no edge on the card at all
])
def test_a_wide_or_full_bleed_back_passes(tmp_path: Path, frame: str) -> None:
    assert _deck_back(tmp_path, frame) == []


def test_a_front_is_not_held_to_the_back_rule(tmp_path: Path) -> None:
    project = gen_deck.make_project(tmp_path / "p", 2)
    db = load_database(project, gen_deck.GAME, gen_deck.EDITION)
    front = lay_out(LayoutSession(db), db.components[0], "front")
    assert front is not None and not [w for w in front.warnings if w.rule == "back-drift"]


def _back(kind: str, layout: str, caption: str, size: float = 6.0, colour: str = "#2B2D42"
          ) -> Back:
    d = Drawing(f"{kind}-back", 63.5, 88.9, 3.0, [
        Rect(-3, -3, 69.5, 94.9, Style(fill=colour)),
        Text(31.75, 50, "GAME", "bold", 20.0, "#FFFFFF", "middle"),
        Text(31.75, 60, caption, "regular", size, "#FFFFFF", "middle")])
    return Back(kind, kind.title(), layout, "cards", d, Location(f"layouts/g/{layout}.yaml", 1, 1))


def test_backs_differing_only_in_small_text_are_a_warning() -> None:
    (found,) = look_alike_backs([_back("media", "media-back", "MEDIA"),
                                 _back("reference", "reference-back", "REFERENCE")])
    assert found.rule == "look-alike-backs" and found.severity == "warning"
    assert found.where == Location("layouts/g/reference-back.yaml", 1, 1)
    assert "Media and Reference" in found.message and found.hint
    # a large title, another colour, or one shared back (one deck) tell them apart
    assert look_alike_backs([_back("media", "a", "MEDIA", 12.0), _back("ref", "b", "REF", 12.0)]) == []
    assert look_alike_backs([_back("media", "a", "X"), _back("ref", "b", "Y", colour="#8C2F39")]) == []
    assert look_alike_backs([_back("main", "shared", "X"), _back("glitch", "shared", "Y")]) == []


def test_the_old_062_backs_were_look_alikes(tmp_path: Path) -> None:
    """Without their own back layouts, 0.6.2's New Media and Reference cards get the automatic
    back, the same but for its caption: the build's lints say so."""
    project = copy_project(tmp_path / "p")
    for name in ("new-media-back", "reference-back"):
        (project / "layouts" / "l5" / f"{name}.yaml").unlink()
    db = load_database(project, "l5", "0.6.2")
    found = [w for w in lint_warnings(lay_out_faces(db, None, lambda *a: None))
             if w.rule == "look-alike-backs"]
    assert len(found) == 1 and "New Media card and Reference card" in found[0].message


@pytest.mark.parametrize("target", ["l5@0.6.5", "l5@act-one", "l5@0.6.2", "lux-aeterna",
                                    "orbital-debris"])
@pytest.mark.parametrize("ink_saver", [False, True])
def test_the_seed_backs_pass_the_back_lints(target: str, ink_saver: bool) -> None:
    from cardgen.data.load import parse_target

    repo = Path(__file__).resolve().parents[1]
    game, edition = parse_target(target, repo)
    db = load_database(repo, game, edition)
    faces = lay_out_faces(db, None, lambda *a: None, None, ink_saver)
    assert [w.render() for w in lint_warnings(faces) if w.rule in BACK_RULES] == []
