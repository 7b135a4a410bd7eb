"""Read JSON Lines (.jsonl: one object per line) and JSON (.json: a list of objects or {"papers": [...]}).

Both keep the line of every record; JSON also the line of every field, found by walking the (already
validated) document a second time with the decoder, since the json module keeps no positions.
"""

from __future__ import annotations

import json
import re
from typing import Any, Callable, Iterator

from generator.model import Problem, Record
from generator.read.formats.common import Source, line_at, line_starts, short_error, type_name


def _pairs_without_duplicates(duplicates: list[str]) -> Callable[[list[tuple[str, Any]]], dict]:
    """Return an object_pairs_hook that builds a dict and notes repeated keys."""
    def hook(pairs: list[tuple[str, Any]]) -> dict:
        result: dict[str, Any] = {}
        for key, value in pairs:
            if key in result:
                duplicates.append(key)
            result[key] = value
        return result
    return hook

def read_jsonl(text: str, source: Source) -> tuple[list[Record], list[Problem]]:
    """Read one JSON object per line; a bad line is reported and the others still read."""
    records, problems = [], []
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        duplicates: list[str] = []
        try:
            value = json.loads(line, object_pairs_hook=_pairs_without_duplicates(duplicates))
        except json.JSONDecodeError as error:
            problems.append(Problem(source.path, number, "json", f"invalid JSON: {error.msg} (column {error.colno})"))
            continue
        except (RecursionError, ValueError) as error:
            problems.append(Problem(source.path, number, "json", f"invalid JSON: {short_error(error)}"))
            continue
        if not isinstance(value, dict):
            problems.append(Problem(source.path, number, "json", f"expected a JSON object, got {type_name(value)}"))
            continue
        problems.extend(_duplicate_problems(duplicates, source.path, lambda _key: number))
        records.append(Record(value, source.path, number, source.collection))
    return records, problems


def _duplicate_problems(keys: list[str], path: str, line_of: Callable[[str], int]) -> list[Problem]:
    """Warn once per key that appears twice in one object."""
    return [
        Problem(path, line_of(key), key, "appears twice in the same record; the last value is used", "warning")
        for key in dict.fromkeys(keys)
    ]


_JSON_WS = re.compile(r"[ \t\n\r]*")


def _members(text: str, pos: int, decoder: json.JSONDecoder) -> Iterator[tuple[str, int, int, Any]]:
    """Yield (key, key offset, value offset, value) for the valid JSON object starting at `pos`."""
    pos = _JSON_WS.match(text, pos + 1).end()
    if text[pos] == "}":
        return
    while True:
        key_at = pos
        key, pos = decoder.raw_decode(text, pos)
        pos = _JSON_WS.match(text, pos).end() + 1  # past ':'
        value_at = pos = _JSON_WS.match(text, pos).end()
        value, pos = decoder.raw_decode(text, pos)
        yield key, key_at, value_at, value
        pos = _JSON_WS.match(text, pos).end()
        if text[pos] == "}":
            return
        pos = _JSON_WS.match(text, pos + 1).end()  # past ','


def _elements(text: str, pos: int, decoder: json.JSONDecoder) -> Iterator[int]:
    """Yield the offset of each element of the valid JSON array starting at `pos`."""
    pos = _JSON_WS.match(text, pos + 1).end()
    if text[pos] == "]":
        return
    while True:
        yield pos
        _, pos = decoder.raw_decode(text, pos)
        pos = _JSON_WS.match(text, pos).end()
        if text[pos] == "]":
            return
        pos = _JSON_WS.match(text, pos + 1).end()


def read_json(text: str, source: Source) -> tuple[list[Record], list[Problem]]:
    """Read a JSON array of objects (or {"papers": [...]}) with the line where each object starts."""
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        return [], [Problem(source.path, error.lineno, "json", f"invalid JSON: {error.msg} (column {error.colno})")]
    except (RecursionError, ValueError) as error:
        return [], [Problem(source.path, 1, "json", f"invalid JSON: {short_error(error)}")]
    # The document is valid, so the scanners below can walk it without error checks.
    decoder = json.JSONDecoder()
    starts = line_starts(text)
    top = _JSON_WS.match(text).end()
    if isinstance(document, dict) and isinstance(document.get("papers"), list):
        array_at = [value_at for key, _, value_at, _ in _members(text, top, decoder) if key == "papers"][-1]
    elif isinstance(document, list):
        array_at = top
    else:
        what = "an object without a \"papers\" list" if isinstance(document, dict) else type_name(document)
        return [], [Problem(source.path, line_at(starts, top), "json",
                            f"expected a list of objects or {{\"papers\": [...]}}, got {what}")]
    records, problems = [], []
    for at in _elements(text, array_at, decoder):
        line = line_at(starts, at)
        if text[at] != "{":
            value, _ = decoder.raw_decode(text, at)
            problems.append(Problem(source.path, line, "json", f"expected a JSON object, got {type_name(value)}"))
            continue
        fields: dict[str, Any] = {}
        field_lines: dict[str, int] = {}
        duplicates = []
        for key, key_at, _, value in _members(text, at, decoder):
            if key in fields:
                duplicates.append(key)
            fields[key] = value
            field_lines[key] = line_at(starts, key_at)
        problems.extend(_duplicate_problems(duplicates, source.path, field_lines.__getitem__))
        records.append(Record(fields, source.path, line, source.collection, field_lines))
    return records, problems
