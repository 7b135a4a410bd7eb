"""The command line: a thin layer that parses options, calls the library and turns its errors into messages."""

from __future__ import annotations

import argparse
import sys
import threading
import time
import warnings
from pathlib import Path

from generator import __version__
from generator.build import build, check, generate
from generator.project import Project
from generator.model import PapersiteError, Problem
from generator.runtime.progress import Progress
from generator.search import search
from generator.write.mkdocs_adapter import serve_mkdocs

EXAMPLES = {
    "build": "example:\n  papersite build            # data/ -> site_src/ -> site/\n  papersite build --strict   # fail on any MkDocs warning (as CI does)",
    "generate": "example:\n  papersite generate         # write Markdown pages and papers.json into site_src/ only",
    "serve": "example:\n  papersite serve            # preview on http://127.0.0.1:8000, rebuilt when data/ or templates/ change",
    "check": "example:\n  papersite check            # list every problem in data/ and exit 1 on errors; writes nothing",
    "search": "example:\n  papersite search CREIMBO\n  papersite search 'graph neural networks' --limit 5",
}


def main(argv: list[str] | None = None) -> int:
    """Run the papersite command line and return its exit code."""
    parser = _parser()
    args = parser.parse_args(argv)
    if not getattr(args, "command", None):
        parser.print_help()
        return 2
    progress = Progress(quiet=args.quiet)
    try:
        with warnings.catch_warnings():
            # A library's warning (numpy, scikit-learn) would print its own source line; say it in one of ours.
            warnings.showwarning = _show_warning
            return args.handler(args, progress)
    except PapersiteError as exc:
        _print_problems(exc.problems)
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:  # disk full, permission denied: the user can fix it, and the build was undone
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"error: {where}{exc.strerror or exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


def _parser() -> argparse.ArgumentParser:
    """Return the argument parser with every subcommand."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("-q", "--quiet", action="store_true", help="print no progress, only warnings and errors")
    common.add_argument("--project", type=Path, default=Path("."), metavar="DIR",
                        help="project folder holding mkdocs.yml, templates/ and data/ (default: current folder)")
    common.add_argument("--data", type=Path, default=None, metavar="DIR", help="folder of abstracts (default: PROJECT/data)")
    parser = argparse.ArgumentParser(
        prog="papersite", description="Turn a folder of research abstracts into a searchable static site.",
        epilog="example:\n  papersite build && papersite search CREIMBO", formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"papersite {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    def add(name: str, help_: str, handler) -> argparse.ArgumentParser:
        cmd = sub.add_parser(name, parents=[common], help=help_, description=help_, epilog=EXAMPLES[name],
                             formatter_class=argparse.RawDescriptionHelpFormatter)
        cmd.set_defaults(handler=handler)
        return cmd

    add("build", "Generate the pages and build the site into site/ with MkDocs.", _cmd_build).add_argument(
        "--strict", action="store_true", help="treat MkDocs warnings (broken links, …) as errors")
    add("generate", "Write the Markdown pages and papers.json into site_src/ without running MkDocs.", _cmd_generate)
    serve = add("serve", "Preview the site with live reload while you edit data/ or templates/.", _cmd_serve)
    serve.add_argument("--addr", default="127.0.0.1:8000", help="address to serve on (default: %(default)s)")
    add("check", "Validate the data and report every problem at once; write nothing.", _cmd_check)
    query = add("search", "Query the built site's search index and print the best hits.", _cmd_search)
    query.add_argument("query", help="words to look for; Lunr syntax (title:x, x*, +x -y) works too")
    query.add_argument("--limit", type=int, default=10, help="how many hits to print (default: %(default)s)")
    return parser


def _project(args: argparse.Namespace) -> Project:
    """Return the project the options point at."""
    return Project.at(args.project, data_dir=args.data)


def _cmd_build(args: argparse.Namespace, progress: Progress) -> int:
    """Build the whole site."""
    project = _project(args)
    start = time.perf_counter()
    corpus = build(project, progress, strict=args.strict)
    _print_problems(corpus.warnings)
    progress.say(f"built {len(corpus.papers)} papers into {project.relative(project.site_dir)}/ "
                 f"in {time.perf_counter() - start:.1f} s")
    return 0


def _cmd_generate(args: argparse.Namespace, progress: Progress) -> int:
    """Write the Markdown pages only."""
    project = _project(args)
    corpus, files = generate(project, progress)
    _print_problems(corpus.warnings)
    progress.say(f"generated {len(files)} files for {len(corpus.papers)} papers in {project.relative(project.docs_dir)}/")
    return 0


def _cmd_check(args: argparse.Namespace, progress: Progress) -> int:
    """Report every problem in the data."""
    project = _project(args)
    problems = check(project, progress)
    _print_problems(problems)
    errors = sum(p.severity == "error" for p in problems)
    warnings = len(problems) - errors
    print(f"{errors} errors, {warnings} warnings", file=sys.stderr)
    return 1 if errors else 0


def _cmd_search(args: argparse.Namespace, progress: Progress) -> int:
    """Print the best hits for a query."""
    project = _project(args)
    hits = search(project.site_dir, args.query, limit=args.limit)
    if not hits:
        print(f"no results for {args.query!r}", file=sys.stderr)
        return 0
    for rank, hit in enumerate(hits, 1):
        print(f"{rank:>2}. {hit.title}\n    {hit.url}  (score {hit.score})")
    return 0


def _cmd_serve(args: argparse.Namespace, progress: Progress) -> int:
    """Generate, then serve with live reload; regenerate when data or templates change."""
    project = _project(args)
    generate(project, progress)
    watcher = threading.Thread(target=_regenerate_on_change, args=(project, progress), daemon=True)
    watcher.start()
    serve_mkdocs(project.config_file, project.docs_dir, args.addr)
    return 0


def _regenerate_on_change(project: Project, progress: Progress) -> None:
    """Poll data/ and templates/ and regenerate site_src/ when anything in them changes."""
    last = _fingerprint(project)
    while True:
        time.sleep(1.0)
        now = _fingerprint(project)
        if now != last:
            last = now
            try:
                generate(project, progress)
            except PapersiteError as exc:
                _print_problems(exc.problems)
                print(f"error: {exc}", file=sys.stderr)


def _fingerprint(project: Project) -> tuple:
    """Return the names, sizes and mtimes of every data and template file."""
    files = []
    for folder in (project.data_dir, project.templates_dir):
        if folder.is_dir():
            files.extend((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in sorted(folder.rglob("*")) if p.is_file())
    return tuple(files)


def _show_warning(message: Warning | str, category: type[Warning], filename: str, lineno: int,
                  file=None, line: str | None = None) -> None:
    """Print a stray warning from a library as one papersite line (forked workers inherit this too)."""
    module = Path(filename).stem
    text = " ".join(str(message).split())
    print(f"papersite: warning: {category.__name__} in {module}: {text}", file=sys.stderr)


def _print_problems(problems: list[Problem]) -> None:
    """Print problems one a line, as `file:line: field: message`."""
    for problem in problems:
        print(problem, file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
