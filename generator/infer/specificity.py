"""Which terms are specific enough to explain why two papers are related, by corpus statistics alone.

A term two papers share explains their link only when it is not broad in this corpus: used by few papers
(a share of the corpus, at least two papers always allowed), and, where enough papers use it for the measure
to be stable, on papers that are alike. Likeness is measured in the text embedding (the one related papers use)
as tags/umbrella.py does, but in units of how alike a paper and its nearest neighbours are, so that one
threshold holds for a corpus of 40 papers and one of 10,000 (their raw cosines differ several-fold).
"""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp

from generator.infer.tags.umbrella import MIN_PAPERS, mean_pair

#: A term used by more than this share of the papers (and by more than two) is broad: it names a field.
SPECIFIC_SHARE = 0.03
#: A term on MIN_PAPERS+ papers that are less alike than this is broad (0 = as alike as random papers,
#: 1 = as alike as a paper and its NEAREST nearest neighbours): "ground truth", "inference", "deep learning".
MIN_LIKENESS = 0.35
#: Nearest neighbours whose likeness is the unit of MIN_LIKENESS.
NEAREST = 5
#: A phrase whose every word more than this share of the papers use is a generic one ("input tokens", "diffusion
#: process", "evaluation benchmarks"), however few papers use the phrase itself.
COMMON_WORD_SHARE = 0.05
#: ... and more than this many papers: in a small corpus a share of it says nothing of a word.
COMMON_WORD_PAPERS = 10


def most_papers(n: int) -> int:
    """Return the most papers a specific term may be used by in a corpus of n papers."""
    return max(2, int(SPECIFIC_SHARE * n))


class Likeness:
    """How alike sets of papers are, from random (0) to as alike as nearest neighbours (1), in one corpus."""

    def __init__(self, embedding: np.ndarray, neighbour_cosines: np.ndarray) -> None:
        self.embedding = embedding
        self.random = mean_pair(embedding) if len(embedding) > 1 else 0.0
        near = float(neighbour_cosines[:, :NEAREST].mean()) if neighbour_cosines.size else 1.0
        self.unit = max(near - self.random, 1e-6)

    def of_rows(self, rows: np.ndarray) -> float:
        """Return the likeness of the papers at `rows` (1.0 for fewer than two)."""
        if len(rows) < 2:
            return 1.0
        return (mean_pair(self.embedding[rows]) - self.random) / self.unit

    def of_columns(self, incidence: sp.csc_matrix) -> np.ndarray:
        """Return the likeness of each column's papers of a binary paper x term matrix (1.0 under two papers)."""
        counts = np.diff(incidence.indptr).astype(np.float64)
        sums = np.asarray(incidence.T @ self.embedding, dtype=np.float64)
        norms = np.asarray(incidence.T @ np.square(self.embedding).sum(axis=1), dtype=np.float64).ravel()
        pairs = counts * (counts - 1)
        mean = np.divide(np.square(sums).sum(axis=1) - norms, pairs, out=np.ones_like(counts), where=pairs > 0)
        return np.where(pairs > 0, (mean - self.random) / self.unit, 1.0)


def common_words_only(phrase: str, word_counts: dict[str, int], n: int) -> bool:
    """Tell whether every word of a phrase (in the features' normal form) is used by over COMMON_WORD_SHARE of n papers
    (and over COMMON_WORD_PAPERS)."""
    most = max(COMMON_WORD_SHARE * n, COMMON_WORD_PAPERS)
    return all(word_counts.get(w, 0) > most for w in phrase.replace("-", " ").split())


def broad(counts: np.ndarray, likeness: np.ndarray, n: int) -> np.ndarray:
    """Return, per term, whether it is broad: used by too many papers, or by enough papers that are not alike."""
    return (counts > most_papers(n)) | ((counts >= MIN_PAPERS) & (likeness < MIN_LIKENESS))
