"""Judging a candidate title as a reader would: a fragment, a clause or a pointer back is no title.

A title is a complete noun phrase about the paper, so a candidate that opens with a subordinator or a
pronoun, carries a finite verb, points back at a sentence the reader never sees ("these challenges") or
ends on a loose word is repaired where a cut gives a complete phrase, and rejected otherwise, so
`infer_title` falls back to its next candidate. The word lists are general English, not corpus-fitted.
"""

from __future__ import annotations

import re
from functools import lru_cache

_PREPOSITIONS = frozenset("""of in on for with to from by at as into via through over under between among across
against toward towards without within about than like upon onto per despite versus around along after before
during until behind beyond up down out off using based""".split())
_DETERMINERS = frozenset("a an the this these those that its their our his her each every some any such no another whose".split())
_CONJUNCTIONS = frozenset("and or but nor so yet while whereas although though because if when whether unless where which".split())
#: Finite verbs of a clause: a title that holds one was cut from a sentence.
_AUXILIARIES = frozenset("is are was were am has have had do does did can could may might must shall should will would".split())
_PRONOUNS = frozenset("we it they them us he she i one".split())
#: The verbs and adverbs an abstract's sentences turn on after their subject ("X relies on", "X often fails").
_CLAUSE_WORDS = frozenset("""remains plays shows suffers relies requires aims enables allows achieves struggles faces
exhibits involves poses depends becomes lacks seeks tends demonstrates produces outperforms yields exploits
combines summarizes differs possess agrees suggests offer offers rely often commonly typically usually generally
increasingly predominantly widely heavily recently posits argues assumes asserts hypothesizes implies indicates
reveals corresponds focuses refers consists contains describes explains helps makes takes gives serves conveys
highlights promotes fails provides remain play show demonstrate suggest reveal indicate confirm validate illustrate
outperform achieve enable allow require exhibit excels generalizes lies draws leads stems emerges emerge arises arise
occurs occur persists persist improves increases decreases reduces enhances suffer""".split())
#: Adverbs of how well something is done ("perform fast", "generalize well").
_HOW_WELL = frozenset("fast faster well better quickly poorly".split())
#: Verbs of a result ("methods improve ...") that, after a plural subject, make a phrase a clause.
_RESULT_VERBS = frozenset("improve increase decrease reduce enhance boost hurt degrade".split())
#: Subordinators inside a phrase open a clause ("language models, though not explicitly trained").
_SUBORDINATORS = frozenset("""though although whereas because unless since where whereby wherein whose when whenever not
therefore thus hence thereby""".split())
#: Verbs of a claim: "prove that", "show that" inside a phrase are a clause.
_CLAIMS = frozenset("prove show find demonstrate argue observe establish note verify".split())
#: The authors' verbs in their base form: after "and" one continues their sentence ("X and propose Y", "X and find").
_AUTHOR_VERBS = _CLAIMS | frozenset("""propose introduce develop design explain evaluate analyze analyse study
investigate apply compare achieve conduct provide release construct derive obtain""".split())
#: Discourse openings: a sentence's link to the one before, never a title's start.
_DISCOURSE = re.compile(r"^(?:on the other hand|on the one hand|in (?:addition|contrast|particular|practice|summary|short"
                        r"|general|fact|this|doing so)|as a result|for (?:example|instance)|to this end|at the same time"
                        r"|in (?:a|an|the|recent|many|most|real-world)|one of|given|by|extensive experiments|experiments|findings"
                        r"|(?:empirical|experimental|numerical) (?:findings|results|evaluations?|studies|experiments)|natural question"
                        r"|compared|unlike|besides|thereby|consequently|outperforming|surpassing"
                        r"|one (?:[\w-]+ )?(?:aspect|way|reason|cause|challenge|issue|problem|limitation|question))\b")
_RELATIVES = frozenset("that which who".split())
#: Words after which a word in -s is a verb, not a plural noun ("conveys more", "frames program synthesis as").
_OBJECT_STARTS = frozenset("a an the its their his her more less whether how what this these those them it".split())
_LOOSE_END = (_PREPOSITIONS | _DETERMINERS | _CONJUNCTIONS | _AUXILIARIES | _PRONOUNS
              | frozenset("""also then thus very not only even rather further especially respectively both more most
              almost nearly just quite""".split())
              # Adjectives that need a complement ("suitable [for]", "capable [of]").
              | frozenset("suitable able capable comparable similar due prone akin equivalent applicable devoid".split())
              # Words that govern the preposition after them ("focusing [on]", "resulting [in]", "owing [to]").
              | frozenset("""according thanks owing focusing relying depending resulting consisting
              leading pertaining belonging corresponding referring contributing aiming stemming arising""".split())
              # Adverbs of a sentence's course and adjectives that need their noun ("and instead", "a simple").
              | frozenset("instead however therefore too simple rich novel new different various certain".split())
              | frozenset("who whom what here w.r.t wrt i.e e.g etc vast large small huge massive".split()))
#: Openings of a sentence or clause, never of a title.
_OPENERS = (_CONJUNCTIONS | _PRONOUNS | _AUXILIARIES | frozenset(
    """although though since unless whenever once however moreover furthermore additionally therefore hence here
    there this these those that such its their our how what why who to despite given as instead even not
    nevertheless nonetheless indeed another finally first second specifically due following like each every either neither rather
    much comprising consisting containing resulting resultant called termed dubbed up down out off
    for existing previous conventional traditional standard vanilla typical two three four five six seven eight nine ten several many
    various numerous in with particularly notably especially recent then into of from at upon onto via per than through
    """.split())) - {"one"}  # "One for All (OFA)"
#: After "prior", the nouns of others' work ("prior work", "prior methods") or "to": "prior" is then no Bayesian prior.
_PRIOR_WORK_NOUNS = frozenset("""to work works art arts method methods approach approaches study studies research
literature effort efforts attempt attempts solution solutions technique techniques""".split())
#: A result measured against others' work: "compared to existing approaches", "than prior methods".
_AGAINST_OTHERS = re.compile(r"\b(?:compared\s+(?:to|with)|than|over)\s+(?:the\s+)?(?:existing|previous|prior|other|current"
                       r"|baseline|competing|conventional|traditional|state-of-the-art)\b(?:\s+[\w-]+)?\s*$", re.I)
#: Verbs that, opening a phrase before its object, make it an instruction or the authors' sentence without "we".
_IMPERATIVES = frozenset("use apply leverage employ exploit propose introduce present develop".split())
#: Claim verbs as their -ing form loses its stem ("proving" -> "prov"): "Proving that ..." opens a sentence's finding.
_CLAIM_STEMS = frozenset("prov show find demonstrat argu observ establish not verify".split())
#: Comparatives of "the higher the X, the more ...": before "the" they open a clause, neither verb nor title.
COMPARATIVES = frozenset("""higher lower larger smaller greater fewer better worse faster slower longer shorter deeper
wider stronger weaker earlier later""".split())
#: A name a sentence gives after a comma (", known as Zipf's law"): a title says what the work is, not what it is called.
_KNOWN_AS = re.compile(r"\w,\s+(?:also\s+)?(?:known|called|termed|referred\s+to|dubbed|named|denoted)\b"
                       # ... or what it goes without, or with (", devoid of constraints", ", capable of ..."), the same
                       r"|\w,\s+(?:free|devoid|regardless|irrespective|independent|capable|aware|reminiscent)\s+of\b")
#: An apposition after a comma (", a crucial facet of ...", ", the replacements of ...").
_APPOSITION = re.compile(r"\w,\s+(an?|the)\s+\S")
#: A title ending on "of the <plural>": which ones, only the abstract says ("Causal explanations of the predictions").
_OF_THE_PLURAL = re.compile(r"\bof\s+the\s+[a-z][a-z-]*[^s\W]s$")
#: Words that point back at something only the abstract says ("these questions", "such models").
_POINTERS = frozenset("this these those such aforementioned above above-mentioned latter former them corresponding respective resultant resulting".split())
#: The abstract's own voice ("our method"): a title names the work, it does not speak as its authors.
_VOICE = frozenset("our ours".split())
#: Nouns that need "of" (or their "that" clause, or "between") after a determiner or preposition ("through the use",
#: "the number", "as a form", "the intuitive idea [that ...]", "analyzing the interaction [between X and Y]").
_COMPLEMENT_NOUNS = frozenset("""lens form kind type sort variety number lack role use means terms top front favor
favour exchange behalf sake spite emergence presence absence ability need part range efficacy effectiveness
importance chain series family mixture combination sequence suite plethora multitude wealth myriad principle notion task amount portion fraction subset superset handful collection
proxy surrogate idea fact extent interaction interplay relationship relation trade-off tradeoff correlation
connection distinction discrepancy difference probability impact influence effect implications consequences
version variant counterpart""".split())
#: Nouns that need their "of" after an indefinite article only: "a broad class [of X]", but "each class".
_CLASS_NOUNS = frozenset("class genus".split())
#: Words in -ed that are no participle, and participles titles end on by idiom ("... Revisited").
_ED_NOT_CUT = frozenset("""need speed seed feed breed bleed greed deed creed weed reed hundred kindred sacred naked
wicked embed bed red revisited reconsidered demystified explained unleashed simplified unified reloaded
reimagined unlocked unveiled untangled rethought""".split())
#: Irregular past participles left dangling ("problems taken [from]").
_IRREGULAR_PARTICIPLES = frozenset("""taken given made done seen known shown built found held drawn grown written chosen
driven proven broken spoken thrown""".split())
#: Adjectives of "it is X to ...": a phrase opening with one and "to" is that sentence's end.
_PREDICATIVE = frozenset("""useful possible important necessary difficult hard easy crucial essential natural common
desirable beneficial challenging impossible""".split())
#: Adjectives of a comparison that open an aside with "to" ("akin to X", "similar to X", "due to X").
_NEEDS_TO = frozenset("akin similar due prone comparable equivalent analogous according close identical".split())
#: Words that, after a comma and before a gerund, go on with the sentence's next step (", before conducting").
_STEP_WORDS = frozenset("before after while when until by thereby".split())
#: Where a phrase may be cut back to the noun phrase before it.
_BOUNDARIES = _PREPOSITIONS | frozenset("that which who where whose and or to while".split())
#: Nouns in -s that are no plural.
_S_NOUNS = frozenset("series species means news lens chaos bias gas corpus".split())
#: Endings of adjectives: after a plural noun, an adjective opens the object of a verb, not more of the phrase.
_ADJECTIVE_ENDS = ("ive", "ous", "ful", "able", "ible")
#: Words in -ly that are nouns or adjectives a title may end on.
_LY_NOT_ADVERBS = frozenset("anomaly assembly monopoly butterfly dragonfly".split())
#: Endings of adverbs: not every word in -ly is one ("homophily", "anomaly").
_ADVERB_ENDS = ("ally", "ently", "antly", "ively", "ously", "fully", "lessly", "edly", "ingly", "ably", "ibly", "arly", "ely")
_DASHES = re.compile(r"[—–]")
#: A reference to other work: "Smith et al.", "Smith and Lee, 2018", "Smith (2018)".
_CITATION = re.compile(r"\bet\s+al\b|\b[A-Z][a-z]+(?:\s+(?:and|&)\s+[A-Z][a-z]+)?(?:,\s+|\s+\()(?:19|20)\d\d[a-z]?\b")
#: "It's", "we're": the pronoun before its verb opens a sentence as the pronoun alone does.
_CONTRACTION = re.compile(r"['’](?:s|re|ve|ll|d|m)$")
_EDGE = re.compile(r"^[^\w$]+|[^\w$]+$")


@lru_cache(maxsize=65536)  # asked twice for every word of every phrase judged
def _bare(word: str) -> str:
    """Return `word` lower-cased without the punctuation around it."""
    return _EDGE.sub("", word).lower()


def _participle(word: str) -> bool:
    """Return whether `word` reads as a past participle left dangling ("designed", "trained")."""
    return len(word) > 4 and word.endswith("ed") and word not in _ED_NOT_CUT and "-" not in word and word.isalpha()


def _adverb(word: str) -> bool:
    """Return whether `word` reads as an adverb in -ly ("automatically"), which ends no noun phrase."""
    return len(word) > 5 and word.endswith(_ADVERB_ENDS) and word.isalpha() and word not in _LY_NOT_ADVERBS


def _verb_s(word: str) -> bool:
    """Return whether `word` can be a verb in -s ("conveys", "improves"), not "loss", "focus" or "analysis"."""
    return len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is", "ics")) and word.isalpha()


#: Words a verb's plain form follows inside a noun phrase or a title ("learning to generalize", "models that
#: generalize", "can optimize"): no subject before it.
_BEFORE_PLAIN_VERB = frozenset("to that which who can may might will would could should must and or not help helps".split())


def _finite_ize(word: str) -> bool:
    """Return whether `word` is a verb by its ending in -ize, -yze or -ify ("regularize", "analyze", "simplify") in its
    plain form: inside a title it follows its subject, as in a sentence."""
    return len(word) >= 6 and word.isalpha() and word.endswith(("ize", "yze", "ify"))


def _word_before_adverbs(lower: list[str], k: int) -> str:
    """Return the word before word k and the adverbs in -ly just before it ("to directly maximize": "to")."""
    k -= 1
    while k > 0 and lower[k].endswith("ly"):
        k -= 1
    return lower[k]


def _plain_verb(word: str) -> bool:
    """Return whether `word` may be a verb in its plain form: a lower-case word no function word nor -ing/-ed/-ly form."""
    return (word.isalpha() and len(word) > 2 and not word.endswith(("ing", "ed", "ly", "s"))
            and word not in _PREPOSITIONS | _CONJUNCTIONS | _DETERMINERS | _AUXILIARIES | _PRONOUNS | _LOOSE_END)


def _aside(phrase: str) -> tuple[int, bool] | None:
    """Return where a sentence's aside starts after a comma in `phrase` (its comma) and whether the phrase before it
    stands alone as a title, or None."""
    if known := _KNOWN_AS.search(phrase):
        return known.start() + 1, True  # "Properties of word lengths, known as Zipf's law": the name is the aside's
    for found in _APPOSITION.finditer(phrase):
        # "Latent intuitive physics, a transfer learning framework": a coined name and what it is, made "Name:
        # Description" later; after a phrase with a preposition ("Property of entity tracking, a crucial facet of
        # ...") or a definite one ("Scalable neural network kernels, the replacements of ..."), an aside.
        before = [_bare(w) for w in phrase[:found.start() + 1].split(":")[-1].split()]
        if found.group(1) == "the" and len(before) >= 3:
            return found.start() + 1, True
        if any(w in _PREPOSITIONS for w in before[1:]):
            # "approach based on magnetoencephalography, a neuroimaging device": what the aside describes is the
            # last noun, and the phrase before it may say little; the abstract has better.
            return found.start() + 1, False
    return None


def _loose_end(words: list[str]) -> bool:
    """Return whether the last of `words` leaves the phrase unfinished."""
    last = _bare(words[-1])
    if not last or last in _LOOSE_END or _participle(last) or last in _IRREGULAR_PARTICIPLES or _adverb(last):
        return True
    if len(words) >= 3 and _bare(words[-2]) in _RELATIVES:
        return True  # "bounds ... that comes": a relative clause cut after its verb
    if _bare_purpose(words):
        return True  # "... exploiting Optimal Transport to align": a purpose cut before its object
    # "for a wide class [of functions]": a class is "a" class of something ("each class", "the minority class" are not).
    if last in _CLASS_NOUNS and any(_bare(w) in ("a", "an") for w in words[-3:-1]):
        return True
    # "the use", "as a form", "into a wide range": a noun that needs "of" after its determiner.
    return last in _COMPLEMENT_NOUNS and any(_bare(w) in (_DETERMINERS | _PREPOSITIONS) for w in words[-3:-1])


def _bare_purpose(words: list[str]) -> bool:
    """Return whether `words` end on "to <verb>" after a noun ("networks exploiting Optimal Transport to align").

    After a gerund or "how" ("Learning to rank", "how to prompt") the verb is what is learnt, a complete title.
    """
    # "... agents to efficiently interact and align [with X]": two verbs, or an adverb, between "to" and the end.
    at = len(words) - 2
    if at >= 2 and _bare(words[at]) in {"and", "or"} and _plain_verb(_bare(words[at - 1])):
        at -= 2
    while at >= 2 and _adverb(_bare(words[at])):
        at -= 1
    if len(words) < 4 or at < 1 or _bare(words[at]) != "to":
        return False
    before, last = _bare(words[at - 1]), _bare(words[-1])
    return (_plain_verb(last) and not last.endswith(_NOUN_ENDS) and before not in {"how", "learn", "learns", "when", "what"}
            and not before.endswith("ing") and before not in _PREPOSITIONS and not words[-1][:1].isupper())


#: Endings of nouns that are no verb, so "to" before one is a preposition ("approach to robustness").
_NOUN_ENDS = ("ity", "tion", "sion", "ness", "ment", "ance", "ence", "ism", "ogy", "ics", "ship", "hood", "ure", "er", "or")


#: Words that count what follows ("eleven Code LLMs", "several benchmarks"); "one" and "single" name a kind too
#: ("one-shot" is one word, "single-cell" as well), "multiple" a field ("multiple instance learning").
_COUNTS = frozenset("""two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen
seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred hundreds thousand thousands
dozens several numerous""".split())


#: An ability put to use, and what has it, ending the phrase: "Leveraging the ability of Contrastive Learning" leaves
#: out what the ability is to do ("Evaluating the abilities of LLMs" needs nothing more).
_USED_ABILITY = re.compile(r"\b(?:[Ll]everag|[Ee]xploit|[Hh]arness|[Uu]s|[Uu]tili[sz]|[Ee]mploy)ing\s+(?:the|its|their)\s+"
                           r"(?:abilit(?:y|ies)|capabilit(?:y|ies))\s+of\s+(?:[\w-]+\s+){0,4}[\w-]+$")


#: A result as the phrase's head, and how it compares: what a method achieved, not what it is.
_RESULT_HEAD = re.compile(r"^(?:[\w-]+\s+){0,2}?(?:results?|performance|accuracy)\s+(?:comparable|similar|superior|"
                          r"competitive|better|close|on par|equal|equivalent)\b", re.I)


@lru_cache(maxsize=4096)  # a phrase is judged again as it is repaired, cut and joined
def problem(phrase: str) -> str | None:
    """Return why `phrase` (a title or the description after a name) is no title, or None."""
    # A dash joins two phrases as a space would ("Benchmark—a Newborn Turing Test—in").
    words = [w for w in _DASHES.sub(" ", phrase).split() if _bare(w)]
    if not words:
        return "empty"
    lower = [_bare(w) for w in words]
    if not re.search(r"[^\W\d_]", words[0]):
        return f"opens with {words[0]!r}"  # "0 of leaving B_r": a formula's remains, no title's first word
    if lower[0] in _OPENERS or (_CONTRACTION.search(lower[0]) and _CONTRACTION.sub("", lower[0]) in _PRONOUNS) or _DISCOURSE.match(" ".join(lower[:4])) or (len(lower[0]) >= 9 and lower[0].endswith("ly") and words[0].endswith(",")):
        return f"opens with {words[0]!r}"
    if len(lower) > 1 and (lower[0] in _COUNTS or re.fullmatch(r"\d[\d,]*", lower[0])):
        return f"opens with a count ({' '.join(words[:2])!r})"  # "Eleven Code LLMs": what was studied, not what was made
    if len(lower) > 1 and lower[0] in COMPARATIVES and lower[1] == "the":
        return f"opens with {' '.join(words[:2])!r}"  # "Higher the kurtosis of ...": "the higher the X, the more"
    if len(lower) > 1 and lower[0].endswith("ing") and _bare(lower[0][:-3]) in _CLAIM_STEMS and lower[1] == "that":
        return f"opens with {' '.join(words[:2])!r}"  # "Proving that, surprisingly, MLE ...": a claim, its finding cut
    if len(lower) > 1 and lower[0] in _NEEDS_TO and lower[1] == "to":
        return f"opens with {' '.join(words[:2])!r}"  # "Akin to human cognition": a sentence's aside, no noun phrase
    if len(lower) > 1 and lower[0] in _PREDICATIVE and lower[1] == "to":
        return f"opens with {' '.join(words[:2])!r}"  # "Useful to select ...": the rest of "it is useful to"
    if len(lower) > 2 and lower[0].endswith("ly") and len(lower[0]) > 4 and lower[0] not in _LY_NOT_ADVERBS \
            and _participle(lower[1]) and lower[2] == "to":
        return f"opens with {' '.join(words[:2])!r}"  # "Highly motivated to combine ...": a predicate, no noun phrase
    if len(lower) > 1 and (_participle(lower[0]) or lower[0] in _IRREGULAR_PARTICIPLES) and lower[1] in _PREPOSITIONS:
        return f"opens with {' '.join(words[:2])!r}"  # "Inspired by ...", "Positioned between ...": a sentence's aside
    if lower[0] == "prior" and (len(lower) == 1 or lower[1] in _PRIOR_WORK_NOUNS):
        return f"opens with {' '.join(words[:2])!r}"  # "Prior work on X", "Prior to training": not "Prior networks"
    if len(lower) > 2 and lower[0] in _IMPERATIVES and (lower[1] in _DETERMINERS or words[1][:1].isupper()):
        return f"opens with a verb ({' '.join(words[:2])!r})"  # "Use Category Theory to provide X": an instruction
    if len(lower) > 1 and _adverb(lower[0]) and lower[1] == "that":
        return f"opens with {' '.join(words[:2])!r}"  # "Experimentally that LLMs ...": "we show experimentally that"
    if negated := next((w for w in words if re.search(r"n['’]t$", w.lower())), None):
        return f"a clause ({negated!r})"  # "Watermark doesn't affect output performance": a finding, not a title
    if _AGAINST_OTHERS.search(phrase):
        return "a comparison with others' work"  # "Achieving improved regret compared to existing approaches": a result
    if _CITATION.search(phrase):
        return "a citation"  # "Proof of Matthews et al., 2018 to ...": a title names the work, it does not cite
    if len(lower) >= 3 and lower[-3] in _NEEDS_TO and lower[-2] == "in":
        return f"a comparison cut before its 'to' ({' '.join(words[-3:])!r})"  # "prompts equivalent in quality [to ...]"
    if _loose_end(words):
        return f"ends on {words[-1]!r}"
    if _USED_ABILITY.search(phrase):
        return "an ability cut before its 'to'"  # "Leveraging the ability of CL [to learn X]": used for what, unsaid
    if _RESULT_HEAD.match(phrase):
        return "a result, not what was made"  # "Results comparable to AdamW but with greater memory efficiency"
    if _aside(phrase) is not None:
        return "an aside after a comma"
    if _OF_THE_PLURAL.search(phrase):
        return f"points back ({' '.join(words[-2:])!r})"
    if clause := _subject_without_verb(lower):
        return f"a clause cut before its verb ({clause!r})"
    gerunds = lower[1:] if lower[0] in _PREPOSITIONS else lower
    if len(gerunds) >= 2 and all(w.endswith("ing") or w in {"and", "or"} for w in gerunds):
        return "gerunds without an object"  # "Leveraging and selecting [from vast data]"
    if len(words) >= 3 and lower[-2] == "to" and words[-3].endswith(","):
        return f"ends on {' '.join(words[-2:])!r}"  # "..., to optimize": a purpose clause without its object
    if _list_cut(phrase):
        return "a list cut short"
    if _ENUMERATION.search(phrase):
        return "an enumeration's remains"  # "Satisfying all of--(iii) through ...": the items (i)-(iii) are gone
    # "Diffusion model able to perform fast": a claim of what it does how well, no name of what it is.
    if able := next((k for k in range(1, len(lower) - 3) if lower[k] == "able" and lower[k + 1] == "to"
                     and (_adverb(lower[k + 3]) or lower[k + 3] in _HOW_WELL)), None):
        return f"a predicate ({' '.join(words[able:able + 4])!r})"
    if verb := next((lower[k] for k in range(1, len(words)) if lower[k] in _RESULT_VERBS and _verb_s(words[k - 1])
                     and lower[k - 1] not in _S_NOUNS), None):
        return f"a clause ({verb!r} after its subject)"  # "FM-based MoIs improve open-ended learning"
    if verb := next((words[k] for k in range(1, len(words) - 1) if _finite_ize(lower[k]) and not words[k - 1].endswith(":")
                     and _word_before_adverbs(lower, k) not in _BEFORE_PLAIN_VERB), None):
        return f"a clause ({verb!r} after its subject)"  # "Regularized MDP regularize states": a sentence, cut
    if pointer := next((w for w in lower[1:] if w in _POINTERS or w in _VOICE), None):
        return f"points back ({pointer!r})"
    # "... of the weaker LLM as a signal": which one is weaker, only the abstract says ("the higher the X" is a clause).
    if compared := next((w for k, w in enumerate(lower[1:-1], 1) if lower[k - 1] == "the" and w in COMPARATIVES
                         and lower[k + 1] not in {"than", "the"}), None):
        return f"points back ('the {compared}')"
    if "both" in lower[1:-1] and "and" not in lower[lower.index("both", 1):]:
        return "points back ('both')"  # "... of the gap for both methods": which two, only the abstract says
    # "C3 method significantly improves ...": an adverb before a verb in -s is a clause's predicate.
    if any(a.endswith("ly") and len(a) > 5 and b.endswith("s") and not b.endswith("ss") for a, b in zip(lower, lower[1:])):
        return "a clause (adverb and verb)"
    # "Top-K techniques universally improve every tested method": an adverb, a plain verb, then its object.
    if verb := next((lower[k + 1] for k in range(1, len(words) - 2) if _adverb(lower[k]) and _plain_verb(lower[k + 1])
                     and lower[k + 2] in _DETERMINERS and lower[k - 1] not in {"to", "and", "or"}), None):
        return f"a clause ({verb!r} after an adverb)"
    # "Large pre-trained models perform poorly at ...": a plural subject, a plain verb, then its adverb.
    if verb := next((lower[k] for k in range(1, len(words) - 1) if _verb_s(words[k - 1]) and _plain_verb(lower[k])
                     and lower[k + 1].endswith("ly") and len(lower[k + 1]) > 4), None):
        return f"a clause ({verb!r} after its subject)"
    # "Predictive objectives improve and stabilize learning", "methods compute and then optimize a bound": a plural
    # subject and two plain verbs.
    joined = [w for k, w in enumerate(lower) if not (w == "then" and k and lower[k - 1] == "and")]
    if verb := next((joined[k] for k in range(1, len(joined) - 2) if _verb_s(joined[k - 1]) and _plain_verb(joined[k])
                     and joined[k + 1] == "and" and _plain_verb(joined[k + 2]) and (k < 2 or joined[k - 2] not in _RELATIVES)), None):
        return f"a clause ({verb!r} and another verb after its subject)"
    # "Trigger design framework informs effective attacks": a verb in -s, then an adjective before its object.
    if verb := next((lower[k] for k in range(1, len(words) - 2) if _verb_s(words[k]) and lower[k - 1] not in _RELATIVES
                     and lower[k + 1].endswith(_ADJECTIVE_ENDS) and lower[k + 1].isalpha()), None):
        return f"a clause ({verb!r} before an adjective)"
    # "... on graph reasoning tasks varies on three levels": after a plural, a word in -s before a preposition or
    # determiner is the verb (a compound's first noun is singular: "graph networks").
    if verb := next((lower[k] for k in range(1, len(words) - 1) if _verb_s(words[k - 1]) and _verb_s(words[k])
                     and lower[k - 1] not in (_S_NOUNS | _PREPOSITIONS) and lower[k + 1] in (_PREPOSITIONS | _DETERMINERS)), None):
        return f"a clause ({verb!r} after a plural)"
    # "Empirical findings substantiate the ...": a plural subject, a verb, then its object.
    # "Results underline two pivotal concerns": a count opens the object as a determiner does.
    if verb := next((lower[k] for k in range(1, len(words) - 1) if _verb_s(words[k - 1])
                     and (lower[k + 1] in _DETERMINERS or lower[k + 1] in _COUNTS) and _plain_verb(lower[k])), None):
        return f"a clause ({verb!r} after its subject)"
    if any(lower[k] in _RELATIVES and words[k - 1].endswith(",") for k in range(1, len(words))):
        return "a clause (', which')"
    if len(words) >= 4 and _relative_cut(lower, len(lower) - 3):
        return f"a clause cut before its verb ({' '.join(words[-3:])!r})"
    # "DLNs transfer to ReLU networks, before conducting a study": a sentence's next step after a comma.
    if sub := next((lower[k] for k in range(1, len(words) - 1) if words[k - 1].endswith(",") and lower[k] in _STEP_WORDS
                    and lower[k + 1].endswith("ing")), None):
        return f"a clause (', {sub} ...ing')"  # "LEGO bricks, which seamlessly integrate ...": a sentence goes on
    if verb := next((lower[k] for k in range(1, len(words) - 1) if words[k - 1].endswith(",") and _plain_verb(lower[k])
                     and lower[k + 1] in _DETERMINERS), None):
        return f"a clause (', {verb}')"  # "Near-optimal algorithm, prove its robustness": the sentence's next verb
    if verb := next((lower[k + 1] for k in range(1, len(lower) - 1) if lower[k] == "and" and _verb_after_and(lower, k)), None):
        return f"a clause ('and {verb}')"  # "Benchmark datasets and propose innovative evaluation metrics"
    if claim := next((a for a, b in zip(lower, lower[1:]) if a in _CLAIMS and b == "that"), None):
        return f"a clause ({claim!r} that)"
    if sub := next((w for w in lower[1:] if w in _SUBORDINATORS), None):
        return f"a clause ({sub!r})"
    # "model that learns the ...": a relative clause inside a noun phrase is no clause of the title.
    if verb := next((lower[k] for k in range(1, len(words) - 1) if lower[k + 1] in _OBJECT_STARTS and _verb_s(words[k])
                     and lower[k - 1] not in _RELATIVES), None):
        return f"a clause ({verb!r} and its object)"
    if verb := next((w for k, w in enumerate(lower) if w in _AUXILIARIES or w in _PRONOUNS - {"one"}
                     or (w in _CLAUSE_WORDS and (k == 0 or lower[k - 1] not in _RELATIVES))), None):
        return f"a clause ({verb!r})"
    return None


#: Words of a comparison with what the abstract said before ("the same conclusion does not hold otherwise").
_COMPARED = frozenset("same otherwise similarly likewise conversely".split())


def claim_problem(claim: str) -> str | None:
    """Return why a finding stated as a sentence ("LMs' activations represent binding information") is no title, or None."""
    # A finding may hold its verb, but not an opener, a pointer back, the authors' voice, a formula's remains or a loose end.
    words = [w for w in _DASHES.sub(" ", claim).split() if _bare(w)]
    if len(words) < 4:
        return "too short"
    lower = [_bare(w) for w in words]
    if lower[0] in _OPENERS or lower[0] in COMPARATIVES or _DISCOURSE.match(" ".join(lower[:4])):
        return f"opens with {words[0]!r}"
    if pointer := next((w for w in lower if w in _POINTERS or w in _VOICE or w in _PRONOUNS - {"one"} or w in _COMPARED), None):
        return f"points back ({pointer!r})"
    if _CITATION.search(claim):
        return "a citation"
    if letter := next((w for w in words[1:] if len(_bare(w)) == 1 and w not in {"a", "A"}), None):
        return f"a formula's remains ({letter!r})"  # "momentum can provide O accelerated convergence": O(...) lost
    if _loose_end(words) or _list_cut(claim):
        return f"ends on {words[-1]!r}"
    return None


#: Where a long finding may be cut after its verb: before the circumstances it holds under ("... with just a few").
_CLAIM_CUTS = frozenset("with without for in on across under via through when by at from while within".split())


def cut_claim(claim: str, max_words: int) -> str:
    """Return `claim` cut to `max_words` words before a preposition after its auxiliary verb, or "" when none is."""
    # "X can imitate any expert behavior [almost instantly with just a few demonstrations]".
    words = claim.split()
    if len(words) <= max_words:
        return claim
    lower = [_bare(w) for w in words]
    # A verb in -s before its object's determiner is a main verb ("MLE ... achieves the minimax optimality").
    verb = next((k for k, w in enumerate(lower) if k >= 2 and (w in _AUXILIARIES or (
        _verb_s(w) and k + 1 < len(lower) and lower[k + 1] in ("the", "a", "an") and lower[k - 1] not in _DETERMINERS))), None)
    cut = next((j for j in range(max_words, 0, -1) if verb is not None and j > verb + 2 and lower[j] in _CLAIM_CUTS), None)
    return " ".join(_trim_end(words[:cut])) if cut else ""


def cut_inside_phrase(phrase: str, text: str) -> bool:
    """Tell whether `phrase`, taken from `text`, stops inside a noun phrase there: the word after its last two is a
    content word ("... approach incorporating parallel [U-Net attention]"), not punctuation or a function word."""
    words = re.findall(r"[\w-]+", phrase)
    if len(words) < 2:
        return False
    m = re.search(rf"(?<![\w-]){re.escape(words[-2])}\W+{re.escape(words[-1])}(?![\w-])\s*([\w-]*)", text, re.I)
    after = m.group(1).lower() if m else ""
    return bool(after) and after not in _LOOSE_END | _RELATIVES and not after.endswith("ly")  # "... simultaneously"


def claim_subject(claim: str) -> str:
    """Return the gerund phrase a finding is about ("automatically formalizing and verifying LLM solutions [consistently
    outperforms majority voting]"), or "" when the finding opens otherwise or its verb is not found."""
    words = claim.split()
    lower = [_bare(w) for w in words]
    k = 1 if lower and lower[0].endswith("ly") else 0  # "automatically formalizing"
    if len(lower) < k + 4 or not lower[k].endswith("ing") or len(lower[k]) < 6:
        return ""
    for j in range(k + 2, len(lower)):
        # The predicate: an auxiliary ("can", "is"), or a verb in -s after an adverb ("consistently outperforms") or before
        # its object's determiner ("improves the").
        if lower[j] in _AUXILIARIES or _verb_s(lower[j]) and (
                lower[j - 1].endswith("ly") or j + 1 < len(lower) and lower[j + 1] in _DETERMINERS):
            end = j - 1 if lower[j - 1].endswith("ly") else j
            return " ".join(_trim_end(words[:end])) if end >= k + 3 else ""
    return ""


def _relative_cut(lower: list[str], k: int) -> bool:
    """Return whether the relative word at `k` opens a clause cut before its verb: "approach that by design [seeks ...]"."""
    return 0 < k == len(lower) - 3 and lower[k] in _RELATIVES and lower[k + 1] in _PREPOSITIONS


def _verb_after_and(lower: list[str], k: int) -> bool:
    """Return whether the "and" at `k` goes on with the authors' next verb ("pipeline and use a randomly ...")."""
    if k + 1 >= len(lower) or (k >= 2 and lower[k - 2] == "to"):
        return False  # "method to understand and advance the ...": two verbs of one purpose
    verb = lower[k + 1]
    # A plain verb with its object's determiner: "X and use a Y" continues the sentence; "X and Y" joins nouns.
    return verb in _AUTHOR_VERBS or (k + 2 < len(lower) and _plain_verb(verb) and lower[k + 2] in {"a", "an", "the", "its", "their"})


#: Words that open a clause whose subject follows ("the constraint that each object [must ...]").
_CLAUSE_OPENERS = frozenset("that how whether why what".split())


def _subject_without_verb(lower: list[str]) -> str:
    """Return "how each stage" when a clause opener, a determiner and at most two words end the phrase, else ""."""
    for k in range(max(1, len(lower) - 4), len(lower) - 1):
        if lower[k] in _CLAUSE_OPENERS and lower[k + 1] in _DETERMINERS | {"each", "every"} and len(lower) - k <= 4:
            return " ".join(lower[k:])
        # "establishing whether language models [use context]": "whether" and its subject, the verb cut off.
        if lower[k] in _QUESTION_OPENERS and len(lower) - k <= 3 and lower[-1].endswith("s") and lower[-1] not in _CLAUSE_WORDS:
            return " ".join(lower[k:])
    return ""


#: Openers of an indirect question: with only a noun phrase after them, the question lost its verb.
_QUESTION_OPENERS = frozenset("whether why".split())


def _cut_before(words: list[str], k: int) -> list[str]:
    """Return `words` cut at the last boundary word (or comma) before index `k`, or [] when there is none."""
    for j in range(k - 1, 0, -1):
        if _bare(words[j]) in _BOUNDARIES:
            return words[:j]
        if words[j - 1].endswith(","):
            return words[:j]
    return []


def _trim_end(words: list[str]) -> list[str]:
    """Return `words` without the loose words at their end ("... through the use" -> "...")."""
    trimmed = False
    while len(words) > 1 and _loose_end(words):
        cut = len(words) - 1
        if _bare(words[-1]) in _COMPLEMENT_NOUNS | _CLASS_NOUNS:
            # "into a wide range [of]": the noun goes with its determiner and adjectives.
            cut = max(k for k in range(max(0, len(words) - 3), len(words) - 1)
                      if _bare(words[k]) in (_DETERMINERS | _PREPOSITIONS))
        words, trimmed = words[:max(cut, 1)], True
    # "results guaranteeing [the emergence]": once its object is gone, a participle after a plural dangles.
    if trimmed and len(words) > 2 and _bare(words[-1]).endswith("ing") and _bare(words[-2]).endswith("s"):
        words = _trim_end(words[:-1])
    # "for empirically analyzing [the interaction between ...]": so does a gerund after its adverb or preposition.
    elif trimmed and len(words) > 2 and _bare(words[-1]).endswith("ing") and (
            _bare(words[-2]) in _PREPOSITIONS or _adverb(_bare(words[-2]))):
        words = _trim_end(words[:-2] if _adverb(_bare(words[-2])) else words[:-1])
    words = words[:]
    if words:
        words[-1] = words[-1].rstrip(",;:")
    return words


#: A sentence's opening before its content: "We resolve", "It has long been hypothesised that", "In X, ".
_OPENING = re.compile(r"^(?:(?:here|thus|hence|finally|however|moreover|furthermore|[a-z]{5,}ly),?\s+)?(?:(?:our|the)\s+(?:main\s+)?(?:goal|aim|objective|purpose)\s+"
                      r"(?:here\s+)?is\s+(?=to\s)"
                      r"|(?:we|it|they|this (?:paper|work|study))\s+(?:[a-z]+ly\s+)?"
                      r"(?:(?:has|have|is|are|was|were)\s+)?(?:long\s+)?(?:been\s+)?(?:[a-z]+ly\s+)?[a-z]+\s+(?:that\s+)?"
                      r"|(?:in|as|given|for|with|while|although|since|when|positioned|particularly|one of|inspired|motivated"
                      r"|building|based|following|to|by|after|unlike|despite)\b[^,]{0,80},\s*)", re.I)


def strip_opening(phrase: str) -> str:
    """Return `phrase` without the opening of its sentence ("We resolve the open question ..." -> "the open ...")."""
    for _ in range(3):  # "Recently, it has been shown that for X, ...": openings nest
        m = _OPENING.match(phrase)
        if not (m and len(phrase) - m.end() > 10):
            break
        phrase = phrase[m.end():]
    return phrase


def _list_cut(phrase: str) -> bool:
    """Return whether `phrase` ends inside a list ("Sensitivity of CKA, angular Procrustes"): a short last item, no "and"."""
    head, sep, last = phrase.rpartition(",")
    items = [_bare(w) for w in last.split()]
    return (bool(sep and head.strip()) and 1 <= len(items) <= 3 and not any(w in _PREPOSITIONS or w in _CONJUNCTIONS for w in items)
            or _between_cut(phrase) is not None)


#: A bracketed item number left of a list ("(iii)", "--(ii)"): its items were cut out.
_ENUMERATION = re.compile(r"(?:--|–|-)\s*\((?:i{1,3}|iv|v|vi{0,3}|[a-h]|\d)\)|\((?:ii|iii|iv)\)")


def _between_cut(phrase: str) -> int | None:
    """Return where "between" (or "combination of") starts when `phrase` ends before its "and" ("the relationship
    between weight sparsity")."""
    m = _BETWEEN_END.search(phrase) or _COMBINATION_END.search(phrase)
    return m.start() if m else None


#: "a combination of X" with no "and": the pair it combines was cut after its first member ("Combination of dynamic
#: programming [and policy gradient]").
_COMBINATION_END = re.compile(r"\b(?:combination|mixture|hybrid|fusion|union|interplay)\s+of\s+(?:(?!(?:and|or|with)\b)[\w$-]+\s+){0,3}"
                              r"(?!(?:and|or|with)\b)[\w$-]*[^\Ws]$", re.I)
#: "between" and a few words with no "and", the last no plural: the pair it relates was cut after its first member
#: ("between tasks" relates many).
_BETWEEN_END = re.compile(r"\s+between\s+(?:(?!(?:and|or)\b)[\w$-]+\s+){0,3}(?!(?:and|or)\b)[\w$-]*[^\Ws]$", re.I)


def repair(phrase: str) -> str:
    """Return `phrase` cut back to a complete noun phrase, or "" when no cut gives one."""
    if (between := _between_cut(phrase)) is not None:
        phrase = phrase[:between]  # "the relationship between weight sparsity": the relationship alone says less, but all
    elif _list_cut(phrase):
        phrase = phrase.split(",", 1)[0]
    if (aside := _aside(phrase)) is not None and aside[1]:
        phrase = phrase[:aside[0]]  # "Kernels, the replacements of ...": the phrase before the aside
    words = phrase.split()
    if len(words) >= 4 and _bare(words[0]) in _COUNTS and "of" in words[2:]:
        words = words[1:]  # "four intriguing properties of generative classifiers": what they are, not how many
    while words:
        lower = [_bare(w) for w in words]
        # A pointer or a finite verb is cut off with the clause that holds it.
        bad = next((k for k, w in enumerate(lower) if k and (w in _POINTERS or w in _VOICE or w in _AUXILIARIES
                                                             or (w == "and" and _verb_after_and(lower, k))
                                                             or w in _PRONOUNS - {"one"} or w in _SUBORDINATORS
                                                             or (w in _RELATIVES and words[k - 1].endswith(","))
                                                             or _relative_cut(lower, k))), None)
        if bad is None:
            # "Standard offline RL algorithms conditioned on observation histories suffer ...": the subject
            # before the predicate is the noun phrase.
            verb = next((k for k, w in enumerate(lower) if k >= 2 and lower[k - 1] not in _RELATIVES and (
                w in _CLAUSE_WORDS or (k + 1 < len(lower) and lower[k + 1] in _OBJECT_STARTS and _verb_s(words[k])))), None)
            if verb is None:
                # "models perform poorly at ...": the subject before the plain verb and its adverb.
                verb = next((k for k in range(2, len(words) - 1) if _verb_s(words[k - 1]) and _plain_verb(lower[k])
                             and lower[k + 1].endswith("ly") and len(lower[k + 1]) > 4), None)
            comma = next((k for k in range(1, len(words) - 1) if words[k - 1].endswith(",") and _plain_verb(lower[k])
                          and lower[k + 1] in _DETERMINERS), None)
            if verb is not None:
                words = words[:verb]
            elif comma is not None:
                words = words[:comma]  # "Near-optimal algorithm, prove its robustness": the phrase before the comma
            elif len(words) >= 3 and lower[-2] == "to" and words[-3].endswith(","):
                words = words[:-2]  # "..., to optimize": the purpose lost its object
            break
        # "bound for the linear MDP setting where the size ...": a subordinator is itself where its clause starts.
        whole = lower[bad] in _SUBORDINATORS or lower[bad] == "and" or _relative_cut(lower, bad)
        # "Causal explanations of the predictions of NLP systems are essential": a plural subject before its verb is
        # whole; cut at its last "of", it points back ("of the predictions").
        whole = whole or (bad >= 3 and lower[bad] in {"are", "were", "have"} and _verb_s(words[bad - 1])
                          and not any(w in _RELATIVES or w in _SUBORDINATORS for w in lower[:bad]))
        words = words[:bad] if whole and bad >= 2 else _cut_before(words, bad)
    words = _trim_end(words) if words else words
    return " ".join(words) if words and not problem(" ".join(words)) else ""
