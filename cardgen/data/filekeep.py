"""A components file's components and quotes taken into a load (`take_file`); while keeping
(`cardgen watch`, `serve`), what loading took from the first components file of a load, kept
so that the next load takes it whole but for the items that are not the very values it took
then (a text edit re-reads the file, but handles only the items it changed).

An item that is the very value taken before is a kept value handed out shared
(`yamlkeep.read_kept`) that loading took unchecked, its text checked clean against kinds and
vocabularies equal to the context's (`validate.context_age` unchanged since): loading takes
it as it did then. Its place is the file's position now.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import compress, count, repeat
from operator import is_not
from pathlib import Path
from typing import Any, cast

from cardgen.data import validate
from cardgen.data.components import kept_items, note_text, owned_item
from cardgen.data.model import Quoted
from cardgen.data.quoted import component_quotes
from cardgen.data.validate import ComponentContext, check_component
from cardgen.data.yamlkeep import keeping, on_forget
from cardgen.data.yamlsrc import KeyPath, Source
from cardgen.errors import Location, Problem
from cardgen.records import record

Taking = tuple[dict[str, dict[str, Any]], dict[str, tuple[Location, str]],
               dict[str, tuple[Source, KeyPath]], dict[str, str]]  # merged, places, own, texts
Quoting = Callable[[Source, list[int] | None], None]  # takes the quotes of the items at these
# indices (None: of all)


@record
class _Taken:
    """A file's items as loading took them: each the only one of its id, taken whole."""

    age: int  # validate.context_age then
    items: list[Any]  # the file's values (source.data once taken)
    ids: list[str]  # each item's id
    merged: dict[str, dict[str, Any]]  # id -> the mapping taken
    texts: dict[str, str]  # id -> the text it was taken whole from (`note_text`)
    quoted: list[int]  # the items with quotes (`quote` or `source`)


# (file as shown, edition) -> what the last load took from it, the first file of that load
_TAKEN: dict[tuple[str, str], _Taken] = {}
on_forget(_TAKEN.clear)
FEW = 64  # items changed up to which a file is taken again from what the last load took


def take_file(source: Source, edition: str, taking: Taking, ctx: ComponentContext,
              quoting: Quoting, one_by_one: Callable[[], None]) -> None:
    """A components file's components (and their quotes, by `quoting`) into `taking`: while
    keeping, the first file of a load taken from what the last load took but for the items
    it changed (`take_again`); else item by item (`one_by_one`: `load._take_file`)."""
    merged, _, own, _ = taking
    first = not merged and not own
    if first and take_again(source, edition, taking, ctx, quoting):
        return
    problems = len(ctx.problems)
    one_by_one()
    quoting(source, None)
    if first and len(ctx.problems) == problems:
        remember(source, edition, taking)


def quoting(rulebook: Path | None, quotes: dict[str, list[Quoted]] | None,
            problems: list[Problem]) -> Quoting:
    """What takes the quotes of a file's items into `quotes`, when the load gathers them."""
    def take(source: Source, indices: list[int] | None) -> None:
        if quotes is not None:
            _take_quotes(source, rulebook, quotes, problems, indices)

    return take


def _take_quotes(source: Source, rulebook: Path | None, quotes: dict[str, list[Quoted]],
                 problems: list[Problem], indices: list[int] | None = None) -> None:
    """Each component's quoted texts (of the items at `indices`, None: of all); an edition
    that restates a component's quotes replaces them."""
    items = source.data if isinstance(source.data, list) else []
    for i in range(len(items)) if indices is None else indices:
        item = items[i]
        if isinstance(item, dict) and isinstance(item.get("id"), str) and (
                "quote" in item or "source" in item):
            quotes[item["id"]] = component_quotes(item, source, (i,), rulebook, problems)


def take_again(source: Source, edition: str, taking: Taking, ctx: ComponentContext,
               quoting: Quoting) -> bool:
    """Take the file's items into `taking` (nothing taken before) from what the last load
    took, but for those that are not the very values it took (each the same id at the same
    index, taken as `load._take_file` takes them); their quotes by `quoting`. False: when
    that cannot be so, nothing taken."""
    merged, places, own, texts = taking
    key = (source.file, edition)
    last = _TAKEN.get(key)
    items, marks = source.data, source.__dict__.get("marks")
    if (last is None or not keeping() or merged or own or not isinstance(items, list)
            or not isinstance(marks, dict) or len(items) != len(last.items) or not validate.context_kept(ctx)
            or last.age != validate.context_age):
        return False
    changed = list(compress(count(), map(is_not, items, last.items)))
    ids = last.ids
    if len(changed) > FEW or any(not isinstance(items[i], dict) or items[i].get("id") != ids[i]
                                 for i in changed):
        return False
    located: list[Location | None] = list(map(marks.get, _item_paths(len(items))))
    if None in located:  # not each item located: `Source.value_where` would look further
        return False
    wheres = cast(list[Location], located)
    source.prefix = (Path(source.file).stem,)
    merged.update(last.merged)
    texts.update(last.texts)
    problems = len(ctx.problems)
    for i in changed:
        _take_changed(source, i, ids[i], taking, ctx)
    places.update(zip(ids, zip(wheres, repeat(edition)), strict=True))
    own.update(zip(ids, zip(repeat(source), _id_paths(len(items))), strict=True))
    quoting(source, sorted({*last.quoted, *changed}))
    _TAKEN.pop(key)
    if len(ctx.problems) == problems:
        remember(source, edition, taking)
    return True


def _take_changed(source: Source, i: int, cid: str, taking: Taking, ctx: ComponentContext) -> None:
    """The item at i, the only one of its id, taken as `load._take_file` takes it."""
    merged, _, _, texts = taking
    kept = kept_items([source.data[i]], ctx)[0]
    if kept is not None:
        merged[cid], texts[cid] = dict(source.data[i]), kept[1]
        return
    item = owned_item(source, i, {}, ctx)  # no item before took its id
    check_component(item, source, (i,), ctx, patch=False)
    merged[cid] = dict(item)
    note_text(item, merged, texts)


def remember(source: Source, edition: str, taking: Taking) -> None:
    """While keeping, what loading took from the first file of a load (`taking` holds only
    its items), when each of its items is the only one of its id (for `take_again`)."""
    merged, _, _, texts = taking
    items = source.data
    if not keeping() or not isinstance(items, list) or len(merged) != len(items):
        return
    quoted = [i for i, item in enumerate(items)
              if isinstance(item, dict) and ("quote" in item or "source" in item)]
    _TAKEN[(source.file, edition)] = _Taken(validate.context_age, list(items), list(merged),
                                            dict(merged), dict(texts), quoted)


@lru_cache(maxsize=8)
def _item_paths(n: int) -> list[KeyPath]:
    return [(i,) for i in range(n)]


@lru_cache(maxsize=8)
def _id_paths(n: int) -> list[KeyPath]:
    return [(i, "id") for i in range(n)]
