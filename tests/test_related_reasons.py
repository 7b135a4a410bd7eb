"""Reasons for related papers: only terms the two papers specifically share, judged by corpus statistics."""

import numpy as np

from generator.evaluate_shown import broad_share, used_by
from generator.infer.features import build_features
from generator.infer.related import assign_related, broad_tags, ranked_neighbours, related_lists, weak_link
from generator.infer.specificity import Likeness, broad, common_words_only, most_papers
from generator.model import Paper, Tag


def _unit(rows: np.ndarray) -> np.ndarray:
    return rows / np.linalg.norm(rows, axis=1, keepdims=True)


def test_likeness_is_zero_for_random_papers_and_one_for_nearest_neighbours():
    rng = np.random.default_rng(0)
    centres = _unit(rng.normal(size=(20, 16)))
    # 20 groups of 10 papers around their centre: a paper's nearest neighbours are its group.
    z = _unit(np.repeat(centres, 10, axis=0) + 0.3 * rng.normal(size=(200, 16)))
    near = np.sort(z @ z.T - 2 * np.eye(200), axis=1)[:, ::-1][:, :5]
    like = Likeness(z, near)
    one_group = np.arange(10, 20)
    spread = np.arange(0, 200, 20)  # one paper of each of ten groups
    assert 0.5 < like.of_rows(one_group) < 1.3  # near one (a group is a little less alike than its nearest)
    assert abs(like.of_rows(spread)) < 0.15
    # Per column of a paper x term matrix, the same figure.
    import scipy.sparse as sp
    incidence = sp.csc_matrix((np.ones(20), (np.r_[one_group, spread], np.r_[[0] * 10, [1] * 10])), shape=(200, 2))
    assert np.allclose(like.of_columns(incidence), [like.of_rows(one_group), like.of_rows(spread)])


def test_a_term_is_broad_when_on_many_papers_or_on_unalike_ones():
    assert most_papers(38) == 2 and most_papers(1108) == 33
    counts = np.array([2, 3, 40, 10, 10, 4])
    likeness = np.array([-0.5, 0.9, 0.9, 0.1, 0.8, 0.0])
    # Two papers always may share a specific term; the likeness of under six papers is too noisy to judge.
    assert broad(counts, likeness, 38).tolist() == [False, True, True, True, True, True]
    assert broad(counts, likeness, 1108).tolist() == [False, False, True, True, False, False]


def _corpus() -> list[Paper]:
    """Return 40 made-up subjects of six papers each; one paper of each of the first six subjects mentions
    "widget sensing" in passing, and two papers of subject 10 share "lattice kernels"."""
    texts = [f"We study the zq{g}a zq{g}b of zq{g}c zq{g}d, with yz{i}e and yz{i}f methods."
             for g in range(40) for i in range(g * 6, g * 6 + 6)]
    for i in range(0, 36, 6):
        texts[i] += " A widget sensing step is used."
    for i in (60, 61):
        texts[i] += " Lattice kernels approximate the lattice kernels."
    return [Paper(id=f"p{i:03d}", abstract=t, text=t, source="x", collection="c") for i, t in enumerate(texts)]


def test_a_tag_on_unalike_papers_is_no_reason_a_tag_of_one_subject_is():
    papers = _corpus()
    spread = papers[0:36:6]
    for p in spread:
        p.tags = ["widget-sensing"]
    papers[60].tags = papers[61].tags = ["lattice-kernels"]
    tags = {"widget-sensing": Tag(slug="widget-sensing", name="widget sensing", papers=[p.id for p in spread]),
            "lattice-kernels": Tag(slug="lattice-kernels", name="lattice kernels", papers=["p060", "p061"])}
    features = build_features(papers)
    assert broad_tags(papers, features, tags) == {"widget-sensing"}
    assign_related(papers, features, k=3, tags=tags)
    assert papers[60].related[0].id == "p061" and papers[60].related[0].terms[0] == "lattice kernels"
    assert not any("widget sensing" in r.terms for p in spread for r in p.related)
    # The same tag on six papers of one subject is specific.
    for p in papers[:6]:
        p.tags = ["widget-sensing"]
    tags["widget-sensing"] = Tag(slug="widget-sensing", name="widget sensing", papers=[p.id for p in papers[:6]])
    assert broad_tags(papers, features, tags) == set()


def test_a_tool_two_papers_use_is_no_reason():
    """"GPU" on two papers of one subject says what they ran on, not what they share: it explains no link, while the
    same papers' spelled-out tag does ("CLIP" written out as "contrastive language-image pre-training")."""
    papers = _corpus()
    papers[60].tags = papers[61].tags = ["gpu"]
    tags = {"gpu": Tag(slug="gpu", name="GPU", papers=["p060", "p061"])}
    features = build_features(papers)
    assert broad_tags(papers, features, tags) == {"gpu"}
    assign_related(papers, features, k=3, tags=tags)
    assert not any("GPU" in r.terms for p in papers for r in p.related)
    tags = {"gpu": Tag(slug="gpu", name="CLIP", papers=["p060", "p061"], aliases=["contrastive language-image pre-training"])}
    assert broad_tags(papers, features, tags) == set()


def test_a_term_a_field_of_the_collection_shares_is_no_reason_however_central():
    """35 subjects of 12 papers: all 12 of the first share "lattice kernels" (a field of this collection, over 1 % of
    its 420 papers and over ten), four of the second "widget sensing"; both are specific and central to each paper."""
    texts = [f"We study the zq{g}a zq{g}b of zq{g}c zq{g}d, with yz{i}e and yz{i}f methods."
             for g in range(35) for i in range(g * 12, g * 12 + 12)]
    papers = [Paper(id=f"p{i:03d}", abstract=t, text=t, source="x", collection="c") for i, t in enumerate(texts)]
    for name, members in (("lattice kernels", papers[:12]), ("widget sensing", papers[12:16])):
        for p in members:
            p.text = p.abstract = f"{p.text} {name.capitalize()} matter: {name} work."
            p.tags = [name.replace(" ", "-")]
    tags = {slug: Tag(slug=slug, name=slug.replace("-", " "), papers=[p.id for p in papers if slug in p.tags])
            for slug in ("lattice-kernels", "widget-sensing")}
    features = build_features(papers)
    assert broad_tags(papers, features, tags) == set()  # specific enough to link the papers ...
    assign_related(papers, features, k=3, tags=tags)
    assert all(int(r.id[1:]) < 12 for p in papers[:12] for r in p.related)
    assert not any(r.terms for p in papers[:12] for r in p.related)  # ... but it names their field, not why these two
    assert papers[12].related[0].terms == ("widget sensing",)


def test_the_bench_counts_a_term_by_the_abstracts_that_use_it():
    texts = ["Neural networks learn.", "Deep neural-networks and tensor maps.", "A neural network, tensor map.",
             "Neural networks again."] + [f"Other text {i}." for i in range(96)]
    assert used_by(["neural networks", "tensor maps", "map"], texts) == {"neural networks": 4, "tensor maps": 2, "map": 2}
    # Of five shown terms, the two "neural networks" are used by over 2 % (and over two) of the 100 abstracts.
    assert broad_share(["neural networks", "tensor maps", "neural networks", "map", "sparse codes"], texts) == 0.4


def test_a_phrase_of_words_common_in_the_corpus_is_no_reason():
    """"input tokens" on two papers is no reason when "input" and "tokens" are each on over 5 % (and 10) of the
    papers; "tensor sketches", made of rare words, is."""
    texts = [f"We study zq{i}a zq{i}b with zq{i}c methods." for i in range(40)]
    for i in range(14):
        texts[i] += " Each input is checked twice."
        texts[14 + i] += " Each token is counted twice."
    for i in (38, 39):
        texts[i] = f"Tensor sketches compress input tokens of zq{i}a models; input tokens meet tensor sketches."
    papers = [Paper(id=f"p{i:02d}", abstract=t, text=t, source="x", collection="c") for i, t in enumerate(texts)]
    assign_related(papers, build_features(papers), k=2)
    link = papers[38].related[0]
    assert link.id == "p39" and "tensor sketches" in [t.lower() for t in link.terms], link
    assert "input tokens" not in [t.lower() for t in link.terms]
    assert common_words_only("input token", {"input": 14, "token": 14}, 40)
    assert not common_words_only("input token", {"input": 14, "token": 9}, 40)
    assert not common_words_only("input token", {"input": 14, "token": 14}, 400)  # 5 % of 400 is 20


def test_a_link_that_explains_nothing_must_be_stronger_to_be_shown():
    """12 subjects of three papers: two alike, a third that shares one word with them. p000 and p002 also share
    "lattice kernels"; p003 and p005 share the same words apart ("kernels and lattice"), which is no reason."""
    texts = []
    for g in range(12):
        core = " ".join(f"zq{g}w{j}" for j in range(3 + g % 6))
        for i in range(3):
            own = " ".join(f"yz{g}u{i}n{j}" for j in range(4))
            texts.append(f"{core} {own}." if i < 2 else f"zq{g}w0 {own}.")
    texts[0] += " We use lattice kernels."
    texts[2] = texts[2].replace("zq0w0 ", "") + " We use lattice kernels."
    texts[3] += " We use kernels and lattice."
    texts[5] += " We use kernels and lattice."
    papers = [Paper(id=f"p{i:03d}", abstract=t, text=t, source="x", collection="c") for i, t in enumerate(texts)]
    for i in (0, 2, 3, 5):  # what the four papers are about (a title inferred from their text weighs nothing)
        papers[i].title, papers[i].title_inferred = "Lattice kernels", True
    features = build_features(papers)
    rows, scores = ranked_neighbours(papers, features, 3)
    explained, unexplained = scores[0][rows[0].tolist().index(2)], scores[3][rows[3].tolist().index(5)]
    assert weak_link(scores) < explained < unexplained  # both above the floor of every link, the unexplained higher
    found = related_lists(papers, features, 3, {})
    assert [(r.id, r.terms) for r in found[0]][1:] == [("p002", ("lattice kernels",))]
    assert [r.id for r in found[3]] == ["p004"]


def test_reasons_are_never_two_pieces_of_one_phrase_nor_a_part_of_a_setup():
    """Two papers share the tag "lattice kernels", and write "kernel regression" and "tunable parameters": the first
    goes on where the tag ends (pieces of "lattice kernel regression"), the second is a setup's furniture."""
    papers = _corpus()
    for i in (60, 61):
        papers[i].text = papers[i].abstract = (papers[i].text + " Kernel regression with lattice kernels fits tunable "
                                               "parameters; kernel regression tunes tunable parameters.")
        papers[i].tags = ["lattice-kernels"]
    tags = {"lattice-kernels": Tag(slug="lattice-kernels", name="lattice kernels", papers=["p060", "p061"])}
    assign_related(papers, build_features(papers), k=3, tags=tags)
    link = papers[60].related[0]
    assert link.id == "p061" and link.terms[0] == "lattice kernels", link
    assert not {t.lower() for t in link.terms} & {"kernel regression", "tunable parameters"}, link


def test_a_phrase_of_research_prose_or_one_ending_on_a_participle_is_no_reason():
    """Two papers write "vice versa" and "encoders fine-tuned" as well as "lattice kernels": the first is an idiom, the
    second a noun and the verb after it; only the concept explains the link."""
    papers = _corpus()
    for i in (60, 61):
        papers[i].text = papers[i].abstract = (papers[i].text + " Lattice kernels help encoders and vice versa; "
                                               "encoders fine-tuned on lattice kernels, vice versa, keep encoders fine-tuned.")
    assign_related(papers, build_features(papers), k=3)
    link = papers[60].related[0]
    assert link.id == "p061" and "lattice kernels" in [t.lower() for t in link.terms], link
    assert not {t.lower() for t in link.terms} & {"vice versa", "encoders fine-tuned"}, link


def test_a_reason_is_written_as_the_abstracts_write_it_proper_names_with_their_capital():
    """"Lipschitz" is a name, written with its capital inside sentences; the reason says "Lipschitz constants", not the
    lower-case singular the terms are counted by. So too when a shared tag another one says is left out ("SGD" after
    "stochastic gradient descent"): the terms after the tags are still as written."""
    papers = _corpus()
    for i in (60, 61):
        papers[i].text = papers[i].abstract = (papers[i].text + " We bound the Lipschitz constants of lattice kernels; "
                                               "tight Lipschitz constants follow for lattice kernels.")
        papers[i].tags = ["stochastic-gradient-descent", "sgd"]
    tags = {"stochastic-gradient-descent": Tag(slug="stochastic-gradient-descent", name="stochastic gradient descent",
                                               papers=["p060", "p061"]),
            "sgd": Tag(slug="sgd", name="SGD", papers=["p060", "p061"])}
    assign_related(papers, build_features(papers), k=3, tags=tags)
    link = papers[60].related[0]
    assert link.id == "p061" and link.terms[0] == "stochastic gradient descent" and "SGD" not in link.terms, link
    assert "lattice kernels" in link.terms and "Lipschitz constants" in link.terms, link
