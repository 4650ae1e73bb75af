"""Numbers written once by value (layout/drawing.py `float_text`, path operators, a rect's or
ellipse's numbers, a group's transform) keep every face key what the whole drawing's repr
hashes: faces whose numbers look alike but are written apart (0.0 and -0.0, 1 and 1.0) never
get one key, in whichever order they are met."""

from __future__ import annotations

import hashlib
import math
from itertools import permutations

from cardgen.layout import drawing
from cardgen.layout.drawing import Drawing, Ellipse, Group, Image, Path, Rect, Style, Text
from cardgen.render.facekey import face_body, face_key

LOOK_ALIKE = [(0.0, -0.0), (1, 1.0), (True, 1.0), (2, 2.0), (0, -0.0)]


def whole_key(face: Drawing) -> str:
    """The sha1 of the face's whole repr (no layout font of its own)."""
    body = repr((face.width, face.height, face.bleed, face.items))
    return "cg" + hashlib.sha1(body.encode("utf-8")).hexdigest()[:16]


def faces_with(value: object) -> list[Drawing]:
    """Faces that show `value` in each place a number is written by value."""
    style = Style(fill="#000000", stroke_width=value, opacity=value)  # type: ignore[arg-type]
    path = Path((("M", value, 2.5), ("C", 1.5, value, value, 3.25, 4.0, value), ("Z",)), style)  # type: ignore[arg-type]
    return [Drawing("f", 63.0, 88.0, 3.0, [item]) for item in (
        path,
        Rect(value, 1.5, value, 2.5, style, value),  # type: ignore[arg-type]
        Ellipse(value, 1.5, 2.5, value, style),  # type: ignore[arg-type]
        Image(value, 1.0, 2.0, value, path="/x.png", digest="d"),  # type: ignore[arg-type]
        Group((path,), (value, 0.0, -0.0, value, value, 1.5)),  # type: ignore[arg-type]
        Text(value, value, "é — x", "regular", 8.0),  # type: ignore[arg-type]
    )]


def test_look_alike_numbers_give_apart_keys_in_any_order() -> None:
    for pair in LOOK_ALIKE:
        for first, second in permutations(pair):
            drawing.FLOAT_TEXTS.clear()
            faces = faces_with(first), faces_with(second)
            for one, other in zip(*faces, strict=True):
                for face in (one, other, one):
                    assert face_body(face) == repr((63.0, 88.0, 3.0, face.items))
                    assert face_key(face) == whole_key(face)
                assert face_key(one) != face_key(other)


def test_operators_written_as_their_repr() -> None:
    odd = [1 / 3, -1 / 7, 1e-7, 1e300, -0.0, 0.0, 3, True, math.inf, -math.inf, math.nan, 22.5]
    cases = [
        tuple(("C", *odd[i:i + 6]) for i in range(len(odd) - 5)),
        (("M", 1, 2.0), ("L", 2.0, 1), ("Z",), ("M", -0.0, 0.0)),
        (("M", 0.5, 0.25), ("Q", 1.0, 2.0)),  # what no operator is: its own repr
        (("M", 0.5, 0.25), ["L", 1.0, 2.0]),
    ]
    for ops in cases:
        for _ in range(2):  # numbers met afresh, then kept
            assert drawing._ops_repr(ops) == repr(ops)  # type: ignore[arg-type]
            assert drawing.floats_text(ops[0]) == repr(ops[0])
    for values in ((1.5,), (), (0.0, -0.0), [1.5, 2.0]):
        assert drawing.floats_text(values) == repr(values)


def test_float_text_serves_floats_only_and_is_bounded(monkeypatch) -> None:
    monkeypatch.setattr(drawing, "FLOATS_KEPT", 3)
    drawing.FLOAT_TEXTS.clear()
    for value in (1.0, 1, True, 0.0, -0.0, 0, 2.5, 3.5, 4.5, 5.5, 1.0, 1):
        assert drawing.float_text(value) == repr(value)
        assert len(drawing.FLOAT_TEXTS) <= 3
    assert all(type(v) is float and v for v in drawing.FLOAT_TEXTS)  # noqa: E721
