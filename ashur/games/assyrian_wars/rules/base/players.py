"""Player control (1.1 B): which role plays which country, and who decides for minors and nomads.

Roles are the players of the 1.1 B table of the scenario for the chosen number of players; a role is
named after the powers it plays, joined by ``+`` (``egypt+babylonia``). With one player a single role
``solo`` plays everything. A minor is played by the power it is allied to (3.4, 6.9); a minor at war
without an ally and a nomad tribe without an ally are played by the power recorded in ``control``
(7.4.5 and 10.1.1 choose it).
"""

from __future__ import annotations

from typing import Any

from ashur.games.assyrian_wars.ctx import Ctx

SOLO = "solo"


def role_table(scenario: Any, players: int) -> dict[str, list[str]]:
    """Role id -> the powers it plays, in seating order, from the scenario's 1.1 B table."""
    powers = list(scenario.powers)
    if players == 1:
        return {SOLO: powers}
    table = scenario.players.get(players)
    if table is None:
        raise KeyError(players)
    seats: dict[int, list[str]] = {}
    for power in powers:
        seats.setdefault(int(table[power]), []).append(power)
    return {"+".join(ps): ps for _, ps in sorted(seats.items())}


def controller(ctx: Ctx, cid: str) -> str | None:
    """The power whose player decides for `cid` now, or None for an inactive country (memoised on a
    frozen Ctx)."""
    cache = ctx.cache
    if cache is not None:
        key = ("controller", cid)
        if key in cache:
            return cache[key]
    s = ctx.s
    # 8.4: a power allied to Assyria; 7.1: a substitute country
    pc = s.get("power_control")
    subs = s.get("substitutes")
    found = (pc.get(cid) if pc else None) or (subs.get(cid) if subs else None)
    if found is None:
        if ctx.is_power(cid):
            found = cid
        else:
            ally = ctx.ally_power(cid)
            found = ally if ally is not None and ally in s["countries"] else s["control"].get(cid)
    if cache is not None:
        cache[key] = found
    return found


def asks_players(ctx: Ctx) -> bool:
    """Option ``player_choices`` (on by default): the choices the rules give to a player (7.1 C, 6.12,
    10.1.1, 6.6.2, 6.6.3, 6.6.5, 7.3.3.f) are asked; off, the program makes them as it did before."""
    return bool(ctx.s["options"].get("player_choices", True))


def role_of(ctx: Ctx, cid: str) -> str | None:
    """The role that decides for country `cid` (None when nobody controls it)."""
    power = controller(ctx, cid)
    if power is None:
        return None
    return ctx.s["power_role"].get(power)


def countries_of_role(ctx: Ctx, role: str) -> set[str]:
    """Every country whose secrets `role` may read: its powers and the countries they control now (memoised
    on a frozen Ctx: callers must not change the set)."""
    cache = ctx.cache
    if cache is not None:
        key = ("countries_of_role", role)
        found = cache.get(key)
        if found is None:
            found = cache[key] = _countries_of_role(ctx, role)
        return found  # type: ignore[no-any-return]
    return _countries_of_role(ctx, role)


def _countries_of_role(ctx: Ctx, role: str) -> set[str]:
    powers = set(ctx.s["roles"].get(role, []))
    out = set(powers)
    for cid in ctx.s["countries"]:
        if cid not in powers and controller(ctx, cid) in powers:
            out.add(cid)
    return out
