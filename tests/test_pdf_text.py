"""PDF text and shapes drawn the short way give the bytes the long way gives: a line's TJ put
together from its words' kept pieces (`pdftext._fast_tj`) is the line shaped whole, split by
reportlab's codes and written glyph by glyph (`_split_parts`); a group of opaque shapes drawn
again in a document is the operators it gave the first time."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest

from cardgen.layout import fonts, text
from cardgen.layout.drawing import Drawing, Group, Primitive, Rect, Style, Text
from cardgen.layout.drawing import Path as PathShape
from cardgen.render import faceops, pdf, pdftext
from cardgen.render.pdf import draw_items, new_canvas, write_faces

OWN_FONT = fonts.file_face(Path(__file__).parent / "fixtures" / "own-font" / "layouts" / "glyphs"
                           / "fonts" / "TestSans-Regular.ttf")


@pytest.fixture
def taken(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[bool]]:
    """Whether each line took the short way (True) or the long way (False)."""
    seen: list[bool] = []
    fast = pdftext._fast_tj

    def counting(canvas: Any, face: str, line: str) -> str | None:
        tj = fast(canvas, face, line)
        seen.append(tj is not None)
        return tj

    monkeypatch.setattr(pdftext, "_fast_tj", counting)
    yield seen


def _ops(tmp_path: Path, items: Sequence[Primitive], *, short: bool, primed: bool = True,
         chars: str = "") -> str:
    """The operators drawing the items gives on a new canvas (primed as a build primes it,
    with `chars` shown too), the short way or only the long way."""
    canvas = new_canvas(str(tmp_path / "t.pdf"))
    if primed:
        faces = [("k", Drawing("t", 80, 80, items=list(items)))]
        if chars:
            faces.append(("c", Drawing("c", 80, 80, items=[Text(0, 0, chars, "regular", 9)])))
        faceops.prime(canvas, faceops.doc_chars(faces, {}))
    with pytest.MonkeyPatch.context() as patch:
        if not short:
            patch.setattr(pdftext, "_fast_tj", lambda *args: None)
            patch.setattr(pdf, "_shapes_only", lambda group: False)
        draw_items(canvas, list(items))
    return "\n".join(canvas._code)


def _same_both_ways(tmp_path: Path, items: Sequence[Primitive], **kwargs: Any) -> str:
    short = _ops(tmp_path, items, short=True, **kwargs)
    assert short == _ops(tmp_path, items, short=False, **kwargs)
    return short


LINES = [
    "AVATAR To Wave. Yes, Tokyo: VA LT Ty",  # kerned pairs inside words
    "office affine fluff",  # ligatures: one character per glyph
    "  two  spaces  and a trailing one ",
    "(brackets) \\ back\\slash) (",  # escaped in the string
    "Café naïve résumé",  # precomposed accents
    "Cafe\u0301 nai\u0308ve",  # combining marks: raised or moved glyphs
    "co\u00adop\u00ader\u00adate hy\u00ad phen",  # soft hyphens
    "10\u00a0km and 3\u00a0m",  # no-break spaces (reportlab shows a space)
    "x",
    "A",
]


def test_lines_with_kerning_ligatures_marks_and_escapes_are_the_long_ways_bytes(
        tmp_path: Path, taken: list[bool]) -> None:
    items = [Text(5, 10 + 4 * i, line, face, 9 + i % 3, color=colour)
             for i, line in enumerate(LINES)
             for face, colour in (("regular", "#222222"), ("bold", "#D98E04"))]
    _same_both_ways(tmp_path, items)
    assert any(taken) and not all(taken)  # most lines the short way; some cannot


def test_letter_spacing_outlines_and_colours_are_the_long_ways_bytes(tmp_path: Path) -> None:
    items = [Text(5, 10, "Tracked To Wave", "regular", 9, spacing=0.3),
             Text(5, 14, "Tracked To Wave", "regular", 9, color="#FF0000", spacing=0.3),
             Text(5, 18, "Outlined AV", "bold", 12, color="#FFFFFF", stroke="#000000",
                  stroke_width=0.2),
             Text(40, 22, "Centred To", "regular", 9, anchor="middle"),
             Text(70, 26, "Right AV", "bold", 9, anchor="end", spacing=-0.1)]
    _same_both_ways(tmp_path, items)


@pytest.mark.parametrize("line", ["שלום עולם", "מְשַׁל שְׁלוֹם", "مرحبا بالعالم", "abc مرحبا def",
                                  "Hi שלום!"])
def test_right_to_left_lines_are_the_long_ways_bytes(tmp_path: Path, line: str,
                                                     taken: list[bool]) -> None:
    _same_both_ways(tmp_path, [Text(5, 10, line, "regular", 12), Text(5, 20, line, "bold", 12)])
    assert all(taken)  # Arabic forms have private codes the document was primed with


@pytest.fixture(params=[False, True], ids=["plain-spaces", "spaces-with-numbers"])
def made_up_shapes(monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
                   ) -> Iterator[None]:
    """Words shaped with numbers where real fonts seldom put them: a lead before the first
    glyph (words starting with L or Q; -0.0 for Z), numbers after k, m, n (one after the last
    glyph when a word ends so), -0.0 after z, and after a space with `spaced` (which a lead
    of Q undoes)."""
    spaced = request.param
    numbers = {"k": 12.5, "m": 0.001, "n": -3.25, "z": -0.0, " ": 2.5 if spaced else 0.0}

    def shaped(face: str, line: str) -> Any:
        lead = {"L": -7.125, "Q": -2.5, "Z": -0.0}.get(line[:1], 0.0)
        return pdftext._Shown(line, tuple(numbers.get(c, 0.0) for c in line), lead, ())

    monkeypatch.setattr(pdftext, "_shown_whole", shaped)
    pdftext._shown.cache_clear()
    yield
    pdftext._shown.cache_clear()


def test_words_with_numbers_at_either_end_are_the_long_ways_bytes(
        tmp_path: Path, made_up_shapes: None, taken: list[bool]) -> None:
    lines = ["Lead first", "word Lead", "kk Lk Lz", "n n n", "ak Lb", "Zz zk mLm", "Lk", "k",
             "L", "end k", "k L k L", "a  Lk  k", " Lx", "x L", "Lm Ln Lz ZL", "a Qb Qk kQ"]
    _same_both_ways(tmp_path, [Text(5, 10 + 3 * i, line, "regular", 9)
                               for i, line in enumerate(lines)])
    assert all(taken)


def test_characters_past_the_first_subset_are_the_long_ways_bytes(tmp_path: Path,
                                                                  taken: list[bool]) -> None:
    many = "".join(chr(c) for c in range(0x100, 0x250))  # Latin Extended: over 256 codes
    items = [Text(5, 10, "Plain words first", "regular", 9),
             Text(5, 14, "Ăą ǅ and ɏ late ones", "regular", 9),
             Text(5, 18, "ȸ alone", "regular", 9),
             Text(5, 22, "Plain words again", "regular", 9)]
    ops = _same_both_ways(tmp_path, items, chars=many)
    assert "/F1+1 9 Tf" in ops  # the second subset is named
    assert True in taken and False in taken


def test_a_canvas_nobody_primed_gives_the_long_ways_bytes(tmp_path: Path,
                                                          taken: list[bool]) -> None:
    items = [Text(5, 10 + 4 * i, line, "regular", 9) for i, line in enumerate(LINES + LINES)]
    _same_both_ways(tmp_path, items, primed=False)
    assert True in taken and False in taken  # words met before take the short way


def test_a_font_of_the_projects_own_is_the_long_ways_bytes(tmp_path: Path,
                                                           taken: list[bool]) -> None:
    items = [Text(5, 10, "Spell of Glow: To AV office", OWN_FONT, 11, color="#4A4F5C"),
             Text(5, 16, "Spell of Glow again", OWN_FONT, 11),
             Text(5, 22, "and the bundled face", "regular", 9)]
    _same_both_ways(tmp_path, items)
    assert all(taken)


def test_fitted_and_justified_paragraphs_are_the_long_ways_bytes(tmp_path: Path) -> None:
    body = ("Draw two cards, then discard one card of your choice to the pile. "
            "Affix a token to the AVATAR: it gains To-Wave until your next turn.\nShort end.")
    items: list[Primitive] = []
    for align in ("left", "justify", "center", "right"):
        fitted = text.fit(body, 40, 60, size=9, min_size=6)
        items += text.place(fitted, 0, 0, 40, 60, align=align)
    _same_both_ways(tmp_path, items)


def _icon() -> Group:
    ring = PathShape((("M", 1.0, 5.0), ("C", 1.0, 2.0, 3.0, 1.0, 5.0, 1.0), ("L", 9.0, 9.0),
                      ("Z",)), Style(fill="#222222", stroke="#000000", stroke_width=0.6))
    return Group((ring, Rect(0, 0, 2, 2, Style(fill="#FF0000"))), (0.8, 0, 0, 0.8, 47, 18))


def test_a_group_of_opaque_shapes_drawn_again_is_its_first_operators(tmp_path: Path) -> None:
    icon = _icon()
    clipped = Group((Rect(0, 0, 9, 9, Style(fill="#00FF00")),), (1, 0, 0, 1, 3, 3),
                    clip_path=icon.items[0])  # type: ignore[arg-type]
    translucent = Group((Rect(0, 0, 4, 4, Style(fill="#0000FF", opacity=0.5)),))
    nested = Group((icon, Rect(1, 1, 1, 1, Style(stroke="#000000", dash=(1.0, 0.5)))),
                   (1, 0, 0, 1, 2, 2))
    items: list[Primitive] = [icon, Text(5, 10, "Between", "regular", 9), _icon(), icon,
                              clipped, translucent, nested, clipped, translucent, nested]
    ops = _same_both_ways(tmp_path, items)
    once = _ops(tmp_path, [icon], short=True)
    assert ops.count(once) == 5  # the same object, an equal one, the same again, twice nested
    assert _ops(tmp_path, [clipped], short=True) != _ops(
        tmp_path, [Group(clipped.items, clipped.transform)], short=True)


def test_a_letter_page_of_the_short_way_renders(tmp_path: Path) -> None:
    face = Drawing("card", 63, 88, items=[
        Rect(3, 3, 57, 82, Style(fill="#FFFFFF", stroke="#222222", stroke_width=0.18)),
        Text(6, 9, "Card 1 — To AVATAR", "bold", 11, color="#222222"), _icon(),
        *text.place(text.fit("Resource stack gain token any adjacent market space.", 51, 40,
                             size=8), 6, 33, 51, 40)])
    write_faces(str(tmp_path / "face.pdf"), [face])
    document = pdfium.PdfDocument(str(tmp_path / "face.pdf"))
    shown = document[0].get_textpage().get_text_range()
    document.close()
    assert "Card 1 — To AVATAR" in shown and "Resource stack gain token" in shown


@pytest.mark.parametrize("face", ["regular", "bold", OWN_FONT])
def test_a_faces_characters_are_those_its_lines_show(face: str) -> None:
    lines = [*LINES, "שלום עולם", "abc مرحبا def", " ", "office  office"]
    shown = {c for line in lines for c in pdftext._shown(face, line).chars}
    assert pdftext.shown_chars(face, lines) == shown
    drawing = Drawing("t", 80, 80, items=[Group(tuple(Text(0, 0, line, face, 9) for line in lines))])
    assert faceops.face_chars(drawing) == ((face, "".join(sorted(shown))),)


def test_lines_of_words_met_before_are_the_long_ways_bytes(tmp_path: Path) -> None:
    """The second time round every word is known: each line is its words' kept bodies joined
    (the loop in draw_texts), the same bytes as the long way."""
    lines = [*LINES, "AVATAR To Wave office", "To  Wave", "office", " Yes,", "Tokyo: "]
    items = [Text(5, 10 + 3 * i, line, face, 9)
             for i, line in enumerate(lines) for face in ("regular", "bold")]
    _same_both_ways(tmp_path, items + items + items[::-1])


def test_lines_of_words_with_numbers_met_before_are_the_long_ways_bytes(
        tmp_path: Path, made_up_shapes: None) -> None:
    lines = ["Lead first", "word Lead", "kk Lk Lz", "a b c", "ak Lb", "Zz zk mLm", "a  b", "b a"]
    items = [Text(5, 10 + 3 * i, line, "regular", 9) for i, line in enumerate(lines)]
    _same_both_ways(tmp_path, items + items)


@pytest.mark.parametrize("face", ["regular", "bold", OWN_FONT])
def test_texts_of_words_known_to_show_as_themselves_show_what_they_hold(face: str) -> None:
    """Once their words are known, texts of words shown as their own characters take the
    short way (their own characters); a ligature, a space and a no-break space still count."""
    batches = [["plain words", "here"], ["office"], ["plain", "here"], ["plain words", "here"],
               ["office words"], ["words"], ["plain\u00a0words"], [" "], ["here", "words"]]
    for _ in range(2):
        for texts in batches:
            shown = {c for line in texts for c in pdftext._shown(face, line).chars}
            assert pdftext.shown_chars(face, texts) == shown, texts


def _shown_glyph_by_glyph(face: str, text: str) -> Any:
    """What `_shown_whole` gives, worked out glyph by glyph (its reference)."""
    from cardgen.render.pdffonts import char_of
    from cardgen.render.pdftj import Shown

    shaped = fonts.shaped(text, face)
    rl_face = pdftext.pdf_font(face).face
    scale = 1000.0 / fonts.units_per_em(face)
    chars = [int(found[0]) if (found := rl_face.glyphToChar.get(gid)) else char_of(rl_face, gid)
             for gid in shaped.gids]
    xs = [x * scale for x in shaped.xs]
    ends = [*xs[1:], shaped.advance * scale]
    gaps = tuple(round(x + rl_face.charWidths.get(c, rl_face.defaultWidth) - end, 3)
                 for x, c, end in zip(xs, chars, ends, strict=True))
    lead = -round(xs[0], 3) if chars else 0.0
    rises = tuple(y * scale for y in shaped.ys) if any(shaped.ys) else ()
    return Shown("".join(map(chr, chars)), gaps, lead, rises)


@pytest.mark.parametrize("face", ["regular", "bold", OWN_FONT])
def test_a_text_shown_whole_is_its_glyphs_worked_out_one_by_one(face: str) -> None:
    """`_shown_whole`'s glyph tables and mapped arithmetic give the per-glyph numbers (the
    same floats, -0.0 and 0.0 told apart), whatever was shaped before in the face."""
    pdf.register_fonts()
    texts = [*LINES, *filter(None, " ".join(LINES).split(" ")), " ", "שלום עולם", "abc مرحبا def",
             "Wave", "AV", "office", "10\u00a0km", "x\u0308\u0301"]
    for line in texts + texts[::-1]:
        pdftext._shown_whole.cache_clear()
        got, want = pdftext._shown_whole(face, line), _shown_glyph_by_glyph(face, line)
        assert repr(got) == repr(want) and got == want, line
