"""Plan parts and drawing primitives are declared `repr=False` (the dataclass does not write a
repr it would at once lose): the repr each has is the plain one set after the class is made,
the dataclass's own text, which page digests and face keys are made of."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from cardgen.impose import geometry as g
from cardgen.layout import drawing as d


def _dataclass_text(obj: Any) -> str:
    """What dataclass's repr writes: the class name and each field kept in the repr."""
    shown = ", ".join(f"{f.name}={getattr(obj, f.name)!r}" for f in dataclasses.fields(obj)
                      if f.repr)
    return f"{type(obj).__qualname__}({shown})"


PAPER = g.Paper("letter", 215.9, 279.4, "Letter")
BOX = g.Box(1.0, 2.0, 3.5, 4.25)
SLOT = g.Slot(6.35, 7.0, 63.5, 88.9, 90)
PLAN_PARTS = [
    PAPER, BOX, SLOT, g.Line(0.0, 1.0, 2.0, 3.0, 0.2, 0.5, (1.0, 2.0)), g.Circle(1.0, 2.0, 3.0),
    g.Label(1.0, 2.0, "card ‘x’", 7.0, 90, True), g.Lane(1.0, 2.0, 30.0, True),
    g.Placement(("c-1", "front"), SLOT, BOX, False, 0.0),
    g.Page(PAPER, "front", "cards", [g.Placement(("c-1", "back"), SLOT, BOX)],
           [g.Line(0.0, 1.0, 2.0, 3.0)], [g.Circle(1.0, 2.0, 3.0)], [], [], ["note"]),
    g.Edge(3.0, 1.0, 5.0, 1.5),
    g.Copy("c-1", "Card", "One", 63.5, 88.9, True, False, "", ((0.0, 0.0), (1.0, 1.0)), True),
]
STYLE = d.Style(fill="#FFFFFF", stroke="#222222")
PRIMITIVES = [
    STYLE, d.Rect(3.0, 3.0, 57.0, 82.0, STYLE, 2.0), d.Ellipse(30.0, 70.0, 2.0, 2.0, STYLE),
    d.Path((("M", 0.0, 0.0), ("L", 1.0, 1.0), ("Z",)), STYLE, "evenodd"),
    d.Gradient("linear", (0.0, 0.0, 1.0, 1.0), ((0.0, "#000000"), (1.0, "#FFFFFF"))),
    d.Image(1.0, 2.0, 3.0, 4.0, "/x/art.png", "ab12"),
    d.Text(6.0, 40.0, "Gain two", "regular", 8.0, "#222222"),
    d.Group((d.Rect(0.0, 0.0, 1.0, 1.0, STYLE),)),
]


@pytest.mark.parametrize("obj", PLAN_PARTS + PRIMITIVES, ids=lambda o: type(o).__name__)
def test_the_repr_is_the_dataclass_text(obj: Any) -> None:
    assert not type(obj).__dataclass_params__.repr  # no repr generated only to be replaced
    assert repr(obj) == _dataclass_text(obj)


def test_every_plan_part_and_primitive_is_covered() -> None:
    parts = {type(o) for o in PLAN_PARTS}
    assert parts == {g.Paper, g.Box, g.Slot, g.Line, g.Circle, g.Label, g.Lane, g.Placement,
                     g.Page, g.Edge, g.Copy}
    assert {type(o) for o in PRIMITIVES} == {d.Gradient, d.Style, d.Rect, d.Ellipse, d.Path,
                                             d.Text, d.Image, d.Group}
