"""A face cache is read only if this user's key signed it: a project's cache file is never
unpickled blindly (a pickle can run code)."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from cardgen.data.load import load_database
from cardgen.pipeline.sources import FaceCache
from tests.conftest import copy_project

RAN: list[str] = []


def _mark() -> dict:
    RAN.append("unpickled")
    return {}


class _Payload:
    def __reduce__(self):
        return (_mark, ())


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "user-cache"))
    return load_database(copy_project(tmp_path / "p"), "l5", "0.6.5")


def test_a_signed_cache_round_trips(db) -> None:
    cache = FaceCache(db)
    cache.put("k", (), None, "face")  # type: ignore[arg-type]
    cache.save()
    again = FaceCache(db)
    assert "k" in again.old


def test_an_unsigned_cache_file_is_never_unpickled(db) -> None:
    cache = FaceCache(db)
    cache.path.parent.mkdir(parents=True, exist_ok=True)
    body = pickle.dumps(_Payload())
    cache.path.write_bytes(b"\0" * 32 + body)
    RAN.clear()
    assert FaceCache(db).old == {}
    assert RAN == []


def test_a_tampered_cache_is_ignored(db) -> None:
    cache = FaceCache(db)
    cache.put("k", (), None, "face")  # type: ignore[arg-type]
    cache.save()
    blob = bytearray(cache.path.read_bytes())
    blob[-1] ^= 0xFF
    cache.path.write_bytes(bytes(blob))
    assert FaceCache(db).old == {}
