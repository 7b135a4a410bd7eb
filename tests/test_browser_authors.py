"""Authors and feeds in a real browser (Debian's Chromium via Playwright): an author page reached from a paper page
lists that author's papers, a one-paper author's link lands on their index entry, an entry that moved to another
index page is found, the papers index filters by author, and a topic page's feed link gives a parsable Atom feed."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from generator.build import build
from generator.project import Project
from generator.runtime.progress import Progress

from .conftest import NEEDS_BROWSER, copy_project, serve
from .test_authors import FILLERS, _records

pytestmark = [*NEEDS_BROWSER, pytest.mark.slow]
ATOM = "{http://www.w3.org/2005/Atom}"
SHOTS = Path(__file__).resolve().parent.parent / "artifacts" / "screenshots"


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """Build the authors' site with 265 more one-paper authors, so the index is a page per initial and Z has two; return site/."""
    records = _records()
    for record in records[-FILLERS:]:
        n = int(record["id"][1:])
        record["authors"] = [f"Filler{n}x{k} Zyx" for k in range(5)]
    data = tmp_path_factory.mktemp("browser-authors-data")
    (data / "papers.jsonl").write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    (data / "vocabulary.yaml").write_text("authors:\n  Chris Wu: [C. Wu]\n", encoding="utf-8")
    root = copy_project(tmp_path_factory.mktemp("browser-authors") / "project", data)
    build(Project.at(root), Progress(quiet=True), strict=True)
    return root / "site"


@pytest.fixture(scope="module")
def site_url(site: Path):
    with serve(site) as url:
        yield url




def _catalog(site: Path) -> dict[str, dict]:
    return {r["id"]: r for r in json.loads((site / "papers.json").read_text(encoding="utf-8"))}


def test_an_author_page_reached_from_a_paper_page_lists_the_authors_papers(page, site_url, site) -> None:
    catalog = _catalog(site)
    page.goto(site_url + catalog["p00"]["url"])
    page.click(".ps-facts a:text-is('Ann Lee')")
    page.wait_for_url("**/authors/people/*/#ann-lee")
    heading = page.locator("h2:target")
    assert heading.inner_text().strip().rstrip("¶").strip() == "Ann Lee"
    assert heading.evaluate("h => h.getBoundingClientRect().top") < page.viewport_size["height"] / 2  # scrolled to
    section = page.locator("h2#ann-lee + .ps-person")
    listed = section.locator("li a[href*='/papers/']").evaluate_all("els => els.map(a => a.textContent.trim())")
    assert listed == [catalog[p]["title"] for p in ("p01", "p02", "p00")]  # 2023, 2022, 2021
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "author-page.png"), full_page=True)
    # A co-author with one paper: their entry on the index, listing that paper.
    section.locator("text=Cy Do").click()
    page.wait_for_url("**/authors/**#cy-do")
    entry = page.locator("li:target")
    assert "Cy Do" in entry.inner_text() and catalog["p01"]["title"] in entry.inner_text()


def test_an_index_entry_on_another_page_is_found_and_the_papers_index_filters_by_author(page, site_url, site) -> None:
    facets = json.loads((site / "papers" / "facets.json").read_text(encoding="utf-8"))
    late = facets["authors"][-1][0]  # a filler "Zyx": on the last of Z's pages
    last = max((site / "authors" / "z").glob("page-*"), key=lambda p: int(p.name.split("-")[1])).name
    assert late in (site / "authors" / "z" / last / "index.html").read_text(encoding="utf-8")
    page.goto(site_url + f"authors/#{late}")  # an old address, from when the index was one page
    page.wait_for_url(f"**/authors/z/{last}/#{late}")
    assert page.locator("li:target").count() == 1
    page.goto(site_url + f"authors/z/#{late}")  # an address from when the entry was on Z's first page
    page.wait_for_url(f"**/authors/z/{last}/#{late}")
    page.goto(site_url + "authors/")
    page.screenshot(path=str(SHOTS / "authors-index.png"))
    assert page.locator(".ps-initials a").all_inner_texts()[-1] == "Z"
    page.goto(site_url + "authors/z/")
    page.screenshot(path=str(SHOTS / "authors-initial.png"))
    page.goto(site_url + "papers/?author=ann-lee")
    page.wait_for_selector(".ps-facets__results li")
    assert page.locator(".ps-facets__results li").count() == 3
    assert page.input_value("input[name=author]") == "Ann Lee"
    page.fill("input[name=author]", "Bo Li")
    page.press("input[name=author]", "Enter")
    page.wait_for_function("document.querySelectorAll('.ps-facets__results li').length === 2")
    assert "author=bo-li" in page.url


def test_a_topic_page_links_its_atom_feed_in_head_and_body(page, site_url, site) -> None:
    topic = next(p for p in sorted((site / "topics").glob("*/index.html")))
    page.goto(site_url + f"topics/{topic.parent.name}/")
    link = page.locator("head link[rel=alternate][type='application/atom+xml'][title^='Topic:']")
    href = link.get_attribute("href")
    assert page.locator(f"article a[href='{href}']").count() == 1  # the same feed, linked in the page
    text = page.evaluate("url => fetch(url).then(r => r.text())", href)
    feed = ET.fromstring(text.encode("utf-8"))
    assert feed.tag == f"{ATOM}feed" and feed.findall(f"{ATOM}entry")
    first = feed.find(f"{ATOM}entry")
    assert first.findtext(f"{ATOM}title") and first.findtext(f"{ATOM}summary") and first.find(f"{ATOM}link").get("href")
