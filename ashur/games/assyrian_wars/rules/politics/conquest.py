"""Conquest (6.13, 7.1 A and C, 10.4.c, 10.4.d): when a country is conquered, and the conquest check.

* A minor city is conquered when its city is taken (7.1).
* A country is conquered outright when all its square home areas, home cities included, are enemy
  controlled; provinces other countries hold need not be taken (10.4.c). The Mede only when 7 Mede home
  cities, the capital among them, are enemy controlled at the same time. Nomads are never conquered
  (see nomads.py for their defeat). Outright conquests during a turn are found at the end of the impulse
  in which the last area fell (see docs/rules-decisions.md), and in the Interphase.
* Conquest check (7.1 A): against a minor the invader needs one square home area; against Assyria
  Nineveh and 5 other home cities; against another power 5 home cities or the capital and 3 others;
  never against the Mede. Roll a die (+6 against Assyria, +2 against another power): at most the number
  of home cities the invaders hold, the capital counting 2, conquers. Once per country in a game turn
  (6.13), again in the Interphase.
* Joint or disputed control (7.1 C): the invaders' areas count together; the power holding the most
  square home areas, then the one with the largest force in the country (allied minors included), then
  the first in impulse-track order decides which invading power is the conqueror (``conqueror_choice``,
  itself first). Only a power conquers; a minor's or nomad's areas count for the power it is allied to.
* 10.4.d: in the Interphase the checks are offered in impulse-track order from the country after the
  one that played the last card; a country conquered first cannot conquer in return.
"""

from __future__ import annotations

from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.asking import ask, register_question
from ashur.games.assyrian_wars.rules.base.control_areas import held_by
from ashur.games.assyrian_wars.rules.politics import relations
from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS, MenuEntry

Frame = dict[str, Any]
ASSYRIA = "assyria"
MEDE = "mede"
MEDE_CITIES = 7
#: 7.1 A: modifiers of the conquest check
CHECK_MODIFIER = {"assyria": 6, "power": 2, "minor": 0}


_SQUARES: dict[int, tuple[Any, dict[str, list[str]]]] = {}


def _squares(ctx: Ctx, target: str) -> list[str]:
    """The square home areas of `target` outside the Far East, sorted (one table per content)."""
    entry = _SQUARES.get(id(ctx.c))
    if entry is None or entry[0] is not ctx.c:
        entry = _SQUARES[id(ctx.c)] = (ctx.c, {})
    found = entry[1].get(target)
    if found is None:
        areas = ctx.c.areas
        found = entry[1][target] = sorted(aid for aid in ctx.c.home_areas(target)
                                          if areas[aid].is_square and areas[aid].kind != "far_east")
    return found


def square_areas(ctx: Ctx, target: str) -> list[str]:
    """The square home areas that must be held (10.4.c: other conquerors' provinces excepted)."""
    out = []
    state = ctx.s["areas"]
    for aid in _squares(ctx, target):
        province = state[aid].get("province")
        if province is not None and province != target and held_by(ctx, aid) == province:
            continue
        out.append(aid)
    return out


def enemy_held(ctx: Ctx, target: str, aid: str) -> bool:
    h = held_by(ctx, aid)
    return h is not None and h != target and ctx.at_war(h, target)


def is_power_like(ctx: Ctx, cid: str) -> bool:
    return (ctx.is_power(cid) or cid in ctx.s.get("substitutes", {})) and not ctx.s.get("eliminated", {}).get(cid)


def invaders(ctx: Ctx, target: str) -> dict[str, list[str]]:
    """Powers (with the areas of their allied minors and nomads) holding square home areas of `target`."""
    out: dict[str, list[str]] = {}
    for aid in square_areas(ctx, target):
        holder = held_by(ctx, aid)
        if holder is None or holder == target or not ctx.at_war(holder, target):  # enemy_held
            continue
        p = relations.principal(ctx, holder)
        if is_power_like(ctx, p) and p != target:
            out.setdefault(p, []).append(aid)
    return out


def fully_occupied(ctx: Ctx, target: str) -> bool:
    """7.1: all square home areas enemy controlled (the Mede: 7 home cities with the capital)."""
    if target == MEDE:
        cities = [a for a in ctx.c.home_cities(MEDE) if enemy_held(ctx, MEDE, a)]
        return ctx.c.capital(MEDE) in cities and len(cities) >= MEDE_CITIES
    areas = square_areas(ctx, target)
    return bool(areas) and all(enemy_held(ctx, target, a) for a in areas)


def city_points(ctx: Ctx, areas: list[str]) -> int:
    """7.1 A: home cities held, the capital counting 2."""
    total = 0
    for aid in areas:
        city = ctx.c.areas[aid].city
        if city is not None:
            total += 2 if city.capital else 1
    return total


def force_in(ctx: Ctx, power: str, target: str) -> int:
    """7.1 C: land units of a power and its allied minors in the target's home areas."""
    n = 0
    for aid in ctx.c.home_areas(target):
        for pid in ctx.pieces_at(aid):
            if ctx.piece(pid)["kind"] in ("unit", "merc") and relations.principal(ctx, ctx.owner(pid)) == power:
                n += 1
    return n


def designated(ctx: Ctx, target: str, inv: dict[str, list[str]]) -> str | None:
    """7.1 C: the power with the most square home areas decides, then the largest force, then track order."""
    if not inv:
        return None
    order = ctx.track()
    return sorted(inv, key=lambda p: (-len(inv[p]), -force_in(ctx, p, target),
                                      order.index(p) if p in order else 99))[0]


def all_areas(inv: dict[str, list[str]]) -> list[str]:
    return sorted({a for areas in inv.values() for a in areas})


def check_conditions(ctx: Ctx, target: str, inv: dict[str, list[str]]) -> tuple[bool, str]:
    """7.1 A: may a conquest check be made against `target` with the areas the invaders hold?"""
    if ctx.is_nomad(target) or ctx.is_minor_city(target):
        return (False, "nomads and minor cities are not conquered by a check")
    if target == MEDE:
        return (False, "a conquest check can never be made against the Medes")
    areas = all_areas(inv)
    if ctx.is_minor(target):
        return (bool(areas), "the invader must hold a square home area")
    cities = [a for a in areas if ctx.c.areas[a].city is not None]
    capital = ctx.c.capital(target)
    others = [a for a in cities if a != capital]
    if target == ASSYRIA:
        return (capital in cities and len(others) >= 5, "Nineveh and 5 other home cities are needed")
    ok = len(cities) >= 5 or (capital in cities and len(others) >= 3)
    return (ok, "5 home cities, or the capital and 3 others, are needed")


def modifier(ctx: Ctx, target: str) -> int:
    if target == ASSYRIA:
        return CHECK_MODIFIER["assyria"]
    return CHECK_MODIFIER["power"] if ctx.is_power(target) else CHECK_MODIFIER["minor"]


def conquerors_for(ctx: Ctx, target: str, conqueror: str, inv: dict[str, list[str]]) -> list[str]:
    """7.1: allied powers conquering Assyria each get a province and a share of the VPs."""
    if target != ASSYRIA:
        return [conqueror]
    return [p for p in ctx.track() if p in inv and (p == conqueror or ctx.allied(p, conqueror))]


def conquest_check(ctx: Ctx, conqueror: str, target: str, rule: str = "7.1") -> bool:
    """7.1 A: roll the conquest check of `conqueror` against `target`; conquer on success."""
    from ashur.games.assyrian_wars.rules.politics.conquest_effects import conquer

    inv = invaders(ctx, target)
    points = city_points(ctx, all_areas(inv))
    mod = modifier(ctx, target)
    ctx.s.setdefault("conquest_tried", {})[target] = ctx.turn
    roll = ctx.die(rule=rule, why="aw.why.conquest_check", country=conqueror, target=target, modifier=mod,
                   cities=points)
    success = roll + mod <= points
    ctx.log("aw.conquest_check", rule, country=conqueror, target=target, roll=roll, modifier=mod, cities=points,
            success=success)
    if success:
        conquer(ctx, target, conquerors_for(ctx, target, conqueror, inv), rule)
    return success


def already_conquered_by(ctx: Ctx, target: str, power: str) -> bool:
    return any(e["by"] == power for e in ctx.s["conquered"].get(target, []))


def candidates(ctx: Ctx) -> list[str]:
    """Countries that can be conquered: minors and powers in play, not eliminated."""
    return [c for c in ctx.track() if ctx.kind(c) in ("minor", "power") and not ctx.s.get("eliminated", {}).get(c)]


def evaluate_automatic(ctx: Ctx, rule: str) -> None:
    """7.1: conquests without a roll — a minor city taken; all square home areas enemy controlled."""
    from ashur.games.assyrian_wars.rules.politics.conquest_effects import city_taken, conquer

    for city in sorted(ctx.s["countries"]):
        if ctx.is_minor_city(city):
            city_taken(ctx, city, rule)
    for target in candidates(ctx):
        if not fully_occupied(ctx, target):
            continue
        inv = invaders(ctx, target)
        conqueror = designated(ctx, target, inv)
        if conqueror is None or already_conquered_by(ctx, target, conqueror):
            continue
        if len(conqueror_options(ctx, target, conqueror, inv)) > 1:
            if not any(f["step"] == "conqueror_choice" and f["target"] == target for f in ctx.s["stack"]):
                flow.push(ctx.s, "conqueror_choice", decider=conqueror, target=target, mode="outright", rule=rule)
            continue
        ctx.log("aw.conquered_outright", rule, target=target, conqueror=conqueror)
        conquer(ctx, target, conquerors_for(ctx, target, conqueror, inv), rule)


def conqueror_options(ctx: Ctx, target: str, decider: str, inv: dict[str, list[str]]) -> list[str]:
    """7.1 C: the invading powers the deciding power may name conqueror, itself first (the default), then the
    others in impulse-track order; only itself without ``player_choices``."""
    from ashur.games.assyrian_wars.rules.base.players import asks_players

    if not asks_players(ctx):
        return [decider]
    others = [p for p in ctx.track() if p in inv and p != decider and not already_conquered_by(ctx, target, p)]
    return [decider, *others]


@FLOW.register
class ConquerorChoice(Step[Ctx]):
    """7.1 C: several powers invade a country; the power holding the most square home areas (then the
    largest force) decides who of them is the conqueror: the one who conquers outright (``outright``) or
    makes the conquest check (``check``; ``optional`` in the Interphase, where no check is also offered).
    All invaders' areas count."""

    kind = "conqueror_choice"
    rule = "7.1"

    def _options(self, ctx: Ctx, frame: Frame) -> list[str]:
        inv = invaders(ctx, frame["target"])
        if frame["decider"] not in inv:
            return []
        return conqueror_options(ctx, frame["target"], frame["decider"], inv)

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        from ashur.games.assyrian_wars.rules.base.players import role_of

        if self._options(ctx, frame) and role_of(ctx, frame["decider"]) is not None:
            return [frame["decider"]]
        return []

    def run(self, ctx: Ctx, frame: Frame) -> None:
        opts = self._options(ctx, frame)
        flow.pop(ctx.s)
        if opts:
            self._carry_out(ctx, frame, opts[0])

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        acts = [action(f"conqueror:{p}", "aw.act.conqueror", "7.1", target=frame["target"], power=p,
                       check=frame["mode"] != "outright") for p in self._options(ctx, frame)]
        if frame["mode"] == "optional":
            acts.append(action("conqueror:none", "aw.act.ask.conquest_check.skip", "7.1", target=frame["target"]))
        return acts

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        key = "aw.prompt.conqueror_outright" if frame["mode"] == "outright" else "aw.prompt.conqueror_check"
        return {"key": key, "params": {"country": actor, "target": frame["target"]}}

    def explain(self, ctx: Ctx, frame: Frame, actor: str, action_id: str) -> tuple[str, str]:
        return ("the conqueror is one of the invading powers", "7.1")

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        flow.pop(ctx.s)
        if act["id"] == "conqueror:none":
            return
        self._carry_out(ctx, frame, act["params"]["power"])

    def _carry_out(self, ctx: Ctx, frame: Frame, power: str) -> None:
        from ashur.games.assyrian_wars.rules.politics.conquest_effects import conquer

        target, rule = frame["target"], frame["rule"]
        inv = invaders(ctx, target)
        if power != frame["decider"]:
            ctx.log("aw.conqueror_named", "7.1", country=frame["decider"], target=target, power=power)
        if frame["mode"] != "outright":
            conquest_check(ctx, power, target, rule)
            return
        if not fully_occupied(ctx, target) or already_conquered_by(ctx, target, power):
            return
        ctx.log("aw.conquered_outright", rule, target=target, conqueror=power)
        conquer(ctx, target, conquerors_for(ctx, target, power, inv), rule)


def _impulse_end(ctx: Ctx, impulse: Frame) -> None:
    evaluate_automatic(ctx, "7.1")


HOOKS.add_impulse_end(30, "conquest", _impulse_end)


def check_refusal(ctx: Ctx, power: str, target: str) -> tuple[str, str] | None:
    """Why `power` may not make a conquest check on `target` in its impulse now (6.13, 7.1)."""
    if target not in ctx.s["countries"] or ctx.kind(target) not in ("minor", "power"):
        return ("only minors and powers are conquered by a check", "7.1")
    if ctx.s.get("conquest_tried", {}).get(target) == ctx.turn:
        return (f"a conquest of {target} was already attempted this turn", "6.13")
    inv = invaders(ctx, target)
    if power not in inv:
        return (f"{power} holds no square home area of {target}", "7.1")
    ok, reason = check_conditions(ctx, target, inv)
    if not ok:
        return (reason, "7.1")
    if designated(ctx, target, inv) != power:
        return ("another invader holds more of the country and decides who conquers", "7.1")
    if already_conquered_by(ctx, target, power):
        return (f"{target} is already conquered by {power}", "7.1")
    return None


def _offer(ctx: Ctx, impulse: Frame) -> list[Action]:
    c = impulse["c"]
    if not is_power_like(ctx, c):
        return []
    return [action(f"conquest:{t}", "aw.act.conquest_check", "6.13", target=t,
                   cities=city_points(ctx, all_areas(invaders(ctx, t))), modifier=modifier(ctx, t))
            for t in candidates(ctx) if t != c and _may_invade(ctx, c, t) and check_refusal(ctx, c, t) is None]


def _may_invade(ctx: Ctx, power: str, target: str) -> bool:
    """A necessary condition of `power` in :func:`invaders` of `target` (the menu's cheap first test): it or
    a country it is the principal of holds a square home area of `target`."""
    state = ctx.s["areas"]
    areas = ctx.c.areas
    for aid in _squares(ctx, target):
        st = state[aid]  # held_by, inlined (the menu asks for every square of every candidate)
        if st.get("revolt"):
            continue
        holder = (st.get("city_ctrl") or st["ctrl"]) if areas[aid].city is not None else st["ctrl"]
        if holder is not None and holder != target and relations.principal(ctx, holder) == power:
            return True
    return False


def _apply(ctx: Ctx, impulse: Frame, act: Action) -> None:
    c, target = impulse["c"], act["params"]["target"]
    if len(conqueror_options(ctx, target, c, invaders(ctx, target))) > 1:
        flow.push(ctx.s, "conqueror_choice", decider=c, target=target, mode="check", rule="6.13")
        return
    conquest_check(ctx, c, target, "6.13")


def _explain(ctx: Ctx, impulse: Frame, action_id: str) -> tuple[str, str] | None:
    target = action_id.split(":", 1)[1] if ":" in action_id else ""
    return check_refusal(ctx, impulse["c"], target)


HOOKS.add_menu(MenuEntry("conquest", _offer, _apply, _explain, order=90))


# --- the Interphase (7.1) -----------------------------------------------------------------------------
def interphase(ctx: Ctx) -> None:
    """7.1 in the Interphase: grace periods run out, conquests without a roll, then the conquest checks
    (10.4.d order) and the offers of surrender."""
    from ashur.games.assyrian_wars.rules.politics.grace import end_expired

    end_expired(ctx)
    flow.push(ctx.s, "conquest_phase", stage="checks", asked=[])
    evaluate_automatic(ctx, "7.1")  # a choice of conqueror (7.1 C) it asks for comes before the checks


def check_order(ctx: Ctx) -> list[str]:
    """10.4.d: impulse-track order from the country after the one that played the last card."""
    from ashur.games.assyrian_wars.rules.course.impulse import track_after_last_card

    return track_after_last_card(ctx)


@FLOW.register
class ConquestPhase(Step[Ctx]):
    """7.1 in the Interphase: each possible conquest check is offered once to the deciding invader."""

    kind = "conquest_phase"
    rule = "7.1"

    def _next_check(self, ctx: Ctx, frame: Frame) -> tuple[str, str] | None:
        order = check_order(ctx)
        found = []
        for target in candidates(ctx):
            inv = invaders(ctx, target)
            conqueror = designated(ctx, target, inv)
            if conqueror is None or f"{conqueror}|{target}" in frame["asked"]:
                continue
            if already_conquered_by(ctx, target, conqueror) or not check_conditions(ctx, target, inv)[0]:
                continue
            found.append((order.index(conqueror) if conqueror in order else 99, conqueror, target))
        return (found and sorted(found)[0][1:]) or None  # type: ignore[return-value]

    def run(self, ctx: Ctx, frame: Frame) -> None:
        from ashur.games.assyrian_wars.rules.politics.surrender import eligible

        if frame["stage"] == "checks":
            nxt = self._next_check(ctx, frame)
            if nxt is None:
                frame["stage"] = "surrender"
                return
            conqueror, target = nxt
            frame["asked"].append(f"{conqueror}|{target}")
            if len(conqueror_options(ctx, target, conqueror, invaders(ctx, target))) > 1:
                flow.push(ctx.s, "conqueror_choice", decider=conqueror, target=target, mode="optional", rule="7.1")
                return
            ask(ctx, "conquest_check", conqueror, rule="7.1", target=target)
            return
        if frame["stage"] == "surrender":
            for cid in candidates(ctx):
                if f"surrender|{cid}" not in frame["asked"] and eligible(ctx, cid)[0]:
                    frame["asked"].append(f"surrender|{cid}")
                    ask(ctx, "surrender_offer", cid, rule="7.1", target=cid)
                    return
            frame["stage"] = "done"
            return
        flow.pop(ctx.s)


def _answer_check(ctx: Ctx, data: dict[str, Any], choice: str, who: str) -> None:
    if choice == "roll":
        conquest_check(ctx, who, data["target"], "7.1")


register_question("conquest_check", ("roll", "skip"), _answer_check, default="roll")
HOOKS.set_interphase("7.1 conquest", 10, interphase)
