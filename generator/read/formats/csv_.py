"""Read tables (.csv, .tsv) with a header row, as spreadsheets export them; each record's line is where its row starts."""

from __future__ import annotations

import csv
import io
from typing import Any

from generator.model import Problem, Record
from generator.read.formats.common import Source


def _delimiter(header: str, default: str) -> str:
    """Guess the delimiter of a spreadsheet export from its header line (Excel uses ';' in many locales)."""
    counts = {d: header.count(d) for d in (default, ";", "\t")}
    best = max(counts, key=lambda d: (counts[d], d == default))
    return best if counts[best] else default


def read_csv(text: str, source: Source) -> tuple[list[Record], list[Problem]]:
    """Read a comma-separated table with a header row (or ';' or tab, as its header line shows)."""
    return _read_table(text, source, ",")


def read_tsv(text: str, source: Source) -> tuple[list[Record], list[Problem]]:
    """Read a tab-separated table with a header row."""
    return _read_table(text, source, "\t")


def _read_table(text: str, source: Source, default_delimiter: str) -> tuple[list[Record], list[Problem]]:
    """Read a table with a header row; each record's line is where its row starts."""
    header_line = next((line for line in text.split("\n") if line.strip()), "")
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(header_line, default_delimiter))
    records, problems = [], []
    header: list[str] | None = None
    try:
        while True:
            start = reader.line_num + 1
            try:
                row = next(reader)
            except StopIteration:
                break
            if not any(cell.strip() for cell in row):
                continue
            if header is None:
                header = [cell.strip() for cell in row]
                problems.extend(_header_problems(header, source.path, start))
                continue
            if len(row) > len(header):
                problems.append(Problem(source.path, start, "csv",
                                        f"row has {len(row)} cells but the header has {len(header)}; "
                                        f"the extra cells are ignored", "warning"))
            fields: dict[str, Any] = {}
            for name, cell in zip(header, row):
                if name and name not in fields and cell.strip():
                    fields[name] = cell
            records.append(Record(fields, source.path, start, source.collection))
    except csv.Error as error:
        problems.append(Problem(source.path, reader.line_num, "csv", f"invalid CSV: {error}; rest of file skipped"))
    return records, problems


def _header_problems(header: list[str], path: str, line: int) -> list[Problem]:
    """Warn about header cells that are empty or repeated."""
    problems = []
    seen: set[str] = set()
    for column, name in enumerate(header, start=1):
        if not name:
            message = f"column {column} has no name in the header; its cells are ignored"
            problems.append(Problem(path, line, "csv", message, "warning"))
        elif name in seen:
            message = f"column {column} repeats the name '{name}'; only the first one is used"
            problems.append(Problem(path, line, "csv", message, "warning"))
        seen.add(name)
    return problems
