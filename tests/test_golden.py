"""Golden output: the generated pages of a small fixture corpus, compared with committed files.

Refresh after an intended change with:  PAPERSITE_UPDATE_GOLDEN=1 python3 -m pytest -q tests/test_golden.py
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from generator.build import generate
from generator.project import Project
from generator.runtime.progress import Progress

from .conftest import FIXTURES

GOLDEN = Path(__file__).resolve().parent / "golden"


def test_generated_pages_match_the_golden_files(project_factory) -> None:
    root = project_factory(FIXTURES / "golden" / "data")
    _, files = generate(Project.at(root), Progress(quiet=True))
    if os.environ.get("PAPERSITE_UPDATE_GOLDEN"):
        shutil.rmtree(GOLDEN, ignore_errors=True)
        for rel, content in files.items():
            (GOLDEN / rel).parent.mkdir(parents=True, exist_ok=True)
            (GOLDEN / rel).write_text(content, encoding="utf-8")
    expected = {p.relative_to(GOLDEN).as_posix(): p.read_text(encoding="utf-8")
                for p in sorted(GOLDEN.rglob("*")) if p.is_file()}
    assert sorted(files) == sorted(expected), "pages added or removed; refresh the golden files if intended"
    for rel in sorted(files):
        assert files[rel] == expected[rel], f"{rel} differs from tests/golden/{rel}; refresh if intended"


def test_generating_twice_gives_identical_files(project_factory) -> None:
    root = project_factory(FIXTURES / "golden" / "data")
    _, first = generate(Project.at(root), Progress(quiet=True))
    _, second = generate(Project.at(root), Progress(quiet=True))
    assert first == second
