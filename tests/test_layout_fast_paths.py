"""Stage 3's shortcuts give what the general code gives: the lazily read hyphenation patterns
pyphen's positions, the one-run-a-word wrap the run-by-run wrap's lines, widths and overflow."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pyphen
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from cardgen.layout import linebreak, text
from cardgen.layout.hyphen import Hyphenator, hyphenator

REPO = Path(__file__).resolve().parents[1]


def _rulebook_words() -> list[str]:
    words: set[str] = set()
    for book in sorted(REPO.glob("data/*/*/rulebook.md")):
        words.update(re.findall(r"\w{2,}", book.read_text(encoding="utf-8")))
    return sorted(words)


@pytest.mark.parametrize("language", ["en", "en_GB", "de", "fr", "nl", "hu"])
def test_lazy_patterns_hyphenate_as_pyphen_does(language: str) -> None:
    path = Path(pyphen.LANGUAGES[pyphen.language_fallback(language)])
    ours = Hyphenator(path)
    theirs = pyphen.Pyphen(filename=path, left=2, right=3)
    rng = random.Random(language)
    pieces = [k.strip(".") for k in ours.raw if k.strip(".")]
    made = ["".join(rng.choice(pieces) for _ in range(rng.randint(1, 4))) for _ in range(1500)]
    words = _rulebook_words() + made + [w.upper() for w in made[:200]]
    assert words
    for word in words:
        assert ours.positions(word) == tuple(theirs.positions(word)), word


def test_a_language_pyphen_lacks_has_no_hyphenation() -> None:
    assert hyphenator("tlh") is None
    assert not linebreak.hyphenation_language("tlh")
    assert hyphenator("en-US") is hyphenator("en-US")  # opened once


_WORDS = st.lists(st.sampled_from(
    ["a", "to", "the", "card", "draw", "resource", "well-known", "adjacent", "hyphenation",
     "counterintelligence", "\n", "Überraschung", "x" * 40, "turn.", "(market)"]),
    min_size=1, max_size=40)


@settings(max_examples=300, deadline=None)
@given(words=_WORDS, width=st.floats(5, 80), size=st.sampled_from([6.0, 7.25, 8.0, 11.0]),
       language=st.sampled_from([None, "en"]), spacing=st.sampled_from([0.0, 0.3, -0.2]),
       colour=st.sampled_from([None, "#AA0000"]))
def test_the_one_run_wrap_breaks_as_the_run_by_run_wrap(words: list[str], width: float,
                                                        size: float, language: str | None,
                                                        spacing: float, colour: str | None
                                                        ) -> None:
    body = " ".join(words).replace(" \n ", "\n")
    split = linebreak.split_words(text.parse_runs(body, "regular"))
    split = [[linebreak.Run(r.text, r.face, r.icon, colour) for r in word] for word in split]
    assume(linebreak._plain_look(split) is not None)  # some words (not only line breaks)
    plain = linebreak.wrap_words(split, width, size, language, spacing)
    general = linebreak._wrap_runs(split, width, size, language, spacing)
    assert plain == general


def test_words_of_several_looks_take_the_run_by_run_wrap() -> None:
    for body in ("Gain **two** coins", "Pay [star] then", "counter\u00adintelligence agent"):
        words = linebreak.split_words(text.parse_runs(body, "regular"))
        assert linebreak._plain_look(words) is None


def test_one_run_texts_split_as_runs_of_several_words_do() -> None:
    for body in ("Gain two  coins.\nThen draw\n\n a card", "  lead and trail  ", "one"):
        whole = linebreak.split_words([text.Run(body, "bold", None, "#AA0000")])
        cut = body.index(" ", 2) if " " in body[2:] else len(body)
        parts = [text.Run(body[:cut], "bold", None, "#AA0000"),
                 text.Run(body[cut:], "bold", None, "#AA0000")]
        assert whole == linebreak.split_words([p for p in parts if p.text])


_SHAPE = st.tuples(st.sampled_from(["rect", "ellipse", "icon", "line", "text"]),
                   st.floats(-5, 60), st.floats(-5, 80), st.floats(0, 40), st.floats(0, 40),
                   st.sampled_from(["#FFFFFF", "#222222", None]), st.integers(0, 3))


@settings(max_examples=200, deadline=None)
@given(shapes=st.lists(_SHAPE, min_size=1, max_size=12),
       probes=st.lists(st.tuples(st.floats(-5, 70), st.floats(-5, 90), st.floats(0, 30),
                                 st.floats(0, 8)), min_size=1, max_size=6))
def test_the_linters_fill_walk_finds_what_the_plain_walk_finds(shapes: list, probes: list) -> None:
    from cardgen.layout import lints
    from cardgen.layout.drawing import Drawing, Ellipse, Group, Rect, Style
    from cardgen.layout.drawing import Path as PathItem
    from cardgen.layout.drawing import Text as TextItem
    from cardgen.layout.located import Located

    owners = [Located(), Located(), Located(), Located()]
    placed = []
    for kind, x, y, w, h, fill, owner in shapes:
        style = Style(fill=fill, stroke="#000000")
        item = {"rect": Rect(x, y, w, h, style), "ellipse": Ellipse(x, y, w / 2, h / 2, style),
                "icon": Group((PathItem((("M", 0.0, 0.0), ("L", 10.0, 10.0), ("Z",)), style),),
                              (w / 10, 0.0, 0.0, h / 10, x, y)),
                "line": PathItem((("M", x, y), ("L", x + w, y + h)), Style(stroke="#000000")),
                "text": TextItem(x, y, "Gain", "regular", 8.0)}[kind]
        placed.append(lints.Placed(item, owners[owner] if owner else None, role="content"))
    linter = lints.FaceLinter(Drawing("face", 63, 88), placed, 4.0, False, "face")
    for x, y, w, h in probes:
        probe = TextItem(x, y, "probe", "regular", 8.0)
        box = (x, y - h, x + w, y)
        points, extent = lints._samples(probe, box)
        for n in range(len(placed) + 1):
            for el in (None, *owners):
                assert linter._under(n, points, extent, el) == lints._under(placed, n, points, el)


@settings(max_examples=150, deadline=None)
@given(words=_WORDS, width=st.floats(5, 80), size=st.sampled_from([6.0, 7.25, 8.0, 11.0]),
       language=st.sampled_from([None, "en"]), face=st.sampled_from(["regular", "bold"]))
def test_a_wrapped_lines_width_is_its_shaped_width(words: list[str], width: float, size: float,
                                                   language: str | None, face: str) -> None:
    """The width a plain line is given as it is wrapped (its words' advances added up) is the
    width measuring the whole line gives; a right-to-left line is measured whole."""
    from cardgen.layout import fonts

    body = " ".join(w for w in words if w != "\n") + " שלום עולם"
    plain = linebreak.plain_words(body, face)
    assert plain is not None
    linebreak._LINE_WIDTHS.clear()
    lines, _ = linebreak.wrap_words(plain, width, size, language)
    for line in lines:
        for run in line.runs:
            assert linebreak.line_width(run.text, face, size) == \
                fonts.text_width_mm(run.text, face, size), run.text


def test_pattern_letters_drop_any_decimal_digit() -> None:
    from cardgen.layout.hyphen import _DIGITS, _letters

    for lines in (["a1b", "2cd3", ".ex5t"], ["\u0661ab1", "c2"], [], ["x"]):
        assert _letters(lines) == [_DIGITS.sub("", line) for line in lines]


def test_dictionaries_are_found_as_pyphen_finds_them() -> None:
    """hyphen.dictionaries() lists pyphen's folder itself (pyphen's import would load
    importlib.resources, zipfile and tempfile): the same languages, in the same order, naming
    the same files, and the same fallbacks."""
    from cardgen.layout import hyphen

    ours = hyphen.dictionaries()
    assert list(ours) == list(pyphen.LANGUAGES)
    assert {k: str(v) for k, v in ours.items()} == {k: str(v) for k, v in pyphen.LANGUAGES.items()}
    for language in ("en", "en_US", "EN-gb", "de_CH_1901", "de-AT", "fr_FR", "pt_BR", "nb_NO",
                     "sr_Latn", "zz_ZZ", "tlh", "", "_", "en__US"):
        assert hyphen.language_fallback(language, ours) == pyphen.language_fallback(language)


@pytest.mark.parametrize("path", sorted({str(p) for p in pyphen.LANGUAGES.values()}))
def test_a_dictionary_is_keyed_as_line_by_line(path: str) -> None:
    """Hyphenator reads its lines in bulk (one strip and filter pass, `^^` and `/` looked for
    in the whole text, digits dropped at once from an ASCII text): the keys and lines of the
    plain line-by-line reading."""
    ours = Hyphenator(Path(path))
    with open(path, "rb") as fd:
        encoding = fd.readline().decode()
    encoding = "cp1251" if encoding.lower() == "microsoft-cp1251" else encoding
    from cardgen.layout.hyphen import _IGNORED, _numbers, _plain

    lines = [line.strip() for line in Path(path).read_text(encoding).split("\n")[1:]]
    lines = [_plain(line) if "^^" in line or "/" in line else line for line in lines
             if line and not line.startswith(_IGNORED)]
    keys = [re.sub(r"\d", "", line) for line in lines]
    raw = dict(zip(keys, lines, strict=True))
    if len(raw) < len(keys):  # a pattern written twice: the last that is not all zeros
        raw = {}
        for key, line in zip(keys, lines, strict=True):
            if key not in raw or _numbers(line) is not None:
                raw[key] = line
    assert ours.raw == raw and list(ours.raw) == list(raw)


@pytest.mark.parametrize("text", [
    "UTF-8", "UTF-8\n", "UTF-8\n\n", "UTF-8\nLEFTHYPHENMIN 2\n% note\n\n.ab1c\nb2c\n",
    "UTF-8\n.ab1c\n\nb2c\n", "UTF-8\n.ab1c\r\nb2c\r\n", "UTF-8\n .ab1c\nb2c\n",
    "UTF-8\n.ab1c\n% late comment\nb2c", "UTF-8\n.ab1c\nRIGHTHYPHENMIN 3\n", "UTF-8\n.a\u00a0b1\n",
    "UTF-8\n.a\u0663b1\n", "UTF-8\n.\ufb012\n\u00e91\n", "UTF-8\n5\n.a1\n", "UTF-8\n#x\n.a^^e9b1\n",
    "UTF-8\n.a1b/c=d,1,1\n", "UTF-8\n.a1b\x1c\n", "UTF-8\n\n\n.a1\n\n\n"])
def test_a_dictionary_text_is_read_whole_as_line_by_line(text: str) -> None:
    from cardgen.layout.hyphen import _IGNORED, _plain, _read

    lines = [line.strip() for line in text.split("\n")[1:]]
    lines = [_plain(line) if "^^" in line or "/" in line else line for line in lines
             if line and not line.startswith(_IGNORED)]
    assert _read(text) == (lines, [re.sub(r"\d", "", line) for line in lines])


_COORD = st.floats(-300, 300, allow_nan=False)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from("MLC"), st.lists(_COORD, min_size=6, max_size=6)),
                min_size=1, max_size=12),
       st.tuples(*[st.floats(-3, 3, allow_nan=False)] * 4, _COORD, _COORD))
def test_a_paths_bounds_from_its_kept_points_are_the_pointwise_ones(ops: list, m: tuple) -> None:
    """ink.bounds of a path (its points kept per object, ink.path_points) is the box of its
    points put through the matrix one by one (ink.apply), the same floats, on every read."""
    from cardgen.layout.drawing import Path as PathItem
    from cardgen.layout.drawing import Style
    from cardgen.layout.ink import apply, bounds

    path = PathItem(tuple((op, *xs[:6 if op == "C" else 2]) for op, xs in ops) + (("Z",),),
                    Style(fill="#000000"))
    points = [apply(m, float(op[1 + 2 * k]), float(op[2 + 2 * k])) for op in path.ops
              for k in range((len(op) - 1) // 2)]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    expected = (min(xs), min(ys), max(xs), max(ys))
    assert bounds(path, m) == expected
    assert bounds(path, m) == expected  # again, from the kept points


def test_auto_ink_kept_per_background_is_the_one_worked_out() -> None:
    """`color: auto`'s ink (contrast.ink_for, kept per background) is what comparing both
    inks under every vision gives, for any background, asked twice."""
    from cardgen.layout.contrast import ink_for, worst_contrast

    rng = random.Random(7)
    for background in [None, "#000000", "#FFFFFF", "#777777"] + [
            f"#{rng.randrange(1 << 24):06X}" for _ in range(300)]:
        want = "#000000" if background is None or worst_contrast(
            ["#000000"], background)[0] >= worst_contrast(["#FFFFFF"], background)[0] \
            else "#FFFFFF"
        assert ink_for(background) == want and ink_for(background) == want


@settings(max_examples=400, deadline=None)
@given(pieces=st.lists(st.sampled_from(
    [" ", "\t", "\r", "\n", "\x0b", "\x0c", "\x1c", "\x1f", "%", "#", "/", "^", "H", "YPHENMIN",
     "a", "1", ".", "\u0085", "\u00a0", "\u00e9", "\u0663", "\u1c1c", "\U0001f600", "\ufb01"]),
    max_size=30))
def test_the_one_pass_plain_check_is_the_search_for_each_mark(pieces: list[str]) -> None:
    """_plain_text (the text's bytes less all but the one-character marks, in one pass) says
    what looking for each of _NOT_PLAIN in the text says."""
    from cardgen.layout.hyphen import _NOT_PLAIN, _plain_text

    text = "".join(pieces)
    assert _plain_text(text.encode()) == (not any(mark in text for mark in _NOT_PLAIN))


def test_long_pieces_hyphenate_as_pyphen_does() -> None:
    """Pieces longer than any pattern are looked up too (none is found): positions of words
    far longer than the longest pattern are pyphen's."""
    path = Path(pyphen.LANGUAGES["en"])
    theirs = pyphen.Pyphen(filename=path, left=2, right=3)
    ours = Hyphenator(path)
    longest = max(map(len, ours.raw))
    for word in ("counterrevolutionaries" * 3, "x" * (longest + 5), "a" * 3,
                 "Pneumonoultramicroscopicsilicovolcanoconiosis", "ab"):
        assert ours.positions(word) == tuple(theirs.positions(word)), word
