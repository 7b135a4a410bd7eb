"""Tokens of tag inference: sentences, word tokens and what a candidate phrase asks of each word.

Shared by candidate extraction and acronym finding; each distinct token's facts are computed once.
"""

from __future__ import annotations

import re
from functools import lru_cache

from generator.infer.tags.words import BAD_HEAD, LY_NOUNS, STOP
from generator.text import fold_key

# A word may hold hyphens, apostrophes and inner dots after a short part ("GPT-3.5", "non-i.i.d."), but not
# "models.The"; its last dot too when the sentence goes on ("non-i.i.d. data"). A group name such as "SE(3)"
# or "O(n)" is one token, so it is never read as the acronym "SE", and so is "TCP/IP" (its "IP" is no integer
# programming). Letters are any script's ("Schrödinger").
_TOKEN = re.compile(r"[A-Z][A-Za-z]{0,3}\([0-9n]{1,2}\)(?:-[A-Za-z0-9]+)*"
                    r"|(?<![\w/])[A-Z]{2,4}(?:/[A-Z]{2,4})+(?![\w/])"
                    r"|[^\W\d_][^\W_]*(?:[-'][^\W_]+|(?<![^\W_]{4})\.[^\W_]+)*"
                    r"(?:(?<=\.[^\W_])\.(?=\s+[a-z]))?"
                    r"|\d+(?:[.,]\d+)*[A-Za-z]*|\S")
# Contractions ("don't", "we're") are function words.
_CONTRACTION = re.compile(r"(?:n't|'re|'ve|'ll|'d|'m)$")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9(\"'])")


def sentences(text: str) -> list[str]:
    """Split plain text into sentences."""
    return [s for s in _SENTENCE_END.split(text.strip()) if s]


def tokens(sentence: str) -> list[str]:
    """Split a sentence into word, number and symbol tokens (possessive 's dropped)."""
    found = _TOKEN.findall(sentence)
    if "'" not in sentence and "’" not in sentence:  # most sentences: no possessive to drop
        return found
    return [tok[:-2] if tok.endswith("'s") or tok.endswith("’s") else tok for tok in found]


def surface(words: list[str]) -> str:
    """Return the display form of a phrase: lowercase except acronyms and names with inner capitals."""
    return " ".join(surface_word(t) for t in words)


@lru_cache(maxsize=65536)
def surface_word(token: str) -> str:
    """Return the display form of one word of a phrase."""
    # "GPT-4", "ImageNet", "ViT" keep their case; "Multi-Layer" and sentence-initial words do not.
    inner_caps = any(c.isupper() for part in token.split("-") for c in part[1:])
    return token if inner_caps else token.lower()


@lru_cache(maxsize=65536)
def is_stop(token: str) -> bool:
    """Return whether a token ends a candidate run (function word, verb, adverb, number, symbol)."""
    low = token.lower()
    if not low[0].isalpha():
        return True
    if low in STOP or _CONTRACTION.search(low):
        return True
    # Adverbs ("significantly", "jointly") carry no topic.
    if low.endswith("ly") and len(low) > 4 and low not in LY_NOUNS and "-" not in low:
        return True
    return len(low) < 2


@lru_cache(maxsize=65536)
def bad_head(token: str) -> bool:
    """Return whether a token cannot end a tag (generic noun, participle, adjective)."""
    low = token.lower()
    key = fold_key(low)
    if key in BAD_HEAD or low in BAD_HEAD:
        return True
    last = key.split()[-1] if key else ""
    return last.endswith("ed") or last in BAD_HEAD


def acronym_stem(token: str) -> str:
    """Return an acronym without its plural `s` ("LLMs" -> "LLM"); other tokens unchanged."""
    return token[:-1] if len(token) > 2 and token.endswith("s") and token[-2].isupper() else token


def inner_capital(token: str) -> bool:
    """Return whether a token has a capital after its first letter."""
    rest = token[1:]
    return rest != rest.lower() if rest.isascii() else any(c.isupper() for c in rest)
