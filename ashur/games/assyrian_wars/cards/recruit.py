"""Recruit cards (6.11.j): regular units, mercenaries and ships raised by an event.

Effect operations handled here (content/effects.py):

* ``add_units_to_force_pool`` — counters that enter the game by this card (``entry: card`` in
  counters.yaml: cards 107, 108, 109) go from the box into their nation's force pool (4.2, 6.11.j).
* ``place_units`` — up to ``max_units`` regular units of the player's force pool (or Regroup Box) are
  placed where the card says, at the card's price (cards 2, 9, 106, 108). The places follow the recruit
  rules: ``own_home_city`` are the home cities of 6.1 (held, free of enemy units), ``own_home_area`` the home
  areas of 6.3, named areas must be held by the player and free of enemy units (as 6.1 asks of a city). The
  unit is placed by the recruit rules' ``place`` step: it enters the area and may be intercepted (6.6.9).
* ``hire_mercenaries`` — mercenaries from the game pool (drawn at random, or picked) (cards 6, 17, 105). At
  the usual price of 6.2 they join the player's mercenary pool for this turn and are hired as usual (6.2:
  "additional mercenaries may become available per event cards"); at a lower price they are hired at once,
  placed as 6.2 says, and those not hired go back to the game pool.
* ``convert_mercenaries`` — Elam's home card (6.11.j): mercenaries hired by the player on the map are
  replaced by its regular units of the same type and strength from its force pool.
* ``build_ships`` — ships of the player's force pool placed free in the sea zones the card names
  (card 107), zones without enemy ships first as 6.16.a says; enemy fleets there may search them (6.16.f).

Every choice is the player's, one unit at a time, with "done" to stop early ("up to"). The event is not
offered when the card could do nothing (6.11).
"""

from __future__ import annotations

import math
from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.control_areas import city_holder
from ashur.games.assyrian_wars.rules.base.forces import can_join_army, nation_pieces, tidy
from ashur.games.assyrian_wars.rules.base.naval import has_friendly_port
from ashur.games.assyrian_wars.rules.base.secrecy import log_fogged
from ashur.games.assyrian_wars.rules.base.units import is_regular, spec, strength, unit_type
from ashur.games.assyrian_wars.rules.course.card_effects import op, ops_at
from ashur.games.assyrian_wars.rules.course.events import card_rule, event_cost
from ashur.games.assyrian_wars.rules.course.impulse import ap_left, can_pay, current_impulse, pay
from ashur.games.assyrian_wars.rules.course.mercenaries import disband, draw_mercenaries, game_pool
from ashur.games.assyrian_wars.rules.land.recruit import (
    ABILITY_COST,
    build_cities,
    enemy_units_anywhere,
    hires_mercenaries,
    leader_areas,
    merc_areas,
    push_place,
    representatives,
)
from ashur.games.assyrian_wars.rules.naval.ships import build_zones, enemy_ships_in, place_ship, pool_ships
from ashur.games.assyrian_wars.rules.registry import FLOW

Frame = dict[str, Any]
RULE = "6.11.j"
#: 6.2: the usual price of a mercenary, AP per strength point
MERC_PRICE = 0.5


# --- shared helpers ------------------------------------------------------------------------------------
def _budget(ctx: Ctx, frame: Frame) -> Frame | None:
    """The player's impulse APs as they will stand once the event's cost is paid (6.11: what is missing is
    borrowed): the checks run before the event is played."""
    imp = current_impulse(ctx)
    if imp is None or imp["c"] != frame["c"]:
        return None
    cost = event_cost(ctx, frame["card"], frame["how"])
    short = max(0, math.ceil(cost - ap_left(imp)))
    return {"ap2": imp["ap2"] + 2 * short, "spent2": imp["spent2"] + int(2 * cost)}


def _affordable(budget: Frame | None, cost2: int) -> bool:
    return cost2 <= 0 or (budget is not None and can_pay(budget, cost2))


def _incoming(ctx: Ctx, number: int, nation: str) -> list[str]:
    """Counters of `nation` that the card's ``add_units_to_force_pool`` brings into the force pool and that
    are still in the box (a check runs before the card's first operation)."""
    out: list[str] = []
    for o in ctx.card(number).effect:
        if o.op == "add_units_to_force_pool" and o.nation == nation:
            out += [pid for pid in o.counters if ctx.piece(pid)["loc"] == "setup"]
    return out


def _step_op(ctx: Ctx, frame: Frame) -> Any:
    """The operation a card step of this module carries out (its card, path and index)."""
    return ops_at(ctx, frame["card"], frame["path"])[frame["at"]]


def _push_step(ctx: Ctx, kind: str, frame: Frame, o: Any, **extra: Any) -> None:
    """Push one of this module's steps for the operation `o` of the effects frame being run."""
    at = frame["i"] - 1  # the effects step has moved past the operation it runs
    assert ops_at(ctx, frame["card"], frame["path"])[at] is o
    flow.push(ctx.s, kind, c=frame["c"], card=frame["card"], path=list(frame["path"]), at=at, **extra)


def _done(ctx: Ctx, frame: Frame) -> Action:
    return action("done", "aw.act.recruit.done", card_rule(ctx, frame["card"]), card=frame["card"])


def _impulse(ctx: Ctx) -> Frame:
    imp = current_impulse(ctx)
    assert imp is not None, "recruit cards are played in the player's impulse (6.11.j)"
    return imp


# --- add_units_to_force_pool (4.2, 6.11.j) -------------------------------------------------------------------
def _places_later(ctx: Ctx, number: int) -> bool:
    return any(o.op in ("place_units", "build_ships") for o in ctx.card(number).effect)


def check_add_units(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    if any(ctx.piece(pid)["loc"] == "setup" for pid in o.counters):
        return None
    if _places_later(ctx, frame["card"]):
        return None  # the units came before; placing them from the pool is still possible (checked there)
    return "the units this card brings are already in the game (6.11.j)"


@op("add_units_to_force_pool", check_add_units)
def add_units(ctx: Ctx, frame: Frame, o: Any) -> None:
    """The card's counters enter their nation's force pool (4.2, 6.11.j)."""
    added = [pid for pid in o.counters if ctx.piece(pid)["loc"] == "setup"]
    for pid in added:
        ctx.piece(pid)["red"] = False
        ctx.move_piece(pid, "pool")
    if added:
        ctx.log("aw.recruit.units_to_pool", RULE, country=frame["c"], nation=o.nation, card=frame["card"],
                pieces=added)


# --- place_units (6.1, 6.5, 6.11.j) -----------------------------------------------------------------------
def _named_area_ok(ctx: Ctx, aid: str, c: str) -> bool:
    """A named area takes new units when the player holds it (and its city) and no enemy unit is there (6.1)."""
    if ctx.area(aid)["ctrl"] != c or enemy_units_anywhere(ctx, aid, c):
        return False
    return ctx.c.areas[aid].city is None or city_holder(ctx, aid) == c


def place_areas(ctx: Ctx, c: str, o: Any) -> list[str]:
    """Where the card places units, by the recruit rules' tests (6.1, 6.3)."""
    out: list[str] = []
    for w in o.where:
        if w == "own_home_city":
            out += build_cities(ctx, c)
        elif w == "own_home_area":
            out += leader_areas(ctx, c)
        elif w == "own_capital":
            cap = ctx.c.capital(c)
            out += [cap] if cap is not None and cap in build_cities(ctx, c) else []
        elif w == "with_own_leader":
            out += sorted({p["loc"] for pid in nation_pieces(ctx, c) if (p := ctx.piece(pid))["kind"] in (
                "leader", "king") and p["loc"] in ctx.c.areas and not enemy_units_anywhere(ctx, p["loc"], c)})
        elif _named_area_ok(ctx, w, c):
            out.append(w)
    return list(dict.fromkeys(out))


def _unit_fits(ctx: Ctx, pid: str, o: Any) -> bool:
    p = ctx.piece(pid)
    if p["kind"] != "unit" or not is_regular(ctx, pid):
        return False
    if o.unit_types is not None and unit_type(ctx, pid) not in o.unit_types:
        return False
    return o.max_unit_strength is None or int(spec(ctx, pid).front) <= o.max_unit_strength


def place_sources(ctx: Ctx, c: str, number: int, o: Any) -> list[str]:
    """The units the card may place: the player's force pool (with the card's own counters) or its units in
    the Regroup Box."""
    if o.source == "regroup_box":
        pids = [p for p in ctx.pieces_at("regroup") if ctx.piece(p)["nation"] == c]
    else:
        pids = [p for p in ctx.pieces_at("pool") if ctx.piece(p)["nation"] == c] + _incoming(ctx, number, c)
    return sorted(p for p in pids if _unit_fits(ctx, p, o))


def place_cost2(ctx: Ctx, pid: str, o: Any) -> int:
    """The card's price per strength point (half APs); a unit from the force pool comes at full strength and
    pays the 9.7 ability cost on top of a price that is not nil (decision); the Regroup Box keeps the side."""
    if o.cost_per_strength == 0:
        return 0
    if o.source == "regroup_box":
        return math.ceil(2 * o.cost_per_strength * strength(ctx, pid))
    extra = ABILITY_COST.get(unit_type(ctx, pid), 0) if ctx.s["options"].get("special_abilities") else 0
    return math.ceil(2 * (o.cost_per_strength * int(spec(ctx, pid).front) + extra))


def check_place(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    c = frame["c"]
    units = place_sources(ctx, c, frame["card"], o)
    if not units:
        return "no unit the card may place is in the force pool (6.11.j)"
    if not place_areas(ctx, c, o):
        return "no area the card names is held and free of enemy units (6.1)"
    budget = _budget(ctx, frame)
    if not any(_affordable(budget, place_cost2(ctx, u, o)) for u in units):
        return "not enough APs to pay for a unit at the card's price (6.11.j)"
    return None


@op("place_units", check_place)
def place_units(ctx: Ctx, frame: Frame, o: Any) -> None:
    _push_step(ctx, "recruit_units", frame, o, left=o.max_units)


class _PickUpTo(Step[Ctx]):
    """A card's player takes up to ``frame["left"]`` things one at a time (or stops): units to place,
    mercenaries to pick or convert, ships to place. Subclasses say what is offered (:meth:`_rows`: an id
    suffix and the action's parameters) and what taking one does (:meth:`_take`)."""

    prefix = ""
    act_key = ""
    prompt_key = ""

    def _options(self, ctx: Ctx, frame: Frame) -> list[tuple[str, int]]:
        """Pieces and their AP cost (half points), for the steps that offer pieces."""
        raise NotImplementedError

    def _rows(self, ctx: Ctx, frame: Frame) -> list[tuple[str, dict[str, Any]]]:
        return [(pid, {"piece": pid, "ap": cost2 / 2}) for pid, cost2 in self._options(ctx, frame)]

    def _take(self, ctx: Ctx, frame: Frame, actor: str, o: Any, params: dict[str, Any]) -> None:
        raise NotImplementedError

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        return [frame["c"]] if self._rows(ctx, frame) else []

    def run(self, ctx: Ctx, frame: Frame) -> None:
        flow.pop(ctx.s)

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        rule = card_rule(ctx, frame["card"])
        acts = [action(f"{self.prefix}:{key}", self.act_key, rule, **params, card=frame["card"])
                for key, params in self._rows(ctx, frame)]
        return [*acts, _done(ctx, frame)]

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": self.prompt_key, "params": {"country": actor, "card": frame["card"], "left": frame["left"]}}

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        if act["id"] == "done":
            flow.pop(ctx.s)
            return
        o = _step_op(ctx, frame)
        frame["left"] -= 1
        if frame["left"] <= 0:
            flow.pop(ctx.s)
        self._take(ctx, frame, actor, o, act["params"])


@FLOW.register
class RecruitUnits(_PickUpTo):
    """6.11.j: the player picks the next unit the card places (or stops); the recruit rules' ``place`` step
    then asks where among the card's areas."""

    kind = "recruit_units"
    rule = RULE

    prefix = "unit"
    act_key = "aw.act.recruit.place_unit"
    prompt_key = "aw.prompt.recruit.place_unit"

    def _options(self, ctx: Ctx, frame: Frame) -> list[tuple[str, int]]:
        o = _step_op(ctx, frame)
        c = frame["c"]
        if frame["left"] <= 0 or not place_areas(ctx, c, o):
            return []
        imp = _impulse(ctx)
        out = []
        for pid in representatives(ctx, place_sources(ctx, c, frame["card"], o)):
            cost2 = place_cost2(ctx, pid, o)
            if cost2 <= 0 or can_pay(imp, cost2):
                out.append((pid, cost2))
        return out

    def _take(self, ctx: Ctx, frame: Frame, actor: str, o: Any, params: dict[str, Any]) -> None:
        pid = params["piece"]
        what = "regroup" if o.source == "regroup_box" else "build"
        push_place(ctx, actor, pid, place_cost2(ctx, pid, o), RULE, what, areas=place_areas(ctx, actor, o),
                   key="aw.recruit.unit_placed", card=frame["card"])


# --- hire_mercenaries (6.2, 6.11.j) -----------------------------------------------------------------------
def _merc_cost2(ctx: Ctx, pid: str, price: float) -> int:
    return math.ceil(2 * price * strength(ctx, pid))


def _hired_at_once(o: Any) -> bool:
    """A card price below the usual one (6.2) is for hiring at once; at the usual price the mercenaries
    join the pool."""
    return o.cost_per_strength < MERC_PRICE or o.source == "own_pool"


def check_hire(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    c = frame["c"]
    if not hires_mercenaries(ctx, c):
        return "nomads hire no mercenaries (10.1)"
    pool = game_pool(ctx) if o.source == "game_pool" else ctx.pieces_at(f"merc:{c}")
    if not pool:
        return "no mercenary is left in the " + ("game pool (6.11.j)" if o.source == "game_pool" else
                                                 "mercenary pool (6.2)")
    if not merc_areas(ctx, c):
        return "no force and no empty home or associated area to take a mercenary (6.2)"
    if _hired_at_once(o):
        budget = _budget(ctx, frame)
        if not any(_affordable(budget, _merc_cost2(ctx, p, o.cost_per_strength)) for p in pool):
            return "not enough APs to hire a mercenary at the card's price (6.11.j)"
    return None


@op("hire_mercenaries", check_hire)
def hire_mercenaries(ctx: Ctx, frame: Frame, o: Any) -> None:
    c = frame["c"]
    if o.source == "own_pool":
        _push_step(ctx, "recruit_hire", frame, o, left=o.count, pieces=ctx.pieces_at(f"merc:{c}"), back=False)
        return
    if not o.random:
        _push_step(ctx, "recruit_merc_pick", frame, o, left=o.count)
        return
    got = draw_mercenaries(ctx, c, o.count, RULE)
    if _hired_at_once(o):
        _push_step(ctx, "recruit_hire", frame, o, left=o.count, pieces=got, back=True)
    elif got:
        ctx.log("aw.recruit.mercs_to_pool", RULE, country=c, card=frame["card"], pieces=got)


def _hire_now(ctx: Ctx, frame: Frame, pid: str, o: Any) -> None:
    push_place(ctx, frame["c"], pid, _merc_cost2(ctx, pid, o.cost_per_strength), RULE, "hire",
               key="aw.recruit.merc_hired", card=frame["card"])


@FLOW.register
class RecruitHire(Step[Ctx]):
    """6.11.j: the player hires the card's mercenaries one at a time at the card's price, each placed as 6.2
    says, or stops; those drawn for the card and not hired go back to the game pool."""

    kind = "recruit_hire"
    rule = RULE

    def _options(self, ctx: Ctx, frame: Frame) -> list[tuple[str, int]]:
        if frame["left"] <= 0 or not merc_areas(ctx, frame["c"]):
            return []
        o = _step_op(ctx, frame)
        imp = _impulse(ctx)
        here = set(ctx.pieces_at(f"merc:{frame['c']}"))
        out = []
        for pid in representatives(ctx, [p for p in frame["pieces"] if p in here]):
            cost2 = _merc_cost2(ctx, pid, o.cost_per_strength)
            if cost2 <= 0 or can_pay(imp, cost2):
                out.append((pid, cost2))
        return out

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        return [frame["c"]] if self._options(ctx, frame) else []

    def run(self, ctx: Ctx, frame: Frame) -> None:
        self._finish(ctx, frame)

    def _finish(self, ctx: Ctx, frame: Frame, placing: str | None = None) -> None:
        flow.pop(ctx.s)
        if not frame["back"]:
            return
        here = set(ctx.pieces_at(f"merc:{frame['c']}"))
        back = [p for p in frame["pieces"] if p in here and p != placing]
        for pid in back:
            ctx.move_piece(pid, "gamepool")
        if back:
            ctx.log("aw.recruit.mercs_returned", RULE, country=frame["c"], card=frame["card"], pieces=back)

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        rule = card_rule(ctx, frame["card"])
        acts = [action(f"hire:{pid}", "aw.act.recruit.hire", rule, piece=pid, ap=cost2 / 2, card=frame["card"])
                for pid, cost2 in self._options(ctx, frame)]
        return [*acts, _done(ctx, frame)]

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.recruit.hire", "params": {"country": actor, "card": frame["card"],
                                                            "left": frame["left"]}}

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        if act["id"] == "done":
            self._finish(ctx, frame)
            return
        pid = act["params"]["piece"]
        frame["left"] -= 1
        if frame["left"] <= 0:
            self._finish(ctx, frame, placing=pid)
        _hire_now(ctx, frame, pid, _step_op(ctx, frame))


@FLOW.register
class RecruitMercPick(_PickUpTo):
    """6.11.j: the player picks the card's mercenaries from the game pool, one at a time (or stops). At the
    usual price they join the player's mercenary pool for this turn (6.2); at a lower price each is hired
    at once."""

    kind = "recruit_merc_pick"
    rule = RULE

    prefix = "pick"
    act_key = "aw.act.recruit.pick_merc"
    prompt_key = "aw.prompt.recruit.pick_merc"

    def _options(self, ctx: Ctx, frame: Frame) -> list[tuple[str, int]]:
        if frame["left"] <= 0:
            return []
        o = _step_op(ctx, frame)
        at_once = _hired_at_once(o)
        if at_once and not merc_areas(ctx, frame["c"]):
            return []
        imp = _impulse(ctx)
        out = []
        for pid in representatives(ctx, game_pool(ctx)):
            cost2 = _merc_cost2(ctx, pid, o.cost_per_strength) if at_once else 0
            if cost2 <= 0 or can_pay(imp, cost2):
                out.append((pid, cost2))
        return out

    def _take(self, ctx: Ctx, frame: Frame, actor: str, o: Any, params: dict[str, Any]) -> None:
        pid = params["piece"]
        ctx.move_piece(pid, f"merc:{actor}")
        ctx.log("aw.recruit.merc_picked", RULE, country=actor, card=frame["card"], piece=pid)
        if _hired_at_once(o):
            _hire_now(ctx, frame, pid, o)


# --- convert_mercenaries (6.11.j: Elam's home card) ------------------------------------------------------------
def _match(ctx: Ctx, c: str, merc: str) -> tuple[str, bool] | None:
    """The regular of the player's force pool of the mercenary's type and present strength: a counter whose
    front shows that strength (placed full), else one whose reduced side shows it (placed reduced)."""
    kind, value = unit_type(ctx, merc), strength(ctx, merc)
    pool = [p for p in ctx.pieces_at("pool") if ctx.piece(p)["nation"] == c and ctx.piece(p)["kind"] == "unit"
            and is_regular(ctx, p) and unit_type(ctx, p) == kind]
    for p in sorted(pool):
        if int(spec(ctx, p).front) == value:
            return p, False
    for p in sorted(pool):
        if int(spec(ctx, p).reduced) == value:
            return p, True
    return None


def convertible(ctx: Ctx, c: str) -> list[tuple[str, str, bool]]:
    """(mercenary, regular, reduced) for every (orange) mercenary hired by `c` on the map that has a match."""
    out = []
    for pid, p in sorted(ctx.s["pieces"].items()):
        if p["kind"] != "merc" or p.get("hired") != c or p["loc"] not in ctx.c.areas:
            continue
        found = _match(ctx, c, pid)
        if found is not None:
            out.append((pid, *found))
    return out


def check_convert(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    if not convertible(ctx, frame["c"]):
        return "no mercenary hired on the map has a regular unit of its type and strength in the force pool (6.11.j)"
    if not _affordable(_budget(ctx, frame), math.ceil(2 * o.cost_per_unit)):
        return "not enough APs to convert a mercenary (6.11.j)"
    return None


@op("convert_mercenaries", check_convert)
def convert_mercenaries(ctx: Ctx, frame: Frame, o: Any) -> None:
    _push_step(ctx, "recruit_convert", frame, o, left=o.max_units)


@FLOW.register
class RecruitConvert(_PickUpTo):
    """6.11.j: the player picks the next mercenary to take into royal service (or stops)."""

    kind = "recruit_convert"
    rule = RULE

    prefix = "convert"
    act_key = "aw.act.recruit.convert"
    prompt_key = "aw.prompt.recruit.convert"

    def _rows(self, ctx: Ctx, frame: Frame) -> list[tuple[str, dict[str, Any]]]:
        cost2 = math.ceil(2 * _step_op(ctx, frame).cost_per_unit)
        if frame["left"] <= 0 or (cost2 > 0 and not can_pay(_impulse(ctx), cost2)):
            return []
        return [(merc, {"merc": merc, "unit": unit, "reduced": red, "area": ctx.piece(merc)["loc"]})
                for merc, unit, red in convertible(ctx, frame["c"])]

    def _take(self, ctx: Ctx, frame: Frame, actor: str, o: Any, params: dict[str, Any]) -> None:
        cost2 = math.ceil(2 * o.cost_per_unit)
        if cost2 > 0:
            pay(ctx, _impulse(ctx), cost2, RULE, "conversion", card=frame["card"])
        convert(ctx, actor, params["merc"], frame["card"])


def convert(ctx: Ctx, c: str, merc: str, card: int) -> None:
    """Replace `merc` by the matching regular of `c`'s force pool, in its place, army and city (6.11.j); the
    mercenary goes back to the game pool (5.1). 9.5: where it happened is told to `c` only."""
    found = _match(ctx, c, merc)
    assert found is not None
    unit, red = found
    m = ctx.piece(merc)
    loc, city, army = m["loc"], m["city"], m.get("army")
    disband(ctx, merc)
    u = ctx.piece(unit)
    u.update(red=red, city=city, army=None, hired=None)
    ctx.move_piece(unit, loc)
    if army is not None and can_join_army(ctx, army, unit):
        u["army"] = army
    tidy(ctx, loc, c)
    log_fogged(ctx, "aw.recruit.merc_converted", RULE, [unit], public="aw.recruit.merc_converted_public",
               public_params={"country": c, "merc": merc, "unit": unit, "card": card},
               country=c, merc=merc, unit=unit, area=loc, card=card)


# --- build_ships (6.1, 6.16.a, 6.11.j) --------------------------------------------------------------------
def ship_zones(ctx: Ctx, c: str, o: Any) -> list[str]:
    """The sea zones the card names (or those of a friendly / own home port), those without enemy ships
    first: a zone with enemy ships only when no other is open (6.16.a)."""
    if o.where == "zone_of_own_home_port":
        return build_zones(ctx, c)
    if o.where == "zone_of_friendly_port":
        zones = [z for z in sorted(ctx.c.sea_zones) if has_friendly_port(ctx, z, c)]
    else:
        zones = list(o.where)
    clear = [z for z in zones if not enemy_ships_in(ctx, z, c)]
    return clear or zones


def _ships(ctx: Ctx, c: str, number: int) -> list[str]:
    return pool_ships(ctx, c) + [p for p in _incoming(ctx, number, c) if ctx.piece(p)["kind"] == "ship"]


def check_ships(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    c = frame["c"]
    if not _ships(ctx, c, frame["card"]):
        return "no ship of the country is in its force pool (6.1)"
    if not ship_zones(ctx, c, o):
        return "no sea zone the card names can take a ship (6.16.a)"
    if not _affordable(_budget(ctx, frame), math.ceil(2 * o.cost_per_ship)):
        return "not enough APs to build a ship at the card's price (6.11.j)"
    return None


@op("build_ships", check_ships)
def build_ships(ctx: Ctx, frame: Frame, o: Any) -> None:
    _push_step(ctx, "recruit_ships", frame, o, left=o.max_ships)


@FLOW.register
class RecruitShips(_PickUpTo):
    """6.11.j: the player places the card's next ship in one of its sea zones (or stops)."""

    kind = "recruit_ships"
    rule = RULE

    prefix = "zone"
    act_key = "aw.act.recruit.ship"
    prompt_key = "aw.prompt.recruit.ship"

    def _rows(self, ctx: Ctx, frame: Frame) -> list[tuple[str, dict[str, Any]]]:
        o = _step_op(ctx, frame)
        cost2 = math.ceil(2 * o.cost_per_ship)
        ships = pool_ships(ctx, frame["c"])
        if frame["left"] <= 0 or not ships or (cost2 > 0 and not can_pay(_impulse(ctx), cost2)):
            return []
        return [(z, {"zone": z, "ship": ships[0]}) for z in ship_zones(ctx, frame["c"], o)]

    def _take(self, ctx: Ctx, frame: Frame, actor: str, o: Any, params: dict[str, Any]) -> None:
        ship = pool_ships(ctx, actor)[0]
        cost2 = math.ceil(2 * o.cost_per_ship)
        if cost2 > 0:
            pay(ctx, _impulse(ctx), cost2, RULE, "ship", piece=ship)
        ctx.piece(ship)["red"] = False
        place_ship(ctx, actor, ship, params["zone"], RULE, "aw.recruit.ship_placed")
