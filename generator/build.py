"""The pipeline: data/ → records → papers → inferred facts and links → Markdown in site_src/ → site/ with MkDocs.

build_corpus() reads top to bottom as the journey of an abstract. The stages are plain functions from nouns to
nouns; this module alone decides what is cached (Session.memo: a per-paper function memoised by the content of its
inputs) and what runs in another process meanwhile (Background, BackgroundSteps), and pauses the cycle collector around them.
"""

from __future__ import annotations

import dataclasses
import functools
import gc
from contextlib import ExitStack, contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator, Sequence, TypeVar

import jinja2
import numpy as np

from generator.clean.identify import assign_slugs, id_clashes, paper_from_record
from generator.infer import authors, crosslink, features, layout, related, tags, titles, topics, vectors
from generator.model import Collection, Corpus, Paper, PapersiteError, Problem, Record, Tag, TopicMemory, Vocabulary
from generator.project import Project
from generator.read.load import display_path, read_data
from generator.read.validate import validate
from generator.read.vocabulary import find_vocabulary, load_vocabulary
from generator.runtime.cache import CACHE_DIR, Cache, Check, content_key, fields_shape, no_cycle_collection, shape
from generator.runtime.files import clean_work_dirs, make_work_dir, remove_work_dir, replace_file
from generator.runtime.parallel import Background, BackgroundSteps, release_memory
from generator.runtime.progress import Progress
from generator.write import feed, topic_state
from generator.write.files import Journal, load_stamps, save_stamps, sync_dir, undo_writes, write_tree
from generator.write.mkdocs_adapter import run_mkdocs
from generator.write.page_store import PageStore
from generator.write.render import TemplateFailed, render_site
from generator.write.search_shards import DocTerms, shard_search_index

T = TypeVar("T")
#: The cycle collector's thresholds while MkDocs runs: its pages make few cycles and hundreds of thousands of objects.
_MKDOCS_GC = (100_000, 20, 20)
#: Where, in the cache folder, the stamps of the files written into site_src/ are kept (write.files.load_stamps).
_STAMPS_FILE = "site-src-stamps.json"
R = TypeVar("R")


@dataclass
class Session:
    """One run of the pipeline: the project, its progress output, and the cache of per-paper results."""

    project: Project
    progress: Progress
    warnings: list[Problem] = field(default_factory=list)  # the cache's, as it reads and saves
    reported: int = 0  # how many of them the corpus carries already
    cache: Cache = field(init=False)

    def __post_init__(self) -> None:
        folder = self.project.root / CACHE_DIR
        self.cache = Cache(folder, warn=lambda message: self.warnings.append(
            Problem(self.project.relative(folder), 1, "cache", message, "warning")))

    def memo(self, kind: str, items: Sequence[T], key: Callable[[T], tuple], compute: Callable[[T], R],
             valid: Check | None = None, min_items: int | None = None) -> list[R]:
        """Return compute(item) for every item, reusing results kept under `kind` and the content of key(item) (the
        missing ones computed on the workers from `min_items` of them, parallel.map_ordered's)."""
        if not self.cache.stored(kind):
            # Nothing kept (a first build, or a new papersite): nothing to look up, so each key is made on the workers
            # with its value rather than all of them here first.
            return self.cache.fill(kind, len(items), lambda i: (content_key(*key(items[i])), compute(items[i])), min_items)
        return self.cache.memo_many(kind, [content_key(*key(item)) for item in items],
                                    lambda i: compute(items[i]), valid, min_items)


@contextmanager
def session(project: Project, progress: Progress) -> Iterator[Session]:
    """Yield a Session; when it ends, wait for the cache's background save (its warnings join the corpus's)."""
    run = Session(project, progress)
    try:
        yield run
    finally:
        run.cache.wait()


def _late_warnings(run: Session, corpus: Corpus) -> Corpus:
    """Add to the corpus the cache warnings that came after it was made (from the background save)."""
    corpus.warnings.extend(run.warnings[run.reported:])
    return corpus


def check(project: Project, progress: Progress) -> list[Problem]:
    """Read and validate all data and the vocabulary; return every problem, sorted, writing nothing."""
    run = Session(project, progress)  # its cache is only read: derived ids come from the normalised text
    records, problems = _read(run)
    with progress.stage("normalise") as stage:
        problems += id_clashes(records, _normalise(run, records))
        stage.count = len(records)
    try:
        _vocabulary(project)
    except PapersiteError as exc:
        problems += exc.problems or [Problem(project.relative(project.data_dir), 1, "vocabulary", str(exc))]
    return sorted(problems)


def build_corpus(project: Project, progress: Progress, run: Session | None = None) -> Corpus:
    """Run every stage from the data files to a fully inferred and linked corpus, in memory."""
    run = run or Session(project, progress)
    # scikit-learn is not imported here: only the child that finds the text features and topic groups uses it, and
    # imports it on first use, beside this process's work; a smaller process forks faster (docs/scaling.md, stop 47).
    records, problems = _read(run)
    vocab = _vocabulary(project)
    _stop_on_errors(problems)
    if not records:
        raise PapersiteError(f"{project.relative(project.data_dir)}: no abstracts found (add .txt, .jsonl, .json, .yaml, .csv or .bib files)")
    # The last build's topics, which this one starts from (a taxonomy's topics are the vocabulary's instead).
    memory = project.data_dir / topic_state.STATE_FILE
    previous = () if vocab.topics else topic_state.load(memory, project.relative(memory))
    with progress.stage("normalise") as stage:
        papers = _normalise(run, records)
        problems = sorted(problems + id_clashes(records, papers))
        _stop_on_errors(problems)
        stage.count = len(papers)
    with progress.stage("titles") as stage:
        methods = _titles(run, papers)
        assign_slugs(papers)
        stage.count = sum(p.title_inferred for p in papers)
    # The text features and the topic groups do not need the tags: another process makes them meanwhile. The
    # related papers need the tags and the features, not the topics: another process finds them from then on,
    # while this one names the topics, links the abstracts, draws the map and groups the authors.
    with ExitStack() as background:
        grouping = background.enter_context(BackgroundSteps(lambda: _features_then_groups(papers, vocab, previous)))
        made = functools.cache(grouping.next)  # the tags need the embedding once they have picked once
        with progress.stage("tags") as stage:
            tag_index = _tags(run, papers, vocab, lambda: made().embedding)
            stage.count = len(tag_index)
        with progress.stage("topics") as stage:
            feats = made()
            hood, labels = grouping.next()  # made meanwhile, while the tags were picked
            feats.share_neighbourhood(hood)
            finding = background.enter_context(Background(lambda: related.related_lists(papers, feats, tags=tag_index)))
            topic_list = topics.assign_topics(papers, feats, tag_index, vocab, labels=labels, previous=previous)
            stage.count = len(topic_list)
        with progress.stage("crosslink") as stage:
            _crosslink(run, papers, tag_index, crosslink.introduced_methods_and_offers(papers, methods)[1])
            stage.count = sum(p.abstract_linked != p.abstract for p in papers)
        with progress.stage("layout") as stage:
            positions = layout.map_layout(papers, feats)
            stage.count = len(positions)
        with progress.stage("authors") as stage:
            people, paper_authors = authors.group_authors(papers, vocab.authors)
            stage.count = len(people)
        with progress.stage("related") as stage:
            for paper, found in zip(papers, finding.result()):
                paper.related = found
            stage.count = sum(len(p.related) for p in papers)
    paper_vectors = vectors.paper_vectors(feats)  # for "More like these": a quantisation, too quick for a stage of its own
    run.cache.save_in_background()
    run.reported = len(run.warnings)
    # The first-seen state is read here but written only once the pages are about to be replaced.
    state = project.data_dir / feed.STATE_FILE
    first_seen = feed.first_seen(papers, feed.load_first_seen(state, project.relative(state)), feed.today())
    return Corpus(papers=papers, tags=tag_index, topics=topic_list, collections=_collections(papers),
                  warnings=[p for p in problems if p.severity == "warning"] + run.warnings,
                  positions=positions, first_seen=first_seen, vectors=paper_vectors, authors=people,
                  paper_authors=paper_authors, topic_memory=() if vocab.topics else topics.memory(topic_list))


def generate(project: Project, progress: Progress) -> tuple[Corpus, dict[str, str]]:
    """Build the corpus and write its pages into site_src/ (only files whose content changed)."""
    with session(project, progress) as run:
        corpus, files = _pages(run)
        run.cache.wait()  # the stages' results are saved: now the rendered pages, meanwhile (the session waits)
        run.cache.save_in_background()
        with progress.stage("files") as stage, _state_saved(project, corpus):
            _, written, deleted = _docs_written(run, files)
            stage.count, stage.note = written, f"{deleted} removed, {len(files) - written} unchanged"
    return _late_warnings(run, corpus), files


def build(project: Project, progress: Progress, strict: bool = False) -> Corpus:
    """Generate the pages and build the site; on any failure site_src/ and site/ stay as they were."""
    # Work folders of earlier builds that were killed, or that an undeletable file kept, go first.
    leftovers = clean_work_dirs([project.site_dir.parent, project.docs_dir.parent])
    with session(project, progress) as run, ExitStack() as stack:
        corpus, files = _pages(run)
        stack.enter_context(_docs_dir_made(project.docs_dir))
        new_site = make_work_dir(project.site_dir.parent, ".papersite-site-")
        # The corpus stays alive while MkDocs runs; frozen, its millions of objects are not re-scanned by
        # every garbage collection MkDocs' own allocations trigger.
        gc.freeze()
        thresholds = gc.get_threshold()
        gc.set_threshold(*_MKDOCS_GC)
        try:
            with progress.stage("mkdocs") as stage:
                # Pages unchanged since they were published are left in site/ as they are, not written anew.
                store = PageStore(run.cache.folder, run.cache.warn, published=project.site_dir) if run.cache.folder else None
                # MkDocs reads the generated pages from memory: site_src/ is written only once the site is built.
                warnings = run_mkdocs(project.config_file, project.docs_dir, new_site, strict,
                                      site_name=site_title(project, corpus), site_url=project.site_url, store=store,
                                      generated=files)
                # MkDocs' pages are garbage now, held in cycles: those it converted hold their HTML and tables of
                # contents (at 10,000 papers the process grows 1.0 -> 1.35 GB). Freed, and the memory handed back,
                # before the children below are forked and the search index is read back; a build that reused most
                # pages has little to free and is not made to wait for the collection (0.5 s at 10,000).
                if store is None or 2 * store.reused < len(files):
                    release_memory()
                # site_src/ is written by a child meanwhile (nothing here reads it); if a later step fails, what it
                # changed is put back from its journal, so site_src/ stays with the old site/.
                writing = Background(lambda: _docs_written(run, files))
                try:
                    # A large site's search index, split for the browser (above a size); shards as published stay there.
                    shard_search_index(new_site, kept=store.unchanged if store else None,
                                       memo=lambda docs, key, cut: run.memo("search-terms", docs, key, cut, _DOC_TERMS))
                    # The stages' results are saved by now: next the rendered pages and the documents' terms the sharding kept.
                    run.cache.wait()
                    run.cache.save_in_background()
                except BaseException:
                    if writing.started:
                        undo_writes(project.docs_dir, _journal_of(writing))
                    raise
                stage.count = len(files)
                notes = [f"{store.reused} pages reused"] if store and store.reused else []
                stage.note = ", ".join(notes + ([f"{len(warnings)} warnings"] if warnings else []))
            journal: Journal | None = None
            try:
                journal, written, deleted = writing.result()  # a child that failed has put its own writes back
                with progress.stage("files") as stage, _state_saved(project, corpus):
                    stage.count, stage.note = written, f"{deleted} removed, {len(files) - written} unchanged"
                    kept, stuck = sync_dir(new_site, project.site_dir, store.untouched if store else set())
            except BaseException:
                if journal is None and writing.started:  # interrupted while waiting for the child
                    journal = _journal_of(writing)
                undo_writes(project.docs_dir, journal or {})  # site/ is still the old one: keep site_src/ with it
                raise
            leftovers += kept
        finally:
            gc.set_threshold(*thresholds)
            gc.unfreeze()
            remove_work_dir(new_site)  # a failed build's: there only when MkDocs or the update of site/ failed
    _late_warnings(run, corpus)
    corpus.warnings.extend(Problem(project.relative(folder), 1, "cleanup", f"could not remove this work folder of "
                                   f"papersite's ({why}); the next build tries again", "warning")
                           for folder, why in leftovers)
    corpus.warnings.extend(Problem(project.relative(path), 1, "cleanup", f"could not remove this file, which the new "
                                   f"site does not have ({why}); the next build tries again", "warning")
                           for path, why in stuck)
    return corpus


# --- the stages' steps --------------------------------------------------------------------------------


def _read(run: Session) -> tuple[list[Record], list[Problem]]:
    """Read every data file and validate its records; return the usable records and every problem found."""
    project = run.project
    with run.progress.stage("load") as stage:
        records, problems = read_data(project.data_dir, project.root)
        stage.count = len(records)
    with run.progress.stage("validate") as stage:
        records, more = validate(records)
        stage.count = len(records)
    return records, sorted(problems + more)


def _vocabulary(project: Project) -> Vocabulary:
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


#: What the cache keeps of a search document's terms (search_shards.DocTerms).
_DOC_TERMS = shape(DocTerms)
#: What the cache keeps of a normalised paper: every field but its location and collection, each of its type.
_STORED_PAPER = fields_shape(Paper, leave_out=("source", "collection"))


def _normalise(run: Session, records: list[Record]) -> list[Paper]:
    """Return paper_from_record(r) for every record, reusing the normalised fields of unchanged records."""
    # paper_from_record reads the fields, and only the location and collection besides: those are cheap
    # and change when a file is edited above the record, so they are set fresh on every build.
    stored = run.memo("papers", records, lambda r: (r.fields,), lambda r: _stored_fields(paper_from_record(r)), _STORED_PAPER)
    # Fresh lists and dicts: later stages may change a paper's in place, never the cache's copy.
    return [Paper(**{k: list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v for k, v in fields.items()},
                  source=r.location, collection=r.collection)
            for r, fields in zip(records, stored)]


def _stored_fields(paper: Paper) -> dict:
    """Return what the cache keeps of a normalised paper: every field but its location and collection."""
    # A fresh paper holds only strings, numbers, and lists and dicts of them: no deep copy (dataclasses.asdict) needed.
    return {f.name: getattr(paper, f.name) for f in dataclasses.fields(paper) if f.name not in ("source", "collection")}


def _titles(run: Session, papers: list[Paper]) -> list[str | None]:
    """Give every untitled paper an inferred title; return the name of the method each paper introduces (or None)."""
    # A title and a method name are read from the same sentences: found in one pass, the sentences are
    # analysed once (the name finder keeps its result per abstract, in the worker that runs both).
    found = run.memo("names", papers, lambda p: (p.abstract, p.tldr, not p.title), functools.partial(_names, common=frozenset()),
                     shape(tuple[str | None, str | None, str | None]))
    # A name many other abstracts use ("VQA", "ELBO") is a term of the field, not this paper's method: the papers
    # that took one are named again without the corpus's common terms.
    passed = titles.to_rename([(named, method) for _, named, method in found], [p.abstract for p in papers])
    again = sorted(passed)
    redone = run.memo("names", again, lambda i: (papers[i].abstract, papers[i].tldr, not papers[i].title, sorted(passed[i])),
                      lambda i: _names(papers[i], passed[i]), shape(tuple[str | None, str | None, str | None]))
    for i, names in zip(again, redone):
        found[i] = names
    for paper, (title, _, _) in zip(papers, found):
        if not paper.title:
            paper.title = title
            paper.title_inferred = True
    return [method for _, _, method in found]


def _names(paper: Paper, common: frozenset[str]) -> list[str | None]:
    """Return an untitled paper's inferred title and the name it gives its method, and the method's name (any paper)."""
    title, named = (None, None) if paper.title else titles.title_and_name(paper.abstract, common, paper.tldr)
    return [title, named, titles.method_name(paper.abstract, common)]


def _tags(run: Session, papers: list[Paper], vocab: Vocabulary,
          embedding: Callable[[], np.ndarray] | None = None) -> dict[str, Tag]:
    """Set `paper.tags` and return the tags by slug, each paper's text facts and candidate evidence memoised
    (`embedding` returns the papers' text embedding, which umbrella tags are judged by)."""
    texts = [p.text or "" for p in papers]
    facts = run.memo("tag-text", texts, lambda t: (t,), tags.text_facts, shape(tags.TextFacts))
    # Only the acronyms a text can mention: its evidence depends on these, not on the whole map, so a new
    # definition elsewhere in the corpus leaves this paper's cached evidence valid.
    acronyms = tags.corpus_acronyms(facts)
    coined = tags.coined_acronyms(facts, acronyms)
    offered = [(t, tags.mentionable_acronyms(f, acronyms, t, coined)) for t, f in zip(texts, facts)]
    evidence_shape = shape(tags.TextEvidence)
    evidence = run.memo("tag-evidence", offered, lambda pair: pair, lambda pair: tags.text_evidence(*pair),
                        lambda value: evidence_shape(value) and tags.evidence_unpacks(value))
    return tags.assign_tags(papers, vocab, evidence=evidence, expansions=tags.corpus_expansions(facts), embedding=embedding)


def _features_then_groups(papers: list[Paper], vocab: Vocabulary, previous: tuple[TopicMemory, ...]
                          ) -> Iterator[features.Features | tuple[features.Neighbourhood, np.ndarray]]:
    """Yield the papers' text features, then their neighbourhood (topics and related papers share it) with the topic
    groups (started from the `previous` build's): the tags wait for the first only."""
    feats = features.build_features(papers)
    yield feats
    yield feats.neighbourhood(), topics.group(papers, feats, vocab, previous)


def _crosslink(run: Session, papers: list[Paper], tag_index: dict, offered: list[dict[str, str]]) -> None:
    """Set every paper's `abstract_linked` as crosslink.add_crosslinks does with the introduced methods each paper's
    abstract may mention (`offered`, in paper order), reusing unchanged results."""
    slugs = {p.id: p.slug for p in papers}
    offers = dict(zip((p.id for p in papers), offered))

    def key(paper: Paper) -> tuple:
        return (paper.id, paper.abstract,
                [(s, tag_index[s].name, tag_index[s].aliases) for s in paper.tags if s in tag_index],
                sorted((name, target, slugs.get(target)) for name, target in offers[paper.id].items()))

    linked = run.memo("crosslinks", papers, key,
                      lambda p: crosslink.link_abstract(p, tag_index, offers[p.id], slugs), shape(str))
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


# --- writing ---------------------------------------------------------------------------------------------


def _pages(run: Session) -> tuple[Corpus, dict[str, str]]:
    """Build the corpus and render every generated page in memory, the cycle collector paused meanwhile."""
    # Every few thousand allocations the collector walks the objects made so far; with the corpus's
    # lists and dicts (and the cache's) that was a fifth of a warm build's time, for nothing to free.
    with no_cycle_collection():
        corpus = build_corpus(run.project, run.progress, run)
        return corpus, _render(run, corpus)


#: What the cache keeps of a rendered page: its path and Markdown.
_RENDERED = shape(dict[str, str])


def _render(run: Session, corpus: Corpus) -> dict[str, str]:
    """Render every generated page in memory, reusing the paper pages whose whole input is unchanged."""
    project = run.project
    if not project.templates_dir.is_dir():
        raise PapersiteError(f"{project.relative(project.templates_dir)}: templates folder not found")
    with run.progress.stage("render") as stage:
        try:
            # Most paper pages kept from the last build: looked up while the workers render the rest; else rendered first.
            reuse = 2 * run.cache.stored("markdown") >= len(corpus.papers)
            files = render_site(corpus, project.templates_dir, site_title(project, corpus), project.site_url,
                                memo=lambda contexts, key, page, min_items=None: run.memo("markdown", contexts, key, page,
                                                                                          _RENDERED, min_items),
                                reuse=reuse)
        except jinja2.TemplateSyntaxError as exc:
            raise PapersiteError(f"{project.relative(project.templates_dir)}/{exc.name}:{exc.lineno}: template: {exc.message}") from exc
        except TemplateFailed as exc:
            where = f"/{exc.name}:{exc.lineno}" if exc.name else ""
            raise PapersiteError(f"{project.relative(project.templates_dir)}{where}: template: {exc.message}") from exc
        except jinja2.TemplateError as exc:
            raise PapersiteError(f"{project.relative(project.templates_dir)}: template: {exc}") from exc
        stage.count = len(files)
    return files


def site_title(project: Project, corpus: Corpus) -> str:
    """Return the site's name (header, tab, home page, feed): mkdocs.yml's, or the collections' (Project.site_title)."""
    return project.site_title([c.name for c in corpus.collections])


def _docs_written(run: Session, files: dict[str, str]) -> tuple[Journal, int, int]:
    """Make site_src/'s generated part equal `files`; return what it changed (the journal undo_writes takes), and how
    many files were written and removed. If it fails part-way, what it changed is put back before the error is raised."""
    # What the last build left in site_src/, so its unchanged files need not be read back to compare.
    stamps_file = run.cache.folder / _STAMPS_FILE if run.cache.folder else None
    stamps = load_stamps(stamps_file)
    journal: Journal = {}
    try:
        written, deleted = write_tree(run.project.docs_dir, files, journal, stamps)
    except BaseException:
        undo_writes(run.project.docs_dir, journal)
        raise
    save_stamps(stamps_file, stamps)
    return journal, written, deleted


def _journal_of(writing: Background[tuple[Journal, int, int]]) -> Journal:
    """Return what the child writing site_src/ changed, once it is done; nothing if it failed (it put it back)."""
    try:
        return writing.result()[0]
    except BaseException:  # noqa: BLE001 - its error is not this build's: the caller raises its own
        return {}


@contextmanager
def _docs_dir_made(folder: Path) -> Iterator[None]:
    """Make site_src/ if it is missing (MkDocs refuses a missing docs_dir, though it reads the pages from memory);
    remove it again if the build fails."""
    made = not folder.exists()
    folder.mkdir(parents=True, exist_ok=True)
    try:
        yield
    except BaseException:
        if made:
            with suppress(OSError):  # not empty: something else wrote there meanwhile, and it stays
                folder.rmdir()
        raise


@contextmanager
def _state_saved(project: Project, corpus: Corpus) -> Iterator[None]:
    """Save the state files (first-seen dates, the topics), then run the block (which replaces the site); put them
    back if it fails.

    The state is saved first because it is the step most likely to fail (data/ read-only): failing
    before the site is replaced leaves everything as it was.
    """
    saves = [(feed.STATE_FILE, "first-seen", lambda path, shown: feed.save_first_seen(path, corpus.first_seen, shown))]
    if corpus.topic_memory:
        saves.append((topic_state.STATE_FILE, "topics", lambda path, shown: topic_state.save(path, corpus.topic_memory, shown)))
    saved: dict[Path, bytes | None] = {}  # the files this build changed, with what they held before
    try:
        for name, field_name, save in saves:
            path = project.data_dir / name
            try:
                old: bytes | None = path.read_bytes()
            except FileNotFoundError:
                old = None
            except OSError as exc:
                raise PapersiteError(f"{project.relative(path)}:1: {field_name}: cannot be read ({exc.strerror or exc})") from exc
            if save(path, project.relative(path)):
                saved[path] = old
        yield
    except BaseException:
        for path, old in saved.items():
            if old is None:
                path.unlink(missing_ok=True)
            else:
                replace_file(path, old)
        raise
