"""The package's layers (pyproject.toml's import-linter contracts) hold, and the check catches an import across them."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINT = Path(sys.executable).parent / "lint-imports"


def _lint(root: Path) -> subprocess.CompletedProcess:
    """Run import-linter with the project's contracts on the package found at `root`."""
    return subprocess.run([str(LINT), "--config", str(root / "pyproject.toml"), "--no-cache"],
                          capture_output=True, text=True, cwd=root, env={"PYTHONPATH": str(root), "PATH": ""})


def test_every_layer_contract_is_kept() -> None:
    result = _lint(ROOT)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert "broken" not in result.stdout.split("Contracts:")[-1].replace("0 broken", "")


def test_a_stage_importing_the_cache_breaks_a_contract(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "generator", tmp_path / "generator", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    topics = tmp_path / "generator" / "infer" / "topics.py"
    topics.write_text(topics.read_text(encoding="utf-8") + "\nfrom generator.runtime import cache  # noqa\n", encoding="utf-8")
    result = _lint(tmp_path)
    assert result.returncode == 1
    assert "generator.infer.topics -> generator.runtime.cache" in result.stdout
