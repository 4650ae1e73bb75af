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


# ---------------------------------------------------------------- on a tiny game


def _tiny(tmp_path, inventory: str, players: str = ""):
    from tests.test_load_units import _project

    _project(tmp_path, edition='edition: "1"\n' + players + "inventory:\n" + inventory,
             cards="- { id: t1, kind: token, count: 3 }\n- { id: c1, kind: card, count: 2 }\n"
                   "- { id: t2, kind: token, count: 2 }\n- { id: t3, kind: token }\n")
    return load_database(tmp_path, "g")


def _counts(db) -> list[tuple[str, int]]:
    return [(c.id, c.count) for c in db.components]


def test_the_first_components_of_a_kind_are_kept_until_the_count_for_n_players(tmp_path) -> None:
    db = _tiny(tmp_path, "  - { line: TOKENS, kind: token, count: { per_player: 2, plus: 1 } }\n"
                         "  - { line: CARDS, kind: card, count: 2 }\n")
    assert _counts(for_players(db, 1)) == [("t1", 3), ("c1", 2)]
    assert _counts(for_players(db, 2)) == [("t1", 3), ("c1", 2), ("t2", 2)]
    assert _counts(for_players(db, 3)) == [("t1", 3), ("c1", 2), ("t2", 2), ("t3", 1)]
    assert _counts(for_players(db, 0)) == [("t1", 1), ("c1", 2)]  # a component cut to what is needed
    assert _counts(db) == [("t1", 3), ("c1", 2), ("t2", 2), ("t3", 1)]  # the database is left whole
    assert for_players(db, 1).edition is db.edition


def test_player_counts_are_clamped_and_rows_with_where_are_left_whole(tmp_path) -> None:
    db = _tiny(tmp_path, "  - { line: ALL, kind: [token, card], count: { per_player: 2, min: 4, max: 5 } }\n")
    assert _counts(for_players(db, 1)) == [("t1", 3), ("c1", 2), ("t2", 1)]    # at least 4
    assert _counts(for_players(db, 9)) == [("t1", 3), ("c1", 2), ("t2", 2)]    # at most 5
    db = _tiny(tmp_path, "  - { line: SOME, kind: token, count: { per_player: 1 }, where: { id: t1 } }\n",
               players="players: { min: 2, max: 4 }\n")
    assert _counts(for_players(db, 1)) == _counts(db)
    from cardgen.data.players import players_range
    assert players_range(db) == (2, 4)
    assert players_range(_tiny(tmp_path / "x", "  - { line: T, kind: token, count: 6 }\n")) is None
