"""Cold `generate` with two versions of papersite on one synthetic corpus, alternating: what a change costs at scale.

    python bench/generate_ab.py --base REV [--head REV] [--size 10000] [--rounds 2] [--out DIR]

Issue #14 asks that `generate` at 10,000 papers get no more than 10 % slower than before its rules. A machine's
speed moves by a third within an hour here, so two versions are only compared run against run: each version's
tree (`git archive REV`: code, templates and mkdocs.yml) is unpacked into the work folder, and each round runs
`python -m generator generate` with one, then the other, on the bench's synthetic corpus (scale.make_corpus),
every cache and state file removed first. It prints each run's wall, CPU and peak RSS with its stages' seconds,
then each version's range, and the ratio of the two medians, per stage too.

Figures live here and in docs/scaling.md, never in pass/fail tests.
"""

from __future__ import annotations

import argparse
import io
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from scale import DEFAULT_CORPUS, make_corpus, run_child, stage_seconds, write_jsonl  # noqa: E402

#: What a version's run leaves that the next cold run must not find.
_LEFT_BEHIND = (".cache", "site_src/papers")
_STATE_FILES = (".topics.json", ".first-seen.json")


def unpack(rev: str, dest: Path) -> Path:
    """Unpack the tree of git revision `rev` of this repository into `dest` (a fresh folder) and return it."""
    data = subprocess.run(["git", "archive", "--format=tar", rev], cwd=ROOT, capture_output=True, check=False)
    if data.returncode != 0:
        raise SystemExit(f"git archive {rev}: {data.stderr.decode(errors='replace').strip()}")
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    with tarfile.open(fileobj=io.BytesIO(data.stdout)) as tar:
        tar.extractall(dest, filter="data")
    return dest


def cold_generate(tree: Path, data: Path, trash: Path) -> tuple[float, float, float, dict[str, float]]:
    """Run a cold `generate` of `tree`'s papersite on `data`; return wall s, CPU s, peak RSS MB and the stages' seconds.

    What the last run left is moved into `trash`, not deleted: writing 17,000 files right after deleting as many took
    the file system four times as long (docs/scaling.md, stop 46), whichever version ran next.
    """
    for name in _LEFT_BEHIND:
        if (tree / name).exists():
            trash.mkdir(parents=True, exist_ok=True)
            (tree / name).rename(trash / f"{len(list(trash.iterdir()))}-{name.strip('./').replace('/', '-')}")
    for name in _STATE_FILES:
        (data / name).unlink(missing_ok=True)
    wall, rss, err, cpu = run_child([sys.executable, "-m", "generator", "generate", "--project", str(tree),
                                     "--data", str(data)], tree, code=tree)
    return wall, cpu, rss, stage_seconds(err)


def main(argv: list[str] | None = None) -> int:
    """Run the comparison and print it."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True, help="the git revision to compare against (e.g. 3973064)")
    parser.add_argument("--head", default="HEAD", help="the git revision measured (default: %(default)s)")
    parser.add_argument("--size", type=int, default=10_000, help="synthetic abstracts (default: %(default)s)")
    parser.add_argument("--rounds", type=int, default=2, help="runs of each version, alternating (default: %(default)s)")
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS, help="labelled JSONL to recombine")
    parser.add_argument("--out", type=Path, default=None, help="work folder (default: a temporary one)")
    args = parser.parse_args(argv)
    if not args.corpus.is_file():
        raise SystemExit(f"{args.corpus}: corpus not found (--corpus)")
    work = args.out or Path(tempfile.mkdtemp(prefix="papersite-ab-"))
    records = make_corpus(args.corpus, args.size)
    versions = {"base": args.base, "head": args.head}
    trees = {name: unpack(rev, work / name) for name, rev in versions.items()}
    datas = {}
    for name in versions:
        datas[name] = work / f"{name}-data"
        shutil.rmtree(datas[name], ignore_errors=True)
        write_jsonl(datas[name] / "synthetic.jsonl", records)
    runs: dict[str, list[tuple[float, float, float, dict[str, float]]]] = {name: [] for name in versions}
    print(f"cold generate, {args.size:,} abstracts: base {args.base}, head {args.head}, {args.rounds} rounds in {work}")
    for round_ in range(1, args.rounds + 1):
        for name in versions:
            wall, cpu, rss, stages = cold_generate(trees[name], datas[name], work / "trash")
            runs[name].append((wall, cpu, rss, stages))
            detail = ", ".join(f"{stage} {seconds:.2f}" for stage, seconds in stages.items())
            print(f"  round {round_} {name}: wall {wall:.1f} s, CPU {cpu:.1f} s, RSS {rss:.0f} MB ({detail})", flush=True)
    print(_summary(runs))
    shutil.rmtree(work / "trash", ignore_errors=True)
    return 0


def _summary(runs: dict[str, list[tuple[float, float, float, dict[str, float]]]]) -> str:
    """Return each version's range and the head/base ratio of the medians, whole command and per stage."""
    lines = []
    for label, pick in (("wall s", lambda r: r[0]), ("CPU s", lambda r: r[1])):
        base = [pick(r) for r in runs["base"]]
        head = [pick(r) for r in runs["head"]]
        lines.append(f"{label:<12} base {min(base):.1f}-{max(base):.1f}  head {min(head):.1f}-{max(head):.1f}  "
                     f"head / base {statistics.median(head) / statistics.median(base):.2f}")
    stages = [s for s in runs["head"][0][3] if any(s in r[3] for r in runs["base"])]
    for stage in stages:
        base = statistics.median(r[3].get(stage, 0.0) for r in runs["base"])
        head = statistics.median(r[3].get(stage, 0.0) for r in runs["head"])
        lines.append(f"  {stage:<10} base {base:6.2f} s  head {head:6.2f} s")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
