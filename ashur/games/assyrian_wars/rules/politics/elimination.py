"""Elimination (7.1 "Elimination", an option) and substitute countries.

* A power is eliminated when it holds 2 cities or fewer and neither is its capital; only a power
  conquered before (a surrender does not count) — any power in the last turn. Urartu is the only minor
  that can be eliminated; the Cimmerians or Scythians eliminate it without conquering it first.
* Elimination scores twice the VPs of a conquest (to the power holding the capital, see
  docs/rules-decisions.md). Every force and marker of the eliminated country leaves the game (not its
  VPs); its home areas yield no income any more (the conquerors' provinces excepted) and lose their
  pillage, damage and ECO markers; it neither trades nor pays tribute; it crowns no king (10.3).
* Its player stays in the game with substitute countries, treated as powers: the first eliminated power
  plays the Scythians, the second the Cimmerians and a minor of its choice, the third and fourth two
  minors of their choice. Their VPs count for the player. The home cards of the eliminated power stay in
  play with its first substitute. The Mede can come back with "Gathering the Tribes"
  (:func:`resurrect_mede`): then its player keeps both the Mede and its substitutes.
"""

from __future__ import annotations

from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.units import is_mercenary
from ashur.games.assyrian_wars.rules.politics import relations
from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS

Frame = dict[str, Any]
URARTU = "urartu"
MEDE = "mede"


def enabled(ctx: Ctx) -> bool:
    return bool(ctx.s["options"].get("elimination"))


def eliminated(ctx: Ctx, cid: str) -> bool:
    return bool(ctx.s.get("eliminated", {}).get(cid))


def friendly_cities(ctx: Ctx, cid: str) -> list[str]:
    """Cities the country controls (home, associated, provinces), 7.1."""
    from ashur.games.assyrian_wars.rules.base.control_areas import held_by

    return [a for a, area in sorted(ctx.c.areas.items()) if area.city is not None and held_by(ctx, a) == cid]


def reduced(ctx: Ctx, cid: str) -> bool:
    cities = friendly_cities(ctx, cid)
    return len(cities) <= 2 and ctx.c.capital(cid) not in cities


def eliminator(ctx: Ctx, cid: str) -> str | None:
    from ashur.games.assyrian_wars.rules.base.control_areas import held_by

    capital = ctx.c.capital(cid)
    holder = held_by(ctx, capital) if capital else None
    return relations.principal(ctx, holder) if holder else None


def check_elimination(ctx: Ctx) -> None:
    """Eliminate every power (and Urartu) that meets the conditions now."""
    if not enabled(ctx) or ctx.s.get("ended"):
        return
    last = ctx.turn >= ctx.s["last_turn"]
    for p in ctx.powers():
        if eliminated(ctx, p) or not reduced(ctx, p):
            continue
        if last or ctx.country(p).get("conquered_by_conquest"):
            eliminate(ctx, p, eliminator(ctx, p), "7.1")
    if URARTU in ctx.s["countries"] and not eliminated(ctx, URARTU) and reduced(ctx, URARTU):
        by = eliminator(ctx, URARTU)
        nomad = by is not None and ctx.is_nomad(by)
        if nomad or last or ctx.country(URARTU).get("conquered_by_conquest") \
                or any(e for e in ctx.s["conquered"].get(URARTU, [])):
            eliminate(ctx, URARTU, by, "7.1")


def _impulse_end(ctx: Ctx, impulse: Frame) -> None:
    check_elimination(ctx)


HOOKS.add_impulse_end(40, "elimination", _impulse_end)


def eliminate(ctx: Ctx, cid: str, by: str | None, rule: str) -> None:
    from ashur.games.assyrian_wars.rules.politics.camps import leave_camp
    from ashur.games.assyrian_wars.rules.politics.grace import end_conquest
    from ashur.games.assyrian_wars.rules.politics.markers import RELATION_VP, end_pact, set_marker

    with relations.change(ctx, rule):
        ctx.s.setdefault("eliminated", {})[cid] = True
        ctx.log("aw.eliminated_country", rule, country=cid, by=by)
        if by is not None and (ctx.is_power(by) or by in ctx.s.get("substitutes", {})):
            vp = 24 if cid == "assyria" else 2 * RELATION_VP.get(ctx.kind(cid), 0)
            ctx.award_vp(by, vp, "8.3", "aw.why.elimination", target=cid)
        for pid, p in sorted(ctx.s["pieces"].items()):
            if ctx.owner(pid) != cid and p["nation"] != cid and p["loc"] != f"merc:{cid}":
                continue
            p = ctx.piece(pid)
            if is_mercenary(ctx, pid):  # orange and nomad mercenaries (10.1) go to the game pool
                p["hired"] = None
                ctx.move_piece(pid, "gamepool")
            elif p["loc"] != "dead":
                ctx.move_piece(pid, "dead")
            p["army"] = None
            p["city"] = False
        if cid in ctx.s["trade"]:
            ctx.s["trade"][cid] = {"box": 0, "out": 0}
        ctx.s["tribute"] = [t for t in ctx.s["tribute"] if cid not in (t["payer"], t["to"])]
        for aid in ctx.c.home_areas(cid):
            st = ctx.area(aid)
            if st.get("province"):
                continue
            st.update(pillage=0, damage=0, eco_plus=0, eco_minus=0)
        for subject in sorted(ctx.s["diplo"]):
            d = ctx.s["diplo"][subject]
            if d.get("power") == cid:
                if ctx.is_minor_city(subject):
                    end_pact(ctx, subject, rule)
                else:
                    set_marker(ctx, subject, None, 0, rule)
        for target in sorted(ctx.s["conquered"]):
            end_conquest(ctx, target, cid, rule)
        if ctx.is_power(cid):
            leave_camp(ctx, cid, rule)
        relations.end_all_wars(ctx, cid)
        co = ctx.country(cid)
        co["active"] = False
        discarded = [n for n in co["hand"] if not ctx.is_home_card(n)]
        for number in discarded:
            co["hand"].remove(number)
            ctx.s["discard"].append(number)
        if discarded:
            ctx.reveal()
            ctx.log("aw.cards_discarded", rule, country=cid, cards=discarded)
        co["saved"] = 0
        co["borrowed"] = 0
    if ctx.is_power(cid):
        n = sum(1 for p in ctx.powers() if eliminated(ctx, p))
        flow.push(ctx.s, "substitute", power=cid, nth=n, picks=[])


def assign_substitute(ctx: Ctx, sub: str, power: str, rule: str = "7.1") -> None:
    """The eliminated power's player plays `sub` from now on, as a power."""
    from ashur.games.assyrian_wars.rules.politics import minors

    ctx.s.setdefault("substitutes", {})[sub] = power
    for table in ("control", "control_mode", "control_camp"):
        ctx.s.get(table, {}).pop(sub, None)
    ctx.log("aw.substitute", rule, country=sub, power=power)
    if ctx.is_nomad(sub):
        if not any(p["nation"] == sub and ctx.on_map(p["loc"]) for p in ctx.s["pieces"].values()):
            from ashur.games.assyrian_wars.rules.politics.nomads import bring_back

            bring_back(ctx, sub, rule, fresh=True)
        ctx.country(sub)["active"] = True
    elif ctx.is_minor(sub):
        minors.activate(ctx, sub, rule)
    give_home_cards(ctx)


def give_home_cards(ctx: Ctx) -> None:
    """The home cards of an eliminated power stay in play for its (first) substitute country."""
    for sub, power in sorted(ctx.s.get("substitutes", {}).items()):
        first = next(s for s, p in sorted(ctx.s["substitutes"].items()) if p == power)
        if sub != first or not eliminated(ctx, power):
            continue
        for number in list(ctx.hand(power)):
            if ctx.card(number).owner == power:
                ctx.hand(power).remove(number)
                ctx.hand(sub).append(number)


HOOKS.add_turn_start(20, "substitute_home_cards", give_home_cards)


def minor_choices(ctx: Ctx) -> list[str]:
    taken = set(ctx.s.get("substitutes", {}))
    return [m for m in ctx.track() if ctx.is_minor(m) and m not in taken and not eliminated(ctx, m)
            and ctx.ally_power(m) is None]


@FLOW.register
class Substitute(Step[Ctx]):
    """7.1: the substitute countries of an eliminated power (1st: Scythians; 2nd: Cimmerians and a minor
    of its choice; 3rd and 4th: two minors of its choice)."""

    kind = "substitute"
    rule = "7.1"

    def _needed(self, ctx: Ctx, frame: Frame) -> int:
        return {1: 0, 2: 1}.get(frame["nth"], 2)

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        if frame.get("fixed_done") and len(frame["picks"]) < self._needed(ctx, frame) and minor_choices(ctx):
            return [frame["power"]]
        return []

    def run(self, ctx: Ctx, frame: Frame) -> None:
        if not frame.get("fixed_done"):
            frame["fixed_done"] = True
            fixed = {1: "scythians", 2: "cimmerians"}.get(frame["nth"])
            if fixed is not None and fixed in ctx.s["countries"] and fixed not in ctx.s.get("substitutes", {}):
                assign_substitute(ctx, fixed, frame["power"])
            return
        flow.pop(ctx.s)

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        return [action(f"substitute:{m}", "aw.act.substitute", "7.1", minor=m) for m in minor_choices(ctx)]

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.substitute", "params": {"country": actor}}

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        frame["picks"].append(act["params"]["minor"])
        assign_substitute(ctx, act["params"]["minor"], frame["power"])


RESURRECTION_UNITS = 4


def resurrection_units(ctx: Ctx) -> list[str]:
    """The Mede's regular units that can come back (force pool or eliminated), 7.1."""
    return [pid for pid, p in sorted(ctx.s["pieces"].items())
            if p["nation"] == MEDE and p["kind"] == "unit" and p["loc"] in ("pool", "dead")]


def resurrection_areas(ctx: Ctx) -> list[str]:
    """Mede home areas where the returning units may stand: no province of another country and no other
    country's pieces there (7.1, decision)."""
    out = []
    for aid in sorted(ctx.c.home_areas(MEDE)):
        st = ctx.area(aid)
        if st.get("province") not in (None, MEDE) or st["ctrl"] not in (None, MEDE):
            continue
        if any(ctx.owner(pid) != MEDE for pid in ctx.pieces_at(aid)):
            continue
        out.append(aid)
    return out


def revive_mede(ctx: Ctx, rule: str = "7.1") -> bool:
    """7.1: "Gathering the Tribes" brings an eliminated Mede back into play (its units are placed with
    :func:`place_resurrected`); no more ECO +1 markers go to the Far East afterwards (6.8.4). Its player
    keeps its substitute countries as well; the Mede's home cards go back to the Mede. Returns False when
    the Mede is not eliminated."""
    if not eliminated(ctx, MEDE):
        return False
    with relations.change(ctx, rule):
        ctx.s["eliminated"].pop(MEDE)
        ctx.s["mede_resurrected"] = True
        ctx.country(MEDE)["active"] = True
        for aid in ctx.c.home_areas(MEDE):
            if ctx.area(aid).get("province") is None and ctx.area(aid)["ctrl"] is None:
                ctx.area(aid)["ctrl"] = MEDE
        for sub in sorted(ctx.s.get("substitutes", {})):
            hand = ctx.hand(sub)
            for number in [n for n in hand if ctx.card(n).owner == MEDE]:
                hand.remove(number)
                ctx.hand(MEDE).append(number)
        ctx.log("aw.mede_revived", rule)
    return True


def place_resurrected(ctx: Ctx, pid: str, area: str, rule: str = "7.1") -> None:
    """7.1: one of the Mede's four returning regular units enters a Mede home area at full strength."""
    p = ctx.piece(pid)
    ctx.move_piece(pid, area)
    p.update(red=False, city=False, army=None)
    ctx.log("aw.mede_unit_returns", rule, piece=pid, area=area)


def resurrect_mede(ctx: Ctx, areas: list[str], rule: str = "7.1") -> bool:
    """7.1: raise an eliminated Mede with four regular units in its home areas (the first units of its pool,
    spread over `areas`). Returns False when not possible."""
    homes = [a for a in areas if a in resurrection_areas(ctx)] or resurrection_areas(ctx)[:1]
    if not homes or not revive_mede(ctx, rule):
        return False
    units = resurrection_units(ctx)[:RESURRECTION_UNITS]
    for i, pid in enumerate(units):
        place_resurrected(ctx, pid, homes[i % len(homes)], rule)
    ctx.log("aw.mede_resurrected", rule, n=len(units))
    return True
