"""Declarations of war (7.4.2, 5.2.3, 7.4.1, 7.1 grace period): what they cost, when they are allowed,
what they do.

This is the interface the movement, battle and politics rules share: ``dow_cost``, ``can_declare`` and
``declare_war``. Call ``declare_war`` *before* forces enter the area of a country at peace (8.1), so the
relocations of 7.4.2 apply to the forces already there, not to the attackers. Reactions to a new war
are plug-ins in ``HOOKS.war_declared``, in order: a camp joined (20), an ally's free declaration (30),
then what follows from the new enemies — activation of an attacked minor, relocations, 7.4.5 control —
(50, :func:`relations.settle_point`); later hooks (10.4.f battles of new enemies) see the forces that
stay.
"""

from __future__ import annotations

from collections.abc import Callable

from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.politics import relations
from ashur.games.assyrian_wars.rules.registry import HOOKS

ASSYRIA = "assyria"


def _pays_tribute_to_assyria(ctx: Ctx, cid: str) -> bool:
    return any(t["payer"] == cid and t["to"] == ASSYRIA for t in ctx.s["tribute"])


def in_interphase(ctx: Ctx) -> bool:
    return any(f["step"] == "interphase" for f in ctx.s["stack"])


def refuses_tribute(ctx: Ctx, cid: str) -> bool:
    """5.2.3: a tribute (check) refuser, or a country that refused or stopped paying by decision."""
    return cid in ctx.s["refused"] or cid in ctx.s.get("declined", [])


def dow_cost(ctx: Ctx, aggressor: str, target: str) -> int:
    """7.4.2: free in the Interphase; during a turn minors pay 5 against anyone, powers 5 against a minor
    and 10 against a power; a minor city costs nothing. 5.2.3: Assyria pays 10 (minor) or 15 (power) to
    attack a tribute payer and nothing to attack a country refusing tribute."""
    return dow_pricer(ctx, aggressor)(target)


def dow_pricer(ctx: Ctx, aggressor: str) -> Callable[[str], int]:
    """:func:`dow_cost` of `aggressor` as a function of the target (the menu prices every target)."""
    if in_interphase(ctx):
        return _free
    power_like = ctx.is_power(aggressor) or aggressor in ctx.s.get("substitutes", {})
    assyria = aggressor == ASSYRIA

    def price(target: str) -> int:
        if ctx.is_minor_city(target):
            return 0
        if assyria:
            if refuses_tribute(ctx, target):
                return 0
            if _pays_tribute_to_assyria(ctx, target):
                return 15 if ctx.is_power(target) else 10
        if not power_like:
            return 5
        return 10 if ctx.is_power(target) else 5
    return price


def _free(target: str) -> int:
    return 0


def can_declare(ctx: Ctx, aggressor: str, target: str) -> tuple[bool, str, str]:
    """Whether `aggressor` may declare war on `target` now: (allowed, reason, rule)."""
    return ctx.memoised(("can_declare", aggressor, target), _can_declare, aggressor, target)  # type: ignore[no-any-return]


def _can_declare(ctx: Ctx, aggressor: str, target: str) -> tuple[bool, str, str]:
    from ashur.games.assyrian_wars.rules.politics.grace import grace_between

    if aggressor == target:
        return (False, "a country cannot declare war on itself", "7.4.2")
    if not ctx.in_play(target) or not ctx.in_play(aggressor):
        return (False, "that country takes no part in this scenario", "7.4.2")
    if ctx.s.get("eliminated", {}).get(target) or ctx.s.get("eliminated", {}).get(aggressor):
        return (False, "an eliminated power is out of the game", "7.1")
    if ctx.at_war(aggressor, target):
        return (False, f"{aggressor} is already at war with {target}", "7.4.2")
    d = ctx.s["diplo"].get(target)
    if ctx.is_minor_city(target) and d is not None and (d.get("pact") or d.get("conquest")):
        owner = d.get("power") or (d["conquest"][0] if d.get("conquest") else None)
        return (False, f"war on {target} is a war on {owner}: declare war on that power", "7.4.2")
    if ctx.allied(aggressor, target) and not in_interphase(ctx) \
            and aggressor not in ctx.s.get("camp_change_allowed", []):
        if ctx.is_power(aggressor) and ctx.is_power(target):
            return (False, "no war on a power of your own camp during a game turn", "7.4.1")
        return (False, "no war on your own ally during a game turn (6.9: only an alliance breaker or a conquest "
                "breaks an alliance)", "6.9")
    subs = ctx.s.get("substitutes", {})
    if ctx.is_minor(aggressor) and ctx.ally_power(aggressor) is None and aggressor not in subs:
        return (False, "a minor played under 7.4.5 cannot be made to declare war", "7.4.5")
    if (ctx.is_nomad(aggressor) and aggressor not in subs) or (ctx.is_nomad(target) and target not in subs):
        return (False, "nomads are at war with everyone unless allied and declare no war", "10.1")
    grace = grace_between(ctx, aggressor, target)
    if grace is not None:
        return (False, f"no attack during the grace period of {grace[0]} conquered by {grace[1]}", "7.1")
    for pair in ctx.s.get("truces", []):
        if {relations.principal(ctx, aggressor), relations.principal(ctx, target)} == set(pair):
            return (False, "a card in effect forbids this war for the turn", "6.11.f")
    if not in_interphase(ctx) and ctx.is_power(aggressor) and ctx.is_power(target):
        former = ctx.country(aggressor).get("camp_start")
        if former is not None and ctx.country(aggressor).get("camp") is None \
                and ctx.country(target).get("camp") == former \
                and aggressor not in ctx.s.get("camp_change_allowed", []):
            return (False, "a power that became neutral this turn cannot declare war on the camp it belonged to "
                    "at the start of the turn", "7.4.1")
    return (True, "", "7.4.2")


def sides(ctx: Ctx, aggressor: str, target: str) -> tuple[list[str], list[str]]:
    """7.4.2: a war on a power is a war on its allied minors, on the powers of its camp and their minor
    allies; the aggressor's allied minors and camp fight with it."""
    def expand(cid: str, other: str) -> list[str]:
        out = relations.side_of(ctx, cid)
        camp = ctx.country(cid).get("camp") if ctx.is_power(cid) else None
        if camp is not None and ctx.camp(other) != camp:
            for p in ctx.powers():
                if p != cid and ctx.country(p).get("camp") == camp:
                    out += relations.side_of(ctx, p)
        return out
    return expand(aggressor, target), expand(target, aggressor)


def declare_war(ctx: Ctx, aggressor: str, target: str, rule: str = "7.4.2") -> None:
    """Start a war between `aggressor` and `target` (the AP cost is paid by the caller).

    A war on a power is a war on its allied minors and its camp (7.4.2); a power's own diplomatic
    points on a minor it attacks are lost and the marker goes to its War box (7.4.2); tribute the target
    paid to Assyria ends when Assyria attacks it (5.2.3).
    """
    from ashur.games.assyrian_wars.rules.politics.markers import position, set_marker

    with relations.change(ctx, rule):
        if ctx.is_power(aggressor) and ctx.is_power(target) \
                and ctx.country(aggressor).get("camp") is not None \
                and ctx.country(aggressor).get("camp") == ctx.country(target).get("camp"):
            HOOKS.call("camps.leave_camp", ctx, aggressor, "7.4.1")
        cause = relations.key(aggressor, target)
        a_side, b_side = sides(ctx, aggressor, target)
        for a in a_side:
            for b in b_side:
                if a != b and not ctx.allied(a, b):
                    relations.add_war(ctx, a, b, cause)
        relations.add_war(ctx, aggressor, target, cause)
        d = ctx.s["diplo"].get(target)
        if d is not None and ctx.is_power(aggressor) and not ctx.is_minor_city(target) \
                and position(ctx, target)[0] == aggressor:
            set_marker(ctx, target, None, 0, "7.4.2")
            ctx.log("aw.points_lost", "7.4.2", power=aggressor, minor=target)
        if aggressor == ASSYRIA:
            from ashur.games.assyrian_wars.rules.course.tribute import end_tribute

            end_tribute(ctx, target, ASSYRIA, "5.2.3")
        ctx.log("aw.war_declared", rule, aggressor=aggressor, target=target)
        for _order, _name, fn in HOOKS.war_declared:
            fn(ctx, aggressor, target)


def _settle_declaration(ctx: Ctx, aggressor: str, target: str) -> None:
    """7.4.2: activation, relocations and 7.4.5 control follow the declaration before later reactions
    (the battles of new enemies sharing an area, 10.4.f, are fought by a later ``war_declared`` hook)."""
    relations.settle_point(ctx, "7.4.2", coexist=False)


HOOKS.add_war_declared(50, "relocations", _settle_declaration)
HOOKS.provide("war.can_declare", can_declare)
HOOKS.provide("war.declare_war", declare_war)
