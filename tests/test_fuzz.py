"""Random YAML-ish text and random documents as data files -> load_database succeeds or raises ProblemsError.

Never any other exception: every mistake a person can type must become a located Problem.
A small valid project is written once; each example overwrites one of its files.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgen.check import check
from cardgen.data.load import load_database
from cardgen.errors import ProblemsError

GAME = """\
name: Test Game
default_edition: "1"
vocab:
  colour:
    - { id: red, name: Red, color: "#CC2222" }
    - { id: blue, name: Blue, color: "#2222CC" }
kinds:
  card:
    title: Card
    back: card-back
    fields:
      colour: { type: term, vocab: colour, required: true }
      value: { type: int, min: 1, max: 9 }
      text: { type: text }
      tint: { type: color }
      art: { type: image }
      pair: { type: ref, kind: card }
      tags: { type: list, of: { type: str }, max_items: 3 }
      extra: { type: object, fields: { note: { type: str, required: true }, on: { type: bool } } }
rules:
  - rule: unique
    values: card.value
"""
EDITION = """\
edition: "1"
title: Test Game 1
players: { min: 1, max: 4 }
inventory:
  - line: "2 CARDS (RED, BLUE)"
    kind: card
    count: 2
    by: colour
    values: [red, blue]
"""
COMPONENTS = """\
- id: c1
  kind: card
  name: One
  colour: red
  value: 1
  text: "Draw **one** card."
- id: c2
  kind: card
  colour: blue
  value: 2
  pair: c1
  tags: [a, b]
  extra: { note: hi, on: true }
"""
FILES = {"game.yaml": GAME, "1/edition.yaml": EDITION, "1/cards.yaml": COMPONENTS}

KEYS = ["id", "kind", "name", "count", "status", "image", "source", "colour", "value", "text",
        "tint", "art", "pair", "tags", "extra", "note", "on", "edition", "extends", "players",
        "inventory", "line", "by", "values", "vocab", "kinds", "rules", "rule", "fields", "type",
        "of", "min", "max", "required", "default_edition", "remove", "where", "items", "parts",
        "split", "each", "expr", "says", "per_player", "layout", "back", "choices", "<<"]
WORDS = ["card", "red", "blue", "c1", "c2", "1", "draft", "final", "term", "int", "list", "object",
         "ref", "colour", "#CC2222", "../../x.png", "/etc/passwd", "one-each", "unique", "exists",
         "expr", "count('card')", "card.value", "card[colour=red]", "card.tags[]", ""]
FRAGMENTS = ["- ", "id: ", "kind: card", "\n", "\n  ", ": ", "[", "]", "{", "}", ", ", "&a ", "*a",
             "!!python/object:os.system ", "!!int ", "!!float ", "!!set ", "!!binary ", "!!timestamp ",
             "!!bool ", "!custom ", "<<: ", "? ", "---\n", "...\n", "|\n  ", ">-\n  ", "'", '"', "#",
             "\t", "%YAML 1.1\n", "~", "null", "true", "1e9", "0x1F", "2018-10-14", ".inf", "\ufeff",
             "\\", "\x85", "\u2028", "é", "🚀"]

scalars = (st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.floats(allow_nan=True)
           | st.sampled_from(WORDS) | st.text(max_size=12))
keys = st.sampled_from(KEYS) | st.text(min_size=1, max_size=8)
documents = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(keys, inner, max_size=6),
    max_leaves=30)
components = st.lists(st.fixed_dictionaries(
    {"id": st.sampled_from(["c1", "c2", "c3"]) | st.text(max_size=4),
     "kind": st.sampled_from(["card", "crad"])},
    optional={k: documents for k in ["colour", "value", "text", "tint", "art", "pair", "tags", "extra",
                                     "count", "status", "name", "image"]}), max_size=4)
yamlish = st.lists(st.sampled_from(FRAGMENTS) | st.sampled_from(WORDS) | st.text(max_size=4),
                   max_size=40).map("".join)

FUZZ = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "150")), deadline=None,
                suppress_health_check=[HealthCheck.too_slow])


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("fuzz")
    for name, text in FILES.items():
        path = root / "data" / "tg" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def load_or_problems(project: Path, name: str, content: str | bytes) -> None:
    """Write one file, load; only success or ProblemsError (with printable problems) may come out."""
    path = project / "data" / "tg" / name
    if isinstance(content, str):
        content = content.encode("utf-8", "surrogatepass")
    path.write_bytes(content)
    try:
        db = load_database(project, "tg")
    except ProblemsError as exc:
        assert exc.problems, "ProblemsError without problems"
        for problem in exc.problems:
            assert problem.render()
    else:
        check(db)
    finally:
        path.write_text(FILES[name], encoding="utf-8")


def test_the_fuzz_project_is_valid(project: Path) -> None:
    db = load_database(project, "tg")
    assert {c.id for c in db.components} == {"c1", "c2"}


@FUZZ
@given(name=st.sampled_from(sorted(FILES)), text=yamlish)
def test_yamlish_text(project: Path, name: str, text: str) -> None:
    load_or_problems(project, name, text)


@FUZZ
@given(name=st.sampled_from(sorted(FILES)), doc=documents)
def test_random_documents(project: Path, name: str, doc: object) -> None:
    load_or_problems(project, name, yaml.safe_dump(doc, allow_unicode=True))


@FUZZ
@given(items=components)
def test_random_components(project: Path, items: list) -> None:
    load_or_problems(project, "1/cards.yaml", yaml.safe_dump(items, allow_unicode=True))


@FUZZ
@given(base=st.sampled_from(["game.yaml", "1/edition.yaml", "1/cards.yaml"]), data=st.data())
def test_one_value_replaced(project: Path, base: str, data: st.DataObject) -> None:
    """A valid file with one value swapped for a random document: the most common real mistake."""
    doc = yaml.safe_load(FILES[base])
    node, key = _random_slot(doc, data)
    node[key] = data.draw(documents)
    load_or_problems(project, base, yaml.safe_dump(doc, allow_unicode=True))


def _random_slot(doc: object, data: st.DataObject) -> tuple[dict | list, str | int]:
    """Walk down a random path in a parsed document; return a container and one of its keys."""
    node, key = doc, None
    parent: dict | list = {}
    while isinstance(node, dict | list) and node:
        keys_here = list(node) if isinstance(node, dict) else list(range(len(node)))
        parent, key = node, data.draw(st.sampled_from(keys_here))
        node = parent[key]
        if data.draw(st.booleans()):
            break
    assert key is not None
    return parent, key
