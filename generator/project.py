"""The project: where a papersite folder keeps its data, templates, MkDocs configuration and output.

Also what the site is called and where it is published: mkdocs.yml's site_name, unless it is left at papersite's
default (then the collections name the site), and site_url (mkdocs.yml's, or `papersite build --site-url`).
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import yaml

from generator.model import PapersiteError, quoted

#: What a project holds besides its data and generated pages: copied by copy_project.
PROJECT_PARTS = ("mkdocs.yml", "templates", "overrides", "hooks")

#: mkdocs.yml's site_name as papersite ships it: "name the site after its data". MkDocs requires a name, so the
#: default is a value, and a site of several differently named collections is called this too.
DEFAULT_SITE_NAME = "Papers"


@dataclass
class Project:
    """Where a papersite project keeps its data, templates, MkDocs config and output."""

    root: Path
    data_dir: Path
    templates_dir: Path
    config_file: Path
    docs_dir: Path
    site_dir: Path
    site_name: str  # as mkdocs.yml says; site_title() is the name the site gets
    site_url: str | None = None  # where the site is published (https://user.github.io/repo/), when known

    @classmethod
    def at(cls, root: Path, data_dir: Path | None = None, config_file: Path | None = None) -> "Project":
        """Return the project rooted at `root`, reading docs_dir, site_dir, site_name and site_url from mkdocs.yml."""
        root = root.resolve()
        config_file = (config_file or root / "mkdocs.yml").resolve()
        if not config_file.is_file():
            raise PapersiteError(f"{config_file}: no MkDocs configuration here (run papersite from the project folder)")
        config = _read_mkdocs_yml(config_file)
        if config.get("use_directory_urls") is False:
            # The pages papersite writes link to directory URLs ("../../authors/x/") in their ready HTML (write/raw_html.py).
            lines = [n for n, text in enumerate(config_file.read_text(encoding="utf-8").splitlines(), 1)
                     if text.startswith("use_directory_urls")]
            line = lines[-1] if lines else 1  # YAML takes a key's last value
            raise PapersiteError(f"{config_file.name}:{line}: use_directory_urls: papersite's pages link to directory "
                                 "URLs (tags/x/); remove this setting or set it to true")
        base = config_file.parent
        return cls(
            root=root,
            data_dir=(data_dir or root / "data").resolve(),
            templates_dir=root / "templates",
            config_file=config_file,
            docs_dir=(base / str(config.get("docs_dir", "docs"))).resolve(),
            site_dir=(base / str(config.get("site_dir", "site"))).resolve(),
            site_name=str(config.get("site_name") or DEFAULT_SITE_NAME),
            site_url=site_url_of(config.get("site_url")),
        )

    def site_title(self, collections: list[str]) -> str:
        """Return the site's name: the one mkdocs.yml sets, else the collections' one name, else the default."""
        if self.site_name != DEFAULT_SITE_NAME:
            return self.site_name
        names = set(collections)
        return names.pop() if len(names) == 1 else DEFAULT_SITE_NAME

    def relative(self, path: Path) -> str:
        """Return `path` relative to the project root, for messages."""
        try:
            return quoted(path.resolve().relative_to(self.root).as_posix())
        except ValueError:
            return quoted(str(path))


def site_url_of(value: object) -> str | None:
    """Return a site URL ending in "/" (MkDocs and the feed join page paths to it), or None when it is unset."""
    text = str(value).strip() if value is not None else ""
    if not text:
        return None
    if not text.startswith(("http://", "https://")):
        raise PapersiteError(f"site_url {text!r}: expected an absolute http(s) URL such as https://user.github.io/repo/")
    return text if text.endswith("/") else text + "/"


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


def copy_project(source: Path, dest: Path, data_dir: Path | None = None) -> Path:
    """Copy a project's configuration, templates and hand-written pages into `dest`, with `data_dir` (or its data) as data/."""
    from generator.write.files import is_generated

    dest.mkdir(parents=True, exist_ok=True)
    for part in PROJECT_PARTS:
        if (source / part).is_dir():
            shutil.copytree(source / part, dest / part)
        elif (source / part).is_file():
            shutil.copy(source / part, dest / part)
    docs = source / "site_src"
    for path in sorted(docs.rglob("*")):
        rel = path.relative_to(docs).as_posix()
        if path.is_file() and not is_generated(rel):
            (dest / "site_src" / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(path, dest / "site_src" / rel)
    shutil.copytree(data_dir or source / "data", dest / "data")
    return dest
