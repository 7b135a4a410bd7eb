"""Hostile text, round two (issue #12): attribute lists and e-mail autolinks formed from data, and abstracts that
made the normaliser, the title finder and the cross-linker quadratic."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from generator.cli import main
from tests.conftest import Page, records_project, run_cli

_TEXT = " We study graph neural networks for molecular property prediction on standard benchmarks."

#: Attribute lists right after cross-linked tag phrases and method names, in every field that reaches Markdown.
ATTRIBUTE_LISTS = [
    # Each payload word occurs once: a word in two papers becomes a tag, and its link would break the list up.
    {"abstract": "We use graph neural networks{{ autofocus onfocus=confirm(1) tabindex=0 }} for molecules." + _TEXT},
    {"abstract": "We use graph neural networks{% onpointerover='prompt(3)' %} here." + _TEXT},
    {"abstract": "Graph neural networks{: onmouseover=print(4) } and molecular property prediction{ onclick=open(5) }." + _TEXT},
    {"title": "Title {: ondblclick=alert(6) }", "authors": ["Ann{: onkeydown=alert(7) }"], "venue": "V{: onkeyup=alert(8) }",
     "keywords": ["k{: onwheel=alert(9) }"], "tldr": "T{: oncopy=alert(10) }", "extra": "{: oncut=alert(11) }",
     "abstract": "We propose FooNet, a model." + _TEXT},
    {"abstract": "Building on FooNet{{ onmouseenter=stop(12) }}, we go further." + _TEXT},
    {"abstract": "Compared with FooNet{% onpointerdown=focus(13) %} and $x${: onauxclick=blur(14) } too." + _TEXT},
]
MAIL = {"abstract": "Write to <\\_x@y> or <1@2> or <x@y> or <.\u0085@y>." + _TEXT}


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """Build the attribute-list and e-mail records (strict) and return the project."""
    root = records_project(tmp_path_factory.mktemp("text") / "project", ATTRIBUTE_LISTS + [MAIL])
    result = run_cli("build", "--strict", "-q", "--project", str(root))
    assert result.returncode == 0, result.stderr
    return root


def _paper_page(root: Path, line: int) -> Page:
    """Return the built page of the record on `line` of data/hostile.jsonl."""
    catalog = json.loads((root / "site" / "papers.json").read_text(encoding="utf-8"))
    row = next(r for r in catalog if r["source"] == f"data/hostile.jsonl:{line}")
    return Page((root / "site" / row["url"] / "index.html").read_text(encoding="utf-8"))


def test_attribute_lists_in_data_never_become_attributes(built: Path) -> None:
    for path in sorted((built / "site").rglob("*.html")):
        assert Page(path.read_text(encoding="utf-8")).handlers == [], path


def test_attribute_list_text_is_shown_as_written(built: Path) -> None:
    assert "graph neural networks{% onpointerover='prompt(3)' %} here." in _paper_page(built, 2).visible
    assert "FooNet{{ onmouseenter=stop(12) }}, we go further." in _paper_page(built, 5).visible


def test_email_autolinks_in_an_abstract_are_text(built: Path) -> None:
    html = (built / "site" / "papers.json").read_text(encoding="utf-8")
    assert html
    page = _paper_page(built, len(ATTRIBUTE_LISTS) + 1)
    assert "Write to <_x@y> or <1@2> or <x@y>" in page.visible
    for path in sorted((built / "site" / "papers").rglob("*.html")):
        assert "mailto:" not in path.read_text(encoding="utf-8"), path


# --------------------------------------------------------------------------------------------------
# Adversarial abstracts build in about the time of an ordinary abstract of the same size

_SIZE = 64 * 1024
_ORDINARY = "Graph neural networks learn molecular representations from atoms and bonds, and we study them. "
_ADVERSARIAL = ["\\(", "\\[", "`", "``", "a- ", "ab- cd- ", "\\begin{equation}", "-", "$", "\\", "(", "*", "_", " ",
                "A", "1", ".", "A. ", "*a ", "_a ", "`a``", "\\, --",
                # The title finder: unclosed brackets and links, and naming phrases that re-read the rest of the text.
                "[", "\\url{", "\\cite{", "<http://", "we propose ", "We propose X, a ", "called ", "called X (",
                "called (AB) ", "our method (AB) ", "we dubbed our ", "; X (",
                # An acronym in quotes ("prior 'VDP' framework") whose closing quote never comes.
                "x '" + "A" * _SIZE]


def _generate_seconds(root: Path, abstracts: list[str]) -> float:
    """Return how long `papersite generate` takes on a project with these abstracts (and three ordinary ones)."""
    records = [{"title": f"Paper {i}", "abstract": f"Paper {i}. {a}"} for i, a in enumerate(abstracts)]
    records += [{"abstract": f"Short paper {i}." + _TEXT} for i in range(3)]
    project = records_project(root, records)
    start = time.perf_counter()
    assert main(["generate", "-q", "--project", str(project)]) == 0
    return time.perf_counter() - start


def test_adversarial_abstracts_take_about_as_long_as_ordinary_ones(tmp_path: Path) -> None:
    def fill(pattern: str) -> str:
        return (pattern * (_SIZE // len(pattern) + 1))[:_SIZE]

    ordinary = _generate_seconds(tmp_path / "ordinary", [fill(_ORDINARY)] * len(_ADVERSARIAL))
    adversarial = _generate_seconds(tmp_path / "adversarial", [fill(p) for p in _ADVERSARIAL])
    # Generous: the quadratic patterns took minutes (64 KB of "\(" alone: over two minutes).
    assert adversarial <= 10 * ordinary + 5, (adversarial, ordinary)
