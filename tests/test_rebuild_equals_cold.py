"""A rebuild in a fresh process, with the previous output and `.cardgen-cache/` kept, writes
the very bytes a cold build of the same project writes (manifest included), whatever was
edited: a card's text, a layout, an icon, a vocabulary colour, a font, a card added or
removed, the build's options. Edits follow one another on one project (each rebuild reads the
caches and journals the one before left), and undoing an edit gives the first build's bytes.

Each build is its own process (`python -m cardgen`), as a designer's builds are, so nothing a
process keeps in memory stands in for what the caches keep on the disk."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from tests.conftest import REPO
from tests.support import gen_deck
from tests.test_broken_inputs import tree_hashes

Edit = Callable[[Path], None]


def _cardgen(project: Path, target: str, out: Path, *options: str) -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run([sys.executable, "-m", "cardgen", "--project", str(project), "build",
                           target, "--out", str(out), *options],
                          cwd=REPO, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def _cold(project: Path, target: str, where: Path, *options: str) -> dict[str, str]:
    """The output of a cold build of the project, in its own folder (a layout's own font is
    named by its path in a PDF): its caches set aside meanwhile, a new output folder."""
    cache = project / ".cardgen-cache"
    kept = where / "cache"
    where.mkdir()
    cache.rename(kept)
    try:
        _cardgen(project, target, where / "out", *options)
    finally:
        shutil.rmtree(cache, ignore_errors=True)
        kept.rename(cache)
    (folder,) = (where / "out").iterdir()
    return tree_hashes(folder)


def _replace(path: Path, old: str, new: str) -> Edit:
    def edit(project: Path) -> None:
        file = project / path
        text = file.read_text(encoding="utf-8")
        assert text.count(old) >= 1, f"{old!r} not in {path}"
        file.write_text(text.replace(old, new, 1), encoding="utf-8")
    return edit


def _undone(project: Path, paths: list[Path]) -> Callable[[], None]:
    """What puts files of the project back as they are now."""
    kept = {path: (project / path).read_bytes() for path in paths}

    def undo() -> None:
        for path, data in kept.items():
            (project / path).write_bytes(data)
    return undo


def _check_edits(tmp_path: Path, project: Path, target: str,
                 edits: list[tuple[str, list[Path], Edit]], *options: str) -> None:
    out = tmp_path / "out"
    _cardgen(project, target, out, *options)
    (folder,) = out.iterdir()
    first = tree_hashes(folder)
    assert first == _cold(project, target, tmp_path / "cold-first", *options)
    for name, paths, edit in edits:
        undo = _undone(project, paths)
        edit(project)
        _cardgen(project, target, out, *options)
        edited = tree_hashes(folder)
        assert edited != first, f"{name}: the edit changed nothing"
        assert edited == _cold(project, target, tmp_path / f"cold-{name}", *options), name
        undo()
        _cardgen(project, target, out, *options)
        assert tree_hashes(folder) == first, f"{name} undone"


@pytest.fixture
def seed(tmp_path: Path) -> Path:
    project = tmp_path / "l5"
    project.mkdir()
    for part in ("data", "layouts"):
        shutil.copytree(REPO / part / "l5", project / part / "l5")
    shutil.copy(REPO / "cardgen.yaml", project)
    return project


def test_seed_edits_rebuild_as_a_cold_build(tmp_path: Path, seed: Path) -> None:
    orbit = Path("data/l5/0.6.5/orbit.yaml")
    card = Path("layouts/l5/orbit-card.yaml")
    icon = Path("layouts/l5/icons/room-garage.svg")
    game = Path("data/l5/game.yaml")
    _check_edits(tmp_path, seed, "l5@0.6.5", [
        ("text", [orbit], _replace(orbit, "Exchange one data on your tech",
                                   "Exchange one data on your own tech")),
        ("layout", [card], _replace(card, 'fill: "#FFFFFF", radius: 2',
                                    'fill: "#FFFFFF", radius: 2.5')),
        ("icon", [icon], _replace(icon, 'width="14" height="1.8"', 'width="13" height="1.8"')),
        ("colour", [game], _replace(game, 'color: "#3A8F4B"', 'color: "#3A8F4C"')),
    ])


def test_deck_edits_rebuild_as_a_cold_build(tmp_path: Path) -> None:
    project = gen_deck.make_project(tmp_path / "deck", 30)
    cards = Path("data") / gen_deck.GAME / gen_deck.EDITION / "cards.yaml"
    edition = cards.parent / "edition.yaml"

    def added(root: Path) -> None:
        data = yaml.safe_load((root / cards).read_text(encoding="utf-8"))
        data.insert(12, {**gen_deck.card(40), "id": "card-added"})
        (root / cards).write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True),
                                  encoding="utf-8")
        (root / edition).write_text(yaml.safe_dump(gen_deck.edition_yaml(31), sort_keys=False),
                                    encoding="utf-8")

    def removed(root: Path) -> None:
        data = yaml.safe_load((root / cards).read_text(encoding="utf-8"))
        del data[20]
        (root / cards).write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True),
                                  encoding="utf-8")
        (root / edition).write_text(yaml.safe_dump(gen_deck.edition_yaml(29), sort_keys=False),
                                    encoding="utf-8")

    def text(root: Path) -> None:
        gen_deck.edit_one_card(root, 17)

    _check_edits(tmp_path, project, gen_deck.TARGET, [
        ("text", [cards], text),
        ("added", [cards, edition], added),
        ("removed", [cards, edition], removed),
    ], "--previews")


def test_options_and_font_edits_rebuild_as_a_cold_build(tmp_path: Path) -> None:
    project = tmp_path / "own-font"
    shutil.copytree(REPO / "tests" / "fixtures" / "own-font", project)
    out = tmp_path / "out"
    _cardgen(project, "glyphs", out)
    # the same project built with other options into the same folder
    _cardgen(project, "glyphs", out, "--back-offset", "1,-0.5", "--fold")
    (folder,) = out.iterdir()
    assert tree_hashes(folder) == _cold(project, "glyphs", tmp_path / "cold-options",
                                        "--back-offset", "1,-0.5", "--fold")
    font = project / "layouts" / "glyphs" / "fonts" / "TestSans-Regular.ttf"
    font.write_bytes((REPO / "cardgen" / "assets" / "fonts" / "DejaVuSans-Bold.ttf").read_bytes())
    _cardgen(project, "glyphs", out)
    assert tree_hashes(folder) == _cold(project, "glyphs", tmp_path / "cold-font")
