"""The output folder under stress: concurrent builds, a held lock, leftovers of live and dead
builds, an untrusted previous manifest, messages that stay true when a build fails after its
output was swapped in, and the same project in two folders giving the same bytes, images too."""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image as PILImage

from cardgen.pipeline import output
from cardgen.pipeline.output import Previous
from tests.conftest import REPO
from tests.support.stamps import forget_builds
from tests.test_hostile import HERE, tree

pytestmark = pytest.mark.child_process  # runs cardgen in a child process

FOLDER = "tiny-1"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    shutil.copytree(HERE / "tiny", root)
    return root


def _with_art(project: Path) -> None:
    """Give the moon card a real PNG, so images go through every output."""
    PILImage.new("RGB", (60, 40), "#4455AA").save(project / "data" / "tiny" / "art.png")
    cards = project / "data" / "tiny" / "1" / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    cards.write_text(text.replace("  text: Discard a card.", "  art: art.png\n  text: Discard a card."),
                     encoding="utf-8")


def _spawn(project: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.Popen([sys.executable, "-m", "cardgen", "--project", str(project), "build",
                             "--no-preview"], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)


def test_two_concurrent_builds_both_succeed_or_one_reports_the_lock(project: Path) -> None:
    for _ in range(2):
        children = [_spawn(project), _spawn(project)]
        results = [(c.wait(timeout=120), c.stdout.read().decode() if c.stdout else "") for c in children]
        for code, text in results:
            assert code == 0 or (code == 2 and "error[output-locked]" in text), text
            assert "Traceback" not in text and "internal error" not in text, text
        assert any(code == 0 for code, _ in results)
        assert sorted(p.name for p in (project / "output").iterdir()) == [FOLDER]
        manifest = json.loads((project / "output" / FOLDER / "manifest.json").read_text())
        assert all((project / "output" / FOLDER / name).is_file() for name in manifest["files"])


def test_a_held_lock_is_reported_and_output_is_unchanged(project: Path, run_cli,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    assert run_cli("--project", str(project), "build", "--no-preview").code == 0
    before = tree(project / "output")
    monkeypatch.setenv("CARDGEN_LOCK_WAIT", "0.3")
    lock = project / "output" / f".{FOLDER}.lock"
    fd = os.open(lock, os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        result = run_cli("--project", str(project), "build", "--no-preview")
    finally:
        os.close(fd)
    assert result.code == 2, result.text
    assert "error[output-locked] another cardgen build is writing" in result.text
    after = tree(project / "output")
    assert after.pop(lock.name) and after == before  # only the lock file the test made is new


def test_only_leftovers_of_dead_builds_are_cleaned(project: Path, run_cli) -> None:
    sleeper = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"],  # lives until killed
                               stdin=subprocess.PIPE)
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    try:
        out = project / "output"
        live_tmp, dead_tmp = out / f".{FOLDER}.tmp-{sleeper.pid}", out / f".{FOLDER}.tmp-{dead.pid}"
        for folder in (live_tmp, dead_tmp):
            folder.mkdir(parents=True)
            (folder / "half.pdf").write_bytes(b"%PDF")
        assert run_cli("--project", str(project), "build", "--no-preview").code == 0
        assert live_tmp.is_dir(), "a running build's temporary folder was deleted"
        assert not dead_tmp.exists(), "a dead build's temporary folder was kept"
    finally:
        sleeper.kill()
        sleeper.communicate()


def test_the_previous_manifest_is_untrusted(tmp_path: Path) -> None:
    folder = tmp_path / "out" / FOLDER
    (folder / "svg").mkdir(parents=True)
    (folder / "svg" / "good.svg").write_text("<svg/>")
    (tmp_path / "secret.txt").write_text("secret")
    (folder / "svg" / "link.svg").symlink_to(tmp_path / "secret.txt")
    entries = {"good": "svg/good.svg", "climb": "../../secret.txt", "absolute": str(tmp_path / "secret.txt"),
               "link": "svg/link.svg", "folder": "svg"}
    sizes = {"good": 6, "climb": 6, "absolute": 6, "link": 6, "folder": (folder / "svg").stat().st_size}
    (folder / "manifest.json").write_text(json.dumps(
        {"files": {path: {"source": key, "bytes": sizes[key]} for key, path in entries.items()}}))
    previous = Previous.load(folder)
    new = tmp_path / "new"
    new.mkdir()
    reused = {key for key in entries if previous.reuse(key, new / key)}
    assert reused == {"good"}
    assert sorted(p.name for p in new.iterdir()) == ["good"]


def test_a_deeply_nested_manifest_gives_nothing_to_reuse(tmp_path: Path) -> None:
    (tmp_path / "manifest.json").write_text("[" * 100_000 + "]" * 100_000)
    assert Previous.load(tmp_path).files == {}


def test_messages_stay_true_when_a_build_fails(project: Path, run_cli,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from cardgen.pipeline import output, run

    assert run_cli("--project", str(project), "build", "--no-preview").code == 0
    before = tree(project / "output")
    forget_builds(project)  # so the same build runs again (pipeline/stamp.py)

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("simulated failure")

    monkeypatch.setattr(run, "write_manifest_file", broken)  # before the swap
    result = run_cli("--project", str(project), "build", "--no-preview")
    assert result.code == 3 and "the previous output is unchanged" in result.text, result.text
    assert tree(project / "output") == before
    monkeypatch.undo()

    swap_in = output.swap_in

    def swapped_then_broken(new: Path, target: Path) -> None:
        swap_in(new, target)
        raise RuntimeError("simulated failure")

    monkeypatch.setattr(output, "swap_in", swapped_then_broken)  # after the swap
    (project / "data" / "tiny" / "1" / "cards.yaml").write_text(
        (project / "data" / "tiny" / "1" / "cards.yaml").read_text().replace("Sunrise", "Dawn"))
    result = run_cli("--project", str(project), "build", "--no-preview")
    assert result.code == 3, result.text
    assert "the previous output is unchanged" not in result.text
    assert f"{FOLDER} was already replaced by the new build" in result.text
    assert sorted(p.name for p in (project / "output").iterdir()) == [FOLDER]


def test_the_same_project_in_two_folders_builds_the_same_bytes(tmp_path: Path, run_cli) -> None:
    first, second = tmp_path / "a" / "project", tmp_path / "somewhere" / "else" / "copy"
    for root in (first, second):
        shutil.copytree(HERE / "tiny", root)
        _with_art(root)
        assert run_cli("--project", str(root), "build", "--previews").code == 0
    built = [tree(root / "output" / FOLDER) for root in (first, second)]
    assert any(name.endswith(".png") for name in built[0]) and "manifest.json" in built[0]
    assert built[0] == built[1]
    os.utime(first / "data" / "tiny" / "art.png", (1, 1))  # touching the image changes nothing
    assert run_cli("--project", str(first), "build", "--previews").code == 0
    assert tree(first / "output" / FOLDER) == built[0]


def test_swap_in_puts_the_old_output_back_when_the_new_cannot_move_in(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    target, new = tmp_path / FOLDER, tmp_path / "new"
    target.mkdir()
    (target / "old.pdf").write_text("old")
    new.mkdir()
    real_rename = Path.rename

    def failing(self: Path, dest: Path) -> Path:
        if self == new:
            raise OSError("simulated")
        return real_rename(self, dest)

    monkeypatch.setattr(Path, "rename", failing)
    with pytest.raises(OSError):
        output.swap_in(new, target)
    assert (target / "old.pdf").read_text() == "old"


def test_an_unwritable_output_folder_is_a_problem_not_a_crash(project: Path, run_cli,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """As root nothing is read-only, so the refusal the file system would give is simulated."""
    real_mkdir = Path.mkdir

    def refused(self: Path, *args: object, **kwargs: object) -> None:
        if self.name.startswith(f".{FOLDER}.tmp-"):
            raise PermissionError(13, "Permission denied", str(self))
        real_mkdir(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Path, "mkdir", refused)
    result = run_cli("--project", str(project), "build", "--no-preview")
    assert result.code == 2, result.text
    assert "error[output-unwritable] cannot write the output folder" in result.text
    assert "Permission denied" in result.text and "hint: give a writable folder with --out DIR" in result.text
