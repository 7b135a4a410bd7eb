"""Scoring of tag candidates: every paper's (paper, canonical key) candidates and each key's corpus statistics.

Keys fold into the user's preferred names and drop banned or generic ones (Folder); a candidate's score is
its frequency in the paper, how early it comes and the key's length, burstiness (papers that use a phrase
repeat it) and how often it ends a noun phrase in the corpus. All of it runs as numpy arrays over the corpus.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass
from functools import cached_property
from itertools import chain

import numpy as np

from generator.infer.tags.candidates import COUNTS, unpack
from generator.infer.tags.tokens import surface
from generator.infer.tags.words import FILLER_KEYS, GENERIC_SINGLE
from generator.model import Paper, Vocabulary
from generator.text import fold_key

# Scoring weights: generic factors, their values picked by a random search on a labelled dev corpus (ICLR 2024)
# for precision over every shown tag with F1@5 kept (docs/inference.md); no word list comes from any labels.
_POSITION_DECAY = 0.1  # later first mentions count less: abstracts name their subject early
_LENGTH_BONUS = 0.7  # per extra word: "offline reinforcement learning" says more than "learning"
_GIVEN_BOOST = 1.5  # a phrase some author chose as a keyword is a term, wherever it appears
_SINGLE_WORD = 0.2  # one word is rarely a tag on its own ("privacy" is, "explain" is not)
_NOUN_SINGLE = 0.45  # ... unless it looks like a noun of a concept or is an acronym
_TF_WEIGHT = 0.5  # repeated mentions
_BURSTINESS = 1.0  # corpus-wide mentions per paper that uses the phrase
_HEAD_FLOOR = 0.5  # share of a phrase's score kept however rarely it ends a noun phrase
_VERB_PENALTY = 2.0  # how fast "followed by a determiner" kills a candidate
_VERB_SHARE = 0.2  # a word followed by a determiner this often is a verb ("train the", "analyzing the") ...
_VERB_MIN_MENTIONS = 3  # ... when the corpus writes it alone at least this often
_TAIL_FLOOR = 0.6  # share of a phrase's score kept however rarely it opens a noun phrase
_OPENS_WEIGHT = 2.0  # ... and how fast opening one lifts it to the full score
_ONCE_WORD = 0.25  # one plain word (no acronym, no name) named once is a passing word, rarely the subject ...
_ONCE_MIN_PAPERS = 10  # ... when at least this many papers use it (a word a few papers share is specific)
_PASSING = 0.6  # a passing mention (about.py) is worth this share of its score
_FURNITURE_SHARE = 0.05  # a word used by this share of the papers is widespread ...
_FURNITURE_MIN_PAPERS = 10  # ... and by at least this many
_FURNITURE_BURST = 1.2  # ... a phrase of such words named fewer times a paper is furniture
_BACKGROUND_BURST = 1.2  # two words its papers name fewer times each than this, ...
_BACKGROUND_MIN_PAPERS = 5  # ... in at least this many papers, are background unless the paper opens with them
_FIELD_SHARE = 0.025  # a phrase used by this share of the papers ...
_FIELD_MIN_PAPERS = 10  # ... and by at least this many ...
_FIELD_BURST = 1.6  # ... that they name fewer times each than this ...
_FIELD_OPENING = 0.5  # ... and at least this share of them in their opening sentence, is the field they sit in
_SETTING_SHARE = 0.3  # a phrase the corpus writes right after a determiner this share of the time ...
_SETTING_MIN_MENTIONS = 15  # ... over at least this many mentions is one thing of a setup where a paper names it once
ACTION_ENDINGS = ("tion", "sion", "ing", "ment")  # nouns of an action: "selection", "compression", "matching"
_LATE_POSITION = 0.6  # a phrase its papers first name this far into their abstracts on average (0 first sentence, 1
_LATE_MIN_PAPERS = 3  # the last), over at least this many papers, is a study's evaluation ...
_LATE_HALF = 0.5  # ... where a paper names it once, this far in ...
_LATE_MIN_SENTENCES = 5  # ... of at least this many sentences (a short text tells little of where its subject comes)
_TOOL_MENTIONS = 3  # a versioned name ("GPT-4") named fewer times than this is a tool the paper uses ...
_NAME_MENTIONS = 2  # ... and one word written as a name ("GPU", "ImageNet") named fewer times than this
_ADJECTIVE_SINGLE = 0.1  # one adjective alone ("adversarial") names nothing
_ADJECTIVE_SUFFIXES = ("al", "ic", "ive", "ous", "able", "ible", "ful", "less", "ar", "ary", "om", "er", "ent", "ant")
_NOUN_SUFFIXES = ("tion", "sion", "ity", "ness", "ism", "ment", "ance", "ence", "ing", "ics", "ogy", "phy", "sis", "ency", "ancy", "ure", "ization", "er", "or", "ship")


class Folder:
    """Map phrase keys (acronyms already folded in the evidence) to canonical keys: the user's preferred names."""

    def __init__(self, vocab: Vocabulary) -> None:
        self.preferred = {alias: fold_key(name) for alias, name in vocab.preferred.items()}
        self.names = {fold_key(name): name for name in vocab.preferred.values()}
        self.banned = {fold_key(b) for b in vocab.banned}

    def __call__(self, key: str) -> str:
        """Return the canonical key of a phrase key."""
        return self.preferred.get(key, key)

    def allowed(self, key: str, given: bool = False) -> bool:
        """Return whether a canonical key may become a tag."""
        if not key or key in self.banned or key in FILLER_KEYS:
            return False
        if key in self.names or given:
            return True
        return not (" " not in key and key in GENERIC_SINGLE)


@dataclass
class _Rows:
    """The corpus's evidence rows whose phrase folds into a key that may be a tag, in corpus order."""

    paper: np.ndarray  # the paper of each row
    key: np.ndarray  # its canonical key id
    phrase: np.ndarray  # its phrase key, as an index into Candidates._phrases
    counts: np.ndarray  # COUNTS x rows: mentions, sentence of first mention, ending a noun phrase, before a
    # determiner, a whole noun phrase, in an aside, right after a determiner, one word that is a noun phrase alone
    written: np.ndarray  # whether the row's phrase is written otherwise than as its key ...
    forms: list  # ... and then how (one entry per such row, in row order)


class Candidates:
    """Every paper's candidate keys with their evidence, and each key's corpus statistics, as arrays.

    A candidate is one (paper, canonical key) pair; candidates are sorted by paper, then key id. The
    per-key arrays (df, total, at_end, before_object) are indexed by key id; `keys[id]` is the key.
    """

    def __init__(self, papers: list[Paper], evidences: list[list], fold: Folder) -> None:
        self.keys: list[str] = []
        self._ids: dict[str, int] = {}
        rows = self._rows([unpack(e) for e in evidences], fold)
        self._read_keywords(papers, fold)
        self._count(rows)
        self._index_forms(rows)
        self._named = np.zeros(len(self.keys), dtype=bool)  # one word written as a name or acronym (scores() sets it)

    def _id(self, key: str) -> int:
        """Return a canonical key's id, giving it the next one when it is new."""
        kid = self._ids.get(key)
        if kid is None:
            kid = self._ids[key] = len(self.keys)
            self.keys.append(key)
        return kid

    def _rows(self, unpacked: list[tuple[list[str], np.ndarray, list]], fold: Folder) -> _Rows:
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
        # Papers using each word (its one-word phrase key), generic ones too: how widespread a phrase's words are.
        single = np.array([" " not in phrase for phrase in self._phrases], dtype=bool)
        word_rows = single[phrase]
        word_df = np.bincount(phrase[word_rows], minlength=len(self._phrases))  # a key occurs once per text
        self.word_df = {self._phrases[i]: int(word_df[i]) for i in np.flatnonzero(word_df).tolist()}
        counts = np.concatenate([u[1] for u in unpacked]).astype(np.int64).T if raw else np.zeros((COUNTS, 0), np.int64)
        offsets = np.cumsum([0] + sizes).tolist()
        forms = {offset + i: written for offset, u in zip(offsets, unpacked) for i, written in u[2]}
        has_forms = np.zeros(len(raw), dtype=bool)
        has_forms[list(forms)] = True
        key = canonical[phrase]
        keep = key >= 0
        return _Rows(paper[keep], key[keep], phrase[keep], counts[:, keep], has_forms[keep],
                     [forms[row] for row in np.flatnonzero(keep & has_forms).tolist()])

    def _read_keywords(self, papers: list[Paper], fold: Folder) -> None:
        """Set each paper's author keywords (folded, allowed, each once, in given order); their forms count too."""
        self.given: list[list[int]] = []
        self._given_forms: dict[int, dict[str, int]] = defaultdict(dict)
        for p in papers:
            given: list[int] = []
            for kw in p.keywords:
                key = fold(fold_key(kw))
                if fold.allowed(key, given=True) and (kid := self._id(key)) not in given:
                    given.append(kid)
                    forms = self._given_forms[kid]
                    form = surface(kw.split())
                    forms[form] = forms.get(form, 0) + 1
            self.given.append(given)

    def _count(self, rows: _Rows) -> None:
        """Set the candidates (paper, key, tf, first) and the keys' corpus statistics from the rows."""
        n_keys = max(len(self.keys), 1)
        mentions, first, at_end, before_object, opens, aside, definite, alone = rows.counts
        # Two phrase keys may fold into one key of a paper: mentions add up, the earlier first mention counts.
        pairs, inverse = np.unique(rows.paper * n_keys + rows.key, return_inverse=True)
        self.paper, self.key = pairs // n_keys, pairs % n_keys
        self.tf = np.bincount(inverse, weights=mentions, minlength=len(pairs)).astype(np.int64)
        self.aside = np.bincount(inverse, weights=aside, minlength=len(pairs)).astype(np.int64)
        self.ends = np.bincount(inverse, weights=at_end, minlength=len(pairs)).astype(np.int64)  # in this paper
        self.objects = np.bincount(inverse, weights=before_object, minlength=len(pairs)).astype(np.int64)  # ditto
        self.opened = np.bincount(inverse, weights=opens, minlength=len(pairs)).astype(np.int64)  # ditto
        self.first = np.full(len(pairs), np.iinfo(np.int64).max, dtype=np.int64)
        np.minimum.at(self.first, inverse, first)
        self.total = np.bincount(rows.key, weights=mentions, minlength=len(self.keys)).astype(np.int64)
        self.at_end = np.bincount(rows.key, weights=at_end, minlength=len(self.keys)).astype(np.int64)
        self.before_object = np.bincount(rows.key, weights=before_object, minlength=len(self.keys)).astype(np.int64)
        self.opens = np.bincount(rows.key, weights=opens, minlength=len(self.keys)).astype(np.int64)
        self.definite = np.bincount(rows.key, weights=definite, minlength=len(self.keys)).astype(np.int64)
        self.alone = np.bincount(rows.key, weights=alone, minlength=len(self.keys)).astype(np.int64)  # corpus-wide
        # Papers using a key: those mentioning it, and those giving it as a keyword without mentioning it.
        given_pairs = np.array([i * n_keys + k for i, keys in enumerate(self.given) for k in keys], dtype=np.int64)
        unmentioned = given_pairs[~contains(pairs, given_pairs)] % n_keys
        self.df_mentioned = np.bincount(self.key, minlength=len(self.keys))  # papers naming a key in their text
        self.df = self.df_mentioned + np.bincount(unmentioned, minlength=len(self.keys))

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

    def rows_of(self, paper: int, kids: list[int]) -> list[int]:
        """Return the candidate row of each key of `kids` in paper `paper` (-1 where the paper has no such candidate)."""
        codes = self._codes
        wanted = [paper * len(self.keys) + k for k in kids]
        at = np.searchsorted(codes, wanted).tolist()
        return [j if j < len(codes) and codes[j] == code else -1 for j, code in zip(at, wanted)]

    @cached_property
    def _codes(self) -> np.ndarray:
        """Return each candidate as paper * number of keys + key: sorted, as the candidates are by paper, then key."""
        return self.paper * len(self.keys) + self.key

    def named(self, kid: int) -> bool:
        """Return whether a key is one word written as a name or an acronym ("CLIP"; scores() finds them)."""
        return bool(self._named[kid])

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
        factors = np.full((6, len(self.keys)), np.nan)
        self._plain_word = np.zeros(len(self.keys), dtype=bool)  # one word, not an acronym or a name
        verbs = self._verbs()
        rare = self.total < _FURNITURE_BURST * self.df  # named about once a paper: the first test of furniture
        for kid in np.flatnonzero((self.df >= 2) & ((self.at_end > 0) | given_keys) & (self.total > 0)).tolist():
            key = self.keys[kid]
            # A phrase led by a verb ("train models", "analyzing whole slide images") names no subject, nor does a verb
            # its form gives away ("quantifies", "minimizes"), however few times the corpus writes it.
            if not given_keys[kid] and ((" " in key and key.split(" ", 1)[0] in verbs) or _verb_form(key)):
                continue
            if not given_keys[kid] and rare[kid] and self.furniture(kid):
                continue
            factors[:, kid] = self._key_factors(kid)
        # The same products in the same order as the formula per candidate takes: scores are exact.
        tf_weight = np.array([0.0] + [1 + _TF_WEIGHT * math.log(tf) for tf in range(1, int(self.tf.max(initial=0)) + 1)])
        score = tf_weight[self.tf] * factors[0, self.key]
        for factor in factors[1:]:
            score *= factor[self.key]
        score /= 1 + _POSITION_DECAY * self.first
        score *= np.where(given_keys[self.key], _GIVEN_BOOST, 1.0)
        score *= np.where(self.passing() & ~given_keys[self.key], _PASSING, 1.0)
        self._plain_word &= self.df >= _ONCE_MIN_PAPERS
        score *= np.where(self._plain_word[self.key] & (self.tf == 1) & ~given_keys[self.key], _ONCE_WORD, 1.0)
        unfit = self.background() | self.tool() | self.setting() | self.evaluation()
        score[unfit & ~given_keys[self.key]] = np.nan
        return score

    def setting(self) -> np.ndarray:
        """Return which candidates are one thing of a paper's setup: named once by the paper, and a phrase its corpus
        writes after a determiner ("the latent space", "the convergence rate", "a feature extractor") often."""
        definite = (self.total >= _SETTING_MIN_MENTIONS) & (self.definite >= _SETTING_SHARE * self.total)
        # An action named as a noun ("the data selection", "the bilevel optimization") is work a paper does.
        definite &= np.array([not k.endswith(ACTION_ENDINGS) for k in self.keys], dtype=bool)
        return definite[self.key] & (self.tf == 1)

    def evaluation(self) -> np.ndarray:
        """Return which candidates are a thing of a study's evaluation or results: a phrase its papers first name late
        in their abstracts on average ("FID scores", "attack success rate", "sufficient conditions"), that this paper
        names once, late too: abstracts name their subject early and what they measured it by at the end."""
        last = self._last_sentence()[self.paper]
        position = self.first / np.maximum(last, 1)
        mean = np.bincount(self.key, weights=np.minimum(position, 1.0), minlength=len(self.keys))
        late = (mean >= _LATE_POSITION * np.maximum(self.df_mentioned, 1)) & (self.df_mentioned >= _LATE_MIN_PAPERS)
        return late[self.key] & (self.tf == 1) & (position >= _LATE_HALF) & (last >= _LATE_MIN_SENTENCES - 1)

    def _last_sentence(self) -> np.ndarray:
        """Return each paper's last sentence that names a candidate (the sentence of its latest first mention)."""
        last = np.zeros(len(self.given), dtype=np.int64)
        np.maximum.at(last, self.paper, self.first)
        return last

    def background(self) -> np.ndarray:
        """Return which candidates are background phrases: two words that the papers using them (at least a few)
        name about once each ("performance gap", "ground truth", "real datasets"), and this paper names once,
        not in its opening sentence, where an abstract names its field."""
        two_words = np.array([k.count(" ") == 1 for k in self.keys], dtype=bool)
        background = (self.total < _BACKGROUND_BURST * self.df) & (self.df >= _BACKGROUND_MIN_PAPERS) & two_words
        return background[self.key] & (self.first > 0) & (self.tf == 1)

    def field(self) -> np.ndarray:
        """Return which candidates name the field a paper sits in rather than its subject: a phrase many papers
        use and name about once each, most in their opening sentence ("machine learning", "artificial intelligence"),
        however often this paper names it (a theory of "neural networks" still sits in the field)."""
        return self.fields()[self.key]

    def fields(self) -> np.ndarray:
        """Return which keys name a field (see field): many papers use them, about once each, most in their opening
        sentence."""
        floor = max(_FIELD_SHARE * len(self.given), _FIELD_MIN_PAPERS)
        wide = (self.df >= floor) & (self.total < _FIELD_BURST * self.df)
        opening = np.bincount(self.key, weights=self.first == 0, minlength=len(self.keys))
        return wide & (opening >= _FIELD_OPENING * np.maximum(self.df, 1))

    def tool(self) -> np.ndarray:
        """Return which candidates are a versioned name ("GPT-4", "LLaMA-2", "CIFAR-100": a model, dataset or
        benchmark a paper uses; "LLaMA-2 models"), or one word written as a name that no text defines ("GPU", "BLEU",
        "ImageNet", "BERT"; a defined acronym folds into its long form), that the paper names fewer than
        _TOOL_MENTIONS (_NAME_MENTIONS) times: a tool, not its subject (scores() marks the named words first)."""
        versioned = np.array([len(w := k.split(" ")) in (2, 3) and w[0].isalpha() and w[1][:1].isdigit()
                              and (len(w) == 2 or w[2] in GENERIC_SINGLE) for k in self.keys], dtype=bool)
        return (versioned[self.key] & (self.tf < _TOOL_MENTIONS)) | (self._named[self.key] & (self.tf < _NAME_MENTIONS))

    def furniture(self, kid: int) -> bool:
        """Return whether a key is field furniture: every word of it is among the corpus's most widespread
        ones, and the papers using the phrase name it about once ("model capacity", "loss function")."""
        words = self.keys[kid].split(" ")
        # A small corpus has no field furniture to speak of: a word of a few of its papers is not widespread.
        floor = max(_FURNITURE_SHARE * len(self.given), _FURNITURE_MIN_PAPERS)
        return (len(words) > 1 and self.total[kid] < _FURNITURE_BURST * self.df[kid]
                and all(self.word_df.get(w, 0) >= floor for w in words))

    def passing(self) -> np.ndarray:
        """Return which candidates are passing mentions (about.py): named once, after the first sentence, in
        an aside (others' work, an example, a contrast) that does not state the paper's contribution."""
        return (self.tf == 1) & (self.first > 0) & (self.aside > 0)

    def opening_example(self) -> np.ndarray:
        """Return which candidates are named once, as an example or a contrast in the opening sentence ("scientific
        domains such as fluid dynamics"): where a paper's field applies, or what it is not, rather than its subject."""
        return (self.tf == 1) & (self.first == 0) & (self.aside > 0)

    def _verbs(self) -> set[str]:
        """Return the words the corpus uses as verbs: alone, they are followed by a determiner this often ("train the")."""
        single = np.flatnonzero((self.total >= _VERB_MIN_MENTIONS) & (self.before_object >= _VERB_SHARE * self.total))
        return {self.keys[k] for k in single.tolist() if " " not in self.keys[k]}

    def _key_factors(self, kid: int) -> tuple[float, float, float, float, float, float]:
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
        # A phrase that never opens a noun phrase is the tail of longer ones ("series forecasting" of
        # "time series forecasting", "instance learning" of "multiple instance learning").
        opens = min(1.0, _TAIL_FLOOR + _OPENS_WEIGHT * int(self.opens[kid]) / total) if words > 1 else 1.0
        return burst, length, head, verb, self._single_word_factor(kid) if words == 1 else 1.0, opens

    def _single_word_factor(self, kid: int) -> float:
        """Return how much a one-word candidate keeps of its score: concept nouns and acronyms keep more (and
        mark in `_plain_word` a word that is neither an acronym nor a name, which scores() weighs)."""
        key = self.keys[kid]
        # An adjective alone ("adversarial", "dynamic") names nothing, unless the corpus uses it as a noun.
        if key.endswith(_ADJECTIVE_SUFFIXES) and self.at_end[kid] * 2 < self.total[kid]:
            self._plain_word[kid] = True
            return _ADJECTIVE_SINGLE
        # Phrase keys are lowercase: only forms written otherwise can be acronyms or names.
        written = self.surfaces(kid, written_only=True)
        all_forms = int(self.total[kid]) + sum(self._given_forms.get(kid, {}).values())
        written_upper = sum(c for s, c in written.items() if sum(ch.isupper() for ch in s) >= 2)
        named = written_upper * 2 >= all_forms
        self._plain_word[kid] = not named
        self._named[kid] = named
        if named or key.endswith(_NOUN_SUFFIXES):
            return _NOUN_SINGLE
        return _SINGLE_WORD



def contains(sorted_codes: np.ndarray, codes: np.ndarray) -> np.ndarray:
    """Return where `codes` occur in the sorted array `sorted_codes`."""
    at = np.searchsorted(sorted_codes, codes)
    return sorted_codes[np.minimum(at, len(sorted_codes) - 1)] == codes if len(sorted_codes) else np.zeros(codes.shape, bool)


def _verb_form(key: str) -> bool:
    """Tell whether a one-word key (folded: "quantifies" is "quantifie") is a verb by its ending: the third person of a
    verb in "-ify" or "-ize" ("quantifies", "minimizes"; nouns in "-ize" are short: "size", "prize")."""
    return " " not in key and (key.endswith("ifie") or (key.endswith("ize") and len(key) >= 7))
