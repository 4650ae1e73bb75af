"""Ring boards print at true size across pages, and their tiles line up (geometry)."""

from __future__ import annotations

import math

import pytest

from cardgen import impose
from cardgen.data.load import load_database
from cardgen.layout import LayoutSession, lay_out
from cardgen.layout.drawing import Ellipse, Group
from tests.conftest import REPO


@pytest.fixture(scope="module")
def db():
    return load_database(REPO, "orbital-debris", None)


def _ellipses(items, dx=0.0, dy=0.0):
    for item in items:
        if isinstance(item, Ellipse):
            yield Ellipse(item.cx + dx, item.cy + dy, item.rx, item.ry, item.style)
        elif isinstance(item, Group):
            a, b, c, d, e, f = item.transform
            if (a, b, c, d) == (1.0, 0.0, 0.0, 1.0):
                yield from _ellipses(item.items, dx + e, dy + f)


@pytest.mark.parametrize("board_id", ["board-leo", "board-heo", "board-gso"])
def test_board_face_is_true_size_with_every_space_on_its_ring(db, board_id: str) -> None:
    session = LayoutSession(db)
    board = db.by_id()[board_id]
    face = lay_out(session, board, "front")
    assert face is not None
    assert face.width == face.height == board.fields["diameter_mm"]
    centre = face.width / 2
    for ring in board.fields["rings"]:
        radius = ring["space_diameter_mm"] / 2
        spaces = [e for e in _ellipses(face.items) if math.isclose(e.rx, radius)]
        assert len(spaces) == len(ring["spaces"])
        for space, e in zip(ring["spaces"], spaces, strict=True):
            angle = math.radians(space["angle_deg"])
            assert math.isclose(e.cx, centre + ring["radius_mm"] * math.sin(angle), abs_tol=1e-6)
            assert math.isclose(e.cy, centre - ring["radius_mm"] * math.cos(angle), abs_tol=1e-6)


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("board_id", ["board-heo", "board-gso"])
def test_tiles_cover_the_board_and_neighbours_overlap(db, paper: str, board_id: str) -> None:
    size = db.by_id()[board_id].fields["diameter_mm"]
    _, tiles = impose.tiles(size, size, impose.PAPERS[paper])
    assert len(tiles) > 1
    for t in tiles:  # every tile prints at 1:1 in its window
        assert math.isclose(t.region.w, t.window.w) and math.isclose(t.region.h, t.window.h)
    right = max(t.region.right for t in tiles)
    bottom = max(t.region.bottom for t in tiles)
    assert right >= size and bottom >= size and min(t.region.x for t in tiles) == 0
    by_pos = {(t.row, t.col): t for t in tiles}
    for (r, c), t in by_pos.items():
        if (r, c + 1) in by_pos:
            assert math.isclose(t.region.right - by_pos[(r, c + 1)].region.x, impose.TILE_OVERLAP)
        if (r + 1, c) in by_pos:
            assert math.isclose(t.region.bottom - by_pos[(r + 1, c)].region.y, impose.TILE_OVERLAP)
    points = impose.registration_points(tiles, impose.TILE_OVERLAP)
    for x, y in points:  # each registration mark lies on two tiles: they line up when stacked
        holders = [t for t in tiles
                   if t.region.x <= x <= t.region.right and t.region.y <= y <= t.region.bottom]
        assert len(holders) >= 2
