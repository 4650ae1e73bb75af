"""While keeping, a load takes the first components file from what the last load took but
for the items that are not the very values it took (`data/filekeep.py`): every warm load
gives what a cold load gives (components, places, quotes, problems), and what was taken is
not taken again once the kinds, an item's id or the file's items changed."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardgen.data import filekeep, yamlkeep
from cardgen.data.load import load_database
from cardgen.errors import ProblemsError
from tests.conftest import REPO
from tests.support import gen_deck

CARDS = 24


@pytest.fixture
def taken(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[bool]]:
    """What each `take_again` answered, while keeping."""
    answers: list[bool] = []
    real = filekeep.take_again

    def counting(*args, **kwargs):  # type: ignore[no-untyped-def]
        answers.append(real(*args, **kwargs))
        return answers[-1]

    monkeypatch.setattr(filekeep, "take_again", counting)
    yamlkeep.keep_parsed()
    try:
        yield answers
    finally:
        yamlkeep.keep_parsed(False)


def _loaded(project: Path, game: str = gen_deck.GAME) -> object:
    """What a load gives (its components with their places, its quotes), or its problems."""
    try:
        db = load_database(project, game, None)
    except ProblemsError as exc:
        return [str(p) for p in exc.problems]
    return [(c, c.where) for c in db.components], db.quotes


def _cold(project: Path, game: str = gen_deck.GAME) -> object:
    """A load from the disk alone, what is kept left as it is."""
    yamlkeep._ON = False
    try:
        return _loaded(project, game)
    finally:
        yamlkeep._ON = True


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_warm_load_takes_the_unchanged_items_whole_and_gives_a_cold_loads(
        tmp_path: Path, taken: list[bool]) -> None:
    project = gen_deck.make_project(tmp_path / "p", CARDS)
    cards = project / "data" / gen_deck.GAME / gen_deck.EDITION / "cards.yaml"
    game = project / "data" / gen_deck.GAME / "game.yaml"
    _loaded(project)
    edits = [  # (the edit, whether the last load's takings serve)
        (lambda: gen_deck.edit_one_card(project, 3), True),
        (lambda: gen_deck.edit_one_card(project, 5), True),
        (lambda: _replace(cards, "- id: card-00010", "\n- id: card-00010"), True),  # places move
        (lambda: _replace(cards, "  number: 5\n", "  number: 6\n"), True),
        (lambda: _replace(cards, "id: card-00007", "id: card-00007b"), False),  # another id
        (lambda: _replace(game, "max: 9", "max: 10"), False),  # other kinds
        (lambda: gen_deck.edit_one_card(project, 8), True),
        (lambda: _replace(cards, "id: card-00009", "id: card-00011"), False),  # a duplicate
        (lambda: _replace(cards, "id: card-00011", "id: card-00009"), True),  # as before it
        (lambda: gen_deck.edit_one_card(project, 12), True),
    ]
    for edit, whole in edits:
        edit()
        taken.clear()
        warm = _loaded(project)
        assert taken == [whole]
        assert warm == _cold(project)


def test_quotes_of_a_file_taken_again_are_a_cold_loads(tmp_path: Path,
                                                         taken: list[bool]) -> None:
    project = tmp_path / "p"
    shutil.copytree(REPO / "data", project / "data")
    shutil.copy(REPO / "cardgen.yaml", project / "cardgen.yaml")
    boards = project / "data" / "orbital-debris" / "1.0.0" / "boards.yaml"
    _loaded(project, "orbital-debris")
    for old, new in [("stack_order: 3", "stack_order: 4"), ("stack_order: 4", "stack_order: 3"),
                     ('source: "1 Low Earth Orbit (LEO)"', 'source: "Low Earth Orbit"')]:
        _replace(boards, old, new)
        taken.clear()
        warm = _loaded(project, "orbital-debris")
        assert taken[0] is True
        assert warm == _cold(project, "orbital-debris")
