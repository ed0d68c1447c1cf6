"""Markers out of stock (10.4.a, 8.3.1).

The pillage and city damage markers are finite (2.2: 24 pillage 1/2, 6 pillage 1/revolt, 16 damage 1/2, 4
damage 3/4). When every marker of a kind is in use, each country with such markers in the areas it controls
must at once repair one "with APs from income and/or cards": the phasing country with the APs left in its
impulse (its income and saved APs), any other country with its saved APs and, as far as they fall short, an
advance on the income of its next scheduled impulse (repaid from it first, as a loan of 6.11); either may add
a card from its hand played for its APs (the rest of the card's APs is saved, at most 4). A country that
cannot loses 1 VP (a minor's loss falls on its allied power, 8.3.1). With the option ``pre14_readings`` (older
saves) only the saved APs and a card count. Repairing removes the whole marker: 1 AP per pillage level or city
damage level on it; a besieged city cannot be repaired (6.4). Checked at the end of every impulse.

ECO markers come from the same finite stock (2.2: 16 ECO +1, 10 ECO −1 markers). 10.4.a gives no way to
replenish them: an ECO marker that an event, a deportation card or a 9.4 conversion would create is placed
only while one is left in the stock (:func:`eco_stock_left`); a marker removed from the map (nomads' plunder,
6.8.4; an eliminated power's areas, 7.1; a loan repaid with an ECO +1 marker, 6.11) is back in the stock at
once, since the stock is counted from the markers in play. Every new ECO marker is placed with
:func:`place_eco_plus` or :func:`place_eco_minus`; no area holds more than 2 ECO +1 markers nor more than
one ECO −1 marker (6.8.4), the Mede Far East box excepted (no limit, 6.8.4).
"""

from __future__ import annotations

from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.readings import pre14
from ashur.games.assyrian_wars.rules.course.impulse import add_ap, current_impulse, income_of, pay
from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS

Frame = dict[str, Any]
MAX_SAVED = 4
#: 6.8.4: no area holds more than 2 ECO +1 markers, nor more than one ECO -1 marker
MAX_ECO_PLUS = 2
MAX_ECO_MINUS = 1
FAR_EAST = "far_east"


# --- ECO markers (2.2, 6.8.4, 10.4.a) ------------------------------------------------------------------
def eco_stock_left(ctx: Ctx, marker: str) -> int:
    """2.2: ECO markers of the kind (``eco_plus`` or ``eco_minus``) still in the stock; the markers on the
    map and in the Mede Far East box are in play."""
    total = int(ctx.c.marker_stock[marker].count or 0)
    used = sum(int(st[marker]) for st in ctx.s["areas"].values())
    if marker == "eco_plus":
        used += int(ctx.s.get("far_east_eco", 0))
    return total - used


def eco_plus_refusal(ctx: Ctx, aid: str) -> str | None:
    """Why no new ECO +1 marker can go into area `aid` now (None when one can)."""
    if eco_stock_left(ctx, "eco_plus") <= 0:
        return "no ECO +1 marker is left in the stock (2.2, 10.4.a)"
    if ctx.c.areas[aid].kind != FAR_EAST and int(ctx.area(aid)["eco_plus"]) >= MAX_ECO_PLUS:
        return "no area may hold more than 2 ECO +1 markers (6.8.4)"
    return None


def eco_minus_refusal(ctx: Ctx, aid: str) -> str | None:
    """Why no new ECO -1 marker can go into area `aid` now (None when one can)."""
    if eco_stock_left(ctx, "eco_minus") <= 0:
        return "no ECO -1 marker is left in the stock (2.2, 10.4.a)"
    if int(ctx.area(aid)["eco_minus"]) >= MAX_ECO_MINUS:
        return "no area may hold more than one ECO -1 marker (6.8.4)"
    return None


# course/impulse.py (below this module) checks the stock for an unrepaid loan's ECO -1 marker (6.11)
HOOKS.provide("stock.eco_minus_refusal", eco_minus_refusal)


def place_eco_plus(ctx: Ctx, aid: str) -> bool:
    """Take an ECO +1 marker from the stock into area `aid` (the caller logs why); False when none can go
    there (see :func:`eco_plus_refusal`)."""
    if eco_plus_refusal(ctx, aid) is not None:
        return False
    ctx.area(aid)["eco_plus"] += 1
    return True


def place_eco_minus(ctx: Ctx, aid: str) -> bool:
    """Take an ECO -1 marker from the stock into area `aid` (the caller logs why)."""
    if eco_minus_refusal(ctx, aid) is not None:
        return False
    ctx.area(aid)["eco_minus"] += 1
    return True


def counters_for_damage(level: int) -> tuple[int, int]:
    """(light 1/2 counters, heavy 3/4 counters) showing a city damage level."""
    heavy, rest = divmod(level, 4)
    if rest >= 3:
        return (0, heavy + 1)
    return (1 if rest else 0, heavy)


def in_use(ctx: Ctx) -> dict[str, int]:
    pillage = sum(1 for st in ctx.s["areas"].values() if st["pillage"] > 0)
    revolts = sum(1 for st in ctx.s["areas"].values() if st.get("revolt"))
    light = heavy = 0
    for st in ctx.s["areas"].values():
        a, b = counters_for_damage(int(st["damage"]))
        light += a
        heavy += b
    return {"pillage": pillage + revolts, "damage_light": light, "damage_heavy": heavy}


def totals(ctx: Ctx) -> dict[str, int]:
    m = ctx.c.marker_stock
    return {"pillage": int(m["pillage"].count or 0) + int(m["pillage_revolt"].count or 0),
            "damage_light": int(m["city_damage"].count or 0), "damage_heavy": int(m["city_damage_heavy"].count or 0)}


def exhausted(ctx: Ctx) -> list[str]:
    """The kinds of marker (``pillage``, ``damage``) whose stock is used up."""
    used, total = in_use(ctx), totals(ctx)
    out = []
    if used["pillage"] >= total["pillage"]:
        out.append("pillage")
    if used["damage_light"] >= total["damage_light"] or used["damage_heavy"] >= total["damage_heavy"]:
        out.append("damage")
    return out


def repairable(ctx: Ctx, cid: str, kind: str) -> list[tuple[str, int]]:
    """(area, AP cost) of the markers of `kind` in areas `cid` controls."""
    out = []
    for aid in sorted(ctx.c.areas):
        st = ctx.area(aid)
        holder = st.get("city_ctrl") or st["ctrl"]
        if kind == "pillage" and st["ctrl"] == cid and st["pillage"] > 0:
            out.append((aid, int(st["pillage"])))
        if kind == "damage" and holder == cid and st["damage"] > 0 and aid not in ctx.s["sieges"]:
            d = int(st["damage"])
            out.append((aid, d if d <= 4 else (d % 4 or 4)))
    return out


def check(ctx: Ctx, impulse: Frame | None = None) -> None:
    for kind in exhausted(ctx):
        order = [c for c in ctx.track() if ctx.active(c) and repairable(ctx, c, kind)]
        if order:
            ctx.log("aw.stock_exhausted", "10.4.a", kind=kind)
            flow.push(ctx.s, "stock_repair", kind=kind, order=order, i=0)


HOOKS.add_impulse_end(60, "markers_out_of_stock", check)


def _impulse_of(ctx: Ctx, cid: str) -> Frame | None:
    """The impulse frame of `cid` when it is the phasing country (its APs are there, not in "saved")."""
    imp = current_impulse(ctx)
    return imp if imp is not None and imp["c"] == cid and "ap2" in imp and not pre14(ctx) else None


def on_hand(ctx: Ctx, cid: str) -> int:
    """10.4.a: the APs `cid` has now: the phasing country's APs left in its impulse, else its saved APs."""
    imp = _impulse_of(ctx, cid)
    if imp is not None:
        return int(imp["ap2"] // 2 - -(-imp["spent2"] // 2))
    return int(ctx.country(cid)["saved"])


def advance(ctx: Ctx, cid: str) -> int:
    """10.4.a "APs from income": what a country outside its impulse may draw on its next income."""
    if pre14(ctx) or _impulse_of(ctx, cid) is not None:
        return 0
    return max(0, income_of(ctx, cid) - int(ctx.country(cid).get("borrowed", 0)))


def _payments(ctx: Ctx, cid: str, cost: int) -> list[str]:
    have, more = on_hand(ctx, cid), advance(ctx, cid)
    out = ["saved"] if have >= cost else []
    if have < cost <= have + more:
        out.append("income")
    out += [f"card{n}" for n in sorted(set(ctx.hand(cid))) if have + more + int(ctx.card(n).ap) >= cost
            and not ctx.is_home_card(n)]
    return out


@FLOW.register
class StockRepair(Step[Ctx]):
    """10.4.a: each country with markers of the exhausted kind repairs one, or loses 1 VP."""

    kind = "stock_repair"
    rule = "10.4.a"

    def _current(self, frame: Frame) -> str | None:
        return frame["order"][frame["i"]] if frame["i"] < len(frame["order"]) else None

    def _actions(self, ctx: Ctx, frame: Frame, cid: str) -> list[Action]:
        acts = []
        for aid, cost in repairable(ctx, cid, frame["kind"]):
            for how in _payments(ctx, cid, cost):
                acts.append(action(f"repair:{aid}:{how}", "aw.act.stock_repair", "10.4.a", area=aid, ap=cost, pay=how))
        return acts

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        from ashur.games.assyrian_wars.rules.base.players import role_of

        c = self._current(frame)
        if c is None or not self._actions(ctx, frame, c) or role_of(ctx, c) is None:
            return []
        return [c]

    def run(self, ctx: Ctx, frame: Frame) -> None:
        c = self._current(frame)
        if c is None:
            flow.pop(ctx.s)
            return
        frame["i"] += 1
        if repairable(ctx, c, frame["kind"]):
            ctx.log("aw.stock_no_repair", "10.4.a", country=c, kind=frame["kind"])
            ctx.award_vp(c, -1, "8.3.1", "aw.why.unrepaired_markers", kind=frame["kind"])

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        return self._actions(ctx, frame, actor)

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.stock_repair", "params": {"country": actor, "kind": frame["kind"]}}

    def _pay(self, ctx: Ctx, actor: str, how: str, cost: int) -> None:
        """10.4.a: pay `cost` from the APs on hand, an advance on the income, and/or a card played for its APs."""
        co = ctx.country(actor)
        card_ap = 0
        if how.startswith("card"):
            number = int(how[4:])
            ctx.discard(actor, number)
            ctx.reveal()
            card_ap = int(ctx.card(number).ap)
            ctx.log("aw.card_ap", "10.4.a", country=actor, card=number, name=ctx.card(number).name, ap=card_ap)
        imp = _impulse_of(ctx, actor)
        if imp is not None:
            add_ap(imp, card_ap)  # what is left is saved at the end of the impulse (at most 4, 3.1)
            pay(ctx, imp, 2 * cost, "10.4.a", "repair")
            return
        available = int(co["saved"]) + card_ap
        short = max(0, cost - available)
        if short:
            co["borrowed"] = int(co.get("borrowed", 0)) + short
            ctx.log("aw.stock_income_advance", "10.4.a", country=actor, ap=short)
        co["saved"] = min(MAX_SAVED, max(0, available - cost))

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        _, aid, how = act["id"].split(":")
        cost = int(act["params"]["ap"])
        self._pay(ctx, actor, how, cost)
        st = ctx.area(aid)
        if frame["kind"] == "pillage":
            st["pillage"] = 0
        else:
            st["damage"] = max(0, int(st["damage"]) - cost)
        ctx.log("aw.stock_repaired", "10.4.a", country=actor, area=aid, kind=frame["kind"], ap=cost)
        frame["i"] += 1
