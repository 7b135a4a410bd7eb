"""Acronyms of tag inference: definitions ("large language models (LLMs)") found per text, pooled per corpus.

An acronym folds into the key of its long form. A text's own definition wins; elsewhere the corpus's most
frequent one does. Each text's evidence depends only on the acronyms it can mention (mentionable_acronyms),
so that a new definition elsewhere leaves it unchanged.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict

from generator.infer.tags.tokens import acronym_stem, inner_capital, tokens
from generator.infer.tags.words import STOP
from generator.text import adjective_phrase, fold_key

#: "long form (LF)", and "long form (adjusted LF)" / "(or LFs)": a word or two before the acronym in the bracket
#: still define it when the words before the bracket spell it ("adjusted direct finetuning (adjusted DFT)").
_ACRONYM_DEF = re.compile(r"\(\s*((?:[a-z][a-z-]*\s+){0,2})([A-Za-z][A-Za-z0-9\-]*[A-Z][A-Za-z0-9\-]*?)\s*\)")
#: Words before an acronym in a bracket that make it an example or a source, not a definition ("(like CLIP)").
_NOT_DEFINING = frozenset("like unlike e.g eg such see including cf via based using with from by than".split())

#: An acronym of at most this many letters that one paper alone defines folds elsewhere only where its words are said.
COINED_LETTERS = 2

# The JSON form of text_facts() (a tuple is a list of exactly those items): [definitions, stems, spelled out].
TextFacts = tuple[list[tuple[str, str]], list[str], list[tuple[str, str]]]


def find_acronyms(text: str) -> list[tuple[str, str]]:
    """Return (acronym, expansion) pairs defined as "long form (LF)" in a plain text."""
    pairs = []
    for m in _ACRONYM_DEF.finditer(text):
        acro, inside = m.group(2), m.group(1).split()
        if any(w in _NOT_DEFINING for w in inside):
            continue
        letters = "".join(c.lower() for c in re.sub(r"s$", "", acro) if c.isalpha())
        if not 2 <= len(letters) <= 8:
            continue
        before = tokens(text[max(0, m.start() - 200) : m.start()])
        words: list[str] = []
        spelled = False
        # Walk back over the words before the bracket; the shortest run that spells the acronym wins.
        for tok in reversed(before):
            if not tok[0].isalpha() or len(words) > len(letters) + 2:
                break
            words.insert(0, tok)
            # A function word opens a long form only when it gives the first letter ("least disagree metric (LDM)").
            if words[0].lower() in STOP and words[0][0].lower() != letters[0]:
                continue
            if any(_spells(letters, parts) for parts in _readings(words)):
                pairs.append((acro, " ".join(words)))
                spelled = True
                break
        if inside and not spelled:
            # "adjusted direct finetuning of … (adjusted DFT)": the paper's own acronym, whose long form does not
            # spell it; no other paper's expansion ("density functional theory") stands in for it.
            pairs.append((acro, acro))
    return pairs


def _readings(words: list[str]) -> list[list[str]]:
    """Return the ways to read words as acronym parts: an initial per hyphenated part, or, for the last word only,
    one for the whole word ("Contrastive Language-Image Pre-training (CLIP)": "pre-training" gives the "P").
    Earlier words keep their parts: "Large-scale Language Models (LLMs)" spells no "L-S-L-M" acronym."""
    parts = [[p for p in w.lower().split("-") if p] for w in words]
    plain = [p for ps in parts for p in ps]
    if not parts or len(parts[-1]) < 2:
        return [plain]
    return [plain, [p for ps in parts[:-1] for p in ps] + ["".join(parts[-1])]]


def _spells(letters: str, parts: list[str]) -> bool:
    """Return whether each word part gives the next acronym letter by its initial, plus optional inner letters."""
    if not parts:
        return not letters
    head, rest = parts[0], parts[1:]
    if head in STOP and _spells(letters, rest):
        return True  # "of", "and" inside the long form may be skipped
    if not letters or head[0] != letters[0]:
        return False
    # The part may also supply the following letters from its inside, in order ("ViT" = "vision transformer").
    used = 1
    pos = 1
    while True:
        if _spells(letters[used:], rest):
            return True
        if used >= len(letters):
            return False
        found = head.find(letters[used], pos)
        if found < 0:
            return False
        used += 1
        pos = found + 1


def text_facts(text: str) -> list[list]:
    """Return what tag inference needs of a text before the corpus is known: [acronym definitions, acronym-like
    stems, acronyms spelled out].

    The definitions are find_acronyms(text) as [acronym, expansion] pairs; the stems are the sorted
    distinct tokens (plural `s` dropped) that could name an acronym, i.e. have a capital after their
    first letter: only those can be looked up in an acronym map; the spelled-out ones are [acronym, words]
    for an acronym the text defines nowhere in brackets but writes out as capitalised words.
    """
    # A token in lower case only is no acronym and has no inner capital: it could not be kept below.
    stems = {acronym_stem(t) for t in set(tokens(text)) if not t.islower()}
    definitions = find_acronyms(text)
    defined = {acronym_stem(a) for a, _ in definitions}
    # An acronym the text spells out in capitalised words without brackets is defined there too: no other
    # paper's long form stands in for it ("a Rank-based Latent Causal Discovery algorithm, RLCD, …" is not
    # another paper's "Reinforcement Learning from Contrastive Distillation (RLCD)").
    # Only the text's own: a name written in capitals defines its acronym for other papers no more than a
    # bracket does ("Generative Pre-trained Transformer" once would make every "GPT-4" a tag of that name).
    undefined = sorted(s for s in stems - defined if s.isupper() and s.isalpha() and 3 <= len(s) <= 8)
    runs = _capitalised_runs(text) if undefined else []
    spelled = [[s, words] for s in undefined if (words := _spelled_out(s, runs))]
    return [[list(pair) for pair in definitions], sorted(s for s in stems if inner_capital(s)), spelled]


_WORD = re.compile(r"[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*")


def _capitalised_runs(text: str) -> list[list[str]]:
    """Return every run of two or more capitalised words the text writes one after another, with only blanks
    between them ("Rank-based Latent Causal Discovery"); an all-capital word (an acronym itself) ends a run."""
    runs: list[list[str]] = []
    current: list[str] = []
    last_end = -1
    for match in _WORD.finditer(text):
        word = match.group(0)
        capitalised = word[0].isupper() and not word.isupper()
        if not capitalised or (current and not text[last_end:match.start()].isspace()):
            if len(current) >= 2:
                runs.append(current)
            current = []
        if capitalised:
            current.append(word)
        last_end = match.end()
    if len(current) >= 2:
        runs.append(current)
    return runs


def _spelled_out(acronym: str, runs: list[list[str]]) -> str | None:
    """Return the words of a run whose initials are the acronym's letters, or None: a word gives the initial of each
    of its capitalised parts ("Black-Box Optimization" spells BBO, "Pre-trained" only a P), whole words only."""
    for run in runs:
        letters = [(part[0], i) for i, word in enumerate(run) for k, part in enumerate(word.split("-"))
                   if part and (k == 0 or part[0].isupper())]
        initials = "".join(letter for letter, _ in letters)
        at = initials.find(acronym)
        while at >= 0:
            first, last = letters[at][1], letters[at + len(acronym) - 1][1]
            # The letters must begin at a word's first part and end with a word's last.
            whole = (at == 0 or letters[at - 1][1] != first) and (
                at + len(acronym) == len(letters) or letters[at + len(acronym)][1] != last)
            if whole:
                return " ".join(run[first : last + 1])
            at = initials.find(acronym, at + 1)
    return None


def corpus_acronyms(facts: list[list]) -> dict[str, str]:
    """Return acronym (as written, singular) -> long-form key, from every text's facts; the most frequent wins, a
    name before an adjective ("differential privacy (DP)" before "differentially private (DP)")."""
    seen: dict[str, Counter] = defaultdict(Counter)
    for definitions, *_ in facts:
        for acro, expansion in definitions:
            if expansion != acro:  # a paper's own acronym without a long form expands nothing elsewhere
                seen[acronym_stem(acro)][fold_key(expansion)] += 1
    for counts in seen.values():
        if any(not adjective_phrase(key) for key in counts):
            for key in [k for k in counts if adjective_phrase(k)]:
                del counts[key]
    return {acro: _most_common(seen[acro]) for acro in sorted(seen)}


def corpus_expansions(facts: list[list]) -> dict[str, str]:
    """Return long-form key -> its most frequent written form in the corpus's definitions, in lower case
    but for words with an inner capital ("Multiple Instance Learning" -> "multiple instance learning")."""
    seen: dict[str, Counter] = defaultdict(Counter)
    proper = _proper_words(facts)
    for definitions, *_ in facts:
        for acro, expansion in definitions:
            if expansion == acro:
                continue
            written = " ".join(w if inner_capital(w) or w in proper else w.lower() for w in expansion.split())
            seen[fold_key(expansion)][written] += 1
    return {key: _most_common(seen[key]) for key in sorted(seen)}


def _proper_words(facts: list[list]) -> frozenset[str]:
    """Return the words a definition written in lower case capitalises after its first word ("Markov" in "partially
    observable Markov decision process"): names of people and places, kept so where a Title Case definition
    ("Partially Observable Markov Decision Processes") capitalises every word."""
    capital: set[str] = set()
    lower: set[str] = set()
    for definitions, *_ in facts:
        for _, expansion in definitions:
            words = [w for w in expansion.split()[1:] if w[:1].isalpha()]
            if any(w[:1].islower() for w in words):
                capital.update(w for w in words if w[:1].isupper() and w[1:].islower())
                lower.update(w for w in words if w.islower())
    return frozenset(w for w in capital if w.lower() not in lower)


def _most_common(counts: Counter) -> str:
    """Return the most frequent item, ties broken alphabetically (deterministic)."""
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[0][0]


def coined_acronyms(facts: list[list], acronyms: dict[str, str]) -> set[str]:
    """Return the two-letter acronyms of `acronyms` whose long form one text alone defines: two letters stand for
    many things, and one paper's "integer programming (IP)" is not another's "IP addresses"."""
    papers: Counter = Counter()
    for definitions, *_ in facts:
        papers.update({stem for a, e in definitions if acronyms.get(stem := acronym_stem(a)) == fold_key(e)})
    return {a for a in acronyms if papers[a] < 2 and sum(ch.isalpha() for ch in a) <= COINED_LETTERS}


def mentionable_acronyms(facts: list[list], acronyms: dict[str, str], text: str = "",
                         coined: set[str] = frozenset()) -> dict[str, str]:
    """Return the acronym map a text's evidence is computed with: its own definitions first, then the corpus's; a
    long form only one other text defines (`coined`) stands for the acronym where this `text` says one of its words."""
    definitions, stems, spelled = facts
    # A paper's own definition of an acronym beats the corpus's most common one; a name it spells out in
    # capitals does where it is another name ("Rank-based Latent Causal Discovery" against "reinforcement
    # learning from contrastive distillation"), not a way of writing the same one ("Multi-modality Large
    # Language Models" is the corpus's "multimodal large language models").
    local = {acronym_stem(a): fold_key(e) for a, e in definitions}
    # An acronym names a thing: defined by an adjective here, it takes the corpus's name ("differential privacy").
    local = {a: acronyms[a] if adjective_phrase(e) and a in acronyms else e for a, e in local.items()}
    for acro, words in spelled:
        key = fold_key(words)
        if acro not in acronyms or not _same_name(key, acronyms[acro]):
            local[acro] = key
    found = {s: local[s] if s in local else acronyms[s] for s in stems if s in local or s in acronyms}
    # A text that brings in the acronym itself, after words that are not the corpus's long form ("Matryoshka Diffusion
    # (MDM)" against "mutual distillation module"), means something else by it.
    return {s: key for s, key in found.items()
            if s in local or (s not in coined or _says_a_word(key, text)) and not _brought_in_otherwise(s, key, text)}


def _brought_in_otherwise(acronym: str, key: str, text: str) -> bool:
    """Tell whether `text` writes "(ACRONYM)" after a name of its own, capitalised words sharing no content word with
    the long form `key` ("Matryoshka Diffusion (MDM)"); a gloss ("external tools (APIs)") brings in nothing."""
    if f"({acronym}" not in text:
        return False
    m = re.search(rf"((?:[A-Z][\w-]*\s+)+[A-Z][\w-]*)\s*\(\s*{re.escape(acronym)}s?\s*\)", text)
    return bool(m) and not _content_words(fold_key(m.group(1))) & _content_words(key)


def _says_a_word(key: str, text: str) -> bool:
    """Tell whether a text writes one of a long form's content words, singular or plural ("integer", "programs")."""
    words = set(fold_key(text).split())
    return any(w in words for w in _content_words(key) if len(w) > 3)


def _same_name(key: str, other: str) -> bool:
    """Tell whether two long forms are one name written two ways: most of their content words are shared
    ("multi modality large language models", "multimodal large language models"), not one
    ("black box optimization", "bayesian bilevel optimization")."""
    words, others = _content_words(key), _content_words(other)
    return 2 * len(words & others) >= max(len(words), len(others), 1)


def _content_words(key: str) -> set[str]:
    """Return the words of a long-form key that carry its meaning (three letters or more, not function words)."""
    return {w for w in key.split() if len(w) > 2 and w not in STOP}
