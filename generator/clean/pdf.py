"""Undo what PDF text extraction does to prose: words hyphenated at line breaks, sentences glued together.

Both repairs are judged from the abstract's own words and short lists of English compound halves and
abbreviations, so "at- tention" joins but "data- driven" and "pre- and post-training" stay hyphenated.
"""

from __future__ import annotations

import re

# Words before which a trailing hyphen is a suspended compound ("pre- and post-training").
_SUSPENSION = {"and", "or", "nor", "to", "vs", "versus", "as", "but", "with", "through"}
# First halves that make real compounds: "multi- view" is "multi-view", not "multiview".
_PREFIXES = {
    "multi", "self", "non", "cross", "semi", "pre", "post", "co", "anti", "inter", "intra", "sub", "over",
    "under", "well", "high", "low", "large", "small", "long", "short", "real", "end", "task", "zero",
    "few", "one", "two", "three", "four", "five", "ten", "fine", "coarse", "state", "data", "model", "time",
    "domain", "class", "object", "sample", "token", "user", "open", "closed", "black", "white", "out",
    "top", "bottom", "first", "second", "third", "single", "double", "dual", "bi", "tri", "quasi",
    "pseudo", "meta", "hyper", "ultra", "mid", "near", "far", "full", "half", "all", "human", "text",
    "image", "video", "graph", "node", "edge", "rule", "knowledge", "language", "reward", "policy",
    "value", "goal", "world", "instance", "category", "feature", "point", "patch", "pixel", "layer",
    "channel", "group", "batch", "word", "sentence", "document", "query", "key", "mixed", "hand",
    "deep", "un", "auto", "mini", "max", "min", "least", "most", "best", "worst", "tree",
    "off", "on", "in", "up", "down", "back", "hard", "soft", "hybrid", "context", "search",
}
# Second halves that only occur in compounds ("data- driven", "human- readable").
_HEADS = {
    "based", "level", "wise", "like", "free", "aware", "specific", "driven", "scale", "dimensional",
    "grained", "agnostic", "independent", "dependent", "shot", "order", "oriented", "invariant",
    "efficient", "readable", "trained", "tuned", "supervised", "guided", "conditioned", "aligned",
    "constrained", "centric", "related", "art", "the", "of", "world", "term", "step", "stage",
    "source", "time", "resolution", "rank", "quality", "intensive", "consuming", "friendly",
    "sensitive", "preserving", "equivariant", "labeled", "annotated", "defined", "generated",
}
_ABBREVIATIONS = {
    "al", "vs", "cf", "eg", "ie", "approx", "resp", "fig", "figs", "eq", "eqs", "sec", "no", "vol", "pp",
    "mr", "mrs", "ms", "dr", "prof", "st", "jr", "inc", "ltd", "co", "ca", "viz", "nb", "ref", "refs",
}


def fix_hyphenation(text: str) -> str:
    """Return text with PDF line-break hyphens removed ("at- tention") but compounds kept."""
    lower = text.lower()
    # Looked up, not searched for, at each hyphen: a search of the whole text per hyphen was quadratic.
    words = set(re.findall(r"\w+", lower))
    seen: dict[str, bool] = {}

    def fix(m: re.Match[str]) -> str:
        left, right = m.group(1), m.group(2)
        # The text is collapsed (single spaces), so the suspension "x- and " ends within the last 16 characters.
        if right in _SUSPENSION or _SUSPENDED.search(text, max(0, m.start() - 16), m.start()):
            return m.group(0)  # "pre- and post-training", "state- and action- spaces"
        joined, hyphened = (left + right).lower(), f"{left}-{right}".lower()
        if hyphened not in seen:
            seen[hyphened] = hyphened in lower
        if seen[hyphened]:
            return f"{left}-{right}"
        if joined in words:
            return left + right
        if left.lower() in _PREFIXES or right in _HEADS or not left.isalpha() or left[1:] != left[1:].lower():
            return f"{left}-{right}"
        return left + right

    return re.sub(r"(?<![\w-])(\w+)- ([a-z]+)\b", fix, text)


_SUSPENDED = re.compile(r"-\s+(?:and|or|nor|to|vs\.?|versus)\s+$")


def fix_glued_sentences(text: str) -> str:
    """Return text with a space after sentence ends that lost it ("LLMs.To overcome")."""

    def fix(m: re.Match[str]) -> str:
        token, stop, right = m.group(1), m.group(2), m.group(3)
        core = token.strip("()[]\"'*_")
        if (len(core) < 2 or not re.fullmatch(r"[\w-]+", core) or core.lower() in _ABBREVIATIONS
                or not (core.islower() or re.fullmatch(r"[A-Z][a-z]+", right) or core.isdigit())):
            return m.group(0)
        return f"{token}{stop} {right}"

    # Only a sentence end with a capital right after it can match: most texts have none.
    if not _GLUED_HINT.search(text):
        return text
    return re.sub(r"(?<!\S)([^\s.!?]+)([.!?])([A-Z][A-Za-z]*)(?![\w.@/])", fix, text)


_GLUED_HINT = re.compile(r"[.!?][A-Z]")
