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
    st.sampled_from(["&amp;", "&lt;", "&gt;", "<br/>", " <br/> ", "&amp;&lt;", "& ", " & x",
                     "&.", "&;"]),
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
    "&quot;quoted&quot;", "&#65;", "a < b", "TECH &ACCESSORIES", "&#x;",
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
    assert quickparse._template(style, 1, ("font", "NoSuchFace")) is None
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


def _parsed_template(style: Any, case: Any, place: quickparse.Place
                     ) -> tuple[Any, dict[str, Any], dict[str, Any]] | None:
    """What reportlab's ParaParser gives for `x<br/>` (`x` and a mark) at `place`: the style,
    the text fragment's attributes (text apart) and the line break's (a mark's, twice)."""
    from reportlab.platypus.paraparser import ParaParser

    markup = "x<br/>"
    if place == ("mark",):
        markup = 'x<onDraw name="n" label="l"/>'
    elif place == ("a",):
        markup = f'<a href="{quickparse._PROBE_LINK}">x<br/></a>'
    elif place is not None:
        markup = f'<font face="{place[1]}">x<br/></font>'
    parser = ParaParser()
    parser.caseSensitive = case
    try:
        given, frags, _ = parser.parse(markup, style)
    except ValueError:
        return None
    text, second = (dict(f.__dict__) for f in frags)
    assert text.pop("text") == "x"
    if place is not None and place[0] == "a" and text.get("us_lines"):
        return None
    return (given, second, second) if place and place[0] == "mark" else (given, text, second)


def _keyed(made: Any) -> Any:
    """A template with its attributes in order and a mark by its own attributes."""
    if made is None:
        return None
    return (made[0], *[[(k, v.__dict__ if k == "cbDefn" else v) for k, v in d.items()]
                       for d in made[1:]])


@pytest.mark.parametrize("place", [None, ("font", "CardgenSans-Bold"), ("font", "Helvetica"),
                                   ("font", "Helvetica-BoldOblique"), ("font", "NoSuchFace"),
                                   ("a",), ("mark",)])
@pytest.mark.parametrize("case", [0, 1])
def test_templates_are_the_fragments_reportlabs_parser_makes(place: Any, case: int) -> None:
    """Each template, made without the parser, is what the parser makes, attribute for
    attribute and in the same order, in every style of the page and the booklet."""
    for look in (page_look(215.9, 279.4), booklet_look(210.0, 297.0)):
        for style in paragraph_styles(look, Faces()).values():
            assert _keyed(quickparse._probe(style, case, place)) == _keyed(
                _parsed_template(style, case, place)), (style.name, place)


def test_an_underlined_link_is_left_to_reportlab() -> None:
    style = paragraph_styles(page_look(215.9, 279.4), Faces())["toc2"].clone(
        "underlined", linkUnderline=1)
    assert quickparse._probe(style, 1, ("a",)) is None
    assert quickparse.quick_frags('<a href="#h1">x</a>', style, 1) is None


@pytest.mark.parametrize("markup", ["TECH & ACCESSORIES", "a & b &amp; c", "& lead", "end &",
                                    "a&;b", "R&<br/>D",
                                    '<a href="#h13">TECH & ACCESSORIES</a><onDraw '
                                    'name="drawTOCEntryEnd" label="10"/>',
                                    '<font face="CardgenSans-Bold">R & D</font>'])
def test_a_bare_ampersand_before_a_space_is_text_as_reportlab_parses_it(markup: str) -> None:
    style = paragraph_styles(page_look(215.9, 279.4), Faces())["toc1"]
    assert _same_as_reportlab(markup, style), markup


def test_a_seed_rulebook_is_typeset_without_reportlabs_parser(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """l5's rules (contents entries with `&` among them) never reach html.parser."""
    from reportlab.platypus.paraparser import ParaParser

    from cardgen.render.rulebook import rules_book

    def refused(*args: Any) -> Any:
        raise AssertionError("reportlab's parser ran")

    monkeypatch.setattr(flow, "_PARSED", {})
    monkeypatch.setattr(flow, "_SIZED", {})
    monkeypatch.setattr(quickparse, "_TEMPLATES", {})
    monkeypatch.setattr(ParaParser, "parse", refused)
    made = rules_book(cardgen.load_game("l5@0.6.5", ROOT))
    assert made is not None
    for look in (page_look(215.9, 279.4), booklet_look(210.0, 297.0)):
        styles = paragraph_styles(look, made[0].faces)
        story = document.story(made[0], look, styles)
        assert sum(isinstance(p, flow.KeptParagraph) for p in story) > 20
        for markup in ['<a href="#h13">TECH & ACCESSORIES</a><onDraw name="drawTOCEntryEnd" '
                       'label="10"/>']:
            assert flow.KeptParagraph(markup, styles["toc1"]).frags
