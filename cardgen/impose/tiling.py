"""A board larger than the printable window -> page-sized tiles overlapping by a band, and the
registration points the tiles either side of a band share (print-spec 4.3)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from cardgen.impose.geometry import BAND, TILE_OVERLAP, Box, Paper, content_box
from cardgen.records import record


@record(frozen=True)
class Tile:
    row: int
    col: int
    rows: int
    cols: int
    region: Box  # the part of the board this tile shows, board mm
    window: Box  # where that part is printed on the page


def tile_count(length: float, window: float, overlap: float) -> int:
    """Tiles along one axis: ceil((L - o) / (T - o)), at least 1."""
    if length <= window + 1e-6:
        return 1
    return math.ceil((length - overlap) / (window - overlap) - 1e-9)


TILE_MARK_ROOM = 6.0  # tile windows keep this inside the printable area for their marks


def tile_window(paper: Paper) -> Box:
    """Where a tile prints: the content area with a label band, with room for its marks."""
    room = paper.printable.grow(-TILE_MARK_ROOM, -TILE_MARK_ROOM, -TILE_MARK_ROOM, 0.0)
    window = content_box(paper, BAND).intersect(room)
    assert window is not None
    return window


def tiles_on(paper: Paper, board_w: float, board_h: float, overlap: float) -> list[Tile]:
    window = tile_window(paper)
    cols = tile_count(board_w, window.w, overlap)
    rows = tile_count(board_h, window.h, overlap)
    sx, sy = window.w - overlap, window.h - overlap
    return [
        Tile(r, c, rows, cols, Box(c * sx, r * sy, window.w, window.h), window)
        for r in range(rows)
        for c in range(cols)
    ]


def tiles(
    board_w: float, board_h: float, paper: Paper, overlap: float = TILE_OVERLAP
) -> tuple[Paper, list[Tile]]:
    """Cover a board with page-sized tiles overlapping by `overlap`; the orientation with
    fewer sheets wins (portrait on a tie)."""
    best: tuple[Paper, list[Tile]] | None = None
    for oriented in (paper, paper.turned):
        found = tiles_on(oriented, board_w, board_h, overlap)
        if best is None or len(found) < len(best[1]):
            best = (oriented, found)
    assert best is not None
    return best


def registration_points(tile_list: Sequence[Tile], overlap: float,
                        board: tuple[float, float] | None = None) -> list[tuple[float, float]]:
    """Board points in the middle of every overlap band, shared by the tiles either side,
    centred on the part of the band the board fills (its size given)."""
    if not tile_list:
        return []
    t0 = tile_list[0]
    sx, sy = t0.window.w - overlap, t0.window.h - overlap
    bw, bh = board or (math.inf, math.inf)
    points = []
    for r in range(t0.rows):
        for c in range(t0.cols - 1):
            points.append(((c + 1) * sx + overlap / 2, r * sy + min(t0.window.h, bh - r * sy) / 2))
    for r in range(t0.rows - 1):
        for c in range(t0.cols):
            points.append((c * sx + min(t0.window.w, bw - c * sx) / 2, (r + 1) * sy + overlap / 2))
    return points
