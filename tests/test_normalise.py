"""Tests of generator/clean/normalise.py: what a reader of the paper page would notice."""

from __future__ import annotations

import json
import re
from pathlib import Path

import markdown
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.clean.normalise import find_links, normalise_abstract, normalise_inline, plain_text

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpora" / "iclr2024-dev.jsonl"
SEEDS = sorted((Path(__file__).resolve().parents[1] / "data").glob("*.txt"))


def render(md: str) -> str:
    """Render Markdown the way the site does (arithmatex generic mode)."""
    return markdown.markdown(md, extensions=["pymdownx.arithmatex"],
                             extension_configs={"pymdownx.arithmatex": {"generic": True}})


# --- cases from the seed files -------------------------------------------------------------------

@pytest.mark.parametrize("raw, expected", [
    (r"learning $k$ neurons (\emph{a.k.a.} teachers)", "learning $k$ neurons (*a.k.a.* teachers)"),
    (r"available at: \url{https://github.com/linxin0/HQGS}.", "available at: <https://github.com/linxin0/HQGS>."),
    ("has recently gained at- tention in the deep", "has recently gained attention in the deep"),
    ("reduced expres- sivity and ev- idence from mod- els", "reduced expressivity and evidence from models"),
    (r"approximately $8\times$ parameter savings", r"approximately $8\times$ parameter savings"),
    (r"Networks (KAN) \cite{liu2024kan} were proposed", "Networks (KAN) were proposed"),
    ("our new model, **CREIMBO** (**C**ross-**R**egional)", "our new model, **CREIMBO** (**C**ross-**R**egional)"),
    ("as well as inter- vs. intra-region dynamical motifs", "as well as inter- vs. intra-region dynamical motifs"),
    (r"we introduce \algo{CQG-MBQA} and \textsc{GroupBind}", "we introduce CQG-MBQA and GroupBind"),
    (r"with 11\% improvement (Celis, Straszak \& Vishnoi)", "with 11% improvement (Celis, Straszak & Vishnoi)"),
    (r"an implicit bias toward the minimum ``balanced'' norm", 'an implicit bias toward the minimum "balanced" norm'),
    (r"captures both `shared features', and \`maximal' power", "captures both 'shared features', and 'maximal' power"),
    ("four challenging domains---Python code", "four challenging domains—Python code"),
    ("from the LM’s base distribution", "from the LM's base distribution"),
    ("publicly available at https://github.com/Forence1999/MoS.", "publicly available at <https://github.com/Forence1999/MoS>."),
    ("[Our system](https://github.com/probcomp/genlm-control) builds",
     "[Our system](https://github.com/probcomp/genlm-control) builds"),
    ("as _probabilistic conditioning_, but", "as _probabilistic conditioning_, but"),
])
def test_seed_constructs_become_clean_markdown(raw: str, expected: str) -> None:
    assert normalise_abstract(raw) == expected


def test_seed_files_render_without_leftover_latex() -> None:
    if not SEEDS:
        pytest.skip("no seed files in data/")
    for path in SEEDS:
        for paragraph in path.read_text(encoding="utf-8").split("\n\n")[1:]:
            out = normalise_abstract(paragraph)
            for leftover in ("\\emph", "\\url", "\\cite", "\\textsc", "\\algo", "at- tention", "``"):
                assert leftover not in out


# --- LaTeX -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("raw, expected", [
    (r"a \textit{b} c", "a *b* c"),
    (r"a \textbf{b c} d", "a **b c** d"),
    (r"a \texttt{b} c", "a b c"),
    (r"a {\it b} and {\bf c}", "a *b* and **c**"),
    (r"see \href{https://x.io/a}{the site}.", "see [the site](https://x.io/a)."),
    (r"see \href{javascript:alert(1)}{the site}.", "see the site."),
    (r"as shown \citep{a,b} and \citet[p.~3]{c}.", "as shown and."),
    (r"models \cite[Sec. 2]{x}, which", "models, which"),
    (r"Fig.~3 and Schr\"{o}dinger", "Fig. 3 and Schrödinger"),
    (r"\input{/etc/passwd} is text", "/etc/passwd is text"),
    (r"unbalanced \textbf{braces and {more", r"unbalanced **braces and \{more**"),
    ("}}{{ odd", r"\}\}\{\{ odd"),
    # Braces left in the text are escaped: attr_list must never see a "{" from the data (see test_hostile_text.py).
    (r"{{ config.extra }} and {% include 'x' %} stay", r"\{\{ config.extra \}\} and \{% include 'x' %\} stay"),
])
def test_latex_becomes_markdown(raw: str, expected: str) -> None:
    assert normalise_abstract(raw) == expected


@pytest.mark.parametrize("raw, expected", [
    (r"loss $\mathcal{L}_{\text{KL}} = *a* \emph{b}$ here", r"loss $\mathcal{L}_{\text{KL}} = *a* \emph{b}$ here"),
    (r"inline \(x_1 <b> y\) math", "inline $x_1 <b> y$ math"),
    ("$$\\sum_i x_i - y$$", "$$\\sum_i x_i - y$$"),
    (r"\[a- b\]", "$$a- b$$"),
    (r"the set $\{x: x.To > 0\}$ here", r"the set $\{x: x.To > 0\}$ here"),
    ("costs $5 and $10 each", r"costs \$5 and \$10 each"),
])
def test_math_is_kept_verbatim(raw: str, expected: str) -> None:
    assert normalise_abstract(raw) == expected


def test_math_renders_as_math() -> None:
    html = render(normalise_abstract(r"we use \(\alpha\) and $k$ neurons"))
    assert html.count('class="arithmatex"') == 2


# --- PDF hyphenation ---------------------------------------------------------------------------------

@pytest.mark.parametrize("raw, expected", [
    ("a multi- view model", "a multi-view model"),
    ("self- supervised learning", "self-supervised learning"),
    ("data- driven and human- readable", "data-driven and human-readable"),
    ("both pre- and post-training", "both pre- and post-training"),
    ("in large state- and action- spaces", "in large state- and action- spaces"),
    ("Reinforcement Learn- ing", "Reinforcement Learning"),
    ("link pre- diction is a prediction task", "link prediction is a prediction task"),
])
def test_hyphenation(raw: str, expected: str) -> None:
    assert normalise_abstract(raw) == expected


# --- glued sentences ---------------------------------------------------------------------------------

@pytest.mark.parametrize("raw, expected", [
    # from the ICLR 2024 corpus
    ("limits LLMs.To overcome this", "limits LLMs. To overcome this"),
    ("the learned points.Empirically, we", "the learned points. Empirically, we"),
    ("obtained from scratch.TP is compatible", "obtained from scratch. TP is compatible"),
    ("remains limited (see results).We show", "remains limited (see results). We show"),
    ("across memory.Code: at", "across memory. Code: at"),
    ("see https://github.com/PKU-Alignment/safe-rlhf.Warning: this", "see <https://github.com/PKU-Alignment/safe-rlhf>. Warning: this"),
])
def test_glued_sentences_are_split(raw: str, expected: str) -> None:
    assert normalise_abstract(raw) == expected


@pytest.mark.parametrize("raw", [
    "see model.py and Setup.cfg for details",
    "we use e.g.Adam and i.e.SGD",
    "the U.S.Army and Lew et al.Results",
    "pi is 3.14 and version v1.2.3 of ASP.NET",
    "the method CBRL.CIV and the variable $x.Y$",
    "see https://example.com/Docs/Readme.md now",
    "written by J.Smith in 2020",
])
def test_glue_never_splits_names_numbers_or_abbreviations(raw: str) -> None:
    assert normalise_abstract(raw).replace("<", "").replace(">", "") == raw


# --- URLs ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("raw, expected", [
    ("see https://github.com/a/b.", "see <https://github.com/a/b>."),
    ("code (https://x.io/y) here", "code (<https://x.io/y>) here"),
    ("code at https://x.io/f(1)_g, and", "code at <https://x.io/f(1)_g>, and"),
    ("repository:https://github.com/luodhhh/ModernTCN.", "repository:<https://github.com/luodhhh/ModernTCN>."),
    ("toolbox: [https://github.com/v/b](https://github.com/v/b).", "toolbox: <https://github.com/v/b>."),
])
def test_bare_urls_become_autolinks_without_punctuation(raw: str, expected: str) -> None:
    assert normalise_abstract(raw) == expected
    assert "<a href" in render(expected)


# --- whitespace and punctuation -------------------------------------------------------------------------

def test_whitespace_is_collapsed_and_paragraphs_kept() -> None:
    raw = "  First   line\n  continues ,here .\n\n\n  Second\tparagraph ( with space ) .  "
    assert normalise_abstract(raw) == "First line continues,here.\n\nSecond paragraph (with space)."


def test_html_entities_are_decoded() -> None:
    assert normalise_abstract("bias&mdash;80% of Guess &amp; Sketch") == "bias—80% of Guess & Sketch"


# --- safety ---------------------------------------------------------------------------------------------

HOSTILE = [
    "<script>alert(1)</script>",
    "x <img src=x onerror=alert(1)> y",
    "<iframe src='https://evil.example'></iframe>",
    "a <!-- material/tags --> b",
    "&lt;script&gt;alert(1)&lt;/script&gt;",
    "&#60;script>alert(1)&#60;/script>",
    "[x](javascript:alert(1))",
    "[x](JaVaScRiPt:alert(1)) [y]( javascript:alert(1) )",
    "[x](javascript:alert((1)))",
    "[x](&#106;avascript:alert(1))",
    "![](data:image/svg+xml;base64,PHN2Zz4=)",
    "![alt](https://evil.example/track.png)",
    "<javascript:alert(1)>",
    "[r]: javascript:alert(1)\n\n[click][r]",
    "<div markdown=1>*x*</div>",
    r"\href{javascript:alert(1)}{click}",
    "**a**{: onclick=alert(1) }",
    "<scr<script>ipt>alert(1)</script>",
]


@pytest.mark.parametrize("raw", HOSTILE)
def test_hostile_input_renders_harmless(raw: str) -> None:
    html = render(normalise_abstract(raw)).lower()
    tags = re.findall(r"<[^>]*>", html)
    assert not [t for t in tags if re.match(r"</?(script|img|iframe|div)\b", t)]
    assert not [t for t in tags if "onerror" in t or "onclick" in t or "javascript:" in t or "data:" in t]
    assert "<!--" not in html


def test_hostile_text_stays_visible() -> None:
    assert "&lt;script&gt;" in render(normalise_abstract("<script>alert(1)</script>"))
    assert "click" in render(normalise_abstract("[click](javascript:alert(1))"))


@pytest.mark.parametrize("raw, forbidden", [
    ("# heading", "<h1"), ("#1 ranked method", "<h1"), ("- list item", "<ul"), ("* list item", "<ul"),
    ("+ list item", "<ul"), ("1. first", "<ol"), ("> quote", "<blockquote"), ("    code block", "<pre"),
    ("---", "<hr"), ("* * *", "<hr"), ("```python", "<pre"),
])
def test_paragraph_never_starts_a_block_construct(raw: str, forbidden: str) -> None:
    html = render(normalise_abstract(raw))
    assert forbidden not in html
    assert html.startswith("<p>")


def test_snippet_include_is_neutralised() -> None:
    out = normalise_abstract('--8<-- "/etc/passwd"')
    assert not out.startswith("-")
    assert "/etc/passwd" in out


# --- one-line fields, plain text, links ---------------------------------------------------------------

@pytest.mark.parametrize("raw, expected", [
    ("{B}ERT: Pre-training of {D}eep Nets", "BERT: Pre-training of Deep Nets"),
    (r"\emph{Learning}   to \textbf{Rank}", "Learning to Rank"),
    ("**Bold**  and _under_", "Bold and under"),
    (r"Schr{\"o}dinger Bridges for $k$-means", "Schrödinger Bridges for $k$-means"),
    (r"J{\"u}rgen Schmidhuber", "Jürgen Schmidhuber"),
    ("  ICLR\n 2024 ", "ICLR 2024"),
])
def test_normalise_inline(raw: str, expected: str) -> None:
    assert normalise_inline(raw) == expected


def test_plain_text_drops_markup_and_math() -> None:
    md = normalise_abstract(
        r"With **CREIMBO** and *not* $x^2$ we [see this](https://x.io/a) at \url{https://x.io/b}. Q&amp;A")
    assert plain_text(md) == "With CREIMBO and not we see this at. Q&A"


def test_words_set_in_a_text_font_inside_math_stay_words_for_inference_and_search() -> None:
    # Authors style a name as "$\textit{...}$": the abstract keeps it as math (it renders), its words stay text.
    md = normalise_abstract(r"We propose $\textit{Open-endedness via Models of Interestingness}$ (OMNI), "
                            r"$\textbf{I}$mage-$\textbf{T}$ext, $\texttt{NAISR}$ and $x^2 + \text{loss}$.")
    assert r"$\textit{Open-endedness via Models of Interestingness}$" in md
    assert plain_text(md) == ("We propose Open-endedness via Models of Interestingness (OMNI), Image-Text, NAISR "
                              "and.")


def test_find_links_in_order_without_duplicates_or_punctuation() -> None:
    md = normalise_abstract(
        "Code: https://github.com/a/b. Data at [here](https://x.io/d) and \\url{https://github.com/a/b} "
        "and [bad](javascript:alert(1)) and $http://not.a/link$")
    assert find_links(md) == ["https://github.com/a/b", "https://x.io/d"]


# --- properties -----------------------------------------------------------------------------------------

SPECIAL = list("$\\{}[]()<>&*_`~-.!?#:;'\" \n/%^|=+") + [
    "\\emph{", "\\cite{", "\\url{", "http://", "https://a.b/", "$$", "\\(", "\\)", "\\[", "\\]", "``", "''",
    "- ", "&lt;", "&amp;", "&#", "<script>", "](", "![", "\n\n", "{{", "}}", "{%", "--8<--", "e.g.", "To",
]
messy_text = st.lists(st.one_of(st.sampled_from(SPECIAL), st.text(max_size=4)), max_size=30).map("".join)


@settings(max_examples=300, deadline=None)
@given(messy_text)
def test_normalise_abstract_is_idempotent(text: str) -> None:
    once = normalise_abstract(text)
    assert normalise_abstract(once) == once


@settings(max_examples=200, deadline=None)
@given(st.one_of(messy_text, st.text()))
def test_functions_never_raise(text: str) -> None:
    out = normalise_abstract(text)
    normalise_inline(text)
    plain_text(text)
    find_links(text)
    assert "<script" not in render(out).lower()


def test_real_corpus_is_idempotent_and_clean() -> None:
    if not CORPUS.exists():
        pytest.skip(f"{CORPUS} is absent")
    with CORPUS.open(encoding="utf-8") as lines:
        abstracts = [json.loads(line)["abstract"] for line in lines if line.strip()]
    glued = re.compile(r"\b[a-z]{3,}\.[A-Z][a-z]+\b")
    before = after = 0
    for abstract in abstracts:
        out = normalise_abstract(abstract)
        assert normalise_abstract(out) == out
        assert "\\url{" not in out and "\\emph{" not in out and "\\cite" not in out
        before += bool(glued.search(abstract))
        after += bool(glued.search(out))
    assert before > 100 and after == 0
