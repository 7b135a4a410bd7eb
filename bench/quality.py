"""Measure the inference stages against a labelled corpus and print one table.

    python bench/quality.py [--corpus PATH] [--limit N] [--no-tldr]

The corpus is JSONL with the real `title`, `keywords` and `primary_area` of each paper; they are removed
from the input (the `tldr` stays, as real user data, unless --no-tldr; the table shows the share of
papers that have one), the stages run in pipeline order (titles, tags, features, topics, related, cross-links),
and what they inferred is scored with generator.evaluate. A stage whose module is missing is skipped
with a note. `run(rows)` returns the same figures as a dict for tests.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator import evaluate  # noqa: E402
from generator.model import Paper, Vocabulary  # noqa: E402

DEFAULT_CORPUS = ROOT / ".." / "shared" / "corpora" / "iclr2024-dev.jsonl"
#: Fields the inference must not see.
HIDDEN = ("title", "keywords", "primary_area")


def _optional(module: str, name: str):
    """Return generator.<module>.<name>, or None if that module (or name) does not exist yet."""
    try:
        return getattr(importlib.import_module(f"generator.{module}"), name)
    except (ImportError, AttributeError):
        return None


def make_papers(rows: list[dict], hidden: tuple[str, ...] = HIDDEN) -> list[Paper]:
    """Build papers from corpus rows without their hidden fields (title, keywords and area by default)."""
    normalise = _optional("clean.normalise", "normalise_abstract")
    plain = _optional("clean.normalise", "plain_text")
    inline = _optional("clean.normalise", "normalise_inline") or (lambda s: s)
    papers = []
    for i, row in enumerate(rows):
        visible = {k: v for k, v in row.items() if k not in hidden}
        raw = visible.get("abstract") or ""
        abstract = normalise(raw) if normalise else raw
        papers.append(
            Paper(
                # A few corpus records have no id; the position keeps them distinct.
                id=str(visible.get("id") or f"row{i}"),
                abstract=abstract,
                text=plain(abstract) if plain else raw,
                source=f"corpus:{i + 1}",
                collection=str(visible.get("venue") or "corpus"),
                authors=list(visible.get("authors") or []),
                # A TL;DR is real user data when the input has one, so inference may use it.
                tldr=inline(visible["tldr"]) if visible.get("tldr") else None,
            )
        )
    return papers


def introduced_methods(papers: list[Paper], method_name) -> dict[str, str]:
    """Map each method name exactly one paper introduces to that paper's id, as the pipeline does."""
    owners: dict[str, list[str]] = {}
    for paper in papers:
        if name := method_name(paper.abstract):
            owners.setdefault(name, []).append(paper.id)
    return {name: ids[0] for name, ids in sorted(owners.items()) if len(ids) == 1}


def run(rows: list[dict], use_tldr: bool = True) -> dict:
    """Run the inference stages on corpus rows and return every metric, timings and notes."""
    papers = make_papers(rows, HIDDEN if use_tldr else HIDDEN + ("tldr",))
    real_titles = [r.get("title") or "" for r in rows]
    keywords = [list(r.get("keywords") or []) for r in rows]
    areas = [str(r.get("primary_area") or "") for r in rows]
    raw_abstracts = [r.get("abstract") or "" for r in rows]
    out: dict = {"papers": len(papers), "seconds": {}, "notes": []}
    out["tldr_share"] = sum(bool(p.tldr) for p in papers) / len(papers)
    timings = out["seconds"]

    def timed(stage: str, fn, *args):
        start = time.perf_counter()
        result = fn(*args)
        timings[stage] = time.perf_counter() - start
        return result

    infer_title = _optional("infer.titles", "infer_title")
    if infer_title:
        def titles() -> None:
            for p in papers:
                p.title, p.title_inferred = infer_title(p.abstract), True
        timed("titles", titles)
        pred = [p.title for p in papers]
        out["title_rouge_l"] = sum(map(evaluate.rouge_l_f1, pred, real_titles)) / len(papers)
        out["title_name_recall"] = evaluate.name_recall(pred, real_titles, raw_abstracts)
    else:
        out["notes"].append("titles skipped: generator.infer.titles.infer_title not found")
    # The naive baseline: the abstract's first twelve words.
    baseline = [" ".join(p.text.split()[:12]) for p in papers]
    out["baseline_rouge_l"] = sum(map(evaluate.rouge_l_f1, baseline, real_titles)) / len(papers)
    out["baseline_name_recall"] = evaluate.name_recall(baseline, real_titles, raw_abstracts)

    tags: dict = {}
    assign_tags = _optional("infer.tags", "assign_tags")
    if assign_tags:
        tags = timed("tags", assign_tags, papers, Vocabulary())
        names = {slug: tag.name for slug, tag in tags.items()}
        shown = [[names.get(s, s) for s in p.tags] for p in papers]
        out["tags"] = evaluate.tag_scores(shown, keywords, k=5)
    else:
        out["notes"].append("tags skipped: generator.infer.tags.assign_tags not found")

    from generator.infer.features import build_features
    from generator.infer.related import assign_related
    from generator.infer.topics import assign_topics

    features = timed("features", build_features, papers)
    topics = timed("topics", assign_topics, papers, features, tags, Vocabulary())
    out["topics"] = {"count": len(topics), "nmi": evaluate.topic_nmi([p.topic or "" for p in papers], areas)}
    timed("related", assign_related, papers, features, 5, tags)
    index = {p.id: i for i, p in enumerate(papers)}
    out["related"] = evaluate.related_scores([[index[r.id] for r in p.related] for p in papers], areas, keywords, k=5)

    add_crosslinks, method_name = _optional("infer.crosslink", "add_crosslinks"), _optional("infer.titles", "method_name")
    if add_crosslinks and method_name:
        timed("crosslinks", lambda: add_crosslinks(papers, tags, introduced_methods(papers, method_name)))
    else:
        out["notes"].append("cross-links skipped: generator.infer.crosslink.add_crosslinks or titles.method_name not found")
    timings["total"] = sum(timings.values())
    return out


def _fmt(value) -> str:
    """Return a metric formatted for the table."""
    if value is None:
        return "n/a"
    return f"{value:.3f}" if isinstance(value, float) else str(value)


def table(result: dict) -> str:
    """Return the benchmark result as one aligned text table."""
    lines: list[tuple[str, str]] = [
        ("papers", str(result["papers"])),
        ("papers with a TL;DR used", _fmt(result["tldr_share"])),
    ]
    if "tags" in result:
        t = result["tags"]
        lines += [
            ("tags strict P@5", _fmt(t["precision_at_k"])),
            ("tags strict recall", _fmt(t["recall"])),
            ("tags strict F1", _fmt(t["f1"])),
            ("tags exact F1", _fmt(t["exact_f1"])),
            ("tags shared by >= 2 papers", _fmt(t["shared"])),
            ("tags distinct", _fmt(t["distinct"])),
            ("tags per paper", _fmt(t["per_paper"])),
        ]
    r = result["related"]
    lines += [
        ("related area@5 (random)", f"{_fmt(r['area_at_k'])} ({_fmt(r['random_area'])})"),
        ("related kw@5 (random)", f"{_fmt(r['kw_at_k'])} ({_fmt(r['random_kw'])})"),
        ("topics count", str(result["topics"]["count"])),
        ("topics NMI vs primary area", _fmt(result["topics"]["nmi"])),
    ]
    if "title_rouge_l" in result:
        lines += [
            ("titles ROUGE-L (first-12-words)", f"{_fmt(result['title_rouge_l'])} ({_fmt(result['baseline_rouge_l'])})"),
            ("titles name recall (first-12-words)",
             f"{_fmt(result['title_name_recall'])} ({_fmt(result['baseline_name_recall'])})"),
        ]
    for stage, seconds in result["seconds"].items():
        lines.append((f"seconds {stage}", f"{seconds:.2f}"))
    width = max(len(name) for name, _ in lines)
    body = [f"{name:<{width}}  {value}" for name, value in lines]
    body += [f"note: {note}" for note in result["notes"]]
    return "\n".join(body)


def main(argv: list[str] | None = None) -> int:
    """Read the corpus, run the benchmark and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--limit", type=int, default=None, help="use only the first N records")
    parser.add_argument("--no-tldr", action="store_true", help="hide the tldr field from inference too")
    args = parser.parse_args(argv)
    try:
        with open(args.corpus, encoding="utf-8") as f:
            rows = [json.loads(line) for line in f if line.strip()]
    except (OSError, json.JSONDecodeError) as e:
        print(f"error: cannot read corpus {args.corpus}: {e}", file=sys.stderr)
        return 2
    if args.limit is not None:
        rows = rows[: args.limit]
    if not rows:
        print(f"error: corpus {args.corpus} has no records", file=sys.stderr)
        return 2
    print(table(run(rows, use_tldr=not args.no_tldr)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
