"""What the PDF writers of one warm build work out once and share, or take again from the last
build: a document's uses when another placed the very faces (writers.painted), the faces'
facts (pagekeys), the characters (pdfops._warm_chars), the faces a kept plan's pages place
(pagekeys.placed_faces), and a spliced file's cross-reference table (pdfsplice). Each is
taken only for the very inputs it was made of, and is what working it out gives."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardgen import impose
from cardgen.data.load import load_database
from cardgen.impose.papers import PAPERS
from cardgen.pipeline import pagekeys, pdfops, pdfsplice, warm
from cardgen.pipeline.copygroups import copy_groups
from cardgen.pipeline.faces import Faces, lay_out_faces
from cardgen.pipeline.writers import painted
from cardgen.render import faceops
from tests.support import gen_deck


@pytest.fixture
def warm_on() -> Iterator[None]:
    warm.keep_warm()
    try:
        yield
    finally:
        warm.keep_warm(False)


def _faces(tmp_path: Path) -> Faces:
    project = gen_deck.make_project(tmp_path / "deck", 12)
    db = load_database(project, "bench", None)
    return lay_out_faces(db, None, lambda stage, done, total: None)


def _placed(faces: Faces) -> list[tuple[str, str]]:
    return [(c.id, side) for c in faces.components for side in ("front", "back")
            if (c.id, side) in faces.drawings]


def _cold_painted(faces: Faces, placed: list[tuple[str, str]]) -> tuple[object, ...]:
    warm.keep_warm(False)
    try:
        painter, drawn = painted(faces, placed)
    finally:
        warm.keep_warm()
    return painter.reused, painter.keys, drawn


def test_documents_placing_the_very_faces_of_one_build_share_their_uses(
        tmp_path: Path, warm_on: None) -> None:
    faces = _faces(tmp_path)
    placed = _placed(faces)
    first, drawn = painted(faces, placed, "pnp-letter.pdf")
    again, shared = painted(faces, list(placed), "pnp-a4.pdf")
    assert shared is drawn and again.reused is first.reused and again.keys is first.keys
    # the same document again (a face may have changed in place): worked out again
    assert painted(faces, placed, "pnp-letter.pdf")[1] is not drawn
    assert (again.reused, again.keys, shared) == _cold_painted(faces, placed)  # (memos gone)
    # other faces placed, or the faces of another build (laid out again): worked out
    other = [*placed[2:], *placed[:2]]
    mine, drawn_other = painted(faces, other, "pnp-a4.pdf")
    assert drawn_other is not drawn
    assert (mine.reused, mine.keys, drawn_other) == _cold_painted(faces, other)
    later = _faces(tmp_path / "again")
    painted(later, placed, "pnp-letter.pdf")
    _, drawn_later = painted(faces, placed, "pnp-a4.pdf")
    assert drawn_later is not drawn and drawn_later == _cold_painted(faces, placed)[2]
    assert all(d is faces.drawings[f] for (_, d), f in zip(drawn_later, dict.fromkeys(placed),
                                                           strict=True))


def test_facts_are_taken_again_only_for_the_very_painter_and_drawings(
        tmp_path: Path, warm_on: None) -> None:
    faces = _faces(tmp_path)
    placed = _placed(faces)
    painter, _ = painted(faces, placed, "pnp-letter.pdf")
    made = pagekeys._shared_facts("pnp-letter.pdf", painter, faces.drawings, placed)
    assert made == pagekeys.facts(painter, [faces.drawings[f] for f in placed])
    assert pagekeys._shared_facts("pnp-a4.pdf", painter, faces.drawings, list(placed)) is made
    # the same document again (a drawing may have changed in place): worked out again
    assert pagekeys._shared_facts("pnp-letter.pdf", painter, faces.drawings, placed) is not made
    # another drawings dict (a face drawn anew), or other faces placed: worked out again
    drawings = dict(faces.drawings)
    face = placed[0]
    drawings[face] = dataclasses.replace(drawings[face])
    again = pagekeys._shared_facts("pnp-letter.pdf", painter, drawings, placed)
    assert again is not made and again[0][0] is drawings[face]
    assert again == pagekeys.facts(painter, [drawings[f] for f in placed])
    fewer = pagekeys._shared_facts("pnp-letter.pdf", painter, drawings, placed[1:])
    assert fewer == pagekeys.facts(painter, [drawings[f] for f in placed[1:]])
    # what changed between two facts, once per pair
    found = pagekeys._shared_changed(again, made)
    assert found == pagekeys.changed(again, made) == [0]
    assert pagekeys._shared_changed(again, made) is found
    assert pagekeys._shared_changed(again, again) == []  # the same now, another last
    assert pagekeys._shared_changed(made, made) == []


def test_characters_are_taken_again_only_for_the_very_faces_and_shaping(
        tmp_path: Path, warm_on: None, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardgen.render.pdf import register_fonts

    register_fonts()  # as a store does before its first PDF
    faces = _faces(tmp_path)
    _, drawn = painted(faces, _placed(faces), "print/card.pdf")
    chars = pdfops._warm_chars(drawn, {})
    assert pdfops._warm_chars(drawn, {}) is chars
    fewer = drawn[1:]
    assert dict(pdfops._warm_chars(fewer, {})) == dict(faceops.doc_chars(fewer, {}))
    assert pdfops._warm_chars(fewer, {}).covered == faceops.doc_chars(fewer, {}).covered
    copied = list(drawn)
    assert pdfops._warm_chars(copied, {}) is not chars  # an equal list: worked out
    assert pdfops._warm_chars(copied, {}) == chars
    last = pdfops._warm_chars(copied, {})
    shaping = object()
    monkeypatch.setattr(faceops, "_shaping", lambda: shaping)
    anew = pdfops._warm_chars(copied, {})  # another shaping: worked out anew
    assert anew is not last and anew == chars and pdfops._LAST_CHARS["last"][1] is shaping


def test_the_faces_placed_follow_a_placement_changed_in_place(
        tmp_path: Path, warm_on: None) -> None:
    faces = _faces(tmp_path)
    project = tmp_path / "deck"
    db = load_database(project, "bench", None)
    (plan, *_) = impose.plan_home_print(copy_groups(db, faces), PAPERS["letter"], fold=False,
                                        offset=(0.0, 0.0), heading="x")
    pages = plan.pages

    def cold() -> tuple[list[int], list[tuple[str, str]]]:
        return ([len(p.placements) for p in pages],
                [p.face for page in pages for p in page.placements])

    counts, placed = pagekeys.placed_faces("pnp-letter.pdf", pages)
    assert (counts, placed) == cold()
    assert pagekeys.placed_faces("pnp-letter.pdf", list(pages))[1] is placed
    page = next(p for p in pages if p.placements)
    page.placements[0] = dataclasses.replace(page.placements[0], face=("other", "front"))
    again = pagekeys.placed_faces("pnp-letter.pdf", pages)
    assert again[1] is not placed and again == cold()
    del page.placements[-1]
    assert pagekeys.placed_faces("pnp-letter.pdf", pages) == cold()


def test_a_moved_table_is_the_table_of_the_moved_offsets() -> None:
    rng = random.Random(7)
    for _ in range(200):
        offsets = sorted(rng.sample(range(100, 10**7), rng.randint(1, 60)))
        table = pdfsplice._xref(offsets)
        replaced = sorted(rng.sample(range(1, len(offsets) + 1),
                                     rng.randint(1, min(3, len(offsets)))))
        moved, shift = list(offsets), 0
        ends = [*replaced[1:], len(offsets)]
        for number, end in zip(replaced, ends, strict=True):  # each replaced one grows,
            shift += rng.choice([-7, 0, 3, 7])  # shrinks or keeps its length
            if number == replaced[-1] and rng.random() < 0.3:
                shift = 0  # the shifts cancel out
            for i in range(number, end):  # the objects after it, up to the next replaced
                moved[i] = offsets[i] + shift
        assert pdfsplice._moved_table(table, offsets, moved, replaced[0]) == pdfsplice._xref(moved)
    offsets = [15, 120, 300]
    table = pdfsplice._xref(offsets)
    assert pdfsplice._moved_table(table, offsets, list(offsets), 2) is table
    # shifts that cancel out: the objects between the two replaced ones still moved
    assert pdfsplice._moved_table(table, offsets, [15, 125, 300], 1) == pdfsplice._xref(
        [15, 125, 300])
