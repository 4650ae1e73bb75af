"""Random layouts and rules -> laid out, drawn and checked, or located Problems; never a crash.

The tiny game of the hostile corpus (tests/hostile/tiny) is copied once. Each layout example
swaps one value of a layout for a random one (NaN, infinity, huge, negative, text, lists,
mappings, bindings, arithmetic), lays out every face and draws each face that comes out as a
PDF and an SVG: only ProblemsError may escape, and every drawn number is finite. Each rule
example writes a random rule (an expression from a small grammar, or a selector rule with a
random selector) and runs the check. FUZZ_EXAMPLES sets the number of examples (default 150).
"""

from __future__ import annotations

import math
import os
import shutil
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgen.check import check
from cardgen.data.load import load_database
from cardgen.errors import ProblemsError
from cardgen.layout import LayoutSession, forget_files, lay_out
from cardgen.layout.drawing import Drawing, Group
from cardgen.render.base import renderer
from tests.test_hostile import HERE

FUZZ = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "150")), deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
LAYOUTS = ["layouts/tiny/card.yaml", "layouts/tiny/card-back.yaml", "layouts/tiny/token.yaml"]

numbers = st.sampled_from([math.nan, math.inf, -math.inf, 0, -1, -1e9, 1e9, 1e308, 2001, 0.001,
                           10**30, 3, 63.5])
words = st.sampled_from(["{name}", "{pips}", "{diameter_mm}", "{pips} * 1e308", "{pips} / 0",
                         "{suit.icon}", "{suit}", "{nothing.here}", "{text}", "1e999", "nan",
                         "../../x", "/etc/passwd", "comic", "bold", "circle", "#12345", "#FFFFFF",
                         "{", "}", "{{name}}", "", "text", "row", "repeat", "group", "polar",
                         "icon", "image", "annulus", "line", "{art}", "left", "down"])
scalars = st.none() | st.booleans() | numbers | st.integers(-10**6, 10**6) | words | st.text(max_size=6)
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.sampled_from(["type", "x", "y", "w", "h", "n", "size",
                                                         "elements", "over", "text", "icon",
                                                         "fill", "r", "step", "rotate"]),
                                        inner, max_size=4), max_leaves=12)


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("fuzz-layouts") / "project"
    shutil.copytree(HERE / "tiny", root)
    return root


def _slots(node: object, path: tuple = ()) -> list[tuple]:
    """Every (container path, key) in a parsed layout."""
    found: list[tuple] = []
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else []
    for key, value in items:
        found.append((*path, key))
        found.extend(_slots(value, (*path, key)))
    return found


def _finite(items: object) -> bool:
    if isinstance(items, Group):
        return all(math.isfinite(v) for v in items.transform) and all(_finite(i) for i in items.items)
    fields = getattr(items, "__dataclass_fields__", {})
    return all(math.isfinite(getattr(items, f)) for f in fields
               if isinstance(getattr(items, f), float | int) and not isinstance(getattr(items, f), bool))


def _lay_out_and_draw(project: Path, tmp: Path) -> None:
    forget_files()
    try:
        db = load_database(project, "tiny")
        session = LayoutSession(db)
        drawings: list[Drawing] = []
        for component in db.components:
            for side in ("front", "back"):
                drawing = lay_out(session, component, side)
                if drawing is not None:
                    drawings.append(drawing)
    except ProblemsError as exc:
        assert exc.problems and all(p.render() for p in exc.problems)
        return
    for drawing in drawings:
        assert all(_finite(item) for item in drawing.items), drawing
        renderer(".pdf").write_face(drawing, tmp / "face.pdf")
        renderer(".svg").write_face(drawing, tmp / "face.svg")


@FUZZ
@given(layout=st.sampled_from(LAYOUTS), data=st.data())
def test_one_layout_value_replaced(project: Path, tmp_path: Path, layout: str, data: st.DataObject) -> None:
    path = project / layout
    original = path.read_text(encoding="utf-8")
    doc = yaml.safe_load(original)
    *where, key = data.draw(st.sampled_from(_slots(doc)))
    node = doc
    for part in where:
        node = node[part]
    node[key] = data.draw(values)
    try:
        path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
        _lay_out_and_draw(project, tmp_path)
    finally:
        path.write_text(original, encoding="utf-8")


atoms = st.sampled_from(["count('card')", "count('token')", "sum('card.value')", "sum('card.name')",
                         "distinct('card.suit')", "count('card[suit=sun]')", "count('nope')",
                         "count('card.')", "sum('token.diameter_mm')", "0", "1", "-1", "2.5",
                         "10**9", "'a'", "''", "9999999999999999", "1e308", "True", "x"])
ops = st.sampled_from([" + ", " - ", " * ", " / ", " // ", " % ", " == ", " < ", " >= ", " and ",
                       " or ", " ** ", ", ", " if "])
expressions = st.recursive(atoms, lambda inner: st.one_of(
    st.tuples(inner, ops, inner).map("".join), inner.map(lambda e: f"({e})"),
    inner.map(lambda e: f"not {e}"), inner.map(lambda e: f"-{e}")), max_leaves=8)
selectors = st.sampled_from(["card.value", "card.name", "card.suit", "card[suit=sun].value",
                             "token.diameter_mm", "card.nope", "card[", "card]", "", "[]",
                             "card.tags[]", "card[value=3]", "card.suit.name", "*"])
rules = st.one_of(
    st.fixed_dictionaries({"rule": st.just("expr"), "expr": expressions}),
    st.fixed_dictionaries({"rule": st.sampled_from(["unique", "exists", "agree"]),
                           "values": selectors | st.lists(selectors, max_size=3)},
                          optional={"in": selectors, "ref": selectors, "kind": words,
                                    "fields": st.lists(words, max_size=2)}),
    st.fixed_dictionaries({"rule": st.just("one-each"), "kind": st.sampled_from(["card", "token", "x"]),
                           "of": st.dictionaries(st.sampled_from(["suit", "value", "nope"]),
                                                 st.lists(words | st.integers(0, 9), max_size=3),
                                                 max_size=2)}))


@FUZZ
@given(rule=rules)
def test_random_rules(project: Path, rule: dict) -> None:
    path = project / "data" / "tiny" / "game.yaml"
    original = path.read_text(encoding="utf-8")
    doc = yaml.safe_load(original)
    doc["rules"] = [rule]
    try:
        path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
        try:
            db = load_database(project, "tiny")
        except ProblemsError as exc:
            assert exc.problems
            return
        report = check(db)
        assert len(report.rules) == 1 and all(f.message for f in report.findings)
    finally:
        path.write_text(original, encoding="utf-8")
