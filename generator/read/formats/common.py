"""What every reader shares: the Source it reads for, the Reader signature, line positions, message wording.

A reader is `(text, source) -> (records, problems)`: the text is already decoded (BOM dropped, line ends
normalised to \\n), and the reader never raises for bad user data, so one broken file cannot hide the
problems of the others.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from typing import Any, Callable

from generator.model import Problem, Record


@dataclass(frozen=True)
class Source:
    """Where a file's records come from: its display path and default collection name."""

    path: str  # relative to the project root, forward slashes
    collection: str  # the file stem unless the format names it


Reader = Callable[[str, Source], "tuple[list[Record], list[Problem]]"]


def line_starts(text: str) -> list[int]:
    """Return the offset at which each line of `text` starts."""
    return [0] + [m.end() for m in re.finditer("\n", text)]


def line_at(starts: list[int], offset: int) -> int:
    """Return the 1-based line holding character `offset`."""
    return bisect.bisect_right(starts, offset)


def type_name(value: Any) -> str:
    """Return the JSON/YAML name of a value's type, for messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def short_error(error: BaseException) -> str:
    """Return an exception's message without Python internals."""
    if isinstance(error, RecursionError):
        return "nested too deeply"
    if "integer string conversion" in str(error):
        return "a number has too many digits"
    return str(error).split("\n")[0]
