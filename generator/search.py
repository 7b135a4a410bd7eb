"""Search: query the built site's search index from the terminal with Lunr, by the rules the browser's search follows.

The rules (docs/scaling.md, "Search rules"): an empty query is refused; words of five letters or more that match nothing
are retried with edit distance 1, and the answer says so; a paper whose title or method name is the query comes
first, then papers matching every word, then the rest, each group in Lunr's order; each hit carries the sentence
or two around its matched words. A sharded site (search_shards.py) is read through its document chunks.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from lunr import lunr
from lunr.exceptions import BaseLunrException
from lunr.stemmer import porter_stemmer

from generator.model import PapersiteError
from generator.search_rules import (
    FUZZY_MIN_LETTERS,
    exact_names,
    fuzzy_query,
    plain_words,
    snippet,
    tier,
)
from generator.write.search_shards import chunk_names

INDEX_PATH = "search/search_index.json"


@dataclass(frozen=True)
class Hit:
    """One page found by a query."""

    title: str
    url: str
    score: float
    snippet: str = ""


@dataclass
class Answer:
    """The hits of a query and, when its words matched nothing as typed, the words it was retried with."""

    hits: list[Hit] = field(default_factory=list)
    corrected: str | None = None


def load_index_documents(site_dir: Path) -> list[dict]:
    """Return the search documents of the built site, one per page (sections folded into their page)."""
    data = _read_json(site_dir / INDEX_PATH, "search index")
    docs = data.get("docs", [])
    shards = (data.get("config") or {}).get("papersite_shards")
    if shards:  # a sharded site keeps its documents in chunks next to the term shards
        folder = (site_dir / INDEX_PATH).parent
        docs = [doc for name in chunk_names(shards) for doc in _read_json(folder / name, "search chunk")["docs"]]
    pages: dict[str, dict] = {}
    for doc in docs:
        url = doc.get("location", "").split("#", 1)[0]
        page = pages.setdefault(url, {"url": url, "title": "", "text": ""})
        if "#" not in doc.get("location", "#") or not page["title"]:
            page["title"] = page["title"] or _strip_tags(doc.get("title", ""))
        page["text"] += "\n" + _strip_tags(doc.get("text", ""))
    return list(pages.values())


def _read_json(path: Path, what: str) -> dict:
    """Return a JSON file of the built site, or raise a one-line error naming it."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise PapersiteError(f"{path}: no {what}; run `papersite build` first") from None
    except (OSError, ValueError) as exc:
        raise PapersiteError(f"{path}: unreadable {what}: {exc}") from exc


def _strip_tags(text: str) -> str:
    """Return text without HTML tags (Material keeps some inline markup in the index), a line per block."""
    return re.sub(r"<[^>]*>", " ", re.sub(r"</(?:p|li|h\d|div|dd|dt|td)>", "\n", text))


def search(site_dir: Path, query: str, limit: int = 10) -> list[Hit]:
    """Return the best pages for `query`; any text works, Lunr syntax or not."""
    return answer(site_dir, query, limit).hits


def answer(site_dir: Path, query: str, limit: int = 10) -> Answer:
    """Return the best pages for `query` by the search rules, and the retried words if it had to retry."""
    if not plain_words(query):
        return Answer()  # nothing to search for: Lunr is not asked, so its warning cannot leak
    docs = load_index_documents(site_dir)
    index = lunr(ref="url", fields=[{"field_name": "title", "boost": 10}, "text"], documents=docs)
    by_url = {d["url"]: d for d in docs}
    results, used = _run_query(index, query), query
    corrected = None
    missing = {w.lower() for w in plain_words(query) if len(w) >= FUZZY_MIN_LETTERS and not _run_query(index, w)}
    if missing and (retry := fuzzy_query(query, missing)) and (retried := _run_query(index, retry)):
        fixed = _corrected_words(query, missing, retried, by_url)
        if fixed.lower() != " ".join(plain_words(query)).lower():
            results, used, corrected = retried, retry, fixed
    everything = {r["ref"] for r in _run_query(index, _all_required(used))} if len(plain_words(used)) > 1 else None
    names = exact_names(query)
    ranked = sorted(results, key=lambda r: tier(by_url[r["ref"]]["title"], names,
                                                 everything is None or r["ref"] in everything))
    hits = [Hit(by_url[r["ref"]]["title"], r["ref"], round(r["score"], 3),
                snippet(by_url[r["ref"]]["text"], _matched_words(r, by_url[r["ref"]]["text"])))
            for r in ranked[:limit]]
    return Answer(hits, corrected)


def check_query(query: str) -> None:
    """Raise a one-line PapersiteError for a query with no word to search for (empty, spaces, only operators)."""
    if not plain_words(query):
        raise PapersiteError(f"empty query {query!r}: give a word to search for, e.g. papersite search diffusion")


def _all_required(query: str) -> str:
    """Return the query with every plain word required (Lunr's +word), for the all-words rule."""
    return " ".join(("+" + w.lstrip("+")) if not w.startswith("-") else w for w in query.split())


def _matched_words(result: dict, text: str) -> set[str]:
    """Return the words of `text` (lower-cased) that gave the result's matched terms."""
    terms = set(result["match_data"].metadata)
    return {w for w in {w.lower() for w in re.findall(r"\w+", text)} if porter_stemmer.stem(w) in terms or w in terms}


def _corrected_words(query: str, missing: set[str], results: list[dict], by_url: dict[str, dict]) -> str:
    """Return the query's words, each that matched nothing replaced by the word its retry found in the best hit."""
    best = by_url[results[0]["ref"]]
    found = _matched_words(results[0], best["text"] + " " + best["title"])
    out = []
    for word in plain_words(query):
        near = sorted(w for w in found if _one_edit(word.lower(), w)) if word.lower() in missing else []
        out.append(near[0] if near else word)
    return " ".join(out)


def _one_edit(a: str, b: str) -> bool:
    """Return True if b is at most one insertion, deletion, substitution or transposition away from a."""
    if abs(len(a) - len(b)) > 1:
        return False
    i = 0
    while i < min(len(a), len(b)) and a[i] == b[i]:
        i += 1
    return (a[i + 1:] == b[i + 1:] or a[i + 1:] == b[i:] or a[i:] == b[i + 1:]
            or (a[i + 2:] == b[i + 2:] and a[i:i + 2] == b[i:i + 2][::-1]))


def _run_query(index, query: str) -> list[dict]:
    """Run the query as Lunr syntax; if Lunr rejects it, search its plain words instead."""
    try:
        return index.search(query)
    except BaseLunrException:
        pass
    words = " ".join(re.findall(r"\w+", query))
    if not words:
        return []
    try:
        return index.search(words)
    except BaseLunrException:
        return []
