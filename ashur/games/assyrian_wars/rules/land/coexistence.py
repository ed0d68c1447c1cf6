"""Coexistence in areas (10.4.f).

Forces of countries not at war share areas without affecting each other (battles, interceptions and
control ignore them: every rules query asks ``at_war``). When a new war leaves enemies together outside the
cities of an area and no relocation removed them, they fight at once; the side of the country that
declared the war attacks. Relocation hooks (7.4.2, 8.1) must run before this one (their ``war_declared``
order below 90).

(10.4.e, mercenaries in a city turned by "Turncoats": they join the besiegers in the siege combat the card
is played in, without the fortress's −1; see ``cards/battle.py`` and ``combat.unit_modifier``.)
"""

from __future__ import annotations

from typing import Any

from ashur.core import flow
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.forces import land_pieces_at
from ashur.games.assyrian_wars.rules.land.battle import start_battle
from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS


def new_enemies_battles(ctx: Ctx, aggressor: str, target: str, *, both: bool = False) -> None:
    """10.4.f: a battle in every area where the new enemies now stand together outside the cities; with
    `both`, only where units of both countries of the pair stand (a pair the declaration made enemies
    besides its own: other enemies of the target there fight in battles of their own)."""
    areas = sorted({p["loc"] for p in ctx.s["pieces"].values() if p["kind"] in ("unit", "merc")
                    and p["loc"] in ctx.c.areas and not p["city"]})
    pending = {f.get("area") for f in ctx.s["stack"] if f["step"] == "battle"}
    for aid in reversed(areas):
        if aid in pending:
            continue  # a battle there is already on its way (the same war seen twice)
        pieces = land_pieces_at(ctx, aid, False)
        if not any(ctx.owner(p) in (aggressor, target) for p in pieces):
            continue  # neither side of the new war is here (the test below, done first)
        att = [p for p in pieces if ctx.at_war(ctx.owner(p), target) and not ctx.at_war(ctx.owner(p), aggressor)]
        defn = [p for p in pieces if ctx.at_war(ctx.owner(p), aggressor) and not ctx.at_war(ctx.owner(p), target)]
        if not any(ctx.owner(p) in (aggressor, target) for p in att + defn):
            continue
        if both and not (any(ctx.owner(p) == aggressor for p in att) and any(ctx.owner(p) == target for p in defn)):
            continue
        if att and defn and any(ctx.piece(p)["kind"] in ("unit", "merc") for p in att + defn):
            ctx.log("aw.coexistence_battle", "10.4.f", area=aid, aggressor=aggressor, target=target)
            start_battle(ctx, "field", aid, att, defn, phasing="att")


@FLOW.register
class CoexistenceBattles(Step[Ctx]):
    """10.4.f: once the relocations of a political change are done, the new enemies still sharing an area
    outside its cities fight there."""

    kind = "coexistence_battles"
    rule = "10.4.f"

    def run(self, ctx: Ctx, frame: dict[str, Any]) -> None:
        flow.pop(ctx.s)
        for a, b in reversed(frame["pairs"]):
            new_enemies_battles(ctx, a, b, both=bool(frame.get("both")))


def _after_declaration(ctx: Ctx, aggressor: str, target: str) -> None:
    """10.4.f after a declaration: the declaring pair and every other pair it made enemies (7.4.2: the
    target's camp and allies against the aggressor's), each with the aggressor's side attacking. A camp
    partner of the aggressor whose units stood beside the target's in a no man's land used to stay there
    with them, at war and without a battle (found by the fuzzer)."""
    from ashur.games.assyrian_wars.rules.politics.relations import coexistence, take_deferred

    others = []
    for x, y in take_deferred(ctx):
        if {x, y} == {aggressor, target}:
            continue
        if y == aggressor or ctx.allied(y, aggressor) or x == target or ctx.allied(x, target):
            x, y = y, x
        others.append((x, y))
    coexistence(ctx, [(aggressor, target)])
    coexistence(ctx, others, both=True)  # beneath: the declaring pair's battles come first


HOOKS.add_war_declared(90, "10.4.f coexistence", _after_declaration)
