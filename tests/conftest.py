"""Shared test helpers: throw-away projects, the CLI in a fresh process, file-tree snapshots, the bench
scripts, a local web server and headless Chromium for the browser tests, and a parser of built pages."""

from __future__ import annotations

import contextlib
import functools
import http.server
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import threading
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from types import ModuleType
from typing import Iterator

import pytest

from generator import project
from generator.model import Paper
from generator.write.files import is_generated

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
SHARED_CORPUS = ROOT.parent / "shared" / "corpora" / "iclr2024-dev.jsonl"
CHROMIUM = Path("/usr/bin/chromium")
# What a hang is allowed before it is a failure (a named pipe in data/ would block a reader for ever).
CLI_TIMEOUT = 300


# --------------------------------------------------------------------------------------------------
# Projects


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


@pytest.fixture(scope="session")
def sharded_seed_site(seed_site: Path, tmp_path_factory) -> Path:
    """The seed project built again with the search shard threshold lowered below its size (sharded search)."""
    root = tmp_path_factory.mktemp("sharded") / "project"
    shutil.copytree(seed_site, root, ignore=shutil.ignore_patterns("site", ".cache"))
    env = {**os.environ, "PAPERSITE_SEARCH_SHARD_ABOVE": "10", "PYTHONPATH": str(ROOT)}
    subprocess.run([sys.executable, "-m", "generator", "build", "-q", "--project", str(root)], check=True, env=env,
                   cwd=ROOT, timeout=CLI_TIMEOUT)
    return root


def jsonl(*records: dict) -> bytes:
    """Return the records as JSON Lines."""
    return "".join(json.dumps(r) + "\n" for r in records).encode("utf-8")


def records_project(root: Path, records: list[dict]) -> Path:
    """Return a copy of the project whose data is the given records (data/hostile.jsonl)."""
    data = root.parent / (root.name + "-data")
    data.mkdir(parents=True)
    (data / "hostile.jsonl").write_bytes(jsonl(*records))
    return copy_project(root, data)


@dataclass(frozen=True)
class Symlink:
    """A data file that is a symbolic link to `target` (a path outside the project)."""

    target: str


def write_data(data: Path, files: dict[str, bytes | Symlink]) -> None:
    """Write `files` into the folder `data`, making the symbolic links asked for."""
    data.mkdir(parents=True, exist_ok=True)
    for name, content in files.items():
        if isinstance(content, Symlink):
            os.symlink(content.target, data / name)
        else:
            (data / name).write_bytes(content)


@dataclass(frozen=True)
class Refused:
    """A data folder papersite must refuse, and exactly the lines `check` prints before its summary, in order."""

    name: str
    files: dict
    lines: tuple[str, ...]


def minimal_project(root: Path, files: dict[str, bytes | Symlink]) -> Path:
    """A project with mkdocs.yml and data/ only: enough for `papersite check`."""
    root.mkdir(parents=True)
    (root / "mkdocs.yml").write_bytes((ROOT / "mkdocs.yml").read_bytes())
    write_data(root / "data", files)
    return root


# Twelve abstracts in three clear groups (related papers and topics must keep each group together).
PAPER_GROUPS = {
    "rl": [
        "We study offline reinforcement learning where the policy is learned from a fixed dataset of trajectories and reward signals.",
        "A new actor critic algorithm for reinforcement learning improves the policy with reward shaping on continuous control benchmarks.",
        "Model-based reinforcement learning plans with a learned dynamics model to improve policy sample efficiency and reward.",
        "Exploration bonuses in reinforcement learning help the policy discover sparse reward in hard environments.",
    ],
    "graph": [
        "Graph neural networks pass messages between nodes; we study oversmoothing of node representations in deep graph neural networks.",
        "We propose a graph transformer for molecule property prediction that attends over graph nodes and edges.",
        "Expressive power of graph neural networks is bounded by the Weisfeiler-Lehman test on graph isomorphism of nodes.",
        "Link prediction on knowledge graphs with graph neural networks that encode node neighbourhoods and edges.",
    ],
    "diffusion": [
        "Diffusion models generate images by denoising; we accelerate diffusion sampling with fewer denoising steps.",
        "Text-to-image diffusion models are guided by classifier-free guidance to improve image sample quality in denoising.",
        "Latent diffusion models compress images before the denoising diffusion process to reduce sampling cost.",
        "We analyse the score function learned by diffusion models and its denoising error for image generation.",
    ],
}


def grouped_papers() -> list[Paper]:
    """Return twelve papers in three clear groups, ids p00..p11."""
    texts = [t for group in PAPER_GROUPS.values() for t in group]
    return [Paper(id=f"p{i:02d}", abstract=t, text=t, source=f"x.txt:{i}", collection="c") for i, t in enumerate(texts)]


def copy_built(built: Path, tmp_path: Path) -> Path:
    """Copy a project a module fixture built into tmp_path/project (links and mtimes kept), for one test to change."""
    root = tmp_path / "project"
    shutil.copytree(built, root, symlinks=True)
    return root


# --------------------------------------------------------------------------------------------------
# Running papersite and looking at what it wrote


def run_cli(*args: str, flags: tuple[str, ...] = ()) -> subprocess.CompletedProcess:
    """Run `python [flags] -m generator ARGS` in a fresh process from the project root; a hang is a failure."""
    return subprocess.run([sys.executable, *flags, "-m", "generator", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=CLI_TIMEOUT)


def tree(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under `folder` with its bytes and modification time."""
    return {p.relative_to(folder).as_posix(): (p.read_bytes(), p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*")) if p.is_file()}


def snapshot(folder: Path, skip: tuple[Path, ...] = ()) -> dict[str, tuple[int, int] | None]:
    """Return every path under `folder` (except `skip`): files with size and modification time, folders with None."""
    out: dict[str, tuple[int, int] | None] = {}
    for path in sorted(folder.rglob("*")):
        if any(path == s or s in path.parents for s in skip):
            continue
        st = path.lstat()
        out[path.relative_to(folder).as_posix()] = None if path.is_dir() else (st.st_size, st.st_mtime_ns)
    return out


def generated_files(project_root: Path) -> dict[str, bytes]:
    """Return every generated file of site_src/ (papers.json included) as path → bytes."""
    docs = project_root / "site_src"
    return {p.relative_to(docs).as_posix(): p.read_bytes() for p in sorted(docs.rglob("*"))
            if p.is_file() and is_generated(p.relative_to(docs).as_posix())}


class Page(HTMLParser):
    """What a built page contains: its visible text, scripts, active elements and URL attributes."""

    ACTIVE = {"script", "iframe", "frame", "object", "embed", "img", "base", "form", "link", "meta", "style", "svg",
              "video", "audio", "source", "input", "button", "textarea", "select", "math"}
    URL_ATTRS = {"href", "src", "action", "formaction", "xlink:href", "data", "poster", "srcset", "background"}
    DECISIVE = {"src", "type", "rel", "http-equiv", "srcdoc", "action", "formaction", "data", "srcset"}

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.scripts: set[str] = set()
        self.active: set[tuple] = set()
        self.handlers: list[tuple] = []
        self.bad_urls: list[tuple] = []
        self.text: list[str] = []
        self._in = ""
        self.feed(text)
        self.visible = " ".join("".join(self.text).split())

    def handle_starttag(self, tag: str, attrs: list) -> None:
        """Record event handlers, script URLs and active elements."""
        for name, value in attrs:
            if name.startswith("on"):
                self.handlers.append((tag, name, value))
            if name in self.URL_ATTRS and re.match(r"\s*(?:javascript|data|vbscript):", value or "", re.I):
                self.bad_urls.append((tag, name, value))
        if tag == "meta" and dict(attrs).get("name") and "http-equiv" not in dict(attrs):
            pass  # <meta name=… content=…> is inert metadata (citation tags); its content is checked above
        elif tag in self.ACTIVE:
            # The element and its attribute names; values only where they decide what runs or loads
            # (labels and titles hold escaped data and differ from page to page).
            self.active.add((tag, tuple(sorted((name, value if name in self.DECISIVE else "") for name, value in attrs))))
        if tag in ("script", "style", "title"):
            self._in = tag
            if tag == "script":
                self.scripts.add("src=" + dict(attrs).get("src", "") if dict(attrs).get("src") else "")

    def handle_endtag(self, tag: str) -> None:
        """Leave a script, style or title."""
        if tag == self._in:
            self._in = ""

    def handle_data(self, data: str) -> None:
        """Keep script bodies apart from the visible text."""
        if self._in == "script":
            self.scripts.add(data)
        elif not self._in:
            self.text.append(data)


# --------------------------------------------------------------------------------------------------
# bench/ scripts


def bench_module(name: str) -> ModuleType:
    """Import bench/<name>.py by its path, once (bench/ holds scripts, not a package)."""
    path = ROOT / "bench" / f"{name}.py"
    loaded = sys.modules.get(name)
    if loaded is not None and Path(getattr(loaded, "__file__", "")) == path:
        return loaded
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    # Registered under its plain name: the scripts import each other that way (infer_scale imports quality).
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


# --------------------------------------------------------------------------------------------------
# A local web server and a headless browser


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:  # keep pytest's output clean
        pass


@contextlib.contextmanager
def serve(folder: Path) -> Iterator[str]:
    """Serve `folder` on 127.0.0.1 (a free port) while the block runs; yield its base URL.

    Stopped after it: a thread left running makes papersite's later builds in this process stay serial
    (forking is unsafe with threads), which would hide the worker processes from the tests that check them.
    """
    handler = functools.partial(_QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


try:
    from playwright.sync_api import sync_playwright
except ImportError:  # pragma: no cover - depends on the machine
    sync_playwright = None

#: The marks of a test that drives Chromium: skipped where Playwright or Debian's Chromium is missing.
NEEDS_BROWSER = [
    pytest.mark.browser,
    pytest.mark.skipif(sync_playwright is None, reason="the playwright Python package is not installed (pip install -e '.[test]')"),
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's Chromium is not installed at /usr/bin/chromium (apt-get install chromium)"),
]


def launch_chromium(playwright):
    """Start Debian's headless Chromium with a Playwright instance (no network of its own, no sandbox)."""
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=[
        "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run"])


@pytest.fixture(scope="module")
def site_url(seed_site: Path) -> Iterator[str]:
    """Serve the built seed site on 127.0.0.1 for the module (stopped after it: see `serve`)."""
    with serve(seed_site / "site") as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    """One headless Chromium for the module (closed after it, so other modules can start Playwright's sync API)."""
    with sync_playwright() as p:
        chromium = launch_chromium(p)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    """A fresh desktop-sized page whose console must stay free of errors (modules that record requests too
    define their own)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    context.on("console", lambda msg: msg.type == "error" and errors.append(msg.text))
    context.on("weberror", lambda err: errors.append(str(err.error)))
    page = context.new_page()
    page.set_default_timeout(20000)
    yield page
    context.close()
    assert errors == [], "the browser console showed errors"


def site_catalog(root: Path) -> list[dict]:
    """Return the built site's catalogue of papers (site/papers.json)."""
    return json.loads((root / "site" / "papers.json").read_text(encoding="utf-8"))


def search_results(page, site_url: str, query: str) -> list[str]:
    """Type a query into Material's search box and return the result links, best first."""
    page.goto(site_url)
    page.click("input.md-search__input") if page.is_visible("input.md-search__input") else page.click("label.md-header__button[for=__search]")
    # Material ignores input until its worker has loaded the index ("Initializing search" until then).
    page.wait_for_function("!/Initializing/.test(document.querySelector('.md-search-result__meta').textContent)")
    page.fill("input.md-search__input", query)
    page.press("input.md-search__input", "End")  # a key event, as typing makes, with the whole query in place
    page.wait_for_selector(".md-search-result__item")
    hrefs: list[str] = []
    for _ in range(20):  # the worker may still be answering: read until the list stops changing
        page.wait_for_timeout(150)
        now = page.eval_on_selector_all(".md-search-result__item > a", "els => els.map(a => a.href)")
        if now == hrefs:
            break
        hrefs = now
    return [h.split("?", 1)[0].split("#", 1)[0] for h in hrefs]  # search.highlight adds ?h=query
