"""The one-loop reader over libyaml's events (data/yamlfast.py) against the composer's walk:
the same values, positions (in the same order), raw texts and problems, or it steps aside."""

from __future__ import annotations

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.data import yamlfast, yamlsrc
from cardgen.errors import ProblemsError

_SCALARS = ["yes", "no", "on", "off", "Yes", "NO", "On", "y", "n", "true", "False", "TRUE",
            "0x1F", "0o17", "0b101", "1_000", "010", "08", "-0", "+12", "1:30", "190:20:30",
            ".inf", "-.Inf", "+.INF", ".nan", ".NaN", "1e3", "1.5e-3", "6.8523015e+5", "1_0.5",
            "~", "null", "Null", "NULL", "", "2001-12-14", "2001-12-14t21:59:43.10-05:00",
            "2002-12-14 21:59:43.10 -5", "2001-12-15T02:59:43.1Z", "2024-02-30", "=", "<<",
            "text", "Yes please", "nothing", "- x", "'quoted'", '"1"', "'yes'", '"~"', "1.0.0",
            "0.", "-.5", "+", "-", ".", "x: y"]


def _both(text: str) -> tuple[object, object, bool]:
    def read() -> object:
        try:
            src = yamlsrc.parse_text(text, "f.yaml")
        except ProblemsError as exc:
            return [p.render() for p in exc.problems]
        return (src.data, list(src.marks.items()), list(src.key_marks.items()),
                list(src.raw.items()), src.nonfinite)
    fast = yamlfast.read_events(text, "f.yaml", yamlsrc.MAX_NODES, yamlsrc.MAX_YAML_DEPTH)
    events = read()
    saved = yamlsrc._EVENTS
    yamlsrc._EVENTS = None  # the composer alone
    try:
        composed = read()
    finally:
        yamlsrc._EVENTS = saved
    return repr(events), repr(composed), fast is not None


@pytest.mark.parametrize("scalar", _SCALARS)
def test_a_plain_scalar_is_typed_as_the_composer_types_it(scalar: str) -> None:
    for text in (f"v: {scalar}\n", f"- {scalar}\n", f"{scalar}: v\n", f"[{scalar}]\n",
                 f"v: '{scalar}'\n", f"v: \"{scalar}\"\n", f"k:\n  - {scalar}\n  - [{scalar}]\n"):
        events, composed, _ = _both(text)
        assert events == composed, text


@pytest.mark.parametrize("text", [
    "a: 1\nb: [x, 2, {c: .inf}]\nd:\n  - e: ~\n    f: |\n      line\n    g: >\n      fold\n",
    "- id: a\n  n: 1\n- id: b\n  n: 2.5\n  when: 2020-01-02\n",
    "just text\n", "42\n", "~\n", "[]\n", "{}\n", "a: []\nb: {}\nc:\n", "1: x\n2: y\n",
    "yes: 1\nno: 2\n", "true: a\n1.5: b\n~: c\n2001-01-01: d\n",
    "a: 1\n'a': 2\n", "1: x\n'1': y\n", "a: 1\na: 2\n",
    "base: &b {x: 1}\nother:\n  <<: *b\n  y: 2\n", "a: &x 1\nb: *x\n", "- &a [1]\n- *a\n",
    "a: !!str 1\n", "a: !!int '3'\n", "a: !foo x\n", "a: !!python/object x\n", "! a: b\n",
    "=: x\n", "a: =\n", "<<: {a: 1}\n", "? [a]\n: 1\n", "? {a: 1}\n: 2\n", "? a\n: 1\n",
    "", "# only a comment\n", "---\n", "---\na: 1\n---\nb: 2\n", "a: 1\n...\n", "--- 5\n",
    "a: 2024-02-30\n", "a: b: c\n", "a:\n\t- x\n", "a: [1, 2\n", "- a\nb: 1\n",
    "key: " + "[" * 64 + "]" * 64 + "\n", "key: " + "[" * 63 + "1" + "]" * 63 + "\n",
    "a: 'it''s'\nb: \"tab\\there\"\nc: plain # comment\n", "\ufeffa: 1\n", "a: 1\r\nb: 2\r\n",
    "a: {b: [c, {d: e}], f: g}\n", "- - - x\n  - y\n- z\n",
    # anchors and aliases: read again wherever named, positions the anchored node's
    "a: &p\n  t: x\n  f: {n: 1.5, m: [yes, .inf]}\nb: {of: *p}\nc: [*p, *p]\n",
    "- &s 2020-01-02\n- *s\n- {k: *s}\n", "a: &k key\n*k : 1\n", "a: &k key\n*k : 1\nkey: 2\n",
    "a: &o [1, &i {x: 2}]\nb: *i\nc: *o\nd: [*o, *i]\n", "a: *x\nb: &x 1\n",
    "a: &x 1\nb: &x 2\nc: *x\n", "a: &r [1, *r]\n", "a: &r {b: *r}\n",
    "a: &m {x: 1, x: 2}\nb: *m\n", "a: &m [1]\n? *m\n: 2\n",
    "a: &d\n  - " + "[" * 40 + "]" * 40 + "\nb: " + "[" * 25 + "*d" + "]" * 25 + "\n",  # too deep
    "a: &b 1\n---\nc: *b\n", "&top {a: 1}\n", "a: &e\nb: *e\n",
])
def test_a_file_reads_as_the_composer_reads_it(text: str) -> None:
    events, composed, _ = _both(text)
    assert events == composed


def test_the_common_file_is_read_from_events_and_the_rest_steps_aside() -> None:
    assert _both("- id: a\n  n: 1\n  t: [x, yes]\n")[2]
    assert _both("a: &x {b: 1}\nc: [*x]\n")[2]  # anchors and aliases too
    for text in ("a: *x\nb: &x 1\n", "a: &x 1\nb: &x 2\n", "a: &r [*r]\n", "a: !!str 1\n",
                 "<<: {a: 1}\n", "a: 1\na: 2\n", "",
                 "---\na: 1\n---\nb: 2\n", "? [a]\n: 1\n", "a: 2024-02-30\n", "a: [1\n",
                 "key: " + "[" * 65 + "]" * 65 + "\n"):
        assert not _both(text)[2], text


def test_too_many_values_steps_aside(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(yamlsrc, "MAX_NODES", 4)
    for text in ("a: [1, 2]\n", "a: [1, 2]\nb: 3\n"):
        assert _both(text)[0] == _both(text)[1]
    assert yamlsrc.parse_text("a: [1, 2]\n", "f.yaml").data == {"a": [1, 2]}


def test_typed_values_are_not_shared_across_types() -> None:
    src = yamlsrc.parse_text("a: 1\nb: '1'\nc: 1.0\nd: yes\ne: 'yes'\n", "f.yaml")
    assert src.data == {"a": 1, "b": "1", "c": 1.0, "d": True, "e": "yes"}
    assert [type(v) for v in src.data.values()] == [int, str, float, bool, str]
    assert src.raw == {("a",): "1", ("c",): "1.0", ("d",): "yes"}


_LEAVES = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6),
                    st.floats(allow_nan=False), st.text(max_size=12),
                    st.sampled_from(["yes", "No", "on", "~", "0x1F", "1_000", "010", ".inf",
                                     "2001-12-14", "1:30", "<<", "=", "- a", "a: b"]))
_DATA = st.recursive(_LEAVES, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)),
    max_leaves=20)


@settings(max_examples=60, deadline=None)
@given(data=_DATA, flow=st.sampled_from([None, True, False]))
def test_dumped_data_reads_as_the_composer_reads_it(data: object, flow: bool | None) -> None:
    text = yaml.safe_dump(data, default_flow_style=flow, allow_unicode=True)
    events, composed, _ = _both(text)
    assert events == composed


def test_an_alias_is_read_anew_where_it_is_named() -> None:
    data = yamlsrc.parse_text("a: &p {t: [1]}\nb: *p\n", "f.yaml").data
    assert data == {"a": {"t": [1]}, "b": {"t": [1]}}
    assert data["a"] is not data["b"] and data["a"]["t"] is not data["b"]["t"]


@settings(max_examples=60, deadline=None)
@given(data=st.lists(_DATA, min_size=1, max_size=4), picks=st.lists(st.integers(0, 3), max_size=6),
       flow=st.sampled_from([None, True, False]))
def test_shared_data_dumped_with_aliases_reads_as_the_composer_reads_it(
        data: list[object], picks: list[int], flow: bool | None) -> None:
    shared = [[item] for item in data]  # lists, which the dumper writes once and aliases after
    value = {"all": shared, "again": [shared[i % len(shared)] for i in picks],
             "nested": {"x": shared[0]}}
    text = yaml.safe_dump(value, default_flow_style=flow, allow_unicode=True)
    events, composed, fast = _both(text)
    assert events == composed
    assert fast


@settings(max_examples=80, deadline=None)
@given(text=st.text(alphabet="ab1 :-[]{}'\"#&*!|>\n\t.~?,", max_size=40))
def test_any_text_reads_or_fails_as_the_composer_says(text: str) -> None:
    events, composed, _ = _both(text)
    assert events == composed
