"""Raising forces: building units (6.1, 9.7 unit costs), hiring mercenaries (6.2), buying a leader (6.3),
buying back from the Regroup Box (6.5) and buying another power's mercenaries (9.6).

* 6.1: a regular unit from the force pool, at full strength, 2 AP per strength point (+ the 9.7 ability
  cost: 1 for HI, B, LC, HB, HC, 2 for chariots), into a home city held by its country in an area free of
  enemy units. New pieces enter the area (outside the city) and may be intercepted (6.6.9).
* 6.2: a mercenary of this turn's pool for ½ AP per strength point, with any force of the country or into
  an empty home or associated area of it; never into an area an ally controls, not even with a force of the
  country standing there (6.2 "It may not be placed into an allied area"). Nomads hire none (10.1).
* 6.3: one leader per impulse, 2 AP, drawn at random from the force pool, into a home area free of enemy
  units; with 9.2 he arrives on his reduced side. Kings are never bought.
* 6.5: units and leaders back from the Regroup Box at their present strength, placed like new ones: 1 AP
  for regulars and leaders, ½ AP for a mercenary (anyone's).
* 9.6: a power may sell mercenaries of its pool to another country at the usual price, rounded up; the
  APs go to the seller's saved APs (never above 4); a seller buys none from others; Arab and Aramaean
  mercenaries are never sold. The seller must consent.
* 10.1 (card 40): while a country can still hire Aramaeans from its pool, it hires no other mercenary of it
  (:func:`mercenaries.pool_hireable`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.control_areas import city_holder
from ashur.games.assyrian_wars.rules.base.forces import land, land_view, nation_pieces, owned, tidy_or_ask
from ashur.games.assyrian_wars.rules.base.readings import pre14
from ashur.games.assyrian_wars.rules.base.units import is_leader, is_mercenary, spec, strength, unit_type
from ashur.games.assyrian_wars.rules.course.impulse import MAX_SAVED, can_pay, pay
from ashur.games.assyrian_wars.rules.course.mercenaries import pool_hireable
from ashur.games.assyrian_wars.rules.land.entry import push_entry
from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS, MenuEntry

Frame = dict[str, Any]
#: 9.7 Unit Costs: the special ability cost added to 2 AP per strength point
ABILITY_COST = {"LI": 0, "HI": 1, "B": 1, "LC": 1, "HB": 1, "HC": 1, "CH": 2}
LEADER_PRICE = 2


def build_cost2(ctx: Ctx, pid: str) -> int:
    """6.1, 9.7: 2 AP per strength point plus the ability cost (half points)."""
    cost = 2 * int(spec(ctx, pid).front)
    if ctx.s["options"].get("special_abilities"):
        cost += ABILITY_COST.get(unit_type(ctx, pid), 0)
    return 2 * cost


def enemy_units_anywhere(ctx: Ctx, aid: str, cid: str) -> bool:
    return any(ctx.piece(p)["kind"] in ("unit", "merc") and ctx.at_war(ctx.owner(p), cid) for p in ctx.pieces_at(aid))


def build_cities(ctx: Ctx, cid: str) -> list[str]:
    """6.1: home cities held by the country in areas free of enemy units."""
    return list(_memo(ctx, ("build_cities", cid), _build_cities, cid))


def _memo(ctx: Ctx, key: tuple[str, str], fn: Callable[[Ctx, str], list[str]], cid: str) -> list[str]:
    """`fn(ctx, cid)`, memoised on a frozen Ctx (the caller copies the list)."""
    return ctx.memoised(key, fn, cid)  # type: ignore[no-any-return]


def _build_cities(ctx: Ctx, cid: str) -> list[str]:
    return [a for a in ctx.c.home_cities(cid) if city_holder(ctx, a) == cid and ctx.area(a)["ctrl"] == cid
            and not enemy_units_anywhere(ctx, a, cid)]


def leader_areas(ctx: Ctx, cid: str) -> list[str]:
    """6.3: home areas of the country, held by it and free of enemy units."""
    return list(_memo(ctx, ("leader_areas", cid), _leader_areas, cid))


def _leader_areas(ctx: Ctx, cid: str) -> list[str]:
    return [a for a in ctx.c.home_areas(cid) if ctx.area(a)["ctrl"] == cid and not enemy_units_anywhere(ctx, a, cid)]


def merc_areas(ctx: Ctx, cid: str) -> list[str]:
    """6.2: areas with a force of the country, or empty home or associated areas it holds."""
    return list(_memo(ctx, ("merc_areas", cid), _merc_areas, cid))


def _merc_areas(ctx: Ctx, cid: str) -> list[str]:
    out = set()
    areas = ctx.c.areas
    for p in owned(ctx, cid):
        if p["kind"] in ("unit", "merc", "leader", "king") and p["loc"] in areas \
                and not allied_area(ctx, p["loc"], cid):
            out.add(p["loc"])
    for a in (*ctx.c.home_areas(cid), *ctx.c.associated_areas(cid)):
        if ctx.area(a)["ctrl"] == cid and not ctx.pieces_at(a):
            out.add(a)
    return sorted(out)


def allied_area(ctx: Ctx, aid: str, cid: str) -> bool:
    """6.2: an area controlled by an ally of `cid` (no mercenary is placed there, not even with a force)."""
    holder = ctx.area_ctrl(aid)
    return holder is not None and holder != cid and ctx.allied(holder, cid) and not pre14(ctx)


def hires_mercenaries(ctx: Ctx, cid: str) -> bool:
    return not ctx.is_nomad(cid)


def representatives(ctx: Ctx, pids: list[str]) -> list[str]:
    seen: dict[tuple[Any, ...], str] = {}
    table = ctx.s["pieces"]
    for pid in sorted(pids):
        p = table[pid]
        if p["kind"] in ("leader", "king"):  # is_leader
            key = (p["kind"], p["nation"], pid, p["red"], 0)
        else:
            key = (p["kind"], p["nation"], unit_type(ctx, pid), p["red"], strength(ctx, pid))
        seen.setdefault(key, pid)
    return sorted(seen.values())


# --- the menu -----------------------------------------------------------------------------------------
_MIN_PRICE: dict[int, tuple[Any, int | None]] = {}


def min_price2(ctx: Ctx) -> int | None:
    """A lower bound (half APs) of every price of this menu, one value per content: a regroup costs 1 or 2,
    a leader 4, a build 4 per strength point and more, a hire or purchase the mercenary's strength (at least
    the smallest combat factor of the counters). None when the content gives no bound of at least 0."""
    entry = _MIN_PRICE.get(id(ctx.c))
    if entry is None or entry[0] is not ctx.c:
        low = min([1, *(min(int(sp.front), int(sp.reduced)) for table in (ctx.c.units, ctx.c.mercenary_units)
                        for sp in table.values())])
        entry = _MIN_PRICE[id(ctx.c)] = (ctx.c, low if low >= 0 else None)
    return entry[1]


def _offer(ctx: Ctx, frame: Frame) -> list[Action]:
    c = frame["c"]
    acts: list[Action] = []
    cheapest = min_price2(ctx)
    if cheapest is not None and not can_pay(frame, cheapest):
        return acts  # nothing of this menu can be paid (can_pay is monotone in the cost)
    rec = land_view(ctx)
    # the cheap tests first: the places (home cities, areas for mercenaries) are worked out only when a
    # piece is there to raise and its price can be paid (the same list: the tests are all side-effect free)
    table = ctx.s["pieces"]
    pool = [pid for pid in nation_pieces(ctx, c) if (p := table[pid])["loc"] == "pool"
            and p["kind"] == "unit" and not is_mercenary(ctx, pid)]
    builds = [pid for pid in representatives(ctx, pool) if can_pay(frame, build_cost2(ctx, pid))] if pool else []
    if builds and build_cities(ctx, c):
        for pid in builds:
            acts.append(action(f"build:{pid}", "aw.act.build", "6.1", piece=pid, ap=build_cost2(ctx, pid) / 2))
    if hires_mercenaries(ctx, c):
        # the areas are worked out only when there is a mercenary to hire or buy
        mine = pool_hireable(ctx, c, ctx.pieces_at(f"merc:{c}"))
        sellers: list[tuple[str, list[str]]] = []
        if ctx.s["options"].get("sell_mercenaries") and ctx.country(c).get("sold_mercs_turn") != ctx.turn:
            for seller in ctx.powers():
                if seller == c or not ctx.active(seller):
                    continue
                # 9.6: Arab and Aramaean mercenaries are never sold
                sellers.append((seller, [p for p in ctx.pieces_at(f"merc:{seller}") if ctx.piece(p)["kind"] == "merc"]))
        if mine or any(pids for _s, pids in sellers):
            merc_acts: list[Action] = []
            for pid in representatives(ctx, mine):
                if can_pay(frame, strength(ctx, pid)):
                    merc_acts.append(action(f"hire:{pid}", "aw.act.hire", "6.2", piece=pid,
                                            ap=strength(ctx, pid) / 2))
            for seller, pids in sellers:
                if seller in rec.get("refused_sellers", []):
                    continue  # the seller refused every sale to this buyer for this impulse (9.6)
                for pid in representatives(ctx, pids):
                    price = math.ceil(strength(ctx, pid) / 2)
                    if pid not in rec.get("refused_sales", []) and can_pay(frame, 2 * price):
                        merc_acts.append(action(f"buy_merc:{seller}:{pid}", "aw.act.buy_merc", "9.6",
                                                seller=seller, piece=pid, ap=price))
            if merc_acts and merc_areas(ctx, c):
                acts.extend(merc_acts)
    if not rec["leader_bought"] and can_pay(frame, 2 * LEADER_PRICE) and any(
            (q := ctx.piece(p))["kind"] == "leader" and q["loc"] == "pool" for p in nation_pieces(ctx, c)) \
            and leader_areas(ctx, c):
        acts.append(action("leader", "aw.act.buy_leader", "6.3", ap=LEADER_PRICE))
    for pid in representatives(ctx, regroup_pieces(ctx, c)):
        cost2 = 1 if is_mercenary(ctx, pid) else 2
        if can_pay(frame, cost2) and placements(ctx, c, pid):
            acts.append(action(f"regroup:{pid}", "aw.act.regroup", "6.5", piece=pid, ap=cost2 / 2))
    return acts


def regroup_pieces(ctx: Ctx, cid: str) -> list[str]:
    out = []
    for pid in ctx.pieces_at("regroup"):
        p = ctx.piece(pid)
        if p["kind"] == "merc" or (p["kind"] == "unit" and is_mercenary(ctx, pid)):
            if hires_mercenaries(ctx, cid):
                out.append(pid)
        elif p["nation"] == cid and p["kind"] in ("unit", "leader", "king"):
            out.append(pid)
    return out


def placements(ctx: Ctx, cid: str, pid: str) -> list[str]:
    """Where a piece may be placed (6.1 for regulars, 6.2 for mercenaries, 6.3 for leaders, 6.5)."""
    if is_leader(ctx, pid):
        return leader_areas(ctx, cid)
    if is_mercenary(ctx, pid):
        return merc_areas(ctx, cid)
    return build_cities(ctx, cid)


def _apply(ctx: Ctx, frame: Frame, act: Action) -> None:
    c = frame["c"]
    head = act["id"].split(":")[0]
    if head == "build":
        pid = act["params"]["piece"]
        flow.push(ctx.s, "place", c=c, pid=pid, cost2=build_cost2(ctx, pid), rule="6.1", what="build")
    elif head == "hire":
        pid = act["params"]["piece"]
        flow.push(ctx.s, "place", c=c, pid=pid, cost2=strength(ctx, pid), rule="6.2", what="hire")
    elif head == "buy_merc":
        flow.push(ctx.s, "merc_sale", c=c, seller=act["params"]["seller"], pid=act["params"]["piece"])
    elif head == "regroup":
        pid = act["params"]["piece"]
        flow.push(ctx.s, "place", c=c, pid=pid, cost2=1 if is_mercenary(ctx, pid) else 2, rule="6.5",
                  what="regroup")
    else:
        pay(ctx, frame, 2 * LEADER_PRICE, "6.3", "leader")
        land(ctx)["leader_bought"] = True
        pool = sorted(p for p in ctx.pieces_at("pool") if ctx.piece(p)["nation"] == c
                      and ctx.piece(p)["kind"] == "leader")
        pid = pool[ctx.random_index(len(pool))]
        ctx.piece(pid)["red"] = bool(ctx.s["options"].get("reduced_leaders"))
        ctx.log("aw.leader_drawn", "6.3", country=c, piece=pid)
        flow.push(ctx.s, "place", c=c, pid=pid, cost2=0, rule="6.3", what="leader")


def _explain(ctx: Ctx, frame: Frame, action_id: str) -> tuple[str, str] | None:
    head = action_id.split(":")[0]
    if head == "leader":
        if land_view(ctx)["leader_bought"]:
            return ("only one leader per impulse can be bought", "6.3")
        return ("a leader costs 2 AP and is placed in a home area free of enemy units", "6.3")
    if head == "build":
        return ("units are built from the force pool for 2 AP per strength point in an own home city free of "
                "enemy units", "6.1")
    if head == "hire":
        pool, pid = ctx.pieces_at(f"merc:{frame['c']}"), action_id.partition(":")[2]
        if pid in pool and pid not in pool_hireable(ctx, frame["c"], pool):
            return ("while nomad mercenaries of an exclusive card can still be hired, no other mercenary of the pool "
                    "is hired (card 40)", "10.1")
        return ("only this turn's mercenaries of the country's pool are hired, ½ AP per strength point", "6.2")
    if head == "buy_merc":
        return ("mercenaries are bought from another power's pool, never by a power that sold some this turn",
                "9.6")
    return ("only own units and leaders (and any mercenary) are bought back from the Regroup Box", "6.5")


def push_place(ctx: Ctx, c: str, pid: str, cost2: int, rule: str, what: str, *, areas: list[str] | None = None,
               key: str | None = None, **log: Any) -> None:
    """Push the step that places `pid` for `c` (paying `cost2` half APs of the impulse): where 6.1-6.5 allow,
    or in `areas` (a card naming its own places, 6.11.j); logged as ``aw.<what>_placed`` or `key` (with the
    extra `log` parameters)."""
    frame: Frame = {"c": c, "pid": pid, "cost2": cost2, "rule": rule, "what": what}
    if areas is not None:
        frame["areas"] = list(areas)
    if key is not None:
        frame["key"] = key
    if log:
        frame["log"] = log
    flow.push(ctx.s, "place", **frame)


@FLOW.register
class Place(Step[Ctx]):
    """Where a new or regrouped piece appears; it may be intercepted there (6.6.9). A card event may name
    the areas itself (``areas``, 6.11.j)."""

    kind = "place"
    rule = "6.1"

    def _where(self, ctx: Ctx, frame: Frame) -> list[str]:
        if "areas" in frame:
            return list(frame["areas"])
        return placements(ctx, frame["c"], frame["pid"])

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        return [frame["c"]] if self._where(ctx, frame) else []

    def run(self, ctx: Ctx, frame: Frame) -> None:
        ctx.log("aw.no_place", frame["rule"], country=frame["c"], piece=frame["pid"])
        flow.pop(ctx.s)

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        return [action(f"at:{a}", "aw.act.place_at", frame["rule"], area=a, piece=frame["pid"])
                for a in self._where(ctx, frame)]

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.place", "params": {"country": actor, "piece": frame["pid"]}}

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        c, pid, aid = frame["c"], frame["pid"], act["params"]["area"]
        imp = flow.find(ctx.s, "impulse")
        flow.pop(ctx.s)
        if frame["cost2"] and imp is not None:
            pay(ctx, imp, frame["cost2"], frame["rule"], frame["what"], piece=pid)
        p = ctx.piece(pid)
        if is_mercenary(ctx, pid):
            p["hired"] = c
        if frame["what"] == "build":
            p["red"] = False
        p["city"] = False
        p["army"] = None
        ctx.move_piece(pid, aid)
        ctx.log(frame.get("key") or f"aw.{frame['what']}_placed", frame["rule"], country=c, piece=pid, area=aid,
                **frame.get("log", {}))
        push_entry(ctx, aid, c, [pid], kind="reinforce")
        tidy_or_ask(ctx, aid, c)  # on top of the entry: the new unit joins an army before it is intercepted


@FLOW.register
class MercSale(Step[Ctx]):
    """9.6: the selling power consents (or not) to the sale of one of its mercenaries. The series of requests
    of one buyer in its impulse may be answered in one decision (issue 14): ``sell:all`` consents to this sale
    and to every further one this buyer asks for in this impulse (they then need no asking), ``refuse:all``
    refuses this one and every other (the buyer is offered none of the seller's mercenaries any more)."""

    kind = "merc_sale"
    rule = "9.6"

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        if frame["seller"] in land_view(ctx).get("sale_consent", []):
            return []
        return [frame["seller"]]

    def run(self, ctx: Ctx, frame: Frame) -> None:
        """A sale the seller has consented to for this impulse (``sell:all``) goes ahead unasked."""
        flow.pop(ctx.s)
        _sell(ctx, frame)

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        price = math.ceil(strength(ctx, frame["pid"]) / 2)
        acts = [action("sell", "aw.act.sell_merc", "9.6", piece=frame["pid"], buyer=frame["c"], ap=price),
                action("refuse", "aw.act.refuse_sale", "9.6", piece=frame["pid"], buyer=frame["c"])]
        if any(p != frame["pid"] and ctx.piece(p)["kind"] == "merc" for p in ctx.pieces_at(f"merc:{actor}")):
            acts += [action("sell:all", "aw.act.sell_merc_all", "9.6", piece=frame["pid"], buyer=frame["c"],
                            ap=price),
                     action("refuse:all", "aw.act.refuse_sale_all", "9.6", piece=frame["pid"], buyer=frame["c"])]
        return acts

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.merc_sale", "params": {"country": actor, "buyer": frame["c"]}}

    def orders(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, str]:
        """Every buyer's sales alike: sell every mercenary asked for, or none, for the rest of the impulse
        (or turn) — one decision instead of one per mercenary (9.6)."""
        return {"sell_all": "sell", "sell_none": "refuse"}

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        flow.pop(ctx.s)
        pid, buyer, seller = frame["pid"], frame["c"], frame["seller"]
        if act["id"].startswith("refuse"):
            land(ctx).setdefault("refused_sales", []).append(pid)
            if act["id"] == "refuse:all":
                land(ctx).setdefault("refused_sellers", []).append(seller)
                ctx.log("aw.sales_refused_all", "9.6", seller=seller, buyer=buyer, piece=pid)
                return
            ctx.log("aw.sale_refused", "9.6", seller=seller, buyer=buyer, piece=pid)
            return
        if act["id"] == "sell:all":
            land(ctx).setdefault("sale_consent", []).append(seller)
            ctx.log("aw.sales_consented", "9.6", seller=seller, buyer=buyer)
        _sell(ctx, frame)


def _sell(ctx: Ctx, frame: Frame) -> None:
    """9.6: the buyer pays twice the rounded-up half strength from its APs; the seller saves the half (never
    above 4 saved APs); the mercenary is placed for the buyer."""
    pid, buyer, seller = frame["pid"], frame["c"], frame["seller"]
    price = math.ceil(strength(ctx, pid) / 2)
    imp = flow.find(ctx.s, "impulse")
    assert imp is not None
    pay(ctx, imp, 2 * price, "9.6", "mercenary", piece=pid, seller=seller)
    co = ctx.country(seller)
    got = min(price, MAX_SAVED - co["saved"])
    co["saved"] += max(0, got)
    co["sold_mercs_turn"] = ctx.turn
    ctx.log("aw.merc_sold", "9.6", seller=seller, buyer=buyer, piece=pid, ap=price, kept=max(0, got))
    ctx.move_piece(pid, f"merc:{buyer}")
    flow.push(ctx.s, "place", c=buyer, pid=pid, cost2=0, rule="9.6", what="hire")


HOOKS.add_menu(MenuEntry("build", _offer, _apply, _explain, order=10))
for _prefix in ("hire", "buy_merc", "regroup", "leader"):
    HOOKS.add_menu(MenuEntry(_prefix, lambda ctx, f: [], _apply, _explain, order=11))
