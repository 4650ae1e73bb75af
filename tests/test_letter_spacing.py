"""Text `letter_spacing`: measured where text is measured (a spaced line is wider by (n-1) x
the spacing, wraps sooner, stays centred and justified to the box) and drawn the same in PDF
and SVG; at the level of drawings in mm (cardgen.layout.dump), on a copy of
tests/fixtures/own-font."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from cardgen.layout import fonts
from tests.test_conditions_and_text import FIXTURE, LAYOUT, SPELLS, _add_elements, _edit, _faces, _problems

BOX = "x: 5, y: 70, w: 53.5, h: 12, size: 10, min_size: 10"
FACE = fonts.file_face(FIXTURE / "layouts" / "glyphs" / "fonts" / "TestSans-Regular.ttf")


@pytest.fixture
def project(tmp_path: Path) -> Path:
    dest = tmp_path / "glyphs"
    shutil.copytree(FIXTURE, dest)
    return dest


def _texts(body: list[str], colour: str) -> list[tuple[float, float, str, float]]:
    """(x, y, text, spacing) of each Text drawn in `colour`."""
    found = []
    for line in body:
        parts = line.split()
        if parts and parts[0] == "text" and colour in parts:
            spacing = re.search(r" spacing=(-?[\d.]+) ", line)
            found.append((float(parts[1]), float(parts[2]), line.split('"')[1],
                          float(spacing.group(1)) if spacing else 0.0))
    return found


def _right_edge(x: float, shown: str, spacing: float, size: float = 10) -> float:
    """Where a Text's last letter ends (no spacing after it)."""
    return x + fonts.spaced_width_mm(shown, FACE, size, spacing)


def test_a_spaced_line_is_wider_by_its_letter_gaps(project: Path) -> None:
    _add_elements(project, f"{{ type: text, text: 'Spacing', {BOX}, align: right, color: '#0A0A01' }}",
                  f"{{ type: text, text: 'Spacing', {BOX}, align: right, color: '#0A0A02',"
                  " letter_spacing: 0.4 }")
    body = _faces(project)["spark"]
    (plain_x, _, _, plain_s), = _texts(body, "#0A0A01")
    (spaced_x, _, shown, spaced_s), = _texts(body, "#0A0A02")
    assert (plain_s, spaced_s) == (0.0, 0.4)
    assert plain_x - spaced_x == pytest.approx((len("Spacing") - 1) * 0.4, abs=0.011)
    assert _right_edge(spaced_x, shown, 0.4) == pytest.approx(58.5, abs=0.011)  # no gap after


def test_letter_spacing_is_bindable_and_may_be_negative(project: Path) -> None:
    _edit(project, "data/glyphs/game.yaml", "      rules:",
          "      track: { type: float }\n      rules:")
    _edit(project, SPELLS, "name: Spark,", "name: Spark, track: -0.2,")
    _add_elements(project, f"{{ type: text, text: 'Spacing', {BOX}, align: right, color: '#0A0A01',"
                  " letter_spacing: \"{track | default('0.5')}\" }")
    faces = _faces(project)
    (tight_x, _, _, tight), = _texts(faces["spark"], "#0A0A01")
    (wide_x, _, _, wide), = _texts(faces["glow"], "#0A0A01")
    assert (tight, wide) == (-0.2, 0.5)
    assert tight_x - wide_x == pytest.approx(6 * 0.7, abs=0.011)


def test_letter_spacing_wraps_a_line_it_makes_too_long(project: Path) -> None:
    words = "Sparks fly up"
    width = fonts.text_width_mm(words, FACE, 10) + 1.0  # fits by 1 mm unspaced
    box = f"x: 5, y: 70, w: {width:.3f}, h: 12, size: 10, min_size: 10"
    _add_elements(project, f"{{ type: text, text: '{words}', {box}, color: '#0A0A01' }}",
                  f"{{ type: text, text: '{words}', {box}, color: '#0A0A02', letter_spacing: 0.05 }}",
                  f"{{ type: text, text: '{words}', {box}, color: '#0A0A03', letter_spacing: 0.3 }}")
    body = _faces(project)["spark"]
    assert [t[2] for t in _texts(body, "#0A0A01")] == [words]
    assert [t[2] for t in _texts(body, "#0A0A02")] == [words]  # 12 gaps of 0.05 mm: still fits
    wrapped = _texts(body, "#0A0A03")  # 12 gaps of 0.3 mm: 3.6 mm, too long
    assert [t[2] for t in wrapped] == ["Sparks fly", "up"]
    assert wrapped[0][1] < wrapped[1][1]


def test_centred_spaced_text_stays_centred_across_its_runs(project: Path) -> None:
    _add_elements(project, f"{{ type: text, text: 'Deal [color=#0A0A02]3 fire[/color] now', {BOX},"
                  " align: center, color: '#0A0A01', letter_spacing: 0.5 }")
    body = _faces(project)["spark"]
    runs = sorted(_texts(body, "#0A0A01") + _texts(body, "#0A0A02"))
    assert [r[2] for r in runs] == ["Deal ", "3 fire ", "now"]
    for (x, _, shown, s), (next_x, _, _, _) in zip(runs, runs[1:], strict=False):
        assert _right_edge(x, shown, s) + s == pytest.approx(next_x, abs=0.011)  # a gap between
    left, right = runs[0][0], _right_edge(runs[-1][0], runs[-1][2], 0.5)
    assert (left + right) / 2 == pytest.approx(5 + 53.5 / 2, abs=0.011)


def test_justified_spaced_lines_reach_both_edges(project: Path) -> None:
    _add_elements(project, "{ type: text, text: 'Each spark lights a fire and every fire burns "
                  "until the rain comes', x: 5, y: 70, w: 40, h: 14, size: 8, min_size: 8,"
                  " align: justify, color: '#0A0A01', letter_spacing: 0.25, hyphenate: false }")
    words = _texts(_faces(project)["spark"], "#0A0A01")
    first_y = words[0][1]
    line = [w for w in words if w[1] == first_y]
    assert len(line) > 2 and line[0][0] == pytest.approx(5)
    last = line[-1]
    assert _right_edge(last[0], last[2], 0.25, 8) == pytest.approx(45, abs=0.011)


def test_letter_spacing_out_of_reason_is_located(project: Path) -> None:
    _add_elements(project, f"{{ type: text, text: 'Spacing', {BOX}, letter_spacing: -3 }}")
    problems = _problems(project)
    assert len(problems) == 1
    lines = (project / LAYOUT).read_text(encoding="utf-8").splitlines()
    row = next(i for i, line in enumerate(lines) if "letter_spacing: -3" in line)
    at = f"spell-card.yaml:{row + 1}:{lines[row].index('-3') + 1}:"  # the value as written
    assert at in problems[0], problems[0]
    assert "letter_spacing -3 mm is out of reason" in problems[0] and "-1 mm" in problems[0]
    assert ".letter_spacing:" in problems[0]


def test_pdf_and_svg_place_each_glyph_where_layout_spaced_it(project: Path, run_cli,
                                                              tmp_path: Path) -> None:
    spacing = 0.8
    _add_elements(project, "{ type: text, text: 'Wide', x: 5, y: 66, w: 53.5, h: 8, size: 12,"
                  " color: '#0A0A01' }",
                  "{ type: text, text: 'Wide', x: 5, y: 76, w: 53.5, h: 8, size: 12,"
                  f" color: '#0A0A02', letter_spacing: {spacing} }}")
    out = tmp_path / "out"
    assert run_cli("--project", str(project), "build", "--no-preview", "--out", str(out)).code == 0
    assert _pdf_shifts(next(out.rglob("print/spell-card.pdf"))) == pytest.approx(
        [i * spacing for i in range(4)], abs=0.01)
    assert _svg_shifts(next(out.rglob("spark.svg")).read_text()) == pytest.approx(
        [i * spacing for i in range(4)], abs=0.01)


def _pdf_shifts(pdf: Path) -> list[float]:
    """How far (mm) each letter of the spaced 'Wide' lies right of the same letter unspaced,
    from the first page's text char boxes."""
    import pypdfium2 as pdfium

    page = pdfium.PdfDocument(pdf)[0]
    chars = page.get_textpage()
    lefts: dict[int, list[float]] = {}
    text = chars.get_text_range()
    for start in (m.start() for m in re.finditer("Wide", text)):
        lefts[start] = [chars.get_charbox(start + k)[0] for k in range(4)]
    plain, spaced = list(lefts.values())[:2]
    return [(s - p) * 25.4 / 72 for p, s in zip(plain, spaced, strict=True)]


def _svg_shifts(svg: str) -> list[float]:
    """The same, from the SVG's glyph uses (x in font units, scaled to mm)."""
    runs = re.findall(r'<g aria-label="Wide"[^>]*transform="translate\(([\d.]+) [\d.]+\) '
                      r'scale\(([\d.e-]+) [^)]*\)"[^>]*>(.*?)</g>', svg)
    (x0, scale0, uses0), (x1, scale1, uses1) = runs[:2]
    xs0 = [float(v) for v in re.findall(r'<use x="([-\d.]+)"', uses0)]
    xs1 = [float(v) for v in re.findall(r'<use x="([-\d.]+)"', uses1)]
    return [float(x1) + b * float(scale1) - float(x0) - a * float(scale0)
            for a, b in zip(xs0, xs1, strict=True)]


@pytest.mark.parametrize("align", ["right", "center"])
def test_a_spaced_right_to_left_line_is_aligned_by_its_ink(align: str) -> None:
    from cardgen.layout import text
    from cardgen.layout.drawing import Text

    fitted = text.fit("שלום **עולם**", 60, 20, size=9, spacing=0.5)
    items = [i for i in text.place(fitted, 0, 0, 60, 20, align=align) if isinstance(i, Text)]
    left = min(t.x for t in items)
    right = max(t.x + fonts.spaced_width_mm(t.text, t.font, t.size, t.spacing) for t in items)
    plain = text.fit("שלום **עולם**", 60, 20, size=9)
    assert right - left == pytest.approx(plain.lines[0].width + 8 * 0.5, abs=1e-6)  # 9 glyphs
    assert {"right": right, "center": (left + right) / 2}[align] == pytest.approx(
        {"right": 60, "center": 30}[align], abs=1e-6)


def test_spaced_text_has_a_face_key_of_its_own() -> None:
    from cardgen.layout.drawing import Drawing, Text
    from cardgen.render.pdf import face_key

    plain, spaced = (Drawing("t", 60, 20, items=[Text(5, 10, "Wide", "regular", 12, spacing=s)])
                     for s in (0.0, 0.8))
    assert "spacing" not in repr(plain.items[0]) and "spacing=0.8" in repr(spaced.items[0])
    assert face_key(plain) != face_key(spaced)  # a PDF form is not shared between them
