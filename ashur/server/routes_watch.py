"""Spectators (issue 15): anyone, without a token, may watch an active or finished game unless its creator
turned it off (``spectators: false`` at creation, ``games.spectators``).

A spectator sees exactly the engine's public view, ``view(state, "observer")`` (no hand, fog as the rules
give it to nobody), never legal actions and never the chat (which belongs to the seats):

- ``GET /api/games/{id}/watch``: ``{version, role: "observer", status, active, view, result, pace, clocks}``;
- ``GET /api/games/{id}/watch/log?since=k``: the log entries the observer may read (the engine's
  ``visible_log(state, "observer")``: public entries only), for the watch page;
- the websocket ``GET /api/games/{id}/ws?watch=1`` pushes the same after every change (the seats' fan-out,
  :mod:`ashur.server.ws`); its admission is :func:`admit`.

404 for an unknown game, 403 with a reason when the game does not allow spectators, 409 before it starts.
"""

from __future__ import annotations

from typing import Any

import orjson
from fastapi import FastAPI, Query, Response

from ashur.server import db
from ashur.server.context import ServerContext
from ashur.server.errors import ApiError
from ashur.server.models import GameRow
from ashur.server.play import OBSERVER, visible_log, watch_view
from ashur.server.schemas import LogOut, WatchOut
from ashur.server.store import get_row


def check_watchable(row: GameRow) -> None:
    """403 when `row`'s game does not allow spectators, 409 while its seats are still open."""
    if not row.spectators:
        raise ApiError(403, "this game does not allow spectators (its creator turned them off)")
    if row.status == "open":
        raise ApiError(409, "the game has not started: seats are still open", version=row.version)


def admit(ctx: ServerContext, game_id: str) -> None:
    """Whether a spectator may watch `game_id` (ApiError 404, 403 or 409 when not)."""
    with db.read(ctx.engine) as s:
        check_watchable(get_row(s, game_id, light=True))


def watch(ctx: ServerContext, game_id: str) -> dict[str, Any]:
    """The spectator's view of `game_id` now."""
    with db.read(ctx.engine) as s:
        row = get_row(s, game_id)
        check_watchable(row)
        return watch_view(s, row, ctx)


def register(app: FastAPI, ctx: ServerContext) -> None:
    """Add the spectators' route to `app` (their websocket is the seats' route with ``?watch=1``)."""

    @app.get("/api/games/{game_id}/watch", response_model=WatchOut, tags=["play"])
    def watch_route(game_id: str) -> Response:
        """The public view of a game, exactly the engine's ``view(state, "observer")``, with the status, the
        result and the clocks; no token needed. 403 when the game does not allow spectators."""
        return Response(orjson.dumps(watch(ctx, game_id)), media_type="application/json")

    @app.get("/api/games/{game_id}/watch/log", response_model=LogOut, tags=["play"])
    def watch_log(game_id: str, since: int = Query(0, ge=0, le=10**9)) -> dict[str, Any]:
        """The log entries anyone may read (the engine's ``visible_log`` of the observer), from index
        `since`; no token needed. 403 when the game does not allow spectators."""
        admit(ctx, game_id)
        return visible_log(ctx, game_id, OBSERVER, since)
