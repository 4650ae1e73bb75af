"""data/paths.py: which names may become file names, and which files cardgen may read."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.assets import ASSETS
from cardgen.data.paths import inside, leaves_folder, read_roots, readable, slug_problem
from cardgen.limits import MAX_ID_CHARS


@pytest.mark.parametrize("value", ["a", "A-1_b.c", "0", "_x", "a" * MAX_ID_CHARS, "v1.2.3"])
def test_plain_names_pass(value: str) -> None:
    assert slug_problem(value) is None


@pytest.mark.parametrize(("value", "what", "why"), [
    (12, "id", "id must be text, got int 12 (quote it)"),
    (None, "kind", "kind must be text, got NoneType None (quote it)"),
    ("a\u200bb", "id", "id 'a\\u200bb' contains the invisible character U+200B"),
    ("a\u00a0b", "game", "game 'a\\xa0b' contains the invisible character U+00A0"),
    ("a\tb", "id", "id 'a\\tb' contains the invisible character U+0009"),
    ("a\u2028b", "id", "id 'a\\u2028b' contains the invisible character U+2028"),
    ("a\u2029b", "id", "id 'a\\u2029b' contains the invisible character U+2029"),
    ("a\ue000b", "id", "id 'a\\ue000b' contains the invisible character U+E000"),
    ("a\u3000b", "id", "id 'a\\u3000b' contains the invisible character U+3000"),
    ("a" * (MAX_ID_CHARS + 1), "id", f"id is {MAX_ID_CHARS + 1} characters long; at most {MAX_ID_CHARS}"),
    ("a b", "id", "id 'a b' is not a plain name (' ' U+0020)"),
    ("a/b", "edition", "edition 'a/b' is not a plain name ('/' U+002F)"),
    ("café", "id", "id 'café' is not a plain name ('é' U+00E9)"),
    ("a..b", "id", "id 'a..b' is not a plain name"),
    (".a", "id", "id '.a' is not a plain name"),
    ("-a", "id", "id '-a' is not a plain name"),
    ("", "id", "id '' is not a plain name"),
])
def test_names_that_cannot_be_file_names(value: object, what: str, why: str) -> None:
    assert slug_problem(value, what) == why


def test_the_default_noun_is_id() -> None:
    assert slug_problem("a b") == "id 'a b' is not a plain name (' ' U+0020)"


@pytest.mark.parametrize(("name", "leaves"), [
    ("common/poker-card", False), ("a..b/c", False), ("..a", False),
    ("/abs", True), ("\\abs", True), ("a/../b", True), ("..", True), ("a\\..\\b", True),
])
def test_leaves_folder(name: str, leaves: bool) -> None:
    assert leaves_folder(name) is leaves


def test_readable_inside_the_project_or_the_assets(tmp_path: Path) -> None:
    project = tmp_path / "p"
    (project / "data").mkdir(parents=True)
    (tmp_path / "outside.yaml").write_text("a: 1\n")
    (project / "data" / "in.yaml").write_text("a: 1\n")
    (project / "data" / "link.yaml").symlink_to(tmp_path / "outside.yaml")
    (project / "data" / "loop").symlink_to(project / "data" / "loop")
    assert read_roots(project) == (project.resolve(), ASSETS)
    assert readable(project / "data" / "in.yaml", project)
    assert readable(project / "data" / "missing.yaml", project)  # not there yet, but inside
    assert not readable(project / "data" / "link.yaml", project)
    assert not readable(project / ".." / "outside.yaml", project)
    assert not readable(project / "data" / "loop", project)
    assert not readable(project / "data" / "a\0b", project)
    assert readable(ASSETS / "anything", project)
    assert inside(tmp_path / "outside.yaml", [project, tmp_path])
    assert not inside(tmp_path / "outside.yaml", [])


def test_readable_answers_as_inside_the_read_roots(tmp_path: Path) -> None:
    """readable resolves each folder once; it answers as `inside` over `read_roots` does,
    a project reached through a link too."""
    real = tmp_path / "real"
    (real / "data").mkdir(parents=True)
    (real / "data" / "in.yaml").write_text("a: 1\n")
    (tmp_path / "outside.yaml").write_text("a: 1\n")
    (real / "data" / "out").symlink_to(tmp_path / "outside.yaml")
    (real / "data" / "assets").symlink_to(ASSETS / "layouts")
    (real / "data" / "loop").symlink_to(real / "data" / "loop")
    (tmp_path / "link").symlink_to(real)
    for project in (real, tmp_path / "link", tmp_path / "link" / "data" / ".."):
        paths = [project / "data" / "in.yaml", project / "data" / "out", project / "data" / "loop",
                 project / "data" / "assets" / "common", tmp_path / "real" / "data" / "in.yaml",
                 tmp_path / "outside.yaml", ASSETS, ASSETS / ".." / "x", project / "a\0b",
                 Path("relative.yaml"), tmp_path / "link" / "data" / "in.yaml"]
        for path in paths:
            assert readable(path, project) is inside(path, read_roots(project)), (project, path)


def test_readable_follows_a_project_whose_folder_changes(tmp_path: Path) -> None:
    """The project's resolved folder is remembered per path, but a link retargeted, a folder
    moved away and another put in its place, or a link put above the folder are seen at once:
    each answer is the one `inside` over `read_roots` gives at that moment."""
    one, two = tmp_path / "one", tmp_path / "two"
    for folder in (one, two):
        (folder / "data").mkdir(parents=True)
        (folder / "data" / "in.yaml").write_text("a: 1\n")
    link = tmp_path / "link"
    link.symlink_to(one)

    def agrees() -> None:
        for project in (link, one, two):
            for path in (one / "data" / "in.yaml", two / "data" / "in.yaml",
                         project / "data" / "in.yaml", tmp_path / "moved" / "data" / "in.yaml"):
                assert readable(path, project) is inside(path, read_roots(project)), (project, path)

    agrees()
    link.unlink()
    link.symlink_to(two)  # retargeted
    agrees()
    one.rename(tmp_path / "moved")  # the folder moved away and another put in its place
    (one / "data").mkdir(parents=True)
    agrees()
    (tmp_path / "moved").rename(tmp_path / "moved2")
    (tmp_path / "moved").symlink_to(tmp_path / "moved2")  # a link where a folder was
    agrees()
    one.rename(tmp_path / "gone")
    agrees()  # the project path names nothing now
