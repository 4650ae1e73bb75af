"""reportlab's platypus imported for the rules with its paragraph module's URI pattern compiled
when first used (render/rulebook/platypus.py): the same pattern, the same matches, and every
other pattern compiled as ever."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from cardgen.render.rulebook import platypus

ROOT = Path(__file__).resolve().parents[1]


def _child(code: str) -> subprocess.CompletedProcess[str]:
    """`code` run by a fresh Python in the repository, with nothing of this process's imports."""
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, check=False)
URIS = ["https://example.com/a/b/", "http://user:pw@10.0.0.1:8080/x?y=1", "ftp://ünïcode.example",
        "www.example.com/no/scheme", "not a uri", "https://-bad-.com", "mailto:someone"]


def test_a_deferred_pattern_matches_as_the_compiled_one() -> None:
    from reportlab.platypus import paragraph

    source = paragraph.uri_pat.pattern  # the module's own (deferred or not)
    deferred = platypus._compile(source, re.I)
    assert isinstance(deferred, platypus.DeferredPattern) and deferred.compiled is None
    compiled = re.compile(source, re.I)
    for uri in URIS:
        mine, theirs = deferred.match(uri), compiled.match(uri)
        assert (mine and mine.groups()) == (theirs and theirs.groups()), uri
    assert deferred.compiled is not None and deferred.pattern == source
    assert deferred.flags == compiled.flags


def test_other_patterns_are_compiled_at_once() -> None:
    found = platypus._compile("[a-z]+", re.I)
    assert isinstance(found, re.Pattern) and found.match("Abc")


def test_platypus_is_imported_with_the_patterns_the_rules_never_use_deferred() -> None:
    """In a fresh process: the modules hold deferred patterns, re.compile is re's own again,
    and a URI splits, Python code is coloured and CJK text split as reportlab does it."""
    code = (
        "import re\n"
        "real = re.compile\n"
        "from cardgen.render.rulebook.platypus import import_platypus, DeferredPattern\n"
        "import_platypus()\n"
        "from reportlab.platypus import paragraph\n"
        "assert re.compile is real\n"
        "from reportlab.lib import PyFontify, textsplit\n"
        "deferred = (paragraph.uri_pat, textsplit.rx, PyFontify.matchRE)\n"
        "assert all(type(p) is DeferredPattern and p.compiled is None for p in deferred)\n"
        "print(paragraph._uri_split_pairs('https://example.com/a/b'))\n"
        "code = 'def f(x):\\n    return \"s\" # c\\n'\n"
        "tags = PyFontify.fontify(code)\n"
        "wrapped = textsplit.rx.sub(r'\\1 ', '日本語のテキスト abc')\n"
        "assert all(p.compiled is not None for p in deferred)\n"
        "PyFontify.matchRE = real(PyFontify.matchPat)\n"
        "textsplit.rx = real(textsplit.rx.pattern, re.UNICODE)\n"
        "assert tags == PyFontify.fontify(code) and tags\n"
        "assert wrapped == textsplit.rx.sub(r'\\1 ', '日本語のテキスト abc') != 'x'\n")
    done = _child(code)
    assert done.returncode == 0, done.stderr
    assert "('https://example.com/', 'a/b')" in done.stdout


def test_markup_escapes_as_saxutils_does() -> None:
    """The rules escape their text themselves (xml.sax.saxutils imports urllib's modules)."""
    import random
    from xml.sax.saxutils import escape as sax_escape

    from cardgen.render.rulebook.markup import escape

    rng = random.Random(25)
    texts = ["a & b < c > d \"q\" 'x'", "&amp; &lt;", "", "<<&&>>"]
    texts += ["".join(rng.choice("ab&<>;\"' é") for _ in range(rng.randint(0, 30)))
              for _ in range(200)]
    for text in texts:
        assert escape(text) == sax_escape(text), text


def test_same_frag_is_installed_and_answers_as_rl_accel_on_every_pair_the_rules_compare(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Typeset the seed's rules (a page and a booklet page), recording every pair of
    fragments line breaking compares: platypus's same_frag gives rl_accel's answer for each."""
    import cardgen
    from cardgen.render.rulebook import document, rules_book
    from cardgen.render.rulebook.styles import booklet_look, page_look

    platypus.import_platypus()
    from reportlab.lib.rl_accel import sameFrag
    from reportlab.platypus import paragraph

    assert paragraph.sameFrag is platypus.same_frag
    pairs: list[tuple[object, object]] = []

    def recording(f: object, g: object) -> int:
        pairs.append((f, g))
        return platypus.same_frag(f, g)

    monkeypatch.setattr(paragraph, "sameFrag", recording)
    made = rules_book(cardgen.load_game("l5@0.6.5", ROOT))
    assert made is not None
    for look in (page_look(215.9, 279.4), booklet_look(210.0, 297.0)):
        document.typeset(made[0], look)
    assert len(pairs) > 500
    answers = [platypus.same_frag(f, g) for f, g in pairs]
    assert answers == [sameFrag(f, g) for f, g in pairs]
    assert 0 in answers and 1 in answers


def test_same_frag_answers_as_rl_accel_for_missing_none_breaks_and_other_classes() -> None:
    platypus.import_platypus()
    from reportlab.lib.colors import Color
    from reportlab.lib.rl_accel import sameFrag
    from reportlab.platypus.paraparser import ParaFrag

    def frag(**attrs: object) -> ParaFrag:
        base: dict[str, object] = {"fontName": "Helvetica", "fontSize": 10.0, "rise": 0,
                                   "textColor": Color(0.1, 0.1, 0.1), "us_lines": [],
                                   "link": [], "text": "word"}
        return ParaFrag(**(base | attrs))

    class Other(ParaFrag):  # type: ignore[misc]
        nobr = None

    black = Color(0, 0, 0)
    cases = [
        (frag(), frag()), (frag(textColor=black), frag(textColor=black)),
        (frag(), frag(fontSize=11.0)), (frag(), frag(fontName="Times-Roman")),
        (frag(backColor=None), frag()), (frag(backColor=None), frag(backColor=None)),
        (frag(nobr=True), frag(nobr=True)), (frag(nobr=True), frag()),
        (frag(cbDefn=object()), frag()), (frag(), frag(lineBreak=True)),
        (frag(us_lines=[(1, 2)]), frag(us_lines=[(1, 2)])), (frag(link=["a"]), frag()),
        (frag(fontSize=10), frag(fontSize=10.0)), (frag(rise=float("nan")), frag()),
        (Other(**frag().__dict__), frag()), (frag(), Other(**frag().__dict__)),
    ]
    for f, g in cases:
        assert platypus.same_frag(f, g) == sameFrag(f, g), (f, g)
        assert platypus.same_frag(g, f) == sameFrag(g, f), (g, f)


def test_kept_widths_and_heights_answer_as_pdfmetrics_on_every_call_the_rules_make(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Typeset the seed's rules (a page and a booklet page), recording every width and font
    height the paragraph module asks for: the kept answers are pdfmetrics' (asked twice: the
    second answer comes from the memo)."""
    import cardgen
    from cardgen.render.rulebook import document, rules_book, widths
    from cardgen.render.rulebook.styles import booklet_look, page_look

    platypus.import_platypus()
    from reportlab.pdfbase import pdfmetrics
    from reportlab.platypus import paragraph

    assert paragraph.stringWidth is widths.string_width
    assert paragraph.getAscentDescent is widths.ascent_descent
    asked: list[tuple[object, ...]] = []
    heights: list[tuple[object, ...]] = []

    def width(*args: object) -> float:
        asked.append(args)
        return widths.string_width(*args)  # type: ignore[arg-type]

    def height(*args: object) -> tuple[float, float]:
        heights.append(args)
        return widths.ascent_descent(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(paragraph, "stringWidth", width)
    monkeypatch.setattr(paragraph, "getAscentDescent", height)
    made = rules_book(cardgen.load_game("l5@0.6.5", ROOT))
    assert made is not None
    for look in (page_look(215.9, 279.4), booklet_look(210.0, 297.0)):
        document.typeset(made[0], look)
    assert len(asked) > 1000 and len(heights) > 300  # cardgen's line breaking asks fewer
    assert len({a[0] for a in asked}) > 100 and len({a[2] for a in asked}) > 2
    for args in asked:
        expected = pdfmetrics.stringWidth(*args)
        assert widths.string_width(*args) == expected, args  # type: ignore[arg-type]
        assert widths.string_width(*args) == expected, args  # type: ignore[arg-type]
    for args in heights:
        assert widths.ascent_descent(*args) == pdfmetrics.getAscentDescent(*args), args  # type: ignore[arg-type]


def test_a_font_registered_anew_under_a_name_is_measured_afresh() -> None:
    """The memo is kept per font object: another font put under the name is asked afresh."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    from cardgen.layout import fonts
    from cardgen.render.rulebook import widths

    name = "cardgen-test-widths"
    pdfmetrics.registerFont(TTFont(name, str(fonts.font_path("regular"))))
    regular = widths.string_width("Wide words", name, 10)
    assert regular == pdfmetrics.stringWidth("Wide words", name, 10)
    assert widths.ascent_descent(name, 10) == pdfmetrics.getAscentDescent(name, 10)
    try:
        pdfmetrics._fonts[name] = TTFont(name, str(fonts.font_path("bold")))
        bold = pdfmetrics.stringWidth("Wide words", name, 10)
        assert bold != regular
        assert widths.string_width("Wide words", name, 10) == bold
        assert widths.ascent_descent(name, 10) == pdfmetrics.getAscentDescent(name, 10)
    finally:
        del pdfmetrics._fonts[name]
    assert widths.string_width("x", "Helvetica", 10) == pdfmetrics.stringWidth("x", "Helvetica", 10)


def test_a_truetype_width_at_any_size_is_its_width_at_size_one_times_the_size() -> None:
    """A TrueType font's widths are kept at size 1 and scaled: the same floats pdfmetrics
    gives at every size, for every word of the seed rulebooks; a font of another kind is
    asked itself."""
    import random

    from reportlab.pdfbase import pdfmetrics

    from cardgen.render.rulebook import widths
    from cardgen.render.rulebook.styles import registered

    words = {" ", "-", "", "\u00e9\u2014\u00fc\u20ac", "\u00a0x"}
    for path in ROOT.glob("data/**/*.md"):
        words.update(path.read_text(encoding="utf-8").split())
    chance = random.Random(5)
    sizes = [10, 9, 17.0, 15.3, 11.7, 9.9, 8.1, 7.2, 22, 0.1, 1e-3] + [
        chance.uniform(1, 40) for _ in range(40)]
    for name in (registered("regular"), registered("bold")):
        for word in sorted(words):
            for size in sizes:
                assert widths.string_width(word, name, size) == pdfmetrics.stringWidth(
                    word, name, size), (name, word, size)
    assert len(words) > 1000
    assert widths.string_widths(["x", "x"], "Helvetica", 9.5) == [
        pdfmetrics.stringWidth("x", "Helvetica", 9.5)] * 2


def test_the_paragraph_module_imports_pyphen_when_it_first_hyphenates() -> None:
    """In a fresh process: typesetting loads no pyphen; the paragraph module's `pyphen` is the
    real module's attributes once read, and a paragraph styled to hyphenate does."""
    code = (
        "import sys\n"
        "from cardgen.render.rulebook.platypus import import_platypus, DeferredModule\n"
        "import_platypus()\n"
        "from reportlab.platypus import paragraph, Paragraph\n"
        "from reportlab.lib.styles import ParagraphStyle\n"
        "assert type(paragraph.pyphen) is DeferredModule and 'pyphen' not in sys.modules\n"
        "Paragraph('plain words ' * 40, ParagraphStyle('p')).wrap(100, 1000)\n"
        "assert 'pyphen' not in sys.modules\n"
        "style = ParagraphStyle('h', hyphenationLang='en_GB', embeddedHyphenation=1)\n"
        "p = Paragraph('extraordinarily ' * 12, style)\n"
        "p.wrap(60, 1000)\n"
        "assert 'pyphen' in sys.modules and p._hyphenations > 0, p._hyphenations\n"
        "import pyphen\n"
        "assert paragraph.pyphen.Pyphen is pyphen.Pyphen\n")
    done = _child(code)
    assert done.returncode == 0, done.stderr


def test_hyphenation_and_date_patterns_are_deferred_and_answer_as_compiled() -> None:
    """In a fresh process: the paragraph module's hyphenation patterns and normalDate's date
    formats are deferred after platypus's import; a paragraph hyphenated through them breaks
    into the lines the compiled patterns give, and a date formats and parses alike."""
    code = (
        "import re\n"
        "from cardgen.render.rulebook.platypus import import_platypus, DeferredPattern\n"
        "import_platypus()\n"
        "from reportlab.platypus import paragraph, Paragraph\n"
        "from reportlab.lib import normalDate\n"
        "from reportlab.lib.styles import ParagraphStyle\n"
        "names = ('_hy_pfx_pat', '_hy_sfx_pat', '_hy_letters_pat', '_hy_shy_letters_pat',\n"
        "         '_hy_shy_pat')\n"
        "held = [getattr(paragraph, n) for n in names]\n"
        "dates = (normalDate._fmtPat, normalDate._iso_re)\n"
        "assert all(type(p) is DeferredPattern and p.compiled is None for p in held + list(dates))\n"
        "text = '\\u201cextraordinarily\\u201d (unbelievably), ' * 8 + 'co-operation.'\n"
        "style = ParagraphStyle('h', hyphenationLang='en_GB', embeddedHyphenation=1)\n"
        "def lines():\n"
        "    p = Paragraph(text, style)\n"
        "    p.wrap(60, 1000)\n"
        "    return [repr(line) for line in p.blPara.lines], p._hyphenations\n"
        "ours = lines()\n"
        "day = normalDate.ND('2026-11-26')\n"
        "shown = (day.formatMS('{yyyy}-{mm}-{dd} {mmmm} {d}'), int(day))\n"
        "assert ours[1] > 0 and any(p.compiled is not None for p in held)\n"
        "for n, p in zip(names, held):\n"
        "    setattr(paragraph, n, re.compile(*p.deferred))\n"
        "normalDate._fmtPat = re.compile(*dates[0].deferred)\n"
        "normalDate._iso_re = re.compile(*dates[1].deferred)\n"
        "assert lines() == ours\n"
        "day = normalDate.ND('2026-11-26')\n"
        "assert (day.formatMS('{yyyy}-{mm}-{dd} {mmmm} {d}'), int(day)) == shown\n")
    done = _child(code)
    assert done.returncode == 0, done.stderr


def test_html_parsers_patterns_are_deferred_and_parse_as_compiled() -> None:
    """In a fresh process: every pattern html.parser compiled on import is deferred after
    platypus's import, and reportlab's parser reads other markup (tags, entities, character
    references, a bare `&`) through them into the fragments the compiled patterns give."""
    code = (
        "import re, html\n"
        "from cardgen.render.rulebook.platypus import import_platypus, DeferredPattern\n"
        "import_platypus()\n"
        "import html.parser as hp\n"
        "from reportlab.platypus import Paragraph\n"
        "from reportlab.lib.styles import ParagraphStyle\n"
        "held = {n: p for n, p in vars(hp).items() if type(p) is DeferredPattern}\n"
        "assert len(held) >= 8 and all(p.compiled is None for p in held.values())\n"
        "assert not any(isinstance(p, re.Pattern) for p in vars(hp).values())\n"
        "text = ('<b>bold</b> &quot;q&quot; &#65;&#x42; A & B &amp; <i>it</i> <br/>'\n"
        "        '<a href=\"#x\" color=\"red\">link</a> <font size=\"12\">big</font> a < b')\n"
        "style = ParagraphStyle('s')\n"
        "def frags():\n"
        "    return [sorted((k, repr(v)) for k, v in f.__dict__.items())\n"
        "            for f in Paragraph(text, style).frags]\n"
        "ours = frags()\n"
        "assert any(p.compiled is not None for p in held.values())\n"
        "for n, p in held.items():\n"
        "    setattr(hp, n, re.compile(*p.deferred))\n"
        "assert frags() == ours and len(ours) > 8\n")
    done = _child(code)
    assert done.returncode == 0, done.stderr
