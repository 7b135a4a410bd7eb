"""The pipeline: data/ → papers → inferred facts and links → Markdown in site_src/ → site/ with MkDocs."""

from __future__ import annotations

import dataclasses
import gc
import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

import jinja2
import yaml

from . import crosslink, feed, features, layout, related, tags, titles, topics
from .cache import CACHE_DIR, Cache, content_key
from .identify import assign_slugs, paper_from_record
from .load import read_data
from .model import Collection, Corpus, Paper, PapersiteError, Problem, Record, Vocabulary
from .progress import Progress
from .render import render_site
from .site import Journal, run_mkdocs, staging_copy, swap_dir, undo_writes, write_tree
from .validate import validate
from .vocabulary import load_vocabulary

VOCABULARY_FILE = "vocabulary.yaml"


@dataclass
class Project:
    """Where a papersite project keeps its data, templates, MkDocs config and output."""

    root: Path
    data_dir: Path
    templates_dir: Path
    config_file: Path
    docs_dir: Path
    site_dir: Path
    site_name: str

    @classmethod
    def at(cls, root: Path, data_dir: Path | None = None, config_file: Path | None = None) -> "Project":
        """Return the project rooted at `root`, reading docs_dir, site_dir and site_name from mkdocs.yml."""
        root = root.resolve()
        config_file = (config_file or root / "mkdocs.yml").resolve()
        if not config_file.is_file():
            raise PapersiteError(f"{config_file}: no MkDocs configuration here (run papersite from the project folder)")
        config = _read_mkdocs_yml(config_file)
        base = config_file.parent
        return cls(
            root=root,
            data_dir=(data_dir or root / "data").resolve(),
            templates_dir=root / "templates",
            config_file=config_file,
            docs_dir=(base / str(config.get("docs_dir", "docs"))).resolve(),
            site_dir=(base / str(config.get("site_dir", "site"))).resolve(),
            site_name=str(config.get("site_name", "Papers")),
        )

    def relative(self, path: Path) -> str:
        """Return `path` relative to the project root, for messages."""
        try:
            return path.resolve().relative_to(self.root).as_posix()
        except ValueError:
            return str(path)


class _LenientLoader(yaml.SafeLoader):
    """A safe YAML loader that reads mkdocs.yml's `!!python/name` tags as plain None."""


_LenientLoader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)
_LenientLoader.add_multi_constructor("!", lambda loader, suffix, node: None)


def _read_mkdocs_yml(path: Path) -> dict:
    """Return the top-level settings of mkdocs.yml."""
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=_LenientLoader)
    except (yaml.YAMLError, UnicodeDecodeError) as exc:
        raise PapersiteError(f"{path.name}: not valid YAML: {str(exc).splitlines()[0]}") from exc
    return data if isinstance(data, dict) else {}


def check(project: Project, progress: Progress) -> list[Problem]:
    """Load and validate all data and the vocabulary; return every problem, sorted, writing nothing."""
    with progress.stage("load") as stage:
        records, problems = read_data(project.data_dir, project.root)
        stage.count = len(records)
    with progress.stage("validate") as stage:
        records, more = validate(records)
        stage.count = len(records)
    try:
        _load_vocabulary(project)
        vocab_problems: list[Problem] = []
    except PapersiteError as exc:
        vocab_problems = exc.problems or [Problem(project.relative(project.data_dir / VOCABULARY_FILE), 1, "vocabulary", str(exc))]
    return sorted(problems + more + vocab_problems)


def open_cache(project: Project) -> tuple[Cache, list[Problem]]:
    """Return the project's cache and the list its warnings go to."""
    warnings: list[Problem] = []
    cache = Cache(project.root / CACHE_DIR, warn=lambda message: warnings.append(
        Problem(project.relative(project.root / CACHE_DIR), 1, "cache", message, "warning")))
    return cache, warnings


def build_corpus(project: Project, progress: Progress, cache: Cache | None = None,
                 cache_warnings: list[Problem] | None = None, background_save: bool = False) -> Corpus:
    """Run every stage from the data files to a fully inferred and linked corpus, in memory.

    Per-paper results are reused from the project's cache folder (see generator/cache.py) and saved back;
    with `background_save` the saving goes on in another process (the caller must `cache.wait()`).
    """
    if cache is None:
        cache, cache_warnings = open_cache(project)
    cache_warnings = [] if cache_warnings is None else cache_warnings
    with progress.stage("load") as stage:
        records, problems = read_data(project.data_dir, project.root)
        vocab = _load_vocabulary(project)
        stage.count = len(records)
    with progress.stage("validate") as stage:
        records, more = validate(records)
        problems = sorted(problems + more)
        _stop_on_errors(problems)
        if not records:
            raise PapersiteError(f"{project.relative(project.data_dir)}: no abstracts found (add .txt, .jsonl, .json, .yaml, .csv or .bib files)")
        stage.count = len(records)
    with progress.stage("normalise") as stage:
        papers = _cached_papers(records, cache)
        stage.count = len(papers)
    with progress.stage("titles") as stage:
        stage.count = _infer_titles(papers, cache)
        assign_slugs(papers)
    with progress.stage("tags") as stage:
        tag_index = tags.assign_tags(papers, vocab, cache=cache)
        stage.count = len(tag_index)
    with progress.stage("topics") as stage:
        feats = features.build_features(papers)
        topic_list = topics.assign_topics(papers, feats, tag_index, vocab)
        stage.count = len(topic_list)
    with progress.stage("related") as stage:
        related.assign_related(papers, feats, tags=tag_index)
        stage.count = sum(len(p.related) for p in papers)
    with progress.stage("cross-links") as stage:
        _add_crosslinks(papers, tag_index, _introduced_methods(papers, cache), cache)
        stage.count = sum(p.abstract_linked != p.abstract for p in papers)
    with progress.stage("map") as stage:
        positions = layout.map_layout(papers, feats)
        stage.count = len(positions)
    if background_save:
        cache.save_in_background()
    else:
        cache.save()
    warnings = [p for p in problems if p.severity == "warning"] + cache_warnings
    # The first-seen state is read here but written only once a build or generate has succeeded.
    first_seen = feed.first_seen(papers, feed.load_first_seen(project.data_dir / feed.STATE_FILE), feed.today())
    return Corpus(papers=papers, tags=tag_index, topics=topic_list,
                  collections=_collections(papers), warnings=warnings,
                  positions=positions, first_seen=first_seen)


def generate(project: Project, progress: Progress) -> tuple[Corpus, dict[str, str]]:
    """Build the corpus and write its pages into site_src/ (only files whose content changed)."""
    cache, cache_warnings = open_cache(project)
    corpus = None
    try:
        corpus = build_corpus(project, progress, cache, cache_warnings, background_save=True)
        files = _render(project, corpus, progress)
        with progress.stage("write") as stage:
            written, deleted = write_tree(project.docs_dir, files)
            feed.save_first_seen(project.data_dir / feed.STATE_FILE, corpus.first_seen)
            stage.count = written
            stage.note = f"{deleted} removed, {len(files) - written} unchanged"
    finally:
        _finish_cache(cache, cache_warnings, corpus)
    return corpus, files


def _finish_cache(cache: Cache, warnings: list[Problem], corpus: Corpus | None) -> None:
    """Wait for the cache's background save and add any warning it left to the corpus's."""
    before = len(warnings)
    cache.wait()
    if corpus is not None:
        corpus.warnings.extend(warnings[before:])


def build(project: Project, progress: Progress, strict: bool = False) -> Corpus:
    """Generate the pages and build the site; on any failure site_src/ and site/ stay as they were."""
    cache, cache_warnings = open_cache(project)
    corpus = None
    try:
        corpus = _build(project, progress, strict, cache, cache_warnings)
    finally:
        _finish_cache(cache, cache_warnings, corpus)
    return corpus


def _build(project: Project, progress: Progress, strict: bool, cache: Cache, cache_warnings: list[Problem]) -> Corpus:
    """Do build()'s work, the cache being saved in the background while MkDocs runs."""
    corpus = build_corpus(project, progress, cache, cache_warnings, background_save=True)
    files = _render(project, corpus, progress)
    new_site = Path(tempfile.mkdtemp(prefix=".papersite-site-", dir=project.site_dir.parent))
    # The corpus stays alive while MkDocs runs; frozen, its millions of objects are not re-scanned by
    # every garbage collection MkDocs' own allocations trigger.
    gc.freeze()
    try:
        with progress.stage("mkdocs") as stage, staging_copy(project.docs_dir) as stage_dir:
            write_tree(stage_dir, files)
            warnings = run_mkdocs(project.config_file, stage_dir, new_site, strict)
            stage.count = len(files)
            stage.note = f"{len(warnings)} warnings" if warnings else ""
        with progress.stage("write") as stage:
            journal: Journal = {}
            try:
                written, deleted = write_tree(project.docs_dir, files, journal)
                swap_dir(new_site, project.site_dir)
            except BaseException:
                undo_writes(project.docs_dir, journal)  # site/ is still the old one: keep site_src/ with it
                raise
            feed.save_first_seen(project.data_dir / feed.STATE_FILE, corpus.first_seen)
            stage.count = written
            stage.note = f"{deleted} removed, {len(files) - written} unchanged"
    finally:
        gc.unfreeze()
        shutil.rmtree(new_site, ignore_errors=True)
    return corpus


def _render(project: Project, corpus: Corpus, progress: Progress) -> dict[str, str]:
    """Render every generated page in memory."""
    if not project.templates_dir.is_dir():
        raise PapersiteError(f"{project.relative(project.templates_dir)}: templates folder not found")
    with progress.stage("render") as stage:
        try:
            files = render_site(corpus, project.templates_dir, _site_title(project, corpus))
        except jinja2.TemplateSyntaxError as exc:
            raise PapersiteError(f"{project.relative(project.templates_dir)}/{exc.name}:{exc.lineno}: template: {exc.message}") from exc
        except jinja2.TemplateError as exc:
            raise PapersiteError(f"{project.relative(project.templates_dir)}: template: {exc}") from exc
        stage.count = len(files)
    return files


def _load_vocabulary(project: Project) -> Vocabulary:
    """Return the user's vocabulary file, or an empty one."""
    path = project.data_dir / VOCABULARY_FILE
    return load_vocabulary(path, project.relative(path))


def _stop_on_errors(problems: list[Problem]) -> None:
    """Raise with every problem when any of them is an error."""
    errors = [p for p in problems if p.severity == "error"]
    if errors:
        noun = "error" if len(errors) == 1 else "errors"
        raise PapersiteError(f"{len(errors)} {noun} in the data; nothing was written", problems)


def _cached_papers(records: list[Record], cache: Cache) -> list[Paper]:
    """Return paper_from_record(r) for every record, reusing the normalised fields of unchanged records."""
    # paper_from_record reads the fields, and only the location and collection besides: those are cheap
    # and change when a file is edited above the record, so they are set fresh on every build.
    stored = cache.memo_many("papers", [content_key(r.fields) for r in records],
                             lambda i: _paper_fields(paper_from_record(records[i])))
    # Fresh lists and dicts: later stages may change a paper's in place, never the cache's copy.
    return [Paper(**{k: list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v for k, v in fields.items()},
                  source=r.location, collection=r.collection)
            for r, fields in zip(records, stored)]


def _paper_fields(paper: Paper) -> dict:
    """Return what the cache keeps of a normalised paper: every field but its location and collection."""
    return {k: v for k, v in dataclasses.asdict(paper).items() if k not in ("source", "collection")}


def _infer_titles(papers: list[Paper], cache: Cache) -> int:
    """Give every untitled paper an inferred title; return how many were inferred."""
    untitled = [p for p in papers if not p.title]
    inferred = cache.memo_many("titles", [content_key(p.abstract) for p in untitled],
                               lambda i: titles.infer_title(untitled[i].abstract))
    for paper, title in zip(untitled, inferred):
        paper.title = title
        paper.title_inferred = True
    return len(untitled)


def _introduced_methods(papers: list[Paper], cache: Cache) -> dict[str, str]:
    """Map each method name that exactly one paper introduces to that paper's id."""
    owners: dict[str, list[str]] = {}
    names = cache.memo_many("methods", [content_key(p.abstract) for p in papers],
                            lambda i: titles.method_name(papers[i].abstract))
    for paper, name in zip(papers, names):
        if name:
            owners.setdefault(name, []).append(paper.id)
    # A name claimed by two papers is ambiguous: linking either would mislead.
    return {name: ids[0] for name, ids in sorted(owners.items()) if len(ids) == 1}


# A maximal run of the characters crosslink's whole-word patterns treat as part of a word.
_WORD_RUN = re.compile(r"[\w-]+")


def _add_crosslinks(papers: list[Paper], tags_by_slug: dict, methods: dict[str, str], cache: Cache) -> None:
    """Set every paper's `abstract_linked` as crosslink.add_crosslinks does, reusing unchanged results.

    Trying every method name on every abstract is quadratic, so each abstract is only offered the
    names whose first word it contains; the names it cannot mention would never be linked anyway.
    """
    slugs = {p.id: p.slug for p in papers}
    by_first: dict[str, list[str]] = {}
    for name in methods:
        words = name.split()
        head = _WORD_RUN.match(words[0]) if words else None
        by_first.setdefault(head.group(0) if head else "", []).append(name)
    keys, offers = [], []
    for paper in papers:
        runs = set(_WORD_RUN.findall(crosslink._mask(paper.abstract)))
        names = by_first.get("", []) + [n for run in runs for n in by_first.get(run, ())]
        offered = {name: methods[name] for name in sorted(names)}
        offers.append(offered)
        keys.append(content_key(
            paper.id, paper.abstract,
            [(s, tags_by_slug[s].name, tags_by_slug[s].aliases) for s in paper.tags if s in tags_by_slug],
            sorted((name, target, slugs.get(target)) for name, target in offered.items()),
        ))
    linked = cache.memo_many("crosslinks", keys,
                             lambda i: crosslink.link_abstract(papers[i], tags_by_slug, offers[i], slugs))
    for paper, text in zip(papers, linked):
        paper.abstract_linked = text


def _collections(papers: list[Paper]) -> list[Collection]:
    """Return the collections in order of first appearance, with their sources and counts."""
    found: dict[str, Collection] = {}
    for paper in papers:
        coll = found.setdefault(paper.collection, Collection(paper.collection))
        source = paper.source.rsplit(":", 1)[0]
        if source not in coll.sources:
            coll.sources.append(source)
        coll.count += 1
    return list(found.values())


def _site_title(project: Project, corpus: Corpus) -> str:
    """Return the home page's title: the collection's name when there is one, else mkdocs.yml's site_name."""
    return corpus.collections[0].name if len(corpus.collections) == 1 else project.site_name
