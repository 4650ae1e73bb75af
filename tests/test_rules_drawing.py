"""Paragraphs drawn by cardgen.render.rulebook.drawing write reportlab's own operators: every
plain paragraph of the seed rulebooks, paragraph by paragraph; every text the rules canvas's
text object formats; and the rules PDFs byte for byte."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cardgen.render.rulebook import platypus

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ("l5@0.6.5", "l5@act-one", "l5@0.6.2", "lux-aeterna@published", "orbital-debris@1.0.0")


def _looks() -> tuple[Any, ...]:
    from cardgen.render.rulebook.styles import booklet_look, page_look

    return (page_look(215.9, 279.4), booklet_look(215.9, 279.4), page_look(210.0, 297.0),
            booklet_look(210.0, 297.0), page_look(150.0, 200.0))


def test_plain_paragraphs_write_reportlabs_operators_on_every_seed_paragraph(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each seed rulebook on five looks: every paragraph draw_plain draws writes what
    reportlab's drawPara writes in its place (drawn by both, one after the other)."""
    import cardgen
    from cardgen.render.rulebook import document, drawing, flow, rules_book

    platypus.import_platypus()
    from reportlab.platypus.paragraph import Paragraph

    counts = {"ours": 0, "theirs": 0}

    def checking(para: Any, debug: Any = 0) -> None:
        canvas = para.canv
        start = len(canvas._code)
        depth = len(canvas.state_stack)
        if not drawing.draw_plain(para):
            counts["theirs"] += 1
            Paragraph.drawPara(para, debug)
            return
        counts["ours"] += 1
        ours = canvas._code[start:]
        assert len(canvas.state_stack) == depth
        del canvas._code[start:]
        Paragraph.drawPara(para, debug)
        assert ours == canvas._code[start:], para.text

    monkeypatch.setattr(flow.KeptParagraph, "drawPara", checking)
    for target in SEEDS:
        made = rules_book(cardgen.load_game(target, ROOT))
        assert made is not None
        for look in _looks():
            document.typeset(made[0], look)
    assert counts["ours"] > 500 and counts["theirs"] > 500


def test_the_text_object_formats_every_text_as_reportlab(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every text the seeds' rules show, formatted by RulesText and by reportlab's text object
    in the same state: the same operators, the same subset in use after."""
    import cardgen
    from cardgen.render.rulebook import document, drawing, rules_book

    platypus.import_platypus()
    from reportlab.pdfgen.textobject import PDFTextObject

    seen: list[str] = []
    real = drawing.RulesText._formatText

    def checking(tx: Any, text: Any) -> str:
        before = tx._curSubset
        ours = real(tx, text)
        after = tx._curSubset
        tx._curSubset = before
        theirs = PDFTextObject._formatText(tx, text)
        assert (ours, after) == (theirs, tx._curSubset), text
        seen.append(text)
        return str(ours)

    monkeypatch.setattr(drawing.RulesText, "_formatText", checking)
    for target in ("l5@0.6.5", "lux-aeterna@published"):
        made = rules_book(cardgen.load_game(target, ROOT))
        assert made is not None
        for look in _looks()[:2]:
            document.typeset(made[0], look)
    assert len(seen) > 1000 and any(not t.isascii() for t in seen)


def test_odd_texts_are_formatted_as_reportlab_formats_them() -> None:
    """Texts outside ASCII (new subsets), escapes, empty text, bytes, a font of reportlab's
    own (not TrueType): RulesText gives reportlab's operators and leaves the same subset."""
    import io

    platypus.import_platypus()
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.pdfgen.textobject import PDFTextObject

    from cardgen.layout import fonts
    from cardgen.render.pdffonts import tt_font
    from cardgen.render.rulebook.drawing import RulesText

    name = "CardgenRulesDrawingTest"
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(tt_font(name, fonts.font_path("regular")))
    texts = ["plain", "", "(paren) back\\slash", "a back\\slash alone", "a) closing",
             "caf\u00e9", "\u2192 arrows \u2190",
             "".join(chr(c) for c in range(0x100, 0x1a0)), "mixed \u00e9 and \u0416",
             "ASCII (again) after another subset", b"bytes", "and after bytes"]
    for font in (name, "Helvetica"):
        canvas = Canvas(io.BytesIO())
        ours, theirs = RulesText(canvas), PDFTextObject(canvas)
        for tx in (ours, theirs):
            tx.setFont(font, 10, 12)
        for text in texts:
            assert ours._formatText(text) == theirs._formatText(text), (font, text)
            assert ours._curSubset == theirs._curSubset
            ours._textOut(text, 1)
            theirs._textOut(text, 1)
        assert ours.getCode() == theirs.getCode()


def test_other_paragraphs_are_drawn_by_reportlab() -> None:
    """A link, a mark, an underline, a line break, a centred or justified style, a bullet:
    draw_plain leaves the paragraph to reportlab and draws nothing."""
    import io

    platypus.import_platypus()
    from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.pdfgen.canvas import Canvas

    from cardgen.render.rulebook.drawing import draw_plain
    from cardgen.render.rulebook.flow import KeptParagraph

    style = ParagraphStyle("body", fontName="Helvetica", fontSize=10, leading=13)
    cases = [("a <a href='#x'>link</a> b", style), ("a <u>under</u> b", style),
             ("a <br/> b <b>c</b>", style), ('a <onDraw name="x" label="1"/> <b>b</b>', style),
             ("a <super>up</super> <b>b</b>", style),
             ("a <b>b</b>", style.clone("c", alignment=TA_CENTER)),
             ("a <b>b</b>", style.clone("j", alignment=TA_JUSTIFY)),
             ("a <b>b</b>", style.clone("bg", backColor="#eeeeee"))]
    canvas = Canvas(io.BytesIO())
    for text, chosen in cases:
        para = KeptParagraph(text, chosen)
        para.wrap(200, 100)
        para.canv = canvas
        before = list(canvas._code)
        assert not draw_plain(para), text
        assert canvas._code == before
    plain = KeptParagraph("a <b>b</b> c", style)
    plain.wrap(200, 100)
    plain.canv = canvas
    assert draw_plain(plain)
    bullet = KeptParagraph("a <b>b</b> c", style, bulletText="\u2022")
    bullet.wrap(200, 100)
    bullet.canv = canvas
    assert not draw_plain(bullet)


def test_the_rules_pdfs_are_the_same_bytes_as_drawn_by_reportlab(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The seeds' rules on Letter and A4 pages and booklets: the same bytes whether cardgen or
    reportlab draws the paragraphs and formats their text."""
    import cardgen
    from cardgen.render.rulebook import document, drawing, flow, rules_book

    platypus.import_platypus()
    from reportlab.pdfgen.textobject import PDFTextObject

    for target in ("l5@0.6.5", "lux-aeterna@published"):
        made = rules_book(cardgen.load_game(target, ROOT))
        assert made is not None
        looks = _looks()[:4]
        with monkeypatch.context() as patched:
            patched.setattr(flow, "draw_plain", lambda para: False)
            patched.setattr(document, "RulesText", PDFTextObject)
            theirs = [document.typeset(made[0], look)[0] for look in looks]
        assert flow.draw_plain is drawing.draw_plain and document.RulesText is drawing.RulesText
        ours = [document.typeset(made[0], look)[0] for look in looks]
        assert ours == theirs


def test_generated_paragraphs_write_reportlabs_operators() -> None:
    """Random paragraphs of text, bold, italic, colours, sizes, faces, non-breaking spaces and
    text outside ASCII, broken to random widths (lines that shrink their spaces among them),
    with a first-line indent or none: draw_plain writes what reportlab's drawPara writes."""
    import io
    import random

    platypus.import_platypus()
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus.paragraph import Paragraph

    from cardgen.render.rulebook.drawing import RulesText, draw_plain
    from cardgen.render.rulebook.flow import KeptParagraph

    class TextCanvas(Canvas):  # type: ignore[misc]
        def beginText(self, x: float = 0, y: float = 0, direction: Any = None) -> RulesText:
            return RulesText(self, x, y, direction=direction)

    rng = random.Random(25)
    words = ["the", "card", "Orbit", "(dice)", "back\\slash", "caf\u00e9", "a\u00a0b", "—",
             "1,2", "Lucky", "x"]

    def text() -> str:
        return " ".join(rng.choice(words) for _ in range(rng.randint(1, 12)))

    spans = ["<b>{}</b>", "<i>{}</i>", '<font color="#C03030">{}</font>', '<font size="13">{}</font>',
             '<font face="Courier">{}</font>', '<font color="#1A1A1A">{}</font>', "{}"]
    styles = [ParagraphStyle("body", fontName="Helvetica", fontSize=10, leading=13),
              ParagraphStyle("indented", fontName="Times-Roman", fontSize=9, leading=11,
                             firstLineIndent=12, leftIndent=6)]
    ours_drawn = 0
    for _ in range(400):
        markup = " ".join(rng.choice(spans).format(text()) for _ in range(rng.randint(2, 7)))
        para = KeptParagraph(markup, rng.choice(styles))
        para.wrap(rng.uniform(40, 400), 10000)
        canvas = TextCanvas(io.BytesIO())
        para.canv = canvas
        if not draw_plain(para):
            continue
        ours_drawn += 1
        ours = list(canvas._code)
        canvas._code.clear()
        Paragraph.drawPara(para)
        assert ours == canvas._code, markup
    assert ours_drawn > 300


def test_numbers_are_formatted_as_fp_str_formats_them() -> None:
    """The kept formatting of numbers gives fp_str's text for ints, floats, equal numbers of
    either type, zeros of either sign, tuples of several, lists among them, whether kept
    already or not (each asked twice)."""
    import random

    platypus.import_platypus()
    from reportlab.lib.rl_accel import fp_str

    from cardgen.render.rulebook import drawing

    rng = random.Random(14)
    cases: list[tuple[object, ...]] = [
        (0,), (-0.0,), (0.0,), (1,), (1.0,), (True,), (13.5,), (10 ** 17,), (1e17,), (2 ** 60,),
        (float(2 ** 60),), (1e-9,), (-1e-9,), (123456.789123,), (0.1, 0.1, 0.1), (0, -0.0),
        (1, 0, 0, 1, 56.69291338582677, 700.1234567891234), ([1.5, 2],), ((0.25, 0.5),)]
    cases += [tuple(rng.uniform(-1000, 1000) for _ in range(rng.randint(1, 6)))
              for _ in range(300)]
    cases += [(rng.randint(-10 ** 6, 10 ** 6),) for _ in range(100)]
    drawing._NUMBERS.clear()
    for _ in range(2):
        for values in cases:
            assert drawing.numbers_text(*values) == fp_str(*values), values


def test_the_text_object_sets_origins_leadings_and_colours_as_reportlab() -> None:
    """RulesText's text origin, leading and fill colour (RGB, CMYK, grey tuples, names, with
    and without alpha, on a canvas top-down and bottom-up): reportlab's operators, the same
    state after, the same graphics state names given."""
    import io

    platypus.import_platypus()
    from reportlab.lib.colors import CMYKColor, Color
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.pdfgen.textobject import PDFTextObject

    from cardgen.render.rulebook.drawing import KeptColours, RulesText

    colours: list[object] = [Color(0.1, 0.1, 0.1), Color(0.1, 0.1, 0.1), Color(1, 0, 0, 0.5),
                             Color(0, 0.5, 1, alpha=1), CMYKColor(0.1, 0.2, 0.3, 0.4),
                             (0.2, 0.3, 0.4), (0.1, 0.2, 0.3, 0.4), "red", "#1A1A1A"]
    numbers = [0, 0.0, -0.0, 10, 13.5, 12.150000000000002, 56.69291338582677, -3.25]
    for bottomup in (1, 0):
        canvases = [Canvas(io.BytesIO(), bottomup=bottomup) for _ in range(2)]
        ours, theirs = RulesText(canvases[0], 3.5, 700.25), PDFTextObject(canvases[1], 3.5, 700.25)
        for n, x in enumerate(numbers):
            for tx in (ours, theirs):
                tx.setTextOrigin(x, numbers[-1 - n])
                tx.setLeading(x)
        for colour in colours:
            for tx in (ours, theirs):
                tx.setFillColor(colour)
                tx.setFillColor(colour, alpha=0.25)
        assert ours.getCode() == theirs.getCode()
        keep = ("_x", "_y", "_x0", "_y0", "_leading", "_fillColorObj")
        assert [getattr(ours, k) for k in keep] == [getattr(theirs, k) for k in keep]
        assert canvases[0]._extgstate._c == canvases[1]._extgstate._c

    class KeptCanvas(KeptColours, Canvas):  # type: ignore[misc]
        pass

    for enforce in (None, "rgb"):
        kept = KeptCanvas(io.BytesIO(), enforceColorSpace=enforce)
        plain = Canvas(io.BytesIO(), enforceColorSpace=enforce)
        rgb = [c for c in colours if not isinstance(c, CMYKColor) and not (
            isinstance(c, tuple) and len(c) == 4)]
        for colour in (rgb if enforce else colours):  # CMYK refused by an RGB canvas
            for canvas in (kept, plain):
                canvas.setFillColor(colour)
                canvas.setFillColor(colour, alpha=0.25)
        assert kept._code == plain._code
        assert kept._fillColorObj == plain._fillColorObj
        assert kept._extgstate._c == plain._extgstate._c
