"""What a coined name looks like, and what an acronym stands for.

A found name is a `_Name` (the token with how it was introduced); whether a token is shaped like a
coined name and which words spell an acronym out are asked by every name finder.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from generator.infer.titles.lexicon import _NOT_NAMES
from generator.text import bracketed, common_word

#: A lowercase word this frequent (wordfreq's zipf scale: "with", "and", "for", "the") glued to a capital is a
#: lost space, not the opening of a coined name ("deepONet", "iPhone" and "mRNA" open with rarer pieces).
_FUNCTION_WORD_ZIPF = 6.0


@dataclass(frozen=True)
class _Name:
    """A method name found in the abstract, with how it was introduced."""

    name: str
    sentence: int
    long_form: str = ""  # spelled-out acronym, e.g. "Mixture of Shards"
    after: str = ""  # text following the name in its sentence
    lead: str = ""  # the noun phrase the name is attached to ("an autoencoder (AE) framework")


def _looks_like_name(token: str, strict: bool = True) -> bool:
    """Return True if `token` is shaped like a coined name (CamelCase, ACRONYM, digits)."""
    if token in _NOT_NAMES or len(token) < 2 or not re.search(r"[A-Za-z]", token):
        return False
    if re.fullmatch(r"\d+[A-Za-z]?|[A-Z]\d*|\d+(?:\.\d+)?[kKmMbB%x]?", token):  # "3D", "2", "7B"
        return False
    upper = sum(c.isupper() for c in token)
    glued = re.match(r"([a-z]{2,})[A-Z]", token)
    if glued and common_word(glued.group(1), _FUNCTION_WORD_ZIPF):
        return False  # a lost space: "withO(N log n)", "andBERT"
    if upper >= 2 or (upper >= 1 and not token[0].isupper()):
        # "Semantic-Aware" is two capitalised words joined, not a coined name.
        return not re.fullmatch(r"[A-Z][a-z]+(?:-[A-Z][a-z]+)+", token)
    if upper == 1 and re.search(r"\d", token):
        return True
    if re.fullmatch(r"[^\W\d_]+\d+[^\W\d_]+", token):
        return True  # "node2vec", "π2vec"
    # A single capitalised word ("Llemma") is a name only where the context says so.
    return not strict and token[0].isupper() and token[1:].islower() and len(token) > 2


def _acronym_long_form(short: str, before: str) -> str:
    """Return the words just before `(short)` that it abbreviates (Schwartz & Hearst), or ""."""
    letters = re.sub(r"[^A-Za-z0-9]", "", short)
    if not (2 <= len(letters) <= 12) or not letters[0].isalpha():
        return ""
    # "a novel measure—Meta-Distribution Energy (MDE)": an unspaced dash parts two words as a space does.
    words = re.sub(r"(?<=\w)[—–](?=\w)", " — ", before).split()
    capitals = _capital_long_form(letters, words)
    if capitals:
        return capitals
    window = words[-min(len(letters) + 5, len(letters) * 2):]
    cand = " ".join(window)
    s, l = len(letters) - 1, len(cand) - 1
    sl = letters.lower()
    low = cand.lower()
    while s >= 0:
        c = sl[s]
        # The first letter of the short form must start a word of the long form.
        while l >= 0 and (low[l] != c or (s == 0 and l > 0 and low[l - 1].isalnum())):
            l -= 1
        if l < 0:
            return ""
        l -= 1
        s -= 1
    start = cand.rfind(" ", 0, l + 1) + 1
    long_form = cand[start:].strip(" ,:;*\"'“”")
    if len(long_form) <= len(short):
        return ""
    return long_form


#: Words a short form writes as the digit they sound like.
_DIGIT_WORDS = {"to": "2", "two": "2", "for": "4", "four": "4"}


def _capital_long_form(letters: str, words: list[str]) -> str:
    """Return the shortest run of words ending `words` whose capitals spell `letters` ("Music undERstanding ... Training")."""
    want = letters.upper()
    if sum(c.isupper() for c in letters) < 2:
        return ""  # "DoLa", "fairret": the letters are not the capitals of the long form
    caps = ""
    for i in range(len(words) - 1, max(-1, len(words) - 3 * len(letters) - 1), -1):
        # A digit of the short form may be a word that sounds like it ("Recall to Imagine (R2I)", "Seq2Seq").
        sound = _DIGIT_WORDS.get(words[i].lower(), "")
        caps = (sound if sound and want[-len(caps) - 1:len(want) - len(caps)] == sound
                else "".join(c for c in words[i] if c.isupper() or c.isdigit())) + caps
        if caps == want:
            long_form = " ".join(words[i:]).strip(" ,:;*\"'“”")
            return long_form if words[i][:1].isupper() and len(words) - i >= 2 else ""
        if not want.endswith(caps):
            return ""
    return ""


#: The paper's own noun phrase right before a bracket: what the bracket holds is its name, not a term's short form.
_OWN_BEFORE = re.compile(r"\b(?:[Oo]ur|[Tt]he proposed)\s+(?:[\w-]+\s+){0,8}?[\w-]+\s*$")


# Cached: every candidate asks about its name, and "our method (AB) …" repeats one name thousands of times.
@lru_cache(maxsize=4096)
def _is_term_abbreviation(name: str, text: str, sentence_case: bool = False) -> bool:
    """Return True if the abstract defines `name` as short for a lower-case term ("sequential Monte Carlo (SMC)")."""
    # With `sentence_case`, any term not written as a Title Case name counts too ("Bayesian optimization (BO)").
    if f"({name}" not in text and f"( {name}" not in text:
        return False
    for start, _ in bracketed(name, text):
        if _OWN_BEFORE.search(text, max(0, start - 120), start):
            continue  # "our approach (R-MAE)", "our proposed ... branch (AutoLoRa)": the paper names its own
        long_form = _acronym_long_form(name, text[max(0, start - 200):start])
        lower = long_form[:1].islower() or sentence_case and _lower_case_term(long_form)
        if long_form and lower and _initials_cover(name, long_form):
            return True
    return False


def _lower_case_term(long_form: str) -> bool:
    """Return whether `long_form` is written as a term ("Bayesian optimization"), not a name ("Neural Common Neighbor")."""
    words = [w for w in re.split(r"[\s-]+", long_form) if w[:1].isalpha() and w.lower() not in _LINK_WORDS]
    return bool(words) and (words[0][:1].islower() or any(w[:1].islower() for w in words[1:]))


#: Words a Title Case name leaves in lower case ("Decoding by Contrasting Layers", "Mixture of Shards").
_LINK_WORDS = frozenset("a an the of for and or in on by with to via from at as".split())


@lru_cache(maxsize=4096)  # as _is_term_abbreviation: a name's count is asked once per candidate
def _count_word(word: str, text: str) -> int:
    """Return how often `word` occurs in `text` as a whole token (a string scan: names vary, regexes would recompile)."""
    count, start = 0, text.find(word)
    while start >= 0:
        end = start + len(word)
        before = text[start - 1] if start else " "
        after = text[end] if end < len(text) else " "
        if not (before.isalnum() or before in "_-") and not (after.isalnum() or after in "_-"):
            count += 1
        start = text.find(word, end)
    return count


def _initials_cover(name: str, long_form: str) -> bool:
    """Return True if the long form's word initials spell at least half of the acronym's letters, or it is one word
    much longer than the acronym."""
    words = [w for w in re.split(r"[\s-]+", long_form.lower()) if w]
    letters = re.sub(r"[^a-z0-9]", "", name.lower())
    if len(words) == 1:
        # "magnetoencephalography (MEG)": one long word whose parts the letters spell (their order is checked).
        return len(words[0]) >= 2 * len(letters)
    initials = "".join(w[0] for w in words)
    return sum(1 for c in letters if c in initials) * 2 >= len(letters)
