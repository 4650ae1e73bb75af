"""data/load.py on tiny projects written on the spot: finding games, the extends chain, merged
vocabulary and kinds, components across editions, references, images and limits."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.data import load
from cardgen.data.load import (
    check_name,
    check_target,
    default_game,
    find_project,
    list_editions,
    list_games,
    load_database,
    parse_target,
    read_config,
)
from cardgen.errors import Location, ProblemsError

GAME = """\
name: Gee
default_edition: "1"
vocab:
  suit:
    - { id: star, name: Star }
    - { id: moon, name: Moon }
kinds:
  card:
    fields:
      suit: { type: term, vocab: suit }
      pair: { type: ref, kind: card }
      text: { type: text }
  token: {}
rules:
  - { rule: unique, kind: card, fields: [suit] }
"""

CARDS = """\
- { id: c1, kind: card, name: One, suit: star, text: first }
- { id: c2, kind: card, suit: moon, count: 2, status: draft }
"""


def _project(root: Path, files: dict[str, str] | None = None, *, game: str = GAME,
             cards: str = CARDS, edition: str = 'edition: "1"\n') -> Path:
    """A project with game g, edition 1 (and the given extra files, relative to data/g/)."""
    texts = {"game.yaml": game, "1/edition.yaml": edition, "1/cards.yaml": cards, **(files or {})}
    for rel, text in texts.items():
        path = root / "data" / "g" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def _problems(project: Path, edition: str | None = None, game: str = "g") -> list[str]:
    with pytest.raises(ProblemsError) as exc:
        load_database(project, game, edition)
    return [p.render() for p in exc.value.problems]


# ---------------------------------------------------------------- finding things


def test_games_and_editions_are_folders_holding_their_file(tmp_path: Path) -> None:
    assert list_games(tmp_path) == [] and list_editions(tmp_path, "g") == []
    _project(tmp_path, {"0/edition.yaml": 'edition: "0"\n', "art/x.png": ""})
    (tmp_path / "data" / "b").mkdir()
    (tmp_path / "data" / "a").mkdir()
    (tmp_path / "data" / "a" / "game.yaml").write_text(GAME)
    assert list_games(tmp_path) == ["a", "g"]
    assert list_editions(tmp_path, "g") == ["0", "1"]


def test_the_project_is_the_nearest_folder_with_cardgen_yaml(tmp_path: Path) -> None:
    (tmp_path / "p" / "data" / "g").mkdir(parents=True)
    assert find_project(tmp_path / "p" / "data" / "g") == (tmp_path / "p" / "data" / "g").resolve()
    (tmp_path / "p" / "cardgen.yaml").write_text("default_game: g\n")
    assert find_project(tmp_path / "p" / "data" / "g") == (tmp_path / "p").resolve()
    assert find_project(tmp_path / "p") == (tmp_path / "p").resolve()


def test_the_default_game(tmp_path: Path) -> None:
    with pytest.raises(ProblemsError) as exc:
        default_game(tmp_path)
    assert exc.value.problems[0].render() == (
        f"error[no-project] no cardgen.yaml in {tmp_path}\n"
        "  hint: start one with `cardgen new GAME`, or point at one with --project DIR")
    with pytest.raises(ProblemsError) as exc:
        default_game(tmp_path, searched_upward=True)
    assert exc.value.problems[0].render() == (
        f"error[no-project] no cardgen.yaml in {tmp_path} or any folder above it\n"
        "  hint: start one with `cardgen new GAME`, or point at one with --project DIR")
    (tmp_path / "cardgen.yaml").write_text("default_game: 3\n")
    with pytest.raises(ProblemsError) as exc:
        default_game(tmp_path)
    assert exc.value.problems[0].render() == (
        "cardgen.yaml:1:1: error[no-default-game] no game named and no default_game in cardgen.yaml\n"
        "  hint: name one: (no games under data/)")
    _project(tmp_path)
    assert default_game(tmp_path) == "g"  # the only game
    (tmp_path / "data" / "a").mkdir()
    (tmp_path / "data" / "a" / "game.yaml").write_text(GAME)
    with pytest.raises(ProblemsError) as exc:
        default_game(tmp_path)
    assert exc.value.problems[0].hint == "name one: a, g"
    (tmp_path / "cardgen.yaml").write_text("default_game: a\n")
    assert default_game(tmp_path) == "a"
    (tmp_path / "cardgen.yaml").write_text("- a\n")
    with pytest.raises(ProblemsError):
        default_game(tmp_path)


def test_read_config(tmp_path: Path) -> None:
    assert read_config(tmp_path) is None
    (tmp_path / "cardgen.yaml").write_text("default_game: g\n")
    config = read_config(tmp_path)
    assert config is not None and config.data == {"default_game": "g"} and config.file == "cardgen.yaml"


def test_a_config_linked_from_outside_the_project_is_refused(tmp_path: Path) -> None:
    (tmp_path / "elsewhere.yaml").write_text("default_game: g\n")
    (tmp_path / "p").mkdir()
    (tmp_path / "p" / "cardgen.yaml").symlink_to(tmp_path / "elsewhere.yaml")
    with pytest.raises(ProblemsError) as exc:
        read_config(tmp_path / "p")
    assert exc.value.problems[0].render() == (
        "cardgen.yaml:1:1: error[outside-project] cardgen.yaml leads outside the project folder "
        "(a symbolic link)\n  hint: copy the file into the project instead of linking to it")


def test_targets(tmp_path: Path) -> None:
    _project(tmp_path)
    assert parse_target(None, tmp_path) == ("g", None)
    assert parse_target("", tmp_path) == ("g", None)
    assert parse_target("x@1.0", tmp_path) == ("x", "1.0")
    assert parse_target("x@", tmp_path) == ("x", None)
    with pytest.raises(ProblemsError) as exc:
        parse_target("x@a b", tmp_path)
    assert exc.value.problems[0].render() == (
        "error[bad-name] edition 'a b' is not a plain name (' ' U+0020)\n"
        "  hint: edition names are folder names: use letters, digits, '-', '_' and '.' only "
        "(no spaces, no '/', no '..')")
    with pytest.raises(ProblemsError) as exc:
        parse_target("../x@1", tmp_path)
    assert exc.value.problems[0].message == "game '../x' is not a plain name ('/' U+002F)"


def test_check_name_carries_its_place() -> None:
    check_name("ok-1.0", "game")
    with pytest.raises(ProblemsError) as exc:
        check_name("a/b", "game", Location("f.yaml", 2, 3), "default_edition")
    assert exc.value.problems[0].render() == (
        "f.yaml:2:3: error[bad-name] default_edition: game 'a/b' is not a plain name ('/' U+002F)\n"
        "  hint: game names are folder names: use letters, digits, '-', '_' and '.' only "
        "(no spaces, no '/', no '..')")


def test_check_target(tmp_path: Path) -> None:
    _project(tmp_path)
    check_target(tmp_path, "g", None)
    check_target(tmp_path, "g", "1")
    with pytest.raises(ProblemsError) as exc:
        check_target(tmp_path, "g", "2")
    assert exc.value.problems[0].render() == (
        "error[unknown-edition] game 'g' has no edition '2'\n  hint: expected one of: 1")
    with pytest.raises(ProblemsError) as exc:
        check_target(tmp_path, "h", None)
    assert exc.value.problems[0].render() == (
        f"error[unknown-game] no game 'h' under {tmp_path / 'data'}\n  hint: expected one of: g")


def test_unknown_game_with_no_games(tmp_path: Path) -> None:
    assert _problems(tmp_path, game="gg") == [
        f"error[unknown-game] no game 'gg' under {tmp_path.resolve() / 'data'}\n  hint: games here: none"]


# ---------------------------------------------------------------- editions


def test_a_loaded_database(tmp_path: Path) -> None:
    db = load_database(_project(tmp_path), "g")
    assert db.label == "g@1" and db.project == tmp_path.resolve()
    assert (db.game.name, db.game.title, db.game.default_edition, db.game.status) == ("Gee", "Gee", "1",
                                                                                      "final")
    assert db.game.root == tmp_path.resolve() / "data" / "g"
    assert (db.edition.id, db.edition.title, db.edition.extends, db.edition.rulebook) == ("1", "1", None,
                                                                                          None)
    assert db.edition.rulebook_path is None and db.edition.players is None
    c1, c2 = db.components
    assert (c1.id, c1.kind, c1.name, c1.count, c1.status, c1.edition) == ("c1", "card", "One", 1, "final",
                                                                          "1")
    assert (c2.name, c2.count, c2.status) == ("c2", 2, "draft")  # the id names it when no name
    assert c1.fields == {"suit": "star", "text": "first"}
    assert str(c1.where) == "data/g/1/cards.yaml:1:3"
    assert str(c2.where) == "data/g/1/cards.yaml:2:3"
    assert [str(w) for w in db.game.rule_where] == ["data/g/game.yaml:15:5"]
    assert db.draft is False and db.waived == [] and db.quotes == []


def test_an_edition_extends_another(tmp_path: Path) -> None:
    _project(tmp_path, {
        "2/edition.yaml": 'edition: "2"\ntitle: Second\nextends: "1"\nremove: [c2]\n'
                          'vocab:\n  suit:\n    - { id: star, name: Sun }\n    - { id: sea }\n'
                          'kinds:\n  token: { fields: { n: { type: int } } }\n'
                          'rules:\n  - { rule: unique, kind: token, fields: [n] }\n',
        "2/changes.yaml": "- { id: c1, text: changed }\n- { id: t1, kind: token, n: 3 }\n",
    }, edition='edition: "1"\nplayers: { min: 2, max: 4 }\nrulebook: rules.md\ninventory:\n'
               '  - { line: "2 CARDS", kind: card, count: 2 }\n'
               'rulebook_mentions:\n  - { quote: two cards }\n'
               'box_list_skip:\n  - { line: "TOTAL", why: a total }\n'
               'accepted:\n  - { finding: f, about: a, reason: r }\n')
    db = load_database(tmp_path, "g", "2")
    assert (db.edition.id, db.edition.title, db.edition.extends) == ("2", "Second", "1")
    assert db.edition.players is not None and (db.edition.players.min, db.edition.players.max) == (2, 4)
    assert [row.line for row in db.edition.inventory] == ["2 CARDS"]
    assert [m.quote for m in db.edition.mentions] == ["two cards"]
    assert [s.line for s in db.edition.box_list_skip] == ["TOTAL"]
    assert [a.reason for a in db.edition.accepted] == ["r"]
    assert db.edition.rulebook == "rules.md"
    assert db.edition.rulebook_path == tmp_path.resolve() / "data/g/1/rules.md"
    assert {k: str(v) for k, v in db.edition.where.items()} == {
        "inventory[0]": "data/g/1/edition.yaml:5:5", "mentions[0]": "data/g/1/edition.yaml:7:5",
        "rulebook": "data/g/1/edition.yaml:3:11", "box_list_skip[0]": "data/g/1/edition.yaml:9:5",
        "accepted[0]": "data/g/1/edition.yaml:11:5"}
    assert {t: term.label for t, term in db.game.vocab["suit"].items()} == {
        "star": "Sun", "moon": "Moon", "sea": "sea"}
    assert db.game.kinds["token"].fields["n"].type == "int" and "card" in db.game.kinds
    assert [r.kind for r in db.game.rules] == ["card", "token"]
    assert [str(w) for w in db.game.rule_where] == ["data/g/game.yaml:15:5", "data/g/2/edition.yaml:12:5"]
    by_id = db.by_id()
    assert sorted(by_id) == ["c1", "t1"]
    assert by_id["c1"].fields == {"suit": "star", "text": "changed"}   # patched: other fields kept
    assert (by_id["c1"].name, by_id["c1"].edition) == ("One", "2")
    assert str(by_id["c1"].where) == "data/g/2/changes.yaml:1:3"
    assert by_id["t1"].fields == {"n": 3}


def test_an_edition_that_states_its_own_box_list_and_players(tmp_path: Path) -> None:
    _project(tmp_path, {
        "2/edition.yaml": 'edition: "2"\nextends: "1"\nplayers: { max: 6 }\nrulebook: own.md\n'
                          'inventory:\n  - { line: "3 CARDS", kind: card, count: 3 }\n',
    }, edition='edition: "1"\nplayers: { min: 2, max: 4 }\nrulebook: rules.md\ninventory:\n'
               '  - { line: "2 CARDS", kind: card, count: 2 }\n')
    db = load_database(tmp_path, "g", "2")
    assert [row.line for row in db.edition.inventory] == ["3 CARDS"]
    assert db.edition.players is not None and db.edition.players.max == 6
    assert db.edition.rulebook_path == tmp_path.resolve() / "data/g/2/own.md"
    assert str(db.edition.where["inventory[0]"]) == "data/g/2/edition.yaml:6:5"
    assert str(db.edition.where["rulebook"]) == "data/g/2/edition.yaml:4:11"


def test_an_extends_cycle(tmp_path: Path) -> None:
    _project(tmp_path, {"a/edition.yaml": 'edition: a\nextends: b\n',
                        "b/edition.yaml": 'edition: b\nextends: a\n'})
    assert _problems(tmp_path, "a") == [
        "data/g/b/edition.yaml:2:1: error[extends-cycle] extends: editions extend each other in a "
        "circle: a -> b -> a\n  hint: one edition must extend none"]


def test_an_unknown_or_badly_named_parent(tmp_path: Path) -> None:
    _project(tmp_path, {"a/edition.yaml": 'edition: a\nextends: "l"\n',
                        "b/edition.yaml": 'edition: b\nextends: "../1"\n'})
    assert _problems(tmp_path, "a") == [
        "data/g/a/edition.yaml:2:10: error[unknown-edition] extends: game 'g' has no edition 'l'\n"
        "  hint: expected one of: 1, a, b"]
    assert _problems(tmp_path, "b") == [
        "data/g/b/edition.yaml:2:10: error[bad-name] extends: edition '../1' is not a plain name "
        "('/' U+002F)\n  hint: name an edition folder: use letters, digits, '-', '_' and '.' only "
        "(no spaces, no '/', no '..')"]
    assert _problems(tmp_path, "c") == [
        "error[unknown-edition] game 'g' has no edition 'c'\n  hint: expected one of: 1, a, b"]


def test_a_bad_default_edition_and_bad_files(tmp_path: Path) -> None:
    _project(tmp_path, game=GAME.replace('default_edition: "1"', "default_edition: a b"))
    assert _problems(tmp_path) == [
        "data/g/game.yaml:2:18: error[bad-name] default_edition: edition 'a b' is not a plain name "
        "(' ' U+0020)\n  hint: edition names are folder names: use letters, digits, '-', '_' and "
        "'.' only (no spaces, no '/', no '..')"]
    assert load_database(tmp_path, "g", "1").edition.id == "1"  # named: the default is not read
    _project(tmp_path, game="name: Gee\n")
    assert _problems(tmp_path) == [
        "data/g/game.yaml:1:1: error[missing-field] default_edition: 'default_edition' is required\n"
        "  hint: add a line 'default_edition: ...' here"]
    _project(tmp_path, edition='edition: "1"\nbogus: 1\n')
    assert _problems(tmp_path) == [
        "data/g/1/edition.yaml:2:1: error[unknown-field] bogus: unknown key 'bogus'"]


# ---------------------------------------------------------------- kinds


def test_kind_specs_name_known_vocabularies_kinds_and_layouts(tmp_path: Path) -> None:
    _project(tmp_path, game=GAME.replace("  token: {}\n", (
        "  'bad kind': {}\n"
        "  deck:\n    layout: ../x\n    back: common/back\n    fields:\n"
        "      a: { type: term, vocab: colour }\n"
        "      b: { type: ref, kind: crad }\n"
        "      c: { type: list, of: { type: term, vocab: sute } }\n"
        "      d: { type: object, fields: { e: { type: ref, kind: tokn } } }\n"
        "      f: { type: ref }\n"
        "  tok:\n    layout: /abs\n")), cards="[]\n")
    assert _problems(tmp_path) == [
        "data/g/game.yaml:13:3: error[bad-name] kinds.bad kind: kind 'bad kind' is not a plain name "
        "(' ' U+0020)\n  hint: kind names become output file names: use letters, digits, '-', '_' "
        "and '.' only (no spaces, no '/', no '..')",
        "data/g/game.yaml:15:13: error[bad-name] kinds.deck.layout: layout '../x' is not a layout name\n"
        "  hint: name a file under layouts/ without its .yaml, e.g. common/poker-card (no '..', no "
        "leading '/')",
        "data/g/game.yaml:18:31: error[unknown-vocab] kinds.deck.fields.a.vocab: term field names "
        "vocabulary 'colour', which no vocab defines\n  hint: expected one of: suit",
        "data/g/game.yaml:19:29: error[unknown-kind] kinds.deck.fields.b.kind: ref field names kind "
        "'crad', which is not defined\n  hint: did you mean 'card'?",
        "data/g/game.yaml:20:49: error[unknown-vocab] kinds.deck.fields.c.of.vocab: term field names "
        "vocabulary 'sute', which no vocab defines\n  hint: did you mean 'suit'?",
        "data/g/game.yaml:21:58: error[unknown-kind] kinds.deck.fields.d.fields.e.kind: ref field "
        "names kind 'tokn', which is not defined\n  hint: did you mean 'tok'?",
        "data/g/game.yaml:24:13: error[bad-name] kinds.tok.layout: layout '/abs' is not a layout name\n"
        "  hint: name a file under layouts/ without its .yaml, e.g. common/poker-card (no '..', no "
        "leading '/')"]


def test_a_kind_redefined_in_an_edition_is_located_there(tmp_path: Path) -> None:
    _project(tmp_path, {"2/edition.yaml": 'edition: "2"\nextends: "1"\nkinds:\n'
                                          '  card: { fields: { s: { type: term, vocab: x } } }\n'},
             cards="[]\n")
    assert _problems(tmp_path, "2") == [
        "data/g/2/edition.yaml:4:45: error[unknown-vocab] kinds.card.fields.s.vocab: term field names "
        "vocabulary 'x', which no vocab defines\n  hint: expected one of: suit"]


def test_box_list_rows_name_known_kinds(tmp_path: Path) -> None:
    _project(tmp_path, edition='edition: "1"\ninventory:\n'
                               '  - { line: "2 CARDS", kind: crad, count: 2 }\n'
                               '  - { line: "ALL", kind: [card, tokn], count: 3 }\n')
    assert _problems(tmp_path) == [
        "data/g/1/edition.yaml:3:30: error[unknown-kind] inventory[0].kind: box-list row '2 CARDS' "
        "names kind 'crad', which is not defined\n  hint: did you mean 'card'?",
        "data/g/1/edition.yaml:4:33: error[unknown-kind] inventory[1].kind[1]: box-list row 'ALL' "
        "names kind 'tokn', which is not defined\n  hint: did you mean 'token'?"]


# ---------------------------------------------------------------- components


def test_component_files_are_the_editions_yaml_and_tables(tmp_path: Path) -> None:
    _project(tmp_path, {"1/more.csv": "id,kind\nc3,token\n", "1/.hidden.yaml": "- oops\n",
                        "1/~lock.yaml": "- oops\n", "1/notes.txt": "- oops\n",
                        "1/upper.TSV": "id\tkind\nc4\ttoken\n", "1/old.yml": "- oops\n"})
    assert [c.id for c in load_database(tmp_path, "g").components] == ["c1", "c2", "c3", "c4"]


def test_problems_of_components_files(tmp_path: Path) -> None:
    _project(tmp_path, {"1/more.yaml": "id: x\n", "1/list.yaml": "- 3\n- { id: c1, kind: token }\n",
                        "1/bad.csv": "id,kind,bogus\nx,token,1\n", "1/broken.yaml": "a: [\n"})
    assert _problems(tmp_path) == [
        "data/g/1/bad.csv:1:3: error[unknown-field] bogus: unknown column 'bogus'",
        "data/g/1/broken.yaml:2:1: error[yaml-syntax] while parsing a flow node: did not find "
        "expected node content\n  hint: check the indentation and quoting on this line and the one above",
        "data/g/1/list.yaml:1:3: error[bad-type] list[0]: each component is a mapping (key: value)\n"
        "  hint: write '- id: ...' then indented 'key: value' lines",
        "data/g/1/list.yaml:2:9: error[duplicate-id] list[1].id: id 'c1' is used twice\n"
        "  hint: first used at data/g/1/cards.yaml:1:9; ids must be unique",
        "data/g/1/more.yaml:1:1: error[bad-type] a components file holds a list of components\n"
        "  hint: start each component with '- id: ...'"]


def test_a_later_edition_may_replace_a_component_whole(tmp_path: Path) -> None:
    _project(tmp_path, {"2/edition.yaml": 'edition: "2"\nextends: "1"\n',
                        "2/cards.yaml": "- { id: c1, kind: token, name: Other }\n"})
    c1 = load_database(tmp_path, "g", "2").by_id()["c1"]
    assert (c1.kind, c1.name, c1.fields) == ("token", "Other", {})


def test_a_patch_is_checked_against_the_inherited_kind(tmp_path: Path) -> None:
    _project(tmp_path, {"2/edition.yaml": 'edition: "2"\nextends: "1"\n',
                        "2/cards.yaml": "- { id: c1, suit: sun }\n- { id: new }\n"})
    assert _problems(tmp_path, "2") == [
        "data/g/2/cards.yaml:1:19: error[unknown-term] cards[0].suit: unknown suit 'sun'\n"
        "  hint: expected one of: moon, star",
        "data/g/2/cards.yaml:2:3: error[missing-field] cards[1].kind: every component needs 'kind'\n"
        "  hint: add a line 'kind: ...' to this component"]


def test_remove_names_known_components(tmp_path: Path) -> None:
    _project(tmp_path, {"2/edition.yaml": 'edition: "2"\nextends: "1"\nremove: [c1, c3]\n'})
    assert _problems(tmp_path, "2") == [
        "data/g/2/edition.yaml:3:14: error[unknown-id] remove[1]: cannot remove 'c3': no such "
        "component\n  hint: expected one of: c2"]


def test_references_name_components_of_the_right_kind(tmp_path: Path) -> None:
    _project(tmp_path, cards=CARDS + "- { id: t1, kind: token }\n- { id: c3, kind: card, pair: c9 }\n"
             "- { id: c4, kind: card, pair: t1 }\n- { id: c5, kind: card, pair: c1 }\n")
    assert _problems(tmp_path) == [
        "data/g/1/cards.yaml:4:31: error[unknown-id] cards[3].pair: no component with id 'c9'\n"
        "  hint: expected one of: c1, c2, c3, c4, c5, t1",
        "data/g/1/cards.yaml:5:31: error[wrong-kind] cards[4].pair: 't1' is a token, expected a card\n"
        "  hint: expected one of: c1, c2, c3, c4, c5"]


def test_images_live_in_the_game_folder(tmp_path: Path) -> None:
    _project(tmp_path, {"art/a.png": "", "art/b.gif": "", "1/edition.yaml": 'edition: "1"\n'},
             cards="- { id: a, kind: token, image: art/a.png, back_image: art/A.JPG }\n"
                   "- { id: b, kind: token, image: ../../x.png }\n"
                   "- { id: c, kind: token, image: art/b.gif }\n"
                   "- { id: d, kind: token, image: \"art/\\0.png\" }\n")
    (tmp_path / "data/g/art/A.JPG").write_text("")
    assert _problems(tmp_path) == [
        "data/g/1/cards.yaml:2:32: error[image-outside] cards[1].image: image '../../x.png' is "
        "outside the game folder\n  hint: put images under g/ and give the path relative to it",
        "data/g/1/cards.yaml:3:32: error[bad-image] cards[2].image: image 'art/b.gif' is not a PNG, "
        "JPEG or SVG file\n  hint: save the art as .png, .jpg or .svg",
        "data/g/1/cards.yaml:4:32: error[bad-image] cards[3].image: image path 'art/\\x00.png' is not "
        "a usable file name\n  hint: write a short path such as art/name.png"]


def test_a_draft_lets_missing_images_through(tmp_path: Path) -> None:
    _project(tmp_path, cards="- { id: a, kind: token, image: art/none.png }\n")
    missing = ("data/g/1/cards.yaml:1:32: error[missing-image] [0].image: image 'art/none.png' does "
               "not exist\n  hint: paths are relative to data/g/")
    assert _problems(tmp_path) == [missing.replace("[0]", "cards[0]")]
    db = load_database(tmp_path, "g", draft=True)
    assert db.draft is True and [c.id for c in db.components] == ["a"]
    assert [p.render() for p in db.waived] == [missing.replace("[0]", "cards[0]")]
    assert db.components[0].image == "art/none.png"


def test_size_limits(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _project(tmp_path, cards=CARDS + "- { id: c3, kind: token, count: 3 }\n")
    monkeypatch.setattr(load, "MAX_COPIES", 6)
    assert len(load_database(tmp_path, "g").components) == 3  # 1 + 2 + 3 copies: at the limit
    monkeypatch.setattr(load, "MAX_COPIES", 5)
    assert _problems(tmp_path) == [
        "data/g/1/cards.yaml:3:3: error[too-many] c3.count: 6 copies in all; a build prints at most 5\n"
        "  hint: 'c3' alone has count 3; is a count a typo?"]
    monkeypatch.setattr(load, "MAX_COMPONENTS", 2)
    assert _problems(tmp_path) == [
        "data/g/1/cards.yaml:3:3: error[too-many] 3 components; at most 2\n"
        "  hint: split the game, or remove generated filler"]
    monkeypatch.setattr(load, "MAX_COMPONENTS", 3)
    monkeypatch.setattr(load, "MAX_COPIES", 6)
    assert len(load_database(tmp_path, "g").components) == 3


def test_quotes_of_components_terms_rules_and_mentions(tmp_path: Path) -> None:
    _project(tmp_path, {"2/edition.yaml": 'edition: "2"\nextends: "1"\nrulebook: two.md\n'
                                          'rulebook_mentions:\n  - { quote: "the deck" }\n',
                        "2/cards.yaml": "- { id: c1, text: new words, quote: [text] }\n"},
             game=GAME.replace("{ id: moon, name: Moon }", "{ id: moon, name: Moon, quote: name }")
             .replace("fields: [suit] }", "fields: [suit], quote: one each }"),
             cards=CARDS.replace("text: first }", "text: first, quote: text, source: p. 3 }"),
             edition='edition: "1"\nrulebook: one.md\n')
    root = tmp_path.resolve() / "data/g"
    one = {(q.text, str(q.where), q.rulebook, q.what) for q in load_database(tmp_path, "g", "1").quotes}
    assert one == {
        ("Moon", "data/g/game.yaml:6:25", root / "1/one.md", "term moon name"),
        ("one each", "data/g/game.yaml:15:56", root / "1/one.md", "rule"),
        ("p. 3", "data/g/1/cards.yaml:1:82", root / "1/one.md", "c1 source"),
        ("first", "data/g/1/cards.yaml:1:54", root / "1/one.md", "c1 text")}
    two = {(q.text, str(q.where), q.rulebook, q.what) for q in load_database(tmp_path, "g", "2").quotes}
    assert two == {  # game.yaml's quotes: the default edition's rulebook
        ("Moon", "data/g/game.yaml:6:25", root / "1/one.md", "term moon name"),
        ("one each", "data/g/game.yaml:15:56", root / "1/one.md", "rule"),
        ("the deck", "data/g/2/edition.yaml:5:14", root / "2/two.md", "rulebook mention"),
        ("new words", "data/g/2/cards.yaml:1:19", root / "2/two.md", "c1 text")}


def test_quotes_of_removed_components_are_dropped(tmp_path: Path) -> None:
    _project(tmp_path, {"2/edition.yaml": 'edition: "2"\nextends: "1"\nremove: [c1]\n'},
             cards=CARDS.replace("text: first }", "text: first, quote: text }"))
    assert load_database(tmp_path, "g", "2").quotes == []
    assert len(load_database(tmp_path, "g", "1").quotes) == 1


def test_a_bad_quote_mark_is_a_problem(tmp_path: Path) -> None:
    _project(tmp_path, cards=CARDS.replace("text: first }", "text: first, quote: [txet] }"))
    assert _problems(tmp_path) == [
        "data/g/1/cards.yaml:1:68: error[bad-quote] cards[0].quote: quote: 'txet' names no text of "
        "this component\n  hint: e.g. quote: [text] or quote: [\"lines[]\", effect.text]; text not "
        "quoted verbatim is marked status: draft"]


def test_a_game_without_editions(tmp_path: Path) -> None:
    (tmp_path / "data" / "g").mkdir(parents=True)
    (tmp_path / "data" / "g" / "game.yaml").write_text(GAME)
    assert _problems(tmp_path) == ["error[unknown-edition] game 'g' has no edition '1'\n  hint: editions: "]


def test_a_component_keeps_its_art_and_source(tmp_path: Path) -> None:
    _project(tmp_path, {"art/f.png": "", "art/b.jpeg": ""},
             cards="- { id: a, kind: token, image: art/f.png, back_image: art/b.jpeg, source: p. 4 }\n"
                   "- { id: b, kind: token }\n")
    a, b = load_database(tmp_path, "g").components
    assert (a.image, a.back_image, a.source, a.fields) == ("art/f.png", "art/b.jpeg", "p. 4", {})
    assert (b.image, b.back_image, b.source) == (None, None, None)


def test_a_patch_without_quote_marks_keeps_the_quotes_it_inherits(tmp_path: Path) -> None:
    _project(tmp_path, {"2/edition.yaml": 'edition: "2"\nextends: "1"\n',
                        "2/cards.yaml": "- { id: c1, name: Renamed }\n"},
             cards=CARDS.replace("text: first }", "text: first, quote: text }"))
    assert [(q.text, q.what) for q in load_database(tmp_path, "g", "2").quotes] == [("first", "c1 text")]


def test_an_edition_named_on_the_command_line_is_a_folder_name(tmp_path: Path) -> None:
    _project(tmp_path)
    assert _problems(tmp_path, "a b") == [
        "error[bad-name] edition 'a b' is not a plain name (' ' U+0020)\n  hint: edition names are "
        "folder names: use letters, digits, '-', '_' and '.' only (no spaces, no '/', no '..')"]
