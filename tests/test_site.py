"""Writing site_src/: only changed files are rewritten, stale pages go, hand-written pages stay."""

from __future__ import annotations

import os
from pathlib import Path

from generator.site import is_generated, staging_copy, write_tree


def _mtimes(folder: Path) -> dict[str, int]:
    return {p.relative_to(folder).as_posix(): p.stat().st_mtime_ns for p in folder.rglob("*") if p.is_file()}


def test_write_tree_rewrites_only_changed_files(tmp_path: Path) -> None:
    docs = tmp_path / "site_src"
    write_tree(docs, {"index.md": "home", "papers/a.md": "A", "papers/b.md": "B"})
    for p in docs.rglob("*.md"):
        os.utime(p, ns=(1, 1))  # an old mtime, so a rewrite would show
    written, deleted = write_tree(docs, {"index.md": "home", "papers/a.md": "A2", "papers/b.md": "B"})
    assert (written, deleted) == (1, 0)
    times = _mtimes(docs)
    assert times["index.md"] == 1 and times["papers/b.md"] == 1
    assert times["papers/a.md"] != 1
    assert (docs / "papers/a.md").read_text() == "A2"


def test_write_tree_removes_stale_generated_pages_but_keeps_hand_written(tmp_path: Path) -> None:
    docs = tmp_path / "site_src"
    (docs / "assets").mkdir(parents=True)
    (docs / "about.md").write_text("mine")
    (docs / "assets" / "x.css").write_text("css")
    write_tree(docs, {"index.md": "home", "papers/a.md": "A", "tags/t.md": "T"})
    written, deleted = write_tree(docs, {"index.md": "home", "papers/b.md": "B"})
    assert deleted == 2
    assert sorted(_mtimes(docs)) == ["about.md", "assets/x.css", "index.md", "papers/b.md"]
    assert not (docs / "tags").exists()


def test_is_generated_knows_the_owned_paths() -> None:
    assert is_generated("papers/x.md") and is_generated("tags/index.md") and is_generated("papers.json")
    assert not is_generated("about.md") and not is_generated("assets/katex/katex.min.js")


def test_staging_copy_holds_hand_written_files_only_and_disappears(tmp_path: Path) -> None:
    docs = tmp_path / "site_src"
    write_tree(docs, {"index.md": "home", "papers/a.md": "A"})
    (docs / "about.md").write_text("mine")
    with staging_copy(docs) as stage:
        assert sorted(_mtimes(stage)) == ["about.md"]
        write_tree(stage, {"index.md": "new"})
        assert (docs / "index.md").read_text() == "home"  # the real docs_dir is untouched
    assert not stage.exists()
