"""pydantic's error locations read against the data they came from: the key path that exists
(`data_path`), one union member's errors (`one_branch`), a literal's choices and a value as a
message shows it; shared by the data and layout validators."""

from __future__ import annotations

import re
from typing import Any

from cardgen.data.yamlsrc import KeyPath


def data_path(data: Any, loc: KeyPath, *, tagged_items: bool = False) -> tuple[KeyPath, KeyPath]:
    """Follow a pydantic loc through the data: (the key path that exists, the parts left over:
    union member tags and the missing key itself). With tagged_items, a list item's own `type`
    (a discriminated union's tag, as in layout elements) right after its index is dropped."""
    path: list[str | int] = []
    node = data
    rest: list[str | int] = []
    tag_next = False
    for part in loc:
        if tag_next and isinstance(node, dict) and part == node.get("type"):
            tag_next = False
            continue
        tag_next = False
        if isinstance(node, dict) and str(part) in node:
            node = node[str(part)]
            path.append(str(part))
        elif isinstance(node, list) and isinstance(part, int) and part < len(node):
            node = node[part]
            path.append(part)
            tag_next = tagged_items and isinstance(node, dict)
        else:
            rest.append(part)
    return tuple(path), tuple(rest)


def one_branch(data: Any, errors: list[Any], *, tagged_items: bool = False) -> list[Any]:
    """A value that fits no member of a union (`EditionMark | false`, `int | {per_player: ..}`)
    gets one error from each member; keep those of the member it was meant for: the one whose
    errors reach deepest into the value, else one a validator of ours refused, else for text an
    enum's words (`literal_error`, more than one) over a type's, else the first member's."""
    branches: dict[KeyPath, dict[str, list[Any]]] = {}
    out: list[Any] = []
    for err in errors:
        loc = tuple(err["loc"])
        path, _ = data_path(data, loc, tagged_items=tagged_items)
        at = _union_at(data, loc, tagged_items)
        if at is None or (err["type"] == "missing" and at == len(loc) - 1):
            out.append(err)
        else:
            branches.setdefault(tuple(loc[:at]), {}).setdefault(str(loc[at]), []).append(err)
    for members in branches.values():
        ranked = sorted(members.values(), key=_branch_rank, reverse=True)
        out.extend(ranked[0])
    return out


def _union_at(data: Any, loc: KeyPath, tagged_items: bool) -> int | None:
    """The index in a pydantic loc of its first union member tag (a part not in the data)."""
    for at in range(1, len(loc) + 1):
        path, rest = data_path(data, loc[:at], tagged_items=tagged_items)
        if rest:
            return at - 1
    return None


def _branch_rank(errs: list[Any]) -> tuple[int, bool, bool]:
    """Deepest first; at one depth, what a validator of ours said (arithmetic, impossible
    values), then text that is not one of an enum's words, before a mismatched type."""
    return (max(len(e["loc"]) for e in errs), any(e["type"] == "value_error" for e in errs),
            any(e["type"] == "literal_error" and isinstance(e.get("input"), str)
                and len(literal_choices(e)) > 1 for e in errs))


def literal_choices(err: Any) -> list[str]:
    """The values a `literal_error` expected: "'a', 'b' or 'c'" -> [a, b, c]; "False" -> [false]."""
    text = str(err.get("ctx", {}).get("expected", ""))
    words = [w.strip().strip("'\"") for w in re.split(r",\s*|\s+or\s+", text) if w.strip()]
    return [{"True": "true", "False": "false", "None": "null"}.get(w, w) for w in words]


def shown_value(value: Any) -> str:
    """A value as a message shows it: text quoted, a mapping or list by what it is."""
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        items = [shown_value(v).strip("'") for v in value]
        flow = f"[{', '.join(items)}]"
        return "a list" if len(flow) > 40 or any(isinstance(v, dict | list) for v in value) else flow
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "nothing"
    return str(value) if isinstance(value, int | float) else f"'{value}'"


def value_at(data: Any, path: KeyPath) -> Any:
    for part in path:
        data = data[part]
    return data
