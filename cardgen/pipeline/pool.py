"""The processes a build's work runs on: the build process, and helpers forked when it is large.

Stage 3 (laying out many fresh faces) and stages 4-7 (writing files) take an executor from
`running(large)`. Small work runs `Inline`, at once, in the build process: a forked helper
costs CPU time (the fork, the pages it copies, its own imports and caches, results sent back by
pickling) that only large work pays back in wall time, so the caller says whether its work is
large (by faces to lay out, faces to draw), not by the size of the deck. Large work, with more
than one core (CARDGEN_JOBS), gets a `Shared` executor: worker_count() - 1 helpers, forked when
the build process first waits with two tasks waiting, take tasks from the back of the queue,
and the build process runs them from the front whenever it waits for a result (`Shared.help`,
`wait_first`): tasks submitted together that share work (PDFs drawing the same faces with
one store of face operators) stay in one process, those submitted last (SVGs) go to helpers,
and the two meet in the middle. Helpers inherit what the build holds (the database, the
faces) instead of receiving it, and die with the build.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Generic, ParamSpec, Protocol, TypeVar

P = ParamSpec("P")
T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)


class Outcome(Protocol[T_co]):
    """What a task's submission hands back: a concurrent.futures.Future, or Inline's `Done`."""

    def done(self) -> bool: ...

    def result(self, timeout: float | None = None) -> T_co: ...


class Pool(Protocol):
    """Where tasks run: `Inline`, or a concurrent.futures.Executor (`shared.Shared`)."""

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Outcome[T]: ...

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None: ...


class Done(Generic[T]):
    """A task that ran at once: its value or its exception, given back as a finished
    concurrent.futures.Future gives them (`result()` raises what the task raised)."""

    __slots__ = ("_value", "_exception")

    def __init__(self, value: T | None = None, exception: BaseException | None = None) -> None:
        self._value, self._exception = value, exception

    def done(self) -> bool:
        return True

    def cancelled(self) -> bool:
        return False

    def exception(self, timeout: float | None = None) -> BaseException | None:
        return self._exception

    def result(self, timeout: float | None = None) -> T:
        if self._exception is not None:
            try:
                raise self._exception
            finally:
                self = None  # type: ignore[assignment]  # as Future.result: no reference cycle
        return self._value  # type: ignore[return-value]


class Inline:
    """An executor that runs each task at once in this process (without concurrent.futures:
    a build small enough for no helper never loads it)."""

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Done[T]:
        try:
            return Done(fn(*args, **kwargs))
        except BaseException as exc:  # handed to the caller through the outcome
            return Done(exception=exc)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        pass


def worker_count() -> int:
    """Processes a build may keep busy at once: CARDGEN_JOBS, else the cores it may use."""
    wanted = os.environ.get("CARDGEN_JOBS", "")
    if wanted.isdigit() and int(wanted) > 0:
        return int(wanted)
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def wait_first(pool: Pool, futures: Iterable[Outcome[T]],
               idle: list[Callable[[], None]] | None = None) -> set[Outcome[T]]:
    """The futures that are done, once one is; meanwhile a Shared pool's build process runs
    the tasks no helper has started, then, while helpers still work, the `idle` jobs (taken
    off the list as they run)."""
    futures = list(futures)
    if isinstance(pool, Inline):  # its tasks are done when submitted
        return set(futures)
    from concurrent.futures import FIRST_COMPLETED, wait

    from cardgen.pipeline.shared import Shared

    while isinstance(pool, Shared) and not any(f.done() for f in futures):
        if pool.help():
            continue
        if not idle:
            break
        idle.pop(0)()
    done: set[Any] = wait(futures, return_when=FIRST_COMPLETED).done  # type: ignore[arg-type]
    return done


def executor(large: bool = True) -> Pool:
    """Inline for small work or one core; else a Shared executor with worker_count() - 1 helpers."""
    workers = worker_count()
    if not large or workers < 2:
        return Inline()
    import multiprocessing

    if "fork" not in multiprocessing.get_all_start_methods():
        return Inline()
    from cardgen.pipeline.shared import Shared

    return Shared(workers - 1)


@contextmanager
def running(large: bool = True) -> Iterator[Pool]:
    """The executor for a `with` block: shut down when the block ends, its queued tasks
    cancelled when it ends by an exception."""
    pool = executor(large)
    try:
        yield pool
    except BaseException:
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown(wait=True)


def chunks(items: Sequence[Any], size: int) -> list[list[Any]]:
    """`items` in consecutive lists of `size` (the last may be shorter)."""
    return [list(items[i:i + size]) for i in range(0, len(items), size)]
