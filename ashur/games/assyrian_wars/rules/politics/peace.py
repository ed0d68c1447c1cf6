"""Peace (7.4.3, 7.4.6) — negotiated, bought with tribute or with a home card — and the end of wars
with minors in the Interphase.

* Two powers at war may make peace when both agree (7.4.3): the proposer may pay the enemy tribute at
  the power rate of 2 ECO for the turn, or give it one of its home cards (back to its owner at the next
  deal), or offer peace without terms. Between the two camps only Assyria makes peace, with a rebel
  power: the rebel leaves its camp and is neutral (glossary "Camp": a rebel power becomes neutral by
  paying tribute to Assyria, with Assyria's consent; see docs/rules-decisions.md).
* A peace agreed in the Interphase costs no AP; its tribute is paid in the next turn (5.2).
* 7.4.3: a minor at war with a power without an alliance makes peace in the Interphase when the power
  consents; 7.4.6: the new ally of a minor at war may negotiate peace with the minor's enemies.
"""

from __future__ import annotations

from typing import Any

from ashur.core.contract import Action, action
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.asking import ask, register_question
from ashur.games.assyrian_wars.rules.course import tribute
from ashur.games.assyrian_wars.rules.politics import relations
from ashur.games.assyrian_wars.rules.registry import HOOKS, MenuEntry

Frame = dict[str, Any]
ASSYRIA = "assyria"


def make_peace(ctx: Ctx, a: str, b: str, rule: str) -> None:
    """End the war between `a` and `b` and the wars that exist only because of it (7.4.3)."""
    with relations.change(ctx, rule):
        relations.end_war(ctx, a, b)
        ctx.log("aw.peace", rule, a=a, b=b)


def cross_camp(ctx: Ctx, a: str, b: str) -> bool:
    ca, cb = ctx.country(a).get("camp"), ctx.country(b).get("camp")
    return ca is not None and cb is not None and ca != cb


def peace_partners(ctx: Ctx, power: str) -> list[str]:
    """Powers at war with `power` with whom a peace can be negotiated now (7.4.3)."""
    out = []
    for other in ctx.powers():
        if other == power or not ctx.at_war(power, other) or ctx.s.get("eliminated", {}).get(other):
            continue
        if cross_camp(ctx, power, other) and ASSYRIA not in (power, other):
            continue
        out.append(other)
    return out


def terms(ctx: Ctx, power: str, impulse: Frame | None = None) -> list[str]:
    """7.4.3: no terms, tribute (2 ECO this turn), or one of the proposer's home cards in its hand (in its
    impulse only while it keeps a card to play, 3.1)."""
    out = ["none", "tribute"]
    if impulse is None or impulse["cards"] or len(ctx.hand(power)) > 1:
        out += [f"card{n}" for n in sorted(set(ctx.hand(power))) if ctx.card(n).owner == power]
    return out


def peace_actions(ctx: Ctx, power: str, prefix: str, asked: list[str], rule: str,
                  impulse: Frame | None = None) -> list[Action]:
    acts = []
    for other in peace_partners(ctx, power):
        if other in asked:
            continue
        for t in terms(ctx, power, impulse):
            acts.append(action(f"{prefix}:{other}:{t}", "aw.act.propose_peace", rule, other=other, terms=t))
    return acts


def propose(ctx: Ctx, power: str, other: str, term: str, rule: str) -> None:
    ask(ctx, "peace", other, rule=rule, power=power, other=other, terms=term)


def _answer_peace(ctx: Ctx, data: dict[str, Any], choice: str, who: str) -> None:
    from ashur.games.assyrian_wars.rules.course.tribute import add_tribute
    from ashur.games.assyrian_wars.rules.politics.camps import leave_camp
    from ashur.games.assyrian_wars.rules.politics.war import in_interphase

    power, other, term = data["power"], data["other"], data["terms"]
    if choice != "accept" or not ctx.at_war(power, other):
        ctx.log("aw.peace_rejected", "7.4.3", a=power, b=other)
        return
    with relations.change(ctx, "7.4.3"):
        if cross_camp(ctx, power, other):
            leave_camp(ctx, other if power == ASSYRIA else power, "7.4.3")
        relations.end_war(ctx, power, other)
        ctx.log("aw.peace", "7.4.3", a=power, b=other, terms=term)
        if term == "tribute":
            if in_interphase(ctx):
                ctx.s.setdefault("tribute_next", []).append({"payer": power, "to": other, "why": "peace"})
                ctx.log("aw.peace_tribute_next_turn", "7.4.3", payer=power, receiver=other)
            else:
                add_tribute(ctx, power, other, "peace", "7.4.3")
        elif term.startswith("card"):
            number = int(term[4:])
            if number in ctx.hand(power):
                ctx.hand(power).remove(number)
                ctx.hand(other).append(number)
                ctx.s["home_held"][str(number)] = other
                ctx.reveal()
                ctx.log("aw.home_card_tribute", "7.4.3", payer=power, receiver=other, card=number)


register_question("peace", ("accept", "reject"), _answer_peace)


def pay_agreed_tribute(ctx: Ctx) -> None:
    """7.4.3: tribute agreed for a peace in the Interphase is paid from the next turn's 5.2."""
    from ashur.games.assyrian_wars.rules.course.tribute import add_tribute

    for t in ctx.s.pop("tribute_next", []):
        add_tribute(ctx, t["payer"], t["to"], t["why"], "7.4.3")


tribute.PHASE_HOOKS.append(pay_agreed_tribute)


def _offer(ctx: Ctx, impulse: Frame) -> list[Action]:
    c = impulse["c"]
    if not ctx.is_power(c) or ctx.s.get("eliminated", {}).get(c):
        return []
    return peace_actions(ctx, c, "peace", impulse["flags"].get("peace_asked", []), "7.4.3", impulse)


def _apply(ctx: Ctx, impulse: Frame, act: Action) -> None:
    impulse["flags"].setdefault("peace_asked", []).append(act["params"]["other"])
    propose(ctx, impulse["c"], act["params"]["other"], act["params"]["terms"], "7.4.3")


def _explain(ctx: Ctx, impulse: Frame, action_id: str) -> tuple[str, str] | None:
    parts = action_id.split(":")
    other = parts[1] if len(parts) > 1 else ""
    c = impulse["c"]
    if other in ctx.s["countries"] and ctx.is_power(other) and cross_camp(ctx, c, other):
        return ("between the camps only Assyria and a rebel power make peace (the rebel becomes neutral); a power "
                "changes camp in the Interphase", "7.4.1")
    return ("peace is proposed to a power at war with you, once per impulse, on the terms of 7.4.3", "7.4.3")


HOOKS.add_menu(MenuEntry("peace", _offer, _apply, _explain, order=74))


# --- 7.4.6: peace for a minor at war that has just become allied -------------------------------------
def _answer_minor_peace(ctx: Ctx, data: dict[str, Any], choice: str, who: str) -> None:
    if choice == "accept" and relations.explicit(ctx, who, data["minor"]):
        make_peace(ctx, who, data["minor"], "7.4.6")
    else:
        ctx.log("aw.peace_rejected", "7.4.6", a=data["minor"], b=who)


register_question("minor_peace", ("accept", "reject"), _answer_minor_peace)


# --- 7.4.3: a war with an unallied minor ends in the Interphase with the power's consent ---------------
def minor_wars(ctx: Ctx) -> list[tuple[str, str]]:
    """(power, minor) pairs of declared wars between a power and a minor without an alliance."""
    out = []
    for pair in sorted(ctx.s["wars"]):
        for p, m in ((pair[0], pair[1]), (pair[1], pair[0])):
            if ctx.is_power(p) and ctx.is_minor(m) and ctx.ally_power(m) is None:
                out.append((p, m))
    return out


def _answer_minor_war(ctx: Ctx, data: dict[str, Any], choice: str, who: str) -> None:
    if choice == "end" and relations.explicit(ctx, who, data["minor"]):
        make_peace(ctx, who, data["minor"], "7.4.3")
    else:
        ctx.log("aw.war_continues", "7.4.3", a=who, b=data["minor"])


register_question("minor_war_end", ("end", "continue"), _answer_minor_war, default="continue")
