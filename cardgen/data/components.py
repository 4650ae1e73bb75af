"""A loaded component's mapping -> its Component; while keeping (`cardgen watch`, `serve`), the
last load's Components of unchanged items."""

from __future__ import annotations

from typing import Any

from cardgen.data import validate, yamlkeep
from cardgen.data.model import BASE_FIELDS, Component
from cardgen.data.validate import ComponentContext
from cardgen.data.yamlkeep import item_text, keeping, on_forget
from cardgen.data.yamlsrc import Source
from cardgen.errors import Location

_BASE = frozenset(BASE_FIELDS)


def owned_item(source: Source, index: int, merged: dict[str, dict[str, Any]],
               ctx: ComponentContext) -> Any:
    """The components file's item at `index` to take: a kept value handed out shared
    (`yamlkeep.read_kept`'s `share`) is copied first unless its check is kept
    (`validate.checked_clean`: nothing writes into it then)."""
    item = source.data[index]
    if not yamlkeep.shared(item):
        return item
    text, cid = item_text(item), item.get("id")
    patch = isinstance(cid, str) and cid in merged and "kind" not in item
    if text is not None and validate.checked_clean(text, patch, ctx):
        return item
    return yamlkeep.owned(source, index)


def kept_items(items: list[Any], ctx: ComponentContext) -> list[tuple[str, str] | None]:
    """(id, text) of each item that loading may take as it is, unchecked, unless an earlier
    item took its id (while keeping): a mapping handed out shared whose text was checked
    clean against kinds and vocabularies equal to the context's (`validate.checked_clean`);
    else None (`owned_item`, then a check, take it)."""
    texts = yamlkeep.shared_texts(items)
    if not any(texts) or not validate.context_kept(ctx):
        return [None] * len(items)
    clean = validate.checked_texts()
    return [(cid, text) if text is not None and (text, False) in clean and isinstance(item, dict)
            and isinstance(cid := item.get("id"), str) else None
            for item, text in zip(items, texts, strict=True)]


def note_text(item: dict[str, Any], merged: dict[str, dict[str, Any]],
              texts: dict[str, str]) -> None:
    """Into `texts`, id -> the text of the one item a component was taken whole from (while
    keeping); a component patched by another item (a patch has no "kind") is let go of."""
    cid, text = item.get("id"), item_text(item) if keeping() else None
    if isinstance(cid, str) and not (text and merged.get(cid, {}).keys() == item.keys()):
        texts.pop(cid, None)
    elif isinstance(cid, str) and text:
        texts[cid] = text


def kept_components(merged: dict[str, dict[str, Any]], places: dict[str, tuple[Location, str]],
                     texts: dict[str, str]) -> list[Component]:
    """`component` of each, while keeping: one taken whole from an item whose text, place and
    edition are those of one the last load made, checked against equal kinds and vocabularies
    (as_written wrote into it what it wrote then), is that Component (found by its text and
    edition, its place compared: the very Location an unchanged file's positions keep)."""
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
        key = (text, edition)
        found = now.get(key) or last.get(key)
        if found is None or not (found[0] is where or found[0] == where):
            found = (where, component(cid, data, where, edition))
        now[key] = found
        out.append(found[1])
    return out


# while keeping: the last load's Components taken whole from one item, by (text, edition),
# with their place; made against the kinds and vocabularies of `validate.context_age`
_KEPT_COMPONENTS: dict[tuple[str, str], tuple[Location, Component]] = {}
_KEPT_AGE = [-1]
on_forget(_KEPT_COMPONENTS.clear)


def component(cid: str, data: dict[str, Any], where: Location, edition: str) -> Component:
    fields = {k: v for k, v in data.items() if k not in _BASE}
    return Component(
        id=cid, kind=str(data["kind"]), name=str(data.get("name", cid)),
        count=int(data.get("count", 1)), status=str(data.get("status", "final")),
        fields=fields, where=where, edition=edition, image=data.get("image"),
        back_image=data.get("back_image"), source=data.get("source"))
