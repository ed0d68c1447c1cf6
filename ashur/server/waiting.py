"""Waiting seats (issue 15): after every change, the pace clocks of the human seats run or stop
(:mod:`ashur.server.clocks`) and a seat that must move without an open websocket is told so by e-mail and
webhook, at most once per waiting period (:func:`ashur.server.notify.plan`).

- :func:`on_change` is the ``events.after_change`` listener (:func:`install` registers it at start-up). It
  reads the game row (the roles that must decide *now*, not the ones passed in: a chat message passes
  none, and two listeners of one game may run out of order) and writes only when a clock or a
  ``notified_at`` changes: most actions (a role going on deciding) cost one read. An action does this in
  its own write transaction instead (:func:`foresee`, :func:`settle`, :func:`settled`) and the listener
  skips it: one write transaction per action.
- Sending happens off the request path, in one worker thread per process (so notices go out in the order
  they were decided); a crash may lose a notice, never send one twice (``notified_at`` is stored first).
- Connected: this process holds a socket of the seat (:data:`CONNECTIONS`, no query), or another worker
  or host does (a fresh row of the ``presence`` table, :func:`ashur.server.presence.connected`, read inside
  the deciding transaction and only for the seats that would be told otherwise).
- Away (:mod:`ashur.server.away`): a seat whose user is away is told nothing; in a paced game its clock is
  paused (:func:`ashur.server.clocks.pause`) and does not start while the absence lasts. When the absence
  ends :func:`refresh` runs for the user's games at the moment it ended, and the clocks start again.
- :func:`server_now`: the server's clock. With ``--dev`` it is moved by ``POST /api/dev/clock`` (an offset
  kept in the ``kv`` table, so every worker reads the same time); tests move time so, never by sleeping.

Settings (environment): ``ASHUR_SMTP_*`` (see :class:`ashur.server.notify.SmtpSettings`; no host: no
e-mail), ``ASHUR_BASE_URL`` (the public address the notices link to, default ``http://localhost:8000``),
``ASHUR_WEBHOOK_PRIVATE`` (true: webhooks to loopback and private addresses are allowed; tests and closed
installations only).
"""

from __future__ import annotations

import logging
import os
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime, timedelta
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from ashur.server import clocks, db, events, notify, presence
from ashur.server.models import KV, GameRow, SeatRow, User
from ashur.server.store import get_row

if TYPE_CHECKING:
    from ashur.server.context import ServerContext

log = logging.getLogger("ashur.server")

DEV_OFFSET_KEY = "dev_clock_offset"


# --- open websockets -----------------------------------------------------------------------------------

CONNECTIONS = presence.CONNECTIONS
"""The open websockets of this process, by seat (:class:`ashur.server.presence.Connections`)."""


# --- the server's clock --------------------------------------------------------------------------------

def dev_offset(s: Session) -> float:
    row = s.get(KV, DEV_OFFSET_KEY)
    try:
        return float(row.value) if row is not None else 0.0
    except ValueError:
        return 0.0


def server_now(ctx: ServerContext, s: Session | None = None) -> datetime:
    """Now (aware, UTC); with ``--dev`` moved by the offset that ``POST /api/dev/clock`` set."""
    now = clocks.utcnow()
    if not ctx.settings.dev:
        return now
    if s is not None:
        return now + timedelta(seconds=dev_offset(s))
    with db.read(ctx.engine) as s2:
        return now + timedelta(seconds=dev_offset(s2))


def advance(ctx: ServerContext, seconds: float) -> float:
    """Move the ``--dev`` clock forward by `seconds`; the new offset."""
    with db.write(ctx.engine) as s:
        row = s.get(KV, DEV_OFFSET_KEY)
        offset = (dev_offset(s) if row is not None else 0.0) + seconds
        if row is None:
            s.add(KV(key=DEV_OFFSET_KEY, value=repr(offset)))
        else:
            row.value = repr(offset)
        return offset


# --- settings and the sender ---------------------------------------------------------------------------

@dataclass
class Sending:
    smtp: notify.SmtpSettings | None
    base_url: str
    allow_private: bool
    pool: ThreadPoolExecutor


_sending: Sending | None = None


def _env_flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() in ("1", "true", "yes", "on")


def install(ctx: ServerContext) -> None:
    """Register the listener and start the sender (at application start-up)."""
    global _sending
    if _sending is None:
        try:
            smtp = notify.SmtpSettings.from_env()
        except notify.NotifyError as exc:
            log.error("e-mail notifications are off: %s", exc)
            smtp = None
        _sending = Sending(smtp, os.environ.get("ASHUR_BASE_URL", "").strip() or "http://localhost:8000",
                           _env_flag("ASHUR_WEBHOOK_PRIVATE"),
                           ThreadPoolExecutor(max_workers=1, thread_name_prefix="ashur-notify"))
    events.add_listener(on_change)


def uninstall() -> None:
    global _sending
    events.remove_listener(on_change)
    if _sending is not None:
        _sending.pool.shutdown(wait=False, cancel_futures=True)
        _sending = None


# --- the listener --------------------------------------------------------------------------------------

@dataclass
class _Decision:
    clocks: dict[str, clocks.Clock]
    due: list[str]
    changed: bool
    expires: datetime | None
    grace: datetime | None


def _same_time(a: datetime | None, b: datetime | None) -> bool:
    if a is None or b is None:
        return a is b
    return clocks.as_utc(a) == clocks.as_utc(b)


def pending_expiry(game: GameRow, by_role: dict[str, clocks.Clock | None]) -> datetime | None:
    """The earliest expiry of a running clock of `game` that the sweep has not handled yet (None when the
    game is not being played): what ``games.clock_expires_at`` holds."""
    if game.status != "active":
        return None
    return clocks.next_expiry(by_role, after=game.clock_expiry_done)


def grace_seconds(ctx: ServerContext) -> float:
    """``ASHUR_CLAIM_GRACE_HOURS`` in seconds (0: the sweep never acts on an expiry by itself)."""
    return float(ctx.settings.claim_grace_hours) * clocks.HOUR


def pending_grace(ctx: ServerContext, game: GameRow, by_role: dict[str, clocks.Clock | None]) -> datetime | None:
    """The earliest moment the grace after a running clock's expiry runs out (None when the game is not
    being played): what ``games.clock_grace_at`` holds, for the sweep."""
    if game.status != "active":
        return None
    return clocks.grace_ends(by_role, grace_seconds(ctx))


def _reachable(user: User | None, sending: Sending | None) -> bool:
    if user is None or sending is None:
        return False
    return bool(user.webhook_url) or (bool(user.email) and sending.smtp is not None)


def away_until(user: User | None, now: datetime) -> datetime | None:
    """Until when `user` is away at `now` (None when not away then)."""
    return None if user is None else away_between(user.away_since, user.away_until, now)


def away_between(since: datetime | None, until: datetime | None, now: datetime) -> datetime | None:
    """`until` when an absence from `since` to `until` lasts at `now`, else None."""
    if since is None or until is None:
        return None
    end = clocks.as_utc(until)
    return end if clocks.as_utc(since) <= clocks.as_utc(now) < end else None


def _decide(ctx: ServerContext, s: Session, game: GameRow, humans: dict[str, SeatRow],
            users: dict[int, User], now: datetime) -> _Decision:
    waiting = [r for r in (game.waiting or []) if r in humans] if game.status == "active" else []
    away = {role for role, r in humans.items() if away_until(users.get(r.user_id or -1), now) is not None}
    paused = away if game.pace is not None else set()  # without a pace no clock runs out: nothing to pause
    seats = {role: notify.SeatState(r.clock, r.notified_at, CONNECTIONS.connected(game.id, role))
             for role, r in humans.items() if role not in paused}
    planned, due = notify.plan(seats, waiting, now, game.pace)
    new = {role: clocks.pause(r.clock, now, game.pace) if role in paused else planned[role]
           for role, r in humans.items()}
    due = [r for r in due if r not in away and _reachable(users.get(humans[r].user_id or -1), _sending)]
    if due:  # connected to another worker or host? (asked only here: most changes tell nobody)
        elsewhere = presence.connected(s, game.id, due, ctx.settings.presence_seconds)
        due = [r for r in due if r not in elsewhere]
    expires = pending_expiry(game, dict(new))
    grace = pending_grace(ctx, game, dict(new))
    changed = (bool(due) or any(new[role] != r.clock for role, r in humans.items())
               or not _same_time(expires, game.clock_expires_at) or not _same_time(grace, game.clock_grace_at))
    return _Decision(new, due, changed, expires, grace)


def _load(s: Session, game_id: str, *, lock: bool) -> tuple[GameRow, dict[str, SeatRow], dict[int, User]]:
    game = get_row(s, game_id, lock=lock, light=True)  # not the snapshot: a clock never reads it
    return (game, *_seats(s, game_id))


def _seats(s: Session, game_id: str) -> tuple[dict[str, SeatRow], dict[int, User]]:
    """The game's human seats by role and their users by id."""
    humans = {r.role: r for r in s.execute(select(SeatRow).where(SeatRow.game_id == game_id)
                                           .order_by(SeatRow.id)).scalars() if r.kind == "human"}
    ids = {r.user_id for r in humans.values() if r.user_id is not None}
    users = {u.id: u for u in s.execute(select(User).where(User.id.in_(ids))).scalars()} if ids else {}
    return humans, users


def on_change(ctx: ServerContext, game_id: str, version: int, waiting_roles: list[str]) -> None:
    """The ``after_change`` listener: :func:`refresh` of the game now, unless the change's own transaction
    did it already (:func:`settle`)."""
    done = getattr(_settled, "change", None)
    _settled.change = None
    if done == (game_id, version):
        return
    refresh(ctx, game_id)


_settled = threading.local()
"""``change``: the (game id, version) whose clocks and notices this thread's last change settled in its
own transaction (:func:`settle`); the listener that runs next in the same thread then has nothing to do."""

Jobs = list[tuple[notify.Notice, notify.Recipient]]


Seats = tuple[dict[str, SeatRow], dict[int, User]]


def seats_for(s: Session, game_id: str) -> Seats | None:
    """The game's human seats and their users, read before a change's write transaction for
    :func:`foresee` (None when the listener is not installed: nothing to settle)."""
    return _seats(s, game_id) if events.has_listener(on_change) else None


def foresee(ctx: ServerContext, game: GameRow, seats: Seats | None, waiting: list[str], finished: bool) -> bool:
    """Before the write transaction of a change of `game` (read as it was, `seats` from
    :func:`seats_for`): whether the clocks or notices would change once the game waits on `waiting` (or
    is `finished`). Most actions leave them as they are (the same role goes on deciding); those need no
    reading under the writer lock at all. As the listener did after the commit, a seat changed meanwhile
    by another transaction is that transaction's business."""
    if seats is None:
        return False
    humans, users = seats
    after = SimpleNamespace(id=game.id, waiting=list(waiting), status="finished" if finished else game.status,
                            pace=game.pace, clock_expires_at=game.clock_expires_at,
                            clock_grace_at=game.clock_grace_at, clock_expiry_done=game.clock_expiry_done)
    with db.read(ctx.engine) as s:  # connects only if asked (presence, the --dev clock)
        return _decide(ctx, s, after, humans, users, server_now(ctx, s)).changed  # type: ignore[arg-type]


def settle(ctx: ServerContext, s: Session, game: GameRow, foreseen: bool = True) -> Jobs | None:
    """Inside the write transaction of a change of `game` (its row locked, its new waiting roles set): write
    the clocks and ``notified_at`` as :func:`refresh` would after it, and return the notices to send once
    it has committed (:func:`settled`). The change then costs one write transaction, not two (issue 15's
    tail: the listener's own transaction queued for the writer lock behind other changes). Not
    `foreseen` (:func:`foresee`): nothing to do. None when the listener is not installed."""
    if not events.has_listener(on_change):
        return None
    if not foreseen:
        return []
    humans, users = _seats(s, game.id)
    now = server_now(ctx, s)
    decision = _decide(ctx, s, game, humans, users, now)
    if not decision.changed:
        return []
    jobs, _moved = _apply(game, humans, users, decision, now)
    return jobs  # a moved clock needs no poke of its own: after_change pokes after this commit


def settled(game_id: str, version: int, jobs: Jobs | None) -> None:
    """After the commit of a change that ran :func:`settle`: send its notices; the listener skips it."""
    if jobs is None:
        return
    _settled.change = (game_id, version)
    send(jobs)


def refresh(ctx: ServerContext, game_id: str, at: datetime | None = None) -> None:
    """Clocks of the human seats (and the game's pending expiry, for the sweep), and "your move" notices to
    send, as of `at` (default: the server's time now; an absence that ended passes its end). When a clock
    of a paced game started or stopped the game's sockets are poked (``games.clock_rev`` moved) so that
    they show the clocks as stored."""
    with db.read(ctx.engine) as s:
        now = at if at is not None else server_now(ctx, s)
        game, humans, users = _load(s, game_id, lock=False)
        if not _decide(ctx, s, game, humans, users, now).changed:
            return
    with db.write(ctx.engine) as s:
        game, humans, users = _load(s, game_id, lock=True)
        decision = _decide(ctx, s, game, humans, users, now)
        jobs, moved = _apply(game, humans, users, decision, now)
    if moved:
        events.poke(ctx, game_id)
    send(jobs)


def _apply(game: GameRow, humans: dict[str, SeatRow], users: dict[int, User], decision: _Decision,
           now: datetime) -> tuple[Jobs, bool]:
    """Write `decision` into the rows; the notices to send after the commit, and whether a shown clock
    moved (``clock_rev``)."""
    jobs: Jobs = []
    moved = False
    for role, seat in humans.items():
        if decision.clocks[role] != seat.clock:
            seat.clock = decision.clocks[role]
            moved = game.pace is not None  # without a pace no clock is shown: nothing to push
    if not _same_time(decision.expires, game.clock_expires_at):
        game.clock_expires_at = decision.expires
    if not _same_time(decision.grace, game.clock_grace_at):
        game.clock_grace_at = decision.grace
    if moved:
        game.clock_rev += 1
    for role in decision.due:
        humans[role].notified_at = now  # before sending: a crash loses a notice, never doubles it
        user = users[humans[role].user_id]  # type: ignore[index]
        assert _sending is not None
        link = notify.game_link(_sending.base_url, game.id)
        jobs.append((notify.Notice.for_game(game.game, game.scenario, game.id, role, link, user.lang or "en"),
                     notify.Recipient(user.email, user.webhook_url, user.lang or "en")))
    return jobs, moved


def send(jobs: list[tuple[notify.Notice, notify.Recipient]]) -> None:
    """Hand notices to this process's sender thread (in order; nothing when sending is not installed)."""
    sending = _sending
    if sending is not None:
        for notice, who in jobs:
            sending.pool.submit(notify.notify, notice, who, sending.smtp, allow_private=sending.allow_private)


def recipient(user: User | None) -> notify.Recipient | None:
    """Where `user` is reached, or None when by no channel this process can send on."""
    if user is None or not _reachable(user, _sending):
        return None
    return notify.Recipient(user.email, user.webhook_url, user.lang or "en")


def base_url() -> str:
    return _sending.base_url if _sending is not None else "http://localhost:8000"


def clocks_of(ctx: ServerContext, s: Session, game: GameRow) -> dict[str, dict[str, Any] | None]:
    """Each human seat's clock as :func:`ashur.server.clocks.describe` gives it (seconds left, running,
    expired) at the server's time; empty for a game without a pace (one query; none without a pace)."""
    if game.pace is None:
        return {}
    now = server_now(ctx, s)
    rows = s.execute(select(SeatRow.role, SeatRow.clock, User.away_since, User.away_until)
                     .outerjoin(User, User.id == SeatRow.user_id)
                     .where(SeatRow.game_id == game.id, SeatRow.kind == "human").order_by(SeatRow.id)).all()
    return {role: describe(clock, away_between(since, until, now), now) for role, clock, since, until in rows}


def describe(clock: clocks.Clock | None, until: datetime | None, now: datetime) -> dict[str, Any] | None:
    """:func:`ashur.server.clocks.describe` of a seat's clock with ``away_until`` (ISO 8601: `until`, the end
    of its player's absence, or None when not away): what anyone sees of a seat's clock."""
    shown = clocks.describe(clock, now)
    if shown is None:
        return None
    return {**shown, "away_until": until.isoformat() if until is not None else None}


def seat_clocks(s: Session, game_id: str) -> tuple[list[str], dict[str, SeatRow]]:
    """The game's roles in seating order and its human seats by role."""
    seats = list(s.execute(select(SeatRow).where(SeatRow.game_id == game_id).order_by(SeatRow.id)).scalars())
    return [x.role for x in seats], {x.role: x for x in seats if x.kind == "human"}


def clocks_view(ctx: ServerContext, game_id: str) -> dict[str, Any]:
    """What anyone may see of a game's clocks: each human seat's ``describe`` and the expiry options."""
    with db.read(ctx.engine) as s:
        now = server_now(ctx, s)
        game = get_row(s, game_id)
        _roles, humans = seat_clocks(s, game_id)
        by_role = {r: seat.clock for r, seat in humans.items()}
        ids = {x.user_id for x in humans.values() if x.user_id is not None}
        users = {u.id: u for u in s.execute(select(User).where(User.id.in_(ids))).scalars()} if ids else {}
        active = game.status == "active"
        return {"pace": game.pace, "now": now.isoformat(),
                "clocks": {r: describe(x.clock, away_until(users.get(x.user_id or -1), now), now)
                           for r, x in humans.items()},
                "expiry": clocks.expiry_options(by_role if active else {}, now, list(humans))}
