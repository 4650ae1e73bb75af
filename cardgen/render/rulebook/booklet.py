"""Booklet pages -> a saddle-stitch booklet: pages imposed two-up on landscape sheets.

The pages are padded with blank ones to a multiple of four; sheet k (from 0) carries on its
front the pages n-2k (left) and 2k+1 (right), on its back 2k+2 (left) and n-2k-1 (right), so
the sheets printed duplex (flip on the short edge), stacked in order, folded in the middle and
stapled on the fold read 1, 2, 3, ... pdfium places the pages (each booklet page is one of
the typeset PDF's pages, unchanged, as a form XObject).
"""

from __future__ import annotations

import hashlib
import io
import re
from pathlib import Path

Side = tuple[int | None, int | None]  # (left page, right page), 1-based; None: blank

_ID = re.compile(rb"/ID\s*\[\s*<[0-9A-Fa-f]*>\s*<[0-9A-Fa-f]*>\s*\]")
_DATE = re.compile(rb"(/CreationDate\s*\()(D:[0-9]{14}[-+Z][0-9']*)(?=\))")
INVARIANT_DATE = b"D:20000101000000+00'00'"  # reportlab's, in a document made with invariant=1


def padded(pages: int) -> int:
    """The page count rounded up to a multiple of four (at least four)."""
    return max(4, -(-pages // 4) * 4)


def booklet_order(pages: int) -> list[Side]:
    """Sheet sides in print order (front, back, front, back, ...): which page goes left and
    right on each; pages past `pages` (the padding) are blank."""
    n = padded(pages)

    def shown(page: int) -> int | None:
        return page if page <= pages else None

    sides: list[Side] = []
    for k in range(n // 4):
        sides.append((shown(n - 2 * k), shown(2 * k + 1)))
        sides.append((shown(2 * k + 2), shown(n - 2 * k - 1)))
    return sides


def impose_booklet(pages_pdf: bytes, target: Path) -> int:
    """The booklet of a PDF's pages (all of one size) written to target; its sheet sides.

    The pages are put in booklet order (a blank page for the padding) with one import, so
    they share their fonts, then pdfium sets them two-up on sheets twice as wide (through
    render/rulebook/pdfium.py unless this process has imported pypdfium2: the same calls)."""
    from cardgen.render.rulebook import pdfium as light

    if not light.loaded() and light.library_file() is not None:
        data, sides = light.impose(pages_pdf, _zero_based)
        target.write_bytes(steady_id(data))
        return sides
    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    source = pdfium.PdfDocument(pages_pdf)
    docs = [source]
    try:
        width, height = source[0].get_size()
        count = len(source)
        order = booklet_order(count)
        if any(page is None for side in order for page in side):
            source.new_page(width, height)  # the blank page, at index `count`
        ordered = pdfium.PdfDocument.new()
        docs.append(ordered)
        ordered.import_pages(source, [count if page is None else page - 1
                                      for side in order for page in side])
        sheets = pdfium.PdfDocument(
            pdfium_c.FPDF_ImportNPagesToOne(ordered.raw, 2 * width, height, 2, 1))
        docs.append(sheets)
        buffer = io.BytesIO()
        sheets.save(buffer)
        sides = len(sheets)
    finally:
        for doc in reversed(docs):
            doc.close()
    target.write_bytes(steady_id(buffer.getvalue()))
    return sides


def _zero_based(pages: int) -> list[int | None]:
    """The pages in booklet order, zero-based (None: a blank page)."""
    return [None if page is None else page - 1 for side in booklet_order(pages) for page in side]


def steady_id(data: bytes) -> bytes:
    """The file with its creation date and trailer /ID fixed: pdfium writes the time it saved
    and a random ID, and the same rulebook must give the same bytes. The date becomes the one
    reportlab's invariant documents carry (the rules PDF's), the ID is made from the content;
    both keep their length, so no offset moves."""
    data = _DATE.sub(_invariant_date, data)
    found = list(_ID.finditer(data))
    if not found:
        return data
    last = found[-1]
    body = data[:last.start()] + data[last.end():]
    digest = hashlib.md5(body, usedforsecurity=False).hexdigest().upper()
    return data[:last.start()] + f"/ID[<{digest}><{digest}>]".encode() + data[last.end():]


def _invariant_date(found: re.Match[bytes]) -> bytes:
    same_length = len(found.group(2)) == len(INVARIANT_DATE)
    return found.group(1) + INVARIANT_DATE if same_length else found.group(0)
