"""The rulebook's look: page geometry and paragraph styles for a page (Letter, A4: the shared
page) or a booklet page (the shared one, or half a landscape sheet), in the game's fonts
(registered with reportlab here)."""

from __future__ import annotations

from functools import cache, lru_cache

from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_CENTER, TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics

from cardgen.impose.papers import PAPERS
from cardgen.layout import fonts
from cardgen.records import record
from cardgen.render.pdf import register_fonts
from cardgen.render.pdffonts import tt_font
from cardgen.render.rulebook.book import Faces
from cardgen.render.rulebook.moved import SHARED_BOOKLET_PAGE, SHARED_PAGE, shares_page

# The shared pages' margins are a Letter page's (20 mm at the sides, 18 at the top, 20 at the
# bottom; a booklet page's 14, 14 and 16) less what the shared page leaves out of Letter: on
# Letter the text sits where a page of Letter's own size has it (the same lines and pages), on
# A4 the same text is centred with wider margins above and below (narrower at the sides).
LETTER = PAPERS["letter"]

INK = HexColor("#1A1A1A")
MUTED = HexColor("#555555")
RULE = HexColor("#9A9A9A")
SHADE = HexColor("#EEEEEE")


def pdf_face(faces: Faces, bold: bool = False, italic: bool = False) -> str:
    """The registered reportlab name of the game's face for this emphasis."""
    return registered(faces.face(bold, italic))


@cache
def registered(face: str) -> str:
    """A face registered with reportlab once per process; its reportlab name."""
    register_fonts()
    name = fonts.pdf_font_name(face)
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(tt_font(name, fonts.font_path(face)))
    return name


@record(frozen=True)
class Look:
    """A page size in mm, its margins and the body text size in pt; the paper (a booklet's:
    its landscape sheet) the pages are centred on, when that is not the page itself (mm)."""

    width: float
    height: float
    margin: float  # left and right
    top: float
    bottom: float
    body: float  # pt
    booklet: bool = False
    sheet_width: float = 0.0  # 0: the page's (a booklet's: twice its width)
    sheet_height: float = 0.0

    @property
    def frame_width(self) -> float:
        return self.width - 2 * self.margin

    @property
    def frame_height(self) -> float:
        return self.height - self.top - self.bottom

    @property
    def sheet(self) -> tuple[float, float]:
        """The paper the pages are printed on (mm): a page's own, a booklet's sheet."""
        pages = 2 if self.booklet else 1
        return (self.sheet_width or pages * self.width, self.sheet_height or self.height)

    @property
    def offset(self) -> tuple[float, float]:
        """Where the page (a booklet's: its two pages side by side) starts on the sheet, mm:
        centred on it."""
        pages = 2 if self.booklet else 1
        width, height = self.sheet
        return ((width - pages * self.width) / 2, (height - self.height) / 2)


def page_look(width: float, height: float) -> Look:
    """A page of the rules on paper of this size: the shared page centred on it (Letter, A4)
    or a page of its own size."""
    if shares_page(width, height):
        side = (LETTER.width - SHARED_PAGE[0]) / 2  # what it leaves of Letter's width
        return Look(*SHARED_PAGE, 20.0 - side, 18.0, 20.0, 10.0, sheet_width=width,
                    sheet_height=height)
    return Look(width, height, 20.0, 18.0, 20.0, 10.0)


def booklet_look(sheet_width: float, sheet_height: float) -> Look:
    """A booklet page: the shared booklet page on Letter and A4, two on a landscape sheet
    meeting at its centre (the fold); on another paper half of the sheet turned landscape."""
    long, short = max(sheet_width, sheet_height), min(sheet_width, sheet_height)
    if shares_page(sheet_width, sheet_height):
        # what it leaves of a Letter booklet page's height (the sheet's short side)
        edge = (LETTER.width - SHARED_BOOKLET_PAGE[1]) / 2
        return Look(*SHARED_BOOKLET_PAGE, 14.0, 14.0 - edge, 16.0 - edge, 9.0, booklet=True,
                    sheet_width=long, sheet_height=short)
    return Look(long / 2, short, 14.0, 14.0, 16.0, 9.0, booklet=True)


def paragraph_styles(look: Look, faces: Faces) -> dict[str, ParagraphStyle]:
    """body, h1-h4, title, subtitle, toc1-2, cell, head (table header), caption, code, footer:
    the same style objects for every look of one body size in one set of faces (the typesets
    of one build share their paragraphs' parses, cardgen.render.rulebook.flow.KeptParagraph)."""
    return dict(_styles(look.body, faces))


@lru_cache(maxsize=8)
def _styles(b: float, faces: Faces) -> dict[str, ParagraphStyle]:
    regular, bold = pdf_face(faces), pdf_face(faces, bold=True)
    base = ParagraphStyle("body", fontName=regular, fontSize=b, leading=b * 1.35,
                          textColor=INK, spaceAfter=b * 0.55, alignment=TA_LEFT)
    styles = {"body": base}
    for level, (size, before) in enumerate(((1.7, 1.3), (1.3, 1.0), (1.1, 0.8), (1.0, 0.6)),
                                           start=1):
        styles[f"h{level}"] = ParagraphStyle(
            f"h{level}", parent=base, fontName=bold, fontSize=b * size,
            leading=b * size * 1.2, spaceBefore=b * before, spaceAfter=b * 0.45, keepWithNext=1)
    styles["title"] = ParagraphStyle("title", parent=base, fontName=bold, fontSize=b * 2.2,
                                     leading=b * 2.6, alignment=TA_CENTER, spaceAfter=b * 0.3)
    styles["subtitle"] = ParagraphStyle("subtitle", parent=base, textColor=MUTED,
                                        alignment=TA_CENTER, spaceAfter=b * 1.2)
    styles["item"] = ParagraphStyle("item", parent=base, spaceAfter=b * 0.25)
    styles["contents"] = ParagraphStyle("contents", parent=styles["h2"], spaceBefore=0)
    styles["toc1"] = ParagraphStyle("toc1", parent=base, leftIndent=0, spaceAfter=b * 0.15,
                                    fontName=bold)
    styles["toc2"] = ParagraphStyle("toc2", parent=base, leftIndent=b * 1.4, spaceAfter=b * 0.1)
    cell = b * 0.9
    styles["cell"] = ParagraphStyle("cell", parent=base, fontSize=cell, leading=cell * 1.25,
                                    spaceAfter=0)
    styles["head"] = ParagraphStyle("head", parent=styles["cell"], fontName=bold)
    styles["caption"] = ParagraphStyle("caption", parent=styles["cell"], textColor=MUTED,
                                       alignment=TA_CENTER)
    styles["code"] = ParagraphStyle("code", parent=styles["cell"], backColor=SHADE,
                                    borderPadding=b * 0.4, spaceBefore=b * 0.3,
                                    spaceAfter=b * 0.8)
    styles["quote"] = ParagraphStyle("quote", parent=base, leftIndent=b * 1.4, textColor=MUTED)
    styles["footer"] = ParagraphStyle("footer", parent=base, fontSize=max(7.0, b * 0.8))
    return styles


def points(value_mm: float) -> float:
    return float(value_mm * mm)
