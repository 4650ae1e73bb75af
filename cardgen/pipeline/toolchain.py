"""Which cardgen this is: `toolchain`, a digest of the package's files and the drawing
libraries' versions (what every content key and every pickled cache is bound to), and
`user_cache`, this user's cache folder, where that digest is kept under a stamp of the files."""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import sys
from collections.abc import Iterable
from functools import cache
from pathlib import Path

_SEPARATORS = re.compile(r"[-_.]+")  # what a distribution's name normalises to "_"

LIBRARIES = ("reportlab", "rl-accel", "pypdfium2", "pillow", "svgwrite", "fonttools", "deflate")


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
    files = _package_files(str(package))
    versions = _versions(LIBRARIES)
    tail = "".join(f"{name}={versions.get(name, 'none')}" for name in LIBRARIES).encode()
    stamp, newest = hashlib.sha1(tail), 0
    for path, st in files:
        stamp.update(f"{path}\0{st.st_size}\0{st.st_mtime_ns}\0{st.st_ino}\n".encode())
        newest = max(newest, st.st_mtime_ns)
    root = user_cache()
    memo = root / f"toolchain-{hashlib.sha1(str(package).encode()).hexdigest()[:16]}" if root else None
    with contextlib.suppress(OSError, ValueError):
        known, digest = memo.read_text(encoding="ascii").split() if memo else ("", "")
        if known == stamp.hexdigest() and memo and newest < memo.stat().st_mtime_ns:
            return digest
    sha = hashlib.sha1()
    for file in (Path(name) for name, _ in files):
        sha.update(file.relative_to(package).as_posix().encode("utf-8"))
        sha.update(file.read_bytes())
    sha.update(tail)
    if memo is not None:
        with contextlib.suppress(OSError):
            memo.parent.mkdir(parents=True, exist_ok=True)
            tmp = memo.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_text(f"{stamp.hexdigest()} {sha.hexdigest()}\n", encoding="ascii")
            os.replace(tmp, memo)
    return sha.hexdigest()


def _package_files(package: str) -> list[tuple[str, os.stat_result]]:
    """The .py and .ttf files of the package (its __pycache__ folders unread), each with its
    stat, in the order of their paths as Path objects sort them (part by part): what os.walk
    finds (a folder it cannot list skipped, a link to a folder not followed), read with the
    stat each directory entry gives, without a Path per file."""
    found: list[tuple[str, os.stat_result]] = []
    folders = [package]
    while folders:
        try:
            entries = list(os.scandir(folders.pop()))
        except OSError:
            continue
        for entry in entries:
            if entry.is_dir():
                if entry.name != "__pycache__" and not entry.is_symlink():
                    folders.append(entry.path)
            elif entry.name.endswith((".py", ".ttf")):
                found.append((entry.path, entry.stat()))
    found.sort(key=lambda item: item[0].split(os.sep))
    return found


def _normal(name: str) -> str:
    return _SEPARATORS.sub("_", name).lower()


def library_versions(names: tuple[str, ...]) -> dict[str, str]:
    """Installed versions of these distributions by name (without importing them)."""
    return _versions(names)


def _versions(names: Iterable[str]) -> dict[str, str]:
    """Installed versions by name, read from the names of the distributions' metadata folders
    on sys.path (`NAME-VERSION.dist-info`, the first found wins, as importlib.metadata finds
    them); importlib.metadata itself only for a name no folder names with a version."""
    wanted = {_normal(n): n for n in names}
    found: dict[str, str] = {}
    for name, version in _metadata_folders(tuple(sys.path)):
        key = wanted.get(name)
        if key is not None and key not in found:
            found[key] = version
    for name in wanted.values():
        if name not in found:
            from importlib import metadata

            with contextlib.suppress(metadata.PackageNotFoundError):
                found[name] = metadata.version(name)
    return found


@cache
def _metadata_folders(path: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """(normalised name, version) of every metadata folder with a version on these sys.path
    entries, in their order: listed once per process and path (what this process imports)."""
    found = []
    for entry in path:
        try:
            children = os.listdir(entry or ".")
        except OSError:
            continue
        for child in children:
            base, dot, ext = child.rpartition(".")
            if not dot or ext.lower() not in ("dist-info", "egg-info"):
                continue
            name, _, version = base.partition("-")
            if version:
                found.append((_normal(name), version))
    return tuple(found)


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
