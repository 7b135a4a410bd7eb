"""Read BibTeX (.bib) as Zotero or JabRef export it, with bibtexparser 1.x and a scan of our own for lines.

bibtexparser keeps no positions and silently merges entries whose braces do not balance, so the text is
scanned first: for each entry's line and fields' lines, and to report (and skip) unbalanced entries.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from bibtexparser.bparser import BibTexParser
from bibtexparser.latexenc import latex_to_unicode

from generator.model import Problem, Record
from generator.read.formats.common import Source, line_at, line_starts, short_error

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
    starts = line_starts(text)
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
            field_lines.setdefault(field.group(1).lower(), line_at(starts, field.start(1)))
        entries.append(_BibEntry(match.group(1).lower(), match.group(2), line_at(starts, match.start()),
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
        return [], problems + [Problem(source.path, 1, "bibtex", f"invalid BibTeX: {short_error(error)}")]
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
