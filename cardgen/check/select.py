"""Selector text ('board[colour=blue].spaces[].type') + Database -> the values it names.

Grammar: KIND[FILTER]? ( '.' FIELD ( '[]' | '[' FIELD '=' VALUE ']' )? )*
A value from a component with `count: n` is counted n times by count().
"""

from __future__ import annotations

import re
from typing import Any

from cardgen.data.model import Component, Database
from cardgen.records import record

_SEGMENT = re.compile(r"^(?P<name>[^\[\]]+)(?:\[(?P<filter>[^\]]*)\])?$")


class SelectorError(ValueError):
    """A selector that cannot be parsed."""


@record(frozen=True)
class Step:
    name: str
    flatten: bool  # '[]' or a filter: walk list items
    filter: tuple[str, str] | None


@record(frozen=True)
class Selector:
    text: str
    kind: str
    kind_filter: tuple[str, str] | None
    steps: tuple[Step, ...]


def parse(text: str) -> Selector:
    parts = text.strip().split(".")
    head = _step(parts[0], text)
    if head.flatten and head.filter is None:
        raise SelectorError(f"'{text}': a kind takes a filter [field=value], not []")
    return Selector(text, head.name, head.filter, tuple(_step(p, text) for p in parts[1:]))


def _step(part: str, text: str) -> Step:
    match = _SEGMENT.match(part)
    if not match:
        raise SelectorError(f"'{text}': cannot read '{part}'")
    raw = match.group("filter")
    if raw is None:
        return Step(match.group("name"), False, None)
    if raw == "":
        return Step(match.group("name"), True, None)
    key, eq, value = raw.partition("=")
    if not eq:
        raise SelectorError(f"'{text}': a filter is written [field=value]")
    return Step(match.group("name"), True, (key.strip(), value.strip()))


def matches(value: Any, wanted: str) -> bool:
    """Filter equality: compares as text, case-insensitively (so true/True, 2/'2' agree)."""
    if isinstance(value, list):
        return any(matches(v, wanted) for v in value)
    return str(value).lower() == wanted.lower()


def components(db: Database, selector: Selector) -> list[Component]:
    chosen = db.of_kind(selector.kind)
    if selector.kind_filter:
        key, wanted = selector.kind_filter
        chosen = [c for c in chosen if matches(c.value(key), wanted)]
    return chosen


def values_of(component: Component, steps: tuple[Step, ...]) -> list[Any]:
    """Every value a path names inside one component (lists walked where the path says)."""
    current: list[Any] = [component]
    for step in steps:
        current = [v for node in current for v in _walk(node, step)]
    return current


def _walk(node: Any, step: Step) -> list[Any]:
    if isinstance(node, Component):
        value = node.value(step.name)
    elif isinstance(node, dict):
        value = node.get(step.name)
    else:
        return []
    if value is None:
        return []
    if not step.flatten:
        return [value]
    items = value if isinstance(value, list) else [value]
    if step.filter:
        key, wanted = step.filter
        items = [i for i in items if isinstance(i, dict) and matches(i.get(key), wanted)]
    return items


def select(db: Database, text: str) -> list[tuple[Component, Any]]:
    """(component, value) pairs; with no path the value is the component itself."""
    selector = parse(text)
    pairs: list[tuple[Component, Any]] = []
    for comp in components(db, selector):
        if not selector.steps:
            pairs.append((comp, comp))
        else:
            pairs.extend((comp, v) for v in values_of(comp, selector.steps))
    return pairs


def count(db: Database, text: str) -> int:
    """How many physical things a selector names (component copies multiply)."""
    return sum(comp.count for comp, _ in select(db, text))


def total(db: Database, text: str) -> float:
    """The sum of the numeric values a selector names, copies counted."""
    return sum(comp.count * v for comp, v in select(db, text)
               if isinstance(v, int | float) and not isinstance(v, bool))


def distinct(db: Database, text: str) -> int:
    return len({_hashable(v) for _, v in select(db, text)})


def _hashable(value: Any) -> Any:
    return value.id if isinstance(value, Component) else repr(value)
