"""The speed work changes no output byte: a seed game and a generated deck (duplex and
fold-over) build to the sha256 list written by the code before it (tests/support/golden.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import REPO
from tests.support import golden

GOLDEN = json.loads((REPO / "tests" / "fixtures" / "golden-sha256.json").read_text())


@pytest.mark.parametrize("name", sorted(golden.BUILDS))
def test_build_bytes_are_unchanged(name: str, tmp_path: Path) -> None:
    hashes = golden.build_hashes(name, tmp_path)
    expected = GOLDEN[name]
    assert sorted(hashes) == sorted(expected)
    changed = sorted(path for path, digest in hashes.items() if expected[path] != digest)
    assert changed == []
