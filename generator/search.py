"""Search: query the built site's search index from the terminal with Lunr, as the browser does."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from lunr import lunr
from lunr.exceptions import BaseLunrException

from generator.model import PapersiteError

INDEX_PATH = "search/search_index.json"


@dataclass(frozen=True)
class Hit:
    """One page found by a query."""

    title: str
    url: str
    score: float


def load_index_documents(site_dir: Path) -> list[dict]:
    """Return the search documents of the built site, one per page (sections folded into their page)."""
    path = site_dir / INDEX_PATH
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise PapersiteError(f"{path}: no search index; run `papersite build` first") from None
    except (OSError, ValueError) as exc:
        raise PapersiteError(f"{path}: unreadable search index: {exc}") from exc
    pages: dict[str, dict] = {}
    for doc in data.get("docs", []):
        url = doc.get("location", "").split("#", 1)[0]
        page = pages.setdefault(url, {"url": url, "title": "", "text": ""})
        if "#" not in doc.get("location", "#") or not page["title"]:
            page["title"] = page["title"] or _strip_tags(doc.get("title", ""))
        page["text"] += " " + _strip_tags(doc.get("text", ""))
    return list(pages.values())


def _strip_tags(text: str) -> str:
    """Return text without HTML tags (Material keeps some inline markup in the index)."""
    return re.sub(r"<[^>]*>", " ", text)


def search(site_dir: Path, query: str, limit: int = 10) -> list[Hit]:
    """Return the best pages for `query`; any text works, Lunr syntax or not."""
    docs = load_index_documents(site_dir)
    index = lunr(ref="url", fields=[{"field_name": "title", "boost": 10}, "text"], documents=docs)
    titles = {d["url"]: d["title"] for d in docs}
    results = _run_query(index, query)
    return [Hit(titles[r["ref"]], r["ref"], round(r["score"], 3)) for r in results[:limit]]


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
