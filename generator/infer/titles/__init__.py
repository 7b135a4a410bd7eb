"""Infer a paper title and the name of the method an abstract introduces.

Input is the normalised Markdown abstract; output is plain text. Everything here is
regex rules about how abstracts announce their contribution ("we propose X, a ...",
"called X", "Long Form (ACRONYM)", bold-lettered acronyms, the project's code link), so it
is fast, deterministic and corpus-agnostic. An unnamed paper's title is its contribution
phrase plus the field its first sentence opens with ("... for graph neural networks"),
because real titles pair what was done with where. The modules follow the title's making:
`plain` (text and sentences), `names` (with `finders`, `markup`, `coined`, `lexicon`),
`phrases` (contribution and field) and `tidy` (cleaning and cutting).
"""

from __future__ import annotations

import re

from generator.infer.titles.lexicon import _HEAD_RE
from generator.infer.titles.names import _name_of, _subject_name, method_name
from generator.infer.titles.phrases import (
    TOPIC_WORDS,
    _contribution,
    _description,
    _expansion_after,
    _first_sentence_phrase,
    _topic,
    _with_topic,
)
from generator.infer.titles.plain import plain_text, split_sentences
from generator.infer.titles.tidy import MAX_TITLE, SOFT_LIMIT, _cut_words, _finish, _tidy_end

__all__ = ["MAX_TITLE", "SOFT_LIMIT", "TOPIC_WORDS", "infer_title", "method_name", "plain_text", "split_sentences"]


def infer_title(abstract_md: str) -> str:
    """Return a plain-text title (≤ 100 chars) for an abstract that has none."""
    text = plain_text(abstract_md)
    # A name only used, never formally introduced, is good enough for a title but too weak for method_name.
    found = _name_of(abstract_md) or _subject_name(text)
    if not found:
        phrase = _contribution(text)
        if phrase:
            return _finish(_with_topic(phrase, text, MAX_TITLE))
        # No sentence announces a contribution: the field the abstract opens with is a cleaner title
        # than a clause cut from its first sentence.
        topic = _topic(text)
        return _finish(topic if len(topic.split()) >= 2 else _first_sentence_phrase(text))
    room = MAX_TITLE - len(found.name) - 2
    long_form = _tidy_end(found.long_form) or _expansion_after(found)
    if long_form and len(long_form.split()) >= 2:
        head = re.match(rf"\s*({_HEAD_RE})\b", found.after)
        if head and not long_form.lower().endswith(head.group(1)):
            long_form += " " + head.group(1)  # "the Generalized Forward-Inverse (GFI) framework"
        desc = _with_topic(_tidy_end(_cut_words(re.sub(r"\s*\([^()]*\)", "", long_form), room)), text, room)
    else:
        desc = _description(found, text)
        desc = _with_topic(desc, text, room) if desc else long_form or _topic(text) or _first_sentence_phrase(text)
    desc = _cut_words(desc, room)
    return _finish(f"{found.name}: {desc[:1].upper() + desc[1:]}")
