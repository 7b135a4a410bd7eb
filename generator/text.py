"""Text primitives every stage shares: ASCII folding, slugs and the folding key of a phrase."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_PUNCT = re.compile(r"[^\w\s]|_")
_SLUG_WORD = re.compile(r"[a-z0-9]+")


def ascii_fold(text: str) -> str:
    """Return text with accents stripped and other non-ASCII characters dropped."""
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")


def slugify(text: str, max_words: int | None, max_chars: int) -> str:
    """Return a lowercase ASCII slug of `text` (letters, digits, single hyphens), possibly empty."""
    slug = "-".join(_SLUG_WORD.findall(ascii_fold(text).lower())[:max_words])
    if len(slug) > max_chars:
        slug = slug[:max_chars].rsplit("-", 1)[0]
    return slug


def naive_singular(word: str) -> str:
    """Drop a plural `s` the naive way ("models" -> "model", but "loss", "gas" stay)."""
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


@lru_cache(maxsize=65536)
def fold_key(phrase: str) -> str:
    """Return the folding key of a phrase: lowercase ASCII, punctuation as spaces, naive singulars.

    Phrases with one key are one tag ("LLMs", "LLM"), and the vocabulary's names are matched by it.
    """
    words = _PUNCT.sub(" ", ascii_fold(phrase).lower()).split()
    return " ".join(naive_singular(w) for w in words)
