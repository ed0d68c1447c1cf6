"""ECO deportation (6.8.4), the Deportation home card, the Mede Far East box, nomads' plunder.

* When an area is taken, its ECO +1 markers may be deported by the taker, at most 2 at one time. A
  country other than Assyria puts each in the nearest area holding an ECO −1 marker, or freely in one of
  its home areas when no ECO −1 marker is on the map; Assyria puts it where it likes (a city it
  controls). No destination may hold more than 2 ECO +1 markers (printed ECO values ignored).
* Nomads have no home areas: each ECO +1 marker of a city they take is removed and gives them 7 AP to
  build, rebuild or buy back units from the Regroup Box in that area (10.1).
* Assyria's Deportation home card puts an ECO −1 marker on a foreign city Assyria controls (never a
  second one there) and an ECO +1 marker on an Assyrian home city of its choice (:func:`deportation_card`).
* The Mede's "Gathering the Tribes" puts ECO +1 markers into the Mede Far East box, the only way there,
  without limit; they are never deported (:func:`gathering_the_tribes`).
* Markers come from a finite stock (2.2, :mod:`stock`): none is placed when the stock is used up; the
  markers nomads plunder go back to it.
"""

from __future__ import annotations

from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.politics.stock import (
    eco_minus_refusal,
    eco_plus_refusal,
    eco_stock_left,
    place_eco_minus,
    place_eco_plus,
)
from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS

Frame = dict[str, Any]
ASSYRIA = "assyria"
MAX_AT_ONCE = 2
MAX_PLUS_PER_AREA = 2
NOMAD_AP_PER_MARKER = 7


def stock_left(ctx: Ctx, marker: str) -> int:
    """2.2: markers of the kind still in the stock (``eco_plus`` or ``eco_minus``), see :mod:`stock`."""
    return eco_stock_left(ctx, marker)


def destinations(ctx: Ctx, taker: str, source: str) -> list[str]:
    """Where the taker may put a deported ECO +1 marker (6.8.4)."""
    def room(aid: str) -> bool:
        return aid != source and ctx.area(aid)["eco_plus"] < MAX_PLUS_PER_AREA and ctx.c.areas[aid].kind != "far_east"

    if taker == ASSYRIA:
        return [a for a in sorted(ctx.c.areas) if ctx.c.areas[a].city is not None and room(a)
                and (ctx.area(a).get("city_ctrl") or ctx.area(a)["ctrl"]) == ASSYRIA]
    minus = {a for a, st in ctx.s["areas"].items() if st["eco_minus"] > 0 and room(a)}
    if not minus:
        return [a for a in sorted(ctx.c.home_areas(taker)) if room(a) and ctx.area(a)["ctrl"] == taker]
    frontier, seen = [source], {source}
    while frontier:
        found = sorted(a for a in frontier if a in minus)
        if found:
            return found
        nxt = []
        for aid in frontier:
            for other, _kind in ctx.c.neighbors(aid):
                if other not in seen:
                    seen.add(other)
                    nxt.append(other)
        frontier = sorted(nxt)
    return []


def on_control_changed(ctx: Ctx, area: str, old: str | None, new: str | None) -> None:
    """6.8.4: an area with ECO +1 markers is taken."""
    if new is None or new not in ctx.s["countries"] or ctx.area(area)["eco_plus"] <= 0:
        return
    if new == ctx.c.areas[area].nation or ctx.c.areas[area].kind == "far_east":
        return
    if ctx.is_nomad(new):
        n = ctx.area(area)["eco_plus"]
        ctx.area(area)["eco_plus"] = 0
        ctx.log("aw.nomad_plunder", "6.8.4", nation=new, area=area, n=n)
        flow.push(ctx.s, "nomad_build", nomad=new, area=area, ap=NOMAD_AP_PER_MARKER * n)
        return
    flow.push(ctx.s, "deportation", taker=new, area=area, moved=0)


HOOKS.add_control_changed(20, "deportation", on_control_changed)


@FLOW.register
class Deportation(Step[Ctx]):
    """6.8.4: the taker deports ECO +1 markers one at a time (at most 2), or keeps them where they are."""

    kind = "deportation"
    rule = "6.8.4"

    def _options(self, ctx: Ctx, frame: Frame) -> list[str]:
        if frame["moved"] >= MAX_AT_ONCE or ctx.area(frame["area"])["eco_plus"] <= 0:
            return []
        return destinations(ctx, frame["taker"], frame["area"])

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        from ashur.games.assyrian_wars.rules.base.players import role_of

        if not self._options(ctx, frame) or role_of(ctx, frame["taker"]) is None:
            return []
        return [frame["taker"]]

    def run(self, ctx: Ctx, frame: Frame) -> None:
        flow.pop(ctx.s)

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        acts = [action(f"deport:{a}", "aw.act.deport", "6.8.4", area=frame["area"], to=a)
                for a in self._options(ctx, frame)]
        acts.append(action("no_deport", "aw.act.no_deport", "6.8.4", area=frame["area"]))
        return acts

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.deportation", "params": {"country": actor, "area": frame["area"]}}

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        if act["id"] == "no_deport":
            flow.pop(ctx.s)
            return
        dest = act["params"]["to"]
        ctx.area(frame["area"])["eco_plus"] -= 1
        ctx.area(dest)["eco_plus"] += 1
        frame["moved"] += 1
        ctx.log("aw.deported", "6.8.4", country=actor, area=frame["area"], dest=dest)


def deportation_targets(ctx: Ctx, by: str = ASSYRIA) -> list[str]:
    """The Deportation card's targets (6.8.4): foreign cities `by` controls, without an ECO -1 marker."""
    from ashur.games.assyrian_wars.rules.base.control_areas import city_holder

    return [a for a, area in sorted(ctx.c.areas.items()) if area.city is not None and area.nation != by
            and city_holder(ctx, a) == by and eco_minus_refusal(ctx, a) is None]


def deportation_destinations(ctx: Ctx, by: str = ASSYRIA) -> list[str]:
    """The Deportation card's destinations (6.8.4): home cities of `by` that it holds, with room for one
    more ECO +1 marker (at most 2)."""
    from ashur.games.assyrian_wars.rules.base.control_areas import city_holder

    return [a for a in sorted(ctx.c.home_cities(by)) if city_holder(ctx, a) == by and eco_plus_refusal(ctx, a) is None]


def deportation_card(ctx: Ctx, target: str, dest: str, rule: str = "6.8.4", by: str = ASSYRIA) -> tuple[bool, str]:
    """Assyria's Deportation home card: an ECO -1 marker on a foreign city Assyria controls, an ECO +1
    marker on an Assyrian home city it holds (6.8.4 limits; both markers come from the stock, 10.4.a).
    Returns (done, reason)."""
    from ashur.games.assyrian_wars.rules.base.control_areas import city_holder

    t, d = ctx.c.areas.get(target), ctx.c.areas.get(dest)
    if t is None or t.city is None or t.nation == by:
        return (False, "the target must be a foreign city")
    if city_holder(ctx, target) != by:
        return (False, f"{by} must control the target city")
    if d is None or d.city is None or dest not in ctx.c.home_cities(by):
        return (False, f"the destination must be a home city of {by}")
    if city_holder(ctx, dest) != by:
        return (False, f"{by} must hold the destination city")
    why = eco_minus_refusal(ctx, target) or eco_plus_refusal(ctx, dest)
    if why:
        return (False, why)
    place_eco_minus(ctx, target)
    place_eco_plus(ctx, dest)
    ctx.log("aw.deportation_card", rule, area=target, dest=dest)
    return (True, "")


def gathering_the_tribes(ctx: Ctx, rule: str = "6.8.4") -> bool:
    """6.8.4: one ECO +1 marker from the stock into the Mede Far East box (not after a resurrection, 7.1)."""
    if far_east_refusal(ctx):
        return False
    ctx.s["far_east_eco"] = int(ctx.s.get("far_east_eco", 0)) + 1
    ctx.log("aw.far_east_eco", rule, n=ctx.s["far_east_eco"])
    return True


def far_east_refusal(ctx: Ctx) -> str | None:
    """Why no ECO +1 marker can go into the Mede Far East box now (6.8.4, 7.1, 2.2)."""
    if ctx.s.get("mede_resurrected"):
        return "after the Mede's resurrection no ECO +1 marker goes to the Far East (7.1)"
    if eco_stock_left(ctx, "eco_plus") <= 0:
        return "no ECO +1 marker is left in the stock (2.2, 10.4.a)"
    return None


# --- 10.1 / 6.8.4: nomads build with the plunder ------------------------------------------------------
def _nomad_options(ctx: Ctx, frame: Frame) -> list[Action]:
    from ashur.games.assyrian_wars.rules.base.units import front_strength, spec, strength

    nomad, aid, ap = frame["nomad"], frame["area"], frame["ap"]
    acts = []
    for pid in ctx.pieces_at(aid):
        p = ctx.piece(pid)
        if p["nation"] == nomad and p["kind"] == "unit" and p["red"]:
            cost = 2 * (front_strength(ctx, pid) - strength(ctx, pid))
            if cost <= ap:
                acts.append(action(f"rebuild:{pid}", "aw.act.nomad_rebuild", "10.1", piece=pid, ap=cost))
    for pid in ctx.pieces_at("regroup"):
        if ctx.piece(pid)["nation"] == nomad and ap >= 1:
            acts.append(action(f"regroup:{pid}", "aw.act.nomad_regroup", "10.1", piece=pid, ap=1))
    for pid in ctx.pieces_at("pool"):
        p = ctx.piece(pid)
        if p["nation"] == nomad and p["kind"] == "unit" and 2 * int(spec(ctx, pid).front) <= ap:
            cost = 2 * int(spec(ctx, pid).front)
            acts.append(action(f"build:{pid}", "aw.act.nomad_build", "10.1", piece=pid, ap=cost))
    return acts


@FLOW.register
class NomadBuild(Step[Ctx]):
    """10.1 / 6.8.4: 7 AP per plundered ECO +1 marker to build, rebuild or buy back units in that area."""

    kind = "nomad_build"
    rule = "10.1"

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        from ashur.games.assyrian_wars.rules.base.players import role_of

        if not _nomad_options(ctx, frame) or role_of(ctx, frame["nomad"]) is None:
            return []
        return [frame["nomad"]]

    def run(self, ctx: Ctx, frame: Frame) -> None:
        flow.pop(ctx.s)

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        return [*_nomad_options(ctx, frame), action("done", "aw.act.nomad_build_done", "10.1", ap=frame["ap"])]

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.nomad_build", "params": {"country": actor, "ap": frame["ap"]}}

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        if act["id"] == "done":
            flow.pop(ctx.s)
            return
        pid = act["params"]["piece"]
        frame["ap"] -= int(act["params"]["ap"])
        p = ctx.piece(pid)
        if act["id"].startswith("rebuild:"):
            p["red"] = False
        else:
            ctx.move_piece(pid, frame["area"])
            p["city"] = False
            if act["id"].startswith("build:"):
                p["red"] = False
        ctx.log("aw.nomad_builds", "10.1", nation=frame["nomad"], piece=pid, area=frame["area"],
                how=act["id"].split(":")[0])
