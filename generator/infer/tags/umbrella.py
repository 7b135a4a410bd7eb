"""Umbrella tags: a phrase many papers share whose papers have little else in common ("neural networks").

Such a tag helps no reader find related work: its page is a random sample of the corpus. What the papers
sharing a tag have in common is measured in the text features' embedding (the one topics and related papers
use): the mean cosine between two of its papers, against two papers drawn at random, as a share of the way
from random to identical. Only tags of enough papers are judged, so that mean is a stable estimate; a phrase of
fewer papers that are still no more alike than random ones is scattered, a part of unrelated studies (`scattered`).
"""

from __future__ import annotations

from typing import TypeVar

import numpy as np

K = TypeVar("K")

#: A tag whose papers are less alike than this (0 = as alike as random papers, 1 = identical) is an umbrella.
MIN_COHESION = 0.08
#: Tags of fewer papers than this are not judged: their mean similarity is too noisy ...
MIN_PAPERS = 6
#: ... nor tags of less than this share of the corpus.
MIN_SHARE = 0.01
#: A phrase of fewer papers than that, and at least this many, ...
SCATTERED_MIN_PAPERS = 4
#: ... whose papers are less alike than this is scattered: a part of unrelated studies ("hidden layers").
SCATTERED_COHESION = 0.2


def cohesion(rows: np.ndarray, embedding: np.ndarray, random_pair: float | None = None) -> float:
    """Return how much more alike two of the papers at `rows` are than two random papers (see MIN_COHESION);
    `random_pair` is mean_pair(embedding), passed when many sets of one corpus are judged."""
    if random_pair is None:
        random_pair = mean_pair(embedding)
    pair = mean_pair(embedding[rows])
    return (pair - random_pair) / (1.0 - random_pair) if random_pair < 1.0 else 1.0


def likeness(vector: np.ndarray, rows: np.ndarray, random_pair: float) -> float:
    """Return how much more alike one paper is to the papers of `rows` than two random papers are, on cohesion's scale
    (0 as alike as random papers, 1 identical)."""
    return (float((rows @ vector).mean()) - random_pair) / (1.0 - random_pair) if random_pair < 1.0 else 1.0


def mean_pair(rows: np.ndarray) -> float:
    """Return the mean dot product of two distinct rows, from the rows' sum and their squared norms' sum."""
    n = len(rows)
    return (float(np.square(rows.sum(axis=0)).sum()) - float(np.square(rows).sum())) / (n * (n - 1))


def judged(members: dict[K, list[int]], n: int) -> set[K]:
    """Return the keys (of `members`: key -> its papers' rows) with enough papers, of a corpus of `n`, to be judged."""
    least = least_papers(n)
    return {key for key, rows in members.items() if len(rows) >= least} if n >= 3 else set()


def least_papers(n: int) -> int:
    """Return the fewest papers a key of a corpus of `n` needs to be judged (MIN_PAPERS, MIN_SHARE)."""
    return max(MIN_PAPERS, int(np.ceil(MIN_SHARE * n)))


def umbrellas(members: dict[K, list[int]], embedding: np.ndarray, threshold: float = MIN_COHESION) -> set[K]:
    """Return the keys (of `members`: key -> its papers' rows) whose papers are no more alike than `threshold`."""
    keys = judged(members, len(embedding))
    if not keys:
        return set()
    random_pair = mean_pair(embedding)
    return {key for key in keys
            if cohesion(np.asarray(members[key], dtype=np.int64), embedding, random_pair) < threshold}


def scattered(members: dict[K, list[int]], embedding: np.ndarray, threshold: float = SCATTERED_COHESION) -> set[K]:
    """Return the keys (of `members`: key -> the rows of the papers naming it) too small to judge as umbrellas, of at
    least SCATTERED_MIN_PAPERS papers, whose papers are no more alike than `threshold`."""
    least = least_papers(len(embedding))
    small = {key: rows for key, rows in members.items() if SCATTERED_MIN_PAPERS <= len(rows) < least}
    if not small:
        return set()
    random_pair = mean_pair(embedding)
    return {key for key, rows in small.items()
            if cohesion(np.asarray(rows, dtype=np.int64), embedding, random_pair) < threshold}
