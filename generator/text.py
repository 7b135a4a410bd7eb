"""Text primitives every stage shares: ASCII folding, slugs, the folding key of a phrase and of a name."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from wordfreq import zipf_frequency

#: wordfreq's Zipf scale: 4 is once per 100,000 words of English ("conditions", "reasoning").
EVERYDAY_ZIPF = 4.0
#: One lowercase word this common (wordfreq's zipf scale) is too vague to stand alone as a tag or a topic's name
#: ("similarity", "mapping", "variance", "parameter"); rarer ones name a subject ("interpretability", "embeddings").
#: Measured on the seed collections and the dev corpus (docs/inference.md).
SUBJECT_WORD_ZIPF = 3.4
_PUNCT = re.compile(r"[^\w\s]|_")
_SLUG_WORD = re.compile(r"[a-z0-9]+")


def ascii_fold(text: str) -> str:
    """Return text with accents stripped and other non-ASCII characters dropped."""
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")


def slugify(text: str, max_words: int | None, max_chars: int) -> str:
    """Return a lowercase ASCII slug of `text` (letters, digits, single hyphens), possibly empty."""
    slug = "-".join(_SLUG_WORD.findall(ascii_fold(text).lower())[:max_words])
    if len(slug) > max_chars:
        slug = slug[:max_chars].rsplit("-", 1)[0]
    return slug


def author_key(name: str) -> str:
    """Return the key two spellings of a name share exactly when they are one name: NFKC, case and blanks folded."""
    # Nothing more (no accents stripped, no initials expanded): two different spellings may be two people.
    return " ".join(unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold()).split())


def naive_singular(word: str) -> str:
    """Drop a plural `s` the naive way ("models" -> "model", "processes" -> "process", but "loss", "gas" stay)."""
    if word.endswith("sses"):  # the plural of a noun in -ss: "processes", "classes", "losses"
        return word[:-2]
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


@lru_cache(maxsize=65536)
def fold_key(phrase: str) -> str:
    """Return the folding key of a phrase: lowercase ASCII, punctuation as spaces, naive singulars.

    Phrases with one key are one tag ("LLMs", "LLM"), and the vocabulary's names are matched by it.
    """
    words = _PUNCT.sub(" ", ascii_fold(phrase).lower()).split()
    return " ".join(naive_singular(w) for w in words)


@lru_cache(maxsize=65536)
def everyday_word(name: str) -> bool:
    """Return whether a name is one lowercase token of everyday English ("conditions", "trade-off")."""
    # One such word names no field a reader would file a paper under; a capitalised one ("BERT") is a name.
    return common_word(name, EVERYDAY_ZIPF)


@lru_cache(maxsize=65536)
def common_word(name: str, zipf: float) -> bool:
    """Return whether a name is one lowercase token at least this frequent in English (wordfreq's zipf scale)."""
    return " " not in name and name == name.lower() and zipf_frequency(name, "en") >= zipf


def abbreviates(short: str, long: str) -> bool:
    """Tell whether a one-word key is the initials of a longer phrase's words ("llm", "large language model")."""
    words = long.split()
    return " " not in short and len(words) >= 2 and short == "".join(w[0] for w in words)


#: Endings of nouns of an activity or a quality ("optimization", "robustness", "exploration"), seldom counted.
ABSTRACT_NOUN_ENDINGS = ("tion", "sion", "ity", "ness", "ment", "ance", "ence", "ncy", "acy", "sis", "ing", "ism")
#: Endings of nouns of a quality or an activity that name a subject ("fairness", "quantization", "robustness"); "-ing"
#: and "-ence" words are as often an abstract's actions or its furniture ("modeling", "inference").
SUBJECT_ENDINGS = ("tion", "sion", "ity", "ness", "acy", "ism", "sis", "ment")

# Endings of adverbs: "differentially", "partially", "provably" ("anomaly", "family", "assembly" are nouns).
_ADVERB_ENDINGS = ("ally", "ively", "ously", "ently", "antly", "ibly", "ably", "edly", "ingly", "fully", "lessly")


def adjective_phrase(name: str) -> bool:
    """Tell whether a two-word name is an adverb and the word it qualifies ("differentially private", "partially
    observable"): it describes a thing and names none."""
    words = name.lower().replace("-", " ").split()
    return len(words) == 2 and len(words[0]) >= 6 and words[0].endswith(_ADVERB_ENDINGS)


#: A word of a long form is an English word, written with capitals that spell its acronym, at this wordfreq zipf or more.
_MARKED_WORD_ZIPF = 1.0
_MARKED = re.compile(r"[^\W\d_]+")
_PLURAL_ACRONYM = re.compile(r"[A-Z]+s")


def unmarked(long_form: str, acronym: str) -> str:
    """Return a long form without the capitals that mark its acronym's letters inside English words: "Content RelevAnce-
    Based NoIse ReductioN" for CABINET is "Content Relevance-Based Noise Reduction".

    The long form's capitals must spell the acronym in order, and a word is rewritten only when every capital inside
    it is one of those letters and it is an English word: names stay as written ("LLaMA", "PyTorch", "ViT", "GPUs").
    """
    letters = [c for c in acronym.upper() if c.isalpha()]
    used: set[int] = set()
    k = 0
    for i, c in enumerate(long_form):
        if k < len(letters) and c == letters[k]:
            used.add(i)
            k += 1
    if k < len(letters) or len(letters) < 2:
        return long_form  # its capitals do not spell the acronym: nothing marks it

    def plain(m: re.Match[str]) -> str:
        word = m.group(0)
        inner = [m.start() + j for j, c in enumerate(word) if j and c.isupper()]
        if (not inner or len(word) < 5 or word.isupper() or _PLURAL_ACRONYM.fullmatch(word)
                or not all(i in used for i in inner) or zipf_frequency(word.lower(), "en") < _MARKED_WORD_ZIPF):
            return word
        return word[0] + word[1:].lower()

    return _MARKED.sub(plain, long_form)


def names_a_subject(word: str) -> bool:
    """Tell whether one word may stand alone as a tag or a topic's name: not lowercase and common (see SUBJECT_WORD_ZIPF)."""
    # A plural is as vague as its singular ("complexities", which wordfreq counts apart from "complexity").
    singular = word[:-3] + "y" if word.endswith("ies") else naive_singular(word)
    return not common_word(word, SUBJECT_WORD_ZIPF) and not common_word(singular, SUBJECT_WORD_ZIPF) \
        and not word.endswith("ly")


def vague_word(term: str) -> bool:
    """Tell whether one word says too little to name or explain a subject: an everyday word or an adverb."""
    return " " not in term and (term.endswith("ly") or everyday_word(term))


#: A capitalised word inside a sentence (not after its end) before a lower-case one: how the abstract writes a proper
#: name ("a Markov chain"); a run of capitals is a name's spelled-out form ("Large Language Models (LLMs)").
_MID_SENTENCE_CAPITAL = re.compile(r"(?<![\w-])[a-z0-9][\w-]*[,;:)]? ([A-Z][a-z]+)(?=[,;:]? [a-z])")


def bracketed(name: str, text: str) -> list[tuple[int, int]]:
    """Return where each "(NAME)" of `text` starts and ends, spaces allowed inside the brackets: what the pattern
    \\(\\s*NAME\\s*\\) finds, without compiling a pattern for every name (they overflow re's cache)."""
    found = []
    i = text.find(name) if name else -1
    while i != -1:
        j = i - 1
        while j >= 0 and text[j].isspace():
            j -= 1
        k = i + len(name)
        while k < len(text) and text[k].isspace():
            k += 1
        if j >= 0 and text[j] == "(" and k < len(text) and text[k] == ")":
            found.append((j, k + 1))
        i = text.find(name, i + 1)
    return found


def says_words(words: str, text: str) -> bool:
    """Tell whether `text` holds `words` as whole words, in any case: what the pattern \\bWORDS\\b with re.I finds,
    without compiling a pattern for every phrase (they overflow re's cache)."""
    if not (text.isascii() and words.isascii() and words[:1].isalnum() and words[-1:].isalnum()):
        return re.search(rf"\b{re.escape(words)}\b", text, re.I) is not None
    low, wanted = text.lower(), words.lower()
    i = low.find(wanted)
    while i != -1:
        end = i + len(wanted)
        if (not i or not _word_char(low[i - 1])) and (end == len(low) or not _word_char(low[end])):
            return True
        i = low.find(wanted, i + 1)
    return False


def _word_char(char: str) -> bool:
    """Tell whether an ASCII character is a word character of a pattern's \\b (a letter, a digit or "_")."""
    return char.isalnum() or char == "_"


def as_written(title: str, text: str) -> str:
    """Return a lower-cased title or term with the words `text` only writes capitalised inside its sentences ("Markov",
    "Gaussian", "Lipschitz") capitalised again: cutting and joining phrases lower-cases words, names keep their capital."""
    # Only a word the text writes capitalised somewhere can be one ("Markov" in the text): most titles have none.
    lowered = {w for w in re.findall(r"\b[a-z]+\b", title) if w.capitalize() in text}
    if not lowered:
        return title
    proper = {w.lower() for w in _MID_SENTENCE_CAPITAL.findall(text)} & lowered
    # A word the abstract also writes in lower case is a common word some sentence capitalised ("Graph").
    proper -= set(re.findall(r"\b[a-z]+\b", text))
    if not proper:
        return title
    return re.sub(r"\b[a-z]+\b", lambda m: m.group(0).capitalize() if m.group(0) in proper else m.group(0), title)


#: A title word is taken for a typo only when English does not know it (wordfreq's zipf 0) and it is this long; the
#: word it is mended to must be one English knows this well (zipf), written in the same text.
_TYPO_MIN_LETTERS = 5
_MENDED_ZIPF = 3.0
_PLAIN_WORD = re.compile(r"\b[A-Za-z][a-z]+\b")


def typos_mended(title: str, text: str) -> str:
    """Return a title with each word English does not know ("anguage", "knolwedge") spelled as the one known word of
    `text` a letter away from it ("language", "knowledge"): an abstract's typo copied into its title."""
    unknown = {w for w in _PLAIN_WORD.findall(title)
               if len(w) >= _TYPO_MIN_LETTERS and zipf_frequency(w.lower(), "en") == 0}
    if not unknown:
        return title
    words = _PLAIN_WORD.findall(text)
    written = {w.lower() for w in words if len(w) >= _TYPO_MIN_LETTERS - 1}
    # A capitalised word is mended only where the text writes it in lower case (a title's first word), never a name.
    unknown = {w for w in unknown if w.islower() or w.lower() in words}
    mend = {}
    for word in unknown:
        near = [w for w in written if _one_edit(word.lower(), w) and zipf_frequency(w, "en") >= _MENDED_ZIPF]
        if len(near) == 1:  # two known words a letter away: which one was meant is a guess
            mend[word] = near[0].capitalize() if word[0].isupper() else near[0]
    return _PLAIN_WORD.sub(lambda m: mend.get(m.group(0), m.group(0)), title) if mend else title


def _one_edit(a: str, b: str) -> bool:
    """Return whether b is one letter away from a: one letter added, dropped or changed, or two neighbours swapped."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    start = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    if len(a) == len(b):
        swapped = a[start + 2:] == b[start + 2:] and a[start:start + 2] == b[start:start + 2][::-1]
        return a[start + 1:] == b[start + 1:] or swapped
    longer, shorter = (a, b) if len(a) > len(b) else (b, a)
    return longer[start + 1:] == shorter[start:]
