"""Read YAML (.yaml, .yml) safely: a list of paper mappings (or papers: [...]), with the line of every field.

The document is composed into nodes first and checked before any value is built, so alias bombs and
recursive aliases are refused; compose_yaml is shared with the vocabulary reader.
"""

from __future__ import annotations

import re

import yaml

from generator.model import Problem, Record
from generator.read.formats.common import Source, short_error, type_name

#: A YAML file may use anchors/aliases for shared values, but not enough to build an "alias bomb".
MAX_YAML_ALIASES = 100
#: Aliases may not make the expanded document much larger than what is written.
MAX_YAML_EXPANSION = 10


class _Loader(yaml.SafeLoader):
    """Safe YAML loader that keeps dates as the text written (a year or date is metadata, not a datetime)."""


# The pure-Python loader on purpose: libyaml's composer crashes the interpreter on deeply nested input.
_Loader.add_constructor("tag:yaml.org,2002:timestamp", lambda loader, node: loader.construct_scalar(node))


def _yaml_problem(error: yaml.YAMLError, path: str, line: int, field: str = "yaml") -> Problem:
    """Turn a PyYAML error into a one-line Problem at its mark."""
    mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
    if mark is not None:
        line = mark.line + 1
    problem = getattr(error, "problem", None) or str(error).split("\n")[0]
    tag = re.search(r"constructor for the tag '([^']*)'", problem)
    if tag:
        name = tag.group(1).replace("tag:yaml.org,2002:", "!!")
        return Problem(path, line, field, f"unsupported tag {name}; only plain YAML values are read")
    if isinstance(error, yaml.reader.ReaderError):
        return Problem(path, line, field, f"invalid YAML: character 0x{error.character:x} is not allowed")
    return Problem(path, line, field, f"invalid YAML: {problem}")


def compose_yaml(text: str, path: str, field: str = "yaml") -> tuple[_Loader | None, list[yaml.Node], Problem | None]:
    """Parse YAML into one node tree per document, constructing no values; or the Problem that stopped it."""
    try:
        loader = _Loader(text)
    except yaml.YAMLError as error:  # the reader rejects control characters up front
        line = text.count("\n", 0, getattr(error, "position", 0)) + 1
        return None, [], _yaml_problem(error, path, line, field)
    documents = []
    try:
        while loader.check_node():
            documents.append(loader.get_node())
    except yaml.YAMLError as error:
        return None, [], _yaml_problem(error, path, 1, field)
    except RecursionError:  # PyYAML's composer recurses once per level of nesting
        return None, [], Problem(path, loader.get_mark().line + 1, field, "invalid YAML: nested too deeply")
    finally:
        loader.dispose()
    return loader, documents, None


def _alias_problem(root: yaml.Node, written: int) -> str | None:
    """Return why the aliases of `root` are unsafe to expand, or None when they are fine."""
    # Count the nodes the document expands to, visiting shared (aliased) nodes once each but
    # weighting them by how often they are used; iterative so deep documents cannot overflow.
    size: dict[int, int] = {}
    on_path: set[int] = set()
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    aliases = 0
    while stack:
        node, done = stack.pop()
        key = id(node)
        children = _children(node)
        if done:
            on_path.discard(key)
            size[key] = 1 + sum(size[id(child)] for child in children)
            if size[key] > MAX_YAML_EXPANSION * written + 1000:
                return (f"aliases would expand the document to at least {size[key]:,} values "
                        f"({written:,} written); refusing to expand it")
            continue
        if key in size:
            continue
        if key in on_path:
            return "an alias refers to the collection that contains it; recursive documents are not read"
        on_path.add(key)
        stack.append((node, True))
        for child in children:
            if id(child) in size or id(child) in on_path:
                aliases += 1
                if id(child) in on_path:
                    return "an alias refers to the collection that contains it; recursive documents are not read"
            else:
                stack.append((child, False))
    if aliases > MAX_YAML_ALIASES:
        return f"more than {MAX_YAML_ALIASES} aliases (*name); refusing to expand them"
    return None


def _children(node: yaml.Node) -> list[yaml.Node]:
    """Return the child nodes of a YAML node."""
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    return []


def _count_nodes(root: yaml.Node) -> int:
    """Count the distinct nodes written in a YAML document."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) not in seen:
            seen.add(id(node))
            stack.extend(_children(node))
    return len(seen)


def read_yaml(text: str, source: Source) -> tuple[list[Record], list[Problem]]:
    """Read YAML safely: a list of mappings (or papers: [...]), with the line of every field."""
    loader, documents, problem = compose_yaml(text, source.path)
    if problem is not None or loader is None:
        return [], [problem] if problem else []
    records, problems = [], []
    for document in documents:
        line = document.start_mark.line + 1
        unsafe = _alias_problem(document, _count_nodes(document))
        if unsafe:
            problems.append(Problem(source.path, line, "yaml", unsafe))
            continue
        items = _yaml_items(document)
        if items is None:
            problems.append(Problem(source.path, line, "yaml",
                                    "expected a list of papers (- abstract: ...) or papers: [...]"))
            continue
        for item in items:
            record, problem = _yaml_record(loader, item, source)
            if record:
                records.append(record)
            if problem:
                problems.append(problem)
    return records, problems


def _yaml_items(document: yaml.Node) -> list[yaml.Node] | None:
    """Return the nodes of the papers listed in a document, or None if it holds no such list."""
    if isinstance(document, yaml.SequenceNode):
        return document.value
    if isinstance(document, yaml.ScalarNode) and document.tag.endswith(":null"):
        return []  # an empty document
    if isinstance(document, yaml.MappingNode):
        for key, value in document.value:
            if isinstance(key, yaml.ScalarNode) and key.value == "papers" and isinstance(value, yaml.SequenceNode):
                return value.value
    return None


def _yaml_record(loader: _Loader, item: yaml.Node, source: Source) -> tuple[Record | None, Problem | None]:
    """Construct one paper mapping into a Record with per-field lines."""
    line = item.start_mark.line + 1
    if not isinstance(item, yaml.MappingNode):
        kind = "a list" if isinstance(item, yaml.SequenceNode) else "a single value"
        return None, Problem(source.path, line, "yaml", f"expected a mapping (key: value) for each paper, got {kind}")
    try:
        value = loader.construct_object(item, deep=True)
    except yaml.YAMLError as error:
        return None, _yaml_problem(error, source.path, line)
    except (RecursionError, ValueError, TypeError, OverflowError) as error:
        return None, Problem(source.path, line, "yaml", f"invalid YAML value: {short_error(error)}")
    if not isinstance(value, dict):  # e.g. !!set or !!omap
        return None, Problem(source.path, line, "yaml",
                             f"expected a mapping (key: value) for each paper, got {type_name(value)}")
    field_lines = {}
    for key_node, _ in item.value:  # after construction, so merge keys (<<) are already expanded
        if isinstance(key_node, yaml.ScalarNode):
            field_lines[key_node.value] = key_node.start_mark.line + 1  # later keys win, as in the value
    fields = {str(key): val for key, val in value.items()}
    return Record(fields, source.path, line, source.collection, field_lines), None
