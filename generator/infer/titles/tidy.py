"""Cleaning and cutting a phrase into a title: trimmed ends, balanced brackets, a length limit.

Titles are noun phrases of about ten words, never a cut-off clause, so a phrase is cut at its
strongest boundary first and its dangling words are dropped.
"""

from __future__ import annotations

import re

from wordfreq import zipf_frequency

from generator.infer.titles.fragments import COMPARATIVES
from generator.infer.titles.lexicon import _CONTRIBUTION_KINDS, _HEAD_RE
from generator.infer.titles.plain import _sub_closed
from generator.text import abbreviates, common_word, everyday_word, naive_singular

MAX_TITLE = 100
#: Descriptions longer than this are cut at a phrase boundary; real titles are ~10 words.
SOFT_LIMIT = 85

#: A phrase stating an order of growth ("with a sample complexity of O(n log n)"), to the end.
_ORDER_OF = re.compile(r"\s+(?:with|at|in|achieving|attaining)\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+){0,3}of\s+(?:only\s+)?"
                       r"[OΩΘ]\s*\(.*$")
#: The opening of an order of growth inside a phrase ("algorithm of regret O((log T/T+V)√m) for X"): the formula, its
#: plain text often broken, up to its closing bracket goes with the words naming it.
_ORDER_INSIDE = re.compile(r"\s+(?:of|with|achieving|attaining)\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+){0,3}(?:of\s+)?[OΩΘ]\s*\(")
#: A bracketed aside ("[1]", "[Appendix A]"): noise in a title.
_ASIDE = re.compile(r"\s*\[[^\]]*\]")
#: A sentence set between dashes: an aside holding a verb of its own ("NFGs—any permutation ... describes ...—").
_DASH_ASIDE = re.compile(r"\s*[—–](?=[^—–]{0,150}\s(?:is|are|was|were|describes?|means?|has|have|can)\s)"
                         r"[^—–]{1,150}[—–]\s*")
_LEAD_DROP = re.compile(
    r"^(?:(?:a|an|the|our|some|novel|new|innovative|simple|yet|first|generic|general|and|or|proposed|seminal|celebrated"
    r"|renowned|popular)(?![\w-])[\s,]*)+"
    # "we explore only constructing X on a subset": a focus adverb before a gerund is the sentence's, not the title's.
    r"|^(?:only|just|simply|merely|solely)\s+(?=[a-z]+ing\b)", re.I)
#: "the largest generative foundation model": a claim of size or scope before the kind of thing a paper makes is the
#: abstract's boast, not the title's description ("the largest eigenvalue" names no kind: it stays).
_SUPERLATIVE_KIND = re.compile(rf"^(?:largest|biggest|most\s+(?:comprehensive|extensive|diverse|complete))\s+"
                               rf"(?=(?:[\w-]+\s+){{0,3}}(?:{_HEAD_RE})s?\b)", re.I)
#: "an effective post-training quantization method", "a principled and practical framework": praise of the kind of
#: thing a paper makes is the abstract's selling, not the title's description ("effective dimension" names no kind).
_PRAISED_KIND = re.compile(rf"^(?:(?:effective|powerful|principled|practical|straightforward|elegant|versatile|final)"
                           rf"(?:\s*,\s*|\s+(?:and|yet|but)\s+|\s+))+"
                           rf"(?=(?:(?!(?:of|for|in|on|to|with|by|via|from|that|which|and|or)\s)[\w-]+\s+){{0,3}}"
                           rf"(?:{_HEAD_RE}|baseline|solution|alternative|recipe)s?\b)", re.I)
#: "an even simpler yet more effective post-hoc method": a comparison with others' work before the kind of thing a
#: paper makes is the abstract's selling too ("more effective method" than what? the title does not say).
_COMPARED = r"(?:(?:more|less)\s+[a-z][a-z-]+|simpler|faster|better|stronger|cheaper|lighter|smaller|easier)"
_COMPARED_KIND = re.compile(rf"^(?:(?:even|much|far|significantly|substantially)\s+)?{_COMPARED}"
                            rf"(?:(?:\s*,\s*|\s+(?:and|yet|but)\s+)(?:(?:even|much|far)\s+)?{_COMPARED})*\s+"
                            rf"(?=(?:(?!(?:of|for|in|on|to|with|by|via|from|that|which|and|or|than)\s)[\w-]+\s+){{0,3}}"
                            rf"(?:{_HEAD_RE}|baseline|solution|alternative|recipe)s?\b)", re.I)
#: "the challenging problem of estimating X": the problem's name is the gerund phrase it holds.
_PROBLEM_OF = re.compile(r"^(?:the\s+)?(?:(?:[\w-]+\s+){0,2}?(?:problem|task|question|challenge)\s+of\s+(?=[a-z]+ing\s)"
                         # "the problem of residual error estimation": the problem's name alone is the topic.
                         r"|(?:problem|task)\s+of\s+(?=[\w-]+\s+[\w-])"
                         # "we propose the utilization of looped transformer architecture": what is used is proposed.
                         r"|(?:utilization|utilisation|usage|use)\s+of\s+(?=[\w-]+\s+[\w-])"
                         # "we introduce the concept of scalable neural network kernels": the kernels are introduced.
                         r"|(?:concept|notion|idea)\s+of\s+(?:(?:the|an?)\s+)?(?=[\w'’-]+\s+[\w-])"
                         # "a more practical problem setting named deep imbalanced clustering": the setting is its name.
                         r"|(?:[\w-]+\s+){0,2}?(?:problem\s+)?setting\s+(?:of|named|called|termed|dubbed)\s+(?=[\w-]+\s+[\w-]))", re.I)
#: Praise of earlier work inside a phrase ("the popular linear MDP setting", "the widely used Adam optimizer").
_PRAISED_WORK = re.compile(r"\b(the|an?)\s+(?:popular|well-known|widely[- ]used|celebrated|renowned|ubiquitous|prevalent)\s+"
                           r"(?=[\w-]+\s)", re.I)
#: The authors' praise of their own work inside a phrase ("Leveraging a novel metric measuring X"): "novel" after an
#: article is the abstract's selling ("novel views", "novel classes" are unseen ones, and have no article).
_NOVEL = re.compile(r"\b(an?)\s+novel\s+(?=([\w-]+)\s)", re.I)
#: A short noun phrase and the property "being" gives it at the phrase's end ("bound being uniformly tight").
_BEING_END = re.compile(r"^((?:[a-z][\w-]*\s+){0,3}[a-z][\w-]*)\s+being\s+[_*]{0,2}((?:[a-z]+ly\s+)?[a-z][a-z-]*)[_*]{0,2}$")
#: An aim stated with a verb of getting or doing: "aiming to achieve X", "designed to enable X", "encoding to conduct X":
#: what it is for is X ("allows us to conduct X" is the sentence's own, not the title's).
_AIMING_TO = re.compile(r"(?<!\bus)(?<!\bthem)(?<!\bone)(?<!\bit)\s+(?:(?:aiming|aimed|designed|intended|seeking|striving)\s+)?"
                        r"to\s+(?:achieve|attain|enable|realize|realise|deliver|reach|conduct|perform|facilitate)\s+"
                        r"(?=(?!the\b|this\b|these\b|such\b|it\b)[\w-]+\s)")
#: Nouns whose "to" clause is their complement, not an aim ("ability to perform self-repair", "attempt to achieve").
_INFINITIVE_NOUNS = frozenset("""ability abilities capacity capability capabilities attempt attempts effort efforts need
    tendency failure willingness chance opportunity way ways time license""".split())


def _aim(match: re.Match[str]) -> str:
    """Return " for " in place of an aim (_AIMING_TO), or the match as it is after a noun its clause completes."""
    before = match.string[:match.start()].rsplit(None, 1)[-1:]
    return match.group(0) if before and before[0].lower() in _INFINITIVE_NOUNS else " for "


#: A kind and the name a naming word gives it inside a phrase: "sampling method named Time-Shift Sampler for X",
#: "bimatrix games (A,B) called rank-1".
_NAMED_IN = re.compile(r"^((?:[\w-]+\s+){0,3}[\w-]+)\s+(?:called|named|termed|dubbed)\s+(?:an?\s+|the\s+)?(\S.*)$")
#: A name of capitalised words ("Time-Shift Sampler"), and what follows it.
_TITLE_CASE_NAME = re.compile(r"^[A-Z][\w-]*(?:\s+[A-Z][\w-]*)+(?=\s+[a-z]|$)")
#: A term made of a word and a number or of hyphened parts, in lower case ("rank-1", "k-sparse"): a kind of the thing.
_CLASS_TERM = re.compile(r"^([a-z][\w.]*-[\w.-]+)(?=\s|$)")


def _named_in_phrase(phrase: str) -> str:
    """Return "Time-Shift Sampler for X" for "sampling method named Time-Shift Sampler for X" (the name says what the
    kind said), and "rank-1 bimatrix games" for "bimatrix games called rank-1" (the term is the kind's class)."""
    m = _NAMED_IN.match(phrase)
    if not m:
        return phrase
    kind, named = m.groups()
    if _TITLE_CASE_NAME.match(named):
        return named
    term = _CLASS_TERM.match(named)
    if term and kind.split()[-1].lower().endswith("s"):
        first = term.group(1)
        kind = kind[:1].lower() + kind[1:] if kind[1:2].islower() else kind  # "Bimatrix games", not "BERT models"
        return f"{first[:1].upper()}{first[1:]} {kind}{named[term.end():]}"
    return phrase


_FOR_THE_TASK = re.compile(r"\bfor\s+the\s+(?:task|problem|purpose)\s+of\s+", re.I)
#: "we propose to learn X": a purpose clause, which titles write as a gerund ("Learning X").
# A word in -ly before a determiner is the verb itself ("to apply the"), not an adverb before one.
_TO_VERB = re.compile(r"^(?:to|[Tt]o)\s+(?:(?:\w+ly|better|further)\s+(?!(?:the|a|an|this|these|its|their|our|each|all|any)\b))?"
                      r"([a-z]{3,})\b(?=\s)")
#: "(we) study a realistic setting", "(we) derive the optimal features": a verb of the authors' voice left at the
#: start, which titles write as a gerund ("Studying a realistic setting").
_BASE_VERB = re.compile(r"^([a-z]{3,})\s+(?=(?:a|an|the|many|several|various|two|three|four|its|their|how|whether)\s)"
                        r"(?!a\s+(?:priori|posteriori|fortiori)\b)")  # "maximum a posteriori" is a noun's Latin
#: General English words that come before a determiner without being verbs: prepositions, conjunctions,
#: auxiliaries, question words, quantifiers.
_NOT_VERBS = frozenset(
    "about above across after against along amid among around before behind below beneath beside besides between "
    "beyond despite during except from inside into like near onto outside over past since than through throughout "
    "toward towards under underneath unlike until upon via with within without and but nor yet both either neither "
    "all not only also even just are was were been can could does did may might must shall should will would has "
    "have had how what when where which who whom whose why whether while for off out per the this that these those "
    "any each every some such many much most more less few half".split()) | COMPARATIVES
#: "that enables us to", "which allows one to", "allowing us to": the authors' voice before a purpose.
_US_TO = re.compile(r",?\s+(?:(?:that|which)\s+(?:enables?|allows?|lets?|helps?|permits?)|enabling|allowing|letting)"
                    r"\s+(?:us|one|them|users|practitioners|researchers)\s+(?:to\s+)?(?=[a-z]{3,}\b)")
#: "this", "these", "those" before a word inside a phrase point back at the abstract; in a title "the" says it.
_POINTER_DET = re.compile(r"(\S\s+)(?:this|these|those)\s+(?=([a-z][\w-]*)\b)")


def _specific_pointer(m: re.Match[str]) -> str:
    """Return "the" for a pointer before a term only a field uses ("manages this risk-performance tradeoff").

    A pointer before an everyday word ("these challenges", "this goal") stays, so the phrase is judged as one that
    points back: "the challenges" would name nothing either.
    """
    word = m.group(2)
    plain = "-" not in word and (common_word(word, 3.0) or word.endswith("ed"))  # "those handcrafted": no noun follows
    return m.group(0) if plain else m.group(1) + "the "
_GERUND_AND = re.compile(r"(\sand (?:then )?)([a-z]{3,}(?<!ing)(?<!ed)(?<!s))(?= (?:the|a|an|its|their)\b)")
_AND_VERB = re.compile(r"^(\w+ing,? and )([a-z]{3,}(?= (?:the|a|an|its|their)\b)"
                       # "to train and fine-tune DNNs": a verb made with a prefix is a verb whatever follows.
                       r"|(?:fine|pre|re|co|post|over|under)-[a-z]{3,}(?<!ing)(?<!ed)\b(?!-))")
_STOP_TAIL = {"a", "an", "the", "of", "and", "or", "to", "for", "in", "on", "with", "by", "from", "via",
              "that", "which", "as", "at", "into", "its", "their", "our", "is", "are", "be", "this",
              "these", "such", "both", "between", "under", "over", "using", "based", "than", "while",
              "where", "when", "whose", "we", "it", "not", "can", "also", "more", "most", "very", "being", "been"}
#: "experimental and theoretical results guaranteeing the emergence of X": what the results are about is the title.
_REPORT = re.compile(r"^(?:[\w-]+\s+(?:and\s+)?){0,3}?(?:results|evidence|analys[ie]s|experiments|findings|insights|proofs?"
                     r"|guarantees)\s+(?:guaranteeing|showing|demonstrating|indicating|suggesting|revealing|establishing|proving"
                     r"|explaining|on)\s+(?:the\s+)?(\S.*)", re.I)
_TRIED_ON = re.compile(r"^(?:[\w-]+\s+){0,4}?(?:benchmarks?|datasets?|data\s+sets?|testbeds?|leaderboards?)\b(?!\s+(?:for|of)\b)",
                       re.I)
_BY_MEANS = re.compile(r"^(?:(?:[\w-]+\s+){0,4}?(?:issues?|problems?|gaps?|challenges?|limitations?|questions?|shortcomings?)"
                       # "investigate these mechanisms by leveraging X": what points back was said; the means is new.
                       r"|(?:this|these|those|such)\s+(?:(?!(?:is|are|was|were|be|been|can)\b)[\w-]+\s+){0,2}?"
                       r"(?!(?:is|are|was|were|be|been|can)\b)[\w-]+)"
                       r"\s+by\s+((?:(?:proposing|introducing|developing|presenting|designing)\s+(.+))|[a-z]{3,}ing\b.*)")
_POINTER_START = re.compile(r"^(?:this|these|those|such)\b|\b(?:this|these|those|such)\s", re.I)
_STRONG_CUT = re.compile(
    # "in terms of their local geometries" ending the phrase is what it compares by: kept.
    r"\s*(?:[;:]|\s[–—]\s|\s-\s|,\s*(?:i\.e\.|e\.g\.)|,\s(?:in terms of)"
    r"|,?\s(?:in terms of(?!\s+(?:their|its)\s+(?:[\w-]+\s+){0,2}[\w-]+$)|such as|as well as|so that|in order to"
    r"|with the (?:goal|aim|purpose) of)\b"
    r"|,\s*(?:for future|to|to be|along with|which|while|where|whereas|and|but|thus|thereby|so|as|even|namely|such|called|termed|dubbed|named|"
    r"coined|inspired|[a-z]+ing|[a-z]+ed)\b|\s(?:which|whereby)\b"
    r"|\s(?:that|and)\s(?:can|could|is|are|was|were|does|do|has|have|achieves?|outperforms?|"
    r"significantly|effectively|efficiently|enables?|allows?|yields?|shows?|demonstrates?|"
    r"improves?|reduces?|leads?|provides?|we|it|they)\b)")
#: Phrase boundaries to cut a long phrase at, best first: prepositions, then commas, then "and".
_WEAK_CUTS = (
    re.compile(r"\s(?=(?:by|using|via|through|based\s+(?:on|upon)|with|without|under|from|in|on|for|across|to|that|of|"
               r"leveraging|including|like|where|when|while|as|at|into|over|towards?|beyond|between|within)\b)"),
    re.compile(r",(?!\d{3}\b)"),  # "118,000 defenses": a number's comma is no boundary
    re.compile(r"\s(?=and\b)"),
)


#: ", textured 3D mesh": a participle after a comma that goes straight on to its noun, no clause's preposition.
_LISTED_PARTICIPLE = re.compile(r",\s*[a-z]+ed\s+(?!(?:by|on|in|with|to|for|from|at|as|using|via|through|into|upon|the|a|an|"
                                r"and|or|our|its|their|this|these)\b)[\w-]")


def _coordinate_adjectives(p: str, at: int) -> bool:
    """Tell whether the comma at `at` lists adjectives before one noun ("high-quality, textured 3D mesh generation"):
    a compound modifier before it, a participle after it that goes straight on to its noun (no clause to cut)."""
    before = p[:at].split()
    return bool(before) and "-" in before[-1].strip("-") and _LISTED_PARTICIPLE.match(p, at) is not None


#: A list of a few short nouns from the phrase's start ("framework, dataset"), and its last item with what they are for.
_HEAD_LIST = re.compile(r"^[\w-]+(?:\s[\w-]+)?(?:,\s+[\w-]+(?:\s[\w-]+)?)+$")
_LAST_ITEM = re.compile(r",\s+and\s+[\w-]+(?:\s[\w-]+)?\s+(?:for|of|to|on|in|with)\s")


#: The end of a list of short items that ends the phrase: "..., model training, and evaluation".
_LIST_TAIL = re.compile(r",\s+(?:and|or)\s+[\w-]+(?:\s[\w-]+){0,2}\s*[.;]?\s*$")
_LIST_BODY = re.compile(r"\s(?:[\w-]+(?:\s[\w-]+){0,2},\s+)+[\w-]+(?:\s[\w-]+){0,2}$")


#: A comma inside a list of gerunds ("recursively embedding, clustering, and summarizing chunks"): no participle's
#: clause to cut, the list goes on to its "and".
_GERUND_LIST = re.compile(r",\s*[a-z]+ing(?:\s[\w-]+){0,2}(?:,\s*[a-z]+ing(?:\s[\w-]+){0,2})*,?\s+(?:and|or)\s+[a-z]+ing\b")


_LAST_GERUND = re.compile(r",?\s+(?:and|or)\s+[a-z]+ing\b")
_GERUND_ITEMS = re.compile(r"[a-z]+ing(?:\s[\w-]+){0,2},\s*[a-z]+ing(?:\s[\w-]+){0,2}$")


def _gerund_list_end(p: str, at: int) -> bool:
    """Tell whether the ", and" at `at` adds the last gerund to a list of them ("embedding, clustering, and summarizing")."""
    return _LAST_GERUND.match(p, at) is not None and _GERUND_ITEMS.search(p, 0, at) is not None


def _list_end(p: str, at: int) -> bool:
    """Tell whether the ", and" at `at` ends a list of three or more short items that ends the phrase ("encompassing data
    construction, model training, and evaluation"): the list is whole, no clause to cut."""
    return _LIST_TAIL.match(p, at) is not None and _LIST_BODY.search(p, 0, at) is not None


def _inside_list(p: str, at: int) -> bool:
    """Tell whether the comma or ", and" at `at` is inside a list that goes on (heads, short items ending the phrase,
    gerunds): no clause to cut there."""
    return (_listed_heads(p, at) or _list_end(p, at) or _GERUND_LIST.match(p, at) is not None
            or _gerund_list_end(p, at))


def _listed_heads(p: str, at: int) -> bool:
    """Tell whether the ", and" at `at` ends a list of heads ("framework, dataset, and challenge for X"): no clause to cut."""
    return _HEAD_LIST.match(p[:at]) is not None and _LAST_ITEM.match(p, at) is not None


#: "... with random node input in a novel fashion": how the authors did it is their sentence's manner, no title's end.
_MANNER_TAIL = re.compile(r"(?<=\w)\s+in\s+an?\s+(?:[\w-]+\s+){0,2}(?:fashion|manner|way)$"
                          # "... formulation for the problem": a purpose pointing back at what the abstract set out.
                          r"|(?<=\w)\s+(?:for|of|to|in|on)\s+(?:the|this|these|such|that)\s+(?:problems?|tasks?|questions?"
                          r"|issues?|challenges?|settings?|gaps?|limitations?)$"
                          # "... from scratch through three primary innovations": a count of parts the abstract names later.
                          r"|(?<=\w)\s+(?:through|with|via|by|using|in|featuring|comprising|containing|including"
                          r"|(?:consisting|composed)\s+of)\s+(?:two|three|four|five|six|several|a\s+few|multiple)"
                          r"\s+(?:[a-z]+\s+)?(?:innovations|components|contributions|steps|stages|ideas|techniques|parts"
                          r"|modules|strategies|designs|improvements|modifications|mechanisms|circumstances|ways|aspects)$"
                          # "... features under the assumption [that ...]": the premise was the clause cut off.
                          r"|(?<=\w)\s+(?:under|with|given)\s+(?:the|an?)\s+(?:assumption|condition|premise|hypothesis)$")
_CUT_RELATIVE = re.compile(r"\s(?:that|which)\s+(?:[a-z]+ly\s+)?[a-z]+s\s+(?:[\w-]+\s+){0,3}[\w-]+$")
_THE_NOUN_END = re.compile(r"\bthe\s+[\w-]+$")
#: "the effects predictive objectives have on Y": a contact clause, titled "effects of predictive objectives on Y".
_EFFECT_ON = re.compile(r"^(?:the\s+)?(effects?|impacts?|influences?|roles?)\s+(?:that\s+)?((?:[\w-]+\s+){0,5}?[\w-]+)"
                        r"\s+(?:has|have|had|play|plays|played)\s+(on|in)\s+")
_COMPOUND_TO = re.compile(r"\s+(?:prior|due|according|thanks|owing|next|close|similar|relative|compared|up|opposed"
                          r"|respect|addition|regard)$")
_FROM_OPEN = re.compile(r"\bfrom\s+(?:[\w-]+\s+){0,3}[\w-]+$")


#: A preposition opening what follows a formula: the formula ended its noun phrase ("O(n) for X"), it qualifies no
#: noun after it ("O(N) parameters").
_PREPOSITION_NEXT = re.compile(r" (?:for|in|on|under|with|via|to|from|over|across|without)\s")


def _without_order_inside(phrase: str) -> str:
    """Return `phrase` without an order of growth inside it and the words that name it (_ORDER_INSIDE), where its
    brackets close before a preposition."""
    match = _ORDER_INSIDE.search(phrase)
    if not match:
        return phrase
    depth, end = 1, match.end()
    while end < len(phrase) and depth:
        depth += {"(": 1, ")": -1}.get(phrase[end], 0)
        end += 1
    rest = phrase[end:]
    return phrase[:match.start()] + rest if not depth and _PREPOSITION_NEXT.match(rest) else phrase


def _unpraised(match: re.Match) -> str:
    """Return the article of a match of _NOVEL as the word after it takes it ("a novel estimator" -> "an ")."""
    article = indefinite_article(match.group(2))
    return (article.capitalize() if match.group(1)[0].isupper() else article) + " "


def indefinite_article(word: str) -> str:
    """Return "an" before a word that opens with a vowel sound ("an estimator"), else "a" ("a unified", "a one-step")."""
    low = word.lower()
    return "an" if low[:1] in ("a", "e", "i", "o", "u") and not low.startswith(("uni", "use", "usu", "eu", "one")) else "a"


#: A long form in capitals and the acronym the abstract defines for it: "Multimodal Large Language Models (MLLMs)".
_DEFINED_ACRONYM = re.compile(r"\b((?:[A-Z][\w-]*\s+){1,6}[A-Z][\w-]*)\s+\(([A-Z][A-Za-z0-9]*[A-Z])(s?)\)")


def _short_forms(phrase: str, limit: int) -> str:
    """Return `phrase` with a long form it defines an acronym for written as that acronym ("capabilities of MLLMs")
    where it completes an "of" and runs past `limit`: a cut would fall before the "of", leaving whose capabilities unsaid."""
    def short(match: re.Match) -> str:
        spelled = abbreviates(match.group(2).lower(), match.group(1).lower().replace("-", " "))
        fits = match.end(1) <= limit or not spelled or not phrase.endswith(" of ", 0, match.start())
        return match.group(0) if fits else match.group(2) + match.group(3)
    return _DEFINED_ACRONYM.sub(short, phrase)


def _clean_phrase(phrase: str, limit: int, generic_head: bool = False) -> str:
    """Return `phrase` trimmed to a title-like noun phrase of at most `limit` characters."""
    if len(phrase) > limit:
        phrase = _short_forms(phrase, limit)
    # Asides, citations and acronyms are noise in a title; one glued to a word keeps the space ("to (soft-)align").
    # "... with a sample complexity of O(|S||A|)": the bound is a formula a title cannot hold; its phrase goes with it.
    phrase = _without_order_inside(_ORDER_OF.sub("", phrase, count=1))
    p = re.sub(r"\s+\([^()]*\)", "", re.sub(r"\s+\([^()]*\)(?=\w)", " ", phrase))
    p = _sub_closed(_ASIDE, "", p, "]")
    p = _DASH_ASIDE.sub(" ", p)  # "equivariance of NFGs—any permutation describes an equivalent game—as well as"
    # A dash left alone opens an aside whose end was cut ("algorithm—using only the number of iterations"): the
    # phrase before it is the title's.
    before_dash = re.split(r"\s*[—–]\s*", p, maxsplit=1)[0]
    if before_dash != p and len(before_dash.split()) >= 3:
        p = before_dash
    p = re.split(r"(?<=[a-z0-9)])[.!?]\s+(?=[A-Z])", p, maxsplit=1)[0]  # a missed sentence end
    p = p.strip(" .,;:!?-–—\"'“”")
    p = _LEAD_DROP.sub("", p)
    p = _LEAD_DROP.sub("", _PRAISED_KIND.sub("", _COMPARED_KIND.sub("", _SUPERLATIVE_KIND.sub("", p))))
    p = _PROBLEM_OF.sub("", p)
    p = _ON_OTHERS.sub("", p)  # "an analysis framework based on existing techniques": what it stands on is others'
    p = _PRAISED_WORK.sub(r"\1 ", p)  # "bound for the popular linear MDP setting": the praise is the abstract's
    p = _NOVEL.sub(_unpraised, p)
    p = _named_in_phrase(p)
    p = _EFFECT_ON.sub(r"\1 of \2 \3 ", p, count=1)  # "effects X have on Y": "effects of X on Y"
    p = _FOR_THE_TASK.sub("for ", p)  # "model for the task of text-driven video editing": the task is its name
    p = _US_TO.sub(" to ", p)  # "framework that enables us to analyze X": the purpose, without the authors' voice
    p = _AIMING_TO.sub(_aim, p)  # "framework aiming to achieve lossless acceleration": the aim is what it is for
    p = _POINTER_DET.sub(_specific_pointer, p)
    # "address this fundamental issue by developing X": the means is the contribution, the issue was said before.
    means = _BY_MEANS.match(p)
    # "this question by exploring the performance of these algorithms": a means that points back says no more.
    if means and not (_POINTER_START.match(p) and _POINTER_START.search(means.group(1))):
        p = _LEAD_DROP.sub("", means.group(2) if means.group(2) else means.group(1))
    report = _REPORT.match(p)
    # "results on the DataComp Medium benchmark": where the work was tried, not what it is about.
    if report and len(report.group(1).split()) >= 3 and not _TRIED_ON.match(report.group(1)):
        p = _LEAD_DROP.sub("", report.group(1))
    to_verb = _TO_VERB.match(p)
    if to_verb and to_verb.group(1) not in _STOP_TAIL:
        p = _gerund(to_verb.group(1), base=True) + p[to_verb.end(1):]
        # "to examine and characterise the X": both verbs take the gerund.
        p = _AND_VERB.sub(lambda m: m.group(1) + _gerund(m.group(2), base=True), p, count=1)
    base = _BASE_VERB.match(p)
    if base and base.group(1) not in _NOT_VERBS and not base.group(1).endswith(("ing", "ly", "ed", "s")):
        p = _gerund(base.group(1), base=True) + p[base.end(1):]
    if generic_head:
        p = _drop_generic_head(p)  # "an algorithm that generates X and then rehearse Y": "Generating X and then ..."
    if re.match(r"[A-Za-z]+ing\b", p):
        # "Generating samples and implement an iterative process": the verbs of a gerund phrase are gerunds too.
        p = _GERUND_AND.sub(lambda m: m.group(1) + _gerund(m.group(2), base=True), p)
    m = _STRONG_CUT.search(p)
    while m and (_coordinate_adjectives(p, m.start()) or _inside_list(p, m.start())):
        m = _STRONG_CUT.search(p, m.end())
    if m and m.start() >= 12:
        p = p[:m.start()]
    if len(p) > limit:
        for cuts in _WEAK_CUTS:
            # "to merge the representations [of ...]": a cut between "the X" and its "of" leaves X unsaid.
            # "the links from ansatz [to symmetries]": a cut between "from X" and its "to" leaves half a range.
            ends = [m.start() for m in cuts.finditer(p) if 15 <= m.start() <= limit
                    and not (p.startswith(" of ", m.start()) and _THE_NOUN_END.search(p, 0, m.start()))
                    and not (p.startswith(" to ", m.start()) and _FROM_OPEN.search(p, 0, m.start()))]
            if ends:
                # "summaries prior [to integration]", "due [to]": a compound preposition goes with its "to".
                p = _COMPOUND_TO.sub("", p[:ends[-1]]) if p.startswith(" to ", ends[-1]) else p[:ends[-1]]
                p = _COMPOUND_TO.sub("", p[:-3]) if p.endswith(" to") else p
                # "architecture ... that combines competitive performance [with ...]": a relative clause cut inside
                # its object says half of it; the phrase before it is whole.
                relative = _CUT_RELATIVE.search(p, 15)
                p = p[:relative.start()] if relative else p
                break
        else:
            p = _cut_words(p, limit)
    # "a generalization bound being uniformly tight": the property, said as a predicate, goes before what has it.
    return _BEING_END.sub(lambda m: f"{m.group(2)} {m.group(1)}", _tidy_end(p))


_GENERIC_HEAD = re.compile(
    r"^(?:[\w-]+(?:,?\s+(?:and|yet|but)\s+|\s+)){0,3}?(?:method|framework|approach|technique|algorithm|strategy"
    r"|procedure|scheme|way|pipeline|paradigm|solution)s?\s+(?:that\s+(?:can\s+)?|which\s+|to\s+|for\s+|of\s+)"
    r"(?:(?:\w+ly|better|further)\s+)?(\w+)\b(?!-)")  # "to better exploit": the adverb is no verb


#: Endings of nouns that are never verbs, so "to" before one is no infinitive.
_NOUN_SUFFIXES = ("ity", "tion", "sion", "ness", "ment", "ance", "ence", "ism", "ogy", "ics", "ship", "hood")


#: Verbs that say what a method is made of, not what it does ("involves", "consists of"): no title opens with them.
_MADE_OF = frozenset("involve include contain comprise consist entail".split())


#: Verbs of what a method has or rests on ("exhibits good generalization", "relies on"), not what it does: "Exhibiting X"
#: reads as a predicate lifted from a sentence, not as a title.
_HAS = frozenset("exhibit exhibits enjoy enjoys display displays possess possesses rely relies depend depends".split())


#: Verbs of how a method compares with others' ("outperforms", "improves over"): no title says what it does with them.
_BEATS = frozenset("outperforms outperform surpasses surpass beats exceeds achieves attains".split())
_BEATS_OTHERS = re.compile(r"\s+(?:over|upon)\s+(?:the\s+)?(?:state|existing|previous|prior|current|baseline|competing)")


#: What a contribution is built on when that is others' work ("based on existing techniques", "building upon prior
#: methods"): the rest of the phrase says only that, so it goes.
_ON_OTHERS = re.compile(r",?\s+(?:based|built|building|relying|drawing)\s+(?:up)?on\s+(?:the\s+)?(?:existing|prior|previous"
                        r"|earlier|established)\b.*$")
#: An aside set off by commas right after a verb, before its object: ", at different levels of the hierarchy,".
_VERB_ASIDE = re.compile(r"^,\s+(?:at|in|on|for|with|across|under|by|from|through|via|during|over|within|among|as)\s"
                         r"[^,.;:()]{1,80},\s+")


def _drop_generic_head(phrase: str) -> str:
    """Turn "a simple method to detect X" / "framework that detects X" into "Detecting X", as titles say it."""
    m = _GENERIC_HEAD.match(phrase)
    if not m:
        return phrase
    word = m.group(1)
    if (word.lower() in _STOP_TAIL or word.lower() in {"all", "any", "each", "every", "some", "one", "two"} or not word.islower()
            or naive_singular(word.lower()) in _MADE_OF  # "method that involves utilizing X": what it holds, no purpose
            or word.lower() in _HAS  # "method that exhibits non-trivial generalization": what it has, no purpose
            or word.lower() in _IRREGULAR_ING  # "framework that has the flexibility to ...": "Having ..." says what it is
            or word in COMPARATIVES  # "techniques to better exploit": "bettering" is no word
            or word.endswith(_NOUN_SUFFIXES)):  # "approach to periodicity identification": "to" a noun, no purpose
        return phrase  # "a solution to the expected optimum": "to" starts a noun phrase, not a purpose
    if word.lower() in _BEATS or _BEATS_OTHERS.match(phrase, m.end(1)):
        return phrase  # "algorithm that improves over the state-of-the-art": how it compares, not what it does
    joint = m.group(0)[:m.start(1)].split()
    if joint[-1] in {"for", "of"} and not word.endswith("ing"):
        return phrase  # "framework for graph learning" keeps its head: the object is a noun
    if joint[-1] not in {"for", "of"}:
        word = _gerund(word)
    # "introduces, at different levels of the hierarchy, both X": the aside between the verb and its object goes.
    rest = _VERB_ASIDE.sub(" ", phrase[m.end():], count=1)
    # "a simple method to train and fine-tune DNNs": the verb after "and" takes the gerund too.
    joined = _AND_VERB.match(f"{word}{rest}")
    if joined:
        rest = rest[:joined.end(1) - len(word)] + _gerund(joined.group(2), base=True) + rest[joined.end(2) - len(word):]
    return word + rest if len(rest.split()) >= 2 else phrase


def cut_at_phrase(text: str, limit: int) -> str:
    """Return `text` cut at its last preposition within `limit` characters, else at a word (a name's long form)."""
    if len(text) <= limit:
        return text
    # "... Efficient Tuning for Referring Image [Segmentation]": a cut inside a name's words leaves a fragment;
    # before its "for" the rest is whole.
    ends = [m.start() for m in _WEAK_CUTS[0].finditer(text) if 15 <= m.start() <= limit]
    return text[:ends[-1]] if ends else _cut_words(text, limit)


def _cut_words(text: str, limit: int) -> str:
    """Return the longest whole-word prefix of `text` within `limit` characters."""
    if len(text) <= limit:
        return text
    cut = text.rfind(" ", 0, limit + 1)
    return text[:cut] if cut > 0 else text[:limit]


def _tidy_end(text: str) -> str:
    """Strip dangling words, a manner adverbial, punctuation and unbalanced brackets or quotes from the end."""
    words = _MANNER_TAIL.sub("", text).split()
    while words:
        last = words[-1].strip(",;:.-–—")
        if last.lower() in _STOP_TAIL or not last:
            words.pop()
            continue
        words[-1] = last
        break
    t = " ".join(words)
    # Drop an unclosed bracket and whatever follows it; drop unbalanced straight quotes.
    for o, c in (("(", ")"), ("[", "]"), ("{", "}")):
        t = _balance(t, o, c)
    if t.count('"') % 2:
        t = t.replace('"', "")
    if t.count("“") != t.count("”"):
        t = t.replace("“", "").replace("”", "")
    t = t.strip(" ,;:.-–—")
    return _tidy_end(t) if t and t.split()[-1].lower() in _STOP_TAIL else t


def _balance(t: str, o: str, c: str) -> str:
    """Return `t` cut before each unclosed `o` from the end, then without its first unmatched `c`s."""
    n_open, n_close = t.count(o), t.count(c)
    if n_open > n_close:
        # One pass: cutting at the last `o` and recounting both brackets each time was quadratic on "[[[[…".
        opens = [m.start() for m in re.finditer(re.escape(o), t)]
        closes_before = [t.count(c, 0, opens[0])]  # how many `c` come before each `o`
        for prev, i in zip(opens, opens[1:]):
            closes_before.append(closes_before[-1] + t.count(c, prev, i))
        while n_open > n_close:
            end = opens[n_open - 1]
            n_open, n_close = n_open - 1, closes_before[n_open - 1]
        t = t[:end].rstrip()
    if n_close > n_open:
        t = t.replace(c, "", n_close - n_open)  # replace() removes the first occurrences, as the loop did
    return t


#: Verbs whose -ing form no rule makes ("has" -> "having", not "haing").
_IRREGULAR_ING = {"has": "having", "is": "being", "are": "being", "was": "being", "were": "being"}


def _gerund(verb: str, base: bool = False) -> str:
    """Return the -ing form of a verb ("enhances" -> "enhancing", "maps" -> "mapping", "learn" -> "learning").

    `base` says the verb is already in its base form ("bias", not "biases"), so no -s is removed.
    """
    v = verb.lower()
    if v in _IRREGULAR_ING:
        return _IRREGULAR_ING[v]
    if v.endswith("ing") and len(v) > 5:
        return v  # already a gerund ("debiasing")
    if base:
        stem = v
    elif re.search(r"(?:ss|sh|ch|x|z)es$", v):
        stem = v[:-2]
    elif v.endswith("ies"):
        stem = v[:-3] + "y"
    elif v.endswith("s") and not v.endswith("ss"):
        stem = v[:-1]
    else:
        stem = v
    if stem.endswith("e") and not stem.endswith(("ee", "ye", "oe")):
        stem = stem[:-1]
    elif re.fullmatch(r"[^aeiou]*[aeiou][bdgmnpt]", stem):  # one-syllable CVC: map -> mapping
        stem += stem[-1]
    return stem + "ing"


#: Both words of a glued pair are at least this common in English (wordfreq's zipf scale).
GLUED_WORD_ZIPF = 3.0
#: Function words a PDF's lost space glues to the next word ("Theasymptotic", "Impactof", "toalign"): at the start
#: of a glued token, or at its end. Short ones ("a", "in", "on") are left out: "InsTag", "graphon" are names.
_GLUED_START = ("the", "of", "and", "to", "with", "for", "from", "into", "our", "this", "that", "their")
_GLUED_END = ("of", "to", "and", "the", "with", "for", "from", "into")


def _unglued(match: re.Match[str]) -> str:
    """Return a token split at a glued function word when it is no English word and its rest is one."""
    token = match.group(0)
    low = token.lower()
    if len(low) < 6 or re.search(r"[A-Z]", token[1:]) or zipf_frequency(low, "en") > 0:
        return token
    for word in _GLUED_START:
        rest = token[len(word):]
        if low.startswith(word) and len(rest) >= 4 and zipf_frequency(rest.lower(), "en") >= 2.0:
            return f"{token[:len(word)]} {rest}"
    for word in _GLUED_END:
        rest = token[: -len(word)]
        if low.endswith(word) and len(rest) >= 4 and zipf_frequency(rest.lower(), "en") >= 2.0:
            return f"{rest} {token[-len(word):]}"
    return _two_words(token)


#: Word-forming prefixes and endings that are words too: "hypergradient", "explainability" are one word, not two.
_BOUND_START = frozenset("multi trans hyper super inter intra under ultra micro macro pseudo retro neuro proto".split())
_BOUND_END = frozenset("ability ibility former wise like less ness".split())


def _two_words(token: str) -> str:
    """Return "conceptual framework" for "conceptualframework": two English words of 5+ letters a lost space glued."""
    low = token.lower()
    best, cut = 0.0, 0
    for i in range(5, len(low) - 4):
        head, tail = low[:i], low[i:]
        if head in _BOUND_START or tail in _BOUND_END:
            continue
        score = min(zipf_frequency(head, "en"), zipf_frequency(tail, "en"))
        if score > best:
            best, cut = score, i
    return f"{token[:cut]} {token[cut:]}" if best >= GLUED_WORD_ZIPF else token


#: "Mayfly, the first neural data structure for ...": a short name and what it is, joined by a comma.
_NAME_COMMA = re.compile(r"^((?:[\w-]+ ){0,2}[\w-]+), (?:the first |an? |the )(?=\S)")
#: "ToRA a series of ...": a name cased as one (a capital after its first letter) before its apposition's article.
_NAME_NO_COMMA = re.compile(r"^([A-Za-z][a-z\d]*[A-Z][\w-]*) (?:an? |the )(?=\S)")
#: "lightweight framework, Prompt Risk Control, for selecting a prompt": a capitalised name set off inside the phrase.
_NAME_INSIDE = re.compile(r"^([^,]{3,40}), ((?:[A-Z][\w-]*\s){1,3}[A-Z][\w-]*), (?=(?:for|to|that|which|with)\s)")


def name_first(title: str) -> str:
    """Return a title whose phrase names its subject in an apposition as "Name: what it is", else `title`."""
    if m := _NAME_INSIDE.match(title):
        rest = f"{m.group(1)} {title[m.end():]}"
        return f"{m.group(2)}: {rest[:1].upper() + rest[1:]}"
    # "ToRA a series of Tool-integrated Reasoning Agents": a name cased as one, its apposition's comma left out.
    m = _NAME_COMMA.match(title) or _NAME_NO_COMMA.match(title)
    rest = title[m.end():] if m else ""
    if m and len(rest.split()) >= 3 and "," not in rest:
        return f"{m.group(1)}: {rest[:1].upper() + rest[1:]}"
    return title


#: A one-letter symbol and its short subscript: "L_2", "W_{2}", "l_1".
_SUBSCRIPT = re.compile(r"(?<![\w\\])([A-Za-z])_\{?([0-9A-Za-z]{1,2})\}?(?![\w{])")


#: A title's noun phrase and the infinitive of its purpose ("Methodology to learn neural contractive dynamical systems").
_PURPOSE_TO = re.compile(r"^((?:[^:]*:\s+)?)([A-Za-z][\w-]*(?:\s+[\w-]+){0,4}?)\s+to\s+((?:[a-z]+ly\s+)?)([a-z]{3,})(?=\s)")
#: Verbs whose infinitive completes them ("fails to hold", "tends to forget"): a clause, not a thing and its purpose.
_TAKES_INFINITIVE = frozenset("""fail fails tend tends seem seems need needs aim aims seek seeks try tries help helps
allow allows continue continues begin begins struggle struggles learn learns manage manages refuse refuses want wants
appear appears able unable how""".split())
#: Nouns whose "to" is a preposition ("an approach to contrastive learning", "alternative to projection head").
_TO_NOUNS = frozenset("""approach approaches alternative alternatives solution solutions answer answers introduction
extension extensions guide path paths road response contribution contributions key keys access reference""".split())
#: Endings no verb's base form has ("to periodicity identification", "to practical networks").
_NOT_BASE_ENDS = ("ing", "tion", "sion", "ity", "ive", "al", "ed", "ous", "ness", "ment", "ics")


#: A preposition or subordinator right after the infinitive: the verb's object is the noun before it ("limitations to
#: consider when specifying objectives", "questions to ask for X"), no purpose.
_NO_OBJECT = re.compile(r"\s+(?:for|when|while|whenever|in|on|at|with|during|before|after|under|if|unless)\b")


def _purpose_as_for(title: str) -> str:
    """Return "<thing> for <doing> ..." for "<thing> to <do> ...": a title names what a thing is for, a sentence what it
    is made to do ("Domain prompt generator to generate domain-specific knowledge")."""
    m = _PURPOSE_TO.match(title)
    if not m:
        return title
    words = m.group(2).lower().split()
    # "Enabling LMs to learn", "Using sparse autoencoders to ...": a gerund's object and its purpose read as a title;
    # "designed to", "fails to", "ability to": the infinitive completes the word before it.
    if (any(w.endswith("ing") for w in words) or words[-1].endswith("ed") or words[-1] in _TAKES_INFINITIVE
            or words[-1] in _INFINITIVE_NOUNS or words[-1] in _TO_NOUNS or m.group(4) in _NOT_VERBS
            or m.group(4).endswith(_NOT_BASE_ENDS) or _NO_OBJECT.match(title, m.end())):
        return title
    # "to understand and advance the X": both verbs take the gerund.
    doing = _AND_VERB.sub(lambda a: a.group(1) + _gerund(a.group(2), base=True),
                          _gerund(m.group(4), base=True) + title[m.end():], count=1)
    return f"{m.group(1)}{m.group(2)} for {m.group(3)}{doing}"


#: A quoted phrase opening a title, and the word after it.
_OPENING_QUOTE = re.compile(r"^[\"“]([^\"“”]{1,60})[\"”](?= \w)")


def _finish(title: str) -> str:
    """Return `title` with its first letter capitalised, glued words apart, and within the length limit."""
    title = _MANNER_TAIL.sub("", re.sub(r"\s+", " ", title).strip())
    title = re.sub(r"\b[A-Za-z]{6,}\b", _unglued, title)
    # The words a cut participle leaves behind ("domain while being [trained]") end no title.
    title = _tidy_end(_cut_words(title, MAX_TITLE) if len(title) > MAX_TITLE else title)
    # "$L_2$-regularized", "$W_2$-distance": a one-letter symbol's subscript is written after it, as titles do ("L2").
    title = _SUBSCRIPT.sub(r"\1\2", title.replace("$", ""))
    # '"soft prompt" embedding parameters': the abstract's quotes set a term apart in its sentence; a title opening
    # with one reads as a quotation, its first word uncapitalised.
    title = _OPENING_QUOTE.sub(r"\1", title)
    title = _purpose_as_for(title)  # "Metric to evaluate X": "Metric for evaluating X"
    first = title.split(" ", 1)[0]
    # Capitalise a plain first word, never a name ("iTransformer").
    return title[:1].upper() + title[1:] if first.islower() and not re.search(r"\d", first) else title


#: A kind noun leading a title heads it when what follows is a preposition, a relative word or a participle ("Benchmark
#: for ...", "Model that ...", "Metric measuring ..."); before another noun it is a modifier ("Tool creation framework"),
#: and before a capital it begins a name's long form ("Model Merging with Amortized Pareto Front").
_KIND_HEADED = re.compile(r"^(\w+)(?=\s+(?:for|of|to|with|via|that|which|in|on|from|without|by|upon|towards?|"
                          r"[a-z]\w*ing|[a-z]\w*ed)\b|$)")


def with_article(title: str) -> str:
    """Return a title whose description opens with a singular kind noun with its article: "BEND: A benchmark for DNA
    language models", "An approach for ..." (a bare "Approach for ..." reads as a piece cut from a sentence)."""
    name, sep, desc = title.partition(": ") if ": " in title else ("", "", title)
    head = _KIND_HEADED.match(desc)
    if not head or head.group(1).lower() not in _CONTRIBUTION_KINDS or len(title) + 3 > MAX_TITLE:
        return title
    return f"{name}{sep}{indefinite_article(desc).capitalize()} {desc[:1].lower()}{desc[1:]}"
