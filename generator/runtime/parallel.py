"""Parallel map for the per-paper stages: the same results in the same order, on every core.

Normalising an abstract, inferring its title and method name, finding its tag candidates and planning its
cross-links depend on that one paper only, and are pure Python: one core does about 1 ms of each per
paper. At conference scale the cores share the work. Workers are forked, so they inherit the function and
its inputs without pickling them; only results travel back, in input order, so output never depends on the
number of workers. Where forking is unsafe or unavailable (other threads running, as under `papersite
serve`; Windows; macOS) and for small batches, the work runs in this process.

`Background` runs one whole-corpus step the same way, in a forked child, while this process does another
(the related papers are found while the topics are named); `BackgroundSteps` hands back a child's values one by one
(the text features, which the tags wait for, then the topic groups, which they do not).

A forked child starts with its parent's resident memory: `release_memory` frees what the parent no longer needs
(and hands it back to the system) before it forks.

`PAPERSITE_JOBS` sets the number of workers (default: the cores this process may use; 1 turns it off).
"""

from __future__ import annotations

import ctypes
import functools
import gc
import multiprocessing
import os
import pickle
import signal
import sys
import tempfile
import threading
import traceback
from typing import Any, BinaryIO, Callable, Generic, Iterator, Sequence, TypeVar

from generator.model import PapersiteError

T = TypeVar("T")
R = TypeVar("R")

#: Below this many items the work stays in this process: starting workers costs more than it saves.
MIN_ITEMS = 400
#: Never start more workers than this, whatever the machine.
MAX_JOBS = 8

# What the forked workers run: set just before the pool starts, read by _run_chunk in the children.
_task: tuple[Callable, Sequence] | None = None


def jobs() -> int:
    """Return how many workers to use: PAPERSITE_JOBS, else the cores available (at most MAX_JOBS)."""
    value = os.environ.get("PAPERSITE_JOBS", "").strip()
    if value:
        if not value.isdigit() or int(value) < 1:
            raise PapersiteError(f"PAPERSITE_JOBS: expected a whole number of workers (1 or more), got {value!r}")
        return int(value)
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(cores, MAX_JOBS))


def can_fork() -> bool:
    """Return whether forking workers is safe here: a fork start method and no other thread running."""
    if sys.platform == "darwin" or "fork" not in multiprocessing.get_all_start_methods():
        return False
    # A thread holding a lock at fork time leaves that lock held forever in the child.
    return threading.active_count() == 1 and threading.current_thread() is threading.main_thread()


def release_memory() -> None:
    """Free unreachable objects and hand the allocator's free pages back to the system (glibc's malloc_trim).

    A forked child starts with its parent's resident memory, so memory freed before a fork is freed in both.
    Where the C library has no malloc_trim (macOS, musl), only the collection runs.
    """
    gc.collect()
    trim = getattr(_libc(), "malloc_trim", None)
    if trim is not None:
        trim(0)


@functools.cache
def _libc() -> Any:
    """Return the C library this process runs on, or None where ctypes cannot name it."""
    try:
        return ctypes.CDLL(None)  # the symbols this process already has, the C library's among them
    except (OSError, TypeError):  # Windows' ctypes takes no None for the running program
        return None


def map_ordered(fn: Callable[[T], R], items: Sequence[T], min_items: int | None = None) -> list[R]:
    """Return [fn(x) for x in items], computed by forked workers when the batch is large enough."""
    with Ordered(fn, items, min_items) as work:
        return work.result()


class Ordered(Generic[R]):
    """map_ordered(fn, items) started now on the workers while this process goes on; `result()` waits for it.

    Use it as a context manager: leaving the block without taking the result stops the workers. While they run,
    this process forks no other workers (their pool's threads make forking unsafe): its own maps run here.
    """

    def __init__(self, fn: Callable[[T], R], items: Sequence[T], min_items: int | None = None) -> None:
        self._fn, self._items = fn, items
        self._pool = self._pending = None
        n_jobs = min(jobs(), len(items))
        if n_jobs < 2 or len(items) < (MIN_ITEMS if min_items is None else min_items) or not can_fork():
            return
        global _task
        # A few chunks per worker even out chunks of unequal cost. Chunk k takes every n-th item from k: costly items
        # that sit together (a renderer's whole-corpus files, listed first) are dealt to every worker, not one.
        self._chunks = min(len(items), n_jobs * 4)
        _task = (fn, items)
        try:
            self._pool = multiprocessing.get_context("fork").Pool(n_jobs)
        except OSError:  # no process to spare (memory, process limit): result() does the work here
            _task = None
            return
        self._pending = self._pool.map_async(_run_chunk, [(k, self._chunks) for k in range(self._chunks)], chunksize=1)

    def result(self) -> list[R]:
        """Return [fn(x) for x in items], in order (computed here if no worker was started)."""
        if self._pool is None:
            return [self._fn(x) for x in self._items]
        try:
            parts = self._pending.get()
        finally:
            self._stop()
        out: list = [None] * len(self._items)
        for k, part in enumerate(parts):
            out[k::self._chunks] = part
        return out

    def _stop(self) -> None:
        """End the workers (at once if their work was not taken) and forget the task."""
        global _task
        if self._pool is not None:
            self._pool.terminate()
            self._pool.join()
            self._pool = None
            _task = None

    def __enter__(self) -> "Ordered[R]":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._stop()


def _run_chunk(chunk: tuple[int, int]) -> list:
    """Run the current task on every n-th item from the k-th, for chunk (k, n) (in a worker)."""
    assert _task is not None
    fn, items = _task
    first, step = chunk
    return [fn(items[i]) for i in range(first, len(items), step)]


class Background(Generic[R]):
    """A value computed by a forked child process while this one goes on; `result()` waits for it.

    Use it as a context manager: leaving the block without taking the result stops the child.
    """

    def __init__(self, fn: Callable[[], R]) -> None:
        self._fn = fn
        self._pid: int | None = None
        self._pipe: int | None = None
        if jobs() >= 2 and can_fork():
            self._start()

    def _start(self) -> None:
        """Fork the child; it sends back its pickled result (or exception) and exits."""
        read, write = os.pipe()
        try:
            pid = os.fork()
        except OSError:  # no process to spare (memory, process limit): result() computes it here instead
            os.close(read)
            os.close(write)
            return
        if pid == 0:  # the child: never return into the caller's code
            try:
                os.close(read)
                with os.fdopen(write, "wb") as pipe:
                    pipe.write(_outcome(self._fn))
            finally:
                os._exit(0)
        os.close(write)
        self._pid, self._pipe = pid, read

    @property
    def started(self) -> bool:
        """Tell whether a child is computing the value (else result() computes it here, when asked)."""
        return self._pid is not None

    def result(self) -> R:
        """Return fn()'s value (computed here if no child was started), or raise what it raised."""
        if self._pid is None:
            return self._fn()
        assert self._pipe is not None
        with os.fdopen(self._pipe, "rb") as pipe:
            data = pipe.read()  # read to the end before waiting: a full pipe would block the child
        self._pipe = None
        _, status = os.waitpid(self._pid, 0)
        self._pid = None
        if not data or os.waitstatus_to_exitcode(status) != 0:
            raise PapersiteError(_NO_RESULT)
        return _unpacked(data)

    def __enter__(self) -> "Background[R]":
        return self

    def __exit__(self, *exc_info: object) -> None:
        """Stop a child whose result was never taken (the caller failed first)."""
        if self._pid is not None:
            _end(self._pid)
            self._pid = None
        if self._pipe is not None:
            os.close(self._pipe)
            self._pipe = None


class BackgroundSteps(Generic[R]):
    """The values a generator yields, made one after another by a forked child while this process goes on; `next()`
    waits for the next one. For a whole-corpus step whose first value is wanted before its last (the text features,
    which the tags need, before the topic groups, which they do not).

    Each value is written to an unlinked temporary file the parent opened, and its place announced on a pipe, so
    the child goes on to the next value however late the parent reads. Use it as a context manager, as Background.
    """

    def __init__(self, fn: Callable[[], Iterator[R]]) -> None:
        self._fn = fn
        self._here: Iterator[R] | None = None  # the steps, run in this process when no child was started
        self._pid: int | None = None
        self._pipe: BinaryIO | None = None
        self._file: BinaryIO | None = None
        if jobs() >= 2 and can_fork():
            self._start()

    def _start(self) -> None:
        """Fork the child; it writes each step's pickled value (or exception) to the file and its place to the pipe."""
        self._file = tempfile.TemporaryFile()
        read, write = os.pipe()
        try:
            pid = os.fork()
        except OSError:  # no process to spare: next() computes the steps here instead
            os.close(read)
            os.close(write)
            self._file.close()
            self._file = None
            return
        if pid == 0:  # the child: never return into the caller's code
            try:
                os.close(read)
                with os.fdopen(write, "wb", buffering=0) as pipe:
                    for data in _outcomes(self._fn):
                        start = self._file.tell()
                        self._file.write(data)
                        self._file.flush()
                        pipe.write(start.to_bytes(8, "little") + len(data).to_bytes(8, "little"))
            finally:
                os._exit(0)
        os.close(write)
        self._pid, self._pipe = pid, os.fdopen(read, "rb")

    def next(self) -> R:
        """Return the next value the generator yields (computed here if no child was started), or raise what it raised."""
        if self._pid is None:
            if self._here is None:
                self._here = iter(self._fn())
            return next(self._here)
        assert self._pipe is not None and self._file is not None
        place = self._pipe.read(16)
        if len(place) < 16:
            raise PapersiteError(_NO_RESULT)
        start, size = int.from_bytes(place[:8], "little"), int.from_bytes(place[8:], "little")
        return _unpacked(os.pread(self._file.fileno(), size, start))

    def __enter__(self) -> "BackgroundSteps[R]":
        return self

    def __exit__(self, *exc_info: object) -> None:
        """End the child (at once if steps were left untaken) and close the pipe and the file."""
        if self._pid is not None:
            _end(self._pid)  # one that has ended already is only reaped
            self._pid = None
        for handle in (self._pipe, self._file):
            if handle is not None:
                handle.close()
        self._pipe = self._file = None


#: What the parent says when a child ended without sending what it was to send.
_NO_RESULT = "a worker process ended without a result (out of memory?); try PAPERSITE_JOBS=1"


def _unpacked(data: bytes) -> Any:
    """Return the value a child sent as pickled (True, value), or raise the exception it sent as (False, exc)."""
    ok, value = pickle.loads(data)
    if not ok:
        raise value
    return value


def _end(pid: int) -> None:
    """Kill a child and reap it."""
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)


def _outcomes(fn: Callable[[], Iterator[R]]) -> Iterator[bytes]:
    """Yield the pickled (True, value) of every value fn() yields or, if it raised, (False, the exception) and stop."""
    try:
        for value in fn():
            yield pickle.dumps((True, value), protocol=pickle.HIGHEST_PROTOCOL)
    except BaseException as exc:  # noqa: BLE001 - handed to the parent, which raises it
        yield _failure(exc)


def _outcome(fn: Callable[[], R]) -> bytes:
    """Return the pickled (True, fn()) or, if it raised, (False, the exception with the child's traceback)."""
    try:
        return pickle.dumps((True, fn()), protocol=pickle.HIGHEST_PROTOCOL)
    except BaseException as exc:  # noqa: BLE001 - handed to the parent, which raises it
        return _failure(exc)


def _failure(exc: BaseException) -> bytes:
    """Return the pickled (False, exc), its traceback in the child kept as a note, or as text if it cannot travel."""
    if not isinstance(exc, PapersiteError):  # a bug: keep where it happened, which the parent cannot see
        exc.add_note("In a worker process:\n" + "".join(traceback.format_exception(exc)).rstrip())
    try:
        data = pickle.dumps((False, exc), protocol=pickle.HIGHEST_PROTOCOL)
        pickle.loads(data)  # some exceptions pickle but cannot be rebuilt (other __init__ arguments)
        return data
    except Exception:  # an exception that cannot travel still reaches the parent, as text
        return pickle.dumps((False, RuntimeError(f"{type(exc).__name__}: {exc}")))
