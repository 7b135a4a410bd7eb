"""Inline cross-links: first mentions of tags and methods, never in math, code or links, capped, valid Markdown."""

from __future__ import annotations

import re

import markdown

from generator.infer.crosslink import add_crosslinks
from generator.model import Paper, Tag

TAGS = {
    "large-language-models": Tag("large-language-models", "large language models",
                                 aliases=["LLMs", "LLM", "large language model"], papers=["p", "q"]),
    "diffusion-models": Tag("diffusion-models", "diffusion models", aliases=["diffusion model"], papers=["p", "q"]),
    "reinforcement-learning": Tag("reinforcement-learning", "reinforcement learning", aliases=["RL"], papers=["p", "q"]),
    "graph-neural-networks": Tag("graph-neural-networks", "graph neural networks", aliases=["GNNs"], papers=["p", "q"]),
    "act": Tag("act", "activation", aliases=["ACT"], papers=["p", "q"]),
}


def paper(pid: str, abstract: str, tags: list[str], slug: str | None = None) -> Paper:
    """Return a paper with the given Markdown abstract and tag slugs."""
    return Paper(id=pid, abstract=abstract, text=abstract, source="x:1", collection="c", slug=slug or pid, tags=tags)


def linked(abstract: str, tags: list[str], methods: dict[str, str] | None = None, max_links: int = 4) -> str:
    """Return the abstract of paper `p` after cross-linking, with `other` owning some methods."""
    p = paper("p", abstract, tags)
    other = paper("o", "FixMatch is ours.", [], slug="fixmatch-simplifying")
    add_crosslinks([p, other], TAGS, methods or {}, max_links=max_links)
    return p.abstract_linked


def links_of(md: str) -> list[tuple[str, str]]:
    """Return (text, href) of the links in the rendered HTML of `md`."""
    html = markdown.markdown(md)
    return re.findall(r'<a href="([^"]*)">(.*?)</a>', html)


def test_first_mention_of_each_tag_links_to_its_page():
    md = "Large language models (LLMs) help diffusion models. LLMs and large language models again."
    out = linked(md, ["large-language-models", "diffusion-models"])
    assert out == ("[Large language models](../tags/large-language-models.md) (LLMs) help "
                   "[diffusion models](../tags/diffusion-models.md). LLMs and large language models again.")


def test_alias_counts_as_a_mention_and_acronyms_keep_their_case():
    out = linked("We act fast. Our LLM uses ACT units.", ["large-language-models", "act"])
    assert out == "We act fast. Our [LLM](../tags/large-language-models.md) uses [ACT](../tags/act.md) units."


def test_no_links_inside_math_code_links_or_urls():
    md = ("Math $LLMs + RL$ and $$diffusion models$$, code `LLMs`, a link [LLMs here](https://x.org/LLMs), "
          "<https://example.org/diffusion-models>, https://github.com/rl/RL and ![RL](img.png). "
          "Outside: LLMs.")
    out = linked(md, ["large-language-models", "diffusion-models", "reinforcement-learning"])
    assert out == md.replace("Outside: LLMs.", "Outside: [LLMs](../tags/large-language-models.md).")


def test_whole_words_only():
    md = "RLHF and GNNs-based ideas and LLMish talk; finally RL."
    out = linked(md, ["reinforcement-learning", "graph-neural-networks", "large-language-models"])
    assert out == "RLHF and GNNs-based ideas and LLMish talk; finally [RL](../tags/reinforcement-learning.md)."


def test_method_of_another_paper_links_to_it_but_never_to_itself():
    md = "We extend FixMatch with RL; fixmatch is lowercase; FixMatch again."
    out = linked(md, ["reinforcement-learning"], {"FixMatch": "o"})
    assert out == ("We extend [FixMatch](fixmatch-simplifying.md) with [RL](../tags/reinforcement-learning.md); "
                   "fixmatch is lowercase; FixMatch again.")
    own = paper("o", "FixMatch is ours.", [], slug="fixmatch-simplifying")
    add_crosslinks([own], TAGS, {"FixMatch": "o"})
    assert own.abstract_linked == "FixMatch is ours."


def test_bold_names_are_wrapped_not_broken():
    out = linked("We present **FixMatch**, built on **diffusion models**.", ["diffusion-models"], {"FixMatch": "o"})
    assert out == ("We present **[FixMatch](fixmatch-simplifying.md)**, built on "
                   "**[diffusion models](../tags/diffusion-models.md)**.")
    assert links_of(out) == [("fixmatch-simplifying.md", "FixMatch"), ("../tags/diffusion-models.md", "diffusion models")]


def test_cap_on_links_per_abstract():
    md = "LLMs, diffusion models, RL, GNNs and FixMatch."
    out = linked(md, ["large-language-models", "diffusion-models", "reinforcement-learning", "graph-neural-networks"],
                 {"FixMatch": "o"}, max_links=2)
    # Methods first, then tags by relevance (the paper's tag order).
    assert len(links_of(out)) == 2
    assert out == "[LLMs](../tags/large-language-models.md), diffusion models, RL, GNNs and [FixMatch](fixmatch-simplifying.md)."


def test_untrusted_text_stays_valid_markdown():
    md = r"Hi!LLMs and \LLMs and [x] (LLMs) and <b>RL</b> and &amp;RL; then diffusion" + "\n\nmodels split. RL."
    out = linked(md, ["large-language-models", "reinforcement-learning", "diffusion-models"])
    # "!LLMs" would become an image, "\LLMs" an escaped bracket; a paragraph break splits a phrase.
    assert "![" not in out and "\\[" not in out
    assert links_of(out) == [("../tags/large-language-models.md", "LLMs"), ("../tags/reinforcement-learning.md", "RL")]
    assert "[x] ([LLMs](../tags/large-language-models.md))" in out
    assert "then diffusion\n\nmodels split. RL." in out


def test_no_link_inside_a_longer_capitalised_name():
    tags = {"shape": Tag("shape", "interpretable shape", papers=["p", "q"]),
            "nam": Tag("nam", "neural additive model", papers=["p", "q"])}
    p = paper("p", "NAISR is a 3D Neural Additive Model for Interpretable Shape Representation. "
                   "It learns an interpretable shape space.", ["shape", "nam"])
    add_crosslinks([p], tags, {})
    assert p.abstract_linked == ("NAISR is a 3D Neural Additive Model for Interpretable Shape Representation. "
                                 "It learns an [interpretable shape](../tags/shape.md) space.")
    q = paper("q", "Interpretable Shape models are studied.", ["shape"])  # a capital that starts a sentence is no name
    add_crosslinks([q], tags, {})
    assert q.abstract_linked.startswith("[Interpretable Shape](../tags/shape.md) models")


def test_papers_without_abstract_or_tags():
    p = paper("p", "", ["large-language-models"])
    q = paper("q", "Plain words only.", ["no-such-tag"])
    add_crosslinks([p, q], TAGS, {})
    assert p.abstract_linked == "" and q.abstract_linked == "Plain words only."


# The reference the fast mention search must agree with: one whole-word regex of the phrases, longest
# first, words split by blanks or one line break, its first match not right after "!", "\\", "]" or "[".
_SPACE = r"(?:[ \t]+(?:\n[ \t]*)?|\n[ \t]*)"


def _regex_mention(text: str, phrases: list[str], ignore_case: bool) -> tuple[int, int] | None:
    """Return the span of the first linkable match of the phrases' regex in `text` (the oracle)."""
    parts = [_SPACE.join(re.escape(w) for w in p.split()) for p in sorted(set(phrases), key=lambda p: (-len(p), p))]
    pattern = re.compile(r"(?<![\w-])(?:" + "|".join(parts) + r")(?![\w-])", re.IGNORECASE if ignore_case else 0)
    for m in pattern.finditer(text):
        if (m.start() == 0 or text[m.start() - 1] not in "!\\][") and not _in_name(text, *m.span()):
            return m.span()
    return None


def _in_name(text: str, start: int, end: int) -> bool:
    """The name rule, as a reader states it: a capitalised mention with a capitalised word beside it (not one that
    starts a sentence) is part of a longer name, so it is not linked."""
    def capitalised(word: str) -> bool:
        return bool(re.match(r"[0-9]*[A-Z]", word))

    after = re.match(r"[ \t]+([\w-]+)", text[end:])
    before = re.search(r"([\w-]+)[ \t]+$", text[max(0, start - 80):start])
    sentence_start = before is not None and re.search(r"[.!?:;][\s\x00]*$", text[:start - len(before.group(0))][-8:])
    return capitalised(text[start:]) and bool((after and capitalised(after.group(1)))
                                              or (before and capitalised(before.group(1)) and not sentence_start))


def _linked_at(text: str, span: tuple[int, int] | None) -> str:
    """Return `text` with a link to tag page t.md at `span` (as add_crosslinks writes one)."""
    if span is None:
        return text
    start, end = span
    return f"{text[:start]}[{text[start:end]}](../tags/t.md){text[end:]}"


def test_tag_mentions_are_found_as_the_regex_finds_them():
    """The string search that replaced one compiled regex per tag gives the regex's first match, on tricky text too."""
    from random import Random

    rng = Random(7)
    vocabulary = ["a", "ab", "Ab", "b-a", "sa", "Si", "k", "a_b", "é", "\u0131b", "x+", "\u03c3\u03c2", "\u00b5m", "\u017fa", "\u0130"]
    # Between words: mostly blanks, some line breaks (a paragraph break too), characters a link may not
    # follow, word characters; rarely a letter whose case-insensitive match str.lower() does not reproduce.
    # None of them starts a piece of Markdown the cross-linker leaves alone (no "[", "`", "$", "<", "&", "\\").
    glue = [" "] * 8 + ["\t", "\n", " \n ", "\n\n", "-", "!", "]", "_", "", "\x00", "\u212a"]
    unsafe = ["\u0130", "\u0131", "\u017f"]
    cases = [str, str.upper, str.lower, str.title]
    found = {True: 0, False: 0}
    for _ in range(4000):
        words = [rng.choice(vocabulary) for _ in range(rng.randint(0, 12))]
        text = "".join(rng.choice(cases)(w) + rng.choice(glue) for w in words)
        if rng.random() < 0.1:
            at = rng.randint(0, len(text))
            text = text[:at] + rng.choice(unsafe) + text[at:]
        phrases = []
        for _ in range(rng.randint(1, 3)):
            start = rng.randint(0, len(words))  # mostly phrases the text holds, in some case
            picked = words[start : start + rng.randint(1, 3)] or [rng.choice(vocabulary)]
            phrases.append(" ".join(picked))
        # A tag's name and aliases are found case-insensitively; its acronyms (two capitals in one word) as written.
        def is_acronym(phrase: str) -> bool:
            return " " not in phrase and sum(c.isupper() for c in phrase) >= 2

        acronyms = [p.upper() for p in phrases if is_acronym(p.upper())]
        for ignore_case, names in ((True, [p for p in phrases if not is_acronym(p)]), (False, acronyms)):
            if not names:
                continue
            tag = Tag("t", names[0], aliases=names[1:], papers=["p"])
            p = paper("p", text, ["t"])
            add_crosslinks([p], {"t": tag}, {})
            expected = _regex_mention(text, names, ignore_case)
            assert p.abstract_linked == (_linked_at(text, expected) if text else ""), (names, text, ignore_case)
            found[ignore_case] += expected is not None
    assert found[True] > 2000 and found[False] > 300, found  # the cases do exercise matches


def test_a_name_other_abstracts_use_is_a_term_and_links_nowhere() -> None:
    from generator.infer.crosslink import introduced_methods

    papers = [paper("a", "We propose SAT, a solver. We also propose MetaMath for math.", []),
              paper("b", "Boolean SAT instances are hard; we fine-tune MetaMath.", []),
              paper("c", "We study random SAT formulas.", []),
              paper("d", "A benchmark of proofs.", [])]
    assert introduced_methods(papers, ["SAT", None, None, None]) == {}  # two others write "SAT"
    assert introduced_methods(papers, ["MetaMath", None, None, None]) == {"MetaMath": "a"}  # one other cites it
    assert introduced_methods(papers, [None, None, "SAT", None]) == {}  # capitals another abstract uses too
    assert introduced_methods(papers, [None, None, None, "PRF"]) == {"PRF": "d"}


def test_a_method_links_only_to_a_paper_published_before_the_one_naming_it() -> None:
    """Two 2024 papers: "inspired by MONet" names a 2019 method, not the other 2024 paper's MONet; a 2024 abstract
    naming a 2021 paper's method links to it; undated papers link as before."""
    from generator.infer.crosslink import introduced_methods_and_offers
    old = paper("o", "We present MONet, an operator network.", [], slug="monet-operators")
    new = paper("n", "Inspired by MONet, we learn video objects.", [], slug="vonet")
    for owner_year, user_year, linked_ in (("2024", "2024", False), ("2021", "2024", True), (None, "2024", True)):
        old.year, new.year = owner_year, user_year
        assert introduced_methods_and_offers([old, new], ["MONet", None])[1][1] == ({"MONet": "o"} if linked_ else {})
        add_crosslinks([old, new], {}, {"MONet": "o"})
        assert ("[MONet](monet-operators.md)" in new.abstract_linked) == linked_, new.abstract_linked
