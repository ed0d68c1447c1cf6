"""Absences (issue 15, "vacation"): a user declares that they are away until a moment, and their seats'
pace clocks do not run meanwhile.

The rules (docs/server.md, "Absences"):

- An absence starts when it is declared (``PUT /api/me/away {until}``) and ends at `until`, at most
  ``ASHUR_AWAY_MAX_DAYS`` (21) days after its start; while it lasts, `until` may be moved, within that
  limit. ``DELETE /api/me/away`` ends it at once.
- A new absence may start :data:`GAP_DAYS` (7) days after the last one ended at the earliest, so that
  absences cannot freeze games for ever.
- While a user is away, in every game with a pace their seats' clocks are paused: a running clock stops
  with the time used so far charged and no increment (:func:`ashur.server.clocks.pause`) and does not
  start while the absence lasts, so nothing expires; a clock that had already run out stays as it was.
  No "your move" notice, and no notice of the sweep, goes to them (any game). Anyone sees ``away_until``
  in that seat's clock (the public facts, the views' and the spectators' ``clocks``). Games without a pace
  have no clocks: only the notices stop.
- When the absence ends (on return, or at `until` by the sweep, :func:`end_due`) the clocks of the seats
  that must move start again, from the moment it ended, with the bank they had.

Times are the server's (``--dev`` moves it: :func:`ashur.server.waiting.server_now`).
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from ashur.server import clocks, db, events, waiting
from ashur.server.errors import ApiError
from ashur.server.models import GameRow, SeatRow, User

if TYPE_CHECKING:
    from ashur.server.context import ServerContext

log = logging.getLogger("ashur.server")

GAP_DAYS = 7
"""Days after the end of an absence before the next one may start."""


def problem(now: datetime, until: datetime, *, since: datetime | None, ended: datetime | None,
            max_days: int) -> tuple[int, str] | None:
    """Why an absence until `until` may not be declared at `now` (status and reason), or None. `since` is
    the start of the current absence (None: not away), `ended` the end of the last one."""
    now, until = clocks.as_utc(now), clocks.as_utc(until)
    if until <= now:
        return 422, "an absence ends in the future ('until' has passed)"
    start = clocks.as_utc(since) if since is not None else now
    limit = start + timedelta(days=max_days)
    if until > limit:
        return 422, (f"an absence lasts at most {max_days} days: it may end at {limit.isoformat()} at the "
                     "latest")
    if since is None and ended is not None and now < (free := clocks.as_utc(ended) + timedelta(days=GAP_DAYS)):
        return 409, (f"a new absence may start {GAP_DAYS} days after the last one ended, from "
                     f"{free.isoformat()} on")
    return None


def _stamp(moment: datetime | None) -> str | None:
    return clocks.as_utc(moment).isoformat() if moment is not None else None


def status(ctx: ServerContext, user: User, now: datetime) -> dict[str, Any]:
    """``{away, since, until, ended, next_start, max_days}`` of `user` at `now`: whether away, the current
    absence, the end of the last one and the earliest start of a new one (None: now)."""
    until = waiting.away_until(user, now)
    free = (clocks.as_utc(user.away_ended) + timedelta(days=GAP_DAYS)) if user.away_ended is not None else None
    return {"away": until is not None, "since": _stamp(user.away_since) if until else None,
            "until": _stamp(until), "ended": _stamp(user.away_ended),
            "next_start": _stamp(free) if until is None and free is not None and free > now else None,
            "max_days": ctx.settings.away_max_days}


def _games(s: Session, user_id: int) -> list[str]:
    """The active games where `user_id` holds a human seat; their clock revision is moved when paced (the
    sockets then show the seat's ``away_until``)."""
    rows = s.execute(select(GameRow).join(SeatRow, SeatRow.game_id == GameRow.id)
                     .where(SeatRow.user_id == user_id, SeatRow.kind == "human", GameRow.status == "active")
                     .order_by(GameRow.id)).scalars().unique().all()
    for game in rows:
        if game.pace is not None:
            game.clock_rev += 1
    return [g.id for g in rows]


def _close(s: Session, user: User, at: datetime) -> list[str]:
    """End `user`'s absence at `at` (in the open write transaction); the games to refresh after it."""
    user.away_since, user.away_until, user.away_ended = None, None, at
    return _games(s, user.id)


def _refresh(ctx: ServerContext, game_ids: list[str], at: datetime | None) -> None:
    """After the commit: the clocks and notices of each game as of `at`, and its sockets poked."""
    for game_id in game_ids:
        try:
            waiting.refresh(ctx, game_id, at)
        except Exception:
            log.exception("refreshing the clocks of game %s after an absence failed", game_id)
        events.poke(ctx, game_id)


def declare(ctx: ServerContext, user_id: int, until: datetime) -> dict[str, Any]:
    """``PUT /api/me/away``: start an absence until `until`, or move the end of the current one (4xx with
    the reason when the rules refuse it); the clocks of the user's running seats pause."""
    try:
        until = clocks.as_utc(until)
    except OverflowError:
        raise ApiError(422, "'until' is out of range") from None
    before: list[str] = []
    with db.write(ctx.engine) as s:
        user = _user(s, user_id)
        now = waiting.server_now(ctx, s)
        ended_at = clocks.as_utc(user.away_until) if user.away_until is not None else None
        if user.away_since is not None and ended_at is not None and ended_at <= now:
            before = _close(s, user, ended_at)  # ran out, the sweep has not closed it yet
        since = user.away_since if waiting.away_until(user, now) is not None else None
        found = problem(now, until, since=since, ended=user.away_ended, max_days=ctx.settings.away_max_days)
        if found is not None:
            raise ApiError(*found)
        user.away_since, user.away_until = since if since is not None else now, clocks.as_utc(until)
        games = _games(s, user.id)
    if before and ended_at is not None:
        _refresh(ctx, before, ended_at)
    _refresh(ctx, games, None)
    log.info("user %s is away until %s (%d active games)", user_id, clocks.as_utc(until).isoformat(), len(games))
    return _status_of(ctx, user_id)


def come_back(ctx: ServerContext, user_id: int) -> dict[str, Any]:
    """``DELETE /api/me/away``: end the absence now (409 when not away); the paused clocks start again."""
    with db.write(ctx.engine) as s:
        user = _user(s, user_id)
        now = waiting.server_now(ctx, s)
        if waiting.away_until(user, now) is None:
            raise ApiError(409, "you are not away")
        games = _close(s, user, now)
    _refresh(ctx, games, now)
    return _status_of(ctx, user_id)


def end_due(ctx: ServerContext, now: datetime | None = None) -> list[int]:
    """The sweep's part: end every absence whose `until` has passed, at its `until` (the clocks start from
    then); the users whose absence ended here (once: the row is looked at again under the write lock)."""
    with db.read(ctx.engine) as s:
        now = now if now is not None else waiting.server_now(ctx, s)
        ids = list(s.execute(select(User.id).where(User.away_since.is_not(None), User.away_until <= now)
                             .order_by(User.id).limit(200)).scalars())
    done = []
    for user_id in ids:
        with db.write(ctx.engine) as s:
            user = s.get(User, user_id, with_for_update=True)
            if user is None or user.away_since is None or user.away_until is None \
                    or clocks.as_utc(user.away_until) > now:
                continue  # returned early, or another process ended it
            at = clocks.as_utc(user.away_until)
            games = _close(s, user, at)
        _refresh(ctx, games, at)
        done.append(user_id)
    return done


def _user(s: Session, user_id: int, *, lock: bool = True) -> User:
    user = s.get(User, user_id, with_for_update=lock)
    if user is None or user.deleted_at is not None:
        raise ApiError(401, "unknown user")
    return user


def _status_of(ctx: ServerContext, user_id: int) -> dict[str, Any]:
    with db.read(ctx.engine) as s:
        return status(ctx, _user(s, user_id, lock=False), waiting.server_now(ctx, s))
