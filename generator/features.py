"""The shared representation of the corpus: sparse TF-IDF terms and a dense LSA embedding of every paper.

Input: the papers (their plain `text`, plus the real title and author keywords when the input had them).
Output: `Features`, used by related papers, topics and the map.

Choices, measured on the 1,108-paper ICLR dev corpus with `bench/quality.py` (related area@5 / kw@5):

- Terms are lowercase words (hyphenated compounds kept whole, naive plural folding so "models" = "model")
  and bigrams that do not cross a stop word or punctuation ("graph neural" but never "of graph"): phrases
  read well as explanations and carry more topic than words. TF is sublinear, min_df=2 (a term seen
  once cannot link two papers; falls back to 1 for a corpus too small to have any), rows L2-normalised.
  Plain sklearn word+bigram TF-IDF scored 0.339/0.303; this one 0.345/0.306; BM25 weighting did worse (0.340/0.288).
- The embedding is LSA (TruncatedSVD, fixed random_state) of that matrix with up to 100 dimensions,
  rows L2-normalised. It finds papers that say the same thing in other words: 0.375/0.315 on its own;
  50-100 dimensions beat 150-300 (0.340-0.361).
- `similarity` blends the two cosines half and half, because exact shared phrases and latent topics fail
  on different papers. It works on row blocks so 10,000 papers never need a dense n x n matrix.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

import numpy as np
import scipy.sparse as sp
from sklearn.decomposition import TruncatedSVD
from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS, TfidfVectorizer
from sklearn.preprocessing import normalize

from generator.model import Paper

#: Most dimensions of the LSA embedding; more made related papers worse on the dev corpus.
MAX_DIMENSIONS = 100
#: Weight of the LSA cosine in the blended similarity (the rest is the TF-IDF cosine).
LSA_WEIGHT = 0.5
#: Rows per block when computing similarities, bounding memory to BLOCK x n floats.
BLOCK = 512

_TOKEN = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:[-'][A-Za-z0-9]+)*")
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
STOP_WORDS = frozenset(ENGLISH_STOP_WORDS) | _FILLER


@dataclass
class Features:
    """TF-IDF and LSA representation of papers, row i describing `ids[i]`."""

    ids: list[str]
    tfidf: sp.csr_matrix  # n x V, L2-normalised rows
    terms: list[str]  # column i of tfidf
    embedding: np.ndarray  # n x d, L2-normalised rows (all zeros for an empty text)
    _nearest: dict[int, np.ndarray] = field(default_factory=dict, repr=False)  # cache of nearest(m)

    def nearest(self, m: int) -> np.ndarray:
        """Return each paper's m most similar other papers (rows), computed once per m and shared by stages."""
        if m not in self._nearest:
            n = len(self.ids)
            parts = [top_k(similarity(self, rows), m, exclude=np.arange(rows.start, rows.stop)) for rows in blocks(n)]
            self._nearest[m] = np.vstack(parts) if parts else np.zeros((0, 0), dtype=np.int64)
        return self._nearest[m]

    @property
    def index(self) -> dict[str, int]:
        """Return the row of each paper id."""
        return {pid: i for i, pid in enumerate(self.ids)}


def singular(word: str) -> str:
    """Return a lowercase word in naive singular form ("networks" -> "network", "loss" kept)."""
    w = word.lower()
    if w in _SAME_PLURAL:
        return w
    if len(w) > 4 and w.endswith("ies"):
        return w[:-3] + "y"  # "capabilities" -> "capability"
    if len(w) > 3 and w.endswith("s") and not w.endswith(_KEEP_S):
        return w[:-1]
    return w


def phrase_runs(text: str) -> list[list[str]]:
    """Split text into runs of normalised content words between stop words and punctuation."""
    runs: list[list[str]] = []
    # Punctuation ends a run, so no bigram spans "model. Graph" or "(LLM), which".
    for chunk in re.split(r"[.,;:!?()\[\]{}\"]+", text):
        run: list[str] = []
        for token in _TOKEN.findall(chunk):
            w = singular(token)
            if w in STOP_WORDS or len(w) < 2:
                if run:
                    runs.append(run)
                run = []
            else:
                run.append(w)
        if run:
            runs.append(run)
    return runs


def analyse(text: str) -> list[str]:
    """Return the terms of a text: its content words and the bigrams inside phrase runs."""
    terms: list[str] = []
    for run in phrase_runs(text):
        terms.extend(run)
        terms.extend(f"{a} {b}" for a, b in zip(run, run[1:]))
    return terms


def paper_text(paper: Paper) -> str:
    """Return the text a paper is represented by: real title, author keywords and plain abstract."""
    parts = []
    # An inferred title is made from the abstract and adds nothing; a real one is the best summary there is.
    if paper.title and not paper.title_inferred:
        parts.append(paper.title)
    parts.extend(paper.keywords)
    parts.append(paper.text or paper.abstract)
    return ". ".join(parts)


def build_features(papers: list[Paper]) -> Features:
    """Build the TF-IDF matrix and LSA embedding of the papers."""
    ids = [p.id for p in papers]
    texts = [paper_text(p) for p in papers]
    tfidf, terms = _tfidf(texts)
    return Features(ids=ids, tfidf=tfidf, terms=terms, embedding=_lsa(tfidf))


def _tfidf(texts: list[str]) -> tuple[sp.csr_matrix, list[str]]:
    """Return the L2-normalised TF-IDF matrix of texts and its terms (empty if no text has a term)."""
    for min_df in (2, 1):
        if len(texts) < min_df:
            continue
        vectorizer = TfidfVectorizer(analyzer=analyse, sublinear_tf=True, min_df=min_df, dtype=np.float32)
        try:
            matrix = vectorizer.fit_transform(texts)
        except ValueError:  # empty vocabulary: too few papers share a term
            continue
        return sp.csr_matrix(matrix, dtype=np.float32), list(vectorizer.get_feature_names_out())
    return sp.csr_matrix((len(texts), 0), dtype=np.float32), []


def _lsa(tfidf: sp.csr_matrix) -> np.ndarray:
    """Return the L2-normalised LSA embedding of a TF-IDF matrix."""
    n, v = tfidf.shape
    d = min(MAX_DIMENSIONS, n - 1, v - 1)
    if d < 2:
        # Too small to compress: the TF-IDF rows themselves are the embedding.
        return np.asarray(tfidf.todense(), dtype=np.float32)
    svd = TruncatedSVD(n_components=d, algorithm="randomized", n_iter=7, random_state=0)
    z = svd.fit_transform(tfidf)
    # SVD signs are arbitrary; fix them so the embedding (and a map drawn from it) is reproducible.
    signs = np.sign(svd.components_.sum(axis=1))
    signs[signs == 0] = 1
    return normalize(z * signs).astype(np.float32)


def similarity(features: Features, rows: np.ndarray | slice, lsa_weight: float = LSA_WEIGHT) -> np.ndarray:
    """Return the blended cosine similarity of the given rows against every paper (len(rows) x n)."""
    return similarity_of(features, features.tfidf[rows], features.embedding[rows], lsa_weight)


def similarity_of(
    features: Features, tfidf_rows: sp.spmatrix, embedding_rows: np.ndarray, lsa_weight: float = LSA_WEIGHT
) -> np.ndarray:
    """Return the blended cosine similarity of query vectors (in both spaces) against every paper."""
    sparse_part = np.asarray((tfidf_rows @ features.tfidf.T).todense(), dtype=np.float32)
    dense_part = np.asarray(embedding_rows, dtype=np.float32) @ features.embedding.T
    return (1 - lsa_weight) * sparse_part + lsa_weight * dense_part


def blocks(n: int, size: int = BLOCK) -> Iterator[slice]:
    """Yield consecutive row slices covering range(n)."""
    for start in range(0, n, size):
        yield slice(start, min(start + size, n))


def top_k(
    scores: np.ndarray,
    k: int,
    exclude: np.ndarray | None = None,
    decimals: int = 6,
    tiebreak: np.ndarray | None = None,
) -> np.ndarray:
    """Return, per row, the columns of the k highest scores, equal scores ordered by `tiebreak` (default: column)."""
    n_rows, n_cols = scores.shape
    k = min(k, n_cols - (1 if exclude is not None else 0))
    if k <= 0:
        return np.zeros((n_rows, 0), dtype=np.int64)
    # Rounding first makes "equal" mean equal to `decimals` places, so float noise cannot reorder ties.
    rounded = np.round(scores.astype(np.float64), decimals)
    if exclude is not None:
        rounded[np.arange(n_rows), exclude] = -np.inf
    order = np.arange(n_cols) if tiebreak is None else np.asarray(tiebreak)
    # Partition finds each row's k-th best score; every column scoring at least that (ties included)
    # is a candidate, and only the candidates are fully sorted.
    kth = -np.partition(-rounded, k - 1, axis=1)[:, k - 1]
    result = np.empty((n_rows, k), dtype=np.int64)
    for i in range(n_rows):
        cand = np.flatnonzero(rounded[i] >= kth[i])
        ranked = cand[np.lexsort((order[cand], -rounded[i, cand]))]
        result[i] = ranked[:k]
    return result
