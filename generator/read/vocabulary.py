"""Read the optional data/vocabulary.yaml: preferred tag names, banned tags, a fixed topic taxonomy, author aliases.

Input: the file's path and how to name it in messages. Output: a Vocabulary (empty when the file is
missing). Every mistake is reported with its line, all at once, as a PapersiteError.

Format:

    tags:
      preferred:                    # canonical name: [aliases folded into it]
        large language models: [LLM, LLMs, large language model]
      banned: [results, novel approach]
    topics:                         # optional fixed taxonomy used instead of discovered topics
      - name: Brain and neural data
        description: Models of neural recordings
        phrases: [neural activity, brain, neurons]
    authors:                        # name shown: [other spellings of the same person, merged into it]
      Jürgen Schmidhuber: [J. Schmidhuber, Juergen Schmidhuber]
"""

from __future__ import annotations

import os
from pathlib import Path

import yaml

from generator.model import PapersiteError, Problem, TopicSpec, Vocabulary
from generator.read.files import decode, read_bytes
from generator.read.formats.yaml_ import compose_yaml
from generator.text import author_key, fold_key as tag_key

_TOP_KEYS = ("tags", "topics", "authors")
_TAG_KEYS = ("preferred", "banned")
_TOPIC_KEYS = ("name", "description", "phrases")


class _Reader:
    """Walk the YAML node tree, collecting problems with their lines."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.problems: list[Problem] = []

    def problem(self, node: yaml.Node | None, field: str, message: str) -> None:
        """Record a problem at a node's line (1-based)."""
        line = node.start_mark.line + 1 if node is not None else 1
        self.problems.append(Problem(self.source, line, field, message))

    def mapping(self, node: yaml.Node, field: str, allowed: tuple[str, ...]) -> dict[str, yaml.Node]:
        """Return a mapping node's entries by key, reporting non-mappings, duplicate and unknown keys."""
        if not _is_plain(node, yaml.MappingNode):
            self.problem(node, field, "expected a mapping")
            return {}
        out: dict[str, yaml.Node] = {}
        for key_node, value_node in node.value:
            key = key_node.value if isinstance(key_node, yaml.ScalarNode) else None
            where = f"{field}.{key}" if field else str(key)
            if key not in allowed:
                self.problem(key_node, where, f"unknown key (expected one of: {', '.join(allowed)})")
            elif key in out:
                self.problem(key_node, where, "duplicate key")
            else:
                out[key] = value_node
        return out

    def string(self, node: yaml.Node, field: str) -> str | None:
        """Return a non-empty string scalar, or report it."""
        if isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:str" and node.value.strip():
            return node.value.strip()
        self.problem(node, field, "expected a non-empty string")
        return None

    def strings(self, node: yaml.Node, field: str) -> list[str]:
        """Return a list of non-empty strings (a single string counts as a list of one), or report it."""
        if isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:str" and node.value.strip():
            return [node.value.strip()]
        if not _is_plain(node, yaml.SequenceNode) or not all(
            isinstance(item, yaml.ScalarNode) and item.tag == "tag:yaml.org,2002:str" and item.value.strip()
            for item in node.value
        ):
            self.problem(node, field, "expected a list of strings")
            return []
        return [item.value.strip() for item in node.value]


#: The vocabulary file's names in the data folder, the preferred spelling first.
FILE_NAMES = ("vocabulary.yaml", "vocabulary.yml")


def find_vocabulary(data_dir: Path, shown: str) -> Path:
    """Return the data folder's vocabulary file (either spelling; it may not exist); raise if both are there."""
    present = [data_dir / name for name in FILE_NAMES if os.path.lexists(data_dir / name)]
    if len(present) > 1:
        problem = Problem(f"{shown}/{FILE_NAMES[1]}", 1, "vocabulary",
                          f"{FILE_NAMES[0]} is there too and only one vocabulary is read; merge them into one file")
        raise PapersiteError(str(problem), [problem])
    return present[0] if present else data_dir / FILE_NAMES[0]


def load_vocabulary(path: Path, source: str) -> Vocabulary:
    """Return the vocabulary in `path` (empty if the file does not exist); raise PapersiteError listing every problem."""
    if not os.path.lexists(path):
        return Vocabulary()
    # Read as the data files are: only a regular file inside the data folder, decoded the same way.
    data, problem = read_bytes(path, path.parent.resolve(), source)
    text, problem = decode(data, source) if data is not None else (None, problem)
    if text is None:
        raise PapersiteError(str(problem), [problem] if problem else [])
    _, documents, problem = compose_yaml(text, source, "vocabulary")
    if problem is None and len(documents) > 1:
        problem = Problem(source, documents[1].start_mark.line + 1, "vocabulary",
                          "invalid YAML: expected a single document in the stream")
    if problem is not None:
        raise PapersiteError(str(problem), [problem])
    if not documents:  # an empty file is an empty vocabulary
        return Vocabulary()
    reader = _Reader(source)
    vocab = _read(reader, documents[0])
    if reader.problems:
        problems = sorted(reader.problems)
        raise PapersiteError("\n".join(str(p) for p in problems), problems)
    return vocab


def _read(reader: _Reader, root: yaml.Node) -> Vocabulary:
    """Return the vocabulary described by the document's root node."""
    vocab = Vocabulary()
    top = reader.mapping(root, "", _TOP_KEYS)
    if "tags" in top:
        tags = reader.mapping(top["tags"], "tags", _TAG_KEYS)
        if "preferred" in tags:
            _read_preferred(reader, tags["preferred"], vocab)
        if "banned" in tags:
            for name in reader.strings(tags["banned"], "tags.banned"):
                key = tag_key(name)
                if not key:
                    reader.problem(tags["banned"], "tags.banned", f"{name!r} has no letters or digits")
                elif key in vocab.preferred:
                    reader.problem(tags["banned"], "tags.banned",
                                   f"{name!r} is also preferred (as {vocab.preferred[key]!r}); keep one")
                else:
                    vocab.banned.add(key)
    if "topics" in top:
        _read_topics(reader, top["topics"], vocab)
    if "authors" in top and not _is_null(top["authors"]):
        _read_authors(reader, top["authors"], vocab)
    return vocab


def _read_authors(reader: _Reader, node: yaml.Node, vocab: Vocabulary) -> None:
    """Fill `vocab.authors` (folded spelling -> name shown) from `authors`: name shown → list of its aliases."""
    if not _is_plain(node, yaml.MappingNode):
        reader.problem(node, "authors", "expected a mapping of the name to show to a list of its other spellings")
        return
    claimed: dict[str, str] = {}  # folded spelling -> the name that claimed it first
    for key_node, value_node in node.value:
        name = reader.string(key_node, "authors")
        if name is None:
            continue
        field = f"authors.{name}"
        if not _is_null(value_node) and not _is_plain(value_node, yaml.SequenceNode) and not isinstance(value_node, yaml.ScalarNode):
            reader.problem(value_node, field, "expected a list of other spellings of this name")
            continue
        aliases = [] if _is_null(value_node) else reader.strings(value_node, field)
        for form in [name, *aliases]:
            key = author_key(form)
            if not any(char.isalnum() for char in key):
                reader.problem(key_node if form == name else value_node, field, f"{form!r} has no letters or digits")
            elif key in claimed and claimed[key] != name:
                reader.problem(key_node if form == name else value_node, field,
                               f"{form!r} is already a spelling of {claimed[key]!r}; name each person once")
            else:
                claimed[key] = name
    vocab.authors.update(claimed)


def _read_preferred(reader: _Reader, node: yaml.Node, vocab: Vocabulary) -> None:
    """Fill `vocab.preferred` (folded alias -> canonical name) from `tags.preferred`."""
    if not _is_plain(node, yaml.MappingNode):
        reader.problem(node, "tags.preferred", "expected a mapping of canonical name to a list of aliases")
        return
    claimed: dict[str, str] = {}  # folded alias -> canonical name that claimed it first
    for key_node, value_node in node.value:
        name = reader.string(key_node, "tags.preferred")
        if name is None:
            continue
        field = f"tags.preferred.{name}"
        aliases = [] if _is_null(value_node) else reader.strings(value_node, field)
        for form in [name, *aliases]:
            key = tag_key(form)
            if not key:
                reader.problem(value_node, field, f"{form!r} has no letters or digits")
            elif key in claimed and claimed[key] != name:
                reader.problem(key_node if form == name else value_node, field,
                               f"{form!r} is already an alias of {claimed[key]!r}")
            else:
                claimed[key] = name
    vocab.preferred.update(claimed)


def _read_topics(reader: _Reader, node: yaml.Node, vocab: Vocabulary) -> None:
    """Fill `vocab.topics` from the `topics` list."""
    if not _is_plain(node, yaml.SequenceNode):
        reader.problem(node, "topics", "expected a list of topics (each with name, description, phrases)")
        return
    names: set[str] = set()
    for i, item in enumerate(node.value):
        field = f"topics[{i + 1}]"
        entries = reader.mapping(item, field, _TOPIC_KEYS)
        if not entries and isinstance(item, yaml.MappingNode) and not item.value:
            reader.problem(item, field, "empty topic")
            continue
        if "name" not in entries:
            if isinstance(item, yaml.MappingNode):
                reader.problem(item, f"{field}.name", "missing")
            continue
        name = reader.string(entries["name"], f"{field}.name")
        if name is None:
            continue
        if name.lower() in names:
            reader.problem(entries["name"], f"{field}.name", f"duplicate topic {name!r}")
            continue
        names.add(name.lower())
        description = ""
        if "description" in entries and not _is_null(entries["description"]):
            description = reader.string(entries["description"], f"{field}.description") or ""
        phrases = reader.strings(entries["phrases"], f"{field}.phrases") if "phrases" in entries else []
        if not phrases:
            if "phrases" not in entries:
                reader.problem(item, f"{field}.phrases", "missing (give the phrases that place a paper in this topic)")
            elif _is_plain(entries["phrases"], yaml.SequenceNode):  # `phrases: []`: a topic no paper could join
                reader.problem(entries["phrases"], f"{field}.phrases",
                               f"topic {name!r} has no phrases (give the phrases that place a paper in this topic)")
            continue
        vocab.topics.append(TopicSpec(name=name, description=description, phrases=phrases))


def _is_null(node: yaml.Node) -> bool:
    """Return whether a node is YAML null (an empty value)."""
    return isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:null"


def _is_plain(node: yaml.Node, kind: type) -> bool:
    """Return whether a node is a plain YAML mapping/sequence (no `!!python/...` or custom tag)."""
    standard = {yaml.MappingNode: "tag:yaml.org,2002:map", yaml.SequenceNode: "tag:yaml.org,2002:seq"}
    return isinstance(node, kind) and node.tag == standard[kind]
