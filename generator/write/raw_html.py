"""Blocks of ready HTML in generated Markdown, kept out of the Markdown conversion and put back after it.

A page of authors or of the authors index is mostly raw HTML (hrefs already resolved) that Python-Markdown only
passes through, at ~0.6 µs a byte: 27 MB of it at 10,000 papers. A paper's facts, tags, related papers, details and
BibTeX, and a tag's or topic's list of papers, are such blocks too (docs/scaling.md, stop 56). Templates mark such a
block with RAW_START and RAW_END on lines of their own; the MkDocs adapter cuts each marked block out before
converting a generated page (a short placeholder stands in) and pastes it back into the HTML after. Without the
adapter, Markdown converts the same file to the same HTML, only slower: the markers are HTML comments it passes
through like the rest.
Data text never makes a marker: every field reaches a template escaped (`<` as `&lt;`).
"""

from __future__ import annotations

import html
import re

#: The lines that open and close a block of ready HTML in a generated Markdown page.
RAW_START = "<!-- papersite:raw -->"
RAW_END = "<!-- /papersite:raw -->"

_BLOCK = re.compile(rf"^{re.escape(RAW_START)}\n(.*?)\n{re.escape(RAW_END)}$", re.M | re.S)
_PLACEHOLDER = re.compile(r"<!-- papersite:raw (\d+) -->")
_ID = re.compile(r"""\sid=(?:"([^"]*)"|'([^']*)')""")


def cut(markdown: str) -> tuple[str, list[str]]:
    """Return the Markdown with each marked block replaced by a numbered placeholder, and the blocks (markers included)."""
    blocks: list[str] = []

    def placeholder(match: re.Match[str]) -> str:
        blocks.append(match.group(0))
        return f"<!-- papersite:raw {len(blocks) - 1} -->"

    return _BLOCK.sub(placeholder, markdown), blocks


def paste(content: str, blocks: list[str]) -> str | None:
    """Return the converted HTML with every placeholder replaced by its block, or None unless each is there once."""
    found = [int(m.group(1)) for m in _PLACEHOLDER.finditer(content)]
    if sorted(found) != list(range(len(blocks))):
        return None  # Markdown did not pass a placeholder through as a block of its own: convert the page whole
    return _PLACEHOLDER.sub(lambda m: blocks[int(m.group(1))], content)


def anchor_ids(blocks: list[str]) -> set[str]:
    """Return the ids the blocks' elements carry (links to them are checked as links to the page's headings are)."""
    return {html.unescape(m.group(1) if m.group(1) is not None else m.group(2)) for b in blocks for m in _ID.finditer(b)}
