"""A TrueType glyph (the `glyf` table) -> SVG path data, the very text fontTools writes.

The SVG writer draws text as glyph outlines. fontTools' route (a glyph set, the glyph drawn
through `SVGPathPen`) parses the font's glyph names and every glyph's record first; here one
glyph is read from the table bytes HarfBuzz already holds (`shaping.table`) and drawn by the
same rules: contours rotated to end on an on-curve point, a closing line left to `Z`, implied
on-curve points halfway between two off-curve ones (`0.5 * (a + b)`), components drawn through
their transform (composed the way fontTools' TransformPen composes it), and the pen's text
(`M`, `L` or a bare pair after `M`, `H`, `V`, `Q`, `Z`, numbers as `str` gives them). What this
reader does not take (point-matched components, damaged data, component nesting past
`_DEPTH`) raises `Unsupported`, and `cardgen.layout.fonts` asks fontTools instead.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from functools import cache

from cardgen.layout import shaping

Point = tuple[float, float]
Matrix = tuple[float, float, float, float, float, float]  # xx, xy, yx, yy, dx, dy
IDENTITY: Matrix = (1, 0, 0, 1, 0, 0)

_ON_CURVE, _X_SHORT, _Y_SHORT, _REPEAT, _X_SAME, _Y_SAME = 0x01, 0x02, 0x04, 0x08, 0x10, 0x20
_WORDS, _XY_VALUES, _SCALE, _MORE, _XY_SCALE, _TWO_BY_TWO = 0x1, 0x2, 0x8, 0x20, 0x40, 0x80
_DEPTH = 16  # component nesting read here; deeper (or a cycle) is left to fontTools


class Unsupported(Exception):
    """A glyph this reader leaves to fontTools."""


class _Font:
    """The tables of one font file a glyph is read from."""

    def __init__(self, path: str) -> None:
        table = shaping.table
        self.glyf = shaping.table_view(path, "glyf")  # a bundled face's not copied whole
        head, maxp, hhea = table(path, "head"), table(path, "maxp"), table(path, "hhea")
        self.loca, self.hmtx = table(path, "loca"), table(path, "hmtx")
        if not (self.glyf and self.loca and self.hmtx) or len(head) < 54 or len(maxp) < 6 \
                or len(hhea) < 36:
            raise Unsupported("no glyf, loca or hmtx table")
        self.long_loca = struct.unpack_from(">h", head, 50)[0] != 0  # head.indexToLocFormat
        self.glyphs = struct.unpack_from(">H", maxp, 4)[0]
        self.metrics = struct.unpack_from(">H", hhea, 34)[0]  # hhea.numberOfHMetrics

    def data(self, gid: int) -> bytes:
        if not 0 <= gid < self.glyphs:
            raise Unsupported(f"glyph {gid} out of range")
        if self.long_loca:
            start, end = struct.unpack_from(">II", self.loca, 4 * gid)
        else:
            start, end = (2 * n for n in struct.unpack_from(">HH", self.loca, 2 * gid))
        if end < start or end > len(self.glyf):
            raise Unsupported("bad loca")
        return bytes(self.glyf[start:end])

    def lsb(self, gid: int) -> int:
        """hmtx's left side bearing of a glyph."""
        if gid < self.metrics:
            return int(struct.unpack_from(">h", self.hmtx, 4 * gid + 2)[0])
        return int(struct.unpack_from(">h", self.hmtx, 4 * self.metrics + 2 * (gid - self.metrics))[0])


@cache
def _font(path: str) -> _Font:
    return _Font(path)


def outline(path: str, gid: int) -> str:
    """SVG path data in font units, y up, of glyph `gid` of the font file: fontTools' text."""
    font = _font(path)
    pen = _Pen()
    try:
        _draw(font, gid, pen, None, 0, top=True)
    except (struct.error, IndexError, ValueError) as exc:
        raise Unsupported(str(exc)) from exc
    return "".join(pen.out)


class _Pen:
    """fontTools' SVGPathPen (a BasePen) for the calls glyf drawing makes."""

    __slots__ = ("last", "out", "x", "y")

    def __init__(self) -> None:
        self.out: list[str] = []
        self.last: str | None = None
        self.x: float | None = None
        self.y: float | None = None

    def move(self, x: float, y: float) -> None:
        if self.last == "M":
            self.out.pop()
        self.out.append(f"M{x} {y}")
        self.last, self.x, self.y = "M", x, y

    def line(self, x: float, y: float) -> None:
        if x == self.x and y == self.y:
            return
        if x == self.x:
            self.out.append(f"V{y}")
            self.last = "V"
        elif y == self.y:
            self.out.append(f"H{x}")
            self.last = "H"
        elif self.last == "M":
            self.out.append(f" {x} {y}")
        else:
            self.out.append(f"L{x} {y}")
            self.last = "L"
        self.x, self.y = x, y

    def curve(self, points: list[Point], closed: bool) -> None:
        """BasePen.qCurveTo: off-curve points then the on-curve end (none for a contour with
        no on-curve point: it starts and ends halfway between its last and first points)."""
        if closed:
            (x, y), (nx, ny) = points[-1], points[0]
            start = (0.5 * (x + nx), 0.5 * (y + ny))
            self.move(*start)
            points = [*points, start]
        out = self.out
        for i in range(len(points) - 2):
            (x, y), (nx, ny) = points[i], points[i + 1]
            mx, my = 0.5 * (x + nx), 0.5 * (y + ny)
            out.append(f"Q{x} {y} {mx} {my}")
        (x, y), (ex, ey) = points[-2], points[-1]
        out.append(f"Q{x} {y} {ex} {ey}")
        self.last, self.x, self.y = "Q", ex, ey

    def close(self) -> None:
        self.out.append("Z")
        self.last, self.x, self.y = "Z", None, None


def _draw(font: _Font, gid: int, pen: _Pen, matrix: Matrix | None, depth: int,
          top: bool = False) -> None:
    data = font.data(gid)
    if not data:
        return  # no contours: a space
    contours = struct.unpack_from(">h", data)[0]
    if contours < 0:
        _components(font, data, pen, matrix, depth)
    elif contours > 0:
        offset = font.lsb(gid) - struct.unpack_from(">h", data, 2)[0] if top else 0
        _simple(data, contours, pen, matrix, offset)


def _components(font: _Font, data: bytes, pen: _Pen, matrix: Matrix | None, depth: int) -> None:
    """Each component drawn through its transform (composed with the one it is drawn in)."""
    if depth >= _DEPTH:
        raise Unsupported("components nested too deep")
    pos, more = 10, True
    while more:
        flags, gid = struct.unpack_from(">HH", data, pos)
        pos += 4
        if not flags & _XY_VALUES:
            raise Unsupported("a component placed by matching points")
        if flags & _WORDS:
            dx, dy = struct.unpack_from(">hh", data, pos)
            pos += 4
        else:
            dx, dy = struct.unpack_from(">bb", data, pos)
            pos += 2
        own: Matrix = (1, 0, 0, 1, dx, dy)
        if flags & _SCALE:
            scale = struct.unpack_from(">h", data, pos)[0] / (1 << 14)
            own, pos = (scale, 0, 0, scale, dx, dy), pos + 2
        elif flags & _XY_SCALE:
            sx, sy = (v / (1 << 14) for v in struct.unpack_from(">hh", data, pos))
            own, pos = (sx, 0, 0, sy, dx, dy), pos + 4
        elif flags & _TWO_BY_TWO:
            xx, xy, yx, yy = (v / (1 << 14) for v in struct.unpack_from(">hhhh", data, pos))
            own, pos = (xx, xy, yx, yy, dx, dy), pos + 8
        more = bool(flags & _MORE)
        if not 0 <= gid < font.glyphs:
            raise Unsupported(f"component glyph {gid} out of range")
        whole = own if matrix is None else _compose(matrix, own)
        _draw(font, gid, pen, None if whole == IDENTITY else whole, depth + 1)


def _compose(outer: Matrix, inner: Matrix) -> Matrix:
    """fontTools' Transform.transform: `inner` drawn inside `outer`, the same arithmetic."""
    xx1, xy1, yx1, yy1, dx1, dy1 = inner
    xx2, xy2, yx2, yy2, dx2, dy2 = outer
    return (xx1 * xx2 + xy1 * yx2, xx1 * xy2 + xy1 * yy2, yx1 * xx2 + yy1 * yx2,
            yx1 * xy2 + yy1 * yy2, xx2 * dx1 + yx2 * dy1 + dx2, xy2 * dx1 + yy2 * dy1 + dy2)


def _mapper(matrix: Matrix) -> Callable[[Point], Point]:
    xx, xy, yx, yy, dx, dy = matrix
    return lambda p: (xx * p[0] + yx * p[1] + dx, xy * p[0] + yy * p[1] + dy)


def _simple(data: bytes, contours: int, pen: _Pen, matrix: Matrix | None, offset: int) -> None:
    ends = struct.unpack_from(f">{contours}H", data, 10)
    pos = 10 + 2 * contours
    pos += 2 + struct.unpack_from(">H", data, pos)[0]  # instructions
    count = ends[-1] + 1
    flags = bytearray()
    while len(flags) < count:
        flag = data[pos]
        pos += 1
        if flag & _REPEAT:
            flags += bytes((flag,)) * (data[pos] + 1)
            pos += 1
        else:
            flags.append(flag)
    if len(flags) != count:
        raise Unsupported("bad glyph flags")
    xs, pos = _deltas(data, pos, flags, _X_SHORT, _X_SAME, offset)
    ys, pos = _deltas(data, pos, flags, _Y_SHORT, _Y_SAME, 0)
    points: list[Point] = list(zip(xs, ys, strict=True))
    if matrix is not None:
        points = list(map(_mapper(matrix), points))
    start = 0
    for end in ends:
        end += 1
        on = [f & _ON_CURVE for f in flags[start:end]]
        _contour(points[start:end], on, pen)
        start = end


def _deltas(data: bytes, pos: int, flags: bytearray, short: int, same: int,
            at: int) -> tuple[list[int], int]:
    """One axis' coordinates, absolute (starting from `at`), and where the next axis starts."""
    out = []
    for flag in flags:
        if flag & short:
            at += data[pos] if flag & same else -data[pos]
            pos += 1
        elif not flag & same:
            at += struct.unpack_from(">h", data, pos)[0]
            pos += 2
        out.append(at)
    return out, pos


def _contour(contour: list[Point], on: list[int], pen: _Pen) -> None:
    """fontTools' glyf drawing of one contour (quadratic: the table's cubic flag is not read)."""
    if not contour:
        return
    if 1 not in on:
        pen.curve(contour, closed=True)
        pen.close()
        return
    first = on.index(1) + 1
    contour, on = contour[first:] + contour[:first], on[first:] + on[:first]
    pen.move(*contour[-1])
    while contour:
        step = on.index(1) + 1
        if step == 1:
            if len(contour) > 1:
                pen.line(*contour[0])
        else:
            pen.curve(contour[:step], closed=False)
        contour, on = contour[step:], on[step:]
    pen.close()
