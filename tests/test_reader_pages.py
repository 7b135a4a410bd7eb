"""What a reader sees on the pages papersite writes: a home page that stays short at any size, labels for the
data's extra fields, BibTeX with the venue apart from its track, and map topics told apart by colour and shape."""

from __future__ import annotations

import itertools
import json
import re

import bibtexparser
import markdown

from generator.model import Collection, Corpus, Paper, Tag, Topic
from generator.write.export import bibtex_entry, citation_meta
from generator.write.render import render_site
from tests.conftest import ROOT

# Realistic lengths: ICLR titles average about 80 characters, their slugs about 60.
TITLE = "Scalable and Provably Efficient Methods for Learning Structured Representations, Part {}"


def _paper(i: int, **kw) -> Paper:
    base = dict(id=f"p{i:05d}", abstract="An abstract.", text="An abstract.", source=f"d.jsonl:{i + 1}", collection="c0",
                title=TITLE.format(i), slug=f"scalable-and-provably-efficient-methods-for-learning-{i:05d}")
    return Paper(**{**base, **kw})


def _corpus(n: int, topics: int = 1, dates: tuple[str, ...] = ("2025-01-01",), collections: int = 1) -> Corpus:
    """Return n papers spread over `topics` topics and `collections` collections, first seen on `dates` in turn."""
    papers = [_paper(i, topic=f"topic-{i % topics}", collection=f"c{i % collections}", tags=[f"tag-{i % 50}"])
              for i in range(n)]
    return Corpus(
        papers=papers,
        tags={f"tag-{k}": Tag(f"tag-{k}", f"tag {k}", papers=[p.id for p in papers[k::50]]) for k in range(min(n, 50))},
        topics=[Topic(f"topic-{k}", f"Structured representations and method family {k}", papers=[p.id for p in papers[k::topics]])
                for k in range(topics)],
        collections=[Collection(f"Collection {k}", count=len(papers[k::collections])) for k in range(collections)],
        first_seen={p.id: dates[i % len(dates)] for i, p in enumerate(papers)},
    )


def _home_html(corpus: Corpus) -> str:
    """Return the home page's article as HTML (Python-Markdown, as MkDocs makes it, without the theme)."""
    page = render_site(corpus, ROOT / "templates", "Test papers")["index.md"]
    return markdown.markdown(page.split("---\n", 2)[2], extensions=["attr_list"])


def test_the_home_page_of_10000_papers_stays_short_and_links_to_every_listing() -> None:
    corpus = _corpus(10_000, topics=120, dates=("2025-01-01", "2025-02-01"), collections=30)
    html = _home_html(corpus)
    # The theme's frame (header, navigation, footer) is about 10 KB: the article must leave room under 60 KB.
    assert len(html.encode("utf-8")) <= 30_000
    assert len(re.findall(r"<li>", html)) <= 60  # a short page: dozens of lines, not hundreds
    for listing in ("papers/index.md", "topics/index.md", "tags/index.md", "map/index.md"):
        assert f'href="{listing}"' in html, listing
    assert "10000 papers" in html and "120 topics" in html
    # Topics with their sizes (the largest), and papers only among the latest additions.
    assert re.search(r'<a href="topics/topic-0\.md">[^<]+</a> \(84\)', html)
    assert len(re.findall(r'href="papers/(?!index)[^"]+\.md"', html)) <= 10


def test_latest_additions_appear_only_when_some_papers_are_newer_than_the_rest() -> None:
    same_day = _home_html(_corpus(30))
    assert "Latest additions" not in same_day and "papers/scalable" not in same_day
    html = _home_html(_corpus(30, dates=("2025-01-01", "2025-03-01")))
    latest = re.search(r"<h2[^>]*>Latest additions</h2>\s*<ul>(.*?)</ul>", html, re.S).group(1)
    items = re.findall(r"<li>(.*?)</li>", latest, re.S)
    assert len(items) == 10 and all("added 2025-03-01" in item for item in items)


def test_extra_fields_are_labelled_in_words_on_paper_pages() -> None:
    corpus = _corpus(1)
    corpus.papers[0].extra = {"primary_area": "generative models", "status": "Poster", "arxiv_id": "2401.00001",
                              "openreviewForum": "abc"}
    page = render_site(corpus, ROOT / "templates", "Test")[corpus.papers[0].path]
    labels = re.findall(r"<dt>([^<]*)</dt><dd>", page)
    for label in ("Primary area", "Status", "arXiv ID", "OpenReview forum"):
        assert label in labels, labels
    assert "primary_area" not in labels and "<dd>generative models</dd>" in page


# Venue string → (booktitle, note): a year then a presentation track is split; anything else is kept whole.
VENUES = {
    "ICLR 2024 poster": ("ICLR 2024", "poster"),
    "ICLR 2024 spotlight": ("ICLR 2024", "spotlight"),
    "ICLR 2024 notable top 5%": ("ICLR 2024", r"notable top 5\%"),
    "NeurIPS 2023 (Datasets and Benchmarks Track)": ("NeurIPS 2023", "Datasets and Benchmarks Track"),
    "ICLR 2024": ("ICLR 2024", None),
    "ICML 2020, Vienna": ("ICML 2020, Vienna", None),  # a place, not a track
    "NeurIPS 2023 Workshop on Robustness": ("NeurIPS 2023 Workshop on Robustness", None),
    "NeurIPS": ("NeurIPS", None),
}


def test_bibtex_gives_the_venue_and_year_as_booktitle_and_the_track_as_a_note() -> None:
    got = {}
    for venue in VENUES:
        paper = _paper(1, authors=["Ann Lee"], year="2024", venue=venue)
        entry = bibtexparser.loads(bibtex_entry(paper)).entries[0]
        got[venue] = (entry["booktitle"], entry.get("note"))
        # Reference managers read the meta tags: the same venue there.
        assert ("citation_conference_title", entry["booktitle"].replace("\\", "")) in citation_meta(paper)
    assert got == VENUES


def _lab(colour: str) -> tuple[float, float, float]:
    """Return the CIELAB coordinates of a #rrggbb colour (D65), an oracle for how far apart colours look."""
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(int(colour[i:i + 2], 16) / 255) for i in (1, 3, 5))
    x, y, z = ((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b,
               (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883)
    f = [v ** (1 / 3) if v > 0.008856 else 7.787 * v + 16 / 116 for v in (x, y, z)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def _delta_e(c1: str, c2: str) -> float:
    """Return the CIE76 difference of two colours (about 2.3 is just noticeable; 25 is plainly different)."""
    return sum((x - y) ** 2 for x, y in zip(_lab(c1), _lab(c2))) ** 0.5


def test_eighty_topics_on_the_map_differ_in_shape_or_in_clearly_different_colours() -> None:
    files = render_site(_corpus(800, topics=80), ROOT / "templates", "Test")
    topics = json.loads(files["map/points.json"])["topics"]
    # Papers without a topic are drawn as grey circles: they must not pass for a topic either.
    marks = [(t["colour"], t["shape"]) for t in topics] + [("#888888", "circle")]
    assert len(marks) == 81
    for (c1, s1), (c2, s2) in itertools.combinations(marks, 2):
        if s1 == s2:
            assert _delta_e(c1, c2) >= 25, (c1, c2, s1)
    # The legend shows each topic's shape and colour, as the map draws it.
    swatches = re.findall(r'class="ps-swatch ps-swatch--([a-z-]+)" style="background: (#[0-9a-f]{6})"', files["map/index.md"])
    assert swatches == [(t["shape"], t["colour"]) for t in topics]



def test_a_paper_page_lists_each_related_paper_as_its_own_item_with_its_reasons() -> None:
    from generator.model import Related

    corpus = _corpus(4)
    corpus.papers[0].related = [Related("p00001", 0.9, ("graph neural networks", "link prediction")),
                                Related("p00002", 0.8, ()), Related("p00003", 0.7, ("link prediction",))]
    page = render_site(corpus, ROOT / "templates", "Test")[corpus.papers[0].path]
    html = markdown.markdown(page.split("---\n", 2)[2], extensions=["attr_list"])
    related = html.split("Related papers", 1)[1].split("</ol>", 1)[0]
    items = re.findall(r"<li>(.*?)</li>", related, re.S)
    assert len(items) == 3, related
    assert items[0].endswith("— shares graph neural networks, link prediction") and "shares" not in items[1]
    assert all(item.count("<a ") == 1 for item in items)
