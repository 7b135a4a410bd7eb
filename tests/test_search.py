"""`papersite search`: the search rules (empty queries, typo retry, ranking, snippets) and sharded sites."""

from __future__ import annotations

import json
import re
import shutil

import pytest

from generator.search import answer, load_index_documents
from generator.write.search_shards import shard_search_index
from tests.conftest import run_cli


def _hits(output: str) -> list[tuple[str, str]]:
    """Return (title, url) of each hit `papersite search` printed."""
    return re.findall(r"^\s*\d+\. (.+)\n\s+(\S+)  \(score", output, re.MULTILINE)


@pytest.mark.parametrize("query", ["", "   ", "?! ...", "-", "*"])
def test_an_empty_query_is_refused_in_one_line_with_exit_status_1(seed_site, query) -> None:
    result = run_cli("search", query, "--project", str(seed_site))
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "empty query" in lines[0] and "papersite search diffusion" in lines[0]
    assert "Traceback" not in result.stderr and "lunr" not in result.stderr.lower() and result.stdout == ""


def test_a_typo_is_retried_with_one_edit_and_says_what_it_searched(seed_site) -> None:
    result = run_cli("search", "difusion", "--project", str(seed_site))
    assert result.returncode == 0
    assert "no results for 'difusion'; showing results for 'diffusion'" in result.stderr
    hits = _hits(result.stdout)
    assert hits and "diffusion" in hits[0][0].lower()
    # Next to a word that matches, the misspelt one alone is retried.
    both = run_cli("search", "difusion models", "--project", str(seed_site))
    assert "showing results for 'diffusion models'" in both.stderr
    # A word that is spelt right is not retried, and a short unknown word is not guessed at.
    assert "showing results for" not in run_cli("search", "diffusion", "--project", str(seed_site)).stderr
    short = run_cli("search", "difu", "--project", str(seed_site))
    assert "showing results for" not in short.stderr and "no results for 'difu'" in short.stderr


def test_a_papers_exact_title_or_method_name_ranks_it_first(seed_site) -> None:
    docs = load_index_documents(seed_site / "site")
    titles = [d["title"] for d in docs if d["url"].startswith("papers/")]
    plain = next(t for t in titles if ":" not in t and len(t.split()) >= 4)
    assert answer(seed_site / "site", plain).hits[0].title == plain
    named = next(t for t in titles if re.match(r"^[A-Za-z][\w-]+: ", t))
    method = named.split(":")[0]
    assert answer(seed_site / "site", method.lower()).hits[0].title == named


def test_pages_matching_every_word_come_before_pages_matching_one_common_word(seed_site) -> None:
    # "model" is in most abstracts; a paper with all three words must not sink below those.
    query = "neural network model"
    hits = answer(seed_site / "site", query, limit=40).hits
    docs = {d["url"]: d for d in load_index_documents(seed_site / "site")}
    def has_all(url: str) -> bool:
        words = set(re.findall(r"\w+", (docs[url]["title"] + " " + docs[url]["text"]).lower()))
        return all(any(w.startswith(q) for w in words) for q in ("neural", "network", "model"))
    flags = [has_all(h.url) for h in hits]
    assert True in flags and False in flags, "the fixture needs pages with and without every word"
    assert flags == sorted(flags, reverse=True), "a page missing a word ranks above one that has them all"


def test_each_hit_shows_the_sentence_around_its_match_with_the_word_marked(seed_site) -> None:
    hit = answer(seed_site / "site", "BrainSAIL").hits[0]
    assert "**BrainSAIL**" in hit.snippet
    abstract = next(d["text"] for d in load_index_documents(seed_site / "site") if d["url"] == hit.url)
    assert len(hit.snippet) < len(abstract) / 2 and not hit.snippet.startswith("Topic:")


def test_a_sharded_site_answers_as_the_whole_index_does(seed_site, sharded_seed_site) -> None:
    stub = json.loads((sharded_seed_site / "site" / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert stub["docs"] == [] and stub["config"]["papersite_shards"]["documents"] > 10
    assert (sharded_seed_site / "site" / "search" / "shards").is_dir()
    for query in ("diffusion", "difusion", "neural network model", "BrainSAIL", "+brain -visual"):
        whole = run_cli("search", query, "--project", str(seed_site))
        sharded = run_cli("search", query, "--project", str(sharded_seed_site))
        assert (sharded.returncode, sharded.stdout, sharded.stderr) == (whole.returncode, whole.stdout, whole.stderr)
        assert whole.stdout


def test_below_the_threshold_the_search_index_is_left_as_mkdocs_wrote_it(seed_site, tmp_path) -> None:
    site = tmp_path / "site"
    shutil.copytree(seed_site / "site" / "search", site / "search")
    before = (site / "search" / "search_index.json").read_bytes()
    count = len(json.loads(before)["docs"])
    assert shard_search_index(site, above=count) is False
    assert (site / "search" / "search_index.json").read_bytes() == before and not (site / "search" / "shards").exists()
    assert shard_search_index(site, above=count - 1) is True


def test_documents_terms_kept_from_a_last_build_give_the_same_shards(seed_site, tmp_path) -> None:
    kept: dict[str, object] = {}
    cut: list[int] = []

    def memo(docs: list, key, compute) -> list:
        """A cache keyed by content, as the build's: compute only what it does not hold."""
        out = []
        for doc in docs:
            k = json.dumps(key(doc))
            if k not in kept:
                cut.append(1)
                kept[k] = json.loads(json.dumps(compute(doc)))  # as it comes back from the cache files
            out.append(kept[k])
        return out

    def shard(name: str, with_memo: bool) -> dict[str, bytes]:
        site = tmp_path / name
        shutil.copytree(seed_site / "site" / "search", site / "search")
        assert shard_search_index(site, above=0, memo=memo if with_memo else None) is True
        return {p.relative_to(site).as_posix(): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}

    plain = shard("plain", False)
    assert shard("first", True) == plain and cut
    computed = len(cut)
    assert shard("again", True) == plain and len(cut) == computed  # every document's terms came from the memo
