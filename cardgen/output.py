"""A target folder -> a temporary sibling to write into, swapped in whole only on success.

    with atomic_folder(out_root / "game-1.0") as tmp:
        (tmp / "pnp-a4.pdf").write_bytes(...)

The temporary folder sits next to the target (same filesystem, so renames are atomic). On
success the previous output is renamed away, the new one renamed in, the old one deleted. On
an exception the temporary folder is deleted and the target is not touched. A build killed
halfway leaves only a stale `.<name>.tmp-*` folder, removed by the next build; if it died
between the two renames, the next build first puts the previous output back.
"""

from __future__ import annotations

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
