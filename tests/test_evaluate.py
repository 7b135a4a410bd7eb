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
