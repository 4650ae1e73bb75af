"""After a one-card edit, the print-shop and home-print PDFs are put together from the previous
build's files (cardgen.pipeline.pdfsplice): the bytes a clean build of the edited project
writes, and written whole whenever the previous file or what the store says of it is not as
recorded, or the edit changes more than the edited pages."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.cli import main
from cardgen.pipeline import pdfsplice
from cardgen.pipeline.sources import read_signed, write_signed
from tests.support import gen_deck

FOLDER = f"{gen_deck.GAME}-{gen_deck.EDITION}"
PDFS = 3  # print/card.pdf, pnp-letter.pdf, pnp-a4.pdf


def _build(project: Path, out: Path) -> dict[str, bytes]:
    assert main(["--project", str(project), "build", gen_deck.TARGET, "--out", str(out)]) == 0
    folder = out / FOLDER
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


def _cold(project: Path, out: Path) -> dict[str, bytes]:
    """What a clean build of the project writes (no cache, no previous output)."""
    for cache in project.glob(".cardgen-cache/*"):
        cache.unlink()
    return _build(project, out)


def _spliced_by(project: Path, out: Path) -> tuple[dict[str, bytes], int]:
    before = pdfsplice.spliced
    tree = _build(project, out)
    return tree, pdfsplice.spliced - before


def _edit(project: Path, i: int, add: str = "") -> None:
    gen_deck.edit_one_card(project, i)
    if add:
        cards = project / "data" / gen_deck.GAME / gen_deck.EDITION / "cards.yaml"
        text = cards.read_text(encoding="utf-8")
        old = gen_deck.deck.text(i).replace(" ", "  ", 1).replace("  ", " also ", 1)
        assert old in text
        cards.write_text(text.replace(old, old + add, 1), encoding="utf-8")


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_edits_splice_their_pages_into_the_previous_pdfs(tmp_path: Path, monkeypatch,
                                                         jobs: str) -> None:
    from cardgen.pipeline import tasks

    monkeypatch.setenv("CARDGEN_JOBS", jobs)
    if jobs == "2":
        monkeypatch.setattr(tasks, "PARALLEL_DRAWS", 1)  # the PDFs written on helpers
    project = gen_deck.make_project(tmp_path / "p", 30)
    out = tmp_path / "out"
    first, spliced = _spliced_by(project, out)
    assert spliced == 0
    for card in (12, 20):  # the second edit splices into a spliced file
        _edit(project, card)
        edited, spliced = _spliced_by(project, out)
        assert spliced == PDFS, card
        assert edited != first
    assert edited == _cold(project, tmp_path / "cold")


def test_an_altered_previous_pdf_is_written_whole(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("CARDGEN_JOBS", "1")
    project = gen_deck.make_project(tmp_path / "p", 30)
    out = tmp_path / "out"
    _build(project, out)
    shop = out / FOLDER / "print" / "card.pdf"
    data = bytearray(shop.read_bytes())
    data[len(data) // 2] ^= 0x01  # same size, one bit
    shop.unlink()  # not through a link shared with anything else
    shop.write_bytes(bytes(data))
    _edit(project, 20)  # on no PDF's first page (which names the fonts: never spliced)
    edited, spliced = _spliced_by(project, out)
    assert spliced == PDFS - 1  # the home-print files only
    assert edited == _cold(project, tmp_path / "cold")


def test_a_wrong_record_in_the_store_is_not_trusted(tmp_path: Path, monkeypatch) -> None:
    """A record whose offsets do not match the previous file (a store from another build of
    the same bytes, a bug) writes the file whole, never a broken one."""
    monkeypatch.setenv("CARDGEN_JOBS", "1")
    project = gen_deck.make_project(tmp_path / "p", 30)
    out = tmp_path / "out"
    _build(project, out)
    [path] = (project / ".cardgen-cache").glob("pdf-ops-*.pickle")
    store = read_signed(path)
    assert isinstance(store, dict)
    record = store["files"]["print/card.pdf"]
    record["offsets"] = [o + 1 for o in record["offsets"]]
    assert write_signed(path, store)
    _edit(project, 20)  # on no PDF's first page (which names the fonts: never spliced)
    edited, spliced = _spliced_by(project, out)
    assert spliced == PDFS - 1
    assert edited == _cold(project, tmp_path / "cold")


def test_an_edit_bringing_a_new_character_is_written_whole(tmp_path: Path, monkeypatch) -> None:
    """A character no face showed before changes every document's fonts: nothing is spliced."""
    monkeypatch.setenv("CARDGEN_JOBS", "1")
    project = gen_deck.make_project(tmp_path / "p", 30)
    out = tmp_path / "out"
    _build(project, out)
    _edit(project, 9, add=" Þ")
    edited, spliced = _spliced_by(project, out)
    assert spliced == 0
    assert edited == _cold(project, tmp_path / "cold")


def test_the_xref_of_a_spliced_file_is_reportlab_s() -> None:
    assert pdfsplice._xref([15, 120]) == (b"xref\n0 3\n0000000000 65535 f \n"
                                          b"0000000015 00000 n \n0000000120 00000 n \n")


def test_an_edit_on_the_first_pages_is_right(tmp_path: Path, monkeypatch) -> None:
    """The first card's pages name the documents' fonts: a file is spliced only where a page
    changed nothing of its document, and is right either way."""
    monkeypatch.setenv("CARDGEN_JOBS", "1")
    project = gen_deck.make_project(tmp_path / "p", 30)
    out = tmp_path / "out"
    _build(project, out)
    _edit(project, 1)
    edited, _ = _spliced_by(project, out)
    assert edited == _cold(project, tmp_path / "cold")
