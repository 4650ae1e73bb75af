"""PDF operators kept and given again: what drawing gave (the operators, the PDF version it
asked for, the canvas attributes it left set), replayed instead of drawing again.

`replay_or_draw` keeps them in a dict the caller holds (a document's page furniture);
`recorded` keeps an opaque shape's, or a group of them (an icon), for every document of the
process (`shape_ops`): such a shape is drawn inside its own q ... Q, so its operators depend
on nothing but itself, the canvas's fill mode and the colour space it enforces.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from reportlab.pdfgen.canvas import Canvas

Kept = tuple[tuple[int, ...], list[str], dict[str, object]]  # version, operators, state left
_OPS_ATTR = "_cardgen_ops"  # a document's shapes that named a resource of it


def recorded(canvas: Canvas, item: object, draw: Callable[[Canvas, Any], object]
             ) -> Kept | None:
    """An opaque shape drawn as the operators it gave the first time in this process; what
    was kept (None: nothing).

    An opaque rect, ellipse or path is drawn inside its own q ... Q, so its operators depend
    on nothing but itself, the canvas's fill mode and colour space (a translucent one names
    a graphics state numbered per page, so it is always drawn afresh): the frames, boxes and
    icons every card repeats cost a list extend, not a dozen reportlab calls, in every
    document of the process (a print-shop file draws the faces a home-print file drew). The
    key is the repr, which tells 1 from 1.0 and 0.0 from -0.0. The PDF version drawing it
    asked for (reportlab asks 1.4 of a colour) is asked again. A shape whose drawing named a
    resource of the document (a separation colour) is kept for that document only."""
    key = repr(item)
    own: dict[str, Kept] | None = canvas.__dict__.get(_OPS_ATTR)
    found = own.get(key) if own is not None else None
    if found is None:
        shared = shape_ops(canvas)
        found = shared.get(key)
        if found is None:
            before = _named(canvas)
            start = len(canvas._code)
            version = asked_version(canvas, lambda: draw(canvas, item))
            found = (version, canvas._code[start:], {})
            if _named(canvas) == before:
                if len(shared) >= SHAPE_OPS_MAX:
                    shared.clear()
                shared[key] = found
            else:
                canvas.__dict__.setdefault(_OPS_ATTR, {})[key] = found
            return found
    replay(canvas, found)
    return found


SHAPE_OPS_MAX = 1 << 12  # shapes and groups a process keeps the operators of; emptied when full
_SHAPE_OPS: dict[tuple[object, str], dict[str, Kept]] = {}  # (fill mode, colour space) -> them


def shape_ops(canvas: Canvas) -> dict[str, Kept]:
    """repr -> what drawing an opaque shape (or a group of them) gave, kept for every document
    of the process drawn with the canvas's fill mode and colour space enforced."""
    key = (canvas._fillMode, repr(canvas._enforceColorSpace))
    found = _SHAPE_OPS.get(key)
    if found is None:
        found = _SHAPE_OPS[key] = {}
    return found


def _named(canvas: Canvas) -> tuple[int, int, int]:
    """How many colours, shadings and graphics states the canvas's page names."""
    return len(canvas._colorsUsed), len(canvas._shadingUsed), len(canvas._extgstate._c)


def replay_or_draw(canvas: Canvas, kept: dict[Any, Kept], key: object, draw: Callable[[], None],
                   state: tuple[str, ...] = ()) -> None:
    """Draw, keeping the operators drawing gave under `key` in `kept` (a per-document dict),
    with the PDF version it asked for and those of the canvas attributes named in `state` it
    changed; or, for a key kept before, give those operators, version and attributes again."""
    code = canvas._code
    found = kept.get(key)
    if found is None:
        start = len(code)
        attrs = canvas.__dict__
        before = {name: attrs[name] for name in state}
        version = asked_version(canvas, draw)
        kept[key] = (version, code[start:],
                     {name: attrs[name] for name in state if attrs[name] != before[name]})
        return
    replay(canvas, found)


def replay(canvas: Canvas, found: Kept) -> None:
    """Give the operators, PDF version and canvas attributes `replay_or_draw` kept."""
    version, ops, left = found
    doc = canvas._doc
    if version > doc._pdfVersion:
        doc._pdfVersion = version
    canvas._code.extend(ops)
    if left:
        canvas.__dict__.update(left)


def asked_version(canvas: Canvas, draw: Callable[[], object]) -> tuple[int, ...]:
    """Run draw; the PDF version it asked of the document (which keeps the higher one)."""
    doc = canvas._doc
    before, doc._pdfVersion = doc._pdfVersion, (0,)
    try:
        draw()
    finally:
        asked, doc._pdfVersion = tuple(doc._pdfVersion), max(before, doc._pdfVersion)
    return asked
