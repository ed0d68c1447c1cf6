"""Naval movement (6.16.b, 1.3 the open sea) with transport (6.16.c–e) and searches (6.16.f).

The ``fleet_move`` frame moves the phasing country's fleet — all its ships in a sea zone that have not
moved this impulse, and the ships of allies that consent (multinational fleet) — step by step:

* ``to:<zone>``: ½ AP into an adjacent coastal sea zone. Ships never enter land areas, Sealand excepted
  (it is a sea zone too); the open sea is crossed only through a Trade Box (1.3). Enemy fleets in the
  zone may search the entering fleet (6.16.f); a naval battle without an overrun ends the move.
* ``trade:<box>`` / ``contest:<box>``: 1 AP into a sea Trade Box entered from this zone, as the only thing
  the ships do in the impulse, never with cargo (6.16.b, 6.16.c); a box without room for the whole fleet
  is entered only by fighting for it (6.16.g, :mod:`rules.tradeboxes`). From a box, ``out:<zone>`` leaves
  it for 1 AP into a zone it is entered from (decision: two impulses, so it never shortens a move).
* ``board:<force>`` / ``land:<area>``: boarding and disembarking in port areas (:mod:`rules.transport`).
* ``search``: the one search of the impulse in this zone (1 AP); ``invite:<country>`` asks an ally to add
  its ships; ``drop:<ship>`` leaves a ship where it is; ``stop`` ends the move.

Each ship takes part in at most one fleet move per impulse (decision: no back-and-forth).
"""

from __future__ import annotations

from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.forces import is_finished, normalize
from ashur.games.assyrian_wars.rules.base.naval import (
    TRADE,
    cargo_of,
    is_zone,
    move_ships,
    naval,
    naval_view,
    sea_box,
    ships_at,
)
from ashur.games.assyrian_wars.rules.base.players import role_of
from ashur.games.assyrian_wars.rules.base.secrecy import log_fogged, restacked
from ashur.games.assyrian_wars.rules.course.impulse import can_pay, pay, stacks_show_all
from ashur.games.assyrian_wars.rules.land.hostilities import declare
from ashur.games.assyrian_wars.rules.naval.search import may_search, push_inactive_searches, push_search
from ashur.games.assyrian_wars.rules.naval.transport import (
    after_landing,
    board,
    boardable,
    cargo_split,
    disembark,
    landing_areas,
    landing_wars,
)
from ashur.games.assyrian_wars.rules.politics.war import dow_cost
from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS, MenuEntry

Frame = dict[str, Any]
STEP_AP2 = 1
BOX_AP2 = 2


def _impulse(ctx: Ctx) -> Frame:
    f = flow.find(ctx.s, "impulse")
    assert f is not None
    return f


def free_ships(ctx: Ctx, loc: str, cid: str) -> list[str]:
    """Ships of `cid` at `loc` that may still move this impulse."""
    moved = naval_view(ctx)["moved"]
    return [p for p in ships_at(ctx, loc) if ctx.piece(p)["nation"] == cid and p not in moved
            and not is_finished(ctx, [p])]


def room(ctx: Ctx, box: str) -> int:
    """6.16.g: the free places of a sea Trade Box (4 ships)."""
    return int(ctx.c.trade_boxes[box].capacity or 4) - len(ships_at(ctx, TRADE + box))


def boxes_from(ctx: Ctx, zone: str) -> list[str]:
    return list(ctx.c.sea_boxes_from(zone))


def _loc_of(ctx: Ctx, key: str) -> str:
    return TRADE + key if sea_box(ctx, key) is not None else key


# --- the menu ---------------------------------------------------------------------------------------------
def _offer(ctx: Ctx, frame: Frame) -> list[Action]:
    c = frame["c"]
    locs = sorted({p["loc"] for p in ctx.s["pieces"].values() if p["kind"] == "ship" and p["nation"] == c
                   and (is_zone(ctx, p["loc"]) or p["loc"].startswith(TRADE))})
    out = []
    for loc in locs:
        ships = free_ships(ctx, loc, c)
        if not ships:
            continue
        if loc.startswith(TRADE):
            if can_pay(frame, BOX_AP2):
                box = loc[len(TRADE):]
                out.append(action(f"fleet:{box}", "aw.act.fleet_from_box", "6.16.b", box=box, n=len(ships)))
            continue
        if can_pay(frame, STEP_AP2) or landing_areas(ctx, c, loc, ships) or boardable(ctx, c, loc, ships) \
                or landing_wars(ctx, c, loc, ships):
            out.append(action(f"fleet:{loc}", "aw.act.fleet_move", "6.16.b", zone=loc, n=len(ships)))
    return out


def _apply(ctx: Ctx, frame: Frame, act: Action) -> None:
    key = act["id"].split(":", 1)[1]
    loc = _loc_of(ctx, key)
    c = frame["c"]
    ships = free_ships(ctx, loc, c)
    naval(ctx)["moved"].extend(ships)
    flow.push(ctx.s, "fleet_move", c=c, at=loc, ships=ships, phase="main", entered=0, loaded=False,
              invited=[], asked=None)
    ctx.log("aw.fleet_begins", "6.16.b", country=c, zone=key, n=len(ships))


def _explain(ctx: Ctx, frame: Frame, action_id: str) -> tuple[str, str] | None:
    key = action_id.split(":", 1)[-1]
    loc = _loc_of(ctx, key)
    if not free_ships(ctx, loc, frame["c"]):
        if any(ctx.piece(p)["nation"] == frame["c"] for p in ships_at(ctx, loc)):
            return ("these ships have already moved, fought, or entered or left a Trade Box in this impulse",
                    "6.16.b")
        return ("the country has no fleet there", "6.16.b")
    return ("moving a fleet costs ½ AP a sea zone and 1 AP into or out of a Trade Box", "6.16.b")


# --- the fleet move ----------------------------------------------------------------------------------------
def fleet(ctx: Ctx, frame: Frame) -> list[str]:
    return [p for p in frame["ships"] if ctx.piece(p)["loc"] == frame["at"]]


def allies_here(ctx: Ctx, frame: Frame) -> list[str]:
    from ashur.games.assyrian_wars.rules.base.forces import track_sorted

    c = frame["c"]
    out = {ctx.piece(p)["nation"] for p in ships_at(ctx, frame["at"])
           if ctx.piece(p)["nation"] != c and ctx.allied(ctx.piece(p)["nation"], c)}
    return [a for a in track_sorted(ctx, out) if a not in frame["invited"] and free_ships(ctx, frame["at"], a)]


@FLOW.register
class FleetMove(Step[Ctx]):
    """6.16.b: a fleet moves zone by zone (see the module docstring)."""

    kind = "fleet_move"
    rule = "6.16.b"

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        if frame["asked"]:
            return [frame["asked"]]
        if frame["phase"] != "main" or not fleet(ctx, frame):
            return []
        return [frame["c"]]

    def run(self, ctx: Ctx, frame: Frame) -> None:
        if frame["phase"] == "wait":
            res = frame.pop("search_result", None) or {}
            entry = frame.pop("entry_result", None)
            frame["phase"] = "main"
            if entry is not None:
                after_landing(ctx, frame["c"], entry["area"])
            ships = fleet(ctx, frame)
            if ships and not is_finished(ctx, ships) and not (res.get("fought") and not res.get("overrun")):
                return
        self._end(ctx, frame)

    def _end(self, ctx: Ctx, frame: Frame) -> None:
        flow.pop(ctx.s)
        key = frame["at"][len(TRADE):] if frame["at"].startswith(TRADE) else frame["at"]
        ctx.log("aw.fleet_ends", "6.16.b", country=frame["c"], zone=key, zones=frame["entered"])

    def lone_is_public(self, ctx: Ctx, frame: Frame, actor: str) -> bool:
        """Issue 14 with 9.5: whether a fleet has more to do than stop (a force to take aboard, cargo to land)
        turns on what the country's stacks hold, which fog hides (a stack shows its top and its size), so
        a lone "stop" is answered unasked only when no stack of the country hides anything (found by fuzz,
        Campaign seed 217654375168362: the fleet's move ended at once or waited, as a scrambled Elamite
        force could board or not)."""
        return bool(frame["asked"]) or stacks_show_all(ctx, frame["c"])

    # --- choices ---------------------------------------------------------------------------------------
    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        if frame["asked"]:
            return [action("consent", "aw.act.fleet_consent", "6.16.b", country=frame["c"]),
                    action("refuse", "aw.act.fleet_refuse", "6.16.b", country=frame["c"])]
        c, at = frame["c"], frame["at"]
        ships = fleet(ctx, frame)
        imp = _impulse(ctx)
        acts: list[Action] = []
        if at.startswith(TRADE):
            if can_pay(imp, BOX_AP2):
                box = at[len(TRADE):]
                acts += [action(f"out:{z}", "aw.act.leave_box", "6.16.b", zone=z, box=box)
                         for z in ctx.c.trade_boxes[box].entered_from]
            acts.append(action("stop", "aw.act.fleet_stop", "6.16.b"))
            return acts
        if can_pay(imp, STEP_AP2):
            acts += [action(f"to:{z}", "aw.act.fleet_to", "6.16.b", zone=z, ap=0.5)
                     for z in sorted(ctx.c.sea_neighbors(at))]
        if self._may_enter_box(ctx, frame, ships):
            for box in boxes_from(ctx, at):
                if room(ctx, box) >= len(ships):
                    if can_pay(imp, BOX_AP2):
                        acts.append(action(f"trade:{box}", "aw.act.enter_box", "6.16.g", box=box, ap=1))
                elif self._contestable(ctx, c, box) and can_pay(imp, 2 * BOX_AP2):
                    acts.append(action(f"contest:{box}", "aw.act.contest_box", "6.16.g", box=box, ap=2))
        acts += [action(f"board:{fid}", "aw.act.board", "6.16.d", force=fid, zone=at, n=len(plan))
                 for fid, plan in boardable(ctx, c, at, ships)]
        acts += [action(f"land:{a}", "aw.act.land", "6.16.d", area=a, zone=at)
                 for a in landing_areas(ctx, c, at, ships)]
        acts += [action(f"land_dow:{a}", "aw.act.land_dow", "8.1", area=a, zone=at, war=target,
                        ap=dow_cost(ctx, c, target))
                 for a, target in landing_wars(ctx, c, at, ships)]
        if can_pay(imp, 2) and may_search(ctx, c, at, ships):
            acts.append(action("search", "aw.act.search_here", "6.16.f", zone=at, ap=1))
        acts += [action(f"invite:{a}", "aw.act.fleet_invite", "6.16.b", country=a) for a in allies_here(ctx, frame)]
        if len(ships) > 1:
            acts += [action(f"drop:{s}", "aw.act.fleet_drop", "6.16.b", ship=s) for s in ships]
        acts.append(action("stop", "aw.act.fleet_stop", "6.16.b"))
        return acts

    def _may_enter_box(self, ctx: Ctx, frame: Frame, ships: list[str]) -> bool:
        """6.16.b: entering a Trade Box is the only thing the ships do in the impulse; 6.16.c: no cargo."""
        return frame["entered"] == 0 and not frame["loaded"] and not any(cargo_of(ctx, s) for s in ships) \
            and not any(s in naval_view(ctx)["unloaded"] for s in ships)

    def _contestable(self, ctx: Ctx, c: str, box: str) -> bool:
        return any(ctx.piece(p)["nation"] != c for p in ships_at(ctx, TRADE + box))

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        if frame["asked"]:
            return {"key": "aw.prompt.fleet_consent", "params": {"country": actor, "mover": frame["c"]}}
        return {"key": "aw.prompt.fleet_move", "params": {"country": actor, "zone": frame["at"],
                                                          "n": len(fleet(ctx, frame))}}

    def explain(self, ctx: Ctx, frame: Frame, actor: str, action_id: str) -> tuple[str, str]:
        return explain_fleet(ctx, frame, action_id)

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        head, _, arg = act["id"].partition(":")
        c, at = frame["c"], frame["at"]
        imp = _impulse(ctx)
        if frame["asked"]:
            ally = frame["asked"]
            frame["asked"] = None
            self._join(ctx, frame, ally, head == "consent")
            return
        if head == "stop":
            self._end(ctx, frame)
        elif head == "to":
            pay(ctx, imp, STEP_AP2, "6.16.b", "naval move", zone=arg)
            ships = fleet(ctx, frame)
            split = cargo_split(ctx, at, ships)
            move_ships(ctx, ships, arg)
            if split:
                # 9.5: ships left behind (drop) keep part of a country's cargo here: the two parts stand apart
                # now, each showing its top, which fog hid (count a reveal); an army whose leader sailed away
                # without some of its units (or stayed without them) breaks up as on land
                restacked(ctx, split)
                normalize(ctx)
            frame["at"] = arg
            frame["entered"] += 1
            ctx.log("aw.fleet_moved", "6.16.b", country=c, src=at, zone=arg, n=len(ships))
            frame["phase"] = "wait"
            push_inactive_searches(ctx, arg, c, ships)
        elif head in ("trade", "out"):
            pay(ctx, imp, BOX_AP2, "6.16.g" if head == "trade" else "6.16.b", "Trade Box", box=arg)
            ships = fleet(ctx, frame)
            naval(ctx)["boxed"].extend(ships)
            dest = TRADE + arg if head == "trade" else arg
            move_ships(ctx, ships, dest)
            if head == "trade":
                ctx.log("aw.trade_box_entered", "6.16.g", country=c, box=arg, zone=at, n=len(ships))
            else:
                ctx.log("aw.trade_box_left", "6.16.b", country=c, box=at[len(TRADE):], zone=arg, n=len(ships))
            frame["at"] = dest
            self._end(ctx, frame)
            if head == "out":
                push_inactive_searches(ctx, arg, c, ships)
        elif head == "contest":
            from ashur.games.assyrian_wars.rules.naval.tradeboxes import push_contest

            ships = fleet(ctx, frame)
            self._end(ctx, frame)
            push_contest(ctx, c, arg, at, ships)
        elif head == "board":
            board(ctx, c, arg, at, fleet(ctx, frame))
            frame["loaded"] = True
        elif head == "land":
            frame["phase"] = "wait"
            disembark(ctx, c, at, fleet(ctx, frame), arg)
        elif head == "land_dow":
            # 8.1, 7.4.2: setting the force down there is a declaration of war, made (and paid) first
            frame["phase"] = "wait"
            declare(ctx, c, act["params"]["war"], "8.1")
            ctx.log("aw.landing_declares_war", "8.1", country=c, target=act["params"]["war"], area=arg, zone=at)
            disembark(ctx, c, at, fleet(ctx, frame), arg)
        elif head == "search":
            frame["phase"] = "wait"
            push_search(ctx, c, at, fleet(ctx, frame))
        elif head == "invite":
            frame["invited"].append(arg)
            if role_of(ctx, arg) == role_of(ctx, c):
                self._join(ctx, frame, arg, True)
            else:
                frame["asked"] = arg
        elif head == "drop":
            frame["ships"].remove(arg)
            # 9.5: which ship of a fogged stack stays behind is the owner's to know; the others see one fewer
            log_fogged(ctx, "aw.fleet_dropped", "6.16.b", [arg], public="aw.fleet_dropped_public",
                       public_params={"country": c, "zone": at}, country=c, ship=arg, zone=at)

    def _join(self, ctx: Ctx, frame: Frame, ally: str, given: bool) -> None:
        ctx.log("aw.fleet_consent" if given else "aw.fleet_refused", "6.16.b", country=ally, mover=frame["c"],
                zone=frame["at"])
        if not given:
            return
        ships = free_ships(ctx, frame["at"], ally)
        naval(ctx)["moved"].extend(ships)
        frame["ships"].extend(ships)


def explain_fleet(ctx: Ctx, frame: Frame, action_id: str) -> tuple[str, str]:
    """Why a naval move is refused, with its rule."""
    head, _, arg = action_id.partition(":")
    at = frame["at"]
    ships = fleet(ctx, frame)
    if head == "to":
        if arg in ctx.c.areas and not ctx.c.areas[arg].sea_zone:
            return ("ships never enter land areas, not even ports; only Sealand is also a sea zone", "6.16")
        if arg in ctx.c.sea_zones and arg not in ctx.c.sea_neighbors(at):
            return ("the open middle of the sea is crossed only through the Trade Boxes; ships move along the "
                    "coastal sea zones", "1.3")
        if at.startswith(TRADE):
            return ("a fleet leaves a Trade Box into a sea zone it is entered from, as its only move", "6.16.b")
        return ("not enough APs: a sea zone costs ½ AP", "6.16.b")
    if head in ("trade", "contest"):
        box = sea_box(ctx, arg)
        if box is None or at not in box.entered_from:
            return ("that Trade Box is not entered from this sea zone", "6.16.b")
        if any(cargo_of(ctx, s) for s in ships) or frame["loaded"]:
            return ("a ship carrying land units cannot enter a Trade Box", "6.16.c")
        if frame["entered"] or any(s in naval_view(ctx)["unloaded"] for s in ships):
            return ("entering a Trade Box is the only thing a ship does in that impulse", "6.16.b")
        if head == "trade" and room(ctx, arg) < len(ships):
            return (f"the Trade Box holds at most 4 ships ({room(ctx, arg)} places free): the fleet must win a "
                    "naval battle against the occupants to make room", "6.16.g")
        return ("entering a Trade Box costs 1 AP, and 1 AP more for each search there", "6.16.g")
    if head == "board":
        return ("a whole force boards in a port area of the zone, before any land movement, onto empty ships "
                "with room (a full ship: one full or two reduced units; a reduced ship: one reduced unit)", "6.16.c")
    if head == "land":
        return ("land units disembark only in a port area of the fleet's sea zone that they may enter (an area "
                "of a country at peace below march status only with a declaration of war: land_dow)", "6.16.d")
    if head == "land_dow":
        return ("landing there declares war on a country at peace below march status: the war must be allowed "
                "and its APs paid now", "8.1")
    if head == "search":
        return ("one search per impulse in each sea zone, for 1 AP, where an enemy fleet is", "6.16.f")
    return ("not one of the choices of this naval move", "6.16.b")


HOOKS.add_menu(MenuEntry("fleet", _offer, _apply, _explain, order=30))
