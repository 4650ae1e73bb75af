"""A designer's own game: `cardgen new`, the shared layouts shipped in the package, the CLI's
project search and global options, --players ranges, problems as JSON, quiet pipes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from cardgen.layout.roots import SHARED_LAYOUTS, layout_roots
from tests.conftest import REPO


@pytest.fixture
def mygame(tmp_path: Path, run_cli) -> Path:
    created = run_cli("new", "mygame", str(tmp_path / "mygame"))
    assert created.code == 0, created.text
    return tmp_path / "mygame"


def test_new_project_checks_and_builds_at_once(mygame: Path, run_cli) -> None:
    for name in ("cardgen.yaml", ".gitignore", "README.md", "rulebook.md", "data/mygame/game.yaml",
                 "data/mygame/1.0/edition.yaml", "layouts/mygame/card.yaml"):
        assert (mygame / name).is_file(), name
    assert "output/" in (mygame / ".gitignore").read_text()
    assert "6 CARDS (3 STARS, 3 DIAMONDS)" in (mygame / "rulebook.md").read_text()
    checked = run_cli("--project", str(mygame), "check")
    assert checked.code == 0, checked.text
    assert "6 CARDS (3 STARS, 3 DIAMONDS)" in checked.out and "matches" in checked.out
    assert "Rulebook: rulebook.md" in checked.out  # the stub is the rulebook the check reads
    built = run_cli("build", "--project", str(mygame), "--no-preview")  # option after the command
    assert built.code == 0, built.text
    out = mygame / "output" / "mygame-1.0"
    assert len(list((out / "svg" / "card").glob("*.svg"))) == 12  # 6 fronts, 6 backs
    text = PdfReader(out / "print" / "card.pdf").pages[0].extract_text()
    assert "First Star" in text


def test_new_project_layouts_are_lint_clean(mygame: Path, run_cli) -> None:
    linted = run_cli("lint", "--strict", "--project", str(mygame))
    assert linted.code == 0, linted.text
    assert "0 layout warnings on 12 faces" in linted.out


def test_new_refuses_to_overwrite_and_bad_ids(mygame: Path, run_cli) -> None:
    again = run_cli("new", "mygame", str(mygame))
    assert again.code == 2
    assert "already exists; not overwriting it" in again.err
    bad = run_cli("new", "My Game", str(mygame.parent / "x"))
    assert bad.code == 2 and "error[bad-game-id]" in bad.err


def test_a_project_layout_extends_the_shared_poker_card(mygame: Path, run_cli) -> None:
    assert (SHARED_LAYOUTS / "common" / "poker-card.yaml").is_file()
    assert not (mygame / "layouts" / "common").exists()  # found in the package, not copied
    (mygame / "layouts" / "mygame" / "card.yaml").write_text(
        "extends: common/poker-card\nbackground: \"#102030\"\nelements:\n"
        "  - { type: icon, icon: die-6, x: 20, y: 30, size: 20, color: \"#FFFFFF\" }\n")
    built = run_cli("build", "--project", str(mygame), "--no-preview")
    assert built.code == 0, built.text
    svg = (mygame / "output/mygame-1.0/svg/card/star-1.svg").read_text()
    assert 'width="69.5mm"' in svg  # the shared frame's size and bleed: 63.5 + 2 x 3
    assert "#102030" in svg and "#B8322A" not in svg  # this layout, not the generated one


def test_the_project_layout_wins_over_the_shared_one(mygame: Path, run_cli) -> None:
    assert layout_roots(mygame) == (mygame / "layouts", SHARED_LAYOUTS)
    own = mygame / "layouts" / "common"
    own.mkdir()
    (own / "poker-card.yaml").write_text("size: [50, 70]\nbleed: 3\nsheet: cards\nelements: []\n")
    built = run_cli("build", "--project", str(mygame), "--no-preview")
    assert built.code == 0, built.text
    svg = (mygame / "output/mygame-1.0/svg/card/star-1.svg").read_text()
    assert 'width="56mm"' in svg  # the project's own 50 x 70 frame + 2 x 3 mm bleed


def test_project_is_found_from_a_subfolder(mygame: Path, run_cli, monkeypatch) -> None:
    monkeypatch.chdir(mygame / "data" / "mygame" / "1.0")
    checked = run_cli("check")
    assert checked.code == 0, checked.text
    monkeypatch.chdir(mygame.parent)
    lost = run_cli("check")
    assert lost.code == 2
    assert "no cardgen.yaml" in lost.err and "cardgen new" in lost.err


def test_players_outside_the_range_is_an_error_with_the_range(mygame: Path, run_cli) -> None:
    result = run_cli("check", "--players", "9", "--project", str(mygame))
    assert result.code == 2
    assert "--players 9: mygame@1.0 is for 1-4 players" in result.err
    assert run_cli("check", "--players", "2", "--project", str(mygame)).code == 0


def test_check_json_prints_problems_as_json(mygame: Path, run_cli) -> None:
    cards = mygame / "data/mygame/1.0/cards.yaml"
    cards.write_text(cards.read_text().replace("value: 2\n", "valeu: 2\n", 1))
    result = run_cli("check", "--json", "--project", str(mygame))
    assert result.code == 2
    problems = json.loads(result.out)["problems"]
    typo = next(p for p in problems if p["rule"] == "unknown-field")
    assert typo["file"] == "data/mygame/1.0/cards.yaml" and typo["line"] == 17
    assert typo["hint"] == "did you mean 'value'?"


@pytest.mark.child_process
def test_diff_into_a_closed_pipe_ends_quietly() -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    shell = (f"{sys.executable} -m cardgen --project {REPO} diff l5@0.6.2 l5@0.6.5 | head -1;"
             " echo exit=${PIPESTATUS[0]}")
    done = subprocess.run(["bash", "-c", shell], capture_output=True, text=True, env=env, timeout=120)
    assert "l5@0.6.2 -> l5@0.6.5" in done.stdout
    assert "exit=0" in done.stdout
    assert "Error" not in done.stderr and "Traceback" not in done.stderr, done.stderr


def test_the_rulebook_stub_is_what_the_check_reads(mygame: Path, run_cli) -> None:
    rulebook = mygame / "rulebook.md"
    rulebook.write_text(rulebook.read_text().replace("- 6 CARDS (3 STARS", "- 7 CARDS (4 STARS"))
    result = run_cli("check", "--project", str(mygame))
    assert result.code == 1
    assert "rulebook.md:8:1: error[rulebook-edit]" in result.out


def test_global_options_are_taken_anywhere_on_the_line() -> None:
    from cardgen.cli.main import hoist_global_options

    assert hoist_global_options(["export", "tts", "--project", "p", "g"]) == [
        "--project", "p", "export", "tts", "g"]
    assert hoist_global_options(["check", "--project=p", "--json"]) == ["--project=p", "check", "--json"]
    assert hoist_global_options(["new", "x", "--", "--project"]) == ["new", "x", "--", "--project"]
