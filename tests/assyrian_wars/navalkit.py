"""Helpers of the naval tests: ships placed on the Two Rivers position of the land tests (landkit)."""

from __future__ import annotations

from typing import Any

from ashur.testing import Position
from tests.assyrian_wars.landkit import ctx, impulse, phasing, set_ap, start


def clear_ships(pos: Position) -> None:
    """Every ship to its force pool (cards' ships stay out of play)."""
    for p in pos.state["pieces"].values():
        if p["kind"] == "ship" and p["loc"] != "setup":
            p["loc"] = "pool"
            p["red"] = False
            p.pop("aboard", None)


def ship(pos: Position, pid: str, loc: str, *, red: bool = False) -> str:
    p = pos.state["pieces"][pid]
    p.update(loc=loc, red=red)
    return pid


def naval_start(country: str = "babylonia", ap: float = 10, **options: Any) -> Position:
    """Two Rivers, empty land map and seas, `country` phasing with `ap` APs."""
    pos = start(**options)
    clear_ships(pos)
    phasing(pos, country)
    set_ap(pos, ap)
    impulse(pos)["cards"] = [99]
    return pos


def aboard(pos: Position, pid: str) -> str | None:
    return pos.state["pieces"][pid].get("aboard")


__all__ = ["aboard", "clear_ships", "ctx", "naval_start", "ship"]
