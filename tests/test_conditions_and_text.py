"""Conditions (`when:` comparisons, not/all/any), binding defaults, empty emphasis, bound text
sizes, a missing italic or bold face, and the messages of unknown layout icons and bleed: at
the level of drawings in mm (cardgen.layout.dump), on a copy of tests/fixtures/own-font."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardgen.data.load import load_database
from cardgen.errors import ProblemsError
from cardgen.layout import LayoutSession, lay_out
from cardgen.layout.dump import drawing_body
from tests.conftest import REPO

FIXTURE = REPO / "tests" / "fixtures" / "own-font"
LAYOUT = "layouts/glyphs/spell-card.yaml"
SPELLS = "data/glyphs/1.0/spells.yaml"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    dest = tmp_path / "glyphs"
    shutil.copytree(FIXTURE, dest)
    return dest


def _edit(project: Path, file: str, find: str, replace: str) -> None:
    path = project / file
    text = path.read_text(encoding="utf-8")
    assert find in text
    path.write_text(text.replace(find, replace, 1), encoding="utf-8")


def _add_elements(project: Path, *elements: str) -> None:
    _edit(project, LAYOUT, "edition_mark: { color: \"#4A4F5C\" }\n",
          "edition_mark: false\n")
    path = project / LAYOUT
    path.write_text(path.read_text(encoding="utf-8") + "".join(f"  - {e}\n" for e in elements),
                    encoding="utf-8")


def _faces(project: Path, draft: bool = False) -> dict[str, list[str]]:
    db = load_database(project, "glyphs", None, draft=draft) if draft else load_database(
        project, "glyphs", None)
    session = LayoutSession(db)
    out = {}
    for c in db.components:
        drawing = lay_out(session, c, "front")
        assert drawing is not None
        out[c.id] = drawing_body(drawing)
    return out


def _with(lines: list[str], colour: str) -> list[str]:
    return [line.strip() for line in lines if colour in line]


def _problems(project: Path) -> list[str]:
    with pytest.raises(ProblemsError) as err:
        _faces(project)
    return [p.render() for p in err.value.problems]


# ---------------------------------------------------------------- conditions


def test_when_compares_values_and_combines_conditions(project: Path) -> None:
    _edit(project, "data/glyphs/game.yaml", "      rules:", "      cost: { type: int }\n      rules:")
    _edit(project, SPELLS, "school: ember, status", "cost: 3, school: ember, status")
    _edit(project, SPELLS, "name: Glow, school", "name: Glow, cost: 1, school")
    _add_elements(
        project,
        "{ type: rect, x: 1, y: 80, w: 2, h: 2, fill: '#010101', when: { name: Spark } }",
        "{ type: rect, x: 2, y: 80, w: 2, h: 2, fill: '#020202', when: { cost: { gt: 2 } } }",
        "{ type: rect, x: 3, y: 80, w: 2, h: 2, fill: '#030303', when: { cost: { in: [1, 5] } } }",
        "{ type: rect, x: 4, y: 80, w: 2, h: 2, fill: '#040404', when: { not: { name: Spark } } }",
        "{ type: rect, x: 5, y: 80, w: 2, h: 2, fill: '#050505',"
        " when: { all: [{ school: Ember }, { cost: { le: 3 } }] } }",
        "{ type: rect, x: 6, y: 80, w: 2, h: 2, fill: '#060606',"
        " when: { any: [{ cost: 1 }, { name: { not: [Spark, Glow] } }] } }",
        "{ type: rect, x: 7, y: 80, w: 2, h: 2, fill: '#070707', when: { school: ember, cost: 3 } }",
    )
    faces = _faces(project)
    drawn = {cid: sorted(line.split("fill=")[1] for line in body if "fill=#0" in line)
             for cid, body in faces.items()}
    assert drawn == {"spark": ["#010101", "#020202", "#050505", "#070707"],
                     "glow": ["#030303", "#040404", "#050505", "#060606"]}
    assert "rect 1 80 2 2 fill=#010101" in [line.strip() for line in faces["spark"]]


def test_a_condition_naming_no_field_or_of_a_wrong_shape_is_located(project: Path, run_cli) -> None:
    _add_elements(project, "{ type: rect, x: 1, y: 80, w: 2, h: 2, fill: '#010101', when: { nmae: Spark } }")
    result = run_cli("--project", str(project), "build", "--no-preview")
    assert result.code == 2, result.text
    assert "spell-card.yaml:16:" in result.text
    assert "{nmae}: kind 'spell-card' has no field 'nmae'" in result.text
    assert "did you mean 'name'?" in result.text
    _edit(project, LAYOUT, "when: { nmae: Spark }", "when: { name: { has: Spark } }")
    result = run_cli("--project", str(project), "build", "--no-preview")
    assert result.code == 2, result.text
    assert "unknown test 'has'" in result.text and "spell-card.yaml:16:" in result.text


# ---------------------------------------------------------------- defaults and emphasis


def test_a_binding_default_stands_in_for_an_empty_field(project: Path) -> None:
    _edit(project, "data/glyphs/game.yaml", "      rules:", "      age: { type: str }\n      rules:")
    _edit(project, SPELLS, "name: Spark,", "name: Spark, age: '3',")
    _add_elements(project, "{ type: text, text: \"Age {age | default('none')}\", x: 5, y: 70, w: 50,"
                           " h: 6, size: 8, color: '#0A0A0A' }")
    faces = _faces(project)
    assert [line.split('"')[1] for line in _with(faces["spark"], "#0A0A0A")] == ["Age 3"]
    assert [line.split('"')[1] for line in _with(faces["glow"], "#0A0A0A")] == ["Age none"]


def test_a_malformed_default_is_located(project: Path, run_cli) -> None:
    _add_elements(project, "{ type: text, text: \"{name | fallback(x)}\", x: 5, y: 70, w: 50, h: 6 }")
    result = run_cli("--project", str(project), "build", "--no-preview")
    assert result.code == 2, result.text
    assert "spell-card.yaml:16:" in result.text and "is not a default" in result.text


def test_empty_emphasis_draws_nothing(project: Path) -> None:
    _edit(project, "data/glyphs/game.yaml", "      rules:", "      age: { type: str }\n      rules:")
    _edit(project, SPELLS, "name: Spark,", "name: Spark, age: '3',")
    _add_elements(project, "{ type: text, text: 'Age: **{age}** years', x: 5, y: 70, w: 50,"
                           " h: 6, size: 8, color: '#0A0A0A' }")
    faces = _faces(project)
    glow = [line.split('"')[1] for line in _with(faces["glow"], "#0A0A0A")]
    assert glow == ["Age: years"]  # not "Age: **** years"
    spark = [line.split('"')[1] for line in _with(faces["spark"], "#0A0A0A")]
    assert spark == ["Age: 3 years"]  # the fixture's font has no bold: one run


# ---------------------------------------------------------------- text numbers and faces


def test_text_size_may_be_bound(project: Path) -> None:
    _edit(project, "data/glyphs/game.yaml", "      rules:", "      big: { type: float }\n      rules:")
    _edit(project, SPELLS, "name: Spark,", "name: Spark, big: 12,")
    _add_elements(project, "{ type: text, text: 'X', x: 5, y: 70, w: 50, h: 9,"
                           " size: '{big} + 0', min_size: 5, color: '#0A0A0A' }")
    faces = _faces(project)
    assert " 12pt " in _with(faces["spark"], "#0A0A0A")[0]
    assert " 8pt " in _with(faces["glow"], "#0A0A0A")[0]  # empty: the default size
    _edit(project, LAYOUT, "size: '{big} + 0'", "size: '{big}'")
    assert " 12pt " in _with(_faces(project)["spark"], "#0A0A0A")[0]


def test_italic_asked_of_fonts_without_an_italic_face_is_a_located_warning(
        project: Path, run_cli) -> None:
    _add_elements(project, "{ type: text, text: 'a *b* c', x: 5, y: 70, w: 50, h: 6 }",
                  "{ type: text, text: 'd', font: bold, x: 5, y: 78, w: 50, h: 6 }")
    result = run_cli("--project", str(project), "lint")
    assert "spell-card.yaml:16:" in result.text
    assert "warning[missing-face] elements[3].text: italic asked of the layout's fonts" in result.text
    assert "spell-card.yaml:17:" in result.text and "bold asked of the layout's fonts" in result.text
    assert "hint: add italic: fonts/YourFace-Italic.ttf" in result.text


# ---------------------------------------------------------------- messages


def test_an_unknown_icon_written_in_the_layout_is_located_in_the_layout(
        project: Path, run_cli) -> None:
    _add_elements(project, "{ type: text, text: 'Pay [cion]', x: 5, y: 70, w: 50, h: 6 }")
    result = run_cli("--project", str(project), "build", "--no-preview")
    assert result.code == 2, result.text
    line = next(ln for ln in result.text.splitlines() if "unknown-icon" in ln)
    assert line.startswith("layouts/glyphs/spell-card.yaml:16:"), line
    assert "elements[3].text: no icon '[cion]'" in line
    assert "did you mean 'coin'?" in result.text
    assert "spells.yaml" not in result.text


def test_a_diamond_touching_the_trim_names_its_element_and_counts_its_corners(
        project: Path) -> None:
    _add_elements(project, "{ type: polygon, name: diamond, cx: 31.75, cy: 44.45, radius: 34.5,"
                           " sides: 4, fill: '#2255AA' }")
    problems = _problems(project)
    assert len(problems) == 1
    first = problems[0].splitlines()[0]
    assert first.startswith("layouts/glyphs/spell-card.yaml:16:"), first
    assert "error[bleed] spark.front: the polygon 'diamond' of the spell-card layout stops at " \
           "the trim" in first
    assert first.endswith("2 corners on the trim (left, right)"), first  # 4 sides, 2 reach


def test_a_band_short_of_the_bleed_says_where_and_how_long(project: Path) -> None:
    _add_elements(project, "{ type: rect, name: band, x: 0.2, y: 40, w: 63.3, h: 10, fill: '#2255AA' }")
    first = _problems(project)[0].splitlines()[0]
    assert "the rect 'band' of the spell-card layout stops at the trim" in first
    assert first.endswith("left (7.4 of 88.9 mm)"), first  # 2 of 24 samples


def test_draft_builds_a_face_whose_bleed_is_wrong_so_it_can_be_looked_at(
        project: Path, run_cli, tmp_path: Path) -> None:
    _add_elements(project, "{ type: rect, name: band, x: 0.2, y: 40, w: 63.3, h: 10, fill: '#2255AA' }")
    out = tmp_path / "out"
    result = run_cli("--project", str(project), "build", "--no-preview", "--out", str(out))
    assert result.code == 2 and "error[bleed]" in result.text
    result = run_cli("--project", str(project), "build", "--draft", "--no-preview", "--out", str(out))
    assert result.code == 0, result.text
    assert "warning[bleed]" in result.text
    assert list(out.rglob("*.pdf"))


# ---------------------------------------------------------------- coloured spans and outlines


def test_a_coloured_span_draws_its_words_in_its_colour(project: Path) -> None:
    _add_elements(project, "{ type: text, text: 'Deal [color=#cc0000]3 **fire**[/color] damage',"
                           " x: 5, y: 70, w: 55, h: 6, size: 8, color: '#0A0A0A' }")
    body = _faces(project)["spark"]
    texts = [line.strip() for line in body if line.strip().startswith("text ") and "#0A0A0A" in line
             or "#CC0000" in line]
    assert [(t.split()[6], t.split('"')[1]) for t in texts] == [
        ("#0A0A0A", "Deal "), ("#CC0000", "3 fire "), ("#0A0A0A", "damage")]
    xs = [float(t.split()[1]) for t in texts]
    assert xs[0] == 5 and xs[0] < xs[1] < xs[2]  # one line, left to right


def test_a_text_outline_is_drawn_in_pdf_and_svg(project: Path, run_cli, tmp_path: Path) -> None:
    _add_elements(project, "{ type: text, text: 'Outlined', x: 5, y: 70, w: 55, h: 8, size: 12,"
                           " color: '#FFFFFF', stroke: '#112233', stroke_width: 0.3 }")
    body = _faces(project)["spark"]
    line = next(ln.strip() for ln in body if '"Outlined"' in ln)
    assert line.endswith('#FFFFFF stroke=#112233/0.3 "Outlined"'), line
    out = tmp_path / "out"
    assert run_cli("--project", str(project), "build", "--no-preview", "--out", str(out)).code == 0
    svg = next(out.rglob("spark.svg")).read_text()
    assert 'stroke="#112233"' in svg and 'stroke-linejoin="round"' in svg
    from pypdf import PdfReader

    page = PdfReader(next(out.rglob("print/spell-card.pdf"))).pages[0]
    content = page.get_contents().get_data().decode("latin-1")
    assert ".066667 .133333 .2 RG .850394 w 1 j 2 Tr" in content  # #112233, 0.3 mm in pt
