"""Glyph outlines read from the glyf table (cardgen.layout.glyf) are the path data fontTools'
SVGPathPen writes, character for character: every glyph of the bundled fonts and of the
own-font fixture, and a built font holding what those lack (scaled and turned components,
a contour without on-curve points, a glyph drawn off its side bearing)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont
from fontTools.ttLib.tables._g_l_y_f import (
    ARGS_ARE_XY_VALUES,
    Glyph,
    GlyphComponent,
    GlyphCoordinates,
)

from cardgen.layout import fonts, glyf

FIXTURE_FONT = (Path(__file__).parent / "fixtures" / "own-font" / "layouts" / "glyphs" / "fonts"
                / "TestSans-Regular.ttf")


def _fonttools(path: Path) -> list[str]:
    font = TTFont(str(path), lazy=True)
    glyphs = font.getGlyphSet()
    out = []
    for name in font.getGlyphOrder():
        pen = SVGPathPen(glyphs)
        glyphs[name].draw(pen)
        out.append(pen.getCommands())
    return out


@pytest.mark.parametrize("path", [fonts.font_path("regular"), fonts.font_path("bold"), FIXTURE_FONT],
                         ids=["regular", "bold", "own-font"])
def test_every_glyph_of_the_fonts_cardgen_draws_is_fonttools_path_data(path: Path) -> None:
    """DejaVu's composites (nested ones too), quadratic runs and glyphs whose side bearing
    differs from their box."""
    expected = _fonttools(path)
    got = [glyf.outline(str(path), gid) for gid in range(len(expected))]
    differ = [gid for gid, (a, b) in enumerate(zip(got, expected, strict=True)) if a != b]
    assert not differ, (differ[:5], got[differ[0]][:120], expected[differ[0]][:120])
    assert sum(1 for text in got if "Q" in text) > len(got) // 3


def _component(name: str, x: int, y: int, transform: list[list[float]] | None = None) -> GlyphComponent:
    part = GlyphComponent()
    part.glyphName, part.x, part.y, part.flags = name, x, y, ARGS_ARE_XY_VALUES
    if transform is not None:
        part.transform = transform
    return part


def _composite(*parts: GlyphComponent) -> Glyph:
    glyph = Glyph()
    glyph.numberOfContours, glyph.components = -1, list(parts)
    return glyph


def _built_font(tmp_path: Path) -> Path:
    """A font with what the bundled ones lack: components scaled (one scale, x and y, 2x2),
    nested under a scale, a contour with no on-curve point, odd halves, an offset glyph."""
    names = [".notdef", "box", "curvy", "ring", "offset", "moved", "scaled", "stretched", "turned",
             "nested", "point", "space"]
    fb = FontBuilder(1000, isTTF=True)
    fb.setupGlyphOrder(names)
    fb.setupCharacterMap({0x41 + i: name for i, name in enumerate(names[1:])})
    pen = TTGlyphPen(None)
    pen.moveTo((0, 0)), pen.lineTo((0, 700)), pen.lineTo((500, 700)), pen.lineTo((500, 0))
    pen.closePath()
    box = pen.glyph()
    pen = TTGlyphPen(None)
    pen.moveTo((11, 0)), pen.qCurveTo((0, 351), (203, 700), (401, 333), (500, 7))
    pen.lineTo((250, -3)), pen.closePath()
    curvy = pen.glyph()
    ring = Glyph()  # four off-curve points: the contour starts halfway between the last and first
    ring.numberOfContours, ring.endPtsOfContours = 1, [3]
    ring.coordinates = GlyphCoordinates([(0, 301), (301, 600), (600, 301), (301, 0)])
    ring.flags, ring.program = bytearray(4), curvy.program
    glyphs = {
        ".notdef": box, "box": box, "curvy": curvy, "ring": ring, "offset": curvy,
        "moved": _composite(_component("curvy", 37, -12), _component("ring", 0, 0)),
        "scaled": _composite(_component("curvy", 10, 20, [[0.75, 0], [0, 0.75]])),
        "stretched": _composite(_component("ring", -5, 3, [[1.25, 0], [0, 0.6]])),
        "turned": _composite(_component("curvy", 0, 0, [[0.5, 0.25], [-0.3, 0.9]])),
        "nested": _composite(_component("scaled", 7, 9, [[0.5, 0], [0, 0.5]]),
                             _component("moved", 100, 0)),
        "point": _composite(_component("box", 0, 0), _component("curvy", 0, 0)),
        "space": Glyph(),
    }
    fb.setupGlyf(glyphs)
    metrics = {name: (600, 0) for name in names}
    metrics["offset"] = (600, 40)  # hmtx's side bearing is not the glyph's xMin: fontTools moves it
    fb.setupHorizontalMetrics(metrics)
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": "Built", "styleName": "Regular"})
    fb.setupOS2()
    fb.setupPost()
    font = fb.font
    point = font["glyf"]["point"].components[1]  # placed by matching points: left to fontTools
    del point.x, point.y
    point.firstPt, point.secondPt, point.flags = 2, 0, 0
    font.recalcBBoxes = False
    path = tmp_path / "built.ttf"
    font.save(str(path))
    return path


def test_scaled_turned_and_nested_components_and_off_curve_contours(tmp_path: Path) -> None:
    path = _built_font(tmp_path)
    expected = _fonttools_or_error(path)
    names = TTFont(str(path)).getGlyphOrder()
    for gid, name in enumerate(names):
        if name == "point":
            with pytest.raises(glyf.Unsupported):
                glyf.outline(str(path), gid)
            continue
        assert glyf.outline(str(path), gid) == expected[gid], name
    texts = dict(zip(names, expected, strict=True))
    assert texts["offset"] != texts["curvy"] and texts["space"] == ""
    assert "." in texts["scaled"] and "." in texts["turned"] and "." in texts["nested"]


def _fonttools_or_error(path: Path) -> list[str]:
    font = TTFont(str(path), lazy=True)
    glyphs = font.getGlyphSet()
    out = []
    for name in font.getGlyphOrder():
        pen = SVGPathPen(glyphs)
        try:
            glyphs[name].draw(pen)
        except AttributeError:  # fontTools cannot draw a point-matched component either
            out.append("<fonttools: AttributeError>")
            continue
        out.append(pen.getCommands())
    return out


def test_a_glyph_the_reader_leaves_aside_is_drawn_by_fonttools(tmp_path: Path) -> None:
    """`fonts.glyph_outline` asks fontTools for what `glyf` does not read: the same outcome."""
    path = _built_font(tmp_path)
    face = fonts.file_face(path)
    point = TTFont(str(path)).getGlyphOrder().index("point")
    with pytest.raises(AttributeError):  # fontTools' own answer for a point-matched component
        fonts.glyph_outline(face, point)
    box = TTFont(str(path)).getGlyphOrder().index("box")
    assert fonts.glyph_outline(face, box) == "M0 0V700H500V0Z"


@pytest.mark.child_process
def test_svgs_are_written_without_loading_fonttools(tmp_path: Path) -> None:
    """The bundled fonts' glyphs are all read by `glyf`: an SVG build never needs fontTools."""
    import os
    import subprocess
    import sys

    from tests.conftest import REPO
    from tests.support import gen_deck

    project = gen_deck.make_project(tmp_path / "p", 9)
    out = tmp_path / "out"
    code = ("import sys, atexit\n"
            "atexit.register(lambda: print('\\n@' + ' '.join(sorted(sys.modules))))\n"
            "from cardgen.cli import main\n"
            f"sys.exit(main(['--project', {str(project)!r}, 'build', {gen_deck.TARGET!r}, "
            f"'--out', {str(out)!r}, '--outputs', 'svg']))\n")
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "user-cache")}
    run = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True,
                         text=True, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    assert list(out.rglob("*.svg")) and b"<path" in next(out.rglob("*.svg")).read_bytes()
    modules = set(run.stdout.rsplit("@", 1)[1].split())
    assert "cardgen.render.svg" in modules
    assert not any(m == "fontTools" or m.startswith("fontTools.") for m in modules)


def test_a_bundled_fonts_tables_read_in_place_are_harfbuzzs() -> None:
    """`shaping.table_view` (a bundled face's table as a view of its file mapped, what the
    glyph reader reads the glyf table through) gives HarfBuzz's bytes of every table, and
    none of a table the file lacks."""
    import uharfbuzz as hb

    from cardgen.layout.shaping import BUNDLED_FONTS, table, table_view

    for path in sorted(BUNDLED_FONTS.glob("*.ttf")):
        tags = hb.Face(hb.Blob.from_file_path(str(path))).table_tags
        for tag in [*tags, "zzzz", "GSUB", "kern"]:
            assert bytes(table_view(str(path), tag)) == table(str(path), tag), (path, tag)
