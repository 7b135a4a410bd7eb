"""Determinism: the same data gives byte-identical generated pages, whatever the folder, hash seed or cache."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from generator.runtime.cache import CACHE_DIR
from tests.conftest import ROOT, generated_files


def _generate(project: Path, hash_seed: str) -> None:
    """Run `papersite generate` on the project in a fresh interpreter with the given hash seed."""
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "generator", "generate", "-q", "--project", str(project)],
                          env=env, cwd=project, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]


def test_two_builds_of_the_same_data_are_byte_identical(project_factory) -> None:
    # Different folders, different hash seeds (so set and dict-of-set order differ), each with a cold cache.
    first, second = project_factory(), project_factory()
    _generate(first, "1")
    _generate(second, "2024")
    one, two = generated_files(first), generated_files(second)
    assert "papers.json" in one and any(p.startswith("papers/") for p in one)
    assert one.keys() == two.keys()
    differing = sorted(p for p in one if one[p] != two[p])
    assert not differing, f"differ between identical builds: {differing[:5]}"
    # A warm build (cache filled by the first run) gives the same bytes as the cold one.
    assert (first / CACHE_DIR).is_dir()
    shutil.rmtree(first / "site_src" / "papers")
    _generate(first, "7")
    assert generated_files(first) == one
