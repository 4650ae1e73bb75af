"""What a warm process keeps between builds (`cardgen.pipeline.warm`: the manifest and PDFs it
wrote, documents' characters, manifest entries, the output folder before last as the next
build's temporary folder) never changes what it writes: in one warm session a card, a layout
and cardgen.yaml are edited, then all put back, and after each build the output folder is the
very one a cold build of the same project writes (every file and folder, manifest included);
whatever a memo was made from changing (a file written over, a file of the spare replaced)
lets it go; nothing is kept by a one-shot build or once keeping stops."""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pytest
from rich.console import Console

from cardgen.cli import watch_cmd
from cardgen.data import yamlkeep
from cardgen.export import gallery
from cardgen.pipeline import jsontext, manifest, output, pagekeys, pdfops, pdfsplice, spare, warm, writers
from tests.conftest import REPO
from tests.support import gen_deck
from tests.test_broken_inputs import tree_hashes

CARDS = 24
FOLDER = f"{gen_deck.GAME}-{gen_deck.EDITION}"
COLD = """
import argparse, sys
from pathlib import Path
from cardgen.cli import watch_cmd
project = Path(sys.argv[1])
args = argparse.Namespace(project=str(project), target=sys.argv[2], draft=False, preview=None)
watch_cmd._build(args, project, [])
"""


@pytest.fixture(autouse=True)
def _one_process(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("CARDGEN_JOBS", "1")
    yield
    warm.keep_warm(False)


def _args(project: Path) -> argparse.Namespace:
    return argparse.Namespace(project=str(project), target=gen_deck.TARGET, draft=False,
                              preview=None)


def _cold(project: Path, where: Path) -> dict[str, str]:
    """The output folder a cold build of the project writes (a fresh process, a copy of the
    project without its output or caches), as watch builds it."""
    shutil.copytree(project, where, ignore=shutil.ignore_patterns("output", ".cardgen-cache"))
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run([sys.executable, "-c", COLD, str(where), gen_deck.TARGET], cwd=REPO,
                          env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    return tree_hashes(where / "output" / FOLDER)


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_edits_and_their_undoing_in_one_warm_session_build_what_cold_builds_do(
        tmp_path: Path) -> None:
    project = gen_deck.make_project(tmp_path / "p", CARDS)
    cards = project / "data" / gen_deck.GAME / gen_deck.EDITION / "cards.yaml"
    layout = project / "layouts" / gen_deck.GAME / "card.yaml"
    config = project / "cardgen.yaml"
    first = {path: path.read_bytes() for path in (cards, layout, config)}

    def undo() -> None:
        for path, data in first.items():
            path.write_bytes(data)

    edits = [
        ("a card's text", cards, lambda: gen_deck.edit_one_card(project, 5)),
        ("another card", cards, lambda: gen_deck.edit_one_card(project, 17)),
        ("a layout", layout, lambda: _replace(layout, 'fill: "#FFFFFF"', 'fill: "#FFF8E0"')),
        ("cardgen.yaml", config, lambda: config.write_text(
            config.read_text() + "papers:\n  - { id: letter, width: 210, height: 280 }\n")),
        ("a card again", cards, lambda: gen_deck.edit_one_card(project, 9)),
        ("all undone", cards, undo),
    ]
    seen: list[dict[str, str]] = []
    built: list[bool] = []

    def saves() -> Iterator[set[tuple[int, str]]]:
        yield set()
        seen.append(tree_hashes(project / "output" / FOLDER))
        for _, path, edit in edits:
            edit()
            yield {(2, str(path))}
            seen.append(tree_hashes(project / "output" / FOLDER))

    assert watch_cmd.watch(_args(project), Console(record=True), saves(), built.append) == 0
    assert built == [True] * (len(edits) + 1)
    assert seen[-1] == seen[0]  # undone: the first build's bytes
    assert seen[1] != seen[0] and seen[3] != seen[2] and seen[4] != seen[3]
    # each build's output was a cold build's: replay the edits on a copy, building cold
    replay = gen_deck.make_project(tmp_path / "r", CARDS)
    assert _cold(replay, tmp_path / "c0") == seen[0]
    rlayout = replay / "layouts" / gen_deck.GAME / "card.yaml"
    rconfig = replay / "cardgen.yaml"
    replayed = [
        lambda: gen_deck.edit_one_card(replay, 5),
        lambda: gen_deck.edit_one_card(replay, 17),
        lambda: _replace(rlayout, 'fill: "#FFFFFF"', 'fill: "#FFF8E0"'),
        lambda: rconfig.write_text(
            rconfig.read_text() + "papers:\n  - { id: letter, width: 210, height: 280 }\n"),
        lambda: gen_deck.edit_one_card(replay, 9),
    ]
    for n, edit in enumerate(replayed, 1):
        edit()
        assert _cold(replay, tmp_path / f"c{n}") == seen[n], edits[n - 1][0]
    assert not list((project / "output").glob(".*.spare-*"))  # deleted once watching stopped


def _warm_build(project: Path) -> Path:
    watch_cmd._build(_args(project), project, [])
    return project / "output" / FOLDER


def test_what_is_kept_is_let_go_when_what_it_was_made_from_changes(tmp_path: Path) -> None:
    project = gen_deck.make_project(tmp_path / "p", CARDS)
    warm.keep_warm()
    _warm_build(project)
    gen_deck.edit_one_card(project, 3)
    folder = _warm_build(project)  # the first output is the spare now
    spares = list((project / "output").glob(".*.spare-*"))
    assert len(spares) == 1 and spare._SPARES
    assert output._MANIFESTS and pdfsplice._WRITTEN and manifest._ENTRIES
    # the manifest written over: read again, not taken from memory
    text = (folder / "manifest.json").read_text()
    (folder / "manifest.json").write_text(text.replace('"source": "svg:', '"source": "svgX:'))
    files = output.Previous.load(folder).files
    assert files and not any(k.startswith("svg:") for k in files)
    (folder / "manifest.json").write_text(text)
    # a PDF written over (same size): its bytes are read again and found not to be the
    # recorded file, so it is written whole
    pdf = folder / "pnp-letter.pdf"
    data = pdf.read_bytes()
    pdf.unlink()
    pdf.write_bytes(data[:-20] + b"%" * 14 + data[-6:])
    # the spare's files: one SVG replaced by other bytes (a new inode), junk added
    spare_folder = spares[0]
    svgs = sorted((spare_folder / "svg" / "card").iterdir())
    svgs[0].unlink()
    svgs[0].write_text("<svg>not this</svg>")
    (spare_folder / "junk.txt").write_text("junk")
    (spare_folder / "svg" / "card" / "extra.svg").write_text("<svg/>")
    (spare_folder / "svg" / "gone").mkdir()
    gen_deck.edit_one_card(project, 11)
    before = pdfsplice.spliced
    folder = _warm_build(project)
    assert pdfsplice.spliced == before + 2  # A4 and the print shop; Letter written whole
    assert tree_hashes(folder) == _cold(project, tmp_path / "cold")


def test_a_document_s_characters_by_blocks_are_its_characters(tmp_path: Path) -> None:
    from cardgen.data.load import load_database
    from cardgen.pipeline import lay_out_faces
    from cardgen.render.faceops import doc_chars
    from cardgen.render.pdf import register_fonts

    register_fonts()  # as a store does before its first PDF
    project = gen_deck.make_project(tmp_path / "p", CARDS)
    db = load_database(project, gen_deck.GAME, gen_deck.EDITION)
    faces = lay_out_faces(db, None, lambda *a: None)
    drawn = [(faces.key(face), drawing) for face, drawing in faces.drawings.items()]
    rng = random.Random(25)
    for block in (1, 3, 7, 64):
        pdfops._BLOCKS.clear()
        pdfops.BLOCK = block
        try:
            for _ in range(3):
                chosen = rng.sample(drawn, rng.randint(1, len(drawn)))
                for _ in range(2):  # worked out, then kept
                    ours = pdfops._warm_chars(chosen, {})
                    theirs = doc_chars(chosen, {})
                    assert dict(ours) == dict(theirs) and ours.covered == theirs.covered
        finally:
            pdfops.BLOCK = 64


def test_nothing_is_kept_by_a_one_shot_build_or_once_keeping_stops(tmp_path: Path) -> None:
    project = gen_deck.make_project(tmp_path / "p", CARDS)
    memos = (output._MANIFESTS, pdfsplice._WRITTEN, pdfsplice._USED, manifest._ENTRIES,
             pdfops._BLOCKS, writers._SVG_FACES, writers._SVG_ENTRIES, spare._SPARES)
    warm.keep_warm(False)
    assert not warm.warm()
    for n in range(2):
        _warm_build(project)
        gen_deck.edit_one_card(project, 2 + n)
    assert not any(memos)
    assert not list((project / "output").glob(".*.spare-*"))
    warm.keep_warm()
    for n in range(3):
        gen_deck.edit_one_card(project, 4 + n)
        _warm_build(project)
    assert all(memos[:4]) and spare._SPARES
    assert list((project / "output").glob(".*.spare-*"))
    gallery._faces_section([gallery.Shown("card", "Card", "A", "front", "svg/a.svg", 1, 63, 88)])
    assert warm._REMADE["copies"] and gallery._FIGURES
    warm.keep_warm(False)
    assert not any(memos) and not yamlkeep._KEPT
    assert not warm._REMADE and not gallery._FIGURES
    assert not list((project / "output").glob(".*.spare-*"))


def test_a_spare_left_by_a_dead_process_is_removed_by_the_next_build(tmp_path: Path) -> None:
    project = gen_deck.make_project(tmp_path / "p", CARDS)
    _warm_build(project)
    dead = project / "output" / f".{FOLDER}.spare-999999999"
    (dead / "svg").mkdir(parents=True)
    _warm_build(project)
    assert not dead.exists()


def test_a_spliced_rebuild_is_small_work_for_helpers() -> None:
    """A one-card edit's PDFs are put together from the previous ones: the work that decides
    whether helpers are forked counts the pages drawn, not every copy."""
    from cardgen.pipeline import tasks
    from cardgen.pipeline.faces import BuildOptions

    components = [SimpleNamespace(id=f"c{i}", count=1) for i in range(3000)]
    drawings = {(c.id, "front"): None for c in components}
    faces = SimpleNamespace(components=components, drawings=drawings, fresh=1)
    previous = SimpleNamespace(files={"k": ("a.svg", 1)})
    options = BuildOptions()
    assert tasks.drawing_work(faces, options, previous) < tasks.WARM_PARALLEL_DRAWS
    faces.fresh = 3000  # a layout edit: every face fresh, every page drawn
    assert tasks.drawing_work(faces, options, previous) >= tasks.PARALLEL_DRAWS
    assert tasks.drawing_work(faces, options, SimpleNamespace(files={})) >= tasks.PARALLEL_DRAWS


def _problems(project: Path) -> list[str]:
    from cardgen.data.load import load_database
    from cardgen.errors import ProblemsError

    try:
        load_database(project, gen_deck.GAME, gen_deck.EDITION)
    except ProblemsError as exc:
        return [p.render() for p in exc.problems]
    return []


def test_checks_kept_for_unchanged_items_give_every_problem_a_cold_load_gives(
        tmp_path: Path) -> None:
    """A component checked clean is not checked again while its text is unchanged and so are
    the kinds and vocabularies it is checked against: an edit of either gives the problems
    a cold load gives."""
    from cardgen.data import validate

    project = gen_deck.make_project(tmp_path / "p", CARDS)
    game = project / "data" / gen_deck.GAME / "game.yaml"
    cards = project / "data" / gen_deck.GAME / gen_deck.EDITION / "cards.yaml"
    warm.keep_warm()
    _warm_build(project)
    assert validate._CHECKED
    first = {game: game.read_bytes(), cards: cards.read_bytes()}
    for edit in (lambda: _replace(game, "max: 9", "max: 3"),  # the kinds: unchanged items fail
                 lambda: _replace(cards, "number: 7", "number: 12"),  # one item fails
                 lambda: _replace(game, "id: teal", "id: cyan")):  # a vocabulary
        for path, data in first.items():
            path.write_bytes(data)
        assert _problems(project) == []
        edit()
        ours = _problems(project)
        warm.keep_warm(False)
        cold = _problems(project)
        warm.keep_warm()
        assert ours and ours == cold


def test_a_kept_manifest_table_is_taken_only_for_a_table_alike() -> None:
    """The components and copies a warm process wrote are written again only for values equal
    and of the same types (1 and True are equal, and written apart)."""
    import json

    rows = {f"c{i:03d}": {"count": 1, "kind": "card", "name": f"C {i}"} for i in range(80)}
    warm.keep_warm()
    for value in (rows, {**rows, "c007": {**rows["c007"], "count": True}}, rows,
                  {**rows, "c050": {**rows["c050"], "name": "changed"}},
                  {**rows, "c050": {**rows["c050"], "count": 1.0}}):
        for _ in range(2):
            assert jsontext._dumped({"components": value}) == json.dumps(
                {"components": value}, indent=2, sort_keys=True, ensure_ascii=False)
    assert jsontext._TEXTS


def _joined_one_by_one(data: bytes, offsets: list[int], xref: int, bodies: dict[int, bytes]
                       ) -> tuple[bytes, list[int], int]:
    """`pdfsplice._joined` as it was written first: object by object."""
    ends = [*offsets[1:], xref]
    parts, at, shift, moved = [], 0, 0, []
    for number, start in enumerate(offsets, 1):
        moved.append(start + shift)
        body = bodies.get(number)
        if body is None:
            continue
        chunk = b"%d 0 obj\n" % number + body + b"\nendobj\n"
        parts += [data[at:start], chunk]
        shift += len(chunk) - (ends[number - 1] - start)
        at = ends[number - 1]
    table = pdfsplice._xref(offsets)
    parts += [data[at:xref], pdfsplice._xref(moved), data[xref + len(table):].split(b"startxref")[0],
              b"startxref\n%d\n%%%%EOF\n" % (xref + shift)]
    return b"".join(parts), moved, xref + shift


def test_a_spliced_file_is_joined_as_object_by_object() -> None:
    rng = random.Random(13)
    for _ in range(40):
        count = rng.randint(1, 60)
        objects = [b"%d 0 obj\n" % n + b"x" * rng.randint(0, 30) + b"\nendobj\n"
                   for n in range(1, count + 1)]
        head = b"%PDF-1.4\n"
        offsets, at = [], len(head)
        for body in objects:
            offsets.append(at)
            at += len(body)
        table = pdfsplice._xref(offsets)
        data = head + b"".join(objects) + table + b"trailer\n<<>>\nstartxref\n%d\n%%%%EOF\n" % at
        bodies = {n: b"y" * rng.randint(0, 50) for n in rng.sample(range(1, count + 1),
                                                                  rng.randint(1, min(count, 5)))}
        found = {"offsets": offsets, "xref": at}
        assert pdfsplice._joined(data, found, bodies) == _joined_one_by_one(data, offsets, at,
                                                                            bodies)


def test_kept_print_shop_page_keys_are_the_keys(tmp_path: Path) -> None:
    """A print-shop page's key is taken again only for the very Drawing of the last build
    with the same face key, form, shape, corner and points: any of them changed, it is the
    key worked out afresh."""
    from cardgen.data.load import load_database
    from cardgen.pipeline import lay_out_faces
    from cardgen.render.pages import print_page_key
    from cardgen.render.pdf import Painter

    project = gen_deck.make_project(tmp_path / "p", 8)
    db = load_database(project, gen_deck.GAME, gen_deck.EDITION)
    faces = lay_out_faces(db, None, lambda *a: None)
    drawings = list(faces.drawings.values())
    keys = {id(d): faces.key(f) for f, d in faces.drawings.items()}
    warm.keep_warm()

    def check(reused: set[str], signature: str = "sig") -> None:
        painter = Painter(reused, keys)
        for _ in range(2):
            assert pagekeys.print_keys("print/card.pdf", signature, 3.0, painter, drawings) == [
                print_page_key(signature, 3.0, painter, d) for d in drawings]

    check(set())
    check({keys[id(drawings[0])]})  # a face now a form
    check(set(), "another")
    check(set())
    drawings[1].corner = 1.5
    drawings[2].shape = "circle"
    drawings[3].points = ((0.0, 0.0), (1.0, 0.0), (0.0, 1.0))
    check(set())
    keys[id(drawings[4])] = "another face"
    check(set())
    drawings.reverse()  # pages moved: each taken by its very Drawing
    check(set())
    del drawings[3]
    check(set())
    drawings.insert(2, drawings[5])  # a face on two pages
    check(set())
    drawings[6] = replace(drawings[6])  # equal values, another Drawing
    check(set())


def test_what_a_build_that_did_not_end_left_is_not_taken(tmp_path: Path) -> None:
    """A build that stopped after its temporary folder was made (a problem, a full disk)
    leaves nothing that the next build into that folder takes for its spare's files."""
    project = gen_deck.make_project(tmp_path / "p", CARDS)
    warm.keep_warm()
    _warm_build(project)
    target = project / "output" / FOLDER
    tmp = output.temp_name(target)
    name = "svg/card/card-00002.svg"
    spare._PRESENT[str(tmp)] = {name: ("svg:stale", 1)}
    spare._NEXT[str(tmp)] = {name: ("svg:stale", 1)}
    gen_deck.edit_one_card(project, 1)
    folder = _warm_build(project)
    assert not spare._PRESENT and spare._SPARES[str(target)][1].get(name) != ("svg:stale", 1)
    assert tree_hashes(folder) == _cold(project, tmp_path / "cold")


def test_a_renamed_card_builds_warm_what_a_cold_build_does(tmp_path: Path) -> None:
    """The copies the home-print plan is made of and the gallery's faces and figures are
    taken again from the last build only when made of the same values: a card renamed (its
    copies' name, its gallery caption) builds in a warm process (as `cardgen serve` runs
    `cardgen build`) what a cold `cardgen build` of the same project does, and named back
    the first build's bytes."""
    from cardgen.cli.main import main

    project = gen_deck.make_project(tmp_path / "p", CARDS)
    cards = project / "data" / gen_deck.GAME / gen_deck.EDITION / "cards.yaml"
    first = cards.read_bytes()
    warm.keep_warm()

    def built() -> dict[str, str]:
        assert main(["--project", str(project), "build", gen_deck.TARGET]) == 0
        return tree_hashes(project / "output" / FOLDER)

    before = built()
    name = gen_deck.card(3)["name"]
    _replace(cards, f"name: {name}\n", f"name: {name}b\n")
    after = built()
    assert after != before
    cold = tmp_path / "c"
    shutil.copytree(project, cold, ignore=shutil.ignore_patterns("output", ".cardgen-cache"))
    done = subprocess.run([sys.executable, "-m", "cardgen", "--project", str(cold), "build",
                           gen_deck.TARGET], cwd=REPO, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(REPO), "CARDGEN_NO_SERVER": "1"})
    assert done.returncode == 0, done.stdout + done.stderr
    assert tree_hashes(cold / "output" / FOLDER) == after
    cards.write_bytes(first)
    assert built() == before


def test_a_file_split_again_from_its_last_split_is_split_as_a_whole() -> None:
    """A kept components file changed in a few places has only the text between its first
    and last change split again: the same items, texts and lines as splitting it whole, for
    random edits that add, remove and break items, their starts and what comes before them."""
    rnd = random.Random(25)
    base = "# cards\n\n" + "".join(f"- id: c{i}\n  name: card {i}\n  text: |\n    x{i}\n"
                                   for i in range(30))
    pieces = ["- ", "-", "\n", "\n- id: z\n", "  ", "#", "x", "-x", "\n\n", "---\n", "\n-\n",
              "a: b\n"]

    def edited(text: str, times: int) -> str:
        for _ in range(times):
            i = rnd.randrange(len(text))
            j = min(len(text), i + rnd.randint(0, 40))
            text = text[:i] + "".join(rnd.choice(pieces) for _ in range(rnd.randint(0, 3))
                                      ) + text[j:]
        return text

    taken = 0
    for _ in range(3000):
        old = edited(base, rnd.randint(0, 2))
        new = edited(old, rnd.randint(1, 2))
        again = yamlkeep._split_again(new, old, yamlkeep._split(old))
        if again is not None:
            taken += 1
            assert again == yamlkeep._split(new), (old, new)
    assert taken > 500


def test_kept_home_print_page_keys_are_the_keys(tmp_path: Path) -> None:
    """A home-print page's key is taken again only for the same signature, content and, per
    face placed, the same face key, form, shape, corner and points: any of them changed, it
    is the key worked out afresh; so is a page's key for a content of its own."""
    from cardgen.data.load import load_database
    from cardgen.pipeline import BuildOptions, lay_out_faces
    from cardgen.pipeline.plans import planned
    from cardgen.render.pages import home_page_key
    from cardgen.render.pdf import Painter

    project = gen_deck.make_project(tmp_path / "p", 20)
    db = load_database(project, gen_deck.GAME, gen_deck.EDITION)
    faces = lay_out_faces(db, None, lambda *a: None)
    pages = planned(db, faces, BuildOptions(), "letter").files[0].pages
    drawings = faces.drawings
    keys = {id(d): faces.key(f) for f, d in drawings.items()}
    warm.keep_warm()

    def check(reused: set[str], signature: str = "sig", content: str = "c") -> None:
        contents = [f"{content}{n}" for n in range(len(pages))]
        for _ in range(2):
            painter = Painter(reused, keys)
            assert pagekeys.home_keys("h.pdf", signature, contents, painter, pages, drawings) == [
                home_page_key(signature, c, Painter(reused, keys), page, drawings)
                for c, page in zip(contents, pages, strict=True)]

    check(set())
    first = next(iter(drawings.values()))
    check({keys[id(first)]})  # a face now a form
    check(set(), "another")
    check(set(), content="d")
    check(set())
    fullest = max(pages, key=lambda page: len(page.placements))
    placed = [drawings[p.face] for p in fullest.placements]
    placed[0].corner = 1.5
    placed[1].shape = "circle"
    placed[2].points = ((0.0, 0.0), (1.0, 0.0), (0.0, 1.0))
    check(set())
    placed[2].points = ((0, 0), (1, 0), (0, 1))  # equal values of another type
    check(set())
    keys[id(placed[3])] = "another face"
    check(set())
    check(set(), content="d")  # every page's content another
    faces_a, faces_b = pages[0].placements[0].face, pages[-1].placements[-1].face
    drawings[faces_a], drawings[faces_b] = drawings[faces_b], drawings[faces_a]
    check(set())
    del pages[0]  # a page fewer
    check(set())
    pages.insert(1, pages[2])  # a page twice
    check(set())
    pages[3].placements.pop()  # a face fewer on a page
    check(set())


def test_a_digest_gone_on_with_from_a_kept_state_is_the_digest() -> None:
    """A spliced file's sha256 goes on from the state kept for the previous file within the
    bytes they share: the digest of the whole, for changes before, at and after every step
    of kept states, files shorter than a step and of whole steps, the whole file shared;
    nothing kept once keeping stops."""
    import hashlib

    rnd = random.Random(7)
    step = pdfsplice.STEP
    warm.keep_warm()
    for size in (100, step - 1, step, 3 * step + 5, 5 * step):
        old = rnd.randbytes(size)
        before = pdfsplice.sha256_of(old)
        assert before == hashlib.sha256(old).hexdigest()
        for at in (0, 1, step - 1, step, step + 1, 2 * step + 7, size - 1, size):
            at = min(at, size)
            new = old[:at] + rnd.randbytes(rnd.randint(0, 3 * step)) + old[at + 10:]
            assert pdfsplice.sha256_of(new, at, before) == hashlib.sha256(new).hexdigest()
            assert pdfsplice.sha256_of(old, size, before) == before
    warm.keep_warm(False)
    assert not pdfsplice._STATES
    assert pdfsplice.sha256_of(b"abc", 3, before) == hashlib.sha256(b"abc").hexdigest()


def test_a_kept_svg_name_and_source_are_those_of_the_face_s_kind_and_toolchain(
        tmp_path: Path) -> None:
    """A warm process's SVG records (file name and content key kept by face) are those a
    one-shot build gives, again after the face's component changes kind or the toolchain
    changes: nothing kept for one stands in for the other."""

    class Src:
        def __init__(self, code: str) -> None:
            self.code = code

        def key(self, what: str, *parts: str) -> str:
            return f"{what}:{self.code}:{':'.join(parts)}"

    class Reusing:
        reused: dict[str, tuple[int, str]] = {}
        tmp, present, files, digests, linked = "", {}, {}, {}, {}  # (as output.Previous)

        def reuse(self, key: str, target: str) -> bool:
            return True

    def records(kind: str, code: str) -> list[tuple[str, list[str], str | None]]:
        faces = SimpleNamespace(
            components=[SimpleNamespace(id="c1", kind=kind), SimpleNamespace(id="c2", kind="card")],
            extras=[], keys={("c1", "front"): "k1", ("c2", "back"): "k2"},
            drawings={("c1", "front"): SimpleNamespace(name="C1"),
                      ("c2", "back"): SimpleNamespace(name="C2 back")})
        done = writers.write_svg_files(faces, [("c1", "front"), ("c2", "back")],  # type: ignore[arg-type]
                                       tmp_path, Reusing(), Src(code))  # type: ignore[arg-type]
        return [(r.path, r.kinds, r.source) for r in done]

    cases = [("card", "a"), ("token", "a"), ("card", "b"), ("card", "a")]
    cold = [records(*case) for case in cases]
    assert cold[0] != cold[1] and cold[0] != cold[2] and cold[0] == cold[3]
    warm.keep_warm()
    for _ in range(2):
        assert [records(*case) for case in cases] == cold
    assert writers._SVG_FACES
    warm.keep_warm(False)
    assert not writers._SVG_FACES


def test_rows_alike_are_equal_rows_of_the_same_types() -> None:
    """`jsontext._alike`: plain rows (texts and integers) equal are alike; a boolean, a float,
    an integer or text of another type, or another kind of row, equal or not, is not."""
    import enum

    class Number(enum.IntEnum):
        ONE = 1

    class Text(str):
        pass

    rows = {f"c{i:03d}": {"count": 1, "kind": "card", "name": f"C {i}"} for i in range(80)}
    same = {key: dict(row) for key, row in rows.items()}
    assert jsontext._alike(rows, same) and jsontext._alike({}, {})
    for other in (True, 1.0, Number.ONE):
        changed = {**same, "c040": {**same["c040"], "count": other}}
        assert not jsontext._alike(rows, changed) and not jsontext._alike(changed, rows)
    named = {**same, "c041": {**same["c041"], "kind": Text("card")}}
    assert not jsontext._alike(rows, named) and not jsontext._alike(named, rows)
    assert not jsontext._alike(rows, {**same, "c001": {**same["c001"], "count": 2}})
    assert not jsontext._alike({**rows, "c002": [1]}, {**same, "c002": [1]})


def test_the_first_rebuild_after_a_warm_cold_build_is_as_small_as_the_later_ones(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A warm process's build into a folder that had no output keeps what a rebuild keeps (a
    process that stays on as a server builds so first: cli/autoserve.py): a spare of links to
    its SVGs, each print-shop page's key, each page's stream key and each SVG's record, so the
    rebuild after a one-card edit links no file and works out the keys of the changed pages
    alone, and writes what a cold build writes."""
    from cardgen.render import pages

    project = gen_deck.make_project(tmp_path / "p", CARDS)
    warm.keep_warm()
    folder = _warm_build(project)
    spares = list((project / "output").glob(".*.spare-*"))
    assert len(spares) == 1
    svgs = sorted((folder / "svg").rglob("*.svg"))
    linked = sorted(spares[0].rglob("*.svg"))
    assert len(svgs) == len(linked) >= CARDS
    assert [p.stat().st_ino for p in svgs] == [p.stat().st_ino for p in linked]
    counted = {"links": 0, "print keys": 0, "stream keys": 0}

    def counting(name: str, fn: object) -> object:
        def call(*args: object, **kwargs: object) -> object:
            counted[name] += 1
            return fn(*args, **kwargs)  # type: ignore[operator]
        return call

    monkeypatch.setattr(os, "link", counting("links", os.link))
    monkeypatch.setattr(pages, "print_page_key", counting("print keys", pages.print_page_key))
    monkeypatch.setattr(pdfsplice, "_stream_key", counting("stream keys", pdfsplice._stream_key))
    first: list[dict[str, int]] = []
    for card in (7, 15):  # the first rebuild, and a later one
        gen_deck.edit_one_card(project, card)
        records = dict(writers._SVG_RECORDS)
        folder = _warm_build(project)
        first.append(dict(counted))
        counted.update(dict.fromkeys(counted, 0))
        assert sum(writers._SVG_RECORDS[n] is r for n, r in records.items()) == len(records) - 1
    # without what the cold build kept: every SVG linked, every page's keys worked out (48
    # print-shop pages, 60 pages in all); a small document may still be written whole
    assert first[0]["links"] == 0 and first[0]["print keys"] == first[1]["print keys"], first
    assert 1 <= first[0]["print keys"] <= 4 and 1 <= first[0]["stream keys"] <= 12, first
    monkeypatch.undo()
    assert tree_hashes(folder) == _cold(project, tmp_path / "cold")


def test_the_svg_records_a_helper_sends_back_are_kept_as_the_build_process_keeps_its_own(
        tmp_path: Path) -> None:
    """A helper process's SVG task keeps nothing the build process sees: its records, sent
    back encoded, are kept by `keep_svg_records` (the next build takes them as they are; a
    folder that had no output gets them in its first spare), but for a file it linked."""
    warm.keep_warm()
    previous = output.Previous(tmp_path, {})
    written = manifest.FileRecord("svg/card/a.svg", "svg", ["card"], 0, 1, source="svg:a",
                                  size=10, digest="d").encode(tmp_path)
    linked = manifest.FileRecord("svg/card/b.svg", "svg", ["card"], 0, 1, source="svg:b",
                                 size=11, digest="e").encode(tmp_path)
    unencoded = manifest.FileRecord("svg/card/c.svg", "svg", ["card"], 0, 1, source="svg:c")
    pdf = manifest.FileRecord("pnp-letter.pdf", "home-print", ["card"], 2, 2,
                              size=12, digest="f").encode(tmp_path)
    previous.linked["svg/card/b.svg"] = ("svg:b", 1)
    writers.keep_svg_records([written, linked, unencoded, pdf], previous)
    assert writers._SVG_RECORDS["svg/card/a.svg"] is written
    assert writers._SVG_RECORDS["svg/card/b.svg"] is linked
    assert "svg/card/c.svg" not in writers._SVG_RECORDS
    assert "pnp-letter.pdf" not in writers._SVG_RECORDS
    assert previous.written == {"svg/card/a.svg": "svg:a"}
    assert writers._svg_record("svg/card/a.svg", "card", "svg:a", (10, "d")) is written


def test_kept_lint_warnings_follow_every_change_of_a_faces_findings() -> None:
    """While warm, `run.lint_summary` gives the last summary again only for findings equal
    face by face: another finding, one more or fewer, or another order is summed up anew."""
    from cardgen.errors import Location, Problem
    from cardgen.pipeline.faces import lint_warnings
    from cardgen.pipeline.run import lint_summary

    def faces(*found: list[Problem]) -> SimpleNamespace:
        drawings = {(f"c{i}", "front"): SimpleNamespace(warnings=w) for i, w in enumerate(found)}
        return SimpleNamespace(drawings=drawings)

    here, there = Location("layouts/a.yaml", 3, 5), Location("layouts/a.yaml", 9, 5)
    near = Problem("near-cut", "an edge near the cut", here, "c0 elements[0]", severity="warning")
    far = replace(near, where=there)
    warm.keep_warm()
    cases = [([near], [near]), ([near], [far]), ([near], [near]), ([near], [near], [near]),
             ([near], []), ([replace(near, message="another")], [near]), ([far], [near]),
             ([near, far], [near])]
    for found in cases + cases:
        for _ in range(2):  # the second time from the kept summary
            assert lint_summary(faces(*found)) == lint_warnings(faces(*found)), found
    assert lint_summary(faces([near], [near]))[0].message.endswith("(and 1 more face)")
