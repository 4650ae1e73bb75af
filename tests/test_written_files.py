"""The SVGs' files are written by their system calls (`pipeline.writers._write_file`): what
Path.write_bytes writes."""

from __future__ import annotations

from pathlib import Path

from cardgen.pipeline.writers import _write_file


def test_a_file_written_by_its_system_calls_is_what_pathlib_writes(tmp_path: Path) -> None:
    """`pipeline.writers._write_file` (the SVGs): the bytes and mode Path.write_bytes gives,
    a longer file there before cut to them."""
    data = bytes(range(256)) * 300
    mine, theirs = tmp_path / "mine.svg", tmp_path / "theirs.svg"
    for path in (mine, theirs):
        path.write_bytes(b"x" * 100_000)
    _write_file(str(mine), data)
    theirs.write_bytes(data)
    assert mine.read_bytes() == theirs.read_bytes() == data
    assert mine.stat().st_mode == theirs.stat().st_mode
    fresh = tmp_path / "fresh.svg"
    _write_file(str(fresh), b"")
    (tmp_path / "fresh2.svg").write_bytes(b"")
    assert fresh.read_bytes() == b""
    assert fresh.stat().st_mode == (tmp_path / "fresh2.svg").stat().st_mode
