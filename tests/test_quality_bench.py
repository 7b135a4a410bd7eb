"""The quality benchmark runs on a small real sample and reports every metric, consistently."""

import json

from tests.conftest import FIXTURES, bench_module

quality = bench_module("quality")
FIXTURE = FIXTURES / "iclr_sample.jsonl"


def test_bench_reports_every_metric_in_range():
    rows = [json.loads(line) for line in FIXTURE.read_text().splitlines()]
    result = quality.run(rows)
    assert result["papers"] == len(rows)
    assert result["tldr_share"] == sum(bool(r.get("tldr")) for r in rows) / len(rows)
    r = result["related"]
    for key in ("area_at_k", "kw_at_k", "random_area", "random_kw"):
        assert 0 <= r[key] <= 1
    # Text similarity must beat a random pick even on 40 papers.
    assert r["area_at_k"] > r["random_area"]
    assert 1 <= result["topics"]["count"] <= len(rows)
    assert 0 <= result["topics"]["nmi"] <= 1
    if "tags" in result:
        t = result["tags"]
        for key in ("precision_at_k", "recall", "f1", "exact_f1", "shared"):
            assert 0 <= t[key] <= 1
        assert t["exact_f1"] <= t["f1"] + 1e-9  # equality is one of the ways to match
        assert t["distinct"] >= 0 and t["per_paper"] >= 0
    if "title_rouge_l" in result:
        assert 0 <= result["title_rouge_l"] <= 1
    assert 0 <= result["baseline_rouge_l"] <= 1
    assert result["seconds"]["total"] >= result["seconds"]["features"]
    text = quality.table(result)
    for label in ("related area@5", "related kw@5", "topics count", "topics NMI", "seconds total",
                  "tags strict precision, all shown", "tags one everyday word", "tags number/quantifier-led",
                  "papers with one concept twice", "reason terms one everyday word", "reasons with one concept twice",
                  "topic names with an everyday word", "topic names with another's words"):
        assert label in text
    for key in ("tags_everyday", "tags_number_led", "papers_one_concept_twice", "reason_terms_everyday",
                "reasons_one_concept_twice", "titles_fragment"):
        assert 0 <= result["shown"][key] <= 1 and 0 <= result["authors"][key] <= 1
    assert 0 <= result["topics"]["everyday"] <= 1 and 0 <= result["topics"]["same_words"] <= 1


def test_bench_show_prints_sampled_papers_and_every_topic(capsys):
    code = quality.main(["--corpus", str(FIXTURE), "--show", "3"])
    out = capsys.readouterr().out
    assert code == 0
    assert out.count("\n## ") == 4  # three papers, then the topics
    assert out.count("real:     ") == 3 and out.count("tags:     ") == 3
    assert "## all " in out and "seconds total" in out


def test_bench_hides_the_labels_from_inference():
    rows = [json.loads(line) for line in FIXTURE.read_text().splitlines()][:5]
    papers = quality.make_papers(rows)
    for paper, row in zip(papers, rows):
        assert paper.title == "" and paper.keywords == []
        assert row["primary_area"] not in paper.extra.values()


def test_bench_uses_the_tldr_unless_told_not_to():
    rows = [json.loads(line) for line in FIXTURE.read_text().splitlines()][:6]
    rows[0]["tldr"], rows[1]["tldr"] = "A short summary.", ""
    with_tldr = quality.make_papers(rows)
    assert with_tldr[0].tldr == "A short summary." and with_tldr[1].tldr is None
    without = quality.make_papers(rows, quality.HIDDEN + ("tldr",))
    assert all(p.tldr is None for p in without)


def test_scale_bench_recombines_real_sentences_deterministically():
    infer_scale = bench_module("infer_scale")

    rows = [json.loads(line) for line in FIXTURE.read_text().splitlines()]
    synthetic = infer_scale.recombine(rows, 60)
    assert len(synthetic) == 60 and len({r["id"] for r in synthetic}) == 60
    assert synthetic == infer_scale.recombine(rows, 60)
    first_words = {" ".join(r["abstract"].split()[:5]) for r in rows}
    assert all(" ".join(r["abstract"].split()[:5]) in first_words for r in synthetic)
    seconds = infer_scale.run_stages(quality.make_papers(synthetic), ("features", "topics", "related"))
    assert set(seconds) == {"features", "topics", "related"}
