"""Incremental builds: a rebuild rewrites only the pages whose content changed, and the per-paper cache is safe."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import generator.build as build_module
from generator.build import build_corpus, generate
from generator.model import Corpus
from generator.project import Project
from generator.runtime import cache as cache_module
from generator.runtime.cache import CACHE_DIR, Cache
from generator.runtime.progress import Progress
from generator.write.files import is_generated
from tests.conftest import CLI_TIMEOUT, FIXTURES, ROOT, copy_built, copy_project, tree

N_PAPERS = 24


def _rows() -> list[dict]:
    """Return a small labelled corpus: half with titles, half to have them inferred."""
    rows = [json.loads(line) for line in (FIXTURES / "iclr_sample.jsonl").read_text(encoding="utf-8").split("\n") if line.strip()]
    rows = rows[:N_PAPERS]
    for row in rows[::2]:
        row.pop("title", None)
    return rows


def _write_rows(project: Path, rows: list[dict]) -> None:
    """Replace the project's data with `rows` as one JSONL file."""
    data = project / "data"
    shutil.rmtree(data)
    data.mkdir()
    (data / "papers.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")


def _snapshot(project: Path) -> dict[str, tuple[bytes, int]]:
    """Return every generated file of site_src/ with its bytes and mtime."""
    return {rel: found for rel, found in tree(project / "site_src").items() if is_generated(rel)}


def _run(project: Path) -> Corpus:
    """Generate the project's pages; return the corpus."""
    corpus, _ = generate(Project.at(project), Progress(quiet=True))
    return corpus


def _run_counted(project: Path, monkeypatch) -> tuple[Corpus, Cache]:
    """Generate the project's pages; return the corpus and the cache it used, whose hits and misses it counted."""
    real = build_module.Session
    made: list[build_module.Session] = []

    class Kept(real):
        """A build session that is kept, so the test can read its cache's counts."""

        def __post_init__(self) -> None:
            super().__post_init__()
            made.append(self)

    monkeypatch.setattr(build_module, "Session", Kept)
    corpus = _run(project)
    monkeypatch.setattr(build_module, "Session", real)
    return corpus, made[0].cache


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> Path:
    """A project holding the small corpus, generated once for the module."""
    root = copy_project(tmp_path_factory.mktemp("incremental") / "project")
    _write_rows(root, _rows())
    _run(root)
    return root


@pytest.fixture
def project(generated: Path, tmp_path: Path) -> Path:
    """A copy of the generated project (pages, cache and state, with their mtimes) for one test to change."""
    return copy_built(generated, tmp_path)


def _changed(before: dict, after: dict) -> tuple[set[str], set[str]]:
    """Return (paths whose bytes differ or are new/gone, paths whose mtime moved)."""
    paths = set(before) | set(after)
    content = {p for p in paths if before.get(p, (None,))[0] != after.get(p, (None,))[0]}
    touched = {p for p in paths if p not in before or p not in after or before[p][1] != after[p][1]}
    return content, touched


def test_rebuilding_unchanged_data_rewrites_no_file(project: Path) -> None:
    before = _snapshot(project)
    _run(project)
    content, touched = _changed(before, _snapshot(project))
    assert content == set() and touched == set()


def test_adding_one_abstract_touches_only_the_pages_that_show_it(project: Path) -> None:
    corpus1 = _run(project)
    before = _snapshot(project)
    rows = _rows()
    new = json.loads((FIXTURES / "iclr_sample.jsonl").read_text(encoding="utf-8").split("\n")[N_PAPERS])
    _write_rows(project, rows + [new])
    corpus2 = _run(project)
    after = _snapshot(project)
    content, touched = _changed(before, after)

    assert touched == content, "a file was rewritten with the same bytes"
    new_paper = next(p for p in corpus2.papers if p.id == new["id"])
    assert new_paper.path in content and new_paper.path not in before
    assert "papers.json" in content
    # A paper page changes exactly when something it shows from the rest of the corpus changed.
    shown1, shown2 = _shown(corpus1), _shown(corpus2)
    for paper in corpus1.papers:
        assert (paper.path in content) == (shown1[paper.id] != shown2[paper.id]), paper.path


def _shown(corpus) -> dict[str, tuple]:
    """Return, per paper id, everything its page shows that depends on other papers or on the corpus."""
    topics = {t.slug: t for t in corpus.topics}
    by_id = corpus.by_id()
    out = {}
    for p in corpus.papers:
        topic = topics.get(p.topic)
        out[p.id] = (
            p.title, p.slug, p.abstract_linked,
            [(s, corpus.tags[s].name) for s in p.tags],
            (topic.slug, topic.name) if topic else None,
            [(r.id, by_id[r.id].title, by_id[r.id].slug, r.terms) for r in p.related],  # in order; no score shown
        )
    return out


def test_editing_one_abstract_changes_its_page_only_where_shown(project: Path) -> None:
    rows = _rows()
    target = rows[1]  # has a title, so its id, title and permalink stay
    corpus1 = _run(project)
    page = next(p for p in corpus1.papers if p.id == target["id"]).path
    before = _snapshot(project)
    target["abstract"] += " We release our code and a new benchmark of lighthouse keepers."
    _write_rows(project, rows)
    _run(project)
    after = _snapshot(project)
    content, touched = _changed(before, after)
    assert page in content and b"lighthouse keepers" in after[page][0]
    assert touched == content
    assert set(after) == set(before)


def test_retitling_a_paper_updates_every_page_that_shows_its_title(project: Path) -> None:
    rows = _rows()
    target = rows[1]
    old_title = target["title"]
    corpus1 = _run(project)
    before = _snapshot(project)
    shown = {p for p, (data, _) in before.items() if p.endswith(".md") and old_title.encode() in data}
    assert len(shown) >= 3  # its page, the papers index, tag and topic pages at least
    target["title"] = "Lighthouse Keepers Are All You Need"
    _write_rows(project, rows)
    corpus2 = _run(project)
    after = _snapshot(project)
    content, touched = _changed(before, after)
    new_page = next(p for p in corpus2.papers if p.id == target["id"]).path
    old_page = next(p for p in corpus1.papers if p.id == target["id"]).path
    assert old_page not in after and new_page in after  # the permalink follows the title
    # The new title is text of the paper too: a related list that held it may change (its page then drops the link).
    link = new_page.rsplit("/", 1)[-1].encode()
    for path in shown - {old_page}:
        assert path in content and old_title.encode() not in after[path][0], path
        if link in after[path][0] or not path.startswith("papers/"):
            assert b"Lighthouse Keepers Are All You Need" in after[path][0], path
    assert touched == content


def _cached_output(project: Path) -> dict[str, bytes]:
    """Return the generated files' bytes."""
    return {p: data for p, (data, _) in _snapshot(project).items()}


def test_second_build_reuses_every_cached_result(project: Path, monkeypatch) -> None:
    _, cache = _run_counted(project, monkeypatch)
    assert cache.misses == 0 and cache.hits > 0
    assert sorted(p.name for p in (project / CACHE_DIR).iterdir()) == [
        "crosslinks", "markdown", "names", "papers", "site-src-stamps.json", "tag-evidence", "tag-text"]
    assert {p.name for p in (project / CACHE_DIR / "names").iterdir()} <= {f"{c}.json" for c in "0123456789abcdef"}


def test_kinds_an_older_papersite_kept_are_removed(project: Path) -> None:
    for kind in ("titles", "methods"):  # now one kind, "names"
        (project / CACHE_DIR / kind).mkdir(parents=True, exist_ok=True)
        (project / CACHE_DIR / kind / "0.json").write_text("{}", encoding="utf-8")
    (project / CACHE_DIR / "titles.json").write_text("{}", encoding="utf-8")  # the single-file layout before that
    _run(project)
    assert sorted(p.name for p in (project / CACHE_DIR).iterdir()) == [
        "crosslinks", "markdown", "names", "papers", "site-src-stamps.json", "tag-evidence", "tag-text"]


def test_deleting_the_cache_changes_nothing_but_time(project: Path, monkeypatch) -> None:
    before = _cached_output(project)
    shutil.rmtree(project / CACHE_DIR)
    _, cache = _run_counted(project, monkeypatch)
    assert cache.hits == 0 and cache.misses > 0
    assert _cached_output(project) == before


@pytest.mark.parametrize("damage", ["truncate", "flip", "garbage"])
def test_a_corrupt_cache_is_detected_and_rebuilt(project: Path, damage: str) -> None:
    before = _cached_output(project)
    # The largest shard of the inferred titles and method names: it holds entries whatever the keys.
    path = max((project / CACHE_DIR / "names").iterdir(), key=lambda p: p.stat().st_size)
    data = path.read_bytes()
    if damage == "truncate":
        path.write_bytes(data[: len(data) // 2])
    elif damage == "flip":
        # Same length, valid JSON, one inferred title changed: only the checksum can tell.
        head, _, payload = data.partition(b"\n")
        entries = json.loads(payload)
        key = next(k for k in sorted(entries) if entries[k][0])
        title, named, method = entries[key]
        entries[key] = ["X" * len(title), named, method]
        path.write_bytes(head + b"\n" + json.dumps(entries, sort_keys=True, separators=(",", ":")).encode())
    else:
        path.write_bytes(b"\x00\xff not a cache at all")
    corpus = _run(project)
    assert any(w.field == "cache" and "corrupt" in w.message and w.severity == "warning" for w in corpus.warnings)
    assert _cached_output(project) == before
    assert not any(w.field == "cache" for w in _run(project).warnings)  # it was rewritten whole


def test_a_cache_from_other_code_is_ignored_without_warning(project: Path, monkeypatch) -> None:
    before = _cached_output(project)
    monkeypatch.setattr(cache_module, "CODE_VERSION", "another-version")
    corpus, cache = _run_counted(project, monkeypatch)
    assert cache.hits == 0
    assert not any(w.field == "cache" for w in corpus.warnings)
    assert _cached_output(project) == before


def test_the_cache_keeps_only_entries_the_last_build_used(project: Path) -> None:
    rows = _rows()
    _write_rows(project, rows[:5])
    _run(project)
    shards = [p.read_bytes().partition(b"\n")[2] for p in (project / CACHE_DIR / "papers").iterdir()]
    assert sum(len(json.loads(payload)) for payload in shards) == 5


def test_prefiltered_cached_crosslinks_equal_trying_every_method_on_every_abstract(project: Path) -> None:
    import copy

    from generator.infer import crosslink, titles
    from generator.infer.crosslink import introduced_methods

    corpus = build_corpus(Project.at(project), Progress(quiet=True))
    methods = introduced_methods(corpus.papers, [titles.method_name(p.abstract) for p in corpus.papers])
    # Make other papers mention a few introduced methods, so method links are planned too.
    rows = _rows()
    for i, (name, owner) in enumerate(sorted(methods.items())[:3]):
        other = next(r for r in rows[i + 3 :] if r["id"] != owner)
        other["abstract"] += f" We compare against {name} on three benchmarks."
        other["year"] = 2025  # a paper names the methods of papers published before it
    _write_rows(project, rows)
    corpus = build_corpus(Project.at(project), Progress(quiet=True))
    methods = introduced_methods(corpus.papers, [titles.method_name(p.abstract) for p in corpus.papers])
    reference = copy.deepcopy(corpus.papers)
    crosslink.add_crosslinks(reference, corpus.tags, methods)
    assert [p.abstract_linked for p in corpus.papers] == [p.abstract_linked for p in reference]
    paper_links = [p for p in reference if re.search(r"\]\((?!\.\./tags/)[^)]+\.md\)", p.abstract_linked)]
    assert paper_links, "some abstracts should link to the paper introducing a method"


def test_cached_tag_evidence_gives_the_tags_of_an_uncached_run(tmp_path: Path) -> None:
    import copy

    from generator.model import Paper, Vocabulary
    from generator.clean.normalise import normalise_abstract, plain_text
    from generator.build import Session, _tags  # the tags stage is pure: build does its caching (no public way in alone)

    class Run:
        """What _tags needs of a build's Session: its memo, over the given cache."""

        memo = Session.memo

        def __init__(self, cache: Cache) -> None:
            self.cache = cache

    def papers_of(texts: list[tuple[str, list[str]]]) -> list[Paper]:
        out = []
        for i, (abstract, keywords) in enumerate(texts):
            md = normalise_abstract(abstract)
            out.append(Paper(id=f"p{i}", abstract=md, text=plain_text(md), source=f"x.jsonl:{i + 1}",
                             collection="c", keywords=keywords))
        return out

    def tags_of(papers: list[Paper], cache: Cache | None) -> tuple[dict, list[list[str]]]:
        papers = copy.deepcopy(papers)
        index = _tags(Run(cache or Cache(None)), papers, Vocabulary(preferred={"graph networks": "graph neural networks"}))
        return index, [p.tags for p in papers]

    rows = _rows()
    texts = [(r["abstract"], r["keywords"] if i % 3 == 0 else []) for i, r in enumerate(rows)]
    # "QZR" means quantised zonal regression here until two later papers define it otherwise: a cached
    # paper that mentions QZR without defining it must then follow the corpus's new majority.
    texts += [
        ("Quantised zonal regression (QZR) fits rainfall maps. We scale QZR to continents and QZR wins.", []),
        ("We fit QZR models to river data. The QZR fit is fast; quantised zonal regression is costly.", []),
        ("A quantised zonal regression is fitted to snow. Fitting quantised zonal regression needs search.", []),
    ]
    redefine = [
        ("Quick zero rounding (QZR) speeds up inference. QZR is applied to every layer of the network.", []),
        ("We study quick zero rounding (QZR) of activations. Each QZR step keeps a sparse code.", []),
    ]
    folder = tmp_path / "cache"
    misses = []
    for corpus in (papers_of(texts), papers_of(texts + redefine)):
        expected = tags_of(corpus, None)
        assert any(expected[1]), "the corpus should have tags"
        cold = Cache(folder)
        assert tags_of(corpus, cold) == expected
        cold.save()
        misses.append(cold.misses)
        warm = Cache(folder)  # read back from disk: the JSON round trip must not change anything
        assert tags_of(corpus, warm) == expected
        assert warm.hits and not warm.misses
    # Second corpus: the two new papers (text facts and evidence) and the paper that uses "LLM" without
    # defining it, whose acronym now means something else; every other paper's evidence was reused.
    assert misses == [2 * len(texts), 2 + 2 + 1]


def test_adding_one_abstract_rewrites_one_file_of_each_per_paper_kind(project: Path) -> None:
    rows = _rows()
    rows = rows[:-2] + [rows[-1], rows[-2]]  # the one added last has no title: one is inferred
    _write_rows(project, rows[:-1])
    _run(project)

    def files(kind: str) -> dict[str, tuple[int, int]]:
        return {p.name: (p.stat().st_ino, p.stat().st_mtime_ns) for p in (project / CACHE_DIR / kind).iterdir()}

    before = {kind: files(kind) for kind in ("papers", "names")}
    _write_rows(project, rows)  # one abstract more, the others unchanged
    _run(project)
    for kind, old in before.items():
        new = files(kind)
        changed = [name for name in new if old.get(name) != new[name]]
        assert len(changed) == 1, (kind, changed)  # the new paper's shard; every other file untouched


@pytest.mark.parametrize("jobs", ["1", "2"])  # saved in this process, or in the background by a forked one
def test_an_unwritable_cache_costs_a_warning_not_the_build(project: Path, monkeypatch, jobs: str) -> None:
    monkeypatch.setenv("PAPERSITE_JOBS", jobs)
    before = _cached_output(project)
    shutil.rmtree(project / CACHE_DIR)
    (project / CACHE_DIR).write_text("a file where the cache folder should be", encoding="utf-8")
    corpus = _run(project)
    assert any(w.field == "cache" and "not saved" in w.message and w.severity == "warning" for w in corpus.warnings)
    assert _cached_output(project) == before


def _cache_files(project: Path) -> dict[str, tuple[str, int]]:
    """Return every cache file with the code fingerprint its header records and its mtime (the state files beside the
    kinds, the up-to-date stamp and the site_src/ stamps, have no header: they hold no stage's results)."""
    folder = project / CACHE_DIR
    return {p.relative_to(folder).as_posix(): (json.loads(p.read_bytes().partition(b"\n")[0])["code"], p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*.json")) if p.name not in ("last-build.json", "site-src-stamps.json")}


def test_editing_a_file_of_a_subpackage_invalidates_the_cache(project: Path, tmp_path: Path) -> None:
    package = tmp_path / "package"
    shutil.copytree(ROOT / "generator", package / "generator", ignore=shutil.ignore_patterns("__pycache__"))

    def generate_with_the_copy() -> dict[str, tuple[str, int]]:
        # Run from tmp_path with only the copy on the path, so `-m generator` cannot import this checkout.
        result = subprocess.run([sys.executable, "-m", "generator", "generate", "-q", "--project", str(project)],
                                cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(package)},
                                capture_output=True, text=True, timeout=CLI_TIMEOUT)
        assert result.returncode == 0, result.stderr
        return _cache_files(project)

    before = _cache_files(project)
    assert before and len({code for code, _ in before.values()}) == 1
    # The same code (a copy, byte for byte): every entry reused, no cache file rewritten.
    assert generate_with_the_copy() == before
    with (package / "generator" / "infer" / "topics.py").open("a", encoding="utf-8") as f:
        f.write("\n# One comment more: the cache's fingerprint covers every file of the package.\n")
    after = generate_with_the_copy()
    assert set(after) == set(before)
    (old_code,) = {code for code, _ in before.values()}
    (new_code,) = {code for code, _ in after.values()}
    assert new_code != old_code
    assert all(after[name][1] != before[name][1] for name in before), "every cache file is rewritten"


def test_a_cached_value_of_the_wrong_shape_is_refused() -> None:
    """What a cache file holds is untrusted: a value is used only if it has the stage's result type exactly."""
    from generator.runtime.cache import shape

    fits = shape(tuple[str, str, list[tuple[int, str | list[tuple[str, int]]]]])  # the tags' text evidence
    assert fits(["a", "b", [[1, "x"], [2, [["y", 3]]]]]) and fits(["", "", []])
    for bad in (["a", "b"], ["a", 1, []], ["a", "b", [[True, "x"]]], ["a", "b", [[1, None]]], ["a", "b", [[1, [["y", "3"]]]]],
                ["a", "b", [[1, "x", 2]]], ("a", "b", []), None):
        assert not fits(bad), bad
    assert shape(int | None)(None) and not shape(int | None)(1.5) and shape(float)(2)
