"""Writes cardgen/layout/glyphtable.py: the SVG path data of the bundled fonts' common glyphs,
so that a process writing SVGs reads them compiled (the module's .pyc) instead of drawing
each glyph from the font's glyf table (~40 us a glyph, ~130 glyphs in a small game's SVGs).

    .venv/bin/python tools/glyph_outlines.py

Run it after changing a bundled font or the glyph reader (tests/test_glyph_table.py fails until
then; meanwhile a font whose checksum differs from the table's is drawn glyph by glyph).
"""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from cardgen.layout import fonts  # noqa: E402

TARGET = REPO / "cardgen" / "layout" / "glyphtable.py"
PER_LINE = 4  # outlines a line of the module holds

# the characters whose glyphs are kept: ASCII and Latin-1, the usual punctuation, arrows and
# signs, and the ligatures HarfBuzz forms in the bundled fonts
CHARS = [*range(0x20, 0x7F), *range(0xA0, 0x100), *range(0x2010, 0x2028),
         *range(0x2030, 0x203B), *range(0x2190, 0x2196), 0x2212, *range(0xFB00, 0xFB05)]

HEAD = '''\
# ruff: noqa
# mypy: ignore-errors
"""SVG path data (`fonts.drawn_outline`'s text) of the bundled fonts' common glyphs: font file ->
(its head table's checkSumAdjustment, glyph id -> path data), read by `fonts.glyph_outline`
for a face whose file has that checksum. Written by tools/glyph_outlines.py, held to the
glyphs drawn afresh by tests/test_glyph_table.py."""

'''


def glyph_ids(path: str) -> list[int]:
    """The glyphs the font maps CHARS to, in glyph order."""
    from fontTools.ttLib import TTFont

    font = TTFont(path, lazy=True)
    cmap = font.getBestCmap()
    return sorted({font.getGlyphID(cmap[c]) for c in CHARS if c in cmap})


def module_text() -> str:
    lines = [HEAD, "OUTLINES = {\n"]
    for face, name in sorted(fonts.FACE_FILES.items(), key=lambda item: item[1]):
        path = str(fonts.font_path(face))
        entries = [f"{gid}: {fonts.drawn_outline(face, gid)!r}," for gid in glyph_ids(path)]
        lines.append(f"    {name!r}: ({fonts.font_checksum(face)}, {{\n")
        lines += ["        " + " ".join(entries[i:i + PER_LINE]) + "\n"
                  for i in range(0, len(entries), PER_LINE)]
        lines.append("    }),\n")
    lines.append("}\n")
    return "".join(lines)


if __name__ == "__main__":
    TARGET.write_text(module_text(), encoding="utf-8")
    print(f"wrote {TARGET.relative_to(REPO)}")
