"""YAML files -> Sources: positions of keys and values, and located problems for bad files."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from cardgen.data import yamlsrc
from cardgen.data.yamlsrc import read_source
from cardgen.errors import ProblemsError


def _read(tmp_path: Path, text: str | bytes):
    path = tmp_path / "f.yaml"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    return read_source(path, "f.yaml")


def _problem(tmp_path: Path, text: str | bytes):
    with pytest.raises(ProblemsError) as exc:
        _read(tmp_path, text)
    return exc.value.problems[0]


def test_positions_of_keys_and_values(tmp_path: Path) -> None:
    src = _read(tmp_path, "- id: a\n  name: Alpha\n- id: b\n  tags: [x, y]\n")
    assert src.data == [{"id": "a", "name": "Alpha"}, {"id": "b", "tags": ["x", "y"]}]
    assert str(src.where((0, "name"))) == "f.yaml:2:3"
    assert str(src.value_where((1, "tags", 1))) == "f.yaml:4:13"


def test_duplicate_key(tmp_path: Path) -> None:
    p = _problem(tmp_path, "id: a\nname: x\nname: y\n")
    assert (p.rule, str(p.where)) == ("duplicate-key", "f.yaml:3:1")
    assert "line 2" in (p.hint or "")


def test_tab_indentation(tmp_path: Path) -> None:
    p = _problem(tmp_path, "a:\n\tb: 1\n")
    assert p.rule == "yaml-syntax" and "tabs" in (p.hint or "")


def test_alias_bomb_is_stopped(tmp_path: Path) -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 9)]
    p = _problem(tmp_path, "\n".join(lines) + "\n")
    assert p.rule == "too-large"


@pytest.mark.parametrize(("content", "rule"), [
    ("", "empty-file"), ("# only a comment\n", "empty-file"),
    (b"\x89PNG\r\n\x1a\n\x00\x00", "not-text"), (b"\xff\xfe junk", "not-text"),
    ("x: !!python/object:os.system ls\n", "yaml-syntax"),
])
def test_unreadable_files(tmp_path: Path, content: str | bytes, rule: str) -> None:
    assert _problem(tmp_path, content).rule == rule


def test_dates_stay_text(tmp_path: Path) -> None:
    assert _read(tmp_path, "date: 2018-10-14\n").data == {"date": "2018-10-14"}


# cardgen's nesting limit is its own: the same problem at the same place whichever parser PyYAML
# was built with (libyaml stops nesting at 1,000 levels with a syntax error of its own).
_PARSERS = [pytest.param(yaml.SafeLoader, id="pure-python")]
if hasattr(yaml, "CSafeLoader"):
    _PARSERS.append(pytest.param(yaml.CSafeLoader, id="libyaml"))


@pytest.mark.parametrize("parser", _PARSERS)
@pytest.mark.parametrize(("text", "where"), [
    ("key: " + "[" * 65 + "]" * 65 + "\n", "f.yaml:1:69"),            # just past the limit
    ("a: 1\nb: 2\nkey: " + "[" * 1200 + "\n", "f.yaml:3:69"),        # past libyaml's 1,000, short file
    ("key: " + "[" * 5000 + "]" * 5000 + "\n", "f.yaml:1:69"),        # measured before composing
    ("".join(" " * i + f"k{i}:\n" for i in range(70)) + " " * 70 + "v\n", "f.yaml:65:65"),
    ("- " * 80 + "x\n", "f.yaml:1:129"),
])
def test_nesting_past_64_is_cardgens_own_problem(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  parser: type, text: str, where: str) -> None:
    monkeypatch.setattr(yamlsrc, "_LOADER", parser)
    p = _problem(tmp_path, text)
    assert (p.rule, str(p.where)) == ("too-deep", where)
    assert "more than 64 levels" in p.message


@pytest.mark.parametrize("parser", _PARSERS)
def test_nesting_of_64_loads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, parser: type) -> None:
    monkeypatch.setattr(yamlsrc, "_LOADER", parser)
    src = _read(tmp_path, "key: " + "[" * 63 + "1" + "]" * 63 + "\n")
    value = src.data["key"]
    for _ in range(62):
        value = value[0]
    assert value == [1]


# ---------------------------------------------------------------- exact problems and positions


def _rendered(tmp_path: Path, text: str | bytes) -> str:
    return _problem(tmp_path, text).render()


def test_where_falls_back_from_the_key_to_the_value_to_the_closest_parent(tmp_path: Path) -> None:
    src = _read(tmp_path, "top:\n  - id: a\n    tags:\n      - x\n")
    assert str(src.where(("top", 0, "id"))) == "f.yaml:2:5"         # the key itself
    assert str(src.value_where(("top", 0, "id"))) == "f.yaml:2:9"   # its value
    assert str(src.where(("top", 0, "tags", 0))) == "f.yaml:4:9"    # a list item: its value
    assert str(src.where(("top", 0, "name"))) == "f.yaml:2:5"       # absent: the item that lacks it
    assert str(src.value_where(("top", 0, "name"))) == "f.yaml:2:5"
    assert str(src.where(("nothing", "here"))) == "f.yaml:1:1"      # the document
    assert str(yamlsrc.Source("g.yaml", {}).where(("a",))) == "g.yaml:1:1"  # nothing recorded


def test_key_paths_read_as_people_write_them(tmp_path: Path) -> None:
    src = _read(tmp_path, "- a\n")
    assert src.label(("cards", 3, "name")) == "cards[3].name"
    assert src.label((3, "name", 0)) == "[3].name[0]"
    assert src.label(()) == ""
    src.prefix = ("cards",)
    assert src.label((3, "name")) == "cards[3].name"
    assert src.label(()) == "cards"


def test_plain_scalars_read_as_other_than_text_keep_their_raw_text(tmp_path: Path) -> None:
    src = _read(tmp_path, "a: 10:30\nb: '10:30'\nc: no\nd: text\ne: .nan\nf: [1, -.inf]\ng: 2.5\n")
    assert src.data == {"a": 630, "b": "10:30", "c": False, "d": "text", "e": src.data["e"],
                        "f": [1, float("-inf")], "g": 2.5}
    assert src.raw == {("a",): "10:30", ("c",): "no", ("e",): ".nan", ("f", 0): "1",
                       ("f", 1): "-.inf", ("g",): "2.5"}
    assert src.nonfinite == [("e",), ("f", 1)]


def test_timestamps_are_text_in_iso_form(tmp_path: Path) -> None:
    assert _read(tmp_path, "t: 2018-10-14 10:30:00\n").data == {"t": "2018-10-14T10:30:00"}


def test_duplicate_key_names_both_places(tmp_path: Path) -> None:
    assert _rendered(tmp_path, "a:\n  id: x\n  name: y\n  name: z\n") == (
        "f.yaml:4:3: error[duplicate-key] a.name: key 'name' appears twice in one mapping\n"
        "  hint: the first 'name' is at line 3; keep one")


def test_a_number_and_its_text_are_the_same_key(tmp_path: Path) -> None:
    assert _rendered(tmp_path, "1: a\n'1': b\n").startswith(
        "f.yaml:2:1: error[duplicate-key] 1: key '1' appears twice")


@pytest.mark.parametrize(("text", "expected"), [
    ("x: !!set {a}\n", "f.yaml:1:4: error[yaml-syntax] the YAML tag '!!set' is not allowed"),
    ("x: !thing a\n", "f.yaml:1:4: error[yaml-syntax] the YAML tag '!thing' is not allowed"),
    ("x:\n  - !!binary aGk=\n", "f.yaml:2:5: error[yaml-syntax] the YAML tag '!!binary' is not allowed"),
    ("!!binary aGk=: 1\n", "f.yaml:1:1: error[yaml-syntax] the YAML tag '!!binary' is not allowed"),
])
def test_tags_are_refused_where_they_are(tmp_path: Path, text: str, expected: str) -> None:
    assert _rendered(tmp_path, text) == (
        expected + " (safe loading: plain values only)\n"
        "  hint: YAML tags (!something) are not allowed in data files; remove the tag")


def test_plain_tags_on_plain_values_are_allowed(tmp_path: Path) -> None:
    assert _read(tmp_path, "a: !!str 3\nb: !!int '4'\n!!str c: [!!float 1]\n").data == {
        "a": "3", "b": 4, "c": [1.0]}


def test_a_value_that_does_not_fit_its_tag(tmp_path: Path) -> None:
    assert _rendered(tmp_path, "a: 1\nx: !!int abc\n") == (
        "f.yaml:2:4: error[yaml-syntax] 'abc' is not a valid int\n"
        "  hint: remove the !!tag or fix the value")


def test_a_complex_key_is_refused(tmp_path: Path) -> None:
    assert _rendered(tmp_path, "x:\n  [a, b]: 1\n") == (
        "f.yaml:2:3: error[bad-key] x: a key must be plain text, not a list or a mapping\n"
        "  hint: a '?' line or a [list] / {mapping} before ':' makes a complex key; write 'name: value'")


def test_too_many_values(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(yamlsrc, "MAX_NODES", 4)
    assert _read(tmp_path, "a: [1, 2]\n").data == {"a": [1, 2]}  # 4 values: the mapping, a list, 2
    assert _rendered(tmp_path, "a: [1, 2]\nb: 3\n") == (
        "f.yaml:2:4: error[too-large] more than 4 values (an alias bomb or a runaway file)\n"
        "  hint: split the file, and do not nest YAML aliases (&name / *name) inside each other")


def test_a_file_over_the_size_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(yamlsrc, "MAX_BYTES", 2 * 1024 * 1024)
    path = tmp_path / "f.yaml"
    path.write_bytes(b"#" * (2 * 1024 * 1024 - 3) + b"\na: 1\n")
    with pytest.raises(ProblemsError) as exc:
        read_source(path, "f.yaml")
    assert exc.value.problems[0].render() == (
        "f.yaml:1:1: error[too-large] file is 2.1 MB; data files may be at most 2 MB\n"
        "  hint: split the components into several files")
    path.write_bytes(b"a: 1\n" + b"#" * (2 * 1024 * 1024 - 5))  # exactly the limit
    assert read_source(path, "f.yaml").data == {"a": 1}


def test_not_text(tmp_path: Path) -> None:
    assert _rendered(tmp_path, b"a: caf\xe9\n") == (
        "f.yaml:1:1: error[not-text] not UTF-8 text (byte 6 is 0xe9)\n  hint: save the file as UTF-8 YAML")
    assert _rendered(tmp_path, b"a: 1\x00\n") == (
        "f.yaml:1:1: error[not-text] binary file (contains NUL bytes)\n"
        "  hint: only YAML files belong in data/")


def test_a_control_character_is_located(tmp_path: Path) -> None:
    assert _rendered(tmp_path, "a: 1\nb: x\x07y\n") == (
        "f.yaml:2:5: error[not-text] character U+0007 is not allowed in YAML\n"
        "  hint: delete the invisible control character (often pasted from a PDF)")
    assert str(_problem(tmp_path, "\x1b").where) == "f.yaml:1:1"


def test_empty_file_problem(tmp_path: Path) -> None:
    assert _rendered(tmp_path, "# nothing\n") == (
        "f.yaml:1:1: error[empty-file] the file is empty\n  hint: add content or delete the file")


@pytest.mark.parametrize(("text", "expected"), [
    ("a: b: c\n", "f.yaml:1:5: error[yaml-syntax] mapping values are not allowed in this context\n"
     "  hint: a value containing ': ' must be quoted"),
    ("a: [1, 2\n", "f.yaml:2:1: error[yaml-syntax] while parsing a flow sequence: did not find "
     "expected ',' or ']'\n  hint: check the indentation and quoting on this line and the one above"),
    ("a:\n  - 1\n  b: 2\n", "f.yaml:3:3: error[yaml-syntax] while parsing a block collection: did "
     "not find expected '-' indicator\n"
     "  hint: check the indentation and quoting on this line and the one above"),
])
def test_syntax_errors_say_where_and_what_to_check(tmp_path: Path, text: str, expected: str) -> None:
    assert _rendered(tmp_path, text) == expected


def test_a_tab_on_the_line_gets_the_tab_hint(tmp_path: Path) -> None:
    rendered = _rendered(tmp_path, "a: 1\n\tb: 2\n")  # the message is the parser's own
    assert rendered.startswith("f.yaml:2:1: error[yaml-syntax] ")
    assert rendered.endswith("\n  hint: YAML does not allow tabs for indentation; indent with spaces")


def test_the_nesting_problem_in_full(tmp_path: Path) -> None:
    assert _rendered(tmp_path, "key: " + "[" * 65 + "]" * 65 + "\n") == (
        "f.yaml:1:69: error[too-deep] lists and mappings nested more than 64 levels deep\n"
        "  hint: flatten the structure; real data nests a few levels")


def _depth(text: str) -> int:
    """How deep the lists and mappings of a YAML text nest, as the parser composes them."""
    def depth(node: yaml.Node) -> int:
        if isinstance(node, yaml.MappingNode):
            return 1 + max((max(depth(k), depth(v)) for k, v in node.value), default=0)
        if isinstance(node, yaml.SequenceNode):
            return 1 + max(map(depth, node.value), default=0)
        return 0
    return max(map(depth, yaml.compose_all(text, Loader=yaml.SafeLoader)), default=0)


_NESTED = st.recursive(st.sampled_from(["a", 1, "- x", "? y", ": z", "[", "{"]),
                       lambda inner: st.lists(inner, max_size=3)
                       | st.dictionaries(st.sampled_from(["k", "-", "?", "k2"]), inner, max_size=3),
                       max_leaves=40)


@given(_NESTED, st.sampled_from([None, False, True]), st.integers(2, 6),
       st.sampled_from(["\n", "\r", "\r\n", "\u2028"]), st.booleans())
def test_the_depth_bound_is_never_below_the_nesting(data: object, flow: bool | None, indent: int,
                                                    newline: str, explicit: bool) -> None:
    """What lets a file skip the measuring of its parse events holds for any way of writing
    the same nesting: block or flow, any indentation, lists at their key's column (PyYAML's
    own way), any line break, explicit document markers."""
    text = yaml.safe_dump(data, default_flow_style=flow, indent=indent, line_break=newline,
                          explicit_start=explicit, explicit_end=explicit)
    assert yaml.safe_load(text) == data
    assert _depth(text) <= yamlsrc.depth_bound(text)


@pytest.mark.parametrize("text", [
    "a:\n- b:\n  - c:\n    - d\n",  # lists at their keys' columns
    "- - - - a\n", "? - - a\n: - - b\n", "---\n- - a\n...\n", "-\n -\n  -\n   - a\n",
    "a: [[[{b: [c]}]]]\n", "a:\r b:\r  c:\r   d: 1\r", "\ufeff- - a\n",
])
def test_the_depth_bound_of_hand_written_nesting(text: str) -> None:
    assert 0 < _depth(text) <= yamlsrc.depth_bound(text)
