"""Identify: a stable id and a safe, readable permalink slug for every paper."""

from __future__ import annotations

import hashlib
import re
import unicodedata

from .model import KNOWN_FIELDS, Paper, Record
from .normalise import find_links, normalise_abstract, normalise_inline, plain_text

SLUG_WORDS = 8
SLUG_CHARS = 60


def paper_id(given: str | None, abstract: str) -> str:
    """Return the given id, or one derived from the normalised abstract alone."""
    if given:
        return given
    # Only the paper's own text goes in, so other papers never change this id.
    canonical = " ".join(abstract.split()).casefold()
    return hashlib.sha1(canonical.encode("utf-8")).hexdigest()[:12]


def slugify(text: str, max_words: int | None = SLUG_WORDS, max_chars: int = SLUG_CHARS) -> str:
    """Return a lowercase ASCII slug of `text` (letters, digits, single hyphens), possibly empty."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    words = re.findall(r"[a-z0-9]+", ascii_text.lower())[:max_words]
    slug = "-".join(words)
    if len(slug) > max_chars:
        slug = slug[:max_chars].rsplit("-", 1)[0]
    return slug


def short_hash(paper_id_: str) -> str:
    """Return six hex characters that fingerprint an id (case-sensitive ids stay distinct)."""
    return hashlib.sha1(paper_id_.encode("utf-8")).hexdigest()[:6]


def paper_slug(title: str, paper_id_: str) -> str:
    """Return the permalink slug: readable words of the title plus a fingerprint of the id."""
    words = slugify(title) or "paper"
    return f"{words}-{short_hash(paper_id_)}"


def assign_slugs(papers: list[Paper]) -> None:
    """Give each paper its slug; the id fingerprint keeps slugs unique and stable."""
    for paper in papers:
        paper.slug = paper_slug(paper.title, paper.id)


def paper_from_record(record: Record) -> Paper:
    """Return the Paper of a validated record: normalised text, stable id, metadata as given."""
    f = record.fields
    abstract = normalise_abstract(f["abstract"])
    title = normalise_inline(f["title"]) if f.get("title") else ""
    return Paper(
        id=paper_id(f.get("id"), abstract),
        abstract=abstract,
        text=plain_text(abstract),
        source=record.location,
        collection=record.collection,
        title=title,
        authors=[normalise_inline(a) for a in f.get("authors", [])],
        year=f.get("year"),
        venue=normalise_inline(f["venue"]) if f.get("venue") else None,
        url=f.get("url"),
        pdf_url=f.get("pdf_url"),
        doi=f.get("doi"),
        tldr=normalise_inline(f["tldr"]) if f.get("tldr") else None,
        keywords=[normalise_inline(k) for k in f.get("keywords", [])],
        extra={k: str(v) for k, v in sorted(f.items()) if k not in KNOWN_FIELDS},
        links=find_links(abstract),
    )
