"""Face keys written item by item (render/facekey.py) are the keys of the whole drawing's repr:
random drawings (every primitive, nested groups, shared and unshared items, own fonts,
gradients, images, odd numbers), the face cache's keys, and the key bookkeeping of Faces."""

from __future__ import annotations

import hashlib
import math
import random

import pytest

from cardgen.layout import drawing as drawing_module
from cardgen.layout import fonts
from cardgen.layout.drawing import (
    Drawing,
    Ellipse,
    Gradient,
    Group,
    Image,
    Path,
    Primitive,
    Rect,
    Style,
    Text,
)
from cardgen.render import facekey
from cardgen.render.facekey import _file_faces, face_body, face_key


def slow_key(drawing: Drawing) -> str:
    """face_key as it was: the sha1 of the whole drawing's repr."""
    body = repr((drawing.width, drawing.height, drawing.bleed, drawing.items))
    if fonts.FILE_PREFIX in body:
        for face in _file_faces(drawing.items):
            body = body.replace(f"font={face!r}", f"font={fonts.pdf_font_name(face)!r}")
    return "cg" + hashlib.sha1(body.encode("utf-8")).hexdigest()[:16]


# numbers that look alike but are written differently: 6 and 6.0, 0.0 and -0.0, True and 1
NUMBERS = [6, 6.0, 0.0, -0.0, 0, 1, 1.0, True, 2.5, -3.25, 1e-7, 1e22, 1 / 3, 8.0, 8, math.inf,
           math.nan, 35.06022222222222]
FONTS = ["regular", "bold", fonts.file_face("/nowhere/Own-Font.ttf"), "file:x"]


def _number(rng: random.Random) -> float:
    return rng.choice(NUMBERS) if rng.random() < 0.6 else round(rng.uniform(-5, 90), 3)


def _style(rng: random.Random) -> Style:
    paint = Gradient(rng.choice(["linear", "radial"]), (0.0, 1.0, 2.5, 3.0),
                     ((0.0, "#FF0000"), (1.0, "#0000FF"))) if rng.random() < 0.3 else None
    return Style(rng.choice([None, "#112233"]), rng.choice([None, "#445566"]),
                 _number(rng), rng.choice([None, (1.0, 0.5)]), rng.choice([1.0, 0.5]),
                 fill_alpha=rng.choice([1.0, 0.25]), join=rng.choice(["miter", "round"]),
                 fill_paint=paint)


def _text(rng: random.Random) -> Text:
    odd = rng.random() < 0.25
    return Text(_number(rng), _number(rng), rng.choice(["", "Card 1", "it's \"quoted\"", "é ü ✓",
                                                        "font='file:x'", "a\nb"]),
                rng.choice(FONTS), rng.choice([8.0, 11.0, 8, 0.0, -0.0, 6.5]),
                rng.choice(["#000000", "#222222"]), rng.choice(["start", "middle", "end"]),
                stroke=rng.choice([None, "#FFFFFF"]) if odd else None,
                stroke_width=rng.choice([0.0, 0.3]) if odd else 0.0,
                spacing=rng.choice([0.0, 0.2, -0.0]) if odd else 0.0)


def _item(rng: random.Random, depth: int = 0) -> Primitive:
    kind = rng.randrange(6 if depth < 3 else 5)
    if kind == 0:
        return Rect(_number(rng), _number(rng), _number(rng), _number(rng), _style(rng),
                    rng.choice([0.0, 2.0]))
    if kind == 1:
        return Ellipse(_number(rng), _number(rng), _number(rng), _number(rng), _style(rng))
    if kind == 2:
        return Path((("M", 0.0, 1.0), ("L", _number(rng), 2.0),
                     ("C", 1.0, 2.0, 3.0, 4.0, 5.0, _number(rng)), ("Z",)), _style(rng),
                    rng.choice(["nonzero", "evenodd"]))
    if kind == 3:
        return Image(_number(rng), _number(rng), 10.0, 12.0, "/somewhere/a.png",
                     rng.choice(["", "ab" * 32]))
    if kind == 4:
        return _text(rng)
    clip_path = Path((("M", 0.0, 0.0), ("L", 1.0, 1.0), ("Z",)), Style()) \
        if rng.random() < 0.3 else None
    return Group(tuple(_item(rng, depth + 1) for _ in range(rng.randrange(4))),
                 (1.0, 0.0, 0.0, 1.0, _number(rng), 2.0),
                 rng.choice([None, (0.0, 0.0, 5.0, 5.0)]), clip_path=clip_path)


def test_the_fast_key_is_the_key_of_the_whole_repr_on_random_drawings() -> None:
    rng = random.Random(25)
    shared = [_item(rng) for _ in range(30)]  # objects on many faces, as the layout memo keeps
    for n in range(600):
        items = [rng.choice(shared) if rng.random() < 0.4 else _item(rng)
                 for _ in range(rng.randrange(12))]
        drawing = Drawing(f"face-{n}", _number(rng), _number(rng), rng.choice([3.0, 0.0, 3]),
                          items)
        expected = repr((drawing.width, drawing.height, drawing.bleed, drawing.items))
        assert face_body(drawing) == expected
        assert face_key(drawing) == slow_key(drawing)
        assert face_key(drawing) == slow_key(drawing)  # again, served from what was kept


@pytest.mark.parametrize("first, then", [(6.0, 6), (6, 6.0), (0.0, -0.0), (-0.0, 0.0),
                                         (1.0, True), (8.0, 8), (math.nan, math.nan)])
def test_equal_numbers_written_differently_keep_their_own_reprs(first: float, then: float
                                                                 ) -> None:
    """A kept repr of 6.0 never serves 6, nor 0.0 -0.0 (equal keys of a dictionary)."""
    for x in (first, then):
        for text in (Text(x, x, "a", "regular", x), Text(1.5, 2.5, "b", "bold", x)):
            drawing = Drawing("f", 63.0, 88.0, 3.0, [text])
            assert face_body(drawing) == repr((63.0, 88.0, 3.0, [text]))


def test_the_kept_reprs_are_cleared_when_full(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(facekey, "KEPT", 4)
    monkeypatch.setattr(drawing_module, "FLOATS_KEPT", 4)
    drawing_module.FLOAT_TEXTS.clear()  # what other tests in this process kept
    for n in range(40):
        text = Text(n + 0.5, n + 0.25, str(n), "regular", n + 1.5)
        drawing = Drawing("f", 63.0, 88.0, 3.0, [text, Text(1.0, 2.0, "x", "bold", 8.0)])
        assert face_key(drawing) == slow_key(drawing)
        assert len(drawing_module.FLOAT_TEXTS) <= 4 and len(facekey._tails) <= 4


def test_a_text_subclass_and_items_held_in_a_tuple_keep_their_own_reprs() -> None:
    class Marked(Text):
        def __repr__(self) -> str:
            return "Marked()"

    line = Marked(1.0, 2.0, "a", "regular", 8.0)
    drawing = Drawing("f", 63.0, 88.0, 3.0, [line, Text(1.0, 2.0, "a", "regular", 8.0)])
    assert face_body(drawing) == repr((63.0, 88.0, 3.0, drawing.items))
    as_tuple = Drawing("f", 63.0, 88.0, 3.0, tuple(drawing.items))  # type: ignore[arg-type]
    assert face_key(as_tuple) == slow_key(as_tuple)


def test_own_fonts_are_named_by_their_content_in_groups_too(tmp_path) -> None:
    font = tmp_path / "Own.ttf"
    font.write_bytes(b"not really a font")
    face = fonts.file_face(font)
    inner = Text(1.0, 2.0, "a", face, 8.0)
    for items in ([inner], [Group((Group((inner,)),))]):
        here = face_key(Drawing("f", 63.0, 88.0, 3.0, list(items)))
        moved = tmp_path / "moved"
        moved.mkdir(exist_ok=True)
        (moved / "Own.ttf").write_bytes(font.read_bytes())
        other = fonts.file_face(moved / "Own.ttf")
        there = [Text(1.0, 2.0, "a", other, 8.0)] if items[0] is inner else \
            [Group((Group((Text(1.0, 2.0, "a", other, 8.0),)),))]
        assert here == face_key(Drawing("f", 63.0, 88.0, 3.0, there))
        assert here == slow_key(Drawing("f", 63.0, 88.0, 3.0, list(items)))


def test_face_cache_keys_are_the_component_written_after_base_and_side(tmp_path) -> None:
    from cardgen.data.load import load_database, parse_target
    from cardgen.pipeline.sources import FaceCache, _component_repr
    from tests.support import gen_deck

    project = gen_deck.make_project(tmp_path / "p", 12)
    db = load_database(project, *parse_target(f"{gen_deck.GAME}@{gen_deck.EDITION}", project))
    cache = FaceCache(db, read_only=True)
    for component in db.components[:20]:
        sides = ["front", "back", "front ink-saver"]
        expected = [hashlib.sha1(f"{cache.base}\n{side}\n{_component_repr(component)}"
                                 .encode()).hexdigest() for side in sides]
        assert cache.keys(component, sides) == expected
        assert cache.key(component, "back") == expected[1]
        assert cache.written[id(component)] == (component, _component_repr(component))


def test_keys_by_id_works_out_the_missing_keys_and_keeps_the_known() -> None:
    from cardgen.pipeline.faces import Faces

    a = Drawing("a", 63.0, 88.0, 3.0, [Text(1.0, 2.0, "a", "regular", 8.0)])
    b = Drawing("b", 63.0, 88.0, 3.0, [Text(1.0, 2.0, "b", "regular", 8.0)])
    faces = Faces([], {("a", "front"): a, ("b", "front"): b}, {},
                  keys={("a", "front"): "cgkept"})
    assert faces.keys_by_id() == {id(a): "cgkept", id(b): slow_key(b)}
    assert faces.keys[("b", "front")] == slow_key(b)


def test_faces_of_the_same_objects_share_a_key_and_others_get_their_own() -> None:
    """pipeline.faces._face_key serves a key worked out for a face made of the same objects
    (a back under every card's name), and only for it."""
    from cardgen.pipeline.faces import _face_key

    frame = Rect(0.0, 0.0, 63.0, 88.0, Style("#112233"))
    logo = Text(10.0, 20.0, "Logo", "bold", 12.0)
    other = Text(10.0, 20.0, "Logo", "bold", 12.0)  # equal, another object
    faces = [
        Drawing("a-back", 63.0, 88.0, 3.0, [frame, logo]),
        Drawing("b-back", 63.0, 88.0, 3.0, [frame, logo]),
        Drawing("c-back", 63.0, 88.0, 3.0, [other, logo]),  # same last object, not the first
        Drawing("d-back", 63, 88.0, 3.0, [frame, logo]),  # 63 is written "63"
        Drawing("e-back", 63.0, 88.0, -0.0, [frame, logo]),
        Drawing("f-back", 63.0, 88.0, 0.0, [frame, logo]),
        Drawing("g-back", 63.0, 88.0, 3.0, [logo]),  # fewer items
        Drawing("h-back", 63.0, 88.0, 3.0, [frame, logo]),
        Drawing("empty", 63.0, 88.0, 3.0, []),
        Drawing("empty", 63.0, 88.0, 3.0, []),
    ]
    keys: dict = {}
    got = [_face_key(drawing, keys) for drawing in faces]
    assert got == [slow_key(drawing) for drawing in faces]
    assert got[0] == got[1] == got[7] and len(set(got[:7])) == 6
