"""No face of a seed game differs from another face of its kind only in colours a colour-blind
player cannot tell apart: the faces are laid out, every colour taken out of their primitives,
and faces drawn alike but for their colours must differ somewhere by CIEDE2000 10 or more under
each of protan, deutan, tritan and greyscale."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

import pytest

import cardgen
from cardgen.layout.drawing import Drawing, Ellipse, Group, Path, Primitive, Rect, Style, Text
from cardgen.layout.vision import KINDS, RISK, delta_e
from cardgen.pipeline.faces import lay_out_faces
from tests.conftest import REPO

SEEDS = ["l5@0.6.5", "l5@act-one", "l5@0.6.2", "lux-aeterna", "orbital-debris"]
NO = "#000001"  # what every colour becomes in a face's shape


def _bleached(item: Primitive, colours: list[str]) -> Primitive:
    """The primitive with its colours taken out (and listed in `colours`, in drawing order)."""
    if isinstance(item, Group):
        return replace(item, items=tuple(_bleached(i, colours) for i in item.items))
    if isinstance(item, Text):
        colours.append(item.color.upper())
        return replace(item, color=NO)
    if isinstance(item, Rect | Ellipse | Path):
        colours.extend(c.upper() for c in (item.style.fill, item.style.stroke) if c)
        return replace(item, style=_bleached_style(item.style))
    return item


def _bleached_style(style: Style) -> Style:
    return replace(style, fill=NO if style.fill else None, stroke=NO if style.stroke else None)


def shape_and_colours(drawing: Drawing) -> tuple[str, tuple[str, ...]]:
    """A face's drawing without its colours (as text), and its colours in drawing order."""
    colours: list[str] = []
    shape = repr([_bleached(item, colours) for item in drawing.items])
    return f"{drawing.width}x{drawing.height} {shape}", tuple(colours)


def closest_apart(one: tuple[str, ...], two: tuple[str, ...]) -> tuple[float, str, str, str]:
    """How far apart two faces drawn alike are, to the colour-blind player who sees them the
    most alike: per simulation the largest CIEDE2000 of their differing colours, then the
    smallest of those; with the simulation and the colour pair that gave it."""
    pairs = {(a, b) for a, b in zip(one, two, strict=True) if a != b}
    per_kind = []
    for kind in KINDS:
        figure, a, b = max((delta_e(a, b, kind), a, b) for a, b in pairs)
        per_kind.append((figure, kind, a, b))
    return min(per_kind)


@pytest.mark.parametrize("target", SEEDS)
def test_no_seed_face_differs_from_its_kind_by_colour_alone(target: str) -> None:
    db = cardgen.load_game(target, REPO)
    faces = lay_out_faces(db, None, lambda stage, done, total: None)
    kinds = {c.id: c.kind for c in db.components}
    alike: dict[tuple[str, str, str], list[tuple[str, tuple[str, ...]]]] = {}
    for (cid, side), drawing in faces.drawings.items():
        shape, colours = shape_and_colours(drawing)
        alike.setdefault((kinds[cid], side, shape), []).append((cid, colours))
    close = []
    for (kind, side, _), group in alike.items():
        for (id1, c1), (id2, c2) in combinations(group, 2):
            if c1 == c2:
                continue  # the same face (a shared back, a copy)
            figure, sim, a, b = closest_apart(c1, c2)
            if figure < RISK:
                close.append(f"{kind} {side}: {id1} / {id2} differ only in colour, "
                             f"{a}/{b} CIEDE2000 {figure:.1f} under {sim}")
    assert not close, "\n".join(close)


def test_the_measure_finds_the_old_data_dice() -> None:
    """Two faces alike but for a red and a blue fill (the L5 data dice before their letters)
    are found: 0.4 apart in greyscale."""
    red = Drawing("a", 12.7, 12.7, items=[Rect(0, 0, 12.7, 12.7, Style(fill="#C8372D")),
                                          Text(3, 9, "5", "regular", 9, "#FFFFFF")])
    blue = Drawing("b", 12.7, 12.7, items=[Rect(0, 0, 12.7, 12.7, Style(fill="#2F6DB5")),
                                           Text(3, 9, "5", "regular", 9, "#FFFFFF")])
    (s1, c1), (s2, c2) = shape_and_colours(red), shape_and_colours(blue)
    assert s1 == s2
    figure, sim, a, b = closest_apart(c1, c2)
    assert (round(figure, 1), sim, a, b) == (0.4, "grey", "#C8372D", "#2F6DB5")
