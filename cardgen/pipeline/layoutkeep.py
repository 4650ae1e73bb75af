"""Valid layout files as validated, kept between processes (PROJECT/.cardgen-cache/).

Validating a layout file walks it along the layout language's models (and builds pydantic's
validators for a file that is not plainly valid); a rebuild after a data edit
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

import copyreg
import hashlib
import io
import pickle
from typing import TYPE_CHECKING, Any

from cardgen.errors import Location
from cardgen.pipeline.keptfiles import MAX_KEPT as MAX_KEPT
from cardgen.pipeline.keptfiles import KeptFiles
from cardgen.pipeline.keptfiles import _code as _code
from cardgen.pipeline.sources import CACHE_FOLDER

if TYPE_CHECKING:
    from cardgen.data.model import Database
    from cardgen.data.yamlsrc import KeyPath, Source
    from cardgen.layout.model import TemplateFile

    # a Source's positions as `_packed` keeps them: key paths, lines, columns, other files'
    Packed = tuple[list[KeyPath], list[int | None], list[int], list[Location]]


class KeptLayouts(KeptFiles):
    """One game's kept layout files (a `cardgen.layout.session.LayoutKeeper`)."""

    def __init__(self, db: Database, read_only: bool = False) -> None:
        super().__init__(db.project / CACHE_FOLDER / f"layouts-{db.game.id}.pickle", read_only)

    def _key(self, path: str, shown: str, data: bytes) -> str:
        digest = hashlib.sha1(f"{path}\0{shown}\0".encode())
        digest.update(data)
        return digest.hexdigest()

    def get(self, path: str, shown: str, data: bytes) -> tuple[TemplateFile, Source] | None:
        """The file's template and Source as validated before, if these bytes were."""
        from cardgen.data.yamlsrc import Source
        from cardgen.layout.model import TemplateFile

        key = self._key(path, shown, data)
        value = self.taken(key)
        if (not isinstance(value, tuple) or len(value) != 2
                or not isinstance(value[0], TemplateFile) or not isinstance(value[1], Source)):
            return None
        self.use(key)
        return value[0], value[1]

    def put(self, path: str, shown: str, data: bytes, value: tuple[TemplateFile, Source]
            ) -> None:
        """A file just validated without a problem, pickled now (before it is drawn with)."""
        self.keep(self._key(path, shown, data), value)

    def keep(self, key: str, value: object) -> None:
        """KeptFiles.keep, with each Source's positions (one for every key and value of a
        layout file) pickled as numbers (`_source`) and any other Location as the call that
        makes it again: a dataclass with slots is otherwise pickled through its fields, looked
        up anew for each object."""
        from cardgen.data.yamlsrc import Source

        if self.read_only:
            return
        buffer = io.BytesIO()
        pickler = pickle.Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL)
        pickler.dispatch_table = {**copyreg.dispatch_table,  # as registered now
                                  Location: _location, Source: _source}
        try:
            pickler.dump(value)
        except Exception:  # something in it that does not pickle: validated every time
            return
        self.kept[key] = buffer.getvalue()
        self.used.add(key)
        self.added = True


def _location(at: Location) -> tuple[type[Location], tuple[str, int, int]]:
    return Location, (at.file, at.line, at.col)


def _source(source: Source) -> tuple[Any, tuple[Any, ...]]:
    """A Source pickled as its state with its positions packed (`_packed`), read back by
    `_unpacked_source`: numbers pickle without a call for each Location."""
    state = source.__getstate__()  # (its positions found first, if they were not yet)
    packed = {name: _packed(state[name], source.file) for name in ("marks", "key_marks")}
    return _unpacked_source, ({**state, "marks": None, "key_marks": None}, source.file, packed)


def _packed(marks: dict[KeyPath, Location], file: str) -> Packed:
    """Positions as their key paths, lines and columns (a Location of another file: line
    None, column its index in the last list)."""
    others = [at for at in marks.values() if at.file != file]
    lines: list[int | None]
    if others:
        lines = [at.line if at.file == file else None for at in marks.values()]
        cols = [at.col if at.file == file else others.index(at) for at in marks.values()]
    else:
        lines, cols = [at.line for at in marks.values()], [at.col for at in marks.values()]
    return list(marks), lines, cols, others


def _unpacked_source(state: dict[str, Any], file: str, packed: dict[str, Packed]) -> Source:
    """`_source`'s Source again, with the very positions it had."""
    from cardgen.data.yamlsrc import Source

    for name, (paths, lines, cols, others) in packed.items():
        state[name] = {path: Location(file, line, col) if line is not None else others[col]
                       for path, line, col in zip(paths, lines, cols, strict=True)}
    source = Source.__new__(Source)
    source.__dict__.update(state)
    return source
