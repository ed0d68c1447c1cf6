"""API errors: every refusal is JSON ``{"error": reason, ...}`` with a 4xx status, never a 500."""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    """A refusal with its HTTP status, a one-line reason and optional extra fields (``rule``, ...)."""

    def __init__(self, status: int, error: str, **extra: Any) -> None:
        super().__init__(error)
        self.status = status
        self.error = error
        self.extra = extra

    def body(self) -> dict[str, Any]:
        return {"error": self.error, **self.extra}
