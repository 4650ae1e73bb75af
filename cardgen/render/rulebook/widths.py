"""reportlab's text widths and font heights for the paragraph module, each worked out once per
font, text and size in a process.

Breaking a paragraph into lines asks pdfmetrics for the width of every word and, for every
word placed, of a space in each run of the line so far (reportlab's space shrinkage), and for
the ascent and descent of each word's font: ~6,000 widths for one typeset of a small game's
rules, most of them the same few, each through two Python calls (pdfmetrics, then the font)
into rl_accel. `string_width` and `ascent_descent` answer what pdfmetrics answers, from what it
answered before for the same font object (looked up by name each time: a font registered anew
under a name is asked afresh), the text, size and encoding; `install` hands them to
reportlab.platypus.paragraph in place of pdfmetrics' (tested equal on every word and size the
seed rulebooks ask for).
"""

from __future__ import annotations

from typing import Any

from reportlab.pdfbase import pdfmetrics

_REGISTERED = pdfmetrics._fonts  # name -> font object: what pdfmetrics.getFont looks up first
_REAL_WIDTH = pdfmetrics.stringWidth
_REAL_HEIGHTS = pdfmetrics.getAscentDescent
MEMO_MAX = 65536  # widths kept per font (emptied when full)
_WIDTHS: dict[Any, dict[tuple[str, float, Any], float]] = {}  # font object -> widths
_HEIGHTS: dict[Any, dict[Any, tuple[float, float]]] = {}  # font object -> (ascent, descent)


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
        width = kept[key] = _REAL_WIDTH(text, fontName, fontSize, encoding)
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
            width = kept[key] = _REAL_WIDTH(text, fontName, fontSize, encoding)
        found.append(width)
    return found


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
