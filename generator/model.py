"""The nouns of papersite: records as read, papers as published, and what links them."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    import numpy as np

Severity = Literal["error", "warning"]


def quoted(text: str) -> str:
    """Return `text` as it is, or quoted with escapes (as repr does) when it holds a character that is not printable."""
    # A newline or terminal escape in a file name or key would break the one-line `file:line: field: message`.
    return text if text.isprintable() else repr(text)


def _escaped(text: str) -> str:
    """Return `text` with each non-printable character written as its escape, the rest left as it is."""
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in text)

#: Fields every reader understands; anything else is kept as metadata.
KNOWN_FIELDS = (
    "id", "title", "abstract", "authors", "year", "venue",
    "url", "pdf_url", "doi", "keywords", "tldr",
)


class PapersiteError(Exception):
    """An error the user can fix; the CLI prints its message (one line per problem), never a traceback."""

    def __init__(self, message: str, problems: list["Problem"] | None = None) -> None:
        super().__init__(message)
        self.problems = problems or []


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with the input, located as `file:line: field: message`."""

    file: str
    line: int
    field: str
    message: str
    severity: Severity = "error"

    def __str__(self) -> str:
        prefix = "warning: " if self.severity == "warning" else ""
        return f"{quoted(self.file)}:{self.line}: {quoted(self.field)}: {prefix}{_escaped(self.message)}"


@dataclass
class Record:
    """One abstract as a reader found it: raw field values plus where they came from."""

    fields: dict[str, Any]
    source: str
    line: int
    collection: str
    field_lines: dict[str, int] = field(default_factory=dict)

    def line_of(self, name: str) -> int:
        """Return the line of field `name`, or the record's first line."""
        return self.field_lines.get(name, self.line)

    @property
    def location(self) -> str:
        """Return `file:line` of the record."""
        return f"{self.source}:{self.line}"


@dataclass(frozen=True)
class Related:
    """A related paper, its similarity and the terms that explain it."""

    id: str
    score: float
    terms: tuple[str, ...]


@dataclass
class Paper:
    """One paper as it is published: clean text, identity, inferred facts and links."""

    id: str
    abstract: str  # normalised Markdown (math kept as $...$)
    text: str  # plain text of the abstract for inference (no markup, math removed)
    source: str  # "data/file.txt:12"
    collection: str
    title: str = ""  # plain text: <title>, slug, search, meta tags, CSV, BibTeX
    title_inferred: bool = False
    title_md: str = ""  # the given title as Markdown with its math, for headings and lists; "" when it has none
    slug: str = ""
    authors: list[str] = field(default_factory=list)
    year: str | None = None
    venue: str | None = None
    url: str | None = None
    pdf_url: str | None = None
    doi: str | None = None
    tldr: str | None = None
    keywords: list[str] = field(default_factory=list)
    extra: dict[str, str] = field(default_factory=dict)
    links: list[str] = field(default_factory=list)  # code/project URLs found in the abstract
    tags: list[str] = field(default_factory=list)  # tag slugs, most relevant first
    topic: str | None = None  # topic slug
    related: list[Related] = field(default_factory=list)
    abstract_linked: str = ""  # abstract Markdown with inline cross-links added
    text_math: str = ""  # plain text of an abstract with math, the math written as characters; "" without math

    @property
    def path(self) -> str:
        """Return the page's path inside site_src/."""
        return f"papers/{self.slug}.md"

    @property
    def readable(self) -> str:
        """Return the abstract as plain text for a reader (a summary, a feed): its math written as characters."""
        return self.text_math or self.text


@dataclass
class Tag:
    """A canonical tag, the surface forms folded into it, and its papers."""

    slug: str
    name: str
    aliases: list[str] = field(default_factory=list)
    papers: list[str] = field(default_factory=list)  # paper ids
    is_field: bool = False  # names the field the corpus sits in ("machine learning"), not a group of its papers

    @property
    def path(self) -> str:
        """Return the tag page's path inside site_src/."""
        return f"tags/{self.slug}.md"


@dataclass
class Topic:
    """A group of related papers with a readable name made of its key phrases."""

    slug: str
    name: str
    phrases: list[str] = field(default_factory=list)
    description: str = ""
    papers: list[str] = field(default_factory=list)  # paper ids
    named_by: list[str] = field(default_factory=list)  # the phrases a discovered topic's name is made of
    grouped: list[str] = field(default_factory=list)  # a discovered topic's papers before tag topics took theirs (topics._tag_topics)

    @property
    def path(self) -> str:
        """Return the topic page's path inside site_src/."""
        return f"topics/{self.slug}.md"


@dataclass(frozen=True)
class TopicMemory:
    """A discovered topic as the previous build left it (data/.topics.json): its name's phrases and its papers.

    The next build starts its grouping from these topics and keeps a name while it still fits, so one new
    abstract does not rename topics and rewrite their members' pages.
    """

    phrases: tuple[str, ...]
    papers: tuple[str, ...]


@dataclass
class Author:
    """A person as the site shows them: one name, the other spellings folded into it, and their papers."""

    slug: str  # from the folded name alone (generator/infer/authors.py), so adding papers never changes it
    name: str  # the spelling shown: the vocabulary's, else the most used one
    aliases: list[str] = field(default_factory=list)  # the other spellings found in the data
    papers: list[str] = field(default_factory=list)  # paper ids, in data order
    surname: str = ""  # folded, for sorting and grouping
    initial: str = "#"  # the surname's initial the index groups by ("#" when it has no letter)

    @property
    def has_page(self) -> bool:
        """Tell whether the author gets a page of their own (two or more papers); else an entry on the index."""
        return len(self.papers) >= 2

    @property
    def path(self) -> str:
        """Return the page of authors holding this one's details, inside site_src/ (only written when has_page).

        The page is one of 256 picked by the slug's hash alone, so it never changes as papers are added.
        """
        return f"authors/people/{hashlib.sha1(self.slug.encode('utf-8')).hexdigest()[:2]}.md"


@dataclass
class Collection:
    """A named collection of abstracts, usually one input file."""

    name: str
    sources: list[str] = field(default_factory=list)
    count: int = 0


@dataclass
class TopicSpec:
    """A topic of a fixed taxonomy given in the vocabulary file."""

    name: str
    description: str = ""
    phrases: list[str] = field(default_factory=list)


@dataclass
class Vocabulary:
    """User control over tags and topics, from data/vocabulary.yaml."""

    preferred: dict[str, str] = field(default_factory=dict)  # normalised alias -> canonical name
    banned: set[str] = field(default_factory=set)  # normalised tag names never to use
    topics: list[TopicSpec] = field(default_factory=list)  # fixed taxonomy; empty = discover
    authors: dict[str, str] = field(default_factory=dict)  # folded alias (infer.authors.author_key) -> name shown


@dataclass
class Corpus:
    """Every paper of the site with its tags, topics and collections."""

    papers: list[Paper]
    tags: dict[str, Tag] = field(default_factory=dict)
    topics: list[Topic] = field(default_factory=list)
    collections: list[Collection] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)
    positions: dict[str, tuple[float, float]] = field(default_factory=dict)  # paper id -> (x, y) on the topic map
    first_seen: dict[str, str] = field(default_factory=dict)  # paper id -> YYYY-MM-DD it was first built
    topic_memory: tuple[TopicMemory, ...] = ()  # what data/.topics.json keeps for the next build (none with a taxonomy)
    vectors: np.ndarray | None = None  # n x d int8, row i for papers[i]: "More like these" (infer/vectors.py)
    authors: dict[str, Author] = field(default_factory=dict)  # author slug -> author, in index order
    paper_authors: dict[str, list[str]] = field(default_factory=dict)  # paper id -> its authors' slugs, as listed

    def by_id(self) -> dict[str, Paper]:
        """Return the papers keyed by id."""
        return {p.id: p for p in self.papers}
