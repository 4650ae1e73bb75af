"""`cardgen serve` (cli/serve_cmd.py) and the commands handed to it (cli/serve_client.py): what a
served command prints, its exit code and the files it writes are what the same command run in
its own process gives; edits between commands are never missed; a client that leaves, a server
of another environment, a stale socket and a dead server change nothing for the command.

Every server here is a child process stopped by the test (Ctrl-C), with a short idle time as a
backstop; nothing waits on the clock: a test waits for the server's lines on its stdout."""

from __future__ import annotations

import json
import os
import queue
import re
import shutil
import signal
import socket
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.conftest import REPO
from tests.support import gen_deck

pytestmark = pytest.mark.child_process

ENV = {k: v for k, v in os.environ.items() if k != "CARDGEN_NO_SERVER"} | {"PYTHONPATH": str(REPO)}
SOCKET = Path(".cardgen-cache") / "serve.sock"
CARDS = 6


def cardgen(cwd: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cardgen", *args], cwd=cwd, capture_output=True,
                          text=True, check=False, env=ENV | env, timeout=300)


class Server:
    """A `cardgen serve` child; `line()` waits for its next line of output."""

    def __init__(self, project: Path, *args: str, **env: str) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "cardgen", "serve", *args], cwd=project,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                     env=ENV | env)
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def line(self) -> str:
        line = self.lines.get(timeout=120)
        assert line is not None, "the server ended"
        return line

    def served(self) -> str:
        """The server's line for the command it just ran (or declined)."""
        line = self.line()
        assert re.match(r"\d\d:\d\d:\d\d cardgen ", line), line
        return line

    def stop(self) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
        try:
            return self.proc.wait(timeout=60)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()


@contextmanager
def serving(project: Path, *args: str, **env: str) -> Iterator[Server]:
    server = Server(project, "--idle", "2", *args, **env)
    try:
        first = server.line()
        assert first.startswith("serving "), first
        yield server
    finally:
        server.stop()
    assert not (project / SOCKET).exists()  # removed as it ends


def deck(root: Path) -> Path:
    return gen_deck.make_project(root, CARDS)


def shown(text: str, *paths: Path) -> str:
    """Output with the seconds and the given folders put as words."""
    for n, path in enumerate(paths):
        text = text.replace(str(path), f"<folder{n}>")
    return re.sub(r"\d+\.\d+ s\b", "<n> s", text)


def folder_files(root: Path) -> dict[str, bytes]:
    """The files of the output folders under `root`; a warm server's spare of its output before
    last (`.<name>.spare-<pid>`, pipeline/spare.py) is not output."""
    files = {}
    for path in sorted(root.rglob("*")):
        if path.is_file() and ".spare-" not in path.relative_to(root).parts[0]:
            data = path.read_bytes()
            if path.name == "manifest.json":
                data = json.dumps(_sourceless(json.loads(data)), sort_keys=True).encode()
            files[str(path.relative_to(root))] = data
    return files


def _sourceless(value: object) -> object:
    """A manifest without its code-bound "source" keys."""
    if isinstance(value, dict):
        return {k: _sourceless(v) for k, v in value.items() if k != "source"}
    if isinstance(value, list):
        return [_sourceless(v) for v in value]
    return value


def cold_build(project: Path, scratch: Path) -> dict[str, bytes]:
    """The project's files built from nothing in a process of its own."""
    copy = scratch / "cold"
    shutil.rmtree(copy, ignore_errors=True)
    copy.mkdir(parents=True)
    for name in ("data", "layouts", "cardgen.yaml"):
        src = project / name
        (shutil.copytree if src.is_dir() else shutil.copy)(src, copy / name)
    done = cardgen(copy, "build", "--out", str(scratch / "cold-out"), CARDGEN_NO_SERVER="1")
    assert done.returncode == 0, done.stderr
    return folder_files(scratch / "cold-out")


def test_a_served_command_prints_and_ends_as_in_its_own_process(tmp_path: Path) -> None:
    served, alone = deck(tmp_path / "served"), deck(tmp_path / "alone")
    commands = [("check",), ("check", "--json"), ("build", "--out", "OUT"), ("build", "--out", "OUT"),
                ("check", "--strict"), ("build", "nosuch"), ("build", "--outputs", "nonsense"),
                ("build", "--no-such-option"), ("check", "--players", "0")]
    with serving(served) as server:
        for command in [*commands, "break a card", ("check",), ("build", "--out", "OUT")]:
            if command == "break a card":
                for project in (served, alone):
                    cards = project / "data" / gen_deck.GAME / gen_deck.EDITION / "cards.yaml"
                    cards.write_text(cards.read_text().replace("number: 3\n", "number: three\n", 1))
                continue
            args = [str(a).replace("OUT", "out") for a in command]
            here = cardgen(served, *args)
            assert "exit" in server.served()  # the server ran it
            there = cardgen(alone, *args, CARDGEN_NO_SERVER="1")
            assert here.returncode == there.returncode, (command, here.stderr, there.stderr)
            assert shown(here.stdout, served) == shown(there.stdout, alone), command
            assert shown(here.stderr, served) == shown(there.stderr, alone), command
        assert here.returncode == 2 and "cards.yaml:" in here.stderr  # file:line:col of the error
    assert folder_files(served / "out") == folder_files(alone / "out")


def test_edits_between_commands_are_never_missed(tmp_path: Path) -> None:
    project = deck(tmp_path / "deck")
    out = tmp_path / "out"
    card = project / "layouts" / "bench" / "card.yaml"

    def edit_card() -> None:
        gen_deck.edit_one_card(project, 2)

    def edit_layout() -> None:
        card.write_text(card.read_text().replace('stroke: "#222222"', 'stroke: "#AA2222"'))

    def edit_config() -> None:
        (project / "cardgen.yaml").write_text(
            f"default_game: {gen_deck.GAME}\nbuild:\n  outputs: [pnp-a4, svg]\n")

    with serving(project, gen_deck.TARGET) as server:
        for edit in (None, edit_card, edit_layout, edit_config):
            if edit is not None:
                edit()
            done = cardgen(project, "build", "--out", str(out))
            assert done.returncode == 0, done.stderr
            assert "-> exit 0 " in server.served()
            assert folder_files(out) == cold_build(project, tmp_path / "scratch"), edit


def test_a_client_that_leaves_mid_command_leaves_the_server_serving(tmp_path: Path) -> None:
    project = deck(tmp_path / "deck")
    out = tmp_path / "out"
    from cardgen.cli.serve_client import frame, request

    with serving(project) as server:
        here = os.getcwd()
        os.chdir(project)
        try:
            fields = request(["build", "--out", str(out)], str(project))
        finally:
            os.chdir(here)
        fields["env"] = {k: v for k, v in fields["env"].items()} | {"PYTHONPATH": str(REPO)}
        with socket.socket(socket.AF_UNIX) as sock:
            sock.connect(str(project / SOCKET))
            import marshal

            sock.sendall(frame(b"q", marshal.dumps(fields, 4)))
            assert sock.recv(5)[:1] == b"a"
        assert "exit 0" in server.served()  # the build ran to its end without its client
        assert folder_files(out) == cold_build(project, tmp_path / "scratch")
        gen_deck.edit_one_card(project, 1)
        done = cardgen(project, "build", "--out", str(out))
        assert done.returncode == 0 and "exit 0" in server.served()
        assert folder_files(out) == cold_build(project, tmp_path / "scratch")


def test_what_a_server_must_not_run_runs_in_the_commands_own_process(tmp_path: Path) -> None:
    project = deck(tmp_path / "deck")
    alone = cardgen(project, "check", CARDGEN_NO_SERVER="1")
    with serving(project) as server:
        # another environment than the server's: declined, run by the client itself
        other = cardgen(project, "check", RL_SHAPECHECKING="0")
        assert "declined: another environment (RL_SHAPECHECKING)" in server.served()
        assert (other.returncode, other.stdout) == (alone.returncode, alone.stdout)
        # CARDGEN_NO_SERVER: the server hears nothing of it (its next line is the next command's)
        cardgen(project, "check", CARDGEN_NO_SERVER="1")
        cardgen(project, "check", "--strict")
        assert "check --strict -> exit" in server.served()
        # commands other than build and check, help and version are never handed over
        assert cardgen(project, "rulebook").returncode == 0
        assert cardgen(project, "build", "--help").returncode == 0
        assert cardgen(project, "check", "--json").returncode == alone.returncode
        assert "check --json -> exit" in server.served()


def test_a_server_that_answers_nothing_leaves_the_command_to_its_process(tmp_path: Path) -> None:
    project = deck(tmp_path / "deck")
    alone = cardgen(project, "check", CARDGEN_NO_SERVER="1")
    (project / ".cardgen-cache").mkdir()
    with socket.socket(socket.AF_UNIX) as listener:
        listener.bind(str(project / SOCKET))
        listener.listen(1)

        def hang_up() -> None:
            conn, _ = listener.accept()
            conn.close()  # before accepting the request

        thread = threading.Thread(target=hang_up)
        thread.start()
        done = cardgen(project, "check")
        thread.join(timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (alone.returncode, alone.stdout, alone.stderr)
    # the socket left behind answers no one now: a server replaces it
    with serving(project) as server:
        assert stat.S_IMODE((project / SOCKET).stat().st_mode) == 0o600
        again = Server(project, "--idle", "1")
        try:
            assert again.proc.wait(timeout=120) == 2
            said = iter(again.lines.get, None)
            assert any("a server already runs for" in line for line in said)
        finally:
            again.stop()
        assert cardgen(project, "check").returncode == alone.returncode
        assert "exit" in server.served()


def test_a_long_project_path_is_served(tmp_path: Path) -> None:
    deep = tmp_path / ("a-rather-long-folder-name-" * 3) / ("and-another-one-below-it-" * 3)
    project = deck(deep)
    assert len(str(project / SOCKET)) > 108  # longer than a socket's name may be
    with serving(project) as server:
        done = cardgen(project, "check")
        assert "exit" in server.served() and done.returncode in (0, 1)


def test_a_handed_over_command_imports_next_to_nothing(tmp_path: Path) -> None:
    project = deck(tmp_path / "deck")
    code = ("import sys\n"
            "before = set(sys.modules)\n"
            "from cardgen.cli.ending import run\n"
            "from cardgen.cli.serve_client import handed_over\n"
            "code = handed_over(['check'])\n"
            "print(code, ' '.join(sorted(set(sys.modules) - before)))\n")
    with serving(project) as server:
        done = subprocess.run([sys.executable, "-c", code], cwd=project, capture_output=True,
                              text=True, check=False, env=ENV)
        assert "exit" in server.served()
    answer, loaded = done.stdout.splitlines()[-1].split(" ", 1)
    assert answer in ("0", "1"), done.stdout + done.stderr
    heavy = {"argparse", "typing", "json", "socket", "pathlib", "re", "cardgen.cli.main",
             "cardgen.errors", "pydantic", "yaml", "reportlab", "rich"}
    assert not heavy & set(loaded.split()), loaded


def on_terminal(cwd: Path, columns: int, *args: str, **env: str) -> tuple[int, bytes]:
    """A command's exit code and what it wrote, its stdout and stderr a terminal of `columns`."""
    import fcntl
    import pty
    import struct
    import termios

    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 40, columns, 0, 0))
    child = subprocess.Popen([sys.executable, "-m", "cardgen", *args], cwd=cwd, stdout=follower,
                             stderr=follower, stdin=subprocess.DEVNULL,
                             env=ENV | {"TERM": "xterm-256color"} | env)
    os.close(follower)
    written = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the terminal's other end closed
            break
        if not chunk:
            break
        written += chunk
    os.close(leader)
    return child.wait(timeout=300), written


def test_a_served_command_on_a_terminal_writes_what_it_writes_there(tmp_path: Path) -> None:
    served, alone = deck(tmp_path / "served"), deck(tmp_path / "alone")
    with serving(served) as server:
        for args in (("check",), ("check", "nosuch")):
            for columns in (40, 140):  # the box list's table is laid out to the terminal's width
                here = on_terminal(served, columns, *args)
                assert "exit" in server.served()
                there = on_terminal(alone, columns, *args, CARDGEN_NO_SERVER="1")
                assert here[0] == there[0]
                assert here[1].replace(bytes(served), b"<p>") == there[1].replace(bytes(alone), b"<p>")
                assert b"\x1b[" in here[1]  # styled for a terminal


@pytest.mark.parametrize("argv", [
    ["build"], ["check", "l5@0.6.5", "--json"], ["--project", "P", "build"], ["build", "--project", "P"],
    ["build", "--project=P", "x@1"], ["--project", "Q", "check", "--project", "P"], ["diff", "a", "b"],
    ["watch"], ["serve"], ["--version"], ["build", "--help"], ["check", "-h"], ["build", "--", "x"],
    ["build", "--project"], ["-x", "build"], [], ["buildx"]])
def test_the_client_reads_the_command_line_as_the_command_line_does(argv: list[str], tmp_path: Path) -> None:
    from cardgen.cli.main import COMMANDS
    from cardgen.cli.serve_client import project_and_command
    from cardgen.cli.target import command_of, hoist_global_options

    for name in ("P", "Q"):
        (tmp_path / name).mkdir()
    (tmp_path / "cardgen.yaml").write_text("default_game: x\n")
    here = os.getcwd()
    os.chdir(tmp_path / "P")
    try:
        found = project_and_command(argv)
    finally:
        os.chdir(here)
    line = hoist_global_options(argv)
    command = command_of(line, dict(COMMANDS))
    if found is None:
        assert command not in ("build", "check") or {"--help", "-h", "--", "--version"} & set(argv) \
            or argv[-1:] == ["--project"], argv
        return
    assert found[1] == command
    given = [v for a, v in zip(line, line[1:], strict=False) if a == "--project"] + [
        a.split("=", 1)[1] for a in line if a.startswith("--project=")]
    expected = tmp_path / "P" / given[-1] if given else tmp_path  # cardgen.yaml found upward
    assert Path(found[0]).resolve() == expected.resolve()


def test_the_command_line_package_loads_its_main_when_asked(tmp_path: Path) -> None:
    code = ("import sys\n"
            "import cardgen.cli\n"
            "print('typing' in sys.modules, 'cardgen.cli.main' in sys.modules)\n"
            "import cardgen.cli.main\n"
            "from cardgen.cli import main\n"
            "print(callable(main), cardgen.cli.main is main, main.__module__)\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                          text=True, check=False, env=ENV)
    assert done.stdout.split() == ["False", "False", "True", "True", "cardgen.cli.main"], done.stderr


def test_the_server_reads_the_environment_as_main_sets_it() -> None:
    from cardgen.cli.main import NO_PYDANTIC_PLUGINS
    from cardgen.cli.serve_request import PLUGINS_OFF

    assert PLUGINS_OFF == NO_PYDANTIC_PLUGINS


def test_ctrl_c_in_a_client_interrupts_its_command_and_the_server_serves_on(tmp_path: Path) -> None:
    project = deck(tmp_path / "deck")
    out = tmp_path / "out"
    read_end, write_end = os.pipe()
    server = subprocess.Popen(
        [sys.executable, str(REPO / "tests" / "support" / "paused_serve.py"), str(write_end),
         "serve", "--idle", "2"], cwd=project, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, text=True, env=ENV, pass_fds=(write_end,))
    os.close(write_end)
    try:
        assert server.stdout is not None
        assert server.stdout.readline().startswith("serving ")
        client = subprocess.Popen([sys.executable, "-m", "cardgen", "build", "--out", str(out)],
                                  cwd=project, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  text=True, env=ENV)
        assert os.read(read_end, 1) == b"w"  # the served build is writing
        client.send_signal(signal.SIGINT)
        stdout, stderr = client.communicate(timeout=120)
        assert client.returncode == 130, stdout + stderr
        assert stderr.splitlines()[-1] == "interrupted; the previous output is unchanged"
        assert "-> exit 130 " in server.stdout.readline()
        assert not (out / "bench-1").exists()  # the build stopped before its swap
        done = cardgen(project, "build", "--out", str(out))
        assert done.returncode == 0, done.stderr
        assert "-> exit 0 " in server.stdout.readline()
        assert folder_files(out) == cold_build(project, tmp_path / "scratch")
    finally:
        os.close(read_end)
        server.send_signal(signal.SIGINT)
        server.wait(timeout=60)


@pytest.mark.parametrize(("idle", "said"), [("1", "1 minute without"), ("2", "2 minutes without")])
def test_the_ready_line_says_when_an_idle_server_stops(tmp_path: Path, idle: str,
                                                       said: str) -> None:
    server = Server(deck(tmp_path / "deck"), "--idle", idle)
    try:
        first = server.line()
    finally:
        server.stop()
    assert first.startswith("serving ") and f"stops after {said} a command" in first, first


def test_a_ctrl_c_that_comes_before_its_command_starts_ends_that_command_unrun(
        capsys: pytest.CaptureFixture[str]) -> None:
    from cardgen.cli.serve_request import Connection, Interrupts, _called

    interrupts = Interrupts()
    ran: list[list[str]] = []

    def main(argv: Sequence[str]) -> int:
        ran.append(list(argv))
        return 0

    def served(ctrl_c_first: bool) -> int:
        ours, theirs = socket.socketpair()
        with ours, theirs:
            reader = interrupts.listen(Connection(ours))
            if ctrl_c_first:
                theirs.sendall(b"i")
                for _ in range(1000):  # the reader thread takes it
                    if interrupts.early:
                        break
                    time.sleep(0.01)
                assert interrupts.early
            code = _called(main, ["build"], interrupts)
            ours.shutdown(socket.SHUT_RD)
            reader.join(timeout=30)
        return code

    assert served(ctrl_c_first=True) == 130
    assert ran == [] and not interrupts.running
    assert capsys.readouterr().err.splitlines()[-1] == "interrupted; the previous output is unchanged"
    assert served(ctrl_c_first=False) == 0  # the next client's command is not interrupted
    assert ran == [["build"]]
    assert served(ctrl_c_first=True) == 130  # and the one after it is read as the first was
    assert ran == [["build"]]
    interrupts.close()
    # the reading thread, kept for the next client, ended
    assert not any(t.name == "cardgen-serve-client" for t in threading.enumerate())


def test_the_parser_a_server_keeps_parses_each_line_afresh_at_the_width_of_its_day(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from cardgen.cli.main import _parser, main

    first = _parser("build").parse_args(["build", "--fold", "--players", "3"])
    second = _parser("build").parse_args(["build"])
    assert _parser("build") is _parser("build")  # made once
    assert (first.fold, first.players, second.fold, second.players) == (True, 3, False, None)
    for columns in ("50", "150", "50"):
        monkeypatch.setenv("COLUMNS", columns)
        with pytest.raises(SystemExit):
            main(["build", "--help"])
        fresh = _parser.__wrapped__("build")._subparsers._group_actions[0].choices["build"]  # type: ignore[union-attr]
        assert capsys.readouterr().out == fresh.format_help(), columns
