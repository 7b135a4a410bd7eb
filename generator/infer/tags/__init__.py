"""Infer tags: key phrases of each abstract, folded into canonical names shared by at least two papers (or the phrase
one paper picks first).

Input: papers with plain `text` (and optional author `keywords`) plus the user's Vocabulary.
Output: `paper.tags` (slugs, most relevant first) and the Tag objects by slug.

The stage is pure and knows nothing of caching: the per-paper steps (text_facts, text_evidence) and the
corpus-wide ones (corpus_acronyms, mentionable_acronyms) are public, so a caller may reuse their results;
assign_tags computes them itself when not given. No model, no download: candidates.py extracts phrases,
acronyms.py folds acronyms, score.py scores candidates against the corpus and pick.py picks (see
docs/inference.md for the method's history).
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Callable

import numpy as np

from generator.infer.tags.acronyms import (TextFacts, coined_acronyms, corpus_acronyms, corpus_expansions,
                                           find_acronyms, mentionable_acronyms, text_facts)
from generator.infer.tags.candidates import (MAX_WORDS, Occurrence, TextEvidence, evidence_unpacks, extract_candidates,
                                             text_evidence)
from generator.infer.tags.generic import adjective_compound, generic_pair, unfit_phrase, widespread_part
from generator.infer.tags.pick import BROAD_SHARE, CONCEPT_HEADS, TAIL_SHARE, Picker, concept_key
from generator.infer.tags.words import BAD_START, GENERIC_SINGLE, STOP
from generator.infer.tags.score import ACTION_ENDINGS, Candidates, Folder
from generator.infer.tags import umbrella
from generator.infer.tags.umbrella import cohesion, judged, least_papers, likeness, mean_pair, scattered, umbrellas
from generator.text import ABSTRACT_NOUN_ENDINGS, SUBJECT_ENDINGS, abbreviates, names_a_subject
from generator.model import Paper, Tag, Vocabulary
from generator.text import fold_key as tag_key
from generator.text import slugify

#: A word used by this share of the papers (and this many) is widespread: "graph data" is a part of what they all study.
WIDESPREAD_SHARE = 0.05
WIDESPREAD_MIN_PAPERS = 10
#: ... where its papers name it fewer times each than this.
WIDESPREAD_BURST = 2.0
#: A name written as its acronym this many times as often as spelled out is shown as the acronym.
ACRONYM_KNOWN = 10
#: A paper left with fewer tags than this shows the phrase it alone names (see _own_phrases) ...
OWN_PHRASE_BELOW = 2
#: ... if it names it at least this often.
OWN_PHRASE_MENTIONS = 3
#: A tag inside a longer tag of its paper stays only where the corpus uses it as a term of its own: at least this share
#: of the papers naming it write it without a word before it somewhere (docs/inference.md, stop 52: at a half or a
#: third the dev corpus's F1@5 falls under its floor, at a quarter it holds).
TAIL_ALONE_SHARE = 0.25
#: A paper keeps its field names (score.Candidates.field) unless it has at least this many other tags.
FIELD_KEEP = 1
#: A paper drops its passing mentions (score.Candidates.passing) where it keeps at least this many other tags.
PASSING_KEEP = 2
#: A paper drops its scattered phrases (umbrella.scattered) where it keeps at least this many other tags.
SCATTERED_KEEP = 2
#: A common word naming a quality or an activity ("fairness", "privacy", "compression") that the corpus writes as a
#: thing of its own names a subject where the papers naming it are at least this alike (umbrella.cohesion); most such
#: words are everyone's ("similarity", "variance", "optimization": their papers are barely more alike than any two).
SUBJECT_COHESION = 0.45

__all__ = ["MAX_WORDS", "Occurrence", "TextEvidence", "TextFacts", "assign_tags", "coined_acronyms", "corpus_acronyms",
           "corpus_expansions", "corpus_evidence", "evidence_unpacks", "extract_candidates", "find_acronyms",
           "mentionable_acronyms", "tag_key", "tag_slug", "text_evidence", "text_facts"]


def tag_slug(name: str) -> str:
    """Return a file-name-safe slug for a tag name: lowercase ASCII words joined by hyphens."""
    return slugify(name, max_words=None, max_chars=80) or "tag"


def corpus_evidence(texts: list[str]) -> list[list]:
    """Return every text's candidate evidence, each with the acronyms it can mention (as build does, uncached)."""
    facts = [text_facts(t) for t in texts]
    acronyms = corpus_acronyms(facts)
    coined = coined_acronyms(facts, acronyms)
    return [text_evidence(t, mentionable_acronyms(f, acronyms, t, coined)) for t, f in zip(texts, facts)]


def assign_tags(papers: list[Paper], vocab: Vocabulary, max_tags: int = 5, min_tags: int = 2,
                evidence: list[list] | None = None, expansions: dict[str, str] | None = None,
                embedding: Callable[[], np.ndarray] | None = None) -> dict[str, Tag]:
    """Set `paper.tags` for every paper and return the tags by slug, each shared by at least two papers or its paper's first.

    `evidence` is each paper's text_evidence() (see corpus_evidence, which computes it when not given) and
    `expansions` the corpus's written long forms of acronyms (corpus_expansions, computed likewise).
    `embedding`, when given, returns the papers' text embedding (a row each, in order) once the first picks are
    made, so a caller may still be computing it meanwhile: umbrella tags (umbrella.py) are then picked again.
    """
    if evidence is None or expansions is None:
        facts = [text_facts(p.text or "") for p in papers]
        expansions = corpus_expansions(facts) if expansions is None else expansions
        if evidence is None:
            acronyms = corpus_acronyms(facts)
            coined = coined_acronyms(facts, acronyms)
            evidence = [text_evidence(p.text or "", mentionable_acronyms(f, acronyms, p.text or "", coined))
                        for p, f in zip(papers, facts)]
    fold = Folder(vocab)
    cands = Candidates(papers, evidence, fold)
    given_keys = np.zeros(len(cands.keys), dtype=bool)
    given_keys[[k for given in cands.given for k in given]] = True
    picker = Picker(cands.keys, cands.paper, cands.key, cands.given, cands.scores(given_keys), max_tags, min_tags,
                    broad=cands.df > BROAD_SHARE * len(papers),
                    tail=cands.opens < TAIL_SHARE * np.maximum(cands.total, 1))
    unfit = _Unfit(cands, fold, given_keys, expansions)
    allowed = cands.df >= 2
    first = picker.pick(np.arange(len(papers)), allowed)
    picks = _shared_picks(picker, allowed, unfit, [list(keys) for keys in first])
    if embedding is not None:
        # A tag is judged by the papers that pick it first: the re-picks after other rules drop a tag fall back on
        # broad ones, and would decide for them. A tag too rare among first picks to judge is judged by its papers now.
        vectors = embedding()
        picks, subjects = _with_subject_words(picker, cands, unfit, allowed, picks, vectors)
        on_first, on_shared = _members(cands, first), _members(cands, picks)
        found = umbrellas(on_first, vectors)
        found |= {k for k in umbrellas(on_shared, vectors) if k not in judged(on_first, len(vectors))}
        # Names the user or an author gave stay, as they do for the other rules of fitness; a subject word was judged
        # by the papers that keep naming it, not by those that first picked it in passing.
        unfit.umbrella = {k for k in found if not given_keys[k] and cands.keys[k] not in fold.names and k not in subjects}
        picks = _shared_picks(picker, allowed, unfit, picks)
    picks = _shared_picks(picker, allowed, unfit, _without_passing(picker, cands, given_keys, fold, allowed, picks))
    picks = _shared_picks(picker, allowed, unfit, _without_fields(picker, cands, given_keys, fold, allowed, picks))
    if embedding is not None:
        picks = _shared_picks(picker, allowed, unfit, _without_scattered(picker, cands, given_keys, fold, allowed,
                                                                         picks, vectors))
    picks = _shared_picks(picker, allowed, unfit, _without_pieces(picker, cands, given_keys, fold, expansions, allowed,
                                                                  picks))
    picks = [_without_middles(_without_inserted(keys, cands.keys), cands.keys) for keys in picks]
    texts = [p.text or "" for p in papers]
    picks = _own_phrases(cands, unfit, _without_modifiers(cands, given_keys, picks, texts), texts)
    if embedding is not None:
        picks = _without_opening_examples(cands, given_keys, fold, picks, vectors)
    picks = _without_tails(cands, given_keys, picks)
    tags: dict[str, Tag] = {}
    slug_of: dict[int, str] = {}
    fields = cands.fields()
    for kid in sorted({k for keys in picks for k in keys}, key=cands.keys.__getitem__):
        tag = _tag(cands.keys[kid], cands.surfaces(kid), fold, tags, expansions)
        tag.is_field = bool(fields[kid]) and cands.keys[kid] not in fold.names
        tags[tag.slug] = tag
        slug_of[kid] = tag.slug
    for paper, keys in zip(papers, picks):
        paper.tags = [slug_of[k] for k in keys]
        for slug in paper.tags:
            tags[slug].papers.append(paper.id)
    return dict(sorted(tags.items()))


class _Unfit:
    """Tell whether a key, by the name it would be shown under, is no tag: one common word ("conditions", "mapping")."""

    def __init__(self, cands: Candidates, fold: Folder, given_keys: np.ndarray, expansions: dict[str, str]) -> None:
        self.cands, self.fold, self.given, self.expansions, self.seen = cands, fold, given_keys, expansions, {}
        self.umbrella: set[int] = set()  # keys found to be umbrella tags (umbrella.py)
        self._heads: Counter | None = None
        self._key_ids: dict[str, int] | None = None

    def widespread(self, word: str) -> bool:
        """Return whether a word is used by WIDESPREAD_SHARE of the papers, and at least WIDESPREAD_MIN_PAPERS."""
        floor = max(WIDESPREAD_SHARE * len(self.cands.given), WIDESPREAD_MIN_PAPERS)
        return self.cands.word_df.get(word, 0) >= floor

    def combines(self, word: str) -> int:
        """Return how many different words end a two-word noun phrase of the corpus after `word` (generic.py)."""
        if self._heads is None:
            keys = self.cands.keys
            self._heads = Counter(keys[k].split(" ", 1)[0] for k in np.flatnonzero(self.cands.at_end > 0).tolist()
                                  if keys[k].count(" ") == 1)
        return self._heads[word]

    def problem_of_a_concept(self, words: list[str]) -> bool:
        """Tell whether a key is "<concept> problem" where the concept is a phrase of the corpus itself ("optimization
        problem", "optimal transport problem"): the head adds nothing. "inverse problem" names a field of its own."""
        if len(words) < 2 or words[-1] != "problem":
            return False
        if words[-2].endswith(ABSTRACT_NOUN_ENDINGS):
            return True  # "inconsistency problem", "optimization problem": a noun and the filler head
        # Else the concept must stand as a noun of its own (ends its phrases): "inverse" is an adjective.
        if self._key_ids is None:
            self._key_ids = {key: kid for kid, key in enumerate(self.cands.keys)}
        concept = self._key_ids.get(" ".join(words[:-1]))
        return concept is not None and self.cands.df[concept] >= 2 and (len(words) > 2 or self.named_alone(concept))

    def named_alone(self, kid: int) -> bool:
        """Tell whether a key is written as a thing of its own, not a modifier: it ends most of the noun phrases it is in
        ("self-consistency", not "vision-language models"), and opens with no function word ("in-distribution")."""
        return (self.cands.at_end[kid] * 2 >= self.cands.total[kid]
                and self.cands.keys[kid].split(" ", 1)[0] not in STOP)

    def __call__(self, kid: int) -> bool:
        """Return whether the key `kid` is unfit to be shown (names the user or an author gave are fit)."""
        if kid in self.umbrella:
            return True
        if kid not in self.seen:
            key = self.cands.keys[kid]
            name = _display_name(key, self.cands.surfaces(kid), self.fold, self.expansions)
            # "learning models", "training data": a generic noun with a generic head names no concept either.
            vague = len(words := key.split(" ")) == 2 and words[0] in GENERIC_SINGLE and words[1] in CONCEPT_HEADS
            vague = vague or generic_pair(key) or adjective_compound(name)  # "model outputs", "task-agnostic"
            vague = vague or unfit_phrase(name, self.combines)  # "target domain", "latent space", "local models"
            vague = vague or self.problem_of_a_concept(words)  # "optimization problem": "optimization" says it
            # "graph data", "network weights": unless its papers keep naming it (then it is what they study).
            rare = self.cands.total[kid] < WIDESPREAD_BURST * self.cands.df[kid]
            vague = vague or (rare and widespread_part(name, self.widespread))
            subject = names_a_subject(name) or (_initialised(key, self.cands.surfaces(kid)) and self.named_alone(kid))
            self.seen[kid] = key not in self.fold.names and not self.given[kid] and (vague or not subject)
        return self.seen[kid]


def _with_subject_words(picker: Picker, cands: Candidates, unfit: _Unfit, allowed: np.ndarray, picks: list[list[int]],
                        vectors: np.ndarray) -> tuple[list[list[int]], set[int]]:
    """Return the picks with the papers naming, more than once, a common subject word (SUBJECT_ENDINGS) whose papers
    are alike (SUBJECT_COHESION) picking again, that word now allowed to them (a paper naming it once does so by the
    way: "accuracy, robustness, and fairness"), and those words' keys."""
    words = [kid for kid in np.flatnonzero(cands.df >= 2).tolist()
             if cands.keys[kid].isalpha() and cands.keys[kid].endswith(SUBJECT_ENDINGS) and unfit.named_alone(kid)
             and unfit(kid)]
    if not words:
        return picks, set()
    pairs = np.flatnonzero(np.isin(cands.key, words))
    pairs = pairs[np.argsort(cands.key[pairs], kind="stable")]
    found, again = [], []
    random_pair = umbrella.mean_pair(vectors)  # of the whole corpus: once, not per word
    for run in np.split(pairs, np.flatnonzero(np.diff(cands.key[pairs])) + 1):
        rows = cands.paper[run[cands.tf[run] >= 2]]
        if (len(rows) >= umbrella.SCATTERED_MIN_PAPERS
                and umbrella.cohesion(rows, vectors, random_pair) >= SUBJECT_COHESION):
            kid = int(cands.key[run[0]])
            found.append(kid)
            again.append(rows)
            once = cands.paper[run[cands.tf[run] < 2]]
            picker.exclude(once, np.full(len(once), kid, dtype=np.int64))
    if not found:
        return picks, set()
    for kid in found:
        unfit.seen[kid] = False
        allowed[kid] = True
    rows = np.unique(np.concatenate(again))
    for row, keys in zip(rows.tolist(), picker.pick(rows, allowed)):
        picks[row] = keys
    return picks, set(found)


def _initialised(key: str, surfaces: dict[str, int]) -> bool:
    """Tell whether the texts write a key's initials as its acronym ("SC" for "self-consistency", "MoE" for
    "mixture-of-experts"): a hyphenated compound, which wordfreq can only guess from its everyday parts, is then a name."""
    return any(sum(ch.isupper() for ch in s) >= 2 and " " not in s and abbreviates(tag_key(s), key) for s in surfaces)


def _members(cands: Candidates, picks: list[list[int]]) -> dict[int, list[int]]:
    """Return each picked key's papers (rows), with the papers it was background to (score.py): without them a field
    named by a few opening sentences ("machine learning ...") would be too small a tag to judge."""
    members = _picked_rows(picks)
    background = cands.background()
    for row, k in zip(cands.paper[background].tolist(), cands.key[background].tolist()):
        if k in members:
            members[k].append(row)
    return members


def _shared_picks(picker: Picker, allowed: np.ndarray, unfit: _Unfit, picks: list[list[int]]) -> list[list[int]]:
    """Return every paper's pick (key ids), from `picks`, such that each picked key is fit and picked by at least
    two papers or first by its paper (`allowed` is updated: the keys found unfit or lonely are no longer allowed)."""
    # Dropping a tag that only one paper kept can strand another; repeat until every tag is shared.
    # Only papers that had picked a dropped tag can change their pick. A phrase a paper picks first stays alone:
    # "ridge regression" tells a reader what the paper is about even when no other paper keeps it.
    usage = Counter(k for keys in picks for k in keys)
    while True:
        alone = {k for k, n in usage.items() if n < 2}
        alone -= _leads(picker.keys, picks) if alone else set()
        if not (lonely := alone | {k for k in usage if unfit(k)}):
            return picks
        allowed[list(lonely)] = False
        again = np.array([i for i, keys in enumerate(picks) if not lonely.isdisjoint(keys)], dtype=np.int64)
        for i, keys in zip(again.tolist(), picker.pick(again, allowed)):
            usage.subtract(picks[i])
            usage.update(keys)
            picks[i] = keys
        # As a fresh count of the picks would be: a tag no paper uses any more is not counted at all.
        usage = Counter({k: n for k, n in usage.items() if n > 0})


def _without_modifiers(cands: Candidates, given_keys: np.ndarray, picks: list[list[int]], texts: list[str]
                       ) -> list[list[int]]:
    """Return the picks without the one-word tags a paper only ever writes before another word ("the spotting head",
    "cascading bandits"): the word modifies what the paper is about, and the papers it is shared with mean it otherwise.
    Before a generic noun ("explainability methods", "dropout techniques") the word is still what the paper is about;
    a word the paper only writes before a determiner ("an algorithm minimizing a surrogate loss") is a verb there; a
    word no paper of the corpus writes as a noun phrase of its own is no tag anywhere."""
    out: list[list[int]] = []
    removed: set[int] = set()
    for row, keys in enumerate(picks):
        singles = [k for k in keys if " " not in cands.keys[k] and not given_keys[k]]
        # A word no paper writes as a noun phrase of its own ("symbol spotting", "micro-expression spotting", "the
        # spotting head") is the tail or the modifier of others' terms, each another thing: it names nothing shared.
        never_alone = {k for k in singles if not cands.alone[k]}
        modifiers = {k for k, j in zip(singles, cands.rows_of(row, singles)) if j >= 0
                     and (cands.objects[j] == cands.tf[j]
                          or (not cands.ends[j] and not _before_generic(cands.keys[k], texts[row])))}
        dropped = modifiers | never_alone
        removed |= dropped
        out.append([k for k in keys if k not in dropped])
    # A word left on one paper indexes nothing (one word alone says too little to stand alone: see _leads).
    return _left_on_two(out, removed)


def _left_on_two(picks: list[list[int]], removed: set[int]) -> list[list[int]]:
    """Return the picks without the keys of `removed` that are left on fewer than two papers."""
    usage = Counter(k for keys in picks for k in keys)
    return [[k for k in keys if k not in removed or usage[k] >= 2] for keys in picks]


def _without_tails(cands: Candidates, given_keys: np.ndarray, picks: list[list[int]]) -> list[list[int]]:
    """Return the picks without a tag that ends another tag of its paper or is one word, that the paper never writes
    without a word before it, and that fewer than TAIL_ALONE_SHARE of the papers naming it ever write so ("gradient
    descent" beside "stochastic gradient descent", "flow networks" beside "generative flow networks"; "localization"
    where a paper writes only "visual localization"): the paper speaks only of the kind the longer term names, and the
    corpus mostly uses the shorter one as a piece of longer terms. "reinforcement learning", which most of its papers
    write on its own, stays beside "offline reinforcement learning"."""
    opening = np.bincount(cands.key[cands.opened > 0], minlength=len(cands.keys))  # papers writing a key alone
    out: list[list[int]] = []
    removed: set[int] = set()
    for row, keys in enumerate(picks):
        tails = [k for k in keys if not given_keys[k] and opening[k] < TAIL_ALONE_SHARE * cands.df_mentioned[k]
                 and (" " not in cands.keys[k]
                      or any(cands.keys[j].endswith(f" {cands.keys[k]}") for j in keys if j != k))]
        if tails:
            dropped = {k for k, j in zip(tails, cands.rows_of(row, tails)) if j >= 0 and not cands.opened[j]}
            removed |= dropped
            keys = [k for k in keys if k not in dropped]
        out.append(keys)
    # A tag these papers gave up and left on one paper indexes nothing.
    return _left_on_two(out, removed)


def _before_generic(word: str, text: str) -> bool:
    """Tell whether a text writes `word` (or its plural) right before a generic noun ("explainability methods")."""
    after = re.findall(rf"\b{re.escape(word)}(?:s|es)?[ -]([a-z]+)\b", text, re.IGNORECASE)
    return any(tag_key(w) in GENERIC_SINGLE for w in after)


def _own_phrases(cands: Candidates, unfit: _Unfit, picks: list[list[int]], texts: list[str]) -> list[list[int]]:
    """Return the picks with, for each paper of fewer than OWN_PHRASE_BELOW tags, the phrase of several words it names
    OWN_PHRASE_MENTIONS times or more that no other paper names: a small corpus's specific subjects ("molecular
    docking" among 38 papers of many fields). It must end and open most of its noun phrases (no piece of a longer one)."""
    for row, keys in enumerate(picks):
        # One plain word on many papers ("inference", "approximation") says less than the paper's own subject.
        if sum(" " in cands.keys[k] or cands.named(k) or cands.df[k] <= BROAD_SHARE * len(picks)
               for k in keys) >= OWN_PHRASE_BELOW:
            continue
        a, b = np.searchsorted(cands.paper, [row, row + 1])
        best: tuple[tuple[int, int, str], int] | None = None
        for j in range(a, b):
            k = int(cands.key[j])
            key = cands.keys[k]
            if cands.df[k] != 1 or cands.tf[j] < OWN_PHRASE_MENTIONS or " " not in key or k in keys:
                continue
            if not unfit.named_alone(k) or cands.opens[k] * 2 < cands.total[k] or key.split(" ", 1)[0] in BAD_START:
                continue
            rank = (-int(cands.tf[j]), int(cands.first[j]), key)
            if (best is None or rank < best[0]) and not unfit(k) and not _coined(cands.surfaces(k), texts[row]):
                best = (rank, k)
        if best is not None:
            picks[row] = keys + [best[1]]
    return picks


def _coined(surfaces: dict[str, int], text: str) -> bool:
    """Tell whether a phrase is mostly written as a name, each word capitalised ("Condition-Annealed Diffusion
    Sampler", "MIN-K PROB"): the paper's own method, which its title already names. Its acronym ("SMC") counts as the
    name's when the text spells it out in capitals ("Condition-Annealed Diffusion Sampler (CADS)"), not when it writes
    a term ("sequential Monte Carlo (SMC)")."""
    spelled = [form for form in surfaces if " " in form]
    capitalised = any(_spelled_in_capitals(form, text) for form in spelled)
    counted = surfaces if capitalised or not spelled else {f: n for f, n in surfaces.items() if " " in f}
    named = sum(n for form, n in counted.items() if all(w[:1].isupper() for w in form.split()))
    return named * 2 > sum(counted.values())


def _spelled_in_capitals(form: str, text: str) -> bool:
    """Tell whether `text` writes the words of `form` with every word capitalised ("Condition-Annealed ...")."""
    found = re.search(r"(?<![\w-])" + r"\s+".join(re.escape(w) for w in form.split()) + r"(?![\w-])", text, re.I)
    return bool(found) and all(w[:1].isupper() for w in found.group(0).split())


def _leads(keys: list[str], picks: list[list[int]]) -> set[int]:
    """Return the keys that are a paper's first pick and a phrase (one word alone says too little to stand alone)."""
    return {picked[0] for picked in picks if picked and " " in keys[picked[0]]}


def _without_fields(picker: Picker, cands: Candidates, given_keys: np.ndarray, fold: Folder, allowed: np.ndarray,
                    picks: list[list[int]]) -> list[list[int]]:
    """Return the picks again without the field names (score.Candidates.field) of the papers that keep at least
    FIELD_KEEP other tags: "machine learning" says where a paper with specific tags sits, not what it is about."""
    field = cands.field() & ~given_keys[cands.key]
    fields: dict[int, set[int]] = {}
    for row, k in zip(cands.paper[field].tolist(), cands.key[field].tolist()):
        if cands.keys[k] not in fold.names:  # a name the user gave stays
            fields.setdefault(row, set()).add(k)
    drop = {row: keys.intersection(picks[row]) for row, keys in sorted(fields.items())
            if not keys.isdisjoint(picks[row]) and len(set(picks[row]) - keys) >= FIELD_KEEP}
    if not drop:
        return picks
    pairs = [(row, k) for row, names in drop.items() for k in _field_forms(cands, row, names)]
    return _picked_again(picker, picks, pairs, allowed, rows=list(drop))


def _without_scattered(picker: Picker, cands: Candidates, given_keys: np.ndarray, fold: Folder, allowed: np.ndarray,
                       picks: list[list[int]], vectors: np.ndarray) -> list[list[int]]:
    """Return the picks again without the phrases that a paper names once and whose papers, too few to judge as an
    umbrella tag, are no more alike than random ones (umbrella.scattered): "hidden layers", "sufficient statistic",
    "feature extractor" are a part of unrelated studies. A paper drops them only where it keeps SCATTERED_KEEP
    other tags; an action named as a noun ("density estimation", "integer programming") is work a paper does."""
    small = (cands.df_mentioned < least_papers(len(vectors))) & ~given_keys
    members: dict[int, list[int]] = {}
    of_small = small[cands.key]
    for row, k in zip(cands.paper[of_small].tolist(), cands.key[of_small].tolist()):
        members.setdefault(k, []).append(row)
    found = {k for k in scattered(members, vectors)
             if cands.keys[k] not in fold.names and not cands.keys[k].endswith(ACTION_ENDINGS)}
    once = (cands.tf == 1) & np.isin(cands.key, np.array(sorted(found), dtype=np.int64))
    pairs = set(zip(cands.paper[once].tolist(), cands.key[once].tolist()))
    drop = [(row, k) for row, keys in enumerate(picks)
            if len(keys) - sum((row, k) in pairs for k in keys) >= SCATTERED_KEEP for k in keys if (row, k) in pairs]
    if not drop:
        return picks
    return _picked_again(picker, picks, drop, allowed)


def _keys_by_paper(cands: Candidates, chosen: np.ndarray, fold: Folder) -> dict[int, set[int]]:
    """Return, by paper row, the keys of the `chosen` candidates (a mask), leaving out the names the user gave."""
    keys: dict[int, set[int]] = {}
    for row, k in zip(cands.paper[chosen].tolist(), cands.key[chosen].tolist()):
        if cands.keys[k] not in fold.names:  # a name the user gave stays
            keys.setdefault(row, set()).add(k)
    return keys


def _without_passing(picker: Picker, cands: Candidates, given_keys: np.ndarray, fold: Folder, allowed: np.ndarray,
                     picks: list[list[int]]) -> list[list[int]]:
    """Return the picks again without each paper's passing mentions (score.Candidates.passing: named once, by the way,
    in an aside) where it keeps at least PASSING_KEEP other tags: a baseline or an example, not what it is about."""
    mentioned = _keys_by_paper(cands, cands.passing() & ~given_keys[cands.key], fold)
    # A tag left on one paper would index nothing: the mention stays where it is what two papers share.
    usage = Counter(k for keys in picks for k in keys)
    pairs = []
    for row, keys in sorted(mentioned.items()):
        if len(set(picks[row]) - keys) >= PASSING_KEEP:
            for k in sorted(keys.intersection(picks[row])):
                if usage[k] > 2:
                    usage[k] -= 1
                    # ... and its pieces with it: "series forecasting" says nothing "time series forecasting" did not.
                    pairs += [(row, part) for part in [k, *picker.parts_of(k)] if part == k or part not in picks[row]]
    return _picked_again(picker, picks, pairs, allowed) if pairs else picks


def _without_opening_examples(cands: Candidates, given_keys: np.ndarray, fold: Folder, picks: list[list[int]],
                              vectors: np.ndarray) -> list[list[int]]:
    """Return the picks without each paper's tags that it names only as an example or a contrast in its opening
    sentence (score.Candidates.opening_example: "domains such as fluid dynamics, plasma physics and solid mechanics")
    and that it is less like than the tag's other papers are like each other (the text embedding `vectors`): where
    its field applies, not what it is about. A paper keeps at least PASSING_KEEP other tags, and a tag two other
    papers. Nothing is picked in their place: a paper's next best phrases are pieces and asides more often than
    subjects (docs/inference.md, stop 53)."""
    named = _keys_by_paper(cands, cands.opening_example() & ~given_keys[cands.key], fold)
    usage = Counter(k for keys in picks for k in keys)
    wanted = set().union(*named.values())
    on = {k: rows for k, rows in _picked_rows(picks).items() if k in wanted}
    random_pair = mean_pair(vectors) if named else 0.0
    out = []
    for row, keys in enumerate(picks):
        dropped: set[int] = set()
        examples = named.get(row, set())
        if len(set(keys) - examples) >= PASSING_KEEP:
            for k in sorted(examples.intersection(keys)):
                if usage[k] <= 2:
                    continue
                others = np.array([r for r in on[k] if r != row], dtype=np.int64)
                if likeness(vectors[row], vectors[others], random_pair) < cohesion(others, vectors, random_pair):
                    usage[k] -= 1
                    dropped.add(k)
        out.append([k for k in keys if k not in dropped])
    return out


def _picked_rows(picks: list[list[int]]) -> dict[int, list[int]]:
    """Return each picked key's papers (rows)."""
    rows: dict[int, list[int]] = {}
    for row, keys in enumerate(picks):
        for k in keys:
            rows.setdefault(k, []).append(row)
    return rows


def _picked_again(picker: Picker, picks: list[list[int]], pairs: list[tuple[int, int]], allowed: np.ndarray,
                  rows: list[int] | None = None) -> list[list[int]]:
    """Return the picks with the papers of `pairs` (paper row, key) picking again, each without its keys there."""
    picker.exclude(np.array([r for r, _ in pairs], dtype=np.int64), np.array([k for _, k in pairs], dtype=np.int64))
    again = np.array(sorted({r for r, _ in pairs}) if rows is None else rows, dtype=np.int64)
    for row, keys in zip(again.tolist(), picker.pick(again, allowed)):
        picks[row] = keys
    return picks


def _without_inserted(keys: list[int], names: list[str]) -> list[int]:
    """Return a paper's tags without one that another tag of it spells with words inserted ("diffusion models" beside
    "diffusion probabilistic models", "in-context learning" beside "in-context reinforcement learning"): one concept
    to a reader, and the longer name says which."""
    words = [names[k].split(" ") for k in keys]

    def inserted(short: list[str], long: list[str]) -> bool:
        return len(long) > len(short) and any(long[:k] == short[:k] and long[len(long) - len(short) + k:] == short[k:]
                                              for k in range(1, len(short)))
    return [k for i, k in enumerate(keys) if not any(inserted(words[i], words[j]) for j in range(len(keys)) if j != i)]


def _without_middles(keys: list[int], names: list[str]) -> list[int]:
    """Return a paper's tags without those that hold one of its other tags and are held by another: of "time series",
    "multivariate time series" and "multivariate time series forecasting", the first and the last say it all."""
    words = [f" {names[k]} " for k in keys]
    def middle(i: int) -> bool:
        return (any(words[j] in words[i] for j in range(len(keys)) if j != i)
                and any(words[i] in words[j] for j in range(len(keys)) if j != i))
    return [k for i, k in enumerate(keys) if not middle(i)]


def _without_pieces(picker: Picker, cands: Candidates, given_keys: np.ndarray, fold: Folder,
                    expansions: dict[str, str], allowed: np.ndarray, picks: list[list[int]]) -> list[list[int]]:
    """Return the picks again without a hyphenated word shown beside a tag it leads ("zeroth-order" beside
    "zeroth-order optimization", "text-to-3D" beside "text-to-3D generation"): one word to a reader, it is a piece
    of that tag, as a plain word of a chosen tag is (pick.py), whichever of the two came first."""
    one_word: dict[int, bool] = {}
    pairs = []
    for row, keys in enumerate(picks):
        for a in keys:
            key = cands.keys[a]
            if " " not in key or given_keys[a] or key in fold.names:
                continue
            if not any(cands.keys[b].startswith(f"{key} ") for b in keys):  # it leads the other ("prompt GPT-4" no)
                continue
            if a not in one_word:
                one_word[a] = " " not in _display_name(key, cands.surfaces(a), fold, expansions)
            if one_word[a]:
                pairs.append((row, a))
    if not pairs:
        return picks
    return _picked_again(picker, picks, pairs, allowed)


def _field_forms(cands: Candidates, row: int, fields: set[int]) -> list[int]:
    """Return the keys of paper `row` that name one of its `fields` (key ids): the field, its parts, and it with a
    generic head ("language processing", "artificial intelligence systems" for those fields)."""
    names = [f" {cands.keys[k]} " for k in fields]
    concepts = {concept_key(cands.keys[k]) for k in fields}
    a, b = np.searchsorted(cands.paper, [row, row + 1])
    return [k for k in cands.key[a:b].tolist()
            if any(f" {cands.keys[k]} " in name for name in names) or concept_key(cands.keys[k]) in concepts]


def _tag(key: str, surfaces: dict[str, int], fold: Folder, taken: dict[str, Tag], expansions: dict[str, str]) -> Tag:
    """Return the (paperless) Tag of a key, its slug not among `taken`, its aliases the other written forms."""
    name = _display_name(key, surfaces, fold, expansions)
    slug = base = tag_slug(name)
    n = 2
    while slug in taken:  # two names may share a slug ("C++" and "C"); keep both pages
        slug = f"{base}-{n}"
        n += 1
    aliases = [s for s, _ in sorted(surfaces.items(), key=lambda sc: (-sc[1], sc[0])) if s != name]
    return Tag(slug=slug, name=name, aliases=aliases)


def _display_name(key: str, surfaces: dict[str, int], fold: Folder, expansions: dict[str, str] | None = None) -> str:
    """Return the human name of a tag: the user's preferred name, else its most common written form."""
    if key in fold.names:
        return fold.names[key]
    # Prefer a spelled-out form ("large language models") to an acronym ("LLMs"), as some text defines it
    # when none writes it otherwise ("multiple instance learning (MIL)": "multiple" opens no phrase).
    spelled = [(c, s) for s, c in surfaces.items() if tag_key(s) == key]
    if not spelled and expansions and key in expansions and expansions[key].split()[0].lower() not in BAD_START:
        return expansions[key]
    # ... unless the corpus hardly ever spells it out: a name known by its acronym ("CLIP", "APIs") is shown so;
    # two capitals ("DP") are ambiguous, and a form with other words ("OOD detection") spells out the rest anyway.
    if spelled and sum(c for c, _ in spelled) * ACRONYM_KNOWN < sum(surfaces.values()):
        top = sorted(surfaces.items(), key=lambda sc: (-sc[1], -len(sc[0]), sc[0]))[0][0]
        if " " not in top and sum(ch.isupper() for ch in top) >= 3:
            return top
    spelled = spelled or [(c, s) for s, c in surfaces.items()]
    return sorted(spelled, key=lambda cs: (-cs[0], -len(cs[1]), cs[1]))[0][1]
