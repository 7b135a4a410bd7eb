"""The Saved page's data: the int8 vectors "More like these" ranks with (infer/vectors.py, write/saved.py) and the
catalogue the page lists and exports from, through the functions and through a generated site."""

from __future__ import annotations

import base64
import gzip
import json

import numpy as np
import pytest

from generator.build import generate
from generator.infer import features, vectors
from generator.model import Corpus, Paper
from generator.project import Project
from generator.runtime.progress import Progress
from generator.write.saved import papers_json, vectors_json

from .conftest import FIXTURES, PAPER_GROUPS, grouped_papers


def _decoded(text: str) -> np.ndarray:
    """Return the matrix a vectors.json holds, as the page reads it (count x dims int8)."""
    data = json.loads(text)
    raw = base64.b64decode(data["data"])
    return np.frombuffer(raw, dtype=np.int8).reshape(data["count"], data["dims"])


def _sample_papers() -> list[Paper]:
    """Return the 40 ICLR abstracts of the test fixtures as papers (plain text only)."""
    rows = [json.loads(line) for line in (FIXTURES / "iclr_sample.jsonl").read_text(encoding="utf-8").splitlines() if line]
    return [Paper(id=r["id"], abstract=r["abstract"], text=r["abstract"], title=r.get("title", ""), source=f"s.jsonl:{i}",
                  collection="c") for i, r in enumerate(rows)]


def test_vectors_are_int8_rows_scaled_to_127_that_keep_the_embeddings_cosines() -> None:
    feats = features.build_features(_sample_papers())
    matrix = vectors.paper_vectors(feats)
    assert matrix.dtype == np.int8
    assert matrix.shape == (40, min(vectors.DIMENSIONS, feats.embedding.shape[1]))
    assert set(np.abs(matrix.astype(int)).max(axis=1)) == {vectors.LEVELS}
    unit = matrix / np.linalg.norm(matrix.astype(float), axis=1, keepdims=True)
    exact = feats.embedding[:, : matrix.shape[1]]
    exact = exact / np.linalg.norm(exact, axis=1, keepdims=True)
    # Quantised, every paper's cosine to every other moves by less than 0.02, and its nearest paper stays the same.
    assert np.abs(unit @ unit.T - exact @ exact.T).max() < 0.02
    np.fill_diagonal(q := unit @ unit.T, -1)
    np.fill_diagonal(e := exact @ exact.T, -1)
    assert (q.argmax(axis=1) == e.argmax(axis=1)).mean() >= 0.95


def test_vectors_keep_a_papers_group_nearest() -> None:
    papers = grouped_papers()
    matrix = vectors.paper_vectors(features.build_features(papers)).astype(float)
    unit = matrix / np.linalg.norm(matrix, axis=1, keepdims=True)
    sims = unit @ unit.T
    np.fill_diagonal(sims, -1)
    size = len(next(iter(PAPER_GROUPS.values())))
    assert all(sims[i].argmax() // size == i // size for i in range(len(papers)))


def test_quantise_leaves_a_zero_row_zero_and_caps_at_127() -> None:
    out = vectors.quantise(np.array([[0.0, 0.0, 0.0], [0.5, -1.0, 0.25], [3.0, 0.0, -3.0]]))
    assert out.tolist() == [[0, 0, 0], [64, -127, 32], [127, 0, -127]]
    assert vectors.quantise(np.zeros((0, 5))).shape == (0, 5)


def test_vectors_file_holds_the_matrix_row_by_row_in_the_papers_order_and_is_small() -> None:
    papers = _sample_papers()
    matrix = vectors.paper_vectors(features.build_features(papers))
    text = vectors_json(Corpus(papers=papers, vectors=matrix))
    assert np.array_equal(_decoded(text), matrix)
    assert json.loads(text)["format"] == 1
    # Base64 of one byte a dimension: gzip gives back most of what base64 adds (targets: <= 100 B a paper).
    assert len(gzip.compress(text.encode(), 9)) / len(papers) <= 1.15 * matrix.shape[1] + 10


def test_vectors_file_refuses_vectors_of_other_papers_and_is_empty_without_vectors() -> None:
    papers = grouped_papers()
    with pytest.raises(ValueError, match="different list of papers"):
        vectors_json(Corpus(papers=papers, vectors=np.zeros((3, 4), dtype=np.int8)))
    empty = json.loads(vectors_json(Corpus(papers=papers)))
    assert (empty["count"], empty["dims"], empty["data"]) == (12, 0, "")


def test_saved_catalogue_keeps_hostile_text_as_data() -> None:
    hostile = '</script><img src=x onerror="alert(1)"> & \u2028 "quoted"'
    paper = Paper(id='id"<1>', abstract="a", text="a", title=hostile, authors=["A <b>B</b>", "C; D"], year="2024",
                  venue="ICLR 2024 poster", source="x:1", collection="c", slug="paper-abcdef")
    data = json.loads(papers_json(Corpus(papers=[paper])))
    assert data["papers"] == [["paper-abcdef", 'id"<1>', hostile, "A <b>B</b>; C; D", "2024", "ICLR 2024 poster", -1]]


def test_a_generated_site_has_the_saved_page_and_its_data_in_the_papers_order(project_factory) -> None:
    root = project_factory(FIXTURES / "golden" / "data")
    corpus, files = generate(Project.at(root), Progress(quiet=True))
    page = files["saved/index.md"]
    assert 'data-papers="papers.json"' in page and "saved-page.js" in page
    assert "search:\n  exclude: true" in page
    catalogue = json.loads(files["saved/papers.json"])
    assert [row[1] for row in catalogue["papers"]] == [p.id for p in corpus.papers]
    assert [row[0] for row in catalogue["papers"]] == [p.slug for p in corpus.papers]
    assert np.array_equal(_decoded(files["saved/vectors.json"]), corpus.vectors)
    # The BibTeX export takes the entries of exports/papers.bib by row: one entry a paper, in the same order.
    assert files["exports/papers.bib"].count("\n@") + 1 == len(corpus.papers)
    _, again = generate(Project.at(root), Progress(quiet=True))
    assert again["saved/vectors.json"] == files["saved/vectors.json"]
    assert again["saved/papers.json"] == files["saved/papers.json"]
