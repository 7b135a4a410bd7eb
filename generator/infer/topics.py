"""Topics: group papers into named topics, discovered from the text or taken from a fixed taxonomy.

Input: papers (tags set, maybe empty), their `Features`, the tags and the vocabulary. Output: `paper.topic`
and the list of `Topic`s, largest first. Discovery is k-means (k = 1.2 * sqrt(n)) on the LSA embedding
smoothed over each paper's neighbours, started from centres drawn by a hash of each paper's id, so topics
depend on the papers, not their order. A group whose papers are barely more alike than random ones (a small
collection of unrelated abstracts) is grouped again by average linkage, and a paper alike to no other is in no
topic. Names are the group's most characteristic tags, else TF-IDF phrases two of its papers use. Papers whose group's
name says nothing of them, and that share a tag no name has, make a topic of their own named by that tag; such a
paper that is also far from its group's papers goes to a topic whose name it says, or to none.
The measurements behind these choices: docs/inference.md.
"""

from __future__ import annotations

import hashlib
import math
from collections import Counter
from collections.abc import Callable

import numpy as np
import scipy.sparse as sp
from threadpoolctl import threadpool_limits

from generator.infer.features import Features, analyse, normalize, top_k
from generator.infer.tags import umbrella
from generator.infer.tags.generic import FIELD_HEADS, tool_tag
from generator.infer.tags.words import GENERIC_SINGLE
from generator import text
from generator.model import Paper, Tag, Topic, TopicMemory, TopicSpec, Vocabulary

#: Topics per square root of the corpus size.
TOPICS_PER_ROOT = 1.2
#: Neighbours averaged into each paper's embedding before clustering.
SMOOTHING_NEIGHBOURS = 10
#: Phrases kept to describe a topic.
NAME_PHRASES = 3
#: Phrases a topic name (and slug) is made of.
NAME_WORDS = 2
#: A tag whose papers are less alike than this (0 random, 1 identical) names no topic (see _broad_tags).
NAME_COHESION = 0.14
#: A name's second tag must be on papers at least this alike to the first tag's papers (0: as alike as random
#: papers, 1: as alike as the topic's own), or it names another group of the topic ("Knowledge distillation,
#: posterior sampling"); see _unglue.
NAME_NEAR = 0.5
#: ... judged only where both tags are on at least this many of the topic's papers (fewer: too few to tell).
NEAR_MIN_PAPERS = 3
#: A remembered name is kept while its phrases are among this many best of the topic's (see _keep_names).
KEEP_AMONG = 6
#: ... and while the topic holds at least this share (Jaccard) of the remembered topic's papers.
KEEP_OVERLAP = 0.5
#: A discovered group whose papers are less alike than this (umbrella.cohesion: 0 as alike as random papers, 1
#: identical) is no topic: its papers are grouped again, tighter (see _regroup_loose). The 40 dev topics are
#: 0.21-0.88, the 7 k-means groups of the 38 unrelated seed abstracts 0.01-0.04.
TOPIC_COHESION = 0.12
#: Fewest papers a regrouped topic holds (two papers alike enough, sharing a key phrase, are a topic of a small
#: collection, as two papers make a tag).
MIN_TOPIC_PAPERS = 2
#: Most loose papers regrouped: average linkage holds all their pairs (above it they keep their k-means groups).
REGROUP_MAX = 3000
#: A paper in no topic joins a topic its tags name, or the one holding most of the remembered topic it was in, where
#: it is at least this share of TOPIC_COHESION alike to its papers (see _join): a new abstract shifts every
#: similarity of a small collection a little, and without it one added paper left 2 of 30 papers of a sample in
#: no topic.
STAY_SHARE = 0.5
#: A second name phrase with a generic head ("global model") most of whose papers (this share) have the first phrase
#: ("federated learning") says nothing more: it is that field's furniture (see _drop_furniture).
FURNITURE_SHARE = 0.6
#: A paper stays in the topic grown from the one it was in last build while that topic's centre is at most this much
#: farther (squared distance, on unit vectors) than the nearest one (see _stay_home).
STAY_MARGIN = 0.05
#: While the remembered topics are all still here and at most this share of the papers is new to them, papers keep
#: their topics and new ones join the nearest (see _settled): topics are found again when the corpus has grown past
#: that or the number of topics changes (topic_count grows with the square root of the papers).
SETTLE_SHARE = 0.02
#: A name phrase on at least this share of its topic's papers, with at least half of its own papers in the topic, is
#: the topic; a second phrase on at most FACET_SHARE of the topic's papers then names a corner of it, not the topic
#: ("Temporal variations, time series": 2 of 27 papers and 25 of 27), and the topic is named by the first alone.
SOLE_SHARE = 0.8
FACET_SHARE = 0.25
#: A paper whose tags and text name nothing of its topic's name moves to the topic one of its first REHOME_TAGS tags
#: names, a phrase no other topic's name has, ...
REHOME_TAGS = 2
#: ... where it is at least this share as alike to that topic's papers as to its own topic's (see _rehome).
REHOME_SHARE = 0.5
#: A paper whose topic's name says nothing of it and that no other topic's name fits joins a topic named by one of its
#: tags, shared by at least this share of a topic's average size (never fewer than TAG_TOPIC_MIN_PAPERS) of such papers
#: (see _tag_topics).
TAG_TOPIC_SHARE = 0.1
TAG_TOPIC_MIN_PAPERS = 3
#: A topic whose name says nothing of most of its papers, and of at least this many papers, is named by the subject word
#: (see _subject_words) that at least this share of them use ...
SUBJECT_WORD_PAPERS = 4
SUBJECT_WORD_SHARE = 0.6
#: ... at least this many times as often as the corpus's papers do.
SUBJECT_WORD_LIFT = 3.0
#: A word ending so is an adjective: alone after a hyphen ("multi-modal") it names no topic.
_ADJECTIVE_ENDS = ("al", "ive", "ous", "able", "ible", "ful", "less")
#: A paper whose topic's name says nothing of it and that is less alike to the topic's papers than this share of how
#: alike two of them are is in no topic (see _without_strays).
STRAY_SHARE = 0.8
#: A name phrase fewer than this share of a topic's papers say, where at least half of them say the other, is dropped
#: from the name (see _thin_names): "Reinforcement learning, world models", where 4 of 38 papers say "world model" and
#: 31 "reinforcement learning", names a corner of the topic as if it were half of it.
THIN_SHARE = 0.25
#: Topic number of a paper in no topic.
NO_TOPIC = -1


def assign_topics(
    papers: list[Paper], features: Features, tags: dict[str, Tag], vocab: Vocabulary,
    labels: np.ndarray | None = None, previous: tuple[TopicMemory, ...] = (),
) -> list[Topic]:
    """Group papers into named topics, set each paper's `topic` slug, and return the topics largest first.

    The result depends on the papers and the `previous` build's topics only; `labels`, group()'s result for the
    same arguments, skips that step.
    """
    for p in papers:
        p.topic = None
    if not papers:
        return []
    if labels is None:
        labels = group(papers, features, vocab, previous)
    if labels.max() < 0:
        return []
    shown: dict[int, list[str]] = {}  # the phrases a discovered topic is shown by, where not all it is named by
    if vocab.topics:
        topics = [
            Topic(slug="", name=spec.name, phrases=list(spec.phrases), description=spec.description)
            for spec in vocab.topics
        ]
    else:
        broad = _broad_tags(tags, features)
        topics = _describe_all(labels, papers, features, tags, broad, previous)
        labels = _join(labels, topics, papers, tags, features.embedding, previous)
        labels = _rehome(labels, topics, papers, tags, features.embedding, previous)
        grouped = labels
        labels = _tag_topics(labels, topics, papers, tags, features.embedding, broad)
        # Named last, once every paper is placed: a better name moves no paper.
        _subject_words(topics, labels, papers, tags, features)
        labels = _without_strays(labels, topics, papers, tags, features.embedding)
        shown = _thin_names(topics, labels, papers, tags)
        for c, topic in enumerate(topics):
            topic.grouped = [papers[i].id for i in np.flatnonzero(grouped == c)]
    for c, topic in enumerate(topics):
        topic.papers = [papers[i].id for i in np.flatnonzero(labels == c)]
    # An empty topic would be an empty page; a discovered group whose papers share no key phrase is no topic.
    topics = [t for t in topics if t.papers and (vocab.topics or t.named_by)]
    if not vocab.topics:
        by_name = {tag.name: tag for tag in tags.values()}
        for topic in topics:
            topic.name = _counted_name(topic, by_name, shown.get(id(topic)))
    _assign_slugs(topics)
    by_id = {p.id: p for p in papers}
    for topic in topics:
        for pid in topic.papers:
            by_id[pid].topic = topic.slug
    return sorted(topics, key=lambda t: (-len(t.papers), t.name.lower(), t.slug))


def group(papers: list[Paper], features: Features, vocab: Vocabulary, previous: tuple[TopicMemory, ...] = ()) -> np.ndarray:
    """Return a topic number per paper: the user's taxonomy if the vocabulary has one, else k-means clusters (no tags
    needed) started from the `previous` build's topics where there are any."""
    if [p.id for p in papers] != features.ids:
        raise ValueError("features were built for a different list of papers")
    if vocab.topics:
        return _match_taxonomy(features, vocab.topics)
    return _regroup_loose(_cluster(features, topic_count(len(papers)), previous), features.embedding)


def memory(topics: list[Topic]) -> tuple[TopicMemory, ...]:
    """Return what the next build remembers of discovered topics: each group's name phrases and the papers it held
    before tag topics took theirs (those are found again from the groups), sorted."""
    found = [TopicMemory(tuple(t.named_by), tuple(sorted(t.grouped))) for t in topics if t.grouped]
    return tuple(sorted(found, key=lambda m: (m.papers, m.phrases)))


def topic_count(n: int) -> int:
    """Return how many topics to discover among n papers (about 1.2 * sqrt(n), never more than n / 3)."""
    if n < 6:
        return 1
    return max(2, min(round(TOPICS_PER_ROOT * math.sqrt(n)), n // 3))


def _smoothed_embedding(features: Features) -> np.ndarray:
    """Return the embedding with each row averaged with its nearest neighbours, renormalised."""
    n = len(features.ids)
    m = min(SMOOTHING_NEIGHBOURS, n - 1)
    z = features.embedding
    if m < 1:
        return z
    smoothed = z + z[features.nearest(m)].mean(axis=1)
    return normalize(smoothed)


def _cluster(features: Features, k: int, previous: tuple[TopicMemory, ...] = ()) -> np.ndarray:
    """Return a topic number per paper from k-means on the smoothed embedding, numbered by first paper."""
    n = len(features.ids)
    if k <= 1 or not features.embedding.any():
        return np.zeros(n, dtype=np.int64)
    z = _smoothed_embedding(features)
    # k-means cannot find more groups than there are distinct points (papers whose texts are alike).
    k = min(k, len(np.unique(z, axis=0)))
    if k <= 1:
        return np.zeros(n, dtype=np.int64)
    # One start, seeded from the papers themselves: restarts with a fixed seed (the previous design) pick a
    # different start whenever a paper is added, so most topics moved; starting from the papers first in a
    # plain hash of their ids split clear groups of a tiny corpus, a hash-fixed k-means++ race does not.
    # Lloyd runs to convergence (tol 0) so both builds end at the fixed point nearest the same start.
    # With the previous build's topics, k-means starts from their centres (the papers still here): it ends at
    # the grouping nearest the last one, so a new abstract moves a few papers, not whole topics.
    remembered, homes = _remembered_centres(z, features.ids, previous, k)
    if _settled(remembered, homes, k):
        return _joined_homes(z, remembered, homes)
    centres = _seed_centres(z, features.ids, k, remembered)
    # One thread: on 2 shared cores k-means ran 3x faster than with its default thread pool.
    with threadpool_limits(limits=1):
        from sklearn.cluster import KMeans  # imported when used (see features.normalize)

        found = KMeans(n_clusters=k, init=centres, n_init=1, max_iter=300, tol=0.0).fit(z)
    raw = _stay_home(found.labels_, z, found.cluster_centers_, homes)
    # Renumber by first appearance so the numbering does not depend on k-means internals.
    order = {c: i for i, c in enumerate(dict.fromkeys(raw.tolist()))}
    return np.array([order[c] for c in raw.tolist()], dtype=np.int64)


def _settled(remembered: np.ndarray, homes: np.ndarray, k: int) -> bool:
    """Return whether the remembered topics stand: all k of them are here, and few papers (SETTLE_SHARE) are new to them."""
    return len(remembered) == k and np.count_nonzero(homes < 0) <= SETTLE_SHARE * len(homes)


def _joined_homes(z: np.ndarray, remembered: np.ndarray, homes: np.ndarray) -> np.ndarray:
    """Return each paper's remembered topic, and for a paper new to them the topic whose centre is nearest."""
    # k-means from the remembered centres still drifts: one abstract more shifts every similarity a little, and
    # the fixed point Lloyd's steps reach moved whole groups (57 papers of one topic to another at 10,000 papers).
    labels = homes.copy()
    rows = np.flatnonzero(homes < 0)
    if len(rows):
        labels[rows] = np.argmax(z[rows].astype(np.float64) @ remembered.T
                                 - 0.5 * np.sum(remembered ** 2, axis=1)[None, :], axis=1)
    order = {c: i for i, c in enumerate(dict.fromkeys(labels.tolist()))}
    return np.array([order[c] for c in labels.tolist()], dtype=np.int64)


def _stay_home(labels: np.ndarray, z: np.ndarray, centres: np.ndarray, homes: np.ndarray) -> np.ndarray:
    """Return the labels with each paper back in the group grown from its remembered topic (`homes`, -1 for none)
    where that group's centre is within STAY_MARGIN of its nearest one."""
    # k-means run to convergence from the remembered centres still moves the papers between two topics (one
    # abstract more shifts every similarity a little): a paper as near its old topic as its new one stays.
    rows = np.flatnonzero((homes >= 0) & (homes != labels))
    if not len(rows):
        return labels
    x = z[rows].astype(np.float64)
    c = centres.astype(np.float64)
    home_d2 = np.sum((x - c[homes[rows]]) ** 2, axis=1)
    best_d2 = np.sum((x - c[labels[rows]]) ** 2, axis=1)
    out = labels.copy()
    stay = home_d2 <= best_d2 + STAY_MARGIN
    out[rows[stay]] = homes[rows[stay]]
    return out


def _regroup_loose(labels: np.ndarray, z: np.ndarray) -> np.ndarray:
    """Return the labels with the papers of loose groups (TOPIC_COHESION) grouped again by average linkage, cut where
    a group's papers would be less alike than a topic's; a paper alike to no other gets NO_TOPIC."""
    # k-means must put every paper somewhere: on a small collection of unrelated abstracts every group it finds is
    # as mixed as a random sample ("Neural activity" held 3D Gaussian splatting). Average linkage only joins
    # groups whose papers are alike on average, so it finds the few real pairs and triples and leaves the rest.
    if len(labels) < 2:
        return labels
    groups = [np.flatnonzero(labels == c) for c in range(int(labels.max()) + 1)]
    random_pair = umbrella.mean_pair(z.astype(np.float64))
    loose = [rows for rows in groups if len(rows) < 2 or umbrella.cohesion(rows, z, random_pair) < TOPIC_COHESION]
    rows = np.sort(np.concatenate(loose)) if loose else np.zeros(0, dtype=np.int64)
    if 2 * len(rows) > len(labels):
        # Mostly loose: every paper is regrouped, so the topics no longer depend on where k-means started (the
        # remembered topics), and a rebuild with nothing new gives the same topics.
        rows = np.arange(len(labels))
    if not len(rows) or len(rows) > REGROUP_MAX:
        return labels
    out = labels.copy()
    out[rows] = NO_TOPIC
    if len(rows) >= MIN_TOPIC_PAPERS:
        from scipy.cluster.hierarchy import fcluster, linkage  # imported when used, as sklearn is

        distance = np.clip(1.0 - z[rows].astype(np.float64) @ z[rows].astype(np.float64).T, 0.0, 2.0)
        condensed = distance[np.triu_indices(len(rows), 1)]
        cut = 1.0 - (random_pair + TOPIC_COHESION * (1.0 - random_pair))
        found = fcluster(linkage(condensed, method="average"), t=cut, criterion="distance")
        for c in np.unique(found):
            members = rows[found == c]
            if len(members) >= MIN_TOPIC_PAPERS:
                out[members] = int(out.max()) + 1
    return _renumbered(out)


def _renumbered(labels: np.ndarray) -> np.ndarray:
    """Return the labels numbered by first appearance (NO_TOPIC kept), so numbers do not depend on how groups were found."""
    order = {c: i for i, c in enumerate(dict.fromkeys(c for c in labels.tolist() if c != NO_TOPIC))}
    return np.array([order.get(c, NO_TOPIC) for c in labels.tolist()], dtype=np.int64)


def _id_uniforms(ids: list[str]) -> np.ndarray:
    """Return a number in (0, 1) per id, fixed by the id alone (a hash), so it survives any change to the corpus."""
    digests = [hashlib.blake2b(pid.encode("utf-8"), digest_size=8).digest() for pid in ids]
    return (np.array([int.from_bytes(d, "big") for d in digests], dtype=np.float64) + 0.5) / 2.0**64


def _remembered_centres(z: np.ndarray, ids: list[str], previous: tuple[TopicMemory, ...], k: int
                        ) -> tuple[np.ndarray, np.ndarray]:
    """Return the centres of up to k remembered topics in the current embedding (most papers still here first), and
    per paper the number of the centre its remembered topic has (-1 for none); a topic that lost more than half its
    papers is not one (k-means++ fills its place)."""
    row = {pid: i for i, pid in enumerate(ids)}
    homes = np.full(len(ids), -1, dtype=np.int64)
    present = [(m, [row[p] for p in m.papers if p in row]) for m in previous]
    present = sorted(((m, rows) for m, rows in present if rows and 2 * len(rows) >= len(m.papers)),
                     key=lambda mr: (-len(mr[1]), mr[0].papers))[:k]
    if not present:
        return np.zeros((0, z.shape[1])), homes
    for c, (_, rows) in enumerate(present):
        homes[rows] = c
    return np.vstack([z[rows].astype(np.float64).mean(axis=0) for _, rows in present]), homes


def _seed_centres(z: np.ndarray, ids: list[str], k: int, given: np.ndarray | None = None) -> np.ndarray:
    """Return k initial centres chosen as by k-means++ (after the `given` ones), each paper's random draw fixed by its id."""
    # k-means++ picks the next centre with probability proportional to its squared distance d2 from the
    # centres so far; an exponential race (the largest d2 / E, E ~ Exp(1)) draws the same distribution.
    # Drawing E from a hash of the paper's id makes the race's outcome depend on the papers only: adding
    # or removing one paper changes the picks only if that paper wins a race, so an incremental build
    # starts k-means where the previous one did and lands on (nearly) the same topics.
    race = -np.log(_id_uniforms(ids))
    if given is not None and len(given):
        picks: list[int] = []
        centres = list(given)
        d2 = np.min(np.maximum(np.sum(z.astype(np.float64) ** 2, axis=1)[:, None] - 2.0 * (z @ given.T)
                               + np.sum(given ** 2, axis=1)[None, :], 0.0), axis=1)
    else:
        picks = [int(np.argmin(race))]
        centres = [z[picks[0]].astype(np.float64)]
        d2 = np.maximum(2.0 - 2.0 * (z @ z[picks[0]]), 0.0)
    while len(centres) < k:
        score = d2 / race
        score[picks] = -1.0
        best = int(np.argmax(score))
        picks.append(best)
        centres.append(z[best].astype(np.float64))
        d2 = np.minimum(d2, np.maximum(2.0 - 2.0 * (z @ z[best]), 0.0))
    return np.vstack(centres)


def _describe_all(labels: np.ndarray, papers: list[Paper], features: Features, tags: dict[str, Tag], broad: set[str],
                  previous: tuple[TopicMemory, ...] = ()) -> list[Topic]:
    """Return one named topic per label, in label order (a remembered name kept where it still fits), never named by
    a `broad` tag (_broad_tags)."""
    n, k = len(papers), int(labels.max()) + 1
    placed = np.flatnonzero(labels != NO_TOPIC)
    membership = sp.csr_matrix((np.ones(len(placed), dtype=np.float32), (labels[placed], placed)), shape=(k, n))
    sizes = np.asarray(membership.sum(axis=1)).ravel()
    term_lift = _term_lift(membership, sizes, features)
    tag_names, tag_counts = _tag_counts(membership, papers, tags)
    # A field's name ("machine learning") is on papers of many groups: it names none of them.
    # ... and a bare adjective ("multi-modal") names no subject, nor a tool's name no paper spells out ("GPU").
    broad = broad | {tag.name for tag in tags.values() if tag.is_field or _adjective(tag.name) or tool_tag(tag)}
    keep = np.array([name not in broad for name in tag_names], dtype=bool)
    tag_names = [name for name, ok in zip(tag_names, keep) if ok]
    tag_counts = tag_counts[:, keep]
    topics = [_describe(c, int(sizes[c]), n, term_lift, features.terms, features.readable, tag_names, tag_counts)
              for c in range(k)]
    def best_tags(c: int) -> list[str]:
        return _characteristic_tags(c, int(sizes[c]), n, tag_names, tag_counts, KEEP_AMONG)

    def candidates(c: int) -> list[str]:
        terms = _characteristic_terms(term_lift[c], features.terms, features.readable) if term_lift is not None else []
        return (best_tags(c) + terms)[:KEEP_AMONG]

    _unglue(topics, labels, papers, tags, features.embedding, best_tags)
    if previous:
        _keep_names(topics, labels, [p.id for p in papers], previous, candidates)
    _drop_furniture(topics, papers, tags)
    _drop_facets(topics, labels, papers, tags)
    return topics


def _generic_head(phrase: str) -> bool:
    """Return whether a phrase is everyday words on a generic noun of scientific prose ("global model", "target
    domain"), not a field's ("learning") nor a name's ("Gaussian process")."""
    *words, head = text.fold_key(phrase).split(" ")
    return head in GENERIC_SINGLE and head not in FIELD_HEADS and all(text.everyday_word(w) for w in words)


def _tag_rows(papers: list[Paper], tags: dict[str, Tag]) -> dict[str, set[int]]:
    """Return each tag's name with the rows of the papers that show it."""
    rows_of: dict[str, set[int]] = {}
    for i, paper in enumerate(papers):
        for slug in paper.tags:
            if slug in tags:
                rows_of.setdefault(tags[slug].name, set()).add(i)
    return rows_of


def _drop_furniture(topics: list[Topic], papers: list[Paper], tags: dict[str, Tag]) -> None:
    """Name a topic by its first phrase alone where its second is that phrase's furniture: a generic head ("global
    model", "teacher model", "target domain") on papers most of which have the first ("federated learning")."""
    rows_of = _tag_rows(papers, tags)
    for c, topic in enumerate(topics):
        if len(topic.named_by) != 2:
            continue
        for first, second in (topic.named_by, topic.named_by[::-1]):
            with_second = rows_of.get(second, set())
            if (not _generic_head(second) or _generic_head(first) or not with_second
                    or len(with_second & rows_of.get(first, set())) < FURNITURE_SHARE * len(with_second)):
                continue
            # One phrase alone must still tell the topic from the others.
            if not any(_overlaps(first, q) for d, other in enumerate(topics) if d != c for q in other.named_by):
                topics[c] = _named([first] + [p for p in topic.phrases if p not in (first, second)], 1)
            break


def _drop_facets(topics: list[Topic], labels: np.ndarray, papers: list[Paper], tags: dict[str, Tag]) -> None:
    """Name a topic by one phrase where that phrase is the topic (SOLE_SHARE) and the other names a corner of it
    (FACET_SHARE): "Time series", not "Temporal variations, time series"."""
    rows_of = _tag_rows(papers, tags)
    for c, topic in enumerate(topics):
        if len(topic.named_by) != 2:
            continue
        members = set(np.flatnonzero(labels == c).tolist())
        for sole, facet in (topic.named_by, topic.named_by[::-1]):
            rows = rows_of.get(sole, set())
            inside = len(rows & members)
            # A phrase from the text, not a tag, is on no counted papers: it is judged by nothing here.
            if (inside < SOLE_SHARE * len(members) or 2 * inside < len(rows) or facet not in rows_of
                    or len(rows_of[facet] & members) > FACET_SHARE * len(members)):
                continue
            # One phrase alone must still tell the topic from the others.
            if not any(_overlaps(sole, q) for d, other in enumerate(topics) if d != c for q in other.named_by):
                topics[c] = _named([sole] + [p for p in topic.phrases if p not in (sole, facet)], 1)
            break


def _subject_words(topics: list[Topic], labels: np.ndarray, papers: list[Paper], tags: dict[str, Tag],
                   features: Features) -> None:
    """Name a topic whose name says nothing of most of its papers (_says_name) by the subject word most of them use
    (SUBJECT_WORD_SHARE, SUBJECT_WORD_LIFT): "Fairness", where only 3 of 21 papers said "causal fairness" or "fair
    machine learning", the tags its papers share, and 14 say "fairness", which is no tag of theirs."""
    if not features.terms:
        return
    used = (features.tfidf > 0).tocsr()
    share_in_corpus = np.asarray(used.sum(axis=0)).ravel() / len(papers)
    for c, topic in enumerate(topics):
        members = np.flatnonzero(labels == c)
        names = {text.fold_key(p) for p in topic.named_by}
        if len(members) < SUBJECT_WORD_PAPERS or 2 * sum(_says_name(papers[i], tags, names) for i in members) >= len(members):
            continue
        share = np.asarray(used[members].sum(axis=0)).ravel() / len(members)
        lift = share / np.maximum(share_in_corpus, 1e-12)
        fits = np.flatnonzero((share >= SUBJECT_WORD_SHARE) & (lift >= SUBJECT_WORD_LIFT) & features.readable)
        for j in sorted(fits.tolist(), key=lambda j: (-share[j] * math.log1p(lift[j]), features.terms[j])):
            word = features.terms[j]
            if _subject_word(word) and not any(_overlaps(word, q) for d, other in enumerate(topics) if d != c
                                               for q in other.named_by):
                topics[c] = _named([word] + [p for p in topic.phrases if not _overlaps(p, word)], 1)
                break


def _subject_word(word: str) -> bool:
    """Tell whether one word of the abstracts names a subject a topic may be called by: a noun of a quality or an
    activity ("fairness", "quantization", "robustness"), not everyday English ("improvement", "privacy")."""
    return word.isalpha() and word.endswith(text.SUBJECT_ENDINGS) and not text.everyday_word(word)


def _unglue(topics: list[Topic], labels: np.ndarray, papers: list[Paper], tags: dict[str, Tag], z: np.ndarray,
            candidates) -> None:  # noqa: ANN001 (int -> list[str])
    """Rename a topic whose name's two tags are on two unlike groups of its papers: its first tag with the next
    candidate tag whose papers are alike to the first's (NAME_NEAR), else the first tag alone."""
    rows_of = _tag_rows(papers, tags)
    centre = z.mean(axis=0)
    for c, topic in enumerate(topics):
        if len(topic.named_by) < 2:
            continue
        members = set(np.flatnonzero(labels == c).tolist())
        first = rows_of.get(topic.named_by[0], set()) & members
        second = rows_of.get(topic.named_by[1], set()) & members
        if len(first) < NEAR_MIN_PAPERS or len(second) < NEAR_MIN_PAPERS:
            continue  # a phrase from the text, not a tag, or too few papers to tell
        own = _alike(z, members, members, centre)
        if own <= 0 or _alike(z, first - second or first, second - first or second, centre) >= NAME_NEAR * own:
            continue
        chosen = [topic.named_by[0]]
        for name in candidates(c):
            rows = rows_of.get(name, set()) & members
            if (name not in topic.named_by and rows and not _overlaps(name, chosen[0])
                    and _alike(z, first - rows or first, rows - first or rows, centre) >= NAME_NEAR * own):
                chosen.append(name)
                break
        topics[c] = _named(chosen + [p for p in topic.phrases if not any(_overlaps(p, q) for q in chosen)], len(chosen))


def _join(labels: np.ndarray, topics: list[Topic], papers: list[Paper], tags: dict[str, Tag], z: np.ndarray,
          previous: tuple[TopicMemory, ...] = ()) -> np.ndarray:
    """Return the labels with each paper in no topic put in the topic whose name holds one of its tags, or that holds
    most of the `previous` topic it was in, and whose papers it is most alike to, where it is STAY_SHARE of a topic's
    cohesion alike to them (else it stays in none)."""
    # The papers of one subject share its key phrase more surely than the few words an embedding of a small
    # collection can see: two of four diffusion papers of an 8-paper sample were in no topic, though tagged
    # "diffusion models" as the topic's name says. Judged against the groups as found (not as joined), so a
    # rebuild with nothing new joins the same papers.
    out = labels.copy()
    loose = np.flatnonzero(labels == NO_TOPIC)
    if not len(loose) or not topics:
        return out
    alike_to = _likeness(labels, len(topics), z)
    names = [{text.fold_key(p) for p in t.named_by} for t in topics]
    homes = _remembered_homes(labels, [p.id for p in papers], previous)
    for i in loose.tolist():
        mine = {text.fold_key(tags[s].name) for s in papers[i].tags if s in tags}
        alike = alike_to(i)
        fits = [c for c in range(len(topics))
                if (mine & names[c] or homes.get(papers[i].id) == c) and alike[c] >= STAY_SHARE * TOPIC_COHESION]
        if fits:
            out[i] = max(fits, key=lambda c: (alike[c], -c))
    return out


def _rehome(labels: np.ndarray, topics: list[Topic], papers: list[Paper], tags: dict[str, Tag], z: np.ndarray,
            previous: tuple[TopicMemory, ...] = ()) -> np.ndarray:
    """Return the labels with each paper whose topic's name says nothing of it (no name phrase among its tags or in
    its text) in the topic its first tags name (REHOME_TAGS), where it is REHOME_SHARE as alike to that topic; a
    paper still in the topic the `previous` build gave it stays."""
    # k-means groups by the words of whole abstracts: a remote-sensing diffusion model whose opening names speech
    # sat under "Automatic speech recognition, source separation", a graph contrastive method under "Information
    # bottleneck, point clouds". What a paper is tagged with first is what it is about; a topic named by it is its
    # home. A phrase two topics' names share ("large language models") tells neither. Judged against the groups as
    # found (not as moved), so a rebuild with nothing new moves the same papers.
    out = labels.copy()
    if len(topics) < 2:
        return out
    names = [{text.fold_key(p) for p in t.named_by} for t in topics]
    named_once = {p for p, n in Counter(p for ps in names for p in ps).items() if n == 1}
    sole = {p: c for c, ps in enumerate(names) for p in ps if p in named_once}
    alike_to: Callable[[int], np.ndarray] | None = None
    # One abstract more shifts every likeness a little: judged again, papers near the line moved back and forth, and
    # each move rewrote its page and two topics' (80 pages more on one new abstract at 10,000 papers).
    remembered = _remembered_homes(labels, [p.id for p in papers], previous)
    for i in np.flatnonzero(labels != NO_TOPIC).tolist():
        own = int(labels[i])
        if remembered.get(papers[i].id) == own:
            continue
        mine = [text.fold_key(tags[s].name) for s in papers[i].tags if s in tags][:REHOME_TAGS]
        homes = sorted({sole[p] for p in mine if p in sole and sole[p] != own})
        # "... with reinforcement learning": the topic's name, in the paper's tags or text, says what it is about.
        if not homes or _says_name(papers[i], tags, names[own]):
            continue
        alike_to = alike_to or _likeness(labels, len(topics), z)
        alike = alike_to(i)
        fits = [c for c in homes if alike[c] >= REHOME_SHARE * alike[own] and alike[c] >= STAY_SHARE * TOPIC_COHESION]
        if fits:
            out[i] = max(fits, key=lambda c: (alike[c], -c))
    return out


def _tag_topics(labels: np.ndarray, topics: list[Topic], papers: list[Paper], tags: dict[str, Tag], z: np.ndarray,
                broad: set[str]) -> np.ndarray:
    """Return the labels with the papers no topic's name fits put in new topics (appended to `topics`), each named by a
    tag they share: a tag no topic's name has, that can name a topic (_names_a_topic), on enough such papers
    (_tag_topic_size) alike enough to be a topic (TOPIC_COHESION); each paper takes its first such tag."""
    # k-means must put every paper in some group, and a group is named by what most of its papers share: a paper the
    # name says nothing of reads as misplaced ("Differentially private SGD" under "In-context learning"). Such papers
    # often share a subject no name has: differential privacy, knowledge distillation, imitation learning.
    least = _tag_topic_size(len(papers), len(topics))
    names = [{text.fold_key(p) for p in t.named_by} for t in topics]
    unfit = [i for i in np.flatnonzero(labels != NO_TOPIC).tolist() if not _says_name(papers[i], tags, names[labels[i]])]
    if len(unfit) < least:
        return labels
    broad = {text.fold_key(name) for name in broad}
    can_name = {slug for slug, tag in tags.items() if _names_a_topic(tag, broad)}
    named = set().union(*names)
    offered = {i: [s for s in papers[i].tags if s in can_name and text.fold_key(tags[s].name) not in named] for i in unfit}
    alive = {slug for slugs in offered.values() for slug in slugs}
    while True:  # a tag too few papers take leaves them to their next one
        taken = {i: next((slug for slug in slugs if slug in alive), None) for i, slugs in offered.items()}
        count = Counter(slug for slug in taken.values() if slug)
        few = {slug for slug in alive if count[slug] < least}
        if not few:
            break
        alive -= few
    members: dict[str, list[int]] = {}
    for i, slug in sorted(taken.items()):
        if slug:
            members.setdefault(slug, []).append(i)
    if not members:
        return labels
    z = z.astype(np.float64)
    random_pair = umbrella.mean_pair(z)
    out = labels.copy()
    for slug in sorted(members):
        rows = np.array(members[slug])
        if umbrella.cohesion(rows, z, random_pair) < TOPIC_COHESION:
            continue  # papers that share a word, not a subject
        out[rows] = len(topics)
        topics.append(_tag_topic(tags[slug].name, [papers[i] for i in rows.tolist()], tags, can_name))
    return out


def _without_strays(labels: np.ndarray, topics: list[Topic], papers: list[Paper], tags: dict[str, Tag],
                    z: np.ndarray) -> np.ndarray:
    """Return the labels with each paper whose topic's name says nothing of it (_says_name) and that is less alike to
    the topic's papers than STRAY_SHARE of how alike two of them are (umbrella.cohesion) moved to the topic whose name
    it says and that it is not so far from (the most alike of them), or, without one, to no topic."""
    # k-means puts every paper somewhere: a quantum-circuit paper sat under "Reinforcement learning, world models", a
    # paper on automatic differentiation under "Out-of-distribution detection". In two blind reads of 60 dev pages,
    # every topic a reader called wrong (12) was one whose name the paper never says, and 6 of them were this far
    # from the topic's papers; none of the 12 whose name the paper never says but that readers accepted or called
    # mixed was. A page without a topic tells a reader nothing false.
    out = labels.copy()
    if len(papers) < 3 or not topics:
        return out
    z = z.astype(np.float64)
    random_pair = umbrella.mean_pair(z)
    if random_pair >= 1.0:
        return out  # every paper as alike as two can be: none is far from its topic
    sizes = np.bincount(labels[labels != NO_TOPIC], minlength=len(topics))
    centres = np.vstack([z[labels == c].mean(axis=0) if sizes[c] else np.zeros(z.shape[1]) for c in range(len(topics))])
    # How alike each topic's papers are, and the least likeness to them a paper its name does not say may have.
    least = np.array([STRAY_SHARE * umbrella.cohesion(np.flatnonzero(labels == c), z, random_pair) if sizes[c] >= 2
                      else np.inf for c in range(len(topics))])
    names = [{text.fold_key(p) for p in t.named_by} for t in topics]
    placed = np.flatnonzero(labels != NO_TOPIC)
    alike = (np.einsum("ij,ij->i", z[placed], centres[labels[placed]]) - random_pair) / (1.0 - random_pair)
    for i in placed[alike < least[labels[placed]]].tolist():
        own = int(labels[i])
        if _says_name(papers[i], tags, names[own]):
            continue
        near = (centres @ z[i] - random_pair) / (1.0 - random_pair)
        fits = [c for c in range(len(topics)) if c != own and near[c] >= least[c] and _says_name(papers[i], tags, names[c])]
        out[i] = max(fits, key=lambda c: (near[c], -c)) if fits else NO_TOPIC
    return out


def _thin_names(topics: list[Topic], labels: np.ndarray, papers: list[Paper], tags: dict[str, Tag]) -> dict[int, list[str]]:
    """Return the phrase to name a topic by (keyed by the topic's id()) where most of its papers say it and few its
    other phrase (THIN_SHARE, _says_name), unless another topic is called by that one phrase already (then the topic
    whose other phrase is the thinnest takes it). The other stays a key phrase, and the topic is remembered by both:
    the next build's earlier steps see the names a cold build's see."""
    thin = []
    for c, topic in enumerate(topics):
        members = np.flatnonzero(labels == c)
        if len(topic.named_by) != 2 or not len(members):
            continue
        phrases = [text.fold_key(p) for p in topic.named_by]
        said = [0, 0]
        for i in members.tolist():
            for j, yes in enumerate(_said(papers[i], tags, phrases)):
                said[j] += yes
        keep = 0 if said[0] >= said[1] else 1
        if said[1 - keep] < THIN_SHARE * len(members) and 2 * said[keep] >= len(members):
            thin.append((said[1 - keep] / len(members), c, topic.named_by[keep]))
    taken = {text.fold_key(t.named_by[0]) for t in topics if len(t.named_by) == 1}
    shown: dict[int, list[str]] = {}
    for _, c, keep in sorted(thin):  # the thinnest other phrase first: that topic is the one phrase's most
        if text.fold_key(keep) not in taken:
            taken.add(text.fold_key(keep))
            topics[c].phrases = [keep] + [p for p in topics[c].phrases if p != keep]
            shown[id(topics[c])] = [keep]
    return shown


def _names_a_topic(tag: Tag, broad: set[str]) -> bool:
    """Return whether a tag may name a topic alone: not a field's name, not too broad (`broad`, folded), not everyday
    words on a generic head ("foundation models"), not one hyphened adjective (_adjective), not a tool's name
    (generic.tool_tag)."""
    return not (tag.is_field or text.fold_key(tag.name) in broad or _generic_head(tag.name) or _adjective(tag.name)
                or tool_tag(tag))


def _adjective(name: str) -> bool:
    """Return whether a name is one hyphened adjective ("multi-modal", "cross-lingual"), which names no subject."""
    name = name.lower()
    return " " not in name and "-" in name and name.rsplit("-", 1)[1].endswith(_ADJECTIVE_ENDS)


def _says_name(paper: Paper, tags: dict[str, Tag], name: set[str]) -> bool:
    """Return whether a paper's tags or text hold one of a topic name's phrases (folded, as text.fold_key does)."""
    return any(_said(paper, tags, sorted(name)))


def _said(paper: Paper, tags: dict[str, Tag], phrases: list[str]) -> list[bool]:
    """Return, for each folded phrase, whether the paper's tags or text hold it. The text is folded (58 us an abstract)
    only where no tag says a phrase and, in ASCII text, every word of it is there (a folded word is a piece of the
    written one, so a missing word means no match)."""
    tag_names = _tag_names_of(paper, tags)
    raw = paper.text or ""
    lowered = raw.lower() if raw.isascii() else None
    folded = None
    found = []
    for phrase in phrases:
        if phrase in tag_names:
            found.append(True)
        elif lowered is not None and not all(w in lowered for w in phrase.split()):
            found.append(False)
        else:
            folded = folded or f" {text.fold_key(raw)} "
            found.append(f" {phrase} " in folded)
    return found


def _tag_names_of(paper: Paper, tags: dict[str, Tag]) -> set[str]:
    """Return the names of a paper's tags, folded (text.fold_key)."""
    return {text.fold_key(tags[s].name) for s in paper.tags if s in tags}


def _tag_topic_size(n: int, k: int) -> int:
    """Return the fewest papers a tag topic (see _tag_topics) holds among n papers in k topics."""
    return max(TAG_TOPIC_MIN_PAPERS, math.ceil(TAG_TOPIC_SHARE * n / max(k, 1)))


def _tag_topic(name: str, members: list[Paper], tags: dict[str, Tag], can_name: set[str]) -> Topic:
    """Return a tag topic: named by its tag, described by it and the tags (of those `can_name`) two of its papers share."""
    shared = Counter(tags[s].name for p in members for s in p.tags if s in can_name and tags[s].name != name)
    others = [t for t, c in sorted(shared.items(), key=lambda tc: (-tc[1], tc[0].lower())) if c >= 2]
    phrases = [name] + [t for t in others if not _overlaps(t, name)][:NAME_PHRASES - 1]
    return _named(phrases, 1)


def _likeness(labels: np.ndarray, k: int, z: np.ndarray) -> Callable[[int], np.ndarray]:
    """Return a function of a paper's row giving how alike it is to each of the k topics' papers (0 as alike as random
    papers, 1 identical)."""
    random_pair = umbrella.mean_pair(z.astype(np.float64))
    centres = np.vstack([z[labels == c].astype(np.float64).mean(axis=0) for c in range(k)])
    return lambda i: (centres @ z[i].astype(np.float64) - random_pair) / (1.0 - random_pair)


def _remembered_homes(labels: np.ndarray, ids: list[str], previous: tuple[TopicMemory, ...]) -> dict[str, int]:
    """Return, per paper a remembered topic held, the topic number now holding most of that topic's papers."""
    row = {pid: i for i, pid in enumerate(ids)}
    homes: dict[str, int] = {}
    for m in previous:
        held = Counter(int(labels[row[p]]) for p in m.papers if p in row and labels[row[p]] != NO_TOPIC)
        if held:
            home = min(held, key=lambda c: (-held[c], c))
            homes.update((p, home) for p in m.papers)
    return homes


def _alike(z: np.ndarray, a: set[int], b: set[int], centre: np.ndarray) -> float:
    """Return how alike two groups of papers are beyond random ones: their mean rows' product, less the corpus's."""
    return float(z[sorted(a)].mean(axis=0) @ z[sorted(b)].mean(axis=0) - centre @ centre)


def _keep_names(topics: list[Topic], labels: np.ndarray, ids: list[str], previous: tuple[TopicMemory, ...],
                candidates) -> None:  # noqa: ANN001 (int -> list[str])
    """Give a topic its remembered name where it holds most of a remembered topic's papers and the name's phrases are
    still among its best `candidates` (a new abstract then renames nothing that still fits)."""
    members: list[list[str]] = [[] for _ in topics]
    for pid, c in zip(ids, labels.tolist()):
        members[c].append(pid)
    where = {pid: j for j, m in enumerate(previous) for pid in m.papers}
    matches = []
    for c, mine in enumerate(members):
        for j, inside in Counter(where[p] for p in mine if p in where).items():
            overlap = inside / (len(mine) + len(previous[j].papers) - inside)
            if overlap >= KEEP_OVERLAP:
                matches.append((-overlap, c, j))
    for _, c, j in sorted(matches):  # above one half, a topic matches one remembered topic at most, and back
        best: dict[str, str] = {}
        for p in candidates(c):
            best.setdefault(text.fold_key(p), p)  # the tags come first: their spelling, not a text term's
        if previous[j].phrases and all(text.fold_key(p) in best for p in previous[j].phrases):
            # Spelled as the phrases are now ("Gaussian process", once "gaussian process"): the same slug.
            kept = [best[text.fold_key(p)] for p in previous[j].phrases]
            topics[c] = _named(kept + [p for p in topics[c].phrases if not any(_overlaps(p, q) for q in kept)], len(kept))


def _broad_tags(tags: dict[str, Tag], features: Features) -> set[str]:
    """Return the names of tags too broad to name a topic: their papers are barely more alike than random ones.

    A topic is a group of alike papers, so its name is a phrase whose papers are alike ("Deep learning, time
    series" names a group by a tag on papers of every field); stricter than the umbrella tags a paper may not
    show at all (umbrella.MIN_COHESION).
    """
    row = {pid: i for i, pid in enumerate(features.ids)}
    members = {slug: [row[p] for p in tag.papers if p in row] for slug, tag in tags.items()}
    return {tags[slug].name for slug in umbrella.umbrellas(members, features.embedding, NAME_COHESION)}


def _describe(
    c: int, size: int, n: int, term_lift: np.ndarray | None, terms: list[str], readable: np.ndarray, tag_names: list[str],
    tag_counts: np.ndarray) -> Topic:
    """Return topic c named after the most characteristic tags, else terms, of its member papers."""
    phrases = _characteristic_tags(c, size, n, tag_names, tag_counts)
    if len(phrases) < NAME_PHRASES and term_lift is not None:
        for term in _characteristic_terms(term_lift[c], terms, readable):
            if len(phrases) >= NAME_PHRASES:
                break
            if not any(_overlaps(term, p) for p in phrases):
                phrases.append(term)
    return _named(phrases)


#: Last words a topic's name keeps in the singular: an activity or a quality ("protein design", "robustness"), a field.
_MASS_ENDINGS = (*text.ABSTRACT_NOUN_ENDINGS, "ics")


def _counted_name(topic: Topic, by_name: dict[str, Tag], phrases: list[str] | None = None) -> str:
    """Return a discovered topic's name (of `phrases`, else the ones it is named by) with each phrase in the plural where
    its tag (by name) is written so too: a topic holds many of a kind ("Latent variables", not "Latent variable")."""
    return _joined([_plural(p, by_name[p]) if p in by_name else p for p in phrases or topic.named_by]) or topic.name


def _plural(phrase: str, tag: Tag) -> str:
    """Return `phrase` with its last word in the plural when the tag's written forms hold that plural, else as it is."""
    last = phrase.rsplit(" ", 1)[-1]
    if not last.isalpha() or not last.islower() or last.endswith(("s", *_MASS_ENDINGS)):
        return phrase
    written = {a.lower() for a in tag.aliases}
    return next((f"{phrase}{end}" for end in ("s", "es") if f"{phrase}{end}".lower() in written), phrase)


def _named(phrases: list[str], words: int = NAME_WORDS) -> Topic:
    """Return a topic described by `phrases`, named after the first `words` of them."""
    # The name (and so the slug, the topic page's URL) is the best NAME_WORDS phrases in alphabetical order:
    # when papers are added the third-best phrase and the order of the best ones are what change most (8 of
    # 40 dev topics renamed on dropping one paper, 7 of them this way), and a renamed topic moves its page
    # and rewrites every member's page.
    return Topic(slug="", name=_joined(phrases[:words]) or "Other papers", phrases=phrases[:NAME_PHRASES],
                 named_by=phrases[:words])


def _joined(phrases: list[str]) -> str:
    """Return a topic's name from its name phrases: in alphabetical order, comma-separated, the first letter upper."""
    name = ", ".join(sorted(phrases, key=str.lower))
    return name[:1].upper() + name[1:]


def _tag_counts(membership: sp.csr_matrix, papers: list[Paper], tags: dict[str, Tag]) -> tuple[list[str], np.ndarray]:
    """Return the tag names (by sorted slug) and a (topics + 1) x tags count matrix, the last row the corpus."""
    slugs = sorted({s for p in papers for s in p.tags})
    if not slugs:
        return [], np.zeros((membership.shape[0] + 1, 0))
    col = {s: i for i, s in enumerate(slugs)}
    pairs = [(i, col[s]) for i, p in enumerate(papers) for s in dict.fromkeys(p.tags)]
    r, c = zip(*pairs)
    incidence = sp.csr_matrix((np.ones(len(r), dtype=np.float32), (r, c)), shape=(len(papers), len(slugs)))
    per_topic = (membership @ incidence).toarray()
    overall = np.asarray(incidence.sum(axis=0))
    names = [tags[s].name if s in tags else s.replace("-", " ") for s in slugs]
    return names, np.vstack([per_topic, overall])


def _characteristic_tags(c: int, size: int, n: int, names: list[str], counts: np.ndarray,
                         limit: int = NAME_PHRASES) -> list[str]:
    """Return the names of up to `limit` tags on at least two member papers, most characteristic (frequent x lift)
    first."""
    if not names:
        return []
    inside, overall = counts[c], counts[-1]
    ok = np.flatnonzero((inside >= 2) | ((inside >= 1) & (size <= 1)))
    share = inside[ok] / size
    score = share * np.log1p(share / (overall[ok] / n))
    chosen: list[str] = []
    # Best score first; equal scores by tag slug (the column order).
    for i in ok[np.lexsort((ok, -np.round(score, 12)))].tolist():
        if not any(_overlaps(names[i], other) for other in chosen):
            chosen.append(names[i])
        if len(chosen) >= limit:
            break
    return chosen


def _term_lift(membership: sp.csr_matrix, sizes: np.ndarray, features: Features) -> np.ndarray | None:
    """Return per topic how much each term's mean TF-IDF weight exceeds its corpus mean, phrases favoured; 0 for a
    term fewer than two of the topic's papers use (one paper's phrase names no group)."""
    if not features.terms:
        return None
    group = (membership @ features.tfidf).toarray() / np.maximum(sizes, 1)[:, None]
    corpus = np.asarray(features.tfidf.mean(axis=0)).ravel()
    # Prefer phrases: they name a subject; single words are often only a part of one.
    bonus = np.where(np.char.find(np.array(features.terms), " ") >= 0, 1.5, 1.0)
    users = (membership @ (features.tfidf > 0).astype(np.float32)).toarray()
    return np.where(users >= np.minimum(2, sizes)[:, None], (group - corpus) * bonus, 0.0)


def _characteristic_terms(score: np.ndarray, terms: list[str], readable: np.ndarray) -> list[str]:
    """Return the terms with the highest positive lift that can name a subject, best first (ties by term)."""
    best = top_k(score[None, :], 5 * NAME_PHRASES, decimals=9)[0]
    return [terms[i] for i in best.tolist() if score[i] > 0 and readable[i] and _names_a_subject(terms[i])]


def _names_a_subject(term: str) -> bool:
    """Tell whether a text term may stand in a topic's name (a phrase must read as a name: features.readable): a
    phrase not all everyday words (not "critical role"); a single word of the text never does."""
    # A topic called "Neural activity, spatially", "Measures, ..." or "..., publicly available" names nothing a
    # reader would look for; single words left in names of the seed site were "Dataset", "Ablation", "leveraging",
    # "Mlp" (a text term is lower-cased: the tags keep an acronym's capitals). Every dev topic is named by tags.
    words = term.split()
    return len(words) > 1 and not all(map(text.vague_word, words))


def _overlaps(a: str, b: str) -> bool:
    """Return whether two phrases say one thing twice in a name: one holds the other, they share a word that is not
    everyday English ("implicit neural representations", "neural networks"), one goes on where the other ends
    ("time series", "series forecasting"), or one abbreviates the other (plurals folded throughout)."""
    a, b = text.fold_key(a), text.fold_key(b)
    wa, wb = a.split(), b.split()
    if f" {a} " in f" {b} " or f" {b} " in f" {a} " or text.abbreviates(a, b) or text.abbreviates(b, a):
        return True
    # "OOD samples" and "out-of-distribution": one's acronym spells the other; "causal inference" and
    # "causality": one's word is the stem of the other's.
    if any(text.abbreviates(w, b) for w in wa if len(w) >= 2) or any(text.abbreviates(w, a) for w in wb if len(w) >= 2):
        return True
    if any(len(x) >= 5 and y.startswith(x) and x != y for xs, ys in ((wa, wb), (wb, wa)) for x in xs for y in ys):
        return True
    return wa[-1] == wb[0] or wb[-1] == wa[0] or any(not text.everyday_word(w) for w in set(wa) & set(wb))


def _match_taxonomy(features: Features, specs: list[TopicSpec]) -> np.ndarray:
    """Return, per paper, the index of the taxonomy topic whose words it uses most (nearest by embedding if none)."""
    col = {t: i for i, t in enumerate(features.terms)}
    queries = np.zeros((len(specs), len(features.terms)), dtype=np.float32)
    for s, spec in enumerate(specs):
        # The listed phrases define a topic more precisely than its prose description.
        for weight, words in ((2.0, ". ".join([spec.name, *spec.phrases])), (1.0, spec.description)):
            for term in analyse(words):
                if term in col:
                    queries[s, col[term]] += weight
    scores = np.asarray(features.tfidf @ sp.csr_matrix(normalize(queries)).T.todense())
    labels = np.argmax(scores, axis=1)  # first spec wins a tie
    matched = scores.max(axis=1) > 0
    if matched.any() and not matched.all():
        # A paper using none of the words joins the topic whose matched papers it most resembles.
        z = features.embedding
        centroids = np.zeros((len(specs), z.shape[1]), dtype=np.float32)
        for s in range(len(specs)):
            rows = matched & (labels == s)
            if rows.any():
                centroids[s] = z[rows].mean(axis=0)
        unmatched = np.flatnonzero(~matched)
        labels[unmatched] = np.argmax(z[unmatched] @ normalize(centroids).T, axis=1)
    return labels


def slugify(name: str) -> str:
    """Return a lowercase, file-name-safe slug of a topic name."""
    return text.slugify(name, max_words=None, max_chars=60) or "topic"


def _assign_slugs(topics: list[Topic]) -> None:
    """Give each topic (a taxonomy's or a discovered one) a unique slug from its name, numbering repeats."""
    seen: set[str] = set()
    for topic in topics:
        base = slugify(topic.name)
        slug, n = base, 2
        while slug in seen:
            slug, n = f"{base}-{n}", n + 1
        seen.add(slug)
        topic.slug = slug
