"""Runtime: caching, worker processes and progress output; knows nothing of the stages."""
