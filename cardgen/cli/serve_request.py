"""One command a client handed to `cardgen serve`, run in the server as in the client's process.

`Request` checks what the client sent against this server (`declined`: another cardgen, Python
or environment, another project or command; the server then runs nothing and the client runs
the command itself), then `run` calls the command line's `main(argv)` with the process dressed
as the client's for the command: its working folder and umask, its environment (the variables
that change what a command does or prints, cli/serve_client.py), stdout and stderr sending what
is written to the client (its encodings and buffering, `isatty` answering as the client's
streams do) and `os.get_terminal_size` answering with the client's terminal sizes, which is
where rich and argparse learn their widths; all of it is put back afterwards. A client that
leaves mid-command loses the rest of the output; the command itself runs to its end.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from cardgen.cli.serve_client import COMMANDS, PROTOCOL, fixed, frame, project_and_command, request_scoped

Main = Callable[[Sequence[str]], int]
PLUGINS_OFF = ("PYDANTIC_DISABLE_PLUGINS", "__all__")  # cli/main.py's NO_PYDANTIC_PLUGINS (tested)


class Connection:
    """The client's socket as the command's output goes to it: frames, until the client leaves."""

    def __init__(self, sock: Any) -> None:
        self.sock = sock
        self.gone = False
        self.lock = threading.Lock()

    def send(self, kind: bytes, payload: bytes = b"") -> None:
        with self.lock:
            if self.gone:
                return
            try:
                self.sock.sendall(frame(kind, payload))
            except OSError:
                self.gone = True  # the client left: the command goes on without it


class _Sink(io.RawIOBase):
    """stdout's or stderr's bytes, sent to the client as they are written."""

    def __init__(self, conn: Connection, kind: bytes, tty: bool) -> None:
        super().__init__()
        self.conn, self.kind, self.tty = conn, kind, tty

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return self.tty

    def write(self, data: Any) -> int:
        payload = bytes(data)
        self.conn.send(self.kind, payload)
        return len(payload)


def text_stream(conn: Connection, kind: bytes, tty: bool, encoding: tuple[str, str],
                line_buffering: bool) -> io.TextIOWrapper:
    """A stream as Python makes stdout or stderr: buffered, line-buffered on a terminal (stdout)
    or always (stderr), in the client's encoding and error handler."""
    return io.TextIOWrapper(io.BufferedWriter(_Sink(conn, kind, tty)), encoding=encoding[0],
                            errors=encoding[1], line_buffering=line_buffering)


class Request:
    """A client's request, as unmarshalled (checked before use: `declined`)."""

    def __init__(self, fields: dict[str, Any]) -> None:
        self.fields = fields
        self.argv: list[str] = list(fields.get("argv") or [])

    def declined(self, project: str, environment: dict[str, str]) -> str | None:
        """Why this server must not run the request (None: it may)."""
        f = self.fields
        import cardgen

        if f.get("protocol") != PROTOCOL:
            return "another protocol"
        if f.get("version") != cardgen.__version__ or f.get("package") != package_folder():
            return "another cardgen"
        if f.get("python") != sys.version or not _same_path(f.get("prefix"), sys.prefix):
            return "another Python"
        env = f.get("env")
        if not isinstance(env, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                                for k, v in env.items()):
            return "a request not understood"
        theirs = {k: v for k, v in env.items() if fixed(k)}
        theirs.setdefault(*PLUGINS_OFF)  # as their main() would set it
        if theirs != environment:
            names = sorted(k for k in {*theirs, *environment} if theirs.get(k) != environment.get(k))
            return f"another environment ({', '.join(names)})"
        if not (isinstance(f.get("cwd"), str) and isinstance(f.get("umask"), int)
                and all(isinstance(a, str) for a in self.argv)
                and _triple(f.get("tty")) and _triple(f.get("sizes")) and _pair(f.get("streams"))):
            return "a request not understood"
        if _real(f.get("project")) != project:
            return "another project"
        return None


def package_folder() -> str:
    import cardgen

    return os.path.dirname(os.path.abspath(cardgen.__file__ or ""))


def _same_path(theirs: object, ours: str) -> bool:
    """Whether a path sent leads where `ours` does (the very text needs no resolving)."""
    return theirs == ours or _real(theirs) == _real(ours)


def _real(path: object) -> str | None:
    return os.path.realpath(path) if isinstance(path, str) else None


def _triple(value: object) -> bool:
    return isinstance(value, list) and len(value) == 3


def _pair(value: object) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(
        v is None or (isinstance(v, tuple | list) and len(v) == 2) for v in value)


class Interrupts:
    """Ctrl-C in the client (`i` on its socket) raised as KeyboardInterrupt in the command,
    read by a thread (one for all the server's clients, in turn) while the command runs.
    Ctrl-C in the server's own terminal interrupts the command running (its client is told
    as ever) and stops the server; between the command and its client's answer, it only
    stops the server after."""

    def __init__(self) -> None:
        self.from_client = False
        self.running = False  # a command runs (main)
        self.accepting = False  # the server waits for a client
        self.stopping = False
        self.early = False  # the client's Ctrl-C came before its command started
        self.lock = threading.Lock()  # `running` and `early` change together
        self._reader: threading.Thread | None = None
        self._clients: Any = None  # the sockets to read, in turn (None: the reader ends)

    def started(self) -> bool:
        """Marks the command as running; True when its client's Ctrl-C came before it did
        (the command is then not run at all)."""
        with self.lock:
            self.running, early, self.early = True, self.early, False
        return early

    def ended(self) -> None:
        with self.lock:
            self.running = False

    def on_sigint(self, signum: int, frame: object) -> None:
        if self.from_client:
            self.from_client = False
            if self.running:
                raise KeyboardInterrupt
            return  # the command had ended
        self.stopping = True  # the server's own Ctrl-C: it stops once its client has its answer
        if self.running or self.accepting:
            raise KeyboardInterrupt

    def on_sigterm(self, signum: int, frame: object) -> None:
        """`cardgen serve --stop` (or `kill`): the command running ends first, its client
        has its answer, then the server stops."""
        self.stopping = True
        if self.accepting:
            raise KeyboardInterrupt

    def listen(self, conn: Connection) -> Listening:
        """Ctrl-C read from the client's socket until it is shut for reading (then `join`
        returns), by a thread made for the first client and kept for the next ones."""
        self.early = False  # a connection's own: the last one's reading has ended
        if self._reader is None:
            from _queue import SimpleQueue  # queue.py's C half

            self._clients = SimpleQueue()
            self._reader = threading.Thread(target=self._read_each, name="cardgen-serve-client",
                                            daemon=True)
            self._reader.start()
        listening = Listening(conn)
        self._clients.put(listening)
        return listening

    def close(self) -> None:
        """The reading thread ended (waited for), if one was made."""
        if self._reader is not None:
            self._clients.put(None)
            self._reader.join()
            self._reader = None

    def _read_each(self) -> None:
        while (listening := self._clients.get()) is not None:
            try:
                self._read(listening.conn)
            finally:
                listening.done.release()

    def _read(self, conn: Connection) -> None:
        import _signal  # type: ignore[import-not-found]  # signal's C half (signal.py: its enums)

        main_thread = threading.main_thread().ident or 0
        while True:
            try:
                data = conn.sock.recv(64)
            except OSError:
                return
            if not data:
                return
            if b"i" not in data:
                continue
            with self.lock:
                if not self.running:
                    self.early = True  # the command has not started (or has ended)
                    continue
                self.from_client = True  # a signal, as Ctrl-C is: it ends a wait too
            _signal.pthread_kill(main_thread, _signal.SIGINT)


class Listening:
    """A client's socket being read for Ctrl-C."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self.done = threading.Lock()
        self.done.acquire()  # released once the socket is read to its end

    def join(self, timeout: float = -1) -> None:
        """Wait until the socket has been read to its end (shut for reading, closed)."""
        if self.done.acquire(timeout=timeout):
            self.done.release()


def run(request: Request, conn: Connection, main: Main, interrupts: Interrupts) -> int:
    """The command's exit code, run through `main` with the process dressed as the client's."""
    f = request.fields
    saved_env = {k: v for k, v in os.environ.items() if request_scoped(k)}
    saved_out, saved_err, saved_size = sys.stdout, sys.stderr, os.get_terminal_size
    here = os.getcwd()
    mask = os.umask(f["umask"])
    tty, sizes, streams = f["tty"], f["sizes"], f["streams"]
    out = err = None
    try:
        for name in saved_env:
            del os.environ[name]
        os.environ.update({k: v for k, v in f["env"].items() if request_scoped(k)})
        os.chdir(f["cwd"])
        found = project_and_command(request.argv)
        if found is None or found[1] not in COMMANDS:
            raise ValueError("not a command a server runs")
        out = text_stream(conn, b"o", bool(tty[1]), tuple(streams[0] or ("utf-8", "strict")),
                          bool(tty[1]))
        err = text_stream(conn, b"e", bool(tty[2]), tuple(streams[1] or ("utf-8", "strict")), True)
        sys.stdout, sys.stderr = out, err
        os.get_terminal_size = _sized(sizes, saved_size)
        return _called(main, request.argv, interrupts)
    finally:
        sys.stdout, sys.stderr = saved_out, saved_err
        for stream in (out, err):
            if stream is not None:
                with contextlib.suppress(OSError, ValueError):
                    stream.flush()
        os.get_terminal_size = saved_size
        for name in [k for k in os.environ if request_scoped(k)]:
            del os.environ[name]
        os.environ.update(saved_env)
        os.umask(mask)
        os.chdir(here)


def _print_exc() -> None:
    import traceback  # loaded when needed: ~4 ms of a server's start

    traceback.print_exc()


def _called(main: Main, argv: list[str], interrupts: Interrupts) -> int:
    """main(argv) as a process's own command line ends: SystemExit's code, a traceback and 1
    for an exception main lets through."""
    if interrupts.started():
        interrupts.ended()
        print("interrupted; the previous output is unchanged", file=sys.stderr)  # as main says
        sys.stderr.flush()
        return 130
    try:
        try:
            code = main(argv)
        finally:
            interrupts.ended()
    except SystemExit as exc:  # argparse: a usage error or --help
        if exc.code is None or isinstance(exc.code, int):
            return exc.code or 0
        print(exc.code, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        _print_exc()
        return 130
    except Exception:
        _print_exc()
        return 1
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except (OSError, ValueError):
            pass
    return code


def _sized(sizes: list[Any], real: Callable[..., os.terminal_size]) -> Callable[..., os.terminal_size]:
    """os.get_terminal_size answering for descriptors 0-2 as the client's terminal does."""

    def get_terminal_size(fd: int = 1) -> os.terminal_size:
        if fd in (0, 1, 2):
            size = sizes[fd]
            if size is None:
                raise OSError(25, "Inappropriate ioctl for device")
            return os.terminal_size((int(size[0]), int(size[1])))
        return real(fd)

    return get_terminal_size


def log_line(argv: list[str], code: int | str, started: tuple[float, float],
             since: float = 0.0) -> str:
    """The server's line for a command: the time, the command line, its exit code (or why it
    was declined), the seconds and CPU seconds since `started` (perf_counter, process_time),
    and the process's CPU seconds since `since` (when it began to serve: 0 for a process
    started to serve, the CPU its command had taken for one a build left)."""
    import shlex

    return (f"{time.strftime('%H:%M:%S')} cardgen {shlex.join(argv)} -> "
            f"{code if isinstance(code, str) else f'exit {code}'} "
            f"({time.perf_counter() - started[0]:.2f} s, {time.process_time() - started[1]:.3f} s CPU; "
            f"{time.process_time() - since:.3f} s CPU since the server started)")
