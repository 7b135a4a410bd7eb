"""The reading list in a real browser (Debian's Chromium via Playwright): saving from listings and paper pages, the
Saved page, its BibTeX/CSV/links export and import, "More like these" and "Not interested", two sites on one host
keeping separate lists, and the site without JavaScript. The fixture: papers of three made-up fields of study whose
abstracts share no subject words, so the fields are what "More like these" must find; one title is hostile HTML."""

from __future__ import annotations

import csv
import functools
import http.server
import io
import json
import re
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from generator.build import build
from generator.project import Project
from generator.runtime.progress import Progress

from tests.conftest import NEEDS_BROWSER, copy_project, serve
from tests.test_browser import SHOTS, Recorder

pytestmark = [*NEEDS_BROWSER, pytest.mark.slow]

# Subject words of each field; every abstract uses five of its field's, in a different order.
FIELDS = {
    "astronomy": "telescope galaxy stellar supernova redshift exoplanet nebula quasar photometry spectrograph".split(),
    "botany": "photosynthesis chlorophyll pollen seedling root xylem petal germination stomata canopy".split(),
    "geology": "sediment basalt tectonic magma fault erosion stratigraphy mineral quartz seismic".split(),
}
PER_FIELD = 8
HOSTILE = '<img src=x onerror="window.pwned=1">Quasar <b>bold</b> survey'


def _records() -> list[dict]:
    """Return PER_FIELD papers per field, each with authors, a year, a venue and its field as `primary_area`."""
    records = []
    for f, (field, words) in enumerate(FIELDS.items()):
        for j in range(PER_FIELD):
            chosen = [words[(j + k * 3) % len(words)] for k in range(5)]
            title = HOSTILE if (field, j) == ("astronomy", 0) else f"{chosen[0].capitalize()} and {chosen[1]} in {field} study {j}"
            records.append({
                "id": f"{field}-{j}", "title": title, "authors": [f"Ann {field.capitalize()}", "Bo Lee"], "year": 2020 + j % 4,
                "venue": "Field Conference 2024", "primary_area": field,
                "abstract": f"We measure {chosen[0]} and {chosen[1]} with a new {chosen[2]} survey. The {chosen[3]} data "
                            f"show that {chosen[4]} and {chosen[0]} explain the {chosen[2]} record of study {j}.",
            })
    return records


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """Build the fixture's site (strict) and return its project folder."""
    data = tmp_path_factory.mktemp("saved-data")
    (data / "fields.jsonl").write_text("".join(json.dumps(r) + "\n" for r in _records()), encoding="utf-8")
    root = copy_project(tmp_path_factory.mktemp("saved") / "project", data)
    build(Project.at(root), Progress(quiet=True), strict=True)
    return root


@pytest.fixture(scope="module")
def site_url(built: Path) -> Iterator[str]:
    with serve(built / "site") as url:
        yield url


@pytest.fixture
def recorder() -> Recorder:
    return Recorder()


@pytest.fixture
def context(browser, recorder):
    """A fresh browser profile (its own localStorage); no request may leave 127.0.0.1, no console error."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
    recorder.attach(ctx)
    yield ctx
    ctx.close()
    assert recorder.foreign() == [], "requests left 127.0.0.1"
    assert recorder.errors == [], "the browser console showed errors"


@pytest.fixture
def page(context):
    page = context.new_page()
    page.set_default_timeout(15000)
    return page


def _catalog(built: Path) -> dict[str, dict]:
    """Return the built site's papers by id."""
    return {p["id"]: p for p in json.loads((built / "site" / "papers.json").read_text(encoding="utf-8"))}


def _field_of(built: Path) -> dict[str, str]:
    """Return each paper page's URL (relative to the site) → its field."""
    return {p["url"]: p["id"].split("-")[0] for p in _catalog(built).values()}


def _save_button(page, title: str):
    return page.get_by_role("button", name=f"Save \u201c{title}\u201d", exact=True)


def _saved_titles(page) -> list[str]:
    page.wait_for_selector(".ps-saved__status:not(:empty)")
    return page.locator(".ps-saved__list > li:not(.ps-saved__removed) > a").all_inner_texts()


def _shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / name), full_page=True)


def _save(page, site_url: str, catalog: dict, ids: list[str]) -> None:
    """Save the papers `ids` from the papers index."""
    page.goto(site_url + "papers/")
    for paper_id in ids:
        _save_button(page, catalog[paper_id]["title"]).click()


def test_saving_from_a_listing_a_topic_page_and_a_paper_page_lists_them_on_the_saved_page(page, site_url, built) -> None:
    catalog = _catalog(built)
    hostile, second, third = catalog["astronomy-0"], catalog["botany-1"], catalog["geology-2"]
    page.goto(site_url + "papers/")
    button = _save_button(page, hostile["title"])
    assert button.get_attribute("aria-pressed") == "false"
    button.click()
    assert button.get_attribute("aria-pressed") == "true"
    assert page.locator(".md-nav__link .ps-saved-count").first.inner_text() == "1"
    # The filter's results, written after the page loaded, get toggles too, showing what is saved.
    topic = page.eval_on_selector_all("form.ps-facets select[name=topic] option", "(os, name) => os.find(o => o.dataset.name === name).value",
                                      hostile["topic"])
    page.select_option("form.ps-facets select[name=topic]", topic)
    page.wait_for_selector(".ps-facets__results li button.ps-save")
    results = page.locator(".ps-facets__results li")
    assert results.count() == results.locator("button.ps-save").count() > 1
    pressed = page.eval_on_selector_all(".ps-facets__results li button.ps-save[aria-pressed=true]",
                                        "els => els.map(b => b.parentElement.firstElementChild.textContent)")
    assert pressed == [hostile["title"]]
    # From the keyboard, on a topic page: focus the toggle and press Space.
    page.goto(site_url + second["url"])
    page.click(".ps-facts a[href*='topics/']")
    other = _save_button(page, second["title"])
    other.focus()
    page.keyboard.press("Space")
    assert other.get_attribute("aria-pressed") == "true"
    # On a paper page: the button under the title, pressed with Enter.
    page.goto(site_url + third["url"])
    own = page.locator("article button.ps-save--labelled")
    assert own.inner_text() == "Save" and own.get_attribute("aria-pressed") == "false"
    own.focus()
    page.keyboard.press("Enter")
    assert own.get_attribute("aria-pressed") == "true"
    # The paper page's related list has toggles too, showing what is saved already.
    assert page.locator("article li button.ps-save").count() >= 1
    page.click("a.md-nav__link[href$='saved/']")
    assert _saved_titles(page) == [hostile["title"], second["title"], third["title"]]
    assert page.locator(".ps-saved__status").inner_text().startswith("3 saved papers")
    # The hostile title is text on every page it was shown on: no element was made from it.
    assert page.evaluate("window.pwned") is None
    assert page.locator(".ps-saved__list img, .ps-saved__list b").count() == 0
    _shot(page, "saved-page.png")
    # Unsaving on the Saved page keeps the entry, struck out, until the page is left, so a slip can be undone.
    _save_button(page, second["title"]).click()
    assert _saved_titles(page) == [hostile["title"], third["title"]]
    assert page.locator(".ps-saved__removed > a").inner_text() == second["title"]
    page.reload()
    assert _saved_titles(page) == [hostile["title"], third["title"]]
    assert page.locator(".ps-saved__removed").count() == 0


def _download(page, selector: str) -> tuple[str, str]:
    with page.expect_download() as info:
        page.click(selector)
    download = info.value
    return download.suggested_filename, Path(download.path()).read_text(encoding="utf-8")


def test_the_list_exports_as_bibtex_csv_and_links_and_each_imports_into_another_browser(browser, context, page, site_url, built, recorder) -> None:
    catalog = _catalog(built)
    ids = ["botany-3", "astronomy-0", "geology-5"]
    _save(page, site_url, catalog, ids)
    page.goto(site_url + "saved/")
    _saved_titles(page)
    name, bib = _download(page, "[data-export=bibtex]")
    assert name == "saved-papers.bib"
    # The entries are exports/papers.bib's, which lists the papers in the catalogue's order.
    entries = (built / "site" / "exports" / "papers.bib").read_text(encoding="utf-8").strip().split("\n\n")
    order = list(catalog)
    assert bib.count("@inproceedings{") == 3
    assert [e.strip() for e in bib.split("\n\n")] == [entries[order.index(i)].strip() for i in ids]
    name, table = _download(page, "[data-export=csv]")
    assert name == "saved-papers.csv"
    rows = list(csv.DictReader(io.StringIO(table)))
    assert [r["id"] for r in rows] == ids
    assert [r["title"] for r in rows] == [catalog[i]["title"] for i in ids]
    assert [r["page"] for r in rows] == [site_url + catalog[i]["url"] for i in ids]
    assert rows[0]["authors"] == "Ann Botany; Bo Lee" and rows[0]["year"] == str(catalog["botany-3"]["year"])
    name, links = _download(page, "[data-export=links]")
    assert name == "saved-papers.txt"
    assert links.splitlines() == [site_url + catalog[i]["url"] for i in ids]

    # Another browser profile: empty list; each export brings the papers back, in the list's order.
    for kind, text in (("links", links), ("csv", table), ("bibtex", bib)):
        other = browser.new_context(viewport={"width": 1280, "height": 900})
        recorder.attach(other)
        fresh = other.new_page()
        fresh.goto(site_url + "saved/")
        assert _saved_titles(fresh) == [], kind
        fresh.click(".ps-saved__import summary")
        if kind == "csv":  # as a file chosen from disk
            fresh.set_input_files(".ps-saved__import input[type=file]",
                                  files=[{"name": "list.csv", "mimeType": "text/csv", "buffer": text.encode()}])
        else:
            fresh.fill(".ps-saved__import textarea", text + "\nhttps://elsewhere.example/papers/not-here-abcdef12/\n" * (kind == "links"))
        fresh.click("[data-import]")
        fresh.wait_for_selector(".ps-saved__import-status:not(:empty)")
        status = fresh.locator(".ps-saved__import-status").inner_text()
        assert status.startswith("3 papers added"), (kind, status)
        if kind == "links":
            assert "1 not in this collection" in status
        assert _saved_titles(fresh) == [catalog[i]["title"] for i in ids], kind
        # Importing the same list again adds nothing.
        fresh.fill(".ps-saved__import textarea", links)
        fresh.click("[data-import]")
        fresh.wait_for_function("document.querySelector('.ps-saved__import-status').textContent.startsWith('0 papers added')")
        assert "3 already saved" in fresh.locator(".ps-saved__import-status").inner_text()
        other.close()


def test_more_like_these_ranks_the_saved_papers_field_first_and_not_interested_steers_it(page, site_url, built) -> None:
    catalog, field_of = _catalog(built), _field_of(built)
    _save(page, site_url, catalog, ["geology-0", "geology-3", "geology-6"])
    page.goto(site_url + "saved/")
    page.wait_for_selector(".ps-more__list > li")
    suggested = page.eval_on_selector_all(".ps-more__list > li > a", "els => els.map(a => a.href)")
    assert len(suggested) == 10
    fields = [field_of[u[len(site_url):]] for u in suggested]
    # The five other geology papers come first; none of the saved ones is suggested.
    assert fields[:PER_FIELD - 3] == ["geology"] * (PER_FIELD - 3), fields
    assert not {site_url + catalog[i]["url"] for i in ("geology-0", "geology-3", "geology-6")} & set(suggested)
    assert "like \u201c" in page.locator(".ps-more__list > li").first.inner_text()
    _shot(page, "saved-more-like-these.png")
    # "Not interested" in the first suggestion: it leaves the suggestions for the "Not interested" list.
    first_title = page.locator(".ps-more__list > li > a").first.inner_text()
    page.get_by_role("button", name=f"Not interested: \u201c{first_title}\u201d").click()
    page.wait_for_function("t => ![...document.querySelectorAll('.ps-more__list > li > a')].some(a => a.textContent === t)", arg=first_title)
    assert page.locator(".ps-dismissed__list > li > a").all_inner_texts() == [first_title]
    # Saving a suggestion moves it to the list, and "Undo" brings a dismissed paper back to the suggestions.
    second_title = page.locator(".ps-more__list > li > a").first.inner_text()
    _save_button(page, second_title).first.click()
    assert second_title in _saved_titles(page)
    page.get_by_role("button", name=f"Undo: \u201c{first_title}\u201d").click()
    page.wait_for_function("t => [...document.querySelectorAll('.ps-more__list > li > a')].some(a => a.textContent === t)", arg=first_title)
    assert page.locator(".ps-dismissed").is_hidden()


class _TwoSitesHandler(http.server.SimpleHTTPRequestHandler):
    """Serve the same site folder under /one/ and /two/ of one host, as two project sites on one domain."""

    def translate_path(self, path: str) -> str:
        match = re.match(r"^/(?:one|two)(/.*)$", path.split("?", 1)[0])
        return super().translate_path(match.group(1) if match else "/\0outside")

    def log_message(self, *args) -> None:
        pass


def test_two_sites_on_one_host_keep_separate_lists_and_work_under_a_sub_path(page, built) -> None:
    catalog = _catalog(built)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_TwoSitesHandler, directory=str(built / "site")))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        host = f"http://127.0.0.1:{server.server_address[1]}"
        _save(page, host + "/one/", catalog, ["botany-0", "botany-2", "botany-4"])
        page.goto(host + "/one/saved/")
        assert _saved_titles(page) == [catalog[i]["title"] for i in ("botany-0", "botany-2", "botany-4")]
        page.wait_for_selector(".ps-more__list > li")
        first = page.locator(".ps-more__list > li > a").first.get_attribute("href")
        assert first.startswith(host + "/one/papers/")
        assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('papersite:'))") == [f"papersite:saved:{host}/one/"]
        page.goto(host + "/two/saved/")
        assert _saved_titles(page) == []
        assert "No saved papers yet" in page.locator(".ps-saved__status").inner_text()
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def test_without_javascript_no_button_is_shown_and_the_saved_page_says_why(browser, site_url) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(site_url + "papers/")
    assert page.locator("button.ps-save").count() == 0
    page.goto(site_url + "saved/")
    assert page.locator(".ps-saved").is_hidden()
    assert "needs JavaScript" in page.locator(".ps-saved-nojs").inner_text()
    context.close()


def test_a_paper_saved_before_its_title_changed_is_found_by_its_fingerprint(page, site_url, built) -> None:
    paper = _catalog(built)["botany-5"]
    slug = paper["url"].strip("/").split("/")[-1]
    old = "an-older-inferred-title-" + slug.rsplit("-", 1)[1]
    page.goto(site_url + "papers/")
    page.evaluate("([key, slug]) => localStorage.setItem(key, JSON.stringify({v: 1, saved: [slug], dismissed: []}))",
                  [f"papersite:saved:{site_url}", old])
    page.goto(site_url + "saved/")
    assert _saved_titles(page) == [paper["title"]]
    stored = json.loads(page.evaluate(f"localStorage.getItem('papersite:saved:{site_url}')"))
    assert stored["saved"] == [slug]
    page.goto(site_url + paper["url"])
    assert page.locator("article button.ps-save--labelled").get_attribute("aria-pressed") == "true"
