"""What a reader is shown, judged without labels: everyday words, number-led tags, one concept named twice,
fragment titles, and topic names (issue #14's measures; generator.evaluate scores against labels).

The word lists are general English (function words, number words, quantifiers), not drawn from any corpus,
so the rules hold on corpora the bench has never seen; wordfreq's frequencies (shipped in its wheel) decide
what an everyday word is. bench/quality.py prints each share beside the same rule applied to the authors'
own keywords and titles, which is how often a rule fires on text a reader accepts.
"""

from __future__ import annotations

import re
from typing import Sequence

from wordfreq import zipf_frequency

from generator.text import ascii_fold, fold_key, naive_singular

_PUNCT = re.compile(r"[^\w\s]|_")


#: Zipf frequency (log10 of uses per billion words) from which a word counts as everyday English: 4.0 is
#: once in 100,000 words ("conditions" 5.0, "editing" 4.3; "diffusion" 3.4, "robustness" 2.8).
EVERYDAY_ZIPF = 4.0

_NUMBER_WORDS = frozenset(
    """zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen
    seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred hundreds thousand
    thousands million millions billion billions trillion dozen dozens""".split()
)
# Quantifiers, plus the vague "how many / how new" adjectives the issue names (small, new, novel).
_QUANTIFIERS = frozenset(
    """all any both each every either neither few fewer several many much more most less least some various
    numerous multiple countless enough another other certain additional small new novel times fold""".split()
)
_NUMERAL = re.compile(r"^[+-]?(\d+([.,]\d+)*|\.\d+)(%|x|k|m|b)?$", re.IGNORECASE)
# Heads that add nothing to the concept they follow ("GNN model" is "GNN"), in classes of heads that name
# one thing ("training set" is "training data"; "detection network" is not "detection algorithm").
_HEAD_CLASSES = {
    **dict.fromkeys("model network net architecture".split(), "model"),
    **dict.fromkeys("data dataset set benchmark".split(), "data"),
    **dict.fromkeys("method approach framework algorithm technique".split(), "method"),
}
_GENERIC_HEADS = frozenset(_HEAD_CLASSES)
# Words an acronym skips ("RLHF": reinforcement learning from human feedback).
_ACRONYM_SKIPS = frozenset("of for from and the a an in on with to via by".split())

_PREPOSITIONS = """of in on for with to from by at as into via through over under between among across against
toward towards without within about than like upon onto per despite versus vs around along after before
during until behind""".split()
_DETERMINERS = "a an the this these those that its their our his her each every some any such no another whose".split()
_CONJUNCTIONS = "and or but nor so while whereas although though because if when whether unless where which".split()
_AUXILIARIES = "is are was were be been being am has have had do does did can could may might must shall should will would".split()
_LOOSE_END_WORDS = frozenset(
    _PREPOSITIONS + _DETERMINERS + _CONJUNCTIONS + _AUXILIARIES
    + "we it they them us also then thus very not only even rather further especially respectively".split()
    # Adjectives that need a complement ("suitable [for]", "capable [of]").
    + "suitable able capable comparable similar due prone akin tailored".split()
    # A sentence's adverbs and adjectives that need their noun ("... and instead", "It's a simple").
    + "instead however therefore too simple novel new various different certain".split()
)
# Nouns that need "of" after a determiner or preposition ("Through the Lens", "as a form", "in exchange").
_COMPLEMENT_NOUNS = frozenset(
    "lens form kind type sort variety number lack role use means terms top front favor favour exchange behalf sake spite emergence"
    " proxy surrogate".split()
)
# Words ending in -ed that are no participle, and the participles titles end on by idiom ("... Revisited").
_ED_NOT_CUT = frozenset(
    """need speed seed feed breed bleed greed deed creed weed reed hundred kindred sacred naked wicked embed
    revisited reconsidered demystified explained unleashed simplified unified reloaded reimagined unlocked
    unveiled untangled rethought""".split()
)
_OPENERS = frozenset(
    """while although though because since whereas unless if when whenever once however moreover furthermore
    additionally thus therefore hence here this these those that such it its we our they there can could do does
    did is are how what why which who whether where to by given particularly specifically finally then
    called termed dubbed""".split()
)
#: Claim verbs' -ing forms: "Proving that ..." opens a sentence's finding, not a title.
_CLAIMING = frozenset("proving showing finding demonstrating arguing observing establishing noting verifying".split())
#: Inside a title these start a clause: a subject pronoun, a subordinator after a comma ("X, which ...").
_CLAUSE_PRONOUNS = frozenset("we it they".split())
_CLAUSE_AFTER_COMMA = frozenset("which who though although whereas because".split())
# Words that point back to something the title does not say ("these questions", "such models").
_POINTERS = frozenset("this these those such aforementioned above-mentioned latter former".split())
_EDGE_PUNCT = re.compile(r"^[^\w$]+|[^\w$]+$")


def everyday_word(phrase: str) -> bool:
    """Return whether a phrase is one lower-case, letters-only word of everyday English (Zipf >= EVERYDAY_ZIPF)."""
    word = phrase.strip()
    # Capitals mark an acronym or a name ("GAN", "Adam"), digits a dimension ("3d"); a hyphenated compound
    # ("zero-shot") is no single word, and wordfreq rates those by their parts.
    if not word.isalpha() or word != word.lower():
        return False
    return zipf_frequency(word, "en") >= EVERYDAY_ZIPF


def number_led(phrase: str) -> bool:
    """Return whether a phrase opens with a number word, a numeral or a quantifier ("three datasets", "small set")."""
    words = phrase.lower().split()
    return bool(words) and (words[0] in _NUMBER_WORDS or words[0] in _QUANTIFIERS or bool(_NUMERAL.match(words[0])))


def _concept_words(phrase: str) -> list[str]:
    """Return a phrase's lowercase ASCII words, hyphens as spaces, plurals dropped."""
    return [naive_singular(w) for w in _PUNCT.sub(" ", ascii_fold(phrase).lower()).split()]


def _head_forms(words: list[str]) -> list[str]:
    """Return a phrase's key, then its keys as trailing generic heads go ("neural network" counts as one head)."""
    out, keys = list(words), ["".join(words)]
    while len(out) > 1 and out[-1] in _GENERIC_HEADS:
        out.pop()
        if len(out) > 1 and out[-1] == "neural":
            out.pop()
        keys.append("".join(out))
    return keys


def _initials(phrase: str) -> set[str]:
    """Return the acronyms a phrase of two or more words may have, with or without its generic head."""
    raw = [w for w in ascii_fold(phrase).lower().split() if w not in _ACRONYM_SKIPS]
    found: set[str] = set()
    for words in (raw, raw[:-1] if raw and naive_singular(raw[-1].strip("()")) in _GENERIC_HEADS else raw):
        if len(words) < 2:
            continue
        # A hyphenated word gives its first letter ("large-scale language models": LLM) or one per part, the last
        # word maybe one for all ("contrastive language-image pre-training": CLIP).
        found.add("".join(w[0] for w in words if w[0].isalnum()))
        found.add("".join(p[0] for w in words for p in w.split("-") if p and p[0].isalnum()))
        found.add("".join(p[0] for w in words[:-1] for p in w.split("-") if p and p[0].isalnum()) + words[-1][0])
    return found


def _acronym_forms(phrase: str) -> set[str]:
    """Return what a one-word phrase (a generic head dropped) may abbreviate: its letters, or its capitals."""
    words = phrase.split()
    if len(words) == 2 and naive_singular(words[1].lower()) in _GENERIC_HEADS:
        words = words[:1]
    if len(words) != 1 or not words[0].replace("-", "").isalpha() or len(words[0]) < 2:
        return set()
    token = words[0].replace("-", "")
    forms = {naive_singular(token.lower()), token[:-1].lower() if token.endswith("s") and token[:-1].isupper() else ""}
    capitals = "".join(c for c in token if c.isupper())
    if len(capitals) >= 2:
        forms.add(capitals.lower())
    return {f for f in forms if len(f) >= 2}


def same_concept(a: str, b: str) -> bool:
    """Return whether two shown phrases name one concept: a plural, hyphen or spacing variant, a generic head
    added ("GNN model"), or an acronym of the other ("LLMs", "large language models")."""
    wa, wb = _concept_words(a), _concept_words(b)
    if not wa or not wb:
        return False
    keys_a, keys_b = _head_forms(wa), _head_forms(wb)
    # One is the other with heads added, or both add heads of one class to one modifier.
    if keys_a[0] in keys_b or keys_b[0] in keys_a:
        return True
    if len(keys_a) > 1 and len(keys_b) > 1 and keys_a[-1] == keys_b[-1] and _HEAD_CLASSES[wa[-1]] == _HEAD_CLASSES[wb[-1]]:
        return True
    if _acronym_forms(a) & _initials(b) or _acronym_forms(b) & _initials(a):
        return True
    # "aligned LLMs", "aligned large language models": the same words around an acronym and its long form.
    ra, rb = a.split(), b.split()
    while ra and rb and naive_singular(ra[0].lower()) == naive_singular(rb[0].lower()):
        ra, rb = ra[1:], rb[1:]
    while ra and rb and naive_singular(ra[-1].lower()) == naive_singular(rb[-1].lower()):
        ra, rb = ra[:-1], rb[:-1]
    if ra and rb and (ra, rb) != (a.split(), b.split()):
        return bool(_acronym_forms(" ".join(ra)) & _initials(" ".join(rb))
                    or _acronym_forms(" ".join(rb)) & _initials(" ".join(ra)))
    return False


def concept_repeats(phrases: Sequence[str]) -> list[tuple[str, str]]:
    """Return the pairs of phrases in one list (a paper's tags, one reason's terms) that name one concept."""
    items = list(phrases)
    return [(x, y) for i, x in enumerate(items) for y in items[i + 1:] if same_concept(x, y)]


def nested_tags(phrases: Sequence[str]) -> list[tuple[str, str]]:
    """Return the pairs of tags of one paper where one is a part of the other ("reinforcement learning",
    "offline reinforcement learning"): a tag and a specialisation of it, which authors list too, now and then."""
    forms = [f" {' '.join(_concept_words(p))} " for p in phrases]
    return [(phrases[i], phrases[j]) for i, a in enumerate(forms) for j, b in enumerate(forms) if i != j and a in b]


#: Adjectives of a comparison that open an aside with "to" ("akin to X", "similar to X", "due to X").
_NEEDS_TO = frozenset("akin similar due prone comparable equivalent analogous according close identical".split())
#: Nouns of a manner adverbial ("in a novel fashion", "in an end-to-end manner"): the abstract's voice, no title's end.
_MANNER = frozenset("fashion manner way".split())
#: Verbs a subject is followed by that take no object: inside a title they make it a sentence ("X emerges for Y").
_INTRANSITIVE = frozenset("emerges arises occurs persists remains exists".split())
#: The authors' verbs in their base form: after "and" inside a title they continue the abstract's sentence.
_AUTHOR_VERBS = frozenset("""propose introduce develop design explain evaluate analyze analyse study investigate apply
compare achieve conduct provide release construct derive obtain prove show find demonstrate argue observe
establish verify""".split())
#: Words before a determiner that are no verb: prepositions and the like ("Towards a", "Beyond the", "Is the").
_NOT_VERBS = frozenset(_PREPOSITIONS + _AUXILIARIES + _CONJUNCTIONS + "towards beyond all not only just what how why".split())
_VERB_LIKE = re.compile(r"^[a-z]{3,}$")
#: What opens a verb's object right after it ("Study a", "Establish the").
_VERB_OBJECT_STARTS = frozenset("a an the its their these".split())


def _bare_verb(word: str) -> bool | None:
    """Return whether `word` may be a verb in its plain form (no -s, -ed, -ing, -ly, no function word), or None."""
    if not _VERB_LIKE.match(word) or word in _NOT_VERBS or word in _DETERMINERS:
        return None
    return not word.endswith(("ing", "ed", "ly", "s", "tion", "ity", "ness", "ment", "ism", "ics"))


def title_fragment(title: str) -> str | None:
    """Return why an inferred title reads as a fragment (an opener, a loose end, a pointer back), or None."""
    words = [w for w in (_EDGE_PUNCT.sub("", t) for t in title.split()) if w]
    if not words:
        return "empty"
    lower = [w.lower() for w in words]
    if lower[0] in _OPENERS:
        return f"opens with {words[0]!r}"
    if len(lower) > 1 and lower[1] == "that" and lower[0] in _CLAIMING:
        return f"opens with {' '.join(words[:2])!r}"  # "Proving that ...": a finding's clause
    if len(lower) > 1 and lower[1] == "to" and lower[0] in _NEEDS_TO:
        return f"opens with {' '.join(words[:2])!r}"  # "Akin to human cognition": an aside of a sentence
    # What follows a name ("MOFI: It's a simple") is judged as a title's start too; "It's" opens as "It" does.
    desc = title.split(": ", 1)[1].split() if ": " in title else []
    opener = _EDGE_PUNCT.sub("", desc[0]).lower() if desc else ""
    if opener and (opener in _OPENERS or re.sub(r"['’](?:s|re|ve|ll|d)$", "", opener) in _CLAUSE_PRONOUNS):
        return f"opens with {desc[0]!r} after the name"
    last = lower[-1]
    if last in _LOOSE_END_WORDS:
        return f"ends on {words[-1]!r}"
    if len(last) > 4 and last.endswith("ed") and last not in _ED_NOT_CUT and "-" not in last:
        return f"ends on the participle {words[-1]!r}"
    if len(lower) >= 2 and last in _COMPLEMENT_NOUNS and lower[-2] in (_DETERMINERS + _PREPOSITIONS):
        return f"ends on {' '.join(words[-2:])!r} (of what?)"
    if len(last) > 5 and last.endswith(("ally", "ently", "antly", "ively", "ously", "fully", "edly", "ingly", "arly", "ely")):
        return f"ends on the adverb {words[-1]!r}"
    if len(words) >= 3 and lower[-2] == "to" and title.split()[-3].endswith(","):
        return f"ends on {' '.join(words[-2:])!r} (a purpose without its object)"
    if len(words) >= 4 and lower[-2] == "to" and _bare_verb(lower[-1]) and _bare_verb(lower[-3]) is not None \
            and not lower[-3].endswith("ing") and lower[-3] not in ("how", "learn", "learns", "what", "when") \
            and not words[-1][:1].isupper():
        return f"ends on {' '.join(words[-2:])!r} (a purpose without its object)"
    # "DLNs transfer to ReLU networks, before conducting a study": the sentence's next step after a comma.
    raw_words = title.split()
    if step := next((lower[k] for k in range(1, min(len(lower), len(raw_words)) - 1) if raw_words[k - 1].endswith(",")
                     and lower[k] in ("before", "after", "while", "when", "until", "by", "thereby") and lower[k + 1].endswith("ing")), None):
        return f"a clause (', {step} ...ing')"
    # "Certified training methods compute and then optimize an upper bound": a subject and its two verbs.
    if verb := next((lower[k] for k in range(1, len(lower) - 3) if lower[k + 1:k + 3] == ["and", "then"]
                     and _bare_verb(lower[k]) and _bare_verb(lower[k + 3])), None):
        return f"a clause ({verb!r} and then another verb)"
    # "Optimizing the constraint that each object", "analysis of how each stage for ...": a clause cut before its verb.
    if clause := next((k for k in range(1, len(lower) - 1) if lower[k] in ("that", "how", "whether", "why")
                       and (lower[k + 1] in ("each", "every") or (lower[k + 1] in _DETERMINERS and len(lower) - k <= 4))), None):
        return f"a clause cut before its verb ({' '.join(words[clause:clause + 3])!r})"
    if pointer := next((w for w in lower[1:] if w in _POINTERS), None):
        return f"points back ({pointer!r})"
    if verb := next((b for a, b in zip(lower[1:], lower[2:]) if a == "and" and b in _AUTHOR_VERBS), None):
        return f"a clause ('and {verb}')"  # "Benchmark datasets and propose new metrics": the authors' sentence
    # "Distillation pipeline and use a randomly initialized model": a plain verb and its object after "and" go on
    # with the sentence ("to understand and advance the X" is one purpose of two verbs).
    if verb := next((lower[k + 1] for k in range(1, len(lower) - 2) if lower[k] == "and" and lower[k - 2:k - 1] != ["to"]
                     and _bare_verb(lower[k + 1]) and lower[k + 2] in ("a", "an", "the", "its", "their")), None):
        return f"a clause ('and {verb}')"
    if len(lower) >= 4 and lower[-1] in _MANNER and lower[-3:-1] != ["the", "same"] \
            and any(lower[k] == "in" and lower[k + 1] in ("a", "an") for k in range(len(lower) - 4, len(lower) - 2) if k >= 0):
        return f"ends on the manner ({' '.join(words[-3:])!r})"  # "... in a novel fashion": how the authors did it
    if verb := next((w for k, w in enumerate(lower) if k >= 2 and w in _INTRANSITIVE), None):
        return f"a clause ({verb!r} after its subject)"
    start = desc if desc else title.split()
    # "CLOC: Study a realistic setting", "Establish a unified theoretical foundation": the authors' verb left on.
    if len(start) >= 2 and re.fullmatch(r"[A-Za-z][a-z]+", start[0]) and start[1].lower() in _VERB_OBJECT_STARTS \
            and _bare_verb(start[0].lower()) and " ".join(start[1:3]).lower() not in ("a priori", "a posteriori"):
        return f"opens with the verb {start[0]!r}"
    gerunds = lower[1:] if lower[0] in _PREPOSITIONS else lower
    if len(gerunds) >= 2 and all(w.endswith("ing") or w in ("and", "or") for w in gerunds):
        return "gerunds without an object"
    if lower[0] == "in" and len(lower) > 1 and lower[1] in ("a", "an", "the"):
        return f"opens with {' '.join(words[:2])!r}"  # "In a distributed setting ...": a sentence's opening
    if pronoun := next((w for w in lower[1:] if w in _CLAUSE_PRONOUNS), None):
        return f"a clause ({pronoun!r})"
    raw = title.split()
    if sub := next((_EDGE_PUNCT.sub("", b).lower() for a, b in zip(raw, raw[1:])
                    if a.endswith(",") and _EDGE_PUNCT.sub("", b).lower() in _CLAUSE_AFTER_COMMA), None):
        return f"a clause (', {sub}')"
    return None


def shown_scores(tags: Sequence[Sequence[str]], reasons: Sequence[Sequence[str]], titles: Sequence[str]) -> dict:
    """Return the shares of shown tags, reason terms and titles a reader would not accept (see the issue's table)."""
    all_tags = [t for paper in tags for t in paper]
    terms = [t for reason in reasons for t in reason]
    share = lambda hits, total: hits / total if total else 0.0  # noqa: E731
    return {
        "tags_everyday": share(sum(map(everyday_word, all_tags)), len(all_tags)),
        "tags_number_led": share(sum(map(number_led, all_tags)), len(all_tags)),
        "papers_one_concept_twice": share(sum(bool(concept_repeats(p)) for p in tags), len(tags)),
        "papers_nested_tags": share(sum(bool(nested_tags(p)) for p in tags), len(tags)),
        "reason_terms_everyday": share(sum(map(everyday_word, terms)), len(terms)),
        "reasons_one_concept_twice": share(sum(bool(concept_repeats(r)) for r in reasons), len(reasons)),
        "titles_fragment": share(sum(title_fragment(t) is not None for t in titles), len(titles)),
    }


#: A term the abstracts of more than this share of the papers (and more than two) use is broad: it names a field,
#: not what two papers specifically share (the bench's rule for filler reasons; inference has its own, infer/specificity.py).
BROAD_USE = 0.02


def used_by(phrases: Sequence[str], texts: Sequence[str]) -> dict[str, int]:
    """Return how many of the texts use each phrase (whole words, any case, plurals and hyphens folded)."""
    keys = {p: " ".join(_concept_words(p)) for p in phrases}
    wanted = {k for k in keys.values() if k}
    lengths = sorted({len(k.split()) for k in wanted})
    counts = dict.fromkeys(wanted, 0)
    for text in texts:
        words = _concept_words(text)
        seen = {" ".join(words[i:i + n]) for n in lengths for i in range(len(words) - n + 1)} & wanted
        for key in seen:
            counts[key] += 1
    return {p: counts.get(k, 0) for p, k in keys.items()}


def broad_share(phrases: Sequence[str], texts: Sequence[str], share: float = BROAD_USE) -> float:
    """Return the share of the phrases (one per use) that more than `share` of the texts, and more than two, use."""
    items = list(phrases)
    if not items or not texts:
        return 0.0
    uses = used_by(sorted(set(items)), texts)
    most = max(2.0, share * len(texts))
    return sum(uses[p] > most for p in items) / len(items)


def _topic_phrases(name: str) -> list[str]:
    """Return the phrases of a shown topic name, the first letter the name's capital put there undone."""
    phrases = [p.strip() for p in name.split(",") if p.strip()]
    # "Drugs, solving": only the first capital is formatting; "LLMs" or "Adam" keep theirs.
    return [p[:1].lower() + p[1:] if p[1:2].islower() or len(p) == 1 else p for p in phrases]


def topic_name_scores(names: Sequence[str]) -> dict:
    """Return the shares of topic names with an everyday single word as a phrase, whose words (plurals folded,
    order ignored) equal another topic's, and that share a phrase (one concept) with another topic's name."""
    if not names:
        return {"everyday": 0.0, "same_words": 0.0, "shares_phrase": 0.0}
    phrases = [_topic_phrases(n) for n in names]
    sharing = [
        any(same_concept(a, b) for j, other in enumerate(phrases) if j != i for a in mine for b in other)
        for i, mine in enumerate(phrases)
    ]
    words = [frozenset(w for w in _concept_words(n) if w not in _ACRONYM_SKIPS) for n in names]
    counts: dict[frozenset[str], int] = {}
    for w in words:
        counts[w] = counts.get(w, 0) + 1
    return {
        "everyday": sum(any(map(everyday_word, _topic_phrases(n))) for n in names) / len(names),
        "same_words": sum(counts[w] > 1 for w in words) / len(names),
        "shares_phrase": sum(sharing) / len(names),
    }


def topic_unsaid(papers: Sequence[tuple[Sequence[str], Sequence[str], str]]) -> float:
    """Return the share of papers whose topic's name phrases neither their shown tags nor their text name (folded as
    text.fold_key folds): a topic a reader finds nothing of on the paper's page. Each paper is (name phrases, tag
    names, text); a paper in no topic counts as unsaid."""
    if not papers:
        return 0.0
    unsaid = 0
    for phrases, tags, body in papers:
        names = {fold_key(p) for p in phrases}
        words = f" {fold_key(body)} "
        if not names or not (names & {fold_key(t) for t in tags} or any(f" {p} " in words for p in names)):
            unsaid += 1
    return unsaid / len(papers)
