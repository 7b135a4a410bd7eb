"""Clean: raw records → papers with normalised text, a stable id and a permalink slug."""
