"""Shared fixtures: throw-away copies of the project with chosen data."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
SHARED_CORPUS = ROOT.parent / "shared" / "corpora" / "iclr2024-dev.jsonl"


def copy_project(dest: Path, data_dir: Path | None = None) -> Path:
    """Copy mkdocs.yml, templates/ and the hand-written part of site_src/ into `dest`, with `data_dir` as data/."""
    from generator.write.mkdocs_site import is_generated

    dest.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "mkdocs.yml", dest / "mkdocs.yml")
    shutil.copytree(ROOT / "templates", dest / "templates")
    shutil.copytree(ROOT / "overrides", dest / "overrides")  # mkdocs.yml's theme custom_dir
    shutil.copytree(ROOT / "hooks", dest / "hooks")  # mkdocs.yml's hooks
    src = ROOT / "site_src"
    for path in sorted(src.rglob("*")):
        rel = path.relative_to(src).as_posix()
        if path.is_file() and not is_generated(rel):
            (dest / "site_src" / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(path, dest / "site_src" / rel)
    shutil.copytree(data_dir or ROOT / "data", dest / "data")
    return dest


@pytest.fixture
def project_factory(tmp_path: Path):
    """Return a function making a project copy with the given data folder (default: the seeds)."""
    counter = iter(range(1000))

    def make(data_dir: Path | None = None) -> Path:
        return copy_project(tmp_path / f"project{next(counter)}", data_dir)

    return make


@pytest.fixture(scope="session")
def seed_site(tmp_path_factory) -> Path:
    """Build the default seed site once per test session (strict) and return its project folder."""
    from generator.build import Project, build
    from generator.runtime.progress import Progress

    root = copy_project(tmp_path_factory.mktemp("seed") / "project")
    build(Project.at(root), Progress(quiet=True), strict=True)
    return root
