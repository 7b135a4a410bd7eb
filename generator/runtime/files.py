"""Files papersite writes for itself: atomic replacement, marked work folders a later build can clean up, and the
state files it keeps in data/ (read back as untrusted JSON)."""

from __future__ import annotations

import json
import os
import shutil
import stat
import tempfile
from pathlib import Path
from typing import Any, Callable

from generator.model import PapersiteError


def read_state(path: Path, error: Callable[[int, str], PapersiteError]) -> tuple[bool, Any]:
    """Return (whether the state file exists, its JSON value); anything unreadable raises error(line, why)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return False, None
    except UnicodeDecodeError as exc:
        raise error(1, f"not UTF-8 text (byte {exc.start + 1})") from exc
    except OSError as exc:
        raise error(1, f"cannot be read ({exc.strerror or exc})") from exc
    try:
        return True, json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(exc.lineno, f"invalid JSON: {exc.msg} (column {exc.colno})") from exc
    except RecursionError as exc:
        raise error(1, "invalid JSON: nested too deeply") from exc
    except ValueError as exc:  # int() refuses numbers of more than 4,300 digits
        raise error(1, "invalid JSON: a number has too many digits") from exc


def write_state(path: Path, text: str, error: Callable[[str], PapersiteError], saving: str) -> bool:
    """Write a state file if its text changed; return whether it did. A failure raises error(why), saying `saving`
    ("cannot save …") when the write fails."""
    try:
        if path.read_text(encoding="utf-8") == text:
            return False
    except (FileNotFoundError, UnicodeDecodeError):
        pass
    except OSError as exc:
        raise error(f"cannot be read ({exc.strerror or exc})") from exc
    try:
        replace_file(path, text.encode("utf-8"))
    except OSError as exc:
        raise error(f"{saving} ({exc.strerror or exc})") from exc
    return True


def files_under(folder: Path | str) -> list[str]:
    """Return every file (or link, a link to a folder too) under `folder` as a sorted relative path ("a/b.html")."""
    found: list[str] = []
    _scan(os.fspath(folder), "", found)
    found.sort()
    return found


def entries_under(folder: Path | str) -> list[os.DirEntry]:
    """Return every file (or link) under `folder` as a directory entry, in files_under's order (none if it is absent)."""
    found: list[tuple[str, os.DirEntry]] = []
    try:
        _scan(os.fspath(folder), "", found, entries=True)
    except FileNotFoundError:
        return []
    found.sort(key=lambda pair: pair[0])
    return [entry for _, entry in found]


def _scan(path: str, prefix: str, found: list, entries: bool = False) -> None:
    """Add the files under `path` to `found` (relative paths, or (path, entry) pairs), not following links."""
    # os.walk's relpath and islink per folder cost more than the scanning: a site has a folder per page.
    with os.scandir(path) as scan:
        listed = list(scan)
    for entry in listed:
        if entry.is_dir(follow_symlinks=False):
            _scan(entry.path, f"{prefix}{entry.name}/", found, entries)
        else:
            found.append((prefix + entry.name, entry) if entries else prefix + entry.name)


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


def same_content(new: Path, old: Path) -> bool:
    """Tell whether `old` is a regular file holding exactly the bytes of regular file `new`."""
    try:
        a, b = os.lstat(new), os.lstat(old)
        if not (stat.S_ISREG(a.st_mode) and stat.S_ISREG(b.st_mode)) or a.st_size != b.st_size:
            return False
        return new.read_bytes() == old.read_bytes()
    except OSError:
        return False
