"""Valid input files as validated, pickled between processes: what `layoutkeep.KeptLayouts`
(layout files) and `datakeep.KeptModels` (game and edition files) share.

One signed file in PROJECT/.cardgen-cache/ holds, under a key each kind works out from what it
validated, the pickled result, for this toolchain and the versions of pydantic and PyYAML
(`_code`). The file is read when a first key is looked up, and written only when a build
validated something it did not hold (above `MAX_KEPT` entries, only the ones this build used
are kept); a read-only keeper (`cardgen check`) reads but never writes.
"""

from __future__ import annotations

import pickle
import sys
from pathlib import Path

from cardgen.pipeline.signed import read_signed, write_signed
from cardgen.pipeline.toolchain import library_versions, toolchain

MAX_KEPT = 64  # entries kept; above it, only the ones this build read


def _code() -> str:
    """What a kept result depends on besides its file: cardgen's code and the libraries that
    parse and validate it (and Python, which pickles it)."""
    from cardgen.data.yamllib import yaml

    versions = library_versions(("pydantic", "pydantic-core"))
    return (f"{toolchain()} pydantic={versions.get('pydantic')} "
            f"core={versions.get('pydantic-core')} "
            f"yaml={yaml.__version__}/{getattr(yaml, '__with_libyaml__', False)} "
            f"python={sys.version}")


class KeptFiles:
    """One cache file of validated results, by key."""

    def __init__(self, path: Path, read_only: bool = False) -> None:
        self.path = path
        self.read_only = read_only
        self._kept: dict[str, bytes] | None = None  # read when a key is first looked up
        self.used: set[str] = set()
        self.added = False

    @property
    def kept(self) -> dict[str, bytes]:
        if self._kept is None:
            found = read_signed(self.path)
            ok = (isinstance(found, tuple) and len(found) == 2 and found[0] == _code()
                  and isinstance(found[1], dict))
            self._kept = dict(found[1]) if ok else {}  # type: ignore[index]
        return self._kept

    def taken(self, key: str) -> object | None:
        """What was kept under `key`, unpickled (None when nothing or it will not unpickle:
        from another version of a class, it is validated again); the caller checks its type
        and calls `use(key)` when it takes it."""
        blob = self.kept.get(key)
        if not isinstance(blob, bytes):
            return None
        try:
            value: object = pickle.loads(blob)
        except Exception:
            return None
        return value

    def use(self, key: str) -> None:
        self.used.add(key)

    def keep(self, key: str, value: object) -> None:
        """A result just validated without a problem, pickled now (before anything goes on
        with it, so nothing done later ends up in the cache)."""
        if self.read_only:
            return
        try:
            blob = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception:  # something in it that does not pickle: validated every time
            return
        self.kept[key] = blob
        self.used.add(key)
        self.added = True

    def save(self) -> None:
        """Write the kept results when this build validated one anew (atomically, signed)."""
        if self.read_only or not self.added:
            return
        kept = self.kept
        if len(kept) > MAX_KEPT:
            kept = {k: v for k, v in kept.items() if k in self.used}
        write_signed(self.path, (_code(), kept))  # a read-only project validates every time
        self.added = False
