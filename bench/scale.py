"""Scale benchmark: build sites of 1,000, 3,700 and 10,000 synthetic abstracts and print one table.

    python bench/scale.py [--sizes 1000,3700,10000] [--out DIR] [--browser] [--keep] [--authors-only [--repeat N]]

For each size it writes a deterministic corpus (sentences of the labelled ICLR 2024 corpus recombined with
a fixed seed; no titles, so title inference runs as it does on the seed data) as JSONL into a throw-away
project made like the tests' (generator.project.copy_project), then:

- runs `papersite build` in a subprocess (peak RSS from RUSAGE_CHILDREN) and reads its per-stage seconds
  from stderr;
- runs a bare `mkdocs build` over the very same site_src/ and prints end-to-end / bare;
- adds one abstract and runs `papersite build` again (the warm, incremental case: pages reused from the
  cache), reporting it against bare MkDocs and its generate stages against the cold build's; then runs
  `papersite build` once more with nothing changed (the no-change fast path);
- measures site size, the HTML of the largest paper page and of the largest listing page, and the search
  index raw and gzipped (per paper too);
- builds the same corpus cold twice more, with and without every record's `authors` (synthetic people with a
  real conference's heavy-tailed paper counts: see synthetic_authors), for the authors' share of a build
  (--authors-only runs just these two builds; --repeat N alternates them N times, the fastest counting);
- with --browser, opens the built site in Chromium (Playwright), types a query and times until results show.

Figures live here and in docs/scaling.md, never in pass/fail tests.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.project import copy_project  # noqa: E402

DEFAULT_CORPUS = ROOT.parent / "shared" / "corpora" / "iclr2024-dev.jsonl"
SEED = 20240507
#: Stages papersite prints before MkDocs runs: the part papersite itself adds to a build.
GENERATE_STAGES = ("load", "validate", "normalise", "titles", "tags", "topics", "related", "crosslink", "render")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")
_STAGE_LINE = re.compile(r"^\s{2}(\S[\w -]*?)\s+(?:[\d,]+\s+)?([\d.]+) s")


def split_sentences(text: str) -> list[str]:
    """Split an abstract into sentences at a full stop followed by a capital."""
    return [s.strip() for s in _SENTENCE_END.split(" ".join(text.split())) if s.strip()]


def load_source(path: Path) -> list[dict]:
    """Return the labelled corpus rows with their sentences, in file order."""
    rows = []
    for line in path.read_text(encoding="utf-8").split("\n"):
        if line.strip():
            row = json.loads(line)
            row["sentences"] = split_sentences(row["abstract"])
            if len(row["sentences"]) >= 2:
                rows.append(row)
    return rows


def synthetic_record(rows: list[dict], by_area: dict[str, list[dict]], index: int, seed: int = SEED,
                     attempt: int = 0) -> dict:
    """Return abstract number `index`: one paper's sentences, some swapped for sentences of papers in its area."""
    # Seeded by (seed, index) alone, so corpus n is a prefix of corpus m > n and adding one abstract adds one.
    rng = random.Random(f"{seed}:{index}:{attempt}")
    base = rng.choice(rows)
    peers = by_area[base.get("primary_area") or ""]
    sentences = [base["sentences"][0]]
    for pos, sentence in enumerate(base["sentences"][1:], start=1):
        if rng.random() < 0.5:
            other = rng.choice(peers)["sentences"]
            sentence = other[min(pos, len(other) - 1)]
        sentences.append(sentence)
    return {
        "id": f"syn{index:06d}",
        "abstract": " ".join(sentences),
        "keywords": base.get("keywords", [])[:5],
        "venue": "Synthetic ICLR",
        "year": "2024",
    }


def make_corpus(source: Path, n: int, seed: int = SEED) -> list[dict]:
    """Return `n` deterministic synthetic abstracts recombined from the source corpus."""
    rows = load_source(source)
    by_area: dict[str, list[dict]] = {}
    for row in rows:
        by_area.setdefault(row.get("primary_area") or "", []).append(row)
    out: list[dict] = []
    seen: set[str] = set()
    for i in range(n):
        attempt = 0
        record = synthetic_record(rows, by_area, i, seed)
        # papersite merges identical abstracts; draw again so every size has exactly n papers.
        while record["abstract"] in seen:
            attempt += 1
            record = synthetic_record(rows, by_area, i, seed, attempt)
        seen.add(record["abstract"])
        out.append(record)
    for record, byline in zip(out, synthetic_authors(rows, n, seed)):
        record["authors"] = byline
    return out


#: Chance that a paper's last (senior) author is someone new, else someone already seen.
P_NEW_SENIOR = 0.5
#: Chance that any other author of a paper is someone new.
P_NEW_OTHER = 0.95
#: Chance that a non-senior slot of a returning senior's paper is one of their past co-authors (a group recurs).
P_RECUR = 0.2
#: Longest byline drawn (the source's lengths above it are cut to it: ~4.6 authors a paper on average).
MAX_BYLINE = 6


def synthetic_authors(rows: list[dict], n: int, seed: int = SEED) -> list[list[str]]:
    """Return `n` bylines of distinct synthetic people, with the heavy-tailed paper counts of a real conference.

    A Simon (Yule) process: each slot is a new person with probability P_NEW_*, else an existing one chosen in
    proportion to their papers so far (a uniform pick among all past slots). Senior slots reuse people far more
    than the others, which gives the tail (a few authors with 15-35 papers); a returning senior brings back past
    co-authors with P_RECUR. Names are real first names x real surnames of the source, each person distinct.
    One generator draws the bylines in order, so the first n of a larger corpus are the same n.
    """
    names = sorted({a for r in rows for a in r.get("authors", []) if len(a.split()) > 1})
    firsts = sorted({a.split()[0] for a in names})
    lasts = sorted({a.split()[-1] for a in names})
    lengths = [min(len(r["authors"]), MAX_BYLINE) for r in rows if r.get("authors")]
    rng = random.Random(f"{seed}:authors")
    people: list[str] = []
    used: set[str] = set()
    slots: list[int] = []  # the person of every authorship so far: a uniform pick is a pick in proportion to papers
    coauthors: dict[int, list[int]] = {}

    def new_person() -> int:
        while True:
            name = f"{rng.choice(firsts)} {rng.choice(lasts)}"
            if name not in used:
                used.add(name)
                people.append(name)
                return len(people) - 1

    bylines = []
    for _ in range(n):
        size = rng.choice(lengths)
        senior = new_person() if not slots or rng.random() < P_NEW_SENIOR else rng.choice(slots)
        byline = [senior]
        while len(byline) < size:
            past = coauthors.get(senior)
            if past and rng.random() < P_RECUR:
                person = rng.choice(past)
            elif rng.random() < P_NEW_OTHER:
                person = new_person()
            else:
                person = rng.choice(slots)
            if person not in byline:
                byline.append(person)
        for person in byline:
            slots.append(person)
            coauthors.setdefault(person, []).extend(p for p in byline if p != person)
        bylines.append([people[p] for p in byline[1:] + [senior]])
    return bylines


def author_distribution(records: list[dict]) -> str:
    """Return one line on a corpus's authors: how many, per paper, share with two or more papers, the most."""
    counts: dict[str, int] = {}
    for record in records:
        for name in dict.fromkeys(record.get("authors", [])):
            counts[name] = counts.get(name, 0) + 1
    many = sum(c >= 2 for c in counts.values())
    slots = sum(counts.values())
    return (f"{len(counts):,} authors, {slots / max(1, len(records)):.2f} a paper, {many:,} ({many / max(1, len(counts)):.1%}) "
            f"with >= 2 papers, most {max(counts.values(), default=0)}")


def write_jsonl(path: Path, records: list[dict]) -> None:
    """Write records as JSONL, one per line."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n" for r in records), encoding="utf-8")


def make_project(dest: Path, records: list[dict]) -> Path:
    """Return a fresh project at `dest` whose data/ holds only `records` as synthetic.jsonl."""
    shutil.rmtree(dest, ignore_errors=True)
    data = dest.parent / f"{dest.name}-data"
    shutil.rmtree(data, ignore_errors=True)
    write_jsonl(data / "synthetic.jsonl", records)
    copy_project(ROOT, dest, data)
    for extra in ("overrides", "hooks"):  # theme overrides and hooks named by mkdocs.yml, if the project has them
        if (ROOT / extra).is_dir() and not (dest / extra).exists():
            shutil.copytree(ROOT / extra, dest / extra)
    shutil.rmtree(data)
    return dest


def snapshot_code(workdir: Path) -> Path:
    """Copy the generator package into the work folder, so edits made during a long run cannot change it."""
    code = workdir / "code"
    shutil.rmtree(code, ignore_errors=True)
    shutil.copytree(ROOT / "generator", code / "generator", ignore=shutil.ignore_patterns("__pycache__"))
    return code


def run_child(cmd: list[str], cwd: Path, code: Path | None = None) -> tuple[float, float, str, float]:
    """Run `cmd` to completion; return (wall seconds, peak RSS MB of this child, stderr, CPU seconds)."""
    # RUSAGE_CHILDREN's ru_maxrss is the largest of all waited-for children, so run each probe in its
    # own short-lived Python that reports the figure for the one command it ran.
    probe = (
        "import resource, subprocess, sys, time\n"
        "t = time.perf_counter()\n"
        "p = subprocess.run(sys.argv[1:], stderr=subprocess.PIPE, text=True)\n"
        "t = time.perf_counter() - t\n"
        "u = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
        "sys.stdout.write(f'{t} {u.ru_maxrss} {u.ru_utime + u.ru_stime}\\n')\n"
        "sys.stdout.write(p.stderr)\n"
        "sys.exit(p.returncode)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(code)} if code else None
    res = subprocess.run([sys.executable, "-c", probe, *cmd], cwd=cwd, capture_output=True, text=True, env=env)
    head, _, err = res.stdout.partition("\n")
    if res.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed:\n{err[-3000:]}{res.stderr[-2000:]}")
    seconds, rss_kb, cpu = head.split()
    return float(seconds), int(rss_kb) / 1024, err, float(cpu)


def stage_seconds(stderr: str) -> dict[str, float]:
    """Return seconds per stage from papersite's progress lines."""
    out: dict[str, float] = {}
    for line in stderr.splitlines():
        m = _STAGE_LINE.match(line)
        if m:
            out[m.group(1).strip()] = out.get(m.group(1).strip(), 0.0) + float(m.group(2))
    return out


def tree_bytes(folder: Path) -> int:
    """Return the total size of the files under `folder`."""
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def _write_counts(note: str) -> str:
    """Return "written / removed / unchanged" from the write stage's progress line, or "-"."""
    m = re.search(r"files\s+([\d,]+)\s+[\d.]+ s\s+\((\d[\d,]*) removed, (\d[\d,]*) unchanged\)", note or "")
    return " / ".join(m.groups()) if m else "-"


def _reused_pages(stderr: str) -> int:
    """Return how many pages the mkdocs stage says it took from the page cache."""
    m = re.search(r"^\s+mkdocs .*\((\d+) pages reused", stderr, re.M)
    return int(m.group(1)) if m else 0


def largest(paths: list[Path]) -> tuple[int, str]:
    """Return (size, name) of the largest file among `paths`."""
    return max(((p.stat().st_size, p.as_posix()) for p in paths), default=(0, "-"))


def search_sizes(site: Path) -> tuple[int, int, int]:
    """Return (raw bytes, gzipped bytes, documents) of the site's search index (all shards)."""
    files = sorted((site / "search").rglob("*.json"))  # a sharded index (above 5,000 documents) has shards/ too
    raw = sum(p.stat().st_size for p in files)
    gz = sum(len(gzip.compress(p.read_bytes(), 6)) for p in files)
    index = site / "search" / "search_index.json"
    data = json.loads(index.read_text(encoding="utf-8")) if index.is_file() else {}
    shards = data.get("config", {}).get("papersite_shards")
    return raw, gz, shards["documents"] if shards else len(data.get("docs", []))


def browser_search_seconds(site: Path, query: str) -> float:
    """Serve `site` locally, type `query` in Material's search box and return seconds until results show."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from search_speed import serve, time_search  # the same method as bench/search_speed.py

    with serve(site) as url:
        return time_search(url, query)


def authors_cost(records: list[dict], workdir: Path, code: Path, with_run: tuple[float, float] | None = None,
                 repeat: int = 1) -> dict:
    """Return the cold `papersite build` (wall, CPU) seconds of `records` with and without every record's authors.

    `with_run` is the table's cold build of the same records, when there is one: it is that very build. With
    `repeat` > 1 the two builds alternate that many times and the fastest of each counts (on a shared machine
    the other jobs only ever add time), each pair's ratios kept too.
    """
    papersite = [sys.executable, "-m", "generator"]
    out: dict = {"authors_line": author_distribution(records), "authors_pairs": []}
    variants = (("with", records), ("without", [{k: v for k, v in r.items() if k != "authors"} for r in records]))
    for _ in range(1 if with_run is not None else max(1, repeat)):
        pair = {}
        for key, rows in variants:
            if key == "with" and with_run is not None:
                pair[key] = with_run
                continue
            project = make_project(workdir / f"authors-{key}-{len(records)}", rows)
            wall, _, _, cpu = run_child([*papersite, "build", "--project", str(project)], project, code)
            pair[key] = (wall, cpu)
            shutil.rmtree(project, ignore_errors=True)
        out["authors_pairs"].append(pair)
    for key, _ in variants:
        out[f"authors_{key}_s"] = min(p[key][0] for p in out["authors_pairs"])
        out[f"authors_{key}_cpu_s"] = min(p[key][1] for p in out["authors_pairs"])
    out["authors_ratio"] = out["authors_with_s"] / out["authors_without_s"]
    out["authors_cpu_ratio"] = out["authors_with_cpu_s"] / out["authors_without_cpu_s"]
    return out


def measure(size: int, rows_source: Path, workdir: Path, browser: bool, code: Path, authors_only: bool = False,
            repeat: int = 1) -> dict:
    """Build one corpus size every way the table reports and return its figures."""
    records = make_corpus(rows_source, size + 1)
    print(f"  {size:,} abstracts: {author_distribution(records[:size])}", file=sys.stderr, flush=True)
    if authors_only:
        return {"size": size, **authors_cost(records[:size], workdir, code, repeat=repeat)}
    project = make_project(workdir / f"p{size}", records[:size])
    py_bin = Path(sys.executable).parent
    papersite = [sys.executable, "-m", "generator"]  # the snapshot in `code`, via PYTHONPATH
    mkdocs = shutil.which("mkdocs", path=str(py_bin)) or "mkdocs"

    wall, rss, err, cpu = run_child([*papersite, "build", "--project", str(project)], project, code)
    stages = stage_seconds(err)
    site = project / "site"
    bare_wall, bare_rss, _, bare_cpu = run_child([mkdocs, "build", "-q", "-f", str(project / "mkdocs.yml"),
                                        "-d", str(workdir / f"bare{size}")], project, code)  # code: hooks/ imports it
    shutil.rmtree(workdir / f"bare{size}", ignore_errors=True)

    raw, gz, docs = search_sizes(site)
    paper_pages = [p for p in (site / "papers").glob("*/index.html") if not p.parent.name.startswith("page-")]
    listing_pages = [site / "index.html", *(site / "papers").glob("index.html"), *(site / "papers").glob("page-*/index.html"),
                     *(site / "tags").rglob("index.html"), *(site / "topics").rglob("index.html")]
    page_kb, _ = largest(paper_pages)
    sizes = sorted(p.stat().st_size for p in paper_pages)
    median_page = sizes[len(sizes) // 2] if sizes else 0
    listing_kb, listing_name = largest(listing_pages)
    entries = max((len(re.findall(r"<li>", p.read_text(encoding="utf-8"))) for p in listing_pages), default=0)

    # Warm, incremental run: one more abstract, same cache, the whole `papersite build`; then the same again.
    write_jsonl(project / "data" / "synthetic.jsonl", records)
    warm_wall, warm_rss, warm_err, warm_cpu = run_child([*papersite, "build", "--project", str(project)], project, code)
    warm = stage_seconds(warm_err)
    same_wall, same_rss, same_err, _ = run_child([*papersite, "build", "--project", str(project)], project, code)

    figures = {
        "size": size,
        "stages": stages,
        "generate_s": sum(stages.get(s, 0.0) for s in GENERATE_STAGES),
        "mkdocs_s": stages.get("mkdocs", 0.0),
        "end_to_end_s": wall,
        "bare_s": bare_wall,
        "cpu_s": cpu,
        "bare_cpu_s": bare_cpu,
        "cpu_ratio": cpu / bare_cpu if bare_cpu else float("nan"),
        "ratio": wall / bare_wall if bare_wall else float("nan"),
        "rss_mb": rss,
        "bare_rss_mb": bare_rss,
        "site_mb": tree_bytes(site) / 1e6,
        "paper_page_kb": page_kb / 1e3,
        "median_page_kb": median_page / 1e3,
        "listing_kb": listing_kb / 1e3,
        "listing_page": Path(listing_name).relative_to(site).as_posix() if listing_name != "-" else "-",
        "listing_entries": entries,
        "search_raw_mb": raw / 1e6,
        "search_gz_mb": gz / 1e6,
        "search_docs": docs,
        "search_gz_kb_per_paper": gz / 1e3 / size,
        "warm_generate_s": sum(warm.get(s, 0.0) for s in GENERATE_STAGES),
        "warm_wall_s": warm_wall,
        "warm_stages": warm,
        "warm_note": next((l.strip() for l in warm_err.splitlines() if l.strip().startswith("files")), ""),
        "warm_reused": _reused_pages(warm_err),
        "warm_ratio": warm_wall / bare_wall if bare_wall else float("nan"),
        "warm_rss_mb": warm_rss,
        "same_wall_s": same_wall,
        "same_ratio": same_wall / bare_wall if bare_wall else float("nan"),
        "same_up_to_date": "is up to date" in same_err,
        "generate_ratio": sum(stages.get(s, 0.0) for s in GENERATE_STAGES) / bare_wall if bare_wall else float("nan"),
    }
    if browser:
        figures["browser_search_s"] = browser_search_seconds(site, "diffusion")
    figures.update(authors_cost(records[:size], workdir, code, with_run=(wall, cpu)))
    return figures


def print_table(results: list[dict]) -> None:
    """Print every figure as one table, a column per corpus size."""
    if all("stages" not in r for r in results):  # --authors-only
        print_rows(_authors_rows(results))
        return
    stage_names = [s for s in (*GENERATE_STAGES, "layout", "mkdocs", "files") if any(s in r["stages"] for r in results)]
    rows: list[tuple[str, list[str]]] = [("abstracts", [f"{r['size']:,}" for r in results])]
    rows += [(f"  {s} (s)", [f"{r['stages'].get(s, 0.0):.2f}" for r in results]) for s in stage_names]
    rows += [
        ("generate + infer (s)", [f"{r['generate_s']:.2f}" for r in results]),
        ("papersite build, end to end (s)", [f"{r['end_to_end_s']:.1f}" for r in results]),
        ("bare mkdocs build (s)", [f"{r['bare_s']:.1f}" for r in results]),
        ("end to end / bare", [f"{r['ratio']:.2f}" for r in results]),
        ("CPU s: papersite build / bare mkdocs", [f"{r['cpu_s']:.0f} / {r['bare_cpu_s']:.0f}" for r in results]),
        ("CPU end to end / bare", [f"{r['cpu_ratio']:.2f}" for r in results]),
        ("peak RSS papersite build (MB)", [f"{r['rss_mb']:.0f}" for r in results]),
        ("peak RSS bare mkdocs (MB)", [f"{r['bare_rss_mb']:.0f}" for r in results]),
        ("site size (MB)", [f"{r['site_mb']:.1f}" for r in results]),
        ("paper page, median / largest (KB HTML)", [f"{r['median_page_kb']:.1f} / {r['paper_page_kb']:.1f}" for r in results]),
        ("largest listing page (KB HTML)", [f"{r['listing_kb']:.1f}" for r in results]),
        ("  which", [r["listing_page"] for r in results]),
        ("most entries on a listing page", [str(r["listing_entries"]) for r in results]),
        ("search documents", [f"{r['search_docs']:,}" for r in results]),
        ("search index raw (MB)", [f"{r['search_raw_mb']:.2f}" for r in results]),
        ("search index gzipped (MB)", [f"{r['search_gz_mb']:.2f}" for r in results]),
        ("search gzipped per paper (KB)", [f"{r['search_gz_kb_per_paper']:.3f}" for r in results]),
        ("+1 abstract: generate + infer (s)", [f"{r['warm_generate_s']:.2f}" for r in results]),
        ("+1 abstract: warm / cold", [f"{r['warm_generate_s'] / r['generate_s']:.0%}" for r in results]),
        ("+1 abstract: Markdown written / removed / unchanged", [_write_counts(r["warm_note"]) for r in results]),
        ("+1 abstract: pages reused by MkDocs", [f"{r['warm_reused']:,}" for r in results]),
        ("+1 abstract: papersite build, warm (s)", [f"{r['warm_wall_s']:.1f}" for r in results]),
        ("+1 abstract warm / bare (target <= 0.20)", [f"{r['warm_ratio']:.3f}" for r in results]),
        ("no change: papersite build (s)", [f"{r['same_wall_s']:.2f}" + ("" if r["same_up_to_date"] else " (built)") for r in results]),
        ("no change / bare (target <= 0.10)", [f"{r['same_ratio']:.3f}" for r in results]),
        ("cold end to end / bare (target <= 0.85)", [f"{r['ratio']:.2f}" for r in results]),
        ("cold generate + infer / bare (target <= 0.10)", [f"{r['generate_ratio']:.3f}" for r in results]),
        ("peak RSS cold / warm build (MB, target <= 1,536)", [f"{r['rss_mb']:.0f} / {r['warm_rss_mb']:.0f}" for r in results]),
    ]
    if any("browser_search_s" in r for r in results):
        rows.append(("browser search, typed → results (s)", [f"{r.get('browser_search_s', float('nan')):.2f}" for r in results]))
    print_rows(rows + _authors_rows(results))


def _authors_rows(results: list[dict]) -> list[tuple[str, list[str]]]:
    """Return the rows of the authors' cost: cold builds with and without the authors field (the fastest of each)."""
    for r in results:
        print(f"{r['size']:,} abstracts: {r['authors_line']}")
    return [
        ("authors: cold build with / without (s)", [f"{r['authors_with_s']:.1f} / {r['authors_without_s']:.1f}" for r in results]),
        ("authors: build with / without (target <= 1.15)", [f"{r['authors_ratio']:.3f}" for r in results]),
        ("authors: CPU s with / without", [f"{r['authors_with_cpu_s']:.0f} / {r['authors_without_cpu_s']:.0f}" for r in results]),
        ("authors: CPU with / without", [f"{r['authors_cpu_ratio']:.3f}" for r in results]),
    ] + ([("authors: each pair's wall, CPU ratio", [" ".join(f"{p['with'][0] / p['without'][0]:.2f},{p['with'][1] / p['without'][1]:.2f}"
                                                           for p in r["authors_pairs"]) for r in results])]
         if any(len(r.get("authors_pairs", [])) > 1 for r in results) else [])


def print_rows(rows: list[tuple[str, list[str]]]) -> None:
    """Print rows of (name, a value per size) as aligned columns."""
    width = max(len(name) for name, _ in rows) + 2
    cols = [max(len(v) for v in col) + 2 for col in zip(*(vals for _, vals in rows))]
    for name, vals in rows:
        print(name.ljust(width) + "".join(v.rjust(w) for v, w in zip(vals, cols)))


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark for every size and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,3700,10000", help="comma-separated corpus sizes (default: %(default)s)")
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS, help="labelled JSONL to recombine")
    parser.add_argument("--out", type=Path, default=None, help="work folder (default: a temporary one)")
    parser.add_argument("--browser", action="store_true", help="also time a search in Chromium")
    parser.add_argument("--keep", action="store_true", help="keep the built projects")
    parser.add_argument("--authors-only", action="store_true",
                        help="only the authors row: two cold builds a size, with and without authors")
    parser.add_argument("--repeat", type=int, default=1,
                        help="with --authors-only: alternate the two builds this many times, the fastest of each counting")
    parser.add_argument("--json", type=Path, default=None, help="also write the figures as JSON here")
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    workdir = args.out or Path(tempfile.mkdtemp(prefix="papersite-scale-"))
    workdir.mkdir(parents=True, exist_ok=True)
    results = []
    code = snapshot_code(workdir)
    try:
        for size in sizes:
            print(f"building {size:,} abstracts in {workdir} ...", file=sys.stderr, flush=True)
            results.append(measure(size, args.corpus, workdir, args.browser, code, args.authors_only,
                                   args.repeat))
    finally:
        if not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print_table(results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
