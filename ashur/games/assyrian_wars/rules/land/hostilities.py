"""Declaring war to move, attack, evade, retreat or pillage (8.1, 7.4.2, 6.14, 6.7.8).

Entering an area of a country at peace below march status, attacking its forces, pillaging its area,
evading or retreating into it are declarations of war whose AP cost the acting country pays (7.4.2:
"any combat action ... against a country it was formerly at peace with is a declaration of war"). The
phasing country pays from its impulse; a country acting outside its impulse (evasion, retreat) pays
from its saved APs (decision, docs/rules-decisions.md).
"""

from __future__ import annotations

from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.course.impulse import can_pay, current_impulse, pay
from ashur.games.assyrian_wars.rules.politics.war import can_declare, declare_war, dow_cost


def phasing_frame(ctx: Ctx, cid: str) -> dict | None:
    f = current_impulse(ctx)
    return f if f is not None and f["c"] == cid and "ap2" in f else None


def afford(ctx: Ctx, cid: str, cost: int, extra2: int = 0) -> bool:
    """Whether `cid` can pay `cost` APs (plus `extra2` half points in its impulse) now."""
    f = phasing_frame(ctx, cid)
    if f is not None:
        return can_pay(f, 2 * cost + extra2)
    return extra2 == 0 and int(ctx.country(cid).get("saved", 0)) >= cost if cid in ctx.s["countries"] else False


def can_declare_now(ctx: Ctx, cid: str, target: str, extra2: int = 0) -> bool:
    ok, _reason, _rule = can_declare(ctx, cid, target)
    return ok and afford(ctx, cid, dow_cost(ctx, cid, target), extra2)


def declare(ctx: Ctx, cid: str, target: str, rule: str) -> None:
    """Pay the declaration's APs (7.4.2) and declare war on `target`."""
    cost = dow_cost(ctx, cid, target)
    f = phasing_frame(ctx, cid)
    if cost:
        if f is not None:
            pay(ctx, f, 2 * cost, "7.4.2", "declaration", target=target)
        else:
            ctx.country(cid)["saved"] -= cost
            ctx.log("aw.spend_saved", "7.4.2", country=cid, ap=cost, what="declaration", target=target)
    declare_war(ctx, cid, target, rule)
