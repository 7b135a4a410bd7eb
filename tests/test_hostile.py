"""Hostile and malformed input: each case ends in an exact `file:line: field: …` error and exit 1, or builds
with an exact warning into pages where the text is shown escaped and nothing from the data can run.

Two tables. REFUSED: data that `papersite check` and `papersite build` must refuse, with the exact lines
printed. BUILT: hostile records that must build (grouped into one real `build --strict`, which takes a few
seconds), each checked on its built page: the text a reader sees, and no script, event handler, frame or
javascript:/data: URL that a clean build does not have.
"""

from __future__ import annotations

import functools
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from generator.cli import main
from tests.conftest import (CHROMIUM, Page, Refused, Symlink, jsonl, launch_chromium, minimal_project, run_cli,
                            serve, snapshot, write_data)


# --------------------------------------------------------------------------------------------------
# Helpers


# --------------------------------------------------------------------------------------------------
# REFUSED: exact error lines, exit 1

_ABOUT = " about graph neural networks for molecules."
_BOMB = "".join(f"{n}: &{n} [{', '.join(['*' + p] * 9 if p else ['x'] * 9)}]\n"
                for p, n in zip(["", "a", "b", "c", "d", "e", "f"], "abcdefg"))


REFUSED = [
    Refused("empty abstract", {"e.jsonl": b'{"abstract": ""}\n'},
            ("data/e.jsonl:1: abstract: missing or empty",)),
    Refused("whitespace-only abstract", {"w.jsonl": b'{"title": "T"}\n{"abstract": "  \\n\\t \\u00a0 "}\n'},
            ("data/w.jsonl:1: abstract: missing or empty", "data/w.jsonl:2: abstract: missing or empty")),
    Refused("invalid JSON on line 3", {"j.jsonl": jsonl({"abstract": "One" + _ABOUT}, {"abstract": "Two" + _ABOUT})
                                       + b'{"abstract": "unterminated\n'},
            ("data/j.jsonl:3: json: invalid JSON: Unterminated string starting at (column 14)",)),
    Refused("invalid JSON array element on line 3", {"a.json": b'[\n {"abstract": "a"},\n {"abstract": "b",}\n]\n'},
            ("data/a.json:3: json: invalid JSON: Expecting property name enclosed in double quotes (column 19)",)),
    Refused("JSON of the wrong shape", {"n.json": b"\n\n42\n"},
            ('data/n.json:3: json: expected a list of objects or {"papers": [...]}, got a number',)),
    Refused("JSON nested too deeply", {"d.jsonl": b"[" * 100_000 + b"\n"},
            ("data/d.jsonl:1: json: invalid JSON: nested too deeply",)),
    Refused("JSON number with 100,000 digits", {"big.jsonl": b'{"abstract": "x", "year": ' + b"9" * 100_000 + b"}\n"},
            ("data/big.jsonl:1: json: invalid JSON: a number has too many digits",)),
    Refused("abstract of the wrong type", {"t.jsonl": b'{"abstract": ["a", "list"]}\n{"abstract": {"en": "x"}}\n'},
            ("data/t.jsonl:1: abstract: expected text, got a list",
             "data/t.jsonl:2: abstract: expected text, got an object")),
    Refused("other fields of the wrong type",
            {"t.jsonl": jsonl({"abstract": "Fine" + _ABOUT, "authors": 42, "year": "next year",
                                "keywords": {"a": 1}, "title": ["x"], "id": 1.5})},
            ("data/t.jsonl:1: authors: expected a list of names, got a number",
             "data/t.jsonl:1: id: expected text or a whole number, got a decimal number",
             "data/t.jsonl:1: keywords: expected a list of keywords, got an object",
             "data/t.jsonl:1: title: expected text, got a list",
             "data/t.jsonl:1: year: expected a 4-digit year, got 'next year'")),
    Refused("non-UTF-8 byte", {"latin1.txt": b"Collection\n\nAn abstract about caf\xe9s and graphs.\n"},
            ("data/latin1.txt:3: encoding: not valid UTF-8 (byte 0xe9 at column 22); file skipped",)),
    Refused("UTF-8 BOM keeps lines and columns", {"bom.jsonl": b'\xef\xbb\xbf{"abstract": "Bom' + _ABOUT.encode()
                                                  + b'"}\n{bad\n'},
            ("data/bom.jsonl:2: json: invalid JSON: Expecting property name enclosed in double quotes (column 2)",)),
    Refused("CRLF line ends keep line numbers", {"crlf.jsonl": b'{"abstract": "One about graphs"}\r\n\r\n{oops}\r\n'},
            ("data/crlf.jsonl:3: json: invalid JSON: Expecting property name enclosed in double quotes (column 2)",)),
    Refused("lone CR line ends keep line numbers", {"cr.txt": b"Collection\r\rOne abstract about graphs.\r\rcaf\xe9\r"},
            ("data/cr.txt:5: encoding: not valid UTF-8 (byte 0xe9 at column 4); file skipped",)),
    Refused("duplicate id with different text",
            {"dup.jsonl": jsonl({"id": "p1", "abstract": "First" + _ABOUT}, {"id": "p1", "abstract": "Second" + _ABOUT})},
            ("data/dup.jsonl:2: id: 'p1' is already used by data/dup.jsonl:1 with a different abstract",)),
    Refused("javascript: and data: URLs",
            {"u.jsonl": jsonl({"abstract": "A" + _ABOUT, "url": "javascript:alert(1)"},
                               {"abstract": "B" + _ABOUT, "pdf_url": "data:text/html;base64,PHNjcmlwdD4="},
                               {"abstract": "C" + _ABOUT, "url": " JaVaScRiPt:alert(1)"},
                               {"abstract": "D" + _ABOUT, "url": "https://ok.example/a b"},
                               {"abstract": "E" + _ABOUT, "url": "//evil.example/x"})},
            ("data/u.jsonl:1: url: only http(s) URLs are allowed",
             "data/u.jsonl:2: pdf_url: only http(s) URLs are allowed",
             "data/u.jsonl:3: url: only http(s) URLs are allowed",
             "data/u.jsonl:4: url: not a valid URL (it contains spaces or control characters)",
             "data/u.jsonl:5: url: only http(s) URLs are allowed")),
    Refused("javascript: URL in YAML", {"u.yaml": b"- abstract: Text about graphs.\n  title: T\n  url: javascript:alert(1)\n"},
            ("data/u.yaml:3: url: only http(s) URLs are allowed",)),
    Refused("YAML with unsafe tags",
            {"unsafe.yaml": b'- abstract: fine text about graphs\n- abstract: !!python/object/apply:os.system ["touch x"]\n'
                            b"- abstract: !!python/name:os.system\n"},
            ("data/unsafe.yaml:2: yaml: unsupported tag !!python/object/apply:os.system; only plain YAML values are read",
             "data/unsafe.yaml:3: yaml: unsupported tag !!python/name:os.system; only plain YAML values are read")),
    Refused("YAML alias bomb", {"bomb.yaml": _BOMB.encode()},
            ("data/bomb.yaml:1: yaml: aliases would expand the document to at least 7,381 values (24 written); "
             "refusing to expand it",)),
    Refused("BibTeX with unbalanced braces",
            {"u.bib": b"@article{good,\n  title = {Good},\n  abstract = {A good abstract about graphs.}\n}\n\n"
                      b"@article{bad,\n  title = {Bad {unclosed},\n  abstract = {Text}\n}\n"},
            ("data/u.bib:6: bibtex: unbalanced braces in entry 'bad' (a '{' is never closed); entry skipped",)),
    Refused("id with NUL", {"i.jsonl": jsonl({"id": "a\u0000b", "abstract": "NUL" + _ABOUT})},
            ("data/i.jsonl:1: id: contains the control character U+0000",)),
    Refused("id of 500 characters", {"i.jsonl": jsonl({"id": "x" * 500, "abstract": "Long" + _ABOUT})},
            ("data/i.jsonl:1: id: longer than 200 characters (500)",)),
    Refused("symlink to a file outside data/", {"ok.txt": b"C\n\nAn abstract about graphs.\n",
                                                "passwd.txt": Symlink("/etc/passwd")},
            ("data/passwd.txt:1: file: a symbolic link to a file outside the data folder; not read",)),
]


@pytest.mark.parametrize("case", REFUSED, ids=[c.name for c in REFUSED])
def test_refused_input_gives_the_exact_error_and_exit_1(case: Refused, tmp_path: Path, capsys) -> None:
    root = minimal_project(tmp_path / "project", case.files)
    code = main(["check", "-q", "--project", str(root)])
    err = capsys.readouterr().err.splitlines()
    assert code == 1
    assert tuple(err[:-1]) == case.lines
    assert err[-1] == f"{len(case.lines)} errors, 0 warnings"
    assert sorted(os.listdir(root)) == ["data", "mkdocs.yml"]  # check writes nothing


def test_check_lists_every_problem_of_every_file_sorted_and_build_refuses(project_factory, tmp_path: Path) -> None:
    # All refused cases in one data folder, each in a sub-folder of its own, plus a warning-only file.
    (tmp_path / "empty").mkdir()
    root = project_factory(tmp_path / "empty")
    data = root / "data"  # written in place: copying the folder would follow the symlink case
    expected: list[str] = []
    for number, case in enumerate(REFUSED):
        folder = f"c{number:02d}"
        write_data(data / folder, case.files)
        expected.extend(line.replace("data/", f"data/{folder}/") for line in case.lines)
    (data / "zz_warn.jsonl").write_bytes(jsonl({"abstract": "Same" + _ABOUT}, {"abstract": "Same" + _ABOUT}))
    expected.append("data/zz_warn.jsonl:2: abstract: warning: same text as data/zz_warn.jsonl:1; merged")

    checked = run_cli("check", "-q", "--project", str(root))
    assert checked.returncode == 1
    assert "Traceback" not in checked.stderr
    assert checked.stderr.splitlines() == expected + [f"{len(expected) - 1} errors, 1 warnings"]

    before = snapshot(tmp_path)
    built = run_cli("build", "--strict", "-q", "--project", str(root))
    assert built.returncode == 1
    assert "Traceback" not in built.stderr
    assert built.stderr.splitlines() == expected + [f"error: {len(expected) - 1} errors in the data; nothing was written"]
    assert snapshot(tmp_path) == before


def test_warnings_alone_do_not_fail_check(tmp_path: Path) -> None:
    root = minimal_project(tmp_path / "project", {"long.jsonl": jsonl({"abstract": "word " * 20_000})})
    result = run_cli("check", "-q", "--project", str(root))
    assert result.returncode == 0
    assert result.stderr.splitlines() == [
        "data/long.jsonl:1: abstract: warning: very long (20,000 words); is it a whole paper?",
        "0 errors, 1 warnings",
    ]


# --------------------------------------------------------------------------------------------------
# BUILT: hostile records that build; one real build, each case checked on its page

_TEXT = " We study graph neural networks for molecular property prediction on standard benchmarks."


@dataclass(frozen=True)
class Built:
    name: str
    file: str
    line: int  # the record's source line: how the case finds its page in papers.json
    record: dict | None  # a JSONL record of `file`; None when `file` is written whole below
    shown: tuple[str, ...]  # text a reader sees on the paper's page (after HTML unescaping)
    hidden: tuple[str, ...] = ()  # text that must not be on the page
    warnings: tuple[str, ...] = ()  # the exact warning lines


_H = "data/hostile.jsonl"
BUILT_JSONL = [
    Built("<script> in abstract", _H, 1, {"abstract": "<script>alert(1)</script>" + _TEXT},
          ("<script>alert(1)</script> We study",)),
    Built("<script> in title", _H, 2, {"title": "<script>alert('t')</script>", "abstract": "Title script." + _TEXT},
          ("<script>alert('t')</script>",)),
    Built("<img onerror> in authors and venue", _H, 3,
          {"authors": ["<img src=x onerror=alert(3)>", "Bob"], "venue": "<svg onload=alert(4)>", "abstract": "Authors." + _TEXT},
          ("<img src=x onerror=alert(3)>, Bob", "<svg onload=alert(4)>")),
    Built("<iframe> in title (front matter reaches the header)", _H, 4,
          {"title": "Frame <iframe src=javascript:alert(5)>", "abstract": "Frame title." + _TEXT},
          ("Frame <iframe src=javascript:alert(5)>",)),
    Built("<iframe> and <img onerror> in abstract", _H, 5,
          {"abstract": "x <img src=x onerror=alert(6)> <iframe src='javascript:alert(7)'></iframe>" + _TEXT},
          ("x <img src=x onerror=alert(6)> <iframe src='javascript:alert(7)'></iframe>",)),
    Built("attribute breakout in the description", _H, 6,
          {"title": 'Quote " breaker', "abstract": '"><script>alert(8)</script><img src=x onerror=alert(9)>' + _TEXT},
          ('Quote " breaker', '"><script>alert(8)</script><img src=x onerror=alert(9)>')),
    Built("</title> breakout", _H, 7, {"title": "</title><script>alert(10)</script>", "abstract": "Title end." + _TEXT},
          ("</title><script>alert(10)</script>",)),
    Built("Markdown link injection", _H, 8,
          {"title": "[x](javascript:alert(11))", "abstract": "Click [here](javascript:alert(12)) now." + _TEXT},
          ("Click here now.",), ("javascript:alert(11)", "javascript:alert(12)")),
    Built("data: image and raw javascript: anchor", _H, 9,
          {"abstract": "See ![pic](data:image/svg+xml;base64,PHN2Zz4=) and <a href='javascript:alert(13)'>a</a>." + _TEXT},
          ("See pic and <a href='javascript:alert(13)'>a</a>.",)),
    Built("javascript: in keywords and metadata", _H, 10,
          {"keywords": ["javascript:alert(14)", "<b onclick=alert(15)>k</b>"], "abstract": "Keywords." + _TEXT,
           "<img src=x onerror=alert(16)>": "<script>alert(17)</script>", "homepage": "javascript:alert(18)"},
          ("javascript:alert(14), <b onclick=alert(15)>k</b>", "<img src=x onerror=alert(16)>",
           "<script>alert(17)</script>", "javascript:alert(18)")),
    Built("URL with quotes and tags stays inside its attribute", _H, 11,
          {"url": 'https://example.org/?q="><script>alert(19)</script>', "abstract": "Url." + _TEXT},
          ('https://example.org/?q="><script>alert(19)</script>',)),
    Built("attribute list and reference-link injection", _H, 12,
          {"abstract": "**a**{: onclick=alert(20) } and [r]: javascript:alert(21)" + _TEXT},
          ("onclick=alert(20) and [r]: javascript:alert(21)",)),
    Built("Jinja syntax in title and abstract", _H, 13,
          {"title": "{{ config }} {% include '/etc/passwd' %}", "abstract": "Jinja {{ 7*7 }} {% for x in y %}{# c #}." + _TEXT},
          ("{{ config }} {% include '/etc/passwd' %}", "Jinja {{ 7*7 }} {% for x in y %}"), ("Jinja 49",)),
    Built("MkDocs syntax in text", _H, 14,
          {"abstract": "--8<-- \"/etc/passwd\"\n\nTags <!-- material/tags --> and !!! note and [TOC]." + _TEXT},
          ('--8<-- "/etc/passwd"', "Tags <!-- material/tags --> and", "!!! note and [TOC].")),
    Built("LaTeX with unbalanced braces and \\input", _H, 15,
          {"title": "LaTeX \\textbf{unclosed", "abstract": "We \\input{/etc/passwd} and \\emph{open text." + _TEXT},
          ("LaTeX unclosed", "We /etc/passwd and open text.")),
    Built("hostile math", _H, 16,
          {"abstract": "Math $\\href{javascript:alert(22)}{x}$ and $<img src=x onerror=alert(23)>$ here." + _TEXT},
          ("\\href{javascript:alert(22)}{x}", "<img src=x onerror=alert(23)>")),
    Built("RTL text, emoji and combining marks", _H, 17,
          {"title": "مرحبا עברית 😀 Z\u0351\u0352algo e\u0301", "authors": ["José Ñúñez", "王小明"],
           "abstract": "RTL مرحبا بالعالم and עברית, emoji 😀🚀, combining Z\u0351\u0352algo." + _TEXT},
          ("مرحبا עברית 😀 Z\u0351\u0352algo e\u0301", "José Ñúñez, 王小明", "emoji 😀🚀", "combining Z\u0351\u0352algo.")),
    Built("20,000-word abstract", _H, 18, {"abstract": "word " * 19_988 + _TEXT},
          ("word word word",), warnings=(f"{_H}:18: abstract: warning: very long (20,000 words); is it a whole paper?",)),
    Built("id with ../", _H, 19, {"id": "../../../etc/passwd", "abstract": "Dot dot id." + _TEXT},
          ("../../../etc/passwd",)),
    Built("id with /", _H, 20, {"id": "a/b/c", "abstract": "Slash id." + _TEXT}, ("a/b/c",)),
    Built("duplicate text is merged", _H, 21, {"title": "First copy", "abstract": "Duplicated abstract." + _TEXT},
          ("First copy",)),
    Built("duplicate text (second copy)", _H, 21, {"title": "Second copy", "abstract": "Duplicated abstract." + _TEXT},
          ("First copy",), ("Second copy",), warnings=(f"{_H}:22: abstract: warning: same text as {_H}:21; merged",)),
    Built("unpaired surrogates from JSON escapes", _H, 23, {"title": "Half \ud83d emoji", "abstract": "Broken \udc00 half." + _TEXT},
          ("Half \ufffd emoji", "Broken \ufffd half."), warnings=tuple(
              f"{_H}:23: {name}: warning: contains an unpaired surrogate (a JSON \\ud800-\\udfff escape); replaced with U+FFFD"
              for name in ("abstract", "title"))),
]

# Whole files of other formats: (name, bytes) and the cases found in them.
OTHER_FILES = {
    "data/crlf.txt": b"\xef\xbb\xbf<script>alert('coll')</script>\r\n\r\nFirst abstract about graph neural networks for "
                     b"proteins.\r\n\r\nSecond abstract\ron lone CR line ends about optimisation of transformers.\r",
    "data/table.csv": b'title,abstract,authors\n"A ""quoted"" <b>title</b>","First line\nsecond line of an abstract '
                      b'about graph neural networks, with ""quotes"".","A; B"\nPlain,Another abstract about molecules.,C\n',
    "data/evil.yaml": b"- title: <svg onload=alert(24)>\n  abstract: |\n    YAML <script>alert(25)</script> text about "
                      b"graph neural networks.\n  url: https://example.org/y\n",
    "data/evil.bib": b"@article{evil,\n  title = {{<script>alert(26)</script>} Title},\n  author = {Doe, J{\\\"o}hn and "
                     b"<img src=x onerror=alert(27)>},\n  abstract = {Bib \\url{javascript:alert(28)} and "
                     b"\\href{javascript:alert(29)}{click} about graphs.},\n  url = {https://example.org/b}\n}\n",
}
BUILT_OTHER = [
    Built("BOM, CRLF and lone CR; hostile collection name", "data/crlf.txt", 3, None,
          ("First abstract about graph neural networks for proteins.", "<script>alert('coll')</script>")),
    Built("lone CR line ends keep line numbers", "data/crlf.txt", 5, None,
          ("Second abstract on lone CR line ends about optimisation of transformers.",)),
    Built("CSV with embedded newlines and quotes", "data/table.csv", 2, None,
          ('A "quoted" <b>title</b>', 'First line second line of an abstract about graph neural networks, with "quotes".')),
    Built("CSV row after a multi-line row", "data/table.csv", 4, None, ("Another abstract about molecules.",)),
    Built("hostile YAML values", "data/evil.yaml", 1, None,
          ("<svg onload=alert(24)>", "YAML <script>alert(25)</script> text")),
    Built("hostile BibTeX values", "data/evil.bib", 1, None,
          ("<script>alert(26)</script> Title", "Jöhn Doe", "<img src=x onerror=alert(27)>", "Bib javascript:alert(28) and click")),
]
BUILT = BUILT_JSONL + BUILT_OTHER


def _depth(rel: str) -> int:
    return rel.count("/")


@functools.lru_cache(maxsize=1)
def _clean_reference(seed_root: str) -> dict[int, tuple[set, set]]:
    """Scripts and active elements of the clean seed build, by page depth (relative paths depend on it)."""
    ref: dict[int, tuple[set, set]] = {}
    site = Path(seed_root) / "site"
    for path in sorted(site.rglob("*.html")):
        page = Page(path.read_text(encoding="utf-8"))
        scripts, active = ref.setdefault(_depth(path.relative_to(site).as_posix()), (set(), set()))
        scripts.update(page.scripts)
        active.update(page.active)
    return ref


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory) -> dict:
    """Build every BUILT case in one strict build; return the project, its snapshots and the build's output."""
    from tests.conftest import copy_project

    base = tmp_path_factory.mktemp("hostile")
    data = base / "data-src"
    data.mkdir()
    (data / "hostile.jsonl").write_bytes(jsonl(*(c.record for c in BUILT_JSONL)))
    for rel, content in OTHER_FILES.items():
        (data / rel.split("/", 1)[1]).write_bytes(content)
    root = copy_project(base / "parent" / "project", data)
    skip = (root / "site_src", root / "site", root / ".cache")
    before = snapshot(root.parent, skip)
    result = run_cli("build", "--strict", "-q", "--project", str(root))
    return {"root": root, "result": result, "before": before, "after": snapshot(root.parent, skip)}


def _page_of(root: Path, case: Built) -> tuple[str, Page]:
    catalog = json.loads((root / "site" / "papers.json").read_text(encoding="utf-8"))
    rows = [row for row in catalog if row["source"] == f"{case.file}:{case.line}"]
    assert len(rows) == 1, f"no page for {case.file}:{case.line}"
    rel = rows[0]["url"] + "index.html"
    return rel, Page((root / "site" / rel).read_text(encoding="utf-8"))


def test_hostile_build_succeeds_with_exactly_the_expected_warnings(hostile_site) -> None:
    result = hostile_site["result"]
    assert "Traceback" not in result.stderr
    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines() == sorted(w for c in BUILT for w in c.warnings)


#: Files a build may write besides site_src/, site/ and .cache/: the feed's record of when each paper was first
#: seen (generator/write/feed.py) and the topics the next build starts from (write/topic_state.py), both kept in
#: data/, which the data readers skip as hidden files.
BUILD_STATE = {"project/data/.first-seen.json", "project/data/.topics.json"}


def test_hostile_build_writes_nothing_outside_site_src_and_site(hostile_site) -> None:
    after = {path: value for path, value in hostile_site["after"].items() if path not in BUILD_STATE}
    assert after == hostile_site["before"]


def test_no_page_of_the_hostile_build_has_anything_active_from_the_data(hostile_site, seed_site) -> None:
    reference = _clean_reference(str(seed_site))
    site = hostile_site["root"] / "site"
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > len(BUILT)
    for path in pages:
        rel = path.relative_to(site).as_posix()
        page = Page(path.read_text(encoding="utf-8"))
        scripts, active = reference[_depth(rel)]
        assert page.scripts <= scripts, (rel, page.scripts - scripts)
        assert page.active <= active, (rel, page.active - active)
        assert page.handlers == [], rel
        assert page.bad_urls == [], rel


def test_search_index_holds_the_hostile_text_escaped(hostile_site) -> None:
    index = (hostile_site["root"] / "site" / "search" / "search_index.json").read_text(encoding="utf-8")
    for payload in ("<script", "<img", "<iframe", "<svg", "javascript:alert(12)"):
        assert payload not in index


def test_nothing_from_the_build_machine_is_published(hostile_site) -> None:
    site = hostile_site["root"] / "site"
    passwd = Path("/etc/passwd").read_text(encoding="utf-8").splitlines()[0] if Path("/etc/passwd").exists() else "root:x:0:0"
    for path in site.rglob("*"):
        if path.is_file() and path.suffix in (".html", ".json", ".xml", ".md"):
            assert passwd not in path.read_text(encoding="utf-8", errors="replace"), path


@pytest.mark.parametrize("case", [c for c in BUILT if c.shown], ids=[c.name for c in BUILT if c.shown])
def test_hostile_text_is_shown_escaped_on_its_page(hostile_site, case: Built) -> None:
    _, page = _page_of(hostile_site["root"], case)
    for text in case.shown:
        assert text in page.visible, (text, page.visible[:3000])
    for text in case.hidden:
        assert text not in page.visible


def test_paper_pages_stay_inside_papers(hostile_site) -> None:
    root = hostile_site["root"]
    catalog = json.loads((root / "site" / "papers.json").read_text(encoding="utf-8"))
    assert {row["id"] for row in catalog} >= {"../../../etc/passwd", "a/b/c"}
    for row in catalog:
        assert re.fullmatch(r"papers/[a-z0-9-]+/", row["url"]), row["url"]
    assert sorted(p.name for p in (root / "site_src" / "papers").iterdir() if p.is_dir()) == []


# --------------------------------------------------------------------------------------------------
# In a real browser: opening the hostile pages and searching for their payloads opens no dialog

@pytest.mark.browser
def test_no_dialog_opens_in_the_browser(hostile_site) -> None:
    if not CHROMIUM.exists():
        pytest.skip("Debian chromium is not installed")
    playwright = pytest.importorskip("playwright.sync_api")
    root = hostile_site["root"]
    urls = [""] + [_page_of(root, c)[0].removesuffix("index.html") for c in BUILT if c.record is None or c.shown]
    dialogs: list[str] = []
    with serve(root / "site") as base, playwright.sync_playwright() as p:
        browser = launch_chromium(p)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        for url in dict.fromkeys(urls):
            page.goto(base + url, wait_until="load")
            page.wait_for_timeout(150)  # let KaTeX typeset the math
        # Search results are built from the index in the browser: the payloads must stay text there too
        # (each query matches a page that shows a payload: "<script>alert(26)</script> Title", the quote
        # breaker, "Frame <iframe …>").
        for query in ("script", "breaker", "frame"):
            page.goto(base, wait_until="load")
            # Material ignores typing until its worker has built the index ("Initializing search" until then).
            page.wait_for_function(
                "!/Initializing/.test(document.querySelector('.md-search-result__meta').textContent)", timeout=60_000)
            page.click("input.md-search__input")
            # One input event with the whole query (keystroke by keystroke, a late answer to a prefix can win).
            page.fill("input.md-search__input", query)
            page.press("input.md-search__input", "End")
            page.wait_for_selector(".md-search-result__item", timeout=30_000)
            page.wait_for_timeout(300)
        browser.close()
    assert dialogs == []


# --------------------------------------------------------------------------------------------------
# Properties (hypothesis), completing tests/test_load.py and tests/test_normalise.py: arbitrary data through
# the whole chain reader → validate → paper, and the escaping filters every template relies on.

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from generator.clean.identify import paper_from_record  # noqa: E402
from generator.read.load import read_file  # noqa: E402
from generator.model import PapersiteError  # noqa: E402
from generator.clean.normalise import normalise_inline  # noqa: E402
from generator.write.render import html_text, md_escape, yaml_string  # noqa: E402
from generator.read.validate import validate  # noqa: E402

_HOSTILE_BITS = ["<script>", "<img src=x onerror=alert(1)>", "javascript:", "](", "{{", "{%", "<!--", "--8<--", "$",
                 "\\", "\ud800", "\udfff", "\u202e", "\x00", "\x85", "\u2028", "😀", "e\u0301", "&lt;", "&#60;", '"', "'",
                 "\n", "\r", "\t", "|", "`", "*", "_", "#", ">", "[", "]", "{", "}"]
hostile_text = st.lists(st.one_of(st.sampled_from(_HOSTILE_BITS), st.text(max_size=5)), max_size=25).map("".join)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | hostile_text,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(hostile_text, inner, max_size=3),
    max_leaves=8,
)
_FIELDS = ["abstract", "title", "authors", "year", "id", "url", "pdf_url", "doi", "keywords", "venue", "tldr", "Title",
           "PDF URL", "author", "extra"]
records = st.dictionaries(st.sampled_from(_FIELDS) | hostile_text, json_values, max_size=6)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rows=st.lists(records, min_size=1, max_size=3), suffix=st.sampled_from([".jsonl", ".json", ".yaml"]))
def test_any_json_or_yaml_values_become_papers_or_problems(tmp_path, rows, suffix) -> None:
    if suffix == ".jsonl":
        content = "".join(json.dumps(r) + "\n" for r in rows)
    elif suffix == ".json":
        content = json.dumps(rows, indent=1)
    else:
        content = json.dumps(rows, indent=1)  # JSON is YAML; YAML reads \ud800 escapes as the same lone surrogates
    path = tmp_path / ("f" + suffix)
    path.write_text(content, encoding="utf-8")
    try:
        found, problems = read_file(path, tmp_path)
        usable, more = validate(found)
        papers = [paper_from_record(r) for r in usable]
    except PapersiteError:
        return
    assert all(str(p).count(":") >= 3 for p in problems + more)
    for paper in papers:
        # Every text of a paper can be written out as UTF-8 (a lone surrogate would crash the write stage).
        json.dumps(paper.__dict__, default=str, ensure_ascii=False).encode("utf-8")


@settings(max_examples=300, deadline=None)
@given(hostile_text)
def test_normalise_inline_is_idempotent(text: str) -> None:
    once = normalise_inline(text)
    assert normalise_inline(once) == once


@settings(max_examples=300, deadline=None)
@given(hostile_text)
def test_escaped_fields_render_as_text_only(text: str) -> None:
    import markdown
    import yaml

    rendered = markdown.markdown(f"x {md_escape(text)}", extensions=["attr_list", "tables", "pymdownx.arithmatex"],
                                 extension_configs={"pymdownx.arithmatex": {"generic": True}})
    assert re.findall(r"<[^>]*>", rendered) in (["<p>", "</p>"], [])
    attr = str(html_text(text))
    assert not set(attr) & set("<>\"'\n")
    assert yaml.safe_load(f"title: {yaml_string(text)}") == {"title": attr}
