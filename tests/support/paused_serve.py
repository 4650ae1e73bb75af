"""`cardgen serve` whose first build stops in the middle of writing its output and says so, for
a test to interrupt it there: run as `python paused_serve.py FD cardgen-args...`. Once every
file but the manifest of its first build is in the temporary folder, it writes one byte to file
descriptor FD and waits for its standard input, which the test never writes (Ctrl-C, handed on
by the command's client, ends the wait); later builds run through."""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository


def main() -> int:
    signal_fd, args = int(sys.argv[1]), sys.argv[2:]
    from cardgen.cli import main as cli
    from cardgen.pipeline import run as pipeline

    write_manifest = pipeline.write_manifest_file
    paused: list[bool] = []

    def pause(*args: object, **kwargs: object) -> object:
        if not paused:
            paused.append(True)
            os.write(signal_fd, b"w")
            sys.stdin.buffer.read()
        return write_manifest(*args, **kwargs)  # type: ignore[arg-type]

    pipeline.write_manifest_file = pause  # type: ignore[assignment]
    return cli(args)


if __name__ == "__main__":
    sys.exit(main())
