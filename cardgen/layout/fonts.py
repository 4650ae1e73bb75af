"""Font faces -> file paths, metrics in mm, glyph coverage and glyph outlines.

Two faces ship in cardgen/assets/fonts/ (DejaVu Sans 2.37 Regular and Bold, see LICENSE-DejaVu.txt)
and are named "regular" and "bold". A layout's own TrueType file is the face "file:<path>".
Text is shaped (cardgen.layout.shaping: kerning, ligatures, right-to-left runs): layout measures
the shaped advances and both renderers draw the shaped glyphs, so the PDF and the SVG place
every glyph at the same x, the x layout measured.
"""

from __future__ import annotations

import hashlib
import stat
import struct
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.assets import ASSETS
from cardgen.layout import glyf, shaping

if TYPE_CHECKING:
    from fontTools.ttLib import TTFont

PT_TO_MM = 25.4 / 72.0

FACE_FILES = {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf"}
PDF_NAMES = {"regular": "CardgenSans", "bold": "CardgenSans-Bold"}


FILE_PREFIX = "file:"


def file_face(path: Path | str) -> str:
    """The face name of a layout's own font file."""
    return FILE_PREFIX + str(path)


def font_path(face: str) -> Path:
    """The TTF file of a face ("regular", "bold" or "file:<path>")."""
    if face.startswith(FILE_PREFIX):
        return Path(face[len(FILE_PREFIX):])
    if face not in FACE_FILES:
        raise KeyError(f"unknown font face {face!r}; expected one of {sorted(FACE_FILES)}")
    return ASSETS / "fonts" / FACE_FILES[face]


def pdf_font_name(face: str) -> str:
    """The name a face is registered under in reportlab (a layout's font: by its file's
    content, so the PDFs and SVGs that name it do not depend on where the project lies)."""
    if face in PDF_NAMES:
        return PDF_NAMES[face]
    return _file_font_name(face)


@cache
def _file_font_name(face: str) -> str:
    try:
        content = font_path(face).read_bytes()
    except OSError:  # a missing font is reported where it is used; any stable name will do
        content = face.encode("utf-8")
    return "CardgenFont-" + hashlib.sha1(content).hexdigest()[:12]


def font_problem(path: Path) -> str | None:
    """Why a layout's font file cannot be used (None when it can): missing, unreadable, or
    PostScript (CFF) outlines, which PDF embedding here does not take. Every table of the file
    is read (~0.3 s for DejaVu Sans), so a file is checked once per version (modification time,
    size, inode) in a process: a build merges many templates naming the same font."""
    try:
        found = path.stat()
    except OSError:
        found = None
    if found is None or not stat.S_ISREG(found.st_mode):
        return "no such file"
    version = (str(path), found.st_mtime_ns, found.st_size, found.st_ino)
    if version not in _CHECKED:
        if len(_CHECKED) >= CHECKED_MAX:
            _CHECKED.clear()
        _CHECKED[version] = _font_file_problem(path)
    return _CHECKED[version]


CHECKED_MAX = 256  # font file versions a process keeps the verdict of (emptied when full)
_CHECKED: dict[tuple[str, int, int, int], str | None] = {}


def _font_file_problem(path: Path) -> str | None:
    from fontTools.ttLib import TTFont

    try:
        font = TTFont(str(path), lazy=True)
        tables = set(font.keys())
        font.ensureDecompiled()  # every table read now: a truncated file is found here
    except OSError as exc:
        return f"cannot be read ({exc.strerror or 'read error'})"
    except Exception as exc:  # noqa: BLE001 - any parse failure means "not a usable font"
        why = str(exc).split(":")[0].strip()
        return "is damaged or not a TrueType/OpenType font" + (f" ({why})" if why else "")
    if "glyf" not in tables:
        return "has PostScript (CFF) outlines; use a TrueType-outline (.ttf) version"
    if "cmap" not in tables:
        return "has no character map"
    return None


@cache
def _font(face: str) -> TTFont:
    from fontTools.ttLib import TTFont  # the outlines cardgen.layout.glyf leaves aside

    return TTFont(str(font_path(face)), lazy=True)


def _table(face: str, tag: str) -> bytes:
    """A table of the face's file, read by HarfBuzz (which shapes it already), not fontTools."""
    data = shaping.table(_path_text(face), tag)
    if not data:
        raise KeyError(f"'{tag}' table not found")  # as fontTools says it
    return data


@cache
def _units_per_em(face: str) -> int:
    return int(struct.unpack_from(">H", _table(face, "head"), 18)[0])  # head.unitsPerEm


_CONTROLS = frozenset("\n\t\u00ad")


class _Drawable:
    """The characters a face draws, plus the whitespace controls and the soft hyphen (a break,
    drawn as a hyphen only where a line breaks). The characters are those of the font's best
    character map as HarfBuzz, which shapes the text, reads it (the subtable fontTools'
    getBestCmap picks, without fontTools reading every glyph's name), looked up in HarfBuzz's
    own set as texts meet them: the characters found drawable so far are kept as a set of
    text, so a text of known characters is one superset test (the font's thousands of
    characters never made into Python strings)."""

    def __init__(self, path: str) -> None:
        self.cmap = shaping.unicode_set(path)
        self.known: set[str] = set(_CONTROLS)

    def issuperset(self, chars: Iterable[str]) -> bool:
        """Whether the face draws every one of these characters (a frozenset's test)."""
        text = chars if isinstance(chars, str) else "".join(chars)
        return self.known.issuperset(text) or not self.missing(text)

    def missing(self, text: str) -> list[str]:
        if self.known.issuperset(text):
            return []
        missing = []
        for ch in dict.fromkeys(text):
            if ch not in self.known:
                if ord(ch) in self.cmap:
                    self.known.add(ch)
                else:
                    missing.append(ch)
        return missing


@cache
def _drawable(face: str) -> _Drawable:
    return _Drawable(_path_text(face))


def missing_chars(text: str, face: str) -> list[str]:
    """Characters of `text` the face cannot draw, each once, in order of appearance."""
    return _drawable(face).missing(text)


def shaped(text: str, face: str) -> shaping.Shaped:
    """The text shaped in a face (cached by cardgen.layout.shaping)."""
    return shaping.shape(text, _path_text(face))


@cache
def _path_text(face: str) -> str:
    return str(font_path(face))


def text_units(text: str, face: str) -> int:
    """Advance width of a line of text in font units, as shaped (kerning and ligatures)."""
    return shaping.advance(text, _path_text(face))


def text_width_mm(text: str, face: str, size_pt: float) -> float:
    """Advance width of one line of text at `size_pt`, in mm."""
    return text_units(text, face) / _units_per_em(face) * size_pt * PT_TO_MM


def glyph_count(text: str, face: str) -> int:
    """How many glyphs a text is shaped into (letter spacing goes after each but the last)."""
    return len(shaped(text, face).gids)


def spaced_width_mm(text: str, face: str, size_pt: float, spacing: float) -> float:
    """Width of one line with `spacing` mm between its letters (none after the last), in mm."""
    width = text_width_mm(text, face, size_pt)
    return width + spacing * max(glyph_count(text, face) - 1, 0) if spacing else width


def ascent_mm(face: str, size_pt: float) -> float:
    """Height of capitals above the baseline (cap height), in mm."""
    return _cap_height(face) / _units_per_em(face) * size_pt * PT_TO_MM


@cache
def _cap_height(face: str) -> float:
    """Cap height in font units (0.73 em when the font does not say: an OS/2 table before
    version 2 has no sCapHeight)."""
    os2 = _table(face, "OS/2")
    version = struct.unpack_from(">H", os2, 0)[0]
    cap = struct.unpack_from(">h", os2, 88)[0] if version >= 2 else 0
    return cap or 0.73 * _units_per_em(face)


def descent_mm(face: str, size_pt: float) -> float:
    """Depth of descenders below the baseline (positive), in mm."""
    return 0.236 * size_pt * PT_TO_MM


def line_height_mm(size_pt: float, leading: float = 1.2) -> float:
    """Baseline-to-baseline distance for a size, in mm."""
    return size_pt * leading * PT_TO_MM


@cache
def glyph_outline(face: str, gid: int) -> str:
    """SVG path data in font units with y up of one glyph (by glyph id): the text fontTools'
    SVGPathPen writes, read from the glyph's own bytes (cardgen.layout.glyf); a glyph that
    reader leaves aside is drawn by fontTools itself. A bundled face's common glyphs are read
    from the table `glyphtable` keeps of them (the same text, drawn once by
    tools/glyph_outlines.py)."""
    kept = _kept_outlines(face).get(gid)
    if kept is not None:
        return kept
    return drawn_outline(face, gid)


def drawn_outline(face: str, gid: int) -> str:
    """`glyph_outline` drawn from the font file, never from the kept table."""
    try:
        return glyf.outline(_path_text(face), gid)
    except glyf.Unsupported:
        return _fonttools_outline(face, gid)


@cache
def _kept_outlines(face: str) -> dict[int, str]:
    """glyph id -> path data of a bundled face's common glyphs (cardgen.layout.glyphtable),
    when its file is the one the table was drawn from (the same head checksum, a checksum
    of the whole file); else none."""
    if face not in FACE_FILES:
        return {}
    from cardgen.layout.glyphtable import OUTLINES  # (read only by a process writing SVGs)

    found = OUTLINES.get(FACE_FILES[face])
    if found is None or found[0] != font_checksum(face):
        return {}
    return found[1]


def font_checksum(face: str) -> int:
    """The face's file's head.checkSumAdjustment (its whole file's checksum)."""
    return int(struct.unpack_from(">I", shaping.table(_path_text(face), "head"), 8)[0])


def _fonttools_outline(face: str, gid: int) -> str:
    from fontTools.pens.svgPathPen import SVGPathPen

    font = _font(face)
    glyphs = _glyph_set(face)
    pen = SVGPathPen(glyphs)
    glyphs[font.getGlyphName(gid)].draw(pen)
    return str(pen.getCommands())


@cache
def _glyph_set(face: str) -> Any:
    return _font(face).getGlyphSet()


def units_per_em(face: str) -> int:
    """Font units per em of a face."""
    return _units_per_em(face)
