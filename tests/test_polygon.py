"""The `polygon` element, added as one module of cardgen/layout/elements/: a regular n-gon by
centre, radius, sides and rotation, or a polygon through points; drawn in PDF, SVG and PNG, in
the layout schema and the docs table, its mistakes located."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from PIL import Image

from cardgen.errors import ProblemsError
from cardgen.layout import LayoutSession, lay_out
from cardgen.layout.drawing import Drawing
from cardgen.layout.drawing import Path as PathItem
from cardgen.layout.elements import ELEMENT_TYPES
from cardgen.layout.model import elements_table, layout_schema
from cardgen.render.base import renderer
from tests.test_layout import _db, _project

RED = "#C8372D"


def _face(tmp_path: Path, text: object = None, **polygon: object) -> Drawing:
    project = _project(tmp_path, {"size": [60, 60], "edition_mark": False, "elements": [
        {"type": "polygon", "fill": RED, **polygon}]})
    db = _db(project, suit="moon", text=text)
    drawing = lay_out(LayoutSession(db), db.components[0], "front")
    assert drawing is not None
    return drawing


def _corners(drawing: Drawing) -> list[tuple[float, float]]:
    path = next(i for i in drawing.items if isinstance(i, PathItem) and i.style.fill == RED)
    assert path.ops[0][0] == "M" and path.ops[-1] == ("Z",)
    return [(round(float(op[1]), 6), round(float(op[2]), 6)) for op in path.ops[:-1]]


def test_a_regular_hexagon_has_six_corners_on_its_circle_the_first_straight_up(tmp_path: Path
                                                                                 ) -> None:
    corners = _corners(_face(tmp_path, cx=30, cy=30, radius=20, sides=6))
    assert len(corners) == 6
    assert corners[0] == (30.0, 10.0)
    assert all(math.isclose(math.hypot(x - 30, y - 30), 20, abs_tol=1e-6) for x, y in corners)
    assert corners[1] == (round(30 + 20 * math.sin(math.pi / 3), 6),
                          round(30 - 20 * math.cos(math.pi / 3), 6))  # clockwise


def test_rotate_turns_it_clockwise_and_sides_may_be_bound(tmp_path: Path) -> None:
    corners = _corners(_face(tmp_path, "4", cx=30, cy=30, radius=10, sides="{text}", rotate=90))
    assert corners == [(40.0, 30.0), (30.0, 40.0), (20.0, 30.0), (30.0, 20.0)]


def test_points_draw_the_polygon_they_name(tmp_path: Path) -> None:
    corners = _corners(_face(tmp_path, "12.5", points=[[10, 10], [50, 10], ["{text} * 2", 50]]))
    assert corners == [(10.0, 10.0), (50.0, 10.0), (25.0, 50.0)]


def test_too_few_sides_is_a_located_problem(tmp_path: Path) -> None:
    with pytest.raises(ProblemsError) as err:
        _face(tmp_path, sides=2)
    problem = err.value.problems[0]
    assert problem.rule == "bad-layout" and "sides is 2" in problem.message
    assert problem.where is not None and problem.where.file == "layouts/toy/card.yaml"


def test_a_misspelled_key_has_a_did_you_mean(tmp_path: Path) -> None:
    with pytest.raises(ProblemsError) as err:
        _face(tmp_path, sdes=5)
    assert err.value.problems[0].rule == "unknown-key"
    assert "sides" in (err.value.problems[0].hint or "")


def test_it_is_in_the_schema_and_the_docs() -> None:
    assert ELEMENT_TYPES["polygon"].__name__ == "PolygonElement"
    types = {v["properties"]["type"]["const"] for k, v in layout_schema()["$defs"].items()
             if k.endswith("Element")}
    assert "polygon" in types
    assert "| `polygon` |" in elements_table()


@pytest.mark.parametrize("suffix", [".pdf", ".svg", ".png"])
def test_every_renderer_draws_it(tmp_path: Path, suffix: str) -> None:
    drawing = _face(tmp_path / "p", cx=30, cy=30, radius=25, sides=5)
    out = tmp_path / f"face{suffix}"
    renderer(suffix).write_face(drawing, out)
    if suffix == ".svg":
        assert "#c8372d" in out.read_text(encoding="utf-8").lower()
        return
    if suffix == ".pdf":
        from cardgen.render.png import document, render

        image = render(document(out)[0], 100 / 72)
    else:
        image = Image.open(out).convert("RGB")
    w, h = image.size
    centre = image.getpixel((w // 2, h // 2))
    corner = image.getpixel((2, 2))
    assert sum(abs(a - b) for a, b in zip(centre, (0xC8, 0x37, 0x2D), strict=True)) < 12
    assert corner != centre  # outside the pentagon: the white background
