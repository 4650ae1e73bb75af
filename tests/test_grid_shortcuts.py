"""Grids worked out the short way give what the long way gives: a grid's clips
(`geometry._grid_clips`, each trim's gaps found in one pass over the others) are what
`neighbour_gap` gives side by side, to the bit, on grids and random boxes (near-touching ones
included); `home.grid_count` is how many slots `grid_slots` makes."""

from __future__ import annotations

import random

import pytest

from cardgen.impose import geometry, home
from cardgen.impose.geometry import Box, Slot


def _reference(slots: list[Slot], region: Box) -> list[Box]:
    """grid_clips as it was written first: `neighbour_gap` per trim and side."""
    trims = [s.trim for s in slots]
    edges = geometry.outer_edges(geometry.bbox(trims), region)
    clips = []
    for t in trims:
        sides = []
        for side in ("left", "top", "right", "bottom"):
            gap = geometry.neighbour_gap(t, trims, side)
            sides.append(edges[side].bleed if gap is None else max(0.0, gap / 2))
        clips.append(t.grow(*sides))
    return clips


def _bits(boxes: list[Box]) -> list[tuple[str, ...]]:
    return [tuple(v.hex() for v in (b.x, b.y, b.w, b.h)) for b in boxes]


def _grids() -> list[tuple[list[Slot], Box]]:
    rnd = random.Random(25)
    cases = []
    for _ in range(300):
        w, h = rnd.choice([63.0, 88.0, 25.4, 41.3, 70.0]), rnd.choice([88.0, 63.0, 25.4, 30.1])
        gutter = rnd.choice([0.0, 0.0, 2.0, 3.175, 1e-7, 5e-7, 2e-6])
        box = Box(rnd.uniform(0, 20), rnd.uniform(0, 20), rnd.uniform(60, 280),
                  rnd.uniform(60, 400))
        slots = geometry.grid_slots(box, w, h, gutter)[:rnd.randint(1, 12)]
        if slots:
            cases.append((slots, box.grow(*(rnd.choice([0.0, 5.0, 12.0]) for _ in range(4)))))
    for _ in range(200):  # boxes anywhere: overlapping, touching, side by side, apart
        near = [0.0, 0.0, 5e-7, -5e-7, 1e-6, 2e-6, -2e-6]  # within the tolerance and past it
        slots = [Slot(rnd.choice([0.0, -0.0, 10.0, 20.0, rnd.uniform(-5, 50)]) + rnd.choice(near),
                      rnd.choice([0.0, 10.0, 20.0, rnd.uniform(-5, 50)]) + rnd.choice(near),
                      rnd.choice([10.0, rnd.uniform(1, 20)]), rnd.choice([10.0, rnd.uniform(1, 20)]))
                 for _ in range(rnd.randint(1, 9))]
        cases.append((slots, Box(-20.0, -20.0, 120.0, 120.0)))
    return cases


@pytest.mark.parametrize("case", range(0, 500, 25))
def test_grid_clips_are_the_neighbour_gaps_side_by_side(case: int) -> None:
    for slots, region in _grids()[case:case + 25]:
        assert _bits(geometry.grid_clips(slots, region)) == _bits(_reference(slots, region))


def test_grid_count_is_how_many_slots_grid_slots_makes() -> None:
    rnd = random.Random(15)
    for _ in range(2000):
        box = Box(rnd.uniform(0, 20), rnd.uniform(0, 20), rnd.choice([0.0, rnd.uniform(10, 300)]),
                  rnd.uniform(10, 400))
        w, h = rnd.choice([63.0, 88.0, rnd.uniform(5, 200)]), rnd.choice([88.0, rnd.uniform(5, 200)])
        gutter = rnd.choice([0.0, 2.0, 3.175, rnd.uniform(0, 5)])
        assert home.grid_count(box, w, h, gutter) == len(geometry.grid_slots(box, w, h, gutter))
