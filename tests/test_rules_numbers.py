"""The contents' page numbers drawn when the pass ends (render/rulebook/pagenumbers.py): the
same bytes as drawing them in a pass of their own, on pages and booklet sheets, for every
seed rulebook; a number that cannot wait sends the book to another pass."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

import cardgen
from cardgen.render.rulebook import document, pagenumbers
from cardgen.render.rulebook.book import Book
from cardgen.render.rulebook.styles import Look, booklet_look, page_look, paragraph_styles, pdf_face

ROOT = Path(__file__).resolve().parents[1]
LOOKS = [page_look(215.9, 279.4), page_look(210.0, 297.0), booklet_look(215.9, 279.4),
         booklet_look(210.0, 297.0)]


def _typeset(book: Book, look: Look) -> tuple[list[bool], bytes, int]:
    """The passes (did each draw?), the PDF and the links on its first page."""
    styles = paragraph_styles(look, book.faces)
    sink = io.BytesIO()
    doc = document.RulesDoc(sink, look, book, styles)
    doc.typeset(document.story(book, look, styles),
                document._canvas_class(book.icons, pdf_face(book.faces), look.booklet))
    return doc.passes, sink.getvalue(), sink.getvalue().count(b"/Subtype /Link")


def _seed(target: str) -> Book:
    from cardgen.render.rulebook import rules_book

    made = rules_book(cardgen.load_game(target, ROOT))
    assert made is not None
    return made[0]


@pytest.mark.parametrize("target", ["l5@0.6.5", "l5@0.6.2", "l5@act-one", "orbital-debris",
                                    "lux-aeterna"])
def test_numbers_drawn_when_the_pass_ends_are_the_bytes_of_a_pass_of_their_own(
        target: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every seed rulebook on both papers, flat and booklet: one pass, and the PDF (links to
    the headings included) is the one the numbers drawn at once give (a pass that measures,
    then one that draws)."""
    book = _seed(target)
    for look in LOOKS:
        passes, pdf, links = _typeset(book, look)
        with monkeypatch.context() as patched:
            patched.setattr(document, "fill", lambda canvas, pending: False)
            again, at_once, links_at_once = _typeset(book, look)
        assert passes == [True] and again == [True, True], (target, look)
        assert pdf == at_once, (target, look)
        assert links == links_at_once and (links > 0) == (not look.booklet), (target, look)


def test_a_number_that_cannot_wait_sends_the_book_to_another_pass(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """An entry whose font has not drawn yet in the document (here: every entry refused) is
    not left for later: the pass is drawn again with the numbers known, the same bytes."""
    book = _seed("l5@0.6.5")
    look = LOOKS[0]
    _, pdf, _ = _typeset(book, look)
    monkeypatch.setattr(document, "defer", lambda *args: False)
    passes, refused, _ = _typeset(book, look)
    assert passes == [True, True] and refused == pdf


def test_a_placeholder_is_drawn_as_drawPageNumbers_draws_it() -> None:
    """Filled in, each placeholder holds reportlab's text for the entry: dots and the page."""
    book = _seed("l5@0.6.5")
    look = LOOKS[0]
    styles = paragraph_styles(look, book.faces)
    doc = document.RulesDoc(io.BytesIO(), look, book, styles)
    seen: list[Any] = []
    real_fill = pagenumbers.fill

    def keeping(canvas: Any, pending: list[pagenumbers.Pending]) -> bool:
        seen.extend(pending)
        streams = [o.stream for o in canvas._doc.idToObject.values()
                   if isinstance(getattr(o, "stream", None), str)]
        assert all(sum(s.count(p.token) for s in streams) == 1 for p in pending)
        done = real_fill(canvas, pending)
        streams = [o.stream for o in canvas._doc.idToObject.values()
                   if isinstance(getattr(o, "stream", None), str)]
        assert not any(p.token in s for p in pending for s in streams)
        text = "\n".join(streams)
        for p in pending:
            page = p.contents._entries[p.entry][2]
            assert f". {page}) Tj" in text
            assert p.link is not None and p.link.Rect[2] > p.link.Rect[0]
        return done

    import cardgen.render.rulebook.document as module

    original = module.fill
    module.fill = keeping
    try:
        doc.typeset(document.story(book, look, styles),
                    document._canvas_class(book.icons, pdf_face(book.faces)))
    finally:
        module.fill = original
    assert doc.passes == [True] and len(seen) > 5
    assert pagenumbers.token(3) != pagenumbers.token(30) and "\x01" in pagenumbers.token(0)
