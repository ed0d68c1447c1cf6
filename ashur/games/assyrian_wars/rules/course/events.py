"""Card events (6.11): the event registry, who may play what, paying the event cost, and the event step
that gives everybody a chance to cancel an event with Counter Measures before it resolves (6.11.e).

A card can always be played for its APs (3.1). Its event is offered only when an :class:`Event` is
registered for its number and fits the situation (6.11: otherwise the card can only be played for APs).
Events are registered in two ways: the card modules under ``cards/`` register a handler per effect
operation of the content (``card_effects.OPS``), and every card whose operations all have handlers gets
its event from its data (:func:`card_effects.register_data_events`); a card that needs more registers an
:class:`Event` of its own.

Life of an event played in an impulse (or as a response in a window):

1. announced: the card leaves the hand (it is public now, 6.11), the log names it;
2. the Counter Measures window asks every other country (6.11.e; the window asks everybody in turn
   order, so that nobody learns who holds a Counter Measures card);
3. cancelled: both cards go to the discard pile and the event's AP cost is not paid (6.11);
   otherwise the cost is paid (borrowing what is missing, 6.11), the card goes face up when it lasts
   (6.11.l) or to its discard pile, and the event resolves.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.players import role_of
from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS

Frame = dict[str, Any]

IMPULSE = "impulse"
INTERPHASE = "interphase"
#: a card played for its alternative secret diplomacy action (6.11.m): any country may, it costs nothing
#: (7.5.2.f), and the ``cards.secret_event`` hook carries it out instead of the card's event
SECRET = "secret"
WINDOW_KINDS = ("battle", "battle_counter_measures", "counter_measures", "response")

#: the rule of each card type (6.11.a-m), cited beside 6.11 in the log entry of an event
TYPE_RULES: dict[str, str] = {
    "disaster": "6.11.a", "foreign_war": "6.11.b", "alliance_breaker": "6.11.c", "minor_city_pact": "6.11.c2",
    "battle": "6.11.d", "battle_counter_measures": "6.11.e", "counter_measures": "6.11.e",
    "response": "6.11.e", "political": "6.11.f", "draw_pile": "6.11.g", "move": "6.11.h",
    "economic": "6.11.i", "recruit": "6.11.j", "sabotage": "6.11.k", "permanent": "6.11.l",
    "secret_diplomacy": "6.11.m",
}


@dataclass(frozen=True)
class Event:
    """The event of one card.

    `timing` is ``impulse``, ``interphase`` or a window kind, or a tuple of them (an alliance breaker is
    played in an impulse or as a response). `playable(ctx, c, frame)` says whether country `c` may play
    it now (`frame` is the impulse frame or the window frame); `play(ctx, c, frame)` resolves it (it may
    push steps for the player's choices). `trigger` limits a response to the window of that trigger.
    """

    number: int
    timing: str | tuple[str, ...]
    playable: Callable[[Ctx, str, Frame], bool]
    play: Callable[[Ctx, str, Frame], None]

    @property
    def kinds(self) -> tuple[str, ...]:
        return (self.timing,) if isinstance(self.timing, str) else self.timing


EVENTS: dict[int, Event] = {}


def register(event: Event, *, replace: bool = False) -> None:
    if event.number in EVENTS and not replace:
        raise ValueError(f"event of card {event.number} registered twice")
    EVENTS[event.number] = event


def events_on(ctx: Ctx) -> bool:
    """The ``card_events`` option (default on): off, every card is played for its APs only."""
    return bool(ctx.s["options"].get("card_events", True))


def card_rule(ctx: Ctx, number: int) -> str:
    """The rule of the card's (first) type, cited in its log entries."""
    types = ctx.card(number).types
    return TYPE_RULES.get(types[0], "6.11") if types else "6.11"


def may_play_by(ctx: Ctx, number: int, cid: str) -> bool:
    """6.11: some events are playable by certain countries only ('you' means the card's owner; the
    substitute country of an eliminated power plays its home cards, 7.1)."""
    if ctx.kind(cid) == "nomad" and cid not in ctx.s.get("substitutes", {}):
        return False  # 10.1: nomads play no events
    card = ctx.card(number)
    who = getattr(card, "playable_by", None)
    if who in (None, "any") or who == ():
        return True
    if who == "owner":
        # 7.1: an eliminated power's home cards stay in play for its substitute country
        return card.owner is None or cid == card.owner or ctx.s.get("substitutes", {}).get(cid) == card.owner
    if who == "any_power":
        return ctx.is_power(cid) or cid in ctx.s.get("substitutes", {})
    if who == "any_minor":
        return ctx.is_minor(cid)
    return cid in who


def event_cost(ctx: Ctx, number: int, how: str = IMPULSE) -> float:
    """The printed AP cost; an alliance breaker played as a response costs half (6.11.c); the secret
    diplomacy alternative of a card costs nothing (6.11.m, 7.5.2.f)."""
    if how == SECRET:
        return 0
    cost = int(getattr(ctx.card(number), "event_cost", 0) or 0)
    if how == "response" and "alliance_breaker" in ctx.card(number).types:
        return cost / 2
    return cost


def borrow_limit(ctx: Ctx, cid: str) -> int:
    """6.11: APs may be borrowed against the next impulse; an allied minor may not be made to borrow
    more than its next income repays (it would take an ECO −1 marker)."""
    from ashur.games.assyrian_wars.rules.course.impulse import income_of

    if ctx.is_minor(cid):
        return max(0, income_of(ctx, cid) - ctx.country(cid).get("borrowed", 0))
    return 99


def _impulse_of(ctx: Ctx, cid: str) -> Frame | None:
    from ashur.games.assyrian_wars.rules.course.impulse import current_impulse

    impulse = current_impulse(ctx)
    return impulse if impulse is not None and impulse["c"] == cid else None


def can_afford(ctx: Ctx, cid: str, cost: float) -> bool:
    """6.11: the impulse's APs (the phasing country), else saved APs, plus what may be borrowed."""
    if cost <= 0:
        return True
    from ashur.games.assyrian_wars.rules.course.impulse import ap_left

    impulse = _impulse_of(ctx, cid)
    have = ap_left(impulse) if impulse is not None else ctx.country(cid).get("saved", 0)
    return cost <= have + borrow_limit(ctx, cid)


def pay_event(ctx: Ctx, cid: str, number: int, cost: float) -> None:
    """Pay an event's cost: from the impulse (the phasing country) or from saved APs (a responding one),
    borrowing what is missing against the next impulse (6.11)."""
    if cost <= 0:
        return
    from ashur.games.assyrian_wars.rules.course.impulse import ap_left, pay

    impulse = _impulse_of(ctx, cid)
    co = ctx.country(cid)
    have = ap_left(impulse) if impulse is not None else co.get("saved", 0)
    short = max(0, math.ceil(cost - have))
    if short:
        co["borrowed"] = co.get("borrowed", 0) + short
        ctx.log("aw.borrow", "6.11", country=cid, ap=short)
    if impulse is not None:
        impulse["ap2"] += 2 * short
        pay(ctx, impulse, int(2 * cost), "6.11", "event", card=number)
    else:
        spent = min(co.get("saved", 0), cost)
        co["saved"] = co.get("saved", 0) - math.ceil(spent)
        ctx.log("aw.spend", "6.11", country=cid, ap=Ctx.ap_text(int(2 * cost)), what="event", card=number)


def event_actions(ctx: Ctx, frame: Frame, number: int) -> list[Action]:
    """The event action for a card in an impulse, when its event is registered and playable now, and the
    card's secret diplomacy alternative (6.11.m) when the card modules provide it."""
    acts = _event_action(ctx, frame, number)
    secret = HOOKS.provided.get("cards.secret_actions")
    if secret is not None and events_on(ctx) and getattr(ctx.card(number), "secret_diplomacy", None) is not None:
        acts.extend(secret(ctx, frame, number))
    return acts


def _event_action(ctx: Ctx, frame: Frame, number: int) -> list[Action]:
    ev = EVENTS.get(number)
    c = frame["c"]
    if ev is None or IMPULSE not in ev.kinds or not events_on(ctx) or not may_play_by(ctx, number, c):
        return []
    cost = event_cost(ctx, number)
    if not can_afford(ctx, c, cost) or not ev.playable(ctx, c, frame):
        return []
    card = ctx.card(number)
    return [action(f"card:{number}:event", "aw.act.card_event", "6.11", card=number, name=card.name, cost=cost)]


def announce(ctx: Ctx, cid: str, number: int, how: str, context: dict[str, Any] | None = None) -> Frame:
    """The card is played as an event: it leaves the hand, everybody sees it (6.11), and the event step
    waits for Counter Measures (6.11.e) before paying and resolving."""
    if number in ctx.hand(cid):
        ctx.hand(cid).remove(number)
    ctx.reveal()
    ctx.log("aw.card_event", "6.11", country=cid, card=number, name=ctx.card(number).name,
            card_rule=card_rule(ctx, number), how=how)
    frame = flow.push(ctx.s, "event", card=number, c=cid, how=how, kind=how, cost=event_cost(ctx, number, how),
                      phase="counter", cancelled=None, context=context or {})
    if how != "counter_measures":
        others = [x for x in ctx.track() if x != cid and ctx.active(x)]
        open_window(ctx, "counter_measures", others, {"event": number, "by": cid}, "6.11.e")
    return frame


def play_event(ctx: Ctx, frame: Frame, number: int, how: str) -> None:
    """Play a card as an event in the impulse (6.11), or for its secret diplomacy alternative (``secret``,
    6.11.m): it counts as the impulse's card (3.1)."""
    frame["cards"].append(number)
    announce(ctx, frame["c"], number, SECRET if how == SECRET else IMPULSE)


def put_away(ctx: Ctx, cid: str, number: int, *, lasting: bool) -> None:
    """A played card goes face up while its effect lasts (6.11.l), else to its discard pile (4.1)."""
    if lasting and getattr(ctx.card(number), "face_up", None):
        ctx.s["faceup"].append({"card": number, "by": cid})
        return
    owner = ctx.card(number).owner
    if owner is not None and owner in ctx.s["countries"]:
        ctx.country(owner)["home_discard"].append(number)
    else:
        ctx.s["discard"].append(number)


def cancel(ctx: Ctx, target: Frame, by: str, card: int, rule: str = "6.11.e") -> None:
    """Cancel the pending event of `target` (an ``event`` frame): it will not resolve nor cost APs."""
    target["cancelled"] = {"by": by, "card": card}
    ctx.log("aw.event_cancelled", rule, country=by, card=card, name=ctx.card(card).name,
            cancelled=target["card"], cancelled_name=ctx.card(target["card"]).name)


def pending_event(ctx: Ctx) -> Frame | None:
    """The announced event a Counter Measures card played now would cancel."""
    return flow.find(ctx.s, "event")


@FLOW.register
class EventStep(Step[Ctx]):
    """6.11/6.11.e: an announced event resolves once the Counter Measures window has closed, unless it
    was cancelled (then both cards are discarded and its cost is not paid, 6.11)."""

    kind = "event"
    rule = "6.11"

    def run(self, ctx: Ctx, frame: Frame) -> None:
        flow.pop(ctx.s)
        number, cid = frame["card"], frame["c"]
        if frame["cancelled"]:
            put_away(ctx, cid, number, lasting=False)
            return
        pay_event(ctx, cid, number, frame["cost"])
        put_away(ctx, cid, number, lasting=frame["how"] != SECRET)
        if frame["how"] == SECRET:
            HOOKS.call("cards.secret_event", ctx, cid, number, frame)
            return
        ev = EVENTS[number]
        where = _impulse_of(ctx, cid) if frame["how"] == IMPULSE else frame
        ev.play(ctx, cid, where if where is not None else frame)


def lasting_cards(ctx: Ctx, number: int | None = None, by: str | None = None) -> list[dict[str, Any]]:
    """The face-up cards in effect (6.11.l), optionally one card or one player's."""
    return [f for f in ctx.s["faceup"] if (number is None or f["card"] == number) and (by is None or f["by"] == by)]


def remove_lasting(ctx: Ctx, number: int, rule: str = "6.11.l") -> None:
    """A face-up card whose effect has ended goes to its discard pile."""
    kept = [f for f in ctx.s["faceup"] if f["card"] != number]
    if len(kept) == len(ctx.s["faceup"]):
        return
    ctx.s["faceup"][:] = kept
    owner = ctx.card(number).owner
    if owner is not None and owner in ctx.s["countries"]:
        ctx.country(owner)["home_discard"].append(number)
    else:
        ctx.s["discard"].append(number)
    ctx.log("aw.card_expired", rule, card=number, name=ctx.card(number).name)


# --- windows (their steps are in windows.py) --------------------------------------------------------
def fits(ctx: Ctx, number: int, ev: Event, kind: str, trigger: str | None) -> bool:
    """The event of card `number` belongs in a window of this kind (and response trigger)."""
    if kind not in ev.kinds:
        return False
    if trigger is None or kind != "response":
        return True
    timing = ctx.card(number).timing
    return not timing or any(t.when == "response" and t.trigger == trigger for t in timing)


def window_could_matter(ctx: Ctx, kind: str, participants: list[str], trigger: str | None = None) -> bool:
    """Public test: could any registered card of this window kind be in a participant's hand?"""
    public = set(ctx.s["discard"]) | {f["card"] for f in ctx.s["faceup"]}
    for cid in ctx.s["countries"]:
        public |= set(ctx.country(cid)["home_discard"])
    for number, ev in EVENTS.items():
        if number in public or not fits(ctx, number, ev, kind, trigger):
            continue
        owner = ctx.card(number).owner
        if owner is not None and owner not in participants:
            continue
        return True
    return False


def open_window(ctx: Ctx, kind: str, participants: list[str], context: dict[str, Any], rule: str,
                trigger: str | None = None) -> None:
    """Push a window step: ``battle``, ``battle_counter_measures``, ``counter_measures`` or ``response``
    (with the content's response `trigger`, e.g. ``interception_declared``). Participants are asked in
    impulse-track order. `context` describes the situation for the events (battle id, areas, forces).
    Only countries a player controls now are asked (1.1 B): an active minor nobody controls plays no card."""
    order = [c for c in ctx.track() if c in participants and role_of(ctx, c) is not None]
    if not order or not events_on(ctx) or not window_could_matter(ctx, kind, order, trigger):
        return
    flow.push(ctx.s, "window", kind=kind, trigger=trigger, order=order, i=0, chosen={}, context=context,
              rule=rule)


HOOKS.provide("cards.event_actions", event_actions)
HOOKS.provide("cards.play_event", play_event)


# --- lasting effects of events ---------------------------------------------------------------------------
#: how long a lasting effect holds: the current impulse, the player's next impulse (to its end), the
#: current turn; "open" effects end only by :func:`end_effect` (a face-up card's condition, a battle)
UNTIL = ("impulse", "next_impulse", "turn", "open")


def add_effect(ctx: Ctx, kind: str, by: str, card: int, until: str, **params: Any) -> dict[str, Any]:
    """Record a lasting effect of card `card` played by `by` (6.11: 'this impulse', 'this turn', face-up
    cards 6.11.l). The rules that the effect changes ask :func:`effects_of`."""
    if until not in UNTIL:
        raise ValueError(f"unknown duration {until!r}")
    skip = 1 if until == "next_impulse" and _impulse_of(ctx, by) is not None else 0
    entry = {"kind": kind, "by": by, "card": card, "until": until, "skip": skip, **params}
    ctx.s.setdefault("card_effects", []).append(entry)
    return entry


def effects_of(ctx: Ctx, kind: str, by: str | None = None) -> list[dict[str, Any]]:
    """The lasting effects of this kind in force (of one player's cards, with `by`)."""
    return [e for e in ctx.s.get("card_effects", ()) if e["kind"] == kind and (by is None or e["by"] == by)]


def end_effect(ctx: Ctx, entry: dict[str, Any]) -> None:
    effects = ctx.s.get("card_effects", [])
    if entry in effects:
        effects.remove(entry)


def _expire(ctx: Ctx, impulse: Frame) -> None:
    effects = ctx.s.get("card_effects")
    if not effects:
        return
    kept = []
    for e in effects:
        if e["until"] == "impulse":
            continue
        if e["until"] == "next_impulse" and impulse["c"] == e["by"]:
            if not e["skip"]:
                continue
            e["skip"] -= 1
        kept.append(e)
    effects[:] = kept


def _turn_start(ctx: Ctx) -> None:
    effects = ctx.s.get("card_effects")
    if effects:
        effects[:] = [e for e in effects if e["until"] not in ("turn", "impulse")]


HOOKS.add_impulse_end(95, "card effects", _expire)
HOOKS.add_turn_start(0, "card effects", _turn_start)
