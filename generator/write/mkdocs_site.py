"""Write: put generated pages into site_src/ and build site/ with MkDocs, all or nothing."""

from __future__ import annotations

import inspect
import logging
import os
import shutil
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from generator.runtime import parallel
from generator.model import PapersiteError
from generator.write.render import GENERATED_DIRS, GENERATED_FILES


def is_generated(rel: str) -> bool:
    """Tell whether a site_src/ path belongs to papersite rather than to the user."""
    top = rel.split("/", 1)[0]
    return rel in GENERATED_FILES or top in GENERATED_DIRS


#: What write_tree changed: each path with its previous content and modification time (None: did not exist).
Journal = dict[Path, tuple[bytes, int] | None]


def write_tree(docs_dir: Path, files: dict[str, str], journal: Journal | None = None) -> tuple[int, int]:
    """Make docs_dir's generated part equal `files`: write changed files only, delete stale ones; return (written, deleted).

    All or nothing: if a write fails part-way (disk full), every file already changed is put back. A caller
    passing `journal` can also undo the whole write later with `undo_writes`, if a later step fails.
    """
    journal = {} if journal is None else journal
    root = os.fspath(docs_dir)
    try:
        written = 0
        for rel, content in sorted(files.items()):
            data = content.encode("utf-8")
            if not _holds(os.path.join(root, rel), data) and _write_if_changed(docs_dir / rel, data, journal):
                written += 1
        deleted = 0
        for rel in _generated_files_on_disk(docs_dir):
            if rel not in files:
                path = docs_dir / rel
                _remember(path, journal)
                path.unlink()
                deleted += 1
        for folder in GENERATED_DIRS:
            _remove_empty_dirs(docs_dir / folder)
    except BaseException:
        undo_writes(docs_dir, journal)
        raise
    return written, deleted


def write_new_files(folder: Path, files: dict[str, str]) -> None:
    """Write `files` into a folder that has none of them yet (a fresh staging copy): no comparing, no journal."""
    made: set[str] = set()
    root = os.fspath(folder)
    for rel, content in sorted(files.items()):
        path = os.path.join(root, rel)
        parent = os.path.dirname(path)
        if parent not in made:
            os.makedirs(parent, exist_ok=True)
            made.add(parent)
        try:
            # Exclusive creation: a file that is there after all (a hard link, say) is replaced, never written through.
            with open(path, "xb") as fh:
                fh.write(content.encode("utf-8"))
        except FileExistsError:
            replace_file(Path(path), content.encode("utf-8"))


def _holds(path: str, data: bytes) -> bool:
    """Tell whether the file at `path` exists and holds exactly `data`."""
    try:
        with open(path, "rb") as fh:
            return fh.read() == data
    except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
        return False


def undo_writes(docs_dir: Path, journal: Journal) -> None:
    """Put every file write_tree changed back as it was, content and modification time."""
    for path, old in sorted(journal.items(), reverse=True):
        if old is None:
            path.unlink(missing_ok=True)
            continue
        data, mtime_ns = old
        replace_file(path, data)
        os.utime(path, ns=(mtime_ns, mtime_ns))
    for folder in GENERATED_DIRS:
        _remove_empty_dirs(docs_dir / folder)
    journal.clear()


def _remember(path: Path, journal: Journal) -> None:
    """Record a file's content before its first change (None if it does not exist yet)."""
    if path not in journal:
        try:
            journal[path] = (path.read_bytes(), path.stat().st_mtime_ns)
        except FileNotFoundError:
            journal[path] = None


def _write_if_changed(path: Path, data: bytes, journal: Journal) -> bool:
    """Replace `path` atomically with `data` unless it already holds exactly that (so its mtime stays)."""
    try:
        if path.read_bytes() == data:
            return False
    except FileNotFoundError:
        pass
    _remember(path, journal)
    replace_file(path, data)
    return True


def replace_file(path: Path, data: bytes) -> None:
    """Write `data` to `path` through a temporary file and a rename, so no reader sees half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _generated_files_on_disk(docs_dir: Path) -> list[str]:
    """Return every file papersite owns that exists in docs_dir now, as sorted relative paths."""
    root = os.fspath(docs_dir)
    found = [name for name in GENERATED_FILES if os.path.isfile(os.path.join(root, name))]
    for folder in GENERATED_DIRS:
        for where, _dirs, names in os.walk(os.path.join(root, folder)):
            rel = os.path.relpath(where, root).replace(os.sep, "/")
            found.extend(f"{rel}/{name}" for name in names if os.path.isfile(os.path.join(where, name)))
    return sorted(found)


def _remove_empty_dirs(folder: Path) -> None:
    """Remove empty sub-folders left after stale pages were deleted (and the folder itself, if emptied)."""
    for where, _dirs, _names in os.walk(folder, topdown=False):
        if not os.listdir(where):
            os.rmdir(where)


#: The names of the folders papersite makes next to site_src/ and site/ while it builds: the staging copy,
#: the new site, and the old site moved aside. Each holds MARKER while papersite may still need it.
WORK_PREFIXES = (".papersite-stage-", ".papersite-site-", ".papersite-old-")
#: The file that marks a folder as papersite's own work folder; it holds the id of the process that made it.
MARKER = ".papersite-work"


def make_work_dir(parent: Path, prefix: str) -> Path:
    """Make a fresh work folder named `prefix`… in `parent`, marked as papersite's (see clean_work_dirs)."""
    folder = Path(tempfile.mkdtemp(prefix=prefix, dir=parent))
    try:
        (folder / MARKER).write_text(f"{os.getpid()}\n", encoding="ascii")
    except BaseException:
        os.rmdir(folder)
        raise
    return folder


def remove_work_dir(folder: Path) -> str | None:
    """Remove a work folder, its marker last; return what inside it could not be removed, and why (None: all was)."""
    failed: list[str] = []

    def note(_function, path: str, exc_info) -> None:  # noqa: ANN001 - shutil's onerror signature
        failed.append(_describe(folder, path, exc_info[1]))

    try:
        entries = [entry for entry in os.scandir(folder) if entry.name != MARKER]
    except FileNotFoundError:
        return None
    except OSError as exc:
        return _describe(folder, os.fspath(folder), exc)
    # The marker goes last, so a folder that cannot be emptied is still recognised (and retried) next time.
    for entry in entries:
        if entry.is_dir(follow_symlinks=False):
            shutil.rmtree(entry.path, onerror=note)
            continue
        try:
            os.unlink(entry.path)
        except FileNotFoundError:
            pass
        except OSError as exc:
            failed.append(_describe(folder, entry.path, exc))
    if failed:
        return failed[0]
    try:
        (folder / MARKER).unlink(missing_ok=True)
        os.rmdir(folder)
    except OSError as exc:
        return _describe(folder, os.fspath(folder), exc)
    return None


def _describe(folder: Path, path: str, exc: BaseException) -> str:
    """Return `path: reason` for a removal that failed, the path relative to the work folder."""
    rel = Path(os.path.relpath(path, folder)).as_posix()
    reason = exc.strerror or exc if isinstance(exc, OSError) else exc
    return reason if rel == "." else f"{rel}: {reason}"


def clean_work_dirs(parents: list[Path]) -> list[tuple[Path, str]]:
    """Remove the work folders earlier builds left in `parents` (killed, or blocked by an undeletable file).

    Only folders papersite made are touched: a real folder (not a link) with a WORK_PREFIXES name that holds
    the marker file, written by a process that no longer runs. Returns each folder that stays, and why.
    """
    failed: list[tuple[Path, str]] = []
    for parent in dict.fromkeys(parents):
        try:
            entries = sorted(os.scandir(parent), key=lambda e: e.name)
        except OSError:
            continue
        for entry in entries:
            if entry.name.startswith(WORK_PREFIXES) and entry.is_dir(follow_symlinks=False) \
                    and _abandoned(Path(entry.path)):
                problem = remove_work_dir(Path(entry.path))
                if problem:
                    failed.append((Path(entry.path), problem))
    return failed


def _abandoned(folder: Path) -> bool:
    """Tell whether `folder` holds papersite's marker, written by a process that no longer runs."""
    marker = folder / MARKER
    try:
        if marker.is_symlink() or not marker.is_file():
            return False  # not papersite's: left alone
        pid = int(marker.read_text(encoding="ascii").strip())
    except (OSError, ValueError, UnicodeDecodeError):
        return False
    if pid <= 0:
        return False  # papersite writes a process id; 0 and below name process groups
    if pid == os.getpid():
        return True  # builds in one process run one after another: an earlier one's folder is no longer in use
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False  # it runs, as another user
    return False  # it still runs: a build going on now


@contextmanager
def staging_copy(docs_dir: Path, leftovers: list[tuple[Path, str]] | None = None) -> Iterator[Path]:
    """Yield a throw-away copy of docs_dir's hand-written files (hard links where possible), removed afterwards.

    What could not be removed is added to `leftovers` (the next build tries again).
    """
    parent = docs_dir.resolve().parent
    tmp = make_work_dir(parent, ".papersite-stage-")
    stage = tmp / "docs"
    try:
        if docs_dir.is_dir():
            shutil.copytree(docs_dir, stage, copy_function=_link_or_copy,
                            ignore=lambda d, names: _ignore_generated(docs_dir, d, names))
        else:
            stage.mkdir()
        yield stage
    finally:
        problem = remove_work_dir(tmp)
        if problem and leftovers is not None:
            leftovers.append((tmp, problem))


def _link_or_copy(src: str, dst: str) -> None:
    """Hard-link a file into the staging copy, or copy it across file systems."""
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)


def _ignore_generated(docs_dir: Path, folder: str, names: list[str]) -> list[str]:
    """Skip papersite's own pages when copying docs_dir: the new ones are written fresh."""
    rel_dir = Path(folder).resolve().relative_to(docs_dir.resolve()).as_posix()
    return [n for n in names if is_generated(n if rel_dir == "." else f"{rel_dir}/{n}")]


class _WarningCollector(logging.Handler):
    """Collect MkDocs warnings so a failed strict build can say what went wrong."""

    def __init__(self) -> None:
        super().__init__(level=logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage().splitlines()[0])


def run_mkdocs(config_file: Path, docs_dir: Path, site_dir: Path, strict: bool) -> list[str]:
    """Build docs_dir into site_dir with MkDocs and return its warnings; raise PapersiteError if it fails."""
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config
    from mkdocs.exceptions import MkDocsException

    collector = _WarningCollector()
    logger = logging.getLogger("mkdocs")
    logger.addHandler(collector)
    try:
        config = load_config(str(config_file), docs_dir=str(docs_dir), site_dir=str(site_dir), strict=strict)
        with _markdown_on_every_core():
            mkdocs_build(config)
    except (MkDocsException, OSError) as exc:
        detail = "; ".join(collector.messages[:5]) or str(exc)
        raise PapersiteError(f"{config_file.name}: mkdocs build failed: {detail}") from exc
    finally:
        logger.removeHandler(collector)
    return collector.messages


#: The releases the parallel page build was written and tested against: it replaces two private functions of
#: mkdocs.commands.build and reads Material's search index. Any other release builds with MkDocs' own loop.
WRITTEN_FOR = {"mkdocs": "1.6.1", "mkdocs-material": "9.8.2"}
#: The private functions it replaces, with the parameters it calls them with.
_REPLACED = {"_populate_page": ("page", "config", "files", "dirty"),
             "_build_page": ("page", "config", "doc_files", "nav", "env", "dirty", "excluded")}
#: Set to any value to build pages with MkDocs' own loop (a check, or a way round a problem).
OWN_LOOP_VARIABLE = "PAPERSITE_MKDOCS_OWN_LOOP"
# Page events whose handlers run in the workers: each must be one papersite knows to depend on its page only.
_READING_EVENTS = ("pre_page", "page_read_source", "page_markdown", "page_content")
_WRITING_EVENTS = ("page_context", "post_page")


def unfit_reason(config=None) -> str | None:  # noqa: ANN001 - MkDocs' config
    """Return why the parallel page build must not run with this MkDocs, Material and configuration, or None."""
    from importlib.metadata import PackageNotFoundError, version

    from mkdocs.commands import build as mkdocs_build_module

    if os.environ.get(OWN_LOOP_VARIABLE):
        return f"{OWN_LOOP_VARIABLE} is set"
    for dist, expected in WRITTEN_FOR.items():
        try:
            found = version(dist)
        except PackageNotFoundError:
            found = "none"
        if found != expected:
            return f"written for {dist} {expected}, found {found}"
    for name, params in _REPLACED.items():
        function = getattr(mkdocs_build_module, name, None)
        if function is None or tuple(inspect.signature(function).parameters) != params:
            return f"mkdocs.commands.build.{name} is not the function it was written for"
    if config is not None:
        for event in _READING_EVENTS + _WRITING_EVENTS:
            for handler in config.plugins.events.get(event, []):
                if not _known_handler(event, handler):
                    return f"unknown {event} handler {getattr(handler, '__qualname__', handler)!s}"
    return None


def _known_handler(event: str, handler) -> bool:  # noqa: ANN001 - a plugin's bound method or a hook function
    """Tell whether a page event handler is one whose work depends on its page only (so it may run in a worker)."""
    if event == "page_context":
        # Material's search plugin adds the page's entries to its index; they are gathered back in page order.
        owner = getattr(handler, "__self__", None)
        return (type(owner).__module__ == "material.plugins.search.plugin"
                and isinstance(getattr(getattr(owner, "search_index", None), "entries", None), list))
    # A hook says so itself (hooks/compact.py's on_post_page).
    return event == "post_page" and getattr(handler, "page_local", False) is True


@contextmanager
def _markdown_on_every_core() -> Iterator[None]:
    """Within the block, MkDocs converts and renders the pages in forked workers; everything else is its own build.

    MkDocs converts and renders one page at a time in one process; here the first call of each of its two
    per-page steps does every page at once in workers, and the later calls find their page done. Converting
    a page depends on that page and the file list only, rendering on the page, the nav and the search
    plugin, so the pages, the search index and the warnings come out as MkDocs' own loop makes them
    (tests/test_parallel.py). Where unfit_reason() finds a reason, MkDocs' own loop runs and one line says
    why; small sites, one job or no fork also use MkDocs' loop, quietly, as the faster choice there.
    """
    from mkdocs.commands import build as mkdocs_build_module

    reason = unfit_reason()
    if reason:
        _say_own_loop(reason)
        yield
        return
    original, original_build = mkdocs_build_module._populate_page, mkdocs_build_module._build_page
    fits: list[bool] = []  # decided once, at the first page, when the plugins are known
    started = built = False
    done: set[int] = set()  # ids of the pages written by workers

    def fit(config) -> bool:  # noqa: ANN001 - MkDocs' config
        if not fits:
            reason = unfit_reason(config)
            if reason:
                _say_own_loop(reason)
            fits.append(reason is None)
        return fits[0]

    def populate(page, config, files, dirty=False) -> None:  # noqa: ANN001 - MkDocs' own signature
        nonlocal started
        if not started:
            started = True
            if fit(config):
                _populate_all(original, config, files, dirty)
        if page.content is None:  # not converted up front
            original(page, config, files, dirty)

    def build_page(page, config, doc_files, nav, env, dirty=False, excluded=False) -> None:  # noqa: ANN001
        nonlocal built
        if not built:
            built = True
            if fit(config):
                done.update(_build_all(original_build, config, doc_files, nav, env, dirty))
        if id(page) not in done:
            original_build(page, config, doc_files, nav, env, dirty, excluded)

    mkdocs_build_module._populate_page = populate
    mkdocs_build_module._build_page = build_page
    try:
        yield
    finally:
        mkdocs_build_module._populate_page = original
        mkdocs_build_module._build_page = original_build


def _say_own_loop(reason: str) -> None:
    """Print the one line that says the pages are built by MkDocs' own loop, and why."""
    print(f"papersite: building pages with MkDocs' own loop ({reason})", file=sys.stderr)


def _populate_all(original, config, files, dirty: bool) -> None:  # noqa: ANN001 - MkDocs objects
    """Read and convert every documentation page in forked workers and set the results on the pages."""
    from mkdocs.structure.pages import Page

    if dirty:
        return
    pages = []
    for file in files.documentation_pages():
        if file.page is None and file.inclusion.is_not_in_nav():
            Page(None, file, config)  # as MkDocs' loop would, just before reading it
        if file.page is not None:
            pages.append(file.page)
    if len(pages) < parallel.MIN_ITEMS or parallel.jobs() < 2 or not parallel.can_fork():
        return
    results = parallel.map_ordered(lambda page: _populate_in_worker(original, page, config, files), pages)
    for page, (state, records) in zip(pages, results):
        _log_again(records)
        links = state.pop("links_to_anchors", None)
        page.__dict__.update(state)
        page.links_to_anchors = links if links is None else {
            files.get_file_from_path(uri): anchors for uri, anchors in links.items()}


def _build_all(original, config, doc_files, nav, env, dirty: bool) -> set[int]:  # noqa: ANN001 - MkDocs objects
    """Render and write every page in forked workers; return the ids of the pages written.

    Each worker makes a page's context, runs the page_context event (Material's search plugin indexing the
    page), renders the theme's template, runs the post_page hook and writes the file; the search entries
    come back and join the index here, in MkDocs' page order, so the index is the one MkDocs would write.
    """
    from mkdocs.commands.build import get_context
    from mkdocs.utils import write_file

    if dirty or len(doc_files) < parallel.MIN_ITEMS or parallel.jobs() < 2 or not parallel.can_fork():
        return set()
    if any(f.inclusion.is_excluded() or f.page is None for f in doc_files):
        return set()
    pages = [file.page for file in doc_files]
    indexes = [handler.__self__.search_index for handler in config.plugins.events.get("page_context", [])]
    for name in sorted({page.meta.get("template", "main.html") for page in pages}):
        env.get_template(name)  # compiled once here, not once per worker

    def render(page) -> tuple[list[list[dict]], list[tuple[str, int, str]]]:  # noqa: ANN001 - a MkDocs page
        config._current_page = page
        page.active = True
        try:
            with _kept_records() as records:
                context = get_context(nav, doc_files, config, page)
                template = env.get_template(page.meta.get("template", "main.html"))
                before = [len(index.entries) for index in indexes]
                context = config.plugins.on_page_context(context, page=page, config=config, nav=nav)
                entries = [index.entries[n:] for index, n in zip(indexes, before)]
                output = config.plugins.on_post_page(template.render(context), page=page, config=config)
                if output.strip():
                    write_file(output.encode("utf-8", errors="xmlcharrefreplace"), page.file.abs_dest_path)
                else:
                    logging.getLogger("mkdocs").info(f"Page skipped: '{page.file.src_uri}'. Generated empty output.")
        finally:
            page.active = False
            config._current_page = None
        return entries, records

    for entries, records in parallel.map_ordered(render, pages):
        _log_again(records)
        for index, new in zip(indexes, entries):
            index.entries.extend(new)
    return {id(page) for page in pages}


class _RecordKeeper(logging.Handler):
    """Keep log records as (logger, level, message), to be logged again in the parent process."""

    def __init__(self) -> None:
        super().__init__(level=logging.NOTSET)
        self.records: list[tuple[str, int, str]] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append((record.name, record.levelno, record.getMessage()))


@contextmanager
def _kept_records() -> Iterator[list[tuple[str, int, str]]]:
    """Within the block (in a worker), keep MkDocs' log records instead of printing them; yield the list."""
    logger = logging.getLogger("mkdocs")
    keeper = _RecordKeeper()
    handlers, propagate = logger.handlers[:], logger.propagate
    logger.handlers, logger.propagate = [keeper], False
    try:
        yield keeper.records
    finally:
        logger.handlers, logger.propagate = handlers, propagate


def _log_again(records: list[tuple[str, int, str]]) -> None:
    """Log a worker's kept records in this process, so they are printed once and strict mode counts them."""
    for name, level, message in records:
        logging.getLogger(name).log(level, message)


def _populate_in_worker(original, page, config, files) -> tuple[dict, list[tuple[str, int, str]]]:  # noqa: ANN001
    """Read and convert one page (in a worker); return what that set on the page and what it logged."""
    before = dict(vars(page))
    with _kept_records() as records:
        original(page, config, files, False)
    # Whatever converting the page set or replaced on it goes back to the parent, Files as their paths.
    state = {name: value for name, value in vars(page).items() if name not in before or before[name] is not value}
    links = state.get("links_to_anchors")
    if links is not None:
        state["links_to_anchors"] = {f.src_uri: anchors for f, anchors in links.items()}
    return state, records


def swap_dir(new: Path, target: Path) -> tuple[Path, str] | None:
    """Replace directory `target` by work folder `new` with renames, so readers never see half a site.

    The old `target` is moved into a work folder of its own and removed; returns that folder and why, when
    it could not all be removed (the build has succeeded all the same; the next one tries again).
    """
    (new / MARKER).unlink(missing_ok=True)  # the marker must not be published with the site
    had_target = target.exists()
    aside = make_work_dir(target.parent, ".papersite-old-") if had_target else None
    old = aside / target.name if aside else target
    try:
        if had_target:
            os.replace(target, old)
        try:
            os.replace(new, target)
        except BaseException:
            if had_target:
                os.replace(old, target)  # never leave the project without its site
            raise
    except BaseException:
        if aside:
            remove_work_dir(aside)
        raise
    problem = remove_work_dir(aside) if aside else None
    return (aside, problem) if aside and problem else None
