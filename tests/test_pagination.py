"""Listing pages stay small: big tag, topic and tags-index listings are split into linked pages."""

from __future__ import annotations

import posixpath
import re

import pytest

from generator.write.compact import compact_html
from generator.model import Corpus, Paper, Tag, Topic
from generator.write.render import PAGE_SIZE, paged_paths, render_site
from tests.conftest import ROOT

N = 2 * PAGE_SIZE + 17


def _corpus(n: int = N) -> Corpus:
    """Return `n` papers that all share one tag and one topic, plus `n` tags of two papers each."""
    papers = [Paper(id=f"p{i:04d}", abstract=f"Abstract {i}.", text=f"Abstract {i}.", source=f"data/x.jsonl:{i + 1}",
                    collection="x", title=f"Paper {i:04d}", slug=f"paper-{i:04d}", topic="big", tags=["common"])
              for i in range(n)]
    tags = {"common": Tag("common", "common", papers=[p.id for p in papers])}
    for i in range(n):
        tags[f"t{i:04d}"] = Tag(f"t{i:04d}", f"tag {i:04d}", papers=[papers[i].id, papers[(i + 1) % n].id])
    topic = Topic("big", "Big topic", papers=[p.id for p in papers])
    return Corpus(papers=papers, tags=dict(sorted(tags.items())), topics=[topic])


def _links(markdown: str, path: str = "") -> list[str]:
    """Return the targets of the links of the page at `path`, as paths of docs_dir: its Markdown links' as written,
    its ready HTML's (hrefs to the pages' directory URLs) as the Markdown file they are made from."""
    found = re.findall(r"\]\(([^)]+)\)", markdown)
    folder = path[:-3] if not path.endswith("index.md") else path[:-len("index.md")]  # the page's own URL
    for href in re.findall(r'<a href="([^"]+)"', markdown):
        target = posixpath.normpath(posixpath.join(folder, href)) + ".md"
        found.append(posixpath.relpath(target, posixpath.dirname(path) or "."))
    return found


def test_big_listings_are_split_into_linked_pages_that_each_stay_small() -> None:
    files = render_site(_corpus(), ROOT / "templates", "Test")
    for first, total in (("tags/common.md", N), ("topics/big.md", N), ("tags/index.md", N + 1)):
        paths = paged_paths(first, total)
        assert len(paths) == 3 and all(p in files for p in paths)
        for page, path in enumerate(paths, start=1):
            entries = [l for l in files[path].splitlines() if l.startswith(("- [", "<li><a "))]
            assert len(entries) == (PAGE_SIZE if page < 3 else total - 2 * PAGE_SIZE), path
            # Every link resolves to a generated page, from wherever this page sits.
            for target in _links(files[path], path):
                resolved = posixpath.normpath(posixpath.join(posixpath.dirname(path), target))
                assert resolved in files or resolved == "papers/index.md", (path, target)
        assert "Next page" in files[paths[0]] and "Previous page" in files[paths[-1]]
    # Together the pages list every paper exactly once.
    listed = [posixpath.normpath(posixpath.join(posixpath.dirname(p), t)) for p in paged_paths("tags/common.md", N)
              for t in _links(files[p], p) if "papers/paper-" in t]
    assert len(listed) == len(set(listed)) == N


def test_a_small_listing_stays_one_page_without_page_links() -> None:
    corpus = _corpus()
    corpus.tags["common"].papers = corpus.tags["common"].papers[:5]
    files = render_site(corpus, ROOT / "templates", "Test")
    assert paged_paths("tags/common.md", 5) == ["tags/common.md"]
    assert "Next page" not in files["tags/common.md"] and not any(p.startswith("tags/common/") for p in files)


@pytest.mark.parametrize(("page", "compacted"), [
    ("  <a>\n\t\n  <b>\n \n", "  <a>\n<b>\n"),  # the first line keeps its indent; a last blank line stays, emptied
    ("<p>\n\n\n</p>\n   ", "<p>\n</p>\n"),
    ("<pre>a\n  b</pre>  \n  <i>\r\n  x", "<pre>a\n  b</pre>  \n<i>\r\nx"),  # after </pre> a line starts anew
    ("", ""),
])
def test_compacting_drops_blank_lines_and_indents_only(page: str, compacted: str) -> None:
    assert compact_html(page) == compacted


def test_compacting_html_keeps_preformatted_text_and_word_breaks() -> None:
    page = "<div>\n   \n  <p>a\n    b</p>\n\n<pre><code>x\n\n  y</code></pre>\n  <textarea>\n  k</textarea>\n"
    assert compact_html(page) == "<div>\n<p>a\nb</p>\n<pre><code>x\n\n  y</code></pre>\n<textarea>\n  k</textarea>\n"


def test_one_more_paper_changes_only_the_first_and_last_page_of_the_papers_listing() -> None:
    corpus = _corpus()
    before = render_site(corpus, ROOT / "templates", "Test")
    new = Paper(id="p9999", abstract="Abstract new.", text="Abstract new.", source=f"data/x.jsonl:{N + 1}",
                collection="x", title="Paper new", slug="paper-new", topic="big", tags=["common"])
    corpus.papers.append(new)
    after = render_site(corpus, ROOT / "templates", "Test")
    listing = ["papers/index.md", "papers/page-2.md", "papers/page-3.md"]
    # Page 1 gives the total; the pages between list the same papers as before, so a deploy leaves them as they were.
    assert f"{N + 1} papers" in after[listing[0]] and f"{N} papers" in before[listing[0]]
    assert after[listing[1]] == before[listing[1]]
    assert after[listing[2]] != before[listing[2]] and "paper-new.md" in after[listing[2]]


def test_one_more_paper_that_opens_a_listing_page_leaves_the_pages_between_as_they_were() -> None:
    """Page 2 of 3 full pages says "page 2", not "page 2 of 3": a fourth page does not make it change."""
    corpus = _corpus(3 * PAGE_SIZE)
    before = render_site(corpus, ROOT / "templates", "Test")
    corpus.papers.append(Paper(id="p9999", abstract="Abstract new.", text="Abstract new.", source="data/x.jsonl:9999",
                               collection="x", title="Paper new", slug="paper-new", topic="big", tags=["common"]))
    after = render_site(corpus, ROOT / "templates", "Test")
    assert "papers/page-4.md" not in before and "paper-new.md" in after["papers/page-4.md"]
    assert after["papers/page-2.md"] == before["papers/page-2.md"]
    assert "Next page" in after["papers/page-3.md"] and "Next page" not in before["papers/page-3.md"]


def test_a_listing_is_ready_html_unless_a_title_in_it_has_math() -> None:
    corpus = _corpus(4)
    corpus.papers[0].title_md = r"$\alpha$ Paper 0000"
    files = render_site(corpus, ROOT / "templates", "Test")
    # tag 0000 lists papers 0 and 1: Markdown, for arithmatex and KaTeX to render the math.
    assert r"- [$\alpha$ Paper 0000](../papers/paper-0000.md)" in files["tags/t0000.md"]
    assert "<li>" not in files["tags/t0000.md"]
    # tag 0002 lists papers 2 and 3: ready HTML, which MkDocs leaves unconverted (write/raw_html.py).
    assert ('<!-- papersite:raw -->\n<ul>\n<li><a href="../../papers/paper-0002/">Paper 0002</a></li>\n'
            '<li><a href="../../papers/paper-0003/">Paper 0003</a></li>\n</ul>\n<!-- /papersite:raw -->') in files["tags/t0002.md"]
