"""Time the inference stages on a large corpus made by recombining the dev abstracts.

    python bench/infer_scale.py [--corpus PATH] [--papers N] [--stages features,topics,related] [--repeat R]

Each synthetic paper joins the first half of one real abstract's sentences to the second half of
another's (fixed seed), so vocabulary, sentence shapes and term frequencies stay realistic while the
corpus grows to any size. About the same share of papers as in the corpus keep a TL;DR, and authors
are mixed from the two sources. Prints wall and CPU seconds per stage (best of R runs) and the peak resident memory.
Stages: titles, tags, features, topics, related, crosslinks (those whose module is missing are skipped).
"""

from __future__ import annotations

import argparse
import json
import random
import re
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from quality import DEFAULT_CORPUS, HIDDEN, _optional, introduced_methods, make_papers  # noqa: E402

from generator.model import Paper, Vocabulary  # noqa: E402

ALL_STAGES = ("titles", "tags", "features", "topics", "related", "crosslinks")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")


def recombine(rows: list[dict], n: int, seed: int = 0) -> list[dict]:
    """Return n synthetic rows, each the first half of one abstract and the second half of another."""
    rng = random.Random(seed)
    split = [_SENTENCE_END.split(r.get("abstract") or "") for r in rows]
    out = []
    for i in range(n):
        a, b = rng.randrange(len(rows)), rng.randrange(len(rows))
        sa, sb = split[a], split[b]
        abstract = " ".join(sa[: max(1, len(sa) // 2)] + sb[len(sb) // 2:])
        out.append({
            "id": f"syn{i:06d}",
            "abstract": abstract,
            "authors": list(rows[a].get("authors") or [])[:3] + list(rows[b].get("authors") or [])[3:],
            "tldr": rows[a].get("tldr"),
            "venue": rows[a].get("venue"),
        })
    return out


def run_stages(papers: list[Paper], stages: tuple[str, ...]) -> dict[str, tuple[float, float]]:
    """Run the chosen inference stages in pipeline order and return (wall, CPU) seconds per stage."""
    seconds: dict[str, tuple[float, float]] = {}
    tags: dict = {}
    feats = None

    def timed(stage: str, fn):
        start, cpu = time.perf_counter(), time.process_time()
        result = fn()
        seconds[stage] = (time.perf_counter() - start, time.process_time() - cpu)
        return result

    if "titles" in stages and (infer_title := _optional("infer.titles", "infer_title")):
        def titles() -> None:
            for p in papers:
                p.title, p.title_inferred = infer_title(p.abstract), True
        timed("titles", titles)
    if "tags" in stages and (assign_tags := _optional("infer.tags", "assign_tags")):
        tags = timed("tags", lambda: assign_tags(papers, Vocabulary()))
    from generator.infer.features import build_features
    from generator.infer.related import assign_related
    from generator.infer.topics import assign_topics

    if {"features", "topics", "related"} & set(stages):
        feats = timed("features", lambda: build_features(papers))
    if "topics" in stages:
        timed("topics", lambda: assign_topics(papers, feats, tags, Vocabulary()))
    if "related" in stages:
        timed("related", lambda: assign_related(papers, feats, 5, tags))
    add_crosslinks, method_name = _optional("infer.crosslink", "add_crosslinks"), _optional("infer.titles", "method_name")
    if "crosslinks" in stages and add_crosslinks and method_name:
        timed("crosslinks", lambda: add_crosslinks(papers, tags, introduced_methods(papers, method_name)))
    return seconds


def main(argv: list[str] | None = None) -> int:
    """Build the synthetic corpus, time the stages and print one line per stage."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--papers", type=int, default=10_000)
    parser.add_argument("--stages", default="features,topics,related", help=f"comma-separated, from {ALL_STAGES}")
    parser.add_argument("--repeat", type=int, default=1, help="runs per stage; the best time is shown")
    args = parser.parse_args(argv)
    stages = tuple(s for s in ALL_STAGES if s in args.stages.split(","))
    with open(args.corpus, encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    synthetic = recombine(rows, args.papers)
    best: dict[str, tuple[float, float]] = {}
    for _ in range(max(1, args.repeat)):
        papers = make_papers(synthetic, HIDDEN)
        for stage, (wall, cpu) in run_stages(papers, stages).items():
            if stage not in best or wall < best[stage][0]:
                best[stage] = (wall, cpu)
    # Other jobs on the machine stretch wall time; CPU time (all threads) is the steadier figure.
    print(f"papers {len(synthetic)}")
    print(f"{'stage':<19} {'wall s':>6} {'cpu s':>6}")
    for stage, (wall, cpu) in best.items():
        print(f"seconds {stage:<11} {wall:6.2f} {cpu:6.2f}")
    print(f"seconds {'total':<11} {sum(w for w, _ in best.values()):6.2f} {sum(c for _, c in best.values()):6.2f}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak RSS MB  {peak:6.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
