"""A `cardgen build` or `check` run in its own process stays on as its project's server
(cli/autoserve.py): the command ends as ever (its output, exit code and pipes), the next one is
handed to the server and gives what a process of its own gives, and the server stops when asked,
when idle, when its socket is removed, and is never left where it was turned off."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardgen.cli import autoserve
from tests.conftest import REPO
from tests.support import gen_deck
from tests.test_serve import folder_files, shown

pytestmark = pytest.mark.child_process

OFF = ("CARDGEN_KEEP_SERVER", "CARDGEN_NO_SERVER", "CI")
ENV = {k: v for k, v in os.environ.items() if k not in OFF} | {"PYTHONPATH": str(REPO)}
CACHE = Path(".cardgen-cache")


def cardgen(cwd: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cardgen", *args], cwd=cwd, capture_output=True,
                          text=True, check=False, env=ENV | env, timeout=300)


def server_pid(project: Path) -> int:
    """The pid the server left for `project` gives on its first line (written once it has
    bound its socket: waited for)."""
    log = project / CACHE / autoserve.LOG
    assert wait_until(lambda: log.read_text().startswith("serving ")), log.read_text()
    first = log.read_text().splitlines()[0]
    assert first.startswith("serving ") and "left by a build" in first, first
    return int(first.split(", pid ", 1)[1].split(" ", 1)[0])


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as stat:  # a zombie (ended, not yet reaped) is not alive
        return stat.read().rsplit(")", 1)[1].split()[0] != "Z"


def wait_until(test: object, seconds: float = 30.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if test():  # type: ignore[operator]
            return True
        time.sleep(0.05)
    return False


@pytest.fixture
def project(tmp_path: Path) -> Iterator[Path]:
    root = gen_deck.make_project(tmp_path / "deck", 6)
    yield root
    cardgen(root, "serve", "--stop")  # a test that failed half-way leaves nothing running


def test_a_build_stays_on_and_the_next_build_is_handed_to_it(project: Path, tmp_path: Path
                                                            ) -> None:
    first = cardgen(project, "build", "--out", str(tmp_path / "out"))  # captured: pipes ended
    assert first.returncode == 0, first.stderr
    assert wait_until(lambda: (project / CACHE / "serve.sock").exists())
    pid = server_pid(project)
    assert alive(pid) and pid != os.getpid()
    gen_deck.edit_one_card(project, 3)
    again = cardgen(project, "build", "--out", str(tmp_path / "out"))
    assert again.returncode == 0, again.stderr
    log = (project / CACHE / autoserve.LOG).read_text().splitlines()
    assert len(log) == 2 and " build --out " in log[1] and "-> exit 0 (" in log[1], log
    alone = cardgen(project, "build", "--out", str(tmp_path / "alone"), CARDGEN_NO_SERVER="1")
    assert alone.returncode == 0, alone.stderr
    assert folder_files(tmp_path / "out") == folder_files(tmp_path / "alone")
    assert shown(again.stdout, tmp_path / "out") == shown(alone.stdout, tmp_path / "alone")
    assert shown(again.stderr, tmp_path / "out") == shown(alone.stderr, tmp_path / "alone")
    assert len((project / CACHE / autoserve.LOG).read_text().splitlines()) == 2  # not handed
    stopped = cardgen(project, "serve", "--stop")
    assert stopped.returncode == 0 and f"(pid {pid})" in stopped.stdout, stopped.stdout
    assert not (project / CACHE / "serve.sock").exists() and wait_until(lambda: not alive(pid))
    assert "stopped serving" in (project / CACHE / autoserve.LOG).read_text()
    assert "no server runs" in cardgen(project, "serve", "--stop").stdout


def test_a_check_that_finds_problems_stays_on_too(project: Path) -> None:
    cards = project / "data" / gen_deck.GAME / gen_deck.EDITION / "cards.yaml"
    cards.write_text(cards.read_text().replace("colour: ", "colour: not-a-colour-", 1))
    first = cardgen(project, "check")
    assert first.returncode == 2, first.stdout + first.stderr
    assert wait_until(lambda: (project / CACHE / "serve.sock").exists())
    again = cardgen(project, "check")
    assert again.returncode == 2 and again.stdout == first.stdout and again.stderr == first.stderr
    assert "check -> exit 2" in (project / CACHE / autoserve.LOG).read_text()


@pytest.mark.parametrize("off", [{"CARDGEN_KEEP_SERVER": "0"}, {"CARDGEN_NO_SERVER": "1"},
                                 {"CI": "true"}, {"CARDGEN_KEEP_SERVER": "soon"}])
def test_no_server_stays_where_it_is_turned_off(project: Path, tmp_path: Path,
                                                off: dict[str, str]) -> None:
    done = cardgen(project, "build", "--out", str(tmp_path / "out"), **off)
    assert done.returncode == 0, done.stderr
    time.sleep(0.5)
    assert not (project / CACHE / "serve.sock").exists()
    assert not (project / CACHE / autoserve.LOG).exists()


def test_commands_that_are_not_build_or_check_leave_none(project: Path) -> None:
    done = cardgen(project, "lint")
    assert done.returncode == 0, done.stderr
    time.sleep(0.5)
    assert not (project / CACHE / "serve.sock").exists()


def test_a_server_stops_when_idle_or_when_its_socket_is_removed(project: Path, tmp_path: Path
                                                               ) -> None:
    assert cardgen(project, "check", CARDGEN_KEEP_SERVER="0.01").returncode == 0  # 0.6 s
    assert wait_until(lambda: (project / CACHE / "serve.sock").exists())
    pid = server_pid(project)
    assert wait_until(lambda: not alive(pid))
    assert "no command for a while: stopping" in (project / CACHE / autoserve.LOG).read_text()
    assert not (project / CACHE / "serve.sock").exists()

    assert cardgen(project, "check").returncode == 0
    assert wait_until(lambda: (project / CACHE / "serve.sock").exists())
    pid = server_pid(project)
    (project / CACHE / "serve.sock").unlink()
    assert wait_until(lambda: not alive(pid))
    assert "serve.sock was removed: stopping" in (project / CACHE / autoserve.LOG).read_text()


def test_a_second_command_while_one_serves_starts_no_other(project: Path, tmp_path: Path) -> None:
    assert cardgen(project, "check").returncode == 0
    assert wait_until(lambda: (project / CACHE / "serve.sock").exists())
    pid = server_pid(project)
    declined = cardgen(project, "check", PYTHONHASHSEED="7")  # declined: runs in its own process
    assert declined.returncode == 0, declined.stderr
    time.sleep(0.5)
    assert server_pid(project) == pid and alive(pid)
    assert "declined" in (project / CACHE / autoserve.LOG).read_text()


@pytest.mark.parametrize(("value", "minutes"), [("", autoserve.IDLE_MINUTES), ("30", 30.0),
                                                ("0.5", 0.5), ("0", None), ("-1", None),
                                                ("inf", None), ("nan", None), ("later", None)])
def test_the_minutes_a_server_stays(monkeypatch: pytest.MonkeyPatch, value: str,
                                    minutes: float | None) -> None:
    monkeypatch.setenv(autoserve.KEEP, value)
    assert autoserve.idle_minutes() == minutes


def test_which_command_lines_leave_a_server(monkeypatch: pytest.MonkeyPatch, tmp_path: Path
                                            ) -> None:
    for name in OFF:
        monkeypatch.delenv(name, raising=False)
    (tmp_path / "cardgen.yaml").write_text("default_game: x\n")
    monkeypatch.chdir(tmp_path)
    here = os.path.realpath(tmp_path)
    assert autoserve.project_to_serve(["build"]) == here
    assert autoserve.project_to_serve(["check", "--json"]) == here
    assert autoserve.project_to_serve(["--project", str(tmp_path), "build"]) == here
    assert autoserve.project_to_serve(["diff", "a", "b"]) is None
    assert autoserve.project_to_serve(["build", "--help"]) is None
    monkeypatch.setenv("CI", "false")
    assert autoserve.project_to_serve(["build"]) == here
    monkeypatch.setenv("CI", "1")
    assert autoserve.project_to_serve(["build"]) is None


def test_a_pipe_handed_to_the_command_is_let_go_of_as_it_ends(project: Path) -> None:
    """A tool may hand the command a pipe besides stdout and stderr and wait for its end: the
    server the command leaves keeps no copy of it."""
    read, write = os.pipe()
    try:
        child = subprocess.Popen([sys.executable, "-m", "cardgen", "check"], cwd=project,
                                 pass_fds=(write,), stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL, env=ENV)
        os.close(write)
        assert child.wait(timeout=300) == 0
        assert wait_until(lambda: (project / CACHE / "serve.sock").exists())
        os.set_blocking(read, False)
        assert wait_until(lambda: _ended(read), 10), "the server holds the pipe"
    finally:
        os.close(read)


def _ended(fd: int) -> bool:
    try:
        return os.read(fd, 1) == b""
    except BlockingIOError:
        return False


def test_a_server_left_by_a_build_serves_only_in_the_folder_its_build_saw(tmp_path: Path
                                                                         ) -> None:
    """Deleted before the server the build left bound its socket there (a cold build's
    `rm -rf .cardgen-cache`), the folder is not made again and no server starts in another."""
    import shutil

    from cardgen.cli.serve_cmd import _listen
    from cardgen.errors import ProblemsError

    cache = tmp_path / ".cardgen-cache"
    cache.mkdir()
    seen = cache.stat().st_ino
    listener, _ = _listen(cache, seen)  # the very folder: served
    listener.close()
    shutil.rmtree(cache)
    cache.mkdir()
    (tmp_path / "filler").mkdir()  # the new folder may not reuse the inode
    if cache.stat().st_ino != seen:
        with pytest.raises(ProblemsError):
            _listen(cache, seen)
    shutil.rmtree(cache)
    with pytest.raises((ProblemsError, OSError)):
        _listen(cache, seen)
    assert not cache.exists()


def test_on_a_terminal_the_first_command_says_it_stays_on(project: Path) -> None:
    from tests import test_serve

    env = {k: "" for k in OFF}  # test_serve's environment, with a server let stay on
    code, written = test_serve.on_terminal(project, 100, "check", **env)
    assert code == 0 and b"stays on as the project's server" in written, written
    assert wait_until(lambda: (project / CACHE / "serve.sock").exists())
    code, written = test_serve.on_terminal(project, 100, "check", **env)  # handed over
    assert code == 0 and b"stays on" not in written, written


def test_the_build_runs_in_the_child_that_stays_and_its_cpu_is_on_the_servers_first_line(
        project: Path, tmp_path: Path) -> None:
    """The process the command line started only waits: the build ran in the server, whose
    first line says what it took; later lines count the server's CPU from then on."""
    started = subprocess.Popen([sys.executable, "-m", "cardgen", "build", "--out",
                                str(tmp_path / "out")], cwd=project, env=ENV,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(started.pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    pid = server_pid(project)
    assert pid != started.pid
    first = (project / CACHE / autoserve.LOG).read_text().splitlines()[0]
    took = float(first.split("the command it ran first took ", 1)[1].split(" s CPU", 1)[0])
    assert took > usage.ru_utime + usage.ru_stime  # the build's work was the child's
    assert cardgen(project, "build", "--out", str(tmp_path / "out")).returncode == 0
    line = (project / CACHE / autoserve.LOG).read_text().splitlines()[1]
    since = float(line.rsplit("; ", 1)[1].split(" s CPU since", 1)[0])
    assert 0 < since < took + 1  # from when it began to serve, not from the fork


SCRIPT = """
import os, signal, sys, time
from cardgen.cli import autoserve
if autoserve.run_in_child():  # the child: sys.argv[2] says how it ends
    how = sys.argv[2]
    if how == "exit":
        sys.exit(7)
    if how == "killed":
        os.kill(os.getpid(), signal.SIGTERM)
    if how == "waits":
        signal.pause()
    if how == "interrupted":
        try:
            signal.pause()
        except KeyboardInterrupt:  # as a command ends on Ctrl-C, a moment later
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            time.sleep(0.5)
            sys.exit(130)
    null = os.open(os.devnull, os.O_RDWR)  # "sends": as a server does, its output let go of
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    open(os.path.join(sys.argv[1], "pid"), "w").write(str(os.getpid()))
    autoserve._die_with_parent(0)
    os.write(autoserve._CODE_TO, bytes([5]))
    signal.pause()
sys.exit(99)  # never: the parent ends in run_in_child
"""


@pytest.mark.parametrize(("how", "code"), [("exit", 7), ("killed", -15), ("sends", 5)])
def test_the_process_started_ends_as_its_child_says(tmp_path: Path, how: str, code: int
                                                   ) -> None:
    started = subprocess.run([sys.executable, "-c", SCRIPT, str(tmp_path), how], env=ENV,
                             capture_output=True, timeout=60, check=False)
    assert started.returncode == code, started.stderr
    if how == "sends":  # the child that sent its code serves on: here it waits, ended by hand
        child = int((tmp_path / "pid").read_text())
        assert alive(child)
        os.kill(child, 15)


def test_a_sigterm_to_the_process_started_ends_the_command_in_the_child(tmp_path: Path
                                                                        ) -> None:
    started = subprocess.Popen([sys.executable, "-c", SCRIPT, str(tmp_path), "waits"], env=ENV,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1.0)  # the child forked and waits
    children = [int(p) for p in Path(f"/proc/{started.pid}/task/{started.pid}/children")
                .read_text().split()]
    assert len(children) == 1 and alive(children[0])
    started.send_signal(15)
    assert started.wait(timeout=30) == -15
    assert wait_until(lambda: not alive(children[0]), 10)


def test_ctrl_c_ends_the_command_and_the_process_started_ends_as_it_does(tmp_path: Path
                                                                        ) -> None:
    """The terminal sends Ctrl-C to both processes: the one started waits for the command."""
    started = subprocess.Popen([sys.executable, "-c", SCRIPT, str(tmp_path), "interrupted"],
                               env=ENV, start_new_session=True, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    time.sleep(1.0)
    os.killpg(started.pid, 2)
    assert started.wait(timeout=30) == 130


def test_a_command_whose_process_started_is_killed_ends_too(tmp_path: Path) -> None:
    """A caller's timeout kills the process it started (SIGKILL, nothing passed on): the
    command in the child ends with it (on Linux), and no server stays."""
    started = subprocess.Popen([sys.executable, "-c", SCRIPT, str(tmp_path), "waits"], env=ENV,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1.0)
    children = [int(p) for p in Path(f"/proc/{started.pid}/task/{started.pid}/children")
                .read_text().split()]
    assert len(children) == 1 and alive(children[0])
    started.kill()
    assert started.wait(timeout=30) == -9
    assert wait_until(lambda: not alive(children[0]), 10)
