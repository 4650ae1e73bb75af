"""The shape elements (ellipse, star, arc, wedge, path), stroke join/cap, opacity, `clip:`,
and the paints (#RRGGBBAA, linear and radial gradients): what they draw in mm (the layout
dump), their mistakes located, and the same colours in the rendered PDF (PNG) and SVG."""

from __future__ import annotations

import io
import math
from pathlib import Path

import pytest
from PIL import Image

from cardgen.errors import ProblemsError
from cardgen.layout import LayoutSession, lay_out
from cardgen.layout.drawing import Drawing, Ellipse, Group
from cardgen.layout.drawing import Path as PathItem
from cardgen.layout.dump import drawing_body
from cardgen.render.base import renderer
from cardgen.render.svg import to_svg
from tests.test_layout import _db, _project

DPI = 254  # 10 px per mm


def _face(tmp_path: Path, *elements: dict[str, object], icons: dict[str, str] | None = None
          ) -> Drawing:
    project = _project(tmp_path, {"size": [60, 60], "bleed": 3, "edition_mark": False,
                                  "background": "#FFFFFF", "elements": list(elements)}, icons)
    db = _db(project, suit="moon", text="4")
    drawing = lay_out(LayoutSession(db), db.components[0], "front")
    assert drawing is not None
    return drawing


def _lines(drawing: Drawing) -> list[str]:
    return [line.strip() for line in drawing_body(drawing)[2:]]  # size and background dropped


def _problem(tmp_path: Path, *elements: dict[str, object]) -> tuple[str, str, str]:
    with pytest.raises(ProblemsError) as err:
        _face(tmp_path, *elements)
    p = err.value.problems[0]
    return p.rule, p.message, f"{p.where}"


def _points(item: PathItem) -> list[tuple[float, float]]:
    return [(float(op[-2]), float(op[-1])) for op in item.ops if op[0] != "Z"]


# --------------------------------------------------------------------------- shapes in mm


def test_an_ellipse_is_an_ellipse_and_turned_one_a_path_through_its_ends(tmp_path: Path) -> None:
    d = _face(tmp_path, {"type": "ellipse", "cx": 30, "cy": 20, "rx": 10, "ry": 4,
                         "fill": "#112233"},
              {"type": "ellipse", "cx": 30, "cy": 40, "rx": 10, "ry": 4, "rotate": 90,
               "stroke": "#000000", "join": "round", "cap": "square"})
    lines = _lines(d)
    assert lines[0] == "ellipse 30 20 10 4 fill=#112233"
    turned = d.items[2]
    assert isinstance(turned, PathItem)
    ends = _points(turned)
    assert (round(ends[0][0], 6), round(ends[0][1], 6)) == (30.0, 50.0)  # its right end, turned down
    assert all(abs(y - 40) <= 10 + 1e-6 and abs(x - 30) <= 4 + 1e-6 for x, y in ends)
    assert lines[1].endswith("stroke=#000000/0.35 join=round cap=square")


def test_a_star_alternates_between_its_radius_and_its_inner_radius(tmp_path: Path) -> None:
    d = _face(tmp_path, {"type": "star", "cx": 30, "cy": 30, "radius": 20, "inner": 8,
                         "fill": "#FFCC00"},
              {"type": "polygon", "cx": 30, "cy": 30, "radius": 20, "sides": 4, "inner": 5,
               "fill": "#FFCC00"})
    star, four = d.items[1], d.items[2]
    assert isinstance(star, PathItem) and isinstance(four, PathItem)
    radii = [round(math.hypot(x - 30, y - 30), 6) for x, y in _points(star)]
    assert radii == [20.0, 8.0] * 5
    assert _points(star)[0] == (30.0, 10.0)  # the first point straight up
    assert [round(math.hypot(x - 30, y - 30), 6) for x, y in _points(four)] == [20.0, 5.0] * 4


def test_a_star_has_a_pentagrams_inner_radius_by_default(tmp_path: Path) -> None:
    star = _face(tmp_path, {"type": "star", "cx": 30, "cy": 30, "radius": 10}).items[1]
    assert isinstance(star, PathItem)
    assert round(math.hypot(*(v - 30 for v in _points(star)[1])), 3) == 3.82


def test_an_arc_runs_clockwise_from_up_and_a_wedge_closes_through_the_centre(tmp_path: Path
                                                                             ) -> None:
    d = _face(tmp_path, {"type": "arc", "cx": 30, "cy": 30, "r": 10, "start": 0, "end": 90,
                         "stroke": "#000000"},
              {"type": "wedge", "cx": 30, "cy": 30, "r": 10, "start": 90, "end": 180,
               "fill": "#FF0000"},
              {"type": "wedge", "cx": 30, "cy": 30, "r": 10, "inner": 5, "start": 0, "end": 360,
               "fill": "#FF0000"})
    lines = _lines(d)
    assert lines[0] == "path M 30 20 C 35.52 20 40 24.48 40 30 stroke=#000000/0.35"
    assert lines[1] == "path M 40 30 C 40 35.52 35.52 40 30 40 L 30 30 Z fill=#FF0000"
    ring = d.items[3]
    assert isinstance(ring, PathItem)
    radii = {round(math.hypot(x - 30, y - 30), 6) for x, y in _points(ring)
             if (x, y) != (30.0, 30.0)}
    assert {10.0, 5.0} <= radii


def test_an_arc_whose_end_is_not_past_its_start_is_located(tmp_path: Path) -> None:
    rule, message, where = _problem(tmp_path, {"type": "arc", "start": 90, "end": 90})
    assert rule == "bad-layout" and "end must be past start" in message
    assert where.startswith("layouts/toy/card.yaml:")


def test_a_path_is_svg_path_data_in_mm_moved_and_scaled(tmp_path: Path) -> None:
    d = _face(tmp_path, {"type": "path", "d": "M 0 0 H 10 V 5 Z", "x": 20, "y": 30, "scale": 2,
                         "fill": "#00AA00", "fill_rule": "evenodd", "opacity": 0.5})
    assert _lines(d) == ["path M 20 30 L 40 30 L 40 40 Z evenodd fill=#00AA00 opacity=0.5"]


def test_a_path_with_bad_data_is_located(tmp_path: Path) -> None:
    rule, message, where = _problem(tmp_path, {"type": "path", "d": "hello"})
    assert rule == "bad-layout" and "path data" in message
    assert where.startswith("layouts/toy/card.yaml:")


# --------------------------------------------------------------------------- clip


def test_clip_names_a_shape_drawn_before_or_writes_one(tmp_path: Path) -> None:
    d = _face(tmp_path, {"type": "circle", "name": "disc", "cx": 30, "cy": 30, "r": 10},
              {"type": "rect", "x": 0, "y": 0, "w": 60, "h": 30, "fill": "#CC0000",
               "clip": "disc"},
              {"type": "group", "x": 5, "y": 5, "elements": [
                  {"type": "rect", "w": 20, "h": 20, "fill": "#0000CC", "clip": "disc"}]},
              {"type": "rect", "w": 60, "h": 60, "fill": "#00CC00",
               "clip": {"type": "ellipse", "cx": 30, "cy": 30, "rx": 3, "ry": 2}})
    disc, clipped, grouped, inline = d.items[1:5]
    assert isinstance(disc, Ellipse) and isinstance(clipped, Group)
    assert clipped.clip_path is not None
    assert _points(clipped.clip_path)[0] == (40.0, 30.0)  # the circle's outline, from its right
    assert _lines(d)[1].startswith("group clip-path M 40 30 C 40 35.52")
    assert isinstance(grouped, Group)  # inside a group moved by (5, 5): the same place on the face
    inner = grouped.items[0]
    assert isinstance(inner, Group) and inner.clip_path is not None
    assert _points(inner.clip_path)[0] == (35.0, 25.0)
    assert isinstance(inline, Group) and inline.clip_path is not None
    assert _points(inline.clip_path)[0] == (33.0, 30.0)


def test_clip_naming_no_shape_says_which_with_did_you_mean(tmp_path: Path) -> None:
    rule, message, where = _problem(
        tmp_path, {"type": "circle", "name": "disc", "r": 3},
        {"type": "rect", "w": 5, "h": 5, "fill": "#000000", "clip": "dsic"})
    assert rule == "bad-layout" and "no shape named 'dsic'" in message and "'disc'" in message
    assert where.startswith("layouts/toy/card.yaml:")


# --------------------------------------------------------------------------- paints in mm


def test_rrggbbaa_is_a_colour_with_alpha(tmp_path: Path) -> None:
    d = _face(tmp_path, {"type": "rect", "x": 5, "y": 5, "w": 10, "h": 10, "fill": "#FF000080",
                         "stroke": "#0000FF40"})
    assert _lines(d) == ["rect 5 5 10 10 fill=#FF0000 stroke=#0000FF/0.35 fill-alpha=0.502 "
                         "stroke-alpha=0.251"]


def test_a_linear_gradient_at_an_angle_spans_the_shapes_box(tmp_path: Path) -> None:
    d = _face(tmp_path, {"type": "rect", "x": 10, "y": 10, "w": 40, "h": 20, "fill": {
        "linear-gradient": {"angle": 90, "stops": [[0, "#FFFFFF"], [1, "#CC0000"]]}}},
              {"type": "rect", "x": 10, "y": 10, "w": 40, "h": 20, "fill": {
                  "linear-gradient": {"stops": ["#000000", "#808080", "#FFFFFF"]}}},
              {"type": "group", "x": 5, "elements": [{"type": "rect", "w": 5, "h": 5, "fill": {
                  "linear-gradient": {"from": [0, 0], "to": [0, 60], "stops": ["#000000",
                                                                               "#FFFFFF"]}}}]})
    lines = _lines(d)
    assert lines[0] == ("rect 10 10 40 20 fill=#E68080 paint=linear(10 20 50 20;"
                        "0:#FFFFFF,1:#CC0000)")  # left to right; `fill` its middle colour
    assert lines[1].endswith("paint=linear(30 10 30 30;0:#000000,0.5:#808080,1:#FFFFFF)")
    assert lines[3].endswith("paint=linear(0 0 0 60;0:#000000,1:#FFFFFF)")  # in the group's frame


def test_a_radial_gradient_is_centred_and_reaches_the_farthest_corner(tmp_path: Path) -> None:
    d = _face(tmp_path, {"type": "circle", "cx": 30, "cy": 30, "r": 10, "fill": {
        "radial-gradient": {"stops": ["#FFFFFF", "#000000"]}}},
              {"type": "rect", "w": 30, "h": 40, "fill": {"radial-gradient": {
                  "center": [0, 0], "stops": ["#FFFFFF", "#000000"]}}})
    lines = _lines(d)
    assert "paint=radial(30 30 14.14;0:#FFFFFF,1:#000000)" in lines[0]
    assert "paint=radial(0 0 50;" in lines[1]


@pytest.mark.parametrize(("fill", "said"), [
    ({"linear-gradient": {"stops": ["#FFFFFF", "#00000080"]}}, "see-through"),
    ({"linear-gradient": {"stops": ["#FFFFFF", "teal-ish"]}}, "not a colour"),
    ({"linear-gradient": {"stops": [[0.6, "#FFFFFF"], [0.2, "#000000"]]}}, "must rise"),
])
def test_bad_gradient_stops_are_located(tmp_path: Path, fill: object, said: str) -> None:
    rule, message, where = _problem(tmp_path, {"type": "rect", "w": 5, "h": 5, "fill": fill})
    assert rule == "bad-layout" and said in message
    assert where.startswith("layouts/toy/card.yaml:")


def test_a_misspelled_gradient_key_has_a_did_you_mean(tmp_path: Path) -> None:
    with pytest.raises(ProblemsError) as err:
        _face(tmp_path, {"type": "rect", "fill": {"linear-gradient": {
            "angel": 90, "stops": ["#FFFFFF", "#000000"]}}})
    found = [p for p in err.value.problems if "angel" in f"{p.path} {p.message}"]
    assert found and found[0].where is not None
    assert found[0].where.file == "layouts/toy/card.yaml"


def test_a_gradient_stroke_is_refused_at_its_key(tmp_path: Path) -> None:
    with pytest.raises(ProblemsError) as err:
        _face(tmp_path, {"type": "rect", "stroke": {"linear-gradient": {
            "stops": ["#FFFFFF", "#000000"]}}})
    messages = " ".join(p.message for p in err.value.problems)
    assert "a stroke takes a colour" in messages
    assert all(p.where is not None and p.where.file == "layouts/toy/card.yaml"
               for p in err.value.problems)


# --------------------------------------------------------------------------- rendered


def _pixels(drawing: Drawing, tmp_path: Path) -> dict[str, Image.Image]:
    """The face at 10 px per mm, trim only: as the PNG backend draws it (through the PDF) and
    as the SVG draws it (resvg)."""
    resvg_py = pytest.importorskip("resvg_py")
    png = tmp_path / "face.png"
    renderer(".png").__class__(DPI).write_face(drawing, png)  # type: ignore[call-arg]
    svg = to_svg(drawing)
    return {"png": Image.open(png).convert("RGB"),
            "svg": Image.open(io.BytesIO(bytes(resvg_py.svg_to_bytes(svg_string=svg, dpi=DPI))
                                         )).convert("RGB")}


def _near(got: tuple[int, ...], want: tuple[int, int, int], tolerance: int = 8) -> bool:
    return all(abs(g - w) <= tolerance for g, w in zip(got, want, strict=False))


def test_gradients_and_alpha_render_the_same_colours_in_png_and_svg(tmp_path: Path) -> None:
    d = _face(tmp_path,
              {"type": "rect", "x": 0, "y": 0, "w": 60, "h": 20, "fill": {
                  "linear-gradient": {"angle": 90, "stops": [[0, "#FFFFFF"], [1, "#CC0000"]]}}},
              {"type": "circle", "cx": 15, "cy": 40, "r": 10, "fill": {
                  "radial-gradient": {"radius": 10, "stops": ["#FFFF00", "#0000FF"]}}},
              {"type": "rect", "x": 35, "y": 30, "w": 20, "h": 20, "fill": "#FF000080"},
              {"type": "rect", "x": 45, "y": 30, "w": 10, "h": 20, "fill": "#0000FF",
               "opacity": 0.5})
    for backend, image in _pixels(d, tmp_path).items():
        at = {name: image.getpixel(xy) for name, xy in {
            "start": (3, 100), "end": (597, 100), "middle": (300, 100),
            "centre": (150, 400), "rim": (150, 305),
            "red-alpha": (400, 400), "both": (500, 400)}.items()}
        assert _near(at["start"], (255, 255, 255)), (backend, at)  # gradient start colour
        assert _near(at["end"], (204, 0, 0)), (backend, at)  # gradient end colour
        assert _near(at["middle"], (230, 128, 128), 12), (backend, at)
        assert _near(at["centre"], (255, 255, 0), 12), (backend, at)  # radial: first stop
        assert _near(at["rim"], (0, 0, 255), 30), (backend, at)  # radial: last stop at r
        assert _near(at["red-alpha"], (255, 127, 127)), (backend, at)  # #FF000080 on white
        assert _near(at["both"], (127, 63, 191), 10), (backend, at)  # blue at 0.5 on that


def test_a_clipped_shape_renders_only_inside_its_clip(tmp_path: Path) -> None:
    d = _face(tmp_path, {"type": "circle", "name": "disc", "cx": 30, "cy": 30, "r": 10},
              {"type": "rect", "w": 60, "h": 60, "fill": "#008000", "clip": "disc"})
    for backend, image in _pixels(d, tmp_path).items():
        assert _near(image.getpixel((300, 300)), (0, 128, 0)), backend
        assert _near(image.getpixel((300, 150)), (255, 255, 255)), backend  # outside the disc
        assert _near(image.getpixel((390, 390)), (255, 255, 255)), backend  # its box's corner


# --------------------------------------------------------------------------- icons


ICON = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n'
        '<rect x="0" y="0" width="10" height="10" fill="#000000" stroke="#FF0000" '
        'stroke-width="0"/>\n</svg>\n')
GRADIENT_ICON = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n'
                 '<defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/>'
                 '</linearGradient></defs>\n'
                 '<rect id="box" width="10" height="10" fill="url(#g)"/>\n</svg>\n')


def test_an_icon_stroke_of_width_zero_is_no_stroke(tmp_path: Path) -> None:
    d = _face(tmp_path, {"type": "icon", "icon": "box", "x": 10, "y": 10, "size": 10},
              icons={"box": ICON})
    icon = d.items[1]
    assert isinstance(icon, Group) and isinstance(icon.items[0], PathItem)
    assert icon.items[0].style.stroke is None and icon.items[0].style.fill == "#000000"


def test_an_icon_painted_with_a_gradient_is_refused_at_its_line(tmp_path: Path) -> None:
    with pytest.raises(ProblemsError) as err:
        _face(tmp_path, {"type": "icon", "icon": "shade", "size": 10},
              icons={"shade": GRADIENT_ICON})
    p = err.value.problems[0]
    assert p.rule == "bad-icon" and '<rect id="box">' in p.message and "url(#g)" in p.message
    assert f"{p.where}".startswith("layouts/toy/icons/shade.svg:3:")


# --------------------------------------------------------------------------- art and raster icons


def _art_face(tmp_path: Path, files: dict[str, bytes], *elements: dict[str, object],
              text: str = "art/a.svg") -> Drawing:
    project = _project(tmp_path, {"size": [60, 60], "bleed": 3, "edition_mark": False,
                                  "background": "#FFFFFF", "elements": list(elements)})
    for name, body in files.items():
        (project / name).parent.mkdir(parents=True, exist_ok=True)
        (project / name).write_bytes(body)
    db = _db(project, suit="moon", text=text)
    drawing = lay_out(LayoutSession(db), db.components[0], "front")
    assert drawing is not None
    return drawing


ART = (b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10">'
       b'<rect width="20" height="10" fill="#C00000"/></svg>')


def _png(colour: tuple[int, int, int], size: tuple[int, int]) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, "PNG")
    return out.getvalue()


def test_svg_art_is_drawn_as_vectors_fitted_to_its_box(tmp_path: Path) -> None:
    d = _art_face(tmp_path, {"data/toy/art/a.svg": ART},
                  {"type": "image", "field": "{text}", "x": 10, "y": 10, "w": 40, "h": 40})
    lines = _lines(d)
    assert lines[0] == "group matrix 2 0 0 2 10 20"  # 20 x 10 fitted to 40 wide, centred
    assert lines[1] == "path M 0 0 L 20 0 L 20 10 L 0 10 Z fill=#C00000"
    for backend, image in _pixels(d, tmp_path).items():
        assert _near(image.getpixel((300, 300)), (192, 0, 0)), backend
        assert _near(image.getpixel((300, 150)), (255, 255, 255)), backend  # above the art


def test_svg_art_that_is_not_svg_is_located_at_the_component(tmp_path: Path) -> None:
    with pytest.raises(ProblemsError) as err:
        _art_face(tmp_path, {"data/toy/art/a.svg": b"<svg"},
                  {"type": "image", "field": "{text}", "w": 40, "h": 40})
    p = err.value.problems[0]
    assert p.rule == "bad-image" and "a.svg" in p.message
    assert f"{p.where}" == "data/toy/1/cards.yaml:3:3"


def test_png_and_jpg_icons_are_drawn_as_images_inline_too(tmp_path: Path) -> None:
    d = _art_face(tmp_path, {"layouts/toy/icons/coin.png": _png((0, 160, 0), (20, 10))},
                  {"type": "icon", "icon": "coin", "x": 10, "y": 10, "size": 20},
                  {"type": "text", "text": "Pay [coin]", "x": 5, "y": 40, "w": 50, "h": 10,
                   "size": 12}, text="")
    images = [line for line in _lines(d) if line.startswith("image")]
    assert images[0].startswith("image 10 15 20 10 sha256:")  # 2:1 fitted into the square
    assert len(images) == 2  # and once in the text
    image = _pixels(d, tmp_path)["png"]
    assert _near(image.getpixel((200, 200)), (0, 160, 0))


def test_a_background_may_be_a_gradient_placed_on_the_trim(tmp_path: Path) -> None:
    project = _project(tmp_path, {"size": [60, 80], "bleed": 3, "edition_mark": False,
                                  "background": {"linear-gradient": {
                                      "stops": ["#CCCCCC", "#111111"]}}, "elements": []})
    db = _db(project, suit="moon", text="")
    drawing = lay_out(LayoutSession(db), db.components[0], "front")
    assert drawing is not None
    assert drawing_body(drawing)[1].strip() == (
        "rect -3 -3 66 86 fill=#6E6E6E paint=linear(30 0 30 80;0:#CCCCCC,1:#111111)")


def test_a_see_through_text_colour_is_refused_at_the_element(tmp_path: Path) -> None:
    rule, message, where = _problem(tmp_path, {"type": "text", "text": "Hi", "x": 5, "y": 5,
                                               "w": 30, "h": 10, "color": "#00000080"})
    assert rule == "bad-layout" and "see-through" in message
    assert where.startswith("layouts/toy/card.yaml:")
    d = _face(tmp_path / "opaque", {"type": "text", "text": "Hi", "x": 5, "y": 5, "w": 30,
                                    "h": 10, "color": "#102030FF"})
    assert any("#102030" in line for line in _lines(d))


def test_svg_art_with_a_gradient_is_refused_at_its_line_in_the_art(tmp_path: Path) -> None:
    with pytest.raises(ProblemsError) as err:
        _art_face(tmp_path, {"data/toy/art/a.svg": GRADIENT_ICON.encode()},
                  {"type": "image", "field": "{text}", "w": 40, "h": 40})
    p = err.value.problems[0]
    assert p.rule == "bad-icon" and p.message.startswith("SVG art data/toy/art/a.svg:")
    assert f"{p.where}".startswith("data/toy/art/a.svg:3:")
