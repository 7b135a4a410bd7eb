"""Tags: folding of spellings and acronyms, no filler, shared by two papers, keywords and vocabulary honoured."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import numpy as np
import pytest

from generator.clean.normalise import normalise_abstract, plain_text
from generator.evaluate import tag_scores
from generator.infer.tags import (assign_tags, coined_acronyms, corpus_acronyms, corpus_evidence, evidence_unpacks,
                                  extract_candidates, find_acronyms, mentionable_acronyms, tag_key, tag_slug, text_evidence, text_facts)
# The oracle test below checks the array pick against a plain one-paper pick on random scores full of ties:
# only the picker itself takes arbitrary scores, so it reaches this one internal class (and its constants).
from generator.infer.tags.pick import (POOL, RELATIVE_CUTOFF, SUBPHRASE_PENALTY, SUPERPHRASE_PENALTY, Picker,
                                      concept_key)
from generator.model import Paper, Vocabulary

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def paper(pid: str, text: str, keywords: list[str] | None = None) -> Paper:
    """Return a paper whose abstract is `text`."""
    return Paper(id=pid, abstract=text, text=text, source=f"x.txt:{pid}", collection="c", keywords=keywords or [])


@pytest.fixture(scope="module")
def sample() -> tuple[list[Paper], list[list[str]]]:
    """Return the ICLR sample as papers (keywords withheld) and the authors' keywords."""
    records = [json.loads(line) for line in (FIXTURES / "iclr_sample.jsonl").read_text().splitlines() if line.strip()]
    papers = []
    for i, r in enumerate(records):
        md = normalise_abstract(r["abstract"])
        papers.append(Paper(id=r["id"], abstract=md, text=plain_text(md), source=f"s.jsonl:{i + 1}", collection="c"))
    return papers, [r["keywords"] for r in records]


LLM_PAPERS = [
    "Large language models (LLMs) can follow instructions. We probe LLMs with puzzles and LLMs fail.",
    "We fine-tune an LLM on code. The LLM writes programs; large language models are costly to fine-tune.",
    "A large language model is asked to plan. Planning with large language models needs search.",
]


def test_tag_key_folds_case_plurals_and_punctuation():
    assert tag_key("Graph Neural Networks") == tag_key("graph neural network")
    assert tag_key("self-supervised learning") == tag_key("Self Supervised Learning")
    assert tag_key("LLMs") == tag_key("LLM") == "llm"
    # "-ss" words and short words keep their s: "loss" is not the plural of "los".
    assert tag_key("contrastive loss") == "contrastive loss"
    assert tag_key("gas") == "gas"


def test_tag_slug_is_a_safe_file_name():
    assert tag_slug("Graph Neural Networks") == "graph-neural-networks"
    assert tag_slug("C++ / ../etc/passwd") == "c-etc-passwd"
    assert tag_slug("Schrödinger bridges") == "schrodinger-bridges"
    assert re.fullmatch(r"[a-z0-9-]+", tag_slug("!!!"))


def test_acronym_definitions_are_found():
    text = "We study graph neural networks (GNNs), out-of-distribution (OOD) data and Vision Transformers (ViTs)."
    assert find_acronyms(text) == [
        ("GNNs", "graph neural networks"), ("OOD", "out-of-distribution"), ("ViTs", "Vision Transformers"),
    ]
    # A bracket that does not spell the words before it defines nothing.
    assert find_acronyms("We report results (SOTA) here.") == []


def test_text_facts_are_definitions_and_the_stems_an_acronym_can_be():
    facts = text_facts("Large language models (LLMs) beat GNNs. We tune LLMs and a ViT on CIFAR.")
    assert facts == [[["LLMs", "Large language models"]], ["CIFAR", "GNN", "LLM", "ViT"], []]


def test_a_text_mentions_its_own_acronyms_first_then_the_corpus_majority():
    facts = [text_facts(t) for t in (
        "Quick zero rounding (QZR) is fast.",
        "Quantised zonal regression (QZR) fits maps.",
        "Quantised zonal regression (QZR) fits rivers.",
        "We apply QZR to snow with LLMs.",
    )]
    acronyms = corpus_acronyms(facts)
    assert acronyms == {"QZR": "quantised zonal regression"}
    assert mentionable_acronyms(facts[0], acronyms) == {"QZR": "quick zero rounding"}
    assert mentionable_acronyms(facts[3], acronyms) == {"QZR": "quantised zonal regression"}  # LLM: defined nowhere
    assert mentionable_acronyms(text_facts("No acronym here."), acronyms) == {}


def test_an_acronym_one_paper_coins_stands_elsewhere_only_where_its_words_are_said():
    """One paper's "integer programming (IP)" is not the "IP addresses" of a chat log; "IP" in an integer program is."""
    texts = ["Integer programming (IP) solvers branch on variables.",
             "We log conversations from 210K unique IP addresses.",
             "Our IP solver handles integer variables."]
    facts = [text_facts(t) for t in texts]
    acronyms = corpus_acronyms(facts)
    coined = coined_acronyms(facts, acronyms)
    assert coined == {"IP"}
    assert mentionable_acronyms(facts[1], acronyms, texts[1], coined) == {}
    assert mentionable_acronyms(facts[2], acronyms, texts[2], coined) == {"IP": "integer programming"}
    # Two papers defining it make it the corpus's: it stands for the long form everywhere.
    both = facts + [text_facts("Integer programming (IP) is NP-hard.")]
    assert coined_acronyms(both, corpus_acronyms(both)) == set()


def test_an_acronym_defined_by_an_adjective_takes_the_name_the_corpus_gives_it():
    """"differentially private (DP)" describes; "differential privacy (DP)" names the thing the acronym stands for."""
    facts = [text_facts(t) for t in (
        "Differentially private (DP) training clips gradients.",
        "Differentially private (DP) release adds noise.",
        "Differential privacy (DP) bounds what leaks.",
    )]
    acronyms = corpus_acronyms(facts)
    assert acronyms == {"DP": "differential privacy"}  # the name wins though the adjective is written more often
    assert mentionable_acronyms(facts[0], acronyms) == {"DP": "differential privacy"}
    alone = corpus_acronyms(facts[:2])
    assert alone == {"DP": "differentially private"}  # with no name for it, the definition stands


def test_an_adverb_and_its_adjective_are_never_a_tag():
    papers = [paper(str(i), f"Differentially private (DP) {w} training is hard. We study DP for {w} models. Under DP, "
                            f"{w} models lose accuracy.") for i, w in enumerate(["linear", "tree", "kernel"])]
    names = {t.name.lower() for t in assign_tags(papers, Vocabulary()).values()}
    assert not names & {"differentially private", "differentially-private"}, names


def test_a_name_in_a_title_case_definition_keeps_the_capital_other_definitions_give_it():
    """"Partially Observable Markov Decision Processes (POMDPs)" is shown as "partially observable Markov decision
    processes": Markov is a name wherever a definition in lower case writes it so."""
    texts = ["Agents act under uncertainty. We study a partially observable Markov decision process (POMDP) for robots. "
             "The POMDP is solved with belief updates.",
             "Partially Observable Markov Decision Processes (POMDPs) model hidden states. We learn POMDPs from data; our "
             "POMDPs are small.",
             "Partially Observable Markov Decision Processes (POMDPs) are hard to plan in. We plan in POMDPs quickly."]
    names = {n for paper_names in _tag_names(texts) for n in paper_names}
    assert "partially observable Markov decision processes" in names, names


def test_a_word_that_can_only_be_an_adjective_is_never_a_tag():
    """"Soft robots, which are amenable to new manufacturing": "amenable" qualifies a subject, it names none."""
    texts = ["Robot co-design is an emerging area. It holds promise for soft robots, which are amenable to novel "
             "manufacturing techniques. We formalize control of reconfigurable robots as a reinforcement learning problem.",
             "Sparse models are amenable to fast inference on phones. We prune language models so that they are amenable "
             "to compression. Pruned language models keep accuracy.",
             "Convex losses are amenable to analysis. We study ranking losses. Our ranking losses are amenable to optimization."]
    assert not any("amenable" in names for names in _tag_names(texts))


def test_a_multiplier_left_by_its_number_never_leads_a_tag():
    """"10 times acceleration", "3-fold speed-up": the number goes as a token, "times" must not lead the tag."""
    texts = ["Data pruning saves cost. Our method can achieve 10 times acceleration on ImageNet. Pruning keeps accuracy.",
             "We cache keys to speed up decoding. Caching gives 4 times acceleration. Decoding quality is unchanged.",
             "Sparse kernels run faster. We report 3 times acceleration of training and 2 times acceleration of inference."]
    assert not any(name.startswith(("times", "fold")) for names in _tag_names(texts) for name in names)


def test_the_second_part_of_a_hyphened_adjective_alone_is_never_a_tag():
    """"agnostic" alone (from "agnostic learning" or a broken "model-agnostic") qualifies what it does not say."""
    texts = ["We learn halfspaces when the label noise is adversarial (agnostic). Our learner is efficient in the agnostic "
             "case. The bound is tight.",
             "Our patches are agnostic to the attacker's strategy. Patches that are agnostic transfer. We test patches.",
             "The estimator is agnostic to the feature representation. Being agnostic, it runs on any features. It is fast."]
    assert not any("agnostic" in names for names in _tag_names(texts))


def test_an_acronym_a_paper_spells_out_without_brackets_takes_no_other_papers_expansion():
    # Two papers name different methods RLCD; the causal one spells its name out in capitals, without brackets
    # (a definition all the same).
    texts = ["We propose Reinforcement Learning from Contrastive Distillation (RLCD) to align language models.",
             "We develop a Rank-based Latent Causal Discovery algorithm, RLCD, that locates hidden variables. "
             "RLCD identifies the latent causal graph.",
             "We apply RLCD to align a chat model."]
    facts = [text_facts(t) for t in texts]
    acronyms = corpus_acronyms(facts)
    assert acronyms == {"RLCD": "reinforcement learning from contrastive distillation"}
    own = text_evidence(texts[1], mentionable_acronyms(facts[1], acronyms))
    assert "distillation" not in own[0] and "rank based latent causal discovery" in own[0].split("\n")
    borrowed = text_evidence(texts[2], mentionable_acronyms(facts[2], acronyms))  # a use without its own name
    assert "reinforcement learning from contrastive distillation" in borrowed[0].split("\n")
    # Another way of writing the corpus's long form is the corpus's concept, not a name of its own.
    variant = "Multi-modality Large Language Models (MLLMs) see. MLLMs read."
    facts = [text_facts("Multimodal large language models (MLLMs) are studied."), text_facts(variant)]
    mapped = mentionable_acronyms(facts[1], corpus_acronyms(facts))
    assert mapped == {"MLLM": "multimodal large language model"}


def test_an_acronym_a_paper_spells_out_with_hyphenated_words_takes_no_other_papers_expansion():
    # "Black-Box Optimization" spells BBO (a capital after each hyphen counts): the corpus's "Bayesian bilevel
    # optimization (BBO)" shares one word with it, which does not make it the same name.
    facts = [text_facts(t) for t in (
        "We study Bayesian bilevel optimization (BBO) with SGD.",
        "Meta-learning for Black-Box Optimization tunes optimizers; ours beats BBO baselines.",
        "Generative Pre-trained Transformer models such as GPT are large.",
    )]
    acronyms = corpus_acronyms(facts)
    assert acronyms["BBO"] == "bayesian bilevel optimization"
    assert mentionable_acronyms(facts[1], acronyms) == {"BBO": "black box optimization"}
    own = text_evidence("Meta-learning for Black-Box Optimization tunes optimizers; ours beats BBO baselines.",
                        mentionable_acronyms(facts[1], acronyms))
    assert "bayesian bilevel optimization" not in own[0].split("\n")
    # A lower-case part after a hyphen gives no letter: "Pre-trained" is the P of GPT, never a "PT".
    assert facts[2][2] == [["GPT", "Generative Pre-trained Transformer"]]


def test_an_acronym_a_paper_brackets_after_its_own_long_form_takes_no_other_papers_expansion():
    # "adjusted direct finetuning of the sampling process (adjusted DFT)": a word before the acronym in the bracket,
    # and a long form that does not spell it. The corpus's "density functional theory" is another DFT.
    facts = [text_facts(t) for t in (
        "Density functional theory (DFT) predicts energies.",
        "We propose adjusted direct finetuning of the sampling process (adjusted DFT); DFT reduces bias.",
        "Contrastive objectives (like CLIP) are common.",
        "Label differentially private (label DP) training is studied.",
    )]
    acronyms = corpus_acronyms(facts)
    assert acronyms["DFT"] == "density functional theory"
    assert mentionable_acronyms(facts[1], acronyms) == {"DFT": "dft"}  # its own, unexpanded
    assert facts[2][0] == []  # an example in a bracket defines nothing
    assert facts[3][0] == [["DP", "differentially private"]]


def test_text_evidence_folds_acronyms_and_refuses_truncated_counts():
    text = "Graph neural networks (GNNs) help. GNNs scale."
    evidence = text_evidence(text, mentionable_acronyms(text_facts(text), {}))
    assert "graph neural network" in evidence[0].split("\n") and "gnn" not in evidence[0].split("\n")
    assert evidence_unpacks(json.loads(json.dumps(evidence)))  # as a cache reads it back
    assert not evidence_unpacks([evidence[0], evidence[1][:-4], evidence[2]])


def test_evidence_given_or_computed_gives_the_same_tags(sample):
    papers, _ = sample
    first, second = copy.deepcopy(papers), copy.deepcopy(papers)
    evidence = json.loads(json.dumps(corpus_evidence([p.text for p in papers])))
    assert assign_tags(first, Vocabulary(), evidence=evidence) == assign_tags(second, Vocabulary())
    assert [p.tags for p in first] == [p.tags for p in second]


def test_llm_spellings_fold_into_one_tag_with_aliases():
    papers = [paper(str(i), t) for i, t in enumerate(LLM_PAPERS)]
    tags = assign_tags(papers, Vocabulary())
    tag = tags["large-language-models"]
    assert tag.name == "large language models"
    assert {"LLMs", "LLM", "large language model"} <= set(tag.aliases)
    assert tag.papers == ["0", "1", "2"]
    assert not any(slug in tags for slug in ("llm", "llms", "large-language-model"))
    assert all(p.tags[0] == "large-language-models" for p in papers)


def test_lowercase_word_is_not_mistaken_for_an_acronym():
    # "FAR" is defined, but the adverb "far" must not become "false accept rate".
    texts = [
        "The false accept rate (FAR) of face verification drops. So far, face verification is hard.",
        "Face verification at a low FAR matters; far from solved, face verification needs data.",
        "Thus far, face verification models overfit; face verification is studied here.",
    ]
    papers = [paper(str(i), t) for i, t in enumerate(texts)]
    tags = assign_tags(papers, Vocabulary())
    fa = tags.get("false-accept-rate")
    assert fa is None or fa.papers == ["0", "1"]


def test_no_generic_filler_tags(sample):
    papers, _ = sample
    tags = assign_tags(papers, Vocabulary())
    names = {t.name.lower() for t in tags.values()}
    filler = {"results", "paper", "method", "methods", "performance", "experiments", "state of the art",
              "novel approach", "approach", "framework", "we", "propose", "extensive experiments", "model"}
    assert not names & filler


def test_every_tag_has_two_papers_or_leads_its_paper_and_matches_paper_tags(sample):
    papers, _ = sample
    tags = assign_tags(papers, Vocabulary(), max_tags=8, min_tags=3)
    assert tags
    order = {p.id: i for i, p in enumerate(papers)}
    by_id = {p.id: p for p in papers}
    for slug, tag in tags.items():
        assert tag.slug == slug and re.fullmatch(r"[a-z0-9-]+", slug)
        # A tag of one paper is a phrase ("ridge regression"), never one word: the paper's first pick, or the phrase
        # a paper of fewer than two tags keeps naming.
        phrase = " " in tag.name or sum(c.isupper() for c in tag.name) >= 2  # or its acronym ("KANs")
        assert len(tag.papers) >= 2 or (phrase and (by_id[tag.papers[0]].tags[0] == slug
                                                            or len(by_id[tag.papers[0]].tags) <= 2)), tag
        assert [order[i] for i in tag.papers] == sorted(order[i] for i in tag.papers)  # corpus order
    for p in papers:
        assert len(p.tags) <= 8 and len(set(p.tags)) == len(p.tags)
        for slug in p.tags:
            assert p.id in tags[slug].papers
    # Fewer, better tags: a paper of a small corpus with little specific in common with others gets fewer, and a
    # field name ("machine learning") goes where two other tags stay; most papers keep two or more.
    assert sum(len(p.tags) >= 2 for p in papers) >= 0.6 * len(papers)


def test_sample_tags_match_author_keywords(sample):
    # The 40-paper sample is a small corpus (few shared phrases); the dev corpus scores higher.
    papers, keywords = sample
    tags = assign_tags(papers, Vocabulary())
    scores = tag_scores([[tags[s].name for s in p.tags] for p in papers], keywords, k=5)
    assert scores["f1"] >= 0.16 and scores["precision_all"] >= 0.30
    # 40 papers of many fields: a few keep a phrase no other paper names ("drug editing", "last-iterate convergence").
    assert scores["shared"] >= 0.8


def test_deterministic(sample):
    papers, _ = sample
    first = copy.deepcopy(papers)
    second = copy.deepcopy(papers)
    assert assign_tags(first, Vocabulary()) == assign_tags(second, Vocabulary())
    assert [p.tags for p in first] == [p.tags for p in second]


def test_given_keywords_come_first_and_fold():
    papers = [
        paper("a", "We train a sampler for molecules with a new sampler.", ["Diffusion Models", "molecules"]),
        paper("b", "Diffusion models generate molecules; molecules are graphs.", []),
        paper("c", "A study of protein design.", ["diffusion model", "Protein Design"]),
    ]
    tags = assign_tags(papers, Vocabulary())
    assert papers[0].tags[0] == "diffusion-models"
    assert papers[2].tags[0] == "diffusion-models"
    assert tags["diffusion-models"].papers == ["a", "b", "c"]
    # "Protein Design" is given by one paper and mentioned by no other: a tag page of one paper is not made.
    assert "protein-design" not in tags


def test_vocabulary_preferred_names_and_banned_tags():
    papers = [paper(str(i), t) for i, t in enumerate(LLM_PAPERS)]
    vocab = Vocabulary(preferred={"llm": "foundation models", "large language model": "foundation models",
                                  "foundation model": "foundation models"},
                       banned={"language model"})
    tags = assign_tags(papers, vocab)
    assert "foundation-models" in tags and "large-language-models" not in tags
    assert tags["foundation-models"].name == "foundation models"
    assert "LLMs" in tags["foundation-models"].aliases
    assert "language-models" not in tags
    assert all(p.tags == ["foundation-models"] for p in papers)


def test_candidates_skip_verbs_and_stopwords():
    keys = {o.key for o in extract_candidates("We propose a novel approach that significantly improves graph neural networks.")}
    assert "graph neural network" in keys
    assert not keys & {"propose", "novel approach", "approach", "significantly", "we"}


def test_empty_and_tiny_corpora():
    assert assign_tags([], Vocabulary()) == {}
    lone = paper("x", "Graph neural networks on molecules.")
    assert assign_tags([lone], Vocabulary()) == {} and lone.tags == []


def _one_paper_pick(scores: dict[str, float], given: list[str], allowed: set[str], max_tags: int, min_tags: int) -> list[str]:
    """Return one paper's pick as the method states it: its allowed keywords, then the best candidate
    after redundancy penalties, one at a time, until max_tags or below a share of the best score."""
    chosen = [k for k in given if k in allowed][:max_tags]
    pool = dict((k, s) for _, k, s in sorted((-s, k, s) for k, s in scores.items()
                                             if k in allowed and k not in chosen)[:POOL * max_tags])
    best = max(pool.values(), default=0.0)

    def drop_concept(key: str) -> None:
        """Remove from the pool every key naming the concept of a chosen key, and its single words."""
        for other in [k for k in pool if concept_key(k) == concept_key(key)
                      or (" " not in k and f" {k} " in f" {key} " and k != key)]:
            del pool[other]

    for key in chosen:
        drop_concept(key)

    def redundancy(key: str) -> float:
        factor = 1.0
        for c in chosen:
            if f" {key} " in f" {c} ":
                factor *= SUBPHRASE_PENALTY
            elif f" {c} " in f" {key} ":
                factor *= SUPERPHRASE_PENALTY
        return factor

    while pool and len(chosen) < max_tags:
        value, key = max((s * redundancy(k), k) for k, s in pool.items())
        if len(chosen) >= min_tags and value < RELATIVE_CUTOFF * best:
            break
        chosen.append(key)
        del pool[key]
        drop_concept(key)
    return chosen


@pytest.mark.parametrize("seed", range(6))
def test_all_papers_picked_at_once_as_one_paper_at_a_time(seed):
    """The array pick of every paper equals the plain one-paper pick, ties and sub-phrases included."""
    import random

    rng = random.Random(seed)
    words = ["graph", "neural", "network", "language", "model", "large", "learning", "deep", "policy", "data", "set"]
    phrases = sorted({" ".join(rng.sample(words, rng.randint(1, 3))) for _ in range(60)}
                     | {" ".join(rng.choices(words[:3], k=rng.randint(9, 12))) for _ in range(8)})  # long keys
    keys = rng.sample(phrases, len(phrases))  # key ids not in key order: ties are broken by key, not id
    rows = [(i, k) for i in range(80) for k in rng.sample(range(len(keys)), rng.randint(0, 40))]
    given = [rng.sample(range(len(keys)), rng.randint(0, 3)) for _ in range(80)]
    paper, key = (np.array(column, dtype=np.int64) for column in zip(*rows))
    # Few distinct scores, so equal values (broken by key) are common; NaN: cannot be a tag.
    score = np.array([rng.choice([np.nan, 0.0, 0.25, 0.5, 1.0, 1.5, 3.0]) for _ in rows])
    max_tags, min_tags = rng.choice([(8, 3), (3, 1), (5, 5)])
    picker = Picker(keys, paper, key, given, score, max_tags, min_tags)
    for _ in range(3):
        allowed = np.array([rng.random() < 0.8 for _ in keys])
        which = np.array(sorted(rng.sample(range(80), rng.randint(1, 80))), dtype=np.int64)
        got = picker.pick(which, allowed)
        for i, picked in zip(which.tolist(), got):
            scores = {keys[k]: float(s) for p, k, s in zip(paper, key, score) if p == i and not np.isnan(s)}
            expected = _one_paper_pick(scores, [keys[k] for k in given[i]],
                                       {k for k, ok in zip(keys, allowed) if ok}, max_tags, min_tags)
            assert [keys[k] for k in picked] == expected


def test_a_compound_thousands_of_words_long_is_a_tag_like_any_other():
    """A hyphenated run of 3,000 parts (one token) in two abstracts becomes their shared tag, quickly and in
    little memory: sub-phrases are looked up word by word, not listed (4.5 million runs of up to 3,000 words)."""
    compound = "-".join(f"w{i}" for i in range(3000))
    papers = [paper("a", f"We study {compound} models for graphs. The {compound} helps graph learning."),
              paper("b", f"A {compound} approach to graph learning with {compound}."),
              paper("c", "Graph learning with models for graphs.")]
    tags = assign_tags(papers, Vocabulary())
    shared = [slug for slug in papers[0].tags if slug in papers[1].tags and slug.startswith("w0-w1-w2")]
    assert shared and tags[shared[0]].papers == ["a", "b"]


def test_everyday_single_words_are_no_tags():
    """One lowercase word of everyday English ("conditions") names nothing a reader files a paper under."""
    texts = ["Spiking neural networks under varied conditions. Conditions change; spiking neural networks adapt.",
             "Conditions matter for spiking neural networks. We vary conditions of spiking neural networks."]
    papers = [paper(str(i), t) for i, t in enumerate(texts)]
    tags = assign_tags(papers, Vocabulary())
    names = {t.name for t in tags.values()}
    assert "spiking neural networks" in names and "conditions" not in names


def test_number_and_quantifier_led_phrases_are_no_candidates():
    keys = {o.key for o in extract_candidates(
        "On three datasets and two models, several baselines fail; a small set of samples and large models too.")}
    assert not {k for k in keys if " " in k and k.split()[0] in {"three", "two", "several", "small", "large"}}
    # A size word before a concept is part of its name.
    assert "large language model" in {o.key for o in extract_candidates("We probe large language models.")}


def test_acronyms_fold_only_where_some_paper_defines_them():
    undefined = [paper("a", "A GNN on molecules. The GNN learns molecules."),
                 paper("b", "We train a GNN for molecules with a GNN readout.")]
    tags = assign_tags(undefined, Vocabulary())
    assert "GNN" in {t.name for t in tags.values()}
    defined = copy.deepcopy(undefined) + [paper("c", "Graph neural networks (GNNs) are studied; GNNs pass messages.")]
    tags = assign_tags(defined, Vocabulary())
    assert "graph neural networks" in {tags[s].name for s in defined[0].tags}


def test_group_names_are_not_the_acronym_they_start_with():
    """"SE(3)" is a group, not "speech enhancement (SE)", even where the corpus defines SE."""
    acronyms = corpus_acronyms([text_facts("Speech enhancement (SE) removes noise.")])
    keys = {o.key for o in extract_candidates("We build SE(3)-equivariant networks on SE(3).", acronyms)}
    assert "speech enhancement" not in " ".join(keys)
    assert any(k.startswith("se 3") for k in keys)


def test_an_acronym_inside_a_slashed_name_is_not_that_acronym():
    """"TCP/IP" is a protocol suite, not "integer programming (IP)", even where the corpus defines IP."""
    acronyms = corpus_acronyms([text_facts("Integer programming (IP) solvers branch on variables.")])
    keys = {o.key for o in extract_candidates("Workers talk over TCP/IP networks.", acronyms)}
    assert not any("integer programming" in k for k in keys) and "tcp ip network" in keys, keys
    alone = {o.key for o in extract_candidates("An IP solver is fast.", acronyms)}
    assert "integer programming" in alone, alone  # the defined acronym on its own still folds


def test_tokens_keep_inner_dots():
    surfaces = {o.surface for o in extract_candidates("Federated learning on non-i.i.d. clients with GPT-3.5 prompts.")}
    assert "non-i.i.d. clients" in surfaces and "GPT-3.5 prompts" in surfaces
    assert not {s for s in surfaces if s in {"non-i", "GPT-3"}}


def test_negated_mentions_are_no_candidates():
    keys = {o.key for o in extract_candidates("We adapt vision transformers without any fine-tuning. It does not need labels.")}
    assert "vision transformer" in keys and not keys & {"fine tuning", "label"}
    assert "graph" in {o.key for o in extract_candidates("Not only graph methods but also others.")}


def test_one_paper_shows_one_tag_per_concept():
    texts = ["The training data and the training set of deep neural networks and deep networks. Training data.",
             "Deep neural networks need training data; deep networks need a training set. Training set."]
    papers = [paper(str(i), t) for i, t in enumerate(texts)]
    tags = assign_tags(papers, Vocabulary())
    for p in papers:
        concepts = [concept_key(tag_key(tags[s].name)) for s in p.tags]
        assert len(concepts) == len(set(concepts)), [tags[s].name for s in p.tags]
    assert concept_key("training data") == concept_key("training set") and concept_key("relu neural network") == concept_key("relu network")


def _tag_names(texts: list[str]) -> list[list[str]]:
    """Return each text's tag names, the texts made one corpus."""
    papers = [paper(str(i), t) for i, t in enumerate(texts)]
    tags = assign_tags(papers, Vocabulary())
    return [[tags[s].name for s in p.tags] for p in papers]


def test_verb_led_phrases_are_no_tags():
    """"train models" names no subject: the corpus uses "train" as a verb (followed by a determiner)."""
    texts = [f"We train models for protein folding. To train the network we train a transformer on {x}."
             for x in ("enzymes", "antibodies", "peptides")]
    names = {n for paper_names in _tag_names(texts) for n in paper_names}
    assert "protein folding" in names and not {n for n in names if n.startswith("train")}


def test_common_single_words_are_no_tags_but_rare_ones_are():
    """"similarity" (zipf 3.4 or more) is too vague a tag; "interpretability" names a subject."""
    texts = [f"Similarity of representations and interpretability of {x}. We measure similarity for interpretability."
             for x in ("vision transformers", "language encoders")]
    names = {n for paper_names in _tag_names(texts) for n in paper_names}
    assert "interpretability" in names and "similarity" not in names


def test_one_word_of_a_tag_and_a_size_variant_are_not_second_tags():
    """"primitives" beside "gaussian primitives", "language models" beside "large language models": one subject."""
    texts = ["Gaussian primitives render scenes; primitives are splatted. Large language models and language "
             "models caption the gaussian primitives.",
             "We prune gaussian primitives and merge primitives. Large language models and language models plan."]
    for names in _tag_names(texts):
        assert "gaussian primitives" in names and "primitives" not in names
        assert ("large language models" in names) != ("language models" in names)


def test_an_acronym_tag_is_named_by_the_long_form_a_paper_defines():
    """"Mixture of experts" is no run of content words ("of"), so only "MoE" is ever a candidate: its tag is named
    by the long form the definition writes, the acronym kept as an alias for search."""
    texts = ["A mixture of experts (MoE) routes tokens. We train MoE layers; MoE routing is sparse.",
             "Sparse MoE models scale; each MoE expert is small and MoE training is unstable."]
    papers = [paper(str(i), t) for i, t in enumerate(texts)]
    tags = assign_tags(papers, Vocabulary())
    assert "mixture-of-experts" in tags and "MoE" in tags["mixture-of-experts"].aliases


def test_the_tail_of_a_chosen_tag_is_not_a_second_tag():
    """"series analysis" is only ever the end of "time series analysis": beside it, it is no tag of its own."""
    texts = [f"Time series analysis of {x}. We study time series analysis with convolutions; time series analysis "
             f"of {x} needs long contexts." for x in ("sensor streams", "power grids", "traffic counts")]
    for names in _tag_names(texts):
        assert "time series analysis" in names and "series analysis" not in names


def _umbrella_corpus() -> list[Paper]:
    """Return 12 papers: all mention "widget networks"; six also share "sparse tensor sketches"."""
    fields = ["protein folding", "crop yields", "bird song", "tax policy", "galaxy surveys", "traffic lights"]
    papers = [paper(f"u{i}", f"We study {f} with widget networks. Widget networks help {f} data.") for i, f in enumerate(fields)]
    papers += [paper(f"s{i}", "Widget networks compress data. We propose sparse tensor sketches; sparse tensor "
                     f"sketches of order {i} beat dense sketches.") for i in range(6)]
    return papers


def test_a_tag_whose_papers_have_nothing_else_in_common_is_dropped() -> None:
    papers = _umbrella_corpus()
    rng = np.random.default_rng(0)
    # The six papers of one method are alike; the other six are about unrelated things (random directions).
    alike = rng.normal(size=8)
    rows = [rng.normal(size=8) for _ in range(6)] + [alike + 0.05 * rng.normal(size=8) for _ in range(6)]
    embedding = np.array([r / np.linalg.norm(r) for r in rows])
    without = assign_tags(copy.deepcopy(papers), Vocabulary())
    assert "widget-networks" in without  # without the embedding, the shared phrase is a tag
    tags = assign_tags(papers, Vocabulary(), embedding=lambda: embedding)
    assert "widget-networks" not in tags and all("widget-networks" not in p.tags for p in papers)
    assert "sparse-tensor-sketches" in tags and all("sparse-tensor-sketches" in p.tags for p in papers[6:])


def test_an_umbrella_tag_the_user_names_stays() -> None:
    papers = _umbrella_corpus()
    embedding = np.eye(12)  # no two papers alike at all
    tags = assign_tags(papers, Vocabulary(preferred={"widget networks": "widget networks"}), embedding=lambda: embedding)
    assert "widget-networks" in tags


def test_papers_a_phrase_was_background_to_count_when_umbrella_tags_are_judged() -> None:
    """Three papers open with "widget networks", six name it once in passing: it is the three's tag only, too few
    papers to judge alone, yet the nine papers naming it have nothing in common, so it is an umbrella."""
    fields = ["protein folding", "crop yields", "bird song"]
    papers = [paper(f"u{i}", f"Widget networks for {f}. We study {f} at scale.") for i, f in enumerate(fields)]
    papers += [paper(f"s{i}", f"Sparse tensor sketches of order {i}. We propose sparse tensor sketches. They outperform "
                     "widget networks.") for i in range(6)]
    without = assign_tags(copy.deepcopy(papers), Vocabulary())
    assert "widget-networks" in without and len(without["widget-networks"].papers) == 3
    tags = assign_tags(papers, Vocabulary(), embedding=lambda: np.eye(9))  # no two papers alike
    assert "widget-networks" not in tags


def test_a_mention_in_an_aside_is_marked_but_not_one_in_a_contribution():
    """"Unlike traditional approaches like RLHF" names others' work; "we propose X, unlike Y" states the paper's own
    X, and Y is denied (as after "without"); "existing" in a contribution sentence is the paper speaking, no aside."""
    aside = {o.key: o.aside for o in extract_candidates(
        "Alignment matters. Unlike traditional approaches like reward modelling, it is cheap. "
        "We propose preference tuning, unlike policy distillation. Preference tuning scales. "
        "We extend existing sparse attention to graph transformers.")}
    assert aside["reward modelling"] and not aside["preference tuning"] and "policy distillation" not in aside
    assert not aside["sparse attention"] and not aside["graph transformer"]


def test_examples_a_contribution_sentence_names_on_the_way_are_asides():
    """"Our method generalizes to architectures such as CNNs": the paper's method is its own, the examples are not."""
    aside = {o.key: o.aside for o in extract_candidates(
        "Metanetworks process weights. We propose graph metanetworks, which generalize to layers such as multi-head "
        "attention and group-equivariant convolutions, including normalization layers.")}
    assert not aside["graph metanetwork"]
    assert aside["multi head attention"] and aside["group equivariant convolution"] and aside["normalization layer"]


def test_the_tasks_a_result_was_shown_on_are_asides():
    """"Results on A, B, C and D tasks" names where the method was tried, not what it is; a list the paper studies
    ("we study A, B and C") and a sentence of no result are no aside."""
    aside = {o.key: o.aside for o in extract_candidates(
        "We propose token pruning for vision transformers. It achieves state-of-the-art results on image "
        "classification, transfer learning, and semantic segmentation tasks. We study pruning, distillation and "
        "quantization of networks. Token pruning relies on attention maps, layer norms, and residual streams.")}
    assert aside["transfer learning"] and aside["semantic segmentation"] and aside["image classification"]
    assert not aside["token pruning"] and not aside["vision transformer"] and not aside["distillation"]
    assert not aside["attention map"] and not aside["residual stream"]


def test_a_phrase_named_once_in_an_aside_gives_way_to_one_the_paper_is_about():
    """The same two phrases in the same places: named once beside others' work, "message passing" is a passing
    mention and the paper's second tag is what it studies; named plainly, it stays the second tag (a third paper
    shares both phrases, so that either can be a tag)."""
    texts = ["Graph neural networks learn from molecules. Unlike earlier work such as message passing, they scale. "
             "Later we apply graph neural networks to protein folding.",
             "Graph neural networks learn from molecules. Message passing lets them scale. "
             "Later we apply graph neural networks to protein folding.",
             "Protein folding is hard. We use message passing for protein folding and message passing for docking."]
    papers = [paper(str(i), t) for i, t in enumerate(texts)]
    tags = assign_tags(papers, Vocabulary(), max_tags=2)
    aside, plain = ([tags[s].name for s in p.tags] for p in papers[:2])
    assert aside == ["graph neural networks", "protein folding"]
    assert plain == ["graph neural networks", "message passing"]


def _capacity_corpus(mentions: int) -> list[str]:
    """Return twelve texts on different subjects, each naming "model capacity" `mentions` times."""
    subjects = ["spiking networks", "protein folding", "weather forecasting", "music generation", "robot grasping",
                "code repair", "speech enhancement", "graph matching", "image dehazing", "table parsing",
                "crop monitoring", "chess engines"]
    return [f"{s.capitalize()} depends on model capacity. We study {s} with a large model of enough capacity. "
            + " ".join(["Model capacity limits it."] * (mentions - 1)) + f" Our {s} beat every model."
            for s in subjects]


def test_field_furniture_is_no_tag():
    """"model capacity": both words are in every paper, and the papers name the phrase once each (field furniture);
    named three times a paper, the same phrase is what those papers are about."""
    once = {n for names in _tag_names(_capacity_corpus(1)) for n in names}
    assert "model capacity" not in once
    thrice = _tag_names(_capacity_corpus(3))
    assert all("model capacity" in names for names in thrice)


def test_field_furniture_an_author_gives_as_a_keyword_stays():
    papers = [paper(str(i), t, ["model capacity"] if i < 2 else None) for i, t in enumerate(_capacity_corpus(1))]
    tags = assign_tags(papers, Vocabulary())
    assert "model-capacity" in papers[0].tags and "model-capacity" in tags


def test_a_small_corpus_has_no_furniture():
    """In a corpus of three papers every word is in most of them: none is widespread enough to make furniture."""
    texts = _capacity_corpus(1)[:3]
    assert all("model capacity" in names for names in _tag_names(texts))


def _approximation_corpus(n: int, mentions: int) -> list[str]:
    """Return n texts on different graphs, each naming "approximation" `mentions` times and two phrases each shared
    with a few other texts."""
    graphs = ["social", "road", "citation", "protein", "power", "airline", "trade", "email", "brain", "web", "gene",
              "food"][:n]
    pairs = ["kernel regression", "belief propagation", "spectral clustering", "random walks", "graph cuts",
             "label propagation"]
    return [f"Graphs of {x} matter. " + " ".join(["Approximation helps."] * mentions)
            + f" {pairs[i // 2].capitalize()} too. {pairs[(i // 2 + 1) % len(pairs)].capitalize()} as well."
            for i, x in enumerate(graphs)]


def test_a_plain_word_named_once_gives_way_to_a_phrase():
    """"approximation", used by many papers and named once by each, is rarely what one is about: beside a phrase of
    the same place and weight it is the one left out. Named twice a paper, or shared by a few papers only, it stays."""
    assert all("approximation" not in names and len(names) == 2 for names in _tag_names(_approximation_corpus(12, 1)))
    assert all("approximation" in names for names in _tag_names(_approximation_corpus(12, 2)))
    assert all("approximation" in names for names in _tag_names(_approximation_corpus(3, 1)))


def test_a_word_with_letters_of_any_script_is_one_token():
    """"Schrödinger bridge" is no "dinger bridge"."""
    keys = {o.key for o in extract_candidates("We solve the Schrödinger bridge problem with a naïve sampler.")}
    assert "schrodinger bridge" in keys and "dinger bridge" not in keys and "ve sampler" not in keys


def test_a_benchmark_of_a_tag_is_the_same_concept():
    assert concept_key("code generation benchmark") == concept_key("code generation")


def _tag_names(texts: list[str]) -> list[set[str]]:
    """Return each text's shown tag names, assigned over the texts as one corpus."""
    papers = [paper(f"p{i}", t) for i, t in enumerate(texts)]
    tags = assign_tags(papers, Vocabulary())
    return [{tags[s].name for s in p.tags} for p in papers]


def test_two_generic_nouns_or_a_participle_and_a_generic_noun_are_no_tag():
    """"Model outputs" and "pre-trained models" are true of any paper of a field and name nothing to file it under;
    the concept beside them stays."""
    texts = [f"Quantile calibration of model outputs. We calibrate model outputs of pre-trained models with "
             f"quantile calibration on {domain}; quantile calibration fixes model outputs of pre-trained models."
             for domain in ("images", "speech", "tables")]
    for names in _tag_names(texts):
        assert "quantile calibration" in names
        assert not names & {"model outputs", "pre-trained models"}
    agnostic = [f"Task-agnostic pruning of {x}. We prune {x} task-agnostic, and task-agnostic pruning keeps accuracy."
                for x in ("transformers", "convolutions", "recurrences")]
    for names in _tag_names(agnostic):
        assert "task-agnostic" not in names and "task-agnostic pruning" in names


@pytest.mark.parametrize("word, sentences", [
    # "A surprising observation" says how the authors rate what they saw, not what it is about.
    ("surprising", "We make a surprising observation: rotation prediction hurts {x}. The surprising observation holds, "
                   "and rotation prediction fails on {x} again."),
    # "Models sometimes fail": "sometimes" says how often, and "models sometimes" names nothing.
    ("sometimes", "Models sometimes fail at rotation prediction on {x}; models sometimes recover, and rotation "
                  "prediction improves on {x}."),
])
def test_a_judgement_of_a_finding_or_an_adverb_is_no_word_of_a_tag(word: str, sentences: str):
    """A tag never holds a word that rates a finding or says how often; the concept beside it stays."""
    texts = [f"Rotation prediction for {x}. " + sentences.format(x=x) for x in ("faces", "scans", "maps")]
    for names in _tag_names(texts):
        assert "rotation prediction" in names
        assert not {n for n in names if word in n}, names


def test_a_phrase_every_paper_names_once_in_passing_is_background():
    """Six papers name "performance gap" once, late: it is background, no tag. When they repeat it, it is what they
    study and becomes their tag."""
    topics = ["sparse probing", "token pruning", "label smoothing", "graph rewiring", "prompt caching", "weight decay"]
    once = [f"{t.capitalize()} matters for {t} systems. We study {t} at scale. {t.capitalize()} closes the performance "
            f"gap with dense baselines." for t in topics]
    assert not any("performance gap" in names for names in _tag_names(once))
    twice = [f"{t.capitalize()} matters for {t} systems. We study the performance gap of {t}. {t.capitalize()} "
             f"closes the performance gap with dense baselines." for t in topics]
    assert all("performance gap" in names for names in _tag_names(twice))


def test_a_pre_trained_variant_of_a_tag_is_the_same_concept():
    """"Pre-trained language models" beside "language models" is one concept shown twice."""
    texts = [("Language models memorize. We probe pre-trained language models and language models for memorization; "
              "language models memorize rare facts."),
             "Language models reason. Pre-trained language models and language models solve puzzles by memorization.",
             "Language models plan. We prompt pre-trained language models to plan; language models fail at planning."]
    for names in _tag_names(texts):
        assert len(names & {"language models", "pre-trained language models"}) == 1


def test_a_versioned_name_named_in_passing_is_a_tool_not_a_tag():
    """Papers that compare against GPT-4 twice are not about GPT-4; papers that name it again and again are."""
    subjects = ["theorem proving", "theorem proving", "table parsing", "table parsing"]
    once = [f"{s.capitalize()} is hard. We study {s} at scale. Our method outperforms GPT-4, and GPT-4 fails at {s}."
            for s in subjects]
    assert not any("GPT-4" in names for names in _tag_names(once))
    often = [f"{s.capitalize()} with GPT-4. We prompt GPT-4 for {s}, and GPT-4 solves {s} well." for s in subjects]
    assert all("GPT-4" in names for names in _tag_names(often))


def test_a_hyphenated_last_word_of_a_long_form_gives_one_initial():
    """"Contrastive Language-Image Pre-training (CLIP)" defines CLIP ("pre-training" gives the P), so CLIP folds into
    it rather than into video "clips"; a hyphenated first word still gives an initial per part."""
    assert ("CLIP", "Contrastive Language-Image Pre-training") in find_acronyms(
        "We revisit Contrastive Language-Image Pre-training (CLIP) for retrieval.")
    assert find_acronyms("Large-scale Language Models (LLMs) are costly.") == []
    assert ("LoRA", "Low-Rank Adaptation") in find_acronyms("We use Low-Rank Adaptation (LoRA) to fine-tune.")


def test_a_phrase_after_an_adverb_is_the_tail_of_a_longer_one():
    """"Observable decision games" only ever follows "partially": beside "partially observable decision games" (an
    acronym's long form) it is a piece of that tag, not a second one."""
    texts = [f"Partially observable decision games (PODGs) model {x}. We solve PODGs: partially observable decision "
             f"games need memory, and PODGs of {x} are hard." for x in ("poker", "auctions", "patrols")]
    for names in _tag_names(texts):
        assert "partially observable decision games" in names and "observable decision games" not in names


def test_a_name_keeps_its_capital_in_a_tag_a_spelled_out_form_does_not() -> None:
    papers = [
        paper("a", "We sample from a Markov chain with Monte Carlo sampling. Each Markov chain mixes fast."),
        paper("b", "Mixing of a Markov chain is slow in high dimensions. We bound the Markov chain's spectral gap by "
                   "Monte Carlo sampling."),
        paper("c", "Graph neural networks are popular. We train graph neural networks on molecules."),
        paper("d", "Graph Neural Networks (GNNs) learn from graphs. We prune graph neural networks for speed."),
    ]
    tags = assign_tags(papers, Vocabulary())
    names = {t.name for t in tags.values()}
    assert "Markov chain" in names and "Monte Carlo sampling" in names, names
    assert "graph neural networks" in names, names  # "Graph" opens sentences; "Graph Neural Networks (GNNs)" spells out


def _field_corpus() -> list[str]:
    """Return fifteen abstracts that open by naming their field ("machine learning"): nine name it once and have
    three specific subjects each, two name it once and have one subject, two repeat it, two have no other subject."""
    triples = [("sparse probing", "token pruning", "label smoothing"), ("graph rewiring", "prompt caching", "weight decay"),
               ("kernel herding", "beam search", "mode connectivity")]
    texts = [f"Machine learning has changed how {a} is studied. We study {a}, {b} and {c}. {a.capitalize()} "
             f"improves {b}, and {c} helps {b}; {a} and {c} are cheap."
             for a, b, c in triples for _ in range(3)]
    texts += ["Machine learning has changed how reward shaping is studied. We study reward shaping. Reward "
              "shaping is cheap."] * 2
    texts += ["Machine learning for data pricing. We study machine learning of data pricing. Data pricing with machine "
              "learning is cheap."] * 2
    texts += ["Machine learning is everywhere. We survey what is known and what is not."] * 2
    return texts


def test_a_field_its_papers_open_with_once_is_no_tag_beside_specific_ones():
    """Abstracts that open with "machine learning" sit in that field: a paper with specific tags shows those, even one
    alone, rather than the field beside it (fewer, better tags); a paper with nothing else to show keeps the field."""
    names = _tag_names(_field_corpus())
    for shown in names[:9]:
        assert "machine learning" not in shown and len(shown) >= 3
    assert names[9:13] == [{"reward shaping"}] * 2 + [{"data pricing"}] * 2
    assert names[13:] == [{"machine learning"}] * 2


def test_a_field_kept_as_a_tag_is_marked_as_the_field():
    """The field the papers sit in ("machine learning") is marked on its Tag, so no topic is named by it; their
    subjects are not."""
    papers = [paper(f"p{i}", t) for i, t in enumerate(_field_corpus())]
    tags = {t.name: t for t in assign_tags(papers, Vocabulary()).values()}
    assert tags["machine learning"].is_field
    assert not tags["reward shaping"].is_field and not tags["data pricing"].is_field


# Each case: three abstracts of one field that repeat a phrase naming a part of their setup (junk) beside their subject.
_SETUP_CASES = {
    "role": ("target distribution", "wage inequality",
             "Wage inequality in {x}. We reweight the target distribution of {x} wages; wage inequality and the target "
             "distribution move together, and wage inequality grows."),
    "space": ("pixel space", "gravitational lensing",
              "Gravitational lensing of {x}. We fit lens models in pixel space for {x}; gravitational lensing in pixel "
              "space constrains mass, and gravitational lensing bends light."),
    "property data": ("high-resolution images", "cell migration",
                      "Cell migration in {x}. We track cell migration in high-resolution images of {x}; "
                      "high-resolution images show cell migration speeds."),
    "activity process": ("folding process", "protein folding",
                         "Protein folding of {x}. We simulate the folding process of {x}; protein folding and the "
                         "folding process are slow, and protein folding fails."),
    "one at a time": ("individual samples", "label noise",
                      "Label noise in {x}. We weigh individual samples of {x} by their loss; label noise hides in "
                      "individual samples, and label noise hurts."),
    "trainable furniture": ("tunable parameters", "Ising model",
                            "The Ising model of {x}. We fit tunable parameters of the Ising model for {x}; tunable "
                            "parameters set the Ising model couplings."),
}


@pytest.mark.parametrize("case", sorted(_SETUP_CASES))
def test_a_part_of_a_setup_is_no_tag_the_subject_beside_it_is(case):
    """"Target distribution", "pixel space", "high-resolution images", "folding process", "tunable parameters" say where
    or how a study is set up, not what it is about (tags/generic.py); "source separation"-like subjects stay."""
    junk, subject, template = _SETUP_CASES[case]
    for names in _tag_names([template.format(x=x) for x in ("spring", "summer", "autumn")]):
        assert junk not in names and subject in names, names


def _descent_corpus(alone: tuple[str, ...]) -> list[set[str]]:
    """Return the tags of papers that write "gradient descent" on its own (one per word of `alone`), then of seven that
    only ever write "stochastic gradient descent"."""
    texts = [f"Gradient descent on {x}. Gradient descent with momentum converges on {x} objectives, and gradient descent "
             f"is simple." for x in alone]
    texts += [f"Stochastic gradient descent for {x}. Our analysis of stochastic gradient descent on {x} with {y} is tight; "
              f"stochastic gradient descent with {y} converges on {x}."
              for x, y in (("matrix sensing", "weight decay"), ("phase retrieval", "label noise"),
                           ("tensor completion", "weight decay"), ("linear regression", "label noise"),
                           ("logistic regression", "weight decay"), ("kernel regression", "label noise"),
                           ("sparse coding", "weight decay"))]
    return _tag_names(texts)


def test_a_tag_the_corpus_mostly_writes_inside_longer_terms_is_not_shown_beside_the_longer_one():
    """Seven papers only ever write "stochastic gradient descent": "gradient descent", which two of the nine naming it
    write alone, is a piece of their tag, not a second one. Where enough papers write it alone (six of thirteen) it is a
    term of its own, and stays beside the longer one, as "reinforcement learning" beside "offline reinforcement
    learning"."""
    few = _descent_corpus(("convex", "quadratic"))
    assert all("gradient descent" in names for names in few[:2]), few
    assert all("stochastic gradient descent" in names and "gradient descent" not in names for names in few[2:]), few
    many = _descent_corpus(("convex", "quadratic", "smooth", "sparse", "robust", "linear"))
    assert all({"stochastic gradient descent", "gradient descent"} <= names for names in many[6:]), many


def _localization_corpus(alone: int) -> list[set[str]]:
    """Return the tags of eight papers that only ever write "<kind> localization", then of `alone` that write
    "localization" on its own."""
    kinds = ("visual", "sound", "object", "acoustic", "camera", "speaker", "landmark", "keypoint")
    texts = [f"{a.capitalize()} localization with {b} and {c}. We study {a} localization from {b}; {a} localization by "
             f"{c} is precise, and {b} help {c}."
             for a, b, c in zip(kinds, ("street images", "microphone arrays") * 4,
                                ("graph matching", "beam search", "beam search", "graph matching") * 2)]
    texts += [f"Localization of {x}. Localization is hard: we improve localization of {x} with graph matching, and graph "
              f"matching helps." for x in ("tumours", "robots", "drones", "vessels")[:alone]]
    return _tag_names(texts)


def test_a_word_a_paper_and_most_of_the_corpus_write_only_inside_longer_terms_is_no_tag_of_it():
    """Eight papers write only "visual localization", "sound localization" and the like: "localization" alone is a
    piece of their terms, not their subject, where two papers of ten write it on its own; those two keep it. Where
    four of twelve do, the corpus uses it as a term of its own, and every paper keeps it."""
    few = _localization_corpus(2)
    assert all("localization" not in names and len(names) == 2 for names in few[:8]), few
    assert all("localization" in names for names in few[8:]), few
    many = _localization_corpus(4)
    assert all("localization" in names for names in many), many


def _opening_example_corpus(beno_vector_of_fluid: bool, opening: str = "Elliptic equations matter in many domains "
                            "such as fluid dynamics, plasma physics and solid mechanics.") -> list[list[str]]:
    """Return the tags of four fluid-dynamics papers, two on boundary operators, and one that names fluid dynamics only
    as an example in its opening sentence: a paper like the boundary-operator ones, or like the fluid ones."""
    fluid = [paper(f"f{i}", f"Fluid dynamics of {x}. Fluid dynamics of {x} with spectral solvers: fluid dynamics and "
                   f"spectral solvers for {x}.") for i, x in enumerate(("jets", "wakes", "plumes", "vortices"))]
    own = [paper(f"b{i}", f"Boundary operators for {x}. We learn boundary operators with graph kernels; graph kernels make "
                 f"boundary operators exact on {x}.") for i, x in enumerate(("membranes", "plates"))]
    example = paper("e", f"{opening} We propose boundary operators with graph kernels for irregular domains.")
    rng = np.random.default_rng(0)
    fields = rng.normal(size=(2, 16))
    rows = [fields[0] + 0.1 * rng.normal(size=16) for _ in range(4)] + [fields[1] + 0.1 * rng.normal(size=16)
                                                                        for _ in range(2)]
    rows.append(fields[0] if beno_vector_of_fluid else fields[1] + 0.1 * rng.normal(size=16))
    vectors = np.array([r / np.linalg.norm(r) for r in rows])
    papers = fluid + own + [example]
    tags = assign_tags(papers, Vocabulary(), embedding=lambda: vectors)
    return [[tags[s].name for s in p.tags] for p in papers]


def test_a_field_named_only_as_an_example_in_the_opening_is_no_tag_of_a_paper_unlike_its_papers():
    """"Domains such as fluid dynamics, plasma physics and solid mechanics": where the paper's equations apply, not what
    it is about, when the paper is less like the fluid-dynamics papers than they are like each other; a paper like
    them keeps the tag, and so do they."""
    unlike = _opening_example_corpus(beno_vector_of_fluid=False)
    assert unlike[6] == ["boundary operators", "graph kernels"], unlike[6]
    assert all("fluid dynamics" in names for names in unlike[:4]), unlike
    alike = _opening_example_corpus(beno_vector_of_fluid=True)
    assert "fluid dynamics" in alike[6], alike[6]


def test_a_field_an_opening_names_through_others_work_is_no_example():
    """"Existing solvers of fluid dynamics are slow": the opening names the paper's field through others' work, which
    is no aside there (as it is later in an abstract)."""
    names = _opening_example_corpus(beno_vector_of_fluid=False, opening="Existing solvers of fluid dynamics are slow.")
    assert "fluid dynamics" in names[6], names[6]


def test_a_distributive_word_before_what_is_no_generic_noun_names_a_concept():
    """"Individual fairness" is a notion of fairness, not "each fairness": only "individual samples"-like parts go."""
    texts = [f"Individual fairness in {x}. We audit individual fairness of {x} classifiers; individual fairness and "
             f"group fairness differ, and individual fairness is strict." for x in ("spring", "summer", "autumn")]
    for names in _tag_names(texts):
        assert "individual fairness" in names, names


def test_a_loosely_combining_word_before_a_generic_head_or_information_is_no_tag():
    """"Local" opens a dozen phrases of the corpus ("local markets", "local wages", ...): "local models" and "local
    information" say where a model sits; "mutual information", whose word combines with few, stays."""
    places = "markets wages firms taxes banks schools roads farms votes rents prices jobs".split()
    texts = [f"Spatial econometrics of local {a} and local {b}. We fit local models with local information on "
             f"{a}; spatial econometrics of local models uses mutual information, and mutual information of local "
             f"information helps spatial econometrics." for a, b in zip(places[::2], places[1::2])]
    for names in _tag_names(texts):
        assert not names & {"local models", "local information"} and "spatial econometrics" in names, names
        assert "mutual information" in names, names


def test_an_undefined_name_a_paper_names_once_is_a_tool():
    """Lattice papers that run once on a GPU are not about GPUs; "GNN"-like names a paper repeats stay (see above)."""
    texts = [f"Lattice gauge theory is costly. We study lattice gauge theory of {x} on a GPU."
             for x in ("quarks", "gluons", "pions")]
    for names in _tag_names(texts):
        assert "GPU" not in names and "lattice gauge theory" in names, names


def test_a_long_form_may_open_with_a_function_word_that_gives_its_first_letter():
    assert find_acronyms("Trade under the most favoured nation (MFN) clause is studied.") == [
        ("MFN", "most favoured nation")]


def test_a_hyphenated_word_beside_a_tag_it_leads_is_a_piece_of_it():
    """"Log-concave" beside "log-concave sampling" is one concept to a reader, shown once, whichever scored first."""
    texts = [f"The density of {x} is log-concave. The prior is log-concave; the posterior is log-concave. We study "
             f"log-concave sampling of {x} and log-concave sampling in high dimensions."
             for x in ("fluids", "gels", "foams")]
    for names in _tag_names(texts):
        assert "log-concave sampling" in names and "log-concave" not in names, names


def test_a_part_of_what_every_paper_studies_is_no_tag():
    """Every paper of a corpus works on lattices: "lattice data", named about once a paper, is what they all hold,
    "lattice gauge theory" a subject; an adjective first ("synthetic data") would name a kind of data."""
    subjects = ["quark masses", "gluon fields", "pion decays", "spin chains", "flux tubes", "monopole condensation",
                "chiral symmetry", "glueball spectra", "string tension", "topological charge", "confinement scales",
                "instanton liquids"]
    texts = [f"Lattice gauge theory of {s}. We fit lattice data for {s}, and lattice gauge theory fixes {s}."
             for s in subjects[:3]]
    texts[0] += " The lattice data are public."
    texts += [f"The lattice of {s} is studied. We compute {s} on the lattice; {s} vary." for s in subjects[3:]]
    for names in _tag_names(texts)[:3]:
        assert "lattice data" not in names and "lattice gauge theory" in names, names


def test_a_thing_the_corpus_writes_after_a_determiner_is_a_setting_where_a_paper_names_it_once():
    """"The growth medium" is one thing of each study's setup: papers naming it once are not filed under it, papers
    that keep naming it study it. An action named as a noun ("the strain selection") is work a paper does: it stays."""
    topics = ["biofilm formation", "spore germination", "lipid droplets", "heat shock", "iron uptake", "cell polarity",
              "quorum sensing", "nitrogen fixation"]
    once = [f"{t.capitalize()} shapes yeast fitness. We study {t} in yeast strains. We vary the growth medium of each "
            f"strain and report the strain selection of {t}. Strain selection reveals {t}." for t in topics]
    again = [f"Growth medium composition shapes {t}. We design a growth medium for {t}; growth medium acidity "
             f"controls {t}." for t in ("cell wall repair", "protein secretion", "ethanol tolerance", "mating")]
    names = _tag_names(once + again)
    assert not any("growth medium" in n for n in names[:len(once)])
    assert all("growth medium" in n for n in names[len(once):])
    assert all("strain selection" in n for n in names[:len(once)])


def test_a_kind_of_neural_network_is_the_concept_that_names_it():
    """"Message passing neural networks" beside "message passing" is one concept shown twice, as the bench reads it."""
    assert concept_key("message passing neural networks".replace("networks", "network")) == concept_key("message passing")
    assert concept_key("deep neural network") == concept_key("neural network")


def test_a_name_the_corpus_hardly_ever_spells_out_is_shown_as_its_acronym():
    """One paper spells out "Contrastive Language-Image Pre-training (CLIP)", the rest write "CLIP": it is known as
    CLIP."""
    texts = ["We adapt Contrastive Language-Image Pre-training (CLIP) to retrieval. CLIP features help. CLIP is fast."]
    texts += [f"CLIP {t}. We study CLIP for {t}; CLIP embeddings guide {t}." for t in ("segmentation", "captioning",
                                                                                     "robot grasping", "video search")]
    names = _tag_names(texts)
    assert all("CLIP" in n for n in names)
    assert not any("contrastive language-image pre-training" in {x.lower() for x in n} for n in names)


def test_a_plural_in_sses_is_one_tag_with_its_singular():
    """"Renewal processes" and "renewal process" (as "classes" and "class") are one concept: one tag page."""
    texts = [f"Renewal processes model {t}. We fit renewal processes to {t} data." for t in ("earthquakes", "spikes")]
    texts += [f"Renewal process models of {t}. We fit a renewal process to {t} data." for t in ("trades", "tweets")]
    tags = assign_tags([paper(str(i), t) for i, t in enumerate(texts)], Vocabulary())
    assert [len(t.papers) for t in tags.values() if t.name.startswith("renewal process")] == [4]
    assert tag_key("Markov decision processes") == tag_key("Markov decision process")


def test_a_thing_the_corpus_names_late_is_an_evaluation_where_a_paper_names_it_once_late():
    """Abstracts name their subject first and what they measured it by at the end: "hydrograph mismatch", named once
    in the last sentence of most papers using it, is how those were scored, not what they are about; the papers that
    keep naming it, from their first sentence, study it. (A text of a few sentences tells nothing of where it names
    its subject: the rule reads texts of five or more.)"""
    subjects = ["glacier retreat", "soil freezing", "peat drainage", "permafrost thaw"]
    late = [f"{s.capitalize()} is rising in the Alps. We model {s} with a coupled snow scheme. Simulated {s} matches "
            f"the records. The scheme runs daily. It lowers hydrograph mismatch on gauged basins." for s in subjects * 2]
    studied = [f"Hydrograph mismatch scores {s}. We decompose hydrograph mismatch for {s}; hydrograph mismatch "
               f"penalises {s}." for s in ("flood peaks", "baseflow")]
    names = _tag_names(late + studied)
    assert not any("hydrograph mismatch" in n for n in names[:len(late)]), names
    assert all("hydrograph mismatch" in n for n in names[len(late):]), names
    assert all(any(s in n for s in subjects) for n in names[:len(late)]), names


def _scattered_corpus(phrase: str) -> list[Paper]:
    """Return eight papers in four pairs, each pair sharing its two subjects; one paper of each pair names `phrase`."""
    pairs = [("coral bleaching", "reef fish"), ("wheat rust", "fungal spores"), ("bat echolocation", "insect prey"),
             ("glacier calving", "fjord circulation")]
    return [paper(f"p{i}{j}", f"This is about {a} and {b}. Of {a}, little is known; of {b}, less."
                  + (f" {phrase.capitalize()} were kept." if j == 0 else ""))
            for i, (a, b) in enumerate(pairs) for j in range(2)]


def test_a_phrase_of_a_few_unrelated_papers_is_no_tag_where_a_paper_names_it_once() -> None:
    """Four papers on unrelated subjects each name "lab notebooks" once: too few papers to judge it an umbrella tag,
    yet no more alike than any four, so it is a part of their studies, not what they are about; where its papers are
    alike, it is what they share and stays. An action named as a noun ("sample pooling") is work a paper does."""
    rng = np.random.default_rng(1)
    unit = lambda rows: np.array([r / np.linalg.norm(r) for r in rows])  # noqa: E731
    unrelated = unit([rng.normal(size=16) for _ in range(8)])
    direction = rng.normal(size=16)
    alike = unit([direction + 0.1 * rng.normal(size=16) if k % 2 == 0 else rng.normal(size=16) for k in range(8)])
    for vectors, phrase, shown in ((unrelated, "lab notebooks", False), (alike, "lab notebooks", True),
                                   (unrelated, "sample pooling", True)):
        papers = _scattered_corpus(phrase)
        assign_tags(papers, Vocabulary(), embedding=lambda: vectors)
        slug = tag_slug(phrase)
        assert all((slug in p.tags) == shown for p in papers[0::2]), [p.tags for p in papers]
        assert all(len(p.tags) >= 2 for p in papers)


def test_of_three_nested_tags_a_paper_shows_the_broadest_and_the_narrowest() -> None:
    """"river discharge", "seasonal river discharge", "seasonal river discharge forecasting" on one paper: the middle
    one says nothing the other two do not; the broad tag still gathers the field, the narrow one says what it is."""
    chain = ["river discharge", "seasonal river discharge", "seasonal river discharge forecasting"]
    texts = [f"Seasonal river discharge forecasting for {basin}. We forecast seasonal river discharge from river "
             f"discharge records of {basin}." for basin in ("the Rhine", "the Danube", "the Elbe")]
    papers = [paper(str(i), t, keywords=chain) for i, t in enumerate(texts)]
    tags = assign_tags(papers, Vocabulary())
    for p in papers:
        names = [tags[s].name for s in p.tags]
        assert "river discharge" in names and "seasonal river discharge forecasting" in names, names
        assert "seasonal river discharge" not in names, names


def test_a_field_a_paper_names_twice_still_goes_beside_two_specific_tags():
    """A paper that names its field twice ("with machine learning") still sits in it: beside two specific tags the
    field is no tag."""
    texts = _field_corpus() + ["Machine learning has changed how graph rewiring is studied. We study graph rewiring and "
                               "prompt caching with machine learning. Graph rewiring improves prompt caching; graph "
                               "rewiring is cheap."]
    assert _tag_names(texts)[-1] == {"graph rewiring", "prompt caching"}


def test_a_phrase_a_paper_picks_first_stays_though_no_other_paper_keeps_it():
    """The paper about ridge regression shows it, though the one other paper naming it in passing keeps other tags."""
    texts = ["Ridge regression in high dimensions. We study ridge regression with random features; ridge regression "
             "generalizes when the ridge regression penalty is tuned.",
             "Kernel herding for sampling. We study kernel herding and beam search, and unlike ridge regression, kernel "
             "herding needs no penalty. Beam search helps kernel herding.",
             "Kernel herding for planning. We study kernel herding and beam search. Beam search with kernel herding is "
             "cheap; kernel herding is fast."]
    papers = [paper(f"p{i}", t) for i, t in enumerate(texts)]
    tags = assign_tags(papers, Vocabulary(), max_tags=2, min_tags=1)
    assert [[tags[s].name for s in p.tags] for p in papers] == [["ridge regression"], ["kernel herding", "beam search"],
                                                                ["kernel herding", "beam search"]]
    assert tags["ridge-regression"].papers == ["p0"]


def test_a_hyphenated_name_its_texts_abbreviate_is_a_tag_though_its_parts_are_everyday():
    """wordfreq guesses "self-consistency" from "self" and "consistency"; the texts' acronym SC says it is a name."""
    texts = ["Self-consistency (SC) improves reasoning. We study self-consistency of sampled answers; SC votes over "
             "answers, and self-consistency is cheap.",
             "Self-consistency (SC) for code. We apply self-consistency to programs; SC helps code models, and "
             "self-consistency scales."]
    assert _tag_names(texts) == [{"self-consistency"}, {"self-consistency"}]


def test_a_paper_sharing_nothing_shows_the_phrase_it_keeps_naming():
    """Among papers of other fields, the docking paper shares no phrase; it shows "molecular docking", which it names
    three times, rather than nothing. A paper with two shared tags gets no phrase of its own."""
    texts = ["Molecular docking of ligands. We score molecular docking poses with a learned energy; molecular docking "
             "then ranks ligands by binding."]
    texts += [f"Kernel herding for {x}. We study kernel herding and beam search; beam search with kernel herding is "
              f"cheap, and kernel herding is fast." for x in ("sampling", "planning", "control")]
    names = _tag_names(texts)
    assert names[0] == {"molecular docking"}
    assert all(shown == {"kernel herding", "beam search"} for shown in names[1:])


def test_a_paper_whose_shared_tags_are_broad_words_also_shows_the_phrase_it_keeps_naming():
    """"sequential Monte Carlo (SMC)", then "SMC" three times: the paper's subject, though it shares two words every
    paper uses ("inference", "approximation"); its acronym is a short form, not the capitals of a name."""
    texts = ["Controlled generation by sequential Monte Carlo (SMC) for inference and approximation. Our SMC method "
             "weights particles, and SMC reallocates compute; inference by approximation is exact in the limit."]
    texts += [f"Kernel herding for {x}. We study kernel herding for inference and approximation; approximation with "
              f"kernel herding is cheap, and inference is fast." for x in ("sampling", "planning", "control")]
    names = _tag_names(texts)
    assert names[0] == {"sequential Monte Carlo", "inference", "approximation"}, names[0]
    # Spelled out in capitals before its acronym, it is the paper's own method: its title names it already.
    texts[0] = texts[0].replace("sequential Monte Carlo (SMC)", "Zeta Annealed Sampler (SMC)")
    assert _tag_names(texts)[0] == {"inference", "approximation"}


def test_an_acronym_a_paper_brings_in_for_a_name_of_its_own_takes_no_other_papers_long_form():
    """"Matryoshka Diffusion (MDM)" is not the "Mutual Distillation Module (MDM)" two other papers write about."""
    texts = ["Point-level supervision for instance segmentation. We propose a Mutual Distillation Module (MDM) between "
             "branches; MDM transfers instance cues, and MDM improves point-level instance segmentation.",
             "Point-level instance segmentation with weak labels. A mutual distillation module refines masks; the mutual "
             "distillation module is cheap, and instance segmentation improves.",
             "High-resolution image synthesis. We introduce Matryoshka Diffusion (MDM), an end-to-end framework; MDM "
             "denoises at several resolutions, and MDM trains progressively for image synthesis."]
    names = _tag_names(texts)
    assert "mutual distillation module" in names[0] and "mutual distillation module" not in names[2], names


PROBLEM_PAPERS = [
    "Diffusion models solve inverse problems such as deblurring. We propose a posterior sampler for inverse problems "
    "and show that inverse problems with noisy measurements become tractable. The optimization problem is convex.",
    "Inverse problems in imaging recover a signal from measurements. We learn priors for inverse problems with "
    "score matching. Each optimization problem is solved by gradient descent, and optimization is cheap.",
    "We study optimization for deep networks. The optimization problem of training is non-convex, and optimization "
    "with momentum converges. We analyse optimization landscapes of residual networks.",
]


def test_a_named_problem_is_a_tag_and_a_concept_with_the_word_problem_is_not():
    """"inverse problems" names a field of its own; "optimization problem" is optimization with a filler head."""
    papers = [paper(str(i), t) for i, t in enumerate(PROBLEM_PAPERS)]
    tags = assign_tags(papers, Vocabulary())
    assert "inverse-problems" in tags, sorted(tags)
    assert tags["inverse-problems"].papers == ["0", "1"]
    assert "optimization-problem" not in tags, sorted(tags)


def _fairness_corpus() -> list[Paper]:
    """Return 10 papers: six name "fairness" three times, on different problems; four name it once, by the way."""
    problems = ["loan approval", "hiring decisions", "medical triage", "college admissions", "bail hearings",
                "credit limits"]
    papers = [paper(f"f{i}", f"Fairness in {p} is hard to audit. We measure fairness of {p} classifiers with group "
                    f"calibration curves, and fairness holds under {p} drift.") for i, p in enumerate(problems)]
    others = ["protein folding", "crop yields", "bird song", "tax policy"]
    papers += [paper(f"o{i}", f"We study {o} with spectral sketches. Spectral sketches of {o} improve accuracy, speed and "
                     "fairness.") for i, o in enumerate(others)]
    return papers


def test_a_common_subject_word_is_a_tag_of_the_alike_papers_that_keep_naming_it() -> None:
    """"fairness" is common English (wordfreq), so it is no tag on its own merits; but six papers that name it again
    and again and are alike make it their subject. The four that name it once in a list do not get it."""
    papers = _fairness_corpus()
    rng = np.random.default_rng(1)
    alike = rng.normal(size=8)
    rows = [alike + 0.05 * rng.normal(size=8) for _ in range(6)] + [rng.normal(size=8) for _ in range(4)]
    embedding = np.array([r / np.linalg.norm(r) for r in rows])
    tags = assign_tags(papers, Vocabulary(), embedding=lambda: embedding)
    assert "fairness" in tags and sorted(tags["fairness"].papers) == [f"f{i}" for i in range(6)]


def test_a_common_subject_word_on_unlike_papers_is_no_tag() -> None:
    papers = _fairness_corpus()
    tags = assign_tags(papers, Vocabulary(), embedding=lambda: np.eye(10))  # no two papers alike
    assert "fairness" not in tags and all("fairness" not in p.tags for p in papers)


def test_a_verb_its_ending_gives_away_is_no_tag() -> None:
    """"quantifies" follows a name in brackets, where a noun run would start: two papers write it so, too few for the
    corpus to show it is a verb by the words after it; its ending says so."""
    texts = ["We study layout generation. The first module (CI) quantifies the numerical conditions; the second (CC) "
             "fills masks.",
             "Uncertainty matters for robots. Our estimator (UE) quantifies the epistemic error and the planner (PL) "
             "quantifies the risk.",
             "We propose graph rewiring for message passing. Graph rewiring helps message passing on long chains."]
    assert all("quantifies" not in names for names in _tag_names(texts))


def _aside_corpus(subject_papers: int) -> list[str]:
    """Return abstracts: `subject_papers` on "reward shaping", and two on graph rewiring and prompt caching that name
    "reward shaping" once, by the way, as an example of other methods after their first sentence."""
    texts = [f"Reward shaping for {x}. We study reward shaping in {x}; reward shaping speeds up {x} agents."
             for x in ("maze navigation", "robot grasping", "card games", "traffic control")[:subject_papers]]
    texts += [f"Graph rewiring and prompt caching for {x}. We propose graph rewiring with prompt caching for {x}. Methods "
              f"such as reward shaping need rewards; prompt caching and graph rewiring scale to {x}."
              for x in ("molecule search", "code review")]
    return texts


def test_a_passing_mention_is_no_tag_of_a_paper_with_tags_of_its_own() -> None:
    names = _tag_names(_aside_corpus(3))
    assert all("reward shaping" in shown for shown in names[:3])
    assert all("reward shaping" not in shown and {"graph rewiring", "prompt caching"} <= shown for shown in names[3:])


def test_a_preposition_opening_a_sentence_is_no_part_of_a_tag() -> None:
    """"Unlike reward shaping, ...": "unlike" is a preposition, capitalised or not, and what follows it is denied."""
    texts = [text.replace("Methods such as reward shaping need rewards;", "Unlike reward shaping, it needs no reward;")
             for text in _aside_corpus(1)]
    names = _tag_names(texts)
    assert not [name for shown in names for name in shown if name.split()[0] == "unlike"]
    assert all("reward shaping" not in shown for shown in names[1:])


def test_a_word_a_paper_only_writes_before_another_is_no_tag_of_it() -> None:
    """The causal paper writes "backdoor" only before "adjustment" and "criterion": it shares the word, not the sense,
    with the papers about a backdoor planted in a model, which keep it. A word before a generic noun ("explainability
    methods") still names what a paper is about."""
    texts = ["Planting a backdoor in vision models. We detect the backdoor with a spectral test; a backdoor survives "
             "fine-tuning, and we remove the backdoor.",
             "A backdoor in language models. We plant a backdoor through poisoned prompts; the backdoor is stealthy.",
             "Causal effects by backdoor adjustment. We estimate effects when the backdoor criterion holds; backdoor "
             "adjustment sets are found by search.",
             "Benchmarking explainability methods. We compare explainability methods for graphs and find that "
             "explainability methods disagree.",
             "Explainability of language models. We ask what explainability means for text, and how to measure "
             "explainability."]
    names = _tag_names(texts)
    assert "backdoor" in names[0] and "backdoor" in names[1]
    assert "backdoor" not in names[2]
    assert "explainability" in names[3] and "explainability" in names[4]


def test_a_word_a_paper_only_writes_as_a_verb_before_its_object_is_no_tag_of_it() -> None:
    """The search paper writes "pruning" only before what it prunes ("pruning the tree"): a verb there, not the
    subject of the papers about network pruning, which keep it."""
    texts = ["Structured pruning of vision networks. We study pruning at initialization; pruning removes channels, and "
             "our pruning is cheap.",
             "Pruning for language models. We show that pruning after training keeps accuracy, and pruning scales.",
             "Monte Carlo tree search for planning. We speed up tree search by pruning the tree early, and pruning the "
             "candidate moves keeps tree search fast."]
    names = _tag_names(texts)
    assert "pruning" in names[0] and "pruning" in names[1]
    assert "pruning" not in names[2]


def test_a_quality_said_as_adverb_and_adjective_is_the_tag_its_noun_names() -> None:
    """"Differentially private in-context learning" is about differential privacy, which other papers name so; a
    judgement said so ("computationally efficient") and a word that is no adjective ("dynamically adapt") name none."""
    texts = ["Differential privacy for language models. We train with differential privacy; differential privacy "
             "bounds leakage.",
             "Auditing differential privacy. We audit differential privacy of training; differential privacy audits "
             "are cheap.",
             "Differentially private in-context learning. We make prompts differentially private and the answers "
             "differentially private, and our method is computationally efficient.",
             "Fast samplers. Our sampler is computationally efficient and its steps dynamically adapt; computational "
             "efficiency matters for samplers, and computational efficiency is measured."]
    names = _tag_names(texts)
    assert "differential privacy" in names[2]
    assert not any("efficiency" in n or "adapt" in n for shown in names for n in shown)


def test_a_plural_before_a_verb_is_a_clause_not_a_tag() -> None:
    """"Our results translate to new tasks": a plural noun and its verb; a modifier is singular ("result analysis")."""
    texts = [f"Kernel herding for {x}. Our results translate to {x}, and the results translate to kernel herding with "
             f"few samples; kernel herding is cheap." for x in ("sampling", "planning", "control")]
    names = _tag_names(texts)
    assert all("kernel herding" in shown and not any("translate" in n for n in shown) for shown in names), names


def test_a_tag_another_spells_with_words_inserted_is_left_to_the_longer() -> None:
    """"in-context learning" beside "in-context reinforcement learning": one concept to a reader, the longer name says
    which; papers about in-context learning alone keep it."""
    texts = ["In-context learning in transformers. We study in-context learning of linear functions; in-context "
             "learning emerges with scale.",
             "In-context learning with demonstrations. In-context learning depends on the order of demonstrations, "
             "and in-context learning is brittle.",
             "In-context reinforcement learning agents. In-context reinforcement learning extends in-context learning "
             "to control; in-context reinforcement learning needs long memory, and in-context learning is its base.",
             "Scaling in-context reinforcement learning. We scale in-context reinforcement learning with in-context "
             "learning of tasks; in-context reinforcement learning improves."]
    names = _tag_names(texts)
    assert "in-context learning" in names[0] and "in-context learning" in names[1]
    assert all("in-context reinforcement learning" in shown and "in-context learning" not in shown for shown in names[2:]), names


def test_a_word_no_paper_writes_as_a_phrase_of_its_own_is_no_tag() -> None:
    """"Symbol spotting" and "micro-expression spotting" are two tasks that end alike; no paper says "spotting" alone,
    so the word gathers nothing. "Pruning", which the papers also write alone, stays."""
    texts = ["Panoptic symbol spotting in drawings. We improve symbol spotting with a spotting head; symbol spotting "
             "needs structured pruning, and pruning is cheap.",
             "Micro-expression spotting in videos. We locate micro-expression spotting intervals with spotting rules; "
             "micro-expression spotting is hard, and pruning helps.",
             "Pruning for language models. We show that pruning after training keeps accuracy, and pruning scales."]
    names = _tag_names(texts)
    assert not any("spotting" == n for shown in names for n in shown), names
    assert "pruning" in names[2]
