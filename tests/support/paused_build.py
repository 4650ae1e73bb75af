"""`cardgen build` that stops in the middle of writing its output and says so, for a test to
kill it there: run as `python paused_build.py FD cardgen-args...`. Once every file but the
manifest is in the temporary folder, it writes one byte to file descriptor FD and waits for
its standard input, which the test never writes (so it waits until it is killed; if the test
goes away first, it exits without finishing the build).

tests/support/standin_layout.py stands in for cardgen.layout as in cardgen_cli.py."""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository
from tests.support import standin_layout  # noqa: E402


def main() -> int:
    signal_fd, args = int(sys.argv[1]), sys.argv[2:]
    standin_layout.install()
    from cardgen.cli import main as cli
    from cardgen.pipeline import run as pipeline

    def pause(*_: object, **__: object) -> None:
        os.write(signal_fd, b"w")
        sys.stdin.buffer.read()
        os._exit(70)  # the test went away: leave the build unfinished, as a kill would

    pipeline.write_manifest_file = pause  # type: ignore[assignment]
    return cli(args)


if __name__ == "__main__":
    sys.exit(main())
