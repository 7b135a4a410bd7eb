"""Page reuse for the MkDocs adapter: which pages of this build are the same as a kept one, and what stands in for them.

Half of the MkDocs adapter (mkdocs_adapter.py drives the build; this module imports no MkDocs but reads and
sets the attributes MkDocs 1.6.1 pages carry, under the adapter's version check). A page is reused when
its key is unchanged: its Markdown, its source path and URL, and the site key (papersite's code, the
MkDocs, Material and Markdown releases, mkdocs.yml and the names papersite passes, the theme overrides,
the hooks and the nav), and when every link lookup it made finds what it
found before (a link whose target disappeared changes its HTML and warns). Reused pages get back what
MkDocs learnt converting them (title, metadata, anchors, links to anchors: the anchor check still runs
on every page), their warnings are logged again, and their HTML and search entries are taken as kept.
"""

from __future__ import annotations

import hashlib
import json
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any, Callable

from generator.runtime import cache as cache_module
from generator.runtime.cache import content_key
from generator.write.page_store import PageStore

#: The distributions whose release can change a page's HTML or search entries.
DISTRIBUTIONS = ("mkdocs", "mkdocs-material", "mkdocs-material-extensions", "markdown", "pymdown-extensions",
                 "jinja2", "pygments", "babel")


def lookup_of(path: str, found: Any) -> list:  # noqa: ANN401 - a MkDocs File or None
    """Return a link lookup as kept: [path, the URL it found or None, whether that file is excluded]."""
    if found is None:
        return [path, None, False]
    return [path, found.url, bool(found.inclusion.is_excluded())]


def releases() -> list[list[str]]:
    """Return the installed release of every distribution a page depends on."""
    found = []
    for dist in DISTRIBUTIONS:
        try:
            found.append([dist, version(dist)])
        except PackageNotFoundError:
            found.append([dist, "none"])
    return found


def _tree_digest(folder: str | None) -> list[list[str]]:
    """Return (relative path, SHA-256) of every file under `folder` (the theme overrides)."""
    if not folder or not Path(folder).is_dir():
        return []
    root = Path(folder)
    return [[p.relative_to(root).as_posix(), hashlib.sha256(p.read_bytes()).hexdigest()]
            for p in sorted(root.rglob("*")) if p.is_file()]


def _nav_digest(items: list) -> list:
    """Return the nav's shape: each item's kind, title (or the page's source when its title comes from it) and URL."""
    out: list = []
    for item in items:
        kind = type(item).__name__
        if getattr(item, "file", None) is not None:  # a page: an explicit title is in its __dict__
            title = item.__dict__.get("title") or hashlib.sha256(item.file.content_bytes).hexdigest()
            out.append([kind, title, item.file.url])
        elif getattr(item, "children", None) is not None:
            out.append([kind, item.title, _nav_digest(item.children)])
        else:
            out.append([kind, getattr(item, "title", None), getattr(item, "url", None)])
    return out


def site_key(config, files, nav) -> str:  # noqa: ANN001 - MkDocs objects
    """Return the key of everything besides its own Markdown that a page's HTML and search entries depend on."""
    hooks = getattr(config, "hooks", None) or {}
    parts = [
        cache_module.CODE_VERSION, releases(),
        Path(config.config_file_path).read_bytes().decode("utf-8", "replace") if config.config_file_path else "",
        config.site_name, config.site_url, config.use_directory_urls,
        _tree_digest(config.theme.custom_dir),
        [[name, Path(m.__file__).read_bytes().decode("utf-8", "replace")] for name, m in sorted(hooks.items())],
        # The other files are not in the key: a page depends on them only through its link lookups, each kept and
        # checked (a per-tag feed added with a new tag would otherwise change every page's key).
        _nav_digest(nav.items),
    ]
    return content_key(*parts)


def page_key(site: str, page) -> str:  # noqa: ANN001 - a MkDocs page
    """Return the key of one page: the site key, its paths and URL, and its Markdown."""
    file = page.file
    return content_key(site, file.src_uri, file.dest_uri, file.url, hashlib.sha256(file.content_bytes).hexdigest())


class Reuse:
    """One build's page reuse: the pages found in the store, and what the fresh ones leave for the next build."""

    def __init__(self, store: PageStore) -> None:
        self.store = store
        self.active = True  # False once something makes reuse unsafe: then nothing is reused nor kept
        self.nav = None
        self.pages: list = []
        self.keys: dict[int, str] = {}
        self.reused: dict[int, dict] = {}
        self.fresh: dict[int, dict] = {}

    def has(self, page) -> bool:  # noqa: ANN001 - a MkDocs page
        """Tell whether this page is taken from the store."""
        return id(page) in self.reused

    def start(self, pages: list, config, files, indexes: int) -> list[list]:  # noqa: ANN001 - MkDocs objects
        """Find the pages the store holds unchanged and give them back their state; return their read warnings."""
        self.pages = pages
        if (self.nav is None or config.plugins.events.get("nav") or any(f.inclusion.is_excluded() for f in files)):
            self.active = False  # a plugin may have changed the nav, or drafts are left out: build everything
            return []
        site = site_key(config, files, self.nav)
        in_nav = {id(page) for page in self.nav.pages}  # their previous and next links change with the nav's pages
        logs: list[list] = []
        found: dict[str, list] = {}  # path -> what looking it up finds now: thousands of pages link the same pages

        def lookup(path: str) -> list:
            if path not in found:
                found[path] = lookup_of(path, files.get_file_from_path(path))
            return found[path]

        for page in pages:
            key = self.keys[id(page)] = page_key(site, page)
            if id(page) in in_nav:
                continue
            record = self.store.find(key)
            if record is not None and self._still_fits(record, lookup, indexes):
                self._restore(page, record, files)
                self.reused[id(page)] = record
                logs.extend(record["read_log"])
        self.store.reused = len(self.reused)
        return logs

    @staticmethod
    def _still_fits(record: dict, lookup: Callable[[str], list], indexes: int) -> bool:
        """Tell whether every link lookup of a kept page finds what it found, and its entries fit the search indexes."""
        return len(record["search"]) == indexes and all(lookup(item[0]) == item for item in record["lookups"])

    @staticmethod
    def _restore(page, record: dict, files) -> None:  # noqa: ANN001 - MkDocs objects
        """Set on a reused page what converting it set and later steps read (never its content: it is not rendered)."""
        page.markdown = ""
        page.meta = dict(record["meta"])
        page._title_from_render = record["title"]
        page.content = ""
        page.present_anchor_ids = set(record["anchors"])
        page.links_to_anchors = {files.get_file_from_path(uri) or page.file: dict(links) for uri, links in record["links"]}

    def converted(self, page, records: list, lookups: list) -> None:  # noqa: ANN001 - a MkDocs page
        """Note what converting a fresh page logged and looked up."""
        self.fresh[id(page)] = {"read_log": [list(r) for r in records], "lookups": lookups}

    def rendered(self, page, entries: list, records: list, digest: str | None) -> None:  # noqa: ANN001
        """Note a fresh page's search entries, render warnings and kept HTML."""
        self.fresh.setdefault(id(page), {}).update(
            search=entries, build_log=[list(r) for r in records], html=digest)

    def place(self, page) -> tuple[list, list]:  # noqa: ANN001 - a MkDocs page
        """Put a reused page's kept HTML where MkDocs would write it; return its search entries and render warnings."""
        record = self.reused[id(page)]
        self.store.place_html(record, Path(page.file.abs_dest_path), page.file.dest_uri)
        return [[dict(entry) for entry in index] for index in record["search"]], record["build_log"]

    def save(self) -> None:
        """Keep every page of this (successful) build for the next one, then save the store."""
        if not self.active:
            return
        for page in self.pages:
            key = self.keys.get(id(page))
            record = self.reused.get(id(page)) or self._record(page)
            if key is not None and record is not None:
                self.store.put(key, record)
        self.store.save()

    def _record(self, page) -> dict | None:  # noqa: ANN001 - a MkDocs page
        """Return what the store keeps of a fresh page, or None when it cannot be kept (nothing written, odd metadata)."""
        fresh = self.fresh.get(id(page), {})
        if fresh.get("html") is None or "lookups" not in fresh:
            return None
        if any(type(v) is dict for index in fresh["search"] for entry in index for v in entry.values()):
            return None  # a nested mapping would come back from JSON with its keys sorted
        try:
            size, mtime = self.store.html_stat(fresh["html"])
        except OSError:
            return None
        record = {
            "html": fresh["html"], "size": size, "mtime": mtime,
            "search": [[list(map(list, entry.items())) for entry in index] for index in fresh["search"]],
            "title": page._title_from_render, "meta": page.meta, "anchors": sorted(page.present_anchor_ids or ()),
            "links": [[f.src_uri, list(map(list, links.items()))] for f, links in (page.links_to_anchors or {}).items()],
            "lookups": fresh["lookups"], "read_log": fresh["read_log"], "build_log": fresh["build_log"]}
        try:  # metadata that does not come back from JSON as it went in (a date, say) is not kept
            if json.loads(json.dumps(page.meta)) != page.meta:
                return None
        except (TypeError, ValueError):
            return None
        return record
