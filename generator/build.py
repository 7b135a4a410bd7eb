"""The pipeline: data/ → papers → inferred facts and links → Markdown in site_src/ → site/ with MkDocs."""

from __future__ import annotations

import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

import yaml

from . import crosslink, features, related, tags, titles, topics
from .identify import assign_slugs, paper_from_record
from .load import read_data
from .model import Collection, Corpus, Paper, PapersiteError, Problem, Vocabulary
from .progress import Progress
from .render import render_site
from .site import run_mkdocs, staging_copy, swap_dir, write_tree
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


def build_corpus(project: Project, progress: Progress) -> Corpus:
    """Run every stage from the data files to a fully inferred and linked corpus, in memory."""
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
        papers = [paper_from_record(r) for r in records]
        stage.count = len(papers)
    with progress.stage("titles") as stage:
        stage.count = _infer_titles(papers)
        assign_slugs(papers)
    with progress.stage("tags") as stage:
        tag_index = tags.assign_tags(papers, vocab)
        stage.count = len(tag_index)
    with progress.stage("topics") as stage:
        feats = features.build_features(papers)
        topic_list = topics.assign_topics(papers, feats, tag_index, vocab)
        stage.count = len(topic_list)
    with progress.stage("related") as stage:
        related.assign_related(papers, feats, tags=tag_index)
        stage.count = sum(len(p.related) for p in papers)
    with progress.stage("cross-links") as stage:
        crosslink.add_crosslinks(papers, tag_index, _introduced_methods(papers))
        stage.count = sum(p.abstract_linked != p.abstract for p in papers)
    warnings = [p for p in problems if p.severity == "warning"]
    return Corpus(papers=papers, tags=tag_index, topics=topic_list,
                  collections=_collections(papers), warnings=warnings)


def generate(project: Project, progress: Progress) -> tuple[Corpus, dict[str, str]]:
    """Build the corpus and write its pages into site_src/ (only files whose content changed)."""
    corpus = build_corpus(project, progress)
    files = _render(project, corpus, progress)
    with progress.stage("write") as stage:
        written, deleted = write_tree(project.docs_dir, files)
        stage.count = written
        stage.note = f"{deleted} removed, {len(files) - written} unchanged"
    return corpus, files


def build(project: Project, progress: Progress, strict: bool = False) -> Corpus:
    """Generate the pages and build the site; on any failure site_src/ and site/ stay as they were."""
    corpus = build_corpus(project, progress)
    files = _render(project, corpus, progress)
    new_site = Path(tempfile.mkdtemp(prefix=".papersite-site-", dir=project.site_dir.parent))
    try:
        with progress.stage("mkdocs") as stage, staging_copy(project.docs_dir) as stage_dir:
            write_tree(stage_dir, files)
            warnings = run_mkdocs(project.config_file, stage_dir, new_site, strict)
            stage.count = len(files)
            stage.note = f"{len(warnings)} warnings" if warnings else ""
        with progress.stage("write") as stage:
            written, deleted = write_tree(project.docs_dir, files)
            swap_dir(new_site, project.site_dir)
            stage.count = written
            stage.note = f"{deleted} removed, {len(files) - written} unchanged"
    finally:
        shutil.rmtree(new_site, ignore_errors=True)
    return corpus


def _render(project: Project, corpus: Corpus, progress: Progress) -> dict[str, str]:
    """Render every generated page in memory."""
    if not project.templates_dir.is_dir():
        raise PapersiteError(f"{project.relative(project.templates_dir)}: templates folder not found")
    with progress.stage("render") as stage:
        files = render_site(corpus, project.templates_dir, _site_title(project, corpus))
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


def _infer_titles(papers: list[Paper]) -> int:
    """Give every untitled paper an inferred title; return how many were inferred."""
    inferred = 0
    for paper in papers:
        if not paper.title:
            paper.title = titles.infer_title(paper.abstract)
            paper.title_inferred = True
            inferred += 1
    return inferred


def _introduced_methods(papers: list[Paper]) -> dict[str, str]:
    """Map each method name that exactly one paper introduces to that paper's id."""
    owners: dict[str, list[str]] = {}
    for paper in papers:
        name = titles.method_name(paper.abstract)
        if name:
            owners.setdefault(name, []).append(paper.id)
    # A name claimed by two papers is ambiguous: linking either would mislead.
    return {name: ids[0] for name, ids in sorted(owners.items()) if len(ids) == 1}


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
