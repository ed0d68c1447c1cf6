"""Surrender (7.1 B).

A country may offer to surrender when it has lost at least 3 home cities or was defeated in a battle that
earned the victor 3 VP (at any time of the game: 7.1 B sets no time; with the option ``pre14_readings`` of
older saves, in this turn only). It surrenders to every power at war with it, never to just one; each may
reject the offer. The powers accepting conquer it (10.4.c when several do); if every one rejects, the country
scores 1 VP. Assyria never surrenders. A minor surrenders through the power it is allied to; a minor played
under 7.4.5 cannot (its temporary player cannot negotiate peace). One offer per country and turn (see
docs/rules-decisions.md); offered in the country's impulse and in the Interphase (7.1).
"""

from __future__ import annotations

from typing import Any

from ashur.core.contract import Action, action
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.asking import ask, register_question
from ashur.games.assyrian_wars.rules.base.battles import lost_big_battle
from ashur.games.assyrian_wars.rules.base.readings import pre14
from ashur.games.assyrian_wars.rules.registry import HOOKS, MenuEntry

Frame = dict[str, Any]
ASSYRIA = "assyria"
LOST_CITIES = 3


def lost_home_cities(ctx: Ctx, cid: str) -> int:
    from ashur.games.assyrian_wars.rules.base.control_areas import held_by

    return sum(1 for a in ctx.c.home_cities(cid) if held_by(ctx, a) not in (cid, None))


def enemies(ctx: Ctx, cid: str) -> list[str]:
    """The powers a surrender is offered to: every power at war with the country."""
    return [p for p in ctx.powers() if p != cid and ctx.at_war(p, cid) and not ctx.s.get("eliminated", {}).get(p)]


def eligible(ctx: Ctx, cid: str) -> tuple[bool, str]:
    """(may offer, reason) — 7.1 B."""
    if cid == ASSYRIA:
        return (False, "Assyria cannot surrender")
    if ctx.kind(cid) not in ("power", "minor") or not ctx.active(cid):
        return (False, "only an active power or minor surrenders")
    if ctx.is_minor(cid) and ctx.ally_power(cid) is None:
        return (False, "a minor played under 7.4.5 cannot negotiate")
    if ctx.s.get("surrender_tried", {}).get(cid) == ctx.turn:
        return (False, "one offer of surrender per country and turn")
    if not enemies(ctx, cid):
        return (False, "no power is at war with it")
    battle_turn = ctx.turn if pre14(ctx) else None  # 7.1 B sets no time for the battle
    if lost_home_cities(ctx, cid) < LOST_CITIES and not lost_big_battle(ctx, cid, battle_turn):
        return (False, "it has lost fewer than 3 home cities and no battle worth 3 VP")
    return (True, "")


def offer(ctx: Ctx, cid: str, rule: str = "7.1") -> None:
    """Offer the surrender to every enemy power in impulse-track order."""
    ctx.s.setdefault("surrender_tried", {})[cid] = ctx.turn
    foes = enemies(ctx, cid)
    ctx.log("aw.surrender_offered", rule, country=cid, powers=foes)
    ask(ctx, "surrender", foes[0], rule=rule, target=cid, rest=foes[1:], accepted=[])


def _answer(ctx: Ctx, data: dict[str, Any], choice: str, who: str) -> None:
    from ashur.games.assyrian_wars.rules.politics.conquest_effects import conquer

    accepted = list(data["accepted"]) + ([who] if choice == "accept" else [])
    if choice != "accept":
        ctx.log("aw.surrender_rejected", "7.1", country=data["target"], by=who)
    rest = [p for p in data["rest"] if ctx.at_war(p, data["target"])]
    if rest:
        ask(ctx, "surrender", rest[0], rule="7.1", target=data["target"], rest=rest[1:], accepted=accepted)
        return
    if accepted:
        conquer(ctx, data["target"], accepted, "7.1", surrender=True)
    else:
        ctx.award_vp(data["target"], 1, "8.3", "aw.why.surrender_rejected")


register_question("surrender", ("accept", "reject"), _answer)


def _answer_offer(ctx: Ctx, data: dict[str, Any], choice: str, who: str) -> None:
    if choice == "offer" and eligible(ctx, data["target"])[0]:
        offer(ctx, data["target"], "7.1")


register_question("surrender_offer", ("offer", "no"), _answer_offer, default="no")


def _offer(ctx: Ctx, impulse: Frame) -> list[Action]:
    c = impulse["c"]
    if not eligible(ctx, c)[0]:
        return []
    return [action("surrender", "aw.act.surrender", "7.1", to=enemies(ctx, c))]


def _apply(ctx: Ctx, impulse: Frame, act: Action) -> None:
    offer(ctx, impulse["c"], "7.1")


def _explain(ctx: Ctx, impulse: Frame, action_id: str) -> tuple[str, str] | None:
    return (eligible(ctx, impulse["c"])[1] or "surrender is not possible now", "7.1")


HOOKS.add_menu(MenuEntry("surrender", _offer, _apply, _explain, order=95))
