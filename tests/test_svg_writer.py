"""The streamed SVG writer (cardgen.render.svg): the bytes svgwrite's element tree gave, escaping,
ids, shared glyph definitions, images, clips, and memos that never leak from face to face."""

from __future__ import annotations

import base64
import hashlib
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PIL import Image as PILImage
from svgwrite.base import BaseElement

from cardgen.data.load import load_database
from cardgen.data.project import list_editions, list_games
from cardgen.layout import LayoutSession, face_info, lay_out
from cardgen.layout.drawing import (
    IDENTITY,
    Drawing,
    Ellipse,
    Gradient,
    Group,
    Image,
    Rect,
    Style,
    Text,
)
from cardgen.layout.drawing import Path as PathItem
from cardgen.render import svg
from cardgen.render.svg import form, to_svg
from tests.support.svg_reference import to_svg as tree_svg

REPO = Path(__file__).resolve().parent.parent
SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}href"


def _faces(project: Path) -> list[Drawing]:
    """Every face of every edition of a project's games (front and back)."""
    out = []
    for game in list_games(project):
        for edition in list_editions(project, game):
            db = load_database(project, game, edition)
            session = LayoutSession(db)
            for c in db.components:
                sides = ("front", "back") if face_info(session, c.kind).has_back else ("front",)
                out += [d for side in sides if (d := lay_out(session, c, side)) is not None]
    return out


@pytest.fixture
def image(tmp_path: Path) -> Path:
    """A small PNG file."""
    path = tmp_path / "art.png"
    PILImage.new("RGB", (4, 3), "#3366CC").save(path)
    return path


def _odd(image: Path) -> Drawing:
    """A face of the constructs the games may not reach: escaping, gradients, clips to an outline,
    alphas, joins, dashes, raised marks, right-to-left text, letter spacing, outlined letters,
    an image, empty groups and paths."""
    d = Drawing('A & B <"1"> Tārā', 40.0, 30.0, bleed=2.0, shape="circle")
    grad = Gradient("linear", (0.0, 0.0, 40.0, 30.0), ((0.0, "#FF0000"), (1.0, "#0000FF")))
    ring = PathItem((("M", 0.0, 0.0), ("L", 10.0, 0.0), ("L", 5.0, 8.0), ("Z",)), Style(), "evenodd")
    d.items += [
        Rect(-2, -2, 44, 34, Style(fill="#7A4BB3", fill_paint=grad)),
        Rect(1, 1, 10, 5, Style(fill="#FFFFFF", stroke="#000000", dash=(1.0, 0.5), opacity=0.5,
                                fill_alpha=0.25, stroke_alpha=0.75, join="round", cap="square"),
             radius=1.5),
        Ellipse(30, 20, 5, 4, Style(fill_paint=Gradient("radial", (30.0, 20.0, 5.0),
                                                        ((0.0, "#FFFFFF"), (1.0, "#000000"))))),
        PathItem((), Style(fill="#123456")),
        PathItem((("M", 1.0, 1.0), ("C", 2.0, 2.0, 3.0, 3.0, 4.0, 1.0), ("Z",)),
                 Style(stroke="#00FF00", stroke_width=0.3), "evenodd"),
        Text(2, 15, 'x < y & "z" > w', "bold", 12, "#FFFFFF"),
        Text(20, 27, "★ → − é ñ", "regular", 9, "#FFFFFF", "middle"),
        Text(20, 10, "مرحبا بالعالم", "regular", 8, "#000000", "end"),
        Text(2, 20, "spaced out", "regular", 8, "#000000", spacing=0.3),
        Text(2, 24, "Outlined", "bold", 10, "#FFFFFF", stroke="#000000", stroke_width=0.2),
        Text(2, 28, "   ", "regular", 8),
        Image(5, 5, 10, 10, str(image), hashlib.sha256(image.read_bytes()).hexdigest()),
        Group((Rect(0, 0, 3, 3, Style(fill="#FF00FF")),), (0.5, 0.1, -0.1, 0.5, 3.0, 4.0),
              clip=(0.0, 0.0, 10.0, 10.0), clip_path=ring),
        Group(()),
        Group((), clip=(0.0, 0.0, 1.0, 1.0)),
        Group((Group((Text(1, 2, "nested", "regular", 6),), clip_path=ring),)),
    ]
    return d


@pytest.mark.parametrize("project", ["", "tests/pieces", "tests/fixtures/own-font",
                                     "tests/fixtures/squib-gradients",
                                     "tests/fixtures/squib-shapes", "tests/fixtures/squib-embed"])
def test_every_face_is_the_bytes_svgwrites_tree_gave(project: str) -> None:
    """The streamed writer is held to the svgwrite element-tree writer it replaced
    (tests/support/svg_reference.py), byte for byte, with and without bleed."""
    faces = _faces(REPO / project)
    assert faces
    for d in faces:
        for bleed in (0.0, d.bleed):
            assert to_svg(d, bleed_mm=bleed) == tree_svg(d, bleed_mm=bleed), d.name


def test_odd_constructs_are_the_bytes_svgwrites_tree_gave(image: Path) -> None:
    odd = _odd(image)
    for shape in ("circle", "rect", "hex", "polygon"):
        odd.shape, odd.points = shape, ((0.0, 0.0), (40.0, 0.0), (20.0, 30.0))
        for bleed in (0.0, 2.0):
            assert to_svg(odd, bleed_mm=bleed) == tree_svg(odd, bleed_mm=bleed), shape
    empty = Drawing("", 10.0, 10.0, bleed=0.0)
    assert to_svg(empty) == tree_svg(empty)
    assert "<title />" in to_svg(empty)


@pytest.mark.parametrize("seed", range(40))
def test_forms_write_what_svgwrite_writes(seed: int) -> None:
    """A form is svgwrite's element: attributes sorted by name, empty values left out, values
    escaped as ElementTree escapes them, whichever attributes are fixed or filled."""
    rnd = random.Random(seed)
    names = ["x", "y", "fill", "fill-opacity", "stroke-width", "xlink:href", "viewBox", "id",
             "aria-label", "clip-path", "preserveAspectRatio", "d", "rx"]
    values = ["", "0", "1.5", "#FF0000", 'a & "b" <c> 100%', "Tārā", "tab\there", "line\nnext"]
    chosen = rnd.sample(names, rnd.randint(0, len(names)))
    split = rnd.randint(0, len(chosen))
    fixed = tuple((k, rnd.choice(values)) for k in chosen[:split])
    filled = {k: rnd.choice(values[1:]) for k in chosen[split:]}
    element = BaseElement(debug=False)
    element.elementname = "g"
    element.update(dict(fixed) | filled)
    f = form("g", tuple(filled), fixed)
    escaped = tuple(ET._escape_attrib(v) for v in filled.values())  # type: ignore[attr-defined]
    assert f.fill(escaped, empty=True) == ET.tostring(element.get_xml(), encoding="unicode")


def test_text_and_names_are_escaped_and_kept_as_unicode() -> None:
    d = Drawing('Café & "Co" <1>', 20.0, 20.0, bleed=0.0)
    d.add(Text(1, 5, 'Tārā & <"1">', "regular", 8))
    text = to_svg(d)
    assert 'aria-label="Tārā &amp; &lt;&quot;1&quot;&gt;"' in text
    assert "<title>Café &amp; \"Co\" &lt;1&gt;</title>" in text
    root = ET.fromstring(text.encode("utf-8"))
    assert root.find(f"{SVG}title").text == 'Café & "Co" <1>'
    assert root.find(f".//{SVG}g[@aria-label]").get("aria-label") == 'Tārā & <"1">'


def _ids_and_references(text: str) -> tuple[list[str], set[str]]:
    root = ET.fromstring(text.encode("utf-8"))
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    refs = {e.get(XLINK)[1:] for e in root.iter() if (e.get(XLINK) or "").startswith("#")}
    refs |= set(re.findall(r"url\(#([^)]+)\)", text))
    return ids, refs


def test_ids_are_unique_and_every_reference_is_defined(image: Path) -> None:
    ids, refs = _ids_and_references(to_svg(_odd(image), bleed_mm=2.0))
    assert len(ids) == len(set(ids))
    assert refs <= set(ids)
    assert {"clip1", "clip2", "clip3", "clip4", "paint1", "paint2"} <= set(ids)


def test_a_glyph_is_defined_once_however_often_it_is_drawn() -> None:
    d = Drawing("glyphs", 40.0, 20.0, bleed=0.0)
    d.add(Text(1, 5, "aaa aaa", "regular", 8))
    d.add(Text(1, 10, "a", "regular", 8))
    d.add(Text(1, 15, "a", "bold", 8))
    root = ET.fromstring(to_svg(d).encode("utf-8"))
    defs = [p.get("id") for p in root.find(f"{SVG}defs").iter(f"{SVG}path")]
    uses = [u.get(XLINK) for u in root.iter(f"{SVG}use")]
    assert len(defs) == 2 and len(set(defs)) == 2  # one "a" per face: regular and bold
    assert sorted(defs) == defs
    assert len(uses) == 8 and {u[1:] for u in uses} == set(defs)


def test_glyphs_remembered_from_one_face_are_defined_in_the_next() -> None:
    """A line, a word or a glyph met in an earlier face still gets its <path> in each face."""
    first = Drawing("first", 40.0, 20.0, bleed=0.0)
    first.add(Text(1, 5, "Hello world", "regular", 8))
    second = Drawing("second", 40.0, 20.0, bleed=0.0)
    second.add(Text(1, 5, "Hello world", "regular", 8))  # the same line
    second.add(Text(1, 10, "world Hello", "regular", 8))  # the same words
    alone = Drawing("alone", 40.0, 20.0, bleed=0.0)
    alone.add(Text(1, 5, "low", "regular", 8))  # glyphs met before, in another word
    before = to_svg(alone)
    for d in (first, second, alone):
        text = to_svg(d)
        ids, refs = _ids_and_references(text)
        assert refs <= set(ids) and any(i.startswith("g-") for i in ids)
        assert text == tree_svg(d)
    assert to_svg(alone) == before


def test_the_same_face_gives_the_same_bytes_after_others(image: Path) -> None:
    odd = _odd(image)
    first = to_svg(odd, bleed_mm=2.0)
    for d in _faces(REPO / "tests/fixtures/squib-gradients"):
        to_svg(d, bleed_mm=d.bleed)
    assert to_svg(odd, bleed_mm=2.0) == first


def test_an_image_is_written_whole_as_a_data_uri(image: Path) -> None:
    digest = hashlib.sha256(image.read_bytes()).hexdigest()
    named_jpg = image.with_suffix(".jpg")  # the same bytes under another type's name
    named_jpg.write_bytes(image.read_bytes())
    d = Drawing("image", 20.0, 20.0, bleed=0.0)
    d.add(Image(1, 2, 3, 4, str(image), digest))
    d.add(Image(5, 6, 3, 4, str(image)))  # no digest: read again, the same data
    d.add(Image(5, 6, 3, 4, str(named_jpg), digest))
    text = to_svg(d)
    assert text == tree_svg(d)
    found = list(ET.fromstring(text.encode("utf-8")).iter(f"{SVG}image"))
    assert len(found) == 3
    for element, mime in zip(found, ("png", "png", "jpeg"), strict=True):
        head, data = element.get(XLINK).split(",", 1)
        assert head == f"data:image/{mime};base64"
        assert base64.b64decode(data) == image.read_bytes()
        assert element.get("preserveAspectRatio") == "none"
    assert (found[0].get("x"), found[0].get("width")) == ("1", "3")


def test_clips_groups_and_the_cut_line() -> None:
    ring = PathItem((("M", 0.0, 0.0), ("L", 4.0, 0.0), ("L", 2.0, 3.0), ("Z",)), Style(), "evenodd")
    d = Drawing("clips", 20.0, 20.0, bleed=1.0)
    d.add(Group((Rect(0, 0, 5, 5, Style(fill="#FF0000")),), IDENTITY, clip=(0.0, 0.0, 2.0, 2.0),
                clip_path=ring))
    root = ET.fromstring(to_svg(d, bleed_mm=1.0).encode("utf-8"))
    clips = root.find(f"{SVG}defs").findall(f"{SVG}clipPath")
    assert [c.get("id") for c in clips] == ["clip1", "clip2", "clip3"]
    assert clips[0].find(f"{SVG}rect").get("width") == "2"
    assert clips[1].find(f"{SVG}path").get("clip-rule") == "evenodd"
    art = root.find(f"{SVG}g")
    assert art.get("clip-path") == "url(#clip3)"  # the face's own clip: the last one
    assert clips[2].find(f"{SVG}rect").get("x") == "-1"  # a plain rectangle: its bleed box
    outer = art.find(f"{SVG}g")
    assert outer.get("transform") is None
    assert outer.find(f"{SVG}g").get("clip-path") == "url(#clip1)"
    assert outer.find(f"{SVG}g/{SVG}g").get("clip-path") == "url(#clip2)"
    d.shape = "circle"
    root = ET.fromstring(to_svg(d, bleed_mm=1.0).encode("utf-8"))
    assert root.find(f"{SVG}defs").findall(f"{SVG}clipPath")[-1].find(f"{SVG}path") is not None


def test_memos_start_again_when_full(monkeypatch: pytest.MonkeyPatch) -> None:
    """A long `watch` session keeps its memos bounded; what they forget is made again alike."""
    monkeypatch.setattr(svg, "_MEMO_LIMIT", 20)
    for memo in ("_NUMS", "_RUNS", "_WORDS", "_PATHS", "_SHAPES", "_TEXTS"):
        monkeypatch.setattr(svg, memo, {})
    faces = []
    for n in range(30):
        d = Drawing(f"face {n}", 20.0, 20.0, bleed=0.0)
        d.add(Rect(n / 7, 1, 2, 2, Style(fill=f"#0000{n:02X}")))
        d.add(PathItem((("M", n / 3, 0.0), ("L", 1.0, 1.0)), Style(stroke="#000000")))
        d.add(Text(1, 5 + n / 9, f"line {n} of {n * 7}", "regular", 8))
        faces.append(d)
    for d in faces * 2:
        assert to_svg(d) == tree_svg(d)
    sizes = {memo: len(getattr(svg, memo)) for memo in ("_NUMS", "_RUNS", "_PATHS", "_SHAPES", "_TEXTS")}
    sizes["_WORDS"] = max(len(words) for words in svg._WORDS.values())  # a face's words
    assert sizes["_RUNS"] <= 3 and sizes["_PATHS"] <= 3 and sizes["_TEXTS"] <= 3, sizes
    assert max(sizes.values()) <= 21, sizes


def test_the_svg_escaping_is_elementtrees() -> None:
    """render/svgescape.py escapes text and attribute values as ElementTree does (the SVG
    writer no longer imports it)."""
    import random
    from xml.etree.ElementTree import _escape_attrib, _escape_cdata  # type: ignore[attr-defined]

    from cardgen.render.svgescape import escape_attrib, escape_cdata

    rng = random.Random(25)
    alphabet = "&<>\"'\r\n\t ;#amp&lt;x\u00e9\u2014"
    texts = ["", "plain", "&amp;", "a < b > c", '"q" \'s\'', "l1\r\nl2\tt", *alphabet]
    texts += ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 30))) for _ in range(500)]
    for text in texts:
        assert escape_cdata(text) == _escape_cdata(text)
        assert escape_attrib(text) == _escape_attrib(text)


@pytest.mark.child_process
def test_writing_an_svg_imports_neither_elementtree_nor_mimetypes() -> None:
    """A face without an image is written without loading ElementTree or mimetypes (a fresh
    interpreter: this test module has loaded ElementTree itself)."""
    import subprocess
    import sys

    code = ("import sys\n"
            "from cardgen.layout.drawing import Drawing, Rect, Style, Text\n"
            "from cardgen.render.svg import to_svg\n"
            "d = Drawing('x & y', 63.0, 88.0, 3.0, [Rect(0, 0, 63, 88, Style(fill='#ffcc00')),\n"
            "                                      Text(5, 10, 'A & <b> \"q\"', 'regular', 8.0)])\n"
            "svg = to_svg(d)\n"
            "assert '&amp;' in svg, svg\n"
            "print(sorted(m for m in ('xml.etree.ElementTree', 'mimetypes') if m in sys.modules))\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False,
                         cwd=Path(__file__).parent.parent)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[]"


def test_a_line_made_once_is_placed_anew_and_marks_keep_their_raise() -> None:
    """A line of text's element is made once per text and style (render/svg.py `_TEXTS`) and
    its glyphs' <use>s from formats per glyph and word: the same line at other places, other
    anchors and sizes, words shared between lines, and combining marks (glyphs raised off the
    baseline) give svgwrite's bytes."""
    d = Drawing("lines", 60.0, 40.0, bleed=0.0)
    for n, anchor in enumerate(("start", "middle", "end", "middle")):
        d.add(Text(30 - n, 5 + n * 3, "the same line of text", "regular", 8 + n % 2, "#102030", anchor))
        d.add(Text(2 + n, 20, "same text, line", "bold", 7, "#000000", anchor, spacing=0.1 * (n % 2)))
    d.add(Text(3, 30, "cafe\u0301 n\u0303o x\u0308\u0301 q\u0323", "regular", 9, "#000000"))
    d.add(Text(3, 35, "x\u0308\u0301q\u0323", "bold", 9, "#000000", "middle", stroke="#FFFFFF",
               stroke_width=0.1))
    for _ in range(2):  # made, then from the memos
        assert to_svg(d) == tree_svg(d)
