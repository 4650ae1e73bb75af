"""Valid game and edition files' models as validated, kept between processes (PROJECT/.cardgen-cache/).

Validating a game.yaml or edition.yaml walks its data along the data models' declarations (and
builds pydantic's validators for a file that is not plainly valid); a rebuild after a card's edit,
and the check after a build, validate the very files the last build did. So a build keeps each
valid file's model (pickled when validated, before loading goes on with it) in `models.pickle`,
signed like the other caches, under a key of the model's class and the values it was validated
from, for this toolchain and the versions of pydantic and PyYAML (`keptfiles._code`); the next
process takes the model back instead of validating the file (`data.model.keeping_models`).
A file with a problem is never kept: it is validated every time, so every message stays as it
was. The file is written only when a build validated a file it did not hold; `cardgen check`
reads it but never writes it.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any, TypeVar

from cardgen.data.modelkit import BaseModel
from cardgen.pipeline.keptfiles import KeptFiles
from cardgen.pipeline.sources import CACHE_FOLDER

M = TypeVar("M", bound=BaseModel)


class KeptModels(KeptFiles):
    """One project's kept file models (a `cardgen.data.model.ModelKeeper`)."""

    def __init__(self, project: Path, read_only: bool = False) -> None:
        super().__init__(project / CACHE_FOLDER / "models.pickle", read_only)

    def _key(self, cls: type[BaseModel], data: Any) -> str:
        return hashlib.sha1(f"{cls.__module__}.{cls.__qualname__}\0{data!r}".encode()).hexdigest()

    def get(self, cls: type[M], data: Any) -> M | None:
        """The model of a file of `cls` validated before from these values, if one was."""
        key = self._key(cls, data)
        model = self.taken(key)
        if type(model) is not cls:
            return None
        self.use(key)
        return model

    def put(self, cls: type[BaseModel], data: Any, model: BaseModel) -> None:
        """A model just validated without a problem, pickled now (before loading goes on)."""
        self.keep(self._key(cls, data), model)
