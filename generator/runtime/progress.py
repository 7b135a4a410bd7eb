"""Progress: stage names, counts and timings on stderr (silenced by -q), kept for benchmarks."""

from __future__ import annotations

import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Iterator, TextIO


@dataclass
class Stage:
    """One finished or running stage: what it counted and how long it took."""

    name: str
    count: int | None = None
    note: str = ""
    seconds: float = 0.0


@dataclass
class Progress:
    """Report each stage as it ends; remember every stage's timing."""

    quiet: bool = False
    stream: TextIO = field(default_factory=lambda: sys.stderr)
    stages: list[Stage] = field(default_factory=list)

    @contextmanager
    def stage(self, name: str) -> Iterator[Stage]:
        """Time the block as stage `name` and report it when it ends successfully."""
        current = Stage(name)
        start = time.perf_counter()
        yield current
        current.seconds = time.perf_counter() - start
        self.stages.append(current)
        if not self.quiet:
            count = "" if current.count is None else f"{current.count:>7,}"
            note = f"  ({current.note})" if current.note else ""
            print(f"  {name:<12}{count} {current.seconds:8.2f} s{note}", file=self.stream, flush=True)

    def seconds(self) -> dict[str, float]:
        """Return seconds per stage name (summed when a stage ran twice)."""
        totals: dict[str, float] = {}
        for st in self.stages:
            totals[st.name] = totals.get(st.name, 0.0) + st.seconds
        return totals

    def say(self, message: str) -> None:
        """Print a line of progress unless quiet."""
        if not self.quiet:
            print(message, file=self.stream, flush=True)
