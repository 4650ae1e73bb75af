"""A TrueType subset's file as reportlab's `TTFontFile.makeSubset` makes it, read in bulk.

reportlab reads each glyph's location and metrics through the face's tables an entry at a time
(four reads a glyph), copies the whole `glyf` table (half a megabyte for DejaVu Sans) to cut a
hundred glyphs out of it, and the `post` table to keep 12 bytes of it, once per subset: a
build of few faces per file (a print-shop PDF per kind) makes a subset per file and font.
`subset_file` makes the same bytes (the same glyph order, composite glyphs' parts appended as
reportlab meets them, the same tables in the same file layout) from the
face's file with `struct` reads at the offsets `render/pdffonts.py`'s tables know, each glyph
cut from the file itself, and the tables copied whole kept per face with their checksums.
The file is put together as `TTFontMaker.makeStream` puts it (`assembled`), its whole-file
checksum added up from the tables' (a checksum is a sum of 4-byte words and every table starts
on one), so the tables every subset copies are summed once per face. It is called only for a
face parsed by `pdffonts` (its `GlyphPos` and `HMetrics`); anything unusual (a glyph index
past a table, a glyph cut short) returns None, and the caller asks reportlab, which gives its
own answer or error (tested equal on every subset the seed games embed and on random ones).
A subset's character map (`cmap_text`) is reportlab's text put together from kept pieces.
"""

from __future__ import annotations

from collections.abc import Sequence
from struct import error as StructError  # noqa: N812  (struct's own name for it)
from struct import pack, unpack_from
from typing import Any
from weakref import WeakKeyDictionary

from reportlab.lib.rl_accel import calcChecksum
from reportlab.pdfbase import ttfonts
from reportlab.pdfbase.ttfonts import (
    GF_ARG_1_AND_2_ARE_WORDS,
    GF_MORE_COMPONENTS,
    GF_WE_HAVE_A_SCALE,
    GF_WE_HAVE_A_TWO_BY_TWO,
    GF_WE_HAVE_AN_X_AND_Y_SCALE,
)

Table = tuple[str, bytes, int]  # a table's tag, bytes and checksum

# a face -> the tables every subset copies: name, OS/2, cvt, fpgm and prep (those the file
# has) and post, with their checksums; then hhea, maxp and head as makeSubset starts them
_TABLES: WeakKeyDictionary[Any, tuple[list[Table], bytes, bytes, bytes]] = WeakKeyDictionary()


def _copied(face: Any) -> tuple[list[Table], bytes, bytes, bytes]:
    found = _TABLES.get(face)
    if found is None:
        data, table = face._ttf_data, face.table
        copied = []
        for tag in ("name", "OS/2", "cvt ", "fpgm", "prep"):
            if tag in table:
                at, length = table[tag]["offset"], table[tag]["length"]
                copied.append(_summed(tag, data[at:at + length]))
        post = table["post"]["offset"], table["post"]["length"]
        post_head = data[post[0]:post[0] + post[1]][4:16]
        copied.append(_summed("post", b"\x00\x03\x00\x00" + post_head + b"\x00" * 16))
        found = (copied, face.get_table("hhea"), face.get_table("maxp"), face.get_table("head"))
        _TABLES[face] = found
    return found


def _summed(tag: str, data: bytes) -> Table:
    return tag, data, calcChecksum(data)


def assembled(tables: list[Table]) -> bytes:
    """`TTFontMaker.makeStream`'s bytes for the tables (tag, bytes, checksum; head's
    checkSumAdjustment zeroed, as `TTFontMaker.add` leaves it): the header, the directory in
    tag order, each table padded to 4 bytes, and head's adjustment from the whole file's
    checksum, which is the directory's plus the tables' (sums of 4-byte words, mod 2**32)."""
    tables = sorted(tables)
    count = len(tables)
    search, selector = 1, 0
    while search * 2 <= count:
        search, selector = search * 2, selector + 1
    front = [pack(">lHHHH", 0x00010000, count, search * 16, selector, count * 16 - search * 16)]
    body: list[bytes] = []
    offset, total, head = 12 + count * 16, 0, -1
    for tag, data, checksum in tables:
        if tag == "head":
            head = len(body)
        front.append(tag.encode("latin1") + pack(">LLL", checksum, offset, len(data)))
        body.append(data + b"\0" * (-len(data) & 3))
        offset += len(body[-1])
        total += checksum
    directory = b"".join(front)
    if head >= 0:
        adjustment = (0xB1B0AFBA - total - calcChecksum(directory)) & 0xFFFFFFFF
        body[head] = body[head][:8] + pack(">L", adjustment) + body[head][12:]
    return directory + b"".join(body)


def _parts_size(flags: int) -> int:
    """The bytes of a composite glyph's component after its flags and glyph index."""
    size = 4 if flags & GF_ARG_1_AND_2_ARE_WORDS else 2
    if flags & GF_WE_HAVE_A_SCALE:
        return size + 2
    if flags & GF_WE_HAVE_AN_X_AND_Y_SCALE:
        return size + 4
    if flags & GF_WE_HAVE_A_TWO_BY_TWO:
        return size + 8
    return size


def subset_file(face: Any, subset: Any, glyph_pos: Any, hmetrics: Any) -> bytes | None:
    """`face.makeSubset(subset)`'s bytes (`glyph_pos`, `hmetrics`: the face's `GlyphPos` and
    `HMetrics` from render/pdffonts.py); None where reportlab should answer itself."""
    try:
        return _subset_file(face, subset, glyph_pos, hmetrics)
    except (StructError, KeyError):
        return None


def _subset_file(face: Any, subset: Any, glyph_pos: Any, hmetrics: Any) -> bytes | None:
    found = _glyphs(face, subset, glyph_pos)
    if found is None:
        return None
    glyph_map, glyph_set, code_to_glyph, spans = found
    hmtx = _hmtx(face._ttf_data, glyph_map, hmetrics)
    if hmtx is None:
        return None
    copied, hhea, maxp, head = _copied(face)
    entries = len(subset)
    cmap = [0, 1, 1, 0, 0, 12, 6, 10 + entries * 2, 0, 0, entries, *map(code_to_glyph.get, subset)]
    glyf, offsets = _glyf(face, spans, glyph_set)
    if (offsets[-1] + 1) >> 1 > 0xFFFF:
        index_format = 1
        loca = pack(f">{len(offsets)}L", *offsets)
    else:
        index_format = 0
        loca = pack(f">{len(offsets)}H", *[offset >> 1 for offset in offsets])
    made = [*copied, _summed("hmtx", hmtx[0]),
            _summed("hhea", hhea[:34] + pack(">H", hmtx[1]) + hhea[36:]),
            _summed("maxp", maxp[:4] + pack(">H", len(glyph_map)) + maxp[6:]),
            _summed("cmap", pack(f">{len(cmap)}H", *cmap)), _summed("glyf", glyf),
            _summed("loca", loca),
            _summed("head", head[:8] + bytes(4) + head[12:50] + pack(">H", index_format)
                    + head[52:])]
    return assembled(made)


Glyphs = tuple[list[int], dict[int, int], dict[int, int], list[tuple[int, int]]]


def _glyphs(face: Any, subset: Any, glyph_pos: Any) -> Glyphs | None:
    """The subset's glyphs as makeSubset numbers them (old index per new one, new index per
    old one: the characters' glyphs, then composite glyphs' parts as they are met), each
    character's new glyph, and each glyph's start and end in the glyf table."""
    data = face._ttf_data
    char_to_glyph = face.charToGlyph
    glyph_map = [0]  # new glyph index -> old glyph index
    glyph_set = {0: 0}  # old glyph index -> new glyph index
    code_to_glyph = {}
    for code in subset:
        old = char_to_glyph.get(code, 0)
        if old not in glyph_set:
            glyph_set[old] = len(glyph_map)
            glyph_map.append(old)
        code_to_glyph[code] = glyph_set[old]
    loca, long, last = glyph_pos.at, glyph_pos.long, glyph_pos.size - 1
    glyf = face.table["glyf"]["offset"]
    spans = []
    n = 0
    while n < len(glyph_map):
        old = glyph_map[n]
        if not 0 <= old < last:
            return None  # past the table: reportlab's IndexError
        if long:
            start, end = unpack_from(">2L", data, loca + 4 * old)
        else:
            start, end = unpack_from(">2H", data, loca + 2 * old)
            start, end = start << 1, end << 1
        spans.append((start, end))
        n += 1
        if start != end and unpack_from(">h", data, glyf + start)[0] < 0:  # composite
            at = glyf + start + 10
            flags = GF_MORE_COMPONENTS
            while flags & GF_MORE_COMPONENTS:
                flags, part = unpack_from(">HH", data, at)
                if part not in glyph_set:
                    glyph_set[part] = len(glyph_map)
                    glyph_map.append(part)
                at += 4 + _parts_size(flags)
    return glyph_map, glyph_set, code_to_glyph, spans


def _hmtx(data: bytes, glyph_map: list[int], hmetrics: Any) -> tuple[bytes, int] | None:
    """The subset's hmtx table (a run of equal last advances cut short, as makeSubset does)
    and its number of full metrics."""
    at, metrics, widest = hmetrics.at, hmetrics.metrics, hmetrics.size
    advance = int(hmetrics.last)
    hmtx: list[int] = []
    for old in glyph_map:
        if old < metrics:
            hmtx += unpack_from(">HH", data, at + 4 * old)
        elif old < widest:
            hmtx += (advance, unpack_from(">H", data, at + 4 * metrics + 2 * (old - metrics))[0])
        else:
            return None
    n = len(hmtx) - 2
    while n and hmtx[n] == hmtx[n - 2]:
        n -= 2
    n += 2
    hmtx = hmtx[:n] + hmtx[n + 1::2]
    return pack(f">{len(hmtx)}H", *hmtx), n >> 1


def _glyf(face: Any, spans: list[tuple[int, int]], glyph_set: dict[int, int]
          ) -> tuple[bytes, list[int]]:
    """The subset's glyf table, each glyph cut from the file (within the table, as makeSubset
    slices the table), composite parts renumbered, padded to 4 bytes; and the glyphs' offsets
    in it (with the table's end)."""
    data = face._ttf_data
    glyf, size = face.table["glyf"]["offset"], face.table["glyf"]["length"]
    offsets = []
    pieces = []
    pos = 0
    for start, end in spans:
        offsets.append(pos)
        piece = data[glyf + start:glyf + min(end, size)] if start < size else b""
        length = end - start
        if length > 2 and unpack_from(">h", piece)[0] < 0:
            fixed = bytearray(piece)
            at = 10
            flags = GF_MORE_COMPONENTS
            while flags & GF_MORE_COMPONENTS:
                flags, part = unpack_from(">HH", fixed, at)
                fixed[at + 2:at + 4] = pack(">H", glyph_set[part])
                at += 4 + _parts_size(flags)
            piece = bytes(fixed)
        pieces.append(piece)
        pos += length
        if pos % 4 != 0:
            padding = 4 - pos % 4
            pieces.append(b"\0" * padding)
            pos += padding
    offsets.append(pos)
    return b"".join(pieces), offsets


def cmap_text(fontname: str, subset: Sequence[int]) -> str:
    """ttfonts.makeToUnicodeCMap's text, its line per character ("<%02X> <%04X>" of the code
    and the character) joined from kept pieces instead of formatted: a code's "<XX> <" and a
    character's "XXXX>" are each made once per process."""
    if len(subset) > 256:  # (a subset holds 256 codes at most: reportlab's own answer)
        return str(_RL_CMAP(fontname, subset))
    chars = _CMAP_CHARS
    if len(chars) >= 1 << 14:
        chars.clear()
    ends = []
    for char in subset:  # the characters in code order: code i's line ends with the i-th
        end = chars.get(char)
        if end is None:
            end = chars[char] = "%04X>\n" % char  # noqa: UP031 (reportlab's own format)
        ends.append(end)
    return "".join([_CMAP_HEAD % (fontname, fontname, fontname, len(subset) - 1, len(subset)),
                    *map(str.__add__, _CMAP_CODES, ends), _CMAP_TAIL])


_CMAP_HEAD = ("/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n/CIDSystemInfo\n"
              "<< /Registry (%s)\n/Ordering (%s)\n/Supplement 0\n>> def\n/CMapName /%s def\n"
              "/CMapType 2 def\n1 begincodespacerange\n<00> <%02X>\nendcodespacerange\n"
              "%d beginbfchar\n")
_CMAP_CODES = ["<%02X> <" % code for code in range(256)]  # noqa: UP031
_CMAP_TAIL = "endbfchar\nendcmap\nCMapName currentdict /CMap defineresource pop\nend\nend"
_CMAP_CHARS: dict[int, str] = {}  # a character -> its "XXXX>" (`cmap_text`)
_RL_CMAP = getattr(ttfonts.makeToUnicodeCMap, "__wrapped__", ttfonts.makeToUnicodeCMap)
