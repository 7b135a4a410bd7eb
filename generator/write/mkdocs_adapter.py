"""The MkDocs adapter: build site/ from the staged pages with MkDocs, its pages converted and rendered on every core.

The only module that imports MkDocs (and reads Material's search plugin). The parallel page build replaces two
private functions of MkDocs 1.6.1; unfit_reason() checks, before each build, the MkDocs and Material releases, those
functions' signatures and every page-event handler, and otherwise MkDocs' own loop runs and one line says why.
With a page store, pages whose key is unchanged are neither converted nor rendered (mkdocs_reuse.py says which).
A generated page's blocks of ready HTML (raw_html.py) skip the Markdown conversion, and so do the Markdown extensions
whose syntax its text never uses: Page.render is wrapped too.
"""

from __future__ import annotations

import inspect
import logging
import os
import sys
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Callable, ContextManager, Iterator
from urllib.parse import urlsplit

from generator.model import PapersiteError
from generator.runtime import parallel
from generator.write import raw_html
from generator.write.files import is_generated, staging_copy, write_new_files
from generator.write.mkdocs_reuse import Reuse as _Reuse, lookup_of
from generator.write.page_store import PageStore


class _WarningCollector(logging.Handler):
    """Collect MkDocs warnings so a failed strict build can say what went wrong."""

    def __init__(self) -> None:
        super().__init__(level=logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage().splitlines()[0])


def run_mkdocs(config_file: Path, docs_dir: Path, site_dir: Path, strict: bool, site_name: str | None = None,
               site_url: str | None = None, store: PageStore | None = None,
               generated: dict[str, str] | None = None) -> list[str]:
    """Build docs_dir into site_dir with MkDocs and return its warnings; raise PapersiteError if it fails.

    `site_name` and `site_url`, when given, replace mkdocs.yml's (the site named after its data, the URL the
    Pages workflow passes): the header, the browser tab, canonical links, the sitemap and 404.html use them.
    With a `store`, unchanged pages are taken from it and, once the build has succeeded, this build's are kept.
    `generated` (path → text) stands in for every papersite-owned file of docs_dir, which stays untouched.
    """
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config
    from mkdocs.exceptions import MkDocsException

    collector = _WarningCollector()
    logger = logging.getLogger("mkdocs")
    logger.addHandler(collector)
    try:
        with _docs(docs_dir, generated) as (docs, pages_in_memory):
            config = load_config(str(config_file), docs_dir=str(docs), site_dir=str(site_dir), strict=strict,
                                 site_name=site_name, site_url=site_url)  # None: mkdocs.yml's value stays
            with pages_in_memory, _markdown_on_every_core(store) as reuse:
                mkdocs_build(config)
        if reuse is not None:
            reuse.save()
    except (MkDocsException, OSError) as exc:
        detail = "; ".join(collector.messages[:5]) or str(exc)
        raise PapersiteError(f"{config_file.name}: mkdocs build failed: {detail}") from exc
    finally:
        logger.removeHandler(collector)
    return collector.messages


@contextmanager
def _docs(docs_dir: Path, generated: dict[str, str] | None) -> Iterator[tuple[Path, ContextManager[None]]]:
    """Yield the docs_dir MkDocs reads and the block within which `generated` stands in for papersite's files there.

    Where the adapter fits this MkDocs (unfit_reason), the files come from memory (MkDocs' File.generated):
    nothing is written before MkDocs succeeds and no copy of site_src/ is made. Otherwise they are written
    into a staging copy of docs_dir, which MkDocs reads instead.
    """
    if generated is None:
        yield docs_dir, nullcontext()
    elif unfit_reason() is None:
        yield docs_dir, _files_from_memory(generated)
    else:
        with staging_copy(docs_dir) as stage:
            write_new_files(stage, generated)
            yield stage, nullcontext()


@contextmanager
def _files_from_memory(generated: dict[str, str]) -> Iterator[None]:
    """Within the block, MkDocs' file list has `generated` in place of the papersite-owned files found on disk."""
    from mkdocs.commands import build as mkdocs_build_module
    from mkdocs.structure.files import File, Files, set_exclusions

    original = mkdocs_build_module.get_files

    def get_files(config) -> Files:  # noqa: ANN001 - MkDocs' config
        with _walk_skipping_generated(config["docs_dir"]):
            own = [f for f in original(config) if not is_generated(f.src_uri)]
        made = [File.generated(config, path, content=text) for path, text in generated.items()]
        set_exclusions(made, config)
        # In the order MkDocs' walk of docs_dir gives (the nav, the search index and the sitemap follow it).
        return Files(sorted(own + made, key=lambda f: _walk_order(f.src_uri)))

    mkdocs_build_module.get_files = get_files
    try:
        yield
    finally:
        mkdocs_build_module.get_files = original


class _PrunedOs:
    """The os module as MkDocs' file list sees it: its walk of docs_dir does not enter papersite's folders."""

    def __init__(self, docs_dir: str) -> None:
        self._docs_dir = os.path.normpath(docs_dir)

    def __getattr__(self, name: str):  # noqa: ANN204 - whatever os has
        return getattr(os, name)

    def walk(self, top, *args, **kwargs) -> Iterator[tuple]:  # noqa: ANN001 - os.walk's own arguments
        """os.walk, leaving out the generated folders at the top of docs_dir (their files come from memory)."""
        for entry in os.walk(top, *args, **kwargs):
            if os.path.normpath(entry[0]) == self._docs_dir:
                entry[1][:] = [d for d in entry[1] if not is_generated(f"{d}/")]
            yield entry


@contextmanager
def _walk_skipping_generated(docs_dir: str) -> Iterator[None]:
    """Within the block, MkDocs' walk of docs_dir skips the folders papersite writes (17,000 files at 10,000 papers
    that would be listed only to be replaced); where its file module is not as written for, it walks them all."""
    from mkdocs.structure import files as files_module

    if getattr(files_module, "os", None) is not os:
        yield
        return
    files_module.os = _PrunedOs(docs_dir)
    try:
        yield
    finally:
        files_module.os = os


def _walk_order(src_uri: str) -> list[tuple[int, tuple[bool, str] | str]]:
    """Return the sort key of a docs_dir path in os.walk's top-down order: a folder's files (index first), then its folders."""
    *folders, name = src_uri.split("/")
    return [(1, folder) for folder in folders] + [(0, (os.path.splitext(name)[0] not in ("index", "README"), name))]


def serve_url(address: str, site_url: str | None) -> str:
    """Return the URL MkDocs' development server serves the site at: the address, under site_url's path."""
    return f"http://{address}{urlsplit(site_url or '/').path}"


def serve_mkdocs(config_file: Path, docs_dir: Path, address: str, site_name: str | None = None,
                 store_dir: Path | None = None, warn: Callable[[str], None] | None = None) -> None:
    """Serve docs_dir with MkDocs' live-reloading development server until interrupted.

    With `store_dir`, every rebuild takes the pages that did not change from a page store kept there (the
    server's own: its pages carry the server's address, and each build keeps only the pages it used).
    """
    from mkdocs.commands import serve as serve_module

    original = serve_module.build

    def build_reusing(config, *, serve_url=None, dirty=False) -> None:  # noqa: ANN001 - MkDocs' own signature
        with _markdown_on_every_core(PageStore(store_dir, warn or (lambda message: None))) as reuse:
            original(config, serve_url=serve_url, dirty=dirty)
        if reuse is not None:
            reuse.save()

    if store_dir is not None:
        serve_module.build = build_reusing
    try:
        serve_module.serve(str(config_file), livereload=True, dev_addr=address, docs_dir=str(docs_dir),
                           site_name=site_name)
    finally:
        serve_module.build = original


#: The releases the parallel page build was written and tested against: it replaces two private functions of
#: mkdocs.commands.build and reads Material's search index. Any other release builds with MkDocs' own loop.
WRITTEN_FOR = {"mkdocs": "1.6.1", "mkdocs-material": "9.8.2"}
#: Fewer pages than this to convert or render are done in this process: a page takes 3-8 ms, starting the workers
#: from a build of 10,000 papers about 0.1 s (a +1 there renders ~230 pages: MkDocs 5.26-5.59 s with 400, 4.94-5.17 s).
MIN_PAGES = 64


#: The private functions it replaces, with the parameters it calls them with.
_REPLACED = {"_populate_page": ("page", "config", "files", "dirty"),
             "_build_page": ("page", "config", "doc_files", "nav", "env", "dirty", "excluded"),
             "get_navigation": ("files", "config"), "get_files": ("config",)}


#: The method wrapped so that blocks of ready HTML skip the Markdown conversion, with its parameters.
_WRAPPED_RENDER = ("self", "config", "files")


#: The method wrapped so that files the published site holds unchanged are not written again, with its parameters.
_WRAPPED_COPY = ("self", "dirty")


#: Set to any value to build pages with MkDocs' own loop (a check, or a way round a problem).
OWN_LOOP_VARIABLE = "PAPERSITE_MKDOCS_OWN_LOOP"


# Page events whose handlers run in the workers: each must be one papersite knows to depend on its page only.
_READING_EVENTS = ("pre_page", "page_read_source", "page_markdown", "page_content")


_WRITING_EVENTS = ("page_context", "post_page")


def unfit_reason(config=None) -> str | None:  # noqa: ANN001 - MkDocs' config
    """Return why the parallel page build must not run with this MkDocs, Material and configuration, or None."""
    from importlib.metadata import PackageNotFoundError, version

    from mkdocs.commands import build as mkdocs_build_module

    if os.environ.get(OWN_LOOP_VARIABLE):
        return f"{OWN_LOOP_VARIABLE} is set"
    for dist, expected in WRITTEN_FOR.items():
        try:
            found = version(dist)
        except PackageNotFoundError:
            found = "none"
        if found != expected:
            return f"written for {dist} {expected}, found {found}"
    for name, params in _REPLACED.items():
        function = getattr(mkdocs_build_module, name, None)
        if function is None or tuple(inspect.signature(function).parameters) != params:
            return f"mkdocs.commands.build.{name} is not the function it was written for"
    from mkdocs.structure.pages import Page

    if tuple(inspect.signature(Page.render).parameters) != _WRAPPED_RENDER:
        return "mkdocs.structure.pages.Page.render is not the method it was written for"
    from mkdocs.structure.files import File

    if tuple(inspect.signature(File.copy_file).parameters) != _WRAPPED_COPY or not hasattr(File, "_content"):
        return "mkdocs.structure.files.File.copy_file is not the method it was written for"
    if config is not None:
        for event in _READING_EVENTS + _WRITING_EVENTS:
            for handler in config.plugins.events.get(event, []):
                if not _known_handler(event, handler):
                    return f"unknown {event} handler {getattr(handler, '__qualname__', handler)!s}"
    return None


def _known_handler(event: str, handler) -> bool:  # noqa: ANN001 - a plugin's bound method or a hook function
    """Tell whether a page event handler is one whose work depends on its page only (so it may run in a worker)."""
    if event == "page_context":
        # Material's search plugin adds the page's entries to its index; they are gathered back in page order.
        owner = getattr(handler, "__self__", None)
        return (type(owner).__module__ == "material.plugins.search.plugin"
                and isinstance(getattr(getattr(owner, "search_index", None), "entries", None), list))
    # A hook says so itself (hooks/compact.py's on_post_page).
    return event == "post_page" and getattr(handler, "page_local", False) is True


@contextmanager
def _markdown_on_every_core(store: PageStore | None = None) -> Iterator[_Reuse | None]:
    """Within the block, MkDocs converts and renders the pages in forked workers, reusing the store's unchanged pages.

    MkDocs converts and renders one page at a time in one process; here the first call of each of its two
    per-page steps does every page at once in workers, and the later calls find their page done. Converting
    a page depends on that page and the file list only, rendering on the page, the nav and the search
    plugin, so the pages, the search index and the warnings come out as MkDocs' own loop makes them
    (tests/test_parallel.py). With a store, a page whose key (page_reuse.page_key) is unchanged is neither
    converted nor rendered: its kept HTML, search entries and warnings stand in (tests/test_warm.py); the
    block yields the _Reuse whose save() keeps this build's pages once MkDocs has succeeded. Where
    unfit_reason() finds a reason, MkDocs' own loop runs (nothing reused) and one line says why; small
    sites, one job or no fork also use one process, quietly, as the faster choice there.
    """
    from mkdocs.commands import build as mkdocs_build_module

    reason = unfit_reason()
    if reason:
        _say_own_loop(reason)
        yield None
        return
    original, original_build = mkdocs_build_module._populate_page, mkdocs_build_module._build_page
    original_nav = mkdocs_build_module.get_navigation
    fits: list[bool] = []  # decided once, at the first page, when the plugins are known
    started = built = False
    done: set[int] = set()  # ids of the pages written by workers
    reuse = _Reuse(store) if store is not None else None

    def fit(config) -> bool:  # noqa: ANN001 - MkDocs' config
        if not fits:
            reason = unfit_reason(config)
            if reason:
                _say_own_loop(reason)
            fits.append(reason is None)
        return fits[0]

    def navigation(files, config):  # noqa: ANN001, ANN202 - MkDocs' own signature
        nav = original_nav(files, config)
        if reuse is not None:
            reuse.nav = nav  # the reused pages' key includes it
        return nav

    def populate(page, config, files, dirty=False) -> None:  # noqa: ANN001 - MkDocs' own signature
        nonlocal started
        if not started:
            started = True
            if fit(config) and not dirty:
                pages = _all_pages(config, files)
                if reuse is not None:
                    _log_again(reuse.start(pages, config, files, len(_search_indexes(config))))
                _populate_all(original, config, files, [p for p in pages if not (reuse and reuse.has(p))], reuse)
            elif reuse is not None:
                reuse.active = False
        if page.content is not None:  # reused, or converted up front
            return
        if reuse is None or not reuse.active:
            original(page, config, files, dirty)
            return
        records: list = []
        try:
            with _kept_records() as records, _recorded_lookups(files) as lookups:
                original(page, config, files, dirty)
        finally:
            _log_again(records)
        reuse.converted(page, records, lookups)

    def build_page(page, config, doc_files, nav, env, dirty=False, excluded=False) -> None:  # noqa: ANN001
        nonlocal built
        if not built:
            built = True
            if fit(config):
                done.update(_build_all(config, doc_files, nav, env, dirty, reuse))
        if id(page) in done:
            return
        if reuse is None or not reuse.active:
            original_build(page, config, doc_files, nav, env, dirty, excluded)
            return
        if reuse.has(page):
            entries, records = reuse.place(page)
        else:
            try:
                entries, records, digest = _render_page(page, config, doc_files, nav, env, _search_indexes(config),
                                                        reuse.store)
            except Exception as exc:  # as MkDocs' own loop says it
                logging.getLogger("mkdocs.commands.build").error(f"Error building page '{page.file.src_uri}': {exc}")
                raise
            reuse.rendered(page, entries, records, digest)
        _log_again(records)
        for index, new in zip(_search_indexes(config), entries):
            index.entries.extend(new)

    mkdocs_build_module._populate_page = populate
    mkdocs_build_module._build_page = build_page
    mkdocs_build_module.get_navigation = navigation
    try:
        with _lean_conversion(), _unchanged_files_left(store):
            yield reuse
    finally:
        mkdocs_build_module._populate_page = original
        mkdocs_build_module._build_page = original_build
        mkdocs_build_module.get_navigation = original_nav


#: Markdown extensions whose syntax needs one of these strings in a page's text: without any of them the extension's
#: processors match nothing, and the page converts to the same HTML without it. Each also adds escapable characters
#: (`\|`, `\$`) that need the string too. MkDocs makes a new Markdown per page, every extension with it.
_SYNTAX = {"tables": ("|",), "markdown.extensions.tables": ("|",),
           "fenced_code": ("```", "~~~"), "markdown.extensions.fenced_code": ("```", "~~~"),
           "pymdownx.arithmatex": ("$", "\\")}
#: Extensions known not to look at which others are registered: only beside these is one left out.
_INDEPENDENT = frozenset({*_SYNTAX, "toc", "markdown.extensions.toc", "attr_list", "markdown.extensions.attr_list",
                          "md_in_html", "markdown.extensions.md_in_html"})


def _idle_extensions(configured: list, text: str) -> set[str]:
    """Return the configured extensions that cannot act on `text` (see _SYNTAX); none where an unknown one is configured."""
    if not all(isinstance(name, str) and name in _INDEPENDENT for name in configured):
        return set()
    return {name for name in configured if name in _SYNTAX and not any(mark in text for mark in _SYNTAX[name])}


@contextmanager
def _lean_conversion() -> Iterator[None]:
    """Within the block, a generated page's marked blocks of ready HTML are not converted, only put back after, and
    the page is converted without the extensions that cannot act on its text (_idle_extensions).

    Python-Markdown passes such a block through unchanged, so the page's HTML is the same (tests/test_authors_raw.py)
    at a fraction of the cost; should a placeholder not come through as a block of its own, the page is converted
    whole, as MkDocs would. The ids the blocks carry join the page's anchors, which MkDocs checks links against.
    An extension left out would have matched nothing: the HTML is the same (tests/test_parallel.py).
    """
    from mkdocs.structure.pages import Page

    original_render = Page.render

    def convert(page, config, files) -> None:  # noqa: ANN001 - MkDocs' own objects
        """Convert a generated page without the extensions that cannot act on its text (_idle_extensions)."""
        configured = config["markdown_extensions"]
        idle = _idle_extensions(configured, page.markdown or "")
        if not idle:
            original_render(page, config, files)
            return
        config["markdown_extensions"] = [name for name in configured if name not in idle]
        try:
            original_render(page, config, files)
        finally:
            config["markdown_extensions"] = configured

    def render(self, config, files) -> None:  # noqa: ANN001 - MkDocs' own signature
        source = self.markdown
        if source is None or not is_generated(self.file.src_uri):
            original_render(self, config, files)
            return
        if raw_html.RAW_START not in source:
            convert(self, config, files)
            return
        self.markdown, blocks = raw_html.cut(source)
        try:
            convert(self, config, files)
        finally:
            self.markdown = source
        content = raw_html.paste(self.content, blocks)
        if content is None:
            convert(self, config, files)
            return
        self.content = content
        self.present_anchor_ids = (self.present_anchor_ids or set()) | raw_html.anchor_ids(blocks)

    Page.render = render
    try:
        yield
    finally:
        Page.render = original_render


@contextmanager
def _unchanged_files_left(store: PageStore | None) -> Iterator[None]:
    """Within the block, a file that is no page (a feed, a theme asset) and that the store's published site already
    holds byte for byte is not written into the new site: it stays in site/ as it is (store.untouched)."""
    from mkdocs.structure.files import File

    original_copy = File.copy_file

    def copy_file(self, dirty: bool = False) -> None:  # noqa: ANN001 - MkDocs' own signature
        content = self._content
        data = content.encode("utf-8") if isinstance(content, str) and os.linesep == "\n" else content
        if store is None or dirty or isinstance(data, str) or self.is_documentation_page() or not (
                store.unchanged(self.dest_uri, data=data) if data is not None
                else self.abs_src_path is not None and store.unchanged(self.dest_uri, source=self.abs_src_path)):
            original_copy(self, dirty)

    File.copy_file = copy_file
    try:
        yield
    finally:
        File.copy_file = original_copy


def _say_own_loop(reason: str) -> None:
    """Print the one line that says the pages are built by MkDocs' own loop, and why."""
    print(f"papersite: building pages with MkDocs' own loop ({reason})", file=sys.stderr)


def _all_pages(config, files) -> list:  # noqa: ANN001 - MkDocs objects
    """Return every documentation page, making the Page of those outside the nav as MkDocs' loop would."""
    from mkdocs.structure.pages import Page

    pages = []
    for file in files.documentation_pages():
        if file.page is None and file.inclusion.is_not_in_nav():
            Page(None, file, config)  # as MkDocs' loop would, just before reading it
        if file.page is not None:
            pages.append(file.page)
    return pages


def _populate_all(original, config, files, pages: list, reuse: _Reuse | None) -> None:  # noqa: ANN001
    """Read and convert these documentation pages in forked workers and set the results on the pages."""
    if len(pages) < MIN_PAGES or parallel.jobs() < 2 or not parallel.can_fork():
        return
    results = parallel.map_ordered(lambda page: _populate_in_worker(original, page, config, files), pages, MIN_PAGES)
    for page, (state, records, lookups) in zip(pages, results):
        _log_again(records)
        links = state.pop("links_to_anchors", None)
        page.__dict__.update(state)
        page.links_to_anchors = links if links is None else {
            files.get_file_from_path(uri): anchors for uri, anchors in links.items()}
        if reuse is not None:
            reuse.converted(page, records, lookups)


def _build_all(config, doc_files, nav, env, dirty: bool, reuse: _Reuse | None) -> set[int]:  # noqa: ANN001
    """Render and write every page in forked workers (or take the reused ones' kept HTML); return the ids done.

    Each worker makes a page's context, runs the page_context event (Material's search plugin indexing the
    page), renders the theme's template, runs the post_page hook and writes the file; the search entries
    come back and join the index here, in MkDocs' page order, so the index is the one MkDocs would write.
    """
    if dirty or any(f.inclusion.is_excluded() or f.page is None for f in doc_files):
        if reuse is not None:
            reuse.active = False
        return set()
    pages = [file.page for file in doc_files]
    fresh = [page for page in pages if not (reuse and reuse.has(page))]
    if len(fresh) < MIN_PAGES or parallel.jobs() < 2 or not parallel.can_fork():
        return set()  # the pages are done one by one as MkDocs asks (reused ones taken from the store there)
    indexes = _search_indexes(config)
    for name in sorted({page.meta.get("template", "main.html") for page in fresh}):
        env.get_template(name)  # compiled once here, not once per worker
    store = reuse.store if reuse is not None else None
    results = dict(zip(map(id, fresh), parallel.map_ordered(
        lambda page: _render_page(page, config, doc_files, nav, env, indexes, store), fresh, MIN_PAGES)))
    for page in pages:
        if id(page) in results:
            entries, records, digest = results[id(page)]
            _log_again(records)
            if reuse is not None:
                reuse.rendered(page, entries, records, digest)
        else:
            assert reuse is not None
            entries, records = reuse.place(page)
            _log_again(records)
        for index, new in zip(indexes, entries):
            index.entries.extend(new)
    return {id(page) for page in pages}


def _search_indexes(config) -> list:  # noqa: ANN001 - MkDocs' config
    """Return the search indexes the page_context handlers (Material's search plugin) add a page's entries to."""
    return [handler.__self__.search_index for handler in config.plugins.events.get("page_context", [])]


def _render_page(page, config, doc_files, nav, env, indexes: list, store: PageStore | None  # noqa: ANN001
                 ) -> tuple[list[list[dict]], list[tuple[str, int, str]], str | None]:
    """Render and write one page as MkDocs' _build_page does; return its search entries, log records and kept HTML's digest."""
    from mkdocs.commands.build import get_context
    from mkdocs.utils import write_file

    config._current_page = page
    page.active = True
    digest = None
    try:
        with _kept_records() as records:
            context = get_context(nav, doc_files, config, page)
            template = env.get_template(page.meta.get("template", "main.html"))
            before = [len(index.entries) for index in indexes]
            context = config.plugins.on_page_context(context, page=page, config=config, nav=nav)
            entries = [index.entries[n:] for index, n in zip(indexes, before)]
            for index, n in zip(indexes, before):
                del index.entries[n:]  # the caller adds them, in page order
            output = config.plugins.on_post_page(template.render(context), page=page, config=config)
            if output.strip():
                data = output.encode("utf-8", errors="xmlcharrefreplace")
                write_file(data, page.file.abs_dest_path)
                if store is not None:
                    digest = store.keep_html(Path(page.file.abs_dest_path), data)
            else:
                logging.getLogger("mkdocs").info(f"Page skipped: '{page.file.src_uri}'. Generated empty output.")
    finally:
        page.active = False
        config._current_page = None
    return entries, records, digest


class _RecordKeeper(logging.Handler):
    """Keep log records as (logger, level, message), to be logged again in the parent process."""

    def __init__(self) -> None:
        super().__init__(level=logging.NOTSET)
        self.records: list[tuple[str, int, str]] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append((record.name, record.levelno, record.getMessage()))


@contextmanager
def _kept_records() -> Iterator[list[tuple[str, int, str]]]:
    """Within the block (in a worker), keep MkDocs' log records instead of printing them; yield the list."""
    logger = logging.getLogger("mkdocs")
    keeper = _RecordKeeper()
    handlers, propagate = logger.handlers[:], logger.propagate
    logger.handlers, logger.propagate = [keeper], False
    try:
        yield keeper.records
    finally:
        logger.handlers, logger.propagate = handlers, propagate


def _log_again(records: list[tuple[str, int, str]]) -> None:
    """Log a worker's kept records in this process, so they are printed once and strict mode counts them."""
    for name, level, message in records:
        logging.getLogger(name).log(level, message)


def _populate_in_worker(original, page, config, files) -> tuple[dict, list[tuple[str, int, str]], list]:  # noqa: ANN001
    """Read and convert one page (in a worker); return what that set on the page, what it logged and looked up."""
    before = dict(vars(page))
    with _kept_records() as records, _recorded_lookups(files) as lookups:
        original(page, config, files, False)
    # Whatever converting the page set or replaced on it goes back to the parent, Files as their paths.
    state = {name: value for name, value in vars(page).items() if name not in before or before[name] is not value}
    links = state.get("links_to_anchors")
    if links is not None:
        state["links_to_anchors"] = {f.src_uri: anchors for f, anchors in links.items()}
    return state, records, lookups


@contextmanager
def _recorded_lookups(files) -> Iterator[list]:  # noqa: ANN001 - MkDocs' Files
    """Within the block, note every path a page's links look up in the file list, and what it found.

    A page's HTML depends on the other files only through these lookups (a link to a page becomes its URL,
    a link to nothing stays and warns), so they are part of what decides whether the page can be reused.
    """
    seen: list = []
    lookup = files.get_file_from_path

    def recorded(path: str):  # noqa: ANN202 - a MkDocs File or None
        found = lookup(path)
        seen.append(lookup_of(path, found))
        return found

    files.get_file_from_path = recorded
    try:
        yield seen
    finally:
        del files.get_file_from_path
