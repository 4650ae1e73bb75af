"""The plain SVG most icons are -> the outlines svgelements would give, without svgelements.

An icon drawn in an editor's plain SVG is a root `<svg viewBox="0 0 w h">` holding `<path>`
(commands M L H V C Z, absolute or relative), `<circle>`, `<rect>`, `<polygon>` and `<polyline>`
elements painted by `fill`, `stroke` and `stroke-width` in #RGB or #RRGGBB (or `none`). Such
a file is read here with the standard XML parser, and each shape becomes the very operators
cardgen.layout.icons makes from svgelements' reading of it: the same float arithmetic, in the
same order (a circle as four quarter arcs, each as three cubics, by svgelements' formulas).
Anything else (other elements or attributes, styles, transforms, groups, named colours, arcs
and quadratics in path data) is `None`: svgelements reads it, as before. A test compares both
readings on every bundled, seed and fixture icon and on random shapes.
"""

from __future__ import annotations

import re
from math import atan2, ceil, cos, sin, sqrt, tan, tau

from cardgen.layout.drawing import Path as PathItem
from cardgen.layout.drawing import PathOp, Style

_SVG = "{http://www.w3.org/2000/svg}"
_ROOT_KEYS = frozenset({"viewBox", "version"})
_PAINT_KEYS = frozenset({"fill", "stroke", "stroke-width", "id", "opacity", "stroke-linecap",
                         "stroke-linejoin"})
_KEYS = {"path": _PAINT_KEYS | {"d"}, "circle": _PAINT_KEYS | {"cx", "cy", "r"},
         "rect": _PAINT_KEYS | {"x", "y", "width", "height", "rx"},
         "polygon": _PAINT_KEYS | {"points"}, "polyline": _PAINT_KEYS | {"points"}}
_IGNORED = {"stroke-linecap": frozenset({"butt", "round", "square"}),  # no effect on outlines
            "stroke-linejoin": frozenset({"miter", "round", "bevel"})}
_NUMBER = r"[-+]?(?:\d*\.\d+|\d+)(?:[eE][-+]?\d+)?"  # no trailing dot: svgelements' float
_PLAIN = re.compile(rf"\s*{_NUMBER}\s*")
_HEX = re.compile(r"#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})")
_TOKEN = re.compile(rf"([MmLlHhVvCcZz])|({_NUMBER})|([\s,]+)|(.)")
_ODD_COMMAS = re.compile(r"^\s*,|,\s*(?:,|[A-Za-z]|$)|[A-Za-z]\s*,")
_POINTS = re.compile(rf"\s*{_NUMBER}(?:(?:\s*,\s*|\s+){_NUMBER})*\s*")
_COORD_PAIR = re.compile(rf"({_NUMBER})(?:\s*,\s*|\s+)({_NUMBER})")
_NUMBERS = re.compile(_NUMBER)
_ARITY = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "Z": 0}

Parsed = tuple[tuple[float, float, float, float], tuple[PathItem, ...]]


def parsed(data: bytes) -> Parsed | None:
    """The viewBox and the paths of a plain SVG file's content, as svgelements reads them; None
    when the file is not plain SVG of the kind this reads (module doc)."""
    if b"<!" in data.replace(b"<!--", b""):  # a DOCTYPE, entities or CDATA: svgelements reads it
        return None
    root = tree(data)
    if root is None:
        return None
    if root.tag != f"{_SVG}svg" or not set(root.attrib) <= _ROOT_KEYS or "viewBox" not in root.attrib:
        return None
    view = _view(root.attrib["viewBox"])
    if view is None or root.text.strip():
        return None
    items: list[PathItem] = []
    for element in root.children:
        tag = element.tag[len(_SVG):] if element.tag.startswith(_SVG) else ""
        keys = _KEYS.get(tag)
        if keys is None or not set(element.attrib) <= keys or element.count \
                or element.text.strip() or element.tail.strip():
            return None
        style = _style(element.attrib)
        ops = _shape(tag, element.attrib)
        if style is None or ops is None:
            return None
        if ops:
            items.append(PathItem(tuple(ops), style))
    return view, tuple(items)


class Node:
    """An element as ElementTree reads it, what `parsed` looks at: its tag and attributes
    (`{namespace}name`), its text and tail (character data, comments and processing
    instructions left out), how many elements it holds, and, for the root, its elements."""

    __slots__ = ("attrib", "children", "count", "tag", "tail", "text")

    def __init__(self, tag: str, attrib: dict[str, str]) -> None:
        self.tag, self.attrib = tag, attrib
        self.text = self.tail = ""
        self.count = 0
        self.children: list[Node] = []


def _name(name: str) -> str:
    return "{" + name if "}" in name else name  # ElementTree's name of a namespaced one


def tree(data: bytes) -> Node | None:
    """The root of the XML document and its elements as `xml.etree.ElementTree.fromstring`
    reads them (the same expat parser, set up as ElementTree sets it up), or None where it
    raises ParseError (an encoding it cannot read raises as it does); read by expat's
    callbacks, without importing ElementTree (tested equal on every icon of the repository
    and on odd documents)."""
    from xml.parsers import expat

    parser = expat.ParserCreate(None, "}")
    parser.buffer_text = True
    open_: list[Node] = []
    last: list[Node | None] = []  # per open element, the element it holds that closed last
    top: list[Node] = []

    def start(name: str, attrs: dict[str, str]) -> None:
        node = Node(_name(name), {_name(k): v for k, v in attrs.items()})
        if open_:
            open_[-1].count += 1
            if len(open_) == 1:
                open_[0].children.append(node)
        else:
            top.append(node)
        open_.append(node)
        last.append(None)

    def end(_: str) -> None:
        node = open_.pop()
        last.pop()
        if last:
            last[-1] = node

    def text(chars: str) -> None:
        if open_:
            child = last[-1]
            if child is None:
                open_[-1].text += chars
            else:
                child.tail += chars

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = text
    try:
        parser.Parse(data, True)
    except expat.ExpatError:  # ElementTree's ParseError (its other errors raised as they are)
        return None
    return top[0] if top else None


def _view(text: str) -> tuple[float, float, float, float] | None:
    parts = [p for p in re.split(r"[\s,]+", text.strip()) if p]
    if len(parts) != 4 or not all(_PLAIN.fullmatch(p) for p in parts):
        return None
    x, y, w, h = map(float, parts)
    if x != 0 or y != 0 or not (0 < w < 1e9 and 0 < h < 1e9):
        return None
    return (x, y, w, h)


def _number(attrib: dict[str, str], key: str) -> float | None:
    text = attrib.get(key, "0")
    if not _PLAIN.fullmatch(text):
        return None
    value = float(text)
    return value if abs(value) < 1e9 else None


_NOT_READ = "?"  # a paint this reader leaves to svgelements


def _colour(text: str | None, default: str | None) -> str | None:
    """'#RRGGBB' (upper case), None for none; _NOT_READ for any other paint."""
    if text is None:
        return default
    text = text.strip()
    if text == "none":
        return None
    if not _HEX.fullmatch(text):
        return _NOT_READ
    digits = text[1:]
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    return "#" + digits.upper()


def _style(attrib: dict[str, str]) -> Style | None:
    if any(attrib.get(key, next(iter(words))) not in words for key, words in _IGNORED.items()) \
            or _number(attrib, "opacity") is None:
        return None
    fill = _colour(attrib.get("fill"), "#000000")
    stroke = _colour(attrib.get("stroke"), None)
    if _NOT_READ in (fill, stroke):
        return None
    width = 1.0
    if "stroke-width" in attrib:
        number = _number(attrib, "stroke-width")
        if number is None or number < 0:
            return None
        width = number
    return Style(fill=fill, stroke=stroke if width > 0 else None, stroke_width=width)


def _shape(tag: str, attrib: dict[str, str]) -> list[PathOp] | None:
    if tag == "path":
        return _path(attrib.get("d", ""))
    if tag in ("polygon", "polyline"):
        return _poly(attrib.get("points", ""), tag == "polygon")
    if tag == "circle":
        cx, cy, r = (_number(attrib, k) for k in ("cx", "cy", "r"))
        if cx is None or cy is None or r is None or r < 0:
            return None
        return _circle(cx, cy, r) if r > 0 else []
    x, y, w, h, rx = (_number(attrib, k) for k in ("x", "y", "width", "height", "rx"))
    if x is None or y is None or w is None or h is None or rx is None or w < 0 or h < 0:
        return None
    if w == 0 or h == 0:
        return []
    if rx == 0:
        return [("M", *_at(x, y)), ("L", *_at(x + w, y)), ("L", *_at(x + w, y + h)),
                ("L", *_at(x, y + h)), ("Z",)]
    if not 0 < rx <= min(w, h) / 2:
        return None
    return _rounded(x, y, w, h, rx)


def _poly(text: str, closed: bool) -> list[PathOp] | None:
    """A polygon's or polyline's points: a move, lines, and for a polygon a close."""
    if not text.strip():
        return []
    if not _POINTS.fullmatch(text) or len(_NUMBERS.findall(text)) % 2:
        return None
    points = [(float(x), float(y)) for x, y in _COORD_PAIR.findall(text)]
    if not all(abs(v) < 1e9 for point in points for v in point):
        return None
    ops: list[PathOp] = [("M", *points[0]), *[("L", *point) for point in points[1:]]]
    return [*ops, ("Z",)] if closed else ops


def _rounded(x: float, y: float, w: float, h: float, r: float) -> list[PathOp]:
    """A rect with round corners (radius r) as svgelements draws it: lines and quarter arcs."""
    ops: list[PathOp] = [("M", *_at(x + r, y)), ("L", *_at(x + w - r, y))]
    corners = (((x + w - r, y), (x + w, y + r)), ((x + w, y + h - r), (x + w - r, y + h)),
               ((x + r, y + h), (x, y + h - r)), ((x, y + r), (x + r, y)))
    for i, (start, end) in enumerate(corners):
        centre = (start[0], end[1])
        if _orientation(start, centre, end) != 1:
            centre = (end[0], start[1])
        prx, pry = (centre[0] + r, centre[1]), (centre[0], centre[1] + r)
        ops.extend(_arc(_at(*start), _at(*end), _at(*centre), _at(*prx), _at(*pry), tau / 4.0))
        if i < 3:
            ops.append(("L", *_at(*corners[i + 1][0])))
    ops.append(("Z",))
    return ops


def _orientation(p: tuple[float, float], q: tuple[float, float], r: tuple[float, float]) -> int:
    val = (q[1] - p[1]) * (r[0] - q[0]) - (q[0] - p[0]) * (r[1] - q[1])
    return 0 if val == 0 else 1 if val > 0 else 2


def _at(x: float, y: float) -> tuple[float, float]:
    """A point through the identity matrix, as svgelements transforms it (-0.0 becomes 0.0)."""
    return (x * 1.0 + y * 0.0 + 0.0, x * 0.0 + y * 1.0 + 0.0)


def _tokens(d: str) -> list[str | float] | None:
    """Path data -> its commands and numbers; None for anything but M L H V C Z and numbers
    (or a number too large to draw, or stray commas: svgelements reads and refuses those)."""
    if _ODD_COMMAS.search(d):
        return None
    tokens: list[str | float] = []
    for command, number, _space, other in _TOKEN.findall(d):
        if other:
            return None
        if command:
            tokens.append(command)
        elif number:
            value = float(number)
            if not abs(value) < 1e9:
                return None
            tokens.append(value)
    return tokens


def _path(d: str) -> list[PathOp] | None:
    """Path data of commands M L H V C Z (absolute or relative) -> operators; None otherwise."""
    tokens = _tokens(d)
    if not tokens or tokens[0] not in ("M", "m"):
        return None if tokens is None or tokens else []
    ops: list[PathOp] = []
    start = here = (0.0, 0.0)
    i, command = 0, ""
    while i < len(tokens):
        token = tokens[i]
        if isinstance(token, str):
            command, i = token, i + 1
            if command in "Zz":
                ops.append(("Z",))
                here = start
                if i < len(tokens) and tokens[i] not in ("M", "m"):
                    return None  # what follows a close without a move: svgelements reads it
                continue
        elif command in ("", "Z", "z"):
            return None
        count = _ARITY[command.upper()]
        args = [a for a in tokens[i:i + count] if isinstance(a, float)]
        if len(args) < count:
            return None
        i += count
        kind, points = _segment(command, here, args)
        ops.append(_op(kind, [v for x, y in points for v in _at(x, y)]))
        here = points[-1]
        if command in "Mm":
            start = here
            command = "l" if command == "m" else "L"  # pairs after a move are lines
    return ops


def _segment(command: str, here: tuple[float, float], n: list[float]
             ) -> tuple[str, list[tuple[float, float]]]:
    """One command's operator and points, made absolute (from the current point `here`)."""
    x, y = here
    rel = command.islower()
    upper = command.upper()
    if upper in "ML":
        return upper, [(x + n[0], y + n[1]) if rel else (n[0], n[1])]
    if upper == "H":
        return "L", [(x + n[0] if rel else n[0], y)]
    if upper == "V":
        return "L", [(x, y + n[0] if rel else n[0])]
    return "C", [(x + n[k], y + n[k + 1]) if rel else (n[k], n[k + 1]) for k in (0, 2, 4)]


def _op(kind: str, v: list[float]) -> PathOp:
    if kind == "M":
        return ("M", v[0], v[1])
    if kind == "L":
        return ("L", v[0], v[1])
    return ("C", v[0], v[1], v[2], v[3], v[4], v[5])


def _circle(cx: float, cy: float, r: float) -> list[PathOp]:
    """A circle as svgelements draws it: a move, four quarter arcs (each as cubics), a close."""
    radius = _distance(_at(0.0, 0.0), _at(r, 0.0))  # svgelements' implicit radius
    centre = _at(cx, cy)
    step = tau / 4

    def point_at_t(t: float) -> tuple[float, float]:
        cos_t, sin_t = cos(t), sin(t)
        return (centre[0] + radius * cos_t * 1.0 - radius * sin_t * 0.0,
                centre[1] + radius * cos_t * 0.0 + radius * sin_t * 1.0)

    ops: list[PathOp] = [("M", *point_at_t(0))]
    t_end = step
    prx = (centre[0] + cos(0.0) * radius, centre[1] + sin(0.0) * radius)  # the same each arc
    pry = (centre[0] + cos(tau / 4.0) * radius, centre[1] + sin(tau / 4.0) * radius)
    start = point_at_t(0.0)
    for _ in range(4):
        end = point_at_t(t_end)
        ops.extend(_arc(start, end, centre, prx, pry, step))
        start = end  # (the next arc starts at the same t: the same point)
        t_end += step
    ops.append(("Z",))
    return ops


def _distance(p: tuple[float, float], q: tuple[float, float]) -> float:
    dx = p[0] - q[0]
    dy = p[1] - q[1]
    return sqrt(dx * dx + dy * dy)


def _arc(start: tuple[float, float], end: tuple[float, float], centre: tuple[float, float],
         prx: tuple[float, float], pry: tuple[float, float], sweep: float) -> list[PathOp]:
    """svgelements' Arc(start, end, centre, prx, pry, sweep) as cubics (its as_cubic_curves)."""
    rx, ry = _distance(centre, prx), _distance(centre, pry)
    theta = atan2(prx[1] - centre[1], prx[0] - centre[0])
    x0, y0 = centre

    def t_at_angle(angle: float) -> float:
        t = atan2(rx * tan(angle), ry)
        if 3 * (tau / 4.0) >= abs(angle) % tau > tau / 4.0:
            t += tau / 2.0
        return t

    def point_at_t(t: float) -> tuple[float, float]:
        cos_rot, sin_rot, cos_t, sin_t = cos(theta), sin(theta), cos(t), sin(t)
        return (x0 + rx * cos_t * cos_rot - ry * sin_t * sin_rot,
                y0 + rx * cos_t * sin_rot + ry * sin_t * cos_rot)

    # get_start_t: t_at_point(point_at_angle(angle of the start))
    angle = atan2(start[1] - y0, start[0] - x0) - theta
    on = point_at_t(angle) if rx == ry else point_at_t(t_at_angle(angle))
    current_t = t_at_angle(atan2(on[1] - y0, on[0] - x0) - theta)
    count = int(ceil(abs(sweep) / (tau / 12.0)))
    t_slice = sweep / float(count)
    cos_theta, sin_theta = cos(theta), sin(theta)
    p_start = start
    ops: list[PathOp] = []
    # the same for every slice (svgelements works it out in each)
    alpha = sin(t_slice) * (sqrt(4 + 3 * pow(tan(t_slice / 2.0), 2)) - 1) / 3.0
    cos_start_t, sin_start_t = cos(current_t), sin(current_t)
    for i in range(count):
        next_t = current_t + t_slice
        e1x = -rx * cos_theta * sin_start_t - ry * sin_theta * cos_start_t
        e1y = -rx * sin_theta * sin_start_t + ry * cos_theta * cos_start_t
        cos_end_t, sin_end_t = cos(next_t), sin(next_t)
        p_end = (x0 + rx * cos_end_t * cos_theta - ry * sin_end_t * sin_theta,
                 y0 + rx * cos_end_t * sin_theta + ry * sin_end_t * cos_theta)
        if i == count - 1:
            p_end = end
        e2x = -rx * cos_theta * sin_end_t - ry * sin_theta * cos_end_t
        e2y = -rx * sin_theta * sin_end_t + ry * cos_theta * cos_end_t
        ops.append(("C", p_start[0] + alpha * e1x, p_start[1] + alpha * e1y,
                    p_end[0] - alpha * e2x, p_end[1] - alpha * e2y, p_end[0], p_end[1]))
        p_start = p_end
        current_t = next_t
        cos_start_t, sin_start_t = cos_end_t, sin_end_t  # (the next slice's start: the same t)
    return ops
