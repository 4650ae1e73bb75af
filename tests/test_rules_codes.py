"""The rules' shortcuts inside reportlab's typesetting give reportlab's own answers: character
codes of ASCII text (render/rulebook/codes.py) and a paragraph's words made once per parse
(render/rulebook/words.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cardgen.render.rulebook import codes, platypus

ROOT = Path(__file__).resolve().parents[1]


def _typeset_seed(target: str = "l5@0.6.5") -> None:
    """The seed's rules typeset on a Letter page and an A4 booklet page, and the same again
    on A4 and Letter (the typesets of one text size share their parses)."""
    import cardgen
    from cardgen.render.rulebook import document, rules_book
    from cardgen.render.rulebook.styles import booklet_look, page_look

    made = rules_book(cardgen.load_game(target, ROOT))
    assert made is not None
    for look in (page_look(215.9, 279.4), booklet_look(215.9, 279.4), page_look(210.0, 297.0),
                 booklet_look(210.0, 297.0)):
        document.typeset(made[0], look)


def test_codes_are_installed_and_answer_as_reportlab_on_every_text_the_rules_draw(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Every text the seed's rules draw, in its document's font state at the time: the codes
    split_string gives are those of reportlab's loop; most texts take the shortcut. (The rules'
    text object writes most ASCII text without asking for its codes, drawing.py, tested in
    test_rules_drawing.py: here it asks for every text.)"""
    platypus.import_platypus()
    from reportlab.pdfbase import ttfonts

    from cardgen.render.rulebook import drawing

    monkeypatch.setattr(drawing, "_own_ascii", lambda canvas, font, doc: False)

    assert ttfonts.TTFont.splitString is codes.split_string
    seen: list[str] = []
    short = 0

    def recording(font: Any, text: Any, doc: Any, encoding: str = "utf-8") -> Any:
        nonlocal short
        answer = codes.split_string(font, text, doc, encoding)
        state = font.state.get(doc)
        short += state is not None and codes._OWN.get(state, False) and text.isascii()
        assert answer == codes._REAL_SPLIT(font, text, doc, encoding), text
        seen.append(text)
        return answer

    monkeypatch.setattr(ttfonts.TTFont, "splitString", recording)
    _typeset_seed()
    assert len(seen) > 1000 and len(set(seen)) > 300
    assert any(not t.isascii() for t in seen) and short > len(seen) // 2


def test_codes_for_odd_texts_and_a_state_not_ascii_readable() -> None:
    """Control characters, DEL, non-breaking spaces, accents, empty text, bytes; a font whose
    states give codes in order of use (asciiReadable off): reportlab's answers, and the
    shortcut taken only where the state shows ASCII as itself."""
    from reportlab.pdfbase.pdfdoc import PDFDocument
    from reportlab.pdfbase.ttfonts import TTFont

    from cardgen.layout import fonts

    texts = ["plain words", "", "tab\there", "line\nbreak", "del\x7f", "caf\u00e9",
             "non\u00a0breaking", "~!@#$%^&*()_+{}|:\"<>?`-=[]\\;',./", "  ", "\u2022 item"]
    for readable in (1, 0):
        font = TTFont(f"cardgen-test-codes-{readable}", str(fonts.font_path("regular")),
                      asciiReadable=readable)
        doc = PDFDocument()
        twin = TTFont(f"cardgen-test-codes-twin-{readable}", str(fonts.font_path("regular")),
                      asciiReadable=readable)
        twin_doc = PDFDocument()
        for text in [*texts, *texts]:  # the second time: the state is made
            mine = codes.split_string(font, text, doc)
            theirs = codes._REAL_SPLIT(twin, text, twin_doc)
            assert mine == theirs, (readable, text)
        state = font.state[doc]
        assert codes._OWN.get(state) == bool(readable)
        assert font.state[doc].assignments == twin.state[twin_doc].assignments
        assert codes.split_string(font, b"bytes", doc) == codes._REAL_SPLIT(twin, b"bytes",
                                                                           twin_doc)


def _shape(words: list[Any]) -> list[tuple[Any, ...]]:
    """Words as their type, width and (fragment, text) pairs: what line breaking reads."""
    return [(type(w), w[0], *[(id(f), t) for f, t in w[1:]]) for w in words]


@pytest.mark.parametrize("target", ["l5@0.6.5", "l5@act-one", "orbital-debris@1.0.0"])
def test_kept_words_are_reportlabs_on_every_paragraph_the_rules_break(
        monkeypatch: pytest.MonkeyPatch, target: str) -> None:
    """Every list of fragments line breaking cuts into words, on both papers and sizes: the
    words handed out are reportlab's, made afresh from the same fragments, as a new list each
    time; the typesets of one size take most of them from the memo."""
    platypus.import_platypus()
    from reportlab.platypus import paragraph

    from cardgen.render.rulebook import words

    assert paragraph._getFragWords is words.frag_words
    words._KEPT.clear()
    calls: list[tuple[Any, list[Any], list[Any]]] = []
    hits = 0

    def recording(frags: Any, maxWidth: Any = None) -> Any:
        nonlocal hits
        hits += id(frags) in words._KEPT
        made = words.frag_words(frags, maxWidth)
        calls.append((frags, made, list(made)))  # as handed (line breaking pops from it)
        return made

    monkeypatch.setattr(paragraph, "_getFragWords", recording)
    _typeset_seed(target)
    assert len(calls) > 50 and hits > len(calls) // 3
    handed: set[int] = set()
    for frags, made, given in calls:
        assert id(made) not in handed  # a new list each time
        handed.add(id(made))
        assert _shape(given) == _shape(words._REAL_WORDS(frags)), frags


def test_words_of_soft_hyphens_marks_with_width_and_broken_words_are_made_afresh(
        tmp_path: Path) -> None:
    from PIL import Image

    platypus.import_platypus()
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph

    from cardgen.render.rulebook import words

    style = ParagraphStyle("p", fontName="Helvetica", fontSize=10)
    plain = Paragraph("some <b>bold</b> words", style).frags
    soft = Paragraph("soft\xadhyphen <b>bold</b>", style).frags
    Image.new("RGB", (4, 4)).save(tmp_path / "x.png")
    picture = Paragraph(f'a <img src="{tmp_path / "x.png"}" width="50%" height="10"/> b',
                        style).frags
    assert words._plain(plain) and not words._plain(soft) and not words._plain(picture)
    first = words.frag_words(plain)
    again = words.frag_words(plain)
    assert first is not again and all(a is b for a, b in zip(first, again, strict=True))
    broken = Paragraph("some <b>bold</b> words", style)
    broken.wrap(30, 1000)  # its fragments become its words
    assert not words._plain(broken.frags)
    assert _shape(words.frag_words(broken.frags)) == _shape(words._REAL_WORDS(broken.frags))
    soft_words = words.frag_words(soft)
    assert words.frag_words(soft) is not soft_words and id(soft) not in words._KEPT
