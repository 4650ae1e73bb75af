"""Folding standees: a front and a back face -> one strip to cut, fold and stand up.

The strip, top to bottom: a base tab, the back turned 180 degrees, the fold, the front, a base
tab (print-spec 4.2). Folded at the middle with the art outwards, the back comes to stand behind
the front the right way up, and the tabs bend outwards into a base. Fold lines are dashed, the
cut line round the strip solid. Sizes: TGC's standee presets (docs/adding-a-game.md).
"""

from __future__ import annotations

from cardgen.layout.drawing import Drawing, Group, Path, Rect, Style

# TGC standee figures, width x height (inches -> mm): small 0.5 x 1.125, medium 0.75 x 1.675,
# large 1 x 2.25 (print-spec 1.3, TGC catalogue via templative's componentInfo.js)
STANDEE_PRESETS: dict[str, tuple[float, float]] = {
    "small": (12.7, 28.575),
    "medium": (19.05, 42.545),
    "large": (25.4, 57.15),
}
TAB_FILL = "#E4E4E4"
FOLD = Style(stroke="#555555", stroke_width=0.2, dash=(1.5, 1.0))
CUT = Style(stroke="#222222", stroke_width=0.2)


def fold_ys(height: float, tab: float) -> tuple[float, float, float]:
    """The three fold lines of a strip of figures `height` mm tall with `tab` mm base tabs:
    top tab | back, back | front (the middle), front | bottom tab."""
    return (tab, tab + height, tab + 2 * height)


def standee_strip(front: Drawing, back: Drawing, tab: float) -> Drawing:
    """The one-strip standee of a front and a back face of the same size (the back turned 180
    degrees above the front, each clipped at the fold; tabs at both ends)."""
    w, h, b = front.width, front.height, front.bleed
    top, middle, bottom = fold_ys(h, tab)
    strip = Drawing(front.name, w, 2 * h + 2 * tab, b, warnings=list(front.warnings), folds=True)
    strip.add(Rect(-b, -b, w + 2 * b, 2 * h + 2 * tab + 2 * b, Style(fill=TAB_FILL)))
    art = (-b, 0.0, w + 2 * b, h)  # each figure's trim and side bleed: nothing over the folds
    strip.add(Group(tuple(back.items), (-1.0, 0.0, 0.0, -1.0, w, middle), clip=art))
    strip.add(Group(tuple(front.items), (1.0, 0.0, 0.0, 1.0, 0.0, middle), clip=art))
    for y in (top, middle, bottom):
        strip.add(Path((("M", 0.0, y), ("L", w, y)), FOLD))
    strip.add(Rect(0.0, 0.0, w, 2 * h + 2 * tab, CUT))
    return strip
