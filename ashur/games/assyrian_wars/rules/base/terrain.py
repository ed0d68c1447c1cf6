"""Terrain of connections and areas as it affects land movement (1.3, 6.6, 6.6.1, 9.7).

* Mede-only connections: only Mede regulars (and Mede leaders) cross them (1.3).
* Crossing a desert connection, a Mede connection (all but Mede regulars) or moving into or out of
  Sealand (all but Babylonians, ``entry_attrition_exempt``) makes every affected unit check attrition at
  once (1.3, 6.6.1); light cavalry suffers no attrition in deserts with 9.7, nor do the Arabs of card 41
  (10.1). These checks apply to every
  land move: marches, interceptions, evasions, retreats (decision, docs/rules-decisions.md).
* Costs (6.6): 1 AP per area for an army (per unit without a leader); 2 for Sealand (in or out) and for a
  Mede connection, for every force, the Mede's own included (6.6 names no exception; 1.3 exempts Mede
  regulars from the attrition only); with 9.7 an all-cavalry force pays half.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.forces import is_cavalry_force, units_in
from ashur.games.assyrian_wars.rules.base.losses import attrition_check
from ashur.games.assyrian_wars.rules.base.readings import pre14
from ashur.games.assyrian_wars.rules.base.units import is_leader, is_regular, unit_type
from ashur.games.assyrian_wars.rules.registry import HOOKS

MEDE = "mede"


def connection(ctx: Ctx, a: str, b: str) -> str | None:
    return ctx.c.connection_type(a, b)


_LINKS: dict[int, tuple[Any, dict[str, tuple[tuple[str, str | None], ...]]]] = {}


def links(ctx: Ctx, here: str) -> tuple[tuple[str, str | None], ...]:
    """(area, :func:`connection` from `here`) of every land neighbour of `here`, in the order of
    ``content.neighbors``; one table per content."""
    entry = _LINKS.get(id(ctx.c))
    if entry is None or entry[0] is not ctx.c:
        entry = _LINKS[id(ctx.c)] = (ctx.c, {})
    table = entry[1]
    found = table.get(here)
    if found is None:
        found = table[here] = tuple((other, ctx.c.connection_type(here, other)) for other, _k in ctx.c.neighbors(here))
    return found


def mede_regulars_only(ctx: Ctx, pieces: list[str]) -> bool:
    """Every piece is a Mede regular unit or a Mede leader."""
    return all(ctx.piece(p)["nation"] == MEDE and (is_leader(ctx, p) or is_regular(ctx, p)) for p in pieces)


def can_cross(ctx: Ctx, pieces: list[str], a: str, b: str) -> bool:
    """1.3: a land connection exists; a Mede-only one is crossed by Mede regulars only."""
    kind = connection(ctx, a, b)
    if kind is None:
        return False
    return kind != "mede_only" or mede_regulars_only(ctx, pieces)


def area_cost(ctx: Ctx, aid: str) -> int:
    return int(ctx.c.areas[aid].move_cost) if aid in ctx.c.areas else 1


def step_cost2(ctx: Ctx, pieces: list[str], a: str, b: str, *, per_unit: bool) -> int:
    """The cost in half APs of moving `pieces` from `a` to adjacent `b` (6.6, 1.3, 9.7)."""
    return step_costs(ctx, pieces, per_unit=per_unit)(a, b, connection(ctx, a, b))


_MIN_STEP: dict[int, tuple[Any, int | None]] = {}


def min_step_cost2(ctx: Ctx) -> int | None:
    """A lower bound of every price :func:`step_costs` can give (half APs; one table per content): the
    cheapest movement cost of the map (1 outside it), times the smallest factors (half for all-cavalry with
    9.7, one unit). None when the content allows no positive bound. Since :func:`can_pay` is monotone in the
    cost, an impulse that cannot pay this bound can pay no step (without a card's free move, 6.11.h)."""
    entry = _MIN_STEP.get(id(ctx.c))
    if entry is None or entry[0] is not ctx.c:
        low = min([1, *(int(a.move_cost) for a in ctx.c.areas.values())])
        entry = _MIN_STEP[id(ctx.c)] = (ctx.c, low if low >= 1 else None)
    return entry[1]


def step_costs(ctx: Ctx, pieces: list[str], *, per_unit: bool) -> Callable[[str, str, str | None], int]:
    """:func:`step_cost2` of `pieces` as a function of the two areas and :func:`connection` between them
    (what depends on the pieces alone is worked out once, for a force that tries every neighbour)."""
    areas = ctx.c.areas
    old_mede: list[bool] = []  # pre14_readings: all-Mede forces paid 1 AP (older saves)
    factor: list[int] = []  # worked out at the first step priced (a menu often refuses every step first)

    def cost(a: str, b: str, conn: str | None) -> int:
        if not factor:
            half = bool(ctx.s["options"].get("special_abilities")) and is_cavalry_force(ctx, pieces)
            factor.append(1 if half else 2)
            factor.append(max(1, len(units_in(ctx, pieces))) if per_unit else 1)
        base = max(int(areas[a].move_cost) if a in areas else 1, int(areas[b].move_cost) if b in areas else 1)
        if conn == MEDE:
            if not old_mede:
                old_mede.append(pre14(ctx) and mede_regulars_only(ctx, pieces))
            if not old_mede[0]:
                base = max(base, 2)  # 6.6: "Sealand and Mede cost 2 AP", whoever crosses
        return factor[0] * base * factor[1]
    return cost


def attrition(ctx: Ctx, units: list[str], rule: str, why: str, group: list[str] | None = None) -> None:
    """6.6.1: each affected unit rolls; every 6 is a hit its owner assigns among them (per owner).
    `group`: the whole force concerned, exempt units included (see ``attrition_check``)."""
    by_owner: dict[str, list[str]] = {}
    for u in units_in(ctx, units):
        by_owner.setdefault(ctx.owner(u), []).append(u)
    groups: dict[str, list[str]] = {}
    for u in units_in(ctx, group or []):
        groups.setdefault(ctx.owner(u), []).append(u)
    for owner in sorted(set(by_owner) | set(groups), reverse=True):
        attrition_check(ctx, by_owner.get(owner, []), rule, why, chooser=owner,
                        group=groups.get(owner) if group is not None else None)


def desert_exempt(ctx: Ctx, pid: str, abilities: bool) -> bool:
    """No desert attrition: light cavalry with 9.7, and nomad mercenaries whose card says so (card 41, the Arab
    camel riders; the terms are kept by the course rules, reached through ``mercenaries.desert_exempt``)."""
    if abilities and unit_type(ctx, pid) == "LC":
        return True
    return ctx.piece(pid)["kind"] == "unit" and ctx.kind(ctx.piece(pid)["nation"]) == "nomad_mercenary" and bool(
        HOOKS.call("mercenaries.desert_exempt", ctx, pid))


def crossing_attrition(ctx: Ctx, pieces: list[str], a: str, b: str, ignore: tuple[str, ...] = ()) -> None:
    """1.3/6.6.1: attrition after crossing a desert or Mede connection and moving into or out of Sealand
    (`ignore`: connection kinds a card lets the force cross without attrition, 6.11.h)."""
    units = units_in(ctx, pieces)
    if not units:
        return
    kind = connection(ctx, a, b)
    kind = None if kind in ignore else kind
    abilities = bool(ctx.s["options"].get("special_abilities"))
    if kind == "desert":
        hit = [u for u in units if not desert_exempt(ctx, u, abilities)]
        attrition(ctx, hit, "6.6.1", "aw.why.desert", group=units)  # 9.5: exempt or not is hidden
    if kind == MEDE:
        hit = [u for u in units if not (ctx.piece(u)["nation"] == MEDE and is_regular(ctx, u))]
        attrition(ctx, hit, "6.6.1", "aw.why.mede", group=units)
    for aid in (a, b):
        if aid in ctx.c.areas and ctx.c.areas[aid].sea_zone:
            exempt = set(ctx.c.areas[aid].entry_attrition_exempt)
            hit = [u for u in units if ctx.owner(u) not in exempt]
            if hit:
                attrition(ctx, hit, "6.6.1", "aw.why.sealand")
            break
