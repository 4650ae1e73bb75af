"""data/model.py: the small behaviours of the models every later stage reads."""

from __future__ import annotations

from pathlib import Path

from cardgen.data.model import Component, Game, InventoryRow, PlayerCount, Term
from cardgen.errors import Location
from tests.test_load_units import _project


def test_a_term_is_labelled_by_its_name_else_its_id() -> None:
    assert Term(id="star", name="Star").label == "Star"
    assert Term(id=7).label == "7"
    assert Term(id="x", name="").label == "x"


def test_player_counts() -> None:
    assert [PlayerCount(per_player=2, plus=1).for_players(n) for n in (0, 1, 4)] == [1, 3, 9]
    clamped = PlayerCount(per_player=3, min=4, max=10)
    assert [clamped.for_players(n) for n in (1, 2, 3, 4)] == [4, 6, 9, 10]
    assert PlayerCount().for_players(5) == 0


def test_a_box_list_row_names_one_kind_or_several() -> None:
    assert InventoryRow(line="X", kind="card", count=1).kinds == ["card"]
    assert InventoryRow(line="X", kind=["card", "token"], count=1).kinds == ["card", "token"]


def test_component_values_by_name() -> None:
    comp = Component(id="c", kind="card", name="C", count=2, status="draft", fields={"text": "T"},
                     where=Location("f", 1, 1), edition="1", image="a.png", back_image="b.png",
                     source="p. 1")
    assert [comp.value(n) for n in ("id", "kind", "name", "count", "status", "image", "source")] == [
        "c", "card", "C", 2, "draft", "a.png", "p. 1"]
    assert comp.value("text") == "T"
    assert comp.value("back_image") is None  # not a field a layout binds by name
    assert comp.value("missing") is None and comp.value("missing", 0) == 0


def test_game_terms_and_database_lookups(tmp_path: Path) -> None:
    from cardgen.data.load import load_database

    db = load_database(_project(tmp_path), "g")
    game: Game = db.game
    star = game.term("suit", "star")
    assert star is not None and star.label == "Star"
    assert game.term("suit", "sun") is None and game.term("colour", "star") is None
    assert [c.id for c in db.of_kind("card")] == ["c1", "c2"] and db.of_kind("token") == []
    assert list(db.by_id()) == ["c1", "c2"] and db.by_id()["c2"].count == 2
