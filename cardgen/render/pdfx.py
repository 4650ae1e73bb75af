"""A reportlab document made PDF/X-1a:2003 (ISO 15930-4), the print shops' exchange format.

reportlab writes the shape already (PDF 1.3, DeviceCMYK only with enforceColorSpace, no
transparency, TrimBox and BleedBox set per page by the caller, a trailer ID); this adds what
it lacks: `GTS_PDFXVersion` and `Trapped` in the document information, and an OutputIntent
(`/S /GTS_PDFX`) whose DestOutputProfile is cardgen's own CMYK profile
(cardgen/assets/icc/cardgen-cmyk.icc, made by tools/make_cmyk_icc.py; MIT, like cardgen): the
profile of the very conversion that turned the faces' sRGB into the file's CMYK.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

from cardgen.assets import ASSETS

PDFX_VERSION = "PDF/X-1a:2003"
PROFILE = ASSETS / "icc" / "cardgen-cmyk.icc"
CONDITION = "cardgen CMYK: sRGB converted with full grey-component replacement, total ink limited"


class _PdfxInfo(pdfdoc.PDFInfo):  # type: ignore[misc]  # reportlab ships no type stubs
    """The document information with the PDF/X version key."""

    def format(self, document: Any) -> bytes:
        body: bytes = super().format(document)
        key = b"/GTS_PDFXVersion " + pdfdoc.PDFString(PDFX_VERSION).format(document)
        return body.replace(b"<<", b"<< " + key + b" ", 1)


@cache
def _profile() -> bytes:
    return PROFILE.read_bytes()


def make_pdfx(canvas: Canvas) -> None:
    """Mark the canvas's document PDF/X-1a:2003 with cardgen's CMYK output intent (call before
    save; the pages must draw DeviceCMYK only and carry their TrimBox and BleedBox)."""
    doc = canvas._doc
    info = _PdfxInfo()
    info.__dict__.update(doc.info.__dict__)
    info.trapped = "False"
    doc.info = info
    stream = pdfdoc.PDFStream(content=_profile(), filters=[pdfdoc.PDFZCompress])
    stream.dictionary["N"] = 4
    intent = pdfdoc.PDFDictionary({
        "Type": pdfdoc.PDFName("OutputIntent"),
        "S": pdfdoc.PDFName("GTS_PDFX"),
        "OutputConditionIdentifier": pdfdoc.PDFString("Custom"),
        "OutputCondition": pdfdoc.PDFString(CONDITION),
        "Info": pdfdoc.PDFString("cardgen-cmyk.icc"),
        "DestOutputProfile": doc.Reference(stream, "cardgenCmykProfile"),
    })
    catalog = doc.Catalog
    catalog.__NoDefault__ = [*catalog.__NoDefault__, "OutputIntents"]
    catalog.OutputIntents = pdfdoc.PDFArray([intent])
