"""While warm: each SVG task's faces as the last build of its folder left them, so a rebuild
takes the SVGs of unchanged faces in bulk instead of face by face (`writers.write_svg_files`).

A chunk (the faces one task writes) is kept by toolchain, temporary folder and first face,
with, for each face, what its SVG was made from (kind, drawing name, face key), its file name,
content key and target, and what the build found of it: the file it linked at that name (its
key and inode, `there`: what the next spare holds there, as `output.Previous._there` finds
it), the previous output's entry for its key and that entry's sha256, and the record made
(with its values, as `manifest` compares records). The next build finds the same lists again
and compares them with `map` (no Python loop over unchanged faces): a face whose every value
is the same would go through `_there` and `_svg_record` to the very same effect and record,
so it is taken in a run of such faces (`Previous.take_present`); any other face is written or
linked as ever, in order. Only a face linked at its name whose record is exactly what
`_svg_record` makes of it is ever taken so (`_MISS` marks the others).
"""

from __future__ import annotations

from itertools import compress, count
from operator import attrgetter, itemgetter, ne
from typing import TYPE_CHECKING, Any

from cardgen.pipeline import warm

if TYPE_CHECKING:
    from cardgen.pipeline.faces import FaceKey
    from cardgen.pipeline.manifest import FileRecord
    from cardgen.pipeline.output import Previous

_MISS = object()  # a face not found in the spare as `_there` takes one: equal to nothing found
# a record's fields and encoding, as `manifest` compares them (set anew, never changed in place)
VALUES = attrgetter("path", "holds", "kinds", "pages", "faces", "copies", "paper", "source",
                    "page_sides", "duplex", "flip", "size", "digest", "encoded")
_ID, _NAME = itemgetter(0), attrgetter("name")


class Chunk:
    """One SVG task's faces, what each SVG was made from, and what its build found of each."""

    __slots__ = ("faces", "made", "names", "sources", "targets", "there", "found", "digests",
                 "measured", "records", "values")

    def __init__(self, faces: list[FaceKey], made: list[list[Any]]) -> None:
        self.faces = faces
        self.made = made  # [kinds, drawing names, face keys], one entry per face each
        n = len(faces)
        self.names: list[str] = [""] * n  # the SVG's path in the output
        self.sources: list[str] = [""] * n  # its content key
        self.targets: list[str] = [""] * n  # where it is written
        self.there: list[Any] = [_MISS] * n  # (key, inode) of the file linked at its name
        self.found: list[Any] = [_MISS] * n  # the previous output's (path, bytes) of its key
        self.digests: list[Any] = [_MISS] * n  # and that file's sha256
        self.measured: list[Any] = [None] * n  # (bytes, sha256) `_there` gives `reused`
        self.records: list[Any] = [None] * n
        self.values: list[Any] = [_MISS] * n

    def take(self, start: int, end: int, previous: Previous, records: list[FileRecord]) -> None:
        """Faces start..end-1 (each found in `changed` as its build found it) taken as
        `Previous.reuse` and `writers._svg_record` would take each: their records onto
        `records`."""
        if start < end:
            previous.take_present(self.names[start:end], self.there[start:end],
                                  self.targets[start:end], self.measured[start:end])
            records += self.records[start:end]


def svg_files(files: Any, chosen: list[FaceKey], kinds: dict[str, str]) -> list[FileRecord]:
    """`writers.write_svg_files` in a warm process (`files`: its `_SvgFiles`): a face the
    chunk kept (`changed`) is taken as it was, in runs between the faces made again, in
    order."""
    code, folder, previous = files.src.code, files.folder, files.previous
    made = inputs(files.faces, chosen, kinds)
    chunk = taken(code, folder, chosen, previous)
    if chunk is None:
        redo: list[int] | range = range(len(chosen))
        chunk = Chunk(chosen, made)
    else:
        redo, chunk.made = changed(chunk, made, previous), made
    records: list[FileRecord] = []
    start = 0
    for i in redo:
        chunk.take(start, i, previous, records)
        face, kind, key = chosen[i], made[0][i], made[2][i]
        name, source = files.named(face, kind, made[1][i], key)
        record = files.record(face, kind, key, name, source)
        note(chunk, i, name, source, f"{folder}/{name}", record, previous)
        records.append(record)
        start = i + 1
    chunk.take(start, len(chosen), previous, records)
    keep(code, folder, chunk)
    return records


def inputs(faces: Any, chosen: list[FaceKey], kinds: dict[str, str]) -> list[list[Any]]:
    """What each chosen face's SVG is made from: its kind, its drawing's name, its face key
    (`Faces.key`, worked out for a face that has none yet)."""
    keys = list(map(faces.keys.get, chosen))
    if None in keys:
        keys = list(map(faces.key, chosen))
    return [list(map(kinds.__getitem__, map(_ID, chosen))),
            list(map(_NAME, map(faces.drawings.__getitem__, chosen))), keys]


def taken(code: str, folder: str, chosen: list[FaceKey], previous: Previous) -> Chunk | None:
    """The chunk the last build of `folder` kept for the same faces, or None; it is kept no
    more (`keep` it again once every face is written: a build that fails halfway leaves
    none half updated)."""
    if not chosen or previous.tmp != folder + "/":
        return None
    chunk = _CHUNKS.pop((code, folder, chosen[0]), None)
    return chunk if chunk is not None and chunk.faces == chosen else None


def changed(chunk: Chunk, made: list[list[Any]], previous: Previous) -> list[int]:
    """The indices of the faces not to be taken as the chunk has them: made from other
    values, or not found as its build found them (in the spare, the previous output)."""
    found: list[list[Any]] = [
        list(map(previous.present.get, chunk.names)), list(map(previous.files.get, chunk.sources)),
        list(map(previous.digests.get, chunk.sources)), list(map(VALUES, chunk.records))]
    kept = [*chunk.made, chunk.there, chunk.found, chunk.digests, chunk.values]
    out: set[int] = set()
    for now, then in zip([*made, *found], kept, strict=True):
        if now != then:
            out.update(compress(count(), map(ne, now, then)))
    return sorted(out)


def keep(code: str, folder: str, chunk: Chunk) -> None:
    if len(_CHUNKS) >= 1 << 12:
        _CHUNKS.clear()
    _CHUNKS[(code, folder, chunk.faces[0])] = chunk


def note(chunk: Chunk, i: int, name: str, source: str, target: str, record: FileRecord,
         previous: Previous) -> None:
    """Face i's file as its build made it, and, when the build linked it at its name (from
    the spare or the previous output) and its record is the one `_svg_record` makes of it,
    what the next build is to find again to take it in bulk."""
    chunk.names[i], chunk.sources[i], chunk.targets[i], chunk.records[i] = (
        name, source, target, record)
    found = previous.files.get(source)
    digest = previous.digests.get(source)
    there = previous.linked.get(name)
    kind = chunk.made[0][i]
    ok = (found is not None and found[0] == name and type(digest) is str
          and there is not None and there[0] == source and record.encoded is not None
          and VALUES(record)[:-1] == (name, "svg", [kind], 0, 1, {}, None, source, None,
                                      None, None, found[1], digest))
    chunk.there[i] = there if ok else _MISS
    chunk.found[i], chunk.digests[i] = (found, digest) if ok else (_MISS, _MISS)
    chunk.measured[i] = (found[1], digest) if ok else None  # type: ignore[index]
    chunk.values[i] = VALUES(record) if ok else _MISS


# while the process keeps warm: (toolchain, temporary folder, first face) -> its chunk
_CHUNKS: dict[tuple[str, str, Any], Chunk] = warm.memo({})
