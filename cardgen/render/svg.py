"""Drawing (mm, y down) -> one standalone SVG document in mm; text as glyph outlines.

Glyphs (shaped: kerning, ligatures, right-to-left runs) are written once per face as <path>
in <defs> (font units) and placed with <use>, so the file needs no font and renders like the
PDF in any viewer; each text run keeps its string in aria-label for search and accessibility.
Numbers are written with at most 4 decimals and ids are numbered in drawing order, so the same
Drawing always gives the same bytes.

The text is streamed from the primitives, with no element tree: each element is a form (its
name, the attributes whose values it fixes, such as a style's fill and stroke, and those whose
values change, such as coordinates, ids and text) made once as a %-format and then filled.
Forms write what svgwrite wrote when it built these files (the tests hold the two to the same
bytes): attributes sorted by name, empty ones left out, ElementTree's escaping. What repeats
across faces is formatted once per process: a glyph's <path>, a line of text's <use>s, an
image's data, a style's attributes, a number's digits.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from itertools import repeat
from operator import add, attrgetter
from pathlib import Path
from typing import NamedTuple

from cardgen.layout import fonts, shaping
from cardgen.layout.drawing import (
    IDENTITY,
    Drawing,
    Ellipse,
    Gradient,
    Group,
    Image,
    PathOp,
    Primitive,
    Rect,
    Style,
    Text,
)
from cardgen.layout.drawing import Path as PathItem
from cardgen.layout.outline import face_outline
from cardgen.render.svgescape import escape_attrib as _escape_attrib
from cardgen.render.svgescape import escape_cdata as _escape_cdata

_PIECES = re.compile(r" |[^ ]+")  # a line's words and spaces, as cardgen.layout.shaping takes them
_HOLE = "\x00"  # marks a changing value while a form is made (no escaping touches it)
_MEMO_LIMIT = 50_000  # entries a memo keeps before it starts again (a long `watch` session)
Pairs = tuple[tuple[str, str], ...]  # (attribute name, value)


def _num(v: float) -> str:
    """A number with at most 4 decimals, no trailing zeros, never "-0"."""
    text = _NUMS.get(v)
    if text is None:
        text = f"{v:.4f}".rstrip("0").rstrip(".")
        if text in ("-0", ""):
            text = "0"
        if len(_NUMS) > _MEMO_LIMIT:
            _NUMS.clear()
        _NUMS[v] = text
    return text


_NUMS: dict[float, str] = {}


# --------------------------------------------------------------------------- forms


class Form(NamedTuple):
    """An element's markup with %s where its changing values go, in the order they were named."""

    open: str  # the start tag, for an element with children
    empty: str  # the element without children
    close: str
    order: tuple[int, ...] | None  # the values' order in the markup (None: as named)

    def fill(self, values: tuple[str, ...], *, empty: bool = False) -> str:
        """The start tag (or the childless element) with these values, escaped already."""
        if self.order is not None:
            values = tuple(values[i] for i in self.order)
        return (self.empty if empty else self.open) % values


@cache
def form(name: str, holes: tuple[str, ...] = (), fixed: Pairs = ()) -> Form:
    """The markup of element `name` with the attributes `fixed` and the changing ones `holes`,
    as svgwrite writes an element: its attributes sorted by name, those with an empty value
    left out, values escaped as ElementTree escapes them."""
    attrs = dict(fixed) | {key: f"{_HOLE}{i}{_HOLE}" for i, key in enumerate(holes)}
    start = "<" + name + "".join(f' {k}="{_escape_attrib(v)}"' for k, v in sorted(attrs.items()) if v)
    parts = start.split(_HOLE)
    literal = "%s".join(p.replace("%", "%%") for p in parts[0::2])
    order = tuple(int(i) for i in parts[1::2])
    return Form(literal + ">", literal + " />", f"</{name}>",
                None if order == tuple(range(len(holes))) else order)


_ROOT = (("baseProfile", "full"), ("version", "1.1"), ("xmlns", "http://www.w3.org/2000/svg"),
         ("xmlns:ev", "http://www.w3.org/2001/xml-events"),
         ("xmlns:xlink", "http://www.w3.org/1999/xlink"))  # what svgwrite's Drawing writes


def _title_tag(title: str) -> str:
    """The <title> of a face's name (ElementTree's text escaping)."""
    f = form("title")
    return f.open + _escape_cdata(title) + f.close if title else f.empty


def _filled(name: str, values: Sequence[tuple[str, str | None]], fixed: Pairs = (),
            *, empty: bool = False) -> str:
    """Element `name` with these (attribute, raw value) pairs, those with no value left out
    as svgwrite leaves them out."""
    f = form(name, tuple([k for k, v in values if v]), fixed)
    return f.fill(tuple([_escape_attrib(v) for _, v in values if v]), empty=empty)


# --------------------------------------------------------------------------- styles


def _style_pairs(style: Style) -> Pairs:
    """A style's attributes, but a gradient fill (its url changes from face to face)."""
    pairs = [] if style.fill_paint is not None else [("fill", style.fill or "none")]
    if style.stroke:
        pairs += [("stroke", style.stroke), ("stroke-width", _num(style.stroke_width))]
        if style.dash:
            pairs.append(("stroke-dasharray", " ".join(_num(d) for d in style.dash)))
    if style.opacity < 1.0:
        pairs.append(("opacity", _num(style.opacity)))
    if style.fill_alpha < 1.0:
        pairs.append(("fill-opacity", _num(style.fill_alpha)))
    if style.stroke and style.stroke_alpha < 1.0:
        pairs.append(("stroke-opacity", _num(style.stroke_alpha)))
    if style.stroke and style.join != "miter":
        pairs.append(("stroke-linejoin", style.join))
    if style.stroke and style.cap != "butt":
        pairs.append(("stroke-linecap", style.cap))
    return tuple(pairs)


_SHAPES: dict[tuple[str, tuple[object, ...], tuple[str, ...]], Form] = {}
# a style's key, its fields (all that its __eq__ compares), got in C (no dataclasses import)
_STYLE_VALUES = attrgetter(*Style.__match_args__)


def _shape_form(name: str, style: Style, holes: tuple[str, ...]) -> Form:
    """The form of a shape in a style (a gradient's fill one more hole, named first)."""
    key = (name, _STYLE_VALUES(style), holes)
    found = _SHAPES.get(key)
    if found is None:
        if len(_SHAPES) > _MEMO_LIMIT:
            _SHAPES.clear()
        gradient = ("fill",) if style.fill_paint is not None else ()
        found = _SHAPES[key] = form(name, gradient + holes, _style_pairs(style))
    return found


def _d(ops: Sequence[PathOp]) -> str:
    """SVG path data of path operators (kept per operators: an icon drawn on every card)."""
    found = _PATHS.get(ops) if isinstance(ops, tuple) else None
    if found is None:
        found = " ".join(op[0] + " ".join([_num(v) for v in op[1:]]) for op in ops)
        if isinstance(ops, tuple):
            if len(_PATHS) > _MEMO_LIMIT // 10:
                _PATHS.clear()
            _PATHS[ops] = found
    return found


_PATHS: dict[Sequence[PathOp], str] = {}


# --------------------------------------------------------------------------- glyphs and images


class _Uses(dict[int, str]):
    """A face's glyph number -> its <use> as a %-format taking its x ("%.0s", which writes
    nothing, for a glyph that draws nothing: a space), and the (id, <path>) in <defs> of those
    that draw. A run's <use>s are then its glyphs' formats joined and filled with its xs at
    once (C loops; no Python step per glyph)."""

    def __init__(self, face: str) -> None:
        super().__init__()
        self.face = face
        self.defs: dict[int, tuple[str, str]] = {}
        self.hrefs: dict[int, str] = {}  # of the glyphs that draw, %-escaped for a format

    def __missing__(self, glyph: int) -> str:
        outline = fonts.glyph_outline(self.face, glyph)
        found = "%.0s"
        if outline:
            face = self.face if self.face in fonts.FACE_FILES else fonts.pdf_font_name(self.face)
            gid = f"g-{face}-{glyph}"
            at = _escape_attrib(gid)
            self.defs[glyph] = (gid, form("path", ("d", "id")).fill((_escape_attrib(outline), at),
                                                                     empty=True))
            href = self.hrefs[glyph] = ("#" + at).replace("%", "%%")
            found = form("use", ("x", "xlink:href")).empty % ("%s", href)
        self[glyph] = found
        return found

    def raised(self, glyph: int, y: int) -> str:
        """The format of a glyph drawn y font units off the baseline (a mark)."""
        found = self[glyph]
        href = self.hrefs.get(glyph)
        return found if not y or href is None else form("use", ("x", "xlink:href", "y")).empty % (
            "%s", href, y)


@cache
def _uses(face: str) -> _Uses:
    return _Uses(face)


class _Run(NamedTuple):
    uses: str  # the <use>s of a line's glyphs
    defs: tuple[tuple[str, str], ...]  # (id, <path>) of each glyph it draws


class _Word(NamedTuple):
    """Shaped text (a word, a space, a line): its <use>s as a %-format taking each glyph's x."""
    uses: str
    xs: tuple[int, ...]
    advance: int
    defs: tuple[tuple[str, str], ...]


class _Words(dict[str, _Word]):
    """A face's words, spaces and lines without spaces -> their _Word, each made when met."""

    def __init__(self, face: str) -> None:
        self.face = face

    def __missing__(self, piece: str) -> _Word:
        if len(self) > _MEMO_LIMIT:
            self.clear()
        word = self[piece] = _shaped_word(fonts.shaped(piece, self.face), self.face)
        return word


_RUNS: dict[tuple[str, str, float], _Run] = {}
_WORDS: dict[str, _Words] = {}  # face -> its words


def _run(text: str, face: str, track: float) -> _Run:
    """A line of text's glyphs placed with <use> (font units), made once per text, face and
    letter spacing (font units after each glyph): the glyphs and places layout measured."""
    key = (text, face, track)
    found = _RUNS.get(key)
    if found is not None:
        return found
    words = _WORDS.get(face) or _WORDS.setdefault(face, _Words(face))
    if track:
        word = _shaped_word(fonts.shaped(text, face), face)
        found = _Run(word.uses % tuple([round(x + i * track, 2) for i, x in enumerate(word.xs)]),
                     word.defs)
    elif " " not in text or shaping.has_rtl(text):
        word = words[text]
        found = _Run(word.uses % word.xs, word.defs)
    else:
        found = _line(map(words.__getitem__, _PIECES.findall(text)))
    if len(_RUNS) > _MEMO_LIMIT // 10:
        _RUNS.clear()
    _RUNS[key] = found
    return found


def _line(words: Iterable[_Word]) -> _Run:
    """A left-to-right line of its words and spaces one after another, as shaping puts them."""
    uses: list[str] = []
    used: dict[str, str] = {}
    pen = 0
    for word in words:
        if word.defs:
            uses.append(word.uses % tuple(map(add, word.xs, repeat(pen))))
            used.update(word.defs)
        pen += word.advance
    return _Run("".join(uses), tuple(used.items()))


def _shaped_word(shaped: shaping.Shaped, face: str) -> _Word:
    uses = _uses(face)
    if any(shaped.ys):
        formats = "".join([uses.raised(g, y) for g, y in zip(shaped.gids, shaped.ys, strict=True)])
    else:
        formats = "".join(map(uses.__getitem__, shaped.gids))
    defs = tuple(filter(None, map(uses.defs.get, dict.fromkeys(shaped.gids))))
    return _Word(formats, tuple(shaped.xs), shaped.advance, defs)


# --------------------------------------------------------------------------- the writer


class _Writer:
    """Streams primitives as markup into `out`; collects the glyphs, clips and paints they use."""

    def __init__(self) -> None:
        self.out: list[str] = []
        self.glyphs: dict[str, str] = {}  # id -> its <path> in <defs>
        self.clips: list[str] = []  # <clipPath>s
        self.paints: list[str] = []  # gradients, in <defs>

    def items(self, items: Sequence[Primitive]) -> None:
        draw = _DRAW
        for item in items:
            draw[type(item)](self, item)

    def clip(self, x: float, y: float, w: float, h: float) -> str:
        """A rectangle clip path; its id."""
        rect = form("rect", ("height", "width", "x", "y")).fill(
            (_num(h), _num(w), _num(x), _num(y)), empty=True)
        return self._clip(rect)

    def clip_path(self, ops: Sequence[PathOp], evenodd: bool = False) -> str:
        """A clip path along path operators (a face's outline, another shape's); its id."""
        fixed = (("clip-rule", "evenodd"),) if evenodd else ()
        return self._clip(_filled("path", (("d", _d(ops)),), fixed, empty=True))

    def _clip(self, shape: str) -> str:
        cid = f"clip{len(self.clips) + 1}"
        f = form("clipPath", ("id",))
        self.clips.append(f.fill((cid,)) + shape + f.close)
        return cid

    def paint(self, g: Gradient) -> str:
        """A gradient in <defs> (in the shape's own user space); its url()."""
        gid = f"paint{len(self.paints) + 1}"
        fixed = (("gradientUnits", "userSpaceOnUse"),)
        if g.kind == "linear":
            x1, y1, x2, y2 = (_num(v) for v in g.coords)
            f = form("linearGradient", ("id", "x1", "x2", "y1", "y2"), fixed)
            values: tuple[str, ...] = (gid, x1, x2, y1, y2)
        else:
            cx, cy, r = (_num(v) for v in g.coords)
            f = form("radialGradient", ("id", "cx", "cy", "r"), fixed)
            values = (gid, cx, cy, r)
        stops = [_filled("stop", (("offset", _num(offset)), ("stop-color", colour)), empty=True)
                 for offset, colour in g.stops]
        self.paints.append(f.fill(values) + "".join(stops) + f.close if stops
                           else f.fill(values, empty=True))
        return f"url(#{gid})"

    def shape(self, name: str, style: Style, holes: tuple[str, ...], values: tuple[str, ...]) -> None:
        if style.fill_paint is not None:
            values = (_escape_attrib(self.paint(style.fill_paint)),) + values
        self.out.append(_shape_form(name, style, holes).fill(values, empty=True))

    def rect(self, r: Rect) -> None:
        if r.radius > 0:
            self.shape("rect", r.style, ("height", "rx", "width", "x", "y"),
                       (_num(r.h), _num(r.radius), _num(r.w), _num(r.x), _num(r.y)))
        else:
            self.shape("rect", r.style, ("height", "width", "x", "y"),
                       (_num(r.h), _num(r.w), _num(r.x), _num(r.y)))

    def ellipse(self, e: Ellipse) -> None:
        self.shape("ellipse", e.style, ("cx", "cy", "rx", "ry"),
                   (_num(e.cx), _num(e.cy), _num(e.rx), _num(e.ry)))

    def path(self, p: PathItem) -> None:
        d = _d(p.ops)
        rule = ("fill-rule",) if p.fill_rule == "evenodd" else ()
        holes = (("d",) if d else ()) + rule
        values = ((d,) if d else ()) + (("evenodd",) if rule else ())
        self.shape("path", p.style, holes, values)

    def text(self, t: Text) -> None:
        key = (t.text, t.font, t.size, t.spacing, t.anchor, t.color, t.stroke, t.stroke_width)
        head, tail, defs, shift = _TEXTS.get(key) or _text_parts(key)
        self.glyphs.update(defs)
        self.out.append(f"{head}{_num(t.x - shift)} {_num(t.y)}{tail}")

    def image(self, im: Image) -> None:
        from cardgen.render.svgimage import image_data  # (loaded for a face with an image only)

        f = form("image", ("height", "width", "x", "xlink:href", "y"),
                 (("preserveAspectRatio", "none"),))
        self.out.append(f.fill((_num(im.h), _num(im.w), _num(im.x),
                                _escape_attrib(image_data(im)), _num(im.y)), empty=True))

    def group(self, g: Group) -> None:
        tags = [_tag(("transform",), (f"matrix({' '.join(_num(v) for v in g.transform)})",))
                if g.transform != IDENTITY else _tag()]
        if g.clip is not None:
            tags.append(_tag(("clip-path",), (f"url(#{self.clip(*g.clip)})",)))
        if g.clip_path is not None:
            outline = g.clip_path
            cid = self.clip_path(outline.ops, outline.fill_rule == "evenodd")
            tags.append(_tag(("clip-path",), (f"url(#{cid})",)))
        self.nest(tags, g.items)

    def nest(self, tags: list[tuple[str, str]], items: Sequence[Primitive]) -> None:
        """Items inside nested <g>s, outermost first (the innermost one childless when there
        are no items)."""
        close = form("g").close
        if items:
            self.out += [start for start, _ in tags]
            self.items(items)
            self.out += [close] * len(tags)
        else:
            self.out += [start for start, _ in tags[:-1]]
            self.out.append(tags[-1][1])
            self.out += [close] * (len(tags) - 1)


_TextKey = tuple[str, str, float, float, str, str, str | None, float]  # Text's fields but x, y
# -> its element's markup before and after its place (x y), its glyphs, what the anchor takes off x
_TEXTS: dict[_TextKey, tuple[str, str, tuple[tuple[str, str], ...], float]] = {}


def _text_parts(key: _TextKey) -> tuple[str, str, tuple[tuple[str, str], ...], float]:
    """A line of text as a <g> of its glyphs' <use>s, made once per everything but its place
    (a card's title line, a rules line repeated on many faces): the place, x and y, is the
    start of the transform, the <g>'s last attribute (attributes are sorted by name)."""
    text, font, size, spacing, anchor, color, stroke, stroke_width = key
    scale = size * fonts.PT_TO_MM / fonts.units_per_em(font)
    shift = 0.0
    if anchor != "start":
        width = fonts.spaced_width_mm(text, font, size, spacing)
        shift = width / 2 if anchor == "middle" else width
    run = _run(text, font, spacing / scale)
    values: list[tuple[str, str | None]] = [("aria-label", text), ("fill", color)]
    fixed: Pairs = ()
    if stroke:
        values += [("stroke", stroke), ("stroke-width", f"{stroke_width / scale:.6g}")]
        fixed = (("stroke-linejoin", "round"),)
    values.append(("transform", f"translate({_HOLE}) scale({scale:.6g} {-scale:.6g})"))
    if run.uses:
        head, _, tail = _filled("g", values, fixed).rpartition(_HOLE)
        tail += run.uses + form("g").close
    else:
        head, _, tail = _filled("g", values, fixed, empty=True).rpartition(_HOLE)
    if len(_TEXTS) > _MEMO_LIMIT // 10:
        _TEXTS.clear()
    made = _TEXTS[key] = (head, tail, run.defs, shift)
    return made


def _tag(holes: tuple[str, ...] = (), values: tuple[str, ...] = ()) -> tuple[str, str]:
    """A <g>'s start tag and its childless form."""
    f = form("g", holes)
    return f.fill(values), f.fill(values, empty=True)


_DRAW: dict[type, Callable[[_Writer, object], None]] = {
    Rect: _Writer.rect, Ellipse: _Writer.ellipse, PathItem: _Writer.path,  # type: ignore[dict-item]
    Text: _Writer.text, Image: _Writer.image, Group: _Writer.group,  # type: ignore[dict-item]
}


def to_svg(drawing: Drawing, *, bleed_mm: float = 0.0) -> str:
    """One SVG document of a face: trim + 2 * bleed_mm in mm, viewBox in mm, art clipped."""
    b = max(0.0, min(bleed_mm, drawing.bleed))
    w, h = drawing.width + 2 * b, drawing.height + 2 * b
    writer = _Writer()
    writer.items(drawing.items)  # the art, numbering the clips and paints it uses
    if drawing.shape == "rect" and drawing.corner <= 0:
        cid = writer.clip(-b, -b, w, h)
    else:  # the cut line grown by the bleed: transparent outside the shape
        cid = writer.clip_path(face_outline(drawing, b))
    art = _tag(("clip-path",), (f"url(#{cid})",))
    root, defs = form("svg", ("width", "height", "viewBox"), _ROOT), form("defs")
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n',
           root.fill((f"{_num(w)}mm", f"{_num(h)}mm", f"{_num(-b)} {_num(-b)} {_num(w)} {_num(h)}")),
           _title_tag(drawing.name), defs.open]
    out += [d for _, d in sorted(writer.glyphs.items())]
    out += writer.clips
    out += writer.paints
    out.append(defs.close)
    if writer.out:
        out.append(art[0])
        out += writer.out
        out.append(form("g").close)
    else:
        out.append(art[1])
    out += [root.close, "\n"]
    return "".join(out)


def retitled(svg: str, old: str, new: str) -> str | None:
    """to_svg's document of a face named `old` as the same art named `new` (None: not found).

    Faces with equal content (a shared card back) differ in their SVG only by this title,
    so a build writes such a face once and retitles it for the others."""
    tag = _title_tag(old)
    head, found, tail = svg.partition(tag)
    if not found or tag in tail:
        return None
    return head + _title_tag(new) + tail


class SvgRenderer:
    """The SVG backend of the Renderer protocol: one face -> PATH.svg."""

    suffix = ".svg"

    def write_face(self, drawing: Drawing, path: Path, *, bleed_mm: float = 0.0) -> None:
        path.write_text(to_svg(drawing, bleed_mm=bleed_mm), encoding="utf-8")
