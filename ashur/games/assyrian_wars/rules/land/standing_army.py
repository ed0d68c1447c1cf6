"""9.4 Standing Army: a power other than Assyria turns a regular unit into lasting ECO income.

With the standing army rule (option ``standing_army``) a power other than Assyria may, in its first impulse
of a game turn (marked by :mod:`armies`), disband one of its regular units of strength 2 and pay 4 AP: the
unit goes back to its force pool (it can be built again, decision) and an ECO +1 marker from the stock (2.2,
10.4.a: none when the stock is used up) goes on a home city of the power's choice that it holds, at most
2 there (6.8.4). Once a turn (decision: the rule speaks of one unit). A unit inside a besieged city, in a
Raid Box or on a foreign war card is not disbanded; one in the Regroup Box may be.
"""

from __future__ import annotations

from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.control_areas import city_holder
from ashur.games.assyrian_wars.rules.base.forces import normalize
from ashur.games.assyrian_wars.rules.base.secrecy import leaving_map
from ashur.games.assyrian_wars.rules.base.units import is_regular, strength, unit_type
from ashur.games.assyrian_wars.rules.course.impulse import can_pay, pay
from ashur.games.assyrian_wars.rules.politics.stock import eco_plus_refusal, place_eco_plus
from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS, MenuEntry

Frame = dict[str, Any]
ASSYRIA = "assyria"
PRICE = 4
STRENGTH = 2


def convertible_units(ctx: Ctx, c: str) -> list[str]:
    """9.4: regular units of strength 2 of `c` on the map or in the Regroup Box (one per kind and place)."""
    seen: dict[tuple[Any, ...], str] = {}
    for pid, p in sorted(ctx.s["pieces"].items()):
        if p["nation"] != c or p["kind"] != "unit" or not is_regular(ctx, pid) or strength(ctx, pid) != STRENGTH:
            continue
        loc = p["loc"]
        if loc != "regroup" and (loc not in ctx.c.areas or (p["city"] and loc in ctx.s["sieges"])):
            continue
        seen.setdefault((loc, bool(p["city"]), unit_type(ctx, pid), bool(p["red"])), pid)
    return [seen[k] for k in sorted(seen)]


def marker_cities(ctx: Ctx, c: str) -> list[str]:
    """9.4: home cities `c` holds that can take one more ECO +1 marker."""
    return [a for a in sorted(ctx.c.home_cities(c)) if city_holder(ctx, a) == c and eco_plus_refusal(ctx, a) is None]


def refusal(ctx: Ctx, frame: Frame) -> tuple[str, str] | None:
    """Why the phasing country cannot convert a unit now: (reason, rule), or None."""
    c = frame["c"]
    if not ctx.s["options"].get("standing_army"):
        return ("the conversion of units into ECO needs the standing army rule", "9.4")
    if not ctx.is_power(c) or c == ASSYRIA:
        return ("only a power other than Assyria converts a unit into ECO", "9.4")
    if not frame["flags"].get("first_of_turn") or ctx.country(c).get("eco_converted") == ctx.turn:
        return ("a unit is converted into ECO once, in the first impulse of a game turn", "9.4")
    if not can_pay(frame, 2 * PRICE):
        return ("the conversion costs 4 AP", "9.4")
    if not convertible_units(ctx, c):
        return ("no regular unit of strength 2 can be disbanded", "9.4")
    if not marker_cities(ctx, c):
        from ashur.games.assyrian_wars.rules.politics.stock import eco_stock_left

        if eco_stock_left(ctx, "eco_plus") <= 0:
            return ("no ECO +1 marker is left in the stock", "10.4.a")
        return ("no home city held can take another ECO +1 marker", "6.8.4")
    return None


def _offer(ctx: Ctx, frame: Frame) -> list[Action]:
    if refusal(ctx, frame) is not None:
        return []
    return [action(f"eco_convert:{pid}", "aw.act.eco_convert", "9.4", piece=pid, area=ctx.piece(pid)["loc"],
                   ap=PRICE) for pid in convertible_units(ctx, frame["c"])]


def _apply(ctx: Ctx, frame: Frame, act: Action) -> None:
    c = frame["c"]
    pid = act["params"]["piece"]
    pay(ctx, frame, 2 * PRICE, "9.4", "eco_convert", piece=pid)
    ctx.country(c)["eco_converted"] = ctx.turn
    p = ctx.piece(pid)
    src = p["loc"]
    leaving_map(ctx, [pid], "pool")
    ctx.move_piece(pid, "pool")
    p.update(red=False, city=False, army=None)
    normalize(ctx)
    if src in ctx.c.areas:
        from ashur.games.assyrian_wars.rules.land.siege import check_lifted

        check_lifted(ctx, src)
    ctx.log("aw.eco_convert_disband", "9.4", country=c, piece=pid, area=src)
    flow.push(ctx.s, "eco_convert", c=c)


def _explain(ctx: Ctx, frame: Frame, action_id: str) -> tuple[str, str] | None:
    found = refusal(ctx, frame)
    return found or ("only a regular unit of strength 2 of the country is disbanded", "9.4")


@FLOW.register
class EcoConvert(Step[Ctx]):
    """9.4: the power chooses the home city that takes the new ECO +1 marker."""

    kind = "eco_convert"
    rule = "9.4"

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        return [frame["c"]] if marker_cities(ctx, frame["c"]) else []

    def run(self, ctx: Ctx, frame: Frame) -> None:
        flow.pop(ctx.s)  # not reached in play: the conversion is offered only with a city to take the marker

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        return [action(f"eco_city:{a}", "aw.act.eco_city", "9.4", area=a) for a in marker_cities(ctx, actor)]

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.eco_convert", "params": {"country": actor}}

    def explain(self, ctx: Ctx, frame: Frame, actor: str, action_id: str) -> tuple[str, str]:
        return ("the ECO +1 marker goes on a home city the power holds, at most 2 there", "6.8.4")

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        flow.pop(ctx.s)
        aid = act["params"]["area"]
        place_eco_plus(ctx, aid)
        ctx.log("aw.eco_convert", "9.4", country=actor, area=aid)


HOOKS.add_menu(MenuEntry("eco_convert", _offer, _apply, _explain, order=15))
