"""The method name an abstract introduces, chosen among every sentence's candidates.

Explicit namings beat objects of "we propose", earlier sentences beat later ones; a name never formally
introduced but used as a subject is good enough for a title, not for `method_name`.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from functools import lru_cache

from generator.infer.titles.coined import (
    _acronym_long_form,
    _count_word,
    _is_term_abbreviation,
    _looks_like_name,
    _Name,
)
from generator.infer.titles.finders import (
    _INTRO_OBJECT_RE,
    _apposed_names,
    _defined_names,
    _intro_object_names,
    _our_names,
    _remedy_names,
    _trigger_names,
)
from generator.infer.titles.lexicon import _CONTRIB_RE, _HEAD_RE, _OWN_FRAMING, _OWN_VOICE, _PRIOR_WORK
from generator.infer.titles.markup import _bold_acronyms, _emphasised_object_names, _emphasised_phrases, _repo_name
from generator.infer.titles.plain import plain_text, split_sentences
from generator.text import bracketed


def _find_name(text: str, md: str = "", common: frozenset[str] = frozenset()) -> _Name | None:
    """Return the method name the abstract introduces, or None; `md` is the Markdown the text came from, and no name
    in `common` (terms many abstracts of the corpus use) is one."""
    sents = split_sentences(text)
    # (rank, sentence, tier, -mentions, name): within a sentence an explicit naming (tier 0) beats the object
    # of "we propose" (tier 1), which may be a modifier of what is named ("a novel PET framework called BarLeRIa").
    cands: list[tuple[int, int, int, int, _Name]] = []
    for name in _bold_acronyms(md):
        for i, s in enumerate(sents):
            found = bracketed(name, s)
            if found:
                start, end = found[0]
                long_form = _acronym_long_form(name, s[:start])
                cands.append((0, i, 0, 0, _Name(name, i, long_form, s[end:])))
                break
    emphasised = _emphasised_phrases(md)
    for i, s in enumerate(sents):
        if emphasised:
            cands.extend((0, i, 0, -_count_word(n.name, text), n) for n in _emphasised_object_names(s, i, emphasised))
        # An explicit "called X" beats the acronym of the object it names ("an autoencoder (AE) ... called Shared-AE").
        for rank, tier, finder in ((0, 0, _trigger_names), (0, 1, _intro_object_names), (1, 1, _our_names),
                                   (1, 1, _remedy_names), (2, 1, _defined_names), (2, 1, _apposed_names)):
            for n in finder(s, i):
                count = _count_word(n.name, text)
                # A spelled-out definition elsewhere is only the paper's own if the name is used again.
                if rank == 2 and count < (2 if re.search(r"[a-z][A-Z]", n.name) else 3):
                    continue
                if rank > 0 and _is_term_abbreviation(n.name, text):
                    continue  # "our SMC framework" after "sequential Monte Carlo (SMC)"
                # "... constrained Bayesian optimization (BO). We present a novel constrained BO algorithm": a term an
                # earlier sentence defined (or any name a sentence not in the authors' voice defined) is a modifier of
                # what is introduced, not its name.
                if tier == 1 and _BEFORE_HEAD.match(n.after) and (_is_term_abbreviation(n.name, " ".join(sents[:i]), True)
                                                                 or _defined_in_background(n.name, sents[:i])):
                    continue
                cands.append((rank, i, tier, -count, n))
    # "on several datasets, e.g., CLOC, ImageNet10K and CGLM": a name given as an example is others' (data, a baseline).
    cands = [c for c in cands if c[4].name not in common and not _EXAMPLE_LEAD.search(c[4].lead)]
    if not cands and "/" in md:
        # Last resort: a project named only in its code link ("https://scalecrafter.github.io/ScaleCrafter/").
        name = _repo_name(md)
        if name and name not in common and not _cited(name, text) and not _prior_work_name(name, text):
            return _Name(name, len(sents))
    if not cands:
        return None
    cands.sort(key=lambda c: c[:4])
    best = cands[0][4]
    # "a low-rank (LoRa) branch ... our method (AutoLoRa)": a term's short form inside a longer name is a part of
    # the system the longer one names.
    if not _is_term_abbreviation(best.name, text):
        return best
    whole = next((c[4] for c in cands if best.name in c[4].name and best.name != c[4].name
                  and re.search(r"[A-Za-z]", c[4].name.replace(best.name, "")) and _count_word(c[4].name, text) >= 2), None)
    return whole or best


def _defined_in_background(name: str, sents: list[str]) -> bool:
    """Tell whether a sentence that is not the paper's own voice defines `name` ("Goal representation affects the
    performance of Hierarchical Reinforcement Learning (HRL) algorithms"): a term of the setting, Title Case or not."""
    return any(bracketed(name, s) and not _OWN_VOICE.search(s) for s in sents)


#: A citation: "[Pandey & Mandt, 2023]", "(Song et al., 2021a)".
_CITATION_MARK = re.compile(r"\s*[\[(][^\[\]()]{0,80}?\b(?:19|20)\d\d[a-z]?\s*[\])]")


def _cited(name: str, text: str) -> bool:
    """Tell whether the words a citation follows spell `name` out ("Phase Space Langevin Diffusion [Pandey & Mandt,
    2023]" for PSLD): a code link named after cited work is that work's code, not the paper's own method."""
    return any(len(_acronym_long_form(name, text[max(0, m.start() - 200):m.start()]).split()) >= 2
               for m in _CITATION_MARK.finditer(text))


#: The words that give examples, just before a name: "e.g.,", "such as", "including", "like".
_EXAMPLE_LEAD = re.compile(r"(?:\be\.g\.|\bsuch as|\bincluding|\blike)\s*,?\s*$", re.I)


def _prior_work_name(name: str, text: str) -> bool:
    """Tell whether the abstract brackets `name` after words that mark others' work in the same clause: a code link
    named after it is a new version's, and the name is the earlier work's, not the paper's title."""
    for start, _ in bracketed(name, text):
        clause = re.split(r"[.;:]|,\s+(?:and|but|which|while)\b", text[max(0, start - 150):start])[-1]
        if _PRIOR_WORK.search(clause):
            return True
    return False


#: A head noun right after a name: the name modifies what is introduced ("a constrained BO algorithm").
_BEFORE_HEAD = re.compile(rf"\s*(?:{_HEAD_RE})s?\b")
#: A token with a capital after its first letter or a digit: only those can look like a coined name.
_CANDIDATE_TOKEN = re.compile(r"(?<![\w.+-])[^\W_](?=[\w.+\-]*?[A-Z\d])[\w.+\-]*[\w+]")
#: After a name: an optional aside ("MT-Ranker, trained without labels, achieves"), adverbs, then a verb.
_VERB_AFTER = (r"(?:\s*\([^()]{0,40}\))?(?:,[^,.;]{1,80},)?\s+(?:(?:[a-z]+ly|also|first|then|further|even|still|"
               r"not only)\s+)*(?:can|could|will|may|is|was|[a-z]{2,}[^\Ws]s\b"
               # A plural noun ("DLTR methods are", "STEM subjects.") is followed by a verb, a preposition or a stop.
               r"(?!\s*[,.;:)]|\s+(?:are|were|have|had|do|can|could|will|would|should|may|might|must|to|in|of|for|with|on"
               r"|from|by|as|at|and|or|that|which|is|was)\b))\b")


_WORD_START = re.compile(r"(?<![\w-])")
_ENDS_BEFORE_VERB = re.compile(rf"(?![\w-]){_VERB_AFTER}")


def _before_verb(token: str, sentence: str) -> bool:
    """Return whether `sentence` has `token` as a whole word followed by a verb (_VERB_AFTER).

    The same as searching for the token's own pattern, without compiling one per token (a regex compile costs more
    than the scan, and the re module's cache holds only a few hundred).
    """
    start = sentence.find(token)
    while start >= 0:
        if _WORD_START.match(sentence, start) and _ENDS_BEFORE_VERB.match(sentence, start + len(token)):
            return True
        start = sentence.find(token, start + 1)
    return False


def _subject_name(text: str, common: frozenset[str] = frozenset()) -> _Name | None:
    """Return a coined name the abstract never formally introduces but keeps using as a subject, or None.

    "... we design a framework ... (SuRe). SuRe helps LLMs ... SuRe first constructs ...": a name first
    seen where the paper states its contribution, then the subject of two or more sentences, is the paper's.
    """
    sents = split_sentences(text)
    start = next((i for i, s in enumerate(sents) if _OWN_FRAMING.search(s) or _INTRO_OBJECT_RE.search(s)
                  or _CONTRIB_RE[0][0].search(s)), None)
    if start is None:
        return None
    seen: set[str] = set()
    best: tuple[int, int, _Name] | None = None
    for i, sent in enumerate(sents):
        for m in _CANDIDATE_TOKEN.finditer(sent):
            token = m.group(0)
            if token in seen:
                continue
            seen.add(token)
            # A name the abstract uses before its contribution sentence is someone else's.
            if i < start or token in common or not _looks_like_name(token) or _count_word(token, text) < 2:
                continue
            if not re.search(r"[a-z]", token) and _is_term_abbreviation(token, text):
                continue  # "deep long-tailed recognition (DLTR)": an abbreviated field, not a coined name
            subjects = sum(_before_verb(token, s) for s in sents[i:])
            if subjects < 2:
                continue
            long_form = ""
            if sent[m.start() - 1:m.start()] == "(" and sent[m.end():m.end() + 1] == ")":
                long_form = _acronym_long_form(token, sent[:m.start() - 1])
            key = (-subjects, i, _Name(token, i, long_form, sent[m.end():].lstrip(")")))
            if best is None or key[:2] < best[:2]:
                best = key
    return best[2] if best else None


@lru_cache(maxsize=16384)
def _name_of(abstract_md: str, common: frozenset[str] = frozenset()) -> _Name | None:
    """Return the name the abstract introduces, none of `common`, or None (cached per abstract)."""
    # infer_title and method_name both ask, and the pipeline asks for all titles before any
    # method name, so the cache holds a whole corpus; an entry is a few short strings.
    return _find_name(plain_text(abstract_md), abstract_md, common)


def method_name(abstract_md: str, common: frozenset[str] = frozenset()) -> str | None:
    """Return the name of the method/model/dataset the abstract introduces (none of `common`), or None."""
    found = _name_of(abstract_md, common)
    return found.name if found else None


#: A name this many other abstracts use (at least; more in a larger corpus, see common_names) is a term of the
#: field ("VQA", "ELBO", "BO"), not one paper's method.
COMMON_NAME_PAPERS = 2
#: ... or this share of the corpus's abstracts, whichever is more.
COMMON_NAME_SHARE = 0.001
_WORD_TOKEN = re.compile(r"[\w-]+")


def common_names(names: list[str | None], texts: list[str]) -> frozenset[str]:
    """Return the names found in `names` that enough other abstracts of `texts` use as a whole word, each in its own
    sentences, to be terms."""
    wanted = {n for n in names if n and _WORD_TOKEN.fullmatch(n)}
    if not wanted:
        return frozenset()
    users: dict[str, list[int]] = {n: [] for n in wanted}
    for i, text in enumerate(texts):
        for token in wanted.intersection(_WORD_TOKEN.findall(text)):
            users[token].append(i)
    # Its own abstract is one of the users.
    least = 1 + max(COMMON_NAME_PAPERS, math.ceil(COMMON_NAME_SHARE * len(texts)))
    return frozenset(n for n, rows in users.items() if len(rows) >= least and _own_voices(n, rows, texts) >= least)


def _own_voices(name: str, rows: list[int], texts: list[str]) -> int:
    """Return how many of the abstracts (`rows`) use `name` in a sentence of their own, one no other of them holds."""
    # Abstracts that repeat one another's sentences (a reprint, a template, text recombined from others) are one
    # voice: a term is written by each paper in its own words.
    said = [set(_sentences_with(name, texts[i])) for i in rows]
    seen = Counter(s for sentences in said for s in sentences)
    return sum(any(seen[s] == 1 for s in sentences) for sentences in said)


def _sentences_with(name: str, text: str) -> list[str]:
    """Return the sentences of `text` (cut at full stops) that hold `name`."""
    found, start = [], text.find(name)
    while start >= 0:
        begin = text.rfind(". ", 0, start) + 1
        end = text.find(". ", start)
        found.append(text[begin:end if end >= 0 else len(text)].strip())
        start = text.find(name, start + len(name) if end < 0 else end)
    return found


def to_rename(found: list[tuple[str | None, str | None]], texts: list[str]) -> dict[int, frozenset[str]]:
    """Return, for each paper whose found names (its title's, its method's) include a term of the corpus
    (common_names), the terms its abstract uses: what naming it again must pass over."""
    common = common_names([n for pair in found for n in pair], texts)
    return {i: common_in(texts[i], common) for i, pair in enumerate(found) if common.intersection(pair)}


def common_in(text: str, common: frozenset[str]) -> frozenset[str]:
    """Return the names of `common` that `text` uses as a whole word (what naming it again must pass over)."""
    return frozenset(common.intersection(_WORD_TOKEN.findall(text))) if common else frozenset()


#: "a greedy algorithm called retro-fallback", "which we term relative centrality", "a game called Tensor Trust":
#: a phrase the abstract coins in words rather than as a token (too plain for `method_name`, good for a title).
_COINED_TERM = re.compile(
    r"\b(?:called|termed|dubbed|coined|(?:which|that|what)\s+we\s+(?:call|term|dub|coin))\s+(?:as\s+)?(?:the\s+)?"
    r"[\"'“]?((?:[a-z][a-z-]{2,}|[A-Z][a-z-]{2,})(?:\s(?:[a-z][a-z-]{2,}|[A-Z][a-z-]{2,})){0,2}?)[\"'”]?"
    r"(?=\s*[,.;:()]|\s(?:that|which|to|for|and|in|on|with|by|is|are|was|were|can)\b)")


def _coined_term(text: str, common: frozenset[str] = frozenset()) -> _Name | None:
    """Return the first phrase the abstract names with "called"/"termed" and uses again, or None."""
    named = any(w in text for w in ("called", "termed", "dubbed", "coined", "we call", "we term", "we dub", "we coin"))
    if not named and "(" not in text:
        return None
    lowered = text.lower()
    for i, sent in enumerate(split_sentences(text)):
        for m in _COINED_TERM.finditer(sent) if named else ():
            term = _quoted_whole(sent, m.start(1)) or m.group(1)
            # A Title Case phrase must be one style throughout ("Tensor Trust", not "Tensor trust").
            if len({w[:1].isupper() for w in term.split()}) > 1 or term.lower() in _NOT_TERMS:
                continue
            # Coined in the sentence that states the contribution, once is enough ("we introduce ..., termed X").
            if lowered.count(term.lower()) >= 2 or (" " in term and re.search(r"\b(?:[Ww]e|[Oo]ur)\b", sent)):
                if term[-1:] != "s" and term.lower() + "s" in lowered:
                    term += "s"  # "a neural snowflake ... neural snowflakes": the title names the kind
                if term[:1].upper() + term[1:] not in common:
                    return _Name(term[:1].upper() + term[1:], i, after=sent[m.end():])
        # "a framework of fairness regularization terms (fairret)": a lower-case short form the abstract reuses.
        for m in _LOWER_SHORT.finditer(sent):
            short = m.group(1)
            # Only where the sentence introduces it: "irreducible representations (irreps)" is a term's short form.
            if re.fullmatch(r"[ivxl]+", short) or not _INTRO_OBJECT_RE.search(sent, 0, m.start()):
                continue
            long_form = _acronym_long_form(short, sent[:m.start()])
            if long_form and len(long_form.split()) >= 2 and _count_word(short, text) + lowered.count(short + "s") >= 2 \
                    and short not in common:
                return _Name(short, i, long_form, sent[m.end():])
    return None


def _quoted_whole(sent: str, start: int) -> str:
    """Return the whole quoted phrase a coined term opens ('called "multiple observations in hindsight"'), or ""."""
    if start == 0 or sent[start - 1] not in "\"“":
        return ""
    end = sent.find("”" if sent[start - 1] == "“" else '"', start, start + 60)
    phrase = sent[start:end] if end > 0 else ""
    return phrase if 2 <= len(phrase.split()) <= 6 and re.fullmatch(r"[\w\s-]+", phrase) else ""


_LOWER_SHORT = re.compile(r"\(([a-z][a-z0-9]{2,11})\)")
#: Words a naming verb is followed by that start a description, not a name ("called upon", "termed as such").
_NOT_TERMS = {"upon", "for", "into", "such", "this", "these", "that", "them", "it", "the", "our"}
