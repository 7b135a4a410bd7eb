"""The quality metrics compute what they claim on tiny hand-made inputs."""

import pytest

from generator.evaluate import (
    name_recall,
    norm_phrase,
    related_scores,
    rouge_l_f1,
    tag_matches,
    tag_scores,
    title_name,
    topic_nmi,
)
from generator.evaluate_shown import (
    concept_repeats,
    everyday_word,
    number_led,
    same_concept,
    shown_scores,
    title_fragment,
    topic_name_scores,
    topic_unsaid,
)


def test_norm_phrase_folds_case_punctuation_and_plurals():
    assert norm_phrase("Graph Neural-Networks") == "graph neural network"
    assert norm_phrase("  Large   Language Models (LLMs) ") == "large language model llm"
    # Short words and "-ss" words keep their final s.
    assert norm_phrase("gas loss") == "gas loss"
    assert norm_phrase("diffusion models") == norm_phrase("Diffusion Model")


def test_tag_matches_strict_rule():
    assert tag_matches("Diffusion Models", "diffusion model")
    # Keyword inside a longer tag, as whole words.
    assert tag_matches("latent diffusion model", "diffusion model")
    # Multi-word tag inside a longer keyword.
    assert tag_matches("language model", "large language models")
    # A single generic word inside a keyword does not count...
    assert not tag_matches("learning", "reinforcement learning")
    # ...but an equal single word does.
    assert tag_matches("transformers", "Transformer")
    # Whole words only: "net" is not inside "network".
    assert not tag_matches("neural net", "neural network")
    assert not tag_matches("", "anything")


def test_generic_words_score_zero():
    gold = [["reinforcement learning", "offline policy optimization"], ["graph neural networks", "molecule generation"]]
    pred = [["learning", "policy", "model", "method", "results"], ["graph", "neural", "network", "model", "data"]]
    scores = tag_scores(pred, gold)
    assert scores["precision_at_k"] == 0
    assert scores["recall"] == 0
    assert scores["f1"] == 0


def test_tag_scores_values():
    gold = [["diffusion models", "image generation"], ["federated learning"], []]
    pred = [
        ["diffusion model", "latent image generation", "sampling", "score", "noise", "ignored sixth"],
        ["federated learning", "privacy"],
        ["diffusion model"],
    ]
    s = tag_scores(pred, gold, k=5)
    # Paper 1: 2 of 5 match, 2 of 2 keywords found; paper 2: 1/5 and 1/1; paper 3 has no gold and is skipped.
    assert s["precision_at_k"] == pytest.approx((2 / 5 + 1 / 5) / 2)
    assert s["recall"] == pytest.approx(1.0)
    assert s["f1"] == pytest.approx(2 * 0.3 * 1.0 / 1.3)
    # Exact: "latent image generation" no longer counts.
    assert s["exact_precision_at_k"] == pytest.approx((1 / 5 + 1 / 5) / 2)
    assert s["exact_recall"] == pytest.approx((1 / 2 + 1) / 2)
    assert s["papers_scored"] == 2
    # 8 distinct tags, only "diffusion model" is on two papers.
    assert s["distinct"] == 8
    assert s["shared"] == pytest.approx(1 / 8)
    assert s["per_paper"] == pytest.approx(9 / 3)


def test_tag_scores_only_first_k_count():
    gold = [["optimal transport"]]
    pred = [["a", "b", "optimal transport"]]
    assert tag_scores(pred, gold, k=2)["recall"] == 0
    assert tag_scores(pred, gold, k=3)["recall"] == 1


def test_related_scores_perfect_and_baseline():
    areas = ["rl"] * 6 + ["vision"] * 6
    keywords = [["policy gradient"]] * 6 + [["image segmentation"]] * 6
    same_group = [[j for j in range(12) if j != i and areas[j] == areas[i]] for i in range(12)]
    s = related_scores(same_group, areas, keywords, k=5)
    assert s["area_at_k"] == 1.0
    assert s["kw_at_k"] == 1.0
    # A random pick lands in the same group about 5/11 of the time, well below perfect.
    assert 0.2 < s["random_area"] < 0.8
    assert s["random_area"] == related_scores(same_group, areas, keywords, k=5)["random_area"]

    other_group = [[j for j in range(12) if areas[j] != areas[i]][:5] for i in range(12)]
    s = related_scores(other_group, areas, keywords, k=5)
    assert s["area_at_k"] == 0.0
    assert s["kw_at_k"] == 0.0


def test_related_scores_keywords_are_normalised_and_short_lists_count_as_misses():
    areas = ["a", "a", "b"]
    keywords = [["Graph Neural Networks"], ["graph neural network"], []]
    s = related_scores([[1], [0], [0]], areas, keywords, k=2)
    # Papers 0 and 1 share area and keyword with their one neighbour: 1 of 2 slots each; paper 2 (area b) none.
    assert s["area_at_k"] == pytest.approx((0.5 + 0.5 + 0) / 3)
    # Paper 2 has no keywords and is not scored on them.
    assert s["kw_at_k"] == pytest.approx(0.5)


def test_topic_nmi():
    assert topic_nmi(["x", "x", "y", "y"], ["a", "a", "b", "b"]) == pytest.approx(1.0)
    assert topic_nmi(["x", "y", "x", "y"], ["a", "a", "b", "b"]) == pytest.approx(0.0)


def test_rouge_l():
    assert rouge_l_f1("Diffusion Models for Graphs", "diffusion models for graphs") == pytest.approx(1.0)
    assert rouge_l_f1("completely different", "diffusion models") == 0.0
    # LCS "models graphs" = 2; P = 2/3, R = 2/4.
    assert rouge_l_f1("models of graphs", "diffusion models for graphs") == pytest.approx(2 * (2 / 3) * 0.5 / (2 / 3 + 0.5))
    assert rouge_l_f1("", "x") == 0.0


def test_title_name():
    assert title_name("CADS: Unleashing the Diversity of Diffusion Models") == "CADS"
    assert title_name("Tree of Thoughts: Deliberate Problem Solving") == "Tree of Thoughts"
    assert title_name("Why Do Transformers Generalise So Well: A Study") is None
    assert title_name("No colon here") is None


def test_name_recall():
    real = ["CADS: Diverse Sampling", "SetCSE: Set Operations", "Plain title", "GhostNet: Fast nets"]
    abstracts = ["We propose CADS, a sampler.", "We introduce SetCSE.", "Whatever.", "A fast network."]
    pred = ["CADS: condition annealed sampling", "Set operations with contrastive learning", "x", "GhostNet"]
    # Only CADS and SetCSE are in their abstracts; GhostNet is not and is skipped.
    assert name_recall(pred, real, abstracts) == pytest.approx(0.5)
    assert name_recall(["x"], ["Plain title"], ["abstract"]) is None
    # Whole words only.
    assert name_recall(["streets"], ["Tree: x"], ["a tree grows"]) == 0.0


def test_precision_over_all_shown_tags_and_two_to_six():
    gold = [["diffusion models"], ["federated learning"], []]
    pred = [["diffusion model", "a", "b", "c", "d", "e", "f", "g"], ["federated learning", "privacy"], ["x"]]
    s = tag_scores(pred, gold, k=5)
    # All 10 tags of the two papers with keywords count, not the first five: 2 match.
    assert s["precision_all"] == pytest.approx(2 / 10)
    assert s["two_to_six"] == pytest.approx(1 / 3)


def test_everyday_word_is_one_lower_case_common_word():
    assert everyday_word("conditions") and everyday_word("editing") and everyday_word("population")
    # Technical words, acronyms, names, compounds and phrases are not.
    for phrase in ("diffusion", "robustness", "GAN", "Adam", "3d", "zero-shot", "neural activity", ""):
        assert not everyday_word(phrase), phrase


def test_number_led_tags():
    for tag in ("three datasets", "Two models", "four large-scale", "small set", "several tasks", "10% data", "new method"):
        assert number_led(tag), tag
    for tag in ("3D reconstruction", "4-bit quantization", "one-shot learning", "large language models", "GPT-4"):
        assert not number_led(tag), tag


@pytest.mark.parametrize(
    "a, b",
    [
        ("LLMs", "large language models"),
        ("LLMs", "large-scale language models"),
        ("GNN", "graph neural networks"),
        ("GNN model", "graph neural networks"),
        ("training data", "training set"),
        ("training set", "training dataset"),
        ("ReLU networks", "ReLU neural networks"),
        ("large language models", "llm"),  # a reason's lower-case term
        ("fine-tuning", "fine tuning"),
        ("finetuning", "Fine-Tuning"),
        ("RLHF", "reinforcement learning from human feedback"),
        ("ViT", "vision transformer"),
        ("machine learning", "machine learning models"),
        ("deep neural networks", "deep neural network models"),
        ("CLIP", "contrastive language-image pre-training"),  # the last hyphenated word gives one initial
        ("aligned LLMs", "aligned large language models"),  # the same words around an acronym and its long form
    ],
)
def test_same_concept_variants(a, b):
    assert same_concept(a, b) and same_concept(b, a)


@pytest.mark.parametrize(
    "a, b",
    [
        ("SE(3)", "speech enhancement"),
        ("graph neural networks", "graph data"),  # heads of different classes: another concept
        ("detection network", "detection algorithms"),
        ("language models", "vision models"),
        ("deep learning", "deep neural networks"),
        ("map", "maximum a posteriori"),
        ("diffusion models", "score matching"),
        ("CLIP", "contrastive learning"),
    ],
)
def test_different_concepts(a, b):
    assert not same_concept(a, b)


def test_concept_repeats_lists_pairs():
    assert concept_repeats(["LLMs", "alignment", "large language models"]) == [("LLMs", "large language models")]
    assert concept_repeats(["alignment", "reasoning"]) == []


@pytest.mark.parametrize(
    "title",
    [
        "While these MLLMs are effective at generating high-quality responses suitable",
        "Although transformers scale well",
        "Can we learn faster?",
        "How the Lipschitz bound for relational learning",
        "This paper studies sparse attention",
        "Experimental and theoretical results guaranteeing the emergence",
        "Tool to investigate these questions by differentiating through similarity measures",
        "Contrastive alignment method tailored",
        "Understanding Grokking Through the Lens",
        "Social reward as a form",
        "Trading model weights in exchange",
        "Training vision-language models for remote-sensing images without",
        "Models that learn to rank and",
        "A benchmark on which large models are",
        "In a distributed machine learning setting like federated learning",
        "Modifying one step of GD so that we obtain faster convergence",
        "LEGO bricks, which seamlessly integrate local-feature enrichment",
        "By treating the LLM as a pattern machine",
        "Fusing two or more transformer-based networks exploiting Optimal Transport to align",
        "Natural decomposition of mutual information emerges for denoising diffusion models",
        "CLOC: Study a realistic streaming setting",
        "Establish a unified theoretical foundation for pruning",
        "Leveraging and selecting",
        "PitfallsKnowledgeEditing: Benchmark datasets and propose innovative evaluation metrics",
        "Multi-stage masked distillation pipeline and use a randomly initialized model",
        "Message-passing operations of GNNs with random node input in a novel fashion",
        "Instant3D: Generating 3D assets from text prompts in a feed-forward manner",
        "Study of local graph clustering using noisy node labels as a proxy",
        "Optimizing the constraint that each object",
        "Extensive analysis of how each stage for supervised fine-tuning",
        "Akin to human cognition",
        "Called slots or object files",
        "Certified training methods compute and then optimize an upper bound",
        "Sinkhorn-Newton-Sparse: Extension to the Sinkhorn algorithm, by introducing early stopping",
    ],
)
def test_title_fragment_detects_cut_titles(title):
    assert title_fragment(title) is not None


@pytest.mark.parametrize(
    "title",
    [
        "CADS: Unleashing the Diversity of Diffusion Models with Condition-Annealed Sampling",
        "Denoising Diffusion Step-aware Models",
        "Batch Normalization Revisited",
        "Language Model Cascades: Token-Level Uncertainty and Beyond",
        "Attention Is All You Need",
        "Tree of Thoughts: Deliberate Problem Solving with Large Language Models",
        "Sparse autoencoders find interpretable features in language models",
        "In-context Autoencoder for Context Compression in a Large Language Model",
        "Equivalence between ReLU networks and Gated Deep Linear Networks",
        "Learning to Rank",
        "Teaching Large Language Models to Self-Debug",
        "Maximum a posteriori inference of Gaussian Cox processes",
        "BarLeRIa: An Efficient Tuning Framework for Referring Image Segmentation",
        "Learning from Label Proportions",
        "H-NTL: Method to understand and advance the non-transferable learning problem",
        "Search and rescue with drones",
        "Learning the same way twice",
        "Known lower bounds on the model size",
        "Named entity recognition with transformers",
        "Similarity of neural network representations revisited",
        "Learning before acting in reinforcement learning",
        "Detect, then correct: two-stage training",
    ],
)
def test_title_fragment_accepts_whole_titles(title):
    assert title_fragment(title) is None


def test_shown_scores_shares():
    tags = [["conditions", "neural activity", "three datasets"], ["LLMs", "large language models"]]
    reasons = [["experimental", "graph neural networks", "gnn"], ["optimal transport"]]
    titles = ["While we study X", "Optimal transport for graphs"]
    s = shown_scores(tags, reasons, titles)
    assert s["tags_everyday"] == pytest.approx(1 / 5)
    assert s["tags_number_led"] == pytest.approx(1 / 5)
    assert s["papers_one_concept_twice"] == pytest.approx(1 / 2)
    assert s["reason_terms_everyday"] == pytest.approx(1 / 4)
    assert s["reasons_one_concept_twice"] == pytest.approx(1 / 2)
    assert s["titles_fragment"] == pytest.approx(1 / 2)
    assert shown_scores([], [], [])["tags_everyday"] == 0.0


def test_topic_name_scores():
    # The first capital is the name's formatting; "Drugs" is the everyday word "drugs".
    names = ["Drugs, solving", "Language models, optimal transport", "Optimal transport, language model", "LLMs, GANs"]
    s = topic_name_scores(names)
    assert s["everyday"] == pytest.approx(1 / 4)
    # Two names have the same words in another order and number.
    assert s["same_words"] == pytest.approx(2 / 4)
    # "LLMs" is not "language models", but it is "large language models".
    assert topic_name_scores(["Language models, optimal transport", "LLMs, GANs", "Drugs, solving"])["shares_phrase"] == 0.0
    assert topic_name_scores(["Large language models, pruning", "LLMs, RLHF"])["shares_phrase"] == 1.0
    assert s["shares_phrase"] == pytest.approx(2 / 4)
    assert topic_name_scores([]) == {"everyday": 0.0, "same_words": 0.0, "shares_phrase": 0.0}


def test_name_recall_counts_a_name_set_in_math_by_its_plain_form() -> None:
    from generator.evaluate import name_recall

    real = [r"$\texttt{NAISR}$: A 3D Neural Additive Model", r"$\pi$2vec: Policy Representation"]
    abstracts = [r"We propose $\texttt{NAISR}$, a model.", r"We introduce $\pi$2vec, a method."]
    assert name_recall(["NAISR: Neural additive model", "π2vec: Policy vectors"], real, abstracts) == 1.0
    assert name_recall(["Neural additive model", "Policy vectors"], real, abstracts) == 0.0


def test_a_topic_whose_name_neither_the_tags_nor_the_abstract_say_counts_as_unsaid() -> None:
    """The bench's share of papers shown under a topic they never mention: plurals and case folded, no topic unsaid."""
    papers = [
        (["Diffusion models", "image generation"], ["score matching"], "We train a diffusion model on faces."),
        (["Diffusion models", "image generation"], ["image generation"], "We study samplers."),
        (["Diffusion models", "image generation"], ["label noise"], "We clean noisy labels with a small model."),
        ([], ["label noise"], "A paper in no topic."),
    ]
    assert topic_unsaid(papers) == 0.5
