"""The Saved page's data: what the reading list shows and exports of each paper, and the vectors "More like these" ranks.

Input: the corpus (its papers, topics and int8 vectors from infer/vectors.py). Output: saved/papers.json and
saved/vectors.json, both read by site_src/assets/javascripts/saved-page.js on the Saved page only, so no other page
pays for them. Rows of both files follow the corpus's paper order; BibTeX is not repeated here: the page takes the
entries of exports/papers.bib (same order) when the reader exports or imports BibTeX.
"""

from __future__ import annotations

import base64
import json

import numpy as np

from generator.model import Corpus

#: Version of both files' layout, checked by saved-page.js (a stale cached file is refused, not misread).
FORMAT = 1


def papers_json(corpus: Corpus) -> str:
    """Return saved/papers.json: topic names and, per paper, [slug, id, title, authors, year, venue, topic index]."""
    topic_index = {t.slug: i for i, t in enumerate(corpus.topics)}
    rows = ",\n".join(json.dumps([p.slug, p.id, p.title, "; ".join(p.authors), p.year or "", p.venue or "",
                                   topic_index.get(p.topic or "", -1)], ensure_ascii=False, separators=(",", ":"))
                       for p in corpus.papers)
    topics = json.dumps([t.name for t in corpus.topics], ensure_ascii=False, separators=(",", ":"))
    # One paper a line, as papers.json: a rebuild that changes one paper changes one line.
    return f'{{"format":{FORMAT},"topics":{topics},"papers":[\n{rows}\n]}}\n'


def vectors_json(corpus: Corpus) -> str:
    """Return saved/vectors.json: the papers' int8 vectors, row after row, as one base64 string with their shape."""
    matrix = corpus.vectors if corpus.vectors is not None else np.zeros((len(corpus.papers), 0), dtype=np.int8)
    if matrix.shape[0] != len(corpus.papers):
        raise ValueError("the vectors were made for a different list of papers")
    raw = np.ascontiguousarray(matrix, dtype=np.int8).tobytes()
    data = {"format": FORMAT, "count": int(matrix.shape[0]), "dims": int(matrix.shape[1]),
            "data": base64.b64encode(raw).decode("ascii")}
    return json.dumps(data, separators=(",", ":")) + "\n"


def saved_files(corpus: Corpus) -> dict[str, str]:
    """Return the Saved page's two data files by path."""
    return {"saved/papers.json": papers_json(corpus), "saved/vectors.json": vectors_json(corpus)}
