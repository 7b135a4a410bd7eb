"""A project site, as GitHub Pages serves one: the seed site under /REPO/, every missing path answered with 404.html
(status 404) at that path. Built without a site URL and with one; Debian's Chromium via Playwright checks the 404
page (styled, its links and search work), a paper page and search."""

from __future__ import annotations

import functools
import http.server
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from generator.build import build
from generator.project import Project
from generator.runtime.progress import Progress

from tests.conftest import NEEDS_BROWSER, copy_project
from tests.conftest import search_results as _search
from tests.test_browser import SHOTS, Recorder

pytestmark = [*NEEDS_BROWSER, pytest.mark.slow]

REPO = "/REPO/"


class _PagesHandler(http.server.SimpleHTTPRequestHandler):
    """Serve `directory` under /REPO/ only; a missing file gets 404.html's content with status 404, as Pages does."""

    def translate_path(self, path: str) -> str:
        path = path.split("?", 1)[0].split("#", 1)[0]
        inside = path[len(REPO):] if path.startswith(REPO) else "\0outside"  # no such file: a 404
        return super().translate_path("/" + inside)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        page = Path(self.directory) / "404.html"
        if code != 404 or not page.is_file():
            return super().send_error(code, message, explain)
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def log_message(self, *args) -> None:  # keep pytest's output clean
        pass


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@functools.lru_cache(maxsize=None)
def _port() -> int:
    """The one port of this module: the site built with a site URL must be served where that URL says."""
    return _free_port()


@pytest.fixture(scope="module", params=["no site URL", "site URL"])
def repo_url(request, tmp_path_factory) -> Iterator[str]:
    """Build the seed site (without, then with `--site-url`) and serve it under /REPO/; yield that URL."""
    root = copy_project(tmp_path_factory.mktemp("subpath") / "project")
    url = f"http://127.0.0.1:{_port()}{REPO}"
    project = Project.at(root)
    project.site_url = url if request.param == "site URL" else None  # as `papersite build --site-url URL` sets it
    build(project, Progress(quiet=True), strict=True)
    handler = functools.partial(_PagesHandler, directory=str(root / "site"))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", _port()), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield url
    server.shutdown()
    server.server_close()
    thread.join()


@pytest.fixture
def page(browser):
    """A fresh desktop-sized page; afterwards, no console error and no failed request but the 404 pages asked for."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    recorder = Recorder()
    recorder.attach(context)
    failed: list[str] = []
    context.on("response", lambda r: r.status >= 400 and r.request.resource_type != "document" and failed.append(r.url))
    page = context.new_page()
    page.set_default_timeout(15000)
    yield page
    context.close()
    assert recorder.foreign() == [], "requests left 127.0.0.1"
    assert failed == [], "assets failed to load"
    # Chromium logs the 404 page's own status as a console error: the failed requests are checked above.
    assert [e for e in recorder.errors if not e.startswith("Failed to load resource")] == [], "the browser console showed errors"


def _styled(page) -> bool:
    """Tell whether Material's stylesheet applies: its header is sticky and its logo icon-sized, not giant."""
    return page.evaluate("""() => {
        const header = document.querySelector('.md-header');
        const logo = document.querySelector('.md-header__button.md-logo img, .md-header__button.md-logo svg');
        return getComputedStyle(header).position === 'sticky' && logo.getBoundingClientRect().height <= 48;
    }""")


@pytest.mark.parametrize("missing", ["typo", "papers/no-such-paper/", "tags/a/b/c/d/"])
def test_the_404_page_is_styled_at_any_depth_under_the_sub_path_and_its_links_work(page, repo_url, missing) -> None:
    response = page.goto(repo_url + missing)
    assert response.status == 404 and "404" in page.inner_text("article h1")
    assert _styled(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"subpath-404-{missing.split('/')[0]}.png"))
    # Every link of the page (header, tabs, the page's own) leads into the site, under /REPO/.
    hrefs = page.eval_on_selector_all("a[href]", "els => els.map(a => a.href)")
    inside = [h for h in hrefs if not h.startswith(("http://127.0.0.1", "mailto:"))]
    assert inside == [] and all(h.startswith(repo_url) for h in hrefs)
    page.click("article a:has-text('list of papers')")
    page.wait_for_url(repo_url + "papers/")
    assert page.inner_text("article h1") and _styled(page)


def test_search_on_the_404_page_finds_creimbo_and_its_paper_page_opens_under_the_sub_path(page, repo_url) -> None:
    results = _search(page, repo_url + "papers/no-such-paper/", "CREIMBO")
    assert results[0].startswith(repo_url + "papers/creimbo")
    page.click(".md-search-result__item >> nth=0")
    page.wait_for_url(results[0] + "*")
    assert "CREIMBO" in page.inner_text("article h1") and _styled(page)
    page.click("a.ps-tag >> nth=0")
    page.wait_for_url(repo_url + "tags/**")
    assert page.inner_text("article h1").startswith("Tag:")
