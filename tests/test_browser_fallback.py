"""papersite's fast search worker (workers/lean-search.js) is guarded: when a Lunr internal it relies on is missing
or changed (simulated by serving Material's worker, which bundles Lunr, with one of them renamed), or the reader
switches it off with ?papersite-lean=off, it warns once in the console and leaves Material's own worker to run
unmodified, so search still finds papers. Debian's Chromium via Playwright, against the seed site."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import NEEDS_BROWSER, search_results, site_catalog

pytestmark = [*NEEDS_BROWSER, pytest.mark.slow]

WARNING = "papersite: lean search disabled ("
WARNING_END = "); using Material's own search worker"
#: Material's own search worker, with Lunr bundled in it (the URL lean-search-config.js passes on as ?worker=).
MATERIAL_WORKER = "**/assets/javascripts/workers/search.*.min.js"


class Console:
    """The warnings and errors a browser context's pages and workers printed."""

    def __init__(self) -> None:
        self.warnings: list[str] = []
        self.errors: list[str] = []

    def attach(self, context) -> None:
        """Record the context's console warnings and errors, and its uncaught page errors."""
        context.on("console", lambda msg: msg.type == "warning" and self.warnings.append(msg.text))
        context.on("console", lambda msg: msg.type == "error" and self.errors.append(msg.text))
        context.on("weberror", lambda err: self.errors.append(str(err.error)))

    def papersite(self) -> list[str]:
        """Return papersite's lean-search warnings."""
        return [w for w in self.warnings if w.startswith("papersite:")]


@contextlib.contextmanager
def _page(browser, rename: tuple[str, str] | None = None) -> Iterator[tuple[object, Console]]:
    """Open a page; with `rename`, Material's worker is served with every `old` in it replaced by `new`."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    console = Console()
    console.attach(context)
    if rename:
        old, new = rename

        def serve_changed(route) -> None:
            """Serve Material's worker as a future Material or Lunr might ship it: one internal renamed throughout."""
            response = route.fetch()
            body = response.text()
            assert old in body, f"{old!r} is not in Material's worker: pick another internal to rename"
            route.fulfill(response=response, body=body.replace(old, new))

        context.route(MATERIAL_WORKER, serve_changed)
    page = context.new_page()
    page.set_default_timeout(15000)
    try:
        yield page, console
    finally:
        context.close()


def _search_worker(page):
    """Return the page's search worker (the one lean-search-config.js points Material at)."""
    workers = [w for w in page.workers if "/workers/lean-search.js" in w.url]
    assert len(workers) == 1, [w.url for w in page.workers]
    return workers[0]


def _lean_patched(page) -> bool:
    """Return True if the search worker's Lunr builder runs papersite's fast path rather than Lunr's own code."""
    return _search_worker(page).evaluate("String(self.lunr.Builder.prototype.add).includes('canAddFast')")


def _finds_creimbo_first(page, url: str, seed_site: Path) -> None:
    """Search CREIMBO at `url` and check its paper comes first, with the word marked in the result."""
    site_url = url.split("?", 1)[0]
    creimbo = next(p for p in site_catalog(seed_site) if "CREIMBO" in p["title"])
    results = search_results(page, url, "CREIMBO")
    assert results and results[0] == site_url + creimbo["url"]
    marks = page.locator(".md-search-result__item").first.locator("mark").all_inner_texts()
    assert "creimbo" in [m.lower() for m in marks]


def test_search_switched_off_in_the_page_url_runs_materials_own_worker_and_finds_creimbo(browser, site_url, seed_site) -> None:
    with _page(browser) as (page, console):
        _finds_creimbo_first(page, site_url + "?papersite-lean=off", seed_site)
        assert console.papersite() == [WARNING + "switched off by ?papersite-lean=off" + WARNING_END]
        assert not _lean_patched(page), "Material's own Lunr code must run unmodified"
        assert console.errors == []


@pytest.mark.parametrize(("old", "new", "named"), [
    # A private field of Lunr's builder that the fast path fills in Lunr's place.
    ("fieldLengths", "fieldSizes", "Builder.fieldLengths"),
    # The shape of Lunr's search results, which Material reads and the fast path completes.
    ("matchData", "matchInfo", "the shape of Index.prototype.search's results"),
    # The shape of a posting in Lunr's inverted index (its term's number), which the fast path builds.
    ("_index", "_termNumber", "Builder.invertedIndex"),
], ids=["lunr-private-field", "result-shape", "posting-shape"])
def test_a_changed_lunr_internal_falls_back_to_materials_worker_and_search_still_works(
        browser, site_url, seed_site, old, new, named) -> None:
    with _page(browser, rename=(old, new)) as (page, console):
        _finds_creimbo_first(page, site_url, seed_site)
        assert console.papersite() == [WARNING + "missing or changed: " + named + WARNING_END]
        assert not _lean_patched(page), "nothing may be half-patched"
        assert console.errors == []


def test_the_normal_path_uses_the_lean_worker_with_no_warning(browser, site_url, seed_site) -> None:
    with _page(browser) as (page, console):
        _finds_creimbo_first(page, site_url, seed_site)
        assert _lean_patched(page)
        assert console.papersite() == []
        assert console.errors == []
