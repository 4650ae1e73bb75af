"""A document's faces placed and their uses, kept between builds while the process keeps
warm (`pipeline.warm`), for `writers.painted`: after a one-card edit, the uses of each face
key and each drawing's key by its id are the last build's, changed only at the faces whose
key or drawing changed (found by comparing lists with `map`, no Python loop over the faces)."""

from __future__ import annotations

from itertools import compress
from operator import is_not, ne
from typing import TYPE_CHECKING

from cardgen.pipeline import warm

if TYPE_CHECKING:
    from cardgen.layout.drawing import Drawing
    from cardgen.pipeline.faces import FaceKey


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
