"""Warm rebuilds: pages reused from the cache give the very site/ a cold build gives, whatever changed.

Each test builds a small project, changes one thing, rebuilds it with its cache (some pages reused, others
not), builds a copy of the changed project without any cache, and compares the two sites byte for byte
(but the gzipped sitemap, whose gzip header holds the time).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from generator.build import build
from generator.model import PapersiteError
from generator.project import Project
from generator.runtime import cache as cache_module
from generator.runtime import parallel
from generator.runtime.progress import Progress
from generator.write import compact
from tests.conftest import FIXTURES, copy_project, run_cli

ROWS = [json.loads(line) for line in (FIXTURES / "iclr_sample.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()]
BASE = 30  # papers in the first build; the rest are added by the tests

# A hand-written page outside the nav (so it can be reused), linking to a paper page and to another page's anchor.
NOTES = "# Notes\n\nSee [the first paper]({paper}) and [the method]({anchor}).\n"
METHOD = "# Method\n\n## The part\n\nText.\n"


def _write_data(root: Path, rows: list[dict]) -> None:
    """Make the project's data the given records, as one JSONL file."""
    (root / "data" / "papers.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")


def _paper_page(root: Path, paper_id: str) -> str:
    """Return the site_src path of a paper's page, from papers.json."""
    papers = json.loads((root / "site_src" / "papers.json").read_text(encoding="utf-8"))
    rows = papers["papers"] if isinstance(papers, dict) else papers
    return next(p["url"] for p in rows if p["id"] == paper_id)


@pytest.fixture(scope="module")
def base(tmp_path_factory) -> Path:
    """A project with BASE papers and two hand-written pages outside the nav, built once (its cache warm)."""
    data = tmp_path_factory.mktemp("data")
    (data / "papers.jsonl").write_text("", encoding="utf-8")
    root = copy_project(tmp_path_factory.mktemp("base") / "project", data)
    for extra in ("hooks", "overrides"):
        src = Path(__file__).resolve().parent.parent / extra
        if src.is_dir() and not (root / extra).exists():
            shutil.copytree(src, root / extra)
    _write_data(root, ROWS[:BASE])
    (root / "site_src" / "method.md").write_text(METHOD, encoding="utf-8")
    (root / "site_src" / "notes.md").write_text(NOTES.format(paper="papers/index.md", anchor="method.md#the-part"),
                                                 encoding="utf-8")
    _cli_build(root)
    paper = ROWS[0]["id"]
    url = _paper_page(root, paper).strip("/")
    (root / "site_src" / "notes.md").write_text(NOTES.format(paper=f"{url}.md", anchor="method.md#the-part"),
                                                 encoding="utf-8")
    _cli_build(root)
    return root


def _copy(base: Path, dest: Path, cache: bool = True) -> Path:
    """Copy a built project (with or without its cache and site)."""
    skip = () if cache else (".cache", "site")
    shutil.copytree(base, dest, symlinks=True, ignore=lambda d, names: [n for n in names if Path(d) == base and n in skip])
    return dest


def _cli_build(root: Path, *flags: str) -> str:
    """Run `papersite build --strict` on the project; return its stderr (failing the test if the build fails)."""
    result = run_cli("--project", str(root), "build", "--strict", *flags)
    assert result.returncode == 0, result.stderr
    return result.stderr


def _reused(stderr: str) -> int:
    """Return how many pages the build's mkdocs stage says it reused."""
    found = re.search(r"mkdocs .*\((\d+) pages reused", stderr)
    return int(found.group(1)) if found else 0


def _site(root: Path) -> dict[str, bytes]:
    """Every file of the built site but the gzipped sitemap, as path → bytes."""
    site = root / "site"
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in sorted(site.rglob("*"))
            if p.is_file() and p.name != "sitemap.xml.gz"}


def _same_as_cold(warm: Path, tmp_path: Path) -> None:
    """Assert that a cold build of a copy of the project (no cache, no site) gives the warm build's site."""
    cold = _copy(warm, tmp_path / "cold", cache=False)
    _cli_build(cold)
    warm_site, cold_site = _site(warm), _site(cold)
    assert warm_site.keys() == cold_site.keys()
    differ = [path for path in warm_site if warm_site[path] != cold_site[path]]
    assert not differ, differ[:10]


def test_adding_an_abstract_reuses_the_pages_it_does_not_change(base: Path, tmp_path: Path) -> None:
    root = _copy(base, tmp_path / "warm")
    _write_data(root, ROWS[:BASE + 1])
    err = _cli_build(root)
    assert 0 < _reused(err) < len(_site(root))
    assert f"{_paper_page(root, ROWS[BASE]['id']).strip('/')}/index.html" in _site(root)
    _same_as_cold(root, tmp_path)


def test_pages_a_change_does_not_touch_stay_in_site_as_they_are(base: Path, tmp_path: Path) -> None:
    root = _copy(base, tmp_path / "warm")
    _write_data(root, ROWS[:BASE + 1])
    _cli_build(root)  # the copy's site/ is made of the cache's files again (a copy of a project has copies)
    site = root / "site"
    before = {p.relative_to(site).as_posix(): p.stat() for p in site.rglob("*.html")}
    before_assets = {p: p.stat().st_mtime_ns for p in site.rglob("*") if p.is_file() and p.suffix in (".js", ".css")}
    _write_data(root, ROWS[:BASE + 2])
    err = _cli_build(root)
    after = {p.relative_to(site).as_posix(): p.stat() for p in site.rglob("*.html")}
    kept = [path for path in before if path in after and (after[path].st_ino, after[path].st_mtime_ns)
            == (before[path].st_ino, before[path].st_mtime_ns)]
    # Every reused page outside the nav is left in place (its modification time too: a sync to a server skips it).
    assert len(kept) >= _reused(err) > 0
    # So are the theme's assets and every other file MkDocs wrote again with the same bytes.
    assets = [p for p in site.rglob("*") if p.is_file() and p.suffix in (".js", ".css") and "search" not in p.parts]
    assert assets and all(p.stat().st_mtime_ns == before_assets[p] for p in assets)
    assert f"{_paper_page(root, ROWS[BASE + 1]['id']).strip('/')}/index.html" in after
    _same_as_cold(root, tmp_path)


def test_editing_an_abstract(base: Path, tmp_path: Path) -> None:
    root = _copy(base, tmp_path / "warm")
    rows = [dict(r) for r in ROWS[:BASE]]
    rows[3]["abstract"] = rows[3]["abstract"].replace(".", ". Moreover, transformers help.", 1)
    _write_data(root, rows)
    assert _reused(_cli_build(root)) > 0
    _same_as_cold(root, tmp_path)


def test_removing_an_abstract(base: Path, tmp_path: Path) -> None:
    root = _copy(base, tmp_path / "warm")
    _write_data(root, ROWS[1:BASE])  # the paper notes.md links to is gone: not strict, so the build warns
    result = run_cli("--project", str(root), "build")
    assert result.returncode == 0, result.stderr
    assert re.search(r"mkdocs .* 1 warnings", result.stderr)  # MkDocs' warnings are shown by --strict only
    assert _reused(result.stderr) > 0
    _same_as_cold_lenient(root, tmp_path)


def _same_as_cold_lenient(warm: Path, tmp_path: Path) -> None:
    """As _same_as_cold, the cold build without --strict (the project has a broken link)."""
    cold = _copy(warm, tmp_path / "cold", cache=False)
    result = run_cli("--project", str(cold), "build")
    assert result.returncode == 0, result.stderr
    assert _site(warm) == _site(cold)


def test_strict_fails_on_a_reused_page_whose_link_target_disappeared(base: Path, tmp_path: Path) -> None:
    root = _copy(base, tmp_path / "warm")
    _write_data(root, ROWS[1:BASE])
    result = run_cli("--project", str(root), "build", "--strict")
    assert result.returncode == 1
    assert "notes.md" in result.stderr


def test_strict_fails_on_a_reused_page_whose_anchor_disappeared(base: Path, tmp_path: Path) -> None:
    root = _copy(base, tmp_path / "warm")
    (root / "site_src" / "method.md").write_text(METHOD.replace("The part", "Another part"), encoding="utf-8")
    result = run_cli("--project", str(root), "build", "--strict")
    assert result.returncode == 1
    assert "the-part" in result.stderr
    assert _reused(run_cli("--project", str(root), "build").stderr) > 0  # notes.md was reused, and still warned


def test_changing_a_template(base: Path, tmp_path: Path) -> None:
    root = _copy(base, tmp_path / "warm")
    template = root / "templates" / "paper.md.j2"
    template.write_text(template.read_text(encoding="utf-8") + "\nA line every paper page now ends with.\n",
                        encoding="utf-8")
    err = _cli_build(root)
    assert _reused(err) > 0  # tags, topics and the hand-written pages did not change
    assert "A line every paper page now ends with." in _site(root)[f"{_paper_page(root, ROWS[2]['id']).strip('/')}/index.html"].decode()
    _same_as_cold(root, tmp_path)


def test_changing_mkdocs_yml_renders_every_page_again(base: Path, tmp_path: Path) -> None:
    root = _copy(base, tmp_path / "warm")
    config = root / "mkdocs.yml"
    config.write_text(config.read_text(encoding="utf-8").replace("primary: indigo", "primary: teal"), encoding="utf-8")
    err = _cli_build(root)
    assert _reused(err) == 0
    assert b"teal" in _site(root)["index.html"]
    _same_as_cold(root, tmp_path)


def test_changing_a_theme_override_renders_every_page_again(base: Path, tmp_path: Path) -> None:
    root = _copy(base, tmp_path / "warm")
    main = root / "overrides" / "main.html"
    main.write_text(main.read_text(encoding="utf-8") + "\n{# a comment that changes the file, not the pages #}\n",
                    encoding="utf-8")
    assert _reused(_cli_build(root)) == 0
    _same_as_cold(root, tmp_path)


def test_no_change_reuses_every_page_but_the_nav_s(base: Path, tmp_path: Path) -> None:
    root = _copy(base, tmp_path / "warm")
    before = _site(root)
    err = _cli_build(root)
    assert _reused(err) == len([p for p in before if p.endswith(".html")]) - 8 - 1  # 8 nav pages, 404.html
    assert _site(root) == before


def test_a_published_copy_of_a_kept_page_becomes_the_kept_file(base: Path, tmp_path: Path) -> None:
    """A site/ whose pages are copies of the page store's files (a copied project, or a site/ built afresh while every
    page was rendered again as it was) is linked to the store by the next build, so later builds leave its pages
    unread."""
    root = _copy(base, tmp_path / "warm")  # copies: no page of site/ is a link to the page store's file
    store = root / ".cache" / "papersite" / "pages-html"

    def linked() -> int:
        kept = {p.stat().st_ino for p in store.rglob("*.html")}
        return sum(p.stat().st_ino in kept for p in (root / "site").rglob("*.html"))

    assert linked() == 0
    _write_data(root, ROWS[:BASE + 1])
    err = _cli_build(root)
    assert linked() >= _reused(err) > 0
    _same_as_cold(root, tmp_path)


def _build_here(root: Path) -> Progress:
    """Build the project in this process (strict); return its progress record."""
    progress = Progress(quiet=True)
    build(Project.at(root), progress, strict=True)
    return progress


def _reused_here(progress: Progress) -> int:
    """Return how many pages an in-process build reused."""
    stage = next(s for s in progress.stages if s.name == "mkdocs")
    found = re.search(r"(\d+) pages reused", stage.note)
    return int(found.group(1)) if found else 0


@pytest.mark.parametrize("min_items", [parallel.MIN_ITEMS, 0], ids=["one process", "workers"])
def test_pages_are_reused_by_workers_and_in_one_process(base: Path, tmp_path: Path, monkeypatch, min_items: int) -> None:
    monkeypatch.setattr(parallel, "MIN_ITEMS", min_items)
    monkeypatch.setenv("PAPERSITE_JOBS", "2")
    root = _copy(base, tmp_path / "warm")
    _write_data(root, ROWS[:BASE + 1])
    assert _reused_here(_build_here(root)) > 0
    cold = _copy(root, tmp_path / "cold", cache=False)
    _build_here(cold)
    assert _site(root) == _site(cold)


@pytest.mark.parametrize("min_items", [parallel.MIN_ITEMS, 0], ids=["one process", "workers"])
def test_a_new_papersite_release_renders_every_page_again(base: Path, tmp_path: Path, monkeypatch, min_items: int) -> None:
    """A release whose pages differ (here: one more comment in each) must not take pages from the old one's cache."""
    monkeypatch.setattr(parallel, "MIN_ITEMS", min_items)
    monkeypatch.setenv("PAPERSITE_JOBS", "2")
    root = _copy(base, tmp_path / "warm")  # built by the CLI: the old release
    # MkDocs loads a hook once per process and path: patched before this process builds the project.
    original = compact.compact_html
    monkeypatch.setattr(compact, "compact_html", lambda html: original(html) + "<!-- next release -->")
    monkeypatch.setattr(cache_module, "CODE_VERSION", "next-release")
    assert _reused_here(_build_here(root)) == 0
    assert _site(root)["notes/index.html"].endswith(b"<!-- next release -->")
    cold = _copy(root, tmp_path / "cold", cache=False)
    _build_here(cold)
    assert _site(root) == _site(cold)
    # The next build of the new release reuses its own pages again, and gives the same site.
    assert _reused_here(_build_here(root)) > 0
    assert _site(root) == _site(cold)


def test_a_damaged_page_cache_is_ignored_with_a_warning(base: Path, tmp_path: Path) -> None:
    root = _copy(base, tmp_path / "warm")
    html = sorted((root / ".cache" / "papersite" / "pages-html").rglob("*.html"))
    # Every other file: which pages a warm build reuses, and which records the corrupt file holds, follow the keys
    # (the code's version among them), so a damaged file of a reused page must not depend on a few being picked.
    for path in html[::2]:
        path.write_bytes(path.read_bytes()[:-20] + b"<script>bad</script>")
    shard = next(iter(sorted((root / ".cache" / "papersite" / "pages").glob("*.json"))))
    shard.write_bytes(shard.read_bytes()[:-40])
    err = _cli_build(root)
    assert "page cache file is missing or damaged" in err
    assert "cache file is corrupt" in err and "pages" in err
    assert _reused(err) > 0  # the undamaged rest is reused
    _same_as_cold(root, tmp_path)
    assert "damaged" not in _cli_build(root) and "corrupt" not in _cli_build(root)  # rewritten
    assert _site(root) == _site(tmp_path / "cold")  # no damaged file kept for a page rendered again, then reused


def test_a_damaged_page_whose_record_was_lost_is_not_kept_when_the_page_is_rendered_again(base: Path, tmp_path: Path) -> None:
    """The pages of a corrupt cache file are rendered again, to the HTML they had: a kept file of that HTML that was
    damaged meanwhile must not be taken for it, or the next build that reuses the page serves the damage."""
    root = _copy(base, tmp_path / "warm")
    shards = sorted((root / ".cache" / "papersite" / "pages").glob("*.json"))
    shard = max(shards, key=lambda path: len(json.loads(path.read_bytes().partition(b"\n")[2])))
    records = json.loads(shard.read_bytes().partition(b"\n")[2])
    for record in records.values():
        path = root / ".cache" / "papersite" / "pages-html" / record["html"][:2] / f"{record['html']}.html"
        path.write_bytes(path.read_bytes()[:-20] + b"<script>bad</script>")  # the same size
    shard.write_bytes(shard.read_bytes()[:-40])
    assert "cache file is corrupt" in _cli_build(root)
    _write_data(root, ROWS[:BASE + 1])  # a new abstract: the next build reuses what this one kept
    assert _reused(_cli_build(root)) > 0
    assert not [path for path, data in _site(root).items() if b"<script>bad</script>" in data]
    _same_as_cold(root, tmp_path)


def test_records_of_the_wrong_shape_are_ignored(base: Path, tmp_path: Path) -> None:
    """A cache file that checks out but holds records of another shape (another tool's, a hand edit) is not used."""
    root = _copy(base, tmp_path / "warm")
    for shard in sorted((root / ".cache" / "papersite" / "pages").glob("*.json")):
        head, _, payload = shard.read_bytes().partition(b"\n")
        records = json.loads(payload)
        for record in records.values():
            record["lookups"] = "everything"
        payload = json.dumps(records, sort_keys=True, separators=(",", ":")).encode()
        header = json.loads(head)
        header["sha256"] = __import__("hashlib").sha256(payload).hexdigest()
        shard.write_bytes(json.dumps(header, sort_keys=True).encode() + b"\n" + payload)
    err = _cli_build(root)
    assert "wrong shape" in err
    assert _reused(err) == 0
    _same_as_cold(root, tmp_path)


def test_an_unknown_mkdocs_release_builds_without_reuse(base: Path, tmp_path: Path, monkeypatch) -> None:
    from generator.write import mkdocs_adapter

    monkeypatch.setitem(mkdocs_adapter.WRITTEN_FOR, "mkdocs", "0.0")
    root = _copy(base, tmp_path / "warm")
    progress = _build_here(root)
    assert _reused_here(progress) == 0
    cold = _copy(root, tmp_path / "cold", cache=False)
    monkeypatch.undo()
    _build_here(cold)
    assert _site(root) == _site(cold)


def test_a_failed_build_keeps_no_pages(base: Path, tmp_path: Path) -> None:
    root = _copy(base, tmp_path / "warm")
    _write_data(root, ROWS[1:BASE])
    with pytest.raises(PapersiteError):
        _build_here(root)
    _write_data(root, ROWS[:BASE])
    assert _reused_here(_build_here(root)) > 0


# --- the no-change fast path (generator/uptodate.py) ----------------------------------------------------


def test_a_build_with_nothing_changed_does_nothing(base: Path, tmp_path: Path) -> None:
    root = _copy(base, tmp_path / "warm")
    _cli_build(root)  # the copy's site/ has new times: built once, then up to date
    before = {p: (p.stat().st_mtime_ns, p.read_bytes()) for p in (root / "site").rglob("*") if p.is_file()}
    err = _cli_build(root)
    assert "site/ is up to date: nothing changed since the last build of 30 papers" in err
    assert "mkdocs" not in err
    assert {p: (p.stat().st_mtime_ns, p.read_bytes()) for p in (root / "site").rglob("*") if p.is_file()} == before


@pytest.mark.parametrize("change", ["data", "template", "config", "override", "site", "site_src", "options"])
def test_any_change_builds_again(base: Path, tmp_path: Path, change: str) -> None:
    root = _copy(base, tmp_path / "warm")
    _cli_build(root)
    flags: tuple[str, ...] = ()
    if change == "data":
        rows = [dict(r) for r in ROWS[:BASE]]
        rows[5]["title"] = "A retitled paper"
        _write_data(root, rows)
    elif change == "template":
        (root / "templates" / "tag.md.j2").write_text((root / "templates" / "tag.md.j2").read_text() + "\nMore.\n")
    elif change == "config":
        (root / "mkdocs.yml").write_text((root / "mkdocs.yml").read_text().replace("Research abstracts", "Abstracts"))
    elif change == "override":
        (root / "overrides" / "main.html").write_text((root / "overrides" / "main.html").read_text() + "\n")
    elif change == "site":
        (root / "site" / "about" / "index.html").unlink()
    elif change == "site_src":
        (root / "site_src" / "method.md").write_text(METHOD + "\nMore text.\n")
    else:
        flags = ("--site-url", "https://example.org/papers/")
    err = _cli_build(root, *flags)
    assert "up to date" not in err and "mkdocs" in err
    if change == "data":
        assert "A retitled paper" in (root / "site" / _paper_page(root, ROWS[5]["id"]) / "index.html").read_text()
    if change == "site":
        assert (root / "site" / "about" / "index.html").is_file()
    assert "up to date" in _cli_build(root, *flags)


def test_a_damaged_stamp_is_ignored_with_a_warning(base: Path, tmp_path: Path) -> None:
    root = _copy(base, tmp_path / "warm")
    _cli_build(root)
    stamp = root / ".cache" / "papersite" / "last-build.json"
    stamp.write_bytes(stamp.read_bytes()[:-5])
    err = _cli_build(root)
    assert "last-build.json: damaged; building as usual" in err and "mkdocs" in err
    assert "up to date" in _cli_build(root)


def test_the_strict_build_after_a_lenient_one_still_checks(base: Path, tmp_path: Path) -> None:
    root = _copy(base, tmp_path / "warm")
    _write_data(root, ROWS[1:BASE])  # notes.md's link target is gone
    assert run_cli("--project", str(root), "build").returncode == 0
    assert "up to date" in run_cli("--project", str(root), "build").stderr
    assert run_cli("--project", str(root), "build", "--strict").returncode == 1


def test_the_workflow_caches_the_page_store(base: Path) -> None:
    import yaml

    from generator.runtime.cache import CACHE_DIR
    from generator.write.page_store import HTML_DIR, KIND

    workflow = yaml.safe_load((Path(__file__).resolve().parent.parent / ".github" / "workflows" / "site.yml").read_text())
    cached = [step["with"]["path"] for job in workflow["jobs"].values() for step in job.get("steps", [])
              if str(step.get("uses", "")).startswith("actions/cache@")]
    assert cached == [CACHE_DIR.as_posix()]
    assert (base / CACHE_DIR / KIND).is_dir() and any((base / CACHE_DIR / HTML_DIR).rglob("*.html"))


def test_a_sharded_search_index_comes_out_as_a_cold_build_s_and_its_unchanged_files_stay(
        base: Path, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("PAPERSITE_SEARCH_SHARD_ABOVE", "1")  # every site's index is split, as past 5,000 papers
    root = _copy(base, tmp_path / "warm")
    _cli_build(root)
    shards = root / "site" / "search" / "shards"
    before = {p.name: (p.stat().st_ino, p.stat().st_mtime_ns, p.read_bytes()) for p in shards.iterdir()}
    rows = [dict(r) for r in ROWS[:BASE]]
    rows[-1]["abstract"] += " We also release a zyxwvut benchmark."  # one new term, in the last paper's text
    _write_data(root, rows)
    _cli_build(root)
    after = {p.name: (p.stat().st_ino, p.stat().st_mtime_ns, p.read_bytes()) for p in shards.iterdir()}
    same = [name for name in after if name in before and after[name][2] == before[name][2]]
    assert 0 < len(same) < len(after)  # the edit changed some shards, not all
    # A shard with the same bytes is the very file that was there (a deploy sends only the changed ones).
    assert all(after[name][:2] == before[name][:2] for name in same)
    _same_as_cold(root, tmp_path)
