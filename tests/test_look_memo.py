"""A front's colour-vision lint, bleed stretch and bleed lint kept per face look
(cardgen.layout.lookmemo): every face gets what working each out alone gives (the same
warnings in the same order, the same primitives, the same bleed problems), though the faces
that look alike are worked out once; a face whose look differs in anything those read takes
no other face's answer."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from cardgen.data.load import load_database, parse_target
from cardgen.data.model import Database
from cardgen.errors import Problem, ProblemsError
from cardgen.layout import lintmemo, lookmemo
from cardgen.layout.face import lay_out
from cardgen.layout.session import LayoutSession
from tests.support import gen_deck, golden

REPO = Path(__file__).resolve().parents[1]


def _face(session: LayoutSession, component: Any, side: str, ink_saver: bool
          ) -> tuple[Any, list[Problem]]:
    """(the face's primitives, bleed, warnings) or its problems raised."""
    try:
        d = lay_out(session, component, side, ink_saver)
    except ProblemsError as exc:
        return None, list(exc.problems)
    if d is None:
        return None, []
    return (d.name, d.width, d.height, d.bleed, list(d.items)), list(d.warnings)


def _on_and_off(db: Database, ink_saver: bool = False) -> tuple[LayoutSession, int]:
    """Every face laid out with the memo and without it, compared; the session that kept."""
    kept, alone = LayoutSession(db), LayoutSession(db)
    alone.lint_memo = None
    faces = 0
    for component in db.components:
        for side in ("front", "back"):
            got = _face(kept, component, side, ink_saver)
            expected = _face(alone, component, side, ink_saver)
            assert got == expected, (component.id, side)
            assert [w.path for w in got[1]] == [w.path for w in expected[1]]
            faces += got[0] is not None
    return kept, faces


@pytest.mark.parametrize("target", golden.TARGETS)
def test_every_seed_games_faces_are_the_same_with_the_memo_on_and_off(target: str) -> None:
    game, edition = parse_target(target, REPO)
    _on_and_off(load_database(REPO, game, edition))


@pytest.mark.parametrize("ink_saver,draft", [(False, False), (True, False), (False, True)])
def test_the_bench_decks_faces_are_the_same_with_the_memo_on_and_off(
        ink_saver: bool, draft: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = {"colour": 0, "bleed": 0}

    def counted(name: str, real: Any) -> Any:
        def call(*args: Any) -> Any:
            calls[name] += 1
            return real(*args)
        return call

    monkeypatch.setattr(lookmemo, "colour_alone", counted("colour", lookmemo.colour_alone))
    monkeypatch.setattr(lookmemo, "bleed_problems", counted("bleed", lookmemo.bleed_problems))
    project = gen_deck.make_project(tmp_path / "deck", 60)
    db = load_database(project, gen_deck.GAME, gen_deck.EDITION, draft=draft)
    calls.update(colour=0, bleed=0)
    kept, faces = _on_and_off(db, ink_saver)
    assert faces == 120
    assert kept.lint_memo is not None and len(kept.lint_memo.looks) < 20
    # the faces laid out alone called each once a front; those with the memo, once a look
    assert calls["colour"] < 60 + 20
    if not (ink_saver or draft):  # those are stretched and bleed-linted face by face
        assert calls["bleed"] < 60 + 20
    else:
        assert calls["bleed"] >= 120


# a front where two terms share one colour (the background the same object on both) and a
# third comes close to it; a band whose width, and an ellipse whose place, follow the number
CLOSE = """\
size: [63, 88]
bleed: 3
sheet: cards
background: "{colour.color}"
edition_mark: false
elements:
  - { type: rect, x: 0, y: 40, w: "{number} * 7", h: 5, fill: "#FFFFFF" }
  - { type: circle, cx: "{number} * 7 - 2", cy: 60, r: 4, fill: "#222222" }
  - { type: text, name: title, text: "{name}", x: 6, y: 6, w: 40, h: 6, size: 11 }
"""


def _close_deck(root: Path, n: int) -> Path:
    project = gen_deck.make_project(root, n)
    (project / "layouts" / "bench" / "card.yaml").write_text(CLOSE, encoding="utf-8")
    game_file = project / "data" / "bench" / "game.yaml"
    game = yaml.safe_load(game_file.read_text(encoding="utf-8"))
    shades = {"amber": "#D98E04", "teal": "#D98E04", "plum": "#DA8F06"}  # the deck's terms
    for term in game["vocab"]["colour"]:
        term["color"] = shades.get(term["id"], term["color"])
    game_file.write_text(yaml.safe_dump(game, sort_keys=False), encoding="utf-8")
    return project


def test_a_face_of_another_look_takes_no_other_faces_answer(tmp_path: Path) -> None:
    """Amber's and teal's fronts (one colour) share every object a lint keys, but name their own term;
    the band stretched at one edge or at both and the circle at the cut are each face's own."""
    db = load_database(_close_deck(tmp_path / "deck", 40), gen_deck.GAME, gen_deck.EDITION)
    kept, _ = _on_and_off(db)
    said: dict[str, set[str]] = {}
    bleed: set[str] = set()  # the rules of the faces that raised
    for component in db.components:
        got = _face(kept, component, "front", False)
        for w in got[1]:
            if w.rule == "colour-alone":
                said.setdefault(str(component.value("colour")), set()).add(
                    w.message.split(":")[0])
        if got[0] is None:
            bleed |= {p.rule for p in got[1]}
    assert said["amber"] == {"the colour amber is told apart by colour alone (the face shows "
                             "no name, icon or symbol of it)"}
    assert said["teal"] == {said["amber"].pop().replace("amber", "teal")}
    assert bleed == {"bleed"}  # the circle at the right cut: number 9's faces alone
    assert sum(_face(kept, c, "front", False)[0] is None for c in db.components) == sum(
        c.value("number") == 9 for c in db.components) > 0


def test_a_look_is_found_by_its_objects_not_only_their_ids() -> None:
    memo = lintmemo.LintMemo()
    one, other = object(), object()
    memo.last = (("key",), [one], None)
    first = lookmemo.look_of(memo)
    memo.last = (("key",), [one], None)
    assert lookmemo.look_of(memo) is first
    memo.last = (("key",), [other], None)  # the same key, another object under the id
    second = lookmemo.look_of(memo)
    assert second is not first and second is not None and second.held == [other]
    assert lookmemo.look_of(memo) is None  # read once: no face keyed since
