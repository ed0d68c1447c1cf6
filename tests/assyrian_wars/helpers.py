"""Helpers for Assyrian Wars tests: drive a position with a simple policy until a condition holds."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ashur.testing import Position

State = dict[str, Any]


def top(pos: Position) -> dict[str, Any]:
    return pos.state["stack"][-1]


def active_role(pos: Position) -> str:
    return pos.game.active(pos.state)[0]


def simple_choice(pos: Position, role: str) -> str:
    """Play the first card for its APs, end the impulse, decline the rest (a plain, predictable player)."""
    ids = pos.ids(role)
    for prefer in ("no_preempt", "keep", "tribute:pay", "relocate:none", "no_sacrifice", "done", "stop",
                   "no_sd", "pass"):
        if prefer in ids:
            return prefer
    cards = [i for i in ids if i.startswith("card:") and i.endswith(":ap")]
    frame = top(pos)
    if frame["step"] == "impulse" and not frame["cards"] and cards:
        return cards[0]
    if "end" in ids:
        return "end"
    supply = [i for i in ids if i.startswith("supply:")]
    return supply[0] if supply else ids[0]


def run_until(pos: Position, done: Callable[[Position], bool], limit: int = 5000,
              choose: Callable[[Position, str], str] = simple_choice) -> Position:
    """Act with `choose` until `done(pos)` holds (the condition is tested before every decision)."""
    for _ in range(limit):
        if done(pos):
            return pos
        role = active_role(pos)
        pos.act(role, choose(pos, role))
    raise AssertionError("condition not reached")


def to_main(pos: Position) -> Position:
    """Settle the decisions at the start of an impulse (6.10 maintenance: pay) until the phasing country
    chooses what to do in its impulse."""
    for _ in range(200):
        frame = top(pos)
        if frame["step"] == "impulse" and frame["phase"] == "main":
            return pos
        role = active_role(pos)
        ids = pos.ids(role)
        pos.act(role, next((i for i in ids if i.startswith("supply:")), ids[0]))
    raise AssertionError("no impulse reached")


def at_impulse_of(country: str, kind: str = "scheduled") -> Callable[[Position], bool]:
    def cond(pos: Position) -> bool:
        f = top(pos)
        return f["step"] == "impulse" and f["c"] == country and f.get("kind") == kind and f["phase"] == "main"
    return cond


def pass_windows(pos: Position) -> Position:
    """Every country asked in an open card window (6.7.1, 6.11.e) plays no card."""
    while pos.state["stack"] and pos.state["stack"][-1]["step"] == "window":
        frame = pos.state["stack"][-1]
        pos.act(frame["order"][frame["i"]], "pass")
    return pos


def replay_through_windows(save: Any, check: Callable[[Any, int], None] | None = None,
                           upto: int | None = None) -> Any:
    """Replay the first `upto` actions of a save recorded before card windows opened (issue 13): a battle or
    response window the record does not answer is passed by everybody ("pass"), as no event could be
    played in it then; it stops before action `upto` with the windows in front of it passed.
    `check(match, index)` runs after each recorded action, as in ``core.replay.replay``."""
    from ashur.core.replay import start as replay_start

    match = replay_start(save)
    match.keep_undo = check is not None
    actions = save.actions if upto is None else save.actions[: upto + 1]
    for index, (role, action_id) in enumerate(actions):
        for _ in range(1000):
            frame = match.state["stack"][-1] if match.state["stack"] else None
            if frame is None or frame["step"] != "window":
                break
            legal = match.game.legal_actions(match.state, role) if role in match.active() else []
            if any(a["id"] == action_id for a in legal):
                break
            match.act(match.active()[0], "pass")
        if upto is not None and index == upto:
            break
        match.act(role, action_id)
        if check is not None:
            check(match, index)
    match.keep_undo = True
    return match
