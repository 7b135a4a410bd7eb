"""Quality metrics for inferred tags, related papers, topics and titles, measured against a labelled corpus.

Every function takes plain lists (one entry per paper, in the same order) so the benchmark and the tests
can feed them without building a site. Definitions:

- tags: a predicted tag *matches* an author keyword under the strict rule of `tag_matches`;
  precision@k counts matched tags among the first k and divides by k; recall counts gold keywords
  matched by some of the first k tags; both are averaged over papers that have gold keywords.
- related: area@k / kw@k are the shares of the k related papers with the same primary area / sharing
  an author keyword, averaged over papers; a seeded random pick gives the baseline.
- topics: normalised mutual information between assigned topics and primary areas.
- titles: ROUGE-L F1 on lowercase word tokens, and recall of the short system name a title starts with.

What a reader is shown is judged without labels in generator.evaluate_shown.
"""

from __future__ import annotations

import random
import re
from typing import Sequence

from sklearn.metrics import normalized_mutual_info_score

from generator.infer.titles import plain_text
from generator.text import naive_singular

_PUNCT = re.compile(r"[^\w\s]|_")
_WORD = re.compile(r"[a-z0-9]+")
# A title such as "CADS: Unleashing ..." or "Tree of Thoughts: ..." starts with a short system name.
_NAME_PREFIX = re.compile(r"^\s*([^:]{1,60}?)\s*:")


def norm_phrase(s: str) -> str:
    """Normalise a tag or keyword: lowercase, punctuation to spaces, naive singular, single spaces."""
    words = _PUNCT.sub(" ", s.lower()).split()
    # Dropping a plural "s" lets "graph neural networks" equal "graph neural network" (as tags fold them).
    return " ".join(naive_singular(w) for w in words)


def _contains_words(outer: str, inner: str) -> bool:
    """Return whether normalised phrase `inner` occurs in `outer` as whole words."""
    return f" {inner} " in f" {outer} "


def tag_matches(tag: str, keyword: str) -> bool:
    """Return whether a tag matches an author keyword under the strict rule."""
    t, kw = norm_phrase(tag), norm_phrase(keyword)
    if not t or not kw:
        return False
    if t == kw or _contains_words(t, kw):
        return True
    # A one-word tag inside a long keyword ("learning" in "reinforcement learning") says too little.
    return len(t.split()) >= 2 and _contains_words(kw, t)


def _exact_match(tag: str, keyword: str) -> bool:
    """Return whether a tag equals a keyword once both are normalised."""
    t = norm_phrase(tag)
    return bool(t) and t == norm_phrase(keyword)


def _prf(pred: Sequence[Sequence[str]], gold: Sequence[Sequence[str]], k: int, match) -> tuple[float, float, int]:
    """Return mean precision@k and recall over papers with gold keywords, and how many there were."""
    precisions: list[float] = []
    recalls: list[float] = []
    for tags, keywords in zip(pred, gold):
        keywords = [kw for kw in keywords if norm_phrase(kw)]
        if not keywords:
            continue
        top = list(tags)[:k]
        precisions.append(sum(any(match(t, kw) for kw in keywords) for t in top) / k)
        recalls.append(sum(any(match(t, kw) for t in top) for kw in keywords) / len(keywords))
    n = len(precisions)
    if n == 0:
        return 0.0, 0.0, 0
    return sum(precisions) / n, sum(recalls) / n, n


def _all_shown_matches(pred: Sequence[Sequence[str]], gold: Sequence[Sequence[str]]) -> tuple[int, int]:
    """Return how many tags papers with gold keywords show in all, and how many of them match a keyword."""
    shown = matched = 0
    for tags, keywords in zip(pred, gold):
        keywords = [kw for kw in keywords if norm_phrase(kw)]
        if keywords:
            shown += len(tags)
            matched += sum(any(tag_matches(t, kw) for kw in keywords) for t in tags)
    return shown, matched


def _f1(p: float, r: float) -> float:
    """Return the harmonic mean of precision and recall (0 when both are 0)."""
    return 2 * p * r / (p + r) if p + r else 0.0


def tag_scores(pred: list[list[str]], gold: list[list[str]], k: int = 5) -> dict:
    """Score predicted tags against author keywords (strict and exact matching, sharing, volume)."""
    if len(pred) != len(gold):
        raise ValueError(f"tag_scores: {len(pred)} predictions for {len(gold)} papers")
    p, r, n = _prf(pred, gold, k, tag_matches)
    shown, matched = _all_shown_matches(pred, gold)
    ep, er, _ = _prf(pred, gold, k, _exact_match)
    # Count each tag once per paper: a tag page is worth having only if it gathers two papers.
    papers_per_tag: dict[str, int] = {}
    for tags in pred:
        for t in dict.fromkeys(tags):
            papers_per_tag[t] = papers_per_tag.get(t, 0) + 1
    distinct = len(papers_per_tag)
    shared = sum(1 for c in papers_per_tag.values() if c >= 2) / distinct if distinct else 0.0
    return {
        "precision_at_k": p,
        "recall": r,
        "f1": _f1(p, r),
        "exact_precision_at_k": ep,
        "exact_recall": er,
        "exact_f1": _f1(ep, er),
        # Over every tag shown, not the first k: of all tags on papers with keywords, the share that match one.
        "precision_all": matched / shown if shown else 0.0,
        # The issue asks for 2-6 tags a paper.
        "two_to_six": sum(2 <= len(t) <= 6 for t in pred) / len(pred) if pred else 0.0,
        "shared": shared,
        "distinct": distinct,
        "per_paper": sum(len(t) for t in pred) / len(pred) if pred else 0.0,
        "papers_scored": n,
        "k": k,
    }


def _neighbour_shares(
    related: Sequence[Sequence[int]], areas: Sequence[str], kwsets: Sequence[frozenset[str]], k: int
) -> tuple[float, float]:
    """Return mean share of the first k neighbours with the same area / a shared keyword."""
    area_shares: list[float] = []
    kw_shares: list[float] = []
    for i, neighbours in enumerate(related):
        top = list(neighbours)[:k]
        area_shares.append(sum(areas[j] == areas[i] for j in top) / k)
        if kwsets[i]:
            kw_shares.append(sum(bool(kwsets[i] & kwsets[j]) for j in top) / k)
    mean = lambda xs: sum(xs) / len(xs) if xs else 0.0  # noqa: E731
    return mean(area_shares), mean(kw_shares)


def related_scores(
    related: list[list[int]], areas: list[str], keywords: list[list[str]], k: int = 5, seed: int = 0
) -> dict:
    """Score related-paper lists (indices into the corpus) by shared area and keywords, beside a random baseline."""
    n = len(areas)
    if not (len(related) == n == len(keywords)):
        raise ValueError("related_scores: related, areas and keywords must have one entry per paper")
    kwsets = [frozenset(filter(None, (norm_phrase(kw) for kw in kws))) for kws in keywords]
    area_at_k, kw_at_k = _neighbour_shares(related, areas, kwsets, k)
    rng = random.Random(seed)
    baseline = [rng.sample([j for j in range(n) if j != i], min(k, n - 1)) for i in range(n)]
    random_area, random_kw = _neighbour_shares(baseline, areas, kwsets, k)
    shown = [(i, j) for i, neighbours in enumerate(related) for j in list(neighbours)[:k]]
    return {
        # Over the links shown, however many: a list need not be filled to k.
        "area_shown": sum(areas[j] == areas[i] for i, j in shown) / len(shown) if shown else 0.0,
        "shown_per_paper": len(shown) / n if n else 0.0,
        "area_at_k": area_at_k,
        "kw_at_k": kw_at_k,
        "random_area": random_area,
        "random_kw": random_kw,
        "k": k,
    }


def topic_nmi(assigned: list[str], areas: list[str]) -> float:
    """Return the normalised mutual information between assigned topics and reference areas."""
    if len(assigned) != len(areas):
        raise ValueError(f"topic_nmi: {len(assigned)} topics for {len(areas)} papers")
    if not assigned:
        return 0.0
    return float(normalized_mutual_info_score(areas, assigned))


def _tokens(s: str) -> list[str]:
    """Return the lowercase word tokens of a string."""
    return _WORD.findall(s.lower())


def _lcs(a: list[str], b: list[str]) -> int:
    """Return the length of the longest common subsequence of two token lists."""
    prev = [0] * (len(b) + 1)
    for x in a:
        cur = [0]
        for j, y in enumerate(b):
            cur.append(prev[j] + 1 if x == y else max(prev[j + 1], cur[j]))
        prev = cur
    return prev[-1]


def rouge_l_f1(pred: str, ref: str) -> float:
    """Return ROUGE-L F1 between a predicted and a reference title."""
    p, r = _tokens(pred), _tokens(ref)
    if not p or not r:
        return 0.0
    lcs = _lcs(p, r)
    return _f1(lcs / len(p), lcs / len(r))


def title_name(title: str) -> str | None:
    """Return the short system name a title starts with ("CADS" in "CADS: Unleashing ..."), if any."""
    m = _NAME_PREFIX.match(title)
    if not m:
        return None
    name = m.group(1).strip()
    return name if name and len(name.split()) <= 3 else None


def name_recall(pred_titles: list[str], real_titles: list[str], abstracts: list[str]) -> float | None:
    """Return the share of predicted titles keeping the short name the real title starts with, or None if none has one."""
    hits = total = 0
    for pred, real, abstract in zip(pred_titles, real_titles, abstracts):
        name = title_name(real)
        # Only names the abstract mentions can be recovered from it.
        if name is None:
            continue
        # Whole-word, case-insensitive: "Tree" must not be found in "street".
        pattern = re.compile(rf"(?<!\w){re.escape(name)}(?!\w)", re.IGNORECASE)
        if not pattern.search(abstract):
            continue
        total += 1
        # Inferred titles are plain text by contract: a name set in math ("$\\texttt{NAISR}$") counts in its plain form.
        plain = re.compile(rf"(?<!\w){re.escape(plain_text(name))}(?!\w)", re.IGNORECASE) if "$" in name or "\\" in name else pattern
        hits += bool(plain.search(pred))
    return hits / total if total else None
