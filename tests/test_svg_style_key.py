"""The SVG writer keys a shape's form by its style's field values (hashed and compared in C):
equal styles, and only those, give equal keys, and the form is the one the style makes."""

from __future__ import annotations

import dataclasses

from cardgen.layout.drawing import Gradient, Style
from cardgen.render import svg


def _styles() -> list[Style]:
    paint = Gradient("linear", (0.0, 0.0, 1.0, 1.0), ((0.0, "#000000"), (1.0, "#FFFFFF")))
    return [Style(), Style(fill="#112233"), Style(fill="#112233"), Style(stroke="#000000"),
            Style(stroke="#000000", stroke_width=0.5), Style(stroke="#000000", dash=(1.0, 2.0)),
            Style(opacity=0.5), Style(fill_alpha=0.5), Style(stroke="#000000", stroke_alpha=0.5),
            Style(stroke="#000000", join="round"), Style(stroke="#000000", cap="round"),
            Style(fill="#808080", fill_paint=paint), Style(stroke_width=-0.0),
            Style(stroke_width=0.0)]


def test_style_key_holds_every_compared_field() -> None:
    compared = [f.name for f in dataclasses.fields(Style) if f.compare]
    assert list(Style.__match_args__) == compared == [f.name for f in dataclasses.fields(Style)]
    style = Style(fill="#010203", stroke="#040506", dash=(1.0,), join="round")
    assert list(svg._STYLE_VALUES(style)) == [getattr(style, n) for n in compared]


def test_equal_styles_and_only_those_share_a_key() -> None:
    styles = _styles()
    for a in styles:
        for b in styles:
            assert (a == b) == (svg._STYLE_VALUES(a) == svg._STYLE_VALUES(b))
            if a == b:
                assert hash(svg._STYLE_VALUES(a)) == hash(svg._STYLE_VALUES(b))


def test_shape_form_is_the_styles_own() -> None:
    svg._SHAPES.clear()
    for style in _styles():
        holes = ("height", "width", "x", "y")
        gradient = ("fill",) if style.fill_paint is not None else ()
        assert svg._shape_form("rect", style, holes) == svg.form(
            "rect", gradient + holes, svg._style_pairs(style))
