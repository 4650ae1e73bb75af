"""Texts the data quotes from a rulebook, each with where it was written and which rulebook.

One marker says a text is the rulebook's words: `quote:` on a component or a vocabulary term
names the fields that are quoted (`quote: [text]`, `quote: [effect.text, "lines[]"]`,
`quote: "powers[name=Z-MOVE].text"` for one item of a list; `quote: [description]` on a term);
an item of a list marked `status: draft` is ours, not quoted, whatever the path says.
A component's `source:`, a rule's `quote:` and a rulebook mention's `quote:` are quotes by what
they are. A quote is checked against the rulebook of the edition whose folder holds it; a quote in
game.yaml against the default edition's rulebook.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from cardgen.data.model import Quoted
from cardgen.data.yamlsrc import KeyPath, Source
from cardgen.errors import Problem

_STEP = re.compile(r"^([\w-]+)(?:\[(?:(\d+)|([\w-]+)=([^\]]*))?\])?$")
TERM_FIELDS = ("name", "description")


def quote_paths(value: Any) -> list[str] | None:
    """A `quote:` value as a list of field paths, or None when it is not text or a list of texts."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        return list(value)
    return None


def resolve(item: Any, path: str) -> list[tuple[str, KeyPath]] | None:
    """The texts a quote path names in a component and their key paths; None for a bad path."""
    found: list[tuple[Any, KeyPath]] = [(item, ())]
    for part in path.split("."):
        match = _STEP.match(part.strip())
        if match is None:
            return None
        found = [hit for value, at in found for hit in _step(value, at, match)]
    texts = [(v, at) for v, at in found if isinstance(v, str)]
    return texts if texts and len(texts) == len(found) else None


def _draft(item: Any) -> bool:
    """An item of a list marked `status: draft`: text of ours inside a quoted component."""
    return isinstance(item, dict) and item.get("status") == "draft"


def _step(value: Any, at: KeyPath, match: re.Match[str]) -> list[tuple[Any, KeyPath]]:
    name, index, key, wanted = match.groups()
    if not isinstance(value, dict) or name not in value:
        return []
    inner, here = value[name], (*at, name)
    if "[" not in match.group(0):
        return [(inner, here)]
    if not isinstance(inner, list):
        return []
    items = [(i, v) for i, v in enumerate(inner) if not _draft(v)]
    if index is not None:
        items = [(i, v) for i, v in items if i == int(index)]
    elif key is not None:
        items = [(i, v) for i, v in items
                 if isinstance(v, dict) and str(v.get(key)).lower() == wanted.strip().lower()]
    return [(v, (*here, i)) for i, v in items]


def component_quotes(item: dict[str, Any], source: Source, path: KeyPath,
                     rulebook: Path | None, problems: list[Problem]) -> list[Quoted]:
    """The quotes of one component mapping: its `quote:` fields and its `source:`."""
    cid = str(item.get("id", ""))
    out: list[Quoted] = []
    if isinstance(item.get("source"), str):
        out.append(Quoted(item["source"], source.value_where((*path, "source")), rulebook,
                          f"{cid} source"))
    if "quote" not in item:
        return out
    paths = quote_paths(item["quote"])
    if paths is None:
        problems.append(_bad(source, (*path, "quote"), "quote: names the quoted fields: a field "
                             "name or a list of them"))
        return out
    for field_path in paths:
        texts = resolve(item, field_path)
        if texts is None:
            problems.append(_bad(source, (*path, "quote"),
                                 f"quote: '{field_path}' names no text of this component"))
            continue
        out.extend(Quoted(text, source.value_where((*path, *at)), rulebook, f"{cid} {field_path}")
                   for text, at in texts)
    return out


def _bad(source: Source, path: KeyPath, message: str) -> Problem:
    return Problem("bad-quote", message, where=source.value_where(path), path=source.label(path),
                   hint="e.g. quote: [text] or quote: [\"lines[]\", effect.text]; text not "
                        "quoted verbatim is marked status: draft")


def file_quotes(source: Source, rulebook: Path | None, problems: list[Problem]) -> list[Quoted]:
    """The quotes of a game.yaml or edition.yaml: terms' quoted fields, rules' and mentions'
    `quote:`."""
    data = source.data if isinstance(source.data, dict) else {}
    out: list[Quoted] = []
    for vocab, terms in (data.get("vocab") or {}).items():
        for i, term in enumerate(terms if isinstance(terms, list) else []):
            if isinstance(term, dict) and "quote" in term:
                out.extend(_term_quotes(term, source, ("vocab", vocab, i), rulebook, problems))
    for key in ("rules", "rulebook_mentions"):
        for i, entry in enumerate(data.get(key) or []):
            if isinstance(entry, dict) and isinstance(entry.get("quote"), str):
                what = "rule" if key == "rules" else "rulebook mention"
                out.append(Quoted(entry["quote"], source.value_where((key, i, "quote")), rulebook,
                                  what))
    return out


def _term_quotes(term: dict[str, Any], source: Source, path: KeyPath, rulebook: Path | None,
                 problems: list[Problem]) -> list[Quoted]:
    paths = quote_paths(term["quote"])
    out: list[Quoted] = []
    for name in paths or [""]:
        if name not in TERM_FIELDS or not isinstance(term.get(name), str):
            problems.append(_bad(source, (*path, "quote"),
                                 f"quote: a term quotes its {' or '.join(TERM_FIELDS)}"))
            continue
        out.append(Quoted(term[name], source.value_where((*path, name)), rulebook,
                          f"term {term.get('id')} {name}"))
    return out
