"""Whether files a server depends on changed: cardgen's own modules and the installed packages
(a server that finds them changed runs no command), the project's layouts and icons (re-read
when they changed).

`WatchedFiles` holds files as they were last taken (each by size, modification time and
inode; for the installed packages, the folders they live in, whose entries an install, an
upgrade or a removal changes) and answers whether they changed since. Walking cardgen's ~250
modules costs a millisecond and more for each command; on Linux, where the files lie on a
local file system, the kernel tells of every change instead (`Watch`: inotify, an event for
each entry of a watched folder written, touched, made, removed or renamed, for a watched file
written or touched, and for either moved or removed), so a command costs one read that finds
no event and a look at the top paths (each still the file or folder watched). An event, a top
path that leads elsewhere now, or a watch that could not be made sends it back to the walk,
which decides (an event may change nothing: a __pycache__ folder made) and watches the
folders it finds. Elsewhere (no inotify, a network or FUSE file system, a file that is a link,
whose target no watch of its folder sees) it walks for every command.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

State = dict[str, tuple[int, int, int]]

# inotify(7): what a watched folder reports of its entries (written, touched, made, removed,
# renamed) and of itself (moved, removed)
IN_MODIFY, IN_ATTRIB, IN_CLOSE_WRITE = 0x2, 0x4, 0x8
IN_MOVED_FROM, IN_MOVED_TO, IN_CREATE, IN_DELETE = 0x40, 0x80, 0x100, 0x200
IN_DELETE_SELF, IN_MOVE_SELF = 0x400, 0x800
EVENTS = (IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_CREATE
          | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF)
IN_NONBLOCK, IN_CLOEXEC = 0o4000, 0o2000000
# file systems whose every change goes through this machine's kernel (which reports it)
LOCAL = frozenset({"ext2", "ext3", "ext4", "xfs", "btrfs", "tmpfs", "ramfs", "overlay", "f2fs",
                   "jfs", "reiserfs", "zfs"})


class Watch:
    """An inotify descriptor watching folders; `blind` once a watch could not be made (or a
    change could escape it), and then for good."""

    def __init__(self, fd: int, add: object) -> None:
        self.fd, self._add = fd, add
        self.blind = False
        self.tops: dict[str, tuple[int, int] | None] = {}  # a top folder's path: (device, inode)

    @classmethod
    def made(cls, tops: list[str]) -> Watch | None:
        """A watch for folders under `tops`, all on local file systems; None where the kernel
        cannot tell of their changes."""
        if not sys.platform.startswith("linux") or not all(_local(top) for top in tops):
            return None
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            fd = libc.inotify_init1(IN_NONBLOCK | IN_CLOEXEC)
        except (OSError, AttributeError):
            return None
        return cls(fd, libc.inotify_add_watch) if fd >= 0 else None

    def add(self, folder: str) -> None:
        """Watch `folder` from now on."""
        if not self.blind and self._add(self.fd, os.fsencode(folder), EVENTS) < 0:  # type: ignore[operator]
            self.blind = True  # too many watches, gone, ...: the walk decides from now on

    def add_top(self, folder: str) -> None:
        """Watch `folder`, if there is one, and look at its path too: the folder it leads to
        (None: none, or it changed while the watch was made) is the one watched."""
        before = _identity(folder)
        if before is not None:
            self.add(folder)
        self.tops[folder] = before if _identity(folder) == before else None

    def quiet(self) -> bool:
        """Whether nothing changed in the watched folders since the last look (False: maybe)."""
        if self.blind:
            return False
        events = False
        while True:
            try:
                if not os.read(self.fd, 1 << 16):
                    break
            except BlockingIOError:
                break
            except OSError:
                self.blind = True
                return False
            events = True
        return not events and all(_identity(path) == seen for path, seen in self.tops.items())

    def close(self) -> None:
        os.close(self.fd)


def _identity(path: str) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino


def _local(path: str) -> bool:
    """Whether `path` and everything under it lie on a local file system (/proc/self/mountinfo:
    the last mount over the longest mount point holding it, no mount point under it)."""
    real = os.path.realpath(path)
    point, kind = "", ""
    try:
        with open("/proc/self/mountinfo", encoding="utf-8", errors="surrogateescape") as mounts:
            for line in mounts:
                fields, _, rest = line.partition(" - ")
                where = _unescaped(fields.split()[4])
                if where.startswith(real.rstrip("/") + "/"):
                    return False  # another file system mounted under it
                if _holds(where, real) and len(where) >= len(point):
                    point, kind = where, rest.split()[0]
    except (OSError, IndexError):
        return False
    return kind in LOCAL


def _holds(folder: str, path: str) -> bool:
    return path == folder or path.startswith(folder.rstrip("/") + "/")


def _unescaped(text: str) -> str:
    """A mountinfo path: space, tab, newline and backslash written as octal escapes."""
    for code, char in (("\\040", " "), ("\\011", "\t"), ("\\012", "\n"), ("\\134", "\\")):
        text = text.replace(code, char)
    return text


def files_state(roots: list[Path], suffix: str = "", watch: Watch | None = None) -> State:
    """Every file under `roots` (ending in `suffix`): (size, mtime_ns, inode) by path. With
    `watch`, each folder is watched before it is read."""
    state: State = {}
    stack = [str(r) for r in roots]
    while stack:
        path = stack.pop()
        try:
            if watch is not None and os.path.isdir(path):
                watch.add(path)
            with os.scandir(path) as entries:
                for entry in entries:
                    if entry.is_dir(follow_symlinks=False):
                        if entry.name != "__pycache__":
                            stack.append(entry.path)
                    elif entry.name.endswith(suffix):
                        if watch is not None and entry.is_symlink():
                            watch.blind = True  # its target's changes reach no watch
                        st = entry.stat()
                        state[entry.path] = (st.st_size, st.st_mtime_ns, st.st_ino)
        except NotADirectoryError:
            st = os.stat(path)
            state[path] = (st.st_size, st.st_mtime_ns, st.st_ino)
        except FileNotFoundError:
            pass
    return state


def package_folders() -> list[str]:
    """The sys.path folders installed packages live in (site-packages, dist-packages)."""
    return [entry for entry in sys.path if entry.endswith(("site-packages", "dist-packages"))]


class WatchedFiles:
    """Every file under `roots` (ending in `suffix`; a root may be a file) and the `folders`
    themselves (their entries' changes) as they were last taken, and whether they changed
    since: told by a watch where the kernel can, else (or when it tells of an event) walked."""

    def __init__(self, roots: list[str], suffix: str = "", folders: list[str] | None = None) -> None:
        self.roots, self.suffix, self.folders = roots, suffix, folders or []
        self.watch = Watch.made([*self.roots, *self.folders])
        self.state = self.now = self._walked()
        self.differs = False  # as the last walk found (the watch then tells nothing)

    def _walked(self) -> State:
        """The files and folders as they are now, each folder watched before it is read."""
        if self.watch is not None:
            for top in (*self.roots, *self.folders):
                self.watch.add_top(top)
        state = files_state([Path(root) for root in self.roots], self.suffix, self.watch)
        for folder in self.folders:
            try:
                st = os.stat(folder)
            except OSError:
                continue
            state[f"path:{folder}"] = (0, st.st_mtime_ns, st.st_ino)
        return state

    def changed(self) -> bool:
        """Whether a file or folder changed since they were last taken (what they are now is
        taken with `take`)."""
        if not self.differs and self.watch is not None and self.watch.quiet():
            return False
        self.now = self._walked()
        self.differs = self.now != self.state
        return self.differs

    def take(self) -> None:
        """The files as the last `changed` found them are what later changes are told against."""
        self.state, self.differs = self.now, False

    def close(self) -> None:
        if self.watch is not None:
            self.watch.close()


def code_files() -> WatchedFiles:
    """cardgen's own modules and the folders installed packages live in (an install, an
    upgrade or a removal changes their entries)."""
    from cardgen.cli.serve_request import package_folder

    return WatchedFiles([package_folder()], ".py", package_folders())
