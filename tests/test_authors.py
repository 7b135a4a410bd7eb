"""Authors: names folded only when equal after Unicode, case and blank normalisation, the vocabulary's aliases,
stable slugs, the authors index and author pages of a built site, every author name linked, the Atom feed of each
topic and tag, and `papersite search` finding a paper by its last author."""

from __future__ import annotations

import json
import re
import unicodedata
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from generator.build import build
from generator.infer.authors import author_slug, group_authors
from generator.model import Paper, PapersiteError
from generator.project import Project
from generator.read.vocabulary import load_vocabulary
from generator.runtime.progress import Progress
from generator.text import author_key

from .conftest import PAPER_GROUPS, copy_project, run_cli

ATOM = "{http://www.w3.org/2005/Atom}"
NFD_GARCIA = unicodedata.normalize("NFD", "José García")


def _paper(pid: str, authors: list[str]) -> Paper:
    return Paper(id=pid, abstract="An abstract.", text="An abstract.", source=f"d.jsonl:{pid}", collection="C",
                 authors=authors)


# --- folding and slugs -------------------------------------------------------------------------------


def test_names_fold_only_when_equal_after_unicode_case_and_blank_normalisation() -> None:
    papers = [_paper("a", ["José García", "Ann Lee"]), _paper("b", [NFD_GARCIA, "ANN  LEE"]),
              _paper("c", ["Jose Garcia", "J. Smith"]), _paper("d", ["John Smith", "Müller", "Muller"]),
              _paper("e", ["\uff21nn Lee"])]  # a fullwidth A: NFKC makes it "Ann Lee"
    people, by_paper = group_authors(papers, {})
    names = {a.name: sorted(a.papers) for a in people.values()}
    assert names["José García"] == ["a", "b"] and names["Ann Lee"] == ["a", "b", "e"]
    # Different spellings are never guessed to be one person: accents, initials and umlauts stay apart.
    for name in ("Jose Garcia", "J. Smith", "John Smith", "Müller", "Muller"):
        assert len(names[name]) == 1
    assert by_paper["b"] == [people_slug(people, "José García"), people_slug(people, "Ann Lee")]


def people_slug(people: dict, name: str) -> str:
    return next(a.slug for a in people.values() if a.name == name)


def test_the_most_used_spelling_is_shown_and_the_others_are_kept_as_aliases() -> None:
    people, _ = group_authors([_paper("a", ["ann lee"]), _paper("b", ["Ann Lee"]), _paper("c", ["Ann Lee"])], {})
    (author,) = people.values()
    assert author.name == "Ann Lee" and author.aliases == ["ann lee"] and author.has_page


def test_slugs_depend_on_the_name_alone_and_never_clash() -> None:
    alone, _ = group_authors([_paper("a", ["José García"])], {})
    crowded, _ = group_authors([_paper("z", ["Jose Garcia", "JOSE GARCIA", "Zed"]), _paper("a", ["José García"])], {})
    assert list(alone) == [people_slug(crowded, "José García")]  # adding papers changed nothing
    assert people_slug(crowded, "Jose Garcia") == "jose-garcia"
    assert re.fullmatch(r"jose-garcia_[0-9a-f]{8}", people_slug(crowded, "José García"))
    # Names that would spell the index's own pages get a hashed slug too.
    assert author_slug(author_key("Index")) != "index" and author_slug(author_key("Page 2")) != "page-2"
    assert len({author_slug(author_key(n)) for n in ("J. Smith", "J Smith", "J-Smith", "j smith")}) == 3


# --- vocabulary ----------------------------------------------------------------------------------------


def _vocab(tmp_path: Path, text: str):
    path = tmp_path / "vocabulary.yaml"
    path.write_text(text, encoding="utf-8")
    return load_vocabulary(path, "data/vocabulary.yaml")


def test_vocabulary_aliases_merge_the_spellings_it_names_under_its_name(tmp_path: Path) -> None:
    vocab = _vocab(tmp_path, "authors:\n  Jürgen Schmidhuber: [J. Schmidhuber, Juergen Schmidhuber]\n  Ann Lee:\n")
    papers = [_paper("a", ["J. Schmidhuber"]), _paper("b", ["juergen schmidhuber"]), _paper("c", ["J. Smith"])]
    people, _ = group_authors(papers, vocab.authors)
    merged = next(a for a in people.values() if len(a.papers) == 2)
    assert merged.name == "Jürgen Schmidhuber" and merged.aliases == ["J. Schmidhuber", "juergen schmidhuber"]
    assert merged.slug == author_slug(author_key("Jürgen Schmidhuber"))


def test_vocabulary_author_mistakes_are_reported_with_their_lines(tmp_path: Path) -> None:
    with pytest.raises(PapersiteError) as caught:
        _vocab(tmp_path, "authors:\n  Ann Lee: [A. Lee]\n  Anna Lee: [a. lee]\n  Bo Li: {x: 1}\n  '...': []\n")
    assert str(caught.value).splitlines() == [
        "data/vocabulary.yaml:3: authors.Anna Lee: 'a. lee' is already a spelling of 'Ann Lee'; name each person once",
        "data/vocabulary.yaml:4: authors.Bo Li: expected a list of other spellings of this name",
        "data/vocabulary.yaml:5: authors....: '...' has no letters or digits",
    ]
    with pytest.raises(PapersiteError, match=r"^data/vocabulary.yaml:2: authors: expected a mapping"):
        _vocab(tmp_path, "authors:\n  - Ann Lee\n")


# --- a built site ------------------------------------------------------------------------------------------

FILLERS = 53  # papers sharing the keyword "widget sharing": its tag's feed keeps the newest 50
BYLINES = [
    (["Ann Lee", "Bo Li"], 2021), (["Ann Lee", "Bo Li", "Cy Do"], 2023), (["ANN  LEE"], 2022),
    (["José García"], 2020), ([NFD_GARCIA, "C. Wu"], None), (["Jose Garcia"], 2020),
    (["J. Smith"], 2020), (["John Smith", "Chris Wu"], 2020), (["Dee Ek", "Roger Wattenhofer"], 2024),
    (["Eve Fa"], 2020), (["Eve Fa", "Gus Ha"], 2020), (["Ivy Jo"], 2020),
]


def _records() -> list[dict]:
    texts = [t for group in PAPER_GROUPS.values() for t in group]
    records = [{"id": f"p{i:02d}", "title": f"Paper {i:02d}: " + " ".join(text.split()[:6]), "abstract": text,
                "authors": authors, "venue": "ICLR 2024 poster", **({"year": year} if year else {})}
               for i, (text, (authors, year)) in enumerate(zip(texts, BYLINES))]
    records += [{"id": f"w{i:02d}", "title": f"Widget sharing study {i}", "keywords": ["widget sharing"],
                 "authors": ["Kim Lo"], "abstract": f"Study {i} of widget sharing measures cog {i} and lever {i} "
                                                     f"in the widget sharing economy of town {i}."}
                for i in range(FILLERS)]
    return records


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """Build the authors' site (strict: a link to a missing author anchor fails it) and return its project."""
    data = tmp_path_factory.mktemp("authors-data")
    (data / "papers.jsonl").write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in _records()),
                                       encoding="utf-8")
    (data / "vocabulary.yaml").write_text("authors:\n  Chris Wu: [C. Wu]\n", encoding="utf-8")
    # First-seen dates: the widget papers one a day, the last one newest; the others earlier.
    dates = {f"p{i:02d}": "2023-01-01" for i in range(12)}
    dates.update({f"w{i:02d}": f"2024-{1 + i // 28:02d}-{1 + i % 28:02d}" for i in range(FILLERS)})
    (data / ".first-seen.json").write_text(json.dumps(dates), encoding="utf-8")
    root = copy_project(tmp_path_factory.mktemp("authors") / "project", data)
    build(Project.at(root), Progress(quiet=True), strict=True)
    return root


def _html(root: Path, path: str) -> str:
    return (root / "site" / path / "index.html").read_text(encoding="utf-8")


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def _catalog(root: Path) -> dict[str, dict]:
    return {r["id"]: r for r in json.loads((root / "site" / "papers.json").read_text(encoding="utf-8"))}


def _person(root: Path, slug: str) -> tuple[str, str]:
    """Return (the page holding an author's section, site-relative, and that section's HTML)."""
    links = {a[0]: a for a in json.loads((root / "site" / "papers" / "facets.json").read_text(encoding="utf-8"))["authors"]}
    assert slug in links
    for page in sorted((root / "site" / "authors" / "people").glob("*/index.html")):
        html = page.read_text(encoding="utf-8")
        m = re.search(rf'<h2 id="{re.escape(slug)}">(.*?)(?=<h2 |</article>)', html, re.S)
        if m:
            return page.parent.relative_to(root / "site").as_posix(), m.group(0)
    raise AssertionError(f"no section for {slug}")


def test_an_author_section_lists_papers_newest_first_co_authors_topics_and_tags(built: Path) -> None:
    catalog = _catalog(built)
    page, html = _person(built, "ann-lee")
    text = _text(html)
    assert re.fullmatch(r"authors/people/[0-9a-f]{2}", page)
    assert "Ann Lee" in text and "3 papers" in text and "also written ANN LEE" in text
    # Newest first: 2023, 2022, 2021.
    positions = [text.index(catalog[p]["title"]) for p in ("p01", "p02", "p00")]
    assert positions == sorted(positions)
    bo_page, _ = _person(built, "bo-li")
    bo_href = "./#bo-li" if bo_page == page else f"../{bo_page.rsplit('/', 1)[1]}/#bo-li"
    assert re.search(rf'href="{re.escape(bo_href)}">Bo Li</a> <small>\(2\)</small>', html)
    assert re.search(r'href="\.\./\.\./(page-\d+/)?#cy-do"', html)  # one paper: its index entry
    assert "Co-authors" in text and "Topics" in text and "Most frequent tags" in text
    assert 'href="../../../topics/' in html and 'class="ps-tag"' in html
    # A page of authors holds only authors with two or more papers, each once.
    people = [s for p in (built / "site" / "authors" / "people").glob("*/index.html")
              for s in re.findall(r'<h2 id="([^"]+)"', p.read_text(encoding="utf-8"))]
    facets = json.loads((built / "site" / "papers" / "facets.json").read_text(encoding="utf-8"))
    counts = [0] * len(facets["authors"])
    for paper in facets["papers"]:
        for i in paper[6]:
            counts[i] += 1
    assert sorted(people) == sorted(a[0] for a, n in zip(facets["authors"], counts) if n >= 2)
    assert "ann-lee" in people and "kim-lo" in people and "cy-do" not in people


def test_an_authors_address_does_not_change_as_papers_are_added(built: Path) -> None:
    few, _ = group_authors([_paper("a", ["Ann Lee"]), _paper("b", ["Ann Lee", "Bo Li"])], {})
    many, _ = group_authors([_paper(f"x{i}", [f"Person{i} Aaa", "Ann Lee"]) for i in range(300)], {})
    assert few["ann-lee"].path == many["ann-lee"].path
    page, _ = _person(built, "ann-lee")
    assert few["ann-lee"].path == page + ".md"


def test_the_index_lists_every_author_by_surname_and_the_paper_of_each_one_paper_author(built: Path) -> None:
    html = _html(built, "authors")
    text = _text(html)
    assert "14 authors by surname" in text or re.search(r"\d+ authors by surname", text)
    # Grouped by surname initial, in order: Do (D), Ek (E), Fa (F), García (G) … Wu (W).
    heads = re.findall(r'<h2 id="([A-Z]|Other)"', html)
    assert heads == sorted(heads) and {"D", "G", "L", "S", "W"} <= set(heads)
    entry = re.search(r'<li id="ivy-jo">(.*?)</li>', html).group(1)
    assert "Ivy Jo" in entry and "../papers/" in entry and "Paper 11" in entry
    assert re.search(r'<li id="ann-lee"><a href="people/[0-9a-f]{2}/#ann-lee">Ann Lee</a> <small>\(3 papers\)</small>', html)
    # Two spellings that differ by an accent are two entries; the NFD and NFC spellings are one.
    assert text.count("José García") == 1 and "Jose Garcia —" in text
    assert "Chris Wu" in text and "C. Wu" not in text  # merged by the vocabulary


def test_every_author_name_on_a_paper_page_links_to_a_place_listing_that_author(built: Path) -> None:
    catalog = _catalog(built)
    for record in catalog.values():
        html = _html(built, record["url"].rstrip("/"))
        facts = re.search(r'<p class="ps-facts">(.*?)</p>', html, re.S).group(1)
        links = re.findall(r'<a href="\.\./\.\./(authors/[^"]*)">([^<]*)</a>', facts)
        assert [name for _, name in links] == [" ".join(a.split()) for a in record["authors"]], record["id"]
        for href, name in links:
            page, _, anchor = href.partition("#")
            target = _html(built, page.rstrip("/"))
            if page.startswith("authors/people/"):
                where = _person(built, anchor)[1]
            else:
                where = re.search(rf'<li id="{re.escape(anchor)}">(.*?)</li>', target).group(1)
            assert record["title"] in _text(where), (record["id"], href)


def test_every_topic_and_tag_has_an_atom_feed_linked_from_its_page_newest_first(built: Path) -> None:
    site = built / "site"
    tag_html = _html(built, "tags/widget-sharing")
    assert '<link rel="alternate" type="application/atom+xml" title="Tag: widget sharing" href="../../feeds/tags/widget-sharing.xml">' in tag_html
    assert 'href="../../feeds/tags/widget-sharing.xml"' in tag_html.split("</head>", 1)[1]  # and in the body
    feed = ET.fromstring((site / "feeds" / "tags" / "widget-sharing.xml").read_bytes())
    entries = feed.findall(f"{ATOM}entry")
    assert len(entries) == 50  # of 53
    assert [e.findtext(f"{ATOM}title") for e in entries[:2]] == [f"Widget sharing study {FILLERS - 1}",
                                                                 f"Widget sharing study {FILLERS - 2}"]
    first = entries[0]
    assert first.findtext(f"{ATOM}author/{ATOM}name") == "Kim Lo"
    assert "widget sharing economy" in first.findtext(f"{ATOM}summary")
    # Without the site's URL, links are relative to the site root, which xml:base names from the feed's folder.
    assert feed.get("{http://www.w3.org/XML/1998/namespace}base") == "../../"
    assert first.find(f"{ATOM}link").get("href").startswith("papers/")
    topics = sorted(p for p in (site / "feeds" / "topics").glob("*.xml") if p.name != "sitemap.xml")
    assert topics and len(topics) == len(list((site / "topics").glob("*/index.html")))
    for path in topics:
        assert ET.fromstring(path.read_bytes()).tag == f"{ATOM}feed"


def test_search_finds_a_paper_by_its_last_author(built: Path) -> None:
    result = run_cli("search", "Wattenhofer", "--project", str(built))
    assert result.returncode == 0, result.stderr
    assert "Paper 08" in result.stdout.splitlines()[0]


def test_a_large_index_is_paged_per_initial_and_a_new_author_leaves_other_initials_pages_as_they_were(tmp_path: Path) -> None:
    from generator.build import generate

    def records(n: int) -> list[dict]:
        return [{"id": f"q{i:03d}", "title": f"Study {i}", "abstract": f"Widgets are studied in study {i}.",
                 "authors": [f"Ann{i} {'Abb' if i % 2 else 'Bcc'}", f"Bo{i} Bcc"]} for i in range(n)]

    (tmp_path / "empty").mkdir()
    root = copy_project(tmp_path / "project", tmp_path / "empty")
    data = root / "data"
    (data / "papers.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records(150)), encoding="utf-8")
    _, before = generate(Project.at(root), Progress(quiet=True))
    index = before["authors/index.md"]
    assert "300 authors by surname" in index and "A</a> <small>(75 authors)" in index  # a list of initials
    assert "authors/b/page-2.md" in before and "authors/a/page-2.md" not in before  # 225 under B: two pages
    assert 'href="../../authors/a/#ann1-abb"' in before[next(p for p in before if p.startswith("papers/study-1-"))]
    # One more paper by a new author under A: B's pages, and the pages of papers by B's authors, are unchanged.
    (data / "papers.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records(150) + [
        {"id": "new", "title": "Late study", "abstract": "Widgets again.", "authors": ["Aa Aaa"]}]), encoding="utf-8")
    _, after = generate(Project.at(root), Progress(quiet=True))
    changed = sorted(p for p in after if after[p] != before.get(p))
    assert [p for p in changed if p.startswith("authors/")] == ["authors/a/index.md", "authors/index.md"]
    assert not [p for p in changed if p.startswith("papers/study-")]
