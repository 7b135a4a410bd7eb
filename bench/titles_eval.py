"""Measure inferred titles against real ones: ROUGE-L F1 and recall of `Name: ...` names.

Run: python -m bench.titles_eval [corpus.jsonl]   (default: the ICLR 2024 dev corpus)
"""

from __future__ import annotations

import json
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from generator.evaluate import rouge_l_f1 as rouge_l  # noqa: E402  (one ROUGE-L for every benchmark)
from generator.infer.titles import infer_title  # noqa: E402

DEFAULT_CORPUS = ROOT.parent / "shared" / "corpora" / "iclr2024-dev.jsonl"


def title_name(title: str) -> str | None:
    """Return X when `title` reads `X: ...` with X a short name (one token, at most 3 words), else None."""
    m = re.match(r"\s*([^:]+?)\s*:\s*\S", title)
    if not m:
        return None
    name = m.group(1)
    words = name.split()
    # "short" = a single token, or at most 3 words of which one is a coined token (has a capital inside or a digit).
    if len(words) == 1:
        return name
    if len(words) <= 3 and any(re.search(r"[A-Z].*[A-Z]|\d", w) for w in words):
        return name
    return None


_GREEK = {"alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "theta": "θ", "lambda": "λ",
          "mu": "μ", "pi": "π", "sigma": "σ", "tau": "τ", "phi": "φ", "psi": "ψ", "omega": "ω"}


def plain_name(name: str) -> str:
    """Return a LaTeX-marked name as plain text (`$\\texttt{NAISR}$` -> NAISR, `$\\pi$2vec` -> π2vec).

    Inferred titles are plain text by contract, so a name is compared in its plain form.
    """
    n = re.sub(r"\\[a-zA-Z]+\{([^{}]*)\}", r"\1", name)
    n = re.sub(r"\\([a-zA-Z]+)", lambda m: _GREEK.get(m.group(1), ""), n)
    return n.replace("$", "").replace("{", "").replace("}", "").strip()


def title_scores(titles: list[str], real_titles: list[str], abstracts: list[str]) -> dict:
    """Return mean ROUGE-L F1 and the recall of real title names (`X: ...` with X in the abstract).

    A name counts as recalled when its plain-text form is in the inferred title.
    """
    if not (len(titles) == len(real_titles) == len(abstracts)):
        raise ValueError("titles, real_titles and abstracts must have the same length")
    rouge = [rouge_l(t, r) for t, r in zip(titles, real_titles)]
    named = hits = 0
    for t, r, a in zip(titles, real_titles, abstracts):
        name = title_name(r)
        if name and name in a:
            named += 1
            hits += plain_name(name) in t
    return {
        "rouge_l": sum(rouge) / len(rouge) if rouge else 0.0,
        "name_recall": hits / named if named else 0.0,
        "named": named,
        "n": len(titles),
    }


def _normaliser():
    """Return the pipeline's abstract normaliser when it exists, else the identity."""
    try:
        from generator.clean.normalise import normalise_abstract  # type: ignore
    except ImportError:
        return lambda text: text, "raw"
    return normalise_abstract, "generator.clean.normalise.normalise_abstract"


def _first_words(text: str, n: int = 12) -> str:
    """Return the first `n` words of `text`: the baseline title."""
    return " ".join(text.split()[:n])


def main(argv: list[str]) -> int:
    """Score infer_title and the first-12-words baseline on a JSONL corpus."""
    path = Path(argv[0]) if argv else DEFAULT_CORPUS
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").split("\n") if line.strip()]
    records = [r for r in records if r.get("title") and r.get("abstract")]
    normalise, how = _normaliser()
    raw = [r["abstract"] for r in records]
    abstracts = [normalise(a) for a in raw]
    real = [r["title"] for r in records]
    start = time.perf_counter()
    titles = [infer_title(a) for a in abstracts]
    elapsed = time.perf_counter() - start
    ours = title_scores(titles, real, raw)
    base = title_scores([_first_words(a) for a in abstracts], real, raw)
    print(f"corpus: {path} ({len(records)} records), abstracts: {how}")
    print(f"infer_title      rouge_l={ours['rouge_l']:.3f}  name_recall={ours['name_recall']:.3f} "
          f"(of {ours['named']} named titles)  time={elapsed:.2f}s")
    print(f"first 12 words   rouge_l={base['rouge_l']:.3f}  name_recall={base['name_recall']:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
