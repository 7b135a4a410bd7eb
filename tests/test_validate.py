"""Tests for generator/read/validate.py: exact messages, canonical types, duplicates."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.read.load import read_file
from generator.model import Record
from generator.read.validate import validate

INPUTS = Path(__file__).parent / "fixtures" / "inputs"


def rec(line: int = 1, source: str = "data/p.jsonl", field_lines: dict | None = None, **fields) -> Record:
    """Build a raw record as a reader would."""
    return Record(fields, source, line, "p", field_lines or {})


def messages(records: list[Record]) -> list[str]:
    """Validate and return the problems as the CLI prints them."""
    return [str(p) for p in validate(records)[1]]


def test_missing_empty_and_wrong_type_abstracts_are_errors_and_dropped():
    records = [rec(1, title="no abstract"), rec(2, abstract="   \n"), rec(3, abstract=42), rec(4, abstract=["a"]),
               rec(5, abstract={"text": "x"}), rec(6, abstract="Fine.")]
    usable, problems = validate(records)
    assert [str(p) for p in problems] == [
        "data/p.jsonl:1: abstract: missing or empty",
        "data/p.jsonl:2: abstract: missing or empty",
        "data/p.jsonl:3: abstract: expected text, got a number",
        "data/p.jsonl:4: abstract: expected text, got a list",
        "data/p.jsonl:5: abstract: expected text, got an object",
    ]
    assert [r.line for r in usable] == [6]


def test_all_problems_of_a_record_are_reported_at_once():
    record = rec(7, field_lines={"url": 9, "year": 8}, year="20", url="javascript:alert(1)", doi="nope")
    assert messages([record]) == [
        "data/p.jsonl:7: abstract: missing or empty",
        "data/p.jsonl:7: doi: expected a DOI like 10.1234/abc or https://doi.org/10.1234/abc, got 'nope'",
        "data/p.jsonl:8: year: expected a 4-digit year, got '20'",
        "data/p.jsonl:9: url: only http(s) URLs are allowed",
    ]


def test_fields_are_coerced_to_canonical_types():
    usable, problems = validate([rec(
        abstract="  Text.  ", title=" T ", year=2021, id=17, authors="Ada Lovelace and Alan Turing",
        keywords="graphs, GNN; ", doi="https://doi.org/10.1000/XYZ.1", url="https://x.org/p", venue="",
        tldr=None, extra={"b": 1, "a": [1, 2]}, tags=["x", "y"], pages="1-10", flag=True,
    )])
    assert problems == []
    assert usable[0].fields == {
        "abstract": "Text.", "title": "T", "year": "2021", "id": "17",
        "authors": ["Ada Lovelace", "Alan Turing"], "keywords": ["graphs", "GNN"],
        "doi": "10.1000/XYZ.1", "url": "https://x.org/p",
        "extra": '{"a": [1, 2], "b": 1}', "tags": "x, y", "pages": "1-10", "flag": "true",
    }


def test_authors_and_keywords_forms():
    usable, _ = validate([
        rec(1, abstract="a", authors="Lovelace, Ada; Turing, Alan", keywords=["x", " y ", ""]),
        rec(2, abstract="b", authors="Grace Hopper", doi="doi:10.1234/abc"),
        rec(3, abstract="c", authors=["A", 5], keywords='["GNN", "graphs"]'),
    ])
    assert usable[0].fields["authors"] == ["Lovelace, Ada", "Turing, Alan"]
    assert usable[0].fields["keywords"] == ["x", "y"]
    assert usable[1].fields["authors"] == ["Grace Hopper"]
    assert usable[1].fields["doi"] == "10.1234/abc"
    assert usable[2].fields["authors"] == ["A", "5"]
    assert usable[2].fields["keywords"] == ["GNN", "graphs"]
    assert messages([rec(abstract="a", authors=[{"name": "A"}], keywords=3)]) == [
        "data/p.jsonl:1: authors: item 1 is an object; expected a list of names",
        "data/p.jsonl:1: keywords: expected a list of keywords, got a number",
    ]


def test_urls_must_be_absolute_http():
    bad = ["javascript:alert(1)", "data:text/html,<b>x</b>", "/relative/path", "ftp://x.org/f", "http://"]
    for url in bad:
        assert messages([rec(abstract="a", url=url)]) == ["data/p.jsonl:1: url: only http(s) URLs are allowed"], url
    assert messages([rec(abstract="a", pdf_url="JAVASCRIPT:x")]) == [
        "data/p.jsonl:1: pdf_url: only http(s) URLs are allowed"]
    usable, _ = validate([rec(abstract="a", url="HTTP://Example.org/a?b=1", pdf_url="https://x.org/a.pdf")])
    assert usable[0].fields["url"] == "HTTP://Example.org/a?b=1"


def test_bad_optional_field_is_dropped_but_record_kept():
    usable, problems = validate([rec(abstract="a", url="javascript:x", title="T")])
    assert usable[0].fields == {"abstract": "a", "title": "T"}
    assert len(problems) == 1


def test_id_rules():
    too_long = "x" * 201
    assert messages([rec(abstract="a", id=too_long)]) == [
        "data/p.jsonl:1: id: longer than 200 characters (201)"]
    assert messages([rec(abstract="a", id="bad\x00id")]) == [
        "data/p.jsonl:1: id: contains the control character U+0000"]
    usable, problems = validate([rec(abstract="a", id="../etc/passwd"), rec(abstract="b", id="a/b")])
    assert problems == [] and [r.fields["id"] for r in usable] == ["../etc/passwd", "a/b"]


def test_very_long_abstract_is_a_warning_and_kept():
    usable, problems = validate([rec(abstract="word " * 5001)])
    assert len(usable) == 1
    assert [str(p) for p in problems] == [
        "data/p.jsonl:1: abstract: warning: very long (5,001 words); is it a whole paper?"]


def test_same_text_is_merged_into_the_first():
    first = rec(2, source="data/a.jsonl", abstract="Same  text.", title="T")
    second = rec(5, source="data/b.csv", abstract="Same\ntext.", title="Other", year="2020", id="x")
    usable, problems = validate([first, second])
    assert [str(p) for p in problems] == [
        "data/b.csv:5: abstract: warning: same text as data/a.jsonl:2; merged"]
    assert len(usable) == 1
    assert usable[0].fields == {"abstract": "Same  text.", "title": "T", "year": "2020", "id": "x"}


def test_same_id_with_different_text_is_an_error():
    usable, problems = validate([rec(3, id="p1", abstract="One."), rec(9, id="p1", abstract="Two.",
                                                                       field_lines={"id": 10})])
    assert [str(p) for p in problems] == [
        "data/p.jsonl:10: id: 'p1' is already used by data/p.jsonl:3 with a different abstract"]
    assert [r.fields["abstract"] for r in usable] == ["One."]


def test_problems_are_sorted_by_file_line_field():
    records = [rec(9, source="data/b.json", abstract=""), rec(4, source="data/a.json", abstract="x", year="y"),
               rec(2, source="data/b.json", abstract="z", url="ftp://x")]
    assert [(p.file, p.line) for p in validate(records)[1]] == [
        ("data/a.json", 4), ("data/b.json", 2), ("data/b.json", 9)]


def test_spreadsheet_headers_are_recognised_as_known_fields():
    usable, problems = validate([rec(Abstract="Text", **{"PDF URL": "https://x.org/a.pdf", "Author": "A; B"})])
    assert problems == []
    assert usable[0].fields == {"abstract": "Text", "pdf_url": "https://x.org/a.pdf", "authors": ["A", "B"]}


def test_fixtures_validate_end_to_end():
    records, _ = read_file(INPUTS / "zotero.bib", INPUTS)
    usable, problems = validate(records)
    assert [str(p) for p in problems] == ["zotero.bib:32: abstract: missing or empty"]
    assert usable[0].fields["keywords"] == ["Computer Science - Computation and Language",
                                            "Computer Science - Machine Learning"]
    records, _ = read_file(INPUTS / "table.csv", INPUTS)
    usable, problems = validate(records)
    assert problems == []
    assert usable[0].fields["authors"] == ["Ada Lovelace", "Alan Turing"]


_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=5), children, max_size=3),
    max_leaves=6,
)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.dictionaries(st.sampled_from(["abstract", "title", "year", "id", "authors", "keywords", "url",
                                                  "doi", "pdf_url", "tldr", "venue", "other", "Title"]),
                                _values, max_size=6), max_size=4))
def test_any_field_values_give_problems_not_exceptions(dicts):
    usable, problems = validate([rec(i + 1, **d) for i, d in enumerate(dicts)])
    for record in usable:
        assert isinstance(record.fields["abstract"], str) and record.fields["abstract"].strip()
        for name, value in record.fields.items():
            assert isinstance(value, list if name in ("authors", "keywords") else str), (name, value)
    assert problems == sorted(problems, key=lambda p: (p.file, p.line, p.field))
