"""A page shown and encoded in one step: `canvas.showPage()` then `compact_last_page`, the same
page object, the same document and the same canvas after, without reportlab's general path.

A home-print or print-shop page is shown thousands of times a build, and reportlab's showPage
(a PDFPage whose constructor sets two dozen attributes one by one, the crop-mark and callback
checks, the stream joined, then the stream wrapped again when it is compacted) cost as much as
writing the page's bytes. `show_page` makes the `FastPage` and its `PageStream` directly, in
showPage's order (the page registered with the document where showPage registers it, so the
objects are numbered alike), for a canvas with none of what showPage treats specially (crop
marks, PostScript commands, a page duration, a page callback, annotations, an open form, page
compression off); any other canvas takes reportlab's path. A page it makes is marked `lean`:
it is a `_usual` page (no annotation, transition, graphics state, shading or colour space)
when it is made, which `FastPage` then need not work out again.
"""

from __future__ import annotations

from typing import Any

from reportlab import rl_config
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from cardgen.render.pdfsave import FastDocument, FastPage, PageStream, compact_last_page, pdf_name

_NONES = dict.fromkeys(pdfdoc.PDFPage.__NoDefault__)  # what PDFPage() sets on a page
_BOXES = (("_cropBox", "CropBox"), ("_artBox", "ArtBox"), ("_bleedBox", "BleedBox"),
          ("_trimBox", "TrimBox"))


def show_page(canvas: Canvas, encoded: bytes | None = None) -> None:
    """Show the page drawn on the canvas and encode its stream (`encoded`: as an earlier
    document encoded the same stream, cardgen.render.faceops.PageStreams), as
    `canvas.showPage()` and `compact_last_page(canvas, encoded)` would."""
    attrs: dict[str, Any] = canvas.__dict__
    doc = canvas._doc
    if (attrs["_cropMarks"] or attrs["_psCommandsBeforePage"] or attrs["_psCommandsAfterPage"]
            or attrs["_pageDuration"] is not None or not attrs["_pageCompression"]
            or attrs["_annotationrefs"] or attrs["_onPage"] or attrs["_codeStack"]
            or attrs["_pageTransition"] is not None or type(attrs["_pageRotation"]) is not int
            or attrs["_colorsUsed"] or attrs["_shadingUsed"] or attrs["_extgstate"]._c
            or type(doc) is not FastDocument or getattr(doc, "Pages", None) is None):
        canvas.showPage()
        compact_last_page(canvas, encoded)
        return
    code = attrs["_code"]
    code.append(" ")
    page = FastPage.__new__(FastPage)
    values = page.__dict__
    values.update(_NONES)
    size = attrs["_pagesize"]
    values["pagewidth"] = size[0]
    values["pageheight"] = size[1]
    values["Rotate"] = attrs["_pageRotation"]
    values["hasImages"] = attrs["_currentPageHasImages"]
    values["Trans"] = pdfdoc.PDFDictionary(None)  # setPageTransition(None)
    values["compression"] = attrs["_pageCompression"]
    for name, key in _BOXES:
        box = attrs.get(name)
        if box:
            values[key] = pdfdoc.PDFArray(box)
    values["_colorsUsed"] = attrs["_colorsUsed"]
    values["ExtGState"] = None  # no graphics state named (the canvas's getState())
    forms = attrs["_formsinuse"]
    values["XObjects"] = doc.xobjDict(forms) if forms else None
    values["_shadingUsed"] = attrs["_shadingUsed"]
    values["Annots"] = attrs["_annotationrefs"]
    values["lean"] = True
    _add_page(doc, page)
    filters = _filters()
    if encoded is None:
        content: Any = "\n".join([attrs["_preamble"], *code]) + "\n"
        for f in reversed(filters):
            content = f.encode(content)
    else:
        content = encoded
    stream = PageStream.__new__(PageStream)  # PDFStream(None, content, filters), its Filter set
    stream.__dict__.update(dictionary=pdfdoc.PDFDictionary(
        {"Filter": pdfdoc.PDFArray([pdf_name(f.pdfname) for f in filters])}),
        content=content, filters=filters, __Comment__="page stream")
    values["Contents"] = stream
    canvas._startPage()


def _add_page(doc: Any, page: FastPage) -> None:
    """doc.addPage(page) for a page registered nowhere yet: numbered next, under the name
    reportlab gives the document's next page, as Reference registers it."""
    name = "Page" + repr(doc.pageCounter)
    objects = doc.idToObject
    if name in objects:  # (never: reportlab's own path, whatever it does)
        doc.addPage(page)
        return
    number = doc.objectcounter = doc.objectcounter + 1
    page.__dict__[_INTERNAL_NAME] = name
    doc.idToObjectNumberAndVersion[name] = (number, 0)
    doc.numberToId[number] = name
    objects[name] = page
    doc.Pages.addPage(page)
    doc.pageCounter += 1
    doc.inObject = None


_INTERNAL_NAME = "__InternalName__"  # the attribute reportlab's Reference names an object by


def _filters() -> list[Any]:
    """The page stream's filters, as compact_last_page (and reportlab's check_format) set them."""
    if rl_config.useA85:
        return [pdfdoc.PDFBase85Encode, pdfdoc.PDFZCompress]
    return [pdfdoc.PDFZCompress]


_PREAMBLE = "1 0 0 1 0 0 cm "  # a bottom-up page's, black on start, a TrueType initial font


def set_page(canvas: Canvas, size: tuple[float, float],
             boxes: tuple[tuple[float, ...], tuple[float, ...]] | None = None) -> None:
    """`canvas.setPageSize(size)`, then `setBleedBox` and `setTrimBox` with `boxes` (bleed box,
    trim box) when given: the preamble setPageSize makes is `_PREAMBLE` whatever the size when
    the page starts black, bottom-up, in a TrueType font (then only the size is set)."""
    attrs: dict[str, Any] = canvas.__dict__
    if (attrs["bottomup"] and attrs["_preamble"] == _PREAMBLE
            and attrs["_fillColorObj"] == (0, 0, 0) and attrs["_strokeColorObj"] == (0, 0, 0)
            and pdfmetrics.getFont(attrs["_fontname"])._dynamicFont):
        attrs["_pagesize"] = size
    else:
        canvas.setPageSize(size)
    if boxes is not None:
        attrs["_bleedBox"], attrs["_trimBox"] = boxes
