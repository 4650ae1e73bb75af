"""Build every game in data/ with the real layouts: each component is printed `count` times,
print-shop pages carry their boxes, the pages rasterize."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from cardgen.data.load import load_database
from cardgen.layout import LayoutSession
from cardgen.pipeline import BuildOptions, build
from cardgen.render.facekey import face_key
from tests.support.homeprint import home_copies, home_files
from tests.test_build import form_uses

ROOT = Path(__file__).resolve().parents[1]
GAMES = sorted(p.parent.name for p in (ROOT / "data").glob("*/game.yaml"))


def assert_rules_files(game: str, data: dict[str, Any]) -> None:
    """The rulebook in the packet: typeset and as a booklet, for each paper."""
    for paper in ("letter", "a4"):
        assert data["files"][f"rules-{paper}.pdf"]["pages"] >= 2, (game, paper)
        assert data["files"][f"rules-booklet-{paper}.pdf"]["flip"] == "short", (game, paper)


@pytest.mark.parametrize("game", GAMES)
def test_game_builds_with_every_copy(game: str, tmp_path: Path) -> None:
    lay_out = pytest.importorskip("cardgen.layout").lay_out

    db = load_database(ROOT, game, None)
    session = LayoutSession(db)
    summary = build(db, tmp_path, BuildOptions(preview=False))
    data = json.loads((summary.folder / "manifest.json").read_text())
    printed = set(data["components"])
    assert printed, f"{game}: nothing printed"
    assert_rules_files(game, data)
    for paper in ("letter", "a4"):
        copies = home_copies(data, paper)
        uses: dict[str, int] = {}
        for name in home_files(data, paper):
            for key, n in form_uses(summary.folder / name).items():
                uses[key] = uses.get(key, 0) + n
        expected: dict[str, int] = {}
        for c in db.components:
            if c.id not in printed:
                continue
            assert copies[c.id]["front"] == c.count, (paper, c.id)
            front = lay_out(session, c, "front")
            assert front is not None
            expected[face_key(front)] = expected.get(face_key(front), 0) + c.count
        for key, n in expected.items():  # tiled boards are drawn once per tile
            assert uses.get(key, 0) >= n, (paper, key)
            assert uses.get(key, 0) % n == 0, (paper, key)
    for name, record in data["files"].items():
        if record["holds"] == "print-shop":
            for page in PdfReader(summary.folder / name).pages:
                assert len(page["/TrimBox"]) == 4 and len(page["/BleedBox"]) == 4
