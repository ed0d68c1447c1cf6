"""The heuristic player of Assyria: rankings of legal actions from a view, and its weights."""
