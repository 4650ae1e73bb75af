"""Each face's PDF operators are worked out once per face content and reused: by the other
documents of a build and by the next build in the same process, where only an edited card's
faces are drawn again (a fresh process draws the faces of the pages it draws: the store's
file keeps no operators), and every face when a new character changes the fonts' codes; the
files stay the bytes a clean build gives, and Letter and A4 show the same text."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from cardgen.layout.drawing import Drawing, Rect, Style, Text
from cardgen.pipeline import pdfops
from cardgen.render import faceops
from cardgen.render.pdf import Painter, new_canvas
from tests.support import deck, gen_deck
from tests.test_broken_inputs import tree_hashes

CARDS = 12


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts of every face drawn afresh (not replayed), one entry per face drawn; tasks
    run in this process."""
    monkeypatch.setenv("CARDGEN_JOBS", "1")
    seen: list[str] = []
    draw = faceops.draw_items

    def counting(canvas: Any, items: Any) -> bool:
        seen.append(" ".join(t.text for t in _texts(items)))
        return draw(canvas, items)

    monkeypatch.setattr(faceops, "draw_items", counting)
    return seen


def _texts(items: Any) -> list[Text]:
    out: list[Text] = []
    for item in items:
        if isinstance(item, Text):
            out.append(item)
        elif hasattr(item, "items"):
            out += _texts(item.items)
    return out


def _build(run_cli: Any, project: Path, fresh: bool = True) -> Path:
    if fresh:
        pdfops._KNOWN.clear()  # as a new process would: the store is read from the disk
    result = run_cli("--project", str(project), "build", gen_deck.TARGET)
    assert result.code == 0, result.text
    return project / "output" / f"{gen_deck.GAME}-{gen_deck.EDITION}"


def _count_drawn_pages(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The pages drawn from now on (home-print and print-shop), in order."""
    from cardgen.render import pages

    drawn_pages: list[Any] = []
    draw = pages._draw_page

    def counting(canvas: Any, page: Any, *args: Any) -> None:
        drawn_pages.append(page)
        draw(canvas, page, *args)

    monkeypatch.setattr(pages, "_draw_page", counting)
    return drawn_pages


def _pdfs(folder: Path) -> dict[str, str]:
    return {k: v for k, v in tree_hashes(folder).items() if k.endswith(".pdf")}


def _clean_build(run_cli: Any, project: Path, root: Path) -> Path:
    clean = root / "clean"
    shutil.copytree(project, clean, ignore=shutil.ignore_patterns("output", ".cardgen-cache"))
    return _build(run_cli, clean)


def test_an_edit_draws_only_the_faces_on_the_edited_cards_pages(
        tmp_path: Path, run_cli: Any, drawn: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """A fresh process draws the edited card's faces and the other faces of the pages it
    draws (the store keeps no face's operators on the disk), no face of any other page."""
    project = gen_deck.make_project(tmp_path / "p", CARDS)
    _build(run_cli, project)
    assert len(drawn) >= CARDS  # the first build draws every face (once per signature)
    drawn.clear()
    gen_deck.edit_one_card(project, 4)
    drawn_pages = _count_drawn_pages(monkeypatch)

    rebuilt = _build(run_cli, project)

    assert drawn, "the edited card's face was not drawn"
    assert any(deck.title(4) in text for text in drawn), drawn
    on_pages = {p.face[0] for page in drawn_pages for p in page.placements}
    assert "card-00005" in on_pages and len(on_pages) < CARDS
    titles = {deck.title(int(cid.split("-")[1]) - 1) for cid in on_pages if cid != "card-back"}
    fronts = [text for text in drawn if text.startswith("Card ")]
    assert all(any(text.startswith(t + " ") for t in titles) for text in fronts), (fronts, titles)
    assert _pdfs(rebuilt) == _pdfs(_clean_build(run_cli, project, tmp_path))


@pytest.mark.parametrize(("cards", "journaled"), [(CARDS, False), (40, True)])
def test_an_edit_in_the_same_process_draws_only_the_edited_cards_faces(
        tmp_path: Path, run_cli: Any, drawn: list[str], monkeypatch: pytest.MonkeyPatch,
        cards: int, journaled: bool) -> None:
    """A process that built before (`cardgen watch`) keeps every face's operators, whether
    its store was written whole or its journal appended to: an edit draws the edited card's
    faces and no other."""
    appended: list[int] = []
    if journaled:  # the first edit's store appended to its journal (a larger deck's)
        monkeypatch.setattr(pdfops, "JOURNAL_FROM", 0)
        append = pdfops.append_signed
        monkeypatch.setattr(pdfops, "append_signed",
                            lambda *args: appended.append(1) or append(*args))
    project = gen_deck.make_project(tmp_path / "p", cards)
    _build(run_cli, project)
    for card in (4, 7):  # the second after the first one's save (journaled with 0)
        drawn.clear()
        gen_deck.edit_one_card(project, card)

        rebuilt = _build(run_cli, project, fresh=False)

        assert drawn, "the edited card's face was not drawn"
        assert all(deck.title(card) in text for text in drawn), drawn  # no other face drawn
    assert bool(appended) == journaled
    assert _pdfs(rebuilt) == _pdfs(_clean_build(run_cli, project, tmp_path))


def test_the_store_file_keeps_no_face_operators(tmp_path: Path, run_cli: Any) -> None:
    """The operators stay with the process that drew them; the file keeps the pages, the
    documents' signatures and their files' records, which a fresh process splices from."""
    from cardgen.pipeline.signed import read_signed

    project = gen_deck.make_project(tmp_path / "p", CARDS)
    _build(run_cli, project)
    (path,) = (project / ".cardgen-cache").glob("pdf-ops-*.pickle")
    on_disk = read_signed(path)
    assert isinstance(on_disk, dict) and on_disk["ops"] == {}
    assert on_disk["docs"] and on_disk["pages"] and on_disk["files"]
    in_memory = pdfops._KNOWN[path][1]
    assert any(in_memory["ops"].values())  # this process keeps them


def test_an_edit_draws_only_the_pages_its_card_is_on(tmp_path: Path, run_cli: Any,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Unchanged pages are shown from their kept streams, labels with characters of their own
    included (their codes come first come, first served, as drawing them gives)."""
    monkeypatch.setenv("CARDGEN_JOBS", "1")
    project = gen_deck.make_project(tmp_path / "p", CARDS)
    game = project / "data" / gen_deck.GAME / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("name: Bench", "name: Bénch Ωmega"),
                    encoding="utf-8")
    drawn_pages = _count_drawn_pages(monkeypatch)
    _build(run_cli, project)
    first = len(drawn_pages)
    drawn_pages.clear()
    gen_deck.edit_one_card(project, 10)

    rebuilt = _build(run_cli, project)

    placed = [{p.face[0] for p in page.placements} for page in drawn_pages]
    assert 0 < len(placed) < first
    assert all("card-00011" in faces for faces in placed), placed
    assert _pdfs(rebuilt) == _pdfs(_clean_build(run_cli, project, tmp_path))


def test_a_new_character_draws_every_face_again(tmp_path: Path, run_cli: Any,
                                                drawn: list[str]) -> None:
    project = gen_deck.make_project(tmp_path / "p", CARDS)
    _build(run_cli, project)
    cards = project / "data" / gen_deck.GAME / gen_deck.EDITION / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    cards.write_text(text.replace(deck.text(2), deck.text(2).replace(" ", " Ωmega ", 1), 1),
                     encoding="utf-8")
    drawn.clear()

    rebuilt = _build(run_cli, project)

    fronts = {text for text in drawn if text.startswith("Card ")}
    assert len(fronts) == CARDS  # every front drawn again, under the new signature
    assert _pdfs(rebuilt) == _pdfs(_clean_build(run_cli, project, tmp_path))


def test_letter_and_a4_show_the_same_text(tmp_path: Path, run_cli: Any) -> None:
    import pypdfium2 as pdfium

    project = gen_deck.make_project(tmp_path / "p", CARDS)
    folder = _build(run_cli, project)

    def words(name: str) -> Counter[str]:
        pdf = pdfium.PdfDocument(str(folder / name))
        return Counter(w for page in pdf for w in page.get_textpage().get_text_range().split())

    letter, a4 = words("pnp-letter.pdf"), words("pnp-a4.pdf")
    cards = {w for i in range(CARDS) for w in (*deck.title(i).split(), *deck.text(i).split())
             if not w.isdigit()}  # the page labels have numbers of their own
    assert {w: letter[w] for w in cards} == {w: a4[w] for w in cards}
    assert sum(letter[w] for w in cards) > 20 * CARDS


def _face(name: str, text: str) -> Drawing:
    return Drawing(name, 63, 88, items=[
        Rect(0, 0, 63, 88, Style(fill="#224466")),
        Text(5, 10, text, "regular", 10, "#FFFFFF"),
        Text(5, 20, text.upper(), "bold", 8)])


def _document_ops(tmp_path: Path, name: str, faces: list[Drawing]) -> dict[str, str]:
    """Each face's operators as a document drawing the faces in this order keeps them."""
    canvas = new_canvas(str(tmp_path / name))
    keyed = [(f.name, f) for f in faces]
    chars = faceops.doc_chars(keyed, {})
    faceops.prime(canvas, chars)
    ops = faceops.FaceOps({}, chars)
    paint = Painter(set(), {id(f): f.name for f in faces}, ops)
    for face in faces:
        paint(canvas, face, 10, 10, 279.4)
        canvas.showPage()
    canvas.save()
    return ops.fresh


def test_a_faces_operators_do_not_depend_on_what_was_drawn_before(tmp_path: Path) -> None:
    a, b = _face("a", "Zebra déjà vu"), _face("b", "Ωmega ñandú €")
    first = _document_ops(tmp_path, "ab.pdf", [a, b])
    second = _document_ops(tmp_path, "ba.pdf", [b, a])
    assert first == second and set(first) == {"a", "b"}


def test_a_face_showing_a_character_outside_the_primed_set_is_not_kept(tmp_path: Path) -> None:
    canvas = new_canvas(str(tmp_path / "x.pdf"))
    known = _face("known", "abc")
    chars = faceops.doc_chars([("known", known)], {})
    faceops.prime(canvas, chars)
    ops = faceops.FaceOps({}, chars)
    paint = Painter(set(), {}, ops)
    paint(canvas, known, 0, 0, 88)
    paint(canvas, _face("other", "abc Ω"), 0, 0, 88)
    assert set(ops.fresh) == {faceops_key(known)}


def faceops_key(drawing: Drawing) -> str:
    from cardgen.render.facekey import face_key

    return face_key(drawing)


def test_a_glyph_without_a_character_has_the_same_private_code_in_any_order() -> None:
    from cardgen.render import pdffonts, pdftext

    font = pdftext.pdf_font("regular").face
    private = pdftext.private_codes(font)
    gids = sorted(private)[:3]
    for gid in reversed(gids):  # met in any order, each gets the code its rank gives
        assert pdffonts.char_of(font, gid) == private[gid]
    assert len({private[g] for g in gids}) == 3
    assert all(0xE000 <= private[g] <= 0xF8FF for g in gids)


def test_drawing_items_tells_whether_they_are_pure(tmp_path: Path) -> None:
    """draw_items' answer (what FaceOps keeps a face by) is `faceops.pure`'s, for opaque,
    translucent and shaded shapes, images and groups of them, drawn and replayed."""
    from PIL import Image as Pillow

    from cardgen.layout.drawing import Ellipse, Gradient, Group, Image
    from cardgen.render.pdf import draw_items

    ink = Style(fill="#336699", stroke="#000000", stroke_width=0.3)
    veil = Style(fill="#FFFFFF", opacity=0.5)
    shade = Style(fill="#808080", fill_paint=Gradient(
        "linear", (0.0, 0.0, 10.0, 0.0), ((0.0, "#FF0000"), (1.0, "#0000FF"))))
    icon = Group((Rect(1.0, 1.0, 4.0, 4.0, ink), Ellipse(2.0, 2.0, 1.0, 1.0, ink)))
    texty = Group((Rect(0.0, 0.0, 3.0, 3.0, ink), Text(0.0, 2.0, "in a group", "regular", 6)))
    picture = tmp_path / "swatch.png"
    Pillow.new("RGB", (2, 2), "#FF8800").save(picture)
    cases = [[Rect(0.0, 0.0, 5.0, 5.0, ink), icon, Text(1.0, 1.0, "x", "bold", 8)],
             [texty, icon], [Rect(0.0, 0.0, 5.0, 5.0, veil)], [Ellipse(1.0, 1.0, 1.0, 1.0, shade)],
             [Group((icon, Group((Rect(0.0, 0.0, 1.0, 1.0, veil),))))], [Group((texty,))],
             [icon, Image(0.0, 0.0, 5.0, 5.0, str(picture), "d")]]
    canvas = new_canvas(str(tmp_path / "pure.pdf"))
    for items in cases + cases:  # drawn, then replayed where kept
        assert draw_items(canvas, items) == faceops.pure(items), items
    assert [faceops.pure(items) for items in cases[:6]] == [True, True, False, False, False, True]


def test_a_bundled_font_is_named_in_the_signature_by_its_file_the_toolchain_digests(
        tmp_path: Path) -> None:
    """A document's signature names a bundled face by its file, which the toolchain digest
    (what the kept operators and pages are bound to) reads: a changed bundled font is a new
    toolchain. A layout's own font is named by its bytes' digest."""
    import hashlib

    from cardgen.layout import fonts
    from cardgen.pipeline import toolchain

    files = {Path(name).name for name, _ in toolchain._package_files(
        str(Path(toolchain.__file__).resolve().parent.parent))}
    for face, name in fonts.FACE_FILES.items():
        assert faceops._font_digest(face) == f"bundled {name}"
        assert name in files and fonts.font_path(face).is_file()
    own = Path(__file__).parent / "fixtures/own-font/layouts/glyphs/fonts/TestSans-Regular.ttf"
    face = fonts.FILE_PREFIX + str(own)
    assert faceops._font_digest(face) == hashlib.sha1(own.read_bytes()).hexdigest()
    canvas = new_canvas(str(tmp_path / "a.pdf"), title="a")
    other = new_canvas(str(tmp_path / "b.pdf"), title="b")
    assert faceops.prime(canvas, {"regular": "abc"}) == faceops.prime(other, {"regular": "abc"})
    assert faceops.prime(new_canvas(str(tmp_path / "c.pdf"), title="c"),
                         {"regular": "abd"}) != faceops.prime(canvas, {"regular": "abc"})
