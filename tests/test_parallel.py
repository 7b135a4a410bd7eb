"""Parallel per-paper stages: forked workers give the same output as one process, in input order."""

from __future__ import annotations

import os
import re
import sys
import threading
import time
from pathlib import Path

import pytest

from generator.runtime import parallel
from generator.build import generate
from generator.project import Project
from generator.runtime.cache import Cache
from generator.runtime.progress import Progress
from tests.conftest import generated_files


def _pid_of(_: int) -> int:
    """Return the id of the process doing the work."""
    return os.getpid()


def test_nothing_keeps_the_test_process_from_forking_workers() -> None:
    """The tests below see workers only where forking is allowed: no earlier test may leave a thread running."""
    if sys.platform != "linux":
        pytest.skip("workers are forked on Linux only")
    assert parallel.can_fork(), [t.name for t in threading.enumerate()]


def test_map_ordered_keeps_input_order_across_workers(monkeypatch) -> None:
    monkeypatch.setenv("PAPERSITE_JOBS", "2")
    items = list(range(1000))
    assert parallel.map_ordered(lambda x: x * x, items, min_items=0) == [x * x for x in items]
    if parallel.can_fork():
        assert os.getpid() not in set(parallel.map_ordered(_pid_of, items, min_items=0))


def test_small_batches_and_one_job_stay_in_this_process(monkeypatch) -> None:
    monkeypatch.setenv("PAPERSITE_JOBS", "2")
    assert set(parallel.map_ordered(_pid_of, list(range(10)))) == {os.getpid()}
    monkeypatch.setenv("PAPERSITE_JOBS", "1")
    assert set(parallel.map_ordered(_pid_of, list(range(1000)), min_items=0)) == {os.getpid()}


def test_a_worker_error_reaches_the_caller(monkeypatch) -> None:
    monkeypatch.setenv("PAPERSITE_JOBS", "2")

    def fail_on_seven(x: int) -> int:
        if x == 7:
            raise ValueError("seven")
        return x

    with pytest.raises(ValueError, match="seven"):
        parallel.map_ordered(fail_on_seven, list(range(100)), min_items=0)


def test_work_started_in_the_background_comes_back_in_order_while_this_process_goes_on(monkeypatch) -> None:
    monkeypatch.setenv("PAPERSITE_JOBS", "2")
    items = list(range(1000))
    with parallel.Ordered(lambda x: x * x, items, min_items=0) as pending:
        here = parallel.map_ordered(_pid_of, list(range(500)), min_items=0)  # meanwhile: no second pool
        assert pending.result() == [x * x for x in items]
    assert set(here) == {os.getpid()}
    with parallel.Ordered(_pid_of, items, min_items=0) as pending:
        assert os.getpid() not in set(pending.result())
    assert threading.active_count() == 1  # the pool's threads are gone: later stages may fork again


def test_an_error_in_background_work_reaches_the_caller_and_leaving_early_stops_it(monkeypatch) -> None:
    monkeypatch.setenv("PAPERSITE_JOBS", "2")

    def fail_on_seven(x: int) -> int:
        if x == 7:
            raise ValueError("seven")
        return x

    with pytest.raises(ValueError, match="seven"), parallel.Ordered(fail_on_seven, list(range(100)), min_items=0) as pending:
        pending.result()
    with pytest.raises(KeyError), parallel.Ordered(_pid_of, list(range(100)), min_items=0):
        raise KeyError("the caller failed first")
    assert parallel.can_fork()


@pytest.mark.parametrize("value", ["0", "two", "-1"])
def test_a_bad_jobs_setting_is_a_clear_error(monkeypatch, value: str) -> None:
    monkeypatch.setenv("PAPERSITE_JOBS", value)
    with pytest.raises(parallel.PapersiteError, match="PAPERSITE_JOBS"):
        parallel.jobs()


def test_background_gives_the_value_from_another_process_or_this_one(monkeypatch) -> None:
    monkeypatch.setenv("PAPERSITE_JOBS", "2")
    with parallel.Background(lambda: (os.getpid(), [x * x for x in range(1000)])) as later:
        pid, squares = later.result()
    assert squares == [x * x for x in range(1000)]
    if parallel.can_fork():
        assert pid != os.getpid()
    monkeypatch.setenv("PAPERSITE_JOBS", "1")
    with parallel.Background(os.getpid) as later:
        assert later.result() == os.getpid()


def test_work_is_done_here_when_no_process_can_be_started(monkeypatch) -> None:
    monkeypatch.setenv("PAPERSITE_JOBS", "2")

    def no_fork() -> int:
        raise OSError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(parallel.os, "fork", no_fork)
    with parallel.Background(os.getpid) as later:
        assert later.result() == os.getpid()
    assert set(parallel.map_ordered(_pid_of, list(range(100)), min_items=0)) == {os.getpid()}


class _Unpicklable(Exception):
    """An exception carrying something pickle cannot send."""

    def __init__(self) -> None:
        super().__init__("cannot travel")
        self.handle = lambda: None


class _Unrebuildable(Exception):
    """An exception pickle sends but cannot rebuild (its __init__ wants other arguments)."""

    def __init__(self, a: str, b: str) -> None:
        super().__init__(f"{a} {b}")


def test_a_background_error_reaches_the_caller(monkeypatch) -> None:
    monkeypatch.setenv("PAPERSITE_JOBS", "2")

    def fail() -> None:
        raise ValueError("broken in the child")

    with pytest.raises(ValueError, match="broken in the child"):
        with parallel.Background(fail) as later:
            later.result()

    def fail_unpicklably() -> None:
        raise _Unpicklable()

    with pytest.raises(Exception, match="cannot travel"):
        with parallel.Background(fail_unpicklably) as later:
            later.result()

    def fail_unrebuildably() -> None:
        raise _Unrebuildable("cannot", "rebuild")

    with pytest.raises(Exception, match="cannot rebuild"):
        with parallel.Background(fail_unrebuildably) as later:
            later.result()


def test_leaving_a_background_block_early_stops_the_child(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PAPERSITE_JOBS", "2")
    if not parallel.can_fork():
        pytest.skip("no forking here")
    marker = tmp_path / "finished"
    told = tmp_path / "pid"

    def slow() -> None:
        import time

        # The child says who it is (written whole, then renamed), so the test can look for it afterwards.
        (tmp_path / "pid.new").write_text(str(os.getpid()))
        os.replace(tmp_path / "pid.new", told)
        time.sleep(3)
        marker.write_text("the child ran to its end")

    with pytest.raises(KeyError):
        with parallel.Background(slow):
            import time

            deadline = time.monotonic() + 30
            while not told.exists() and time.monotonic() < deadline:
                time.sleep(0.01)
            pid = int(told.read_text())
            raise KeyError("the caller failed first")
    with pytest.raises(ProcessLookupError):  # killed and reaped: no such process any more
        os.kill(pid, 0)
    assert not marker.exists()


def test_memo_many_computes_each_missing_key_once() -> None:
    cache = Cache(None)
    cache.put("k", "a", "cached")
    calls: list[int] = []

    def compute(i: int) -> str:
        calls.append(i)
        return f"computed {i}"

    assert cache.memo_many("k", ["a", "b", "b", "c"], compute) == ["cached", "computed 1", "computed 1", "computed 3"]
    assert calls == [1, 3]


def test_a_parallel_generate_writes_the_same_bytes_as_a_serial_one(project_factory, monkeypatch) -> None:
    monkeypatch.setattr(parallel, "MIN_ITEMS", 0)  # the seeds are fewer than a real batch
    outputs = []
    for jobs in ("1", "2"):
        monkeypatch.setenv("PAPERSITE_JOBS", jobs)
        project = project_factory()
        generate(Project.at(project), Progress(quiet=True))
        outputs.append(generated_files(project))
    assert any(p.startswith("papers/") for p in outputs[0])
    assert outputs[0] == outputs[1]


@pytest.mark.parametrize("template, broken, expected", [
    # A syntax error is found where the templates are compiled, in this process.
    ("home.md.j2", "{% if %}\n", r"templates/home\.md\.j2:\d+: template: "),
    # A value the template asks for and does not get is found by the worker rendering the page; the
    # message still says where in the template.
    ("paper.md.j2", "{{ no_such_value }}\n", r"templates/paper\.md\.j2:\d+: template: 'no_such_value' is undefined"),
    # A template of an earlier release that unpacks a context value into too many names (a Python error
    # raised inside the template, not Jinja's): still the template's file and line, no traceback.
    ("paper.md.j2", "{% for a, b, c in [[1, 2]] %}{% endfor %}\n", r"templates/paper\.md\.j2:\d+: template: ValueError: "),
])
def test_a_template_error_met_by_a_worker_is_a_one_line_message(project_factory, monkeypatch, capsys,
                                                                template: str, broken: str, expected: str) -> None:
    from generator import cli

    monkeypatch.setattr(parallel, "MIN_ITEMS", 0)
    monkeypatch.setenv("PAPERSITE_JOBS", "2")
    project = project_factory()
    path = project / "templates" / template
    path.write_text(path.read_text(encoding="utf-8") + broken, encoding="utf-8")
    assert cli.main(["generate", "--quiet", "--project", str(project)]) == 1
    err = capsys.readouterr().err
    assert re.search(expected, err), err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


def _site_files(project: Path) -> dict[str, bytes]:
    """Return every file of the built site/ as path → bytes (the gzipped sitemap carries a timestamp)."""
    site = project / "site"
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in sorted(site.rglob("*"))
            if p.is_file() and p.name != "sitemap.xml.gz"}


def test_markdown_converted_by_workers_gives_the_same_site(project_factory, monkeypatch) -> None:
    from generator.build import build

    monkeypatch.setattr(parallel, "MIN_ITEMS", 0)
    sites = []
    for jobs in ("1", "2"):
        monkeypatch.setenv("PAPERSITE_JOBS", jobs)
        project = project_factory()
        build(Project.at(project), Progress(quiet=True), strict=True)
        sites.append(_site_files(project))
    assert any(p.startswith("papers/") and p.endswith(".html") for p in sites[0])
    _assert_same_sites(sites)


def test_a_warning_found_by_a_worker_still_fails_a_strict_build(project_factory, monkeypatch) -> None:
    from generator.build import build
    from generator.model import PapersiteError

    monkeypatch.setattr(parallel, "MIN_ITEMS", 0)
    monkeypatch.setenv("PAPERSITE_JOBS", "2")
    project = project_factory()
    about = project / "site_src" / "about.md"
    about.write_text(about.read_text(encoding="utf-8") + "\n[gone](no-such-page.md)\n", encoding="utf-8")
    with pytest.raises(PapersiteError, match="no-such-page.md"):
        build(Project.at(project), Progress(quiet=True), strict=True)
    assert not (project / "site").exists()


def _built_by(own_loop: str, project: Path, monkeypatch) -> dict[str, bytes]:
    """Build `project` on two workers, with MkDocs' own loop when `own_loop` is set; return its site/ files."""
    from generator.build import build
    from generator.write.mkdocs_adapter import OWN_LOOP_VARIABLE

    monkeypatch.setattr(parallel, "MIN_ITEMS", 0)
    monkeypatch.setenv("PAPERSITE_JOBS", "2")
    monkeypatch.setenv(OWN_LOOP_VARIABLE, own_loop)
    build(Project.at(project), Progress(quiet=True), strict=True)
    return _site_files(project)


def _assert_same_sites(sites: list[dict[str, bytes]]) -> None:
    """Fail, naming a few of them, unless the two sites hold the same files with the same bytes."""
    differing = sorted(p for p in sites[0] if sites[0][p] != sites[1].get(p))
    assert sites[0].keys() == sites[1].keys() and not differing, differing[:5]


def test_forcing_mkdocs_own_loop_says_so_in_one_line_and_gives_the_same_site(project_factory, monkeypatch, capfd) -> None:
    from generator.write.mkdocs_adapter import OWN_LOOP_VARIABLE

    sites = []
    for own_loop in ("", "1"):
        project = project_factory()
        capfd.readouterr()
        sites.append(_built_by(own_loop, project, monkeypatch))
        lines = [line for line in capfd.readouterr().err.splitlines() if "own loop" in line]
        assert lines == ([f"papersite: building pages with MkDocs' own loop ({OWN_LOOP_VARIABLE} is set)"] if own_loop else [])
    _assert_same_sites(sites)


def test_pages_converted_without_the_extensions_they_never_use_match_mkdocs_own_loop(project_factory, monkeypatch) -> None:
    # Some paper pages use a table, fenced code and math; the others, and the tag and topic pages, use none of them.
    extra = "\n{% if paper.tags %}\n| a | b |\n| --- | --- |\n| 1 | $x^2$ |\n\n```\na \\| b\n```\n{% endif %}\n"
    sites = []
    for own_loop in ("", "1"):
        project = project_factory()
        template = project / "templates" / "paper.md.j2"
        template.write_text(template.read_text(encoding="utf-8") + extra, encoding="utf-8")
        sites.append(_built_by(own_loop, project, monkeypatch))
    pages = [p for p in sites[0] if p.startswith("papers/") and p.endswith("/index.html")]
    with_table = [p for p in pages if b"<table>" in sites[0][p]]
    assert with_table and len(with_table) < len(pages)
    assert all(b'<span class="arithmatex">' in sites[0][p] and b"<pre><code>a \\| b" in sites[0][p] for p in with_table)
    _assert_same_sites(sites)


def test_an_unknown_page_handler_or_another_mkdocs_release_means_mkdocs_own_loop(project_factory, monkeypatch) -> None:
    from importlib import metadata

    from mkdocs.config import load_config

    from generator.write import mkdocs_adapter as site

    project = project_factory()
    config = load_config(str(project / "mkdocs.yml"), docs_dir=str(project / "site_src"), site_dir=str(project / "site"))
    config.plugins.on_startup(command="build", dirty=False)
    assert site.unfit_reason(config) is None  # the project's own configuration is known
    config.plugins.events["page_markdown"].append(lambda markdown, page, config, files: markdown)
    assert "unknown page_markdown handler" in site.unfit_reason(config)
    real = metadata.version
    monkeypatch.setattr(metadata, "version", lambda dist: "1.7.0" if dist == "mkdocs" else real(dist))
    assert site.unfit_reason() == "written for mkdocs 1.6.1, found 1.7.0"


def test_background_steps_come_one_by_one_and_the_child_does_not_wait_for_the_reader(monkeypatch, tmp_path: Path) -> None:
    """The first value is there before the last is made; the child goes on while nobody reads; an error in a later
    step reaches the caller after the earlier values; with one job the steps run here, lazily."""
    monkeypatch.setenv("PAPERSITE_JOBS", "2")
    done = tmp_path / "second-done"

    def steps():
        yield os.getpid(), list(range(200_000))  # larger than a pipe holds
        done.write_text("yes")
        yield "second"
        raise ValueError("third step broke")

    with parallel.BackgroundSteps(steps) as later:
        if parallel.can_fork():
            deadline = time.monotonic() + 30
            while not done.exists() and time.monotonic() < deadline:
                time.sleep(0.01)
            assert done.exists()  # made although the first value was not read yet
        pid, numbers = later.next()
        assert numbers == list(range(200_000)) and (pid != os.getpid()) == parallel.can_fork()
        assert later.next() == "second"
        with pytest.raises(ValueError, match="third step broke"):
            later.next()
    done.unlink()
    monkeypatch.setenv("PAPERSITE_JOBS", "1")
    with parallel.BackgroundSteps(steps) as here:
        assert here.next()[0] == os.getpid() and not done.exists()  # the second step not made before it is asked for
        assert here.next() == "second" and done.exists()
