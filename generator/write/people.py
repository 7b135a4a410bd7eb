"""Author pages and the authors index: where each author's name links to, and the context their templates get.

Input: the corpus (its authors in index order, each paper's author slugs). Output: path → Markdown for the index
pages (every author an entry under their surname's initial: one page when all fit, else each initial's own pages
of PAGE_SIZE, so a new author moves entries of one initial only) and for the pages of authors.
An author with one paper is only an entry (an anchor) of the index, listing that paper. An author with two or
more has a section (an anchor) on one of 256 pages of authors chosen by their slug's hash (model.Author.path),
so their address never changes and 10,000 papers' ~6,000 such authors make 256 pages, not 6,000: MkDocs' cost
is mostly per page, whatever the page holds. Index entries and author sections are raw HTML with hrefs
written as the directory URLs MkDocs gives the pages, in blocks marked as ready HTML (write/raw_html.py): the
MkDocs adapter keeps them out of the Markdown conversion (27 MB at 10,000 papers), which sees only the headings.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

import jinja2

from generator.infer.authors import TOP_TAGS, coauthors, most_frequent
from generator.model import Author, Corpus, Paper

#: The authors folder's first listing page.
INDEX = "authors/index.md"


@dataclass
class IndexPage:
    """One page of the authors index: its path, the initial's group it lists (None: every author, on one page), and
    its place among that group's pages."""

    path: str
    group: str | None
    page: int
    pages: int
    authors: list[Author]


def group_key(initial: str) -> str:
    """Return the folder of an initial's pages: the letter in lower case, "other" for other scripts and none."""
    return initial.lower() if "A" <= initial <= "Z" else "other"


def index_pages(corpus: Corpus, page_size: int) -> list[IndexPage]:
    """Return the authors index's pages: all on authors/index.md when they fit, else pages per initial under it.

    Each initial's authors are paginated on their own (authors/c/, authors/c/page-2/, …): a new author moves
    entries on their initial's pages only, and the pages of other initials, their addresses and the links to
    them, stay as they were. authors/index.md is then the list of initials.
    """
    authors = list(corpus.authors.values())
    if len(authors) <= page_size:
        return [IndexPage(INDEX, None, 1, 1, authors)]
    groups: dict[str, list[Author]] = {}
    for author in authors:
        groups.setdefault(group_key(author.initial), []).append(author)
    pages = [IndexPage(INDEX, None, 1, 1, [])]
    for key, members in groups.items():
        count = -(-len(members) // page_size)
        pages += [IndexPage(f"authors/{key}/index.md" if n == 1 else f"authors/{key}/page-{n}.md", key, n, count,
                            members[(n - 1) * page_size : n * page_size]) for n in range(1, count + 1)]
    return pages


def index_entries(pages: list[IndexPage]) -> dict[str, str]:
    """Return every author's entry on the index as a site_src/ path with its anchor ("authors/c/page-2.md#x")."""
    return {author.slug: f"{page.path}#{author.slug}" for page in pages for author in page.authors}


def author_links(corpus: Corpus, entries: dict[str, str]) -> dict[str, str]:
    """Return where each author's name links: their page, else their entry on the index (which lists the paper)."""
    return {slug: f"{a.path}#{slug}" if a.has_page else entries[slug] for slug, a in corpus.authors.items()}


@lru_cache(maxsize=65536)
def url(path: str) -> str:
    """Return the directory URL MkDocs gives a site_src/ path, site-root-relative ("authors/x.md#y" → "authors/x/#y")."""
    path, hash_, anchor = path.partition("#")
    if path.endswith("index.md"):
        path = path[: -len("index.md")]
    elif path.endswith(".md"):
        path = path[:-3] + "/"
    return path + hash_ + anchor


def relative_url(target: str, page: str) -> str:
    """Return the href from the page at site_src/ path `page` to the site_src/ path `target`."""
    here = url(page)
    path, hash_, anchor = url(target).partition("#")
    if path == here:
        return hash_ + anchor or "./"
    # Directory URLs only, so the common folders are a common prefix of segments (posixpath.relpath, at a
    # tenth of its cost: a page of authors holds thousands of links).
    up, down = _segments(here), path.split("/")
    common = 0
    while common < len(up) and common < len(down) - 1 and up[common] == down[common]:
        common += 1
    rel = "/".join([".."] * (len(up) - common) + down[common:])
    if not down[-1] and not rel.endswith("/"):
        rel += "/"
    return (rel or "./") + hash_ + anchor


@lru_cache(maxsize=4096)
def _segments(directory_url: str) -> tuple[str, ...]:
    """Return the folders of a directory URL ("authors/people/4f/" → ("authors", "people", "4f"))."""
    return tuple(directory_url.split("/")[:-1]) if directory_url else ()


def sorted_by_year(ids: list[str], by_id: dict[str, Paper]) -> list[Paper]:
    """Return the papers newest first when years are known (unknown years last), then by title."""
    def key(paper: Paper) -> tuple:
        year = int(paper.year) if paper.year and str(paper.year).isdigit() else -1
        return (-year, paper.title.casefold(), paper.id)
    return sorted((by_id[i] for i in ids), key=key)


def render_index(tpl: jinja2.Template, pages: list[IndexPage], links: dict[str, str], page_size: int,
                 **common) -> dict[str, str]:
    """Return the authors index's pages: the authors in index order under their surname's initial."""
    corpus: Corpus = common["corpus"]
    with_page = sum(a.has_page for a in corpus.authors.values())
    firsts = [p for p in pages if p.group is not None and p.page == 1]
    counts = {p.group: 0 for p in firsts}
    for page in pages:
        if page.group is not None:
            counts[page.group] += len(page.authors)
    out = {}
    for page in pages:
        groups: list[tuple[str, list[Author]]] = []
        for author in page.authors:
            if not groups or groups[-1][0] != author.initial:
                groups.append((author.initial, []))
            groups[-1][1].append(author)
        if page.group is None and page.authors:  # everyone on one page: the initials are its sections
            letters = [(letter, "#" + _letter_id(letter)) for letter, _ in groups]
        else:
            letters = [(_group_label(p.group), relative_url(p.path, page.path)) for p in firsts]
        siblings = [p for p in pages if p.group == page.group]
        out[page.path] = tpl.render(
            groups=groups, group=_group_label(page.group) if page.group else None, page=page.page, pages=page.pages,
            start=(page.page - 1) * page_size + 1, count=len(page.authors), with_page=with_page, letters=letters,
            initials=[(letter, target, counts[p.group]) for (letter, target), p in zip(letters, firsts)],
            href=lambda target, _path=page.path: relative_url(target, _path), letter_id=_letter_id, links=links,
            root=relative_url("index.md", page.path), page_size=page_size, overview=page.group is None and not page.authors,
            prev=relative_url(siblings[page.page - 2].path, page.path) if page.page > 1 else None,
            next=relative_url(siblings[page.page].path, page.path) if page.page < page.pages else None, **common)
    return out


def _group_label(group: str | None) -> str:
    """Return how an initial's group is shown ("C", "Other")."""
    return "Other" if group == "other" else (group or "").upper()


def _letter_id(letter: str) -> str:
    """Return the anchor of an initial's group: the letter itself, never an author's slug (those are lower case)."""
    return "Other" if letter == "#" else letter


def pages_of_authors(corpus: Corpus) -> dict[str, list[Author]]:
    """Return the pages of authors with two or more papers: path → its authors in index order, paths sorted."""
    pages: dict[str, list[Author]] = {}
    for author in corpus.authors.values():
        if author.has_page:
            pages.setdefault(author.path, []).append(author)
    return dict(sorted(pages.items()))


class PersonRef(NamedTuple):
    """An author as a page of authors shows them: name, anchor and other spellings."""

    name: str
    slug: str
    aliases: tuple[str, ...]


class PaperRef(NamedTuple):
    """A paper as a page of authors lists it: its page, title, venue and year."""

    path: str
    title: str
    venue: str | None
    year: str | None


class Counted(NamedTuple):
    """A co-author, topic or tag of an author's: its name, where it links (a site_src/ path) and how many papers."""

    name: str
    target: str
    count: int


def people_context(path: str, people: list[Author], corpus: Corpus, by_id: dict[str, Paper], links: dict[str, str],
                   entries: dict[str, str], order: dict[str, int], topics: dict) -> dict:
    """Return everything a page of authors shows: for each, papers newest first, co-authors with counts, topics and
    frequent tags, as plain values (this, with the templates, is the page's whole input)."""
    tags = corpus.tags
    sections = []
    for author in people:
        papers = sorted_by_year(author.papers, by_id)
        sections.append({
            "author": PersonRef(author.name, author.slug, tuple(author.aliases)),
            "papers": [PaperRef(p.path, p.title, p.venue, p.year) for p in papers],
            "coauthors": [Counted(corpus.authors[slug].name, links[slug], n)
                          for slug, n in coauthors(author, corpus.paper_authors, order)],
            "topics": [Counted(topics[slug].name, topics[slug].path, n) for slug, n in most_frequent([p.topic for p in papers])],
            "tags": [Counted(tags[slug].name, tags[slug].path, n)
                     for slug, n in most_frequent([t for p in papers for t in p.tags], TOP_TAGS)],
            "entry": entries[author.slug]})
    return {"path": path, "sections": sections}


def render_people(tpl: jinja2.Template, context: dict) -> dict[str, str]:
    """Return a page of authors from its people_context."""
    path = context["path"]
    return {path: tpl.render(sections=context["sections"], href=lambda target: relative_url(target, path))}
