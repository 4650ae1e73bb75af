"""How the rules are typeset: as few layout passes as the contents need (one when they are as
predicted: their page numbers drawn when it ends), each paragraph broken into lines once per
width; and the same bytes as reportlab's own
multiBuild (every pass drawn, every paragraph broken afresh, the contents' page numbers in
their markup) gives for the same story.
"""

from __future__ import annotations

import io
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from reportlab.platypus import Frame, Paragraph
from reportlab.platypus.tableofcontents import TableOfContents

import cardgen
from cardgen.render.rulebook import blocks as bk
from cardgen.render.rulebook import document, flow, page_count
from cardgen.render.rulebook.book import Book, Faces
from cardgen.render.rulebook.styles import (
    Look,
    booklet_look,
    page_look,
    paragraph_styles,
    pdf_face,
)

ROOT = Path(__file__).resolve().parents[1]
LETTER = page_look(215.9, 279.4)
A5 = booklet_look(210.0, 297.0)

RULEBOOK = """# Tiny rules

## In the box

- 2 cards
- 1 token

## Playing

{filler}

### A detail

Not in the contents (level 3).

## Scoring

1. Count.
2. Compare.
"""


def _book(text: str) -> Book:
    return Book(bk.read_blocks(text), "Tiny 1", Faces(), {}, {})


def _filler(paragraphs: int) -> str:
    return "\n\n".join(f"Paragraph {n}: " + "the rules go on and on. " * 30
                       for n in range(paragraphs))


def _passes(book: Book, look: Look) -> tuple[list[bool], bytes]:
    """Each layout pass (did it draw?) and the PDF."""
    styles = paragraph_styles(look, book.faces)
    sink = io.BytesIO()
    doc = document.RulesDoc(sink, look, book, styles)
    doc.typeset(document.story(book, look, styles),
                document._canvas_class(book.icons, pdf_face(book.faces)))
    return doc.passes, sink.getvalue()


class _PlainFrame(Frame):  # type: ignore[misc]
    """reportlab's Frame (copied whole, drawing all it places)."""

    measuring = False


def _multibuild(book: Book, look: Look, monkeypatch: pytest.MonkeyPatch) -> bytes:
    """The same story typeset by reportlab's multiBuild with its own paragraphs, contents and
    frame."""
    with monkeypatch.context() as patched:
        patched.setattr(flow, "KeptParagraph", Paragraph)
        patched.setattr(document, "KeptParagraph", Paragraph)
        patched.setattr(document, "Contents", TableOfContents)
        patched.setattr(document, "MeasuringFrame", _PlainFrame)
        styles = paragraph_styles(look, book.faces)
        sink = io.BytesIO()
        doc = document.RulesDoc(sink, look, book, styles)
        doc.multiBuild(document.story(book, look, styles), maxPasses=6,
                       canvasmaker=document._canvas_class(book.icons, pdf_face(book.faces)))
    return sink.getvalue()


def test_a_book_whose_contents_are_as_predicted_is_laid_out_and_drawn_in_one_pass() -> None:
    passes, pdf = _passes(_book(RULEBOOK.replace("{filler}", _filler(12))), LETTER)
    assert passes == [True]
    assert page_count(pdf) >= 3


def test_a_book_without_contents_is_drawn_in_one_pass() -> None:
    passes, _ = _passes(_book("Just some text.\n\n" + _filler(3)), LETTER)
    assert passes == [True]


def test_the_contents_predicted_are_the_contents_found() -> None:
    book = _book(RULEBOOK.replace("{filler}", _filler(12)))
    styles = paragraph_styles(LETTER, book.faces)
    story = document.story(book, LETTER, styles)
    contents = next(f for f in story if isinstance(f, document.Contents))
    assert [(level, text, key) for level, text, _, key in contents._entries] == [
        (0, "Tiny rules", "h1"), (1, "In the box", "h2"), (1, "Playing", "h3"),
        (1, "Scoring", "h5")]


@pytest.mark.parametrize("look", [LETTER, A5], ids=["letter", "booklet-a5"])
@pytest.mark.parametrize("paragraphs", [0, 12, 40])
def test_the_pdf_is_the_bytes_reportlabs_multibuild_gives(
        look: Look, paragraphs: int, monkeypatch: pytest.MonkeyPatch) -> None:
    book = _book(RULEBOOK.replace("{filler}", _filler(paragraphs)))
    assert _passes(book, look)[1] == _multibuild(book, look, monkeypatch)


RICH = """# Rich rules

## Tables

| Card | Count | Text |
|:-----|------:|:-----|
{rows}

## Other blocks

```
code line one
    indented line
```

> A quote with **bold** and *italic* words,
> over two lines.

---

1. First
   - nested item with a long text that goes on and on and on and on and on and on
2. Second

![[missing-picture.png]]

{filler}

## The end

Last words.
"""


@pytest.mark.parametrize("look", [LETTER, A5], ids=["letter", "booklet-a5"])
def test_tables_quotes_code_and_pictures_are_the_bytes_reportlabs_multibuild_gives(
        look: Look, monkeypatch: pytest.MonkeyPatch) -> None:
    rows = "\n".join(f"| Card {n} | {n} | " + "a cell that wraps over lines " * (n % 4 + 1) + " |"
                     for n in range(60))
    book = _book(RICH.replace("{rows}", rows).replace("{filler}", _filler(20)))
    passes, pdf = _passes(book, look)
    assert passes == [True]
    assert page_count(pdf) >= 4
    assert pdf == _multibuild(book, look, monkeypatch)


@pytest.mark.parametrize("target", ["l5@0.6.5", "orbital-debris"])
def test_a_seed_rulebook_is_the_bytes_reportlabs_multibuild_gives(
        target: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardgen.render.rulebook import rules_book

    made = rules_book(cardgen.load_game(target, ROOT))
    assert made is not None
    book = made[0]
    for look in (LETTER, A5):
        passes, pdf = _passes(book, look)
        assert passes == [True], (target, look)
        assert pdf == _multibuild(book, look, monkeypatch), (target, look)


def test_a_contents_that_is_not_as_predicted_takes_more_passes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A wrong guess (here: the last entry missing): the first pass's drawing is dropped, the
    book measured again, then drawn, and the PDF is still reportlab's."""
    book = _book(RULEBOOK.replace("{filler}", _filler(40)))
    predicted = document.predicted_contents
    monkeypatch.setattr(document, "predicted_contents", lambda body: predicted(body)[:-1])
    passes, pdf = _passes(book, LETTER)
    assert passes == [True, False, True]
    assert pdf == _multibuild(book, LETTER, monkeypatch)


def _lines(para: Paragraph) -> list[tuple[object, ...]]:
    """A wrapped paragraph's lines: the words on each and the room left."""
    out: list[tuple[object, ...]] = []
    for line in para.blPara.lines:
        if isinstance(line, tuple):  # kind 0: (room left, words)
            out.append((round(line[0], 6), tuple(line[1])))
        else:
            out.append((round(line.extraSpace, 6), tuple(w.text for w in line.words)))
    return out


@pytest.mark.parametrize("markup", [
    "the rules go on and on. " * 20,
    "some <b>bold</b> and <i>italic</i> words, " * 8 + "and a long tail of plain words " * 4,
])
def test_a_kept_paragraph_breaks_as_a_fresh_one_at_every_width(markup: str) -> None:
    style = paragraph_styles(LETTER, Faces())["body"]
    kept = flow.KeptParagraph(markup, style)
    for width in (300.0, 180.0, 300.0, 120.0, 180.0, 300.0):
        size = kept.wrap(width, 1000.0)
        fresh = Paragraph(markup, style)
        assert size == fresh.wrap(width, 1000.0), width
        assert _lines(kept) == _lines(fresh), width
        assert kept.height == fresh.height and kept.width == fresh.width


def test_a_kept_paragraph_breaks_once_per_width(monkeypatch: pytest.MonkeyPatch) -> None:
    style = paragraph_styles(LETTER, Faces())["body"]
    kept = flow.KeptParagraph("the rules go on and on. " * 20, style)
    broken: list[object] = []
    real = flow.KeptParagraph.breakLines

    def counting(self: Paragraph, width: object) -> object:
        broken.append(width)
        return real(self, width)

    monkeypatch.setattr(flow.KeptParagraph, "breakLines", counting)
    for width in (300.0, 300.0, 180.0, 300.0, 180.0):
        kept.wrap(width, 1000.0)
    assert len(broken) == 2


def test_a_booklet_is_typeset_onto_sheets_in_booklet_order() -> None:
    """A booklet look's pages become forms, placed two-up on sheets twice as wide: no page
    of the booklet's own size is left, and each sheet side draws the forms of its pages."""
    from cardgen.render.rulebook.booklet import booklet_order
    from cardgen.render.rulebook.sheets import page_form_name

    book = _book(RULEBOOK.replace("{filler}", _filler(12)))
    pdf, pages = document.typeset(book, A5)
    order = booklet_order(pages)
    doc = pdfium.PdfDocument(pdf)
    try:
        assert len(doc) == len(order)
        for n, side in enumerate(order):
            width, height = doc[n].get_size()
            assert (round(width / 72 * 25.4), round(height / 72 * 25.4)) == (297, 210)
            shown = [p for p in side if p is not None]
            forms = [obj for obj in doc[n].get_objects() if obj.type == 5]  # FPDF_PAGEOBJ_FORM
            assert len(forms) == len(shown), (n, side)
    finally:
        doc.close()
    for page in range(1, pages + 1):
        assert f"/FormXob.{page_form_name(page)}".encode() in pdf


def test_a_measuring_frames_deep_copy_is_what_deepcopy_makes() -> None:
    import copy

    frame = document.MeasuringFrame(10, 20, 300, 400, id="text")
    frame._frameBGs = [["a background"]]
    frame.measuring = True
    twin = copy.deepcopy(frame)
    plain = copy.deepcopy(_PlainFrame(10, 20, 300, 400, id="text"))
    plain._frameBGs, plain.measuring = [["a background"]], True
    assert type(twin) is document.MeasuringFrame and twin is not frame
    assert vars(twin) == vars(plain)
    assert twin._frameBGs is not frame._frameBGs and twin._frameBGs[0] is not frame._frameBGs[0]


def test_headings_only_inside_lists_and_quotes_get_no_contents() -> None:
    """They never reach the contents (platypus places the list, not the heading), so no
    contents is printed for them (it printed a placeholder entry on page 0)."""
    book = _book("Intro text.\n\n> ## A quoted heading\n>\n> quoted text\n\n"
                 "- ## Listed heading\n\nMore.\n")
    passes, pdf = _passes(book, LETTER)
    assert passes == [True]
    doc = pdfium.PdfDocument(pdf)
    try:
        text = doc[0].get_textpage().get_text_range()
    finally:
        doc.close()
    assert "A quoted heading" in text and "Listed heading" in text
    assert "Contents" not in text and "Placeholder" not in text


def test_paragraphs_parsed_for_one_paper_serve_another_of_their_text_size(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A paragraph's markup is parsed once per markup and style: the A4 typeset after the
    Letter one parses nothing (one text size), and gives the bytes it gives on its own; a
    booklet (another text size) parses its own."""
    book = _book(RICH.replace("{rows}", "| a | 1 | b |\n| a | 1 | b |").replace(
        "{filler}", _filler(6)))
    a4 = page_look(210.0, 297.0)
    monkeypatch.setattr(flow, "_PARSED", {})
    monkeypatch.setattr(flow, "_SIZED", {})
    alone = document.typeset(book, a4)[0]
    monkeypatch.setattr(flow, "_PARSED", {})
    monkeypatch.setattr(flow, "_SIZED", {})
    parsed: list[str] = []
    real = flow.KeptParagraph._parse

    def counting(self: flow.KeptParagraph, text: str, style: object, bullet: object,
                 cleaner: object) -> None:
        parsed.append(text)  # a parse, by quickparse or reportlab
        real(self, text, style, bullet, cleaner)

    monkeypatch.setattr(flow.KeptParagraph, "_parse", counting)
    document.typeset(book, LETTER)
    first = len(parsed)
    assert first > 0
    assert document.typeset(book, a4)[0] == alone
    assert len(parsed) == first
    document.typeset(book, A5)
    assert len(parsed) > first


def test_a_kept_parse_is_never_served_to_another_style() -> None:
    styles = paragraph_styles(LETTER, Faces())
    body = flow.KeptParagraph("Same <b>words</b>", styles["body"])
    cell = flow.KeptParagraph("Same <b>words</b>", styles["cell"])
    again = flow.KeptParagraph("Same <b>words</b>", styles["body"])
    fresh = Paragraph("Same <b>words</b>", styles["cell"])
    assert cell.frags is not body.frags and again.frags is body.frags
    assert [f.fontSize for f in cell.frags] == [f.fontSize for f in fresh.frags]
    assert cell.wrap(200, 100) == fresh.wrap(200, 100)


def _frags(para: Paragraph) -> list[dict[str, object]]:
    """Each fragment's attributes (a callback's by its own attributes)."""
    return [{k: (v.__dict__ if k == "cbDefn" else v) for k, v in f.__dict__.items()
             if k != "_fkind"} for f in para.frags]


@pytest.mark.parametrize("target", ["l5@0.6.5", "l5@act-one", "orbital-debris", "lux-aeterna"])
def test_a_paragraph_of_another_size_takes_the_fragments_its_own_parse_gives(
        target: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each paragraph of a seed rulebook made at the page's size, then at the booklet's: the
    booklet's fragments (made from the page's parse, or parsed) are those a fresh parse at
    the booklet's size gives, attribute for attribute; most are made, not parsed."""
    from cardgen.render.rulebook import rules_book

    monkeypatch.setattr(flow, "_PARSED", {})
    monkeypatch.setattr(flow, "_SIZED", {})
    made = rules_book(cardgen.load_game(target, ROOT))
    assert made is not None
    book = made[0]
    for look in (LETTER, A5):
        document.story(book, look, paragraph_styles(look, book.faces))
    parsed: list[str] = []
    real = Paragraph._setup

    def counting(self: Paragraph, text: object, style: object, bullet: object, frags: object,
                 cleaner: object) -> None:
        if frags is None:
            parsed.append(str(text))
        real(self, text, style, bullet, frags, cleaner)

    monkeypatch.setattr(flow, "_PARSED", {})
    monkeypatch.setattr(flow, "_SIZED", {})
    monkeypatch.setattr(Paragraph, "_setup", counting)
    page = [f for f in document.story(book, LETTER, paragraph_styles(LETTER, book.faces))
            if isinstance(f, flow.KeptParagraph)]
    first = len(parsed)
    small = [f for f in document.story(book, A5, paragraph_styles(A5, book.faces))
             if isinstance(f, flow.KeptParagraph)]
    assert len(small) == len(page) > 20
    assert len(parsed) - first < len(small) / 4
    monkeypatch.setattr(Paragraph, "_setup", real)
    for para in small:
        fresh = Paragraph(para.text, para.style)
        assert _frags(para) == _frags(fresh), para.text
        assert para.style is fresh.style and para.text == fresh.text
        assert all(f.fontSize == para.style.fontSize for f in para.frags)


@pytest.mark.parametrize("markup", [
    "a line<br/>and another", "an icon <onDraw name=\"x\" label=\"y\"/> here",
    '<font face="CardgenSans" size="12">sized</font> text', "<b>bold</b> words",
    '<a href="#h1">a link</a>', "<i>italic</i>"])
def test_markup_beyond_text_and_faces_is_parsed_at_each_size(markup: str) -> None:
    big = paragraph_styles(LETTER, Faces())["body"]
    small = paragraph_styles(A5, Faces())["body"]
    flow.KeptParagraph(markup, big)
    para = flow.KeptParagraph(markup, small)
    fresh = Paragraph(markup, small)
    assert _frags(para) == _frags(fresh)
    assert (markup, small.name, 1) not in flow._SIZED or flow._resized(markup, small, 1) is None


def test_a_parse_is_not_resized_into_a_style_of_another_shape() -> None:
    """A style of the same name whose colour or font differs: its own parse, its own colour."""
    from reportlab.lib.colors import HexColor

    big = paragraph_styles(LETTER, Faces())["body"]
    other = big.clone("body", fontSize=7.0, textColor=HexColor("#FF0000"))
    flow.KeptParagraph("Some <font face=\"CardgenSans-Bold\">words</font>", big)
    para = flow.KeptParagraph("Some <font face=\"CardgenSans-Bold\">words</font>", other)
    assert [f.textColor for f in para.frags] == [other.textColor] * 2
    assert [f.fontSize for f in para.frags] == [7.0, 7.0]
    plain = flow.KeptParagraph("Some <font face=\"CardgenSans-Bold\">words</font>",
                               big.clone("body", fontSize=8.0))
    assert [f.fontSize for f in plain.frags] == [8.0, 8.0]
    assert [f.fontName for f in plain.frags] == ["CardgenSans", "CardgenSans-Bold"]


def test_page_count_reads_the_page_tree_as_pdfium_counts_the_pages(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The rules and booklets (short and long: a page tree array over several lines) counted
    from their page tree without pdfium; a PDF whose tree is written otherwise, by pdfium."""
    import sys

    made = []
    for paragraphs in (0, 12, 160):
        book = _book(RULEBOOK.replace("{filler}", _filler(paragraphs)))
        for look in (LETTER, A5):
            made.append(document.typeset(book, look)[0])
    expected = []
    for pdf in made:
        doc = pdfium.PdfDocument(pdf)
        expected.append(len(doc))
        doc.close()
    assert max(expected) > 20  # a page tree's array over several lines
    monkeypatch.setitem(sys.modules, "pypdfium2", None)  # importing it would fail
    assert [page_count(pdf) for pdf in made] == expected
    path = tmp_path / "rules.pdf"
    path.write_bytes(made[-1])
    assert page_count(path) == expected[-1]
    monkeypatch.undo()
    copy = pdfium.PdfDocument.new()  # pdfium writes its page tree otherwise: pdfium counts it
    copy.import_pages(pdfium.PdfDocument(made[-2]))
    saved = io.BytesIO()
    copy.save(saved)
    assert b"/Type/Pages" in saved.getvalue()
    assert page_count(saved.getvalue()) == expected[-2]
