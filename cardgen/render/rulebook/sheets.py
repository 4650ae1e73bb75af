"""Booklet pages set two-up on sheets in the typesetter's own PDF, without reading it back.

`SheetsCanvas` keeps each page the typesetter ends as a form XObject (the page's content
stream, under the resources its page would have had), and when the document is saved it lays
the forms two-up on landscape sheets twice as wide (or on the shared booklet page's sheet,
the two pages centred on it: they meet at its fold), in booklet order
(cardgen.render.rulebook.booklet.booklet_order): the left page at 0, the right one at the
page's width, a blank half left empty. That is what pdfium's FPDF_ImportNPagesToOne made of
the typeset pages (each page a form placed alike), so every sheet is drawn as before
(tested pixel for pixel against pdfium's imposition).

A page that becomes a form cannot be pointed at: bookmarks, outline entries and links are
left out, as pdfium's sheets left them out.
"""

from __future__ import annotations

from typing import Any

from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

from cardgen.render.rulebook.booklet import booklet_order


def page_form_name(page: int) -> str:
    """The form a booklet page (1-based) is kept as."""
    return f"cgpage-{page}"


class SheetsCanvas(Canvas):  # type: ignore[misc]  # reportlab has no type information
    """A canvas whose pages become forms, set on booklet sheets when it is saved."""

    sheets_begun = False
    booklet_pages = 0  # the booklet pages typeset (known once saved)
    sheet_size: tuple[float, ...] | None = None  # pt; None: two pages wide
    sheet_offset: tuple[float, ...] = (0.0, 0.0)  # pt: where the left page starts on a sheet

    def showPage(self) -> None:
        """The page ended as a form: what Canvas.showPage writes into a page's stream and
        resources, kept as form `page_form_name(n)` instead (the page number moves on)."""
        if self.sheets_begun:
            super().showPage()
            return
        width, height = self._pagesize
        self._code.append(" ")
        form = pdfdoc.PDFFormXObject(0, 0, width, height)
        form.compression = self._pageCompression
        form.setStreamList(self._psCommandsBeforePage + [self._preamble] + self._code
                           + self._psCommandsAfterPage)
        self._setColorSpace(form)
        self._setExtGState(form)
        self._setXObjects(form)
        self._setShadingUsed(form)
        form.Resources = page_resources(form, bool(self._currentPageHasImages))
        self._doc.addForm(page_form_name(self._pageNumber), form)
        if self._onPage:
            self._onPage(self._pageNumber)
        self._startPage()

    def save(self) -> None:
        """The kept pages two-up on sheets in booklet order, then the PDF written."""
        if self._code:
            self.showPage()
        pages = self.booklet_pages = self._pageNumber - 1
        width, height = self._pagesize
        self.sheets_begun = True
        self.setPageSize(self.sheet_size or (2 * width, height))
        left, bottom = self.sheet_offset
        for side in booklet_order(pages):
            for x, page in zip((left, left + width), side, strict=True):
                if page is not None:
                    self.saveState()
                    self.translate(x, bottom)
                    self.doForm(page_form_name(page))
                    self.restoreState()
            self.showPage()
        super().save()

    def bookmarkPage(self, key: str, *args: Any, **kwargs: Any) -> None:
        return None

    def addOutlineEntry(self, title: str, key: str, level: int = 0,
                        closed: Any = None) -> None:
        return None

    def linkRect(self, *args: Any, **kwargs: Any) -> None:
        return None

    def linkURL(self, *args: Any, **kwargs: Any) -> None:
        return None


def page_resources(form: Any, has_images: bool) -> Any:
    """The resource dictionary PDFPage.check_format gives a page, for the form holding it
    (a form's own would leave out its graphics states, shadings and colour spaces)."""
    resources = pdfdoc.PDFResourceDictionary()
    resources.basicFonts()
    if has_images:
        resources.allProcs()
    else:
        resources.basicProcs()
    if form.XObjects:
        resources.XObject = form.XObjects
    if form.ExtGState:
        resources.ExtGState = form.ExtGState
    resources.setShading(form._shadingUsed)
    resources.setColorSpace(form._colorsUsed)
    return resources
