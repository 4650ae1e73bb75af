"""A print-shop PDF put together from the previous build's file when only a few pages changed.

A print-shop file is one page per face. After a one-card edit its pages are those of the
previous file but the edited card's, and so is everything else in it (the fonts, their
codes, the forms of repeated faces, the metadata), so the bytes a clean build writes are the
previous file's with that page's content stream replaced and the cross-reference table
counted again. When a print-shop file is written whole, the store (`pdfops.PdfOpsStore`) keeps
what that takes (`record`): the file's size and sha256, each object's offset, and per page
what it is made of (the key its kept stream is found by), its size and its content stream's
object number when the page names nothing but the document's fonts (`plain`).

The next build (`splice`) primes a scratch canvas as the document would be (the same fonts,
characters and codes: the same signature and font state), works out each page's key and draws
only the pages whose key changed, onto the scratch canvas. The file is put together only when
every changed page is plain in both files and drawing it gave no code, made no object and
asked no later PDF version, the page count and the document's frame are equal, and the
previous file is exactly the one recorded (its sha256); anything else, or any doubt (a
missing, altered or foreign file or record), writes the file whole. Tests hold the result to
a clean build's bytes.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
from collections.abc import Callable, Sequence
from itertools import compress, count
from operator import itemgetter, ne
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen import records
from cardgen.pipeline import warm

if TYPE_CHECKING:
    from cardgen.render.faceops import PageStreams

Canvas = Any  # a reportlab Canvas (reportlab is imported under cardgen.render only)

MAX_CHANGED = 32  # pages drawn afresh above which the file is written whole
spliced = 0  # files this process put together from a previous one (what tests count)
_TAIL = re.compile(rb"startxref\n(\d+)\n%%EOF\n\Z")
Record = dict[str, Any]


@records.record
class Frame:
    """What a document is once its fonts are primed, before any page."""

    title: str
    subject: str
    extra: object  # what else the document's pages share (the print shop's bleed)
    signature: str
    state: tuple[str, object, int]  # render.pages.doc_state

    def key(self) -> tuple[Any, ...]:
        return (self.title, self.subject, self.extra, self.signature, self.state)


def frame_of(canvas: Canvas, streams: PageStreams, title: str, subject: str, extra: object
             ) -> Frame:
    from cardgen.render.pages import doc_state

    return Frame(title, subject, extra, streams.signature, doc_state(canvas, streams))


def _plain(page: Any) -> bool:
    """A page naming only the document's fonts: no form, image, state, shading or colour
    (every page of a canvas lists the image procedures: reportlab's default)."""
    from cardgen.render.pdfsave import FastPage, PageStream

    return (type(page) is FastPage and type(page.Contents) is PageStream and page._usual()
            and not page.XObjects and page.hasImages == 1)  # reportlab's default ProcSet


def record(canvas: Canvas, frame: Frame, keys: Sequence[str], sizes: Sequence[object],
           states: list[tuple[str, object, int]], path: Path) -> Record | None:
    """What the next build needs to put this file together again (None: it cannot). A page
    may be replaced when it is plain and changed nothing of the document (`states`: the
    document's state before each page and after the last)."""
    from cardgen.render.pdfsave import FastDocument

    doc = canvas._doc
    if (type(doc) is not FastDocument or len(keys) != len(sizes)
            or len(states) != len(sizes) + 1 or len(doc.Pages.pages) != len(sizes)):
        return None
    numbers, offsets = doc.idToObjectNumberAndVersion, doc.idToOffset
    by_number = [0] * len(numbers)
    for oid, (number, generation) in numbers.items():
        if generation != 0 or not 1 <= number <= len(numbers):
            return None
        by_number[number - 1] = offsets[oid]
    number_of = {id(obj): numbers[oid][0] for oid, obj in doc.idToObject.items()}
    table: dict[tuple[str, object], int] = {}  # (font state, version) -> its index
    pages = []
    for n, (page, key, size) in enumerate(zip(doc.Pages.pages, keys, sizes, strict=True)):
        before = states[n]
        alone = _plain(page) and _alone(before, states[n + 1])
        pages.append((key, size,
                      number_of.get(id(page.Contents), 0) if alone else 0,
                      table.setdefault(before[:2], len(table))))
    try:
        data = path.read_bytes()
    except OSError:
        return None
    tail = _TAIL.search(data, max(0, len(data) - 64))  # in its last bytes
    if tail is None:
        return None
    digest = sha256_of(data)
    remember(path, data, digest)
    states_used = list(table)
    if warm.warm():  # the next splice of this file finds its pages' stream keys (`_used`)
        _keep_used(digest, pages, states_used, [_stream_key(p, states_used) for p in pages])
    return {"frame": frame.key(), "pages": pages, "states": states_used, "offsets": by_number,
            "xref": int(tail.group(1)), "size": len(data), "sha256": digest}


def _keep_used(digest: str, pages: list[Any], states: list[Any], used: list[str]) -> None:
    if len(_LAST_USED) >= 64:
        _LAST_USED.clear()
    _LAST_USED[digest] = (pages, states, used)


# while the process keeps warm: (page key, font state) -> the key its stream is kept by
_USED: dict[tuple[str, str], str] = warm.memo({})
# while the process keeps warm: a spliced file's sha256 -> its pages and font states (as its
# record holds them) and each page's kept stream key (`_used`)
_LAST_USED: dict[str, tuple[list[Any], list[Any], list[str]]] = warm.memo({})
# the PDFs this process wrote while keeping warm (`pipeline.warm`): identity -> sha256, bytes
_WRITTEN: dict[tuple[int, ...], tuple[str, bytes]] = warm.memo({})


def sha256_of(data: bytes, same: int = 0, before: object = None) -> str:
    """hashlib.sha256(data).hexdigest(). While the process keeps warm, the hash's state is
    kept every STEP bytes by the digest, and the hash of a file whose first `same` bytes are
    those of the file of sha256 `before` (a spliced file: what comes before its first
    changed page is the previous file's) goes on from the last state kept within them."""
    if not warm.warm():
        return hashlib.sha256(data).hexdigest()
    kept = _STATES.get(before) if isinstance(before, str) else None
    n = min(same // STEP, len(kept) - 1) if kept else 0
    states = kept[:n + 1] if kept else [hashlib.sha256()]
    digest, at, view = states[-1].copy(), n * STEP, memoryview(data)
    while at + STEP <= len(data):
        digest.update(view[at:at + STEP])
        at += STEP
        states.append(digest.copy())
    digest.update(view[at:])
    found = digest.hexdigest()
    if len(_STATES) >= 64:
        _STATES.clear()
    _STATES[found] = states  # states[i]: the hash of the first i * STEP bytes (never updated)
    return found


STEP = 1 << 16
# while the process keeps warm: a file's sha256 -> the states of its hash every STEP bytes
_STATES: dict[str, list[Any]] = warm.memo({})


def remember(path: Path, data: bytes, digest: str) -> None:
    """While the process keeps warm: the bytes just written at `path` (and their sha256), so
    the next build splicing this file takes them instead of reading and hashing it again
    while the file is the very one written (`warm.identity`)."""
    if not warm.warm():
        return
    try:
        st = os.lstat(path)
    except OSError:
        return
    if len(_WRITTEN) >= 64:
        _WRITTEN.clear()
    _WRITTEN[warm.identity(st)] = (digest, data)


def _alone(before: tuple[str, object, int], after: tuple[str, object, int]) -> bool:
    """Whether showing a page changed nothing of the document but add the page (its one
    object): no font named, no code given, no later version, no form or image made."""
    return before[:2] == after[:2] and after[2] == before[2] + 1


def _previous_bytes(found: Record, previous: Path | None) -> bytes | None:
    """The previous file's bytes, only if it is a regular file and the one recorded."""
    if previous is None:
        return None
    try:
        st = os.lstat(previous)
        if not stat.S_ISREG(st.st_mode):
            return None
        kept = _WRITTEN.get(warm.identity(st)) if _WRITTEN else None
        if kept is not None and kept[0] == found.get("sha256") and len(kept[1]) == found.get("size"):
            return kept[1]
        data = previous.read_bytes()
    except OSError:
        return None
    if len(data) != found.get("size") or hashlib.sha256(data).hexdigest() != found.get("sha256"):
        return None
    return data


_HEAD = itemgetter(0, 1)  # a recorded page's key and size


def _changed(found: Record, keys: Sequence[str], sizes: Sequence[object]) -> list[int] | None:
    """The pages whose key or size changed; None when the file cannot be spliced."""
    old = found.get("pages")
    states = found.get("states")
    if (not isinstance(old, list) or len(old) != len(keys) or len(sizes) != len(keys)
            or not isinstance(states, list)
            or old and (set(map(type, old)) != {tuple} or set(map(len, old)) != {4})):
        return None
    changed = list(compress(count(), map(ne, zip(keys, sizes, strict=True), map(_HEAD, old))))
    if len(changed) > MAX_CHANGED or any(not old[i][2] for i in changed):
        return None
    if any(not 0 <= old[i][3] < len(states) for i in changed):
        return None
    return changed


def splice(canvas: Canvas, streams: PageStreams, frame: Frame, found: object,
           keys: Sequence[str], sizes: Sequence[object], previous: Path | None,
           show: Callable[[int], None]) -> tuple[bytes, Record] | None:
    """The file's bytes from the previous file and the changed pages drawn on `canvas` (by
    `show`, page by index, primed as the document's canvas), with its new record; None when it has to be
    written whole."""
    global spliced
    if not isinstance(found, dict) or found.get("frame") != frame.key():
        return None
    changed = _changed(found, keys, sizes)
    if changed is None:
        return None
    data = _previous_bytes(found, previous)
    if data is None:
        return None
    old, states = found["pages"], found["states"]
    bodies = _drawn(canvas, streams, changed, old, states, show)
    if bodies is None:
        return None
    out = _joined(data, found, bodies)
    if out is None:
        return None
    joined, offsets, xref = out
    same = found["offsets"][min(bodies) - 1] if bodies else 0  # joined[:same] == data[:same]
    pages = list(old)  # the unchanged pages' keys and sizes are those recorded
    for i in changed:
        pages[i] = (keys[i], sizes[i], *old[i][2:])
    used = _used(found, pages, states, changed)
    streams.used.update(used)
    spliced += 1
    digest = sha256_of(joined, same, found.get("sha256"))
    if warm.warm():
        _keep_used(digest, pages, states, used)
    return joined, {**found, "pages": pages, "offsets": offsets, "xref": xref,
                    "size": len(joined), "sha256": digest}


def _used(found: Record, pages: list[Any], states: list[Any], changed: list[int]) -> list[str]:
    """Per page, the key its kept stream is found by (`faceops.PageStreams`: of its key and
    font state); while warm, those of the pages not in `changed` taken from the last splice
    of the same record's pages and states (the record as `splice` returned it)."""
    digest = found.get("sha256")
    last = _LAST_USED.get(digest) if warm.warm() and type(digest) is str else None
    if last is not None and last[0] == found["pages"] and last[1] == states:
        used = list(last[2])
        for i in changed:
            used[i] = _stream_key(pages[i], states)
    else:
        used = [_stream_key(page, states) for page in pages]
    return used


def _stream_key(page: tuple[Any, ...], states: list[Any]) -> str:
    """The key a page's kept stream is found by: of its page key and its font state."""
    key = page[0]
    font_state = states[page[3]][0] if 0 <= page[3] < len(states) else ""
    kept = _USED if warm.warm() else None
    used = kept.get((key, font_state)) if kept is not None else None
    if used is None:
        used = hashlib.sha1(f"{key}\n{font_state}".encode()).hexdigest()
        if kept is not None:
            if len(kept) >= 1 << 16:
                kept.clear()
            kept[(key, font_state)] = used
    return used


def _drawn(canvas: Canvas, streams: PageStreams, changed: list[int], old: list[Any],
           states: list[Any], show: Callable[[int], None]) -> dict[int, bytes] | None:
    """The changed pages' content streams by object number, each drawn once the canvas stands
    as the document stood before it (the unchanged pages before it shown first, as many as
    that takes); None when a page is not plain or changes anything of the document."""
    from cardgen.render.pages import doc_state

    doc = canvas._doc
    bodies, shown, replayed = {}, 0, 0
    for i in changed:
        while doc_state(canvas, streams)[:2] != tuple(states[old[i][3]]):
            while shown in changed:
                shown += 1
            if shown >= i or replayed >= MAX_CHANGED:
                return None
            show(shown)
            shown, replayed = shown + 1, replayed + 1
        before = doc_state(canvas, streams)
        show(i)
        page = doc.Pages.pages[-1]
        if not _plain(page) or not _alone(before, doc_state(canvas, streams)):
            return None
        bodies[old[i][2]] = page.Contents.format(doc)
    return bodies


def _joined(data: bytes, found: Record, bodies: dict[int, bytes]
            ) -> tuple[bytes, list[int], int] | None:
    """The previous file with the given objects' bodies replaced, its xref counted again
    from the first replaced object on (`_moved_table`)."""
    offsets, xref = found.get("offsets"), found.get("xref")
    if not isinstance(offsets, list) or not isinstance(xref, int) or not offsets:
        return None
    ends = [*offsets[1:], xref]
    if data[xref:xref + 5] != b"xref\n" or sorted(offsets) != offsets or xref > len(data):
        return None
    table = _table(found, offsets)
    if data[xref:xref + len(table)] != table or not data[xref + len(table):].startswith(b"trailer"):
        return None  # not the table this file was recorded with
    if not all(1 <= n <= len(offsets) for n in bodies):
        return None
    parts: list[bytes | memoryview] = []  # the unchanged runs as views (not copied twice)
    view = memoryview(data)
    moved: list[int] = []
    at, shift, done = 0, 0, 0  # done: the objects whose new offsets are in `moved`
    for number in sorted(bodies):  # the objects between two replaced ones move together
        start, end = offsets[number - 1], ends[number - 1]
        moved += offsets[done:number] if not shift else [o + shift for o in offsets[done:number]]
        done = number
        head = b"%d 0 obj\n" % number
        if not data.startswith(head, start) or data[end - 7:end] != b"endobj\n":
            return None
        body = bodies[number]
        chunk = head + body + (b"" if body.endswith(b"\n") else b"\n") + b"endobj\n"
        parts += [view[at:start], chunk]
        shift += len(chunk) - (end - start)
        at = end
    moved += offsets[done:] if not shift else [o + shift for o in offsets[done:]]
    new_xref = xref + shift
    trailer = data[xref + len(table):]
    tail = _TAIL.search(trailer)
    if tail is None:
        return None
    new_table = _moved_table(table, offsets, moved, min(bodies, default=len(moved)))
    parts += [view[at:xref], new_table, trailer[:tail.start()],
              b"startxref\n%d\n" % new_xref + b"%%EOF\n"]
    joined = b"".join(parts)
    if warm.warm():  # the next splice of this file finds its table here
        if len(_TABLES) >= 64:
            _TABLES.clear()
        _TABLES[(len(joined), new_xref)] = (list(moved), new_table)
    return joined, moved, new_xref


def _moved_table(table: bytes, offsets: list[int], moved: list[int], first: int) -> bytes:
    """`_xref(moved)` from `table` (`_xref(offsets)`, the offsets before): the entries of
    objects 1 to `first` (up to the first replaced one: they did not move) taken as they are,
    the others' formatted again (none when no object moved)."""
    if moved == offsets:
        return table
    head = _XREF_HEAD % (len(offsets) + 1)
    if len(table) != len(head) + 20 * len(offsets) or not table.startswith(head):
        return _xref(moved)
    rest = moved[first:]
    return table[:len(head) + 20 * first] + (b"%010d 00000 n \n" * len(rest)) % tuple(rest)


def _table(found: Record, offsets: list[int]) -> bytes:
    """`_xref(offsets)`; while warm, the table the last splice wrote for a file of the same
    size and xref offset, when made of the same offsets."""
    kept = _TABLES.get((found.get("size"), found.get("xref"))) if warm.warm() else None
    return kept[1] if kept is not None and kept[0] == offsets else _xref(offsets)


# while the process keeps warm: (a spliced file's size, its xref's offset) -> its objects'
# offsets and its cross-reference table (`_joined`)
_TABLES: dict[tuple[object, object], tuple[list[int], bytes]] = warm.memo({})


def _xref(offsets: list[int]) -> bytes:
    """The cross-reference table reportlab writes (pdfsave._xref) for objects 1.. in order."""
    return (_XREF_HEAD % (len(offsets) + 1)
            + (b"%010d 00000 n \n" * len(offsets)) % tuple(offsets))


_XREF_HEAD = b"xref\n0 %d\n0000000000 65535 f \n"  # the count and object 0's entry
