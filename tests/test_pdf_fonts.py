"""A TrueType font from render/pdffonts.py (its per-glyph tables read in bulk) is the font
reportlab's own parse gives: the same attributes, the same PDF bytes; and no parse is kept in
the project's cache (a fresh process parses as fast as it would read one back)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from cardgen.layout import fonts
from cardgen.render import pdffonts
from tests.support import gen_deck


def _text_pdf(font: TTFont) -> bytes:
    from cardgen.render.pdf import new_canvas

    pdfmetrics.registerFont(font)
    canvas = new_canvas("fonts.pdf", title="fonts")
    canvas.setFont(font.fontName, 12)
    canvas.drawString(10, 10, "Bulk parse: ÄÖÜ ß – “quotes” ✓ 0123 \u00a0")
    canvas.showPage()
    data: bytes = canvas.getpdfdata()
    return data


@pytest.mark.parametrize("face", ["regular", "bold"])
def test_a_font_is_the_font_reportlab_parses(face: str) -> None:
    path = fonts.font_path(face)
    mine = pdffonts.tt_font("CgBulkTest", path)
    theirs = TTFont("CgBulkTest", str(path))
    assert type(mine) is type(theirs) and type(mine.face) is type(theirs.face)
    assert list(vars(mine)) == list(vars(theirs))
    assert mine.fontName == theirs.fontName and mine.shapable == theirs.shapable
    assert mine._asciiReadable == theirs._asciiReadable
    ours, parsed = vars(mine.face), vars(theirs.face)
    assert list(ours) == list(parsed)
    for name in ours:
        if name != "_pdfScale":
            assert ours[name] == parsed[name], name
    assert [ours["_pdfScale"](x) for x in (1, 7, 2048)] == [parsed["_pdfScale"](x)
                                                           for x in (1, 7, 2048)]
    assert _text_pdf(mine) == _text_pdf(theirs)  # the same subset, widths and names embedded


def test_a_build_keeps_no_font_parse(tmp_path: Path, run_cli: Any) -> None:
    project = gen_deck.make_project(tmp_path / "deck", 3)
    done = run_cli("--project", str(project), "build", gen_deck.TARGET, "--out",
                   str(tmp_path / "o"), "--outputs", "pnp-letter")
    assert done.code == 0, done.err
    cache = project / ".cardgen-cache"
    assert (cache / f"pdf-ops-{gen_deck.TARGET.replace('@', '-')}.pickle").is_file()
    assert not list(cache.glob("pdf-fonts*"))


def _two_texts_pdf(texts: list[str]) -> bytes:
    from cardgen.render.pdf import new_canvas

    canvas = new_canvas("subsets.pdf", title="subsets")
    for text in texts:
        canvas.setFont(fonts.pdf_font_name("regular"), 12)
        canvas.drawString(10, 10, text)
        canvas.showPage()
    data: bytes = canvas.getpdfdata()
    return data


def test_a_subset_made_once_is_the_subset_reportlab_makes(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """Each font subset is made and compressed once per process: a later document embedding
    the same subset gets the same bytes, and one with another subset (other characters, or the
    same characters met in another order) gets its own, as reportlab makes them afresh."""
    from reportlab.pdfbase import ttfonts

    documents = [["Kept: abc"], ["Kept: abc"], ["Kept: xyz ÄÖÜ"], ["Kept: ÜÖÄ zyx"],
                 ["Kept: abc", "ÄÖÜ – “other” ✓"]]
    kept = [_two_texts_pdf(texts) for texts in documents]
    assert pdffonts.KEPT_FLATE.kept  # the compressed files are kept ...
    with monkeypatch.context() as patched:  # ... and reportlab's own subsetting agrees
        patched.setattr(ttfonts.TTFontFile, "makeSubset", pdffonts._MAKE_SUBSET)
        patched.setattr(ttfonts.TTFontFace, "addSubsetObjects", pdffonts._ADD_SUBSET_OBJECTS)
        patched.setattr(ttfonts.TTFont, "addObjects", pdffonts._ADD_OBJECTS)
        patched.setattr(ttfonts, "makeToUnicodeCMap", pdffonts._MAKE_CMAP)
        fresh = [_two_texts_pdf(texts) for texts in documents]
    assert kept == fresh
    assert kept[0] == kept[1] and kept[2] != kept[3]


def test_a_subset_is_made_once_per_face_and_characters(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[tuple[int, ...]] = []
    real = pdffonts.subset_file

    def counting(face: Any, subset: Any, *tables: Any) -> bytes | None:
        made.append(tuple(subset))
        out: bytes | None = real(face, subset, *tables)
        return out

    monkeypatch.setattr(pdffonts, "subset_file", counting)
    monkeypatch.setattr(pdffonts, "_MADE", type(pdffonts._MADE)())
    for _ in range(3):
        _two_texts_pdf(["Once: qwerty €"])
    _two_texts_pdf(["Once: qwerty ¥"])
    assert len(made) == 2 and made[0] != made[1]


@pytest.mark.parametrize("face", ["regular", "bold"])
def test_glyph_tables_read_when_asked_are_reportlabs_lists(face: str) -> None:
    path = fonts.font_path(face)
    mine = pdffonts.tt_font("CgTableTest", path).face
    theirs = TTFont("CgTableTest", str(path)).face
    for name in ("hmetrics", "glyphPos"):
        ours, parsed = getattr(mine, name), getattr(theirs, name)
        assert len(ours) == len(parsed) and list(ours) == parsed and ours == parsed
        assert [ours[n] for n in (0, 1, len(parsed) - 1, -1, -2)] == [
            parsed[n] for n in (0, 1, len(parsed) - 1, -1, -2)]
        assert ours[3:40:7] == parsed[3:40:7] and ours[-5:] == parsed[-5:]
        with pytest.raises(IndexError):
            ours[len(parsed)]
    metrics = mine.hmetrics
    assert metrics.metrics < len(metrics)  # the bundled fonts have glyphs past the last metric
    assert metrics[len(metrics) - 1] == theirs.hmetrics[-1]


def test_a_layouts_own_font_is_the_font_reportlab_parses() -> None:
    path = Path(__file__).parent / "fixtures/own-font/layouts/glyphs/fonts/TestSans-Regular.ttf"
    mine = pdffonts.tt_font("CgOwnTest", path).face
    theirs = TTFont("CgOwnTest", str(path)).face
    ours, parsed = vars(mine), vars(theirs)
    assert list(ours) == list(parsed)
    for name in ours:
        if name != "_pdfScale":
            assert ours[name] == parsed[name], name


@pytest.mark.parametrize("face", ["regular", "bold"])
def test_private_codes_are_the_unmapped_glyphs_in_order(face: str) -> None:
    rl_face = pdffonts.tt_font("CgPrivateTest", fonts.font_path(face)).face
    mapped, taken = set(rl_face.glyphToChar), set(rl_face.charToGlyph)
    unmapped = [g for g in range(len(rl_face.hmetrics)) if g not in mapped]
    free = [c for c in range(0xE000, 0xF900) if c not in taken]
    assert unmapped and pdffonts.private_codes(rl_face) == dict(zip(unmapped, free, strict=False))


def test_widths_are_reportlabs_entries() -> None:
    advances = [500, 510, 520, 530, 540]
    once = {65: 3, 66: 1, 68: 1, 67: 4}  # each character once, two on one glyph
    assert pdffonts._widths(once, {3: [65], 1: [66, 68], 4: [67]}, advances) == {
        66: 510, 68: 510, 65: 530, 67: 540}
    past = {65: 3, 66: 1, 67: 9}  # a glyph past the metrics has no width
    assert pdffonts._widths(past, {3: [65], 1: [66], 9: [67]}, advances) == {66: 510, 65: 530}
    twice = {65: 3, 66: 1}  # a character met twice: its last glyph's advance
    assert pdffonts._widths(twice, {1: [65, 66], 3: [65]}, advances) == {65: 530, 66: 510}


@pytest.mark.parametrize("face", ["regular", "bold"])
def test_widths_are_the_widths_reportlab_parses(face: str) -> None:
    path = fonts.font_path(face)
    mine = pdffonts.tt_font("CgWidthsTest", path).face
    theirs = TTFont("CgWidthsTest", str(path)).face
    assert mine.charWidths == theirs.charWidths and len(mine.charWidths) > 1000


@pytest.mark.parametrize("face", ["regular", "bold"])
def test_a_subset_read_in_bulk_is_reportlabs_subset(face: str) -> None:
    """render/pdfsubset.py makes the bytes reportlab's makeSubset makes: ASCII and beyond,
    composite glyphs (their parts appended and renumbered), characters the font lacks, and
    subsets of every size; a face reportlab parsed itself is left to reportlab."""
    import random
    import struct

    from cardgen.render.pdfsubset import subset_file

    rl_face = pdffonts.tt_font("CgSubsetTest", fonts.font_path(face)).face
    assert type(rl_face.glyphPos) is pdffonts.GlyphPos
    data, glyf = rl_face._ttf_data, rl_face.table["glyf"]["offset"]

    def composite(gid: int) -> bool:
        at = rl_face.glyphPos[gid]
        return bool(rl_face.glyphPos[gid + 1] > at
                    and struct.unpack_from(">h", data, glyf + at)[0] < 0)

    chars = sorted(rl_face.charToGlyph)
    composites = [c for c in chars if composite(rl_face.charToGlyph[c])]
    assert len(composites) > 100  # accented letters: the parts must follow them
    rng = random.Random(25)
    subsets = [list(range(32, 128)), [0, *composites[:255]], [0, 0x10FFFD, 0xE000, 65, 0x20AC]]
    subsets += [[0, *rng.sample(chars, rng.randint(1, 255))] for _ in range(60)]
    for subset in subsets:
        mine = subset_file(rl_face, subset, rl_face.glyphPos, rl_face.hmetrics)
        assert mine is not None and mine == pdffonts._MAKE_SUBSET(rl_face, subset)
    theirs = TTFont("CgSubsetTest", str(fonts.font_path(face))).face
    made = pdffonts._kept_make_subset(theirs, subsets[1])  # reportlab's parse: its own subset
    assert made == pdffonts._MAKE_SUBSET(theirs, subsets[1])


def test_a_subset_past_the_font_is_left_to_reportlab() -> None:
    """A glyph index past the font's tables gives None (reportlab then raises its own error)."""
    from cardgen.render.pdfsubset import subset_file

    rl_face = pdffonts.tt_font("CgSubsetPast", fonts.font_path("regular")).face
    rl_face.charToGlyph[0xE777] = len(rl_face.glyphPos) + 5
    try:
        assert subset_file(rl_face, [0, 65, 0xE777], rl_face.glyphPos, rl_face.hmetrics) is None
        with pytest.raises(IndexError):
            pdffonts._MAKE_SUBSET(rl_face, [0, 65, 0xE777])
    finally:
        del rl_face.charToGlyph[0xE777]


def test_a_character_map_made_once_is_reportlabs() -> None:
    """A subset's character map is reportlab's text, the same object for the same subset
    name and characters (a list or a tuple of them)."""
    import random

    from reportlab.pdfbase import ttfonts

    from cardgen.render import pdfsubset

    assert ttfonts.makeToUnicodeCMap is pdffonts._kept_cmap
    rng = random.Random(7)
    for n in range(40):
        subset = [0, *rng.sample(range(32, 0x2FFF), rng.randrange(0, 255))]
        name = f"{ttfonts.SUBSETN(n % 3).decode()}+DejaVuSans"
        made = pdffonts._kept_cmap(name, subset)
        assert made == pdffonts._MAKE_CMAP(name, subset)
        assert pdffonts._kept_cmap(name, tuple(subset)) is made
        assert pdffonts._kept_cmap(name + "X", subset) == pdffonts._MAKE_CMAP(name + "X", subset)
    for subset in ([0x10FFFD, 0xE000, 65], list(range(256)), list(range(300)), [7]):
        assert pdfsubset.cmap_text("AAAAAA+Font", subset) == pdffonts._MAKE_CMAP("AAAAAA+Font",
                                                                                  subset)


def test_a_subset_file_is_put_together_as_reportlabs_font_maker_does() -> None:
    """`assembled` (the whole file's checksum added up from its tables') writes the bytes of
    TTFontMaker.makeStream: tables of every length mod 4, given in any order."""
    import random

    from reportlab.pdfbase.ttfonts import TTFontMaker

    from cardgen.render.pdfsubset import _summed, assembled

    rng = random.Random(7)
    tags = ["glyf", "OS/2", "cmap", "name", "cvt ", "loca", "post", "prep", "hmtx"]
    for _ in range(40):
        chosen = [*rng.sample(tags, rng.randint(0, len(tags))), "head"]
        rng.shuffle(chosen)
        maker = TTFontMaker()
        tables = []
        for tag in chosen:
            data = rng.randbytes(54 if tag == "head" else rng.randint(0, 70))
            maker.add(tag, data)
            if tag == "head":
                data = data[:8] + bytes(4) + data[12:]
            tables.append(_summed(tag, data))
        assert assembled(tables) == maker.makeStream()
