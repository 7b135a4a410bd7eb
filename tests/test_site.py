"""Writing site_src/: only changed files are rewritten, stale pages go, hand-written pages stay."""

from __future__ import annotations

import os
from pathlib import Path

from generator.write.files import is_generated, staging_copy, write_new_files, write_tree


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


def test_write_new_files_replaces_a_hard_link_instead_of_writing_through_it(tmp_path: Path) -> None:
    """Pages written into a staging copy never change the user's file a hard link there points to."""
    original = tmp_path / "site_src" / "index.md"
    original.parent.mkdir()
    original.write_text("the user's own home page")
    stage = tmp_path / "stage"
    stage.mkdir()
    os.link(original, stage / "index.md")
    write_new_files(stage, {"index.md": "generated home", "papers/a.md": "A", "papers/deep/b.md": "B"})
    assert original.read_text() == "the user's own home page"
    assert (stage / "index.md").read_text() == "generated home"
    assert sorted(_mtimes(stage)) == ["index.md", "papers/a.md", "papers/deep/b.md"]


def test_write_tree_does_not_follow_a_symlinked_folder_out_of_site_src(tmp_path: Path) -> None:
    """A link planted in a generated folder is not walked: files outside site_src/ are never deleted."""
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "keep.md").write_text("not papersite's")
    docs = tmp_path / "site_src"
    write_tree(docs, {"papers/a.md": "A"})
    (docs / "papers" / "linked").symlink_to(outside, target_is_directory=True)
    write_tree(docs, {"papers/b.md": "B"})
    assert (outside / "keep.md").read_text() == "not papersite's"
    assert not (docs / "papers" / "a.md").exists() and (docs / "papers" / "b.md").read_text() == "B"


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
