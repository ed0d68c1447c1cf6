"""Activation and deactivation of minors (6.17, 6.9 "Allied Minors Become Unaligned", 7.1.D, 3.4).

* Activation (6.17, 6.9): when a minor is attacked or becomes allied it sets up its forces as its set-up
  instructions say, receives a random mercenary, its home card and a hand dealt from the draw pile (the
  set-up's hand size). A minor activated again ignores its set-up: its player places the units from its
  home card, at their strength, into unoccupied home city areas, and it draws new cards (ECO level − 1
  within its hand limits, 6.9 "cards according to its ECO level"; see docs/rules-decisions.md).
* Deactivation (6.9, 7.1.D): its forces go to its home card as they are, its raiders to the Regroup Box,
  units already in the Regroup Box stay there, and every card but its home card is discarded.
"""

from __future__ import annotations

from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.secrecy import leaving_map
from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS

Frame = dict[str, Any]


def _scenario_activation(ctx: Ctx, minor: str) -> tuple[Any, Any]:
    setup = ctx.c.setups[ctx.s["scenario"]].activation.get(minor)
    data = ctx.c.scenarios[ctx.s["scenario"]].activation.get(minor)
    return setup, data


def placement_areas(ctx: Ctx, minor: str) -> list[str]:
    """6.17: unoccupied home city areas the minor controls (its square home areas if it has no city)."""
    homes = [a for a in ctx.c.home_cities(minor)] or [a for a in ctx.c.home_areas(minor)
                                                     if ctx.c.areas[a].is_square]
    out = []
    for aid in sorted(homes):
        if ctx.area_ctrl(aid) != minor:
            continue
        if any(ctx.owner(p) != minor for p in ctx.pieces_at(aid)
               if ctx.piece(p)["kind"] in ("unit", "merc", "leader", "king")):
            continue
        out.append(aid)
    return out


def activate(ctx: Ctx, minor: str, rule: str) -> None:
    """6.17 / 6.9: activate a minor (idempotent)."""
    from ashur.games.assyrian_wars.rules.course.economy import hand_limits
    from ashur.games.assyrian_wars.rules.course.mercenaries import allotment, draw_mercenaries
    from ashur.games.assyrian_wars.setup import place_fleet, place_force

    co = ctx.country(minor)
    if co["active"] or not ctx.is_minor(minor):
        return
    co["active"] = True
    co["saved"] = 0
    co["borrowed"] = 0
    setup, data = _scenario_activation(ctx, minor)
    if not co.get("set_up") and setup is not None:
        forces, fleets = setup
        for force in forces:
            if all(ctx.piece(p)["loc"] in ("pool", "setup", "homecard") for p in force.units):
                place_force(ctx, force, "6.17")
        for fleet in fleets:
            if all(ctx.piece(p)["loc"] in ("pool", "setup", "homecard") for p in fleet.ships):
                place_fleet(ctx, fleet)
        co["set_up"] = True
        n_cards = int(data.hand) if data is not None else 1
        ctx.log("aw.minor_set_up", "6.17", country=minor)
        _enemies_met(ctx, minor)
    else:
        co["set_up"] = True
        low, high = hand_limits(ctx, minor)
        n_cards = max(low, min(high, int(co["eco"]) - 1))
        waiting = [pid for pid in ctx.pieces_at("homecard") if ctx.owner(pid) == minor]
        if waiting:
            flow.push(ctx.s, "reactivation", minor=minor, queue=waiting)
    for number in ctx.c.home_cards(minor):
        if number not in co["hand"] and number not in co["home_discard"] and not _elsewhere(ctx, number):
            co["hand"].append(number)
    draw_mercenaries(ctx, minor, allotment(ctx, minor), "6.17")
    ctx.draw(minor, n_cards, "6.17")
    ctx.log("aw.minor_activated", rule, country=minor)


def _enemies_met(ctx: Ctx, minor: str) -> None:
    """6.17 / 6.12: forces set up where enemies already stand outside the city (a tribe, at war with every
    country, 10.1) may not share the area with them: they fight at once as new enemies do (10.4.f), the
    enemy already there attacking. An area being entered (or fought over) is left to its own battle (6.7)."""
    from ashur.games.assyrian_wars.rules.base.forces import land_pieces_at

    pending = {f.get("area") for f in ctx.s["stack"] if f["step"] in ("entry", "battle")}
    areas = sorted({p["loc"] for pid, p in ctx.s["pieces"].items() if p["kind"] in ("unit", "merc")
                    and not p["city"] and p["loc"] in ctx.c.areas and p["loc"] not in pending
                    and ctx.owner(pid) == minor})
    enemies = sorted({ctx.owner(pid) for aid in areas for pid in land_pieces_at(ctx, aid, False)
                      if ctx.piece(pid)["kind"] in ("unit", "merc") and ctx.at_war(ctx.owner(pid), minor)})
    if enemies:
        HOOKS.call("politics.coexistence", ctx, [(enemy, minor) for enemy in enemies])


def _elsewhere(ctx: Ctx, number: int) -> bool:
    for co in ctx.s["countries"].values():
        if number in co["hand"] or number in co["home_discard"]:
            return True
    return number in ctx.s["discard"] or any(f["card"] == number for f in ctx.s["faceup"])


def deactivate(ctx: Ctx, minor: str, rule: str) -> None:
    """6.9 / 7.1.D: forces to the home card, raiders to the Regroup Box, cards but home cards discarded."""
    co = ctx.country(minor)
    if not co["active"] or not ctx.is_minor(minor):
        return
    co["active"] = False
    # 9.5: the home card is open to all, so the sides of fogged forces leaving the map for it are revealed.
    leaving_map(ctx, [pid for pid, p in ctx.s["pieces"].items()
                      if ctx.owner(pid) == minor and ctx.on_map(p["loc"])], "homecard")
    moved = 0
    for pid, p in sorted(ctx.s["pieces"].items()):
        if ctx.owner(pid) != minor:
            continue
        loc = p["loc"]
        if loc.startswith("raid:"):
            ctx.move_piece(pid, "regroup")
            ctx.piece(pid)["army"] = None
        elif ctx.on_map(loc):
            ctx.move_piece(pid, "homecard")
            ctx.piece(pid)["city"] = False
            moved += 1
    discarded = [n for n in co["hand"] if not ctx.is_home_card(n)]
    for number in discarded:
        co["hand"].remove(number)
        ctx.s["discard"].append(number)
    if discarded:
        ctx.reveal()  # the hand becomes public on the discard pile
        ctx.log("aw.cards_discarded", rule, country=minor, cards=discarded)
    co["hand"].extend(co["home_discard"])
    co["home_discard"] = []
    co["saved"] = 0
    co["borrowed"] = 0
    for table in ("control", "control_mode", "control_camp"):
        ctx.s.get(table, {}).pop(minor, None)
    ctx.log("aw.minor_deactivated", rule, country=minor, n=moved)


@FLOW.register
class Reactivation(Step[Ctx]):
    """6.17 / 6.9: the player of a minor activated again places the units of its home card, one at a time
    (or all at once), into unoccupied home city areas; with none left they go to the Regroup Box."""

    kind = "reactivation"
    rule = "6.17"

    def _queue(self, ctx: Ctx, frame: Frame) -> list[str]:
        return [p for p in frame["queue"] if ctx.piece(p)["loc"] == "homecard"]

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        from ashur.games.assyrian_wars.rules.base.players import role_of

        if not self._queue(ctx, frame) or not placement_areas(ctx, frame["minor"]):
            return []
        if role_of(ctx, frame["minor"]) is None:
            return []
        return [frame["minor"]]

    def run(self, ctx: Ctx, frame: Frame) -> None:
        queue = self._queue(ctx, frame)
        areas = placement_areas(ctx, frame["minor"])
        flow.pop(ctx.s)
        for pid in queue:
            dest = areas[0] if areas else "regroup"
            self._place(ctx, pid, dest, frame["minor"])

    def _place(self, ctx: Ctx, pid: str, dest: str, minor: str) -> None:
        p = ctx.piece(pid)
        if p["kind"] == "ship":
            cities = [ctx.c.areas[a].city for a in ctx.c.home_cities(minor)]
            zones = sorted(c.port for c in cities if c is not None and c.port)
            dest = zones[0] if zones else "regroup"
        ctx.move_piece(pid, dest)
        p["city"] = False
        if p.get("army") and ctx.piece(p["army"])["loc"] != dest:
            p["army"] = None
        ctx.log("aw.reactivation_placed", "6.17", country=minor, piece=pid, area=dest)

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        queue = self._queue(ctx, frame)
        acts = []
        for aid in placement_areas(ctx, frame["minor"]):
            acts.append(action(f"place:{aid}", "aw.act.reactivation_place", "6.17", piece=queue[0], area=aid))
            if len(queue) > 1:
                acts.append(action(f"place_all:{aid}", "aw.act.reactivation_place_all", "6.17", n=len(queue),
                                   area=aid))
        return acts

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.reactivation", "params": {"country": frame["minor"],
                                                             "n": len(self._queue(ctx, frame))}}

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        queue = self._queue(ctx, frame)
        aid = act["params"]["area"]
        chosen = queue if act["id"].startswith("place_all:") else queue[:1]
        for pid in chosen:
            self._place(ctx, pid, aid, frame["minor"])
        if not self._queue(ctx, frame):
            flow.pop(ctx.s)
