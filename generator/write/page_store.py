"""The page store: each page's rendered HTML and what MkDocs learnt from it, kept between builds for reuse.

A warm rebuild changes a few hundred of 15,000 pages; the MkDocs adapter asks this store, by a key of
everything that can change a page, for the HTML and search entries of the others instead of converting and
rendering them again. The records live in the project's cache (`runtime.cache`: checksums, code version,
unused entries dropped at save); the HTML lives beside them as files named by their SHA-256, checked
before use (its size and modification time as kept, else its digest), so a damaged file is found and the page
rendered again. This module never imports MkDocs.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import stat as stat_module
from contextlib import suppress
from pathlib import Path
from typing import Any, Callable

from generator.runtime.cache import Cache
from generator.runtime.files import same_content

#: The cache kind of the page records; the HTML files are in this folder of the cache.
KIND = "pages"
HTML_DIR = "pages-html"

#: The fields of a page record, with the JSON type each must have (the cache files are untrusted input).
_FIELDS: dict[str, type | tuple[type, ...]] = {
    "html": str, "size": int, "mtime": int, "search": list, "title": (str, type(None)), "meta": dict, "anchors": list,
    "links": list, "lookups": list, "read_log": list, "build_log": list}


def valid_record(value: Any) -> bool:
    """Tell whether a stored value has the shape of a page record."""
    if type(value) is not dict or value.keys() != _FIELDS.keys():
        return False
    if not all(isinstance(value[name], kind) for name, kind in _FIELDS.items()):
        return False
    return (len(value["html"]) == 64 and all(c in "0123456789abcdef" for c in value["html"])
            and all(type(a) is str for a in value["anchors"])
            and all(_is_lookup(item) for item in value["lookups"])
            and all(_is_log(item) for item in value["read_log"] + value["build_log"])
            and all(type(index) is list and all(_is_pairs(e) for e in index) for index in value["search"])
            and all(type(item) is list and len(item) == 2 and type(item[0]) is str and _is_pairs(item[1])
                    and all(type(url) is str for _, url in item[1]) for item in value["links"]))


def _is_pairs(item: Any) -> bool:
    """Tell whether a stored value is a list of [name, value] pairs (a mapping kept in its order: JSON keys are sorted)."""
    return type(item) is list and all(type(pair) is list and len(pair) == 2 and type(pair[0]) is str for pair in item)


def _is_lookup(item: Any) -> bool:
    """Tell whether a stored link lookup is [path, url or None, excluded]."""
    return (type(item) is list and len(item) == 3 and type(item[0]) is str and type(item[1]) in (str, type(None))
            and type(item[2]) is bool)


def _is_log(item: Any) -> bool:
    """Tell whether a stored log record is [logger, level, message]."""
    return type(item) is list and len(item) == 3 and type(item[0]) is str and type(item[1]) is int and type(item[2]) is str


class PageStore:
    """Page records by key, and their HTML files, in one project's cache folder."""

    def __init__(self, folder: Path, warn: Callable[[str], None], published: Path | None = None) -> None:
        self.folder = folder
        self.warn = warn
        self.published = published  # the site now served, whose unchanged pages are left as they are
        self.untouched: set[str] = set()  # their paths in it (set as pages are placed)
        self.records = Cache(folder, warn)
        self.html_dir = folder / HTML_DIR
        self._damaged = 0
        self.reused = 0  # pages this build took from the store (set by the adapter)

    def find(self, key: str) -> dict | None:
        """Return the record stored under `key` when its HTML file is there and intact, else None."""
        found, record = self.records.get(KIND, key, valid_record)
        if not found:
            return None
        path = self.html_path(record["html"])
        try:
            stat = path.stat()
            # The file as it was kept (the store and site/ only ever replace files, never write into one) is
            # taken on its size and modification time, as git and rsync do; any other is read and checked.
            data = None if (stat.st_size, stat.st_mtime_ns) == (record["size"], record["mtime"]) else path.read_bytes()
        except OSError:
            stat = data = None
        if stat is None or (data is not None and (len(data) != record["size"]
                                                  or hashlib.sha256(data).hexdigest() != record["html"])):
            path.unlink(missing_ok=True)  # so that the page rendered again is kept in its place
            self._damaged += 1
            if self._damaged == 1:
                self.warn(f"{path}: page cache file is missing or damaged; its pages are rendered again")
            return None
        return record

    def html_stat(self, digest: str) -> tuple[int, int]:
        """Return the size and modification time (ns) of the kept HTML with this SHA-256."""
        stat = self.html_path(digest).stat()
        return stat.st_size, stat.st_mtime_ns

    def html_path(self, digest: str) -> Path:
        """Return the file that holds the HTML with this SHA-256."""
        return self.html_dir / digest[:2] / f"{digest}.html"

    def keep_html(self, built: Path, data: bytes) -> str:
        """Keep the HTML just written to `built` (whose bytes are `data`) and return its digest."""
        digest = hashlib.sha256(data).hexdigest()
        path = self.html_path(digest)
        # A file already there is kept only if it holds these very bytes: one damaged while its record was lost (a
        # corrupt cache file) would otherwise be stamped as good now, and served by the next build that reuses it.
        try:
            kept = path.stat().st_size == len(data) and path.read_bytes() == data
        except OSError:
            kept = False
        if not kept:
            path.parent.mkdir(parents=True, exist_ok=True)
            _link_or_copy(built, path)
        return digest

    def place_html(self, record: dict, dest: Path, rel: str) -> None:
        """Put the kept HTML of a page's `record` at `dest` (a new file of the site being built), or note that the
        published site's file at `rel` is already that very file (a link to it: unchanged since it was built)."""
        kept = self.html_path(record["html"])
        if self.published is not None and (_same_file(self.published / rel, kept)
                                           or self._adopted(self.published / rel, kept, record)):
            self.untouched.add(rel)
            return
        dest.parent.mkdir(parents=True, exist_ok=True)
        _link_or_copy(kept, dest)

    def _adopted(self, published: Path, kept: Path, record: dict) -> bool:
        """Make the published file the kept one where it holds the very bytes kept, and give the record its size and
        time; return whether it did.

        A site/ built afresh while every page was rendered again with the HTML it had (a new papersite, say) holds
        copies of the kept files, not links: without this, every later build would place each reused page anew and
        compare it with the published one.
        """
        try:
            if os.lstat(published).st_dev != os.lstat(kept).st_dev:
                return False  # on another file system no link can join them: the copy stays a copy
        except OSError:
            return False
        if not same_content(published, kept):
            return False
        tmp = kept.with_name(f".tmp-{os.getpid()}-{kept.name}")
        try:
            os.link(published, tmp)
            os.replace(tmp, kept)
            stat = kept.stat()
        except OSError:
            with suppress(OSError):
                tmp.unlink()
            return False
        record["size"], record["mtime"] = stat.st_size, stat.st_mtime_ns
        return True

    def unchanged(self, rel: str, data: bytes | None = None, source: str | None = None) -> bool:
        """Tell whether the published site's file at `rel` holds exactly `data` (or the bytes of file `source`);
        if so it is noted untouched, and the build need not write it (a feed or search shard like the last one)."""
        if self.published is None:
            return False
        try:
            old = os.lstat(self.published / rel)
            if not stat_module.S_ISREG(old.st_mode):
                return False
            size = len(data) if data is not None else os.stat(source).st_size if source is not None else -1
            if old.st_size != size:
                return False
            if data is None:
                data = Path(source).read_bytes()
            same = (self.published / rel).read_bytes() == data
        except OSError:
            return False
        if same:
            self.untouched.add(rel)
        return same

    def put(self, key: str, record: dict) -> None:
        """Remember a page's record for the next build."""
        self.records.put(KIND, key, record)

    def save(self) -> None:
        """Write the records this build used or made, and delete the HTML files none of them names."""
        self.records.save()
        wanted = {f"{r['html']}.html" for r in self.records.kept(KIND).values()}
        try:
            for folder in os.scandir(self.html_dir):
                if folder.is_dir(follow_symlinks=False):
                    for entry in os.scandir(folder.path):
                        if entry.name not in wanted:
                            os.unlink(entry.path)
        except FileNotFoundError:
            pass
        except OSError as exc:  # costs disk space, never the build
            self.warn(f"{self.html_dir}: old page cache files not removed ({exc.strerror or exc})")


def _same_file(a: Path, b: Path) -> bool:
    """Tell whether two paths name one file (hard links of each other)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _link_or_copy(src: Path, dst: Path) -> None:
    """Hard-link `src` as `dst` (the site and the cache share the bytes), or copy it across file systems."""
    # Both sides are only ever replaced, never written in place (MkDocs writes each page into a fresh
    # site folder), and a cached file is checked against its digest before use all the same.
    tmp = dst.with_name(f".tmp-{os.getpid()}-{dst.name}")
    try:
        os.link(src, tmp)
    except OSError:
        shutil.copyfile(src, tmp)
    os.replace(tmp, dst)
