"""Blocks -> a typeset rules PDF (reportlab platypus): a title, the contents (headings of
levels 1-2 with their pages), the rulebook, a footer with the page number on every page;
headings as PDF bookmarks. An inline icon is drawn where its mark lies (markup.icon_mark), as a
form XObject named after it (`cgicon-<name>`), drawn once per document and reused.

The contents need the pages of headings that come after them. Their entries are known before
typesetting (the top-level headings), so the contents take their full size from the first pass
on, which draws the book with the contents' page numbers left for later (pagenumbers.py): when
it finds the entries it was laid out with (page numbers apart: they do not change the layout),
the numbers are drawn in their places and the book is done in one pass. Otherwise the passes
that follow only measure (every flowable wrapped and split as if drawn, nothing drawn) until
one finds the entries it was laid out with, then one more pass draws the book with those page
numbers. A book whose contents are as predicted, or without contents, is drawn in one pass."""

from __future__ import annotations

import copy
import io
from collections.abc import Mapping
from functools import partial
from pathlib import Path
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    PageTemplate,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.tableofcontents import TableOfContents, drawPageNumbers

from cardgen.layout.icons import icon_items
from cardgen.layout.linebreak import ICON_EM, ICON_PAD_EM
from cardgen.render.pdf import draw_items
from cardgen.render.pdfsave import fast_document
from cardgen.render.rulebook.book import Book
from cardgen.render.rulebook.drawing import KeptColours, RulesText
from cardgen.render.rulebook.flow import Context, KeptParagraph, flowables
from cardgen.render.rulebook.markup import ICON_CALLBACK, escape
from cardgen.render.rulebook.pagenumbers import Pending, defer, fill
from cardgen.render.rulebook.sheets import SheetsCanvas
from cardgen.render.rulebook.styles import INK, MUTED, Look, paragraph_styles, pdf_face

CONTENTS_LEVELS = 2  # headings of levels 1-2 are listed in the contents
MAX_PASSES = 8  # layout passes before the contents are given up as unsettled


def icon_form_name(name: str) -> str:
    return f"cgicon-{name}"


def _canvas_class(icons: Mapping[str, Path], regular: str, booklet: bool = False,
                  sheet: Look | None = None) -> type[Canvas]:
    """A Canvas drawing the book's inline icons at their marks, its initial font the game's;
    for a booklet, one whose pages are set two-up on sheets when saved (sheets.py), centred
    on the sheet of `sheet` (by default a sheet two pages wide)."""

    class RulesCanvas(KeptColours, Canvas):  # type: ignore[misc]  # reportlab: untyped
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            kwargs["initialFontName"] = regular
            super().__init__(*args, **kwargs)
            fast_document(self._doc)  # written by cardgen's serialiser: reportlab's bytes
            self.setNamedCB(ICON_CALLBACK, self.draw_icon)
            self._cardgen_icons = False
            self.pending_numbers: list[Pending] | None = None  # the contents' numbers to draw
            self.numbers_refused = False  # a number could not be left for later

        def beginText(self, x: float = 0, y: float = 0, direction: Any = None) -> RulesText:
            """reportlab's text object, its TrueType text formatted directly (drawing.py)."""
            return RulesText(self, x, y, direction=direction)

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

    if booklet:
        class BookletCanvas(SheetsCanvas, RulesCanvas):
            if sheet is not None:
                sheet_size = tuple(side * mm for side in sheet.sheet)
                sheet_offset = tuple(side * mm for side in sheet.offset)

        return BookletCanvas
    return RulesCanvas


class RulesDoc(BaseDocTemplate):  # type: ignore[misc]  # reportlab has no type information
    """One page template; headings become contents entries and bookmarks as they are placed."""

    def __init__(self, target: Any, look: Look, book: Book, styles: Mapping[str, Any]):
        self.look, self.book, self.styles = look, book, styles
        self.outline_level = -1
        self.marks = 0
        self.passes: list[bool] = []  # each pass so far: did it draw?
        self.deferring = False  # this pass draws the contents' page numbers when it ends
        (width, height), (x, y) = page_place(look)
        super().__init__(
            target, pagesize=(width * mm, height * mm), invariant=1,
            leftMargin=(x + look.margin) * mm, rightMargin=(x + look.margin) * mm,
            topMargin=(y + look.top) * mm, bottomMargin=(y + look.bottom) * mm,
            title=f"{book.title} - rules",
            author="cardgen", creator="cardgen",
            subject=f"{book.title}: the rulebook" + (", booklet pages" if look.booklet else ""))
        self.text_frame = MeasuringFrame(
            self.leftMargin, self.bottomMargin, self.width, self.height, id="text",
            leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        self.addPageTemplates([PageTemplate("page", [self.text_frame], onPage=self.furnish)])

    def typeset(self, story: list[Flowable], canvasmaker: type[Canvas]) -> None:
        """Lays the story out until the contents hold their own page numbers, drawing the
        first pass (its contents' numbers drawn when it ends, if its entries are the ones it
        was laid out with) and the last (reportlab's multiBuild draws every pass), then saves
        the PDF."""
        indexing = [f for f in story if f.isIndexing()]
        self._indexingFlowables = indexing
        self._doSave = 0
        edits: list[tuple[Any, ...]] = []  # what a pass changed on the story, undone after it
        self._multiBuildEdits = edits.append
        measure, self.deferring = False, bool(indexing)
        while True:
            if len(self.passes) >= MAX_PASSES:
                raise IndexError(f"contents not settled after {MAX_PASSES} passes")
            self.text_frame.measuring = measure
            self.passes.append(not measure)
            for f in indexing:
                f.beforeBuild()
            self.build(story[:], canvasmaker=canvasmaker)
            for f in indexing:
                f.afterBuild()
            settled = all(_layout(f._lastEntries) == _layout(f._entries) for f in indexing)
            if self.deferring:
                self.deferring = False
                canvas = self.canv
                if settled and not canvas.numbers_refused and fill(canvas,
                                                                   canvas.pending_numbers):
                    break
            elif not measure and self._allSatisfied():
                break
            measure = not settled
            while edits:
                undo, *args = edits.pop(0)
                undo(*args)
        del self._multiBuildEdits
        self.canv.save()

    def furnish(self, canvas: Canvas, doc: Any) -> None:
        """The footer: the book's title (a page) or nothing (a booklet page), the page number."""
        if self.text_frame.measuring:
            return
        canvas.make_icon_forms()
        look = self.look
        size = self.styles["footer"].fontSize
        _, (x, y) = page_place(look)
        canvas.saveState()
        canvas.setFont(pdf_face(self.book.faces), size)
        canvas.setFillColor(INK)
        canvas.drawCentredString((x + look.width / 2) * mm, (y + look.bottom / 2) * mm,
                                 str(doc.page))
        if not look.booklet:
            canvas.setFillColor(MUTED)
            canvas.drawString((x + look.margin) * mm, (y + look.bottom / 2) * mm,
                              self.book.title)
        canvas.restoreState()

    def beforeDocument(self) -> None:
        """Each pass numbers the headings afresh (the contents compares the passes); the
        canvas of a pass that draws the contents' numbers when it ends keeps them."""
        self.outline_level = -1
        self.marks = 0
        self.canv.pending_numbers = [] if self.deferring else None

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


def page_place(look: Look) -> tuple[tuple[float, float], tuple[float, float]]:
    """The canvas's page size and where the page's content starts on it (mm): a page is
    drawn on its sheet, centred (the shared page on Letter or A4); a booklet page on a page of
    its own, which sheets.py centres on the sheet."""
    if look.booklet:
        return (look.width, look.height), (0.0, 0.0)
    return look.sheet, look.offset


def _layout(entries: list[tuple[int, str, int, str | None]]) -> list[tuple[int, str, str | None]]:
    """Contents entries without their page numbers: what their layout depends on."""
    return [(level, text, key) for level, text, _, key in entries]


class MeasuringFrame(Frame):  # type: ignore[misc]  # reportlab has no type information
    """A frame that, while `measuring`, places flowables as it would (wrapped, split, moved
    on) without drawing them."""

    measuring = False

    def __deepcopy__(self, memo: dict[int, Any]) -> MeasuringFrame:
        """What copy.deepcopy would make, sooner: platypus copies the frame to measure the
        items of every list, and a frame holds numbers and strings but for a list or two."""
        twin = copy.copy(self)
        memo[id(self)] = twin
        for name, value in vars(self).items():
            if not isinstance(value, _SCALARS):
                setattr(twin, name, copy.deepcopy(value, memo))
        return twin

    def _add(self, flowable: Flowable, canv: Canvas, trySplit: int = 0) -> int:
        if not self.measuring:
            return int(super()._add(flowable, canv, trySplit))
        flowable.drawOn = _not_drawn
        try:
            return int(super()._add(flowable, canv, trySplit))
        finally:
            del flowable.drawOn

    add = _add


_SCALARS = (int, float, str, type(None))


def _not_drawn(canvas: Canvas, x: float, y: float, _sW: float = 0) -> None:
    return None


class Contents(TableOfContents):  # type: ignore[misc]  # reportlab has no type information
    """reportlab's table of contents, each entry's paragraph made once: an entry's page number
    is looked up when it is drawn (reportlab writes it into the paragraph's markup), so the
    passes, which differ only in page numbers, lay out the same paragraphs (their lines kept)."""

    def __init__(self, **kwds: Any) -> None:
        super().__init__(**kwds)
        self._made: dict[str, KeptParagraph] = {}

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        """As TableOfContents.wrap: the last pass's entries in a table as wide as the frame."""
        entries = list(self._lastEntries) or [(0, "Placeholder for table of contents", 0, None)]
        self.canv.setNamedCB("drawTOCEntryEnd", partial(self._entry_end, entries, availWidth,
                                                        availHeight))
        rows: list[list[Flowable]] = []
        for n, (level, text, _, key) in enumerate(entries):
            style = self.getLevelStyle(level)
            if style.spaceBefore:
                rows.append([Spacer(1, style.spaceBefore)])
            shown = f'<a href="#{key}">{text}</a>' if key else text
            markup = f'{shown}<onDraw name="drawTOCEntryEnd" label="{n}"/>'
            if (para := self._made.get(markup)) is None or para.style is not style:
                para = self._made[markup] = KeptParagraph(markup, style)
            rows.append([para])
        self._table = Table(rows, colWidths=(availWidth,), style=self.tableStyle)
        self.width, self.height = self._table.wrapOn(self.canv, availWidth, availHeight)
        return self.width, self.height

    def _entry_end(self, entries: list[tuple[int, str, int, str | None]], width: float,
                   height: float, canvas: Canvas, kind: str, label: str) -> None:
        """Dots and the page number after entry `label` (as reportlab's drawTOCEntryEnd), or
        their place, when the canvas draws them once its pass has ended."""
        level, _, page, key = entries[int(label)]
        dot = " . " if self.dotsMinLevel >= 0 and level >= self.dotsMinLevel else ""
        style = self.getLevelStyle(level)
        pending = getattr(canvas, "pending_numbers", None)
        if pending is None:
            drawPageNumbers(canvas, style, [(page, key)], width, height, dot)
        elif not defer(canvas, pending, self, int(label), style, width, height, dot, key):
            canvas.numbers_refused = True


def story(book: Book, look: Look, styles: Mapping[str, Any]) -> list[Flowable]:
    """Title, contents (when a heading of levels 1-2 stands outside lists and quotes: one in
    them gets no entry), then the rulebook's blocks."""
    ctx = Context(look, book.faces, styles, book.pictures)
    out: list[Flowable] = [KeptParagraph(_escape(book.title), styles["title"]),
                           KeptParagraph("Rules", styles["subtitle"])]
    body = flowables(book.blocks, ctx)
    entries = predicted_contents(body)
    if entries:
        contents = Contents(
            levelStyles=[styles["toc1"], styles["toc2"]], dotsMinLevel=0,
            tableStyle=TableStyle([("FONTNAME", (0, 0), (-1, -1), styles["toc2"].fontName),
                                   ("VALIGN", (0, 0), (-1, -1), "TOP"),
                                   ("LEFTPADDING", (0, 0), (-1, -1), 0),
                                   ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                                   ("TOPPADDING", (0, 0), (-1, -1), 0),
                                   ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]))
        contents._entries = entries  # the first pass lays the contents out at their full length
        out += [KeptParagraph("Contents", styles["contents"]), contents]
    return out + body


def predicted_contents(body: list[Flowable]) -> list[tuple[int, str, int, str | None]]:
    """The contents' entries as RulesDoc.afterFlowable will make them (page numbers 0): the
    headings among the body's flowables, numbered in order."""
    marks = [entry for f in body if (entry := getattr(f, "toc_entry", None)) is not None]
    return [(level - 1, text, 0, f"h{n}") for n, (level, text) in enumerate(marks, start=1)
            if level <= CONTENTS_LEVELS]


def _escape(text: str) -> str:
    return escape(text)


def typeset(book: Book, look: Look, target: Path | None = None) -> tuple[bytes, int]:
    """The book typeset on pages of `look` (a booklet's set on sheets), written to target or
    returned as bytes; its pages (a booklet's before they are set on sheets)."""
    styles = paragraph_styles(look, book.faces)
    sink: Any = str(target) if target is not None else io.BytesIO()
    doc = RulesDoc(sink, look, book, styles)
    doc.typeset(story(book, look, styles),
                _canvas_class(book.icons, pdf_face(book.faces), look.booklet, look))
    pages = doc.canv.booklet_pages if look.booklet else doc.canv.getPageNumber() - 1
    return (b"" if target is not None else bytes(sink.getvalue())), pages
