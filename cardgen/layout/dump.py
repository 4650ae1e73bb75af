"""A Drawing -> plain text, one line per primitive, for records a reviewer reads as a diff.

Lengths are mm rounded to 0.01, text sizes points to 0.01, a group's transform to 4 decimals
(its offset to 0.01 mm); colours, dashes and opacity as drawn, defaults left out; a text run
with its font, size, anchor and colour; an image by the digest of its file (never its path);
a path of more than SHORT_PATH operators by their count, bounding box and a digest. A group's
items follow it, indented. Nothing here draws or measures: the text is what layout produced.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

from cardgen.layout.drawing import (
    IDENTITY,
    Drawing,
    Ellipse,
    Group,
    Image,
    Path,
    Primitive,
    Rect,
    Style,
    Text,
)

SHORT_PATH = 6  # paths with up to this many operators are written out in full


def num(value: float, places: int = 2) -> str:
    """A number rounded to `places` decimals, trailing zeros dropped, never "-0"."""
    text = f"{value:.{places}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def nums(values: Iterable[float], places: int = 2) -> str:
    return " ".join(num(v, places) for v in values)


def quoted(text: str) -> str:
    """Text as one line: quotes and backslashes escaped, control characters as \\uXXXX."""
    out = text.replace("\\", "\\\\").replace('"', '\\"')
    return '"' + "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in out) + '"'


def style_text(style: Style) -> str:
    parts = []
    if style.fill is not None:
        parts.append(f"fill={style.fill}")
    if style.stroke is not None:
        parts.append(f"stroke={style.stroke}/{num(style.stroke_width)}")
    if style.dash:
        parts.append(f"dash={','.join(num(v) for v in style.dash)}")
    if style.opacity != 1.0:
        parts.append(f"opacity={num(style.opacity, 3)}")
    return _paint_text(style, parts)


def _paint_text(style: Style, parts: list[str]) -> str:
    """style_text's parts, then the paint keys a style sets past the plain ones."""
    if style.fill_paint is not None:
        g = style.fill_paint
        stops = ",".join(f"{num(t, 3)}:{c}" for t, c in g.stops)
        parts.append(f"paint={g.kind}({nums(g.coords)};{stops})")
    if style.fill_alpha != 1.0:
        parts.append(f"fill-alpha={num(style.fill_alpha, 3)}")
    if style.stroke_alpha != 1.0:
        parts.append(f"stroke-alpha={num(style.stroke_alpha, 3)}")
    if style.join != "miter":
        parts.append(f"join={style.join}")
    if style.cap != "butt":
        parts.append(f"cap={style.cap}")
    return " ".join(parts) if parts else "no-paint"


def path_text(path: Path) -> str:
    """A path's operators in full when short, else their count, bounding box and digest."""
    ops = [op[0] + (" " + nums(op[1:]) if len(op) > 1 else "") for op in path.ops]
    rule = " evenodd" if path.fill_rule != "nonzero" else ""
    if len(ops) <= SHORT_PATH:
        return f"path {' '.join(ops)}{rule}"
    xs = [float(v) for op in path.ops for v in op[1::2]]
    ys = [float(v) for op in path.ops for v in op[2::2]]
    box = nums((min(xs), min(ys), max(xs), max(ys))) if xs and ys else "empty"
    digest = hashlib.sha256(" ".join(ops).encode("utf-8")).hexdigest()[:10]
    return f"path {len(ops)} ops box {box} #{digest}{rule}"


def primitive_lines(item: Primitive, indent: str = "") -> list[str]:
    """One line per primitive (a group: its line, then its items indented)."""
    if isinstance(item, Rect):
        radius = f" r={num(item.radius)}" if item.radius else ""
        return [f"{indent}rect {nums((item.x, item.y, item.w, item.h))}{radius} "
                f"{style_text(item.style)}"]
    if isinstance(item, Ellipse):
        shape = (f"circle {nums((item.cx, item.cy, item.rx))}" if item.rx == item.ry
                 else f"ellipse {nums((item.cx, item.cy, item.rx, item.ry))}")
        return [f"{indent}{shape} {style_text(item.style)}"]
    if isinstance(item, Path):
        return [f"{indent}{path_text(item)} {style_text(item.style)}"]
    if isinstance(item, Text):
        outline = f" stroke={item.stroke}/{num(item.stroke_width)}" if item.stroke else ""
        spaced = f" spacing={num(item.spacing)}" if item.spacing else ""
        return [f"{indent}text {nums((item.x, item.y))} {item.font} {num(item.size)}pt "
                f"{item.anchor} {item.color}{outline}{spaced} {quoted(item.text)}"]
    if isinstance(item, Image):
        return [f"{indent}image {nums((item.x, item.y, item.w, item.h))} "
                f"sha256:{item.digest[:16] or '-'}"]
    return _group_lines(item, indent)


def _group_lines(item: Primitive, indent: str) -> list[str]:
    if not isinstance(item, Group):
        raise TypeError(f"not a drawing primitive: {item!r}")
    head = f"{indent}group"
    if item.transform != IDENTITY:
        a, b, c, d, e, f = item.transform
        head += f" matrix {nums((a, b, c, d), 4)} {nums((e, f))}"
    if item.clip is not None:
        head += f" clip {nums(item.clip)}"
    if item.clip_path is not None:
        head += f" clip-{path_text(item.clip_path)}"
    lines = [head]
    for child in item.items:
        lines += primitive_lines(child, indent + "  ")
    return lines


def drawing_body(drawing: Drawing) -> list[str]:
    """A face's size, bleed and shape, then its primitives in drawing order (no name)."""
    shape = f" {drawing.shape}" if drawing.shape != "rect" else ""
    head = f"  size {nums((drawing.width, drawing.height))} bleed {num(drawing.bleed)}{shape}"
    lines = [head]
    for item in drawing.items:
        lines += primitive_lines(item, "  ")
    return lines


def dump_drawings(faces: Iterable[tuple[str, Drawing]]) -> list[str]:
    """Named faces -> lines: each face's name, then its body, or the name of the first face
    with the same body (a card back shared by a deck is written once)."""
    seen: dict[tuple[str, ...], str] = {}
    lines = []
    for name, drawing in faces:
        body = tuple(drawing_body(drawing))
        if body in seen:
            lines.append(f"face {name} = {seen[body]}")
            continue
        seen[body] = name
        lines.append(f"face {name}")
        lines += body
    return lines
