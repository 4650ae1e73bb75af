"""Two public samples of another card tool re-created in the layout language with no stand-ins:
Squib's shapes sample (tests/fixtures/squib-shapes) and gradients sample
(tests/fixtures/squib-gradients), both from github.com/andymeneely/squib (MIT). Each checks
and builds; its face holds the shapes and paints the sample draws, in mm."""

from __future__ import annotations

import math
import shutil
from pathlib import Path

import pytest

import cardgen
from cardgen.layout import LayoutSession, lay_out
from cardgen.layout.drawing import Drawing, Ellipse, Group, Rect
from cardgen.layout.drawing import Path as PathItem
from cardgen.layout.dump import drawing_body
from cardgen.render.base import renderer

REPO = Path(__file__).resolve().parent.parent


def _project(tmp_path: Path, name: str) -> Path:
    project = tmp_path / name
    shutil.copytree(REPO / "tests" / "fixtures" / name, project)
    return project


def _face(project: Path) -> Drawing:
    db = cardgen.load_game(None, project)
    drawing = lay_out(LayoutSession(db), db.components[0], "front")
    assert drawing is not None
    return drawing


@pytest.mark.parametrize("name", ["squib-shapes", "squib-gradients"])
def test_the_sample_checks_and_builds(tmp_path: Path, name: str) -> None:
    project = _project(tmp_path, name)
    db = cardgen.load_game(None, project)
    assert not cardgen.check_game(db).failed(strict=True)
    summary = cardgen.build_game(db, tmp_path / "out", preview=False, papers=("letter",))
    folder = tmp_path / "out" / f"{db.game.id}-{db.edition.id}"
    assert (folder / "pnp-letter.pdf").is_file() and (folder / "print" / "card.pdf").is_file()
    assert summary is not None


def test_the_shapes_sample_draws_each_shape_itself(tmp_path: Path) -> None:
    d = _face(_project(tmp_path, "squib-shapes"))
    lines = "\n".join(drawing_body(d))
    assert "rect 25.4 25.4 33.87 33.87 fill=#0000FF stroke=#FF0000/4.23 join=bevel" in lines
    assert "rect 25.82 8.89 16.93 4.23 stroke=#000000/0.17 dash=0.34,0.17" in lines
    assert "ellipse 12.7 82.55 8.47 4.23 fill=#800020 stroke=#00FFFF/0.42" in lines
    paths = [i for i in d.items if isinstance(i, PathItem)]
    stars = [p for p in paths if len(p.ops) == 11]  # ten corners and a close
    assert len(stars) == 3
    radii = {round(math.hypot(op[1] - 25.4, op[2] - 84.67), 2)  # type: ignore[misc]
             for op in stars[0].ops if op[0] != "Z"}
    assert radii == {3.39, 1.27}
    curve = next(p for p in paths if p.style.cap == "round")
    assert curve.ops[0] == ("M", pytest.approx(4.233, abs=0.01), pytest.approx(71.97, abs=0.01))
    turned = [g for g in d.items if isinstance(g, Group) and g.transform[1] != 0]
    assert len(turned) == 2 and isinstance(turned[1].items[0], Ellipse | PathItem)


def test_the_gradients_sample_paints_its_gradients(tmp_path: Path) -> None:
    d = _face(_project(tmp_path, "squib-gradients"))
    background = d.items[0]
    assert isinstance(background, Rect) and background.style.fill_paint is not None
    assert background.style.fill_paint.coords == (0, 0, 0, 95.25)
    radial = [i for i in d.items if isinstance(i, Ellipse | PathItem)
              and i.style.fill_paint is not None and i.style.fill_paint.kind == "radial"]
    assert [g.style.fill_paint.coords for g in radial if g.style.fill_paint] == [
        (35.98, 33.87, 10.16), (55.03, 33.87, 10.16)]


def test_the_gradients_sample_renders_its_bevel_and_background(tmp_path: Path) -> None:
    from PIL import Image

    d = _face(_project(tmp_path, "squib-gradients"))
    png = tmp_path / "face.png"
    renderer(".png").__class__(254).write_face(d, png)  # type: ignore[call-arg]
    image = Image.open(png).convert("RGB")
    top, bottom = image.getpixel((600, 2)), image.getpixel((600, 950))
    assert top[0] > 195 and bottom[0] < 30  # #CCCCCC at the top, #111111 at the bottom
    outer, inner = image.getpixel((30, 300)), image.getpixel((90, 310))  # the bevel's two rims
    assert outer[0] < inner[0]  # the outer rect darker at its top than the inner one
