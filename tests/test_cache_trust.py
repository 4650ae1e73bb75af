"""A face cache is read only if this user's key signed it: a project's cache file is never
unpickled blindly (a pickle can run code)."""

from __future__ import annotations

import contextlib
import pickle
from pathlib import Path

import pytest

from cardgen.data.load import load_database
from cardgen.pipeline import stamp
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


def test_the_code_digest_follows_every_edit_and_is_reused_while_none(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardgen.pipeline.sources import package_digest

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "user-cache"))
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "a.py").write_text("A = 1\n")
    (package / "sub" / "b.py").write_text("B = 2\n")
    (package / "notes.txt").write_text("not code\n")
    first = package_digest(package)
    assert list((tmp_path / "user-cache" / "cardgen").glob("toolchain-*"))  # remembered
    assert package_digest(package) == first
    (package / "notes.txt").write_text("still not code\n")
    assert package_digest(package) == first
    (package / "sub" / "b.py").write_text("B = 3\n")  # the same size, maybe the same clock tick
    edited = package_digest(package)
    assert edited != first
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "another-cache"))  # nothing remembered
    assert package_digest(package) == edited


def test_the_code_digest_reads_the_files_os_walk_finds_in_path_order(tmp_path: Path) -> None:
    """The package's files are listed with os.scandir (no Path per file): the files, stats and
    order of os.walk's listing sorted as Paths (a name that sorts before '/' as text included,
    __pycache__ and linked folders left out)."""
    import os

    from cardgen.pipeline.toolchain import _package_files

    package = tmp_path / "pkg"
    for name in ("a/b.py", "a-b/c.py", "a.py", "a/__pycache__/x.py", "a/z/deep.ttf", "b.txt",
                 "ab.py", "a/y.py"):
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        (package / name).write_text(name)
    (package / "linked").symlink_to(package / "a-b", target_is_directory=True)
    (package / "file-link.py").symlink_to(package / "a.py")
    walked = []
    for folder, dirs, files in os.walk(package):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        walked += [Path(folder, f) for f in files if f.endswith((".py", ".ttf"))]
    listed = _package_files(str(package))
    assert [name for name, _ in listed] == [str(p) for p in sorted(walked)]
    assert [st for _, st in listed] == [p.stat() for p in sorted(walked)]


def test_the_text_a_build_read_is_recalled_only_from_a_record_this_user_signed(
        db, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardgen.check import mdtext
    from cardgen.pipeline import clean

    def fresh() -> None:
        monkeypatch.setattr(mdtext, "_PLAIN", {})
        monkeypatch.setattr(mdtext, "_DOCS", {})
        monkeypatch.setattr(mdtext, "_USED", (set(), set()))
        monkeypatch.setattr(clean, "_RECALLED", {})

    text = "# In the box\n\n- 3x **Red** cards\n"
    fresh()
    doc = mdtext.read(text)
    clean.record_text(db)
    fresh()
    clean.recall_text(db)
    assert mdtext.memo() == {"plain": {}, "docs": {}} and mdtext._DOCS  # recalled, none used yet
    assert mdtext.read(text) == doc
    path = clean.text_record_path(db)
    signature, body = path.read_bytes().split(b"\n", 1)
    path.write_bytes(signature + b"\n" + body.replace(b"Red", b"Rot"))
    fresh()
    clean.recall_text(db)
    assert not mdtext._DOCS and not mdtext._PLAIN


def test_a_process_that_read_no_text_records_an_empty_memo_without_the_reader(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A check without a rulebook or a quote never loads cardgen.check.mdtext; what it leaves
    for the next check is then the reader's memo of nothing read."""
    import sys

    from cardgen.check import mdtext
    from cardgen.pipeline import clean

    monkeypatch.setattr(mdtext, "_PLAIN", {})
    monkeypatch.setattr(mdtext, "_DOCS", {})
    monkeypatch.setattr(mdtext, "_USED", (set(), set()))
    loaded = clean._read_text()
    monkeypatch.delitem(sys.modules, "cardgen.check.mdtext")
    assert clean._read_text() == loaded == {"plain": {}, "docs": {}}
    assert "cardgen.check.mdtext" not in sys.modules


def test_library_versions_are_read_from_the_metadata_folders_as_importlib_finds_them() -> None:
    """The metadata folders on sys.path are listed once per process (`_metadata_folders`);
    each name's version is the one importlib.metadata gives, a name not installed none."""
    from importlib import metadata

    from cardgen.pipeline.toolchain import LIBRARIES, _versions

    names = (*LIBRARIES, "pydantic", "PyYAML", "markdown-it-py", "typing_extensions",
             "no-such-distribution")
    expected = {}
    for name in names:
        with contextlib.suppress(metadata.PackageNotFoundError):
            expected[name] = metadata.version(name)
    assert _versions(names) == expected
    assert _versions(names) == expected  # from the listing kept


def _walk_resolving_every_folder(root: str, skip: frozenset[str], out: dict[str, object],
                                 seen: set[str] | None = None) -> None:
    """stamp._walk as it was: every folder resolved with os.path.realpath."""
    import os

    seen = {os.path.realpath(root)} if seen is None else seen
    for entry in list(os.scandir(root)):
        path = entry.path
        if entry.is_dir(follow_symlinks=True):
            if entry.name.startswith(".") or path in skip:
                continue
            real = os.path.realpath(path)
            out[path] = f"link:{os.readlink(path)}" if entry.is_symlink() else "folder"
            if real not in seen:
                seen.add(real)
                _walk_resolving_every_folder(path, skip, out, seen)
        elif entry.is_symlink():
            out[path] = f"link:{os.readlink(path)}"
            target = stamp._stat(path)
            if target is not None:
                out[path + "\0target"] = target
        else:
            st = entry.stat(follow_symlinks=False)
            out[path] = (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)


def test_the_input_walk_finds_what_resolving_every_folder_finds(tmp_path: Path) -> None:
    real = tmp_path / "real"
    (real / "a" / "b").mkdir(parents=True)
    (real / "a" / "b" / "f.txt").write_text("x")
    (real / "c").mkdir()
    (real / "c" / "g.txt").write_text("y")
    (real / ".hidden").mkdir()
    (real / "out").mkdir()
    (real / "a" / "up").symlink_to(real)  # a loop back to the root
    (real / "c" / "to-b").symlink_to(real / "a" / "b")  # a folder reached twice
    (real / "c" / "dangling").symlink_to(real / "missing")
    (real / "c" / "file-link").symlink_to(real / "c" / "g.txt")
    (tmp_path / "project").symlink_to(real)  # the root itself through a link
    for root in (str(real), str(tmp_path / "project"), str(real / "a" / ".." / "c")):
        skip = frozenset({str(real / "out")})
        walked: dict[str, object] = {}
        stamp._walk(root, skip, walked)  # type: ignore[arg-type]
        plain: dict[str, object] = {}
        _walk_resolving_every_folder(root, skip, plain)
        assert walked == plain and list(walked) == list(plain)
