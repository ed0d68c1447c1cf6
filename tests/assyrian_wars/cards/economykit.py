"""Helpers of the economy group's card tests: a phasing country with a card dealt, events played through
their Counter Measures window."""

from __future__ import annotations

from typing import Any

from ashur.testing import Position
from tests.assyrian_wars.politicskit import impulse, role, setup, top

__all__ = ["deal", "impulse_of", "pass_windows", "play", "role", "setup", "spent", "top"]


def deal(pos: Position, country: str, number: int) -> None:
    """Card `number` (wherever it is) goes into the hand of `country`."""
    s = pos.state
    for holder in [s["deck"], s["discard"], *(co["hand"] for co in s["countries"].values())]:
        if number in holder:
            holder.remove(number)
    s["countries"][country]["hand"].append(number)


def impulse_of(pos: Position, country: str, ap: int = 10, **flags: Any) -> dict[str, Any]:
    """The top impulse is `country`'s, in its main phase, with `ap` APs and no card played yet."""
    frame = impulse(pos, country, ap)
    frame["cards"] = []
    frame["flags"].update(flags)
    return frame


def pass_windows(pos: Position) -> Position:
    """Everybody asked in an open card window (6.11.e) plays no card (a minor answers through the role
    that plays it)."""
    while pos.state["stack"] and pos.state["stack"][-1]["step"] == "window":
        frame = pos.state["stack"][-1]
        pos.act(role(pos, frame["order"][frame["i"]]), "pass")
    return pos


def play(pos: Position, country: str, number: int) -> Position:
    """`country` plays card `number` as its event; nobody answers with Counter Measures (6.11.e)."""
    pos.act(role(pos, country), f"card:{number}:event")
    return pass_windows(pos)


def spent(pos: Position) -> int:
    """Half APs spent in the top impulse."""
    return int(top(pos)["spent2"])
