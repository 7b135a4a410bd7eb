"""Hostile state, cache and file system: characters XML forbids, broken state and cache files, a state file
that cannot be saved, undeletable files and killed builds. Each ends in a well-formed site, a one-line error
or warning, and a project left as it was (or cleaned up), never a traceback."""

from __future__ import annotations

import errno
import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from generator.runtime.cache import CACHE_DIR
from generator.runtime import files as runtime_files
from generator.cli import main
from tests.conftest import FIXTURES, copy_built, copy_project, tree

ROOT = Path(__file__).resolve().parent.parent
GOLDEN_DATA = FIXTURES / "golden" / "data"
ATOM = "{http://www.w3.org/2005/Atom}"
# Everything XML 1.0 forbids, and Unicode noncharacters; the unpaired surrogate is replaced when read.
_FORBIDDEN = "\x01\x08\x0b\x0c\x1f\ufffe\uffff\ufdd0\U0001fffe\U0010ffff\ud800"


def _work_dirs(root: Path) -> list[str]:
    """The names of the work folders (and old-style leftovers) next to site/."""
    return sorted(p.name for p in root.iterdir() if p.name.startswith((".papersite-", ".site.old")))


def _add_paper(root: Path) -> None:
    """Add an abstract, so the next build changes every listing page and the state file."""
    (root / "data" / "more.txt").write_text("More\n\nA brand new abstract about sparse autoencoders for protein "
                                            "structure prediction with diffusion models.\n", encoding="utf-8")


@pytest.fixture(scope="module")
def built_golden(tmp_path_factory) -> Path:
    """The golden project, built once; tests work on copies of it."""
    root = copy_project(tmp_path_factory.mktemp("faults") / "project", GOLDEN_DATA)
    assert main(["build", "-q", "--project", str(root)]) == 0
    return root


# --------------------------------------------------------------------------------------------------
# 4. Characters XML 1.0 forbids, from the data and from vocabulary.yaml


def test_every_xml_file_is_well_formed_when_data_and_vocabulary_carry_forbidden_characters(tmp_path: Path, capsys) -> None:
    data = tmp_path / "data"
    shutil.copytree(GOLDEN_DATA, data)
    (data / "hostile.jsonl").write_text("".join(json.dumps({
        "title": f"Graph{_FORBIDDEN} networks {n}", "authors": [f"Ann{_FORBIDDEN} Lee"],
        "abstract": f"We study graph neural networks{_FORBIDDEN} for molecular property prediction, take {n}.",
    }) + "\n" for n in range(3)), encoding="utf-8")
    escapes = "".join(f"\\U{ord(ch):08x}" for ch in _FORBIDDEN if ch != "\ud800")  # YAML's double-quoted escapes
    (data / "vocabulary.yaml").write_text(f"topics:\n  - name: \"{escapes}Graphs\"\n    phrases: [graph]\n"
                                          f"  - name: Everything else\n    phrases: [model]\n", encoding="utf-8")
    root = copy_project(tmp_path / "project", data)
    assert main(["build", "-q", "--project", str(root)]) == 0, capsys.readouterr().err
    xml_files = [root / "site_src" / "feed.xml", *sorted((root / "site").rglob("*.xml"))]
    assert {p.name for p in xml_files} >= {"feed.xml", "sitemap.xml"}
    for path in xml_files:
        ET.fromstring(path.read_bytes())  # raises ParseError on a character XML forbids
    feed = ET.fromstring((root / "site" / "feed.xml").read_bytes())
    titles = {e.findtext(f"{ATOM}title") for e in feed.iter(f"{ATOM}entry")}
    assert {"Graph\ufffd networks 0", "Graph\ufffd networks 2"} <= titles  # the surrogate was replaced when read
    assert "Ann\ufffd Lee" in {a.findtext(f"{ATOM}name") for a in feed.iter(f"{ATOM}author")}
    assert "Graphs" in {c.get("term") for c in feed.iter(f"{ATOM}category")}


# --------------------------------------------------------------------------------------------------
# 8. The state file and the cache files are untrusted input


STATE_CASES = {
    "nested 100,000 deep": (b"[" * 100_000, "1: first-seen: invalid JSON: nested too deeply"),
    "a 100,000-digit number": (b'{"a": ' + b"9" * 100_000 + b"}",
                               "1: first-seen: invalid JSON: a number has too many digits"),
    "invalid JSON on line 3": (b'{\n"a": "2024-01-01",\n"b" "2024-01-02"\n}',
                               "3: first-seen: invalid JSON: Expecting ':' delimiter (column 5)"),
    "the wrong shape": (b'{"a": {"date": "2024-01-01"}}', "1: first-seen: expected an object of paper id → YYYY-MM-DD"),
    "a folder": (None, "1: first-seen: cannot be read (Is a directory)"),
}


TOPIC_STATE_CASES = {
    "nested 100,000 deep": (b"[" * 100_000, "1: topics: invalid JSON: nested too deeply"),
    "invalid JSON on line 2": (b'[\n{"phrases": ["a"], "papers": ["x"]\n]', "3: topics: invalid JSON: Expecting ',' delimiter (column 1)"),
    "not a list": (b'{"phrases": []}', "1: topics: expected a list of topics"),
    "a topic of the wrong shape": (b'[\n{"phrases": ["a"], "papers": ["x"]},\n{"phrases": "a", "papers": []}\n]',
                                   '3: topics: expected {"phrases": [text, ...], "papers": [paper id, ...]}'),
    "a folder": (None, "1: topics: cannot be read (Is a directory)"),
}


#: Each state file, with what its error says to do.
STATE_FILES = {".first-seen.json": (STATE_CASES, "start the dates afresh"),
               ".topics.json": (TOPIC_STATE_CASES, "discover the topics afresh")}


@pytest.mark.parametrize("name, case", [(n, c) for n, (cases, _) in STATE_FILES.items() for c in cases])
def test_a_malformed_state_file_is_a_one_line_error(name: str, case: str, tmp_path: Path, capsys) -> None:
    root = copy_project(tmp_path / "project", GOLDEN_DATA)
    state = root / "data" / name
    cases, afresh = STATE_FILES[name]
    content, expected = cases[case]
    state.unlink(missing_ok=True)
    if content is None:
        state.mkdir()
    else:
        state.write_bytes(content)
    before = tree(root)
    assert main(["generate", "-q", "--project", str(root)]) == 1
    assert capsys.readouterr().err.splitlines() == [f"error: data/{name}:{expected}; delete the file to {afresh}"]
    assert tree(root / "site_src") == {k[len("site_src/"):]: v for k, v in before.items() if k.startswith("site_src/")}


# --------------------------------------------------------------------------------------------------
# 13. A state file that cannot be saved: nothing is replaced


def test_a_state_file_that_cannot_be_saved_leaves_site_and_site_src_as_they_were(built_golden: Path, tmp_path: Path,
                                                                                 capsys, monkeypatch) -> None:
    root = copy_built(built_golden, tmp_path)
    _add_paper(root)
    state = (root / "data" / ".first-seen.json").read_bytes()
    before_src, before_site = tree(root / "site_src"), tree(root / "site")
    # Root may write anywhere: an immutable data/ stops even root (where chattr works; else the write fails as it would).
    if shutil.which("chattr") is None or not _chattr("+i", root / "data"):
        def refuse(path: Path, data: bytes) -> None:
            raise PermissionError(errno.EPERM, "Operation not permitted")
        monkeypatch.setattr(runtime_files, "replace_file", refuse)  # where the state files are written
    try:
        assert main(["build", "-q", "--project", str(root)]) == 1
    finally:
        _chattr("-i", root / "data")
    assert capsys.readouterr().err.splitlines() == [
        "error: data/.first-seen.json:1: first-seen: cannot save when papers were first added (Operation not permitted)"]
    assert tree(root / "site_src") == before_src
    assert tree(root / "site") == before_site
    assert (root / "data" / ".first-seen.json").read_bytes() == state
    assert _work_dirs(root) == []


# --------------------------------------------------------------------------------------------------
# 14. Leftovers: an undeletable file in the old site, builds killed with SIGKILL


def _chattr(flag: str, path: Path) -> bool:
    return subprocess.run(["chattr", flag, str(path)], capture_output=True).returncode == 0


def test_an_undeletable_file_in_the_site_is_reported_and_blocks_no_build(built_golden: Path, tmp_path: Path,
                                                                        capsys) -> None:
    root = copy_built(built_golden, tmp_path)
    pinned = root / "site" / "pinned.txt"
    pinned.write_text("immutable\n")
    if shutil.which("chattr") is None or not _chattr("+i", pinned):
        pytest.skip("chattr +i is not available here")
    try:
        _add_paper(root)
        assert main(["build", "-q", "--project", str(root)]) == 0
        warning = ("site/pinned.txt:1: cleanup: warning: could not remove this file, which the new site does not have "
                   "(Operation not permitted); the next build tries again")
        assert capsys.readouterr().err.splitlines() == [warning]
        assert _work_dirs(root) == []
        # The next build (still unable to delete it) says so again, and succeeds.
        (root / "data" / "more.txt").unlink()
        assert main(["build", "-q", "--project", str(root)]) == 0
        assert capsys.readouterr().err.splitlines() == [warning]
        assert (root / "site" / "index.html").is_file()
    finally:
        for path in root.rglob("pinned.txt"):
            _chattr("-i", path)
    # Once it can be deleted, the next build removes it quietly.
    _add_paper(root)
    assert main(["build", "-q", "--project", str(root)]) == 0
    assert capsys.readouterr().err == ""
    assert _work_dirs(root) == [] and not pinned.exists()


def test_the_leftovers_of_a_killed_build_are_removed_by_the_next_and_nothing_else(built_golden: Path,
                                                                                 tmp_path: Path) -> None:
    root = copy_built(built_golden, tmp_path)
    _add_paper(root)
    # Folders named like papersite's but not made by it (no marker): never touched.
    mine = root / ".papersite-stage-mine"
    (mine / "docs").mkdir(parents=True)
    (mine / "docs" / "keep.md").write_text("mine\n")
    command = [sys.executable, "-m", "generator", "build", "-q", "--project", str(root)]
    for _attempt in range(3):  # the build might end before it is caught in the act; try again
        proc = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # Killed while MkDocs writes the new site into its work folder (it holds more than its marker by then).
        while proc.poll() is None and not any(n.startswith(".papersite-site-") and len(os.listdir(root / n)) > 1
                                              for n in os.listdir(root) if n != mine.name):
            time.sleep(0.005)
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            break
    left = [n for n in _work_dirs(root) if n != mine.name]
    assert any(n.startswith(".papersite-site-") for n in left)

    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert _work_dirs(root) == [mine.name]
    assert (mine / "docs" / "keep.md").read_text() == "mine\n"
