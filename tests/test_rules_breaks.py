"""A paragraph's lines broken by cardgen.render.rulebook.breaks are reportlab's own: the same
lines, words, widths and fragments, on every paragraph of the seed rulebooks at many widths, on
generated markup, and the same rules PDFs byte for byte."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from cardgen.render.rulebook import platypus

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ("l5@0.6.5", "l5@act-one", "l5@0.6.2", "lux-aeterna@published", "orbital-debris@1.0.0")


def _shape(value: Any) -> Any:
    """Everything a broken paragraph holds, with the classes of its parts (a float and an int
    of one value differ here, as they may in what is drawn)."""
    if isinstance(value, (list, tuple)):
        return (type(value), [_shape(v) for v in value])
    if hasattr(value, "__dict__") and type(value).__module__.startswith("reportlab.platypus"):
        return (type(value), [(k, _shape(v)) for k, v in value.__dict__.items()])
    return (type(value), value)


def _both(para: Any, width: Any) -> tuple[Any, Any]:
    """(reportlab's breakLines, cardgen's) on one paragraph, each from its fragments as they
    were, with what each leaves on the paragraph; cardgen's is None when it leaves the
    paragraph to reportlab."""
    from reportlab.platypus.paragraph import Paragraph

    from cardgen.render.rulebook.breaks import break_lines

    frags = para.frags
    theirs = Paragraph.breakLines(para, list(width) if isinstance(width, list) else width)
    left = (_shape(theirs), [id(w) for w in para.frags], _shape(para._width_max),
            para._splitLongWordCount, para._hyphenations)
    para.frags = frags
    ours = break_lines(para, list(width) if isinstance(width, list) else width)
    if ours is None:
        para.frags = frags
        Paragraph.breakLines(para, width)
        return left, None
    return left, (_shape(ours), [id(w) for w in para.frags], _shape(para._width_max),
                  para._splitLongWordCount, para._hyphenations)


def test_lines_are_reportlabs_on_every_paragraph_of_the_seed_rulebooks(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Every seed rulebook typeset on pages and booklet pages of six widths: each paragraph
    the typesetter breaks is broken by both, and cardgen's lines are reportlab's."""
    import cardgen
    from cardgen.render.rulebook import document, flow, rules_book
    from cardgen.render.rulebook.styles import booklet_look, page_look

    platypus.import_platypus()
    counts = {"ours": 0, "theirs": 0}

    def checking(para: Any, width: Any) -> Any:
        theirs, ours = _both(para, width)
        if ours is None:
            counts["theirs"] += 1
        else:
            counts["ours"] += 1
            assert ours == theirs, para.text
        return flow.KeptParagraph.__mro__[1].breakLines(para, width)

    monkeypatch.setattr(flow.KeptParagraph, "breakLines", checking)
    for target in SEEDS:
        made = rules_book(cardgen.load_game(target, ROOT))
        assert made is not None
        for look in (page_look(215.9, 279.4), booklet_look(215.9, 279.4), page_look(210.0, 297.0),
                     booklet_look(210.0, 297.0), page_look(150.0, 200.0),
                     booklet_look(420.0, 297.0)):
            document.typeset(made[0], look)
    assert counts["ours"] > 5000 and counts["ours"] > 10 * counts["theirs"]


def _words(rng: random.Random) -> str:
    pieces = ["a", "the", "card", "Orbit", "x", "&amp;", "&lt;", "1,2", "(i.e.", "AS)", "—",
              "caf\u00e9", "word\u00a0joined", "42", "Lucky", "supercalifragilistic"]
    return " ".join(rng.choice(pieces) for _ in range(rng.randint(1, 14)))


def _markup(rng: random.Random) -> str:
    parts = []
    for _ in range(rng.randint(1, 9)):
        text = _words(rng)
        kind = rng.randrange(9)
        lead = " " if rng.random() < 0.5 else ""
        trail = " " if rng.random() < 0.5 else ""
        if kind == 0:
            parts.append(f"{lead}<b>{text}</b>{trail}")
        elif kind == 1:
            parts.append(f"{lead}<i>{text}</i>{trail}")
        elif kind == 2:
            parts.append(f'{lead}<font face="Courier">{text}</font>{trail}')
        elif kind == 3:
            parts.append(f'{lead}<font size="14">{text}</font>{trail}')
        elif kind == 4:
            parts.append("<br/>")
        elif kind == 5:
            parts.append(f'{lead}<a href="#h1">{text}</a>{trail}')
        elif kind == 6:
            parts.append(f'<onDraw name="mark" label="{rng.randrange(9)}"/>{trail}')
        elif kind == 7:
            parts.append("x" * rng.randint(30, 90))  # wider than a narrow line: split
        else:
            parts.append(f"{lead}{text}{trail}")
    return "".join(parts)


def test_lines_are_reportlabs_on_generated_markup() -> None:
    """Random paragraphs of text, bold, italic, faces, sizes, links, marks, line breaks and
    over-long words, broken to random widths (a first line of its own width too): whenever
    cardgen breaks one, its lines are reportlab's; over-long words are left to reportlab."""
    platypus.import_platypus()
    from reportlab.lib.styles import ParagraphStyle

    from cardgen.render.rulebook.flow import KeptParagraph

    rng = random.Random(25)
    styles = [ParagraphStyle("body", fontName="Helvetica", fontSize=10, leading=13),
              ParagraphStyle("small", fontName="Times-Roman", fontSize=7.5, leading=9),
              ParagraphStyle("tight", fontName="Helvetica", fontSize=9, leading=11,
                             spaceShrinkage=0)]
    ours = theirs = 0
    for _ in range(1500):
        para = KeptParagraph(_markup(rng), rng.choice(styles))
        width = rng.choice([rng.uniform(20, 500), [rng.uniform(20, 400), rng.uniform(20, 400)]])
        left, right = _both(para, width)
        if right is None:
            theirs += 1
        else:
            ours += 1
            assert right == left, (para.text, width)
    assert ours > 800 and theirs > 100


def test_a_paragraph_is_broken_by_cardgen_and_its_long_words_by_reportlab(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """KeptParagraph breaks its lines through breaks.break_lines, and a word wider than the
    line is split as reportlab splits it."""
    platypus.import_platypus()
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus.paragraph import Paragraph

    from cardgen.render.rulebook import breaks, flow

    calls: list[Any] = []
    real = breaks.break_lines

    def counting(para: Any, width: Any) -> Any:
        found = real(para, width)
        calls.append(found)
        return found

    monkeypatch.setattr(flow, "break_lines", counting)
    style = ParagraphStyle("body", fontName="Helvetica", fontSize=10, leading=13)
    plain = flow.KeptParagraph("some <b>bold</b> words and more words", style)
    plain.wrap(60, 1000)
    assert calls[-1] is not None and len(plain.blPara.lines) > 1
    long = "a " + "x" * 80 + " <b>b</b>"
    para = flow.KeptParagraph(long, style)
    para.wrap(100, 1000)
    assert calls[-1] is None
    reference = Paragraph(long, style)
    reference.wrap(100, 1000)
    assert _shape(para.blPara) == _shape(reference.blPara)


def test_the_rules_pdfs_are_the_same_bytes_as_with_reportlabs_line_breaking(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The seeds' rules typeset on Letter and A4 pages and booklets: the same bytes whether
    cardgen or reportlab breaks the lines."""
    import cardgen
    from cardgen.render.rulebook import breaks, document, flow, rules_book
    from cardgen.render.rulebook.styles import booklet_look, page_look

    platypus.import_platypus()
    for target in ("l5@0.6.5", "orbital-debris@1.0.0"):
        made = rules_book(cardgen.load_game(target, ROOT))
        assert made is not None
        looks = (page_look(215.9, 279.4), booklet_look(215.9, 279.4), page_look(210.0, 297.0),
                 booklet_look(210.0, 297.0))
        with monkeypatch.context() as patched:
            patched.setattr(flow, "break_lines", lambda para, width: None)
            theirs = [document.typeset(made[0], look)[0] for look in looks]
        assert flow.break_lines is breaks.break_lines
        ours = [document.typeset(made[0], look)[0] for look in looks]
        assert ours == theirs
