"""Cache files signed with this user's key (PROJECT/.cardgen-cache/), and journals beside them.

A cache file is a pickle after its HMAC-SHA256 under this user's key (`cache_secret`, made once
in this user's cache folder) bound to this version of cardgen (`pickle_secret`): a file that
came with someone else's project folder, or that another version wrote, is never unpickled
(`read_signed`, `write_signed`, written atomically, pickled straight into the file and signed
as it is written). A large cache that a build changes only a
little (a one-card edit: a few faces of thousands) is not written again whole: what changed is
appended to its journal (`<file>.journal`, `append_signed`), each entry signed with the key and
bound to the signature of the file it follows, and read after it (`read_journal`). Writing the
file whole drops its journal; an entry that does not verify (a torn append, another file's
journal) ends what is read of it.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import pickle
import sys
from functools import cache
from pathlib import Path
from typing import BinaryIO

from cardgen.pipeline.toolchain import toolchain, user_cache


def _sign(secret: bytes, body: bytes | memoryview) -> bytes:
    return hmac.new(secret, body, hashlib.sha256).digest()


_MISSING = object()  # what read_signed gives for a file it cannot trust


class _Signing:
    """What a pickler writes, written to the file and signed as it goes (the pickle is never
    held whole: its frames pass through, ~64 KB each)."""

    __slots__ = ("handle", "mac")

    def __init__(self, handle: BinaryIO, mac: hmac.HMAC) -> None:
        self.handle = handle
        self.mac = mac

    def write(self, data: bytes | memoryview) -> int:
        self.mac.update(data)
        return self.handle.write(data)


def read_signed(path: Path) -> object:
    """What a cache file holds, unpickled, only if this user's key signed it (a file that came
    with someone else's project folder is never unpickled); `_MISSING` when it is absent,
    unsigned, altered, truncated or from another version."""
    secret = pickle_secret()
    try:
        blob = path.read_bytes()
    except OSError:
        return _MISSING
    digest, body = blob[:32], memoryview(blob)[32:]  # the body not copied
    if secret is None or not hmac.compare_digest(digest, _sign(secret, body)):
        return _MISSING
    try:
        return pickle.loads(body)
    except Exception:  # truncated or from another version: start afresh
        return _MISSING


def write_signed(path: Path, value: object) -> bool:
    """value pickled into a cache file signed with this user's key, atomically (the cache
    folder gets its .gitignore); False when it cannot be (no key, a read-only project)."""
    secret = pickle_secret()
    if secret is None:
        return False
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        ignore = path.parent / ".gitignore"
        if not ignore.exists():
            ignore.write_text("*\n", encoding="utf-8")
        with tmp.open("wb") as handle:  # room for the signature, then the body as pickled
            handle.write(bytes(32))
            signing = _Signing(handle, hmac.new(secret, digestmod=hashlib.sha256))
            pickle.Pickler(signing, protocol=pickle.HIGHEST_PROTOCOL).dump(value)
            handle.seek(0)
            handle.write(signing.mac.digest())
        os.replace(tmp, path)
        journal_path(path).unlink(missing_ok=True)  # bound to the file this one replaced
        return True
    except OSError:
        _discard(tmp)
        return False
    except BaseException:  # a value that will not pickle: raised, as ever, and no file left
        _discard(tmp)
        raise


def _discard(tmp: Path) -> None:
    with contextlib.suppress(OSError):
        tmp.unlink(missing_ok=True)


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


def pickle_secret() -> bytes | None:
    """This user's key bound to this version of cardgen (its code, the drawing libraries and
    Python): what signs the pickled caches, so a cache written by another version, whose
    classes may since have changed shape, is never unpickled (a build after an upgrade starts
    afresh instead of carrying objects the code no longer makes)."""
    secret = cache_secret()
    return None if secret is None else _bound(secret)


@cache
def _bound(secret: bytes) -> bytes:
    return _sign(secret, f"cardgen {toolchain()} python {sys.version}".encode())


def _stamp(path: Path) -> tuple[int, int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_ino, st.st_mtime_ns, st.st_size)


# --------------------------------------------------------------------------- journals


def journal_path(path: Path) -> Path:
    return path.with_name(path.name + ".journal")


def signature_of(path: Path) -> bytes | None:
    """The signature a cache file starts with (what its journal's entries are bound to)."""
    try:
        with path.open("rb") as handle:
            head = handle.read(32)
    except OSError:
        return None
    return head if len(head) == 32 else None


def read_journal(path: Path, base: bytes | None) -> tuple[list[object], bool]:
    """The values appended to a cache file's journal after the file signed `base`, in order,
    and whether all of it was read (False: an entry did not verify, so what follows it is
    not read and the file is best written whole next)."""
    secret = pickle_secret()
    try:
        blob = journal_path(path).read_bytes()
    except OSError:
        return [], True
    if secret is None or base is None:
        return [], not blob
    values: list[object] = []
    at = 0
    while at < len(blob):
        size = int.from_bytes(blob[at:at + 4], "big")
        mac, body = blob[at + 4:at + 36], blob[at + 36:at + 36 + size]
        if len(body) != size or not hmac.compare_digest(mac, _sign(secret, base + body)):
            return values, False
        try:
            values.append(pickle.loads(body))
        except Exception:  # from another version: the file is best written whole
            return values, False
        at += 36 + size
    return values, True


def read_journaled(path: Path) -> tuple[object, list[object], bytes | None]:
    """What a cache file holds (`read_signed`), the values its journal adds, in order, and the
    signature to append more to (None when its journal was not read whole: the file is then
    best written whole next)."""
    value = read_signed(path)
    if value is _MISSING:
        return value, [], None
    base = signature_of(path)
    more, whole = read_journal(path, base)
    return value, more, base if whole else None


def stamps(path: Path) -> tuple[tuple[int, int, int] | None, tuple[int, int, int] | None]:
    """The stamps of a cache file and its journal (what says they are unchanged)."""
    return _stamp(path), _stamp(journal_path(path))


def append_signed(path: Path, base: bytes, value: object) -> bool:
    """value pickled onto the journal of the cache file that signed `base`, in one write;
    False when it cannot be (no key, a read-only project)."""
    secret = pickle_secret()
    if secret is None:
        return False
    try:
        body = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        with journal_path(path).open("ab") as handle:
            handle.write(len(body).to_bytes(4, "big") + _sign(secret, base + body) + body)
        return True
    except (OSError, OverflowError):
        return False
