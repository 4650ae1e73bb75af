"""Bundled fonts: pinned files, full licence, coverage guard, metrics shared with reportlab."""

from __future__ import annotations

import hashlib

import pytest
from reportlab.pdfbase import pdfmetrics

from cardgen.layout import fonts, shaping
from cardgen.render.pdf import register_fonts

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
