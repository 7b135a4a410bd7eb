"""Umbrella tags: a phrase many papers share whose papers have little else in common ("neural networks").

Such a tag helps no reader find related work: its page is a random sample of the corpus. What the papers
sharing a tag have in common is measured in the text features' embedding (the one topics and related papers
use): the mean cosine between two of its papers, against two papers drawn at random, as a share of the way
from random to identical. Only tags of enough papers are judged, so that mean is a stable estimate.
"""

from __future__ import annotations

import numpy as np

#: A tag whose papers are less alike than this (0 = as alike as random papers, 1 = identical) is an umbrella.
MIN_COHESION = 0.08
#: Tags of fewer papers than this are not judged: their mean similarity is too noisy ...
MIN_PAPERS = 6
#: ... nor tags of less than this share of the corpus.
MIN_SHARE = 0.01


def cohesion(rows: np.ndarray, embedding: np.ndarray) -> float:
    """Return how much more alike two of the papers at `rows` are than two random papers (see MIN_COHESION)."""
    n, k = len(embedding), len(rows)
    random_pair = _mean_pair(embedding.sum(axis=0), float(np.square(embedding).sum()), n)
    pair = _mean_pair(embedding[rows].sum(axis=0), float(np.square(embedding[rows]).sum()), k)
    return (pair - random_pair) / (1.0 - random_pair) if random_pair < 1.0 else 1.0


def _mean_pair(total: np.ndarray, squares: float, n: int) -> float:
    """Return the mean dot product of two distinct rows, from the rows' sum and their squared norms' sum."""
    return (float(np.square(total).sum()) - squares) / (n * (n - 1))


def umbrellas(members: dict[int, list[int]], embedding: np.ndarray) -> set[int]:
    """Return the keys (of `members`: key -> its papers' rows) whose papers are no more alike than MIN_COHESION."""
    n = len(embedding)
    least = max(MIN_PAPERS, int(np.ceil(MIN_SHARE * n)))
    if n < 3:
        return set()
    return {key for key, rows in members.items()
            if len(rows) >= least and cohesion(np.asarray(rows, dtype=np.int64), embedding) < MIN_COHESION}
