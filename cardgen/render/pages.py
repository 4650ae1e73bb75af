"""Page plans and faces -> PDF pages: home-print sheets (draw_page) and print-shop pages.

Home print: faces through `paint` (cardgen.render.pdf), clipped to their slot, then the page's
marks and labels. Print shop: one page per face at trim + 3 mm bleed, MediaBox = BleedBox =
trim + bleed each side and TrimBox = trim, as 4-tuples in points (print-spec 2.3 and 5.3;
reportlab keeps boxes as canvas state, so each page sets them again). A component's back page
follows its front page. A face whose cut line is no plain rectangle (a hex, a polygon, a disc)
carries it as a die line in the Dieline spot colour. Fonts are embedded TrueType subsets.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields
from operator import attrgetter
from pathlib import Path
from typing import Any, cast

from reportlab.lib.rl_accel import fp_str
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, Canvas

from cardgen.impose.geometry import PRINT_BLEED, Circle, Label, Line, Page, Placement
from cardgen.layout.drawing import Drawing, Text
from cardgen.render.cutout import is_shaped
from cardgen.render.dieline import draw_die_line
from cardgen.render.faceops import PRIMED_ATTR, PageStreams
from cardgen.render.pdf import Painter, draw_items, new_canvas, page_boxes, placed_ops
from cardgen.render.pdfpage import set_page, show_page
from cardgen.render.pdfreplay import Kept, asked_version, replay, replay_or_draw
from cardgen.render.pdftext import pdf_font, shown_chars

FaceKey = tuple[str, str]


def draw_page(canvas: Canvas, page: Page, faces: Mapping[FaceKey, Drawing], paint: Callable[..., None],
              streams: PageStreams | None = None, content: str | None = None,
              key: str | None = None) -> None:
    """Draw one planned page: faces through `paint` (render_pdf.paint), then marks and labels;
    the page is shown and its stream encoded.

    faces maps (component id, side) -> Drawing; clipping here narrows paint's own bleed clip
    so butted neighbours do not overprint each other. With `streams` (paint is then a
    Painter) and `content` (what the page is made of: its plan and its faces' content), a
    page kept by an earlier document with the same fonts is shown from its kept stream
    (`key`: the page's `home_page_key` under the streams' signature, when the caller has it).
    """
    set_page(canvas, (page.paper.width * mm, page.paper.height * mm))
    if streams is None or content is None:
        _draw_page(canvas, page, faces, paint)
        show_page(canvas)
        return
    painter = cast("Painter", paint)
    if key is None:
        key = home_page_key(streams.signature, content, painter, page, faces)
    streams.show(canvas, key,
                 lambda: _draw_page(canvas, page, faces, paint),
                 lambda: _forms(canvas, painter, [faces[p.face] for p in page.placements]))


def home_page_key(signature: str, content: str, painter: Painter, page: Page,
                  faces: Mapping[FaceKey, Drawing]) -> str:
    """What a home-print page is made of (before the fonts' codes, `PageStreams.show`).

    Worked out once per painter (one document's) for a signature and a content: `content`
    holds the page's plan and its faces' keys, and a painter paints one document's faces."""
    kept: dict[tuple[str, str], str] | None = painter.__dict__.get(_PAGE_KEYS_ATTR)
    if kept is None:
        kept = painter.__dict__[_PAGE_KEYS_ATTR] = {}
        painter.__dict__[_PLACED_IDS_ATTR] = {}
    found = kept.get((signature, content))
    if found is None:
        # a drawing's `_placed` repr by its object (held there, so its id is its own)
        by_id: dict[int, tuple[Drawing, str]] = painter.__dict__[_PLACED_IDS_ATTR]
        parts = []
        for p in page.placements:  # each face's `_placed` repr, worked out once per painter
            drawing = faces[p.face]
            known = by_id.get(id(drawing))
            if known is None or known[0] is not drawing:
                known = by_id[id(drawing)] = (drawing, _placed_repr(painter, drawing))
            parts.append(known[1])
        key = f"({signature!r}, {content!r}, [{', '.join(parts)}])"  # the tuple's repr
        found = kept[(signature, content)] = hashlib.sha1(key.encode("utf-8")).hexdigest()
    return found


def _placed_repr(painter: Painter, drawing: Drawing) -> str:
    """repr(_placed(painter, drawing)), written as the tuple's repr is."""
    key = painter.key(drawing)
    return (f"({key!r}, {key in painter.reused!r}, {drawing.shape!r}, {drawing.corner!r}, "
            f"{drawing.points!r})")


_PAGE_KEYS_ATTR = "_cardgen_page_keys"
_PLACED_IDS_ATTR = "_cardgen_placed_ids"  # id(drawing) -> (the drawing, its `_placed` repr)


def _forms(canvas: Canvas, painter: Painter, drawings: list[Drawing]) -> None:
    for drawing in drawings:
        painter.ensure_form(canvas, drawing)


def _draw_page(canvas: Canvas, page: Page, faces: Mapping[FaceKey, Drawing],
               paint: Callable[..., None]) -> None:
    height = page.paper.height
    if type(paint) is Painter:
        for p in page.placements:
            _place(canvas, paint, faces[p.face], p, height)
    else:
        for p in page.placements:
            drawing = faces[p.face]
            _slot_clip(canvas, p, height)
            paint(canvas, drawing, p.slot.x, p.slot.y, height,
                  bleed_mm=drawing.bleed if p.bleed is None else p.bleed, rotate=p.slot.rotate)
            canvas.restoreState()
    canvas.saveState()
    furniture: dict[object, Kept] = canvas.__dict__.setdefault(_FURNITURE_ATTR, {})
    # the marks' key: their values, found by their objects when pages share them (a grid's)
    by_ids: dict[object, list[Any]] = canvas.__dict__.setdefault(_MARK_KEYS_ATTR, {})
    shared = (height, tuple(map(id, page.lines)), tuple(map(id, page.circles)))
    found = by_ids.get(shared)
    if found is None:
        key = (height, tuple(map(_line_values, page.lines)),
               tuple(map(_circle_values, page.circles)))
        # the objects held beside their key: no other object takes their ids meanwhile
        found = by_ids[shared] = [key, (tuple(page.lines), tuple(page.circles)), None]
    _found_again(canvas, _marks_kept(canvas), found, _marks, page, height)
    for label in page.labels:  # by its object first (a file's pages share their labels)
        found = by_ids.get((height, id(label)))
        if found is None:
            found = by_ids[(height, id(label))] = [(height, _label_values(label)), label, None]
        _found_again(canvas, furniture, found, _label, label, height)
    canvas.restoreState()


def _found_again(canvas: Canvas, kept: dict[object, Kept], found: list[Any],
                 draw: Callable[..., None], *args: object) -> None:
    """`_replayed` for furniture found by its objects (`found`: its key, the objects and what
    `kept` holds under the key once drawn or found there): the key looked up in `kept` once
    per objects, not once per page (a grid's marks are a long key to hash)."""
    entry = found[2]
    if entry is None:
        _replayed(canvas, kept, found[0], draw, *args)
        found[2] = kept.get(found[0])
    else:
        replay(canvas, entry)


def _slot_clip(canvas: Canvas, p: Placement, height: float) -> None:
    """Save the graphics state and clip to the placement's slot (as reportlab's beginPath,
    rect and clipPath write it)."""
    canvas.saveState()
    canvas._code.append(_slot_clip_op(canvas, p, height))


def _slot_clip_op(canvas: Canvas, p: Placement, height: float) -> str:
    box = p.clip
    clip_op = " W* n" if canvas._fillMode == FILL_EVEN_ODD else " W n"
    return (f"n {fp_str((box.x * mm, (height - box.bottom) * mm, box.w * mm, box.h * mm))}"
            f" re{clip_op}")


def _place(canvas: Canvas, painter: Painter, drawing: Drawing, p: Placement, height: float
           ) -> None:
    """One face in its slot, as `_slot_clip`, the painter and restoreState give it, with the
    operators before the face's own (the slot's clip, the face's placement and its own clip)
    made once per process for each slot, face size, bleed and outline (a sheet's slots are
    the same on every page and in every file of its paper), and no reportlab call for a face
    whose operators are kept: the graphics state saved and restored around the face is the
    canvas's own state before and after, which a face's drawing leaves as it found it."""
    name = painter.key(drawing)
    code = canvas._code
    slot = p.slot
    bleed = drawing.bleed if p.bleed is None else p.bleed
    box = p.clip
    key = (height, box.x, box.y, box.w, box.h, slot.x, slot.y, slot.rotate, bleed,
           drawing.width, drawing.height, drawing.bleed, drawing.shape, drawing.corner,
           drawing.points, canvas._fillMode)
    prefixes = _kept(_SLOT_OPS)
    prefix = prefixes.get(key)
    if prefix is None:  # what _slot_clip, saveState and clip_and_place append
        prefix = prefixes[key] = "\n".join([
            "q", _slot_clip_op(canvas, p, height), "q",
            *placed_ops(canvas, drawing, slot.x, slot.y, height, bleed, slot.rotate)])
    code.append(prefix)
    if name in painter.reused:
        painter.ensure_form(canvas, drawing)
        canvas.doForm(name)
    else:
        code.append(f"/{name} BMC")
        painter.draw(canvas, drawing, name)  # (draw_items restores what it sets)
        code.append("EMC")
    code.append("Q\nQ")


# placing operators (a slot's clip, a face's placement and clip; a label's place), which
# depend on nothing of the document: kept for every document of the process (a paper's files
# share their slots, the print-shop files their page sizes), each dict emptied when full
_SLOT_OPS: dict[tuple[object, ...], str] = {}
_SHOP_OPS: dict[tuple[object, ...], str] = {}
_LABEL_PLACES: dict[tuple[float, float, float], str] = {}
# a mark line's grey, width and dash -> what setStrokeGray, setLineWidth and setDash write
_LINE_STYLES: dict[tuple[object, ...], str] = {}


def _kept(ops: dict[Any, str]) -> dict[Any, str]:
    if len(ops) >= 4096:
        ops.clear()
    return ops


_FURNITURE_ATTR = "_cardgen_furniture"  # a document's page marks and labels, as first drawn
_MARK_KEYS_ATTR = "_cardgen_mark_keys"  # the marks' objects' ids -> (their key, them)
_MARK_STATE = ("_strokeColorObj", "_fillColorObj", "_lineWidth")  # what marks leave set
# what furniture is drawn from, as plain values (hashed without a call to a dataclass's __hash__)
_line_values, _circle_values, _label_values = (attrgetter(*(f.name for f in fields(kind)))
                                                for kind in (Line, Circle, Label))


def _marks_kept(canvas: Canvas) -> dict[object, Kept]:
    """The operators of the page marks drawn so far in the process, for a canvas in this fill
    mode and state: marks (lines and circles, no text) are the same operators in every
    document (a paper's duplex and single-sided files share their grids)."""
    attrs = canvas.__dict__
    key = (attrs["_fillMode"], *(attrs[name] for name in _MARK_STATE))
    kept = _MARKS.get(key)
    if kept is None:
        if len(_MARKS) >= 16:
            _MARKS.clear()
        kept = _MARKS[key] = {}
    elif len(kept) >= 1024:
        kept.clear()
    return kept


_MARKS: dict[tuple[object, ...], dict[object, Kept]] = {}


def _replayed(canvas: Canvas, kept: dict[object, Kept], key: object,
              draw: Callable[..., None], *args: object) -> None:
    """Draw page furniture, or give the operators the same furniture gave the first time in
    this document (the same values: reportlab writes numbers by value, so equal marks and
    labels give equal operators; a label's text has its codes from its first drawing), with
    the PDF version it asked for and the graphics state it left set."""
    replay_or_draw(canvas, kept, key, lambda: draw(canvas, *args), _MARK_STATE)


def _marks(canvas: Canvas, page: Page, height: float) -> None:
    """A page's cut and fold lines and circles. A line is what reportlab's setStrokeGray,
    setLineWidth, setDash and line write: the first three's operators made once per process
    for each grey, width and dash (by those calls), the line's as `Canvas.line` writes it,
    and the canvas left with the last line's grey and width, as those calls leave it."""
    code = canvas._code
    styles = _kept(_LINE_STYLES)
    for line in page.lines:
        style = (line.gray, line.width, line.dash)
        ops = styles.get(style)
        if ops is None:
            start = len(code)
            canvas.setStrokeGray(line.gray)
            canvas.setLineWidth(line.width * mm)
            canvas.setDash([d * mm for d in line.dash] if line.dash else [])
            ops = styles[style] = "\n".join(code[start:])
            del code[start:]
        code.append(ops)
        code.append(f"n {fp_str(line.x1 * mm, (height - line.y1) * mm)} m "
                    f"{fp_str(line.x2 * mm, (height - line.y2) * mm)} l S")
    if page.lines:
        last = page.lines[-1]
        canvas._strokeColorObj = (last.gray, last.gray, last.gray)
        canvas._lineWidth = last.width * mm
    canvas.setDash([])
    canvas.setStrokeGray(0)
    for c in page.circles:
        canvas.setStrokeGray(c.gray)
        canvas.setLineWidth(c.width * mm)
        canvas.circle(c.cx * mm, (height - c.cy) * mm, c.r * mm, stroke=1, fill=0)
    canvas.setFillGray(0)


def _label(canvas: Canvas, label: Label, height: float) -> None:
    """A label: its placing operators (saveState, translate and rotate, made once per process
    for each place and angle: a file's pages put their labels at the same few places), its
    text, and restoreState's."""
    places = _kept(_LABEL_PLACES)
    code = canvas._code
    where = (label.x, height - label.y, label.angle)
    place = places.get(where)
    if place is None:  # what saveState, translate and rotate append
        ops = _Transforms()
        ops.translate(label.x * mm, (height - label.y) * mm)
        ops.rotate(label.angle)
        place = places[where] = "\n".join(ops._code)
    code.append(place)
    _label_text(canvas, Text(0.0, 0.0, label.text, "bold" if label.bold else "regular",
                             label.size))  # shaped, as impose measured it
    code.append("Q")


class _Transforms:
    """reportlab's own Canvas.translate, rotate and transform (which folds a transform into
    a cm just before it), run on a list that starts with saveState's q: their operators
    without a canvas state to save and restore."""

    translate, rotate, transform = Canvas.translate, Canvas.rotate, Canvas.transform

    def __init__(self) -> None:
        self._code = ["q"]
        self._currentMatrix = (1, 0, 0, 1, 0, 0)  # (what transform tracks; not written)


def _label_text(canvas: Canvas, text: Text) -> None:
    """A label's text drawn (`draw_items`), or given the operators it gave in an earlier
    document with the same signature (`faceops.prime`; the Letter and A4 files of a kind share
    most labels): a text whose characters all had their codes given when the document was
    primed shows the same codes in every such document, so its operators depend on the
    signature and the text alone. One with another character takes codes first come, first
    served: its operators are kept by the codes its characters have (`_codes`) once they all
    have one, as drawing it then gives no code (a page spliced into a file draws its labels
    on a scratch canvas whose fonts stand as the document's did)."""
    primed = canvas.__dict__.get(PRIMED_ATTR)
    if primed is None:
        draw_items(canvas, [text])
        return
    key: tuple[object, ...] = (primed[0], text.text, text.font, text.size)
    found = _LABEL_TEXTS.get(key)
    if found is not None:
        replay(canvas, found)
        return
    chars = shown_chars(text.font, [text.text])
    alone = chars <= primed[1].get(text.font, frozenset())
    shown = chars | set(text.text)
    coded = None if alone else _codes(canvas, text.font, shown)
    if coded is not None:
        key = (*key, coded[0], coded[2])
        found = _LABEL_TEXTS.get(key)
        if found is not None:
            replay(canvas, found)
            return
    start = len(canvas._code)
    version = asked_version(canvas, lambda: draw_items(canvas, [text]))
    if alone or coded is not None and _codes(canvas, text.font, shown) == coded:  # no code given
        if len(_LABEL_TEXTS) >= 4096:
            _LABEL_TEXTS.clear()
        _LABEL_TEXTS[key] = (version, canvas._code[start:], {})


def _codes(canvas: Canvas, face: str, chars: set[str]) -> tuple[object, ...] | None:
    """The font's name in the document, how many codes it has given and the code of each
    character (in sorted order, a no-break space as the space it is shown as); None while
    one has none (drawing them would give it one) or the document has not named the font."""
    state = getattr(pdf_font(face), "state", {}).get(canvas._doc)
    if state is None or state.internalName is None:
        return None
    given = state.assignments
    codes = tuple(map(given.get, [32 if c == "\xa0" else ord(c) for c in sorted(chars)]))
    return None if None in codes else (state.internalName, len(given), codes)


# (signature, text, face, size) and, for a text with characters the priming gave no code, their
# codes (`_codes`) -> what a label's text gave (`_label_text`), for every document
_LABEL_TEXTS: dict[tuple[object, ...], Kept] = {}




def write_print_pdf(
    path: Path,
    faces: Sequence[Drawing],
    *,
    title: str,
    subject: str,
    paint: Callable[..., None],
    bleed: float = PRINT_BLEED,
    begin: Callable[[Canvas], PageStreams | None] | None = None,
    after: Callable[[Canvas], None] | None = None,
    keys: list[str] | None = None,
    states: list[tuple[str, object, int]] | None = None,
) -> int:
    """Write the faces one per page (already ordered front, back, front, ...); page count.
    `begin` is handed the new canvas before anything is drawn (fonts primed) and may give
    the document's kept pages (paint is then a Painter); `after`, the canvas once saved;
    `keys` gets each kept page's `print_page_key`, `states` the document's state
    (`doc_state`) before each kept page and after the last."""
    canvas = new_canvas(str(path), title=title, subject=subject)
    streams = begin(canvas) if begin is not None else None
    for drawing in faces:
        if states is not None and streams is not None:
            states.append(doc_state(canvas, streams))
        show_print_page(canvas, drawing, paint, bleed, streams, keys)
    if states is not None and streams is not None:
        states.append(doc_state(canvas, streams))
    canvas.save()
    if after is not None:
        after(canvas)
    return len(faces)


def doc_state(canvas: Canvas, streams: PageStreams) -> tuple[str, object, int]:
    """What the next page's drawing may change of a document: its fonts' names and codes
    (`PageStreams.font_state`), its PDF version and how many objects it holds."""
    doc = canvas._doc
    return streams.font_state(canvas), doc._pdfVersion, len(doc.idToObject)


def show_print_page(canvas: Canvas, drawing: Drawing, paint: Callable[..., None], bleed: float,
                    streams: PageStreams | None, keys: list[str] | None = None) -> None:
    """One print-shop page: its size and boxes, the face, shown (from `streams` when kept)."""
    boxes = page_boxes(drawing.width, drawing.height, bleed)
    set_page(canvas, (boxes[0][2], boxes[0][3]), boxes)
    if streams is None:
        _face_page(canvas, drawing, paint, bleed)
        show_page(canvas)
    else:
        _kept_face_page(canvas, drawing, cast("Painter", paint), bleed, streams, keys)


def _face_page(canvas: Canvas, drawing: Drawing, paint: Callable[..., None], bleed: float) -> None:
    if type(paint) is Painter:
        _shop_place(canvas, paint, drawing, bleed)
    else:
        paint(canvas, drawing, bleed, bleed, drawing.height + 2 * bleed, bleed_mm=bleed)
    if is_shaped(drawing):  # a hex, polygon or round piece is die-cut along its outline
        draw_die_line(canvas, drawing, bleed, bleed, drawing.height + 2 * bleed)


def _shop_place(canvas: Canvas, painter: Painter, drawing: Drawing, bleed: float) -> None:
    """A face on its print-shop page, as the painter paints it there, with the operators
    before the face's own (saveState's, the placement and the face's clip) made once per
    process for each size, bleed and outline; the state saved and restored around the face
    is the canvas's own (as in `_place`)."""
    name = painter.key(drawing)
    reused = name in painter.reused
    if reused:
        painter.ensure_form(canvas, drawing)
    key = (drawing.width, drawing.height, drawing.bleed, bleed, drawing.shape, drawing.corner,
           drawing.points, canvas._fillMode)
    prefixes = _kept(_SHOP_OPS)
    prefix = prefixes.get(key)
    code = canvas._code
    if prefix is None:  # what saveState and clip_and_place append
        prefix = prefixes[key] = "\n".join([
            "q", *placed_ops(canvas, drawing, bleed, bleed, drawing.height + 2 * bleed, bleed, 0)])
    code.append(prefix)
    if reused:
        canvas.doForm(name)
    else:
        code.append(f"/{name} BMC")
        painter.draw(canvas, drawing, name)
        code.append("EMC")
    code.append("Q")




def _kept_face_page(canvas: Canvas, drawing: Drawing, painter: Painter, bleed: float,
                    streams: PageStreams, keys: list[str] | None = None) -> None:
    key = print_page_key(streams.signature, bleed, painter, drawing)
    if keys is not None:
        keys.append(key)
    streams.show(canvas, key,
                 lambda: _face_page(canvas, drawing, painter, bleed),
                 lambda: _forms(canvas, painter, [drawing]))


def print_page_key(signature: str, bleed: float, painter: Painter, drawing: Drawing) -> str:
    """What a print-shop page is made of (before the fonts' codes, `PageStreams.show`)."""
    key = repr((signature, bleed, _placed(painter, drawing)))
    return hashlib.sha1(key.encode("utf-8")).hexdigest()


def _placed(painter: Painter, drawing: Drawing) -> tuple[object, ...]:
    """What a placed face's operators are made of besides the page: its content, whether it
    is a form and the outline its art is clipped to."""
    key = painter.key(drawing)
    return (key, key in painter.reused, drawing.shape, drawing.corner, drawing.points)
