"""Valid game and edition files' models as validated, kept between processes (PROJECT/.cardgen-cache/).

Validating a game.yaml or edition.yaml builds pydantic's validators for the data models first,
which costs a fresh process more than the rest of reading them; a rebuild after a card's edit,
and the check after a build, validate the very files the last build did. So a build keeps each
valid file's model (pickled when validated, before loading goes on with it) in `models.pickle`,
signed like the other caches, under a key of the model's class and the values it was validated
from, for this toolchain and the versions of pydantic and PyYAML (`layoutkeep._code`); the next
process takes the model back instead of validating the file (`data.model.keeping_models`).
A file with a problem is never kept: it is validated every time, so every message stays as it
was. The file is written only when a build validated a file it did not hold; `cardgen check`
reads it but never writes it.
"""

from __future__ import annotations

import hashlib
import pickle
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel

from cardgen.pipeline.layoutkeep import MAX_KEPT, _code
from cardgen.pipeline.signed import read_signed, write_signed
from cardgen.pipeline.sources import CACHE_FOLDER

M = TypeVar("M", bound=BaseModel)


class KeptModels:
    """One project's kept file models (a `cardgen.data.model.ModelKeeper`)."""

    def __init__(self, project: Path, read_only: bool = False) -> None:
        self.path = project / CACHE_FOLDER / "models.pickle"
        self.read_only = read_only
        self._kept: dict[str, bytes] | None = None  # read when a file is first looked up
        self.used: set[str] = set()
        self.added = False

    def _key(self, cls: type[BaseModel], data: Any) -> str:
        return hashlib.sha1(f"{cls.__module__}.{cls.__qualname__}\0{data!r}".encode()).hexdigest()

    @property
    def kept(self) -> dict[str, bytes]:
        if self._kept is None:
            found = read_signed(self.path)
            ok = (isinstance(found, tuple) and len(found) == 2 and found[0] == _code()
                  and isinstance(found[1], dict))
            self._kept = dict(found[1]) if ok else {}  # type: ignore[index]
        return self._kept

    def get(self, cls: type[M], data: Any) -> M | None:
        """The model of a file of `cls` validated before from these values, if one was."""
        key = self._key(cls, data)
        blob = self.kept.get(key)
        if not isinstance(blob, bytes):
            return None
        try:
            model = pickle.loads(blob)
        except Exception:  # from another version of a class: validated again
            return None
        if type(model) is not cls:
            return None
        self.used.add(key)
        return model

    def put(self, cls: type[BaseModel], data: Any, model: BaseModel) -> None:
        """A model just validated without a problem, pickled now (before loading goes on)."""
        if self.read_only:
            return
        try:
            blob = pickle.dumps(model, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception:  # something in it that does not pickle: validated every time
            return
        key = self._key(cls, data)
        self.kept[key] = blob
        self.used.add(key)
        self.added = True

    def save(self) -> None:
        """Write the kept models when this build validated a file anew (atomically, signed)."""
        if self.read_only or not self.added:
            return
        kept = self.kept
        if len(kept) > MAX_KEPT:
            kept = {k: v for k, v in kept.items() if k in self.used}
        write_signed(self.path, (_code(), kept))  # a read-only project validates every time
        self.added = False
