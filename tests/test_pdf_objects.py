"""Font objects written by `render/pdfobjects.py` (FastDictionary, FastStream) are the bytes
reportlab's PDFDictionary and PDFStream give, registering the objects they name in the same
order; a whole PDF with fonts is the same file with them as without."""

from __future__ import annotations

import random
from io import BytesIO
from typing import Any

import pytest
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

from cardgen.layout.drawing import Text
from cardgen.render import pdffonts
from cardgen.render.flate import deflate
from cardgen.render.pdf import draw_items, new_canvas
from cardgen.render.pdfobjects import (
    FastDictionary,
    FastInfo,
    FastStream,
    fast_font_objects,
    fast_info,
)


def _value(rng: random.Random, depth: int = 0) -> Any:
    kind = rng.choice(["int", "float", "name", "string", "array", "numbers", "dict", "stream",
                       "text"] if depth < 2 else ["int", "float", "name"])
    if kind == "int":
        return rng.choice([0, 1, -7, 262148, 10**9])
    if kind == "float":
        return rng.choice([0.0, -0.0, 759.7656, -240.2344, 1e-9, 1 / 3])
    if kind == "name":
        return pdfdoc.PDFName(rng.choice(["FontDescriptor", "A B", "x#y", "AAAAAA+DejaVuSans"]))
    if kind == "string":
        return pdfdoc.PDFString(rng.choice(["cardgen", "(paren)", "é"]))
    if kind == "text":
        return rng.choice(["/Type", "true", "null"])
    if kind == "array":
        return pdfdoc.PDFArray([_value(rng, depth + 1) for _ in range(rng.randrange(0, 14))])
    if kind == "numbers":
        return pdfdoc.PDFArray([rng.choice([1, 2.5, -3]) for _ in range(rng.randrange(0, 25))])
    if kind == "stream":  # a stream value: registered as its own object when formatted
        return pdfdoc.PDFStream(content=f"stream {rng.random()}", filters=[])
    return pdfdoc.PDFDictionary({f"K{i}": _value(rng, depth + 1) for i in range(rng.randrange(3))})


def _entries(rng: random.Random) -> dict[str, Any]:
    keys = rng.sample(["Type", "Ascent", "Flags", "FontBBox", "FontFile2", "Z", "A", "Length1",
                       "MissingWidth", "StemV", "B#", "ItalicAngle"], rng.randrange(0, 12))
    return {key: _value(rng) for key in keys}


def _formatted(obj: Any) -> tuple[bytes, dict[str, Any]]:
    document = pdfdoc.PDFDocument(invariant=1)
    body = obj.format(document)
    return body, dict(document.idToObjectNumberAndVersion)


def test_random_dictionaries_and_streams_are_reportlabs() -> None:
    for seed in range(300):
        def entries(seed: int = seed) -> dict[str, Any]:  # afresh for each document (the
            return _entries(random.Random(seed))  # values it registers)

        assert _formatted(FastDictionary(entries())) == _formatted(
            pdfdoc.PDFDictionary(entries()))
        rng = random.Random(-seed)
        content: Any = rng.choice([b"\x00\x01binary(", "text ( ) \\ stream", f"{seed}"])
        filters = rng.choice([None, [], [pdfdoc.PDFZCompress], [pdffonts.KEPT_FLATE],
                              [pdfdoc.PDFBase85Encode, pdfdoc.PDFZCompress]])
        fast = FastStream(pdfdoc.PDFDictionary(entries()), content, filters)
        plain = pdfdoc.PDFStream(pdfdoc.PDFDictionary(entries()), content, filters)
        assert _formatted(fast) == _formatted(plain)


@pytest.mark.parametrize("texts", [["Hello, world"], ["Ünïcödé fi ffl", "x"], ["0123456789"] * 3])
def test_a_pdf_with_fonts_is_the_same_file(texts: list[str], monkeypatch: pytest.MonkeyPatch
                                           ) -> None:
    def pdf(fast: bool) -> bytes:
        with monkeypatch.context() as patched:
            if not fast:
                patched.setattr(pdffonts, "fast_font_objects", lambda document, names: None)
            out = BytesIO()
            canvas = new_canvas(out, title="t")  # type: ignore[arg-type]
            draw_items(canvas, [Text(10.0, 10.0 + 5 * i, text, face, 9.0)
                                for i, text in enumerate(texts) for face in ("regular", "bold")])
            canvas.showPage()
            canvas.save()
            return out.getvalue()

    assert pdf(True) == pdf(False)


def test_only_reportlabs_own_classes_are_switched() -> None:
    canvas = Canvas(BytesIO())
    document = canvas._doc
    ordered = pdfdoc.PDFDictionary()
    ordered.__class__ = type("Other", (pdfdoc.PDFDictionary,), {})
    document.Reference(ordered, "other")
    document.Reference(pdfdoc.PDFStream(content=deflate(b"x")), "stream")
    fast_font_objects(document, ["other", "stream", "missing"])
    assert type(document.idToObject["other"]).__name__ == "Other"
    assert type(document.idToObject["stream"]) is FastStream


@pytest.mark.parametrize(("title", "subject"), [
    ("L5 0.6.5 - Characters (print shop)", "one page per face, trim + 3 mm bleed"),
    ("Ünïcödé \\ back(slash)", ""), ("日本語 ✓", "two\nlines\t(tab)"), ("", "x" * 300)])
@pytest.mark.parametrize("invariant", [1, 0])
def test_the_information_is_reportlabs(title: str, subject: str, invariant: int) -> None:
    """FastInfo writes what PDFInfo.format writes, whatever it formatted before."""
    from cardgen.render import pdfobjects

    assert len(pdfobjects._TEXTS) == 6  # (its own way, not reportlab's, is the one tested)
    for _ in range(2):  # the second time from what the first kept
        canvas = new_canvas(BytesIO(), title=title, subject=subject,  # type: ignore[arg-type]
                            invariant=invariant)
        document = canvas._doc
        assert type(document.info) is FastInfo
        canvas.setKeywords(subject[:5])
        assert document.info.format(document) == pdfdoc.PDFInfo.format(document.info, document)


def test_an_encrypted_documents_information_is_reportlabs() -> None:
    canvas = new_canvas(BytesIO(), title="(t)", encrypt="secret")  # type: ignore[arg-type]
    document = canvas._doc
    document.encrypt.prepare(document)
    document.encrypt.register(7, 0)
    assert document.info.format(document) == pdfdoc.PDFInfo.format(document.info, document)


def test_only_reportlabs_own_information_is_switched() -> None:
    document = Canvas(BytesIO())._doc
    other = type("Other", (pdfdoc.PDFInfo,), {})()
    document.info = other
    fast_info(document)
    assert document.info is other and type(other).__name__ == "Other"
