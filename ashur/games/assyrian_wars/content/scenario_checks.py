"""Checks of the scenario files: player tables, starting positions and their legality
(rules 1.1 B, 4.1, 4.2, 5.2, 6.6.2, 6.8, 6.17, 7.6, 8.3, 10.1, 10.3)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from .model import Content, PlacedFleet, PlacedForce
from .rulebook import HAND_LIMITS, PLAYER_TABLES, POWER_ORDER, Ctx
from .schema import Scenario


def _at_war(s: Scenario, a: str, b: str) -> bool:
    if any({a, b} == set(pair) for pair in s.wars):
        return True
    ca, cb = s.camps.get(a), s.camps.get(b)
    if ca in ("assyrian", "rebel") and cb in ("assyrian", "rebel") and ca != cb:
        return True
    for x, y in ((a, b), (b, a)):
        status = s.diplomacy.get(x)
        if status is not None and status.box == "war" and status.power == y:
            return True
    return False


def _active_minors(s: Scenario, c: Content) -> set[str]:
    """Minors active at the start: at war, or allied to a power (4.1, 6.17)."""
    active = set()
    for m in c.minors():
        status = s.diplomacy.get(m)
        allied = status is not None and status.track is not None and (status.value or 0) >= 13
        if allied or any(_at_war(s, m, other) for other in c.nations if other != m):
            active.add(m)
    return active


def check_scenario(ctx: Ctx, f: str, s: Scenario) -> None:
    """1.1 B, 4.1, 4.2, 5.2, 6.6.2, 6.17, 8.3: the starting position of one scenario."""
    c, e = ctx.c, f"scenario {s.id!r}"
    powers = [p for p in c.powers() if p in s.powers]
    if list(s.powers) != powers or set(s.powers) - set(c.powers()):
        ctx.add(f, ("powers",), e, "powers", "list powers in impulse order (1.1 A)")
    if set(s.absent_powers) != set(c.powers()) - set(s.powers):
        ctx.add(f, ("absent_powers",), e, "absent_powers", "must list exactly the powers not in the scenario")
    table = PLAYER_TABLES.get(s.id)
    for n, row in s.players.items():
        if set(row) != set(s.powers) or sorted(set(row.values())) != list(range(1, n + 1)):
            ctx.add(
                f,
                ("players", n),
                e,
                f"players.{n}",
                f"each of the {n} players plays at least one power, every power has a player (1.1 B)",
            )
    if table is not None:
        got = {n: tuple(row.get(p, 0) for p in POWER_ORDER) for n, row in s.players.items()}
        if got != table:
            ctx.add(f, ("players",), e, "players", "differs from the player table of rule 1.1 B")
    if set(s.camps) != set(s.powers):
        ctx.add(f, ("camps",), e, "camps", "give the camp of every power in the scenario (1.1 G)")
    for i, (a, b) in enumerate(s.wars):
        if a not in c.nations or b not in c.nations or a == b:
            ctx.add(f, ("wars", i), e, "wars", f"bad war {a}-{b}")
    needed = set(c.minors()) | set(c.minor_cities()) | set(c.nomads())
    if set(s.diplomacy) != needed:
        ctx.add(f, ("diplomacy",), e, "diplomacy", "give the marker of every minor, minor city and nomad tribe")
    for nid, status in s.diplomacy.items():
        where = status.track or status.power
        if where is not None and where not in s.powers:
            ctx.add(f, ("diplomacy", nid), e, f"diplomacy.{nid}", f"{where!r} is not a power in this scenario")
        kind = c.nations[nid].kind if nid in c.nations else None
        if kind == "minor_city" and (status.track is not None or status.box == "war"):
            ctx.add(
                f,
                ("diplomacy", nid),
                e,
                f"diplomacy.{nid}",
                "a minor city is neutral, in a pact or conquered (6.11.c2)",
            )
        if kind != "minor_city" and status.box == "pact":
            ctx.add(f, ("diplomacy", nid), e, f"diplomacy.{nid}", "only minor cities make pacts (6.11.c2)")
        if status.track is not None and status.value == 0:
            ctx.add(f, ("diplomacy", nid), e, f"diplomacy.{nid}", "a marker at 0 goes to the neutrals box (6.9)")
    for rev, earlier in s.earlier.items():
        for nid, status in earlier.diplomacy.items():
            where = status.track or status.power
            if nid not in needed or (where is not None and where not in s.powers):
                ctx.add(f, ("earlier", rev, "diplomacy", nid), e, f"earlier.{rev}.diplomacy.{nid}",
                        "an earlier set-up moves the marker of a minor, minor city or nomad to a power of the scenario")
    _check_scenario_economy(ctx, f, s, e)
    active = _active_minors(s, c)
    setup = c.setups[s.id]
    _check_forces(ctx, f, s, e, ("forces",), s.forces, setup.forces, active, allowed_nations=None)
    _check_fleets(ctx, f, e, ("fleets",), s.fleets, setup.fleets)
    for nid, act in s.activation.items():
        path = ("activation", nid)
        if nid not in c.minors() or nid in active:
            ctx.add(f, path, e, f"activation.{nid}", "activation set-ups are for minors inactive at the start (6.17)")
            continue
        forces, fleets = setup.activation[nid]
        _check_forces(ctx, f, s, e, (*path, "forces"), act.forces, forces, active, allowed_nations={nid})
        _check_fleets(ctx, f, e, (*path, "fleets"), act.fleets, fleets)
        lo, hi = HAND_LIMITS["minor"]
        if not lo <= act.hand <= hi:
            ctx.add(f, (*path, "hand"), e, f"activation.{nid}.hand", f"a minor's hand is {lo}-{hi} (7.3.2)")
    for m in c.minors():
        if m not in active and m not in s.activation:
            ctx.add(f, ("activation",), e, "activation", f"inactive minor {m!r} needs its activation set-up (6.17)")
        if m in active and (m not in s.hands or not any(force.nation == m for force in s.forces)):
            ctx.add(f, ("hands",), e, "hands", f"active minor {m!r} needs forces and a hand (6.17)")
    for i, siege in enumerate(s.sieges):
        path, area = ("sieges", i), c.areas.get(siege.area)
        if area is None or area.city is None:
            ctx.add(f, (*path, "area"), e, f"sieges[{i}].area", "a siege needs a city (6.8)")
            continue
        outside = [x for x in s.forces if x.area == siege.area and x.nation == siege.besieger and not x.in_city]
        if not outside:
            ctx.add(
                f,
                (*path, "besieger"),
                e,
                f"sieges[{i}].besieger",
                "the besieger needs a force in the area, outside the city (6.8)",
            )
        owner = next((x.nation for x in s.forces if x.area == siege.area and x.in_city), area.nation)
        if owner is None or not _at_war(s, siege.besieger, owner):
            ctx.add(
                f, (*path, "besieger"), e, f"sieges[{i}].besieger", "the besieger must be at war with the city's owner"
            )
        limit = area.city.defence + (3 if area.city.capital else 2)
        if siege.kind == "hunger" and siege.level >= limit:
            ctx.add(
                f,
                (*path, "level"),
                e,
                f"sieges[{i}].level",
                f"the city would already have surrendered at {limit} (6.8.1)",
            )
    _check_nomads_and_kings(ctx, f, s, e)


def _check_scenario_economy(ctx: Ctx, f: str, s: Scenario, e: str) -> None:
    """5.2, 6.15, 7.3, 8.3: tribute, ECO levels, trade markers, hands, VPs and markers of 4.1."""
    c = ctx.c
    for key, want in (("eco_base", set(s.powers)), ("vp", set(s.powers))):
        if set(getattr(s, key)) != want:
            ctx.add(f, (key,), e, key, "give a value for every power in the scenario")
    for nid in [*s.powers, *c.minors()]:
        if nid not in s.eco:
            ctx.add(f, ("eco",), e, "eco", f"missing ECO level of {nid!r}")
    for p in s.powers:
        if p in s.eco and p in s.eco_base and s.eco[p] != s.eco_base[p] + s.tribute_track.get(p, 0):
            ctx.add(
                f,
                ("eco", p),
                e,
                f"eco.{p}",
                "ECO level must equal the ECO base level plus the tribute track (5.2.2, 8.3)",
            )
    for m in c.minors():
        fixed = c.nations[m].fixed_eco
        if fixed is not None and s.eco.get(m) != fixed + s.tribute_track.get(m, 0):
            ctx.add(f, ("eco", m), e, f"eco.{m}", f"fixed ECO {fixed} plus tribute (7.3.1)")
    city_tribute = sum(
        1 for nid, v in s.tribute.items() if v == "paid" and c.nations.get(nid) and c.nations[nid].kind == "minor_city"
    )
    if sum(s.tribute_track.values()) != city_tribute:
        ctx.add(
            f,
            ("tribute_track",),
            e,
            "tribute_track",
            "what is received must equal what is paid; minor cities pay without a track (5.2.2)",
        )
    refused = sum(1 for v in s.tribute.values() if v in ("refused", "refused_last_turn"))
    stock = c.marker_stock.get("tribute_refused")
    if stock is not None and refused > stock.total():
        ctx.add(f, ("tribute",), e, "tribute", f"{refused} refusal markers but only {stock.total()} in the box")
    for nid, state in s.tribute.items():
        if nid not in c.nations:
            ctx.add(f, ("tribute", nid), e, f"tribute.{nid}", f"unknown nation {nid!r}")
        elif nid == "assyria" or c.nations[nid].kind not in ("power", "minor", "minor_city"):
            ctx.add(
                f, ("tribute", nid), e, f"tribute.{nid}", "only other powers, minors and minor cities pay tribute (5.2)"
            )
        elif (
            c.nations[nid].kind == "minor_city"
            and state == "paid"
            and (s.diplomacy[nid].box not in ("pact", "conquest"))
        ):
            ctx.add(f, ("tribute", nid), e, f"tribute.{nid}", "a minor city pays only under a pact or conquest (5.2.2)")
    trade = c.marker_stock.get("trade")
    for p, n in s.trade_box.items():
        if p not in s.powers:
            ctx.add(f, ("trade_box", p), e, f"trade_box.{p}", "only powers in the scenario hold trade markers")
        elif trade is not None and n > (trade.per_nation or {}).get(p, 0):
            ctx.add(f, ("trade_box", p), e, f"trade_box.{p}", "more trade markers than the power owns (2.2)")
    for nid, n in s.hands.items():
        hand = c.nations[nid].hand if nid in c.nations else None
        if hand is None or not hand.min <= n <= hand.max:
            ctx.add(f, ("hands", nid), e, f"hands.{nid}", "hand size outside the limits of 7.3.2")
    for p in s.powers:
        if p not in s.hands:
            ctx.add(f, ("hands",), e, "hands", f"missing hand of {p!r}")
    if s.impulse_marker != "assyria" or s.preemption_marker != "assyria":
        ctx.add(f, ("impulse_marker",), e, "impulse_marker", "impulse and preemption markers start on Assyria (4.1)")


def _check_forces(
    ctx: Ctx,
    f: str,
    s: Scenario,
    e: str,
    base: tuple[Any, ...],
    forces: tuple[Any, ...],
    placed: tuple[PlacedForce, ...],
    active: set[str],
    allowed_nations: set[str] | None,
) -> None:
    """Counters exist and suffice, land areas only, one commander per army, command limits (6.6.2)."""
    c = ctx.c
    for i, (force, res) in enumerate(zip(forces, placed)):
        path, fld = (*base, i), f"{'.'.join(str(x) for x in base)}[{i}]"
        nation = c.nations.get(force.nation)
        if nation is None:
            ctx.add(f, (*path, "nation"), e, f"{fld}.nation", f"unknown nation {force.nation!r}")
            continue
        if allowed_nations is not None and force.nation not in allowed_nations:
            ctx.add(f, (*path, "nation"), e, f"{fld}.nation", "an activation set-up places only its own minor")
        if allowed_nations is None and nation.kind == "minor" and force.nation not in active:
            ctx.add(f, (*path, "nation"), e, f"{fld}.nation", "forces of inactive minors are not set up (4.1, 6.17)")
        if nation.kind == "power" and force.nation not in s.powers:
            ctx.add(f, (*path, "nation"), e, f"{fld}.nation", "this power is not in the scenario")
        area = c.areas.get(force.area)
        if area is None:
            what = (
                "a sea zone: land units cannot be placed there (1.3)"
                if force.area in c.sea_zones
                else "not a land area"
            )
            ctx.add(f, (*path, "area"), e, f"{fld}.area", f"{force.area!r} is {what}")
            continue
        if area.nation in s.absent_powers:
            ctx.add(f, (*path, "area"), e, f"{fld}.area", "lies in a power that is not in the scenario")
        if area.kind == "far_east" and force.nation != "mede":
            ctx.add(f, (*path, "area"), e, f"{fld}.area", "only Mede regulars enter the Far East (1.3)")
        if force.in_city and area.city is None:
            ctx.add(f, (*path, "in_city"), e, f"{fld}.in_city", "this area has no city")
        wanted = sum(g.count for g in force.units)
        if len(res.units) < wanted:
            ctx.add(
                f,
                (*path, "units"),
                e,
                f"{fld}.units",
                f"not enough {force.nation} counters of those types and strengths: "
                f"{wanted} asked, {len(res.units)} left in the force pool",
            )
        for uid in res.units:
            unit = c.units[uid]
            if unit.entry == "card" or (unit.entry == "timetable" and not _entered_by(c, s, uid)):
                ctx.add(
                    f,
                    (*path, "units"),
                    e,
                    f"{fld}.units",
                    f"{uid} is not available at the start (it enters by {unit.entry}, 4.2)",
                )
        commanders = []
        for j, lid in enumerate(force.leaders):
            leader = c.leaders.get(lid)
            if leader is None or leader.nation != force.nation:
                ctx.add(f, (*path, "leaders", j), e, f"{fld}.leaders", f"{lid!r} is not a {force.nation} leader")
            else:
                if leader.entry == "timetable" and not _entered_by(c, s, lid):
                    ctx.add(f, (*path, "leaders", j), e, f"{fld}.leaders", f"{lid} enters by the timetable later")
                commanders.append(leader.front.command)
        for j, kid in enumerate(force.kings):
            king = c.kings.get(kid)
            if king is None or king.nation != force.nation:
                ctx.add(f, (*path, "kings", j), e, f"{fld}.kings", f"{kid!r} is not a king of {force.nation}")
            else:
                commanders.append(king.command)
        if len(commanders) > 1:
            ctx.add(f, path, e, f"{fld}.leaders", "an army has one leader or king (6.6.2); use separate forces")
        if commanders and wanted > commanders[0]:
            ctx.add(
                f,
                (*path, "units"),
                e,
                f"{fld}.units",
                f"{wanted} regulars exceed the command rating {commanders[0]} (6.6.2)",
            )
        if wanted + len(commanders) > 10:
            ctx.add(f, (*path, "units"), e, f"{fld}.units", "more than 10 units in one stack (9.5)")
    all_ids = [cid for res in placed for cid in (*res.leaders, *res.kings)]
    for cid, n in Counter(all_ids).items():
        if n > 1:
            ctx.add(f, base, e, ".".join(str(x) for x in base), f"{cid!r} is placed twice")
    counters = Counter(ctx.c.kings[k].counter for k in all_ids if k in ctx.c.kings)
    for counter, n in counters.items():
        if n > 1:
            ctx.add(f, base, e, ".".join(str(x) for x in base), f"both kings of counter {counter} are placed")


def _check_fleets(
    ctx: Ctx, f: str, e: str, base: tuple[Any, ...], fleets: tuple[Any, ...], placed: tuple[PlacedFleet, ...]
) -> None:
    c = ctx.c
    for i, (fleet, res) in enumerate(zip(fleets, placed)):
        path, fld = (*base, i), f"{'.'.join(str(x) for x in base)}[{i}]"
        box = c.trade_boxes.get(fleet.zone)
        if fleet.zone not in c.sea_zones and (box is None or box.kind != "sea"):
            ctx.add(f, (*path, "zone"), e, f"{fld}.zone", f"{fleet.zone!r} is not a sea zone or sea Trade Box (6.16)")
        if len(res.ships) < fleet.count:
            ctx.add(f, (*path, "count"), e, f"{fld}.count", f"only {len(res.ships)} {fleet.nation} ships left")
        for sid in res.ships:
            if c.ships[sid].entry != "force_pool":
                ctx.add(f, (*path, "count"), e, f"{fld}.count", f"{sid} is not available at the start")


def _entered_by(c: Content, s: Scenario, counter_id: str) -> bool:
    return any(
        counter_id in ev.counters and ev.turn <= s.first_turn and ev.id not in s.skipped_events
        for ev in c.timetable.events
    )


def _check_nomads_and_kings(ctx: Ctx, f: str, s: Scenario, e: str) -> None:
    """7.6, 10.1, 10.3: nomads on the map as the timetable says; kings of the first turn."""
    c = ctx.c
    for j, ev_id in enumerate(s.skipped_events):
        if ev_id not in {ev.id for ev in c.timetable.events}:
            ctx.add(f, ("skipped_events", j), e, "skipped_events", f"unknown timetable event {ev_id!r}")
    for ev in c.timetable.events:
        if ev.type != "nomad_entry":
            continue
        on_map = any(force.nation == ev.nation for force in s.forces)
        due = ev.turn <= s.first_turn and ev.id not in s.skipped_events
        if due != on_map:
            ctx.add(
                f,
                ("forces",),
                e,
                "forces",
                f"{ev.nation} {'must' if due else 'cannot'} be on the map at the start "
                f"(timetable event {ev.id!r}, 7.6)",
            )
    candidates = c.kings_for_turn(s.first_turn).kings
    for i, force in enumerate(s.forces):
        for kid in force.kings:
            if candidates.get(force.nation) != kid:
                ctx.add(
                    f,
                    ("forces", i, "kings"),
                    e,
                    f"forces[{i}].kings",
                    f"{kid!r} is not the timetable king of turn {s.first_turn} (7.6)",
                )
