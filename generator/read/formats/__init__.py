"""The input formats: one module per format, each a Reader `(text, source) -> (records, problems)`, chosen by extension."""

from __future__ import annotations

from generator.read.formats.bibtex import read_bib
from generator.read.formats.common import Reader
from generator.read.formats.csv_ import read_csv, read_tsv
from generator.read.formats.jsonl import read_json, read_jsonl
from generator.read.formats.txt import read_txt
from generator.read.formats.yaml_ import read_yaml

#: Extension -> reader. Add a format by adding a module and a line here.
READERS: dict[str, Reader] = {
    ".txt": read_txt,
    ".jsonl": read_jsonl,
    ".json": read_json,
    ".yaml": read_yaml,
    ".yml": read_yaml,
    ".csv": read_csv,
    ".tsv": read_tsv,
    ".bib": read_bib,
}
