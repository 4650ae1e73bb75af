"""A plain text element drawn the short way (cardgen.layout.textplan) gives the faces, warnings,
problems and face keys its own path gives: texts that are plain and texts that are not (markup,
line breaks, soft hyphens, a glyph the font lacks, too long to fit), aligned and placed every
way, literal texts and texts with bindings inside, a text repeated on many cards, elements the
plan leaves to their own path (letter spacing, an outline, justify, `over:`, a bound size), the
seed games, and the same element under another palette or language."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from cardgen.data.load import load_database
from cardgen.errors import ProblemsError
from cardgen.layout import linebreak, textplan
from cardgen.layout.extent import bbox, transform_box
from cardgen.layout.placed import Placed
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
  - { type: rect, x: 3, y: 3, w: 57, h: 82, radius: 2, fill: "#FFFFFF", stroke: "#222222" }
  - { type: text, name: title, text: "{name}", x: 6, y: 6, w: 40, h: 6, size: 11, font: bold, color: ink }
  - { type: text, name: number, text: "{number}", x: 45, y: 6, w: 12, h: 6, size: 11, align: right }
  - { type: text, text: "No. {number} of {colour}", x: 6, y: 13, w: 30, h: 5, size: 7, align: center }
  - { type: text, text: "Literal words", x: 36, y: 13, w: 20, h: 5, size: 7, valign: bottom }
  - { type: text, text: "{colour.name}", x: 6, y: 19, w: 20, h: 8, size: 9, valign: middle, font: bold }
  - { type: text, name: italic, text: "{colour}", x: 36, y: 19, w: 20, h: 5, size: 7, font: italic }
  - { type: text, text: "{name}", x: 30, y: 19, w: 26, h: 4, size: 8, letter_spacing: 0.2 }
  - { type: text, text: "{name}", x: 30, y: 24, w: 26, h: 4, size: 8, stroke: "#FFFFFF", stroke_width: 0.1 }
  - { type: text, text: "{symbols}", x: 6, y: 28, w: 50, h: 4, size: 6, align: justify }
  - { type: text, over: "{symbols}", x: 6, y: 78, w: 50, h: 6, size: 6 }
  - { type: text, text: "{text}", x: 6, y: 33, w: 51, h: 45, size: "{number} + 4", min_size: 3 }
  - { type: text, name: text, text: "{text}", x: 6, y: 33, w: 51, h: 45, size: 8, min_size: 6, color: ink }
"""

# card index -> its text: markup, a line break, a soft hyphen, one repeated on other cards,
# blank, too long, a tab and letters beyond ASCII
TEXTS = {1: "Gain **two** tokens, then *discard* one.", 2: "First line.\nSecond line.",
         3: "An extra\u00adordinary card.", 4: "Draw a card.", 5: "Draw a card.",
         6: "Draw a card.", 7: "  ", 8: "Resource " * 150, 10: "Tab\tand caf\u00e9 cr\u00e8me."}


def _deck(root: Path, n: int, texts: dict[int, str]) -> Path:
    project = gen_deck.make_project(root, n)
    (project / "layouts" / "bench" / "card.yaml").write_text(FRONT, encoding="utf-8")
    path = project / "data" / "bench" / "1" / "cards.yaml"
    cards = yaml.safe_load(path.read_text(encoding="utf-8"))
    for i, text in texts.items():
        cards[i]["text"] = text
    path.write_text(yaml.safe_dump(cards, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return project


def _shown(project: Path, game: str, edition: str | None = None, ink_saver: bool = False,
           clear: bool = True) -> list[str]:
    if clear:
        textplan._PLANS.clear()
    db = load_database(project, game, edition)
    try:
        faces = lay_out_faces(db, None, lambda stage, done, total: None, None, ink_saver)
    except ProblemsError as exc:
        return [repr(p) for p in exc.problems]
    return [f"{face} {d!r} {d.warnings!r} {faces.key(face)}" for face, d in faces.drawings.items()]


def _both(monkeypatch: pytest.MonkeyPatch, *args: Any) -> tuple[list[str], list[str]]:
    planned = _shown(*args)
    monkeypatch.setattr(textplan, "ENABLED", False)
    try:
        return planned, _shown(*args)
    finally:
        monkeypatch.setattr(textplan, "ENABLED", True)


def test_a_deck_of_every_kind_of_text_lays_out_as_without_plans(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    project = _deck(tmp_path / "deck", 30, {k: v for k, v in TEXTS.items() if k != 8})
    planned, unplanned = _both(monkeypatch, project, "bench")
    assert planned == unplanned
    assert len(planned) == 60 and "text='two '" in planned[2]
    plans = [found[4] for found in textplan._PLANS.values()]  # the last run's: without plans
    assert plans and all(p is None for p in plans)
    _shown(project, "bench")
    made = {found[0].name or found[0].text: found[4] for found in textplan._PLANS.values()}
    assert made["title"] is not None and made["text"] is not None
    assert made["No. {number} of {colour}"] is not None and made["Literal words"] is not None
    assert made["{colour.name}"] is not None
    assert made["{symbols}"] is None and made[None] is None  # justify; over:
    assert made["italic"] is None  # no italic face: the element's path warns
    unplanned = [found[0] for found in textplan._PLANS.values() if found[4] is None]
    assert len(unplanned) == 6  # and letter spacing, an outline, a bound size
    assert "Draw a card." in made["text"].fits  # fitted once, drawn on three cards


def test_a_plan_that_keeps_few_texts_draws_the_others_alike(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    project = _deck(tmp_path / "deck", 20, {k: v for k, v in TEXTS.items() if k != 8})
    monkeypatch.setattr(textplan, "FITS", 2)  # the first two texts of each plan kept
    planned, unplanned = _both(monkeypatch, project, "bench")
    assert planned == unplanned
    _shown(project, "bench")
    kept = [len(found[4].fits) for found in textplan._PLANS.values() if found[4] is not None]
    assert kept and max(kept) == 2


def test_problems_are_the_same_with_plans(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                          ) -> None:
    project = _deck(tmp_path / "deck", 12, {**TEXTS, 9: "A snowman \ue000 here."})
    planned, unplanned = _both(monkeypatch, project, "bench")
    assert planned == unplanned
    assert any("text-overflow" in p for p in planned) and any("missing-glyph" in p
                                                              for p in planned)


@pytest.mark.parametrize("ink_saver", [False, True])
@pytest.mark.parametrize("target", ["l5@0.6.5", "l5@act-one", "orbital-debris", "lux-aeterna"])
def test_the_seed_games_lay_out_as_without_plans(
        target: str, ink_saver: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    game, _, edition = target.partition("@")
    planned, unplanned = _both(monkeypatch, REPO, game, edition or None, ink_saver)
    assert planned == unplanned


def test_a_plan_is_its_palettes_and_languages_own(tmp_path: Path) -> None:
    project = _deck(tmp_path / "deck", 4, {})
    card = project / "layouts" / "bench" / "card.yaml"
    assert "'#202020'" in _shown(project, "bench")[0]
    card.write_text(FRONT.replace('ink: "#202020"', 'ink: "#0A0B0C"'), encoding="utf-8")
    again = _shown(project, "bench", clear=False)[0]
    assert "'#0A0B0C'" in again and "'#202020'" not in again
    game = project / "data" / "bench" / "game.yaml"
    data = yaml.safe_load(game.read_text(encoding="utf-8"))
    words = "Donaudampfschifffahrtsgesellschaftskapitaenswitwe und Hafenmeisterei " * 3
    (project / "data" / "bench" / "1" / "cards.yaml").write_text(yaml.safe_dump(
        [{**gen_deck.card(0), "text": words}]), encoding="utf-8")
    shown = {}
    for language in ("de", "en", "de"):  # the same text breaks elsewhere in each language
        game.write_text(yaml.safe_dump({**data, "language": language}), encoding="utf-8")
        lines = _shown(project, "bench", clear=False)
        shown.setdefault(language, lines)
        assert shown[language] == lines
    assert shown["de"] != shown["en"]


@pytest.mark.parametrize("target", ["bench", "l5@0.6.5", "lux-aeterna", "orbital-debris"])
def test_a_planned_lines_box_is_the_one_its_primitive_has(
        target: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[Any] = []

    def placed(*args: Any) -> Any:
        made.append(Placed(*args))
        return made[-1]

    monkeypatch.setattr(textplan, "Placed", placed)
    game, _, edition = target.partition("@")
    project = _deck(tmp_path / "deck", 30, TEXTS | {8: "Resource"}) if game == "bench" else REPO
    _shown(project, game, edition or None)
    boxes = [p.__dict__["box"] for p in made if "box" in p.__dict__]
    assert len(boxes) > 20 and len(boxes) == len(made)
    linebreak._LINE_WIDTHS.clear()  # widths worked out again, as a lint after many faces may
    assert boxes == [transform_box(p.matrix, bbox(p.item)) for p in made]
