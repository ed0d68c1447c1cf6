"""Shared queries of the board: whose pieces stand where, where huts, wells and ziggurats may go, and what
huts are worth. Rule references in brackets; the placement readings are in docs/rules-decisions-assyria.md.
"""

from __future__ import annotations

from ashur.games.assyria.content.loader import RIVERS
from ashur.games.assyria.ctx import Ctx
from ashur.games.assyria.rules import refs


def owner(ctx: Ctx, hex_id: str) -> str | None:
    """Who has a hut or a ziggurat on `hex_id` (None: empty)."""
    hut = ctx.s["huts"].get(hex_id)
    if hut is not None:
        return hut  # type: ignore[no-any-return]
    zig = ctx.s["zigs"].get(hex_id)
    return zig["owner"] if zig else None


def huts_of(ctx: Ctx, role: str) -> list[str]:
    """The hexes with a hut of `role`, in board order."""
    return sorted((h for h, r in ctx.s["huts"].items() if r == role), key=ctx.geo.order.__getitem__)


def zigs_of(ctx: Ctx, role: str) -> list[str]:
    """The hexes with a ziggurat of `role` (its sites, finished or not: Flood IV)."""
    return sorted((h for h, z in ctx.s["zigs"].items() if z["owner"] == role), key=ctx.geo.order.__getitem__)


def hut_targets(ctx: Ctx, role: str) -> list[str]:
    """Expansion A: the empty hexes next to one of `role`'s huts or ziggurats (river hexes included)."""
    geo = ctx.geo
    huts, zigs = ctx.s["huts"], ctx.s["zigs"]
    found: set[str] = set()
    for h, r in huts.items():
        if r == role:
            found.update(geo.neighbours[h])
    for h, z in zigs.items():
        if z["owner"] == role:
            found.update(geo.neighbours[h])
    return sorted((h for h in found if h not in huts and h not in zigs), key=geo.order.__getitem__)


def well_site_problem(ctx: Ctx, role: str, vertex: str) -> str | None:
    """Why `role` may not dig a well at `vertex` now (Expansion D), or None when it may."""
    geo = ctx.geo
    tri = geo.vertices.get(vertex)
    if tri is None:
        return "that is not a corner where three hexes of the board meet"
    if vertex in ctx.s["wells"]:
        return "a well stands there already"
    if ctx.s["wells_stock"] <= 0:
        return "the stock of wells is empty"
    if any(ctx.s["huts"].get(h) != role for h in tri):
        return "you need a hut on each of the three hexes that meet there"
    if any(ctx.c.hexes[h].between for h in tri):
        return "no well between the two rivers"
    zigs = ctx.s["zigs"]
    if any(h in zigs for h in geo.near_vertex[vertex]):
        return "no well next to a ziggurat"
    return None


def well_sites(ctx: Ctx, role: str) -> list[str]:
    """Expansion D: the corners where `role` may dig a well now."""
    if ctx.s["wells_stock"] <= 0:
        return []
    geo = ctx.geo
    mine = set(huts_of(ctx, role))
    seen: set[str] = set()
    out = []
    for h in mine:
        for v in geo.vertices_of_hex[h]:
            if v not in seen:
                seen.add(v)
                if well_site_problem(ctx, role, v) is None:
                    out.append(v)
    return sorted(out)


def next_to_well(ctx: Ctx, hex_id: str) -> bool:
    """Actions A1: whether a well stands next to `hex_id` (the reading of docs/rules-decisions-assyria.md)."""
    wells = ctx.s["wells"]
    return any(v in wells for v in ctx.geo.vertices_near_hex.get(hex_id, ()))


def build_problem(ctx: Ctx, role: str, hex_id: str) -> str | None:
    """Why `role` may not build a ziggurat on `hex_id` now (Actions A1), or None."""
    p = ctx.p(role)
    if ctx.s["huts"].get(hex_id) != role:
        return "a ziggurat is built on a hex with one of your huts"
    if ctx.c.hexes[hex_id].river:
        return "no ziggurat on a river hex"
    if next_to_well(ctx, hex_id):
        return "no ziggurat next to a well"
    if p["bases"] <= 0:
        return "you have no ziggurat base left"
    if p["camels"] < refs.BUILD_COST:
        return f"a new ziggurat costs {refs.BUILD_COST} camels"
    return None


def extend_cost(ctx: Ctx, hex_id: str) -> int:
    """Actions A2: the price of the next tile of the ziggurat on `hex_id` (centre 3, roof 2)."""
    return refs.CENTER_COST if ctx.s["zigs"][hex_id]["level"] == 1 else refs.ROOF_COST


def extend_problem(ctx: Ctx, role: str, hex_id: str) -> str | None:
    """Why `role` may not add a tile to the ziggurat on `hex_id` now (Actions A2), or None."""
    zig = ctx.s["zigs"].get(hex_id)
    if zig is None or zig["owner"] != role:
        return "you have no ziggurat there"
    if zig["level"] >= 3:
        return "the ziggurat has its roof"
    if zig.get("turn") == ctx.s["turn"]:
        return "a ziggurat grows by one level a turn"
    p = ctx.p(role)
    if p["centers" if zig["level"] == 1 else "roofs"] <= 0:
        return "you have no such tile left"
    if p["camels"] < extend_cost(ctx, hex_id):
        return f"that tile costs {extend_cost(ctx, hex_id)} camels"
    return None


def revenue(ctx: Ctx, role: str) -> tuple[int, int]:
    """Expansion E1: (camels earned, before the cap of 10) for `role`'s huts on the rivers."""
    total = 0
    for river in RIVERS:
        n = sum(1 for h in huts_of(ctx, role) if ctx.c.hexes[h].river == river)
        if n:
            total += refs.REVENUE_FIRST + refs.REVENUE_NEXT * (n - 1)
    return min(total, refs.REVENUE_CAP), total


def hut_prestige(ctx: Ctx, hex_id: str) -> int:
    """Expansion E2: a hut between the rivers 2 points, outside them 1, on a river none."""
    x = ctx.c.hexes[hex_id]
    if x.river:
        return 0
    return refs.PRESTIGE_BETWEEN if x.between else refs.PRESTIGE_OUTSIDE


def tiles_on_board(ctx: Ctx, role: str) -> int:
    """Ziggurat tiles of `role` on the board (a base, centre and roof count one each)."""
    return sum(z["level"] for z in ctx.s["zigs"].values() if z["owner"] == role)


def food_need(ctx: Ctx, role: str) -> dict[str, int]:
    """Unfed huts of `role` per food symbol (Expansion B)."""
    fed = ctx.s["fed"]
    out: dict[str, int] = {}
    for h in huts_of(ctx, role):
        if h not in fed:
            k = ctx.c.hexes[h].food
            out[k] = out.get(k, 0) + 1
    return out


def max_feed(need: dict[str, int], symbols: dict[str, int], wild: int) -> int:
    """The most huts resources can still feed: symbols of a kind feed huts of that kind, each wild unit
    (a wild food card or a plow card) any one hut (Expansion B)."""
    fed = 0
    rest = 0
    for kind, n in need.items():
        use = min(n, symbols.get(kind, 0))
        fed += use
        rest += n - use
    return fed + min(wild, rest)
