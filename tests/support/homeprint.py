"""Reading a build's home-print files: every file of a paper (the duplex one and the
single-sided one), their copies summed."""

from __future__ import annotations

from typing import Any


def home_files(manifest: dict[str, Any], paper: str) -> list[str]:
    """The home-print files of one paper, duplex file first."""
    files = manifest["files"]
    names = [n for n, r in files.items() if r["holds"] == "home-print" and r.get("paper") == paper]
    return sorted(names, key=lambda n: (not files[n].get("duplex"), n))


def home_copies(manifest: dict[str, Any], paper: str) -> dict[str, dict[str, int]]:
    """component id -> side -> copies over all home-print files of the paper."""
    total: dict[str, dict[str, int]] = {}
    for name in home_files(manifest, paper):
        for cid, sides in manifest["files"][name].get("copies", {}).items():
            for side, n in sides.items():
                total.setdefault(cid, {})
                total[cid][side] = total[cid].get(side, 0) + n
    return total
