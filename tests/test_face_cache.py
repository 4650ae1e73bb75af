"""Laid-out faces cached in PROJECT/.cardgen-cache/: a rebuild after a one-card edit lays out
only the edited card, and its output is byte-identical to a clean build without any cache."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from cardgen import layout
from cardgen.data.load import load_database, parse_target
from cardgen.pipeline import BuildOptions, build
from cardgen.pipeline.sources import CACHE_FOLDER
from tests.support import gen_deck
from tests.test_broken_inputs import tree_hashes

CARDS = 12


def _build(project: Path) -> Path:
    """Build the deck in this process (no previews: test_incremental covers them)."""
    game, edition = parse_target(gen_deck.TARGET, project)
    db = load_database(project, game, edition)
    return build(db, project / "output", BuildOptions(preview=False)).folder


@pytest.fixture
def laid_out(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Names of the faces cardgen.layout.lay_out was asked for."""
    calls: list[str] = []
    real = layout.lay_out

    def counting(db, component, side):  # type: ignore[no-untyped-def]
        calls.append(f"{component.id}-{side}")
        return real(db, component, side)

    monkeypatch.setattr(layout, "lay_out", counting)
    return calls


def test_edit_relays_out_one_card_and_equals_clean_build(tmp_path: Path, laid_out: list[str]
                                                         ) -> None:
    project = gen_deck.make_project(tmp_path / "p", CARDS)
    _build(project)
    assert len(laid_out) == 2 * CARDS  # every front and back, the first time
    assert (project / CACHE_FOLDER).is_dir() and not (project / "output" / CACHE_FOLDER).exists()

    gen_deck.edit_one_card(project, 4)
    laid_out.clear()
    rebuilt = _build(project)
    assert laid_out == ["card-00005-front", "card-00005-back"]  # only the edited card

    clean_project = tmp_path / "clean"
    shutil.copytree(project, clean_project, ignore=shutil.ignore_patterns("output", CACHE_FOLDER))
    laid_out.clear()
    clean = _build(clean_project)
    assert len(laid_out) == 2 * CARDS
    assert tree_hashes(rebuilt) == tree_hashes(clean)


def test_layout_change_or_broken_cache_lays_out_again(tmp_path: Path, laid_out: list[str]
                                                      ) -> None:
    project = gen_deck.make_project(tmp_path / "p", CARDS)
    first = tree_hashes(_build(project))
    template = next((project / "layouts").rglob("*.yaml"))
    template.write_text(template.read_text(encoding="utf-8") + "\n# a comment\n", encoding="utf-8")
    laid_out.clear()
    _build(project)
    assert len(laid_out) == 2 * CARDS  # any layout file is an input of every face

    for cached in (project / CACHE_FOLDER).glob("*.pickle"):
        cached.write_bytes(b"not a pickle")
    laid_out.clear()
    assert tree_hashes(_build(project)) == first
    assert len(laid_out) == 2 * CARDS


def test_unchanged_pdfs_are_reused(tmp_path: Path) -> None:
    project = gen_deck.make_project(tmp_path / "p", CARDS)
    folder = _build(project)
    inodes = {p.name: p.stat().st_ino for p in folder.rglob("*.pdf")}
    assert set(inodes) == {"pnp-letter.pdf", "pnp-a4.pdf", "card.pdf"}
    rebuilt = _build(project)
    assert {p.name: p.stat().st_ino for p in rebuilt.rglob("*.pdf")} == inodes

    gen_deck.edit_one_card(project, 4)
    edited = _build(project)
    assert all(p.stat().st_ino != inodes[p.name] for p in edited.rglob("*.pdf"))


def test_a_cache_this_process_wrote_is_not_read_again(tmp_path: Path, monkeypatch) -> None:
    """`cardgen watch` builds again and again in one process: a cache file it wrote and that is
    unchanged is taken from memory (no unpickling); a file changed by anyone else is read and
    checked again, and the output is the same either way."""
    from cardgen.pipeline import sources

    project = gen_deck.make_project(tmp_path / "p", CARDS)
    first = tree_hashes(_build(project))
    loads = []
    real = sources.pickle.loads
    monkeypatch.setattr(sources.pickle, "loads", lambda body: loads.append(1) or real(body))
    gen_deck.edit_one_card(project, 3)
    edited = tree_hashes(_build(project))
    assert loads == [] and edited != first
    cache = next((project / CACHE_FOLDER).glob("faces-*.pickle"))
    cache.write_bytes(cache.read_bytes())  # rewritten by someone else: a new mtime
    st = cache.stat()
    os.utime(cache, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))
    assert tree_hashes(_build(project)) == edited
    assert loads == [1]


def test_check_takes_unchanged_faces_from_the_cache_and_writes_none(tmp_path: Path,
                                                                     laid_out: list[str]) -> None:
    """`cardgen check` lays out only the faces a build has not cached, finds the same
    problems, and leaves the cache as the build wrote it."""
    from cardgen.cli.build_cmd import face_problems

    project = gen_deck.make_project(tmp_path / "p", CARDS)
    game, edition = parse_target(gen_deck.TARGET, project)
    laid_out.clear()
    assert face_problems(load_database(project, game, edition)) == []
    assert len(laid_out) == 2 * CARDS and not (project / CACHE_FOLDER).exists()
    _build(project)
    cached = {p.name: p.read_bytes() for p in (project / CACHE_FOLDER).iterdir()}
    gen_deck.edit_one_card(project, 4)
    laid_out.clear()
    assert face_problems(load_database(project, game, edition)) == []
    assert laid_out == ["card-00005-front", "card-00005-back"]  # only the edited card
    assert {p.name: p.read_bytes() for p in (project / CACHE_FOLDER).iterdir()} == cached


def test_check_after_a_clean_build_lays_out_nothing(tmp_path: Path, laid_out: list[str]) -> None:
    """A build that laid out every face without an error leaves a signed record; `cardgen
    check` trusts it while nothing a face reads has changed, and lays out again otherwise."""
    from cardgen.cli.build_cmd import face_problems
    from cardgen.pipeline.clean import known_clean, record_path

    project = gen_deck.make_project(tmp_path / "p", CARDS)
    game, edition = parse_target(gen_deck.TARGET, project)
    db = load_database(project, game, edition)
    assert not known_clean(db)
    _build(project)
    laid_out.clear()
    assert known_clean(db) and face_problems(db) == [] and laid_out == []
    gen_deck.edit_one_card(project, 4)
    edited = load_database(project, game, edition)
    assert not known_clean(edited)
    assert face_problems(edited) == [] and laid_out == ["card-00005-front", "card-00005-back"]
    _build(project)
    assert known_clean(edited)
    record = record_path(edited)
    signature, body = record.read_bytes().split(b"\n", 1)
    record.write_bytes(signature + b"\n" + body.replace(b'"key": "', b'"key": "0'))
    assert not known_clean(edited)  # a record this user's key did not sign is not trusted
    _build(project)
    layout_file = next((project / "layouts").rglob("*.yaml"))
    layout_file.write_text(layout_file.read_text(encoding="utf-8") + "\n# edited\n",
                           encoding="utf-8")
    assert not known_clean(load_database(project, game, edition))


def test_a_components_keys_for_its_sides_are_its_keys_one_by_one(tmp_path: Path) -> None:
    """FaceCache.keys writes the component out once for all its sides: the same keys as
    key() side by side, a key per side, and another key for another component."""
    from cardgen.pipeline.sources import FaceCache

    project = gen_deck.make_project(tmp_path / "deck", CARDS)
    game, edition = parse_target(gen_deck.TARGET, project)
    db = load_database(project, game, edition)
    cache = FaceCache(db, read_only=True)
    sides = ["front", "back", "front ink-saver"]
    seen: set[str] = set()
    for component in db.components[:4]:
        keys = cache.keys(component, sides)
        assert keys == [cache.key(component, side) for side in sides]
        assert len(set(keys)) == len(sides) and not seen & set(keys)
        seen |= set(keys)


def test_layout_files_digests_read_whole_or_streamed_alike(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """A layout folder's files are named by their sha1 (what the face cache's key reads): a
    small file hashed as read whole, a larger one streamed, both as hashlib.file_digest gives."""
    import hashlib

    from cardgen.pipeline import sources

    folder = tmp_path / "layouts"
    (folder / "g" / "icons").mkdir(parents=True)
    files = {"g/card.yaml": b"size: [63, 88]\n", "g/icons/a.svg": b"<svg/>" * 50,
             "g/empty.yaml": b"", "g/big.png": bytes(range(256)) * 700}
    for name, data in files.items():
        (folder / name).write_bytes(data)

    def expected() -> list[bytes]:
        out = []
        for name in sorted(files, key=lambda n: folder / n):
            with (folder / name).open("rb") as f:
                out.append(name.encode() + b"\0" + hashlib.file_digest(f, "sha1").digest())
        return out

    assert list(sources._layout_files(folder)) == expected()
    monkeypatch.setattr(sources, "WHOLE_BYTES", 100)  # the larger files streamed
    assert list(sources._layout_files(folder)) == expected()


def test_warm_layout_files_digests_are_those_read_afresh(tmp_path: Path) -> None:
    """While warm, a layout file's digest is taken again only while the file is the one read
    (its identity): after edits, new files, files removed or replaced, a link retargeted, the
    digests are those a cold read gives."""
    from cardgen.pipeline import sources, warm

    folder = tmp_path / "layouts"
    (folder / "g" / "icons").mkdir(parents=True)
    (folder / "g" / "card.yaml").write_bytes(b"size: [63, 88]\n")
    (folder / "g" / "icons" / "a.svg").write_bytes(b"<svg/>")

    def cold() -> list[bytes]:  # as a one-shot build reads them (keeping stays on)
        return list(sources._layout_files_read(folder, sources._readable_names(folder)))

    warm.keep_warm()
    try:
        steps = [
            lambda: None,
            lambda: (folder / "g" / "card.yaml").write_bytes(b"size: [63, 89]\n"),  # same size
            lambda: (folder / "g" / "icons" / "b.svg").write_bytes(b"<svg />"),
            lambda: (folder / "g" / "icons" / "a.svg").unlink(),
            lambda: os.replace(folder / "g" / "icons" / "b.svg", folder / "g" / "icons" / "a.svg"),
            lambda: (folder / "g" / "link.yaml").symlink_to(folder / "g" / "card.yaml"),
            lambda: ((folder / "g" / "link.yaml").unlink(),
                     (folder / "g" / "link.yaml").symlink_to(folder / "g" / "icons" / "a.svg")),
        ]
        for step in steps:
            step()
            for _ in range(2):
                assert list(sources._layout_files(folder)) == cold()
    finally:
        warm.keep_warm(False)


def test_layout_file_names_sort_as_their_paths(tmp_path: Path) -> None:
    """The files under layouts/ come in the order their Paths sort in (by parts: 'a/x' before
    'a-b'), each named relative to the folder."""
    from cardgen.pipeline import sources

    folder = tmp_path / "layouts"
    for name in ("a-b.yaml", "a/x.yaml", "a/b/c.svg", "a.b/y.yaml", "B/z.yaml", "a0.yaml"):
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(name.encode())
    expected = [p.relative_to(folder).as_posix() for p in sorted(folder.rglob("*")) if p.is_file()]
    assert sources._readable_names(folder) == expected
    assert [chunk.split(b"\0")[0].decode() for chunk in sources._layout_files(folder)] == expected
