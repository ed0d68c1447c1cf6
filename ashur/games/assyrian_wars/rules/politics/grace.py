"""The grace period after a conquest (7.1 "Grace Period", 10.4.c) and the end of a conquest.

``state["conquered"][country]`` lists its conquerors ``{by, turn, grace_until, surrender}``: one entry per
conqueror (10.4.c multiple conquest). A conquest made during turn t or in the Interphase after turn t
ends at the start of the Interphase after turn t + 1 (``grace_until`` = t + 1): the rest of the turn and
one full turn more, or one full turn from an Interphase (7.1). While it lasts:

* the conqueror treats the conquered country's areas as friendly, not vice versa (territory.py);
* only the conqueror may influence the conquered country on the diplomatic track (with APs or events);
* neither side — nor their allied minors, minor cities and nomads — may attack or pillage the other
  (:func:`grace_blocks`); events other than battle cards may still be played, and political,
  diplomatic and trade actions are not affected;
* the conquered country stays conquered and pays tribute to its conqueror until the grace period ends
  or the conqueror influences it (a minor) up to alliance status.

At the end a conquered minor's marker returns to neutral unless the conqueror influenced it during the
grace period; a power is free to join a camp or declare war on its former conqueror. The cards
"Opposing Party Takes Command", "Priests of Marduk" and "Incite Hostilities" (Elam–Persia) cancel grace
periods (:func:`cancel_grace`).
"""

from __future__ import annotations

from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.politics import relations
from ashur.games.assyrian_wars.rules.registry import HOOKS


def entries(ctx: Ctx, cid: str) -> list[dict]:
    return list(ctx.s["conquered"].get(cid, []))


def conquerors(ctx: Ctx, cid: str) -> list[str]:
    return [e["by"] for e in ctx.s["conquered"].get(cid, [])]


def in_grace(ctx: Ctx, conquered: str, conqueror: str) -> bool:
    """A grace period runs between them (a conquered minor city has none: it stays conquered while its
    conqueror holds it, 7.1.D)."""
    return any(e["by"] == conqueror and e.get("grace_until") is not None
               for e in ctx.s["conquered"].get(conquered, []))


def grace_between(ctx: Ctx, a: str, b: str) -> tuple[str, str] | None:
    """The (conquered, conqueror) grace period binding the sides of `a` and `b` (their allied minors,
    minor cities and nomads included), if any."""
    conquered = ctx.s["conquered"]
    if not conquered:
        return None
    pa, pb = relations.principal(ctx, a), relations.principal(ctx, b)
    if a not in conquered and b not in conquered and pa not in conquered and pb not in conquered:
        return None  # in_grace(x, y) needs x conquered
    for x, y in ((a, b), (pa, pb), (a, pb), (pa, b)):
        if in_grace(ctx, x, y):
            return (x, y)
        if in_grace(ctx, y, x):
            return (y, x)
    return None


def grace_blocks(ctx: Ctx, a: str, b: str) -> bool:
    """7.1: no attack and no pillage between the two sides of a grace period."""
    return grace_between(ctx, a, b) is not None


def influence_blocked(ctx: Ctx, power: str, subject: str) -> bool:
    """7.1: during a grace period only the conqueror(s) influence the conquered country."""
    conq = conquerors(ctx, subject)
    return bool(conq) and power not in conq


def end_conquest(ctx: Ctx, subject: str, conqueror: str, rule: str, *, influenced: bool = False) -> None:
    """The conquest of `subject` by `conqueror` ends with its grace period (7.1): a conquered minor goes
    back to neutral unless the conqueror influenced it; the province stays while garrisoned."""
    from ashur.games.assyrian_wars.rules.politics.markers import position, set_marker

    lst = ctx.s["conquered"].get(subject, [])
    entry = next((e for e in lst if e["by"] == conqueror), None)
    if entry is None:
        return
    with relations.change(ctx, rule):
        lst.remove(entry)
        if not lst:
            ctx.s["conquered"].pop(subject, None)
        d = ctx.diplo(subject)
        if d is not None and conqueror in d.get("conquest", []):
            d["conquest"].remove(conqueror)
        ctx.log("aw.grace_ended", rule, country=subject, conqueror=conqueror, influenced=influenced)
        from ashur.games.assyrian_wars.rules.course.tribute import add_tribute, end_tribute

        end_tribute(ctx, subject, conqueror, rule)
        if ctx.is_minor(subject) and position(ctx, subject)[0] == conqueror and position(ctx, subject)[1] >= 7:
            add_tribute(ctx, subject, conqueror, "pro", "6.9")
        if d is not None and not influenced:
            power, _value = position(ctx, subject)
            if ctx.is_minor_city(subject):
                if not d.get("pact") and not d["conquest"]:
                    d["power"] = None
            elif power != conqueror and not d["conquest"]:
                set_marker(ctx, subject, None, 0, rule)
        control = ctx.s.get("power_control", {})
        if control.get(subject) == conqueror:
            HOOKS.call("two_player.end_control", ctx, subject, rule)


HOOKS.provide("grace.end_conquest", end_conquest)


def end_expired(ctx: Ctx) -> None:
    """7.1: at the start of the Interphase, grace periods that have lasted their time end."""
    for cid in sorted(ctx.s["conquered"]):
        for entry in list(ctx.s["conquered"].get(cid, [])):
            until = entry.get("grace_until")
            if until is not None and int(until) <= ctx.turn:
                if ctx.is_power(cid):
                    # 8.3: the power was conquered during the turn that has just ended
                    co = ctx.country(cid)
                    if ctx.turn not in co["conquered_turns"]:
                        co["conquered_turns"].append(ctx.turn)
                    co["ever_conquered"] = True
                end_conquest(ctx, cid, entry["by"], "7.1")


def cancel_grace(ctx: Ctx, subject: str, other: str | None = None, rule: str = "7.1") -> int:
    """7.1: "Opposing Party Takes Command" / "Priests of Marduk" end every grace period of `subject`;
    "Incite Hostilities" ends the one between Elam and Persia (`other`). Returns how many ended."""
    ended = 0
    for cid in sorted(ctx.s["conquered"]):
        for entry in list(ctx.s["conquered"].get(cid, [])):
            pair = {cid, entry["by"]}
            if subject in pair and (other is None or other in pair):
                ctx.log("aw.grace_cancelled", rule, country=cid, conqueror=entry["by"])
                end_conquest(ctx, cid, entry["by"], rule)
                ended += 1
    return ended
