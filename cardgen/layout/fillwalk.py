"""The fill under a point of a face: `fill_under` (for `color: auto`) and the walk down the
filled shapes drawn before a primitive that the contrast lints make (cardgen.layout.lints)."""

from __future__ import annotations

from cardgen.layout.drawing import Primitive
from cardgen.layout.drawing import Text as TextItem
from cardgen.layout.extent import Box
from cardgen.layout.located import Located
from cardgen.layout.placed import FillLeaf, Placed


def fill_under(placed: list[Placed], x: float, y: float) -> str | None:
    """The fill colour drawn last under the point (face mm), None under art or nothing.

    Rectangles, circles and the filled shapes of icons count (an icon may be a colour swatch);
    an icon's shape counts by its box."""
    return _under(placed, len(placed), ((x, y),), None)[0]


def _under(placed: list[Placed], n: int, points: tuple[tuple[float, float], ...],
           el: Located | None) -> list[str | None]:
    """The fill colour drawn under each point before placed[n] by other elements than `el`
    (None under art or nothing), in one walk down them; copies of the same element (a repeat)
    do not count."""
    found: list[str | None] = [None] * len(points)
    left = list(range(len(points)))
    for m in range(n - 1, -1, -1):
        q = placed[m]
        if q.el is el and el is not None:
            continue
        leaves = q.fills
        if not leaves:  # text and strokes: nothing a point can sit on
            continue
        left = _settle(leaves, points, left, found)
        if not left:
            break
    return found


def _settle(leaves: tuple[FillLeaf, ...], points: tuple[tuple[float, float], ...], left: list[int],
            found: list[str | None]) -> list[int]:
    """Of the points still `left`, those no leaf sits under; the others' fills go in found."""
    still = []
    for k in left:
        fill = _fill_of(leaves, *points[k])
        if fill is None:
            still.append(k)
        else:
            found[k] = fill or None
    return still


def _samples(item: Primitive, box: Box) -> tuple[tuple[tuple[float, float], ...], Box]:
    """Where to look under an item, and the box round those points: a shape's middle; a line
    of text at its ends and middle, through its letters and near its baseline (half a line may
    sit on another colour)."""
    x0, y0, x1, y1 = box
    if not isinstance(item, TextItem):
        x, y = (x0 + x1) / 2, (y0 + y1) / 2
        return ((x, y),), (x, y, x, y)
    inset, h = min(0.4, (x1 - x0) / 2), y1 - y0  # 0.4 mm: inside the first and last letter
    xs = ((x0 + x1) / 2, x0 + inset, x1 - inset)
    mid, left, right = xs
    upper, lower = y0 + 0.5 * h, y0 + 0.85 * h
    return (((mid, upper), (left, upper), (right, upper), (mid, lower), (left, lower),
             (right, lower)), (min(xs), min(upper, lower), max(xs), max(upper, lower)))


def _fill_of(leaves: tuple[FillLeaf, ...], x: float, y: float) -> str | None:
    """'' under art, a colour under a filled shape, None when no leaf is under the point."""
    for b, ellipse, fill in leaves:
        if ellipse:
            cx, cy, rx, ry = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2, (b[2] - b[0]) / 2, (b[3] - b[1]) / 2
            inside = rx > 0 and ry > 0 and ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1
        else:
            inside = b[0] <= x <= b[2] and b[1] <= y <= b[3]
        if inside:
            return fill
    return None
