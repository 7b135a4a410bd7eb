"""Phrases that are grammatical and true of a paper yet name no concept a reader would file it under.

Two generic nouns of scientific prose ("model outputs", "training objective", "data samples", "feature space")
describe a part of any method; a past participle before a generic head ("pre-trained models", "labeled data")
says how something was made, not what it is; a name ending in a hyphenated adjective ("task-agnostic") qualifies
a noun it leaves out. A part of a study's setup names no concept either: a thing by its role ("target domain",
"unseen classes") or taken one at a time ("individual samples"), a space by what it holds ("action space"), data by a
hyphenated property ("high-resolution images"), a process by its activity ("generation process"), a loosely combining
word before a generic head ("local models", "node information"), a widespread noun before what it has ("graph data").
All are general English, not a corpus's keywords; the tag stage (`__init__._Unfit`) shows none of them unless the
user or an author gave it, and related papers' reasons (`related.py`) skip them too.
"""

from __future__ import annotations

from typing import Callable

from wordfreq import zipf_frequency

from generator.infer.tags.words import GENERIC_SINGLE
from generator.model import Tag
from generator.text import adjective_phrase, fold_key, naive_singular

# A generic noun before "learning" or "prediction" names a field or a task ("representation learning",
# "property prediction").
FIELD_HEADS = frozenset({"learning", "prediction"})


# Participles of how a model came to be.
_MADE = frozenset({"trained", "pretrained", "tuned", "finetuned"})
# Prefixes a hyphen splits from a participle in a key ("pre-trained" is "pre trained").
_PREFIXES = frozenset({"pre", "post", "fine", "self", "co", "re", "un", "non"})


def tool_tag(tag: Tag) -> bool:
    """Return whether a tag is one name written in capitals that no paper spells out ("GPU", "ImageNet", "GPT-4"): what
    papers use, a device, a dataset or a model, not a subject they share ("CLIP" is spelled out)."""
    return (" " not in tag.name and sum(c.isupper() for c in tag.name) >= 2
            and not any(" " in alias for alias in tag.aliases))


def participle(word: str) -> bool:
    """Return whether a word reads as a past participle: "trained", "fine-tuned", "graph-structured"."""
    last = word.rsplit("-", 1)[-1]
    return len(last) >= 5 and last.endswith("ed") and not last.endswith("eed")


# Second parts of hyphenated adjectives: "task-agnostic", "model-based", "training-free", "domain-specific".
_ADJECTIVE_PARTS = frozenset("""agnostic based free aware driven specific oriented level wise dependent independent
guided conditioned""".split())


#: Endings only adjectives have ("amenable", "continuous", "harmful", "training-less"), unlike "-al" or "-ic" ("signal",
#: "logic").
_ADJECTIVE_ONLY_ENDINGS = ("able", "ible", "ous", "ful", "less")


def adjective_compound(name: str) -> bool:
    """Return whether a shown name is an adjective: it ends in a hyphenated one ("architecture-agnostic") or is an
    adverb and the word it qualifies ("differentially private", "partially observable"): it qualifies, names nothing."""
    last = name.rsplit(" ", 1)[-1].lower()
    if last.rsplit("-", 1)[-1] in _ADJECTIVE_PARTS and ("-" in last or name.lower() == last):
        return True  # "task-agnostic", or "agnostic" alone: what such a word qualifies is not said
    if name.isalpha() and name.islower() and name.endswith(_ADJECTIVE_ONLY_ENDINGS):
        return True  # "amenable", "ambiguous": one word that can only be an adjective
    return adjective_phrase(name)


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
    return (first in GENERIC_SINGLE and head in GENERIC_SINGLE) or (participle(first) and head in GENERIC_SINGLE)


#: A first word followed by at least this many different nouns across the corpus combines freely ("local", "node"):
#: before a generic head it says where a thing sits, not what it is. Mutual ("mutual information") combines with few.
FREE_HEADS = 12
#: wordfreq's zipf of an everyday adjective ("local" 5.4, "visual" 4.5; "neural" 3.8 is a field's word).
_EVERYDAY_ZIPF = 4.0

# The part a thing plays in an experiment's setup: "target domain", "unseen classes", "teacher model", "OOD samples".
_ROLES = frozenset("""target source unseen seen in-distribution out-of-distribution ood downstream upstream auxiliary
intermediate held-out reference teacher student base query support training""".split())
# Words that take the things of a setup one at a time ("individual samples", "respective clients"), as "each" does.
_DISTRIBUTIVES = frozenset("individual respective corresponding separate".split())
# What a setup holds, besides the generic nouns: "target class", "unseen environments", "source images".
_SETUP_NOUNS = frozenset("class label image text token environment example instance point node client".split())
# Data named by a property written as one hyphenated word: "high-resolution images", "multi-modal data".
_PROPERTY_PARTS = frozenset("""high low higher lower multi single long short large small full real fine coarse non uni
ultra""".split())
_DATA_NOUNS = frozenset("""data dataset image video sample input output text sequence signal graph example instance point
frame feature representation observation measurement record""".split())
# Heads a loosely combining word qualifies without naming a concept: "local models", "final predictions".
_METHOD_HEADS = frozenset("""model representation feature prediction output input parameter objective module embedding
computation""".split())
# Spaces of mathematics: "phase space", "vector space", "function space" are objects of study, not a model's furniture.
_MATH_SPACES = frozenset("vector function phase state metric probability configuration tangent measure sample".split())
# Endings of adjectives: "latent", "hyperbolic", "Euclidean", "continuous", "discrete".
_ADJECTIVE_ENDINGS = ("al", "ic", "ive", "ous", "able", "ible", "ful", "less", "ary", "ent", "ant", "ian", "ean", "ete",
                      "ed")
# A process named by what happens in it: "generation process", "decision-making process" (not "Gaussian process").
_ACTIVITY_ENDINGS = ("tion", "ing", "ment")


def _plural(word: str) -> bool:
    """Tell whether a lower-case word reads as a plural noun: in -s, not -ss, -us, -is, -ics, -ies, -ys or -ews (a
    singular: "loss", "corpus", "analysis", "dynamics", "series", "news")."""
    return word.isalpha() and word.endswith("s") and not word.endswith(("ss", "us", "is", "ics", "ies", "ys", "ews"))


def unfit_phrase(name: str, combines: Callable[[str], int]) -> bool:
    """Return whether a shown name (as written: "OOD samples", "high-resolution images") names a part of a setup
    rather than a concept: a role's thing, a space named by what it holds, data named by a property, a process named
    by its activity, or a loosely combining word before a generic head. `combines(word)` is how many different
    nouns follow the word in the corpus."""
    words = name.split()
    if len(words) < 2 or any(w[:1].isupper() and not w.isupper() for w in words):
        return False  # one word, or a name ("Gaussian process", "Hilbert space")
    *mods, head = [w.lower() for w in words]
    if _plural(mods[0]):
        return True  # "results translate": a modifier is singular ("result analysis"), a plural is a clause's subject
    head = _singular(head)
    mod = mods[-1]
    if head == "process":
        return mod.rsplit("-", 1)[-1].endswith(_ACTIVITY_ENDINGS)
    if len(mods) != 1:
        return False
    if head == "space":  # named by a noun, what it holds ("feature space"); "latent space" and "hyperbolic space" stay
        return not mod.endswith(_ADJECTIVE_ENDINGS) and naive_singular(mod) not in _MATH_SPACES
    if mod in _ROLES:
        return head in GENERIC_SINGLE or head in _SETUP_NOUNS
    if mod in _DISTRIBUTIVES:  # "individual fairness" names more
        return head in GENERIC_SINGLE or head in _SETUP_NOUNS or head in _DATA_NOUNS
    if mod.endswith(("able", "ible")) and head in GENERIC_SINGLE:  # "trainable parameters", "available data"
        return True
    if "-" in mod:
        parts = mod.split("-")
        if parts[0] in _PROPERTY_PARTS and head in _DATA_NOUNS:
            return True
        # "domain-specific information", "task-related knowledge"
        return head in ("information", "knowledge") and (parts[-1] in _ADJECTIVE_PARTS or participle(mod))
    if head in ("information", "knowledge"):
        return combines(mod) >= FREE_HEADS
    return (head in _METHOD_HEADS and mod.endswith("al") and combines(mod) >= FREE_HEADS
            and zipf_frequency(mod, "en") >= _EVERYDAY_ZIPF)


def _singular(word: str) -> str:
    """Return a noun's singular, "-es" plurals too ("classes" -> "class", "models" -> "model")."""
    if word.endswith(("sses", "xes", "ches", "shes")):
        return word[:-2]
    return naive_singular(word)


# What a method or a field's object has or holds: "graph data", "LLM outputs", "network weights", "model capacity".
_PART_NOUNS = frozenset("""data output input sample algorithm feature parameter value structure set information weight
token block capacity pattern""".split())


def widespread_part(name: str, widespread: Callable[[str], bool]) -> bool:
    """Return whether a two-word name is a part of what a corpus's papers all work on: a noun most papers use
    (`widespread(word)`) before what it has or holds ("graph data", "LLM outputs", "network weights"). An adjective
    first ("synthetic data", "latent tokens") or an error or a distribution ("generalization error") names more."""
    words = name.split()
    if len(words) != 2 or (words[0][:1].isupper() and not words[0].isupper()):
        return False
    first, head = words[0].lower(), _singular(words[1].lower())
    return head in _PART_NOUNS and not first.endswith(_ADJECTIVE_ENDINGS) and widespread(fold_key(first))
