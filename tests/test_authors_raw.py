"""The authors' pages' ready HTML skips the Markdown conversion: the site is the same as when Markdown converts it
(MkDocs' own loop), Python-Markdown never sees the bodies, and a hostile author name cannot close a block early."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import markdown
import pytest

from generator.build import build
from generator.project import Project
from generator.runtime.progress import Progress
from generator.write import raw_html
from generator.write.mkdocs_adapter import OWN_LOOP_VARIABLE

from .conftest import PAPER_GROUPS, copy_project

HOSTILE = f"Eve {raw_html.RAW_END}<script>alert(1)</script> {raw_html.RAW_START} Mallory"


def _records() -> list[dict]:
    texts = [t for group in PAPER_GROUPS.values() for t in group]
    bylines = [["Ann Lee", HOSTILE], ["Ann Lee", "Bo Li", HOSTILE], ["Bo Li", "Cy Do"], ["Dee Ek"]]
    return [{"id": f"p{i:02d}", "title": f"Paper {i:02d} on " + " ".join(text.split()[:5]), "abstract": text,
             "authors": bylines[i % len(bylines)], "year": str(2020 + i % 4)} for i, text in enumerate(texts)]


def _build(tmp: Path, own_loop: bool, monkeypatch: pytest.MonkeyPatch) -> Path:
    data = tmp / "data"
    data.mkdir(parents=True)
    (data / "papers.jsonl").write_text("".join(json.dumps(r) + "\n" for r in _records()), encoding="utf-8")
    root = copy_project(tmp / "project", data)
    with monkeypatch.context() as patch:
        if own_loop:
            patch.setenv(OWN_LOOP_VARIABLE, "1")
        else:
            patch.delenv(OWN_LOOP_VARIABLE, raising=False)
        build(Project.at(root), Progress(quiet=True), strict=True)
    return root


def _authors_pages(root: Path) -> dict[str, str]:
    site = root / "site" / "authors"
    return {p.relative_to(site).as_posix(): p.read_text(encoding="utf-8") for p in sorted(site.rglob("index.html"))}


@pytest.fixture(scope="module")
def sites(tmp_path_factory) -> tuple[Path, Path, list[str]]:
    """Build the same data with the adapter (ready HTML kept out of Markdown) and with MkDocs' own loop."""
    converted: list[str] = []
    original = markdown.Markdown.convert

    def spy(self, source: str) -> str:  # noqa: ANN001
        converted.append(source)
        return original(self, source)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(markdown.Markdown, "convert", spy)
        fast = _build(tmp_path_factory.mktemp("fast"), False, patch)
        seen = list(converted)
        slow = _build(tmp_path_factory.mktemp("slow"), True, patch)
    return fast, slow, seen


def test_the_authors_pages_are_the_html_markdown_makes_of_them(sites) -> None:
    fast, slow, _ = sites
    pages = _authors_pages(fast)
    assert "index.html" in pages and any(p.startswith("people/") for p in pages)
    assert pages == _authors_pages(slow)
    assert (fast / "site" / "papers" / "facets.json").read_bytes() == (slow / "site" / "papers" / "facets.json").read_bytes()


def test_markdown_never_sees_the_ready_html_but_the_table_of_contents_lists_the_authors(sites) -> None:
    fast, _, seen = sites
    authors_sources = [s for s in seen if "papersite:raw" in s]
    assert authors_sources, "the authors' pages went through Markdown with placeholders"
    assert not any('class="ps-person"' in s or 'class="ps-authors"' in s for s in authors_sources)
    people = next(html for path, html in _authors_pages(fast).items() if path.startswith("people/")
                  and 'id="ann-lee"' in html)
    toc = re.search(r'<nav class="md-nav md-nav--secondary".*?</nav>', people, re.S).group(0)
    assert 'href="#ann-lee"' in toc and "Ann Lee" in toc


def test_a_hostile_author_name_is_text_and_closes_no_block(sites) -> None:
    fast, _, _ = sites
    pages = _authors_pages(fast)
    for path, html in pages.items():
        assert "<script>alert(1)" not in html, path
        # The markers stay in the HTML as the comments they are, in pairs: the name made none of them.
        assert html.count(raw_html.RAW_START) == html.count(raw_html.RAW_END) >= 1, path
    escaped = "Eve &lt;!-- /papersite:raw --&gt;&lt;script&gt;alert(1)&lt;/script&gt; &lt;!-- papersite:raw --&gt; Mallory"
    assert escaped in pages["index.html"]
    assert any(escaped in html and "Ann Lee" in html for path, html in pages.items() if path.startswith("people/"))


def test_cut_and_paste_give_back_the_page_and_refuse_a_lost_placeholder() -> None:
    page = (f"# T\n\n{raw_html.RAW_START}\n<p id=\"a\">one</p>\n{raw_html.RAW_END}\n\n## H {{ #h }}\n\n"
            f"{raw_html.RAW_START}\n<ul><li id='b'>two</li></ul>\n{raw_html.RAW_END}\n")
    cut, blocks = raw_html.cut(page)
    assert len(blocks) == 2 and "one" not in cut and "two" not in cut and "## H" in cut
    assert raw_html.paste(cut, blocks) == page
    assert raw_html.anchor_ids(blocks) == {"a", "b"}
    assert raw_html.paste(cut.replace("<!-- papersite:raw 1 -->", ""), blocks) is None
    # A marker inside a line (as escaped data never makes one, but raw text might) is no block.
    assert raw_html.cut(f"x {raw_html.RAW_START}\ny\n{raw_html.RAW_END}\n")[1] == []
    assert os.environ.get(OWN_LOOP_VARIABLE) is None


def test_a_site_without_directory_urls_is_refused_with_one_line(project_factory, capsys) -> None:
    # The ready HTML (and every page's author links) link to directory URLs: with use_directory_urls false they would
    # all be broken, so the build says so instead, naming the file, the line and the setting, and writes nothing.
    from generator.cli import main

    root = project_factory()
    config = root / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    assert "\nuse_directory_urls: true\n" in text
    config.write_text(text.replace("\nuse_directory_urls: true\n", "\nuse_directory_urls: false\n"), encoding="utf-8")
    line = text.splitlines().index("use_directory_urls: true") + 1
    assert main(["build", "--project", str(root)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.endswith(f"mkdocs.yml:{line}: use_directory_urls: papersite's pages link to directory URLs (tags/x/); "
                        "remove this setting or set it to true"), err
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert not (root / "site").exists()
