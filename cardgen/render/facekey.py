"""A face's content -> its name in a PDF (a form XObject's or a marked-content tag's): equal
drawings share one name, and the name does not depend on where the project lies."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

from cardgen.layout import fonts
from cardgen.layout.drawing import Drawing, Group, Primitive, Text


def face_key(drawing: Drawing) -> str:
    """A stable name for a face's content: equal drawings share one form XObject."""
    body = repr((drawing.width, drawing.height, drawing.bleed, drawing.items))
    if fonts.FILE_PREFIX in body:  # a layout's own font: by its content, not where it lies
        for face in _file_faces(drawing.items):
            body = body.replace(f"font={face!r}", f"font={fonts.pdf_font_name(face)!r}")
    return "cg" + hashlib.sha1(body.encode("utf-8")).hexdigest()[:16]


def _file_faces(items: Iterable[Primitive]) -> set[str]:
    """The layout's own font faces ("file:<path>") the items' texts use, groups opened."""
    found: set[str] = set()
    for item in items:
        if isinstance(item, Group):
            found |= _file_faces(item.items)
        elif isinstance(item, Text) and item.font.startswith(fonts.FILE_PREFIX):
            found.add(item.font)
    return found
