"""The Atom feed and the first-seen state file: valid Atom, newest first, deterministic, saved only after success."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from generator.write import feed
from generator.build import build, generate
from generator.project import Project
from generator.model import Paper, PapersiteError
from generator.runtime.progress import Progress

from .conftest import FIXTURES

ATOM = "{http://www.w3.org/2005/Atom}"


def _paper(pid: str, title: str, authors: list[str] | None = None) -> Paper:
    return Paper(id=pid, abstract="Text & <more>.", text="Text & <more>.", source="d.txt:1", collection="C",
                 title=title, slug=f"{pid}-slug", authors=authors or [])


def test_known_papers_keep_their_date_new_ones_get_today_and_removed_ones_are_dropped() -> None:
    papers = [_paper("a", "A"), _paper("b", "B")]
    state = feed.first_seen(papers, {"a": "2024-01-02", "gone": "2023-05-05"}, "2025-06-07")
    assert state == {"a": "2024-01-02", "b": "2025-06-07"}


def test_source_date_epoch_fixes_today(monkeypatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    assert feed.today() == "2023-11-14"
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "soon")
    with pytest.raises(PapersiteError):
        feed.today()


def test_the_feed_is_valid_atom_newest_first_with_hostile_text_escaped() -> None:
    papers = [_paper("old", "Old <b>bold</b> & \x01odd"), _paper("new", "New ]]> paper", ["Ann \"A\" <x>"])]
    xml = feed.atom_feed(papers, {"old": "2024-01-01", "new": "2024-03-01"}, "My & co", {})
    root = ET.fromstring(xml.encode("utf-8"))
    assert root.tag == f"{ATOM}feed"
    for name in ("id", "title", "updated"):
        assert root.find(f"{ATOM}{name}").text
    assert root.find(f"{ATOM}updated").text == "2024-03-01T00:00:00Z"
    entries = root.findall(f"{ATOM}entry")
    assert [e.find(f"{ATOM}title").text for e in entries] == ["New ]]> paper", "Old <b>bold</b> & odd"]
    assert entries[0].find(f"{ATOM}author/{ATOM}name").text == 'Ann "A" <x>'
    assert entries[0].find(f"{ATOM}link").get("href") == "papers/new-slug/"
    assert all(e.find(f"{ATOM}id").text.startswith("urn:") for e in entries)
    assert len({e.find(f"{ATOM}id").text for e in entries}) == 2


def test_a_broken_state_file_is_reported_not_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / feed.STATE_FILE
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(PapersiteError, match="first-seen"):
        feed.load_first_seen(path)
    path.write_text(json.dumps({"a": "yesterday"}), encoding="utf-8")
    with pytest.raises(PapersiteError, match="YYYY-MM-DD"):
        feed.load_first_seen(path)


def test_generate_records_first_seen_dates_and_later_builds_keep_them(project_factory, monkeypatch) -> None:
    root = project_factory(FIXTURES / "golden" / "data")
    state_path = root / "data" / feed.STATE_FILE
    state_path.unlink(missing_ok=True)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    _, first = generate(Project.at(root), Progress(quiet=True))
    state = json.loads(state_path.read_text(encoding="utf-8"))
    assert set(state.values()) == {"2023-11-14"} and len(state) == len(json.loads(first["papers.json"]))
    # A day later, with one more paper: old papers keep their date, the new one is first in the feed.
    (root / "data" / "more.txt").write_text("More\n\nA brand new abstract about sparse autoencoders for protein "
                                            "structure prediction with diffusion models.\n", encoding="utf-8")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", str(1700000000 + 86400))
    _, second = generate(Project.at(root), Progress(quiet=True))
    newer = json.loads(state_path.read_text(encoding="utf-8"))
    assert {k: v for k, v in newer.items() if k in state} == state
    assert sorted(set(newer.values())) == ["2023-11-14", "2023-11-15"]
    entries = ET.fromstring(second["feed.xml"].encode("utf-8")).findall(f"{ATOM}entry")
    assert "sparse autoencoders" in entries[0].find(f"{ATOM}summary").text
    # Same data and state file, another day: the same feed.
    monkeypatch.setenv("SOURCE_DATE_EPOCH", str(1700000000 + 9 * 86400))
    _, third = generate(Project.at(root), Progress(quiet=True))
    assert third["feed.xml"] == second["feed.xml"] and third["index.md"] == second["index.md"]


@pytest.mark.slow
def test_a_failed_build_does_not_touch_the_state_file(project_factory) -> None:
    root = project_factory(FIXTURES / "golden" / "data")
    state_path = root / "data" / feed.STATE_FILE
    state_path.unlink(missing_ok=True)
    # A broken link in a hand-written page makes the strict MkDocs build fail.
    (root / "site_src" / "about.md").write_text("[nowhere](missing.md)\n", encoding="utf-8")
    with pytest.raises(PapersiteError):
        build(Project.at(root), Progress(quiet=True), strict=True)
    assert not state_path.exists()
