"""The sdist is the package to install: cardgen/ with every asset, the README and licences,
and no tests (they need the games, fixtures and rulebooks of a clone; MANIFEST.in)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import tarfile
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import pytest

from tests.support.repo_copy import copy_repo

pytestmark = pytest.mark.child_process  # runs cardgen in a child process


def _can_build() -> bool:
    """`build` and the setuptools pyproject.toml asks for are here (the dev lock has both)."""
    try:
        major = int(version("setuptools").split(".")[0])
    except (PackageNotFoundError, ValueError):
        return False
    return importlib.util.find_spec("build") is not None and major >= 77


@pytest.mark.skipif(not _can_build(), reason="needs `build` and setuptools>=77 (requirements/dev.txt)")
def test_the_sdist_holds_the_package_and_no_tests(tmp_path: Path) -> None:
    source = copy_repo(tmp_path / "cardgen")
    made = subprocess.run([sys.executable, "-m", "build", "--sdist", "--no-isolation", "-o",
                           str(tmp_path / "dist"), str(source)], capture_output=True, text=True)
    assert made.returncode == 0, made.stdout + made.stderr
    (sdist,) = (tmp_path / "dist").glob("cardgen-*.tar.gz")
    with tarfile.open(sdist) as tar:
        names = {name.split("/", 1)[1] for name in tar.getnames() if "/" in name}
    package = {str(p.relative_to(source)) for p in (source / "cardgen").rglob("*") if p.is_file()}
    assert package <= names, sorted(package - names)
    assert {"README.md", "LICENSE", "pyproject.toml"} <= names
    assert not [name for name in names if name.startswith(("tests", "data/", "layouts/", "bench"))]
