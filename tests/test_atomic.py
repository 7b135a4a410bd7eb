"""Atomic builds: a build that fails at any stage leaves site_src/ and site/ exactly as they were."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import generator.build as build_module
import generator.write.files as site_module
from generator.build import build
from generator.project import Project
from generator.model import PapersiteError
from generator.runtime.progress import Progress
from tests.conftest import copy_built, copy_project, tree


def _fail(exc: BaseException):
    def boom(*args, **kwargs):
        raise exc
    return boom


def _fail_writes_into(docs_dir: Path, after: int):
    """Let `after` writes into docs_dir succeed, then fail like a full disk (the staging copy is not affected)."""
    # Fault injection into a private seam: _write_if_changed is the one place every page write goes through,
    # so failing it part-way is the only way to make a write fail after some succeeded.
    real = site_module._write_if_changed
    count = {"n": 0}

    def write(path: Path, data: bytes, journal) -> bool:
        if docs_dir in path.parents:
            count["n"] += 1
            if count["n"] > after:
                raise OSError(28, "No space left on device")
        return real(path, data, journal)
    return write


def _fail_moving_into(site_dir: Path, after: int):
    """Fail the rename that moves a new file into site/ after `after` have succeeded (part-way through the update)."""
    real = os.replace
    count = {"n": 0}

    def replace(src, dst):
        if Path(dst).parent != site_dir.parent and site_dir in Path(dst).parents and ".papersite-site-" in str(src):
            count["n"] += 1
            if count["n"] > after:
                raise OSError(28, "No space left on device")
        return real(src, dst)
    return replace


# stage -> (object to patch, attribute, replacement given the project)
INJECTIONS = {
    "load": (build_module, "read_data", lambda root: _fail(PapersiteError("data: injected"))),
    "validate": (build_module, "validate", lambda root: _fail(PapersiteError("data: injected"))),
    "normalise": (build_module, "paper_from_record", lambda root: _fail(RuntimeError("injected"))),
    "titles": (build_module.titles, "title_and_name", lambda root: _fail(RuntimeError("injected"))),
    "tags": (build_module.tags, "assign_tags", lambda root: _fail(RuntimeError("injected"))),
    "topics": (build_module.topics, "assign_topics", lambda root: _fail(RuntimeError("injected"))),
    "topic groups": (build_module.topics, "group", lambda root: _fail(RuntimeError("injected"))),  # in a child process
    "related": (build_module.related, "related_lists", lambda root: _fail(RuntimeError("injected"))),  # in a child too
    "render": (build_module, "render_site", lambda root: _fail(PapersiteError("templates: injected"))),
    "mkdocs": (build_module, "run_mkdocs", lambda root: _fail(PapersiteError("mkdocs.yml: injected"))),
    # site_src/ is written by a child while the search index is cut: a failure there, or in saving the state files
    # after it, must put back what the child wrote.
    "search shards": (build_module, "shard_search_index", lambda root: _fail(OSError(28, "No space left on device"))),
    "state files": (build_module.feed, "save_first_seen", lambda root: _fail(PapersiteError("data/.first-seen.json: injected"))),
    "write, part-way": (site_module, "_write_if_changed", lambda root: _fail_writes_into(root / "site_src", after=3)),
    "update site/": (build_module, "sync_dir", lambda root: _fail(OSError(13, "Permission denied"))),
    "update site/, part-way": (site_module.os, "replace", lambda root: _fail_moving_into(root / "site", after=5)),
}


@pytest.fixture(scope="module")
def built_project(tmp_path_factory) -> Path:
    """The seed project, built once; each test works on a copy of it."""
    root = copy_project(tmp_path_factory.mktemp("atomic") / "project")
    build(Project.at(root), Progress(quiet=True))
    return root


def _changed_copy(built_project: Path, tmp_path: Path) -> Path:
    """Copy the built project and add an abstract, so every page a build writes differs from what is there."""
    root = copy_built(built_project, tmp_path)
    seed = sorted((root / "data").glob("*.txt"))[0]
    seed.write_text(seed.read_text(encoding="utf-8").replace("\n\n", "\n\nNew abstract about graph neural networks "
                                                            "for molecular property prediction.\n\n", 1), encoding="utf-8")
    return root


@pytest.mark.parametrize("stage", list(INJECTIONS))
def test_a_failing_stage_leaves_site_src_and_site_unchanged(stage: str, built_project: Path, tmp_path: Path,
                                                            monkeypatch) -> None:
    root = _changed_copy(built_project, tmp_path)
    before_src, before_site = tree(root / "site_src"), tree(root / "site")
    target, name, make = INJECTIONS[stage]
    monkeypatch.setattr(target, name, make(root))
    with pytest.raises((PapersiteError, OSError, RuntimeError)):
        build(Project.at(root), Progress(quiet=True))
    monkeypatch.undo()
    assert tree(root / "site_src") == before_src
    assert tree(root / "site") == before_site
    assert sorted(p.name for p in root.iterdir() if p.name.startswith(".") and p.name not in (".cache",)) == []


def test_without_an_injected_failure_the_same_build_changes_the_site(built_project: Path, tmp_path: Path) -> None:
    # The control for the test above: the change it makes does reach site_src/ and site/.
    root = _changed_copy(built_project, tmp_path)
    before_src, before_site = tree(root / "site_src"), tree(root / "site")
    build(Project.at(root), Progress(quiet=True))
    assert tree(root / "site_src") != before_src
    assert tree(root / "site") != before_site


def test_write_tree_puts_everything_back_when_a_write_fails(tmp_path: Path, monkeypatch) -> None:
    docs = tmp_path / "docs"
    site_module.write_tree(docs, {"index.md": "old home\n", "papers/a.md": "a\n", "papers/b.md": "b\n"})
    before = tree(docs)
    monkeypatch.setattr(site_module, "_write_if_changed", _fail_writes_into(docs, after=2))
    with pytest.raises(OSError):
        site_module.write_tree(docs, {"index.md": "new home\n", "papers/a.md": "A\n", "papers/c/d.md": "new\n"})
    assert tree(docs) == before
    assert sorted(p.relative_to(docs).as_posix() for p in docs.rglob("*")) == ["index.md", "papers", "papers/a.md",
                                                                               "papers/b.md"]


def test_write_tree_with_stamps_reads_back_only_files_not_as_it_left_them(tmp_path: Path, monkeypatch) -> None:
    """With the last build's stamps, an unchanged file is not read back to compare; a file changed on disk since
    (another size or time) or whose new content differs is compared and written as without stamps."""
    docs = tmp_path / "docs"
    files = {"index.md": "home\n", "papers/a.md": "a\n", "papers/b.md": "b\n"}
    stamps: dict = {}
    assert site_module.write_tree(docs, files, stamps=stamps) == (3, 0) and sorted(stamps) == sorted(files)
    path = tmp_path / "stamps.json"
    site_module.save_stamps(path, stamps)
    stamps = site_module.load_stamps(path)
    read_back: list[str] = []
    holds = site_module._holds
    monkeypatch.setattr(site_module, "_holds", lambda p, data: read_back.append(os.path.basename(p)) or holds(p, data))
    (docs / "papers" / "b.md").write_text("edited by hand\n")  # another size: compared, and put right
    assert site_module.write_tree(docs, {**files, "index.md": "new home\n"}, stamps=stamps) == (2, 0)
    assert sorted(read_back) == ["b.md", "index.md"]  # a.md is as it was left: not read
    assert (docs / "papers" / "b.md").read_text() == "b\n" and (docs / "index.md").read_text() == "new home\n"
    # A removed page loses its stamp; damaged or foreign stamps are no stamps.
    site_module.write_tree(docs, {"index.md": "new home\n"}, stamps=stamps)
    assert sorted(stamps) == ["index.md"] and not (docs / "papers" / "a.md").exists()
    for junk in (b"", b"[1, 2]", b'{"format": 1, "files": {"a": [1, "x", "y"]}}', b"\xff"):
        path.write_bytes(junk)
        assert site_module.load_stamps(path) == {}
    assert site_module.load_stamps(None) is None
