"""A large face cache or PDF store that a build changes a little (a one-card edit) gets what
changed appended to its journal (cardgen.pipeline.signed) instead of being written whole: the
next process reads the file and its journal and builds the same bytes, splicing and taking
faces as before; a journal that does not verify, or follows another file, is not trusted."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen import layout
from cardgen.cli import main
from cardgen.pipeline import pdfops, pdfsplice, signed, sources
from cardgen.pipeline.sources import CACHE_FOLDER, read_signed, write_signed
from tests.support import gen_deck
from tests.support.stamps import forget_builds

FOLDER = f"{gen_deck.GAME}-{gen_deck.EDITION}"
CARDS = 80  # (its PDF store, which keeps no characters or operators per face, journals two
#   one-card edits)


@pytest.fixture
def journaled(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Journals for caches of any size, one process's build after another as fresh processes
    (nothing kept in memory between them); the faces laid out."""
    monkeypatch.setattr(sources, "JOURNAL_FROM", 0)
    monkeypatch.setattr(pdfops, "JOURNAL_FROM", 0)
    monkeypatch.setenv("CARDGEN_JOBS", "1")
    laid: list[str] = []
    real = layout.lay_out
    monkeypatch.setattr(layout, "lay_out", lambda session, component, side: laid.append(
        f"{component.id}-{side}") or real(session, component, side))
    return laid


def _build(project: Path, out: Path) -> dict[str, bytes]:
    sources._KNOWN.clear()  # as a new process: the caches are read from the disk
    pdfops._KNOWN.clear()
    assert main(["--project", str(project), "build", gen_deck.TARGET, "--out", str(out)]) == 0
    folder = out / FOLDER
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


def _cold(project: Path, out: Path) -> dict[str, bytes]:
    for cache in project.glob(f"{CACHE_FOLDER}/*"):
        cache.unlink()
    return _build(project, out)


def _caches(project: Path) -> dict[str, Path]:
    return {name: project / CACHE_FOLDER / f"{name}-{gen_deck.GAME}-{gen_deck.EDITION}.pickle"
            for name in ("faces", "pdf-ops")}


def test_edits_are_journaled_and_read_back(tmp_path: Path, journaled: list[str]) -> None:
    project = gen_deck.make_project(tmp_path / "p", CARDS)
    out = tmp_path / "out"
    _build(project, out)
    caches = _caches(project)
    whole = {name: path.read_bytes() for name, path in caches.items()}

    for n, card in enumerate((12, 20)):  # on no PDF's first page (never spliced)
        gen_deck.edit_one_card(project, card)
        journaled.clear()
        before = pdfsplice.spliced
        edited = _build(project, out)
        assert journaled == [f"card-{card + 1:05d}-front", f"card-{card + 1:05d}-back"]
        assert pdfsplice.spliced - before == 3  # spliced from what the journal recorded
        for name, path in caches.items():  # the files as written whole, their journals longer
            assert path.read_bytes() == whole[name]
            assert signed.journal_path(path).stat().st_size > 0
        assert len(signed.read_journal(caches["faces"], whole["faces"][:32])[0]) == n + 1

    assert edited == _cold(project, tmp_path / "cold")


def test_a_damaged_journal_is_read_up_to_the_damage_then_written_whole(
        tmp_path: Path, journaled: list[str]) -> None:
    project = gen_deck.make_project(tmp_path / "p", CARDS)
    out = tmp_path / "out"
    _build(project, out)
    gen_deck.edit_one_card(project, 3)
    _build(project, out)
    faces = _caches(project)["faces"]
    journal = signed.journal_path(faces)
    journal.write_bytes(journal.read_bytes() + b"\x00\x00\x00\x05torn")
    gen_deck.edit_one_card(project, 9)
    journaled.clear()
    edited = _build(project, out)
    assert journaled == ["card-00010-front", "card-00010-back"]  # card 4 from the journal
    assert not journal.exists()  # written whole: the journal went with the file it followed
    assert edited == _cold(project, tmp_path / "cold")


def test_a_journal_following_another_file_is_not_read(tmp_path: Path,
                                                      journaled: list[str]) -> None:
    project = gen_deck.make_project(tmp_path / "p", CARDS)
    out = tmp_path / "out"
    _build(project, out)
    gen_deck.edit_one_card(project, 3)
    _build(project, out)
    for path in _caches(project).values():
        journal = signed.journal_path(path)
        kept = journal.read_bytes()
        value = read_signed(path)
        assert isinstance(value, dict)
        value["another"] = "file"  # (an entry no face or page has)
        assert write_signed(path, value)  # the same entries and one more: another file...
        assert not journal.exists()
        journal.write_bytes(kept)  # ...which the old journal entries do not follow
    journaled.clear()
    forget_builds(project)  # the same build again, though nothing it reads changed
    rebuilt = _build(project, out)
    assert journaled == ["card-00004-front", "card-00004-back"]  # its journal entry not read
    assert rebuilt == _cold(project, tmp_path / "cold")


def test_small_caches_are_written_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDGEN_JOBS", "1")
    project = gen_deck.make_project(tmp_path / "p", CARDS)
    out = tmp_path / "out"
    _build(project, out)
    gen_deck.edit_one_card(project, 3)
    _build(project, out)
    assert not list((project / CACHE_FOLDER).glob("*.journal"))


def test_a_spliced_file_s_record_is_journaled_as_the_pages_that_changed(
        tmp_path: Path, journaled: list[str]) -> None:
    """A splice changes a few of a record's pages: the journal holds only those (the entries a
    series of edits appends stay small), and the record read back from the file and its
    journal is the one the build kept, page for page."""
    project = gen_deck.make_project(tmp_path / "p", CARDS)
    out = tmp_path / "out"
    _build(project, out)
    path = _caches(project)["pdf-ops"]
    base = path.read_bytes()[:32]
    for card in (12, 20):  # (a third edit has the small store written whole)
        gen_deck.edit_one_card(project, card)
        _build(project, out)
        kept = pdfops._KNOWN[path][1]["files"]  # what the build process holds after saving
        entries, whole = signed.read_journal(path, base)
        assert whole
        patch = entries[-1]["files"]["print/card.pdf"]  # type: ignore[index]
        assert patch[0] == pdfops.PATCH and 0 < len(patch[2]) <= 2  # the card's two pages
        assert "offsets" not in patch[1] and patch[4][1]  # the offsets as the runs they moved
        read, _, _ = pdfops._load_journaled(path)
        assert read["files"] == kept
        assert kept["print/card.pdf"]["sha256"] == _sha256(out / FOLDER / "print" / "card.pdf")


def test_a_patch_that_follows_no_record_ends_the_journal() -> None:
    store = pdfops._empty()
    pages = [(f"k{n}", 1, n + 2, 0) for n in range(8)]
    offsets = [15 + 100 * n for n in range(12)]
    record = {"pages": pages, "offsets": offsets, "size": 5}
    edited = [*pages[:3], ("changed", 1, 5, 0), *pages[4:]]
    moved = [*offsets[:5], *(o + 7 for o in offsets[5:9]), *(o - 3 for o in offsets[9:])]
    patched = pdfops._patch(record, {**record, "pages": edited, "offsets": moved})
    assert patched[0] == pdfops.PATCH and patched[2] == {3: ("changed", 1, 5, 0)}
    assert patched[4] == (12, [(5, 7), (9, -3)]) and "offsets" not in patched[1]
    entry = {"chars": {"k": 1}, "ops": {}, "pages": {}, "docs": {}, "files": {"d.pdf": patched},
             "gone": [], "added": 1}
    assert pdfops._apply(store, entry) is None  # no record of d.pdf to patch
    assert store["chars"] == {}  # and nothing of the entry taken
    store["files"]["d.pdf"] = record
    assert pdfops._apply(store, entry) == 1
    assert store["files"]["d.pdf"] == {"pages": edited, "offsets": moved, "size": 5}
    assert record == {"pages": pages, "offsets": offsets, "size": 5}  # the one before, untouched
    for other in ({"pages": pages[:7], "offsets": offsets, "size": 5},  # another page count
                  {"pages": pages, "offsets": offsets[:11], "size": 5}):  # other objects
        store["files"]["d.pdf"] = other
        assert pdfops._apply(store, entry) is None
    many = [(f"new{n}", 1, n + 2, 0) for n in range(8)]  # most pages changed: written whole
    assert pdfops._patch(record, {**record, "pages": many}) == {**record, "pages": many}
    scattered = [o + n % 2 for n, o in enumerate(offsets)]  # offsets moved every which way
    whole = pdfops._patch(record, {**record, "pages": edited, "offsets": scattered})
    assert whole[4] is None and whole[1]["offsets"] == scattered


def _sha256(path: Path) -> str:
    import hashlib

    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_cache_another_version_of_cardgen_wrote_is_never_unpickled(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """After an upgrade a cache may hold objects of an older shape (a Text without a field the
    code now pickles): it is not read at all, and the build starts afresh and succeeds."""
    from cardgen.layout.drawing import Text

    project = gen_deck.make_project(tmp_path / "deck", 3)
    _build(project, tmp_path / "out")
    cache = project / CACHE_FOLDER / f"faces-{gen_deck.GAME}-{gen_deck.EDITION}.pickle"
    entries = read_signed(cache)
    assert isinstance(entries, dict) and entries
    old = object.__new__(Text)  # as an older cardgen's pickle gives it back: no `spacing`
    old.__dict__.update(x=1.0, y=2.0, text="old", font="regular", size=8.0, color="#000000",
                        anchor="start", stroke=None, stroke_width=0.0)
    monkeypatch.setattr(signed, "toolchain", lambda: "an older cardgen")
    monkeypatch.setattr(Text, "__reduce__", object.__reduce__)  # pickled as its dictionary
    signed._bound.cache_clear()
    try:
        write_signed(cache, {"stale": ((), old, "cg0")})  # written by "the older version"
        assert read_signed(cache) == {"stale": ((), old, "cg0")}
    finally:
        monkeypatch.undo()
        signed._bound.cache_clear()
    assert read_signed(cache) is signed._MISSING  # this version never unpickles it
    monkeypatch.setenv("CARDGEN_JOBS", "1")
    _build(project, tmp_path / "out")  # and builds (saving its cache) as from nothing
    assert "stale" not in read_signed(cache)  # type: ignore[operator]
