"""A target folder -> a temporary sibling to write into, swapped in whole only on success.

    with atomic_folder(out_root / "game-1.0") as tmp:
        (tmp / "pnp-a4.pdf").write_bytes(...)

The temporary folder sits next to the target (same filesystem, so renames are atomic). On
success the previous output is renamed away, the new one renamed in, the old one deleted. On
an exception the temporary folder is deleted and the target is not touched. A build killed
halfway leaves only a stale `.<name>.tmp-*` folder, removed by the next build; if it died
between the two renames, the next build first puts the previous output back.

`Previous` lets a build reuse files of the output it replaces: manifest.json records, for each
file that can be reused, the content key it was made from (`source`); a file whose key comes
up again is hard-linked (or copied) into the new folder instead of being made again. The keys
cover everything the file depends on, so the result is the same as a clean build's. The
manifest is untrusted (it may come with someone else's project): only regular files inside the
previous output folder are ever reused.

One build at a time writes a target: `.<name>.lock` beside it is held (flock) from the first
look at the old output to the swap; a second build waits for it up to LOCK_WAIT_SECONDS
(CARDGEN_LOCK_WAIT overrides), then says the folder is locked. Leftovers are cleaned only
when the process that made them is gone.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import stat
import time
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen.errors import Problem, ProblemsError
from cardgen.limits import LOCK_WAIT_SECONDS, MAX_MANIFEST_BYTES
from cardgen.pipeline import spare, warm

if TYPE_CHECKING:
    from cardgen.pipeline.manifest import FileRecord

SWAPPED: list[tuple[Path, float]] = []  # (target, time.monotonic()) of each swap, for honest messages


def temp_name(target: Path) -> Path:
    return target.with_name(f".{target.name}.tmp-{os.getpid()}")


def old_name(target: Path) -> Path:
    return target.with_name(f".{target.name}.old-{os.getpid()}")


def _pid_alive(name: str) -> bool:
    """Is the process whose pid ends this leftover's name still running?"""
    try:
        pid = int(name.rpartition("-")[2])
        os.kill(pid, 0)
    except (ValueError, ProcessLookupError, OverflowError):
        return False
    except PermissionError:  # another user's live process
        return True
    return True  # running (this very process included)


def _remove(path: Path) -> None:
    """Delete a leftover folder, file or link; whatever cannot be deleted stays for later."""
    if path.is_symlink() or path.is_file():
        path.unlink(missing_ok=True)
    else:
        shutil.rmtree(path, ignore_errors=True)


def recover(target: Path) -> None:
    """Undo what an interrupted build left: restore a renamed-away output, drop stale temps.

    Only leftovers of processes that are no longer running are touched."""
    parent = target.parent
    if not parent.is_dir():
        return
    olds = sorted(p for p in parent.glob(f".{target.name}.old-*") if not _pid_alive(p.name))
    if not target.exists() and not target.is_symlink() and olds:
        olds[-1].rename(target)
        olds = olds[:-1]
    for stale in [*olds, *parent.glob(f".{target.name}.tmp-*"),
                  *parent.glob(f".{target.name}.spare-*")]:
        if not _pid_alive(stale.name):
            _remove(stale)


def swap_in(new: Path, target: Path) -> None:
    """Replace target by new with two renames; the old output is deleted last.

    If the second rename fails the old output is put back, so an error means 'unchanged'."""
    old = old_name(target)
    had_old = target.exists() or target.is_symlink()
    if had_old:
        target.rename(old)
    try:
        new.rename(target)
    except BaseException:
        if had_old:
            old.rename(target)
        raise
    SWAPPED.append((target, time.monotonic()))
    if not had_old:
        spare.seeded(new, target)  # (a warm process links its SVGs into one)
    elif not spare.swapped(new, target, old):  # (a warm process keeps it)
        _remove(old)  # a part that cannot be deleted stays as .old-PID; the next build retries


def lock_wait() -> float:
    try:
        return max(0.0, float(os.environ.get("CARDGEN_LOCK_WAIT", LOCK_WAIT_SECONDS)))
    except ValueError:
        return LOCK_WAIT_SECONDS



def project_output(project: Path) -> Path:
    """PROJECT/output, where builds and exports write unless told --out: refused when it is a
    link that leads outside the project (nothing is written outside the project unasked)."""
    root = project / "output"
    if (root.exists() or root.is_symlink()) and not root.resolve().is_relative_to(project.resolve()):
        raise ProblemsError([Problem(
            "outside-project", f"{root} leads outside the project (a symbolic link)",
            hint="remove the link, or choose where to write with --out DIR")])
    return root

@contextmanager
def locked(target: Path) -> Iterator[None]:
    """Hold the target's lock file; wait for another build of it, then give up with a Problem.

    The lock file is deleted on release; a waiter that got the lock of a deleted file tries
    again, so two builds never both hold it."""
    path = target.with_name(f".{target.name}.lock")
    deadline = time.monotonic() + lock_wait()
    while True:
        fd = _open_lock(path, target)
        if _flock(fd, deadline):
            try:
                same = os.fstat(fd).st_ino == path.stat().st_ino
            except FileNotFoundError:
                same = False
            if same:
                break
        os.close(fd)
        if time.monotonic() >= deadline:
            raise ProblemsError([Problem(
                "output-locked", f"another cardgen build is writing {target}; it is unchanged",
                hint="wait for that build to finish, or build into another folder with --out DIR")])
    try:
        yield
    finally:
        path.unlink(missing_ok=True)
        os.close(fd)


def _open_lock(path: Path, target: Path) -> int:
    try:
        return os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise _unwritable(target, exc) from None


def _flock(fd: int, deadline: float) -> bool:
    """Take the lock, polling until the deadline; False if another process kept it."""
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.1)


def _unwritable(target: Path, exc: OSError) -> ProblemsError:
    return ProblemsError([Problem(
        "output-unwritable", f"cannot write the output folder {target.parent}: "
        f"{exc.strerror or exc}", hint="give a writable folder with --out DIR")])


@contextmanager
def atomic_folder(target: Path) -> Iterator[Path]:
    """Yield an empty temporary folder; on success it becomes `target`, else it vanishes."""
    tmp = temp_name(target)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise _unwritable(target, exc) from None
    with locked(target):
        try:
            recover(target)
            _remove(tmp)
            spare.take(target, tmp)  # empty, or a warm process's spare with its SVGs
        except OSError as exc:
            raise _unwritable(target, exc) from None
        try:
            yield tmp
        except OSError as exc:  # a full disk, say: named as the file the person will look for
            _remove(tmp)
            raise _named(exc, tmp, target) from None
        except BaseException:
            _remove(tmp)
            raise
        swap_in(tmp, target)


def _named(exc: OSError, tmp: Path, target: Path) -> OSError:
    """The fault with the file it happened to under `target` (not the temporary folder), or
    `target` itself when the fault names no file (a write to a full disk)."""
    name = exc.filename
    if name is None:
        exc.filename = str(target)
    elif isinstance(name, str) and Path(name).is_relative_to(tmp):
        exc.filename = str(target / Path(name).relative_to(tmp))
    return exc


class Previous:
    """The output folder a build replaces: its reusable files by content key."""

    def __init__(self, folder: Path, files: dict[str, tuple[str, int]],
                 digests: dict[str, str] | None = None):
        self.folder = folder
        self.files = files  # source key -> (relative path, size in bytes)
        self.digests = digests or {}  # source key -> the sha256 the manifest gives its file
        self._root: Path | None = None  # folder.resolve(), worked out once (a rebuild links
        # thousands of files; resolving the folder again for each was most of that work)
        self._folders: dict[str, bool] = {}  # a folder of the previous output -> inside it?
        self._prefix = os.path.join(os.fspath(folder), "")  # what os.path.join puts before a name
        self.reused: dict[str, tuple[int, str]] = {}  # target put by this process -> size, sha256
        self.tmp = ""  # the folder the build writes into, as text ending in "/" (`load`)
        self.present: spare.Known = {}  # the SVGs a warm process's spare holds there already
        self.kept: spare.Known = {}  # all it held, for `settle`
        self.linked: spare.Known = {}  # the SVGs of `folder` the build has there (for the next spare)
        self.written: dict[str, str] = {}  # while warm, the SVGs the build wrote: their content keys

    def root(self) -> Path:
        if self._root is None:
            self._root = self.folder.resolve()
        return self._root

    @classmethod
    def load(cls, folder: Path, tmp: Path | None = None) -> Previous:
        """The output in `folder` for a build writing into `tmp` (`atomic_folder`'s, with
        the SVGs of a warm process's spare: `pipeline.spare`)."""
        previous = cls._load(folder)
        if tmp is not None:
            previous.tmp = os.path.join(os.fspath(tmp), "")
            previous.kept = spare.present(tmp)
            previous.present = dict(previous.kept)
        return previous

    @classmethod
    def _load(cls, folder: Path) -> Previous:
        """Read folder/manifest.json; an unreadable, huge or missing one gives nothing to reuse.
        A manifest this process wrote (`remember`, `cardgen watch`), unchanged since, is not
        read again."""
        try:
            path = folder / "manifest.json"
            st = path.lstat()
            if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_MANIFEST_BYTES:
                return cls(folder, {})
            kept = _MANIFESTS.get(warm.identity(st)) if _MANIFESTS else None
            if kept is not None:
                return cls(folder, *kept)
            data = json.loads(path.read_text(encoding="utf-8"))
            files = {r["source"]: (str(p), int(r["bytes"])) for p, r in data["files"].items()
                     if isinstance(r, dict) and isinstance(r.get("source"), str)}
            digests = {r["source"]: r["sha256"] for r in data["files"].values()
                       if isinstance(r, dict) and isinstance(r.get("source"), str)
                       and isinstance(r.get("sha256"), str)}
        except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
            files, digests = {}, {}
        return cls(folder, files, digests)

    @staticmethod
    def remember(path: Path, records: list[FileRecord]) -> None:
        """While the process keeps warm (`pipeline.warm`): what `load` reads from the manifest
        just written at `path` from `records` (its "files", each record measured), kept by the
        file's identity, so the next build of this process takes it without reading it."""
        if not warm.warm():
            return
        from cardgen.pipeline.manifest import reusable_files

        kept = reusable_files(records)  # as the manifest's lines gave it (most are the last's)
        if kept is None:
            kept = _reusable(records)
        if len(_MANIFESTS) >= 8:
            _MANIFESTS.clear()
        _MANIFESTS[warm.identity(os.lstat(path))] = kept

    def _inside(self, relative: str) -> tuple[str, int] | None:
        """The previous output's regular file at a manifest path and its size; None for
        anything else (an absolute path, '..', a symbolic link, a folder, a device)."""
        inside = self._found(relative)
        return (inside[0], inside[1].st_size) if inside is not None else None

    def _found(self, relative: str) -> tuple[str, os.stat_result] | None:
        """`_inside`, with the file's stat."""
        try:
            if _POSIX:  # os.path's checks, written out: a rebuild asks for thousands of files
                if relative.startswith("/") or ".." in relative and _climbs(relative):
                    return None
                source = self._prefix + relative
            else:
                if os.path.isabs(relative) or _climbs(relative):
                    return None
                source = os.path.join(self.folder, relative)
            st = os.lstat(source)
            if not stat.S_ISREG(st.st_mode):  # a link, a folder, a device
                return None
            # a regular file's real path is its folder's real path and its name: each folder
            # is resolved once (a rebuild links thousands of files from a few folders)
            parent = source.rpartition("/")[0] if _POSIX else os.path.dirname(source)
            inside = self._folders.get(parent)
            if inside is None:
                inside = self._folders[parent] = Path(parent).resolve().is_relative_to(self.root())
            return (source, st) if inside else None
        except (OSError, ValueError, RuntimeError):
            return None

    def file(self, relative: str) -> Path | None:
        """The previous output's regular file at a path inside it, if there is one."""
        inside = self._inside(relative)
        return Path(inside[0]) if inside is not None else None

    def reuse(self, key: str, target: Path | str) -> bool:
        """Put the file made from `key` at target (hard link, else copy); False if there is none.
        An SVG the spare left at target (`present`) is kept when it is the one, else deleted
        first (then made as ever)."""
        found = self.files.get(key)
        if self.present and self._there(key, found, str(target)):
            return True
        if found is None:
            return False
        inside = self._found(found[0])
        if inside is None:
            return False
        source, st = inside
        size = st.st_size
        try:
            if size != found[1]:
                return False
            try:
                os.link(source, target)
                if found[0].startswith(_SVGS):
                    self.linked[found[0]] = (key, st.st_ino)
            except OSError:
                shutil.copyfile(source, target)
        except OSError:
            return False
        digest = self.digests.get(key)
        if digest is not None:
            self.reused[str(target)] = (size, digest)
        return True

    def _there(self, key: str, found: tuple[str, int] | None, target: str) -> bool:
        """Whether the spare left the file made from `key` at target (then it is reused as
        linked); another file it left there is deleted (never written through)."""
        name = target[len(self.tmp):] if target.startswith(self.tmp) else ""
        there = self.present.pop(name, None)
        if there is None:
            return False
        if there[0] == key and found is not None and found[0] == name:
            self.linked[name] = there  # the same file in `folder` (the spare's link)
            digest = self.digests.get(key)
            if digest is not None:
                self.reused[target] = (found[1], digest)
            return True
        os.unlink(target)
        return False

    def take_present(self, names: list[str], there: list[tuple[str, int]], targets: list[str],
                     measured: list[tuple[int, str]]) -> None:
        """What `reuse` does for SVGs each of which `_there` finds as the spare left it, for
        many at once: `present` holds `there` at each name (the caller made sure, and that
        the file's key is the one listed at that name with those bytes and sha256,
        `measured`), so each is reused as linked."""
        deque(map(self.present.pop, names), maxlen=0)
        self.linked.update(zip(names, there, strict=True))
        self.reused.update(zip(targets, measured, strict=True))

    def settle(self, tmp: Path, written: list[str], folders: set[str]) -> None:
        """Once the build's files are in `tmp`: the spare's SVGs no file of the build is
        deleted (`spare.settle`)."""
        spare.settle(tmp, self.kept, set(written), folders, self.linked, self.written)

    def measured(self, record: FileRecord, root: Path) -> FileRecord:
        """The record with its file's size and sha256: as its writer gave them (a PDF's writer
        hashes what it writes), or as the previous manifest gave them for a file this process
        linked from it (the same inode), else read from the file."""
        if record.size is not None and record.digest is not None:
            return record
        known = self.reused.get(f"{root}/{record.path}") if self.reused else None
        if known is None:
            return record.measure(root)
        record.size, record.digest = known
        return record


_POSIX = os.name == "posix"
_SVGS = f"{spare.FOLDER}/"
# manifests this process wrote while keeping warm: identity -> Previous's files and digests
_MANIFESTS: dict[tuple[int, ...], tuple[dict[str, tuple[str, int]], dict[str, str]]] = warm.memo({})


def _reusable(records: list[FileRecord]) -> tuple[dict[str, tuple[str, int]], dict[str, str]]:
    """What `Previous._load` reads from a manifest written from `records`."""
    by_path = {r.path: r for r in records}  # as the manifest's "files": the last one wins
    files: dict[str, tuple[str, int]] = {}
    digests: dict[str, str] = {}
    for name in sorted(by_path):  # the order the manifest lists them in
        r = by_path[name]
        if r.source and isinstance(r.source, str) and type(r.size) is int:
            files[r.source] = (name, r.size)
            if isinstance(r.digest, str):
                digests[r.source] = r.digest
    return files, digests


def _climbs(relative: str) -> bool:
    """Whether a relative path names '..' (a folder above): Path(relative).parts, without a
    Path for each of a rebuild's thousands of files where only '/' separates."""
    if os.name == "nt":
        return ".." in Path(relative).parts
    return ".." in relative.split("/")
