"""Measure the inference stages against a labelled corpus and print one table.

    python bench/quality.py [--corpus PATH] [--limit N] [--no-tldr] [--show N [--seed S]]

The corpus is JSONL with the real `title`, `keywords` and `primary_area` of each paper; they are removed
from the input (the `tldr` stays, as real user data, unless --no-tldr; the table shows the share of
papers that have one), the stages run in pipeline order (titles, tags, features, topics, related, cross-links),
and what they inferred is scored with generator.evaluate: against the labels (tags, related, topics, titles)
and, over everything a reader is shown, without them (everyday and number-led tags, one concept twice, fragment
titles, everyday reason terms and topic names; issue #14's targets in the last column, the same rules on the
authors' keywords and titles in brackets). --show N prints N random papers as shown, and every topic name,
for reading. A stage whose module is missing is skipped with a note. `run(rows)` returns the figures as a dict.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator import evaluate, evaluate_shown  # noqa: E402
from generator.model import Paper, Tag, Topic, Vocabulary  # noqa: E402

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


@dataclass
class Inferred:
    """What the pipeline inferred from one corpus, beside the labels it was not shown."""

    papers: list[Paper]
    tags: dict[str, Tag]
    topics: list[Topic]
    real_titles: list[str]
    keywords: list[list[str]]
    areas: list[str]
    seconds: dict[str, float] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def shown_tags(self) -> list[list[str]]:
        """Return each paper's displayed tag names, as its page lists them."""
        return [[self.tags[s].name if s in self.tags else s for s in p.tags] for p in self.papers]


def infer(rows: list[dict], use_tldr: bool = True) -> Inferred:
    """Run the inference stages in pipeline order on corpus rows with their labels hidden, timing each."""
    papers = make_papers(rows, HIDDEN if use_tldr else HIDDEN + ("tldr",))
    done = Inferred(
        papers, {}, [],
        real_titles=[r.get("title") or "" for r in rows],
        keywords=[list(r.get("keywords") or []) for r in rows],
        areas=[str(r.get("primary_area") or "") for r in rows],
    )

    def timed(stage: str, fn, *args):
        start = time.perf_counter()
        result = fn(*args)
        done.seconds[stage] = time.perf_counter() - start
        return result

    infer_title = _optional("infer.titles", "infer_title")
    title_and_name, to_rename = _optional("infer.titles", "title_and_name"), _optional("infer.titles", "to_rename")
    method_name = _optional("infer.titles", "method_name")
    names_of = method_name
    if title_and_name and to_rename and method_name:
        def titles() -> None:
            # As the build does (build._titles): names many abstracts use are terms, and those papers named again.
            nonlocal names_of
            found = [(*title_and_name(p.abstract, frozenset(), p.tldr), method_name(p.abstract)) for p in papers]
            passed = to_rename([(named, method) for _, named, method in found], [p.abstract for p in papers])
            methods = {}
            for i, (p, (title, _, method)) in enumerate(zip(papers, found)):
                if i in passed:
                    title, method = title_and_name(p.abstract, passed[i], p.tldr)[0], method_name(p.abstract, passed[i])
                p.title, p.title_inferred = title, True
                methods[p.abstract] = method
            names_of = methods.get
        timed("titles", titles)
    elif infer_title:
        def titles() -> None:
            for p in papers:
                p.title, p.title_inferred = infer_title(p.abstract), True
        timed("titles", titles)
    else:
        done.notes.append("titles skipped: generator.infer.titles.infer_title not found")
    from generator.infer.features import build_features
    from generator.infer.related import assign_related
    from generator.infer.topics import assign_topics

    features = timed("features", build_features, papers)
    assign_tags = _optional("infer.tags", "assign_tags")
    if assign_tags:
        # The text embedding judges umbrella tags (infer/tags/umbrella.py), as the build passes it.
        done.tags = timed("tags", lambda: assign_tags(papers, Vocabulary(), embedding=lambda: features.embedding))
    else:
        done.notes.append("tags skipped: generator.infer.tags.assign_tags not found")
    done.topics = timed("topics", assign_topics, papers, features, done.tags, Vocabulary())
    timed("related", assign_related, papers, features, 5, done.tags)
    add_crosslinks = _optional("infer.crosslink", "add_crosslinks")
    if add_crosslinks and names_of:
        timed("crosslinks", lambda: add_crosslinks(papers, done.tags, introduced_methods(papers, names_of)))
    else:
        done.notes.append("cross-links skipped: generator.infer.crosslink.add_crosslinks or titles.method_name not found")
    done.seconds["total"] = sum(done.seconds.values())
    return done


def score(done: Inferred, raw_abstracts: list[str]) -> dict:
    """Return every metric of what was inferred: the labelled scores and the shares of what a reader is shown."""
    papers = done.papers
    out: dict = {"papers": len(papers), "seconds": done.seconds, "notes": done.notes}
    out["tldr_share"] = sum(bool(p.tldr) for p in papers) / len(papers)
    if "titles" in done.seconds:
        pred = [p.title for p in papers]
        rouge = list(map(evaluate.rouge_l_f1, pred, done.real_titles))
        out["title_rouge_l"] = sum(rouge) / len(papers)
        # The even and odd rows apart: a gain smaller than their spread is noise.
        out["title_rouge_l_halves"] = tuple(sum(half) / len(half) if half else 0.0 for half in (rouge[0::2], rouge[1::2]))
        out["title_name_recall"] = evaluate.name_recall(pred, done.real_titles, raw_abstracts)
    # The naive baseline: the abstract's first twelve words.
    baseline = [" ".join(p.text.split()[:12]) for p in papers]
    out["baseline_rouge_l"] = sum(map(evaluate.rouge_l_f1, baseline, done.real_titles)) / len(papers)
    out["baseline_name_recall"] = evaluate.name_recall(baseline, done.real_titles, raw_abstracts)
    if "tags" in done.seconds:
        out["tags"] = evaluate.tag_scores(done.shown_tags(), done.keywords, k=5)
    reasons = [list(r.terms) for p in papers for r in p.related]
    titles = [p.title for p in papers] if "titles" in done.seconds else []
    out["shown"] = evaluate_shown.shown_scores(done.shown_tags(), reasons, titles)
    # The same rules on what authors wrote: how often a rule fires on text a reader accepts.
    out["authors"] = evaluate_shown.shown_scores(done.keywords, [], done.real_titles)
    # Filler reasons: terms that more than evaluate_shown.BROAD_USE of the abstracts use, beside the keywords' share.
    texts = [p.text or p.abstract for p in papers]
    out["reason_terms_broad"] = evaluate_shown.broad_share([t for r in reasons for t in r], texts)
    out["keywords_broad"] = evaluate_shown.broad_share([k for kws in done.keywords for k in kws], texts)
    out["reasons_empty"] = sum(not r for r in reasons) / len(reasons) if reasons else 0.0
    # A reason a researcher takes is what the page's paper is about: the share of reason terms its author keywords name.
    judged = [(t, kws) for p, kws in zip(papers, done.keywords) if kws for r in p.related for t in r.terms]
    out["reason_terms_keywords"] = sum(any(evaluate.tag_matches(t, k) for k in kws) for t, kws in judged) / len(judged) if judged else 0.0
    out["topics"] = {
        "count": len(done.topics),
        "nmi": evaluate.topic_nmi([p.topic or "" for p in papers], done.areas),
        # A paper in no topic shows none: the NMI above counts those papers as one more topic, this one leaves them out.
        "nmi_placed": evaluate.topic_nmi([p.topic for p in papers if p.topic], [a for p, a in zip(papers, done.areas) if p.topic]),
        "none": sum(not p.topic for p in papers) / len(papers) if papers else 0.0,
        **evaluate_shown.topic_name_scores([t.name for t in done.topics]),
    }
    # A topic whose name neither the paper's tags nor its abstract say: the group is right by its words, the name not.
    named_by = {t.slug: t.named_by or [t.name] for t in done.topics}
    out["topics"]["unsaid"] = evaluate_shown.topic_unsaid(
        [(named_by.get(p.topic or "", []), shown_tags, text) for p, shown_tags, text in zip(papers, done.shown_tags(), texts)])
    index = {p.id: i for i, p in enumerate(papers)}
    out["related"] = evaluate.related_scores(
        [[index[r.id] for r in p.related] for p in papers], done.areas, done.keywords, k=5
    )
    return out


def run(rows: list[dict], use_tldr: bool = True) -> dict:
    """Run the inference stages on corpus rows and return every metric, timings and notes."""
    return score(infer(rows, use_tldr), [r.get("abstract") or "" for r in rows])


def _fmt(value) -> str:
    """Return a metric formatted for the table."""
    if value is None:
        return "n/a"
    return f"{value:.3f}" if isinstance(value, float) else str(value)


def table(result: dict) -> str:
    """Return the benchmark result as one aligned text table: metric, value, the issue's target (#14)."""
    f = _fmt
    rows: list[tuple[str, str, str]] = [
        ("papers", str(result["papers"]), ""),
        ("papers with a TL;DR used", f(result["tldr_share"]), ""),
    ]
    shown, authors = result["shown"], result["authors"]
    if "tags" in result:
        t = result["tags"]
        rows += [
            ("tags strict P@5", f(t["precision_at_k"]), ""),
            ("tags strict recall", f(t["recall"]), ""),
            ("tags strict F1@5", f(t["f1"]), ">= 0.30"),
            ("tags exact F1", f(t["exact_f1"]), ""),
            ("tags strict precision, all shown", f(t["precision_all"]), ">= 0.30"),
            ("tags shared by >= 2 papers", f(t["shared"]), ">= 0.95"),
            ("tags distinct", f(t["distinct"]), ""),
            ("tags per paper", f(t["per_paper"]), "2-6"),
            ("papers with 2-6 tags", f(t["two_to_six"]), ""),
            # In brackets: the same rule on the authors' keywords, what it fires on in text a reader accepts.
            ("tags one everyday word (keywords)", f"{f(shown['tags_everyday'])} ({f(authors['tags_everyday'])})", "<= 0.02"),
            ("tags number/quantifier-led (keywords)",
             f"{f(shown['tags_number_led'])} ({f(authors['tags_number_led'])})", "0"),
            ("papers with one concept twice in tags (keywords)",
             f"{f(shown['papers_one_concept_twice'])} ({f(authors['papers_one_concept_twice'])})", "<= 0.005"),
            ("papers with a tag inside another (keywords)",
             f"{f(shown['papers_nested_tags'])} ({f(authors['papers_nested_tags'])})", ""),
        ]
    r = result["related"]
    rows += [
        ("related area@5 (random)", f"{f(r['area_at_k'])} ({f(r['random_area'])})", ""),
        ("related same area, all shown / shown a paper", f"{f(r['area_shown'])} / {r['shown_per_paper']:.2f}", ""),
        ("related kw@5 (random)", f"{f(r['kw_at_k'])} ({f(r['random_kw'])})", ""),
        ("reason terms one everyday word", f(shown["reason_terms_everyday"]), "<= 0.05"),
        ("reasons with one concept twice", f(shown["reasons_one_concept_twice"]), "0"),
        (f"reason terms used by > {evaluate_shown.BROAD_USE:.0%} (and 2) of abstracts (keywords)",
         f"{f(result['reason_terms_broad'])} ({f(result['keywords_broad'])})", ""),
        ("related links shown without a reason", f(result["reasons_empty"]), ""),
        ("reason terms the paper's author keywords name", f(result["reason_terms_keywords"]), ""),
        ("topics count", str(result["topics"]["count"]), ""),
        ("topics NMI vs primary area", f(result["topics"]["nmi"]), ">= 0.37"),
        ("topics NMI vs primary area, papers with a topic", f(result["topics"]["nmi_placed"]), ""),
        ("papers in no topic", f(result["topics"]["none"]), ""),
        ("topic names with an everyday word", f(result["topics"]["everyday"]), "0"),
        ("topic names with another's words", f(result["topics"]["same_words"]), "0"),
        ("topic names sharing a phrase with another", f(result["topics"]["shares_phrase"]), ""),
        ("papers whose topic's name their tags and abstract never say (or in none)", f(result["topics"]["unsaid"]), ""),
    ]
    if "title_rouge_l" in result:
        rows += [
            ("titles ROUGE-L (first-12-words)", f"{f(result['title_rouge_l'])} ({f(result['baseline_rouge_l'])})", ">= 0.33"),
            ("titles ROUGE-L, even / odd rows", " / ".join(map(f, result["title_rouge_l_halves"])), ""),
            ("titles name recall (first-12-words)",
             f"{f(result['title_name_recall'])} ({f(result['baseline_name_recall'])})", ">= 0.93"),
            ("titles a fragment (real titles)", f"{f(shown['titles_fragment'])} ({f(authors['titles_fragment'])})", "0"),
        ]
    for stage, seconds in result["seconds"].items():
        rows.append((f"seconds {stage}", f"{seconds:.2f}", "<= 10" if stage == "total" else ""))
    width = max(len(name) for name, _, _ in rows)
    value_width = max(len(value) for _, value, _ in rows)
    body = [f"{'':<{width}}  {'today':<{value_width}}  target"]
    body += [f"{name:<{width}}  {value:<{value_width}}  {target}".rstrip() for name, value, target in rows]
    body += [f"note: {note}" for note in result["notes"]]
    return "\n".join(body)


def _marks(tag: str, repeats: set[str]) -> str:
    """Return a tag with the flags a reader's review would give it: everyday, number-led, one concept twice."""
    flags = [name for name, hit in (("everyday", evaluate_shown.everyday_word(tag)), ("number-led", evaluate_shown.number_led(tag)),
                                    ("same concept", tag in repeats)) if hit]
    return f"{tag} [{', '.join(flags)}]" if flags else tag


def show(done: Inferred, n: int, seed: int = 0) -> str:
    """Return n random papers' shown tags, inferred and real title and reasons, then every topic name, for reading."""
    by_id = {p.id: p for p in done.papers}
    topic_names = {t.slug: t.name for t in done.topics}
    shown = done.shown_tags()
    lines: list[str] = []
    for i in sorted(random.Random(seed).sample(range(len(done.papers)), min(n, len(done.papers)))):
        paper = done.papers[i]
        repeats = {t for pair in evaluate_shown.concept_repeats(shown[i]) for t in pair}
        fragment = evaluate_shown.title_fragment(paper.title)
        lines += [
            f"## {paper.id}",
            f"title:    {paper.title}" + (f"   [fragment: {fragment}]" if fragment else ""),
            f"real:     {done.real_titles[i]}",
            f"tags:     {' | '.join(_marks(t, repeats) for t in shown[i]) or '(none)'}",
            f"keywords: {' | '.join(done.keywords[i])}",
            f"topic:    {topic_names.get(paper.topic or '', paper.topic)}",
        ]
        for rel in paper.related:
            terms = ", ".join(f"{t} [everyday]" if evaluate_shown.everyday_word(t) else t for t in rel.terms)
            repeat = "   [one concept twice]" if evaluate_shown.concept_repeats(rel.terms) else ""
            lines.append(f"  related: {by_id[rel.id].title}  -- shares {terms}{repeat}")
        lines.append("")
    lines.append(f"## all {len(done.topics)} topics")
    for topic in done.topics:
        everyday = [p for p in topic.name.split(", ") if evaluate_shown.topic_name_scores([p])["everyday"]]
        flag = f"   [everyday: {', '.join(everyday)}]" if everyday else ""
        lines.append(f"{len(topic.papers):4d}  {topic.name}{flag}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Read the corpus, run the benchmark and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--limit", type=int, default=None, help="use only the first N records")
    parser.add_argument("--no-tldr", action="store_true", help="hide the tldr field from inference too")
    parser.add_argument("--show", type=int, default=0, metavar="N",
                        help="also print N random papers as shown (tags, titles, reasons) and every topic name")
    parser.add_argument("--seed", type=int, default=0, help="seed of the --show sample")
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
    done = infer(rows, use_tldr=not args.no_tldr)
    print(table(score(done, [r.get("abstract") or "" for r in rows])))
    if args.show:
        print()
        print(show(done, args.show, args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
