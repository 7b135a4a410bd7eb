"""The abstract's own key term: the multi-word phrase it repeats most, counting its acronym's uses.

A title says where its contribution applies; when the opening sentence names no field, the phrase the
abstract keeps coming back to ("reinforcement learning", written "RL" after its definition) does. A term
is written as the abstract writes it most often, holds no acronym (its long form is counted instead, and
an acronym is often the paper's own name) and has a word rarer than everyday English. Linear in the text.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache
from operator import itemgetter

from generator.infer.titles.coined import _acronym_long_form
from generator.infer.titles.fragments import (_AUXILIARIES, _CONJUNCTIONS, _DETERMINERS, _PREPOSITIONS, _PRONOUNS, _adverb,
                                              _verb_s)
from generator.text import everyday_word, naive_singular

_WORD = re.compile(r"\w[\w-]*|[^\w\s]")
#: Words a term never holds: function words, the abstract's own voice, quantifiers and vague adjectives.
_STOP = _PREPOSITIONS | _DETERMINERS | _CONJUNCTIONS | _AUXILIARIES | _PRONOUNS | frozenset("""be been being we
they our not no also how what why who then thus very more most new novel proposed existing recent first two
three several many various different other only well same both either""".split())
_TOKEN = re.compile(r"[\w-]+")
_DEFINED = re.compile(r"\(([A-Z][A-Za-z0-9-]{1,10}?)s?\)")
#: What a paper goes without ("does not require validation data", "without fine-tuning"): a term said after it is
#: no setting of the paper.
_NEGATION = (r"\b(?:without|no|not\s+(?:require|need|use|rely\s+on)|(?:requires?|needs?|uses?)\s+no|free\s+of"
             r"|(?:remov|eliminat|avoid)\w*\s+the\s+need\s+for)\s+(?:any\s+|the\s+|an?\s+|additional\s+|extra\s+)?")
_NEGATED_SPAN = re.compile(_NEGATION + r"([\w-]+(?:\s+[\w-]+){0,3})", re.I)
#: ... unless the sentence says that of others' work ("Existing work focuses on settings without unobserved confounding").
_OTHERS = re.compile(r"\b(?:[Ee]xisting|[Pp]revious|[Pp]rior|[Tt]raditional|[Cc]onventional|[Tt]ypically|[Cc]urrent|[Mm]ost)\b")
#: Words that open a clause: a run after one that ends in a verb in -s is its subject and verb ("when data evolves").
_CLAUSE_OPENERS = frozenset("because when whenever if unless while whereas although though since once until".split())
#: Nouns that name something by what it is of ("the fine-tuned version [of the model]"): no term ends on one.
_RELATIONAL = frozenset("version counterpart kind sort variety lack amount".split())
#: A key term is said this often (its acronym's uses included) before it names the paper's setting.
MIN_MENTIONS = 3


_DIGIT_LED = re.compile(r"\d+[A-Za-z]{1,2}")
_ACRONYM_PART = re.compile(r"[A-Z].*[A-Z]|\d")


@lru_cache(maxsize=65536)  # words repeat across a corpus; this is asked once per word of every abstract
def _term_word(token: str) -> bool:
    """Return whether `token` may be part of a term: a lower-case or capitalised word, or a digit-led one ("3D")."""
    if token.lower() in _STOP or not token[0].isalnum() or (token.isalpha() and len(token) < 3):
        return False  # "th" of "(K+1)th", "al" of "et al": no word of a term
    if _adverb(token.lower()):
        return False  # "both logically": an adverb is no word of a term
    if token[0].isdigit():
        return bool(_DIGIT_LED.fullmatch(token))  # "3D", not "100" or "2x"
    # An acronym ("LLM", "UHAT", "GPT-4") is counted through its long form, or is the paper's own name.
    return not any(_ACRONYM_PART.search(part) for part in token.split("-"))  # "Data-Free" is two words


@lru_cache(maxsize=65536)
def _word_key(token: str) -> str:
    """Return how a word of a term is counted (lower case, plural folded), or "" when `token` is no word of a term."""
    return naive_singular(token.lower()) if _term_word(token) else ""


@lru_cache(maxsize=8)  # key_terms asks for one text with several thresholds in a row; callers never change it
def _spans(text: str) -> tuple[dict[str, int], dict[str, dict[str, int]], frozenset[str]]:
    """Count the 2-3 word runs of term words, plural-folded, with how each is written (in order of first sight); and
    return the prefixes: capitalised runs never said alone that go on with different words ("Stochastic Gradient" of
    "Stochastic Gradient Descent" and "Stochastic Gradient Boosting"), a part several names share, not a term, and the
    predicates: runs every mention of which follows a plural noun ("translators [guarantee correctness]"), a verb and
    its object after their subject, or a subordinator and ends in a verb in -s ("because [data evolves] over time"),
    a clause's subject and verb."""
    counts: dict[str, int] = {}
    forms: dict[str, dict[str, int]] = {}
    ends: set[str] = set()
    nexts: dict[str, set[str]] = {}
    after_plural: dict[str, int] = {}
    clauses: dict[str, int] = {}
    run: list[str] = []
    keys: list[str] = []
    before = ""  # the word before the run
    for token in _WORD.findall(text) + ["."]:
        key = _word_key(token)
        if key:
            run.append(token)
            keys.append(key)
            continue
        size = len(run)
        if size < 2:  # most words end no run of two: nothing to count
            if size:
                run, keys = [], []
            before = token
            continue
        for n in (2, 3):
            for i in range(size - n + 1):
                key, written = " ".join(keys[i:i + n]), " ".join(run[i:i + n])
                counts[key] = counts.get(key, 0) + 1
                if i + n < size:
                    nexts.setdefault(key, set()).add(keys[i + n])
                else:
                    ends.add(key)
                if i and _plural_noun(run[i - 1]):
                    after_plural[key] = after_plural.get(key, 0) + 1
                elif not i and before.lower() in _CLAUSE_OPENERS and _plural_noun(run[n - 1]):
                    clauses[key] = clauses.get(key, 0) + 1
                seen = forms.get(key)
                if seen is None:
                    forms[key] = {written: 1}
                else:
                    seen[written] = seen.get(written, 0) + 1
        run, keys = [], []
        before = token
    prefixes = frozenset(k for k, after in nexts.items() if len(after) >= 2 and k not in ends
                         and all(w[:1].isupper() for form in forms[k] for w in form.split()))
    predicates = {k for k, n in after_plural.items() if n == counts[k]} | {k for k, n in clauses.items() if n == counts[k]}
    return counts, forms, prefixes | frozenset(predicates)


def _plural_noun(token: str) -> bool:
    """Return whether a lower-case word reads as a plural noun ("translators", "approaches"), not "loss" or "focus"."""
    return token.islower() and _verb_s(token)  # a word in -s: a plural noun or a verb, as fragments reads it


@lru_cache(maxsize=64)
def key_terms(text: str, min_mentions: int = MIN_MENTIONS, everyday_ok: bool = False) -> tuple[str, ...]:
    """Return the multi-word phrases the abstract names ≥ `min_mentions` times (acronym uses counted), most often first.

    A phrase of everyday words only ("code generation") is left out unless `everyday_ok`.
    """
    spans, spelled, prefixes = _spans(text)
    counts, forms = dict(spans), dict(spelled)  # the cached ones stay as found: an acronym's uses are added here
    tokens: Counter[str] | None = None
    seen: set[str] = set()
    defined: set[str] = set()
    for m in _DEFINED.finditer(text):
        short = m.group(1)
        if short in seen:
            continue  # one count per acronym: "(AB) (AB) (AB) …" must not rescan the text each time
        seen.add(short)
        long_form = _acronym_long_form(short, text[max(0, m.start() - 120):m.start()])
        words = long_form.split()
        if 2 <= len(words) <= 3 and all(_term_word(w) for w in words):
            tokens = tokens if tokens is not None else Counter(_TOKEN.findall(text))
            key = " ".join(naive_singular(w.lower()) for w in words)
            defined.add(key)  # a long form the abstract abbreviates is a term of its own
            counts[key] = counts.get(key, 0) + tokens[short] + tokens[short + "s"] - 1  # its uses after the definition
            written = forms[key] = dict(forms.get(key, {}))
            written[long_form] = written.get(long_form, 0) + 1
    kept = [t for t, n in counts.items() if n >= min_mentions and (everyday_ok or not all(everyday_word(w) for w in t.split()))
            and (t not in prefixes or t in defined) and t.rsplit(" ", 1)[-1] not in _RELATIONAL]
    # A longer term said as often is the more specific name ("graph neural network" over "neural network");
    # among equals the one said first (dicts keep the order of first sight).
    kept.sort(key=lambda t: (-counts[t], -len(t.split())))
    return tuple(_written(forms[t]) for t in kept if not _negated(forms[t], text))


def _negated(forms: dict[str, int], text: str) -> bool:
    """Return whether the abstract says it goes without the term written in any of `forms` ("without labelled data")."""
    spans = _negated_spans(text)
    return bool(spans) and any(span.startswith(f"{form.lower()} ") for form in forms for span in spans)


@lru_cache(maxsize=8)  # asked for every term key_terms keeps, of one text at a time
def _negated_spans(text: str) -> tuple[str, ...]:
    """Return the few words after each "without", "does not require", ... of the paper's own (lower case, space-ended)."""
    spans = []
    for m in _NEGATED_SPAN.finditer(text):
        start = text.rfind(". ", 0, m.start()) + 1
        if not _OTHERS.search(text, start, m.start()):
            spans.append(m.group(1).lower() + " ")
    return tuple(spans)


def _written(forms: dict[str, int]) -> str:
    """Return a term as the abstract writes it most often, plain capitalised words lower-cased ("Graph Neural Networks")."""
    written = max(forms.items(), key=itemgetter(1))[0]  # the first of the most frequent, as Counter.most_common
    if written[:1].islower():
        return written
    # A capital only at the start of its parts is sentence or title case ("Data-Free", "Semi-supervised").
    plain = lambda w: w[:1].isupper() and all(p[1:] == p[1:].lower() for p in w.split("-"))  # noqa: E731
    return " ".join(w.lower() if plain(w) else w for w in written.split())


def key_term(text: str) -> str:
    """Return the multi-word phrase the abstract names most often (≥ MIN_MENTIONS, acronym uses counted), or ""."""
    terms = key_terms(text)
    return terms[0] if terms else ""
