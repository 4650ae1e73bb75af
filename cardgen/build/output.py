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
cover everything the file depends on, so the result is the same as a clean build's.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def temp_name(target: Path) -> Path:
    return target.with_name(f".{target.name}.tmp-{os.getpid()}")


def old_name(target: Path) -> Path:
    return target.with_name(f".{target.name}.old-{os.getpid()}")


def recover(target: Path) -> None:
    """Undo what an interrupted build left: restore a renamed-away output, drop stale temps."""
    parent = target.parent
    if not parent.is_dir():
        return
    olds = sorted(parent.glob(f".{target.name}.old-*"))
    if not target.exists() and olds:
        olds[-1].rename(target)
        olds = olds[:-1]
    for stale in [*olds, *parent.glob(f".{target.name}.tmp-*")]:
        shutil.rmtree(stale, ignore_errors=True)


def swap_in(new: Path, target: Path) -> None:
    """Replace target by new with two renames; the old output is deleted last."""
    old = old_name(target)
    if target.exists():
        target.rename(old)
    new.rename(target)
    if old.exists():
        shutil.rmtree(old)


@contextmanager
def atomic_folder(target: Path) -> Iterator[Path]:
    """Yield an empty temporary folder; on success it becomes `target`, else it vanishes."""
    target.parent.mkdir(parents=True, exist_ok=True)
    recover(target)
    tmp = temp_name(target)
    if tmp.exists():
        shutil.rmtree(tmp)
    tmp.mkdir()
    try:
        yield tmp
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    swap_in(tmp, target)


class Previous:
    """The output folder a build replaces: its reusable files by content key."""

    def __init__(self, folder: Path, files: dict[str, tuple[str, int]]):
        self.folder = folder
        self.files = files  # source key -> (relative path, size in bytes)

    @classmethod
    def load(cls, folder: Path) -> Previous:
        """Read folder/manifest.json; an unreadable or missing one gives nothing to reuse."""
        try:
            data = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
            files = {r["source"]: (path, int(r["bytes"])) for path, r in data["files"].items()
                     if isinstance(r, dict) and r.get("source")}
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            files = {}
        return cls(folder, files)

    def reuse(self, key: str, target: Path) -> bool:
        """Put the file made from `key` at target (hard link, else copy); False if there is none."""
        found = self.files.get(key)
        if found is None:
            return False
        source = self.folder / found[0]
        try:
            if source.stat().st_size != found[1]:
                return False
            try:
                os.link(source, target)
            except OSError:
                shutil.copyfile(source, target)
        except OSError:
            return False
        return True
