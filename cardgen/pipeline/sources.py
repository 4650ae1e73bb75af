"""Faces, pages, sheets -> content keys: digests of everything a reusable output file is made from.

A key covers the code that writes the file (every file of the cardgen package and the versions
of the libraries that draw) and the face content (render_pdf.face_key of the laid-out drawing,
which holds the content digest of every image a face draws, never its path or time). Two
files with the same key have the same bytes, so a build may link the previous build's file
instead of making it again.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import pickle
import re
import sys
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen.data.model import Component, Database, FieldSpec
from cardgen.data.paths import readable
from cardgen.layout.roots import layout_roots

if TYPE_CHECKING:  # `cardgen check` reads a clean record without the layout modules or Pillow
    from cardgen.layout.drawing import Drawing

LIBRARIES = ("reportlab", "rl-accel", "pypdfium2", "pillow", "svgwrite", "fonttools")


@cache
def toolchain() -> str:
    """Digest of the cardgen package files and the drawing libraries' versions."""
    return package_digest(Path(__file__).resolve().parent.parent)  # the whole cardgen package


def package_digest(package: Path) -> str:
    """Digest of a package's .py and .ttf files and the drawing libraries' versions.

    Worked out from the files' bytes; this user's cache keeps it under a stamp of every file's
    name, size, modification time and inode (what Python itself trusts to reuse compiled code),
    so an unchanged package is not read again. As git does for its index, the kept digest is
    trusted only for files last changed before it was written (not within the same clock tick)."""
    paths = sorted(_package_files(package))
    versions = _versions(LIBRARIES)
    tail = "".join(f"{name}={versions.get(name, 'none')}" for name in LIBRARIES).encode()
    stamp, newest = hashlib.sha1(tail), 0
    for path in paths:
        st = path.stat()
        stamp.update(f"{path}\0{st.st_size}\0{st.st_mtime_ns}\0{st.st_ino}\n".encode())
        newest = max(newest, st.st_mtime_ns)
    root = user_cache()
    memo = root / f"toolchain-{hashlib.sha1(str(package).encode()).hexdigest()[:16]}" if root else None
    with contextlib.suppress(OSError, ValueError):
        known, digest = memo.read_text(encoding="ascii").split() if memo else ("", "")
        if known == stamp.hexdigest() and memo and newest < memo.stat().st_mtime_ns:
            return digest
    sha = hashlib.sha1()
    for path in paths:
        sha.update(path.relative_to(package).as_posix().encode("utf-8"))
        sha.update(path.read_bytes())
    sha.update(tail)
    if memo is not None:
        with contextlib.suppress(OSError):
            memo.parent.mkdir(parents=True, exist_ok=True)
            tmp = memo.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_text(f"{stamp.hexdigest()} {sha.hexdigest()}\n", encoding="ascii")
            os.replace(tmp, memo)
    return sha.hexdigest()


def _package_files(package: Path) -> Iterator[Path]:
    """The .py and .ttf files of the package (its __pycache__ folders unread)."""
    for folder, dirs, files in os.walk(package):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        yield from (Path(folder, f) for f in files if f.endswith((".py", ".ttf")))


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


def _versions(names: Iterable[str]) -> dict[str, str]:
    """Installed versions by name, read from the names of the distributions' metadata folders
    on sys.path (`NAME-VERSION.dist-info`, the first found wins, as importlib.metadata finds
    them); importlib.metadata itself only for a name no folder names with a version."""
    wanted = {_normal(n): n for n in names}
    found: dict[str, str] = {}
    for entry in sys.path:
        try:
            children = os.listdir(entry or ".")
        except OSError:
            continue
        for child in children:
            base, dot, ext = child.rpartition(".")
            if not dot or ext.lower() not in ("dist-info", "egg-info"):
                continue
            name, _, version = base.partition("-")
            key = wanted.get(_normal(name))
            if key is not None and key not in found and version:
                found[key] = version
    for name in wanted.values():
        if name not in found:
            from importlib import metadata

            with contextlib.suppress(metadata.PackageNotFoundError):
                found[name] = metadata.version(name)
    return found


class Sources:
    """Content keys for one build."""

    def __init__(self) -> None:
        self.code = toolchain()

    def key(self, what: str, *parts: object) -> str:
        """A key for one file: what it is, then its parts, under this toolchain."""
        digest = hashlib.sha1(f"{what}\n{self.code}".encode())
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
    """Name and content digest of every file under layouts/ (links out of the project skipped)."""
    for path in sorted(_readable_files(folder)):
        with path.open("rb") as f:
            digest = hashlib.file_digest(f, "sha1").digest()
        yield path.relative_to(folder).as_posix().encode("utf-8") + b"\0" + digest


def _readable_files(folder: Path) -> Iterator[Path]:
    """The files `folder.rglob("*")` finds that cardgen may read (`readable`): a file reached
    through no symbolic link lies where the folder lies, so only links are resolved one by one."""
    if not folder.is_dir():
        return
    project = folder.parent
    plain_ok = readable(folder, project)
    stack = [folder]
    while stack:
        try:
            entries = list(os.scandir(stack.pop()))
        except PermissionError:
            continue
        for entry in entries:
            if entry.is_symlink():
                path = Path(entry.path)
                if path.is_file() and readable(path, project):
                    yield path
            elif entry.is_dir(follow_symlinks=False):
                stack.append(Path(entry.path))
            elif entry.is_file(follow_symlinks=False):
                path = Path(entry.path)
                if plain_ok or readable(path, project):
                    yield path


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


def _sign(secret: bytes, body: bytes) -> bytes:
    return hmac.new(secret, body, hashlib.sha256).digest()


_MISSING = object()  # what read_signed gives for a file it cannot trust


def read_signed(path: Path) -> object:
    """What a cache file holds, unpickled, only if this user's key signed it (a file that came
    with someone else's project folder is never unpickled); `_MISSING` when it is absent,
    unsigned, altered, truncated or from another version."""
    secret = cache_secret()
    try:
        blob = path.read_bytes()
    except OSError:
        return _MISSING
    digest, body = blob[:32], blob[32:]
    if secret is None or not hmac.compare_digest(digest, _sign(secret, body)):
        return _MISSING
    try:
        return pickle.loads(body)
    except Exception:  # truncated or from another version: start afresh
        return _MISSING


def write_signed(path: Path, value: object) -> bool:
    """value pickled into a cache file signed with this user's key, atomically (the cache
    folder gets its .gitignore); False when it cannot be (no key, a read-only project)."""
    secret = cache_secret()
    if secret is None:
        return False
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        ignore = path.parent / ".gitignore"
        if not ignore.exists():
            ignore.write_text("*\n", encoding="utf-8")
        body = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        tmp.write_bytes(_sign(secret, body) + body)
        os.replace(tmp, path)
        return True
    except OSError:
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)
        return False


def user_cache() -> Path | None:
    """This user's cache folder for cardgen: $XDG_CACHE_HOME/cardgen or ~/.cache/cardgen, only
    when that is an absolute path below the file system's root; None otherwise (an empty or
    relative HOME or XDG_CACHE_HOME never puts a cache at / or in the working folder)."""
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    if os.path.isabs(xdg) and Path(xdg).parent != Path(xdg):
        return Path(xdg) / "cardgen"
    home = os.environ.get("HOME")
    if home is None:
        try:
            home = str(Path.home())
        except (KeyError, RuntimeError):  # no passwd entry for this user
            return None
    if not os.path.isabs(home) or Path(home).parent == Path(home):
        return None
    return Path(home) / ".cache" / "cardgen"


def cache_secret() -> bytes | None:
    """This user's key for signing face caches (created once, mode 0600), or None if there is
    nowhere to keep it (then builds simply run without the cache)."""
    root = user_cache()
    if root is None:
        return None
    path = root / "cache-key"
    try:
        return path.read_bytes() or None
    except FileNotFoundError:
        pass
    except OSError:
        return None
    try:
        root.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(os.urandom(32))
        return path.read_bytes()
    except FileExistsError:
        return path.read_bytes() or None
    except OSError:
        return None


# face cache files this process read or wrote: path -> (inode, mtime, size), entries
_KNOWN: dict[Path, tuple[tuple[int, int, int], dict[str, tuple[Probes, Drawing, str]]]] = {}


def _stamp(path: Path) -> tuple[int, int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_ino, st.st_mtime_ns, st.st_size)


class FaceCache:
    """Laid-out faces of earlier builds (PROJECT/.cardgen-cache/), by a key of all they read.

    An entry holds the Drawing, its render_pdf face key and the image files its layout probed;
    it is reused only while those files still exist (or still do not). Faces are the same
    objects a fresh layout makes, so outputs stay byte-identical.
    """

    def __init__(self, db: Database, read_only: bool = False) -> None:
        self.read_only = read_only  # `cardgen check`: takes faces, keeps none, never writes
        self.path = db.project / CACHE_FOLDER / f"faces-{db.game.id}-{db.edition.id}.pickle"
        self.base = database_key(db)
        self.old: dict[str, tuple[Probes, Drawing, str]] = self._read()
        self.new: dict[str, tuple[Probes, Drawing, str]] = {}
        self.added = False

    def _read(self) -> dict[str, tuple[Probes, Drawing, str]]:
        """The cache, only if this user's key signed it: a cache file that came with someone
        else's project folder is never unpickled. A file this process read or wrote and that
        is unchanged since (`cardgen watch`, scripts that build again) is not read again."""
        stamp = _stamp(self.path)
        known = _KNOWN.get(self.path)
        if stamp is not None and known is not None and known[0] == stamp:
            return dict(known[1])
        data = read_signed(self.path)
        if not isinstance(data, dict):
            return {}
        if stamp is not None:
            _KNOWN[self.path] = (stamp, dict(data))
        return data

    def key(self, component: Component, side: str) -> str:
        return self.keys(component, (side,))[0]

    def keys(self, component: Component, sides: Iterable[str]) -> list[str]:
        """key(component, side) for each side, the component written out once."""
        written = _component_repr(component)
        return [hashlib.sha1(f"{self.base}\n{side}\n{written}".encode()).hexdigest()
                for side in sides]

    def get(self, key: str) -> tuple[Drawing, str] | None:
        """The cached face and its face key, if its probed images are as they were."""
        entry = self.old.get(key)
        if entry is None:
            return None
        probes, drawing, face_key = entry
        if any(_probe(path) != was for path, was in probes):
            return None
        self.new[key] = entry
        return drawing, face_key

    def put(self, key: str, probes: Probes, drawing: Drawing, face_key: str) -> None:
        self.new[key] = (probes, drawing, face_key)
        self.added = True

    def save(self, keep_old: bool = False) -> None:
        """Write the faces of this build (with `keep_old`, the earlier ones too), atomically."""
        entries = {**self.old, **self.new} if keep_old else self.new
        if self.read_only or not self.added and entries.keys() == self.old.keys():
            return
        if write_signed(self.path, entries):  # else a read-only project builds without it
            stamp = _stamp(self.path)
            if stamp is not None:
                _KNOWN[self.path] = (stamp, dict(entries))
