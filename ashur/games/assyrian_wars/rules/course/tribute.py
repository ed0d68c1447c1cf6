"""Tribute (5.2) and negative income (7.3.3.f).

This turn's tribute relations are kept in ``state["tribute"]`` as ``{payer, to, amount, why}``; the ECO
effect is applied immediately through :func:`tribute_balance` (5.2.2: "adjust ... immediately").
Refusal markers live in ``state["refused"]``: ``black`` for a refusal by tribute check this turn,
``white`` for one that went unpunished last turn and adds a die to the next check (5.2, 5.2.1).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.readings import pre14
from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS

Frame = dict[str, Any]
ASSYRIA = "assyria"
#: run after the conquered countries' tribute is recorded (tribute agreed in the Interphase, 7.4.3)
PHASE_HOOKS: list[Callable[[Ctx], None]] = []
#: checked first for each minor's tribute check; True when it settled the minor's tribute (7.5.2.c)
CHECK_OVERRIDES: list[Callable[[Ctx, str], bool]] = []


def tribute_rate(ctx: Ctx, payer: str) -> int:
    """5.2.2: a minor pays 1 ECO level, a power 2."""
    return 2 if ctx.is_power(payer) else 1


def pays_to(ctx: Ctx, payer: str, receiver: str) -> bool:
    return any(t["payer"] == payer and t["to"] == receiver for t in ctx.s["tribute"])


def add_tribute(ctx: Ctx, payer: str, receiver: str, why: str, rule: str) -> None:
    """Record a tribute payment for this turn (only powers receive tribute, 5.2)."""
    if not ctx.is_power(receiver) or receiver not in ctx.s["countries"] or pays_to(ctx, payer, receiver):
        return
    if ctx.s.get("eliminated", {}).get(payer) or ctx.s.get("eliminated", {}).get(receiver):
        return  # 7.1 Elimination: an eliminated country pays no tribute
    amount = tribute_rate(ctx, payer) if not ctx.is_minor_city(payer) else 1
    ctx.s["tribute"].append({"payer": payer, "to": receiver, "amount": amount, "why": why})
    ctx.log("aw.tribute_paid", rule, payer=payer, receiver=receiver, amount=amount, why=f"aw.tribute_why.{why}")
    if receiver == ASSYRIA:
        tribute_peace(ctx, payer)


def end_tribute(ctx: Ctx, payer: str, receiver: str, rule: str) -> None:
    """Stop a tribute payment at once (5.2.2, 5.2.3)."""
    before = len(ctx.s["tribute"])
    ctx.s["tribute"] = [t for t in ctx.s["tribute"] if not (t["payer"] == payer and t["to"] == receiver)]
    if len(ctx.s["tribute"]) != before:
        ctx.log("aw.tribute_ended", rule, payer=payer, receiver=receiver)


def tribute_balance(ctx: Ctx, cid: str) -> int:
    """ECO levels gained (+) and paid (−) in tribute this turn (5.2.2); a bankrupt payer pays nothing."""
    return tribute_balances(ctx).get(cid, 0)


def tribute_balances(ctx: Ctx) -> dict[str, int]:
    """:func:`tribute_balance` of every country with one (5.2.2), in one pass over the payments: a minor city
    paying tribute loses nothing by it (its ECO is not on a track), a bankrupt payer pays nothing."""
    bankrupt = ctx.s.get("bankrupt", [])
    out: dict[str, int] = {}
    for t in ctx.s["tribute"]:
        payer = t["payer"]
        if payer in bankrupt:
            continue
        out[t["to"]] = out.get(t["to"], 0) + t["amount"]
        if not ctx.is_minor_city(payer):
            out[payer] = out.get(payer, 0) - t["amount"]
    return out


def tribute_peace(ctx: Ctx, payer: str) -> None:
    """5.2.3: a country paying tribute to Assyria is at peace with Assyria and its allies this turn. The
    peace is a political change like any other (politics/relations.py, reached through the registry): its
    consequences follow, e.g. 7.4.3 sieges lifted and 3.4 an unallied minor left without a war inactive."""
    ended = [pair for pair in ctx.s["wars"] if payer in pair
             and ((o := pair[0] if pair[1] == payer else pair[1]) == ASSYRIA or ctx.allied(o, ASSYRIA))]
    if not ended:
        return
    if pre14(ctx):
        _end_wars(ctx, payer, ended)  # older saves: the wars end without their consequences
        return
    with HOOKS.call("politics.change", ctx, "5.2.3"):
        _end_wars(ctx, payer, ended)


def _end_wars(ctx: Ctx, payer: str, ended: list[list[str]]) -> None:
    for pair in ended:
        ctx.table("wars").remove(pair)
        ctx.log("aw.tribute_peace", "5.2.3", country=payer, other=pair[0] if pair[1] == payer else pair[1])


def tribute_dice(ctx: Ctx, minor: str) -> int:
    """5.2.1: the capital's city defence, one more die with a white-backed refusal marker."""
    base = ctx.c.tribute_dice(minor)
    if base is None:
        return 0  # Persia has no cities: its checks always succeed (5.2.1)
    dice = int(base)
    if ctx.s["refused"].get(minor) == "white":
        dice += 1
    return dice


def tribute_check(ctx: Ctx, minor: str, receiver: str = ASSYRIA, rule: str = "5.2.1") -> bool:
    """Roll the tribute check: a six among the dice is a refusal. Returns True when the minor pays."""
    n = tribute_dice(ctx, minor)
    if n <= 0:
        return True
    values = ctx.dice(n, rule=rule, why="aw.why.tribute_check", country=minor)
    return 6 not in values


def is_checked(ctx: Ctx, minor: str) -> bool:
    """5.2: unaligned minors are checked; allied and conquered ones are not, nor nomads or minor cities."""
    if not ctx.is_minor(minor):
        return False
    if ctx.ally_power(minor) is not None:
        return False
    return not ctx.s["conquered"].get(minor)


@FLOW.register
class TributePhase(Step[Ctx]):
    """5.2: who pays tribute this turn. In a scenario's first turn the scenario's tribute stands."""

    kind = "tribute_phase"
    rule = "5.2"

    def run(self, ctx: Ctx, frame: Frame) -> None:
        s = ctx.s
        if frame["stage"] == "start":
            if ctx.turn == s["first_turn"]:
                ctx.log("aw.tribute_from_scenario", "5.2")
                flow.pop(s)
                return
            s["tribute"] = []
            s["bankrupt"] = []
            s["declined"] = []
            frame["stage"] = "conquered"
            return
        if frame["stage"] == "conquered":
            for cid, conquerors in sorted(s["conquered"].items()):
                for entry in conquerors:
                    add_tribute(ctx, cid, entry["by"], "conquest", "7.1")
            for city, d in sorted(s["diplo"].items()):
                if ctx.is_minor_city(city) and d.get("power") and (d.get("pact") or d.get("conquered")):
                    add_tribute(ctx, city, d["power"], "pact", "5.2.2")
            for hook in PHASE_HOOKS:
                hook(ctx)
            frame["stage"] = "powers"
            frame["ask"] = [p for p in ctx.powers() if p != ASSYRIA and ASSYRIA in s["countries"]
                            and not ctx.at_war(p, ASSYRIA) and not s["conquered"].get(p)]
            frame["ask"] += [m for m in ctx.track() if ctx.is_minor(m) and ctx.ally_power(m)
                             and ASSYRIA in s["countries"] and not s["conquered"].get(m)
                             and not ctx.at_war(m, ASSYRIA)]
            return
        if frame["stage"] == "powers":
            if frame["ask"]:
                who = frame["ask"].pop(0)
                flow.push(s, "tribute_decision", c=who)
                return
            frame["stage"] = "checks"
            return
        # the tribute checks of unaligned minors in impulse-track order
        for minor in ctx.track():
            if not is_checked(ctx, minor):
                continue
            if ASSYRIA in s["countries"] and not s.get("assyria_conquered"):
                self._check_minor(ctx, minor)
            for power in ctx.powers():
                if power != ASSYRIA and ctx.status(minor, power) >= 7:
                    add_tribute(ctx, minor, power, "pro", "6.9")
        flow.pop(s)

    def _check_minor(self, ctx: Ctx, minor: str) -> None:
        s = ctx.s
        if any(override(ctx, minor) for override in CHECK_OVERRIDES):
            return
        if ctx.status(minor, ASSYRIA) >= 7:
            s["refused"].pop(minor, None)
            add_tribute(ctx, minor, ASSYRIA, "pro", "5.2")
            return
        if not ctx.c.nations[minor].capital:
            # Persia has no cities: its tribute check always succeeds unless allied elsewhere (5.2.1)
            s["refused"].pop(minor, None)
            add_tribute(ctx, minor, ASSYRIA, "check", "5.2.1")
            return
        if tribute_check(ctx, minor):
            s["refused"].pop(minor, None)
            add_tribute(ctx, minor, ASSYRIA, "check", "5.2.1")
        else:
            s["refused"][minor] = "black"
            ctx.log("aw.tribute_refused", "5.2.1", country=minor)


@FLOW.register
class TributeDecision(Step[Ctx]):
    """5.2: the player of a power decides whether that power, and each minor allied to it, pays
    tribute to Assyria this turn (a refusal by decision is not punished, 5.2.3)."""

    kind = "tribute_decision"
    rule = "5.2"

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        return [frame["c"]]

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        c = frame["c"]
        rate = tribute_rate(ctx, c)
        return [action("tribute:pay", "aw.act.tribute_pay", "5.2", country=c, amount=rate),
                action("tribute:refuse", "aw.act.tribute_refuse", "5.2", country=c)]

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.tribute", "params": {"country": frame["c"]}}

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        c = frame["c"]
        if act["id"] == "tribute:pay":
            add_tribute(ctx, c, ASSYRIA, "decision", "5.2")
        else:
            ctx.s.setdefault("declined", []).append(c)
            ctx.log("aw.tribute_declined", "5.2", country=c)
        flow.pop(ctx.s)


def negative_income(ctx: Ctx, cid: str, levels: int) -> None:
    """7.3.3.f: one pillage point per negative level each impulse round it pays tribute. The paying country
    places the points (``negative_pillage``); one that cannot take them is bankrupt."""
    if not any(t["payer"] == cid for t in ctx.s["tribute"]) or levels <= 0:
        return
    flow.push(ctx.s, "negative_pillage", c=cid, left=levels)


def pillage_areas(ctx: Ctx, cid: str) -> list[str]:
    """7.3.3.f: the country's own controlled home areas that can take one more pillage point, the least
    pillaged first (then by id): the first is the default (by id only without ``player_choices``)."""
    from ashur.games.assyrian_wars.rules.base.players import asks_players

    home = [a for a in ctx.c.home_areas(cid) if ctx.area(a)["ctrl"] == cid and ctx.area(a)["pillage"] < 2]
    if not asks_players(ctx):
        return sorted(home)
    return sorted(home, key=lambda a: (ctx.area(a)["pillage"], a))


@FLOW.register
class NegativePillage(Step[Ctx]):
    """7.3.3.f: the country with negative income places its pillage points, one area at a time; with no
    area left it is bankrupt and stops paying tribute until the next Interphase."""

    kind = "negative_pillage"
    rule = "7.3.3.f"

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        from ashur.games.assyrian_wars.rules.base.players import asks_players, role_of

        if frame["left"] > 0 and asks_players(ctx) and pillage_areas(ctx, frame["c"]) \
                and role_of(ctx, frame["c"]) is not None:
            return [frame["c"]]
        return []

    def run(self, ctx: Ctx, frame: Frame) -> None:
        flow.pop(ctx.s)
        if frame["left"] <= 0:
            return
        areas = pillage_areas(ctx, frame["c"])
        if areas:  # nobody plays the country: the default areas
            for _ in range(frame["left"]):
                areas = pillage_areas(ctx, frame["c"])
                if not areas:
                    break
                _pillage_point(ctx, frame["c"], areas[0])
            else:
                return
        ctx.s.setdefault("bankrupt", []).append(frame["c"])
        ctx.log("aw.bankrupt", "7.3.3.f", country=frame["c"])

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        return [action(f"neg_pillage:{a}", "aw.act.negative_pillage", "7.3.3.f", area=a, left=frame["left"],
                       level=ctx.area(a)["pillage"] + 1) for a in pillage_areas(ctx, frame["c"])]

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.negative_pillage", "params": {"country": frame["c"], "left": frame["left"]}}

    def explain(self, ctx: Ctx, frame: Frame, actor: str, action_id: str) -> tuple[str, str]:
        return ("the pillage points of negative income go on your own controlled home areas below pillage 2",
                "7.3.3.f")

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        frame["left"] -= 1
        _pillage_point(ctx, frame["c"], act["params"]["area"])
        if frame["left"] <= 0:
            flow.pop(ctx.s)


def _pillage_point(ctx: Ctx, cid: str, aid: str) -> None:
    ctx.area(aid)["pillage"] += 1
    ctx.log("aw.negative_income_pillage", "7.3.3.f", country=cid, area=aid)
