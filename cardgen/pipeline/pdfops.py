"""Face operators kept for the PDF writers between documents and builds (PROJECT/.cardgen-cache/).

What `cardgen.render.faceops` works out for a document is kept here: per document signature
(its fonts and character set) each face's operators, and per document its pages' encoded
streams (a document's characters are found again from its faces' texts at once,
`faceops.doc_chars`). The home-print files of every paper and the print-shop files take them
from one store. The file (signed like the face cache, `signed.pickle_secret`) keeps the
pages, the documents' signatures and what `pdfsplice` needs of their last files, not the
faces' operators (`_on_disk`: at 6,000 cards they were 13 MB of its 16, most of what writing
it cost): a process keeps those in memory (`cardgen watch`, the documents of one build), and
a fresh process rebuilding after a one-card edit draws that card's faces and the other faces
of the pages it draws, from their Drawings (unless the edit brings a character no face
showed before: then every face of the documents it is in is drawn again, under the new
signature).

The store is one file per game and edition, read once per process while it is unchanged and
written atomically once per build, by the build process: its tasks share one store, and a
forked helper's tasks hand back what they added (`delta`, `merge`) instead of writing, so
during a build no process reads the file again (a store written meanwhile by another build
is merged on the write). It keeps only the faces of the latest build and the signatures some
document was last written with, and it is dropped whole when cardgen's code or its drawing libraries
change (`sources.toolchain`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from itertools import compress, count, filterfalse
from operator import itemgetter, ne, sub
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.pipeline.signed import (
    append_signed,
    read_journaled,
    signature_of,
    stamps,
    write_signed,
)
from cardgen.pipeline.sources import CACHE_FOLDER, toolchain
from cardgen.pipeline.warm import memo, warm

if TYPE_CHECKING:
    from cardgen.data.model import Database
    from cardgen.layout.drawing import Drawing
    from cardgen.pipeline.manifest import FileRecord
    from cardgen.render.faceops import FaceOps, PageStreams

Data = dict[str, Any]  # "code", "chars": {face key: Chars}, "ops": {signature: {face key: Kept}},
#   "docs": {document name: signature}, "pages": {document name: {page key: PageKept}},
#   "files": {document name: what pipeline.pdfsplice needs to put it together again}
# store files this process read or wrote: path -> (the stamps of the file and its journal, the
# store, what the disk holds of it (`_disk`), the signature to append to, entries appended)
_KNOWN: dict[Path, tuple[object, Data, Data, bytes | None, int]] = {}
JOURNAL_FROM = 256  # entries from which a save that changes a few appends them to the journal


def _empty() -> Data:
    return {"code": toolchain(), "chars": {}, "ops": {}, "docs": {}, "pages": {}, "files": {}}


class PdfOpsStore:
    """The kept face operators of one game and edition, for the documents of one task."""

    def __init__(self, db: Database) -> None:
        self.path = db.project / CACHE_FOLDER / f"pdf-ops-{db.game.id}-{db.edition.id}.pickle"
        self.stamp = stamps(self.path)
        self._data: Data | None = None  # read when a document first needs it
        self.disk: Data = _empty()  # what the file and its journal hold (`_disk`), once read
        self.signature: bytes | None = None  # of the file read: its journal's entries bind to it
        self.journaled = 0  # entries its journal adds
        self.added = False
        self.used: list[FaceOps] = []
        self.streams: dict[str, PageStreams] = {}  # document -> its kept pages
        self.mine: set[str] = set()  # the documents this store's tasks began (or handed back)
        self.signed: list[tuple[str, FaceOps]] = []  # each begun document's signature and ops
        self.new_chars: set[str] = set()  # face keys whose characters were worked out here
        self.filed: set[str] = set()  # documents whose file record this store's tasks set
        self.written: dict[str, tuple[int, str]] = {}  # document -> size, sha256 (keep_file)

    def prepare_fonts(self) -> None:
        """Before this store's first PDF is made: the bundled fonts registered (once per
        process; render/pdffonts.py parses them)."""
        from cardgen.render.pdf import register_fonts

        register_fonts()

    @property
    def data(self) -> Data:
        if self._data is None:
            self._data = self._read()
        return self._data

    def _read(self) -> Data:
        known = _KNOWN.get(self.path)
        if self.stamp[0] is not None and known is not None and known[0] == self.stamp:
            _, data, self.disk, self.signature, self.journaled = known
            return data
        data, self.signature, self.journaled = _load_journaled(self.path)
        self.disk = _disk(data)
        if self.stamp[0] is not None:
            _KNOWN[self.path] = (self.stamp, data, self.disk, self.signature, self.journaled)
        return data

    def begin(self, canvas: Any, document: str, faces: list[tuple[str, Drawing]]
              ) -> tuple[FaceOps, PageStreams]:
        """Prime a new document's fonts with its faces' characters (canvas: a reportlab Canvas
        nothing has been drawn on); its face operators and its kept pages."""
        from cardgen.render.faceops import FaceOps, PageStreams, doc_chars, prime

        known = self.data["chars"]
        missing = list(filterfalse(known.__contains__, map(_KEY, faces)))
        chars = _warm_chars(faces, known) if warm() else doc_chars(faces, known)
        self.new_chars.update(missing)
        self.added |= bool(missing)
        signature = prime(canvas, chars)
        self.mine.add(document)
        if self.data["docs"].get(document) != signature:
            self.data["docs"][document] = signature
            self.added = True
        ops = FaceOps(self.data["ops"].setdefault(signature, {}), chars)
        pages = self.data["pages"].get(document, {})
        streams = PageStreams(dict(pages), signature)
        self.used.append(ops)
        self.signed.append((signature, ops))
        self.streams[document] = streams
        return ops, streams

    def file_record(self, document: str) -> object:
        """What `keep_file` kept of the document's last file (pipeline.pdfsplice), or None."""
        files = self.data.get("files")
        return files.get(document) if isinstance(files, dict) else None

    def keep_file(self, document: str, record: dict[str, Any] | None) -> None:
        """Keep (or, with None, forget) what the next build needs to splice the document."""
        files = self.data.setdefault("files", {})
        self.written.pop(document, None)
        if record is None:
            files.pop(document, None)
        else:
            files[document] = record
            size, digest = record.get("size"), record.get("sha256")
            if type(size) is int and type(digest) is str:
                self.written[document] = (size, digest)
        self.filed.add(document)
        self.added = True

    def measured(self, document: str, record: FileRecord) -> FileRecord:
        """The record of a document this store's task just wrote, with the size and sha256
        its writer worked out (`keep_file`), so the file is not read again to hash it."""
        known = self.written.pop(document, None)
        if known is not None:
            record.size, record.digest = known
        return record

    def delta(self) -> Data | None:
        """What this store's tasks added since the last delta (a helper's, for the build
        process to `merge`); None when nothing was begun."""
        if not self.mine:
            return None
        data = self.data
        ops: dict[str, dict[str, Any]] = {}
        for signature, face_ops in self.signed:
            ops.setdefault(signature, {}).update(face_ops.fresh)
        pages = {}
        for document, streams in self.streams.items():
            before = data["pages"].get(document, {})
            used = [k for k in streams.known if k in streams.used]
            pages[document] = (used, {k: streams.known[k] for k in used if k not in before})
        out = {"chars": {k: data["chars"][k] for k in self.new_chars if k in data["chars"]},
               "ops": ops, "docs": {d: data["docs"][d] for d in self.mine}, "pages": pages,
               "files": {d: data.get("files", {}).get(d) for d in self.filed}}
        self.mine, self.signed, self.new_chars, self.streams, self.used = set(), [], set(), {}, []
        self.filed = set()
        self.added = False
        return out

    def merge(self, delta: Data) -> None:
        """Take in what a helper's tasks added (their `delta`), to be written by `save`."""
        data = self.data
        for key, chars in delta["chars"].items():
            data["chars"].setdefault(key, chars)
        for signature, fresh in delta["ops"].items():
            data["ops"].setdefault(signature, {}).update(fresh)
        data["docs"].update(delta["docs"])
        for document, (used, new) in delta["pages"].items():
            old = data["pages"].get(document, {})
            data["pages"][document] = {k: new[k] if k in new else old[k] for k in used
                                       if k in new or k in old}
        for document, record in delta.get("files", {}).items():
            self.keep_file(document, record)
        self.mine.update(delta["docs"])
        self.added = True

    def save(self, keep: Collection[str]) -> None:
        """Write what this task added (merged with what other tasks wrote meanwhile), keeping
        only the faces in `keep` (the build's face keys) and the signatures a document names."""
        pages = {d: _kept(streams.known, filter(streams.used.__contains__, streams.known))
                 for d, streams in self.streams.items()}
        if (not self.added and not any(ops.fresh for ops in self.used)
                and all(kept == self.data["pages"].get(d) for d, kept in pages.items())):
            return
        data = self.data
        moved = stamps(self.path) != self.stamp
        if moved:  # another task wrote since: take its entries too
            disk = _load(self.path)
            for key, chars in data["chars"].items():
                disk["chars"].setdefault(key, chars)
            for signature, ops in data["ops"].items():
                disk["ops"].setdefault(signature, {}).update(ops)
            disk["docs"].update({d: s for d, s in data["docs"].items() if d in self.mine})
            disk["pages"].update({d: p for d, p in data["pages"].items() if d in self.mine})
            files = disk.setdefault("files", {})
            for document in self.filed:
                files.pop(document, None)
                if document in data.get("files", {}):
                    files[document] = data["files"][document]
            data = disk
        live = set(data["docs"].values())
        keep = set(keep)
        data = {"code": data["code"],
                "chars": {k: v for k, v in data["chars"].items() if k in keep},
                "ops": {s: {k: v for k, v in ops.items() if k in keep}
                        for s, ops in data["ops"].items() if s in live},
                "docs": data["docs"],
                "pages": {**data["pages"], **pages},
                "files": {d: f for d, f in data.get("files", {}).items() if d in data["docs"]}}
        self._data = data
        self.added = False
        for ops_used in self.used:
            ops_used.fresh = {}
        self.streams, self.mine, self.signed, self.new_chars = {}, set(), [], set()
        self.filed = set()
        if not moved and self._journaled(data):
            return
        if write_signed(self.path, _on_disk(data)):  # else a read-only project goes without
            self._known(data, _disk(data), signature_of(self.path), 0)

    def _journaled(self, data: Data) -> bool:
        """What a save of a large store adds to what the disk holds appended to its journal,
        when that is little and the entries the disk holds that `data` does not are few."""
        if self.signature is None:
            return False
        delta, added, dropped = _changes(self.disk, data)
        total = len(data["chars"]) + sum(map(len, data["pages"].values()))
        if total < JOURNAL_FROM or added + dropped + self.journaled > total // 4:
            return False
        if added and not append_signed(self.path, self.signature, delta):
            return False
        merged = _disk(self.disk)  # what a process reading the file and its journal gets
        _apply(merged, delta)
        self._data = {**merged, "ops": data["ops"]}  # this process keeps its operators
        self._known(self._data, _disk(merged), self.signature, self.journaled + added)
        return True

    def _known(self, data: Data, disk: Data, signature: bytes | None, journaled: int) -> None:
        self.disk, self.signature, self.journaled = disk, signature, journaled
        self.stamp = stamps(self.path)
        if self.stamp[0] is not None:
            _KNOWN[self.path] = (self.stamp, data, disk, signature, journaled)


_KEY = itemgetter(0)  # a (face key, drawing) pair's face key
BLOCK = 64  # faces of a document whose characters a warm process keeps together
# while the process keeps warm (`pipeline.warm`): a block of a document's faces (their keys,
# in order) -> what shapes the words, the characters they show (`faceops.doc_chars`)
_BLOCKS: dict[tuple[str, ...], tuple[object, dict[str, str]]] = memo({})


def _warm_chars(faces: list[tuple[str, Drawing]], known: dict[str, Any]) -> Any:
    """`faceops.doc_chars(faces, known)` put together from the characters of its faces in
    blocks of BLOCK, each block's kept by its faces' keys (a face key is its content: the
    characters it shows), so a document after a one-card edit looks only at that card's
    block: a document's characters are the union of its faces'."""
    from cardgen.render.faceops import DocChars, _shaping, doc_chars

    shaping = _shaping()
    last = _LAST_CHARS.get("last")
    if last is not None and last[0] is faces and last[1] is shaping:
        return last[2]  # the very faces of the document before (writers.painted shares them)
    found: dict[str, set[str]] = {}
    for start in range(0, len(faces), BLOCK):
        block = faces[start:start + BLOCK]
        keys = tuple(map(_KEY, block))
        kept = _BLOCKS.get(keys)
        if kept is None or kept[0] is not shaping:
            if len(_BLOCKS) >= 4096:
                _BLOCKS.clear()
            kept = _BLOCKS[keys] = (shaping, dict(doc_chars(block, known)))
        for face, text in kept[1].items():
            found.setdefault(face, set()).update(text)
    out = DocChars((face, "".join(sorted(chars))) for face, chars in sorted(found.items()))
    out.covered = frozenset(map(_KEY, faces))
    _LAST_CHARS["last"] = (faces, shaping, out)
    return out


# while the process keeps warm: "last" -> the faces `_warm_chars` last worked on (a list no
# one changes: `writers.painted`'s), the shaping and their characters
_LAST_CHARS: dict[str, tuple[list[tuple[str, Drawing]], object, Any]] = memo({})


def _kept(entries: Mapping[str, Any], names: Iterable[str]) -> dict[str, Any]:
    """The entries of the given names (each one of the entries' keys), in that order."""
    names = list(names)
    return dict(zip(names, map(entries.__getitem__, names), strict=True))


def _load(path: Path) -> Data:
    """The store on the disk (with what its journal adds), only if this user's key signed it
    and this toolchain wrote it."""
    return _load_journaled(path)[0]


def _load_journaled(path: Path) -> tuple[Data, bytes | None, int]:
    """The store on the disk and its journal's additions; the signature to append to (None:
    the journal was not read whole) and the entries the journal added."""
    data, more, signature = read_journaled(path)
    if not isinstance(data, dict) or data.get("code") != toolchain():
        return _empty(), None, 0
    journaled = 0
    for delta in more:
        added = _apply(data, delta)
        if added is None:
            return data, None, journaled
        journaled += added
    return data, signature, journaled


def _on_disk(data: Data) -> Data:
    """What the file keeps of a store: all but the faces' operators, which only this process
    keeps (a rebuild draws again the few faces on the pages it draws, from their Drawings;
    every other page comes from its kept stream or from the previous file)."""
    return {**data, "ops": {}}


def _disk(data: Data) -> Data:
    """The store's parts copied down to their entries (which nothing changes in place), as
    the disk holds them (no operators, `_on_disk`): what is added in memory later is not in
    it."""
    return {"code": data["code"], "chars": dict(data["chars"]), "ops": {},
            "docs": dict(data["docs"]),
            "pages": {d: dict(pages) for d, pages in data["pages"].items()},
            "files": dict(data.get("files", {}))}


def _changes(disk: Data, data: Data) -> tuple[Data, int, int]:
    """What `data` (the store a whole write would hold) adds to `disk` (a journal entry), how
    many entries that is, and how many entries of `disk` it no longer holds."""
    delta: Data = {
        "chars": {k: v for k, v in data["chars"].items() if k not in disk["chars"]},
        "ops": {}, "pages": {},
        "docs": {d: s for d, s in data["docs"].items() if disk["docs"].get(d) != s},
        "files": {d: _patch(disk["files"].get(d), f) for d, f in data["files"].items()
                  if disk["files"].get(d) is not f},
        "gone": [d for d in disk["files"] if d not in data["files"]]}
    dropped = len(disk["chars"].keys() - data["chars"].keys())
    for part in ("pages",):  # the operators stay in memory (`_on_disk`)
        for name, entries in data[part].items():
            new = _kept(entries, filterfalse(disk[part].get(name, {}).__contains__, entries))
            if new:
                delta[part][name] = new
        for name, entries in disk[part].items():
            dropped += len(entries.keys() - data[part].get(name, {}).keys())
    added = (len(delta["chars"]) + sum(map(len, delta["ops"].values()))
             + sum(map(len, delta["pages"].values())) + len(delta["files"]) + len(delta["gone"]))
    delta["added"] = added
    return delta, added, dropped


def _apply(data: Data, delta: object) -> int | None:
    """A journal entry's additions made to a store read; how many entries it added (None
    when it is no journal entry, or a file record in it does not follow the one before; then
    nothing of it is taken)."""
    parts = ("chars", "ops", "pages", "docs", "files")
    if (not isinstance(delta, dict) or not all(isinstance(delta.get(p), dict) for p in parts)
            or not isinstance(delta.get("gone"), list) or type(delta.get("added")) is not int):
        return None
    files = data.setdefault("files", {})
    records = {d: _patched(files.get(d), r) for d, r in delta["files"].items()}
    if any(r is None for r in records.values()):
        return None
    data["chars"].update(delta["chars"])
    for signature, ops in delta["ops"].items():
        data["ops"].setdefault(signature, {}).update(ops)
    for document, pages in delta["pages"].items():
        data["pages"].setdefault(document, {}).update(pages)
    data["docs"].update(delta["docs"])
    for document in delta["gone"]:
        files.pop(document, None)
    files.update(records)
    added: int = delta["added"]
    return added


PATCH = "patch"  # a journal's file record given as what changed in the one before
Shifts = tuple[int, list[tuple[int, int]]]  # a list's length, (from index, added) runs


def _patch(old: object, new: Any) -> Any:
    """A file record as a journal entry writes it: after a splice, only the pages that changed
    from the record the disk holds and its objects' offsets as the runs they moved by (every
    other part whole), so the entries a series of one-card edits appends stay small whatever
    the file's size; else the record itself."""
    if not isinstance(old, dict) or not isinstance(new, dict):
        return new
    pages, before = new.get("pages"), old.get("pages")
    if not isinstance(pages, list) or not isinstance(before, list) or len(pages) != len(before):
        return new
    at = list(compress(count(), map(ne, pages, before)))
    if len(at) * 4 > len(pages):
        return new
    changed = {n: pages[n] for n in at}
    shifts = _shifts(old.get("offsets"), new.get("offsets"))
    rest = {k: v for k, v in new.items() if k != "pages" and (shifts is None or k != "offsets")}
    return (PATCH, rest, changed, len(pages), shifts)


def _shifts(old: object, new: object) -> Shifts | None:
    """Offsets as the runs by which they moved from the old ones: (length, [(from index,
    added)...]); None when they are not two lists of integers of one length or move in
    many runs."""
    if (type(old) is not list or type(new) is not list or len(old) != len(new)
            or not set(map(type, new)) <= {int} or not set(map(type, old)) <= {int}):
        return None
    by = list(map(sub, new, old))
    runs = [(n, by[n]) for n in compress(count(), map(ne, by, [0, *by[:-1]]))]
    return (len(new), runs) if len(runs) * 4 <= len(new) else None


def _shifted(old: object, shifts: object) -> list[int] | None:
    """`_shifts` undone on the old offsets (None: they are not the list it was made from)."""
    if not (type(shifts) is tuple and len(shifts) == 2 and type(shifts[1]) is list):
        return None
    length, runs = shifts
    if (type(old) is not list or len(old) != length
            or not all(type(r) is tuple and len(r) == 2 and type(r[0]) is int
                       and type(r[1]) is int and 0 <= r[0] < length for r in runs)):
        return None
    out, by, at = list(old), 0, 0
    for start, moved in [*runs, (length, 0)]:
        if start < at:
            return None
        if by:
            for n in range(at, start):
                out[n] += by
        at, by = start, moved
    return out


def _patched(old: object, record: object) -> object:
    """A journal's file record made whole on the record before it (None: it does not follow
    that record, so the journal is not read on)."""
    if not (type(record) is tuple and len(record) == 5 and record[0] == PATCH):
        return record
    _, rest, changed, count, shifts = record
    before = old.get("pages") if isinstance(old, dict) else None
    if (not isinstance(before, list) or len(before) != count or not isinstance(rest, dict)
            or not isinstance(changed, dict)
            or not all(type(n) is int and 0 <= n < count for n in changed)):
        return None
    pages = list(before)
    for n, page in changed.items():
        pages[n] = page
    if shifts is None:
        return {**rest, "pages": pages}
    offsets = _shifted(old.get("offsets") if isinstance(old, dict) else None, shifts)
    if offsets is None:
        return None
    return {**rest, "pages": pages, "offsets": offsets}
