"""Shared test helpers: a scratch copy of the project and an in-process CLI runner."""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from cardgen.cli import main

REPO = Path(__file__).resolve().parent.parent

# A `cardgen build` or `check` in a process of its own stays on as its project's server
# (cli/autoserve.py): not the tests' commands, but for those of tests/test_autoserve.py, which
# ask for it (the variable is inherited by every child process).
os.environ["CARDGEN_KEEP_SERVER"] = "0"

# Property tests are judged by what they find, never by how long an example took: a busy
# machine must not fail them (no deadline, no too-slow health check), whatever a test's own
# @settings add.
settings.register_profile("untimed", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("untimed")


@dataclass
class Result:
    code: int
    out: str
    err: str

    @property
    def text(self) -> str:
        return self.out + self.err


def copy_project(dest: Path, games: tuple[str, ...] = ("l5",)) -> Path:
    """A throwaway project holding copies of the named games and the repo's layouts."""
    for game in games:
        shutil.copytree(REPO / "data" / game, dest / "data" / game)
        if (REPO / "layouts" / game).is_dir():
            shutil.copytree(REPO / "layouts" / game, dest / "layouts" / game)
    shutil.copy(REPO / "cardgen.yaml", dest / "cardgen.yaml")
    return dest


@pytest.fixture
def run_cli(capsys: pytest.CaptureFixture[str]):
    def run(*args: str) -> Result:
        code = main(list(args))
        captured = capsys.readouterr()
        return Result(code, captured.out, captured.err)

    return run


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    """A copy of the hostile corpus's tiny game (tests/hostile/tiny)."""
    from tests.support.tiny import TINY

    project = tmp_path / "tiny"
    shutil.copytree(TINY, project)
    return project
