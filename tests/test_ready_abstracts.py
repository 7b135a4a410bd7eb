"""An abstract of plain text and papersite's own links reaches MkDocs as ready HTML: the site is the same as when
Markdown converts it, an abstract with any other markup is converted as before, and data text never makes HTML."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from generator.build import build
from generator.project import Project
from generator.runtime.progress import Progress
from generator.write import raw_html

from .conftest import PAPER_GROUPS, copy_project

#: Abstracts Python-Markdown reads as markup: each keeps the Markdown route.
MARKED = {
    "emphasis": "We study offline reinforcement learning with a *conservative* policy and reward shaping on benchmarks.",
    "math": "We study offline reinforcement learning where the policy bound is $O(\\sqrt{T})$ in reward regret.",
    "hostile": f"We study offline reinforcement learning. {raw_html.RAW_END}<script>alert(1)</script> More reward.",
    "entity": "We study offline reinforcement learning &amp; reward shaping for policy improvement on benchmarks.",
}
#: A web address in angle brackets: Python-Markdown links it to itself, and so does the ready HTML.
ADDRESS = "We study offline reinforcement learning for policy and reward. Code: <https://example.org/rl-code_v2>"


def _records() -> list[dict]:
    texts = [t for group in PAPER_GROUPS.values() for t in group] + [ADDRESS, *MARKED.values()]
    return [{"id": f"p{i:02d}", "title": f"Paper {i:02d} on " + " ".join(text.split()[:4]), "abstract": text}
            for i, text in enumerate(texts)]


def _build(tmp: Path, ready: bool) -> Path:
    data = tmp / "data"
    data.mkdir(parents=True)
    (data / "papers.jsonl").write_text("".join(json.dumps(r) + "\n" for r in _records()), encoding="utf-8")
    root = copy_project(tmp / "project", data)
    if not ready:  # the template as it was: every abstract goes through Markdown
        template = root / "templates" / "paper.md.j2"
        text = template.read_text(encoding="utf-8")
        assert "{% set ready = paper|ready_html %}" in text
        template.write_text(text.replace("{% set ready = paper|ready_html %}", "{% set ready = none %}"), encoding="utf-8")
    build(Project.at(root), Progress(quiet=True), strict=True)
    return root


def _paper_pages(root: Path) -> dict[str, str]:
    site = root / "site" / "papers"
    return {p.parent.name: p.read_text(encoding="utf-8") for p in sorted(site.glob("*/index.html"))}


def _unmarked(html: str) -> str:
    return re.sub(rf"^(?:{re.escape(raw_html.RAW_START)}|{re.escape(raw_html.RAW_END)})\n", "", html, flags=re.M)


@pytest.fixture(scope="module")
def sites(tmp_path_factory) -> tuple[dict[str, str], dict[str, str]]:
    """Build the same data with ready abstracts and with every abstract converted by Markdown."""
    return _paper_pages(_build(tmp_path_factory.mktemp("ready"), True)), _paper_pages(_build(tmp_path_factory.mktemp("md"), False))


def test_ready_abstracts_are_the_html_markdown_makes_of_them(sites) -> None:
    ready, converted = sites
    assert ready.keys() == converted.keys()
    assert {k: _unmarked(v) for k, v in ready.items()} == converted
    marked = [slug for slug, html in ready.items() if raw_html.RAW_START in html]
    # Most abstracts of plain text hold links to tag pages the build added; those went the ready way.
    linked = [slug for slug in marked if 'href="../../tags/' in ready[slug].split(raw_html.RAW_START, 1)[1]]
    assert len(marked) >= len(PAPER_GROUPS) and linked, marked
    address = next(html for html in ready.values() if "rl-code_v2" in html)
    assert raw_html.RAW_START in address
    assert '<a href="https://example.org/rl-code_v2">https://example.org/rl-code_v2</a>' in address


def test_an_abstract_with_markup_or_hostile_text_is_converted_by_markdown(sites) -> None:
    ready, _ = sites
    for word in ("conservative", "sqrt", "alert(1)", "&amp; reward"):
        html = next(h for h in ready.values() if word in h)
        abstract = html.split("<h1", 1)[1]
        assert abstract.count(raw_html.RAW_START) == abstract.count(raw_html.RAW_END) == 0, word
    hostile = next(h for h in ready.values() if "alert(1)" in h)
    assert "<script>alert(1)" not in hostile and "&lt;script&gt;alert(1)" in hostile


def test_paragraph_takes_plain_text_and_own_links_only() -> None:
    def href(target: str, page: str) -> str:
        return f"[{target} from {page}]"

    page = "papers/a.md"
    assert raw_html.paragraph("Plain text, with (brackets) and 50% more.", page, href) == (
        "<p>Plain text, with (brackets) and 50% more.</p>")
    assert raw_html.paragraph("See [RL](../tags/rl.md) and [B](b-1.md).", page, href) == (
        '<p>See <a href="[tags/rl.md from papers/a.md]">RL</a> and <a href="[papers/b-1.md from papers/a.md]">B</a>.</p>')
    for marked in ("a *b* c", "a _b_ c", "a `b` c", "a \\* b", "a <b> c", "a &amp; b", "a $x$ b", "a [b](http://x) c",
                   "a {: .x } b", "a | b", "# A", "1. A", "- A", " A", "A\nB", "A\tB", "[a *b*](../tags/x.md)", ""):
        assert raw_html.paragraph(marked, page, href) is None, marked


def test_a_site_without_directory_urls_is_refused_with_one_line(project_factory, capsys) -> None:
    # Ready HTML links to directory URLs (as the authors' pages do): with use_directory_urls false they would all be
    # broken, so the build says so instead, naming the file, the line and the setting, and writes nothing.
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
