"""Build records -> manifest.json: every file, what it holds, and the counts (reproducible).

Keys are sorted and nothing depends on time, so two builds of the same database in the same
environment write the same manifest. A reusable file (SVG, preview) also records `source`, the
content key it was made from, so the next build can reuse it (cardgen.pipeline.output.Previous).
"""

from __future__ import annotations

import hashlib
from dataclasses import field
from itertools import accumulate, compress, count, repeat
from operator import and_, attrgetter, is_, is_not, not_
from pathlib import Path
from typing import Any

from cardgen.data.model import Component, Database
from cardgen.pipeline import warm
from cardgen.pipeline.jsontext import (
    _PLAIN,
    _copies,
    _entry_text,
    _Other,
    _scalar,
    _text,
    _with_files,
    manifest_text,
)
from cardgen.records import record


@record
class FileRecord:
    """One written file: its path inside the output folder and what it holds."""

    path: str  # relative, with forward slashes
    holds: str  # home-print | rules | rules-booklet | print-shop | svg | preview | contact-sheet
    kinds: list[str] = field(default_factory=list)
    pages: int = 0
    faces: int = 0
    copies: dict[str, dict[str, int]] = field(default_factory=dict)  # id -> side -> copies
    paper: str | None = None
    source: str | None = None  # content key of what the file was made from (reusable files)
    page_sides: list[str] | None = None  # home print: front | back | single | blank per page
    duplex: bool | None = None  # home print: print the whole file duplex (long-edge flip)
    flip: str | None = None  # a duplex file flipped on the "short" edge (a booklet)
    size: int | None = None  # bytes and sha256, once measured (by the task that wrote the file)
    digest: str | None = None
    # the manifest entry as encoded by the task (`encode`), and the entry it encodes
    encoded: tuple[dict[str, Any], str] | None = field(default=None, repr=False, compare=False)
    # while a warm process's manifest keeps this record's line (`files_body`): that
    # manifest's token; set back to None by setting any field (a class attribute, no field)
    _sealed = None

    def __setattr__(self, name: str, value: Any) -> None:
        object.__setattr__(self, name, value)
        if self._sealed is not None:
            object.__setattr__(self, "_sealed", None)

    def encode(self, root: Path) -> FileRecord:
        """Encode the record's manifest entry now (a task does, beside the other tasks), so
        writing the manifest only puts the entries together (`write_manifest`). While the
        process keeps warm (`pipeline.warm`), a plain record's entry and text are kept by what
        they hold (`_plain_key`): a rebuild's thousands of files linked from the previous
        output are not encoded again; a record encoded already is as it was encoded
        (`write_manifest` encodes again whatever changed since)."""
        if self.encoded is not None:
            return self
        key = self._plain_key() if warm.warm() else None
        if key is not None:
            kept = _ENTRIES.get(key)
            if kept is None:
                if len(_ENTRIES) >= MAX_ENTRIES:
                    _ENTRIES.clear()
                entry = self._fields()
                kept = _ENTRIES[key] = (entry, self._text() or _entry_text(entry))
            self.encoded = kept
            return self
        entry = self.as_json(root)
        self.encoded = (entry, self._text() or _entry_text(entry))
        return self

    def _plain_key(self) -> tuple[object, ...] | None:
        """What a measured record's entry holds when it holds nothing but what every record
        holds and a source (an SVG, a preview, a contact sheet; `_plain_text`); else None."""
        source, kinds, size, digest = self.source, self.kinds, self.size, self.digest
        if (self.copies or self.duplex is not None or self.flip is not None or self.paper
                or self.page_sides is not None or type(source) is not str or not source
                or type(size) is not int or type(digest) is not str or type(kinds) is not list
                or type(self.holds) is not str or type(self.pages) is not int
                or type(self.faces) is not int or not all(type(k) is str for k in kinds)):
            return None
        return (self.holds, tuple(kinds), self.pages, self.faces, size, digest, source)

    def _text(self) -> str | None:
        """The entry's text as `_entry_text(self.as_json(root))` gives it, written field by
        field (no dictionary walked); None for a record holding values of other types."""
        size, pages, faces = self.size, self.pages, self.faces
        if (type(size) is not int or type(pages) is not int or type(faces) is not int
                or type(self.digest) is not str or type(self.holds) is not str):
            return None
        try:
            plain = self._plain_text(size, pages, faces, self.digest)
            if plain is not None:
                return plain
            at = "      "  # a key's indentation inside "files"
            parts = [f'{at}"bytes": {size}']
            if self.copies:
                parts.append(f'{at}"copies": {_copies(self.copies, at)}')
            if self.duplex is not None:
                parts.append(f'{at}"duplex": {_text(self.duplex, at)}')
            parts.append(f'{at}"faces": {faces}')
            if self.flip is not None:
                parts.append(f'{at}"flip": {_text(self.flip, at)}')
            parts.append(f'{at}"holds": {_scalar(self.holds)}')
            parts.append(f'{at}"kinds": {_text(sorted(self.kinds), at)}')
            if self.page_sides is not None:
                parts.append(f'{at}"page_sides": {_text(self.page_sides, at)}')
            parts.append(f'{at}"pages": {pages}')
            if self.paper:
                parts.append(f'{at}"paper": {_text(self.paper, at)}')
            parts.append(f'{at}"sha256": {_scalar(self.digest)}')
            if self.source:
                parts.append(f'{at}"source": {_text(self.source, at)}')
        except _Other:
            return None
        return "{\n" + ",\n".join(parts) + "\n    }"

    def _plain_text(self, size: int, pages: int, faces: int, digest: str) -> str | None:
        """`_text` of a record with a source and nothing else but what every record holds
        (an SVG, a preview, a contact sheet: most of a rebuild's, linked from the previous
        output): its lines from "faces" to "pages" written once per holds, kinds, pages and
        faces; None for any other record."""
        source, kinds = self.source, self.kinds
        if (self.copies or self.duplex is not None or self.flip is not None or self.paper
                or self.page_sides is not None or type(source) is not str or not source
                or type(kinds) is not list or not all(type(k) is str for k in kinds)):
            return None
        shape = (self.holds, *kinds, pages, faces)
        middle = _MIDDLES.get(shape)
        if middle is None:
            at = "      "
            middle = (f'{at}"faces": {faces},\n{at}"holds": {_scalar(self.holds)},\n'
                      f'{at}"kinds": {_text(sorted(kinds), at)},\n{at}"pages": {pages}')
            if len(_MIDDLES) >= 256:
                _MIDDLES.clear()
            _MIDDLES[shape] = middle
        return (f'{{\n      "bytes": {size},\n{middle},\n      "sha256": '
                f'{_scalar(digest)},\n      "source": {_scalar(source)}\n    }}')

    def measure(self, root: Path) -> FileRecord:
        """Note the file's size and sha256 (a build's workers do this as they write)."""
        self.size = (root / self.path).stat().st_size
        self.digest = sha256(root / self.path)
        return self

    def as_json(self, root: Path) -> dict[str, Any]:
        if self.size is None or self.digest is None:
            self.measure(root)
        return self._fields()

    def _fields(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "holds": self.holds,
            "kinds": sorted(self.kinds),
            "pages": self.pages,
            "faces": self.faces,
            "bytes": self.size,
            "sha256": self.digest,
        }
        if self.copies:
            data["copies"] = self.copies
        if self.paper:
            data["paper"] = self.paper
        if self.source:
            data["source"] = self.source
        if self.page_sides is not None:
            data["page_sides"] = self.page_sides
        if self.duplex is not None:
            data["duplex"] = self.duplex
        if self.flip is not None:
            data["flip"] = self.flip
        return data


_MIDDLES: dict[tuple[object, ...], str] = {}  # FileRecord._plain_text's, by what they hold
# while the process keeps warm: a plain record's `_plain_key` -> its entry and the entry's text
_ENTRIES: dict[tuple[object, ...], tuple[dict[str, Any], str]] = warm.memo({})
MAX_ENTRIES = 1 << 16


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 16), b""):
            digest.update(block)
    return digest.hexdigest()


def manifest(db: Database, root: Path, records: list[FileRecord], options: dict[str, Any],
             components: list[str]) -> dict[str, Any]:
    """The manifest as a JSON-ready dict."""
    return {**manifest_head(db, records, options, components),
            "files": {r.path: r.as_json(root) for r in records}}


def manifest_head(db: Database, records: list[FileRecord], options: dict[str, Any],
                  components: list[str]) -> dict[str, Any]:
    """The manifest as a JSON-ready dict but its "files" (`write_manifest` writes them from
    the records)."""
    by_id = db.by_id()
    chosen = [by_id[c] for c in components]
    return {
        "game": db.game.id,
        "edition": db.edition.id,
        "title": f"{db.game.name} {db.edition.id}",
        "options": options,
        "components": {
            c.id: {"kind": c.kind, "name": c.name, "count": c.count, "status": c.status}
            for c in chosen
        },
        "counts": {
            "components": len(chosen),
            "copies": sum(c.count for c in chosen),
            "files": len(records),
            "pages": {r.path: r.pages for r in records if r.pages},
        },
    }


def write_manifest(path: Path, data: dict[str, Any],
                   records: list[FileRecord] | None = None, root: Path | None = None) -> None:
    """manifest.json, as json.dumps(data, indent=2, sort_keys=True) writes it; the entries of
    `records` that were encoded already (FileRecord.encode, and still the same) are not
    encoded again. Given `root` (the folder the records' files are in) and data without its
    "files", the records' entries are its "files" (`records_text`)."""
    if root is not None and records is not None and "files" not in data:
        text = _with_files(data, records_text(records, root))
    else:
        text = manifest_text(data, records)
    path.write_text(text + "\n", encoding="utf-8")


def write_build_manifest(path: Path, db: Database, records: list[FileRecord],
                         options: dict[str, Any], components: list[str], root: Path) -> None:
    """manifest.json of a build, as write_manifest(path, manifest_head(db, records, options,
    components), records, root) writes it: its "files" from the records (`files_body`), its
    components' table written again only when they changed (`_components_text`)."""
    body = files_body(records, root)
    by_id = db.by_id()
    chosen = [by_id[c] for c in components]
    try:
        before, after = _around_files(db, records, options, chosen)
    except _Other:
        text = _with_files(manifest_head(db, records, options, components), body.decode())
        before, body, after = text, b"", ""
    with path.open("wb") as out:  # as write_text writes the text
        out.write(before.encode("utf-8"))
        out.write(body)
        out.write(after.encode("utf-8") + b"\n")


def _around_files(db: Database, records: list[FileRecord], options: dict[str, Any],
                  chosen: list[Component]) -> tuple[str, str]:
    """The manifest's text before and after its "files", as `_dumped` writes manifest_head's
    (`_Other` for a value it leaves to json)."""
    counts = {
        "components": len(chosen),
        "copies": sum(c.count for c in chosen),
        "files": len(records),
        "pages": {r.path: r.pages for r in records if r.pages},
    }
    before = {  # the keys before "files" and after, each in order
        "components": _components_text(chosen),
        "counts": _text(counts, "  "),
        "edition": _text(db.edition.id, "  "),
    }
    after = {
        "game": _text(db.game.id, "  "),
        "options": _text(options, "  "),
        "title": _scalar(f"{db.game.name} {db.edition.id}"),
    }
    return ("{\n" + "".join(f'  "{key}": {text},\n' for key, text in before.items())
            + '  "files": ',
            "".join(f',\n  "{key}": {text}' for key, text in after.items()) + "\n}")


def _components_text(chosen: list[Component]) -> str:
    """`_text` of the manifest's components (id -> kind, name, count, status) at their depth;
    while the process keeps warm, the last build's again when each component is the very one
    it had at its place (a warm load hands a component out again only unchanged:
    data.components.kept_components) or one of a row equal to that one's, every value a text
    or an integer (no text equals an integer; 1 and True are written apart): a rebuild after
    a card's text is edited mostly writes the same table."""
    last = _COMPONENTS[0] if _COMPONENTS else None
    if last is not None and len(last[0]) == len(chosen):
        others = list(compress(count(), map(is_not, chosen, last[0])))
        rows = [_ROW(chosen[i]) for i in others]
        if all(_plain_row(row) and row == last[1][i] for i, row in zip(others, rows, strict=True)):
            for i, row in zip(others, rows, strict=True):
                last[0][i], last[1][i] = chosen[i], row
            return last[2]
    rows = list(map(_ROW, chosen))
    text = _text({c.id: {"kind": c.kind, "name": c.name, "count": c.count, "status": c.status}
                  for c in chosen}, "  ")
    if warm.warm() and all(map(_plain_row, rows)):
        _COMPONENTS[:] = [(list(chosen), rows, text)]
    return text


def _plain_row(row: tuple[object, ...]) -> bool:
    return set(map(type, row)) <= _PLAIN


# what a row of the manifest's components is written from, and while the process keeps warm
# the last components written, their rows and their text (`_components_text`)
_ROW = attrgetter("id", "kind", "name", "count", "status")
_COMPONENTS: list[tuple[list[Component], list[tuple[object, ...]], str]] = warm.memo([])


def records_text(records: list[FileRecord], root: Path) -> str:
    """The manifest's "files" written from the records (the last of a path wins; each one
    measured), as `manifest_text` writes {r.path: r.as_json(root)} (`files_body`)."""
    return files_body(records, root).decode("utf-8")


def files_body(records: list[FileRecord], root: Path) -> bytes:
    """`records_text`, encoded. While the process keeps warm, the last build's text with the
    lines of the records that are not the very ones it had at their place in the list, or
    had a field set since, written again (`_changed`): a rebuild's records of unchanged files
    are (`writers._svg_record`). A field is set anew, as `export.simulate` does, never changed
    in place once a record is written."""
    if not warm.warm():
        _measured(records, root)
        return _files_text(_lines(records)[1]).encode("utf-8")
    last = _WRITTEN[0] if _WRITTEN else None
    written = _changed(last, records, root) if last is not None else None
    if written is None:
        _measured(records, root)
        written = _written(records)
    _WRITTEN[:] = [written]
    return written.body


def _measured(records: list[FileRecord], root: Path) -> None:
    for r in records:
        if r.size is None or r.digest is None:
            r.measure(root)


def _files_text(lines: list[str]) -> str:
    return "{\n" + ",\n".join(lines) + "\n  }" if lines else "{}"


class _Written:
    """A warm process's last manifest "files": the list of records it was written from and a
    copy of it, kept up to date (`token`: what its records are sealed with), each record's
    path and where its line is (-1 for a record a later one of its path stands in for); the
    lines sorted by path, by line what `output.Previous` takes of a file (`_reusable`), the
    text encoded and where each line starts in it."""

    def __init__(self, given: list[FileRecord], token: object, records: list[FileRecord],
                 paths: list[str], at: list[int], lines: list[str],
                 files: list[tuple[object, object]], digests: list[tuple[object, object]],
                 body: bytes, starts: list[int]):
        self.given, self.token, self.records, self.paths, self.at = given, token, records, paths, at
        self.lines, self.files, self.digests, self.body, self.starts = (
            lines, files, digests, body, starts)


def _written(records: list[FileRecord]) -> _Written:
    """The "files" of measured records, written anew, each record sealed with a new token."""
    at, lines, files, digests = _lines(records)
    encoded = [line.encode("utf-8") for line in lines]
    body = b"{\n" + b",\n".join(encoded) + b"\n  }" if encoded else b"{}"
    starts = list(accumulate([len(line) + 2 for line in encoded[:-1]], initial=2))
    token = object()
    for r in records:
        object.__setattr__(r, "_sealed", token)
    return _Written(records, token, list(records), [r.path for r in records], at, lines,
                    files, digests, body, starts if encoded else [])


def _lines(records: list[FileRecord]) -> tuple[list[int], list[str], list[tuple[object, object]],
                                               list[tuple[object, object]]]:
    """For each record the index of its line (-1 for a record a later one of its path stands
    in for); the lines of "files", sorted by path; by line, `_reusable`'s pairs."""
    latest = {r.path: i for i, r in enumerate(records)}
    at = [-1] * len(records)
    lines, files, digests = [], [], []
    for place, name in enumerate(sorted(latest)):
        r = records[latest[name]]
        at[latest[name]] = place
        lines.append(_line(r))
        file, digest = _reusable(r)
        files.append(file)
        digests.append(digest)
    return at, lines, files, digests


def _changed(last: _Written, records: list[FileRecord], root: Path) -> _Written | None:
    """The last build's "files" with the lines of the records that changed (`files_body`)
    written again (each measured, then sealed); None when a record's path is not the one at
    its place last time (or there are more or fewer of them)."""
    kept = last.records
    if len(kept) != len(records):
        return None
    changed = list(compress(count(), map(not_, map(and_, map(is_, records, kept), map(
        is_, map(_SEALED, records), repeat(last.token))))))
    for i in changed:
        if records[i].path != last.paths[i]:
            return None
    _measured([records[i] for i in changed], root)
    places = sorted({last.at[i] for i in changed if last.at[i] >= 0})
    lines = {last.at[i]: _line(records[i]) for i in changed if last.at[i] >= 0}
    body, starts = _spliced(last, places, [lines[p] for p in places])
    for i in changed:  # nothing fails from here on: `last` becomes this build's
        kept[i] = r = records[i]
        place = last.at[i]
        if place >= 0:
            last.lines[place] = lines[place]
            last.files[place], last.digests[place] = _reusable(r)
        object.__setattr__(r, "_sealed", last.token)
    last.given, last.body, last.starts = records, body, starts
    return last


def _spliced(last: _Written, places: list[int], lines: list[str]) -> tuple[bytes, list[int]]:
    """The last build's encoded "files" with the lines at `places` (in order) replaced by
    `lines`, and where each line then starts."""
    if not places:
        return last.body, last.starts
    pieces: list[bytes | memoryview] = []
    view, start, starts, shift = memoryview(last.body), 0, last.starts, 0
    moved = []
    for place, line in zip(places, lines, strict=True):
        at = starts[place]
        was = len(last.lines[place].encode("utf-8"))
        now = line.encode("utf-8")
        pieces += (view[start:at], now)
        start = at + was
        shift += len(now) - was
        moved.append((place, shift))
    pieces.append(view[start:])
    if any(moved_by for _, moved_by in moved):  # the lines after each place, moved so far
        starts = starts.copy()
        ends = [place for place, _ in moved[1:]] + [len(starts) - 1]
        for (place, moved_by), end in zip(moved, ends, strict=True):
            if moved_by:
                starts[place + 1:end + 1] = [at + moved_by for at in starts[place + 1:end + 1]]
    return b"".join(pieces), starts


_SKIP = object()  # the key of a line that gives `output.Previous` nothing (`_reusable`)


def _reusable(r: FileRecord) -> tuple[tuple[object, object], tuple[object, object]]:
    """What `output.Previous` takes of a record's file, as pairs for a dict: its source ->
    (path, bytes), and its source -> its sha256 (`_SKIP` -> None for neither or no sha256)."""
    source, size, digest = r.source, r.size, r.digest
    if not source or not isinstance(source, str) or type(size) is not int:
        return (_SKIP, None), (_SKIP, None)
    return (source, (r.path, size)), ((source, digest) if isinstance(digest, str)
                                      else (_SKIP, None))


def reusable_files(records: list[FileRecord]
                   ) -> tuple[dict[str, tuple[str, int]], dict[str, str]] | None:
    """What `output.Previous` reads from the manifest `files_body` just wrote from these very
    records (the same list, as long): each reusable file's source -> its path and bytes, and
    -> its sha256 (the last in the manifest's order wins); None for any other records."""
    last = _WRITTEN[0] if _WRITTEN else None
    if last is None or last.given is not records or len(last.records) != len(records):
        return None
    files: dict[Any, Any] = dict(last.files)
    digests: dict[Any, Any] = dict(last.digests)
    files.pop(_SKIP, None)
    digests.pop(_SKIP, None)
    return files, digests


def _line(r: FileRecord) -> str:
    """A record's line in the manifest's "files": its encoded entry while still the same."""
    entry = r._fields()
    known = r.encoded
    text = known[1] if known is not None and known[0] == entry else _entry_text(entry)
    return f"    {_scalar(r.path)}: {text}"


# a record's `_sealed`
_SEALED = attrgetter("_sealed")
# while the process keeps warm: the last build's manifest "files" (`files_body`)
_WRITTEN: list[_Written] = warm.memo([])
