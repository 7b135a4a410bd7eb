"""Authors: the papers' names grouped into people, each with a stable slug, and what an author page lists.

Input: the papers (their `authors` as written) and the vocabulary's aliases. Output: the authors by slug, in the
index's order (surname initial, surname, name), and each paper's author slugs in its byline's order.

Two spellings are one author only when they are equal after Unicode NFKC, case and blank folding
(generator.text.author_key), or when data/vocabulary.yaml's `authors:` names one an alias of the other: two
different spellings are never guessed to be one person. A slug depends on the author's folded name alone, so
adding papers never changes an author's URL (see author_slug for how clashes are avoided).
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections import Counter

from generator.model import Author, Paper
from generator.text import ascii_fold, author_key

#: The plain slug of a name: ASCII letters and digits between single blanks.
_PLAIN = re.compile(r"[a-z0-9]+(?: [a-z0-9]+)*")
#: Slugs of pages the authors folder has already: the index and its later pages.
_RESERVED = re.compile(r"index|page-\d+")
#: Words after a surname that are not the surname ("Martin Luther King Jr.").
_SUFFIXES = {"jr", "jr.", "sr", "sr.", "ii", "iii", "iv"}
#: Tags an author page lists at most.
TOP_TAGS = 10


def author_slug(key: str) -> str:
    """Return the slug of a folded name: its words for a plain ASCII name, else its ASCII letters and a hash.

    A plain name ("yoshua bengio" → `yoshua-bengio`) is spelt back by its slug, so no other name has it. Any
    other name ("jürgen schmidhuber", "j. smith", "jun-yan zhu") gets its ASCII words and, after an underscore
    (never in a plain slug), 8 hex digits of the name's hash: names only decide it, so no clash depends on
    which other authors a collection has.
    """
    if _PLAIN.fullmatch(key) and not _RESERVED.fullmatch(key.replace(" ", "-")):
        return key.replace(" ", "-")
    words = re.findall(r"[a-z0-9]+", ascii_fold(key).lower())
    digest = hashlib.sha1(key.encode("utf-8")).hexdigest()[:8]
    return "-".join(words[:8]) + "_" + digest if words else digest


def surname(name: str) -> str:
    """Return the surname of a name as written: before the comma of "Last, First", else the last word."""
    if "," in name:
        return name.split(",", 1)[0].strip()
    words = name.split()
    while len(words) > 1 and words[-1].casefold() in _SUFFIXES:
        words.pop()
    return words[-1] if words else name


def initial(surname_text: str) -> str:
    """Return the letter a surname is filed under: its first letter without accents, upper case ("#" if none)."""
    for char in surname_text:
        if char.isalpha():
            folded = ascii_fold(char).upper()
            return folded if folded.isalpha() else unicodedata.normalize("NFKC", char).upper()
    return "#"


def group_authors(papers: list[Paper], aliases: dict[str, str]) -> tuple[dict[str, Author], dict[str, list[str]]]:
    """Return the authors by slug in index order, and each paper's author slugs as its byline lists them."""
    spellings: dict[str, Counter[str]] = {}  # canonical key -> spellings used, counted
    shown: dict[str, str] = {}  # canonical key -> the name the vocabulary gives
    found: dict[str, list[str]] = {}  # canonical key -> paper ids
    paper_authors: dict[str, list[str]] = {}
    keys: dict[str, str] = {}  # canonical key -> slug
    for paper in papers:
        slugs = paper_authors.setdefault(paper.id, [])
        for name in paper.authors:
            key = author_key(name)
            if not key:
                slugs.append("")
                continue
            if key in aliases:
                shown.setdefault(author_key(aliases[key]), aliases[key])
                key = author_key(aliases[key])
            spellings.setdefault(key, Counter())[" ".join(name.split())] += 1
            ids = found.setdefault(key, [])
            if not ids or ids[-1] != paper.id:  # a name twice in one byline is one authorship
                ids.append(paper.id)
            slugs.append(keys.setdefault(key, author_slug(key)))
    authors = []
    for key, counts in spellings.items():
        # The most used spelling; a tie goes to the one met first in the data (Counter keeps that order).
        name = shown.get(key) or max(counts, key=lambda s: counts[s])
        last = surname(name)
        authors.append(Author(slug=keys[key], name=name, aliases=sorted(s for s in counts if s != name),
                              papers=found[key], surname=author_key(ascii_fold(last) or last), initial=initial(last)))
    authors.sort(key=_index_order)
    return {a.slug: a for a in authors}, paper_authors


def _index_order(author: Author) -> tuple:
    """Return the index's sort key: letters A–Z first, then other scripts, then "#"; then surname and name."""
    group = 0 if "A" <= author.initial <= "Z" else 2 if author.initial == "#" else 1
    return (group, author.initial, author.surname, author_key(ascii_fold(author.name)), author.slug)


def coauthors(author: Author, by_paper: dict[str, list[str]], order: dict[str, int]) -> list[tuple[str, int]]:
    """Return an author's co-authors as (slug, papers together), most shared first, then in index `order`."""
    counts: Counter[str] = Counter()
    for paper_id in author.papers:
        counts.update({s for s in by_paper.get(paper_id, []) if s and s != author.slug})
    return sorted(counts.items(), key=lambda pair: (-pair[1], order.get(pair[0], 0)))


def most_frequent(values: list[str | None], limit: int | None = None) -> list[tuple[str, int]]:
    """Return the values (topic or tag slugs) with their counts, most frequent first, ties in order of first use."""
    counts = Counter(v for v in values if v)
    return counts.most_common(limit)
