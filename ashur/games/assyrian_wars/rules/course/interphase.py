"""The Interphase (7.0): its slots in order, leader promotion (7.2, 9.2, 9.4), timetable events (7.6),
army relocation (7.7) and resuming play (7.8).

The slots are filled by the modules that own them (:data:`HOOKS.interphase`); a slot function may push
frames for decisions, the Interphase frame continues when they are resolved.
"""

from __future__ import annotations

from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.readings import pre14
from ashur.games.assyrian_wars.rules.base.territory import could_intercept_into, friendly_area
from ashur.games.assyrian_wars.rules.base.units import is_land_unit, is_leader, is_mercenary, ratings
from ashur.games.assyrian_wars.rules.registry import FINAL_SLOTS, FLOW, HOOKS, INTERPHASE_SLOTS

Frame = dict[str, Any]


@FLOW.register
class Interphase(Step[Ctx]):
    """7.0: Conquest, leader promotion, income, politics, secret diplomacy, timetable, relocation."""

    kind = "interphase"
    rule = "7.0"

    def run(self, ctx: Ctx, frame: Frame) -> None:
        i = frame["slot"]
        slots = slots_of(ctx)
        if i == 0:
            ctx.log("aw.interphase", "7.0", turn=ctx.turn)
        if i >= len(slots) or ctx.s.get("ended") == "now":
            ctx.log("aw.resume", "7.8", turn=ctx.turn + 1)
            flow.pop(ctx.s)
            return
        frame["slot"] = i + 1
        entry = HOOKS.interphase.get(slots[i])
        if entry is not None:
            entry[1](ctx)


def slots_of(ctx: Ctx) -> list[str]:
    """The slots of this Interphase. 3.7: the game ends after the Interphase following the last turn, so that
    Interphase is complete (its politics, secret diplomacy, relocation and the cards' discards can still change
    VPs; the timetable has no events after the last turn). 9.1: after a sudden end, the political and timetable
    changes are skipped (:data:`FINAL_SLOTS`). The option ``pre14_readings`` (older saves) skips them after the
    last turn too."""
    ended = ctx.s.get("ended")
    if ended or (ctx.turn >= ctx.s["last_turn"] and pre14(ctx)):
        return [s for s in INTERPHASE_SLOTS if s in FINAL_SLOTS or (s == "9.1 sudden end" and not ended)]
    return list(INTERPHASE_SLOTS)


# --- 7.2 leader promotion ------------------------------------------------------------------------
def promotion(ctx: Ctx) -> None:
    """7.2/9.2: leaders on the map on their weaker side roll once (also every leader that won a battle or
    a siege round this turn): an even number promotes; with 9.4 Assyria rolls two dice."""
    if not ctx.s["options"].get("reduced_leaders"):
        for pid in [pid for pid, p in ctx.s["pieces"].items() if "promo" in p]:
            ctx.piece(pid).pop("promo", None)
        return
    for pid in sorted(ctx.s["pieces"]):
        p = ctx.s["pieces"][pid]
        if "promo" in p:
            ctx.piece(pid).pop("promo")
        if p["kind"] != "leader" or not ctx.on_map(p["loc"]) or not p["red"]:
            continue
        p = ctx.piece(pid)
        rolls = 2 if p["nation"] == "assyria" and ctx.s["options"].get("standing_army") else 1
        values = ctx.dice(rolls, rule="7.2", why="aw.why.promotion", piece=pid)
        if any(v % 2 == 0 for v in values):
            p["red"] = False
            ctx.log("aw.promoted", "7.2", piece=pid, nation=p["nation"])


# --- 7.6 timetable -------------------------------------------------------------------------------
def timetable(ctx: Ctx) -> None:
    """7.6: the events of the next turn (kings by 10.3 succession, nomads, other timed events)."""
    nxt = ctx.turn + 1
    from ashur.games.assyrian_wars.rules.course.timetable import run_events

    run_events(ctx, nxt)


# --- 7.7 army relocation -------------------------------------------------------------------------
def relocation(ctx: Ctx) -> None:
    order = [c for c in ctx.track() if ctx.active(c) and not ctx.is_nomad(c)]
    flow.push(ctx.s, "relocation", order=order, i=0, leader=None, visited=[], done=[])


def _own_leaders(ctx: Ctx, cid: str) -> list[str]:
    return [pid for pid, p in sorted(ctx.s["pieces"].items())
            if is_leader(ctx, pid) and p["nation"] == cid and ctx.on_map(p["loc"]) and not p["city"]
            and p["loc"] in ctx.c.areas]


def army_of(ctx: Ctx, lid: str) -> list[str]:
    loc = ctx.piece(lid)["loc"]
    return [pid for pid in ctx.pieces_at(loc) if ctx.piece(pid).get("army") == lid]


@FLOW.register
class Relocation(Step[Ctx]):
    """7.7: one leader per active country may move through any number of friendly areas, picking up
    (never dropping) units up to its command rating; never into an area where it could be intercepted
    or into a revolting city's area; once per Interphase."""

    kind = "relocation"
    rule = "7.7"

    def _country(self, frame: Frame) -> str | None:
        return frame["order"][frame["i"]] if frame["i"] < len(frame["order"]) else None

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        c = self._country(frame)
        if c is None:
            return []
        if frame["leader"] is None and not _own_leaders(ctx, c):
            return []
        return [c]

    def run(self, ctx: Ctx, frame: Frame) -> None:
        if self._country(frame) is None:
            flow.pop(ctx.s)
            return
        frame["i"] += 1

    def _steps(self, ctx: Ctx, frame: Frame, cid: str) -> list[str]:
        here = ctx.piece(frame["leader"])["loc"]
        out = []
        for other, kind in ctx.c.neighbors(here):
            if other in frame["visited"] or ctx.area(other)["revolt"]:
                continue
            if kind == "mede_only" and cid != "mede":
                continue
            if friendly_area(ctx, other, cid) and not could_intercept_into(ctx, other, cid):
                out.append(other)
        return sorted(set(out))

    def _pickups(self, ctx: Ctx, frame: Frame, cid: str) -> list[str]:
        lid = frame["leader"]
        here = ctx.piece(lid)["loc"]
        army = army_of(ctx, lid)
        command = ratings(ctx, lid)[1]
        regs = sum(1 for u in army if not is_mercenary(ctx, u))
        mercs = len(army) - regs
        out = []
        for pid in ctx.pieces_at(here):
            p = ctx.piece(pid)
            if not is_land_unit(ctx, pid) or p["city"] or p.get("army") == lid or ctx.owner(pid) != cid:
                continue
            if p.get("army") and p["army"] in ctx.s["pieces"] and ctx.piece(p["army"])["loc"] == here:
                continue
            merc = is_mercenary(ctx, pid)
            if (merc and mercs < command) or (not merc and regs < command):
                out.append(pid)
        return out

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        if frame["leader"] is None:
            acts = [action(f"relocate:{lid}", "aw.act.relocate_leader", "7.7", piece=lid,
                           area=ctx.piece(lid)["loc"]) for lid in _own_leaders(ctx, actor)]
            acts.append(action("relocate:none", "aw.act.no_relocation", "7.7"))
            return acts
        acts = [action(f"to:{a}", "aw.act.relocate_to", "7.7", area=a) for a in self._steps(ctx, frame, actor)]
        acts += [action(f"pickup:{pid}", "aw.act.pick_up", "7.7", piece=pid)
                 for pid in self._pickups(ctx, frame, actor)]
        acts.append(action("stop", "aw.act.stop_relocation", "7.7"))
        return acts

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        aid = act["id"]
        if aid == "relocate:none":
            frame["i"] += 1
            return
        if aid.startswith("relocate:"):
            frame["leader"] = act["params"]["piece"]
            frame["visited"] = [ctx.piece(frame["leader"])["loc"]]
            return
        if aid.startswith("pickup:"):
            pid = act["params"]["piece"]
            ctx.piece(pid)["army"] = frame["leader"]
            ctx.log("aw.pick_up", "7.7", leader=frame["leader"], piece=pid)
            return
        lid = frame["leader"]
        if aid.startswith("to:"):
            dest = act["params"]["area"]
            for pid in [lid, *army_of(ctx, lid)]:
                ctx.move_piece(pid, dest)
            frame["visited"].append(dest)
            ctx.log("aw.relocate", "7.7", leader=lid, area=dest)
            return
        ctx.log("aw.relocation_done", "7.7", leader=lid, country=actor, area=ctx.piece(lid)["loc"])
        frame["leader"] = None
        frame["visited"] = []
        frame["i"] += 1


HOOKS.set_interphase("7.2 promotion", 20, promotion)
HOOKS.set_interphase("7.6 timetable", 70, timetable)
HOOKS.set_interphase("7.7 relocation", 80, relocation)
