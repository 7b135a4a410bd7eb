"""Write the generated pages: site_src/ and site/ updated all or nothing, changed files only (a staging copy for MkDocs'
fallback)."""

from __future__ import annotations

import hashlib
import json
import os
import posixpath
import shutil
import stat
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from generator.runtime.files import MARKER, files_under, make_work_dir, remove_work_dir, replace_file, same_content
from generator.write.render import GENERATED_DIRS, GENERATED_FILES


def is_generated(rel: str) -> bool:
    """Tell whether a site_src/ path belongs to papersite rather than to the user."""
    top = rel.split("/", 1)[0]
    return rel in GENERATED_FILES or top in GENERATED_DIRS


#: What write_tree changed: each path with its previous content and modification time (None: did not exist).
Journal = dict[Path, tuple[bytes, int] | None]
#: Each generated file as write_tree last left it: [size, modification time (ns), digest of its content].
Stamps = dict[str, list]


def write_tree(docs_dir: Path, files: dict[str, str], journal: Journal | None = None,
               stamps: Stamps | None = None) -> tuple[int, int]:
    """Make docs_dir's generated part equal `files`: write changed files only, delete stale ones; return (written, deleted).

    All or nothing: if a write fails part-way (disk full), every file already changed is put back. A caller
    passing `journal` can also undo the whole write later with `undo_writes`, if a later step fails. With `stamps`
    (load_stamps), a file whose size and modification time are as this function last left them, and whose new content
    has the digest it had then, is not read back to compare; `stamps` is updated to the files as left now.
    """
    journal = {} if journal is None else journal
    root = os.fspath(docs_dir)
    try:
        written = 0
        for rel, content in sorted(files.items()):
            data = content.encode("utf-8")
            path = os.path.join(root, rel)
            digest = _digest(data) if stamps is not None else ""
            if stamps is not None and _stamped(path, digest, stamps.get(rel)):
                continue
            if not _holds(path, data) and _write_if_changed(docs_dir / rel, data, journal):
                written += 1
            if stamps is not None:
                st = os.stat(path)
                stamps[rel] = [st.st_size, st.st_mtime_ns, digest]
        deleted = 0
        for rel in _generated_files_on_disk(docs_dir):
            if rel not in files:
                path = docs_dir / rel
                _remember(path, journal)
                path.unlink()
                deleted += 1
        if stamps is not None:
            for rel in [rel for rel in stamps if rel not in files]:
                del stamps[rel]
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


def load_stamps(path: Path | None) -> Stamps | None:
    """Return the stamps saved at `path` (save_stamps); {} when there are none or they cannot be read (they are a
    shortcut, never trusted for more than a file's size, time and digest); None when there is no place for them."""
    if path is None:
        return None
    try:
        value = json.loads(path.read_bytes())
    except (OSError, ValueError, RecursionError):
        return {}
    files = value.get("files") if type(value) is dict and value.get("format") == _STAMPS_FORMAT else None
    if type(files) is not dict:
        return {}
    return {rel: stamp for rel, stamp in files.items()
            if type(stamp) is list and len(stamp) == 3 and type(stamp[0]) is int and type(stamp[1]) is int
            and type(stamp[2]) is str}


def save_stamps(path: Path | None, stamps: Stamps | None) -> None:
    """Save the stamps at `path`, atomically; a failure only costs the next build the reading back it saves."""
    if path is None or stamps is None:
        return
    data = json.dumps({"format": _STAMPS_FORMAT, "files": stamps}, sort_keys=True).encode("utf-8")
    try:
        if not _holds(os.fspath(path), data):
            path.parent.mkdir(parents=True, exist_ok=True)
            replace_file(path, data)
    except OSError:
        pass


_STAMPS_FORMAT = 1


def _digest(data: bytes) -> str:
    """Return the digest a stamp keeps of a file's content."""
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def _stamped(path: str, digest: str, stamp: list | None) -> bool:
    """Tell whether the file at `path` is as its stamp says it was left, and then held content of `digest`."""
    if stamp is None or stamp[2] != digest:
        return False
    try:
        st = os.stat(path)
    except OSError:
        return False
    return stat.S_ISREG(st.st_mode) and st.st_size == stamp[0] and st.st_mtime_ns == stamp[1]


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


def _generated_files_on_disk(docs_dir: Path) -> list[str]:
    """Return every file papersite owns that exists in docs_dir now, as sorted relative paths."""
    root = os.fspath(docs_dir)
    found = [name for name in GENERATED_FILES if os.path.isfile(os.path.join(root, name))]
    for folder in GENERATED_DIRS:
        if os.path.isdir(os.path.join(root, folder)):
            found.extend(f"{folder}/{rel}" for rel in files_under(os.path.join(root, folder))
                         if os.path.isfile(os.path.join(root, folder, rel)))
    return sorted(found)


def _remove_empty_dirs(folder: Path) -> None:
    """Remove empty sub-folders left after stale pages were deleted (and the folder itself, if emptied)."""
    for where, _dirs, _names in os.walk(folder, topdown=False):
        if not os.listdir(where):
            os.rmdir(where)


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


def sync_dir(new: Path, target: Path, untouched: set[str]) -> tuple[list[tuple[Path, str]], list[tuple[Path, str]]]:
    """Make directory `target` hold work folder `new`'s files and, of its own, only those named in `untouched`.

    Only what differs is touched: each file of `new` is renamed into place, the file it replaces and every
    stale one (neither in `new` nor untouched) moved into a backup work folder first; if anything fails,
    every move is undone, so `target` is as it was. Returns the work folders that could not be removed and
    the stale files that could not be moved (each with why: the build has succeeded all the same).
    """
    (new / MARKER).unlink(missing_ok=True)  # the marker must not be published with the site
    if not target.exists():
        os.replace(new, target)
        return [], []
    backup = make_work_dir(target.parent, ".papersite-old-")
    moves: list[tuple[Path, Path]] = []  # (from, to), in order: undone in reverse
    stuck: list[tuple[Path, str]] = []
    try:
        placed = set()
        for rel in _files_under(new):
            dst = target / rel
            placed.add(rel)
            if same_content(new / rel, dst):
                continue  # a theme asset or page MkDocs wrote again as it was: it keeps its file and mtime
            if os.path.lexists(dst):
                _move(dst, backup / rel, moves)
            _move(new / rel, dst, moves)
        emptied: set[str] = set()  # the folders stale files were moved out of
        for rel in _files_under(target):
            if rel not in placed and rel not in untouched:
                try:
                    _move(target / rel, backup / rel, moves)
                    emptied.add(posixpath.dirname(rel))
                except OSError as exc:
                    stuck.append((target / rel, exc.strerror or str(exc)))
        _remove_emptied_dirs(target, emptied)
    except BaseException:
        for src, dst in reversed(moves):
            os.replace(dst, src)
        remove_work_dir(backup)
        raise
    return [(folder, why) for folder in (backup, new) if (why := remove_work_dir(folder))], stuck


def _files_under(folder: Path) -> list[str]:
    """Return every file (or link) under `folder` as a sorted relative path, its work marker left out."""
    return [rel for rel in files_under(folder) if rel != MARKER]


def _move(src: Path, dst: Path, moves: list[tuple[Path, Path]]) -> None:
    """Rename `src` to `dst` (making its folder), noting the move so that it can be undone."""
    try:
        os.replace(src, dst)
    except FileNotFoundError:
        dst.parent.mkdir(parents=True, exist_ok=True)
        os.replace(src, dst)
    moves.append((src, dst))


def _remove_emptied_dirs(folder: Path, emptied: set[str]) -> None:
    """Remove each of these sub-folders of `folder` (relative paths) that is now empty, and then its emptied
    parents, never `folder` itself."""
    for rel in sorted(emptied, key=lambda r: -r.count("/")):
        while rel not in ("", "."):
            where = folder / rel
            try:
                if os.listdir(where):
                    break
                os.rmdir(where)
            except OSError:
                break
            rel = posixpath.dirname(rel)
