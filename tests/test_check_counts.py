"""Numbers in the set-up and play text tied to components (counts.py): the whole kind, per
player, on each of another kind, more than the box holds, unknown component nouns, and kinds
the rules use that the box list does not list."""

from __future__ import annotations

from typing import Any

from cardgen.check.counts import Claim, claims, count_findings, kind_for, unlisted_findings
from cardgen.check.terms import data_names
from tests.support.checkdb import book, comp, make_db

_TEXT = """# Components
- 3 Harbor tiles
- 6 Guards
- 3 Towers
- 20 Cards

# Setup
Place the 3 Harbor tiles in a ring.
Place all 4 Harbor tiles.
Put 2 guards on each tower.
Put 3 guards on each tower.
Deal 5 cards to each player.
Deal six Cards to every player. Draw 21 cards.
Set the North Harbor aside.
Place the 2 Harbor tiles.
Put the 2 **Harbor** tiles back.
Give each other player 7 cards; then draw 1 card.
Place 7 Cards per player of the table.
"""


def _db(players: tuple[int, int] | None = (2, 4)) -> Any:
    return make_db([comp("h1", "harbor", "North Harbor"), comp("h2", "harbor", "South Harbor", count=2),
                    comp("g", "guard", count=6), comp("t", "tower", count=3),
                    comp("c", "card", count=20)],
                   kinds={"harbor": "Harbor tile", "guard": "Guard", "tower": "Tower",
                          "card": None},
                   players=players,
                   inventory=[{"line": "3 Harbor tiles", "kind": "harbor", "count": 3},
                              {"line": "6 Guards", "kind": "guard", "count": 6},
                              {"line": "3 Towers", "kind": "tower", "count": 3},
                              {"line": "20 Cards", "kind": "card", "count": 20}])


def _found(db: Any, text: str) -> list[tuple[Any, ...]]:
    rulebook = book(text)
    return [(f.rule, f.severity, f.message, f.quote, f.where, f.subject)
            for f in count_findings(db, rulebook, data_names(db, rulebook))]


def test_claims_read_numbers_words_the_whole_and_the_unit() -> None:
    rulebook = book(_TEXT)
    found = claims(rulebook, {2, 3, 4, 5})
    assert found[:6] == [
        Claim(8, 3, ["Harbor", "tiles"], True, None, "Place the 3 Harbor tiles in a ring."),
        Claim(9, 4, ["Harbor", "tiles"], True, None, "Place all 4 Harbor tiles."),
        Claim(10, 2, ["guards"], False, "tower", "Put 2 guards on each tower."),
        Claim(11, 3, ["guards"], False, "tower", "Put 3 guards on each tower."),
        Claim(12, 5, ["cards"], False, "player", "Deal 5 cards to each player."),
        Claim(13, 6, ["Cards"], False, "player", "Deal six Cards to every player.")]
    assert found[6:] == [
        Claim(13, 21, ["cards"], False, None, "Draw 21 cards."),
        Claim(15, 2, ["Harbor", "tiles"], True, None, "Place the 2 Harbor tiles."),
        Claim(16, 2, ["Harbor"], True, None, "Put the 2 **Harbor** tiles back."),
        Claim(17, 7, ["cards"], False, "player", "Give each other player 7 cards;"),
        Claim(17, 1, ["card"], False, None, "then draw 1 card."),
        Claim(18, 7, ["Cards"], False, "player", "Place 7 Cards per player of the table.")]
    assert [c.number for c in claims(rulebook, set())][:4] == [2, 3, 4, 5]


def test_claims_skip_headings_and_numbers_inside_words() -> None:
    rulebook = book("# 3 Cards\nUse card-2 cards, 1.5 cards, +2 cards, x3 cards and 4 to 5, then 4 "
                    "dice.\nThe 12 of them. All **3** cards.\n")
    assert claims(rulebook, set()) == [Claim(
        2, 4, ["dice"], False, None,
        "Use card-2 cards, 1.5 cards, +2 cards, x3 cards and 4 to 5, then 4 dice.")]


def test_count_findings() -> None:
    assert _found(_db(), _TEXT) == [
        ("rules-count", "warning", "the rules say 4 Harbor tiles, the database has 3 Harbor tile",
         "Place all 4 Harbor tiles.", "r.md:9:1", "9:4 Harbor tiles"),
        ("rules-count", "warning", "the rules use 3 guards for each tower (9 for 3), the "
         "database has 6 Guard", "Put 3 guards on each tower.", "r.md:11:1", "11:3 guards"),
        ("rules-count", "warning", "the rules use 6 Cards for each player (24 for 4), the "
         "database has 20 card", "Deal six Cards to every player.", "r.md:13:1", "13:6 Cards"),
        ("rules-count", "warning", "the rules use 21 cards, the database has 20 card",
         "Draw 21 cards.", "r.md:13:1", "13:21 cards"),
        ("rules-count", "warning", "the rules use 7 cards for each player (28 for 4), the "
         "database has 20 card", "Give each other player 7 cards;", "r.md:17:1", "17:7 cards"),
        ("rules-count", "warning", "the rules use 7 Cards for each player (28 for 4), the "
         "database has 20 card", "Place 7 Cards per player of the table.", "r.md:18:1",
         "18:7 Cards")]


def test_per_player_without_players_is_not_compared() -> None:
    text = "# Setup\nDeal 25 cards to each player.\nDeal the 30 cards to each player.\n"
    assert _found(_db(None), text) == []
    assert [f[2] for f in _found(_db((1, 1)), text)] == [
        "the rules use 25 cards for each player (25 for 1), the database has 20 card",
        "the rules use 30 cards for each player (30 for 1), the database has 20 card"]


def test_a_unit_the_data_does_not_know_is_not_compared() -> None:
    found = _found(_db(), "# Setup\nPut 30 guards on each castle.\nPut 3 guards on each tower.\n")
    assert [f[4] for f in found] == ["r.md:3:1"]


def test_the_whole_kind_counts_with_or_without_what_was_set_aside() -> None:
    text = "# Setup\nSet the North Harbor aside.\nA.\nB.\nC.\nPlace the 2 Harbor tiles.\n"
    assert _found(_db(), text) == []
    far = "# Setup\nSet the North Harbor aside.\nA.\nB.\nC.\nD.\nPlace the 2 Harbor tiles.\n"
    assert [f[2] for f in _found(_db(), far)] == [
        "the rules say 2 Harbor tiles, the database has 3 Harbor tile"]
    assert _found(_db(), "# Setup\nPlace the 2 Harbor tiles. Set the North Harbor aside.\n") != []


def test_kind_for_the_longest_name() -> None:
    db = _db()
    rulebook = book(_TEXT)
    names = data_names(db, rulebook)
    by_name = {("north", "harbor"): "harbor", ("gold",): "guard"}
    assert kind_for(["North", "Harbor", "tiles"], names, by_name) == "harbor"
    assert kind_for(["Harbor", "tiles", "now"], names, by_name) == "harbor"
    assert kind_for(["Harbor", "now"], names, by_name) == "harbor"  # a kind's id
    assert kind_for(["Gold", "now"], names, by_name) is None  # one word only by a kind's name
    assert kind_for(["Towers", "now"], names, by_name) == "tower"
    assert kind_for(["Dragons"], names, by_name) is None


def test_a_components_name_names_its_kind() -> None:
    text = "# Setup\nPlace the 2 North Harbor tiles.\nPlace 2 North Harbor.\n"
    assert [f[2] for f in _found(_db(), text)] == [
        "the rules say 2 North Harbor tiles, the database has 3 Harbor tile"]


_UNKNOWN_HINT = "add it to the box list and the data, or use the name the box list uses"


def test_unknown_component_nouns() -> None:
    text = ("# Setup\nPlace 2 Score Tokens on the track.\nPlace 2 tokens. Take 2 extra tokens.\n"
            "Take 2 card tokens. Take 2 Gold. Take 2 Harbor tiles.\nTake 2 Blue Score Tokens.\n"
            "Take 2 Score Tokens again.\n")
    rulebook = book(text)
    db = _db()
    found = count_findings(db, rulebook, data_names(db, rulebook))
    assert [(f.rule, f.severity, f.message, f.quote, f.where, f.subject, f.hint) for f in found] == [
        ("unknown-component", "warning", "the rules count 2 Score Tokens, which neither the box "
         "list nor the data names", "Place 2 Score Tokens on the track.", "r.md:2:1",
         "score token", _UNKNOWN_HINT),
        ("unknown-component", "warning", "the rules count 2 Blue Score Tokens, which neither the "
         "box list nor the data names", "Take 2 Blue Score Tokens.", "r.md:5:1",
         "blue score token", _UNKNOWN_HINT),
        ("unknown-component", "warning", "the rules count 2 Score Tokens, which neither the box "
         "list nor the data names", "Take 2 Score Tokens again.", "r.md:6:1", "score token",
         _UNKNOWN_HINT)]


_UNLISTED = """# Components
- 3 Harbor tiles (not New Rome)

# Setup
Put New Rome face up.
Then the earth cards.
"""


def test_a_kind_the_box_list_lacks_and_the_rules_use() -> None:
    db = make_db([comp("h", "harbor", count=3), comp("e1", "earth", "New Rome"),
                  comp("e2", "earth", "Tortuga"), comp("s", "secret", "Hidden Thing", count=2),
                  comp("n", "nameless", "Zzz Yyy")],
                 kinds={"harbor": "Harbor tile", "earth": "Earth card"},
                 inventory=[{"line": "3 Harbor tiles (not New Rome)", "kind": "harbor", "count": 3}])
    rulebook = book(_UNLISTED + "The secret things.\n")
    found = unlisted_findings(db, rulebook, data_names(db, rulebook))
    assert [(f.rule, f.severity, f.message, f.quote, f.where, f.subject) for f in found] == [
        ("rules-use-unlisted", "warning", "the rules use Earth card but the box list does not "
         "list it (the database has 2)", "Put New Rome face up.", "r.md:5:1", "unlisted earth"),
        ("rules-use-unlisted", "warning", "the rules use secret but the box list does not list "
         "it (the database has 2)", "The secret things.", "r.md:7:1", "unlisted secret")]


def test_a_number_word_in_any_spelling_re_i_matches_is_read() -> None:
    """The count patterns match case-blind (re.I), which also takes "ſix" (a long s) and
    "sİx" (a dotted capital I): the number is read from them, never a crash."""
    from cardgen.check import counts, setup

    for sentence in ("Each player takes ſix cards.", "Each player takes sİx cards."):
        assert [claim.said for claim in counts._sentence_claims(1, sentence)] == [6]
    assert [setup._value(text) for text in ("ſeVEN", "Twelve", "nıne", "12", "٣")] == [7, 12, 9,
                                                                                       12, 3]
