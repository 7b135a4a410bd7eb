"""Search speed in a real browser: time typed query → first result, and check the results against Material's own worker.

    python bench/search_speed.py SITE [--runs 3] [--query diffusion]   # median of fresh-browser runs
    python bench/search_speed.py SITE --compare                        # same pages as Material's own worker?

SITE is a built site folder (e.g. /tmp/ss/p3700/site from `python bench/scale.py --sizes 3700 --keep --out /tmp/ss`).
Timing is bench/scale.py's method: load the home page (wait_until="load"), click the search box, then time
fill(query) → first `.md-search-result__item`, each run in a fresh browser (cold cache), on the page's own clock
(a MutationObserver notes when the first result is added; Playwright's polling would round up by up to 0.5 s).
The machine's load average is printed with the figures, since other jobs share the cores.

--compare loads the site, then in the page starts two workers on the same search_index.json: Material's own
(the URL papersite's lean-search-config.js passes on as ?worker=) and the one the site uses, runs every query
through both and reports, per query, whether they return the same pages, in the same order, with the same
scores (exit status 1 if any query returns other pages), plus each worker's set-up time in that page.
Figures live here and in docs/scaling.md, never in pass/fail tests.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import json
import os
import statistics
import sys
import threading
from pathlib import Path
from typing import Iterator

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run"]
#: Queries for --compare: single words, phrases, prefixes, required and prohibited terms, a field query.
QUERIES = [
    "diffusion", "graph neural network", "transformer", "reinforcement learning", "language model",
    "contrastive", "adversarial robustness", "federated", "optimization", "quantization", "protein",
    "video generation", "sparse", "benchmark", '"large language"', "+diffusion -image", "robust*",
    "attention mechanism", "kernel", "causal inference", "title:learning", "-diffusion", "zzzznotaword",
]

#: Runs in a page of the site: set up Material's own search worker and the one the site uses with the same index
#: (optionally with another Lunr pipeline, or the last page listed twice), ask both every query, and return each
#: one's set-up milliseconds and results as "location score" lines. tests/test_browser.py uses it too.
COMPARE_JS = """
async ([queries, settings]) => {
  const config = JSON.parse(document.getElementById("__config").textContent);
  const used = new URL(config.search, document.baseURI);
  const material = new URL(used.searchParams.get("worker") || used.href, document.baseURI);
  const index = await (await fetch(new URL("search/search_index.json", new URL(config.base, location.href)))).json();
  if (settings.pipeline) index.config.pipeline = settings.pipeline;
  if (settings.duplicate) index.docs.push({...index.docs[index.docs.length - 1], text: "duplicated page"});
  if (settings.longWord) index.docs.push({location: "long-word/", title: "A long word", text: "<p>" + "x".repeat(1100) + " in a page</p>"});
  function digest(text) {  // FNV-1a, 32 bits: enough to tell two results apart
    let h = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    return (h >>> 0).toString(16);
  }
  async function run(url) {
    const worker = new Worker(url);
    const inbox = [];
    let wake = null;
    worker.onmessage = (ev) => { inbox.push(ev.data); if (wake) { wake(); wake = null; } };
    const next = async () => { while (!inbox.length) await new Promise(r => wake = r); return inbox.shift(); };
    const t0 = performance.now();
    worker.postMessage({type: 0, data: {config: index.config, docs: index.docs, options: {suggest: false}}});
    while ((await next()).type !== 1) {}
    const ready = performance.now() - t0;
    const out = {};
    for (const q of queries) {
      worker.postMessage({type: 2, data: q});
      let msg;
      while ((msg = await next()).type !== 3) {}
      // Each result as "location score digest", the digest covering the whole item: its highlighted fields too.
      out[q] = msg.data.items.map(group => group.map(item => item.location + " " + item.score + " " + digest(JSON.stringify(item))));
    }
    worker.terminate();
    return {ready, out};
  }
  return {usedPath: used.pathname, materialPath: material.pathname, sameWorker: material.href === used.href,
          material: await run(material.href), used: await run(used.href + "&papersite-rules=off")};
}
"""


# Start watching for the first search result; return the page's clock (ms) at the start.
FIRST_RESULT_JS = """
() => {
  window.__papersiteFirstResult = null;
  const seen = () => {
    if (window.__papersiteFirstResult === null && document.querySelector(".md-search-result__item")) {
      window.__papersiteFirstResult = performance.now();
      return true;
    }
    return false;
  };
  const observer = new MutationObserver(() => { if (seen()) observer.disconnect(); });
  observer.observe(document.body, {childList: true, subtree: true});
  return performance.now();
}
"""


@contextlib.contextmanager
def serve(site: Path) -> Iterator[str]:
    """Serve `site` on 127.0.0.1 (a free port) and yield its base URL."""

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args) -> None:  # noqa: D102 - no access log in the figures
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()


def time_search(url: str, query: str, log: list[str] | None = None) -> float:
    """Return seconds from typing `query` in a fresh browser's search box until the first result shows."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        if log is not None:
            page.on("console", lambda msg: log.append(f"{msg.type}: {msg.text}"))
            page.on("pageerror", lambda err: log.append(f"pageerror: {err}"))
        page.goto(url, wait_until="load")
        page.click("label.md-search__icon, .md-search__input", timeout=10000)
        # The page's own clock times it: a MutationObserver notes when the first result is added. Playwright's
        # wait_for_selector polls at growing intervals (the last 0.5 s apart), which made wall-clock figures
        # jump by half a second from run to run.
        start = page.evaluate(FIRST_RESULT_JS)
        page.fill("input.md-search__input", query)
        # fill() fires no key event; Material searches on keyup, or on the current text once its index is
        # ready. On a small site the index is ready first, so end the "typing" with a key as a reader would.
        page.keyboard.press("End")
        page.wait_for_selector(".md-search-result__item", timeout=60000)
        seconds = (page.evaluate("window.__papersiteFirstResult") - start) / 1000
        browser.close()
    return seconds


def compare(url: str, queries: list[str]) -> dict:
    """Return both workers' set-up seconds and, per query, both result lists (location and score, best first)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        page = browser.new_page()
        errors: list[str] = []
        page.on("console", lambda msg: msg.type == "error" and errors.append(msg.text))
        page.on("pageerror", lambda err: errors.append(str(err)))
        page.goto(url, wait_until="load")
        result = page.evaluate(COMPARE_JS, [queries, {}])
        browser.close()
    result["errors"] = errors
    return result


def report_compare(result: dict) -> int:
    """Print, per query, how the site's worker's results differ from Material's; return how many differ (pages, scores or highlighting)."""
    print(f"worker used: {result['usedPath']}" + ("  (Material's own: nothing to compare)" if result["sameWorker"] else ""))
    print(f"set-up in this page: Material's worker {result['material']['ready'] / 1000:.2f} s, "
          f"site's worker {result['used']['ready'] / 1000:.2f} s")
    differ = 0
    for query, ref in result["material"]["out"].items():
        got = result["used"]["out"][query]
        pages_ref = [g[0].split(" ")[0] for g in ref]
        pages_got = [g[0].split(" ")[0] for g in got]
        same_set = sorted(pages_ref) == sorted(pages_got)
        same_order = pages_ref == pages_got
        same_scores = [[i.rsplit(" ", 1)[0] for i in g] for g in ref] == [[i.rsplit(" ", 1)[0] for i in g] for g in got]
        same_items = ref == got  # highlighted titles and texts too
        top_ref, top_got = pages_ref[:10], pages_got[:10]
        differ += not same_items
        status = "same pages, scores and highlighting" if same_items else "same pages and scores, OTHER HIGHLIGHTING" if same_scores else "same pages, same order" if same_order else "same pages, other order" if same_set else "DIFFERENT PAGES"
        print(f"  {query!r:28} {len(pages_ref):5} vs {len(pages_got):5} results  {status}"
              + ("" if same_order else f"; top 10 shared: {len(set(top_ref) & set(top_got))}/10"
                 f"; first diff at rank {next(i for i, (a, b) in enumerate(zip(pages_ref + [''], pages_got + [''])) if a != b) + 1}"))
    for error in result["errors"]:
        print(f"  console error: {error}")
    return differ


def main(argv: list[str] | None = None) -> int:
    """Time search on a built site, or compare its results with Material's own worker."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path, help="a built site folder (with search/search_index.json)")
    parser.add_argument("--runs", type=int, default=3, help="timed runs, each in a fresh browser (default: %(default)s)")
    parser.add_argument("--query", default="diffusion", help="query to type (default: %(default)s)")
    parser.add_argument("--console", action="store_true", help="print the browser's console output of the last run")
    parser.add_argument("--compare", action="store_true", help="check results against Material's own worker instead")
    args = parser.parse_args(argv)
    index = args.site / "search" / "search_index.json"
    if not index.is_file():
        parser.error(f"{index} does not exist: build the site first")
    with serve(args.site) as url:
        if args.compare:
            return 1 if report_compare(compare(url, QUERIES)) else 0
        times, log = [], []
        for _ in range(args.runs):
            log.clear()
            times.append(time_search(url, args.query, log))
    docs = len(json.loads(index.read_text(encoding="utf-8"))["docs"])
    print(f"{docs:,} documents, query {args.query!r}: median {statistics.median(times):.2f} s of "
          f"{', '.join(f'{t:.2f}' for t in times)}; load average {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if args.console:
        print("\n".join(log))
    return 0


if __name__ == "__main__":
    sys.exit(main())
