"""While warm (`cardgen watch`, `serve`): the last build's faces, taken whole by the next build
but for the few components that are not the very ones it chose at their index (a text edit:
one component), whose faces are laid out or taken from the face cache as ever.

The faces of the others are those the face cache would give again (`FaceCache.take_again`:
it holds the very entries the last build left, none of which probed an image), so the
drawings, face keys and sheets are the last build's, in the same order.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress, count
from operator import is_not

from cardgen.data.model import Component
from cardgen.layout.drawing import Drawing
from cardgen.pipeline import sources, warm
from cardgen.records import record

FaceKey = tuple[str, str]  # (component id, side), as `faces.FaceKey`
Laid = tuple[Drawing, str] | None  # as `faces.Laid`
Progress = Callable[[str, int, int], None]
Asked = tuple[frozenset[str] | set[str] | None, bool]  # a build's `only` and `ink_saver`
# lays out (or takes from the cache) the wanted sides of some components: `faces.lay_out_wanted`
LayOut = Callable[[list[Component], list[list[str]], Progress], tuple[list[list[Laid]], int]]
# components, drawings, face keys, sheets, faces laid out afresh: what `faces.Faces` holds
Again = tuple[list[Component], dict[FaceKey, Drawing], dict[FaceKey, str], dict[str, str], int]


@record
class _LastFaces:
    """What a warm build laid out with a face cache (`cache`), before tuck boxes: its chosen
    components, their sides, and its faces' drawings, keys and sheets."""

    cache: sources.FaceCache
    asked: Asked
    chosen: list[Component]
    wanted: list[list[str]]
    drawings: dict[FaceKey, Drawing]
    keys: dict[FaceKey, str]
    sheets: dict[str, str]


# while warm: the last build's faces, None when it laid out none the next build may take whole
_LAST: list[_LastFaces | None] = [None]
warm.on_forget(lambda: _LAST.__setitem__(0, None))
FEW = 64  # changed components up to which a build takes the last one's faces whole


def remember(drawings: dict[FaceKey, Drawing], keys: dict[FaceKey, str], sheets: dict[str, str],
             chosen_wanted: tuple[list[Component], list[list[str]]],
             cache: sources.FaceCache | None, asked: Asked) -> None:
    """Keep a build's faces (of the chosen components, their wanted sides) for the next one,
    while warm with a cache that keeps what it lays out, when every wanted side has its face
    and every face its key (so that taking them again and replacing a few leaves the
    dictionaries' order as laying them all out would)."""
    _LAST[0] = None
    chosen, wanted = chosen_wanted
    if cache is None or cache.read_only or not warm.warm():
        return
    if len(keys) != len(drawings) or sum(map(len, wanted)) != len(drawings):
        return
    _LAST[0] = _LastFaces(cache, asked, chosen, wanted, dict(drawings), dict(keys), dict(sheets))


def faces_again(chosen: list[Component], cache: sources.FaceCache | None, asked: Asked,
                report: Progress, lay_out: LayOut) -> Again | None:
    """The last build's faces but for those of the components at the indices where `chosen`
    holds another (with the same id and kind: the same sides), laid out by `lay_out`; when the
    cache took the others' faces again at once (`FaceCache.take_again`). None: lay every
    face out."""
    last = _LAST[0]
    if (cache is None or last is None or last.cache is not cache.last or last.asked != asked
            or len(last.chosen) != len(chosen)):
        return None
    was = last.chosen
    changed = list(compress(count(), map(is_not, chosen, was)))
    if len(changed) > FEW or any(chosen[i].id != was[i].id or chosen[i].kind != was[i].kind
                                 for i in changed):
        return None
    if not cache.take_again(was, changed):
        return None
    _LAST[0] = None  # until this build's are known
    total, taken = len(chosen), len(chosen) - len(changed)
    if taken:
        report("faces", taken, total)
    wanted = [last.wanted[i] for i in changed]
    laid, fresh = lay_out([chosen[i] for i in changed], wanted,
                          lambda stage, n, _: report(stage, taken + n, total))
    drawings, keys = dict(last.drawings), dict(last.keys)
    for i, sides, results in zip(changed, wanted, laid, strict=True):
        _replace(drawings, keys, [(chosen[i].id, side) for side in sides], results)
    components = list(chosen)
    if any((chosen[i].id, "front") not in drawings for i in changed):
        components = [c for c in chosen if (c.id, "front") in drawings]
    remember(drawings, keys, last.sheets, (chosen, last.wanted), cache, asked)
    return components, drawings, keys, dict(last.sheets), fresh


def _replace(drawings: dict[FaceKey, Drawing], keys: dict[FaceKey, str], faces: list[FaceKey],
             results: list[Laid]) -> None:
    """The faces' drawings and keys in place of the last build's (none: gone)."""
    for face, result in zip(faces, results, strict=True):
        if result is None:
            drawings.pop(face, None)
            keys.pop(face, None)
            continue
        drawings[face], key = result
        if key:
            keys[face] = key
        else:
            keys.pop(face, None)
