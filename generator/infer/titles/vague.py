"""What a reader calls vague in a title: a bare few words of everyday English, or a purpose that names nothing.

"Popular approach", "Memory consumption" or "Imitation learning" alone say no more than the field; "... to tackle
the challenges" or "... to enhance various components" add words without a task. A bare title gets the term the
abstract keeps naming ("Foundation models for imitation learning"); a vague purpose clause is cut. The nouns are
general English words of a problem statement, not a corpus's vocabulary.
"""

from __future__ import annotations

import re

from wordfreq import zipf_frequency

from generator.infer.titles.fragments import problem
from generator.text import naive_singular

#: A title this short that holds no name says no more than a field.
BARE_WORDS = 3
#: Words at least this common in English (wordfreq zipf) are everyday: a title of them alone names nothing.
EVERYDAY_ZIPF = 4.0
#: The nouns of a problem statement: what a purpose "to <verb> ..." names when it names no task.
_VAGUE_NOUNS = frozenset("""challenge challenges issue issues problem problems limitation limitations component
components performance aspect aspects task tasks goal goals need needs difficulty difficulties shortcoming
shortcomings drawback drawbacks gap gaps quality efficiency effectiveness result results capability capabilities
ability abilities characteristic characteristics purpose purposes concern concerns setting settings scenario
scenarios application applications way ways situation situations""".split())
#: What may stand before a vague noun in such a purpose ("the", "these", "various", "existing").
_VAGUE_LEAD = frozenset("""the a an these this those its their such various different several many multiple both
all existing above current aforementioned key main major overall general specific""".split())
_PURPOSE_END = re.compile(r"\s+(?:in order\s+)?to\s+(?:[a-z]+ly\s+)?[a-z]{3,}((?:\s+[\w-]+){1,4})$")
_NAME_TOKEN = re.compile(r"[A-Z].*[A-Z]|\d|[a-z][A-Z]")


def cut_vague_purpose(title: str) -> str:
    """Return `title` without a closing "to <verb> <vague object>" ("... to tackle the challenges"), if one ends it."""
    m = _PURPOSE_END.search(title)
    if not m or len(title[:m.start()].split()) < 3:
        return title
    words = [w.lower() for w in m.group(1).split()]
    if words[-1] not in _VAGUE_NOUNS or not all(w in _VAGUE_LEAD or w in _VAGUE_NOUNS for w in words[:-1]):
        return title
    rest = title[:m.start()].rstrip(" ,")
    return rest if not problem(rest.split(": ", 1)[-1]) else title


#: A head that names no artifact ("causal concept for X"), or a generic head whose "with" adds a part, not what it is
#: for ("method with evolving networks"): the description says no more than that the paper has a method.
_VAGUE_HEAD = re.compile(r"^(?:[\w-]+\s+)?(?:concept|idea|notion|thing)s?\s+(?:for|of|on|in|to|with)\b"
                         r"|^(?:method|approach|framework|model|technique|algorithm|system|scheme|solution)s?\s+with\b", re.I)


#: Heads of what a paper set out from or offers in general, not what it found: "Open question regarding X",
#: "Additional evidence for X", "Approach on top of X".
_MOTIVE_HEADS = _VAGUE_NOUNS | frozenset("evidence question questions approach approaches".split())
_HEAD_END = re.compile(r"\s(?:of|for|in|on|to|with|regarding|about|from|by|via|under|towards?)\s|$")


def motive_headed(title: str) -> bool:
    """Return whether `title`'s head says only what the paper set out from ("Problem of speech separation")."""
    # The head is the last word before the first preposition ("Challenging multi-agent cooperation problems").
    head = title[:_HEAD_END.search(title).start()].split()
    return bool(head) and ":" not in title and len(head) <= 4 and head[-1].lower() in _MOTIVE_HEADS


#: Plural heads of what a field works with ("large language models"): a title of them and a verb names only the field.
_FIELD_PLURALS = frozenset("models networks methods systems algorithms datasets architectures".split())


def field_only(title: str) -> bool:
    """Return whether `title` is a few words ending on what a field works with ("Optimizing large language models")."""
    words = title.split()
    return (len(words) <= BARE_WORDS + 1 and ":" not in title and words[-1].lower() in _FIELD_PLURALS
            and not any(_NAME_TOKEN.search(w) for w in words) and _HEAD_END.search(title).start() == len(title))


def vague_head(phrase: str) -> bool:
    """Return whether `phrase` is headed by a word that says nothing about what the paper made (`_VAGUE_HEAD`)."""
    return _VAGUE_HEAD.match(phrase) is not None


def bare(title: str) -> bool:
    """Return whether `title` is a few words with no name ("Imitation learning", "Popular approach")."""
    words = title.split()
    return len(words) <= BARE_WORDS and ":" not in title and not any(_NAME_TOKEN.search(w) for w in words)


def everyday(title: str) -> bool:
    """Return whether every word of `title` is everyday English ("Popular approach", "Memory consumption")."""
    if "-" in title:
        return False  # "Heavy-ball momentum": a compound of everyday words is a term
    words = re.findall(r"[A-Za-z]+", title.lower())
    return bool(words) and all(zipf_frequency(naive_singular(w), "en") >= EVERYDAY_ZIPF for w in words)
