"""Shared fixtures: throw-away copies of the project with chosen data."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator import project

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
SHARED_CORPUS = ROOT.parent / "shared" / "corpora" / "iclr2024-dev.jsonl"


def copy_project(dest: Path, data_dir: Path | None = None) -> Path:
    """Copy this project (configuration, templates, hand-written pages) into `dest`, with `data_dir` as data/."""
    return project.copy_project(ROOT, dest, data_dir)


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
    from generator.build import build
    from generator.project import Project
    from generator.runtime.progress import Progress

    root = copy_project(tmp_path_factory.mktemp("seed") / "project")
    build(Project.at(root), Progress(quiet=True), strict=True)
    return root
