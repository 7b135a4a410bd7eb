"""The papers index filters, the topic map's legend and KaTeX in a real browser (Debian's Chromium via Playwright),
on a site built from generated papers: 41 topics of a fixed taxonomy (data/vocabulary.yaml), two listing pages,
and abstracts with math KaTeX does not support."""

from __future__ import annotations

import functools
import http.server
import json
import threading
from pathlib import Path

import pytest

from generator.build import build
from generator.project import Project
from generator.runtime.progress import Progress

from .conftest import copy_project

CHROMIUM = Path("/usr/bin/chromium")

try:
    from playwright.sync_api import sync_playwright
except ImportError:  # pragma: no cover - depends on the machine
    sync_playwright = None

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.skipif(sync_playwright is None, reason="the playwright Python package is not installed"),
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's Chromium is not installed at /usr/bin/chromium"),
]

# One made-up field of study per topic: the taxonomy's phrase, found in its papers' abstracts only.
FIELDS = ("astronomy botany chemistry dermatology ecology forestry geology hydrology immunology kinesiology "
          "linguistics mycology neurology oceanography paleontology quantum radiology seismology toxicology "
          "urbanism virology welding xenobiology yachting zoology acoustics biophysics cryptography demography "
          "epidemiology fluidics genomics histology informatics jurisprudence kinematics limnology metallurgy "
          "nanotechnology optics pharmacology").split()
PER_TOPIC = 6  # 41 x 6 = 246 papers: more than one listing page (200)
MATH = r"Edges $a \unicode{x2013} b$ and an unsupported $\papersitenosuchcommand{x}$ command."


def _records() -> list[dict]:
    """Return PER_TOPIC papers per field; the first one's abstract has the unsupported math."""
    records = []
    for k, field in enumerate(FIELDS):
        for j in range(PER_TOPIC):
            extra = MATH if (k, j) == (0, 0) else ""
            records.append({
                "id": f"{field}-{j}", "title": f"Advances in {field} number {j}", "authors": ["Ann Lee"], "year": 2024,
                "abstract": f"We study {field} with new {field} methods on {field} benchmarks, paper {j} of the "
                            f"{field} series. The {field} results improve on earlier {field} work. {extra}",
            })
    return records


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:  # keep pytest's output clean
        pass


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """Build the generated papers' site (strict) and return its site/ folder."""
    data = tmp_path_factory.mktemp("pages-data")
    (data / "fields.jsonl").write_text("".join(json.dumps(r) + "\n" for r in _records()), encoding="utf-8")
    taxonomy = "".join(f"  - name: {f.capitalize()} studies\n    phrases: [{f}]\n" for f in FIELDS)
    (data / "vocabulary.yaml").write_text("topics:\n" + taxonomy, encoding="utf-8")
    root = copy_project(tmp_path_factory.mktemp("pages") / "project", data)
    build(Project.at(root), Progress(quiet=True), strict=True)
    return root / "site"


@pytest.fixture(scope="module")
def site_url(site: Path):
    """Serve the site on 127.0.0.1 for this module (stopped after it, so later builds may fork again)."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()
    thread.join()


def _facets(site: Path) -> dict:
    return json.loads((site / "papers" / "facets.json").read_text(encoding="utf-8"))


def test_a_filter_on_page_two_lists_every_match_with_its_count_and_hides_the_page_links(page, site_url, site) -> None:
    facets = _facets(site)
    # The first topic's papers are all on page 1: page 2 lists them only if the filter lists the whole catalog.
    slug, name = facets["topics"][0]
    matches = [p for p in facets["papers"] if p[2] == 0]
    page.goto(site_url + "papers/page-2/")
    assert page.is_visible(".ps-pager") and "this page lists 201–246" in page.inner_text("article")
    # A display name in other letter case is taken, and the address shows the slug from then on.
    page.goto(site_url + "papers/page-2/?topic=" + name.upper().replace(" ", "%20"))
    page.wait_for_function("location.search.includes('topic=')")
    page.wait_for_selector(".ps-facets__results li")
    assert page.input_value("form.ps-facets select[name=topic]") == slug
    assert page.evaluate("location.search") == f"?topic={slug}"
    assert page.locator(".ps-facets__results li").count() == len(matches) == PER_TOPIC
    assert page.inner_text(".ps-facets__count") == f"{PER_TOPIC} papers match the filter."
    assert page.is_hidden(".ps-facets__static")
    assert page.is_hidden(".ps-pager") and page.is_hidden(".ps-page-range")
    assert "this page lists" not in page.inner_text("article")
    # Clearing the filter brings back the page and its links.
    page.click("form.ps-facets button[type=reset]")
    page.wait_for_function("location.search === ''")
    assert page.is_visible(".ps-pager") and page.is_visible(".ps-page-range")


def test_a_tag_named_in_the_query_by_its_display_name_filters_and_an_unknown_one_is_said(page, site_url, site) -> None:
    facets = _facets(site)
    slug, name = next((s, n) for s, n in facets["tags"] if s != n.lower())  # a name that is not its slug
    tag = facets["tags"].index([slug, name])
    page.goto(site_url + "papers/?tag=" + name.title())
    page.wait_for_selector(".ps-facets__results li")
    assert page.input_value("form.ps-facets select[name=tag]") == slug
    assert page.locator(".ps-facets__results li").count() == sum(tag in p[3] for p in facets["papers"])
    page.goto(site_url + "papers/?topic=no-such-topic")
    page.wait_for_selector("form.ps-facets:not([hidden])")
    assert "no-such-topic" in page.inner_text(".ps-facets__count")
    assert page.is_visible(".ps-facets__static")


def _map_in_view(page) -> bool:
    box = page.locator(".ps-map__canvas").bounding_box()
    return box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"]


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 900}, {"width": 375, "height": 740}], ids=["desktop", "phone"])
def test_clicking_the_last_legend_entry_of_41_topics_keeps_the_map_in_view(browser, site_url, viewport) -> None:
    context = browser.new_context(viewport=viewport)
    try:
        page = context.new_page()
        page.goto(site_url + "map/")
        page.wait_for_selector(".ps-map[data-drawn]")
        buttons = page.locator(".ps-legend__item")
        assert buttons.count() == len(FIELDS)
        for index in (len(FIELDS) - 1, len(FIELDS) // 2):
            buttons.nth(index).click()
            assert buttons.nth(index).get_attribute("aria-pressed") == "true"
            assert _map_in_view(page), index
        # Keyboard users too: tabbing to the last entry leaves the map where it is, and the entry is not under it.
        buttons.nth(len(FIELDS) - 1).focus()
        assert _map_in_view(page)
        canvas = page.locator(".ps-map__canvas").bounding_box()
        assert buttons.nth(len(FIELDS) - 1).bounding_box()["y"] >= canvas["y"] + canvas["height"]
    finally:
        context.close()


def test_legend_swatches_show_the_shape_and_colour_the_map_draws(page, site_url, site) -> None:
    points = json.loads((site / "map" / "points.json").read_text(encoding="utf-8"))
    page.goto(site_url + "map/")
    page.wait_for_selector(".ps-map[data-drawn]")
    swatches = page.eval_on_selector_all(".ps-legend .ps-swatch", "els => els.map(e => [e.className, getComputedStyle(e).backgroundColor])")
    for (classes, colour), topic in zip(swatches, points["topics"], strict=True):
        assert f"ps-swatch--{topic['shape']}" in classes.split()
        assert colour == "rgb({}, {}, {})".format(*(int(topic["colour"][i:i + 2], 16) for i in (1, 3, 5)))
    assert len({(t["colour"], t["shape"]) for t in points["topics"]}) == len(FIELDS)


def test_katex_unsupported_commands_read_as_plain_text_not_red_errors(page, site_url, site) -> None:
    catalog = json.loads((site / "papers.json").read_text(encoding="utf-8"))
    paper = next(p for p in catalog if p["id"] == f"{FIELDS[0]}-0")
    page.goto(site_url + paper["url"])
    page.wait_for_selector("article .arithmatex .katex")
    text = page.inner_text("article")
    assert "\\unicode" not in text and "a–b" in text.replace(" ", "").replace("\n", "")
    # What KaTeX cannot typeset is shown in the text's own colour: every glyph of the math has the paragraph's.
    colours = page.eval_on_selector_all("article .arithmatex", """els => els.flatMap(el =>
        [...el.querySelectorAll('.katex-html *, .katex-error')].filter(e => !e.children.length && e.textContent.trim())
        .map(e => [e.textContent, getComputedStyle(e).color, getComputedStyle(el.closest('p')).color]))""")
    assert [c for c in colours if c[1] != c[2]] == []
    assert any("papersitenosuchcommand" in c[0] for c in colours)
