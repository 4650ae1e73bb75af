"""Builds -> output/ that is reproducible and never half-written.

- two builds of the same data give byte-identical files (sha256 of every file);
- a build killed with SIGKILL while it writes leaves the previous output exactly as it was,
  and the next build clears what the killed one left;
- a build that fails (text too long for its box) leaves output/ untouched.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import REPO, copy_project
from tests.test_broken_inputs import apply_edit, tree_hashes

pytest.importorskip("cardgen.layout", reason="the layout stage (cardgen/layout.py) is not there yet")

TARGET = "l5@0.6.5"
FOLDER = "l5-0.6.5"
OVERFLOW = {
    "file": "data/l5/0.6.5/orbit.yaml",
    "find": "  effect: { text: \"Exchange one data on your tech for a red data of the same number.\" }",
    "replace": "  effect: { text: \"" + " ".join(["Exchange one data for another of the same number."] * 12)
               + "\" }",
}


@pytest.fixture
def built(tmp_path: Path, run_cli) -> Path:
    """A copy of the project with one finished build of l5@0.6.5 in output/."""
    project = copy_project(tmp_path / "p")
    result = run_cli("--project", str(project), "build", TARGET, "--no-preview")
    assert result.code == 0, result.text
    return project


def test_two_builds_are_byte_identical(built: Path, run_cli) -> None:
    first = tree_hashes(built / "output")
    assert any(name.endswith(".pdf") for name in first)
    assert any(name.endswith(".svg") for name in first)
    result = run_cli("--project", str(built), "build", TARGET, "--no-preview")
    assert result.code == 0, result.text
    second = tree_hashes(built / "output")
    assert second == first, sorted(k for k in first.keys() | second.keys()
                                   if first.get(k) != second.get(k))


def test_failed_build_leaves_output_untouched(built: Path, run_cli) -> None:
    before = tree_hashes(built / "output")
    apply_edit(built, OVERFLOW)
    result = run_cli("--project", str(built), "build", TARGET, "--no-preview")
    assert result.code == 2, result.text
    assert "error[text-overflow]" in result.text and "Traceback" not in result.text
    assert tree_hashes(built / "output") == before


def _kill_while_writing(project: Path) -> bool:
    """Start a build in a child process, SIGKILL it once its temp folder holds a file.

    Returns False when the build finished before it could be caught writing.
    """
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    child = subprocess.Popen([sys.executable, "-m", "cardgen", "--project", str(project), "build",
                              TARGET], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    out = project / "output"
    deadline = time.monotonic() + 60
    try:
        while child.poll() is None and time.monotonic() < deadline:
            temps = list(out.glob(f".{FOLDER}.tmp-*"))
            if temps and any(p.is_file() for p in temps[0].rglob("*")):
                child.send_signal(signal.SIGKILL)
                child.wait()
                return True
            time.sleep(0.002)
        return False
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


def test_killed_build_leaves_previous_output(built: Path, run_cli) -> None:
    before = tree_hashes(built / "output" / FOLDER)
    apply_edit(built, {"file": "data/l5/0.6.5/orbit.yaml", "find": "name: Quarterly Report",
                       "replace": "name: Annual Report"})  # the killed build would change files
    caught = False
    for _ in range(5):
        caught = _kill_while_writing(built)
        if caught:
            break
        run_cli("--project", str(built), "build", TARGET, "--no-preview")  # it finished: retry
    assert caught, "the build always finished before it could be killed"
    assert tree_hashes(built / "output" / FOLDER) == before
    leftovers = [p.name for p in (built / "output").iterdir() if p.name != FOLDER]
    assert all(name.startswith(f".{FOLDER}.") for name in leftovers), leftovers

    result = run_cli("--project", str(built), "build", TARGET, "--no-preview")
    assert result.code == 0, result.text
    assert [p.name for p in (built / "output").iterdir()] == [FOLDER]
    assert tree_hashes(built / "output" / FOLDER) != before
