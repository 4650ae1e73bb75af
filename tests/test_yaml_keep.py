"""Parsed YAML kept between loads (`cardgen watch`): the same Source as a fresh parse, whatever
the edit, with only the changed items of a list file parsed again."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardgen.data import yamlkeep
from cardgen.data.yamlsrc import read_source
from cardgen.errors import ProblemsError
from tests.support import gen_deck


@pytest.fixture
def keeping() -> Iterator[None]:
    yamlkeep.keep_parsed()
    try:
        yield
    finally:
        yamlkeep.keep_parsed(False)


def _same(path: Path) -> None:
    """read_kept gives what read_source gives (values, positions, raw texts), or the same problems."""
    try:
        fresh = read_source(path, "cards.yaml")
    except ProblemsError as exc:
        with pytest.raises(ProblemsError) as kept_exc:
            yamlkeep.read_kept(path, "cards.yaml")
        assert [p.render() for p in kept_exc.value.problems] == [p.render() for p in exc.problems]
        return
    kept = yamlkeep.read_kept(path, "cards.yaml")
    assert dataclasses.asdict(kept) == dataclasses.asdict(fresh)


CARDS = """# the cards
- id: a
  kind: card
  name: 10:30
  text: |
    two lines
    of text
# between
- id: b
  kind: card
  count: .inf
  tags:
  - x
  - y

- id: c
  kind: card
  name: "quoted"
"""


@pytest.mark.parametrize("edit", [
    lambda t: t.replace("two lines", "two longer lines"),  # one item's text
    lambda t: t.replace("- id: b", "- id: b0\n  kind: card\n- id: b"),  # an item added, others move
    lambda t: t.replace("# between\n", "# between\n\n\n"),  # lines shift
    lambda t: t.replace("- id: c\n  kind: card\n  name: \"quoted\"\n", ""),  # an item removed
    lambda t: "---\n" + t,  # a document marker: parsed whole
    lambda t: t.replace("- id: b", "- &b id: b").replace("name: \"quoted\"", "name: *b"),  # anchors
    lambda t: t.replace("kind: card\n  count", "kind: card\n\tcount"),  # a tab: the file's problem
    lambda t: t.replace("- id: c", "-id: c"),  # not an item start
    lambda t: t.replace("  - x", "- x"),  # an item that was part of another
    lambda t: t + "key: value\n",  # a mapping after the list
    lambda t: t.replace("- id: a", "- id: b"),  # a duplicate id stays the loader's to find
])
def test_kept_source_is_a_fresh_parse(tmp_path: Path, keeping: None, edit) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text(CARDS, encoding="utf-8")
    _same(path)
    path.write_text(edit(CARDS), encoding="utf-8")
    _same(path)
    path.write_text(CARDS, encoding="utf-8")
    _same(path)


def test_an_edit_parses_only_the_changed_item(tmp_path: Path, keeping: None) -> None:
    project = gen_deck.make_project(tmp_path / "p", 40)
    path = project / "data" / gen_deck.GAME / gen_deck.EDITION / "cards.yaml"
    yamlkeep.read_kept(path, "cards.yaml")
    before = yamlkeep.parses
    assert yamlkeep.read_kept(path, "cards.yaml").data == read_source(path, "cards.yaml").data
    assert yamlkeep.parses == before  # unchanged bytes: nothing parsed
    gen_deck.edit_one_card(project, 7)
    _same(path)
    assert yamlkeep.parses == before + 1  # one item, not the 40


def test_handed_out_values_are_copies(tmp_path: Path, keeping: None) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text(CARDS, encoding="utf-8")
    first = yamlkeep.read_kept(path, "cards.yaml")
    first.data[0]["name"] = "changed"
    assert yamlkeep.read_kept(path, "cards.yaml").data[0]["name"] == 630  # YAML 1.1's 10:30


def test_an_item_sharing_an_anchor_follows_its_edit(tmp_path: Path, keeping: None) -> None:
    """An alias in an unchanged item still shows what the edited item's anchor now holds."""
    path = tmp_path / "cards.yaml"
    text = "- id: a\n  kind: card\n  tags: &t [x, y]\n- id: b\n  kind: card\n  tags: *t\n"
    path.write_text(text, encoding="utf-8")
    _same(path)
    path.write_text(text.replace("[x, y]", "[x, z]"), encoding="utf-8")
    _same(path)
    assert yamlkeep.read_kept(path, "cards.yaml").data[1]["tags"] == ["x", "z"]


def test_the_first_edit_after_a_whole_read_parses_one_item(tmp_path: Path, keeping: None) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text(CARDS, encoding="utf-8")
    _same(path)
    before = yamlkeep.parses
    path.write_text(CARDS.replace("two lines", "two longer lines"), encoding="utf-8")
    _same(path)
    assert yamlkeep.parses == before + 1


def _same_in_order(path: Path) -> None:
    """`_same`, the positions and raw texts in the order a fresh parse gives them too."""
    kept, fresh = yamlkeep.read_kept(path, "cards.yaml"), read_source(path, "cards.yaml")
    assert kept.data == fresh.data
    for name in ("marks", "key_marks", "raw"):
        assert list(getattr(kept, name).items()) == list(getattr(fresh, name).items()), name


@pytest.mark.parametrize("edit", [
    lambda t: t.replace("two lines", "two longer lines"),  # a value: its positions move
    lambda t: t.replace("  name: 10:30\n", "  name: a\n  note: 10:31\n"),  # a key added
    # two keys swapped
    lambda t: t.replace("  kind: card\n  name: \"quoted\"", "  name: \"quoted\"\n  kind: card"),
    lambda t: t.replace("  - x\n  - y\n", "  - y\n"),  # a list shortened
    lambda t: t.replace("count: .inf", "count: 3"),  # no longer read as a float
    lambda t: t.replace("# between\n", "# between\n\n"),  # the items after it move a line
])
def test_successive_edits_keep_the_positions_of_a_fresh_parse(tmp_path: Path, keeping: None,
                                                                edit) -> None:
    """Edit after edit (the last read's positions updated in place where the edited items
    are keyed alike), the positions are a fresh parse's, in its order."""
    path = tmp_path / "cards.yaml"
    text = CARDS
    for _ in range(3):  # the second read onwards is put together from the last one's
        path.write_text(text, encoding="utf-8")
        _same_in_order(path)
        text = text.replace("kind: card\n  count", "kind: card\n  status: draft\n  count", 1)
    path.write_text(edit(text), encoding="utf-8")
    _same_in_order(path)
    path.write_text(text, encoding="utf-8")
    _same_in_order(path)


def test_a_deck_edited_card_by_card_keeps_a_fresh_parse(tmp_path: Path, keeping: None) -> None:
    project = gen_deck.make_project(tmp_path / "p", 40)
    path = project / "data" / gen_deck.GAME / gen_deck.EDITION / "cards.yaml"
    _same_in_order(path)
    for card in (3, 17, 4, 39, 1):
        gen_deck.edit_one_card(project, card)
        _same_in_order(path)
    assert yamlkeep._KEPT[(path, "cards.yaml")].order is not None  # put together from items


@pytest.mark.parametrize(("text", "split"), [
    ("- a\n- b: 1\n  c: 2\n", [(1, "- a\n"), (2, "- b: 1\n  c: 2\n")]),
    ("# head\n\n- a\n-\n- b", [(3, "- a\n"), (4, "-\n"), (5, "- b")]),
    ("- a\n-x\n", None),  # a line at column 0 that starts no item
    ("- a\nkey: 1\n", None),
    ("- a\n# note\n  - b\n", [(1, "- a\n# note\n  - b\n")]),
    ("head\n- a\n", None),
    ("-x\n- a\n", None),
])
def test_split_finds_the_top_level_items(text: str, split: object) -> None:
    assert yamlkeep._split(text) == split
