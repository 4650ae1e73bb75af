"""Opaque shapes in plain colours are written by their operators (`render/pdf_style.py`
plain_rect, plain_ellipse, plain_path): the very operators, PDF version and canvas state that
reportlab's saveState, setters, shape call and restoreState give, for random shapes and
styles; a style reportlab must set (dash, alpha, an enforced colour space, an alpha already
in the graphics state) is left to reportlab."""

from __future__ import annotations

import random
from io import BytesIO
from typing import Any

import pytest
from reportlab.pdfgen.canvas import Canvas

from cardgen.layout.drawing import Ellipse, Path, Rect, Style
from cardgen.render import pdf, pdf_style

COLOURS = ["#000000", "#ffffff", "#1a2b3c", "#ff8000", "#808080", "#0000fe", "#123456"]


def _style(rng: random.Random) -> Style:
    fill = rng.choice([None, *COLOURS])
    stroke = rng.choice([None, *COLOURS])
    return Style(fill=fill, stroke=stroke, stroke_width=rng.choice([0.0, 0.1, 0.25, 0.3333, 1.5]),
                 join=rng.choice(["miter", "round", "bevel"]),
                 cap=rng.choice(["butt", "round", "square"]))


def _number(rng: random.Random) -> float:
    return rng.choice([0.0, -0.0, 1.0, 2.5, -3.25, 0.1, 63.0, 88.0, 1e-7, 12.345678])


def _path_ops(rng: random.Random) -> tuple[Any, ...]:
    ops: list[Any] = [("M", _number(rng), _number(rng))]
    for _ in range(rng.randrange(0, 6)):
        kind = rng.choice("LCZ")
        if kind == "L":
            ops.append(("L", _number(rng), _number(rng)))
        elif kind == "C":
            ops.append(("C", *(_number(rng) for _ in range(6))))
        else:
            ops.append(("Z",))
    return tuple(ops)


def _shape(rng: random.Random, style: Style) -> Any:
    kind = rng.choice(["rect", "round", "ellipse", "path", "evenodd"])
    if kind in ("rect", "round"):
        return Rect(_number(rng), _number(rng), abs(_number(rng)), abs(_number(rng)), style,
                    radius=1.5 if kind == "round" else 0.0)
    if kind == "ellipse":
        return Ellipse(_number(rng), _number(rng), abs(_number(rng)), abs(_number(rng)), style)
    return Path(_path_ops(rng), style, "evenodd" if kind == "evenodd" else "nonzero")


def _drawn(shape: Any, plain: bool, monkeypatch: pytest.MonkeyPatch,
           prepare: Any = None) -> tuple[list[str], object, dict[str, Any]]:
    """The shape drawn by render.pdf on a new canvas: its operators, PDF version, state."""
    with monkeypatch.context() as patched:
        if not plain:
            for name in ("plain_rect", "plain_ellipse", "plain_path"):
                patched.setattr(pdf, name, lambda canvas, item: False)
        canvas = Canvas(BytesIO())
        if prepare is not None:
            prepare(canvas)
        start = len(canvas._code)
        pdf._DRAW[type(shape)](canvas, shape)
        state = {name: canvas.__dict__[name] for name in Canvas.STATE_ATTRIBUTES
                 if name != "_extgstate"}
        state["alphas"] = dict(canvas._extgstate._d)
        state["named"] = dict(canvas._extgstate._c)
        return canvas._code[start:], canvas._doc._pdfVersion, state


def test_random_shapes_give_reportlabs_operators(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(25)
    for _ in range(600):
        shape = _shape(rng, _style(rng))
        plain = _drawn(shape, True, monkeypatch)
        assert plain == _drawn(shape, False, monkeypatch), shape
        assert "\n".join(plain[0]) == "\n".join(_drawn(shape, False, monkeypatch)[0])


@pytest.mark.parametrize("style", [
    Style(fill="#ff0000", stroke="#00ff00", dash=(1.0, 0.5)),  # a dash: reportlab's setDash
    Style(fill="#ff0000", fill_alpha=0.5),  # alpha: a graphics state
    Style(fill="#ff0000", opacity=0.5),
    Style(stroke="#ff0000", stroke_alpha=0.5),
])
def test_what_reportlab_must_set_is_left_to_it(style: Style, monkeypatch: pytest.MonkeyPatch
                                               ) -> None:
    rect = Rect(1.0, 2.0, 3.0, 4.0, style)
    canvas = Canvas(BytesIO())
    assert not pdf_style.plain_rect(canvas, rect)
    assert canvas._code == []
    assert _drawn(rect, True, monkeypatch) == _drawn(rect, False, monkeypatch)


@pytest.mark.parametrize("prepare", [
    lambda canvas: canvas.setFillAlpha(0.5),  # an alpha the state holds: setFillColor resets it
    lambda canvas: canvas.setStrokeAlpha(0.25),
    lambda canvas: setattr(canvas, "_enforceColorSpace", lambda colour: colour),
], ids=["fill-alpha", "stroke-alpha", "colour-space"])
def test_a_canvas_reportlab_must_draw_on(prepare: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    shapes = [Rect(1.0, 2.0, 3.0, 4.0, Style(fill="#102030", stroke="#405060")),
              Ellipse(1.0, 2.0, 3.0, 4.0, Style(fill="#102030")),
              Path((("M", 0.0, 0.0), ("L", 1.0, 1.0), ("Z",)), Style(stroke="#405060"))]
    for shape in shapes:
        canvas = Canvas(BytesIO())
        prepare(canvas)
        start = len(canvas._code)
        drawn = pdf._DRAW[type(shape)]
        assert not {Rect: pdf_style.plain_rect, Ellipse: pdf_style.plain_ellipse,
                    Path: pdf_style.plain_path}[type(shape)](canvas, shape)
        assert canvas._code[start:] == []
        assert drawn is not None
        assert (_drawn(shape, True, monkeypatch, prepare)
                == _drawn(shape, False, monkeypatch, prepare))


def test_a_path_kept_by_its_operators_is_traced_again_alike() -> None:
    ops = (("M", 1.0, -0.0), ("C", 0.1, 0.2, 0.3, 0.4, 0.5, 0.6), ("L", 2.0, 3.0), ("Z",))
    canvas = Canvas(BytesIO())
    traced = str(pdf_style.path_outline(canvas, Path(ops, Style(fill="#000000"))).getCode())
    assert pdf_style._path_code(ops) == traced
    assert pdf_style._path_code(ops) is pdf_style._path_code(ops)  # kept



@pytest.mark.parametrize("fill_mode", [0, 1])
def test_a_placement_made_without_the_canvas_is_clip_and_places(fill_mode: int) -> None:
    """`render.pdf.placed_ops` (a slot's prefix, `render/pages.py`): what saveState and
    clip_and_place append after it, the canvas left as it was."""
    from cardgen.layout.drawing import Drawing

    rng = random.Random(fill_mode)
    shapes = [dict(shape="rect"), dict(shape="rect", corner=3.0), dict(shape="circle"),
              dict(shape="hex", points=((0.0, 10.0), (8.66, 5.0), (8.66, -5.0), (0.0, -10.0),
                                        (-8.66, -5.0), (-8.66, 5.0)))]
    for _ in range(60):
        drawing = Drawing("f", rng.choice([63.0, 88.0, 40.0]), rng.choice([88.0, 63.0, 40.0]),
                          bleed=rng.choice([0.0, 3.0]), **rng.choice(shapes))  # type: ignore[arg-type]
        args = (drawing, _number(rng), _number(rng), 279.4, rng.choice([0.0, 1.5, 3.0, 5.0]),
                rng.choice([0, 90, 180, 270]))
        reportlab = Canvas(BytesIO())
        reportlab._fillMode = fill_mode
        reportlab.saveState()
        start = len(reportlab._code)
        pdf.clip_and_place(reportlab, *args)
        if rng.random() < 0.5:
            pdf._CLIPS.clear()  # the clip made afresh on the canvas, then taken off it
        mine = Canvas(BytesIO())
        mine._fillMode = fill_mode
        before = dict(mine.__dict__)
        assert pdf.placed_ops(mine, *args) == reportlab._code[start:]
        assert mine._code == [] and mine.__dict__ == before
