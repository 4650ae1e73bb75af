"""A paragraph's words, as reportlab's line breaking makes them from its parse, made once per
parse in a process.

Breaking a paragraph of several fragments into lines begins by cutting its fragments into
words, each with its width (the paragraph module's `_getFragWords`: a third of line breaking's
work), whatever the width the lines are broken to. The typesets of one text size (the pages
for several papers, as A3 and the shared page; their booklets) break the same parses
(cardgen.render.rulebook.flow's KeptParagraph shares them) to other widths, so `frag_words`
keeps the words made from a parse's fragment list, held with it, and hands each later call a
new list of the same words: line breaking reads a word and never changes it (a long word it
splits, it splits into new ones).
Kept only for a parse of reportlab's plain fragments: text, fonts and marks of no width (a
soft hyphen, a picture sized in percent, already broken words: made afresh every time); the
fonts measured are those registered under the fragments' names when they were made (tested
equal to reportlab's words on every paragraph of the seed rulebooks).
"""

from __future__ import annotations

from typing import Any

from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import paragraph
from reportlab.platypus.paraparser import ParaFrag

_REAL_WORDS = paragraph._getFragWords
_REGISTERED = pdfmetrics._fonts  # name -> font object, as pdfmetrics.getFont finds it
_SOFT_HYPHEN = "\xad"
_PLAIN_WORDS = (list, paragraph._HSFrag)
KEPT_MAX = 4096  # parses whose words a process keeps (emptied when full)
_KEPT: dict[int, tuple[list[Any], tuple[Any, ...], list[Any]]] = {}
# id(fragments) -> the fragments, the fonts their names stood for, their words


def frag_words(frags: Any, maxWidth: Any = None) -> list[Any]:
    """paragraph._getFragWords(frags, maxWidth): the words kept for this list of fragments
    when they were made from it under the same fonts, else reportlab's."""
    kept = _KEPT.get(id(frags))
    if kept is not None and kept[0] is frags and kept[1] == _fonts(frags):
        return list(kept[2])
    words = _REAL_WORDS(frags, maxWidth)
    if _plain(frags) and all(type(w) in _PLAIN_WORDS for w in words):
        if len(_KEPT) >= KEPT_MAX:
            _KEPT.clear()
        _KEPT[id(frags)] = (frags, _fonts(frags), words)
        return list(words)
    return words  # type: ignore[no-any-return]


def _fonts(frags: list[Any]) -> tuple[Any, ...]:
    return tuple([_REGISTERED.get(f.fontName) for f in frags])


def _plain(frags: Any) -> bool:
    """Fragments as reportlab's parser makes them whose words depend on nothing but them: no
    soft hyphen (its words are hyphenated in place), no mark with a width (a picture's may be
    a share of the line)."""
    if type(frags) is not list or not frags:
        return False
    for f in frags:
        if type(f) is not ParaFrag:
            return False
        text = f.__dict__.get("text")
        if type(text) is not str or _SOFT_HYPHEN in text:
            return False
        mark: Any = f.__dict__.get("cbDefn")
        if mark is not None and getattr(mark, "width", None):
            return False
    return True


def install() -> None:
    """reportlab.platypus.paragraph's _getFragWords, the kept one."""
    paragraph._getFragWords = frag_words
