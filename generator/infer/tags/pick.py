"""The greedy pick of each paper's tags: its given keywords, then the best-scored candidates, de-duplicated.

MMR-like: a part of a chosen tag is worth less (a broad part, the field, much less), so one phrase does not fill
a paper's tags with its variants; a key naming the concept of a chosen one (concept_key) or one word of it is not
picked at all. Every paper's pick runs at once as arrays, with the same steps, values and ties as a plain pick
one paper at a time (tests/test_tags.py compares the two).
"""

from __future__ import annotations

from functools import cached_property

import numpy as np

from generator.infer.tags.generic import made_modifier
from generator.infer.tags.score import contains
from generator.infer.tags.words import SIZE_WORDS

SUBPHRASE_PENALTY = 0.85  # MMR-like: a part of an already chosen tag is worth a little less (a tag page one level up) ...
BROAD_SUBPHRASE_PENALTY = 0.5  # ... a broad one (the field: "neural networks" beside "graph neural networks") more
BROAD_SHARE = 0.05  # a key used by more than this share of the papers is broad
TAIL_SHARE = 0.1  # a key opening a noun phrase less often than this is a tail piece ("series analysis")
SUPERPHRASE_PENALTY = 1.0  # a longer form of a chosen tag says something new: "offline reinforcement learning"
RELATIVE_CUTOFF = 0.09  # tags beyond `min_tags` need at least this share of the best score
FEW_WORDS = 8  # keys up to this many words have their word runs listed; longer ones are matched word by word
POOL = 4  # candidates per tag to pick considered: penalties only lower scores, so the pick lies among the first
# Generic heads that add nothing to the concept before them ("machine learning models", "training set").
CONCEPT_HEADS = ("model", "method", "dataset", "data", "set", "framework", "algorithm", "system", "approach",
                  "technique", "architecture", "module", "pipeline", "scheme", "paradigm", "benchmark", "training")


# Modifiers that grade a concept rather than name a kind of it: "deep neural networks" and "artificial neural
# networks" are neural networks to a reader browsing tags.
_DEGREE_WORDS = frozenset({"deep", "artificial"})
# Size words written as two key words ("large-scale" folds to "large scale").
_SIZE_PAIRS = frozenset(f"{w} scale" for w in SIZE_WORDS)


def concept_key(key: str) -> str:
    """Return the concept a phrase key names: generic heads dropped, "neural network" as "network", no spaces.

    "training data", "training set" and "training datasets"; "ReLU networks" and "ReLU neural networks";
    "pre training" and "pretraining" each name one concept, so one paper shows one of them.
    """
    words = concept_words(key)
    # A kind of network is its kind: "message passing neural networks" and "message passing", "ReLU networks".
    if len(words) > 1 and words[-1] == "network":
        words.pop()
        if len(words) > 1 and words[-1] == "neural":
            words.pop()
    return "".join(words)


def concept_words(key: str) -> list[str]:
    """Return the words of a phrase key without its generic heads or a leading size ("rl algorithm" -> ["rl"],
    "large language model" -> ["language", "model"])."""
    words = key.split(" ")
    if len(words) - (made := made_modifier(words)) > 1:  # "pretrained large language model" -> "large language model"
        words = words[made:]
    if len(words) > 2 and " ".join(words[:2]) in _SIZE_PAIRS:
        words = words[2:]
    elif len(words) > 1 and (words[0] in SIZE_WORDS or words[0] in _DEGREE_WORDS):
        words = words[1:]
    for _ in range(2):  # "deep neural network models", "graph data sets"
        if len(words) > 1 and words[-1] in CONCEPT_HEADS:
            words.pop()
    return words


class Picker:
    """Pick each paper's tags: given keywords first, then a greedy, de-duplicated pick by score (MMR-like).

    Every paper's pick runs at once, one array column per candidate: the same steps, values and ties
    as picking one paper at a time.
    """

    def __init__(self, keys: list[str], paper: np.ndarray, key: np.ndarray, given: list[list[int]],
                 score: np.ndarray, max_tags: int, min_tags: int, broad: np.ndarray | None = None,
                 tail: np.ndarray | None = None) -> None:
        """Take the candidates as (paper, key id, score) arrays, NaN where one cannot be a tag; `keys[id]` is
        the key, `given[paper]` that paper's keywords (key ids, in order), `broad[id]` whether a key is broad,
        `tail[id]` whether it is mostly the end of a longer phrase."""
        self.keys, self.given, self.max_tags, self.min_tags = keys, given, max_tags, min_tags
        self.broad = np.zeros(len(keys), dtype=bool) if broad is None else broad
        # One word, or the tail of a phrase ("series analysis" of "time series analysis"), inside a chosen tag is
        # a piece of it, never a second tag.
        self.piece = np.array([" " not in k for k in keys], dtype=bool)
        if tail is not None:
            self.piece |= tail
        scored = np.flatnonzero(~np.isnan(score))
        rank = np.empty(len(keys), dtype=np.int64)
        rank[sorted(range(len(keys)), key=keys.__getitem__)] = np.arange(len(keys))
        self.rank = rank
        # Each paper's candidates, best first; equal scores in key order.
        order = np.lexsort((rank[key[scored]], -score[scored], paper[scored]))
        row = scored[order]
        self.score, self.paper, self.key = score[row], paper[row], key[row]
        self.starts = np.searchsorted(self.paper, np.arange(len(given) + 1))
        self.concept = self._concepts()
        # Sorted codes paper * n_keys + key of the candidates a paper may not pick (see exclude).
        self.excluded = np.zeros(0, dtype=np.int64)

    def exclude(self, papers: np.ndarray, keys: np.ndarray) -> None:
        """Keep each paper of `papers` from picking the key beside it in `keys` (its given keywords stay)."""
        self.excluded = np.union1d(self.excluded, papers.astype(np.int64) * len(self.keys) + keys)

    def _concepts(self) -> np.ndarray:
        """Return each key's concept id (equal ids: one concept), for the keys that can be picked; -1 elsewhere."""
        kids = np.unique(np.concatenate([self.key, np.array([k for g in self.given for k in g], dtype=np.int64)]))
        ids: dict[str, int] = {}
        concept = np.full(len(self.keys), -1, dtype=np.int64)
        for kid in kids.tolist():
            concept[kid] = ids.setdefault(concept_key(self.keys[kid]), len(ids))
        return concept

    def pick(self, papers: np.ndarray, allowed: np.ndarray) -> list[list[int]]:
        """Return the tag key ids of the given papers (indexes), with only `allowed` keys."""
        chosen = [[k for k in self.given[i] if allowed[k]][:self.max_tags] for i in papers.tolist()]
        score, key, alive = self._pools(papers, allowed, chosen)
        best = score[:, 0].copy()
        # Each candidate's redundancy factor, updated as tags are chosen, starting with the given keywords.
        factor = np.ones(score.shape)
        for j in range(max(map(len, chosen), default=0)):
            has = np.array([len(c) > j for c in chosen])
            given = np.array([c[j] if len(c) > j else 0 for c in chosen], dtype=np.int64)
            penalty, part = self._penalty(key[has], given[has])
            factor[has] *= penalty
            alive[has] &= (self.concept[key[has]] != self.concept[given[has]][:, None]) & ~part
        count = np.array([len(c) for c in chosen], dtype=np.int64)
        active = alive.any(axis=1) & (count < self.max_tags)
        while active.any():
            live = np.flatnonzero(active)
            value = np.where(alive[live], score[live] * factor[live], -np.inf)
            top = value.max(axis=1)
            # The greatest value wins; between equal values, the greatest key (as max() over (value, key)).
            col = np.where(value == top[:, None], self.rank[key[live]], -1).argmax(axis=1)
            stop = (count[live] >= self.min_tags) & (top < RELATIVE_CUTOFF * best[live])
            active[live[stop]] = False
            live, col = live[~stop], col[~stop]
            won = key[live, col]
            for i, k in zip(live.tolist(), won.tolist()):
                chosen[i].append(k)
            alive[live, col] = False
            count[live] += 1
            penalty, part = self._penalty(key[live], won)
            factor[live] *= penalty
            alive[live] &= (self.concept[key[live]] != self.concept[won][:, None]) & ~part
            active[live] &= alive[live].any(axis=1) & (count[live] < self.max_tags)
        return chosen

    def _pools(self, papers: np.ndarray, allowed: np.ndarray, chosen: list[list[int]]) -> tuple[np.ndarray, ...]:
        """Return each paper's best POOL * max_tags allowed candidates not already chosen, best first, as
        (score, key, alive) matrices of one row per paper; `alive` is False where a paper has fewer."""
        n, width = len(papers), POOL * self.max_tags
        # The papers' candidates, in order: each paper's a run of rows, best first.
        lengths = self.starts[papers + 1] - self.starts[papers]
        row_slot = np.repeat(np.arange(n), lengths)
        rows = np.arange(len(row_slot)) - np.repeat(np.cumsum(lengths) - lengths, lengths) + self.starts[papers][row_slot]
        chosen_pairs = np.sort(np.array([s * len(allowed) + k for s, keys in enumerate(chosen) for k in keys],
                                        dtype=np.int64))
        use = allowed[self.key[rows]] & ~contains(chosen_pairs, row_slot * len(allowed) + self.key[rows])
        use &= ~contains(self.excluded, papers[row_slot] * len(allowed) + self.key[rows])
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

    def _penalty(self, keys: np.ndarray, chosen: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Return each candidate's redundancy factor given one more chosen tag per row (same shape as keys), and
        where it is one word of that tag ("primitives" of "gaussian primitives"): a piece, never a second tag."""
        n_keys = len(self.keys)
        # A part of a chosen tag ("language models" after "large language models") adds little; a
        # specialisation ("offline reinforcement learning" after "reinforcement learning") adds more.
        inner = contains(self._parts, chosen[:, None] * n_keys + keys)
        outer = contains(self._parts, keys * n_keys + chosen[:, None])
        sub = np.where(self.broad[keys], BROAD_SUBPHRASE_PENALTY, SUBPHRASE_PENALTY)
        return np.where(inner, sub, np.where(outer, SUPERPHRASE_PENALTY, 1.0)), inner & self.piece[keys]

    def parts_of(self, kid: int) -> list[int]:
        """Return the keys that a run of the words of key `kid` spells (see _parts), in key order."""
        n_keys = len(self.keys)
        lo, hi = np.searchsorted(self._parts, [kid * n_keys, (kid + 1) * n_keys])
        return (self._parts[lo:hi] - kid * n_keys).tolist()

    @cached_property
    def _parts(self) -> np.ndarray:
        """Return the sorted codes key * n_keys + part: for every key that can be picked, each other such
        key that a run of its words spells ("language model" in "large language model")."""
        keys, n_keys = self.keys, len(self.keys)
        given = np.array([k for keys_ in self.given for k in keys_], dtype=np.int64)
        kids = np.unique(np.concatenate([self.key, given])).tolist()
        ids = {keys[k]: k for k in kids}
        by_first: dict[str, list[tuple[list[str], int]]] = {}
        codes = []
        for kid in kids:
            words = keys[kid].split(" ")
            if len(words) <= FEW_WORDS:
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
