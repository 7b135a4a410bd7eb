"""Tests for generator/read/load.py: every reader, line numbers, and problems instead of tracebacks."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.read.load import READERS, Source, read_data, read_file
from generator.model import PapersiteError, Problem

INPUTS = Path(__file__).parent / "fixtures" / "inputs"


def load(name: str) -> tuple[list, list[str]]:
    """Read one fixture as if it sat in data/ of a project."""
    records, problems = read_file(INPUTS / name, INPUTS)
    return records, [str(p) for p in problems]


def write(tmp_path: Path, name: str, content: str | bytes) -> Path:
    """Write a data file under tmp_path/data and return it."""
    path = tmp_path / "data" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, str):
        content = content.encode("utf-8")
    path.write_bytes(content)
    return path


def read_one(tmp_path: Path, name: str, content: str | bytes) -> tuple[list, list[str]]:
    """Write one data file and read it back."""
    records, problems = read_file(write(tmp_path, name, content), tmp_path)
    return records, [str(p) for p in problems]


# --- seed text format ---------------------------------------------------------------------------


def test_txt_uses_first_line_as_collection_and_paragraphs_as_abstracts():
    records, problems = load("seed.txt")
    assert problems == []
    assert [r.collection for r in records] == ["Graph Learning Notes"] * 2
    assert [r.line for r in records] == [3, 8]
    assert records[0].fields == {
        "abstract": "We study message passing on graphs.\nThe second line of the same paragraph."
    }
    assert records[1].fields["abstract"] == "A second abstract about spectral clustering."
    assert records[0].source == "seed.txt"


def test_txt_crlf_lone_cr_and_bom_keep_line_numbers(tmp_path):
    content = b"\xef\xbb\xbfName\r\n\r\nFirst abstract.\r\rSecond abstract.\r\n"
    records, problems = read_one(tmp_path, "x.txt", content)
    assert problems == []
    assert records[0].collection == "Name"
    assert [(r.line, r.fields["abstract"]) for r in records] == [(3, "First abstract."), (5, "Second abstract.")]
    assert records[0].source == "data/x.txt"


def test_txt_without_name_line_warns(tmp_path):
    abstract = " ".join(["word"] * 40)
    _, problems = read_one(tmp_path, "x.txt", abstract + "\n\nAnother.\n")
    assert problems == [
        "data/x.txt:1: collection: warning: the first line is used as the collection name but looks like an "
        "abstract (40 words); put the collection's name on a line of its own"
    ]


def test_real_seed_files_read_cleanly():
    root = Path(__file__).parent.parent
    records, problems = read_data(root / "data", root)
    assert problems == []
    assert len(records) > 10
    assert all(r.source.startswith("data/") and r.fields["abstract"] for r in records)


# --- JSON Lines and JSON ------------------------------------------------------------------------


def test_jsonl_reports_invalid_line_and_keeps_the_others():
    records, problems = load("bad_line3.jsonl")
    assert problems == ["bad_line3.jsonl:3: json: invalid JSON: Expecting ',' delimiter (column 43)"]
    assert [(r.line, r.fields["id"]) for r in records] == [(1, "a"), (4, "c")]
    assert records[0].collection == "bad_line3"


def test_jsonl_non_object_and_duplicate_key(tmp_path):
    _, problems = read_one(tmp_path, "x.jsonl", '[1, 2]\n{"abstract": "a", "abstract": "b"}\n')
    assert problems == [
        "data/x.jsonl:1: json: expected a JSON object, got a list",
        "data/x.jsonl:2: abstract: warning: appears twice in the same record; the last value is used",
    ]


def test_json_array_gives_record_and_field_lines():
    records, problems = load("array.json")
    assert problems == []
    assert [r.line for r in records] == [2, 7, 10]
    assert records[0].field_lines == {"id": 3, "title": 4, "abstract": 5}
    assert records[1].field_lines == {"id": 7, "abstract": 8, "year": 8}
    assert records[2].fields["keywords"] == ["a", "b"]
    assert records[2].fields["abstract"] == "The third abstract with a brace { inside."


def test_json_papers_object_and_errors(tmp_path):
    text = '{"name": "x", "papers": [\n  {"abstract": "A"},\n  "oops"\n]}'
    records, problems = read_one(tmp_path, "p.json", text)
    assert [(r.line, r.fields) for r in records] == [(2, {"abstract": "A"})]
    assert problems == ["data/p.json:3: json: expected a JSON object, got a string"]
    _, problems = read_one(tmp_path, "q.json", '[\n{"abstract": "A"},\n{"abstract": }\n]')
    assert problems == ["data/q.json:3: json: invalid JSON: Expecting value (column 14)"]
    _, problems = read_one(tmp_path, "r.json", '{"title": "no list"}')
    assert problems == ['data/r.json:1: json: expected a list of objects or {"papers": [...]}, '
                        'got an object without a "papers" list']


def test_deeply_nested_json_is_a_problem(tmp_path):
    _, problems = read_one(tmp_path, "deep.json", "[" * 100_000 + "]" * 100_000)
    assert problems == ["data/deep.json:1: json: invalid JSON: nested too deeply"]


# --- YAML ---------------------------------------------------------------------------------------


def test_yaml_records_with_field_lines_and_dates_as_text():
    records, problems = load("papers.yaml")
    assert problems == []
    assert [r.line for r in records] == [3, 10]
    assert records[0].field_lines == {"id": 3, "title": 4, "abstract": 5, "year": 8, "date": 9}
    assert records[0].fields["date"] == "2024-05-01"
    assert records[0].fields["abstract"] == "A folded abstract that spans two lines.\n"
    assert records[1].field_lines["authors"] == 14
    assert records[1].fields["authors"] == ["Ada Lovelace", "Alan Turing"]


def test_yaml_unsafe_tag_is_a_problem_and_other_items_survive(tmp_path):
    text = '- abstract: x\n  evil: !!python/object/apply:os.system ["echo hacked"]\n- abstract: fine\n'
    records, problems = read_one(tmp_path, "x.yaml", text)
    assert problems == [
        "data/x.yaml:2: yaml: unsupported tag !!python/object/apply:os.system; only plain YAML values are read"
    ]
    assert [r.fields for r in records] == [{"abstract": "fine"}]


def test_yaml_alias_bomb_is_refused_quickly(tmp_path):
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for prev, name in zip("abcdefgh", "bcdefghi"):
        lines.append(f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]")
    records, problems = read_one(tmp_path, "bomb.yml", "\n".join(lines) + "\n")
    assert records == []
    assert len(problems) == 1
    assert problems[0].startswith("data/bomb.yml:1: yaml: aliases would expand the document to at least ")
    assert problems[0].endswith("refusing to expand it")


def test_yaml_merge_keys_and_recursive_alias(tmp_path):
    text = "- &x {abstract: shared, venue: V}\n- <<: *x\n  abstract: own\n"
    records, problems = read_one(tmp_path, "m.yaml", text)
    assert problems == []
    assert records[1].fields == {"abstract": "own", "venue": "V"}
    assert records[1].field_lines["abstract"] == 3
    _, problems = read_one(tmp_path, "r.yaml", "&a [*a]\n")
    assert problems == ["data/r.yaml:1: yaml: an alias refers to the collection that contains it; "
                        "recursive documents are not read"]


def test_yaml_syntax_error_has_its_line(tmp_path):
    _, problems = read_one(tmp_path, "s.yaml", "- abstract: a\n- abstract: b\n  title: [unclosed\n")
    assert problems == ["data/s.yaml:4: yaml: invalid YAML: expected ',' or ']', but got '<stream end>'"]


# --- CSV ----------------------------------------------------------------------------------------


def test_csv_embedded_newline_and_quotes_keep_row_lines():
    records, problems = load("table.csv")
    assert problems == []
    assert [r.line for r in records] == [2, 4, 6]
    first = records[0].fields
    assert first["title"] == 'Quoted "title", with comma'
    assert first["abstract"] == "First line of the abstract.\nSecond line, still the same cell."
    assert first["authors"] == "Ada Lovelace; Alan Turing"
    assert "authors" not in records[1].fields and "url" not in records[1].fields  # empty cells are absent
    assert records[2].fields["abstract"] == 'Another abstract with "quotes" inside.'


def test_csv_semicolon_export_and_header_problems(tmp_path):
    records, problems = read_one(tmp_path, "x.csv", "abstract;title;\nA;T;\nB;U;extra;more\n")
    assert [r.fields for r in records] == [{"abstract": "A", "title": "T"}, {"abstract": "B", "title": "U"}]
    assert problems == [
        "data/x.csv:1: csv: warning: column 3 has no name in the header; its cells are ignored",
        "data/x.csv:3: csv: warning: row has 4 cells but the header has 3; the extra cells are ignored",
    ]


# --- BibTeX -------------------------------------------------------------------------------------


def test_bib_zotero_export_maps_fields():
    records, problems = load("zotero.bib")
    assert problems == []
    assert [r.line for r in records] == [2, 16, 32]
    attention, scaling, survey = (r.fields for r in records)
    assert attention["title"] == "Attention is All you Need"
    assert attention["authors"] == ["Ashish Vaswani", "Noam Shazeer", "Niki Parmar"]
    assert attention["venue"] == "Advances in Neural Information Processing Systems"
    assert attention["bibtex_key"] == "vaswani_attention_2017"
    assert attention["year"] == "2017"
    assert "file" not in attention  # a local path must never reach the site
    assert scaling["title"] == "Scaling BERT to Über-long documents"
    assert scaling["authors"] == ["Hans Müller", "OpenAI", "Jan van der Berg"]
    assert scaling["abstract"] == ("We show that BERT with a rate of $\\alpha \\in \\{0, 1\\}$ improves Müller's "
                                   "baseline by 50% on long inputs – without retraining.")
    assert scaling["doi"] == "10.1038/s41467-021-00001-x"
    assert scaling["venue"] == "Nature Communications"
    assert "annote" not in scaling
    assert "abstract" not in survey
    assert records[1].field_lines["abstract"] == 21
    assert records[1].field_lines["venue"] == 24


def test_bib_unbalanced_braces_is_a_problem(tmp_path):
    text = "@article{a,\n  title = {Unbalanced {brace},\n  abstract = {x},\n}\n\n@misc{b,\n  abstract = {Fine.},\n}\n"
    records, problems = read_one(tmp_path, "x.bib", text)
    assert problems == ["data/x.bib:1: bibtex: unbalanced braces in entry 'a' (a '{' is never closed); entry skipped"]
    assert [(r.line, r.fields["abstract"]) for r in records] == [(6, "Fine.")]


def test_bib_strings_and_quoted_values(tmp_path):
    text = ('@string{conf = "NeurIPS"}\n'
            '@misc{k, booktitle = conf # " 2023", abstract = "A {B}ig idea", author = "Doe, J. and others"}')
    records, problems = read_one(tmp_path, "s.bib", text)
    assert problems == []
    assert records[0].fields == {"venue": "NeurIPS 2023", "abstract": "A Big idea", "authors": ["J. Doe"],
                                 "bibtex_key": "k"}


# --- the data folder ----------------------------------------------------------------------------


def test_read_data_walks_sorted_skips_hidden_config_and_readme(tmp_path):
    shutil.copy(INPUTS / "seed.txt", write(tmp_path, "b/seed.txt", ""))
    write(tmp_path, "a.jsonl", '{"abstract": "A"}\n')
    write(tmp_path, "vocabulary.yaml", "preferred: {}\n")
    write(tmp_path, "README.md", "# notes\n")
    write(tmp_path, ".gitkeep", "")
    write(tmp_path, ".hidden/x.jsonl", "not json\n")
    write(tmp_path, "paper.docx", b"PK\x03\x04")
    write(tmp_path, "empty.csv", "abstract,title\n")
    records, problems = read_data(tmp_path / "data", tmp_path)
    assert [r.source for r in records] == ["data/a.jsonl", "data/b/seed.txt", "data/b/seed.txt"]
    assert [str(p) for p in problems] == [
        "data/empty.csv:1: file: warning: no abstracts found",
        "data/paper.docx:1: file: warning: unsupported file type .docx; skipped",
    ]


def test_invalid_utf8_names_byte_line_and_column(tmp_path):
    records, problems = read_one(tmp_path, "x.txt", b"Name\r\n\r\nabcdef\xff tail\n")
    assert records == []
    assert problems == ["data/x.txt:3: encoding: not valid UTF-8 (byte 0xff at column 7); file skipped"]


def test_missing_data_folder_is_a_papersite_error(tmp_path):
    with pytest.raises(PapersiteError, match="data folder not found"):
        read_data(tmp_path / "nope", tmp_path)


# --- robustness ---------------------------------------------------------------------------------

_bytes_or_text = st.one_of(
    st.binary(max_size=300),
    st.text(max_size=300),
    # text made of each format's own syntax finds far more corner cases than random characters
    st.text(alphabet=st.sampled_from(list('{}[]"\',:;@=#&*!-\n\r\t \\$%|>abc01') + ["\u00e9", "\x00"]),
            max_size=200),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(content=_bytes_or_text, suffix=st.sampled_from(sorted(READERS)))
def test_arbitrary_input_never_raises(tmp_path, content, suffix):
    data = content.encode("utf-8", "surrogatepass") if isinstance(content, str) else content
    try:
        records, problems = read_one(tmp_path, "fuzz" + suffix, data)
    except PapersiteError:
        return
    assert all(isinstance(r.fields, dict) and r.line >= 1 for r in records)
    assert all(isinstance(p, str) for p in problems)


@settings(max_examples=40, deadline=None)
@given(text=st.text(max_size=200), suffix=st.sampled_from(sorted(READERS)))
def test_readers_take_any_text(text, suffix):
    records, problems = READERS[suffix](text.replace("\r", "\n"), Source("data/f" + suffix, "f"))
    assert all(isinstance(p, Problem) for p in problems)
    assert all(r.source == "data/f" + suffix for r in records)
