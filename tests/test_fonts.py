"""Bundled fonts: pinned files, full licence, coverage guard, metrics shared with reportlab."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from reportlab.pdfbase import pdfmetrics

from cardgen.layout import fonts, shaping
from cardgen.render.pdf import register_fonts

FIXTURE_FONT = (Path(__file__).parent / "fixtures" / "own-font" / "layouts" / "glyphs" / "fonts"
                / "TestSans-Regular.ttf")
PINNED = {
    "regular": "abdc775b21b1bc470d50c97e790d276f2054b7504e56e5bd3e64f48d68582322",
    "bold": "0d977336a6d5fba34eab8e3199eb218327161b5143749f802982c2bc34df0c96",
}


@pytest.mark.parametrize("face", sorted(PINNED))
def test_bundled_font_is_dejavu_2_37(face: str) -> None:
    digest = hashlib.sha256(fonts.font_path(face).read_bytes()).hexdigest()
    assert digest == PINNED[face]


def test_licence_has_both_sections() -> None:
    licence = (fonts.font_path("regular").parent / "LICENSE-DejaVu.txt").read_text()
    assert "Bitstream Vera Fonts Copyright" in licence
    assert "Arev Fonts Copyright" in licence


def test_required_glyphs_are_covered_in_both_faces() -> None:
    required = "Tārā ◇□⬡○★→−×€"
    for face in ("regular", "bold"):
        assert fonts.missing_chars(required, face) == []


def test_missing_chars_reports_each_once_in_order() -> None:
    assert fonts.missing_chars("a\uac00b\uac00\u4e2d", "regular") == ["\uac00", "\u4e2d"]


@pytest.mark.parametrize("face", ["regular", "bold"])
def test_missing_chars_are_those_outside_the_character_map(face: str) -> None:
    """The characters found drawable are kept as texts meet them (HarfBuzz's set asked for the
    new ones): every answer is the whole character map's, whatever came before."""
    import random

    from cardgen.layout import shaping

    cmap = set(shaping.unicode_set(str(fonts.font_path(face)))) | {ord(c) for c in "\n\t\u00ad"}
    rng = random.Random(face)
    pool = [chr(c) for c in (*range(0x20, 0x3000), *rng.sample(range(0x3000, 0x30000), 3000))
            if not 0xD800 <= c <= 0xDFFF]
    for _ in range(400):
        text = "".join(rng.choice(pool) for _ in range(rng.randint(0, 30)))
        expected = list(dict.fromkeys(ch for ch in text if ord(ch) not in cmap))
        assert fonts.missing_chars(text, face) == expected, text
        drawable = fonts._drawable(face)
        assert drawable.issuperset(text) == drawable.issuperset(iter(text)) == (not expected)


@pytest.mark.parametrize("face", ["regular", "bold"])
def test_widths_match_reportlab_unkerned_and_kerning_narrows(face: str) -> None:
    register_fonts()
    sample = "Tārā Producer: MOVE 3 ★"
    plain = shaping.shape(sample, str(fonts.font_path(face)), (("kern", False), ("liga", False)))
    unkerned = plain.advance / fonts.units_per_em(face) * 10 * 25.4 / 72
    theirs = pdfmetrics.stringWidth(sample, fonts.pdf_font_name(face), 10) * 25.4 / 72
    assert unkerned == pytest.approx(theirs, abs=1e-6)
    assert fonts.text_width_mm(sample, face, 10) < unkerned - 0.05  # "Tā", "Pr", "OV", "VE" kern


def test_unknown_face_is_refused() -> None:
    with pytest.raises(KeyError):
        fonts.font_path("italic")


def _os2_v4_font(tmp_path: Path, cap_height: int) -> Path:
    """The fixture font with an OS/2 table of version 4, which states a cap height."""
    from fontTools.ttLib import TTFont

    font = TTFont(str(FIXTURE_FONT))
    os2 = font["OS/2"]
    os2.version = 4
    os2.sxHeight, os2.sCapHeight = 1100, cap_height
    os2.usDefaultChar, os2.usBreakChar, os2.usMaxContext = 0, 32, 2
    path = tmp_path / f"cap-{cap_height}.ttf"
    font.save(str(path))
    return path


@pytest.mark.parametrize("cap_height", [None, 1493, -7, 0])
def test_metrics_read_from_the_font_tables_are_fonttools_values(tmp_path: Path,
                                                                 cap_height: int | None) -> None:
    """Units per em and cap height come from the head and OS/2 tables HarfBuzz holds (no
    fontTools at start-up): the values fontTools reads, an OS/2 table before version 2 (no
    cap height) and a zero cap height giving 0.73 em."""
    from fontTools.ttLib import TTFont

    path = FIXTURE_FONT if cap_height is None else _os2_v4_font(tmp_path, cap_height)
    for face in (*PINNED, fonts.file_face(path)):
        font = TTFont(str(fonts.font_path(face)), lazy=True)
        upem = font["head"].unitsPerEm
        expected = getattr(font["OS/2"], "sCapHeight", 0) or 0.73 * upem
        assert fonts.units_per_em(face) == upem
        assert fonts.ascent_mm(face, 10) == expected / upem * 10 * fonts.PT_TO_MM


def test_a_layouts_own_font_is_named_by_its_content_not_its_folder(tmp_path: Path) -> None:
    """The same font file in two places gets one name (so a project's PDFs and SVGs do not
    depend on where it lies); a different file gets another."""
    bundled = fonts.font_path("bold")
    here, there, other = tmp_path / "a" / "House.ttf", tmp_path / "b" / "House.ttf", tmp_path / "Other.ttf"
    for path, source in ((here, bundled), (there, bundled), (other, fonts.font_path("regular"))):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(source.read_bytes())
    names = [fonts.pdf_font_name(fonts.file_face(p)) for p in (here, there, other)]
    assert names[0] == names[1] != names[2]
    assert str(tmp_path) not in names[0]


def _own_font_built_in_two_places(tmp_path: Path, *args: str) -> list[dict[Path, bytes]]:
    """The own-font fixture built (with args) in two folders: each build's files by path."""
    import shutil

    from cardgen.cli import main

    fixture = Path(__file__).parent / "fixtures" / "own-font"
    built = []
    for place in ("first", "second/deeper"):
        project = tmp_path / place / "project"
        shutil.copytree(fixture, project)
        out = tmp_path / place / "out"
        assert main(["--project", str(project), "build", "--out", str(out), *args]) in (0, 1)
        files = sorted(f for f in out.rglob("*") if f.is_file())
        built.append({f.relative_to(out): f.read_bytes() for f in files})
    return built


def test_an_own_font_projects_svgs_are_the_same_wherever_the_project_lies(tmp_path: Path) -> None:
    svgs = [{name: data for name, data in files.items() if name.suffix == ".svg"}
            for files in _own_font_built_in_two_places(tmp_path, "--outputs", "svg")]
    assert svgs[0]
    assert svgs[0] == svgs[1]
    assert any(b"CardgenFont-" in data for data in svgs[0].values())


def test_an_own_font_projects_whole_build_is_the_same_wherever_the_project_lies(
        tmp_path: Path) -> None:
    """PDFs too: a face's form and marked-content name must not carry the font's path."""
    built = _own_font_built_in_two_places(tmp_path)
    assert any(name.suffix == ".pdf" for name in built[0])
    assert built[0].keys() == built[1].keys()
    assert [name for name in built[0] if built[0][name] != built[1][name]] == []


def test_a_fonts_file_is_checked_once_per_version(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Reading every table of a font costs ~0.3 s: a file is checked once while unchanged,
    again once it is edited (a damaged file is then said to be damaged), and a missing one is
    missing."""
    checked: list[Path] = []
    real = fonts._font_file_problem

    def counting(path: Path) -> str | None:
        checked.append(path)
        return real(path)

    monkeypatch.setattr(fonts, "_font_file_problem", counting)
    monkeypatch.setattr(fonts, "_CHECKED", {})
    font = tmp_path / "Own.ttf"
    data = fonts.font_path("regular").read_bytes()
    font.write_bytes(data)
    assert [fonts.font_problem(font) for _ in range(3)] == [None] * 3
    assert checked == [font]
    font.write_bytes(data[:5000])
    assert fonts.font_problem(font) == real(font) and "damaged" in str(fonts.font_problem(font))
    assert len(checked) == 2
    font.unlink()
    assert fonts.font_problem(font) == "no such file"
    assert fonts.font_problem(tmp_path) == "no such file"  # a folder


def _read_whole(path: str) -> object:
    import uharfbuzz as hb

    return hb.Font(hb.Face(hb.Blob(Path(path).read_bytes())))


@pytest.mark.parametrize("face", sorted(PINNED))
def test_bundled_font_mapped_by_harfbuzz_reads_as_the_whole_file(face: str) -> None:
    """A bundled face's file is mapped by HarfBuzz (not copied): the same tables, character map
    and shapes as the file read whole."""
    import uharfbuzz as hb

    path = str(fonts.font_path(face))
    mapped, whole = shaping._font(path), _read_whole(path)
    assert Path(path).parent == shaping.BUNDLED_FONTS
    assert len(mapped.face.blob.data) == len(whole.face.blob.data) == Path(path).stat().st_size
    for tag in ("head", "OS/2", "hhea", "cmap", "GPOS", "GSUB", "glyf"):
        assert bytes(mapped.face.reference_table(tag).data) == \
            bytes(whole.face.reference_table(tag).data)
    assert set(mapped.face.unicodes) == set(whole.face.unicodes)
    for text in ("AVA Wave office", "0123456789", "Äpfel ﬁnal ‹»"):
        one, two = hb.Buffer(), hb.Buffer()
        for buf, font in ((one, mapped), (two, whole)):
            buf.add_str(text)
            buf.guess_segment_properties()
            hb.shape(font, buf, {"kern": True, "liga": True})
        assert [(i.codepoint, i.cluster) for i in one.glyph_infos] == \
            [(i.codepoint, i.cluster) for i in two.glyph_infos]
        assert [(p.x_advance, p.x_offset, p.y_offset) for p in one.glyph_positions] == \
            [(p.x_advance, p.x_offset, p.y_offset) for p in two.glyph_positions]


def test_own_font_file_read_whole(tmp_path: Path) -> None:
    """A layout's own font (not a bundled one) is read whole: rewriting the file afterwards
    does not change the font a process already holds."""
    own = tmp_path / "Own.ttf"
    own.write_bytes(FIXTURE_FONT.read_bytes())
    font = shaping._font(str(own))
    head = bytes(font.face.reference_table("head").data)
    with own.open("r+b") as fd:  # rewritten in place: a mapped file would show the zeros
        fd.write(bytes(own.stat().st_size))
    assert bytes(font.face.blob.data) == FIXTURE_FONT.read_bytes()
    assert bytes(font.face.reference_table("head").data) == head != bytes(len(head))
