"""In a real browser, a site built from hostile text (tests/test_hostile_text.py): attribute lists after cross-linked
tag phrases and method names, in the abstract, title, authors, keywords, venue and other fields. Opening and
focusing every page opens no dialog, and no element has an inline event handler."""

from __future__ import annotations

import functools
import http.server
import json
import threading
from pathlib import Path

import pytest

from tests.test_hostile import _run
from tests.test_hostile_text import ATTRIBUTE_LISTS, MAIL, _project

CHROMIUM = Path("/usr/bin/chromium")

try:
    from playwright.sync_api import sync_playwright
except ImportError:  # pragma: no cover - depends on the machine
    sync_playwright = None

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(sync_playwright is None, reason="the playwright Python package is not installed"),
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's Chromium is not installed at /usr/bin/chromium"),
]

# Every element attribute whose name starts with "on": inline handlers, whatever Markdown put them on.
_HANDLERS_JS = """() => [...document.querySelectorAll('*')].flatMap(e =>
    [...e.attributes].filter(a => a.name.startsWith('on')).map(a => e.tagName + ' ' + a.name + '=' + a.value))"""


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:  # keep pytest's output clean
        pass


def test_hostile_pages_open_no_dialog_and_have_no_inline_handler(tmp_path: Path) -> None:
    root = _project(tmp_path / "project", ATTRIBUTE_LISTS + [MAIL])
    result = _run("build", "--strict", "-q", "--project", str(root))
    assert result.returncode == 0, result.stderr
    catalog = json.loads((root / "site" / "papers.json").read_text(encoding="utf-8"))
    urls = ["", "tags/", "papers/"] + [row["url"] for row in catalog]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(root / "site")))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    dialogs: list[str] = []
    handlers: dict[str, list[str]] = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(CHROMIUM), args=[
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--no-first-run"])
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
            for url in urls:
                page.goto(base + url, wait_until="load")
                # Move the pointer over and tab through the links: handlers that need no click would fire.
                for link in page.query_selector_all("article a")[:40]:
                    link.hover()
                    link.focus()
                page.wait_for_timeout(100)
                found = page.evaluate(_HANDLERS_JS)
                if found:
                    handlers[url] = found
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
    assert dialogs == []
    assert handlers == {}
