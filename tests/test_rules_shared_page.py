"""Letter and A4 share one rules page (render/rulebook/styles.py SHARED_PAGE), typeset once:
the A4 files are the Letter ones with every page's MediaBox moved (render/rulebook/moved.py).
The same pages and text on both papers, the moved boxes, the fallback to typesetting, and a
project's own paper keeping pages of its own size."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pypdfium2 as pdfium
import pytest

import cardgen
from cardgen.data.load import load_database
from cardgen.impose.geometry import Paper
from cardgen.impose.papers import BUILT_IN
from cardgen.pipeline.rules import rules_groups
from cardgen.render.rulebook import moved, rules_book, write_booklet, write_rules_pdf
from cardgen.render.rulebook.moved import shares_page
from cardgen.render.rulebook.styles import booklet_look, page_look
from tests.test_rules_pdf import _write_rulebook

PAPERS = {p.name: p for p in BUILT_IN}
A3 = Paper("a3", 297.0, 420.0)
LEGAL = Paper("legal", 215.9, 355.6)
PT = 72 / 25.4
FILES = ("rules-{}.pdf", "rules-booklet-{}.pdf")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, dict[str, object]]]:
    """The tiny game with a rulebook of several pages built for Letter and A4."""
    from tests.support.tiny import TINY

    project = tmp_path_factory.mktemp("shared") / "tiny"
    shutil.copytree(TINY, project)
    _write_rulebook(project, 12)
    summary = cardgen.build_game(load_database(project, "tiny", None), preview=False,
                                 svg=False, print_shop=False, extra_steps=())
    manifest = json.loads((summary.folder / "manifest.json").read_text(encoding="utf-8"))
    return summary.folder, manifest["files"]


def _page_texts(path: Path) -> list[str]:
    document = pdfium.PdfDocument(path)
    try:
        return [document[i].get_textpage().get_text_range() for i in range(len(document))]
    finally:
        document.close()


def _boxes(path: Path) -> list[tuple[float, ...]]:
    document = pdfium.PdfDocument(path)
    try:
        return [tuple(round(v, 2) for v in document[i].get_mediabox())
                for i in range(len(document))]
    finally:
        document.close()


def test_letter_and_a4_share_the_page_a_project_paper_far_from_it_does_not() -> None:
    assert shares_page(215.9, 279.4) and shares_page(210.0, 297.0)
    assert shares_page(231.0, 307.3) and not shares_page(232.0, 290.0)
    assert not shares_page(A3.width, A3.height) and not shares_page(LEGAL.width, LEGAL.height)
    assert not shares_page(200.0, 279.4)  # narrower than the shared page
    letter, a4 = page_look(215.9, 279.4), page_look(210.0, 297.0)
    assert (letter.width, letter.height) == (a4.width, a4.height) == (210.0, 279.4)
    assert letter.offset == pytest.approx((2.95, 0.0)) and a4.offset == pytest.approx((0, 8.8))
    fold = booklet_look(210.0, 297.0)
    assert (fold.width, fold.height, fold.sheet) == (139.7, 210.0, (297.0, 210.0))
    a3 = page_look(A3.width, A3.height)
    assert (a3.width, a3.height, a3.offset) == (297.0, 420.0, (0.0, 0.0))
    assert booklet_look(A3.width, A3.height).width == 210.0  # half the landscape sheet


def test_one_group_for_the_papers_sharing_the_page_where_the_first_stands() -> None:
    letter, a4 = PAPERS["letter"], PAPERS["a4"]
    assert rules_groups([letter, a4]) == [[letter, a4]]
    assert rules_groups([A3, a4, LEGAL, letter]) == [[A3], [a4, letter], [LEGAL]]


@pytest.mark.parametrize("name", FILES)
def test_both_papers_files_have_the_same_pages_and_page_text(built, name: str) -> None:  # type: ignore[no-untyped-def]
    folder, files = built
    letter, a4 = folder / name.format("letter"), folder / name.format("a4")
    texts = _page_texts(letter)
    assert len(texts) >= 2 and texts == _page_texts(a4)
    assert files[letter.name]["pages"] == files[a4.name]["pages"] == len(texts)


def test_the_a4_files_are_the_letter_ones_with_their_page_boxes_moved(built) -> None:  # type: ignore[no-untyped-def]
    folder, _ = built
    flat = folder / "rules-a4.pdf"
    assert set(_boxes(folder / "rules-letter.pdf")) == {(0, 0, 612, 792)}
    # A4 around the Letter page's centre: 297.64 pt either side of x 306, 420.94 of y 396
    assert set(_boxes(flat)) == {(8.36, -24.94, 603.64, 816.94)}
    assert set(_boxes(folder / "rules-booklet-a4.pdf")) == {(-24.94, 8.36, 816.94, 603.64)}
    letter, a4 = (folder / "rules-letter.pdf").read_bytes(), flat.read_bytes()
    assert _without_boxes(letter) == _without_boxes(a4)  # nothing else changed
    assert moved._cross_references(a4) is not None  # every offset starts its object


def _without_boxes(data: bytes) -> bytes:
    """The bytes before the cross-reference table, the page boxes taken out."""
    return re.sub(rb"/MediaBox \[[^\]]*\]", b"", data[:data.rindex(b"\nxref\n")])


def test_the_moved_box_shows_the_same_content_centred_in_pdfium_and_ghostscript(
        built, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Page 1 of rules-a4.pdf rendered by pdfium and by Ghostscript: the ink in the same
    place, centred across the page (the Letter file's side margins were equal), none cut."""
    folder, _ = built
    pdf = folder / "rules-a4.pdf"
    rendered = pdfium.PdfDocument(pdf)[0].render(scale=100 / 72).to_pil().convert("L")
    ink = _ink(rendered)
    assert ink is not None and abs(ink[0] - (rendered.width - ink[2])) <= 2
    if shutil.which("gs") is None:
        pytest.skip("no Ghostscript")
    png = tmp_path / "gs.png"
    subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=pnggray", "-r100",
                    "-dFirstPage=1", "-dLastPage=1", f"-sOutputFile={png}", str(pdf)],
                   check=True)
    from PIL import Image

    theirs = Image.open(png).convert("L")
    assert abs(theirs.width - rendered.width) <= 1 and abs(theirs.height - rendered.height) <= 1
    assert all(abs(a - b) <= 2 for a, b in zip(_ink(theirs) or (), ink, strict=True))


def _ink(image) -> tuple[int, int, int, int] | None:  # type: ignore[no-untyped-def]
    return image.point(lambda v: 255 - v).getbbox()  # type: ignore[no-any-return]


def test_a_first_file_not_as_expected_is_not_moved() -> None:
    letter, a4 = (612.0, 792.0), (595.2756, 841.8898)
    assert moved.moved_pdf(b"%PDF-1.4 nothing", letter, a4, 1) is None
    page = b"1 0 obj\n<< /Type /Page /MediaBox [ 0 0 612 792 ] >>\nendobj\n"
    good = _pdf(page)
    assert moved.moved_pdf(good, letter, a4, 1) is not None
    assert moved.moved_pdf(good, letter, a4, 2) is None  # a page without its box
    assert moved.moved_pdf(good, a4, letter, 1) is None  # the box of another paper
    assert moved.moved_pdf(good.replace(b"0000000009", b"0000000010"), letter, a4, 1) is None
    cropped = page.replace(b">>\n", b"/CropBox [ 0 0 612 792 ] >>\n")
    assert moved.moved_pdf(_pdf(cropped), letter, a4, 1) is None


def _pdf(page: bytes) -> bytes:
    head = b"%PDF-1.4\n"
    table = b"xref\n0 2\n0000000000 65535 f \n%010d 00000 n \n" % len(head)
    body = head + page
    return body + table + b"trailer\n<< /Size 2 >>\nstartxref\n%d\n%%%%EOF\n" % len(body)


def test_a_first_file_that_cannot_be_moved_is_typeset_for_the_other_paper(
        tiny: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The fallback: the A4 files typeset on the shared page centred on A4, the same page
    text as Letter's, their boxes A4's own at 0 0."""
    _write_rulebook(tiny, 6)
    monkeypatch.setattr(moved, "moved_pdf", lambda *args: None)
    summary = cardgen.build_game(load_database(tiny, "tiny", None), out=tmp_path,
                                 preview=False, svg=False, print_shop=False, extra_steps=())
    folder = summary.folder
    assert set(_boxes(folder / "rules-a4.pdf")) == {(0, 0, 595.28, 841.89)}
    assert set(_boxes(folder / "rules-booklet-a4.pdf")) == {(0, 0, 841.89, 595.28)}
    for name in FILES:
        texts = _page_texts(folder / name.format("a4"))
        assert texts == _page_texts(folder / name.format("letter")) and texts


def test_the_letter_files_do_not_depend_on_the_other_papers_built(
        built, tiny: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder, _ = built
    _write_rulebook(tiny, 12)
    alone = cardgen.build_game(load_database(tiny, "tiny", None), out=tmp_path, papers=("letter",),
                               preview=False, svg=False, print_shop=False, extra_steps=())
    for name in FILES:
        path = name.format("letter")
        assert (alone.folder / path).read_bytes() == (folder / path).read_bytes()
    assert not (alone.folder / "rules-a4.pdf").exists()


def test_a_paper_far_from_the_shared_page_keeps_pages_of_its_own_size(
        tiny: Path, tmp_path: Path) -> None:
    _write_rulebook(tiny, 6)
    made = rules_book(load_database(tiny, "tiny", None))
    assert made is not None
    book = made[0]
    write_rules_pdf(book, A3, tmp_path / "a3.pdf")
    write_booklet(book, A3, tmp_path / "a3-booklet.pdf")
    assert set(_boxes(tmp_path / "a3.pdf")) == {(0, 0, round(297 * PT, 2), round(420 * PT, 2))}
    assert set(_boxes(tmp_path / "a3-booklet.pdf")) == {
        (0, 0, round(420 * PT, 2), round(297 * PT, 2))}
    write_rules_pdf(book, PAPERS["letter"], tmp_path / "letter.pdf")
    # larger pages: fewer of them than the shared page needs
    assert len(_page_texts(tmp_path / "a3.pdf")) < len(_page_texts(tmp_path / "letter.pdf"))


def test_a_rebuild_links_the_unchanged_rules_and_remakes_both_papers_after_an_edit(
        tiny: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import cardgen.render.rulebook as rulebook

    rules = _write_rulebook(tiny, 6)

    def build() -> dict[str, bytes]:
        folder = cardgen.build_game(load_database(tiny, "tiny", None), out=tmp_path,
                                    preview=False, svg=False, print_shop=False,
                                    extra_steps=()).folder
        return {name.format(p): (folder / name.format(p)).read_bytes()
                for name in FILES for p in ("letter", "a4")}

    first = build()
    typeset = rulebook.typeset_rules

    def refused(*args: object) -> tuple[bytes, int]:
        raise AssertionError("typeset again")

    monkeypatch.setattr(rulebook, "typeset_rules", refused)
    assert build() == first  # every rules file linked from the previous build
    monkeypatch.setattr(rulebook, "typeset_rules", typeset)
    rules.write_text(rules.read_text(encoding="utf-8") + "\n\nOne more line.\n",
                     encoding="utf-8")
    edited = build()
    assert all(edited[name] != first[name] for name in first)
    for name in FILES:
        texts = _page_texts(tmp_path / "tiny-1" / name.format("a4"))
        assert "One more line." in "".join(texts)
        assert texts == _page_texts(tmp_path / "tiny-1" / name.format("letter"))
