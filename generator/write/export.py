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
from generator.write.people import group_key

#: Venue words that mark a journal rather than a conference.
_JOURNAL = re.compile(r"\b(journal|transactions|letters|review|magazine|tmlr|jmlr)\b", re.IGNORECASE)
_BIB_SPECIAL = re.compile(r"([&%$#_])")
_BIB_KEY = re.compile(r"[^A-Za-z0-9]+")
# "ICLR 2024 poster", "NeurIPS 2023 (Datasets and Benchmarks Track)": the venue and year, then how the paper
# was presented. Only words that name a presentation count as a track, so "ICML 2020, Vienna" stays whole.
_VENUE_TRACK = re.compile(
    r"^(?P<venue>.*\b(?:19|20)\d\d)[\s,:;()\[\]-]+(?P<track>(?:[\w%-]+\s*){1,5}?)[\s)\]]*$")
_TRACK_WORD = re.compile(r"\b(poster|oral|spotlight|notable|highlight|award|talk|demo|track|accepted|accept|findings)\b",
                         re.IGNORECASE)
# Words of field keys printed the way people write them; any other word is lower case.
_LABEL_WORDS = {"doi": "DOI", "url": "URL", "urls": "URLs", "pdf": "PDF", "id": "ID", "ids": "IDs", "isbn": "ISBN",
                "issn": "ISSN", "arxiv": "arXiv", "openreview": "OpenReview", "tldr": "TL;DR", "bibtex": "BibTeX",
                "acm": "ACM", "ieee": "IEEE", "html": "HTML", "api": "API"}
_LABEL_SPLIT = re.compile(r"[\s_.-]+|(?<=[a-z0-9])(?=[A-Z])")

CSV_FIELDS = ("id", "title", "authors", "year", "venue", "topic", "tags", "url", "pdf_url", "doi", "page", "abstract")


def is_journal(venue: str | None) -> bool:
    """Tell whether a venue name looks like a journal."""
    return bool(venue and _JOURNAL.search(venue))


def field_label(key: str) -> str:
    """Return a data field's key as a label: `primary_area` → "Primary area", `pdf_url` → "PDF URL"."""
    words = [w for w in _LABEL_SPLIT.split(key) if w]
    if not words:
        return key
    # A word the data spells in capitals (an acronym of its own) is kept as written.
    out = [_LABEL_WORDS.get(w.lower(), w if len(w) > 1 and w.isupper() else w.lower()) for w in words]
    if out[0] == words[0].lower():
        out[0] = out[0].capitalize()
    return " ".join(out)


def split_venue(venue: str) -> tuple[str, str]:
    """Split a venue into (venue and year, presentation track): "ICLR 2024 poster" → ("ICLR 2024", "poster")."""
    text = " ".join(venue.split())
    match = _VENUE_TRACK.match(text)
    if not match or not _TRACK_WORD.search(match.group("track")):
        return text, ""
    if not re.search(r"[^\W\d]", match.group("venue")):  # "2024 poster": no venue name to keep
        return text, ""
    return match.group("venue"), match.group("track").strip()


def citation_meta(paper: Paper) -> list[tuple[str, str]]:
    """Return the Highwire/Google Scholar meta tags of a paper as (name, content) pairs, known values only."""
    # The page's title, even an inferred one: reference managers refuse an item without a title.
    meta = [("citation_title", paper.title)]
    meta += [("citation_author", a) for a in paper.authors]
    if paper.year:
        meta.append(("citation_publication_date", str(paper.year)))
    if paper.venue:
        # The venue without its track, as in BibTeX: reference managers file "ICLR 2024", not "ICLR 2024 poster".
        name = "citation_journal_title" if is_journal(paper.venue) else "citation_conference_title"
        meta.append((name, split_venue(paper.venue)[0]))
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
    venue, track = split_venue(paper.venue or "")
    if venue_field:
        fields.append((venue_field, venue))
    if paper.doi:
        fields.append(("doi", paper.doi))
    if paper.url or paper.pdf_url:
        fields.append(("url", paper.url or paper.pdf_url or ""))
    if track:
        fields.append(("note", track))
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
            p.doi or "", f"papers/{p.slug}/", p.abstract,
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


def _author_groups(corpus: Corpus) -> list[list]:
    """Return [folder, first position] of each initial's group of authors, in index order."""
    starts: dict[str, int] = {}
    for i, author in enumerate(corpus.authors.values()):
        starts.setdefault(group_key(author.initial), i)
    return [[key, i] for key, i in starts.items()]


def facets_json(corpus: Corpus) -> str:
    """Return papers/facets.json: the facet values and, per paper, [title, page, topic, tags, venue, year, authors]."""
    topic_index = {t.slug: i for i, t in enumerate(corpus.topics)}
    tag_slugs = sorted(corpus.tags)
    tag_index = {s: i for i, s in enumerate(tag_slugs)}
    author_index = {s: i for i, s in enumerate(corpus.authors)}  # in the authors index's order
    data = {
        "topics": [[t.slug, t.name] for t in corpus.topics],
        "tags": [[s, corpus.tags[s].name] for s in tag_slugs],
        "authors": [[a.slug, a.name] for a in corpus.authors.values()],
        # Where each initial's authors start in that list: the index's pages are per initial (write/people.py).
        "author_groups": _author_groups(corpus),
        "papers": [
            [p.title, f"{p.slug}/", topic_index.get(p.topic or "", -1),
             [tag_index[s] for s in p.tags if s in tag_index], p.venue or "", p.year or "",
             sorted({author_index[s] for s in corpus.paper_authors.get(p.id, []) if s in author_index})]
            for p in corpus.papers
        ],
    }
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"
