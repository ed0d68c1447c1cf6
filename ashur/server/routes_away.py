"""Routes of absences (issue 15, :mod:`ashur.server.away`): ``GET``, ``PUT`` and ``DELETE /api/me/away``."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from fastapi import FastAPI, Request
from pydantic import BaseModel, Field

from ashur.server import away, db, waiting
from ashur.server.auth import current_user
from ashur.server.context import ServerContext
from ashur.server.schemas import Strict


class AwayIn(Strict):
    until: datetime = Field(description="the end of the absence (ISO 8601; without a zone: UTC), at most "
                                        "ASHUR_AWAY_MAX_DAYS days after its start")


class AwayOut(BaseModel):
    away: bool = Field(description="the user is away now")
    since: str | None = Field(description="the start of the current absence")
    until: str | None = Field(description="the end of the current absence")
    ended: str | None = Field(description="when the last absence ended")
    next_start: str | None = Field(description="the earliest start of a new absence (null: now)")
    max_days: int = Field(description="how many days an absence may last at most")


def register(app: FastAPI, ctx: ServerContext) -> None:
    """Add the absence routes to `app`."""

    def caller_id(request: Request) -> int:
        with db.read(ctx.engine) as s:
            caller = current_user(ctx, s, request)
            assert caller is not None
            return caller.user.id

    @app.get("/api/me/away", response_model=AwayOut, tags=["accounts"])
    def get_away(request: Request) -> dict[str, Any]:
        """Whether I am away, until when, and when a new absence may start."""
        with db.read(ctx.engine) as s:
            caller = current_user(ctx, s, request)
            assert caller is not None
            return away.status(ctx, caller.user, waiting.server_now(ctx, s))

    @app.put("/api/me/away", response_model=AwayOut, tags=["accounts"])
    def put_away(body: AwayIn, request: Request) -> dict[str, Any]:
        """Declare an absence until `until` (or move the end of the current one): my seats' pace clocks
        pause, nothing expires, no notice goes out to me. 422 when `until` has passed or lies more than
        ASHUR_AWAY_MAX_DAYS days after the start; 409 within 7 days after the last absence ended."""
        return away.declare(ctx, caller_id(request), body.until)

    @app.delete("/api/me/away", response_model=AwayOut, tags=["accounts"])
    def delete_away(request: Request) -> dict[str, Any]:
        """Come back early: the absence ends now and my clocks run again. 409 when I am not away."""
        return away.come_back(ctx, caller_id(request))
