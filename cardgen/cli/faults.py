"""Faults of the machine -> a Problem the person can act on (exit 2, never "a bug in cardgen").

A full disk, a file or folder cardgen may not read or write, a symbolic link that leads to
itself: each is said with the file it happened to, what it means, and what was kept.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

from cardgen.errors import Problem

# errno -> (rule, what happened, what to do)
_FAULTS: dict[int, tuple[str, str, str]] = {
    errno.ENOSPC: ("disk-full", "no space left on the device",
                   "free some space on that disk (or write elsewhere with --out) and run again"),
    errno.EDQUOT: ("disk-full", "the disk quota is used up",
                   "free some space within your quota (or write elsewhere with --out) and run again"),
    errno.EACCES: ("permission-denied", "permission denied",
                   "give yourself read and write access to it (ls -l shows who may), or run "
                   "where you may write"),
    errno.EPERM: ("permission-denied", "the operation is not permitted",
                  "give yourself access to it (ls -l shows who may), or run where you may write"),
    errno.EROFS: ("read-only", "the file system is read-only",
                  "write elsewhere with --out, or mount the disk writable"),
    errno.ELOOP: ("symlink-loop", "a symbolic link leads back to itself",
                  "fix or remove the link (ls -l shows where each link points)"),
    errno.ENAMETOOLONG: ("name-too-long", "the path is too long for the file system",
                         "use shorter folder or file names"),
    errno.EMFILE: ("too-many-files", "too many files are open",
                   "raise the open-file limit (ulimit -n) and run again"),
    errno.EIO: ("io-error", "the device reported an input/output error",
                "check the disk (it may be failing or disconnected) and run again"),
}


def _fault(exc: OSError) -> tuple[str, str, str]:
    return _FAULTS.get(exc.errno or 0, (
        "system-error", (exc.strerror or "the operating system refused").lower(),
        "fix the file or folder named and run again"))


def what_happened(exc: OSError) -> str:
    """The fault in words ("no space left on the device")."""
    return _fault(exc)[1]


def fault_problem(exc: OSError, kept: str) -> Problem:
    """The Problem of a fault of the machine, naming the file; `kept` says what output was left
    as it was ("the previous output is unchanged")."""
    rule, what, hint = _fault(exc)
    name = exc.filename if exc.filename is not None else exc.filename2
    target = _shown(name)
    message = f"{target}: {what}" if target else what
    return Problem(rule, f"{message}; {kept}" if kept else message, hint=hint)


def _shown(name: object) -> str:
    """A file name as the person knows it: relative to the working folder when inside it."""
    if name is None:
        return ""
    text = os.fsdecode(name) if isinstance(name, str | bytes) else str(name)
    try:
        return str(Path(text).relative_to(Path.cwd()))
    except ValueError:
        return text
