"""A warm process's output folder before last, kept as its next build's temporary folder.

A build writes into a new temporary folder and links every unchanged file (thousands of SVGs)
from the output it replaces, whose folder is deleted once the new one is swapped in
(`output.atomic_folder`): after a one-card edit, most of the rebuild's file system work is
linking and deleting the same SVGs again. While the process keeps warm (`pipeline.warm`,
`cardgen watch`), the folder swapped out is kept instead, as `.<name>.spare-<pid>` beside the
output, with what this process knows of its SVGs: each one this build linked into the new
output from it (the same file: its content key and inode). The next build renames it to its
temporary folder and keeps there only those SVGs (found as regular files with the inode
recorded; anything else in it is deleted first), so an SVG whose content key comes up again
at the same path is already in place (`output.Previous.reuse`), and the SVGs no build asked
for are deleted before the swap (`settle`). Only files under svg/ are kept so; the folder is
otherwise as empty as a new one. The spares are deleted when keeping stops, and a spare left
by a process that died is removed by the next build (`output.recover`).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
from collections.abc import Collection
from pathlib import Path

from cardgen.pipeline import warm

FOLDER = "svg"
Known = dict[str, tuple[str, int]]  # path under svg/ -> (its content key, its inode)
_SPARES: dict[str, tuple[Path, Known]] = {}  # target -> its spare folder, what is known of it
_PRESENT: dict[str, Known] = {}  # a temporary folder made from a spare -> the SVGs kept in it
_NEXT: dict[str, Known] = {}  # a temporary folder -> what it will know as the next spare
_FRESH: dict[str, dict[str, str]] = {}  # a temporary folder -> the SVGs written there: their keys


def spare_name(target: Path) -> Path:
    return target.with_name(f".{target.name}.spare-{os.getpid()}")


def take(target: Path, tmp: Path) -> None:
    """Make the temporary folder `tmp` (which does not exist): from the target's spare while
    the process keeps one, holding only the SVGs known to be what they were; else empty.
    Whatever an earlier build into `tmp` that did not end left of it is let go of first."""
    _PRESENT.pop(str(tmp), None)
    _NEXT.pop(str(tmp), None)
    _FRESH.pop(str(tmp), None)
    kept = _SPARES.pop(str(target), None)
    if kept is not None and warm.warm():
        folder, known = kept
        try:
            folder.rename(tmp)
            if stat.S_ISDIR(os.lstat(tmp).st_mode):
                _PRESENT[str(tmp)] = _pruned(tmp, known)
                return
            tmp.unlink()
        except OSError:
            shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir()


def present(tmp: Path) -> Known:
    """The SVGs `take` kept in the temporary folder (taken once)."""
    return _PRESENT.pop(str(tmp), {})


def _pruned(tmp: Path, known: Known) -> Known:
    """Delete all but the known SVGs (a regular file at svg/KIND/NAME with the inode known);
    what is left."""
    out: Known = {}
    for entry in os.scandir(tmp):
        if entry.name != FOLDER or not entry.is_dir(follow_symlinks=False):
            _delete(entry)
            continue
        for sub in os.scandir(entry.path):
            if not sub.is_dir(follow_symlinks=False):
                _delete(sub)
                continue
            if not _kept_in(sub, known, out):
                _rmdir(sub.path)
        if not out:
            _rmdir(entry.path)
    return out


def _kept_in(sub: os.DirEntry[str], known: Known, out: Known) -> bool:
    """Into `out`, the known SVGs of the folder svg/KIND `sub`, all else in it deleted;
    whether it keeps any."""
    prefix, get, before = f"{FOLDER}/{sub.name}/", known.get, len(out)
    for item in os.scandir(sub.path):
        name = prefix + item.name
        found = get(name)
        if (found is not None and item.inode() == found[1]
                and item.is_file(follow_symlinks=False)):
            out[name] = found
        else:
            _delete(item)
    return len(out) > before


def _rmdir(path: str | Path) -> None:
    with contextlib.suppress(OSError):
        os.rmdir(path)


def _delete(entry: os.DirEntry[str]) -> None:
    if entry.is_dir(follow_symlinks=False):
        shutil.rmtree(entry.path, ignore_errors=True)
    else:
        with contextlib.suppress(OSError):
            os.unlink(entry.path)


def settle(tmp: Path, kept: Known, written: Collection[str], folders: Collection[str],
           known: Known, fresh: dict[str, str] | None = None) -> None:
    """Once the build's files are written: the SVGs kept from the spare that no file of the
    build is (`written`: every path it wrote or linked) deleted, then the folders under svg/
    left empty that a new folder would not have (`folders`: those the build makes); `known`
    is what the folder will be known to hold once it is the next spare."""
    emptied = set()
    for name in kept.keys() - written:
        try:
            os.unlink(tmp / name)
        except OSError:
            continue
        emptied.add(name.rpartition("/")[0])
    for folder in sorted(emptied, reverse=True):
        if folder not in folders:
            _rmdir(tmp / folder)
    if emptied and FOLDER not in folders:
        _rmdir(tmp / FOLDER)
    if warm.warm():
        _NEXT[str(tmp)] = known
        if fresh:
            _FRESH[str(tmp)] = fresh


def seeded(new: Path, target: Path) -> None:
    """After `new` became `target` where there was no output before: while the build made
    `new` warm, a spare made of links to the SVGs it wrote (`settle`'s `fresh`), so the
    next build finds them in place as it finds an older output's. A file that is not the
    regular file written there is left out."""
    _NEXT.pop(str(new), None)
    fresh = _FRESH.pop(str(new), None)
    if not fresh or not warm.warm():
        return
    spare = spare_name(target)
    at = str(spare)  # the links' paths as strings: a Path for each costs more than the link
    known: Known = {}
    try:
        shutil.rmtree(spare, ignore_errors=True)
        spare.mkdir()
        for kind in os.scandir(target / FOLDER):
            if not kind.is_dir(follow_symlinks=False):
                continue
            made = False
            for item in os.scandir(kind.path):
                name = f"{FOLDER}/{kind.name}/{item.name}"
                key = fresh.get(name)
                if key is None or not item.is_file(follow_symlinks=False):
                    continue
                if not made:
                    os.makedirs(f"{at}/{FOLDER}/{kind.name}")
                    made = True
                os.link(item.path, f"{at}/{name}")
                known[name] = (key, item.inode())
    except OSError:
        shutil.rmtree(spare, ignore_errors=True)
        return
    _SPARES[str(target)] = (spare, known)


def swapped(new: Path, target: Path, old: Path) -> bool:
    """After `new` replaced `target` (the output it replaced renamed to `old`): keep `old` as
    the target's spare when the build made `new` warm; False when it is to be deleted."""
    known = _NEXT.pop(str(new), None)
    _FRESH.pop(str(new), None)  # what `seeded` would have linked: an older output is the spare
    if known is None or not warm.warm():
        return False
    try:
        if not stat.S_ISDIR(os.lstat(old).st_mode):
            return False
        spare = spare_name(target)
        shutil.rmtree(spare, ignore_errors=True)
        old.rename(spare)
    except OSError:
        return False
    _SPARES[str(target)] = (spare, known)
    return True


def _forget() -> None:
    for folder, _ in _SPARES.values():
        shutil.rmtree(folder, ignore_errors=True)
    _SPARES.clear()
    _PRESENT.clear()
    _NEXT.clear()
    _FRESH.clear()


warm.on_forget(_forget)
