"""Routing: which jobs (and tables) a document of a mixed feed belongs to (issue 16)."""
