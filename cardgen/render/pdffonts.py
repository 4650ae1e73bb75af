"""TrueType fonts for reportlab, parsed with the per-glyph tables read a table at a time.

reportlab parses a TrueType file in Python, number by number, when a font is registered
(~8 ms for DejaVu Sans), in every process that writes a PDF. `tt_font` gives the font that
parse gives (the same attributes in the same order, the same subsets embedded; tested) with
the character map (format 4 or 12), the horizontal metrics and the glyph locations read by
struct in bulk (~2.5 ms): as cheap as reading a kept parse back, so no parse is kept between
processes. The glyph metrics (`hmetrics`) and locations (`glyphPos`), thousands of entries of
which a document's subsets read a few hundred, are read from the file's bytes entry by entry
when asked (`HMetrics`, `GlyphPos`: equal to reportlab's lists; tested). Any other file
(another character map format, a collection, a broken file) is parsed by reportlab itself,
with its errors.

Every PDF embeds subsets of its fonts: a subset's file is made and compressed once per process
(`kept_subsets`, installed on import): a build's PDFs, and the Letter and A4 files of one kind,
embed the same subsets again and again. The same bytes as reportlab's, by construction: the
memo is keyed by the face and the subset's characters, the compressed stream by its bytes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from fnmatch import fnmatch
from pathlib import Path
from struct import iter_unpack, unpack_from
from typing import Any, overload
from weakref import WeakKeyDictionary

from reportlab import rl_config
from reportlab.pdfbase import pdfdoc, pdfmetrics, ttfonts

from cardgen.render.pdfobjects import fast_font_objects
from cardgen.render.pdfsave import dict_bytes, plain_layout, value_bytes
from cardgen.render.pdfsubset import cmap_text, subset_file


def tt_font(name: str, path: Path) -> Any:
    """reportlab's TTFont `name` for the TrueType file at path (a reportlab TTFont)."""
    return _parse(name, str(path), path.read_bytes())


def _parse(name: str, path: str, data: bytes) -> Any:
    """TTFont(name, path): reportlab's parse, its per-glyph tables read in bulk (`_face`) when
    the file is the usual kind, else by reportlab itself."""
    try:
        face = _face(path, data)
    except Exception:  # anything unusual: reportlab's parse (and its error)
        face = None
    if face is None:
        return ttfonts.TTFont(name, path)
    return _font(name, face)


def _face(path: str, data: bytes) -> Any:
    """The TTFontFace reportlab's parse of the file gives (the same attributes in the same
    order), with the character map (format 4), the metrics and the glyph locations read by
    struct a table at a time instead of a number at a time; None for any other character map.
    The header tables are read by reportlab (TTFontFile.extractInfo without character info)."""
    face = ttfonts.TTFontFace.__new__(ttfonts.TTFontFace)
    pdfmetrics.TypeFace.__init__(face, None)
    face.validate, face.filename, face._ttf_data = 0, path, data  # as readFile leaves them
    ttfonts.TTFontParser.__init__(face, path)
    face.extractInfo(0)
    attributes = vars(face)
    for name in ("charToGlyph", "defaultWidth", "charWidths"):  # set to None without char info
        del attributes[name]
    head = face.table["head"]["offset"]
    index_format, glyph_format = unpack_from(">HH", data, head + 50)
    if glyph_format != 0 or index_format not in (0, 1):
        return None
    metrics_count = unpack_from(">H", data, face.table["hhea"]["offset"] + 34)[0]
    glyphs = face.numGlyphs
    chars = _char_map(face, data)
    if chars is None:
        return None
    char_to_glyph, glyph_to_char = chars
    face.charToGlyph, face.glyphToChar = char_to_glyph, glyph_to_char
    # hmtx: advance widths (scaled) and left side bearings; the glyphs after the last metric
    # keep its advance, already scaled, as TTFontFile.extractInfo leaves them
    at = face.table["hmtx"]["offset"]
    pairs = unpack_from(f">{2 * metrics_count}H", data, at)
    if face.unitsPerEm == 1000:
        advances = list(pairs[0::2])
    else:
        factor = 1000 / face.unitsPerEm  # TTFontFile.extractInfo's scale
        advances = [advance * factor for advance in pairs[0::2]]
    last = advances[-1]
    advances += [last] * max(0, glyphs - metrics_count)
    face.charWidths = widths = _widths(char_to_glyph, glyph_to_char, advances)
    face.hmetrics = HMetrics(data, at, metrics_count, glyphs, last)
    face.defaultWidth = advances[0]
    at = face.table["loca"]["offset"]
    face.glyphPos = GlyphPos(data, at, glyphs + 1, index_format)
    face._pos = at + (2 if index_format == 0 else 4) * (glyphs + 1)
    if 0x20 in char_to_glyph:
        char_to_glyph[0xA0] = char_to_glyph[0x20]
        widths[0xA0] = widths[0x20]
    elif 0xA0 in char_to_glyph:
        char_to_glyph[0x20] = char_to_glyph[0xA0]
        widths[0x20] = widths[0xA0]
    return face


class _Table(Sequence[Any]):
    """A per-glyph table of a font file read entry by entry when asked (reportlab reads a few
    hundred entries of it, the glyphs of the subsets a document embeds, out of thousands):
    equal to the list reportlab's parse makes."""

    def __init__(self, size: int) -> None:
        self.size = size

    def __len__(self) -> int:
        return self.size

    def entry(self, n: int) -> Any:
        raise NotImplementedError

    @overload
    def __getitem__(self, n: int) -> Any: ...

    @overload
    def __getitem__(self, n: slice) -> list[Any]: ...

    def __getitem__(self, n: int | slice) -> Any:
        if isinstance(n, slice):
            return [self.entry(i) for i in range(*n.indices(self.size))]
        if n < 0:
            n += self.size
        if not 0 <= n < self.size:
            raise IndexError("font table index out of range")
        return self.entry(n)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, _Table):
            other = list(other)
        return isinstance(other, list) and list(self) == other

    __hash__ = None  # type: ignore[assignment]  # as a list's


class HMetrics(_Table):
    """`hmetrics`: each glyph's (advance, left side bearing) from the `hmtx` table; a glyph
    past the last full metric has the last advance as TTFontFile.extractInfo leaves it
    (scaled to 1000 units per em) and its own side bearing."""

    def __init__(self, data: bytes, at: int, metrics: int, glyphs: int, last: Any) -> None:
        super().__init__(max(glyphs, metrics))
        self.data, self.at, self.metrics, self.last = data, at, metrics, last

    def entry(self, n: int) -> Any:
        if n < self.metrics:
            return unpack_from(">HH", self.data, self.at + 4 * n)
        lsb = unpack_from(">H", self.data, self.at + 4 * self.metrics + 2 * (n - self.metrics))
        return (self.last, lsb[0])


class GlyphPos(_Table):
    """`glyphPos`: each glyph's offset in the `glyf` table, from the `loca` table (short
    offsets doubled, as TTFontFile.extractInfo reads them)."""

    def __init__(self, data: bytes, at: int, count: int, index_format: int) -> None:
        super().__init__(count)
        self.data, self.at, self.long = data, at, index_format != 0

    def entry(self, n: int) -> int:
        if self.long:
            return int(unpack_from(">L", self.data, self.at + 4 * n)[0])
        return int(unpack_from(">H", self.data, self.at + 2 * n)[0]) << 1


def _widths(char_to_glyph: dict[int, int], glyph_to_char: dict[int, list[int]],
            advances: list[Any]) -> dict[int, Any]:
    """charWidths with the entries TTFontFile.extractInfo fills it with: each character's
    glyph's advance, for the glyphs with one. A character met once (the usual font) is
    entered in character order, by zip and map (nothing reads charWidths in order: looked
    up by character only); one met twice takes the advance of its last glyph by glyph
    order, as reportlab's glyph by glyph filling leaves it."""
    count = len(advances)
    if len(char_to_glyph) == sum(map(len, glyph_to_char.values())):  # each character once
        glyphs = char_to_glyph.values()
        if not glyphs or max(glyphs) < count:
            return dict(zip(char_to_glyph, map(advances.__getitem__, glyphs), strict=True))
        return {char: advances[glyph] for char, glyph in char_to_glyph.items() if glyph < count}
    widths = {}
    for glyph in sorted(glyph_to_char):
        if glyph >= count:
            break
        advance = advances[glyph]
        for char in glyph_to_char[glyph]:
            widths[char] = advance
    return widths


def _subtable(face: Any, data: bytes) -> int | None:
    """Where the character map subtable TTFontFile.extractInfo picks begins (None: none)."""
    cmap = face.table["cmap"]["offset"]
    version, count = unpack_from(">HH", data, cmap)
    if count == 0 and version != 0:
        count = version
    found, enc = None, 0
    for n in range(count):
        platform, encoding, offset = unpack_from(">HHL", data, cmap + 4 + 8 * n)
        if platform == 3 or (platform == 1 and encoding == 1) or (platform == 0 and encoding != 5):
            enc, found = 1, offset
        elif platform == 1 and encoding == 0 and enc != 1:
            enc, found = 2, offset
    return None if found is None else cmap + found


def _char_map(face: Any, data: bytes) -> tuple[dict[int, int], dict[int, list[int]]] | None:
    """charToGlyph and glyphToChar of the subtable TTFontFile.extractInfo picks, when it is of
    format 4 (segments mapped by a delta or through the glyph array) or 12 (groups of
    consecutive glyphs); None otherwise."""
    at = _subtable(face, data)
    if at is None:
        return None
    fmt = unpack_from(">H", data, at)[0]
    codes: list[int] = []
    glyphs: list[int] = []
    for segment_codes, mapped in (_format_4(data, at) if fmt == 4 else _format_12(data, at)
                                  if fmt == 12 else [(None, None)]):
        if segment_codes is None or mapped is None:
            return None
        codes += segment_codes
        glyphs += mapped
    # glyphToChar: each glyph (in the order first met) -> its characters (in the order met)
    glyph_to_char = {glyph: [code] for code, glyph in zip(codes, glyphs, strict=True)}
    if len(glyph_to_char) < len(codes):  # glyphs with more than one character
        shared = {glyph for glyph, n in Counter(glyphs).items() if n > 1}
        for glyph in shared:
            glyph_to_char[glyph] = []
        for code, glyph in [(c, g) for c, g in zip(codes, glyphs, strict=True) if g in shared]:
            glyph_to_char[glyph].append(code)
    return dict(zip(codes, glyphs, strict=True)), glyph_to_char


Segment = tuple[range | None, Sequence[int] | None]  # character codes, their glyphs (None: unusual)


def _format_4(data: bytes, at: int) -> Iterator[Segment]:
    """A format 4 subtable's segments: a delta added to each code, or glyphs from the array."""
    limit = at + unpack_from(">H", data, at + 2)[0]
    segments = unpack_from(">H", data, at + 6)[0] // 2
    ends = unpack_from(f">{segments}H", data, at + 14)
    starts = unpack_from(f">{segments}H", data, at + 16 + 2 * segments)
    deltas = unpack_from(f">{segments}h", data, at + 16 + 4 * segments)
    ranges_at = at + 16 + 6 * segments
    ranges = unpack_from(f">{segments}H", data, ranges_at)
    for n in range(segments):
        start, end, delta, offset = starts[n], ends[n], deltas[n], ranges[n]
        codes = range(start, end + 1)
        if offset == 0:
            yield codes, [(code + delta) & 0xFFFF for code in codes]
            continue
        first = ranges_at + 2 * n + offset
        if first + 2 * len(codes) > limit:  # past the subtable: reportlab's workaround
            yield None, None
            return
        yield codes, [(glyph + delta) & 0xFFFF if glyph else 0
                      for glyph in unpack_from(f">{len(codes)}H", data, first)]


def _format_12(data: bytes, at: int) -> Iterator[Segment]:
    """A format 12 subtable's groups: consecutive codes to consecutive glyphs."""
    groups = unpack_from(">L", data, at + 12)[0]
    for start, end, glyph in iter_unpack(">LLL", data[at + 16:at + 16 + 12 * groups]):
        codes = range(start, end + 1)
        yield codes, range(glyph, glyph + len(codes))


def _font(name: str, face: Any) -> Any:
    """The TTFont TTFont.__init__ makes of a parsed face."""
    font = ttfonts.TTFont.__new__(ttfonts.TTFont)
    font.fontName = name  # as TTFont.__init__ sets them
    font.face = face
    font.encoding = ttfonts.TTEncoding()
    font.state = WeakKeyDictionary()
    font._asciiReadable = rl_config.ttfAsciiReadable
    font.shapable = not any(fnmatch(name, glob) for glob in rl_config.unShapedFontGlob)
    return font


# ---------------------------------------------------------------- subsets made once

KEPT_MAX = 64  # subsets (and compressed font files) a process keeps; emptied when full


class _KeptFlate:
    """reportlab's Flate filter (`pdfdoc.PDFZCompress`) for font files: the same name and
    bytes, each distinct file compressed once per process."""

    pdfname = pdfdoc.PDFZCompress.pdfname

    def __init__(self) -> None:
        self.kept: dict[bytes | str, bytes] = {}

    def encode(self, data: Any) -> Any:
        if type(data) is not bytes and type(data) is not str:
            return pdfdoc.PDFZCompress.encode(data)
        found = self.kept.get(data)
        if found is None:
            if len(self.kept) >= KEPT_MAX:
                self.kept.clear()
            found = self.kept[data] = pdfdoc.PDFZCompress.encode(data)
        return found

    def decode(self, encoded: Any) -> Any:
        return pdfdoc.PDFZCompress.decode(encoded)


KEPT_FLATE = _KeptFlate()
_MADE: WeakKeyDictionary[Any, dict[tuple[int, ...], bytes]] = WeakKeyDictionary()


def _kept_make_subset(self: Any, subset: Any) -> bytes:
    """TTFontFile.makeSubset, once per face and subset (a subset: characters in code order);
    for a face parsed here, its bytes read in bulk (`render/pdfsubset.py`)."""
    made = _MADE.setdefault(self, {})
    key = tuple(subset)
    found = made.get(key)
    if found is None:
        if len(made) >= KEPT_MAX:
            made.clear()
        glyph_pos, hmetrics = getattr(self, "glyphPos", None), getattr(self, "hmetrics", None)
        if type(glyph_pos) is GlyphPos and type(hmetrics) is HMetrics:
            found = subset_file(self, subset, glyph_pos, hmetrics)
        if found is None:
            found = _MAKE_SUBSET(self, subset)
        made[key] = found
    return found


def _kept_add_subset_objects(self: Any, doc: Any, fontname: str, subset: Any) -> Any:
    """TTFontFace.addSubsetObjects, its font file compressed by KEPT_FLATE; the file and the
    font descriptor written by `render/pdfobjects.py`."""
    reference = _ADD_SUBSET_OBJECTS(self, doc, fontname, subset)
    file_name = "fontFile:%s(%s)" % (self.filename, fontname)  # noqa: UP031
    stream = doc.idToObject.get(file_name)
    if stream is not None and stream.filters == [pdfdoc.PDFZCompress]:
        stream.filters = [KEPT_FLATE]
    fast_font_objects(doc, [file_name, "fontDescriptor:" + fontname])
    return reference


class FastTrueTypeFont(pdfdoc.PDFTrueTypeFont):  # type: ignore[misc]  # reportlab: untyped
    """A font subset's dictionary, formatted as PDFType1Font.format formats it, its values by
    cardgen's serialiser (a subset's widths, up to 256 numbers, are the same array in every
    document that embeds the subset: written once, cardgen.render.pdfsave.numbers_bytes)."""

    def format(self, document: Any) -> bytes:
        if not plain_layout() or type(document.encrypt) is not pdfdoc.NoEncryption:
            out: bytes = super().format(document)
            return out
        items = [(name, value_bytes(pdfdoc.PDFName(getattr(self, name)), document))
                 for name in self.name_attributes if hasattr(self, name)]
        items += [(name, value_bytes(getattr(self, name), document))
                  for name in self.local_attributes if hasattr(self, name)]
        return dict_bytes(items)


def _kept_add_objects(self: Any, doc: Any) -> None:
    """TTFont.addObjects, its subsets' dictionaries written by FastTrueTypeFont and their
    character maps compressed by KEPT_FLATE; those maps and the document's font dictionary
    written by `render/pdfobjects.py`."""
    _ADD_OBJECTS(self, doc)
    objects = doc.idToObject
    for font in objects["BasicFonts"].dict.values():
        if type(font) is pdfdoc.PDFTrueTypeFont:
            font.__class__ = FastTrueTypeFont
            cmap_name: str = getattr(getattr(font, "ToUnicode", None), "name", "")
            cmap = objects.get(cmap_name)
            if cmap is not None and cmap.filters == [pdfdoc.PDFZCompress]:
                cmap.filters = [KEPT_FLATE]
                fast_font_objects(doc, [cmap_name])
    fast_font_objects(doc, ["BasicFonts"])


def kept_subsets() -> None:
    """Have reportlab make each font subset once per process (idempotent)."""
    if getattr(ttfonts.TTFontFile.makeSubset, "__wrapped__", None) is None:
        _kept_make_subset.__wrapped__ = _MAKE_SUBSET  # type: ignore[attr-defined]
        ttfonts.TTFontFile.makeSubset = _kept_make_subset
        _kept_add_subset_objects.__wrapped__ = _ADD_SUBSET_OBJECTS  # type: ignore[attr-defined]
        ttfonts.TTFontFace.addSubsetObjects = _kept_add_subset_objects
        _kept_add_objects.__wrapped__ = _ADD_OBJECTS  # type: ignore[attr-defined]
        ttfonts.TTFont.addObjects = _kept_add_objects
        _kept_cmap.__wrapped__ = _MAKE_CMAP  # type: ignore[attr-defined]
        ttfonts.makeToUnicodeCMap = _kept_cmap


def _kept_cmap(fontname: str, subset: Any) -> str:
    """ttfonts.makeToUnicodeCMap (a subset's character map, a line per character: ~0.3 ms
    a subset, in every file), once per process for each subset name and characters (made by
    `cmap_text`); the same text object each time, so KEPT_FLATE finds its deflated bytes by a
    hash kept with it."""
    key = (fontname, tuple(subset))
    found = _CMAPS.get(key)
    if found is None:
        if len(_CMAPS) >= KEPT_MAX:
            _CMAPS.clear()
        found = _CMAPS[key] = cmap_text(fontname, subset)
    return found


_CMAPS: dict[tuple[str, tuple[int, ...]], str] = {}


_MAKE_SUBSET = getattr(ttfonts.TTFontFile.makeSubset, "__wrapped__",
                       ttfonts.TTFontFile.makeSubset)
_ADD_SUBSET_OBJECTS = getattr(ttfonts.TTFontFace.addSubsetObjects, "__wrapped__",
                              ttfonts.TTFontFace.addSubsetObjects)
_ADD_OBJECTS = getattr(ttfonts.TTFont.addObjects, "__wrapped__", ttfonts.TTFont.addObjects)
_MAKE_CMAP = getattr(ttfonts.makeToUnicodeCMap, "__wrapped__", ttfonts.makeToUnicodeCMap)
kept_subsets()


# ------------------------------------------------ private-use codes (cardgen.render.pdftext)


def char_of(rl_face: Any, gid: int) -> int:
    """The character reportlab shows a glyph by; a glyph without one gets a private-use code,
    its width the glyph's advance. That code depends on the font alone (the glyph's rank among
    the glyphs no character maps to, given the rank's free code from U+E000 on), never on the
    order glyphs are met in, so a face's text operators are the same in every process."""
    chars = rl_face.glyphToChar.get(gid)
    if chars:
        return int(chars[0])
    code = private_codes(rl_face).get(gid)
    if code is None or code in rl_face.charToGlyph:  # past the private area, or taken meanwhile
        code = 0xE000
        while code in rl_face.charToGlyph:
            code += 1
    give_code(rl_face, code, gid)
    return code


def give_code(rl_face: Any, code: int, gid: int) -> None:
    """Show a glyph by a private-use code (in reportlab's maps of the font)."""
    rl_face.charToGlyph[code] = gid
    rl_face.glyphToChar[gid] = [code]
    rl_face.charWidths[code] = rl_face._pdfScale(rl_face.hmetrics[gid][0])


_PRIVATE_ATTR = "_cardgen_private"


def private_codes(rl_face: Any) -> dict[int, int]:
    """glyph id -> its private-use code, for every glyph of the font no character maps to (as
    the font came: worked out once per font, when `pdf_font` first meets it)."""
    found: dict[int, int] | None = getattr(rl_face, _PRIVATE_ATTR, None)
    if found is None:
        mapped, taken = rl_face.glyphToChar, rl_face.charToGlyph  # (looked up, not copied)
        free = (c for c in range(0xE000, 0xF900) if c not in taken)
        found = dict(zip((g for g in range(len(rl_face.hmetrics)) if g not in mapped), free,
                         strict=False))
        setattr(rl_face, _PRIVATE_ATTR, found)
    return found


def glyph_tables(rl_face: Any) -> tuple[dict[int, str], dict[int, float]]:
    """A font's glyph id -> the character reportlab shows it by (its first character, or its
    private-use code, `char_of`), and glyph id -> that character's width (as getCharWidth
    reads it); filled as glyphs are met (`learn_glyphs`), kept on reportlab's face."""
    found: tuple[dict[int, str], dict[int, float]] | None = rl_face.__dict__.get(_GLYPHS_ATTR)
    if found is None:
        found = rl_face.__dict__[_GLYPHS_ATTR] = ({}, {})
    return found


def learn_glyphs(rl_face: Any, gids: Iterable[int], chars_of: dict[int, str],
                 widths_of: dict[int, float]) -> None:
    """The glyphs' characters and widths into a font's `glyph_tables`."""
    mapped = rl_face.glyphToChar.get
    widths, default = rl_face.charWidths, rl_face.defaultWidth
    for gid in gids:
        if gid not in chars_of:
            found = mapped(gid)
            code = int(found[0]) if found else char_of(rl_face, gid)
            chars_of[gid] = chr(code)
            widths_of[gid] = widths.get(code, default)


_GLYPHS_ATTR = "_cardgen_glyphs"
