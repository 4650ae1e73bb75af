"""A paper's home-print plan, kept while what it is planned from is unchanged (`cardgen watch`).

A plan (cardgen.impose.plan_home_print) is made of the copies' ids, names, sizes and shapes, the
paper, the fold and back offset, the heading and the rules lines: never of what a face shows.
A rebuild after a text edit plans the same pages, so this process keeps each paper's last plan
with what it was made from, compared whole (equal inputs, the same plan), and each page's
`repr`'s digest (what a page's content key is made of) beside it. Callers get fresh lists, so a draft's
report pages put before the sheets never reach the kept plan.

The plans are kept on the disk too (PROJECT/.cardgen-cache/plans-<game>-<edition>.pickle,
signed and dropped with a new toolchain like the face cache), so a fresh process rebuilding
after an edit reads them instead of planning again: each page as the marshalled values its
digest was made of (bytes the build has made already, written as they are: cheaper than
pickling the pages' objects), made into a page again when read.
"""

from __future__ import annotations

import hashlib
import marshal
from collections.abc import Callable
from dataclasses import fields
from operator import attrgetter
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen import impose
from cardgen.impose.geometry import Box, Circle, Label, Lane, Line, Page, Paper, Placement, Slot
from cardgen.impose.home import copies_placed
from cardgen.pipeline import warm
from cardgen.pipeline.copygroups import copy_groups
from cardgen.pipeline.outputs import project_paper_catalogue
from cardgen.pipeline.rules import rules_plan_lines
from cardgen.pipeline.sources import CACHE_FOLDER, read_signed, toolchain, write_signed
from cardgen.pipeline.writers import home_heading
from cardgen.records import record

if TYPE_CHECKING:
    from cardgen.data.model import Database
    from cardgen.pipeline.faces import BuildOptions, Faces


@record
class Planned:
    """One paper's home-print files and, page by page, the digest of its repr."""

    files: list[impose.HomeFile]
    digests: list[list[str]]


def page_digest(page: impose.Page) -> str:
    """What a page's content key holds of its plan: a digest of everything on it, from its
    values (`plan_values`, marshalled: equal values, equal bytes), or from its repr when a
    value is of a kind marshal does not write."""
    return _digest(page, page_data(page))


def page_data(page: impose.Page) -> bytes | None:
    """`marshal.dumps(plan_values(page), 2)` (version 2: values only, no references), or None
    when a value is of a kind marshal does not write."""
    try:
        return _page_bytes(page) if type(page) is Page else _dumps(plan_values(page))
    except ValueError:
        return None


def _digest(page: impose.Page, data: bytes | None) -> str:
    """page_digest(page), given page_data(page)."""
    if data is None:
        return hashlib.sha1(repr(page).encode("utf-8")).hexdigest()
    return hashlib.sha1(b"plan values\0" + data).hexdigest()


def plan_values(value: object) -> object:
    """What a plan holds as plain values: a page and what is on it (placements, lines,
    labels, ...) as tuples of their fields' values, each class's read at once; a list item
    by item; anything else as it is (marshal refuses what is not a plain value)."""
    kind = type(value)
    values = _VALUES.get(kind)
    if values is None:
        values = _VALUES[kind] = _values_of(kind)
    return values(value)


_PLAN_TYPES = (Page, Placement, Paper, Slot, Box, Line, Circle, Label, Lane)
_VALUES: dict[type, Callable[[Any], object]] = {}


def _values_of(kind: type) -> Callable[[Any], object]:
    """The function that gives one class's values (see plan_values)."""
    if kind is list:
        return lambda items: list(map(plan_values, items))
    if kind not in _PLAN_TYPES:
        return lambda value: value
    names = [f.name for f in fields(kind)]
    # a field that may hold a plan's class or a list: its values by plan_values; the others
    # as they are (a plan's class there is refused by marshal: then the page's repr serves)
    deep = _deep(kind)
    get = attrgetter(*names) if len(names) > 1 else lambda v: (getattr(v, names[0]),)
    tag = kind.__qualname__
    if not deep:
        return lambda value: (tag, *get(value))

    def values(value: Any) -> object:
        parts = list(get(value))
        for i in deep:
            parts[i] = plan_values(parts[i])
        return (tag, *parts)
    return values


def _page_values(page: Page) -> object:
    """`plan_values(page)`, the values of what pages share worked out once: a grid's pages
    hold the same frozen slots, clips, marks, lanes and labels, so each object's values (and
    each list of such objects') are kept by the objects' ids, the objects held beside them so
    no other object takes their ids meanwhile."""
    memo = _SHARED
    if len(memo) >= _SHARED_MAX:
        memo.clear()
    placements = _placement_values(page, memo)
    paper = memo.get(id(page.paper))
    if paper is None or paper[0] is not page.paper:
        paper = memo[id(page.paper)] = (page.paper, plan_values(page.paper))
    return ("Page", paper[1], page.side, page.what, placements, _shared_list(page.lines),
            _shared_list(page.circles), _shared_list(page.labels), _shared_list(page.lanes),
            plan_values(page.notes))


def _placement_values(page: Page, memo: dict[object, tuple[object, Any]]) -> list[object]:
    """`plan_values` of a page's placements, their slots' and clips' values kept in `memo` by
    the objects' ids (a grid's pages share them), the objects held beside them."""
    placements: list[object] = []
    for p in page.placements:
        slot = memo.get(id(p.slot))
        if slot is None or slot[0] is not p.slot:
            slot = memo[id(p.slot)] = (p.slot, plan_values(p.slot))
        clip = memo.get(id(p.clip))
        if clip is None or clip[0] is not p.clip:
            clip = memo[id(p.clip)] = (p.clip, plan_values(p.clip))
        placements.append(("Placement", p.face, slot[1], clip[1], p.counts, p.bleed))
    return placements


def _shared_list(items: list[Any]) -> object:
    """`plan_values(items)` for a list of frozen plan objects, kept by the objects' ids."""
    if type(items) is not list or not items:
        return plan_values(items)
    memo = _SHARED
    key = tuple(map(id, items))
    found = memo.get(key)
    if found is None:
        if not all(type(item) in _FROZEN for item in items):
            return plan_values(items)
        values = []
        for item in items:  # (a page's own label among shared ones: the others' kept)
            one = memo.get(id(item))
            if one is None or one[0] is not item:
                one = memo[id(item)] = (item, plan_values(item))
            values.append(one[1])
        found = memo[key] = (tuple(items), values)
    return found[1]


def _page_bytes(page: Page) -> bytes:
    """`marshal.dumps(_page_values(page), 2)`, the same bytes, with what pages share marshalled
    once: version 2 writes a tuple or list as its type, its length and its items one after
    another, each the same bytes wherever it stands (no references), so the marks, labels
    and lanes a grid's pages share (and the paper) are written once, kept by their objects'
    ids beside their values (`_shared_list`), and joined into each page's."""
    memo = _SHARED
    if len(memo) >= _SHARED_MAX:
        memo.clear()
    placements = _placement_values(page, memo)
    paper = _MARSHALLED.get(id(page.paper))
    if paper is None or paper[0] is not page.paper:
        if len(_MARSHALLED) >= _SHARED_MAX:
            _MARSHALLED.clear()
        paper = _MARSHALLED[id(page.paper)] = (page.paper, _dumps(plan_values(page.paper)))
    return b"".join([_PAGE_HEAD, paper[1], _dumps(page.side), _dumps(page.what),
                     _dumps(placements), _shared_bytes(page.lines), _shared_bytes(page.circles),
                     _shared_bytes(page.labels), _shared_bytes(page.lanes),
                     _dumps(plan_values(page.notes))])


def _dumps(value: object) -> bytes:
    return marshal.dumps(value, 2)  # type: ignore[arg-type]  # (a ValueError for what it cannot write)


# a page's values as marshal writes them up to its paper: a tuple of 10, its class's name
_PAGE_HEAD = b"(" + (10).to_bytes(4, "little") + marshal.dumps("Page", 2)


def _shared_bytes(items: list[Any]) -> bytes:
    """`marshal.dumps(_shared_list(items), 2)`: a list of frozen plan objects as the list's
    head and each object's bytes, kept by its id (a page's own label among shared ones is
    the only one marshalled), and the whole list's kept by the ids of its objects."""
    if type(items) is not list or not items:
        return _dumps(plan_values(items))
    memo = _MARSHALLED
    if len(memo) >= _SHARED_MAX:
        memo.clear()
    key = tuple(map(id, items))
    found = memo.get(key)
    if found is None:
        if not all(type(item) in _FROZEN for item in items):
            return _dumps(plan_values(items))
        parts = [len(items).to_bytes(4, "little")]
        for item in items:
            one = memo.get(id(item))
            if one is None or one[0] is not item:
                one = memo[id(item)] = (item, _dumps(plan_values(item)))
            parts.append(one[1])
        found = memo[key] = (tuple(items), b"[" + b"".join(parts))
    return found[1]


_MARSHALLED: dict[object, tuple[object, bytes]] = {}  # ids -> (the objects, their bytes)
_FROZEN = frozenset((Line, Circle, Label, Lane))  # frozen records of plain values
_SHARED: dict[object, tuple[object, object]] = {}  # ids -> (the objects, their values)
_SHARED_MAX = 1 << 16


_KEPT: dict[tuple[Path, str], tuple[Any, Planned]] = {}  # (project, paper) -> (inputs, plan)


def planned(db: Database, faces: Faces, options: BuildOptions, paper: str,
            groups: list[impose.Group] | None = None) -> Planned:
    """The paper's home-print files, planned (or kept from the last plan of the same inputs),
    with a draft's report pages first in each file. `groups`: copy_groups(db, faces), when
    the caller has them (one build's papers share them)."""
    sheet = project_paper_catalogue(db.project)[paper]
    heading = home_heading(db)
    inputs = (copy_groups(db, faces) if groups is None else groups, sheet, sheet.label,
              options.fold, options.back_offset, heading, rules_plan_lines(db, paper, options))
    kept = _KEPT.get((db.project, paper))
    if kept is None or kept[0] != inputs:
        kept = _read(db, paper)
    if kept is not None and kept[0] == inputs:
        plan = kept[1]
    else:
        files = impose.plan_home_print(inputs[0], sheet, fold=options.fold,
                                       offset=options.back_offset, heading=heading,
                                       also=inputs[6])
        data = [[page_data(page) for page in f.pages] for f in files]
        plan = Planned(files, [[_digest(page, d) for page, d in zip(f.pages, ds, strict=True)]
                               for f, ds in zip(files, data, strict=True)])
        _write(db, paper, (inputs, stored_plan(plan, data)))
    for other in [k for k in _KEPT if k[0] != db.project]:
        del _KEPT[other]  # one project's plans at a time: a process building many keeps little
    _KEPT[(db.project, paper)] = (inputs, plan)
    out = Planned([impose.HomeFile(f.suffix, f.duplex, list(f.pages)) for f in plan.files],
                  [list(r) for r in plan.digests])
    if options.draft_report:  # a draft: the check report opens every file
        from cardgen.impose.draft import report_pages  # a draft's alone

        for f, digests in zip(out.files, out.digests, strict=True):
            first = report_pages(sheet, heading, list(options.draft_report), duplex=f.duplex)
            f.pages[:0] = first
            digests[:0] = [page_digest(page) for page in first]
    return out


def _path(db: Database, paper: str) -> Path:
    return db.project / CACHE_FOLDER / f"plans-{db.game.id}-{db.edition.id}-{paper}.pickle"


def _read(db: Database, paper: str) -> tuple[Any, Planned] | None:
    """The paper's plan on the disk with its inputs, only if this user's key signed it and this
    toolchain wrote it."""
    found = read_signed(_path(db, paper))
    if not isinstance(found, tuple) or len(found) != 2:
        return None
    code, kept = found
    if code != toolchain() or not isinstance(kept, tuple) or len(kept) != 2:
        return None
    plan = kept[1] if isinstance(kept[1], Planned) else plan_from_stored(kept[1])
    return None if plan is None else (kept[0], plan)


def _write(db: Database, paper: str, kept: tuple[Any, object]) -> None:
    write_signed(_path(db, paper), (toolchain(), kept))  # a read-only project plans every time


_STORED = "plan values"  # a plan on the disk as its pages' values (stored_plan)


def stored_plan(plan: Planned, data: list[list[bytes | None]]) -> object:
    """What the disk keeps of a plan: its files' names and sides and each page's values as
    marshalled for its digest (`data`, page_data of each page: bytes already made, pickled
    as they are); the plan itself when a page's values could not be marshalled."""
    if any(d is None for ds in data for d in ds):
        return plan
    return (_STORED, [(f.suffix, f.duplex, ds) for f, ds in zip(plan.files, data, strict=True)],
            plan.digests)


def plan_from_stored(stored: object) -> Planned | None:
    """The plan `stored_plan` kept: each page made again from its values (`plan_object`), and
    kept only when it is a page whose values marshal to the very bytes kept; else None
    (planned again)."""
    if not (isinstance(stored, tuple) and len(stored) == 3 and stored[0] == _STORED):
        return None
    files = []
    try:
        for suffix, duplex, data in stored[1]:
            pages = [plan_object(marshal.loads(d)) for d in data]
            if any(type(page) is not Page for page in pages) or \
                    [_dumps(plan_values(page)) for page in pages] != data:
                return None
            files.append(impose.HomeFile(suffix, duplex, pages))
    except (ValueError, TypeError, EOFError):
        return None
    return Planned(files, stored[2])


def plan_object(values: Any) -> Any:
    """The plan object `plan_values` gave these values of: a tuple named by a plan class's
    name, the object made of its fields (those that hold plan objects made again); a list
    item by item; anything else as it is."""
    kind = type(values)
    if kind is list:
        return list(map(plan_object, values))
    if kind is not tuple or not values or type(values[0]) is not str:
        return values
    found = _CLASSES.get(values[0])
    if found is None:
        return values
    cls, deep = found
    parts = list(values[1:])
    for i in deep:
        parts[i] = plan_object(parts[i])
    return cls(*parts)


def _deep(kind: type) -> list[int]:
    """The fields of a plan class that may hold plan objects or lists (see _values_of)."""
    kinds = tuple(t.__name__ for t in _PLAN_TYPES) + ("list",)
    return [i for i, f in enumerate(fields(kind)) if any(t in str(f.type) for t in kinds)]


_CLASSES = {kind.__qualname__: (kind, _deep(kind)) for kind in _PLAN_TYPES}


def kept_copies_placed(pages: list[impose.Page]) -> dict[str, dict[str, int]]:
    """`impose.home.copies_placed`; while the process keeps warm, the count of the very pages
    counted last (a kept plan's, which nothing writes into; a rebuild would count the same
    placements again) is taken again."""
    key = tuple(map(id, pages)) if warm.warm() else None
    kept = _PLACED.get(key) if key is not None else None
    if kept is not None:  # the pages are held with it: their ids are still theirs
        return kept[1]
    copies = copies_placed(pages)
    if key is not None:
        if len(_PLACED) >= 16:
            _PLACED.clear()
        _PLACED[key] = (list(pages), copies)
    return copies


# while the process keeps warm: the ids of pages counted -> (those pages, their copies placed)
_PLACED: dict[tuple[int, ...], tuple[list[impose.Page], dict[str, dict[str, int]]]] = warm.memo({})
