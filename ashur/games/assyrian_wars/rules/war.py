"""Declarations of war (7.4.2, 5.2.3, 7.4.1): what they cost, when they are allowed, what they do.

This is the interface the movement, battle and politics rules share: ``dow_cost``, ``can_declare`` and
``declare_war``. Reactions to a new war (activating a minor, relocations, who plays a minor at war, an
ally's free declaration) are plug-ins in ``HOOKS.war_declared``.
"""

from __future__ import annotations

from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.registry import HOOKS

ASSYRIA = "assyria"


def _pays_tribute_to_assyria(ctx: Ctx, cid: str) -> bool:
    return any(t["payer"] == cid and t["to"] == ASSYRIA for t in ctx.s["tribute"])


def in_interphase(ctx: Ctx) -> bool:
    return any(f["step"] == "interphase" for f in ctx.s["stack"])


def dow_cost(ctx: Ctx, aggressor: str, target: str) -> int:
    """7.4.2: free in the Interphase; during a turn minors pay 5 against anyone, powers 5 against a minor
    and 10 against a power; a minor city costs nothing. 5.2.3: Assyria pays 10 (minor) or 15 (power) to
    attack a tribute payer and nothing to attack a tribute (check) refuser."""
    if in_interphase(ctx):
        return 0
    if ctx.is_minor_city(target):
        return 0
    if aggressor == ASSYRIA:
        if target in ctx.s["refused"]:
            return 0
        if _pays_tribute_to_assyria(ctx, target):
            return 15 if ctx.is_power(target) else 10
    if not ctx.is_power(aggressor):
        return 5
    return 10 if ctx.is_power(target) else 5


def can_declare(ctx: Ctx, aggressor: str, target: str) -> tuple[bool, str, str]:
    """Whether `aggressor` may declare war on `target` now: (allowed, reason, rule)."""
    if aggressor == target:
        return (False, "a country cannot declare war on itself", "7.4.2")
    if ctx.at_war(aggressor, target):
        return (False, f"{aggressor} is already at war with {target}", "7.4.2")
    if ctx.allied(aggressor, target) and not in_interphase(ctx):
        return (False, "no war on a power of your own camp during a game turn", "7.4.1")
    for entry in ctx.s["conquered"].get(target, []):
        if entry["by"] == aggressor and entry.get("grace_until", 0) >= ctx.turn:
            return (False, "no attack during a grace period", "7.1")
    for entry in ctx.s["conquered"].get(aggressor, []):
        if entry["by"] == target and entry.get("grace_until", 0) >= ctx.turn:
            return (False, "no attack on the conqueror during a grace period", "7.1")
    return (True, "", "7.4.2")


def declare_war(ctx: Ctx, aggressor: str, target: str, rule: str = "7.4.2") -> None:
    """Start a war between `aggressor` and `target` (the AP cost is paid by the caller).

    A war on a power is a war on its allied minors too (7.4.2); a power's own diplomatic points on a
    minor it attacks are lost and the marker goes to its War box (7.4.2); tribute the target paid to
    Assyria ends when Assyria attacks it (5.2.3).
    """
    s = ctx.s
    pairs = {(aggressor, target)}
    for side, other in ((target, aggressor), (aggressor, target)):
        if ctx.is_power(side):
            for minor in sorted(s["diplo"]):
                if ctx.ally_power(minor) == side:
                    pairs.add((other, minor))
    for a, b in sorted(pairs):
        pair = sorted([a, b])
        if a != b and pair not in s["wars"]:
            s["wars"].append(pair)
    d = s["diplo"].get(target)
    if d is not None and ctx.is_power(aggressor):
        if d.get("power") == aggressor and not d.get("pact"):
            d["power"], d["value"] = None, 0
        if aggressor not in d["war"]:
            d["war"].append(aggressor)
    if aggressor == ASSYRIA:
        from ashur.games.assyrian_wars.rules.tribute import end_tribute

        end_tribute(ctx, target, ASSYRIA, "5.2.3")
    ctx.log("aw.war_declared", rule, aggressor=aggressor, target=target)
    for _order, _name, fn in HOOKS.war_declared:
        fn(ctx, aggressor, target)
