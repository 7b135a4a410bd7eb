"""The search rules that `papersite search` applies; workers/search-rules.js applies the same ones in the browser.

Kept apart from search.py so the rules read as one list: what counts as an empty query, which words are retried
with edit distance 1, which names count as an exact match, the ranking tiers, and the snippet around a match.
"""

from __future__ import annotations

import re

#: Words shorter than this are not retried with edit distance 1: too many short words are one edit apart.
FUZZY_MIN_LETTERS = 5
#: A title's part before its colon counts as the paper's method name when it has at most this many words.
METHOD_MAX_WORDS = 3

#: A shorter block is a topic or tag line, shown whole.
SENTENCE_BLOCK = 120
#: A matched sentence shorter than this is shown with the next one.
SHORT_SENTENCE = 160

_WORD = re.compile(r"\w+")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9(\"'])")


def plain_words(query: str) -> list[str]:
    """Return the query's words without Lunr syntax (field names, +, -, ~1, ^2, *); empty for an empty query."""
    return [w for w in _WORD.findall(re.sub(r"\b(title|text|tags):", " ", query)) if not w.isdigit() or len(w) > 1]


def fuzzy_query(query: str, missing: set[str] | None = None) -> str | None:
    """Return the query with edit distance 1 on its words of 5+ letters that matched nothing (all of them when
    `missing` is None), or None if there is no such word."""
    words = plain_words(query)
    retried = [w for w in words if len(w) >= FUZZY_MIN_LETTERS and (missing is None or w.lower() in missing)]
    if not retried:
        return None
    return " ".join(f"{w}~1" if w in retried else w for w in words)


def normalise(text: str) -> str:
    """Return text as lower-case words joined by single spaces (how names are compared)."""
    return " ".join(_WORD.findall(text.lower()))


def exact_names(query: str) -> str:
    """Return the normalised query, as compared with titles and method names."""
    return normalise(query)


def method_name(title: str) -> str:
    """Return the method name a title starts with ("CREIMBO: Cross-..." gives "creimbo"), or ""."""
    head, colon, _ = title.partition(":")
    name = normalise(head)
    return name if colon and 0 < len(name.split()) <= METHOD_MAX_WORDS else ""


def tier(title: str, query_name: str, all_words: bool) -> int:
    """Return a hit's ranking tier: 0 its title or method name is the query, 1 it matches every word, 2 the rest."""
    if query_name and query_name in (normalise(title), method_name(title)):
        return 0
    return 1 if all_words else 2


def snippet(text: str, words: set[str], marker: str = "**") -> str:
    """Return the sentence or two around the first matched word, matched words between markers.

    The longest matching block (a line of `text`; a paper's abstract when the word is in it) is used, as the
    browser's snippets do; a short one (a topic or tag line) only when nothing longer matches.
    """
    lowered = {w.lower() for w in words}
    has_match = [b for b in (" ".join(line.split()) for line in text.splitlines()) if _matches(b, lowered)]
    if not has_match:
        return ""
    longest = max(has_match, key=len)  # a paper's abstract when the word is in it (the first of equals)
    block = longest if len(longest) >= SENTENCE_BLOCK else has_match[0]
    sentences = _SENTENCE_END.split(block)
    i = next(i for i, sentence in enumerate(sentences) if _matches(sentence, lowered))
    chosen = sentences[i:i + 2] if len(sentences[i]) < SHORT_SENTENCE else sentences[i:i + 1]
    out = _WORD.sub(lambda m: f"{marker}{m[0]}{marker}" if m[0].lower() in lowered else m[0], " ".join(chosen))
    return ("… " if i else "") + out + (" …" if i + len(chosen) < len(sentences) else "")


def _matches(text: str, lowered: set[str]) -> bool:
    """Return True if a word of text is one of the (lower-case) matched words."""
    return any(w.lower() in lowered for w in _WORD.findall(text))
