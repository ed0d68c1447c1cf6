"""Ships counted for land warfare: blockaded ports (6.8.1, glossary "Blockade") and sea zones on a supply
path (6.4). Ship movement and naval battles belong to the naval rules (6.16); these queries only count
the ship pieces present in a sea zone.
"""

from __future__ import annotations

from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.territory import friendly_country


def ship_counts(ctx: Ctx, zone: str, cid: str) -> tuple[int, int]:
    """(ships friendly to `cid`, ships of countries at war with `cid`) in a sea zone."""
    friendly = enemy = 0
    for pid in ctx.pieces_at(zone):
        p = ctx.piece(pid)
        if p["kind"] != "ship":
            continue
        owner = ctx.owner(pid)
        if friendly_country(ctx, owner, cid):
            friendly += 1
        elif ctx.at_war(owner, cid):
            enemy += 1
    return friendly, enemy


def port_zone(ctx: Ctx, aid: str) -> str | None:
    city = ctx.c.areas[aid].city
    return city.port if city is not None else None


def blockaded(ctx: Ctx, aid: str, besieger: str) -> bool:
    """6.8.1: a port is blockaded when, from the besieger's side, there are more friendly than enemy ships in
    the sea zone beside it. A city without a port needs no blockade."""
    zone = port_zone(ctx, aid)
    if zone is None:
        return True
    friendly, enemy = ship_counts(ctx, zone, besieger)
    return friendly > enemy


def sea_open(ctx: Ctx, zone: str, cid: str) -> bool:
    """6.4: a supply path may cross a sea zone holding no more enemy ships than friendly ones."""
    friendly, enemy = ship_counts(ctx, zone, cid)
    return enemy <= friendly
