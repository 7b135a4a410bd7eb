"""Phrases that are grammatical and true of a paper yet name no concept a reader would file it under.

Two generic nouns of scientific prose ("model outputs", "training objective", "data samples", "feature space")
describe a part of any method; a past participle before a generic head ("pre-trained models", "labeled data")
says how something was made, not what it is; a name ending in a hyphenated adjective ("task-agnostic") qualifies
a noun it leaves out. All are general English, not a corpus's keywords; the tag stage
(`__init__._Unfit`) shows none of them unless the user or an author gave it.
"""

from __future__ import annotations

from generator.infer.tags.words import GENERIC_SINGLE

# A generic noun before "learning" or "prediction" names a field or a task ("representation learning",
# "property prediction").
FIELD_HEADS = frozenset({"learning", "prediction"})


# Participles of how a model came to be.
_MADE = frozenset({"trained", "pretrained", "tuned", "finetuned"})
# Prefixes a hyphen splits from a participle in a key ("pre-trained" is "pre trained").
_PREFIXES = frozenset({"pre", "post", "fine", "self", "co", "re", "un", "non"})


def _participle(word: str) -> bool:
    """Return whether a word reads as a past participle: "trained", "fine-tuned", "graph-structured"."""
    last = word.rsplit("-", 1)[-1]
    return len(last) >= 5 and last.endswith("ed") and not last.endswith("eed")


# Second parts of hyphenated adjectives: "task-agnostic", "model-based", "training-free", "domain-specific".
_ADJECTIVE_PARTS = frozenset("""agnostic based free aware driven specific oriented level wise dependent independent
guided conditioned""".split())


def adjective_compound(name: str) -> bool:
    """Return whether a shown name ends in a hyphenated adjective ("architecture-agnostic"): it qualifies, names nothing."""
    last = name.rsplit(" ", 1)[-1].lower()
    return "-" in last and last.rsplit("-", 1)[-1] in _ADJECTIVE_PARTS


def made_modifier(words: list[str]) -> int:
    """Return how many leading words of a key say how a thing was made ("pretrained", "pre trained", "fine tuned"):
    "pre-trained large language models" are large language models to a reader browsing tags."""
    if len(words) > 2 and words[0] in _PREFIXES and words[1] in _MADE:
        return 2
    return 1 if len(words) > 1 and words[0] in _MADE else 0


def generic_pair(key: str) -> bool:
    """Return whether a two-word phrase key is made of generic prose nouns, or a participle and a generic head."""
    words = key.split(" ")
    if len(words) == 3 and words[0] in _PREFIXES:  # "pre trained model"
        words = [f"{words[0]}-{words[1]}", words[2]]
    if len(words) != 2:
        return False
    first, head = words
    if head in FIELD_HEADS:
        return False
    return (first in GENERIC_SINGLE and head in GENERIC_SINGLE) or (_participle(first) and head in GENERIC_SINGLE)
