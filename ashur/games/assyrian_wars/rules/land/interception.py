"""Interception (6.6.9): who may try, the roll, competing interceptors.

* A force adjacent to an area that an enemy force enters (by moving, retreating, evading, appearing as a
  reinforcement) may try to move in and fight it. A leader without units cannot; a force that fought a
  battle this impulse ("Used") cannot; nobody intercepts into an area holding units that are not friendly
  to him (units inside a city do not count, decision); a force besieged in its city cannot (decision). An
  area the interceptor could only enter by declaring war (8.1) is offered with the declaration (``dow``):
  choosing it declares war (7.4.2, paid from the saved APs outside the country's impulse) before the roll.
* Army groups intercept as a whole (commander's rating) or army by army (6.6.9 "Army Groups").
* The roll: 2D6 + modifiers ≥ 7: −2 without a leader, −1 into enemy territory, + the leader's action
  rating, 9.7 cavalry modifiers, card modifiers. Hostile interceptors competing for one area try in
  order of their leaders' action ratings, ties rolled off; once one succeeds, its enemies may not try.
* A successful interceptor moves in (attrition over desert, Mede connections and Sealand, before the
  battle); a failed one never suffers attrition. An interception never triggers another interception.
"""

from __future__ import annotations

from typing import Any

from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.forces import (
    _LAND_KINDS,
    action_rating,
    cavalry_modifier,
    forces_at,
    is_used,
    units_in,
)
from ashur.games.assyrian_wars.rules.base.players import role_of
from ashur.games.assyrian_wars.rules.base.readings import pre14
from ashur.games.assyrian_wars.rules.base.terrain import can_cross
from ashur.games.assyrian_wars.rules.base.territory import friendly_country
from ashur.games.assyrian_wars.rules.land.entering import entry_requirement

INTERCEPTION_TARGET = 7


def besieged(ctx: Ctx, aid: str, cid: str) -> bool:
    """A city in `aid` held by `cid` is under siege by an enemy (6.8)."""
    siege = ctx.s["sieges"].get(aid)
    return bool(siege) and ctx.at_war(siege["besieger"], cid)


def blocked(ctx: Ctx, area: str, interceptor: str, entering: list[str]) -> bool:
    """6.6.9: units already in the area (other than the entering force) that are not friendly to the
    interceptor prevent the interception (leaders alone do not)."""
    for pid in ctx.pieces_at(area):
        p = ctx.piece(pid)
        if pid in entering or p["kind"] not in ("unit", "merc") or p["city"]:
            continue
        owner = ctx.owner(pid)
        # units of a country at war with the interceptor are never friendly to it, even where its territory
        # is (a nomad at March status, 10.1, is still at war with everyone)
        if ctx.at_war(owner, interceptor) or not friendly_country(ctx, owner, interceptor):
            return True
    return False


def war_to_enter(ctx: Ctx, countries: list[str], area: str) -> str | None:
    """8.1: ``""`` when the countries of a force may enter `area` as it is; the country they must all declare
    war on (each able to declare and to pay it now, 7.4.2) to enter it; None when they may not enter."""
    from ashur.games.assyrian_wars.rules.land.hostilities import can_declare_now

    target = ""
    for c in countries:
        req, what, _rule = entry_requirement(ctx, c, area)
        if req == "ok":
            continue
        if req != "dow" or (target and what != target) or pre14(ctx) or not can_declare_now(ctx, c, what):
            return None
        target = what
    return target


def candidates(ctx: Ctx, area: str, mover: str, entering: list[str],
               exclude: list[str] | tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """Forces that may try to intercept into `area` an entering force of `mover`, in impulse-track order
    of their commanders' countries: ``{fid, country, countries, pieces, src, group, commander, dow}`` (``dow``:
    the country war must be declared on to enter, or ``""``, 8.1)."""
    from ashur.games.assyrian_wars.rules.land.armies import mede_may_operate

    out: list[dict[str, Any]] = []
    pieces = ctx.s["pieces"]
    for other, _kind in ctx.c.neighbors(area):
        if other in exclude:
            continue
        # a force qualifies only if all its countries are at war with the mover: skip places without any
        # such piece before building their forces (the hot path of every step of a move)
        if not any(pieces[p]["kind"] in _LAND_KINDS and ctx.at_war(ctx.owner(p), mover)
                   for p in ctx.pieces_here(other)):
            continue
        for f in forces_at(ctx, other):
            if not units_in(ctx, f["pieces"]):
                continue
            if not all(ctx.at_war(c, mover) for c in f["countries"]):
                continue
            if f["city"] and besieged(ctx, other, f["country"]):
                continue
            if is_used(ctx, f["pieces"]) or role_of(ctx, f["country"]) is None:
                continue
            if not can_cross(ctx, f["pieces"], other, area):
                continue
            dow = war_to_enter(ctx, f["countries"], area)
            if dow is None:
                continue
            if blocked(ctx, area, f["country"], entering):
                continue
            if not mede_may_operate(ctx, f["pieces"], area):
                continue
            out.append({"fid": f["id"], "country": f["country"], "countries": f["countries"],
                        "pieces": f["pieces"], "src": other, "group": f["id"].startswith("ag"),
                        "commander": f["commander"], "dow": dow})
    order = ctx.s["track"]
    return sorted(out, key=lambda a: (order.index(a["country"]) if a["country"] in order else 99, a["fid"]))


def modifier(ctx: Ctx, attempt: dict[str, Any], area: str, target: list[str]) -> int:
    """The modifiers of 6.6.9 (and 9.7)."""
    mod = 0
    lead = attempt.get("commander")
    if lead is None:
        mod -= 2
    else:
        mod += action_rating(ctx, lead)
    ctrl = ctx.area_ctrl(area)
    if ctrl is not None and ctx.at_war(ctrl, attempt["country"]):
        mod -= 1
    if ctx.s["options"].get("special_abilities"):
        mod += cavalry_modifier(ctx, attempt["pieces"], target)
    return mod + int(attempt.get("card_mod", 0))


def order_attempts(ctx: Ctx, attempts: list[dict[str, Any]], area: str) -> list[dict[str, Any]]:
    """6.6.9: hostile interceptors try in order of their leaders' action ratings; a die settles ties."""
    def rating(a: dict[str, Any]) -> int:
        return action_rating(ctx, a["commander"]) if a.get("commander") else -1

    ranked = sorted(attempts, key=lambda a: -rating(a))
    for i in range(len(ranked) - 1):
        a, b = ranked[i], ranked[i + 1]
        if rating(a) == rating(b) and ctx.at_war(a["country"], b["country"]):
            ra = ctx.die(rule="6.6.9", why="aw.why.interception_tie", country=a["country"], area=area)
            rb = ctx.die(rule="6.6.9", why="aw.why.interception_tie", country=b["country"], area=area)
            if rb > ra:
                ranked[i], ranked[i + 1] = b, a
    return ranked


def interception_roll(ctx: Ctx, attempt: dict[str, Any], area: str, target: list[str]) -> bool:
    """2D6 + modifiers ≥ 7 (6.6.9); card events may make it automatic or forbid it."""
    if attempt.get("auto"):
        from ashur.games.assyrian_wars.rules.base.secrecy import log_fogged

        log_fogged(ctx, "aw.interception_automatic", "6.6.9", list(attempt["pieces"]), country=attempt["country"],
                   area=area, force=attempt["fid"], public="aw.interception_automatic_public",
                   public_params={"country": attempt["country"], "area": area})
        return True
    mod = modifier(ctx, attempt, area, target)
    from ashur.games.assyrian_wars.rules.base.secrecy import fog_to

    # 9.5: the force and the cavalry modifier are hidden; the public learns who tried from where and the result
    to = fog_to(ctx, list(attempt["pieces"]) + list(target), sorted({ctx.owner(p) for p in target}))
    values = ctx.dice(2, rule="6.6.9", why="aw.why.interception", to=to, country=attempt["country"], area=area,
                      modifier=mod)
    ok = sum(values) + mod >= INTERCEPTION_TARGET
    ctx.log("aw.interception_roll", "6.6.9", to=to, country=attempt["country"], area=area, force=attempt["fid"],
            src=attempt["src"], total=sum(values) + mod, success=ok)
    if to is not None:
        ctx.log("aw.interception_result", "6.6.9", country=attempt["country"], area=area, src=attempt["src"],
                success=ok)
    return ok
