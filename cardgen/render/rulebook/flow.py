"""Blocks -> reportlab flowables: paragraphs, headings (marked for the contents), lists,
tables sized to the text column, pictures scaled into it (a frame naming a missing one).

Every paragraph is a `KeptParagraph`, which keeps its broken lines per width and style: platypus wraps a
paragraph again and again at the same width (keep-with-next groups, list items, table cells,
each layout pass), and breaking lines is most of the typesetting's work."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import (
    Flowable,
    HRFlowable,
    Image,
    KeepTogether,
    ListFlowable,
    ListItem,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.paragraph import _wsc, cleanBlockQuotedText, textTransformFrags
from reportlab.platypus.paraparser import ParaFrag
from reportlab.rl_config import _FUZZ

from cardgen.records import record
from cardgen.render.rulebook import blocks as bk
from cardgen.render.rulebook.book import Faces
from cardgen.render.rulebook.breaks import break_lines
from cardgen.render.rulebook.drawing import draw_plain
from cardgen.render.rulebook.markup import escape, markup, plain_text
from cardgen.render.rulebook.quickparse import quick_frags
from cardgen.render.rulebook.styles import RULE, SHADE, Look, pdf_face, points

PICTURE_HEIGHT = 0.45  # a picture takes at most this share of the text column's height
PICTURE_DPI = 150  # a small picture is shown at this resolution, not blown up
CELL_PAD = 3.0  # pt
CELL_SHARE = 0.4  # a cell's text asks for at most this share of the table's width


class KeptParagraph(Paragraph):  # type: ignore[misc]  # reportlab has no type information
    """A Paragraph whose line breaks are worked out once per (width, style): a later wrap at
    the same width takes the lines kept from the first, as reportlab would break them again;
    and whose markup is parsed once per (markup, style) in a process: the typesets of a build
    on papers whose text is of one size (A3 and the shared page; their booklets) make the same
    paragraphs, which take the fragments the first parse gave (reportlab reads them, never
    changes them: a wrap keeps its words apart, a split makes new fragments). A paragraph
    of another text size (a booklet's) whose markup is plain text and `<font face>` spans
    takes the fragments parsed at the first size with its own size (`_resized`): all the
    parser makes of such markup that a style's size changes."""

    def _setup(self, text: Any, style: Any, bulletText: Any, frags: Any, cleaner: Any) -> None:
        if frags is not None or type(text) is not str:
            super()._setup(text, style, bulletText, frags, cleaner)
            return
        key = (text, style, bulletText, self.caseSensitive)
        found = _PARSED.get(key)
        if found is None and bulletText is None:
            found = _resized(text, style, self.caseSensitive)
        if found is None:
            self._parse(text, style, bulletText, cleaner)
            if len(_PARSED) >= PARSED_MAX:
                _PARSED.clear()
                _SIZED.clear()
            _PARSED[key] = (self.text, self.frags, self.style, self.bulletText)
            if bulletText is None and self.style is style and _resizable(text, style, self.frags):
                _SIZED[text, style.name, self.caseSensitive] = (
                    style, self.text, [dict(f.__dict__) for f in self.frags])
            return
        _PARSED[key] = found
        parsed: Any = self  # as Paragraph._setup sets them (reportlab's attributes, untyped)
        parsed.text, parsed.frags, parsed.style, parsed.bulletText = found
        parsed.debug = 0

    def _parse(self, text: str, style: Any, bulletText: Any, cleaner: Any) -> None:
        """Paragraph._setup's parse: markup of text, face spans and line breaks cut into
        fragments by cardgen.render.rulebook.quickparse, any other parsed by reportlab."""
        if bulletText is None:
            cleaned = _cleaned(text, cleaner)
            frags = quick_frags(cleaned, style, self.caseSensitive)
            if frags is not None:
                textTransformFrags(frags, style)
                parsed: Any = self  # as Paragraph._setup sets them (reportlab's, untyped)
                parsed.text, parsed.frags, parsed.style, parsed.bulletText = (
                    cleaned, frags, style, None)
                parsed.debug = 0
                return
        super()._setup(text, style, bulletText, None, cleaner)

    def breakLines(self, width: Any) -> Any:
        """Paragraph.breakLines: reportlab's lines, broken by cardgen.render.rulebook.breaks
        when it can."""
        found = break_lines(self, width)
        return super().breakLines(width) if found is None else found

    def drawPara(self, debug: Any = 0) -> None:
        """Paragraph.drawPara: a left-aligned paragraph of plain text drawn by
        cardgen.render.rulebook.drawing, any other by reportlab (the same operators)."""
        if debug or not draw_plain(self):
            super().drawPara(debug)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        kept: dict[tuple[float, Any], tuple[Any, ...]] = self.__dict__.setdefault("_kept", {})
        found = kept.get((availWidth, self.style))
        wrapped: Any = self  # what Paragraph.wrap sets (reportlab's attributes, untyped)
        if found is None:
            width, height = super().wrap(availWidth, availHeight)
            if availWidth >= _FUZZ:  # else nothing was broken
                kept[availWidth, self.style] = (wrapped.blPara, wrapped.height,
                                                wrapped._wrapWidths, wrapped._width_max)
            return width, height
        self.width = availWidth
        wrapped.blPara, wrapped.height, wrapped._wrapWidths, wrapped._width_max = found
        return availWidth, wrapped.height


# what reportlab's line cleaning takes for whitespace besides what str.split() splits at
_OTHER_SPACES = tuple(c for c in _wsc if not c.isspace())


def _cleaned(text: str, cleaner: Any) -> str:
    """cleaner(text): the text itself when it is reportlab's cleanBlockQuotedText and the text
    is words of no whitespace (Python's or reportlab's) with one space between them and none
    at either end, which it gives back as it is."""
    if (cleaner is cleanBlockQuotedText and " ".join(text.split()) == text
            and not any(c in text for c in _OTHER_SPACES)):
        return text
    cleaned: str = cleaner(text)
    return cleaned


PARSED_MAX = 4096  # paragraphs' parses a process keeps (emptied when full)
_PARSED: dict[tuple[str, Any, Any, Any], tuple[Any, Any, Any, Any]] = {}
# (markup, style name, case sensitivity) -> a style it was parsed in, the cleaned text and
# each fragment's attributes as the parse left them
_SIZED: dict[tuple[str, str, Any], tuple[Any, str, list[dict[str, Any]]]] = {}
_FACE_SPANS = re.compile(r'(?:[^<>]++|<font face="[^"<>&]*+">|</font>)*+')  # no backtracking
# what the parser reads of a style besides its size, for text and <font face> spans
_SHAPE = ("fontName", "textColor", "textTransform", "underlineWidth", "underlineColor",
          "underlineOffset", "underlineGap", "strikeWidth", "strikeColor", "strikeOffset",
          "strikeGap")


def _resizable(text: str, style: Any, frags: list[Any]) -> bool:
    """Is this parse one whose fragments another size of the style gives with that size?
    Markup of text, entities and `<font face>` spans; every fragment of the style's size."""
    return (_FACE_SPANS.fullmatch(text) is not None and bool(frags)
            and all(type(f) is ParaFrag and f.fontSize == style.fontSize for f in frags))


def _resized(text: str, style: Any, case: Any) -> tuple[Any, Any, Any, Any] | None:
    """The parse of `text` in `style` made from its parse in a style of the same name and
    shape in another size: the same fragments, each of the style's size (None: no such
    parse)."""
    found = _SIZED.get((text, style.name, case))
    if found is None:
        return None
    other, cleaned, frags = found
    if any(getattr(other, a, None) != getattr(style, a, None) for a in _SHAPE):
        return None
    size = style.fontSize
    return cleaned, [ParaFrag(**{**f, "fontSize": size}) for f in frags], style, None


@record(frozen=True)
class Context:
    look: Look
    faces: Faces
    styles: Mapping[str, Any]  # name -> ParagraphStyle
    pictures: Mapping[str, Path | None]  # a picture's src -> its file (None: not usable)


def flowables(blocks: list[bk.Block], ctx: Context) -> list[Flowable]:
    out: list[Flowable] = []
    for block in blocks:
        out += _flowable(block, ctx)
    return out


def _flowable(block: bk.Block, ctx: Context) -> list[Flowable]:
    if isinstance(block, bk.Heading):
        return [heading(block, ctx)]
    if isinstance(block, bk.Para):
        return [_para(block.spans, "body", ctx)]
    if isinstance(block, bk.ListBlock):
        return [_list(block, ctx)]
    if isinstance(block, bk.Table):
        return [_table(block, ctx)]
    if isinstance(block, bk.Picture):
        return [_picture(block, ctx)]
    if isinstance(block, bk.Quote):
        inner = flowables(list(block.blocks), ctx)
        return [ListFlowable([ListItem(inner, value="")], bulletType="bullet", start="",
                             leftIndent=ctx.look.body * 1.4)] if inner else []
    if isinstance(block, bk.Code):
        text = "<br/>".join(_escaped(line) for line in block.text.splitlines())
        return [KeptParagraph(text, ctx.styles["code"])]
    return [HRFlowable(width="100%", thickness=0.6, color=RULE, spaceBefore=4, spaceAfter=8)]


def _escaped(line: str) -> str:
    stripped = line.lstrip(" ")
    return "\u00a0" * (len(line) - len(stripped)) + escape(stripped)


def _para(spans: bk.Spans, style: str, ctx: Context) -> Paragraph:
    chosen = ctx.styles[style]
    bold = chosen.fontName == pdf_face(ctx.faces, bold=True)
    return KeptParagraph(markup(spans, ctx.faces, chosen.fontSize, bold), chosen)


def heading(block: bk.Heading, ctx: Context) -> Paragraph:
    """A heading's paragraph; its level and text go to the contents (the document reads them)."""
    para = _para(block.spans, f"h{min(block.level, 4)}", ctx)
    para.toc_entry = (block.level, plain_text(block.spans).strip())
    return para


def _list(block: bk.ListBlock, ctx: Context) -> ListFlowable:
    body = ctx.look.body
    tight = Context(ctx.look, ctx.faces, {**ctx.styles, "body": ctx.styles["item"]},
                    ctx.pictures)
    items = [ListItem(flowables(list(item), tight) or [Spacer(1, 1)]) for item in block.items]
    common: dict[str, Any] = {
        "bulletFontName": pdf_face(ctx.faces), "bulletFontSize": body, "leftIndent": body * 1.6,
        "bulletOffsetY": 0, "spaceAfter": body * 0.3}
    if block.ordered:
        return ListFlowable(items, bulletType="1", start=block.start, bulletFormat="%s.",
                            **common)
    return ListFlowable(items, bulletType="bullet", start="\u2022", **common)


def _table(block: bk.Table, ctx: Context) -> Table:
    columns = max([len(block.header), *(len(r) for r in block.rows)], default=1)
    header = _padded(block.header, columns)
    rows = [_padded(r, columns) for r in block.rows]
    cells = [[_para(c, "head", ctx) for c in header]] if block.header else []
    cells += [[_para(c, "cell", ctx) for c in row] for row in rows]
    widths = column_widths([header, *rows], points(ctx.look.frame_width), ctx)
    table = Table(cells, colWidths=widths, repeatRows=1 if block.header else 0, hAlign="LEFT")
    style: list[tuple[Any, ...]] = [
        ("FONTNAME", (0, 0), (-1, -1), pdf_face(ctx.faces)),  # else Helvetica is named
        ("GRID", (0, 0), (-1, -1), 0.5, RULE),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), CELL_PAD), ("RIGHTPADDING", (0, 0), (-1, -1), CELL_PAD),
        ("TOPPADDING", (0, 0), (-1, -1), CELL_PAD / 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), CELL_PAD),
    ]
    if block.header:
        style.append(("BACKGROUND", (0, 0), (-1, 0), SHADE))
    for n, align in enumerate(block.aligns):
        for row in cells:
            if n < len(row) and align in ("center", "right"):
                row[n].style = row[n].style.clone(f"{row[n].style.name}-{align}",
                                                  alignment=1 if align == "center" else 2)
    table.setStyle(TableStyle(style))
    table.spaceBefore = table.spaceAfter = ctx.look.body * 0.6
    return table


def _padded(row: tuple[bk.Spans, ...], columns: int) -> tuple[bk.Spans, ...]:
    return row + ((),) * (columns - len(row))


def column_widths(rows: list[tuple[bk.Spans, ...]], total: float, ctx: Context) -> list[float]:
    """Column widths in pt summing to at most `total`: each column's natural width when they
    all fit, else shares of `total` by natural width (a long cell counting as at most
    CELL_SHARE of the table), each at least its longest word (when the longest words fit at
    all) or an even share."""
    size = ctx.styles["cell"].fontSize
    font = pdf_face(ctx.faces, bold=True)
    pad = 2 * CELL_PAD + 1
    columns = len(rows[0]) if rows else 1
    natural = [min(total * CELL_SHARE, max(
        (pdfmetrics.stringWidth(plain_text(r[c]), font, size) for r in rows), default=0.0) + pad)
        for c in range(columns)]
    least = [max((pdfmetrics.stringWidth(w, font, size) for r in rows
                  for w in plain_text(r[c]).split()), default=0.0) + pad for c in range(columns)]
    if sum(natural) <= total:
        return natural
    floor = least if sum(least) <= total else [total / columns] * columns
    widths = [max(f, total * n / sum(natural)) for f, n in zip(floor, natural, strict=True)]
    over = sum(widths) - total
    spare = [w - f for w, f in zip(widths, floor, strict=True)]
    if over > 0 and sum(spare) > 0:
        widths = [w - over * s / sum(spare) for w, s in zip(widths, spare, strict=True)]
    return widths


def _picture(block: bk.Picture, ctx: Context) -> Flowable:
    path = ctx.pictures.get(block.src)
    width, height = points(ctx.look.frame_width), points(ctx.look.frame_height) * PICTURE_HEIGHT
    caption = block.alt.strip()
    if path is None:
        text = f"picture not included: {block.src}" + (f" ({caption})" if caption else "")
        box = Table([[KeptParagraph(_plain(text), ctx.styles["caption"])]], colWidths=[width * 0.8],
                    rowHeights=[max(ctx.look.body * 4, 30)])
        box.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), pdf_face(ctx.faces)),
                                 ("BOX", (0, 0), (-1, -1), 0.6, RULE, None, (3, 2)),
                                 ("VALIGN", (0, 0), (-1, -1), "MIDDLE")]))
        box.spaceBefore = box.spaceAfter = ctx.look.body * 0.6
        return box
    px_w, px_h = ImageReader(str(path)).getSize()
    scale = min(width / px_w, height / px_h, 72 / PICTURE_DPI)
    image = Image(str(path), px_w * scale, px_h * scale)
    parts: list[Flowable] = [image]
    if caption:
        parts.append(KeptParagraph(_plain(caption), ctx.styles["caption"]))
    parts.append(Spacer(1, ctx.look.body * 0.6))
    return KeepTogether(parts)


def _plain(text: str) -> str:
    return escape(text)
