"""The sweep of expired pace clocks (issue 15): a background task in every server process that, once per
expiry, tells the other human seats of a game whose clock ran out that they may claim the game or hand
the seat to a bot (e-mail and webhook, :mod:`ashur.server.notify`), and pushes the change (the clocks now
say ``expired``) to the game's websockets.

How it stays cheap and safe with several workers and hosts on one database:

- ``games.clock_expires_at`` holds the earliest expiry of a running clock of the game that was not handled
  yet (:func:`ashur.server.clocks.next_expiry` after ``games.clock_expiry_done``), in server time. The
  ``after_change`` listener (:mod:`ashur.server.waiting`) keeps it whenever it writes the clocks. Every
  :attr:`~ashur.server.settings.Settings.sweep_seconds` each process asks the database for the active games
  whose ``clock_expires_at`` has passed (an indexed range query; nothing else while no clock runs out).
- Each such game is handled in one write transaction that locks the game row (``SELECT ... FOR UPDATE`` on
  PostgreSQL, ``BEGIN IMMEDIATE`` on SQLite) and looks again: if another process handled it meanwhile,
  ``clock_expires_at`` has moved on and nothing happens. Handling sets the marker ``clock_expiry_done`` to
  the latest expiry handled, moves ``clock_expires_at`` to the next one (or NULL) and ``clock_rev`` on,
  all in that transaction; the notices are queued after it commits. So every expiry is handled once, by
  one process; a crash between the commit and the sending loses a notice, never doubles it (as the "your
  move" notices). A seat that moves late and runs out again later is a new expiry.
- With ``--dev`` the server's clock is the moved one (``POST /api/dev/clock``); tests run clocks out so.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime
from typing import TYPE_CHECKING

from sqlalchemy import select
from starlette.concurrency import run_in_threadpool

from ashur.server import clocks, db, events, notify, waiting
from ashur.server.models import GameRow

if TYPE_CHECKING:
    from ashur.server.context import ServerContext

log = logging.getLogger("ashur.server")
BATCH = 200
"""Games handled per look at most (the next look takes the rest)."""


def due(ctx: ServerContext, now: datetime, limit: int = BATCH) -> list[str]:
    """The active games with an unhandled clock expiry at or before `now`, earliest first."""
    with db.read(ctx.engine) as s:
        return list(s.execute(select(GameRow.id).where(GameRow.status == "active",
                                                       GameRow.clock_expires_at.is_not(None),
                                                       GameRow.clock_expires_at <= now)
                              .order_by(GameRow.clock_expires_at).limit(limit)).scalars())


def handle(ctx: ServerContext, game_id: str) -> list[str]:
    """Handle the passed expiry of `game_id` if no process did yet: the expired roles (empty: nothing to do)."""
    jobs: list[tuple[notify.Notice, notify.Recipient]] = []
    with db.write(ctx.engine) as s:
        now = waiting.server_now(ctx, s)
        game, humans, users = waiting._load(s, game_id, lock=True)
        pending = game.clock_expires_at
        if game.status != "active" or pending is None or clocks.as_utc(pending) > now:
            return []  # handled by another process, or the clocks changed since the query
        by_role = {r: x.clock for r, x in humans.items()}
        gone = clocks.expired_seats(by_role, now)
        times = [t for r in gone if (t := clocks.expires_at(by_role[r])) is not None]
        if gone and times:
            game.clock_expiry_done = max(times)
            game.clock_rev += 1
        game.clock_expires_at = waiting.pending_expiry(game, by_role)
        if not gone:
            return []
        link = notify.game_link(waiting.base_url(), game.id)
        for role, seat in humans.items():
            if role in gone or seat.user_id is None:
                continue
            who = waiting.recipient(users.get(seat.user_id))
            if who is not None:
                jobs.append((notify.Notice.for_game(game.game, game.scenario, game.id, role, link, who.lang,
                                                    expired=tuple(gone)), who))
    events.poke(ctx, game_id)
    waiting.send(jobs)
    log.info("game %s: the clock of %s ran out (%d notices)", game_id, ", ".join(gone), len(jobs))
    return gone


def sweep_once(ctx: ServerContext) -> list[str]:
    """One look: handle every game whose clock ran out; the ids of the games handled here."""
    done = []
    for game_id in due(ctx, waiting.server_now(ctx)):
        try:
            if handle(ctx, game_id):
                done.append(game_id)
        except Exception:
            log.exception("the clock sweep failed on game %s", game_id)
    return done


class Sweeper:
    """The sweep's task on this process's event loop (started and stopped by the application's lifespan)."""

    def __init__(self, ctx: ServerContext) -> None:
        self.ctx = ctx
        self.period = max(0.05, float(ctx.settings.sweep_seconds))
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._loop())

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    async def _loop(self) -> None:
        while True:
            await asyncio.sleep(self.period)
            try:
                await run_in_threadpool(sweep_once, self.ctx)
            except Exception:
                log.exception("the clock sweep failed")
