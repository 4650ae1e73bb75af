"""The short ways a face's layout takes give what the long ways give: a number shaped from its
digits' glyphs as HarfBuzz shapes it (and HarfBuzz for a font whose digits interact); a text
plan's lines keyed for the lint memo at once as line by line."""

from __future__ import annotations

import contextlib
import itertools
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.data.load import load_database
from cardgen.errors import Problem, ProblemsError
from cardgen.layout import face as face_module
from cardgen.layout import fonts, lintmemo, lints, shaping, textplan
from cardgen.pipeline.faces import lay_out_faces
from tests.support import gen_deck

REPO = Path(__file__).resolve().parents[1]
OWN_FONT = REPO / "tests/fixtures/own-font/layouts/glyphs/fonts/TestSans-Regular.ttf"
_FONTS = [str(fonts.font_path("regular")), str(fonts.font_path("bold")), str(OWN_FONT)]
_PLAIN_FEATURES = (("kern", False), ("liga", False))


@pytest.mark.parametrize("features", [shaping.FEATURES, _PLAIN_FEATURES])
@pytest.mark.parametrize("path", _FONTS)
def test_a_number_is_shaped_from_its_digits_as_harfbuzz_shapes_it(path: str, features) -> None:
    digits = shaping._plain_digits(path, features)
    if path != str(OWN_FONT):  # the bundled faces' digits are plain
        assert len(digits) == 10
    for n in (1, 2, 3):
        for number in map("".join, itertools.product("0123456789", repeat=n)):
            slow = shaping._shape_ltr(number, path, features)
            if digits:
                assert shaping._digits_shaped(number, digits) == slow
            assert shaping._shape_whole.__wrapped__(number, path, features) == slow


@settings(max_examples=200, deadline=None)
@given(number=st.text("0123456789", min_size=1, max_size=12), path=st.sampled_from(_FONTS))
def test_any_number_shapes_as_harfbuzz_shapes_it(number: str, path: str) -> None:
    digits = shaping._plain_digits(path, shaping.FEATURES)
    slow = shaping._shape_ltr(number, path, shaping.FEATURES)
    if digits:
        fast = shaping._digits_shaped(number, digits)
        assert fast == slow and repr(fast) == repr(slow) and hash(fast) == hash(slow)
        assert all(type(v) is int for v in (*fast.gids, *fast.xs, *fast.ys, *fast.clusters))


def test_numbers_take_the_digits_only_after_enough_of_them(monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    path, features = str(fonts.font_path("regular")), shaping.FEATURES
    monkeypatch.setattr(shaping, "_DIGITS", {})
    monkeypatch.setattr(shaping, "_DIGIT_COUNT", {})
    shaped = []
    real = shaping._shape_ltr

    def counted(text: str, *args: object) -> shaping.Shaped:
        shaped.append(text)
        return real(text, *args)

    monkeypatch.setattr(shaping, "_shape_ltr", counted)
    numbers = [str(n) for n in range(900_000, 900_000 + shaping.DIGIT_WORDS)]
    for number in numbers:  # the first ones: HarfBuzz, nothing else worked out
        assert shaping._shape_whole.__wrapped__(number, path, features) == real(number, path,
                                                                                 features)
    assert shaped == numbers and shaping._DIGITS == {}
    shaped.clear()
    assert shaping._shape_whole.__wrapped__("4711", path, features) == real("4711", path,
                                                                            features)
    assert len(shaped) == 110 and "4711" not in shaped  # the digits and pairs checked, once
    shaped.clear()
    assert shaping._shape_whole.__wrapped__("815", path, features) == real("815", path, features)
    assert shaped == []


def test_a_font_whose_digits_interact_shapes_numbers_with_harfbuzz(
        monkeypatch: pytest.MonkeyPatch) -> None:
    path, features = str(fonts.font_path("regular")), shaping.FEATURES
    monkeypatch.setattr(shaping, "_DIGITS", {})
    monkeypatch.setattr(shaping, "_DIGIT_COUNT", {(path, features): shaping.DIGIT_WORDS})
    real = shaping._shape_ltr

    def kerned(text: str, *args: object) -> shaping.Shaped:  # "17" kerned together by 40 units
        found = real(text, *args)
        if "17" not in text:
            return found
        at = text.index("17") + 1
        return shaping.Shaped(found.gids, tuple(x - 40 if i >= at else x
                                                for i, x in enumerate(found.xs)),
                              found.ys, found.clusters, found.advance - 40)

    monkeypatch.setattr(shaping, "_shape_ltr", kerned)
    assert shaping._plain_digits(path, features) == {}
    assert shaping._shape_whole.__wrapped__("2171", path, features) == kerned("2171", path,
                                                                              features)
    assert shaping._shape_whole.__wrapped__("2171", path, features).advance == real(
        "2171", path, features).advance - 40


# ----------------------------------------------------------------------------- lint keys

def _keys_checked(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """Every face's lint key worked out with the lines a text plan marked inside their
    envelope (Placed.inside) keyed at once, compared with the key worked out line by line."""
    counts = {"faces": 0, "marked": 0}
    real = lintmemo.lint_face

    def lint_face(memo: lintmemo.LintMemo | None, linter: lints.FaceLinter) -> list[Problem]:
        if memo is not None:
            tight = dict(memo.tight)
            fast = lintmemo._key(linter, tight)
            marked = {id(p): p.__dict__.pop("inside") for p in linter.placed
                      if "inside" in p.__dict__}
            try:
                slow = lintmemo._key(linter, tight)
            finally:
                for p in linter.placed:
                    if id(p) in marked:
                        p.__dict__["inside"] = marked[id(p)]
            assert fast == slow, linter.face
            counts["faces"] += 1
            counts["marked"] += bool(marked)
        return real(memo, linter)

    monkeypatch.setattr(face_module, "lint_face", lint_face)
    return counts


@pytest.mark.parametrize("room", [textplan.ENVELOPE_MM, -0.3])
def test_a_plans_lines_are_keyed_at_once_as_line_by_line(
        room: float, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """(With an envelope drawn tighter than the lines, none is marked inside.)"""
    monkeypatch.setattr(textplan, "ENVELOPE_MM", room)
    monkeypatch.setattr(textplan, "_PLANS", {})
    counts = _keys_checked(monkeypatch)
    project = gen_deck.make_project(tmp_path / "deck", 80)
    cards = project / "data" / "bench" / "1" / "cards.yaml"
    data = yaml.safe_load(cards.read_text(encoding="utf-8"))
    data[3]["name"] = "A title far too long for its box, wrapped"  # lines past their envelope
    data[5]["text"] = "Short."
    cards.write_text(yaml.safe_dump(data, sort_keys=False, width=1000), encoding="utf-8")
    with contextlib.suppress(ProblemsError):
        lay_out_faces(load_database(project, "bench"), None, lambda *_: None, None, False)
    assert counts["faces"] >= 80
    assert counts["marked"] >= 79 if room > 0 else counts["marked"] == 0


@pytest.mark.parametrize("ink_saver", [False, True])
def test_the_seed_games_and_fixtures_lint_keys_as_line_by_line(
        ink_saver: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    counts = _keys_checked(monkeypatch)
    fixtures = REPO / "tests" / "fixtures"
    targets = [(REPO, "l5", "0.6.5"), (REPO, "orbital-debris", None), (REPO, "lux-aeterna", None)]
    targets += [(path, next(iter((path / "data").iterdir())).name, None)
                for path in sorted(fixtures.iterdir()) if (path / "data").is_dir()]
    for project, game, edition in targets:
        with contextlib.suppress(ProblemsError):
            lay_out_faces(load_database(project, game, edition), None, lambda *_: None, None,
                          ink_saver)
    assert counts["faces"] > 100 and counts["marked"] > 20


# ----------------------------------------------------------------------------- one-line fits

_TITLE_WORDS = st.lists(st.sampled_from(
    ["Card", "1234", "a", "the", "Überraschung", "office", "AVATAR", "well-known", "x" * 25,
     "WWWWWWWW", "7", "Ω≈ç√", "—", "To"]), min_size=1, max_size=6)


@pytest.fixture(scope="module")
def deck_plans(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, list[textplan.TextPlan]]:
    project = gen_deck.make_project(tmp_path_factory.mktemp("plans") / "deck", 12)
    db = load_database(project, "bench")
    textplan._PLANS.clear()
    lay_out_faces(db, None, lambda *_: None, None, False)
    plans = [known[4] for known in textplan._PLANS.values() if known[4] is not None]
    return db, plans


@settings(max_examples=300, deadline=None)
@given(words=_TITLE_WORDS, spaces=st.sampled_from([" ", "  ", " \u00a0"]))
def test_a_text_on_one_line_is_fitted_as_the_long_way_fits_it(
        deck_plans: tuple[Any, list[textplan.TextPlan]], words: list[str], spaces: str) -> None:
    db, plans = deck_plans
    singles = [plan for plan in plans if plan.single is not None]
    assert {plan.element.name for plan in singles} == {"title", "number", "back"}
    assert all(plan.single is None for plan in plans if plan.element.name == "text")
    ctx = type("Ctx", (), {})()
    ctx.job = type("Job", (), {"db": db})()
    value = spaces.join(words)
    for plan in singles:
        fast = plan._fit(ctx, value)
        single, plan.single = plan.single, None
        try:
            slow = plan._fit(ctx, value)
        finally:
            plan.single = single
        assert fast == slow and repr(fast) == repr(slow)
