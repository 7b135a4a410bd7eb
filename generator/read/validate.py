"""Check raw records: report every problem at once and return usable records with canonical field types.

Canonical types after validation: `abstract`, `title`, `venue`, `tldr`, `id`, `year` (4 digits), `url`,
`pdf_url`, `doi` (bare 10.x/...) are str; `authors` and `keywords` are list[str]; every other field is a
str shown as metadata. Empty values are dropped. A record without a usable abstract, or whose id is
taken by a different abstract, is left out; any other bad field is reported and dropped.
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any, Callable
from urllib.parse import urlsplit

from generator.model import KNOWN_FIELDS, Problem, Record

#: Abstracts longer than this are probably a whole paper pasted by mistake.
MAX_ABSTRACT_WORDS = 5000
MAX_ID_LENGTH = 200

#: Other spellings of known fields that spreadsheets and exports commonly use.
FIELD_ALIASES = {"author": "authors", "keyword": "keywords", "pdf": "pdf_url", "pdfurl": "pdf_url"}

_DOI = re.compile(r"10\.\d{4,9}/\S+")
_DOI_PREFIX = re.compile(r"^(?:https?://(?:dx\.)?doi\.org/|doi:\s*)", re.IGNORECASE)
_YEAR = re.compile(r"\d{4}")  # decimal digits of any script, written as ASCII by check_year


class _FieldError(ValueError):
    """A field value that cannot be used; its message reads well after `field: `."""


def validate(records: list[Record]) -> tuple[list[Record], list[Problem]]:
    """Check every record, merge duplicates and return the usable records with all problems, sorted."""
    problems: list[Problem] = []
    usable: list[Record] = []
    by_text: dict[str, Record] = {}
    by_id: dict[str, Record] = {}
    for raw in records:
        record, trouble = check_record(raw)
        problems.extend(trouble)
        if record is None:
            continue
        text_key = " ".join(record.fields["abstract"].split())
        first = by_text.get(text_key)
        if first is not None:
            problems.append(Problem(record.source, record.line_of("abstract"), "abstract",
                                    f"same text as {first.location}; merged", "warning"))
            _merge_into(first, record, by_id, problems)
            continue
        paper_id = record.fields.get("id")
        if paper_id is not None and paper_id in by_id:
            problems.append(_id_clash(record, paper_id, by_id[paper_id]))
            continue
        by_text[text_key] = record
        if paper_id is not None:
            by_id[paper_id] = record
        usable.append(record)
    return usable, sorted(problems, key=lambda p: (p.file, p.line, p.field))


def _id_clash(record: Record, paper_id: str, owner: Record) -> Problem:
    """Report that `paper_id` already belongs to another abstract."""
    return Problem(record.source, record.line_of("id"), "id",
                   f"'{paper_id}' is already used by {owner.location} with a different abstract")


def _merge_into(first: Record, second: Record, by_id: dict[str, Record], problems: list[Problem]) -> None:
    """Fill the fields `first` lacks from its duplicate `second`."""
    for name, value in second.fields.items():
        if name in first.fields:
            continue
        if name == "id":
            if value in by_id:  # the duplicate's id belongs to yet another abstract
                problems.append(_id_clash(second, value, by_id[value]))
                continue
            by_id[value] = first
        first.fields[name] = value
        # the field now lives in `first`, whose file may differ, so no per-field line is kept for it


def check_record(record: Record) -> tuple[Record | None, list[Problem]]:
    """Coerce one record's fields to canonical types; None if it has no usable abstract."""
    problems: list[Problem] = []
    fields: dict[str, Any] = {}
    field_lines: dict[str, int] = {}
    for name, value in _canonical_names(record.fields).items():
        original = _original_name(record.fields, name)
        line = record.line_of(original)
        (name, value), replaced = _without_surrogates((name, value))
        if replaced:
            problems.append(Problem(record.source, line, name,
                                    "contains an unpaired surrogate (a JSON \\ud800-\\udfff escape); "
                                    "replaced with U+FFFD", "warning"))
        try:
            coerced = _CHECKS.get(name, _as_metadata)(value)
        except _FieldError as error:
            problems.append(Problem(record.source, line, name, str(error)))
            continue
        if coerced is None:
            continue
        if name == "abstract" and len(coerced.split()) > MAX_ABSTRACT_WORDS:
            problems.append(Problem(record.source, line, name,
                                    f"very long ({len(coerced.split()):,} words); is it a whole paper?", "warning"))
        fields[name] = coerced
        if original in record.field_lines:
            field_lines[name] = record.field_lines[original]
    if "abstract" not in fields:
        if not any(p.field == "abstract" for p in problems):
            problems.append(Problem(record.source, record.line, "abstract", "missing or empty"))
        return None, problems
    return Record(fields, record.source, record.line, record.collection, field_lines), problems


_SURROGATE = re.compile("[\ud800-\udfff]")


def _without_surrogates(value: Any) -> tuple[Any, bool]:
    """Return the value with unpaired surrogates replaced by U+FFFD, and whether any was found."""
    # JSON may escape half a character ("\ud83d"); such text cannot be written as UTF-8 at all.
    if isinstance(value, str):
        if value.isascii() or not _SURROGATE.search(value):  # nearly always: no copy made
            return value, False
        return _SURROGATE.sub("\ufffd", value), True
    if isinstance(value, (list, tuple)):
        pairs = [_without_surrogates(item) for item in value]
        return type(value)(item for item, _ in pairs), any(found for _, found in pairs)
    if isinstance(value, dict):
        pairs = [_without_surrogates(pair) for pair in value.items()]
        return dict(pair for pair, _ in pairs), any(found for _, found in pairs)
    return value, False


def _canonical_key(name: str) -> str:
    """Return the known field a key names (`Title`, `PDF URL`, `author`), or the key unchanged."""
    folded = re.sub(r"[\s\-]+", "_", name.strip().lower())
    folded = FIELD_ALIASES.get(folded, folded)
    return folded if folded in KNOWN_FIELDS else name


def _canonical_names(fields: dict[str, Any]) -> dict[str, Any]:
    """Rename keys to known field names; a key spelt exactly right wins over a variant."""
    result: dict[str, Any] = {name: value for name, value in fields.items() if name in KNOWN_FIELDS}
    for name, value in fields.items():
        canonical = _canonical_key(name)
        if canonical not in result:
            result[canonical] = value
        elif canonical != name and name not in result:
            result[name] = value  # a second spelling of a field already given: keep it as metadata
    return result


def _original_name(fields: dict[str, Any], canonical: str) -> str:
    """Return the key under which a canonical field was written."""
    if canonical in fields:
        return canonical
    return next((name for name in fields if _canonical_key(name) == canonical), canonical)


def _kind(value: Any) -> str:
    """Name a value's type as a user writing JSON or YAML would."""
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, (list, tuple, set)):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _text(value: Any) -> str | None:
    """Return a text value stripped, numbers as written, None when empty."""
    if value is None:
        return None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    if not isinstance(value, str):
        raise _FieldError(f"expected text, got {_kind(value)}")
    return value.strip() or None


def check_abstract(value: Any) -> str | None:
    """Require non-empty text."""
    if value is None or (isinstance(value, str) and not value.strip()):
        raise _FieldError("missing or empty")
    if not isinstance(value, str):
        raise _FieldError(f"expected text, got {_kind(value)}")
    return value.strip()


def check_year(value: Any) -> str | None:
    """Accept a 4-digit year, as a number or text."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str) or not _YEAR.fullmatch(value.strip()):
        shown = repr(value) if isinstance(value, str) else _kind(value)
        raise _FieldError(f"expected a 4-digit year, got {shown}")
    # `\d` matches any script's digits (٢٠٢٤, ２０２４); the year is published, sorted and put in BibTeX keys as ASCII.
    return "".join(str(unicodedata.decimal(digit)) for digit in value.strip())


def _names(value: Any, what: str, split: Callable[[str], list[str]]) -> list[str] | None:
    """Return a list of non-empty strings from a list or a string split by `split`."""
    if value is None:
        return None
    if isinstance(value, str) and value.strip().startswith("[") and value.strip().endswith("]"):
        value = _json_list(value)  # a list written as JSON into a spreadsheet cell
    if isinstance(value, str):
        items = split(value)
    elif isinstance(value, (list, tuple)):
        items = []
        for position, item in enumerate(value, start=1):
            if isinstance(item, (int, float)) and not isinstance(item, bool):
                item = str(item)
            if item is not None and not isinstance(item, str):
                raise _FieldError(f"item {position} is {_kind(item)}; expected a list of {what}")
            items.append(item or "")
    else:
        raise _FieldError(f"expected a list of {what}, got {_kind(value)}")
    cleaned = list(dict.fromkeys(item.strip() for item in items if item and item.strip()))
    return cleaned or None


def _json_list(text: str) -> Any:
    """Return the list a cell holds as JSON, or the text unchanged when it is not a JSON list."""
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return text
    return value if isinstance(value, list) else text


def check_authors(value: Any) -> list[str] | None:
    """Accept a list of names, or one string of names separated by ';' or ' and '."""
    def split(text: str) -> list[str]:
        if ";" in text:
            return text.split(";")
        return re.split(r"\s+and\s+", text)
    return _names(value, "names", split)


def check_keywords(value: Any) -> list[str] | None:
    """Accept a list of keywords, or one string separated by ',' or ';'."""
    return _names(value, "keywords", lambda text: re.split(r"[,;]", text))


def check_url(value: Any) -> str | None:
    """Accept only absolute http(s) URLs, so no javascript: or data: link reaches the site."""
    url = _text(value)
    if url is None:
        return None
    try:
        parts = urlsplit(url)
    except ValueError:
        raise _FieldError("not a valid URL") from None
    if parts.scheme.lower() not in ("http", "https") or not parts.netloc:
        raise _FieldError("only http(s) URLs are allowed")
    if any(char.isspace() or unicodedata.category(char) == "Cc" for char in url):
        raise _FieldError("not a valid URL (it contains spaces or control characters)")
    return url


def check_doi(value: Any) -> str | None:
    """Accept `10.x/...`, `doi:10.x/...` or a doi.org link; return the bare DOI."""
    doi = _text(value)
    if doi is None:
        return None
    bare = _DOI_PREFIX.sub("", doi)
    if not _DOI.fullmatch(bare):
        raise _FieldError(f"expected a DOI like 10.1234/abc or https://doi.org/10.1234/abc, got {doi!r}")
    return bare


def check_id(value: Any) -> str | None:
    """Accept text or a number of at most 200 characters without control characters."""
    if isinstance(value, float):
        raise _FieldError("expected text or a whole number, got a decimal number")
    paper_id = _text(value)
    if paper_id is None:
        return None
    if len(paper_id) > MAX_ID_LENGTH:
        raise _FieldError(f"longer than {MAX_ID_LENGTH} characters ({len(paper_id)})")
    bad = next((char for char in paper_id if unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp")), None)
    if bad is not None:
        raise _FieldError(f"contains the control character U+{ord(bad):04X}")
    return paper_id


def _as_metadata(value: Any) -> str | None:
    """Turn an unknown field's value into the text shown on the page."""
    if value is None:
        return None
    if isinstance(value, str):
        return value if value.strip() else None
    if isinstance(value, (list, tuple)):
        joined = ", ".join(item if isinstance(item, str) else _json(item) for item in value if item not in (None, ""))
        return joined or None
    return _json(value)


def _json(value: Any) -> str:
    """Encode a value as compact JSON (dates and other non-JSON values as text)."""
    try:
        return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)
    except (TypeError, ValueError):  # keys of mixed types cannot be sorted; show it as Python wrote it
        return str(value)


_CHECKS: dict[str, Callable[[Any], Any]] = {
    "abstract": check_abstract,
    "title": _text,
    "venue": _text,
    "tldr": _text,
    "id": check_id,
    "year": check_year,
    "authors": check_authors,
    "keywords": check_keywords,
    "url": check_url,
    "pdf_url": check_url,
    "doi": check_doi,
}
