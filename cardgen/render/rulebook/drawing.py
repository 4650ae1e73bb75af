"""A paragraph's lines drawn as reportlab's platypus draws them, for less: the same operators
and the same fonts' subsets, most of the bookkeeping left out.

platypus draws a paragraph of several fragments line by line (`_putFragLine`): for every
piece of a line it tracks underlines, links, background colours, marks, where the piece ends
(a width asked of the font for the whole piece, the trailing spaces measured through a
pattern) and, after the line, draws the underlines and links it tracked. A line of plain text
(no marks, links, underlines, background or rise) needs none of that: what it writes is the
leading, each piece's font and colour when they change and its text, with the word spacing of
a line that must shrink. `draw_plain` writes those through the text object's own methods, in
reportlab's order, for a left-aligned paragraph whose every piece is plain; any other
paragraph is drawn by reportlab (`KeptParagraph.drawPara`).

`RulesText`, the rules canvas's text object, writes a TrueType font's text operator (`(codes)
Tj`, a subset's font selected first when it is not the one in use) as `_formatText` writes it,
without its saving and restoring of the object's state, which that branch leaves unchanged.
Printable ASCII text in a font whose document state shows it with its own codes (codes.py;
known per canvas once seen) is written without asking for its codes: `(text) Tj`, escaped only
if it holds a parenthesis or backslash, after subset 0's `Tf`/`TL` text, made once per canvas,
font, size and leading. Its text origins, leadings and RGB fill colours format their numbers
through `numbers_text`, fp_str's text kept per tuple of numbers (rl_accel's fp_str is ~1 us a call
and ~6,000 instructions under callgrind; a rules PDF formats the same few values again and
again).

Both are tested equal to reportlab's on every paragraph of the seed rulebooks (the canvas's
operators, paragraph by paragraph), every text they format, odd texts and numbers, and the
rules PDFs byte for byte.
"""

from __future__ import annotations

from typing import Any

from reportlab.lib.colors import Color
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.textobject import PDFTextObject
from reportlab.platypus import paragraph
from reportlab.platypus.paraparser import ParaFrag

from cardgen.render.rulebook import codes

_REGISTERED = pdfmetrics._fonts  # name -> font object: what pdfmetrics.getFont looks up first
_NBSP = "\xa0"


class KeptColours:
    """A canvas's or text object's setFillColor (reportlab's _PDFColorSetter, shared by both),
    an RGB colour's numbers formatted by `numbers_text`: every paragraph sets its colour."""

    def setFillColor(self, aColor: Any, alpha: Any = None) -> None:
        """_PDFColorSetter.setFillColor; for an RGB colour (reportlab's Color itself), its
        numbers formatted once (`numbers_text`)."""
        me: Any = self  # a reportlab canvas or text object (untyped)
        if type(aColor) is not Color or getattr(me, "_enforceColorSpace", None):
            super(KeptColours, me).setFillColor(aColor, alpha)  # type: ignore[misc]
            return
        me._fillColorObj = aColor
        me._code.append(f"{numbers_text(aColor.red, aColor.green, aColor.blue)} rg")
        if alpha is not None:
            me.setFillAlpha(alpha)
        elif getattr(aColor, "alpha", None) is not None:
            me.setFillAlpha(aColor.alpha)


class RulesText(KeptColours, PDFTextObject):  # type: ignore[misc]  # reportlab: untyped
    """The rules canvas's text object: reportlab's, its TrueType text formatted directly."""

    _curSubset: Any  # the font subset in use (reportlab's attribute)

    def _formatText(self, text: Any) -> str:
        """PDFTextObject._formatText(text) for text in a TrueType font that is not shaped:
        each run of codes of one subset as `(codes) Tj`, after the subset's font when it is
        not the one in use; any other text as reportlab formats it."""
        font = _REGISTERED.get(self._fontname)
        if font is None or not font._dynamicFont or type(text) is not str:  # str: not shaped
            return str(super()._formatText(text))
        canvas = self._canvas
        doc = canvas._doc
        if text and text.isascii() and text.isprintable() and _own_ascii(canvas, font, doc):
            return self._ascii_text(font, text, doc)
        out = []
        tmpl = None
        for subset, given in font.splitString(text, doc):
            if subset != self._curSubset:
                if not tmpl:
                    tmpl = f"{fp_str(self._fontsize)} Tf {fp_str(self._leading)} TL"
                out.append(f"{font.getSubsetInternalName(subset, doc)} {tmpl}")
                self._curSubset = subset
            out.append(f"({canvas._escape(given)}) Tj")
        return " ".join(out)

    def _ascii_text(self, font: Any, text: str, doc: Any) -> str:
        """_formatText's answer for printable ASCII text in a font whose state in the document
        shows it with its own codes in subset 0 (codes.py): `(text) Tj`, escaped only where it
        holds a parenthesis or backslash (escapePDF changes no other printable ASCII), after
        subset 0's font when another subset is in use."""
        if "(" in text or ")" in text or "\\" in text:
            text = self._canvas._escape(text.encode("ascii"))
        if self._curSubset == 0:
            return f"({text}) Tj"
        self._curSubset = 0
        return f"{_subset_zero(self._canvas, font, doc, self._fontsize, self._leading)} ({text}) Tj"

    def setTextOrigin(self, x: Any, y: Any) -> None:
        """PDFTextObject.setTextOrigin, its operator's numbers formatted once (`numbers_text`)."""
        if not self._canvas.bottomup:
            super().setTextOrigin(x, y)
            return
        self._code.append(f"1 0 0 1 {numbers_text(x, y)} Tm")
        self._x0 = self._x = x
        self._y0 = self._y = y

    def setLeading(self, leading: Any) -> None:
        """PDFTextObject.setLeading, its number formatted once (`numbers_text`)."""
        self._leading = leading
        self._code.append(f"{numbers_text(leading)} TL")

    def _textOut(self, text: Any, TStar: Any = 0) -> None:
        self._code.append(f"{self._formatText(text)}{TStar and ' T*' or ''}")


def numbers_text(*values: Any) -> str:
    """fp_str(*values), each tuple of numbers formatted once in a process (rl_accel's fp_str
    costs ~1 us a call, and a rules PDF formats the same few leadings, colours and text
    origins again and again): equal numbers are formatted alike (an int as the float it
    equals; -0.0 as 0.0, both "0"). Only ints and floats are kept; the memo is emptied when it
    holds NUMBERS_MAX tuples."""
    try:
        found = _NUMBERS.get(values)
    except TypeError:  # a list among them (fp_str formats its items)
        return str(fp_str(*values))
    if found is None:
        found = fp_str(*values)
        if all(type(v) in _NUMERIC for v in values):
            if len(_NUMBERS) >= NUMBERS_MAX:
                _NUMBERS.clear()
            _NUMBERS[values] = found
    return found


NUMBERS_MAX = 4096
_NUMBERS: dict[tuple[Any, ...], str] = {}
_NUMERIC = (int, float)


def _own_ascii(canvas: Any, font: Any, doc: Any) -> bool:
    """Does the font's state in the document show printable ASCII with its own codes
    (cardgen.render.rulebook.codes)? Kept on the canvas per font once it does (a code once
    given never changes): the text objects of a page ask for every piece of text."""
    known: dict[Any, Any] = canvas.__dict__.setdefault("_cardgen_own_ascii", {})
    if known.get(font) is doc:
        return True
    state = font.state.get(doc)
    if state is None or not codes._own_ascii(state):
        return False
    known[font] = doc
    return True


def _subset_zero(canvas: Any, font: Any, doc: Any, size: Any, leading: Any) -> str:
    """`<subset 0's font> <size> Tf <leading> TL`, as _formatText selects the subset; kept on
    the canvas per font, size and leading once made (every text object's first text selects
    it): the subset's name, once the document has given it, is the same at every later call,
    and fp_str formats equal numbers alike."""
    kept: dict[tuple[Any, ...], str] = canvas.__dict__.setdefault("_cardgen_subset_zero", {})
    key = (font, doc, size, leading)
    found = kept.get(key)
    if found is None:
        found = kept[key] = (f"{font.getSubsetInternalName(0, doc)} {fp_str(size)} Tf "
                             f"{fp_str(leading)} TL")
    return found


def draw_plain(para: Any) -> bool:  # noqa: C901 (reportlab's loop, one piece)
    """para.drawPara() for a left-aligned paragraph of several fragments whose lines hold
    plain text only, drawn as reportlab draws it; False (nothing drawn) for any other."""
    if not _drawable(para):
        return False
    style = para.style
    lines = para.blPara.lines
    canvas = para.canv
    leading = style.leading
    canvas.saveState()
    tx = para.beginText(style.leftIndent, para.height - lines[0].fontSize)
    tx.preformatted = False
    tx.direction = style.wordWrap
    tx._leading = None
    tx._fontname, tx._fontsize = None, None
    color = None
    offset = style.firstLineIndent
    for line in lines:
        if offset > 1e-6 or offset < -1e-6:
            tx.setXPos(offset)
        extraSpace = line.extraSpace
        spaced = False
        if not extraSpace > -1e-8:
            nSpaces = line.wordCount + sum([w.text.count(_NBSP) for w in line.words]) - 1
            if nSpaces > 0:
                tx.setWordSpace(extraSpace / float(nSpaces))
                spaced = True
        if tx._leading != leading:
            tx.setLeading(leading)
        words = line.words
        last = words[-1]
        for f in words:
            fontSize = f.fontSize
            if (tx._fontname, tx._fontsize) != (f.fontName, fontSize):
                tx._setFont(f.fontName, fontSize)
            if color is not f.textColor and color != f.textColor:  # most share one colour
                color = f.textColor
                tx.setFillColor(color)
            tx._textOut(f.text, f is last)
        if spaced:
            tx.setWordSpace(0)
        if offset > 1e-6 or offset < -1e-6:
            tx.setXPos(-offset)
        offset = 0
    canvas.drawText(tx)
    canvas.restoreState()
    return True


def _drawable(para: Any) -> bool:
    """A left-aligned paragraph broken into lines of fragments, each line plain text, in a
    style without bullet, background, border, automatic leading or end dots?"""
    style = para.style
    blPara = para.blPara
    if (blPara.kind != 1 or style.alignment != TA_LEFT or style.wordWrap or style.endDots
            or para.bulletText or style.backColor
            or (getattr(style, "borderColor", None) and getattr(style, "borderWidth", None))
            or getattr(para, "autoLeading", getattr(style, "autoLeading", "")) not in ("", "off")
            or not paragraph.paraFontSizeHeightOffset or hasattr(para, "_offsets")):
        return False
    lines = blPara.lines
    return bool(lines) and all(_plain(line) for line in lines)


def _plain(line: Any) -> bool:
    """Is every piece of the line reportlab's plain text: no mark, line break, link,
    underline, background or rise?"""
    if "preformatted" in line.__dict__ or not line.words:
        return False
    for f in line.words:
        if type(f) is not ParaFrag:
            return False
        d = f.__dict__
        if ("cbDefn" in d or "lineBreak" in d or d.get("backColor") or d.get("rise", 1) != 0
                or d.get("link") != [] or d.get("us_lines") != [] or type(d.get("text")) is not str):
            return False
    return True
