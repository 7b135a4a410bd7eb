"""Layout: the LSA embedding and the topics → a 2-D position per paper for the topic map.

Input: `features.Features` (the same embedding related papers use) and the papers with their topic slugs.
Output: {paper id: (x, y)} with x and y in [0, 1], deterministic. Topic centres by classical MDS of the
centroid distances; each paper at the softmax-weighted mean of the centres by its cosine to each centroid,
plus a small offset along its topic's main directions. Alternatives measured: docs/inference.md.
"""

from __future__ import annotations

import json

import numpy as np

from generator.infer.features import Features
from generator.model import Corpus, Paper

#: Softmax temperature of paper-to-topic similarities: lower pulls papers closer to their best topic.
TEMPERATURE = 0.02
#: Radius of a topic's cloud, relative to the map, for the largest topic (smaller topics scale by sqrt(size)).
CLOUD_RADIUS = 0.06


def map_layout(papers: list[Paper], features: Features) -> dict[str, tuple[float, float]]:
    """Return each paper's position on the topic map, scaled into [0, 1] x [0, 1]."""
    n = len(papers)
    if n == 0:
        return {}
    if [p.id for p in papers] != features.ids:
        raise ValueError("features were built for a different list of papers")
    emb = np.asarray(features.embedding, dtype=np.float64)
    labels = _topic_labels(papers)
    k = int(labels.max()) + 1
    if k < 2 or not emb.any():
        xy = _principal_plane(emb)
    else:
        centroids = np.vstack([emb[labels == j].mean(axis=0) for j in range(k)])
        unit = centroids / np.maximum(np.linalg.norm(centroids, axis=1, keepdims=True), 1e-12)
        centres = _mds(np.clip(2.0 - 2.0 * unit @ unit.T, 0.0, None))
        scores = (emb @ unit.T) / TEMPERATURE
        weights = np.exp(scores - scores.max(axis=1, keepdims=True))
        xy = (weights / weights.sum(axis=1, keepdims=True)) @ centres
        sizes = np.bincount(labels, minlength=k)
        for j in range(k):
            members = labels == j
            cloud = _principal_plane(emb[members] - centroids[j])
            xy[members] += (cloud - 0.5) * 2 * CLOUD_RADIUS * np.sqrt(sizes[j] / sizes.max())
    xy = _unit_square(xy)
    # Three decimals: a thousandth of the map is under a pixel, and float noise of other BLAS builds stays below it.
    return {p.id: (round(float(x), 3), round(float(y), 3)) for p, (x, y) in zip(papers, xy)}


def _topic_labels(papers: list[Paper]) -> np.ndarray:
    """Return a topic number per paper, numbered by first appearance; untopical papers form one group."""
    numbers: dict[str | None, int] = {}
    return np.array([numbers.setdefault(p.topic, len(numbers)) for p in papers], dtype=np.int64)


def _mds(squared_distances: np.ndarray) -> np.ndarray:
    """Return 2-D classical MDS coordinates of points given their squared distances."""
    k = len(squared_distances)
    centring = np.eye(k) - 1.0 / k
    gram = -0.5 * centring @ squared_distances @ centring
    values, vectors = np.linalg.eigh(gram)
    top = np.argsort(values)[::-1][:2]
    coords = vectors[:, top] * np.sqrt(np.maximum(values[top], 0.0))
    return _fix_signs(_unit_square(coords))


def _principal_plane(points: np.ndarray) -> np.ndarray:
    """Return points projected on their two main directions, scaled into [0, 1] (0.5 when there is no spread)."""
    if len(points) < 3:
        # Too few to have main directions: side by side, so two papers never hide each other.
        return np.column_stack([np.linspace(0.0, 1.0, len(points)) if len(points) > 1 else [0.5], np.full(len(points), 0.5)])
    centred = points - points.mean(axis=0)
    _, _, vt = np.linalg.svd(centred, full_matrices=False)
    plane = np.zeros((len(points), 2))
    dims = min(2, vt.shape[0])
    plane[:, :dims] = centred @ vt[:dims].T
    return _fix_signs(_unit_square(plane))


def _fix_signs(xy: np.ndarray) -> np.ndarray:
    """Flip axes so the first point lies in the lower-left half: eigenvector signs are arbitrary."""
    out = xy.copy()
    for axis in range(2):
        if len(out) and out[0, axis] > 0.5:
            out[:, axis] = 1.0 - out[:, axis]
    return out


def _unit_square(xy: np.ndarray) -> np.ndarray:
    """Scale coordinates into [0, 1] on each axis (a constant axis becomes 0.5)."""
    low, high = xy.min(axis=0), xy.max(axis=0)
    span = np.where(high - low > 1e-12, high - low, 1.0)
    out = (xy - low) / span
    out[:, high - low <= 1e-12] = 0.5
    return out


#: A qualitative palette (d3's category10, its grey, the colour of papers without a topic, swapped for magenta):
#: every pair is at least 27 CIELAB (CIE76) units apart, 30 from that grey, and stands out on the light and dark theme.
PALETTE = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#bcbd22", "#17becf", "#f0027f")
#: Marker shapes (drawn by map.js and the legend's swatches): with the palette, 80 topics told apart.
SHAPES = ("circle", "square", "triangle", "diamond", "plus", "triangle-down", "cross", "hexagon")


def topic_colours(k: int) -> list[str]:
    """Return the colours of k topics: the palette in turn, so topics with the same colour differ in shape."""
    return [PALETTE[i % len(PALETTE)] for i in range(k)]


def topic_shapes(k: int) -> list[str]:
    """Return the marker shapes of k topics: one shape per round of the palette (beyond 80 topics pairs repeat)."""
    return [SHAPES[(i // len(PALETTE)) % len(SHAPES)] for i in range(k)]


def map_json(corpus: Corpus, colours: list[str]) -> str:
    """Return map/points.json: topics (name, page, colour, shape, size) and one [x, y, topic, title, page] per paper."""
    topic_index = {t.slug: i for i, t in enumerate(corpus.topics)}
    shapes = topic_shapes(len(corpus.topics))
    data = {
        "topics": [{"name": t.name, "url": f"topics/{t.slug}/", "colour": colours[i], "shape": shapes[i],
                    "size": len(t.papers)} for i, t in enumerate(corpus.topics)],
        "points": [
            [*corpus.positions.get(p.id, (0.5, 0.5)), topic_index.get(p.topic or "", -1), p.title, f"papers/{p.slug}/"]
            for p in corpus.papers
        ],
    }
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"
