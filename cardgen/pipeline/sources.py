"""Faces, pages, sheets -> content keys: digests of everything a reusable output file is made from.

A key covers the code that writes the file (every file of the cardgen package and the versions
of the libraries that draw) and the face content (render_pdf.face_key of the laid-out drawing,
which holds the content digest of every image a face draws, never its path or time). Two
files with the same key have the same bytes, so a build may link the previous build's file
instead of making it again.
"""

from __future__ import annotations

import hashlib
import os
import pickle  # noqa: F401  (the face cache's reads are counted through it by tests)
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.data.model import Component, Database, FieldSpec
from cardgen.data.paths import readable
from cardgen.data.yamlkeep import keeping, on_forget
from cardgen.layout.roots import layout_roots
from cardgen.pipeline.signed import _MISSING as _MISSING
from cardgen.pipeline.signed import _sign as _sign
from cardgen.pipeline.signed import _stamp as _stamp
from cardgen.pipeline.signed import append_signed, read_journaled, signature_of, stamps
from cardgen.pipeline.signed import cache_secret as cache_secret
from cardgen.pipeline.signed import read_signed as read_signed
from cardgen.pipeline.signed import write_signed as write_signed
from cardgen.pipeline.toolchain import LIBRARIES as LIBRARIES
from cardgen.pipeline.toolchain import _versions as _versions
from cardgen.pipeline.toolchain import package_digest as package_digest
from cardgen.pipeline.toolchain import toolchain as toolchain
from cardgen.pipeline.toolchain import user_cache as user_cache
from cardgen.pipeline.warm import identity

if TYPE_CHECKING:  # `cardgen check` reads a clean record without the layout modules or Pillow
    from cardgen.layout.drawing import Drawing

class Sources:
    """Content keys for one build."""

    def __init__(self) -> None:
        self.code = toolchain()
        self._heads: dict[str, Any] = {}  # what -> the digest of its key's first line

    def key(self, what: str, *parts: object) -> str:
        """A key for one file: what it is, then its parts, under this toolchain."""
        head = self._heads.get(what)
        if head is None:
            head = self._heads[what] = hashlib.sha1(f"{what}\n{self.code}".encode())
        digest = head.copy()
        for part in parts:
            digest.update(b"\n" + repr(part).encode("utf-8"))
        return f"{what}:{digest.hexdigest()}"


# --------------------------------------------------------------------------- laid-out faces

CACHE_FOLDER = ".cardgen-cache"  # in the project folder, git-ignored
Probes = tuple[tuple[str, str], ...]  # (image path, its digest or "" if none) a face's layout read


def _has_ref(specs: Iterable[FieldSpec | None]) -> bool:
    for spec in specs:
        if spec is None:
            continue
        if spec.type == "ref" or _has_ref((spec.fields or {}).values()) or _has_ref([spec.of]):
            return True
    return False


def _layout_files(folder: Path) -> Iterator[bytes]:
    """Name and content digest of every file under layouts/ (links out of the project skipped):
    a file of up to WHOLE_BYTES hashed as read whole (a layout or an icon: hashlib.file_digest
    makes and zeroes a buffer of 256 kB for each file), a larger one streamed."""
    names = _readable_names(folder)
    if not keeping():
        return _layout_files_read(folder, names)
    return (_kept_file(_LAYOUT_FILES, folder, name) for name in names)


WHOLE_BYTES = 1 << 20  # a file under layouts/ this size or smaller is hashed as read whole


def _kept_file(kept: dict[tuple[str, str], tuple[tuple[int, ...], bytes]], folder: Path,
               name: str) -> bytes:
    """`_layout_files`' chunk of one file, while warm: the last one made for that file while
    it has the same identity (device, inode, size, times: `warm.identity`), read again else
    (a rebuild of `cardgen watch` or `serve` hashed every layout and icon again)."""
    at = (str(folder), name)
    try:
        now = identity(os.stat(f"{at[0]}{os.sep}{name}"))
    except OSError:
        now = ()
    found = kept.get(at)
    if found is not None and now and found[0] == now:
        return found[1]
    chunk = next(_layout_files_read(folder, [name]))
    if now:
        kept[at] = (now, chunk)
    return chunk


def _layout_files_read(folder: Path, names: Iterable[str]) -> Iterator[bytes]:
    """`_layout_files`' chunks of these files (named relative to the folder), each read now."""
    base = str(folder)
    for name in names:
        with open(f"{base}{os.sep}{name}", "rb", buffering=0) as f:
            if os.fstat(f.fileno()).st_size <= WHOLE_BYTES:
                digest = hashlib.sha1(f.readall()).digest()
            else:
                digest = hashlib.file_digest(f, "sha1").digest()
        shown = name if os.sep == "/" else name.replace(os.sep, "/")  # Path.as_posix()
        yield shown.encode("utf-8") + b"\0" + digest


# while the process keeps warm: (layout folder, file) -> (its identity, `_layout_files`' chunk)
_LAYOUT_FILES: dict[tuple[str, str], tuple[tuple[int, ...], bytes]] = {}
on_forget(_LAYOUT_FILES.clear)


def _readable_names(folder: Path) -> list[str]:
    """The files `folder.rglob("*")` finds that cardgen may read (`readable`), named relative
    to the folder ('g/icons/a.svg', in the system's separator), in the order their Paths sort
    in: a file reached through no symbolic link lies where the folder lies, so only links are
    resolved one by one; the others are named by the texts os.scandir gives (no Path made)."""
    if not folder.is_dir():
        return []
    project = folder.parent
    plain_ok = readable(folder, project)
    base = str(folder)
    cut = len(base) + 1
    found: list[str] = []
    stack = [base]
    while stack:
        try:
            with os.scandir(stack.pop()) as listing:
                entries = list(listing)
        except PermissionError:
            continue
        for entry in entries:
            if entry.is_symlink():
                path = Path(entry.path)
                if path.is_file() and readable(path, project):
                    found.append(entry.path[cut:])
            elif entry.is_dir(follow_symlinks=False):
                stack.append(entry.path)
            elif entry.is_file(follow_symlinks=False) and (
                    plain_ok or readable(Path(entry.path), project)):
                found.append(entry.path[cut:])
    found.sort(key=_parts)  # a Path sorts by its parts
    return found


def _parts(name: str) -> list[str]:
    return name.split(os.sep)


def _component_repr(c: Component) -> str:
    return repr((c.id, c.kind, c.name, c.count, c.status, c.fields, c.edition, c.image,
                 c.back_image, c.source))


def database_key(db: Database) -> str:
    """Digest of what every face's layout may read besides its own component: the toolchain,
    the game (vocabularies, kinds), the edition, every layout file and icon; with reference
    fields in the game, every component too."""
    digest = hashlib.sha1(toolchain().encode())
    game = db.game
    digest.update(repr((str(db.project), str(game.root), game.id, game.name, game.title,
                        game.default_edition, game.vocab, game.icons, game.kinds, db.edition.id,
                        db.draft)).encode())
    for root in layout_roots(db.project):
        for chunk in _layout_files(root):
            digest.update(hashlib.sha1(chunk).digest())
    if _has_ref(f for k in game.kinds.values() for f in k.fields.values()):
        for c in db.components:
            digest.update(_component_repr(c).encode("utf-8"))
    return digest.hexdigest()


def _probe(path: str) -> str:
    """What a face's layout would find at an image path now: its digest, "" if none."""
    from cardgen.layout.guards import ImageError, image_at

    try:
        return image_at(Path(path))
    except (ImageError, OSError):
        return "unusable"


# while the process keeps warm: (database key, sides, a component's text) -> its faces' keys
_KEYS: dict[tuple[str, tuple[str, ...], str], list[str]] = {}
_KEYS_ON = keeping
on_forget(_KEYS.clear)
# while the process keeps warm: the last face cache's components written out (`FaceCache.written`)
_WRITTEN: list[dict[int, tuple[Component, str]]] = [{}]
on_forget(lambda: _WRITTEN.__setitem__(0, {}))
# face cache files this process read or wrote: path -> (inode, mtime, size), entries
Entries = dict[str, tuple[Probes, "Drawing", str]]
# while the process keeps warm: the last face cache's database key, its faces' keys by
# component (`FaceCache.taken`) and the entries it took or added (`FaceCache._again`)
Taken = dict[int, tuple[Component, tuple[str, ...], list[str]]]
_TAKEN: list[tuple[str, Taken, Entries]] = [("", {}, {})]
on_forget(lambda: _TAKEN.__setitem__(0, ("", {}, {})))
# face cache files this process read or wrote: path -> (the stamps of the file and its journal,
# the entries they hold, the signature to append to, the entries appended)
_KNOWN: dict[Path, tuple[object, Entries, bytes | None, int]] = {}
# while the process keeps warm: the last face cache made (`FaceCache.take_again`)
_LAST: list[FaceCache | None] = [None]
on_forget(lambda: _LAST.__setitem__(0, None))
JOURNAL_FROM = 256  # entries from which a save adding a few appends them to the journal


class FaceCache:
    """Laid-out faces of earlier builds (PROJECT/.cardgen-cache/), by a key of all they read.

    An entry holds the Drawing, its render_pdf face key and the image files its layout probed;
    it is reused only while those files still exist (or still do not). Faces are the same
    objects a fresh layout makes, so outputs stay byte-identical. A large cache to which a
    build adds a few faces (a one-card edit) gets them appended to its journal
    (`signed.append_signed`) instead of being written again whole; it is written whole (this
    build's faces only) once the faces it holds that no build took since make a quarter.
    """

    def __init__(self, db: Database, read_only: bool = False) -> None:
        self.read_only = read_only  # `cardgen check`: takes faces, keeps none, never writes
        self.path = db.project / CACHE_FOLDER / f"faces-{db.game.id}-{db.edition.id}.pickle"
        self.base = database_key(db)
        self.signature: bytes | None = None  # of the file read (its journal's entries bind to it)
        self.journaled = 0  # entries its journal adds
        # what this process knows the file holds (`_KNOWN`'s entry): the entries `old` was
        # copied from, then those `save` left; None when not known so
        self.state: object = None
        self.probed = False  # whether `new` holds a face whose layout probed an image
        self.old: Entries = self._read()
        self.new: Entries = {}
        self.added = False
        self.written: dict[int, tuple[Component, str]] = {}  # id() -> it, _component_repr
        # while keeping warm: the last build's `written`, whose Components a warm load hands
        # out again unchanged (data.components.kept_components): each written out once
        self._last_written = _WRITTEN[0] if _KEYS_ON() else {}
        self.taken: Taken = {}  # id() -> a component, its sides and their keys (`keys`)
        self._last_taken: Taken = {}
        self._last_new: Entries = {}
        self.last: FaceCache | None = None  # while keeping warm: the face cache made before
        if _KEYS_ON():
            _WRITTEN[0] = self.written
            if _TAKEN[0][0] == self.base:
                self._last_taken, self._last_new = _TAKEN[0][1], _TAKEN[0][2]
            _TAKEN[0] = (self.base, self.taken, self.new)
            self.last, _LAST[0] = _LAST[0], self
            if self.last is not None:
                self.last.last = None  # one cache back, not a chain of every build's
        self._heads: dict[str, Any] = {}  # side -> sha1 of the keys' first two lines

    def _read(self) -> Entries:
        """The cache, only if this user's key signed it: a cache file that came with someone
        else's project folder is never unpickled. A file this process read or wrote and that
        is unchanged since (`cardgen watch`, scripts that build again) is not read again."""
        stamp = stamps(self.path)
        known = _KNOWN.get(self.path)
        if stamp[0] is not None and known is not None and known[0] == stamp:
            self.signature, self.journaled, self.state = known[2], known[3], known
            return dict(known[1])
        data, more, signature = read_journaled(self.path)
        if not isinstance(data, dict):
            return {}
        for entries in more:
            if not isinstance(entries, dict):
                signature = None
                break
            data.update(entries)
        self.signature, self.journaled = signature, sum(len(m) for m in more
                                                        if isinstance(m, dict))
        if stamp[0] is not None:
            _KNOWN[self.path] = self.state = (stamp, dict(data), self.signature, self.journaled)
        return data

    def key(self, component: Component, side: str) -> str:
        return self.keys(component, (side,))[0]

    def keys(self, component: Component, sides: Iterable[str]) -> list[str]:
        """key(component, side) for each side, the component written out once (while the
        process keeps warm, `pipeline.warm`, the keys of a component written alike before
        are taken again: they are digests of its text)."""
        last = self._last_written.get(id(component))
        written = last[1] if last is not None and last[0] is component \
            else _component_repr(component)
        self.written[id(component)] = (component, written)
        if _KEYS_ON():
            sides = tuple(sides)
            kept = _KEYS.get((self.base, sides, written))
            if kept is None:
                if len(_KEYS) >= 1 << 16:
                    _KEYS.clear()
                kept = _KEYS[(self.base, sides, written)] = self._digests(written, sides)
            self.taken[id(component)] = (component, sides, kept)
            return list(kept)
        return self._digests(written, sides)

    def faces(self, component: Component, sides: tuple[str, ...]
              ) -> tuple[list[str], list[tuple[Drawing, str] | None]]:
        """`keys(component, sides)`, and `get` of each (None: not held, or its images
        changed); the faces of the very component this process's last build took or laid out
        taken again at once (`_again`)."""
        again = self._again(component, sides)
        if again is not None:
            return again
        keys = self.keys(component, sides)
        return keys, [self.get(key) for key in keys]

    def _again(self, component: Component, sides: tuple[str, ...]
               ) -> tuple[list[str], list[tuple[Drawing, str] | None]] | None:
        """While keeping warm: the keys and faces of these sides of the very component the
        last build of this process took or laid out (`keys`, then `get` or `put`), when this
        cache holds the very entries it had and they probed no image (nothing to look at
        again); else None. Taken as `keys` and `get` take them."""
        last = self._last_taken.get(id(component))
        if last is None or last[0] is not component or last[1] != sides:
            return None
        old, was = self.old, self._last_new
        out: list[tuple[Drawing, str] | None] = []
        for key in last[2]:
            entry = old.get(key)
            if entry is None or entry is not was.get(key) or entry[0]:
                return None
            out.append((entry[1], entry[2]))
        self.written[id(component)] = self._last_written[id(component)]
        self.taken[id(component)] = last
        for key in last[2]:
            self.new[key] = old[key]
        return list(last[2]), out

    def take_again(self, last: list[Component], changed: list[int]) -> bool:
        """While keeping warm: whether the faces of the components `last` (those the last face
        cache took, in order) but for those at the `changed` indices were taken again as they
        were, at once (`written`, `taken` and `new` left as `faces` of each would leave them):
        only when this cache holds the very entries the last one left and none of those
        probed an image (nothing to look at again). The others are for `faces`."""
        was = self.last
        if (was is None or was.state is None or self.state is not was.state or self.read_only
                or was.read_only or was.base != self.base or was.probed
                or len(was.taken) != len(last)):
            return False
        self.written.update(was.written)
        self.taken.update(was.taken)
        self.new.update(was.new)
        for i in changed:
            gone = self.taken.pop(id(last[i]), None)
            self.written.pop(id(last[i]), None)
            for key in gone[2] if gone is not None else ():
                del self.new[key]
        return True

    def _digests(self, written: str, sides: Iterable[str]) -> list[str]:
        tail = written.encode("utf-8")
        heads = self._heads
        out = []
        for side in sides:  # sha1(f"{base}\n{side}\n{written}"), its head hashed once a side
            head = heads.get(side)
            if head is None:
                head = heads[side] = hashlib.sha1(f"{self.base}\n{side}\n".encode())
            digest = head.copy()
            digest.update(tail)
            out.append(digest.hexdigest())
        return out

    def get(self, key: str) -> tuple[Drawing, str] | None:
        """The cached face and its face key, if its probed images are as they were."""
        entry = self.old.get(key)
        if entry is None:
            return None
        probes, drawing, face_key = entry
        if any(_probe(path) != was for path, was in probes):
            return None
        self.new[key] = entry
        self.probed = self.probed or bool(probes)
        return drawing, face_key

    def put(self, key: str, probes: Probes, drawing: Drawing, face_key: str) -> None:
        self.new[key] = (probes, drawing, face_key)
        self.added = True
        self.probed = self.probed or bool(probes)

    def save(self, keep_old: bool = False) -> None:
        """Write the faces of this build (with `keep_old`, the earlier ones too), atomically;
        a few added to a large cache are appended to its journal."""
        entries = {**self.old, **self.new} if keep_old else self.new
        if self.read_only or not self.added and entries.keys() == self.old.keys():
            return
        self.state = None  # until `_known` says what the file holds now
        fresh = {k: v for k, v in self.new.items() if self.old.get(k) is not v}
        stale = len(self.old.keys() - entries.keys())  # held, but taken by no build since
        if (self.signature is not None and len(self.old) >= JOURNAL_FROM
                and stale + self.journaled + len(fresh) <= len(entries) // 4
                and (not fresh or append_signed(self.path, self.signature, fresh))):
            self._known({**self.old, **fresh}, self.signature, self.journaled + len(fresh))
            return
        if write_signed(self.path, entries):  # else a read-only project builds without it
            self._known(dict(entries), signature_of(self.path), 0)

    def _known(self, entries: Entries, signature: bytes | None, journaled: int) -> None:
        """What the file and its journal hold now, for this process's next build."""
        self.signature, self.journaled = signature, journaled
        stamp = stamps(self.path)
        if stamp[0] is not None:
            _KNOWN[self.path] = self.state = (stamp, entries, signature, journaled)
