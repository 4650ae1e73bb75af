"""Faces -> the home-print plan's copy groups: copies (count per component) grouped by sheet
style and face size, in database order; while the process keeps warm (`pipeline.warm`), the
last build's groups again when nothing they are made of changed (a text edit)."""

from __future__ import annotations

import marshal
from itertools import repeat
from operator import attrgetter, is_
from typing import TYPE_CHECKING

from cardgen import impose
from cardgen.pipeline import warm
from cardgen.pipeline.faces import kind_title

if TYPE_CHECKING:
    from cardgen.data.model import Database
    from cardgen.layout.drawing import Drawing
    from cardgen.pipeline.faces import Faces


def copy_groups(db: Database, faces: Faces) -> list[impose.Group]:
    """Copies (count per component) grouped by sheet style and face size, in database order.
    While the process keeps warm, the last build's groups (a list of their own) when every
    value they are made of is the last build's (`_copy_values`: a text edit changes none)."""
    values = _copy_values(db, faces) if warm.warm() else None
    if values is None:
        return _copy_groups(db, faces)
    last = _GROUPS.get("last")
    if (last is not None and last[0] == values[0] and len(last[1]) == len(values[1])
            and all(map(is_, last[1], values[1]))):
        return list(last[2])
    groups = _copy_groups(db, faces)
    _GROUPS["last"] = (*values, groups)
    return list(groups)


def _copy_values(db: Database, faces: Faces) -> tuple[bytes, list[impose.Copy]] | None:
    """What `_copy_groups` makes its groups of, marshalled (equal bytes: equal values of the
    same types): per component its id, kind, name, count, whether it has a back and its
    front's size, shape, corners and folds (gathered with `map`, no Python loop over the
    components), the kinds' titles and sheets; and the extras (the objects). None: a value
    marshal refuses."""
    comps = faces.components
    ids = list(map(_ID, comps))
    fronts = list(map(faces.drawings.__getitem__, zip(ids, repeat("front"))))
    kinds = sorted(set(map(_KIND, comps)))
    try:
        made = marshal.dumps((list(map(_COMPONENT_VALUES, comps)), list(map(_FRONT_VALUES, fronts)),
                              list(map(faces.drawings.__contains__, zip(ids, repeat("back")))),
                              [(kind, kind_title(db, kind), faces.sheets[kind]) for kind in kinds]),
                             2)
    except ValueError:
        return None
    return made, list(faces.extras)


_ID, _KIND = attrgetter("id"), attrgetter("kind")
_COMPONENT_VALUES = attrgetter("id", "kind", "name", "count")
_FRONT_VALUES = attrgetter("width", "height", "shape", "points", "folds")
# while the process keeps warm: "last" -> the last build's `_copy_values` and its groups
_GROUPS: dict[str, tuple[bytes, list[impose.Copy], list[impose.Group]]] = warm.memo({})


def _copy_groups(db: Database, faces: Faces) -> list[impose.Group]:
    """`copy_groups` worked out (a kind's title, and a front's group key and shape, once per
    kind and look: the fronts of a deck share their size, shape and corners)."""
    groups: dict[tuple[str, float, float, str], list[impose.Copy]] = {}
    drawings, sheets = faces.drawings, faces.sheets
    titles: dict[str, str] = {}
    # (kind, width, height, shape, corners, folds) -> the group's key, hex_top, corners kept
    looks: dict[tuple[object, ...], tuple[tuple[str, float, float, str], str,
                                          tuple[tuple[float, float], ...]]] = {}
    make = warm.remade("copies", impose.Copy)  # warm: the plan's inputs alike by identity
    for c in faces.components:
        kind = c.kind
        front = drawings[(c.id, "front")]
        w, h, shape = front.width, front.height, front.shape
        look = (kind, w, h, shape, front.points, front.folds)
        known = looks.get(look)
        if known is None:
            top = hex_top(front)
            known = looks[look] = ((sheets[kind], round(w, 3), round(h, 3), top), top,
                                   front.points if shape == "polygon" else ())
        title = titles.get(kind)
        if title is None:
            title = titles[kind] = kind_title(db, kind)
        copy = make(c.id, title, c.name, w, h, (c.id, "back") in drawings,
                    shape == "circle", known[1], known[2], front.folds)
        groups.setdefault(known[0], []).extend([copy] * c.count)
    boxes = [impose.Group("large", (c,)) for c in faces.extras]
    return [impose.Group(sheet, tuple(copies)) for (sheet, _, _, _), copies in groups.items()
            ] + boxes


def hex_top(front: Drawing) -> str:
    """flat or pointy for a hex tile (its first corner on the left: flat), else ''."""
    if front.shape != "hex" or not front.points:
        return ""
    return "flat" if abs(front.points[0][0]) < 1e-6 else "pointy"
