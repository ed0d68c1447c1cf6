"""Building, repairing and buying back ships (6.1, 6.16.a, 6.5).

* Build (``ship_build:<zone>``): a ship of the country's force pool, at full strength, for 2 AP, into a sea
  zone beside a friendly home port (a port city of its own home area that it holds, free of enemy land
  units, 6.1); zones without enemy ships first, a zone with enemy ships only when no other is open. Without
  a home port no ship is built.
* Repair (``ship_repair:<ship>``): 1 AP flips a reduced ship in a sea zone with a friendly port back to
  full strength (a ship in a Trade Box is not in a sea zone).
* Regroup Box (``ship_regroup:<ship>``): 1 AP places a ship from the Regroup Box like a new one, at its
  present strength (6.5; decision: ships routed in a naval battle go there, 6.7.4.a).
* A ship placed in a zone with enemy ships may be searched by them (6.16.f).
"""

from __future__ import annotations

from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.forces import nation_pieces
from ashur.games.assyrian_wars.rules.base.naval import (
    has_friendly_port,
    home_port_zones,
    is_zone,
    naval,
    naval_view,
    ships_at,
)
from ashur.games.assyrian_wars.rules.base.players import role_of
from ashur.games.assyrian_wars.rules.course.impulse import can_pay, pay
from ashur.games.assyrian_wars.rules.naval.search import push_inactive_searches
from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS, MenuEntry

Frame = dict[str, Any]
BUILD_AP = 2
REPAIR_AP = 1
REGROUP_AP = 1


def enemy_ships_in(ctx: Ctx, zone: str, cid: str) -> bool:
    return any(ctx.at_war(ctx.piece(p)["nation"], cid) for p in ships_at(ctx, zone))


def build_zones(ctx: Ctx, cid: str) -> list[str]:
    """6.16.a: zones beside a friendly home port without enemy ships; if none, those with enemy ships."""
    zones = home_port_zones(ctx, cid)
    clear = [z for z in zones if not enemy_ships_in(ctx, z, cid)]
    return clear or zones


def pool_ships(ctx: Ctx, cid: str) -> list[str]:
    pieces = ctx.s["pieces"]
    return [p for p in ctx.pieces_here("pool") if (sp := pieces[p])["kind"] == "ship" and sp["nation"] == cid]


def regroup_ships(ctx: Ctx, cid: str) -> list[str]:
    """Ships of the country in the Regroup Box, one per side (full or reduced)."""
    seen: dict[bool, str] = {}
    pieces = ctx.s["pieces"]
    for p in ctx.pieces_here("regroup"):
        sp = pieces[p]
        if sp["kind"] == "ship" and sp["nation"] == cid:
            seen.setdefault(bool(sp["red"]), p)
    return [seen[k] for k in sorted(seen)]


def repairable(ctx: Ctx, cid: str) -> list[str]:
    """6.16.a: reduced ships of the country in a sea zone holding a friendly port, one per zone."""
    out: dict[str, str] = {}
    done = naval_view(ctx)["repaired"]
    pieces = ctx.s["pieces"]
    for pid in nation_pieces(ctx, cid):
        p = pieces[pid]
        if p["kind"] != "ship" or not p["red"] or not is_zone(ctx, p["loc"]) or pid in done:
            continue
        if has_friendly_port(ctx, p["loc"], cid):
            out.setdefault(p["loc"], pid)
    return [out[z] for z in sorted(out)]


def _offer(ctx: Ctx, frame: Frame) -> list[Action]:
    c = frame["c"]
    acts: list[Action] = []
    pieces = ctx.s["pieces"]
    # the ships to build or regroup come first: the build zones (ports, enemy ships) are sought only for them
    building = can_pay(frame, 2 * BUILD_AP) and bool(pool_ships(ctx, c))
    regrouping = regroup_ships(ctx, c) if can_pay(frame, 2 * REGROUP_AP) else []
    zones = build_zones(ctx, c) if building or regrouping else []
    if zones and building:
        acts += [action(f"ship_build:{z}", "aw.act.ship_build", "6.16.a", zone=z, ap=BUILD_AP) for z in zones]
    if can_pay(frame, 2 * REPAIR_AP):
        acts += [action(f"ship_repair:{p}", "aw.act.ship_repair", "6.16.a", ship=p, zone=pieces[p]["loc"],
                        ap=REPAIR_AP) for p in repairable(ctx, c)]
    if zones:
        acts += [action(f"ship_regroup:{p}", "aw.act.ship_regroup", "6.5", ship=p, reduced=pieces[p]["red"],
                        ap=REGROUP_AP) for p in regrouping]
    return acts


def _apply(ctx: Ctx, frame: Frame, act: Action) -> None:
    c = frame["c"]
    head = act["id"].split(":")[0]
    if head == "ship_build":
        ship = pool_ships(ctx, c)[0]
        pay(ctx, frame, 2 * BUILD_AP, "6.16.a", "ship", piece=ship)
        ctx.piece(ship)["red"] = False
        place_ship(ctx, c, ship, act["params"]["zone"], "6.16.a", "aw.ship_built")
    elif head == "ship_repair":
        ship = act["params"]["ship"]
        pay(ctx, frame, 2 * REPAIR_AP, "6.16.a", "ship repair", piece=ship)
        ctx.piece(ship)["red"] = False
        naval(ctx)["repaired"].append(ship)
        ctx.log("aw.ship_repaired", "6.16.a", country=c, ship=ship, zone=ctx.piece(ship)["loc"])
    else:
        ship = act["params"]["ship"]
        zones = build_zones(ctx, c)
        pay(ctx, frame, 2 * REGROUP_AP, "6.5", "ship from the Regroup Box", piece=ship)
        if len(zones) == 1:
            place_ship(ctx, c, ship, zones[0], "6.5", "aw.ship_regrouped")
        else:
            flow.push(ctx.s, "ship_place", c=c, ship=ship, zones=zones)


def place_ship(ctx: Ctx, c: str, ship: str, zone: str, rule: str, key: str) -> None:
    """Put a new or regrouped ship into `zone`; enemy fleets there may search it (6.16.f)."""
    ctx.move_piece(ship, zone)
    ctx.log(key, rule, country=c, ship=ship, zone=zone)
    push_inactive_searches(ctx, zone, c, [ship])


@FLOW.register
class ShipPlace(Step[Ctx]):
    """6.5/6.16.a: the sea zone where a ship from the Regroup Box is placed."""

    kind = "ship_place"
    rule = "6.5"

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        return [frame["c"]] if role_of(ctx, frame["c"]) else []

    def run(self, ctx: Ctx, frame: Frame) -> None:
        flow.pop(ctx.s)
        place_ship(ctx, frame["c"], frame["ship"], frame["zones"][0], "6.5", "aw.ship_regrouped")

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        return [action(f"zone:{z}", "aw.act.ship_place", "6.5", zone=z, ship=frame["ship"]) for z in frame["zones"]]

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.ship_place", "params": {"country": actor, "ship": frame["ship"]}}

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        flow.pop(ctx.s)
        place_ship(ctx, frame["c"], frame["ship"], act["params"]["zone"], "6.5", "aw.ship_regrouped")


def _explain(ctx: Ctx, frame: Frame, action_id: str) -> tuple[str, str] | None:
    head, _, arg = action_id.partition(":")
    c = frame["c"]
    if head == "ship_build":
        if not home_port_zones(ctx, c):
            return ("without a friendly home port no ship can be built", "6.16.a")
        if arg not in home_port_zones(ctx, c):
            return ("a new ship goes into a sea zone beside a friendly home port", "6.16.a")
        if arg not in build_zones(ctx, c):
            return ("a new ship goes into a zone without enemy ships while there is one beside a home port",
                    "6.16.a")
        if not pool_ships(ctx, c):
            return ("the country has no ship in its force pool", "6.1")
        return ("building a ship costs 2 AP", "6.16.a")
    if head == "ship_repair":
        p = ctx.s["pieces"].get(arg)
        if p is None or p["kind"] != "ship" or p["nation"] != c or not p["red"]:
            return ("only a reduced ship of the country is repaired", "6.16.a")
        if not is_zone(ctx, p["loc"]) or not has_friendly_port(ctx, p["loc"], c):
            return ("a ship is repaired only in a sea zone with a friendly port", "6.16.a")
        return ("repairing a ship costs 1 AP", "6.16.a")
    return ("a ship is bought back from the Regroup Box for 1 AP and placed like a new one", "6.5")


HOOKS.add_menu(MenuEntry("ship_build", _offer, _apply, _explain, order=14))
for _prefix in ("ship_repair", "ship_regroup"):
    HOOKS.add_menu(MenuEntry(_prefix, lambda ctx, f: [], _apply, _explain, order=15))
