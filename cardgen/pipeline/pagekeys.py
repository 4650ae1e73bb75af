"""The page keys of the home-print and print-shop PDFs (`render.pages.home_page_key`,
`print_page_key`: what a page is made of, which tells a spliced file's changed pages).

A page's key is made of its signature, content (home-print) or bleed (print-shop) and, per
face placed, the face's key, whether it is a form, and its drawing's shape, corner and points.
While the process keeps warm (`pipeline.warm`), each document keeps what its last keys were
made of as lists, one entry per face placed in order: the drawings, their face keys, forms,
shapes, corners and points. A rebuild makes the same lists with `map` (no Python loop over
the thousands of faces a document places) and finds the faces whose entries are not the very
objects of the last build's (face keys: equal texts) by comparing the lists with `map` too;
a page none of whose faces changed, of the same signature and content, keeps its key, and
only the others' keys are worked out (a one-card edit: a few pages). Holding the last
build's objects in the lists keeps their ids from being reused. A kept plan's pages give
their faces placed again (`placed_faces`), and a document placing the very faces the one
before it did in this build (Letter and A4) takes that one's facts and what changed in them
(`_shared_facts`, `_shared_changed`).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable
from itertools import accumulate, chain, compress
from marshal import dumps
from operator import attrgetter, is_, is_not, ne
from typing import TYPE_CHECKING, Any

from cardgen.pipeline import warm

if TYPE_CHECKING:
    from cardgen import impose
    from cardgen.layout.drawing import Drawing
    from cardgen.pipeline.faces import FaceKey

Facts = tuple[list[Any], ...]  # drawings, face keys, forms, shapes, corners, points

_FACE, _PLACEMENTS = attrgetter("face"), attrgetter("placements")
_SHAPE, _CORNER, _POINTS = attrgetter("shape"), attrgetter("corner"), attrgetter("points")


def facts(painter: Any, placed: list[Drawing]) -> Facts:
    """Per drawing placed (a render.pdf Painter's): the drawing, its face key, whether it is a
    form, its shape, corner and points, as `render.pages._placed` finds them (the drawings
    a list of its own: the caller's may change)."""
    placed = list(placed)
    keys = list(map(painter.keys.get, map(id, placed)))
    if None in keys or "" in keys:  # a drawing the painter has not keyed: Painter.key's way
        keys = [key or painter.key(d) for key, d in zip(keys, placed, strict=True)]
    return (placed, keys, list(map(painter.reused.__contains__, keys)), list(map(_SHAPE, placed)),
            list(map(_CORNER, placed)), list(map(_POINTS, placed)))


def changed(now: Facts, last: Facts) -> list[int]:
    """The faces placed (by index, in order; the lists of equal length) any of whose facts is
    not the last build's: another object (the face key: another text); each fact's list
    compared with `map`, the few indices found put together."""
    drawings, keys, forms, shapes, corners, points = now
    at = range(len(drawings))
    found = set(compress(at, map(ne, keys, last[1])))
    for fact, was in ((drawings, last[0]), (forms, last[2]), (shapes, last[3]),
                      (corners, last[4]), (points, last[5])):
        found.update(compress(at, map(is_not, fact, was)))
    return sorted(found)


def print_keys(document: str, signature: str, bleed: float, painter: Any,
               drawings: list[Drawing]) -> list[str]:
    """Each print-shop page's key (one face a page); while warm, a page's taken again when
    its face's facts are those of the same page (or, pages moved, of a page holding the very
    Drawing) of the document's last build, signature and bleed alike."""
    from cardgen.render.pages import print_page_key

    if not warm.warm():
        return [print_page_key(signature, bleed, painter, d) for d in drawings]
    now = facts(painter, drawings)
    last = _PRINT.get(document)
    if last is None or last[0] != signature or last[1] is not bleed:
        out = [print_page_key(signature, bleed, painter, d) for d in drawings]
    else:
        old, out = last[2], list(last[3])
        if len(old[0]) != len(drawings):
            out = [""] * len(drawings)
            redo: Iterable[int] = range(len(drawings))
        else:
            redo = changed(now, old)
        index = None
        for i in redo:
            if index is None:  # the last build's pages by their drawing's id
                index = dict(zip(map(id, old[0]), range(len(old[0])), strict=True))
            j = index.get(id(drawings[i]))
            same = j is not None and all(
                fact[i] is was[j] or k == 1 and fact[i] == was[j]
                for k, (fact, was) in enumerate(zip(now, old, strict=True)))
            out[i] = last[3][j] if same and j is not None else print_page_key(
                signature, bleed, painter, drawings[i])
    _PRINT[document] = (signature, bleed, now, out)
    return out


def remember_print(document: str, signature: str, bleed: float, painter: Any,
                   drawings: list[Drawing], keys: list[str]) -> None:
    """While warm: what `print_keys` keeps of a document written whole, whose pages' keys
    (`render.pages.print_page_key`, one per drawing in order) are `keys`, so the next build
    works out the keys of its changed pages alone."""
    if warm.warm() and len(keys) == len(drawings):
        _PRINT[document] = (signature, bleed, facts(painter, drawings), list(keys))


def home_keys(document: str, signature: str, contents: list[str], painter: Any,
              pages: list[impose.Page], drawings: dict[FaceKey, Drawing]) -> list[str]:
    """Each home-print page's key; while warm, a page's taken again when its signature,
    content and its faces' facts are those of the same page of the document's last build,
    else from `_by_bytes`."""
    from cardgen.render.pages import home_page_key

    if not warm.warm():
        return [home_page_key(signature, content, painter, page, drawings)
                for content, page in zip(contents, pages, strict=True)]
    counts, placed = placed_faces(document, pages)
    now = _shared_facts(document, painter, drawings, placed)
    last = _HOME.get(document)
    if (last is None or last[0] != signature or last[1] != counts
            or len(last[2]) != len(contents)):
        flags = [True] * len(pages)
        out = [""] * len(pages)
    else:
        flags = list(map(ne, contents, last[2]))
        ends = list(accumulate(counts))  # a page's placements end before its entry
        for i in _shared_changed(now, last[3]):
            flags[bisect_right(ends, i)] = True
        out = list(last[4])
    for n in compress(range(len(pages)), flags):
        out[n] = _by_bytes(signature, contents[n], painter, pages[n], drawings)
    _HOME[document] = (signature, counts, contents, now, out)
    return out


def placed_faces(document: str, pages: list[impose.Page]) -> tuple[list[int], list[FaceKey]]:
    """The number of faces each page places and the faces placed, in order (lists no one
    changes); while warm, the very lists of the document's last call when its pages place the
    very Placements (frozen) of that call, in order (a kept plan's)."""
    placements = list(map(_PLACEMENTS, pages))
    counts = list(map(len, placements))
    each = list(chain.from_iterable(placements))
    last = _PLACED.get(document) if warm.warm() else None
    if (last is not None and counts == last[1] and len(each) == len(last[0])
            and all(map(is_, each, last[0]))):
        return last[1], last[2]
    placed = list(map(_FACE, each))
    if warm.warm():
        if len(_PLACED) >= 64:
            _PLACED.clear()
        _PLACED[document] = (each, counts, placed)
    return counts, placed


def _shared_facts(document: str, painter: Any, drawings: dict[FaceKey, Drawing],
                  placed: list[FaceKey]) -> Facts:
    """`facts` of the drawings of the faces placed; the very lists the last home-print
    document had when it was another document placing an equal list of faces with the same
    drawings, keys by id and forms (the same objects: `writers.painted` shares them between
    the documents of one build placing the same faces, Letter and A4). Nothing changes the
    lists once made."""
    last = _FACTS.get("last")
    if (last is not None and last[0] is painter.keys and last[1] is painter.reused
            and last[2] is drawings and last[3] != document and last[4] == placed):
        return last[5]
    now = facts(painter, list(map(drawings.__getitem__, placed)))
    _FACTS["last"] = (painter.keys, painter.reused, drawings, document, placed, now)
    return now


def _shared_changed(now: Facts, last: Facts) -> list[int]:
    """`changed(now, last)`, taken again when the last call compared these very lists."""
    kept = _CHANGED.get("last")
    if kept is not None and kept[0] is now and kept[1] is last:
        return kept[2]
    found = _CHANGED["last"] = (now, last, changed(now, last))
    return found[2]


def _by_bytes(signature: str, content: str, painter: Any, page: impose.Page,
              drawings: dict[FaceKey, Drawing]) -> str:
    """A home-print page's key, taken again for the same signature, content and, per face
    placed, its key, form or not, shape, corner and points, these known by their marshalled
    bytes (equal bytes: equal values of the same types), whatever document it was in."""
    from cardgen.render.pages import home_page_key

    reused, key_of = painter.reused, painter.key
    placed = [drawings[p.face] for p in page.placements]
    try:
        made = (signature, content, dumps([(face, face in reused, d.shape, d.corner, d.points)
                                           for d in placed for face in (key_of(d),)], 2))
    except ValueError:  # a value marshal refuses: worked out afresh
        return home_page_key(signature, content, painter, page, drawings)
    key = _HOME_KEYS.get(made)
    if key is None:
        if len(_HOME_KEYS) >= 1 << 16:
            _HOME_KEYS.clear()
        key = _HOME_KEYS[made] = home_page_key(signature, content, painter, page, drawings)
    return key


# while the process keeps warm: per print-shop document, (signature, bleed, its faces' facts,
# its pages' keys) of its last build
_PRINT: dict[str, tuple[str, float, Facts, list[str]]] = warm.memo({})
# while the process keeps warm: per home-print document, (signature, faces per page, pages'
# contents, its faces' facts, its pages' keys) of its last build
_HOME: dict[str, tuple[str, list[int], list[str], Facts, list[str]]] = warm.memo({})
# while the process keeps warm: (signature, content, the faces' keys, forms, shapes, corners
# and points marshalled) -> the home-print page's key (`_by_bytes`)
_HOME_KEYS: dict[tuple[str, str, bytes], str] = warm.memo({})
# while the process keeps warm: "last" -> the keys by id, forms, drawings, document and faces
# placed `_shared_facts` last worked on, and their facts
_FACTS: dict[str, tuple[Any, Any, dict[FaceKey, Drawing], str, list[FaceKey], Facts]] = (
    warm.memo({}))
# while the process keeps warm: "last" -> the two facts `_shared_changed` last compared, and
# the faces it found changed
_CHANGED: dict[str, tuple[Facts, Facts, list[int]]] = warm.memo({})
# while the process keeps warm: per home-print document, the Placements `placed_faces` last
# looked at (held: their ids are not reused meanwhile), their counts per page and faces
_PLACED: dict[str, tuple[list[Any], list[int], list[FaceKey]]] = warm.memo({})
