"""Blocks of ready HTML in generated Markdown, kept out of the Markdown conversion and put back after it.

A page of authors or of the authors index is mostly raw HTML (hrefs already resolved) that Python-Markdown only
passes through, at ~0.6 µs a byte: 27 MB of it at 10,000 papers. Templates mark such a block with RAW_START and
RAW_END on lines of their own; the MkDocs adapter cuts each marked block out before converting a generated page
(a short placeholder stands in) and pastes it back into the HTML after. Without the adapter, Markdown converts
the same file to the same HTML, only slower: the markers are HTML comments it passes through like the rest.
Data text never makes a marker: every field reaches a template escaped (`<` as `&lt;`).

A paper's abstract of plain text and papersite's own links is written so too (paragraph): it is the HTML
Python-Markdown and MkDocs make of it, links resolved to directory URLs as they resolve them; an abstract with any
other markup (emphasis, math, code, HTML, entities) is left to Markdown.
"""

from __future__ import annotations

import html
import posixpath
import re
from typing import Callable

#: The lines that open and close a block of ready HTML in a generated Markdown page.
RAW_START = "<!-- papersite:raw -->"
RAW_END = "<!-- /papersite:raw -->"

#: What Python-Markdown (with the site's extensions) reads as markup in a paragraph's text: emphasis, code, escapes,
#: HTML and entities, math, links, attribute lists, tables and headings (line breaks and tabs: not printable).
_MARKUP = re.compile(r"[*_`\\<>&$\[\]{}|#!]")
#: A paragraph opening that makes a list, a quote, code or a rule of it.
_BLOCK_OPENING = re.compile(r"\s|\d+[.)](?:\s|$)|[-+=]")
#: A link papersite writes into an abstract (to a tag's page or a paper's: crosslink.link_abstract), or a web address
#: in angle brackets, which Python-Markdown makes a link to itself (no character it would escape).
_LINK = re.compile(r"\[([^\[\]\n]+)\]\(((?:\.\./tags/)?[a-z0-9][a-z0-9-]*\.md)\)|<(https?://[A-Za-z0-9._~:/?#@+,;=%-]+)>")
_BLOCK = re.compile(rf"^{re.escape(RAW_START)}\n(.*?)\n{re.escape(RAW_END)}$", re.M | re.S)
_PLACEHOLDER = re.compile(r"<!-- papersite:raw (\d+) -->")
_ID = re.compile(r"""\sid=(?:"([^"]*)"|'([^']*)')""")


def paragraph(markdown: str, page: str, href: Callable[[str, str], str]) -> str | None:
    """Return the HTML Python-Markdown makes of `markdown` on the site_src/ page `page` when it is one paragraph of
    plain text, papersite's own links (`href(target, page)` resolving each, as MkDocs does) and web addresses in angle
    brackets, else None."""
    if not markdown or not markdown.isprintable() or markdown != markdown.strip() or _BLOCK_OPENING.match(markdown):
        return None
    out, at = ["<p>"], 0
    for link in _LINK.finditer(markdown):
        text, page_text, target, address = markdown[at:link.start()], *link.groups()
        if _MARKUP.search(text) or (page_text is not None and _MARKUP.search(page_text)):
            return None
        if address is not None:
            out += [text, f'<a href="{address}">{address}</a>']
        else:
            resolved = posixpath.normpath(posixpath.join(posixpath.dirname(page), target))
            out += [text, f'<a href="{href(resolved, page)}">{page_text}</a>']
        at = link.end()
    if _MARKUP.search(markdown[at:]):
        return None
    return "".join(out + [markdown[at:], "</p>"])


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
