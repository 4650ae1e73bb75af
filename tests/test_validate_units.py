"""data/validate.py in small pieces: pydantic errors and component field checks -> the exact
problem a person reads (rule, file:line:col, key path, message, hint)."""

from __future__ import annotations

import pytest

from cardgen.data.model import EditionFile, FieldSpec, GameFile, KindSpec, Term
from cardgen.data.pydanticloc import data_path, value_at
from cardgen.data.validate import (
    ComponentContext,
    PendingRef,
    _type_name,
    check_component,
    parse_model,
)
from cardgen.data.yamlsrc import Source, _parse_text
from cardgen.limits import MAX_COUNT


def _src(text: str) -> Source:
    return _parse_text(text, "f.yaml")


def _model_problems(cls: type, text: str) -> list[str]:
    problems: list = []
    assert parse_model(cls, _src(text), problems) is None
    return [p.render() for p in problems]


GAME_HEAD = "name: G\ndefault_edition: '1'\n"


# ---------------------------------------------------------------- pydantic-backed files


def test_a_valid_game_file_parses_with_no_problems() -> None:
    problems: list = []
    game = parse_model(GameFile, _src(GAME_HEAD + "status: draft\n"), problems)
    assert problems == []
    assert game is not None and (game.name, game.default_edition, game.status) == ("G", "1", "draft")


@pytest.mark.parametrize(("text", "expected"), [
    (GAME_HEAD + "nmae: x\n",
     "f.yaml:3:1: error[unknown-field] nmae: unknown key 'nmae'\n  hint: did you mean 'name'?"),
    # through dict[str, list[Term]]: the term's own keys
    (GAME_HEAD + "vocab:\n  suit:\n    - { id: a, nmae: A }\n",
     "f.yaml:5:16: error[unknown-field] vocab.suit[0].nmae: unknown key 'nmae'\n"
     "  hint: did you mean 'name'?"),
    # through FieldSpec | None (of:) and dict[str, FieldSpec] | None (fields:)
    (GAME_HEAD + "kinds:\n  card:\n    fields:\n      x: { type: list, of: { tpye: str } }\n",
     "f.yaml:6:24: error[missing-field] kinds.card.fields.x.of.type: 'type' is required\n"
     "  hint: add a line 'type: ...' here|"
     "f.yaml:6:30: error[unknown-field] kinds.card.fields.x.of.tpye: unknown key 'tpye'\n"
     "  hint: did you mean 'type'?"),
    (GAME_HEAD + "kinds:\n  card:\n    fields:\n      x: { type: object, fields: { y: { tpye: str } } }\n",
     "f.yaml:6:36: error[missing-field] kinds.card.fields.x.fields.y.type: 'type' is required\n"
     "  hint: add a line 'type: ...' here|"
     "f.yaml:6:41: error[unknown-field] kinds.card.fields.x.fields.y.tpye: unknown key 'tpye'\n"
     "  hint: did you mean 'type'?"),
    # an alias is the name a person writes (Rule.in_ is `in`)
    (GAME_HEAD + "rules:\n  - { rule: exists, inn: x }\n",
     "f.yaml:4:21: error[unknown-field] rules[0].inn: unknown key 'inn'\n  hint: did you mean 'in'?"),
])
def test_unknown_keys_are_located_with_the_closest_allowed_key(text: str, expected: str) -> None:
    assert _model_problems(GameFile, text) == expected.split("|")


def test_unknown_key_in_an_optional_model_of_an_edition() -> None:
    assert _model_problems(EditionFile, "edition: '1'\nplayers: { min: 1, mx: 4 }\n") == [
        "f.yaml:2:20: error[unknown-field] players.mx: unknown key 'mx'\n  hint: did you mean 'max'?"]


def test_a_missing_key_is_reported_at_the_mapping_that_lacks_it() -> None:
    assert _model_problems(GameFile, "name: G\n") == [
        "f.yaml:1:1: error[missing-field] default_edition: 'default_edition' is required\n"
        "  hint: add a line 'default_edition: ...' here"]
    fields = "kinds:\n  card:\n    fields:\n      x: { required: true }\n"
    assert _model_problems(GameFile, GAME_HEAD + fields) == [
        "f.yaml:6:7: error[missing-field] kinds.card.fields.x.type: 'type' is required\n"
        "  hint: add a line 'type: ...' here"]


def test_a_value_outside_a_literal_names_the_closest_choice() -> None:
    assert _model_problems(GameFile, GAME_HEAD + "status: finl\n") == [
        "f.yaml:3:9: error[bad-value] status: 'finl' is not allowed here\n"
        "  hint: did you mean 'final'?"]
    assert _model_problems(GameFile, GAME_HEAD + "rules:\n  - { rule: every }\n") == [
        "f.yaml:4:13: error[bad-value] rules[0].rule: 'every' is not allowed here\n"
        "  hint: expected one of: agree, exists, expr, one-each, unique"]


@pytest.mark.parametrize(("text", "expected"), [
    ("kinds:\n  card: 3\n",
     "f.yaml:4:9: error[bad-type] kinds.card: expected a mapping (key: value), got a number"),
    ("vocab: [a]\n", "f.yaml:3:8: error[bad-type] vocab: expected a mapping (key: value), got a list"),
])
def test_a_mapping_expected(text: str, expected: str) -> None:
    assert _model_problems(GameFile, GAME_HEAD + text) == [
        expected + "\n  hint: write 'key: value' lines here, or { key: value }"]


def test_a_term_colour_that_is_not_hex() -> None:
    assert _model_problems(GameFile, GAME_HEAD + "vocab:\n  suit:\n    - { id: a, color: red }\n") == [
        "f.yaml:5:23: error[bad-type] vocab.suit[0].color: expected a colour like \"#C8372D\", "
        "got 'red'\n  hint: six hex digits after '#', quoted: \"#RRGGBB\""]


@pytest.mark.parametrize(("text", "message", "hint"), [
    ("name: [1]\ndefault_edition: '1'\n", "f.yaml:1:7: error[bad-type] name: value should be a valid string",
     "write text; quote it if it looks like a number, a date or true/false"),
    ("kinds: { c: { fields: { x: { type: int, required: maybe } } } }\n",
     "f.yaml:3:51: error[bad-type] kinds.c.fields.x.required: value should be a valid boolean, "
     "unable to interpret value", "write true or false"),
    ("kinds: { c: { fields: { x: { type: int, min: lots } } } }\n",
     "f.yaml:3:46: error[bad-type] kinds.c.fields.x.min: value should be a valid number, "
     "unable to parse string as a number", "write a number without quotes, e.g. 2.5"),
    ("kinds: { c: { fields: { x: { type: list, min_items: some } } } }\n",
     "f.yaml:3:53: error[bad-type] kinds.c.fields.x.min_items: value should be a valid integer, "
     "unable to parse string as an integer", "write a whole number without quotes, e.g. 3"),
    ("rules: 3\n", "f.yaml:3:8: error[bad-type] rules: value should be a valid list",
     "write it as [a, b] or one '- item' a line"),
    ("kinds: { c: { fields: { x: { type: int, min: .inf } } } }\n",
     "f.yaml:3:46: error[bad-type] kinds.c.fields.x.min: value should be a finite number",
     "see docs/data-format.md"),
])
def test_other_type_errors_speak_of_the_value_with_a_hint_by_type(text: str, message: str,
                                                                 hint: str) -> None:
    head = "" if text.startswith("name") else GAME_HEAD
    problems = _model_problems(GameFile, head + text)
    assert problems == [f"{message}\n  hint: {hint}"]


def test_one_problem_per_key_path_and_rule() -> None:
    # id: str | int fails both members of the union: one problem, not two
    assert _model_problems(GameFile, GAME_HEAD + "vocab:\n  suit:\n    - { id: [1] }\n") == [
        "f.yaml:5:13: error[bad-type] vocab.suit[0].id: value should be a valid string\n"
        "  hint: write text; quote it if it looks like a number, a date or true/false"]


def test_data_path_splits_the_existing_path_from_what_is_missing() -> None:
    data = {"els": [{"type": "text", "x": 1}], "a": {"b": 2}}
    assert data_path(data, ("a", "b")) == (("a", "b"), ())
    assert data_path(data, ("a", "c")) == (("a",), ("c",))
    assert data_path(data, ("els", 3, "x")) == (("els",), (3, "x"))
    assert data_path(data, ("els", 0, "text", "y")) == (("els", 0), ("text", "y"))
    # a layout element's own tag after its index is dropped only when asked
    assert data_path(data, ("els", 0, "text", "y"), tagged_items=True) == (("els", 0), ("y",))
    assert data_path(data, ("els", 0, "text", "x"), tagged_items=True) == (("els", 0, "x"), ())
    # only right after the index: a later part equal to the tag is kept
    assert data_path(data, ("els", 0, "x", "text"), tagged_items=True) == (("els", 0, "x"), ("text",))
    assert data_path({"l": [[1]]}, ("l", 0, 0), tagged_items=True) == (("l", 0, 0), ())
    assert data_path(data, ("els", 1, "x")) == (("els",), (1, "x"))   # one past the last item
    assert data_path({"a": "xyz"}, ("a", "y")) == (("a",), ("y",))    # a text is no mapping
    assert data_path({"type": "a", "a": 1}, ("a",), tagged_items=True) == (("a",), ())  # not an item
    # one tag is dropped, not a key after it that happens to equal it
    assert data_path({"els": [{"type": "x", "x": 1}]}, ("els", 0, "x", "x"), tagged_items=True) == (
        ("els", 0, "x"), ())


def test_value_at_follows_a_key_path() -> None:
    assert value_at({"a": [{"b": 5}]}, ("a", 0, "b")) == 5
    assert value_at(7, ()) == 7


@pytest.mark.parametrize(("value", "name"), [
    (None, "nothing"), ({}, "a mapping"), ([], "a list"), ("x", "text"), (3, "a number"),
    (2.5, "a number"), (True, "true/false"), (b"x", "bytes"),
])
def test_type_names(value: object, name: str) -> None:
    assert _type_name(value) == name


# ---------------------------------------------------------------- components


def _kinds() -> dict[str, KindSpec]:
    return {"card": KindSpec(fields={
        "suit": FieldSpec(type="term", vocab="suit", required=True),
        "value": FieldSpec(type="int", min=1, max=3, required=True, description="whole number 1..3"),
        "power": FieldSpec(type="float", min=0),
        "weight": FieldSpec(type="float", max=5),
        "text": FieldSpec(type="text"),
        "size": FieldSpec(type="str", choices=["s", "m"]),
        "flag": FieldSpec(type="bool"),
        "ink": FieldSpec(type="color"),
        "art": FieldSpec(type="image"),
        "pair": FieldSpec(type="ref", kind="card"),
        "steps": FieldSpec(type="list", of=FieldSpec(type="str"), min_items=1, max_items=2),
        "tags": FieldSpec(type="list"),
        "effect": FieldSpec(type="object", fields={
            "text": FieldSpec(type="text", required=True), "cost": FieldSpec(type="int")}),
    }), "token": KindSpec(fields={"label": FieldSpec(type="text", required=True)})}


def _ctx() -> ComponentContext:
    return ComponentContext({"suit": {"star": Term(id="star"), "moon": Term(id="moon"),
                                      "7": Term(id=7)}}, _kinds())


def _check(text: str, *, patch: bool = False) -> tuple[list[str], Source, ComponentContext]:
    src = _src(text)
    src.prefix = ("cards",)
    ctx = _ctx()
    for i, item in enumerate(src.data):
        check_component(item, src, (i,), ctx, patch=patch)
    return [p.render() for p in ctx.problems], src, ctx


def _problems(text: str, *, patch: bool = False) -> list[str]:
    return _check(text, patch=patch)[0]


OK = "- id: a\n  kind: card\n  suit: star\n  value: 2\n"


def _with(line: str) -> str:
    """OK with one more line, or with its suit or value line replaced by this one."""
    key = line.split(":")[0]
    if key in ("suit", "value"):
        return OK.replace(f"  {key}: {'star' if key == 'suit' else 2}\n", f"  {line}\n")
    return OK + f"  {line}\n"


def test_a_valid_component_records_its_images_and_references() -> None:
    text = (OK + "  image: a.png\n  back_image: b.png\n  art: c.png\n  pair: b\n  count: 0\n"
            "  status: draft\n  steps: [x]\n  flag: false\n  ink: '#A1b2C3'\n  power: 0\n"
            "  weight: 5\n  size: m\n  effect: { text: hi, cost: 1 }\n")
    problems, src, ctx = _check(text)
    assert problems == []
    assert ctx.images == [(src, (0, "image"), "a.png"), (src, (0, "back_image"), "b.png"),
                          (src, (0, "art"), "c.png")]
    assert ctx.refs == [PendingRef(src, (0, "pair"), "b", "card")]


def test_a_component_without_id_or_kind() -> None:
    assert _problems("- { name: X }\n") == [
        "f.yaml:1:3: error[missing-field] cards[0].id: every component needs 'id'\n"
        "  hint: add a line 'id: ...' to this component",
        "f.yaml:1:3: error[missing-field] cards[0].kind: every component needs 'kind'\n"
        "  hint: add a line 'kind: ...' to this component"]


def test_an_unknown_kind_stops_the_checks_of_that_component() -> None:
    assert _problems("- { id: a, kind: crad, bogus: 1 }\n") == [
        "f.yaml:1:18: error[unknown-kind] cards[0].kind: unknown kind 'crad'\n"
        "  hint: did you mean 'card'?"]


def test_unknown_key_and_missing_required_fields() -> None:
    assert _problems("- { id: a, kind: card, vaule: 2 }\n") == [
        "f.yaml:1:24: error[unknown-field] cards[0].vaule: unknown key 'vaule' for kind 'card'\n"
        "  hint: did you mean 'value'?",
        "f.yaml:1:3: error[missing-field] cards[0].suit: 'suit' is required for kind 'card'\n"
        "  hint: add 'suit: ...' (a suit id)",
        "f.yaml:1:3: error[missing-field] cards[0].value: 'value' is required for kind 'card'\n"
        "  hint: add 'value: ...' (whole number 1..3)"]
    assert _problems("- { id: a, kind: token }\n") == [
        "f.yaml:1:3: error[missing-field] cards[0].label: 'label' is required for kind 'token'\n"
        "  hint: add 'label: ...' (a text)"]


def test_a_patch_needs_no_base_keys_nor_required_fields() -> None:
    # a patch of a known kind: only the keys it names are checked
    assert _problems("- { id: a, kind: card, value: 9 }\n", patch=True) == [
        "f.yaml:1:31: error[bad-type] cards[0].value: 9 is above the maximum 3\n"
        "  hint: allowed: 1..3"]
    assert _problems("- { id: a, kind: card, vaule: 2 }\n", patch=True) == [
        "f.yaml:1:24: error[unknown-field] cards[0].vaule: unknown key 'vaule' for kind 'card'\n"
        "  hint: did you mean 'value'?"]
    # a patch whose kind is not known here says nothing about its other keys
    assert _problems("- { id: a, kind: crad, vaule: 2 }\n", patch=True) == []
    assert _problems("- { name: X }\n", patch=True) == []


@pytest.mark.parametrize(("line", "expected"), [
    ("name: [1]", "f.yaml:5:9: error[bad-type] cards[0].name: expected text, got a list"),
    ("name: 1.5", "f.yaml:5:9: error[bad-type] cards[0].name: expected text, got a number"),
    ("name: ~", "f.yaml:5:9: error[bad-type] cards[0].name: expected text, got nothing"),
    ("notes: { a: 1 }", "f.yaml:5:10: error[bad-type] cards[0].notes: expected text, got a mapping"),
    ("source: [a]", "f.yaml:5:11: error[bad-type] cards[0].source: expected text, got a list"),
    ("image: 1.5", "f.yaml:5:10: error[bad-type] cards[0].image: expected text, got a number"),
    ("back_image: true", "f.yaml:5:15: error[bad-type] cards[0].back_image: expected text, got true/false"),
])
def test_base_keys_hold_text(line: str, expected: str) -> None:
    assert _problems(OK + f"  {line}\n") == [expected]


def test_base_text_keys_keep_what_was_typed() -> None:
    problems, src, _ = _check(OK + "  name: 10:30\n  source: No\n  notes: 0123\n  image: yes\n")
    assert problems == ["f.yaml:8:10: error[bad-type] cards[0].image: expected text, got true/false"]
    assert (src.data[0]["name"], src.data[0]["source"], src.data[0]["notes"]) == ("10:30", "No", "0123")
    problems, src, _ = _check(OK + "  name: 42\n")
    assert problems == [] and src.data[0]["name"] == 42  # a number written as itself stays one
    assert _check("- { id: a, kind: true }\n")[0][0] == (
        "f.yaml:1:18: error[bad-type] cards[0].kind: expected text, got true/false")


@pytest.mark.parametrize(("line", "expected"), [
    ("id: a b", "f.yaml:1:7: error[bad-type] cards[0].id: id 'a b' is not a plain name (' ' U+0020)\n"
     "  hint: ids name output files: use letters, digits, '-', '_' and '.' only (no spaces, no '/', "
     "no '..')"),
    ("id: 12", "f.yaml:1:7: error[bad-type] cards[0].id: id must be text, got int 12 (quote it)\n"
     "  hint: ids name output files: use letters, digits, '-', '_' and '.' only (no spaces, no '/', "
     "no '..'); write it in quotes"),
])
def test_ids_must_name_files(line: str, expected: str) -> None:
    assert _problems(OK.replace("id: a", line)) == [expected]


@pytest.mark.parametrize(("count", "expected"), [
    ("-1", "expected a whole number >= 0, got -1"),
    ("true", "expected a whole number >= 0, got True"),
    ("'3'", "expected a whole number >= 0, got '3'"),
    ("1.5", "expected a whole number >= 0, got 1.5"),
])
def test_count_is_a_whole_number(count: str, expected: str) -> None:
    assert _problems(OK + f"  count: {count}\n") == [
        f"f.yaml:5:10: error[bad-type] cards[0].count: {expected}\n"
        "  hint: count is how many copies are in the box: 0 or more (default 1)"]


def test_count_limit() -> None:
    assert _problems(OK + f"  count: {MAX_COUNT}\n") == []
    assert _problems(OK + f"  count: {MAX_COUNT + 1}\n") == [
        f"f.yaml:5:10: error[too-many] cards[0].count: count {MAX_COUNT + 1} is above the limit of "
        f"{MAX_COUNT} copies of one component\n"
        "  hint: count is how many copies are in the box; is it a typo?"]


def test_status_is_draft_or_final() -> None:
    assert _problems(OK + "  status: final\n") == []
    assert _problems(OK + "  status: finl\n") == [
        "f.yaml:5:11: error[bad-value] cards[0].status: status 'finl' is not one of draft, final\n"
        "  hint: did you mean 'final'?"]


@pytest.mark.parametrize(("line", "expected"), [
    ("text: [a]", "f.yaml:5:9: error[bad-type] cards[0].text: expected text, got a list"),
    ("text: ~", "f.yaml:5:9: error[bad-type] cards[0].text: expected text, got nothing"),
    ("size: true", "f.yaml:5:9: error[bad-type] cards[0].size: 'true' is not one of the choices\n"
     "  hint: expected one of: m, s"),
    ("size: l", "f.yaml:5:9: error[bad-type] cards[0].size: 'l' is not one of the choices\n"
     "  hint: expected one of: m, s"),
    ("value: '2'", "f.yaml:4:10: error[bad-type] cards[0].value: expected a whole number, got text '2'\n"
     "  hint: write digits without quotes, e.g. 3"),
    ("value: 1.5", "f.yaml:4:10: error[bad-type] cards[0].value: expected a whole number, got a number 1.5\n"
     "  hint: write digits without quotes, e.g. 3"),
    ("value: true", "f.yaml:4:10: error[bad-type] cards[0].value: expected a whole number, got true/false "
     "True\n  hint: write digits without quotes, e.g. 3"),
    ("value: 0", "f.yaml:4:10: error[bad-type] cards[0].value: 0 is below the minimum 1\n"
     "  hint: allowed: 1..3"),
    ("value: 4", "f.yaml:4:10: error[bad-type] cards[0].value: 4 is above the maximum 3\n"
     "  hint: allowed: 1..3"),
    ("power: x", "f.yaml:5:10: error[bad-type] cards[0].power: expected a number, got text 'x'\n"
     "  hint: write digits without quotes, e.g. 3"),
    ("power: .nan", "f.yaml:5:10: error[bad-type] cards[0].power: expected a finite number, got nan\n"
     "  hint: write digits, e.g. 2.5 (not .nan or .inf)"),
    ("power: -.inf", "f.yaml:5:10: error[bad-type] cards[0].power: expected a finite number, got -inf\n"
     "  hint: write digits, e.g. 2.5 (not .nan or .inf)"),
    ("power: -0.5", "f.yaml:5:10: error[bad-type] cards[0].power: -0.5 is below the minimum 0\n"
     "  hint: allowed: >= 0"),
    ("weight: 5.5", "f.yaml:5:11: error[bad-type] cards[0].weight: 5.5 is above the maximum 5\n"
     "  hint: allowed: <= 5"),
    ("flag: 'yes'", "f.yaml:5:9: error[bad-type] cards[0].flag: expected true or false, got 'yes'"),
    ("ink: '#12345'", "f.yaml:5:8: error[bad-type] cards[0].ink: expected a colour like \"#C8372D\", "
     "got '#12345'\n  hint: quote it: \"#RRGGBB\""),
    ("ink: 'x#123456'", "f.yaml:5:8: error[bad-type] cards[0].ink: expected a colour like \"#C8372D\", "
     "got 'x#123456'\n  hint: quote it: \"#RRGGBB\""),
    ("art: 3", "f.yaml:5:8: error[bad-type] cards[0].art: expected an image path, got a number"),
    ("pair: 3", "f.yaml:5:9: error[bad-type] cards[0].pair: expected a component id, got a number"),
    ("suit: [star]", "f.yaml:3:9: error[bad-type] cards[0].suit: expected a suit id, got a list"),
    ("suit: ~", "f.yaml:3:9: error[bad-type] cards[0].suit: expected a suit id, got nothing"),
    ("suit: sun", "f.yaml:3:9: error[unknown-term] cards[0].suit: unknown suit 'sun'\n"
     "  hint: expected one of: 7, moon, star"),
    ("suit: stra", "f.yaml:3:9: error[unknown-term] cards[0].suit: unknown suit 'stra'\n"
     "  hint: did you mean 'star'?"),
    ("steps: x", "f.yaml:5:10: error[bad-type] cards[0].steps: expected a list, got text\n"
     "  hint: write it as [a, b] or one '- item' a line"),
    ("steps: []", "f.yaml:5:10: error[bad-type] cards[0].steps: expected at least 1 items, got 0"),
    ("steps: [a, b, c]", "f.yaml:5:10: error[bad-type] cards[0].steps: expected at most 2 items, got 3"),
    ("steps: [a, [b]]", "f.yaml:5:14: error[bad-type] cards[0].steps[1]: expected text, got a list"),
    ("effect: 3", "f.yaml:5:11: error[bad-type] cards[0].effect: expected a mapping (key: value), "
     "got a number"),
    ("effect: { text: a, cost: x }", "f.yaml:5:28: error[bad-type] cards[0].effect.cost: expected a "
     "whole number, got text 'x'\n  hint: write digits without quotes, e.g. 3"),
])
def test_field_values_against_their_specs(line: str, expected: str) -> None:
    assert _problems(_with(line)) == [expected]


@pytest.mark.parametrize("line", [
    "value: 1", "value: 3", "power: 2", "power: 0.0", "weight: 5.0", "steps: [a]", "steps: [a, b]",
    "suit: 7", "flag: true", "size: s", "text: plain", "tags: [1, [2], {a: 3}]",
])
def test_values_at_the_edges_of_their_specs_pass(line: str) -> None:
    assert _problems(_with(line)) == []


def test_an_object_names_its_unknown_and_missing_keys() -> None:
    assert _problems(OK + "  effect: { txt: a }\n") == [
        "f.yaml:5:13: error[unknown-field] cards[0].effect.txt: unknown key 'txt'\n"
        "  hint: did you mean 'text'?",
        "f.yaml:5:3: error[missing-field] cards[0].effect.text: 'text' is required\n"
        "  hint: add 'text: ...' (a text)"]


def test_text_fields_keep_what_was_typed_in_lists_too() -> None:
    problems, src, _ = _check(OK + "  text: true\n  steps: [yes, 10:30]\n  size: 0123\n")
    assert src.data[0]["text"] == "true"
    assert src.data[0]["steps"] == ["yes", "10:30"]
    assert problems == ["f.yaml:7:9: error[bad-type] cards[0].size: '0123' is not one of the choices\n"
                        "  hint: expected one of: m, s"]
    problems, src, _ = _check(OK + "  text: 10\n  size: 1.5\n")
    assert src.data[0]["text"] == 10 and src.data[0]["size"] == 1.5


def test_an_object_checks_its_other_keys_after_an_unknown_one() -> None:
    assert _problems(OK + "  effect: { txt: a, cost: x, text: t }\n") == [
        "f.yaml:5:13: error[unknown-field] cards[0].effect.txt: unknown key 'txt'\n"
        "  hint: did you mean 'text'?",
        "f.yaml:5:27: error[bad-type] cards[0].effect.cost: expected a whole number, got text 'x'\n"
        "  hint: write digits without quotes, e.g. 3"]
