"""Map benchmark: seconds to lay out the topic map of N recombined ICLR abstracts (default 3,700).

    python bench/map_scale.py [--size 3700]

Builds the corpus of bench/scale.py (deterministic), runs the pipeline up to topics in memory, then times
`layout.map_layout` three times and prints the best and worst, plus how well the map keeps neighbours
(share of each paper's 10 nearest map neighbours that share its topic). Figures only; never a test.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from scale import make_corpus, make_project  # noqa: E402

from generator.infer import features, layout, tags, topics  # noqa: E402
from generator.project import Project  # noqa: E402
from generator.clean.identify import assign_slugs, paper_from_record  # noqa: E402
from generator.read.load import read_data  # noqa: E402
from generator.model import Vocabulary  # noqa: E402
from generator.read.validate import validate  # noqa: E402

SOURCE = ROOT.parent / "shared" / "corpora" / "iclr2024-dev.jsonl"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=3700)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = make_project(Path(tmp) / "project", make_corpus(SOURCE, args.size))
        project = Project.at(root)
        records, _ = read_data(project.data_dir, project.root)
        records, _ = validate(records)
        papers = [paper_from_record(r) for r in records]
        for paper in papers:  # titles do not move the map; skip inferring them
            paper.title = paper.title or " ".join(paper.text.split()[:8])
        assign_slugs(papers)
        tag_index = tags.assign_tags(papers, Vocabulary())
        feats = features.build_features(papers)
        topics.assign_topics(papers, feats, tag_index, Vocabulary())
        runs = []
        for _ in range(3):
            start = time.perf_counter()
            points = layout.map_layout(papers, feats)
            runs.append(time.perf_counter() - start)
        assert layout.map_layout(papers, feats) == points, "layout is not deterministic"
    xy = np.array([points[p.id] for p in papers])
    labels = np.array([p.topic or "" for p in papers])
    d = ((xy[:, None, :] - xy[None, :, :]) ** 2).sum(-1) if len(xy) <= 4000 else None
    purity = float("nan")
    if d is not None:
        np.fill_diagonal(d, np.inf)
        near = np.argsort(d, axis=1)[:, :10]
        purity = float((labels[near] == labels[:, None]).mean())
    print(f"papers {len(papers)}  topics {len(set(labels))}  map_layout best {min(runs):.2f} s  worst {max(runs):.2f} s"
          f"  same-topic@10 {purity:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
