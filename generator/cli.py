"""The command line: a thin layer that parses options, calls the library and turns its errors into messages."""

from __future__ import annotations

import argparse
import os
import sys
import threading
import time
import warnings
from pathlib import Path

from generator import __version__, uptodate
from generator.build import build, check, generate, site_title
from generator.project import Project, site_url_of
from generator.model import PapersiteError, Problem
from generator.runtime.cache import CACHE_DIR
from generator.runtime.progress import Progress
from generator.search import answer, check_query
from generator.write.mkdocs_adapter import serve_mkdocs, serve_url

EXAMPLES = {
    "build": "example:\n  papersite build            # data/ -> site_src/ -> site/\n  papersite build --strict   # fail on any MkDocs warning (as CI does)\n"
             "  papersite --project DIR build --site-url https://user.github.io/repo/",
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


def run() -> None:
    """Run the `papersite` command and end the process with its exit code at once, the output flushed."""
    code = main()
    # A build of 10,000 papers leaves millions of objects: freeing them one by one as the interpreter shuts down
    # took over a second, for memory the system takes back anyway. Every file was written and closed by now.
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        os._exit(code)


def _parser() -> argparse.ArgumentParser:
    """Return the argument parser with every subcommand; the common options go before or after the command."""
    parser = argparse.ArgumentParser(
        prog="papersite", description="Turn a folder of research abstracts into a searchable static site.",
        epilog="example:\n  papersite build && papersite search CREIMBO", formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"papersite {__version__}")
    _add_common(parser, defaults=True)
    # The commands' copies default to "not given", so they never overwrite an option given before the command.
    common = argparse.ArgumentParser(add_help=False)
    _add_common(common, defaults=False)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    def add(name: str, help_: str, handler) -> argparse.ArgumentParser:
        cmd = sub.add_parser(name, parents=[common], help=help_, description=help_, epilog=EXAMPLES[name],
                             formatter_class=argparse.RawDescriptionHelpFormatter)
        cmd.set_defaults(handler=handler)
        return cmd

    build_cmd = add("build", "Generate the pages and build the site into site/ with MkDocs.", _cmd_build)
    build_cmd.add_argument("--strict", action="store_true", help="treat MkDocs warnings (broken links, …) as errors")
    for cmd in (build_cmd, add("generate", "Write the Markdown pages and papers.json into site_src/ without running MkDocs.", _cmd_generate)):
        cmd.add_argument("--site-url", default=None, metavar="URL",
                         help="where the site is published, e.g. https://user.github.io/repo/ (default: mkdocs.yml's site_url)")
    serve = add("serve", "Preview the site with live reload while you edit data/ or templates/.", _cmd_serve)
    serve.add_argument("--addr", default="127.0.0.1:8000", help="address to serve on (default: %(default)s)")
    add("check", "Validate the data and report every problem at once; write nothing.", _cmd_check)
    query = add("search", "Query the built site's search index and print the best hits.", _cmd_search)
    query.add_argument("query", help="words to look for; Lunr syntax (title:x, x*, +x -y) works too")
    query.add_argument("--limit", type=int, default=10, help="how many hits to print (default: %(default)s)")
    return parser


def _add_common(parser: argparse.ArgumentParser, defaults: bool) -> None:
    """Add the options every command takes; with defaults=False they are left out of the namespace when not given."""
    def default(value: object) -> object:
        return value if defaults else argparse.SUPPRESS

    parser.add_argument("-q", "--quiet", action="store_true", default=default(False),
                        help="print no progress, only warnings and errors")
    parser.add_argument("--project", type=Path, default=default(Path(".")), metavar="DIR",
                        help="project folder holding mkdocs.yml, templates/ and data/ (default: current folder)")
    parser.add_argument("--data", type=Path, default=default(None), metavar="DIR",
                        help="folder of abstracts (default: PROJECT/data)")


def _project(args: argparse.Namespace) -> Project:
    """Return the project the options point at."""
    project = Project.at(args.project, data_dir=args.data)
    if getattr(args, "site_url", None):
        project.site_url = site_url_of(args.site_url)
    return project


def _cmd_build(args: argparse.Namespace, progress: Progress) -> int:
    """Build the whole site."""
    project = _project(args)
    start = time.perf_counter()
    # Nothing read has changed and site/ is as the last build left it: there is nothing to do (generator/uptodate.py).
    stamp, notes = uptodate.load(project)
    if (stamp and stamp.inputs == uptodate.inputs_digest(project, args.strict)
            and stamp.outputs == uptodate.outputs_digest(project) and not uptodate.has_work_folders(project)):
        _print_problems(stamp.warnings)
        progress.say(f"{project.relative(project.site_dir)}/ is up to date: nothing changed since the last build of "
                     f"{stamp.papers} papers ({time.perf_counter() - start:.1f} s)")
        return 0
    before = uptodate.inputs_digest(project, args.strict, with_state=False)
    uptodate.forget(project)
    corpus = build(project, progress, strict=args.strict)
    _print_problems(notes + corpus.warnings)
    if uptodate.inputs_digest(project, args.strict, with_state=False) == before:  # not edited while it built
        uptodate.save(project, uptodate.Stamp(
            uptodate.inputs_digest(project, args.strict), uptodate.outputs_digest(project), len(corpus.papers),
            [w for w in corpus.warnings if w.field not in ("cache", "cleanup")]))  # those two are of this build only
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
    check_query(args.query)  # exit 1 with one line: a script can tell "nothing asked" from "nothing found"
    found = answer(project.site_dir, args.query, limit=args.limit)
    if not found.hits:
        print(f"no results for {args.query!r}", file=sys.stderr)
        return 0
    if found.corrected:
        print(f"no results for {args.query!r}; showing results for {found.corrected!r}", file=sys.stderr)
    for rank, hit in enumerate(found.hits, 1):
        print(f"{rank:>2}. {hit.title}\n    {hit.url}  (score {hit.score})" + (f"\n    {hit.snippet}" if hit.snippet else ""))
    return 0


#: Seconds between two looks at data/ and templates/ while serving.
POLL_SECONDS = 1.0


def _cmd_serve(args: argparse.Namespace, progress: Progress) -> int:
    """Generate, then serve with live reload; regenerate when data or templates change."""
    project = _project(args)
    corpus, _ = generate(project, progress)
    stop = threading.Event()
    # The files as generated: a change made from now on is seen, even before the watcher's first look.
    watcher = threading.Thread(target=_regenerate_on_change, args=(project, progress, watched_files(project), stop),
                               daemon=True)
    watcher.start()
    # MkDocs logs its own "Serving on" line only at a level papersite does not show: the URL is said here.
    print(f"papersite: serving {site_title(project, corpus)} at {serve_url(args.addr, project.site_url)} "
          "(Ctrl+C stops)", file=sys.stderr, flush=True)
    try:
        serve_mkdocs(project.config_file, project.docs_dir, args.addr, site_name=site_title(project, corpus),
                     store_dir=project.root / CACHE_DIR / "serve",
                     warn=lambda message: print(f"warning: {message}", file=sys.stderr))
    finally:
        stop.set()
        watcher.join()
    return 0


def _regenerate_on_change(project: Project, progress: Progress, last: tuple, stop: threading.Event) -> None:
    """Poll data/ and templates/ and regenerate site_src/ when anything in them changes from `last`, until `stop` is set."""
    while not stop.wait(POLL_SECONDS):
        now = watched_files(project)
        if now != last:
            last = now
            try:
                generate(project, progress)
            except PapersiteError as exc:
                _print_problems(exc.problems)
                print(f"error: {exc}", file=sys.stderr)


def watched_files(project: Project) -> tuple:
    """Return the names, sizes and mtimes of the data and template files that serve regenerates for.

    Dotfiles are left out: papersite reads none of them as abstracts, and it writes one itself
    (data/.first-seen.json), which would otherwise make every change regenerate twice.
    """
    files = []
    for folder in (project.data_dir, project.templates_dir):
        if folder.is_dir():
            for path in sorted(folder.rglob("*")):
                if path.is_file() and not any(part.startswith(".") for part in path.relative_to(folder).parts):
                    stat = path.stat()
                    files.append((str(path), stat.st_mtime_ns, stat.st_size))
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
