"""A face's content -> its name in a PDF (a form XObject's or a marked-content tag's): equal
drawings share one name, and the name does not depend on where the project lies.

The name hashes `repr((width, height, bleed, items))`. That text is written here item by item
(`face_body`), character for character: frames, icons and backgrounds are objects the layout
memo shares, whose reprs drawing.py keeps per object; a Text line (what differs from face to
face) is written from its fields, its coordinates' reprs kept by value (the same baselines and
margins recur on every face of a layout) and its font, size, colour and anchor written once per
combination (`_text_repr`)."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

from cardgen.layout import fonts
from cardgen.layout.drawing import FLOAT_TEXTS, KEPT_REPRS, Drawing, Group, Primitive, Text, float_text

KEPT = 8192  # tails kept (cleared when full; coordinates: drawing.FLOAT_TEXTS)
_tails: dict[tuple[str, float, str, str], str] = {}  # (font, size, colour, anchor) -> tail


def face_key(drawing: Drawing) -> str:
    """A stable name for a face's content: equal drawings share one form XObject."""
    parts = _item_texts(drawing.items)
    if parts is None:
        data = face_body(drawing).encode("utf-8")
    else:  # the body's UTF-8, item by item (no text of a face's length made and encoded)
        data = b"".join((_head(drawing).encode("utf-8"), b", ".join(map(str.encode, parts)),
                         b"])"))
    if _FILE_MARK in data:  # a layout's own font: by its content, not where it lies
        body = data.decode("utf-8")
        for face in _file_faces(drawing.items):
            body = body.replace(f"font={face!r}", f"font={fonts.pdf_font_name(face)!r}")
        data = body.encode("utf-8")
    return "cg" + hashlib.sha1(data).hexdigest()[:16]


_FILE_MARK = fonts.FILE_PREFIX.encode("utf-8")


def face_body(drawing: Drawing) -> str:
    """`repr((drawing.width, drawing.height, drawing.bleed, drawing.items))`, character for
    character, each Text line written by `_text_repr`."""
    parts = _item_texts(drawing.items)
    if parts is None:  # not a list: its own repr
        return repr((drawing.width, drawing.height, drawing.bleed, drawing.items))
    return f"{_head(drawing)}{', '.join(parts)}])"


def _head(drawing: Drawing) -> str:
    """What a face's body writes before its items."""
    return f"({drawing.width!r}, {drawing.height!r}, {drawing.bleed!r}, ["


def _item_texts(items: object) -> list[str] | None:
    """The repr of each of a face's items (None when they are not a list, whose repr the
    body writes), shared shapes' as drawing.py keeps them."""
    if type(items) is not list:  # noqa: E721
        return None
    parts: list[str] = []
    add, floats, tails, kept = parts.append, FLOAT_TEXTS, _tails, KEPT_REPRS
    for item in items:  # _text_repr written out in the loop (a face holds a Text a line)
        if type(item) is not Text:  # noqa: E721  (a shared shape's repr as drawing.py keeps it)
            found = kept.get(id(item))
            add(found[1] if found is not None and found[0] is item else repr(item))
            continue
        d = item.__dict__
        if d["stroke"] is not None or d["stroke_width"] != 0.0 or d["spacing"] != 0.0:
            add(repr(item))
            continue
        x, y, size = d["x"], d["y"], d["size"]
        xs, ys = floats.get(x), floats.get(y)
        if xs is None or type(x) is not float:  # noqa: E721  (see _text_repr)
            xs = float_text(x)
        if ys is None or type(y) is not float:  # noqa: E721
            ys = float_text(y)
        key = (d["font"], size, d["color"], d["anchor"])
        tail = tails.get(key)
        if tail is None or type(size) is not float:  # noqa: E721
            tail = _tail(key)
        add(f"Text(x={xs}, y={ys}, text={d['text']!r}{tail}")
    return parts


def _text_repr(text: Text) -> str:
    """repr(text): its own when its outline or letter spacing is set, else from its fields."""
    d = text.__dict__
    if d["stroke"] is not None or d["stroke_width"] != 0.0 or d["spacing"] != 0.0:
        return repr(text)
    x, y = d["x"], d["y"]
    xs, ys = FLOAT_TEXTS.get(x), FLOAT_TEXTS.get(y)
    # kept for non-zero floats only (no 0.0 to serve -0.0), and serving floats only (6 == 6.0)
    if xs is None or type(x) is not float:  # noqa: E721
        xs = float_text(x)
    if ys is None or type(y) is not float:  # noqa: E721
        ys = float_text(y)
    size = d["size"]
    key = (d["font"], size, d["color"], d["anchor"])
    tail = _tails.get(key)
    if tail is None or type(size) is not float:  # noqa: E721  (kept: see _tail)
        tail = _tail(key)
    return f"Text(x={xs}, y={ys}, text={d['text']!r}{tail}"


def _tail(key: tuple[str, float, str, str]) -> str:
    """What a Text's repr writes after its text: kept for a non-zero float size and text
    font, colour and anchor (no other value equal to those is written otherwise)."""
    font, size, color, anchor = key
    text = f", font={font!r}, size={size!r}, color={color!r}, anchor={anchor!r})"
    if type(size) is float and size and all(type(v) is str for v in (font, color, anchor)):  # noqa: E721
        if len(_tails) >= KEPT:
            _tails.clear()
        _tails[key] = text
    return text


def _file_faces(items: Iterable[Primitive]) -> set[str]:
    """The layout's own font faces ("file:<path>") the items' texts use, groups opened."""
    found: set[str] = set()
    for item in items:
        if isinstance(item, Group):
            found |= _file_faces(item.items)
        elif isinstance(item, Text) and item.font.startswith(fonts.FILE_PREFIX):
            found.add(item.font)
    return found
