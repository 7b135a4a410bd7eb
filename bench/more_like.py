"""'More like these' on the Saved page: payload of the vectors, time to rank in Chromium, and quality on the dev corpus.

    python bench/more_like.py [--corpus /work/ref/corpus10k.jsonl] [--dev ../shared/corpora/iclr2024-dev.jsonl]
                              [--runs 30] [--trials 2000] [--skip-quality]

Payload and speed: the corpus is read, validated and normalised as a build does, then only what the Saved page
ranks with is made (features.build_features → infer/vectors.paper_vectors → write/saved.vectors_json); the bench
prints the file's size raw and gzipped, per paper. A throw-away page served on 127.0.0.1 loads the site's own
more-like.js and that vectors.json in Debian's Chromium (Playwright) and times, on the page's clock, fetching and
decoding the file once, then ranking (top 10) for random saved sets of 1, 3 and 10 papers with 3 "not interested"
ones: the median and the worst of --runs sets each.

Quality: the dev corpus (with its `primary_area` labels, which the pipeline never reads) is built in memory by
build_corpus, as `papersite build` does. Each trial saves 3 papers of one primary area (a random paper, then two
more of its area) and the same more-like.js ranks all papers in Chromium; the figure is the share of the top 10
in that area, averaged over --trials. Against it: the share of each paper's own related list (the 5 on its page,
infer/related.py) in its area, the same for the top 10 of "More like these" with one saved paper, and chance
(a random list's share in the saved papers' area: the sum of the areas' squared shares of the papers).
The machine's load average is printed with the figures, since other jobs share the cores. Figures live here and
in docs/inference.md, never in pass/fail tests.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.build import build_corpus  # noqa: E402
from generator.clean.identify import paper_from_record  # noqa: E402
from generator.infer import features, vectors  # noqa: E402
from generator.model import Corpus  # noqa: E402
from generator.project import Project, copy_project  # noqa: E402
from generator.read.load import read_data  # noqa: E402
from generator.read.validate import validate  # noqa: E402
from generator.runtime.progress import Progress  # noqa: E402
from generator.write.saved import vectors_json  # noqa: E402
from tests.conftest import launch_chromium, serve  # noqa: E402

DEFAULT_CORPUS = Path("/work/ref/corpus10k.jsonl")
# Beside the project, or beside the folder of worktrees a project's branch may be checked out in.
DEFAULT_DEV = next((p for p in (ROOT.parent / "shared" / "corpora" / "iclr2024-dev.jsonl",
                                ROOT.parent.parent / "shared" / "corpora" / "iclr2024-dev.jsonl") if p.exists()),
                   ROOT.parent / "shared" / "corpora" / "iclr2024-dev.jsonl")
SCRIPT = ROOT / "site_src" / "assets" / "javascripts" / "more-like.js"
PAGE = "<!doctype html><meta charset='utf-8'><title>more like these</title><script src='more-like.js'></script>\n"

#: In the page: fetch and decode the vectors (timed), then time rank() for random saved sets.
TIMING_JS = """
async ([runs, sizes]) => {
  const t0 = performance.now();
  const file = await (await fetch("vectors.json", {cache: "no-store"})).json();
  const v = PapersiteMoreLike.decodeVectors(file);
  const load = performance.now() - t0;
  let seed = 1;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = (k) => Array.from({length: k}, () => Math.floor(rnd() * v.count));
  const out = {load, count: v.count, dims: v.dims, rank: {}};
  for (const size of sizes) {
    const times = [];
    for (let i = 0; i < runs; i++) {
      const saved = pick(size), away = pick(3);
      const t = performance.now();
      PapersiteMoreLike.rank(v, saved, away, 10);
      times.push(performance.now() - t);
    }
    out.rank[size] = times;
  }
  return out;
}
"""

#: In the page: the top-k rows for each saved set (no "not interested" papers).
RANK_JS = """
async ([trials, k]) => {
  const v = PapersiteMoreLike.decodeVectors(await (await fetch("vectors.json")).json());
  return trials.map(saved => PapersiteMoreLike.rank(v, saved, [], k).map(r => r.row));
}
"""


def read_papers(corpus: Path) -> list:
    """Return the corpus's papers as a build normalises them (no inference)."""
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        data.mkdir()
        shutil.copy(corpus, data / corpus.name)
        records, problems = read_data(data, Path(tmp))
        records, more = validate(records)
    errors = [p for p in problems + more if p.severity == "error"]
    if errors:
        raise SystemExit(f"{corpus}: {len(errors)} errors, first: {errors[0]}")
    return [paper_from_record(r) for r in records]


def in_chromium(folder: Path, script: str, arg) -> object:
    """Serve `folder` (more-like.js, the page, vectors.json), run `script` in the page and return its result."""
    from playwright.sync_api import sync_playwright

    shutil.copy(SCRIPT, folder / "more-like.js")
    (folder / "index.html").write_text(PAGE, encoding="utf-8")
    with serve(folder) as url, sync_playwright() as p:
        browser = launch_chromium(p)
        page = browser.new_page()
        page.goto(url)
        page.wait_for_function("typeof PapersiteMoreLike !== 'undefined'")
        result = page.evaluate(script, arg)
        browser.close()
    return result


def payload_and_speed(corpus: Path, runs: int) -> None:
    """Print the vectors file's size per paper and Chromium's time to load it and to rank."""
    t = time.perf_counter()
    papers = read_papers(corpus)
    feats = features.build_features(papers)
    matrix = vectors.paper_vectors(feats)
    text = vectors_json(Corpus(papers=papers, vectors=matrix))
    made = time.perf_counter() - t
    raw, packed = len(text.encode()), len(gzip.compress(text.encode(), 9))
    n = len(papers)
    print(f"{corpus.name}: {n} papers, {matrix.shape[1]} int8 dimensions (made in {made:.1f} s with reading)")
    print(f"  saved/vectors.json: {raw:,} bytes, {packed:,} gzipped (-9) = {raw / n:.1f} B/paper raw, {packed / n:.1f} B/paper gzipped")
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "vectors.json").write_text(text, encoding="utf-8")
        found = in_chromium(Path(tmp), TIMING_JS, [runs, [1, 3, 10]])
    print(f"  Chromium: fetch + decode {found['load']:.1f} ms (once per visit)")
    for size, times in found["rank"].items():
        print(f"  rank top 10, {size:>2} saved + 3 not interested: median {statistics.median(times):.2f} ms, "
              f"worst {max(times):.2f} ms ({len(times)} runs)")


def quality(dev: Path, trials: int) -> None:
    """Print the share of 'More like these' (3 saved papers of one area) in that area, against related lists."""
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        data.mkdir()
        shutil.copy(dev, data / dev.name)
        root = copy_project(ROOT, Path(tmp) / "project", data)
        t = time.perf_counter()
        corpus = build_corpus(Project.at(root), Progress(quiet=True))
        built = time.perf_counter() - t
        area = [p.extra.get("primary_area") for p in corpus.papers]
        row = {p.id: i for i, p in enumerate(corpus.papers)}
        by_area: dict[str, list[int]] = {}
        for i, a in enumerate(area):
            if a:
                by_area.setdefault(a, []).append(i)
        rng = random.Random(0)
        labelled = [i for i, a in enumerate(area) if a and len(by_area[a]) >= 3]
        sets = []
        for _ in range(trials):
            first = rng.choice(labelled)
            others = rng.sample([j for j in by_area[area[first]] if j != first], 2)
            sets.append([first, *others])
        singles = [[i] for i in labelled]
        folder = Path(tmp) / "page"
        folder.mkdir()
        (folder / "vectors.json").write_text(vectors_json(corpus), encoding="utf-8")
        ranked = in_chromium(folder, RANK_JS, [sets + singles, 10])
    triple = statistics.mean(sum(area[r] == area[s[0]] for r in top) / len(top) for s, top in zip(sets, ranked))
    single = statistics.mean(sum(area[r] == area[s[0]] for r in top) / len(top)
                             for s, top in zip(singles, ranked[len(sets):]))
    related = statistics.mean(sum(area[row[r.id]] == area[i] for r in corpus.papers[i].related) / len(corpus.papers[i].related)
                              for i in labelled if corpus.papers[i].related)
    n = len(labelled)
    chance = sum((len(rows) / n) ** 2 for rows in by_area.values())
    print(f"{dev.name}: {len(corpus.papers)} papers, {len(by_area)} primary areas (built in {built:.0f} s)")
    print(f"  More like these, 3 saved of one area, top 10 in that area: {triple:.1%} (mean of {trials} trials)")
    print(f"  More like these, 1 saved paper, top 10 in its area:        {single:.1%} (every labelled paper)")
    print(f"  related list on a paper's page (5), in its area:           {related:.1%} (every labelled paper)")
    print(f"  chance (area sizes' squared shares):                       {chance:.1%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--dev", type=Path, default=DEFAULT_DEV)
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--trials", type=int, default=2000)
    parser.add_argument("--skip-quality", action="store_true")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    payload_and_speed(args.corpus.resolve(), args.runs)
    if not args.skip_quality:
        quality(args.dev.resolve(), args.trials)


if __name__ == "__main__":
    main()
