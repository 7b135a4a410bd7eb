"""What a paper is about: the sentences of an abstract that state its contribution, and those that aside.

A phrase named once, in a sentence after the first that names others' work, an example or a contrast ("unlike
traditional approaches like RLHF, ...") and does not say what the paper does ("we propose ...", "this paper
studies ..."), is a passing mention: a baseline or an application named by the way. Scoring (score.py) weighs
such mentions less; candidates.py counts each phrase's mentions in such asides as it extracts them.
"""

from __future__ import annotations

import re


# The paper speaking of itself, then (within a few words) a verb of contribution: "we propose", "in this work,
# we first introduce", "this paper studies", "our method builds on". General English, no field's words.
_CONTRIBUTION = re.compile(
    r"\b(?:we|this (?:paper|work|study|article)|our (?:paper|work|study|method|approach|framework|model))\b"
    r"(?:\W+\w+){0,4}?\W+"
    r"(?:propos|introduc|present|develop|design|stud|investigat|explor|examin|formulat|devis|construct|build"
    r"|creat|offer|establish|analy[sz]|address|tackl|focus|consider|revisit|aim|seek|leverag|apply|appl(?:y|ies)"
    r"|extend|learn|train|use|employ|exploit|combin|derive|generaliz|reformulat|cast|frame|model|call|dub|name|term)",
    re.IGNORECASE)


# Words of a clause naming others' work, an example or a contrast: "traditional approaches like RLHF", "unlike
# X", "such as", "compared to", "rather than", "instead of", "in contrast to", "e.g.".
ASIDE_WORDS = frozenset("""
such like unlike including compared contrast than instead beyond traditional existing previous prior conventional
classical without besides other e.g e.g.
""".split())
# The aside words that introduce an example or a contrast: a phrase after one is named by the way even in a
# sentence that states the contribution ("our method generalizes to architectures such as CNNs").
EXAMPLE_WORDS = frozenset("such like unlike including e.g e.g. than instead compared".split())
# Words by which a paper speaks of itself ("we", "our method", "this paper"): only then can a sentence state its
# contribution.
SELF_WORDS = frozenset(("we", "our", "this"))


def states_contribution(sentence: str) -> bool:
    """Return whether a sentence says what the paper itself does ("we propose ...", "this paper studies ...")."""
    return _CONTRIBUTION.search(sentence) is not None
