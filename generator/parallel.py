"""Parallel map for the per-paper stages: the same results in the same order, on every core.

Normalising an abstract, inferring its title and method name, finding its tag candidates and planning its
cross-links depend on that one paper only, and are pure Python: one core does about 1 ms of each per
paper. At conference scale the cores share the work. Workers are forked, so they inherit the function and
its inputs without pickling them; only results travel back, in input order, so output never depends on the
number of workers. Where forking is unsafe or unavailable (other threads running, as under `papersite
serve`; Windows; macOS) and for small batches, the work runs in this process.

`PAPERSITE_JOBS` sets the number of workers (default: the cores this process may use; 1 turns it off).
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import threading
from typing import Callable, Sequence, TypeVar

from .model import PapersiteError

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


def map_ordered(fn: Callable[[T], R], items: Sequence[T], min_items: int | None = None) -> list[R]:
    """Return [fn(x) for x in items], computed by forked workers when the batch is large enough."""
    n_jobs = min(jobs(), len(items))
    if n_jobs < 2 or len(items) < (MIN_ITEMS if min_items is None else min_items) or not can_fork():
        return [fn(x) for x in items]
    global _task
    # A few chunks per worker even out chunks of unequal cost; results come back in chunk order.
    n_chunks = min(len(items), n_jobs * 4)
    bounds = [len(items) * k // n_chunks for k in range(n_chunks + 1)]
    _task = (fn, items)
    try:
        with multiprocessing.get_context("fork").Pool(n_jobs) as pool:
            parts = pool.map(_run_chunk, list(zip(bounds, bounds[1:])), chunksize=1)
    finally:
        _task = None
    return [r for part in parts for r in part]


def _run_chunk(bounds: tuple[int, int]) -> list:
    """Run the current task on items[start:stop] (in a worker)."""
    assert _task is not None
    fn, items = _task
    start, stop = bounds
    return [fn(items[i]) for i in range(start, stop)]
