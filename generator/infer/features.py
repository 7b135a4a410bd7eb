"""The shared representation of the corpus: sparse TF-IDF terms, a dense LSA embedding, and each paper's neighbourhood.

Input: the papers (their plain `text`, the TL;DR when the input has one, plus the real title and author
keywords when the input had them). Output: `Features`, used by related papers, topics and the map. Terms are
words and stop-word-free bigrams, the opening sentence counted twice; the embedding is LSA of the IDF-squared
matrix; the first-pass similarity is half TF-IDF, half LSA cosine, found in row blocks so no dense n x n
matrix is made. Why each choice, with the scores measured: docs/inference.md.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np
import scipy.sparse as sp
from threadpoolctl import threadpool_limits

from generator.model import Paper

#: Most dimensions of the LSA embedding; more made related papers worse on the dev corpus.
MAX_DIMENSIONS = 50
#: Extra IDF exponent applied before LSA (on top of the TF-IDF's own IDF).
LSA_IDF_BOOST = 1.0
#: Weight of the LSA cosine in the first-pass similarity (the rest is the TF-IDF cosine).
LSA_WEIGHT = 0.5
#: Strongest terms per paper kept for the sparse part of the similarity.
INDEX_TERMS = 40
#: Candidates per paper kept from the first pass for later stages to re-rank.
NEIGHBOURHOOD = 50
#: Rows per block when computing similarities, bounding memory to BLOCK x n floats.
BLOCK = 512
#: A two-word term names something only if it ends a noun phrase at least this often in the corpus
#: ("markov decision" goes on into "process", "unlabeled target" into "domain").
PHRASE_END_SHARE = 0.5
#: ... and neither word is a verb: one directly followed by a determiner ("reduce the", "learn a") or
#: directly after "to" ("to generalize") this often.
VERB_SHARE = 0.15
# Determiners that open a verb's object ("that" is left out: "evidence that", "the fact that").
_OBJECT_OPENERS = frozenset("the a an this these those its their our such each every".split())

# Words, and the punctuation that ends a phrase; anything else ("$", "%", digits) is skipped.
_SCAN = re.compile(r"[^\W\d_][^\W_]*(?:[-'][^\W_]+)*|[.,;:!?()\[\]{}\"]")
# Words whose final "s" is not a plural: "loss", "bias", "analysis", "focus", "physics".
_KEEP_S = ("ss", "ias", "is", "us", "ics", "ous", "'s")
_SAME_PLURAL = frozenset({"series", "species", "means", "gas", "this", "always", "perhaps", "whereas"})
# Scientific filler that says nothing about the subject, on top of the English stop words.
_FILLER = frozenset(
    """paper propose proposed proposes approach method methods result results show shows shown demonstrate
    demonstrates novel existing work present presents introduce introduces based using use used new furthermore
    additionally specifically however moreover recent recently significantly significant achieve achieves
    effective effectively various extensive experiment experiments outperform outperforms state art et al""".split()
)


@lru_cache(maxsize=1)
def stop_words() -> frozenset[str]:
    """Return scikit-learn's English stop words and the filler above (imported when first needed: see normalize)."""
    from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

    return frozenset(ENGLISH_STOP_WORDS) | _FILLER


# A sentence ends at ".", "!" or "?" followed by space and a capital ("e.g. a" does not end one).
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")


@dataclass
class Neighbourhood:
    """Each paper's best candidates under the first-pass similarity, best first, with both cosines."""

    rows: np.ndarray  # n x c candidate rows
    sparse: np.ndarray  # n x c TF-IDF cosine (strongest terms only)
    dense: np.ndarray  # n x c LSA cosine

    @property
    def scores(self) -> np.ndarray:
        """Return the first-pass similarity of each candidate."""
        return (1 - LSA_WEIGHT) * self.sparse + LSA_WEIGHT * self.dense


@dataclass
class Features:
    """TF-IDF and LSA representation of papers, row i describing `ids[i]`."""

    ids: list[str]
    tfidf: sp.csr_matrix  # n x V, L2-normalised rows
    terms: list[str]  # column i of tfidf
    embedding: np.ndarray  # n x d, L2-normalised rows (all zeros for an empty text)
    readable: np.ndarray = field(default=None, repr=False)  # per term: a phrase a reader can take as a name
    index: sp.csr_matrix = field(default=None, repr=False)  # tfidf cut to each row's strongest terms, renormalised
    _neighbourhood: Neighbourhood | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if self.index is None:
            self.index = strongest_terms(self.tfidf, INDEX_TERMS)
        if self.readable is None:
            self.readable = np.ones(len(self.terms), dtype=bool)

    def neighbourhood(self) -> Neighbourhood:
        """Return every paper's best candidates, computed once and shared by topics and related papers."""
        if self._neighbourhood is None:
            # Small products per block: one BLAS thread is faster than two that wait on each other.
            with threadpool_limits(limits=1, user_api="blas"):
                self._neighbourhood = _neighbourhood(self, NEIGHBOURHOOD)
        return self._neighbourhood

    def share_neighbourhood(self, hood: Neighbourhood) -> None:
        """Take the neighbourhood another process computed from these features (see neighbourhood())."""
        if len(hood.rows) != len(self.ids):
            raise ValueError(f"a neighbourhood of {len(hood.rows)} papers for features of {len(self.ids)}")
        self._neighbourhood = hood

    def nearest(self, m: int) -> np.ndarray:
        """Return each paper's m most similar other papers (rows), best first."""
        hood = self.neighbourhood()
        if m <= hood.rows.shape[1]:
            return hood.rows[:, :m]
        return np.vstack([top_k(similarity(self, r), m, exclude=np.arange(r.start, r.stop)) for r in blocks(len(self.ids))])


@lru_cache(maxsize=131072)
def singular(word: str) -> str:
    """Return a lowercase word in naive singular form ("networks" -> "network", "loss" kept)."""
    w = word.lower()
    if w in _SAME_PLURAL:
        return w
    if len(w) > 4 and w.endswith("ies"):
        return w[:-3] + "y"  # "capabilities" -> "capability"
    if len(w) > 5 and w.endswith(("sses", "ches", "shes", "xes", "iases")):
        return w[:-2]  # "processes" -> "process", "approaches" -> "approach"
    if len(w) > 3 and w.endswith("s") and not w.endswith(_KEEP_S):
        return w[:-1]
    return w


def _content_word(token: str) -> str:
    """Return the normalised content word of a token, or "" for a stop word or punctuation."""
    if not token[0].isalpha():
        return ""
    w = singular(token)
    return "" if w in stop_words() or len(w) < 2 else w


def phrase_runs(text: str) -> list[list[str]]:
    """Split text into runs of normalised content words between stop words and punctuation."""
    runs: list[list[str]] = [[]]
    for token in _SCAN.findall(text):
        w = _content_word(token)
        if w:
            runs[-1].append(w)
        elif runs[-1]:
            runs.append([])
    return [r for r in runs if r]


def analyse(text: str) -> list[str]:
    """Return the terms of a text: its content words and the bigrams inside phrase runs."""
    terms: list[str] = []
    for run in phrase_runs(text):
        terms.extend(run)
        terms.extend(f"{a} {b}" for a, b in zip(run, run[1:]))
    return terms


def first_sentence(text: str) -> str:
    """Return the first sentence of a text, or "" when the text is a single sentence."""
    parts = _SENTENCE_END.split(text.strip(), maxsplit=1)
    return parts[0] if len(parts) == 2 else ""


def paper_text(paper: Paper) -> str:
    """Return the text a paper is represented by: real title, author keywords, TL;DR and plain abstract."""
    parts = []
    # An inferred title is made from the abstract and adds nothing; a real one is the best summary there is.
    if paper.title and not paper.title_inferred:
        parts.append(paper.title)
    parts.extend(paper.keywords)
    if paper.tldr:
        parts.append(paper.tldr)
    abstract = paper.text or paper.abstract
    parts.append(abstract)
    # The opening sentence names the field and the problem, the rest the method and results; counting it
    # twice leans the representation towards what the paper is about (its terms are already in the text,
    # so document frequencies do not change).
    if opening := first_sentence(abstract):
        parts.append(opening)
    return ". ".join(parts)


def build_features(papers: list[Paper]) -> Features:
    """Build the TF-IDF matrix and LSA embedding of the papers."""
    ids = [p.id for p in papers]
    tfidf, terms, idf, readable = _tfidf([paper_text(p) for p in papers])
    return Features(ids=ids, tfidf=tfidf, terms=terms, embedding=_lsa(tfidf, idf), readable=readable)


def term_counts(texts: list[str], min_df: int = 1) -> tuple[sp.csr_matrix, list[str], np.ndarray]:
    """Return the document x term count matrix of texts, its terms (as `analyse` finds them, sorted) and
    which terms read as names (see _readable).

    Only terms in at least `min_df` texts are kept.
    """
    n = len(texts)
    tokens: list[str] = []
    lengths = np.empty(n, dtype=np.int64)
    for i, text in enumerate(texts):
        found = _SCAN.findall(text)
        tokens.extend(found)
        tokens.append(".")  # a break between documents, so no bigram spans two of them
        lengths[i] = len(found) + 1
    # Normalise each distinct token once; word ids follow the sorted order of the words.
    words = {t: _content_word(t) for t in set(tokens)}
    vocab = sorted({w for w in words.values() if w})
    wid = {w: i for i, w in enumerate(vocab)}
    token_id = {t: wid[w] if w else -1 for t, w in words.items()}
    ids = np.array(list(map(token_id.__getitem__, tokens)), dtype=np.int64)
    doc = np.repeat(np.arange(n, dtype=np.int64), lengths)
    w = len(vocab)
    # A unigram's key is its word id and a bigram's is w + a * w + b, so terms are integers until the end;
    # unigram keys sort before bigram keys, and both in the order of their words.
    uni = ids >= 0
    pair = uni[:-1] & uni[1:]
    keys = np.concatenate([ids[uni], w + ids[:-1][pair] * w + ids[1:][pair]])
    docs = np.concatenate([doc[uni], doc[:-1][pair]])
    unique_keys, cols = np.unique(keys, return_inverse=True)
    # 1 for a determiner opening an object, 2 for "to", per distinct token: mapped once, as the ids are.
    kind = {t: 1 if t.lower() in _OBJECT_OPENERS else 2 if t.lower() == "to" else 0 for t in words}
    readable = _readable(ids, np.fromiter(map(kind.__getitem__, tokens), np.int8, len(tokens)), unique_keys, vocab)
    counts = sp.csr_matrix(
        (np.ones(len(keys), dtype=np.float32), (docs, cols.ravel())), shape=(n, len(unique_keys))
    )
    counts.sum_duplicates()
    df = np.bincount(counts.indices, minlength=counts.shape[1])
    keep = np.flatnonzero(df >= min_df)
    terms = [vocab[k] if k < w else f"{vocab[(k - w) // w]} {vocab[(k - w) % w]}" for k in unique_keys[keep].tolist()]
    # Sort columns by term text ("graph" < "graph neural" < "graphs"), whatever the key numbering.
    order = sorted(range(len(terms)), key=terms.__getitem__)
    return sp.csr_matrix(counts[:, keep[order]]), [terms[i] for i in order], readable[keep[order]]


def _readable(ids: np.ndarray, kind: np.ndarray, unique_keys: np.ndarray, vocab: list[str]) -> np.ndarray:
    """Return, per term key, whether it reads as a name: every word does; a bigram does when it mostly ends
    its noun phrase and holds no verb, adverb or possessive."""
    w = len(vocab)
    uni = ids >= 0
    # Verbs take objects and follow "to"; nouns rarely do either: a word's share of such occurrences.
    opens = np.r_[kind[1:] == 1, False]
    after_to = np.r_[False, kind[:-1] == 2]
    seen = np.maximum(np.bincount(ids[uni], minlength=w), 1)
    verb = ((np.bincount(ids[uni & opens], minlength=w) > VERB_SHARE * seen)
            | (np.bincount(ids[uni & after_to], minlength=w) > VERB_SHARE * seen))
    verb |= np.fromiter((v.endswith("ly") or "'" in v for v in vocab), bool, w)
    # A bigram at i, i+1 goes on when the word at i+2 is a content word too, but for a verb ("X improves the").
    pair = np.flatnonzero(uni[:-1] & uni[1:])
    next_id = np.r_[ids, -1, -1][pair + 2]
    goes_on = (next_id >= 0) & ~verb[np.maximum(next_id, 0)]
    at = np.searchsorted(unique_keys, w + ids[pair] * w + ids[pair + 1])
    total = np.bincount(at, minlength=len(unique_keys))
    ended = np.bincount(at[~goes_on], minlength=len(unique_keys))
    readable = np.ones(len(unique_keys), dtype=bool)
    bigram = unique_keys >= w
    first, second = (unique_keys[bigram] - w) // w, (unique_keys[bigram] - w) % w
    readable[bigram] = (ended[bigram] >= PHRASE_END_SHARE * total[bigram]) & ~verb[first] & ~verb[second]
    return readable


def _tfidf(texts: list[str]) -> tuple[sp.csr_matrix, list[str], np.ndarray, np.ndarray]:
    """Return the L2-normalised TF-IDF matrix of texts, its terms, their IDF and which read as names
    (empty if no text has a term)."""
    n = len(texts)
    for min_df in (2, 1):
        counts, terms, readable = term_counts(texts, min_df)
        if terms:
            break
    else:
        return sp.csr_matrix((n, 0), dtype=np.float32), [], np.zeros(0, dtype=np.float32), np.zeros(0, dtype=bool)
    df = np.bincount(counts.indices, minlength=counts.shape[1])
    idf = (np.log((1 + n) / (1 + df)) + 1).astype(np.float32)  # sklearn's smoothed IDF
    counts.data = 1 + np.log(counts.data)  # sublinear TF
    tfidf = normalize(counts @ sp.diags(idf)).astype(np.float32)
    return sp.csr_matrix(tfidf), terms, idf, readable


def strongest_terms(matrix: sp.csr_matrix, t: int) -> sp.csr_matrix:
    """Return the matrix with each row cut to its t largest entries (ties by column) and L2-normalised again."""
    m = sp.csr_matrix(matrix, dtype=np.float32, copy=True)
    if not m.nnz:
        return m
    m.sort_indices()
    row = np.repeat(np.arange(m.shape[0]), np.diff(m.indptr))
    # One sort key: the row, then the weight descending (weights are in (0, 1]); the stable sort keeps
    # equal weights in column order.
    order = np.argsort(row + (1.0 - m.data.astype(np.float64)), kind="stable")
    rank = np.empty(len(order), dtype=np.int64)
    rank[order] = np.arange(len(order)) - m.indptr[row[order]]
    m.data[rank >= t] = 0
    m.eliminate_zeros()
    return sp.csr_matrix(normalize(m), dtype=np.float32)


def _lsa(tfidf: sp.csr_matrix, idf: np.ndarray) -> np.ndarray:
    """Return the L2-normalised LSA embedding of a TF-IDF matrix, rare terms weighted up."""
    n, v = tfidf.shape
    d = min(MAX_DIMENSIONS, n - 1, v - 1)
    if d < 2:
        # Too small to compress: the TF-IDF rows themselves are the embedding.
        return np.asarray(tfidf.todense(), dtype=np.float32)
    weighted = normalize(tfidf @ sp.diags(idf**LSA_IDF_BOOST))
    if not _rows_differ(weighted):
        # Every text alike: no variance for the SVD to find (it would divide zero by zero), nothing to compress.
        return np.asarray(tfidf.todense(), dtype=np.float32)
    from sklearn.decomposition import TruncatedSVD

    svd = TruncatedSVD(n_components=d, algorithm="randomized", n_iter=10, random_state=0)
    # The dense steps are thin (n x 60); one BLAS thread does them 2-3x faster than two threads that
    # wait on each other, measured on the 2-core build machine.
    with threadpool_limits(limits=1, user_api="blas"):
        z = svd.fit_transform(weighted)
    # SVD signs are arbitrary; fix them so the embedding (and a map drawn from it) is reproducible.
    signs = np.sign(svd.components_.sum(axis=1))
    signs[signs == 0] = 1
    return normalize(z * signs).astype(np.float32)


def _rows_differ(matrix: sp.csr_matrix) -> bool:
    """Return whether any row of the matrix differs from the first."""
    first = matrix[np.zeros(matrix.shape[0], dtype=np.int64)]
    return (matrix - first).count_nonzero() > 0


def similarity(features: Features, rows: np.ndarray | slice, lsa_weight: float = LSA_WEIGHT) -> np.ndarray:
    """Return the first-pass similarity of the given rows against every paper (len(rows) x n)."""
    sparse_part, dense_part = _cosines(features, rows)
    return (1 - lsa_weight) * sparse_part + lsa_weight * dense_part


def _cosines(features: Features, rows: np.ndarray | slice) -> tuple[np.ndarray, np.ndarray]:
    """Return the TF-IDF (strongest terms) and LSA cosines of the given rows against every paper."""
    sparse_part = (features.index[rows] @ features.index.T).toarray().astype(np.float32, copy=False)
    dense_part = features.embedding[rows] @ features.embedding.T
    return sparse_part, dense_part


def _neighbourhood(features: Features, c: int) -> Neighbourhood:
    """Return each paper's c best candidates under the first-pass similarity, with both cosines."""
    n = len(features.ids)
    c = min(c, max(n - 1, 0))
    rows, sparse, dense = [], [], []
    for block in blocks(n):
        s, d = _cosines(features, block)
        best = top_k((1 - LSA_WEIGHT) * s + LSA_WEIGHT * d, c, exclude=np.arange(block.start, block.stop))
        rows.append(best)
        sparse.append(np.take_along_axis(s, best, axis=1))
        dense.append(np.take_along_axis(d, best, axis=1))
    if not rows:
        empty = np.zeros((0, 0))
        return Neighbourhood(empty.astype(np.int64), empty, empty)
    return Neighbourhood(np.vstack(rows), np.vstack(sparse), np.vstack(dense))


def blocks(n: int, size: int = BLOCK) -> Iterator[slice]:
    """Yield consecutive row slices covering range(n)."""
    for start in range(0, n, size):
        yield slice(start, min(start + size, n))


def _at_least(threshold: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """Return float64 thresholds as the smallest values of `dtype` at or above them: comparing values of
    that type with either gives the same answer, and comparing in their own type is faster."""
    rounded = threshold.astype(dtype)
    return np.where(rounded < threshold, np.nextafter(rounded, np.inf, dtype=dtype), rounded)


def _kth_largest(work: np.ndarray, k: int) -> np.ndarray:
    """Return each row's k-th largest value, as float64.

    A long row is not partitioned whole: the k-th largest of every 4th column is a floor that only about 4k
    values per row reach, and the row's k-th largest is among those.
    """
    n_rows, n_cols = work.shape
    if n_cols < 64 * k:
        return np.partition(work, n_cols - k, axis=1)[:, n_cols - k].astype(np.float64)
    sample = work[:, ::4]
    floor = np.partition(sample, sample.shape[1] - k, axis=1)[:, sample.shape[1] - k]
    flat = np.flatnonzero(work >= floor[:, None])
    row = flat // n_cols
    # Each row's values at or above its floor (at least k), side by side; -inf pads the shorter rows.
    position = np.arange(len(flat)) - np.searchsorted(row, np.arange(n_rows))[row]
    reached = np.full((n_rows, int(position.max()) + 1), -np.inf, dtype=work.dtype)
    reached[row, position] = work.ravel()[flat]
    return np.partition(reached, reached.shape[1] - k, axis=1)[:, reached.shape[1] - k].astype(np.float64)


def top_k(
    scores: np.ndarray,
    k: int,
    exclude: np.ndarray | None = None,
    decimals: int = 6,
    tiebreak: np.ndarray | None = None,
) -> np.ndarray:
    """Return, per row, the columns of the k highest scores, equal scores ordered by `tiebreak` (default: column).

    Scores are compared rounded to `decimals` places, so float noise cannot reorder ties. `tiebreak` ranks
    the columns (lower first), for all rows (shape n_cols) or per row (the shape of scores).
    """
    n_rows, n_cols = scores.shape
    k = min(k, n_cols - (1 if exclude is not None else 0))
    if k <= 0 or n_rows == 0:
        return np.zeros((n_rows, k if k > 0 else 0), dtype=np.int64)
    work = np.array(scores, dtype=np.float64 if scores.dtype == np.float64 else np.float32)
    rows = np.arange(n_rows)
    if exclude is not None:
        work[rows, exclude] = -np.inf
    # Only columns near or above each row's k-th best value can make its top k; a value partition finds
    # that threshold without sorting, and the slack keeps values that round equal to it in the running.
    kth = _kth_largest(work, k)
    r, c = np.divmod(np.flatnonzero(work >= _at_least(kth - 2 * 10.0**-decimals, work.dtype)[:, None]), n_cols)
    rank = np.arange(n_cols) if tiebreak is None else np.asarray(tiebreak)
    base = float(rank.max()) + 1
    cand_rank = rank[c] if rank.ndim == 1 else rank[r, c]
    # One exact key per candidate: the rounded score, then the tiebreak (integers below 2**53 are exact).
    key = np.round(work[r, c].astype(np.float64) * 10.0**decimals) * base + (base - 1 - cand_rank)
    order = np.lexsort((-key, r))
    start = np.searchsorted(r[order], rows)
    return c[order][start[:, None] + np.arange(k)]


def normalize(matrix):  # noqa: ANN001, ANN201 - a numpy or scipy matrix, as scikit-learn's
    """Return the rows of `matrix` scaled to unit length (scikit-learn's normalize, imported only when used).

    scikit-learn takes about a second to import: `papersite build` with nothing to do never needs it.
    """
    from sklearn.preprocessing import normalize as sk_normalize

    return sk_normalize(matrix)
