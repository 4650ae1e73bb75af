"""Drawing (mm, y down) -> reportlab canvas operations (pt, y up), a form XObject per reused face.

`paint` is the only entry point imposition needs: it places a face's trim top-left at a page
position, clips to trim + bleed, and reuses a form XObject when the same face is painted again
on the same canvas (card backs, repeated copies). A `Painter` does the same for one document
whose face uses are known in advance: faces painted once are drawn in place (a form costs an
object and a resource dictionary), wrapped in a marked-content sequence tagged with the face
key, so every placement of a face can still be counted in the page content. `new_canvas` makes
a Canvas whose initial font is the bundled face (no standard-14 font anywhere in the file)
and, given a title, sets the document metadata; its document is written by
cardgen.render.pdfsave (reportlab's bytes without reportlab's formatter).

Text is drawn by cardgen.render.pdftext: shaped glyphs, consecutive Text items as one
q BT ... ET Q block of raw operators.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Iterable, Mapping
from functools import cache, lru_cache
from typing import Any, Protocol, cast

from reportlab.lib.rl_accel import fp_str
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfgen.canvas import FILL_NON_ZERO, Canvas

from cardgen.layout import fonts
from cardgen.layout.drawing import (
    Drawing,
    Ellipse,
    Group,
    Image,
    Matrix,
    Path,
    Primitive,
    Rect,
    Text,
)
from cardgen.layout.outline import face_outline
from cardgen.limits import PRINT_BLEED
from cardgen.render.facekey import face_key
from cardgen.render.pdf_style import (
    apply_style,
    ellipse_outline,
    path_outline,
    plain_ellipse,
    plain_path,
    plain_rect,
    rect_outline,
    replayable,
    shaded,
    trace,
)
from cardgen.render.pdffonts import tt_font
from cardgen.render.pdfobjects import fast_info
from cardgen.render.pdfreplay import Kept, recorded
from cardgen.render.pdfsave import fast_document
from cardgen.render.pdftext import draw_texts

K = mm  # points per mm
_FORMS_ATTR = "_cardgen_forms"
_CLIPS: dict[tuple[object, ...], list[str]] = {}  # a face's clip, kept for the process


@cache
def _register_once() -> None:
    for face in fonts.FACE_FILES:
        pdfmetrics.registerFont(tt_font(fonts.pdf_font_name(face), fonts.font_path(face)))
    pdfmetrics.registerFontFamily(
        fonts.pdf_font_name("regular"),
        normal=fonts.pdf_font_name("regular"),
        bold=fonts.pdf_font_name("bold"),
        italic=fonts.pdf_font_name("regular"),
        boldItalic=fonts.pdf_font_name("bold"),
    )


def register_fonts() -> None:
    """Register the bundled TTF faces with reportlab (idempotent)."""
    _register_once()


def placement(rotate: int, x: float, y: float, w: float, h: float, page_h: float) -> Matrix:
    """Matrix from face form space (pt, y up, origin at trim top-left) to page points."""
    turn = rotate % 360
    if turn == 0:
        return (1, 0, 0, 1, x * K, (page_h - y) * K)
    if turn == 90:
        return (0, -1, 1, 0, (x + h) * K, (page_h - y) * K)
    if turn == 180:
        return (-1, 0, 0, -1, (x + w) * K, (page_h - y - h) * K)
    if turn == 270:
        return (0, 1, -1, 0, x * K, (page_h - y - w) * K)
    raise ValueError(f"rotate must be 0, 90, 180 or 270, not {rotate}")


class FaceDrawer(Protocol):
    """What draws a face's items at its origin for a `Painter` (cardgen.render.faceops.FaceOps
    replays operators drawn before)."""

    def draw(self, canvas: Canvas, drawing: Drawing, key: str) -> None: ...


def _ensure_form(canvas: Canvas, drawing: Drawing, name: str | None = None,
                 ops: FaceDrawer | None = None) -> str:
    forms: set[str] = canvas.__dict__.setdefault(_FORMS_ATTR, set())
    name = name or face_key(drawing)
    if name not in forms:
        b = drawing.bleed
        canvas.beginForm(
            name, -b * K, -(drawing.height + b) * K, (drawing.width + b) * K, b * K
        )
        if ops is None:
            draw_items(canvas, drawing.items)
        else:
            ops.draw(canvas, drawing, name)
        shadings = dict(canvas._shadingUsed)  # endForm forgets them: kept for the resources
        canvas.endForm()
        _keep_graphics_states(canvas, name, shadings)
        forms.add(name)
    return name


def _keep_graphics_states(canvas: Canvas, name: str, shadings: dict[str, str] | None = None
                          ) -> None:
    """Give a form the graphics states (opacity) and shadings (gradients) its operators name.

    reportlab records them on the form but writes a form's resources without them, so a
    translucent shape inside a face drawn as a form lost its opacity in every viewer."""
    form = canvas._doc.idToObject[pdfdoc.xObjectName(name)]
    if not (getattr(form, "ExtGState", None) or shadings) or form.Resources:
        return
    resources = pdfdoc.PDFResourceDictionary()
    resources.basicFonts()
    if form.hasImages:
        resources.allProcs()
    else:
        resources.basicProcs()
    if form.XObjects:
        resources.XObject = form.XObjects
    if getattr(form, "ExtGState", None):
        resources.ExtGState = form.ExtGState
    if shadings:
        resources.setShading(shadings)
    form.Resources = resources


def clip_and_place(canvas: Canvas, drawing: Drawing, x_mm: float, y_mm: float,
                    page_h_mm: float, bleed_mm: float, rotate: int) -> None:
    """Place the face and clip to its trim (or cut line) grown by the bleed shown: the clip's
    operators, in face space, are worked out once per process for each size, bleed, outline
    and fill mode (every slot of every page of every file clips a card alike)."""
    w, h = drawing.width, drawing.height
    canvas.transform(*placement(rotate, x_mm, y_mm, w, h, page_h_mm))
    canvas._code.extend(_clip_ops(canvas, drawing, max(0.0, min(bleed_mm, drawing.bleed))))


def placed_ops(canvas: Canvas, drawing: Drawing, x_mm: float, y_mm: float, page_h_mm: float,
               bleed_mm: float, rotate: int) -> list[str]:
    """The operators `clip_and_place` appends after a saveState (no cm before them for its
    transform to fold into), made without it: the canvas is left as it was (the current
    matrix it would set is the caller's restoreState's to undo)."""
    matrix = placement(rotate, x_mm, y_mm, drawing.width, drawing.height, page_h_mm)
    return ["%s cm" % fp_str(*matrix),  # noqa: UP031 (Canvas.transform's)
            *_clip_ops(canvas, drawing, max(0.0, min(bleed_mm, drawing.bleed)))]


def _clip_ops(canvas: Canvas, drawing: Drawing, b: float) -> list[str]:
    """The clip's operators for the face and the bleed shown, kept per process."""
    clips = _CLIPS  # (the clip's operators depend on nothing of the document)
    if len(clips) >= 4096:
        clips.clear()
    w, h = drawing.width, drawing.height
    key = (w, h, b, drawing.shape, drawing.corner, drawing.points, canvas._fillMode)
    kept = clips.get(key)
    if kept is None:
        code = canvas._code
        start = len(code)
        _clip(canvas, drawing, w, h, b)
        kept = clips[key] = code[start:]
        del code[start:]
    return kept


def _clip(canvas: Canvas, drawing: Drawing, w: float, h: float, b: float) -> None:
    clip = canvas.beginPath()
    if drawing.shape == "rect" and drawing.corner <= 0:
        clip.rect(-b * K, -(h + b) * K, (w + 2 * b) * K, (h + 2 * b) * K)
        canvas.clipPath(clip, stroke=0, fill=0)
        return
    # art clipped to the face's cut line grown by the bleed (non-zero: a grown concave outline
    # that crosses itself keeps its overlap): nothing is drawn outside it
    trace(clip, face_outline(drawing, b))
    canvas.clipPath(clip, stroke=0, fill=0, fillMode=FILL_NON_ZERO)


class Painter:
    """`paint` for one document whose face uses are known: only reused faces become forms.

    keys maps id(drawing) -> face_key(drawing) for drawings already keyed (saves hashing a
    face on every use); reused holds the keys of faces painted more than once; ops, when set,
    draws each face's items (in place or in its form) and may replay them.
    """

    def __init__(self, reused: Collection[str], keys: Mapping[int, str] | None = None,
                 ops: FaceDrawer | None = None):
        self.reused = reused
        self.keys = keys or {}
        self.ops = ops

    def key(self, drawing: Drawing) -> str:
        return self.keys.get(id(drawing)) or face_key(drawing)

    def ensure_form(self, canvas: Canvas, drawing: Drawing) -> None:
        """Make a reused face's form now, as painting it would (a kept page names it)."""
        name = self.key(drawing)
        if name in self.reused:
            _ensure_form(canvas, drawing, name, self.ops)

    def __call__(self, canvas: Canvas, drawing: Drawing, x_mm: float, y_mm: float,
                 page_h_mm: float, *, bleed_mm: float = 0.0, rotate: int = 0) -> None:
        register_fonts()
        name = self.key(drawing)
        if name in self.reused:
            name = _ensure_form(canvas, drawing, name, self.ops)
        canvas.saveState()
        clip_and_place(canvas, drawing, x_mm, y_mm, page_h_mm, bleed_mm, rotate)
        if name in self.reused:
            canvas.doForm(name)
        else:
            canvas._code.append(f"/{name} BMC")
            self.draw(canvas, drawing, name)
            canvas._code.append("EMC")
        canvas.restoreState()

    def draw(self, canvas: Canvas, drawing: Drawing, name: str) -> None:
        """A face's items in place (replayed when `ops` kept them)."""
        if self.ops is None:
            draw_items(canvas, drawing.items)
        else:
            self.ops.draw(canvas, drawing, name)


def reused_keys(keys: Iterable[str]) -> set[str]:
    """The face keys that occur more than once (those faces are worth a form XObject)."""
    seen: set[str] = set()
    reused: set[str] = set()
    for key in keys:
        (reused if key in seen else seen).add(key)
    return reused


def new_canvas(path: str, *, title: str | None = None, subject: str = "", **kwargs: Any
               ) -> Canvas:
    """A reportlab Canvas whose initial font is the bundled face, so no page or form of the
    file names a standard-14 font (reportlab's default initial font is Helvetica); with a
    title, the document metadata too (title, subject, cardgen as author and creator)."""
    register_fonts()
    kwargs.setdefault("invariant", 1)
    canvas = Canvas(path, initialFontName=fonts.pdf_font_name("regular"), **kwargs)
    fast_document(canvas._doc)
    fast_info(canvas._doc)
    if title is not None:
        canvas.setTitle(title)
        canvas.setAuthor("cardgen")
        canvas.setSubject(subject)
        canvas.setCreator("cardgen")
    return canvas


def paint(
    canvas: Canvas,
    drawing: Drawing,
    x_mm: float,
    y_mm: float,
    page_h_mm: float,
    *,
    bleed_mm: float = 0.0,
    rotate: int = 0,
) -> None:
    """Draw a face with its trim top-left at (x_mm, y_mm) from the page top-left (y down).

    rotate turns the face clockwise (0/90/180/270); (x_mm, y_mm) is then the top-left of the
    rotated trim. Art is clipped to the trim grown by bleed_mm (at most the drawing's bleed).
    """
    register_fonts()
    name = _ensure_form(canvas, drawing)
    canvas.saveState()
    clip_and_place(canvas, drawing, x_mm, y_mm, page_h_mm, bleed_mm, rotate)
    canvas.doForm(name)
    canvas.restoreState()


def draw_items(canvas: Canvas, items: list[Primitive] | tuple[Primitive, ...]) -> bool:
    """Draw primitives in face space: mm with y down become pt with y up (origin unchanged).
    A shape or group `_recorded` kept is replayed at once when met again as the same object
    (faces share their frames' and icons' objects). True when the items name no
    per-document resource (image, graphics state, shading: `faceops.pure`'s answer)."""
    clean = True
    by_id: dict[int, tuple[object, Kept]] | None = canvas.__dict__.get(_OPS_BY_ID_ATTR)
    if by_id is None:
        by_id = canvas.__dict__[_OPS_BY_ID_ATTR] = {}
    code = canvas._code
    doc = canvas._doc
    i, n = 0, len(items)
    while i < n:
        item = items[i]
        kind = type(item)
        if kind is Text:
            j = i + 1
            while j < n and type(items[j]) is Text:
                j += 1
            draw_texts(canvas, cast("Iterable[Text]", items[i:j]))  # every item in the run is a Text
            i = j
            continue
        found = by_id.get(id(item))
        if found is not None and found[0] is item:  # (held there, so its id is its own)
            version, ops, _ = found[1]
            if version > doc._pdfVersion:
                doc._pdfVersion = version
            code.extend(ops)
        else:
            kept, pure = _drawn(canvas, item, kind)
            clean = clean and pure
            if kept is not None:  # recorded: an opaque shape, or a group of them
                by_id[id(item)] = (item, kept)
        i += 1
    return clean


def _drawn(canvas: Canvas, item: Primitive, kind: type) -> tuple[Kept | None, bool]:
    """A shape, group or image not met before as this object: drawn, or replayed from what
    `_recorded` kept; what it kept (None: nothing) and whether the item names no
    per-document resource."""
    if kind is Rect or kind is Ellipse or kind is Path:
        shape = cast("Rect | Ellipse | Path", item)
        if replayable(shape.style):
            return _recorded(canvas, shape), True
    elif kind is Group:
        group = cast("Group", item)
        if _shapes_only(group):
            return _recorded(canvas, group, _drawn_group), True
        return None, _drawn_group(canvas, group)
    _DRAW[kind](canvas, item)
    return None, False


def _recorded(canvas: Canvas, item: Rect | Ellipse | Path | Group,
              draw: Callable[[Canvas, Any], object] | None = None) -> Kept | None:
    """An opaque shape (or a group of them) drawn as the operators it gave the first time in
    this process (`pdfreplay.recorded`); what was kept."""
    return recorded(canvas, item, draw or _DRAW[type(item)])


def _rect(canvas: Canvas, r: Rect) -> None:
    if r.style.fill_paint is not None:
        shaded(canvas, r.style, lambda: rect_outline(canvas, r), False)
        return
    if plain_rect(canvas, r):
        return
    canvas.saveState()
    stroke, fill = apply_style(canvas, r.style)
    args = (r.x * K, -(r.y + r.h) * K, r.w * K, r.h * K)
    if r.radius > 0:
        canvas.roundRect(*args, r.radius * K, stroke=stroke, fill=fill)
    else:
        canvas.rect(*args, stroke=stroke, fill=fill)
    canvas.restoreState()


def _ellipse(canvas: Canvas, e: Ellipse) -> None:
    if e.style.fill_paint is not None:
        shaded(canvas, e.style, lambda: ellipse_outline(canvas, e), False)
        return
    if plain_ellipse(canvas, e):
        return
    canvas.saveState()
    stroke, fill = apply_style(canvas, e.style)
    canvas.ellipse(
        (e.cx - e.rx) * K, -(e.cy + e.ry) * K, (e.cx + e.rx) * K, -(e.cy - e.ry) * K,
        stroke=stroke, fill=fill,
    )
    canvas.restoreState()


def _path(canvas: Canvas, p: Path) -> None:
    if p.style.fill_paint is not None:
        shaded(canvas, p.style, lambda: path_outline(canvas, p), p.fill_rule == "evenodd")
        return
    if plain_path(canvas, p):
        return
    canvas.saveState()
    stroke, fill = apply_style(canvas, p.style)
    pdf_path = path_outline(canvas, p)
    canvas.drawPath(pdf_path, stroke=stroke, fill=fill, fillMode=0 if p.fill_rule == "evenodd" else 1)
    canvas.restoreState()


def _image(canvas: Canvas, im: Image) -> None:
    """An image, named in the PDF by its content (never its path: same project, same bytes)."""
    canvas.drawImage(_reader(im.path, im.digest), im.x * K, -(im.y + im.h) * K, im.w * K, im.h * K,
                     mask="auto")


@lru_cache(maxsize=4)  # decoded pixels are large: keep a few
def _reader(path: str, digest: str) -> ImageReader:
    """One decoded image per content digest (reportlab names its XObject from the pixels)."""
    return ImageReader(path)


def _group(canvas: Canvas, g: Group) -> Kept | None:
    """A group of opaque shapes (an icon) is drawn as `_recorded` draws a shape: the operators
    it gave the first time (what was kept); any other group drawn afresh (None)."""
    if _shapes_only(g):
        return _recorded(canvas, g, _drawn_group)
    _drawn_group(canvas, g)
    return None


def _shapes_only(g: Group) -> bool:
    """Whether a group holds only opaque rects, ellipses and paths (in groups of such)."""
    for item in g.items:
        if type(item) is Group:
            if not _shapes_only(item):
                return False
        elif not (isinstance(item, Rect | Ellipse | Path) and replayable(item.style)):
            return False
    return True


def _drawn_group(canvas: Canvas, g: Group) -> bool:
    """A group drawn afresh; whether its items name no per-document resource."""
    a, b, c, d, e, f = g.transform
    canvas.saveState()
    canvas.transform(a, -b, -c, d, e * K, -f * K)
    if g.clip is not None:
        x, y, w, h = g.clip
        clip = canvas.beginPath()
        clip.rect(x * K, -(y + h) * K, w * K, h * K)
        canvas.clipPath(clip, stroke=0, fill=0)
    if g.clip_path is not None:
        canvas.clipPath(path_outline(canvas, g.clip_path), stroke=0, fill=0,
                        fillMode=0 if g.clip_path.fill_rule == "evenodd" else 1)
    clean = draw_items(canvas, g.items)
    canvas.restoreState()
    return clean


_OPS_BY_ID_ATTR = "_cardgen_ops_by_id"  # id -> (the shape or group, what `_recorded` kept)
_DRAW: dict[type, Callable[[Canvas, Any], object]] = {
    Rect: _rect, Ellipse: _ellipse, Path: _path, Text: lambda c, t: draw_texts(c, (t,)),
    Image: _image, Group: _group}


Box4 = tuple[float, float, float, float]


def page_boxes(width: float, height: float, bleed: float = PRINT_BLEED) -> tuple[Box4, Box4]:
    """(bleed box, trim box) in points for a face of width x height mm."""
    bleed_box = (0.0, 0.0, (width + 2 * bleed) * mm, (height + 2 * bleed) * mm)
    trim_box = (bleed * mm, bleed * mm, (bleed + width) * mm, (bleed + height) * mm)
    return bleed_box, trim_box


def write_faces(path: str, drawings: list[Drawing], *, bleed_mm: float | None = None) -> None:
    """One PDF page per face at trim + bleed size with TrimBox and BleedBox (tests, previews)."""
    register_fonts()
    canvas = new_canvas(path)
    for drawing in drawings:
        b = drawing.bleed if bleed_mm is None else bleed_mm
        bleed_box, trim_box = page_boxes(drawing.width, drawing.height, b)
        canvas.setPageSize((bleed_box[2], bleed_box[3]))
        canvas.setBleedBox(bleed_box)
        canvas.setTrimBox(trim_box)
        paint(canvas, drawing, b, b, drawing.height + 2 * b, bleed_mm=b)
        canvas.showPage()
    canvas.save()


class PdfRenderer:
    """The PDF backend of the Renderer protocol: one face -> a one-page PDF with its boxes."""

    suffix = ".pdf"

    def write_face(self, drawing: Drawing, path: os.PathLike[str] | str, *, bleed_mm: float = 0.0) -> None:
        write_faces(str(path), [drawing], bleed_mm=max(0.0, min(bleed_mm, drawing.bleed)))
