"""What one server process holds: its settings, database engine, websocket hub and bot runner."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine

from ashur.server.settings import Settings

if TYPE_CHECKING:
    from ashur.server.bots import BotRunner
    from ashur.server.ws import Hub


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
