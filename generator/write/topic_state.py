"""Topic memory: the discovered topics of the last build, kept in data/.topics.json for the next one.

Input: the state file (a JSON list of {"phrases": [...], "papers": [...]}). Output: the TopicMemory the topics
stage starts from (infer/topics.py: k-means from the remembered topics' centres, a name kept while it fits) and,
after a successful build, the file rewritten from the new topics. Without it, one new abstract renamed about one
topic in ten and rewrote a tenth of the paper pages (bench/scale.py's "+1 abstract" row).

Like data/.first-seen.json it is a dotfile (never read as abstracts), untrusted input (anything but its shape is
a one-line error), and committed by CI after a build: the same data and state file always give the same site.
"""

from __future__ import annotations

import json
from pathlib import Path

from generator.model import PapersiteError, TopicMemory
from generator.runtime.files import read_state, write_state

STATE_FILE = ".topics.json"


def load(path: Path, shown: str) -> tuple[TopicMemory, ...]:
    """Return the remembered topics, or () when there is no file yet; `shown` names it in errors."""
    found, data = read_state(path, lambda line, what: _error(shown, line, what))
    if not found:
        return ()
    if not isinstance(data, list):
        raise _error(shown, 1, "expected a list of topics")
    found = []
    for line, topic in enumerate(data, start=2):  # as written by state_json: one topic a line, after "["
        if not (isinstance(topic, dict) and set(topic) == {"phrases", "papers"}
                and all(isinstance(v, list) and all(isinstance(x, str) for x in v) for v in topic.values())):
            raise _error(shown, line, 'expected {"phrases": [text, ...], "papers": [paper id, ...]}')
        found.append(TopicMemory(tuple(topic["phrases"]), tuple(topic["papers"])))
    return tuple(found)


def state_json(memory: tuple[TopicMemory, ...]) -> str:
    """Return the state file's text: one topic a line, so CI's diffs stay readable."""
    lines = [json.dumps({"phrases": list(m.phrases), "papers": list(m.papers)}, ensure_ascii=False) for m in memory]
    return "[\n" + ",\n".join(lines) + "\n]\n"


def save(path: Path, memory: tuple[TopicMemory, ...], shown: str) -> bool:
    """Write the state file if it changed; return whether it did."""
    return write_state(path, state_json(memory), lambda what: PapersiteError(f"{shown}:1: topics: {what}"),
                       "cannot save the topics for the next build")


def _error(shown: str, line: int, what: str) -> PapersiteError:
    """Return the error for a state file that cannot be used, saying how to start afresh."""
    return PapersiteError(f"{shown}:{line}: topics: {what}; delete the file to discover the topics afresh")
