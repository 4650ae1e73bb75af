"""The names the data knows, and the rulebook's names it does not follow (terms.py): drift of a
name's last word or a word left out, and the odd one of a list of a vocabulary's terms."""

from __future__ import annotations

import pytest

from cardgen.check.terms import (
    Names,
    _line_noun,
    _resembles,
    data_names,
    drift_findings,
    is_known,
    list_findings,
    normal,
    singular,
)
from tests.support.checkdb import book, comp, make_db


@pytest.mark.parametrize(("word", "one"), [
    ("cards", "card"), ("libraries", "library"), ("ties", "tie"), ("dies", "die"),
    ("bus", "bus"), ("glass", "glass"), ("dice", "dice"), ("ids", "ids"), ("pawns", "pawn"), ("ss", "ss"),
    ("flies", "fly")])
def test_singular(word: str, one: str) -> None:
    assert singular(word) == one


def test_normal_takes_articles_markup_and_brackets_off() -> None:
    assert normal("The **Red** Cards (3x of each)") == ("red", "card")
    assert normal("all the  `Score`_Tokens_") == ("score", "token")
    assert normal("Your every HP-track's") == ("hp-track'",)
    assert normal("the") == ()
    assert normal("Cards of the Sea") == ("card", "of", "the", "sea")


def test_line_noun() -> None:
    assert _line_noun("4 Player HP Trackers") == ("player", "hp", "tracker")
    assert _line_noun("1 - 5 x Pawns: one per player") == ("pawn",)
    assert _line_noun("Cards 3 (red)") == ("card",)


def _names() -> Names:
    db = make_db([comp("c1", "card", name="Armor Plating"), comp("w", "wheel", name="Wheel"),
                  comp("x", "wheel", name="The")],
                 kinds={"card": "Orbit Card", "board": "Board", "spare": "CARD", "wheel": "Card"},
                 vocab={"colour": [{"id": "ultra-violet", "name": "Violet"}, {"id": "red"}]},
                 inventory=[{"line": "4 Player HP Trackers", "kind": "card", "count": 1,
                             "lines": ["2 Big Dice"]},
                            {"line": "3 Things", "kind": ["card", "board"], "count": 3}])
    text = ("# Components\n- 4 Player HP Trackers\n- 2 Big Dice\n- 3 Game Pieces\n- 3 Things\n\n"
            "# Play\nText.\n")
    return data_names(db, book(text))


def test_data_names() -> None:
    names = _names()
    assert names.known == {("orbit", "card"), ("card",), ("board",), ("spare",), ("wheel",),
                           ("violet",), ("ultra", "violet"), ("red",), ("armor", "plating"),
                           ("player", "hp", "tracker"), ("big", "dice"), ("game", "piece"),
                           ("thing",)}
    assert names.kinds == {("orbit", "card"): "card", ("card",): "card", ("wheel",): "wheel",
                           ("player", "hp", "tracker"): "card", ("big", "dice"): "card"}
    assert names.labels[("card",)] == "card"  # the used kind's id before the unused "CARD"
    assert names.labels[("game", "piece")] == "Game Pieces"
    assert names.labels[("player", "hp", "tracker")] == "player hp tracker"
    assert names.labels[("ultra", "violet")] == "ultra violet"
    assert names.heads == {"card", "violet", "plating", "tracker", "dice", "piece", "wheel"}
    assert names.box_lines == {2, 3, 4, 5}
    assert names.terms == {"colour": {("violet",): "Violet", ("ultra", "violet"): "Violet",
                                      ("red",): "red"}}
    assert names.vocabulary == {"violet", "ultra", "red"}


def test_an_unused_kinds_title_is_labelled_after_the_used_one() -> None:
    db = make_db([comp("x", "b-card")], kinds={"a-card": "CARD", "b-card": "Card"})
    names = data_names(db, book("Text.\n"))
    assert names.labels[("card",)] == "Card" and names.kinds[("card",)] == "b-card"


def test_is_known() -> None:
    names = Names({("player", "hp", "tracker"), ("piece",)}, set(), {}, {}, set())
    assert is_known(("player", "hp", "tracker"), names)
    assert is_known(("hp", "tracker"), names) and is_known(("tracker",), names)
    assert is_known(("game", "piece"), names)
    assert not is_known(("player", "hp"), names) and not is_known(("big", "tracker"), names)


def test_resembles() -> None:
    heads = {"token", "marker", "tracker"}
    assert _resembles(("threat", "token"), ("threat", "marker"), heads)
    assert not _resembles(("threat", "token"), ("threat", "marker"), {"marker"})
    assert not _resembles(("threat", "token"), ("threat", "marker"), {"token"})
    assert not _resembles(("score", "marker"), ("threat", "marker"), heads)
    assert not _resembles(("big", "score", "marker"), ("big", "threat", "marker"), heads)
    assert not _resembles(("token",), ("marker",), heads)
    assert _resembles(("satellite", "tracker"), ("satellite", "hp", "tracker"), heads)
    assert _resembles(("a", "b", "tracker"), ("a", "b", "c", "tracker"), heads)
    assert not _resembles(("hp", "tracker"), ("satellite", "hp", "tracker"), heads)
    assert not _resembles(("satellite", "hp"), ("satellite", "hp", "tracker"), heads)
    assert not _resembles(("tracker",), ("hp", "tracker"), heads)
    assert not _resembles(("a", "tracker"), ("a", "b", "c", "tracker"), heads)


_DRIFT = """# Components
- 1 Threat Marker
- 1 Satellite HP Tracker
- 1 Satellite Marker
- 1 Score Token

# Setup
Keep the Threat Token next to the Threat Marker.
Roll. Ask Big Brother, take the Score Token, place the Threat Token. Move the Satellite Tracker up.
Place the Threat Token again, and the Hidden Tracker.
"""


def _drift_db():
    return make_db([comp("m", "k-1"), comp("t", "k-2"), comp("s", "k-3"), comp("b", "k-4")],
                   kinds={"k-1": "Threat Marker", "k-2": "Satellite HP Tracker",
                          "k-3": "Satellite Marker", "k-4": "Score Token"})


def test_drift_findings() -> None:
    hint = ("one thing with two names: use one in the rulebook, or add a rulebook mention with a "
            "note if both are meant")
    found = drift_findings(_drift_db(), book(_DRIFT))
    assert [(f.rule, f.severity, f.message, f.quote, f.where, f.subject, f.hint) for f in found] == [
        ("two-names", "warning", "the rules call it 'Threat Token', which the data does not name; "
         "the data calls it 'Threat Marker'",
         "Ask Big Brother, take the Score Token, place the Threat Token.", "r.md:9:1",
         "Threat Token", hint),
        ("two-names", "warning", "the rules call it 'Satellite Tracker', which the data does not "
         "name; the data calls it 'Satellite HP Tracker'", "Move the Satellite Tracker up.",
         "r.md:9:1", "Satellite Tracker", hint)]


def test_drift_is_not_read_in_the_box_list() -> None:
    text = "# Components\n- 1 Threat Marker\n- 1 Score Token (the Threat Token on its back)\n"
    db = make_db([comp("m", "k-1"), comp("s", "k-2")],
                 kinds={"k-1": "Threat Marker", "k-2": "Score Token"})
    assert drift_findings(db, book(text)) == []
    text += "\n# Play\nThe Threat Token.\n"
    assert [f.where for f in drift_findings(db, book(text))] == ["r.md:6:1"]


_LIST = """# Components
- 1 Card

# Play
Each player gets one of each: a technology, an environment, and a global power.
Then: a tech, an environment and an ecosystem.
Or: a technology; a weather; a global power (if any).
A technology, a very big blue moon, and a global power.
Technology or Ecosystem.
Draw an orbit card, a technology or a global power.
Pick: a circle, a square or a triangle.
"""


def _list_db():
    return make_db([comp("c", "card", name="Orbit Card")], inventory=[
        {"line": "1 Card", "kind": "card", "count": 1}], vocab={
        "shape": [{"id": "circle"}, {"id": "square"}],  # all named: the triangle is no other name
        "reference": [{"id": "tech", "name": "Technology"}, {"id": "eco", "name": "Ecosystem"},
                      {"id": "global-power", "name": "Global Power"}]})


def test_list_findings() -> None:
    db = _list_db()
    rulebook = book(_LIST)
    found = list_findings(rulebook, data_names(db, rulebook))
    hint = ("one thing with two names: use the data's name in the rulebook, or acknowledge it "
            "(accepted:)")
    assert [(f.rule, f.severity, f.message, f.quote, f.where, f.subject, f.hint) for f in found] == [
        ("two-names", "warning", "the rules list 'environment' among the reference terms, which "
         "the data does not name; the data's reference the list leaves out: Ecosystem",
         "Each player gets one of each: a technology, an environment, and a global power.",
         "r.md:5:1", "environment", hint),
        ("two-names", "warning", "the rules list 'weather' among the reference terms, which the "
         "data does not name; the data's reference the list leaves out: Ecosystem",
         "Or: a technology; a weather; a global power (if any).", "r.md:7:1", "weather", hint)]


def test_a_list_in_the_box_list_is_not_read() -> None:
    db = _list_db()
    rulebook = book("# Components\n- 1 Card: a technology, an environment, and a global power\n")
    assert list_findings(rulebook, data_names(db, rulebook)) == []


def test_a_kinds_id_is_a_name_of_it() -> None:
    db = make_db([comp("s", "score-track")], kinds={"score-track": "Track"})
    names = data_names(db, book("Text.\n"))
    assert names.kinds[("score", "track")] == "score-track"


def test_drift_prefers_the_name_with_a_word_left_out() -> None:
    db = make_db([comp("a", "k-1"), comp("b", "k-2")],
                 kinds={"k-1": "Satellite Zz Tracker", "k-2": "Satellite Marker"})
    [found] = drift_findings(db, book("# Play\nMove the Satellite Tracker.\n"))
    assert found.message.endswith("the data calls it 'Satellite Zz Tracker'")


def test_a_list_names_every_term_it_leaves_out_and_reads_short_items_only() -> None:
    db = make_db(vocab={"ref": [{"id": "tech", "name": "Technology"}, {"id": "eco", "name": "Ecosystem"},
                                {"id": "net", "name": "Internet"}, {"id": "power", "name": "Power"}]})
    rulebook = book("# Play\nTake: A technology, An environment, and a power.\n"
                    "Take: a technology, a big blue moon, and a power.\n")
    found = list_findings(rulebook, data_names(db, rulebook))
    assert [(f.subject, f.message.split("leaves out: ")[1]) for f in found] == [
        ("environment", "Ecosystem, Internet"), ("big blue moon", "Ecosystem, Internet")]
