"""Selectors ('board[colour=blue].spaces[].type') on a small in-memory database: parsing, the
values they name, and count/sum/distinct with copies."""

from __future__ import annotations

import pytest

from cardgen.check.select import (
    Selector,
    SelectorError,
    Step,
    count,
    distinct,
    matches,
    parse,
    select,
    total,
    values_of,
)
from tests.support.checkdb import comp, make_db


def _db():
    return make_db([
        comp("b1", "board", colour="Blue", size=3, spaces=[
            {"type": "sea", "n": 1}, {"type": "land", "n": 2}, {"type": "sea", "n": 4}]),
        comp("b2", "board", count=2, colour="red", size=2.5, spaces={"type": "land"}),
        comp("c1", "card", count=3, cost=2, flag=True, tags=["a", "b"]),
        comp("c2", "card", cost=5, tags=["b"]),
        comp("c3", "card", tags=None),
    ])


def test_parse_a_kind_with_a_filter_and_steps() -> None:
    sel = parse(" board[colour = blue].spaces[].type ")
    assert sel == Selector(" board[colour = blue].spaces[].type ", "board", ("colour", "blue"),
                           (Step("spaces", True, None), Step("type", False, None)))
    assert parse("card.powers[name=Z].text").steps == (
        Step("powers", True, ("name", "Z")), Step("text", False, None))
    assert parse("card") == Selector("card", "card", None, ())


@pytest.mark.parametrize(("text", "message"), [
    ("card[]", "'card[]': a kind takes a filter [field=value], not []"),
    ("card.a[b", "'card.a[b': cannot read 'a[b'"),
    ("card..x", "'card..x': cannot read ''"),
    ("card[colour]", "'card[colour]': a filter is written [field=value]"),
    ("card.x[y]", "'card.x[y]': a filter is written [field=value]"),
])
def test_parse_refuses(text: str, message: str) -> None:
    with pytest.raises(SelectorError) as caught:
        parse(text)
    assert str(caught.value) == message


def test_matches_compares_as_text_in_any_case_and_inside_lists() -> None:
    assert matches(True, "true") and matches(2, "2") and matches("Blue", "BLUE")
    assert matches(["x", "Y"], "y") and not matches(["x"], "y")
    assert not matches("blue", "blu")


def test_select_values_walks_lists_and_filters() -> None:
    db = _db()
    assert [(c.id, v) for c, v in select(db, "board.spaces[].type")] == [
        ("b1", "sea"), ("b1", "land"), ("b1", "sea"), ("b2", "land")]
    assert [v for _, v in select(db, "board[colour=BLUE].spaces[type=sea].n")] == [1, 4]
    assert [v for _, v in select(db, "board.colour")] == ["Blue", "red"]
    # a list not flattened is one value; a missing field none
    assert [v for _, v in select(db, "card.tags")] == [["a", "b"], ["b"]]
    assert [c.id for c, v in select(db, "card") if v is c] == ["c1", "c2", "c3"]
    assert select(db, "card.tags[].x") == []
    assert select(db, "nothing") == []


def test_a_filter_keeps_only_dict_items() -> None:
    db = make_db([comp("k", "card", items=["sea", {"type": "sea"}, {"type": "land"}])])
    assert [v for _, v in select(db, "card.items[type=sea]")] == [{"type": "sea"}]
    assert [v for _, v in select(db, "card.items[]")] == ["sea", {"type": "sea"}, {"type": "land"}]


def test_values_of_a_path() -> None:
    c = comp("b", "board", spaces=[{"type": "sea", "deep": {"n": 3}}])
    assert values_of(c, parse("x.spaces[].deep.n").steps) == [3]
    assert values_of(c, parse("x.name").steps) == ["b"]
    assert values_of(c, ()) == [c]


def test_count_multiplies_copies_and_sum_skips_non_numbers() -> None:
    db = _db()
    assert count(db, "card") == 5
    assert count(db, "board.spaces[]") == 3 + 2
    assert count(db, "card[flag=true]") == 3
    assert total(db, "card.cost") == 3 * 2 + 5
    assert total(db, "board.size") == 3 + 2 * 2.5
    assert total(db, "card.flag") == 0  # a bool is not a number
    assert total(db, "card.tags") == 0


def test_distinct_counts_values_once() -> None:
    db = _db()
    assert distinct(db, "board.spaces[].type") == 2
    assert distinct(db, "card") == 3  # components by id
    assert distinct(db, "card.tags[]") == 2
    assert distinct(db, "card[cost=2]") == 1


def test_a_filter_value_may_hold_an_equals_sign() -> None:
    assert parse("card[rule=a=b]").kind_filter == ("rule", "a=b")


def test_distinct_components_by_id() -> None:
    db = make_db([comp("a", "card", name="One"), comp("a", "card", name="Two")])
    assert distinct(db, "card") == 1
