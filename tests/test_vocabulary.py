"""data/vocabulary.yaml: preferred names, banned tags, fixed topics; every mistake reported with its line."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.model import PapersiteError, Problem, TopicSpec
from generator.read.vocabulary import load_vocabulary

SOURCE = "data/vocabulary.yaml"


def load(tmp_path: Path, text: str):
    """Write `text` as the vocabulary file and load it."""
    path = tmp_path / "vocabulary.yaml"
    path.write_text(text, encoding="utf-8")
    return load_vocabulary(path, SOURCE)


def problems(tmp_path: Path, text: str) -> list[str]:
    """Return the problems reported for `text`, as printed."""
    with pytest.raises(PapersiteError) as exc:
        load(tmp_path, text)
    assert str(exc.value) == "\n".join(str(p) for p in exc.value.problems)
    return [str(p) for p in exc.value.problems]


def test_missing_or_empty_file_is_an_empty_vocabulary(tmp_path):
    vocab = load_vocabulary(tmp_path / "nope.yaml", SOURCE)
    assert not vocab.preferred and not vocab.banned and not vocab.topics
    vocab = load(tmp_path, "# nothing yet\n")
    assert not vocab.preferred and not vocab.banned and not vocab.topics


def test_full_vocabulary(tmp_path):
    vocab = load(tmp_path, """\
tags:
  preferred:                 # canonical name: aliases folded into it
    large language models: [LLM, LLMs, large language model]
    diffusion models:
  banned: [results, Novel Approach, benchmark]
topics:
  - name: Brain and neural data
    description: Models of neural recordings
    phrases: [neural activity, brain, neurons]
  - name: Vision
    phrases: image
""")
    assert vocab.preferred == {
        "large language model": "large language models",
        "llm": "large language models",
        "diffusion model": "diffusion models",
    }
    assert vocab.banned == {"result", "novel approach", "benchmark"}
    assert vocab.topics == [
        TopicSpec("Brain and neural data", "Models of neural recordings", ["neural activity", "brain", "neurons"]),
        TopicSpec("Vision", "", ["image"]),
    ]


def test_wrong_types_and_unknown_keys_are_all_reported_with_lines(tmp_path):
    assert problems(tmp_path, """\
tags:
  preferd:
    x: [a]
  banned:
    bad: 1
topics:
  - name: A
    phrases: 3
  - description: no name
    phrases: [x]
  - name: a
    phrases: [y]
colour: blue
""") == [
        "data/vocabulary.yaml:2: tags.preferd: unknown key (expected one of: preferred, banned)",
        "data/vocabulary.yaml:5: tags.banned: expected a list of strings",
        "data/vocabulary.yaml:8: topics[1].phrases: expected a list of strings",
        "data/vocabulary.yaml:9: topics[2].name: missing",
        "data/vocabulary.yaml:11: topics[3].name: duplicate topic 'a'",
        "data/vocabulary.yaml:13: colour: unknown key (expected one of: tags, topics, authors)",
    ]


def test_alias_claimed_twice_and_preferred_banned_clash(tmp_path):
    assert problems(tmp_path, """\
tags:
  preferred:
    large language models: [LLM]
    foundation models: [LLMs]
    transformers: []
  banned: [transformer]
""") == [
        "data/vocabulary.yaml:4: tags.preferred.foundation models: 'LLMs' is already an alias of 'large language models'",
        "data/vocabulary.yaml:6: tags.banned: 'transformer' is also preferred (as 'transformers'); keep one",
    ]


def test_top_level_must_be_a_mapping_and_preferred_a_mapping(tmp_path):
    assert problems(tmp_path, "- a\n- b\n") == ["data/vocabulary.yaml:1: : expected a mapping"]
    assert problems(tmp_path, "tags:\n  preferred: [a, b]\n") == [
        "data/vocabulary.yaml:2: tags.preferred: expected a mapping of canonical name to a list of aliases"
    ]


def test_invalid_yaml_gives_its_line(tmp_path):
    assert problems(tmp_path, "tags:\n  banned: [a, b\n") == [
        "data/vocabulary.yaml:3: vocabulary: invalid YAML: expected ',' or ']', but got '<stream end>'"
    ]


def test_unsafe_yaml_is_not_executed(tmp_path):
    marker = tmp_path / "pwned"
    text = f"tags:\n  banned: !!python/object/apply:os.system ['touch {marker}']\n"
    assert problems(tmp_path, text) == ["data/vocabulary.yaml:2: tags.banned: expected a list of strings"]
    assert not marker.exists()


def test_problems_are_problem_objects(tmp_path):
    with pytest.raises(PapersiteError) as exc:
        load(tmp_path, "tags:\n  banned: 7\n")
    assert exc.value.problems == [Problem(SOURCE, 2, "tags.banned", "expected a list of strings")]
