"""Export: citation data of each paper (meta tags, BibTeX) and the whole collection as BibTeX and CSV.

Input: papers (and topic/tag names). Output: strings; render.py places them in pages and files.
Every value comes from untrusted data: BibTeX values are brace-balanced and escaped, CSV goes through
the csv module, meta tag values are HTML-escaped by the theme override (overrides/main.html).
"""

from __future__ import annotations

import csv
import io
import json
import re

from generator.model import Corpus, Paper
from generator.text import ascii_fold

#: Venue words that mark a journal rather than a conference.
_JOURNAL = re.compile(r"\b(journal|transactions|letters|review|magazine|tmlr|jmlr)\b", re.IGNORECASE)
_BIB_SPECIAL = re.compile(r"([&%$#_])")
_BIB_KEY = re.compile(r"[^A-Za-z0-9]+")

CSV_FIELDS = ("id", "title", "authors", "year", "venue", "topic", "tags", "url", "pdf_url", "doi", "page", "abstract")


def is_journal(venue: str | None) -> bool:
    """Tell whether a venue name looks like a journal."""
    return bool(venue and _JOURNAL.search(venue))


def citation_meta(paper: Paper) -> list[tuple[str, str]]:
    """Return the Highwire/Google Scholar meta tags of a paper as (name, content) pairs, known values only."""
    # The page's title, even an inferred one: reference managers refuse an item without a title.
    meta = [("citation_title", paper.title)]
    meta += [("citation_author", a) for a in paper.authors]
    if paper.year:
        meta.append(("citation_publication_date", str(paper.year)))
    if paper.venue:
        meta.append(("citation_journal_title" if is_journal(paper.venue) else "citation_conference_title", paper.venue))
    if paper.pdf_url:
        meta.append(("citation_pdf_url", paper.pdf_url))
    if paper.doi:
        meta.append(("citation_doi", paper.doi))
    if paper.url:
        meta.append(("citation_abstract_html_url", paper.url))
    return meta


def bibtex_key(paper: Paper) -> str:
    """Return a readable, stable citation key: first author's surname, year, first title word, id suffix."""
    surname = paper.authors[0].split()[-1] if paper.authors and paper.authors[0].split() else "anon"
    word = next((w for w in re.findall(r"[A-Za-z]{4,}", paper.title)), "paper")
    # Every part is cut to ASCII letters and digits: BibTeX and the tools that read it choke on anything else in a key.
    base = _BIB_KEY.sub("", ascii_fold(surname).lower() + (paper.year or "") + ascii_fold(word).lower())
    return f"{base}_{_BIB_KEY.sub('', paper.id)[-6:]}"


def bibtex_entry(paper: Paper) -> str:
    """Return a paper's BibTeX entry (@article for journals, @inproceedings for other venues, else @misc)."""
    if is_journal(paper.venue):
        kind, venue_field = "article", "journal"
    elif paper.venue:
        kind, venue_field = "inproceedings", "booktitle"
    else:
        kind, venue_field = "misc", ""
    fields = [("title", paper.title)]
    if paper.authors:
        fields.append(("author", " and ".join(paper.authors)))
    if paper.year:
        fields.append(("year", str(paper.year)))
    if venue_field:
        fields.append((venue_field, paper.venue or ""))
    if paper.doi:
        fields.append(("doi", paper.doi))
    if paper.url or paper.pdf_url:
        fields.append(("url", paper.url or paper.pdf_url or ""))
    body = ",\n".join(f"  {name} = {{{_bib_value(value)}}}" for name, value in fields)
    return f"@{kind}{{{bibtex_key(paper)},\n{body}\n}}\n"


def bibtex_file(corpus: Corpus) -> str:
    """Return every paper of the corpus as one BibTeX file."""
    return "\n".join(bibtex_entry(p) for p in corpus.papers)


def csv_file(corpus: Corpus) -> str:
    """Return every paper of the corpus as CSV (one row per paper; lists joined with '; ')."""
    topics = {t.slug: t.name for t in corpus.topics}
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_FIELDS)
    for p in corpus.papers:
        writer.writerow([_csv_safe(cell) for cell in (
            p.id, p.title, "; ".join(p.authors), p.year or "", p.venue or "", topics.get(p.topic or "", ""),
            "; ".join(corpus.tags[s].name for s in p.tags if s in corpus.tags), p.url or "", p.pdf_url or "",
            p.doi or "", f"papers/{p.slug}/", p.text or p.abstract,
        )])
    return out.getvalue()


def _bib_value(value: str) -> str:
    """Escape a value for a braced BibTeX field: special characters escaped, braces and backslashes neutralised."""
    text = " ".join(value.split())
    text = text.replace("\\", "/").replace("{", "(").replace("}", ")")
    return _BIB_SPECIAL.sub(r"\\\1", text)


def _csv_safe(value: str) -> str:
    """Return text that a spreadsheet will not run as a formula."""
    text = " ".join(value.split())
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


def facets_json(corpus: Corpus) -> str:
    """Return papers/facets.json: the facet values and, per paper, [title, page, topic, tags, venue, year]."""
    topic_index = {t.slug: i for i, t in enumerate(corpus.topics)}
    tag_slugs = sorted(corpus.tags)
    tag_index = {s: i for i, s in enumerate(tag_slugs)}
    data = {
        "topics": [[t.slug, t.name] for t in corpus.topics],
        "tags": [[s, corpus.tags[s].name] for s in tag_slugs],
        "papers": [
            [p.title, f"{p.slug}/", topic_index.get(p.topic or "", -1),
             [tag_index[s] for s in p.tags if s in tag_index], p.venue or "", p.year or ""]
            for p in corpus.papers
        ],
    }
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"
