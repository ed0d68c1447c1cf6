"""Disasters (6.11.a) and sabotage (6.11.k): attrition checks, pillage, treachery at a besieged city's gates,
assassins.

The card's target is chosen when the event resolves, after the Counter Measures window (6.11.a: Counter
Measures come before any effect of a disaster is determined). Targets are chosen from what every player
sees, so under fog of war (9.5) a choice never tells what a stack hides:

* ``attrition_check``: a country's ships in one sea zone or sea Trade Box; every force in one area; the
  besieging country's forces outside a besieged city; one country's (an enemy's) forces in one area. Every
  affected unit (leaders never, 6.6.1) rolls a die per check and each roll in ``hit_on`` (a 6 by default)
  is one hit that the owner places among them; a second check waits for the hits of the first. Under
  fog the dice are written for the owners only and the public reads that the country's forces there
  checked attrition (9.5, rules/base/secrecy.py).
* ``pillage``: pillage markers (6.14) in home areas of one country, or in areas of enemies, one step each,
  never beyond pillage 2, in as many different areas as the card says (fewer when fewer qualify).
* ``city_betrayal``: a die for a city the card's player besieges; on success the city falls as if taken
  by assault (6.8.2: the garrison routs, the city is taken, an overrun, 6.7.7).
* ``eliminate_leader``: a die for an enemy leader on the map whom the player sees (under fog the top of a
  stack); a king (or crowned leader) only on the king's numbers; an eliminated king is lost for good and
  costs 1 VP (6.7.3, 8.3.1, 10.3).
"""

from __future__ import annotations

from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.fog import stacks
from ashur.games.assyrian_wars.rules.base.control_areas import is_no_mans_land
from ashur.games.assyrian_wars.rules.base.forces import land_pieces_at, normalize, units_in
from ashur.games.assyrian_wars.rules.base.losses import eliminate
from ashur.games.assyrian_wars.rules.base.secrecy import fog_to, fogged, leaving_map, revealed
from ashur.games.assyrian_wars.rules.base.units import is_king, is_leader, is_mercenary, is_regular
from ashur.games.assyrian_wars.rules.course.card_effects import op
from ashur.games.assyrian_wars.rules.course.events import card_rule
from ashur.games.assyrian_wars.rules.land.casualties import rout_piece
from ashur.games.assyrian_wars.rules.land.siege import city_taken, enemy_city, garrison
from ashur.games.assyrian_wars.rules.registry import FLOW

Frame = dict[str, Any]
LAND = ("unit", "merc", "leader", "king")


# --- attrition checks ----------------------------------------------------------------------------------
def attrition_options(ctx: Ctx, c: str, target: str) -> list[tuple[str, str, str]]:
    """(option id, country or "", location) of the targets open to the card's player (public facts only)."""
    table = ctx.s["pieces"]
    out: set[tuple[str, str, str]] = set()
    if target == "ships_of_target_in_one_zone":
        for loc in ctx.locations():
            if loc in ctx.c.sea_zones or loc.startswith("trade:"):
                for pid in ctx.pieces_here(loc):
                    if table[pid]["kind"] == "ship":
                        owner = ctx.owner(pid)
                        out.add((f"ships:{owner}:{loc}", owner, loc))
        return sorted(out)
    if target == "besieging_force":
        for aid, siege in sorted(ctx.s["sieges"].items()):
            if any(ctx.owner(p) == siege["besieger"] for p in land_pieces_at(ctx, aid, False)):
                out.add((f"siege:{aid}", siege["besieger"], aid))
        return sorted(out)
    for loc in ctx.locations():
        if loc not in ctx.c.areas:
            continue
        for pid in ctx.pieces_here(loc):
            if table[pid]["kind"] not in LAND:
                continue
            owner = ctx.owner(pid)
            if target == "all_forces_in_area":
                out.add((f"area:{loc}", "", loc))
            elif target == "any_force" or ctx.at_war(c, owner):
                out.add((f"force:{owner}:{loc}", owner, loc))
    return sorted(out)


def _affected(ctx: Ctx, pid: str, units: str, ships: bool) -> bool:
    kind = ctx.piece(pid)["kind"]
    if ships:
        return kind == "ship"
    if kind not in ("unit", "merc"):
        return False
    return units == "all" or (units == "regulars" and is_regular(ctx, pid)) or \
        (units == "mercenaries" and is_mercenary(ctx, pid))


def attrition_groups(ctx: Ctx, option: str, units: str) -> list[dict[str, Any]]:
    """Per owner: the units that check attrition and every piece of that owner's force there (9.5)."""
    kind, *rest = option.split(":")
    loc = rest[-1]
    ships = kind == "ships"
    if kind == "siege":
        owners = [ctx.s["sieges"][loc]["besieger"]]
        pieces = land_pieces_at(ctx, loc, False)
    else:
        owners = [rest[0]] if kind in ("ships", "force") else []
        pieces = [p for p in ctx.pieces_at(loc) if ctx.piece(p)["kind"] in (("ship",) if ships else LAND)]
    by_owner: dict[str, list[str]] = {}
    for p in pieces:
        if not owners or ctx.owner(p) in owners:
            by_owner.setdefault(ctx.owner(p), []).append(p)
    return [{"owner": o, "loc": loc, "group": sorted(ps),
             "units": sorted(p for p in ps if _affected(ctx, p, units, ships))}
            for o, ps in sorted(by_owner.items(), key=lambda kv: _track_pos(ctx, kv[0]))]


def _track_pos(ctx: Ctx, cid: str) -> tuple[int, str]:
    track = ctx.track()
    return (track.index(cid) if cid in track else len(track), cid)


def check_attrition(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    if not attrition_options(ctx, frame["c"], o.target):
        return {"ships_of_target_in_one_zone": "no ships at sea or in a sea Trade Box (6.11.a)",
                "besieging_force": "no city is besieged (6.8)",
                "all_forces_in_area": "no forces on the map (6.6.1)"}.get(
            o.target, "no enemy forces on the map (6.6.1)")
    return None


@op("attrition_check", check_attrition)
def run_attrition(ctx: Ctx, frame: Frame, o: Any) -> None:
    flow.push(ctx.s, "attrition_target", card=frame["card"], c=frame["c"], target=o.target, times=o.times,
              hit_on=list(o.hit_on), units=o.units)


@FLOW.register
class AttritionTarget(Step[Ctx]):
    """6.11.a, 6.11.k: the card's player picks what the attrition check strikes."""

    kind = "attrition_target"
    rule = "6.11.a"

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        return [frame["c"]] if attrition_options(ctx, frame["c"], frame["target"]) else []

    def run(self, ctx: Ctx, frame: Frame) -> None:
        flow.pop(ctx.s)

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        rule = card_rule(ctx, frame["card"])
        # an area's forces of every country: no country (None reads "every country", not an empty word)
        return [action(f"target:{oid}", "aw.act.wars_attrition_target", rule, country=owner or None, loc=loc,
                       card=frame["card"])
                for oid, owner, loc in attrition_options(ctx, frame["c"], frame["target"])]

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.wars_attrition_target",
                "params": {"country": actor, "card": frame["card"], "name": ctx.card(frame["card"]).name}}

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        flow.pop(ctx.s)
        option = act["id"].split(":", 1)[1]
        groups = attrition_groups(ctx, option, frame["units"])
        rule = card_rule(ctx, frame["card"])
        ctx.log("aw.wars.attrition", rule, country=actor, card=frame["card"], name=ctx.card(frame["card"]).name,
                target=act["params"]["country"], loc=act["params"]["loc"], times=frame["times"],
                hit_on=frame["hit_on"])
        flow.push(ctx.s, "attrition_rounds", card=frame["card"], left=frame["times"], done=0, groups=groups,
                  hit_on=frame["hit_on"])


@FLOW.register
class AttritionRounds(Step[Ctx]):
    """6.6.1: each check rolls a die per affected unit still there; its hits are placed before the next."""

    kind = "attrition_rounds"
    rule = "6.6.1"

    def run(self, ctx: Ctx, frame: Frame) -> None:
        if frame["left"] <= 0:
            flow.pop(ctx.s)
            return
        frame["left"] -= 1
        frame["done"] += 1
        pushes = []
        for g in frame["groups"]:
            loc = g["loc"]
            group = [p for p in g["group"] if ctx.piece(p)["loc"] == loc]
            units = [p for p in g["units"] if ctx.piece(p)["loc"] == loc]
            if not group:
                continue
            to = fog_to(ctx, group)
            values = ctx.dice(len(units), rule="6.6.1", why="aw.why.wars_attrition", to=to, card=frame["card"],
                              pieces=units, check=frame["done"]) if units else []
            if to is not None:
                # 9.5: the number of dice would tell the strength of a fogged force
                ctx.log("aw.wars.attrition_public", "6.6.1", country=g["owner"], loc=loc, card=frame["card"])
            hits = sum(1 for v in values if v in frame["hit_on"])
            if hits:
                pushes.append({"owner": g["owner"], "pieces": units, "hits": hits})
        for p in reversed(pushes):
            flow.push(ctx.s, "assign_hits", owner=p["owner"], pieces=p["pieces"], hits=p["hits"], rule="6.6.1")


# --- pillage ----------------------------------------------------------------------------------------------
def _pillageable(ctx: Ctx, aid: str) -> bool:
    return aid in ctx.c.areas and not is_no_mans_land(ctx, aid) and int(ctx.area(aid)["pillage"]) < 2


def pillage_countries(ctx: Ctx) -> list[str]:
    """Countries in the game with a home area that can take a pillage marker (6.14)."""
    return [c for c in ctx.track() + sorted(set(ctx.s["countries"]) - set(ctx.track()))
            if any(_pillageable(ctx, a) for a in ctx.c.home_areas(c))]


def pillage_areas(ctx: Ctx, c: str, target: str, country: str | None, done: list[str]) -> list[str]:
    if target == "home_area_of_target":
        areas = list(ctx.c.home_areas(country)) if country else []
    else:
        areas = [a for a, spec in sorted(ctx.c.areas.items()) if spec.nation in ctx.s["countries"]
                 and spec.nation != c and ctx.at_war(c, spec.nation)]
    return sorted(a for a in areas if a not in done and _pillageable(ctx, a))


def check_pillage(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    if o.target == "home_area_of_target":
        return None if pillage_countries(ctx) else "no home area can take a pillage marker (6.14)"
    return None if pillage_areas(ctx, frame["c"], o.target, None, []) else "no enemy area can be pillaged (6.14)"


@op("pillage", check_pillage)
def run_pillage(ctx: Ctx, frame: Frame, o: Any) -> None:
    flow.push(ctx.s, "pillage_target", card=frame["card"], c=frame["c"], target=o.target, levels=o.levels,
              count=o.count, country=None, done=[])


@FLOW.register
class PillageTarget(Step[Ctx]):
    """6.11.a, 6.14: the card's player picks the country, then the areas, one at a time."""

    kind = "pillage_target"
    rule = "6.14"

    def _areas(self, ctx: Ctx, frame: Frame) -> list[str]:
        return pillage_areas(ctx, frame["c"], frame["target"], frame["country"], frame["done"])

    def _choosing_country(self, frame: Frame) -> bool:
        return frame["target"] == "home_area_of_target" and frame["country"] is None

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        if self._choosing_country(frame):
            return [frame["c"]] if pillage_countries(ctx) else []
        if len(frame["done"]) >= frame["count"] or not self._areas(ctx, frame):
            return []
        return [frame["c"]]

    def run(self, ctx: Ctx, frame: Frame) -> None:
        flow.pop(ctx.s)

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        if self._choosing_country(frame):
            return [action(f"country:{c}", "aw.act.wars_pillage_country", "6.14", country=c, card=frame["card"])
                    for c in pillage_countries(ctx)]
        return [action(f"area:{a}", "aw.act.wars_pillage_area", "6.14", area=a, level=ctx.area(a)["pillage"],
                       card=frame["card"]) for a in self._areas(ctx, frame)]

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.wars_pillage",
                "params": {"country": actor, "card": frame["card"], "n": frame["count"] - len(frame["done"])}}

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        if act["id"].startswith("country:"):
            frame["country"] = act["params"]["country"]
            return
        aid = act["params"]["area"]
        st = ctx.area(aid)
        st["pillage"] = min(2, int(st["pillage"]) + int(frame["levels"]))
        frame["done"].append(aid)
        ctx.log("aw.wars.pillage", "6.14", country=actor, card=frame["card"], name=ctx.card(frame["card"]).name,
                area=aid, level=st["pillage"], card_rule=card_rule(ctx, frame["card"]))


# --- treachery at the gates ----------------------------------------------------------------------------------
def betrayal_sieges(ctx: Ctx, c: str) -> list[str]:
    """Cities `c` besieges (6.8): its siege, the city still an enemy's, its forces still outside."""
    return [aid for aid, siege in sorted(ctx.s["sieges"].items())
            if siege["besieger"] == c and enemy_city(ctx, aid, c)
            and any(ctx.owner(p) == c for p in units_in(ctx, land_pieces_at(ctx, aid, False)))]


def check_betrayal(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    return None if betrayal_sieges(ctx, frame["c"]) else "you besiege no enemy city (6.8)"


@op("city_betrayal", check_betrayal)
def run_betrayal(ctx: Ctx, frame: Frame, o: Any) -> None:
    cities = betrayal_sieges(ctx, frame["c"])
    if len(cities) == 1:
        betray(ctx, frame["c"], frame["card"], cities[0], list(o.success_on))
    elif cities:
        flow.push(ctx.s, "betrayal_target", card=frame["card"], c=frame["c"], success_on=list(o.success_on))


def betray(ctx: Ctx, c: str, card: int, aid: str, success_on: list[int]) -> None:
    """6.11.k: on a success the city falls as if taken by assault: the garrison routs (6.8.2), the city is
    taken with its VPs (8.3) and it is an overrun (6.7.7)."""
    rule = card_rule(ctx, card)
    v = ctx.die(rule=rule, why="aw.why.betrayal", card=card, area=aid)
    if v not in success_on:
        ctx.log("aw.wars.betrayal_failed", rule, country=c, card=card, area=aid)
        return
    ctx.log("aw.wars.betrayal", rule, country=c, card=card, area=aid)
    defenders = garrison(ctx, aid)
    units = len(units_in(ctx, defenders))
    leaving_map(ctx, defenders, "regroup")
    for p in defenders:
        rout_piece(ctx, p, "6.8.2")
    normalize(ctx)
    besiegers = [p for p in land_pieces_at(ctx, aid, False) if ctx.owner(p) == c]
    city_taken(ctx, aid, c, besiegers, units, "6.8.2", overrun=True)


@FLOW.register
class BetrayalTarget(Step[Ctx]):
    """6.11.k: the card's player picks the besieged city."""

    kind = "betrayal_target"
    rule = "6.11.k"

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        return [frame["c"]] if betrayal_sieges(ctx, frame["c"]) else []

    def run(self, ctx: Ctx, frame: Frame) -> None:
        flow.pop(ctx.s)

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        return [action(f"city:{a}", "aw.act.wars_betrayal_city", "6.11.k", area=a, card=frame["card"])
                for a in betrayal_sieges(ctx, frame["c"])]

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.wars_betrayal", "params": {"country": actor, "card": frame["card"]}}

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        flow.pop(ctx.s)
        betray(ctx, actor, frame["card"], act["params"]["area"], frame["success_on"])


# --- assassins ------------------------------------------------------------------------------------------------
def leader_targets(ctx: Ctx, c: str, target: str) -> list[str]:
    """Enemy leaders on the map that `c` sees (9.5: under fog only the tops of stacks, and pieces shown)."""
    table = ctx.s["pieces"]
    if fogged(ctx):
        seen = {st["top"] for st in stacks(ctx)} | revealed(ctx)
        pool = sorted(p for p in seen if is_leader(ctx, p))
    else:
        pool = sorted(p for p, q in table.items() if q["kind"] in ("leader", "king"))
    return [p for p in pool if ctx.on_map(table[p]["loc"]) and table[p]["loc"] != "setup"
            and ctx.at_war(c, ctx.owner(p)) and (target == "enemy_leader_or_king" or not is_king(ctx, p))]


def check_assassins(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    return None if leader_targets(ctx, frame["c"], o.target) else "no enemy leader on the map (6.11.k)"


@op("eliminate_leader", check_assassins)
def run_assassins(ctx: Ctx, frame: Frame, o: Any) -> None:
    flow.push(ctx.s, "leader_target", card=frame["card"], c=frame["c"], target=o.target,
              success_on=list(o.success_on), king_success_on=list(o.king_success_on))


@FLOW.register
class LeaderTarget(Step[Ctx]):
    """6.11.k: the card's player picks the enemy leader; a die decides his fate."""

    kind = "leader_target"
    rule = "6.11.k"

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        return [frame["c"]] if leader_targets(ctx, frame["c"], frame["target"]) else []

    def run(self, ctx: Ctx, frame: Frame) -> None:
        flow.pop(ctx.s)

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        return [action(f"leader:{p}", "aw.act.wars_leader", "6.11.k", piece=p, country=ctx.owner(p),
                       area=ctx.piece(p)["loc"], king=is_king(ctx, p), card=frame["card"])
                for p in leader_targets(ctx, frame["c"], frame["target"])]

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.wars_leader", "params": {"country": actor, "card": frame["card"]}}

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        flow.pop(ctx.s)
        pid = act["params"]["piece"]
        king = is_king(ctx, pid)
        pips = frame["king_success_on"] if king else frame["success_on"]
        rule = card_rule(ctx, frame["card"])
        v = ctx.die(rule=rule, why="aw.why.assassins", card=frame["card"], piece=pid)
        if v not in pips:
            ctx.log("aw.wars.assassins_failed", rule, country=actor, card=frame["card"], piece=pid,
                    nation=ctx.owner(pid), king=king)
            return
        ctx.log("aw.wars.assassins", rule, country=actor, card=frame["card"], piece=pid, nation=ctx.owner(pid),
                king=king)
        eliminate(ctx, pid, "6.7.4")
        normalize(ctx)
