"""Economic card events (6.11.i) and the ECO markers and trade they touch (6.8.4, 6.15, 7.1, 10.4.a).

Effect operations: ``gain_ap`` (APs for this impulse: a fixed amount, dice, or one per ship in a sea Trade
Box / per minor paying you tribute, capped), ``gain_vp``, ``eco_marker`` (new ECO markers from the finite
stock, 2.2/10.4.a, within the 6.8.4 limits; the Mede Far East box), ``deport_eco`` (Assyria's Deportation
home card, 6.8.4), ``resurrect_power`` (the Mede raised again by Gathering the Tribes, 7.1),
``trade_marker`` (6.15 trade markers back or out of the Trade Box) and ``free_raid`` (a raider and a raid
without AP cost, 6.15). "You" is the card's player (6.11). Every log entry cites the rule the effect
applies and carries the card type's rule (``card_rule``).
"""

from __future__ import annotations

import math
from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.control_areas import city_holder
from ashur.games.assyrian_wars.rules.base.naval import TRADE, sea_boxes, ships_of
from ashur.games.assyrian_wars.rules.base.players import role_of
from ashur.games.assyrian_wars.rules.base.units import strength, unit_type
from ashur.games.assyrian_wars.rules.course.card_effects import condition, op
from ashur.games.assyrian_wars.rules.course.events import IMPULSE, card_rule
from ashur.games.assyrian_wars.rules.course.impulse import add_ap, current_impulse
from ashur.games.assyrian_wars.rules.naval.raids import (
    candidates,
    empty_boxes,
    free_raid,
    kick_marker,
    raiders_of,
    target_boxes,
)
from ashur.games.assyrian_wars.rules.politics import deportation, elimination
from ashur.games.assyrian_wars.rules.politics.stock import (
    eco_minus_refusal,
    eco_plus_refusal,
    eco_stock_left,
    place_eco_minus,
    place_eco_plus,
)
from ashur.games.assyrian_wars.rules.registry import FLOW

Frame = dict[str, Any]
MEDE = "mede"


def _rule(ctx: Ctx, frame: Frame) -> str:
    return card_rule(ctx, frame["card"])


def own_impulse(ctx: Ctx, frame: Frame) -> Frame | None:
    """The impulse of the card's player when the card is played in it (6.11: "this impulse")."""
    impulse = current_impulse(ctx)
    if frame["how"] != IMPULSE or impulse is None or impulse["c"] != frame["c"]:
        return None
    return impulse


class CardChoice(Step[Ctx]):
    """A decision of the card's player (``frame["c"]``) among the legal :meth:`options` of a subclass;
    when nobody plays the country, the first option (the default) is taken; without options the step ends."""

    def options(self, ctx: Ctx, frame: Frame) -> list[Action]:
        return []

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        if role_of(ctx, frame["c"]) is None or not self.options(ctx, frame):
            return []
        return [frame["c"]]

    def run(self, ctx: Ctx, frame: Frame) -> None:
        acts = self.options(ctx, frame)
        if acts:
            self.apply(ctx, frame, frame["c"], acts[0])
        else:
            flow.pop(ctx.s)

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        return self.options(ctx, frame)

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": f"aw.prompt.{self.kind}", "params": {"country": actor, "card": frame["card"],
                                                            "name": ctx.card(frame["card"]).name}}


# --- conditions ------------------------------------------------------------------------------------------
@condition("mede_eliminated")
def mede_eliminated(ctx: Ctx, frame: Frame) -> bool:
    """7.1: the Mede has been eliminated (and may be raised again)."""
    return MEDE in ctx.s["countries"] and elimination.eliminated(ctx, MEDE)


@condition("mede_not_eliminated")
def mede_not_eliminated(ctx: Ctx, frame: Frame) -> bool:
    return MEDE in ctx.s["countries"] and not elimination.eliminated(ctx, MEDE)


def ships_in_trade_boxes(ctx: Ctx, cid: str) -> int:
    """7.3.3.a: the ships of `cid` in the sea Trade Boxes."""
    return sum(len(ships_of(ctx, TRADE + box, cid)) for box in sea_boxes(ctx))


@condition("target_has_ships_in_trade_box")
def has_ships_in_trade_box(ctx: Ctx, frame: Frame) -> bool:
    """The card's player (the country the card aims at) has ships in a sea Trade Box (7.3.3.a)."""
    return ships_in_trade_boxes(ctx, frame["c"]) > 0


# --- gain_ap / gain_vp (6.11.i) --------------------------------------------------------------------------
def tribute_minors(ctx: Ctx, cid: str) -> int:
    """5.2: the minors paying tribute to `cid` this turn."""
    return len({t["payer"] for t in ctx.s["tribute"] if t["to"] == cid and ctx.is_minor(t["payer"])})


def _per(ctx: Ctx, frame: Frame, o: Any) -> int:
    if o.per == "own_ship_in_trade_box":
        return ships_in_trade_boxes(ctx, frame["c"])
    if o.per == "minor_paying_you_tribute":
        return tribute_minors(ctx, frame["c"])
    return 0


def check_gain_ap(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    if own_impulse(ctx, frame) is None:
        return "the APs are gained in your own impulse (6.11.i)"
    if o.per is not None and _per(ctx, frame, o) == 0:
        return {"own_ship_in_trade_box": "you have no ship in a sea Trade Box (7.3.3.a)",
                "minor_paying_you_tribute": "no minor pays you tribute this turn (5.2)"}[o.per]
    return None


@op("gain_ap", check_gain_ap)
def gain_ap(ctx: Ctx, frame: Frame, o: Any) -> None:
    """6.11.i: APs added to this impulse (unspent ones are saved as usual, at most 4, 3.1)."""
    impulse = own_impulse(ctx, frame)
    assert impulse is not None
    total = int(o.amount) + _per(ctx, frame, o)
    if o.dice is not None:
        values = ctx.dice(o.dice.n, rule=_rule(ctx, frame), why="aw.why.card_ap", country=frame["c"],
                          card=frame["card"])
        total += sum(v if o.dice.d == 6 else math.ceil(v / 2) for v in values) + int(o.dice.plus)
    if o.max is not None:
        total = min(total, int(o.max))
    add_ap(impulse, total)
    ctx.log("aw.card_gain_ap", _rule(ctx, frame), country=frame["c"], ap=total, card=frame["card"],
            name=ctx.card(frame["card"]).name)


def check_gain_vp(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    return None if o.amount else "the card gives no VP"


@op("gain_vp", check_gain_vp)
def gain_vp(ctx: Ctx, frame: Frame, o: Any) -> None:
    """8.3: VPs for the card's player (a minor's go to its allied power)."""
    ctx.award_vp(frame["c"], int(o.amount), _rule(ctx, frame), "aw.why.card_event", card=frame["card"])


# --- eco_marker (6.8.4, 10.4.a) -------------------------------------------------------------------------
def eco_places(ctx: Ctx, cid: str, marker: str, where: str, areas: tuple[str, ...] | list[str] = ()) -> list[str]:
    """Where the card's player may put one new ECO marker now (see ``EcoMarker`` in effects.py)."""
    refusal = eco_plus_refusal if marker == "plus" else eco_minus_refusal
    if where == "mede_far_east":
        if marker != "plus" or cid != MEDE or deportation.far_east_refusal(ctx):
            return []
        return [a for a, area in sorted(ctx.c.areas.items()) if area.kind == "far_east"]
    if where == "own_home_city":
        places = [a for a in sorted(ctx.c.home_cities(cid)) if city_holder(ctx, a) == cid]
    elif where == "target_city":
        cities = [a for a, area in sorted(ctx.c.areas.items()) if area.city is not None]
        if marker == "plus":
            places = [a for a in cities if city_holder(ctx, a) == cid]
        else:
            places = [a for a in cities if (h := city_holder(ctx, a)) is not None and h != cid and ctx.at_war(h, cid)]
    else:
        places = [a for a in areas if a in ctx.c.areas and ctx.c.areas[a].city is not None]
    return [a for a in places if refusal(ctx, a) is None]


def check_eco_marker(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    if eco_places(ctx, frame["c"], o.marker, o.where, o.areas):
        return None
    kind = "eco_plus" if o.marker == "plus" else "eco_minus"
    if eco_stock_left(ctx, kind) <= 0:
        return f"no ECO {'+' if o.marker == 'plus' else '-'}1 marker is left in the stock (2.2, 10.4.a)"
    if o.where == "mede_far_east":
        return deportation.far_east_refusal(ctx) or "only the Mede puts ECO +1 markers into the Far East (6.8.4)"
    return "no city can take another ECO marker (6.8.4: at most 2 ECO +1 or one ECO -1 per area)"


@op("eco_marker", check_eco_marker)
def eco_marker(ctx: Ctx, frame: Frame, o: Any) -> None:
    """6.8.4: new ECO markers from the stock; the player picks the city for each."""
    if o.where == "mede_far_east":
        for _ in range(o.count):
            if not deportation.gathering_the_tribes(ctx, "6.8.4"):
                break
        return
    flow.push(ctx.s, "card_eco_marker", card=frame["card"], c=frame["c"], marker=o.marker, where=o.where,
              areas=list(o.areas), left=o.count)


@FLOW.register
class CardEcoMarker(CardChoice):
    """6.8.4: the card's player puts each new ECO marker on a city of its choice."""

    kind = "card_eco_marker"
    rule = "6.8.4"

    def options(self, ctx: Ctx, frame: Frame) -> list[Action]:
        if frame["left"] <= 0:
            return []
        return [action(f"eco:{a}", "aw.act.card_eco_marker", "6.8.4", area=a, marker=frame["marker"])
                for a in eco_places(ctx, frame["c"], frame["marker"], frame["where"], frame["areas"])]

    def explain(self, ctx: Ctx, frame: Frame, actor: str, action_id: str) -> tuple[str, str]:
        return ("the marker goes on a city the card allows, within the 6.8.4 limits and the stock", "6.8.4")

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        aid = act["params"]["area"]
        placed = place_eco_plus(ctx, aid) if frame["marker"] == "plus" else place_eco_minus(ctx, aid)
        assert placed
        frame["left"] -= 1
        ctx.log("aw.card_eco_marker", "6.8.4", country=actor, area=aid, marker=frame["marker"], card=frame["card"],
                card_rule=card_rule(ctx, frame["card"]))
        if frame["left"] <= 0 or not self.options(ctx, frame):
            flow.pop(ctx.s)


# --- deport_eco (6.8.4) ---------------------------------------------------------------------------------
def check_deport(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    c = frame["c"]
    if not deportation.deportation_targets(ctx, c):
        return "you control no foreign city that can take an ECO -1 marker (6.8.4)"
    if not deportation.deportation_destinations(ctx, c):
        if eco_stock_left(ctx, "eco_plus") <= 0:
            return "no ECO +1 marker is left in the stock (2.2, 10.4.a)"
        return "none of your home cities can take another ECO +1 marker (6.8.4)"
    return None


@op("deport_eco", check_deport)
def deport_eco(ctx: Ctx, frame: Frame, o: Any) -> None:
    """6.8.4: up to `max_markers` times, an ECO -1 marker on a foreign city and an ECO +1 marker at home."""
    flow.push(ctx.s, "card_deport", card=frame["card"], c=frame["c"], target=None, done=0, max=o.max_markers)


@FLOW.register
class CardDeport(CardChoice):
    """6.8.4: Deportation: pick the deported city, then the home city; again, up to the card's limit."""

    kind = "card_deport"
    rule = "6.8.4"

    def options(self, ctx: Ctx, frame: Frame) -> list[Action]:
        c = frame["c"]
        if frame["target"] is not None:
            return [action(f"deport_to:{a}", "aw.act.deport_to", "6.8.4", area=a, target=frame["target"])
                    for a in deportation.deportation_destinations(ctx, c)]
        if frame["done"] >= frame["max"] or not deportation.deportation_destinations(ctx, c):
            return []
        acts = [action(f"deport_from:{a}", "aw.act.deport_from", "6.8.4", area=a)
                for a in deportation.deportation_targets(ctx, c)]
        if acts and frame["done"]:
            acts.append(action("deport_stop", "aw.act.deport_stop", "6.8.4"))
        return acts

    def explain(self, ctx: Ctx, frame: Frame, actor: str, action_id: str) -> tuple[str, str]:
        return ("an ECO -1 marker goes on a foreign city you control (one there at most), the ECO +1 marker on "
                "one of your home cities (two there at most)", "6.8.4")

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        head = act["id"].split(":")[0]
        if head == "deport_stop":
            flow.pop(ctx.s)
            return
        if head == "deport_from":
            frame["target"] = act["params"]["area"]
            return
        done, why = deportation.deportation_card(ctx, frame["target"], act["params"]["area"], "6.8.4", by=frame["c"])
        assert done, why
        frame["target"] = None
        frame["done"] += 1
        if not self.options(ctx, frame):
            flow.pop(ctx.s)


# --- resurrect_power (7.1 Elimination) ---------------------------------------------------------------------
def check_resurrect(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    if o.nation != MEDE:
        return "only the Mede can be raised again (7.1)"
    if not mede_eliminated(ctx, frame):
        return "the Mede has not been eliminated (7.1)"
    if not elimination.resurrection_units(ctx):
        return "no Mede regular unit can come back (7.1)"
    if not elimination.resurrection_areas(ctx):
        return "no Mede home area is free for the returning units (7.1)"
    return None


@op("resurrect_power", check_resurrect)
def resurrect_power(ctx: Ctx, frame: Frame, o: Any) -> None:
    """7.1: the Mede is back in play; its player places up to `place_units` regular units in its home areas."""
    elimination.revive_mede(ctx, "7.1")
    left = min(int(o.place_units), len(elimination.resurrection_units(ctx)))
    flow.push(ctx.s, "card_resurrect", card=frame["card"], c=frame["c"], left=left, placed=0, piece=None)


def _unit_choices(ctx: Ctx) -> list[str]:
    seen: dict[tuple[str, int], str] = {}
    for pid in elimination.resurrection_units(ctx):
        seen.setdefault((unit_type(ctx, pid), strength(ctx, pid) if not ctx.piece(pid)["red"] else 0), pid)
    return [seen[k] for k in sorted(seen)]


@FLOW.register
class CardResurrect(CardChoice):
    """7.1: pick a returning Mede unit, then its home area; as many times as the card says."""

    kind = "card_resurrect"
    rule = "7.1"

    def options(self, ctx: Ctx, frame: Frame) -> list[Action]:
        if frame["piece"] is not None:
            return [action(f"area:{a}", "aw.act.resurrect_area", "7.1", piece=frame["piece"], area=a)
                    for a in elimination.resurrection_areas(ctx)]
        if frame["left"] <= 0 or not elimination.resurrection_areas(ctx):
            return []
        return [action(f"unit:{p}", "aw.act.resurrect_unit", "7.1", piece=p) for p in _unit_choices(ctx)]

    def explain(self, ctx: Ctx, frame: Frame, actor: str, action_id: str) -> tuple[str, str]:
        return ("a Mede regular unit of the force pool returns into a free Mede home area", "7.1")

    def run(self, ctx: Ctx, frame: Frame) -> None:
        if not self.options(ctx, frame):
            flow.pop(ctx.s)
            ctx.log("aw.mede_resurrected", "7.1", n=frame["placed"])
            return
        super().run(ctx, frame)

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        if act["id"].startswith("unit:"):
            frame["piece"] = act["params"]["piece"]
            return
        elimination.place_resurrected(ctx, frame["piece"], act["params"]["area"], "7.1")
        frame["piece"] = None
        frame["left"] -= 1
        frame["placed"] += 1


# --- trade_marker (6.15) ----------------------------------------------------------------------------------
def _others_with_markers(ctx: Ctx, cid: str) -> list[str]:
    return [p for p in ctx.powers() if p != cid and ctx.s["trade"].get(p, {}).get("box", 0) > 0]


def check_trade(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    c = frame["c"]
    if o.action == "return_own":
        if ctx.s["trade"].get(c, {}).get("out", 0) <= 0:
            return "you have no removed trade marker to put back (6.15)"
        return None
    if not _others_with_markers(ctx, c):
        return "no other power has a trade marker in the Trade Box (6.15)"
    return None


@op("trade_marker", check_trade)
def trade_marker(ctx: Ctx, frame: Frame, o: Any) -> None:
    """6.15: removed trade markers back into the Trade Box, or another power's out of it (they return in the
    Interphase, 7.3.3.d)."""
    c = frame["c"]
    if o.action == "return_own":
        t = ctx.s["trade"][c]
        n = min(int(o.count), int(t["out"]))
        t["out"] -= n
        t["box"] += n
        ctx.log("aw.card_trade_back", "6.15", country=c, n=n, box=t["box"], card=frame["card"],
                card_rule=_rule(ctx, frame))
        return
    flow.push(ctx.s, "card_trade_remove", card=frame["card"], c=c, left=int(o.count))


@FLOW.register
class CardTradeRemove(CardChoice):
    """6.15: the card's player picks the power whose trade marker leaves the Trade Box."""

    kind = "card_trade_remove"
    rule = "6.15"

    def options(self, ctx: Ctx, frame: Frame) -> list[Action]:
        if frame["left"] <= 0:
            return []
        return [action(f"trade_out:{p}", "aw.act.card_trade_out", "6.15", power=p)
                for p in _others_with_markers(ctx, frame["c"])]

    def explain(self, ctx: Ctx, frame: Frame, actor: str, action_id: str) -> tuple[str, str]:
        return ("another power with a trade marker in the Trade Box", "6.15")

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        kick_marker(ctx, act["params"]["power"], "6.15")
        frame["left"] -= 1
        if not self.options(ctx, frame):
            flow.pop(ctx.s)


# --- free_raid (6.15) ---------------------------------------------------------------------------------------
def check_free_raid(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    c = frame["c"]
    if o.place_raider:
        if not candidates(ctx, c):
            return "you have no land unit that can go to a Raid Box (6.15)"
        if not (empty_boxes(ctx) or target_boxes(ctx, c)):
            return "every Raid Box is held by your side (6.15)"
    elif not raiders_of(ctx, c):
        return "you have no raider in a Raid Box (6.15)"
    return None


@op("free_raid", check_free_raid)
def run_free_raid(ctx: Ctx, frame: Frame, o: Any) -> None:
    """6.15 without AP cost: a raider placed (its box chosen, or an occupant attacked), then the raids, in
    which the new raider takes part."""
    c = frame["c"]
    ctx.log("aw.card_free_raid", "6.15", country=c, attempts=o.attempts, card=frame["card"],
            card_rule=_rule(ctx, frame))
    extra = o.attempts - 1 if o.place_raider else o.attempts
    for _ in range(extra):
        flow.push(ctx.s, "raid", c=c, free=True, include_new=o.place_raider, phase="roll", attempt=1, only=None,
                  target=None, removed=0)
    if o.place_raider:
        free_raid(ctx, c)
