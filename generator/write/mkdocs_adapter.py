"""The MkDocs adapter: build site/ from the staged pages with MkDocs, its pages converted and rendered on every core.

The only module that imports MkDocs (and reads Material's search plugin). The parallel page build replaces two
private functions of MkDocs 1.6.1; unfit_reason() checks, before each build, the MkDocs and Material releases, those
functions' signatures and every page-event handler, and otherwise MkDocs' own loop runs and one line says why.
"""

from __future__ import annotations

import inspect
import logging
import os
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator
from urllib.parse import urlsplit

from generator.model import PapersiteError
from generator.runtime import parallel


class _WarningCollector(logging.Handler):
    """Collect MkDocs warnings so a failed strict build can say what went wrong."""

    def __init__(self) -> None:
        super().__init__(level=logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage().splitlines()[0])


def run_mkdocs(config_file: Path, docs_dir: Path, site_dir: Path, strict: bool, site_name: str | None = None,
               site_url: str | None = None) -> list[str]:
    """Build docs_dir into site_dir with MkDocs and return its warnings; raise PapersiteError if it fails.

    `site_name` and `site_url`, when given, replace mkdocs.yml's (the site named after its data, the URL the
    Pages workflow passes): the header, the browser tab, canonical links, the sitemap and 404.html use them.
    """
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config
    from mkdocs.exceptions import MkDocsException

    collector = _WarningCollector()
    logger = logging.getLogger("mkdocs")
    logger.addHandler(collector)
    try:
        config = load_config(str(config_file), docs_dir=str(docs_dir), site_dir=str(site_dir), strict=strict,
                             site_name=site_name, site_url=site_url)  # None: mkdocs.yml's value stays
        with _markdown_on_every_core():
            mkdocs_build(config)
    except (MkDocsException, OSError) as exc:
        detail = "; ".join(collector.messages[:5]) or str(exc)
        raise PapersiteError(f"{config_file.name}: mkdocs build failed: {detail}") from exc
    finally:
        logger.removeHandler(collector)
    return collector.messages


def serve_url(address: str, site_url: str | None) -> str:
    """Return the URL MkDocs' development server serves the site at: the address, under site_url's path."""
    return f"http://{address}{urlsplit(site_url or '/').path}"


def serve_mkdocs(config_file: Path, docs_dir: Path, address: str, site_name: str | None = None) -> None:
    """Serve docs_dir with MkDocs' live-reloading development server until interrupted."""
    from mkdocs.commands.serve import serve

    serve(str(config_file), livereload=True, dev_addr=address, docs_dir=str(docs_dir), site_name=site_name)


#: The releases the parallel page build was written and tested against: it replaces two private functions of
#: mkdocs.commands.build and reads Material's search index. Any other release builds with MkDocs' own loop.
WRITTEN_FOR = {"mkdocs": "1.6.1", "mkdocs-material": "9.8.2"}


#: The private functions it replaces, with the parameters it calls them with.
_REPLACED = {"_populate_page": ("page", "config", "files", "dirty"),
             "_build_page": ("page", "config", "doc_files", "nav", "env", "dirty", "excluded")}


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
def _markdown_on_every_core() -> Iterator[None]:
    """Within the block, MkDocs converts and renders the pages in forked workers; everything else is its own build.

    MkDocs converts and renders one page at a time in one process; here the first call of each of its two
    per-page steps does every page at once in workers, and the later calls find their page done. Converting
    a page depends on that page and the file list only, rendering on the page, the nav and the search
    plugin, so the pages, the search index and the warnings come out as MkDocs' own loop makes them
    (tests/test_parallel.py). Where unfit_reason() finds a reason, MkDocs' own loop runs and one line says
    why; small sites, one job or no fork also use MkDocs' loop, quietly, as the faster choice there.
    """
    from mkdocs.commands import build as mkdocs_build_module

    reason = unfit_reason()
    if reason:
        _say_own_loop(reason)
        yield
        return
    original, original_build = mkdocs_build_module._populate_page, mkdocs_build_module._build_page
    fits: list[bool] = []  # decided once, at the first page, when the plugins are known
    started = built = False
    done: set[int] = set()  # ids of the pages written by workers

    def fit(config) -> bool:  # noqa: ANN001 - MkDocs' config
        if not fits:
            reason = unfit_reason(config)
            if reason:
                _say_own_loop(reason)
            fits.append(reason is None)
        return fits[0]

    def populate(page, config, files, dirty=False) -> None:  # noqa: ANN001 - MkDocs' own signature
        nonlocal started
        if not started:
            started = True
            if fit(config):
                _populate_all(original, config, files, dirty)
        if page.content is None:  # not converted up front
            original(page, config, files, dirty)

    def build_page(page, config, doc_files, nav, env, dirty=False, excluded=False) -> None:  # noqa: ANN001
        nonlocal built
        if not built:
            built = True
            if fit(config):
                done.update(_build_all(original_build, config, doc_files, nav, env, dirty))
        if id(page) not in done:
            original_build(page, config, doc_files, nav, env, dirty, excluded)

    mkdocs_build_module._populate_page = populate
    mkdocs_build_module._build_page = build_page
    try:
        yield
    finally:
        mkdocs_build_module._populate_page = original
        mkdocs_build_module._build_page = original_build


def _say_own_loop(reason: str) -> None:
    """Print the one line that says the pages are built by MkDocs' own loop, and why."""
    print(f"papersite: building pages with MkDocs' own loop ({reason})", file=sys.stderr)


def _populate_all(original, config, files, dirty: bool) -> None:  # noqa: ANN001 - MkDocs objects
    """Read and convert every documentation page in forked workers and set the results on the pages."""
    from mkdocs.structure.pages import Page

    if dirty:
        return
    pages = []
    for file in files.documentation_pages():
        if file.page is None and file.inclusion.is_not_in_nav():
            Page(None, file, config)  # as MkDocs' loop would, just before reading it
        if file.page is not None:
            pages.append(file.page)
    if len(pages) < parallel.MIN_ITEMS or parallel.jobs() < 2 or not parallel.can_fork():
        return
    results = parallel.map_ordered(lambda page: _populate_in_worker(original, page, config, files), pages)
    for page, (state, records) in zip(pages, results):
        _log_again(records)
        links = state.pop("links_to_anchors", None)
        page.__dict__.update(state)
        page.links_to_anchors = links if links is None else {
            files.get_file_from_path(uri): anchors for uri, anchors in links.items()}


def _build_all(original, config, doc_files, nav, env, dirty: bool) -> set[int]:  # noqa: ANN001 - MkDocs objects
    """Render and write every page in forked workers; return the ids of the pages written.

    Each worker makes a page's context, runs the page_context event (Material's search plugin indexing the
    page), renders the theme's template, runs the post_page hook and writes the file; the search entries
    come back and join the index here, in MkDocs' page order, so the index is the one MkDocs would write.
    """
    from mkdocs.commands.build import get_context
    from mkdocs.utils import write_file

    if dirty or len(doc_files) < parallel.MIN_ITEMS or parallel.jobs() < 2 or not parallel.can_fork():
        return set()
    if any(f.inclusion.is_excluded() or f.page is None for f in doc_files):
        return set()
    pages = [file.page for file in doc_files]
    indexes = [handler.__self__.search_index for handler in config.plugins.events.get("page_context", [])]
    for name in sorted({page.meta.get("template", "main.html") for page in pages}):
        env.get_template(name)  # compiled once here, not once per worker

    def render(page) -> tuple[list[list[dict]], list[tuple[str, int, str]]]:  # noqa: ANN001 - a MkDocs page
        config._current_page = page
        page.active = True
        try:
            with _kept_records() as records:
                context = get_context(nav, doc_files, config, page)
                template = env.get_template(page.meta.get("template", "main.html"))
                before = [len(index.entries) for index in indexes]
                context = config.plugins.on_page_context(context, page=page, config=config, nav=nav)
                entries = [index.entries[n:] for index, n in zip(indexes, before)]
                output = config.plugins.on_post_page(template.render(context), page=page, config=config)
                if output.strip():
                    write_file(output.encode("utf-8", errors="xmlcharrefreplace"), page.file.abs_dest_path)
                else:
                    logging.getLogger("mkdocs").info(f"Page skipped: '{page.file.src_uri}'. Generated empty output.")
        finally:
            page.active = False
            config._current_page = None
        return entries, records

    for entries, records in parallel.map_ordered(render, pages):
        _log_again(records)
        for index, new in zip(indexes, entries):
            index.entries.extend(new)
    return {id(page) for page in pages}


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


def _populate_in_worker(original, page, config, files) -> tuple[dict, list[tuple[str, int, str]]]:  # noqa: ANN001
    """Read and convert one page (in a worker); return what that set on the page and what it logged."""
    before = dict(vars(page))
    with _kept_records() as records:
        original(page, config, files, False)
    # Whatever converting the page set or replaced on it goes back to the parent, Files as their paths.
    state = {name: value for name, value in vars(page).items() if name not in before or before[name] is not value}
    links = state.get("links_to_anchors")
    if links is not None:
        state["links_to_anchors"] = {f.src_uri: anchors for f, anchors in links.items()}
    return state, records
