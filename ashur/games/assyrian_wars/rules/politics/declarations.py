"""Declaring war in an impulse (7.4.2) and the ally's free declaration (7.4.2, 6.9).

The phasing power — or an allied minor, played by its power — may declare war on a power, a minor or a
minor city for the APs of 7.4.2 (5/10 AP, 0 for a minor city, 5.2.3 for Assyria and tribute payers or
refusers). A minor played under 7.4.5 cannot be made to declare war. A declaration on an allied minor
lets its power declare war on the aggressor at once and for free (it need not).
"""

from __future__ import annotations

from ashur.core.contract import Action, action
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.asking import ask, register_question
from ashur.games.assyrian_wars.rules.course.impulse import can_pay, pay
from ashur.games.assyrian_wars.rules.politics.war import can_declare, declare_war, dow_cost, dow_pricer
from ashur.games.assyrian_wars.rules.registry import HOOKS, MenuEntry

Frame = dict


def may_declare_for(ctx: Ctx, c: str) -> bool:
    """Countries whose player can make them declare war: powers (and substitute countries, 7.1) and minors
    allied to a power (6.9); not minors played under 7.4.5, not nomads (10.1)."""
    if ctx.is_power(c) or c in ctx.s.get("substitutes", {}):
        return not ctx.s.get("eliminated", {}).get(c)
    return ctx.is_minor(c) and ctx.ally_power(c) is not None


def targets(ctx: Ctx) -> list[str]:
    return [t for t in ctx.track() if ctx.kind(t) in ("power", "minor")] + \
        [t for t in sorted(ctx.s["countries"]) if ctx.is_minor_city(t)]


def _offer(ctx: Ctx, impulse: Frame) -> list[Action]:
    c = impulse["c"]
    if not may_declare_for(ctx, c):
        return []
    acts = []
    price = dow_pricer(ctx, c)
    for t in targets(ctx):
        cost = price(t)  # the price is the cheaper test
        if can_pay(impulse, 2 * cost) and can_declare(ctx, c, t)[0]:
            acts.append(action(f"dow:{t}", "aw.act.declare_war", "7.4.2", target=t, ap=cost))
    return acts


def _apply(ctx: Ctx, impulse: Frame, act: Action) -> None:
    c = impulse["c"]
    t = act["params"]["target"]
    cost = dow_cost(ctx, c, t)
    if cost:
        pay(ctx, impulse, 2 * cost, "7.4.2", "declaration_of_war", target=t)
    declare_war(ctx, c, t, "7.4.2")


def _explain(ctx: Ctx, impulse: Frame, action_id: str) -> tuple[str, str] | None:
    c = impulse["c"]
    t = action_id.split(":", 1)[1] if ":" in action_id else ""
    if not may_declare_for(ctx, c):
        if ctx.is_nomad(c):
            return ("nomads are at war with everyone unless allied and declare no war", "10.1")
        return ("a minor played under 7.4.5 cannot be made to declare war", "7.4.5")
    if t not in ctx.s["countries"]:
        return (f"{t} is not a country of this game", "7.4.2")
    ok, reason, rule = can_declare(ctx, c, t)
    if not ok:
        return (reason, rule)
    return (f"declaring war on {t} costs {dow_cost(ctx, c, t)} AP", "7.4.2")


HOOKS.add_menu(MenuEntry("dow", _offer, _apply, _explain, order=70))


def on_war_declared(ctx: Ctx, aggressor: str, target: str) -> None:
    """7.4.2 / 6.9: war declared on an allied minor allows its power a free declaration on the aggressor."""
    if ctx.is_power(target):
        return
    ally = ctx.ally_power(target)
    if ally is None or ally == aggressor or not ctx.is_power(ally) or ctx.at_war(ally, aggressor):
        return
    if ctx.is_nomad(aggressor) or not can_declare(ctx, ally, aggressor)[0]:
        return
    ask(ctx, "free_dow", ally, rule="7.4.2", target=aggressor, minor=target)


def _answer_free_dow(ctx: Ctx, data: dict, choice: str, who: str) -> None:
    if choice != "declare" or ctx.at_war(who, data["target"]) or not can_declare(ctx, who, data["target"])[0]:
        ctx.log("aw.free_declaration_declined", "7.4.2", country=who, target=data["target"])
        return
    ctx.log("aw.free_declaration", "7.4.2", country=who, target=data["target"])
    declare_war(ctx, who, data["target"], "7.4.2")


register_question("free_dow", ("declare", "decline"), _answer_free_dow)
HOOKS.add_war_declared(30, "free_declaration", on_war_declared)
