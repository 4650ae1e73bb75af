"""The process's own command line ends with its command (cardgen/cli/ending.py): the exit
functions run and the streams are flushed, then the process ends without Python's tear-down;
it ends the ordinary way while another thread runs."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tests.conftest import REPO

pytestmark = pytest.mark.child_process  # each case is a process of its own

# `finally` runs when run() returns or raises (sys.exit included): not when the process ends in it.
SCRIPT = ("import atexit, os, sys\n"
          "atexit.register(lambda: print('exit functions ran'))\n"
          "sys.argv = ['cardgen', 'check', 'nosuch']\n"
          "from cardgen.cli import main\n"
          "from cardgen.cli.ending import run\n"
          "print('about to run', end='')  # left in stdout's buffer: the ending flushes it\n"
          "try:\n"
          "    {call}\n"
          "finally:\n"
          "    os.write(1, b'came back')\n")


def _child(code: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], cwd=cwd, capture_output=True, text=True,
                          check=False, env={**os.environ, "PYTHONPATH": str(REPO)})


def test_the_command_line_ends_with_its_command_after_the_exit_functions(tmp_path: Path) -> None:
    ended = _child(SCRIPT.format(call="run()"), tmp_path)
    assert ended.returncode == 2, ended.stdout + ended.stderr  # check's code for an unknown game
    assert "unknown-game" in ended.stderr
    assert ended.stdout.startswith("about to run")
    assert "exit functions ran" in ended.stdout
    assert "came back" not in ended.stdout  # the process ended in run()
    # the same command returning to Python (main() in sys.exit) comes back: the test can tell
    ordinary = _child(SCRIPT.format(call="sys.exit(main())"), tmp_path)
    assert ordinary.returncode == 2
    assert "exit functions ran" in ordinary.stdout and "came back" in ordinary.stdout


def test_python_dash_m_ends_the_same_way(tmp_path: Path) -> None:
    ended = subprocess.run([sys.executable, "-m", "cardgen", "check", "nosuch"], cwd=tmp_path,
                           capture_output=True, text=True, check=False,
                           env={**os.environ, "PYTHONPATH": str(REPO)})
    assert ended.returncode == 2 and "unknown-game" in ended.stderr


def test_a_running_thread_keeps_the_ordinary_ending(tmp_path: Path) -> None:
    code = ("import threading\n"
            "from cardgen.cli.ending import end_process\n"
            "go = threading.Event()\n"
            "worker = threading.Thread(target=go.wait); worker.start()\n"
            "end_process(5)\n"
            "print('returned')\n"
            "go.set(); worker.join()\n"
            "end_process(4)\n"
            "print('not reached')\n")
    ended = _child(code, tmp_path)
    assert ended.returncode == 4, ended.stdout + ended.stderr
    assert ended.stdout.split() == ["returned"]


def test_the_installed_command_is_the_ending_one() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["scripts"]["cardgen"] == "cardgen.cli:run"


def test_a_profiled_command_ends_the_ordinary_way_so_the_profile_is_written(tmp_path: Path) -> None:
    stats = tmp_path / "build.prof"
    ended = subprocess.run([sys.executable, "-m", "cProfile", "-o", str(stats), "-m", "cardgen",
                            "check", "nosuch"], cwd=tmp_path, capture_output=True, text=True,
                           check=False, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert "unknown-game" in ended.stderr, ended.stdout + ended.stderr  # (cProfile exits 0)
    assert stats.is_file() and stats.stat().st_size > 0  # cProfile wrote it as Python shut down
