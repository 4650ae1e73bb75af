"""The worker processes a build runs its tasks on: one per core, forked, dying with the build.

Stage 3 (laying out a large deck) and stages 4-7 (writing files) each fork a pool from the
build process, so the workers inherit what the build holds (the database, the faces) instead
of receiving it. With one core, or CARDGEN_JOBS=1, tasks run in the build process itself.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any, ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")


class Inline(Executor):
    """An executor that runs each task at once in this process."""

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        future: Future[T] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # handed to the caller through the future
            future.set_exception(exc)
        return future


def worker_count() -> int:
    wanted = os.environ.get("CARDGEN_JOBS", "")
    if wanted.isdigit() and int(wanted) > 0:
        return int(wanted)
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def _die_with_parent(parent: int) -> None:
    """Worker start-up: on Linux, ask for SIGKILL when the build process dies; a worker whose
    build process died before it asked (killed just after the fork) exits at once, so it cannot
    keep the output folder's lock or write."""
    try:
        import ctypes

        ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
    if os.getppid() != parent:
        os._exit(1)


def executor() -> Executor:
    workers = worker_count()
    if workers < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return Inline()
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"),
                               initializer=_die_with_parent, initargs=(os.getpid(),))


@contextmanager
def running() -> Iterator[Executor]:
    """The pool for a `with` block: shut down when the block ends, its queued tasks cancelled
    when it ends by an exception."""
    pool = executor()
    try:
        yield pool
    except BaseException:
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown(wait=True)


def chunks(items: Sequence[Any], size: int) -> list[list[Any]]:
    """`items` in consecutive lists of `size` (the last may be shorter)."""
    return [list(items[i:i + size]) for i in range(0, len(items), size)]
