"""The rulebook in the print packet: the edition's rulebook (Markdown or plain text) typeset
for each home-print paper into rules-<paper>.pdf and a saddle-stitch booklet,
rules-booklet-<paper>.pdf. Letter and A4 share one page (moved.SHARED_PAGE), typeset once:
the A4 files are the Letter ones with their page boxes moved (moved.py).

  blocks.py    Markdown (markdown-it) -> headings, paragraphs, lists, tables, pictures
  markup.py    inline spans -> reportlab paragraph markup (faces, icon marks)
  styles.py    page geometry and paragraph styles in the game's fonts
  flow.py      blocks -> platypus flowables
  document.py  flowables -> a PDF with title, contents, page numbers, bookmarks, icons
  pagenumbers.py  the contents' page numbers drawn in their places when the pass ends
  moved.py     a file for another paper sharing the page: the page boxes moved
  booklet.py   booklet order: which page goes left and right on each sheet side
  sheets.py    booklet pages kept as forms, set two-up on sheets when the PDF is saved
  book.py      what a rules PDF is made of (plain data)
  source.py    Database -> the book and the digests of what it is made of
  platypus.py  reportlab's platypus imported without compiling a pattern the rules never use
  widths.py, words.py, codes.py  what line breaking and drawing ask reportlab, kept or
               answered without its loops (the same answers)
  quickparse.py  the commonest paragraph markup cut into reportlab's fragments directly
  breaks.py    paragraphs broken into lines by reportlab's rules, without its repeated work
  drawing.py   plain paragraphs drawn and TrueType text formatted as reportlab does, for less
"""

from __future__ import annotations

from pathlib import Path

from cardgen.impose.geometry import Paper
from cardgen.render.rulebook.book import Book
from cardgen.render.rulebook.booklet import booklet_order, padded
from cardgen.render.rulebook.source import rules_book

MM = 72 / 25.4  # points per mm, as reportlab's units

__all__ = ["Book", "booklet_name", "booklet_order", "padded", "page_count", "rules_book", "rules_name",
           "moved_to", "typeset_rules", "write_booklet",
           "write_rules_pdf"]


def rules_name(paper: str) -> str:
    return f"rules-{paper}.pdf"


def booklet_name(paper: str) -> str:
    return f"rules-booklet-{paper}.pdf"


def write_rules_pdf(book: Book, paper: Paper, target: Path) -> int:
    """The rules on pages of the paper; the number of pages."""
    return typeset_rules(book, paper, False, target)[1]


def write_booklet(book: Book, paper: Paper, target: Path) -> tuple[int, int]:
    """The rules as a booklet on sheets of the paper; (booklet pages, sheet sides)."""
    count = typeset_rules(book, paper, True, target)[1]
    return count, len(booklet_order(count))


def typeset_rules(book: Book, paper: Paper, booklet: bool, target: Path | None = None
                  ) -> tuple[bytes, int]:
    """The rules on pages of the paper or as a booklet on its sheets, written to target or
    returned as bytes; the pages typeset (a booklet's before they are set on sheets)."""
    from cardgen.render.rulebook.platypus import import_platypus

    import_platypus()
    from cardgen.render.rulebook.document import typeset
    from cardgen.render.rulebook.styles import booklet_look, page_look

    look = (booklet_look if booklet else page_look)(paper.width, paper.height)
    return typeset(book, look, target)


def moved_to(data: bytes, first: Paper, paper: Paper, pages: int, booklet: bool
             ) -> bytes | None:
    """The rules file (booklet) typeset for the first paper, which shares the rules page with
    `paper`, made into `paper`'s: the same bytes, each of its `pages` pages' (sheet sides')
    box moved onto the paper (moved.py); None when the bytes are not as expected."""
    from cardgen.render.rulebook.moved import moved_pdf

    def sheet(p: Paper) -> tuple[float, float]:
        side = p.landscape if booklet else p
        return (side.width * MM, side.height * MM)

    return moved_pdf(data, sheet(first), sheet(paper), pages)


def page_count(pdf: bytes | Path) -> int:
    """The pages of a PDF (its bytes or its file): read from its page tree when that is one
    node listing every page, as reportlab writes the rules (a rebuild that reuses them loads
    no pdfium to count them); else as pdfium counts them."""
    import re

    data = pdf if isinstance(pdf, bytes) else pdf.read_bytes()
    trees = re.findall(rb"/Count\s+(\d+)\s+/Kids\s*\[([0-9R\s]*)\]\s*/Type\s*/Pages\b", data)
    if len(trees) == 1 and len(re.findall(rb"\d+ 0 R", trees[0][1])) == int(trees[0][0]):
        return int(trees[0][0])
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    try:
        return len(document)
    finally:
        document.close()
