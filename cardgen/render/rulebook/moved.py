"""The rules page Letter and A4 share, and a rules PDF for another paper sharing it made from
one typeset for a first paper, without typesetting.

The rules page is shared by Letter and A4 (SHARED_PAGE): on either paper the same
page is centred, so the second paper's file is the first's with every page's /MediaBox moved
to a box of the second paper's size around the same centre (its origin no longer 0 0, the
content streams, links and everything else as they were), and the cross-reference table and
startxref counted again for the bytes the boxes' text moved. Only for a file as reportlab
writes it (one classic cross-reference table, every page's box `[ 0 0 w h ]` of the first
paper's size, no other page boxes): anything else gives None, and the caller typesets.
"""

from __future__ import annotations

import re

# The rules page Letter and A4 share (mm): A4's width, Letter's height; and the booklet page
# both papers' sheets share: half-letter's width, A5's height. A paper whose sides are each
# 1.0-1.1x the shared page's has the shared page centred on it (the same page breaks and page
# numbers on every such paper); any other paper keeps pages of its own size.
SHARED_PAGE = (210.0, 279.4)
SHARED_BOOKLET_PAGE = (139.7, 210.0)
SHARED_MOST = 1.1  # a side up to this many times the shared page's
_MM_SLACK = 1e-9  # mm: sizes given to 0.1 mm that equal the shared page's
_BOX = re.compile(rb"/MediaBox \[ 0 0 ([0-9.]+) ([0-9.]+) \]")
_OTHER_BOXES = re.compile(rb"/(CropBox|BleedBox|TrimBox|ArtBox)\b")
_TAIL = re.compile(rb"startxref\n(\d+)\n%%EOF\n?\Z")
_TABLE = re.compile(rb"xref\n0 (\d+)\n")
_ENTRY = re.compile(rb"(\d{10}) (\d{5}) ([nf]) ?\r?\n")
_MEDIA_BOX = re.compile(rb"/MediaBox")
_PT_SLACK = 0.01  # pt: a box's size as written against the paper's


def moved_pdf(data: bytes, first: tuple[float, float], other: tuple[float, float],
              pages: int) -> bytes | None:
    """The PDF `data` (its `pages` pages of size `first`, pt) with every page's MediaBox the
    size `other` around the same centre; None when the bytes are not as expected."""
    boxes = list(_BOX.finditer(data))
    if len(boxes) != pages or len(_MEDIA_BOX.findall(data)) != pages:
        return None
    if _OTHER_BOXES.search(data) or not all(_sized(box, first) for box in boxes):
        return None
    table = _cross_references(data)
    if table is None:
        return None
    start, entries, trailer = table
    new_box = box_text(first, other)
    moves = [(box.start(), len(new_box) - (box.end() - box.start())) for box in boxes]
    pieces, at = [], 0
    for box in boxes:
        pieces += [data[at:box.start()], new_box]
        at = box.end()
    pieces.append(data[at:start])
    pieces.append(_TABLE.match(data, start).group(0))  # type: ignore[union-attr]  # checked
    for offset, entry in entries:
        pieces.append(entry if offset is None else b"%010d" % _shifted(offset, moves) + entry[10:])
    pieces += [data[trailer:_TAIL.search(data).start()],  # type: ignore[union-attr]
               b"startxref\n%d\n%%%%EOF\n" % _shifted(start, moves)]
    return b"".join(pieces)


def shares_page(width: float, height: float) -> bool:
    """Does a paper (mm, as it comes) take the shared rules page and booklet page? Each side
    1.0-1.1x the shared page's (a booklet's sheet turned landscape against two booklet pages)."""
    long, short = max(width, height), min(width, height)
    return (_within(width, SHARED_PAGE[0]) and _within(height, SHARED_PAGE[1])
            and _within(long, 2 * SHARED_BOOKLET_PAGE[0])
            and _within(short, SHARED_BOOKLET_PAGE[1]))


def _within(side: float, shared: float) -> bool:
    return shared - _MM_SLACK <= side <= shared * SHARED_MOST + _MM_SLACK


def box_text(first: tuple[float, float], other: tuple[float, float]) -> bytes:
    """The MediaBox of paper `other` (pt) centred on a page of paper `first`."""
    x, y = (first[0] - other[0]) / 2, (first[1] - other[1]) / 2
    numbers = " ".join(_number(n) for n in (x, y, x + other[0], y + other[1]))
    return f"/MediaBox [ {numbers} ]".encode()


def _number(value: float) -> str:
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def _sized(box: re.Match[bytes], size: tuple[float, float]) -> bool:
    try:
        width, height = float(box.group(1)), float(box.group(2))
    except ValueError:
        return False
    return abs(width - size[0]) <= _PT_SLACK and abs(height - size[1]) <= _PT_SLACK


def _cross_references(data: bytes) -> tuple[int, list[tuple[int | None, bytes]], int] | None:
    """(the table's offset, its entries: an in-use object's offset (None for a free entry)
    and the entry's bytes, where the trailer starts), when the file ends with one classic
    table whose in-use offsets each start their object."""
    tail = _TAIL.search(data)
    if tail is None:
        return None
    start = int(tail.group(1))
    head = _TABLE.match(data, start)
    if head is None:
        return None
    at = head.end()
    entries: list[tuple[int | None, bytes]] = []
    for number in range(int(head.group(1))):
        entry = _ENTRY.match(data, at)
        if entry is None:
            return None
        at = entry.end()
        offset = int(entry.group(1))
        if entry.group(3) == b"f":
            entries.append((None, entry.group(0)))
        elif data.startswith(b"%d 0 obj" % number, offset) and entry.group(2) == b"00000":
            entries.append((offset, entry.group(0)))
        else:
            return None
    if not data.startswith(b"trailer", at):
        return None
    return start, entries, at


def _shifted(offset: int, moves: list[tuple[int, int]]) -> int:
    """An offset after the boxes before it changed length."""
    return offset + sum(change for at, change in moves if at < offset)
