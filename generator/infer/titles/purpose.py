"""What a named method is for, read from the words that introduce it: the title's "for <task>" part.

"Consistency-guided Prompt learning (CoPrompt), a new fine-tuning method for vision-language models":
real titles pair the name's long form with the task its apposition states, which says more about the
paper than the field its first sentence opens with. A long purpose is left out rather than cut: cut ones
("for reconstructing a 3D object") and "to <verb>" purposes ("for optimizing the efficiency") scored lower
than the name's long form alone on the dev corpus.
"""

from __future__ import annotations

import re

from generator.infer.titles.coined import _Name
from generator.infer.titles.fragments import problem
from generator.infer.titles.tidy import _clean_phrase
from generator.text import everyday_word

_NOT_OBJECT = r"(?!(?:the\s+)?(?:first|example|instance|each|every|all|any|this|these|those|it|them|both)\b)"
#: The apposition after a name, up to its first "for": "(NAME), a new fine-tuning method for ...", where no clause
#: or means stands between ("a framework that is based on a novel design [for the model prior]": the design's).
_FOR = re.compile(rf"^(?:(?!\b(?:that|which|based)\b)[^.;:]){{0,90}}?\bfor\s+{_NOT_OBJECT}(.+)")
#: ... or the problem an approach is "to": "a scalable approach to this data selection problem".
_TO_PROBLEM = re.compile(r"^(?:(?!\b(?:that|which|based)\b)[^.;:]){0,90}?\b(?:approach|solution)\s+to\s+(?:th(?:e|is)\s+)?"
                         r"((?:[\w-]+\s+){1,4}?)(?:problem|task)\b")
#: What a "for" says nothing specific with ("for various purposes", "for better performance").
_VAGUE = re.compile(r"^(?:various|different|many|multiple|several|diverse|downstream|such|other|more|better|improved"
                    r"|efficient|effective|free|both|general|arbitrary|any|all)\b", re.I)
#: A purpose that names where the task lies before the task itself.
_DOMAIN_OF = re.compile(r"^(?:the\s+)?(?:domain|field|area)\s+of\s+(?=\S)", re.I)
#: A means or manner after the task a "for" names ("... with only one forward pass", "... using text prompts").
_MEANS_AFTER = re.compile(r"\s+(?:without|using|via|by|through|with\s+(?:only|just|no|an?|the))\s+")
#: Longest purpose kept: a title's "for" part is a few words.
PURPOSE_WORDS = 6


def purpose(found: _Name) -> str:
    """Return the task the name's introduction says it is for ("vision-language models"), or ""."""
    after = re.sub(r"^\s*\([^()]*\)", "", found.after)
    m = _FOR.match(after) or _TO_PROBLEM.match(after)
    if not m:
        return ""
    # "for sets rather than for single examples": a comparison is no task.
    phrase = _clean_phrase(re.split(r",|\s(?:rather\s+)?than\b|\sinstead\s+of\b", m.group(1), maxsplit=1)[0], 60)
    phrase = _DOMAIN_OF.sub("", phrase)  # "for the domain of malware detection": the task is the domain's name
    # "for gradient estimation with only one forward propagation": how it does the task follows the task.
    phrase = _MEANS_AFTER.split(phrase, maxsplit=1)[0]
    words = phrase.split()
    if not words or len(words) > PURPOSE_WORDS or _VAGUE.match(phrase) or problem(phrase):
        return ""
    if len(words) == 1 and words[0].islower() and everyday_word(words[0]):
        return ""  # "for networks", "for solver": a one-word everyday purpose names no task
    return phrase
