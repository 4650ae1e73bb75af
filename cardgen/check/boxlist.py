"""A rulebook's box list: found under any usual heading, read in any usual format.

The section starts at a heading naming the box ("Components", "Contents", "In the box", "What's
in the box", "Box contents", "Inventory"), whether a Markdown heading, a line in capitals, a
bold line or a plain `Contents:` line. Its items are list items, plain lines or table rows;
each item's quantity and name are read from `3 Pawns`, `3x Pawns`, `3 x Pawns`, `3 × Pawns`,
`Pawns x3`, `1-5 Pawns`, `Pawns: 3`, or a table's quantity and name columns in either order.
"""

from __future__ import annotations

import re

from cardgen.check.mdtext import BLANK, HEADING, ITEM, ROW, SKIP, Doc, Line, words
from cardgen.deferral import DeferredPattern
from cardgen.records import record

_BOX_NAME = re.compile(
    r"^(?:the\s+)?(?:game\s+|box\s+)?(?:components?|contents|inventory|in\s+the\s+box|"
    r"what'?s\s+in\s+the\s+box|what\s+is\s+in\s+the\s+box)(?:\s+list)?(?:\s*\(.*\))?$")
# compiled on import, as every pattern of a fixed text here (made from patterntable by a command)
_MARKUP = re.compile(r"[*_:#]+")
_SPACES = re.compile(r"\s+")
_QTY_FIRST = re.compile(r"^(\d+)(?:\s*[-–]\s*(\d+))?\s*(?:x\s+|×\s*|\s-\s|\s)(?=\S)(.+)$", re.I)
_SIDED = re.compile(r"^\d+\s*[-–]?\s*(?:sided|player)", re.I)
# DeferredPattern: compiled when first used (cardgen/deferral.py): quantities after the name, tables
_QTY_LAST = DeferredPattern(r"^(.+?)\s*(?:[x×]\s*(\d+)|:\s*(\d+)|\((\d+)\))$", re.I)
_QTY_CELL = DeferredPattern(r"^(\d+)(?:\s*[-–]\s*(\d+))?\s*[x×]?$|^[x×]\s*(\d+)$", re.I)
_QTY_HEADER = DeferredPattern(r"^(?:qty|quantity|count|number|no\.?|#|amount|how many|x)$", re.I)
_PROSE_WORDS = 10  # a line this long without a quantity is text after the box list


@record
class BoxLine:
    number: int  # 1-based line number in the rulebook file
    text: str  # the item as plain text: markers and markup off ("3 Pawns", a table row "3 Pawns")
    low: int | None = None  # its quantity (the low end of a range "1-5")
    high: int | None = None  # the high end of a range, else the quantity
    name: str = ""  # what it counts: the text without the quantity
    depth: int = 0  # nesting under another item (a sub-list), 0 at the top


def box_heading(text: str) -> bool:
    """Does a heading's text name the box list ("Components", "What's in the box", ...)?"""
    name = _MARKUP.sub(" ", text).strip().lower().replace("’", "'")
    return bool(_BOX_NAME.match(_SPACES.sub(" ", name)))


def quantity(text: str) -> tuple[int | None, int | None, str]:
    """`3x Pawns` -> (3, 3, 'Pawns'); `1-5 IDs` -> (1, 5, 'IDs'); no quantity -> (None, None, text)."""
    text = text.strip()
    first = _QTY_FIRST.match(text)
    if first and not _SIDED.match(text):
        low = int(first.group(1))
        return low, int(first.group(2)) if first.group(2) else low, first.group(3).strip(" -–:")
    last = _QTY_LAST.match(text)
    if last:
        n = int(next(g for g in last.groups()[1:] if g is not None))
        return n, n, last.group(1).strip(" -–:")
    if first:
        low = int(first.group(1))
        return low, int(first.group(2)) if first.group(2) else low, first.group(3).strip(" -–:")
    return None, None, text


def name_key(name: str) -> tuple[str, ...]:
    """A name compared: its words in lower case ('Pawns', '**pawns**' -> ('pawns',))."""
    return tuple(w.lower() for w in words(name))


def same_item(a: str, b: str) -> bool:
    """The same box-list item however it is written: `3x Pawns`, `3 Pawns`, `Pawns x3`."""
    if name_key(a) == name_key(b):
        return True
    qa, qb = quantity(a), quantity(b)
    return (qa[0] is not None and qa[:2] == qb[:2] and bool(qa[2])
            and name_key(qa[2]) == name_key(qb[2]))


class SameItems:
    """same_item for many pairs of texts, each text's name and quantity read once."""

    def __init__(self) -> None:
        self._names: dict[str, tuple[str, ...]] = {}
        self._counts: dict[str, tuple[int | None, int | None, str]] = {}

    def _name(self, text: str) -> tuple[str, ...]:
        found = self._names.get(text)
        if found is None:
            found = self._names[text] = name_key(text)
        return found

    def _count(self, text: str) -> tuple[int | None, int | None, str]:
        found = self._counts.get(text)
        if found is None:
            found = self._counts[text] = quantity(text)
        return found

    def __call__(self, a: str, b: str) -> bool:
        if self._name(a) == self._name(b):
            return True
        qa, qb = self._count(a), self._count(b)
        return (qa[0] is not None and qa[:2] == qb[:2] and bool(qa[2])
                and self._name(qa[2]) == self._name(qb[2]))


@record
class Section:
    heading: str
    heading_line: int  # 1-based
    items: list[BoxLine]


def find_box(doc: Doc) -> Section | None:
    """The first section under a box-list heading, with its items."""
    for k, line in enumerate(doc.lines):
        if not _names_box(line):
            continue
        items = _items(doc.lines, k)
        if items:
            return Section(line.text.strip(" :*"), line.number, items)
    return None


def _names_box(line: Line) -> bool:
    if line.kind == HEADING or (line.kind not in (BLANK, SKIP, ROW) and line.text.endswith(":")):
        return box_heading(line.text)
    return False


def _ends(line: Line, heading: Line) -> bool:
    """Does `line` close the section opened by `heading`?"""
    if line.kind != HEADING:
        return False
    if heading.kind != HEADING or heading.level >= 7:
        return True
    return line.level <= heading.level or (line.level == 7 and not line.bold)


def _items(lines: list[Line], start: int) -> list[BoxLine]:
    heading = lines[start]
    out: list[BoxLine] = []
    header: tuple[str, ...] | None = None
    for line in lines[start + 1:]:
        if _ends(line, heading):
            break
        if line.kind in (BLANK, SKIP) or not line.text:
            continue
        if line.kind == ROW and header is None and not any(_QTY_CELL.match(c) for c in line.cells):
            header = line.cells  # a table's header row
            continue
        if line.kind not in (ROW, ITEM) and _prose(line.text):
            break
        out.append(_item(line, header))
    return out


def _prose(text: str) -> bool:
    """A sentence of the rules after the box list, not an item of it."""
    if quantity(text)[0] is not None:
        return False
    count = len(text.split())
    return count > _PROSE_WORDS or (count > 5 and text.endswith((".", "!", "?")))


def _item(line: Line, header: tuple[str, ...] | None) -> BoxLine:
    text = _row_text(line.cells, header) if line.kind == ROW else line.text
    low, high, name = quantity(text)
    return BoxLine(line.number, text, low, high, name, max(0, line.level - 1))


def _row_text(cells: tuple[str, ...], header: tuple[str, ...] | None) -> str:
    """A table row as `QTY NAME (other cells)`, whichever column holds the quantity."""
    cells = tuple(c.strip() for c in cells)
    qty_col = next((i for i, h in enumerate(header or ()) if _QTY_HEADER.match(h.strip())), None)
    if qty_col is None or qty_col >= len(cells):
        qty_col = next((i for i, c in enumerate(cells) if _QTY_CELL.match(c)), None)
    if qty_col is None:
        return " ".join(c for c in cells if c)
    qty = re.sub(r"[x×\s]", "", cells[qty_col], flags=re.I)
    rest = [c for i, c in enumerate(cells) if i != qty_col and c]
    if not rest:
        return qty
    extra = f" ({', '.join(rest[1:])})" if len(rest) > 1 else ""
    return f"{qty} {rest[0]}{extra}".lstrip()  # an empty quantity cell: the name alone
