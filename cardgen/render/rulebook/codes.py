"""reportlab's character codes for a TrueType font's ASCII text, without its loop per character.

Drawing a paragraph's text asks the font, for every fragment of every line, which codes of
which subset its characters are shown with (`TTFont.splitString`, a Python loop over the
characters: ~10 ms of the four typesets of a small game's rules). A document's font state
gives each printable ASCII character the font has its own code in subset 0 when it is made
(reportlab's `ttfAsciiReadable`, the default) and never changes a code once given, so once a
state maps every printable ASCII character to itself, the codes of a printable ASCII text are
its own bytes: `split_string` answers those from the text, anything else (another character,
a state not yet made or made otherwise) from reportlab's loop (tested equal on every text the
seed rulebooks draw, and on states of both kinds).
"""

from __future__ import annotations

from typing import Any
from weakref import WeakKeyDictionary

from reportlab.pdfbase import ttfonts

_REAL_SPLIT = ttfonts.TTFont.splitString
_PRINTABLE = range(32, 127)
_OWN: WeakKeyDictionary[Any, bool] = WeakKeyDictionary()  # state -> ASCII codes are their own


def split_string(font: Any, text: Any, doc: Any, encoding: str = "utf-8") -> list[tuple[int, bytes]]:
    """TTFont.splitString(text, doc): [(0, text's bytes)] for printable ASCII text in a state
    whose printable ASCII codes are their own, else reportlab's answer."""
    if type(text) is str and text.isascii() and text.isprintable():
        state = font.state.get(doc)
        if state is not None and _own_ascii(state):
            return [(0, text.encode("ascii"))] if text else []
    return _REAL_SPLIT(font, text, doc, encoding)  # type: ignore[no-any-return]


def _own_ascii(state: Any) -> bool:
    """Does the state show every printable ASCII character with its own code in subset 0? Asked
    once per state: a code once given never changes, so a yes stays true (a no only sends the
    state's text to reportlab's loop)."""
    own = _OWN.get(state)
    if own is None:
        given = state.assignments
        own = _OWN[state] = all(given.get(code) == code for code in _PRINTABLE)
    return own


def install() -> None:
    """reportlab's TTFont.splitString, the one above (for every TrueType font: the same
    answers)."""
    ttfonts.TTFont.splitString = split_string
