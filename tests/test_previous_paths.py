"""The previous output's files a rebuild may take (pipeline/output.Previous): the manifest paths
written out by hand for speed are taken and refused exactly as os.path's functions had them."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from cardgen.pipeline.output import Previous, _climbs


def _by_os_path(previous: Previous, relative: str) -> tuple[str, int] | None:
    """What Previous._inside gave when it joined and split paths with os.path."""
    try:
        if os.path.isabs(relative) or _climbs(relative):
            return None
        source = os.path.join(previous.folder, relative)
        st = os.lstat(source)
        if not stat.S_ISREG(st.st_mode):
            return None
        inside = Path(os.path.dirname(source)).resolve().is_relative_to(previous.folder.resolve())
        return (source, st.st_size) if inside else None
    except (OSError, ValueError, RuntimeError):
        return None


def test_manifest_paths_are_taken_as_os_path_took_them(tmp_path: Path) -> None:
    folder = tmp_path / "out" / "game-1"
    (folder / "svg" / "card").mkdir(parents=True)
    (folder / "svg" / "card" / "a.svg").write_text("<svg/>")
    (folder / "index.html").write_text("<html/>")
    (folder / "x..y.svg").write_text("<svg/>")
    (tmp_path / "outside.svg").write_text("<svg/>")
    (folder / "svg" / "link.svg").symlink_to(folder / "index.html")
    (folder / "svg" / "away").symlink_to(tmp_path)
    paths = ["svg/card/a.svg", "svg//card/a.svg", "./svg/card/a.svg", "index.html", "x..y.svg",
             "svg/card/../card/a.svg", "../outside.svg", "..", "/etc/passwd",
             str(folder / "index.html"), "svg/link.svg", "svg/away/outside.svg", "svg", "svg/card",
             "missing.svg", "nul\0.svg", ""]
    for shown in (folder, Path(f"{folder}/")):
        previous = Previous(shown, {})
        for relative in paths:
            assert previous._inside(relative) == _by_os_path(previous, relative), relative
    assert Previous(folder, {})._inside("svg/card/a.svg") == (f"{folder}/svg/card/a.svg", 6)
