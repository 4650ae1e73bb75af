"""Layouts as a checked language: located errors, bindings, inline icons, own fonts, schema, docs.

Most cases edit a copy of tests/fixtures/own-font (a two-card game whose layout brings its own
font, a subset of the bundled DejaVu Sans Bold without 'Q') and run the CLI in-process.
"""

from __future__ import annotations

import io
import json
import re
import shutil
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from cardgen.data.load import load_database
from cardgen.layout import LayoutSession, lay_out
from cardgen.layout.drawing import Group, Text
from cardgen.layout.lints import bbox, transform_box
from cardgen.layout.model import elements_table, layout_schema
from cardgen.render.pdf import write_faces
from cardgen.render.svg import to_svg
from tests.conftest import REPO

FIXTURE = REPO / "tests" / "fixtures" / "own-font"
LAYOUT = "layouts/glyphs/spell-card.yaml"
LOCATED = re.compile(r"^layouts/glyphs/spell-card\.yaml:(\d+):(\d+): error\[([a-z-]+)\] (\S+): (.*)$",
                     re.MULTILINE)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    dest = tmp_path / "glyphs"
    shutil.copytree(FIXTURE, dest)
    return dest


def _edit(project: Path, file: str, find: str, replace: str) -> tuple[int, int]:
    path = project / file
    text = path.read_text(encoding="utf-8")
    at = text.index(find)
    path.write_text(text[:at] + replace + text[at + len(find):], encoding="utf-8")
    return text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)


def _line_col(project: Path, file: str, needle: str) -> tuple[int, int]:
    text = (project / file).read_text(encoding="utf-8")
    at = text.index(needle)
    return text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)


MISTAKES = [  # find, replace, the text whose position is reported, rule, key path, message, hint
    ("min_size: 7,", "min_sise: 7,", "min_sise", "unknown-key", "elements[2].min_sise",
     "unknown key 'min_sise'", "did you mean 'min_size'?"),
    ('text: "{name}"', 'text: "{nmae}"', '"{nmae}"', "unknown-binding", "elements[1].text",
     "{nmae}: kind 'spell-card' has no field 'nmae'", "did you mean 'name'?"),
    ("type: rect,", "type: cirlce,", "cirlce", "unknown-element", "elements[0].type",
     "unknown element type 'cirlce'", "did you mean 'circle'?"),
    ("valign: middle", "valign: middel", "middel", "bad-value", "elements[1].valign",
     "'middel' is not one of top, middle, bottom", "did you mean 'middle'?"),
    ("elements:\n", "elements:\n  - { type: repeat, n: 3, row_step: 25, elements: [] }\n", "25",
     "bad-shape", "elements[0].row_step", "expected [dx, dy], got 25", "two numbers in brackets"),
    ("elements:\n", 'elements:\n  - { type: repeat, over: "{rules}", elements: [] }\n', '"{rules}"',
     "unknown-binding", "elements[0].over", "{rules} is a text, not a list", "use n: for a count"),
    ("elements:\n", 'elements:\n  - { type: text, text: "{item.name}", w: 10, h: 5 }\n', '"{item.name}"',
     "unknown-binding", "elements[0].text", "{item.name}: 'item' is only known inside repeat",
     "bind a field"),
    ('background: "#FFFFFF"', 'background: "{nmae}"', '"{nmae}"', "unknown-binding", "background",
     "{nmae}: kind 'spell-card' has no field 'nmae'", "did you mean 'name'?"),
]


@pytest.mark.parametrize("mistake", MISTAKES, ids=[m[3] + "-" + m[2] for m in MISTAKES])
@pytest.mark.parametrize("command", ["lint", "build"])
def test_layout_mistake_is_located_in_the_layout(project: Path, run_cli, mistake, command) -> None:
    find, replace, shown, rule, path, message, hint = mistake
    _edit(project, LAYOUT, find, replace)
    line, col = _line_col(project, LAYOUT, shown)
    args = [command] + (["--no-preview"] if command == "build" else [])
    result = run_cli("--project", str(project), *args)
    assert result.code == 2, result.text
    assert "Traceback" not in result.text and "internal error" not in result.text
    assert f"{LAYOUT}:{line}:{col}: error[{rule}] {path}: {message}" in result.text, result.text
    assert "hint: " in result.text and hint in result.text, result.text
    assert not (project / "output").exists()


def test_every_mistake_of_a_file_in_one_run(project: Path, run_cli) -> None:
    _edit(project, LAYOUT, "min_size: 7,", "min_sise: 7,")
    _edit(project, LAYOUT, "valign: middle", "valign: middel")
    _edit(project, LAYOUT, "bleed: 3", "bleed: lots")
    result = run_cli("--project", str(project), "lint")
    assert result.code == 2
    found = {m.group(4) for m in LOCATED.finditer(result.err)}
    assert found == {"elements[2].min_sise", "elements[1].valign", "bleed"}, result.err


def test_repeat_runs_over_a_count(project: Path) -> None:
    _edit(project, LAYOUT, "elements:\n", "elements:\n  - { type: repeat, n: 4, x: 5, y: 70, step: [6, 0],"
          " elements: [{ type: circle, cx: 0, cy: 0, r: 1, fill: '#123456', when: '{index}' }] }\n")
    db = load_database(project, "glyphs", None)
    session = LayoutSession(db)
    drawing = lay_out(session, db.components[0], "front")
    assert drawing is not None
    dots = [i for i in drawing.items if getattr(getattr(i, "style", None), "fill", None) == "#123456"]
    assert [(d.cx, d.cy) for d in dots] == [(5, 70), (11, 70), (17, 70), (23, 70)]


# ---------------------------------------------------------------- inline icons


def _spark(project: Path):
    db = load_database(project, "glyphs", None)
    session = LayoutSession(db)
    spark = next(c for c in db.components if c.id == "spark")
    drawing = lay_out(session, spark, "front")
    assert drawing is not None
    return db, drawing


def test_inline_icons_sit_between_the_words_on_the_line(project: Path) -> None:
    _, drawing = _spark(project)
    texts = [i for i in drawing.items if isinstance(i, Text)]
    icons = [i for i in drawing.items if isinstance(i, Group)]
    assert all("[" not in t.text and "]" not in t.text for t in texts)
    pay = next(t for t in texts if t.text.startswith("Pay"))
    rest = next(t for t in texts if t.text.lstrip().startswith("to deal"))
    assert pay.y == rest.y  # one line
    coins = sorted((transform_box(i.transform, bbox(i.items[0])) for i in icons[:2]), key=lambda b: b[0])
    pay_end = bbox(pay)[2]
    assert pay_end < coins[0][0] < coins[0][2] <= coins[1][0] < coins[1][2] < bbox(rest)[0] + 1.0
    side = coins[0][2] - coins[0][0]
    assert side == pytest.approx(0.9 * 0.9 * pay.size * 25.4 / 72, rel=0.02)  # coin: 9/10 of the icon
    cap_middle = pay.y - (bbox(pay)[3] - bbox(pay)[1]) / 2
    assert abs((coins[0][1] + coins[0][3]) / 2 - pay.y) < side  # on the line, not above or below
    assert coins[0][1] < pay.y and cap_middle < coins[0][3]
    # the coin (black in its SVG) takes the text colour; the gem keeps its own blue
    colours = {p.style.fill for g in icons for p in g.items}
    assert "#1A1A1A" in colours and "#1F6FB2" in colours


def test_inline_icons_are_the_same_in_pdf_and_svg(project: Path, tmp_path: Path) -> None:
    pdfium = pytest.importorskip("pypdfium2")
    resvg_py = pytest.importorskip("resvg_py")
    _, drawing = _spark(project)
    pdf, svg = tmp_path / "spark.pdf", to_svg(drawing, bleed_mm=0.0)
    write_faces(str(pdf), [drawing], bleed_mm=0.0)
    assert "[coin]" not in svg and "[gem]" not in svg
    assert "[" not in PdfReader(pdf).pages[0].extract_text()
    pdf_png = pdfium.PdfDocument(str(pdf))[0].render(scale=254 / 72).to_pil().convert("RGB")
    svg_png = Image.open(io.BytesIO(bytes(resvg_py.svg_to_bytes(svg_string=svg, dpi=254)))).convert("RGB")
    icons = [i for i in drawing.items if isinstance(i, Group)]
    assert len(icons) == 3  # two coins and a gem
    for icon in icons:  # 10 px per mm: the middle of each icon is its colour in both files
        x0, y0, x1, y1 = transform_box(icon.transform, bbox(icon.items[0]))
        px = (round((x0 + x1) / 2 * 10), round((y0 + y1) / 2 * 10))
        want = icon.items[0].style.fill
        for png in (pdf_png, svg_png):
            got = "#{:02X}{:02X}{:02X}".format(*png.getpixel(px)[:3])
            assert got == want, (png is pdf_png, px, got, want)
        # just outside the icon (left of it, between it and the word before) is paper
        left = (round(x0 * 10) - 3, px[1])
        assert pdf_png.getpixel(left)[:3] == svg_png.getpixel(left)[:3] == (255, 255, 255)


def test_literal_bracket_and_unknown_icon(project: Path, run_cli) -> None:
    db, _ = _spark(project)
    session = LayoutSession(db)
    glow = next(c for c in db.components if c.id == "glow")
    texts = [i.text for i in lay_out(session, glow, "front").items if isinstance(i, Text)]
    assert any("[of the deck]." in t for t in texts)
    line, col = _edit(project, "data/glyphs/1.0/spells.yaml", "Gain a [gem]", "Gain a [gme]")
    result = run_cli("--project", str(project), "build", "--no-preview")
    assert result.code == 2, result.text
    assert "error[unknown-icon] spark.rules: no icon '[gme]'" in result.text
    assert "hint: did you mean 'gem'?" in result.text
    assert "data/glyphs/1.0/spells.yaml:1:" in result.text


# ---------------------------------------------------------------- own fonts


def _fonts(pdf: Path) -> set[tuple[str, bool]]:
    found: set[tuple[str, bool]] = set()

    def walk(resources) -> None:
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            descendants = font.get("/DescendantFonts")
            desc = (descendants[0].get_object() if descendants else font).get("/FontDescriptor")
            found.add((str(font["/BaseFont"]), bool(desc and "/FontFile2" in desc.get_object())))
        for xobject in (resources.get("/XObject") or {}).values():
            xobject = xobject.get_object()
            if "/Resources" in xobject:
                walk(xobject["/Resources"].get_object())

    for page in PdfReader(pdf).pages:
        walk(page["/Resources"].get_object())
    return found


def test_own_font_is_embedded_and_the_bundled_one_is_not_used(project: Path, run_cli) -> None:
    result = run_cli("--project", str(project), "build", "--no-preview")
    assert result.code == 0, result.text
    out = project / "output" / "glyphs-1.0"
    for pdf in (out / "print" / "spell-card.pdf", out / "pnp-letter.pdf"):
        fonts = _fonts(pdf)
        assert any(name.endswith("+CardgenTestSans") and embedded for name, embedded in fonts), fonts
        card_fonts = {name for name, _ in fonts if "CardgenTestSans" not in name}
        if pdf.name.startswith("print"):
            assert not card_fonts, card_fonts


def test_missing_glyph_in_own_font_names_the_character(project: Path, run_cli) -> None:
    _edit(project, "data/glyphs/1.0/spells.yaml", "name: Spark", "name: Quick Spark")
    result = run_cli("--project", str(project), "build", "--no-preview")
    assert result.code == 2, result.text
    assert "error[missing-glyph] spark.title: the font (TestSans-Regular.ttf) has no glyph for " \
           "'Q' (U+0051)" in result.text, result.text


def test_unusable_font_file_is_located(project: Path, run_cli) -> None:
    (project / "layouts/glyphs/fonts/Broken.ttf").write_bytes(b"not a font")
    line, col = _edit(project, LAYOUT, "fonts/TestSans-Regular.ttf", "fonts/Broken.ttf")
    result = run_cli("--project", str(project), "lint")
    assert result.code == 2
    assert f"{LAYOUT}:{line}:{col}: error[bad-font] fonts.regular: font file 'fonts/Broken.ttf': " \
           "is damaged or not a TrueType/OpenType font" in result.text, result.text


# ---------------------------------------------------------------- lints


def test_lints_name_the_layout_line_and_the_face(project: Path, run_cli) -> None:
    _edit(project, LAYOUT, "elements:\n", "elements:\n"
          "  - { type: text, name: faint, text: Faint, x: 5, y: 70, w: 30, h: 5, size: 5,"
          " color: '#DDDDDD' }\n"
          "  - { type: rect, x: 70, y: 10, w: 5, h: 5, fill: '#000000' }\n")
    result = run_cli("--project", str(project), "lint")
    assert result.code == 0, result.text
    assert f"{LAYOUT}:11:5: warning[low-contrast] spark elements[0] (faint): text contrast 1.4:1 " \
           "against #FFFFFF (needs 4.5:1) (and 1 more face)" in result.out, result.out
    assert f"{LAYOUT}:11:5: warning[small-text] spark elements[0] (faint): text is fitted at 5 pt" \
           in result.out
    assert f"{LAYOUT}:12:5: warning[outside-trim] spark elements[1]: drawn wholly outside the trim" \
           in result.out
    strict = run_cli("--project", str(project), "lint", "--strict")
    assert strict.code == 2 and "error[low-contrast]" in strict.err
    built = run_cli("--project", str(project), "build", "--no-preview", "--strict")
    assert built.code == 2 and "error[small-text]" in built.err
    _edit(project, LAYOUT, "  - { type: text, name: faint", "  # lint-ok: small-text a test\n"
          "  - { type: text, name: faint")
    quiet = run_cli("--project", str(project), "lint")
    assert "small-text" not in quiet.out and "low-contrast" in quiet.out


def test_text_whose_end_sits_on_a_light_bar_is_low_contrast(project: Path, run_cli) -> None:
    """A line of white text whose last letters run onto a white bar: its middle reads, its end
    does not. The contrast lint looks along the whole line, not only at its middle."""
    _edit(project, LAYOUT, "elements:\n", "elements:\n"
          "  - { type: rect, x: 5, y: 60, w: 53, h: 20, fill: '#1E2A3A' }\n"
          "  - { type: rect, x: 40, y: 68, w: 18, h: 6, fill: '#FFFFFF' }\n"
          "  - { type: text, name: tail, text: Tail end runs on, x: 8, y: 68, w: 34, h: 6,"
          " size: 9, min_size: 9, color: '#FFFFFF', align: right, valign: middle }\n")
    result = run_cli("--project", str(project), "lint")
    assert result.code == 0, result.text
    assert "warning[low-contrast] spark elements[2] (tail): text contrast 1.0:1 against #FFFFFF" \
           in result.out, result.out


SEEDS = ["l5@0.6.5", "l5@act-one", "l5@0.6.2", "lux-aeterna", "orbital-debris"]


@pytest.mark.parametrize("target", SEEDS)
def test_seed_games_have_no_lint_warning(target: str, run_cli) -> None:
    result = run_cli("--project", str(REPO), "lint", target)
    assert result.code == 0, result.text
    assert result.out.strip().splitlines()[-1].split(": ")[1].startswith("0 layout warnings"), result.out


# ---------------------------------------------------------------- schema and docs


def test_layout_schema_is_current_and_named_on_line_one() -> None:
    written = json.loads((REPO / "schema" / "layout.schema.json").read_text(encoding="utf-8"))
    assert written == json.loads(json.dumps(layout_schema())), "run `cardgen schema`"
    types = {v["properties"]["type"]["const"] for k, v in written["$defs"].items() if k.endswith("Element")}
    assert {"text", "repeat", "polar", "icon", "rect"} <= types
    for path in sorted((REPO / "layouts").rglob("*.yaml")):
        depth = len(path.relative_to(REPO).parts) - 1
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first == f"# yaml-language-server: $schema={'../' * depth}schema/layout.schema.json", path


def test_docs_element_table_is_generated_from_the_model() -> None:
    docs = (REPO / "docs" / "layouts.md").read_text(encoding="utf-8")
    assert elements_table() in docs


def test_italic_markup_needs_an_italic_face() -> None:
    from cardgen.layout import text

    plain = text.parse_runs("a *word* here")
    assert [r.text for r in plain] == ["a *word* here"]  # no italic face: printed as written
    family = text.Family("regular", "bold", "file:/fonts/Italic.ttf")
    runs = text.parse_runs("a *word* and **bold** [coin] [[x]", "regular", family)
    assert [(r.text, r.face, r.icon) for r in runs] == [
        ("a ", "regular", None), ("word", "file:/fonts/Italic.ttf", None), (" and ", "regular", None),
        ("bold", "bold", None), (" ", "regular", None), ("", "regular", "coin"),
        (" [x]", "regular", None)]
    assert text.icon_names("[[coin] [gem] [gem]") == ["gem"]


def test_colour_auto_reads_the_fill_under_it(project: Path) -> None:
    _edit(project, LAYOUT, "elements:\n", "elements:\n"
          "  - { type: rect, x: 5, y: 66, w: 20, h: 8, fill: '#F2C230' }\n"
          "  - { type: text, text: Light, x: 5, y: 66, w: 20, h: 8, size: 8, color: auto }\n"
          "  - { type: rect, x: 30, y: 66, w: 20, h: 8, fill: '#10213F' }\n"
          "  - { type: text, text: Dark, x: 30, y: 66, w: 20, h: 8, size: 8, color: auto }\n")
    _, drawing = _spark(project)
    colours = {t.text: t.color for t in drawing.items if isinstance(t, Text)}
    assert colours["Light"] == "#000000" and colours["Dark"] == "#FFFFFF"


def test_frames_near_the_cut_and_text_under_other_elements_are_linted(project: Path, run_cli) -> None:
    _edit(project, LAYOUT, "elements:\n", "elements:\n"
          "  - { type: rect, x: 1.5, y: 66, w: 20, h: 10, stroke: '#1A1A1A' }\n"
          "  - { type: text, name: under, text: Covered, x: 30, y: 66, w: 20, h: 6, size: 8 }\n"
          "  - { type: rect, x: 35, y: 66, w: 6, h: 6, fill: '#1F6FB2' }\n"
          "  - { type: text, name: edge, text: Edge, x: 1, y: 76, w: 20, h: 5, size: 8 }\n")
    result = run_cli("--project", str(project), "lint")
    assert "warning[near-cut] spark elements[0]: a frame or art edge 1.3 mm inside the cut" in result.out
    assert "warning[overlaps-text] spark elements[1] (under): another element is drawn over" in result.out
    assert "warning[outside-safe] spark elements[3] (edge): text runs outside the safe area" in result.out
