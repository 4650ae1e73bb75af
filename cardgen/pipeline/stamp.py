"""A rebuild that would change nothing stops early: `cardgen build` with the same command line,
on the same inputs and code, over the output folder its last build left, says what that build
said and writes nothing.

A build that ends (not a draft, no --changed-since or --simulate) leaves a signed record in
PROJECT/.cardgen-cache/built-<key>.pickle, under a key of its command line, working folder
and environment (`command_key`): what it read (`Inputs`: every file of the project, its
hidden folders and output folders apart, of cardgen's assets, and the images and rulebooks it
read wherever they lie: name, size, modification and change times, inode; the cardgen code,
the installed distributions and Python), the manifest.json of the output folder it wrote
(size, modification time, inode) and what it printed. The next build with that key takes the
project's files as they are before it reads any (so an edit made while it runs is never
taken as seen); when they, the code and the output folder are as recorded, it prints the
same lines (its own seconds) and ends without loading the data, laying out or writing
anything. The output folder is as its build left it when it holds the files its manifest
lists and no other, each of the size listed and changed no later than the manifest (a build
writes it last). Anything else (a file added, removed, touched or edited anywhere in the project,
an output file changed or removed, another version of cardgen or of a library) builds as
ever, and the record is written again.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import stat
import sys
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from cardgen.pipeline.signed import _MISSING, read_signed, write_signed
from cardgen.pipeline.toolchain import toolchain

CACHE_FOLDER = ".cardgen-cache"  # as pipeline.sources names it (not imported: it loads the data)
OUTPUT_FOLDER = "output"  # PROJECT/output, every build's default output root
ASSETS = Path(__file__).resolve().parent.parent / "assets"
ENVIRONMENT = ("CARDGEN_", "RL_")  # what may change cardgen's or reportlab's work
FORMAT = 2

FileStat = tuple[int, int, int, int]  # size, mtime_ns, ctime_ns, inode


def command_key(args: dict[str, Any]) -> str:
    """Digest of a build's command line (its parsed options), the working folder and the
    environment variables cardgen and reportlab read."""
    options = sorted((k, repr(v)) for k, v in args.items() if not callable(v))
    env = sorted((k, v) for k, v in os.environ.items() if k.startswith(ENVIRONMENT))
    text = repr((FORMAT, options, os.getcwd(), env))
    return hashlib.sha1(text.encode("utf-8", "surrogateescape")).hexdigest()


def stamp_path(project: Path, key: str) -> Path:
    return project / CACHE_FOLDER / f"built-{key[:20]}.pickle"


@cache
def _code() -> str:
    """The cardgen code, every installed distribution (by its metadata folder's name) and
    Python: what the record is valid for."""
    names = []
    for entry in sys.path:
        try:
            names += [n for n in os.listdir(entry or ".") if n.endswith((".dist-info", ".egg-info"))]
        except OSError:
            continue
    return f"{toolchain()}\0{sys.version}\0{sorted(names)}"


def _stat(path: str) -> FileStat | None:
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino


def _walk(root: str, skip: frozenset[str], out: dict[str, FileStat | str],
          seen: set[str] | None = None, real_root: str | None = None) -> None:
    """Every entry under root (hidden folders and `skip` apart): a file by its stat, a folder
    by what it is, a link by its text and what it leads to (a folder walked through it, once).
    A folder that is no link lies, resolved, in its parent's resolved path under its own name,
    so only the root and links are resolved (`os.path.realpath`: a system call per part)."""
    real_root = os.path.realpath(root) if real_root is None else real_root
    seen = {real_root} if seen is None else seen
    try:
        entries = list(os.scandir(root))
    except OSError:
        out[root] = "unreadable"
        return
    for entry in entries:
        path = entry.path
        try:
            if entry.is_dir(follow_symlinks=True):
                if entry.name.startswith(".") or path in skip:
                    continue
                link = entry.is_symlink()
                real = os.path.realpath(path) if link else os.path.join(real_root, entry.name)
                out[path] = f"link:{os.readlink(path)}" if link else "folder"
                if real not in seen:
                    seen.add(real)
                    _walk(path, skip, out, seen, real)
            elif entry.is_symlink():
                out[path] = f"link:{os.readlink(path)}"
                target = _stat(path)
                if target is not None:
                    out[path + "\0target"] = target
            else:
                st = entry.stat(follow_symlinks=False)
                out[path] = (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)
        except OSError:
            out[path] = "unreadable"


class Inputs:
    """What a build of a project may read, as it stands now."""

    def __init__(self, project: Path, out_root: Path | None) -> None:
        self.project = os.path.abspath(project)
        skip = {os.path.join(self.project, OUTPUT_FOLDER)}
        if out_root is not None:
            skip.add(os.path.abspath(out_root))
        self.files: dict[str, FileStat | str] = {}
        _walk(self.project, frozenset(skip), self.files)
        _walk(str(ASSETS), frozenset(), self.files)

    def with_files(self, paths: Iterable[str]) -> dict[str, FileStat | str]:
        """The stats with these files' too (those outside what was walked)."""
        files = dict(self.files)
        for path in paths:
            path = os.path.abspath(path)
            if path not in files:
                found = _stat(path)
                files[path] = found if found is not None else "missing"
        return files


def _manifest_stat(folder: Path) -> tuple[int, int, int] | None:
    try:
        st = os.lstat(folder / "manifest.json")
    except OSError:
        return None
    return (st.st_size, st.st_mtime_ns, st.st_ino) if stat.S_ISREG(st.st_mode) else None


def _output_as_described(folder: Path, manifest: tuple[int, int, int]) -> bool:
    """Whether the output folder holds what its manifest.json lists and nothing else: each
    file regular, of the size listed, and last changed no later than the manifest (which a
    build writes last), the manifest itself as recorded."""
    import json

    if _manifest_stat(folder) != manifest:
        return False
    try:
        listed = json.loads((folder / "manifest.json").read_bytes())["files"]
        sizes = {os.path.join(folder, name): entry["bytes"] for name, entry in listed.items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return False
    sizes[os.path.join(folder, "manifest.json")] = manifest[0]
    newest, found, stack = manifest[1], 0, [str(folder)]
    while stack:
        try:
            entries = list(os.scandir(stack.pop()))
        except OSError:
            return False
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                stack.append(entry.path)
                continue
            st = entry.stat(follow_symlinks=False)
            if (not stat.S_ISREG(st.st_mode) or sizes.get(entry.path) != st.st_size
                    or st.st_mtime_ns > newest):
                return False
            found += 1
    return found == len(sizes)


def recorded(project: Path, key: str, inputs: Inputs) -> dict[str, Any] | None:
    """What the last build with this key printed (`said`), if the project's files, the code
    and its output folder are all as it left them; else None."""
    found = read_signed(stamp_path(project, key))
    if found is _MISSING or not isinstance(found, dict) or found.get("format") != FORMAT:
        return None
    files = found["inputs"]
    extra = [p for p in files if p not in inputs.files and "\0" not in p]
    if inputs.with_files(extra) != files or found["code"] != _code():
        return None
    if not _output_as_described(Path(found["folder"]), found["manifest"]):
        return None
    said: dict[str, Any] = found["said"]
    return said


def record(project: Path, key: str, inputs: Inputs, read: Iterable[str], folder: Path,
           said: dict[str, Any]) -> None:
    """Note that a build with this key, over these inputs (and the files `read` outside
    them), left `folder` (its manifest.json as it is now) and printed `said`."""
    manifest = _manifest_stat(folder)
    if manifest is None:
        forget(project, key)
        return
    write_signed(stamp_path(project, key), {
        "format": FORMAT, "inputs": inputs.with_files(read), "code": _code(),
        "folder": str(folder), "manifest": manifest, "said": said})


def forget(project: Path, key: str) -> None:
    """No record for this key (a build that did not end as recorded)."""
    with contextlib.suppress(OSError):
        stamp_path(project, key).unlink(missing_ok=True)
