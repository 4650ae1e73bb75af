"""The Shared executor: the build process and helpers forked when its work is large
(cardgen.pipeline.pool picks it; see its doc)."""

from __future__ import annotations

import functools
import gc
import os
import signal
import threading
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

if TYPE_CHECKING:  # multiprocessing is loaded only by a build that forks helpers
    from concurrent.futures import ProcessPoolExecutor

P = ParamSpec("P")
T = TypeVar("T")


def _run_into(future: Future[Any], fn: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
    try:
        future.set_result(fn(*args, **kwargs))
    except BaseException as exc:  # handed to the caller through the future
        future.set_exception(exc)


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
