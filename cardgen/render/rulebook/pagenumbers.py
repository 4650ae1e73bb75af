"""The contents' page numbers drawn once the pages they name are known: a book whose contents
are as predicted is then laid out and drawn in one pass.

The contents stand before the headings they list, so when an entry is drawn its heading's page
is not known yet. Where reportlab's `drawPageNumbers` would draw the entry's dots and page
number (a text object appended to the page's content, then a link over the number), the page
gets a placeholder (`Pending.token`, which no drawn text can hold: the text of a content stream
is escaped, its control characters written as octal) and the link its annotation, in the same
order, its rectangle not yet known. When the pass has ended, `fill` runs `drawPageNumbers`
with the numbers found, where the entry was drawn (its position and the canvas's transform then)
and puts what it draws in the placeholder's place, and the link's rectangle into the link: the
page's content and objects as they would have been.

That holds while what the text is drawn with does not depend on when it is drawn: the
numbers, dots and spaces are printable ASCII, the entry's font has already been drawn with in
this document (its PDF name given) and shows ASCII with its own codes
(cardgen.render.rulebook.codes), so no code is given later than it would have been. Otherwise
`defer` says no, and the pass is typeset again with the numbers known (tested byte for byte
against drawing them at once, and against reportlab's multiBuild).
"""

from __future__ import annotations

from typing import Any

from reportlab.pdfbase import pdfmetrics
from reportlab.platypus.tableofcontents import drawPageNumbers

from cardgen.records import record
from cardgen.render.rulebook import codes


@record
class Pending:
    """A contents entry's page number to draw when known."""

    token: str  # in the page's content where the number's text goes
    contents: Any  # the Contents flowable whose `_entries[entry]` holds the page
    entry: int
    style: Any  # the entry's level style
    width: float
    height: float
    dot: str
    at: tuple[float, float]  # the text's position when the entry was drawn
    transform: tuple[float, ...]  # the canvas's transform then
    link: Any  # the link annotation made then (None: no link)


def token(n: int) -> str:
    return f"\x01cardgen-page-number-{n}\x01"


def defer(canvas: Any, pending: list[Pending], contents: Any, entry: int, style: Any,
          width: float, height: float, dot: str, key: str | None) -> bool:
    """Put the placeholder of entry `entry`'s page number where drawPageNumbers would draw it
    (and its link's annotation, if it has a key), or say no (False) when the number could not
    be drawn later as it would be now."""
    font = pdfmetrics.getFont(style.fontName)
    state = getattr(font, "state", None)
    found = state.get(canvas._doc) if state is not None else None
    if (not getattr(font, "_dynamicFont", False) or found is None or found.internalName is None
            or not codes._own_ascii(found) or not _ascii_printable(dot)):
        return False
    info = canvas._curr_tx_info
    mark = token(len(pending))
    canvas._code.append(mark)
    link = None
    if key:
        count = canvas._annotationCount
        canvas.linkRect("", key, (0, 0, 0, 0), relative=1)
        if canvas._annotationCount != count:
            name = canvas._doc.annotationName("NUMBER" + repr(canvas._annotationCount))
            link = canvas._doc.idToObject[name]
    pending.append(Pending(mark, contents, entry, style, width, height, dot,
                           (info["cur_x"], info["cur_y"]), tuple(canvas._currentMatrix), link))
    return True


def _ascii_printable(text: str) -> bool:
    return text.isascii() and text.isprintable()


def fill(canvas: Any, pending: list[Pending]) -> bool:
    """Draw every pending page number into its placeholder (the pages are all shown, the
    contents' entries hold their pages); False, with nothing changed, when a placeholder is not
    found once in the document's pages and forms or a number is not printable ASCII."""
    drawn: list[tuple[str, str, Any]] = []
    for p in pending:
        _, _, page, key = p.contents._entries[p.entry]
        text, rects = _draw(canvas, p, page, key)
        if not _ascii_printable(str(page)) or len(rects) != (1 if key else 0):
            return False
        rect = _absolute(canvas, rects[0], p.transform) if rects else None
        drawn.append((p.token, text, rect))
    streams = [o for o in canvas._doc.idToObject.values()
               if isinstance(getattr(o, "stream", None), (str, bytes))]
    holders = {}
    for mark, _, _ in drawn:
        found = [o for o in streams if _count(o.stream, mark)]
        if len(found) != 1 or _count(found[0].stream, mark) != 1:
            return False
        holders[mark] = found[0]
    for (mark, text, rect), p in zip(drawn, pending, strict=True):
        holder = holders[mark]
        if isinstance(holder.stream, bytes):
            holder.stream = holder.stream.replace(mark.encode("ascii"), text.encode("ascii"))
        else:
            holder.stream = holder.stream.replace(mark, text)
        if p.link is not None:  # none on a booklet's canvas, which makes no links
            p.link.Rect = rect
    return True


def _count(stream: str | bytes, mark: str) -> int:
    if isinstance(stream, bytes):
        return stream.count(mark.encode("ascii"))
    return stream.count(mark)


def _draw(canvas: Any, p: Pending, page: int, key: str | None) -> tuple[str, list[Any]]:
    """What drawPageNumbers draws for the entry where it stood: its text and the rectangles
    of the links it asks for (in the coordinates it gives them)."""
    rects: list[Any] = []

    def link(contents: Any, destination: Any, Rect: Any = None, *args: Any,
             **kwargs: Any) -> None:
        rects.append(Rect)

    kept = canvas._code
    canvas._code = []
    canvas._curr_tx_info = {"cur_x": p.at[0], "cur_y": p.at[1]}
    canvas.linkRect = link
    try:
        drawPageNumbers(canvas, p.style, [(page, key)], p.width, p.height, p.dot)
        text = "\n".join(canvas._code)
    finally:
        canvas._code = kept
        del canvas._curr_tx_info
        del canvas.linkRect
    return text, rects


def _absolute(canvas: Any, rect: Any, transform: tuple[float, ...]) -> Any:
    """The link's rectangle as linkRect(relative=1) makes it under the transform it had."""
    kept = canvas._currentMatrix
    canvas._currentMatrix = transform
    try:
        return canvas._absRect(rect, 1)
    finally:
        canvas._currentMatrix = kept
