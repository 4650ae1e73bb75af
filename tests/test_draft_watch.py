"""`build --draft` prints a play-test copy despite missing art and a failing check; `cardgen watch`
rebuilds after a save without another command."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.conftest import REPO, copy_project


@pytest.fixture
def broken_art(tmp_path: Path, run_cli) -> Path:
    """A new project with one card pointing at art that does not exist and one card missing."""
    assert run_cli("new", "mygame", str(tmp_path / "mygame")).code == 0
    cards = tmp_path / "mygame/data/mygame/1.0/cards.yaml"
    text = cards.read_text().replace("  status: draft\n", "  image: art/star.png\n", 1)
    cards.write_text(text[:text.index("- id: diamond-3")])  # the last card, missing
    return tmp_path / "mygame"


def test_without_draft_missing_art_stops_the_build(broken_art: Path, run_cli) -> None:
    result = run_cli("build", "--project", str(broken_art), "--no-preview")
    assert result.code == 2
    assert "error[missing-image] cards[0].image: image 'art/star.png' does not exist" in result.err
    assert not (broken_art / "output" / "mygame-1.0").exists()


def test_draft_prints_marked_pages_and_says_what_it_waived(broken_art: Path, run_cli) -> None:
    result = run_cli("build", "--draft", "--project", str(broken_art), "--no-preview")
    assert result.code == 0, result.text
    assert "built a DRAFT of mygame@1.0" in result.out
    assert ("waived for this draft: 1 box-list row off; 1 rule error; 1 missing image "
            "(art/star.png)") in result.out
    out = broken_art / "output" / "mygame-1.0"
    for paper in ("letter", "a4"):
        pages = [p.extract_text() for p in PdfReader(out / f"pnp-{paper}.pdf").pages]
        assert "check report 1/1" in pages[0] and "check FAILED" in pages[0]
        assert 'SHORT: "6 CARDS (3 STARS, 3 DIAMONDS)" expects 6, the database has 5' in pages[0]
        assert "missing-image" in pages[0]
        assert "back of the check report" in pages[1]  # duplex: the card sheets stay paired
        assert all("DRAFT" in page for page in pages), paper
        card_pages = [p for p in pages[2:] if "First Star" in p]
        assert card_pages and "MISSING ART" in card_pages[0]
    faces = PdfReader(out / "print" / "card.pdf").pages
    assert all("DRAFT" in face.extract_text() for face in faces)
    assert "MISSING ART" in faces[0].extract_text() and "star.png" in faces[0].extract_text()


def test_a_clean_draft_still_carries_the_mark(tmp_path: Path, run_cli) -> None:
    assert run_cli("new", "mygame", str(tmp_path / "g")).code == 0
    result = run_cli("build", "--draft", "--project", str(tmp_path / "g"), "--no-preview")
    assert result.code == 0 and "waived for this draft: nothing" in result.out
    first = PdfReader(tmp_path / "g/output/mygame-1.0/pnp-a4.pdf").pages[0].extract_text()
    assert "check passed" in first
    plain = run_cli("build", "--project", str(tmp_path / "g"), "--no-preview")
    assert plain.code == 0
    pages = PdfReader(tmp_path / "g/output/mygame-1.0/pnp-a4.pdf").pages
    assert not any("DRAFT" in p.extract_text() for p in pages)  # the face cache knows drafts


def test_watch_rebuilds_after_each_batch_of_saves(tmp_path: Path) -> None:
    """The loop fed its batches of saves by the test: each build is reported as it ends, so
    the test edits, hands over the save and looks at the result, with nothing timed."""
    import argparse

    from rich.console import Console
    from watchfiles import Change

    from cardgen.cli.watch_cmd import watch

    project = copy_project(tmp_path / "p", games=("orbital-debris",))
    (project / "cardgen.yaml").write_text("default_game: orbital-debris\n")
    console = Console(record=True, width=200)
    args = argparse.Namespace(project=str(project), target=None, draft=False, preview=False)
    built: list[bool] = []

    def saves() -> Iterator[set[tuple[Change, str]]]:
        yield set()  # the watcher is up: the first build
        assert built == [True], console.export_text()
        data_file, old = _a_component_name(project)
        data_file.write_text(data_file.read_text().replace(old, "name: Renamed By Watch", 1))
        yield {(Change.modified, str(data_file))}
        assert built == [True, True], console.export_text()
        manifest = next((project / "output").glob("orbital-debris-*/manifest.json"))
        assert "Renamed By Watch" in manifest.read_text()
        line = [ln for ln in console.export_text(clear=False).splitlines() if " after " in ln][-1]
        assert f" after {data_file.relative_to(project)} in " in line, line
        assert line.split(" in ")[-1].split(" s ")[0].replace(".", "").isdigit()  # time taken
        yield set()  # nothing saved: no build
        assert len(built) == 2
        data_file.write_text(data_file.read_text().replace("Renamed By Watch", "Renamed: [", 1))
        yield {(Change.modified, str(data_file))}
        assert built == [True, True, False], console.export_text()
        assert "not built after" in console.export_text(clear=False)
        # the batches end here, as Ctrl-C ends the real watcher's

    assert watch(args, console, saves(), on_rebuild=built.append) == 0
    assert built == [True, True, False]
    assert console.export_text().splitlines()[-1] == "stopped watching"


@pytest.mark.child_process
def test_watch_builds_once_the_watcher_is_up_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    """The real command with the real watcher: its lines are read as they come, Ctrl-C is sent
    once the first build is reported."""
    project = copy_project(tmp_path / "p", games=("orbital-debris",))
    (project / "cardgen.yaml").write_text("default_game: orbital-debris\n")
    env = {**os.environ, "PYTHONPATH": str(REPO), "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "cardgen", "watch"], cwd=project, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    assert proc.stdout is not None
    seen: list[str] = []
    try:
        for line in proc.stdout:  # ends only if the command does
            seen.append(line)
            if " built orbital-debris@" in line or "not built" in line:
                break
        assert seen and " built orbital-debris@" in seen[-1], "".join(seen)
        os.killpg(proc.pid, signal.SIGINT)
        seen += proc.stdout.readlines()
        assert proc.wait() == 0, "".join(seen)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert seen[0].startswith("watching data, layouts, cardgen.yaml in "), "".join(seen)
    assert seen[-1] == "stopped watching\n", "".join(seen)


def _a_component_name(project: Path) -> tuple[Path, str]:
    """A component file of the default edition and a `name:` value in it."""
    manifest = json.loads(next((project / "output").glob("orbital-debris-*/manifest.json")).read_text())
    names = [v["name"] for v in manifest["components"].values()]
    edition = next((project / "output").glob("orbital-debris-*")).name.split("-", 2)[-1]
    for path in sorted((project / "data/orbital-debris" / edition).glob("*.yaml")):
        text = path.read_text()
        for name in names:
            if f"name: {name}\n" in text or f"name: {name}," in text:
                return path, f"name: {name}"
    raise AssertionError("no component name found in the data")


@pytest.mark.parametrize(("target", "said"), [
    ("orbital-debri", "error[unknown-game] no game 'orbital-debri'"),
    ("orbital-debris@9.9", "error[unknown-edition] game 'orbital-debris' has no edition '9.9'")])
@pytest.mark.child_process
def test_watch_on_a_mistyped_target_stops_at_once(tmp_path: Path, target: str, said: str) -> None:
    """No save can fix a game or edition name mistyped on the command line: watch says so and
    exits 2 instead of watching for ever."""
    project = copy_project(tmp_path / "p", games=("orbital-debris",))
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run([sys.executable, "-m", "cardgen", "watch", target], cwd=project, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done
    assert said in done.stderr and "hint:" in done.stderr, done.stderr
    assert "watching" not in done.stdout and not (project / "output").exists()


def test_watch_does_not_write_through_an_output_link_out_of_the_project(tmp_path: Path) -> None:
    """A project whose output/ links outside it: each rebuild is refused with the located
    problem (as `cardgen build` refuses it), and nothing lands outside."""
    import argparse

    from rich.console import Console

    from cardgen.cli.watch_cmd import rebuild

    project = copy_project(tmp_path / "p", games=("orbital-debris",))
    outside = tmp_path / "outside"
    outside.mkdir()
    (project / "output").symlink_to(outside)
    console = Console(record=True, width=200)
    args = argparse.Namespace(target="orbital-debris", draft=False, preview=False)
    assert rebuild(args, console, project, []) is False
    shown = console.export_text()
    assert "error[outside-project]" in shown and "leads outside the project" in shown, shown
    assert list(outside.iterdir()) == []
