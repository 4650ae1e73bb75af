"""The kept outlines of the bundled fonts' common glyphs (cardgen/layout/glyphtable.py) are
current and the text each glyph is drawn as, and a font file other than the one they were
drawn from is drawn glyph by glyph."""

from __future__ import annotations

import importlib.util

import pytest

from cardgen.layout import fonts, glyphtable
from tests.conftest import REPO


def _tool() -> object:
    spec = importlib.util.spec_from_file_location("glyph_outlines",
                                                  REPO / "tools" / "glyph_outlines.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_table_is_current() -> None:
    text = (REPO / "cardgen" / "layout" / "glyphtable.py").read_text(encoding="utf-8")
    assert text == _tool().module_text(), (  # type: ignore[attr-defined]
        "cardgen/layout/glyphtable.py is not current: run tools/glyph_outlines.py")


@pytest.mark.parametrize("face", sorted(fonts.FACE_FILES))
def test_a_kept_glyph_is_the_glyph_drawn(face: str) -> None:
    checksum, kept = glyphtable.OUTLINES[fonts.FACE_FILES[face]]
    assert checksum == fonts.font_checksum(face)
    assert len(kept) > 200 and "" in kept.values()  # (a space draws nothing)
    for gid, outline in kept.items():
        assert outline == fonts.drawn_outline(face, gid), gid
        assert fonts.glyph_outline(face, gid) == outline
    # a glyph the table does not keep is drawn
    beyond = max(kept) + 1
    assert fonts.glyph_outline(face, beyond) == fonts.drawn_outline(face, beyond)


def test_another_font_file_is_drawn_glyph_by_glyph(monkeypatch: pytest.MonkeyPatch) -> None:
    name = fonts.FACE_FILES["regular"]
    checksum, kept = glyphtable.OUTLINES[name]
    monkeypatch.setitem(glyphtable.OUTLINES, name, (checksum + 1, {3: "M0 0Z"}))
    fonts._kept_outlines.cache_clear()
    try:
        assert fonts._kept_outlines("regular") == {}
        monkeypatch.setitem(glyphtable.OUTLINES, name, (checksum, {3: "M0 0Z"}))
        fonts._kept_outlines.cache_clear()
        assert fonts._kept_outlines("regular") == {3: "M0 0Z"}
        assert fonts._kept_outlines(fonts.file_face("/no/such/font.ttf")) == {}
    finally:
        monkeypatch.undo()
        fonts._kept_outlines.cache_clear()
