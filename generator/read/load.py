"""Read the data folder: every supported file becomes raw Records plus the Problems found on the way.

One reader per format, chosen by file extension from READERS. A reader takes the file's text (already
decoded, BOM dropped, line ends normalised to \\n) and returns records and problems; it never raises for
bad user data, so one broken file cannot hide the problems of the others.
"""

from __future__ import annotations

import bisect
import csv
import io
import json
import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator

import yaml
from bibtexparser.bparser import BibTexParser
from bibtexparser.latexenc import latex_to_unicode

from generator.model import PapersiteError, Problem, Record, quoted

#: Config files that live in the data folder but are not abstracts (read by the vocabulary stage).
CONFIG_FILES = frozenset({"vocabulary.yaml", "vocabulary.yml"})
#: Files a data folder commonly holds that are not data; skipped without a warning.
IGNORED_FILES = frozenset({"readme.md", "readme", "readme.rst", "license", "license.md", "thumbs.db"})

#: How deeply lists and mappings may nest in one field's value (real metadata nests a few levels at most).
MAX_NESTING = 100
#: A YAML file may use anchors/aliases for shared values, but not enough to build an "alias bomb".
MAX_YAML_ALIASES = 100
#: Aliases may not make the expanded document much larger than what is written.
MAX_YAML_EXPANSION = 10


@dataclass(frozen=True)
class Source:
    """Where a file's records come from: its display path and default collection name."""

    path: str  # relative to the project root, forward slashes
    collection: str  # the file stem unless the format names it


Reader = Callable[[str, Source], "tuple[list[Record], list[Problem]]"]


# --------------------------------------------------------------------------------------------------
# Entry points


def read_data(data_dir: Path, root: Path) -> tuple[list[Record], list[Problem]]:
    """Read every data file under `data_dir` (sorted, recursive) into records and problems."""
    if not data_dir.is_dir():
        raise PapersiteError(f"{quoted(display_path(data_dir, root))}: data folder not found")
    records: list[Record] = []
    problems: list[Problem] = []
    files = list(_data_files(data_dir))
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


def read_bytes(path: Path, inside: Path, shown: str) -> tuple[bytes | None, Problem | None]:
    """Return the bytes of `path` if it is a regular file resolving inside the resolved folder `inside`, else why not."""
    if not path.resolve().is_relative_to(inside):
        # A committed symlink would publish whatever it points to on the build machine (/etc/passwd, ~/.ssh).
        return None, Problem(shown, 1, "file", "a symbolic link to a file outside the data folder; not read")
    try:
        # O_NONBLOCK: opening a named pipe must not wait for a writer; fstat then tells what was opened.
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as error:
        return None, Problem(shown, 1, "file", f"cannot read file: {error.strerror or error}")
    with os.fdopen(descriptor, "rb") as file:
        mode = os.fstat(descriptor).st_mode
        if not stat.S_ISREG(mode):
            return None, Problem(shown, 1, "file", f"not a regular file ({_file_kind(mode)}); not read")
        try:
            return file.read(), None
        except OSError as error:
            return None, Problem(shown, 1, "file", f"cannot read file: {error.strerror or error}")


def _file_kind(mode: int) -> str:
    """Name the kind of a file that is not a regular file, for messages."""
    kinds = ((stat.S_ISFIFO, "a named pipe"), (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a character device"),
             (stat.S_ISBLK, "a block device"), (stat.S_ISDIR, "a folder"))
    return next((name for test, name in kinds if test(mode)), "a special file")


def decode(data: bytes, path: str) -> tuple[str | None, Problem | None]:
    """Decode UTF-8 bytes (optional BOM) and normalise CRLF and lone CR line ends to \\n."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    # \r never occurs inside a multi-byte UTF-8 sequence, so this is safe before decoding and keeps
    # the line of a bad byte right.
    data = data.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    try:
        return data.decode("utf-8"), None
    except UnicodeDecodeError as error:
        line_start = data.rfind(b"\n", 0, error.start) + 1
        line = data.count(b"\n", 0, error.start) + 1
        column = len(data[line_start:error.start].decode("utf-8")) + 1
        byte = data[error.start]
        message = f"not valid UTF-8 (byte 0x{byte:02x} at column {column}); file skipped"
        return None, Problem(path, line, "encoding", message)


def _data_files(data_dir: Path) -> Iterator[Path]:
    """Yield the data files under `data_dir` in a stable order, skipping hidden and config files."""
    for folder, subfolders, names in os.walk(data_dir):
        subfolders[:] = sorted(d for d in subfolders if not d.startswith("."))
        for name in sorted(names):
            if name.startswith(".") or name.lower() in IGNORED_FILES or name in CONFIG_FILES:
                continue
            yield Path(folder) / name


def display_path(path: Path, root: Path) -> str:
    """Return `path` relative to `root` with forward slashes, as written (symlinks not followed)."""
    return Path(os.path.relpath(path, root)).as_posix()


def _line_starts(text: str) -> list[int]:
    """Return the offset at which each line of `text` starts."""
    return [0] + [m.end() for m in re.finditer("\n", text)]


def _line_at(starts: list[int], offset: int) -> int:
    """Return the 1-based line holding character `offset`."""
    return bisect.bisect_right(starts, offset)


# --------------------------------------------------------------------------------------------------
# Plain text (seed format)

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


# --------------------------------------------------------------------------------------------------
# JSON Lines and JSON


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


def _type_name(value: Any) -> str:
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
            problems.append(Problem(source.path, number, "json", f"invalid JSON: {_short(error)}"))
            continue
        if not isinstance(value, dict):
            problems.append(Problem(source.path, number, "json", f"expected a JSON object, got {_type_name(value)}"))
            continue
        problems.extend(_duplicate_problems(duplicates, source.path, lambda _key: number))
        records.append(Record(value, source.path, number, source.collection))
    return records, problems


def _short(error: BaseException) -> str:
    """Return an exception's message without Python internals."""
    if isinstance(error, RecursionError):
        return "nested too deeply"
    if "integer string conversion" in str(error):
        return "a number has too many digits"
    return str(error).split("\n")[0]


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
        return [], [Problem(source.path, 1, "json", f"invalid JSON: {_short(error)}")]
    # The document is valid, so the scanners below can walk it without error checks.
    decoder = json.JSONDecoder()
    starts = _line_starts(text)
    top = _JSON_WS.match(text).end()
    if isinstance(document, dict) and isinstance(document.get("papers"), list):
        array_at = [value_at for key, _, value_at, _ in _members(text, top, decoder) if key == "papers"][-1]
    elif isinstance(document, list):
        array_at = top
    else:
        what = "an object without a \"papers\" list" if isinstance(document, dict) else _type_name(document)
        return [], [Problem(source.path, _line_at(starts, top), "json",
                            f"expected a list of objects or {{\"papers\": [...]}}, got {what}")]
    records, problems = [], []
    for at in _elements(text, array_at, decoder):
        line = _line_at(starts, at)
        if text[at] != "{":
            value, _ = decoder.raw_decode(text, at)
            problems.append(Problem(source.path, line, "json", f"expected a JSON object, got {_type_name(value)}"))
            continue
        fields: dict[str, Any] = {}
        field_lines: dict[str, int] = {}
        duplicates = []
        for key, key_at, _, value in _members(text, at, decoder):
            if key in fields:
                duplicates.append(key)
            fields[key] = value
            field_lines[key] = _line_at(starts, key_at)
        problems.extend(_duplicate_problems(duplicates, source.path, field_lines.__getitem__))
        records.append(Record(fields, source.path, line, source.collection, field_lines))
    return records, problems


# --------------------------------------------------------------------------------------------------
# YAML


class _Loader(yaml.SafeLoader):
    """Safe YAML loader that keeps dates as the text written (a year or date is metadata, not a datetime)."""


# The pure-Python loader on purpose: libyaml's composer crashes the interpreter on deeply nested input.
_Loader.add_constructor("tag:yaml.org,2002:timestamp", lambda loader, node: loader.construct_scalar(node))


def _yaml_problem(error: yaml.YAMLError, path: str, line: int, field: str = "yaml") -> Problem:
    """Turn a PyYAML error into a one-line Problem at its mark."""
    mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
    if mark is not None:
        line = mark.line + 1
    problem = getattr(error, "problem", None) or str(error).split("\n")[0]
    tag = re.search(r"constructor for the tag '([^']*)'", problem)
    if tag:
        name = tag.group(1).replace("tag:yaml.org,2002:", "!!")
        return Problem(path, line, field, f"unsupported tag {name}; only plain YAML values are read")
    if isinstance(error, yaml.reader.ReaderError):
        return Problem(path, line, field, f"invalid YAML: character 0x{error.character:x} is not allowed")
    return Problem(path, line, field, f"invalid YAML: {problem}")


def compose_yaml(text: str, path: str, field: str = "yaml") -> tuple[_Loader | None, list[yaml.Node], Problem | None]:
    """Parse YAML into one node tree per document, constructing no values; or the Problem that stopped it."""
    try:
        loader = _Loader(text)
    except yaml.YAMLError as error:  # the reader rejects control characters up front
        line = text.count("\n", 0, getattr(error, "position", 0)) + 1
        return None, [], _yaml_problem(error, path, line, field)
    documents = []
    try:
        while loader.check_node():
            documents.append(loader.get_node())
    except yaml.YAMLError as error:
        return None, [], _yaml_problem(error, path, 1, field)
    except RecursionError:  # PyYAML's composer recurses once per level of nesting
        return None, [], Problem(path, loader.get_mark().line + 1, field, "invalid YAML: nested too deeply")
    finally:
        loader.dispose()
    return loader, documents, None


def _alias_problem(root: yaml.Node, written: int) -> str | None:
    """Return why the aliases of `root` are unsafe to expand, or None when they are fine."""
    # Count the nodes the document expands to, visiting shared (aliased) nodes once each but
    # weighting them by how often they are used; iterative so deep documents cannot overflow.
    size: dict[int, int] = {}
    on_path: set[int] = set()
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    aliases = 0
    while stack:
        node, done = stack.pop()
        key = id(node)
        children = _children(node)
        if done:
            on_path.discard(key)
            size[key] = 1 + sum(size[id(child)] for child in children)
            if size[key] > MAX_YAML_EXPANSION * written + 1000:
                return (f"aliases would expand the document to at least {size[key]:,} values "
                        f"({written:,} written); refusing to expand it")
            continue
        if key in size:
            continue
        if key in on_path:
            return "an alias refers to the collection that contains it; recursive documents are not read"
        on_path.add(key)
        stack.append((node, True))
        for child in children:
            if id(child) in size or id(child) in on_path:
                aliases += 1
                if id(child) in on_path:
                    return "an alias refers to the collection that contains it; recursive documents are not read"
            else:
                stack.append((child, False))
    if aliases > MAX_YAML_ALIASES:
        return f"more than {MAX_YAML_ALIASES} aliases (*name); refusing to expand them"
    return None


def _children(node: yaml.Node) -> list[yaml.Node]:
    """Return the child nodes of a YAML node."""
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    return []


def _count_nodes(root: yaml.Node) -> int:
    """Count the distinct nodes written in a YAML document."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) not in seen:
            seen.add(id(node))
            stack.extend(_children(node))
    return len(seen)


def read_yaml(text: str, source: Source) -> tuple[list[Record], list[Problem]]:
    """Read YAML safely: a list of mappings (or papers: [...]), with the line of every field."""
    loader, documents, problem = compose_yaml(text, source.path)
    if problem is not None or loader is None:
        return [], [problem] if problem else []
    records, problems = [], []
    for document in documents:
        line = document.start_mark.line + 1
        unsafe = _alias_problem(document, _count_nodes(document))
        if unsafe:
            problems.append(Problem(source.path, line, "yaml", unsafe))
            continue
        items = _yaml_items(document)
        if items is None:
            problems.append(Problem(source.path, line, "yaml",
                                    "expected a list of papers (- abstract: ...) or papers: [...]"))
            continue
        for item in items:
            record, problem = _yaml_record(loader, item, source)
            if record:
                records.append(record)
            if problem:
                problems.append(problem)
    return records, problems


def _yaml_items(document: yaml.Node) -> list[yaml.Node] | None:
    """Return the nodes of the papers listed in a document, or None if it holds no such list."""
    if isinstance(document, yaml.SequenceNode):
        return document.value
    if isinstance(document, yaml.ScalarNode) and document.tag.endswith(":null"):
        return []  # an empty document
    if isinstance(document, yaml.MappingNode):
        for key, value in document.value:
            if isinstance(key, yaml.ScalarNode) and key.value == "papers" and isinstance(value, yaml.SequenceNode):
                return value.value
    return None


def _yaml_record(loader: _Loader, item: yaml.Node, source: Source) -> tuple[Record | None, Problem | None]:
    """Construct one paper mapping into a Record with per-field lines."""
    line = item.start_mark.line + 1
    if not isinstance(item, yaml.MappingNode):
        kind = "a list" if isinstance(item, yaml.SequenceNode) else "a single value"
        return None, Problem(source.path, line, "yaml", f"expected a mapping (key: value) for each paper, got {kind}")
    try:
        value = loader.construct_object(item, deep=True)
    except yaml.YAMLError as error:
        return None, _yaml_problem(error, source.path, line)
    except (RecursionError, ValueError, TypeError, OverflowError) as error:
        return None, Problem(source.path, line, "yaml", f"invalid YAML value: {_short(error)}")
    if not isinstance(value, dict):  # e.g. !!set or !!omap
        return None, Problem(source.path, line, "yaml",
                             f"expected a mapping (key: value) for each paper, got {_type_name(value)}")
    field_lines = {}
    for key_node, _ in item.value:  # after construction, so merge keys (<<) are already expanded
        if isinstance(key_node, yaml.ScalarNode):
            field_lines[key_node.value] = key_node.start_mark.line + 1  # later keys win, as in the value
    fields = {str(key): val for key, val in value.items()}
    return Record(fields, source.path, line, source.collection, field_lines), None


# --------------------------------------------------------------------------------------------------
# CSV


def _delimiter(header: str, default: str) -> str:
    """Guess the delimiter of a spreadsheet export from its header line (Excel uses ';' in many locales)."""
    counts = {d: header.count(d) for d in (default, ";", "\t")}
    best = max(counts, key=lambda d: (counts[d], d == default))
    return best if counts[best] else default


def read_csv(text: str, source: Source, default_delimiter: str = ",") -> tuple[list[Record], list[Problem]]:
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


def read_tsv(text: str, source: Source) -> tuple[list[Record], list[Problem]]:
    """Read a tab-separated table with a header row."""
    return read_csv(text, source, default_delimiter="\t")


# --------------------------------------------------------------------------------------------------
# BibTeX

#: BibTeX fields renamed to papersite fields; anything else not dropped is kept as metadata.
_BIB_FIELDS = {
    "abstract": "abstract", "title": "title", "author": "authors", "year": "year",
    "journal": "venue", "journaltitle": "venue", "booktitle": "venue",
    "url": "url", "doi": "doi", "keywords": "keywords",
}
#: Fields Zotero/JabRef export that must not be published: local file paths and private notes.
_BIB_PRIVATE = frozenset({"file", "annote", "ENTRYTYPE", "ID"})
_BIB_START = re.compile(r"^[ \t]*@[ \t]*([A-Za-z]+)[ \t]*[{(][ \t]*([^,\s{}()]*)", re.MULTILINE)
_BIB_FIELD_START = re.compile(r"^[ \t]*([A-Za-z][\w\-:.]*)[ \t]*=", re.MULTILINE)
_BIB_NON_ENTRIES = frozenset({"string", "comment", "preamble"})
# Kept verbatim for the normalise stage: math, and \url/\href, which latex_to_unicode would mangle
# (it reads "\url" as a breve accent on "r").
_MATH = re.compile(r"(\$\$.*?\$\$|\$[^$]*\$|\\\(.*?\\\)|\\url\{[^{}]*\}|\\href\{[^{}]*\}\{(?:[^{}]|\{[^{}]*\})*\})",
                   re.DOTALL)
_FONT_COMMAND = re.compile(r"\\(?:emph|textit|textbf|texttt|textsc|textrm|textsf|textup|mbox|text)\s*\{([^{}]*)\}")


@dataclass
class _BibEntry:
    """An entry found by scanning the text: where it starts and whether its braces balance."""

    kind: str
    key: str
    line: int
    brace_error: str  # empty when the braces balance
    field_lines: dict[str, int]


def _scan_bib(text: str) -> list[_BibEntry]:
    """Find each `@type{key,` and check that its braces close before the next entry."""
    starts = _line_starts(text)
    matches = list(_BIB_START.finditer(text))
    entries = []
    for index, match in enumerate(matches):
        end = matches[index + 1].start() if index + 1 < len(matches) else len(text)
        depth, brace_error = 0, ""
        for char in text[match.start():end]:
            if char == "{":
                depth += 1
            elif char == "}":
                depth -= 1
                if depth < 0:
                    brace_error = "a '}' has no matching '{'"
                    break
        if depth > 0:
            brace_error = "a '{' is never closed"
        field_lines: dict[str, int] = {}
        for field in _BIB_FIELD_START.finditer(text, match.end(), end):
            field_lines.setdefault(field.group(1).lower(), _line_at(starts, field.start(1)))
        entries.append(_BibEntry(match.group(1).lower(), match.group(2), _line_at(starts, match.start()),
                                 brace_error, field_lines))
    return entries


_BIB_COMMENT = re.compile(r"^[ \t]*@[ \t]*comment[ \t]*([{(])", re.MULTILINE | re.IGNORECASE)


def _blank_bib_comments(text: str, path: str) -> tuple[str, list[Problem]]:
    """Blank out every `@comment{...}` block (keeping its line ends, so lines stay right), as BibTeX tools skip it."""
    problems = []
    parts, done = [], 0
    for match in _BIB_COMMENT.finditer(text):
        if match.start() < done:
            continue  # inside a comment already blanked
        opening = match.group(1)
        closing = "}" if opening == "{" else ")"
        depth, end = 0, len(text)
        for at in range(match.end() - 1, len(text)):
            depth += (text[at] == opening) - (text[at] == closing)
            if depth == 0:
                end = at + 1
                break
        else:
            line = text.count("\n", 0, match.start()) + 1
            problems.append(Problem(path, line, "bibtex",
                                    f"a @comment's '{opening}' is never closed; the rest of the file is skipped"))
        parts.append(text[done:match.start()])
        parts.append(re.sub(r"[^\n]", " ", text[match.start():end]))
        done = end
    parts.append(text[done:])
    return "".join(parts), problems


def bib_to_text(value: str) -> str:
    """Turn a BibTeX value into plain text: LaTeX accents to Unicode, case-protecting braces removed, math kept."""
    parts = []
    for index, part in enumerate(_MATH.split(value)):
        if index % 2:
            parts.append(part)  # math and links are left to the normalise stage
        else:
            part = _FONT_COMMAND.sub(r"\1", part)
            part = latex_to_unicode(part) if ("\\" in part or "{" in part or "}" in part) else part
            parts.append(part.replace("---", "\u2014").replace("--", "\u2013"))
    return re.sub(r"\s+", " ", "".join(parts)).strip()


def split_bib_authors(value: str) -> list[str]:
    """Split a BibTeX author list on ' and ' outside braces and write each name 'First Last'."""
    names, depth, current = [], 0, []
    tokens = re.split(r"(\{|\}|\s+and\s+)", value)
    for token in tokens:
        if token == "{":
            depth += 1
        elif token == "}":
            depth -= 1
        elif depth == 0 and re.fullmatch(r"\s+and\s+", token, re.IGNORECASE):
            names.append("".join(current))
            current = []
            continue
        current.append(token)
    names.append("".join(current))
    result = []
    for name in names:
        parts = [bib_to_text(p) for p in _split_top_level_commas(name)]
        if len(parts) == 2:  # Last, First
            parts = [parts[1], parts[0]]
        elif len(parts) >= 3:  # Last, Jr, First
            parts = [parts[2], parts[0], parts[1]]
        full = " ".join(p for p in parts if p)
        if full and full.lower() != "others":
            result.append(full)
    return result


def _split_top_level_commas(name: str) -> list[str]:
    """Split a name on commas that are not inside braces."""
    parts, depth, current = [], 0, ""
    for char in name:
        depth += (char == "{") - (char == "}")
        if char == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += char
    return parts + [current]


def read_bib(text: str, source: Source) -> tuple[list[Record], list[Problem]]:
    """Read BibTeX as Zotero or JabRef export it; the citation key is kept as metadata `bibtex_key`."""
    # An exported library often keeps an old entry inside @comment{...}; it is not an entry of the file.
    text, problems = _blank_bib_comments(text, source.path)
    scanned = [e for e in _scan_bib(text) if e.kind not in _BIB_NON_ENTRIES]
    unbalanced = {entry.key for entry in scanned if entry.brace_error}
    for entry in scanned:
        if entry.brace_error:
            problems.append(Problem(source.path, entry.line, "bibtex",
                                    f"unbalanced braces in entry '{entry.key}' ({entry.brace_error}); entry skipped"))
    parser = BibTexParser(common_strings=True)
    parser.ignore_nonstandard_types = False  # keep @online, @software, @dataset, ...
    try:
        database = parser.parse(text)
    except Exception as error:  # bibtexparser/pyparsing may raise anything on arbitrary text
        return [], problems + [Problem(source.path, 1, "bibtex", f"invalid BibTeX: {_short(error)}")]
    found: dict[str, list[_BibEntry]] = {}
    for entry in scanned:
        if not entry.brace_error:
            found.setdefault(entry.key, []).append(entry)
    records = []
    for entry in database.entries:
        key = entry.get("ID", "")
        if key in unbalanced and not found.get(key):
            continue  # already reported; what the parser made of it swallowed text of other entries
        where = found[key].pop(0) if found.get(key) else _BibEntry("", key, 1, "", {})
        fields: dict[str, Any] = {}
        field_lines: dict[str, int] = {}
        # bibtexparser 1.x stores an entry's fields last-first; reversed gives the file's order
        for name, raw in reversed(list(entry.items())):
            if name in _BIB_PRIVATE or not isinstance(raw, str):
                continue
            target = _BIB_FIELDS.get(name.lower(), name.lower())
            if target in fields:
                continue  # e.g. both journal and booktitle: the first one is the venue
            if name.lower() in where.field_lines:
                field_lines[target] = where.field_lines[name.lower()]
            if target == "authors":
                fields[target] = split_bib_authors(raw)
            elif target in ("url", "doi"):
                fields[target] = raw.strip()
            else:
                fields[target] = bib_to_text(raw)
        if "year" not in fields and re.match(r"\d{4}", entry.get("date", "")):
            fields["year"] = entry["date"][:4]  # biblatex writes date = {2023-05-01}
        fields["bibtex_key"] = key
        records.append(Record(fields, source.path, where.line, source.collection, field_lines))
    for key, remaining in found.items():
        for entry in remaining:
            problems.append(Problem(source.path, entry.line, "bibtex",
                                    f"entry '{key}' could not be read; check its syntax"))
    return records, problems


#: Extension -> reader. Add a format by adding a function here.
READERS: dict[str, Reader] = {
    ".txt": read_txt,
    ".jsonl": read_jsonl,
    ".json": read_json,
    ".yaml": read_yaml,
    ".yml": read_yaml,
    ".csv": read_csv,
    ".tsv": read_tsv,
    ".bib": read_bib,
}
