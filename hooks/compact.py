"""MkDocs hook (named in mkdocs.yml): compact every HTML page as MkDocs renders it (see generator/write/compact.py)."""

from __future__ import annotations

from generator.write.compact import compact_html


def on_post_page(output: str, page, config) -> str:  # noqa: ANN001 - MkDocs' event signature
    """Return the rendered page without blank lines and indentation outside <pre>."""
    return compact_html(output)


on_post_page.page_local = True  # it reads and changes only the page it is given: papersite may run it in workers


def on_post_template(output_content: str, template_name: str, config) -> str:  # noqa: ANN001
    """Compact the theme's own HTML pages (404.html) the same way; leave sitemap.xml and others alone."""
    return compact_html(output_content) if template_name.endswith(".html") else output_content
