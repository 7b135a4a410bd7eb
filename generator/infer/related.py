"""Related papers: for every paper, the k most related others and the terms that explain why.

Input: papers (with `tags` already set, possibly empty) and their `Features`. Output: `paper.related`.
The first pass's best candidates (features.py) are re-scored with pseudo-relevance feedback in the LSA
space plus the overlap of the papers' tags. What was measured and what was tried and dropped:
docs/inference.md.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from functools import lru_cache
from typing import Callable

import numpy as np
import scipy.sparse as sp

from generator.infer import specificity
from generator.infer.features import Features, singular, top_k
from generator.infer.specificity import Likeness
from generator.infer.tags.generic import generic_pair, participle, tool_tag, unfit_phrase
from generator.infer.tags.pick import concept_words
from generator.infer.tags.words import BAD_HEAD, BAD_START, FILLER_KEYS, STOP
from generator.model import Paper, Related, Tag
from generator.text import abbreviates, as_written, fold_key, vague_word

#: Neighbours whose mean expands each paper's embedding (pseudo-relevance feedback).
FEEDBACK_NEIGHBOURS = 20
#: Weight of the expanded LSA similarity; the rest is the TF-IDF cosine.
FEEDBACK_LSA_WEIGHT = 0.5
#: Weight of the tags' IDF-weighted Jaccard overlap added to the text similarity.
TAG_WEIGHT = 0.3
#: Most terms shown as the reason two papers are related.
MAX_TERMS = 4
#: Shared terms considered per pair before picking the readable ones.
TERM_CANDIDATES = 4 * MAX_TERMS
#: Shared phrases explain a link better than shared words, so they rank this much higher.
PHRASE_BONUS = 1.5
#: A link weaker than the best link of all but this share of the papers is not shown (see weak_link).
WEAK_SHARE = 0.10
#: ... in a corpus of at least this many papers.
WEAK_MIN_PAPERS = 30
#: A link with no specific term in common must be stronger: than the best link of all but this share of the papers.
UNEXPLAINED_SHARE = 0.30
#: A reason names what sets two papers apart from the rest: a term more than this share of the papers use, and more
#: than REASON_MIN_PAPERS, names a field of the collection ("federated learning" on 24 of 1,108 ICLR papers), however
#: central to both (a smaller collection's broad terms are specificity.py's).
REASON_SHARE = 0.01
REASON_MIN_PAPERS = 10
#: Rows per block for the feedback re-scoring.
_BLOCK = 2048
def assign_related(
    papers: list[Paper], features: Features, k: int = 5, tags: dict[str, Tag] | None = None
) -> None:
    """Set each paper's `related` to its k most related other papers with the terms they share."""
    for paper, found in zip(papers, related_lists(papers, features, k, tags)):
        paper.related = found


def related_lists(
    papers: list[Paper], features: Features, k: int = 5, tags: dict[str, Tag] | None = None
) -> list[list[Related]]:
    """Return, per paper, its (at most) k most related other papers with the terms they share and are both about
    (Centrality; papers are not changed): links weaker than weak_link() are left out, and links that share no specific
    term (only broad ones such as "neural networks", or none) unless they are as strong as UNEXPLAINED_SHARE says;
    every paper keeps its best."""
    n = len(papers)
    if n < 2 or k <= 0:
        return [[] for _ in papers]
    _check_aligned(papers, features)
    broad = broad_tags(papers, features, tags or {})
    rows, scores = ranked_neighbours(papers, features, k)
    names = {slug: tag.name for slug, tag in (tags or {}).items()}
    pairs_i = np.repeat(np.arange(n), rows.shape[1])
    picked = _picked(papers, features, pairs_i, rows.ravel(), names, broad)
    floor, unexplained = weak_link(scores), weak_link(scores, UNEXPLAINED_SHARE)
    width = rows.shape[1]
    # A link is judged by every specific term the two papers share; its page shows those both papers are about.
    central = Centrality(papers, tags or {}, _papers_using(features, tags or {}), max(REASON_MIN_PAPERS, int(REASON_SHARE * n)))

    def shown(i: int, j: int, terms: tuple[str, ...], named: frozenset[str]) -> tuple[str, ...]:
        """Return the reason paper i's page shows for its link to paper j: the terms kept, as the abstracts write them."""
        return _as_written(papers, i, j, (central.kept(i, j, terms), named))

    return [
        [
            Related(id=papers[j].id, score=float(s), terms=shown(i, j, *picked[i * width + r]))
            for r, (j, s) in enumerate(zip(rows[i].tolist(), scores[i].tolist()))
            if r == 0 or s >= (floor if picked[i * width + r][0] else unexplained)  # every paper keeps its best match
        ]
        for i in range(n)
    ]


class Centrality:
    """Which terms a paper is about, not mentions in passing: its title, TL;DR or first tag names them, or its text twice."""

    def __init__(self, papers: list[Paper], tags: dict[str, Tag], using: dict[str, int], most: int) -> None:
        self.papers = papers
        self.using, self.most = using, most  # how many papers use each term (normal form); the most a reason's may
        self.forms = {tag.name: (tag.name, *tag.aliases) for tag in tags.values()}  # the ways a text may write a tag
        self.first = [tags[p.tags[0]].name if p.tags and p.tags[0] in tags else None for p in papers]
        self._known: dict[tuple[int, str], bool] = {}

    def kept(self, row: int, other: int, terms: tuple[str, ...]) -> tuple[str, ...]:
        """Return the terms both papers are about ("text generation" said once by a paper on self-correction is not)
        and that name no field of the collection (used by more than `most` papers)."""
        return tuple(t for t in terms if self.using.get(_normal_form(t.lower()), 0) <= self.most
                     and self.central(row, t) and self.central(other, t))

    def central(self, row: int, term: str) -> bool:
        """Tell whether paper `row`'s first tag is `term`, its title or TL;DR names it (or an alias, or a subject word of
        it), or its text does twice."""
        key = (row, term)
        if key not in self._known:
            paper = self.papers[row]
            forms = self.forms.get(term, (term,))
            # The title and the authors' one-line summary (a TL;DR) say what the paper is about; its text, what it mentions.
            said = f"{paper.title}\n{paper.tldr or ''}"
            self._known[key] = (term == self.first[row] or bool(_subject_words(term) & _subject_words(said))
                                or _written(said, forms, 1) or _written(paper.text or paper.abstract, forms, 2))
        return self._known[key]


def _papers_using(features: Features, tags: dict[str, Tag]) -> dict[str, int]:
    """Return how many papers use each text term and each tag's name (lower case, normal form)."""
    used = dict(zip(features.terms, np.diff(features.tfidf.tocsc().indptr).tolist()))
    for tag in tags.values():
        used[_normal_form(tag.name.lower())] = len(tag.papers)
    return used


def _written(text: str, forms: tuple[str, ...], times: int) -> bool:
    """Tell whether `text` writes a term (in any of its forms) at least `times` times apart."""
    lowered = _lowered(text)
    # Every mention holds each of its words' stems: counting the rarest first is quick, and most terms fall short there.
    if len(lowered) == len(text) and sum(min(lowered.count(stem) for stem in _stems(f)) for f in forms) < times:
        return False
    return _apart([span for f in forms for span in _mentions(f, text, times)]) >= times


def broad_tags(papers: list[Paper], features: Features, tags: dict[str, Tag]) -> set[str]:
    """Return the slugs of the tags that explain no link: on too many papers, on papers no more alike than
    specificity.MIN_LIKENESS ("neural networks", "ground truth"), or a tool they use ("GPU", generic.tool_tag)."""
    row = {p.id: i for i, p in enumerate(papers)}
    members = {slug: np.array([row[p] for p in tag.papers if p in row], dtype=np.int64) for slug, tag in tags.items()}
    likeness = _likeness(features)
    slugs = sorted(members)
    counts = np.array([len(members[s]) for s in slugs], dtype=np.int64)
    alike = np.array([likeness.of_rows(members[s]) for s in slugs], dtype=np.float64)
    return {s for s, b in zip(slugs, specificity.broad(counts, alike, len(papers)).tolist()) if b or tool_tag(tags[s])}


def _likeness(features: Features) -> Likeness:
    """Return the likeness measure of the features' corpus (their neighbourhood is computed once and shared)."""
    return Likeness(features.embedding, features.neighbourhood().dense)


def weak_link(scores: np.ndarray, share: float = WEAK_SHARE) -> float:
    """Return the score below which a link is not shown: one weaker than all but `share` of the papers' best.

    Lists were always filled to k, and their last places are where unrelated papers sat (dev corpus: 39 % of
    the links share the paper's area, 43 % of those above this floor): docs/inference.md.
    """
    if len(scores) < WEAK_MIN_PAPERS:
        return 0.0  # a handful of papers says too little of what a weak link is
    # Rounded down to 0.01: one paper more moves the quantile a little, and should not move links across it.
    return math.floor(float(np.quantile(scores[:, 0], share)) * 100) / 100


def ranked_neighbours(papers: list[Paper], features: Features, k: int) -> tuple[np.ndarray, np.ndarray]:
    """Return for each paper the rows (n x k) and scores (3 decimals) of its k most related others, best first."""
    n = len(papers)
    hood = features.neighbourhood()
    cand = hood.rows
    text = (1 - FEEDBACK_LSA_WEIGHT) * hood.sparse + FEEDBACK_LSA_WEIGHT * _feedback_scores(features, cand)
    tag_matrix = _tag_matrix(papers)
    if tag_matrix is not None:
        text = (text + TAG_WEIGHT * _jaccard(tag_matrix, cand)) / (1.0 + TAG_WEIGHT)
    scores = np.clip(np.round(text.astype(np.float64), 3), 0.0, 1.0)
    # Scores are shown with 3 decimals; papers equal to that precision are ordered by id.
    id_rank = np.empty(n, dtype=np.int64)
    id_rank[sorted(range(n), key=lambda i: papers[i].id)] = np.arange(n)
    best = top_k(scores, k, decimals=3, tiebreak=id_rank[cand])
    return np.take_along_axis(cand, best, axis=1), np.take_along_axis(scores, best, axis=1)


def _check_aligned(papers: list[Paper], features: Features) -> None:
    """Fail loudly if the features were built for other papers (a programming error, not a user one)."""
    if [p.id for p in papers] != features.ids:
        raise ValueError("features were built for a different list of papers")


def _feedback_scores(features: Features, cand: np.ndarray) -> np.ndarray:
    """Return the LSA similarity of each paper's embedding, expanded with its neighbours' mean, to its candidates."""
    z = features.embedding
    m = min(FEEDBACK_NEIGHBOURS, cand.shape[1])
    expanded = z if m == 0 else z + z[cand[:, :m]].mean(axis=1)
    out = np.empty(cand.shape, dtype=np.float32)
    for start in range(0, len(z), _BLOCK):
        stop = start + _BLOCK
        out[start:stop] = np.einsum("nd,ncd->nc", expanded[start:stop], z[cand[start:stop]])
    # The expanded vector sums two unit vectors; halving brings the score back to the cosine range.
    return out / (2.0 if m else 1.0)


def _tag_matrix(papers: list[Paper]) -> sp.csr_matrix | None:
    """Return the paper x tag matrix, each tag's entries the square root of its IDF (so a pair's product is the IDF),
    or None when no paper has tags."""
    slugs = sorted({t for p in papers for t in p.tags})
    if not slugs:
        return None
    col = {s: i for i, s in enumerate(slugs)}
    r = [i for i, p in enumerate(papers) for t in dict.fromkeys(p.tags)]
    c = [col[t] for p in papers for t in dict.fromkeys(p.tags)]
    incidence = sp.csr_matrix((np.ones(len(r), dtype=np.float32), (r, c)), shape=(len(papers), len(slugs)))
    # A tag few papers share says more of a pair than one many share ("in-context learning" on 24 papers): each
    # counts by its IDF, so a link is not chained on one broad tag.
    df = np.asarray(incidence.sum(axis=0)).ravel()
    # Rounded, so that one paper more does not reorder the lists of papers it is not related to.
    idf = np.round(2 * np.log((len(papers) + 1) / df)) / 2
    return sp.csr_matrix(incidence @ sp.diags(np.sqrt(idf).astype(np.float32)))


def _pair_products(matrix: sp.csr_matrix, rows_a: np.ndarray, rows_b: np.ndarray) -> sp.csr_matrix:
    """Return the element-wise products of row rows_a[p] and row rows_b[p], one output row per pair p."""
    return sp.csr_matrix(matrix[rows_a].multiply(matrix[rows_b]))


def _jaccard(tag_matrix: sp.csr_matrix, cand: np.ndarray) -> np.ndarray:
    """Return the IDF-weighted Jaccard overlap of tags between each paper and each of its candidates."""
    n, c = cand.shape
    own = np.repeat(np.arange(n), c)
    inter = np.asarray(_pair_products(tag_matrix, own, cand.ravel()).sum(axis=1), dtype=np.float32).reshape(n, c)
    sizes = np.asarray(tag_matrix.multiply(tag_matrix).sum(axis=1), dtype=np.float32).ravel()
    union = sizes[:, None] + sizes[cand] - inter
    return np.divide(inter, union, out=np.zeros_like(inter), where=union > 0)


def explain(
    papers: list[Paper], features: Features, rows_a: np.ndarray, rows_b: np.ndarray, tag_names: dict[str, str],
    broad: set[str] = frozenset(),
) -> list[tuple[str, ...]]:
    """Return, per pair of papers, up to MAX_TERMS specific terms they share: common tags first, then TF-IDF terms;
    never the `broad` tags (slugs) nor a text term that is broad (specificity.py): no reason rather than filler."""
    picked = _picked(papers, features, rows_a, rows_b, tag_names, broad)
    return [_as_written(papers, a, b, terms) for a, b, terms in zip(rows_a.tolist(), rows_b.tolist(), picked)]


def _picked(
    papers: list[Paper], features: Features, rows_a: np.ndarray, rows_b: np.ndarray, tag_names: dict[str, str],
    broad: set[str],
) -> list[tuple[tuple[str, ...], frozenset[str]]]:
    """Return, per pair, explain()'s terms before they are written as the abstracts write them (text terms in normal
    form), with the tag names among them."""
    common = _common_terms(features, rows_a, rows_b)
    out = []
    for a, b, terms in zip(rows_a.tolist(), rows_b.tolist(), common):
        every = _shared_tags(papers[a], papers[b], tag_names)
        shared = _shared_tags(papers[a], papers[b], tag_names, broad) if broad and every else every
        left_out = [_normal_form(t) for t in every if t not in shared]
        # Nor does a text term that says a broad tag ("diffusion model").
        if left_out:
            terms = [t for t in terms if not any(_says(t, o) or _says(o, t) for o in left_out)]
        out.append((_pick_terms(shared, terms), frozenset(shared)))
    return out


def _as_written(papers: list[Paper], a: int, b: int, picked: tuple[tuple[str, ...], frozenset[str]]) -> tuple[str, ...]:
    """Return a pair's picked terms as shown: the tags as named, the text's terms as it writes them."""
    terms, named = picked
    if not terms:
        return ()
    texts = [papers[a].text or papers[a].abstract, papers[b].text or papers[b].abstract]
    return tuple(t if t in named else written_form(t, texts) for t in terms)


def written_form(term: str, texts: list[str]) -> str:
    """Return a term as the first text that has it writes it ("NeRF models" for "nerf model"), else the term.

    Terms are lowercase singular forms; a reader should see "GPU hours", not "gpu hour". A capital that
    only starts a sentence is dropped ("Positional encoding" -> "positional encoding").
    """
    forms = _word_forms(term)
    found = None
    for text in texts:
        lowered = text.lower()
        if forms is None or len(lowered) != len(text):  # a word or a letter that only a pattern matches right
            match = _term_pattern(term).search(text)
            found = match.group(0) if match else None
        else:
            span = _find_words(forms, text, lowered)
            found = text[span[0]:span[1]] if span else None
        if found:
            break
    if not found:
        return term
    # A proper name keeps its capital where the text writes it so inside its sentences ("Lipschitz constant").
    return as_written(" ".join(w.lower() if w[1:] == w[1:].lower() else w for w in found.split()), text)


@lru_cache(maxsize=65536)
def _word_forms(term: str) -> tuple[tuple[str, ...], ...] | None:
    """Return, per word of a term, the forms _word_pattern matches (longest first), or None for a word of other
    characters than letters, digits, "_" and "-"."""
    words = term.split()
    if not all(c.isalnum() or c in "_-" for w in words for c in w):
        return None
    return tuple((w[:-1] + "ies", w) if len(w) > 2 and w.endswith("y") else (w + "es", w + "s", w) for w in words)


@lru_cache(maxsize=1 << 16)
def _subject_words(phrase: str) -> frozenset[str]:
    """Return the words of a phrase that name a subject (not everyday English), lower case and singular, hyphens kept."""
    return frozenset(singular(w) for w in re.findall(r"[\w-]{4,}", phrase.lower()) if not vague_word(w))


def _mentions(term: str, text: str, most: int) -> list[tuple[int, int]]:
    """Return where `text` writes `term` (any case, plural or singular): the first `most` spans."""
    norm = _normal_form(term.lower())
    forms = _word_forms(norm)
    lowered = _lowered(text)
    if forms is None or len(lowered) != len(text):
        return [m.span() for _, m in zip(range(most), _term_pattern(norm).finditer(text))]
    found: list[tuple[int, int]] = []
    while len(found) < most:
        span = _find_words(forms, text, lowered, found[-1][1] if found else 0)
        if span is None:
            break
        found.append(span)
    return found


@lru_cache(maxsize=1 << 15)  # a paper's text is asked of for every term its links share
def _lowered(text: str) -> str:
    """Return `text` lower case."""
    return text.lower()


@lru_cache(maxsize=1 << 16)
def _stems(term: str) -> tuple[str, ...]:
    """Return what every mention _mentions finds of `term` holds, a stem a word, lower case (("",) where it can tell
    nothing)."""
    forms = _word_forms(_normal_form(term.lower()))
    return tuple(_stem(word) for word in forms) if forms else ("",)


def _stem(word: tuple[str, ...]) -> str:
    """Return what every form of a word (_word_forms: plural first, the word itself last) starts with."""
    return min(word, key=len)[:-1] or word[-1]


def _apart(spans: list[tuple[int, int]]) -> int:
    """Return how many of the spans stand apart: one inside or across another ("GNN" in "GNN model") counts once."""
    count, end = 0, -1
    for start, stop in sorted(spans):
        if start >= end:
            count += 1
        end = max(end, stop)
    return count


def _find_words(forms: tuple[tuple[str, ...], ...], text: str, lowered: str, at: int = 0) -> tuple[int, int] | None:
    """Return where the first run of `text` from `at` whose words are `forms` (per word, one of its forms) apart by white
    space starts and ends, as _term_pattern finds it, without compiling a pattern (`lowered` is text.lower(), as long)."""
    first = _stem(forms[0])
    start = lowered.find(first, at)
    while start >= 0:
        if start == 0 or not _word_char(lowered[start - 1]):
            end = _match_from(forms, lowered, start)
            if end is not None:
                return start, end
        start = lowered.find(first, start + 1)
    return None


def _match_from(forms: tuple[tuple[str, ...], ...], lowered: str, at: int) -> int | None:
    """Return where the words `forms` end when they start at `at` of `lowered`, else None."""
    n = len(lowered)
    for i, options in enumerate(forms):
        # A word ends where no letter, digit, "_" or "-" follows; of a word's forms at most one ends there.
        end = next((at + len(f) for f in options if lowered.startswith(f, at)
                    and (at + len(f) == n or not _word_char(lowered[at + len(f)]))), None)
        if end is None:
            return None
        if i == len(forms) - 1:
            return end
        at = end
        while at < n and lowered[at].isspace():
            at += 1
        if at == end:
            return None
    return None


def _word_char(c: str) -> bool:
    """Tell whether a character can be part of a word as _term_pattern's edges see it: \\w or "-"."""
    return c.isalnum() or c == "_" or c == "-"


@lru_cache(maxsize=65536)
def _term_pattern(term: str) -> re.Pattern:
    """Return a pattern matching a term's words as written: any case, plural or other endings, any spacing."""
    return re.compile(r"(?<![\w-])" + r"\s+".join(map(_word_pattern, term.split())) + r"(?![\w-])", re.IGNORECASE)


def _word_pattern(word: str) -> str:
    """Return a pattern for a word in the singular form features.singular makes, and its plurals."""
    if len(word) > 2 and word.endswith("y"):
        return re.escape(word[:-1]) + "(?:y|ies)"  # "capability", "capabilities"
    return re.escape(word) + "(?:s|es)?"  # "network(s)", "approach(es)", "matrice(s)"


def _shared_tags(a: Paper, b: Paper, tag_names: dict[str, str], leave_out: set[str] = frozenset()) -> list[str]:
    """Return the names of the tags of a that b has too (but those to `leave_out`), in a's order."""
    b_tags = set(b.tags) - leave_out
    return [tag_names.get(s, s.replace("-", " ")) for s in a.tags if s in b_tags][:MAX_TERMS]


def _pick_terms(tag_terms: list[str], candidates: list[str]) -> tuple[str, ...]:
    """Return the tags followed by candidate terms that add something, at most MAX_TERMS in all."""
    # Tags are compared in the terms' own normal form, so "generative model" repeats "Generative Models"; a shared
    # tag another one already says ("SGD" after "stochastic gradient descent") is left out too.
    chosen: list[str] = []
    kept: list[str] = []
    for tag in tag_terms:
        norm = _normal_form(tag)
        if not any(_overlaps(norm, c) for c in chosen):
            chosen.append(norm)
            kept.append(tag)
    tag_terms = kept
    extra: list[str] = []
    for term in candidates:
        if len(chosen) >= MAX_TERMS:
            break
        # Skip a term a chosen one already says ("graph" beside "graph neural network", "llm" beside
        # "large language model", "RL algorithms" beside "reinforcement learning"), or one that goes on where a
        # chosen one ends ("series forecasting" after "time series"): two pieces of one phrase ...
        if any(_overlaps(term, c) for c in chosen):
            continue
        # ... and let a phrase replace the words it contains.
        if " " in term:
            padded = f" {term} "
            if any(f" {c} " in padded for c in chosen[len(tag_terms):]):
                extra = [e for e in extra if f" {e} " not in padded]
                chosen = chosen[: len(tag_terms)] + extra
        extra.append(term)
        chosen.append(term)
    return tuple(tag_terms + extra)


@lru_cache(maxsize=1 << 14)
def _normal_form(term: str) -> str:
    """Return a term with every word in the singular form features.singular makes ("generative models" -> "generative model")."""
    return " ".join(singular(w) for w in term.split())


@lru_cache(maxsize=1 << 16)  # one pair of terms is compared for many pairs of papers
def _overlaps(term: str, other: str) -> bool:
    """Tell whether two terms (normal form) would say one thing twice as reasons: one says the other, or they chain."""
    return _says(term, other) or _says(other, term) or _chains(term, other) or _chains(other, term)


@lru_cache(maxsize=1 << 16)  # one pair of terms is compared for many pairs of papers
def _says(term: str, other: str) -> bool:
    """Tell whether a term says nothing that another (both in normal form) does not: it is part of it, or
    abbreviates it, generic heads ("model", "algorithm") aside."""
    core = " ".join(concept_words(term))
    other_core = " ".join(concept_words(other))
    return (f" {term} " in f" {other} " or f" {core} " in f" {other_core} " or abbreviates(core, other)
            or abbreviates(core, other_core) or _abbreviates_inside(core, other_core)
            or _abbreviates_inside(term, other))  # "aligned llm", "aligned large language model": a size word spelled


def _chains(first: str, then: str) -> bool:
    """Tell whether a term goes on where another ends, as pieces of one phrase: "time series", "series forecasting"."""
    a, b = first.split(), then.split()
    return any(a[-n:] == b[:n] for n in range(1, min(len(a), len(b)))) if len(a) > 1 and len(b) > 1 else False


def _abbreviates_inside(short: str, long: str) -> bool:
    """Tell whether a term is another with a run of its words written as initials, the words around it the same
    ("cooperative marl" and "cooperative multi-agent reinforcement learning", "ood generalization")."""
    a, b = short.replace("-", " ").split(), long.replace("-", " ").split()
    while a and b and a[0] == b[0]:
        a, b = a[1:], b[1:]
    while a and b and a[-1] == b[-1]:
        a, b = a[:-1], b[:-1]
    return len(a) == 1 and abbreviates(a[0], " ".join(b))


def _term_weights(features: Features) -> np.ndarray:
    """Return each term's weight as a reason: shared phrases that read as names (features._readable), not made of
    everyday words alone, nor of words common in the corpus alone, and not broad in it (specificity.py); a shared tag
    says the rest.

    One word two abstracts share is mostly filler to a reader ("leverage", "validate", "neural"), however rare.
    """
    heads = Counter(t.split(" ", 1)[0] for t in features.terms if t.count(" ") == 1)
    weights = np.array([PHRASE_BONUS if " " in t and ok and not all(map(vague_word, t.split()))
                        and _names_a_concept(t, heads.__getitem__) else 0.0
                        for t, ok in zip(features.terms, features.readable.tolist())], dtype=np.float32)
    cols = np.flatnonzero(weights)
    if len(cols):
        n = len(features.ids)
        used = sp.csc_matrix(features.tfidf[:, cols] > 0, dtype=np.float32)
        counts = np.diff(used.indptr)
        weights[cols[specificity.broad(counts, _likeness(features).of_columns(used), n)]] = 0.0
        words = {t: int(c) for t, c in zip(features.terms, np.diff(features.tfidf.tocsc().indptr).tolist()) if " " not in t}
        weights[[c for c in cols.tolist() if specificity.common_words_only(features.terms[c], words, n)]] = 0.0
    return weights


def _names_a_concept(term: str, combines: Callable[[str], int]) -> bool:
    """Tell whether a shared phrase could be a tag by the tags' word rules: no verb or function word in it ("dataset
    consisting"), no generic modifier first ("pivotal role"), no generic head or modifier last ("delve deeper"), no
    part of a setup or pair of generic nouns (tags/generic.py: "in-distribution data", "trainable parameters"), no
    phrase of research prose ("vice versa", "paradigm shift"), no participle last ("VLMs trained", "models fine-tuned");
    `combines(word)` is how many terms of two words the word opens."""
    words = term.split()
    key = fold_key(term)
    return (words[0] not in BAD_START and words[-1] not in BAD_HEAD and not any(w in STOP for w in words)
            and not participle(words[-1]) and key not in FILLER_KEYS
            and not generic_pair(key) and not unfit_phrase(term, combines))


def _common_terms(features: Features, rows_a: np.ndarray, rows_b: np.ndarray) -> list[list[str]]:
    """Return, per pair, the TF-IDF terms both papers have, strongest joint weight first (ties by term)."""
    if not features.terms or not len(rows_a):
        return [[] for _ in range(len(rows_a))]
    joint = sp.csr_matrix(_pair_products(features.tfidf, rows_a, rows_b) @ sp.diags(_term_weights(features)))
    joint.eliminate_zeros()
    joint.sort_indices()
    pair = np.repeat(np.arange(joint.shape[0]), np.diff(joint.indptr))
    # One sort key: the pair, then the joint weight descending (scaled below 1); the stable sort keeps
    # equal weights in column order, and columns are sorted by term. Weights are rounded to 3 places so
    # that the small IDF shifts of adding a paper elsewhere do not reorder a pair's reasons.
    weight = np.round(joint.data.astype(np.float64), 3) / (PHRASE_BONUS + 1)
    order = np.argsort(pair + (1.0 - weight), kind="stable")
    rank = np.arange(len(order)) - joint.indptr[pair[order]]
    kept = order[rank < TERM_CANDIDATES]
    terms = features.terms
    flat = [terms[c] for c in joint.indices[kept].tolist()]
    ends = np.cumsum(np.bincount(pair[kept], minlength=joint.shape[0])).tolist()
    return [flat[a:b] for a, b in zip([0] + ends[:-1], ends)]
