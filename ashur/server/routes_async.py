"""Routes of the pace clocks (issue 15): a game's clocks, a claim on an expired clock, handing an expired
seat to a bot, and (``--dev`` only) moving the server's clock for tests."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Query, Request
from pydantic import BaseModel, Field, StrictFloat, StrictInt, StrictStr

from ashur.core.contract import DEFAULT_BOT_KIND
from ashur.server import clocks, db, events, lobby, waiting
from ashur.server.auth import current_seat
from ashur.server.context import ServerContext
from ashur.server.errors import ApiError
from ashur.server.models import now as wall_now
from ashur.server.schemas import Strict, VersionOut
from ashur.server.store import get_row


class HandToBotIn(Strict):
    role: StrictStr = Field(min_length=1, max_length=64, description="the seat whose clock ran out")
    bot: StrictStr = Field(default=DEFAULT_BOT_KIND, min_length=1, max_length=64, description="the bot kind")


class HandedOut(BaseModel):
    version: int
    role: str
    bot: str


class ClocksOut(BaseModel):
    pace: str | None
    now: str
    clocks: dict[str, dict[str, Any] | None]
    expiry: dict[str, Any]


class DevClockIn(Strict):
    advance: StrictInt | StrictFloat = Field(ge=-10 * 366 * 86400, le=10 * 366 * 86400,
                                             description="seconds to move the server's clock forward")


class DevClockOut(BaseModel):
    offset: float
    now: str


def claim(ctx: ServerContext, game_id: str, by: str) -> dict[str, Any]:
    """Seat `by` claims the game on an expired clock: the game ends with the clocks' claim result."""
    with db.write(ctx.engine) as s:
        row = get_row(s, game_id, lock=True)
        if row.status != "active":
            raise ApiError(409, "the game is not being played", version=row.version)
        roles, humans = waiting.seat_clocks(s, game_id)
        try:
            result = clocks.claim(roles, {r: x.clock for r, x in humans.items()}, waiting.server_now(ctx, s), by)
        except clocks.ClockError as exc:
            raise ApiError(409, str(exc)) from None
        row.status = "finished"
        row.result = dict(result)
        row.waiting = []
        row.undo_role = None
        row.version += 1
        row.updated_at = wall_now()
        version = row.version
    events.after_change(ctx, game_id, version, [])
    return {"version": version}


def hand_to_bot(ctx: ServerContext, game_id: str, by: str, role: str, kind: str) -> dict[str, Any]:
    """Seat `by` hands the expired seat `role` to a bot of `kind`: the seat's token is revoked, its clock
    dropped, and the bots resume."""
    lobby.check_bot(ctx, kind)
    with db.write(ctx.engine) as s:
        row = get_row(s, game_id, lock=True)
        if row.status != "active":
            raise ApiError(409, "the game is not being played", version=row.version)
        roles, humans = waiting.seat_clocks(s, game_id)
        if role not in roles:
            raise ApiError(422, f"no role {role!r:.40} in this game")
        kinds = {r: x.kind for r, x in humans.items()}
        try:
            clocks.hand_to_bot(kinds, {r: x.clock for r, x in humans.items()}, waiting.server_now(ctx, s), by,
                               role, f"bot:{kind}")
        except clocks.ClockError as exc:
            raise ApiError(409, str(exc)) from None
        seat = humans[role]
        seat.kind, seat.bot, seat.clock, seat.token_hash, seat.user_id = "bot", kind, None, None, None
        row.seat_rev += 1
        row.clock_rev += 1
        row.updated_at = wall_now()
        version, waiting_roles = row.version, list(row.waiting)
    events.after_change(ctx, game_id, version, waiting_roles)
    return {"version": version, "role": role, "bot": kind}


def register(app: FastAPI, ctx: ServerContext) -> None:
    """Add the clock routes to `app`."""

    def seat_role(request: Request, game_id: str, role: str | None) -> str:
        with db.read(ctx.engine) as s:
            return current_seat(ctx, s, request, game_id, role).role

    @app.get("/api/games/{game_id}/clocks", response_model=ClocksOut, tags=["clocks"])
    def game_clocks(game_id: str) -> dict[str, Any]:
        """The human seats' clocks (seconds left, running, expired; null without a pace) and what the other
        seats may do about an expired one. Public."""
        return waiting.clocks_view(ctx, game_id)

    @app.post("/api/games/{game_id}/claim", response_model=VersionOut, tags=["clocks"])
    def claim_route(game_id: str, request: Request, role: str | None = Query(None, max_length=64)) -> dict[str, Any]:
        """Claim the game when another seat's clock ran out: the expired seats lose, the others win
        (result reason ``server.timeout``). 409 when no clock ran out or the caller's own did."""
        return claim(ctx, game_id, seat_role(request, game_id, role))

    @app.post("/api/games/{game_id}/hand-to-bot", response_model=HandedOut, tags=["clocks"])
    def hand_route(game_id: str, body: HandToBotIn, request: Request,
                   role: str | None = Query(None, max_length=64)) -> dict[str, Any]:
        """Hand a seat whose clock ran out to a bot: its token is revoked and the bot plays on."""
        return hand_to_bot(ctx, game_id, seat_role(request, game_id, role), body.role, body.bot)

    @app.post("/api/dev/clock", response_model=DevClockOut, tags=["dev"])
    def dev_clock(body: DevClockIn) -> dict[str, Any]:
        """``--dev`` only (404 otherwise): move the server's clock forward by `advance` seconds."""
        if not ctx.settings.dev:
            raise ApiError(404, "Not Found")
        offset = waiting.advance(ctx, float(body.advance))
        return {"offset": offset, "now": waiting.server_now(ctx).isoformat()}
