"""Candidate phrases of one text and their packed evidence, the per-paper half of tag inference.

A candidate is a 1–4 word n-gram of a run of content words that neither starts with a generic modifier nor
ends with a filler noun; its key folds case, plurals and the acronyms the text can mention. text_evidence
sums a text's candidates per key and packs them compactly: this is what the cache stores per paper.
"""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator

import numpy as np
from wordfreq import zipf_frequency

from generator.infer.tags.about import ASIDE_WORDS, EXAMPLE_WORDS, SELF_WORDS, states_contribution
from generator.infer.tags.tokens import acronym_stem, bad_head, is_stop, sentences, surface_word, tokens
from generator.infer.tags.words import (BAD_START, DETERMINERS, FILLER_KEYS, GENERIC_SINGLE, LY_NOUNS, NEGATORS,
                                       SIZE_WORDS)
from generator.text import fold_key

MAX_WORDS = 4
#: Counts kept per phrase key of a text (see text_evidence).
COUNTS = 8

# The JSON form of text_evidence() (a tuple is a list of exactly those items): [keys, counts, written forms].
TextEvidence = tuple[str, str, list[tuple[int, str | list[tuple[str, int]]]]]


@dataclass
class Occurrence:
    """One candidate phrase as found in a text."""

    surface: str
    key: str
    sentence: int
    start: int  # token index in the text
    n: int  # tokens in the phrase
    opens: bool  # the phrase starts a run of content words: no content word nor adverb comes before it
    at_end: bool  # no content word follows: the phrase ends where a noun phrase ends
    before_object: bool  # a determiner follows ("handling the"), as after a verb
    aside: bool = False  # after an aside's first word ("such as", "unlike", "existing"), in a sentence that states
    # no contribution (about.py): a passing mention if the only one
    after_determiner: bool = False  # opens its run right after a determiner ("the latent space")


def extract_candidates(text: str, acronyms: dict[str, str] | None = None) -> list[Occurrence]:
    """Return every candidate phrase occurrence of a plain text, in text order.

    `acronyms` maps an acronym as written ("LLM", case-sensitive, singular) to the key of its long form.
    """
    return [Occurrence(*occ) for occ in _occurrences(text, acronyms or {})]


@lru_cache(maxsize=131072)
def _token_facts(token: str) -> tuple[bool, str, str, bool, bool, bool, str, bool, bool, bool, bool, int, bool]:
    """Return what candidate extraction asks of a token, computed once per distinct token.

    (ends a run, folding key, display form, cannot end a tag, cannot start one, is a determiner, acronym stem,
    is a size adjective, denies what follows, is a generic noun, is a word rather than a symbol or number,
    bit 1 for a word of an aside, 2 for one by which the paper speaks of itself, 4 for one introducing an
    example or a contrast, see about.py; is an adverb).
    """
    low = token.lower()
    key = fold_key(token)
    return (is_stop(token), key, surface_word(token), bad_head(token), low in BAD_START,
            low in DETERMINERS, acronym_stem(token), low in SIZE_WORDS, low in NEGATORS or low.endswith("n't"),
            key in GENERIC_SINGLE, low[0].isalpha(),
            (low in ASIDE_WORDS) | (low in SELF_WORDS) << 1 | (low in EXAMPLE_WORDS) << 2,
            low.endswith("ly") and len(low) > 4 and low not in LY_NOUNS and "-" not in low)


#: A word written in lower case (its hyphen parts too: "quasi-monte" writes "monte" so).
_LOWER_WORD = re.compile(r"(?<![\w])[a-z]+(?![\w])")


def _written_forms(words: list[str], facts: list[tuple], lower: set[str]) -> list[str]:
    """Return each token's display form in its sentence: lower case, but a name keeps its capital ("a Markov chain").

    A word is a name where a sentence writes it capitalised between words that are not, and the text (`lower`: its
    lower-case words) never writes it in lower case. A sentence's first word and a run of capitals ("Markov Decision
    Processes (MDPs)", a spelled-out acronym or a title) tell nothing, but two capitals the text never writes in
    lower case are one name ("Monte Carlo") unless they spell out the acronym after them ("Integer Programming (IP)").
    """
    shown = [fact[2] for fact in facts]
    n = len(words)
    for t in range(1, n):
        word = words[t]
        if word.islower() or shown[t] == word or not _capitalised(word) or _upper_start(words[t - 1]) \
                or word.lower() in lower:
            continue  # most words: no capital at all (str.islower is the cheap test)
        if t + 1 < n and _upper_start(words[t + 1]):
            after = words[t + 1]
            # "Integer Programming (IP)" spells out its acronym; "Markov chain Monte Carlo (MCMC)" does not stop there.
            spelled = t + 3 < n and words[t + 2] == "(" and acronym_stem(words[t + 3]).upper() == word[0] + after[0]
            if _capitalised(after) and after.lower() not in lower and not (t + 2 < n and _upper_start(words[t + 2])) \
                    and not spelled:
                shown[t], shown[t + 1] = word, after
            continue
        shown[t] = word
    return shown


def _upper_start(word: str) -> bool:
    """Return whether a word or one of its hyphen parts starts with a capital ("Markov", "Multi-Layer", "quasi-Monte")."""
    return not word.islower() and any(part[:1].isupper() for part in word.split("-"))


def _capitalised(word: str) -> bool:
    """Return whether a word is written with one capital, first ("Markov") or after a hyphen ("quasi-Monte")."""
    last = word.rsplit("-", 1)[-1]
    return last[:1].isupper() and last[1:].islower() and sum(c.isupper() for c in word) == 1


def _negated(facts: list[tuple], start: int) -> bool:
    """Return whether the run of content words at `start` follows a negation in its clause ("without any X")."""
    k = start - 1
    # Look back over the function words and verbs before the run, up to a content word or punctuation.
    while k >= 0 and facts[k][0] and facts[k][10]:
        if facts[k][8]:
            # "not only X but also Y" asserts X.
            return not (facts[k][1] == "not" and k + 1 < start and facts[k + 1][1] == "only")
        k -= 1
    return False


def _aside_from(sentence: str, words: list[str], facts: list[tuple], opening: bool = False) -> int:
    """Return the token index after which a sentence asides (about.py): its first word of an aside ("such as X",
    "unlike X", "existing X"), or of a list of the tasks a result was shown on; the sentence's length when it has
    none or states the paper's contribution. In the `opening` sentence, where an abstract names its field through
    others' work ("existing X"), only an example or a contrast asides ("domains such as X")."""
    beds = _test_beds_from(sentence, words)
    roles = [fact[11] for fact in facts]  # bits: 1 aside, 2 the paper itself, 4 an example or a contrast
    aside = next((i for i, role in enumerate(roles) if role & 1), None)
    if aside is None:
        return min(beds, len(facts))
    if opening or (any(role & 2 for role in roles) and states_contribution(sentence)):
        # What the paper does is no aside, nor the field its opening names, but the examples named on the way are.
        return min(beds, next((i for i, role in enumerate(roles) if role & 4), len(facts)))
    return min(beds, aside)


#: Words of a result or an experiment: a list after one ("results on A, B, C and D tasks") is where it was shown.
_RESULT_WORDS = re.compile(r"\b(?:results?|experiments?|evaluat\w*|benchmarks?|outperform\w*|achiev\w*|performance"
                           r"|state-of-the-art|competitive|demonstrat\w*|validat\w*)\b", re.IGNORECASE)
#: Words that open the list of where a result was shown.
_ON_WORDS = frozenset("on across over spanning including".split())


def _test_beds_from(sentence: str, words: list[str]) -> int:
    """Return the token index of "on" before a list of three or more things in a sentence of results ("results on
    natural language, image classification, transfer learning, and semantic segmentation tasks"): the test beds of
    a method, named by the way, not what it is about; else a number past the sentence's end."""
    if sentence.count(",") < 2 or not _RESULT_WORDS.search(sentence):
        return len(words) + 1
    for i, word in enumerate(words):
        if word.lower() not in _ON_WORDS:
            continue
        commas = 0
        for token in words[i + 1:]:
            if token == ",":
                commas += 1
            elif token.lower() in ("and", "or"):
                if commas >= 2:
                    return i
                break
            elif token in (".", ";", ":", "(", ")"):
                break
    return len(words) + 1


def _occurrences(text: str, acronyms: dict[str, str]) -> Iterator[tuple[str, str, int, int, int, bool, bool, bool, bool,
                                                                         bool]]:
    """Yield the fields of every candidate phrase occurrence of a plain text, in text order."""
    offset, filler = 0, FILLER_KEYS
    lower = set(_LOWER_WORD.findall(text))
    for si, sentence in enumerate(sentences(text)):
        words = tokens(sentence)
        facts = [_token_facts(t) for t in words]
        forms = _written_forms(words, facts, lower)
        aside_from = _aside_from(sentence, words, facts, si == 0)
        n_tokens = len(facts)
        i = 0
        while i < n_tokens:
            if facts[i][0]:
                i += 1
                continue
            j = i
            while j < n_tokens and not facts[j][0]:
                j += 1
            if i and _negated(facts, i):
                i = j
                continue
            run = facts[i:j]
            if i and facts[i - 1][12] and words[i - 1].lower().endswith("ally") and run[0][10]:
                # "differentially private": the concept named as a noun, "differential privacy" (_quality_nouns).
                for key in _quality_nouns(words[i - 1].lower()[:-2], run[0][1]):
                    yield key, key, si, offset + i - 1, 2, True, True, False, i - 1 > aside_from, False
            keys = [acronyms.get(f[6]) or f[1] for f in run] if acronyms else [f[1] for f in run]
            object_follows = j < n_tokens and facts[j][5]
            # After an adverb ("partially observable MDPs", "fully connected layers") the run is the tail of a
            # longer expression: it opens no noun phrase of its own.
            after_adverb = i > 0 and facts[i - 1][12]
            after_determiner = i > 0 and facts[i - 1][5]
            size = j - i
            for a in range(size):
                if run[a][4]:
                    continue
                # A size adjective before one generic noun counts rather than names ("small set").
                lone_size = run[a][7] and a + 1 < size and run[a + 1][9]
                aside = i + a > aside_from
                # The phrase a..b grows one word at a time: its key and display form too.
                key = shown = ""
                for b in range(a + 1, min(size, a + MAX_WORDS) + 1):
                    word = run[b - 1]
                    k = keys[b - 1]
                    if k:
                        key = f"{key} {k}" if key else k
                    form = forms[i + b - 1]
                    shown = f"{shown} {form}" if shown else form
                    if word[3] or not key or key in filler or (lone_size and b == a + 2):
                        continue
                    at_end = b == size
                    yield (shown, key, si, offset + i + a, b - a, a == 0 and not after_adverb, at_end, at_end and object_follows,
                           aside, a == 0 and after_determiner)
            i = j
        offset += n_tokens


#: How English makes the noun of a quality from its adjective: "private" -> "privacy", "observable" -> "observability",
#: "robust" -> "robustness" (the noun must be a word English knows this well, wordfreq's zipf). Adjectives in -ant and
#: -ent say how good a thing is ("computationally efficient", "equally important"), not what it is: none.
_QUALITY_ZIPF = 1.5
_QUALITY_ENDINGS = (("ate", ("acy",)), ("ble", ("bility",)), ("ive", ("ivity",)), ("se", ("sity",)),
                    ("", ("ness", "ity")))


@lru_cache(maxsize=4096)
def _quality_nouns(adjective_of: str, word: str) -> tuple[str, ...]:
    """Return the keys an adverb's adjective and the quality word after it name as a noun phrase ("differential"
    from "differentially", and "private": "differential privacy"), or none when the word is no plain adjective."""
    if not word.isalpha() or len(word) < 4 or word in SIZE_WORDS or word.endswith(("s", "ed", "ing", "ly", "ant", "ent")):
        return ()
    for ending, nouns in _QUALITY_ENDINGS:
        if word.endswith(ending):
            stem = word[:len(word) - len(ending)] if ending else word
            # The noun English knows best, if it knows one: "adaptity" ("dynamically adapt") is none, nor "simpleness".
            zipf, noun = max((zipf_frequency(stem + noun, "en"), stem + noun) for noun in nouns)
            return (f"{adjective_of} {noun}",) if zipf >= _QUALITY_ZIPF else ()
    return ()


def text_evidence(text: str, acronyms: dict[str, str]) -> list:
    """Return the candidate evidence of one text: one entry per phrase key, in order of first mention.

    Everything tag scoring reads of extract_candidates(text, acronyms), packed so that the cache decodes it
    fast: [the phrase keys joined by newlines, their counts (mentions, sentence of first mention, mentions
    ending a noun phrase, mentions followed by a determiner, mentions opening a noun phrase, mentions in an
    aside, see about.py, mentions right after a determiner, mentions that are a one-word noun phrase) as base64 of
    little-endian int32, and
    [[phrase index, written forms], ...] for the phrases not only written as their key]. The written forms
    are one form, or [[written form, mentions], ...] when there are several.
    """
    by_key: dict[str, list[int]] = {}
    surfaces: dict[str, dict[str, int]] = {}
    for surface, key, sentence, _start, n, opens, at_end, before_object, aside, definite in _occurrences(text, acronyms):
        alone = n == 1 and opens and at_end  # one word that is a whole noun phrase
        entry = by_key.get(key)
        if entry is None:
            by_key[key] = [1, sentence, at_end, before_object, opens, aside, definite, alone]  # bools summed: 0 or 1
            surfaces[key] = {surface: 1}
            continue
        entry[0] += 1
        entry[2] += at_end
        entry[3] += before_object
        entry[4] += opens
        entry[5] += aside
        entry[6] += definite
        entry[7] += alone
        forms = surfaces[key]
        forms[surface] = forms.get(surface, 0) + 1
    written = []
    for i, (key, forms) in enumerate(surfaces.items()):
        if len(forms) > 1:
            written.append([i, [[s, c] for s, c in forms.items()]])
        elif key not in forms:
            written.append([i, next(iter(forms))])
    packed = np.array(list(by_key.values()), dtype="<i4").reshape(-1, COUNTS)
    return ["\n".join(by_key), base64.b64encode(packed.tobytes()).decode("ascii"), written]


def evidence_unpacks(value: list) -> bool:
    """Tell whether a value of the TextEvidence shape (read from a cache, say) is whole, so unpack can read it."""
    phrases, counts, written = value
    size = phrases.count("\n") + 1 if phrases else 0
    try:
        raw = base64.b64decode(counts, validate=True)
    except ValueError:  # binascii.Error
        return False
    rows = [i for i, _ in written]
    return (len(raw) == 4 * COUNTS * size and bool((np.frombuffer(raw, dtype="<i4") >= 0).all())
            and (not rows or (min(rows) >= 0 and max(rows) < size)))


def unpack(evidence: list) -> tuple[list[str], np.ndarray, list]:
    """Return the phrase keys, counts (one row per phrase) and written forms of a text_evidence() result."""
    phrases, counts, written = evidence
    return (phrases.split("\n") if phrases else [],
            np.frombuffer(base64.b64decode(counts), dtype="<i4").reshape(-1, COUNTS), written)
