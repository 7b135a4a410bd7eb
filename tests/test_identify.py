"""Ids and permalinks are stable, readable and safe."""

from __future__ import annotations

import re

from generator.clean.identify import paper_id, paper_slug
from generator.text import slugify


def test_derived_id_depends_only_on_the_abstract_text() -> None:
    a = paper_id(None, "We study  graphs.\nThey are nice.")
    assert a == paper_id(None, "We study graphs. They are nice.")  # whitespace aside
    assert a != paper_id(None, "We study trees. They are nice.")
    assert re.fullmatch(r"[0-9a-f]{12}", a)


def test_given_id_is_kept() -> None:
    assert paper_id("zyBJodMrn5", "anything") == "zyBJodMrn5"


def test_slug_is_readable_and_fingerprinted() -> None:
    slug = paper_slug("CREIMBO: Cross-Regional Ensemble Interactions in Multi-view Brain Observations", "abc")
    assert slug.startswith("creimbo-cross-regional-ensemble-interactions-in-multi-view")
    assert re.fullmatch(r"[a-z0-9-]+-[0-9a-f]{6}", slug)


def test_case_different_ids_get_different_slugs() -> None:
    assert paper_slug("Same title", "AbC") != paper_slug("Same title", "abc")


def test_hostile_titles_give_safe_slugs() -> None:
    for title in ["../../etc/passwd", "a/b\\c", "\x00\x1f nul", "", "日本語のタイトル", "é" * 500, "<script>alert(1)</script>"]:
        slug = paper_slug(title, "../id/\x00")
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", slug), slug
        assert ".." not in slug and "/" not in slug and len(slug) <= 80


def test_slugify_folds_accents() -> None:
    assert slugify("Équivariant Café Networks", max_words=None, max_chars=80) == "equivariant-cafe-networks"
