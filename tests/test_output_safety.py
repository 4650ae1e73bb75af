"""Builds -> output/ that is reproducible and never half-written.

- two builds of the same data give byte-identical files (sha256 of every file);
- a build killed with SIGKILL while it writes leaves the previous output exactly as it was,
  and the next build clears what the killed one left;
- a build that fails (text too long for its box) leaves output/ untouched.

Each test runs on two projects: a generated deck of generic cards laid out by the
stand-in layout (tests/support/standin_layout.py: it tests the build, imposition, renderers
and output folder on their own), and l5@0.6.5 with the real layouts (skipped until cardgen.layout exists).
"""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import REPO, copy_project
from tests.support import gen_deck, standin_layout
from tests.test_broken_inputs import apply_edit, tree_hashes

pytestmark = pytest.mark.child_process  # runs cardgen in a child process


@dataclass
class Case:
    project: Path
    target: str
    folder: str
    standin: bool
    edit: dict  # a harmless change of one card
    overflow: dict  # one card's text made far too long


DECK_CARDS = 240
L5_ORBIT = "data/l5/0.6.5/orbit.yaml"


def _deck(root: Path) -> Case:
    project = gen_deck.make_project(root, DECK_CARDS)
    cards = f"data/{gen_deck.GAME}/{gen_deck.EDITION}/cards.yaml"
    text = gen_deck.deck.text(7)
    return Case(project, gen_deck.TARGET, f"{gen_deck.GAME}-{gen_deck.EDITION}", True,
                {"file": cards, "find": "name: Card 8\n", "replace": "name: Card Eight\n"},
                {"file": cards, "find": text, "replace": " ".join([text] * 12)})


def _l5(root: Path) -> Case:
    if not any((REPO / "cardgen" / name).exists() for name in ("layout.py", "layout")):
        pytest.skip("the layout stage (cardgen/layout.py) is not there yet")
    return Case(copy_project(root), "l5@0.6.5", "l5-0.6.5", False,
                {"file": L5_ORBIT, "find": "name: Quarterly Report", "replace": "name: Annual Report"},
                {"file": L5_ORBIT, "find": "name: Quarterly Report",
                 "replace": "name: " + "QuarterlyReport" * 12})  # one word no box can hold


@pytest.fixture(params=["deck", "l5"])
def case(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Case:
    made = _deck(tmp_path / "p") if request.param == "deck" else _l5(tmp_path / "p")
    if made.standin:
        monkeypatch.setitem(sys.modules, "cardgen.layout", standin_layout.as_module())
    return made


def build(case: Case, run_cli) -> None:
    result = run_cli("--project", str(case.project), "build", case.target, "--no-preview")
    assert result.code == 0, result.text


def test_two_builds_are_byte_identical(case: Case, run_cli) -> None:
    build(case, run_cli)
    first = tree_hashes(case.project / "output")
    assert any(name.endswith(".pdf") for name in first)
    assert any(name.endswith(".svg") for name in first)
    build(case, run_cli)
    second = tree_hashes(case.project / "output")
    assert second == first, sorted(k for k in first.keys() | second.keys()
                                   if first.get(k) != second.get(k))


def test_failed_build_leaves_output_untouched(case: Case, run_cli) -> None:
    build(case, run_cli)
    before = tree_hashes(case.project / "output")
    apply_edit(case.project, case.overflow)
    result = run_cli("--project", str(case.project), "build", case.target, "--no-preview")
    assert result.code == 2, result.text
    assert "error[text-overflow]" in result.text and "Traceback" not in result.text
    assert tree_hashes(case.project / "output") == before


def _kill_while_writing(case: Case) -> None:
    """Start a build in a child process and SIGKILL it once it says every file but the manifest
    is in its temporary folder (tests/support/paused_build.py)."""
    env = {**os.environ, "PYTHONPATH": str(REPO), "BENCH_STANDIN": "1" if case.standin else "0"}
    said, tell = os.pipe()
    try:
        child = subprocess.Popen(
            [sys.executable, str(REPO / "tests" / "support" / "paused_build.py"), str(tell),
             "--project", str(case.project), "build", case.target, "--no-preview"],
            env=env, pass_fds=(tell,), stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE)
    finally:
        os.close(tell)
    try:
        with os.fdopen(said, "rb") as cue:
            writing = cue.read(1) == b"w"  # b"" if the build ended without getting there
        if writing:
            child.kill()
        _, err = child.communicate()
        assert writing, f"the build ended (exit {child.returncode}) before writing:\n{err.decode()}"
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    temps = list((case.project / "output").glob(f".{case.folder}.tmp-*"))
    assert temps and any(p.is_file() for p in temps[0].rglob("*")), temps


def test_killed_build_leaves_previous_output(case: Case, run_cli) -> None:
    build(case, run_cli)
    before = tree_hashes(case.project / "output" / case.folder)
    apply_edit(case.project, case.edit)  # so the killed build would have changed files
    _kill_while_writing(case)
    assert tree_hashes(case.project / "output" / case.folder) == before
    leftovers = [p.name for p in (case.project / "output").iterdir() if p.name != case.folder]
    assert leftovers and all(n.startswith(f".{case.folder}.") for n in leftovers), leftovers

    build(case, run_cli)
    assert [p.name for p in (case.project / "output").iterdir()] == [case.folder]
    assert tree_hashes(case.project / "output" / case.folder) != before
