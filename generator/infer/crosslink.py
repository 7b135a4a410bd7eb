"""Add inline cross-links to abstracts: tag phrases link to tag pages, method names to the paper that introduces them.

Input: papers with normalised Markdown `abstract`, `tags` and `slug`; the tags by slug; method name -> id of
the paper that introduces it. Output: `paper.abstract_linked`. Only the first mention of each tag or method
is linked, never inside math, code, links, URLs or raw HTML, never to the page itself, at most `max_links`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from urllib.parse import quote

from generator.model import Paper, Tag

# Pieces of Markdown whose text must not be touched: math, code, links, images, autolinks, bare URLs,
# raw HTML, entities, backslash escapes, and any bracketed text (a link inside brackets could pair
# with a following "(...)" and change meaning).
# The leading lookahead lists every character a piece can start with: most positions fail there at once.
_PROTECTED = re.compile(
    r"(?=[$\\`!\[<hHfF&])(?:" + "|".join([
        r"(?<!\\)\$\$(?:\\.|[^\\$]|\$(?!\$))+?\$\$",
        r"(?<!\\)\$(?!\s)(?:\\.|[^\\$])+?(?<!\s)\$",
        # As in generator/clean/normalise.py: a math body holds no opener and a code fence is a whole backtick run, so
        # an opener without a closer is read once, not from every later opener (quadratic).
        r"\\\((?:\\[^()]|[^\\])+?\\\)",
        r"\\\[(?:\\[^\[\]]|[^\\])+?\\\]",
        r"(?<!`)(`+)(?!`).+?(?<!`)\1(?!`)",
        r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\](?:\([^()]*(?:\([^()]*\)[^()]*)*\)|\[[^\[\]]*\])?",
        r"<[^<>\n]*>",
        r"(?i:https?|ftp)://[^\s<>]+",
        r"&#?[A-Za-z0-9]+;",
        r"\\.",
    ]) + ")",
    re.DOTALL,
)
_BLANK = "\x00"
# A mention right after these would turn into an image (`!`), an escape (`\`) or a reference link (`]`).
_BAD_BEFORE = "!\\]["


@dataclass(frozen=True)
class _Link:
    """A planned link: span of the mention in the abstract and its target."""

    start: int
    end: int
    target: str


@lru_cache(maxsize=16384)  # asked of every abstract three times: method offers, own names, then the plan
def _mask(markdown: str) -> str:
    """Return the Markdown with protected pieces blanked out, character for character."""
    return _PROTECTED.sub(lambda m: _BLANK * len(m.group(0)), markdown)


def _is_acronym(phrase: str) -> bool:
    """Return whether a phrase is written as an acronym ("LLMs", "ViT"): two or more capitals in one word."""
    return " " not in phrase and sum(c.isupper() for c in phrase) >= 2


# Letters that a case-insensitive match treats as one beyond their lowercase forms (the extra case
# equivalences of Python's re): each folds to the first of its group.
_SAME_LETTERS = ("i\u0131", "s\u017f", "\u00b5\u03bc", "\u0345\u03b9\u1fbe", "\u0390\u1fd3", "\u03b0\u1fe3",
                 "\u03b2\u03d0", "\u03b5\u03f5", "\u03b8\u03d1", "\u03ba\u03f0", "\u03c0\u03d6", "\u03c1\u03f1",
                 "\u03c2\u03c3", "\u03c6\u03d5", "\u1e61\u1e9b", "\ufb05\ufb06")
_FOLD_TABLE = {ord(c): group[0] for group in _SAME_LETTERS for c in group[1:]} | {0x130: "i"}


def _fold(text: str) -> str:
    """Return the text folded character for character, so equal folds are what a case-insensitive match accepts."""
    folded = text.lower()
    if len(folded) != len(text) or not text.isascii():
        # str.lower() writes "İ" as two characters; a case-insensitive match reads it as "i".
        folded = "".join(c if len(c) == 1 else c[0] for c in map(str.lower, text))
        folded = folded.translate(_FOLD_TABLE)
    return folded


def _is_word_char(c: str) -> bool:
    """Return whether a character is one of the regex class [\\w-] (a word goes on through it)."""
    return c == "-" or c == "_" or c.isalnum()


class _Phrases:
    """Whole-word phrases, found by string search: the leftmost mention, and there the longest phrase.

    Words of a phrase may be split by blanks or one line break; case-insensitive phrases are compared on
    the folded text (see _fold). One compiled regex per tag cost more than all the matching.
    """

    def __init__(self, phrases: list[str], ignore_case: bool) -> None:
        ordered = [p for p in sorted(set(phrases), key=lambda p: (-len(p), p)) if p.split()]
        self.ignore_case = ignore_case
        self.words = [(_fold(p) if ignore_case else p).split() for p in ordered]

    def first(self, masked: str, folded: str) -> tuple[int, int] | None:
        """Return the span of the first linkable mention (not right after a _BAD_BEFORE character)."""
        text = folded if self.ignore_case else masked
        if not self.words:
            return None
        pos = 0
        while True:
            # The leftmost start, and there the first phrase in order (the longest) that matches.
            best: tuple[int, int, int] | None = None
            for order, words in enumerate(self.words):
                start = text.find(words[0], pos)
                while start != -1 and (best is None or start <= best[0]):
                    end = _match_at(text, masked, start, words)
                    if end is not None:
                        if best is None or (start, order) < best[:2]:
                            best = (start, order, end)
                        break
                    start = text.find(words[0], start + 1)
            if best is None:
                return None
            start, _, end = best
            if (start > 0 and masked[start - 1] in _BAD_BEFORE) or _inside_name(masked, start, end):
                pos = end  # go on after the skipped mention
                continue
            return start, end


# A word written with a capital (or a digit and a capital, "3D"): a piece of a name when such words stand together.
_CAPITALISED = re.compile(r"[0-9]*[A-Z]")
_WORD_BEFORE = re.compile(r"([\w-]+)[ \t]+$")
_WORD_AFTER = re.compile(r"[ \t]+([\w-]+)")
# Text that ends a sentence: the capital after it starts a sentence, not a name.
_SENTENCE_END = re.compile(r"[.!?:;][\s\x00]*$")


def _inside_name(masked: str, start: int, end: int) -> bool:
    """Tell whether a capitalised mention is part of a longer capitalised name ("Additive Model for Interpretable Shape Representation")."""
    if not _CAPITALISED.match(masked, start):
        return False
    after = _WORD_AFTER.match(masked, end)
    if after and _CAPITALISED.match(after.group(1)):
        return True
    before = _WORD_BEFORE.search(masked, max(0, start - 80), start)
    return bool(before and _CAPITALISED.match(before.group(1))
                and not _SENTENCE_END.search(masked, max(0, before.start() - 8), before.start()))


def _match_at(text: str, masked: str, start: int, words: list[str]) -> int | None:
    """Return the end of the phrase `words` matched whole at `start` (blanks and one line break between words), else None."""
    n = len(text)
    if start > 0 and _is_word_char(masked[start - 1]):
        return None
    i = start
    for k, word in enumerate(words):
        if k:
            j = i
            while j < n and text[j] in " \t":
                j += 1
            if j < n and text[j] == "\n":
                j += 1
                while j < n and text[j] in " \t":
                    j += 1
            if j == i:
                return None
            i = j
        if not text.startswith(word, i):
            return None
        i += len(word)
    if i < n and _is_word_char(masked[i]):
        return None
    return i


@dataclass(frozen=True)
class _TagPatterns:
    """A tag's mention finders: name and aliases case-insensitive, acronyms as written."""

    words: _Phrases
    acronyms: _Phrases


def _tag_patterns(tag: Tag) -> _TagPatterns:
    """Return the finders of a tag's mentions."""
    return _compile_tag_patterns((tag.name, *tag.aliases))


@lru_cache(maxsize=65536)
def _compile_tag_patterns(phrases: tuple[str, ...]) -> _TagPatterns:
    """Prepare the mention finders of a tag's name and aliases (cached: tags recur across papers)."""
    return _TagPatterns(_Phrases([p for p in phrases if not _is_acronym(p)], True),
                        _Phrases([p for p in phrases if _is_acronym(p)], False))


def _tag_mention(masked: str, folded: str | None, patterns: _TagPatterns) -> tuple[int, int] | None:
    """Return the span of a tag's first mention."""
    spans = [s for s in (patterns.words.first(masked, folded), patterns.acronyms.first(masked, folded)) if s]
    # The earliest mention wins; at one position the longer phrase.
    return min(spans, key=lambda s: (s[0], -s[1])) if spans else None


# Method names are found by looking each word up, not by one regex per name, so the cost does not grow with
# the number of methods in the corpus.
_WORD = re.compile(r"(?<![\w-])[\w][\w-]*(?<!-)(?![\w-])")


def _method_mentions(masked: str, methods: dict[str, str]) -> dict[str, tuple[int, int]]:
    """Return the first span of every method name mentioned in the masked text."""
    if not methods:
        return {}
    multi = _multi_word_names(tuple(sorted(n for n in methods if " " in n)))
    found: dict[str, tuple[int, int]] = {}
    for m in _WORD.finditer(masked):
        if m.start() > 0 and masked[m.start() - 1] in _BAD_BEFORE:
            continue
        word = m.group()
        if word in methods and word not in found:
            found[word] = m.span()
        for name, words in multi.get(word, ()):
            end = _match_at(masked, masked, m.start(), words)
            if end is not None and name not in found:
                found[name] = (m.start(), end)
    return found


@lru_cache(maxsize=8)
def _multi_word_names(names: tuple[str, ...]) -> dict[str, list[tuple[str, list[str]]]]:
    """Index multi-word method names by their first word, each with its words."""
    index: dict[str, list[tuple[str, list[str]]]] = {}
    for name in names:
        words = name.split()
        index.setdefault(words[0], []).append((name, words))
    return index


def _overlap(a: _Link, b: _Link) -> bool:
    """Return whether two planned links share characters."""
    return a.start < b.end and b.start < a.end


def _plan(paper: Paper, tags: dict[str, Tag], methods: dict[str, str], slugs: dict[str, str],
          max_links: int, patterns: dict[str, _TagPatterns]) -> list[_Link]:
    """Return the links to add to one abstract, in text order; methods first, then tags by relevance."""
    masked = _mask(paper.abstract)
    folded = _fold(masked)
    wanted: list[_Link] = []
    # A paper's own method is not linked: its name is not even looked for.
    others = {name: target for name, target in methods.items() if target != paper.id}
    for name, span in sorted(_method_mentions(masked, others).items()):
        target_id = methods[name]
        if not slugs.get(target_id):
            continue
        wanted.append(_Link(*span, f"{quote(slugs[target_id])}.md"))
    for slug in paper.tags:
        tag = tags.get(slug)
        if tag is None:
            continue
        if slug not in patterns:
            patterns[slug] = _tag_patterns(tag)
        span = _tag_mention(masked, folded, patterns[slug])
        if span:
            wanted.append(_Link(*span, f"../tags/{quote(tag.slug)}.md"))
    chosen: list[_Link] = []
    for link in wanted:
        if len(chosen) >= max_links:
            break
        if not any(_overlap(link, c) for c in chosen):
            chosen.append(link)
    return sorted(chosen, key=lambda link: link.start)


def link_abstract(paper: Paper, tags: dict[str, Tag], methods: dict[str, str], slugs: dict[str, str],
                  max_links: int = 4, patterns: dict[str, _TagPatterns] | None = None) -> str:
    """Return the paper's abstract with its cross-links written as Markdown links."""
    text = paper.abstract
    out = []
    pos = 0
    for link in _plan(paper, tags, methods, slugs, max_links, {} if patterns is None else patterns):
        out.append(text[pos:link.start])
        out.append(f"[{text[link.start:link.end]}]({link.target})")
        pos = link.end
        if text.startswith("{", pos):
            # A "{" right after the new link would make attr_list read it as the link's attributes (onfocus=…);
            # normalised abstracts escape every brace, this holds for any other text too.
            out.append("\\")
    out.append(text[pos:])
    return "".join(out)


def add_crosslinks(papers: list[Paper], tags: dict[str, Tag], methods: dict[str, str], max_links: int = 4) -> None:
    """Set `abstract_linked` of every paper: first mentions of its tags and of other papers' methods linked."""
    slugs = {p.id: p.slug for p in papers}
    patterns: dict[str, _TagPatterns] = {}
    for paper, cited in zip(papers, _of_earlier_years(papers, method_offers(papers, methods))):
        paper.abstract_linked = link_abstract(paper, tags, cited, slugs, max_links, patterns) if paper.abstract else ""


def introduced_methods(papers: list[Paper], names: list[str | None]) -> dict[str, str]:
    """Map each method name that exactly one paper introduces (names[i]: paper i's, or None) and that stays its own
    (own_names) to that paper's id."""
    return introduced_methods_and_offers(papers, names)[0]


def introduced_methods_and_offers(papers: list[Paper], names: list[str | None]
                                  ) -> tuple[dict[str, str], list[dict[str, str]]]:
    """Return introduced_methods() and, per paper, method_offers() of them (one scan of the abstracts for both)."""
    owners: dict[str, list[str]] = {}
    for paper, name in zip(papers, names):
        if name:
            owners.setdefault(name, []).append(paper.id)
    # A name claimed by two papers is ambiguous: linking either would mislead.
    unique = {name: ids[0] for name, ids in sorted(owners.items()) if len(ids) == 1}
    offered = method_offers(papers, unique)
    own = own_names(papers, unique, offered)
    return own, _of_earlier_years(papers, [{name: owner for name, owner in offers.items() if name in own} for offers in offered])


def _of_earlier_years(papers: list[Paper], offered: list[dict[str, str]]) -> list[dict[str, str]]:
    """Return each paper's offered methods (name -> owner's id) that a paper of its year may name (see _earlier)."""
    years = {p.id: _year(p) for p in papers}
    return [{name: owner for name, owner in offers.items() if _earlier(years.get(owner), years[paper.id])}
            for paper, offers in zip(papers, offered)]


def _year(paper: Paper) -> int | None:
    """Return a paper's year as a number, or None when it has none (or none a number can read)."""
    return int(paper.year) if paper.year and str(paper.year).strip().isdigit() else None


def _earlier(owner: int | None, user: int | None) -> bool:
    """Tell whether a method of a paper of year `owner` may be what a paper of year `user` names: a paper builds on
    methods published before it; in one of the same year or older, the name is another thing of that name ("inspired by
    MONet", 2019, is not 2024's MONet). Undated papers link as they always did."""
    return not (owner and user and owner >= user)


# A maximal run of the characters the whole-word patterns treat as part of a word.
_WORD_RUN = re.compile(r"[\w-]+")


def method_offers(papers: list[Paper], methods: dict[str, str]) -> list[dict[str, str]]:
    """Return, per paper, the methods (name -> introducing paper's id) whose first word its abstract contains.

    Trying every method name on every abstract is quadratic; the names an abstract cannot mention would never
    be linked anyway, so link_abstract is offered only these (the result is the same).
    """
    by_first: dict[str, list[str]] = {}
    for name in methods:
        words = name.split()
        head = _WORD_RUN.match(words[0]) if words else None
        by_first.setdefault(head.group(0) if head else "", []).append(name)
    # One scan per abstract for the whole-word runs that start a name (rather than collecting every run);
    # the lookahead on first characters lets the scan leave most positions at once.
    heads = sorted((h for h in by_first if h), key=lambda h: (-len(h), h))
    firsts = "".join(sorted({re.escape(h[0]) for h in heads}))
    finder = re.compile(rf"(?=[{firsts}])(?<![\w-])(?:" + "|".join(map(re.escape, heads)) + r")(?![\w-])") if heads else None
    offers = []
    for paper in papers:
        runs = set(finder.findall(_mask(paper.abstract))) if finder else set()
        names = by_first.get("", []) + [n for run in runs for n in by_first.get(run, ())]
        offers.append({name: methods[name] for name in sorted(names)})
    return offers


def own_names(papers: list[Paper], methods: dict[str, str], offers: list[dict[str, str]]) -> dict[str, str]:
    """Return the methods that stay one paper's own name: not used by two other abstracts, nor, when written all in
    capitals, by one ("ICL", "ELBO" or "SAT" in several abstracts are the field's terms, and may mean something
    else in another paper: a link there would mislead)."""
    users: dict[str, int] = {}
    for paper, offered in zip(papers, offers):
        text = _mask(paper.abstract)
        for name, owner in offered.items():
            if owner != paper.id and re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text):
                users[name] = users.get(name, 0) + 1
    return {name: owner for name, owner in methods.items()
            if users.get(name, 0) < (1 if re.fullmatch(r"[A-Z]+s?", name) else 2)}
