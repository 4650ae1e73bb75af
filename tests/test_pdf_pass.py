"""The home-print and print-shop PDFs' shortcuts give what the long way gives: a document's
characters found from all its faces' texts at once are the union of each face's characters
(`faceops.face_chars`, face by face); a page's plan values worked out from what pages share
(`plans._page_values`) are `plan_values`, and its digest the marshalled values' digest."""

from __future__ import annotations

import hashlib
import marshal
from pathlib import Path
from typing import Any

import pytest

from cardgen.layout.drawing import Drawing, Group, Rect, Style, Text
from cardgen.pipeline import plans
from cardgen.pipeline.faces import BuildOptions
from cardgen.pipeline.writers import plan_pages
from cardgen.render import faceops
from cardgen.render.pdf import new_canvas, register_fonts
from tests.support import gen_deck, golden

REPO = Path(__file__).resolve().parents[1]
FIXTURES = Path(__file__).parent / "fixtures"
SEEDS = [(REPO, "l5@0.6.5"), (REPO, "lux-aeterna"), (REPO, "orbital-debris"),
         (FIXTURES / "squib-shapes", "shapes"), (FIXTURES / "squib-gradients", "gradients"),
         (FIXTURES / "squib-intro", "intro"), (FIXTURES / "squib-embed", "embed"),
         (FIXTURES / "own-font", "glyphs"), (FIXTURES / "adding-a-game", "potions")]


@pytest.fixture(autouse=True)
def _fonts() -> None:
    register_fonts()


def _laid_out(project: Path, target: str) -> Any:
    return golden.laid_out(project.resolve(), target)


def _keyed(faces: Any) -> list[tuple[str, Drawing]]:
    return [(faces.key(face), drawing) for face, drawing in faces.drawings.items()]


def _face_by_face(keyed: list[tuple[str, Drawing]]) -> dict[str, str]:
    """The document's characters the long way: each face's, then their union."""
    found: dict[str, set[str]] = {}
    for _, drawing in keyed:
        for face, text in faceops.face_chars(drawing):
            found.setdefault(face, set()).update(text)
    return {face: "".join(sorted(chars)) for face, chars in sorted(found.items())}


@pytest.mark.parametrize(("project", "target"), SEEDS)
def test_a_documents_characters_are_its_faces_characters(project: Path, target: str) -> None:
    _, faces = _laid_out(project, target)
    keyed = _keyed(faces)
    expected = _face_by_face(keyed)
    found = faceops.doc_chars(keyed, {})
    assert dict(found) == expected and list(found) == list(expected)
    assert found.covered == {key for key, _ in keyed}
    half = {key: faceops.face_chars(drawing) for key, drawing in keyed[::2]}
    assert dict(faceops.doc_chars(keyed, half)) == expected  # some known, some looked at


def test_characters_of_words_met_in_other_faces_and_of_spaces() -> None:
    faces = [("a", Drawing("a", 10, 10, items=[Text(0, 0, "ab", "regular", 8)])),
             ("b", Drawing("b", 10, 10, items=[Group(items=(Text(0, 0, "ab ", "bold", 8),))])),
             ("c", Drawing("c", 10, 10, items=[Text(0, 0, "", "regular", 8),
                                              Text(0, 0, "ﬁ x", "regular", 8)])),
             ("d", Drawing("d", 10, 10, items=[Rect(0, 0, 1, 1, Style(fill="#000000"))]))]
    for n in range(len(faces) + 1):
        keyed = faces[:n]
        assert dict(faceops.doc_chars(keyed, {})) == _face_by_face(keyed)


def test_a_face_outside_the_documents_faces_is_checked_before_it_is_kept(tmp_path: Path
                                                                          ) -> None:
    from cardgen.render.pdf import Painter

    canvas = new_canvas(str(tmp_path / "x.pdf"))
    known = Drawing("k", 63, 88, items=[Text(5, 10, "abc", "regular", 10)])
    other = Drawing("o", 63, 88, items=[Text(5, 10, "abc Ω", "regular", 10)])
    same = Drawing("s", 63, 88, items=[Text(5, 10, "cab", "regular", 10)])
    chars = faceops.doc_chars([("k", known)], {})
    faceops.prime(canvas, chars)
    ops = faceops.FaceOps({}, chars)
    paint = Painter(set(), {id(known): "k", id(other): "o", id(same): "s"}, ops)
    for drawing in (known, other, same):
        paint(canvas, drawing, 0, 0, 88)
    assert set(ops.fresh) == {"k", "s"}  # "o" shows a character the document was not primed for


def _pages(project: Path, target: str, options: BuildOptions) -> list[Any]:
    db, faces = _laid_out(project, target)
    return [page for files in plan_pages(db, faces, options).values() for f in files
            for page in f.pages]


def _digest(page: Any) -> str:
    """page_digest the long way: plan_values of the page, marshalled."""
    try:
        data = marshal.dumps(plans.plan_values(page), 2)
    except ValueError:
        return hashlib.sha1(repr(page).encode("utf-8")).hexdigest()
    return hashlib.sha1(b"plan values\0" + data).hexdigest()


@pytest.mark.parametrize(("project", "target"), SEEDS[:3])
@pytest.mark.parametrize("fold", [False, True])
def test_page_values_from_shared_objects_are_the_plan_values(project: Path, target: str,
                                                              fold: bool) -> None:
    pages = _pages(project, target, BuildOptions(fold=fold, back_offset=(1.0, -0.5)))
    for _ in range(2):  # the second time from what the first kept
        for page in pages:
            assert plans._page_values(page) == plans.plan_values(page)
            assert plans.page_digest(page) == _digest(page)


def test_a_grid_decks_pages_digest_as_their_values(tmp_path: Path) -> None:
    project = gen_deck.make_project(tmp_path / "deck", 40)
    pages = _pages(project, gen_deck.TARGET, BuildOptions())
    digests = [plans.page_digest(page) for page in pages]
    assert digests == [_digest(page) for page in pages]
    assert len(set(digests)) == len(pages)  # each page's own label tells them apart
    page = pages[1]
    page.labels[0] = type(page.labels[0])(1.0, 2.0, "another")  # a label changed in place
    assert plans.page_digest(page) == _digest(page) != digests[1]
    page.lines.reverse()
    assert plans.page_digest(page) == _digest(page)


def test_a_pages_bytes_are_its_marshalled_values_with_shared_parts_kept(tmp_path: Path) -> None:
    project = gen_deck.make_project(tmp_path / "deck", 30)
    pages = _pages(project, gen_deck.TARGET, BuildOptions())
    for _ in range(2):  # the second time from the bytes kept for the shared marks and labels
        for page in pages:
            assert plans._page_bytes(page) == marshal.dumps(plans.plan_values(page), 2)
    page = pages[2]
    page.lines[1] = type(page.lines[1])(1.0, 2.0, 3.0, 4.0)  # a shared list changed in place
    page.labels.append(type(page.labels[0])(1.0, 2.0, "one more"))
    page.lanes.clear()
    assert plans._page_bytes(page) == marshal.dumps(plans.plan_values(page), 2)


@pytest.mark.parametrize(("project", "target"), SEEDS[:3])
@pytest.mark.parametrize("fold", [False, True])
def test_a_plan_kept_as_its_pages_values_is_made_again_equal(project: Path, target: str,
                                                            fold: bool) -> None:
    import pickle

    db, faces = _laid_out(project, target)
    options = BuildOptions(fold=fold, back_offset=(1.0, -0.5))
    for files in plan_pages(db, faces, options).values():
        data = [[plans.page_data(page) for page in f.pages] for f in files]
        plan = plans.Planned(files, [[plans.page_digest(page) for page in f.pages]
                                     for f in files])
        stored = pickle.loads(pickle.dumps(plans.stored_plan(plan, data)))
        again = plans.plan_from_stored(stored)
        assert again is not None and again == plan
        assert [[repr(p) for p in f.pages] for f in again.files] == \
            [[repr(p) for p in f.pages] for f in files]
        assert [[plans.page_digest(p) for p in f.pages] for f in again.files] == plan.digests


def test_a_plan_whose_values_do_not_marshal_or_come_back_altered_is_not_kept_as_values(
        tmp_path: Path) -> None:
    project = gen_deck.make_project(tmp_path / "deck", 12)
    db, faces = _laid_out(project, gen_deck.TARGET)
    files = next(iter(plan_pages(db, faces, BuildOptions()).values()))
    plan = plans.Planned(files, [[plans.page_digest(page) for page in f.pages] for f in files])
    data = [[plans.page_data(page) for page in f.pages] for f in files]
    _, kept, digests = plans.stored_plan(plan, data)  # type: ignore[misc]
    altered = [(suffix, duplex, [d.replace(b"Page", b"Pagf") for d in ds])
               for suffix, duplex, ds in kept]
    assert plans.plan_from_stored(("plan values", altered, digests)) is None
    files[0].pages[0].notes.append(Path("a"))  # type: ignore[arg-type]
    data[0][0] = plans.page_data(files[0].pages[0])
    assert data[0][0] is None and plans.stored_plan(plan, data) is plan


def test_a_document_of_the_same_faces_takes_the_characters_found_before(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from cardgen.render import pdftext

    a = ("a", Drawing("a", 10, 10, items=[Text(0, 0, "ab", "regular", 8)]))
    b = ("b", Drawing("b", 10, 10, items=[Text(0, 0, "xyz", "regular", 8)]))
    first = faceops.doc_chars([a, b], {})
    assert faceops.doc_chars([b, a, b], {}) is first  # the same faces, in any order
    other = ("a", Drawing("a", 10, 10, items=[Text(0, 0, "q", "regular", 8)]))
    assert dict(faceops.doc_chars([other, b], {})) == {"regular": "qxyz"}  # another drawing
    assert dict(faceops.doc_chars([a], {})) == {"regular": "ab"}  # other faces: their own
    assert dict(faceops.doc_chars([b], {})) == {"regular": "xyz"}
    seen = []
    shaped = pdftext._shown_whole

    def standing_in(face: str, text: str) -> Any:
        seen.append(text)
        return shaped(face, text)

    monkeypatch.setattr(pdftext, "_shown_whole", standing_in)
    assert dict(faceops.doc_chars([a, b], {})) == dict(first) and seen  # shaped anew
