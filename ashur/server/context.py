"""What one server process holds: its settings, database engine, websocket hub and bot runner."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from sqlalchemy import Engine

from ashur.server.settings import Settings

if TYPE_CHECKING:
    from starlette.websockets import WebSocket


class Hub(Protocol):
    """The websocket hub (:class:`ashur.server.ws.Hub`), as the modules below it see it: the context is
    imported by everything, so it names no server module above it."""

    def start(self) -> None: ...
    def stop(self) -> None: ...
    def poke_threadsafe(self, game_id: str) -> None: ...
    async def serve(self, ws: WebSocket, game_id: str, role: str) -> None: ...


class BotRunner(Protocol):
    """The bot runner (:class:`ashur.server.bots.BotRunner`), seen the same way."""

    def start(self) -> None: ...
    def stop(self) -> None: ...
    def wake(self, game_id: str) -> None: ...


@dataclass
class ServerContext:
    settings: Settings
    engine: Engine
    secret: bytes = b""
    hub: Hub | None = None
    bots: BotRunner | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def sqlite(self) -> bool:
        return str(self.engine.url).startswith("sqlite")
