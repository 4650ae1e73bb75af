"""The rulebook in the print packet: rules-<paper>.pdf and the booklet rules-booklet-<paper>.pdf.

A copy of the tiny game gets a rulebook with headings, a table, an inline icon, a list and a
picture; its build is read back: every heading and the table's cells in the text, the icon
drawn (its form's path operators), the booklet's sheets holding the pages in booklet order
(read from the page numbers printed at the foot of each half), the print plan and manifest
naming the files. Every seed edition's rulebook is typeset with all its headings.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image
from pypdf import PdfReader

import cardgen
from cardgen.check import mdtext
from cardgen.data.load import load_database
from cardgen.impose.papers import BUILT_IN
from cardgen.render.rulebook import (
    booklet_order,
    padded,
    rules_book,
    write_booklet,
    write_rules_pdf,
)
from cardgen.render.rulebook.styles import Look

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ["l5@0.6.5", "l5@act-one", "l5@0.6.2", "lux-aeterna", "orbital-debris"]
PAPERS = {p.name: p for p in BUILT_IN}

RULEBOOK = """# Tiny rules

## In the box

- 2 CARDS
- 1 TOKEN

## Scoring

Each [sun] card scores its **value**; a *moon* card scores [[nothing]].

| Suit | Points per card |
|:-----|----------------:|
| Sun [sun] | 3 |
| Moon | zero |

![A table seen from above](table.png)

![[missing-picture.png]]

END OF THE GAME

{filler}

### A last word

1. Shuffle.
2. Deal.
"""


def _write_rulebook(project: Path, paragraphs: int) -> Path:
    filler = "\n\n".join(f"Paragraph {n}: " + "the rules go on and on. " * 30
                         for n in range(paragraphs))
    folder = project / "data" / "tiny" / "1"
    (folder / "rulebook.md").write_text(RULEBOOK.replace("{filler}", filler), encoding="utf-8")
    Image.new("RGB", (60, 40), (40, 120, 200)).save(folder / "table.png")
    edition = folder / "edition.yaml"
    edition.write_text(edition.read_text(encoding="utf-8") + "rulebook: rulebook.md\n",
                       encoding="utf-8")
    return folder / "rulebook.md"


def _text(path: Path) -> str:
    doc = pdfium.PdfDocument(path)
    try:
        return " ".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
    finally:
        doc.close()


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, object], Path]:
    import shutil

    from tests.support.tiny import TINY

    project = tmp_path_factory.mktemp("rules") / "tiny"
    shutil.copytree(TINY, project)
    rulebook = _write_rulebook(project, 24)
    db = load_database(project, "tiny", None)
    summary = cardgen.build_game(db, preview=False, svg=False, print_shop=False,
                                 extra_steps=())
    manifest = json.loads((summary.folder / "manifest.json").read_text(encoding="utf-8"))
    return summary.folder, manifest, rulebook


def test_the_build_writes_the_rules_and_booklet_for_each_paper(built) -> None:  # type: ignore[no-untyped-def]
    folder, manifest, _ = built
    files = manifest["files"]
    for paper in ("letter", "a4"):
        flat, folded = files[f"rules-{paper}.pdf"], files[f"rules-booklet-{paper}.pdf"]
        assert flat["holds"] == "rules" and flat["paper"] == paper and flat["pages"] >= 5
        assert folded["holds"] == "rules-booklet" and folded["duplex"] is True
        assert folded["flip"] == "short" and folded["pages"] % 2 == 0
        sheet = pdfium.PdfDocument(folder / f"rules-booklet-{paper}.pdf")[0]
        width, height = sheet.get_size()
        assert width > height  # landscape sheets of the paper
        assert {round(width), round(height)} == {
            round(PAPERS[paper].height / 25.4 * 72), round(PAPERS[paper].width / 25.4 * 72)}


def test_the_print_plan_names_the_rules_files(built) -> None:  # type: ignore[no-untyped-def]
    folder, _, _ = built
    doc = pdfium.PdfDocument(folder / "pnp-letter.pdf")
    plan = _flat(doc[0].get_textpage().get_text_range())
    assert "rules-letter.pdf" in plan
    assert "rules-booklet-letter.pdf" in plan and "SHORT edge" in plan


def test_every_heading_of_the_rulebook_is_in_the_pdf(built) -> None:  # type: ignore[no-untyped-def]
    folder, _, rulebook = built
    headings = [line.text for line in mdtext.read(rulebook.read_text(encoding="utf-8")).lines
                if line.kind == mdtext.HEADING]
    assert "END OF THE GAME" in headings and "A last word" in headings
    for paper in ("letter", "a4"):
        text = _flat(_text(folder / f"rules-{paper}.pdf"))
        for heading in headings:
            assert heading in text, (paper, heading)


def test_a_table_and_pictures_render(built) -> None:  # type: ignore[no-untyped-def]
    folder, _, _ = built
    text = _flat(_text(folder / "rules-letter.pdf"))
    for cell in ("Suit", "Points per card", "Sun", "Moon", "zero"):
        assert cell in text
    assert "[[nothing]]" in text  # no icon of that name: printed as written
    assert "picture not included: missing-picture.png" in text
    assert "A table seen from above" in text  # the picture's caption
    images = [x for page in PdfReader(folder / "rules-letter.pdf").pages
              for x in page["/Resources"].get("/XObject", {}).values()
              if x.get_object()["/Subtype"] == "/Image"]
    assert images and images[0].get_object()["/Width"] == 60


def test_an_inline_icon_is_drawn_as_the_games_icon(built) -> None:  # type: ignore[no-untyped-def]
    folder, _, _ = built
    for name in ("rules-letter.pdf", "rules-booklet-letter.pdf"):
        forms = {}
        for page in PdfReader(folder / name).pages:
            _collect_forms(page["/Resources"], forms)
        assert "/FormXob.cgicon-sun" in forms, name
        ops = forms["/FormXob.cgicon-sun"].get_data().decode("latin-1")
        assert re.search(r"\bc\b", ops) and re.search(r"\bf\*?\b", ops)  # the circle, filled
        assert not any("moon" in key for key in forms)  # *moon* is a word, not [moon]


def _collect_forms(resources: object, out: dict[str, object]) -> None:
    xobjects = resources.get_object().get("/XObject", {}) if resources is not None else {}
    for key, ref in xobjects.items():
        form = ref.get_object()
        if form["/Subtype"] == "/Form":
            out[key] = form
            _collect_forms(form.get("/Resources"), out)


def _footer_numbers(path: Path) -> list[tuple[int | None, int | None]]:
    """Each sheet side's (left, right) page number, read at the foot of each half."""
    doc = pdfium.PdfDocument(path)
    out = []
    for i in range(len(doc)):
        page = doc[i]
        width, _ = page.get_size()
        text = page.get_textpage()
        halves = []
        for left in (0.0, width / 2):
            found = text.get_text_bounded(left, 0, left + width / 2, 40).split()
            halves.append(int(found[-1]) if found else None)
        out.append((halves[0], halves[1]))
    return out


def test_the_booklet_sheets_hold_the_pages_in_booklet_order(built) -> None:  # type: ignore[no-untyped-def]
    folder, manifest, _ = built
    for paper in ("letter", "a4"):
        sides = _footer_numbers(folder / f"rules-booklet-{paper}.pdf")
        body = _page_count_of_booklet_pages(sides)
        n = 2 * len(sides)  # pages on the sheets, padding included
        assert n % 4 == 0 and n - body < 4
        assert sides[0] == (n if n <= body else None, 1)  # sheet 1 front: last and first
        assert sides[1] == (2, n - 1 if n - 1 <= body else None)  # its back: 2nd, n-1th
        for s in range(n // 4):
            front, back = sides[2 * s], sides[2 * s + 1]
            expect_front = (n - 2 * s, 2 * s + 1)
            expect_back = (2 * s + 2, n - 2 * s - 1)
            assert front == tuple(p if p <= body else None for p in expect_front), (paper, s)
            assert back == tuple(p if p <= body else None for p in expect_back), (paper, s)


def _page_count_of_booklet_pages(sides: list[tuple[int | None, int | None]]) -> int:
    return max(p for side in sides for p in side if p is not None)


def test_a_rulebook_that_pads_gets_blank_pages() -> None:
    assert [padded(n) for n in (1, 4, 5, 8, 9)] == [4, 4, 8, 8, 12]
    order = booklet_order(5)
    assert order == [(None, 1), (2, None), (None, 3), (4, 5)]
    for pages in range(1, 14):
        placed = [p for side in booklet_order(pages) for p in side if p is not None]
        assert sorted(placed) == list(range(1, pages + 1))


def test_a_game_without_a_rulebook_gets_no_rules_files(tiny: Path) -> None:
    db = load_database(tiny, "tiny", None)
    summary = cardgen.build_game(db, preview=False, svg=False, print_shop=False,
                                 papers=("letter",), extra_steps=())
    assert not list(summary.folder.glob("rules*"))
    plan = _flat(pdfium.PdfDocument(summary.folder / "pnp-letter.pdf")[0]
                 .get_textpage().get_text_range())
    assert "rules" not in plan


def test_the_booklet_is_the_same_bytes_twice(tiny: Path, tmp_path: Path) -> None:
    _write_rulebook(tiny, 6)
    made = rules_book(load_database(tiny, "tiny", None))
    assert made is not None
    for name in ("a.pdf", "b.pdf"):
        count, sides = write_booklet(made[0], PAPERS["a4"], tmp_path / name)
        assert count >= 2 and sides == len(booklet_order(count))
    data = (tmp_path / "a.pdf").read_bytes()
    assert data == (tmp_path / "b.pdf").read_bytes()
    assert b"/CreationDate (D:20000101000000+00'00')" in data  # reportlab's invariant date


@pytest.mark.parametrize("paragraphs", [0, 6, 24])
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_booklet_sheets_are_drawn_as_pdfium_imposed_the_pages(
        tiny: Path, tmp_path: Path, paragraphs: int, paper: str) -> None:
    """The sheets the typesetter lays out (sheets.py) against the booklet pages typeset alone
    and imposed by pdfium, as the booklet once was: every sheet rasterised alike, pixel for
    pixel (a rulebook with an icon, a table, a picture, a missing one; blank halves too)."""
    from cardgen.render.rulebook import document
    from cardgen.render.rulebook.styles import booklet_look, paragraph_styles, pdf_face

    _write_rulebook(tiny, paragraphs)
    made = rules_book(load_database(tiny, "tiny", None))
    assert made is not None
    book = made[0]
    sheet = PAPERS[paper]
    count, sides = write_booklet(book, sheet, tmp_path / "sheets.pdf")
    look = booklet_look(sheet.width, sheet.height)
    styles = paragraph_styles(look, book.faces)
    pages = tmp_path / "pages.pdf"
    doc = document.RulesDoc(str(pages), look, book, styles)
    doc.typeset(document.story(book, look, styles),
                document._canvas_class(book.icons, pdf_face(book.faces)))
    assert doc.canv.getPageNumber() - 1 == count
    reference = _pdfium_booklet(pages.read_bytes(), look)
    ours = pdfium.PdfDocument(tmp_path / "sheets.pdf")
    assert len(ours) == len(reference) == sides == len(booklet_order(count))
    for n in range(sides):
        assert ours[n].get_size() == reference[n].get_size()
        mine = ours[n].render(scale=150 / 72).to_pil().convert("RGB")
        theirs = reference[n].render(scale=150 / 72).to_pil().convert("RGB")
        assert mine.tobytes() == theirs.tobytes(), (paper, paragraphs, n)
        assert mine.getextrema() != ((255, 255), (255, 255), (255, 255)) or None in (
            booklet_order(count)[n])


def _pdfium_booklet(pages_pdf: bytes, look: Look) -> pdfium.PdfDocument:
    """The booklet as pdfium imposed it: the pages in booklet order (a blank one for the
    padding), two-up on sheets twice as wide (FPDF_ImportNPagesToOne); on the shared booklet
    page's sheet (Letter, A4), those sheets' boxes widened around them to the sheet's size,
    the two pages centred."""
    import pypdfium2.raw as pdfium_c
    from reportlab.lib.units import mm

    source = pdfium.PdfDocument(pages_pdf)
    width, height = source[0].get_size()
    count = len(source)
    order = booklet_order(count)
    if any(page is None for side in order for page in side):
        source.new_page(width, height)
    ordered = pdfium.PdfDocument.new()
    ordered.import_pages(source, [count if page is None else page - 1
                                  for side in order for page in side])
    sheets = pdfium.PdfDocument(
        pdfium_c.FPDF_ImportNPagesToOne(ordered.raw, 2 * width, height, 2, 1))
    (left, bottom), (full_width, full_height) = look.offset, look.sheet
    if (left, bottom) != (0, 0):
        for sheet in sheets:
            sheet.set_mediabox(-left * mm, -bottom * mm, (full_width - left) * mm,
                               (full_height - bottom) * mm)
    return sheets


@pytest.mark.parametrize("target", SEEDS)
def test_every_seed_rulebook_is_typeset_with_all_its_headings(target: str,
                                                              tmp_path: Path) -> None:
    db = cardgen.load_game(target, ROOT)
    made = rules_book(db)
    assert made is not None, f"{target}: no rulebook found"
    book, _ = made
    pages = write_rules_pdf(book, PAPERS["letter"], tmp_path / "rules.pdf")
    assert pages >= 2
    path = db.edition.rulebook_path
    assert path is not None
    text = _flat(_text(tmp_path / "rules.pdf"))
    for line in mdtext.read(path.read_text(encoding="utf-8")).lines:
        if line.kind == mdtext.HEADING:
            assert _flat(line.text) in text, (target, line.number, line.text)


def test_the_rules_are_set_in_the_fonts_the_games_layouts_name(tiny: Path, tmp_path: Path) -> None:
    import shutil

    from cardgen.layout.fonts import ASSETS, file_face, pdf_font_name

    _write_rulebook(tiny, 1)
    fonts = tiny / "layouts" / "tiny" / "fonts"
    fonts.mkdir()
    shutil.copyfile(ASSETS / "fonts" / "DejaVuSans-Bold.ttf", fonts / "House.ttf")
    card = tiny / "layouts" / "tiny" / "card.yaml"
    card.write_text("fonts: { regular: fonts/House.ttf }\n" + card.read_text(encoding="utf-8"),
                    encoding="utf-8")
    db = load_database(tiny, "tiny", None)
    made = rules_book(db)
    assert made is not None
    book, _ = made
    assert book.faces.regular == file_face(fonts / "House.ttf")
    write_rules_pdf(book, PAPERS["a4"], tmp_path / "rules.pdf")
    # House.ttf is a copy of DejaVu Sans Bold: all text is in it, none in DejaVu Sans regular
    assert {name.split("+")[-1] for name in _fonts(tmp_path / "rules.pdf")} == {
        "DejaVuSans-Bold"}
    assert pdf_font_name(book.faces.regular).startswith("CardgenFont-")


def test_the_content_key_holds_a_layout_fonts_bytes_and_cardgens_faces_by_name(
        tiny: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A layout's font file is in the rules' content key by its bytes (edited: another key);
    cardgen's own faces by name, their files unread (the toolchain digest holds them)."""
    import shutil

    from cardgen.layout import fonts as font_files
    from cardgen.render.rulebook import source

    _write_rulebook(tiny, 1)
    real = Path.read_bytes
    monkeypatch.setattr(Path, "read_bytes", lambda self: (
        pytest.fail(f"read {self}") if self.name.startswith("DejaVuSans") else real(self)))
    made = rules_book(load_database(tiny, "tiny", None))
    assert made is not None
    assert made[0].faces == source.Faces() and {"regular", "bold"} <= set(made[1])
    monkeypatch.setattr(Path, "read_bytes", real)
    house = tiny / "layouts" / "tiny" / "fonts" / "House.ttf"
    house.parent.mkdir()
    shutil.copyfile(font_files.ASSETS / "fonts" / "DejaVuSans-Bold.ttf", house)
    card = tiny / "layouts" / "tiny" / "card.yaml"
    card.write_text("fonts: { regular: fonts/House.ttf }\n" + card.read_text(encoding="utf-8"),
                    encoding="utf-8")
    first = rules_book(load_database(tiny, "tiny", None))
    house.write_bytes(house.read_bytes() + b"\0")
    second = rules_book(load_database(tiny, "tiny", None))
    assert first is not None and second is not None and first[1] != second[1]


def _fonts(path: Path) -> set[str]:
    return {str(font.get_object()["/BaseFont"]) for page in PdfReader(path).pages
            for font in page["/Resources"].get("/Font", {}).values()}


def test_no_standard_font_is_named(built) -> None:  # type: ignore[no-untyped-def]
    folder, _, _ = built
    for name in ("rules-letter.pdf", "rules-a4.pdf"):
        fonts = _fonts(folder / name)
        assert fonts and all("DejaVuSans" in f for f in fonts), (name, fonts)


def test_a_picture_outside_the_project_and_the_rulebooks_folder_is_not_read(tmp_path: Path
                                                                             ) -> None:
    from cardgen.render.rulebook.source import picture_file

    project = tmp_path / "project"
    (project / "rules").mkdir(parents=True)
    Image.new("RGB", (4, 4)).save(tmp_path / "secret.png")
    Image.new("RGB", (4, 4)).save(project / "rules" / "mine.png")
    rulebook = project / "rules" / "rulebook.md"
    assert picture_file("../../secret.png", rulebook, project) == (None, "outside")
    assert picture_file(str(tmp_path / "secret.png"), rulebook, project) == (None, "outside")
    assert picture_file("https://example.org/a.png", rulebook, project) == (None, "not a file")
    assert picture_file("nothing.png", rulebook, project) == (None, "missing")
    found, digest = picture_file("mine.png", rulebook, project)
    assert found == project / "rules" / "mine.png" and digest


def test_a_reprint_of_some_faces_gets_no_rules(tiny: Path) -> None:
    _write_rulebook(tiny, 1)
    db = load_database(tiny, "tiny", None)
    summary = cardgen.build_game(db, preview=False, svg=False, print_shop=False,
                                 papers=("letter",), extra_steps=(),
                                 only={db.components[0].id})
    assert not list(summary.folder.glob("rules*"))


def test_the_book_is_made_once_per_database_while_its_rulebook_is_unchanged(tiny: Path) -> None:
    """A build asks once per paper: the same Database gets the book made the first time; an
    edited rulebook, or another Database, gets its own."""
    path = _write_rulebook(tiny, 2)
    db = load_database(tiny, "tiny", None)
    first = rules_book(db)
    assert first is not None and rules_book(db) is first
    other = load_database(tiny, "tiny", None)
    again = rules_book(other)
    assert again is not first and again == first
    path.write_text(path.read_text(encoding="utf-8") + "\nOne more line, longer.\n",
                    encoding="utf-8")
    edited = rules_book(other)
    assert edited is not None and edited[1][0] != first[1][0]  # the text's digest
    assert "One more line" in repr(edited[0].blocks)
