"""A server's look at its own code (cli/serve_watch.py): every change that the walk of the
files would find is found, whether the kernel told of it or the walk ran; nothing else is."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from cardgen.cli.serve_watch import Watch, WatchedFiles, _local, files_state

WATCHED = sys.platform.startswith("linux")


@pytest.fixture(autouse=True, params=["told", "walked"])
def told(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> bool:
    """Each test with the kernel's watch (where it can be made) and with the walk alone."""
    if request.param == "walked":
        monkeypatch.setattr(Watch, "made", classmethod(lambda cls, tops: None))
    return bool(request.param == "told")


def _package(root: Path) -> Path:
    package = root / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("x = 1\n")
    (package / "sub" / "mod.py").write_text("y = 2\n")
    return package


@pytest.fixture
def files(tmp_path: Path):  # type: ignore[no-untyped-def]
    package = _package(tmp_path / "a")
    installed = tmp_path / "site-packages"
    installed.mkdir()
    code = WatchedFiles([str(package)], ".py", [str(installed), str(tmp_path / "none" / "site-packages")])
    yield code, package, installed
    code.close()


def test_the_kernel_tells_where_it_can(files, told: bool) -> None:  # type: ignore[no-untyped-def]
    code, _, _ = files
    if told and WATCHED and _local(str(code.roots[0])):
        assert code.watch is not None and not code.watch.blind
    assert not code.changed() and not code.changed()


def test_a_module_written_touched_added_or_removed_is_a_change(tmp_path: Path) -> None:
    for change in ("write", "touch", "add", "remove", "rename"):
        package = _package(tmp_path / change)
        code = WatchedFiles([str(package)], ".py")
        try:
            assert not code.changed()
            module = package / "sub" / "mod.py"
            if change == "write":
                module.write_text("y = 3\n")  # the same size, written in place
            elif change == "touch":
                os.utime(module, ns=(1, 1))
            elif change == "add":
                (package / "sub" / "new.py").write_text("")
            elif change == "remove":
                module.unlink()
            else:
                module.rename(package / "moved.py")
            assert code.changed(), change
            assert code.changed(), change  # and stays one (the server stops on it)
        finally:
            code.close()


def test_a_folder_made_after_the_start_is_watched_from_then_on(files) -> None:  # type: ignore[no-untyped-def]
    code, package, _ = files
    (package / "later").mkdir()
    (package / "later" / "__pycache__").mkdir()
    (package / "later" / "__pycache__" / "m.cpython.pyc").write_bytes(b"")
    (package / "notes.txt").write_text("not a module")
    assert not code.changed()  # nothing a walk compares
    (package / "later" / "m.py").write_text("")
    assert code.changed()


def test_a_package_installed_or_removed_is_a_change(files) -> None:  # type: ignore[no-untyped-def]
    code, _, installed = files
    (installed / "other-1.0.dist-info").mkdir()
    assert code.changed()


def test_a_folder_put_where_the_package_was_is_looked_at(files, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    code, package, _ = files
    os.rename(tmp_path / "a", tmp_path / "old")  # no event reaches the package's own watches
    for path in ("", "sub"):
        (package / path).mkdir(parents=True, exist_ok=True)
    for path in ("__init__.py", "sub/mod.py"):  # the very files: a walk finds nothing changed
        os.link(tmp_path / "old" / "pkg" / path, package / path)
    assert not code.changed()
    with open(package / "sub" / "mod.py", "a") as module:
        module.write("z = 3\n")
    assert code.changed()


def test_a_module_that_is_a_link_is_walked_for(files, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "elsewhere.py"
    target.write_text("")
    code, package, _ = files
    (package / "linked.py").symlink_to(target)
    assert code.changed()  # a new module
    again = WatchedFiles(code.roots, ".py")
    try:
        assert not again.changed()
        target.write_text("w = 1\n")  # no watch of the package's folders sees it
        assert again.changed()
    finally:
        again.close()


def test_the_walk_without_a_watch_finds_what_it_found_before(files) -> None:  # type: ignore[no-untyped-def]
    code, _, _ = files
    assert {k: v for k, v in code.state.items() if not k.startswith("path:")} == files_state(
        [Path(code.roots[0])], ".py")


def test_a_file_system_not_of_this_machine_is_walked() -> None:
    assert not _local("/proc")


def test_a_layout_side_changed_is_told_once_taken_and_then_again(tmp_path: Path) -> None:
    config, layouts = tmp_path / "cardgen.yaml", tmp_path / "layouts"
    side = WatchedFiles([str(layouts), str(config)])
    try:
        assert not side.changed()
        edits = [lambda: config.write_text("a: 1\n"),  # made
                 lambda: (layouts / "icons").mkdir(parents=True),  # (no file yet)
                 lambda: (layouts / "icons" / "star.svg").write_text("<svg/>"),
                 lambda: config.write_text("a: 2\n"),  # written in place
                 lambda: (tmp_path / "new.yaml").write_text("a: 3\n"),
                 lambda: os.replace(tmp_path / "new.yaml", config),  # saved as editors do
                 lambda: os.utime(layouts / "icons" / "star.svg", ns=(1, 1)),
                 lambda: (tmp_path / "data.yaml").write_text("not the layout side")]
        for n, edit in enumerate(edits):
            edit()
            changed = n not in (1, 4, 7)
            assert side.changed() is changed, n
            if changed:
                assert side.changed(), n  # until taken
                side.take()
            assert not side.changed(), n
    finally:
        side.close()
