"""Helpers of the diplomacy card tests: a Campaign position in a chosen country's impulse, cards dealt,
windows answered by whoever decides."""

from __future__ import annotations

from typing import Any

from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.game import GAME, content
from ashur.games.assyrian_wars.rules.base.players import role_of
from ashur.testing import Position


def setup(scenario: str = "campaign", seed: int = 1, **options: Any) -> Position:
    return Position.setup(GAME, scenario, seed, options)


def ctx_of(pos: Position) -> Ctx:
    return Ctx(pos.state, content())


def top(pos: Position) -> dict[str, Any]:
    return pos.state["stack"][-1]


def deal(pos: Position, country: str, *numbers: int) -> None:
    """Put cards into a hand, taken from wherever they are."""
    s = pos.state
    for number in numbers:
        for pile in (s["deck"], s["discard"], *(c["hand"] for c in s["countries"].values()),
                     *(c["home_discard"] for c in s["countries"].values())):
            if number in pile:
                pile.remove(number)
        s["countries"][country]["hand"].append(number)


def ready(pos: Position, country: str, ap: int = 10, *cards: int) -> dict[str, Any]:
    """The impulse on the stack becomes `country`'s, in its main phase, with `ap` APs and no card played."""
    stack = pos.state["stack"]
    while stack[-1]["step"] != "impulse":
        stack.pop()
    frame = stack[-1]
    frame.update(c=country, ap2=2 * ap, spent2=0, flags={}, cards=[], passing=False, phase="main",
                 bought_plus=False, hook=0)
    deal(pos, country, *cards)
    return frame


def role(pos: Position, country: str) -> str:
    r = role_of(ctx_of(pos), country)
    assert r is not None, country
    return r


def act(pos: Position, country: str, *ids: str) -> Position:
    return pos.act(role(pos, country), *ids)


def deciding(pos: Position) -> str:
    return GAME.active(pos.state)[0]


def marker(pos: Position, subject: str, power: str | None, value: int) -> None:
    d = pos.state["diplo"][subject]
    d["power"], d["value"] = (power, value) if value else (None, 0)


def windows(pos: Position, plays: dict[str, list[int]] | None = None) -> list[tuple[str, str | None]]:
    """Answer every open card window: the listed countries choose their cards, everybody else passes.
    Returns the windows met (kind, trigger)."""
    plays = {k: list(v) for k, v in (plays or {}).items()}
    met: list[tuple[str, str | None]] = []
    last: tuple[int, str, str | None] | None = None
    while pos.state["stack"] and top(pos)["step"] == "window":
        frame = top(pos)
        here = (len(pos.state["stack"]), frame["kind"], frame.get("trigger"))
        if here != last:
            met.append(here[1:])
            last = here
        actor = frame["order"][frame["i"]]
        wanted = plays.get(actor) or []
        choice = next((n for n in wanted if f"choose:{n}" in pos.ids(deciding(pos))), None)
        if choice is not None:
            wanted.remove(choice)
            pos.act(deciding(pos), f"choose:{choice}")
        else:
            pos.act(deciding(pos), "pass")
    return met


def play(pos: Position, country: str, number: int, how: str = "event") -> Position:
    """Play a card of the phasing country as its event (or secret diplomacy action); nobody cancels it."""
    act(pos, country, f"card:{number}:{how}")
    windows(pos)
    return pos
