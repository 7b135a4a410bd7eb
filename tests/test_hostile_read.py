"""Hostile data folders, second round (issue #12): what is read from data/ and how its problems are printed.

Symlinks out of data/, named pipes, deep nesting, control characters, odd file names, non-ASCII digits,
BibTeX comments and the vocabulary file's spellings. Each refused case ends in exact one-line
`file:line: field: message` errors and exit 1, from `papersite check` and `papersite build` alike.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from generator.cli import main
from tests.conftest import Refused, copy_project, minimal_project, run_cli, snapshot

_OK = b"Collection\n\nAn abstract about graph neural networks for molecules.\n"
_SECRET = "tags:\n  banned: [build machine secret]\n  preferred: 7\n"


@dataclass(frozen=True)
class Outside:
    """A data file that is a symbolic link to a file outside the project holding `text`."""

    text: str


@dataclass(frozen=True)
class Inside:
    """A data file that is a symbolic link to `target`, a path inside data/."""

    target: str


class Fifo:
    """A data file that is a named pipe."""


def _write(root: Path, files: dict) -> None:
    """Write `files` into root/data, making the links and pipes asked for."""
    data = root / "data"
    data.mkdir(parents=True, exist_ok=True)
    for name, content in files.items():
        path = data / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, Outside):
            target = root.parent / f"outside-{len(os.listdir(root.parent))}.yaml"
            target.write_text(content.text, encoding="utf-8")
            os.symlink(target, path)
        elif isinstance(content, Inside):
            os.symlink(content.target, path)
        elif isinstance(content, Fifo):
            os.mkfifo(path)
        else:
            path.write_bytes(content)


def _cli(files: dict, capsys, *args: str) -> tuple[int, str]:
    """Return the exit code and stderr of the CLI: in this process, or in a fresh one when a pipe could hang it."""
    if any(isinstance(content, Fifo) for content in files.values()):
        result = run_cli(*args)
        return result.returncode, result.stderr
    code = main(list(args))
    return code, capsys.readouterr().err


def _deep_json(depth: int) -> bytes:
    return b'{"abstract": "Deep values about graph neural networks.", "extra": ' + b"[" * depth + b"]" * depth + b"}"


REFUSED = [
    Refused("vocabulary.yaml linked to a file outside the project",
            {"ok.txt": _OK, "vocabulary.yaml": Outside(_SECRET)},
            ("data/vocabulary.yaml:1: file: a symbolic link to a file outside the data folder; not read",)),
    Refused("vocabulary.yml linked to a file outside the project",
            {"ok.txt": _OK, "vocabulary.yml": Outside(_SECRET)},
            ("data/vocabulary.yml:1: file: a symbolic link to a file outside the data folder; not read",)),
    Refused("vocabulary linked inside data/ is read, under its own name",
            {"ok.txt": _OK, ".shared/vocabulary.yaml": b"tags:\n  banned: 7\n",
             "vocabulary.yaml": Inside(".shared/vocabulary.yaml")},
            ("data/vocabulary.yaml:2: tags.banned: expected a list of strings",)),
    Refused("a named pipe as a data file", {"ok.txt": _OK, "pipe.jsonl": Fifo()},
            ("data/pipe.jsonl:1: file: not a regular file (a named pipe); not read",)),
    Refused("a named pipe as the vocabulary", {"ok.txt": _OK, "vocabulary.yaml": Fifo()},
            ("data/vocabulary.yaml:1: file: not a regular file (a named pipe); not read",)),
    Refused("vocabulary nested 5,000 deep", {"ok.txt": _OK, "vocabulary.yaml": b"tags:\n  banned: " + b"[" * 5000 + b"\n"},
            ("data/vocabulary.yaml:2: vocabulary: invalid YAML: nested too deeply",)),
    Refused("control character in the vocabulary", {"ok.txt": _OK, "vocabulary.yaml": b"tags:\n  banned: [a\x01b]\n"},
            ("data/vocabulary.yaml:2: vocabulary: invalid YAML: character 0x1 is not allowed",)),
    Refused("not UTF-8 in the vocabulary", {"ok.txt": _OK, "vocabulary.yaml": b"tags:\n  banned: [caf\xe9]\n"},
            ("data/vocabulary.yaml:2: encoding: not valid UTF-8 (byte 0xe9 at column 15); file skipped",)),
    Refused("JSON Lines value nested 500 deep", {"d.jsonl": _deep_json(500) + b"\n"},
            ("data/d.jsonl:1: extra: nested more than 100 levels deep; record skipped",)),
    Refused("JSON value nested 500 deep", {"d.json": b"[\n" + _deep_json(500) + b"\n]\n"},
            ("data/d.json:2: extra: nested more than 100 levels deep; record skipped",)),
    Refused("a file name with a newline", {"a\nb.jsonl": b'{"abstract": ""}\n'},
            ("'data/a\\nb.jsonl':1: abstract: missing or empty",)),
    Refused("a file name with a terminal escape", {"\x1b[2Jx.jsonl": b'{"abstract": ""}\n'},
            ("'data/\\x1b[2Jx.jsonl':1: abstract: missing or empty",)),
    Refused("vocabulary.yml is read", {"ok.txt": _OK, "vocabulary.yml": b"tags:\n  banned: [a, b\n"},
            ("data/vocabulary.yml:3: vocabulary: invalid YAML: expected ',' or ']', but got '<stream end>'",)),
    Refused("vocabulary.yaml and vocabulary.yml both",
            {"ok.txt": _OK, "vocabulary.yaml": b"tags:\n  banned: [a]\n", "vocabulary.yml": b"tags:\n  banned: [b]\n"},
            ("data/vocabulary.yml:1: vocabulary: vocabulary.yaml is there too and only one vocabulary is read; "
             "merge them into one file",)),
    Refused("a topic with no phrases",
            {"ok.txt": _OK, "vocabulary.yaml": b"topics:\n  - name: Graphs\n    phrases: []\n"},
            ("data/vocabulary.yaml:3: topics[1].phrases: topic 'Graphs' has no phrases "
             "(give the phrases that place a paper in this topic)",)),
    Refused("a @comment never closed",
            {"c.bib": b"@article{a,\n  abstract = {An abstract about graphs.}\n}\n@comment{\n@article{b,\n"},
            ("data/c.bib:4: bibtex: a @comment's '{' is never closed; the rest of the file is skipped",)),
]


@pytest.mark.parametrize("case", REFUSED, ids=[c.name for c in REFUSED])
def test_check_refuses_with_the_exact_one_line_error(case: Refused, tmp_path: Path, capsys) -> None:
    root = minimal_project(tmp_path / "project", {})
    _write(root, case.files)
    code, err = _cli(case.files, capsys, "check", "-q", "--project", str(root))
    assert code == 1
    assert err.splitlines() == [*case.lines, f"{len(case.lines)} errors, 0 warnings"]


@pytest.mark.parametrize("case", REFUSED, ids=[c.name for c in REFUSED])
def test_build_refuses_with_the_same_lines_and_writes_nothing(case: Refused, tmp_path: Path, capsys) -> None:
    (tmp_path / "empty").mkdir()
    root = copy_project(tmp_path / "project", tmp_path / "empty")
    _write(root, case.files)
    before = snapshot(tmp_path)
    code, err = _cli(case.files, capsys, "build", "--strict", "-q", "--project", str(root))
    assert code == 1
    lines = err.splitlines()
    assert lines[:-1] == list(case.lines)
    assert lines[-1].startswith("error: ") and "Traceback" not in err
    assert snapshot(tmp_path) == before


def test_the_target_of_an_outside_link_is_published_nowhere(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    root = copy_project(tmp_path / "project", tmp_path / "empty")
    _write(root, {"ok.txt": _OK, "vocabulary.yaml": Outside("tags:\n  preferred:\n    build machine secret: [graph]\n")})
    assert run_cli("generate", "-q", "--project", str(root)).returncode == 1
    written = [p for p in (root / "site_src").rglob("*") if p.is_file()]
    assert not any("build machine secret" in p.read_text(encoding="utf-8", errors="replace") for p in written)


def test_odd_names_in_fields_and_messages_stay_on_one_line(tmp_path: Path, capsys) -> None:
    record = '{"abstract": "Same text about graph neural networks.", "x\\ny": 1, "x\\ny": 2}\n'
    root = minimal_project(tmp_path / "project", {"ok\u2028.jsonl": (record * 2).encode()})
    assert main(["check", "-q", "--project", str(root)]) == 0
    assert capsys.readouterr().err.splitlines() == [
        "'data/ok\\u2028.jsonl':1: 'x\\ny': warning: appears twice in the same record; the last value is used",
        "'data/ok\\u2028.jsonl':2: abstract: warning: same text as data/ok\\u2028.jsonl:1; merged",
        "'data/ok\\u2028.jsonl':2: 'x\\ny': warning: appears twice in the same record; the last value is used",
        "0 errors, 3 warnings",
    ]


_BIB_WITH_COMMENT = b"""@comment{
@article{old,
  title = {Old entry kept for the record},
  abstract = {An old abstract about retired benchmarks.}
}
}

@comment{jabref-meta: databaseType:bibtex;}

@article{new,
  title = {Graph networks for molecules},
  author = {Lee, Ann},
  year = {2023},
  abstract = {A new abstract about graph neural networks for molecules.}
}
"""


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> Path:
    """Generate (no MkDocs) a project with non-ASCII years, a BibTeX comment and a vocabulary.yml."""
    base = tmp_path_factory.mktemp("read")
    (base / "empty").mkdir()
    root = copy_project(base / "project", base / "empty")
    years = [
        {"abstract": "Arabic-Indic digits in the year of a paper about protein folding.", "year": "\u0662\u0660\u0662\u0664",
         "authors": ["Ann Lee"], "title": "Folding proteins"},
        {"abstract": "Full-width digits in the year of a paper about river networks.", "year": "\uff12\uff10\uff12\uff14",
         "authors": ["Bo \u5f20"], "title": "River networks"},
    ]
    _write(root, {
        "years.jsonl": "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in years).encode(),
        "lib.bib": _BIB_WITH_COMMENT,
        "vocabulary.yml": b"topics:\n  - name: Waterways and folding\n    phrases: [river, protein, graph]\n",
    })
    result = run_cli("generate", "-q", "--project", str(root))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    return root / "site_src"


def test_years_in_other_digits_are_published_as_ascii(generated: Path) -> None:
    papers = json.loads((generated / "papers.json").read_text(encoding="utf-8"))
    papers = papers if isinstance(papers, list) else papers["papers"]
    years = sorted(str(p.get("year")) for p in papers)
    assert years == ["2023", "2024", "2024"]


def test_bibtex_keys_are_ascii(generated: Path) -> None:
    bib = (generated / "exports" / "papers.bib").read_text(encoding="utf-8")
    keys = re.findall(r"^@\w+\{([^,]*),", bib, re.MULTILINE)
    assert len(keys) == 3
    assert all(re.fullmatch(r"[a-z0-9_]+", key) for key in keys), keys
    assert sum("2024" in key for key in keys) == 2


def test_a_bibtex_comment_is_skipped_not_published(generated: Path) -> None:
    text = "".join(p.read_text(encoding="utf-8") for p in generated.rglob("*.md"))
    assert "A new abstract about graph neural networks" in text
    assert "retired benchmarks" not in text and "Old entry" not in text


def test_vocabulary_yml_is_used(generated: Path) -> None:
    names = [p.read_text(encoding="utf-8") for p in (generated / "topics").glob("*.md")]
    assert any("Waterways and folding" in text for text in names)
