"""The topic map: positions from the shared embedding, deterministic, topics kept together; the JSON the page draws."""

from __future__ import annotations

import json

import numpy as np
import pytest

from generator.infer import features, layout
from generator.build import build_corpus
from generator.project import Project
from generator.model import Corpus, Paper, Topic
from generator.runtime.progress import Progress

from .conftest import FIXTURES


@pytest.fixture(scope="module")
def sample(tmp_path_factory):
    """The 40-paper ICLR sample, fully inferred, with its features."""
    from .conftest import copy_project

    root = copy_project(tmp_path_factory.mktemp("map") / "project", FIXTURES / "golden" / "data")
    data = root / "data"
    for f in data.iterdir():
        f.unlink()
    (data / "sample.jsonl").write_text((FIXTURES / "iclr_sample.jsonl").read_text(encoding="utf-8"), encoding="utf-8")
    corpus = build_corpus(Project.at(root), Progress(quiet=True))
    return corpus, features.build_features(corpus.papers)


def test_every_paper_gets_a_point_inside_the_unit_square_and_the_same_one_twice(sample) -> None:
    corpus, feats = sample
    points = layout.map_layout(corpus.papers, feats)
    assert set(points) == {p.id for p in corpus.papers}
    xy = np.array(list(points.values()))
    assert xy.min() >= 0 and xy.max() <= 1 and np.ptp(xy[:, 0]) > 0.5 and np.ptp(xy[:, 1]) > 0.5
    assert layout.map_layout(corpus.papers, features.build_features(corpus.papers)) == points
    assert corpus.positions == points  # the build stores the same layout
    assert len({tuple(v) for v in xy}) == len(xy)  # no two papers hide each other exactly


def test_papers_of_a_topic_sit_closer_together_than_papers_of_different_topics(sample) -> None:
    corpus, feats = sample
    points = layout.map_layout(corpus.papers, feats)
    xy = np.array([points[p.id] for p in corpus.papers])
    labels = np.array([p.topic for p in corpus.papers])
    d = np.sqrt(((xy[:, None] - xy[None]) ** 2).sum(-1))
    same = labels[:, None] == labels[None]
    off_diagonal = ~np.eye(len(xy), dtype=bool)
    assert d[same & off_diagonal].mean() < 0.6 * d[~same].mean()


def test_tiny_and_untopical_corpora_still_get_a_map() -> None:
    papers = [Paper(id=str(i), abstract=t, text=t, source="d:1", collection="C", title=t, slug=f"s{i}")
              for i, t in enumerate(["graph neural networks", "graph neural nets", "protein folding"])]
    points = layout.map_layout(papers, features.build_features(papers))
    assert len(points) == 3 and all(0 <= v <= 1 for xy in points.values() for v in xy)
    assert layout.map_layout([], features.build_features([])) == {}


def test_map_json_lists_topics_with_colours_and_one_point_per_paper() -> None:
    papers = [Paper(id="a", abstract="x", text="x", source="d:1", collection="C", title='T "1" <b>', slug="t1", topic="g"),
              Paper(id="b", abstract="y", text="y", source="d:2", collection="C", title="T2", slug="t2")]
    corpus = Corpus(papers=papers, topics=[Topic("g", "Graphs", papers=["a"])], positions={"a": (0.1, 0.9)})
    data = json.loads(layout.map_json(corpus, layout.topic_colours(1)))
    assert data["topics"] == [{"name": "Graphs", "url": "topics/g/", "colour": data["topics"][0]["colour"], "shape": "circle", "size": 1}]
    assert data["points"][0] == [0.1, 0.9, 0, 'T "1" <b>', "papers/t1/"]
    assert data["points"][1][2] == -1  # no topic: drawn grey
    colours = layout.topic_colours(80)
    # Colour and marker shape together tell 80 topics apart (tests/test_reader_pages.py checks how far apart).
    assert len(set(zip(colours, layout.topic_shapes(80)))) == 80 and all(len(c) == 7 and c.startswith("#") for c in colours)
