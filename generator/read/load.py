"""Read the data folder: every supported file becomes raw Records plus the Problems found on the way.

The walk, the safe file gate and decoding are in files.py; the reader for each format, chosen by
extension from READERS, is in formats/. What is left here is true of every format: a file without
abstracts is reported, and a record nested too deeply for the later stages is left out.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.model import PapersiteError, Problem, Record, quoted
from generator.read.files import data_files, decode, display_path, read_bytes
from generator.read.formats import READERS
from generator.read.formats.common import Source

__all__ = ["READERS", "Source", "display_path", "read_data", "read_file"]

#: How deeply lists and mappings may nest in one field's value (real metadata nests a few levels at most).
MAX_NESTING = 100


def read_data(data_dir: Path, root: Path) -> tuple[list[Record], list[Problem]]:
    """Read every data file under `data_dir` (sorted, recursive) into records and problems."""
    if not data_dir.is_dir():
        raise PapersiteError(f"{quoted(display_path(data_dir, root))}: data folder not found")
    records: list[Record] = []
    problems: list[Problem] = []
    files = list(data_files(data_dir))
    inside = data_dir.resolve()
    for path in files:
        found, trouble = read_file(path, root, inside)
        records.extend(found)
        problems.extend(trouble)
    if not files:
        problems.append(Problem(display_path(data_dir, root), 0, "data", "no data files found", "warning"))
    return records, problems


def read_file(path: Path, root: Path, inside: Path | None = None) -> tuple[list[Record], list[Problem]]:
    """Read one data file (which must resolve inside `inside`, by default its own folder) with the reader for its extension."""
    source = Source(display_path(path, root), path.stem)
    suffix = path.suffix.lower()
    reader = READERS.get(suffix)
    if reader is None:
        what = f"file type {suffix}" if suffix else "file without extension"
        return [], [Problem(source.path, 1, "file", f"unsupported {what}; skipped", "warning")]
    data, problem = read_bytes(path, inside or path.parent.resolve(), source.path)
    if data is None:
        return [], [problem] if problem else []
    text, problem = decode(data, source.path)
    if text is None:
        return [], [problem] if problem else []
    records, problems = reader(text, source)
    records, problems = _shallow_records(records, problems)
    if not records and not any(p.severity == "error" for p in problems):
        problems.append(Problem(source.path, 1, "file", "no abstracts found", "warning"))
    return records, problems


def _shallow_records(records: list[Record], problems: list[Problem]) -> tuple[list[Record], list[Problem]]:
    """Keep the records whose values nest at most MAX_NESTING levels; report each other one and leave it out."""
    # JSON and YAML parse values far deeper than the later stages (which walk values recursively) can handle.
    kept, problems = [], list(problems)
    for record in records:
        deep = next((name for name, value in record.fields.items() if _nested_deeper(value, MAX_NESTING)), None)
        if deep is None:
            kept.append(record)
        else:
            problems.append(Problem(record.source, record.line_of(deep), deep,
                                    f"nested more than {MAX_NESTING} levels deep; record skipped"))
    return kept, problems


def _nested_deeper(value: Any, limit: int) -> bool:
    """Tell whether lists and mappings nest in `value` more than `limit` levels deep (iteratively, so never overflowing)."""
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (list, tuple, dict)):
            if depth >= limit:
                return True
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return False
