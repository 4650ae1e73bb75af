"""Lint findings kept by what they depend on (cardgen.layout.lintmemo): every face gets what
linting it alone gives, under its own name, though faces that differ only in their words are
linted once; a finding a face's own words cause (a line reaching another element) is that
face's alone."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.data.load import load_database
from cardgen.errors import Problem, ProblemsError
from cardgen.layout import face as face_module
from cardgen.layout import lintmemo, lints
from cardgen.layout.drawing import Drawing, Rect, Style
from cardgen.layout.drawing import Text as TextItem
from cardgen.layout.located import Located
from cardgen.pipeline.faces import lay_out_faces
from tests.support import gen_deck

REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO / "tests" / "fixtures"


def _checked(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """lint_face, each face's findings compared with what its linter alone finds; counts of
    faces and of faces whose findings came from the memo."""
    counts = {"faces": 0, "kept": 0}
    real = lintmemo.lint_face

    def lint_face(memo: lintmemo.LintMemo | None, linter: lints.FaceLinter) -> list[Problem]:
        before = dict(memo.kept) if memo is not None else {}
        got = real(memo, linter)
        alone = lints.FaceLinter(linter.drawing, linter.placed, linter.safe, linter.circle,
                                 linter.face, linter.stretched, linter.fallback).run()
        assert got == alone, linter.face
        counts["faces"] += 1
        found = lintmemo._key(linter, memo.tight) if memo is not None else None
        if found is not None and found[0] in before:
            counts["kept"] += 1
        return got

    monkeypatch.setattr(face_module, "lint_face", lint_face)
    return counts


def _faces(project: Path, game: str, edition: str | None = None, ink_saver: bool = False,
           draft: bool = False) -> Any:
    db = load_database(project, game, edition, draft=draft)
    return lay_out_faces(db, None, lambda stage, done, total: None, None, ink_saver)


# a front whose title box reaches under the number's and the marker drawn after it: a short
# name reaches neither, a long one both
FRONT = """\
size: [63, 88]
bleed: 3
sheet: cards
# lint-ok: colour-alone a test deck
background: "{colour.color}"
edition_mark: false
elements:
  - { type: rect, x: 3, y: 3, w: 57, h: 82, radius: 2, fill: "#FFFFFF", stroke: "#222222" }
  - { type: text, name: title, text: "{name}", x: 6, y: 6, w: 44, h: 6, size: 11, font: bold }
  - { type: text, name: number, text: "{number}", x: 45, y: 6, w: 12, h: 6, size: 11,
      font: bold, align: right }
  - { type: rect, name: marker, x: 40, y: 8, w: 3, h: 2, fill: "#222222" }
  - { type: text, name: text, text: "{text}", x: 6, y: 33, w: 51, h: 45, size: 8, min_size: 5 }
"""


def _deck(root: Path, n: int, names: dict[int, str], texts: dict[int, str] | None = None
          ) -> Path:
    project = gen_deck.make_project(root, n)
    (project / "layouts" / "bench" / "card.yaml").write_text(FRONT, encoding="utf-8")
    cards = project / "data" / "bench" / "1" / "cards.yaml"
    data = yaml.safe_load(cards.read_text(encoding="utf-8"))
    for i, card in enumerate(data):
        card["name"] = names.get(i, "Card")
        card["text"] = (texts or {}).get(i, card["text"])
    cards.write_text(yaml.safe_dump(data, sort_keys=False, width=1000), encoding="utf-8")
    return project


def test_a_line_reaching_another_element_is_that_faces_finding(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    counts = _checked(monkeypatch)
    project = _deck(tmp_path / "deck", 40, {7: "Wide Wide Wide W"})
    faces = _faces(project, "bench")
    over = [(face, w.path) for face, d in faces.drawings.items() for w in d.warnings
            if w.rule == "overlaps-text"]
    assert over == [(("card-00008", "front"), "card-00008 elements[1] (title)")]
    assert counts["kept"] > 20  # the other fronts' findings: kept from the first ones


def test_a_kept_finding_names_each_face_it_is_given_to(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    counts = _checked(monkeypatch)
    body = " ".join(["resource"] * 60)  # fitted under 7.5 pt: the small-body-text note
    project = _deck(tmp_path / "deck", 12, {}, {i: body for i in range(12)})
    faces = _faces(project, "bench")
    noted = {face: [w.path for w in d.warnings if w.rule == "small-body-text"]
             for face, d in faces.drawings.items() if face[1] == "front"}
    assert noted == {(f"card-{i:05d}", "front"): [f"card-{i:05d} elements[4] (text)"]
                     for i in range(1, 13)}
    assert counts["kept"] >= 6  # one face per colour of background is linted (and the first)


def test_a_texts_lines_in_a_row_are_keyed_once_with_their_count(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    linters: dict[str, lints.FaceLinter] = {}

    def lint_face(memo: lintmemo.LintMemo | None, linter: lints.FaceLinter) -> list[Problem]:
        linters[linter.face] = linter
        return []

    monkeypatch.setattr(face_module, "lint_face", lint_face)
    short, other, longer = "one two three " * 6, "four five six " * 6, "one two three " * 8
    # cards 1, 37 and 73: one colour, one number, the same title; their texts differ
    _faces(_deck(tmp_path / "deck", 73, {}, {0: short, 36: other, 72: longer}), "bench")

    def key(face: str) -> tuple[Any, ...]:
        found = lintmemo._key(linters[face], {})
        assert found is not None
        return found[0]

    lines = [sum(1 for p in linters[f].placed if p.el is not None and p.el.name == "text")
             for f in ("card-00001", "card-00037", "card-00073")]
    assert lines[0] == lines[1] < lines[2]
    assert key("card-00001") == key("card-00037") != key("card-00073")
    assert key("card-00001")[-1][-1] == lines[0]  # the body's lines: one part, counted


@pytest.mark.parametrize("ink_saver,draft", [(False, False), (True, False), (False, True)])
def test_the_seed_games_and_fixtures_lint_as_each_face_alone(
        ink_saver: bool, draft: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    counts = _checked(monkeypatch)
    targets = [(REPO, "l5", "0.6.5"), (REPO, "l5", "act-one"), (REPO, "orbital-debris", None),
               (REPO, "lux-aeterna", None)]
    targets += [(path, next(iter((path / "data").iterdir())).name, None)
                for path in sorted(FIXTURES.iterdir()) if (path / "data").is_dir()]
    for project, game, edition in targets:
        with contextlib.suppress(ProblemsError):  # a fixture made to fail: linted all the same
            _faces(project, game, edition, ink_saver, draft)
    assert counts["faces"] > 100


# anywhere, or inside the safe area (where the memo may keep findings)
_ENVELOPE = st.one_of(
    st.tuples(st.floats(-2, 40), st.floats(-2, 70), st.floats(10, 50), st.floats(8, 20)),
    st.tuples(st.floats(4, 25), st.floats(4, 60), st.floats(20, 34), st.floats(8, 14)))
_SHAPE = st.one_of(
    st.tuples(st.sampled_from(["rect", "frame"]), st.floats(-5, 60), st.floats(-5, 80),
              st.floats(1, 60), st.floats(1, 80), st.sampled_from(["#FFFFFF", "#1B8A8F"]),
              st.booleans()),
    st.tuples(st.sampled_from(["rect", "frame"]), st.floats(2, 4), st.floats(2, 4),
              st.floats(55, 58), st.floats(80, 83), st.sampled_from(["#FFFFFF", "#1B8A8F"]),
              st.just(False)))  # a frame or card under everything


@settings(max_examples=300, deadline=None)
@given(texts=st.lists(st.tuples(_ENVELOPE, st.sampled_from([5.5, 7.0, 9.0]),
                                st.sampled_from(["#222222", "#EEEEEE"]), st.integers(1, 2)),
                      min_size=1, max_size=3),
       shapes=st.lists(_SHAPE, max_size=3),
       words=st.lists(st.lists(st.integers(1, 5), min_size=1, max_size=3), min_size=2,
                      max_size=4))
def test_faces_of_one_key_find_what_each_finds_alone(
        texts: list[Any], shapes: list[Any], words: list[list[int]]) -> None:
    """Faces alike but for their words (each line inside its element's envelope) take the
    first one's findings only when linting each gives them."""
    owners = [Located() for _ in range(len(texts) + len(shapes))]

    def placed(counts: list[int]) -> list[lints.Placed]:
        out = [background]  # the same objects on every face, as the layout memo gives them
        out += [shape_placed[k] for k, shape in enumerate(shapes) if not shape[-1]]
        for k, ((x, y, w, h), size, ink, lines) in enumerate(texts):
            n = counts[k % len(counts)]  # the words differ from face to face, not the lines
            for line in range(lines):
                out.append(lints.Placed(TextItem(x, y + 3 + 3.2 * line, "Gain " * n, "regular",
                                                 size, ink), owners[k], role="content",
                                        envelope=(x, y, x + w, y + h)))
        return out + [shape_placed[k] for k, shape in enumerate(shapes) if shape[-1]]

    background = lints.Placed(Rect(-3, -3, 69, 94, Style(fill="#FFFFFF")), None,
                              role="background")
    shape_placed = [lints.Placed(Rect(x, y, w, h, Style(fill=None if kind == "frame" else fill,
                                                        stroke="#000000")), owners[len(texts) + k])
                    for k, (kind, x, y, w, h, fill, _) in enumerate(shapes)]
    memo = lintmemo.LintMemo()
    for counts in [*words, *words]:
        for_memo = placed(counts)
        got = lintmemo.lint_face(memo, lints.FaceLinter(Drawing("f", 63, 88), for_memo, 4.0,
                                                        False, f"face{counts}"))
        alone = lints.FaceLinter(Drawing("f", 63, 88), placed(counts), 4.0, False,
                                 f"face{counts}").run()
        assert got == alone
