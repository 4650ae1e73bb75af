"""A rebuild after a one-card edit reuses the previous output's SVGs and previews, and its
output is byte-identical to a clean build of the edited project (previews included)."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO
from tests.support import gen_deck, standin_layout
from tests.test_broken_inputs import tree_hashes

CARDS = 40  # more than one contact sheet (64 faces each) and several pages


@pytest.fixture(autouse=True)
def _layout(monkeypatch: pytest.MonkeyPatch) -> None:
    if not (REPO / "cardgen" / "layout" / "__init__.py").exists():
        monkeypatch.setitem(sys.modules, "cardgen.layout", standin_layout.as_module())


def _build(run_cli, project: Path) -> Path:
    result = run_cli("--project", str(project), "build", gen_deck.TARGET, "--previews")
    assert result.code == 0, result.text
    return project / "output" / f"{gen_deck.GAME}-{gen_deck.EDITION}"


def test_edit_rebuild_equals_clean_build(tmp_path: Path, run_cli) -> None:
    project = gen_deck.make_project(tmp_path / "p", CARDS)
    folder = _build(run_cli, project)
    before = tree_hashes(folder)
    inodes = {p.relative_to(folder).as_posix(): p.stat().st_ino for p in folder.rglob("*.*")}
    gen_deck.edit_one_card(project, 7)

    rebuilt = _build(run_cli, project)
    clean_project = tmp_path / "clean"
    shutil.copytree(project, clean_project, ignore=shutil.ignore_patterns("output"))
    clean = _build(run_cli, clean_project)

    assert tree_hashes(rebuilt) == tree_hashes(clean)
    changed = {k for k, v in tree_hashes(rebuilt).items() if before.get(k) != v}
    assert "svg/card/card-00008.svg" in changed
    assert "svg/card/card-00009.svg" not in changed
    assert any(k.startswith("preview/contact-sheet-") for k in changed)
    # unchanged SVGs and page previews were linked from the previous output, not rewritten
    kept = [p for p in rebuilt.rglob("*.*") if p.suffix in (".svg", ".png")
            and inodes.get(p.relative_to(rebuilt).as_posix()) == p.stat().st_ino]
    assert len(kept) > CARDS
    sheets = [k for k in json.loads((rebuilt / "manifest.json").read_text())["files"]
              if k.startswith("preview/contact-sheet")]
    assert sheets == ["preview/contact-sheet-001.png", "preview/contact-sheet-002.png"]


def test_changed_code_or_image_is_not_reused(tmp_path: Path) -> None:
    """An image's content, never its path or time, is in the key of a face that draws it."""
    from PIL import Image as PILImage

    from cardgen.layout.drawing import Drawing, Image
    from cardgen.layout.guards import image_digest
    from cardgen.pipeline.sources import Sources
    from cardgen.render.facekey import face_key

    art, moved = tmp_path / "art.png", tmp_path / "elsewhere" / "art.png"
    moved.parent.mkdir()
    PILImage.new("RGB", (4, 4), "red").save(art)
    moved.write_bytes(art.read_bytes())

    def key(path: Path) -> str:
        face = Drawing("f", 10, 10, items=[Image(0, 0, 5, 5, str(path), image_digest(path))])
        return Sources().key("svg", face_key(face))

    first = key(art)
    assert key(moved) == first  # same bytes in another folder: same key
    PILImage.new("RGB", (4, 4), "blue").save(art)
    assert key(art) != first
