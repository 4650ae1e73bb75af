"""The SVG writer cardgen had before render/svg.py streamed its text: each face built as
svgwrite's element tree and written by ElementTree (etree.tostring).

Kept as the reference cardgen.render.svg is held to, byte for byte (tests/test_svg_writer.py,
bench/svg_stage.py): svgwrite decides the markup (attribute names and order, what is left out,
the document element), ElementTree the escaping.
"""

from __future__ import annotations

import base64
import mimetypes
from collections.abc import Sequence
from pathlib import Path
from xml.etree import ElementTree as etree  # the module svgwrite builds its XML in (svgwrite.etree)

import svgwrite
from svgwrite.base import BaseElement
from svgwrite.container import Group as SvgGroup

from cardgen.layout import fonts
from cardgen.layout.drawing import Drawing, Ellipse, Group, Image, PathOp, Primitive, Rect, Style, Text
from cardgen.layout.drawing import Path as PathItem
from cardgen.layout.outline import face_outline


def _num(v: float) -> str:
    text = f"{v:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


class _GlyphRun(SvgGroup):  # type: ignore[misc]  # svgwrite ships no type stubs: its classes are Any
    """A text run's <g>, its glyphs placed as <use x=... xlink:href=...> children.

    The uses are the elements svgwrite's `Use` writes (attributes sorted, numbers as str()),
    made straight in svgwrite's ElementTree: a card's hundred glyphs skip an svgwrite object
    each, which was most of the SVG stage's time."""

    def __init__(self, glyphs: Sequence[tuple[float, str, float]], **extra: object) -> None:
        super().__init__(**extra)
        self.glyphs = glyphs

    def get_xml(self) -> etree.Element:
        xml: etree.Element = super().get_xml()
        for x, href, y in self.glyphs:
            attrs = {"x": str(x), "xlink:href": href}
            if y:
                attrs["y"] = str(y)
            etree.SubElement(xml, "use", attrs)
        return xml


class _Writer:
    """Turns primitives into svgwrite elements; collects the glyphs and clip paths they use."""

    def __init__(self, doc: svgwrite.Drawing) -> None:
        self.doc = doc
        self.glyphs: dict[str, str] = {}
        self.clips: list[BaseElement] = []
        self.paints: list[BaseElement] = []  # gradients, in <defs>

    def glyph_id(self, face: str, glyph: int) -> str:
        gid = f"g-{face if face in fonts.FACE_FILES else fonts.pdf_font_name(face)}-{glyph}"
        if gid not in self.glyphs:
            self.glyphs[gid] = fonts.glyph_outline(face, glyph)
        return gid

    def clip(self, x: float, y: float, w: float, h: float) -> str:
        cid = f"clip{len(self.clips) + 1}"
        clip = self.doc.clipPath(id=cid)
        clip.add(self.doc.rect(insert=(_num(x), _num(y)), size=(_num(w), _num(h))))
        self.clips.append(clip)
        return cid

    def clip_path(self, ops: Sequence[PathOp]) -> str:
        """A clip path along path operators (a face's outline); its id."""
        cid = f"clip{len(self.clips) + 1}"
        clip = self.doc.clipPath(id=cid)
        clip.add(self.doc.path(d=_d(ops)))
        self.clips.append(clip)
        return cid

    def clip_outline(self, outline: PathItem) -> str:
        """A clip path that is another shape's outline (Group.clip_path)."""
        cid = f"clip{len(self.clips) + 1}"
        clip = self.doc.clipPath(id=cid)
        extra = {"clip_rule": "evenodd"} if outline.fill_rule == "evenodd" else {}
        clip.add(self.doc.path(d=_path_data(outline), **extra))
        self.clips.append(clip)
        return cid

    def styled(self, style: Style) -> dict[str, str]:
        """_style's attributes, and those of the paint keys past the plain ones: a gradient
        (written into <defs>, in the shape's own user space), alpha, join and cap."""
        attrs = _style(style)
        g = style.fill_paint
        if g is not None:
            gid = f"paint{len(self.paints) + 1}"
            if g.kind == "linear":
                x1, y1, x2, y2 = (_num(v) for v in g.coords)
                grad = self.doc.linearGradient(id=gid, start=(x1, y1), end=(x2, y2),
                                               gradientUnits="userSpaceOnUse")
            else:
                cx, cy, r = (_num(v) for v in g.coords)
                grad = self.doc.radialGradient(id=gid, center=(cx, cy), r=r,
                                               gradientUnits="userSpaceOnUse")
            for offset, colour in g.stops:
                grad.add_stop_color(_num(offset), colour)
            self.paints.append(grad)
            attrs["fill"] = f"url(#{gid})"
        if style.fill_alpha < 1.0:
            attrs["fill_opacity"] = _num(style.fill_alpha)
        if style.stroke and style.stroke_alpha < 1.0:
            attrs["stroke_opacity"] = _num(style.stroke_alpha)
        if style.stroke and style.join != "miter":
            attrs["stroke_linejoin"] = style.join
        if style.stroke and style.cap != "butt":
            attrs["stroke_linecap"] = style.cap
        return attrs

    def add_items(self, parent: BaseElement, items: list[Primitive] | tuple[Primitive, ...]) -> None:
        for item in items:
            parent.add(getattr(self, "_" + type(item).__name__.lower())(item))

    def _rect(self, r: Rect) -> BaseElement:
        extra = {"rx": _num(r.radius)} if r.radius > 0 else {}
        return self.doc.rect(insert=(_num(r.x), _num(r.y)), size=(_num(r.w), _num(r.h)),
                             **extra, **self.styled(r.style))

    def _ellipse(self, e: Ellipse) -> BaseElement:
        return self.doc.ellipse(center=(_num(e.cx), _num(e.cy)), r=(_num(e.rx), _num(e.ry)),
                                **self.styled(e.style))

    def _path(self, p: PathItem) -> BaseElement:
        extra = {"fill_rule": "evenodd"} if p.fill_rule == "evenodd" else {}
        return self.doc.path(d=_path_data(p), **extra, **self.styled(p.style))

    def _text(self, t: Text) -> BaseElement:
        scale = t.size * fonts.PT_TO_MM / fonts.units_per_em(t.font)
        x = t.x
        if t.anchor != "start":
            width = fonts.spaced_width_mm(t.text, t.font, t.size, t.spacing)
            x -= width / 2 if t.anchor == "middle" else width
        shaped = fonts.shaped(t.text, t.font)  # the glyphs and places layout measured
        track = t.spacing / scale  # letter spacing after each glyph, in font units
        glyphs = [(round(gx + i * track, 2) if track else gx, f"#{self.glyph_id(t.font, g)}", gy)
                  for i, (g, gx, gy) in enumerate(zip(shaped.gids, shaped.xs, shaped.ys, strict=True))
                  if fonts.glyph_outline(t.font, g)]
        letters = {"stroke": t.stroke, "stroke_width": f"{t.stroke_width / scale:.6g}",
                   "stroke_linejoin": "round"} if t.stroke else {}
        return _GlyphRun(glyphs, factory=self.doc, fill=t.color, **letters,
                         transform=f"translate({_num(x)} {_num(t.y)}) scale({scale:.6g} {-scale:.6g})",
                         **{"aria-label": t.text})

    def _image(self, im: Image) -> BaseElement:
        mime = mimetypes.guess_type(im.path)[0] or "image/png"
        data = base64.b64encode(Path(im.path).read_bytes()).decode("ascii")
        return self.doc.image(f"data:{mime};base64,{data}", insert=(_num(im.x), _num(im.y)),
                              size=(_num(im.w), _num(im.h)), preserveAspectRatio="none")

    def _group(self, g: Group) -> BaseElement:
        outer: SvgGroup = self.doc.g()
        if g.transform != (1.0, 0.0, 0.0, 1.0, 0.0, 0.0):
            outer["transform"] = f"matrix({' '.join(_num(v) for v in g.transform)})"
        body: SvgGroup = outer
        if g.clip is not None:
            body = self.doc.g(clip_path=f"url(#{self.clip(*g.clip)})")
            outer.add(body)
        if g.clip_path is not None:
            inner = self.doc.g(clip_path=f"url(#{self.clip_outline(g.clip_path)})")
            body.add(inner)
            body = inner
        self.add_items(body, g.items)
        return outer


def _d(ops: Sequence[PathOp]) -> str:
    """SVG path data of path operators."""
    return " ".join(op[0] + " ".join(_num(v) for v in op[1:]) for op in ops)
def _path_data(p: PathItem) -> str:
    return _d(p.ops)


def _style(style: Style) -> dict[str, str]:
    attrs = {"fill": style.fill or "none"}
    if style.stroke:
        attrs["stroke"] = style.stroke
        attrs["stroke_width"] = _num(style.stroke_width)
        if style.dash:
            attrs["stroke_dasharray"] = " ".join(_num(d) for d in style.dash)
    if style.opacity < 1.0:
        attrs["opacity"] = _num(style.opacity)
    return attrs


def to_svg(drawing: Drawing, *, bleed_mm: float = 0.0) -> str:
    """One SVG document of a face: trim + 2 * bleed_mm in mm, viewBox in mm, art clipped."""
    b = max(0.0, min(bleed_mm, drawing.bleed))
    w, h = drawing.width + 2 * b, drawing.height + 2 * b
    doc = svgwrite.Drawing(size=(f"{_num(w)}mm", f"{_num(h)}mm"), profile="full", debug=False,
                           viewBox=f"{_num(-b)} {_num(-b)} {_num(w)} {_num(h)}")
    writer = _Writer(doc)
    art = doc.g()
    writer.add_items(art, drawing.items)
    if drawing.shape == "rect" and drawing.corner <= 0:
        art["clip-path"] = f"url(#{writer.clip(-b, -b, w, h)})"
    else:  # the cut line grown by the bleed: transparent outside the shape
        art["clip-path"] = f"url(#{writer.clip_path(face_outline(drawing, b))})"
    doc.set_desc(title=drawing.name)
    for gid, d in sorted(writer.glyphs.items()):
        doc.defs.add(doc.path(d=d, id=gid))
    for clip in writer.clips:
        doc.defs.add(clip)
    for paint in writer.paints:
        doc.defs.add(paint)
    doc.add(art)
    text = etree.tostring(doc.get_xml(), encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{text}\n'
