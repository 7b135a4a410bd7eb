"""Publishing a project: the site's URL (feed, canonical links, sitemap, 404.html), its name (after the data unless
mkdocs.yml sets one), and the command line a user types (options anywhere, serve, a clean data/ after rebuilds)."""

from __future__ import annotations

import json
import re
import shutil
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from generator import cli
from generator.cli import main
from generator.write import feed

from .conftest import FIXTURES

ATOM = "{http://www.w3.org/2005/Atom}"
SITE_URL = "https://octocat.github.io/my-repo/"


def _one_collection(tmp_path: Path) -> Path:
    """Return a data folder of one collection, "Lab notes" (the golden fixture's text file)."""
    data = tmp_path / "lab-data"
    data.mkdir()
    shutil.copy(FIXTURES / "golden" / "data" / "notes.txt", data / "notes.txt")
    return data


def _links(html: str) -> list[str]:
    """Return every href and src of a page's elements (not the text of its inline scripts)."""
    return re.findall(r'(?:href|src)="([^"]*)"', re.sub(r"<script>.*?</script>", "", html, flags=re.S))


def _set_in_mkdocs_yml(root: Path, line: str) -> None:
    """Set one top-level setting of the project's mkdocs.yml (replacing it when present)."""
    config = root / "mkdocs.yml"
    key = line.split(":", 1)[0]
    text = re.sub(rf"(?m)^{key}:.*\n", "", config.read_text(encoding="utf-8"))
    config.write_text(f"{line}\n{text}", encoding="utf-8")


# --- the site's URL -------------------------------------------------------------------------------------


@pytest.mark.slow
def test_with_a_site_url_the_feed_canonical_links_sitemap_and_404_are_absolute(project_factory) -> None:
    root = project_factory(FIXTURES / "golden" / "data")
    assert main(["build", "-q", "--project", str(root), "--site-url", SITE_URL.rstrip("/")]) == 0
    site = root / "site"
    atom = ET.fromstring((site / "feed.xml").read_bytes())
    hrefs = [link.get("href") for link in atom.iter(f"{ATOM}link")]
    assert SITE_URL + "feed.xml" in hrefs and SITE_URL in hrefs
    assert len(hrefs) > 2 and all(h.startswith(SITE_URL) for h in hrefs)
    assert f'<link rel="canonical" href="{SITE_URL}">' in (site / "index.html").read_text(encoding="utf-8")
    catalog = json.loads((site / "papers.json").read_text(encoding="utf-8"))
    locs = re.findall(r"<loc>([^<]*)</loc>", (site / "sitemap.xml").read_text(encoding="utf-8"))
    assert SITE_URL + catalog[0]["url"] in locs and all(loc.startswith(SITE_URL) for loc in locs)
    # GitHub Pages serves 404.html at any missing path: its links must hold at any depth, so under /my-repo/.
    links = _links((site / "404.html").read_text(encoding="utf-8"))
    assert "/my-repo/assets/stylesheets/papersite.css" in links
    assert all(link.startswith(("/my-repo/", SITE_URL, "#")) for link in links if not link.startswith("http"))


def test_site_url_in_mkdocs_yml_makes_the_feed_links_absolute(project_factory) -> None:
    root = project_factory(FIXTURES / "golden" / "data")
    _set_in_mkdocs_yml(root, f"site_url: {SITE_URL}")
    assert main(["generate", "-q", "--project", str(root)]) == 0
    atom = ET.fromstring((root / "site_src" / "feed.xml").read_bytes())
    assert all(link.get("href").startswith(SITE_URL) for link in atom.iter(f"{ATOM}link"))


def test_a_site_url_that_is_not_http_is_a_clear_error(project_factory, capsys) -> None:
    root = project_factory(FIXTURES / "golden" / "data")
    assert main(["generate", "-q", "--project", str(root), "--site-url", "octocat.github.io/my-repo"]) == 1
    assert "absolute http(s) URL" in capsys.readouterr().err


@pytest.mark.slow
def test_without_a_site_url_the_404_page_has_no_link_from_the_servers_root(project_factory) -> None:
    root = project_factory(FIXTURES / "golden" / "data")
    assert main(["build", "-q", "--project", str(root)]) == 0
    page = (root / "site" / "404.html").read_text(encoding="utf-8")
    # Root-absolute links (/assets/…) break on a project site (https://user.github.io/REPO/).
    assert [link for link in _links(page) if link.startswith("/")] == []
    assert "./assets/stylesheets/papersite.css" in _links(page) and "<base " in page
    # Without a URL there is nothing to make absolute: the feed's links stay relative to the site's root.
    atom = ET.fromstring((root / "site" / "feed.xml").read_bytes())
    assert [link.get("href") for link in atom.findall(f"{ATOM}link")] == ["feed.xml", "./"]


# --- the site's name ------------------------------------------------------------------------------------


@pytest.mark.slow
def test_the_default_site_name_gives_way_to_the_collections_name(project_factory, tmp_path: Path) -> None:
    root = project_factory(_one_collection(tmp_path))
    assert main(["build", "-q", "--project", str(root)]) == 0
    home = (root / "site" / "index.html").read_text(encoding="utf-8")
    assert "<title>Lab notes</title>" in home
    assert re.search(r'<span class="md-ellipsis">\s*Lab notes\s*</span>', home)  # the header
    assert "ICLR 2025" not in home
    assert ET.fromstring((root / "site" / "feed.xml").read_bytes()).find(f"{ATOM}title").text.startswith("Lab notes")


def test_collections_of_different_names_make_a_site_called_papers(project_factory) -> None:
    root = project_factory(FIXTURES / "golden" / "data")  # "Lab notes" and "reading-list"
    assert main(["generate", "-q", "--project", str(root)]) == 0
    assert ET.fromstring((root / "site_src" / "feed.xml").read_bytes()).find(f"{ATOM}title").text.startswith("Papers —")


@pytest.mark.slow
def test_a_site_name_the_user_sets_wins_over_the_collections(project_factory, tmp_path: Path) -> None:
    root = project_factory(_one_collection(tmp_path))
    _set_in_mkdocs_yml(root, "site_name: The Smith Lab reading group")
    assert main(["build", "-q", "--project", str(root)]) == 0
    home = (root / "site" / "index.html").read_text(encoding="utf-8")
    assert "<title>The Smith Lab reading group</title>" in home and "# The Smith Lab reading group" in (
        root / "site_src" / "index.md").read_text(encoding="utf-8")
    assert ET.fromstring((root / "site" / "feed.xml").read_bytes()).find(f"{ATOM}title").text.startswith("The Smith Lab")


# --- the command line -----------------------------------------------------------------------------------


@pytest.mark.parametrize("argv", [
    ["--project", "{root}", "check"],
    ["-q", "--project", "{root}", "--data", "{root}/data", "check"],
    ["--project", "/nowhere", "check", "--project", "{root}"],  # given twice: the later one counts
])
def test_common_options_work_before_or_after_the_command(project_factory, argv: list[str], capsys) -> None:
    root = project_factory(FIXTURES / "golden" / "data")
    assert main([arg.replace("{root}", str(root)) for arg in argv]) == 0
    assert "0 errors" in capsys.readouterr().err


def test_serve_regenerates_once_per_change_not_again_for_its_own_state_file(project_factory, monkeypatch) -> None:
    root = project_factory(FIXTURES / "golden" / "data")
    real_generate = cli.generate
    calls: list[str] = []
    done: list[str] = []

    def generate(project, progress):  # noqa: ANN001, ANN202 - the real one, counted
        calls.append("started")
        try:
            return real_generate(project, progress)
        finally:
            done.append("done")

    def serve(config_file, docs_dir, address, **kwargs) -> None:  # noqa: ANN001 - instead of MkDocs' server
        time.sleep(0.5)  # a moment after the server started, a user adds a file
        (root / "data" / "more.txt").write_text("More\n\nA new abstract about sparse autoencoders for protein "
                                                "structure prediction with diffusion models.\n", encoding="utf-8")
        deadline = time.monotonic() + 60
        while len(done) < 2 and time.monotonic() < deadline:  # the change is seen, and regenerated for
            time.sleep(0.1)
        time.sleep(2.5)  # time enough to see (wrongly) the state file generate wrote as a change

    monkeypatch.setattr(cli, "POLL_SECONDS", 0.2, raising=False)
    monkeypatch.setattr(cli, "generate", generate)
    monkeypatch.setattr(cli, "serve_mkdocs", serve)
    assert main(["serve", "-q", "--project", str(root)]) == 0
    assert len(calls) == 2  # once at the start, once for the new file
    assert "sparse autoencoders" in (root / "site_src" / "papers.json").read_text(encoding="utf-8")


@pytest.mark.parametrize("site_url, argv, url", [
    (None, ["serve", "--addr", "127.0.0.1:8765"], "http://127.0.0.1:8765/"),
    (SITE_URL, ["serve"], "http://127.0.0.1:8000/my-repo/"),  # MkDocs serves under site_url's path
])
def test_serve_says_the_url_it_serves_at(project_factory, monkeypatch, capsys, site_url, argv, url) -> None:
    root = project_factory(FIXTURES / "golden" / "data")
    if site_url:
        _set_in_mkdocs_yml(root, f"site_url: {site_url}")
    monkeypatch.setattr(cli, "serve_mkdocs", lambda *args, **kwargs: None)
    assert main([*argv, "-q", "--project", str(root)]) == 0
    assert f"at {url} " in capsys.readouterr().err


@pytest.mark.slow
def test_the_first_seen_file_forgets_removed_papers_and_a_rebuild_changes_nothing_in_data(project_factory) -> None:
    root = project_factory(FIXTURES / "golden" / "data")
    state = root / "data" / feed.STATE_FILE
    assert main(["build", "-q", "--project", str(root)]) == 0
    (root / "data" / "notes.txt").unlink()
    assert main(["build", "-q", "--project", str(root)]) == 0
    ids = {paper["id"] for paper in json.loads((root / "site" / "papers.json").read_text(encoding="utf-8"))}
    assert set(json.loads(state.read_text(encoding="utf-8"))) == ids

    def snapshot() -> dict[str, tuple[bytes, int]]:
        return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in sorted((root / "data").iterdir())}

    before = snapshot()
    assert main(["build", "-q", "--project", str(root)]) == 0
    assert snapshot() == before
