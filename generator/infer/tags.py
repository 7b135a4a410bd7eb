"""Infer tags: key phrases of each abstract, folded into canonical names shared by at least two papers.

Input: papers with plain `text` (and optional author `keywords`) plus the user's Vocabulary.
Output: `paper.tags` (slugs, most relevant first) and the Tag objects by slug.

Method (no model, no download): candidate phrases are runs of content words cut into 1–4 word n-grams;
acronyms defined in the corpus ("large language models (LLMs)") and plurals fold into one key; each
candidate is scored per paper by frequency, position, length, burstiness (papers that use a phrase
repeat it) and whether it ends noun phrases in the corpus; a greedy
MMR-like pick avoids five variants of one phrase; tags used by a single paper are dropped and the
pick is repeated until every tag gathers at least two papers.
"""

from __future__ import annotations

import base64
import math
import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import chain
from typing import Iterator

import numpy as np

from generator.runtime.cache import Cache, content_key, shape
from generator.text import fold_key as tag_key
from generator.text import naive_singular as _singular
from generator.text import slugify
from generator.model import Paper, Tag, Vocabulary

# --- normalisation -------------------------------------------------------------------------------

def tag_slug(name: str) -> str:
    """Return a file-name-safe slug for a tag name: lowercase ASCII words joined by hyphens."""
    return slugify(name, max_words=None, max_chars=80) or "tag"


# --- word lists (generic English and generic scientific prose; nothing corpus-specific) ----------

_FUNCTION_WORDS = """
a about above across after again against all almost along also although always am among an and another any
are around as at be because been before being below between both but by can cannot could did do does doing done
down during each either else enough especially etc even ever every few for from further had has have having he
her here hers him his how however i if in into is it its itself just least less like may me might more most much
must my neither no nor not of off often on once one only onto or other others otherwise our ours ourselves out
over own per rather same several shall she should since so some such than that the their theirs them themselves
then there therefore these they this those though through thus to too toward towards under unless until up upon
us very via was we well were what whatever when whenever where whereas whether which while who whom whose why
will with within without would yet you your i.e e.g ie eg vs versus namely instead moreover furthermore
additionally finally first second third firstly secondly lastly hence still already yet whereby wherein thereby
respectively e g i e et al due according regarding despite beyond among amongst
""".split()

# Verbs and verb forms that abstracts use to talk about the work rather than name a concept.
_VERBS = """
propose proposes proposed proposing present presents presented presenting introduce introduces introduced
introducing show shows showed shown showing demonstrate demonstrates demonstrated demonstrating achieve achieves
achieved achieving use uses used using utilize utilizes utilized utilizing leverage leverages leveraged
leveraging develop develops developed developing design designs designed designing study studies studied
studying investigate investigates investigated investigating explore explores explored exploring provide
provides provided providing obtain obtains obtained obtaining enable enables enabled enabling allow allows
allowed allowing require requires required requiring improve improves improved improving outperform outperforms
outperformed outperforming consider considers considered considering address addresses addressed addressing
make makes made making find finds found finding apply applies applied applying evaluate evaluates evaluated
evaluating conduct conducts conducted conducting perform performs performed performing establish establishes
established establishing yield yields yielded yielding lead leads led leading remain remains remained remaining
become becomes became becoming exhibit exhibits exhibited exhibiting suggest suggests suggested suggesting
reveal reveals revealed revealing offer offers offered offering aim aims aimed aiming focus focuses focused
focusing tackle tackles tackled tackling extend extends extended extending incorporate incorporates
incorporated incorporating combine combines combined combining exploit exploits exploited exploiting
capture captures captured capturing compare compares compared comparing include includes included including
involve involves involved involving achieve reduce reduces reduced reducing increase increases increased
increasing ensure ensures ensured ensuring surpass surpasses surpassed surpassing verify verifies verified
validate validates validated validating employ employs employed employing rely relies relied relying
called termed dubbed named known based given seen taken shown resulting results-in get gets got getting
give gives gave giving take takes took taking see sees saw seem seems seemed appear appears appeared
help helps helped helping need needs needed needing want try tries tried trying tend tends tended
serve serves served serving call calls remain argue argues argued claim claims claimed note notes noted
observe observes observed observing prove proves proved proving derive derives derived deriving
facilitate facilitates facilitated facilitating mitigate mitigates mitigated mitigating alleviate
alleviates alleviated alleviating overcome overcomes overcame overcoming boost boosts boosted boosting
enhance enhances enhanced enhancing learn learns learned learnt work works worked bring brings brought
generate generates generated produce produces produced predict predicts predicted solve solves solved
""".split()

# Adjectives and determiners that qualify a phrase without changing what it names.
_GENERIC_MODIFIERS = """
novel new existing recent current previous prior various different many numerous multiple several diverse
simple effective efficient strong significant substantial remarkable impressive promising superior
competitive extensive comprehensive thorough broad wide key main important crucial critical essential
fundamental major minor specific particular certain general generic common typical standard traditional
conventional classical popular widely well state-of-the-art sota art overall entire whole full
small-scale additional further better best good great high low higher lower more less same similar
relevant useful powerful robust fast accurate real-world practical challenging difficult hard easy
theoretical empirical experimental extensive proposed underlying corresponding respective unified
potential possible able unable capable limited poor inherent intrinsic original alternative improved
smaller larger fewer greater wider deeper faster stronger weaker richer simpler
""".split()

# Nouns that never end a tag: "novel framework", "downstream tasks", "our results".
_FILLER_HEADS = """
approach approaches method methods framework frameworks result results experiment experiments performance
paper papers work works technique techniques strategy strategies problem problems task tasks setting settings
way ways issue issues challenge challenges aspect aspects improvement improvements effectiveness efficiency
baseline baselines number numbers amount amounts range variety kind kinds type types terms term case cases
example examples lack use usage manner fact order part parts level levels impact effect effects ability
abilities capability capabilities advantage advantages gain gains need needs insight insights finding
findings contribution contributions solution solutions limitation limitations scenario scenarios
application applications area areas field fields art state-of-the-art sota code implementation version
idea ideas goal goals purpose end step steps stage stages component components scheme schemes tool tools
procedure procedures principle principles question questions extent degree quality accuracy cost costs
time times point points line lines research researcher researchers community practice practitioners
literature superiority success failure presence absence variant variants proof paradigm paradigms
""".split()

# Nouns fine inside a tag ("diffusion models") but too generic alone.
_GENERIC_NOUNS = """
model models algorithm algorithms system systems mechanism mechanisms analysis analyses study studies
evaluation evaluations benchmark benchmarks data dataset datasets value values input inputs output outputs
set sets process processes property properties module modules design designs domain domains network
networks context learning training information function functions representation representations
distribution distributions space spaces structure structures feature features loss error errors
accuracy prediction predictions sample samples parameter parameters objective objectives
architecture architectures knowledge understanding behavior behaviour signal signals
""".split()

# Whole phrases of scientific filler, matched after folding.
_FILLER = [
    "state of the art", "novel approach", "proposed method", "experimental result", "extensive experiment",
    "real world", "wide range", "large scale", "deep learning model", "our method", "this paper",
    "empirical result", "theoretical analysis", "experimental evaluation", "comprehensive experiment",
    "downstream task", "key idea", "main idea", "significant improvement", "new method",
    "shed light", "great success", "remarkable success", "recent advance", "recent year", "recent work",
    "wide variety", "large number", "growing interest", "first time", "best knowledge", "open problem",
]

_STOP = frozenset(_FUNCTION_WORDS) | frozenset(_VERBS)
_BAD_START = _STOP | frozenset(_GENERIC_MODIFIERS)
_BAD_HEAD = frozenset(_singular(w) for w in _FILLER_HEADS) | frozenset(_GENERIC_MODIFIERS)
_GENERIC_SINGLE = frozenset(_singular(w) for w in _GENERIC_NOUNS) | _BAD_HEAD
_FILLER_KEYS = frozenset(tag_key(p) for p in _FILLER)
# Adverbs end in "ly" but these nouns do too.
_LY_NOUNS = frozenset("anomaly family assembly supply monopoly poly italy rely apply reply ply".split())

_TOKEN = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:[-'][A-Za-z0-9]+)*|\d+(?:[.,]\d+)*[A-Za-z]*|\S")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9(\"'])")
_ACRONYM_DEF = re.compile(r"\(\s*([A-Za-z][A-Za-z0-9\-]*[A-Z][A-Za-z0-9\-]*?)\s*\)")

MAX_WORDS = 4
_DETERMINERS = frozenset("the a an this these that those its their our his her such each every".split())


@lru_cache(maxsize=65536)
def _is_stop(token: str) -> bool:
    """Return whether a token ends a candidate run (function word, verb, adverb, number, symbol)."""
    low = token.lower()
    if not low[0].isalpha():
        return True
    if low in _STOP:
        return True
    # Adverbs ("significantly", "jointly") carry no topic.
    if low.endswith("ly") and len(low) > 4 and low not in _LY_NOUNS and "-" not in low:
        return True
    return len(low) < 2


@lru_cache(maxsize=65536)
def _bad_head(token: str) -> bool:
    """Return whether a token cannot end a tag (generic noun, participle, adjective)."""
    low = token.lower()
    key = tag_key(low)
    if key in _BAD_HEAD or low in _BAD_HEAD:
        return True
    last = key.split()[-1] if key else ""
    return last.endswith("ed") or last in _BAD_HEAD


# --- candidate extraction ------------------------------------------------------------------------


@dataclass
class _Occurrence:
    """One candidate phrase as found in a text."""

    surface: str
    key: str
    sentence: int
    start: int  # token index in the text
    n: int  # tokens in the phrase
    maximal: bool  # the phrase is a whole run of content words
    at_end: bool  # no content word follows: the phrase ends where a noun phrase ends
    before_object: bool  # a determiner follows ("handling the"), as after a verb


def _sentences(text: str) -> list[str]:
    """Split plain text into sentences."""
    return [s for s in _SENTENCE_END.split(text.strip()) if s]


def _tokens(sentence: str) -> list[str]:
    """Split a sentence into word, number and symbol tokens (possessive 's dropped)."""
    tokens = _TOKEN.findall(sentence)
    if "'" not in sentence and "’" not in sentence:  # most sentences: no possessive to drop
        return tokens
    return [tok[:-2] if tok.endswith("'s") or tok.endswith("’s") else tok for tok in tokens]


def _surface(tokens: list[str]) -> str:
    """Return the display form of a phrase: lowercase except acronyms and names with inner capitals."""
    return " ".join(_surface_word(t) for t in tokens)


@lru_cache(maxsize=65536)
def _surface_word(token: str) -> str:
    """Return the display form of one word of a phrase."""
    # "GPT-4", "ImageNet", "ViT" keep their case; "Multi-Layer" and sentence-initial words do not.
    inner_caps = any(c.isupper() for part in token.split("-") for c in part[1:])
    return token if inner_caps else token.lower()


def extract_candidates(text: str, acronyms: dict[str, str] | None = None) -> list[_Occurrence]:
    """Return every candidate phrase occurrence of a plain text, in text order.

    `acronyms` maps an acronym as written ("LLM", case-sensitive, singular) to the key of its long form.
    """
    return [_Occurrence(*occ) for occ in _occurrences(text, acronyms or {})]


@lru_cache(maxsize=131072)
def _token_facts(token: str) -> tuple[bool, str, str, bool, bool, bool, str]:
    """Return what candidate extraction asks of a token, computed once per distinct token.

    (ends a run, folding key, display form, cannot end a tag, cannot start one, is a determiner, acronym stem).
    """
    low = token.lower()
    return (_is_stop(token), tag_key(token), _surface_word(token), _bad_head(token), low in _BAD_START,
            low in _DETERMINERS, _acronym_stem(token))


def _occurrences(text: str, acronyms: dict[str, str]) -> Iterator[tuple[str, str, int, int, int, bool, bool, bool]]:
    """Yield the fields of every candidate phrase occurrence of a plain text, in text order."""
    offset = 0
    for si, sentence in enumerate(_sentences(text)):
        facts = [_token_facts(t) for t in _tokens(sentence)]
        n_tokens = len(facts)
        i = 0
        while i < n_tokens:
            if facts[i][0]:
                i += 1
                continue
            j = i
            while j < n_tokens and not facts[j][0]:
                j += 1
            run = facts[i:j]
            keys = [acronyms.get(f[6]) or f[1] for f in run] if acronyms else [f[1] for f in run]
            object_follows = j < n_tokens and facts[j][5]
            size = j - i
            for a in range(size):
                if run[a][4]:
                    continue
                # The phrase a..b grows one word at a time: its key and display form too.
                key = shown = ""
                for b in range(a + 1, min(size, a + MAX_WORDS) + 1):
                    word = run[b - 1]
                    k = keys[b - 1]
                    if k:
                        key = f"{key} {k}" if key else k
                    shown = f"{shown} {word[2]}" if shown else word[2]
                    if word[3] or not key or key in _FILLER_KEYS:
                        continue
                    at_end = b == size
                    yield (shown, key, si, offset + i + a, b - a, a == 0 and at_end, at_end, at_end and object_follows)
            i = j
        offset += n_tokens


def text_facts(text: str) -> list[list[str]]:
    """Return what tag inference needs of a text before the corpus is known: [acronym definitions, acronym-like stems].

    The definitions are find_acronyms(text) as [acronym, expansion] pairs; the stems are the sorted
    distinct tokens (plural `s` dropped) that could name an acronym, i.e. have a capital after their
    first letter: only those can be looked up in an acronym map.
    """
    stems = {_acronym_stem(t) for t in set(_tokens(text))}
    return [[list(pair) for pair in find_acronyms(text)], sorted(s for s in stems if _inner_capital(s))]


def _inner_capital(token: str) -> bool:
    """Return whether a token has a capital after its first letter."""
    rest = token[1:]
    return rest != rest.lower() if rest.isascii() else any(c.isupper() for c in rest)


def text_evidence(text: str, acronyms: dict[str, str]) -> list:
    """Return the candidate evidence of one text: one entry per phrase key, in order of first mention.

    Everything _Candidates reads of extract_candidates(text, acronyms), packed so that the cache decodes it
    fast: [the phrase keys joined by newlines, their counts (mentions, sentence of first mention, mentions
    ending a noun phrase, mentions followed by a determiner) as base64 of little-endian int32, and
    [[phrase index, written forms], ...] for the phrases not only written as their key]. The written forms
    are one form, or [[written form, mentions], ...] when there are several.
    """
    by_key: dict[str, list[int]] = {}
    surfaces: dict[str, dict[str, int]] = {}
    for surface, key, sentence, _start, _n, _maximal, at_end, before_object in _occurrences(text, acronyms):
        entry = by_key.get(key)
        if entry is None:
            entry = by_key[key] = [0, sentence, 0, 0]
            surfaces[key] = {}
        entry[0] += 1
        entry[2] += at_end
        entry[3] += before_object
        forms = surfaces[key]
        forms[surface] = forms.get(surface, 0) + 1
    written = []
    for i, (key, forms) in enumerate(surfaces.items()):
        if len(forms) > 1:
            written.append([i, [[s, c] for s, c in forms.items()]])
        elif key not in forms:
            written.append([i, next(iter(forms))])
    return _pack(list(by_key), list(by_key.values()), written)


def _pack(phrases: list[str], counts: list[list[int]], written: list) -> list:
    """Return text evidence in its packed form (see text_evidence)."""
    packed = np.array(counts, dtype="<i4").reshape(-1, 4)
    return ["\n".join(phrases), base64.b64encode(packed.tobytes()).decode("ascii"), written]


_EVIDENCE_SHAPE = shape(tuple[str, str, list[tuple[int, str | list[tuple[str, int]]]]])


def _is_packed_evidence(value: object) -> bool:
    """Tell whether a value read from the cache is text evidence as _pack makes it, so _unpack can read it."""
    if not _EVIDENCE_SHAPE(value):
        return False
    phrases, counts, written = value
    size = len(phrases.split("\n")) if phrases else 0
    try:
        raw = base64.b64decode(counts, validate=True)
    except ValueError:  # binascii.Error
        return False
    return (len(raw) == 16 * size and bool((np.frombuffer(raw, dtype="<i4") >= 0).all())
            and all(0 <= i < size for i, _ in written))


def _unpack(evidence: list) -> tuple[list[str], np.ndarray, list]:
    """Return the phrase keys, counts (one row per phrase) and written forms of a text_evidence() result."""
    phrases, counts, written = evidence
    return (phrases.split("\n") if phrases else [],
            np.frombuffer(base64.b64decode(counts), dtype="<i4").reshape(-1, 4), written)


def _acronym_stem(token: str) -> str:
    """Return an acronym without its plural `s` ("LLMs" -> "LLM"); other tokens unchanged."""
    return token[:-1] if len(token) > 2 and token.endswith("s") and token[-2].isupper() else token


def find_acronyms(text: str) -> list[tuple[str, str]]:
    """Return (acronym, expansion) pairs defined as "long form (LF)" in a plain text."""
    pairs = []
    for m in _ACRONYM_DEF.finditer(text):
        acro = m.group(1)
        letters = "".join(c.lower() for c in re.sub(r"s$", "", acro) if c.isalpha())
        if not 2 <= len(letters) <= 8:
            continue
        before = _tokens(text[max(0, m.start() - 200) : m.start()])
        words: list[str] = []
        # Walk back over the words before the bracket; the shortest run that spells the acronym wins.
        for tok in reversed(before):
            if not tok[0].isalpha() or len(words) > len(letters) + 2:
                break
            words.insert(0, tok)
            if words[0].lower() in _STOP:
                continue
            parts = [p for w in words for p in w.lower().split("-") if p]
            if _spells(letters, parts):
                pairs.append((acro, " ".join(words)))
                break
    return pairs


def _spells(letters: str, parts: list[str]) -> bool:
    """Return whether each word part gives the next acronym letter by its initial, plus optional inner letters."""
    if not parts:
        return not letters
    head, rest = parts[0], parts[1:]
    if head in _STOP and _spells(letters, rest):
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


# --- scoring and selection -----------------------------------------------------------------------


def _acronym_map(facts: list[list[list[str]]]) -> dict[str, str]:
    """Return acronym (as written, singular) -> long-form key, from the corpus's definitions; the most frequent wins."""
    seen: dict[str, Counter] = defaultdict(Counter)
    for definitions, _stems in facts:
        for acro, expansion in definitions:
            seen[_acronym_stem(acro)][tag_key(expansion)] += 1
    return {acro: _most_common(seen[acro]) for acro in sorted(seen)}


def _most_common(counts: Counter) -> str:
    """Return the most frequent item, ties broken alphabetically (deterministic)."""
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[0][0]


# Scoring weights: generic factors, their values picked by a small grid on a labelled dev corpus (ICLR 2024);
# no word list comes from any corpus's labels.
_POSITION_DECAY = 0.05  # later first mentions count less: abstracts state their subject first
_LENGTH_BONUS = 0.35  # per extra word: "offline reinforcement learning" says more than "learning"
_GIVEN_BOOST = 1.5  # a phrase some author chose as a keyword is a term, wherever it appears
_SUBPHRASE_PENALTY = 0.5  # MMR-like: a part of an already chosen tag is worth less
_SUPERPHRASE_PENALTY = 0.7  # ... and so is a longer form of one, though it says something new
_RELATIVE_CUTOFF = 0.15  # tags beyond `min_tags` need at least this share of the best score
_SINGLE_WORD = 0.3  # one word is rarely a tag on its own ("privacy" is, "explain" is not)
_NOUN_SINGLE = 0.6  # ... unless it looks like a noun of a concept or is an acronym
_TF_WEIGHT = 0.5  # repeated mentions
_BURSTINESS = 0.5  # corpus-wide mentions per paper that uses the phrase
_HEAD_FLOOR = 0.5  # share of a phrase's score kept however rarely it ends a noun phrase
_VERB_PENALTY = 2.0  # how fast "followed by a determiner" kills a candidate
_ADJECTIVE_SINGLE = 0.1  # one adjective alone ("adversarial") names nothing
_ADJECTIVE_SUFFIXES = ("al", "ic", "ive", "ous", "able", "ible", "ful", "less", "ar", "ary", "om", "er", "ent", "ant")
_NOUN_SUFFIXES = ("tion", "sion", "ity", "ness", "ism", "ment", "ance", "ence", "ing", "ics", "ogy", "phy", "sis", "ency", "ancy", "ure", "ization", "er", "or", "ship")
_FEW_WORDS = 8  # keys up to this many words have their word runs listed; longer ones are matched word by word
_POOL = 4  # candidates per tag to pick considered: penalties only lower scores, so the pick lies among the first


class _Folder:
    """Map phrase keys to canonical keys: corpus acronyms, then the user's preferred names."""

    def __init__(self, acronyms: dict[str, str], vocab: Vocabulary) -> None:
        self.acronyms = acronyms  # "LLM" -> "large language model"
        self.preferred = {alias: tag_key(name) for alias, name in vocab.preferred.items()}
        self.names = {tag_key(name): name for name in vocab.preferred.values()}
        self.banned = {tag_key(b) for b in vocab.banned}

    def __call__(self, key: str) -> str:
        """Return the canonical key of a phrase key."""
        return self.preferred.get(key, key)

    def allowed(self, key: str, given: bool = False) -> bool:
        """Return whether a canonical key may become a tag."""
        if not key or key in self.banned or key in _FILLER_KEYS:
            return False
        if key in self.names or given:
            return True
        return not (" " not in key and key in _GENERIC_SINGLE)


def _mentionable_acronyms(facts: list[list], fold: _Folder) -> dict[str, str]:
    """Return the acronym map a text's evidence is computed with: its own definitions first, then the corpus's."""
    definitions, stems = facts
    # A paper's own definition of an acronym beats the corpus's most common one.
    local = {_acronym_stem(a): tag_key(e) for a, e in definitions}
    return {s: local[s] if s in local else fold.acronyms[s] for s in stems if s in local or s in fold.acronyms}


@dataclass
class _Rows:
    """The corpus's evidence rows whose phrase folds into a key that may be a tag, in corpus order."""

    paper: np.ndarray  # the paper of each row
    key: np.ndarray  # its canonical key id
    phrase: np.ndarray  # its phrase key, as an index into _Candidates._phrases
    counts: np.ndarray  # 4 x rows: mentions, sentence of first mention, ending a noun phrase, before a determiner
    written: np.ndarray  # whether the row's phrase is written otherwise than as its key ...
    forms: list  # ... and then how (one entry per such row, in row order)


class _Candidates:
    """Every paper's candidate keys with their evidence, and each key's corpus statistics, as arrays.

    A candidate is one (paper, canonical key) pair; candidates are sorted by paper, then key id. The
    per-key arrays (df, total, at_end, before_object) are indexed by key id; `keys[id]` is the key.
    """

    def __init__(self, papers: list[Paper], evidences: list[list], fold: _Folder) -> None:
        self.keys: list[str] = []
        self._ids: dict[str, int] = {}
        rows = self._rows([_unpack(e) for e in evidences], fold)
        self._read_keywords(papers, fold)
        self._count(rows)
        self._index_forms(rows)

    def _id(self, key: str) -> int:
        """Return a canonical key's id, giving it the next one when it is new."""
        kid = self._ids.get(key)
        if kid is None:
            kid = self._ids[key] = len(self.keys)
            self.keys.append(key)
        return kid

    def _rows(self, unpacked: list[tuple[list[str], np.ndarray, list]], fold: _Folder) -> _Rows:
        """Return the evidence rows of the unpacked texts whose phrase may be a tag, naming their keys."""
        raw = list(chain.from_iterable(u[0] for u in unpacked))
        self._phrases = list(dict.fromkeys(raw))
        # Phrase key -> canonical key id, or -1 when it may not be a tag.
        canonical = np.array([self._id(key) if fold.allowed(key := fold(phrase)) else -1
                              for phrase in self._phrases], dtype=np.int64)
        phrase_id = {phrase: i for i, phrase in enumerate(self._phrases)}
        phrase = np.fromiter(map(phrase_id.__getitem__, raw), np.int64, len(raw))
        sizes = [len(u[0]) for u in unpacked]
        paper = np.repeat(np.arange(len(unpacked), dtype=np.int64), sizes)
        counts = np.concatenate([u[1] for u in unpacked]).astype(np.int64).T if raw else np.zeros((4, 0), np.int64)
        offsets = np.cumsum([0] + sizes).tolist()
        forms = {offset + i: written for offset, u in zip(offsets, unpacked) for i, written in u[2]}
        has_forms = np.zeros(len(raw), dtype=bool)
        has_forms[list(forms)] = True
        key = canonical[phrase]
        keep = key >= 0
        return _Rows(paper[keep], key[keep], phrase[keep], counts[:, keep], has_forms[keep],
                     [forms[row] for row in np.flatnonzero(keep & has_forms).tolist()])

    def _read_keywords(self, papers: list[Paper], fold: _Folder) -> None:
        """Set each paper's author keywords (folded, allowed, each once, in given order); their forms count too."""
        self.given: list[list[int]] = []
        self._given_forms: dict[int, dict[str, int]] = defaultdict(dict)
        for p in papers:
            given: list[int] = []
            for kw in p.keywords:
                key = fold(tag_key(kw))
                if fold.allowed(key, given=True) and (kid := self._id(key)) not in given:
                    given.append(kid)
                    forms = self._given_forms[kid]
                    form = _surface(kw.split())
                    forms[form] = forms.get(form, 0) + 1
            self.given.append(given)

    def _count(self, rows: _Rows) -> None:
        """Set the candidates (paper, key, tf, first) and the keys' corpus statistics from the rows."""
        n_keys = max(len(self.keys), 1)
        mentions, first, at_end, before_object = rows.counts
        # Two phrase keys may fold into one key of a paper: mentions add up, the earlier first mention counts.
        pairs, inverse = np.unique(rows.paper * n_keys + rows.key, return_inverse=True)
        self.paper, self.key = pairs // n_keys, pairs % n_keys
        self.tf = np.bincount(inverse, weights=mentions, minlength=len(pairs)).astype(np.int64)
        self.first = np.full(len(pairs), np.iinfo(np.int64).max, dtype=np.int64)
        np.minimum.at(self.first, inverse, first)
        self.total = np.bincount(rows.key, weights=mentions, minlength=len(self.keys)).astype(np.int64)
        self.at_end = np.bincount(rows.key, weights=at_end, minlength=len(self.keys)).astype(np.int64)
        self.before_object = np.bincount(rows.key, weights=before_object, minlength=len(self.keys)).astype(np.int64)
        # Papers using a key: those mentioning it, and those giving it as a keyword without mentioning it.
        given_pairs = np.array([i * n_keys + k for i, keys in enumerate(self.given) for k in keys], dtype=np.int64)
        unmentioned = given_pairs[~_contains(pairs, given_pairs)] % n_keys
        self.df = np.bincount(self.key, minlength=len(self.keys)) + np.bincount(unmentioned, minlength=len(self.keys))

    def _index_forms(self, rows: _Rows) -> None:
        """Index the written forms by key, for the few keys whose forms are read (see surfaces)."""
        # Most rows are written as their phrase key: counted per key and phrase at once.
        n_phrases = max(len(self._phrases), 1)
        plain = ~rows.written
        codes, inverse = np.unique(rows.key[plain] * n_phrases + rows.phrase[plain], return_inverse=True)
        self._plain = (codes // n_phrases, codes % n_phrases,
                       np.bincount(inverse, weights=rows.counts[0][plain], minlength=len(codes)).astype(np.int64))
        self._plain_starts = np.searchsorted(self._plain[0], np.arange(len(self.keys) + 1))
        # The others are kept by key, in corpus order.
        written = np.flatnonzero(rows.written)
        order = np.argsort(rows.key[written], kind="stable")
        mentions = rows.counts[0][written].tolist()
        self._written = [(rows.forms[i], mentions[i]) for i in order.tolist()]
        self._written_starts = np.searchsorted(rows.key[written][order], np.arange(len(self.keys) + 1))

    def surfaces(self, kid: int, written_only: bool = False) -> dict[str, int]:
        """Return how often each written form of a key occurs (author keywords included).

        With `written_only`, forms written exactly as a phrase key (lowercase) are left out.
        """
        counts: dict[str, int] = {}
        if not written_only:
            a, b = self._plain_starts[kid], self._plain_starts[kid + 1]
            for phrase, count in zip(self._plain[1][a:b].tolist(), self._plain[2][a:b].tolist()):
                counts[self._phrases[phrase]] = count
        for forms, mentions in self._written[self._written_starts[kid]:self._written_starts[kid + 1]]:
            if isinstance(forms, str):
                counts[forms] = counts.get(forms, 0) + mentions
            else:
                for form, count in forms:
                    counts[form] = counts.get(form, 0) + count
        for form, count in self._given_forms.get(kid, {}).items():
            counts[form] = counts.get(form, 0) + count
        return counts

    def scores(self, given_keys: np.ndarray) -> np.ndarray:
        """Return each candidate's relevance to its paper; NaN where its key cannot be a tag."""
        factors = np.full((5, len(self.keys)), np.nan)
        for kid in np.flatnonzero((self.df >= 2) & ((self.at_end > 0) | given_keys) & (self.total > 0)).tolist():
            factors[:, kid] = self._key_factors(kid)
        # The same products in the same order as the formula per candidate takes: scores are exact.
        tf_weight = np.array([0.0] + [1 + _TF_WEIGHT * math.log(tf) for tf in range(1, int(self.tf.max(initial=0)) + 1)])
        score = tf_weight[self.tf] * factors[0, self.key]
        for factor in factors[1:]:
            score *= factor[self.key]
        score /= 1 + _POSITION_DECAY * self.first
        score *= np.where(given_keys[self.key], _GIVEN_BOOST, 1.0)
        return score

    def _key_factors(self, kid: int) -> tuple[float, float, float, float, float]:
        """Return the factors of a key's score that depend on the corpus only."""
        key, df, total = self.keys[kid], int(self.df[kid]), int(self.total[kid])
        at_end, before_object = int(self.at_end[kid]), int(self.before_object[kid])
        words = key.count(" ") + 1
        # Bursty phrases, repeated by the papers that use them, are their subject; background
        # phrases ("machine learning", "training data") are mentioned once and left.
        burst = (total / df) ** _BURSTINESS
        # No IDF: field names ("reinforcement learning") are frequent and still the best tags.
        length = 1 + _LENGTH_BONUS * (min(words, 4) - 1)
        # Fragments ("large language" of "large language models") and modifiers ("adversarial")
        # rarely end a noun phrase; verbs ("handling the") take objects.
        head = min(1.0, _HEAD_FLOOR + at_end / total)
        verb = max(0.0, 1 - _VERB_PENALTY * before_object / total)
        return burst, length, head, verb, self._single_word_factor(kid) if words == 1 else 1.0

    def _single_word_factor(self, kid: int) -> float:
        """Return how much a one-word candidate keeps of its score: concept nouns and acronyms keep more."""
        key = self.keys[kid]
        # An adjective alone ("adversarial", "dynamic") names nothing, unless the corpus uses it as a noun.
        if key.endswith(_ADJECTIVE_SUFFIXES) and self.at_end[kid] * 2 < self.total[kid]:
            return _ADJECTIVE_SINGLE
        # Phrase keys are lowercase: only forms written otherwise can be acronyms or names.
        written = self.surfaces(kid, written_only=True)
        all_forms = int(self.total[kid]) + sum(self._given_forms.get(kid, {}).values())
        written_upper = sum(c for s, c in written.items() if sum(ch.isupper() for ch in s) >= 2)
        if written_upper * 2 >= all_forms or key.endswith(_NOUN_SUFFIXES):
            return _NOUN_SINGLE
        return _SINGLE_WORD


class _Picker:
    """Pick each paper's tags: given keywords first, then a greedy, de-duplicated pick by score (MMR-like).

    Every paper's pick runs at once, one array column per candidate: the same steps, values and ties
    as picking one paper at a time.
    """

    def __init__(self, cands: _Candidates, score: np.ndarray, max_tags: int, min_tags: int) -> None:
        self.cands, self.max_tags, self.min_tags = cands, max_tags, min_tags
        scored = np.flatnonzero(~np.isnan(score))
        rank = np.empty(len(cands.keys), dtype=np.int64)
        rank[sorted(range(len(cands.keys)), key=cands.keys.__getitem__)] = np.arange(len(cands.keys))
        self.rank = rank
        # Each paper's candidates, best first; equal scores in key order.
        order = np.lexsort((rank[cands.key[scored]], -score[scored], cands.paper[scored]))
        row = scored[order]
        self.score, self.paper, self.key = score[row], cands.paper[row], cands.key[row]
        self.starts = np.searchsorted(self.paper, np.arange(len(cands.given) + 1))

    def pick(self, papers: np.ndarray, allowed: np.ndarray) -> list[list[int]]:
        """Return the tag key ids of the given papers (indexes), with only `allowed` keys."""
        chosen = [[k for k in self.cands.given[i] if allowed[k]][:self.max_tags] for i in papers.tolist()]
        score, key, alive = self._pools(papers, allowed, chosen)
        best = score[:, 0].copy()
        # Each candidate's redundancy factor, updated as tags are chosen, starting with the given keywords.
        factor = np.ones(score.shape)
        for j in range(max(map(len, chosen), default=0)):
            has = np.array([len(c) > j for c in chosen])
            given = np.array([c[j] if len(c) > j else 0 for c in chosen], dtype=np.int64)
            factor[has] *= self._penalty(key[has], given[has])
        count = np.array([len(c) for c in chosen], dtype=np.int64)
        active = alive.any(axis=1) & (count < self.max_tags)
        while active.any():
            live = np.flatnonzero(active)
            value = np.where(alive[live], score[live] * factor[live], -np.inf)
            top = value.max(axis=1)
            # The greatest value wins; between equal values, the greatest key (as max() over (value, key)).
            col = np.where(value == top[:, None], self.rank[key[live]], -1).argmax(axis=1)
            stop = (count[live] >= self.min_tags) & (top < _RELATIVE_CUTOFF * best[live])
            active[live[stop]] = False
            live, col = live[~stop], col[~stop]
            won = key[live, col]
            for i, k in zip(live.tolist(), won.tolist()):
                chosen[i].append(k)
            alive[live, col] = False
            count[live] += 1
            factor[live] *= self._penalty(key[live], won)
            active[live] &= alive[live].any(axis=1) & (count[live] < self.max_tags)
        return chosen

    def _pools(self, papers: np.ndarray, allowed: np.ndarray, chosen: list[list[int]]) -> tuple[np.ndarray, ...]:
        """Return each paper's best _POOL * max_tags allowed candidates not already chosen, best first, as
        (score, key, alive) matrices of one row per paper; `alive` is False where a paper has fewer."""
        n, width = len(papers), _POOL * self.max_tags
        # The papers' candidates, in order: each paper's a run of rows, best first.
        lengths = self.starts[papers + 1] - self.starts[papers]
        row_slot = np.repeat(np.arange(n), lengths)
        rows = np.arange(len(row_slot)) - np.repeat(np.cumsum(lengths) - lengths, lengths) + self.starts[papers][row_slot]
        chosen_pairs = np.sort(np.array([s * len(allowed) + k for s, keys in enumerate(chosen) for k in keys],
                                        dtype=np.int64))
        use = allowed[self.key[rows]] & ~_contains(chosen_pairs, row_slot * len(allowed) + self.key[rows])
        rows, row_slot = rows[use], row_slot[use]
        # Position of each candidate among its paper's: only the first `width` are considered.
        new_paper = np.r_[True, row_slot[1:] != row_slot[:-1]] if len(rows) else np.zeros(0, dtype=bool)
        position = np.arange(len(rows)) - np.maximum.accumulate(np.where(new_paper, np.arange(len(rows)), 0))
        near = position < width
        rows, row_slot, position = rows[near], row_slot[near], position[near]
        score = np.zeros((n, width))
        key = np.zeros((n, width), dtype=np.int64)
        alive = np.zeros((n, width), dtype=bool)
        score[row_slot, position] = self.score[rows]
        key[row_slot, position] = self.key[rows]
        alive[row_slot, position] = True
        return score, key, alive

    def _penalty(self, keys: np.ndarray, chosen: np.ndarray) -> np.ndarray:
        """Return each candidate's redundancy factor given one more chosen tag per row (same shape as keys)."""
        n_keys = len(self.cands.keys)
        # A part of a chosen tag ("language models" after "large language models") adds little; a
        # specialisation ("offline reinforcement learning" after "reinforcement learning") adds more.
        inner = _contains(self._parts, chosen[:, None] * n_keys + keys)
        outer = _contains(self._parts, keys * n_keys + chosen[:, None])
        return np.where(inner, _SUBPHRASE_PENALTY, np.where(outer, _SUPERPHRASE_PENALTY, 1.0))

    @cached_property
    def _parts(self) -> np.ndarray:
        """Return the sorted codes key * n_keys + part: for every key that can be picked, each other such
        key that a run of its words spells ("language model" in "large language model")."""
        keys, n_keys = self.cands.keys, len(self.cands.keys)
        given = np.array([k for keys_ in self.cands.given for k in keys_], dtype=np.int64)
        kids = np.unique(np.concatenate([self.key, given])).tolist()
        ids = {keys[k]: k for k in kids}
        by_first: dict[str, list[tuple[list[str], int]]] = {}
        codes = []
        for kid in kids:
            words = keys[kid].split(" ")
            if len(words) <= _FEW_WORDS:
                runs = (" ".join(words[a:b]) for a in range(len(words)) for b in range(a + 1, len(words) + 1))
                parts = {ids[r] for r in runs if r in ids}
            else:  # a long key (hyphenated compounds): look up the keys starting at each word instead
                if not by_first:
                    for key, k in ids.items():
                        split = key.split(" ")
                        by_first.setdefault(split[0], []).append((split, k))
                parts = {k for a, word in enumerate(words) for split, k in by_first.get(word, ())
                         if words[a:a + len(split)] == split}
            parts.discard(kid)
            codes.extend(kid * n_keys + part for part in parts)
        return np.sort(np.array(codes, dtype=np.int64))


def _contains(sorted_codes: np.ndarray, codes: np.ndarray) -> np.ndarray:
    """Return where `codes` occur in the sorted array `sorted_codes`."""
    at = np.searchsorted(sorted_codes, codes)
    return sorted_codes[np.minimum(at, len(sorted_codes) - 1)] == codes if len(sorted_codes) else np.zeros(codes.shape, bool)


def _display_name(key: str, surfaces: dict[str, int], fold: _Folder) -> str:
    """Return the human name of a tag: the user's preferred name, else its most common written form."""
    if key in fold.names:
        return fold.names[key]
    # Prefer a spelled-out form ("large language models") to an acronym ("LLMs").
    spelled = [(c, s) for s, c in surfaces.items() if tag_key(s) == key] or [(c, s) for s, c in surfaces.items()]
    return sorted(spelled, key=lambda cs: (-cs[0], -len(cs[1]), cs[1]))[0][1]


def assign_tags(papers: list[Paper], vocab: Vocabulary, max_tags: int = 8, min_tags: int = 3,
                cache: Cache | None = None) -> dict[str, Tag]:
    """Set `paper.tags` for every paper and return the tags by slug, each shared by at least two papers.

    With a `cache`, each paper's candidate evidence (the costly, per-paper half) is reused when its
    text and the acronyms it can mention are unchanged; the result is the same as without one.
    """
    cache = cache or Cache(None)
    texts = [p.text or "" for p in papers]
    facts = cache.memo_many("tag-text", [content_key(t) for t in texts], lambda i: text_facts(texts[i]),
                            shape(tuple[list[tuple[str, str]], list[str]]))
    fold = _Folder(_acronym_map(facts), vocab)
    # Only the acronyms a text can mention: its evidence depends on these, not on the whole map, so a new
    # definition elsewhere in the corpus leaves this paper's cached evidence valid.
    mentionable = [_mentionable_acronyms(f, fold) for f in facts]
    evidence = cache.memo_many("tag-evidence", [content_key(t, a) for t, a in zip(texts, mentionable)],
                               lambda i: text_evidence(texts[i], mentionable[i]), _is_packed_evidence)
    cands = _Candidates(papers, evidence, fold)
    given_keys = np.zeros(len(cands.keys), dtype=bool)
    given_keys[[k for given in cands.given for k in given]] = True
    picker = _Picker(cands, cands.scores(given_keys), max_tags, min_tags)
    allowed = cands.df >= 2
    picks = picker.pick(np.arange(len(papers)), allowed)
    # Dropping a tag that only one paper kept can strand another; repeat until every tag is shared.
    # Only papers that had picked a dropped tag can change their pick.
    usage = Counter(k for keys in picks for k in keys)
    while lonely := {k for k, n in usage.items() if n < 2}:
        allowed[list(lonely)] = False
        again = np.array([i for i, keys in enumerate(picks) if not lonely.isdisjoint(keys)], dtype=np.int64)
        for i, keys in zip(again.tolist(), picker.pick(again, allowed)):
            usage.subtract(picks[i])
            usage.update(keys)
            picks[i] = keys
        # As a fresh count of the picks would be: a tag no paper uses any more is not counted at all.
        usage = Counter({k: n for k, n in usage.items() if n > 0})
    tags: dict[str, Tag] = {}
    slug_of: dict[int, str] = {}
    for kid in sorted(usage, key=cands.keys.__getitem__):
        surfaces = cands.surfaces(kid)
        name = _display_name(cands.keys[kid], surfaces, fold)
        slug = base = tag_slug(name)
        n = 2
        while slug in tags:  # two names may share a slug ("C++" and "C"); keep both pages
            slug = f"{base}-{n}"
            n += 1
        aliases = [s for s, _ in sorted(surfaces.items(), key=lambda sc: (-sc[1], sc[0])) if s != name]
        tags[slug] = Tag(slug=slug, name=name, aliases=aliases)
        slug_of[kid] = slug
    for paper, keys in zip(papers, picks):
        paper.tags = [slug_of[k] for k in keys]
        for slug in paper.tags:
            tags[slug].papers.append(paper.id)
    return dict(sorted(tags.items()))
