"""Infer: what the data lacks — titles, tags, topics, related papers, cross-links, map positions."""
