"""The command line: help with examples, exact messages and exit codes, nothing written on bad data."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from generator.cli import main
from tests.conftest import run_cli


def _tree_digest(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("command", ["build", "generate", "serve", "check", "search"])
def test_every_command_has_help_with_an_example(command: str) -> None:
    result = run_cli(command, "--help")
    assert result.returncode == 0
    assert "example:" in result.stdout and f"papersite {command}" in result.stdout


def test_check_reports_every_problem_and_exits_1(project_factory, tmp_path: Path, capsys) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "a.jsonl").write_text('{"abstract": "Fine abstract about graphs."}\n{"abstract": 3}\n{not json\n')
    (data / "b.jsonl").write_text('{"title": "No abstract"}\n')
    root = project_factory(data)
    code = main(["check", "-q", "--project", str(root)])
    err = capsys.readouterr().err.splitlines()
    assert code == 1
    assert any(line.startswith("data/a.jsonl:2: abstract: ") for line in err), err
    assert any(line.startswith("data/a.jsonl:3: json: invalid JSON") for line in err), err
    assert any(line.startswith("data/b.jsonl:1: abstract: ") for line in err), err
    assert err[-1] == "3 errors, 0 warnings"
    assert not (root / "site_src" / "papers").exists()


def test_bad_data_fails_without_traceback_and_leaves_the_site_as_it_was(project_factory) -> None:
    root = project_factory()
    assert main(["build", "-q", "--project", str(root)]) == 0
    before_src, before_site = _tree_digest(root / "site_src"), _tree_digest(root / "site")
    (root / "data" / "zz.jsonl").write_text('{"abstract": ""}\n')
    result = run_cli("build", "-q", "--project", str(root))
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert "data/zz.jsonl:1: abstract: " in result.stderr
    assert _tree_digest(root / "site_src") == before_src
    assert _tree_digest(root / "site") == before_site


def test_a_failing_mkdocs_stage_leaves_the_site_as_it_was(project_factory, monkeypatch) -> None:
    import generator.build as build_module
    from generator.model import PapersiteError

    root = project_factory()
    assert main(["build", "-q", "--project", str(root)]) == 0
    before_src, before_site = _tree_digest(root / "site_src"), _tree_digest(root / "site")
    (root / "data" / "000_e21f67939b1eed85.txt").write_text("New\n\nA single new abstract about graph neural networks.\n")

    def boom(*args, **kwargs):
        raise PapersiteError("mkdocs.yml: mkdocs build failed: injected")

    monkeypatch.setattr(build_module, "run_mkdocs", boom)
    assert main(["build", "-q", "--project", str(root)]) == 1
    assert _tree_digest(root / "site_src") == before_src
    assert _tree_digest(root / "site") == before_site
    assert not list(root.glob(".papersite-*"))


def test_a_project_without_site_src_builds_and_a_failed_first_build_leaves_none(project_factory, monkeypatch) -> None:
    import shutil

    import generator.build as build_module
    from generator.model import PapersiteError

    root = project_factory()
    shutil.rmtree(root / "site_src")

    def boom(*args, **kwargs):
        raise PapersiteError("mkdocs.yml: mkdocs build failed: injected")

    with monkeypatch.context() as patch:
        patch.setattr(build_module, "run_mkdocs", boom)
        assert main(["build", "-q", "--project", str(root)]) == 1
    assert not (root / "site_src").exists() and not (root / "site").exists()
    assert main(["build", "-q", "--project", str(root)]) == 0
    assert (root / "site" / "index.html").is_file()
    assert (root / "site_src" / "index.md").is_file()


def test_missing_config_is_a_clear_error(tmp_path: Path) -> None:
    result = run_cli("check", "--project", str(tmp_path))
    assert result.returncode == 1
    assert result.stderr.strip().endswith("no MkDocs configuration here (run papersite from the project folder)")


def test_search_before_build_says_what_to_do(project_factory) -> None:
    root = project_factory()
    result = run_cli("search", "graphs", "--project", str(root))
    assert result.returncode == 1
    assert "run `papersite build` first" in result.stderr and "Traceback" not in result.stderr
