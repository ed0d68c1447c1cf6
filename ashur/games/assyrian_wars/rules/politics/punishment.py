"""Consequences of tribute (5.2.3) and the punishment of tribute refusers (7.4.4).

* 5.2.3: a country that refuses tribute — by a failed tribute check, by its player's decision at 5.2,
  or by stopping its payment later in the turn — can be attacked by Assyria for free (war.dow_cost).
  A power paying by decision, and its allied minors, may stop paying in an impulse ("stop_tribute").
* 7.4.4: Assyria (with its own or allied forces) punishes a tribute (check) refuser by conquering it, or
  by defeating it in a battle or taking one of its cities: either causes an immediate tribute check; if
  the minor pays, it is punished, its refusal marker goes and its war with Assyria ends. A refuser
  allied to a power is considered punished too; its power decides whether it now pays Assyria — not at
  all if that power is at war with Assyria. Assyria may turn the punishment into a campaign of
  conquest at any time, without AP cost: no more tribute checks for that minor.

Each battle won and city taken is queued as it happens; the checks are rolled as soon as the battle (with its
retreats) or the action that took the city is over (7.4.4 "immediate"): a moving force has them rolled before
it moves on after an overrun, otherwise they come when the phasing country's impulse resumes, before it does
anything else; at the latest at the end of the impulse. With the option ``pre14_readings`` (older saves) they
wait for the end of the impulse.
"""

from __future__ import annotations

from typing import Any

from ashur.core.contract import Action, action
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.asking import ask, register_question
from ashur.games.assyrian_wars.rules.base.battles import losers, unseen, winners
from ashur.games.assyrian_wars.rules.base.readings import pre14
from ashur.games.assyrian_wars.rules.course.tribute import add_tribute, end_tribute, tribute_check
from ashur.games.assyrian_wars.rules.politics import relations
from ashur.games.assyrian_wars.rules.registry import HOOKS, MenuEntry

Frame = dict[str, Any]
ASSYRIA = "assyria"


def is_refuser(ctx: Ctx, minor: str) -> bool:
    """A tribute (check) refuser Assyria must punish this turn (black marker, 5.2.1, 5.2.3)."""
    return ctx.s["refused"].get(minor) == "black"


def on_assyrias_side(ctx: Ctx, cid: str) -> bool:
    return cid == ASSYRIA or ctx.allied(cid, ASSYRIA)


def punishing(ctx: Ctx, minor: str) -> bool:
    """Whether a battle or a city taken still calls for a tribute check (7.4.4)."""
    return is_refuser(ctx, minor) and minor not in ctx.s.get("conquest_campaign", []) \
        and not ctx.s.get("assyria_conquered") and ASSYRIA in ctx.s["countries"]


def queue(ctx: Ctx, minor: str, how: str) -> None:
    q = ctx.s.setdefault("punish_queue", [])
    if minor not in [e["minor"] for e in q]:
        q.append({"minor": minor, "how": how})
        ctx.log("aw.punishment_due", "7.4.4", minor=minor, how=how)


def on_control_changed(ctx: Ctx, area: str, old: str | None, new: str | None) -> None:
    """7.4.4: taking one of the refuser's cities."""
    a = ctx.c.areas[area]
    if a.city is None or a.nation is None or new is None or new == a.nation:
        return
    if ctx.is_minor(a.nation) and punishing(ctx, a.nation) and on_assyrias_side(ctx, new):
        queue(ctx, a.nation, "city")


HOOKS.add_control_changed(30, "punishment", on_control_changed)


def scan_battles(ctx: Ctx) -> None:
    """7.4.4: defeating the refuser in a battle."""
    for rec in unseen(ctx, "punishment"):
        if not any(on_assyrias_side(ctx, w) for w in winners(rec)):
            continue
        for minor in losers(rec):
            if minor in ctx.s["countries"] and ctx.is_minor(minor) and punishing(ctx, minor):
                queue(ctx, minor, "battle")


def resolve_queue(ctx: Ctx, impulse: Frame | None = None) -> None:
    """Roll the tribute checks of the punishments due (7.4.4)."""
    scan_battles(ctx)
    q = ctx.s.get("punish_queue", [])
    ctx.s["punish_queue"] = []
    for entry in q:
        minor = entry["minor"]
        if not punishing(ctx, minor):
            continue
        if tribute_check(ctx, minor, rule="7.4.4"):
            punished(ctx, minor, "7.4.4")
        else:
            ctx.log("aw.punishment_failed", "7.4.4", minor=minor)


HOOKS.add_impulse_end(20, "punishment", resolve_queue)


def on_battle_fought(ctx: Ctx, record: dict[str, Any]) -> None:
    """7.4.4: a battle won against the refuser is queued at once (after the battle records, order 40)."""
    if not pre14(ctx):
        scan_battles(ctx)


HOOKS.add_battle_fought(50, "punishment", on_battle_fought)


def resolve_now(ctx: Ctx, impulse: Frame) -> None:
    """7.4.4 "immediate": the impulse resumes with checks due; roll them before the phasing country acts."""
    resolve_queue(ctx, impulse)


def due_now(ctx: Ctx) -> bool:
    """Whether tribute checks of 7.4.4 wait to be rolled (see :func:`resolve_now`)."""
    return bool(ctx.s.get("punish_queue")) and not pre14(ctx)


HOOKS.provide("punishment.due_now", due_now)
HOOKS.provide("punishment.resolve_now", resolve_now)


def punished(ctx: Ctx, minor: str, rule: str) -> None:
    """7.4.4: the refuser is punished: its marker goes; it pays and its war with Assyria ends — unless its
    power decides otherwise (allied refuser) or is at war with Assyria."""
    ctx.s["refused"].pop(minor, None)
    ctx.log("aw.punished", rule, minor=minor)
    ally = ctx.ally_power(minor)
    if ally is None:
        _pay_and_end_war(ctx, minor, rule)
    elif ally != ASSYRIA and not ctx.at_war(ally, ASSYRIA):
        ask(ctx, "punished_tribute", ally, rule=rule, minor=minor)


def _pay_and_end_war(ctx: Ctx, minor: str, rule: str) -> None:
    with relations.change(ctx, rule):
        for pair in sorted(ctx.s["wars"]):
            if minor in pair:
                other = pair[1] if pair[0] == minor else pair[0]
                if on_assyrias_side(ctx, other):
                    relations.end_war(ctx, minor, other)
        add_tribute(ctx, minor, ASSYRIA, "punished", rule)


def _answer_punished(ctx: Ctx, data: dict[str, Any], choice: str, who: str) -> None:
    if choice == "pay":
        _pay_and_end_war(ctx, data["minor"], "7.4.4")
    else:
        ctx.log("aw.punished_no_tribute", "7.4.4", minor=data["minor"], power=who)


register_question("punished_tribute", ("pay", "refuse"), _answer_punished)


def conquered_refuser(ctx: Ctx, minor: str, conqueror: str) -> None:
    """7.4.4 1): a refuser conquered by Assyria or its ally is punished."""
    if is_refuser(ctx, minor) and on_assyrias_side(ctx, conqueror):
        ctx.s["refused"].pop(minor, None)
        ctx.log("aw.punished_by_conquest", "7.4.4", minor=minor, conqueror=conqueror)


# --- menus: a campaign of conquest (7.4.4), stopping a tribute by decision (5.2.3) -------------------
def _offer(ctx: Ctx, impulse: Frame) -> list[Action]:
    c = impulse["c"]
    acts: list[Action] = []
    if c == ASSYRIA:
        for minor in sorted(ctx.s["refused"]):
            if punishing(ctx, minor) and ctx.at_war(ASSYRIA, minor):
                acts.append(action(f"campaign:{minor}", "aw.act.conquest_campaign", "7.4.4", minor=minor))
    return acts


def _apply(ctx: Ctx, impulse: Frame, act: Action) -> None:
    minor = act["params"]["minor"]
    ctx.s.setdefault("conquest_campaign", []).append(minor)
    ctx.log("aw.conquest_campaign", "7.4.4", minor=minor)


def _explain(ctx: Ctx, impulse: Frame, action_id: str) -> tuple[str, str] | None:
    return ("Assyria turns the punishment of a tribute refuser at war with it into a campaign of conquest", "7.4.4")


HOOKS.add_menu(MenuEntry("campaign", _offer, _apply, _explain, order=80))


def stoppable(ctx: Ctx, power: str) -> list[str]:
    """Countries paying Assyria by decision that `power` plays: itself and its allied minors (5.2.3).

    A power's tribute that the scenario sets as paid (Rise and Fall: the Mede) counts as paid by decision:
    at 5.2 a power pays only if its player decides so, so a scenario that starts after 5.2 records that
    decision, and the power may stop paying in a later impulse as after any other. A minor's tribute the
    scenario sets stands for a tribute check passed and is not stopped (``docs/rules-decisions.md``,
    "Tribute refusers")."""
    out = []
    for t in ctx.s["tribute"]:
        payer = t["payer"]
        mine = payer == power or ctx.ally_power(payer) == power
        decided = t["why"] == "decision" or (t["why"] == "scenario" and ctx.is_power(payer))
        if t["to"] == ASSYRIA and decided and mine:
            out.append(payer)
    return sorted(set(out))


def _offer_stop(ctx: Ctx, impulse: Frame) -> list[Action]:
    c = impulse["c"]
    if not ctx.is_power(c):
        return []
    return [action(f"stop_tribute:{p}", "aw.act.stop_tribute", "5.2.3", payer=p) for p in stoppable(ctx, c)]


def _apply_stop(ctx: Ctx, impulse: Frame, act: Action) -> None:
    payer = act["params"]["payer"]
    end_tribute(ctx, payer, ASSYRIA, "5.2.3")
    ctx.s.setdefault("declined", []).append(payer)
    ctx.log("aw.tribute_stopped", "5.2.3", payer=payer)


def _explain_stop(ctx: Ctx, impulse: Frame, action_id: str) -> tuple[str, str] | None:
    return ("only a tribute paid by decision (the power's or its allied minor's) can be stopped", "5.2.3")


HOOKS.add_menu(MenuEntry("stop_tribute", _offer_stop, _apply_stop, _explain_stop, order=82))
