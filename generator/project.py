"""The project: where a papersite folder keeps its data, templates, MkDocs configuration and output."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import yaml

from generator.model import PapersiteError, quoted

#: What a project holds besides its data and generated pages: copied by copy_project.
PROJECT_PARTS = ("mkdocs.yml", "templates", "overrides", "hooks")


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
            return quoted(path.resolve().relative_to(self.root).as_posix())
        except ValueError:
            return quoted(str(path))


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
