"""Card events about kings and the Interphase succession (6.3, 6.11.f, 10.3).

* ``king_check_modifier``: a modifier on the next king candidate roll of your power or of another power you
  pick (Sons against the Father, Oath of Succession, the king part of the Akitu Festival). It is a lasting
  effect (kind ``king_check``) that the succession of :mod:`rules.course.timetable` adds to the roll and uses
  up; the card stays face up until then (6.11.l). Only a power with a king candidate still ahead in the
  timetable can be its target.
* ``crown_king`` (the Crown Prince): in your impulse, the generic king marker on one of your leaders on the
  map (6.3; a second candidate brings riots at the next succession, 10.3); in the Interphase, at your
  succession, your timetable candidate takes the throne without a roll (10.3). The succession asks the
  power about its cards whenever it holds any from the deck, and offers this event there.
"""

from __future__ import annotations

from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.games.assyrian_wars.cards.economy import CardChoice
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.course.card_effects import op
from ashur.games.assyrian_wars.rules.course.events import IMPULSE, INTERPHASE, add_effect, card_rule, remove_lasting
from ashur.games.assyrian_wars.rules.course.timetable import (
    KING_CHECK,
    crown_leader,
    crownable,
    grant_crown_prince,
    next_succession,
)
from ashur.games.assyrian_wars.rules.registry import FLOW

Frame = dict[str, Any]


def _in_play(ctx: Ctx, power: str) -> bool:
    return power in ctx.s["countries"] and not ctx.s.get("eliminated", {}).get(power)


# --- king_check_modifier (10.3) ---------------------------------------------------------------------------
def king_targets(ctx: Ctx, frame: Frame, target: str) -> list[str]:
    """The powers whose next king candidate roll the card may modify: yours (``self``) or another's."""
    c = frame["c"]
    if target == "self":
        pool = [c] if ctx.is_power(c) else []
    else:
        pool = [p for p in ctx.powers() if p != c]
    return [p for p in pool if _in_play(ctx, p) and next_succession(ctx, p) is not None]


def other_effects(ctx: Ctx, frame: Frame) -> bool:
    """The card does more than modify a king check (the Akitu Festival also moves a diplomatic marker)."""
    return any(e.op != "king_check_modifier" for e in ctx.card(frame["card"]).effect)


def check_king(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    if king_targets(ctx, frame, o.target) or other_effects(ctx, frame):
        return None
    if o.target == "self":
        return "your power has no king candidate roll ahead in the timetable (10.3)"
    return "no other power has a king candidate roll ahead in the timetable (10.3)"


def modify_king_check(ctx: Ctx, frame: Frame, power: str, amount: int) -> None:
    """10.3: record the modifier on `power`'s next king candidate roll."""
    add_effect(ctx, KING_CHECK, frame["c"], frame["card"], "open", power=power, amount=amount)
    ctx.log("aw.card_king_check", "10.3", country=frame["c"], power=power, amount=amount, card=frame["card"],
            card_rule=card_rule(ctx, frame["card"]))


@op("king_check_modifier", check_king)
def king_check_modifier(ctx: Ctx, frame: Frame, o: Any) -> None:
    """10.3: the modifier waits for the target's next succession; with no king candidate roll ahead (the
    last turn) it has no effect and the card leaves the table at once (its other effects still count)."""
    targets = king_targets(ctx, frame, o.target)
    if not targets:
        ctx.log("aw.card_king_check_void", "10.3", country=frame["c"], card=frame["card"],
                card_rule=card_rule(ctx, frame["card"]))
        remove_lasting(ctx, frame["card"], "6.11.l")
        return
    if len(targets) == 1:
        modify_king_check(ctx, frame, targets[0], int(o.amount))
        return
    flow.push(ctx.s, "card_king_target", card=frame["card"], c=frame["c"], amount=int(o.amount),
              targets=targets)


@FLOW.register
class CardKingTarget(CardChoice):
    """10.3: the card's player picks the power whose next king candidate roll is modified."""

    kind = "card_king_target"
    rule = "10.3"

    def options(self, ctx: Ctx, frame: Frame) -> list[Action]:
        return [action(f"king_of:{p}", "aw.act.card_king_target", "10.3", power=p, amount=frame["amount"])
                for p in frame["targets"]]

    def explain(self, ctx: Ctx, frame: Frame, actor: str, action_id: str) -> tuple[str, str]:
        return ("a power with a king candidate roll ahead in the timetable", "10.3")

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        flow.pop(ctx.s)
        modify_king_check(ctx, frame, act["params"]["power"], frame["amount"])


# --- crown_king (6.3, 10.3) ---------------------------------------------------------------------------------
def check_crown(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    c = frame["c"]
    if frame["how"] == IMPULSE:
        if o.target == "timetable_candidate":
            return "the timetable candidate is crowned at the succession in the Interphase (10.3)"
        if not crownable(ctx, c):
            return "none of your leaders on the map can be crowned (6.3: five generic king markers)"
        return None
    if frame["how"] == INTERPHASE:
        context = frame["context"]
        if o.target == "own_leader":
            return "a leader is crowned in your own impulse (6.3)"
        if context.get("succession") != c or not context.get("candidate"):
            return "played at your own succession, for your timetable candidate (10.3)"
        if not _in_play(ctx, c):
            return "an eliminated power crowns no king (10.3)"
        if ctx.s.get("crown_prince", {}).get(c):
            return "your succession is already automatic (10.3)"
        return None
    return "played in your impulse or at your succession in the Interphase (10.3)"


@op("crown_king", check_crown)
def crown_king(ctx: Ctx, frame: Frame, o: Any) -> None:
    c = frame["c"]
    if frame["how"] == INTERPHASE:
        grant_crown_prince(ctx, c, "10.3")
        return
    leaders = crownable(ctx, c)
    if len(leaders) == 1:
        crown_leader(ctx, leaders[0], "6.3")
        return
    flow.push(ctx.s, "card_crown_leader", card=frame["card"], c=c)


@FLOW.register
class CardCrownLeader(CardChoice):
    """6.3: the card's player picks the leader who gets the generic king marker."""

    kind = "card_crown_leader"
    rule = "6.3"

    def options(self, ctx: Ctx, frame: Frame) -> list[Action]:
        return [action(f"crown:{lid}", "aw.act.card_crown", "6.3", piece=lid, area=ctx.piece(lid)["loc"])
                for lid in crownable(ctx, frame["c"])]

    def explain(self, ctx: Ctx, frame: Frame, actor: str, action_id: str) -> tuple[str, str]:
        return ("one of your leaders on the map, not yet crowned", "6.3")

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        flow.pop(ctx.s)
        crown_leader(ctx, act["params"]["piece"], "6.3")
