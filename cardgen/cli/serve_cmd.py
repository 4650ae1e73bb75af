"""`cardgen serve`: a build process that stays up, to which `cardgen build` and `cardgen check`
hand their command (cli/serve_client.py), so a rebuild costs the warm work and not a fresh
Python process importing PyYAML, reportlab and HarfBuzz. Started by hand, or left by a build
or check that ran in its own process (cli/autoserve.py); `--stop` asks either to stop (SIGTERM:
the command it runs ends first).

It listens on PROJECT/.cardgen-cache/serve.sock (mode 0600, bound by its name in that folder;
a socket left by a server that was killed is replaced; one that answers means a server runs
already: exit 2), takes connections from this user only (SO_PEERCRED), runs one command at a
time (the next client waits) through the same `main(argv)` as the command line
(cli/serve_request.py), and prints one line per command: the time, the command, its exit code
seconds and CPU seconds. Ctrl-C stops it, and so do `--idle` minutes without a command,
SIGTERM (`--stop`) and its socket removed (looked at every few seconds while idle: the
project's .cardgen-cache deleted); the socket is removed as it ends.

Warm between commands, as `cardgen watch` is: data files parsed once and re-parsed only where
they changed (`data/yamlkeep.py`), layouts and icons kept while no file outside data/ changed
(found out by the files' sizes, times and inodes before each command; what they hold is keyed
by the files' versions anyway), faces from the face cache in memory, home-print plans
(`pipeline/plans.py`), the libraries imported. When a file of cardgen itself or of the
installed packages changes (cli/serve_watch.py: the kernel tells, where it can), the server
declines the command (the client runs it) and stops.
"""

from __future__ import annotations

import _socket  # socket's C half: socket.py's import (its enums) is ~7 ms of a server's start
import argparse
import contextlib
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.cli.serve_client import CACHE, SOCKET, fixed, peer
from cardgen.cli.serve_watch import WatchedFiles, code_files
from cardgen.errors import Problem, ProblemsError

if TYPE_CHECKING:
    from cardgen.cli.console import Printer
    from cardgen.cli.serve_request import Main

IDLE_MINUTES = 30.0
REQUEST_WAIT = 10.0  # seconds a connected client has to send its request
MAX_REQUEST = 1 << 20
LOOK_EVERY = 5.0  # seconds between looks, while idle, at the clock and the socket
STOP_WAIT = 30.0  # seconds `--stop` waits for the server to end


def add_serve(sub: Any, target_arg: Callable[[argparse.ArgumentParser], None], main: Main) -> None:
    p = sub.add_parser(
        "serve", help="keep a build process running: `cardgen build` and `check` hand it their work",
        description="Run in the foreground and take `cardgen build` and `cardgen check` commands "
                    "from this project, so a rebuild after an edit costs the warm work alone, not "
                    "a fresh process's imports. The commands find it on their own (set "
                    "CARDGEN_NO_SERVER=1 to run one in its own process) and print what they "
                    "always print; one line per command here. With GAME[@EDITION], its data "
                    "is read before the first command. Ctrl-C stops it. A build or check run "
                    "without a server stays on as one in the background by itself (its lines "
                    "in .cardgen-cache/serve.log; CARDGEN_KEEP_SERVER=MINUTES, default 15, 0 "
                    "for none); --stop ends either kind.")
    target_arg(p)
    p.add_argument("--idle", type=float, default=IDLE_MINUTES, metavar="MINUTES",
                   help=f"stop after MINUTES without a command (default {IDLE_MINUTES:g}; 0: never)")
    p.add_argument("--stop", action="store_true",
                   help="stop the project's server (one you started, or one a build left) and exit")
    # left: 0, or (a server a build left: cli/autoserve.py) the inode of the .cardgen-cache its
    # build saw
    # ran: for a server a build left, the CPU seconds its command took (its own, its helpers')
    p.set_defaults(handler=lambda args, console: serve(args, console, main), left=0, ran=None)


def serve(args: argparse.Namespace, console: Printer, main: Main) -> int:
    import _signal as signal  # type: ignore[import-not-found]  # signal's C half: signal.py's enums cost ~1 ms

    from cardgen.cli.serve_request import Interrupts
    from cardgen.data.yamlkeep import keep_parsed

    project = Path(args.project).resolve()
    if args.stop:
        return stop(project, console)
    if args.idle < 0:
        raise ProblemsError([Problem("bad-option", f"--idle {args.idle:g}: not a number of minutes",
                                     hint="e.g. --idle 30, or --idle 0 to never stop")])
    if args.target:
        from cardgen.data.load import check_target, parse_target

        check_target(project, *parse_target(args.target, project))  # a mistyped GAME@EDITION stops here
    cache = project / CACHE
    if not args.left:  # a build's server serves in the folder its build saw, or not at all
        cache.mkdir(parents=True, exist_ok=True)
    listener, bound = _listen(cache, args.left or None)
    interrupts = Interrupts()
    previous = signal.signal(signal.SIGINT, interrupts.on_sigint)
    previous_term = signal.signal(signal.SIGTERM, interrupts.on_sigterm)
    keep_parsed()  # as in `cardgen watch`: a save re-parses only the files (and items) it changed
    server = None
    try:
        server = _Server(project, listener, bound, main, console, interrupts)
        server.since = args.ran[0] if args.ran else 0.0
        if args.target:
            server.warm(args.target)
        unit = "minute" if args.idle == 1 else "minutes"
        minutes = f"; stops after {args.idle:g} {unit} without a command" if args.idle else ""
        how = "left by a build: `cardgen serve --stop`" if args.left else "Ctrl-C"
        ran = (f"; the command it ran first took {args.ran[0]:.3f} s CPU, its helpers "
               f"{args.ran[1]:.3f} s") if args.ran else ""
        console.print(f"serving {project} on {CACHE}/{SOCKET}, pid {os.getpid()} ({how} "
                      f"stops{minutes}){ran}", markup=False, soft_wrap=True)
        server.loop(args.idle * 60)
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGINT, previous)
        signal.signal(signal.SIGTERM, previous_term)
        keep_parsed(False)
        interrupts.close()
        if server is not None:
            server.code.close()
            server.layouts.close()
        listener.close()
        _unlink_if(cache / SOCKET, bound)
    console.print("stopped serving", markup=False)
    return 0


def stop(project: Path, console: Printer) -> int:
    """`cardgen serve --stop`: the project's server asked to stop (SIGTERM: it ends the
    command it runs, if any, first), and waited for until its socket is gone."""
    import _signal as signal

    from cardgen.cli.serve_client import connect, peer

    cache = project / CACHE
    try:
        sock = connect(str(cache))
    except OSError:
        console.print(f"no server runs for {project}", markup=False, soft_wrap=True)
        return 0
    try:
        pid = peer(sock)[0]
    finally:
        sock.close()  # type: ignore[attr-defined]
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + STOP_WAIT
    while os.path.lexists(cache / SOCKET) and time.monotonic() < deadline:
        time.sleep(0.02)
    if os.path.lexists(cache / SOCKET):
        raise ProblemsError([Problem(
            "serve-running", f"the server of {project} (pid {pid}) is still running after "
            f"{STOP_WAIT:g} s", hint=f"it ends the command it runs first; or end it: kill {pid}")])
    console.print(f"stopped the server of {project} (pid {pid})", markup=False, soft_wrap=True)
    return 0


def _listen(cache: Path, folder: int | None = None) -> tuple[_socket.socket, int]:
    """The listening socket in `cache` and its inode; ProblemsError when a server answers
    there, or when `cache` is not the folder (by its inode) `folder` says (deleted since, it
    cannot be bound in: deleted and made again, it is another)."""
    listener = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
    here = os.open(".", os.O_RDONLY)
    try:
        os.chdir(cache)  # bound by its name here: a long project path is no limit
        if folder is not None and os.stat(".").st_ino != folder:
            raise ProblemsError([Problem("serve-running", f"{cache} is not the folder it was")])
        probe = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
        try:
            probe.connect(SOCKET)
        except (ConnectionRefusedError, FileNotFoundError):
            pass  # none, or left by a server that was killed
        else:
            listener.close()
            raise ProblemsError([Problem(
                "serve-running", f"a server already runs for {cache.parent} ({CACHE}/{SOCKET} answers)",
                hint="its commands go to it already; Ctrl-C it first to start another")])
        finally:
            probe.close()
        if os.path.lexists(SOCKET):
            os.unlink(SOCKET)
        mask = os.umask(0o177)
        try:
            listener.bind(SOCKET)
        finally:
            os.umask(mask)
        os.chmod(SOCKET, 0o600)
        inode = os.stat(SOCKET).st_ino
    except BaseException:
        listener.close()
        raise
    finally:
        os.fchdir(here)
        os.close(here)
    listener.listen(16)
    return listener, inode


def _unlink_if(path: Path, inode: int) -> None:
    """Remove the socket this server bound (not one another server bound there since)."""
    try:
        if path.lstat().st_ino == inode:
            path.unlink()
    except OSError:
        pass


class _Server:
    def __init__(self, project: Path, listener: _socket.socket, bound: int, main: Main,
                 console: Printer, interrupts: Any) -> None:
        self.project, self.listener, self.main, self.console = project, listener, main, console
        self.bound = bound  # the socket's inode
        self.interrupts = interrupts
        self.environment = {k: v for k, v in os.environ.items() if fixed(k)}
        self.code = code_files()
        self.layouts = self._layout_side()
        self.stale = False
        self.since = 0.0  # the process's CPU seconds when it began to serve (log_line)

    def _layout_side(self) -> WatchedFiles:
        """What the project's layouts and icons are read from: layouts/ and cardgen.yaml."""
        return WatchedFiles([str(self.project / "layouts"), str(self.project / "cardgen.yaml")])

    def warm(self, target: str) -> None:
        """The target's data read (and kept), the check's and build's modules imported."""
        from cardgen.cli import build_cmd  # noqa: F401
        from cardgen.data.load import load_database, parse_target
        from cardgen.pipeline import run as _run  # noqa: F401

        with contextlib.suppress(ProblemsError):  # the first command says what is wrong
            load_database(self.project, *parse_target(target, self.project))

    def loop(self, idle: float) -> None:
        """Commands taken until `idle` seconds pass without one (0: no end), the socket is
        no longer this server's (its folder was removed), or the server is stopped."""
        self.listener.settimeout(LOOK_EVERY)
        last = time.monotonic()
        while not self.interrupts.stopping and not self.stale:
            self.interrupts.accepting = True
            try:
                conn = _accepted(self.listener)
            except TimeoutError:
                why = self._why_stop(last, idle)
                if why:
                    self.console.print(f"{time.strftime('%H:%M:%S')} {why}: stopping",
                                       markup=False, soft_wrap=True)
                    return
                continue
            finally:
                self.interrupts.accepting = False
            last = time.monotonic()
            try:
                self.handle(conn)
            except Exception as exc:  # a fault of the server's own (the client runs the
                if os.environ.get("CARDGEN_DEBUG"):  # command itself): say so, serve on
                    raise
                self.console.print(f"{time.strftime('%H:%M:%S')} internal error: "
                                   f"{type(exc).__name__}: {exc}", markup=False, soft_wrap=True)
            finally:
                conn.close()

    def _why_stop(self, last: float, idle: float) -> str:
        """Why the server stops now, between commands ("" while it serves on)."""
        if idle and time.monotonic() - last >= idle:
            return "no command for a while"
        try:
            if os.lstat(self.project / CACHE / SOCKET).st_ino == self.bound:
                return ""
        except OSError:
            pass
        return f"{CACHE}/{SOCKET} was removed"

    def handle(self, sock: _socket.socket) -> None:
        from cardgen.cli.serve_request import Connection, Request, log_line, run

        started = time.perf_counter(), time.process_time()
        if peer(sock)[1] != os.getuid():
            return  # another user's: closed unanswered
        conn = Connection(sock)
        try:
            sock.settimeout(REQUEST_WAIT)
            request = Request(_read_request(sock))
            sock.settimeout(None)
        except EOFError:
            return  # closed without a word (another server looking whether this one answers)
        except (OSError, ValueError, TypeError) as exc:
            conn.send(b"n", b"a request not understood")
            self.console.print(f"{time.strftime('%H:%M:%S')} a request not understood "
                               f"({type(exc).__name__}: {exc})", markup=False, soft_wrap=True)
            return
        why = request.declined(str(self.project), self.environment)
        if why is None and self.code.changed():
            why = "cardgen or an installed package changed since the server started; stopping"
            self.stale = True
        if why is not None:
            conn.send(b"n", why.encode())
            self.console.print(log_line(request.argv, f"declined: {why}", started, self.since),
                               markup=False, soft_wrap=True)
            return
        if self.layouts.changed():
            from cardgen.layout import forget_files

            forget_files()  # a layout or icon changed: let go of the old versions
            self.layouts.take()
        conn.send(b"a")
        listening = self.interrupts.listen(conn)
        try:
            try:
                code = run(request, conn, self.main, self.interrupts)
            except (OSError, ValueError) as exc:  # the client's folder is gone, ...
                code = 2
                conn.send(b"e", f"cardgen serve: {exc}\n".encode())
            self.console.print(log_line(request.argv, code, started, self.since), markup=False,
                               soft_wrap=True)
            conn.send(b"x", str(code).encode())  # after the line: a client that ends finds it written
        finally:  # the reading of Ctrl-C ends with this client (the next one's waits for it)
            with contextlib.suppress(OSError):
                sock.shutdown(_socket.SHUT_RD)
            listening.join()


def _accepted(listener: _socket.socket) -> _socket.socket:
    """The next connection (TimeoutError after the listener's timeout), blocking, as
    socket.socket.accept gives it."""
    fd, _ = listener._accept()  # type: ignore[attr-defined]
    conn = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM, 0, fd)
    conn.settimeout(None)
    return conn


def _read_request(sock: _socket.socket) -> dict[str, Any]:
    import marshal

    head = _exactly(sock, 5)
    size = int.from_bytes(head[1:], "big")
    if head[:1] != b"q" or size > MAX_REQUEST:
        raise ValueError("not a request")
    fields = marshal.loads(_exactly(sock, size))
    if not isinstance(fields, dict):
        raise ValueError("not a request")
    return fields


def _exactly(sock: _socket.socket, n: int) -> bytes:
    data = b""
    while len(data) < n:
        chunk = sock.recv(n - len(data))
        if not chunk:
            raise EOFError
        data += chunk
    return data
