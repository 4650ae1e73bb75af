"""What the speed work moved must still be true: the manifest's sizes and hashes, measured by
the workers as they write, are the files' own; a rebuild after an edit writes what a cold
build writes."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from cardgen.cli import main
from tests.support import gen_deck


def _build(project: Path, out: Path) -> Path:
    assert main(["--project", str(project), "build", gen_deck.TARGET, "--out", str(out)]) == 0
    return out / f"{gen_deck.GAME}-{gen_deck.EDITION}"


def test_manifest_sizes_and_hashes_are_the_files(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("CARDGEN_JOBS", "2")
    folder = _build(gen_deck.make_project(tmp_path / "p", 30), tmp_path / "out")
    files = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))["files"]
    assert len(files) > 60
    for name, entry in files.items():
        data = (folder / name).read_bytes()
        assert entry["bytes"] == len(data), name
        assert entry["sha256"] == hashlib.sha256(data).hexdigest(), name
