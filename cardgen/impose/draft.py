"""Draft prints: the check report as front-matter pages of a home-print PDF (labels only)."""

from __future__ import annotations

from cardgen.impose.furniture import fitted
from cardgen.impose.geometry import MARGIN, Label, Page, Paper, common_box

REPORT_SIZE = 8.0  # pt
LINE_STEP = 4.2  # mm between baselines


def report_pages(paper: Paper, title: str, lines: list[str], *, duplex: bool) -> list[Page]:
    """The report's lines on as many pages as they need, inside the common area: in a duplex
    file front pages, each followed by an unprinted back so the sheets after it keep fronts and
    backs paired; in a single-sided file single pages."""
    box = common_box(paper).grow(-MARGIN, -MARGIN, -MARGIN, -MARGIN)
    width = box.w
    wrapped = [piece for line in lines for piece in _wrap(line, width)]
    per_page = max(1, int((box.h - 14) // LINE_STEP))
    chunks = [wrapped[i:i + per_page] for i in range(0, len(wrapped), per_page)] or [[]]
    pages: list[Page] = []
    for n, chunk in enumerate(chunks, start=1):
        page = Page(paper, "front" if duplex else "single", "draft check report")
        head = f"{title} - check report {n}/{len(chunks)}"
        page.labels.append(Label(box.x, box.y + 6, head, size=11, bold=True))
        for i, text in enumerate(chunk):
            page.labels.append(Label(box.x, box.y + 14 + i * LINE_STEP, text, size=REPORT_SIZE))
        pages.append(page)
        if duplex:
            blank = Page(paper, "back", "back of the draft check report")
            blank.labels.append(Label(box.x, box.y + 6, f"{title} - (back of the check report)",
                                      size=8, bold=True))
            pages.append(blank)
    return pages


def _wrap(line: str, width: float) -> list[str]:
    """A line cut at spaces into pieces no wider than `width` mm; continuations indented
    (a word wider than the line is shortened with "…")."""
    from cardgen.layout import fonts

    indent = " " * (len(line) - len(line.lstrip(" ")))
    words = line.lstrip(" ").split(" ")
    pieces: list[str] = []
    current = indent
    for word in words:
        candidate = f"{current} {word}" if current.strip() else current + word
        if current.strip() and fonts.text_width_mm(candidate, "regular", REPORT_SIZE) > width:
            pieces.append(current)
            current = indent + "    " + word
        else:
            current = candidate
    pieces.append(current)
    return [fitted(p, "regular", REPORT_SIZE, width) for p in pieces]
