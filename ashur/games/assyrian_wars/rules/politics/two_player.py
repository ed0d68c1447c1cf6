"""The two-player Campaign (8.4): Assyria allied with a power it has conquered.

In a Campaign played by two players, Assyria may use the Any Alliance card and additional APs (10; the
rules give no amount, docs/content) to ally for a turn with a power it has conquered — never the Mede —
and so control it completely: the power joins the Assyrian camp and Assyria's player decides for it.
When the grace period ends, control goes back to the rebel player and the power is neutral again.
``state["power_control"]`` maps such a power to Assyria (players.controller reads it).
"""

from __future__ import annotations

from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.politics import relations
from ashur.games.assyrian_wars.rules.registry import HOOKS

ASSYRIA = "assyria"
EXTRA_AP = 10
EXCLUDED = ("mede",)


def two_player_campaign(ctx: Ctx) -> bool:
    return ctx.s["scenario"] == "campaign" and int(ctx.s["options"].get("players") or 0) == 2


def refusal(ctx: Ctx, power: str) -> tuple[str, str] | None:
    """Why Assyria may not ally with `power` under 8.4, or None."""
    from ashur.games.assyrian_wars.rules.politics.grace import in_grace

    if not two_player_campaign(ctx):
        return ("only in the two-player Campaign", "8.4")
    if power in EXCLUDED:
        return ("the Mede cannot be aligned by Assyria that way", "8.4")
    if not ctx.in_play(power) or not ctx.is_power(power) or power == ASSYRIA:
        return ("Assyria allies with a power it has conquered", "8.4")
    if not in_grace(ctx, power, ASSYRIA):
        return (f"{power} is not conquered by Assyria", "8.4")
    if ctx.s.get("power_control", {}).get(power):
        return (f"{power} is already allied with Assyria", "8.4")
    return None


def ally_conquered_power(ctx: Ctx, power: str, rule: str = "8.4") -> bool:
    """8.4: Assyria takes complete control of the conquered `power` for the rest of its grace period."""
    from ashur.games.assyrian_wars.rules.politics.markers import relation_vp

    if refusal(ctx, power) is not None:
        return False
    with relations.change(ctx, rule):
        ctx.s.setdefault("power_control", {})[power] = ASSYRIA
        ctx.country(power)["camp"] = "assyrian"
        ctx.log("aw.power_controlled", rule, country=power, by=ASSYRIA)
    relation_vp(ctx, ASSYRIA, power, "8.3")
    return True


def end_control(ctx: Ctx, power: str, rule: str) -> None:
    """8.4: after the grace period control of the power goes back to the rebel player."""
    if ctx.s.get("power_control", {}).pop(power, None) is None:
        return
    with relations.change(ctx, rule):
        ctx.country(power)["camp"] = None
        ctx.log("aw.power_control_ended", rule, country=power)


HOOKS.provide("two_player.end_control", end_control)
