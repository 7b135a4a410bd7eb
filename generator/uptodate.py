"""The no-change fast path of `papersite build`: when nothing a build reads has changed since the last successful one,
and site/ and site_src/ are as it left them, there is nothing to do.

After a successful build the CLI records a stamp in the cache folder: a digest of everything the build read
(the data, templates, mkdocs.yml, the theme overrides and hooks it names, papersite's code and the releases
of MkDocs and its parts, the options, today's date, which the sitemap and feed carry) and of what it left
(the names, sizes and modification times of every file of site/ and site_src/), and its warnings. The next
build that finds the same digests says so, repeats the warnings and stops. Anything else builds as usual
(with the page cache, the changed pages only); a stamp that cannot be read is ignored with a warning.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path

from generator.model import Problem
from generator.project import Project, _read_mkdocs_yml
from generator.runtime import cache as cache_module
from generator.runtime.files import WORK_PREFIXES, entries_under, replace_file
from generator.write import feed, topic_state
from generator.write.mkdocs_reuse import releases

#: The stamp's file in the project's cache folder.
STAMP = "last-build.json"


@dataclass
class Stamp:
    """What a successful build read and left, and the warnings it gave."""

    inputs: str
    outputs: str
    papers: int
    warnings: list[Problem]


def _hash_tree(digest: "hashlib._Hash", folder: Path, skip: tuple[Path, ...] = ()) -> None:
    """Add every file under `folder` (its relative path and bytes) to `digest`."""
    if folder.is_file():
        digest.update(b"F" + folder.read_bytes())
        return
    if not folder.is_dir():
        digest.update(b"-")
        return
    for path in sorted(folder.rglob("*")):
        if path.is_file() and path not in skip:
            digest.update(path.relative_to(folder).as_posix().encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())


def _stat_tree(digest: "hashlib._Hash", folder: Path) -> None:
    """Add every entry under `folder` (its relative path, size and modification time) to `digest`."""
    root = os.fspath(folder)
    for entry in entries_under(folder):
        st = entry.stat(follow_symlinks=False)
        digest.update(f"{entry.path[len(root) + 1:]}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())


def inputs_digest(project: Project, strict: bool, with_state: bool = True) -> str:
    """Return the digest of everything a build of `project` reads (the state files it writes only when `with_state`)."""
    digest = hashlib.sha256()
    options = [cache_module.CODE_VERSION, releases(), strict, project.site_url, str(project.data_dir), feed.today(),
               os.environ.get("SOURCE_DATE_EPOCH", "")]
    digest.update(json.dumps(options).encode())
    states = (project.data_dir / feed.STATE_FILE, project.data_dir / topic_state.STATE_FILE)
    _hash_tree(digest, project.data_dir, skip=() if with_state else states)
    _hash_tree(digest, project.templates_dir)
    _hash_tree(digest, project.config_file)
    config = _read_mkdocs_yml(project.config_file)
    theme = config.get("theme")
    hooks = config.get("hooks")
    named = ([theme.get("custom_dir")] if isinstance(theme, dict) else []) + (hooks if isinstance(hooks, list) else [])
    for part in named:
        if isinstance(part, str):
            digest.update(part.encode())
            _hash_tree(digest, project.config_file.parent / part)
    return digest.hexdigest()


def has_work_folders(project: Project) -> bool:
    """Tell whether an earlier build left work folders next to site/ or site_src/ (a full build removes them)."""
    for parent in {project.site_dir.parent, project.docs_dir.parent}:
        try:
            if any(entry.name.startswith(WORK_PREFIXES) for entry in os.scandir(parent)):
                return True
        except OSError:
            continue
    return False


def outputs_digest(project: Project) -> str:
    """Return the digest of the names, sizes and times of every file of site/ and site_src/."""
    digest = hashlib.sha256()
    for folder in (project.site_dir, project.docs_dir):
        digest.update(b"\n#" + str(folder).encode())
        _stat_tree(digest, folder)
    return digest.hexdigest()


def _path(project: Project) -> Path:
    """Return the stamp's file."""
    return project.root / cache_module.CACHE_DIR / STAMP


def load(project: Project) -> tuple[Stamp | None, list[Problem]]:
    """Return the last build's stamp (None when there is none or it cannot be used) and any warning about it."""
    path = _path(project)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return None, []
    except OSError as exc:
        return None, [_warning(project, f"{path.name}: not readable ({exc.strerror or exc}); building as usual")]
    head, _, payload = data.partition(b"\n")
    try:
        header = json.loads(head)
        if header.get("code") != cache_module.CODE_VERSION:
            return None, []  # another papersite's: it builds as usual, quietly
        if hashlib.sha256(payload).hexdigest() != header.get("sha256"):
            raise ValueError("checksum")
        body = json.loads(payload)
        stamp = Stamp(inputs=str(body["inputs"]), outputs=str(body["outputs"]), papers=int(body["papers"]),
                      warnings=[Problem(**{k: w[k] for k in ("file", "line", "field", "message", "severity")})
                                for w in body["warnings"]])
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return None, [_warning(project, f"{path.name}: damaged; building as usual")]
    return stamp, []


def save(project: Project, stamp: Stamp) -> None:
    """Record a successful build's stamp (a failure to write it costs the next build time, never this one)."""
    payload = json.dumps({"inputs": stamp.inputs, "outputs": stamp.outputs, "papers": stamp.papers,
                          "warnings": [asdict(w) for w in stamp.warnings]}, sort_keys=True).encode("utf-8")
    header = json.dumps({"code": cache_module.CODE_VERSION, "sha256": hashlib.sha256(payload).hexdigest()})
    try:
        replace_file(_path(project), header.encode() + b"\n" + payload)
    except OSError:
        pass


def forget(project: Project) -> None:
    """Remove the stamp before a build changes site/: a build that fails half way must not look up to date."""
    try:
        _path(project).unlink(missing_ok=True)
    except OSError:
        pass


def _warning(project: Project, message: str) -> Problem:
    """Return a warning about the stamp, located at the cache folder."""
    return Problem(project.relative(project.root / cache_module.CACHE_DIR), 1, "cache", message, "warning")
