"""Sharded search: split a large site's search index so the browser downloads only what a query needs.

Material's search downloads search/search_index.json whole and builds its Lunr index in the browser, which at
10,000 papers is 4.4 MB gzipped and at 100,000 cannot work. Above a number of documents (SHARD_ABOVE, or the
PAPERSITE_SEARCH_SHARD_ABOVE environment variable) this post-build step rewrites that file as a stub (Material's
config, no documents, and a `papersite_shards` manifest in the config) and writes next to it:
- term shards (shards/tNNNN.json): every index term in a contiguous range of terms, with its Lunr term id and
  per field the documents holding it and how often; the worker scores them exactly as Lunr's builder would;
- lexicons by term length (shards/lNN.json): the terms alone, to find the words one edit from a typo;
- document chunks (shards/dNNNN.json): the documents, in index order, fetched only for the results shown.
Terms are cut as Material's tokenizer cuts them and go through the configured pipeline; workers/search-shards.js
reads the result. Below the threshold the file is left exactly as MkDocs wrote it.
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from pathlib import Path
from typing import Any, Callable

import numpy as np
import orjson
from lunr.stemmer import porter_stemmer
from lunr.stop_word_filter import WORDS as STOP_WORDS

#: Documents above which the index is sharded: measured in docs/scaling.md (search curve).
SHARD_ABOVE = 5000
ENV_THRESHOLD = "PAPERSITE_SEARCH_SHARD_ABOVE"
#: A shard holds terms until it has about this many postings (a more frequent term gets a shard of its own).
POSTINGS_PER_SHARD = 12000
#: Documents per chunk: a result fetches one chunk, so small chunks mean few bytes per result.
DOCS_PER_CHUNK = 8
FORMAT = 1


def threshold() -> int:
    """Return the number of documents above which search is sharded (the environment variable wins)."""
    value = os.environ.get(ENV_THRESHOLD, "").strip()
    return int(value) if value.isdigit() else SHARD_ABOVE


#: Tells whether the published site already holds a file (its path in the site, its bytes): then it is not written.
Kept = Callable[[str, bytes], bool]
#: Returns compute(item) for every item, reusing the results kept under the content of key(item) (the build's cache).
Memo = Callable[[list, Callable[[Any], tuple], Callable[[Any], Any]], list]
#: What a document's terms are kept as: per field, its terms in first-seen order and how often each occurs.
DocTerms = list[tuple[list[str], list[int]]]


def shard_search_index(site_dir: Path, above: int | None = None, kept: Kept | None = None,
                       memo: Memo | None = None) -> bool:
    """Shard site_dir's search index if it has more than `above` documents; return True if it did.

    A shard file for which `kept` says the published site holds it byte for byte is not written; with `memo`, a
    document's terms are cut once and kept (one new abstract leaves the other 30,000 documents as they were).
    """
    path = site_dir / "search" / "search_index.json"
    if not path.is_file():
        return False
    data = json.loads(path.read_text(encoding="utf-8"))
    docs, config = data.get("docs", []), data.get("config", {})
    limit = threshold() if above is None else above
    if len(docs) <= limit or not _supported(config):
        return False
    writer = _Writer(site_dir, kept)
    manifest = write_shards(path.parent / "shards", docs, config, writer, memo)
    stub = {"config": {**config, "papersite_shards": manifest}, "docs": []}
    path.write_text(json.dumps(stub, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    return True


def _supported(config: dict) -> bool:
    """Return True for configurations the shard writer cuts exactly as the browser: English, Lunr's own steps."""
    return config.get("lang", ["en"]) == ["en"] and set(config.get("pipeline", [])) <= {"trimmer", "stopWordFilter", "stemmer"}


def write_shards(folder: Path, docs: list[dict], config: dict, write: Callable[[Path, dict], None] | None = None,
                 memo: Memo | None = None) -> dict:
    """Write the term shards, lexicons and document chunks of `docs` into folder; return the manifest."""
    write = write or _write
    folder.mkdir(parents=True, exist_ok=True)
    fields = list(config.get("fields", {"title": {}, "text": {}, "tags": {}}))
    postings = _postings(docs, fields, config, memo)
    terms = sorted(postings, key=js_order)
    shards = _write_term_shards(folder, terms, postings, write)
    lexicon = _write_lexicons(folder, terms, write)
    for start in range(0, len(docs), DOCS_PER_CHUNK):
        write(folder.parent / chunk_name(start // DOCS_PER_CHUNK), {"docs": docs[start:start + DOCS_PER_CHUNK]})
    pages: dict[str, int] = {}
    sections = []
    for i, doc in enumerate(docs):
        page = doc.get("location", "").split("#", 1)[0]
        if page in pages:
            sections.append(i)  # Material's setupSearchDocumentMap: a later document of the same page is a section
        else:
            pages[page] = i
    return {
        "format": FORMAT, "documents": len(docs), "fields": fields, "docsPerChunk": DOCS_PER_CHUNK,
        "shards": shards, "lexicon": lexicon, "sections": sections,
        "boosts": {str(i): d["boost"] for i, d in enumerate(docs) if d.get("boost", 1) != 1},
    }


def chunk_name(number: int) -> str:
    """Return the path, from the search folder, of document chunk `number` (search-shards.js names it alike)."""
    return f"shards/d{number:05d}.json"


def chunk_names(manifest: dict) -> list[str]:
    """Return the paths of all document chunks of a sharded index, in order."""
    per = manifest["docsPerChunk"]
    return [chunk_name(n) for n in range((manifest["documents"] + per - 1) // per)]


def js_order(term: str) -> bytes:
    """Return a sort key that orders strings as JavaScript compares them (by UTF-16 code units)."""
    return term.encode("utf-16-be")


def _postings(docs: list[dict], fields: list[str], config: dict, memo: Memo | None = None) -> dict[str, list]:
    """Return, per term, its Lunr term id (first seen: by document, then field, then occurrence) and per field the
    flat [doc gap, count, doc gap, count, ...] list, each doc number as the gap from the previous one."""
    separator, pipeline = config.get("separator", r"[\s\-]+"), config.get("pipeline", ["stopWordFilter"])
    cut = _Cutter(fields, separator, pipeline)
    if memo is None:
        per_doc = [cut(doc) for doc in docs]
    else:
        per_doc = memo(docs, lambda doc: (FORMAT, separator, pipeline, [doc.get(name) for name in fields]), cut)
    # A million (term, field, document, count) postings at 10,000 papers: laid out flat and grouped by numpy.
    nf = len(fields)
    words: list[str] = []
    counts: list[int] = []
    lengths: list[int] = []
    for doc_terms in per_doc:
        for terms, times in doc_terms:
            words += terms
            counts += times
            lengths.append(len(terms))
    ids = dict(zip(dict.fromkeys(words), range(len(words))))
    sizes = np.asarray(lengths, dtype=np.int64)
    group = np.fromiter(map(ids.__getitem__, words), dtype=np.int64, count=len(words)) * nf \
        + np.repeat(np.tile(np.arange(nf, dtype=np.int64), len(per_doc)), sizes)
    order = np.argsort(group, kind="stable")  # documents stay ascending within a (term, field)
    group = group[order]
    doc = np.repeat(np.arange(len(per_doc), dtype=np.int64), sizes.reshape(-1, nf).sum(axis=1))[order]
    first = np.ones(len(group), dtype=bool)
    first[1:] = group[1:] != group[:-1]
    previous = np.zeros_like(doc)
    previous[1:] = doc[:-1]
    previous[first] = 0
    flat = np.empty(2 * len(doc), dtype=np.int64)
    flat[0::2] = doc - previous
    flat[1::2] = np.asarray(counts, dtype=np.int64)[order]
    values, bounds = flat.tolist(), [*np.flatnonzero(first).tolist(), len(group)]
    names = list(ids)
    out: dict[str, list] = {}
    for g, key in enumerate(group[first].tolist()):
        term, f = divmod(key, nf)
        entry = out.get(names[term])
        if entry is None:
            entry = out[names[term]] = [term, *([] for _ in range(nf))]
        entry[1 + f] = values[2 * bounds[g]:2 * bounds[g + 1]]
    return out


class _Cutter:
    """Cut a document into its terms per field, each with how often it occurs, in first-seen order (Counter's)."""

    def __init__(self, fields: list[str], separator: str, pipeline: list[str]) -> None:
        self.fields, self.separator, self.term_of = fields, _separator(separator), _Terms(pipeline)

    def __call__(self, doc: dict) -> DocTerms:
        out: DocTerms = []
        for name in self.fields:
            counts = Counter(filter(None, map(self.term_of.__getitem__, material_words(doc.get(name), self.separator))))
            out.append((list(counts), list(counts.values())))
        return out


class _Terms(dict):
    """Word -> the term Lunr's pipeline makes of it, run once per distinct word (as lean-search.js does)."""

    def __init__(self, steps: list[str]) -> None:
        super().__init__()
        self.steps = steps

    def __missing__(self, word: str) -> str | None:
        term = self[word] = _pipeline(word, self.steps)
        return term


def _separator(source: str) -> re.Pattern:
    """Return Material's word separator as a compiled Python pattern."""
    return re.compile(source)


def _pipeline(word: str, steps: list[str]) -> str | None:
    """Return the term Lunr's index pipeline makes of a word (None when a step drops it)."""
    if "trimmer" in steps:
        word = re.sub(r"^\W+", "", re.sub(r"\W+$", "", word))
    if "stopWordFilter" in steps and (not word or word in STOP_WORDS):
        return None
    if "stemmer" in steps:
        word = porter_stemmer.stem(word)
    return word or None


def material_words(value, separator) -> list[str]:
    """Return the lower-cased words of a field value as Material's tokenizer cuts them (tags skipped)."""
    inputs = value if isinstance(value, list) else [] if value is None else [value]
    words: list[str] = []
    for text in inputs:
        for section in _text_sections(str(text)):
            words += [w.lower() for w in _split(section, separator) if w]
    return words


def _split(section: str, separator) -> list[str]:
    """Return the pieces of section between separator matches (groups in the pattern are not pieces)."""
    if not separator.groups:
        return separator.split(section)
    pieces, index = [], 0
    for match in separator.finditer(section):
        pieces.append(section[index:match.start()])
        index = match.end()
    pieces.append(section[index:])
    return pieces


_TAG = re.compile(r"<[^<>]*>")


def _text_sections(text: str) -> list[str]:
    """Return the text between tags, as Material's extract() finds it (lean-search.js extractSections)."""
    if "<" not in text and ">" not in text:
        return [text] if text else []
    pieces = _TAG.split(text)
    if not any("<" in p or ">" in p for p in pieces):  # well-formed tags: the same cut, at C speed
        return [p for p in pieces if p]
    out, start, stack = [], 0, 0
    for end, c in enumerate(text):
        if c == "<" and end > start:
            out.append(text[start:end])
            start = end
        elif c == ">":
            if text[start + 1:start + 2] == "/":
                stack -= 1
            elif text[end - 1:end] != "/":
                stack += 1
            start = end + 1
    if len(text) > start:
        out.append(text[start:])
    return out


def _write_term_shards(folder: Path, terms: list[str], postings: dict[str, list],
                       write: Callable[[Path, dict], None]) -> list[list[str]]:
    """Write the terms in order into shards of about POSTINGS_PER_SHARD postings; return [first term, file] each."""
    shards: list[list[str]] = []
    batch: dict[str, list] = {}
    size = 0

    def flush() -> None:
        name = f"t{len(shards):04d}.json"
        write(folder / name, {"terms": batch})
        shards.append([next(iter(batch)), "shards/" + name])

    for term in terms:
        entry = postings[term]
        count = sum(len(x) for x in entry[1:]) // 2
        if batch and size + count > POSTINGS_PER_SHARD:
            flush()
            batch, size = {}, 0
        batch[term] = entry
        size += count
    if batch:
        flush()
    shards[0][0] = ""  # the first shard also takes any term sorting before its first
    return shards


def _write_lexicons(folder: Path, terms: list[str], write: Callable[[Path, dict], None]) -> dict[str, str]:
    """Write the terms grouped by length (in UTF-16 units, as JavaScript counts); return {length: file}."""
    by_length: dict[int, list[str]] = {}
    for term in terms:
        by_length.setdefault(len(term.encode("utf-16-le")) // 2, []).append(term)
    out = {}
    for length, group in sorted(by_length.items()):
        name = f"l{length:02d}.json"
        write(folder / name, {"terms": group})
        out[str(length)] = "shards/" + name
    return out


def _write(path: Path, data: dict) -> None:
    """Write compact, deterministic JSON."""
    path.write_bytes(_json_bytes(data))


def _json_bytes(data: dict) -> bytes:
    """Return the compact, deterministic JSON of `data`, UTF-8 encoded (orjson: the same bytes as the json module's
    compact form for these strings, whole numbers and lists, 7x faster over a site's 1,400 shards)."""
    return orjson.dumps(data)


class _Writer:
    """Write shard files into a site folder, but not those the published site holds already (`kept`)."""

    def __init__(self, site_dir: Path, kept: Kept | None) -> None:
        self.site_dir, self.kept = site_dir, kept

    def __call__(self, path: Path, data: dict) -> None:
        raw = _json_bytes(data)
        if self.kept is None or not self.kept(path.relative_to(self.site_dir).as_posix(), raw):
            path.write_bytes(raw)
