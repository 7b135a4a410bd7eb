"""The ways one sentence introduces a name: "we propose X", "called X", "our method, X", "X (Long Form)".

Each finder reads one plain-text sentence and returns the `_Name`s it introduces; `names` ranks them.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from itertools import islice
from typing import Callable, Iterator

from generator.infer.titles.coined import _acronym_long_form, _looks_like_name, _Name
from generator.infer.titles.lexicon import (
    _HEAD_RE,
    _HEADS,
    _INTRO_GERUNDS,
    _INTRO_VERBS,
    _NAME_TOKEN,
    _NAME_TRIGGERS,
    _NOT_NAMES,
    _NP_ADJ_SUFFIX,
    _NP_FILLER,
)

#: A name may carry a version number ("PromptTTS 2").
_NAME_AT = re.compile(rf"[\"'“]?((?:{_NAME_TOKEN})(?:\s\d{{1,2}}(?:\.\d{{1,2}})?)?)[\"'”]?(?=\s*(?:[,:;().—–]|\s-\s|\s--|"
                      rf"\s(?:that|which|to|for|as|is|was|with|in|on|upon|by|from|via|using|under|through|at|into|over|within|across)\b"
                      rf"|\s(?:{_HEAD_RE})s?\b|$))(.*)")
#: A bracketed name may be two words when the second is an acronym ("Safe RLHF").
# "(NAS)-enabled": a bracket glued to the next word abbreviates a modifier, not what is introduced.
_BRACKET_NAME = re.compile(rf"\(\s*[\"'“]?((?:[A-Z][a-z]+\s(?=[A-Z]{{2}}))?(?:{_NAME_TOKEN}))[\"'”]?\s*\)(?![-\w])")
_HEAD_THEN_NAME = re.compile(rf"([^.;]{{0,140}}?\b(?:{_HEAD_RE})s?)\s*(?:[,:]|--|[–—])\s*")
_TRIGGER = re.compile(rf"\b(?:{_NAME_TRIGGERS})\s+(?:as\s+|it\s+)?(?:the\s+|a\s+|an\s+)?")
_SPELLED = re.compile(rf"((?:\S+\s+){{0,12}}?\S+)\s+\(\s*({_NAME_TOKEN})\s*\)")
_STOP = re.compile(r"[.;]")
_LEAD_START = re.compile(rf"(?:\b(?:{_INTRO_VERBS})(?:s|d|ed)?|\b[Oo]ur)\s+")
_NAME_HEAD = re.compile(rf"{_NAME_TOKEN}\s+(?:{_HEAD_RE})\b")
_NAME_SPACE = re.compile(rf"{_NAME_TOKEN}\s")
#: "NAME (aside), a/the first ... HEAD": _APPOSITION_AT, an optional bracket, then _APPOSITION_TAIL.
_APPOSITION_AT = re.compile(rf"(?:^|[.;:]\s)({_NAME_TOKEN})")
_APPOSITION_TAIL = re.compile(rf"\s*,\s+(?:an?|the first)\s+(?:[\w-]+\s){{0,4}}?(?:{_HEAD_RE})\b")
_APPOSITION_HINT = re.compile(r",\s+(?:an?|the first)\s")
_BRACKET_OPEN = re.compile(r"\s*\(")
_DEFINITION = re.compile(rf"(?<![\w-])({_NAME_TOKEN})\s+\(([A-Z][^()]+)\)")
_FAST_DEFINITION = re.compile(r"\S\s+\([A-Z]")


def _name_at(text: str, strict: bool) -> tuple[str, str] | None:
    """Return (name, rest) when `text` starts with a name-like token ending its noun phrase."""
    m = _NAME_AT.match(text)
    if m and _looks_like_name(m.group(1), strict):
        return m.group(1), m.group(2)
    # Where the context says a name follows, "Tree-Planner," is one even though it reads as two words.
    if m and not strict and re.fullmatch(r"[A-Z][a-z]+(?:-[A-Z][a-z]+)+", m.group(1)) and re.match(r"\s*[,(:;.]", m.group(2)):
        return m.group(1), m.group(2)
    return None


def _parenthesised_acronym(obj: str, max_words: int) -> tuple[str, str, str, int] | None:
    """Find `Long Form (NAME)` early in `obj`: (name, long form, rest, words before the long form)."""
    if "(" not in obj:
        return None
    # Only a bracket within `max_words` words can hold the acronym: searching on to the end of the sentence
    # for one was quadratic on "called X (called X (…".
    after_words = next(islice(_WORD.finditer(obj), max_words, None), None)
    limit = after_words.start() if after_words else len(obj)
    for m in _brackets(obj, limit):
        before = obj[:m.start()]
        name = m.group(1)
        if not _looks_like_name(name):
            continue
        long_form = _acronym_long_form(name, before)
        if long_form:
            lead = before[:len(before.rstrip()) - len(long_form)].split()
            # A Title Case long form is a proper name; take its whole capitalised run ("Model Merging with ...").
            while lead and long_form[0].isupper() and lead[-1][0].isupper() and not lead[-1].endswith(","):
                long_form = lead.pop() + " " + long_form
            # A lower-case one is a description; keep its adjectives ("a non-parametric hierarchical ... model").
            while (lead and long_form[0].islower() and lead[-1].islower() and _is_filler(lead[-1])
                   and lead[-1] not in {"a", "an", "the", "our", "and", "novel", "new"}):
                long_form = lead.pop() + " " + long_form
            return name, long_form, obj[m.end():], len(lead)
    return None


_WORD = re.compile(r"\S+")


def _brackets(obj: str, limit: int) -> Iterator[re.Match[str]]:
    """Yield the _BRACKET_NAME matches in `obj` that start at or before `limit`, as finditer would."""
    i = obj.find("(", 0, limit + 1)
    while i != -1:
        m = _BRACKET_NAME.match(obj, i)
        if m:
            yield m
        # No match holds a "(" after its first character, so the next candidate is the next "(".
        i = obj.find("(", max(i + 1, m.end() if m else 0), limit + 1)


def _is_filler(word: str) -> bool:
    """Return True for words that can precede the head of an object noun phrase."""
    w = word.strip("*\"'“”")
    if w[:1].isupper():
        return False  # a capitalised word is part of a name, not a modifier before one
    if re.fullmatch(r"\d+[A-Za-z]{1,2}", w):
        return True  # "a 3D neural additive model (NAISR)"
    w = w.lower()
    if w.endswith((",", ":")) or w in {"--", "-", "–", "—"}:
        return True  # "a novel and low-compute algorithm, Model Merging ..."
    w = w.strip(",:;")
    return w in _NP_FILLER or w.endswith(_NP_ADJ_SUFFIX) or "-" in w or w.rstrip("s") in _HEADS


def _is_filler_run(words: list[str]) -> bool:
    """Return True if every word of `words` may precede the introduced name."""
    return all(_is_filler(w) for w in words)


def _object_name(obj: str, idx: int, strict_first: bool = False) -> _Name | None:
    """Return the name that heads the noun phrase `obj` ("a novel and low-compute algorithm, NAME (...)")."""
    # Ten words and the rest as one: splitting the whole rest of the sentence at every "we propose" was
    # quadratic, and a sentence is single-spaced (plain_text), so joining the pieces gives the same text.
    words = obj.split(maxsplit=10)
    for i in range(min(len(words), 10)):
        if i and not _is_filler(words[i - 1]):
            break
        after_head = i > 0 and words[i - 1].strip(",:").rstrip("s").lower() in _HEADS
        hit = _name_at(" ".join(words[i:]), strict=strict_first or (i > 0 and not after_head))
        if hit and i > 0 and (apposed := _apposed_name(hit[1], idx)):
            return apposed  # "a novel ERL algorithm, Temporally-Correlated Episodic RL (TCE)": ERL names the kind
        if hit:
            if not _looks_like_name(hit[0]):
                # "One for All (OFA)", "a new method, Recall to Imagine (R2I)": a plain capitalised word opening a
                # spelled-out acronym is not the name.
                acr = _parenthesised_acronym(" ".join(words[i:]), 16)
                if acr and acr[3] == 0 and len(acr[1].split()) >= 2 and acr[1].split()[0] == hit[0]:
                    return _Name(acr[0], idx, acr[1], acr[2], lead=" ".join(words[:i]))
            return _Name(hit[0], idx, after=hit[1], lead=" ".join(words[:i]))
    # "we pioneer Semantic Flow, a neural representation of ...": a Title Case phrase set off by its apposition.
    m = _TITLE_NAME_APPOSITION.match(obj)
    if (m and not any(w in _NOT_NAMES for w in m.group(1).split())
            and not (m.group(2) and _acronym_long_form(m.group(2), m.group(1)))):  # else the short form names it
        return _Name(m.group(1), idx, after=obj[m.end(1):])
    acr = _parenthesised_acronym(obj, 16)
    if acr and _MODIFIES_HEAD.match(acr[2]):
        return None  # "a novel Upper Confidence Bound (UCB) bonus-driven algorithm": UCB is what the algorithm uses
    if acr and _is_filler_run(lead := obj.split(maxsplit=acr[3])[:acr[3]]):
        return _Name(acr[0], idx, acr[1], acr[2], lead=" ".join(lead))
    # "a Reconstruction-Simulation-Perception (ReSimAD) scheme": a bracketed name before the head it names.
    m = _BRACKET_BEFORE_HEAD.match(obj)
    # "embodied question answering (EQA) tasks": the short form of a lower-case term is no name.
    if m and _looks_like_name(m.group(2)) and not _acronym_long_form(m.group(2), m.group(1))[:1].islower():
        return _Name(m.group(2), idx, after=obj[m.end():], lead=m.group(1) + m.group(3))
    # "a new self-explainable Graph Neural Network (GNN) model: GraphChef".
    m = _HEAD_THEN_NAME.match(obj)
    if m:
        rest = obj[m.end():]
        hit = _name_at(rest, strict=False)
        if hit:
            return _Name(hit[0], idx, after=hit[1], lead=m.group(1))
        acr = _parenthesised_acronym(rest, 12)
        if acr and acr[3] == 0 and acr[1][:1].isupper():
            return _Name(acr[0], idx, acr[1], acr[2], lead=m.group(1))
    return None


#: After a bracketed short form: a compound modifier and the head it qualifies ("(UCB) bonus-driven algorithm").
_MODIFIES_HEAD = re.compile(rf"\s*[a-z]+-(?:based|driven|guided|inspired|aware|style|type|like|free)\s+(?:[a-z-]+\s+)?"
                            rf"(?:{_HEAD_RE})s?\b")
_HEAD_COMMA = re.compile(rf"\s+(?:{_HEAD_RE})s?\s*,\s+(?!(?:a|an|the|which|that|and|where|to)\b)")


def _apposed_name(rest: str, idx: int) -> _Name | None:
    """Return the name set after "<name> HEAD, ..." ("ERL algorithm, Temporally-Correlated Episodic RL (TCE)"), or None."""
    m = _HEAD_COMMA.match(rest)
    if not m:
        return None
    after = rest[m.end():]
    acr = _parenthesised_acronym(after, 8)
    if acr and acr[3] == 0:
        return _Name(acr[0], idx, acr[1], acr[2])
    hit = _name_at(after, strict=True)
    return _Name(hit[0], idx, after=hit[1]) if hit else None


_BRACKET_BEFORE_HEAD = re.compile(rf"((?:[\w-]+\s+){{1,6}}?)\(\s*({_NAME_TOKEN})\s*\)\s+((?:{_HEAD_RE})s?)\b")
# The bracket of a short form whose letters are not the phrase's may stand between ("Matryoshka Diffusion (MDM), an").
_TITLE_NAME_APPOSITION = re.compile(r"([A-Z][\w'-]*(?:\s+(?:(?:of|for|and|by|in|on|to|the|&)\s+)?[A-Z][\w'-]*){1,3})"
                                    r"(?:\s+\(([\w-]{2,12})\))?,\s+(?:an?|the first)\s")
_INTRO_OBJECT = (rf"\b(?:(?:we|We|paper|work|study|article)(?:,\s*[a-z]+,)?\s+(?:have\s+|has\s+)?(?:[a-z]+ly\s+|also\s+|then\s+|further\s+|"
                 rf"hence\s+|thus\s+|therefore\s+|here\s+|first\s+)?(?:{_INTRO_VERBS})(?:s|d|ed)?|(?:by|[Bb]y)\s+(?:{_INTRO_GERUNDS})"
                 # "through the proposal of Variance Reduced Meta-CL (VR-MCL)"
                 rf"|\b(?:the\s+)?proposal\s+of)"
                 rf",?\s+(?:here\s+)?")
_INTRO_OBJECT_RE = re.compile(_INTRO_OBJECT)
# "We bridge this gap and present Eureka, ...": in a "we" sentence the subject is shared.
# "We integrate X in Y to present a new method, Z": so is the subject of its purpose.
_INTRO_OBJECT_AND_RE = re.compile(_INTRO_OBJECT.replace(r"(?:we|We|paper", r"(?:we|We|and|to|paper", 1))
_WE = re.compile(r"\b[Ww]e\b")


#: Every match of _INTRO_OBJECT holds one of these (an intro verb without its final "e", "proposal", the gerunds).
_INTRO_STEMS = tuple(sorted({v[:-1] if v.endswith("e") else v for v in _INTRO_VERBS.split("|")} | {"propos"}))


def _intro_object_names(sent: str, idx: int) -> list[_Name]:
    """Return names a "we propose/introduce ..." sentence introduces as its object."""
    if not any(stem in sent for stem in _INTRO_STEMS):
        return []  # most sentences introduce nothing: a substring test is cheaper than the pattern's scan
    found: list[_Name] = []
    pattern = _INTRO_OBJECT_AND_RE if _WE.search(sent) else _INTRO_OBJECT_RE
    for m in pattern.finditer(sent):
        hit = _object_name(sent[m.end():], idx)
        if hit:
            found.append(hit)
    return found


#: "We address these limitations with ClimODE, a ...": the name that remedies what the abstract set out.
_REMEDY = re.compile(r"\b[Ww]e\s+(?:[a-z]+ly\s+)?(?:address|tackle|overcome|solve|bridge|fill|close|alleviate|mitigate"
                     r"|remedy|resolve)\s[^.;]{0,80}?\b(?:with|via|through|using)\s+(?:the\s+|our\s+)?")


def _remedy_names(sent: str, idx: int) -> list[_Name]:
    """Return the coined name a "we address this gap with NAME, ..." sentence introduces."""
    if "e " not in sent:
        return []
    m = _REMEDY.search(sent)
    hit = _name_at(sent[m.end():], strict=True) if m else None
    return [_Name(hit[0], idx, after=hit[1], lead="")] if hit and re.match(r"\s*[,(:]", hit[1]) else []


#: Every match of _TRIGGER and of _NAMING_OBJECT holds one of these.
_TRIGGER_WORDS = ("call", "dub", "name", "term", "coin", "tagged", "refer")


def _trigger_names(sent: str, idx: int) -> list[_Name]:
    """Return names introduced by "called X", "dubbed X", "termed X (ACR)" in one sentence."""
    if not any(word in sent for word in _TRIGGER_WORDS):
        return []  # a substring test is cheaper than the patterns' scans, and most sentences name nothing
    found: list[_Name] = []
    lead_before: Callable[[int], str] | None = None  # made at the first trigger: most sentences have none
    for m in _TRIGGER.finditer(sent):
        rest = sent[m.end():]
        lead_before = lead_before or _leads(sent)
        lead = lead_before(m.start())
        acr = _parenthesised_acronym(rest, 14)
        if acr and acr[3] == 0:
            found.append(_Name(acr[0], idx, acr[1], acr[2], lead=lead))
            continue
        # "called theoREm-from-prooF extrACTOR (REFACTOR)": the bracketed token is the name.
        spelled = _SPELLED.match(rest)
        if spelled and _looks_like_name(spelled.group(2)) and re.search(r"[A-Z]", spelled.group(1)) \
                and not re.search(r"[,;.]", spelled.group(1)):
            found.append(_Name(spelled.group(2), idx, spelled.group(1), rest[spelled.end():], lead=lead))
            continue
        hit = _name_at(rest, strict=False) or _hyphened_name(rest)
        if hit:
            found.append(_Name(hit[0], idx, after=hit[1], lead=lead))
    if "e " in sent:  # every _NAMING_OBJECT match has "we " in it
        for m in _NAMING_OBJECT.finditer(sent):
            if _looks_like_name(m.group(2), strict=False):
                found.append(_Name(m.group(2), idx, after=sent[m.end(2):], lead=m.group(1)))
    return found


#: "We dubbed our generative AI detection method Raidar.": the name closes the clause that names the object.
_NAMING_OBJECT = re.compile(rf"\b[Ww]e\s+(?:call|dub|dubbed|name|named|term|termed|coin|coined)\s+(?:our|the|this)"
                            rf"\s+([^.;:,()]{{3,80}}?)\s+({_NAME_TOKEN})(?=\s*(?:[.;,]\s|[.;]?$))")


#: "named *Meta-Evolve* that uses ...": after a naming word, capitalised words joined by hyphens are one name.
_HYPHENED_NAME = re.compile(r"[\"'“]?([A-Z][a-z]+(?:-[A-Z][a-z]+)+)[\"'”]?(?=\s+(?:that|which|to|for|with)\b)(.*)")


def _hyphened_name(rest: str) -> tuple[str, str] | None:
    """Return (name, rest) for a hyphenated Title Case name a naming word introduces ("Meta-Evolve that"), or None."""
    m = _HYPHENED_NAME.match(rest)
    return (m.group(1), m.group(2)) if m else None


def _leads(sent: str) -> Callable[[int], str]:
    """Return a function giving the noun phrase before a naming trigger at `end` ("an autoencoder (AE) framework,")."""
    # The phrase is the words after the first intro verb or "our" since the last "." or ";" (the regex
    # "(?:verb|our)\s+([^.;]*?)$" on sent[:end]). Searching every trigger's whole prefix with it was quadratic
    # on "called called …", so the verbs and stops are found once and looked up by bisection.
    stops = [m.start() for m in _STOP.finditer(sent)]
    starts = [(m.start(), m.end()) for m in _LEAD_START.finditer(sent)]
    firsts = [start for start, _ in starts]

    def lead_before(end: int) -> str:
        """Return the noun phrase `sent[:end]` ends with, or ""."""
        k = bisect_right(stops, end - 1)
        j = bisect_right(firsts, stops[k - 1] if k else -1)
        if j == len(starts) or starts[j][1] > end:
            return ""
        return sent[starts[j][1]:end].strip(" ,")

    return lead_before


_NAME_THEN_VERB = re.compile(rf"(?:{_NAME_TOKEN})\s+[a-z]{{3,}}(?:ed|s)\b")
_QUOTED_BRACKET = re.compile(rf"\(\s*[\"“]({_NAME_TOKEN})[\"”]\s*\)")
_OUR = re.compile(r"\b(?:[Oo]ur|[Tt]he proposed)\s+")
_PROPOSED = re.compile(r"(?:proposed|new|novel)\b")


def _our_names(sent: str, idx: int) -> list[_Name]:
    """Return names in "our (proposed) method, X", "our approach (X)" and "X, a novel method" constructions."""
    found: list[_Name] = []
    for m in _OUR.finditer(sent):
        # The name sits within a few words; 60 words of context are plenty for its description.
        words = sent[m.end():].split(maxsplit=70)[:70]
        for i in range(min(len(words), 8)):
            prev = words[i - 1] if i else ""
            if i and not (prev[:1].islower() or prev in {"--", "-", "–", "—"}):
                break
            rest = " ".join(words[i:])
            lead = " ".join(words[:i])
            separated = prev[-1:] in {",", ":", "(", "–", "—", "-"} or prev in {"namely", "called"}
            # The name must be set off from the head noun ("our defense, PubDef"), or be what is proposed.
            proposed = bool(_PROPOSED.match(lead))
            bracket = _BRACKET_NAME.match(rest)
            if i and bracket and _looks_like_name(bracket.group(1)) and lead.split()[-1].rstrip("s") in _HEADS:
                found.append(_Name(bracket.group(1), idx, after=rest[bracket.end():], lead=lead))
                break
            if i == 0 and _NAME_HEAD.match(rest):
                hit = _name_at(rest, strict=True)  # "our RAPTOR model"
                if hit:
                    found.append(_Name(hit[0], idx, after=hit[1], lead=lead))
                    break
            if i == 0 and _NAME_THEN_VERB.match(rest) and _looks_like_name(words[0]) and "-" in words[0]:
                # "our LLM-CXR trained in this approach shows ...": a coined, hyphenated name the paper calls its own.
                found.append(_Name(words[0], idx, after=rest[len(words[0]):], lead=""))
                break
            if i and (separated or proposed):
                hit = _name_at(rest, strict=not proposed)
                if proposed and not hit and _NAME_SPACE.match(rest) and _looks_like_name(rest.split()[0]):
                    hit = rest.split()[0], rest[len(rest.split()[0]):]  # "Our proposed MindSimulator leverages ..."
                if hit:
                    found.append(_Name(hit[0], idx, after=hit[1], lead=lead))
                    break
            # A bracket more than ten words on cannot hold the acronym; most sentences have none that close.
            if not any("(" in w for w in words[i:i + 11]):
                continue
            if not (i == 0 or separated or proposed or lead.split()[-1].rstrip("s") in _HEADS):
                continue
            acr = _parenthesised_acronym(rest, 10)
            if acr and acr[3] == 0:
                found.append(_Name(acr[0], idx, acr[1], acr[2], lead=lead))
                break
    # "Our method -- Semantic Captioning Using Brain Alignments ("BrainSCUBA") --": a quoted name in brackets.
    for m in _QUOTED_BRACKET.finditer(sent):
        if _looks_like_name(m.group(1)) and _OUR.search(sent, 0, m.start()):
            found.append(_Name(m.group(1), idx, after=sent[m.end():]))
    for name, end in _appositions(sent):
        if _looks_like_name(name):
            found.append(_Name(name, idx, after=sent[end:]))
    return found


def _appositions(sent: str) -> Iterator[tuple[str, int]]:
    """Yield (name, end of name) for each "NAME (aside), a ... HEAD" in `sent`, as one regex's finditer would.

    The regex "(NAME)(\\s*\\([^)]*\\))?\\s*,..." read on to the next ")" from every "NAME (", to the end of the
    sentence when there is none ("; X (; X (…" was quadratic); here the next ")" is found once per stretch.
    """
    if not _APPOSITION_HINT.search(sent):
        return  # the cheap test spares most sentences the loop: every match has this in it
    pos = 0
    looked, close = len(sent) + 1, -1  # `close` is the first ")" at or after `looked` (-1: none)
    while m := _APPOSITION_AT.search(sent, pos):
        end = m.end()
        tail = None
        bracket = _BRACKET_OPEN.match(sent, end)
        if bracket:
            start = bracket.end()
            if not (looked <= start and (close == -1 or start <= close)):
                looked, close = start, sent.find(")", start)
            if close != -1:
                tail = _APPOSITION_TAIL.match(sent, close + 1)
        tail = tail or _APPOSITION_TAIL.match(sent, end)  # the bracket is optional
        if tail:
            yield m.group(1), end
            pos = tail.end()
        else:
            pos = m.start() + 1


def _defined_names(sent: str, idx: int) -> list[_Name]:
    """Return `NAME (Spelled Out Name)` definitions ("CoLiDE (Concomitant Linear DAG Estimation)")."""
    found: list[_Name] = []
    if not _FAST_DEFINITION.search(sent):
        return found
    for m in _DEFINITION.finditer(sent):
        name, inner = m.group(1), m.group(2).strip()
        if not _looks_like_name(name) or len(inner.split()) < 2:
            continue
        long_form = _acronym_long_form(name, inner)
        if long_form and long_form == inner:
            found.append(_Name(name, idx, inner, sent[m.end():]))
    return found


#: "a Cooperative Embodied Language Agent CoELA": Title Case words, then a mixed-case or capitals token right after.
_APPOSED = re.compile(r"((?:[A-Z][a-z]+[- ]){2,7})([A-Z][A-Za-z0-9]*[A-Z][A-Za-z0-9+-]*)(?![\w(-])")


def _apposed_names(sent: str, idx: int) -> list[_Name]:
    """Return names written right after the Title Case words their capitals abbreviate, without brackets
    ("building a Cooperative Embodied Language Agent CoELA, who can plan")."""
    found: list[_Name] = []
    for m in _APPOSED.finditer(sent):
        words, name = list(re.finditer(r"[A-Z][a-z]+", m.group(1))), m.group(2)
        capitals = "".join(c for c in name if c.isupper())
        # Every capital of the name is the initial of one of the words just before it, in order.
        if 3 <= len(capitals) <= len(words) and "".join(w.group(0)[0] for w in words[-len(capitals):]) == capitals \
                and _looks_like_name(name):
            long_form = m.group(1)[words[-len(capitals)].start():].strip()
            found.append(_Name(name, idx, long_form, sent[m.end():]))
    return found
