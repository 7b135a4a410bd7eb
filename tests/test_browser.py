"""The reader's experience in a real browser: Debian's Chromium driven by Playwright, against the seed site
served on 127.0.0.1 by the test itself. Screenshots go to artifacts/screenshots/ (git-ignored)."""

from __future__ import annotations

import html.parser
import json
import re
import urllib.error
import urllib.parse
import urllib.request

import pytest

from tests.conftest import NEEDS_BROWSER, ROOT, bench_module, search_results, site_catalog

search_speed = bench_module("search_speed")
SHOTS = ROOT / "artifacts" / "screenshots"

pytestmark = [*NEEDS_BROWSER, pytest.mark.slow]


class Recorder:
    """Every request a browser context made and every console error or page error it saw."""

    def __init__(self) -> None:
        self.requests: list[str] = []
        self.errors: list[str] = []

    def attach(self, context) -> None:
        context.on("request", lambda request: self.requests.append(request.url))
        context.on("console", lambda msg: msg.type == "error" and self.errors.append(msg.text))
        context.on("weberror", lambda err: self.errors.append(str(err.error)))

    def foreign(self) -> list[str]:
        """Return the requests that left 127.0.0.1."""
        return [u for u in self.requests
                if urllib.parse.urlsplit(u).scheme not in ("data", "blob", "about")
                and urllib.parse.urlsplit(u).hostname != "127.0.0.1"]


@pytest.fixture
def recorder() -> Recorder:
    return Recorder()


@pytest.fixture
def page(browser, recorder):
    """A fresh desktop-sized page; every request and console error is recorded and checked afterwards."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    recorder.attach(context)
    page = context.new_page()
    page.set_default_timeout(15000)
    yield page
    context.close()
    assert recorder.foreign() == [], "requests left 127.0.0.1"
    assert recorder.errors == [], "the browser console showed errors"


def _shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / name), full_page=False)


def test_searching_a_method_name_finds_its_paper_first_and_opens_it(page, site_url, seed_site) -> None:
    creimbo = next(p for p in site_catalog(seed_site) if "CREIMBO" in p["title"])
    results = search_results(page, site_url, "CREIMBO")
    assert results[0] == site_url + creimbo["url"]
    # The query's words are marked in the result, as Material marks them.
    assert "creimbo" in [m.lower() for m in page.locator(".md-search-result__item").first.locator("mark").all_inner_texts()]
    _shot(page, "search-results.png")
    page.click(".md-search-result__item >> nth=0")
    page.wait_for_url(site_url + creimbo["url"] + "*")
    assert "CREIMBO" in page.inner_text("article h1")


# Words a reader would not pick to find a paper: a query of three of them would say nothing.
_FILLER = frozenset("with that this from their these which have using into than such also when where while both "
                    "more most been other each based show they them over only between".split())


def test_three_words_from_the_middle_of_an_abstract_find_it_in_the_top_3(page, site_url, seed_site) -> None:
    # The paper in the middle of the catalog (no hand-picking); the first run of three content words from the middle of its abstract.
    index = json.loads((seed_site / "site" / "search" / "search_index.json").read_text(encoding="utf-8"))
    paper = site_catalog(seed_site)[len(site_catalog(seed_site)) // 2]
    doc = next(d for d in index["docs"] if d["location"] == paper["url"])
    # The abstract is the longest paragraph: the facts (topic) and tag lines before it are short, and a paper in
    # no topic may have no facts line.
    abstract = re.sub(r"<[^>]+>", " ", max(doc["text"].split("</p>"), key=len))
    words = re.findall(r"[A-Za-z][A-Za-z-]+", abstract)
    start = next(i for i in range(len(words) // 2, len(words) - 3)
                 if all(len(w) >= 4 and w.lower() not in _FILLER for w in words[i:i + 3]))
    query = " ".join(words[start:start + 3])
    results = search_results(page, site_url, query)
    assert site_url + paper["url"] in results[:3], query


def test_math_is_typeset_by_katex_with_no_raw_dollar_left(page, site_url, seed_site) -> None:
    source = next(p for p in (seed_site / "site" / "papers").glob("*/index.html")
                  if r"\mathbf Z(t)" in p.read_text(encoding="utf-8"))
    page.goto(site_url + source.parent.relative_to(seed_site / "site").as_posix() + "/")
    page.wait_for_selector("article .arithmatex .katex")
    assert page.eval_on_selector_all("article .arithmatex", "els => els.every(e => e.querySelector('.katex'))")
    visible = page.inner_text("article")
    assert "$" not in visible and r"\mathbf" not in visible
    assert page.locator("article .katex .mathbf").count() >= 1  # \mathbf Z typeset in bold


def test_a_tag_opens_its_page_with_papers_and_a_related_link_opens_that_paper(page, site_url, seed_site) -> None:
    paper = site_catalog(seed_site)[0]
    page.goto(site_url + paper["url"])
    _shot(page, "paper.png")
    page.click("a.ps-tag >> nth=0")
    page.wait_for_url("**/tags/**")
    assert page.inner_text("article h1").startswith("Tag:")
    assert page.locator("article li a[href*='/papers/']").count() >= 2
    page.goto(site_url + paper["url"])
    related = page.locator("h2#related-papers + ol a").first
    title = related.inner_text()
    related.click()
    page.wait_for_load_state()
    assert page.inner_text("article h1") == title


def test_every_internal_link_resolves(site_url, seed_site) -> None:
    site = seed_site / "site"
    pages = sorted(p for p in site.rglob("*.html"))
    ids: dict[str, set[str]] = {}
    links: list[tuple[str, str]] = []
    for path in pages:
        url = site_url + path.relative_to(site).as_posix()
        parser = _LinkParser()
        parser.feed(path.read_text(encoding="utf-8"))
        ids[url] = parser.ids
        links += [(url, urllib.parse.urljoin(url, href)) for href in parser.hrefs]
    broken, missing_anchor = [], []
    checked: dict[str, bool] = {}
    for source, target in links:
        parts = urllib.parse.urlsplit(target)
        if parts.hostname != "127.0.0.1" or parts.scheme not in ("http", "https"):
            continue
        base = urllib.parse.urlunsplit(parts._replace(fragment="", query=""))
        if base not in checked:
            checked[base] = _fetch_ok(base)
        if not checked[base]:
            broken.append((source, target))
        elif parts.fragment:
            key = base + "index.html" if base.endswith("/") else base
            if key in ids and parts.fragment not in ids[key]:
                missing_anchor.append((source, target))
    assert len(checked) > 100
    assert broken == [] and missing_anchor == []


class _LinkParser(html.parser.HTMLParser):
    """Collect the href/src of links, scripts, styles and images, and every element id."""

    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"])
        for name in ("href", "src"):
            if a.get(name) and not a[name].startswith(("mailto:", "javascript:")):
                self.hrefs.append(a[name])


def _fetch_ok(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status == 200
    except (urllib.error.URLError, OSError):
        return False


def test_no_request_leaves_the_machine_and_the_console_stays_clean(page, recorder, site_url, seed_site) -> None:
    paper = site_catalog(seed_site)[0]
    math_page = next(p for p in (seed_site / "site" / "papers").glob("*/index.html")
                     if "arithmatex" in p.read_text(encoding="utf-8")).parent.name
    for path in ["", paper["url"], f"papers/{math_page}/", "papers/", "topics/", "tags/", "map/", "about/"]:
        page.goto(site_url + path)
        page.wait_for_load_state("networkidle")
    assert any(u.endswith(".woff2") for u in recorder.requests), "KaTeX's fonts are loaded, from this site"
    assert any(u.endswith("katex.min.js") for u in recorder.requests)
    # The page fixture asserts no foreign request and no console error when the test ends.


def test_a_paper_page_fits_a_phone_screen(browser, seed_site, site_url) -> None:
    context = browser.new_context(viewport={"width": 375, "height": 740}, is_mobile=True, has_touch=True,
                                  device_scale_factor=2)
    try:
        page = context.new_page()
        for paper in site_catalog(seed_site)[:10]:
            page.goto(site_url + paper["url"])
            overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert overflow <= 0, paper["url"]
        _shot(page, "paper-phone.png")
        for path in ("", "map/", "papers/"):
            page.goto(site_url + path)
            assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0, path
    finally:
        context.close()


def test_dark_mode_follows_the_system_setting(browser, seed_site, site_url) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme="dark")
    try:
        page = context.new_page()
        page.goto(site_url + site_catalog(seed_site)[0]["url"])
        assert page.get_attribute("body", "data-md-color-scheme") == "slate"
        rgb = [int(v) for v in re.findall(r"\d+", page.evaluate(
            "getComputedStyle(document.querySelector('.md-main')).backgroundColor || getComputedStyle(document.body).backgroundColor"))[:3]]
        assert sum(rgb) < 200, rgb  # a dark background
        _shot(page, "paper-dark.png")
        page.goto(site_url + "map/")
        page.wait_for_selector(".ps-map[data-drawn]")
        _shot(page, "map-dark.png")
    finally:
        context.close()


def test_home_page_says_what_the_collection_is_and_shows_the_latest_additions(page, site_url, seed_site) -> None:
    page.goto(site_url)
    _shot(page, "home.png")
    text = page.inner_text("article")
    # Every seed paper was first seen the same day: no "latest additions" that would be any ten papers.
    assert "38 papers" in text and "Latest additions" not in text
    levels = page.eval_on_selector_all("article h1, article h2, article h3", "els => els.map(e => +e.tagName[1])")
    assert levels[0] == 1 and all(b - a <= 1 for a, b in zip(levels, levels[1:]))
    assert page.locator("link[rel=alternate][type='application/atom+xml']").count() == 1
    # Keyboard: "/" focuses the search box.
    page.keyboard.press("/")
    assert page.evaluate("document.activeElement.classList.contains('md-search__input')")


def test_the_map_shows_every_paper_names_it_on_hover_and_opens_it_on_click(page, site_url, seed_site) -> None:
    page.goto(site_url + "map/")
    page.wait_for_selector(".ps-map[data-drawn]")
    assert page.get_attribute(".ps-map", "data-drawn") == "38"
    points = json.loads((seed_site / "site" / "map" / "points.json").read_text(encoding="utf-8"))
    assert page.locator(".ps-legend__item").count() == len(points["topics"])
    # Hover the drawn position of the first paper (the same arithmetic as map.js).
    box = page.locator(".ps-map__canvas").bounding_box()
    x, y, _, title, url = points["points"][0]
    px = box["x"] + 16 + x * (box["width"] - 32)
    py = box["y"] + 16 + (1 - y) * (box["height"] - 32)
    page.mouse.move(px, py)
    tip = page.locator(".ps-map__tip")
    tip.wait_for(state="visible")
    assert tip.inner_text().startswith(next(p[3] for p in points["points"]
                                            if abs(p[0] - x) < 1e-9 and abs(p[1] - y) < 1e-9)[:20])
    _shot(page, "map.png")
    page.mouse.click(px, py)
    page.wait_for_url("**/papers/**")
    assert page.inner_text("article h1") in {p[3] for p in points["points"]}
    # The legend is keyboard-usable: Tab to a topic button, Enter highlights it.
    page.goto(site_url + "map/")
    page.wait_for_selector(".ps-map[data-drawn]")
    page.focus(".ps-legend__item >> nth=0")
    page.keyboard.press("Enter")
    assert page.get_attribute(".ps-legend__item >> nth=0", "aria-pressed") == "true"


def test_facets_filter_all_papers_combine_and_live_in_the_url(page, site_url, seed_site) -> None:
    catalog = site_catalog(seed_site)
    facets = json.loads((seed_site / "site" / "papers" / "facets.json").read_text(encoding="utf-8"))
    topic_slug, topic_name = facets["topics"][0]
    in_topic = [p for p in catalog if p["topic"] == topic_name]
    tag_name = next(t for p in in_topic for t in p["tags"])
    tag_slug = next(s for s, n in facets["tags"] if n == tag_name)
    page.goto(site_url + "papers/")
    page.wait_for_selector("form.ps-facets:not([hidden])")
    # Keyboard only: focus the topic menu and pick its first topic with the arrow key.
    page.focus("form.ps-facets select[name=topic]")
    page.keyboard.press("ArrowDown")
    page.wait_for_function("location.search.includes('topic=')")
    assert page.input_value("form.ps-facets select[name=topic]") == topic_slug
    assert page.locator(".ps-facets__results li").count() == len(in_topic)
    assert page.is_hidden(".ps-facets__static")
    page.select_option("form.ps-facets select[name=tag]", tag_slug)
    both = [p for p in in_topic if tag_name in p["tags"]]
    assert page.locator(".ps-facets__results li").count() == len(both) >= 1
    assert f"topic={topic_slug}" in page.url and f"tag={tag_slug}" in page.url
    _shot(page, "papers-filtered.png")
    # A shared link restores the same filter.
    page.goto(page.url)
    page.wait_for_selector("form.ps-facets:not([hidden])")
    assert page.locator(".ps-facets__results li").count() == len(both)
    shown = set(page.eval_on_selector_all(".ps-facets__results li a", "els => els.map(a => a.href)"))
    assert shown == {site_url + p["url"] for p in both}
    page.click("form.ps-facets button[type=reset]")
    page.wait_for_function("location.search === ''")
    assert page.is_visible(".ps-facets__static")


def test_a_paper_page_carries_citation_meta_tags(page, site_url, seed_site) -> None:
    paper = site_catalog(seed_site)[0]
    page.goto(site_url + paper["url"])
    assert page.get_attribute("meta[name=citation_title]", "content") == paper["title"]


@pytest.mark.parametrize("settings", [
    {},
    # mkdocs' search plugin lets a site turn on Lunr's trimmer and stemmer; a page listed twice takes Lunr's own path.
    {"pipeline": ["trimmer", "stopWordFilter", "stemmer"], "duplicate": True},
    # A word longer than Material's highlighting table can record (1,023 characters) is still found and marked as Material marks it.
    {"longWord": True},
], ids=["as-built", "stemmer-and-duplicate", "long-word"])
def test_the_faster_search_worker_finds_the_same_papers_with_the_same_scores_as_materials(page, site_url, seed_site, settings) -> None:
    # papersite builds Material's Lunr index its own, faster way (workers/lean-search.js); a reader must get
    # exactly what Material's worker would give: same papers, same order, same scores, same words marked.
    index = json.loads((seed_site / "site" / "search" / "search_index.json").read_text(encoding="utf-8"))
    papers = [d for d in index["docs"] if d["location"].startswith("papers/") and d["location"].count("/") == 2]
    words = [max(re.findall(r"[A-Za-z]{5,}", d["title"]) or ["paper"], key=len) for d in papers[:3] + papers[-2:]]
    queries = [*words, f"{words[0]} {words[1]}", f"-{words[0]}", f"{words[2][:4]}*", f'"{words[3]}"', "zzzznotaword"]
    if settings.get("longWord"):
        queries += ["x" * 1100, f"{'x' * 1100} page"]
    page.goto(site_url)
    both = page.evaluate(search_speed.COMPARE_JS, [queries, settings])
    assert both["usedPath"].endswith("/workers/lean-search.js") and both["materialPath"] != both["usedPath"]
    got = {name: both[name]["out"] for name in ("used", "material")}
    assert got["used"] == got["material"]
    assert got["used"]["zzzznotaword"] == []
    if settings.get("longWord"):
        assert any(group[0].startswith("long-word/ ") for group in got["used"]["x" * 1100])
    if settings:
        return  # with the stemmer, Material's prefix search misses some words; the faster worker must too (above)
    for doc, word in zip(papers[:3] + papers[-2:], words):
        assert any(group[0].startswith(doc["location"] + " ") for group in got["used"][word]), (word, doc["location"])
