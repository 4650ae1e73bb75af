"""While warm, a rebuild takes the last build's faces whole but for the components that are
not the very ones it chose (`pipeline/facesagain.py`, `FaceCache.take_again`): the same faces,
keys and order as laying every face out; never once the face cache, a layout file or what
was asked changed."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from cardgen import layout
from cardgen.data.load import load_database
from cardgen.pipeline import facesagain, sources, warm
from cardgen.pipeline.faces import Faces, lay_out_faces
from tests.support import gen_deck

CARDS = 12


@pytest.fixture
def laid_out(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Names of the faces cardgen.layout.lay_out was asked for, while warm."""
    calls: list[str] = []
    real = layout.lay_out

    def counting(session, component, side, *more):  # type: ignore[no-untyped-def]
        calls.append(f"{component.id}-{side}")
        return real(session, component, side, *more)

    monkeypatch.setattr(layout, "lay_out", counting)
    warm.keep_warm()
    try:
        yield calls
    finally:
        warm.keep_warm(False)


def _lay_out(project: Path, ink_saver: bool = False) -> Faces:
    db = load_database(project, gen_deck.GAME, None)
    cache = sources.FaceCache(db)
    faces = lay_out_faces(db, None, lambda stage, done, total: None, cache, ink_saver)
    cache.save()
    return faces


def _shape(faces: Faces) -> tuple[object, ...]:
    """What a build reads of its faces, in order: components, faces and their keys, sheets."""
    return ([c.id for c in faces.components], list(faces.drawings),
            [(face, faces.key(face)) for face in faces.drawings], list(faces.keys.items()),
            faces.sheets)


def _cold(project: Path, where: Path, ink_saver: bool = False) -> tuple[object, ...]:
    """The faces of a copy of the project laid out by a process keeping nothing warm."""
    shutil.copytree(project, where, ignore=shutil.ignore_patterns("output", sources.CACHE_FOLDER))
    warm.keep_warm(False)
    try:
        return _shape(_lay_out(where, ink_saver))
    finally:
        warm.keep_warm()


def test_an_edit_lays_out_one_card_and_takes_the_others_whole(tmp_path: Path,
                                                              laid_out: list[str]) -> None:
    project = gen_deck.make_project(tmp_path / "p", CARDS)
    _lay_out(project)
    for card in (4, 7):
        gen_deck.edit_one_card(project, card)
        laid_out.clear()
        faces = _lay_out(project)
        assert laid_out == [f"card-{card + 1:05d}-front", f"card-{card + 1:05d}-back"]
        assert facesagain._LAST[0] is not None and faces.fresh == 2
        assert _shape(faces) == _cold(project, tmp_path / f"cold{card}")


def _touch_layout(project: Path) -> None:
    card = project / "layouts" / gen_deck.GAME / "card.yaml"
    card.write_text(card.read_text() + "# a comment\n")


def _drop_cache(project: Path) -> None:
    shutil.rmtree(project / sources.CACHE_FOLDER)


def _rename_card(project: Path) -> None:
    cards = project / "data" / gen_deck.GAME / gen_deck.EDITION / "cards.yaml"
    cards.write_text(cards.read_text().replace("card-00003", "card-00003b"))


@pytest.mark.parametrize("change", [_touch_layout, _drop_cache, _rename_card])
def test_the_last_faces_are_not_taken_once_what_they_were_made_from_changed(
        tmp_path: Path, laid_out: list[str], change: Callable[[Path], None]) -> None:
    project = gen_deck.make_project(tmp_path / "p", CARDS)
    _lay_out(project)
    change(project)
    gen_deck.edit_one_card(project, 5)
    laid_out.clear()
    faces = _lay_out(project)
    everything = change is not _rename_card  # a renamed card: its faces and the edited one's
    assert len(laid_out) == (2 * CARDS if everything else 4)
    assert _shape(faces) == _cold(project, tmp_path / "cold")


def test_the_last_faces_are_not_taken_for_other_ink(tmp_path: Path, laid_out: list[str]) -> None:
    project = gen_deck.make_project(tmp_path / "p", CARDS)
    _lay_out(project)
    laid_out.clear()
    faces = _lay_out(project, ink_saver=True)
    assert len(laid_out) == 2 * CARDS
    assert _shape(faces) == _cold(project, tmp_path / "cold", ink_saver=True)


def test_a_cache_that_only_reads_takes_nothing_whole(tmp_path: Path, laid_out: list[str]) -> None:
    project = gen_deck.make_project(tmp_path / "p", CARDS)
    _lay_out(project)
    db = load_database(project, gen_deck.GAME, None)
    cache = sources.FaceCache(db, read_only=True)
    lay_out_faces(db, None, lambda stage, done, total: None, cache)
    assert facesagain._LAST[0] is None
    gen_deck.edit_one_card(project, 2)
    laid_out.clear()
    faces = _lay_out(project)
    assert laid_out == ["card-00003-front", "card-00003-back"]  # the others from the cache
    assert _shape(faces) == _cold(project, tmp_path / "cold")
