"""Retreat after combat (6.7.8, 8.1).

Every piece of the losing side retreats; each country moves all of its pieces to one place (forces of
different countries may go different ways). In order of preference:

1. into an adjacent friendly area (march status or better) or into an own or allied city in the battle area;
2. only if there is none, into an adjacent enemy-controlled area (attrition at once), into no-man's land
   (nobody's area, open to everybody, 1.2: no attrition, decision), or into the area of a country at peace
   below march status after paying for a declaration of war on it (8.1);
3. among those, an area where an enemy force (other than those in the battle area) could intercept is
   allowed only if no other is (decision: this choice is made within the best tier).

Never into an area with enemy forces, an area the winners came from, a sea zone, or an enemy or
non-allied city. Without any retreat the pieces check attrition and the survivors go to the Regroup Box.
A retreat may be intercepted (6.6.9); crossing desert, Mede connections or Sealand costs attrition.
"""

from __future__ import annotations

from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.control_areas import is_no_mans_land
from ashur.games.assyrian_wars.rules.base.forces import normalize, tidy, track_sorted, units_in
from ashur.games.assyrian_wars.rules.base.readings import pre14
from ashur.games.assyrian_wars.rules.base.terrain import attrition, can_cross, crossing_attrition
from ashur.games.assyrian_wars.rules.base.territory import friendly_area
from ashur.games.assyrian_wars.rules.land.entering import entry_requirement
from ashur.games.assyrian_wars.rules.land.evasion import city_open_to
from ashur.games.assyrian_wars.rules.land.interception import candidates
from ashur.games.assyrian_wars.rules.registry import FLOW

Frame = dict[str, Any]


def push_retreats(ctx: Ctx, pieces: list[str], area: str, forbidden: list[str], bid: int | None) -> None:
    """One retreat frame per country of the losing pieces, in impulse-track order (6.7.8)."""
    by_country: dict[str, list[str]] = {}
    for p in pieces:
        if ctx.piece(p)["loc"] == area:
            by_country.setdefault(ctx.owner(p), []).append(p)
    for c in reversed(track_sorted(ctx, list(by_country))):
        flow.push(ctx.s, "retreat", c=c, pieces=by_country[c], area=area, forbidden=list(forbidden), bid=bid)


def _enemy_anywhere(ctx: Ctx, aid: str, cid: str) -> bool:
    for pid in ctx.pieces_at(aid):
        if ctx.piece(pid)["kind"] in ("unit", "merc", "leader", "king") and ctx.at_war(ctx.owner(pid), cid):
            return True
    return False


def options(ctx: Ctx, cid: str, pieces: list[str], area: str, forbidden: list[str]) -> list[tuple[str, str]]:
    """The legal retreat destinations: (``city`` or area id, kind ``city``/``friendly``/``open``/``enemy``/
    ``dow:X``)."""
    from ashur.games.assyrian_wars.rules.land.hostilities import can_declare_now

    friendly: list[tuple[str, str]] = []
    enemy: list[tuple[str, str]] = []
    if city_open_to(ctx, area, [cid]) and not any(ctx.piece(p)["city"] for p in pieces):
        friendly.append(("city", "city"))
    for other, _kind in ctx.c.neighbors(area):
        if other in forbidden or not can_cross(ctx, pieces, area, other) or _enemy_anywhere(ctx, other, cid):
            continue
        if friendly_area(ctx, other, cid) or (is_no_mans_land(ctx, other) and pre14(ctx)):
            friendly.append((other, "friendly"))
            continue
        if is_no_mans_land(ctx, other):
            enemy.append((other, "open"))
            continue
        req, target, _rule = entry_requirement(ctx, cid, other)
        ctrl = ctx.area_ctrl(other)
        if req == "ok" and ctrl is not None and ctx.at_war(ctrl, cid):
            enemy.append((other, "enemy"))
        elif req == "dow" and can_declare_now(ctx, cid, target):
            enemy.append((other, f"dow:{target}"))
    tier = sorted(set(friendly)) if friendly else sorted(set(enemy))
    safe = [(d, k) for d, k in tier if d == "city" or not candidates(ctx, d, cid, pieces, [area])]
    return safe or tier


@FLOW.register
class Retreat(Step[Ctx]):
    """6.7.8: one country's losing pieces choose where to retreat."""

    kind = "retreat"
    rule = "6.7.8"

    def _pieces(self, ctx: Ctx, frame: Frame) -> list[str]:
        return [p for p in frame["pieces"] if ctx.piece(p)["loc"] == frame["area"]]

    def _options(self, ctx: Ctx, frame: Frame) -> list[tuple[str, str]]:
        return options(ctx, frame["c"], self._pieces(ctx, frame), frame["area"], frame["forbidden"])

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        pieces = self._pieces(ctx, frame)
        if not pieces or len(self._options(ctx, frame)) <= 1:
            return []
        return [frame["c"]]

    def run(self, ctx: Ctx, frame: Frame) -> None:
        pieces = self._pieces(ctx, frame)
        if not pieces:
            flow.pop(ctx.s)
            return
        opts = self._options(ctx, frame)
        if opts:
            self._go(ctx, frame, *opts[0])
            return
        flow.pop(ctx.s)
        ctx.log("aw.no_retreat", "6.7.8", country=frame["c"], area=frame["area"], n=len(pieces))
        flow.push(ctx.s, "to_regroup", pieces=pieces, loc=frame["area"], rule="6.7.8")
        attrition(ctx, pieces, "6.7.8", "aw.why.no_retreat")

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        # 6.7.8, 8.1: a retreat that declares war says so
        return [action(f"retreat:{d}", "aw.act.retreat_dow" if k.startswith("dow:") else "aw.act.retreat", "6.7.8",
                       area=d, how=k, war=k.split(":", 1)[1] if k.startswith("dow:") else "")
                for d, k in self._options(ctx, frame)]

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.retreat", "params": {"country": actor, "area": frame["area"]}}

    def explain(self, ctx: Ctx, frame: Frame, actor: str, action_id: str) -> tuple[str, str]:
        dest = action_id.split(":", 1)[-1]
        if dest in frame["forbidden"]:
            return ("no retreat into the area the winning forces came from", "6.7.8")
        return ("a retreat goes into a friendly area or own/allied city (an enemy area only when none is open), "
                "never into enemy forces, a sea zone or a non-allied city", "6.7.8")

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        self._go(ctx, frame, act["params"]["area"], act["params"]["how"])

    def _go(self, ctx: Ctx, frame: Frame, dest: str, how: str) -> None:
        from ashur.games.assyrian_wars.rules.land.entering import push_entry

        pieces = self._pieces(ctx, frame)
        area, c = frame["area"], frame["c"]
        flow.pop(ctx.s)
        if how.startswith("dow:"):
            from ashur.games.assyrian_wars.rules.land.hostilities import declare

            declare(ctx, c, how.split(":", 1)[1], "8.1")
        if dest == "city":
            for p in pieces:
                ctx.piece(p)["city"] = True
            ctx.log("aw.retreated", "6.7.8", country=c, area=area, dest="city", n=len(pieces))
            normalize(ctx)
            return
        for p in pieces:
            ctx.piece(p)["city"] = False
            ctx.move_piece(p, dest)
        ctx.log("aw.retreated", "6.7.8", country=c, area=area, dest=dest, n=len(pieces))
        normalize(ctx)
        tidy(ctx, dest, c)
        push_entry(ctx, dest, c, pieces, src=area, kind="retreat", exclude=[area])
        if how not in ("friendly", "open"):
            attrition(ctx, units_in(ctx, pieces), "6.7.8", "aw.why.retreat_enemy")
        crossing_attrition(ctx, pieces, area, dest)


@FLOW.register
class ToRegroup(Step[Ctx]):
    """6.7.8: without a retreat, the survivors of the attrition check go to the Regroup Box."""

    kind = "to_regroup"
    rule = "6.7.8"

    def run(self, ctx: Ctx, frame: Frame) -> None:
        from ashur.games.assyrian_wars.rules.land.casualties import rout_piece

        flow.pop(ctx.s)
        for p in frame["pieces"]:
            if ctx.piece(p)["loc"] == frame["loc"]:
                rout_piece(ctx, p, frame["rule"])
        normalize(ctx)
