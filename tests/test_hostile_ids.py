"""Hostile ids and degenerate texts (issue #12, items 3 and 16).

Every paper gets a page and a papers.json row of its own: crafted ids whose slug fingerprints collide get
longer fingerprints (the others keep theirs), and an id that another paper also has, given or derived from
its abstract, is refused naming both places. Degenerate corpora (every text alike, one-word abstracts)
build without any library warning reaching the terminal.
"""

from __future__ import annotations

import hashlib
import json
import warnings
from pathlib import Path

import pytest

from generator.infer import layout
from generator.cli import main
from generator.clean.identify import assign_slugs, paper_id
from generator.model import Paper
from generator.clean.normalise import normalise_abstract
from tests.conftest import jsonl, minimal_project, run_cli, snapshot


# Found by brute force: the first 24 bits (six hex characters) of their SHA-1 agree, so with one title
# both papers were given the slug shared-title-4a358c.
COLLIDING_IDS = ("crafted-5045", "crafted-5164")
_ABOUT = " about learning graph structure from sparse noisy observations with message passing."


def _fingerprint(paper_id_: str, length: int = 6) -> str:
    return hashlib.sha1(paper_id_.encode("utf-8")).hexdigest()[:length]


def _data(tmp_path: Path, files: dict[str, bytes]) -> Path:
    data = tmp_path / "data-src"
    data.mkdir()
    for name, content in files.items():
        (data / name).write_bytes(content)
    return data


def _generate(project: Path) -> list[dict]:
    assert main(["generate", "-q", "--project", str(project)]) == 0
    return json.loads((project / "site_src" / "papers.json").read_text(encoding="utf-8"))


# --------------------------------------------------------------------------------------------------
# Item 3: two papers on one page


def test_colliding_slug_fingerprints_give_each_paper_its_own_page(project_factory, tmp_path: Path) -> None:
    assert _fingerprint(COLLIDING_IDS[0]) == _fingerprint(COLLIDING_IDS[1])  # the crafted collision
    records = [{"id": pid, "title": "Shared title", "abstract": f"Paper {pid}{_ABOUT}"} for pid in COLLIDING_IDS]
    records.append({"id": "bystander", "title": "Shared title", "abstract": "A bystander" + _ABOUT})
    project = project_factory(_data(tmp_path, {"a.jsonl": jsonl(*records)}))

    catalog = _generate(project)

    urls = {row["id"]: row["url"] for row in catalog}
    assert len(catalog) == 3 and len(set(urls.values())) == 3
    # The papers that collided get a longer fingerprint; the bystander keeps its usual slug.
    assert urls["bystander"] == f"papers/shared-title-{_fingerprint('bystander')}/"
    for pid in COLLIDING_IDS:
        assert urls[pid] == f"papers/shared-title-{_fingerprint(pid, 7)}/"
        page = (project / "site_src" / urls[pid].rstrip("/")).with_suffix(".md").read_text(encoding="utf-8")
        assert f"Paper {pid}" in page
        assert f"Paper {({*COLLIDING_IDS} - {pid}).pop()}" not in page


def test_slugs_of_colliding_papers_do_not_depend_on_their_order() -> None:
    def slugs(ids: list[str]) -> dict[str, str]:
        papers = [Paper(id=pid, abstract="x", text="x", source="data/a.txt:1", collection="", title="Shared title")
                  for pid in ids]
        assign_slugs(papers)
        return {p.id: p.slug for p in papers}

    forward = slugs([*COLLIDING_IDS, "bystander"])
    assert forward == slugs(["bystander", *reversed(COLLIDING_IDS)])
    assert len(set(forward.values())) == 3


_TAKEN = "Taken" + _ABOUT
_TAKEN_ID = paper_id(None, normalise_abstract(_TAKEN))


@pytest.mark.parametrize("given_file", ["a.jsonl", "z.jsonl"], ids=["given-id-read-first", "given-id-read-last"])
def test_a_given_id_equal_to_another_papers_derived_id_is_refused(given_file: str, tmp_path: Path) -> None:
    files = {"m.jsonl": jsonl({"abstract": _TAKEN}),
             given_file: jsonl({"title": "Impostor", "abstract": "Impostor" + _ABOUT, "id": _TAKEN_ID})}
    root = minimal_project(tmp_path / "project", files)
    result = run_cli("check", "-q", "--project", str(root))
    assert result.returncode == 1
    # Reported on the given id, whichever file comes first: its author chose it, the other is derived.
    assert result.stderr.splitlines() == [
        f"data/{given_file}:1: id: '{_TAKEN_ID}' is already the id derived from the abstract of data/m.jsonl:1; "
        "choose another id",
        "1 errors, 0 warnings",
    ]


@pytest.mark.parametrize("second", ["TAKEN" + _ABOUT.upper(), "Taken " + _ABOUT.replace("from", "from  ").replace(
    "passing.", "passing ."), "Taken" + _ABOUT.replace("sparse", "&#115;parse")],
    ids=["case", "spacing", "html-entity"])
def test_abstracts_that_get_the_same_derived_id_are_refused_and_nothing_is_written(
        second: str, project_factory, tmp_path: Path) -> None:
    assert paper_id(None, normalise_abstract(second)) == _TAKEN_ID  # a different text, the same derived id
    project = project_factory(_data(tmp_path, {"a.jsonl": jsonl({"abstract": _TAKEN}, {"abstract": second})}))
    expected = (f"data/a.jsonl:2: abstract: same text as data/a.jsonl:1 apart from case, spacing or markup, "
                f"so both would get the id '{_TAKEN_ID}'; remove one or give one an id")
    assert _stderr_lines(project, "check") == [expected, "1 errors, 0 warnings"]

    before = snapshot(project)
    built = run_cli("build", "-q", "--project", str(project))
    assert built.returncode == 1
    assert built.stderr.splitlines() == [expected, "error: 1 error in the data; nothing was written"]
    assert snapshot(project) == before


def _stderr_lines(project: Path, command: str) -> list[str]:
    result = run_cli(command, "-q", "--project", str(project))
    assert "Traceback" not in result.stderr
    return result.stderr.splitlines()


# --------------------------------------------------------------------------------------------------
# Item 16: library warnings reach the user's terminal

_OPENERS = ["We", "They", "Here we", "In this paper we", "Now we", "So we", "Thus we", "Then we", "Also we"]
DEGENERATE = {
    # Stop words aside every text is the same: no variance for the LSA, one point for k-means.
    "alike-texts": [{"abstract": f"{opener} study graph neural networks for trees."} for opener in _OPENERS],
    "alike-titled": [{"title": "Graph networks", "abstract": f"{opener} study graph neural networks."}
                     for opener in _OPENERS],
    "one-word-alike": [{"abstract": word + mark} for word in ("Graph", "Graphs") for mark in ".!?;"],
}


@pytest.mark.parametrize("name", list(DEGENERATE))
def test_degenerate_corpus_builds_without_library_warnings(name: str, project_factory, tmp_path: Path) -> None:
    project = project_factory(_data(tmp_path, {"a.jsonl": jsonl(*DEGENERATE[name])}))
    result = run_cli("build", "-q", "--project", str(project), flags=("-W", "default"))
    assert result.returncode == 0, result.stderr
    assert "Warning" not in result.stderr
    catalog = json.loads((project / "site" / "papers.json").read_text(encoding="utf-8"))
    assert len(catalog) == len(DEGENERATE[name])


def test_a_stray_library_warning_is_one_papersite_line(project_factory, tmp_path: Path, monkeypatch, capsys) -> None:
    project = project_factory(_data(tmp_path, {"a.jsonl": jsonl({"abstract": "One" + _ABOUT})}))
    real = layout.map_layout

    def warning_layout(*args, **kwargs):
        warnings.warn("invalid value encountered in divide", RuntimeWarning)
        return real(*args, **kwargs)

    monkeypatch.setattr("generator.build.layout.map_layout", warning_layout)
    assert main(["generate", "-q", "--project", str(project)]) == 0
    assert capsys.readouterr().err.splitlines() == [
        "papersite: warning: RuntimeWarning in test_hostile_ids: invalid value encountered in divide"]
