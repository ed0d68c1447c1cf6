"""Structured log entries: a message key, its parameters and the rule number that produced them.

Text is never stored in the state; it is rendered from message catalogs (:mod:`ashur.core.i18n`) so
the same game reads in English, German or Japanese.
"""

from __future__ import annotations

from typing import Any

from ashur.core import rng as _rng
from ashur.core.statedata import GameState, Log

__all__ = ["GameState", "Log", "dice", "die", "entries", "length", "log", "since", "visible"]

State = dict[str, Any]


def log(state: State, key: str, rule: str | None = None, *, to: list[str] | None = None, **params: Any) -> None:
    """Append one entry to the game log.

    `to` restricts a secret entry (a card drawn, a hidden choice) to the actors who may read it; views
    filter the log with :func:`visible`. The log lives beside the state (:class:`GameState`); the state
    holds its length, ``log_n``.
    """
    entry: dict[str, Any] = {"key": key, "rule": rule, "params": params}
    if isinstance(to, str):
        raise TypeError(f"log entry {key!r}: `to` is a list of actors, not the string {to!r}")
    if to is not None:
        entry["to"] = list(to)
    lg = getattr(state, "log", None)
    if lg is None:
        state.setdefault("log", []).append(entry)
        return
    lg.append(entry)
    state["log_n"] = len(lg)


def entries(state: State) -> list[dict[str, Any]]:
    """The log entries of a game, oldest first (a new list; entries never change once appended)."""
    lg = getattr(state, "log", None)
    return lg.entries() if lg is not None else list(state.get("log", ()))


def since(state: State, index: int) -> list[tuple[int, dict[str, Any]]]:
    """(index, entry) for the entries from `index` on: what is new since a reader's last look."""
    lg = getattr(state, "log", None)
    if lg is not None:
        return lg.since(index)
    plain = state.get("log", [])
    return [(i, plain[i]) for i in range(max(index, 0), len(plain))]


def length(state: State) -> int:
    """How many entries the log of a game holds (an index for ``visible_log(since=...)``)."""
    lg = getattr(state, "log", None)
    return len(lg) if lg is not None else len(state.get("log", ()))


def rewrite(state: State, fn: Any) -> None:
    """Give `state` a private copy of its log whose entries are ``fn(copy of entry)`` (the fuzzer's
    scramblers change secret entries; the entries shared with other states stay as they were)."""
    lg = getattr(state, "log", None)
    if lg is None:
        state["log"] = [fn(_copy_entry(e)) for e in state.get("log", ())]
        return
    state.log = Log([fn(_copy_entry(e)) for e in lg.entries()], lg.base)


def _copy_entry(entry: dict[str, Any]) -> dict[str, Any]:
    out = dict(entry)
    out["params"] = dict(entry.get("params") or {})
    return out


def visible(entry: dict[str, Any], actors: set[str] | frozenset[str]) -> bool:
    """True when one of `actors` may read `entry` (public entries are readable by all)."""
    to = entry.get("to")
    return to is None or any(a in actors for a in to)


def dice(state: State, count: int, *, rule: str, why: str, sides: int = 6, to: list[str] | None = None,
         **params: Any) -> list[int]:
    """Roll `count` dice and log them in one entry (DESIGN: every die roll is logged); `to` makes the
    entry secret as in :func:`log`."""
    named = _named_fix(state, rule, why)
    if named is not None and len(named) > count:
        raise ValueError(f"fixed roll {why!r} ({rule}) has {count} dice, not {len(named)}")
    values = list(named or ())
    for v in values:
        state["rng"]["n"] += 1
        if not 1 <= v <= sides:
            raise ValueError(f"fixed die value {v} does not fit a d{sides}")
    values += [_rng.roll(state, sides) for _ in range(count - len(values))]
    log(state, "dice", rule, to=to, why=why, sides=sides, values=values, **params)
    return values


def _named_fix(state: State, rule: str, why: str) -> list[int] | None:
    """The values a test fixed for the next roll with this rule or `why` (``state["rng"]["named"]``: a list
    of ``[name, values]``, see :meth:`ashur.testing.Position.fix_roll`), taken off the queue; None when there
    are none. A name matches the roll's rule, its `why`, or the last dotted part of a message-key `why`."""
    named = state["rng"].get("named")
    if not named:
        return None
    short = why.rsplit(".", 1)[-1] if " " not in why else why  # "aw.why.interception" -> "interception"
    for i, (name, values) in enumerate(named):
        if name in (rule, why, short):
            del named[i]
            return list(values)
    return None


def die(state: State, *, rule: str, why: str, sides: int = 6, **params: Any) -> int:
    """Roll one die and log it."""
    return dice(state, 1, rule=rule, why=why, sides=sides, **params)[0]


def rule_counts(state: State) -> dict[str, int]:
    """Log entries per rule number (entries without a rule are counted under ``"-"``)."""
    return _counts(state, "rule")


def event_counts(state: State) -> dict[str, int]:
    """Log entries per message key: what happened, finer than the rule number (a surrender, a province)."""
    return _counts(state, "key")


def _counts(state: State, field: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    for entry in entries(state):
        r = entry.get(field) or "-"
        counts[r] = counts.get(r, 0) + 1
    return counts
