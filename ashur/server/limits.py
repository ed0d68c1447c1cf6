"""The request body limit: a body larger than the limit gets 413 before the application reads it."""

from __future__ import annotations

from typing import Any

import orjson


class _TooLarge(Exception):
    pass


class BodyLimit:
    """ASGI middleware refusing bodies over `limit` bytes (by Content-Length, or while streaming); the
    paths in `larger` have their own limit (the import of a save file)."""

    def __init__(self, app: Any, limit: int, larger: dict[str, int] | None = None) -> None:
        self.app = app
        self.limit = limit
        self.larger = dict(larger or {})

    async def _refuse(self, send: Any, limit: int) -> None:
        body = orjson.dumps({"error": f"the request body is larger than {limit} bytes"})
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.larger.get(scope.get("path", ""), self.limit)
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    too_big = int(value) > limit
                except ValueError:
                    too_big = True
                if too_big:
                    await self._refuse(send, limit)
                    return
        seen = 0
        started = False
        too_large = False

        async def limited_receive() -> Any:
            nonlocal seen, too_large
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    too_large = True
                    raise _TooLarge
            return message

        async def tracking_send(message: Any) -> None:
            # the framework may turn the interrupted read into its own error response: send 413 instead
            nonlocal started
            if too_large:
                if message["type"] == "http.response.start" and not started:
                    started = True
                    await self._refuse(send, limit)
                return
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, limited_receive, tracking_send)
        except _TooLarge:
            if not started:
                await self._refuse(send, limit)
