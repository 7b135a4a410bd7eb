"""Related papers: the right neighbours, deterministic, explained by shared terms."""

import json
from pathlib import Path

import numpy as np
import pytest

from generator.infer.features import build_features, similarity, top_k
from generator.model import Paper, Tag
from generator.infer.related import assign_related
from tests.conftest import grouped_papers

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "iclr_sample.jsonl"

def test_related_papers_come_from_the_same_group():
    papers = grouped_papers()
    assign_related(papers, build_features(papers), k=3)
    for i, p in enumerate(papers):
        assert len(p.related) == 3
        assert p.id not in [r.id for r in p.related]
        group = i // 4
        assert all(int(r.id[1:]) // 4 == group for r in p.related), (p.id, p.related)


def test_scores_descend_are_rounded_and_explained():
    papers = grouped_papers()
    assign_related(papers, build_features(papers), k=5)
    for p in papers:
        scores = [r.score for r in p.related]
        assert scores == sorted(scores, reverse=True)
        assert all(0 <= s <= 1 and round(s, 3) == s for s in scores)
    top = papers[0].related[0]
    assert len(top.terms) <= 4 and not {"the", "we", "of", "is"} & set(top.terms)
    # "reinforcement learning" names the field of a third of this corpus: it says nothing these two share specifically.
    assert "reinforcement learning" not in top.terms


def test_reasons_hold_no_everyday_word_and_no_concept_twice():
    papers = grouped_papers()
    for p in papers[:2]:  # two papers of twelve: specific enough to be a reason
        p.tags = ["large-language-models"]
        p.text += " Large language models (LLM) and LLM agents answer widely; the LLM results matter."
    tags = {"large-language-models": Tag(slug="large-language-models", name="large language models",
                                         papers=[p.id for p in papers[:2]])}
    assign_related(papers, build_features(papers), k=3, tags=tags)
    terms = [t for p in papers for r in p.related for t in r.terms]
    assert terms and not {"results", "widely", "reward", "policy", "llm"} & set(terms), sorted(set(terms))


def test_shared_tags_come_first_and_use_tag_names():
    papers = grouped_papers()
    for p in papers[:2]:
        p.tags = ["offline-rl"]
    tags = {"offline-rl": Tag(slug="offline-rl", name="Offline RL", papers=[p.id for p in papers[:2]])}
    assign_related(papers, build_features(papers), k=3, tags=tags)
    assert papers[1].related[0].id == "p00" and papers[1].related[0].terms[0] == "Offline RL"


def test_a_reason_is_what_both_papers_are_about_not_a_passing_mention():
    papers = grouped_papers()
    a, b = papers[0], papers[1]
    # Both papers carry the tag; the first only mentions it once, after its own subject (its first tag).
    a.text += " Our policies also suit reward modelling for text generation."
    b.text += " Text generation with reward shaping: text generation policies improve."
    a.tags, b.tags = ["offline-rl", "text-generation"], ["text-generation"]
    tags = {"offline-rl": Tag(slug="offline-rl", name="offline reinforcement learning", papers=[a.id]),
            "text-generation": Tag(slug="text-generation", name="text generation", papers=[a.id, b.id])}

    def reasons() -> tuple[tuple[str, ...], tuple[str, ...]]:
        assign_related(papers, build_features(papers), k=3, tags=tags)
        return next(r for r in a.related if r.id == b.id).terms, next(r for r in b.related if r.id == a.id).terms

    # A passing mention in either paper says nothing of why to read one after the other, on either page.
    assert reasons() == ((), ())
    a.title = "Offline policies for text generation"  # once a's title says it is about it, so is the link
    assert reasons() == (("text generation",), ("text generation",))


def test_deterministic_and_ties_broken_by_id():
    # Identical abstracts tie exactly; the lower id must come first, whatever the input order.
    text = "Sparse autoencoders find interpretable features in transformer language models."
    other = "Protein structure prediction with equivariant networks and residue contacts."
    papers = [Paper(id=i, abstract=t, text=t, source="x", collection="c")
              for i, t in [("b", text), ("c", text), ("a", text), ("z", other), ("y", other)]]
    assign_related(papers, build_features(papers), k=2)
    assert [r.id for r in papers[0].related] == ["a", "c"]
    first = [(p.id, p.related) for p in papers]
    assign_related(papers, build_features(papers), k=2)
    assert first == [(p.id, p.related) for p in papers]


def test_tiny_and_empty_corpora():
    one = [Paper(id="a", abstract="x", text="Only one paper here.", source="x", collection="c")]
    assign_related(one, build_features(one))
    assert one[0].related == []
    two = [Paper(id=i, abstract="", text="", source="x", collection="c") for i in "ab"]
    assign_related(two, build_features(two), k=5)
    assert [r.id for r in two[0].related] == ["b"]


def test_blockwise_top_k_matches_full_sort():
    rows = [json.loads(line) for line in FIXTURE.read_text().splitlines()]
    papers = [Paper(id=r["id"], abstract=r["abstract"], text=r["abstract"], source="x", collection="c") for r in rows]
    f = build_features(papers)
    n = len(papers)
    full = similarity(f, slice(0, n))
    got = top_k(full, 5, exclude=np.arange(n))
    for i in range(n):
        s = np.round(full[i].astype(np.float64), 6)
        s[i] = -np.inf
        expected = sorted(range(n), key=lambda j: (-s[j], j))[:5]
        assert got[i].tolist() == expected


def test_top_k_is_exact_with_ties_and_per_row_tiebreak():
    rng = np.random.default_rng(0)
    scores = rng.integers(0, 4, size=(30, 40)) / 4.0  # many exact ties
    ranks = np.array([rng.permutation(40) for _ in range(30)])
    exclude = rng.integers(0, 40, size=30)
    got = top_k(scores, 7, exclude=exclude, tiebreak=ranks)
    for i in range(30):
        expected = sorted((j for j in range(40) if j != exclude[i]), key=lambda j: (-scores[i, j], ranks[i, j]))[:7]
        assert got[i].tolist() == expected
    # Values equal to the shown precision tie, even if float noise separates them.
    noisy = np.array([[0.5 + 1e-9, 0.5, 0.2]])
    assert top_k(noisy, 2, decimals=3, tiebreak=np.array([2, 0, 1])).tolist() == [[1, 0]]


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_top_k_of_long_rows_is_the_full_sort(dtype):
    """Rows long enough to be searched from a sample of their columns rank exactly like a full sort:
    many ties, float noise below the shown precision, one excluded column per row."""
    rng = np.random.default_rng(1)
    scores = rng.random((40, 3000))
    scores[::2] = rng.integers(0, 60, size=(20, 3000)) / 60.0 + rng.normal(0, 1e-8, size=(20, 3000))  # ties
    scores = scores.astype(dtype)
    exclude = rng.integers(0, 3000, size=40)
    got = top_k(scores, 7, exclude=exclude)
    for i in range(40):
        s = np.round(scores[i].astype(np.float64), 6)
        expected = sorted((j for j in range(3000) if j != exclude[i]), key=lambda j: (-s[j], j))[:7]
        assert got[i].tolist() == expected


def test_shared_neighbourhood_is_the_full_similarity_ranking():
    rows = [json.loads(line) for line in FIXTURE.read_text().splitlines()]
    papers = [Paper(id=r["id"], abstract=r["abstract"], text=r["abstract"], source="x", collection="c") for r in rows]
    f = build_features(papers)
    n = len(papers)
    assert f.nearest(8).tolist() == top_k(similarity(f, slice(0, n)), 8, exclude=np.arange(n)).tolist()


def test_tldr_links_papers_whose_abstracts_do_not():
    # Two abstracts with no content word in common, joined only by what their TL;DRs say.
    a = Paper(id="a", abstract="x", text="Quantum circuits compile faster with our scheduler.", source="x",
              collection="c", tldr="Sparse autoencoders for interpretability of transformers.")
    b = Paper(id="b", abstract="x", text="Interpretability of transformers via sparse autoencoders: sparse autoencoders "
              "find their features.", source="x", collection="c")
    fillers = [Paper(id=f"f{i}", abstract="x", text=t, source="x", collection="c") for i, t in enumerate(
        ["Protein folding with equivariant networks.", "Weather forecasting with graph networks.",
         "Robot grasping with tactile sensing.", "Speech recognition for low-resource languages."])]
    papers = [a, b, *fillers]
    assign_related(papers, build_features(papers), k=1)
    assert a.related[0].id == "b"
    assert "sparse autoencoders" in a.related[0].terms  # as the abstracts write it
    linked = a.related[0].score
    a.tldr = None
    assign_related(papers, build_features(papers), k=1)
    assert a.related[0].score < linked


def test_fast_term_extraction_matches_the_analyser():
    from collections import Counter

    from generator.infer.features import analyse, term_counts

    texts = [json.loads(line)["abstract"] for line in FIXTURE.read_text().splitlines()][:10]
    texts.append("Graph neural networks (GNNs) on graphs. Graph-level tasks: graphs, networks' loss.")
    counts, terms, _readable = term_counts(texts)
    assert terms == sorted(terms)
    for i, text in enumerate(texts):
        row = counts.getrow(i)
        assert {terms[c]: int(v) for c, v in zip(row.indices, row.data)} == Counter(analyse(text))
    # No bigram crosses punctuation or a stop word, and plurals fold.
    assert "graph neural" in terms and "network" in terms and "graph graph" not in terms
    assert "gnn graph" not in terms


def test_strongest_terms_keep_the_largest_weights_renormalised():
    import scipy.sparse as sp

    from generator.infer.features import strongest_terms

    m = sp.csr_matrix(np.array([[0.1, 0.5, 0.3, 0.0, 0.3], [0.0, 0.0, 0.0, 0.0, 0.0], [1.0, 0.0, 0.0, 0.0, 0.0]]))
    cut = strongest_terms(m, 2).toarray()
    assert np.flatnonzero(cut[0]).tolist() == [1, 2]  # equal weights: the lower column wins
    assert np.allclose(np.linalg.norm(cut[[0, 2]], axis=1), 1) and not cut[1].any()


def test_the_opening_sentence_decides_between_equal_overlaps():
    # The query shares three words with each candidate: the field words of its opening sentence with
    # "field", method words from later on with "method". What a paper is about should win.
    query = "Offline reinforcement policies. We use transformer attention layers. Results hold on many benchmarks."
    field = "Offline reinforcement policies for robots. Experiments on walking tasks."
    method = "Protein design for enzymes. We rely on transformer attention layers."
    texts = [query, field, method, "Weather forecasting with radar images.", "Speech recognition in noisy rooms."]
    papers = [Paper(id=f"p{i}", abstract=t, text=t, source="x", collection="c") for i, t in enumerate(texts)]
    assign_related(papers, build_features(papers), k=2)
    assert [r.id for r in papers[0].related] == ["p1", "p2"]
    assert papers[0].related[0].score > papers[0].related[1].score


def test_first_sentence_splits_at_a_capital_only():
    from generator.infer.features import first_sentence

    assert first_sentence("Graphs are everywhere. We study them.") == "Graphs are everywhere."
    assert first_sentence("We use e.g. graphs here. Then more.") == "We use e.g. graphs here."
    assert first_sentence("A single sentence.") == ""


def test_reason_phrases_end_a_noun_phrase_and_are_shown_as_written():
    """"markov decision" goes on into "processes" and is no reason; "NeRF models" is shown as the abstracts
    write it, not as the lowercase singular "nerf model"; "RL algorithms" says nothing "reinforcement learning" doesn't."""
    from generator.infer.related import explain

    base = ("Markov decision processes describe the task, and the NeRF models of scenes are fit with RL algorithms. "
            "Markov decision processes and the NeRF models of rooms use RL algorithms for reinforcement learning.")
    texts = [base + " We add depth.", base + " We add colour.", "Graph coloring with greedy heuristics on planar graphs."]
    papers = [Paper(id=str(i), abstract=t, text=t, source=f"x:{i}", collection="c") for i, t in enumerate(texts)]
    papers[0].tags = papers[1].tags = ["reinforcement-learning"]
    reasons = explain(papers, build_features(papers), np.array([0]), np.array([1]),
                      {"reinforcement-learning": "reinforcement learning"})[0]
    assert reasons[0] == "reinforcement learning" and "NeRF models" in reasons
    assert not {"markov decision", "nerf model", "RL algorithms"} & set(reasons)


def test_a_reason_is_not_a_shown_one_with_some_words_as_initials():
    """"cooperative MARL" and "OOD generalization" say what "cooperative multi-agent reinforcement learning" and
    "out-of-distribution generalization" say."""
    from generator.infer.related import _pick_terms  # the rule itself, on normal-form terms (no corpus needed)

    picked = _pick_terms(["cooperative multi-agent reinforcement learning", "out-of-distribution generalization"],
                         ["cooperative marl", "ood generalization", "reward shaping"])
    assert picked == ("cooperative multi-agent reinforcement learning", "out-of-distribution generalization",
                      "reward shaping")
    # Shared tags are reasons only once: "SGD" says what "stochastic gradient descent" says.
    assert _pick_terms(["stochastic gradient descent", "SGD"], []) == ("stochastic gradient descent",)


def test_a_tag_on_many_papers_or_academic_filler_is_never_a_reason():
    fields = ["protein folding", "crop yields", "bird song", "tax policy", "galaxy surveys", "traffic lights",
              "coral reefs", "wind turbines", "river floods", "glacier melt", "soil carbon", "ocean tides",
              "urban noise", "bee colonies", "forest fires", "road wear", "lake ice", "cloud cover", "wheat rust",
              "solar flares", "kelp forests", "sand dunes"]
    texts = [f"Widget networks model {f}. The {f} data play a pivotal role here." for f in fields]
    texts += ["Widget networks compress video with tensor sketches. Each of the tensor sketches plays a pivotal role.",
              "Widget networks on audio use tensor sketches. With tensor sketches, audio plays a pivotal role."]
    papers = [Paper(id=f"p{i:02d}", abstract=t, text=t, source="x", collection="c") for i, t in enumerate(texts)]
    for p in papers:
        p.tags = ["widget-networks"]
    tags = {"widget-networks": Tag(slug="widget-networks", name="widget networks", papers=[p.id for p in papers])}
    assign_related(papers, build_features(papers), k=3, tags=tags)
    link = next(r for r in papers[-2].related if r.id == papers[-1].id)
    assert link.terms and "widget networks" not in link.terms and "pivotal role" not in link.terms, link.terms
    assert any("tensor sketch" in t for t in link.terms), link.terms
    # With nothing more specific in common no reason is said (rather than the broad tag).
    assert all(r.terms == () for p in papers[:3] for r in p.related) and papers[0].related


def test_a_reason_is_not_a_shown_one_with_its_size_word_and_name_as_initials():
    """"aligned LLMs" is "aligned large language models" with "large language models" as initials: one reason."""
    from generator.infer.related import _pick_terms

    picked = _pick_terms(["aligned large language models"], ["aligned llm", "safety alignment"])
    assert picked == ("aligned large language models", "safety alignment"), picked


def test_a_reason_is_written_as_the_abstracts_write_it():
    """A reason reads as the abstracts write it ("NeRF models", "GPU hours", "capabilities"), whole words only,
    across line breaks; a capital that only starts a sentence is dropped."""
    from generator.infer.related import written_form

    texts = ["We remodel scenes. NeRF\n  models and GPU hours. Positional encoding helps; the sub-capabilities differ.",
             "Multi-agent capabilities of LLMs."]
    assert written_form("nerf model", texts) == "NeRF models"
    assert written_form("gpu hour", texts) == "GPU hours"
    assert written_form("positional encoding", texts) == "positional encoding"
    assert written_form("capability", texts) == "capabilities"  # not the one inside "sub-capabilities"
    assert written_form("multi-agent capability", texts) == "multi-agent capabilities"  # from the second text
    assert written_form("model", ["We remodel scenes."]) == "model"  # not inside "remodel": the term as it is
    assert written_form("gpt-3.5 model", ["Two GPT-3.5 models."]) == "GPT-3.5 models"  # a word only a pattern matches


def test_a_shared_rare_tag_links_papers_more_than_a_tag_most_papers_have():
    # p00 shares "neural networks" with 10 other papers and "reward shaping" with p02 alone. Counted alike, each
    # would add as much, and p03 (closest by text) stayed first; a tag few papers share says more of the pair.
    papers = grouped_papers()
    common = [p for i, p in enumerate(papers) if i != 2]
    for p in common:
        p.tags = ["neural-networks"]
    papers[0].tags = ["neural-networks", "reward-shaping"]
    papers[2].tags = ["reward-shaping"]
    tags = {"neural-networks": Tag("neural-networks", "neural networks", papers=[p.id for p in common]),
            "reward-shaping": Tag("reward-shaping", "reward shaping", papers=["p00", "p02"])}
    assign_related(papers, build_features(papers), k=5, tags=tags)
    assert [r.id for r in papers[0].related][:2] == ["p02", "p03"], papers[0].related
