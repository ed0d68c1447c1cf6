"""Rebuilding reduced units, removing pillage, repairing city defences (6.4) and combining reduced units (9.3).

* Rebuild: a reduced unit on the map flips to full strength for 2 AP per strength point gained (a
  mercenary ½ AP); a regular must trace a path of friendly controlled areas (and sea zones with no more
  enemy than friendly ships, entered through ports) to a friendly controlled home area of its country;
  the unit's own area must be friendly too (decision). The 9.7 ability costs are not paid. Arab and
  Aramaean units are never rebuilt (10.1).
* Pillage: 1 AP per level, in own home areas, associated areas and provinces the country controls.
* City defences: 1 AP per level of damage, only by the city's holder, never under siege.
* 9.3: in an impulse with a card, two reduced units of one country in one place, of exactly the same kind
  and strength, become one unit on its front side; the other leaves the map (force pool or game pool).
"""

from __future__ import annotations

from collections import deque
from typing import Any

from ashur.core.contract import Action, action
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.control_areas import city_holder
from ashur.games.assyrian_wars.rules.base.forces import pieces_of
from ashur.games.assyrian_wars.rules.base.naval import cargo_of
from ashur.games.assyrian_wars.rules.base.secrecy import leaving_map, log_fogged
from ashur.games.assyrian_wars.rules.base.territory import friendly_area
from ashur.games.assyrian_wars.rules.base.units import is_mercenary, spec, unit_type
from ashur.games.assyrian_wars.rules.course.impulse import can_pay, pay
from ashur.games.assyrian_wars.rules.land.blockade import sea_open
from ashur.games.assyrian_wars.rules.politics.relations import supply_source
from ashur.games.assyrian_wars.rules.registry import HOOKS, MenuEntry

Frame = dict[str, Any]


def supply_path(ctx: Ctx, start: str, cid: str, nation: str) -> bool:
    """6.4: a path of friendly controlled areas (and passable sea zones) from `start` to a friendly
    controlled home area of `nation` — or of a country that has joined the war on `cid`'s side, which
    8.2 makes a supply source for its allies' troops."""
    return ctx.memoised(("supply_path", start, cid, nation), _supply_path, start, cid, nation)  # type: ignore[no-any-return]


def _supply_homes(ctx: Ctx, cid: str, nation: str) -> set[str]:
    """The home areas a path of :func:`supply_path` may end in (memoised on a frozen Ctx)."""
    cache = ctx.cache
    key = ("supply_homes", cid, nation)
    if cache is not None:
        hit = cache.get(key)
        if hit is not None:
            return hit
    homes = set(ctx.c.home_areas(nation))
    for other in ctx.s["countries"]:
        if other != nation and other in ctx.c.nations and supply_source(ctx, other, cid):
            homes.update(ctx.c.home_areas(other))
    if cache is not None:
        cache[key] = homes
    return homes


def _supply_path(ctx: Ctx, start: str, cid: str, nation: str) -> bool:
    homes = _supply_homes(ctx, cid, nation)
    if start not in ctx.c.areas or not friendly_area(ctx, start, cid):
        return False
    seen = {start}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here in homes:
            return True
        nxt: list[str] = []
        if here in ctx.c.areas:
            nxt += [b for b, kind in ctx.c.neighbors(here) if kind != "mede_only" or nation == "mede"]
            city = ctx.c.areas[here].city
            if city is not None and city.port:
                nxt.append(city.port)
            if ctx.c.areas[here].sea_zone and here in ctx.c.sea_zones:
                nxt += list(ctx.c.sea_neighbors(here))
        else:
            nxt += list(ctx.c.sea_neighbors(here)) + list(ctx.c.port_cities(here))
        for b in nxt:
            if b in seen:
                continue
            if b in ctx.c.areas:
                if not friendly_area(ctx, b, cid):
                    continue
            elif b in ctx.c.sea_zones:
                if not sea_open(ctx, b, cid):
                    continue
            else:
                continue
            seen.add(b)
            queue.append(b)
    return False


def rebuild_cost2(ctx: Ctx, pid: str) -> int:
    sp = spec(ctx, pid)
    diff = int(sp.front) - int(sp.reduced)
    return diff if is_mercenary(ctx, pid) else 4 * diff


def rebuildable(ctx: Ctx, c: str) -> list[str]:
    out = []
    seen: set[tuple[Any, ...]] = set()
    pieces = ctx.s["pieces"]
    for pid in pieces_of(ctx, c):
        p = pieces[pid]
        if p["kind"] not in ("unit", "merc") or not p["red"] or p["loc"] not in ctx.c.areas:
            continue
        if ctx.kind(p["nation"]) == "nomad_mercenary":
            continue
        key = (p["loc"], p["nation"], unit_type(ctx, pid), p["kind"], p["city"])
        if key in seen:
            continue
        if not is_mercenary(ctx, pid) and not supply_path(ctx, p["loc"], c, p["nation"]):
            continue
        seen.add(key)
        out.append(pid)
    return out


_MIN_REBUILD: dict[int, tuple[Any, int]] = {}


def min_rebuild_cost2(ctx: Ctx) -> int:
    """A lower bound of :func:`rebuild_cost2` over every land unit and mercenary of the content (one value
    per content): an impulse that cannot pay it rebuilds nothing (:func:`can_pay` is monotone in the cost)."""
    entry = _MIN_REBUILD.get(id(ctx.c))
    if entry is None or entry[0] is not ctx.c:
        diffs = [int(sp.front) - int(sp.reduced) for table in (ctx.c.units, ctx.c.mercenary_units)
                 for sp in table.values()]
        entry = _MIN_REBUILD[id(ctx.c)] = (ctx.c, min([min(d, 4 * d) for d in diffs], default=0))
    return entry[1]


def _offer(ctx: Ctx, frame: Frame) -> list[Action]:
    c = frame["c"]
    acts = []
    # the cheap precondition first: the supply paths of the reduced units are traced only when the cheapest
    # rebuilding can be paid
    rebuild = rebuildable(ctx, c) if can_pay(frame, min_rebuild_cost2(ctx)) else []
    for pid in rebuild:
        cost2 = rebuild_cost2(ctx, pid)
        if can_pay(frame, cost2):
            acts.append(action(f"rebuild:{pid}", "aw.act.rebuild", "6.4", piece=pid, area=ctx.piece(pid)["loc"],
                               ap=cost2 / 2))
    if can_pay(frame, 2):
        homes = ctx.c.home_areas(c)
        areas = ctx.s["areas"]
        for aid in sorted(a for a, st in areas.items() if st["pillage"] or st["damage"]):
            st = areas[aid]
            mine = aid in homes or ctx.c.areas[aid].kind == "associated" or st.get("province") == c
            if st["pillage"] and st["ctrl"] == c and mine:
                acts.append(action(f"unpillage:{aid}", "aw.act.unpillage", "6.4", area=aid, level=st["pillage"]))
            if st["damage"] and city_holder(ctx, aid) == c and aid not in ctx.s["sieges"]:
                acts.append(action(f"repair:{aid}", "aw.act.repair", "6.4", area=aid, damage=st["damage"]))
    if ctx.s["options"].get("combine_reduced") and not frame["passing"]:
        acts += [action(f"combine:{a}:{b}", "aw.act.combine", "9.3", first=a, second=b) for a, b in pairs(ctx, c)]
    return acts


def pairs(ctx: Ctx, c: str) -> list[tuple[str, str]]:
    """9.3: pairs of reduced units of one country in one place, exactly the same kind and strength."""
    groups: dict[tuple[Any, ...], list[str]] = {}
    pieces = ctx.s["pieces"]
    for pid in pieces_of(ctx, c):
        p = pieces[pid]
        if p["kind"] not in ("unit", "merc", "ship") or not p["red"] or not ctx.on_map(p["loc"]):
            continue
        kind = "SHIP" if p["kind"] == "ship" else unit_type(ctx, pid)
        key = (p["loc"], p["nation"], p["kind"], kind, int(spec(ctx, pid).front), int(spec(ctx, pid).reduced))
        groups.setdefault(key, []).append(pid)
    return [(v[0], v[1]) for _, v in sorted(groups.items()) if len(v) >= 2]


def _apply(ctx: Ctx, frame: Frame, act: Action) -> None:
    head = act["id"].split(":")[0]
    c = frame["c"]
    if head == "rebuild":
        pid = act["params"]["piece"]
        pay(ctx, frame, rebuild_cost2(ctx, pid), "6.4", "rebuild", piece=pid)
        ctx.piece(pid)["red"] = False
        area = ctx.piece(pid)["loc"]
        # 9.5: which unit of a fogged stack was rebuilt is its owner's; the public sees a rebuild in the area
        log_fogged(ctx, "aw.rebuilt", "6.4", [pid], country=c, piece=pid, area=area, public="aw.rebuilt_public",
                   public_params={"country": c, "area": area})
    elif head == "unpillage":
        aid = act["params"]["area"]
        pay(ctx, frame, 2, "6.4", "pillage removal", area=aid)
        ctx.area(aid)["pillage"] -= 1
        ctx.log("aw.pillage_removed", "6.4", country=c, area=aid, level=ctx.area(aid)["pillage"])
    elif head == "repair":
        aid = act["params"]["area"]
        pay(ctx, frame, 2, "6.4", "city repair", area=aid)
        ctx.area(aid)["damage"] -= 1
        ctx.log("aw.city_repaired", "6.4", country=c, area=aid, damage=ctx.area(aid)["damage"])
    else:
        a, b = act["params"]["first"], act["params"]["second"]
        ctx.piece(a)["red"] = False
        pb = ctx.piece(b)
        # 9.5: the second unit goes to its open pool, which shows what fog hid (a reveal, as an elimination)
        leaving_map(ctx, [a, b], "pool")
        pb["army"], pb["city"], pb["red"] = None, False, False
        if pb["kind"] == "ship":
            # 6.16.c: what the removed ship carried goes aboard the one flipped to its front side (two reduced
            # ships carry at most one reduced unit each; a full ship takes two)
            for p in cargo_of(ctx, b):
                ctx.piece(p)["aboard"] = a
        if pb["kind"] == "merc" or is_mercenary(ctx, b):
            pb["hired"] = None
            ctx.move_piece(b, "gamepool")
        else:
            ctx.move_piece(b, "pool")
        ctx.log("aw.combined", "9.3", country=c, first=a, second=b)


def _explain(ctx: Ctx, frame: Frame, action_id: str) -> tuple[str, str] | None:
    head = action_id.split(":")[0]
    if head == "rebuild":
        return ("a reduced regular is rebuilt only with a path of friendly areas to a friendly home area "
                "(2 AP per strength point; mercenaries ½ AP)", "6.4")
    if head == "unpillage":
        return ("pillage is removed only in own home areas, associated areas or provinces the country controls",
                "6.4")
    if head == "repair":
        return ("only the holder of a city repairs it, never while it is under siege", "6.4")
    return ("only two reduced units of exactly the same kind and strength in one place combine, in an impulse "
            "with a card", "9.3")


HOOKS.add_menu(MenuEntry("rebuild", _offer, _apply, _explain, order=12))
for _prefix in ("unpillage", "repair", "combine"):
    HOOKS.add_menu(MenuEntry(_prefix, lambda ctx, f: [], _apply, _explain, order=13))
