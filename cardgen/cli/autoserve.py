"""A `cardgen build` or `check` run in its own process stays on as its project's server.

Python's start and cardgen's imports are most of what a rebuild after a small edit costs in a
fresh process (a one-card edit of a 600-card deck: ~0.3 s of CPU, against ~0.07 s of work once
warm). So a command that found no server to hand itself to (cli/serve_client.py) forks at once
(`run_in_child`): the child runs the command, keeping while it runs what `cardgen serve` keeps
between commands (`pipeline/warm.py`), and once it has ended (`stay`) detaches, in a session of
its own with its output going to PROJECT/.cardgen-cache/serve.log, sends its exit code to the
parent and is the project's `cardgen serve` (cli/serve_cmd.py), already warm: the next `build`
or `check` of the project is handed to it. The parent, the process the caller started, only
waits and ends with that code (or with the child's own end, when no server stays). The build
tools that start on a virtual machine do the same (Gradle's daemon, Bazel's server, Pants's
pantsd). The command's CPU time is the child's: `time cardgen build` counts only the parent's
wait, and the server's log gives what the build took (CARDGEN_KEEP_SERVER=0 runs it in the
process the caller started).

It stops after CARDGEN_KEEP_SERVER minutes without a command (default 15), when its socket
is removed (the project's .cardgen-cache deleted), when cardgen or an installed package
changes, and on `cardgen serve --stop`. None is left by a command run with
CARDGEN_KEEP_SERVER=0 or CARDGEN_NO_SERVER=1, under CI (the CI variable set), where Python
cannot fork, by a command that did not run to an end (an interrupt, a bug of cardgen's), or
where the project has no writable .cardgen-cache or a server answers already.
"""

from __future__ import annotations

import os
import sys

from cardgen.cli.serve_client import CACHE, SOCKET, project_and_command, servers_off

IDLE_MINUTES = 15.0
LOG = "serve.log"  # in PROJECT/.cardgen-cache/
KEEP = "CARDGEN_KEEP_SERVER"
TYPE_CHECKING = False  # typing's import is ~3 ms of a command that is handed over
if TYPE_CHECKING:
    from typing import NoReturn

LEFT_BY = (0, 1, 2)  # the exit codes after which a server stays (not 3, a bug; not 130)


def idle_minutes() -> float | None:
    """How long a server left behind waits for a command; None: leave none (0, or not a
    number of minutes: a typo must not start processes)."""
    value = os.environ.get(KEEP, "").strip()
    if not value:
        return IDLE_MINUTES
    try:
        minutes = float(value)
    except ValueError:
        return None
    return minutes if 0 < minutes < float("inf") else None


def project_to_serve(argv: list[str]) -> str | None:
    """The project folder this command line's process would serve once it has run, None when
    it leaves no server (see the module's docstring)."""
    if servers_off():
        return None
    if os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no"):
        return None
    if not hasattr(os, "fork") or idle_minutes() is None:
        return None
    found = project_and_command(argv)
    return None if found is None else os.path.realpath(found[0])


def run_in_child() -> bool:
    """Fork before the command runs: True in the child, which runs it (and may then stay on
    as the server: `stay`); the parent waits for the child's exit code and ends with it (never
    returns). False when no child could be made: the command runs here, and no server stays.

    Forking now, while the process holds little more than Python itself, and not once the
    command has ended, is what makes the server's first command as quick as its next ones:
    after a fork, every page of memory both processes hold is copied (or, once the other
    process is gone, made writable again) on its first write, one page fault each, and a
    600-card build's memory is ~20,000 pages (~20 ms of CPU on the next command, here spent
    on the few hundred pages Python's start leaves)."""
    global _CODE_TO
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()  # not written twice: the child's copies of the buffers are empty
        except (OSError, ValueError, AttributeError):
            return False
    try:
        reader, writer = os.pipe()
    except OSError:
        return False
    parent = os.getpid()
    try:
        pid = os.fork()
    except OSError:
        os.close(reader)
        os.close(writer)
        return False  # no memory or processes to spare: the command runs here
    if pid == 0:
        os.close(reader)
        _CODE_TO = writer
        _die_with_parent(parent)
        return True
    os.close(writer)
    _end_with_child(pid, reader)


def _die_with_parent(parent: int) -> None:
    """On Linux, while the command runs: SIGTERM when the `parent` dies (killed by a caller's
    timeout, say), so no command runs on that nobody waits for; off (`parent` 0) before the
    child serves. A parent gone before this was asked ends the child at once."""
    try:
        import ctypes

        ctypes.CDLL(None).prctl(1, 15 if parent else 0)  # PR_SET_PDEATHSIG, SIGTERM
    except (OSError, AttributeError):
        return
    if parent and os.getppid() != parent:
        os._exit(1)


_CODE_TO: int | None = None  # in a child run_in_child made: where it sends its exit code


def _end_with_child(pid: int, reader: int) -> NoReturn:
    """The parent: ends with the exit code the child sends once it has detached to serve, or,
    when it ends instead, with its exit status (a signal that ended it, raised here again).
    Ctrl-C reaches the child by itself (the terminal sends it to both); a SIGTERM or SIGHUP
    sent to the parent alone is passed on."""
    import _signal as signal  # type: ignore[import-not-found]  # signal's C half

    def pass_on(signum: int, _: object) -> None:
        try:
            os.kill(pid, signum)
        except ProcessLookupError:  # ended since: its status says how
            return

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, pass_on)
    sent = _code_sent(pid, reader)
    if sent is not None:
        os._exit(sent)
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status):
        signum = os.WTERMSIG(status)
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)
        os._exit(128 + signum)
    os._exit(os.waitstatus_to_exitcode(status))


def _code_sent(pid: int, reader: int) -> int | None:
    """The exit code the child sent, None once it has ended without sending one (looked at
    every second too: a helper of the child's that outlives it may hold the pipe open)."""
    import select

    while True:
        ready, _, _ = select.select([reader], [], [], 1.0)
        if ready:
            data = os.read(reader, 1)
            return data[0] if data else None
        if os.waitpid(pid, os.WNOHANG)[0]:
            return None


def stay(project: str, code: int) -> None:
    """After the command's `code`, in a child `run_in_child` made: detach and serve `project`
    (never returns), or return, when no server should stay, to end as ever (the parent then
    ends with the same code)."""
    threading = sys.modules.get("threading")
    if _CODE_TO is None or code not in LEFT_BY or (
            threading is not None and threading.active_count() > 1):
        return  # another thread still running would run on beside the server: end as ever
    cache = os.path.join(project, CACHE)
    try:
        os.makedirs(cache, exist_ok=True)  # where `cardgen serve` keeps its socket and log
    except OSError:
        return
    if not os.access(cache, os.W_OK | os.X_OK) or _answers(cache):
        return
    try:
        folder = os.stat(cache).st_ino  # the server serves in this very folder, or not at all
    except OSError:
        return
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError, AttributeError):
            return
    if sys.stderr is not None and sys.stderr.isatty():
        sys.stderr.write(f"cardgen stays on as the project's server, so the next build or "
                         f"check is quick (it stops after {_minutes()}; `cardgen serve --stop` "
                         f"ends it, {KEEP}=0 starts none)\n")
        sys.stderr.flush()
    _serve_detached(project, cache, folder, code)


def _answers(cache: str) -> bool:
    """Whether a server listens in `cache` already."""
    from cardgen.cli.serve_client import connect

    if not os.path.exists(os.path.join(cache, SOCKET)):
        return False
    try:
        sock = connect(cache)
    except OSError:
        return False
    sock.close()  # type: ignore[attr-defined]  # the server reads nothing: it waits on
    return True


def _minutes() -> str:
    minutes = idle_minutes() or IDLE_MINUTES
    return f"{minutes:g} minute{'' if minutes == 1 else 's'} without a command"


def _serve_detached(project: str, cache: str, folder: int, code: int) -> NoReturn:
    """Detached from the terminal and the caller's pipes, the exit code sent to the parent,
    `cardgen serve` on the project; ends the process (never returns, never runs the exit work
    of the command line's process)."""
    assert _CODE_TO is not None
    import time

    times = os.times()  # in clock ticks: the children's alone, the process's own precisely
    ran = (time.process_time(), times.children_user + times.children_system)
    served = 0
    try:
        os.setsid()  # no Ctrl-C or hang-up of the terminal reaches it
        _redirect(os.path.join(cache, LOG))  # the caller's output pipes let go of first
        _die_with_parent(0)  # the parent ends once it has the code: the server stays
        os.write(_CODE_TO, bytes([code]))  # the parent ends with it
        os.close(_CODE_TO)
        _let_go_of_pipes()
        served = _serve(project, folder, ran)
    except BaseException:  # noqa: BLE001  # nothing may reach the caller from here
        served = 1
    finally:
        os._exit(served)


def _redirect(log: str) -> None:
    """stdin from /dev/null; stdout and stderr to `log`, line by line (the caller's pipe is
    let go of, so whoever reads it sees its end when the command ends)."""
    import io

    null = os.open(os.devnull, os.O_RDONLY)
    out = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.dup2(null, 0)
    os.dup2(out, 1)
    os.dup2(out, 2)
    os.close(null)
    os.close(out)
    sys.stdin = None
    sys.stdout = io.TextIOWrapper(io.FileIO(1, "w", closefd=False), encoding="utf-8",
                                  errors="backslashreplace", line_buffering=True)
    sys.stderr = sys.stdout


def _let_go_of_pipes() -> None:
    """Close the pipes, sockets and terminals inherited above stderr (a tool that runs the
    command may hand it more than stdout and stderr, and waits until every copy of its pipe is
    closed); files and other devices stay open (what the build's objects own, such as a font's
    mapping)."""
    import stat

    folder = "/proc/self/fd" if os.path.isdir("/proc/self/fd") else "/dev/fd"
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        fd = int(name) if name.isdigit() else -1
        if fd <= 2:
            continue
        try:
            mode = os.fstat(fd).st_mode
        except OSError:
            continue  # the listing's own, closed since
        if stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode) or os.isatty(fd):
            os.close(fd)


def _serve(project: str, folder: int, ran: tuple[float, float]) -> int:
    import _signal as signal  # signal's C half
    import argparse

    from cardgen.cli.console import LazyConsole
    from cardgen.cli.main import main
    from cardgen.cli.serve_cmd import serve

    signal.signal(signal.SIGINT, signal.default_int_handler)  # serve() installs its own
    args = argparse.Namespace(project=project, target=None, idle=idle_minutes() or IDLE_MINUTES,
                              stop=False, left=folder, ran=ran)
    return serve(args, LazyConsole(stderr=False), main)
