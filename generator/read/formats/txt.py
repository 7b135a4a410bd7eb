"""Read the seed format (.txt): a collection name line, then one abstract per blank-line separated paragraph."""

from __future__ import annotations

from generator.model import Problem, Record
from generator.read.formats.common import Source

#: A collection name longer than this is probably an abstract with the name line missing.
_NAME_WORDS_LIMIT = 25


def read_txt(text: str, source: Source) -> tuple[list[Record], list[Problem]]:
    """Read the seed format: a collection name line, then one abstract per blank-line separated paragraph."""
    lines = text.split("\n")
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is None:
        return [], []
    name = lines[first].strip()
    problems = []
    if len(name.split()) > _NAME_WORDS_LIMIT:
        problems.append(Problem(
            source.path, first + 1, "collection",
            f"the first line is used as the collection name but looks like an abstract "
            f"({len(name.split())} words); put the collection's name on a line of its own",
            "warning",
        ))
    records = []
    paragraph: list[str] = []
    start = 0
    for number, line in enumerate(lines[first + 1:] + [""], start=first + 2):
        if line.strip():
            if not paragraph:
                start = number
            paragraph.append(line.rstrip())
        elif paragraph:
            abstract = "\n".join(paragraph).strip()
            records.append(Record({"abstract": abstract}, source.path, start, name, {"abstract": start}))
            paragraph = []
    return records, problems
