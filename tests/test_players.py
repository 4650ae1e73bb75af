"""Box lists that depend on the player count: check and build for N players."""

from __future__ import annotations

import pytest

from cardgen.check import check
from cardgen.data.load import load_database
from cardgen.data.players import for_players
from tests.conftest import REPO


@pytest.fixture(scope="module")
def db():
    return load_database(REPO, "l5", "0.6.2")


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_check_passes_for_every_player_count(db, players: int) -> None:
    report = check(db, players=players)
    assert not report.failed(), [(r.kind, r.verdict, r.detail) for r in report.rows if not r.ok]
    assert report.players == players


@pytest.mark.parametrize("players", [1, 3, 5])
def test_subset_holds_what_the_box_list_says_for_n_players(db, players: int) -> None:
    subset = for_players(db, players)
    for row in db.edition.inventory:
        if isinstance(row.count, int) or row.where:
            continue
        for kind in row.kinds:
            has = sum(c.count for c in subset.components if c.kind == kind)
            available = sum(c.count for c in db.components if c.kind == kind)
            assert has == min(row.count.for_players(players), available), (row.line, kind)


def test_one_player_prints_fewer_pieces_than_five(db) -> None:
    one = sum(c.count for c in for_players(db, 1).components)
    five = sum(c.count for c in for_players(db, 5).components)
    assert one < five == sum(c.count for c in db.components)


@pytest.mark.parametrize("players", [1, 3, 5])
def test_a_ranged_total_is_compared_with_its_parts_at_the_full_box(db, players: int) -> None:
    found = [f for f in check(db, players=players).findings if f.rule == "total-vs-parts"]
    assert [f.message.split(" (")[0] for f in found] == [
        "the box list states 16 but its parts add up to 14"]
