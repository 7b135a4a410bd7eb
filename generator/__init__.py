"""papersite: turn a collection of research abstracts into a searchable static site."""

__version__ = "0.1.0"
