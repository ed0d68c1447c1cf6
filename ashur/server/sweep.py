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
- After the grace (``ASHUR_CLAIM_GRACE_HOURS``, default 72; ``games.clock_grace_at`` holds the earliest
  end of a running clock's grace, kept like ``clock_expires_at``) with no claim, no hand-over and no late
  move, the sweep acts itself, in the same locked transaction: the expired seat goes to a bot of the
  default kind (``bot:heuristic``; its token revoked, as ``hand-to-bot``) and the other human seats are
  told, or, when no other human seat is left, the game ends as abandoned (the result account deletion
  gives). A handed seat is no human seat any more and an ended game no active one: it happens once.
- Absences (:mod:`ashur.server.away`) whose end has passed are ended by the sweep too, at their end: the
  paused clocks start again from then. An away player's seat gets none of the sweep's notices.
- Games whose clocks ran before ``clock_grace_at`` existed (migration 0004) get it when a process starts
  (:func:`backfill_grace`, once, idempotent), so the sweep sees their grace without waiting for a change.
- With ``--dev`` the server's clock is the moved one (``POST /api/dev/clock``); tests run clocks out so.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import or_, select
from starlette.concurrency import run_in_threadpool

from ashur.server import away, clocks, db, events, notify, waiting
from ashur.server.accounts_more import ABANDONED
from ashur.server.models import GameRow, SeatRow, User
from ashur.server.models import now as wall_now

if TYPE_CHECKING:
    from ashur.server.context import ServerContext

log = logging.getLogger("ashur.server")
BATCH = 200
"""Games handled per look at most (the next look takes the rest)."""


def due(ctx: ServerContext, now: datetime, limit: int = BATCH) -> list[str]:
    """The active games with an unhandled clock expiry, or an expiry's grace run out, at or before `now`,
    earliest first."""
    with db.read(ctx.engine) as s:
        found = s.execute(select(GameRow.id, GameRow.clock_expires_at, GameRow.clock_grace_at).where(
            GameRow.status == "active",
            or_(GameRow.clock_expires_at <= now, GameRow.clock_grace_at <= now))
            .limit(limit)).all()
    firsts = {gid: min(clocks.as_utc(t) for t in (a, b) if t is not None) for gid, a, b in found}
    return sorted(firsts, key=lambda gid: firsts[gid])


@dataclass
class _Handled:
    """What one look at a game did: the seats whose expiry was told, the seats handed to a bot after the
    grace, whether the game ended as abandoned, and the notices to send after the commit."""

    expired: list[str] = field(default_factory=list)
    handed: list[str] = field(default_factory=list)
    abandoned: bool = False
    jobs: list[tuple[notify.Notice, notify.Recipient]] = field(default_factory=list)
    version: int = 0
    waiting: list[str] = field(default_factory=list)


def _notices(game: GameRow, humans: dict[str, SeatRow], users: dict[int, User], skip: list[str], now: datetime,
             **what: tuple[str, ...]) -> list[tuple[notify.Notice, notify.Recipient]]:
    """A notice (expired or handed, by `what`) to every reachable human seat not in `skip` whose player is
    not away (:mod:`ashur.server.away`)."""
    link = notify.game_link(waiting.base_url(), game.id)
    jobs = []
    for role, seat in humans.items():
        if role in skip or seat.user_id is None or waiting.away_until(users.get(seat.user_id), now) is not None:
            continue
        who = waiting.recipient(users.get(seat.user_id))
        if who is not None:
            jobs.append((notify.Notice.for_game(game.game, game.scenario, game.id, role, link, who.lang, **what),
                         who))
    return jobs


def _after_grace(game: GameRow, humans: dict[str, SeatRow], users: dict[int, User], late: list[str],
                 out: _Handled, now: datetime) -> None:
    """The seats in `late` ran out more than the grace ago and nobody acted: each goes to
    :data:`~ashur.server.clocks.DEFAULT_BOT` (token revoked, clock dropped, as a hand-over by a seat) while
    another human seat remains; else the game ends as abandoned (as when its last human deleted the
    account). Changes `humans` (the handed seats leave it)."""
    if all(role in late for role in humans):
        game.status = "finished"
        game.result = {"over": True, "scores": {}, "winners": [], "reason": ABANDONED}
        game.waiting = []
        game.undo_role = None
        game.version += 1
        out.abandoned = True
    kind = clocks.DEFAULT_BOT.removeprefix("bot:")
    for role in late:
        seat = humans.pop(role)
        seat.kind, seat.bot, seat.clock, seat.token_hash, seat.user_id = "bot", kind, None, None, None
    game.seat_rev += 1
    game.clock_rev += 1
    game.updated_at = wall_now()
    out.handed = [] if out.abandoned else list(late)
    if not out.abandoned:
        out.jobs += _notices(game, humans, users, [], now, handed=tuple(late))


def handle(ctx: ServerContext, game_id: str) -> list[str]:
    """Handle the passed expiry, or the passed grace, of `game_id` if no process did yet: the roles acted
    on (empty: nothing to do). Once per expiry: the notice to the other seats; after the grace, the
    hand-over to a bot or the abandoned end (:func:`_after_grace`)."""
    out = _Handled()
    with db.write(ctx.engine) as s:
        now = waiting.server_now(ctx, s)
        game, humans, users = waiting._load(s, game_id, lock=True)
        pending, grace_at = game.clock_expires_at, game.clock_grace_at
        if game.status != "active" or not any(t is not None and clocks.as_utc(t) <= now
                                              for t in (pending, grace_at)):
            return []  # handled by another process, or the clocks changed since the query
        late = clocks.past_grace({r: x.clock for r, x in humans.items()}, now, waiting.grace_seconds(ctx))
        if late:
            _after_grace(game, humans, users, late, out, now)
        by_role = {r: x.clock for r, x in humans.items()}
        gone = clocks.expired_seats(by_role, now) if pending is not None and clocks.as_utc(pending) <= now else []
        times = [t for r in gone if (t := clocks.expires_at(by_role[r])) is not None]
        if gone and times:
            game.clock_expiry_done = max(times)
            game.clock_rev += 1
        game.clock_expires_at = waiting.pending_expiry(game, by_role)
        game.clock_grace_at = waiting.pending_grace(ctx, game, by_role)
        out.expired = gone
        if gone:
            out.jobs += _notices(game, humans, users, gone, now, expired=tuple(gone))
        out.version, out.waiting = game.version, list(game.waiting or [])
    if late:
        events.after_change(ctx, game_id, out.version, out.waiting)  # the bots take over, the clocks follow
    elif gone:
        events.poke(ctx, game_id)
    waiting.send(out.jobs)
    if late:
        log.info("game %s: the grace after the clock of %s ran out: %s", game_id, ", ".join(late),
                 "abandoned" if out.abandoned else "handed to a bot")
    if gone:
        log.info("game %s: the clock of %s ran out (%d notices)", game_id, ", ".join(gone), len(out.jobs))
    return [*late, *gone]


def backfill_grace(ctx: ServerContext, limit: int = 10_000) -> list[str]:
    """Fill ``games.clock_grace_at`` of the active paced games that lack it (games whose clocks ran before
    migration 0004 added the column; until their next change the sweep would not see their grace): the
    ids of the games filled. Each game in its own locked write transaction, computed as every change
    computes it (:func:`ashur.server.waiting.pending_grace`), so several processes starting together
    write the same value."""
    with db.read(ctx.engine) as s:
        lacking = s.execute(select(GameRow.id).where(
            GameRow.status == "active", GameRow.pace.is_not(None), GameRow.clock_grace_at.is_(None))
            .limit(limit)).scalars().all()
        # most of them have no running clock of a human seat (nothing to fill): only the others are written
        fillable = [gid for gid in lacking if _grace_of(ctx, s, gid, lock=False)[1] is not None]
    filled = []
    for game_id in fillable:
        with db.write(ctx.engine) as s:
            game, grace = _grace_of(ctx, s, game_id, lock=True)
            if game.status == "active" and game.clock_grace_at is None and grace is not None:
                game.clock_grace_at = grace
                filled.append(game_id)
    if filled:
        log.info("the grace of %d games with running clocks was filled in (games from before migration 0004)",
                 len(filled))
    return filled


def _grace_of(ctx: ServerContext, s: Any, game_id: str, *, lock: bool) -> tuple[GameRow, datetime | None]:
    """The game's row and what its ``clock_grace_at`` should hold now (:func:`waiting.pending_grace`)."""
    game, humans, _users = waiting._load(s, game_id, lock=lock)
    return game, waiting.pending_grace(ctx, game, {r: x.clock for r, x in humans.items()})


def sweep_once(ctx: ServerContext) -> list[str]:
    """One look: end the absences whose end has passed (:func:`ashur.server.away.end_due`: their clocks
    start again), then handle every game whose clock ran out; the ids of the games handled here."""
    try:
        away.end_due(ctx)
    except Exception:
        log.exception("ending the absences that ran out failed")
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
        try:
            await run_in_threadpool(backfill_grace, self.ctx)
        except Exception:
            log.exception("filling in the grace of older games failed")
        while True:
            await asyncio.sleep(self.period)
            try:
                await run_in_threadpool(sweep_once, self.ctx)
            except Exception:
                log.exception("the clock sweep failed")
