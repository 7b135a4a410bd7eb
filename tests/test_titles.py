"""Title and method-name inference on the seed abstracts and a few real ICLR records."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from generator.clean.normalise import normalise_abstract
from generator.evaluate_shown import title_fragment
from generator.infer.titles import common_names, infer_title, method_name, title_and_name
from generator.infer.titles.fragments import claim_problem, problem, repair
from generator.infer.titles.tidy import with_article
from generator.text import typos_mended
from tests.conftest import bench_module, records_project, run_cli

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
FIXTURE = Path(__file__).parent / "fixtures" / "titles.jsonl"
_titles_eval = bench_module("titles_eval")
rouge_l, title_scores = _titles_eval.rouge_l, _titles_eval.title_scores

# The name each seed introduces, keyed by a phrase that identifies the seed (checked by hand).
SEED_NAMES = {
    "our new model, **CREIMBO**": "CREIMBO",
    "we introduce PharmacoMatch": "PharmacoMatch",
    "termed Semantic-Aware FixMatch": "SA-FixMatch",
    "we propose a robust HQGS": "HQGS",
    "We introduce ExploreToM": "ExploreToM",
    "we introduce \\algo{CQG-MBQA}": "CQG-MBQA",
    "We develop VSD": "VSD",
    "Amortized Pareto Front (MAP)": "MAP",
    "we propose Mixture of Shards (MoS)": "MoS",
    "we propose \\textsc{GroupBind}": "GroupBind",
    "called Shared-AE": "Shared-AE",
    "We introduce BrainSAIL": "BrainSAIL",
    "we introduce ReCogLab": "ReCogLab",
    "Generalized Forward-Inverse (GFI)": "GFI",
    "learning model (HVM)": "HVM",
    "Our proposed MindSimulator": "MindSimulator",
    "we propose SurFhead": "SurFhead",
    "*Neuroplastic Expansion* (NE)": "NE",
    "we present DP-CATE": "DP-CATE",
}
DANGLING = {"a", "an", "the", "of", "and", "or", "to", "for", "in", "on", "with", "by", "from", "via",
            "that", "which", "as", "at", "into", "is", "are", "between", "using", "than", "while"}


def seed_abstracts() -> list[str]:
    """Return the seed abstracts: every paragraph after each file's collection-name line."""
    abstracts = []
    for path in sorted(DATA.glob("*.txt")):
        text = path.read_text(encoding="utf-8").strip()
        _, _, body = text.partition("\n")
        abstracts += [p.strip() for p in re.split(r"\n\s*\n", body) if p.strip()]
    return abstracts


SEEDS = seed_abstracts()


def assert_clean_title(title: str) -> None:
    """Fail unless `title` is a finished plain-text phrase of at most 100 characters."""
    assert title and len(title) <= 100, title
    assert not re.search(r"[$*`\\]|\]\(|https?://", title), f"markup left in {title!r}"
    last = title.split()[-1].lower()
    assert last not in DANGLING, f"cut-off title {title!r}"
    assert not title.endswith((",", ";", ":", "-", "(")), title
    assert title.count("(") == title.count(")"), title
    assert title.count('"') % 2 == 0, title
    assert len(title.split()) >= 2, title


def test_there_are_38_seed_abstracts() -> None:
    assert len(SEEDS) == 38


@pytest.mark.parametrize("index", range(38))
def test_seed_titles_are_clean_phrases(index: int) -> None:
    assert_clean_title(infer_title(SEEDS[index]))


@pytest.mark.parametrize("marker,name", sorted(SEED_NAMES.items(), key=lambda kv: kv[1]))
def test_seed_title_names_the_method(marker: str, name: str) -> None:
    [abstract] = [a for a in SEEDS if marker in a]
    assert method_name(abstract) == name
    assert infer_title(abstract).startswith(f"{name}: ")


def test_seeds_without_a_coined_name_get_none() -> None:
    # Papers that only name lower-case ideas ("lambda-skip connections") or use other people's methods.
    for marker in ("lambda-skip connections", "Kolmogorov-Arnold Networks", "Platonic Representation",
                   "flapping-wing", "principal distortions"):
        [abstract] = [a for a in SEEDS if marker in a]
        assert method_name(abstract) is None, marker


def test_spelled_out_acronym_becomes_the_subtitle() -> None:
    [creimbo] = [a for a in SEEDS if "**CREIMBO**" in a]
    assert infer_title(creimbo) == "CREIMBO: Cross-Regional Ensemble Interactions in Multi-view Brain Observations"
    [mos] = [a for a in SEEDS if "Mixture of Shards (MoS)" in a]
    assert infer_title(mos) == "MoS: Mixture of Shards"


def test_name_is_described_by_its_apposition() -> None:
    [brainsail] = [a for a in SEEDS if "We introduce BrainSAIL" in a]
    title = infer_title(brainsail)
    assert title.startswith("BrainSAIL: ") and "linking neural selectivity" in title.lower()


def test_untitled_contribution_comes_from_the_we_sentence() -> None:
    [relu] = [a for a in SEEDS if a.startswith("In spite of finite dimension ReLU")]
    assert infer_title(relu) == "Equivalence between ReLU networks and Gated Deep Linear Networks"


def test_long_phrases_are_cut_at_a_phrase_boundary() -> None:
    abstract = ("Graphs are everywhere. In this paper, we propose a scalable and interpretable message passing "
                "scheme for heterogeneous temporal graphs with missing node attributes and noisy edge labels "
                "collected from many sources.")
    title = infer_title(abstract)
    assert_clean_title(title)
    assert title.startswith("Scalable and interpretable message passing scheme")


def test_markdown_and_math_never_reach_the_title() -> None:
    abstract = ("We study **sparse** recovery of $k$-sparse vectors from $\\mathcal{O}(k \\log n)$ "
                "measurements (see [the code](https://example.org)). It works.")
    title = infer_title(abstract)
    assert_clean_title(title)
    assert title == "Sparse recovery of k-sparse vectors from O(k log n) measurements"


def test_title_is_never_empty() -> None:
    assert_clean_title(infer_title("Nothing here says what was done, only that things exist."))
    assert infer_title("x") != ""


def test_ordinary_capitalised_words_are_not_names() -> None:
    abstract = ("However, Transformers struggle with long inputs. We propose a new attention mechanism for "
                "LLMs that reduces memory. Experiments on GPT-4 outputs show gains.")
    assert method_name(abstract) is None


def test_existing_method_used_in_apposition_is_not_introduced() -> None:
    # "based on sequential Monte Carlo (SMC)" and later "our SMC framework": SMC is a known technique.
    [smc] = [a for a in SEEDS if "sequential Monte Carlo (SMC)" in a]
    assert method_name(smc) is None


def load_fixture() -> list[dict]:
    """Return the handful of real ICLR 2024 records kept as a fixture."""
    return [json.loads(line) for line in FIXTURE.read_text(encoding="utf-8").split("\n") if line.strip()]


# A paper may name its method ("a robust watermark method, Unigram-Watermark") yet leave it out of its title.
NAMED_BUT_NOT_IN_TITLE = {"SsmT8aO45L": "Unigram-Watermark"}


def test_real_abstracts_method_name_precision() -> None:
    records = load_fixture()
    named = [r for r in records if ":" in r["title"]]
    unnamed = [r for r in records if ":" not in r["title"]]
    assert len(named) >= 5 and len(unnamed) >= 4
    for r in named:
        name = r["title"].split(":")[0]
        assert method_name(r["abstract"]) == name, r["id"]
        assert name in infer_title(r["abstract"]), r["id"]
    for r in unnamed:  # these papers use CLIP, LLMs, Transformers... but introduce no named method
        assert method_name(r["abstract"]) == NAMED_BUT_NOT_IN_TITLE.get(r["id"]), r["id"]
    for r in records:
        assert_clean_title(infer_title(r["abstract"]))


def test_rouge_l_is_lcs_f1_over_lowercase_words() -> None:
    # LCS of "deep graph networks" vs "Graph Neural Networks for molecules" is 2 ("graph networks"):
    # precision 2/3, recall 2/5, F1 = 2*(2/3)*(2/5)/((2/3)+(2/5)) = 0.5.
    assert rouge_l("deep graph networks", "Graph Neural Networks for molecules") == pytest.approx(0.5)
    assert rouge_l("A B C", "a b c") == pytest.approx(1.0)
    assert rouge_l("c b a", "a b c") == pytest.approx(1 / 3)
    assert rouge_l("", "a b") == 0.0


def test_title_scores_counts_only_names_present_in_the_abstract() -> None:
    real = ["FooNet: Fast Graphs", "BarGAN: Images", "Why Graphs Matter", "Deep Learning: A Survey"]
    abstracts = ["We propose FooNet.", "Nothing named.", "We study graphs.", "We survey deep learning."]
    titles = ["FooNet: fast graph networks", "BarGAN: images", "why graphs matter", "a survey"]
    scores = title_scores(titles, real, abstracts)
    # FooNet is in its abstract and in our title; BarGAN is not in its abstract; "Deep Learning" is
    # 2 plain words (not a coined name) and "Why Graphs Matter" has no colon.
    assert scores["named"] == 1 and scores["name_recall"] == 1.0
    missed = title_scores(["fast graph networks"] + titles[1:], real, abstracts)
    assert missed["name_recall"] == 0.0
    expected = (rouge_l(titles[0], real[0]) + rouge_l(titles[1], real[1]) + 1.0 + rouge_l(titles[3], real[3])) / 4
    assert scores["rouge_l"] == pytest.approx(expected)
    with pytest.raises(ValueError):
        title_scores(titles, real[:2], abstracts)


def test_glued_words_from_pdf_extraction_do_not_hide_the_name() -> None:
    abstract = "Convolutions lag behind. To address this, wepropose ModernTCN, a pure convolution structure for time series."
    assert method_name(abstract) == "ModernTCN"
    assert method_name("As the outcome, we proposeModernTCN for time series analysis.") == "ModernTCN"


def test_name_with_bold_spelled_letters_is_found() -> None:
    abstract = ("Large models hallucinate. We find that this **D**ecoding by C**o**ntrasting **La**yers (DoLa) approach "
                "surfaces factual knowledge. DoLa improves truthfulness.")
    assert method_name(abstract) == "DoLa"
    assert infer_title(abstract).startswith("DoLa: Decoding by Contrasting Layers")


def test_acronym_spelled_by_inner_capitals_becomes_the_subtitle() -> None:
    abstract = ("Music is hard to model. We propose an acoustic Music undERstanding model with large-scale "
                "self-supervised Training (MERT), which uses teacher models.")
    assert infer_title(abstract).startswith("MERT: Music understanding model with large-scale self-supervised Training")


def test_project_named_only_in_its_code_link() -> None:
    abstract = ("We study higher-resolution image generation with pretrained diffusion models. "
                "Code: <https://github.com/someone/ScaleCrafter_main>.")
    assert method_name(abstract) == "ScaleCrafter"
    assert infer_title(abstract).startswith("ScaleCrafter: ")
    # A lower-case or generic repository is not a name.
    assert method_name("We study sampling. Code: <https://github.com/someone/code-release>.") is None


def test_latex_names_become_plain_text() -> None:
    title = infer_title("This paper introduces $\\pi$2vec, a method for representing black box policies as features.")
    assert title.startswith("π2vec: ")
    assert method_name("We propose a 3D Neural Additive Model for Interpretable Shape Representation "
                       "($\\texttt{NAISR}$) which describes shapes.") == "NAISR"


def test_two_word_bracketed_name_with_acronym() -> None:
    abstract = ("Alignment trades helpfulness for harmlessness. We propose Safe Reinforcement Learning from Human "
                "Feedback (Safe RLHF), a novel algorithm for human value alignment.")
    assert method_name(abstract) == "Safe RLHF"


def test_purpose_clause_is_written_as_a_gerund_and_anaphora_is_avoided() -> None:
    abstract = ("Out-of-distribution detection is hard. We tackle this problem. "
                "We propose to learn a set of negative prompts for each class.")
    title = infer_title(abstract)
    assert title.startswith("Learning a set of negative prompts for each class"), title


def test_title_names_the_field_from_the_first_sentence() -> None:
    abstract = ("Graph neural networks are widely used for molecules. "
                "We propose a message passing scheme with learned edge gates.")
    assert infer_title(abstract) == "Message passing scheme with learned edge gates for graph neural networks"
    # When the phrase already says where it applies, nothing is added.
    abstract2 = "Graph neural networks are popular. We propose a pooling layer for graph neural networks."
    assert infer_title(abstract2) == "Pooling layer for graph neural networks"


def test_title_scores_compares_latex_names_in_plain_form() -> None:
    real = ["$\\texttt{NAISR}$: Shape Models"]
    abstracts = ["We propose ($\\texttt{NAISR}$)."]
    assert title_scores(["NAISR: shape models"], real, abstracts)["name_recall"] == 1.0
    assert title_scores(["Shape models"], real, abstracts)["name_recall"] == 0.0


def test_by_products_are_not_the_contribution() -> None:
    abstract = ("Sparse attention is hard to train. We provide extensive experiments on five benchmarks. "
                "We propose a gated sparse attention layer for long documents.")
    assert infer_title(abstract) == "Gated sparse attention layer for long documents"


def test_without_a_contribution_sentence_the_opening_field_is_the_title() -> None:
    abstract = ("Federated graph learning is increasingly popular in hospitals. Clients differ a lot. "
                "Results on three datasets are reported.")
    assert infer_title(abstract) == "Federated graph learning"


def test_an_object_that_is_really_a_verb_phrase_is_skipped() -> None:
    abstract = ("Similarity measures are popular. Here, we introduce a novel tool to investigate these questions. "
                "We hope the tools we developed will be used by practitioners.")
    title = infer_title(abstract)
    # Neither the verb phrase ("the tools we developed will be used") nor its point-back ("these questions").
    assert "developed" not in title and "these" not in title, title


def test_explicit_naming_beats_the_acronym_that_modifies_the_object() -> None:
    # "a novel PET framework called X": PET describes the framework; X is what the paper introduces.
    abstract = ("Parameter-Efficient Tuning (PET) is popular. We propose a novel PET framework called "
                "Bidirectional Adapter Tuning (BiAT), which fuses vision and language. BiAT beats PET baselines.")
    assert method_name(abstract) == "BiAT"
    assert infer_title(abstract).startswith("BiAT: ")


def test_acronym_glued_to_a_modifier_is_not_the_name() -> None:
    abstract = ("We present a novel neural architecture search (NAS)-enabled algorithm that uses zero-cost proxies. "
                "Our method, namely LockNet, degrades transfer to target tasks.")
    assert method_name(abstract) == "LockNet"


def test_title_case_name_with_spelled_out_acronym_keeps_every_word() -> None:
    abstract = "Graph tasks differ. We propose One for All (OFA), the first general framework for graph classification."
    assert method_name(abstract) == "OFA"
    assert "One for All" in infer_title(abstract)


def test_multi_word_name_set_off_by_an_apposition() -> None:
    abstract = "In this work, we pioneer Semantic Flow, a neural semantic representation of dynamic scenes from videos."
    assert method_name(abstract) == "Semantic Flow"
    assert infer_title(abstract).startswith("Semantic Flow: ")
    # A Title Case field as the object, without an apposition, is not a name.
    assert method_name("We study Graph Neural Networks and their limits on long-range tasks.") is None


def test_emphasised_phrase_introduced_by_the_paper_is_its_name() -> None:
    abstract = ("Detectors can be poisoned. This paper proposes *Poisoned Forgery Face* framework, which enables "
                "clean-label backdoor attacks on face forgery detectors.")
    assert method_name(abstract) == "Poisoned Forgery Face"
    # The abstract never says what the framework does in a phrase, so the title names it and its field.
    assert infer_title(abstract) == "Poisoned Forgery Face for detectors"
    # Emphasis on a word that is not introduced ("*specialized* slots") names nothing.
    assert method_name("Slots fail to learn *specialized* roles. We study *Why* this happens.") is None


def test_name_closing_a_we_call_our_clause() -> None:
    abstract = ("We introduce a method to detect AI-generated content by rewriting. "
                "We dubbed our generative AI detection via rewriting method Raidar. Raidar improves F1 scores.")
    assert method_name(abstract) == "Raidar"
    assert infer_title(abstract).startswith("Raidar: ")


def test_lost_backslash_of_a_latex_command_is_dropped() -> None:
    abstract = "To address these issues, we propose **textitThought Propagation (TP)**, which explores analogous problems."
    title = infer_title(abstract)
    assert "Thought Propagation" in title and "textit" not in title.lower()


def test_name_used_as_subject_after_the_contribution_sentence_titles_the_paper() -> None:
    abstract = ("Large language models answer questions. To this end, we design a simple framework to enhance "
                "open-domain QA with LLMs, based on the summarized retrieval (SuRe). SuRe helps LLMs predict accurate "
                "answers. Specifically, SuRe first constructs summaries of the retrieved passages.")
    assert infer_title(abstract).startswith("SuRe: ")
    # Only used, never formally introduced: good enough for a title, too weak for cross-links.
    assert method_name(abstract) is None
    # A name that is the subject before the paper states its contribution belongs to earlier work.
    prior = ("DAgger queries an expert online. DAgger performs well in theory. In this paper, we propose to learn "
             "from interventions as rewards. DAgger collects corrections.")
    assert not infer_title(prior).startswith("DAgger")


def test_plural_noun_after_an_acronym_is_not_a_subject_use() -> None:
    abstract = ("In this paper, we study deep long-tailed recognition (DLTR). Mainstream DLTR methods are dominated "
                "by major classes. DLTR methods are also hard to tune, and DLTR benchmarks are small.")
    assert not infer_title(abstract).startswith("DLTR")


# Issue #14: an inferred title is a complete noun phrase, never a fragment a reader has to finish.
@pytest.mark.parametrize("phrase,reason", [
    ("Conditional diffusion-based framework designed", "ends on"),
    ("Minimizing smooth objectives through the use", "ends on"),
    ("Training vision-language models without", "ends on"),
    ("Sparse Transformer that addresses these challenges", "points back"),
    ("These limitations with climate models", "opens with"),
    ("It has long been hypothesised that causal reasoning matters", "opens with"),
    ("Sampling methods can be sub-optimal", "a clause"),
    ("Explanation method significantly improves fidelity", "a clause"),
])
def test_fragment_rules_name_what_is_wrong(phrase: str, reason: str) -> None:
    assert (problem(phrase) or "").startswith(reason)


@pytest.mark.parametrize("phrase,repaired", [
    ("Conditional diffusion-based framework designed", "Conditional diffusion-based framework"),
    ("Minimizing smooth objectives through the use", "Minimizing smooth objectives"),
    ("Sparse Transformer that addresses these challenges", "Sparse Transformer"),
    ("Experimental and theoretical results guaranteeing the emergence", "Experimental and theoretical results"),
    ("Achieving this goal", ""),  # nothing is left once the pointer goes: the caller takes its next candidate
])
def test_fragments_are_cut_back_to_a_whole_noun_phrase(phrase: str, repaired: str) -> None:
    assert repair(phrase) == repaired


def test_a_point_back_contribution_gives_way_to_the_next_candidate() -> None:
    abstract = ("Contrastive learning needs many negatives. We achieve this goal with little memory. "
                "We propose a memory-efficient negative sampling scheme for contrastive learning.")
    title = infer_title(abstract)
    assert problem(title) is None and "this" not in title.lower(), title
    assert "negative sampling" in title


def test_pronoun_and_subordinator_openings_are_avoided() -> None:
    abstract = ("It has long been hypothesised that reasoning needs structure. While models are large, they fail. "
                "We introduce a structured reasoning benchmark for language models.")
    title = infer_title(abstract)
    assert problem(title) is None, title
    assert title.split()[0].lower() not in {"it", "while", "we", "they"}, title


def test_a_name_never_gets_the_bare_field_as_its_description() -> None:
    abstract = ("Neural networks are everywhere. We propose ZetaNet, which is trained on images. "
                "ZetaNet is fast. ZetaNet is small.")
    title = infer_title(abstract)
    assert title != "ZetaNet: Neural networks", title
    assert title.startswith("ZetaNet")


def test_a_common_word_glued_to_a_capital_is_a_lost_space_not_a_name() -> None:
    abstract = ("We study robust memorization by neural networks. We construct networks withO(N log n) parameters "
                "for optimal robust memorization, and show that networks withO(N) parameters cannot exist.")
    assert not infer_title(abstract).startswith("withO")
    assert method_name(abstract) != "withO"


def test_a_suspended_hyphen_stays_in_a_title() -> None:
    abstract = ("Through mathematical derivations under low- and high- dimensional asymptotics, we show that data "
                "selection can beat training on the full sample.")
    assert "lowand" not in infer_title(abstract)


@pytest.mark.parametrize("index", range(38))
def test_seed_titles_are_no_fragments(index: int) -> None:
    title = infer_title(SEEDS[index])
    assert problem(title.split(": ", 1)[-1]) is None, title


def test_a_given_title_with_latex_is_math_in_headings_and_plain_text_everywhere_else(tmp_path) -> None:
    import csv
    import io

    from generator.search import search
    from tests.conftest import records_project, run_cli

    title = r"$\texttt{NAISR}$: A 3D Neural Additive Model for Interpretable Shapes"
    abstract = ("We propose a neural additive model that deforms a shape atlas by covariates, for scientific shape "
                "discovery on medical images and simulated shapes.")
    other = {"title": "Shape atlases for medical images", "abstract": "Shape atlases deform by covariates " + abstract}
    root = records_project(tmp_path / "project", [{"id": "n1", "title": title, "abstract": abstract,
                                                   "authors": ["Yining Jiao"], "year": 2024}, other])
    assert run_cli("build", "-q", "--project", str(root)).returncode == 0
    slug = next(p.stem for p in (root / "site_src" / "papers").glob("*.md") if p.stem.startswith("naisr-a-3d-"))
    page = (root / "site_src" / "papers" / f"{slug}.md").read_text(encoding="utf-8")
    assert f"# {title}\n" in page  # math in the heading, rendered by arithmatex and KaTeX
    html = (root / "site" / "papers" / slug / "index.html").read_text(encoding="utf-8")
    assert '<span class="arithmatex">\\(\\texttt{NAISR}\\)</span>: A 3D' in html
    assert "<title>NAISR: A 3D Neural Additive Model for Interpretable Shapes" in html
    assert 'name="citation_title" content="NAISR: A 3D Neural Additive Model for Interpretable Shapes"' in html
    bib = (root / "site_src" / "exports" / "papers.bib").read_text(encoding="utf-8")
    assert "{jiao2024naisr_" in bib  # an ASCII key from the plain title
    assert "title = {NAISR: A 3D Neural Additive Model for Interpretable Shapes}" in bib
    rows = list(csv.DictReader(io.StringIO((root / "site_src" / "exports" / "papers.csv").read_text(encoding="utf-8"))))
    assert "NAISR: A 3D Neural Additive Model for Interpretable Shapes" in [r["title"] for r in rows]
    listing = (root / "site_src" / "papers" / "index.md").read_text(encoding="utf-8")
    assert f"[{title}]({slug}.md)" in listing  # lists keep the math too
    span = '<span class="arithmatex">\\(\\texttt{NAISR}\\)</span>: A 3D'
    other_page = next((root / "site" / "papers").glob("shape-atlases-*/index.html")).read_text(encoding="utf-8")
    assert span in other_page.split('id="related-papers"', 1)[1]  # a related list with math is not ready HTML
    tag_pages = [p.read_text(encoding="utf-8") for p in (root / "site" / "tags").glob("*/index.html")]
    assert any(f'{slug}/">{span}' in page for page in tag_pages)  # nor a tag's list of papers
    assert [hit.url for hit in search(root / "site", "NAISR")][:1] == [f"papers/{slug}/"]


# Issue #14, second pass: names a rejected phrase used to take with it, and the fragments a reader still saw.
@pytest.mark.parametrize(("abstract", "name"), [
    ("Climate prediction relies on numerical models. However, they neglect physics. We address these limitations with "
     "ClimODE, a spatiotemporal continuous-time process that implements advection. ClimODE beats baselines.", "ClimODE"),
    ("Speech conveys more information than text. In this work, we introduce PromptTTS 2 to address these challenges "
     "with a variation network. Experiments show PromptTTS 2 generates voices.", "PromptTTS 2"),
    ("Teachers' knowledge may not transfer. In this work, we propose a simple but effective method AuG-KD. It uses "
     "an anchor to align student-domain data.", "AuG-KD"),
    ("Regions matter for images. When integrated with MAE, our approach (R-MAE) demonstrates consistent improvements "
     "across detection benchmarks with regions.", "R-MAE"),
    ("Retrosynthesis plans fail in the lab. We then propose a novel greedy algorithm called retro-fallback which "
     "maximizes the probability that a plan can be executed. We show that retro-fallback finds more plans.",
     "Retro-fallback"),
])
def test_the_name_an_abstract_introduces_stays_in_its_title(abstract: str, name: str) -> None:
    title = infer_title(abstract)
    assert re.match(rf"{re.escape(name)}(?:$|:| for )", title), title


@pytest.mark.parametrize("phrase", [
    "Platonic Representation Hypothesis posits that behind different modalities",
    "Speech conveys more information than text",
    "Transformer-based language models, though not explicitly trained",
    "Sensitivity of CKA, angular Procrustes",
    "On the other hand",
    "In a distributed machine learning setting like federated learning",
    "Equivariance objective and theoretically prove that its minima force augmentations",
    "Teleportation not only speeds up optimization",
    "Practical threat model where the adversary",
    "For robotic agents",
])
def test_clauses_discourse_openings_and_cut_lists_are_fragments(phrase: str) -> None:
    assert problem(phrase), phrase


@pytest.mark.parametrize("phrase", [
    "Diffusion model that learns the internal patch distribution",  # a relative clause inside a noun phrase
    "Both stream-based and pool-based active learning with neural network approximations",
    "Extensive study of the unintended side-effects of persona assignment",
    "Comparison of KANs and MLPs, with emphasis on a theoretical perspective",
])
def test_noun_phrases_with_relatives_coordination_or_asides_are_titles(phrase: str) -> None:
    assert problem(phrase) is None, problem(phrase)


def test_a_cut_list_is_repaired_to_its_first_item_and_a_subject_keeps_its_words() -> None:
    assert repair("Sensitivity of CKA, angular Procrustes") == "Sensitivity of CKA"
    assert repair("Offline RL conditioned on observation histories suffers from poor sample complexity") == \
        "Offline RL conditioned on observation histories"


def test_results_showing_something_are_titled_by_what_they_show() -> None:
    abstract = ("Disentangled representations serve as world models. We provide experimental and theoretical results "
                "guaranteeing the emergence of disentangled representations in agents that optimally solve "
                "multi-task evidence accumulation classification tasks, canonical in the neuroscience literature.")
    assert infer_title(abstract).startswith("Emergence of disentangled representations in agents")


def test_the_means_of_solving_an_issue_named_before_is_the_title() -> None:
    abstract = ("Learning a multi-valued mapping is hard. We address this fundamental issue by developing a generative "
                "learning approach for non-convex problems with multi-valued input-solution mappings.")
    title = infer_title(abstract)
    assert title.startswith("Generative learning approach") and "issue" not in title.lower(), title


def test_the_field_after_an_aside_is_the_subject_and_the_title_has_a_head() -> None:
    abstract = ("Transformer-based language models, though not explicitly trained to mimic brain recordings, have "
                "demonstrated surprising alignment with brain activity. To address this, we first investigate the "
                "brain alignment, i.e., measuring the degree of predictivity of neural visual activity.")
    assert infer_title(abstract) == "Brain alignment for transformer-based language models"


@pytest.mark.parametrize(("abstract", "title"), [
    # The acronym the field spells out is replaced by it, not repeated after it.
    ("Large language models (LLMs) are widely used. We propose a flexible protocol for dynamic evaluation of LLMs.", "Flexible protocol for dynamic evaluation of large language models"),
    # A second "for" becomes "in": "X for Y for Z" stammers.
    ("Federated learning (FL) is a popular paradigm. We propose a step size rule for SGD.", "Step size rule for SGD in federated learning"),
])
def test_the_field_is_added_once_and_reads_as_a_title(abstract: str, title: str) -> None:
    assert infer_title(abstract) == title


def test_an_everyday_word_is_never_the_field_a_title_is_for() -> None:
    abstract = ("Users want diverse outputs from generative models. We propose a quality-diversity search driven by "
                "feedback from language models over creative writing.")
    assert not infer_title(abstract).endswith("for users")


def test_a_purpose_is_titled_as_gerunds_and_an_acronym_with_a_digit_is_spelled_out() -> None:
    assert infer_title("Lipschitz continuity matters. In this paper, we aim to examine and characterise the Lipschitz "
                       "behaviour of neural networks.") == "Examining and characterising the Lipschitz behaviour of neural networks"
    title = infer_title("3D Gaussian Splatting (3DGS) has shown promising results for view synthesis. We propose a "
                        "robust HQGS that significantly enhances the 3DGS under various degradation scenarios.")
    assert title.startswith("HQGS: Enhancing the 3D Gaussian Splatting") or title.startswith("HQGS: Enhancing the 3D gaussian"), title
    assert not title.endswith("gaussian splatting") or "3DGS" not in title


@pytest.mark.parametrize("phrase", [
    "Useful to select a subsample of smaller size",
    "Into the intricate mechanisms of dropout",
    "Surprisingly, pre-training with simple synthetic data",
    "Empirical findings substantiate the ubiquitous presence",
    "LEGO bricks, which seamlessly integrate local-feature enrichment",
    "Integrating teleportation into a wide range",
])
def test_more_sentence_pieces_are_fragments(phrase: str) -> None:
    assert problem(phrase), phrase


def test_a_noun_that_needs_of_is_cut_with_its_determiner() -> None:
    assert repair("Integrating teleportation into a wide range") == "Integrating teleportation"


def test_nested_sentence_openings_are_stripped_before_the_last_resort_cut() -> None:
    from generator.infer.titles.fragments import strip_opening

    assert strip_opening("Recently, it has been shown that for offline deep reinforcement learning, pre-training "
                         "Decision Transformer helps") == "pre-training Decision Transformer helps"


def test_a_lower_case_short_form_the_paper_introduces_is_its_name_but_a_terms_is_not() -> None:
    abstract = ("Fairness tools rarely integrate with autodiff. We introduce a framework of fairness regularization terms "
                "(fairret) which quantify bias as modular objectives. A wide class of fairrets can be computed "
                "efficiently, and our fairret framework is released.")
    assert infer_title(abstract).lower().startswith("fairret:")
    term = ("Equivariant networks use tensor products of irreducible representations (irreps). Computing irreps is slow, "
            "and irreps dominate the cost. We propose to accelerate the tensor products with a Fourier basis.")
    assert not infer_title(term).lower().startswith("irreps")


def test_a_terms_short_form_before_a_head_is_no_name() -> None:
    abstract = ("Humans use gestures. In this paper, we have introduced 8 novel embodied question answering (EQA) tasks "
                "for multimodal expressions. We have developed a novel large-scale dataset, EQA-MX, with over 8 million "
                "samples. Models trained on EQA-MX improve.")
    assert infer_title(abstract).startswith("EQA-MX")


# Issue #14: new ways of making a title (purpose, key terms) — each rule through infer_title.


def test_a_names_long_form_takes_the_task_its_apposition_states() -> None:
    abstract = ("We propose Consistency-guided Prompt learning (CoPrompt), a new fine-tuning method for vision-language "
                "models. Our approach improves the generalization of large foundation models.")
    assert infer_title(abstract) == "CoPrompt: Consistency-guided Prompt learning for vision-language models"


@pytest.mark.parametrize("after", [
    "a new method for various purposes",  # a vague purpose
    "a new method for sets rather than for single examples",  # a comparison
    "a new method for the first time in this line of work on very large and noisy graphs",  # no task, too long
])
def test_a_vague_or_comparing_purpose_is_left_out(after: str) -> None:
    abstract = f"We propose Consistency-guided Prompt learning (CoPrompt), {after}. It works."
    assert infer_title(abstract) == "CoPrompt: Consistency-guided Prompt learning"


def test_the_term_the_abstract_repeats_says_where_when_the_opening_names_no_field() -> None:
    abstract = ("It remains unclear how to mix nodes. We propose a mixup method, iGraphMix, that mixes node features of graph "
                "neural networks. On node classification, iGraphMix improves graph neural networks (GNNs), and GNNs "
                "trained with iGraphMix generalize better.")
    title = infer_title(abstract)
    assert title == "iGraphMix: Mixup method for graph neural networks"
    assert_clean_title(title)


def test_a_repeated_acronym_counts_for_its_long_form_and_no_acronym_is_a_key_term() -> None:
    from generator.infer.titles.keyterms import key_term

    # "offline policy" is said twice, "reinforcement learning" once and then three times as "RL"; "LLM critics"
    # four times, but an acronym is counted through its long form only.
    text = ("We study reinforcement learning (RL). An offline policy is hard to learn; RL agents overfit, and RL "
            "benchmarks reward the offline policy that RL tuned. We fix it with LLM critics, LLM critics, LLM critics "
            "and LLM critics.")
    assert key_term(text) == "reinforcement learning"


def test_the_shared_start_of_several_names_is_no_key_term() -> None:
    """"Stochastic Gradient" opens three method names and is never said alone: it names none of them, so no title
    ends "for stochastic gradient"; a lowercase term said before different nouns ("link prediction tasks") stays."""
    from generator.infer.titles.keyterms import key_term

    text = ("Our chain covers Stochastic Gradient Langevin Dynamics, Stochastic Gradient Descent and Stochastic "
            "Gradient Boosting. We bound its distance to a diffusion.")
    assert key_term(text) == ""
    text = "We study link prediction tasks, link prediction benchmarks and link prediction models on graphs."
    assert key_term(text) == "link prediction"


def test_an_everyday_pair_is_no_key_term() -> None:
    from generator.infer.titles.keyterms import key_term

    assert key_term("The same time. At the same time, the same time is spent. Same time again.") == ""


def test_a_names_bare_long_form_takes_the_next_key_term_but_not_itself() -> None:
    abstract = ("Link prediction is a fundamental task. We introduce Neural Common Neighbor (NCN). NCN uses common "
                "neighbors for link prediction, and link prediction benchmarks show NCN beats other link prediction "
                "models.")
    assert infer_title(abstract) == "NCN: Neural Common Neighbor for link prediction"


def test_a_bare_field_takes_the_term_the_abstract_keeps_naming_in_it() -> None:
    abstract = ("Graph Neural Networks (GNNs) are neural models that leverage the dependency structure in graphs. "
                "A main challenge in studying GNN explainability is to provide fidelity measures. Existing fidelity "
                "measures fail under distribution shift, so robust fidelity measures are needed.")
    title = infer_title(abstract)
    assert title == "Fidelity measures for graph neural networks"
    assert_clean_title(title)


def test_a_name_never_gets_its_own_spelled_out_term_as_its_setting() -> None:
    abstract = ("Bayesian optimization (BO) is sample efficient. BO with constraints is hard, and we show BO "
                "can be made optimistic. Bayesian optimization with unknown constraints is then solved by BO.")
    assert "for bayesian optimization" not in infer_title(abstract).lower()


def test_the_opening_field_is_the_phrase_before_its_qualifier() -> None:
    abstract = ("In distributed deep learning with data parallelism, synchronizing gradients at each training step can "
                "cause a huge overhead. We propose a "
                "theory-grounded method, the Quadratic Synchronization Rule (QSR), which sets the period.")
    assert infer_title(abstract) == "QSR: Quadratic Synchronization Rule for distributed deep learning"


def test_to_apply_is_a_verb_not_an_adverb() -> None:
    abstract = ("Diffusion policies are slow. We propose to apply the consistency model as an efficient policy "
                "representation for offline settings.")
    assert infer_title(abstract).startswith("Applying the consistency model as an efficient policy representation")


def test_a_name_nothing_describes_is_spelled_out_where_the_abstract_defines_it() -> None:
    # A real ICLR 2024 abstract (id 194 of the dev corpus): its title was the bare "ILfO", then "ILfO: Imitation
    # Learning from Observation", the setting a background sentence defines; the mechanism it introduces is ADS.
    abstract = (
        "Humans often acquire new skills through observation and imitation. For robotic agents, learning from"
        " the plethora of unlabeled video demonstration data available on the Internet necessitates imitating"
        " the expert without access to its action, presenting a challenge known as Imitation Learning from "
        "Observation (ILfO). A common approach to tackle ILfO problems is to convert them into inverse "
        "reinforcement learning problems, utilizing a proxy reward computed from the agent's and the expert's"
        " observations. Nonetheless, we identify that tasks characterized by a progress dependency property "
        "pose significant challenges for such approaches; in these tasks, the agent needs to initially learn "
        "the expert's preceding behaviors before mastering the subsequent ones. Our investigation reveals "
        "that the main cause is that the reward signals assigned to later steps hinder the learning of "
        "initial behaviors. To address this challenge, we present a novel ILfO framework that enables the "
        "agent to master earlier behaviors before advancing to later ones. We introduce an Automatic Discount"
        " Scheduling (ADS) mechanism that adaptively alters the discount factor in reinforcement learning "
        "during the training phase, prioritizing earlier rewards initially and gradually engaging later "
        "rewards only when the earlier behaviors have been mastered. Our experiments, conducted on nine Meta-"
        "World tasks, demonstrate that our method significantly outperforms state-of-the-art methods across "
        "all tasks, including those that are unsolvable by them. Our code is available at https://il-"
        "ads.github.io."
    )
    assert infer_title(abstract) == "ADS: Automatic Discount Scheduling"


def test_a_setting_a_background_sentence_defines_is_no_name_when_it_only_modifies_what_is_introduced() -> None:
    """"Hierarchical Reinforcement Learning (HRL)" is written in capitals, as fields often are, by a sentence not in the
    authors' voice; "a novel three-layer HRL algorithm" is a kind of algorithm, not one named HRL. The title says what
    the algorithm does, past the aside between its verb and object."""
    abstract = ("Goal representation affects the performance of Hierarchical Reinforcement Learning (HRL) algorithms by "
                "decomposing the complex learning problem into easier subtasks. In this paper, we propose a novel "
                "three-layer HRL algorithm that introduces, at different levels of the hierarchy, both a spatial and a "
                "temporal goal abstraction. We provide a theoretical study of the regret bounds of the learned policies.")
    assert infer_title(abstract) == "Introducing both a spatial and a temporal goal abstraction"
    # Defined in the authors' own voice, the name is theirs.
    own = abstract.replace("Goal representation affects the performance of", "We introduce")
    assert infer_title(own).startswith("HRL")


def test_a_hyphenated_capitalised_word_is_no_acronym_in_a_key_term() -> None:
    from generator.infer.titles.keyterms import key_term

    text = ("Data-Free Knowledge Distillation (DFKD) methods have emerged. Models from DFKD degrade, and DFKD "
            "ignores the student domain.")
    assert key_term(text).lower() == "data-free knowledge distillation"


def test_the_words_that_announce_a_name_are_not_its_description() -> None:
    abstract = ("Dynamic graphs change over time. To address these issues, we propose a simple yet novel method called "
                "Frequency Enhanced Continuous-Time Dynamic Graph (FreeDyG) model for link prediction. FreeDyG is fast.")
    title = infer_title(abstract)
    assert title.startswith("FreeDyG: ") and "called" not in title, title


def test_a_spelled_out_name_between_the_name_and_its_apposition_is_skipped() -> None:
    abstract = ("We present ORCA, Orbit Relational Cell Atlas, a new cell foundation model designed to learn cell "
                "states from noisy single-cell recordings. It's a simple recipe that scales to millions of cells.")
    title = infer_title(abstract)
    assert title.startswith("ORCA: Cell foundation model designed to learn cell states"), title
    assert "It's" not in title


def test_a_title_case_name_whose_short_form_spells_other_words_is_the_name() -> None:
    abstract = ("Diffusion models are slow at high resolution. In this paper, we introduce Russian Doll Diffusion "
                "(MDM), an end-to-end framework for high-resolution image and video synthesis. It nests resolutions.")
    assert infer_title(abstract).startswith("Russian Doll Diffusion: End-to-end framework for high-resolution")


def test_a_pointer_before_a_field_term_becomes_the_and_the_authors_voice_goes() -> None:
    abstract = ("Training on licensed text limits coverage. We present KALE, a new language model that manages this "
                "risk-performance tradeoff during inference. KALE is evaluated on legal text.")
    assert infer_title(abstract) == "KALE: Language model that manages the risk-performance tradeoff during inference"
    unnamed = ("Sequence models learn in context. We propose a framework that enables us to analyze in-context "
               "learning dynamics of sequence models. Experiments follow.")
    title = infer_title(unnamed)
    assert " us " not in f" {title} " and "in-context learning dynamics" in title.lower(), title


def test_a_clause_cut_at_its_verb_or_purpose_is_repaired_not_kept() -> None:
    assert repair("Selective mixup fine-tuning technique for pre-trained models, to optimize") == \
        "Selective mixup fine-tuning technique for pre-trained models"
    assert problem("Shifting away from probability prediction and instead")
    assert problem("It's a simple")
    assert repair("bound for the linear MDP setting where the size") == "bound for the linear MDP setting"


def test_a_name_its_description_repeats_is_said_once() -> None:
    abstract = ("Machine learning models are often used to decide who receives a loan. In this work, we introduce a procedure called *recourse "
                "verification* to test if a model assigns fixed predictions. We propose a model-agnostic approach for "
                "verification with reachable sets.")
    title = infer_title(abstract)
    assert title.lower().count("recourse verification") == 1, title


def test_an_adverb_a_comma_clause_or_a_noun_needing_of_ends_no_title() -> None:
    assert repair("Series of models fine-tuned from LLaMA models using data samples automatically") == \
        "Series of models fine-tuned from LLaMA models using data samples"
    assert repair("Near-optimal deterministic algorithm, prove its robustness to strategic labeling") == \
        "Near-optimal deterministic algorithm"
    assert problem("Framework that elicits modularized code generation through a chain")
    assert not problem("Graph learning under heterophily")  # a noun in -ly is no adverb
    assert infer_title("Bilevel programs are hard. We propose generating higher-quality samples and implement an "
                       "iterative process for bilevel programs. It works.").count("implement ") == 0


def test_a_subject_with_its_verbs_is_a_clause_not_a_title() -> None:
    assert problem("Predictive objectives improve and stabilize learning")
    assert problem("Optimization-based trigger design framework informs effective backdoor attacks")
    assert not problem("Contrastive regularizer that models global and local label similarities")


def test_a_name_that_is_a_modifier_keeps_its_noun_and_a_formula_opens_no_title() -> None:
    abstract = ("Dueling bandits learn from preferences. We propose a new SupLinUCB-type algorithm that enjoys "
                "computational efficiency for dueling bandits. Experiments confirm it.")
    assert infer_title(abstract).startswith("SupLinUCB-type algorithm")
    assert problem("0 of leaving B_r")


def test_wherein_whose_and_a_purpose_after_a_comma_end_the_phrase() -> None:
    assert repair("NE paradigm whose embedding dimension goes exponentially high w.r.t.") == "NE paradigm"
    assert problem("Inconsistency problem wherein the preferences")
    assert problem("Comprising 9,262 three-dimensional computed tomography volumes")


def test_a_field_with_a_hyphenated_quantifier_is_a_field_and_a_size_word_ends_no_title() -> None:
    abstract = ("In few-shot recognition, a classifier that has been trained on one set of classes must adapt fast. "
                "However, adaptation is costly.")
    assert infer_title(abstract) == "Few-shot recognition"
    assert problem("Leveraging and selecting from vast")


def test_a_word_in_s_after_a_plural_and_before_a_preposition_is_a_verb() -> None:
    assert problem("LLM performance on graph reasoning tasks varies on three fundamental levels")
    assert not problem("Contrastive learning method oriented towards sets of topic vectors")


def test_resulting_opens_no_description_and_for_future_studies_is_cut() -> None:
    assert problem("Resulting method for autoregressive models")
    abstract = ("Generalization is hard to test. We introduce gCOG, a configurable benchmark with several multimodal "
                "generalization splits, for future studies. Models fail it.")
    assert "future studies" not in infer_title(abstract)


def test_a_bare_field_takes_a_term_the_abstract_names_twice() -> None:
    abstract = ("Gradient inversion attacks aim to reconstruct training data from gradients. Previous attacks assume "
                "hard label constraints. We lift hard label constraints with a closed-form label recovery.")
    assert infer_title(abstract).lower() == "hard label constraints for gradient inversion attacks"


def test_a_verb_of_the_authors_left_at_the_start_becomes_a_gerund() -> None:
    # "We propose and study a realistic ... setting": the contribution starts with "study a", an imperative
    # in a title; titles write it as a gerund.
    title = infer_title("We propose and study a realistic streaming setting where learners are granted a restricted "
                        "budget per time step. Previous methods perform poorly in this setting. Experiments on two "
                        "benchmarks confirm the analysis.")
    assert title == "Studying a realistic streaming setting"
    # A noun before a Latin "a" is no verb.
    assert not infer_title("We propose maximum a posteriori inference of Gaussian Cox processes for Bayesian "
                           "optimization. Experiments show gains.").startswith("Maximuming")


def test_a_name_termed_before_a_preposition_is_the_papers_name() -> None:
    title = infer_title("Long-tailed recognition suffers from conflicts between classes. We build a Pareto deep "
                        "long-tailed recognition method termed PLOT upon the proposed multi-objective framework. "
                        "Extensive evaluations show that our method improves mainstream pipelines.")
    assert title.startswith("PLOT: "), title


def test_a_function_word_glued_by_a_lost_space_is_set_apart_in_a_title() -> None:
    # PDF text loses spaces: "Theasymptotic analysis", "Impactof methodological details". A title shows the words;
    # a name with an inner capital ("InsTag") or a term that is no glue ("graphon") stays whole.
    assert infer_title("Impactof methodological details in activation patching is large. We study it carefully. "
                       "Results hold across models.").startswith("Impact of methodological details")
    assert "graphon" in infer_title("We propose signal sampling theory for a graph limit called the graphon. "
                                    "Experiments confirm the theory.")


def test_a_field_named_by_its_prior_methods_is_the_task() -> None:
    # "X methods aim to ...": the methods are prior work, the task is X; the title says the task.
    abstract = ("Audio-visual speech separation methods aim to integrate modalities to separate speech. In this paper, "
                "we present a novel network: Recurrent Time-Frequency Separation Network (RTFS-Net), which runs on "
                "time-frequency bins. It is small.")
    assert infer_title(abstract).endswith("for audio-visual speech separation"), infer_title(abstract)


def test_a_broad_field_ends_no_long_title_but_a_specific_one_does() -> None:
    broad = ("Neural networks are biased. We present a new approach to debiasing transformers by leveraging their "
             "inherent structure. Experiments follow.")
    assert infer_title(broad) == "Debiasing transformers by leveraging their inherent structure"
    specific = ("Diffusion models are slow. We present a new approach to distilling samplers by matching their "
                "trajectories. Experiments follow.")
    assert infer_title(specific).endswith("for diffusion models")


def test_a_verb_with_no_object_ends_no_title() -> None:
    assert problem("Fusing two or more transformer-based networks exploiting Optimal Transport to align")
    assert not problem("Learning to rank with partial labels and noisy queries")  # "learning to X" is a title
    assert infer_title("Fusion merges trained networks. This paper presents a systematic approach for fusing two or "
                       "more transformer-based networks exploiting Optimal Transport to (soft-)align the various "
                       "architectural components. It works.").endswith("Optimal Transport")


def test_a_clause_of_an_intransitive_verb_is_cut_to_its_subject() -> None:
    assert problem("Natural non-negative decomposition of mutual information emerges for diffusion models")
    assert repair("Natural non-negative decomposition of mutual information emerges for diffusion models") == \
        "Natural non-negative decomposition of mutual information"


def test_a_purpose_right_after_the_name_says_what_it_does_and_another_named_artifact_does_not() -> None:
    abstract = ("Reward models need labels. This paper presents a novel approach, namely SALMON, to align base "
                "language models with minimal human supervision. Applying our method to a base model, we developed an "
                "AI assistant named Dromedary-2. Dromedary-2 surpasses several systems.")
    title = infer_title(abstract)
    assert title == "SALMON: Aligning base language models with minimal human supervision", title


def test_a_name_set_after_the_kind_it_belongs_to_is_the_name() -> None:
    abstract = ("Episodic RL (ERL) explores in parameter space. However, ERL methods waste steps. In this work, we "
                "introduce a novel ERL algorithm, Temporally-Correlated Episodic RL (TCE), which uses step information. "
                "TCE matches recent ERL methods.")
    assert infer_title(abstract).startswith("TCE: Temporally-Correlated Episodic"), infer_title(abstract)
    assert method_name(abstract) == "TCE"


def test_a_hyphenated_title_case_name_after_named_and_a_comma_adverb_after_we() -> None:
    abstract = ("Policies transfer badly between robots. To solve this problem, we propose a method named *Meta-Evolve* "
                "that uses continuous robot evolution to transfer the policy. It is efficient.")
    assert infer_title(abstract).startswith("Meta-Evolve: "), infer_title(abstract)
    abstract = ("Adversarial training trades accuracy for robustness. We, therefore, propose CURE, a novel training "
                "framework that leverages a gradient prominence criterion. CURE works.")
    assert infer_title(abstract).startswith("CURE: "), infer_title(abstract)


def test_the_second_verb_of_a_we_sentence_states_the_contribution() -> None:
    abstract = ("Dynamic scenes are hard. To address these issues, we consider the spacetime as an entirety and "
                "propose to approximate the underlying spatio-temporal 4D volume of a dynamic scene by optimizing "
                "4D primitives. It renders fast.")
    title = infer_title(abstract)
    assert title.startswith("Approximating the underlying spatio-temporal 4D volume"), title


def test_a_colon_after_a_named_method_opens_its_long_form() -> None:
    abstract = ("Time series classifiers are black boxes. We propose a new framework called MILLET: Multiple Instance "
                "Learning for Locally Explainable Time series classification. MILLET is interpretable.")
    assert infer_title(abstract) == "MILLET: Multiple Instance Learning for Locally Explainable Time series classification"


def test_a_vague_closing_purpose_is_cut() -> None:
    abstract = ("We introduce AMAGO, an in-context Reinforcement Learning agent that uses sequence models to tackle the "
                "challenges. AMAGO is fast.")
    assert infer_title(abstract) == "AMAGO: In-context Reinforcement Learning agent that uses sequence models"
    specific = ("We introduce REValueD, an ensemble of critics to mitigate target variance. REValueD is fast.")
    assert infer_title(specific).endswith("for mitigating target variance")


def test_an_opening_participle_clause_is_no_title() -> None:
    abstract = ("Relying on prior knowledge accumulated from related tasks, meta-learning offers a powerful approach. "
                "Recent approaches use a family of prior densities. The resultant multi-block neural network "
                "generalizes well.")
    title = infer_title(abstract)
    assert not title.startswith("Relying"), title


def test_a_bare_few_words_get_the_term_the_abstract_keeps_naming() -> None:
    abstract = ("Imitation learning (IL) aims at producing agents that imitate behaviour. Yet existing approaches "
                "require many demonstrations. Here we show that models based on successor measures imitate "
                "any behaviour, and successor measures need no fine-tuning.")
    assert infer_title(abstract) == "Successor measures for imitation learning"


def test_gerunds_without_an_object_and_a_quoted_coined_term() -> None:
    assert problem("Leveraging and selecting")
    assert problem("On leveraging and selecting")
    abstract = ("This paper studies the sample-efficiency of learning in POMDPs. We propose an enhanced feedback model "
                "called \"multiple observations in hindsight\", where the learner may collect more observations. "
                "Learning under multiple observations in hindsight is possible.")
    assert infer_title(abstract).startswith("Multiple observations in hindsight"), infer_title(abstract)


def test_the_problem_of_a_gerund_is_the_gerund_and_praise_words_go() -> None:
    abstract = ("This paper studies the challenging problem of estimating causal effects from observational data. "
                "Confounders bias estimates.")
    assert infer_title(abstract).startswith("Estimating causal effects from observational data"), infer_title(abstract)
    abstract = ("Federated learning needs compression. In this paper, we revisit the seminal stochastic controlled "
                "averaging method by proposing an equivalent but more efficient form. It is fast.")
    assert not infer_title(abstract).lower().startswith("seminal")


def test_a_field_of_an_adjective_and_prior_methods_is_no_field() -> None:
    abstract = ("Neural methods have shown merit in combinatorial optimization. In this study, we introduce a vector "
                "bin packing variant called Class-Constrained Bin Packing Problem (CCBPP), with items of classes. "
                "CCBPP is hard.")
    assert not infer_title(abstract).endswith("neural methods"), infer_title(abstract)


def test_a_name_set_by_the_proposal_of_and_a_predicate_is_no_title() -> None:
    abstract = ("Continual learning forgets. We are thus highly motivated to combine the best of both worlds, through "
                "the proposal of Variance Reduced Meta-CL (VR-MCL) to achieve accurate Hessian approximation. "
                "VR-MCL outperforms other methods.")
    assert infer_title(abstract).startswith("VR-MCL: Variance Reduced Meta-CL"), infer_title(abstract)
    assert problem("Highly motivated to combine the best of both worlds")
    assert not problem("Provably robust conformal prediction")


def test_the_task_needs_its_of_and_an_era_is_no_field() -> None:
    assert repair("Harnessing the power of a text-to-image diffusion model for the task") == \
        "Harnessing the power of a text-to-image diffusion model"


def test_a_noun_of_quantity_needs_its_of_and_corresponding_points_back() -> None:
    assert problem("Foundation models, pre-trained on a large amount")
    assert problem("Simulation benchmark environments and the corresponding datasets")
    assert problem("Higher the kurtosis of a model's parameter distribution")


def test_a_capitalised_verb_spelling_the_name_opens_its_description() -> None:
    abstract = ("Foundation models, pre-trained on a large amount of data, generalise. Following this observation, we "
                "propose Zip which Zips up CLIP and SAM in a novel classification-first-then-discovery pipeline. "
                "Zip boosts SAM.")
    assert infer_title(abstract).startswith("Zip: Zipping up CLIP and SAM"), infer_title(abstract)


def test_a_long_phrase_is_not_cut_between_the_noun_and_its_of() -> None:
    abstract = ("Graphs are everywhere. We propose an effective information aggregation module designed to merge the "
                "representations of neighbouring nodes and edges across many layers of deep graph networks. It works.")
    title = infer_title(abstract)
    assert not title.endswith("the representations"), title


def test_a_long_form_too_long_for_the_title_is_cut_before_a_preposition_not_inside_a_name() -> None:
    abstract = ("Tuning is costly. To address this limitation, we propose a novel PET framework called Bi-directional "
                "Intertwined Vision Language Efficient Tuning for Referring Image Segmentation (BarLeRIa), which "
                "leverages adapters. BarLeRIa is fast.")
    assert infer_title(abstract) == "BarLeRIa: Bi-directional Intertwined Vision Language Efficient Tuning"


def test_and_with_an_authors_verb_continues_their_sentence_not_the_title() -> None:
    assert problem("Benchmark datasets and propose innovative evaluation metrics")
    assert repair("Benchmark datasets and propose innovative evaluation metrics") == "Benchmark datasets"
    assert problem("Data quality for code and find")
    assert not problem("Bridging the gap between the past and present")  # "present" is no verb here
    assert problem("Top-K techniques universally improve every tested method")
    assert not problem("Using continuous robot evolution to efficiently transfer the policy")


def test_a_modifier_name_keeps_a_plural_head() -> None:
    abstract = ("Sequential decision making is hard. In contrast to existing approaches for PSRs, our UCB-type "
                "algorithms enjoy computational tractability and guaranteed model accuracy.")
    assert infer_title(abstract).startswith("UCB-type algorithms"), infer_title(abstract)


def test_and_with_a_plain_verb_and_its_object_ends_the_phrase_before_it() -> None:
    abstract = ("Masked autoencoders have become popular training paradigms. In this paper, we show that the choice of "
                "the target is unnecessary. Driven by this observation, we propose a multi-stage masked distillation "
                "pipeline and use a randomly initialized model as the teacher, enabling us to train large models.")
    title = infer_title(abstract)
    assert title.startswith("Multi-stage masked distillation pipeline") and " and use " not in title, title
    # Two verbs of one purpose stay together.
    assert not problem("Method to understand and advance the transfer problem")


def test_a_manner_adverbial_is_no_titles_end() -> None:
    abstract = ("Graph Neural Networks (GNNs) are powerful representation learning tools. In particular, we study the "
                "message-passing operations of GNNs with random node input in a novel fashion, and show how they count.")
    title = infer_title(abstract)
    assert not title.endswith("fashion") and "random node input" in title, title


def test_a_comparative_before_the_verb_of_a_purpose_is_no_gerund() -> None:
    abstract = ("Guidance in conditional diffusion generation is important. Employing calibration as a guideline, we "
                "propose several pre-conditioning techniques to better exploit pretrained off-the-shelf classifiers for "
                "guiding diffusion generation. Experiments on ImageNet validate our method.")
    title = infer_title(abstract)
    assert not title.lower().startswith("bettering"), title
    assert title.startswith("Exploiting pretrained off-the-shelf classifiers"), title


def test_the_problem_of_gives_the_problems_name() -> None:
    abstract = ("We study the problem of residual error estimation for matrix and vector norms using a linear sketch. "
                "Such estimates are useful. We provide a tight bound on the size of bilinear sketches.")
    assert infer_title(abstract).startswith("Residual error estimation for matrix and vector norms"), infer_title(abstract)


def test_a_name_and_its_apposition_read_as_name_colon_description() -> None:
    abstract = ("A graph stream is a continuous flow of graph updates. In this work, we propose the Mayfly, the first "
                "neural data structure for summarizing graph streams. The Mayfly replaces handcrafted data structures.")
    assert infer_title(abstract) == "Mayfly: Neural data structure for summarizing graph streams"
    abstract = ("Pre-trained large language models are prompted for many tasks. To mitigate risk, we propose a "
                "lightweight framework, Prompt Risk Control, for selecting a prompt based on rigorous upper bounds.")
    assert infer_title(abstract).startswith("Prompt Risk Control: Lightweight framework for selecting a prompt")


def test_a_field_the_title_says_by_its_short_form_is_spelled_out_not_repeated() -> None:
    abstract = ("Out-of-distribution (OOD) generalization is critical for machine learning models. In this paper, we "
                "propose a novel framework HYPO (HYPerspherical OOD generalization) that provably learns "
                "domain-invariant representations in a hyperspherical space. HYPO works well.")
    title = infer_title(abstract)
    assert title.count("generalization") == 1 and "Out-of-distribution" in title, title
    # A short form the abstract does not define stays as it is.
    abstract = ("Reinforcement learning theory asks what is learnable. We propose SQIRL, an RL algorithm that "
                "learns with few samples. SQIRL is simple.")
    assert "reinforcement learning" in infer_title(abstract).lower() or "RL" in infer_title(abstract)


def test_a_field_wrapped_in_significance_of_or_techniques_like_is_the_field() -> None:
    abstract = ("Modern techniques like contrastive learning have been used in many areas. We propose AutoTCL, a "
                "parametric augmentation method that learns augmentations. AutoTCL improves accuracy.")
    title = infer_title(abstract)
    assert title.endswith(" for contrastive learning") and "like" not in title, title
    abstract = ("Given the size of modern neural networks, the significance of sparse architectures has surged. We "
                "propose a sparse weight averaging method with multiple particles. It works.")
    assert "significance" not in infer_title(abstract), infer_title(abstract)


def test_we_name_this_method_introduces_a_name() -> None:
    abstract = ("Text-to-3D generation has made progress. We re-evaluate the role of classifier-free guidance in score "
                "distillation. We name this method Classifier Score Distillation (CSD), which can be interpreted as "
                "an implicit classifier.")
    assert method_name(abstract) == "CSD"
    assert infer_title(abstract).startswith("CSD: Classifier Score Distillation"), infer_title(abstract)


def test_for_the_task_of_keeps_the_task_and_an_even_aside_is_cut() -> None:
    abstract = ("The generative AI revolution has expanded to videos. In this work, we present a framework that "
                "harnesses the power of a text-to-image diffusion model for the task of text-driven video editing.")
    assert infer_title(abstract).endswith("for text-driven video editing"), infer_title(abstract)
    abstract = ("Lip-to-speech involves generating speech from a silent video. In this work, we present LipVoicer, a "
                "novel method that generates high-quality speech, even for in-the-wild and rich datasets, by "
                "incorporating the text modality. LipVoicer works.")
    assert "even" not in infer_title(abstract), infer_title(abstract)


def test_as_a_proxy_needs_its_for() -> None:
    assert problem("Local graph clustering using noisy node labels as a proxy")
    assert repair("Local graph clustering using noisy node labels as a proxy") == "Local graph clustering using noisy node labels"


def test_a_repeated_term_a_process_is_done_via_joins_it_with_via() -> None:
    abstract = ("This paper investigates the fundamental regression task of learning k neurons from Gaussian input, "
                "using two-layer networks trained via gradient descent under proper initialization. Our analysis of "
                "gradient descent has three phases. We prove that gradient descent converges.")
    assert infer_title(abstract) == "Learning k neurons from Gaussian input via gradient descent", infer_title(abstract)


def test_a_clause_cut_before_its_verb_and_an_aside_opening_are_no_titles() -> None:
    assert problem("Optimizing the constraint that each object")
    assert problem("Exact predictions on how the grokking time")
    assert problem("Akin to human cognition")
    assert problem("Called slots or object files")
    assert not problem("Learning how to rank")
    assert not problem("Known lower bounds on the model size")
    abstract = ("Grokking is the phenomenon where a model generalizes long after it has fit the training data. We show "
                "that grokking can occur in linear networks. We present exact predictions on how the grokking time "
                "depends on input and output dimensionality. We provide empirical verification for these propositions.")
    assert "how the grokking time" not in infer_title(abstract), infer_title(abstract)


def test_a_subject_with_two_verbs_or_a_next_step_after_a_comma_is_a_clause() -> None:
    assert problem("Certified training methods compute and then optimize an upper bound")
    assert problem("DLNs transfer to ReLU networks, before conducting an extensive empirical study")
    assert not problem("Learning before acting in reinforcement learning")


def test_a_means_after_an_object_that_points_back_is_the_contribution() -> None:
    abstract = ("Training certifiably robust neural networks is becoming ever more relevant. To this end, certified "
                "training methods compute and then optimize an upper bound on the worst-case loss. In this work, we "
                "investigate these mechanisms by leveraging a novel metric measuring the tightness of IBP bounds. "
                "Finally, we show how these results on DLNs transfer to ReLU networks, before conducting a study.")
    assert infer_title(abstract).startswith("A metric measuring the tightness"), infer_title(abstract)
    # "this instability is overcome by clipping ...": a sentence's verb before "by", no object pointing back.
    abstract = ("Sparse activations are a promising avenue. We show that this instability is overcome by clipping the "
                "nonlinear activation magnitude, at a level prescribed by the variance map. Experiments verify it.")
    assert not infer_title(abstract).endswith("at a level"), infer_title(abstract)


def test_recent_advancements_name_no_field() -> None:
    abstract = ("Recent advancements have introduced machine learning frameworks to enhance branching policies. To "
                "address this challenge, we propose Contrastive Learning with Augmented MILPs for Branching (CAMBranch), "
                "a framework that generates Augmented MILPs. CAMBranch works.")
    assert not infer_title(abstract).endswith("advancements"), infer_title(abstract)


def test_a_relative_clause_cut_inside_its_object_is_dropped_whole() -> None:
    abstract = ("We introduce Würstchen, a novel architecture for text-to-image synthesis that combines competitive "
                "performance with unprecedented cost-effectiveness for large-scale text-to-image diffusion models. "
                "A key contribution is a compact semantic image representation.")
    assert infer_title(abstract) == "Würstchen: An architecture for text-to-image synthesis", infer_title(abstract)


def test_a_comma_between_two_modifiers_of_one_noun_does_not_end_the_title() -> None:
    # "high-quality, textured 3D mesh generation": the comma lists adjectives, it opens no participle clause.
    abstract = ("We present MeshLab9, a two-stage approach for high-quality, textured 3D mesh generation from a single "
                "image. In the first stage, we optimize a radiance field to produce a coarse geometry. Experiments on "
                "several benchmarks show clear gains over prior image-to-3D methods.")
    title = infer_title(abstract)
    assert "high-quality, textured 3D mesh generation" in title and not title_fragment(title), title


def test_the_commas_a_name_stood_between_do_not_stay_in_its_title() -> None:
    abstract = ("Existing methods need restrictive function classes. In this paper, we propose a new algorithm, named "
                "Zed-UCB, for federated bandit optimization with generic objective functions. We prove regret bounds "
                "and show gains on several tasks.")
    title = infer_title(abstract)
    assert title.startswith("Zed-UCB: An algorithm for federated bandit optimization"), title


def test_a_title_never_ends_on_a_word_waiting_for_its_preposition() -> None:
    # "exploration focusing [on ...]", "framework aiming [at ...]": the participle governs what was cut.
    for phrase in ("Systematic empirical exploration focusing", "Framework aiming", "Errors resulting"):
        assert problem(phrase) == f"ends on {phrase.split()[-1]!r}", phrase
        assert not repair(phrase).endswith(phrase.split()[-1]), repair(phrase)


def test_the_word_an_apposition_follows_does_not_stay_in_a_named_title() -> None:
    # The name comes from the code link; the abstract spells it with an unknown macro, which leaves a bare word.
    abstract = ("Estimating the carbon footprint of language models before training is hard. Existing tools ignore "
                "embodied emissions. We introduce \\textit{\\carb}, an end-to-end carbon footprint projection model "
                "designed for dense and sparse models. Compared to prior tools, it is more accurate. The source code is "
                "released at https://github.com/someone/ZedCarbon.")
    # The reader sees the normalised abstract's title; the macro is gone by then and only "carb" is left.
    assert infer_title(normalise_abstract(abstract)) == "ZedCarbon: End-to-end carbon footprint projection model"


def test_a_method_that_involves_something_keeps_its_head() -> None:
    # "method that involves utilizing X" says what the method holds; "Involving utilizing X" is no title.
    abstract = ("Node classification with graph transformers is hard when labels are scarce. To address this, we develop "
                "a curriculum-enhanced attention distillation method that involves utilizing a local teacher and a "
                "global student. Experiments on seven benchmarks show gains over prior approaches.")
    title = infer_title(abstract)
    assert title.startswith("Curriculum-enhanced attention distillation method"), title


def test_a_method_that_exhibits_a_property_is_not_titled_by_it() -> None:
    # "a method that exhibits X" says what the method has; "Exhibiting X" reads as a predicate lifted from a sentence.
    abstract = ("Generalizing to environments whose variables were never observed together is hard. We study this "
                "problem for prediction tasks. We leverage the residual distribution and propose a method that exhibits "
                "non-trivial out-of-variable generalization performance when facing distinct sets of causal predictors.")
    title = infer_title(abstract)
    assert not title.startswith("Exhibiting") and "out-of-variable generalization" in title, title


def test_what_this_paper_introduces_is_the_title_over_a_later_algorithm() -> None:
    # The paper's own statement of what it introduces comes first; "we develop an algorithm that extends X" is a means.
    abstract = ("Tail performance matters for recommender systems. This study introduces a safe collaborative filtering "
                "method that prioritizes recommendation quality for less-satisfied users. To scale it, we develop a "
                "practical algorithm that extends the most scalable method, implicit alternating least squares.")
    title = infer_title(abstract)
    assert "less-satisfied users" in title and "scalable" not in title, title


def test_an_acronym_in_quotes_after_its_long_form_names_the_method() -> None:
    # LaTeX's `VDP' (and 'VDP', "VDP") after the long form defines the name as "(VDP)" does; no quotes in the title.
    for quoted in ("`VDP'", "'VDP'", '"VDP"', "\u2018VDP\u2019"):
        abstract = ("Relighting and dehazing videos usually needs training data. In this paper, we propose a novel video "
                    f"decomposition prior {quoted} framework which derives inspiration from professional video editing "
                    "practices. Experiments show gains on several tasks.")
        title = infer_title(abstract)
        assert title.startswith("VDP: Video decomposition prior framework") and "'" not in title, (quoted, title)


def test_a_name_given_in_quotes_after_as_stays_the_papers_name() -> None:
    # "a strategy we refer to as "BP"" names the method; the later "(BPE)" of a part of it is no rival.
    for name in ("BatchPrompt", "BP"):
        abstract = ("Large language models waste tokens on instructions. This paper aims to alleviate this problem by "
                    "batching multiple data points in each prompt, a strategy we refer to as \u201c" + name + "\u201d. "
                    "We improve token utilization by increasing the density of data points. To address the quality "
                    "issue, we introduce Batch Permutation and Ensembling (BPE) for " + name + ", a simple majority "
                    "vote over repeated permutations.")
        assert infer_title(abstract).startswith(f"{name}: Batching multiple data points"), name


def test_the_field_is_the_subject_not_the_participle_aside_after_it() -> None:
    abstract = ("The family of probabilistic values, axiomatically-grounded in cooperative game theory, has recently "
                "received much attention in data valuation. Computing them exactly is expensive. We propose a Generic "
                "Estimator based on Least Squares (GELS) that costs fewer utility evaluations. Experiments confirm it.")
    title = infer_title(abstract)
    assert "axiomatically-grounded" not in title and not title_fragment(title), title


def test_a_title_never_ends_on_the_first_of_two_things_between() -> None:
    # "the relationship between weight sparsity[, number of non-zero parameters, and ...]": half a pair.
    assert problem("Scaling law describing the relationship between weight sparsity") == "a list cut short"
    assert problem("Trade-off between accuracy and robustness") is None
    assert problem("Knowledge transfer between tasks") is None  # a plural: between many
    assert problem("Making precise the intuitive idea") is not None  # the idea [that ...]


def test_a_name_many_other_abstracts_use_is_a_term_not_the_papers_method() -> None:
    # "a novel VQA benchmark": VQA is the field's term (three other abstracts use it), not this paper's name.
    intro = ("Vision-language models are evaluated on closed benchmarks. We propose a novel VQA benchmark based on "
             "well-known visual classification datasets, which allows a granular evaluation of open-ended answers. "
             "Experiments with several models show where they fail.")
    others = [f"Visual question answering (VQA) is a core task. We study {w} in VQA and report results on standard sets."
              for w in ("bias", "robustness", "calibration")]
    title, named = title_and_name(intro)
    assert named == method_name(intro) == "VQA"  # alone, nothing tells it from a name
    common = common_names([named], [intro, *others])
    assert common == {"VQA"}
    assert method_name(intro, common) is None
    assert infer_title(intro, common).startswith("VQA benchmark based on well-known visual classification datasets")
    # One other abstract using a name is a comparison with it, no sign of a term.
    assert common_names([named], [intro, others[0]]) == frozenset()


def test_the_built_site_does_not_name_a_paper_by_its_fields_term(tmp_path: Path) -> None:
    intro = ("Vision-language models are evaluated on closed benchmarks. We propose a novel VQA benchmark based on "
             "well-known visual classification datasets, which allows a granular evaluation of open-ended answers. "
             "Experiments with several models show where they fail.")
    others = [f"Visual question answering (VQA) is a core task for multimodal models. We study {w} in VQA and report "
              f"results on three standard sets." for w in ("bias", "robustness", "calibration")]
    root = records_project(tmp_path / "project", [{"abstract": a} for a in (intro, *others)])
    result = run_cli("generate", "-q", "--project", str(root))
    assert result.returncode == 0, result.stderr
    papers = json.loads((root / "site_src" / "papers.json").read_text(encoding="utf-8"))
    titles = [p["title"] for p in papers]
    assert any(t.startswith("VQA benchmark based on") for t in titles), titles
    assert not any(t.startswith(("VQA:", "VQA for")) for t in titles), titles


def test_a_relative_clause_cut_before_its_verb_is_a_fragment() -> None:
    # "a variational approach that by design [seeks to approximate ...]": the clause lost its verb.
    assert problem("Variational approach that by design") is not None
    assert repair("Variational approach that by design") == "Variational approach"
    assert problem("Graph networks that scale to millions of nodes") is None


def test_a_name_the_abstract_writes_capitalised_keeps_its_capital_in_the_title() -> None:
    # The title joins two phrases of the abstract, lower-casing the second; "Markov" is a name all the same.
    abstract = ("Each Markov chain step requires computing a matrix inversion, which is slow. We show how to avoid the "
                "matrix inversion in every Markov chain step with a sketch. Experiments confirm a tenfold speed-up.")
    assert infer_title(abstract) == "Matrix inversion for Markov chain step"
    # Nothing else is capitalised: "Each" and "Experiments" open sentences, they are no names.


def test_clauses_predicates_and_an_enumerations_remains_are_fragments() -> None:
    for phrase in ("FM-based MoIs improve open-ended learning by focusing on tasks",  # a plural subject and its verb
                   "Test risk of RF regression decreases for larger models",
                   "Diffusion model able to perform fast for generating 3D scenes",  # how well, not what
                   "Satisfying all of--(iii) through a sequence of rewiring operations",  # items (i)-(iii) cut out
                   "Bisimulation loss that captures the extent"):  # the extent [of ...]
        assert problem(phrase) is not None, phrase
    for phrase in ("Transformer able to infer ordinary differential equation systems", "Learning to improve reasoning",
                   "Methods to reduce bias in retrieval"):
        assert problem(phrase) is None, phrase


def test_abstracts_repeating_one_sentence_do_not_make_a_name_a_term() -> None:
    # A reprinted or recombined sentence is one voice: the paper's own name stays its name.
    intro = "We propose ZedNet, a sparse graph encoder. ZedNet is fast. Experiments confirm ZedNet's gains."
    copies = [f"Unrelated study {w} of proteins. We propose ZedNet, a sparse graph encoder."
              for w in ("one", "two", "three")]
    assert common_names(["ZedNet"], [intro, *copies]) == frozenset()


def test_an_indirect_question_without_its_verb_is_a_fragment() -> None:
    assert problem("Plausibility Evaluation of Context Reliance for establishing whether language models") is not None
    assert problem("Testing whether models generalize") is None
    assert problem("Learning how to rank") is None


def test_the_papers_own_work_is_no_description_of_its_method() -> None:
    abstract = ("Off-policy reinforcement learning often diverges without Bellman completeness. We show that "
                "return-conditioned supervised learning (RCSL) avoids this. We propose a simple framework called ZedRCSL, granting RCSL "
                "methods the ability to stitch trajectories. We propose both theoretical analysis and experimental "
                "evaluation to back these claims.")
    title = infer_title(abstract)
    assert title.startswith("ZedRCSL") and "analysis" not in title and "evaluation" not in title, title
    assert not title_fragment(title), title


def test_a_candidate_that_cites_other_work_is_no_title() -> None:
    # No real title reads "Proof of Smith et al., 2018 to ...": the citation is the abstract's, not the paper's name.
    abstract = ("Wide neural networks converge to Gaussian processes at initialisation. In this paper, we extend the "
                "seminal proof of Smith et al., 2018 to a larger class of initial weight distributions (which we call "
                "quasi-iid). We show that convolutional networks initialised with quasi-iid distributions are equivalent "
                "up to their variance.")
    title = infer_title(abstract)
    assert "et al" not in title and "2018" not in title, title
    assert problem("Proof of Smith et al., 2018 to a larger class of weights") is not None
    assert problem("Extension of Smith and Lee (2020) to sparse weights") is not None
    assert problem("Kaggle 2020 benchmark for tabular learning") is None


def test_a_term_an_earlier_sentence_defines_is_no_name_of_what_is_introduced() -> None:
    # "Bayesian optimization (BO)" is the field's term; "a novel constrained BO algorithm" is an algorithm of it.
    abstract = ("Many efforts have been dedicated to constrained Bayesian optimization (BO), yet no principled approach "
                "has a guarantee in the decoupled setting. This paper presents a novel constrained BO algorithm with a "
                "provable performance guarantee for the decoupled setting. Experiments on synthetic problems confirm it.")
    title = infer_title(abstract)
    assert not title.startswith("BO:") and "BO algorithm with a provable performance guarantee" in title, title
    # The paper's own name, spelled out where it is introduced, stays its name.
    own = ("Exploration is hard for transformers. We present In-context Exploration-Exploitation (ICEE), an algorithm "
           "that trades off exploration and exploitation at inference time. ICEE solves bandit tasks.")
    assert infer_title(own).startswith("ICEE"), infer_title(own)


def test_a_bare_kind_after_a_name_takes_what_its_clause_says_it_does() -> None:
    # "ZebraGen: Diffusion model" names a kind; the relative clause says what this one does.
    abstract = ("Novel view synthesis from one image is hard. In this paper, we present a novel diffusion model called "
                "ZebraGen that generates multiview-consistent images from a single-view image. ZebraGen outperforms "
                "prior work.")
    title = infer_title(abstract)
    assert title.startswith("ZebraGen: Diffusion model generating multiview-consistent images"), title


def test_a_list_of_heads_is_kept_whole_with_what_they_are_for() -> None:
    # "a framework, dataset, and challenge for X": cutting at ", and" left "framework, dataset", a list cut short.
    abstract = ("Ambiguity is often ignored when mapping language to formal representations. We address this by "
                "introducing ZedP, a framework, dataset, and challenge for translating ambiguous natural language to "
                "formal representations like logic and code. We find that large pre-trained models perform poorly "
                "at capturing the distribution of meanings. We release our data and code.")
    title = infer_title(abstract)
    assert title.startswith("ZedP: Framework, dataset, and challenge for translating ambiguous"), title


def test_a_head_that_names_no_artifact_gives_way_to_what_the_method_does() -> None:
    # "ZedDyn: Causal concept for spatio-temporal predictions" says only that the paper has a concept.
    abstract = ("Spatio-temporal prediction plays a pivotal role in earth sciences. However, sparse data lead to "
                "imbalances. Towards this end, we establish a causal concept for ST predictions, named ZedDyn, which "
                "targets to identify causal regions in data and endow model with causal reasoning ability in a "
                "two-stage process. Experiments on six benchmarks show gains.")
    title = infer_title(abstract)
    assert title.startswith("ZedDyn: Identifying causal regions in data"), title
    assert " endow " not in title, title


def test_a_numbers_comma_and_an_aside_between_dashes_cut_no_title() -> None:
    # "... attacks and 118" cut a number at its thousands comma; "NFGs—any permutation" cut a sentence-like aside.
    counted = ("While large language models are used in real-world applications, they remain vulnerable to prompt "
               "injection attacks. To help researchers study this problem, we present a dataset of over 563,000 prompt "
               "injection attacks and 118,000 prompt-based defenses against prompt injection, all created by players "
               "of an online game. The attacks have easily interpretable structure.")
    title = infer_title(counted)
    assert not re.search(r"\b118\b(?!,)", title) and not title_fragment(title), title
    dashed = ("Normal-form games (NFGs) are the fundamental model of strategic interaction. We study their "
              "representation using neural networks. We describe the inherent equivariance of NFGs—any permutation of "
              "strategies describes an equivalent game—as well as the challenges this poses for representation "
              "learning. Our experiments show the value of equivariance.")
    title = infer_title(dashed)
    assert "permutation" not in title and "—" not in title, title


def test_a_bare_field_title_gives_way_to_the_finding_the_abstract_states() -> None:
    # "Language models" alone names the field; what the paper shows about it is what it is about.
    abstract = ("Language models (LMs) can recall facts mentioned in context, as shown by their performance on reading "
                "comprehension tasks. When the context describes facts about more than one entity, the LM has to bind "
                "attributes to their entity. We show, via causal experiments, that LMs' internal activations represent "
                "binding information by exhibiting binding ID vectors at the entity positions. Our results demonstrate "
                "that LMs learn interpretable strategies.")
    assert infer_title(abstract) == "LMs' internal activations represent binding information"
    # A finding that points back, or holds a formula's remains, is no title.
    assert claim_problem("this approach can only be invariant") is not None
    assert claim_problem("Heavy-ball momentum can provide O accelerated convergence") is not None
    assert claim_problem("Rotation-equivariant networks can only be invariant") is None


def test_a_long_finding_is_cut_after_its_verb_before_its_circumstances() -> None:
    abstract = ("Imitation learning (IL) aims at producing agents that can imitate any behavior given a few expert "
                "demonstrations. Yet existing approaches require many demonstrations for each new imitation task. Here "
                "we show that recent RL foundation models based on successor measures can imitate any expert behavior "
                "almost instantly with just a few demonstrations and no need for RL or fine-tuning. In our experiments, "
                "imitation via RL foundation models matches offline IL algorithms.")
    assert infer_title(abstract) == "RL foundation models based on successor measures can imitate any expert behavior"
    assert problem("Foundation models can imitate any expert behavior almost") is not None


def test_a_name_written_right_after_the_words_it_abbreviates_names_the_paper() -> None:
    # No brackets: "a Cooperative Embodied Language Agent CoELA" defines the name as "(CoELA)" would.
    abstract = ("In this work, we address hard multi-robot cooperation problems with decentralized control and costly "
                "communication. We harness the reasoning ability of LLMs and incorporate it into a modular framework. "
                "Thus building a Cooperative Warehouse Robot Agent CoWRA, who can plan and communicate with others. "
                "Our experiments show that CoWRA surpasses planning-based methods.")
    assert infer_title(abstract) == "CoWRA: Cooperative Warehouse Robot Agent"
    # Capitals that are not the initials of the words before them name nothing.
    assert not infer_title("We study Large Graph Models LGX on many tasks. LGX is used twice here.").startswith("LGX:")


def test_an_aim_stated_before_the_authors_clause_is_the_title_when_nothing_is_announced() -> None:
    abstract = ("In the pursuit of reducing the number of trainable parameters in deep recurrent networks, we employ "
                "bandit algorithms to dynamically select layers during training and tie them together. This reduces "
                "the number of trainable parameters. Memory consumption during training is an order of magnitude less.")
    assert infer_title(abstract) == "Reducing the number of trainable parameters in deep recurrent networks"


def test_a_finding_after_proving_that_and_an_aside_is_the_title_cut_after_its_object() -> None:
    # "by proving that, surprisingly, X achieves the Y ...": the finding is the title; "Proving that, ..." cut at an
    # adverb is a sentence's piece, never a title.
    abstract = ("A central question of modern statistics is which estimators work best under distribution shift. "
                "The question remains open even for linear models. This paper settles the question by proving that, "
                "surprisingly, ordinary least squares purely using labelled data achieves the optimal rate for "
                "label shift under mild assumptions. Experiments on synthetic data agree with the theory.")
    assert infer_title(abstract) == "Ordinary least squares purely using labelled data achieves the optimal rate for label shift"
    assert problem("Proving that, surprisingly, ordinary least squares purely") is not None
    assert problem("Ordinary least squares estimates purely") is not None
    assert problem("Showing that small models") is not None


@pytest.mark.parametrize("abstract, start", [
    # "which first generates X": an adverb of order before the clause's verb.
    ("Optimizing the parameters of DPMs needs gradients through sampling. Naive backpropagation stores all states. "
     "To overcome this issue, we propose a novel method ZedDPM, which first generates new samples from diffusion "
     "models by solving the probability-flow ODEs. To reduce numerical errors, we further reparameterize the ODE.",
     "ZedDPM: Generating new samples from diffusion models"),
    # "our approach, ZedFormer, efficiently optimizes X and concurrently refines Y": the name as its verb's subject.
    ("Multiple agents must coordinate. Sharing information among all agents is costly. Utilizing continuous "
     "relaxation of the graph representation, our proposed approach, ZedFormer, efficiently optimizes the "
     "communication graph and concurrently refines architectural parameters through gradient descent. Experiments "
     "on cooperative tasks show robustness.",
     "ZedFormer: Optimizing the communication graph"),
    # "ZedSat, to date the largest ... model": an aside of time before the apposition.
    ("Diffusion models have achieved strong results on images. However, existing models do not support remote "
     "sensing data. In this paper, we present ZedSat, to date the largest generative foundation model for satellite "
     "imagery. Our method produces realistic samples.",
     "ZedSat: Generative foundation model for satellite imagery"),
])
def test_what_a_named_method_does_is_read_from_the_clause_around_its_name(abstract: str, start: str) -> None:
    title = infer_title(abstract)
    assert title.startswith(start) and " refines " not in title, title


@pytest.mark.parametrize("abstract, title", [
    # "Additional evidence for X": headed by what the paper offers in general, not what it found.
    ("Mechanistic interpretability aims to attribute high-level model behaviors to specific, interpretable learned "
     "features. It is hypothesized that these features manifest as directions or low-dimensional subspaces within "
     "activation space. In this work, we demonstrate that naive approaches to subspace interventions can give rise to "
     "interpretability illusions. We provide additional evidence for mechanistic interpretability.",
     "Naive approaches to subspace interventions can give rise to interpretability illusions"),
    # "Optimizing large language models": a verb and the field; the studies' finding is the paper's point.
    ("Optimizing large language models (LLMs) for downstream use cases often involves the customization of "
     "pre-trained LLMs through further fine-tuning. But what are the safety costs associated with such customized "
     "fine-tuning? Our red teaming studies find that the safety alignment of LLMs can be compromised by fine-tuning "
     "with only a few adversarially designed training examples. For instance, ten examples suffice.",
     "Safety alignment of LLMs can be compromised by fine-tuning"),
])
def test_a_title_headed_by_the_motive_or_only_the_field_gives_way_to_the_finding(abstract: str, title: str) -> None:
    assert infer_title(abstract) == title
    assert claim_problem("The same conclusion does not hold for deeper networks") is not None


@pytest.mark.parametrize("abstract, title", [
    # "we start by undertaking a derivation of X": what the paper did, where no "we propose" says it.
    ("Dropout is a widely utilized regularization technique in the training of neural networks, nevertheless, its "
     "underlying mechanism remains to be further understood. In this work, we start by undertaking a rigorous "
     "theoretical derivation of the stochastic modified equations, with the primary aim of providing an effective "
     "approximation of dropout. Meanwhile, we experimentally verify the approximation.",
     "Rigorous theoretical derivation of the stochastic modified equations for dropout"),
    # "Our primary contribution is the development of X with a sample complexity of O(...)": the formula's phrase goes.
    ("We resolve the open question regarding the sample complexity of policy learning for average reward MDPs. The "
     "existing literature provides a sample complexity upper bound of O(|S||A|t ε-2). Our primary contribution is the "
     "development of an estimator for the optimal policy of average reward MDPs with a sample complexity of "
     "O(|S||A|t ε-2). Additionally, we conduct numerical experiments.",
     "An estimator for the optimal policy of average reward MDPs"),
])
def test_what_the_paper_did_is_read_from_its_contribution_and_start(abstract: str, title: str) -> None:
    assert infer_title(abstract) == title


def test_in_terms_of_what_ends_the_phrase_is_kept() -> None:
    # "Comparing a set of image representations [in terms of their local geometries]": the cut left the vague half.
    abstract = ("Image representations are often compared in terms of their global geometric structure; however, "
                "representations with similar global structure can have different local geometries. Here, we propose a "
                "framework for comparing a set of image representations in terms of their local geometries. We "
                "quantify the local geometry using the Fisher information matrix.")
    assert infer_title(abstract).startswith("Comparing a set of image representations in terms of their local geometries")


def test_the_head_before_a_name_and_the_purpose_after_it_describe_it() -> None:
    # "we propose a framework, ZedBench, for evaluating X": not "ZedBench for large language models".
    abstract = ("Large Language Models (LLMs) have recently showcased remarkable capacities across diverse domains. This "
                "raises questions regarding personalities within LLMs. In this paper, we propose a framework, ZedBench, "
                "for evaluating diverse psychological aspects of LLMs. ZedBench classifies thirteen scales into four "
                "categories.")
    assert infer_title(abstract).startswith("ZedBench: A framework for evaluating diverse psychological aspects of")


def test_a_long_form_that_is_a_bare_kind_takes_what_its_clause_says_it_does() -> None:
    # "PSM: Pixel spread model for generative adversarial networks" named the prior work the abstract opens with.
    abstract = ("Generative adversarial networks (GANs) have made great success in image inpainting yet still have "
                "difficulties tackling large missing regions. To achieve high-quality results with low computational "
                "cost, we present a novel pixel spread model (PSM) that iteratively employs decoupled probabilistic "
                "modeling, combining the efficiency of GANs with the tractability of probabilistic models.")
    title = infer_title(abstract)
    assert title.startswith("PSM: Pixel spread model employing decoupled probabilistic modeling"), title


def test_a_comparison_cut_before_its_to_is_a_fragment() -> None:
    # "prompts equivalent in quality [to those handcrafted by experts]": what they equal was cut.
    assert problem("Discovering prompts equivalent in quality") is not None
    assert problem("Discovering prompts of expert quality") is None
    abstract = ("Expert-level prompts are pivotal to harnessing advanced LLMs. Discovering such prompts remains a "
                "challenge. To address this need, we introduce ZedAgent, which autonomously discovers prompts equivalent "
                "in quality to those handcrafted by experts. ZedAgent plans strategically.")
    assert "equivalent in quality" not in infer_title(abstract), infer_title(abstract)


def test_a_claim_of_size_before_the_kind_of_thing_made_is_no_part_of_its_title() -> None:
    # "DiffusionSat: Largest generative foundation model": the abstract's boast, not what the model is.
    abstract = ("Diffusion models have achieved state-of-the-art results on many modalities including images, speech, "
                "and video. However, existing models are not tailored to support remote sensing data. We present "
                "TerraGen, to date the largest generative foundation model trained on a collection of publicly "
                "available large, high-resolution remote sensing datasets. TerraGen generates realistic samples.")
    title = infer_title(abstract)
    assert title.startswith("TerraGen: Generative foundation model"), title
    # A superlative that is the concept itself stays: "the largest eigenvalue" names no kind of thing made.
    assert "largest eigenvalue" in infer_title(
        "Spectral methods are widely used. We propose SpecBound, a bound on the largest eigenvalue of sparse random "
        "graphs. SpecBound is tight. Experiments confirm SpecBound on many graphs.").lower()


@pytest.mark.parametrize("sentence, start", [
    # "LiDAR-PTQ: Effective post-training quantization method": praise of the kind, the abstract's selling.
    ("we propose QuantZ, an effective post-training quantization method for point clouds.",
     "QuantZ: Post-training quantization method"),
    ("we introduce TabZ, a straightforward yet effective method designed to process tables of any schema.",
     "TabZ: A method designed to process tables"),
    ("we present AILZ, a principled adversarial imitation learning algorithm via the framework of boosting.",
     "AILZ: Adversarial imitation learning algorithm"),
    ("we propose ZedSmart, a straightforward and effective baseline enhanced by an adaptive feature extractor.",
     "ZedSmart: Baseline enhanced by an adaptive feature extractor"),
])
def test_praise_of_the_kind_of_thing_made_is_no_part_of_its_title(sentence: str, start: str) -> None:
    abstract = f"Deep networks are widely deployed. However, existing approaches are costly. In this paper, {sentence} " \
               "Experiments on many benchmarks confirm the gains."
    title = infer_title(abstract)
    assert title.startswith(start), title
    # A quality that is the concept itself stays: "effective dimension" names no kind of thing made.
    assert "effective dimension" in infer_title(
        "Generalisation bounds are loose. We propose DimBound, a bound on the effective dimension of deep networks. "
        "DimBound is tight. Experiments confirm DimBound on many networks.").lower()


def test_a_count_of_parts_the_abstract_names_later_does_not_end_a_title() -> None:
    # "... can outperform Ridge in several circumstances", "... from scratch through three primary innovations".
    title = infer_title("Ridge regression is a standard tool. We show that cross-validated spectral regressors can "
                        "outperform ridge regression in several circumstances. Experiments on data confirm it.")
    assert title == "Cross-validated spectral regressors can outperform ridge regression", title


def test_a_field_whose_acronym_the_title_holds_is_spelled_out_there_not_added_again() -> None:
    # "Self-Training framework for SGG in scene graph generation models": the field twice, once as its acronym.
    abstract = ("Scene graph generation (SGG) models have suffered from inherent problems regarding the benchmark "
                "datasets such as the long-tailed predicate distribution and missing annotation problems. In this work, "
                "we aim to alleviate the long-tailed problem of SGG by utilizing unannotated triplets. To this end, we "
                "introduce a **Z**elf-**T**raining framework for **SGG** **(ZT-SGG)** that assigns pseudo-labels for "
                "unannotated triplets based on which the SGG models are trained. Our extensive experiments verify the "
                "effectiveness of ZT-SGG on various SGG models.")
    assert infer_title(abstract) == "ZT-SGG: Zelf-Training framework for scene graph generation"


@pytest.mark.parametrize("abstract, title", [
    # "Model-based approach to meta-RL for meta-reinforcement learning": the field twice, once as "meta-RL".
    ("Meta-reinforcement learning (meta-RL) is a promising framework for hard exploration. Existing meta-RL algorithms "
     "have low sample efficiency. In this work, we propose a new model-based approach to meta-RL, based on elements from "
     "existing methods. Experiments on meta-RL benchmarks confirm it.",
     "Model-based approach to meta-reinforcement learning"),
    # "translators guarantee correctness", "approaches guarantee correctness": said twice, but as a predicate.
    ("Maintaining legacy software requires many engineering hours. Existing program translators guarantee correctness, "
     "but are hand-engineered for each language. Learned transpilation offers an alternative to manual rewriting. "
     "Symbolic approaches guarantee correctness but struggle to scale to longer programs. Learned transpilation with "
     "language models is flexible.",
     "Learned transpilation for maintaining legacy software"),
    # "because data evolves", "when data evolves": said three times, but as a clause's subject and verb ("... for data
    # evolves" was the title); a score the paper makes is applied to the setting, not the reverse.
    ("Real-world deployment of machine learning models is challenging because data evolves over time. When data "
     "evolves at random nothing helps. This paper treats the case when data evolves slowly. We introduce a time-varying "
     "propensity score that can detect gradual shifts in the distribution of data, which lets us sample useful past "
     "data to update the model. The time-varying propensity score is general: it handles gradual shifts in vision and "
     "in control tasks.",
     "Time-varying propensity score for gradual shifts"),
    # "Deep Ensemble approach is a technique ...": the approach's name is the field, its head the kind of thing made.
    ("Deep Ensemble approach is a straightforward technique to improve neural networks by training them from "
     "different initial points. However, it needs many forward passes at inference. We propose a novel approach called "
     "Diffusion Bridge Network to address this challenge. It learns to simulate the ensemble.",
     "Diffusion Bridge Network for deep ensemble"),
    # "refutation framework", said three times, is what the paper makes, not where it applies.
    ("State-of-the-art methods for treatment effect estimation use low-dimensional representations. Such "
     "representations can lose information about confounders and lead to bias. In this paper, we propose a "
     "representation-agnostic refutation framework for estimating bounds on the representation-induced confounding "
     "bias. The refutation framework is tested on benchmarks, and the refutation framework is cheap.",
     "Estimating bounds on the representation-induced confounding bias"),
])
def test_a_titles_setting_is_a_term_said_once(abstract: str, title: str) -> None:
    """The field a title adds is not one its words already say as an acronym, nor a verb and its object, nor a clause's
    subject and verb."""
    assert infer_title(abstract) == title


def test_a_range_from_one_thing_to_another_is_not_cut_after_its_from() -> None:
    # "... establish the links from ansatz [to various symmetries]": half a range is a fragment.
    abstract = ("Variational quantum algorithms (VQAs) have emerged as popular approaches to obtain quantum advantage. "
                "In this paper, we revisit the Hamming Weight (HW) preserving ansatz and establish the links from ansatz "
                "to various symmetries and constraints, which both enlarges the usage of HW preserving ansatz and "
                "provides a coherent solution for constrained VQAs. Experiments confirm it.")
    title = infer_title(abstract)
    assert not title.endswith(("from ansatz", "from")), title
    assert "Hamming Weight preserving ansatz" in title, title


def test_an_opening_subject_that_gives_examples_of_a_kind_is_no_field_for_the_title() -> None:
    # "Advances like protein diffusion have marked progress ...": examples of advances, not where the method applies.
    abstract = ("Advances like protein diffusion have marked revolutionary progress in de novo protein design, a central "
                "topic in life science. These methods typically depend on protein structure encoders. In this work, we "
                "introduce the Vector Field Network (VFN), that enables network layers to perform learnable vector "
                "computations between coordinates of frame-anchored virtual atoms. VFN excels in protein design.")
    title = infer_title(abstract)
    assert title.startswith("VFN: Vector Field Network") and "like" not in title.split(), title


def test_a_compound_preposition_is_cut_with_its_to() -> None:
    # "... into textual summaries prior [to in-context integration]": "prior" alone is half of "prior to".
    abstract = ("Retrieval-augmented language models improve language models (LMs) by retrieving documents and "
                "prepending them in-context. However, these documents make inference substantially less efficient. We "
                "propose compressing the retrieved documents into textual summaries prior to in-context integration. "
                "This reduces the computational costs.")
    title = infer_title(abstract)
    assert title == "Compressing the retrieved documents into textual summaries", title


def test_what_a_paper_demonstrates_as_a_new_thing_is_its_contribution() -> None:
    # "we demonstrate a data-efficient attack that ...": the attack is what the paper made, not its opening's subject.
    abstract = ("The fluency and general applicability of large language models (LLMs) has motivated significant "
                "interest in detecting whether a piece of text was written by a language model. Other research has "
                "highlighted the fragility of these systems. In this paper, we demonstrate a data-efficient attack that "
                "fine-tunes language models to confuse existing detectors, leveraging recent developments in "
                "reinforcement learning of language models. Fine-tuning for under a day reduces the AUROC.")
    assert infer_title(abstract).startswith("Data-efficient attack that fine-tunes language models"), infer_title(abstract)


def test_a_bare_kind_takes_what_its_clause_says_it_can_do() -> None:
    # "Recurrent circuit model" alone names only a kind; "that can implicitly represent X" says which model.
    abstract = ("We have little understanding of how the brain represents structured priors. Here we construct a "
                "recurrent circuit model that can implicitly represent priors over latent variables, and combine them "
                "with sensory sources of information. We demonstrate that this architecture can sample from manifolds.")
    assert infer_title(abstract) == "Recurrent circuit model representing priors over latent variables", infer_title(abstract)


def test_the_effects_a_thing_has_on_another_are_titled_as_effects_of_it_on_the_other() -> None:
    # "we study the effects predictive auxiliary objectives have on representation learning": a contact clause.
    abstract = ("The ability to predict upcoming events is a key aspect of cognition. Here, we study the effects "
                "predictive auxiliary objectives have on representation learning across different modules of an RL "
                "system. We find that predictive objectives improve and stabilize learning.")
    assert infer_title(abstract).startswith("Effects of predictive auxiliary objectives on representation learning"), \
        infer_title(abstract)


def test_what_the_papers_results_clarify_is_its_subject() -> None:
    abstract = ("Momentum is known to accelerate the convergence of gradient descent in strongly convex settings. "
                "Previous theoretical analyses do not find momentum to offer any provable acceleration. Theoretical "
                "results in this paper clarify the role of momentum in stochastic settings where the learning rate is "
                "small and gradient noise is the dominant source of instability. Experiments confirm it.")
    assert infer_title(abstract) == "Role of momentum in stochastic settings", infer_title(abstract)


def test_an_opening_subject_headed_by_insights_or_progress_is_no_field_for_the_title() -> None:
    # "Latest insights from biology show that ...": what motivated the paper, not where its method applies.
    abstract = ("Latest insights from biology show that intelligence not only emerges from the connections between "
                "neurons, but that individual neurons shoulder more computational responsibility. In this work, we "
                "propose equipping popular algorithms with rational activations for deep reinforcement learning agents. "
                "Rational activations improve results on Atari games.")
    assert "insights" not in infer_title(abstract).lower(), infer_title(abstract)


def test_a_purpose_pointing_back_at_the_problem_ends_no_title() -> None:
    # "... faster algorithm formulation for the problem": which problem, the title cannot say.
    from generator.infer.titles.tidy import _tidy_end

    assert _tidy_end("Faster algorithm formulation for the problem") == "Faster algorithm formulation"
    assert _tidy_end("Sparse coding for the brain") == "Sparse coding for the brain"  # a definite thing, not a pointer


def test_what_a_paper_counts_is_not_what_its_method_is() -> None:
    """"We study eleven Code LLMs": the models the paper evaluated are no description of its framework."""
    text = ("Code Large Language Models (Code LLMs) are used widely. In this paper, we design a framework, IdentityChain, "
            "which evaluates the self-consistency of a model. We study eleven Code LLMs and show that they fail. "
            "IdentityChain exposes weaknesses of Code LLMs.")
    title, _ = title_and_name(text, frozenset())
    assert title.startswith("IdentityChain") and "eleven" not in title.lower(), title
    assert problem("Eleven Code LLMs") and problem("25,000 perturbed graphs") and problem("Several benchmarks")
    assert problem("Two-stage training for detection") is None and problem("Multiple instance learning") is None


def test_what_the_authors_introduce_after_explaining_something_is_the_contribution() -> None:
    """"we provide a theoretical explanation of X and introduce a three-step method": the method is the title's."""
    text = ("Multi-modal contrastive learning maps images and text to one space. In our study, we provide a theoretical "
            "explanation of this space's geometry and introduce a three-step method to bridge the modality gap. "
            "Experiments on captioning show gains.")
    title = infer_title(text)
    assert "explanation" not in title.lower() and "modality gap" in title, title  # "Bridging the modality gap"


def test_the_field_is_the_sibling_the_abstract_is_about() -> None:
    """An abstract that opens on image generative models and is about video ones: its title's field is the video's."""
    text = ("Image generative models have made significant progress. However, current video generative models struggle "
            "with short clips. To address this, we propose STREAM, a new video evaluation metric. STREAM helps video "
            "generative models improve.")
    title, _ = title_and_name(text, frozenset())
    assert title == "STREAM: Video evaluation metric for video generative models", title
    # A field the abstract stays with keeps its own name.
    assert "image generative models" in infer_title(
        "Image generative models have made progress. We propose a sampler that speeds up image generative models by 2x. "
        "Video generative models are left to future work.").lower()


def test_a_digit_in_a_short_form_spells_the_word_it_sounds_like() -> None:
    """"Recall to Imagine (R2I)": the 2 is "to", so the method the purpose presents is R2I, not the word "Recall"."""
    text = ("Current model-based reinforcement learning (MBRL) agents struggle with long-term dependencies. To improve "
            "temporal coherence, we integrate state space models in world models of MBRL agents to present a new method, "
            "Recall to Imagine (R2I). R2I establishes a new state of the art on memory tasks.")
    title, name = title_and_name(text, frozenset())
    assert name == "R2I", (title, name)
    assert title.startswith("R2I: Recall to Imagine"), title


def test_a_title_pointing_back_at_both_of_something_is_a_fragment() -> None:
    """"... of the suboptimal gap for both methods": which two only the abstract says; "both X and Y" names them."""
    assert problem("Asymptotic analysis of the suboptimal gap for both methods") is not None
    assert problem("Identifiability of latent variable models in both cases") is not None
    assert problem("Joint training of both encoders and decoders") is None


def test_a_relation_cut_from_its_between_is_a_fragment() -> None:
    """"for analyzing the interaction [between data and model]": the relation lost what it relates."""
    assert problem("Tool for empirically analyzing the interaction") is not None
    assert problem("Understanding the interplay") is not None
    # Repaired, the gerund that lost its object goes with it.
    assert repair("Tool for empirically analyzing the interaction") == "Tool"
    assert problem("Interaction of data and model through features") is None


def test_a_span_of_time_opening_the_abstract_is_no_field_for_the_title() -> None:
    """"The past decade has witnessed advances in X": a title is never "... for past decade"."""
    text = ("The past decade has witnessed significant advances in time series modeling with deep learning. In this paper, "
            "we propose a novel framework, TEMPO, that can effectively learn time series representations. TEMPO is fast.")
    title, _ = title_and_name(text, frozenset())
    assert "decade" not in title, title
    assert title.startswith("TEMPO: "), title


def test_the_comparative_only_the_abstract_explains_points_back() -> None:
    """"of the weaker LLM": which one is weaker only the abstract says; "the higher the X" or "X than Y" are no pointers."""
    assert problem('"answer consistency" of the weaker LLM as a signal') is not None
    assert problem("Weaker models as teachers of stronger ones") is None


def test_a_purpose_of_two_verbs_cut_before_their_object_is_a_fragment() -> None:
    """"... agents to efficiently interact and align [with embodied environments]": the verbs lost their object."""
    phrase = "Deploying LLMs as decision-making agents to efficiently interact and align"
    assert problem(phrase) is not None
    assert repair(phrase) == "Deploying LLMs as decision-making agents"
    # What is learnt ("how to explore and exploit", "learning to rank") is a complete title.
    assert problem("Agents that learn how to explore and exploit") is None
    assert problem("Learning to rank") is None


def test_a_name_the_authors_spell_out_is_titled_by_its_long_form() -> None:
    """A name found by its code link that the authors' own sentence spells out ("leads to regularization by denoising
    diffusion process (RED-diff)") is that long form, not another contribution; prior work's spelled-out name is not."""
    text = ("Diffusion models have emerged as a key prior for inverse problems. We show that our approach naturally leads to "
            "regularization by denoising diffusion process (RED-diff) where denoisers impose constraints. To gauge the "
            "contribution of denoisers, we propose a weighting mechanism based on signal-to-noise-ratio (SNR). The code is "
            "available at https://github.com/example/RED-diff.")
    title, name = title_and_name(text, frozenset())
    assert name == "RED-diff", name
    assert title == "RED-diff: Regularization by denoising diffusion process", title
    prior = ("The conventional method for training stateful policies is Backpropagation Through Time (BPTT), which is "
             "slow. We present a novel gradient estimator for stateful policies that avoids BPTT. Our BPTT-free estimator "
             "is fast. Code: https://github.com/example/BPTT.")
    title, _ = title_and_name(prior, frozenset())
    assert "Backpropagation Through Time" not in title, title


def test_a_subject_framed_as_the_standard_way_is_others_work() -> None:
    """"standard offline RL algorithms conditioned on X [suffer from ...]": the usual method is what the paper
    studies or beats, so a title naming it is the subject of a claim cut before its verb, not the contribution."""
    assert problem("Standard offline RL algorithms conditioned on observation histories") is not None
    assert problem("Vanilla transformers for long sequences") is not None
    text = ("Offline reinforcement learning (RL) can synthesize behaviour from suboptimal trials. Theoretically, we show "
            "that standard offline RL algorithms conditioned on observation histories suffer from poor sample complexity. "
            "We introduce a bisimulation loss that captures the extent to which this happens, and propose that offline "
            "RL can explicitly optimize this loss.")
    title, _ = title_and_name(text, frozenset())
    assert not title.lower().startswith("standard"), title


def test_the_authors_summary_titles_a_paper_whose_abstract_only_gives_its_field() -> None:
    """An abstract that yields only a bare field ("Generative learning approach for neural networks") is titled from
    the TL;DR the data gives, when that makes a complete title; without one, or with a vague one, nothing changes."""
    abstract = ("Neural networks are widely used. Many problems have several solutions for one input. We propose a "
                "generative learning approach for neural networks. Experiments show it works.")
    summary = "We learn the multi-valued input-solution mapping for non-convex optimization problems with a generative model."
    alone, _ = title_and_name(abstract, frozenset())
    with_summary, _ = title_and_name(abstract, frozenset(), summary)
    assert alone == "Generative learning approach for neural networks", alone
    assert "multi-valued input-solution mapping" in with_summary.lower(), with_summary
    # A summary that says no more (a bare field, or a sentence) leaves the abstract's title.
    assert title_and_name(abstract, frozenset(), "Neural networks.")[0] == alone
    named = "We propose GAMMA, a generative model for non-convex optimization. GAMMA is fast and GAMMA is accurate."
    assert title_and_name(named, frozenset(), summary)[0] == title_and_name(named, frozenset())[0]


def test_a_finding_an_instruction_or_a_cut_class_is_no_title() -> None:
    """A contraction's verb, "<adverb> that", an opening instruction and "a wide class" without its "of" are fragments;
    results on a benchmark say where the work was tried, not what it is about."""
    assert problem("Watermark doesn't affect output performance") is not None
    assert problem("Experimentally that LLMs trained on facts") is not None
    assert problem("Use Category Theory to provide a general harmonization tool") is not None
    assert problem("Use of category theory for dataset pooling") is None
    assert problem("Computing similarities to private data for a wide class") is not None
    assert problem("Classifiers for the minority class") is None
    text = ("We propose a pruning method where we aim to obtain optimal dataset coverage by assessing sample complexity; "
            "we report SotA results on the DataComp Medium benchmark and outperform regular OpenCLIP training on LAION.")
    title, _ = title_and_name(text, frozenset())
    assert title != "DataComp Medium benchmark", title


@pytest.mark.parametrize("summary, title", [
    # The summary's own title is a fragment ("We demonstrate experimentally that LLMs trained on facts"); its finding is not.
    ('We demonstrate experimentally that LLMs trained on facts in one direction ("A is B") do not generalize to the '
     'reverse direction ("B is A").',
     "LLMs trained on facts in one direction do not generalize to the reverse direction"),
    # A finding too long to state whole, about doing something: what is done.
    ("We show that automatically formalizing and verifying LLM generated quantitative reasoning solutions consistently "
     "outperforms vanilla majority voting.",
     "Automatically formalizing and verifying LLM generated quantitative reasoning solutions"),
])
def test_a_field_only_title_gives_way_to_the_finding_the_summary_states(summary: str, title: str) -> None:
    """"Large language models": where the abstract names only its field, the TL;DR's finding is the title."""
    abstract = ("Large language models (LLMs) are becoming increasingly capable of solving many problems. However, they "
                "still make errors in their reasoning steps and answers. This motivates further study of their "
                "behaviour on many tasks across many settings.")
    alone, _ = title_and_name(abstract, frozenset())
    assert alone.lower() == "large language models", alone
    assert title_and_name(abstract, frozenset(), summary)[0] == title
    # A title naming what the abstract coins ("the Zeta Curse") keeps it: the finding does not name it.
    named = ("We expose a failure of generalization in large language models. If a model is trained on a sentence of "
             "one form, it will not generalize to the reverse direction. This is the Zeta Curse. We provide evidence for "
             "the Zeta Curse by finetuning GPT-3 on fictitious statements. The Zeta Curse is robust across model sizes.")
    kept, _ = title_and_name(named, frozenset())
    finding = "We demonstrate experimentally that LLMs trained on facts in one direction do not generalize to the reverse."
    assert "Zeta Curse" in kept and title_and_name(named, frozenset(), finding)[0] == kept, kept


@pytest.mark.parametrize("summary, title", [
    # The abstract says only where the method is used ("ZedFlow for generative models"); the summary says what it is.
    ("Pre-training generative model for speech generation tasks.",
     "ZedFlow: Pre-training generative model for speech generation tasks"),
    # A list's numbers are no words of the description ("with 1) variation network").
    ("We propose ZedFlow to generate voices conditioned on the text description with 1) variation network to model "
     "voice details and 2) prompt generation pipeline.",
     "ZedFlow: Generating voices conditioned on the text description with variation network"),
    # A summary that only names the method, or whose title stops inside a noun phrase, leaves the abstract's title.
    ("ZedFlow is an open-source platform that simplifies machine learning applications.", "ZedFlow for generative models"),
    ("A new state-of-the-art unsupervised video object learning approach incorporating parallel U-Net attention, "
     "object-wise sequential VAE, and transformer-based decoding.", "ZedFlow for generative models"),
    # A summary reporting a study says what was found, not what the method is.
    ("We analyze advantage of return-conditioned supervised learning in near-deterministic environments.",
     "ZedFlow for generative models"),
])
def test_a_named_method_the_abstract_does_not_describe_takes_the_summarys_description(summary: str, title: str) -> None:
    abstract = ("Generative models have gained more and more attention in recent years for their remarkable success. In "
                "speech, text-to-speech synthesis and neural vocoder are good examples where generative models have "
                "shined. Specifically, we pre-trained a generative model, named ZedFlow, on 60k hours of untranscribed "
                "speech with masked conditions. Experiment results show the pre-trained model can be fine-tuned.")
    assert title_and_name(abstract, frozenset()) == ("ZedFlow for generative models", "ZedFlow")
    assert title_and_name(abstract, frozenset(), summary) == (title, "ZedFlow")


def test_the_build_titles_a_vague_abstract_from_its_tldr_field(tmp_path) -> None:
    """Through the build: a JSONL record's `tldr` gives the inferred title where its abstract only names the field,
    and the same abstract without a TL;DR keeps the abstract's title."""
    import json

    from generator.build import build_corpus
    from generator.project import Project
    from generator.runtime.progress import Progress

    from .conftest import copy_project

    root = copy_project(tmp_path / "project")
    for f in (root / "data").iterdir():
        f.unlink()
    abstract = ("Neural networks are widely used. Many problems have several solutions for one input. We propose a "
                "generative learning approach for neural networks. Experiments show it works.")
    summary = "We learn the multi-valued input-solution mapping for non-convex optimization problems with a generative model."
    other = ("Graph neural networks learn from relational data. We study how message passing over-smooths node features "
             "and propose a residual gating scheme that keeps them apart. Experiments on citation graphs confirm it.")
    records = [{"id": "a", "abstract": abstract, "tldr": summary}, {"id": "b", "abstract": abstract + " Again."},
               {"id": "c", "abstract": other}]
    (root / "data" / "papers.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    corpus = build_corpus(Project.at(root), Progress(quiet=True))
    by_id = {p.id: p for p in corpus.papers}
    assert "multi-valued input-solution mapping" in by_id["a"].title.lower(), by_id["a"].title
    assert "multi-valued" not in by_id["b"].title.lower(), by_id["b"].title


def test_an_inferred_titles_notice_names_the_tldr_when_the_paper_has_one(tmp_path) -> None:
    """A reader is told where an inferred title comes from: the abstract, and the TL;DR where the record has one."""
    import json

    from generator.build import generate
    from generator.project import Project
    from generator.runtime.progress import Progress

    from .conftest import copy_project

    root = copy_project(tmp_path / "project")
    for f in (root / "data").iterdir():
        f.unlink()
    records = [{"id": "a", "abstract": "Graph neural networks over-smooth node features. We propose a residual gating "
                "scheme that keeps them apart.", "tldr": "Residual gates stop over-smoothing in graph networks."},
               {"id": "b", "abstract": "Diffusion models are slow samplers. We propose a distilled one-step sampler "
                "that matches them."}]
    (root / "data" / "papers.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    corpus, files = generate(Project.at(root), Progress(quiet=True))
    pages = {p.id: files[f"papers/{p.slug}.md"] for p in corpus.papers}
    assert "Title inferred from the abstract and its TL;DR — the collection gives none." in pages["a"]
    assert "Title inferred from the abstract — the collection gives none." in pages["b"]


def test_a_recast_object_keeps_its_verb_and_a_prefixed_verb_after_and_its_gerund() -> None:
    """"we formulate X into Y": X alone is not what was made, "Formulating X into Y" is; "a method to train and
    fine-tune DNNs" is "Training and fine-tuning ...", not "Training and fine-tune"."""
    text = ("Automatic evaluation of machine translation is costly. In this work, we formulate the reference-free MT "
            "evaluation into a pairwise ranking problem. We train MT-Ranker on synthetic data. MT-Ranker is accurate.")
    title, _ = title_and_name(text, frozenset())
    assert "Formulating the reference-free MT evaluation into a pairwise ranking problem" in title, title
    text = ("Accumulators are a bottleneck of quantized networks. In this work, we present a simple method to train and "
            "fine-tune DNNs, to allow the use of cheaper accumulators with no loss in accuracy.")
    title, _ = title_and_name(text, frozenset())
    assert "fine-tune " not in title and "fine-tuning" in title, title


def test_a_name_the_abstract_never_describes_takes_the_summarys_description() -> None:
    """"EquiformerV2" alone says nothing; the TL;DR's "equivariant Transformer architecture" does. A summary
    that names another method, or opens with a verb's particle ("Up FlashAttention by 2x"), is not taken."""
    abstract = ("Equivariant Transformers such as Equiformer work well on 3D atomistic systems. Putting these all "
                "together, we propose EquiformerV2, which outperforms previous methods on OC20.")
    bare_title, name = title_and_name(abstract, frozenset())
    assert (bare_title, name) == ("EquiformerV2", "EquiformerV2")
    summary = "We propose a better equivariant Transformer architecture that leverages higher degrees of representations."
    title, _ = title_and_name(abstract, frozenset(), summary)
    # "a better X" compares with others' work the title does not name: the praise goes.
    assert title.startswith("EquiformerV2: Equivariant Transformer architecture"), title
    assert problem("Up FlashAttention by 2x to train language models") is not None
    other = "We propose GemNet-XL, a graph network for catalysts."
    assert title_and_name(abstract, frozenset(), other)[0] == "EquiformerV2"


def test_a_code_link_named_after_cited_work_names_no_method_of_the_paper() -> None:
    """"Applied to Phase Space Langevin Diffusion [Pandey & Mandt, 2023] ... github.com/lab/PSLD": the link holds the
    cited work's code; the paper's own title does not take its name. An uncited link name is still the paper's."""
    text = ("Diffusion models suffer from slow sample generation. We propose two complementary frameworks for "
            "accelerating sample generation in pre-trained models: conjugate integrators and splitting integrators. "
            "Applied to Phase Space Langevin Diffusion [Pandey & Mandt, 2023] on CIFAR-10, our samplers achieve an FID "
            "of 2.11. Our code is available at https://github.com/lab/PSLD")
    title, name = title_and_name(text, frozenset())
    assert name != "PSLD" and not title.startswith("PSLD"), title
    own = text.replace("Phase Space Langevin Diffusion [Pandey & Mandt, 2023]", "the augmented diffusion of prior work")
    assert title_and_name(own, frozenset())[1] == "PSLD"


def test_a_name_in_brackets_after_what_the_authors_developed_is_titled_by_it() -> None:
    """"we tackle X by developing a unified crystal representation that can represent any crystal (UniMat)": UniMat
    is that representation, not the "additional metrics" a later sentence proposes; prior work in brackets is not."""
    text = ("Generative models can generate novel materials. In this work, we tackle the scalability challenge by "
            "developing a unified crystal representation that can represent any crystal structure (UniMat), followed by "
            "training a diffusion model on these UniMat representations. We propose additional metrics for evaluating "
            "generative models of materials. Our results suggest that UniMat can generate high fidelity crystal "
            "structures. Lastly, conditional generation with UniMat can scale to millions of crystals.")
    title, name = title_and_name(text, frozenset())
    assert name == "UniMat" and title == "UniMat: Unified crystal representation", title
    prior = text.replace("developing a unified crystal representation", "adapting the recently-introduced crystal representation")
    assert "crystal representation" not in title_and_name(prior, frozenset())[0]


def test_prior_is_others_work_only_before_a_noun_of_work_and_resultant_points_back() -> None:
    """"Prior work on X" and "Prior to training" open no title, but "Prior representation model ..." is a Bayesian
    prior's model; "The resultant multi-block network" points back at the sentence before."""
    assert problem("Prior work on graph neural networks") is not None
    assert problem("Prior to training large models") is not None
    assert problem("Prior representation model that leverages the notion of algorithm unrolling") is None
    assert problem("Resultant multi-block neural network") is not None
    text = ("Relying on prior knowledge accumulated from related tasks, meta-learning offers a powerful approach to "
            "learning a novel task from few data. Aiming at expressive yet meaningful priors, this contribution puts "
            "forth a novel prior representation model that leverages the notion of algorithm unrolling. The resultant "
            "multi-block neural network broadens the scope of learnable priors.")
    title, _ = title_and_name(text, frozenset())
    assert title.startswith("Prior representation model"), title


def test_an_apposition_in_the_opening_subject_describes_the_field_it_follows() -> None:
    """"Image-Text Matching (ITM) task, a fundamental vision-language (VL) task, suffers from X": the field is image-text
    matching; "a fundamental vision-language task" is what the authors say of it."""
    text = ("Image-Text Matching (ITM) task, a fundamental vision-language (VL) task, suffers from the inherent ambiguity "
            "of multiplicity. To overcome the issues, this paper presents an improved Probabilistic Cross-Modal "
            "Embeddings (named PCME++) by introducing a new probabilistic distance. PCME++ is robust and PCME++ is fast.")
    title, _ = title_and_name(text, frozenset())
    assert "fundamental" not in title and "matching" in title.lower(), title


def test_two_words_glued_by_a_lost_space_are_set_apart_and_a_prefixed_word_is_not() -> None:
    """"conceptualframework" is two words a PDF glued; "hypergradient" and "explainability" are one word each."""
    text = ("Learning features from data is a defining trait of deep learning. Based on these observations, we propose "
            "a conceptualframework for feature learning. Under this framework, the accuracy can be derived.")
    assert infer_title(text).startswith("Conceptual framework"), infer_title(text)
    for word in ("hypergradient", "explainability", "multiregion"):
        kept = infer_title(f"We propose a {word} method for ranking documents. The {word} method is fast. "
                           "Experiments on ranking benchmarks confirm it.")
        assert word in kept.lower(), kept


def test_a_method_that_has_something_is_no_having_title() -> None:
    """"a generalized attack framework that has the flexibility to model ..." is that framework, not "Having the
    flexibility"."""
    text = ("Most existing works focus on direct perturbations to the victim's state. In this paper, we consider a "
            "multi-agent setting where a victim agent is exploited by an attacker with an adversarial policy. We "
            "introduce a generalized attack framework that has the flexibility to model to what extent the adversary "
            "is able to control the agent. Adversarial policies are stealthier with it, and adversarial policies "
            "can be defended against.")
    title = infer_title(text)
    assert not title.lower().startswith(("having", "haing")) and "attack framework" in title, title


def test_a_term_the_method_goes_without_is_not_its_setting() -> None:
    """"Label Wave, which does not require validation data": the title says no "for validation data"; a term only
    prior work goes without ("existing work focuses on settings without X") still is the setting."""
    text = ("Early stopping methods in deep learning face the challenge of balancing training and validation data. "
            "Sparing more validation data limits the model, yet insufficient validation data hurts the selection. "
            "In this paper, we propose a novel early stopping method called Label Wave, which does not require "
            "validation data for selecting the desired model. It tracks the model's predictions during training.")
    assert "validation data" not in infer_title(text), infer_title(text)
    others = text.replace("which does not require validation data", "which is fast").replace(
        "face the challenge", "typically work without validation data and face the challenge")
    assert infer_title(others).endswith("for validation data"), infer_title(others)


def test_how_a_method_compares_with_others_is_no_title() -> None:
    """"PeFLL, a new personalized federated learning algorithm that improves over the state-of-the-art in three
    aspects" is that algorithm; "achieve improved regret compared to existing approaches" is a result, and the
    setting the authors study titles the paper."""
    named = ("We present PeFLL, a new personalized federated learning algorithm that improves over the state-of-the-art "
             "in three aspects. It produces more accurate models. PeFLL jointly trains an embedding network and a "
             "hypernetwork.")
    assert infer_title(named) == "PeFLL: Personalized federated learning algorithm", infer_title(named)
    assert problem("Achieving improved regret performance compared to existing approaches") is not None
    assert problem("Achieving fairness in ranking") is None
    unnamed = ("We study online reinforcement learning in linear Markov decision processes with adversarial losses and "
               "bandit feedback. We introduce two algorithms that achieve improved regret performance compared to "
               "existing approaches. The first algorithm achieves a rate-optimal regret.")
    assert infer_title(unnamed).startswith("Online reinforcement learning in linear Markov decision processes"), \
        infer_title(unnamed)


def test_a_code_link_named_by_english_words_describes_the_project_and_names_nothing() -> None:
    """"github.com/zjunlp/PitfallsKnowledgeEditing" describes the project: the title says what the paper investigates;
    "github.com/x/ScaleCrafter" (a coined word) still names it. "Results underline two pivotal concerns" is a clause."""
    text = ("As the cost associated with fine-tuning Large Language Models (LLMs) continues to rise, recent "
            "research efforts have pivoted towards developing methodologies to edit implicit knowledge embedded "
            "within LLMs. Yet, there's still a dark cloud lingering overhead -- will knowledge editing trigger "
            "butterfly effect? since it is still unclear whether knowledge editing might introduce side effects "
            "that pose potential risks or not. This paper pioneers the investigation into the potential pitfalls "
            "associated with knowledge editing for LLMs. To achieve this, we introduce new benchmark datasets and "
            "propose innovative evaluation metrics. Our results underline two pivotal concerns: (1) Knowledge "
            "Conflict: Editing groups of facts that logically clash can magnify the inherent inconsistencies in "
            "LLMs—a facet neglected by previous methods. (2) Knowledge Distortion: Altering parameters with the "
            "aim of editing factual knowledge can irrevocably warp the innate knowledge structure of LLMs. "
            "Experimental results vividly demonstrate that knowledge editing might inadvertently cast a shadow of "
            "unintended consequences on LLMs, which warrant attention and efforts for future works. Code and data "
            "are available at https://github.com/zjunlp/PitfallsKnowledgeEditing.")
    title, name = title_and_name(text, frozenset())
    assert name is None and title.startswith("Investigation into the potential pitfalls"), (title, name)
    assert problem("Results underline two pivotal concerns") is not None
    coined = text.replace("PitfallsKnowledgeEditing", "ScaleCrafter")
    assert title_and_name(coined, frozenset())[1] == "ScaleCrafter"
    # Words joined by hyphens describe the project as much ("Exploring-Weight-Balancing-on-Long-Tailed-Recognition-
    # Problem", "Ultra-Low-Latency-SNN").
    for slug in ("Exploring-Knowledge-Editing-Pitfalls", "Ultra-Low-Latency-SNN"):
        assert title_and_name(text.replace("PitfallsKnowledgeEditing", slug), frozenset())[1] is None, slug


def test_a_one_letter_symbols_subscript_is_written_after_it_in_a_title() -> None:
    """"$L_2$-regularized loss" is titled "L2-regularized ...", never "L_2"; a name with an underscore is kept."""
    text = ("We study the $L_2$-regularized loss of deep networks trained with SGD. The $L_2$-regularized loss "
            "has low-rank minimizers. We prove SGD finds them.")
    title = infer_title(text)
    assert "L2-regularized" in title and "_" not in title, title


def test_a_short_form_before_a_compound_modifier_is_what_the_method_uses_not_its_name() -> None:
    """"a novel Upper Confidence Bound (UCB) bonus-driven algorithm": the algorithm is driven by UCB bonuses, it is not
    called UCB; "a Reconstruction-Simulation-Perception (ReSimAD) scheme" is called ReSimAD."""
    text = ("We study risk-sensitive reinforcement learning in low-rank MDPs. We propose a novel Upper Confidence Bound "
            "(UCB) bonus-driven algorithm to balance exploration and representation learning in CVaR RL. We prove "
            "that our algorithm is sample efficient.")
    assert title_and_name(text, frozenset())[1] != "UCB", title_and_name(text, frozenset())
    named = text.replace("a novel Upper Confidence Bound (UCB) bonus-driven algorithm",
                         "a Reconstruction-Simulation-Perception (ReSimAD) scheme")
    assert title_and_name(named, frozenset())[1] == "ReSimAD", title_and_name(named, frozenset())


def test_a_modality_defined_by_one_long_word_is_a_term_and_the_use_of_a_tool_is_no_field() -> None:
    """"magnetoencephalography (MEG)" makes MEG a term ("our MEG decoder" names no method); "the use of generative AI
    systems has improved the decoding of brain activity" makes the tool no field of the paper."""
    text = ("In the past five years, the use of generative and foundational AI systems has greatly improved the decoding "
            "of brain activity. Visual perception can now be decoded from fMRI with remarkable fidelity. Here, we "
            "propose an alternative approach based on magnetoencephalography (MEG), a neuroimaging device capable of "
            "measuring brain activity with high temporal resolution. For this, we develop an MEG decoding model trained "
            "with both contrastive and regression objectives. Our MEG decoder shows a 7X improvement of image-retrieval.")
    title, name = title_and_name(text, frozenset())
    assert name != "MEG" and "AI systems" not in title and "MEG decoding model" in title, (title, name)


def test_a_bare_part_the_paper_makes_is_titled_by_what_it_is_for() -> None:
    """"we formalize this constraint by introducing consistency objectives" for object-centric representations: the
    objectives are for the representations ("Consistency objectives for object-centric representations"), while a bare
    field is where the repeated term is used ("X for imitation learning")."""
    text = ("Developing deep learning models that effectively learn object-centric representations, akin to human "
            "cognition, remains a challenging task. Existing approaches facilitate object discovery by representing "
            "objects as fixed-size vectors, called slots. While these approaches have shown promise in certain "
            "scenarios, they still exhibit certain limitations. To address the first limitation, we introduce a "
            "method that explicitly optimizes the constraint that each object in a scene should be associated with a "
            "distinct slot. We formalize this constraint by introducing consistency objectives which are cyclic in "
            "nature. By integrating these consistency objectives into various existing slot-based object-centric "
            "methods, we showcase substantial improvements in object-discovery performance. We apply the learned "
            "object-centric representations to two downstream reinforcement learning tasks. Our results suggest that "
            "the proposed approach provides richer features for downstream tasks.")
    assert infer_title(text) == "Consistency objectives for object-centric representations", infer_title(text)


def test_the_summary_titles_a_paper_whose_abstract_gives_only_a_sentences_piece() -> None:
    """No sentence says what the paper made, so the abstract's title is a piece of the first sentence, which cites
    prior work ("Deep reinforcement learning for pre-training Decision Transformer"); the TL;DR says what it did."""
    text = ("Recently, it has been shown that for offline deep reinforcement learning (DRL), pre-training Decision "
            "Transformer with a large language corpus can improve downstream performance (Reid et al., 2022). A "
            "natural question to ask is whether this performance gain can only be achieved with language pre-training, "
            "or can be achieved with simpler pre-training schemes which do not involve language. In this paper, we "
            "first show that language is not essential for improved performance, and indeed pre-training with "
            "synthetic IID data for a small number of updates can match the performance gains from pre-training with "
            "a large language corpus. Surprisingly, pre-training with simple synthetic data for a small number of "
            "updates can also improve CQL. The results of this paper illustrate the importance of pre-training for "
            "offline DRL.")
    summary = "We show pre-training with synthetic Markov Chain and MDP data can significantly improve offline DRL performance."
    alone = title_and_name(text, frozenset())[0]
    assert "Decision Transformer" in alone, alone  # what the abstract alone gives
    title = title_and_name(text, frozenset(), summary)[0]
    assert title.startswith("Pre-training with synthetic"), title


def test_people_opening_the_abstract_are_no_field_and_a_spelled_out_field_is_said_once() -> None:
    """"Human mathematicians are often good at ..." names who the paper learns from, not where it applies; "a post-hoc
    method for OOD detection" already says "detecting out-of-distribution (OOD) data", the field the abstract opens
    with."""
    people = ("Human mathematicians are often good at recognizing modular and reusable theorems. In this paper, we "
              "propose a novel method called theoREm-from-prooF extrACTOR (REFACTOR) for training neural networks to "
              "mimic this ability in formal mathematical theorem proving. REFACTOR extracts 19.6% of the theorems.")
    assert "mathematicians" not in infer_title(people), infer_title(people)
    ood = ("Detecting out-of-distribution (OOD) data is a critical challenge in machine learning due to model "
           "overconfidence. We hypothesize that neural collapse also influences OOD data. To benefit from this interplay, "
           "we introduce NECO, a novel post-hoc method for OOD detection, which leverages the geometric properties of "
           "neural collapse. NECO achieves state-of-the-art results on OOD detection tasks.")
    title = infer_title(ood)
    assert title.startswith("NECO: Post-hoc method for") and "detecting" not in title, title


def test_a_long_phrase_is_cut_before_its_example_not_before_its_setting() -> None:
    """"the behavior of gradient descent algorithms in physics-informed machine learning methods like PINNs": cut before
    "like PINNs" (an example), the setting stays; before, it was cut at "in" ("Behavior of gradient descent algorithms")."""
    text = ("In this paper, we investigate the behavior of gradient descent algorithms in physics-informed machine "
            "learning methods like PINNs, which minimize residuals connected to partial differential equations (PDEs). "
            "Our key result is that the difficulty in training these models is closely related to the conditioning of a "
            "specific differential operator. Therefore, preconditioning this operator is crucial.")
    title = infer_title(text)
    assert "physics-informed machine learning" in title and "like" not in title, title


def test_the_use_of_what_is_proposed_is_titled_by_what_is_used() -> None:
    """"we propose the utilization of looped transformer architecture" proposes looped transformers."""
    text = ("Transformers have demonstrated effectiveness in solving data-fitting problems in context. However, the "
            "absence of an iterative structure in the transformer architecture presents a challenge. To address this, "
            "we propose the utilization of looped transformer architecture and its associated training methodology. "
            "The looped transformer matches the standard transformer with 10% of the parameters.")
    title = infer_title(text)
    assert title.startswith("Looped transformer architecture"), title


def test_a_combination_cut_before_its_second_member_is_a_fragment() -> None:
    """"a combination of dynamic programming and policy gradient" cut at "and" combines one thing; a mixture of a
    plural ("Mixture of experts") is whole."""
    assert problem("Combination of dynamic programming") is not None
    assert problem("Combination of dynamic programming and policy gradient") is None
    assert problem("Mixture of experts") is None


def test_an_unspaced_dash_before_a_long_form_parts_it_from_the_word_before() -> None:
    """"a novel measure --- Meta-Distribution Energy (MDE)" (typeset as an unspaced em dash): MDE spells "Meta-Distribution
    Energy", not "measure—Meta-Distribution Energy"."""
    text = ("Automated model evaluation forms a proximal prediction pipeline of the testing performance. In that "
            "regard, we propose a novel measure --- Meta-Distribution Energy (MDE) that allows the framework to be both "
            "more efficient and effective. MDE is fast.")
    title = infer_title(normalise_abstract(text))
    assert title.startswith("MDE: Meta-Distribution Energy"), title


def test_capitals_that_spell_a_name_are_not_kept_in_its_words():
    """"Content RelevAnce-Based NoIse ReductioN (CABINET)": the capitals mark the acronym's letters; a title writes the
    words plainly. A name inside the description ("LLaMA") and a long form whose capitals spell nothing stay."""
    cabinet = ("We propose CABINET (Content RelevAnce-Based NoIse ReductioN for TablE QuesTion-Answering), a framework "
               "that lets LLMs focus on relevant table data. CABINET beats baselines.")
    assert title_and_name(cabinet)[0] == "CABINET: Content Relevance-Based Noise Reduction for Table Question-Answering"
    lemon = "We introduce LEMON (LosslEss MOdel ExpansioN), a recipe to grow models. LEMON saves compute."
    assert title_and_name(lemon)[0] == "LEMON: Lossless Model Expansion"
    clima = ("We propose CLiMA, which augments LLaMA with multimodal CLIP embeddings for bitmap graphics. CLiMA draws "
             "icons.")
    assert "LLaMA" in title_and_name(clima)[0]


@pytest.mark.parametrize("abstract, title", [
    # "for the model prior" is the design's, inside the framework's relative clause: not what KoVAE is for.
    ("Generating realistic time series data is important for many engineering applications. Existing work uses "
     "adversarial networks, which are unstable. In this work, we introduce Koopman VAE (KoVAE), a new generative "
     "framework that is based on a novel design for the model prior. KoVAE is stable.",
     "KoVAE: Koopman VAE for generating realistic time series data"),
    # "for the domain of malware detection": the task is the domain's name.
    ("Machine learning models detect malware, and evasion attacks fool them. In this work, we develop a certified "
     "defense, DRSM (De-Randomized Smoothed MalConv), by redesigning the smoothing technique for the domain of malware "
     "detection. DRSM is robust.",
     "DRSM: De-Randomized Smoothed MalConv for malware detection"),
    # "an approach to this data selection problem": the problem an approach is to is its task.
    ("It is often useful to train models on a subset of the available examples. We present Gradient Information "
     "Optimization (GIO), a scalable, task-agnostic approach to this data selection problem that requires only a few "
     "unlabeled examples. GIO is fast.",
     "GIO: Gradient Information Optimization for data selection"),
])
def test_a_named_methods_purpose_is_the_for_its_introduction_gives_it(abstract: str, title: str) -> None:
    assert infer_title(abstract) == title


@pytest.mark.parametrize("abstract, title", [
    # "KOSI, a novel meta-algorithm that improves X": a one-word kind says what the method is with its clause; the
    # opening sentence, about others' approaches, is no description of it.
    ("Popular learning approaches forgo curvature information due to the cost of computing it in high dimensions. "
     "We present KOSI, a novel meta-algorithm that improves the performance of any base first-order optimizer by "
     "incorporating curvature information during training. We analyze the convergence of KOSI. KOSI improves Adam.",
     "KOSI: Meta-algorithm improving the performance of any base first-order optimizer"),
    # "an algorithm that generates X and then rehearse Y": with the head dropped, both verbs read as gerunds.
    ("Current reinforcement learning methods rely on numerous environment interactions. To effectively rehearse, "
     "we propose ReMo, an algorithm that generates a diverse set of dynamics models and then rehearse the policy "
     "via adaptive training on the generated set. ReMo beats baselines.",
     "ReMo: Generating a diverse set of dynamics models and then rehearsing the policy"),
    # "We introduce the notion of X": X is what the paper brings, "Notion of X" a vague head around it.
    ("Averaging neural network parameters is an intuitive way to combine models. We introduce the notion of the "
     "layer-wise linear connectivity for averaging neural network parameters, and show that deep networks have no "
     "barriers between layers. Experiments confirm it.",
     "Layer-wise linear connectivity for averaging neural network parameters"),
    # "we explore only constructing X": "Only constructing X" opens a title with the sentence's adverb.
    ("Adversarial training is the standard for improving robustness against adversarial examples. In this paper, we "
     "explore only constructing adversarial examples on a subset of the training examples. We observe that "
     "robustness transfers across classes.",
     "Constructing adversarial examples on a subset of the training examples"),
])
def test_what_a_paper_makes_is_titled_whole_without_the_sentences_wrapping(abstract: str, title: str) -> None:
    """A kind's clause, its later verbs, the notion it names and the work after a focus adverb make the title."""
    assert infer_title(abstract) == title


@pytest.mark.parametrize("abstract, title", [
    # A spelled-out name held together by a preposition already has its head: "... Networks (OPTIN) framework".
    ("Compressing a network usually needs costly re-training. We introduce the Gradient Free Compression for Frozen "
     "Encoders (GFCFE) framework as a tool to compress pre-trained transformers without re-training. GFCFE keeps "
     "accuracy within two points.",
     "GFCFE: Gradient Free Compression for Frozen Encoders"),
    # One ending in a noun by its form names the thing: "Cyclic Two-Way Diffusion method" says "method" twice over.
    ("Text-to-image models mix conditions poorly. We propose the Cyclic Two-Way Diffusion (CTWD) method, which lets "
     "visual conditions spread across the image without training. CTWD beats baselines on three tasks.",
     "CTWD: Cyclic Two-Way Diffusion"),
    # The same in the phrase a naming sentence closes: "We dubbed our ... Rewriting method Rader."
    ("Language models rewrite human text more than machine text. We dubbed our Machine Text Detection via Rewriting "
     "method Rader. Rader improves detection scores across six domains.",
     "Rader: Machine Text Detection via Rewriting"),
    # A kind that says what the thing is stays: a benchmark is not a way of doing something.
    ("Molecules take many shapes. We introduce the Molecular Shape Ensemble Learning (MOSEL) benchmark to test "
     "models that learn from sets of conformers. MOSEL covers four datasets.",
     "MOSEL: Molecular Shape Ensemble Learning benchmark"),
    # An adjective long form needs its head.
    ("Inverse problems are hard. We propose the Generalized Forward-Inverse (GFIV) framework, which unifies forward "
     "and inverse modelling of partial differential equations. GFIV is accurate.",
     "GFIV: Generalized Forward-Inverse framework"),
])
def test_a_kind_after_a_spelled_out_name_that_already_names_the_thing_is_left_out(abstract: str, title: str) -> None:
    """"method", "framework" after a long form that a preposition or a noun ending heads add nothing to the title."""
    assert infer_title(abstract) == title


@pytest.mark.parametrize("abstract, title", [
    # "a problem setting named X": the setting's name is the title.
    ("Clustering is unsupervised. Real data are imbalanced, and existing deep clustering methods assume balance. "
     "We study a more practical problem setting named deep imbalanced clustering, and propose an optimal transport "
     "solver for it. Experiments confirm it.",
     "Deep imbalanced clustering"),
    # "the popular X setting": the praise is the abstract's, not the title's.
    ("Regret bounds in reinforcement learning can be independent of the planning horizon. We give the first "
     "horizon-free bound for the popular linear bandit setting with large action sets. The bound is tight.",
     "Horizon-free bound for the linear bandit setting with large action sets"),
])
def test_a_setting_is_titled_by_its_name_without_praise(abstract: str, title: str) -> None:
    """"a problem setting named X" is titled X; "the popular X" is "the X"."""
    assert infer_title(abstract) == title


@pytest.mark.parametrize("abstract, title", [
    # A bare kind takes the task the abstract opens with.
    ("Restoring sharp text from blurred document photos has remained challenging due to many kinds of blur. Existing "
     "methods use one encoder for both sharp and blurred inputs. To tackle this problem, we propose a novel dual-branch "
     "framework named DBRX. DBRX adds a branch for blurred inputs.",
     "DBRX: Dual-branch framework for restoring sharp text from blurred document photos"),
    # The kind a long form was set beside is not part of it: "a novel neural network model, <long form> (NAME)".
    ("Recognition models are trained at one image resolution. To this end, we propose a novel neural network model, "
     "multi-scale and all-frequency spectral operator (MAFSO), that addresses the problem. MAFSO works in the "
     "frequency domain.",
     "MAFSO: Multi-scale and all-frequency spectral operator"),
    # "under the assumption [that ...]": the premise is cut with the clause that stated it.
    ("Label smoothing is widely used, but its effect on features is not understood. In this work, we derive the "
     "optimal last-layer features under the assumption that the features are unconstrained. Experiments agree.",
     "Optimal last-layer features for label smoothing"),
    # "featuring three key components": a count of parts the abstract names later is no description.
    ("Web agents need memory. To address these challenges, we introduce Relay, a browser agent featuring three key "
     "components: state abstraction, trajectory prompting and exemplar memory. Relay beats baselines.",
     "Relay: Browser agent"),
])
def test_a_named_kind_is_titled_without_the_words_around_it_and_with_its_task(abstract: str, title: str) -> None:
    """A bare kind takes the task the abstract opens with; the kind beside a long form, a cut premise and a count of
    parts are left out."""
    assert infer_title(abstract) == title


def test_the_problem_of_a_two_word_task_is_no_title_when_a_sentence_says_what_the_paper_does() -> None:
    """"The problem of image deblurring" is the field; "Problem of image deblurring" was the title."""
    abstract = ("The problem of image deblurring, also known as the shaky camera problem, refers to the task of recovering "
                "a sharp image from a blurred one. Previous work on deblurring derived an upper bound for this task. This "
                "bound is derived for deterministic models. We show how the upper bound can be generalized to the case of "
                "random generative models. Applying a diffusion model that was pretrained on sharp images to the output of "
                "a deterministic deblurring model leads to state-of-the-art results.")
    assert infer_title(abstract) == "Applying a diffusion model"


@pytest.mark.parametrize("abstract, title", [
    # "games called rank-2": a lower-case term with a number or a hyphen is the class of the kind before it.
    ("Learning equilibria in games has drawn attention. Computing them is intractable in general. In this paper we focus "
     "on matrix games (A,B) called rank-2. These are games in which the sum of the payoff matrices is a rank 2 matrix. We "
     "show that optimistic gradient descent converges in rank-2 games.",
     "Rank-2 matrix games for learning equilibria in games"),
    # "a sampling method named Noise-Level Corrector": the name says what the kind said.
    ("Diffusion models sample slowly. We find that the exposure bias shifts the noise level. Based on this finding, we "
     "introduce a sampling method named Noise-Level Corrector for diffusion models. It needs no training.",
     "Noise-Level Corrector for diffusion models"),
])
def test_a_kind_and_the_name_a_naming_word_gives_it_are_titled_by_the_name(abstract: str, title: str) -> None:
    """"X called rank-2" is titled "Rank-2 X"; "a method named Some Name" is titled by the name."""
    assert infer_title(abstract) == title


def test_the_means_after_a_verb_whose_object_points_back_is_the_title() -> None:
    """"We extend these two lines of work by proposing X", "we address this by using X": X is what the paper made, not
    the field it opened with."""
    abstract = ("Graph sparsification keeps a few edges of a large graph while preserving its cuts. Some recent methods "
                "handle weighted graphs, and others handle graphs that change over time. In this paper, we combine and "
                "extend these two lines of work by proposing streaming spectral sparsification of weighted graphs, which "
                "keeps every cut within a constant factor. Experiments on road networks show that it is fast.")
    assert infer_title(abstract).startswith("Streaming spectral sparsification of weighted graphs")


@pytest.mark.parametrize("phrase, fragment", [
    ("Sparse MDP penalize states with more actions", True),  # a subject, its verb, its object: a sentence
    ("Regularized policies simplify exploration", True),
    ("Learning to directly optimize rewards", False),  # "to" before the adverb: no subject
    ("Policies that generalize across tasks", False),
    ("Merge, Then Compress: Demystify Sparse Experts", False),  # an instruction after a colon
])
def test_a_verb_in_ize_or_ify_after_its_subject_makes_a_title_a_clause(phrase: str, fragment: bool) -> None:
    """A plain verb in -ize/-yze/-ify after a noun is a sentence cut from a summary, not a title."""
    assert (problem(phrase) is not None) is fragment


def test_a_summary_that_is_a_clause_is_not_the_title() -> None:
    """A TL;DR that is a cut sentence ("X regularize states with more actions more") gives no title; the abstract does."""
    abstract = ("Entropy-regularized reinforcement learning is popular in control. While unregularized methods ignore the "
                "number of actions, regularized ones do not. In the state-dependent action context, states with varying "
                "action spaces are regularized inconsistently. Experiments on a control suite show the effect.")
    title, _ = title_and_name(abstract, frozenset(), "Regularized MDP regularize states with more actions more, we fix this.")
    assert "regularize states" not in title and problem(title) is None


def test_the_authors_praise_of_their_own_work_is_left_out_of_a_title() -> None:
    """"a novel X" inside a title is the abstract's selling: "a X" (the article mended), as "novel" leading one is."""
    abstract = ("Sharpness-aware training is becoming ever more popular. Its methods minimise a bound on the worst-case "
                "loss near the weights. We propose to combine a novel estimator of flatness with a sharpness penalty. It "
                "transfers to transformers.")
    assert infer_title(abstract).startswith("Combining an estimator of flatness with a sharpness penalty")


def test_an_order_of_growth_inside_a_title_goes_with_the_words_that_name_it() -> None:
    """"Algorithm of regret O((log T/T+V)√m) for X": the formula's plain text is broken, and it is no title's word."""
    abstract = normalise_abstract(
        r"Lifelong bandit tuning learns the step size of online algorithms across tasks. Earlier bounds grow with the "
        r"horizon. Then, we propose a new algorithm of regret $O((\frac{\log{T}}{T}+V)\sqrt{m})$ for lifelong bandit "
        r"tuning. The bound holds for any bounded loss.")
    assert infer_title(abstract) == "An algorithm for lifelong bandit tuning"


@pytest.mark.parametrize("abstract, title", [
    # "an even simpler yet more effective X method": a comparison with others' work is no part of what the method is.
    ("Detecting unusual inputs matters for deployed networks. Feature clipping helps but hurts accuracy. We propose "
     "TRIM, an even simpler yet more effective post-hoc scoring method for novelty detection. TRIM needs no training.",
     "TRIM: Post-hoc scoring method for novelty detection"),
    # "method for gradient estimation with only one forward pass": the task, not how the method does it.
    ("Training deep networks needs backpropagation, which stores activations. We propose a zeroth-order likelihood "
     "ratio (ZLR) method for gradient estimation with only one forward pass. ZLR trains convolutional networks.",
     "ZLR: Zeroth-order likelihood ratio method for gradient estimation"),
])
def test_a_named_method_is_titled_without_praise_by_comparison_and_by_its_task_without_its_means(abstract: str, title: str) -> None:
    """"Even simpler yet more effective" sells; "with only one forward pass" is the means: neither is in the title."""
    assert infer_title(abstract) == title


def test_a_dash_whose_aside_is_cut_ends_the_title_before_it() -> None:
    """"Algorithm—using only the number of iterations" is an aside cut before its end: the title stops at the dash."""
    abstract = ("Scientific computing solves many linear systems in a row. Solver parameters matter. We propose a bandit "
                "online learning algorithm—using only the number of iterations as feedback—that picks solver parameters. "
                "It converges to the best parameter.")
    assert infer_title(abstract) == "Bandit online learning algorithm"


@pytest.mark.parametrize("phrase", ["Maximizing the probability", "Studying the impact", "Reducing their influence"])
def test_a_title_ending_on_a_noun_that_needs_its_complement_is_a_fragment(phrase: str) -> None:
    """"Maximizing the probability [that a plan succeeds]": the probability of what is cut off."""
    assert problem(phrase) is not None


def test_a_long_form_a_cut_would_fall_in_is_written_as_its_acronym() -> None:
    """"... capabilities of Multimodal Large Language Models (MLLMs) to X" is too long: "... capabilities of MLLMs", not a
    cut before "of" that leaves the capabilities nobody's."""
    abstract = ("Subject-driven image generation from several reference pictures remains hard for current generators. "
                "We present Fresco-G, a model that leverages the advanced multimodal perception capabilities of Multimodal "
                "Large Language Models (MLLMs) to tackle the aforementioned challenge. Fresco-G needs no tuning.")
    assert infer_title(abstract) == "Fresco-G: A model that leverages the advanced multimodal perception capabilities of MLLMs"


def test_a_subject_that_plays_a_role_in_a_field_is_no_field_the_field_is() -> None:
    """"Temperature scaling plays a pivotal role in knowledge distillation": the title's setting is the distillation."""
    abstract = ("As a way to soften logits, temperature scaling plays a pivotal role in knowledge distillation (KD). Usually "
                "it is applied to both teacher and student in KD. We propose a weighted teacher matching variant, dubbed WTM, that "
                "drops it on the student side. WTM beats earlier methods on ImageNet.")
    assert infer_title(abstract).endswith("for knowledge distillation"), infer_title(abstract)


def test_a_use_said_once_after_plays_a_role_in_is_no_field() -> None:
    """"Flood nowcasting plays a pivotal role in public services": the services are a use, named once; the field stays."""
    abstract = ("Flood nowcasting plays a pivotal role in public services, especially in warnings. Deep models blur as the "
                "lead time grows. To alleviate blurriness, we propose a training-free sharpening step. It sharpens radar "
                "forecasts.")
    assert "public services" not in infer_title(abstract)


def test_a_code_link_named_after_earlier_work_the_abstract_brackets_names_no_title() -> None:
    """"A simplified objective for the recently-introduced graph copulas (GRACO)", code at .../GRACO: the link holds the
    new version of earlier work; the title is not that work's name."""
    abstract = ("We introduce a new model for multivariate probabilistic forecasting of sensor networks. We propose a "
                "simplified objective for the recently-introduced graph copulas (GRACO), whose parameters now scale "
                "linearly. The model trains faster. Code is available at https://github.com/lab/GRACO.")
    title, name = title_and_name(abstract, frozenset())
    assert name is None and not title.startswith("GRACO"), title


def test_a_property_said_with_being_goes_before_what_has_it() -> None:
    """"The notion of a sample complexity bound being _provably tight_": the title is "Provably tight ... bound"."""
    abstract = ("We study the notion of a sample complexity bound being _provably tight_, meaning that no learner beats it. "
                "Many bounds were proposed. We prove that no such bound exists for deep networks.")
    assert infer_title(abstract) == "Provably tight sample complexity bound"


def test_an_apposition_after_a_glued_colon_says_what_the_method_is() -> None:
    """"CrossQ:A lightweight algorithm for X" (the colon glued, the article capitalised) is still the apposition; a
    quality the abstract opens with ("sample efficiency") is no place to set it "in"."""
    abstract = ("Sample efficiency is a crucial problem in deep reinforcement learning. Recent methods raise the update "
                "ratio. In this paper, we present PatchQ:A lightweight algorithm for continuous control tasks that drops "
                "target networks. PatchQ matches earlier methods.")
    title = infer_title(abstract)
    assert title.startswith("PatchQ: Lightweight algorithm for continuous control tasks") and "efficiency" not in title, title


def test_a_kind_aiming_to_achieve_something_is_titled_as_for_it() -> None:
    """"a framework aiming to achieve lossless training acceleration by X": "Framework for lossless ... by X"."""
    abstract = ("Training on large datasets is costly. Static pruning loses accuracy. We propose DropBatch, a novel framework "
                "aiming to achieve lossless training acceleration by unbiased dynamic sample pruning. It saves 40% cost.")
    assert infer_title(abstract) == "DropBatch: A framework for lossless training acceleration by unbiased dynamic sample pruning"


def test_a_setting_the_abstract_writes_in_the_plural_is_titled_in_the_plural() -> None:
    """"... for Markov chain" is no English: the abstract writes "Markov chains", and so does the title."""
    abstract = ("Sampling with a Markov chain is slow on large graphs. We propose the Self-Repellent Walk (SRW). SRW is a "
                "Markov chain that avoids visited nodes. Markov chains of this kind mix faster than any reversible Markov "
                "chain.")
    assert infer_title(abstract) == "SRW: Self-Repellent Walk for Markov chains"


def test_a_name_whose_apposition_lost_its_comma_still_leads_the_title() -> None:
    """"we propose ToRA a series of reasoning agents": the name, then what it is, as "ToRA: Series of ...", not a run-on."""
    abstract = ("Large language models struggle with arithmetic. In this paper, we propose MaRA a series of tool-using "
                "reasoning agents designed to solve hard mathematical problems. Agents call a calculator.")
    assert infer_title(abstract).startswith("MaRA: A series of tool-using reasoning agents"), infer_title(abstract)


def test_a_name_given_as_an_example_is_not_the_papers_name() -> None:
    """"on several datasets, e.g., CLOC, ImageNet10K and CGLM": the datasets are examples; the method named earlier is
    the paper's."""
    abstract = ("We propose and study a realistic setting where learners get a small budget per step. To that end, we "
                "propose a simple but highly effective baseline, DietNet, which utilizes both unlabeled and labeled data "
                "jointly. DietNet allocates the budget. We validate our baseline, at scale, on several datasets, e.g., "
                "CLOC, ImageNet10K, and CGLM, under constraint budget setup. DietNet outperforms all earlier methods.")
    title, name = title_and_name(abstract, frozenset())
    assert name == "DietNet" and title.startswith("DietNet: "), title


def test_a_list_that_ends_the_description_is_kept_whole() -> None:
    """"a framework encompassing data construction, model training, and evaluation": cutting at ", and" left "data
    construction, model training", and the repair then only "data construction"."""
    abstract = ("Open models use tools poorly. We introduce ToolKit, a general tool-use framework encompassing data "
                "construction, model training, and evaluation. ToolKit's model matches closed ones.")
    assert infer_title(abstract) == ("ToolKit: Tool-use framework encompassing data construction, model training, and "
                                     "evaluation")


def test_a_list_of_gerunds_is_not_cut_at_its_commas() -> None:
    """"the approach of recursively embedding, clustering, and summarizing chunks of text, constructing a tree": the
    gerunds are one list; the participle clause after it is what goes."""
    abstract = ("Retrieval-augmented models read short chunks. We introduce the novel approach of recursively embedding, "
                "clustering, and summarizing chunks of text, constructing a tree with levels of summaries. Our model "
                "retrieves from this tree.")
    assert infer_title(abstract).lower().endswith("embedding, clustering, and summarizing chunks of text"), infer_title(abstract)


def test_a_typo_the_abstract_makes_is_not_carried_into_the_title() -> None:
    """"the problem of anguage model inversion": the title is spelled as the abstract spells the word elsewhere."""
    abstract = ("Given a prompt, language models produce a distribution over next tokens. We consider the problem of "
                "anguage model inversion and show that next-token probabilities reveal the prompt.")
    assert infer_title(abstract).startswith("Language model inversion"), infer_title(abstract)


def test_a_name_or_a_word_with_two_near_words_is_not_respelled() -> None:
    """A method's name a letter away from a word of its abstract ("Raidar", "radar") stays; so does an unknown word two
    known words are a letter away from (which was meant is a guess)."""
    abstract = ("Detecting machine text is hard. We propose Raidar, a radar for generated text that detects it by "
                "rewriting. Raidar is accurate.")
    assert infer_title(abstract).startswith("Raidar"), infer_title(abstract)
    assert typos_mended("Learning a modle", "a model in one mode: the modle") == "Learning a modle"
    assert typos_mended("Learning a modle", "a model: the modle") == "Learning a model"


def test_a_title_led_by_a_kind_of_thing_has_its_article() -> None:
    """"BENDIX: Benchmark for DNA language models" reads as a piece cut from a sentence; a title says "A benchmark".
    A kind noun before another noun ("Tool creation framework") or a name's long form ("Model Merging with ...") does
    not lead the title, and takes none."""
    abstract = ("DNA language models are trained on genomes. We introduce BENDIX, a benchmark for DNA language models, "
                "featuring realistic tasks. BENDIX shows that current models capture little.")
    assert infer_title(abstract) == "BENDIX: A benchmark for DNA language models", infer_title(abstract)
    assert with_article("Approach for incremental certification") == "An approach for incremental certification"
    assert with_article("Tool creation and retrieval framework") == "Tool creation and retrieval framework"
    assert with_article("MAP: Model Merging with Amortized Pareto Front") == "MAP: Model Merging with Amortized Pareto Front"
    assert with_article("Methods for pruning") == "Methods for pruning"
    assert with_article("Comparison of KANs and MLPs") == "A comparison of KANs and MLPs"


def test_praise_of_a_generator_is_no_part_of_its_title() -> None:
    """"a powerful domain prompt generator": "powerful" is the abstract's selling, whatever the kind of tool."""
    abstract = ("Prompts lack domain knowledge. To address this, we present a powerful domain prompt generator to "
                "produce domain-specific prompts for vision-language models. Experiments show gains on ten domains.")
    assert not infer_title(abstract).lower().startswith("powerful"), infer_title(abstract)


def test_a_thing_made_to_do_something_is_titled_as_for_it() -> None:
    """"a setup to perform predictions in a continuous domain": what it is for, "for predictions"; a noun whose
    infinitive completes it ("the ability to perform self-repair") keeps it; and no title ends on the "while being"
    a cut participle left."""
    abstract = ("Most forecasting models work on fixed grids. We propose a novel setup to perform predictions in a "
                "continuous spatial and temporal domain while being trained on sparse observations. It beats grid models.")
    title = infer_title(abstract)
    assert title.startswith("Setup for predictions in a continuous spatial and temporal domain"), title
    assert not title.endswith(("while", "being")), title
    abstract = ("Updates are costly in reinforcement learning. To trade off capacity and computation, we introduce a "
                "locality sensitive sparse encoding, which allows us to conduct efficient sparse updates. It works well.")
    assert infer_title(abstract) == "Locality sensitive sparse encoding for efficient sparse updates"
    abstract = ("Large language models write code. In this paper, we analyze Code Llama and GPT-4's ability to perform "
                "self-repair on problems taken from programming contests. We find that self-repair is limited.")
    assert "ability to perform self-repair" in infer_title(abstract), infer_title(abstract)


def test_implications_at_a_titles_end_need_what_they_are_for() -> None:
    """"Basic perceptual skill with implications" stops before "for data curation": a fragment, as "the effect" is."""
    assert problem("Visual data-type identification: basic perceptual skill with implications")
    assert not problem("Implications of scaling for visual data-type identification")


def test_a_sentences_aside_after_a_comma_is_left_out_of_the_title() -> None:
    """", known as Zipf's law" and ", the replacements of ..." are how a sentence goes on about a phrase; a title
    stops before them. "Name, a description" stays the way a coined name is introduced."""
    abstract = ("Emergent communication studies protocols, called emergent languages, arising in simulations where agents "
                "communicate. A key goal is to give rise to languages that share statistical properties with natural "
                "languages. In this paper, we study properties of word lengths and segmentation, known as Zipf's law of "
                "abbreviation, in emergent languages. Experiments show that emergent languages follow the law.")
    title = infer_title(abstract)
    assert "known as" not in title and "Properties of word lengths and segmentation" in title, title
    abstract = ("Transformers rely on feedforward layers. We introduce scalable neural network kernels, the replacements "
                "of regular feedforward layers, which approximate them with random features. Scalable neural network "
                "kernels reduce parameters by 5x.")
    title = infer_title(abstract)
    assert title.startswith("Scalable neural network kernels") and "replacements" not in title, title
    assert problem("Property of entity tracking, a crucial facet of language comprehension")
    assert problem("A method to process tables in a uniform manner, devoid of constraints")
    assert not problem("Latent intuitive physics, a transfer learning framework for physics simulation")


def test_an_aside_and_a_relational_term_give_no_title() -> None:
    """"the property of entity tracking, a crucial facet of ..." is no title, and "the fine-tuned version", however
    often said, is no field a title is "for": a version is always a version of something."""
    abstract = ("Fine-tuning on generalized tasks has been shown to enhance language models. We study how fine-tuning "
                "affects the internal mechanisms of language models. As a case study, we explore the property of entity "
                "tracking, a crucial facet of language comprehension, where models fine-tuned on mathematics gain. The "
                "fine-tuned version uses the same circuit as the original model. The fine-tuned version improves its "
                "parts, and the fine-tuned version is faster.")
    title = infer_title(abstract)
    assert "facet" not in title and "version" not in title, title


def test_a_plural_subject_before_its_verb_is_kept_whole() -> None:
    """"Causal explanations of the predictions of NLP systems are essential": cut at the verb, not at its last "of",
    which leaves "of the predictions" pointing at what only the abstract says."""
    abstract = ("Causal explanations of the predictions of NLP systems are essential to ensure safety and establish "
                "trust. Yet, existing methods often fall short of explaining model predictions. This work illuminates "
                "new pathways for efficient and accurate approaches.")
    assert infer_title(abstract) == "Causal explanations of the predictions of NLP systems"
    assert problem("Causal explanations of the predictions")


def test_a_named_bare_kind_takes_a_term_the_abstract_names_twice() -> None:
    """"SCOTCH: Structure learning method" says what kind of thing SCOTCH is, not for what: a term the abstract names
    twice does ("... for stochastic differential equations"); one said once, or a clause's words ("fits mislabeled
    data"), does not."""
    abstract = ("Measurements often come at irregular times, and what drives what stays hidden. We propose "
                "SCOTCH, a structure learning method. SCOTCH models the system with "
                "stochastic differential equations and a learned graph. We prove that stochastic differential equations "
                "with such graphs are identifiable. SCOTCH beats baselines.")
    assert infer_title(abstract) == "SCOTCH: Structure learning method for stochastic differential equations"
    once = abstract.replace("stochastic differential equations with such graphs are", "such models are")
    assert infer_title(once) == "SCOTCH: Structure learning method"
    clause = abstract.replace("stochastic differential equations", "fits mislabeled data")
    assert infer_title(clause) == "SCOTCH: Structure learning method"


def test_a_title_opening_with_a_quoted_term_drops_the_quotes() -> None:
    """"by introducing ``soft prompt'' embedding parameters": the quotes set the term apart in the sentence; as a
    title's opening they read as a quotation of its uncapitalised first words."""
    abstract = normalise_abstract(
        "Instruction-tuned models are not robust to instruction re-phrasings. We propose a simple method to mitigate "
        "this issue by introducing ``soft prompt'' embedding parameters and optimizing these to maximize the similarity "
        "between representations of semantically equivalent instructions. This improves robustness.")
    assert infer_title(abstract).startswith("Soft prompt embedding parameters"), infer_title(abstract)


def test_a_things_infinitive_purpose_is_titled_with_for() -> None:
    """"a metric to evaluate domain adaptation models": a title says what a thing is for ("A metric for evaluating
    ..."), its adverb kept; "an approach to contrastive learning" keeps its "to"."""
    made = "We introduce Transfer Score, a metric to evaluate domain adaptation models. Transfer Score works without labels."
    assert infer_title(made) == "Transfer Score: A metric for evaluating domain adaptation models"
    adverb = ("Generative molecular design has moved to real-world use. Here, we propose Beam Enumeration to exhaustively "
              "enumerate the most probable sub-sequences from language-based molecular generative models. It helps.")
    assert infer_title(adverb).startswith("Beam Enumeration for exhaustively enumerating the most probable"), \
        infer_title(adverb)
    preposition = "We propose AUC-CL, a new approach to contrastive learning. AUC-CL is fast."
    assert "approach to contrastive learning" in infer_title(preposition), infer_title(preposition)


def test_what_a_paper_pushes_the_limits_of_is_its_subject() -> None:
    """"we here push the limits of pruning large-scale multimodal datasets": what is pushed forward is what the paper
    is about, not the first sentence's background ("Utilizing massive web-scale datasets")."""
    abstract = ("Utilizing massive web-scale datasets has led to unprecedented performance gains in machine learning "
                "models, but also imposes outlandish compute requirements for their training. In order to improve "
                "training and data efficiency, we here push the limits of pruning large-scale multimodal datasets for "
                "training CLIP-style models. We reduce the training cost to a quarter.")
    assert infer_title(abstract) == "Pruning large-scale multimodal datasets for training CLIP-style models"


def test_what_a_paper_builds_on_is_no_title_and_a_count_is_dropped_from_what_it_reports() -> None:
    """"We build on recent advances in generative modeling that turn ...": the work it starts from, and a clause
    cut at "into". "We report four intriguing emergent properties of generative classifiers" says what the paper found:
    titled without the count."""
    abstract = ("What is the best paradigm to recognize objects? We build on recent advances in generative modeling "
                "that turn text-to-image models into classifiers. This allows us to study their behavior and to compare "
                "them against discriminative models and human psychophysical data. We report four intriguing emergent "
                "properties of generative classifiers.")
    assert infer_title(abstract) == "Intriguing emergent properties of generative classifiers"
    assert repair("three types of out-of-distribution generalization") == "types of out-of-distribution generalization"


def test_what_a_contribution_is_built_on_is_no_part_of_its_title() -> None:
    """"An analysis framework based on existing techniques and work toward ..." says what the work stands on (others'
    techniques), and its "work" is a verb: no title holds it (a real abstract of the dev corpus, shortened)."""
    abstract = ("Rendering scenes observed in a monocular video from novel viewpoints is a challenging problem. "
                "To explore whether generalized dynamic novel view synthesis from monocular videos is possible today, "
                "we establish an analysis framework based on existing techniques and work toward the generalized "
                "approach. We find a pseudo-generalized process without scene-specific appearance optimization is "
                "possible.")
    title = infer_title(abstract)
    assert "existing" not in title and "work" not in title.split(), title



_SAID_BY_INITIALS = {
    "reward models": ("Reward modeling (a.k.a. preference modeling) is instrumental for aligning large language models "
                      "with human preferences. While conventional reward models (RMs) have exhibited remarkable "
                      "scalability, they often struggle with arithmetic computation, code execution, and factual lookup. "
                      "In this paper, we propose a tool-augmented preference modeling approach, named Hermes, to address "
                      "these limitations by empowering RMs with access to external environments, including calculators "
                      "and search engines. Hermes improves preference ranking on eight tasks.",
                      "Hermes: Empowering RMs with access to external environments"),
    "artificial intelligence": ("Powerful artificial intelligence systems are often used in settings where they must "
                                "interact with agents that are computationally much weaker, for example when they work "
                                "alongside humans. For AI agents to interact well in these settings, superhuman "
                                "performance alone is not sufficient. We propose a formal evaluation framework for "
                                "assessing the compatibility of near-optimal AI with interaction partners who may have "
                                "much lower skill. We apply it to chess.",
                                "Assessing the compatibility of near-optimal AI"),
    "reinforcement learning": ("Reinforcement learning (RL) theory has largely focused on proving minimax sample "
                               "complexity bounds. Our goal is to explain why deep RL algorithms often perform well in "
                               "practice, despite using random exploration and expressive function classes like neural "
                               "networks. We introduce a new RL algorithm, SQIRL, that iteratively learns a near-optimal "
                               "policy by exploring randomly and then performing a limited number of steps of fitted-Q "
                               "iteration. SQIRL works with neural networks.",
                               "SQIRL: RL algorithm"),
}


@pytest.mark.parametrize("case", sorted(_SAID_BY_INITIALS))
def test_a_setting_the_title_already_says_by_its_initials_is_not_added(case: str) -> None:
    """"RMs" are reward models, "AI" artificial intelligence, "RL" reinforcement learning: "... for reward modeling",
    "... for powerful artificial intelligence systems" or "... for reinforcement learning theory" says the setting twice,
    and a term picked instead ("for neural networks") says what the paper is not about."""
    abstract, expected = _SAID_BY_INITIALS[case]
    assert title_and_name(abstract, frozenset(), None)[0] == expected


_SSM_ABSTRACT = ("A central objective in computer vision is to design models with appropriate 2-D inductive bias. "
                 "Desiderata for 2-D inductive bias include two-dimensional position awareness, dynamic spatial locality, "
                 "and translation and permutation invariance. To address these goals, we leverage an expressive "
                 "variation of the multidimensional State Space Model (SSM). Our approach introduces efficient "
                 "parameterization, accelerated computation, and a suitable normalization scheme.")


@pytest.mark.parametrize(("summary", "title"), [
    ("A 2-Dimensional State Space Layer for Spatial Inductive Bias.", "A 2-Dimensional State Space Layer for Spatial "
                                                                     "Inductive Bias"),
    ("a Neural Layer for Spatial Inductive Bias", "A Neural Layer for Spatial Inductive Bias"),
])
def test_a_summary_written_as_a_title_is_the_title(summary: str, title: str) -> None:
    """The authors' one-line summary, written as a title (each word capitalised but the small ones), is their title;
    the abstract's opening sentence is a goal, not one ("Inductive bias for central objective in computer vision")."""
    assert title_and_name(_SSM_ABSTRACT, frozenset(), summary)[0] == title


@pytest.mark.parametrize("summary", ["We design a layer with 2-D inductive bias for vision transformers.",
                                     "Large Language Models", "State Space Layers. They Help Vision Transformers."])
def test_a_summary_that_is_a_sentence_a_field_or_two_sentences_is_not_taken_whole(summary: str) -> None:
    assert title_and_name(_SSM_ABSTRACT, frozenset(), summary)[0] != summary.rstrip(".")


def test_a_name_the_abstract_gives_stays_before_the_summarys_title() -> None:
    abstract = ("Graph streams arrive fast. We propose Mayfly, a neural data structure that summarizes graph streams "
                "in one pass. Mayfly beats sketches on six datasets.")
    title = title_and_name(abstract, frozenset(), "a Neural Data Structure for Graph Stream Summarization")[0]
    assert title == "Mayfly: A Neural Data Structure for Graph Stream Summarization"


def test_what_the_authors_did_in_a_plain_verb_is_titled_as_a_gerund() -> None:
    """"We scale the SDP for X to practical networks": without its verb the object reads as a fragment ("SDP for X to
    practical networks"); the gerund says what was done."""
    title = title_and_name("We scale the SDP for Lipschitz constant estimation to practical CIFAR10/ImageNet networks.")[0]
    assert title == "Scaling the SDP for Lipschitz constant estimation"


def test_a_finding_the_authors_report_is_not_titled_as_a_gerund() -> None:
    title = title_and_name("We show the benefit of gradient clipping for the training of deep recurrent networks.")[0]
    assert not title.startswith("Showing"), title


def test_a_field_that_addresses_something_in_the_opening_is_the_setting_of_a_bare_name() -> None:
    """"Retrieval augmentation addresses many problems of language models": the opening's subject is the field, and
    "BTR: Binary token representations" says where it applies with it."""
    abstract = ("Retrieval augmentation addresses many critical problems in large language models such as hallucination "
                "and staleness. However, running retrieval-augmented language models is slow. We introduce binary token "
                "representations (BTR), which use 1-bit vectors to precompute every token in passages.")
    assert title_and_name(abstract)[0] == "BTR: Binary token representations for retrieval augmentation"


def test_where_the_authors_benchmark_their_own_method_is_no_title() -> None:
    # "We benchmark our scoring functions on two tasks" says where the contribution was tried, not what it is.
    abstract = ("Molecular docking is critical to virtual screening, yet its throughput is limited by the expensive "
                "optimization of scoring functions. We explore how machine learning can accelerate this process. "
                "We define the scoring function as the cross-correlation of ligand and protein scalar fields. "
                "We benchmark our scoring functions on two simplified docking-related tasks: decoy pose scoring and "
                "rigid conformer docking.")
    title = infer_title(abstract)
    assert "two simplified" not in title and not title_fragment(title), title


def test_what_the_authors_also_report_is_no_title_over_what_they_introduce() -> None:
    # "We also report the first demonstration of X" is a result; "we introduce a score" is a contribution.
    abstract = ("Sampling from discrete generative models is hard. We learn a smoothed energy function and sample with "
                "Langevin Markov chain Monte Carlo. We evaluate the robustness of our approach on antibody proteins and "
                "introduce the distributional conformity score to benchmark protein generative models. We also report "
                "the first demonstration of long-run fast-mixing MCMC chains.")
    title = infer_title(abstract)
    assert "demonstration" not in title.lower() and "conformity score" in title, title


def test_a_solution_the_authors_report_is_their_contribution() -> None:
    # "we report a machine-learning solution for X" states what was made, unlike "we report the first demonstration".
    abstract = ("Mapping wing kinematics to aerodynamic forces is nontrivial in flapping-wing robots. Here, we report a "
                "machine-learning solution for the inverse mapping of a flapping-wing system. To train our model, we "
                "developed a flapping wing system that simultaneously measures the wing's aerodynamic force and its 3D "
                "motion using high-speed cameras.")
    title = infer_title(abstract)
    assert "inverse mapping" in title, title


def test_what_fills_the_gap_is_the_title_over_a_later_finding() -> None:
    # "We fill this gap by providing a comparison of X" says what the paper is; "we identify limitations" comes later.
    abstract = ("Most algorithms in reinforcement learning require a Markovian reward function. To date, there has not "
                "been any thorough analysis of how alternative formalisms relate to each other. We fill this gap in the "
                "existing literature by providing a comprehensive comparison of 17 salient objective-specification "
                "formalisms. First, we identify important expressivity limitations to consider when specifying "
                "objectives for policy optimization.")
    title = infer_title(abstract)
    assert title.startswith("Comprehensive comparison of 17 salient objective-specification formalisms"), title


def test_the_field_of_prior_methods_is_the_field_not_the_methods() -> None:
    # "Most algorithms in reinforcement learning require ...": the setting a title names is reinforcement learning.
    abstract = ("Most algorithms in reinforcement learning require a Markovian reward function. Certain tasks cannot be "
                "expressed that way. We present a naive temporal data augmentation approach that stitches trajectories. "
                "Experiments on several benchmarks show it closes the gap to dynamic programming.")
    title = infer_title(abstract)
    assert "for algorithms" not in title and title.endswith("for reinforcement learning"), title


def test_an_infinitive_without_object_is_not_turned_into_a_purpose() -> None:
    # "limitations to consider when ..." are limitations one should consider: "limitations for considering" is garbled.
    abstract = ("Most algorithms in reinforcement learning require a Markovian reward function. First, we identify "
                "important expressivity limitations to consider when specifying objectives for policy optimization. "
                "Our results matter.")
    title = infer_title(abstract)
    assert "for considering" not in title and "limitations to consider" in title, title


def test_an_ability_put_to_use_is_not_cut_from_what_it_does() -> None:
    # "leverage the ability of CL [to learn ...]": the ability alone leaves out what it is used for.
    assert problem("Leveraging the ability of Contrastive Learning") is not None
    assert problem("Evaluating the abilities of large language models") is None
    abstract = ("Contrastive Analysis is a sub-field of Representation Learning that separates salient factors of "
                "variation from common ones. Current models based on Variational Auto-Encoders perform poorly. In this "
                "work, we propose to leverage the ability of Contrastive Learning to learn semantically expressive "
                "representations when performing Contrastive Analysis.")
    title = infer_title(abstract)
    assert not title.startswith("Leveraging the ability") and not title_fragment(title), title


def test_a_result_compared_with_another_method_is_no_title() -> None:
    # "It achieves results comparable to AdamW" says how well a method did, not what the paper made or studied.
    assert problem("Results comparable to AdamW but with greater memory efficiency") is not None
    assert problem("Strong performance similar to fine-tuning") is not None
    assert problem("Results of a large-scale study of optimizers") is None
