"""In a real browser, a site built from hostile text (tests/test_hostile_text.py): attribute lists after cross-linked
tag phrases and method names, in the abstract, title, authors, keywords, venue and other fields. Opening and
focusing every page opens no dialog, and no element has an inline event handler."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import (NEEDS_BROWSER, launch_chromium, records_project, run_cli, serve, site_catalog,
                            sync_playwright)
from tests.test_hostile_text import ATTRIBUTE_LISTS, MAIL

pytestmark = NEEDS_BROWSER

# Every element attribute whose name starts with "on": inline handlers, whatever Markdown put them on.
_HANDLERS_JS = """() => [...document.querySelectorAll('*')].flatMap(e =>
    [...e.attributes].filter(a => a.name.startsWith('on')).map(a => e.tagName + ' ' + a.name + '=' + a.value))"""


def test_hostile_pages_open_no_dialog_and_have_no_inline_handler(tmp_path: Path) -> None:
    root = records_project(tmp_path / "project", ATTRIBUTE_LISTS + [MAIL])
    result = run_cli("build", "--strict", "-q", "--project", str(root))
    assert result.returncode == 0, result.stderr
    urls = ["", "tags/", "papers/"] + [row["url"] for row in site_catalog(root)]
    dialogs: list[str] = []
    handlers: dict[str, list[str]] = {}
    with serve(root / "site") as base, sync_playwright() as p:
        browser = launch_chromium(p)
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
    assert dialogs == []
    assert handlers == {}
