"""Helpers of the politics tests: positions built from the scenarios by editing the state."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.game import GAME, content
from ashur.games.assyrian_wars.rules import FLOW
from ashur.games.assyrian_wars.rules.base.players import role_of
from ashur.testing import Position


def setup(scenario: str = "campaign", seed: int = 1, **options: Any) -> Position:
    return Position.setup(GAME, scenario, seed, options)


def ctx_of(pos: Position) -> Ctx:
    return Ctx(pos.state, content())


def run(pos: Position, fn: Callable[[Ctx], Any]) -> Any:
    """Call a rules function on the position's state, then let the flow run its automatic steps."""
    ctx = ctx_of(pos)
    out = fn(ctx)
    FLOW.advance(ctx, pos.state)
    return out


def impulse(pos: Position, country: str, ap: int = 20) -> dict[str, Any]:
    """Make the impulse on top of the stack one of `country` with `ap` APs and a card already played."""
    stack = pos.state["stack"]
    while stack and stack[-1]["step"] != "impulse":
        stack.pop()  # decisions of the impulse start (maintenance, ...) do not matter here
    frame = stack[-1]
    frame.update(c=country, ap2=2 * ap, spent2=0, flags={}, cards=[99], passing=False, phase="main")
    return frame


def role(pos: Position, country: str) -> str:
    r = role_of(ctx_of(pos), country)
    assert r is not None, country
    return r


def put(pos: Position, pid: str, area: str, *, city: bool = False) -> None:
    p = pos.state["pieces"][pid]
    p["loc"], p["city"], p["army"] = area, city, None


def units_of(pos: Position, nation: str, n: int, where: str = "pool") -> list[str]:
    out = [pid for pid, p in sorted(pos.state["pieces"].items()) if p["nation"] == nation and p["kind"] == "unit"
           and p["loc"] == where]
    assert len(out) >= n, (nation, where, len(out))
    return out[:n]


def hold(pos: Position, area: str, country: str | None) -> None:
    """`country` controls the area (and its city)."""
    st = pos.state["areas"][area]
    st["ctrl"] = country
    st.pop("city_ctrl", None)


def war(pos: Position, a: str, b: str) -> None:
    pair = sorted([a, b])
    if pair not in pos.state["wars"]:
        pos.state["wars"].append(pair)


def marker(pos: Position, subject: str, power: str | None, value: int) -> None:
    d = pos.state["diplo"][subject]
    d["power"], d["value"] = (power, value) if value else (None, 0)


def top(pos: Position) -> dict[str, Any]:
    return pos.state["stack"][-1]


def logged_keys(pos: Position) -> list[str]:
    return [e["key"] for e in pos.log]


def resolve_relocations(pos: Position) -> None:
    """Answer pending relocation choices with the first nearest area."""
    while pos.state["stack"] and top(pos)["step"] == "relocation_choice":
        owner = top(pos)["owner"]
        pos.act(role(pos, owner), pos.ids(role(pos, owner))[0])


def current_impulse(pos: Position) -> dict[str, Any]:
    return next(f for f in reversed(pos.state["stack"]) if f["step"] == "impulse")
