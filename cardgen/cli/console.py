"""Where a command prints: rich's Console, made only when something needs it.

Output to a file or a pipe is plain text. A plain line (a problem, the build's summary) is
written as the very text rich writes there, without importing rich; anything else (a table,
styled `Text`, markup, a line rich would wrap or change) goes to the rich Console, built on
first use the way `cardgen` always built it. Like rich, each print is flushed at once, so lines
of stdout and stderr keep their order in one pipe.
"""

from __future__ import annotations

import os
import re
import sys
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from rich.console import Console

WIDTH = 120  # columns of output that is not a terminal (tables stay readable in a file)

# rich's emoji code pattern (rich/_emoji_replace.py); of names made of digits only, these two
# name an emoji (tests/test_cli_console.py holds rich's table to that), so `file:9:5:` is plain
_EMOJI_CODE = re.compile(r"(:(\S*?)(?:(?:\-)(emoji|text))?:)")
DIGIT_EMOJI = frozenset({"100", "1234"})


class Printer(Protocol):
    """What the commands print with: a `LazyConsole`, or any rich Console (tests hand one in)."""

    @property
    def is_terminal(self) -> bool: ...

    def print(self, *objects: Any, sep: str = " ", end: str = "\n", style: str | None = None,
              markup: bool | None = None, soft_wrap: bool | None = None) -> None: ...


class LazyConsole:
    """stdout or stderr: plain lines written directly to a file or pipe, the rest through
    rich (`rich`, made when first needed)."""

    def __init__(self, stderr: bool) -> None:
        self.stderr = stderr
        self.quiet = False
        self._rich: Console | None = None
        self._plain = _plain_stream(stderr)

    @property
    def rich(self) -> Console:
        """The rich Console: on a terminal at its width, else 120 columns, no highlighting."""
        if self._rich is None:
            from rich.console import Console

            class _Console(Console):
                """rich's Console, leaving a closed pipe (`| head`) to main: it ends quietly
                with exit 0."""

                def on_broken_pipe(self) -> None:
                    self.quiet = True
                    raise BrokenPipeError

            width = None if Console(stderr=self.stderr).is_terminal else WIDTH
            self._rich = _Console(stderr=self.stderr, highlight=False, width=width)
        return self._rich

    @property
    def plain(self) -> bool:
        """Whether it writes plain text to a file or pipe (what `plain_as_rich` and
        `cardgen.cli.plaintext` lay out as rich would there)."""
        return self._plain

    def write(self, text: str) -> None:
        """Write text as it is, flushed at once as rich flushes a print (plain output)."""
        self._write(text)

    @property
    def is_terminal(self) -> bool:
        return False if self._plain else self.rich.is_terminal

    def print(self, *objects: Any, sep: str = " ", end: str = "\n", style: str | None = None,
              markup: bool | None = None, soft_wrap: bool | None = None) -> None:
        if self._plain and markup is False and len(objects) == 1 and isinstance(objects[0], str) \
                and plain_as_rich(objects[0], bool(soft_wrap)):
            self._write(objects[0] + end)
        else:
            self.rich.print(*objects, sep=sep, end=end, style=style, markup=markup,
                            soft_wrap=soft_wrap)

    def _write(self, text: str) -> None:
        if self.quiet or (self._rich is not None and self._rich.quiet):
            return
        stream = sys.stderr if self.stderr else sys.stdout
        try:
            stream.write(text)
            stream.flush()
        except BrokenPipeError:
            self.quiet = True
            raise
        except UnicodeEncodeError as error:  # as rich says it
            error.reason = (f"{error.reason}\n*** You may need to add PYTHONIOENCODING=utf-8 "
                            "to your environment ***")
            raise


def as_rich(console: Printer) -> Console:
    """The rich Console behind a printer (a progress bar draws on it)."""
    return console.rich if isinstance(console, LazyConsole) else console  # type: ignore[return-value]


def _plain_stream(stderr: bool) -> bool:
    """Whether rich would see a file or pipe here, with no colour forced and no notebook: then
    it writes text without escape codes at 120 columns, as `plain_as_rich` assumes."""
    env = os.environ
    if any(name in env for name in ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE",
                                    "JUPYTER_COLUMNS", "JUPYTER_LINES")):
        return False
    import builtins

    if hasattr(builtins, "get_ipython") or getattr(sys.stdin, "__module__", "").startswith("idlelib"):
        return False
    stream = sys.stderr if stderr else sys.stdout
    isatty = getattr(stream, "isatty", None)
    try:
        return isatty is not None and not isatty()
    except ValueError:
        return True


def plain_as_rich(text: str, soft_wrap: bool) -> bool:
    """Whether rich prints `text` (markup off, no highlighting, no colour, 120 columns) as it
    is: printable characters, no line ending in a space, no emoji code, and each line within
    the width unless soft-wrapped."""
    lines = text.split("\n")
    if not "".join(lines).isprintable() or any(line[-1:] == " " for line in lines):
        return False
    if not soft_wrap and any(len(line) * (1 if line.isascii() else 2) > WIDTH for line in lines):
        return False
    for match in _EMOJI_CODE.finditer(text):
        name = match.group(2)
        if not (name.isascii() and name.isdigit() and name not in DIGIT_EMOJI):
            from rich._emoji_replace import _emoji_replace

            return _emoji_replace(text) == text
    return True
