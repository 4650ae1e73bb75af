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

import functools
import gc
import os
import signal
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

if TYPE_CHECKING:  # multiprocessing is loaded only by a build that forks helpers
    from concurrent.futures import ProcessPoolExecutor

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
    """A Shared task's future: waiting for its result runs waiting tasks in this process."""

    def __init__(self, owner: Shared) -> None:
        super().__init__()
        self.owner = owner

    def result(self, timeout: float | None = None) -> Any:
        while not self.done() and self.owner.help():
            pass
        return super().result(timeout)


Call = tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any]]


class Shared(Executor):
    """Helpers taking waiting tasks from the back, this process from the front.

    Tasks are handed out once the caller waits (`help`), so the whole queue is known by then:
    a helper is forked when two tasks wait, and handed the last waiting task whenever it is
    free (so none holds a queue of them); this process runs the first waiting task whenever
    its caller waits. Work that shares this process's memos (face operators drawn for one
    PDF, reused by the next) thus stays here, instead of being done again in a helper."""

    def __init__(self, helpers: int) -> None:
        self.helpers = helpers
        self.pool: ProcessPoolExecutor | None = None
        self.waiting: deque[tuple[_Proxy, Call]] = deque()  # not taken by anyone yet
        self.busy = 0  # tasks a helper holds
        self.closing = False
        self.lock = threading.Lock()  # helpers' results arrive on the pool's own thread

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        proxy = _Proxy(self)
        with self.lock:
            self.waiting.append((proxy, (fn, args, kwargs)))
        if self.pool is not None:
            self._hand_over()
        return proxy

    def _hand_over(self) -> None:
        """Give the last waiting tasks to free helpers; they are forked once two tasks wait (a
        lone task, as a Letter-only build's one PDF, runs here without a fork)."""
        while True:
            with self.lock:
                if self.closing or self.busy >= self.helpers or not self.waiting:
                    return
                if self.pool is None and len(self.waiting) < 2:
                    return
                proxy, (fn, args, kwargs) = self.waiting.pop()
                self.busy += 1
            try:
                if self.pool is None:
                    self.pool = self._fork()
                handed = self.pool.submit(fn, *args, **kwargs)
            except RuntimeError:  # the pool is shutting down: the task stays this process's
                with self.lock:
                    self.busy -= 1
                    self.waiting.append((proxy, (fn, args, kwargs)))
                return
            handed.add_done_callback(functools.partial(self._finished, proxy))

    def _finished(self, proxy: _Proxy, handed: Future[Any]) -> None:
        """A helper's task ended: its result to the caller, the helper's next task to it."""
        with self.lock:
            self.busy -= 1
        if handed.cancelled():
            proxy.cancel()
        elif handed.exception() is not None:
            proxy.set_exception(handed.exception())
        else:
            proxy.set_result(handed.result())
        self._hand_over()

    def _fork(self) -> ProcessPoolExecutor:
        """The helpers, forked now; the objects this process holds are frozen for the cyclic
        collector first, so neither side's collections copy the pages they share."""
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        gc.freeze()
        return ProcessPoolExecutor(self.helpers, mp_context=multiprocessing.get_context("fork"),
                                   initializer=_die_with_parent, initargs=(os.getpid(),))

    def help(self) -> bool:
        """Hand the last waiting tasks to free helpers, run the first here; False when none is
        waiting."""
        self._hand_over()
        with self.lock:
            if not self.waiting:
                return False
            proxy, (fn, args, kwargs) = self.waiting.popleft()
        _run_into(proxy, fn, *args, **kwargs)
        return True

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        if cancel_futures:
            with self.lock:
                dropped, self.waiting = list(self.waiting), deque()
            for proxy, _ in dropped:
                proxy.cancel()
        elif wait:
            while self.help():
                pass
        with self.lock:
            self.closing = True
        if self.pool is not None:
            self.pool.shutdown(wait=wait, cancel_futures=cancel_futures)
            gc.unfreeze()


def wait_first(pool: Executor, futures: Iterable[Future[T]],
               idle: list[Callable[[], None]] | None = None) -> set[Future[T]]:
    """The futures that are done, once one is; meanwhile a Shared pool's build process runs
    the tasks no helper has started, then, while helpers still work, the `idle` jobs (taken
    off the list as they run)."""
    futures = list(futures)
    while isinstance(pool, Shared) and not any(f.done() for f in futures):
        if pool.help():
            continue
        if not idle:
            break
        idle.pop(0)()
    return wait(futures, return_when=FIRST_COMPLETED).done


def executor(large: bool = True) -> Executor:
    """Inline for small work or one core; else a Shared executor with worker_count() - 1 helpers."""
    workers = worker_count()
    if not large or workers < 2:
        return Inline()
    import multiprocessing

    if "fork" not in multiprocessing.get_all_start_methods():
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
