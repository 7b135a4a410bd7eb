"""Author pages and the authors index: where each author's name links to, and the context their templates get.

Input: the corpus (its authors in index order, each paper's author slugs). Output: path → Markdown for the index
pages (every author an entry, in pages of PAGE_SIZE, grouped by surname initial) and for the pages of authors.
An author with one paper is only an entry (an anchor) of the index, listing that paper. An author with two or
more has a section (an anchor) on one of 256 pages of authors chosen by their slug's hash (model.Author.path),
so their address never changes and 10,000 papers' ~6,000 such authors make 256 pages, not 6,000: MkDocs' cost
is mostly per page, whatever the page holds. Index entries and author sections are raw HTML with hrefs
written as the directory URLs MkDocs gives the pages, in blocks marked as ready HTML (write/raw_html.py): the
MkDocs adapter keeps them out of the Markdown conversion (27 MB at 10,000 papers), which sees only the headings.
"""

from __future__ import annotations

from functools import lru_cache

import jinja2

from generator.infer.authors import TOP_TAGS, coauthors, most_frequent
from generator.model import Author, Corpus, Paper

#: The authors folder's first listing page.
INDEX = "authors/index.md"


def index_paths(corpus: Corpus, page_size: int) -> list[str]:
    """Return the paths of the authors index's pages: authors/index.md, authors/page-2.md, …"""
    pages = max(1, -(-len(corpus.authors) // page_size))
    return [INDEX] + [f"authors/page-{n}.md" for n in range(2, pages + 1)]


def index_entries(corpus: Corpus, page_size: int) -> dict[str, str]:
    """Return every author's entry on the index as a site_src/ path with its anchor ("authors/page-2.md#x")."""
    paths = index_paths(corpus, page_size)
    return {slug: f"{paths[i // page_size]}#{slug}" for i, slug in enumerate(corpus.authors)}


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


def render_index(tpl: jinja2.Template, links: dict[str, str], page_size: int, **common) -> dict[str, str]:
    """Return the authors index's pages: every author in index order, grouped by surname initial."""
    corpus: Corpus = common["corpus"]
    authors = list(corpus.authors.values())
    paths = index_paths(corpus, page_size)
    first_page: dict[str, int] = {}  # initial -> the page its group starts on
    for i, author in enumerate(authors):
        first_page.setdefault(author.initial, i // page_size)
    with_page = sum(a.has_page for a in authors)
    out = {}
    for n, path in enumerate(paths):
        chunk = authors[n * page_size : (n + 1) * page_size]
        groups: list[tuple[str, list[Author]]] = []
        for author in chunk:
            if not groups or groups[-1][0] != author.initial:
                groups.append((author.initial, []))
            groups[-1][1].append(author)
        out[path] = tpl.render(
            groups=groups, page=n + 1, pages=len(paths), start=n * page_size + 1, count=len(chunk),
            with_page=with_page, letters=[(letter, relative_url(f"{paths[p]}#{_letter_id(letter)}", path))
                                          for letter, p in first_page.items()],
            href=lambda target, _path=path: relative_url(target, _path), letter_id=_letter_id, links=links,
            root=relative_url("index.md", path), page_size=page_size,
            prev=relative_url(paths[n - 1], path) if n else None,
            next=relative_url(paths[n + 1], path) if n + 1 < len(paths) else None, **common)
    return out


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


def render_people(tpl: jinja2.Template, path: str, people: list[Author], links: dict[str, str],
                  entries: dict[str, str], order: dict[str, int], **common) -> dict[str, str]:
    """Return a page of authors: for each, papers newest first, co-authors with counts, topics and frequent tags."""
    corpus: Corpus = common["corpus"]
    sections = []
    for author in people:
        papers = sorted_by_year(author.papers, common["by_id"])
        sections.append({
            "author": author, "papers": papers, "coauthors": coauthors(author, corpus.paper_authors, order),
            "topics": most_frequent([p.topic for p in papers]),
            "tags": most_frequent([t for p in papers for t in p.tags], TOP_TAGS), "entry": entries[author.slug]})
    return {path: tpl.render(sections=sections, links=links, href=lambda target: relative_url(target, path), **common)}
