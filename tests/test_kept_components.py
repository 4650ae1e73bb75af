"""While keeping (`cardgen watch`, `serve`), a load hands out the last load's Component of an
item whose text, place, edition and the kinds and vocabularies it was checked against are
unchanged (`data/components.py`): every warm load gives the components a cold load gives."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cardgen.data import components, yamlkeep
from cardgen.data.load import load_database
from cardgen.data.model import Component
from tests.support import gen_deck

CARDS = 24


@pytest.fixture(autouse=True)
def _keeping() -> Iterator[None]:
    yamlkeep.keep_parsed()
    yield
    yamlkeep.keep_parsed(False)


def _load(project: Path) -> list[Component]:
    return load_database(project, gen_deck.GAME, gen_deck.EDITION).components


def _cold(project: Path) -> list[Component]:
    """A load from the disk alone, what is kept left as it is."""
    yamlkeep._ON = False
    try:
        return _load(project)
    finally:
        yamlkeep._ON = True


def _kept_as_parsed() -> None:
    """What yamlkeep keeps (and hands out shared to loads) is what the files parse to: no load
    wrote into it."""
    assert yamlkeep._KEPT
    for kept in yamlkeep._KEPT.values():
        assert kept.source.data == yamlkeep._parse(kept.raw, kept.source.file).data


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_warm_loads_give_the_components_of_cold_loads(tmp_path: Path) -> None:
    project = gen_deck.make_project(tmp_path / "p", CARDS)
    game = project / "data" / gen_deck.GAME / "game.yaml"
    cards = project / "data" / gen_deck.GAME / gen_deck.EDITION / "cards.yaml"
    _replace(game, "      text:\n", "      code:\n        type: text\n      text:\n")
    _replace(cards, "  number: 3\n", "  number: 3\n  code: 10:30\n")  # read as 630, kept as typed
    first = _load(project)
    assert first == _cold(project)
    assert next(c for c in first if c.id == "card-00003").fields["code"] == "10:30"
    _kept_as_parsed()

    _replace(cards, "  number: 5\n", "  number: 6\n")  # one card edited: the others kept
    second = _load(project)
    assert second == _cold(project)
    assert [a is b for a, b in zip(first, second, strict=True)] == [
        c.id != "card-00005" for c in first]

    again = _load(project)  # the card written back as typed: kept too
    assert again == second and all(a is b for a, b in zip(second, again, strict=True))
    _kept_as_parsed()

    # a blank line ends card 9 (its text changed): the cards after it moved a line
    _replace(cards, "- id: card-00010", "\n- id: card-00010")
    moved = _load(project)
    assert moved == _cold(project)
    assert [c.where for c in moved] != [c.where for c in second]
    assert all((a is b) == (i < 8) for i, (a, b) in enumerate(zip(second, moved, strict=True)))

    _replace(game, "        type: text\n      text:", "        type: int\n      text:")  # kinds
    typed = _load(project)
    assert typed == _cold(project)
    assert next(c for c in typed if c.id == "card-00003").fields["code"] == 630
    assert not any(a is b for a, b in zip(moved, typed, strict=True))
    _kept_as_parsed()
    _replace(game, "        type: int\n      text:", "        type: text\n      text:")
    assert _load(project) == _cold(project)
    _kept_as_parsed()


def test_nothing_is_kept_once_keeping_stops(tmp_path: Path) -> None:
    project = gen_deck.make_project(tmp_path / "p", CARDS)
    first = _load(project)
    assert components._KEPT_COMPONENTS
    yamlkeep.keep_parsed(False)
    assert not components._KEPT_COMPONENTS
    cold = _load(project)
    assert cold == first and not any(a is b for a, b in zip(first, cold, strict=True))
    assert not components._KEPT_COMPONENTS
