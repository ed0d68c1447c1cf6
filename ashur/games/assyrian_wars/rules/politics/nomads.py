"""Nomad behaviour (10.1, 10.1.2; 7.1 nomad defeat).

"Nomads" are the Cimmerians and the Scythians; Arabs and Aramaeans are mercenaries without diplomatic
status (their limits are in :func:`may_rebuild`).

* They are at war with every country and the other tribe unless allied with a power (Ctx.at_war); an
  allied tribe is treated like an allied minor but is not deactivated when the alliance ends (10.1.2).
* They pillage every non-allied area they start an impulse in or enter — not the territory of a power
  (and its allies) that has their marker at march status, where they count as supplied. A country's
  area only: no-man's land has nobody to pillage (see docs/rules-decisions.md).
* They always leave an area pillaged to level 2, even abandoning a siege; the player of an allied tribe
  may pay 1 AP of maintenance to keep it there. The forced departure is a free move of the tribe's force
  into an adjacent area without foreign forces, at the start of its impulse (docs/rules-decisions.md).
* They draw a card at each of their impulses, play no events and conduct no diplomacy.
* In the Interphase every tribe that has entered the game returns to full strength: reduced units flip,
  units of the Regroup Box and eliminated ones come back where the tribe is (its player chooses among its
  areas; inside the city when the tribe's pieces there all are; never beside enemy units outside a city,
  6.12), or at its timetable starting area when none is left on the map; where enemy units stand, they
  appear in the nearest area without enemy forces (:func:`bring_back`).
* A tribe whose forces on the map are all gone is defeated (7.1): its alliances end, its marker goes to
  the neutrals box, and it is inactive for the rest of the turn.
* Timetable orders (``state["nomad_orders"]``): a tribe told to harass one minor exclusively attacks no
  one else until a power allies with it (:func:`may_attack`). Its player must play it properly: no
  senseless one-unit attacks, no attack with less than a full army when one is available
  (:func:`attack_allowed`).
"""

from __future__ import annotations

from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.politics import relations
from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS

Frame = dict[str, Any]
LAND = ("unit", "leader", "king")


def tribes(ctx: Ctx) -> list[str]:
    return [c for c in ctx.track() if ctx.is_nomad(c)]


def on_map_pieces(ctx: Ctx, nomad: str) -> list[str]:
    return [pid for pid, p in sorted(ctx.s["pieces"].items())
            if p["nation"] == nomad and p["kind"] in LAND and ctx.on_map(p["loc"]) and p["loc"] in ctx.c.areas]


def entered(ctx: Ctx, nomad: str) -> bool:
    """The tribe has entered the game (timetable or scenario set-up)."""
    co = ctx.country(nomad)
    if co.get("entered") or co["active"]:
        return True
    return any(p["nation"] == nomad and (ctx.on_map(p["loc"]) or p["loc"] == "regroup")
               for p in ctx.s["pieces"].values() if p["kind"] in LAND)


def exempt(ctx: Ctx, nomad: str, aid: str) -> bool:
    """10.1: no pillage in allied areas, in no-man's land, nor in the territory of a power (and its allies)
    that has the tribe at march status."""
    owner = ctx.area_ctrl(aid)
    if owner is None or ctx.allied(owner, nomad) or owner == nomad:
        return True
    d = ctx.s["diplo"].get(nomad, {})
    power = d.get("power")
    if power is not None and d.get("value", 0) >= 10:
        return owner == power or ctx.allied(owner, power)
    return False


def pillage(ctx: Ctx, nomad: str, aid: str, rule: str = "10.1") -> bool:
    """Place or flip a pillage marker (6.14: once per area and impulse, never beyond pillage 2)."""
    from ashur.games.assyrian_wars.rules.course.impulse import current_impulse

    if aid not in ctx.c.areas or exempt(ctx, nomad, aid):
        return False
    st = ctx.area(aid)
    impulse = current_impulse(ctx)
    done = impulse["flags"].setdefault("pillaged", []) if impulse is not None else []
    if st["pillage"] >= 2 or aid in done:
        return False
    st["pillage"] += 1
    done.append(aid)
    ctx.log("aw.nomad_pillage", rule, nation=nomad, area=aid, level=st["pillage"])
    return True


def impulse_start(ctx: Ctx, impulse: Frame) -> None:
    """10.1: at the start of its impulse a tribe pillages its non-allied areas, then leaves those pillaged
    to level 2."""
    c = impulse["c"]
    if not ctx.is_nomad(c):
        return
    ctx.log("aw.nomad_impulse", "10.1", nation=c, orders=ctx.s.get("nomad_orders", {}).get(c))
    areas = sorted({ctx.piece(p)["loc"] for p in on_map_pieces(ctx, c)})
    for aid in areas:
        pillage(ctx, c, aid)
    for aid in areas:
        if ctx.area(aid)["pillage"] >= 2 and not exempt(ctx, c, aid):
            flow.push(ctx.s, "nomad_leave", nomad=c, area=aid)


HOOKS.add_impulse_start(30, "nomads", impulse_start)


def departures(ctx: Ctx, nomad: str, aid: str) -> list[str]:
    """Adjacent land areas without foreign land forces (outside cities) the tribe can move to."""
    out = []
    for other, kind in ctx.c.neighbors(aid):
        if kind == "mede_only":
            continue
        if any(ctx.owner(p) != nomad and ctx.piece(p)["kind"] in ("unit", "merc") and not ctx.piece(p)["city"]
               for p in ctx.pieces_at(other)):
            continue
        out.append(other)
    return sorted(set(out))


@FLOW.register
class NomadLeave(Step[Ctx]):
    """10.1: a tribe leaves an area pillaged to level 2 (an allied tribe may stay for 1 AP)."""

    kind = "nomad_leave"
    rule = "10.1"

    def _pieces(self, ctx: Ctx, frame: Frame) -> list[str]:
        return [p for p in on_map_pieces(ctx, frame["nomad"]) if ctx.piece(p)["loc"] == frame["area"]]

    def _options(self, ctx: Ctx, frame: Frame) -> list[Action]:
        from ashur.games.assyrian_wars.rules.course.impulse import can_pay, current_impulse

        acts = [action(f"leave:{a}", "aw.act.nomad_leave", "10.1", area=frame["area"], to=a)
                for a in departures(ctx, frame["nomad"], frame["area"])]
        impulse = current_impulse(ctx)
        if ctx.ally_power(frame["nomad"]) is not None and impulse is not None and can_pay(impulse, 2):
            acts.append(action("stay", "aw.act.nomad_stay", "10.1", area=frame["area"]))
        return acts

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        from ashur.games.assyrian_wars.rules.base.players import role_of

        if not self._pieces(ctx, frame) or not self._options(ctx, frame) or role_of(ctx, frame["nomad"]) is None:
            return []
        return [frame["nomad"]]

    def run(self, ctx: Ctx, frame: Frame) -> None:
        flow.pop(ctx.s)
        if self._pieces(ctx, frame):
            ctx.log("aw.nomad_cannot_leave", "10.1", nation=frame["nomad"], area=frame["area"])

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        return self._options(ctx, frame)

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.nomad_leave", "params": {"country": actor, "area": frame["area"]}}

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        from ashur.games.assyrian_wars.rules.course.impulse import current_impulse, pay

        flow.pop(ctx.s)
        if act["id"] == "stay":
            impulse = current_impulse(ctx)
            assert impulse is not None
            pay(ctx, impulse, 2, "10.1", "nomad_maintenance", area=frame["area"])
            return
        dest = act["params"]["to"]
        pieces = self._pieces(ctx, frame)
        for pid in pieces:
            ctx.move_piece(pid, dest)
            ctx.piece(pid)["city"] = False
        ctx.log("aw.nomad_left", "10.1", nation=frame["nomad"], area=frame["area"], dest=dest, n=len(pieces))
        entered_area(ctx, frame["nomad"], dest)


def entered_area(ctx: Ctx, nomad: str, aid: str) -> None:
    """10.1: a tribe that enters a non-allied area pillages it; entering an inactive minor's area is an
    attack on it (6.17)."""
    pillage(ctx, nomad, aid)
    owner = ctx.c.areas[aid].nation
    if owner is not None and ctx.in_play(owner) and ctx.is_minor(owner) and not ctx.active(owner) \
            and ctx.ally_power(nomad) is None:
        from ashur.games.assyrian_wars.rules.politics import minors

        with relations.change(ctx, "6.17"):
            relations.add_war(ctx, nomad, owner)
            ctx.log("aw.nomad_attacks", "6.17", nation=nomad, target=owner)
            # the minor's forces may set up where the tribe stands (its home area, just taken): they fight at
            # once, the tribe attacking (6.12, 10.4.f; see minors.activate)
            minors.activate(ctx, owner, "6.17")


def on_control_changed(ctx: Ctx, area: str, old: str | None, new: str | None) -> None:
    if new is not None and new in ctx.s["countries"] and ctx.is_nomad(new):
        entered_area(ctx, new, area)


HOOKS.add_control_changed(40, "nomads", on_control_changed)


# --- defeat (7.1) -------------------------------------------------------------------------------------
def check_defeat(ctx: Ctx) -> None:
    """7.1: a tribe with no forces on the map is defeated: alliances end, marker to the neutrals box,
    inactive for the rest of the turn."""
    from ashur.games.assyrian_wars.rules.politics.markers import set_marker

    for nomad in tribes(ctx):
        if not ctx.active(nomad) or on_map_pieces(ctx, nomad) or nomad in ctx.s.get("substitutes", {}):
            continue
        with relations.change(ctx, "7.1"):
            set_marker(ctx, nomad, None, 0, "7.1")
            ctx.country(nomad)["active"] = False
            ctx.country(nomad)["entered"] = True
            for table in ("control", "nomad_turn"):
                ctx.s.get(table, {}).pop(nomad, None)
            ctx.log("aw.nomads_defeated", "7.1", nation=nomad)


def _impulse_end(ctx: Ctx, impulse: Frame) -> None:
    check_defeat(ctx)


HOOKS.add_impulse_end(35, "nomad_defeat", _impulse_end)


# --- Interphase: back to full strength (10.1) ----------------------------------------------------------
def entry_area(ctx: Ctx, nomad: str) -> str | None:
    for ev in ctx.c.timetable.events:
        if ev.type == "nomad_entry" and ev.nation == nomad:
            return str(ev.area)
    for force in ctx.c.setups[ctx.s["scenario"]].forces:
        if force.nation == nomad:
            return str(force.area)
    return None


def returning(ctx: Ctx, nomad: str, fresh: bool = False) -> list[str]:
    """Units of the tribe in its pool or the Regroup Box (with `fresh`, also the counters of its timetable
    entry not yet in play)."""
    entry: set[str] = set()
    if fresh:
        for ev in ctx.c.timetable.events:
            if ev.type == "nomad_entry" and ev.nation == nomad:
                entry |= set(ev.counters)
    return [pid for pid, p in sorted(ctx.s["pieces"].items())
            if p["nation"] == nomad and p["kind"] in ("unit", "leader")
            and (p["loc"] in ("pool", "regroup") or (p["loc"] == "setup" and pid in entry))]


def joining(ctx: Ctx, nomad: str, aid: str) -> bool | None:
    """How returning units join the tribe's pieces in `aid` (10.1 "where the remaining nomads are"): True
    inside the city, when all of them there stand inside it (a besieged tribe is not joined by units
    outside among its besiegers) or when enemy units stand outside and some of them are inside; False
    outside the city; None when they cannot join there: enemy land units stand outside the city and none
    of the tribe is inside (a lone leader beside them; 6.12 allows no enemy units together there)."""
    from ashur.games.assyrian_wars.rules.base.territory import enemy_forces_in

    remaining = [ctx.piece(p) for p in on_map_pieces(ctx, nomad) if ctx.piece(p)["loc"] == aid]
    inside = [p for p in remaining if p["city"]]
    if remaining and len(inside) == len(remaining):
        return True
    if not enemy_forces_in(ctx, aid, nomad):
        return False
    return True if inside else None


def join_areas(ctx: Ctx, nomad: str) -> list[str]:
    """The areas where the tribe's pieces stand and its returning units may join them (:func:`joining`)."""
    here = sorted({ctx.piece(p)["loc"] for p in on_map_pieces(ctx, nomad)})
    return [aid for aid in here if joining(ctx, nomad, aid) is not None]


def bring_back(ctx: Ctx, nomad: str, rule: str, area: str | None = None, *, fresh: bool = False) -> None:
    """10.1: every unit of the tribe at full strength, the returning ones in `area` (or where the tribe
    is, or at its starting location). Where enemy land units stand outside the city and the returning
    units cannot join the tribe (:func:`joining`), they appear in the nearest area without enemy forces,
    as a tribe brought back at its starting location does (see docs/rules-decisions.md)."""
    from ashur.games.assyrian_wars.rules.base.territory import arrival_area

    here = sorted({ctx.piece(p)["loc"] for p in on_map_pieces(ctx, nomad)})
    if area is None:
        open_areas = join_areas(ctx, nomad)
        area = open_areas[0] if open_areas else (here[0] if here else entry_area(ctx, nomad))
    dest = area
    in_city = False
    if dest is not None:
        how = joining(ctx, nomad, dest)
        if how is None:
            dest = arrival_area(ctx, nomad, dest)
            how = joining(ctx, nomad, dest)
        in_city = bool(how)
    for pid in on_map_pieces(ctx, nomad):
        ctx.piece(pid)["red"] = False
    back = returning(ctx, nomad, fresh)
    if dest is not None:
        for pid in back:
            ctx.move_piece(pid, dest)
            p = ctx.piece(pid)
            p["red"] = False
            p["city"] = in_city
    co = ctx.country(nomad)
    co["active"] = True
    co["entered"] = True
    ctx.log("aw.nomads_reinforced", rule, nation=nomad, area=dest, n=len(back))


def reinforcement(ctx: Ctx) -> None:
    """10.1: in the Interphase every tribe that has entered the game returns to full strength; its player
    chooses among the areas where the returning units may join it (10.1.1)."""
    for nomad in tribes(ctx):
        if not entered(ctx, nomad) or ctx.s.get("eliminated", {}).get(nomad):
            continue
        areas = join_areas(ctx, nomad)
        if len(areas) > 1 and returning(ctx, nomad):
            flow.push(ctx.s, "nomad_reinforce", nomad=nomad, areas=areas)
        else:
            bring_back(ctx, nomad, "10.1")


@FLOW.register
class NomadReinforce(Step[Ctx]):
    """10.1.1: the player of the tribe chooses where its returning units join it."""

    kind = "nomad_reinforce"
    rule = "10.1.1"

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        from ashur.games.assyrian_wars.rules.base.players import role_of

        return [frame["nomad"]] if role_of(ctx, frame["nomad"]) is not None else []

    def run(self, ctx: Ctx, frame: Frame) -> None:
        flow.pop(ctx.s)
        bring_back(ctx, frame["nomad"], "10.1", frame["areas"][0])

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        return [action(f"reinforce:{a}", "aw.act.nomad_reinforce", "10.1", area=a) for a in frame["areas"]]

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.nomad_reinforce", "params": {"country": actor, "nomad": frame["nomad"]}}

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        flow.pop(ctx.s)
        bring_back(ctx, frame["nomad"], "10.1", act["params"]["area"])


# --- queries for the land rules ---------------------------------------------------------------------
def may_attack(ctx: Ctx, nomad: str, target: str) -> tuple[bool, str, str]:
    """10.1.2 / timetable: a tribe ordered to harass one minor exclusively attacks nobody else until a
    power allies with it."""
    orders = ctx.s.get("nomad_orders", {}).get(nomad)
    if not orders or orders.get("kind") != "harass_exclusively" or ctx.ally_power(nomad) is not None:
        return (True, "", "10.1.2")
    if target == orders.get("target") or relations.principal(ctx, target) == orders.get("target"):
        return (True, "", "10.1.2")
    return (False, f"the {nomad} harass {orders.get('target')} exclusively (timetable)", "10.1.2")


def entry_refusal(ctx: Ctx, nomad: str, attackers: list[str], defenders: list[str]) -> tuple[str, str] | None:
    """Why a tribe's force may not attack the field forces of `defenders` by entering their area
    (10.1.2 timetable orders; 10.1.1 for a tribe no power is allied to), or None when it may."""
    for target in defenders:
        ok, reason, rule = may_attack(ctx, nomad, target)
        if not ok:
            return (reason, rule)
    if defenders and ctx.ally_power(nomad) is None:
        ok, reason, rule = attack_allowed(ctx, nomad, attackers)
        if not ok:
            return (reason, rule)
    return None


def attack_allowed(ctx: Ctx, nomad: str, attackers: list[str]) -> tuple[bool, str, str]:
    """10.1.1: no senseless one-unit attacks, and no attack with less than a full army when one is
    available (a leader with its command rating of units in the attacking area)."""
    from ashur.games.assyrian_wars.rules.base.units import ratings

    units = [p for p in attackers if ctx.piece(p)["kind"] == "unit"]
    leaders = [p for p in attackers if ctx.piece(p)["kind"] in ("leader", "king")]
    if not attackers:
        return (False, "nothing attacks", "10.1.1")
    here = ctx.piece(attackers[0])["loc"]
    local_units = [p for p in on_map_pieces(ctx, nomad) if ctx.piece(p)["loc"] == here
                   and ctx.piece(p)["kind"] == "unit"]
    local_leaders = [p for p in on_map_pieces(ctx, nomad) if ctx.piece(p)["loc"] == here
                     and ctx.piece(p)["kind"] in ("leader", "king")]
    if len(units) <= 1 and not leaders and len(local_units) > 1:
        return (False, "nomads make no senseless one-unit attacks", "10.1.1")
    if local_leaders:
        full = min(len(local_units), max(ratings(ctx, lid)[1] for lid in local_leaders))
        if not leaders or len(units) < full:
            return (False, "nomads attack with a full army when one is available", "10.1.1")
    return (True, "", "10.1.1")


def may_rebuild(ctx: Ctx, pid: str) -> bool:
    """10.1: reduced Arab and Aramaean units cannot be rebuilt."""
    return ctx.kind(ctx.piece(pid)["nation"]) != "nomad_mercenary"
