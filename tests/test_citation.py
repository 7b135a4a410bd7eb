"""Citation data: meta tags for Zotero and Google Scholar, the Cite block, BibTeX and CSV of the whole collection."""

from __future__ import annotations

import csv
import html
import io
import json
import re
from pathlib import Path

import bibtexparser
import pytest

from generator.build import build
from generator.project import Project
from generator.write.export import bibtex_entry, citation_meta, csv_file
from generator.model import Corpus, Paper
from generator.runtime.progress import Progress

from .conftest import FIXTURES

HOSTILE = '"><script>alert(1)</script> & {odd} 50% $x$'


def _paper(**kw) -> Paper:
    base = dict(id="p1", abstract="An abstract.", text="An abstract.", source="d.jsonl:1", collection="C",
                title="Sparse Models", slug="sparse-models-aaaaaa")
    return Paper(**{**base, **kw})


def test_meta_tags_name_every_known_fact_and_one_author_each() -> None:
    paper = _paper(authors=["Ann Lee", "Bo Li"], year="2024", venue="ICLR 2024", pdf_url="https://x.org/a.pdf",
                   doi="10.1/xyz", url="https://x.org/a")
    meta = citation_meta(paper)
    assert meta == [("citation_title", "Sparse Models"), ("citation_author", "Ann Lee"), ("citation_author", "Bo Li"),
                    ("citation_publication_date", "2024"), ("citation_conference_title", "ICLR 2024"),
                    ("citation_pdf_url", "https://x.org/a.pdf"), ("citation_doi", "10.1/xyz"),
                    ("citation_abstract_html_url", "https://x.org/a")]
    assert ("citation_journal_title", "Transactions on Machine Learning Research") in citation_meta(
        _paper(venue="Transactions on Machine Learning Research"))
    assert citation_meta(_paper()) == [("citation_title", "Sparse Models")]  # unknown facts are left out


def test_bibtex_survives_hostile_values_and_parses_back() -> None:
    paper = _paper(title=HOSTILE, authors=["Zoë Müller", "R. {Evil} Person"], year="2024", venue="NeurIPS")
    entry = bibtex_entry(paper)
    parsed = bibtexparser.loads(entry).entries
    assert len(parsed) == 1 and parsed[0]["ENTRYTYPE"] == "inproceedings"
    assert parsed[0]["year"] == "2024" and parsed[0]["booktitle"] == "NeurIPS"
    assert "script" in parsed[0]["title"] and r"50\%" in parsed[0]["title"]
    assert entry.count("{") == entry.count("}")  # no value can close its field early
    assert re.match(r"@inproceedings\{muller2024script_\w+,", entry)


def test_csv_has_one_row_per_paper_and_no_formula() -> None:
    corpus = Corpus(papers=[_paper(title="=HYPERLINK(\"http://evil\")", authors=["A, B", "C"]), _paper(id="p2", title="Two")])
    rows = list(csv.DictReader(io.StringIO(csv_file(corpus))))
    assert [r["id"] for r in rows] == ["p1", "p2"]
    assert rows[0]["title"].startswith("'=") and rows[0]["authors"] == "A, B; C"
    assert rows[1]["page"] == "papers/sparse-models-aaaaaa/"


@pytest.mark.slow
def test_built_pages_carry_escaped_meta_tags_a_cite_block_and_the_exports(project_factory, tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    lines = (FIXTURES / "iclr_sample.jsonl").read_text(encoding="utf-8").splitlines()[:12]
    hostile = json.loads(lines[0])
    hostile.update(id="hostile1", authors=[HOSTILE, "Plain Author"], title="Hostile " + HOSTILE,
                   abstract=hostile["abstract"] + " A different ending for this copy.")
    (data / "papers.jsonl").write_text("\n".join(lines + [json.dumps(hostile)]) + "\n", encoding="utf-8")
    root = project_factory(data)
    build(Project.at(root), Progress(quiet=True), strict=True)
    site = root / "site"
    catalog = json.loads((site / "papers.json").read_text(encoding="utf-8"))
    entry = next(p for p in catalog if p["id"] == "hostile1")
    page = (site / entry["url"] / "index.html").read_text(encoding="utf-8")
    head = page.split("</head>", 1)[0]
    assert "<script>alert" not in page
    authors = re.findall(r'<meta name="citation_author" content="([^"]*)">', head)
    assert [html.unescape(a) for a in authors] == entry["authors"] and len(authors) == 2
    assert authors[0].startswith("&#34;&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp;")
    assert re.search(r'<meta name="citation_publication_date" content="20\d\d">', head)
    assert '<meta name="citation_pdf_url" content="https://' in head
    assert '<link rel="alternate" type="application/atom+xml"' in head
    assert re.search(r'<h2 [^>]*id="cite"', page) and 'class="ps-bibtex"' in page
    bib = bibtexparser.loads((site / "exports" / "papers.bib").read_text(encoding="utf-8")).entries
    rows = list(csv.DictReader(io.StringIO((site / "exports" / "papers.csv").read_text(encoding="utf-8"))))
    assert len(bib) == len(rows) == len(catalog) == 13
    home = (site / "index.html").read_text(encoding="utf-8")
    assert 'href="exports/papers.bib"' in home and 'href="exports/papers.csv"' in home


def test_facets_json_gives_every_paper_its_topic_tags_venue_year_and_authors() -> None:
    from generator.infer.authors import group_authors
    from generator.write.export import facets_json
    from generator.model import Tag, Topic

    papers = [_paper(tags=["b", "a"], topic="t", venue="ICLR", year="2024", authors=["Zoe Zed", "Ann Alpha"]),
              _paper(id="p2", slug="two-bbbbbb", authors=["ann alpha"])]
    people, by_paper = group_authors(papers, {})
    corpus = Corpus(papers=papers, tags={"a": Tag("a", "Alpha"), "b": Tag("b", "Beta")}, topics=[Topic("t", "Topic T")],
                    authors=people, paper_authors=by_paper)
    data = json.loads(facets_json(corpus))
    assert data["topics"] == [["t", "Topic T"]] and data["tags"] == [["a", "Alpha"], ["b", "Beta"]]
    assert data["authors"] == [["ann-alpha", "Ann Alpha"], ["zoe-zed", "Zoe Zed"]]  # by surname, as the index
    assert data["papers"] == [["Sparse Models", "sparse-models-aaaaaa/", 0, [1, 0], "ICLR", "2024", [0, 1]],
                              ["Sparse Models", "two-bbbbbb/", -1, [], "", "", [0]]]


def test_math_in_an_abstract_reaches_the_description_feed_and_csv_as_written(tmp_path: Path) -> None:
    """"$k$-means" and "$\\pi$2vec" are no "-means" and "2vec" where the abstract is shown as text: the page's meta
    description and the feed say "k-means" and "π2vec", and the CSV keeps the abstract as given."""
    from generator.build import generate
    from tests.conftest import records_project

    abstract = ("We present $\\pi$2vec, a method that clusters policies with $k$-means in $O(n \\log n)$ time. "
                + "Each policy is a vector of successor features from a pretrained model. " * 4)
    records = [{"id": "a1", "title": "Pi2vec", "abstract": abstract, "year": 2024},
               {"id": "a2", "title": "Other", "abstract": "We study sparse autoencoders for protein design.", "year": 2024}]
    root = records_project(tmp_path / "project", records)
    _, files = generate(Project.at(root), Progress(quiet=True))
    page = next(text for path, text in files.items() if path.startswith("papers/pi2vec"))
    description = re.search(r"^description: (.*)$", page, re.M).group(1)
    assert "π2vec" in description and "k-means" in description and "O(n log n)" in description, description
    assert description.rstrip('"').endswith("…") and len(description) < 230, description  # cut at a word
    rows = list(csv.DictReader(io.StringIO(files["exports/papers.csv"])))
    assert next(r for r in rows if r["id"] == "a1")["abstract"].startswith("We present $\\pi$2vec"), rows
    feed = files["feed.xml"]
    assert "π2vec" in feed and "with k-means in" in feed, feed
