"""The process's own command line (`cardgen ...`, `python -m cardgen ...`), ended with its command.

When a command has returned, all that is left of the process is Python's tear-down: each of
its modules emptied and every object the command made freed one by one (about 0.1 s of CPU
after a 6,000-card build, most of a millisecond per 100 cards). `run` ends the process as soon
as the command has: the exit functions run (`atexit`: multiprocessing's, logging's, a caller's
own), stdout and stderr flushed, then `os._exit` with the command's code; the memory goes back
to the system whole. Every file cardgen writes is closed before the command returns (written
through `with` or a descriptor it closes), so nothing is left to flush. While another thread is
still running, a profiler or tracer is on (`python -m cProfile -m cardgen`, coverage), or stdout
cannot be flushed (a closed pipe), the process ends the ordinary way, so Python waits for the
thread, the profiler writes its figures, or the pipe is reported as it always has been.

`build` and `check` first look for a `cardgen serve` of their project and hand it the command
(cli/serve_client.py) before the command line's own modules are imported; with none, they run
in a child forked at once, which then stays on as the project's server, while this process
waits for its exit code and ends with it (cli/autoserve.py).
"""

from __future__ import annotations

import atexit
import os
import sys

from cardgen.cli.collector import for_a_command

TYPE_CHECKING = False  # typing's import alone is ~3 ms: more than a handed-over command's own work
if TYPE_CHECKING:
    from typing import NoReturn

for_a_command()  # before the command line's imports, not only once main() runs


def run() -> NoReturn:
    """`cardgen` on the command line: main() with sys.argv, the process ended with it (or the
    command as a running `cardgen serve` ran it)."""
    from cardgen.cli.serve_client import handed_over

    code = handed_over(sys.argv[1:])
    if code is None:
        from cardgen.cli.autoserve import project_to_serve, run_in_child

        staying = project_to_serve(sys.argv[1:])
        if staying is not None and not run_in_child():
            staying = None  # no child could be made: the command runs here, no server stays
        from cardgen.patterns import prime
        from cardgen.texts import install

        prime()  # the patterns its modules compile on import, from their compiled code
        install()  # and the named tuples' texts
        if staying is not None:
            from cardgen.pipeline.warm import keep_warm

            keep_warm()  # what the server it stays on as keeps (cli/autoserve.py)
        from cardgen.cli.main import main

        code = main()
        if staying is not None:
            from cardgen.cli.autoserve import stay

            stay(staying, code)  # detaches and serves; else the process ends here
    end_process(code)
    sys.exit(code)


def end_process(code: int) -> None:
    """Ends the process with `code` without Python's tear-down (never returns), unless
    another thread runs or the standard streams cannot be flushed (then it returns)."""
    threading = sys.modules.get("threading")
    if threading is not None and threading.active_count() > 1:
        return  # Python's shutdown waits for it
    if sys.getprofile() is not None or sys.gettrace() is not None:
        return  # a profiler or coverage writes what it measured as Python shuts down
    atexit._run_exitfuncs()  # what Python's shutdown runs first (and then forgets)
    try:
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
    except (OSError, ValueError):
        return  # Python's own shutdown flushes again and says what it always says
    os._exit(code)
