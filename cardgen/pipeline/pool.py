"""The processes a build's work runs on: the build process, and helpers forked when it is large.

Stage 3 (laying out many fresh faces) and stages 4-7 (writing files) take an executor from
`running(large)`. Small work runs `Inline`, at once, in the build process: a forked helper
costs CPU time (the fork, the pages it copies, its own imports and caches, results sent back by
pickling) that only large work pays back in wall time, so the caller says whether its work is
large (by faces to lay out, faces to draw), not by the size of the deck. Large work, with more
than one core (CARDGEN_JOBS), gets a `Shared` executor: worker_count() - 1 helpers forked on
the first task take tasks in order, and the build process runs the tasks no helper has started
yet whenever it waits for a result (`Shared.help`, `wait_first`), so one core's worth of work
never waits on a pickle. Helpers inherit what the build holds (the database, the faces)
instead of receiving it, and die with the build.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")


class Inline(Executor):
    """An executor that runs each task at once in this process."""

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        future: Future[T] = Future()
        _run_into(future, fn, *args, **kwargs)
        return future


def _run_into(future: Future[Any], fn: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
    try:
        future.set_result(fn(*args, **kwargs))
    except BaseException as exc:  # handed to the caller through the future
        future.set_exception(exc)


def worker_count() -> int:
    """Processes a build may keep busy at once: CARDGEN_JOBS, else the cores it may use."""
    wanted = os.environ.get("CARDGEN_JOBS", "")
    if wanted.isdigit() and int(wanted) > 0:
        return int(wanted)
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def _die_with_parent(parent: int) -> None:
    """Helper start-up: on Linux, ask for SIGKILL when the build process dies; a helper whose
    build process died before it asked (killed just after the fork) exits at once, so it cannot
    keep the output folder's lock or write."""
    try:
        import ctypes

        ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
    if os.getppid() != parent:
        os._exit(1)


class _Proxy(Future[Any]):
    """A Shared task's future: waiting for its result runs queued tasks in this process."""

    def __init__(self, owner: Shared) -> None:
        super().__init__()
        self.owner = owner

    def result(self, timeout: float | None = None) -> Any:
        while not self.done() and self.owner.help():
            pass
        return super().result(timeout)


@dataclass
class _Task:
    handed: Future[Any]  # the helpers' future: cancelled when this process runs the task
    proxy: _Proxy  # the caller's
    call: tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any]]

    def copy(self, handed: Future[Any]) -> None:
        """A helper finished it: its result (or exception) to the caller's future."""
        if handed.cancelled():
            return  # taken back by the build process, which sets the proxy itself
        exc = handed.exception()
        if exc is not None:
            self.proxy.set_exception(exc)
        else:
            self.proxy.set_result(handed.result())


class Shared(Executor):
    """Helpers forked on the first task, and this process, taking tasks in submission order."""

    def __init__(self, helpers: int) -> None:
        self.helpers = helpers
        self.pool: ProcessPoolExecutor | None = None
        self.queued: deque[_Task] = deque()  # handed to the helpers, maybe not started yet
        self.forks = 0  # helper pools forked (0 or 1)

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        if self.pool is None:
            self.pool = self._fork()
        proxy = _Proxy(self)
        task = _Task(self.pool.submit(fn, *args, **kwargs), proxy, (fn, args, kwargs))
        task.handed.add_done_callback(task.copy)
        self.queued.append(task)
        return proxy

    def _fork(self) -> ProcessPoolExecutor:
        """The helpers, forked now; the objects this process holds are frozen for the cyclic
        collector first, so neither side's collections copy the pages they share."""
        gc.freeze()
        self.forks += 1
        pool = ProcessPoolExecutor(self.helpers, mp_context=multiprocessing.get_context("fork"),
                                   initializer=_die_with_parent, initargs=(os.getpid(),))
        return pool

    def help(self) -> bool:
        """Run here the first task no helper has started; False when there is none."""
        while self.queued:
            task = self.queued.popleft()
            if task.handed.cancel():  # not started by a helper: it is this process's now
                fn, args, kwargs = task.call
                _run_into(task.proxy, fn, *args, **kwargs)
                return True
        return False

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        if cancel_futures:
            for task in self.queued:
                if task.handed.cancel():
                    task.proxy.cancel()
            self.queued.clear()
        elif wait:
            while self.help():
                pass
        if self.pool is not None:
            self.pool.shutdown(wait=wait, cancel_futures=cancel_futures)
            gc.unfreeze()


def wait_first(pool: Executor, futures: Iterable[Future[T]]) -> set[Future[T]]:
    """The futures that are done, once one is; meanwhile a Shared pool's build process runs
    the tasks no helper has started."""
    futures = list(futures)
    while isinstance(pool, Shared) and not any(f.done() for f in futures) and pool.help():
        pass
    return wait(futures, return_when=FIRST_COMPLETED).done


def executor(large: bool = True) -> Executor:
    """Inline for small work or one core; else a Shared executor with worker_count() - 1 helpers."""
    workers = worker_count()
    if not large or workers < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return Inline()
    return Shared(workers - 1)


@contextmanager
def running(large: bool = True) -> Iterator[Executor]:
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
