"""Searching for enemy fleets and naval battles (6.16.f).

* Enemy fleets may share a sea zone without fighting; a battle needs a search. The phasing country makes
  one search per impulse in each sea zone where it has a fleet (menu ``search:<zone>``, or ``search`` in a
  fleet move): 1 AP, then one roll for each enemy country's fleet there. An inactive fleet may search each
  enemy fleet that enters its sea zone by movement, building or reinforcement, for 1 AP of its own
  (outside its impulse from its saved APs, decision).
* A search rolls 2D6: at least the lowest search number of the searching ships detects the fleet and a
  naval battle follows; below it nothing happens and a moving fleet may go on.
* The naval battle is a field battle without extra battle dice (battle kind ``naval``); the searching fleet
  attacks; nobody evades; the winners stay and the surviving losers retreat to an adjacent sea zone (the
  owner chooses; cargo goes along, a retreat triggers no search, decision). Fleets of different countries
  of one side never fight together; ships already in the zone do not help an entering fleet.
* A searching fleet that fought without an overrun is finished for the impulse (6.7.7) and searches no
  further fleet.
"""

from __future__ import annotations

from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.forces import is_finished, track_sorted
from ashur.games.assyrian_wars.rules.base.naval import (
    enemy_ship_countries,
    is_zone,
    move_ships,
    naval,
    naval_view,
    search_number,
    ships_at,
    ships_of,
)
from ashur.games.assyrian_wars.rules.base.players import role_of
from ashur.games.assyrian_wars.rules.course.impulse import can_pay, pay
from ashur.games.assyrian_wars.rules.land.battle import start_battle
from ashur.games.assyrian_wars.rules.land.hostilities import afford, phasing_frame
from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS, MenuEntry

Frame = dict[str, Any]
SEARCH_AP = 1


def roll_search(ctx: Ctx, searcher: str, ships: list[str], target: str, zone: str) -> bool:
    """6.16.f: 2D6 at least the lowest search number of the searching ships detects the fleet."""
    need = search_number(ctx, ships)
    values = ctx.dice(2, rule="6.16.f", why="aw.why.search", country=searcher, target=target, zone=zone)
    found = sum(values) >= need
    ctx.log("aw.search" if found else "aw.search_failed", "6.16.f", country=searcher, target=target, zone=zone,
            roll=sum(values), need=need)
    return found


def naval_battle(ctx: Ctx, loc: str, att: list[str], defn: list[str]) -> None:
    """6.16.f: a naval battle (the searching fleet attacks) at a sea zone or in a Trade Box."""
    from ashur.games.assyrian_wars.rules.land.entry import phasing_side

    start_battle(ctx, "naval", loc, att, defn, phasing=phasing_side(ctx, att, defn))


def loser_ships(ctx: Ctx, result: dict[str, Any], att: list[str], defn: list[str]) -> list[str]:
    """The surviving ships of the losing side of a naval battle."""
    winner = result.get("winner")
    if winner is None:
        return []
    losers = defn if winner == "att" else att
    return [p for p in losers if ctx.piece(p)["loc"] == result["area"]]


def push_naval_retreats(ctx: Ctx, ships: list[str], zone: str) -> None:
    """6.16.f: the surviving losers retreat to an adjacent sea zone, each country on its own."""
    by_country: dict[str, list[str]] = {}
    for p in ships:
        if ctx.piece(p)["loc"] == zone:
            by_country.setdefault(ctx.piece(p)["nation"], []).append(p)
    for c in reversed(track_sorted(ctx, list(by_country))):
        flow.push(ctx.s, "naval_retreat", c=c, ships=by_country[c], zone=zone)


# --- paying outside one's impulse ----------------------------------------------------------------------
def can_afford(ctx: Ctx, cid: str, ap: int) -> bool:
    """The phasing country pays from its impulse, any other from its saved APs (as declarations of war,
    docs/rules-decisions.md)."""
    return afford(ctx, cid, ap)


def pay_ap(ctx: Ctx, cid: str, ap: int, rule: str, what: str, **params: Any) -> None:
    f = phasing_frame(ctx, cid)
    if f is not None:
        pay(ctx, f, 2 * ap, rule, what, **params)
        return
    ctx.country(cid)["saved"] -= ap
    ctx.log("aw.spend_saved", rule, country=cid, ap=ap, what=what, **params)


@FLOW.register
class NavalRetreat(Step[Ctx]):
    """6.16.f: losers retreat into an adjacent sea zone of their owner's choice."""

    kind = "naval_retreat"
    rule = "6.16.f"

    def _ships(self, ctx: Ctx, frame: Frame) -> list[str]:
        return [p for p in frame["ships"] if ctx.piece(p)["loc"] == frame["zone"]]

    def _options(self, ctx: Ctx, frame: Frame) -> list[str]:
        return sorted(ctx.c.sea_neighbors(frame["zone"]))

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        if self._ships(ctx, frame) and len(self._options(ctx, frame)) > 1 and role_of(ctx, frame["c"]):
            return [frame["c"]]
        return []

    def run(self, ctx: Ctx, frame: Frame) -> None:
        opts = self._options(ctx, frame)
        self._go(ctx, frame, opts[0] if opts else None)

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        return [action(f"retreat:{z}", "aw.act.naval_retreat", "6.16.f", zone=z) for z in self._options(ctx, frame)]

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.naval_retreat", "params": {"country": actor, "zone": frame["zone"]}}

    def explain(self, ctx: Ctx, frame: Frame, actor: str, action_id: str) -> tuple[str, str]:
        return ("beaten ships retreat into an adjacent coastal sea zone", "6.16.f")

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        self._go(ctx, frame, act["params"]["zone"])

    def _go(self, ctx: Ctx, frame: Frame, dest: str | None) -> None:
        ships = self._ships(ctx, frame)
        flow.pop(ctx.s)
        if not ships:
            return
        if dest is None:
            from ashur.games.assyrian_wars.rules.land.casualties import rout_piece

            for p in ships:
                rout_piece(ctx, p, "6.16.f")
            return
        move_ships(ctx, ships, dest)
        ctx.log("aw.naval_retreated", "6.16.f", country=frame["c"], zone=frame["zone"], dest=dest, n=len(ships))


# --- the phasing country's search --------------------------------------------------------------------
def push_search(ctx: Ctx, c: str, zone: str, ships: list[str]) -> None:
    """Pay 1 AP and search every enemy fleet in `zone` with `ships` (6.16.f)."""
    imp = flow.find(ctx.s, "impulse")
    assert imp is not None
    pay(ctx, imp, 2 * SEARCH_AP, "6.16.f", "search", zone=zone)
    naval(ctx)["searched"].append(zone)
    targets = enemy_ship_countries(ctx, zone, c)
    flow.push(ctx.s, "search", c=c, zone=zone, ships=list(ships), targets=targets, i=0, phase="roll",
              fought=False, overrun=False, att=[], defn=[])


def may_search(ctx: Ctx, c: str, zone: str, ships: list[str]) -> bool:
    return (zone not in naval_view(ctx)["searched"] and bool(ships) and not is_finished(ctx, ships)
            and bool(enemy_ship_countries(ctx, zone, c)))


@FLOW.register
class Search(Step[Ctx]):
    """6.16.f: the phasing country's search rolls in one sea zone, a naval battle per detected fleet."""

    kind = "search"
    rule = "6.16.f"

    def run(self, ctx: Ctx, frame: Frame) -> None:
        zone = frame["zone"]
        ships = [p for p in frame["ships"] if ctx.piece(p)["loc"] == zone]
        if frame["phase"] == "battle":
            res = frame.pop("battle_result", None) or {}
            frame["phase"] = "roll"
            frame["fought"] = True
            frame["overrun"] = bool(res.get("overrun"))
            if res:
                push_naval_retreats(ctx, loser_ships(ctx, res, frame["att"], frame["defn"]), zone)
            if not res.get("overrun"):
                frame["i"] = len(frame["targets"])
            return
        i = frame["i"]
        if i >= len(frame["targets"]) or not ships or is_finished(ctx, ships):
            self._finish(ctx, frame)
            return
        frame["i"] = i + 1
        target = frame["targets"][i]
        enemy = ships_of(ctx, zone, target)
        if not enemy or not roll_search(ctx, frame["c"], ships, target, zone):
            return
        frame["att"], frame["defn"] = list(ships), list(enemy)
        frame["phase"] = "battle"
        naval_battle(ctx, zone, ships, enemy)

    def _finish(self, ctx: Ctx, frame: Frame) -> None:
        flow.pop(ctx.s)
        if ctx.s["stack"]:
            ctx.s["stack"][-1]["search_result"] = {"fought": frame["fought"], "overrun": frame["overrun"]}


# --- an inactive fleet searches an entering one ------------------------------------------------------
def push_inactive_searches(ctx: Ctx, zone: str, mover: str, ships: list[str]) -> None:
    """6.16.f: enemy fleets in `zone` may search each enemy fleet entering it (movement, building,
    reinforcement)."""
    if not is_zone(ctx, zone):
        return
    flow.push(ctx.s, "inactive_search", zone=zone, mover=mover, ships=list(ships), asked=[], ask=None,
              phase="ask", fought=False, overrun=False, att=[], defn=[])


def _entering(ctx: Ctx, frame: Frame) -> list[str]:
    return [p for p in frame["ships"] if ctx.piece(p)["loc"] == frame["zone"]]


@FLOW.register
class InactiveSearch(Step[Ctx]):
    """6.16.f: each enemy country with ships in the zone decides, in impulse-track order, whether it
    searches the entering fleet (1 AP)."""

    kind = "inactive_search"
    rule = "6.16.f"

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        return [frame["ask"]] if frame["ask"] else []

    def run(self, ctx: Ctx, frame: Frame) -> None:
        zone = frame["zone"]
        if frame["phase"] == "battle":
            res = frame.pop("battle_result", None) or {}
            frame["phase"] = "ask"
            frame["fought"] = True
            frame["overrun"] = frame["overrun"] or (res.get("overrun") and res.get("winner") == "def")
            if res:
                push_naval_retreats(ctx, loser_ships(ctx, res, frame["att"], frame["defn"]), zone)
            return
        entering = _entering(ctx, frame)
        if entering:
            for c in enemy_ship_countries(ctx, zone, frame["mover"], exclude=entering):
                if c in frame["asked"]:
                    continue
                frame["asked"].append(c)
                if role_of(ctx, c) is not None and can_afford(ctx, c, SEARCH_AP) \
                        and any(ctx.at_war(c, ctx.piece(p)["nation"]) for p in entering):
                    frame["ask"] = c
                return
        flow.pop(ctx.s)
        if ctx.s["stack"]:
            ctx.s["stack"][-1]["search_result"] = {"fought": frame["fought"], "overrun": frame["overrun"]}

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        return [action("search", "aw.act.inactive_search", "6.16.f", zone=frame["zone"], mover=frame["mover"],
                       ap=SEARCH_AP),
                action("no_search", "aw.act.no_search", "6.16.f", zone=frame["zone"])]

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.inactive_search", "params": {"country": actor, "zone": frame["zone"],
                                                               "mover": frame["mover"]}}

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        frame["ask"] = None
        zone = frame["zone"]
        if act["id"] == "no_search":
            ctx.log("aw.no_search", "6.16.f", country=actor, zone=zone)
            return
        pay_ap(ctx, actor, SEARCH_AP, "6.16.f", "search", zone=zone)
        mine = ships_of(ctx, zone, actor)
        entering = [p for p in _entering(ctx, frame) if ctx.at_war(actor, ctx.piece(p)["nation"])]
        if roll_search(ctx, actor, mine, frame["mover"], zone):
            frame["att"], frame["defn"] = list(mine), list(entering)
            frame["phase"] = "battle"
            naval_battle(ctx, zone, mine, entering)


# --- the menu: a search where the phasing country already has a fleet --------------------------------
def _fleet_here(ctx: Ctx, c: str, zone: str) -> list[str]:
    """The phasing country's ships in `zone` able to search (not finished, not in or out of a Trade Box in
    this impulse, 6.16.b)."""
    boxed = naval_view(ctx)["boxed"]
    return [p for p in ships_of(ctx, zone, c) if not is_finished(ctx, [p]) and p not in boxed]


def _offer(ctx: Ctx, frame: Frame) -> list[Action]:
    c = frame["c"]
    if not can_pay(frame, 2 * SEARCH_AP):
        return []
    out = []
    zones = sorted({p["loc"] for p in ctx.s["pieces"].values() if p["kind"] == "ship" and p["nation"] == c
                    and is_zone(ctx, p["loc"])})
    for zone in zones:
        if may_search(ctx, c, zone, _fleet_here(ctx, c, zone)):
            out.append(action(f"search:{zone}", "aw.act.search", "6.16.f", zone=zone, ap=SEARCH_AP,
                              n=len(ships_at(ctx, zone))))
    return out


def _apply(ctx: Ctx, frame: Frame, act: Action) -> None:
    zone = act["params"]["zone"]
    push_search(ctx, frame["c"], zone, _fleet_here(ctx, frame["c"], zone))


def _explain(ctx: Ctx, frame: Frame, action_id: str) -> tuple[str, str] | None:
    zone = action_id.split(":", 1)[-1]
    if zone in naval_view(ctx)["searched"]:
        return ("one search per impulse in each sea zone", "6.16.f")
    if not is_zone(ctx, zone) or not _fleet_here(ctx, frame["c"], zone):
        return ("a country searches only in a sea zone where it has a fleet", "6.16.f")
    if not enemy_ship_countries(ctx, zone, frame["c"]):
        return ("there is no enemy fleet to search for in that sea zone", "6.16.f")
    return ("a search costs 1 AP", "6.16.f")


HOOKS.add_menu(MenuEntry("search", _offer, _apply, _explain, order=31))
