"""Territory queries shared by movement, relocation and retreat: friendly areas and interception range
(glossary "Friendly", 6.6.9, 6.9 march status, 5.2.3/8.1 tribute payers, 7.1 grace period)."""

from __future__ import annotations

from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.units import is_land_unit


def friendly_country(ctx: Ctx, owner: str | None, cid: str) -> bool:
    """Whether the territory of `owner` is friendly to `cid` (glossary "Friendly")."""
    if owner is None:
        return False
    if owner == cid or ctx.allied(owner, cid):
        return True
    if ctx.march(owner, cid) or ctx.march(cid, owner):
        return True
    # 6.9: a free passage between two powers includes their allied minors
    pair = sorted([ctx.ally_power(owner) or owner, ctx.ally_power(cid) or cid])
    if pair in ctx.s.get("free_passage", []):
        return True
    if (cid == "assyria" or ctx.allied(cid, "assyria")) and any(
            t["payer"] == owner and t["to"] == "assyria" for t in ctx.s["tribute"]):
        return True
    return any(entry["by"] == cid for entry in ctx.s["conquered"].get(owner, []))


def land_units_at(ctx: Ctx, aid: str, *, outside_city: bool = True) -> list[str]:
    return [pid for pid in ctx.pieces_at(aid) if is_land_unit(ctx, pid)
            and (not outside_city or not ctx.piece(pid)["city"])]


def enemy_forces_in(ctx: Ctx, aid: str, cid: str) -> bool:
    """Units (outside a city) of a country at war with `cid` stand in the area."""
    return any(ctx.at_war(ctx.owner(pid), cid) for pid in land_units_at(ctx, aid))


def friendly_area(ctx: Ctx, aid: str, cid: str) -> bool:
    """A friendly area: controlled by `cid`, an ally, a march partner (or friendly by tribute or
    conquest), and not occupied by enemy forces."""
    return friendly_country(ctx, ctx.area_ctrl(aid), cid) and not enemy_forces_in(ctx, aid, cid)


def could_intercept_into(ctx: Ctx, aid: str, cid: str) -> bool:
    """7.7/6.6.9: an enemy force with units adjacent to `aid` could (theoretically) intercept into it."""
    for other, kind in ctx.c.neighbors(aid):
        for pid in land_units_at(ctx, other):
            owner = ctx.owner(pid)
            if not ctx.at_war(owner, cid):
                continue
            if kind == "mede_only" and ctx.piece(pid)["nation"] != "mede":
                continue
            return True
    return False


def arrival_area(ctx: Ctx, cid: str, area: str) -> str:
    """Where forces of `cid` that appear in `area` (nomads entering or returning, 7.6/10.1) are placed:
    `area` itself, or — when enemy forces stand there outside a city (6.12 forbids enemies sharing an area)
    — the nearest area by land connections without enemy forces (ties by area id; see rules-decisions)."""
    if not enemy_forces_in(ctx, area, cid):
        return area
    from collections import deque

    seen = {area}
    queue = deque([area])
    while queue:
        here = queue.popleft()
        for other, kind in sorted(ctx.c.neighbors(here)):
            if other in seen or (kind == "mede_only" and cid != "mede"):
                continue
            seen.add(other)
            if not enemy_forces_in(ctx, other, cid):
                return other
            queue.append(other)
    return area
