"""The file side of reading: which files of the data folder are data, the safe gate that reads one, and decoding.

Shared by the data reader (load.py) and the vocabulary reader: a file is read only if it is a regular
file inside the data folder, so a committed symlink or a named pipe can neither leak nor hang a build.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Iterator

from generator.model import Problem

#: Config files that live in the data folder but are not abstracts (read by the vocabulary stage).
CONFIG_FILES = frozenset({"vocabulary.yaml", "vocabulary.yml"})
#: Files a data folder commonly holds that are not data; skipped without a warning.
IGNORED_FILES = frozenset({"readme.md", "readme", "readme.rst", "license", "license.md", "thumbs.db"})


def read_bytes(path: Path, inside: Path, shown: str) -> tuple[bytes | None, Problem | None]:
    """Return the bytes of `path` if it is a regular file resolving inside the resolved folder `inside`, else why not."""
    if not path.resolve().is_relative_to(inside):
        # A committed symlink would publish whatever it points to on the build machine (/etc/passwd, ~/.ssh).
        return None, Problem(shown, 1, "file", "a symbolic link to a file outside the data folder; not read")
    try:
        # O_NONBLOCK: opening a named pipe must not wait for a writer; fstat then tells what was opened.
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as error:
        return None, Problem(shown, 1, "file", f"cannot read file: {error.strerror or error}")
    with os.fdopen(descriptor, "rb") as file:
        mode = os.fstat(descriptor).st_mode
        if not stat.S_ISREG(mode):
            return None, Problem(shown, 1, "file", f"not a regular file ({_file_kind(mode)}); not read")
        try:
            return file.read(), None
        except OSError as error:
            return None, Problem(shown, 1, "file", f"cannot read file: {error.strerror or error}")


def _file_kind(mode: int) -> str:
    """Name the kind of a file that is not a regular file, for messages."""
    kinds = ((stat.S_ISFIFO, "a named pipe"), (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a character device"),
             (stat.S_ISBLK, "a block device"), (stat.S_ISDIR, "a folder"))
    return next((name for test, name in kinds if test(mode)), "a special file")


def decode(data: bytes, path: str) -> tuple[str | None, Problem | None]:
    """Decode UTF-8 bytes (optional BOM) and normalise CRLF and lone CR line ends to \\n."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    # \r never occurs inside a multi-byte UTF-8 sequence, so this is safe before decoding and keeps
    # the line of a bad byte right.
    data = data.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    try:
        return data.decode("utf-8"), None
    except UnicodeDecodeError as error:
        line_start = data.rfind(b"\n", 0, error.start) + 1
        line = data.count(b"\n", 0, error.start) + 1
        column = len(data[line_start:error.start].decode("utf-8")) + 1
        byte = data[error.start]
        message = f"not valid UTF-8 (byte 0x{byte:02x} at column {column}); file skipped"
        return None, Problem(path, line, "encoding", message)


def data_files(data_dir: Path) -> Iterator[Path]:
    """Yield the data files under `data_dir` in a stable order, skipping hidden and config files."""
    for folder, subfolders, names in os.walk(data_dir):
        subfolders[:] = sorted(d for d in subfolders if not d.startswith("."))
        for name in sorted(names):
            if name.startswith(".") or name.lower() in IGNORED_FILES or name in CONFIG_FILES:
                continue
            yield Path(folder) / name


def display_path(path: Path, root: Path) -> str:
    """Return `path` relative to `root` with forward slashes, as written (symlinks not followed)."""
    return Path(os.path.relpath(path, root)).as_posix()
