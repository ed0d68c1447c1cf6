"""Evasion (6.6.10) and pursuit; also the evasion roll of an ambush (9.7).

* Where to: into an own or allied city in the area (+3), or into an adjacent friendly area (+1); only when
  no friendly area is open, into an adjacent enemy-controlled area (attrition at once). Never into an
  unaligned area (unless war is declared on it, 8.1), an enemy or friendly city elsewhere, or an area with
  unbesieged enemy units (6.6.10). No-man's land belongs to nobody and is open to everybody (1.2): it is
  no friendly area (no +1) and no enemy area (no attrition), a destination beside the enemy areas when no
  friendly area is open (kind ``open``; decision, docs/rules-decisions.md).
* The roll: 2D6 + modifiers ≥ 9 succeeds: −2 without a leader, + the evading leader's action rating, − the
  attacking leader's action rating, +2 for a hasty evasion (attrition at once unless only leaders
  evade), 9.7 cavalry modifiers, card modifiers.
* Automatic evasion into a friendly city: a single unit or leader, or a force facing an attacker three
  or more times its size (units and leaders counted).
* A force that fails routs one unit per hit in the ensuing battle (6.6.10, 6.7.4); one that succeeds lets
  the attacker start a siege at once without APs. An evading force may be intercepted (6.6.9), though not
  by the forces in the area it left (decision: they may pursue it by moving); a pursuer entering its new
  area lets it try to evade again.
"""

from __future__ import annotations

from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.control_areas import city_holder, has_city, is_no_mans_land
from ashur.games.assyrian_wars.rules.base.forces import (
    action_rating,
    best_leader,
    cavalry_modifier,
    leaders_in,
    size,
    tidy,
    units_in,
)
from ashur.games.assyrian_wars.rules.base.readings import pre14
from ashur.games.assyrian_wars.rules.base.terrain import attrition, can_cross, crossing_attrition
from ashur.games.assyrian_wars.rules.base.territory import friendly_area
from ashur.games.assyrian_wars.rules.land.entering import entry_requirement

EVASION_TARGET = 9


def enemy_units_in(ctx: Ctx, aid: str, cid: str, *, city: bool | None = False) -> bool:
    for pid in ctx.pieces_at(aid):
        p = ctx.piece(pid)
        if p["kind"] in ("unit", "merc") and (city is None or bool(p["city"]) == city) \
                and ctx.at_war(ctx.owner(pid), cid):
            return True
    return False


def city_open_to(ctx: Ctx, aid: str, countries: list[str]) -> bool:
    """An own or allied city in the area (glossary "City": only own or allied forces enter it)."""
    if not has_city(ctx, aid):
        return False
    holder = city_holder(ctx, aid)
    return holder is not None and all(holder == c or ctx.allied(holder, c) for c in countries)


def destinations(ctx: Ctx, cid: str, pieces: list[str], area: str,
                 attackers: list[str]) -> list[tuple[str, int, str]]:
    """Evasion destinations of `cid`'s pieces in `area`: (``city`` or an area id, modifier, kind), kind
    being ``city``, ``friendly``, ``open`` (no-man's land), ``enemy`` or ``dow:<country>`` (8.1)."""
    from ashur.games.assyrian_wars.rules.land.hostilities import can_declare_now

    countries = sorted({ctx.owner(p) for p in pieces} | {cid})
    out: list[tuple[str, int, str]] = []
    if city_open_to(ctx, area, countries):
        out.append(("city", 3, "city"))
    friendly: list[tuple[str, int, str]] = []
    enemy: list[tuple[str, int, str]] = []
    for other, _kind in ctx.c.neighbors(area):
        if not can_cross(ctx, pieces, area, other):
            continue
        if enemy_units_in(ctx, other, cid):
            continue
        if friendly_area(ctx, other, cid) or (is_no_mans_land(ctx, other) and pre14(ctx)):
            friendly.append((other, 1, "friendly"))
            continue
        if is_no_mans_land(ctx, other):
            enemy.append((other, 0, "open"))
            continue
        req, target, _rule = entry_requirement(ctx, cid, other)
        if req == "ok" and ctx.area_ctrl(other) is not None and ctx.at_war(ctx.area_ctrl(other), cid):
            enemy.append((other, 0, "enemy"))
        elif req == "dow" and can_declare_now(ctx, cid, target):
            enemy.append((other, 0, f"dow:{target}"))
    out += sorted(set(friendly)) if friendly else sorted(set(enemy))
    return out


def automatic(ctx: Ctx, pieces: list[str], dest: str, attackers: list[str]) -> bool:
    """6.6.10: automatic evasion into a friendly city."""
    if dest != "city":
        return False
    return len(pieces) == 1 or size(ctx, attackers) >= 3 * max(1, size(ctx, pieces))


def commander_of(ctx: Ctx, pieces: list[str]) -> str | None:
    """The leader in command of a force (an army group's commander, 6.6.3; else the best leader)."""
    from ashur.games.assyrian_wars.rules.base.forces import group_of, groups

    leaders = leaders_in(ctx, pieces)
    for lid in leaders:
        gid = group_of(ctx, lid)
        if gid is not None and groups(ctx)[gid]["commander"] in pieces:
            return str(groups(ctx)[gid]["commander"])
    return best_leader(ctx, leaders)


def modifier(ctx: Ctx, pieces: list[str], dest: str, attackers: list[str], hasty: bool,
             dest_kind: str | None = None) -> int:
    """The evasion modifiers of 6.6.10 (and 9.7)."""
    mod = 3 if dest == "city" else 1 if dest_kind == "friendly" else 0
    lead = commander_of(ctx, pieces)
    if lead is None:
        mod -= 2
    else:
        mod += action_rating(ctx, lead)
    lead = commander_of(ctx, attackers)
    if lead is not None:
        mod -= action_rating(ctx, lead)
    if hasty:
        mod += 2
    if ctx.s["options"].get("special_abilities"):
        mod += cavalry_modifier(ctx, pieces, attackers)
    return mod


def evasion_roll(ctx: Ctx, pieces: list[str], dest: str, attackers: list[str], *, hasty: bool, rule: str,
                 area: str, extra: int = 0, dest_kind: str | None = None, auto: bool = False) -> bool:
    """Roll 2D6 for an evasion; 9 or more (with modifiers) succeeds (6.6.10)."""
    if auto or automatic(ctx, pieces, dest, attackers):
        ctx.log("aw.evasion_automatic", rule, area=area, dest=dest, n=len(pieces))
        return True
    if dest_kind is None:
        dest_kind = "friendly" if dest != "city" and (friendly_area(ctx, dest, ctx.owner(pieces[0])) or (
            pre14(ctx) and is_no_mans_land(ctx, dest))) else None
    mod = modifier(ctx, pieces, dest, attackers, hasty, dest_kind) + extra
    from ashur.games.assyrian_wars.rules.base.secrecy import fog_to

    # 9.5: the modifier counts cavalry of both forces; its details go to the two sides only
    to = fog_to(ctx, list(pieces) + list(attackers), sorted({ctx.owner(p) for p in attackers}))
    values = ctx.dice(2, rule=rule, why="aw.why.evasion", to=to, area=area, dest=dest, modifier=mod)
    ok = sum(values) + mod >= EVASION_TARGET
    ctx.log("aw.evasion_roll", rule, to=to, area=area, dest=dest, total=sum(values) + mod, success=ok)
    if to is not None:
        ctx.log("aw.evasion_result", rule, area=area, dest=dest, success=ok)
    return ok


def move_evaders(ctx: Ctx, pieces: list[str], area: str, dest: str, *, hasty: bool, rule: str,
                 enemy_dest: bool = False) -> None:
    """Move a successful evasion: into the city, or to the adjacent area with its attrition checks and
    the interceptions it may trigger (6.6.9, 6.6.10)."""
    from ashur.games.assyrian_wars.rules.land.entering import push_entry

    owner = ctx.owner(pieces[0])
    if dest == "city":
        for p in pieces:
            ctx.piece(p)["city"] = True
        ctx.log("aw.evaded", rule, area=area, dest="city", country=owner, n=len(pieces))
        return
    for p in pieces:
        ctx.piece(p)["city"] = False
        ctx.move_piece(p, dest)
    ctx.log("aw.evaded", rule, area=area, dest=dest, country=owner, n=len(pieces))
    tidy(ctx, dest, owner)
    push_entry(ctx, dest, owner, list(pieces), src=area, kind="evade", exclude=[area])
    units = units_in(ctx, pieces)
    if hasty and units:
        attrition(ctx, units, "6.6.10", "aw.why.hasty")
    if enemy_dest and units:
        attrition(ctx, units, "6.6.10", "aw.why.evade_enemy")
    crossing_attrition(ctx, pieces, area, dest)
