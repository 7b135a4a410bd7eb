"""Rendering: untrusted text is escaped for Markdown and HTML; the catalog is the documented contract."""

from __future__ import annotations

import html as htmllib
import json

import markdown

from generator.model import Corpus, Paper, Related, Tag, Topic
from generator.write.render import catalog_json, md_escape


def _html(text: str) -> str:
    return markdown.markdown(text, extensions=["pymdownx.arithmatex", "attr_list", "tables"],
                             extension_configs={"pymdownx.arithmatex": {"generic": True}})


def test_md_escape_neutralises_html_and_markdown() -> None:
    for hostile in ["<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "[x](javascript:alert(1))",
                    "**bold** _it_ `code`", "$x$ math", "# heading", "a | b", "<!-- material/tags -->"]:
        html = _html(f"Title: {md_escape(hostile)}")
        assert "<script" not in html and "<img" not in html and "href" not in html
        assert "<strong>" not in html and "<em>" not in html and "<code>" not in html
        assert "arithmatex" not in html and "<!--" not in html


def test_md_escape_keeps_the_text_readable() -> None:
    text = "Fish & Chips: 3.5 <x> [y] *a* $1 \\(z\\)"
    html = _html(str(md_escape(text)))
    assert html.startswith("<p>") and html.endswith("</p>") and "<" not in html[3:-4]
    assert htmllib.unescape(html[3:-4]) == text


def test_catalog_has_the_documented_fields() -> None:
    p1 = Paper(id="a", abstract="x", text="x", source="data/a.txt:3", collection="C", title="T1", slug="t1-aaaaaa",
               title_inferred=True, tags=["gnn"], topic="graphs", related=[Related("b", 0.5, ("graphs",))])
    p2 = Paper(id="b", abstract="y", text="y", source="data/a.txt:5", collection="C", title="T2", slug="t2-bbbbbb")
    corpus = Corpus(papers=[p1, p2], tags={"gnn": Tag("gnn", "graph neural networks", papers=["a", "b"])},
                    topics=[Topic("graphs", "Graphs", papers=["a"])])
    rows = json.loads(catalog_json(corpus))
    assert rows[0]["url"] == "papers/t1-aaaaaa/"
    assert rows[0]["tags"] == ["graph neural networks"] and rows[0]["topic"] == "Graphs"
    assert rows[0]["related"] == [{"id": "b", "score": 0.5, "terms": ["graphs"]}]
    assert rows[0]["title_inferred"] is True and rows[0]["source"] == "data/a.txt:3"
    assert {"id", "url", "title", "title_inferred", "tags", "topic", "related", "source"} <= set(rows[1])


def test_a_paper_page_is_taken_as_rendered_before_when_only_its_related_scores_moved() -> None:
    """A new abstract shifts every similarity a little; a page whose shown related papers (titles and reasons) are the
    same is the same page, and is not rendered again (its memo key is unchanged)."""
    from generator.write.render import render_site
    from tests.conftest import ROOT

    def corpus(score: float, terms: tuple[str, ...] = ("graphs",)) -> Corpus:
        p1 = Paper(id="a", abstract="x", text="x", source="data/a.txt:3", collection="C", title="T1", slug="t1-aaaaaa",
                   related=[Related("b", score, terms)])
        p2 = Paper(id="b", abstract="y", text="y", source="data/a.txt:5", collection="C", title="T2", slug="t2-bbbbbb")
        return Corpus(papers=[p1, p2], tags={}, topics=[])

    def keys(c: Corpus) -> list:
        seen: list = []

        def memo(contexts, key, compute, min_items=None):
            seen.extend(json.dumps(key(ctx), default=repr) for ctx in contexts)
            return [compute(ctx) for ctx in contexts]
        render_site(c, ROOT / "templates", "Papers", memo=memo)
        return seen

    assert keys(corpus(0.5)) == keys(corpus(0.51))
    assert keys(corpus(0.5)) != keys(corpus(0.5, ("trees",)))  # a changed reason is a changed page
