"""Camps (6.9 "Camps", 7.4.1 Alliance Change, 9.1).

* A power joins a camp by declaring war on a power of the other camp: free in the Interphase, 10 AP
  during a turn (German 7.4.1). A camp power declaring war on a neutral power pushes it into the other
  camp, unless that camp rejects it. Joining the Assyrian camp always needs Assyria's consent; joining
  the rebels needs nobody's, but a rebel power at war with the newcomer may reject it; a conquered power
  joins its conqueror's camp only with the conqueror's consent. A refused power scores 1 VP (8.3); one
  attempt per power and turn.
* Changing camp (rebel to Assyrian or back) happens only in the Interphase (7.4.1), except by the cards
  "Opposing Party Takes Command" and "Priests of Marduk" (:func:`allow_camp_change`) and in response to
  the defeat of a whole camp (7.4.1, 9.1).
* A power that became neutral during the turn (conquest, peace by tribute to Assyria) cannot declare
  war on the camp it belonged to at the start of the turn (war.can_declare).
"""

from __future__ import annotations

from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.asking import ask, register_question
from ashur.games.assyrian_wars.rules.course.impulse import can_pay, pay
from ashur.games.assyrian_wars.rules.politics import relations
from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS, MenuEntry

Frame = dict[str, Any]
ASSYRIA = "assyria"
CAMPS = ("assyrian", "rebel")
JOIN_COST = 10


def opposite(camp: str) -> str:
    return "rebel" if camp == "assyrian" else "assyrian"


def members(ctx: Ctx, camp: str) -> list[str]:
    """The powers of a camp in impulse-track order (eliminated powers excepted)."""
    return [p for p in ctx.powers() if ctx.country(p).get("camp") == camp
            and not ctx.s.get("eliminated", {}).get(p)]


def camp_of(ctx: Ctx, power: str) -> str | None:
    return ctx.country(power).get("camp")


def tried(ctx: Ctx, power: str) -> bool:
    return ctx.s.get("camp_tried", {}).get(power) == ctx.turn


def leave_camp(ctx: Ctx, power: str, rule: str) -> None:
    """A power leaves its camp and becomes neutral (conquest, peace, a declaration on its own camp)."""
    camp = camp_of(ctx, power)
    if camp is None:
        return
    with relations.change(ctx, rule):
        ctx.country(power)["camp"] = None
        ctx.log("aw.camp_left", rule, country=power, camp=camp)


def join(ctx: Ctx, power: str, camp: str, rule: str) -> None:
    """7.4.1: the power joins the camp: it is allied to every power in it and at war with the other camp."""
    from ashur.games.assyrian_wars.rules.politics.markers import relation_vp

    old = members(ctx, camp)
    with relations.change(ctx, rule):
        ctx.country(power)["camp"] = camp
        ctx.log("aw.camp_joined", rule, country=power, camp=camp)
    for member in old:
        if member != power:
            relation_vp(ctx, member, power, "8.3")


def refused(ctx: Ctx, power: str, camp: str, by: str) -> None:
    """7.4.1 / 8.3: a power whose entry is refused scores 1 VP."""
    ctx.log("aw.camp_refused", "7.4.1", country=power, camp=camp, by=by)
    ctx.award_vp(power, 1, "8.3", "aw.why.camp_refused", camp=camp)


def attempt_join(ctx: Ctx, power: str, camp: str, rule: str = "7.4.1", *, automatic: bool = False) -> None:
    """A power tries to join `camp` (one attempt per power and turn unless it is pushed in, 7.4.1)."""
    if camp_of(ctx, power) == camp or ctx.s.get("eliminated", {}).get(power):
        return
    if not automatic:
        if tried(ctx, power):
            ctx.log("aw.camp_attempt_used", "7.4.1", country=power)
            return
        ctx.s.setdefault("camp_tried", {})[power] = ctx.turn
    ctx.log("aw.camp_attempt", rule, country=power, camp=camp, automatic=automatic)
    conquerors = [e["by"] for e in ctx.s["conquered"].get(power, []) if e.get("grace_until") is not None]
    mine = [c for c in conquerors if camp_of(ctx, c) == camp]
    if mine:
        ask(ctx, "camp_conqueror", mine[0], rule="7.4.1", power=power, camp=camp)
        return
    _next_consent(ctx, power, camp)


def _next_consent(ctx: Ctx, power: str, camp: str) -> None:
    if camp == "assyrian":
        if power != ASSYRIA and ASSYRIA in ctx.s["countries"]:
            ask(ctx, "camp_assyria", ASSYRIA, rule="7.4.1", power=power, camp=camp)
            return
        join(ctx, power, camp, "7.4.1")
        return
    rejectors = [p for p in members(ctx, "rebel") if ctx.at_war(p, power)]
    if rejectors:
        ask(ctx, "camp_rebel", rejectors[0], rule="7.4.1", power=power, camp=camp, rest=rejectors[1:])
        return
    join(ctx, power, camp, "7.4.1")


def _answer_conqueror(ctx: Ctx, data: dict[str, Any], choice: str, who: str) -> None:
    if choice != "accept":
        refused(ctx, data["power"], data["camp"], who)
        return
    if data["camp"] == "assyrian" and who != ASSYRIA:
        _next_consent(ctx, data["power"], data["camp"])
        return
    join(ctx, data["power"], data["camp"], "7.4.1")


def _answer_assyria(ctx: Ctx, data: dict[str, Any], choice: str, who: str) -> None:
    if choice == "accept":
        join(ctx, data["power"], data["camp"], "7.4.1")
    else:
        refused(ctx, data["power"], data["camp"], who)


def _answer_rebel(ctx: Ctx, data: dict[str, Any], choice: str, who: str) -> None:
    if choice != "accept":
        refused(ctx, data["power"], data["camp"], who)
        return
    rest = [p for p in data["rest"] if camp_of(ctx, p) == "rebel"]
    if rest:
        ask(ctx, "camp_rebel", rest[0], rule="7.4.1", power=data["power"], camp=data["camp"], rest=rest[1:])
        return
    join(ctx, data["power"], data["camp"], "7.4.1")


register_question("camp_conqueror", ("accept", "reject"), _answer_conqueror)
register_question("camp_assyria", ("accept", "reject"), _answer_assyria)
register_question("camp_rebel", ("accept", "reject"), _answer_rebel, default="accept")


def on_war_declared(ctx: Ctx, aggressor: str, target: str) -> None:
    """7.4.1: a neutral power declaring war on a camp power tries to join the other camp; a neutral
    power attacked by a camp power enters the other camp unless that camp rejects it."""
    if not (ctx.is_power(aggressor) and ctx.is_power(target)):
        return
    ca, ct = camp_of(ctx, aggressor), camp_of(ctx, target)
    if ca is None and ct is not None:
        attempt_join(ctx, aggressor, opposite(ct), "7.4.1")
    elif ca is not None and ct is None:
        attempt_join(ctx, target, opposite(ca), "7.4.1", automatic=True)


HOOKS.add_war_declared(20, "camps", on_war_declared)


def allow_camp_change(ctx: Ctx, power: str, rule: str) -> None:
    """7.4.1: "Opposing Party Takes Command" / "Priests of Marduk" let a power change camp during the
    turn, declaring war without AP cost."""
    allowed = ctx.s.setdefault("camp_change_allowed", [])
    if power not in allowed:
        allowed.append(power)
    ctx.log("aw.camp_change_allowed", rule, country=power)


def turn_start(ctx: Ctx) -> None:
    """Remember each power's camp at the start of the turn (7.4.1); card permissions end."""
    for p in ctx.powers():
        ctx.country(p)["camp_start"] = camp_of(ctx, p)
    ctx.s["camp_change_allowed"] = []


HOOKS.add_turn_start(5, "camps", turn_start)


# --- joining a camp during the turn (10 AP) ----------------------------------------------------------
def _join_targets(ctx: Ctx, power: str, camp: str) -> list[str]:
    from ashur.games.assyrian_wars.rules.politics.war import can_declare

    return [p for p in members(ctx, opposite(camp)) if can_declare(ctx, power, p)[0]]


def _offer(ctx: Ctx, impulse: Frame) -> list[Action]:
    c = impulse["c"]
    if not ctx.is_power(c) or camp_of(ctx, c) is not None or tried(ctx, c):
        return []
    if not can_pay(impulse, 2 * JOIN_COST):
        return []
    acts = []
    for camp in CAMPS:
        if _join_targets(ctx, c, camp):
            acts.append(action(f"camp:{camp}", "aw.act.join_camp", "7.4.1", camp=camp, ap=JOIN_COST))
    return acts


def _apply(ctx: Ctx, impulse: Frame, act: Action) -> None:
    from ashur.games.assyrian_wars.rules.politics.war import declare_war

    c = impulse["c"]
    camp = act["params"]["camp"]
    pay(ctx, impulse, 2 * JOIN_COST, "7.4.1", "join_camp", camp=camp)
    targets = _join_targets(ctx, c, camp)
    declare_war(ctx, c, targets[0], "7.4.1")


def _explain(ctx: Ctx, impulse: Frame, action_id: str) -> tuple[str, str] | None:
    c = impulse["c"]
    if not ctx.is_power(c):
        return ("only a power joins a camp", "7.4.1")
    if camp_of(ctx, c) is not None:
        return ("a power changes camp only in the Interphase (or by the cards that allow it)", "7.4.1")
    if tried(ctx, c):
        return ("only one attempt per power and turn to join a camp", "7.4.1")
    if not can_pay(impulse, 2 * JOIN_COST):
        return (f"joining a camp during a turn costs {JOIN_COST} AP", "7.4.2")
    return ("a camp is joined by declaring war on a power of the other camp", "7.4.1")


HOOKS.add_menu(MenuEntry("camp", _offer, _apply, _explain, order=72))


# --- 7.4.1 / 9.1: a whole camp defeated ----------------------------------------------------------------
def camp_defeated(ctx: Ctx, camp: str, rule: str) -> None:
    """9.1 / 7.4.1: when every power of a camp is defeated during the game, roll for the sudden end; if
    the game goes on, the powers may declare war for free and change camp, in impulse-track order."""
    from ashur.games.assyrian_wars.rules.course.victory import roll_sudden_end

    done = ctx.s.setdefault("camp_defeats", [])
    mark = f"{camp}|{ctx.turn}"
    if mark in done:
        return
    done.append(mark)
    ctx.log("aw.camp_defeated", "9.1", camp=camp)
    if ctx.s["options"].get("sudden_end") and roll_sudden_end(ctx, camp):
        return
    order = [p for p in ctx.powers() if not ctx.s.get("eliminated", {}).get(p)]
    for p in order:
        allow_camp_change(ctx, p, "7.4.1")
    flow.push(ctx.s, "camp_defeat_response", order=order, i=0)


@FLOW.register
class CampDefeatResponse(Step[Ctx]):
    """7.4.1: in impulse-track order every power may declare war for free and change camp."""

    kind = "camp_defeat_response"
    rule = "7.4.1"

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        if frame["i"] >= len(frame["order"]) or ctx.s.get("ended"):
            return []
        return [frame["order"][frame["i"]]]

    def run(self, ctx: Ctx, frame: Frame) -> None:
        ctx.s["camp_change_allowed"] = []
        flow.pop(ctx.s)

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        from ashur.games.assyrian_wars.rules.politics.war import can_declare

        acts = [action(f"free_dow:{t}", "aw.act.free_dow_any", "7.4.1", target=t) for t in ctx.powers()
                if can_declare(ctx, actor, t)[0]]
        acts.append(action("done", "aw.act.politics_done", "7.4.1"))
        return acts

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.camp_defeat_response", "params": {"country": actor}}

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        from ashur.games.assyrian_wars.rules.politics.war import declare_war

        if act["id"] == "done":
            frame["i"] += 1
            return
        target = act["params"]["target"]
        if camp_of(ctx, actor) is not None and camp_of(ctx, actor) == camp_of(ctx, target):
            leave_camp(ctx, actor, "7.4.1")
        declare_war(ctx, actor, target, "7.4.1")


HOOKS.provide("camps.leave_camp", leave_camp)
