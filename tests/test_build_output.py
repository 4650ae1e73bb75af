"""Atomic output folders: swapped in whole on success, untouched on failure, recovered after a kill."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.pipeline import output


def test_success_replaces_the_previous_output_whole(tmp_path: Path) -> None:
    target = tmp_path / "out" / "game-1"
    target.mkdir(parents=True)
    (target / "stale.pdf").write_text("old")
    with output.atomic_folder(target) as tmp:
        assert tmp.parent == target.parent and tmp != target
        (tmp / "new.pdf").write_text("new")
        assert (target / "stale.pdf").exists()  # nothing visible until the end
    assert sorted(p.name for p in target.iterdir()) == ["new.pdf"]
    assert sorted(p.name for p in target.parent.iterdir()) == ["game-1"]


def test_an_error_leaves_the_previous_output_untouched(tmp_path: Path) -> None:
    target = tmp_path / "game-1"
    target.mkdir()
    (target / "keep.pdf").write_text("old")
    with pytest.raises(RuntimeError), output.atomic_folder(target) as tmp:
        (tmp / "half.pdf").write_text("half")
        raise RuntimeError("layout failed")
    assert (target / "keep.pdf").read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game-1"]


def test_a_killed_build_is_cleaned_up_and_a_half_swap_restored(tmp_path: Path) -> None:
    target = tmp_path / "game-1"
    stale_tmp = tmp_path / ".game-1.tmp-99999"
    stale_tmp.mkdir()
    (stale_tmp / "half.pdf").write_text("half")
    renamed_away = tmp_path / ".game-1.old-99999"  # died between the two renames
    renamed_away.mkdir()
    (renamed_away / "good.pdf").write_text("previous")
    output.recover(target)
    assert (target / "good.pdf").read_text() == "previous"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game-1"]


def test_first_build_creates_the_parent(tmp_path: Path) -> None:
    target = tmp_path / "a" / "b" / "game-1"
    with output.atomic_folder(target) as tmp:
        (tmp / "x.txt").write_text("x")
    assert (target / "x.txt").exists()
