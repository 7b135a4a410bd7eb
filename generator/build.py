"""The pipeline: data/ → papers → inferred facts and links → Markdown in site_src/ → site/ with MkDocs."""

from __future__ import annotations

import dataclasses
import gc
import re
from contextlib import contextmanager
from typing import Iterator

import jinja2
import numpy as np

from generator.infer import crosslink, features, layout, related, tags, titles, topics
from generator.write import feed
from generator.runtime.cache import CACHE_DIR, Cache, content_key, fields_shape, shape
from generator.clean.identify import assign_slugs, id_clashes, paper_from_record
from generator.read.load import display_path, read_data
from generator.model import Collection, Corpus, Paper, PapersiteError, Problem, Record, Tag, Vocabulary
from generator.project import Project
from generator.runtime.parallel import Background
from generator.runtime.progress import Progress
from generator.write.render import TemplateFailed, render_site
from generator.write.mkdocs_site import (Journal, clean_work_dirs, make_work_dir, remove_work_dir, replace_file, run_mkdocs, staging_copy,
                   swap_dir, undo_writes, write_new_files, write_tree)
from generator.read.validate import validate
from generator.read.vocabulary import find_vocabulary, load_vocabulary

VOCABULARY_FILE = "vocabulary.yaml"


def check(project: Project, progress: Progress) -> list[Problem]:
    """Load and validate all data and the vocabulary; return every problem, sorted, writing nothing."""
    with progress.stage("load") as stage:
        records, problems = read_data(project.data_dir, project.root)
        stage.count = len(records)
    with progress.stage("validate") as stage:
        records, more = validate(records)
        stage.count = len(records)
    with progress.stage("normalise") as stage:
        # Derived ids come from the normalised text; the cache is only read here, never saved.
        papers = _cached_papers(records, open_cache(project)[0])
        more += id_clashes(records, papers)
        stage.count = len(papers)
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

    Per-paper results are reused from the project's cache folder (see generator/runtime/cache.py) and saved back;
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
        problems = sorted(problems + id_clashes(records, papers))
        _stop_on_errors(problems)
        stage.count = len(papers)
    with progress.stage("titles") as stage:
        method_names = _infer_names(papers, cache)
        stage.count = sum(p.title_inferred for p in papers)
        assign_slugs(papers)
    # The text features and the topic clusters do not need the tags: another process makes them meanwhile.
    with Background(lambda: _features_and_groups(papers, vocab)) as grouping:
        with progress.stage("tags") as stage:
            tag_index = _tags(papers, vocab, cache)
            stage.count = len(tag_index)
        with progress.stage("topics") as stage:
            feats, labels = grouping.result()
            topic_list = topics.assign_topics(papers, feats, tag_index, vocab, labels=labels)
            stage.count = len(topic_list)
    # Related papers and cross-links both need the tags, not each other: another process finds the former.
    with Background(lambda: related.related_lists(papers, feats, tags=tag_index)) as finding:
        with progress.stage("cross-links") as stage:
            _add_crosslinks(papers, tag_index, _introduced_methods(papers, method_names), cache)
            stage.count = sum(p.abstract_linked != p.abstract for p in papers)
        with progress.stage("related") as stage:
            for paper, found in zip(papers, finding.result()):
                paper.related = found
            stage.count = sum(len(p.related) for p in papers)
    with progress.stage("map") as stage:
        positions = layout.map_layout(papers, feats)
        stage.count = len(positions)
    if background_save:
        cache.save_in_background()
    else:
        cache.save()
    warnings = [p for p in problems if p.severity == "warning"] + cache_warnings
    # The first-seen state is read here but written only once a build or generate has succeeded.
    state_path = project.data_dir / feed.STATE_FILE
    first_seen = feed.first_seen(papers, feed.load_first_seen(state_path, project.relative(state_path)), feed.today())
    return Corpus(papers=papers, tags=tag_index, topics=topic_list,
                  collections=_collections(papers), warnings=warnings,
                  positions=positions, first_seen=first_seen)


def _tags(papers: list[Paper], vocab: Vocabulary, cache: Cache) -> dict[str, Tag]:
    """Set `paper.tags` and return the tags by slug, each paper's text facts and candidate evidence reused from the cache."""
    texts = [p.text or "" for p in papers]
    facts = cache.memo_many("tag-text", [content_key(t) for t in texts], lambda i: tags.text_facts(texts[i]),
                            shape(tags.TextFacts))
    # Only the acronyms a text can mention: its evidence depends on these, not on the whole map, so a new
    # definition elsewhere in the corpus leaves this paper's cached evidence valid.
    acronyms = tags.corpus_acronyms(facts)
    mentionable = [tags.mentionable_acronyms(f, acronyms) for f in facts]
    evidence_shape = shape(tags.TextEvidence)
    evidence = cache.memo_many("tag-evidence", [content_key(t, a) for t, a in zip(texts, mentionable)],
                               lambda i: tags.text_evidence(texts[i], mentionable[i]),
                               lambda value: evidence_shape(value) and tags.evidence_unpacks(value))
    return tags.assign_tags(papers, vocab, evidence=evidence)


def _features_and_groups(papers: list[Paper], vocab: Vocabulary) -> tuple[features.Features, np.ndarray]:
    """Return the papers' text features, their neighbourhood computed (topics and related papers share it), and topic groups."""
    feats = features.build_features(papers)
    feats.neighbourhood()
    return feats, topics.group(papers, feats, vocab)


def generate(project: Project, progress: Progress) -> tuple[Corpus, dict[str, str]]:
    """Build the corpus and write its pages into site_src/ (only files whose content changed)."""
    cache, cache_warnings = open_cache(project)
    corpus = None
    try:
        with _no_cycle_collection():
            corpus = build_corpus(project, progress, cache, cache_warnings, background_save=True)
            files = _render(project, corpus, progress)
        with progress.stage("write") as stage, _state_saved(project, corpus):
            written, deleted = write_tree(project.docs_dir, files)
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
    # Work folders of earlier builds that were killed, or that an undeletable file kept, go first.
    leftovers = clean_work_dirs([project.site_dir.parent, project.docs_dir.parent])
    with _no_cycle_collection():
        corpus = build_corpus(project, progress, cache, cache_warnings, background_save=True)
        files = _render(project, corpus, progress)
    new_site = make_work_dir(project.site_dir.parent, ".papersite-site-")
    # The corpus stays alive while MkDocs runs; frozen, its millions of objects are not re-scanned by
    # every garbage collection MkDocs' own allocations trigger.
    gc.freeze()
    try:
        with progress.stage("mkdocs") as stage, staging_copy(project.docs_dir, leftovers) as stage_dir:
            write_new_files(stage_dir, files)
            warnings = run_mkdocs(project.config_file, stage_dir, new_site, strict)
            stage.count = len(files)
            stage.note = f"{len(warnings)} warnings" if warnings else ""
        with progress.stage("write") as stage, _state_saved(project, corpus):
            journal: Journal = {}
            try:
                written, deleted = write_tree(project.docs_dir, files, journal)
                kept = swap_dir(new_site, project.site_dir)
            except BaseException:
                undo_writes(project.docs_dir, journal)  # site/ is still the old one: keep site_src/ with it
                raise
            leftovers += [kept] if kept else []
            stage.count = written
            stage.note = f"{deleted} removed, {len(files) - written} unchanged"
    finally:
        gc.unfreeze()
        remove_work_dir(new_site)  # a failed build's: there only when MkDocs or the swap failed
    corpus.warnings.extend(Problem(project.relative(folder), 1, "cleanup", f"could not remove this work folder of "
                                   f"papersite's ({why}); the next build tries again", "warning")
                           for folder, why in leftovers)
    return corpus


@contextmanager
def _state_saved(project: Project, corpus: Corpus) -> Iterator[None]:
    """Save the first-seen state, then run the block (which replaces the site); put the state back if it fails.

    The state is saved first because it is the step most likely to fail (data/ read-only): failing
    before the site is replaced leaves everything as it was.
    """
    path = project.data_dir / feed.STATE_FILE
    try:
        before: bytes | None = path.read_bytes()
    except FileNotFoundError:
        before = None
    except OSError as exc:
        raise PapersiteError(f"{project.relative(path)}:1: first-seen: cannot be read ({exc.strerror or exc})") from exc
    changed = feed.save_first_seen(path, corpus.first_seen, project.relative(path))
    try:
        yield
    except BaseException:
        if changed:
            if before is None:
                path.unlink(missing_ok=True)
            else:
                replace_file(path, before)
        raise


@contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """Pause Python's cycle collector while the corpus is built: it holds millions of objects and no cycles to free."""
    # Every few thousand allocations the collector walks the objects made so far; with the corpus's
    # lists and dicts (and the cache's) that was a fifth of a warm build's time, for nothing to free.
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _render(project: Project, corpus: Corpus, progress: Progress) -> dict[str, str]:
    """Render every generated page in memory."""
    if not project.templates_dir.is_dir():
        raise PapersiteError(f"{project.relative(project.templates_dir)}: templates folder not found")
    with progress.stage("render") as stage:
        try:
            files = render_site(corpus, project.templates_dir, _site_title(project, corpus))
        except jinja2.TemplateSyntaxError as exc:
            raise PapersiteError(f"{project.relative(project.templates_dir)}/{exc.name}:{exc.lineno}: template: {exc.message}") from exc
        except TemplateFailed as exc:
            where = f"/{exc.name}:{exc.lineno}" if exc.name else ""
            raise PapersiteError(f"{project.relative(project.templates_dir)}{where}: template: {exc.message}") from exc
        except jinja2.TemplateError as exc:
            raise PapersiteError(f"{project.relative(project.templates_dir)}: template: {exc}") from exc
        stage.count = len(files)
    return files


def _load_vocabulary(project: Project) -> Vocabulary:
    """Return the user's vocabulary file, or an empty one."""
    shown = display_path(project.data_dir, project.root)  # as written: a symlink is reported by its own name
    path = find_vocabulary(project.data_dir, shown)
    return load_vocabulary(path, f"{shown}/{path.name}")


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
                             lambda i: _paper_fields(paper_from_record(records[i])), _STORED_PAPER)
    # Fresh lists and dicts: later stages may change a paper's in place, never the cache's copy.
    return [Paper(**{k: list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v for k, v in fields.items()},
                  source=r.location, collection=r.collection)
            for r, fields in zip(records, stored)]


#: The shape of a stored normalised paper: every field but its location and collection, each of its type.
_STORED_PAPER = fields_shape(Paper, leave_out=("source", "collection"))


def _paper_fields(paper: Paper) -> dict:
    """Return what the cache keeps of a normalised paper: every field but its location and collection."""
    # A fresh paper holds only strings, numbers, and lists and dicts of them: no deep copy (dataclasses.asdict) needed.
    return {f.name: getattr(paper, f.name) for f in dataclasses.fields(paper) if f.name not in ("source", "collection")}


def _infer_names(papers: list[Paper], cache: Cache) -> list[str | None]:
    """Give every untitled paper an inferred title; return the name of the method each paper introduces (or None)."""
    # A title and a method name are read from the same sentences: found in one pass, the sentences are
    # analysed once (the name finder keeps its result per abstract, in the worker that runs both).
    untitled = [not p.title for p in papers]
    found = cache.memo_many(
        "names", [content_key(p.abstract, wants) for p, wants in zip(papers, untitled)],
        lambda i: [titles.infer_title(papers[i].abstract) if untitled[i] else None, titles.method_name(papers[i].abstract)],
        shape(tuple[str | None, str | None]))
    for paper, wants, (title, _) in zip(papers, untitled, found):
        if wants:
            paper.title = title
            paper.title_inferred = True
    return [method for _, method in found]


def _introduced_methods(papers: list[Paper], names: list[str | None]) -> dict[str, str]:
    """Map each method name that exactly one paper introduces (names[i]: paper i's, or None) to that paper's id."""
    owners: dict[str, list[str]] = {}
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
    # One scan per abstract for the whole-word runs that start a name (rather than collecting every run);
    # the lookahead on first characters lets the scan leave most positions at once.
    heads = sorted((h for h in by_first if h), key=lambda h: (-len(h), h))
    firsts = "".join(sorted({re.escape(h[0]) for h in heads}))
    finder = re.compile(rf"(?=[{firsts}])(?<![\w-])(?:" + "|".join(map(re.escape, heads)) + r")(?![\w-])") if heads else None
    keys, offers = [], []
    for paper in papers:
        runs = set(finder.findall(crosslink._mask(paper.abstract))) if finder else set()
        names = by_first.get("", []) + [n for run in runs for n in by_first.get(run, ())]
        offered = {name: methods[name] for name in sorted(names)}
        offers.append(offered)
        keys.append(content_key(
            paper.id, paper.abstract,
            [(s, tags_by_slug[s].name, tags_by_slug[s].aliases) for s in paper.tags if s in tags_by_slug],
            sorted((name, target, slugs.get(target)) for name, target in offered.items()),
        ))
    linked = cache.memo_many("crosslinks", keys,
                             lambda i: crosslink.link_abstract(papers[i], tags_by_slug, offers[i], slugs), shape(str))
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
