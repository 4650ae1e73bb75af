"""A loaded component's mapping -> its Component; while keeping (`cardgen watch`, `serve`), the
last load's Components of unchanged items."""

from __future__ import annotations

from typing import Any

from cardgen.data import validate
from cardgen.data.model import BASE_FIELDS, Component
from cardgen.data.yamlkeep import on_forget
from cardgen.errors import Location

_BASE = frozenset(BASE_FIELDS)


def kept_components(merged: dict[str, dict[str, Any]], places: dict[str, tuple[Location, str]],
                     texts: dict[str, str]) -> list[Component]:
    """`component` of each, while keeping: one taken whole from an item whose text, place and
    edition are those of one the last load made, checked against equal kinds and vocabularies
    (as_written wrote into it what it wrote then), is that Component."""
    if _KEPT_AGE[0] != validate.context_age:
        _KEPT_COMPONENTS.clear()
        _KEPT_AGE[0] = validate.context_age
    last, now = dict(_KEPT_COMPONENTS), _KEPT_COMPONENTS
    now.clear()
    out = []
    for cid, data in merged.items():
        where, edition = places[cid]
        text = texts.get(cid)
        if text is None:
            out.append(component(cid, data, where, edition))
            continue
        key = (text, where, edition)
        found = now.get(key) or last.get(key) or component(cid, data, where, edition)
        now[key] = found
        out.append(found)
    return out


# while keeping: the last load's Components taken whole from one item, by (text, place,
# edition); made against the kinds and vocabularies of `validate.context_age`
_KEPT_COMPONENTS: dict[tuple[str, Location, str], Component] = {}
_KEPT_AGE = [-1]
on_forget(_KEPT_COMPONENTS.clear)


def component(cid: str, data: dict[str, Any], where: Location, edition: str) -> Component:
    fields = {k: v for k, v in data.items() if k not in _BASE}
    return Component(
        id=cid, kind=str(data["kind"]), name=str(data.get("name", cid)),
        count=int(data.get("count", 1)), status=str(data.get("status", "final")),
        fields=fields, where=where, edition=edition, image=data.get("image"),
        back_image=data.get("back_image"), source=data.get("source"))
