"""Valid layout files as validated, kept between processes (PROJECT/.cardgen-cache/).

Validating a layout file builds pydantic's validators for the layout language first, which
costs a fresh process more than all else its templates take; a rebuild after a data edit
validates the very files the last build did. So a build keeps each valid layout file's
validated template and Source (pickled when validated, before anything draws with them) in
`layouts-<game>.pickle`, signed like the face cache (`sources.read_signed`), under a key of the
file's path, the name messages show it by and its bytes, for this toolchain and the versions
of pydantic and PyYAML; the next process reads the template back instead of validating the
file again (`cardgen.layout.templates`). A file with a problem is never kept: it is validated
every time, so every message stays as it was. The file is written only when a build validated
a file it did not hold; `cardgen check` reads it but never writes it.
"""

from __future__ import annotations

import hashlib
import pickle
import sys
from typing import TYPE_CHECKING

from cardgen.pipeline.sources import CACHE_FOLDER, read_signed, toolchain, write_signed

if TYPE_CHECKING:
    from cardgen.data.model import Database
    from cardgen.data.yamlsrc import Source
    from cardgen.layout.model import TemplateFile

MAX_KEPT = 64  # files kept; above it, only the ones this build read


def _code() -> str:
    """What a kept template depends on besides the file: cardgen's code and the libraries
    that parse and validate it (and Python, which pickles it)."""
    import pydantic
    import pydantic_core
    import yaml

    return (f"{toolchain()} pydantic={pydantic.VERSION} core={pydantic_core.__version__} "
            f"yaml={yaml.__version__}/{getattr(yaml, '__with_libyaml__', False)} "
            f"python={sys.version}")


class KeptLayouts:
    """One game's kept layout files (a `cardgen.layout.session.LayoutKeeper`)."""

    def __init__(self, db: Database, read_only: bool = False) -> None:
        self.path = db.project / CACHE_FOLDER / f"layouts-{db.game.id}.pickle"
        self.read_only = read_only
        self._kept: dict[str, bytes] | None = None  # read when a file is first looked up
        self.used: set[str] = set()
        self.added = False

    def _key(self, path: str, shown: str, data: bytes) -> str:
        digest = hashlib.sha1(f"{path}\0{shown}\0".encode())
        digest.update(data)
        return digest.hexdigest()

    @property
    def kept(self) -> dict[str, bytes]:
        if self._kept is None:
            found = read_signed(self.path)
            ok = (isinstance(found, tuple) and len(found) == 2 and found[0] == _code()
                  and isinstance(found[1], dict))
            self._kept = dict(found[1]) if ok else {}  # type: ignore[index]
        return self._kept

    def get(self, path: str, shown: str, data: bytes) -> tuple[TemplateFile, Source] | None:
        """The file's template and Source as validated before, if these bytes were."""
        from cardgen.data.yamlsrc import Source
        from cardgen.layout.model import TemplateFile

        key = self._key(path, shown, data)
        blob = self.kept.get(key)
        if not isinstance(blob, bytes):
            return None
        try:
            value = pickle.loads(blob)
        except Exception:  # from another version of a class: validated again
            return None
        if (not isinstance(value, tuple) or len(value) != 2
                or not isinstance(value[0], TemplateFile) or not isinstance(value[1], Source)):
            return None
        self.used.add(key)
        return value[0], value[1]

    def put(self, path: str, shown: str, data: bytes, value: tuple[TemplateFile, Source]
            ) -> None:
        """A file just validated without a problem, pickled now (before it is drawn with)."""
        if self.read_only:
            return
        try:
            blob = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception:  # something in it that does not pickle: validated every time
            return
        key = self._key(path, shown, data)
        self.kept[key] = blob
        self.used.add(key)
        self.added = True

    def save(self) -> None:
        """Write the kept files when this build validated one anew (atomically, signed)."""
        if self.read_only or not self.added:
            return
        kept = self.kept
        if len(kept) > MAX_KEPT:
            kept = {k: v for k, v in kept.items() if k in self.used}
        write_signed(self.path, (_code(), kept))  # a read-only project validates every time
        self.added = False
