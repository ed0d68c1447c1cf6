"""Pace clocks (issue 15): a time bank per seat, an increment per turn, a cap; expiry, claims, bots.

Plain data and pure functions, no database and no wall clock: every function takes ``now`` (an aware
``datetime``; a naive one is read as UTC, as SQLite hands timestamps back) and returns new data.

A seat's clock is the JSON-able dict kept in the ``seats.clock`` column::

    {"bank": 86400.0, "since": "2026-11-24T15:00:00+00:00"}

- ``bank``: seconds left when the clock last stopped (``None`` in games without a pace: the dict then only
  records since when the seat waits, which the notifications read);
- ``since``: when the seat began to wait (ISO 8601, UTC), ``None`` while it does not have to move.

The values follow Rally the Troops' published time control (its ``docs/time-control.md``: live/blitz
"24h +4h/move up to 72h", fast "72h +12h/move up to 120h", slow "72h +36h/move up to 240h"): a pace is a
promise about moves per day (live: 7+ a day, fast: 3+, slow: 1+), generous enough for people with lives,
strict enough that a vanished player does not hold a game hostage for weeks.

The increment is earned per *turn*, not per action: our actions are small steps (pick a force, then an
area, ...), so a clock runs from the moment a seat must decide until it no longer must decide (control
passed to another role or the game ended) and is then charged the time used, credited the increment and
capped. A seat that several decisions in a row belong to keeps its clock running. In simultaneous
decisions several clocks run at once.

When a clock runs out the seat is *expired*; it may still move until someone acts on it (a late move
clamps the bank at zero before the increment). The other human seats may then :func:`claim` the game —
the expired seats lose (a :class:`~ashur.core.contract.Result` with reason ``server.timeout``) — or
:func:`hand_to_bot` the expired seat so the game goes on. When nobody does for a grace period after the
expiry (``ASHUR_CLAIM_GRACE_HOURS``: :func:`grace_ends`, :func:`past_grace`), the sweep hands the seat to
:data:`DEFAULT_BOT` itself, or ends the game as abandoned when it was the last human seat.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from ashur.core.contract import DEFAULT_BOT_KIND, Result

Clock = dict[str, Any]
"""One seat's clock: ``{"bank": float | None, "since": str | None}``."""

HOUR = 3600.0
DAY = 24 * HOUR

TIMEOUT_REASON = "server.timeout"
"""The ``reason`` key of a result produced by a claim on an expired clock."""

DEFAULT_BOT = f"bot:{DEFAULT_BOT_KIND}"
"""The seat kind an expired seat is handed to unless the claimer chooses another kind."""


@dataclass(frozen=True)
class Pace:
    """A time control: the initial bank, the increment per turn and the cap of the bank, in seconds."""

    name: str
    bank: float
    increment: float
    cap: float
    label: str


PACES: dict[str, Pace] = {
    "live": Pace("live", 24 * HOUR, 4 * HOUR, 72 * HOUR, "live / blitz: 7+ moves a day"),
    "fast": Pace("fast", 72 * HOUR, 12 * HOUR, 120 * HOUR, "fast: 3+ moves a day"),
    "slow": Pace("slow", 72 * HOUR, 36 * HOUR, 240 * HOUR, "slow: 1+ move a day"),
}
"""The paces a game may have (``games.pace``); ``None`` (no pace) means no time control."""


class ClockError(ValueError):
    """A bad pace name or a clock dict of the wrong shape (one line, fit for an API error)."""


# --- time ----------------------------------------------------------------------------------------------

def as_utc(moment: datetime) -> datetime:
    """`moment` as an aware UTC datetime (a naive one is taken to be UTC already)."""
    if moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)


def utcnow() -> datetime:
    """The current time, aware, in UTC (the default `clock` callable of the server)."""
    return datetime.now(UTC)


def _stamp(moment: datetime) -> str:
    return as_utc(moment).isoformat()


def _parse(stamp: str) -> datetime:
    try:
        return as_utc(datetime.fromisoformat(stamp))
    except (TypeError, ValueError):
        raise ClockError(f"clock: 'since' is not an ISO 8601 time: {stamp!r:.60}") from None


def pace_of(name: str | None) -> Pace | None:
    """The :class:`Pace` named `name` (``None`` or ``""`` for no pace); ClockError names the known ones."""
    if name is None or name == "":
        return None
    try:
        return PACES[name]
    except KeyError:
        raise ClockError(f"unknown pace {name!r:.40} (paces: {', '.join(PACES)}, or none)") from None


def check(clock: Any) -> Clock:
    """`clock` if it has the shape of a clock dict, else ClockError (data read back from a database)."""
    if not isinstance(clock, dict) or set(clock) != {"bank", "since"}:
        raise ClockError("clock: a clock is {'bank': seconds or null, 'since': time or null}")
    bank, since = clock["bank"], clock["since"]
    if bank is not None and (isinstance(bank, bool) or not isinstance(bank, int | float)):
        raise ClockError("clock: 'bank' is a number of seconds or null")
    if since is not None:
        if not isinstance(since, str):
            raise ClockError("clock: 'since' is an ISO 8601 time or null")
        _parse(since)
    return clock


# --- one seat ------------------------------------------------------------------------------------------

def new_clock(pace: str | None) -> Clock:
    """A stopped clock with the pace's initial bank (``bank`` None without a pace)."""
    p = pace_of(pace)
    return {"bank": p.bank if p else None, "since": None}


def running(clock: Clock) -> bool:
    """True while the seat must move (its clock runs)."""
    return clock.get("since") is not None


def waiting_since(clock: Clock | None) -> datetime | None:
    """Since when the seat waits to move, or None when it need not move (the notifications read this)."""
    if not clock or clock.get("since") is None:
        return None
    return _parse(clock["since"])


def start(clock: Clock, now: datetime) -> Clock:
    """The clock of a seat that must move now: running since `now` (unchanged when it already runs)."""
    check(clock)
    if running(clock):
        return dict(clock)
    return {"bank": clock["bank"], "since": _stamp(now)}


def stop(clock: Clock, now: datetime, pace: str | None) -> Clock:
    """The clock of a seat that has moved (no longer decides): charge the time used since it started
    (the bank never goes below zero: a late move is allowed until someone claims), add the increment,
    cap; then stopped. A stopped clock is returned unchanged."""
    check(clock)
    p = pace_of(pace)
    if not running(clock):
        return dict(clock)
    if p is None or clock["bank"] is None:
        return {"bank": None, "since": None}
    left = max(0.0, remaining(clock, now))
    return {"bank": min(p.cap, left + p.increment), "since": None}


def pause(clock: Clock | None, now: datetime, pace: str | None) -> Clock:
    """The clock of a seat whose player is away (:mod:`ashur.server.away`): a running clock with time left
    stops, charged the time used so far but credited no increment (it starts again, with that bank, when
    the absence ends and the seat still must move); a stopped clock, or one that already ran out (an
    absence does not undo an expiry), is kept as it is. None: a new stopped clock."""
    if clock is None:
        return new_clock(pace)
    check(clock)
    if not running(clock) or clock["bank"] is None or expired(clock, now):
        return dict(clock)
    return {"bank": max(0.0, remaining(clock, now)), "since": None}


def remaining(clock: Clock, now: datetime) -> float:
    """Seconds left on the clock at `now` (negative once it ran out); ``inf`` without a pace."""
    check(clock)
    if clock["bank"] is None:
        return float("inf")
    bank = float(clock["bank"])
    if not running(clock):
        return bank
    used = (as_utc(now) - _parse(clock["since"])).total_seconds()
    return bank - max(0.0, used)


def expires_at(clock: Clock) -> datetime | None:
    """When a running clock runs out (None when stopped or without a pace): when to look again."""
    check(clock)
    if clock["bank"] is None or not running(clock):
        return None
    return _parse(clock["since"]) + timedelta(seconds=float(clock["bank"]))


def expired(clock: Clock, now: datetime) -> bool:
    """True when the seat must move and its time is used up."""
    return running(clock) and remaining(clock, now) <= 0


# --- all seats of a game -------------------------------------------------------------------------------

def update(
    clocks: Mapping[str, Clock | None],
    waiting: Iterable[str],
    now: datetime,
    pace: str | None,
) -> dict[str, Clock]:
    """The clocks after a change of the game (the ``after_change`` hook): the seats in `waiting` (the roles
    that must decide now, human seats only) run, the others are stopped (charged and credited).

    `clocks` maps each human seat to its clock (None: never started, a new one is made). Returns a new
    mapping; the input is not changed.
    """
    want = set(waiting)
    out: dict[str, Clock] = {}
    for role, clock in clocks.items():
        c = clock if clock is not None else new_clock(pace)
        out[role] = start(c, now) if role in want else stop(c, now, pace)
    return out


def expired_seats(clocks: Mapping[str, Clock | None], now: datetime) -> list[str]:
    """The seats whose clock ran out at `now`, in the order of `clocks`."""
    return [role for role, clock in clocks.items() if clock is not None and expired(clock, now)]


def next_expiry(clocks: Mapping[str, Clock | None], after: datetime | None = None) -> datetime | None:
    """The earliest moment a running clock of the game runs out (for a sweep that wakes up then); with
    `after`, the earliest one later than `after` (the expiries up to `after` were handled already)."""
    times = [t for c in clocks.values() if c is not None and (t := expires_at(c)) is not None
             and (after is None or t > as_utc(after))]
    return min(times) if times else None


def grace_ends(clocks: Mapping[str, Clock | None], grace: float) -> datetime | None:
    """The earliest moment a running clock of the game has been run out for `grace` seconds (when the
    sweep acts on it by itself); None when no clock runs or `grace` is 0 (never)."""
    if grace <= 0:
        return None
    times = [t for c in clocks.values() if c is not None and (t := expires_at(c)) is not None]
    return min(times) + timedelta(seconds=grace) if times else None


def past_grace(clocks: Mapping[str, Clock | None], now: datetime, grace: float) -> list[str]:
    """The seats whose clock ran out at least `grace` seconds before `now` with no late move since (a
    late move stops the clock), in the order of `clocks`; none when `grace` is 0."""
    if grace <= 0:
        return []
    limit = as_utc(now) - timedelta(seconds=grace)
    return [role for role, c in clocks.items()
            if c is not None and (t := expires_at(c)) is not None and t <= limit]


def expiry_options(
    clocks: Mapping[str, Clock | None],
    now: datetime,
    claimers: Iterable[str],
) -> dict[str, Any]:
    """What may happen now: ``{"expired": [...], "claimers": [...], "claim": bool, "hand_to_bot": bool}``.

    `claimers` are the seats that could act on an expiry (the human seats of the game); an expired seat
    is never one of them. Both choices are open as soon as one seat expired and another may act.
    """
    gone = expired_seats(clocks, now)
    who = [r for r in claimers if r not in gone] if gone else []
    return {"expired": gone, "claimers": who, "claim": bool(who), "hand_to_bot": bool(who)}


def _check_claimer(clocks: Mapping[str, Clock | None], now: datetime, by: str) -> list[str]:
    gone = expired_seats(clocks, now)
    if not gone:
        raise ClockError("no clock has run out: there is nothing to claim")
    if by in gone:
        raise ClockError(f"{by} has run out of time itself and cannot act on an expiry")
    return gone


def claim(
    roles: Iterable[str],
    clocks: Mapping[str, Clock | None],
    now: datetime,
    by: str,
) -> Result:
    """The result of the game when seat `by` claims it: every seat whose clock ran out loses (score 0),
    every other seat of `roles` (the game's roles, in seating order) shares the win (score 1).

    The result has the contract's shape (``over, scores, winners, reason``) with reason
    :data:`TIMEOUT_REASON`; the server stores it as the game's final result (the game's own
    ``result(state)`` stays not over). ClockError when no clock ran out or `by` is one of the expired.
    """
    all_roles = list(roles)
    if by not in all_roles:
        raise ClockError(f"{by!r:.40} is not a seat of this game")
    gone = set(_check_claimer(clocks, now, by))
    winners = [r for r in all_roles if r not in gone]
    return {"over": True, "scores": {r: 0.0 if r in gone else 1.0 for r in all_roles},
            "winners": winners, "reason": TIMEOUT_REASON}


def hand_to_bot(
    seats: Mapping[str, str],
    clocks: Mapping[str, Clock | None],
    now: datetime,
    by: str,
    role: str,
    kind: str = DEFAULT_BOT,
) -> tuple[dict[str, str], dict[str, Clock | None]]:
    """Seat `role` (expired) is handed to a bot of `kind` by seat `by`: the new seat kinds and clocks
    (the bot seat has no clock any more). ClockError when `role` has not run out or `by` may not act."""
    gone = _check_claimer(clocks, now, by)
    if role not in gone:
        raise ClockError(f"{role!r:.40} has time left: only a seat whose clock ran out is handed to a bot")
    if not kind.startswith("bot:") or len(kind) <= 4:
        raise ClockError(f"{kind!r:.40} is not a bot seat (bot:KIND)")
    new_seats = dict(seats)
    new_seats[role] = kind
    new_clocks = {r: c for r, c in clocks.items() if r != role}
    return new_seats, new_clocks


def describe(clock: Clock | None, now: datetime) -> dict[str, Any] | None:
    """What a client shows of a seat's clock: ``{"left": seconds, "running": bool, "expired": bool}``
    (None without a pace). Public: seats' clocks are no secret."""
    if clock is None or clock.get("bank") is None:
        return None
    left = remaining(clock, now)
    return {"left": round(max(0.0, left), 1), "running": running(clock), "expired": expired(clock, now)}
