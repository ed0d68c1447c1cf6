"""Income in the Interphase (7.3): map income, trade, the new ECO level, cards and hand size.

The order within 7.3 follows the dependencies of the rules: the ECO level combines map and trade points
(7.3.3.e) and the deal depends on the new ECO level (7.3.2), so trade is counted before cards are dealt
(see docs/rules-decisions.md).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS

Frame = dict[str, Any]
PILLAGE_PER_ECO = 7
#: 7.3.3.e: an inactive minor gains 1 ECO level for a turn without activity, Phoenicia 3
INACTIVE_GAIN = {"phoenicia": 3}
#: 7.3.3: extra sources of trade points (sea trade plugs in here, 7.3.3.a)
TRADE_SOURCES: list[Callable[[Ctx], dict[str, Fraction]]] = []


def city_control(ctx: Ctx, aid: str) -> str | None:
    st = ctx.area(aid)
    return st.get("city_ctrl", st["ctrl"])


def counts_for(ctx: Ctx, cid: str, aid: str) -> bool:
    """7.3.1: a controlled city counts if it is in the country's own colour, an associated area, or a
    province of the country; minor cities and other countries' home cities do not."""
    area = ctx.c.areas[aid]
    st = ctx.area(aid)
    if area.kind == "minor_city":
        return False
    if st.get("province") == cid:
        return True
    return area.nation == cid or area.kind == "associated"


def contested(ctx: Ctx, aid: str) -> bool:
    """6.12: a city held by a country at war with the controller of the area around it."""
    st = ctx.area(aid)
    holder = city_control(ctx, aid)
    return holder is not None and st["ctrl"] is not None and holder != st["ctrl"] and ctx.at_war(holder, st["ctrl"])


def map_income(ctx: Ctx, cid: str) -> tuple[Fraction, int, dict[str, Any]]:
    """7.3.1: (city points, ECO points, details) of a country."""
    cities = Fraction(0)
    eco = Fraction(0)
    detail: dict[str, Any] = {"cities": [], "contested": [], "pillage": 0}
    for aid, area in ctx.c.areas.items():
        st = ctx.area(aid)
        if area.city is None:
            if area.kind == "associated" and st["ctrl"] == cid:
                cities += 1
                detail["cities"].append(aid)
            continue
        holder = city_control(ctx, aid)
        markers = st["eco_plus"] - st["eco_minus"]
        if contested(ctx, aid):
            if area.nation == cid:
                eco += Fraction(area.city.eco + markers, 2)
                detail["contested"].append(aid)
            continue
        if holder != cid or not counts_for(ctx, cid, aid):
            continue
        cities += 2 if area.city.capital else 1
        eco += area.city.eco + markers
        detail["cities"].append(aid)
    far_east = ctx.s.get("far_east_eco", 0) if cid == "mede" else 0
    eco += far_east
    pillage = sum(ctx.area(a)["pillage"] for a in ctx.c.home_areas(cid))
    detail["pillage"] = pillage
    return cities, math.floor(eco) - pillage // PILLAGE_PER_ECO, detail


def trade_points(ctx: Ctx) -> dict[str, Fraction]:
    """7.3.3: trade markers in the Trade Box (7.3.3.b), trade status with minors (7.3.3.c) and the other
    registered sources (sea trade, 7.3.3.a). Minors get no points from trade markers (7.3.3.e)."""
    points: dict[str, Fraction] = {cid: Fraction(0) for cid in ctx.s["countries"]}
    for power, t in ctx.s["trade"].items():
        if power in points and ctx.is_power(power):
            points[power] += t["box"]
    for minor, d in ctx.s["diplo"].items():
        if ctx.is_minor(minor) and d.get("power") in points and d["value"] >= 4 and ctx.is_power(d["power"]):
            points[d["power"]] += 1
    for source in TRADE_SOURCES:
        for cid, n in source(ctx).items():
            if cid in points:
                points[cid] += n
    return points


def new_eco_level(ctx: Ctx, cid: str, trade: Fraction) -> int:
    """7.3.3.e: city points and trade points divided by 3 (fractions combined, then dropped), plus ECO
    points; Persia fixed; a minor down to its capital rounds up to 1."""
    nation = ctx.c.nations[cid]
    if nation.fixed_eco is not None:
        return int(nation.fixed_eco)
    cities, eco, _ = map_income(ctx, cid)
    total = (cities + trade) / 3
    level = math.floor(total) + eco
    if ctx.is_minor(cid) and cities == 2 and math.floor(total) == 0:
        level = max(level, 1)
    return max(0, level)


def interphase_income(ctx: Ctx) -> None:
    """7.3.1, 7.3.3 and 7.3.3.e for every country in play."""
    s = ctx.s
    s["income_turn"] = ctx.turn
    trade = trade_points(ctx)
    s["trade_points"] = {cid: float(v) for cid, v in trade.items() if ctx.is_power(cid)}
    for cid in ctx.track():
        co = ctx.country(cid)
        if ctx.is_nomad(cid):
            continue
        old = co["eco"]
        if ctx.is_minor(cid) and not co["active"] and not co.get("was_active"):
            if any(ctx.area(a)["pillage"] or ctx.area(a)["damage"] for a in ctx.c.home_areas(cid)):
                repair_all(ctx, cid)
                ctx.log("aw.inactive_repair", "7.3.3.e", country=cid)
            else:
                co["eco"] = old + INACTIVE_GAIN.get(cid, 1)
                ctx.log("aw.inactive_growth", "7.3.3.e", country=cid, eco=co["eco"])
            continue
        cities, eco, detail = map_income(ctx, cid)
        co["eco"] = new_eco_level(ctx, cid, trade.get(cid, Fraction(0)))
        ctx.log("aw.income_level", "7.3.1", country=cid, cities=float(cities), eco_points=eco,
                trade=float(trade.get(cid, 0)), level=co["eco"], old=old, pillage=detail["pillage"])
    for city in ctx.c.minor_cities():
        repair_all(ctx, city)
    trade_ranking(ctx, trade)
    for cid in ctx.s["countries"]:
        ctx.country(cid)["was_active"] = ctx.s["countries"][cid]["active"]
    s["bankrupt"] = []


def repair_all(ctx: Ctx, cid: str) -> None:
    """7.3.1/7.3.3.e: automatic repair of city damage and pillage (minor cities, inactive minors)."""
    for aid in ctx.c.home_areas(cid):
        st = ctx.area(aid)
        st["pillage"] = 0
        if aid not in ctx.s["sieges"]:
            st["damage"] = 0


def trade_ranking(ctx: Ctx, trade: dict[str, Fraction]) -> None:
    """8.3: 3 VP for the most trade points, 1 VP for the second; a tie for first gives 2 VP each and no
    second place; a tie for second gives 1 VP each."""
    values = sorted({v for p, v in trade.items() if ctx.is_power(p) and v > 0}, reverse=True)
    if not values:
        return
    firsts = [p for p in ctx.powers() if trade.get(p, 0) == values[0]]
    if len(firsts) > 1:
        for p in firsts:
            ctx.award_vp(p, 2, "8.3", "aw.why.trade_tie")
        return
    ctx.award_vp(firsts[0], 3, "8.3", "aw.why.trade_tycoon")
    if len(values) > 1:
        for p in ctx.powers():
            if trade.get(p, 0) == values[1]:
                ctx.award_vp(p, 1, "8.3", "aw.why.trade_second")


# --- 7.3.2 cards -----------------------------------------------------------------------------------
def deal_order(ctx: Ctx) -> list[str]:
    """7.3.2: impulse-track order starting after the country that played the last card."""
    from ashur.games.assyrian_wars.rules.course.impulse import track_after_last_card

    return track_after_last_card(ctx)


def receives_cards(ctx: Ctx, cid: str) -> bool:
    return ctx.active(cid) and not ctx.is_nomad(cid) and ctx.c.nations[cid].hand is not None


def interphase_cards(ctx: Ctx) -> None:
    """7.3.2: deal ECO − 1 cards, then mulligans, minimum and maximum hand size."""
    order = [c for c in deal_order(ctx) if receives_cards(ctx, c)]
    for cid in order:
        co = ctx.country(cid)
        before = set(ctx.hand(cid))
        co["new_cards"] = ctx.draw(cid, max(0, co["eco"] - 1), "7.3.2")
        co["mulligan"] = False
        assert before.isdisjoint(co["new_cards"])
    flow.push(ctx.s, "hand_size", order=order, i=0, stage="mulligan")


def hand_limits(ctx: Ctx, cid: str) -> tuple[int, int]:
    h = ctx.c.nations[cid].hand
    return int(h.min), int(h.max)


@FLOW.register
class HandSize(Step[Ctx]):
    """7.3.2: mulligan (in impulse-track order), minimum and maximum hand size, excess cards."""

    kind = "hand_size"
    rule = "7.3.2"

    def _current(self, frame: Frame) -> str | None:
        order = frame["order"]
        return order[frame["i"]] if frame["i"] < len(order) else None

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        cid = self._current(frame)
        if cid is None:
            return []
        if frame["stage"] == "mulligan" and self._may_mulligan(ctx, cid):
            return [cid]
        if frame["stage"] == "excess" and ctx.random_cards_in_hand(cid) > hand_limits(ctx, cid)[1]:
            return [cid]
        return []

    def _may_mulligan(self, ctx: Ctx, cid: str) -> bool:
        co = ctx.country(cid)
        above_minimum = ctx.random_cards_in_hand(cid) > hand_limits(ctx, cid)[0]
        return bool(co.get("new_cards")) and not co["mulligan"] and above_minimum

    def run(self, ctx: Ctx, frame: Frame) -> None:
        cid = self._current(frame)
        if cid is None:
            if frame["stage"] == "mulligan":
                frame["stage"] = "minimum"
                frame["i"] = 0
                return
            if frame["stage"] == "minimum":
                frame["stage"] = "excess"
                frame["i"] = 0
                return
            for c in frame["order"]:
                self._convert(ctx, c)
            flow.pop(ctx.s)
            return
        if frame["stage"] == "minimum":
            low = hand_limits(ctx, cid)[0]
            short = low - ctx.random_cards_in_hand(cid)
            if short > 0:
                ctx.draw(cid, short, "7.3.2")
                ctx.log("aw.hand_minimum", "7.3.2", country=cid, n=short)
        frame["i"] += 1

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        if frame["stage"] == "mulligan":
            n = len(ctx.country(actor)["new_cards"])
            return [action("keep", "aw.act.keep_hand", "7.3.2"),
                    action("mulligan", "aw.act.mulligan", "7.3.2", n=n, draw=max(0, n - 1))]
        acts = [action(f"discard:{n}", "aw.act.discard_excess", "7.3.2", card=n, name=ctx.card(n).name,
                       ap=ctx.card(n).ap)
                for n in sorted(set(ctx.hand(actor))) if not ctx.is_home_card(n)]
        excess = ctx.random_cards_in_hand(actor) - hand_limits(ctx, actor)[1]
        if excess > 1:
            # issue 14: the whole excess in one decision, first (the default), beside the card-by-card way
            acts.insert(0, action("discard:suggested", "aw.act.discard_suggested", "7.3.2", n=excess,
                                  cards=self._suggested(ctx, actor, excess)))
        return acts

    @staticmethod
    def _suggested(ctx: Ctx, actor: str, excess: int) -> list[int]:
        """The excess cards suggested for discarding: the fewest APs first (the stronger cards stay to be
        played), then the lower numbers."""
        cards = [n for n in ctx.hand(actor) if not ctx.is_home_card(n)]
        return sorted(cards, key=lambda n: (int(ctx.card(n).ap), n))[:excess]

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        if frame["stage"] == "mulligan":
            return {"key": "aw.prompt.mulligan", "params": {"country": actor}}
        _low, high = hand_limits(ctx, actor)
        return {"key": "aw.prompt.discard_excess",
                "params": {"country": actor, "max": high, "n": ctx.random_cards_in_hand(actor) - high}}

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        co = ctx.country(actor)
        if act["id"] == "keep":
            frame["i"] += 1
            return
        if act["id"] == "mulligan":
            new = list(co["new_cards"])
            for n in new:
                ctx.discard(actor, n)
            co["mulligan"] = True
            ctx.log("aw.mulligan", "7.3.2", country=actor, n=len(new), cards=new)
            co["new_cards"] = ctx.draw(actor, max(0, len(new) - 1), "7.3.2")
            frame["i"] += 1
            return
        for number in act["params"]["cards"] if act["id"] == "discard:suggested" else [act["params"]["card"]]:
            ctx.discard(actor, number)
            co["excess_ap"] = co.get("excess_ap", 0) + int(ctx.card(number).ap)
            ctx.log("aw.excess_discard", "7.3.2", country=actor, card=number, name=ctx.card(number).name)

    def _convert(self, ctx: Ctx, cid: str) -> None:
        """7.3.2: every 10 full AP discarded give 1 VP; of the rest, every 5 full AP one extra secret
        diplomacy action; a minor's go to its allied power; the remaining APs are lost."""
        co = ctx.country(cid)
        total = co.pop("excess_ap", 0)
        co.pop("new_cards", None)
        if not total:
            return
        vp, rest = divmod(total, 10)
        sd = rest // 5
        target = cid if ctx.is_power(cid) else ctx.ally_power(cid)
        if vp:
            ctx.award_vp(cid, vp, "7.3.2", "aw.why.excess_cards")
        if sd and target:
            ctx.country(target)["sd_extra"] = ctx.country(target).get("sd_extra", 0) + sd
            ctx.log("aw.sd_extra", "7.3.2", country=target, n=sd)


HOOKS.set_interphase("7.3.3.e eco level", 30, interphase_income)
HOOKS.set_interphase("7.3.2 cards", 40, interphase_cards)
