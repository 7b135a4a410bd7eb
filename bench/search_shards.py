"""Sharded search in a real browser: bytes downloaded and time to first results, whole index against shards.

    python bench/search_shards.py --sizes 10000,30000,100000 --out /tmp/ssh      # the curve
    python bench/search_shards.py --sizes 10000 --agree 50 --out /tmp/ssh        # same top 10 as the whole index?

Only the search index is built for each size (bench/scale.py's synthetic records, made into the documents
Material's search plugin writes for a paper page); it replaces the index of a built template site (the seed
site, built into OUT/template unless --template names one), so the pages and Material's search box are real.
For each size: the whole index (as today) and the sharded one (generator/write/search_shards.py), each timed in
a fresh browser per query (bench/search_speed.py's method: typed query to first result on the page's clock), and
the bytes of every search file the browser fetched until then, counted gzipped (as a server sends them).
The whole index is timed only up to --whole-max documents (above, its size alone is given).
--agree N runs N sampled queries (words, word pairs, typos) through both workers at the first size and reports
how many of each top 10 the two share. Figures go to docs/scaling.md, never into pass/fail tests.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from scale import DEFAULT_CORPUS, make_corpus
from search_speed import CHROMIUM_ARGS, FIRST_RESULT_JS, serve

from generator.write.search_shards import shard_search_index

CORPUS = DEFAULT_CORPUS if DEFAULT_CORPUS.is_file() else Path("/work/shared/corpora/iclr2024-dev.jsonl")
QUERIES = {"one word": "diffusion", "two words": "graph neural", "typo": "difusion"}

#: Runs in a page of a site: start the site's search worker with its own search_index.json, ask every query and
#: return each one's result pages (best first), as "location score" strings.
TOP_JS = """
async (queries) => {
  const config = JSON.parse(document.getElementById("__config").textContent);
  const index = await (await fetch(new URL("search/search_index.json", new URL(config.base, location.href)))).json();
  const worker = new Worker(config.search);
  const inbox = [];
  let wake = null;
  worker.onmessage = (ev) => { inbox.push(ev.data); if (wake) { wake(); wake = null; } };
  const next = async () => { while (!inbox.length) await new Promise(r => wake = r); return inbox.shift(); };
  worker.postMessage({type: 0, data: {config: index.config, docs: index.docs, options: {suggest: false}}});
  while ((await next()).type !== 1) {}
  const out = {};
  for (const q of queries) {
    worker.postMessage({type: 2, data: q});
    let msg;
    while ((msg = await next()).type !== 3) {}
    out[q] = msg.data.items.map(group => group[0].location.split("#")[0] + " " + group[0].score);
  }
  worker.terminate();
  return out;
}
"""


def paper_documents(n: int) -> list[dict]:
    """Return n search documents shaped as Material's plugin writes a paper page (title, topic, tags, abstract)."""
    docs = []
    for i, record in enumerate(make_corpus(CORPUS, n)):
        words = record["abstract"].split()
        title = " ".join(words[:9]).rstrip(".,;:")
        tags = " ".join(record["keywords"][:4])
        text = f"<p>Topic: {', '.join(record['keywords'][:2])}</p> <p> {tags} </p> <p>{record['abstract']}</p>"
        docs.append({"location": f"papers/{record['id']}/", "title": title, "text": text})
    return docs


def make_sites(template: Path, out: Path, n: int) -> tuple[Path, Path]:
    """Return a whole-index site and a sharded site of n synthetic papers, both copies of the template site."""
    config = json.loads((template / "search" / "search_index.json").read_text(encoding="utf-8"))["config"]
    docs = paper_documents(n)
    sites = []
    for kind in ("whole", "shards"):
        site = out / f"{kind}{n}"
        if site.exists():
            shutil.rmtree(site)
        shutil.copytree(template, site)
        index = site / "search" / "search_index.json"
        index.write_text(json.dumps({"config": config, "docs": docs}, ensure_ascii=False, separators=(",", ":")),
                         encoding="utf-8")
        if kind == "shards":
            shard_search_index(site, above=0)
        sites.append(site)
    return sites[0], sites[1]


def gzipped(path: Path) -> int:
    """Return the gzipped size of a file (level 6, as web servers send it)."""
    return len(gzip.compress(path.read_bytes(), compresslevel=6))


def first_results(url: str, site: Path, query: str) -> tuple[float, int]:
    """Return seconds from typing `query` to the first result, and gzipped bytes of search files fetched by then."""
    from playwright.sync_api import sync_playwright

    fetched: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.on("request", lambda request: fetched.append(urlsplit(request.url).path))
        page.goto(url, wait_until="load")
        page.click("label.md-search__icon, .md-search__input", timeout=10000)
        start = page.evaluate(FIRST_RESULT_JS)
        page.fill("input.md-search__input", query)
        page.keyboard.press("End")
        page.wait_for_selector(".md-search-result__item", timeout=120000)
        seconds = (page.evaluate("window.__papersiteFirstResult") - start) / 1000
        browser.close()
    files = {site / path.lstrip("/") for path in fetched if path.startswith("/search/")}
    return seconds, sum(gzipped(f) for f in files if f.is_file())


def sample_queries(docs: list[dict], n: int, seed: int = 7) -> list[str]:
    """Return n queries drawn from the documents' titles: single words, word pairs and one-letter typos."""
    rng = random.Random(seed)
    words = sorted({w.lower().strip(".,;:()") for d in docs for w in d["title"].split() if len(w) >= 5 and w.isalpha()})
    queries: list[str] = []
    while len(queries) < n:
        kind = len(queries) % 3
        word = rng.choice(words)
        if kind == 0:
            queries.append(word)
        elif kind == 1:
            queries.append(f"{word} {rng.choice(words)}")
        else:
            cut = rng.randrange(1, len(word) - 1)
            queries.append(word[:cut] + word[cut + 1:])
    return queries


def top_pages(url: str, queries: list[str]) -> dict[str, list[str]]:
    """Return each query's result pages, best first, from the site's own worker."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.goto(url, wait_until="load")
        result = page.evaluate(TOP_JS, queries)
        browser.close()
    return result


def agreement(whole: Path, shards: Path, n: int) -> None:
    """Print how many of each query's top 10 the sharded search shares with the whole index."""
    docs = json.loads((whole / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    queries = sample_queries(docs, n)
    with serve(whole) as url:
        ref = top_pages(url, queries)
    with serve(shards) as url:
        got = top_pages(url, queries)
    shared, same_order, same_scores = [], 0, 0
    for q in queries:
        a, b = ref[q][:10], got[q][:10]
        pages_a, pages_b = [x.split(" ")[0] for x in a], [x.split(" ")[0] for x in b]
        shared.append(len(set(pages_a) & set(pages_b)) / max(1, min(10, len(pages_a))) if pages_a else float(not pages_b))
        same_order += pages_a == pages_b
        same_scores += a == b
        if pages_a != pages_b:
            print(f"  {q!r}: whole {pages_a[:3]}... shards {pages_b[:3]}...")
    print(f"agreement on {len(queries)} queries at {len(docs):,} documents: top-10 overlap mean "
          f"{statistics.mean(shared):.3f} (min {min(shared):.2f}); same top 10 in the same order: {same_order}/"
          f"{len(queries)}; same scores too: {same_scores}/{len(queries)}")


def main(argv: list[str] | None = None) -> int:
    """Print the search curve: bytes and time to first results, whole index against shards, per size."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10000,30000,100000")
    parser.add_argument("--out", type=Path, required=True, help="work folder (sites are written there)")
    parser.add_argument("--template", type=Path, help="a built papersite site to copy (default: build the seed site)")
    parser.add_argument("--whole-max", type=int, default=10000, help="time the whole index up to this size")
    parser.add_argument("--runs", type=int, default=1, help="fresh-browser runs per query (median)")
    parser.add_argument("--agree", type=int, default=0, help="sampled queries to compare top 10s at the first size")
    parser.add_argument("--agree-only", action="store_true", help="only the agreement, no timings")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    template = args.template or build_template(args.out)
    for n in [int(s) for s in args.sizes.split(",")]:
        whole, shards = make_sites(template, args.out, n)
        if args.agree_only:
            agreement(whole, shards, args.agree)
            return 0
        print(f"{n:,} papers: whole index {gzipped(whole / 'search' / 'search_index.json') / 1e6:.2f} MB gzipped; "
              f"shards {sum(gzipped(f) for f in (shards / 'search').rglob('*.json')) / 1e6:.2f} MB gzipped in all "
              f"({len(list((shards / 'search' / 'shards').iterdir())):,} files)")
        for kind, site in (("whole", whole), ("shards", shards)):
            if kind == "whole" and n > args.whole_max:
                continue
            with serve(site) as url:
                for label, query in QUERIES.items():
                    runs = [first_results(url, site, query) for _ in range(args.runs)]
                    seconds = statistics.median(r[0] for r in runs)
                    print(f"  {kind:6} {label:9} {query!r:16} first results {seconds:5.2f} s, "
                          f"{max(r[1] for r in runs) / 1e6:5.2f} MB gzipped fetched; load {os.getloadavg()[0]:.2f}")
        if args.agree and n == int(args.sizes.split(",")[0]):
            agreement(whole, shards, args.agree)
    return 0


def build_template(out: Path) -> Path:
    """Build the seed site with this checkout's papersite and return its site folder."""
    project = out / "template"
    if not (project / "site" / "search" / "search_index.json").is_file():
        from generator.project import copy_project

        if project.exists():
            shutil.rmtree(project)
        copy_project(ROOT, project)
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        subprocess.run([sys.executable, "-m", "generator", "build", "-q"], cwd=project, env=env, check=True)
    return project / "site"


if __name__ == "__main__":
    sys.exit(main())
