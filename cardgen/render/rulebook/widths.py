"""reportlab's text widths and font heights for the paragraph module, each worked out once per
font, text and size in a process (a TrueType font's widths once per font and text).

Breaking a paragraph into lines asks pdfmetrics for the width of every word and, for every
word placed, of a space in each run of the line so far (reportlab's space shrinkage), and for
the ascent and descent of each word's font: ~6,000 widths for one typeset of a small game's
rules, most of them the same few, each through two Python calls (pdfmetrics, then the font)
into rl_accel. `string_width` and `ascent_descent` answer what pdfmetrics answers, from what it
answered before for the same font object (looked up by name each time: a font registered anew
under a name is asked afresh), the text, size and encoding, and ask that font object what
pdfmetrics.stringWidth would ask it (its `stringWidth`: pdfmetrics looks the name up
again to find the same object; a TrueType font's width at another size is its width at size
1 times the size, as rl_accel works it out: one measure per text); `install` hands them to
reportlab.platypus.paragraph in place of pdfmetrics' (tested equal on every word and size the
seed rulebooks ask for).
"""

from __future__ import annotations

from types import BuiltinFunctionType
from typing import Any

from reportlab.pdfbase import pdfmetrics, ttfonts
from reportlab.pdfbase.ttfonts import TTFont

_REGISTERED = pdfmetrics._fonts  # name -> font object: what pdfmetrics.getFont looks up first
_REAL_WIDTH = pdfmetrics.stringWidth
_REAL_HEIGHTS = pdfmetrics.getAscentDescent
MEMO_MAX = 65536  # widths kept per font (emptied when full)
_WIDTHS: dict[Any, dict[tuple[str, float, Any], float]] = {}  # font object -> widths
_HEIGHTS: dict[Any, dict[Any, tuple[float, float]]] = {}  # font object -> (ascent, descent)
_UNITS: dict[Any, dict[tuple[str, Any], float]] = {}  # TrueType font -> widths at size 1
_TTF_WIDTH = TTFont.stringWidth
_C_TTF = isinstance(ttfonts.instanceStringWidthTTF, BuiltinFunctionType)  # rl_accel's C code


def string_width(text: str, fontName: str, fontSize: float, encoding: Any = "utf8") -> float:
    """pdfmetrics.stringWidth(text, fontName, fontSize, encoding), kept."""
    font = _REGISTERED.get(fontName)
    if font is None:  # not registered yet: pdfmetrics finds it (or raises)
        return float(_REAL_WIDTH(text, fontName, fontSize, encoding))
    kept = _WIDTHS.get(font)
    if kept is None:
        kept = _WIDTHS[font] = {}
    key = (text, fontSize, encoding)
    width = kept.get(key)
    if width is None:
        if len(kept) >= MEMO_MAX:
            kept.clear()
        width = kept[key] = _measured(font, text, fontSize, encoding)
    return width


def string_widths(texts: list[str], fontName: str, fontSize: float,
                  encoding: Any = "utf8") -> list[float]:
    """[string_width(text, fontName, fontSize, encoding) for text in texts], the font and its
    kept widths looked up once."""
    font = _REGISTERED.get(fontName)
    if font is None:
        return [string_width(text, fontName, fontSize, encoding) for text in texts]
    kept = _WIDTHS.get(font)
    if kept is None:
        kept = _WIDTHS[font] = {}
    found = []
    for text in texts:
        key = (text, fontSize, encoding)
        width = kept.get(key)
        if width is None:
            if len(kept) >= MEMO_MAX:
                kept.clear()
            width = kept[key] = _measured(font, text, fontSize, encoding)
        found.append(width)
    return found


def _measured(font: Any, text: str, fontSize: float, encoding: Any) -> float:
    """font.stringWidth(text, fontSize, encoding), what pdfmetrics.stringWidth asks the font
    it finds under the name: for a TrueType font measured by rl_accel (which works out
    (its glyphs' widths summed * 0.001) * the size), its width at size 1, kept per text, times
    the size (the same float); for any other font, its own answer."""
    if type(font).stringWidth is not _TTF_WIDTH or not _C_TTF:
        own: float = font.stringWidth(text, fontSize, encoding=encoding)
        return own
    units = _UNITS.get(font)
    if units is None:
        units = _UNITS[font] = {}
    key = (text, encoding)
    unit = units.get(key)
    if unit is None:
        if len(units) >= MEMO_MAX:
            units.clear()
        unit = units[key] = font.stringWidth(text, 1, encoding=encoding)
    return unit * fontSize


def ascent_descent(fontName: str, fontSize: Any = None) -> tuple[float, float]:
    """pdfmetrics.getAscentDescent(fontName, fontSize), kept."""
    font = _REGISTERED.get(fontName)
    if font is None:
        return _REAL_HEIGHTS(fontName, fontSize)  # type: ignore[no-any-return]
    kept = _HEIGHTS.get(font)
    if kept is None:
        kept = _HEIGHTS[font] = {}
    found = kept.get(fontSize)
    if found is None:
        found = kept[fontSize] = _REAL_HEIGHTS(fontName, fontSize)
    return found


def install(paragraph: Any) -> None:
    """reportlab.platypus.paragraph's stringWidth and getAscentDescent, the kept ones."""
    paragraph.stringWidth = string_width
    paragraph.getAscentDescent = ascent_descent
