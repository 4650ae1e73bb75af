"""A paragraph of several fragments broken into lines as reportlab's `Paragraph.breakLines`
breaks it, for less: the same lines, words and widths, most of the work left out.

reportlab's loop over a paragraph's words works out, for every word, how far the line may
shrink its spaces (`spaceShrinkage`): it counts the spaces of every piece of text on the line so
far and asks pdfmetrics for a space's width in each piece's font, so a line of n words asks ~n²/2
times; it asks for the font's ascent and descent of every word, and compares every word's
fragment with the last (`sameFrag`). `break_lines` keeps each piece's count of spaces as its text
grows (the same count), asks each width and height once per font and size in a call (the
answers pdfmetrics gives, through the paragraph module's functions, cardgen.render.rulebook.
widths), and compares a fragment with itself without asking (a fragment without a mark or a
line break is drawn like itself: `same_frag`'s answer). Everything else is reportlab's code as
it runs for such a paragraph, in the same order: the same sums of the same numbers, so the same
floating-point results.

Only for what the rules typeset: left-to-right text without shaping, hyphenation, bullets
or automatic leading, whose words are reportlab's plain words (no soft hyphens, no split or
injected words) and a paragraph of one fragment apart (reportlab's other loop). A word wider
than its line, which reportlab splits, or anything else answers None and the paragraph is
broken by reportlab (`KeptParagraph.breakLines`). Tested line for line against reportlab's on
every paragraph of the seed rulebooks at many widths and on generated ones.
"""

from __future__ import annotations

from typing import Any

from reportlab.lib.abag import ABag
from reportlab.pdfbase.pdfmetrics import getFont
from reportlab.platypus import paragraph
from reportlab.platypus.paragraph import (
    _FK_BREAK,
    _FK_TEXT,
    FragLine,
    ParaLines,
    _HSFrag,
    _processed_frags,
)
from reportlab.platypus.paraparser import ParaFrag

from cardgen.render.rulebook import platypus, widths

_PLAIN_WORDS = (list, _HSFrag)
_NEW = object.__new__
# reportlab's fragments and lines are made by ABag's __init__ and cloned by its clone (else
# they are made and cloned as reportlab makes them)
_PLAIN_BAGS = all(cls.__init__ is ABag.__init__ and cls.clone is ABag.clone
                  and cls.__new__ is object.__new__ for cls in (ParaFrag, FragLine))
_SHY = "\xad"  # a soft hyphen


def break_lines(para: Any, width: Any) -> Any:
    """para.breakLines(width) as reportlab answers for a paragraph of several fragments of
    plain words (its lines, words and widths; `frags` and `_width_max` set alike), or None
    when reportlab must break it."""
    style = para.style
    if (style.wordWrap or getattr(style, "hyphenationLang", "") or style.uriWasteReduce
            or style.embeddedHyphenation or para.bulletText):
        return None
    if getattr(para, "autoLeading", getattr(style, "autoLeading", "")) not in ("", "off"):
        return None
    frags = para.frags
    if not frags or _processed_frags(frags):
        return None
    if style.shaping and bool(getFont(style.fontName).shapable):
        return None
    maxWidths = width if isinstance(width, (tuple, list)) else [width]
    maxlineno = len(maxWidths) - 1
    maxWidth = maxWidths[0]
    if len(frags) == 1:
        f = frags[0]
        if style.endDots or hasattr(f, "cbDefn") or hasattr(f, "backColor"):
            return None
        return _one_fragment(para, f, style, maxWidths, maxlineno, maxWidth)
    words_of = paragraph._getFragWords(frags, maxWidth)
    for w in words_of:
        if type(w) not in _PLAIN_WORDS:
            return None
    return _broken(para, style, maxWidths, maxlineno, maxWidth, words_of)


def _one_fragment(para: Any, f: Any, style: Any, maxWidths: Any,  # noqa: C901 (reportlab's loop)
                  maxlineno: int, maxWidth: Any) -> Any:
    """reportlab's loop for a paragraph of one fragment of text (no soft hyphen), whose
    words are measured one after another: the same, without taking each word off the front
    of the list."""
    text = f.__dict__.get("text")
    if type(text) is not str or _SHY in text:
        return None
    string_width = paragraph.stringWidth
    encoding = para.encoding
    fontSize = f.fontSize
    fontName = f.fontName
    ascent, descent = paragraph.getAscentDescent(fontName, fontSize)
    text = paragraph.strip(text)
    if not text:
        return f.clone(kind=0, lines=[], ascent=ascent, descent=descent, fontSize=fontSize)
    spaceWidth = string_width(" ", fontName, fontSize, encoding)
    dSpaceShrink = style.spaceShrinkage * spaceWidth
    splitLongWords = style.splitLongWords
    string_width("-", fontName, fontSize, encoding)  # reportlab asks (for hyphenation)
    width_max: Any = 0
    lines: list[Any] = []
    lineno = 0
    cLine: list[str] = []
    currentWidth = -spaceWidth
    words = paragraph.split(text)
    if string_width is widths.string_width:
        measured = widths.string_widths(words, fontName, fontSize, encoding)
    else:
        measured = [string_width(word, fontName, fontSize, encoding) for word in words]
    for word, wordWidth in zip(words, measured, strict=True):
        newWidth = currentWidth + spaceWidth + wordWidth
        limWidth = maxWidth + dSpaceShrink * len(cLine)
        if newWidth > limWidth and splitLongWords:
            nmw = min(lineno, maxlineno)
            if wordWidth > max(maxWidths[nmw:nmw + 1]):
                return None  # a long word: reportlab splits it
        if newWidth <= limWidth or not len(cLine):
            if word:
                cLine.append(word)
            currentWidth = newWidth
        else:
            if currentWidth > width_max:
                width_max = currentWidth
            lines.append((maxWidth - currentWidth, cLine))
            cLine = [word]
            currentWidth = wordWidth
            lineno += 1
            maxWidth = maxWidths[min(maxlineno, lineno)]
    if cLine != []:
        if currentWidth > width_max:
            width_max = currentWidth
        lines.append((maxWidth - currentWidth, cLine))
    para.height = 0
    para._width_max = width_max
    para._splitLongWordCount = para._hyphenations = 0
    return f.clone(kind=0, lines=lines, ascent=ascent, descent=descent, fontSize=fontSize)


def _broken(para: Any, style: Any, maxWidths: Any,  # noqa: C901 (reportlab's loop, one piece)
            maxlineno: int, maxWidth: Any, words_of: list[Any]) -> Any:
    string_width = paragraph.stringWidth
    ascent_descent = paragraph.getAscentDescent
    same_frag = paragraph.sameFrag
    clone = _clone if _PLAIN_BAGS else _their_clone
    plain_same = same_frag is platypus.same_frag
    spaceShrinkage = style.spaceShrinkage
    splitLongWords = style.splitLongWords
    njlbv = not style.justifyBreaks
    space_widths: dict[tuple[Any, Any], Any] = {}  # (font name, size) -> a space's width
    heights: dict[tuple[Any, Any], Any] = {}  # (font name, size) -> (ascent, descent)

    def space(fontName: Any, fontSize: Any) -> Any:
        key = (fontName, fontSize)
        found = space_widths.get(key)
        if found is None:
            found = space_widths[key] = string_width(" ", fontName, fontSize)
        return found

    def height(fontName: Any, fontSize: Any) -> Any:
        key = (fontName, fontSize)
        found = heights.get(key)
        if found is None:
            found = heights[key] = ascent_descent(fontName, fontSize)
        return found

    width_max: Any = 0
    lines: list[Any] = []
    lineno = 0
    FW: list[Any] = []
    words: list[Any] = []
    # per piece of the line (words[i]): its spaces counted, and a space's width in its font
    # when it is text (None: not counted, as reportlab counts only text)
    counts: list[int] = []
    spaces: list[Any] = []
    sFW = 0
    n = 0
    spaceWidth: Any = 0
    currentWidth: Any = 0
    maxSize: Any = 0
    maxAscent: Any = 0
    minDescent: Any = 0
    g: Any = None
    source: Any = None  # the fragment g, the line's last piece, was cloned from
    alike = False  # is source a plain text fragment, drawn like itself (same_frag's answer)?
    source_space: Any = 0  # a space's width in source's font
    for w in words_of:
        FW.append(w)
        if alike and len(w) == 2 and w[1][0] is source:
            # a word of the line's last piece's fragment: what reportlab does below when it
            # fits, less what gives the same answer again (its fragment's height is the
            # line's already, and it joins the last piece)
            wordWidth = w[0]
            newWidth = currentWidth + spaceWidth + wordWidth if wordWidth > 0 else currentWidth
            limWidth = maxWidth
            if spaceShrinkage:
                spaceShrink = spaceWidth
                for ns, sw in zip(counts, spaces, strict=False):
                    if ns and sw is not None:
                        spaceShrink += ns * sw
                spaceShrink *= spaceShrinkage
                limWidth += spaceShrink
            if not newWidth > limWidth:
                nText = w[1][1]
                if nText:
                    n += 1
                if spaceWidth:
                    if not g.text.endswith(" "):
                        g.text += " " + nText
                        counts[-1] += 1 + nText.count(" ")
                    else:
                        g.text += nText
                        counts[-1] += nText.count(" ")
                else:
                    g.text += nText
                    counts[-1] += nText.count(" ")
                spaceWidth = source_space if type(w) is _HSFrag else 0
                currentWidth = newWidth
                continue
        f = w[-1][0]
        fontName = f.fontName
        fontSize = f.fontSize
        if not words:
            n = spaceWidth = currentWidth = 0
            maxSize = fontSize
            maxAscent, minDescent = height(fontName, fontSize)
        wordWidth = w[0]
        f = w[1][0]
        newWidth = currentWidth + spaceWidth + wordWidth if wordWidth > 0 else currentWidth
        lineBreak = f._fkind == _FK_BREAK
        limWidth = maxWidth
        if spaceShrinkage:
            spaceShrink = spaceWidth
            for ns, sw in zip(counts, spaces, strict=False):
                if ns and sw is not None:
                    spaceShrink += ns * sw
            spaceShrink *= spaceShrinkage
            limWidth += spaceShrink
        if (not lineBreak and newWidth > limWidth and not hasattr(f, "cbDefn")
                and splitLongWords):
            nmw = min(lineno, maxlineno)
            if wordWidth > max(maxWidths[nmw:nmw + 1]):
                return None  # a long word: reportlab splits it
        if not ((newWidth > limWidth and n > 0) or lineBreak):
            nText = w[1][1]
            if nText:
                n += 1
            fontSize = f.fontSize
            ascent, descent = height(f.fontName, fontSize)
            maxSize = max(maxSize, fontSize)
            maxAscent = max(maxAscent, ascent)
            minDescent = min(minDescent, descent)
            if not words:
                g = clone(f)
                words = [g]
                g.text = nText
                source = f
                alike, source_space = _alike(source, plain_same, space)
                counts = [nText.count(" ")]
                spaces = [_space_of(g, space)]
            elif not ((f is source and plain_same and type(f) is ParaFrag
                       and "lineBreak" not in f.__dict__ and "cbDefn" not in f.__dict__)
                      or same_frag(g, f)):
                if spaceWidth:
                    i = len(words) - 1
                    while i >= 0:
                        wi = words[i]
                        if wi._fkind == _FK_TEXT:
                            if not wi.text.endswith(" "):
                                wi.text += " "
                                counts[i] += 1
                            break
                        i -= 1
                g = clone(f)
                words.append(g)
                g.text = nText
                source = f
                alike, source_space = _alike(source, plain_same, space)
                counts.append(nText.count(" "))
                spaces.append(_space_of(g, space))
            elif spaceWidth:
                if not g.text.endswith(" "):
                    g.text += " " + nText
                    counts[-1] += 1 + nText.count(" ")
                else:
                    g.text += nText
                    counts[-1] += nText.count(" ")
            else:
                g.text += nText
                counts[-1] += nText.count(" ")
            spaceWidth = space(fontName, fontSize) if type(w) is _HSFrag else 0
            ni = 0
            for i_f, i_t in w[2:]:
                g = clone(i_f)
                g.text = i_t
                source = i_f
                alike, source_space = _alike(source, plain_same, space)
                if g.text:
                    ni = 1
                words.append(g)
                counts.append(i_t.count(" "))
                spaces.append(_space_of(g, space))
                fontSize = g.fontSize
                ascent, descent = height(g.fontName, fontSize)
                maxSize = max(maxSize, fontSize)
                maxAscent = max(maxAscent, ascent)
                minDescent = min(minDescent, descent)
            if not nText and ni:
                n += 1
            currentWidth = newWidth
        else:
            if lineBreak:
                g = clone(f)
                words.append(g)
                llb = njlbv  # no word is injected here
            else:
                llb = False
            if currentWidth > width_max:
                width_max = currentWidth
            lines.append(_line(extraSpace=maxWidth - currentWidth, wordCount=n,
                                  lineBreak=llb, words=words, fontSize=maxSize,
                                  ascent=maxAscent, descent=minDescent, maxWidth=maxWidth,
                                  sFW=sFW))
            sFW = len(FW) - 1
            lineno += 1
            maxWidth = maxWidths[min(maxlineno, lineno)]
            if lineBreak:
                words = []
                counts, spaces = [], []
                source, alike = None, False
                continue
            spaceWidth = space(fontName, fontSize) if type(w) is _HSFrag else 0
            currentWidth = wordWidth
            n = 1
            g = clone(f)
            source = f
            alike, source_space = _alike(source, plain_same, space)
            maxSize = g.fontSize
            maxAscent, minDescent = height(g.fontName, maxSize)
            words = [g]
            g.text = w[1][1]
            counts = [g.text.count(" ")]
            spaces = [_space_of(g, space)]
            for i_f, i_t in w[2:]:
                g = clone(i_f)
                g.text = i_t
                source = i_f
                alike, source_space = _alike(source, plain_same, space)
                words.append(g)
                counts.append(i_t.count(" "))
                spaces.append(_space_of(g, space))
                fontSize = g.fontSize
                ascent, descent = height(g.fontName, fontSize)
                maxSize = max(maxSize, fontSize)
                maxAscent = max(maxAscent, ascent)
                minDescent = min(minDescent, descent)
    if words:
        if currentWidth > width_max:
            width_max = currentWidth
        lines.append(_line(extraSpace=(maxWidth - currentWidth), wordCount=n,
                              lineBreak=False, words=words, fontSize=maxSize, ascent=maxAscent,
                              descent=minDescent, maxWidth=maxWidth, sFW=sFW))
    para.height = 0
    para._width_max = width_max
    para._splitLongWordCount = para._hyphenations = 0
    para.frags = FW
    return ParaLines(kind=1, lines=lines)


def _clone(frag: Any) -> Any:
    """frag.clone(): ABag's clone makes an instance of the class through ABag's __init__,
    which sets the attributes of the original's __dict__ in its order; so does this, for
    reportlab's own fragments."""
    if type(frag) is not ParaFrag:
        return frag.clone()
    made = _NEW(ParaFrag)
    made.__dict__.update(frag.__dict__)
    return made


def _their_clone(frag: Any) -> Any:
    return frag.clone()


def _line(**attrs: Any) -> Any:
    """FragLine(**attrs), as ABag's __init__ makes it."""
    if not _PLAIN_BAGS:
        return FragLine(**attrs)
    made = _NEW(FragLine)
    made.__dict__.update(attrs)
    return made


def _alike(frag: Any, plain_same: bool, space: Any) -> tuple[bool, Any]:
    """Is the fragment plain text that same_frag finds drawn like itself (no mark, no line
    break), and a space's width in its font (0 when it is not)?"""
    if (plain_same and type(frag) is ParaFrag and frag._fkind == _FK_TEXT
            and "cbDefn" not in frag.__dict__ and "lineBreak" not in frag.__dict__):
        return True, space(frag.fontName, frag.fontSize)
    return False, 0


def _space_of(piece: Any, space: Any) -> Any:
    """A space's width in the piece's font when reportlab counts its spaces (text), else None."""
    return space(piece.fontName, piece.fontSize) if piece._fkind == _FK_TEXT else None
