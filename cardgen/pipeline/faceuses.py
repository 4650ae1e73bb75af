"""A document's faces placed and their uses (`painted`: the document's Painter, for
pipeline.writers), kept between builds while the process keeps warm (`pipeline.warm`): after
a one-card edit, the uses of each face key and each drawing's key by its id are the last
build's, changed only at the faces whose key or drawing changed (found by comparing lists
with `map`, no Python loop over the faces)."""

from __future__ import annotations

from itertools import compress
from operator import is_not, ne
from typing import TYPE_CHECKING, Any, cast

from cardgen.pipeline import warm

if TYPE_CHECKING:
    from cardgen.layout.drawing import Drawing
    from cardgen.pipeline.faces import FaceKey, Faces


class Uses:
    """A document's faces placed, each once in order (`once`) with its number of uses
    (`per`), and what `updated` last made of them: the uses of each face key and each
    drawing's key by its id, for the face keys and drawings given."""

    def __init__(self, placed: list[FaceKey]) -> None:
        from collections import Counter

        self.placed = placed
        self.once = list(dict.fromkeys(placed))
        self.per = list(map(Counter(placed).__getitem__, self.once))
        self.named: list[str] = []
        self.shown: list[Drawing] = []
        self.uses: dict[str, int] = {}
        self.by_id: dict[int, str] = {}

    def updated(self, named: list[str], shown: list[Drawing]
                ) -> tuple[dict[str, int], dict[int, str]]:
        """The uses of each face key and each drawing's key by its id (a fresh dict) for the
        faces' keys and drawings given (in `once`'s order): the last ones changed at the
        faces whose key or drawing is not the last's, when there are such last ones and no
        drawing is given for two faces."""
        if not self._moved(self._changed(named, shown), named, shown):
            self.uses = {}
            for key, n in zip(named, self.per, strict=True):
                self.uses[key] = self.uses.get(key, 0) + n
            self.by_id = dict(zip(map(id, shown), named, strict=True))
        self.named, self.shown = named, shown
        return self.uses, dict(self.by_id)

    def _changed(self, named: list[str], shown: list[Drawing]) -> list[int] | None:
        """The faces (by index) whose key or drawing is not the last's; None: no last ones."""
        if len(self.named) != len(named):
            return None
        at = range(len(named))
        return sorted({*compress(at, map(ne, named, self.named)),
                       *compress(at, map(is_not, shown, self.shown))})

    def _moved(self, changed: list[int] | None, named: list[str], shown: list[Drawing]
               ) -> bool:
        """The last uses and ids moved to the faces changed; False when they are to be made
        afresh: no last ones, many changed, or a drawing is given for two faces."""
        if changed is None or len(changed) * 8 > len(named) or len(self.by_id) != len(named):
            return False
        gone = {id(self.shown[i]) for i in changed}
        if any(id(shown[i]) in self.by_id and id(shown[i]) not in gone for i in changed):
            return False
        uses, by_id = self.uses, self.by_id
        for i in changed:
            uses[self.named[i]] -= self.per[i]
            if not uses[self.named[i]]:
                del uses[self.named[i]]
            del by_id[id(self.shown[i])]
        for i in changed:
            uses[named[i]] = uses.get(named[i], 0) + self.per[i]
            by_id[id(shown[i])] = named[i]
        return len(by_id) == len(named)


# while the process keeps warm: per document, its last build's uses (`writers.painted`)
USES: dict[str, Uses] = warm.memo({})


def keep(document: str, uses: Uses) -> None:
    """Keep the document's uses for its next build (while warm)."""
    if len(USES) >= 64:
        USES.clear()
    USES[document] = uses


def painted(faces: Faces, placed: list[FaceKey], document: str = ""
            ) -> tuple[Any, list[tuple[str, Drawing]]]:  # (a render.pdf Painter, the faces)
    """A document's Painter for the faces placed (in order, a face once per use): the keys of
    those used more than once (by key: equal faces are one form) and each drawing's key by
    its id; and (face key, drawing) of each face placed, once, in order. Each face keyed
    once, the passes over the uses and faces made by `map` (no Python loop over them); while
    warm, what the document's last build found of the same uses is taken again but for the
    faces whose key or drawing changed (`Uses`), and a document placing the
    very faces another did this build (Letter and A4) shares its uses (`_shared_uses`)."""
    from cardgen.render.pdf import Painter

    shared = _shared_uses(faces, placed, document) if warm.warm() else None
    if shared is not None:
        return Painter(shared[0], shared[1]), shared[2]
    last = USES.get(document) if warm.warm() else None
    if last is None or last.placed != placed:
        last = Uses(placed)
    keys = faces.keys
    found = list(map(keys.get, last.once))
    named = list(map(faces.key, last.once)) if None in found else cast(list[str], found)
    shown = list(map(faces.drawings.__getitem__, last.once))
    uses, by_id = last.updated(named, shown)
    if warm.warm():
        keep(document, last)
    forms = set(compress(uses.keys(), map((1).__lt__, uses.values())))
    drawn = list(zip(named, shown, strict=True))
    if warm.warm():
        _PAINTED["last"] = (faces, list(placed), document, forms, by_id, drawn)
    return Painter(forms, by_id), drawn


def _shared_uses(faces: Faces, placed: list[FaceKey], document: str
                 ) -> tuple[set[str], dict[int, str], list[tuple[str, Drawing]]] | None:
    """The forms, keys by id and faces `painted` last found, when they were of these very
    faces (one build's: a build lays out a Faces of its own, which its layout fills once), an
    equal list of faces placed and another document; None otherwise. Nothing changes them."""
    last = _PAINTED.get("last")
    if last is None or last[0] is not faces or last[2] == document or last[1] != placed:
        return None
    return last[3], last[4], last[5]


# while the process keeps warm: "last" -> the Faces, faces placed and document `painted` last
# worked on, and what it found of them: the forms, each drawing's key by id, (face key,
# drawing) once each
_PAINTED: dict[str, tuple[Faces, list[FaceKey], str, set[str], dict[int, str],
                          list[tuple[str, Drawing]]]] = warm.memo({})
