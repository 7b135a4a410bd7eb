"""Identify: a stable id and a safe, readable permalink slug for every paper."""

from __future__ import annotations

import hashlib

from generator.model import KNOWN_FIELDS, Paper, Problem, Record
from generator.text import slugify
from generator.clean.latex import has_math, math_as_text
from generator.clean.normalise import find_links, normalise_abstract, normalise_inline, plain_text, readable_text

SLUG_WORDS = 8
SLUG_CHARS = 60
#: Hex characters of the id's fingerprint in a slug; only slugs that would collide get more.
FINGERPRINT = 6


def paper_id(given: str | None, abstract: str) -> str:
    """Return the given id, or one derived from the normalised abstract alone."""
    if given:
        return given
    # Only the paper's own text goes in, so other papers never change this id.
    return hashlib.sha1(_canonical(abstract).encode("utf-8")).hexdigest()[:12]


def _canonical(abstract: str) -> str:
    """Return the form of an abstract its derived id is made from (spacing and case aside)."""
    return " ".join(abstract.split()).casefold()


def id_clashes(records: list[Record], papers: list[Paper]) -> list[Problem]:
    """Report every paper whose id (given or derived) another paper already has, naming both places.

    `papers[i]` is the paper of `records[i]`. Derived ids are claimed first, then given ones, each in order
    of place: so a given id that equals another paper's derived id is the one reported (its author chose it),
    whatever order the files are read in.
    """
    entries = sorted(zip(records, papers), key=lambda e: ("id" in e[0].fields, e[0].source, e[0].line))
    owners: dict[str, tuple[Record, Paper]] = {}
    problems: list[Problem] = []
    for record, paper in entries:
        owner = owners.setdefault(paper.id, (record, paper))
        if owner[0] is not record:
            problems.append(_clash(record, paper, *owner))
    return problems


def _clash(record: Record, paper: Paper, owner: Record, owner_paper: Paper) -> Problem:
    """Describe why `paper` cannot have the id `owner_paper` already has."""
    where = owner.location
    if "id" in record.fields:
        how = "id" if "id" in owner.fields else "id derived from the abstract"
        return Problem(record.source, record.line_of("id"), "id",
                       f"'{paper.id}' is already the {how} of {where}; choose another id")
    line = record.line_of("abstract")
    if _canonical(paper.abstract) == _canonical(owner_paper.abstract):
        return Problem(record.source, line, "abstract",
                       f"same text as {where} apart from case, spacing or markup, so both would get the id "
                       f"'{paper.id}'; remove one or give one an id")
    return Problem(record.source, line, "abstract",
                   f"its derived id '{paper.id}' is also the id of {where}, a different abstract; give one an id")


def short_hash(paper_id_: str, length: int = FINGERPRINT) -> str:
    """Return `length` hex characters that fingerprint an id (case-sensitive ids stay distinct)."""
    return hashlib.sha1(paper_id_.encode("utf-8")).hexdigest()[:length]


def paper_slug(title: str, paper_id_: str, length: int = FINGERPRINT) -> str:
    """Return the permalink slug: readable words of the title plus a fingerprint of the id."""
    words = slugify(title, SLUG_WORDS, SLUG_CHARS) or "paper"
    return f"{words}-{short_hash(paper_id_, length)}"


def assign_slugs(papers: list[Paper]) -> None:
    """Give each paper (ids unique) its own slug: a 6-character fingerprint, longer only where two would collide."""
    sharing: dict[str, list[Paper]] = {}
    for paper in papers:
        paper.slug = paper_slug(paper.title, paper.id)
        sharing.setdefault(paper.slug, []).append(paper)
    for group in sharing.values():
        if len(group) > 1:
            _lengthen_fingerprints(group)


def _lengthen_fingerprints(group: list[Paper]) -> None:
    """Give papers that share a slug the shortest longer fingerprint that tells them all apart."""
    # The length depends only on the group's ids, not their order. A slug's fingerprint is its last
    # hyphen-free part, so a longer one can never equal a 6-character one, nor another group's.
    length = next((n for n in range(FINGERPRINT + 1, 41)
                   if len({short_hash(p.id, n) for p in group}) == len(group)), 40)
    for paper in group:
        paper.slug = paper_slug(paper.title, paper.id, length)


def paper_from_record(record: Record) -> Paper:
    """Return the Paper of a validated record: normalised text, stable id, metadata as given."""
    f = record.fields
    abstract = normalise_abstract(f["abstract"])
    given = f.get("title") or ""
    # A title with math is shown with it (headings, lists) and read as plain text everywhere else.
    title = normalise_inline(math_as_text(given) if has_math(given) else given) if given else ""
    title_md = normalise_inline(given) if has_math(given) else ""
    return Paper(
        id=paper_id(f.get("id"), abstract),
        abstract=abstract,
        text=plain_text(abstract),
        # Made once here (and kept with the normalised fields): every feed listing the paper and its page's summary read it.
        text_math=readable_text(abstract) if has_math(abstract) else "",
        source=record.location,
        collection=record.collection,
        title=title,
        title_md=title_md,
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
