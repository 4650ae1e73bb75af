"""`cardgen build` and `cardgen check` handed to a running `cardgen serve` (cli/serve_cmd.py).

Before the command line imports anything of its own, `handed_over` looks for a server of the
command's project: the project as the command line finds it (`--project DIR`, anywhere on the
line, else the nearest folder holding cardgen.yaml from the working folder up), its socket
`.cardgen-cache/serve.sock`. When there is one, owned by this user, it is sent the command line,
the working folder, the umask, the environment that changes what a command does or prints, the
terminal flags and sizes of stdin, stdout and stderr and the encodings of stdout and stderr,
and this cardgen's version, package folder and Python; it answers with what the command writes
to stdout and stderr, as it writes it, and its exit code. Ctrl-C is passed on (the command
prints what it prints when interrupted); a second one leaves at once.

Anything else (no server, a refused or dropped connection, a server of another cardgen, Python
or environment, `CARDGEN_NO_SERVER=1`, help or version asked for, another command) answers
None before anything was printed, and the command runs in this process as it always has. This
module imports only what Python has loaded before any module runs (`_socket` apart, the C
half of `socket`), so a handed-over command costs little more than Python's start.

Frames, both ways: one byte of kind, four of length (big-endian), then the payload. Client to
server: `q` the request (marshal, version 4: plain texts, numbers, lists, dictionaries) and
`i` (no payload) for Ctrl-C. Server to client: `a` accepted, or `n` declined (a reason, before
anything ran), then `o`/`e` bytes for stdout/stderr, and `x` the exit code (decimal text).
"""

from __future__ import annotations

import marshal
import os
import sys

SOCKET = "serve.sock"  # in PROJECT/.cardgen-cache/
CACHE = ".cardgen-cache"
COMMANDS = ("build", "check")
NOT_SERVED = ("-h", "--help", "--version")
PROTOCOL = 1

# The environment a request carries: set for the request alone (REQUEST_*), or one the server
# must have been started with (FIXED_*: read when libraries load, or by Python itself).
REQUEST_NAMES = frozenset({"NO_COLOR", "FORCE_COLOR", "CLICOLOR", "CLICOLOR_FORCE", "COLUMNS",
                           "LINES", "TERM", "COLORTERM", "TTY_COMPATIBLE", "TTY_INTERACTIVE",
                           "JUPYTER_COLUMNS", "JUPYTER_LINES"})
REQUEST_PREFIXES = ("CARDGEN_",)
FIXED_NAMES = frozenset({"LANG", "LANGUAGE", "HOME", "XDG_CACHE_HOME", "TMPDIR", "TEMP", "TMP",
                         "TZ", "SOURCE_DATE_EPOCH"})
FIXED_PREFIXES = ("RL_", "PYDANTIC_", "PYTHON", "LC_")


def request_scoped(name: str) -> bool:
    return name in REQUEST_NAMES or name.startswith(REQUEST_PREFIXES)


def fixed(name: str) -> bool:
    return name in FIXED_NAMES or name.startswith(FIXED_PREFIXES)


def project_and_command(argv: list[str]) -> tuple[str, str] | None:
    """(project folder, command) of a command line a server may run, else None; the project
    as cli/target.py finds it (the last --project wins, as argparse reads it)."""
    line = _hoisted(argv)
    if line is None or len(line) < 1 or line[0] not in COMMANDS:
        return None
    command = line[0]
    if len(line) > 1 and line[-2] == "--project":
        return os.path.join(os.getcwd(), line[-1]), command
    folder = os.path.realpath(os.getcwd())
    while True:
        if os.path.isfile(os.path.join(folder, "cardgen.yaml")):
            return folder, command
        parent = os.path.dirname(folder)
        if parent == folder:
            return None  # no project: the command says so itself
        folder = parent


def _hoisted(argv: list[str]) -> list[str] | None:
    """The command line with `--project DIR` (the last one given) moved to its end, None when
    it is one a server does not take (`--`, help, version, a --project without a folder)."""
    rest: list[str] = []
    given: list[str] = []
    items = iter(argv)
    for arg in items:
        if arg == "--" or arg in NOT_SERVED:
            return None
        if arg == "--project":
            given = ["--project", next(items, "")]
        elif arg.startswith("--project="):
            given = ["--project", arg.split("=", 1)[1]]
        else:
            rest.append(arg)
    return None if given[1:] == [""] else rest + given


def frame(kind: bytes, payload: bytes = b"") -> bytes:
    return kind + len(payload).to_bytes(4, "big") + payload


def connect(cache: str) -> object:
    """A connected socket to the server in `cache` (its path relative to that folder, so a
    long project path does not meet the 108-byte limit of a socket's name); OSError if none."""
    import _socket

    sock = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
    here = os.open(".", os.O_RDONLY)
    try:
        os.chdir(cache)
        sock.connect(SOCKET)
    except OSError:
        sock.close()
        raise
    finally:
        os.fchdir(here)
        os.close(here)
    if peer(sock)[1] != os.getuid():
        sock.close()
        raise OSError("the server is another user's")
    return sock


def peer(sock: object) -> tuple[int, int]:
    """The pid and uid of the process at the other end of a connected Unix socket."""
    import _socket

    creds = sock.getsockopt(_socket.SOL_SOCKET, _socket.SO_PEERCRED, 12)  # type: ignore[attr-defined]  # pid, uid, gid
    return (int.from_bytes(creds[0:4], sys.byteorder, signed=True),
            int.from_bytes(creds[4:8], sys.byteorder))


def _sizes() -> list[tuple[int, int] | None]:
    sizes: list[tuple[int, int] | None] = []
    for fd in (0, 1, 2):
        try:
            size = os.get_terminal_size(fd)
            sizes.append((size.columns, size.lines))
        except (OSError, ValueError):
            sizes.append(None)
    return sizes


def _streams() -> list[tuple[str, str] | None]:
    return [(s.encoding, s.errors or "strict") if s is not None else None
            for s in (sys.stdout, sys.stderr)]


def request(argv: list[str], project: str) -> dict[str, object]:
    import cardgen

    mask = os.umask(0o22)
    os.umask(mask)
    env = {k: v for k, v in os.environ.items() if request_scoped(k) or fixed(k)}
    return {"protocol": PROTOCOL, "version": cardgen.__version__,
            "package": os.path.dirname(os.path.abspath(cardgen.__file__ or "")),
            "python": sys.version, "prefix": sys.prefix, "executable": sys.executable,
            "argv": argv, "cwd": os.getcwd(), "project": project, "umask": mask, "env": env,
            "tty": [os.isatty(fd) for fd in (0, 1, 2)], "sizes": _sizes(), "streams": _streams()}


def servers_off() -> bool:
    """Whether CARDGEN_NO_SERVER asks commands to run in their own process (and leave no
    server: cli/autoserve.py)."""
    return os.environ.get("CARDGEN_NO_SERVER", "0") not in ("", "0")


def handed_over(argv: list[str]) -> int | None:
    """The exit code of the command as a server ran it; None when it was not handed over
    (nothing printed then: run it here)."""
    if servers_off():
        return None
    try:
        found = project_and_command(argv)
        if found is None:
            return None
        cache = os.path.join(found[0], CACHE)
        if not os.path.exists(os.path.join(cache, SOCKET)):
            return None
        sock = connect(cache)
    except (OSError, ValueError):
        return None
    try:
        return _exchange(sock, argv, found[0])
    finally:
        sock.close()  # type: ignore[attr-defined]


class _Dropped(Exception):
    """The connection ended before the exit code."""


def _exchange(sock: object, argv: list[str], project: str) -> int | None:
    """Ctrl-C, from the moment the request is sent, is sent on as `i` by a handler that raises
    nothing, so a frame being read is never cut short (a read that a signal interrupts goes on
    once the handler returns); a second Ctrl-C leaves with 130."""
    import _signal  # type: ignore[import-not-found]  # the C half of signal, loaded at start

    pressed: list[int] = []
    sent: list[bool] = []

    def on_sigint(signum: int, stack: object) -> None:
        pressed.append(signum)
        if len(pressed) > 1 or not sent:  # a second one, or before the request went: leave
            raise KeyboardInterrupt
        try:
            sock.sendall(frame(b"i"))  # type: ignore[attr-defined]
        except OSError:
            raise KeyboardInterrupt from None

    previous = _signal.signal(_signal.SIGINT, on_sigint)
    try:
        try:
            data = marshal.dumps(request(argv, project), 4)
            sock.sendall(frame(b"q", data))  # type: ignore[attr-defined]
            sent.append(True)
            reader = _Reader(sock)
            kind, _ = reader.next()
        except (OSError, ValueError, _Dropped):
            return None
        if kind != b"a":
            return None  # declined (or not understood): run here
        return _relay(reader)
    except KeyboardInterrupt:
        return 130
    finally:
        _signal.signal(_signal.SIGINT, previous)


def _relay(reader: _Reader) -> int | None:
    """Writes what the server sends to stdout and stderr until its exit code."""
    silenced = False
    try:
        while True:
            kind, payload = reader.next()
            if kind == b"x":
                return 0 if silenced else int(payload)
            if kind in (b"o", b"e") and not silenced:
                try:
                    _write(1 if kind == b"o" else 2, payload)
                except OSError:  # a reader that left (`| head`): main() ends such a command
                    silenced = True  # quietly with exit 0
    except (OSError, ValueError, _Dropped):
        # The server went away mid-command (killed): run it here, whatever was printed.
        return None


def _write(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


class _Reader:
    """Frames read from the socket."""

    def __init__(self, sock: object) -> None:
        self.sock = sock
        self.buffer = b""

    def _take(self, n: int) -> bytes:
        while len(self.buffer) < n:
            chunk = self.sock.recv(65536)  # type: ignore[attr-defined]
            if not chunk:
                raise _Dropped
            self.buffer += chunk
        taken, self.buffer = self.buffer[:n], self.buffer[n:]
        return taken

    def next(self) -> tuple[bytes, bytes]:
        head = self._take(5)
        return head[:1], self._take(int.from_bytes(head[1:], "big"))
