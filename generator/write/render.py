"""Render: the finished corpus → Markdown pages and the catalog, as a mapping of path → text (nothing is written here)."""

from __future__ import annotations

import dataclasses
import hashlib
import html
import json
import math
import os
import posixpath
import re
from functools import lru_cache, partial
from pathlib import Path
from typing import Callable, NamedTuple, Sequence

import jinja2
from markupsafe import Markup

from generator.write import export, feed, people, saved
from generator.infer import layout
from generator.clean.latex import split_math
from generator.clean.normalise import readable_text
from generator.model import Corpus, Paper, Tag, Topic
from generator.runtime.parallel import Ordered

#: Folders and files of site_src/ that papersite owns; everything else there is hand-written.
GENERATED_DIRS = ("papers", "tags", "topics", "authors", "feeds", "map", "exports", "saved")
GENERATED_FILES = ("index.md", "papers.json", "feed.xml")

#: Entries per listing page, so no page grows past a few hundred entries.
PAGE_SIZE = 200
#: Latest additions shown on the home page.
LATEST = 10
#: Topics and collections the home page names (the largest), so it stays short at any corpus size.
HOME_TOPICS = 24
HOME_COLLECTIONS = 12

# Characters with inline meaning in Markdown or its extensions (arithmatex reads `\(`, `\[` and `$`),
# written as character references so no backslash escape can pair up into math or a link.
_MD_INLINE = re.compile(r"[\\`*_{}\[\]$|~<>&\"]")
_MD_LINE_START = re.compile(r"^(?:[#>+=-]|\d+[.)])")
# Characters a YAML double-quoted scalar may not hold raw (PyYAML's printable set, minus line breaks).
_YAML_UNPRINTABLE = re.compile("[^\t\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _charref(match: re.Match[str]) -> str:
    """Return the numeric character reference of a match's first character."""
    return f"&#{ord(match.group(0)[0])};" + match.group(0)[1:]


def md_escape(value: object) -> Markup:
    """Escape untrusted text for Markdown inline context: no HTML, no emphasis, links, math or block syntax."""
    return _md_escaped(str(value))


@lru_cache(maxsize=65536)
def _md_escaped(text: str) -> Markup:
    """Return md_escape of a string (cached: tag names and titles recur on thousands of pages)."""
    text = " ".join(text.split())
    text = _MD_INLINE.sub(_charref, text)
    return Markup(_MD_LINE_START.sub(_charref, text))


def title_markdown(paper: Paper | RelatedRef) -> Markup:
    """Return a paper's title for a heading or a list: its math kept for rendering, the rest escaped as every field is."""
    if not paper.title_md:
        return md_escape(paper.title)
    # Math spans reach pymdownx.arithmatex verbatim, as an abstract's do (it renders them as text, never as HTML).
    return Markup("".join(piece if math else _spaced(piece, md_escape(piece)) for math, piece in split_math(paper.title_md)))


def _spaced(original: str, escaped: str) -> str:
    """Return `escaped` with the blank that began or ended `original` (md_escape trims; math sits between words)."""
    return (" " if original[:1].isspace() else "") + escaped + (" " if original[-1:].isspace() and escaped else "")


def html_text(value: object) -> Markup:
    """Escape untrusted text for HTML text or attributes, on one line (a blank line would end an HTML block)."""
    return _html_escaped(str(value))


@lru_cache(maxsize=65536)
def _html_escaped(text: str) -> Markup:
    """Return html_text of a string (cached: author names and titles recur across the authors' pages)."""
    return Markup(html.escape(" ".join(text.split()), quote=True).replace("|", "&#124;"))


#: The longest summary of an abstract (a page's meta description), in characters.
SUMMARY_CHARS = 200


def summary(abstract: Paper | str, limit: int = SUMMARY_CHARS) -> str:
    """Return the start of a paper's abstract (or of Markdown) as readable text (math as characters), cut at a word
    and marked "…"."""
    text = abstract.readable if isinstance(abstract, Paper) else readable_text(abstract)
    if len(text) <= limit:
        return text
    return text[:limit + 1].rsplit(" ", 1)[0].rstrip(" ,;:-–—") + "…"


def yaml_string(value: object) -> Markup:
    """Quote text as a YAML scalar for front matter (JSON strings are valid YAML), HTML-escaped."""
    # MkDocs themes print front-matter values unescaped (Material: `<title>{{ page.meta.title }}`, the
    # header, `<meta content="{{ page.meta.description }}">`), so they must already be safe HTML.
    return yaml_json(str(html_text(value)))


def yaml_json(value: object) -> Markup:
    """Write a value as JSON that YAML reads back unchanged (for front matter)."""
    # Not ensure_ascii: YAML reads JSON's surrogate pairs for emoji as two broken characters, and MkDocs
    # then shows the whole front matter as text. Only what YAML cannot hold raw is escaped.
    text = json.dumps(value, ensure_ascii=False)
    return Markup(_YAML_UNPRINTABLE.sub(lambda m: f"\\u{ord(m.group(0)):04x}", text))


def make_environment(templates_dir: Path) -> jinja2.Environment:
    """Return the Jinja2 environment for Markdown templates, with the escaping filters."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates_dir)),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        autoescape=False,  # Markdown, not HTML: every field from data goes through |md or |yaml
    )
    env.filters["md"] = md_escape
    env.filters["title_md"] = title_markdown
    env.filters["yaml"] = yaml_string
    env.filters["summary"] = summary
    env.filters["attr"] = html_text
    env.filters["json"] = yaml_json  # raw values for the theme to escape
    env.filters["label"] = export.field_label
    return env


def page_count(n: int) -> int:
    """Return how many listing pages `n` entries need."""
    return max(1, math.ceil(n / PAGE_SIZE))


def listing_path(folder: str, page: int) -> str:
    """Return the path of page `page` (1-based) of a folder's listing."""
    return f"{folder}/index.md" if page == 1 else f"{folder}/page-{page}.md"


#: How render_site reuses a page rendered before: memo(items, key, render[, min_items]) returns render(item) for every
#: item (a page's number), the kept result where key(item) is unchanged (build.py decides where results are kept), the
#: others rendered on the workers when at least min_items are missing (parallel.map_ordered's default if None).
Memo = Callable[..., list[dict[str, str]]]
#: A page of authors lists hundreds of them (a fiftieth of a second each at 10,000 papers): from this many missing
#: ones they are rendered on the workers, where a paper page needs parallel.MIN_ITEMS.
AUTHOR_PAGES_SHARED = 8


class Ref(NamedTuple):
    """A tag or topic as a paper page shows it: where it links and its name."""

    slug: str
    name: str


class RelatedRef(NamedTuple):
    """A related paper as a paper page lists it: its title (the title_md filter reads both forms), page and shared terms."""

    title: str
    title_md: str
    slug: str
    terms: tuple[str, ...]


def paper_context(paper: Paper, topics: dict[str, Topic], tags: dict[str, Tag], by_id: dict[str, Paper],
                  author_slugs: list[str | None], author_urls: dict[str, str]) -> dict:
    """Return everything the paper template reads: the paper, its topic and tags, where its authors link, its related papers.

    Nothing else of the corpus reaches the template, so this context (with the templates) is the page's whole
    input: a page whose context is unchanged renders as before, and is not rendered again.
    """
    topic = topics.get(paper.topic) if paper.topic else None
    return {
        # The related papers reach the template as `related` only: their similarity scores, which shift a little with
        # every abstract added and are shown nowhere on the page, would make an unchanged page look changed.
        "paper": dataclasses.replace(paper, related=[]) if paper.related else paper,
        "topic": Ref(topic.slug, topic.name) if topic else None,
        "paper_tags": [Ref(slug, tags[slug].name) for slug in paper.tags],
        "author_links": [(name, author_urls[slug] if slug else None)
                         for name, slug in zip(paper.authors, [*author_slugs, *[None] * len(paper.authors)])],
        "related": [RelatedRef(other.title, other.title_md, other.slug, tuple(rel.terms))
                    for rel in paper.related for other in (by_id[rel.id],)],
    }


def _plain(context: dict) -> list:
    """Return a paper page's context as plain values, every field of the paper included (cheap to key on)."""
    paper = context["paper"]
    # The long texts by their digest: the key's JSON stays small (hashing is C; JSON-encoding abstracts is not).
    fields = [hashlib.sha256(v.encode("utf-8", "surrogatepass")).hexdigest() if type(v) is str and len(v) > 256 else v
              for v in (getattr(paper, name) for name in _PAPER_FIELDS)]
    return [fields, context["topic"], context["paper_tags"], context["author_links"], context["related"]]


_PAPER_FIELDS = tuple(f.name for f in dataclasses.fields(Paper))  # `related` among them: empty (see paper_context)


def templates_digest(templates_dir: Path) -> str:
    """Return the SHA-256 of every file under the templates folder (a template may include any other)."""
    digest = hashlib.sha256()
    for path in sorted(p for p in templates_dir.rglob("*") if p.is_file()):
        digest.update(path.relative_to(templates_dir).as_posix().encode("utf-8") + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def render_site(corpus: Corpus, templates_dir: Path, site_name: str, site_url: str | None = None,
                memo: Memo | None = None, reuse: bool = True) -> dict[str, str]:
    """Return every generated file of site_src/ as path → content (the feed's links under `site_url` when known);
    the paper pages through `memo` when given, so unchanged ones are taken as rendered before.

    `reuse` says most pages were rendered before: they are looked up while the workers make the corpus-wide pages.
    Otherwise the pages `memo` renders come first, on the workers, then the corpus-wide ones."""
    env = make_environment(templates_dir)
    by_id = corpus.by_id()
    topics = {t.slug: t for t in corpus.topics}
    tags = corpus.tags
    index_pages = people.index_pages(corpus, PAGE_SIZE)
    entries = people.index_entries(index_pages)
    author_links = people.author_links(corpus, entries)
    common = {"corpus": corpus, "by_id": by_id, "topics": topics, "tags": tags, "site_name": site_name,
              "first_seen": corpus.first_seen, "author_links": author_links,
              "author_urls": {slug: people.url(path) for slug, path in author_links.items()}}
    # Every template is compiled here, so a syntax error is reported from this process, not from a worker.
    paper_tpl, tag_tpl, topic_tpl, tags_index_tpl, topics_index_tpl, home_tpl, listing_tpl, map_tpl, \
        authors_tpl, author_tpl, saved_tpl = (
            env.get_template(name) for name in ("paper.md.j2", "tag.md.j2", "topic.md.j2", "tags_index.md.j2",
                                                "topics_index.md.j2", "home.md.j2", "papers_index.md.j2", "map.md.j2",
                                                "authors_index.md.j2", "author.md.j2", "saved.md.j2"))
    order = {slug: i for i, slug in enumerate(corpus.authors)}

    def paper_page(context: dict) -> dict[str, str]:
        paper = context["paper"]
        return {paper.path: paper_tpl.render(context, citation=export.citation_meta(paper),
                                             bibtex=export.bibtex_entry(paper) if paper.authors or paper.year else "")}

    def tag_pages(tag: Tag) -> dict[str, str]:
        return _render_paged(tag_tpl, paged_paths(tag.path, len(tag.papers)), "papers", _sorted_papers(tag.papers, by_id), tag=tag, **common)

    def topic_pages(topic: Topic) -> dict[str, str]:
        return _render_paged(topic_tpl, paged_paths(topic.path, len(topic.papers)), "papers", _sorted_papers(topic.papers, by_id), topic=topic, **common)

    def author_pages(chunk: list[dict]) -> dict[str, str]:
        out: dict[str, str] = {}
        for context in chunk:
            out.update(people.render_people(author_tpl, context))
        return out

    # Every page and file is independent of the others: all are made on every core, the whole-corpus
    # files first (they take longest, and a worker that starts them early evens out the load), the feeds of
    # the tags and topics first of all: the longest task (1 s at 10,000 papers), it leads the first chunk
    # (parallel.Ordered deals the k-th item of every n to chunk k, and the chunks start in order).
    tasks: list[Callable[[], dict[str, str]]] = [
        *_listing_feeds(corpus, site_name, site_url),
        *_reader_files(map_tpl, corpus, common, site_url),
        lambda: people.render_index(authors_tpl, index_pages, author_links, PAGE_SIZE, **common),
        lambda: {"papers.json": catalog_json(corpus)},
        lambda: _render_paged(tags_index_tpl, paged_paths("tags/index.md", len(tags)), "tag_list", _tags_by_count(tags), **common),
        lambda: {"topics/index.md": topics_index_tpl.render(**common)},
        lambda: {"saved/index.md": saved_tpl.render(**common), **saved.saved_files(corpus)},
        lambda: _render_paged(listing_tpl, [listing_path("papers", n) for n in range(1, page_count(len(corpus.papers)) + 1)],
                              "chunk", corpus.papers, **common),
        lambda: {"index.md": home_tpl.render(**home_context(corpus), **common)},
        *(partial(topic_pages, topic) for topic in corpus.topics),
        *(partial(tag_pages, tag) for tag in tags.values()),
    ]

    def pages_kept(memo: Memo) -> list[dict[str, str]]:
        """Return the paper and author pages through `memo`: kept ones as rendered before, the others rendered now."""
        # Pages by number, their contexts made where they are needed (a page's key, then the page if it is missing):
        # on the workers too, when nothing is kept to look up.
        people_pages = list(people.pages_of_authors(corpus).items())

        @lru_cache(maxsize=1)
        def paper_at(i: int) -> dict:
            paper = corpus.papers[i]
            return paper_context(paper, topics, tags, by_id, corpus.paper_authors.get(paper.id, []), common["author_urls"])

        @lru_cache(maxsize=1)
        def people_at(i: int) -> dict:
            path, here = people_pages[i]
            return people.people_context(path, here, corpus, by_id, author_links, entries, order, topics)

        # The key is the templates and the context: the page's whole input (the code's version keys the cache itself).
        digest = templates_digest(templates_dir)
        papers = memo(range(len(corpus.papers)), lambda i: (digest, "paper", _plain(paper_at(i))),
                      lambda i: _call(partial(paper_page, paper_at(i))))
        return papers + memo(range(len(people_pages)), lambda i: (digest, "authors", people_at(i)),
                             lambda i: _call(partial(people.render_people, author_tpl, people_at(i))), AUTHOR_PAGES_SHARED)

    kept: list[dict[str, str]] = []
    if memo is None:
        contexts, people_contexts = _page_contexts(corpus, topics, tags, by_id, author_links, entries, order, common)
        tasks += [partial(paper_page, context) for context in contexts]
        tasks += [partial(author_pages, people_contexts[i : i + 16]) for i in range(0, len(people_contexts), 16)]
    elif not reuse:  # a first build: the pages memo renders go to the workers before the corpus-wide ones
        kept = pages_kept(memo)
    # The corpus-wide pages and files go to the workers at once, while this process finds the
    # paper and author pages rendered before: with one new abstract, those lookups are most of this stage.
    with Ordered(_call, tasks) as corpus_wide:
        if memo is not None and reuse:
            kept = pages_kept(memo)
        made = corpus_wide.result()
    out: dict[str, str] = {}
    for files in made:
        out.update(files)
    for files in kept:
        out.update(files)
    return out


def _page_contexts(corpus: Corpus, topics: dict[str, Topic], tags: dict[str, Tag], by_id: dict[str, Paper],
                   author_links: dict[str, str], entries: dict[str, str], order: dict[str, int], common: dict) -> tuple[list[dict], list[dict]]:
    """Return the context of every paper page, and of every page of authors (sixteen to a task when rendered anew)."""
    contexts = [paper_context(p, topics, tags, by_id, corpus.paper_authors.get(p.id, []), common["author_urls"])
                for p in corpus.papers]
    people_contexts = [people.people_context(path, here, corpus, by_id, author_links, entries, order, topics)
                       for path, here in people.pages_of_authors(corpus).items()]
    return contexts, people_contexts


def home_context(corpus: Corpus) -> dict[str, list]:
    """Return what the home page lists besides counts: latest additions, largest collections and topics."""
    return {"latest": latest_additions(corpus), "home_topics": corpus.topics[:HOME_TOPICS],
            "collections": sorted(corpus.collections, key=lambda c: -c.count)[:HOME_COLLECTIONS]}


def latest_additions(corpus: Corpus) -> list[Paper]:
    """Return the newest LATEST papers, or none when every paper was added the same day (they would be any papers)."""
    if len({corpus.first_seen.get(p.id, "") for p in corpus.papers}) < 2:
        return []
    return [p for p in feed.newest_first(corpus.papers, corpus.first_seen)[:LATEST] if corpus.first_seen.get(p.id)]


class TemplateFailed(Exception):
    """A template failed while rendering a page: in which template file, at which line, and why."""

    def __init__(self, name: str | None, lineno: int | None, message: str) -> None:
        super().__init__(name, lineno, message)  # the arguments, so the error pickles back from a worker
        self.name, self.lineno, self.message = name, lineno, message


def _call(task: Callable[[], dict[str, str]]) -> dict[str, str]:
    """Run one rendering task; a template's runtime error says where in the template it happened."""
    try:
        return task()
    except jinja2.TemplateSyntaxError:
        raise
    except Exception as exc:
        # Jinja rewrites the traceback so that template frames carry the template's file and line: an error
        # raised there (an undefined name, or a loop over values the template unpacks wrongly) is the template's.
        name = lineno = None
        tb = exc.__traceback__
        while tb is not None:
            if tb.tb_frame.f_code.co_filename.endswith(".j2"):
                name, lineno = os.path.basename(tb.tb_frame.f_code.co_filename), tb.tb_lineno
            tb = tb.tb_next
        if name is None and not isinstance(exc, jinja2.TemplateError):
            raise  # papersite's own failure, not the template's
        message = exc.message if isinstance(exc, jinja2.TemplateError) and exc.message else str(exc)
        if not isinstance(exc, jinja2.TemplateError):
            message = f"{type(exc).__name__}: {message}"
        raise TemplateFailed(name, lineno, message) from None


def _reader_files(map_tpl: jinja2.Template, corpus: Corpus, common: dict,
                  site_url: str | None) -> list[Callable[[], dict[str, str]]]:
    """Return the tasks making the topic map, the facets of the papers index, the exports and the Atom feed."""
    colours = layout.topic_colours(len(corpus.topics))
    topic_names = {t.slug: t.name for t in corpus.topics}
    return [
        lambda: {"map/index.md": map_tpl.render(colours=colours, shapes=layout.topic_shapes(len(colours)), **common)},
        lambda: {"map/points.json": layout.map_json(corpus, colours)},
        lambda: {"papers/facets.json": export.facets_json(corpus)},
        lambda: {"exports/papers.bib": export.bibtex_file(corpus)},
        lambda: {"exports/papers.csv": export.csv_file(corpus)},
        lambda: {"feed.xml": feed.atom_feed(corpus.papers, corpus.first_seen, common["site_name"], topic_names, site_url)},
    ]


def _listing_feeds(corpus: Corpus, site_name: str, site_url: str | None) -> list[Callable[[], dict[str, str]]]:
    """Return the tasks making the Atom feed of every topic and of every tag, from entries made once a paper."""
    topic_names = {t.slug: t.name for t in corpus.topics}
    by_id = corpus.by_id()
    position = {p.id: i for i, p in enumerate(corpus.papers)}  # data order: newest_first's order among a day's papers
    state = corpus.first_seen

    def feeds(kind: str, label: str, groups: list[Tag] | list[Topic]) -> dict[str, str]:
        made: dict[str, str] = {}  # paper id -> its <entry>, made once for every feed that lists the paper

        def entry(paper: Paper) -> str:
            if paper.id not in made:
                made[paper.id] = feed.atom_entry(paper, state, topic_names, site_url)
            return made[paper.id]

        out = {}
        for group in groups:
            papers = [by_id[i] for i in sorted(group.papers, key=position.__getitem__)]
            latest = feed.newest_first(papers, state)[: feed.FEED_SIZE]
            path = f"feeds/{kind}/{group.slug}.xml"
            out[path] = feed.listing_feed(latest, feed.last_update(papers, state), [entry(p) for p in latest],
                                          f"{site_name} — {label}: {group.name}", f"feed:{kind}:{feed.urn_part(group.slug)}",
                                          path, f"{kind}/{group.slug}/", site_url)
        return out

    return [lambda: feeds("tags", "Tag", list(corpus.tags.values())), lambda: feeds("topics", "Topic", corpus.topics),
            lambda: {f"feeds/{kind}/sitemap.xml": feed.EMPTY_SITEMAP for kind in ("topics", "tags")}]


def paged_paths(first: str, n: int) -> list[str]:
    """Return the paths of a listing of `n` entries whose first page is `first` ("tags/x.md" → "tags/x/page-2.md" …)."""
    # Later pages live in a folder named after the first page, so they can never clash with another slug.
    return [first] + [f"{first[:-3]}/page-{page}.md" for page in range(2, page_count(n) + 1)]


def _render_paged(tpl: jinja2.Template, paths: list[str], name: str, entries: list, **context) -> dict[str, str]:
    """Render a listing in pages of PAGE_SIZE entries at `paths`; the template gets the chunk as `name` plus page links."""
    out = {}
    for page, path in enumerate(paths, start=1):
        folder = posixpath.dirname(path)
        out[path] = tpl.render(
            {name: entries[(page - 1) * PAGE_SIZE : page * PAGE_SIZE]},
            page=page, pages=len(paths), start=(page - 1) * PAGE_SIZE + 1,
            prev=posixpath.relpath(paths[page - 2], folder) if page > 1 else None,
            next=posixpath.relpath(paths[page], folder) if page < len(paths) else None,
            base="../" * path.count("/"),  # from this page to the root of site_src/
            **context,
        )
    return out


def _sorted_papers(ids: list[str], by_id: dict[str, Paper]) -> list[Paper]:
    """Return the papers of `ids` in title order (ties by id) for listings."""
    return sorted((by_id[i] for i in ids), key=lambda p: (p.title.casefold(), p.id))


def _tags_by_count(tags: dict[str, Tag]) -> list[Tag]:
    """Return tags by descending paper count, then name."""
    return sorted(tags.values(), key=lambda t: (-len(t.papers), t.name))


def catalog_json(corpus: Corpus) -> str:
    """Return papers.json: the public catalog of every paper, the contract for tests and tools."""
    tags = corpus.tags
    topics = {t.slug: t for t in corpus.topics}
    rows = [
        {
            "id": p.id,
            "url": f"papers/{p.slug}/",
            "title": p.title,
            "title_inferred": p.title_inferred,
            "authors": p.authors,
            "year": p.year,
            "venue": p.venue,
            "collection": p.collection,
            "tags": [tags[s].name for s in p.tags],
            "topic": topics[p.topic].name if p.topic in topics else None,
            "related": [{"id": r.id, "score": r.score, "terms": list(r.terms)} for r in p.related],
            "source": p.source,
        }
        for p in corpus.papers
    ]
    # One paper a line: diffs stay readable, and without `indent` json uses its C encoder (10x faster).
    lines = (json.dumps(row, ensure_ascii=False, sort_keys=True, separators=(",", ":")) for row in rows)
    return "[\n" + ",\n".join(lines) + "\n]\n"

