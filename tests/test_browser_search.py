"""Search that forgives and explains, in Chromium: typo retry, snippets, ranking, and the sharded search giving
the whole index's results. Screenshots go to artifacts/screenshots/ (git-ignored)."""

from __future__ import annotations

import json
import re

import pytest

from tests.conftest import NEEDS_BROWSER, ROOT, bench_module, search_results, serve

search_shards = bench_module("search_shards")
SHOTS = ROOT / "artifacts" / "screenshots"

pytestmark = [*NEEDS_BROWSER, pytest.mark.slow]




def _shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / name))


def _meta(page) -> str:
    return page.inner_text(".md-search-result__meta")


def test_a_typo_finds_the_word_and_says_so_in_the_result_meta(page, site_url, seed_site) -> None:
    results = search_results(page, site_url, "difusion")
    assert results, "a one-letter typo of 'diffusion' found nothing"
    page.wait_for_selector(".papersite-search-note")
    assert "Showing results for \u201cdiffusion\u201d (nothing matched \u201cdifusion\u201d)" in _meta(page)
    marks = [m.lower() for m in page.locator(".md-search-result__item").first.locator("mark").all_inner_texts()]
    assert "diffusion" in marks
    # Material would list the misspelt word as missing from every result; it was found, one edit away.
    assert page.locator(".md-search-result__item").first.locator("del").count() == 0
    _shot(page, "search-typo.png")
    # One misspelt word next to a right one: only that word is retried.
    search_results(page, site_url, "difusion models")
    page.wait_for_selector(".papersite-search-note")
    assert "Showing results for \u201cdiffusion models\u201d (nothing matched \u201cdifusion\u201d)" in _meta(page)
    # A query that matches as typed says nothing of the kind.
    search_results(page, site_url, "diffusion")
    assert page.locator(".papersite-search-note").count() == 0


def test_results_show_the_sentence_around_the_match_with_the_words_highlighted(page, site_url, seed_site) -> None:
    index = json.loads((seed_site / "site" / "search" / "search_index.json").read_text(encoding="utf-8"))
    doc = next(d for d in index["docs"] if d["title"].startswith("BrainSAIL"))
    abstract = re.sub(r"<[^>]*>", "", doc["text"].split("</p>")[-2])
    search_results(page, site_url, "selectivity")
    item = page.locator(".md-search-result__item", has_text="BrainSAIL").first
    teaser = item.locator("article p").first
    text = teaser.inner_text()
    assert "selectivity" in [m.lower() for m in teaser.locator("mark").all_inner_texts()]
    assert 40 < len(text) < len(abstract) / 2, "the snippet is not a sentence or two of the abstract"
    assert not text.startswith("Topic:") and text.count(". ") <= 2
    _shot(page, "search-snippets.png")


def test_an_exact_title_ranks_its_paper_first(page, site_url, seed_site) -> None:
    index = json.loads((seed_site / "site" / "search" / "search_index.json").read_text(encoding="utf-8"))
    title = next(d["title"] for d in index["docs"] if d["title"].startswith("Comparing a set"))
    results = search_results(page, site_url, title)
    assert results[0].rstrip("/").endswith(next(d["location"] for d in index["docs"] if d["title"] == title).rstrip("/"))


QUERIES = ["diffusion", "neural network", "difusion", "brain activity", "BrainSAIL", "+visual -brain", "model",
           "learn*", "title:learning", "zzzznotaword"]


def test_the_sharded_search_returns_the_whole_indexs_results(page, seed_site, sharded_seed_site) -> None:
    with serve(seed_site / "site") as url:
        page.goto(url)
        whole = page.evaluate(search_shards.TOP_JS, QUERIES)
    with serve(sharded_seed_site / "site") as url:
        page.goto(url)
        sharded = page.evaluate(search_shards.TOP_JS, QUERIES)
        # Through Material's own search box too, typo retry and highlighting included.
        typed = search_results(page, url, "difusion")
        assert "Showing results for \u201cdiffusion\u201d" in _meta(page)
        assert "diffusion" in [m.lower() for m in page.locator(".md-search-result__item").first.locator("mark").all_inner_texts()]
        _shot(page, "search-sharded-typo.png")
    for query in QUERIES:
        assert sharded[query][:10] == whole[query][:10], query  # same pages, same order, same scores
    assert whole["diffusion"] and whole["zzzznotaword"] == []
    assert [u.split("/papers/")[-1] for u in typed] == [w.split(" ")[0].split("papers/")[-1] for w in whole["difusion"]][:len(typed)]
