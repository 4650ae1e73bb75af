"""One line of text in one font file -> shaped glyphs (HarfBuzz through uharfbuzz).

Shaping applies the font's kerning and standard ligatures and, for Arabic and Hebrew, the
joining forms; right-to-left runs come back in display order (the levels of the Unicode
bidirectional algorithm, python-bidi's `bidi.algorithm`, then rule L2). Layout measures with
these advances and every renderer draws these glyphs at these positions, so what text fitting
measured is what the PDF, the SVG and the PNG show.

A left-to-right line is shaped word by word (kerning and ligatures inside a word, none across
a space) and put together: each word is shaped once per font, whatever the size (advances
scale with it; nothing is hinted) and whichever card or line it is on. A line with
right-to-left text is shaped whole, its runs ordered by the bidirectional algorithm. Results
are cached per (text, font file, features). A text without right-to-left letters (most words)
is one buffer read in one pass (`_shape_ltr`, tested equal to the run-by-run `_shape_runs`).
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from mmap import ACCESS_READ, mmap
from pathlib import Path
from struct import error as StructError
from struct import unpack_from
from typing import Any

from cardgen.assets import ASSETS
from cardgen.deferral import codes_shared, forward_checks_skipped
from cardgen.records import record

# uharfbuzz's import declares fourteen named tuples whose annotations are texts: imported as
# pydantic is (cardgen/deferral.py), their forward references keep their texts uncompiled
with codes_shared(), forward_checks_skipped():
    import uharfbuzz as hb

BUNDLED_FONTS = ASSETS / "fonts"  # DejaVu Sans, shipped with cardgen (layout/fonts.py)
_BUNDLED = str(BUNDLED_FONTS)

FEATURES: tuple[tuple[str, bool], ...] = (("kern", True), ("liga", True))
# a character whose direction is right-to-left (Hebrew, Arabic, Syriac, Thaana, N'Ko, ... and
# their presentation forms, the RTL marks and embeddings)
_PIECES = re.compile(r" |[^ ]+")  # a line's words and the spaces between them
_RTL = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff\u200f\u202b\u202e\u2067"
                  "\U00010800-\U00010fff\U0001e800-\U0001efff]")


@record(frozen=True)
class Shaped:
    """Glyphs in display order: glyph ids, each glyph's x (pen position plus its offset) and y
    offset, the character each starts at (its cluster), and the whole advance; font units."""

    gids: tuple[int, ...]
    xs: tuple[int, ...]
    ys: tuple[int, ...]
    clusters: tuple[int, ...]
    advance: int


@cache
def _font(path: str) -> hb.Font:
    """HarfBuzz's font of the file: a bundled face's file mapped by HarfBuzz (the pages of the
    tables it reads, not the whole file copied into memory twice); any other file read whole,
    so a layout's own font edited while `watch` runs never changes under it."""
    if path.startswith(_BUNDLED) and Path(path).parent == BUNDLED_FONTS:
        return hb.Font(hb.Face(hb.Blob.from_file_path(path)))
    return hb.Font(hb.Face(hb.Blob(Path(path).read_bytes())))


def table(path: str, tag: str) -> bytes:
    """The bytes of one table of the font file (empty when it has none), as HarfBuzz reads it."""
    return bytes(_font(path).face.reference_table(tag).data)


def table_view(path: str, tag: str) -> bytes | memoryview:
    """The bytes of one table of the font file, as `table` gives them: a bundled face's a view
    of its file mapped (only the pages of what is read are touched; the file is cardgen's own
    and never edited under a process), any other's `table`'s copy."""
    if not (path.startswith(_BUNDLED) and Path(path).parent == BUNDLED_FONTS):
        return table(path, tag)
    data = _mapped(path)
    try:
        count = unpack_from(">H", data, 4)[0]
        for at in range(12, 12 + 16 * count, 16):
            if data[at:at + 4] == tag.encode("latin-1"):
                offset, length = unpack_from(">LL", data, at + 8)
                return data[offset:min(offset + length, len(data))]
    except (StructError, UnicodeEncodeError):
        pass
    return table(path, tag)  # no such table, or a directory this does not read: HarfBuzz's


@cache
def _mapped(path: str) -> memoryview:
    """A bundled font file's bytes mapped read-only, kept for the process."""
    with open(path, "rb") as file:
        return memoryview(mmap(file.fileno(), 0, access=ACCESS_READ))


def unicode_set(path: str) -> Any:
    """The characters the font file's character map maps (HarfBuzz's best subtable), as
    HarfBuzz's own set of code points (`in` asks it; nothing copied into Python)."""
    return _font(path).face.unicodes


def has_rtl(text: str) -> bool:
    """Whether any character of the text reads right to left (none of ASCII does: a flag of
    the string tells it at once)."""
    return not text.isascii() and _RTL.search(text) is not None


def rtl_paragraph(text: str) -> bool:
    """Whether the text's first strong character reads right to left (its base direction)."""
    from bidi import algorithm as bidi_algorithm  # only text with right-to-left letters needs it

    return has_rtl(text) and bidi_algorithm.get_base_level(text) == 1


def shape(text: str, path: str, features: tuple[tuple[str, bool], ...] = FEATURES) -> Shaped:
    """The text shaped in the font file at `path` (kerning and ligatures by default)."""
    if " " not in text or has_rtl(text):
        return _shape_whole(text, path, features)
    return _composed(text, path, features)


def advance(text: str, path: str, features: tuple[tuple[str, bool], ...] = FEATURES) -> int:
    """The advance of `shape(text, path, features)`, in font units (no glyph lists made)."""
    if " " not in text or has_rtl(text):
        return _shape_whole(text, path, features).advance
    known = _ADVANCES.get((path, features))
    if known is None or len(known) > 1 << 16:
        known = _ADVANCES[(path, features)] = {}
    total = 0
    for word in text.split(" "):
        if word:
            found = known.get(word)
            if found is None:
                found = known[word] = _shape_whole(word, path, features).advance
            total += found
    return total + text.count(" ") * _shape_whole(" ", path, features).advance


# (font file, features) -> word -> its advance: a line's advance is its words' and spaces'
_ADVANCES: dict[tuple[str, tuple[tuple[str, bool], ...]], dict[str, int]] = {}


@lru_cache(maxsize=1 << 14)
def _composed(text: str, path: str, features: tuple[tuple[str, bool], ...]) -> Shaped:
    """A left-to-right line from its words' and spaces' shapes, placed one after another."""
    gids: list[int] = []
    xs: list[int] = []
    ys: list[int] = []
    clusters: list[int] = []
    pen = start = 0
    for piece in _PIECES.findall(text):
        shaped = _shape_whole(piece, path, features)
        gids += shaped.gids
        xs += [x + pen for x in shaped.xs]
        ys += shaped.ys
        clusters += [c + start for c in shaped.clusters]
        pen += shaped.advance
        start += len(piece)
    return Shaped(tuple(gids), tuple(xs), tuple(ys), tuple(clusters), pen)


@lru_cache(maxsize=1 << 16)
def _shape_whole(text: str, path: str, features: tuple[tuple[str, bool], ...]) -> Shaped:
    """The text shaped as one HarfBuzz buffer per directional run."""
    if _RTL.search(text) is None:  # one left-to-right run (most text): _shape_ltr
        if text.isdigit() and text.isascii():  # a number: its digits' glyphs, when plain
            digits = _DIGITS.get((path, features))
            if digits is None:
                digits = _digit_words(path, features)
            if digits:
                return _digits_shaped(text, digits)
        return _shape_ltr(text, path, features)
    return _shape_runs(text, path, features)


# A word of ASCII digits (a card's number, a page's) is its digits' glyphs one after another
# when the font shapes them so: each digit alone one glyph without offsets, and each of the
# hundred pairs of digits the two glyphs at their advances (no kerning, ligature or other
# substitution between digits). That is found once per font and features, by HarfBuzz, once
# DIGIT_WORDS numbers were shaped (a small build never pays for it); a font whose digits
# interact keeps shaping every number with HarfBuzz.
DIGIT_WORDS = 64
_DIGIT_COUNT: dict[tuple[str, tuple[tuple[str, bool], ...]], int] = {}  # numbers shaped so far
# (font file, features) -> digit -> (glyph id, advance), or {} when its digits interact
_DIGITS: dict[tuple[str, tuple[tuple[str, bool], ...]], dict[str, tuple[int, int]]] = {}


def _digit_words(path: str, features: tuple[tuple[str, bool], ...]
                 ) -> dict[str, tuple[int, int]] | None:
    """`_plain_digits` once DIGIT_WORDS numbers were shaped in this font (None before: the
    numbers HarfBuzz shaped are counted)."""
    key = (path, features)
    count = _DIGIT_COUNT[key] = _DIGIT_COUNT.get(key, 0) + 1
    return _plain_digits(path, features) if count > DIGIT_WORDS else None


def _plain_digits(path: str, features: tuple[tuple[str, bool], ...]) -> dict[str, tuple[int, int]]:
    """Each digit's glyph and advance when every digit and every pair of digits shapes as its
    digits' glyphs one after another (else {}: HarfBuzz shapes every number), found once."""
    key = (path, features)
    known = _DIGITS.get(key)
    if known is not None:
        return known
    found: dict[str, tuple[int, int]] = {}
    for digit in "0123456789":
        alone = _shape_ltr(digit, path, features)
        if len(alone.gids) != 1 or alone.xs != (0,) or alone.ys != (0,) or alone.clusters != (0,):
            break
        found[digit] = (alone.gids[0], alone.advance)
    else:
        for a, (glyph_a, advance_a) in found.items():
            for b, (glyph_b, advance_b) in found.items():
                pair = _shape_ltr(a + b, path, features)
                if (pair.gids != (glyph_a, glyph_b) or pair.xs != (0, advance_a)
                        or pair.ys != (0, 0) or pair.clusters != (0, 1)
                        or pair.advance != advance_a + advance_b):
                    found = {}
                    break
            if not found:
                break
    if len(found) != 10:
        found = {}
    _DIGITS[key] = found
    return found


def _digits_shaped(text: str, digits: dict[str, tuple[int, int]]) -> Shaped:
    """A number shaped as its digits' glyphs at their advances (what HarfBuzz gives for a font
    `_plain_digits` found plain: tested equal)."""
    gids: list[int] = []
    xs: list[int] = []
    pen = 0
    for digit in text:
        glyph, advance = digits[digit]
        gids.append(glyph)
        xs.append(pen)
        pen += advance
    shaped = Shaped.__new__(Shaped)
    shaped.__dict__.update(gids=tuple(gids), xs=tuple(xs), ys=(0,) * len(text),
                           clusters=tuple(range(len(text))), advance=pen)
    return shaped


def _shape_runs(text: str, path: str, features: tuple[tuple[str, bool], ...]) -> Shaped:
    """_shape_whole's text, one buffer per directional run in display order."""
    gids: list[int] = []
    xs: list[int] = []
    ys: list[int] = []
    clusters: list[int] = []
    pen = 0
    font = _font(path)
    for start, run, rtl in _visual_runs(text):
        buf = hb.Buffer()
        buf.add_str(run)
        buf.guess_segment_properties()
        buf.direction = "rtl" if rtl else "ltr"
        hb.shape(font, buf, dict(features))
        for info, pos in zip(buf.glyph_infos, buf.glyph_positions, strict=True):
            gids.append(info.codepoint)
            xs.append(pen + pos.x_offset)
            ys.append(pos.y_offset)
            clusters.append(start + info.cluster)
            pen += pos.x_advance
    return Shaped(tuple(gids), tuple(xs), tuple(ys), tuple(clusters), pen)


def _shape_ltr(text: str, path: str, features: tuple[tuple[str, bool], ...]) -> Shaped:
    """_shape_whole of a text without right-to-left letters: the same HarfBuzz buffer, shaped
    the same way, its glyphs read in one pass (each x is the pen before the glyph plus its
    offset, the pen summed from the advances in order, as _shape_whole adds them)."""
    buf = hb.Buffer()
    buf.add_str(text)
    buf.guess_segment_properties()
    buf.direction = "ltr"
    wanted = _FEATURE_DICTS.get(features)
    if wanted is None:
        wanted = _FEATURE_DICTS[features] = dict(features)
    hb.shape(_font(path), buf, wanted)
    infos = buf.glyph_infos
    xs: list[int] = []
    ys: list[int] = []
    pen = 0
    for pos in buf.glyph_positions:
        xs.append(pen + pos.x_offset)
        ys.append(pos.y_offset)
        pen += pos.x_advance
    shaped = Shaped.__new__(Shaped)
    shaped.__dict__.update(gids=tuple([i.codepoint for i in infos]), xs=tuple(xs), ys=tuple(ys),
                           clusters=tuple([i.cluster for i in infos]), advance=pen)
    return shaped


# features -> the dict HarfBuzz takes (one per feature set, made once: hb.shape only reads it)
_FEATURE_DICTS: dict[tuple[tuple[str, bool], ...], dict[str, bool]] = {}


def _visual_runs(text: str) -> list[tuple[int, str, bool]]:
    """(start, text, right-to-left) of each directional run, in display order."""
    if not has_rtl(text):
        return [(0, text, False)]
    levels = _levels(text)
    runs: list[tuple[int, int, int]] = []  # start, end, level
    for i, level in enumerate(levels):
        if runs and runs[-1][2] == level:
            runs[-1] = (runs[-1][0], i + 1, level)
        else:
            runs.append((i, i + 1, level))
    lowest_odd = min(levels) | 1
    for level in range(max(levels), lowest_odd - 1, -1):
        runs = _reverse_from(runs, level)
    return [(s, text[s:e], lv % 2 == 1) for s, e, lv in runs]


def _reverse_from(runs: list[tuple[int, int, int]], level: int) -> list[tuple[int, int, int]]:
    """Rule L2: every maximal sequence of runs at `level` or higher, reversed."""
    out: list[tuple[int, int, int]] = []
    seq: list[tuple[int, int, int]] = []
    for run in runs:
        if run[2] >= level:
            seq.append(run)
            continue
        out += reversed(seq)
        seq = []
        out.append(run)
    return out + list(reversed(seq))


def _levels(text: str) -> list[int]:
    """The resolved embedding level of each character (those the algorithm drops, such as
    explicit embeddings, take the level of the character before them)."""
    from bidi import algorithm as bidi_algorithm
    storage = bidi_algorithm.get_empty_storage()
    base = bidi_algorithm.get_base_level(text)
    storage["base_level"] = base
    storage["base_dir"] = ("L", "R")[base]
    bidi_algorithm.get_embedding_levels(text, storage)
    for i, ch in enumerate(storage["chars"]):
        ch["index"] = i
    bidi_algorithm.explicit_embed_and_overrides(storage)
    bidi_algorithm.resolve_weak_types(storage, False)
    bidi_algorithm.resolve_neutral_types(storage, False)
    bidi_algorithm.resolve_implicit_levels(storage, False)
    levels = [-1] * len(text)
    for ch in storage["chars"]:
        if ch["index"] < len(levels):
            levels[ch["index"]] = int(ch["level"])
    previous = base
    for i, level in enumerate(levels):
        levels[i] = previous = level if level >= 0 else previous
    return levels
