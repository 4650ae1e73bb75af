"""Drawing -> SVG with hand-written XML strings: the floor the svgwrite backend is measured against.

The SVG writer cardgen used before it moved to svgwrite (same output, pixel for pixel), kept
here only so `make bench` can say what svgwrite costs. Not used by cardgen.
"""

from __future__ import annotations

import base64
import mimetypes
from xml.sax.saxutils import escape, quoteattr

from cardgen.layout import fonts
from cardgen.layout.drawing import Drawing, Ellipse, Group, Image, Path, Primitive, Rect, Style, Text


def _num(v: float) -> str:
    text = f"{v:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


class _Writer:
    """Accumulates body elements and the glyph definitions they use."""

    def __init__(self) -> None:
        self.glyphs: dict[str, str] = {}
        self.clip_count = 0
        self.defs: list[str] = []

    def glyph_id(self, face: str, char: str) -> str:
        gid = f"g-{face}-{ord(char):x}"
        if gid not in self.glyphs:
            self.glyphs[gid] = fonts.glyph_outline(face, char)[0]
        return gid

    def clip(self, x: float, y: float, w: float, h: float) -> str:
        self.clip_count += 1
        cid = f"clip{self.clip_count}"
        self.defs.append(
            f'<clipPath id="{cid}"><rect x="{_num(x)}" y="{_num(y)}" '
            f'width="{_num(w)}" height="{_num(h)}"/></clipPath>'
        )
        return cid

    def items(self, items: list[Primitive] | tuple[Primitive, ...]) -> list[str]:
        out: list[str] = []
        for item in items:
            out.append(getattr(self, "_" + type(item).__name__.lower())(item))
        return out

    def _rect(self, r: Rect) -> str:
        radius = f' rx="{_num(r.radius)}"' if r.radius > 0 else ""
        return (
            f'<rect x="{_num(r.x)}" y="{_num(r.y)}" width="{_num(r.w)}" height="{_num(r.h)}"'
            f"{radius}{_style(r.style)}/>"
        )

    def _ellipse(self, e: Ellipse) -> str:
        return (
            f'<ellipse cx="{_num(e.cx)}" cy="{_num(e.cy)}" rx="{_num(e.rx)}" ry="{_num(e.ry)}"'
            f"{_style(e.style)}/>"
        )

    def _path(self, p: Path) -> str:
        parts = [op[0] + " ".join(_num(v) for v in op[1:]) for op in p.ops]
        rule = ' fill-rule="evenodd"' if p.fill_rule == "evenodd" else ""
        return f'<path d="{" ".join(parts)}"{rule}{_style(p.style)}/>'

    def _text(self, t: Text) -> str:
        scale = t.size * fonts.PT_TO_MM / fonts.units_per_em(t.font)
        x = t.x
        if t.anchor != "start":
            width = fonts.text_width_mm(t.text, t.font, t.size)
            x -= width / 2 if t.anchor == "middle" else width
        uses: list[str] = []
        cursor = 0
        for ch in t.text:
            outline, advance = fonts.glyph_outline(t.font, ch)
            if outline:
                uses.append(f'<use xlink:href="#{self.glyph_id(t.font, ch)}" x="{cursor}"/>')
            cursor += advance
        return (
            f'<g aria-label={quoteattr(t.text)} fill="{t.color}" '
            f'transform="translate({_num(x)} {_num(t.y)}) scale({scale:.6g} {-scale:.6g})">'
            + "".join(uses)
            + "</g>"
        )

    def _image(self, im: Image) -> str:
        mime = mimetypes.guess_type(im.path)[0] or "image/png"
        with open(im.path, "rb") as handle:
            data = base64.b64encode(handle.read()).decode("ascii")
        return (
            f'<image x="{_num(im.x)}" y="{_num(im.y)}" width="{_num(im.w)}" height="{_num(im.h)}" '
            f'preserveAspectRatio="none" xlink:href="data:{mime};base64,{data}"/>'
        )

    def _group(self, g: Group) -> str:
        attrs = ""
        if g.transform != (1.0, 0.0, 0.0, 1.0, 0.0, 0.0):
            attrs += f' transform="matrix({" ".join(_num(v) for v in g.transform)})"'
        body = "".join(self.items(g.items))
        if g.clip is not None:
            body = f'<g clip-path="url(#{self.clip(*g.clip)})">{body}</g>'
        return f"<g{attrs}>{body}</g>"


def _style(style: Style) -> str:
    attrs = [f' fill="{style.fill}"' if style.fill else ' fill="none"']
    if style.stroke:
        attrs.append(f' stroke="{style.stroke}" stroke-width="{_num(style.stroke_width)}"')
        if style.dash:
            attrs.append(f' stroke-dasharray="{" ".join(_num(d) for d in style.dash)}"')
    if style.opacity < 1.0:
        attrs.append(f' opacity="{_num(style.opacity)}"')
    return "".join(attrs)


def to_svg(drawing: Drawing, *, bleed_mm: float = 0.0) -> str:
    """One SVG document of a face: trim + 2 * bleed_mm in mm, viewBox in mm, art clipped."""
    b = max(0.0, min(bleed_mm, drawing.bleed))
    w, h = drawing.width + 2 * b, drawing.height + 2 * b
    writer = _Writer()
    body = "".join(writer.items(drawing.items))
    root_clip = writer.clip(-b, -b, w, h)
    glyph_defs = "".join(f'<path id="{gid}" d="{d}"/>' for gid, d in sorted(writer.glyphs.items()))
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'version="1.1" width="{_num(w)}mm" height="{_num(h)}mm" '
        f'viewBox="{_num(-b)} {_num(-b)} {_num(w)} {_num(h)}">\n'
        f"<title>{escape(drawing.name)}</title>\n"
        f"<defs>{glyph_defs}{''.join(writer.defs)}</defs>\n"
        f'<g clip-path="url(#{root_clip})">{body}</g>\n'
        "</svg>\n"
    )
