"""Type: kerning and ligatures in the PDF, hyphenation and breaks at hyphens in narrow boxes,
justify, inline icons never alone on a line, Arabic and Hebrew shaped and in display order;
what fitting measures is what each renderer draws."""

from __future__ import annotations

import ctypes
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest

from cardgen.layout import fonts, linebreak, shaping, text
from cardgen.layout.drawing import Drawing, Text
from cardgen.render.pdf import write_faces


def _pdf_chars(path: Path) -> list[tuple[str, float, float]]:
    """(character, left, right) of every character on page 1, in content order, in pt."""
    document = pdfium.PdfDocument(str(path))
    textpage = document[0].get_textpage()
    out = []
    for i in range(pdfium_c.FPDFText_CountChars(textpage.raw)):
        ch = chr(pdfium_c.FPDFText_GetUnicode(textpage.raw, i))
        if ch.strip():
            left, _bottom, right, _top = textpage.get_charbox(i)
            out.append((ch, left, right))
    document.close()
    return out


def _drawn_width(tmp_path: Path, words: str, features: tuple[tuple[str, bool], ...] | None) -> float:
    """The distance from the first glyph's left to the last's right, as the PDF draws it."""
    # unshaped: the same glyphs spaced as an unshaped renderer would, one Text per character
    item = Text(5, 10, words, "regular", 24) if features is None else None
    drawing = Drawing("t", 80, 20)
    if item is not None:
        drawing.add(item)
    else:
        x = 5.0
        for ch in words:
            drawing.add(Text(x, 10, ch, "regular", 24))
            x += shaping.shape(ch, str(fonts.font_path("regular")), features).advance \
                / fonts.units_per_em("regular") * 24 * fonts.PT_TO_MM
    path = tmp_path / f"w{features is None}.pdf"
    write_faces(str(path), [drawing])
    chars = _pdf_chars(path)
    return chars[-1][2] - chars[0][1]


@pytest.mark.parametrize("pair", ["AV", "To"])
def test_a_kerned_pair_is_narrower_in_the_pdf_than_unkerned(tmp_path: Path, pair: str) -> None:
    kerned = _drawn_width(tmp_path, pair, None)
    unkerned = _drawn_width(tmp_path, pair, (("kern", False), ("liga", False)))
    assert kerned < unkerned - 0.5  # pt: at 24 pt these pairs kern by well over a point


def test_the_pdf_puts_each_glyph_where_shaping_measured_it(tmp_path: Path) -> None:
    words = "AVATAR To Wave"
    drawing = Drawing("t", 80, 20, items=[Text(5, 10, words, "regular", 12)])
    write_faces(str(tmp_path / "m.pdf"), [drawing])
    document = pdfium.PdfDocument(str(tmp_path / "m.pdf"))
    textpage = document[0].get_textpage()
    origins = []
    for i in range(pdfium_c.FPDFText_CountChars(textpage.raw)):
        x, y = ctypes.c_double(), ctypes.c_double()
        pdfium_c.FPDFText_GetCharOrigin(textpage.raw, i, ctypes.byref(x), ctypes.byref(y))
        origins.append(x.value)
    document.close()
    shaped = shaping.shape(words, str(fonts.font_path("regular")))
    scale = 12 / fonts.units_per_em("regular")
    steps = [b - a for a, b in zip(origins, origins[1:], strict=False)]
    expected = [(b - a) * scale for a, b in zip(shaped.xs, shaped.xs[1:], strict=False)]
    # pdfium reads widths to whole thousandths of an em: 0.012 pt a glyph at 12 pt
    assert steps == pytest.approx(expected, abs=0.015)
    assert fonts.text_width_mm("AV", "regular", 12) < fonts.text_width_mm("A", "regular", 12) \
        + fonts.text_width_mm("V", "regular", 12)


def test_standard_ligatures_are_one_glyph() -> None:
    shaped = shaping.shape("fi ffl", str(fonts.font_path("regular")))
    assert len(shaped.gids) == 3  # fi, space, ffl


def _line_texts(fitted: text.Fitted) -> list[str]:
    return ["".join(r.text if r.icon is None else f"[{r.icon}]" for r in line.runs)
            for line in fitted.lines]


def test_a_narrow_box_hyphenates_a_long_word() -> None:
    body = "Players discard extraordinarily complicated instructions before drawing again."
    fitted = text.fit(body, 26, 60, size=9, min_size=9, language="en")
    lines = _line_texts(fitted)
    assert any(line.endswith("-") and line[-2].isalpha() for line in lines), lines
    joined = "".join(line[:-1] if line.endswith("-") else line + " " for line in lines)
    assert joined.split() == body.split()  # nothing lost, nothing added but the hyphens
    unhyphenated = text.fit(body, 26, 60, size=9, min_size=9)
    assert not any(line.endswith("-") for line in _line_texts(unhyphenated))


def test_lines_break_after_hyphens_and_at_soft_hyphens_only_where_they_break() -> None:
    fitted = text.fit("a well-known counter\u00adintelligence", 22, 40, size=7, min_size=7)
    lines = _line_texts(fitted)
    assert "well-" in lines[0] or lines[1].startswith("known") or "well-known" in lines[0]
    assert any(line.endswith("counter-") for line in lines), lines
    assert all("\u00ad" not in line for line in lines)
    whole = text.fit("counter\u00adintelligence", 100, 10, size=9)
    assert _line_texts(whole) == ["counterintelligence"]  # not broken: no hyphen printed


def test_an_inline_icon_is_never_alone_on_a_line() -> None:
    for width in (12, 14, 16, 18, 20, 24, 28):
        fitted = text.fit("Pay two [star] then [star] gain one [star]", width, 60, size=8, min_size=8)
        for line in fitted.lines:
            assert any(r.icon is None and r.text.strip() for r in line.runs), _line_texts(fitted)


def test_justify_fills_every_line_but_a_paragraphs_last() -> None:
    body = "Draw two cards and then discard one card of your choice to the pile.\nShort end."
    fitted = text.fit(body, 40, 60, size=9, min_size=9)
    items = text.place(fitted, 0, 0, 40, 60, align="justify")
    rows: dict[float, list[Text]] = {}
    for item in items:
        assert isinstance(item, Text)
        rows.setdefault(item.y, []).append(item)
    ends = [max(t.x + fonts.text_width_mm(t.text, t.font, t.size) for t in row) for row in rows.values()]
    ends_of_paragraph = [i for i, line in enumerate(fitted.lines) if line.end]
    for i, end in enumerate(ends):
        if i in ends_of_paragraph:
            assert end < 39.0
        else:
            assert end == pytest.approx(40.0, abs=0.01)


@pytest.mark.parametrize(("logical", "first", "last"), [
    ("שלום עולם", "ש", "ם"),
    ("مرحبا بالعالم", "م", "م"),
])
def test_right_to_left_text_is_shaped_and_shown_in_display_order(tmp_path: Path, logical: str,
                                                                first: str, last: str) -> None:
    shaped = shaping.shape(logical, str(fonts.font_path("regular")))
    assert shaped.clusters[0] == len(logical) - 1 and shaped.clusters[-1] == 0  # right to left
    assert list(shaped.xs) == sorted(shaped.xs)
    drawing = Drawing("t", 80, 20, items=[Text(5, 10, logical, "regular", 18)])
    write_faces(str(tmp_path / "rtl.pdf"), [drawing])
    chars = _pdf_chars(tmp_path / "rtl.pdf")
    # the word's first letter (logical order) is drawn rightmost, its last letter leftmost
    rightmost = max(chars, key=lambda c: c[1])
    leftmost = min(chars, key=lambda c: c[1])
    assert rightmost[0] in _forms(first) and leftmost[0] in _forms(last)


def _forms(letter: str) -> set[str]:
    """A letter and its Arabic presentation forms (as a PDF's text may give them back)."""
    import unicodedata

    found = {letter}
    name = unicodedata.name(letter)
    for code in range(0xFB50, 0xFF00):
        ch = chr(code)
        decomposed = unicodedata.normalize("NFKC", ch)
        if decomposed == letter or unicodedata.name(ch, "").endswith(name.split(" LETTER ")[-1] + " FORM"):
            found.add(ch)
    return found


def test_a_right_to_left_line_places_its_runs_from_the_right() -> None:
    fitted = text.fit("שלום **עולם**", 60, 20, size=9)
    items = [i for i in text.place(fitted, 0, 0, 60, 20) if isinstance(i, Text)]
    regular = next(t for t in items if t.font == "regular")
    bold = next(t for t in items if t.font == "bold")
    assert bold.x < regular.x  # the later (bold) word stands left of the first


def test_a_word_wider_than_the_box_with_no_break_still_overflows() -> None:
    with pytest.raises(text.TextOverflow):
        text.fit("Xxxxxxxxxxxxxxxxxxxxxxx", 10, 20, size=9, min_size=9, language="en")


def test_pyphen_knows_the_default_language() -> None:
    assert linebreak.hyphenation_language("en")
    assert not linebreak.hyphenation_language("tlh")


def test_the_svg_places_the_shaped_glyphs_layout_measured() -> None:
    import re

    from cardgen.render.svg import to_svg

    svg = to_svg(Drawing("t", 40, 20, items=[Text(5, 10, "AVoffice", "regular", 12)]))
    shaped = shaping.shape("AVoffice", str(fonts.font_path("regular")))
    xs = [float(x) for x in re.findall(r'<use x="(-?[\d.]+)"', svg)]
    assert xs == list(shaped.xs)  # kerned A-V, "ffi" one ligature glyph
    assert len(xs) == len(shaped.gids) < len("AVoffice")
