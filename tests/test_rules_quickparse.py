"""The rules' commonest paragraph markup cut into fragments without reportlab's parser
(render/rulebook/quickparse.py): fragment for fragment what ParaParser makes of it, on every
paragraph of the seed rulebooks and on generated markup; other markup left to the parser."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardgen
from cardgen.render.rulebook import document, flow, platypus, quickparse
from cardgen.render.rulebook.book import Faces
from cardgen.render.rulebook.styles import booklet_look, page_look, paragraph_styles, pdf_face

ROOT = Path(__file__).resolve().parents[1]
platypus.import_platypus()

from reportlab.platypus import Paragraph  # noqa: E402  (imported as the rules import it)
from reportlab.platypus.paragraph import cleanBlockQuotedText  # noqa: E402


def _attrs(frags: list[Any]) -> list[tuple[type, dict[str, Any]]]:
    """Each fragment's class and attributes (a callback's by its own attributes)."""
    return [(type(f), {k: (v.__dict__ if k == "cbDefn" else v) for k, v in f.__dict__.items()})
            for f in frags]


def _same_as_reportlab(markup: str, style: Any) -> bool:
    """quick_frags gives reportlab's fragments (True) or leaves the markup to it (False)."""
    cleaned = cleanBlockQuotedText(markup)
    mine = quickparse.quick_frags(cleaned, style, 1)
    theirs = Paragraph(markup, style)
    if mine is None:
        return False
    assert theirs.text == cleaned and theirs.style is style, markup
    assert _attrs(mine) == _attrs(theirs.frags), markup
    return True


@pytest.mark.parametrize("target", ["l5@0.6.5", "l5@0.6.2", "l5@act-one", "orbital-debris",
                                    "lux-aeterna"])
def test_every_seed_paragraph_is_cut_as_reportlab_parses_it(
        target: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardgen.render.rulebook import rules_book

    monkeypatch.setattr(flow, "_PARSED", {})
    monkeypatch.setattr(flow, "_SIZED", {})
    made = rules_book(cardgen.load_game(target, ROOT))
    assert made is not None
    book = made[0]
    quick = total = 0
    for look in (page_look(215.9, 279.4), booklet_look(210.0, 297.0)):
        story = document.story(book, look, paragraph_styles(look, book.faces))
        for para in story:
            if isinstance(para, flow.KeptParagraph):
                total += 1
                quick += _same_as_reportlab(para.text, para.style)
                assert _attrs(para.frags) == _attrs(Paragraph(para.text, para.style).frags)
    assert total > 20 and quick > total // 2


FACES = ["CardgenSans", "CardgenSans-Bold", "Helvetica-Oblique"]
_TEXT = st.text(alphabet=st.sampled_from(list("ab Z9.,;:!?'\"-()[]\u00a0\u00e9\u2022\t\n ")),
                min_size=1, max_size=12)
_PIECE = st.one_of(
    _TEXT.map(lambda t: t.replace("&", "")),
    st.sampled_from(["&amp;", "&lt;", "&gt;", "<br/>", " <br/> ", "&amp;&lt;"]),
    st.tuples(st.sampled_from(FACES), _TEXT, st.booleans()).map(
        lambda f: f'<font face="{f[0]}">{f[1]}{"<br/>" if f[2] else ""}</font>'),
    st.tuples(st.sampled_from(["#h1", "#h12", "https://example.com/x?y=1"]), _TEXT,
              st.booleans()).map(
        lambda a: f'<a href="{a[0]}">{a[1]}{"<br/>" if a[2] else ""}</a>'),
    st.tuples(st.sampled_from(["drawTOCEntryEnd", "cardgen_icon"]),
              st.sampled_from(["", "0", "12", "star|9", "a b"])).map(
        lambda m: f'<onDraw name="{m[0]}" label="{m[1]}"/>'),
)


@settings(max_examples=300, deadline=None)
@given(pieces=st.lists(_PIECE, min_size=1, max_size=8), size=st.sampled_from([10.0, 9.0]),
       style_name=st.sampled_from(["body", "h1", "item", "cell", "caption"]))
def test_generated_markup_is_cut_as_reportlab_parses_it(pieces: list[str], size: float,
                                                        style_name: str) -> None:
    look = page_look(215.9, 279.4) if size == 10.0 else booklet_look(215.9, 279.4)
    pdf_face(Faces(), bold=True)  # the faces registered
    style = paragraph_styles(look, Faces())[style_name]
    markup = "".join(pieces)
    if cleanBlockQuotedText(markup):
        assert _same_as_reportlab(markup, style), markup


@pytest.mark.parametrize("markup", [
    '<font face="CardgenSans-Bold"><font face="CardgenSans">nested</font></font>',
    '<font face="CardgenSans-Bold">unclosed', "closed</font> too soon", "<b>bold</b>",
    "&quot;quoted&quot;", "&#65;", "a < b", "TECH & ACCESSORIES",
    '<font face="CardgenSans" size="12">sized</font>', '<a href="">no target</a>',
    '<a href="#h1" color="red">coloured</a>', '<a href="#h1"><font face="CardgenSans">x</font></a>',
    '<font face="CardgenSans"><a href="#h1">x</a></font>', '<a href="#h1">a <onDraw name="x" '
    'label="y"/></a>', '<onDraw name="x"/>', '<onDraw name="" label="y"/>', "</a>", ""])
def test_other_markup_is_left_to_reportlab(markup: str) -> None:
    """Markup beyond text, entities, face spans, links, draw marks and line breaks, or those
    nested or unclosed: reportlab's parser."""
    style = paragraph_styles(page_look(215.9, 279.4), Faces())["body"]
    assert quickparse.quick_frags(cleanBlockQuotedText(markup), style, 1) is None


def test_a_face_reportlab_cannot_map_is_left_to_its_parser_and_its_error() -> None:
    style = paragraph_styles(page_look(215.9, 279.4), Faces())["body"]
    markup = '<font face="NoSuchFace">x</font>'
    assert quickparse._template(style, 1, "NoSuchFace") is None
    assert quickparse.quick_frags(markup, style, 1) is None
    with pytest.raises(ValueError, match="nosuchface"):
        flow.KeptParagraph(markup, style)


def test_templates_are_kept_per_style_object() -> None:
    """A style made again (another object, the same name) has its own template."""
    first = paragraph_styles(page_look(215.9, 279.4), Faces())["body"]
    other = first.clone("body", fontSize=7.0)
    mine = quickparse.quick_frags("some words", other, 1)
    assert mine is not None and [f.fontSize for f in mine] == [7.0]
    again = quickparse.quick_frags("some words", first, 1)
    assert again is not None and [f.fontSize for f in again] == [first.fontSize]


@settings(max_examples=300, deadline=None)
@given(markup=st.lists(st.sampled_from(["a", " ", "<", ">", "&amp;", '"', '<font face="F">',
                                        '<font face="F"', "</font>", "<b>", "x\u00a0y"]),
                       max_size=12).map("".join))
def test_face_spans_are_recognised_as_the_backtracking_pattern_recognises_them(
        markup: str) -> None:
    """flow._FACE_SPANS (possessive: no backtracking) accepts what the plain pattern does."""
    import re

    plain = re.compile(r'(?:[^<>]|<font face="[^"<>&]*">|</font>)*')
    assert bool(flow._FACE_SPANS.fullmatch(markup)) == bool(plain.fullmatch(markup))


def test_a_contents_entry_and_links_numbered_in_their_paragraph_are_cut_as_reportlab_parses_them(
        ) -> None:
    style = paragraph_styles(page_look(215.9, 279.4), Faces())["toc2"]
    for markup in ['<a href="#h3">SETTING UP</a><onDraw name="drawTOCEntryEnd" label="2"/>',
                   'one <a href="#a">link</a> and <a href="#b">another</a> <a href="#c">x</a>',
                   '<onDraw name="cardgen_icon" label="star|10"/> after a mark']:
        assert _same_as_reportlab(markup, style), markup


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(
    ["a", "é", "<", "&", " ", "  ", "\t", "\n", "\r", "\xa0", "\u200b", "\u2003", "\x85",
     "\x1c", "\u3000", "—"]), max_size=12).map("".join))
def test_markup_taken_as_clean_is_what_reportlab_cleans_it_to(text: str) -> None:
    """A paragraph's markup is kept as it is only where reportlab's cleaning gives it back."""
    assert flow._cleaned(text, cleanBlockQuotedText) == cleanBlockQuotedText(text)
    assert flow._cleaned(text, str.upper) == text.upper()


def test_every_seed_paragraph_is_cleaned_as_reportlab_cleans_it() -> None:
    words = [line for path in ROOT.glob("data/**/*.md")
             for line in path.read_text(encoding="utf-8").splitlines()]
    assert len(words) > 100
    for text in words + [" ".join(w.split()) for w in words]:
        assert flow._cleaned(text, cleanBlockQuotedText) == cleanBlockQuotedText(text)
