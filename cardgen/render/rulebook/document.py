"""Blocks -> a typeset rules PDF (reportlab platypus): a title, the contents (headings of
levels 1-2 with their pages, built in as many passes as the page numbers need), the rulebook,
a footer with the page number on every page; headings as PDF bookmarks. An inline icon is
drawn where its mark lies (markup.icon_mark), as a form XObject named after it
(`cgicon-<name>`), drawn once per document and reused."""

from __future__ import annotations

import io
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    PageTemplate,
    Paragraph,
    TableStyle,
)
from reportlab.platypus.tableofcontents import TableOfContents

from cardgen.layout.icons import icon_items
from cardgen.layout.linebreak import ICON_EM, ICON_PAD_EM
from cardgen.render.pdf import draw_items
from cardgen.render.rulebook import blocks as bk
from cardgen.render.rulebook.book import Book
from cardgen.render.rulebook.flow import Context, flowables
from cardgen.render.rulebook.markup import ICON_CALLBACK, plain_text
from cardgen.render.rulebook.styles import INK, MUTED, Look, paragraph_styles, pdf_face

CONTENTS_LEVELS = 2  # headings of levels 1-2 are listed in the contents


def icon_form_name(name: str) -> str:
    return f"cgicon-{name}"


def _canvas_class(icons: Mapping[str, Path], regular: str) -> type[Canvas]:
    """A Canvas drawing the book's inline icons at their marks, its initial font the game's."""

    class RulesCanvas(Canvas):  # type: ignore[misc]  # reportlab has no type information
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            kwargs["initialFontName"] = regular
            super().__init__(*args, **kwargs)
            self.setNamedCB(ICON_CALLBACK, self.draw_icon)
            self._cardgen_icons = False

        def make_icon_forms(self) -> None:
            """Every icon as a form, made once, before the first page's text (a form begun
            inside a paragraph's text object would upset its state)."""
            if self._cardgen_icons:
                return
            self._cardgen_icons = True
            for name, path in sorted(icons.items()):
                self.beginForm(icon_form_name(name), 0, -10 * mm, 10 * mm, 0)
                draw_items(self, icon_items(path, 0.0, 0.0, 10.0))
                self.endForm()

        def draw_icon(self, canvas: Canvas, kind: str, label: str | None) -> None:
            name, _, size_text = (label or "").partition("|")
            path = icons.get(name)
            if path is None:
                return
            size = float(size_text or 10)
            side = ICON_EM * size
            info = self._curr_tx_info
            form = icon_form_name(name)
            x = info["cur_x"] + ICON_PAD_EM * size
            y = info["cur_y"] - 0.12 * size + side  # top of the icon: sat on the baseline
            self.saveState()
            self.translate(x, y)
            self.scale(side / (10 * mm), side / (10 * mm))
            self.doForm(form)
            self.restoreState()

    return RulesCanvas


class RulesDoc(BaseDocTemplate):  # type: ignore[misc]  # reportlab has no type information
    """One page template; headings become contents entries and bookmarks as they are placed."""

    def __init__(self, target: Any, look: Look, book: Book, styles: Mapping[str, Any]):
        self.look, self.book, self.styles = look, book, styles
        self.outline_level = -1
        self.marks = 0
        super().__init__(
            target, pagesize=(look.width * mm, look.height * mm), invariant=1,
            leftMargin=look.margin * mm, rightMargin=look.margin * mm, topMargin=look.top * mm,
            bottomMargin=look.bottom * mm, title=f"{book.title} - rules",
            author="cardgen", creator="cardgen",
            subject=f"{book.title}: the rulebook" + (", booklet pages" if look.booklet else ""))
        frame = Frame(self.leftMargin, self.bottomMargin, self.width, self.height, id="text",
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        self.addPageTemplates([PageTemplate("page", [frame], onPage=self.furnish)])

    def furnish(self, canvas: Canvas, doc: Any) -> None:
        """The footer: the book's title (a page) or nothing (a booklet page), the page number."""
        canvas.make_icon_forms()
        look = self.look
        size = self.styles["footer"].fontSize
        y = look.bottom * mm / 2
        canvas.saveState()
        canvas.setFont(pdf_face(self.book.faces), size)
        canvas.setFillColor(INK)
        canvas.drawCentredString(look.width * mm / 2, y, str(doc.page))
        if not look.booklet:
            canvas.setFillColor(MUTED)
            canvas.drawString(look.margin * mm, y, self.book.title)
        canvas.restoreState()

    def beforeDocument(self) -> None:
        """Each pass numbers the headings afresh (the contents compares the passes)."""
        self.outline_level = -1
        self.marks = 0

    def afterFlowable(self, flowable: Flowable) -> None:
        entry = getattr(flowable, "toc_entry", None)
        if entry is None:
            return
        level, text = entry
        self.marks += 1
        key = f"h{self.marks}"
        self.canv.bookmarkPage(key)
        outline = min(level - 1, self.outline_level + 1)
        self.canv.addOutlineEntry(text, key, max(0, outline), closed=True)
        self.outline_level = max(0, outline)
        if level <= CONTENTS_LEVELS:
            self.notify("TOCEntry", (level - 1, text, self.page, key))


def story(book: Book, look: Look, styles: Mapping[str, Any]) -> list[Flowable]:
    """Title, contents, then the rulebook's blocks."""
    ctx = Context(look, book.faces, styles, book.pictures)
    out: list[Flowable] = [Paragraph(_escape(book.title), styles["title"]),
                           Paragraph("Rules", styles["subtitle"])]
    if any(h.level <= CONTENTS_LEVELS for h in bk.headings(book.blocks)):
        contents = TableOfContents(
            levelStyles=[styles["toc1"], styles["toc2"]], dotsMinLevel=0,
            tableStyle=TableStyle([("FONTNAME", (0, 0), (-1, -1), styles["toc2"].fontName),
                                   ("VALIGN", (0, 0), (-1, -1), "TOP"),
                                   ("LEFTPADDING", (0, 0), (-1, -1), 0),
                                   ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                                   ("TOPPADDING", (0, 0), (-1, -1), 0),
                                   ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]))
        # the first pass lays the contents out at their full length already, so two passes
        # give every page number (the second only confirms the first's)
        contents._lastEntries = [(h.level - 1, plain_text(h.spans).strip(), 0, None)
                                 for h in bk.headings(book.blocks) if h.level <= CONTENTS_LEVELS]
        out += [Paragraph("Contents", styles["contents"]), contents]
    return out + flowables(book.blocks, ctx)


def _escape(text: str) -> str:
    return escape(text)


def typeset(book: Book, look: Look, target: Path | None = None) -> bytes:
    """The book typeset on pages of `look`: written to target, or returned as bytes."""
    styles = paragraph_styles(look, book.faces)
    sink: Any = str(target) if target is not None else io.BytesIO()
    doc = RulesDoc(sink, look, book, styles)
    doc.multiBuild(story(book, look, styles), maxPasses=6,
                   canvasmaker=_canvas_class(book.icons, pdf_face(book.faces)))
    return b"" if target is not None else bytes(sink.getvalue())
