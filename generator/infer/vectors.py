"""Compact per-paper vectors for "More like these" on the Saved page: the LSA embedding quantised to 8 bits.

Input: `Features` (its L2-normalised LSA embedding, columns in the SVD's order of explained variance). Output: an
n x d int8 matrix, row i for `features.ids[i]`. Each row is scaled so its largest component is ±127: the browser
ranks by cosine, which a row's scale does not change, so one byte a dimension keeps nearly all of the precision.
What was measured (dimensions, quantisation, ranking): docs/inference.md.
"""

from __future__ import annotations

import numpy as np

from generator.infer.features import Features

#: Leading LSA dimensions kept: the embedding's own (at most 50); 32 lost about 1 point of area share on the dev corpus.
DIMENSIONS = 50
#: The largest magnitude of a quantised component.
LEVELS = 127


def paper_vectors(features: Features, dimensions: int = DIMENSIONS) -> np.ndarray:
    """Return each paper's embedding cut to its first `dimensions` columns, as int8 scaled to ±LEVELS per row."""
    z = np.asarray(features.embedding, dtype=np.float64)[:, :dimensions]
    return quantise(z)


def quantise(matrix: np.ndarray) -> np.ndarray:
    """Return the rows of `matrix` scaled so each one's largest magnitude is LEVELS, rounded to int8 (zero rows stay zero)."""
    m = np.asarray(matrix, dtype=np.float64)
    peak = np.abs(m).max(axis=1, keepdims=True) if m.size else np.zeros((m.shape[0], 1))
    scale = np.divide(LEVELS, peak, out=np.zeros_like(peak), where=peak > 0)
    return np.clip(np.rint(m * scale), -LEVELS, LEVELS).astype(np.int8)
