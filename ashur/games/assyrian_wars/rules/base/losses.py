"""Hits and attrition (6.6.1, 6.7.4, glossary "Attrition", "Hit").

A hit flips a unit to its reduced side; a second hit eliminates it: regulars to their force pool,
mercenaries to the game pool, leaders to the force pool, kings out of the game (6.7.4). Leaders are
never checked for attrition (6.6.1). The owner chooses which affected units take the hits.
"""

from __future__ import annotations

from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.players import role_of
from ashur.games.assyrian_wars.rules.base.units import is_land_unit, is_leader, is_mercenary, is_ship
from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS

Frame = dict[str, Any]


def split_losses(n: int, cm: int, cr: int, extra: str | None = None) -> tuple[int, int]:
    """6.7.4, 6.7.4.a: `n` losses split half on the mercenaries (room `cm`) and half on the regulars (room
    `cr`); an odd one goes to `extra` (``"mercs"``/``"regs"``, the owner's choice), else to the mercenaries
    while they have room; what one part cannot take goes to the other. Pure: the odds use it too."""
    m = r = n // 2
    if n % 2:
        if extra == "mercs" or (extra is None and cm > m):
            m += 1
        else:
            r += 1
    if m > cm:
        r += m - cm
        m = cm
    if r > cr:
        m = min(cm, m + r - cr)
        r = cr
    return m, r


def eliminate(ctx: Ctx, pid: str, rule: str) -> None:
    """Remove a piece from play: to its force pool, the game pool, or out of the game (kings)."""
    p = ctx.piece(pid)
    p["army"] = None
    p["city"] = False
    p["red"] = False
    for follower in [o for o, other in ctx.s["pieces"].items() if other.get("army") == pid]:
        ctx.piece(follower)["army"] = None
    if ctx.s.get("groups"):
        from ashur.games.assyrian_wars.rules.base.forces import leave_group

        leave_group(ctx, pid, rule)
    if p["kind"] == "king":
        ctx.move_piece(pid, "dead")
        ctx.log("aw.king_killed", rule, piece=pid, nation=p["nation"])
        if p["nation"] in ctx.s["countries"] and ctx.is_power(p["nation"]):
            ctx.country(p["nation"])["vp"] -= 1
            ctx.log("aw.vp", "8.3.1", country=p["nation"], n=-1, why="aw.why.king_lost")
        return
    if p.get("crowned"):
        p["crowned"] = False
    from ashur.games.assyrian_wars.rules.base.secrecy import leaving_map

    # 9.5: the pools are open to all, so a fogged piece eliminated outside a battle becomes known
    leaving_map(ctx, [pid], "pool")
    if is_mercenary(ctx, pid):
        p["hired"] = None
        ctx.move_piece(pid, "gamepool")
    else:
        ctx.move_piece(pid, "pool")
    ctx.log("aw.eliminated", rule, piece=pid, nation=p["nation"])


def apply_hit(ctx: Ctx, pid: str, rule: str) -> None:
    """One hit: leaders die, units flip and then die (6.7.4); reduced strength 0 counters die too. A hit on a
    carrying ship hits its cargo too (6.16.f)."""
    p = ctx.piece(pid)
    if p["kind"] == "ship":
        HOOKS.call("transport.pass_hit_to_cargo", ctx, pid, rule)
    if is_leader(ctx, pid) or p["red"]:
        eliminate(ctx, pid, rule)
        return
    p["red"] = True
    from ashur.games.assyrian_wars.rules.base.secrecy import fog_to

    # 9.5: the side of a fogged unit is hidden; the flip of a piece in a battle being fought is public
    ctx.log("aw.reduced", rule, to=fog_to(ctx, [pid]), piece=pid, nation=p["nation"])


def attrition_check(ctx: Ctx, units: list[str], rule: str, why: str, chooser: str | None = None,
                    group: list[str] | None = None, announced: bool = False) -> int:
    """6.6.1: every affected unit (not leaders) rolls a die; each 6 is one hit that the owner assigns
    among the affected units. Returns the number of hits.

    `group`: the units of one owner's stack or force that the check concerns, exempt ones included (light
    cavalry in the desert, 9.7). Under fog the public entry is written for the group, even when none of its
    units is affected: which units are exempt is hidden (9.5). `announced`: the caller already wrote the
    public entry (riots, 10.3, spread over many areas: naming one would tell where a hidden unit is)."""
    on_map = [u for u in (units if group is None else group)
              if (is_land_unit(ctx, u) or is_ship(ctx, u)) and ctx.on_map(ctx.piece(u)["loc"])]
    affected = [u for u in units if (is_land_unit(ctx, u) or is_ship(ctx, u)) and ctx.on_map(ctx.piece(u)["loc"])]
    if not on_map:
        return 0
    from ashur.games.assyrian_wars.rules.base.secrecy import fog_to

    to = fog_to(ctx, on_map)
    values = ctx.dice(len(affected), rule=rule, why=why, to=to, pieces=affected) if affected else []
    if to is not None and not announced:
        # 9.5: the number of dice tells the strength of a fogged force; the public learns only the check
        ctx.log("aw.attrition", rule, country=ctx.owner(on_map[0]), area=ctx.piece(on_map[0])["loc"], why=why)
    hits = sum(1 for v in values if v == 6)
    if hits:
        owner = chooser or ctx.owner(affected[0])
        flow.push(ctx.s, "assign_hits", owner=owner, pieces=affected, hits=hits, rule=rule)
    return hits


@FLOW.register
class AssignHits(Step[Ctx]):
    """The owner assigns hits one at a time among the affected pieces (6.6.1, 6.7.4); a single piece, or an
    owner no player plays, takes them without a question."""

    kind = "assign_hits"
    rule = "6.6.1"

    def _alive(self, ctx: Ctx, frame: Frame) -> list[str]:
        return [p for p in frame["pieces"] if ctx.on_map(ctx.piece(p)["loc"]) or ctx.piece(p)["loc"].startswith(
            ("regroup", "raid:", "fw:"))]

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        alive = self._alive(ctx, frame)
        if frame["hits"] <= 0 or not alive:
            return []
        if len(alive) == 1:
            return []
        if role_of(ctx, frame["owner"]) is None:
            # a country no player plays (a nomad back from a raid, allied to nobody by the Interphase,
            # 7.3.3.d) cannot choose: its hits go as the suggestion would put them, full-strength first
            return []
        return [frame["owner"]]

    def run(self, ctx: Ctx, frame: Frame) -> None:
        alive = self._alive(ctx, frame)
        if frame["hits"] > 0 and alive:
            apply_hit(ctx, self._suggested(ctx, alive), frame["rule"])
            frame["hits"] -= 1
            return
        flow.pop(ctx.s)

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        alive = self._alive(ctx, frame)
        acts = [action(f"hit:{pid}", "aw.act.assign_hit", frame["rule"], piece=pid, reduced=ctx.piece(pid)["red"])
                for pid in alive]
        if frame["hits"] > 1:
            # the whole assignment in one decision, first (the default), beside the hit-by-hit way
            acts.insert(0, action("hits:suggested", "aw.act.losses_suggested", frame["rule"], n=frame["hits"],
                                  mode="hits", first=self._suggested(ctx, alive),
                                  among=[[p, bool(ctx.piece(p)["red"])] for p in alive]))
        return acts

    def _suggested(self, ctx: Ctx, alive: list[str]) -> str:
        """A full-strength piece (it only flips) before a reduced one, in list order otherwise."""
        return min(alive, key=lambda p: (bool(ctx.piece(p)["red"]), alive.index(p)))

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.assign_hits", "params": {"n": frame["hits"]}}

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        if act["id"] == "hits:suggested":
            # every hit as suggested, one at a time as the owner would assign them
            # (a hit that opens a question of its own, 6.16.f cargo, is answered first, as by hand)
            while ctx.s["stack"][-1] is frame and frame["hits"] > 0 and (alive := self._alive(ctx, frame)):
                apply_hit(ctx, self._suggested(ctx, alive), frame["rule"])
                frame["hits"] -= 1
            if frame["hits"] <= 0 and ctx.s["stack"][-1] is frame:
                flow.pop(ctx.s)
            return
        apply_hit(ctx, act["params"]["piece"], frame["rule"])
        frame["hits"] -= 1
        if frame["hits"] <= 0:
            # not flow.pop: a hit on a carrying ship pushed its cargo's hit above this frame (6.16.f)
            flow.remove(ctx.s, frame)
