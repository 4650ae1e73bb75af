"""What a warm process carries from one build to the next by identity (the very objects the
last build made, taken when they still hold the same values) gives what a cold build works
out afresh: the face cache's keys of the Components a warm load hands out again, and the
records of SVGs linked from the spare."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardgen.data.load import load_database
from cardgen.pipeline import manifest, sources, warm, writers
from tests.support import gen_deck


@pytest.fixture(autouse=True)
def _cool() -> Iterator[None]:
    yield
    warm.keep_warm(False)


def _keys(db: object) -> list[list[str]]:
    cache = sources.FaceCache(db, read_only=True)  # type: ignore[arg-type]
    return [cache.keys(c, ("front", "back")) for c in db.components]  # type: ignore[attr-defined]


def test_face_cache_keys_of_kept_components_are_the_keys(tmp_path: Path) -> None:
    """Load after load in a warm process (most Components handed out again), each
    component's keys are those of a cold load's same component."""
    project = gen_deck.make_project(tmp_path / "p", 12)
    warm.keep_warm()
    for card in (None, 3, 7, None):
        if card is not None:
            gen_deck.edit_one_card(project, card)
        db = load_database(project, gen_deck.GAME, gen_deck.EDITION)
        warm_keys = _keys(db)
        warm.keep_warm(False)
        assert warm_keys == _keys(load_database(project, gen_deck.GAME, gen_deck.EDITION))
        warm.keep_warm()
        load_database(project, gen_deck.GAME, gen_deck.EDITION)


def test_a_component_written_out_again_is_written_as_it_is(tmp_path: Path) -> None:
    """A Component that is not the very one the last face cache wrote out (an equal copy, or
    one whose values changed) is written out afresh."""
    project = gen_deck.make_project(tmp_path / "p", 4)
    db = load_database(project, gen_deck.GAME, gen_deck.EDITION)
    warm.keep_warm()
    first = _keys(db)
    assert _keys(db) == first
    db.components[0] = dataclasses.replace(db.components[0], name="Another name")
    db.components[1] = dataclasses.replace(db.components[1])
    again = _keys(db)
    warm.keep_warm(False)
    assert again == _keys(db) and again[0] != first[0] and again[1:] == first[1:]


def _plain(name: str, kind: str, source: str, size: int, digest: str) -> manifest.FileRecord:
    return manifest.FileRecord(name, "svg", [kind], 0, 1, source=source, size=size,
                               digest=digest).encode(Path("."))


@pytest.mark.parametrize("change", [
    lambda r: setattr(r, "size", None),
    lambda r: setattr(r, "source", None),
    lambda r: setattr(r, "digest", "0" * 64),
    lambda r: r.kinds.append("token"),
    lambda r: r.kinds.__setitem__(0, "token"),
    lambda r: setattr(r, "kinds", ("card",)),
    lambda r: r.copies.update({"c1": {"front": 1}}),
    lambda r: setattr(r, "paper", "letter"),
    lambda r: setattr(r, "pages", 2),
    lambda r: setattr(r, "holds", "preview"),
    lambda r: setattr(r, "encoded", None),
    lambda r: setattr(r, "page_sides", ["front"]),
])
def test_a_kept_svg_record_is_taken_only_while_it_is_as_made(change) -> None:
    """An SVG's record is the last build's very record for the same values; one changed
    since (by a later step of that build) is made afresh: what a cold build makes."""
    args = ("svg/card/c1.svg", "card", "svg:abc", 120, "f" * 64)
    warm.keep_warm()
    first = writers._svg_record(*args[:3], args[3:])  # type: ignore[arg-type]
    assert first == _plain(*args) and first.encoded == _plain(*args).encoded
    assert writers._svg_record(*args[:3], args[3:]) is first  # type: ignore[arg-type]
    other = writers._svg_record("svg/card/c1.svg", "card", "svg:abd", (120, "f" * 64))
    assert other is not first and other == _plain("svg/card/c1.svg", "card", "svg:abd", 120,
                                                  "f" * 64)
    first = writers._svg_record(*args[:3], args[3:])  # type: ignore[arg-type]
    change(first)
    again = writers._svg_record(*args[:3], args[3:])  # type: ignore[arg-type]
    assert again is not first
    assert again == _plain(*args) and again.encoded == _plain(*args).encoded
    warm.keep_warm(False)
    assert not writers._SVG_RECORDS


def _counted(pages: list) -> dict[str, dict[str, int]]:
    copies: dict[str, dict[str, int]] = {}
    for page in pages:
        for p in page.placements:
            if p.counts:
                copies.setdefault(p.face[0], {}).setdefault(p.face[1], 0)
                copies[p.face[0]][p.face[1]] += 1
    return copies


def test_copies_placed_are_counted_again_only_for_the_very_pages(tmp_path: Path) -> None:
    """A warm process takes a home-print file's copies placed again for the very pages it
    counted (a kept plan's); other pages, even as many, are counted."""
    from cardgen.pipeline import BuildOptions, lay_out_faces, plans

    project = gen_deck.make_project(tmp_path / "p", 30)
    db = load_database(project, gen_deck.GAME, gen_deck.EDITION)
    faces = lay_out_faces(db, None, lambda *a: None)
    letter = plans.planned(db, faces, BuildOptions(), "letter").files
    a4 = plans.planned(db, faces, BuildOptions(), "a4").files
    warm.keep_warm()
    for files in (letter, a4, letter):
        for f in files:
            assert plans.kept_copies_placed(f.pages) == _counted(f.pages)
            assert plans.kept_copies_placed(list(f.pages)) is plans.kept_copies_placed(f.pages)
    shorter = [dataclasses.replace(page, placements=page.placements[1:])
               for page in letter[0].pages]
    assert plans.kept_copies_placed(shorter) == _counted(shorter) != _counted(letter[0].pages)
    warm.keep_warm(False)
    assert not plans._PLACED
