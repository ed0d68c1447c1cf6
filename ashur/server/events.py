"""The one place that runs after every committed change of a game: :func:`after_change`.

It fans the change out to the websockets (in-process at once; other processes hear of it by PostgreSQL
``NOTIFY``, or on SQLite by polling the versions of the games they hold sockets for: see
:mod:`ashur.server.ws`), wakes the bot runner when a bot seat must decide, then calls the registered
listeners (notifications, clocks: see docs/server.md). A listener's failure is logged, never raised.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from sqlalchemy import text

if TYPE_CHECKING:
    from ashur.server.context import ServerContext

log = logging.getLogger("ashur.server")

Listener = Callable[["ServerContext", str, int, list[str]], None]
"""``listener(ctx, game_id, version, waiting_roles)``; runs in the thread that committed the change."""

_listeners: list[Listener] = []
CHANNEL = "ashur_games"


def add_listener(listener: Listener) -> None:
    """Call `listener` after every committed change of any game (from now on)."""
    if listener not in _listeners:
        _listeners.append(listener)


def has_listener(listener: Listener) -> bool:
    return listener in _listeners


def remove_listener(listener: Listener) -> None:
    if listener in _listeners:
        _listeners.remove(listener)


def after_change(ctx: ServerContext, game_id: str, version: int, waiting_roles: list[str]) -> None:
    """Run after the transaction that changed `game_id` to `version` committed (also chat messages and
    seats joining, with the version unchanged)."""
    poke(ctx, game_id)
    if ctx.bots is not None and waiting_roles:
        ctx.bots.wake(game_id)
    for listener in list(_listeners):
        try:
            listener(ctx, game_id, version, list(waiting_roles))
        except Exception:
            log.exception("listener %r failed after a change of game %s", listener, game_id)


def poke(ctx: ServerContext, game_id: str) -> None:
    """Tell every websocket of `game_id`, in every worker process, to refresh (on SQLite the other
    processes find the change by polling, :meth:`ashur.server.ws.Hub.poll_once`)."""
    if ctx.sqlite:
        if ctx.hub is not None:
            ctx.hub.poke_threadsafe(game_id)
        return
    try:
        with ctx.engine.connect() as conn:
            conn.execute(text("SELECT pg_notify(:channel, :payload)"), {"channel": CHANNEL, "payload": game_id})
            conn.commit()
    except Exception:
        log.exception("NOTIFY failed for game %s", game_id)
        if ctx.hub is not None:
            ctx.hub.poke_threadsafe(game_id)
