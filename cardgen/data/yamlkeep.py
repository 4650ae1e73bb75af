"""Parsed YAML kept between loads in one process (`cardgen watch`), so a save re-parses little.

Off until `keep_parsed()` is called (a one-off build reads each file once). Then a file whose
bytes are unchanged since it was last read is not parsed again, and a file that is a list at
its top level (a components file: `- id: ...` items at column 0, comments and blank lines
between them) has only the items whose text changed parsed again, each on its own; the items
kept are moved to their new index and line. Whatever cannot be split that way (a header,
`---`, an item that does not parse alone, such as one using another's anchor) is parsed whole,
so the Source and every Problem are exactly what `yamlsrc.read_source` gives.

Every Source handed out holds its own copy of the values (loading writes into them), but for
the items of one read with `share`: those are the kept values themselves until `owned` copies
one (loading copies an item before it may write into it); the positions are shared, as nothing
writes into those.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import field, replace
from pathlib import Path
from typing import Any

from cardgen.data.yamlsrc import MAX_NODES, KeyPath, Source, decode_text, parse_text, read_bytes
from cardgen.deferral import DeferredPattern
from cardgen.errors import Location
from cardgen.records import record

# DeferredPattern: compiled when first used (cardgen/deferral.py). Each is searched from a
# line's start (`_OTHER` from a top-level item's, which it never is) and found after a line
# break: "\n", a literal the search skips to, not a `^` tried at every character.
_ITEM = DeferredPattern(r"\n-(?= |$)", re.MULTILINE)  # the next line starts a top-level item
_ITEM_HERE = DeferredPattern(r"-(?: |$)", re.MULTILINE)  # this line starts one (`_item_starts`)
_OTHER = DeferredPattern(r"\n(?:[^\s#-]|-[^ \n])", 0)  # a later line at column 0: no item, no comment


@record
class _Item:
    """One top-level item as parsed: its text, first line, index and what it holds there."""

    text: str
    line: int
    index: int
    data: Any
    marks: dict[KeyPath, Location] = field(default_factory=dict)
    key_marks: dict[KeyPath, Location] = field(default_factory=dict)
    raw: dict[KeyPath, str] = field(default_factory=dict)
    nonfinite: list[KeyPath] = field(default_factory=list)


@record
class _Kept:
    raw: bytes
    source: Source  # never handed out: copies of it are (and its shared items: `_handed`)
    items: dict[str, _Item] | None  # item text -> item, for a file split into items
    text: str = ""  # the file's text and its items' (first line, text) when split
    split: list[tuple[int, str]] | None = None
    order: list[_Item] | None = None  # the items by index, when `_joined` put the Source together


_KEPT: dict[tuple[Path, str], _Kept] = {}
_ON = False
_FORGET: list[Callable[[], None]] = []  # what later stages keep while this is on (`on_forget`)
parses = 0  # texts parsed by this module (a whole file or one item): what tests count


def keep_parsed(on: bool = True) -> None:
    """Keep parsed files from now on (or stop, forgetting them and whatever later stages
    keep while this is on: `pipeline/warm.py`)."""
    global _ON
    _ON = on
    if not on:
        _KEPT.clear()
        _TEXTS.clear()
        _HANDED.clear()
        for forget in _FORGET:
            forget()


def keeping() -> bool:
    """Whether this process keeps what it read between loads (`keep_parsed`)."""
    return _ON


def on_forget(forget: Callable[[], None]) -> None:
    """Have `forget` called whenever keeping stops (a later stage's memo let go of)."""
    _FORGET.append(forget)


def read_kept(path: Path, shown_as: str, share: bool = False) -> Source:
    """`yamlsrc.read_source`, from what is kept where the file allows (with `share`, the
    items known by their text are the kept values: `owned`)."""
    raw = read_bytes(path, shown_as)
    if not _ON:
        return _parse(raw, shown_as)
    key = (path, shown_as)
    kept = _KEPT.get(key)
    if kept is not None and kept.raw == raw:
        return _handed(kept.source, key, kept.items, share)
    _KEPT.pop(key, None)
    order: list[_Item] | None = None
    text = decode_text(raw, shown_as, "utf-8", encoding_hint="save the file as UTF-8 YAML",
                       binary_hint="only YAML files belong in data/")
    split = _split_again(text, kept.text, kept.split) if kept is not None else None
    if split is None:
        split = _split(text)
    if split is None:
        source, items = _parse(raw, shown_as), None
    elif kept is None or kept.items is None:  # read whole, then known by items
        source = _parse(raw, shown_as)
        items = _items(split, source)
    else:
        try:
            source, items, order = _joined(split, kept.items, shown_as, kept)
        except ValueError:  # an item that does not parse alone: the whole file says why
            source, items = _parse(raw, shown_as), None
    _KEPT[key] = _Kept(raw, source, items, text, split, order)
    return _handed(source, key, items, share)


def _parse(raw: bytes, shown_as: str) -> Source:
    global parses
    parses += 1
    text = decode_text(raw, shown_as, "utf-8", encoding_hint="save the file as UTF-8 YAML",
                       binary_hint="only YAML files belong in data/")
    return parse_text(text, shown_as)


def _split(text: str) -> list[tuple[int, str]] | None:
    """(first line, text) of each top-level item, or None when the file is not only those
    (with comments and blank lines)."""
    starts = _item_starts(text, 0, len(text))
    if not starts or not _comments(text[:starts[0]]):
        return None
    if _OTHER.search(text, starts[0]):
        return None
    ends = [*starts[1:], len(text)]
    line, out, at = 1 + text.count("\n", 0, starts[0]), [], starts[0]
    for start, end in zip(starts, ends, strict=True):
        line += text.count("\n", at, start)
        out.append((line, text[start:end]))
        at = start
    return out


def _item_starts(text: str, begin: int, end: int) -> list[int]:
    """Where each top-level item of text[begin:end] starts (`begin`: a line's start)."""
    here = [begin] if _ITEM_HERE.match(text, begin, end) else []
    return here + [m.start() + 1 for m in _ITEM.finditer(text, begin, end)]


def _split_again(text: str, old: str, split: list[tuple[int, str]] | None
                 ) -> list[tuple[int, str]] | None:
    """`_split(text)` from the split of the text before (`old`): the items wholly before the
    first character that differs and wholly after the last are the old ones (those after
    moved by the lines added), only the text between split again. None when not found so."""
    if not split or len(split) < 3:
        return None
    same = _common(text, old, 1)  # text[:same] == old[:same]
    tail = _common(text, old, -1)  # text[len - tail:] == old[len(old) - tail:]
    tail = min(tail, len(text) - same, len(old) - same)
    starts, at = [], len(old)
    for _, item in reversed(split):
        at -= len(item)
        starts.append(at)
    starts.reverse()
    # an item is kept when its text and what marks its start and the next one's are unchanged
    # ("\n-" and the character after): before `same`, or after the changed text
    head = 0
    while head < len(split) - 1 and starts[head + 1] + 2 <= same:
        head += 1
    cut = len(old) - tail  # old[cut:] is unchanged
    back = len(split)
    while back > head + 1 and starts[back - 1] > cut:
        back -= 1
    if head == 0:
        return None  # the change reaches the first item: what comes before it is read again
    shift = len(text) - len(old)
    begin, end = starts[head], (starts[back] + shift if back < len(split) else len(text))
    if _OTHER.search(text, begin, end):
        return None
    middle = _item_starts(text, begin, end)
    if not middle or middle[0] != begin:
        return None
    out = split[:head]
    line = split[head][0]
    for start, stop in zip(middle, [*middle[1:], end], strict=True):
        out.append((line, text[start:stop]))
        line += text.count("\n", start, stop)
    moved = line - split[back][0] if back < len(split) else 0
    out += [(n + moved, item) for n, item in split[back:]]
    return out


def _common(a: str, b: str, step: int) -> int:
    """How many characters a and b share at their start (step 1) or end (step -1)."""
    n, size = 0, min(len(a), len(b))
    block = 4096
    while n < size:  # whole blocks compared by memcmp, the differing one halved
        m = min(block, size - n)
        if (a[n:n + m] == b[n:n + m]) if step > 0 else (
                a[len(a) - n - m:len(a) - n] == b[len(b) - n - m:len(b) - n]):
            n += m
        elif m == 1:
            break
        else:
            block = m // 2
    return n


def _items(split: list[tuple[int, str]], source: Source) -> dict[str, _Item] | None:
    """The items of a file parsed whole, to be reused alone by the next read. An item that
    may hold an anchor or an alias (`&`, `*`) is left out: it may share values with another,
    so it is parsed again (alone, or the file whole) whenever the file changes."""
    if not isinstance(source.data, list) or len(source.data) != len(split):
        return None
    items = [_Item(text, line, index, source.data[index])
             for index, (line, text) in enumerate(split)]
    for name in ("marks", "key_marks", "raw"):
        into = [getattr(item, name) for item in items]
        for path, value in getattr(source, name).items():
            if path:
                into[int(path[0])][path] = value
    for path in source.nonfinite:
        items[int(path[0])].nonfinite.append(path)
    return {item.text: item for item in items if "&" not in item.text and "*" not in item.text}


def _comments(text: str) -> bool:
    return all(not ln.strip() or ln.lstrip().startswith("#") for ln in text.split("\n"))


def _joined(split: list[tuple[int, str]], old: dict[str, _Item], shown_as: str,
            last: _Kept | None = None) -> tuple[Source, dict[str, _Item], list[_Item]]:
    """The file's Source from its items: kept ones moved into place, changed ones parsed;
    its items by index. `last`: what the last read kept (`_positions`)."""
    global parses
    items: dict[str, _Item] = {}
    order: list[_Item] = []
    out = Source(shown_as, [])
    nodes = 1
    for index, (line, text) in enumerate(split):
        item = old.get(text)
        if item is None or text in items:
            parses += 1
            try:
                alone = parse_text("\n" * (line - 1) + text, shown_as)
            except Exception as exc:  # noqa: BLE001 - any problem: parse the whole file instead
                raise ValueError(text) from exc
            if not isinstance(alone.data, list) or len(alone.data) != 1:
                raise ValueError(text)
            item = _Item(text, line, 0, alone.data[0])
            _take(item, alone, lambda path: bool(path) and path[0] == 0)
            item = _moved(item, index, line, shown_as)
        elif item.index != index or item.line != line:
            item = _moved(item, index, line, shown_as)
        items[text] = item
        order.append(item)
        out.data.append(item.data)
        out.nonfinite += item.nonfinite
        nodes += len(item.marks)
    if nodes > MAX_NODES:
        raise ValueError("too many values")
    out.marks, out.key_marks, out.raw = _positions(order, Location(shown_as, split[0][0], 1), last)
    return out, items, order


def _positions(order: list[_Item], top: Location, last: _Kept | None
               ) -> tuple[dict[KeyPath, Location], dict[KeyPath, Location], dict[KeyPath, str]]:
    """The Source's marks (`top` first), key marks and raw values: its items' in order. When
    the last read's Source was put together so from as many items, and the few items not
    the very ones it had at their index hold the same keys in the same order as those (a
    text edit), its dictionaries are copied and those items' values put in place: the same
    dictionaries, in the same order, as merging every item's again (~20,000 entries for 600
    cards)."""
    prior = last.order if last is not None else None
    if prior is not None and last is not None and len(prior) == len(order):
        changed = [i for i, (now, was) in enumerate(zip(order, prior, strict=True)) if now is not was]
        if len(changed) <= _FEW and all(_alike_keys(order[i], prior[i]) for i in changed):
            was_source = last.source
            marks, key_marks = dict(was_source.marks), dict(was_source.key_marks)
            raw = dict(was_source.raw)
            marks[()] = top
            for i in changed:
                marks.update(order[i].marks)
                key_marks.update(order[i].key_marks)
                raw.update(order[i].raw)
            return marks, key_marks, raw
    marks, key_marks, raw = {(): top}, {}, {}
    for item in order:
        marks.update(item.marks)
        key_marks.update(item.key_marks)
        raw.update(item.raw)
    return marks, key_marks, raw


_FEW = 16  # changed items up to which `_positions` updates the last read's dictionaries


def _alike_keys(now: _Item, was: _Item) -> bool:
    """Whether two items' positions and raw values are keyed alike, in the same order."""
    return (list(now.marks) == list(was.marks) and list(now.key_marks) == list(was.key_marks)
            and list(now.raw) == list(was.raw))


def _take(item: _Item, source: Source, mine: Any) -> None:
    item.marks = {p: w for p, w in source.marks.items() if mine(p)}
    item.key_marks = {p: w for p, w in source.key_marks.items() if mine(p)}
    item.raw = {p: v for p, v in source.raw.items() if mine(p)}
    item.nonfinite = [p for p in source.nonfinite if mine(p)]


def _moved(item: _Item, index: int, line: int, shown_as: str) -> _Item:
    """The item at another index and first line (its positions shifted with it)."""
    shift = line - item.line

    def path(p: KeyPath) -> KeyPath:
        return (index, *p[1:])

    def where(w: Location) -> Location:
        return Location(shown_as, w.line + shift, w.col) if shift else w

    return replace(item, index=index, line=line,
                   marks={path(p): where(w) for p, w in item.marks.items()},
                   key_marks={path(p): where(w) for p, w in item.key_marks.items()},
                   raw={path(p): v for p, v in item.raw.items()},
                   nonfinite=[path(p) for p in item.nonfinite])


def _handed(source: Source, key: tuple[Path, str] | None = None,
            items: dict[str, _Item] | None = None, share: bool = False) -> Source:
    """A Source to hand out: its own values (with `share`, the kept values of the items known
    by their text), the kept positions; each top-level item known by its text (`item_text`)."""
    kept = {id(item.data) for item in items.values()} if share and items else set()
    data = [v if id(v) in kept else _copied(v) for v in source.data] if kept and isinstance(
        source.data, list) else _copied(source.data)
    out = replace(source, data=data, nonfinite=list(source.nonfinite))
    if key is not None:
        for gone in _HANDED.pop(key, ()):
            _TEXTS.pop(gone, None)
        if items and isinstance(out.data, list):
            ids = _HANDED[key] = []
            for text, item in items.items():
                if item.index < len(out.data):
                    value = out.data[item.index]
                    _TEXTS[id(value)] = (value, text, key if id(value) in kept else None)
                    ids.append(id(value))
    return out


def shared(item: object) -> bool:
    """Whether a top-level item is a kept value handed out by a read with `share`."""
    found = _TEXTS.get(id(item))
    return found is not None and found[0] is item and found[2] is not None


def shared_texts(items: list[Any]) -> list[str | None]:
    """The text of each top-level item handed out shared (`shared`), else None."""
    get = _TEXTS.get
    return [found[1] if found is not None and found[0] is item and found[2] is not None
            else None for item, found in zip(items, [get(id(item)) for item in items], strict=True)]


def owned(source: Source, index: int) -> Any:
    """source.data[index], a copy of it first if it is a kept value (`shared`), known by the
    same text."""
    value = source.data[index]
    found = _TEXTS.get(id(value))
    if found is None or found[0] is not value or found[2] is None:
        return value
    copy = source.data[index] = _copied(value)
    _TEXTS[id(copy)] = (copy, found[1], None)
    _HANDED[found[2]].append(id(copy))
    return copy


# the top-level items last handed out of each kept file: id -> (the item, its text, the file's
# key when it is the kept value itself, handed out shared)
_TEXTS: dict[int, tuple[object, str, tuple[Path, str] | None]] = {}
_HANDED: dict[tuple[Path, str], list[int]] = {}


def item_text(item: object) -> str | None:
    """The text of a top-level list item of a file last handed out while keeping (the very
    value handed out: the same text parses to the same values), else None."""
    found = _TEXTS.get(id(item))
    return found[1] if found is not None and found[0] is item else None


def _copied(value: Any) -> Any:
    """value with each dict and list in it copied (the values in those taken as they are)."""
    if isinstance(value, dict):
        return {k: _copied(v) if isinstance(v, _NESTED) else v for k, v in value.items()}
    if isinstance(value, list):
        return [_copied(v) if isinstance(v, _NESTED) else v for v in value]
    return value


_NESTED = (dict, list)  # what `_copied` copies
